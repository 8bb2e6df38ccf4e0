// `bun run bench`: check time against the bare tree-sitter parse on the shared corpora,
// process start to first verdict along every path a hook can take (bench/start.ts), and batch
// throughput under Node.js and Bun. Prints tables; asserts nothing. The process tables run the
// package as a user installs it: packed and installed from the tarball into a scratch project
// (`npm run build` first; the install needs the npm registry or npm's cache).
//
//   bun run bench/run.ts [--corpus PATH]... [--limit N] [--cli-runs N] [--phases] [--start-only] [--no-batch] [--batch-only] [--batch-runs N] [--before DIR]
//
// --start-only skips the in-process corpus tables; --cli-runs 0 skips the process tables;
// --batch-only runs the batch table alone. --batch-runs N (default 1) runs each batch row N
// times, the rows taking turns, and prints the median and the best run: on a machine shared
// with others one run says little.
//
// --phases adds where a check's time goes: the front end (parse, copy of the tree, lowering),
// and the whole check with every filesystem answer already known (no system calls), so the
// rest of the time is the interpreter and the judge, and the difference is the disk.

import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { serverEnv } from "../src/server/protocol.ts";
import { createGuard } from "../src/index.ts";
import { loadParser } from "../src/parse/grammar.ts";
import { DEFAULT_BOUNDS, parseBounded } from "../src/parse/parse.ts";
import { copyTree } from "../src/parse/tree.ts";
import { type FileSystem, nodeFileSystem } from "../src/paths/fs.ts";
import { lowerProgram } from "../src/shell/lower/program.ts";
import { describeInstall, hookInput, installedPackage, installedProject, measureStart, printStart,
  startPaths } from "./start.ts";

const args = process.argv.slice(2);
const opt = (name: string): string[] => args.flatMap((a, i) => (a === name && args[i + 1] ? [args[i + 1]!] : []));
const here = new URL("..", import.meta.url).pathname;
const corpora = opt("--corpus").length
  ? opt("--corpus")
  : ["tldr.txt", "nl2bash.txt"].map((f) => join(here, "..", "shared", "corpora", f)).filter((f) => existsSync(f));
const limit = Number(opt("--limit")[0] ?? Infinity);
const cliRuns = Number(opt("--cli-runs")[0] ?? 20);
const phases = args.includes("--phases");
const batchOnly = args.includes("--batch-only");
const startOnly = args.includes("--start-only") || batchOnly;
const batchRuns = Math.max(1, Number(opt("--batch-runs")[0] ?? 1));

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

if (!startOnly) {
  console.log(
    `corpus            commands  parse µs (med/p99)  check µs (med/p99)  ratio med  checks/s  short p99 µs  decisions (allow/ask/deny)`,
  );
}
for (const file of startOnly ? [] : corpora) {
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
    `${name.padEnd(17)} ${String(lines.length).padStart(8)}  ${fmt(percentile(ps, 50)).padStart(8)} / ${
      fmt(percentile(ps, 99)).padEnd(8)
    }  ` +
      `${fmt(percentile(cs, 50)).padStart(8)} / ${fmt(percentile(cs, 99)).padEnd(8)}  ${
        fmt(percentile(cs, 50) / percentile(ps, 50), 2).padStart(9)
      }  ` +
      `${fmt(lines.length / (totalCheck / 1e6), 0).padStart(8)}  ${
        fmt(percentile(ss, 99)).padStart(12)
      }  ${counts.allow}/${counts.ask}/${counts.deny}`,
  );
}
if (!startOnly) console.log(`peak RSS: ${fmt(peakRss / 1024 / 1024)} MiB`);

if (phases) {
  // The disk as it was: every lstat answered from memory after its first real answer.
  const known = new Map<string, ReturnType<FileSystem["lstat"]>>();
  const remembered: FileSystem = { ...nodeFileSystem,
    lstat(p) {
      let r = known.get(p);
      if (r === undefined) known.set(p, r = nodeFileSystem.lstat(p));
      return r;
    } };
  const noSyscalls = await createGuard({ home: join(scratch, "home"), fs: remembered });
  const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
  console.log(`\nphases, median µs    parse  +copy+lower  check, no syscalls  check`);
  for (const file of corpora) {
    const lines = readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "").slice(0, limit);
    const runs: Record<string, (l: string) => void> = { parse: (l) => parser.parse(l)?.delete(),
      front: (l) => {
        const p = parseBounded(parser, l, DEFAULT_BOUNDS);
        if (!p.ok) return;
        lowerProgram(copyTree(p.tree, l));
        p.tree.delete();
      }, memory: (l) => noSyscalls.check(l, { cwd: scratch }), check: (l) => guard.check(l, { cwd: scratch }) };
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
    console.log(
      `${name.padEnd(17)} ${fmt(median(times.parse!)).padStart(8)} ${fmt(median(times.front!)).padStart(12)} ${
        fmt(median(times.memory!)).padStart(19)
      } ${fmt(median(times.check!)).padStart(6)}`,
    );
  }
}

// Process start to first verdict along every path (bench/start.ts), then batch throughput of
// `check --jsonl` in one process under Node.js and under Bun.
if (existsSync(join(here, "dist", "cli", "main.js")) && cliRuns > 0) {
  const project = installedProject(join(scratch, "now"), here.replace(/\/$/, ""));
  const installed = installedPackage(project);
  const runtime = join(scratch, "runtime");
  mkdirSync(runtime, { mode: 0o700 });
  const env = { ...process.env, XDG_RUNTIME_DIR: runtime, SHELLFENCE_RESIDENT_IDLE: "60" };
  console.log(`\n${describeInstall(project, env)}`);
  // The resident server is started here, not by the first hook call, so its memory can be read
  // and it can be stopped by its pid at the end. It is the installed package's: the socket's
  // name holds the code file's path and build.
  const server = !batchOnly && existsSync(join(installed, "dist", "bundle", "shellfence.cjs"))
    ? spawn("node", [join(installed, "bin", "shellfence.js"), "serve"], { env: serverEnv(env), stdio: "ignore" })
    : null;
  if (server) await waitForSocket(runtime);
  // --before DIR: another checkout (built), timed in the same run, as it was before a change.
  const before = opt("--before")[0];
  let beforeInstalled = "";
  const beforePaths = before
    ? (() => {
      const dir = join(scratch, "before");
      mkdirSync(dir);
      const beforeProject = installedProject(dir, before);
      beforeInstalled = installedPackage(beforeProject);
      return startPaths(before, beforeProject).map((p) => ({ ...p, name: `before: ${p.name}`, cwd: beforeProject }));
    })()
    : [];
  if (!batchOnly) {
    const rows = measureStart([...startPaths(here, project), ...beforePaths], { cwd: project, input: hookInput(project),
      runs: cliRuns, env });
    printStart(rows, cliRuns);
  }
  if (server?.pid) {
    const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
    console.log(
      `resident server: ${status.match(/VmRSS:\s*(.*)/)?.[1] ?? "?"} RSS, ${
        status.match(/VmHWM:\s*(.*)/)?.[1] ?? "?"
      } peak`,
    );
    server.kill("SIGTERM");
  }
  if (!args.includes("--no-batch")) {
    const corpus = corpora[0]!;
    const lines = readFileSync(corpus, "utf8").split("\n").filter((l) => l.trim() !== "").slice(0, limit);
    const input = lines.map((command) => JSON.stringify({ command, cwd: scratch })).join("\n") + "\n";
    console.log(
      `\nbatch: check --jsonl, ${lines.length} commands of ${corpus.split("/").pop()}, one process (start included);`,
    );
    console.log(`front end: parse + copy of the tree alone, same commands, same runtime (bench/front.mjs), in process`);
    console.log(batchRuns > 1 ? `median (best) of ${batchRuns} runs, the rows taking turns` : "one run");
    console.log(`${"".padEnd(28)} check/s          front/s          check ÷ front`);
    // The installed packages: Node.js runs their dist/, Bun their src/ (both in the tarball).
    const roots: [string, string][] = [["", installed]];
    if (before) roots.push(["before: ", beforeInstalled]);
    // The last row spreads the batch over one thread per core (`--jobs N`, not auto, which
    // leaves a core to V8); its front end is one thread's, so no ratio is printed for it.
    const cores = availableParallelism();
    const runtimes = [["Node.js (bundle)", "node", ["--liftoff-only"], []], ["Bun (sources)", process.execPath, [], []],
      [`Node.js, --jobs ${cores}`, "node", ["--liftoff-only"], ["--jobs", String(cores)]]] as const;
    const rates = new Map<string, { check: number[]; front: number[]; answered: number }>();
    // Interleaved: this checkout and the other one take turns, so load falls on both alike.
    for (let run = 0; run < batchRuns; run++) {
      for (const [runtime, exe, flags, extra] of runtimes) {
        for (const [label, root] of roots) {
          // A checkout from before --jobs has no parallel row.
          if (extra.length > 0 && label !== "") continue;
          const t0 = performance.now();
          const r = spawnSync(exe, [join(root, "bin", "shellfence.js"), "check", "--jsonl", ...extra, "--home",
            join(scratch, "home")], { input, encoding: "utf8", maxBuffer: 1 << 30 });
          const s = (performance.now() - t0) / 1000;
          const answered = r.stdout.split("\n").filter((l) => l !== "").length;
          const f = spawnSync(exe, [...flags, join(here, "bench", "front.mjs"), root, corpus, String(lines.length)], {
            encoding: "utf8",
          });
          const front = f.status === 0 ? (JSON.parse(f.stdout) as { perSecond: number }).perSecond : NaN;
          const key = label + runtime;
          const row = rates.get(key) ?? { check: [], front: [], answered };
          row.check.push(lines.length / s);
          row.front.push(front);
          rates.set(key, row);
        }
      }
    }
    const med = (xs: readonly number[]) => percentile([...xs].sort((a, b) => a - b), 50);
    const both = (
      xs: readonly number[],
    ) => (batchRuns > 1 ? `${fmt(med(xs), 0)} (${fmt(Math.max(...xs), 0)})` : fmt(xs[0]!, 0));
    for (const [key, row] of rates) {
      const note = row.answered === lines.length ? "" : `  (${row.answered} answers)`;
      const ratio = key.includes("--jobs") ? "-" : fmt(med(row.check) / med(row.front), 2);
      console.log(
        `${key.padEnd(28)} ${both(row.check).padEnd(16)} ${both(row.front).padEnd(16)} ${ratio.padStart(13)}${note}`,
      );
    }
    const parallel = rates.get(runtimes[2][0]);
    if (parallel) {
      console.log(
        `--jobs ${cores}: ${
          fmt(med(parallel.check) / med(rates.get(runtimes[0][0])!.check), 2)
        }× one thread's checks/s (median), on ${cores} cores`,
      );
    }
    if (before) {
      for (const [runtime, , , extra] of runtimes) {
        if (extra.length > 0) continue;
        const now = rates.get(runtime)!;
        const then = rates.get(`before: ${runtime}`)!;
        console.log(
          `${runtime}: ${fmt(med(now.check) / med(then.check), 2)}× the checks/s of before (median), ${
            fmt(Math.max(...now.check) / Math.max(...then.check), 2)
          }× (best)`,
        );
      }
    }
  }
} else {
  console.log("start-to-verdict timing skipped: run `npm run build` first");
}
rmSync(scratch, { recursive: true, force: true });

async function waitForSocket(dir: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (existsSync(join(dir, "shellfence")) && readdirSync(join(dir, "shellfence")).some((f) => f.endsWith(".sock"))) {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  console.log("the resident server did not start within 10 s");
}
