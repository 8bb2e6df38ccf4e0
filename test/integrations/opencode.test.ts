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
  return { client: { app: { log: async () => ({}) } }, project: { id: "proj_1", worktree: directory, vcs: "git" },
    directory, worktree: directory, serverUrl: new URL("http://127.0.0.1:4096"),
    $: () => {
      throw new Error("shellfence must not run shell commands");
    } };
}

let callNo = 0;
async function before(hooks: Awaited<ReturnType<typeof ShellfencePlugin>>, tool: string,
  args: unknown): Promise<string | null>
{
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
    expect(await before(hooks, "bash", { description: "nothing" })).toBe(
      "shellfence cannot check this bash call: it has no command",
    );
    expect(await before(hooks, "bash", "ls")).toBe(
      "shellfence cannot check this bash call: its arguments are not an object",
    );
  });
});

describe("file tools", () => {
  test.each([["read", { filePath: "$O/secret.txt" }, "read reads $O/secret.txt"], ["write", { filePath: "$O/new.txt",
    content: "x" }, "write writes $O/new.txt"], ["edit", { filePath: "$O/secret.txt", oldString: "a", newString: "b" },
    "edit writes $O/secret.txt"], ["glob", { pattern: "**/*.txt", path: "$O" }, "glob lists $O"], ["glob", {
    pattern: "../outside/*.txt",
  }, "glob lists $O"], ["grep", { pattern: "TOKEN", path: "$H" }, "grep reads $H"], ["list", { path: "$O/dir" },
    "list lists $O/dir"], ["apply_patch", {
    patchText: "*** Begin Patch\n*** Update File: $O/secret.txt\n@@\n-a\n+b\n*** End Patch",
  }, "apply_patch writes $O/secret.txt"]])("%s outside the project is blocked", async (tool, args, said) => {
    const hooks = await ShellfencePlugin(pluginInput(fx.project));
    const a = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, fx.sub(v)]));
    expect(await before(hooks, tool, a)).toBe(
      `shellfence: ${fx.sub(said)}, outside the project (rule external_directory:*). ${OUTSIDE_FIX}${NO_ASK}`,
    );
  });

  test.each([["read", { filePath: "$P/README.md" }], ["read", { filePath: "src/main.ts" }], ["write", {
    filePath: "$P/docs/new.md",
    content: "x",
  }], ["glob", { pattern: "**/*.ts" }], ["grep", { pattern: "export", include: "*.ts" }], ["list", {}], ["apply_patch",
    { patchText: "*** Begin Patch\n*** Add File: docs/x.md\n+hi\n*** End Patch" }]])("%s inside the project runs",
      async (tool, args) => {
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

describe("apply_patch is read as leniently as opencode reads it", () => {
  let hooks: Awaited<ReturnType<typeof ShellfencePlugin>>;
  beforeAll(async () => {
    const cfg = join(fx.top, "oc-secrets.json");
    writeFileSync(cfg,
      JSON.stringify({ permission: { write: { "secrets/**": "deny" }, edit: { "secrets/**": "deny" } } }));
    hooks = await ShellfencePlugin(pluginInput(fx.project), { config: [cfg] });
  });
  const patch = (...lines: string[]) => ({ patchText: ["*** Begin Patch", ...lines, "*** End Patch"].join("\n") });
  const DENIED = (path: string) =>
    `shellfence: apply_patch writes ${fx.project}/${path} (rule edit:secrets/**). Change the rule in .shellfence.json if this access is intended.`;

  test.each([["no space after the colon", ["*** Add File:secrets/x", "+a"], "secrets/x"], ["a tab after the colon", [
    "*** Delete File:\tsecrets/x",
  ], "secrets/x"], ["spaces around the path", ["*** Update File:   secrets/x   ", "@@", "-a", "+b"], "secrets/x"], [
    "Move to: without a space",
    ["*** Update File: docs/guide.md", "*** Move to:secrets/a", "@@", "-guide", "+g"],
    "secrets/a",
  ], ["CRLF line ends", ["*** Add File: secrets/x\r", "+a\r"], "secrets/x"]])("%s: the file is judged",
    async (_what, lines, path) => {
      expect(await before(hooks, "apply_patch", patch(...lines))).toBe(DENIED(path));
    });

  test("a header with no space before an outside path is judged outside", async () => {
    expect(await before(hooks, "apply_patch", patch(`*** Add File:${fx.outside}/evil`, "+a"))).toBe(
      `shellfence: apply_patch writes ${fx.outside}/evil, outside the project (rule external_directory:*). ${OUTSIDE_FIX}${NO_ASK}`,
    );
  });
  test("the guard's own rules are protected through any header spelling", async () => {
    expect(await before(hooks, "apply_patch", patch("*** Update File:.shellfence.json", "@@", "-{}", "+{}"))).toContain(
      "(PROTECTED_PATH)",
    );
  });
  test.each([["a carriage return", "src/ok\r/../../secrets/x"], ["a line separator", "src/ok\u2028/../../secrets/x"], [
    "a paragraph separator",
    "src/ok\u2029x",
  ], ["a NEL", "src/ok\u0085x"]])("a path holding %s is refused, not judged under another name",
    async (_what, path) => {
      expect(await before(hooks, "apply_patch", patch(`*** Add File: ${path}`, "+a"))).toStartWith(
        "shellfence cannot check this apply_patch call: the patch names a path with a control character or a line separator in it",
      );
    });
  test.each([["an empty patch", patch()], ["a header with no path", patch("*** Add File:", "+a")], [
    "no envelope at all",
    { patchText: "--- a/x\n+++ b/x\n@@\n-a\n+b" },
  ]])("%s names no file and is blocked", async (_what, args) => {
    expect(await before(hooks, "apply_patch", args)).toBe(
      "shellfence cannot check this apply_patch call: no file it changes could be found in the patch",
    );
  });
  test.each([["an added file", patch("*** Add File: docs/new.md", "+hi")], ["an update with a move inside",
    patch("*** Update File: docs/guide.md", "*** Move to: docs/moved.md", "@@", "-guide", "+g")], ["a delete",
    patch("*** Delete File: docs/guide.md")], ["CRLF line ends", {
    patchText: "*** Begin Patch\r\n*** Add File: docs/x.md\r\n+hi\r\n*** End Patch\r\n",
  }], ["a heredoc around it", {
    patchText: "cat <<'EOF'\n*** Begin Patch\n*** Add File: docs/y.md\n+hi\n*** End Patch\nEOF",
  }]])("%s inside the project runs", async (_what, args) => {
    expect(await before(hooks, "apply_patch", args)).toBeNull();
  });
});

describe("batch: opencode runs its calls without the plugin's hook, so each is judged here", () => {
  test.each([[[{ tool: "read", parameters: { filePath: "$O/secret.txt" } }], "read reads $O/secret.txt"], [[{
    tool: "read",
    parameters: { filePath: "README.md" },
  }, { tool: "write", parameters: { filePath: "$O/new.txt", content: "x" } }], "write writes $O/new.txt"], [[{
    tool: "glob",
    parameters: { pattern: "../outside/*" },
  }], "glob lists $O"], [[{ tool: "apply_patch",
    parameters: { patchText: "*** Begin Patch\n*** Add File:$O/x\n+a\n*** End Patch" } }], "apply_patch writes $O/x"]])(
      "a batch with a call outside is blocked: %j",
      async (calls, said) => {
        const hooks = await ShellfencePlugin(pluginInput(fx.project));
        const tool_calls = calls.map((c) => ({ tool: c.tool,
          parameters: Object.fromEntries(Object.entries(c.parameters).map(([k, v]) => [k, fx.sub(v)])) })
        );
        expect(await before(hooks, "batch", { tool_calls })).toBe(
          `shellfence: ${fx.sub(said)}, outside the project (rule external_directory:*). ${OUTSIDE_FIX}${NO_ASK}`,
        );
      },
    );
  test("a bash call in a batch is judged as a command", async () => {
    const hooks = await ShellfencePlugin(pluginInput(fx.project));
    expect(
      await before(hooks, "batch", {
        tool_calls: [{ tool: "bash", parameters: { command: "cat ../outside/secret.txt", description: "x" } }],
      }),
    ).toBe(
      `shellfence: cat reads ${fx.outside}/secret.txt, outside the project (rule external_directory:*). ${OUTSIDE_FIX}${NO_ASK}`,
    );
  });
  test("a deny in a batch blocks it even with ask: allow", async () => {
    const cfg = join(fx.top, "oc-batch-deny.json");
    writeFileSync(cfg, JSON.stringify({ permission: { read: { "*.env": "deny" } } }));
    const hooks = await ShellfencePlugin(pluginInput(fx.project), { ask: "allow", config: [cfg] });
    const tool_calls = [{ tool: "read", parameters: { filePath: "README.md" } }, { tool: "read",
      parameters: { filePath: ".env" } }];
    expect(await before(hooks, "batch", { tool_calls })).toBe(
      `shellfence: read reads ${fx.project}/.env (rule read:*.env). Change the rule in .shellfence.json if this access is intended.`,
    );
  });
  test("a batch inside the project runs; tools shellfence ignores stay ignored", async () => {
    // The sandbox off: with it, a batch holding bash is refused (test/integrations/sandbox-route.test.ts).
    const hooks = await ShellfencePlugin(pluginInput(fx.project), { sandbox: false });
    const tool_calls = [{ tool: "read", parameters: { filePath: join(fx.project, "README.md") } }, { tool: "grep",
      parameters: { pattern: "export", include: "*.ts" } }, { tool: "bash",
      parameters: { command: "ls src", description: "List" } }, { tool: "webfetch",
      parameters: { url: "https://example.com", format: "text" } }];
    expect(await before(hooks, "batch", { tool_calls })).toBeNull();
  });
  test.each([[{}, "its tool_calls is not an array"], [{ tool_calls: "read" }, "its tool_calls is not an array"], [{
    tool_calls: [{ parameters: {} }],
  }, "tool_calls[0] has no tool name"], [{ tool_calls: [{ tool: "read", parameters: {} }] },
    "tool_calls[0] (read): it has no filePath"], [{ tool_calls: [{ tool: "bash" }] },
    "tool_calls[0] (bash): its arguments are not an object"], [{
    tool_calls: [{ tool: "batch", parameters: { tool_calls: [{ tool: "batch", parameters: { tool_calls: [] } }] } }],
  }, "tool_calls[0] (batch): tool_calls[0] (batch): it nests batch calls"]])("a malformed batch is blocked: %j",
    async (args, why) => {
      const hooks = await ShellfencePlugin(pluginInput(fx.project));
      expect(await before(hooks, "batch", args)).toBe(`shellfence cannot check this batch call: ${why}`);
    });
});

describe("failing closed", () => {
  test("bad options: the plugin still loads, and blocks every call it would check", async () => {
    const hooks = await ShellfencePlugin(pluginInput(fx.project), { ask: "maybe" });
    expect(await before(hooks, "bash", { command: "ls" })).toBe(
      `shellfence could not start, so nothing runs unchecked: shellfence: the "ask" option must be "block" or "allow", not "maybe"`,
    );
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
