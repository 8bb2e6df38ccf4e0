// The pi extension loaded the way pi loads it: the default export called with the extension
// API, then its tool_call handler called with pi's event and context. A { block, reason }
// result blocks the tool; ctx.ui.confirm is pi's dialog.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import shellfence, { CONFIRM_TITLE, type PiContext, type PiToolCallEvent,
  type PiToolCallResult } from "../../src/integrations/pi.ts";
import { buildFixture, type Fixture } from "../support/fixture.ts";

let fx: Fixture;
beforeAll(() => {
  fx = buildFixture();
});
afterAll(() => fx.remove());

type Handler = (event: PiToolCallEvent, ctx: PiContext) => Promise<PiToolCallResult>;

/** pi's ExtensionAPI, recording what the extension subscribes to. */
function fakePi() {
  const handlers = new Map<string, Handler[]>();
  const api = { on(event: string, handler: Handler) {
    handlers.set(event, [...(handlers.get(event) ?? []), handler]);
  },
    registerTool: () => {
      throw new Error("shellfence registers no tools");
    },
    registerCommand: () => {
      throw new Error("shellfence registers no commands");
    } };
  shellfence(api);
  return handlers;
}

/** pi's ExtensionContext, with a confirm dialog that answers `answer` and records its calls. */
function fakeCtx(cwd: string, hasUI: boolean, answer = true) {
  const asked: [string, string][] = [];
  const ctx = { cwd, hasUI, mode: hasUI ? "tui" : "print", signal: undefined,
    ui: { confirm: async (title: string, message: string) => {
      asked.push([title, message]);
      return answer;
    }, notify: () => {}, select: async () => undefined } };
  return { ctx, asked };
}

let id = 0;
async function call(toolName: string, input: unknown, cwd: string, hasUI = true, answer = true) {
  const handlers = fakePi();
  const [handler] = handlers.get("tool_call") ?? [];
  if (!handler) throw new Error("no tool_call handler");
  const { ctx, asked } = fakeCtx(cwd, hasUI, answer);
  const result = await handler({ type: "tool_call", toolCallId: `toolu_${++id}`, toolName, input } as PiToolCallEvent,
    ctx);
  return { result, asked };
}

const OUTSIDE_FIX = "Allow it with a rule in .shellfence.json, or work inside the project.";

describe("loading", () => {
  test("subscribes to session_start (to start the guard and show its status) and tool_call", () => {
    expect([...fakePi().keys()].sort()).toEqual(["session_start", "tool_call"]);
  });
  test("with a UI, session_start sets a footer status naming the project", async () => {
    const [start] = fakePi().get("session_start") ?? [];
    const statuses: [string, string | undefined][] = [];
    const { ctx } = fakeCtx(fx.project, true);
    await start!({} as PiToolCallEvent, { ...ctx,
      ui: { ...ctx.ui, setStatus: (k: string, t: string | undefined) => void statuses.push([k, t]) } });
    expect(statuses).toEqual([["shellfence", `shellfence: guarding ${fx.project}`]]);
  });
});

describe("bash", () => {
  test("inside the project: not blocked, nobody asked", async () => {
    expect(await call("bash", { command: "ls src && cat README.md" }, fx.project)).toEqual({ result: undefined,
      asked: [] });
  });
  test("an ask uses pi's confirm; yes lets it run", async () => {
    const { result, asked } = await call("bash", { command: "cat ../outside/secret.txt" }, fx.project, true, true);
    expect(result).toBeUndefined();
    expect(asked).toEqual([[CONFIRM_TITLE,
      `shellfence: cat reads ${fx.outside}/secret.txt, outside the project (rule external_directory:*). ${OUTSIDE_FIX}`]]);
  });
  test("an ask the user declines is blocked", async () => {
    const { result } = await call("bash", { command: "cat ../outside/secret.txt" }, fx.project, true, false);
    expect(result).toEqual({ block: true,
      reason:
        `shellfence: cat reads ${fx.outside}/secret.txt, outside the project (rule external_directory:*). ${OUTSIDE_FIX} (Declined by the user.)` });
  });
  test("an ask without a UI (print mode) is blocked", async () => {
    const { result, asked } = await call("bash", { command: "cat ../outside/secret.txt" }, fx.project, false);
    expect(asked).toEqual([]);
    expect(result).toEqual({ block: true,
      reason:
        `shellfence: cat reads ${fx.outside}/secret.txt, outside the project (rule external_directory:*). ${OUTSIDE_FIX} (Blocked: there is no UI to ask.)` });
  });
  test("a deny is blocked without asking", async () => {
    const project = join(fx.top, "pi-project");
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, ".shellfence.json"),
      JSON.stringify({ permission: { external_directory: { [`${fx.outside}/**`]: "deny" } } }));
    const { result, asked } = await call("bash", { command: `cat ${fx.outside}/secret.txt` }, project);
    expect(asked).toEqual([]);
    expect(result).toEqual({ block: true,
      reason:
        `shellfence: cat reads ${fx.outside}/secret.txt, outside the project (rule external_directory:${fx.outside}/**). ${OUTSIDE_FIX}` });
  });
  test("malformed input is blocked", async () => {
    expect((await call("bash", { timeout: 5 }, fx.project)).result).toEqual({ block: true,
      reason: "shellfence cannot check this bash call: it has no command" });
    expect((await call("bash", null, fx.project)).result).toEqual({ block: true,
      reason: "shellfence cannot check this bash call: its input is not an object" });
  });
});

describe("file tools", () => {
  test.each([["read", { path: "$O/secret.txt" }, "read reads $O/secret.txt"], ["read", { path: "@$O/secret.txt" },
    "read reads $O/secret.txt"], ["write", { path: "../outside/new.txt", content: "x" }, "write writes $O/new.txt"], [
    "edit",
    { path: "$O/secret.txt", edits: [{ oldText: "a", newText: "b" }] },
    "edit writes $O/secret.txt",
  ], ["find", { pattern: "*.txt", path: "$O" }, "find lists $O"], ["grep", { pattern: "TOKEN", path: "../outside" },
    "grep reads $O"], ["ls", { path: "$H" }, "ls lists $H"]])("%s outside the project: blocked without a UI",
      async (tool, input, said) => {
        const i = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === "string" ? fx.sub(v) : v]));
        const { result } = await call(tool, i, fx.project, false);
        expect(result).toEqual({ block: true,
          reason: `shellfence: ${
            fx.sub(said)
          }, outside the project (rule external_directory:*). ${OUTSIDE_FIX} (Blocked: there is no UI to ask.)` });
      });

  test.each([["read", { path: "README.md" }], ["write", { path: "docs/new.md", content: "x" }], ["find", {
    pattern: "**/*.ts",
  }], ["grep", { pattern: "export" }], ["ls", {}]])("%s inside the project runs", async (tool, input) => {
    expect((await call(tool, input, fx.project, false)).result).toBeUndefined();
  });

  test("tools it has no opinion on run", async () => {
    expect((await call("web_search", { query: "x" }, fx.project, false)).result).toBeUndefined();
  });
});

describe("paths are judged as pi normalises them before opening", () => {
  let project: string;
  beforeAll(() => {
    project = join(fx.top, "pi-paths");
    mkdirSync(join(project, "space dir"), { recursive: true });
    mkdirSync(join(project, "it\u2019s"), { recursive: true });
    writeFileSync(join(project, "space dir", "file.txt"), "x\n");
    writeFileSync(join(project, ".env"), "TOKEN=x\n");
    writeFileSync(join(project, "README.md"), "# x\n");
    writeFileSync(join(project, "it\u2019s", "notes.md"), "x\n");
    writeFileSync(join(project, ".shellfence.json"),
      JSON.stringify({
        permission: { read: { "space dir/**": "deny", "*.env": "deny", "it\u2019s/**": "deny" },
          write: { "space dir/**": "deny" } },
      }));
  });
  const blocked = async (tool: string, path: string) =>
    (await call(tool, { path, content: "x" }, project, false)).result;

  test.each([
    ["read", "space\u00A0dir/file.txt"],
    ["read", "space\u2007dir/file.txt"],
    ["write", "space\u3000dir/new.txt"],
    ["read", "@space\u202Fdir/file.txt"],
    ["read", "file://$PI/%2Eenv"],
    ["read", "@file://$PI/.env"],
    // read falls back to the curly-quote spelling of a path that does not exist.
    ["read", "it's/notes.md"],
  ])("%s %j: blocked as the path pi opens", async (tool, raw) => {
    const r = await blocked(tool, raw.replace("$PI", project));
    expect(r?.block).toBe(true);
    expect(r?.reason).toContain("(rule ");
    expect(r?.reason).not.toContain("outside the project");
  });
  test("a file:// URL outside the project is judged outside", async () => {
    const r = await blocked("read", `file://${fx.outside}/secret.txt`);
    expect(r).toEqual({ block: true,
      reason:
        `shellfence: read reads ${fx.outside}/secret.txt, outside the project (rule external_directory:*). ${OUTSIDE_FIX} (Blocked: there is no UI to ask.)` });
    expect((await blocked("read", `@file://${fx.home}/.ssh/id_rsa`))?.reason).toContain(
      `${fx.home}/.ssh/id_rsa, outside the project`,
    );
  });
  test("a file:// URL that cannot be decoded is refused", async () => {
    expect(await blocked("read", "file://example.com/etc/passwd")).toEqual({ block: true,
      reason: expect.stringContaining(
        'shellfence cannot check this read call: pi may open the file URL "file://example.com/etc/passwd" as a path, and it cannot be decoded',
      ) });
  });
  test.each([["read", "README.md"], ["read", "@README.md"], ["read", "it's fine.md"], ["write",
    "docs/new\u00A0name.md"], ["ls", "space\u00A0dir"]])("%s %j: ordinary paths keep their verdict",
      async (tool, raw) => {
        expect(await blocked(tool, raw)).toBeUndefined();
      });
  test("read's fallback spellings are judged only where pi could open them (a project path in NFC stays inside)", async () => {
    const nfc = join(fx.top, "caf\u00e9 it's");
    mkdirSync(nfc, { recursive: true });
    writeFileSync(join(nfc, "README.md"), "x\n");
    expect((await call("read", { path: "README.md" }, nfc, false)).result).toBeUndefined();
    expect((await call("read", { path: "missing.md" }, nfc, false)).result).toBeUndefined();
  });
});
