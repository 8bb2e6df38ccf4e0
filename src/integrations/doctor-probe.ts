// The doctor's proof that a wired-in guard runs: it calls the very entry the host would call
// (the hook command through a shell, the plugin or extension module through import) with a
// read of a path outside the project, and expects it to object. A guard that answers nothing,
// crashes or lets the read through is reported as not running.

import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";
import { isRecord } from "./fields.ts";

/** A path outside every project: the probe only names it, nothing opens it. */
const PROBE_PATH = "/shellfence-doctor-probe/outside-secret.txt";
const PROBE_COMMAND = `cat ${PROBE_PATH}`;
const HOOK_TIMEOUT_MS = 30_000;

export type ProbeResult = { readonly ok: true; readonly detail: string } | { readonly ok: false;
  readonly detail: string };

/** Runs a Claude Code hook command as Claude Code does (`sh -c`, from the project, with CLAUDE_PROJECT_DIR). */
export function probeClaudeHook(command: string, project: string,
  env: Readonly<Record<string, string | undefined>>): Promise<ProbeResult>
{
  const input = JSON.stringify({ session_id: "shellfence-doctor", transcript_path: "/dev/null", cwd: project,
    permission_mode: "default", hook_event_name: "PreToolUse", tool_name: "Bash",
    tool_input: { command: PROBE_COMMAND, description: "shellfence doctor probe" },
    tool_use_id: "toolu_shellfence_doctor" });
  return new Promise((resolve) => {
    const child = spawn("sh", ["-c", command], { cwd: project, env: { ...env, CLAUDE_PROJECT_DIR: project },
      stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), HOOK_TIMEOUT_MS);
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("error", (e) => {
      clearTimeout(timer);
      resolve({ ok: false, detail: `the hook command could not start: ${e.message}` });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (signal) {
        return resolve({ ok: false,
          detail: `the hook command was killed (${signal}) after ${HOOK_TIMEOUT_MS / 1000} s` });
      }
      const decision = hookDecision(out);
      if (code === 0 && (decision === "deny" || decision === "ask")) {
        return resolve({ ok: true, detail: `the hook answered ${decision} for \`${PROBE_COMMAND}\`` });
      }
      const why = code !== 0
        ? `it exited ${code}`
        : decision === null
        ? "it printed no decision"
        : `it answered ${decision}`;
      resolve({ ok: false,
        detail: `the hook command does not guard: for \`${PROBE_COMMAND}\` ${why}${
          err.trim() ? ` (stderr: ${err.trim().slice(0, 300)})` : ""
        }` });
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(input);
  });
}

function hookDecision(stdout: string): string | null {
  try {
    const v: unknown = JSON.parse(stdout);
    const out = isRecord(v) ? v.hookSpecificOutput : undefined;
    const d = isRecord(out) ? out.permissionDecision : undefined;
    return typeof d === "string" ? d : null;
  } catch {
    return null;
  }
}

async function importModule(file: string): Promise<Record<string, unknown> | string> {
  try {
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (e) {
    return `it cannot be loaded: ${(e as Error).message}`;
  }
}

/** Loads an opencode plugin module as opencode does (every exported function is a plugin) and runs its tool.execute.before on the probe. */
export async function probeOpencodePlugin(file: string, project: string, options: unknown): Promise<ProbeResult> {
  const mod = await importModule(file);
  if (typeof mod === "string") return { ok: false, detail: mod };
  for (const fn of new Set(Object.values(mod))) {
    if (typeof fn !== "function") continue;
    let hooks: unknown;
    try {
      hooks = await (fn as (input: unknown, options: unknown) => unknown)({ directory: project, worktree: project },
        options);
    } catch (e) {
      return { ok: false, detail: `the plugin failed to start: ${(e as Error).message}` };
    }
    const before = isRecord(hooks) ? hooks["tool.execute.before"] : undefined;
    if (typeof before !== "function") continue;
    try {
      await (before as (i: unknown, o: unknown) => Promise<void>)({ tool: "bash", sessionID: "doctor",
        callID: "doctor" }, { args: { command: PROBE_COMMAND } });
    } catch (e) {
      const msg = (e as Error).message;
      if (msg.startsWith("shellfence")) return { ok: true, detail: "the plugin blocked the probe read" };
      return { ok: false, detail: `the plugin failed on the probe: ${msg}` };
    }
    return { ok: false,
      detail:
        'the plugin let the probe read outside the project through (options "ask": "allow" leave asks to opencode)' };
  }
  return { ok: false, detail: "the module exports no plugin with a tool.execute.before hook" };
}

/** Loads a pi extension module, registers it against a stand-in of pi's API, and runs its tool_call handler on the probe (no UI, as in print mode). */
export async function probePiExtension(file: string, project: string): Promise<ProbeResult> {
  const mod = await importModule(file);
  if (typeof mod === "string") return { ok: false, detail: mod };
  const factory = mod.default;
  if (typeof factory !== "function") return { ok: false, detail: "the module has no default export to register" };
  const handlers: Array<(event: unknown, ctx: unknown) => unknown> = [];
  const api = new Proxy({}, { get: (_t, key) => {
    if (key === "on") {
      return (event: string, h: (event: unknown, ctx: unknown) => unknown) => {
        if (event === "tool_call") handlers.push(h);
      };
    }
    // Anything else an extension may call at load (registerCommand, …) is accepted and ignored.
    return () => undefined;
  } });
  try {
    await (factory as (pi: unknown) => unknown)(api);
  } catch (e) {
    return { ok: false, detail: `the extension failed to register: ${(e as Error).message}` };
  }
  if (handlers.length === 0) return { ok: false, detail: "the extension registers no tool_call handler" };
  const ctx = { cwd: project, hasUI: false,
    ui: { confirm: async () => false, notify: () => undefined, setStatus: () => undefined } };
  for (const h of handlers) {
    let result: unknown;
    try {
      result = await h({ type: "tool_call", toolName: "bash", toolCallId: "doctor", input: { command: PROBE_COMMAND } },
        ctx);
    } catch (e) {
      return { ok: false, detail: `the extension failed on the probe: ${(e as Error).message}` };
    }
    if (isRecord(result) && result.block === true) return { ok: true, detail: "the extension blocked the probe read" };
  }
  return { ok: false, detail: "the extension let the probe read outside the project through" };
}
