// `bun run words-fuzz`: a differential fuzzer of word expansion. Generated words (parameter
// operators, quoting, brace and tilde expansion, globs, IFS, shopt) are given to `cat` both in
// bash and in the guard, and the paths bash passes are compared with the `read` accesses the
// guard reports. A reporting tool, not a gate: it exits 0 whatever it finds.
//
//   bun run scripts/words-fuzz.ts [--count N] [--seed S] [--minimize N] [--out DIR]
//
// --minimize N shrinks up to N disagreements (shortest first) to minimal commands; --out DIR
// also writes stats.json, disagreements.jsonl (every raw disagreement) and minimized.json.
// The same seed gives the same cases and, with the same bash and guard, the same report.
// docs/testing.md explains the output and lists the disagreements that are expected.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify, type Finding } from "./words-fuzz/classes.ts";
import { buildWorld } from "./words-fuzz/fixture.ts";
import { caseAt, caseSource, type Case } from "./words-fuzz/gen.ts";
import { minimize } from "./words-fuzz/minimize.ts";
import { type Category, type Comparison, createOracle, type Oracle, type Outcome } from "./words-fuzz/oracle.ts";

export interface Options {
  readonly count: number;
  readonly seed: number;
  /** How many disagreements to minimise. */
  readonly minimize: number;
  readonly out: string | null;
  readonly log: (line: string) => void;
}

type Disagreement = Extract<Comparison, { kind: "disagree" }>;

/** A raw disagreement: the generated case and what both sides made of it. */
interface Raw {
  readonly c: Case;
  readonly outcome: Outcome;
  readonly d: Disagreement;
}

export interface Tally {
  cases: number;
  agree: number;
  /** The same paths, some a different number of times: not counted as a disagreement. */
  dup: number;
  skipped: Record<string, number>;
  disagree: Record<Category, number>;
  /** Cases where bash failed before running `cat`, and of those, where the guard reported no read. */
  bashErrors: number;
  bashErrorAgree: number;
  /** The guard could not parse what bash ran fine (a precision gap, not a safety one). */
  parseErrorBashRan: number;
  /** Per construct: how many cases held it and how they ended. */
  features: Record<string, { cases: number; agree: number; skipped: number; disagree: number }>;
}

export interface Minimised extends Finding {
  /** How many raw disagreements shrank to this command. */
  count: number;
  readonly example: string;
  readonly knownClass: string | null;
}

const BATCH = 500;
const PROGRESS_MS = 10_000;
/** Minimisations spent per known class at most: they are expected and cost bash runs. */
const KNOWN_CLASS_BUDGET = 8;

// Matched against the `cat` words, or the whole case for the setup constructs.
const FEATURES: Record<string, { readonly re: RegExp; readonly setup?: boolean }> = { extglob: { re: /[@!+?*]\(/ },
  tilde: { re: /(^|[\s=:{,])~/ }, brace: { re: /\{[^}$]*(,|\.\.)[^}]*\}/ }, arithmetic: { re: /\$\(\(|\$\[/ },
  "parameter operator": { re: /\$\{[!#]?[a-z@*0-9]+(\[[^\]]*\])?[:#%/^,@?+=-]/ }, indirection: { re: /\$\{!/ },
  "ansi-c": { re: /\$'/ }, locale: { re: /\$"/ }, glob: { re: /[*?]|\[[^\]]+\]/ }, "double quotes": { re: /"/ },
  "single quotes": { re: /'/ }, backslash: { re: /\\/ }, IFS: { re: /IFS/, setup: true },
  "set --": { re: /set --/, setup: true }, array: { re: /a=\(/, setup: true },
  options: { re: /shopt|set -f|set -o|GLOBIGNORE/, setup: true } };

function newTally(): Tally {
  return { cases: 0, agree: 0, dup: 0, skipped: {},
    disagree: { missing: 0, extra: 0, both: 0, "bash-error": 0, crash: 0 }, bashErrors: 0, bashErrorAgree: 0,
    parseErrorBashRan: 0, features: {} };
}

function countFeatures(t: Tally, o: Outcome): void {
  const words = o.src.slice(o.src.lastIndexOf("cat -- "));
  for (const [name, f] of Object.entries(FEATURES)) {
    if (!f.re.test(f.setup ? o.src : words)) continue;
    const st = (t.features[name] ??= { cases: 0, agree: 0, skipped: 0, disagree: 0 });
    st.cases++;
    if (o.comparison.kind === "skip") st.skipped++;
    else if (o.comparison.kind === "disagree") st.disagree++;
    else st.agree++;
  }
}

function count(t: Tally, o: Outcome): void {
  const c = o.comparison;
  t.cases++;
  if (o.bash.args === null) t.bashErrors++;
  countFeatures(t, o);
  if (c.kind === "skip") {
    t.skipped[c.reason] = (t.skipped[c.reason] ?? 0) + 1;
    if (c.reason === "PARSE_ERROR" && o.bash.args !== null) t.parseErrorBashRan++;
  } else if (c.kind === "agree") {
    t.agree++;
    if (o.bash.args === null) t.bashErrorAgree++;
  } else if (c.kind === "dup") t.dup++;
  else t.disagree[c.category]++;
}

function rawRecord(r: Raw): string {
  const { outcome: o, d } = r;
  return JSON.stringify({ id: r.c.id, src: o.src, category: d.category, bash: o.bash.args, guard: o.guard.reads,
    reasons: o.guard.reasons, stderr: o.bash.stderr }) + "\n";
}

function runCampaign(oracle: Oracle, opts: Options): { tally: Tally; raws: Raw[] } {
  const tally = newTally();
  const raws: Raw[] = [];
  const t0 = performance.now();
  let lastLog = t0;
  for (let b = 0; b < opts.count; b += BATCH) {
    const cases: Case[] = [];
    for (let i = b; i < Math.min(opts.count, b + BATCH); i++) cases.push(caseAt(opts.seed, i));
    oracle.check(cases.map(caseSource)).forEach((o, i) => {
      count(tally, o);
      if (o.comparison.kind === "disagree") raws.push({ c: cases[i]!, outcome: o, d: o.comparison });
    });
    if (performance.now() - lastLog > PROGRESS_MS) {
      lastLog = performance.now();
      opts.log(`${tally.cases} cases, ${raws.length} disagreements, ${((lastLog - t0) / 1000).toFixed(0)} s`);
    }
  }
  return { tally, raws };
}

function findingOf(o: Outcome, d: Disagreement): Finding {
  return { src: o.src, category: d.category, bash: o.bash.args, guard: o.guard.reads, stderr: o.bash.stderr,
    missing: d.missing, extra: d.extra };
}

/**
 * Shrinks up to `budget` disagreements, shortest first, and merges those that shrink to the
 * same command. Known classes get a few minimisations each, so the budget goes to the rest.
 */
function minimiseAll(oracle: Oracle, raws: readonly Raw[], budget: number, log: (line: string) => void): Minimised[] {
  const byCommand = new Map<string, Minimised>();
  const spentPerClass = new Map<string, number>();
  const order = raws.map((r, i) => ({ r, i })).sort((a, b) =>
    a.r.outcome.src.length - b.r.outcome.src.length || a.i - b.i
  );
  let done = 0;
  let lastLog = performance.now();
  for (const { r } of order) {
    if (done >= budget) break;
    const known = classify(findingOf(r.outcome, r.d));
    if (known !== null) {
      const spent = spentPerClass.get(known) ?? 0;
      if (spent >= KNOWN_CLASS_BUDGET) continue;
      spentPerClass.set(known, spent + 1);
    }
    done++;
    const small = minimize(oracle, r.c, r.d.category);
    const prev = byCommand.get(small.src);
    if (prev) prev.count++;
    else byCommand.set(small.src, minimisedOf(small, r));
    if (performance.now() - lastLog > PROGRESS_MS) {
      lastLog = performance.now();
      log(`minimised ${done}, ${byCommand.size} distinct`);
    }
  }
  return [...byCommand.values()];
}

function minimisedOf(small: Outcome, r: Raw): Minimised {
  // Not disagreeing any more would be a flaky case; keep what the raw case showed then.
  const d = small.comparison.kind === "disagree" ? small.comparison : r.d;
  const f = findingOf(small, d);
  return { ...f, count: 1, example: r.outcome.src, knownClass: classify(f) };
}

// ---------------------------------------------------------------------------------------------
// Report

const show = (xs: readonly string[] | null, max = 8): string =>
  xs === null
    ? "(cat never ran)"
    : JSON.stringify(xs.slice(0, max)) + (xs.length > max ? ` … ${xs.length - max} more` : "");

const sum = (o: Readonly<Record<string, number>>): number => Object.values(o).reduce((a, b) => a + b, 0);

function counts(o: Readonly<Record<string, number>>): string {
  return Object.entries(o).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map((
    [k, n],
  ) => `${k} ${n}`).join(", ") || "none";
}

/** Unclassified first, then by how many raw cases shrank to it, then shortest. */
function byInterest(a: Minimised, b: Minimised): number {
  return Number(a.knownClass !== null) - Number(b.knownClass !== null) || b.count - a.count ||
    a.src.length - b.src.length || a.src.localeCompare(b.src);
}

function classLines(mins: readonly Minimised[]): string[] {
  const groups = new Map<string, Minimised[]>();
  for (const m of mins) if (m.knownClass !== null) groups.set(m.knownClass, [...(groups.get(m.knownClass) ?? []), m]);
  return [...groups].sort((a, b) => a[0].localeCompare(b[0])).map(([name, ms]) => {
    const shortest = [...ms].sort((a, b) => a.src.length - b.src.length)[0]!;
    return `    ${name}: ${ms.length} / ${ms.reduce((n, m) => n + m.count, 0)}   e.g. ${JSON.stringify(shortest.src)}`;
  });
}

function entryLines(m: Minimised): string[] {
  const lines = [`  ${m.count}× ${m.category}  ${JSON.stringify(m.src)}   [${m.knownClass ?? "not in a known class"}]`];
  if (m.category === "bash-error") {
    lines.push(`      bash: ${m.stderr.trim().split("\n")[0] ?? ""}`, `      guard reads: ${show(m.guard)}`);
  } else if (m.category === "crash") lines.push(`      guard threw: ${m.extra[0] ?? ""}`);
  else lines.push(`      bash only: ${show(m.missing)}   guard only: ${show(m.extra)}`);
  return lines;
}

export function formatReport(opts: Options, bashVersion: string, t: Tally, raws: number, mins: readonly Minimised[],
  top = 20): string
{
  const known = mins.filter((m) => m.knownClass !== null);
  const minimisedRaw = mins.reduce((n, m) => n + m.count, 0);
  const lines = [`words-fuzz: seed ${opts.seed}, ${t.cases} cases, against ${bashVersion}`,
    `agreements: ${t.agree} (and ${t.dup} with the same paths a different number of times)`,
    `skipped, the guard says it does not know: ${sum(t.skipped)} (${counts(t.skipped)})`,
    `  of them PARSE_ERROR where bash ran cat: ${t.parseErrorBashRan}`,
    `definite disagreements: ${raws} (${counts(t.disagree)})`,
    `bash failed before cat ran: ${t.bashErrors} (the guard reported no read in ${t.bashErrorAgree})`, "",
    `minimised ${minimisedRaw} of ${raws} disagreements into ${mins.length} commands:`,
    `  in a known class (expected, docs/testing.md), commands / disagreements: ${known.length} / ${
      known.reduce((n, m) => n + m.count, 0)
    }`, ...classLines(mins),
    `  not in a known class: ${mins.length - known.length} / ${minimisedRaw - known.reduce((n, m) => n + m.count, 0)}`];
  if (mins.length > 0) lines.push("", `top minimised disagreements (not in a known class first):`);
  for (const m of [...mins].sort(byInterest).slice(0, top)) lines.push(...entryLines(m));
  return lines.join("\n");
}

function writeOutputs(dir: string, opts: Options, bashVersion: string, t: Tally, raws: readonly Raw[],
  mins: readonly Minimised[]): void
{
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "stats.json"), JSON.stringify({ seed: opts.seed, bash: bashVersion, ...t }, null, 2) + "\n");
  writeFileSync(join(dir, "disagreements.jsonl"), raws.map(rawRecord).join(""));
  writeFileSync(join(dir, "minimized.json"), JSON.stringify([...mins].sort(byInterest), null, 2) + "\n");
}

export async function runWordsFuzz(opts: Options): Promise<string> {
  const world = buildWorld();
  // Also on an interrupted run (main turns SIGINT into an exit).
  const removeWorld = () => world.remove();
  process.once("exit", removeWorld);
  try {
    const oracle = await createOracle(world);
    if (!/version 5\.2\./.test(oracle.bashVersion)) {
      opts.log(`note: the expected disagreements are those of bash 5.2; this is ${oracle.bashVersion}`);
    }
    const t0 = performance.now();
    const { tally, raws } = runCampaign(oracle, opts);
    opts.log(
      `${tally.cases} cases in ${((performance.now() - t0) / 1000).toFixed(1)} s; minimising up to ${
        Math.min(opts.minimize, raws.length)
      }`,
    );
    const mins = minimiseAll(oracle, raws, opts.minimize, opts.log);
    opts.log(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    if (opts.out !== null) writeOutputs(opts.out, opts, oracle.bashVersion, tally, raws, mins);
    return formatReport(opts, oracle.bashVersion, tally, raws.length, mins);
  } finally {
    world.remove();
    process.off("exit", removeWorld);
  }
}

async function main(): Promise<void> {
  process.once("SIGINT", () => process.exit(130));
  process.once("SIGTERM", () => process.exit(143));
  const args = process.argv.slice(2);
  const value = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i < 0 ? undefined : args[i + 1];
  };
  const num = (name: string, fallback: number): number => {
    const v = value(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} needs a whole number`);
    return n;
  };
  const report = await runWordsFuzz({ count: num("--count", 20_000), seed: num("--seed", Date.now() % 1_000_000),
    minimize: num("--minimize", 200), out: value("--out") ?? null, log: (l) => console.error(l) });
  console.log(report);
}

if (import.meta.main) await main();
