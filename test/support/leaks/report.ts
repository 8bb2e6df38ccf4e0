// The leak run's outcomes, counted per table, and each leak said with its command, path and
// system call.

import type { Outcome } from "./worker.ts";

export interface TableCount {
  readonly table: string;
  readonly cases: number;
  /** Let through under `contained` (allowed, or contained rather than asked). */
  readonly letThrough: number;
  /** Allowed with the sandbox off, and leaked. */
  readonly bareLeaks: number;
  readonly containedLeaks: number;
  readonly standardLeaks: number;
  /** Runs killed at the deadline (their trace is cut short). */
  readonly timedOut: number;
}

/** One line per leak: `MODE: COMMAND: SYSCALL PATH (KIND)`. */
export function leakLines(outcomes: readonly Outcome[], mode: Outcome["mode"]): string[] {
  return outcomes.filter((o) => o.mode === mode).flatMap((o) =>
    o.leaks.map((l) => `${mode}: ${o.table} #${o.index}: ${o.command}: ${l.syscall} ${l.path} (${l.kind})`)
  );
}

export function countTables(outcomes: readonly Outcome[]): TableCount[] {
  const tables = [...new Set(outcomes.map((o) => o.table))];
  return tables.map((table) => {
    const of = outcomes.filter((o) => o.table === table);
    const leaked = (mode: Outcome["mode"]) => of.filter((o) => o.mode === mode && o.leaks.length > 0).length;
    return { table, cases: new Set(of.map((o) => o.index)).size,
      letThrough: of.filter((o) => o.mode === "contained" && o.blocked === null).length, bareLeaks: leaked("bare"),
      containedLeaks: leaked("contained"), standardLeaks: leaked("standard"),
      timedOut: of.filter((o) => o.timedOut).length };
  });
}

export function formatCounts(counts: readonly TableCount[], modes: readonly Outcome["mode"][]): string {
  const head = ["table", "cases", "let through", "leak without the sandbox", "leaks with contained",
    "leaks with standard", "timed out"];
  const cell = (m: Outcome["mode"], n: number) => (modes.includes(m) ? String(n) : "—");
  const rows = counts.map((
    c,
  ) => [c.table, String(c.cases), cell("contained", c.letThrough), cell("bare", c.bareLeaks),
    cell("contained", c.containedLeaks), cell("standard", c.standardLeaks), String(c.timedOut)]
  );
  return [head, head.map(() => "---"), ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
}
