// Table-driven cases: [command, decision, expectations?, options?]. An expectation is
//   "KIND PATH"   an access of that kind (or * for any) resolving to PATH must be reported
//   "!KIND PATH"  no such access may be reported
//   "#CODE"       a reason with that code must be present ("!#CODE": must not be)
// Paths use $P (project), $O (outside), $B (project-backup), $H (fake home), $T (top).

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createGuard, type Decision, type Guard, type GuardOptions, type Verdict } from "../../src/index.ts";
import { buildFixture, type Fixture } from "./fixture.ts";

export type Case = readonly [command: string, decision: Decision, expectations?: readonly string[], options?: { readonly cwd?: string; readonly roots?: readonly string[] }];

export interface Sandbox {
  fx: Fixture;
  guard: Guard;
  check(command: string, cwd?: string, roots?: readonly string[]): Verdict;
}

/** A fixture and a guard for a describe block; torn down after it. */
export function useSandbox(options: (fx: Fixture) => GuardOptions = () => ({})): Sandbox {
  const box = {} as Sandbox;
  beforeAll(async () => {
    box.fx = buildFixture();
    box.guard = await createGuard({ home: box.fx.home, ...options(box.fx) });
    box.check = (command, cwd, roots) => box.guard.check(command, { cwd: box.fx.sub(cwd ?? "$P"), ...(roots ? { roots: roots.map(box.fx.sub) } : {}) });
  });
  afterAll(() => box.fx?.remove());
  return box;
}

export function explain(v: Verdict): string {
  const lines = [`decision: ${v.decision}`];
  for (const r of v.reasons) lines.push(`  reason ${r.code} ${r.decision}: ${r.message}`);
  for (const a of v.accesses) lines.push(`  access ${a.kind} ${a.path} -> ${a.resolved} ${a.decision} (${a.command}${a.via.length ? " via " + a.via.join(" > ") : ""})`);
  return lines.join("\n");
}

export function assertCase(box: Sandbox, c: Case): void {
  const [command, decision, expectations = [], opts = {}] = c;
  const v = box.check(box.fx.sub(command), opts.cwd, opts.roots);
  const info = `${command}\n${explain(v)}`;
  expect({ command, decision: v.decision, info }).toMatchObject({ command, decision });
  for (const e of expectations) {
    const negate = e.startsWith("!");
    const spec = negate ? e.slice(1) : e;
    let found: boolean;
    if (spec.startsWith("#")) {
      found = v.reasons.some((r) => r.code === spec.slice(1));
    } else {
      const sp = spec.indexOf(" ");
      const kind = spec.slice(0, sp);
      const path = box.fx.sub(spec.slice(sp + 1));
      found = v.accesses.some((a) => (kind === "*" || a.kind === kind) && (path === "?" ? a.resolved === null : a.resolved === path));
    }
    if (found === negate) throw new Error(`expected ${negate ? "no " : ""}${spec} for:\n${info}`);
  }
}

export function table(name: string, box: Sandbox, cases: readonly Case[]): void {
  describe(name, () => {
    for (const c of cases) test(`${c[0].replace(/\n/g, "⏎")} → ${c[1]}`, () => assertCase(box, c));
  });
}
