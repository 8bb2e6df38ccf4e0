// The opencode plugin called the way opencode calls it: every export of the module with the
// plugin context (and a config entry's options), then tool.execute.before with the tool's
// input and an output whose args are the tool's arguments. A throw blocks the tool.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import * as pluginModule from "../../src/integrations/opencode.ts";
import { ShellfencePlugin } from "../../src/integrations/opencode.ts";
import { buildFixture, type Fixture } from "../support/fixture.ts";

let fx: Fixture;
beforeAll(() => {
  fx = buildFixture();
});
afterAll(() => fx.remove());

/** The context opencode hands a plugin (client and $ are never touched by shellfence). */
function pluginInput(directory: string) {
  return {
    client: { app: { log: async () => ({}) } },
    project: { id: "proj_1", worktree: directory, vcs: "git" },
    directory,
    worktree: directory,
    serverUrl: new URL("http://127.0.0.1:4096"),
    $: () => {
      throw new Error("shellfence must not run shell commands");
    },
  };
}

let callNo = 0;
async function before(hooks: Awaited<ReturnType<typeof ShellfencePlugin>>, tool: string, args: unknown): Promise<string | null> {
  const input = { tool, sessionID: "ses_01", callID: `call_${++callNo}` };
  try {
    await hooks["tool.execute.before"](input, { args });
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

const OUTSIDE_FIX = "Allow it with a rule in .shellfence.json, or work inside the project.";
const NO_ASK = " (Blocked: opencode plugins cannot ask.)";

describe("the module", () => {
  test("exports only the plugin (opencode calls every export), once by identity", () => {
    const exported = Object.values(pluginModule);
    expect(exported.length).toBeGreaterThan(0);
    for (const v of exported) expect(v).toBe(ShellfencePlugin);
  });
});

describe("bash", () => {
  test("a command inside the project runs", async () => {
    const hooks = await ShellfencePlugin(pluginInput(fx.project));
    expect(await before(hooks, "bash", { command: "cat README.md | wc -l", description: "Count lines" })).toBeNull();
  });
  test("outside the project: blocked with the reason, noting that opencode cannot ask", async () => {
    const hooks = await ShellfencePlugin(pluginInput(fx.project));
    expect(await before(hooks, "bash", { command: "cat ../outside/secret.txt", description: "Read" })).toBe(
      `shellfence: cat reads ${fx.outside}/secret.txt, outside the project (rule external_directory:*). ${OUTSIDE_FIX}${NO_ASK}`,
    );
  });
  test('with { "ask": "allow" } an ask is left to opencode', async () => {
    const hooks = await ShellfencePlugin(pluginInput(fx.project), { ask: "allow" });
    expect(await before(hooks, "bash", { command: "cat ../outside/secret.txt" })).toBeNull();
  });
  test("a deny blocks even with ask: allow", async () => {
    const cfg = join(fx.top, "oc-deny.json");
    writeFileSync(cfg, JSON.stringify({ permission: { external_directory: { [`${fx.outside}/**`]: "deny" } } }));
    const hooks = await ShellfencePlugin(pluginInput(fx.project), { ask: "allow", config: [cfg] });
    expect(await before(hooks, "bash", { command: "cat ../outside/secret.txt" })).toBe(
      `shellfence: cat reads ${fx.outside}/secret.txt, outside the project (rule external_directory:${fx.outside}/**). ${OUTSIDE_FIX}`,
    );
  });
  test("workdir: relative paths resolve from it, and a workdir outside is itself judged", async () => {
    const hooks = await ShellfencePlugin(pluginInput(fx.project));
    expect(await before(hooks, "bash", { command: "cat deep.ts", workdir: join(fx.project, "src", "sub") })).toBeNull();
    expect(await before(hooks, "bash", { command: "cat secret.txt", workdir: fx.outside })).toBe(
      `shellfence: cd changes directory to ${fx.outside}, outside the project (rule external_directory:*); cat reads ${fx.outside}/secret.txt, outside the project (rule external_directory:*). ${OUTSIDE_FIX}${NO_ASK}`,
    );
  });
  test("a call without a command is blocked", async () => {
    const hooks = await ShellfencePlugin(pluginInput(fx.project));
    expect(await before(hooks, "bash", { description: "nothing" })).toBe("shellfence cannot check this bash call: it has no command");
    expect(await before(hooks, "bash", "ls")).toBe("shellfence cannot check this bash call: its arguments are not an object");
  });
});

describe("file tools", () => {
  test.each([
    ["read", { filePath: "$O/secret.txt" }, "read reads $O/secret.txt"],
    ["write", { filePath: "$O/new.txt", content: "x" }, "write writes $O/new.txt"],
    ["edit", { filePath: "$O/secret.txt", oldString: "a", newString: "b" }, "edit writes $O/secret.txt"],
    ["glob", { pattern: "**/*.txt", path: "$O" }, "glob lists $O"],
    ["glob", { pattern: "../outside/*.txt" }, "glob lists $O"],
    ["grep", { pattern: "TOKEN", path: "$H" }, "grep reads $H"],
    ["list", { path: "$O/dir" }, "list lists $O/dir"],
    ["apply_patch", { patchText: "*** Begin Patch\n*** Update File: $O/secret.txt\n@@\n-a\n+b\n*** End Patch" }, "apply_patch writes $O/secret.txt"],
  ])("%s outside the project is blocked", async (tool, args, said) => {
    const hooks = await ShellfencePlugin(pluginInput(fx.project));
    const a = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, fx.sub(v)]));
    expect(await before(hooks, tool, a)).toBe(`shellfence: ${fx.sub(said)}, outside the project (rule external_directory:*). ${OUTSIDE_FIX}${NO_ASK}`);
  });

  test.each([
    ["read", { filePath: "$P/README.md" }],
    ["read", { filePath: "src/main.ts" }],
    ["write", { filePath: "$P/docs/new.md", content: "x" }],
    ["glob", { pattern: "**/*.ts" }],
    ["grep", { pattern: "export", include: "*.ts" }],
    ["list", {}],
    ["apply_patch", { patchText: "*** Begin Patch\n*** Add File: docs/x.md\n+hi\n*** End Patch" }],
  ])("%s inside the project runs", async (tool, args) => {
    const hooks = await ShellfencePlugin(pluginInput(fx.project));
    const a = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, fx.sub(v)]));
    expect(await before(hooks, tool, a)).toBeNull();
  });

  test("tools it has no opinion on run", async () => {
    const hooks = await ShellfencePlugin(pluginInput(fx.project));
    expect(await before(hooks, "webfetch", { url: "https://example.com", format: "text" })).toBeNull();
    expect(await before(hooks, "todowrite", { todos: [] })).toBeNull();
  });
});

describe("failing closed", () => {
  test("bad options: the plugin still loads, and blocks every call it would check", async () => {
    const hooks = await ShellfencePlugin(pluginInput(fx.project), { ask: "maybe" });
    expect(await before(hooks, "bash", { command: "ls" })).toBe(`shellfence could not start, so nothing runs unchecked: shellfence: the "ask" option must be "block" or "allow", not "maybe"`);
    expect(await before(hooks, "webfetch", { url: "x" })).toBeNull();
  });
  test("a broken config file", async () => {
    const cfg = join(fx.top, "oc-broken.json");
    writeFileSync(cfg, "{");
    const hooks = await ShellfencePlugin(pluginInput(fx.project), { config: [cfg] });
    const message = await before(hooks, "read", { filePath: join(fx.project, "README.md") });
    expect(message).toStartWith("shellfence could not start, so nothing runs unchecked: ");
    expect(message).toContain(cfg);
  });
});
