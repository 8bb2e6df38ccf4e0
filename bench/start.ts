// Start to verdict: how long a user waits for one answer along each path the package offers,
// against a bare `node -e 0` measured in the same run (the ratio is what the targets in issues
// 14 and 33 name; milliseconds depend on the machine and its load).
//
// The package is measured as users install it: packed (`npm pack`) and installed from the
// tarball into a scratch project (npm extracts it with fresh modification times, and the runtime
// dependencies come from the registry or npm's cache), not a symlinked checkout, whose files
// and times are not what an install has. Every hook path answers the same Claude Code PreToolUse
// call (`cat ../x`, which is `ask`), every check path the same command, and every answer is
// compared with the first of its kind: a path that answers differently is reported, not timed
// as if it were right.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface StartPath {
  readonly name: string;
  readonly argv: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** The process's working directory (which installed package npx finds); the hook input's is the same for all. */
  readonly cwd?: string;
  /** Run once, untimed, before the runs (starts the resident server). */
  readonly warm?: boolean;
  /** A `check` on the command line: no stdin, and its answers compared with the other checks'. */
  readonly check?: boolean;
}

export interface StartRow {
  readonly name: string;
  readonly medianMs: number;
  readonly ratio: number;
  readonly note: string;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.floor(s.length / 2)]!;
}

/**
 * A project with the package installed from its tarball, as a user installs it: `npm pack` in
 * `packageRoot` (built already: --ignore-scripts skips the prepare step's second build), then
 * `npm install` of the tarball. Returns the project; the package is in node_modules/shellfence.
 */
export function installedProject(scratch: string, packageRoot: string): string {
  const project = join(scratch, "project");
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "bench-project", private: true }));
  const npm = (args: string[], cwd: string, what: string) => {
    const r = spawnSync("npm", args, { cwd, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${what} failed: ${r.stderr}`);
    return r.stdout;
  };
  const packed = npm(["pack", "--ignore-scripts", "--pack-destination", scratch], packageRoot, "npm pack");
  const tarball = packed.trim().split("\n").pop()!;
  npm(["install", "--no-audit", "--no-fund", join(scratch, tarball)], project, `npm install of ${tarball}`);
  return project;
}

/** The package as installed in `project`. */
export function installedPackage(project: string): string {
  return join(project, "node_modules", "shellfence");
}

export function hookInput(cwd: string): string {
  return JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "cat ../x" }, cwd });
}

/** Times each path `runs` times, interleaved so that load on the machine falls on all alike. */
export function measureStart(paths: readonly StartPath[],
  opts: { cwd: string; input: string; runs: number; env: Record<string, string | undefined> }): StartRow[]
{
  const baseline: StartPath = { name: "node -e 0 (baseline)", argv: ["node", "-e", "0"] };
  const all = [baseline, ...paths];
  const times = new Map<string, number[]>(all.map((p) => [p.name, []]));
  const answers = new Map<string, Set<string>>(all.map((p) => [p.name, new Set()]));
  const run = (p: StartPath) => {
    const t0 = performance.now();
    const input = p === baseline || p.check ? "" : opts.input;
    const env = { ...opts.env, ...p.env };
    const r = spawnSync(p.argv[0]!, p.argv.slice(1), { cwd: p.cwd ?? opts.cwd, input, encoding: "utf8", env });
    const dt = performance.now() - t0;
    if (p !== baseline) answers.get(p.name)!.add(`${r.status} ${r.stdout}${r.error ? String(r.error) : ""}`);
    return dt;
  };
  for (const p of all) if (p.warm) run(p);
  for (let i = 0; i < opts.runs; i++) for (const p of all) times.get(p.name)!.push(run(p));
  const base = median(times.get(baseline.name)!);
  // The first hook path's answer is the reference for hook paths, the first check's for checks.
  const reference = (check: boolean) => answers.get(paths.find((p) => (p.check ?? false) === check)!.name)!;
  return all.map((p) => {
    const got = answers.get(p.name)!;
    const same = p === baseline || (got.size === 1 && [...got][0] === [...reference(p.check ?? false)][0]);
    const m = median(times.get(p.name)!);
    return { name: p.name, medianMs: m, ratio: m / base,
      note: same ? "" : `DIFFERENT ANSWER: ${[...got].join(" | ").slice(0, 200)}` };
  });
}

export function printStart(rows: readonly StartRow[], runs: number): void {
  const what = "Claude Code hook, `cat ../x` → ask; check -- 'cat ../x' → ask";
  console.log(`\nstart to verdict (${what}), median of ${runs}, interleaved`);
  console.log(`path${" ".repeat(52)}       ms   × node -e 0`);
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(56)} ${r.medianMs.toFixed(1).padStart(7)}   ${r.ratio.toFixed(2).padStart(6)}  ${r.note}`,
    );
  }
}

/**
 * The paths of the package installed in `project`: the hook one-shot and through the resident
 * checker (by the installed bin's Node.js client, by npx, and by the README's hook command, the
 * launcher of the native client, and the native client itself), a one-shot
 * `check`, and for comparison the compiled modules one by one and the compiled binary when
 * `root` (the checkout) has one built.
 */
export function startPaths(root: string, project: string): StartPath[] {
  const pkg = installedPackage(project);
  const bin = join(project, "node_modules", ".bin", "shellfence");
  const oneShot = { SHELLFENCE_RESIDENT: "0" };
  const bundled = existsSync(join(pkg, "dist", "bundle", "shellfence.cjs"));
  const npx = ["npx", "--no-install", "shellfence", "hook", "claude-code"];
  const hook = [bin, "hook", "claude-code"];
  const paths: StartPath[] = [{ name: `hook, one-shot (node_modules/.bin${bundled ? ", bundle" : ""})`, argv: hook,
    env: oneShot }, { name: "hook, one-shot (npx shellfence)", argv: npx, env: oneShot }];
  if (bundled) {
    paths.push({ name: "hook, resident, Node.js client (.bin/shellfence)", argv: hook, warm: true });
    paths.push({ name: "hook, resident (npx shellfence)", argv: npx, warm: true });
    // The README's hook: the launcher, which runs the native client where the package has one
    // for this machine (else the Node.js bin: then this row is the Node.js client's).
    const launcher = join(project, "node_modules", ".bin", "shellfence-hook");
    const native = join(pkg, "dist", "native", `${process.platform}-${process.arch}`, "shellfence-hook");
    const client = existsSync(native) ? "native" : "no native client, Node.js";
    if (existsSync(launcher)) {
      paths.push({ name: `hook, resident, ${client} (.bin/shellfence-hook, README)`, argv: [launcher, "claude-code"],
        warm: true });
    }
    if (existsSync(native)) {
      paths.push({ name: "hook, resident, native (dist/native/…, direct)", argv: [native, "claude-code"], warm: true });
    }
    // The compiled modules one by one, as the entry ran them before the bundle.
    const run = join(pkg, "dist", "cli", "run.js");
    const name = "hook, one-shot (node --liftoff-only dist/cli/run.js)";
    if (existsSync(run)) paths.push({ name, argv: ["node", "--liftoff-only", run, "hook", "claude-code"] });
  }
  paths.push({ name: "check, one-shot (node_modules/.bin)", argv: [bin, "check", "--", "cat ../x"], check: true });
  const binary = join(root, "dist", "bin", "shellfence");
  const name = "hook, compiled binary (checkout's dist/bin)";
  if (existsSync(binary)) paths.push({ name, argv: [binary, "hook", "claude-code"], env: oneShot });
  return paths;
}

/** Which code the installed bin runs and whether V8's code cache was there (SHELLFENCE_RESIDENT_DEBUG). */
export function describeInstall(project: string, env: Record<string, string | undefined>): string {
  const bin = join(project, "node_modules", ".bin", "shellfence");
  const dbg = { ...env, SHELLFENCE_RESIDENT: "0", SHELLFENCE_RESIDENT_DEBUG: "1" };
  // The first call after the install, then one that finds the cache it wrote.
  const first = spawnSync(bin, ["check", "--", "ls"], { cwd: project, encoding: "utf8", env: dbg }).stderr.trim();
  const second = spawnSync(bin, ["check", "--", "ls"], { cwd: project, encoding: "utf8", env: dbg }).stderr.trim();
  const version = spawnSync(bin, ["--version"], { cwd: project, encoding: "utf8", env }).stdout.trim();
  const caches = readdirSync(join(installedPackage(project), "dist", "bundle")).filter((f) => f.endsWith(".v8cache"));
  const cached = `code caches beside the bundle: ${caches.join(", ") || "none"}`;
  return `${version}, installed from its tarball\n${first}\n${second}\n${cached}`;
}

export function cleanup(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
