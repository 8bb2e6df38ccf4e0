// Hook latency, process start to answer: the median of N runs of `shellfence hook claude-code`
// fed one Bash PreToolUse input, for the npm entry under Node.js (dist/ must be built:
// `npm run build`), under Bun (bunx), and for the compiled binary (`npm run build:binary`).
// Then where the npm entry's time goes, measured inside one Node.js process.
//
//   bun run scripts/hook-latency.ts [runs]

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const runs = Number(process.argv[2] ?? 20);
const project = mkdtempSync(join(tmpdir(), "shellfence-latency-"));
mkdirSync(join(project, "src"));
const input = JSON.stringify({ session_id: "s", transcript_path: "/t.jsonl", cwd: project, permission_mode: "default",
  hook_event_name: "PreToolUse", tool_name: "Bash",
  tool_input: { command: "cd src && grep -rn TODO . | head -20 > ../todo.txt && cat ~/.bashrc", description: "x" },
  tool_use_id: "toolu_1" });

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

function measure(label: string, cmd: string[]): void {
  if (!existsSync(cmd[0]!) && !cmd[0]!.startsWith("node")) {
    console.log(`${label.padEnd(34)} (missing ${cmd[0]})`);
    return;
  }
  const times: number[] = [];
  let answer = "";
  for (let i = 0; i < runs + 1; i++) {
    const t = performance.now();
    const r = spawnSync(cmd[0]!, [...cmd.slice(1), "hook", "claude-code"], { input, encoding: "utf8", cwd: project });
    const ms = performance.now() - t;
    if (r.status !== 0) throw new Error(`${label}: exit ${r.status}: ${r.stderr}`);
    answer = r.stdout;
    if (i > 0) times.push(ms); // the first run warms the page cache
  }
  const decision =
    (JSON.parse(answer) as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput
      .permissionDecision;
  console.log(
    `${label.padEnd(34)} median ${median(times).toFixed(0)} ms  (min ${Math.min(...times).toFixed(0)}, max ${
      Math.max(...times).toFixed(0)
    }, ${runs} runs, answer ${decision})`,
  );
}

console.log(`hook latency, process start to answer (${runs} runs each)`);
measure("npm entry (node bin/shellfence.js)", ["node", join(root, "bin", "shellfence.js")]);
measure("bunx (bun src/cli/run.ts)", [process.execPath, join(root, "src", "cli", "run.ts")]);
measure("binary (dist/bin/shellfence)", [join(root, "dist", "bin", "shellfence")]);

// Where the npm entry's time goes: the same steps, timed inside one Node.js process.
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
const startup: number[] = [];
for (let i = 0; i < 10; i++) {
  const t = performance.now();
  spawnSync("node", ["-e", "0"]);
  startup.push(performance.now() - t);
}
console.log(
  `\nnpm entry breakdown (one process; Node.js start and exit of an empty script: ${
    median(startup).toFixed(0)
  } ms median)`,
);
const r = spawnSync("node", ["--input-type=module", "-e", probe], { encoding: "utf8", cwd: root });
process.stdout.write(r.stdout + r.stderr);
rmSync(project, { recursive: true, force: true });
