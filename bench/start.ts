// Start to verdict: how long a user waits for one hook answer along each path the package
// offers, against a bare `node -e 0` measured in the same run (the ratio is what the targets
// in issue 14 name; milliseconds depend on the machine and its load).
//
// Every path answers the same Claude Code PreToolUse call (`cat ../x`, which is `ask`) from a
// scratch project that has the package installed as a dependency would be
// (node_modules/shellfence and node_modules/.bin/shellfence), and every answer is compared with
// the first one: a path that answers differently is reported, not timed as if it were right.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface StartPath {
  readonly name: string;
  readonly argv: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** The process's working directory (which installed package npx finds); the hook input's is the same for all. */
  readonly cwd?: string;
  /** Run once, untimed, before the runs (starts the resident server). */
  readonly warm?: boolean;
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

/** A project with the package installed the way npm installs a dependency. */
export function installedProject(scratch: string, packageRoot: string): string {
  const project = join(scratch, "project");
  mkdirSync(join(project, "node_modules", ".bin"), { recursive: true });
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "bench-project", private: true, dependencies: { shellfence: "*" } }));
  symlinkSync(packageRoot, join(project, "node_modules", "shellfence"));
  symlinkSync("../shellfence/bin/shellfence.js", join(project, "node_modules", ".bin", "shellfence"));
  return project;
}

export function hookInput(cwd: string): string {
  return JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "cat ../x" }, cwd });
}

/** Times each path `runs` times, interleaved so that load on the machine falls on all alike. */
export function measureStart(paths: readonly StartPath[], opts: { cwd: string; input: string; runs: number; env: Record<string, string | undefined> }): StartRow[] {
  const baseline: StartPath = { name: "node -e 0 (baseline)", argv: ["node", "-e", "0"] };
  const all = [baseline, ...paths];
  const times = new Map<string, number[]>(all.map((p) => [p.name, []]));
  const answers = new Map<string, Set<string>>(all.map((p) => [p.name, new Set()]));
  const run = (p: StartPath) => {
    const t0 = performance.now();
    const r = spawnSync(p.argv[0]!, p.argv.slice(1), { cwd: p.cwd ?? opts.cwd, input: p === baseline ? "" : opts.input, encoding: "utf8", env: { ...opts.env, ...p.env } });
    const dt = performance.now() - t0;
    if (p !== baseline) answers.get(p.name)!.add(`${r.status} ${r.stdout}${r.error ? String(r.error) : ""}`);
    return dt;
  };
  for (const p of all) if (p.warm) run(p);
  for (let i = 0; i < opts.runs; i++) for (const p of all) times.get(p.name)!.push(run(p));
  const base = median(times.get(baseline.name)!);
  const reference = answers.get(paths[0]!.name)!;
  return all.map((p) => {
    const got = answers.get(p.name)!;
    const same = p === baseline || (got.size === 1 && [...got][0] === [...reference][0]);
    const m = median(times.get(p.name)!);
    return { name: p.name, medianMs: m, ratio: m / base, note: same ? "" : `DIFFERENT ANSWER: ${[...got].join(" | ").slice(0, 200)}` };
  });
}

export function printStart(rows: readonly StartRow[], runs: number): void {
  console.log(`\nstart to verdict (Claude Code hook, \`cat ../x\` → ask), median of ${runs}, interleaved`);
  console.log(`path${" ".repeat(52)}       ms   × node -e 0`);
  for (const r of rows) console.log(`${r.name.padEnd(56)} ${r.medianMs.toFixed(1).padStart(7)}   ${r.ratio.toFixed(2).padStart(6)}  ${r.note}`);
}

/** The paths that exist in this checkout (the bundle and the binary only once built). */
export function startPaths(root: string, project: string): StartPath[] {
  const bin = join(project, "node_modules", ".bin", "shellfence");
  const oneShot = { SHELLFENCE_RESIDENT: "0" };
  const bundled = ["shellfence.cjs", "shellfence.mjs"].some((f) => existsSync(join(root, "dist", "bundle", f)));
  const paths: StartPath[] = [
    { name: "npx shellfence (one-shot)", argv: ["npx", "--no-install", "shellfence", "hook", "claude-code"], env: oneShot },
    { name: "node_modules/.bin/shellfence (one-shot)", argv: [bin, "hook", "claude-code"], env: oneShot },
    { name: `node bin/shellfence.js (one-shot${bundled ? ", bundle" : ""})`, argv: ["node", join(root, "bin", "shellfence.js"), "hook", "claude-code"], env: oneShot },
  ];
  // The compiled modules one by one, as the entry ran them before the bundle.
  if (bundled) paths.push({ name: "node --liftoff-only dist/run.js (unbundled)", argv: ["node", "--liftoff-only", join(root, "dist", "run.js"), "hook", "claude-code"] });
  const binary = join(root, "dist", "bin", "shellfence");
  if (existsSync(binary)) paths.push({ name: "compiled binary (bun build --compile)", argv: [binary, "hook", "claude-code"], env: oneShot });
  if (existsSync(join(root, "dist", "server", "client.js"))) {
    paths.push({ name: "node_modules/.bin/shellfence (resident, README)", argv: [bin, "hook", "claude-code"], warm: true });
    paths.push({ name: "npx shellfence (resident)", argv: ["npx", "--no-install", "shellfence", "hook", "claude-code"], warm: true });
  }
  return paths;
}

export function cleanup(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
