// Hook latency, process start to answer: the median of N runs of `shellfence hook claude-code`
// fed one Bash PreToolUse input, along each path, interleaved (each round runs every path once,
// so load on the machine falls on all alike), against a bare `node -e 0` of the same rounds:
// the npm entry under Node.js one-shot and through the resident checker (its Node.js client,
// and the native client, by the launcher bin/shellfence-hook and directly), under Bun (bunx),
// and the compiled binary (`npm run build:binary`). dist/ must be built (`npm run build`; the
// native client where a C compiler is). Then where the npm entry's one-shot time goes,
// measured inside one Node.js process.
//
//   bun run scripts/hook-latency.ts [runs]

import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverEnv } from "../src/server/protocol.ts";

const root = new URL("..", import.meta.url).pathname;
const runs = Number(process.argv[2] ?? 20);
const project = mkdtempSync(join(tmpdir(), "shellfence-latency-"));
mkdirSync(join(project, "src"));
const runtime = join(project, "run");
mkdirSync(runtime, { mode: 0o700 });
const input = JSON.stringify({ session_id: "s", transcript_path: "/t.jsonl", cwd: project, permission_mode: "default",
  hook_event_name: "PreToolUse", tool_name: "Bash",
  tool_input: { command: "cd src && grep -rn TODO . | head -20 > ../todo.txt && cat ~/.bashrc", description: "x" },
  tool_use_id: "toolu_1" });

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

interface Path {
  readonly label: string;
  readonly argv: readonly string[];
  readonly env?: Record<string, string>;
}

const native = join(root, "dist", "native", `${process.platform}-${process.arch}`, "shellfence-hook");
const oneShot = { SHELLFENCE_RESIDENT: "0" };
const paths: Path[] = [{ label: "node -e 0 (baseline)", argv: ["node", "-e", "0"] }, {
  label: "npm entry, one-shot (node bin/shellfence.js)",
  argv: ["node", join(root, "bin", "shellfence.js"), "hook", "claude-code"],
  env: oneShot,
}, { label: "npm entry, resident, Node.js client",
  argv: ["node", join(root, "bin", "shellfence.js"), "hook", "claude-code"] }, {
  label: "resident, native client (bin/shellfence-hook)",
  argv: [join(root, "bin", "shellfence-hook"), "claude-code"],
}, { label: "resident, native client, direct", argv: [native, "claude-code"] }, {
  label: "bunx (bun src/cli/run.ts), one-shot",
  argv: [process.execPath, join(root, "src", "cli", "run.ts"), "hook", "claude-code"],
}, { label: "binary (dist/bin/shellfence), one-shot",
  argv: [join(root, "dist", "bin", "shellfence"), "hook", "claude-code"], env: oneShot }];
const present = paths.filter((p) => {
  if (p.argv[0] === "node" || existsSync(p.argv[0]!)) return true;
  console.log(`${p.label.padEnd(48)} (missing ${p.argv[0]})`);
  return false;
});

// The resident checker the resident paths ask, in a runtime directory of this run's own.
const env = { ...process.env, XDG_RUNTIME_DIR: runtime, SHELLFENCE_RESIDENT_IDLE: "120" };
const server = spawn("node", [join(root, "bin", "shellfence.js"), "serve"], { env: serverEnv(env), stdio: "ignore" });
for (let i = 0; i < 400 && !existsSync(join(runtime, "shellfence")); i++) await new Promise((r) => setTimeout(r, 50));
for (let i = 0; i < 400 && readdirSync(join(runtime, "shellfence")).length === 0; i++) {
  await new Promise((r) => setTimeout(r, 50));
}

/**
 * CPU time in clock ticks from /proc (Linux): this process's waited-for children (each path's own
 * processes, whatever the load makes them wait) and the server's, whose check a resident call
 * pays for. What a call costs an idle machine is about their sum.
 */
const hasProc = existsSync("/proc/self/stat");
const tick = 1000 / Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100);
function cpuTicks(pid: number | "self", children: boolean): number {
  if (!hasProc) return 0;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 14-17 of proc(5): utime, stime, cutime, cstime (f[0] is field 3).
  return children ? Number(f[13]) + Number(f[14]) : Number(f[11]) + Number(f[12]);
}

const times = new Map<string, number[]>(present.map((p) => [p.label, []]));
const cpu = new Map<string, { client: number; server: number }>(
  present.map((p) => [p.label, { client: 0, server: 0 }]),
);
const answers = new Map<string, Set<string>>(present.map((p) => [p.label, new Set()]));
// Round 0 warms the page cache and the code caches, and is not counted.
for (let round = 0; round <= runs; round++) {
  for (const p of present) {
    const [c0, s0] = [cpuTicks("self", true), cpuTicks(server.pid!, false)];
    const t = performance.now();
    const r = spawnSync(p.argv[0]!, p.argv.slice(1), { input, encoding: "utf8", cwd: project,
      env: { ...env, ...p.env } });
    const ms = performance.now() - t;
    if (r.status !== 0) throw new Error(`${p.label}: exit ${r.status}: ${r.stderr}`);
    if (round > 0) {
      times.get(p.label)!.push(ms);
      const used = cpu.get(p.label)!;
      used.client += cpuTicks("self", true) - c0;
      used.server += cpuTicks(server.pid!, false) - s0;
    }
    if (p !== present[0]) {
      answers.get(p.label)!.add(
        (JSON.parse(r.stdout) as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput
          .permissionDecision,
      );
    }
  }
}
server.kill("SIGTERM");

const load = readFileSync("/proc/loadavg", "utf8").split(" ")[0];
console.log(`hook latency, process start to answer (median of ${runs}, interleaved; load ${load})`);
if (hasProc) console.log(`${"".padEnd(48)}    wall   × node -e 0   CPU per call: its processes + the server's`);
const base = median(times.get(present[0]!.label)!);
for (const p of present) {
  const t = times.get(p.label)!;
  const answer = p === present[0] ? "" : `, answer ${[...answers.get(p.label)!].join("/")}`;
  const used = cpu.get(p.label)!;
  const perCall = (ticks: number) => `${((ticks * tick) / runs).toFixed(1)} ms`;
  console.log(
    `${p.label.padEnd(48)} ${median(t).toFixed(1).padStart(7)} ms  ${(median(t) / base).toFixed(2).padStart(5)}  ` +
      (hasProc ? `  ${perCall(used.client).padStart(9)} + ${perCall(used.server).padEnd(9)}` : "") +
      `  (min ${Math.min(...t).toFixed(1)}, max ${Math.max(...t).toFixed(1)}${answer})`,
  );
}

// Where the npm entry's one-shot time goes: the same steps, timed inside one Node.js process.
const probe = `
  const t0 = performance.now();
  const { setFlagsFromString } = await import("node:v8");
  setFlagsFromString("--liftoff-only");
  const lap = [];
  const mark = (l) => lap.push([l, performance.now()]);
  const { createHost, checkCall } = await import(${JSON.stringify(join(root, "dist", "integrations", "host.js"))});
  await import(${JSON.stringify(join(root, "dist", "cli", "main.js"))});
  mark("load modules");
  const { Parser } = await import("web-tree-sitter");
  await Parser.init();
  mark("web-tree-sitter init");
  const host = await createHost({ root: ${JSON.stringify(project)} });
  mark("grammar (hash + load) and config");
  host.checkBash(${JSON.stringify((JSON.parse(input) as { tool_input: { command: string } }).tool_input.command)}, ${
    JSON.stringify(project)
  });
  mark("first check");
  let prev = t0;
  for (const [l, t] of lap) { console.log(l.padEnd(36) + (t - prev).toFixed(1).padStart(7) + " ms"); prev = t; }
`;
console.log(
  `\nnpm entry breakdown (one process; Node.js start and exit of an empty script: ${base.toFixed(0)} ms median, above)`,
);
const r = spawnSync("node", ["--input-type=module", "-e", probe], { encoding: "utf8", cwd: root });
process.stdout.write(r.stdout + r.stderr);
rmSync(project, { recursive: true, force: true });
