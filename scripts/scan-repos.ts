// `shellfence scan` on real repositories, as a maintainer adding it to CI would run it: the
// documented line (docs/integrations.md, "In a workflow": `scan --preset github-actions`, JSON
// output), from each repository's root, twice — with a different HOME and TMPDIR each time, to
// check that the same checkout gives the same findings on any machine — under /usr/bin/time -v
// for the wall time and peak memory. It fetches nothing: the repositories are already extracted,
// one directory each, under DIR.
//
//   bun run scripts/scan-repos.ts DIR [--only NAME,…] [--runner node|bun] [--out OUTDIR]
//                                     [--sample N] [--seed S] [--once]
//
// --runner node (the default) runs bin/shellfence.js, the built package a maintainer installs
// (`npm run build` first); bun runs src/cli/run.ts, the sources as they are. --out writes each
// repository's findings (NAME.json) and the scanner's stderr (NAME.err). --sample N prints N
// findings a repository, picked with the seeded generator (--seed, default 32), for reading by
// hand. --once skips the second run (no determinism check).

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { mulberry32 } from "./rng.ts";

interface Finding {
  file: string;
  line: number;
  col: number;
  decision: string;
  code: string;
  message: string;
  statement: string;
  written: string;
}

interface RunResult {
  stdout: string;
  stderr: string;
  seconds: number;
  peakKiB: number;
  status: number | null;
}

interface Row {
  name: string;
  files: number;
  notJudged: number;
  findings: Finding[];
  seconds: number;
  peakKiB: number;
  identical: boolean | undefined;
}

interface Options {
  dir: string;
  only: string[] | undefined;
  runner: "node" | "bun";
  out: string | undefined;
  sample: number;
  seed: number;
  once: boolean;
}

const ROOT = resolve(import.meta.dir, "..");

function usage(message: string): never {
  process.stderr.write(`scan-repos: ${message}\n`);
  process.exit(2);
}

function parseOptions(argv: string[]): Options {
  const opts: Options = { dir: "", only: undefined, runner: "node", out: undefined, sample: 0, seed: 32, once: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) usage(`${arg} needs a value`);
      return v;
    };
    switch (arg) {
      case "--only":
        opts.only = value().split(",");
        break;
      case "--runner": {
        const v = value();
        if (v !== "node" && v !== "bun") usage("--runner is node or bun");
        opts.runner = v;
        break;
      }
      case "--out":
        opts.out = resolve(value());
        break;
      case "--sample":
        opts.sample = Number(value());
        break;
      case "--seed":
        opts.seed = Number(value());
        break;
      case "--once":
        opts.once = true;
        break;
      default:
        if (arg.startsWith("-") || opts.dir !== "") usage(`unexpected ${arg}`);
        opts.dir = resolve(arg);
    }
  }
  if (opts.dir === "") usage("DIR is required");
  return opts;
}

/** One scan of `repo`, with a HOME and a TMPDIR of its own, under /usr/bin/time -v. */
function scanOnce(repo: string, runner: "node" | "bun"): RunResult {
  const scratch = mkdtempSync(join(tmpdir(), "scan-repos-"));
  const home = join(scratch, "home");
  const tmp = join(scratch, "tmp");
  mkdirSync(home);
  mkdirSync(tmp);
  const cli = runner === "node" ? ["node", join(ROOT, "bin/shellfence.js")] : ["bun", join(ROOT, "src/cli/run.ts")];
  const timing = join(scratch, "time.txt");
  const r = spawnSync("/usr/bin/time", ["-v", "-o", timing, ...cli, "scan", "--preset", "github-actions", "--format",
    "json"], { cwd: repo, env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, TMPDIR: tmp, LANG: "C.UTF-8" },
    encoding: "utf8", maxBuffer: 1 << 30 });
  const time = readFileSync(timing, "utf8");
  rmSync(scratch, { recursive: true, force: true });
  return { stdout: r.stdout, stderr: r.stderr,
    seconds: clock(/Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)/.exec(time)?.[1] ?? "0"),
    peakKiB: Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(time)?.[1] ?? 0), status: r.status };
}

/** `h:mm:ss` or `m:ss.cc` as seconds. */
function clock(text: string): number {
  return text.split(":").reduce((acc, part) => acc * 60 + Number(part), 0);
}

function measure(repo: string, name: string, opts: Options): Row {
  const first = scanOnce(repo, opts.runner);
  if (first.status !== 0 && first.status !== 1) {
    process.stderr.write(`scan-repos: ${name}: exit ${first.status}\n${first.stderr.slice(-2000)}\n`);
  }
  const second = opts.once ? undefined : scanOnce(repo, opts.runner);
  const summary = /(\d+) files? scanned.*?(?:, (\d+) not judged)?$/m.exec(first.stderr);
  const findings = JSON.parse(first.stdout === "" ? "[]" : first.stdout) as Finding[];
  if (opts.out !== undefined) {
    writeFileSync(join(opts.out, `${name}.json`), first.stdout);
    writeFileSync(join(opts.out, `${name}.err`), first.stderr);
  }
  return { name, files: Number(summary?.[1] ?? 0), notJudged: Number(summary?.[2] ?? 0), findings,
    seconds: second === undefined ? first.seconds : Math.max(first.seconds, second.seconds),
    peakKiB: second === undefined ? first.peakKiB : Math.max(first.peakKiB, second.peakKiB),
    identical: second === undefined ? undefined : second.stdout === first.stdout };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function topCodes(findings: Finding[], n: number): string {
  const counts = new Map<string, number>();
  for (const f of findings) counts.set(f.code, (counts.get(f.code) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, n).map(([code, count]) =>
    `${code} ${count}`
  ).join(", ");
}

function printTable(rows: Row[]): void {
  const head = ["repository", "files", "findings", "deny", "ask", "not judged", "s", "MiB", "same", "codes"];
  const lines = rows.map((
    r,
  ) => [r.name, String(r.files), String(r.findings.length),
    String(r.findings.filter((f) => f.decision === "deny").length),
    String(r.findings.filter((f) => f.decision === "ask").length), String(r.notJudged), r.seconds.toFixed(1),
    (r.peakKiB / 1024).toFixed(0), r.identical === undefined ? "-" : r.identical ? "yes" : "NO",
    topCodes(r.findings, 4)]
  );
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const format = (cells: string[]): string =>
    cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join("  ");
  console.log(format(head));
  for (const l of lines) console.log(format(l));
  const totals = rows.map((r) => r.findings.length);
  console.log(
    `\n${rows.length} repositories: median ${median(totals)} findings, total ${totals.reduce((a, b) => a + b, 0)}; `
      + `by code: ${topCodes(rows.flatMap((r) => r.findings), 20)}`,
  );
}

/** N findings of the repository, drawn without replacement by the seeded generator. */
function sample(findings: Finding[], n: number, seed: number): Finding[] {
  const rng = mulberry32(seed);
  const pool = [...findings];
  const picked: Finding[] = [];
  while (picked.length < n && pool.length > 0) {
    const [f] = pool.splice(Math.floor(rng() * pool.length), 1);
    if (f !== undefined) picked.push(f);
  }
  return picked;
}

function main(): void {
  const opts = parseOptions(process.argv.slice(2));
  if (opts.out !== undefined) mkdirSync(opts.out, { recursive: true });
  const names = readdirSync(opts.dir).filter((n) => statSync(join(opts.dir, n)).isDirectory()).sort().filter((n) =>
    opts.only === undefined || opts.only.includes(n)
  );
  const rows: Row[] = [];
  for (const name of names) {
    process.stderr.write(`scan-repos: ${name}…\n`);
    rows.push(measure(join(opts.dir, name), name, opts));
  }
  printTable(rows);
  if (opts.sample > 0) {
    for (const r of rows) {
      console.log(`\n## ${r.name}`);
      for (const f of sample(r.findings, opts.sample, opts.seed)) {
        console.log(`${f.file}:${f.line}:${f.col} ${f.decision} ${f.code} ${f.message}\n    ${f.statement}`);
      }
    }
  }
}

main();
