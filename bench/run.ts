// `bun run bench`: check time against the bare tree-sitter parse on the shared corpora, and
// process start to first verdict for the CLI. Prints a table; asserts nothing.
//
//   bun run bench/run.ts [--corpus PATH]... [--limit N] [--cli-runs N]

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGuard } from "../src/index.ts";
import { loadParser } from "../src/parse/grammar.ts";

const args = process.argv.slice(2);
const opt = (name: string): string[] => args.flatMap((a, i) => (a === name && args[i + 1] ? [args[i + 1]!] : []));
const here = new URL("..", import.meta.url).pathname;
const corpora = opt("--corpus").length
  ? opt("--corpus")
  : ["tldr.txt", "nl2bash.txt"].map((f) => join(here, "..", "shared", "corpora", f)).filter((f) => existsSync(f));
const limit = Number(opt("--limit")[0] ?? Infinity);
const cliRuns = Number(opt("--cli-runs")[0] ?? 20);

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
