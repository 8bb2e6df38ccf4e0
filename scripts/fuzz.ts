// `bun run fuzz`: generated and mutated commands through the guard, a sample of them run for
// real through the differential oracle (test/support/oracle.ts).
//
//   bun run scripts/fuzz.ts [--count N] [--seed S] [--oracle-sample N] [--slots N]
//                           [--timeout MS] [--minimize N] [--json FILE]
//
// Every command is checked statically: the guard does not throw, its verdict is well formed and
// carries no INTERNAL_ERROR; a generated command meant to touch outside the project is not
// allowed; a mutant that only wraps, re-quotes or splits words of a command the guard does not
// allow is not allowed either; a mutant that first leaves the project is never allowed. A sample
// of the runnable ones (test/support/oracle.ts, safeToRun) is then run for real, and every
// disagreement is printed with its strace evidence and written to a JSON file under the system
// temp directory. `test/fuzz.test.ts` runs a small seeded campaign of the same kind.

import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { createGuard, type Decision, type Verdict } from "../src/index.ts";
import { command as grammarCommand } from "../test/support/arbitraries.ts";
import { buildFixture } from "../test/support/fixture.ts";
import { type IntentCommand, intentCommand } from "../test/support/intents.ts";
import { MUTATION_NAMES, loadSeeds, mutantArbitrary, mutate, type Mutant, type Relation,
  type Seed } from "../test/support/mutate.ts";
import { mulberry32 } from "./rng.ts";
import { BLIND_REASONS, createOracle, detectIsolation, type Disagreement, explainVerdict, formatDisagreement,
  type Isolation, malformation, mapper, minimize, type OracleResult, runnable,
  safeToRun } from "../test/support/oracle.ts";

export type FindingKind =
  /** The guard threw, returned an ill-formed verdict, or reported INTERNAL_ERROR. */
  | "crash"
  /** A generated command whose model says it touches outside was allowed. */
  | "intent-allowed"
  /** Wrapping, re-quoting or splitting a non-allowed command made it allowed. */
  | "metamorphic"
  /** A command that first leaves the project (`cd .. && …`) was allowed. */
  | "escalation-allowed"
  /** The oracle: a touched outside path the guard did not report, or allowed. */
  | "oracle"
  /** The intent model and the run disagree: a harness or generator bug, not a guard bug. */
  | "intent-mismatch"
  /** The harness failed to run a command (no trace, a broken fence). */
  | "harness";

export interface Finding {
  readonly kind: FindingKind;
  readonly command: string;
  readonly source: string;
  readonly detail: string;
  /** For metamorphic findings, the command the mutant was compared with. */
  readonly base?: string;
  readonly minimized?: string;
  readonly disagreement?: Disagreement;
}

export interface FuzzOptions {
  readonly count: number;
  readonly seed: number;
  /** How many commands to run for real (spread over the campaign). */
  readonly oracleSample: number;
  readonly slots?: number;
  readonly timeoutMs?: number;
  /** How many distinct oracle findings to minimize (each costs up to ~80 runs). */
  readonly minimize?: number;
  readonly log?: (line: string) => void;
  readonly seeds?: readonly Seed[];
}

export interface FuzzReport {
  readonly seed: number;
  readonly isolation: Isolation;
  /** Generated commands by source: intents, their mutants, corpus/table mutants, grammar. */
  readonly commands: Readonly<Record<string, number>>;
  readonly totalCommands: number;
  readonly guardChecks: number;
  readonly relations: Readonly<Record<Relation, number>>;
  readonly executions: number;
  readonly executionsBySource: Readonly<Record<string, number>>;
  readonly runnable: number;
  readonly skipped: Readonly<Record<string, number>>;
  readonly timeouts: number;
  /** Runs whose outside touches were covered only by a could-not-look reason, by reason. */
  readonly blind: Readonly<Record<string, number>>;
  /** Intents that stay inside (and look at nothing outside), how many the guard allowed, and
   * the reasons it gave for the others (the needless asks). */
  readonly precision: { readonly inside: number; readonly allowed: number;
    readonly askedBecause: Readonly<Record<string, number>> };
  readonly findings: readonly Finding[];
  readonly durationMs: number;
}

const GUARD_FAILS = (kind: FindingKind) => kind !== "intent-mismatch" && kind !== "harness";

/**
 * Guard bugs this fuzzer has found and src/ does not handle yet, each kept in
 * test/fuzz.test.ts as regression cases that fail until it does. A finding that matches one
 * is counted under it rather than shown as new; the predicates are loose on purpose (a bug
 * class, not one command). Add an entry with its failing cases; remove it when they pass.
 * Empty: the eight classes found so far ($"…" words, failed redirections, here-document
 * lines, cd through DIR/.., pushd -n, braces with parameters, function spans, wrappers
 * before find) are fixed and their cases pass.
 */
export const KNOWN_CLASSES: readonly { readonly name: string; readonly matches: (f: Finding) => boolean }[] = [];

/** The known class a guard finding belongs to, or null (also for harness findings). */
export function knownClass(f: Finding): string | null {
  if (!GUARD_FAILS(f.kind)) return null;
  return KNOWN_CLASSES.find((k) => k.matches(f))?.name ?? null;
}

interface Item {
  readonly text: string;
  readonly source: "intent" | "intent-mutant" | "mutant" | "grammar";
  readonly origin: string;
  readonly intent?: IntentCommand;
  readonly mutant?: Mutant;
}

const tick = () => new Promise<void>((r) => setImmediate(r));

/** A signature for grouping oracle findings: kind and the touched outside paths. */
function signature(d: Disagreement): string {
  return `${d.kind}:${[...new Set(d.touches.map((t) => t.path))].sort().join(",")}`;
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const t0 = performance.now();
  const log = options.log ?? (() => {});
  const isolation = detectIsolation();
  log(`isolation: ${isolation.mode}: ${isolation.description}`);
  const fx = buildFixture();
  // Also on an interrupted run (main turns SIGINT into an exit).
  const removeFixture = () => fx.remove();
  process.once("exit", removeFixture);
  const oracle = await createOracle({ slots: options.slots ?? 2, timeoutMs: options.timeoutMs ?? 3000, isolation });
  try {
    const guard = await createGuard({ home: fx.home });
    const map = mapper(fx);
    const explain = (v: Verdict) => map(explainVerdict(v));
    const seeds = options.seeds ?? loadSeeds();
    log(`seeds: ${seeds.length} (corpora and case tables)`);
    // A small deterministic generator for sampling decisions (fast-check owns the commands).
    const random = mulberry32(options.seed ^ 0x5eed);
    const counts: Record<string, number> = {};
    const execBySource: Record<string, number> = {};
    const relations: Record<Relation, number> = { equivalent: 0, escalating: 0, other: 0 };
    const skipped: Record<string, number> = {};
    const blind: Record<string, number> = {};
    const findings: Finding[] = [];
    const precision = { inside: 0, allowed: 0, askedBecause: {} as Record<string, number> };
    let checks = 0;
    let executions = 0;
    let runnableCount = 0;
    let timeouts = 0;
    const baseCache = new Map<string, Decision | null>();

    const check = (text: string): Verdict | { error: string } => {
      checks++;
      try {
        return guard.check(fx.sub(text), { cwd: fx.project });
      } catch (e) {
        return { error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
      }
    };
    // A base asked about only because it does not parse says nothing about a respelling that
    // does (`SOURCE@ 1` is a parse error to tree-sitter, `"SOURCE@" 1` is not): the oracle and
    // the escalation check judge such mutants, the metamorphic relation does not.
    const decisionOf = (text: string): Decision | null => {
      let d = baseCache.get(text);
      if (d === undefined) {
        const v = check(text);
        if ("error" in v) return null;
        const unreadable = v.decision !== "allow" &&
          v.reasons.every((r) => r.decision === "allow" || r.code === "PARSE_ERROR");
        d = unreadable ? null : v.decision;
        if (baseCache.size > 50_000) baseCache.clear();
        baseCache.set(text, d);
      }
      return d;
    };
    const add = (f: Finding) => {
      findings.push(f);
      if (findings.length <= 20) {
        log(`FINDING ${f.kind} [${f.source}] ${JSON.stringify(f.command).slice(0, 300)}\n  ${f.detail.split("\n")[0]}`);
      }
    };

    /** The static invariants for one command; true when it broke one (then worth a run). */
    const staticChecks = (item: Item): boolean => {
      const v = check(item.text);
      const text = fx.sub(item.text);
      if ("error" in v) {
        add({ kind: "crash", command: item.text, source: item.origin, detail: `check threw: ${map(v.error)}` });
        return true;
      }
      const bad = malformation(text, v) ??
        (v.reasons.some((r) => r.code === "INTERNAL_ERROR") ? "INTERNAL_ERROR" : null);
      if (bad) {
        add({ kind: "crash", command: item.text, source: item.origin, detail: `${bad}\n${explain(v)}` });
        return true;
      }
      let broke = false;
      if (item.intent) {
        if (item.intent.intent === "outside" && v.decision === "allow") {
          add({ kind: "intent-allowed", command: item.text, source: item.origin,
            detail: `meant to touch outside, the guard allows\n${explain(v)}` });
          broke = true;
        }
        if (item.intent.intent === "inside" && !item.intent.looksOutside) {
          precision.inside++;
          if (v.decision === "allow") precision.allowed++;
          for (const code of new Set(v.reasons.filter((x) => x.decision !== "allow").map((x) => x.code))) {
            precision.askedBecause[code] = (precision.askedBecause[code] ?? 0) + 1;
          }
        }
      }
      if (item.mutant) {
        const m = item.mutant;
        relations[m.relation]++;
        if (m.relation === "escalating" && v.decision === "allow") {
          add({ kind: "escalation-allowed", command: item.text, source: item.origin,
            detail: `${m.ops.join(", ")}: leaves the project first, the guard allows\n${explain(v)}` });
          broke = true;
        }
        if (m.relation === "equivalent" && v.decision === "allow") {
          const before = decisionOf(m.base);
          if (before !== null && before !== "allow") {
            add({ kind: "metamorphic", command: item.text, base: m.base, source: item.origin,
              detail: `${m.ops.join(", ")}: ${before} became allow\n${explain(v)}` });
            broke = true;
          }
        }
      }
      return broke;
    };

    const inflight = new Set<Promise<void>>();
    const onResult = (item: Item, r: OracleResult) => {
      if (!r.executed) return;
      executions++;
      execBySource[item.source] = (execBySource[item.source] ?? 0) + 1;
      if (r.timedOut) timeouts++;
      if (r.blind.length > 0 && r.verdict) {
        for (const code of new Set(r.verdict.reasons.filter((x) => BLIND_REASONS.has(x.code)).map((x) => x.code))) {
          blind[code] = (blind[code] ?? 0) + 1;
        }
      }
      if (r.disagreement) {
        add({ kind: r.disagreement.kind === "crash" ? "crash" : "oracle", command: item.text, source: item.origin,
          detail: r.disagreement.problems.join("\n"), disagreement: r.disagreement });
      }
      // A timed-out run saw only part of what the command does.
      if (item.intent && !r.timedOut) {
        const saw = r.outside.length > 0;
        if (saw !== (item.intent.intent === "outside")) {
          add({ kind: "intent-mismatch", command: item.text, source: item.origin,
            detail: `the model says ${item.intent.intent}, the run touched ${
              saw
                ? r.outside.map((t) => `${t.syscall} ${t.path}${t.error ? " " + t.error : ""}`).join(", ")
                : "nothing outside"
            }` });
        }
      }
    };
    const execute = async (item: Item) => {
      while (inflight.size >= (options.slots ?? 2) * 2) await Promise.race(inflight);
      const p = oracle.run(item.text).then((r) => onResult(item, r),
        (e: unknown) =>
          add({ kind: "harness", command: item.text, source: item.origin,
            detail: e instanceof Error ? e.message : String(e) }));
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
    };

    const BATCH = 1000;
    const batches = Math.ceil(options.count / BATCH);
    const mutants = mutantArbitrary(seeds, { keep: safeToRun });
    const oneStep = fc.tuple(fc.constantFrom(...MUTATION_NAMES), fc.nat(), fc.nat());
    let made = 0;
    let lastLog = performance.now();
    let forced = 0;
    for (let b = 0; b < batches; b++) {
      const size = Math.min(BATCH, options.count - made);
      const s = (options.seed * 7919 + b * 104729) | 0;
      // Per batch: 3/10 intents and as many of their mutants, 3/10 corpus/table mutants, 1/10
      // commands of the property tests' grammar.
      const nIntent = Math.round(size * 0.3);
      const nGrammar = Math.round(size * 0.1);
      const nMutant = size - 2 * nIntent - nGrammar;
      const items: Item[] = [];
      const intents = fc.sample(intentCommand, { seed: s, numRuns: nIntent });
      const steps = fc.sample(oneStep, { seed: s + 1, numRuns: nIntent });
      intents.forEach((ic, i) => {
        items.push({ text: ic.text, source: "intent", origin: "intent", intent: ic });
        const m = mutate({ text: ic.text, source: "intent" }, [steps[i]!], { keep: safeToRun });
        items.push({ text: m.text, source: "intent-mutant", origin: `intent+${m.ops.join("+") || "none"}`, mutant: m });
      });
      for (const m of fc.sample(mutants, { seed: s + 2, numRuns: nMutant })) {
        items.push({ text: m.text, source: "mutant", origin: `${m.seed.source}+${m.ops.join("+") || "none"}`,
          mutant: m });
      }
      for (const t of fc.sample(grammarCommand, { seed: s + 3, numRuns: nGrammar })) {
        items.push({ text: t, source: "grammar", origin: "arbitraries.command" });
      }
      made += items.length;
      // The share of this batch's runnable commands that keeps the whole campaign at about
      // oracleSample runs.
      const runnableItems = items.filter((it) => runnable(it.text, isolation).safe);
      runnableCount += runnableItems.length;
      const quota = options.oracleSample * (items.length / options.count);
      const rate = runnableItems.length > 0 ? Math.min(1, quota / runnableItems.length) : 0;
      for (let i = 0; i < items.length; i++) {
        const item = items[i]!;
        counts[item.source] = (counts[item.source] ?? 0) + 1;
        const broke = staticChecks(item);
        const can = runnable(item.text, isolation);
        if (!can.safe) skipped[can.reason ?? "?"] = (skipped[can.reason ?? "?"] ?? 0) + 1;
        // Drawn for every command, so that which ones run does not depend on the guard's
        // answers; a broken static invariant is run whenever it may be, for its evidence.
        const sampled = random() < rate;
        if (can.safe && (sampled || (broke && forced++ < 50))) await execute(item);
        if (i % 20 === 19) await tick();
      }
      if (performance.now() - lastLog > 10_000 || b === batches - 1) {
        lastLog = performance.now();
        log(
          `${made} commands, ${checks} checks, ${executions} runs, ${findings.length} findings, ${
            ((performance.now() - t0) / 1000).toFixed(0)
          } s`,
        );
      }
    }
    while (inflight.size > 0) await Promise.race(inflight);

    // Minimize a few distinct oracle findings: the same bug tends to show up many times.
    const budget = options.minimize ?? 5;
    const done = new Map<string, string>();
    for (const f of findings) {
      if (f.kind !== "oracle" || !f.disagreement || done.size >= budget) continue;
      const sig = signature(f.disagreement);
      if (done.has(sig)) continue;
      const kind = f.disagreement.kind;
      const small = await minimize(f.command, async (c) => (await oracle.run(c)).disagreement?.kind === kind);
      done.set(sig, small);
      log(`minimized ${JSON.stringify(f.command).slice(0, 120)} → ${JSON.stringify(small)}`);
    }
    const withMinimized = findings.map((
      f,
    ) => (f.kind === "oracle" && f.disagreement && done.has(signature(f.disagreement))
      ? { ...f, minimized: done.get(signature(f.disagreement))! }
      : f)
    );

    return { seed: options.seed, isolation, commands: counts, totalCommands: made, guardChecks: checks, relations,
      executions, executionsBySource: execBySource, runnable: runnableCount, skipped, timeouts, blind, precision,
      findings: withMinimized, durationMs: performance.now() - t0 };
  } finally {
    oracle.close();
    fx.remove();
    process.off("exit", removeFixture);
  }
}

/** The report as text: counts first, then each new finding (the first few of each kind in
 * full; all of them, known classes included, are in the JSON file). */
export function formatReport(r: FuzzReport, fullPerKind = 5): string {
  const top = (o: Readonly<Record<string, number>>, n = 8) =>
    Object.entries(o).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v} ${k}`).join("; ");
  const byKind = new Map<FindingKind, Finding[]>();
  const byClass: Record<string, number> = {};
  for (const f of r.findings) {
    const k = knownClass(f);
    if (k !== null) byClass[k] = (byClass[k] ?? 0) + 1;
    else byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), f]);
  }
  const fresh = [...byKind.values()].flat();
  const lines = [`seed ${r.seed}, ${(r.durationMs / 1000).toFixed(1)} s, isolation ${r.isolation.mode}`,
    `commands: ${r.totalCommands} (${top(r.commands)}), guard checks: ${r.guardChecks}`,
    `mutant relations: ${top(r.relations)}`,
    `runnable: ${r.runnable}, executed: ${r.executions} (${top(r.executionsBySource)}), timeouts: ${r.timeouts}`,
    `static-only because: ${top(r.skipped, 6)}`,
    `outside touches covered only by a could-not-look reason: ${top(r.blind) || "none"}`,
    `intents that stay inside: ${r.precision.inside}, allowed: ${r.precision.allowed}; the others asked because: ${
      top(r.precision.askedBecause) || "-"
    }`, `findings: ${r.findings.length}, guard disagreements: ${r.findings.filter((f) => GUARD_FAILS(f.kind)).length}`,
    `  of known classes (test/fuzz.test.ts has their cases): ${top(byClass, 20) || "none"}`,
    `  new: ${fresh.length} (${[...byKind].map(([k, v]) => `${v.length} ${k}`).join(", ") || "none"})`];
  for (const [kind, fs] of byKind) {
    lines.push("", `== ${kind} (${fs.length})`);
    for (const f of fs.slice(0, fullPerKind)) {
      lines.push(`-- [${f.source}] ${JSON.stringify(f.command)}`);
      if (f.minimized) lines.push(`   minimized: ${JSON.stringify(f.minimized)}`);
      if (f.base !== undefined) lines.push(`   base: ${JSON.stringify(f.base)}`);
      lines.push(f.disagreement ? formatDisagreement(f.disagreement) : f.detail);
    }
    if (fs.length > fullPerKind) lines.push(`… and ${fs.length - fullPerKind} more (see the JSON file)`);
  }
  return lines.join("\n");
}

async function main(): Promise<void> {
  // An exit, not a kill: the sandboxes are removed by exit handlers.
  process.once("SIGINT", () => process.exit(130));
  process.once("SIGTERM", () => process.exit(143));
  const args = process.argv.slice(2);
  const opt = (name: string, fallback: number): number => {
    const i = args.indexOf(name);
    if (i < 0) return fallback;
    const n = Number(args[i + 1]);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${name} needs a number`);
    return n;
  };
  const jsonAt = args.indexOf("--json");
  const seed = opt("--seed", Date.now() % 1_000_000);
  const count = opt("--count", 100_000);
  const report = await runFuzz({ count, seed, oracleSample: opt("--oracle-sample", 2000), slots: opt("--slots", 2),
    timeoutMs: opt("--timeout", 3000), minimize: opt("--minimize", 5), log: (l) => console.error(l) });
  console.log(formatReport(report));
  const file = jsonAt >= 0 && args[jsonAt + 1]
    ? args[jsonAt + 1]!
    : join(tmpdir(), `shellfence-fuzz-${seed}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify({ ...report, findings: report.findings.slice(0, 2000) }, null, 2));
  console.log(`\nreport written to ${file}`);
  // New guard disagreements fail the run; known ones fail their regression cases already.
  process.exitCode = report.findings.some((f) => GUARD_FAILS(f.kind) && knownClass(f) === null) ? 1 : 0;
}

if (import.meta.main) await main();
