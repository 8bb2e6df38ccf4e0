// The package as a consumer project sees it once installed: `npx shellfence` and `bunx
// shellfence` run the bin, and the `shellfence/opencode` and `shellfence/pi` subpath exports
// load under Node.js (compiled dist/) and Bun (the TypeScript sources).

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildDist } from "../support/build.ts";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const bunx = join(root, "node_modules", ".bin", "bunx");

let consumer: string;
beforeAll(() => {
  buildDist();
  // An installed copy, as npm lays it out: node_modules/shellfence and its bin link.
  consumer = realpathSync(mkdtempSync(join(tmpdir(), "shellfence-consumer-")));
  mkdirSync(join(consumer, "node_modules", ".bin"), { recursive: true });
  symlinkSync(root, join(consumer, "node_modules", "shellfence"));
  symlinkSync("../shellfence/bin/shellfence.js", join(consumer, "node_modules", ".bin", "shellfence"));
  writeFileSync(join(consumer, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module", dependencies: { shellfence: "*" } }));
}, 120_000);
afterAll(() => rmSync(consumer, { recursive: true, force: true }));

const hookInput = () =>
  JSON.stringify({ cwd: consumer, hook_event_name: "PreToolUse", tool_name: "Bash",
    tool_input: { command: "cat ../elsewhere/x" } });

function run(cmd: string, args: readonly string[], input?: string) {
  const r = spawnSync(cmd, args, { cwd: consumer, input, encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", SHELLFENCE_RESIDENT: "0" } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("the bin", () => {
  test.each([["npx", ["shellfence"]], [bunx, ["shellfence"]], [bunx, ["--bun", "shellfence"]]])(
    "%s %p hook claude-code answers",
    (cmd, pre) => {
      const r = run(cmd, [...pre, "hook", "claude-code"], hookInput());
      expect(r.status).toBe(0);
      expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe("ask");
    },
  );
  test("npx shellfence scan", () => {
    writeFileSync(join(consumer, "x.sh"), "cat /etc/hosts\n");
    const r = run("npx", ["shellfence", "scan", "--format", "json", "x.sh"]);
    expect(r.status).toBe(0);
    expect((JSON.parse(r.stdout) as { code: string }[]).map((f) => f.code)).toEqual(["EXTERNAL_PATH"]);
  });
});

describe("subpath exports", () => {
  const probe = `
    const oc = await import("shellfence/opencode");
    const pi = await import("shellfence/pi");
    const hooks = await oc.ShellfencePlugin({ directory: process.cwd() });
    let blocked = null;
    try { await hooks["tool.execute.before"]({ tool: "read", sessionID: "s", callID: "c" }, { args: { filePath: "/etc/hosts" } }); }
    catch (e) { blocked = e.message; }
    let handler;
    pi.default({ on: (_e, h) => { handler = h; } });
    const r = await handler({ toolName: "read", input: { path: "/etc/hosts" } }, { cwd: process.cwd(), hasUI: false, ui: { confirm: async () => true } });
    console.log(JSON.stringify([Object.keys(oc).sort(), typeof pi.default, blocked !== null, r.block]));
  `;
  test("under Node.js (dist/)", () => {
    writeFileSync(join(consumer, "probe.mjs"), probe);
    const r = run("node", ["probe.mjs"]);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual([["ShellfencePlugin", "default"], "function", true, true]);
  });
  test("under Bun (the sources)", () => {
    writeFileSync(join(consumer, "probe.ts"), probe);
    const r = run(process.execPath, ["probe.ts"]);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual([["ShellfencePlugin", "default"], "function", true, true]);
  });
});
