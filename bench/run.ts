// `bun run bench`: check time against the bare tree-sitter parse on the shared corpora, and
// process start to first verdict for the CLI. Prints a table; asserts nothing.
//
//   bun run bench/run.ts [--corpus PATH]... [--limit N] [--cli-runs N] [--phases]
//
// --phases adds where a check's time goes: the front end (parse, copy of the tree, lowering),
// and the whole check with every filesystem answer already known (no system calls), so the
// rest of the time is the interpreter and the judge, and the difference is the disk.

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGuard } from "../src/index.ts";
import { loadParser } from "../src/parse/grammar.ts";
import { DEFAULT_BOUNDS, parseBounded } from "../src/parse/parse.ts";
import { copyTree } from "../src/parse/tree.ts";
import { type FileSystem, nodeFileSystem } from "../src/paths/fs.ts";
import { lowerProgram } from "../src/shell/lower.ts";

const args = process.argv.slice(2);
const opt = (name: string): string[] => args.flatMap((a, i) => (a === name && args[i + 1] ? [args[i + 1]!] : []));
const here = new URL("..", import.meta.url).pathname;
const corpora = opt("--corpus").length
  ? opt("--corpus")
  : ["tldr.txt", "nl2bash.txt"].map((f) => join(here, "..", "shared", "corpora", f)).filter((f) => existsSync(f));
const limit = Number(opt("--limit")[0] ?? Infinity);
const cliRuns = Number(opt("--cli-runs")[0] ?? 20);
const phases = args.includes("--phases");

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function fmt(n: number, digits = 1): string {
  return Number.isFinite(n) ? n.toFixed(digits) : "-";
}

const scratch = mkdtempSync(join(tmpdir(), "shellfence-bench-"));
const parser = await loadParser();
const guard = await createGuard({ home: join(scratch, "home") });
let peakRss = process.memoryUsage().rss;

console.log(`corpus            commands  parse µs (med/p99)  check µs (med/p99)  ratio med  checks/s  short p99 µs  decisions (allow/ask/deny)`);
for (const file of corpora) {
  const lines = readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "").slice(0, limit);
  // Warm up both paths so the JIT settles before timing.
  for (const l of lines.slice(0, 500)) {
    parser.parse(l)?.delete();
    guard.check(l, { cwd: scratch });
  }
  const parseTimes: number[] = [];
  const checkTimes: number[] = [];
  const shortTimes: number[] = [];
  const counts = { allow: 0, ask: 0, deny: 0 };
  let totalCheck = 0;
  for (const l of lines) {
    let t0 = performance.now();
    parser.parse(l)?.delete();
    parseTimes.push((performance.now() - t0) * 1000);
    t0 = performance.now();
    const v = guard.check(l, { cwd: scratch });
    const dt = (performance.now() - t0) * 1000;
    checkTimes.push(dt);
    totalCheck += dt;
    if (Buffer.byteLength(l) < 200) shortTimes.push(dt);
    counts[v.decision]++;
    const rss = process.memoryUsage().rss;
    if (rss > peakRss) peakRss = rss;
  }
  const ps = [...parseTimes].sort((a, b) => a - b);
  const cs = [...checkTimes].sort((a, b) => a - b);
  const ss = [...shortTimes].sort((a, b) => a - b);
  const name = file.split("/").pop()!;
  console.log(
    `${name.padEnd(17)} ${String(lines.length).padStart(8)}  ${fmt(percentile(ps, 50)).padStart(8)} / ${fmt(percentile(ps, 99)).padEnd(8)}  ` +
      `${fmt(percentile(cs, 50)).padStart(8)} / ${fmt(percentile(cs, 99)).padEnd(8)}  ${fmt(percentile(cs, 50) / percentile(ps, 50), 2).padStart(9)}  ` +
      `${fmt(lines.length / (totalCheck / 1e6), 0).padStart(8)}  ${fmt(percentile(ss, 99)).padStart(12)}  ${counts.allow}/${counts.ask}/${counts.deny}`,
  );
}
console.log(`peak RSS: ${fmt(peakRss / 1024 / 1024)} MiB`);

if (phases) {
  // The disk as it was: every lstat answered from memory after its first real answer.
  const known = new Map<string, ReturnType<FileSystem["lstat"]>>();
  const remembered: FileSystem = {
    ...nodeFileSystem,
    lstat(p) {
      let r = known.get(p);
      if (r === undefined) known.set(p, (r = nodeFileSystem.lstat(p)));
      return r;
    },
  };
  const noSyscalls = await createGuard({ home: join(scratch, "home"), fs: remembered });
  const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
  console.log(`\nphases, median µs    parse  +copy+lower  check, no syscalls  check`);
  for (const file of corpora) {
    const lines = readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "").slice(0, limit);
    const runs: Record<string, (l: string) => void> = {
      parse: (l) => parser.parse(l)?.delete(),
      front: (l) => {
        const p = parseBounded(parser, l, DEFAULT_BOUNDS);
        if (!p.ok) return;
        lowerProgram(copyTree(p.tree, l));
        p.tree.delete();
      },
      memory: (l) => noSyscalls.check(l, { cwd: scratch }),
      check: (l) => guard.check(l, { cwd: scratch }),
    };
    const times: Record<string, number[]> = { parse: [], front: [], memory: [], check: [] };
    for (const l of lines.slice(0, 500)) for (const f of Object.values(runs)) f(l);
    for (const l of lines) {
      for (const [k, f] of Object.entries(runs)) {
        const t0 = performance.now();
        f(l);
        times[k]!.push((performance.now() - t0) * 1000);
      }
    }
    const name = file.split("/").pop()!;
    console.log(`${name.padEnd(17)} ${fmt(median(times.parse!)).padStart(8)} ${fmt(median(times.front!)).padStart(12)} ${fmt(median(times.memory!)).padStart(19)} ${fmt(median(times.check!)).padStart(6)}`);
  }
}

// Process start to first verdict: the npm entry under Node.js (needs dist/, built by npm install).
const entry = join(here, "bin", "shellfence.js");
if (existsSync(join(here, "dist", "cli.js")) && cliRuns > 0) {
  const times: number[] = [];
  for (let i = 0; i < cliRuns; i++) {
    const t0 = performance.now();
    spawnSync("node", [entry, "check", "--cwd", scratch, "--", "cat README.md"], { encoding: "utf8" });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`CLI (node bin/shellfence.js) start to verdict: median ${fmt(percentile(times, 50))} ms over ${cliRuns} runs`);
} else {
  console.log("CLI timing skipped: run `npm run build` first");
}
rmSync(scratch, { recursive: true, force: true });
