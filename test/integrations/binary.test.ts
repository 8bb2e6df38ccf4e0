// The single-file executable: built once with the package's own `build:binary` command (to a
// temp dir), copied where no grammar/ or node_modules/ exists, and run against fixture cases.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildFixture, type Fixture } from "../support/fixture.ts";
import { fingerprintOf } from "../../src/report/scan-fingerprint.ts";

const root = new URL("../..", import.meta.url).pathname;

let fx: Fixture;
let dir: string;
let binary: string;

beforeAll(() => {
  fx = buildFixture();
  dir = mkdtempSync(join(tmpdir(), "shellfence-bin-"));
  const built = join(dir, "build", "shellfence");
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const command = pkg.scripts["build:binary"]!.replace("dist/bin/shellfence", built);
  const b = spawnSync("sh", ["-c", command], { cwd: root, encoding: "utf8",
    env: { ...process.env, PATH: `${join(root, "node_modules", ".bin")}:${process.env.PATH}` } });
  if (b.status !== 0) throw new Error(`build:binary failed: ${b.stdout}${b.stderr}`);
  // Nothing beside the copy: it must carry the grammar and web-tree-sitter's WASM inside.
  binary = join(dir, "shellfence");
  copyFileSync(built, binary);
  rmSync(join(dir, "build"), { recursive: true, force: true });
  spawnSync("chmod", ["+x", binary]);
}, 120_000);
afterAll(() => {
  fx.remove();
  rmSync(dir, { recursive: true, force: true });
});

function run(args: readonly string[], input?: string) {
  const r = spawnSync(binary, args, { input, encoding: "utf8", cwd: fx.project,
    env: { PATH: "/usr/bin:/bin", HOME: fx.home, NO_COLOR: "1" } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("the compiled binary", () => {
  test("allow: exit 0", () => {
    const r = run(["check", "--", "cat README.md && ls src"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });
  test("ask: exit 3 with the reason", () => {
    const r = run(["check", "--", "cd .. && cat outside/secret.txt"]);
    expect(r.status).toBe(3);
    expect(r.stdout).toContain(`EXTERNAL_PATH  cat: ${fx.outside}/secret.txt is outside the project roots`);
  });
  test("deny: exit 1", () => {
    const cfg = join(dir, "deny.json");
    writeFileSync(cfg, JSON.stringify({ permission: { external_directory: { "*": "deny" } } }));
    expect(run(["check", "--config", cfg, "--", "cat ../outside/secret.txt"]).status).toBe(1);
  });
  test("a Claude Code hook input: the hookSpecificOutput answer", () => {
    const input = JSON.stringify({ session_id: "s", transcript_path: "/t.jsonl", cwd: fx.project,
      permission_mode: "default", hook_event_name: "PreToolUse", tool_name: "Read",
      tool_input: { file_path: join(fx.home, ".bashrc") }, tool_use_id: "toolu_1" });
    const r = run(["hook", "claude-code"], input);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask",
        permissionDecisionReason:
          `shellfence: Read reads ${fx.home}/.bashrc, outside the project (rule external_directory:*). Allow it with a rule in .shellfence.json, or work inside the project.` },
    });
  });
  test("a hook input it cannot read still answers", () => {
    const r = run(["hook", "claude-code", "--strict"], "{");
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
  });
  test("scan", () => {
    const r = run(["scan", "--format", "json", "scripts"]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ file: "scripts/escape.sh", line: 2, col: 5, endLine: 2, endCol: 26,
      decision: "ask", code: "EXTERNAL_PATH",
      message: `cat: ${fx.outside}/secret.txt is outside the project roots (rule external_directory:*)`,
      statement: "cat ../outside/secret.txt", written: "../outside/secret.txt",
      fingerprint: fingerprintOf({ file: "scripts/escape.sh", code: "EXTERNAL_PATH",
        statement: "cat ../outside/secret.txt", written: "../outside/secret.txt" }) }]);
  });
});
