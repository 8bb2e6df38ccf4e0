// `bun run probe-fuzz`: the probe-injection differential test (test/support/probe.ts) at
// nightly size. Base commands come from the shared corpora, the case tables and the committed
// seed set (test/probe/seeds.jsonl); at every position of each where bash evaluates something,
// an outside probe is injected; the mutants run in batches under real bash and strace, and the
// guard judges each. A probe that ran while the guard said allow is a finding.
//
//   bun run probe-fuzz -- [--count N] [--seed S] [--out DIR] [--batch N] [--slots N]
//                         [--committed-only] [--sample FRACTION] [--programs [--help-seeds]]
//
// The findings are grouped by class (position kind × injection form), each shown with its
// shortest base command, confirmed by a run of its own, with the strace lines that show the
// probe; the whole report goes to DIR/probe-report.json. Exit 1 when there is a finding.
// test/probe.test.ts runs a seeded CI-sized campaign of the same kind.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Verdict } from "../src/index.ts";
import { DEFAULT_CORPORA, loadSeeds, type Seed } from "../test/support/mutate.ts";
import { detectIsolation, type Isolation } from "../test/support/oracle.ts";
import { classOf, createPositionFinder, createRunner, FORMS, inject, MARK, type MutantSpec, type ProbeTouch,
  type Runner, type RunOutcome } from "../test/support/probe.ts";
import { builtIndex } from "../src/commands/table/index.ts";
import { helpSeeds, programMutants, runsHere } from "../test/support/program-probe.ts";
import { mulberry32 } from "./rng.ts";

const here = new URL(".", import.meta.url).pathname;
export const COMMITTED_SEEDS = join(here, "..", "test", "probe", "seeds.jsonl");

/** The committed seed set: what CI has when ../shared is not beside the clone. */
export function committedSeeds(file = COMMITTED_SEEDS): Seed[] {
  return readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as Seed);
}

/** Every base command there is: the corpora (when present), the case tables, the committed set. */
export function allSeeds(corpora = DEFAULT_CORPORA): Seed[] {
  const seen = new Set<string>();
  const out: Seed[] = [];
  const add = (text: string, source: string) => {
    if (text.trim() === "" || seen.has(text)) return;
    seen.add(text);
    out.push({ text, source });
  };
  for (const s of committedSeeds()) add(s.text, s.source);
  for (const s of loadSeeds({ corporaDir: corpora })) add(s.text, s.source);
  const jsonl: readonly [string, string][] = [["intercode-agent-actions.jsonl", "intercode"], ["cheatsheets.jsonl",
    "cheatsheets"], ["tree-sitter-bash-corpus.jsonl", "tree-sitter-bash"]];
  for (const [file, source] of jsonl) {
    const path = join(corpora, file);
    if (!existsSync(path)) continue;
    for (const line of readFileSync(path, "utf8").split("\n")) {
      if (line.trim() === "") continue;
      const rec = JSON.parse(line) as { source?: unknown };
      if (typeof rec.source === "string") add(rec.source, source);
    }
  }
  return out;
}

export interface ProbeFuzzOptions {
  readonly count: number;
  readonly seed: number;
  readonly seeds: readonly Seed[];
  /** Mutants per traced bash. */
  readonly batch?: number;
  readonly slots?: number;
  /** Of the mutants the guard did not allow, the share that is run too (default 1, all). A
   * finding needs an allow, so everything allowed is always run; the others show that the
   * probes do run where the guard asks, and give the count of probes that ran. */
  readonly sample?: number;
  /** How many classes get their shortest case confirmed by a run of its own (default all). */
  readonly confirm?: number;
  /** Longest base command taken, in characters. */
  readonly maxBaseLength?: number;
  readonly log?: (line: string) => void;
  /** The program probe (test/support/program-probe.ts): outside paths handed to programs as
   * their words, run with any program on the system's PATH. */
  readonly programs?: boolean;
}

export interface ClassFinding {
  readonly class: string;
  /** Mutants of the class that ran their probe while the guard allowed. */
  readonly count: number;
  readonly base: string;
  readonly mutant: string;
  readonly source: string;
  /** The probe was touched again when the mutant ran alone in a fresh sandbox. */
  readonly confirmed: boolean;
  readonly touches: readonly ProbeTouch[];
  readonly evidence: readonly string[];
  readonly guard: string;
}

export interface ClassCount {
  readonly mutants: number;
  readonly ran: number;
  readonly probesRan: number;
  readonly allowed: number;
  readonly wrongAllows: number;
}

export interface ProbeFuzzReport {
  readonly seed: number;
  readonly isolation: Isolation["mode"];
  readonly fence: Runner["fence"];
  readonly baseCommands: { readonly offered: number; readonly parsed: number; readonly refused: number;
    readonly used: number; readonly bySource: Readonly<Record<string, number>> };
  /** Positions the used base commands have, and the (position, form) pairs that apply there. */
  readonly positions: number;
  readonly candidates: number;
  /** Mutants made and judged by the guard (each one probe at one position). */
  readonly mutants: number;
  readonly refusedMutants: number;
  /** Mutants run under bash, and those the run reached before any deadline. */
  readonly ran: number;
  readonly reached: number;
  /** Runs in which bash touched the mutant's probe outside the project. */
  readonly probesRan: number;
  readonly allowed: number;
  readonly wrongAllows: number;
  readonly crashes: readonly string[];
  readonly classes: Readonly<Record<string, ClassCount>>;
  readonly findings: readonly ClassFinding[];
  readonly batches: number;
  readonly durationMs: number;
  /** Mutants run per second of wall-clock time spent running batches. */
  readonly throughput: number;
}

/** A number in [0, 1) fixed by the seed and the mutant: which unallowed mutants are run. */
function unit(seed: number, id: number): number {
  return mulberry32((seed ^ Math.imul(id, 0x9e3779b1)) >>> 0)();
}

interface Job {
  readonly id: number;
  readonly spec: MutantSpec;
  readonly source: string;
}

export async function runProbeFuzz(options: ProbeFuzzOptions): Promise<ProbeFuzzReport> {
  const t0 = performance.now();
  const log = options.log ?? (() => {});
  const rng = mulberry32(options.seed);
  const isolation = detectIsolation();
  log(`isolation: ${isolation.mode}: ${isolation.description}`);
  const slots = Math.max(1, options.slots ?? 2);
  const runners: Runner[] = [];
  for (let i = 0; i < slots; i++) {
    runners.push(await createRunner({ isolation, anyProgram: options.programs === true }));
  }
  try {
    const find = await createPositionFinder();
    const maxLen = options.maxBaseLength ?? 400;
    // Seeded order, so that a smaller count is a prefix-like sample of the same campaign.
    const order = options.seeds.map((s, i) => ({ s, k: rng(), i })).sort((a, b) => a.k - b.k || a.i - b.i).map((x) =>
      x.s
    );
    const covered = new Map<string, number>();
    const bySource: Record<string, number> = {};
    let parsed = 0;
    let refused = 0;
    let positions = 0;
    let candidates = 0;
    let refusedMutants = 0;
    const jobs: Job[] = [];
    const usable: { seed: Seed; specs: MutantSpec[] }[] = [];
    const probeRef = runners[0]!;
    for (const seed of order) {
      if (seed.text.length > maxLen || seed.text.includes(MARK)) continue;
      const p = find(seed.text);
      if (!p.ok) continue;
      parsed++;
      if (probeRef.refusal(seed.text) !== null) {
        refused++;
        continue;
      }
      const specs: MutantSpec[] = [];
      if (options.programs === true) {
        if (runsHere(seed.text, p.positions)) specs.push(...programMutants(seed.text, p.positions));
      } else {
        for (const pos of p.positions) for (const f of FORMS) if (f.applies(pos)) specs.push(inject(seed.text, pos, f));
      }
      if (specs.length === 0) continue;
      positions += p.positions.length;
      candidates += specs.length;
      usable.push({ seed, specs });
      // Enough seeds to fill the count at a few mutants each; the rest are not parsed.
      if (candidates >= options.count * 3 && usable.length * 4 >= options.count) break;
    }
    // Round-robin over the seeds, each time the class seen least so far (ties: at random).
    const perRound = new Map<Seed, MutantSpec[]>(
      usable.map((u) => [u.seed, u.specs.map((s) => ({ s, k: rng() })).sort((a, b) => a.k - b.k).map((x) => x.s)]),
    );
    while (jobs.length < options.count && perRound.size > 0) {
      for (const { seed } of usable) {
        if (jobs.length >= options.count) break;
        const left = perRound.get(seed);
        if (!left) continue;
        let best = -1;
        for (let i = 0; i < left.length; i++) {
          if (best < 0 || (covered.get(classOf(left[i]!)) ?? 0) < (covered.get(classOf(left[best]!)) ?? 0)) best = i;
        }
        const [spec] = left.splice(best, 1);
        if (left.length === 0) perRound.delete(seed);
        if (!spec) continue;
        covered.set(classOf(spec), (covered.get(classOf(spec)) ?? 0) + 1);
        jobs.push({ id: jobs.length + 1, spec, source: seed.source });
        bySource[seed.source] = (bySource[seed.source] ?? 0) + 1;
      }
    }
    const usedSeeds = new Set(jobs.map((j) => j.spec.base)).size;
    log(
      `${options.seeds.length} base commands offered, ${parsed} parse, ${refused} refused by the run check, ${usedSeeds} used; ${positions} positions, ${candidates} (position, form) pairs; ${jobs.length} mutants`,
    );

    const classes: Record<string,
      { mutants: number; ran: number; probesRan: number; allowed: number; wrongAllows: number }> = {};
    const cls = (
      j: Job,
    ) => (classes[classOf(j.spec)] ??= { mutants: 0, ran: 0, probesRan: 0, allowed: 0, wrongAllows: 0 });
    const candidatesByClass = new Map<string, { job: Job; outcome: RunOutcome; verdict: Verdict }[]>();
    const crashes: string[] = [];
    let ran = 0;
    let reached = 0;
    let probesRan = 0;
    let allowed = 0;
    let wrongAllows = 0;
    let batches = 0;
    let runMs = 0;
    const batchSize = Math.max(1, options.batch ?? 100);
    const sample = options.sample ?? 1;
    // The guard judges each mutant first; with allowedOnly, only what it allowed is run.
    const queue: Job[] = [];
    for (const j of jobs) {
      cls(j).mutants++;
      const text = j.spec.template;
      if (probeRef.refusal(text) !== null) {
        refusedMutants++;
        continue;
      }
      queue.push(j);
    }
    let next = 0;
    let done = 0;
    const work = async (runner: Runner) => {
      while (next < queue.length) {
        const chunk = queue.slice(next, next + batchSize);
        next += chunk.length;
        const tb = performance.now();
        const { verdicts, outcomes } = await runner.batch(chunk.map((j) => ({ id: j.id, text: j.spec.template })),
          false,
          sample >= 1
            ? undefined
            : (v, id) => (!(v instanceof Error) && v.decision === "allow") || unit(options.seed, id) < sample);
        runMs += performance.now() - tb;
        batches++;
        chunk.forEach((j, i) => {
          const v = verdicts[i]!;
          const o = outcomes[i]!;
          const c = cls(j);
          if (v instanceof Error) {
            crashes.push(`${j.spec.template}: ${v.message}`);
            return;
          }
          if (v.decision === "allow") {
            allowed++;
            c.allowed++;
          }
          if (!o.ran) return;
          ran++;
          c.ran++;
          if (o.reached) reached++;
          if (o.touches.length === 0) return;
          probesRan++;
          c.probesRan++;
          if (v.decision !== "allow") return;
          wrongAllows++;
          c.wrongAllows++;
          const key = classOf(j.spec);
          const list = candidatesByClass.get(key);
          if (list) list.push({ job: j, outcome: o, verdict: v });
          else candidatesByClass.set(key, [{ job: j, outcome: o, verdict: v }]);
        });
        done += chunk.length;
        if (batches % 10 === 0) {
          log(`  ${done}/${queue.length} judged and run, ${probesRan} probes ran, ${wrongAllows} wrong allows`);
        }
      }
    };
    const tr = performance.now();
    await Promise.all(runners.map((r) => work(r)));
    const wall = performance.now() - tr;
    void runMs;

    // Each class: its shortest base command, confirmed alone in a fresh sandbox.
    const findings: ClassFinding[] = [];
    let confirmLeft = options.confirm ?? Number.POSITIVE_INFINITY;
    for (const [key, list] of [...candidatesByClass.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
      const sorted = [...list].sort((a, b) =>
        a.job.spec.base.length - b.job.spec.base.length || a.job.spec.template.length - b.job.spec.template.length ||
        a.job.id - b.job.id
      );
      let chosen: ClassFinding | null = null;
      if (confirmLeft <= 0) {
        const c = sorted[0]!;
        findings.push({ class: key, count: list.length, base: c.job.spec.base,
          mutant: c.job.spec.template.split(MARK).join("probe-N"), source: c.job.source, confirmed: false,
          touches: c.outcome.touches, evidence: c.outcome.evidence, guard: probeRef.explain(c.verdict) });
        continue;
      }
      confirmLeft--;
      for (const cand of sorted.slice(0, 3)) {
        const { verdicts, outcomes } = await probeRef.batch([{ id: cand.job.id, text: cand.job.spec.template }], true);
        const v = verdicts[0]!;
        const o = outcomes[0]!;
        const confirmed = !(v instanceof Error) && v.decision === "allow" && o.touches.length > 0;
        const f: ClassFinding = { class: key, count: list.length, base: cand.job.spec.base,
          mutant: cand.job.spec.template.split(MARK).join("probe-N"), source: cand.job.source, confirmed,
          touches: confirmed ? o.touches : cand.outcome.touches,
          evidence: confirmed ? o.evidence : cand.outcome.evidence,
          guard: v instanceof Error ? v.message : probeRef.explain(v) };
        if (confirmed || chosen === null) chosen = f;
        if (confirmed) break;
      }
      if (chosen) findings.push(chosen);
    }
    return { seed: options.seed, isolation: isolation.mode, fence: probeRef.fence,
      baseCommands: { offered: options.seeds.length, parsed, refused, used: usedSeeds, bySource }, positions,
      candidates, mutants: jobs.length, refusedMutants, ran, reached, probesRan, allowed, wrongAllows, crashes, classes,
      findings, batches, durationMs: performance.now() - t0, throughput: wall > 0 ? ran / (wall / 1000) : 0 };
  } finally {
    for (const r of runners) r.close();
  }
}

export function formatFinding(f: ClassFinding): string {
  return [`WRONG ALLOW [${f.class}] ×${f.count}${f.confirmed ? ", confirmed alone" : ""}`,
    `  base:   ${JSON.stringify(f.base)} (${f.source})`, `  mutant: ${JSON.stringify(f.mutant)}`,
    ...f.touches.slice(0, 3).map((t) => `  bash touched ${t.path} (${t.syscall}${t.error ? " " + t.error : ""})`),
    ...(f.evidence.length > 0 ? ["  strace:", ...f.evidence.map((l) => `    ${l}`)] : []),
    ...f.guard.split("\n").map((l) => `  guard ${l}`)].join("\n");
}

export function formatProbeReport(r: ProbeFuzzReport): string {
  const lines = [`probe fuzz, seed ${r.seed}: isolation ${r.isolation}, ${r.fence} runs`,
    `base commands: ${r.baseCommands.offered} offered, ${r.baseCommands.parsed} parse cleanly, ${r.baseCommands.refused} refused by the run check, ${r.baseCommands.used} used (${
      Object.entries(r.baseCommands.bySource).map(([k, v]) => `${k} ${v}`).join(", ")
    })`,
    `positions: ${r.positions} in the used bases, ${r.candidates} (position, form) pairs; ${r.mutants} mutants judged, ${r.refusedMutants} not runnable`,
    `ran ${r.ran} under bash (${r.reached} reached) in ${r.batches} batches, ${
      r.throughput.toFixed(0)
    } mutants/s; probes that ran: ${r.probesRan}; allowed: ${r.allowed}; wrong allows: ${r.wrongAllows} in ${r.findings.length} classes`,
    `${(r.durationMs / 1000).toFixed(1)} s`];
  if (r.crashes.length > 0) {
    lines.push(`guard crashes: ${r.crashes.length}`, ...r.crashes.slice(0, 5).map((c) => `  ${c}`));
  }
  for (const f of r.findings) lines.push(formatFinding(f));
  return lines.join("\n");
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string, fallback: number): number => {
    const i = args.indexOf(name);
    if (i < 0) return fallback;
    const v = Number(args[i + 1]);
    if (!Number.isFinite(v)) throw new Error(`${name} needs a number`);
    return v;
  };
  const str = (name: string, fallback: string): string => {
    const i = args.indexOf(name);
    return i < 0 ? fallback : args[i + 1] ?? fallback;
  };
  const out = str("--out", join(tmpdir(), "shellfence-probe-fuzz"));
  // --help-seeds: the program probe's bases made from each program's --help (test/support/program-probe.ts).
  const seeds = args.includes("--help-seeds")
    ? helpSeeds(builtIndex().names.map(([name]) => name))
    : args.includes("--committed-only")
    ? committedSeeds()
    : allSeeds();
  const report = await runProbeFuzz({ count: opt("--count", 100_000), seed: opt("--seed", 1), seeds,
    batch: opt("--batch", 100), slots: opt("--slots", 2), sample: opt("--sample", 1),
    programs: args.includes("--programs"), log: (l) => console.log(l) });
  mkdirSync(out, { recursive: true });
  const file = join(out, "probe-report.json");
  writeFileSync(file, JSON.stringify(report, null, 2) + "\n");
  console.log(formatProbeReport(report));
  console.log(`report: ${file}`);
  process.exitCode = report.wrongAllows > 0 || report.crashes.length > 0 ? 1 : 0;
}

if (import.meta.main) await main();
