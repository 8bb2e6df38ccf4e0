// The pi coding agent extension. Its tool_call handler blocks a deny with the reason, and for
// an ask uses pi's own confirmation dialog; without a UI (print and JSON modes) nobody can be
// asked, so an ask blocks.
//
// Extension API: pi-mono packages/coding-agent/docs/extensions.md (ExtensionAPI.on("tool_call"),
// ctx.hasUI, ctx.ui.confirm, the { block, reason } result); built-in tools' inputs from
// packages/coding-agent/src/core/tools.

import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, resolve as resolvePath } from "node:path";
import { fileURLToPath } from "node:url";
import { explainVerdict } from "../report/host-reason.ts";
import { type Call, createHost, type FileTool, type Host, worstCall } from "./host.ts";
import { isRecord, stringField } from "./fields.ts";
import { containedLine, isBashCall, readSandboxRouting, type RouteSession, sandboxBashInput,
  type SandboxRouting } from "./sandbox-route.ts";
import type { Verdict } from "../base/verdict.ts";
import { shellEnvironment } from "../guard/shell-env.ts";

/** The part of pi's tool_call event the extension reads. */
export interface PiToolCallEvent {
  readonly toolName: string;
  readonly input: unknown;
}

/** The part of pi's ExtensionContext the extension uses. */
export interface PiContext {
  readonly cwd: string;
  readonly hasUI: boolean;
  readonly ui: { confirm(title: string, message: string): Promise<boolean>;
    setStatus?(key: string, text: string | undefined): void };
}

export type PiToolCallResult = { readonly block: true; readonly reason: string } | undefined;

/** The part of pi's ExtensionAPI the extension uses. */
export interface PiApi {
  on(event: "tool_call", handler: (event: PiToolCallEvent, ctx: PiContext) => Promise<PiToolCallResult>): void;
  on(event: "session_start", handler: (event: unknown, ctx: PiContext) => Promise<undefined>): void;
}

/** The footer status the extension sets, so a user can see the guard is loaded. */
export const STATUS_KEY = "shellfence";

/** pi's file tools: the input field naming the path, and how the policy judges them. */
const FILE_TOOLS: Readonly<Record<string, { readonly tool: FileTool; readonly optional: boolean }>> = {
  read: { tool: "read", optional: false },
  write: { tool: "write", optional: false },
  edit: { tool: "edit", optional: false },
  find: { tool: "find", optional: true },
  grep: { tool: "grep", optional: true },
  ls: { tool: "ls", optional: true },
};

export const CONFIRM_TITLE = "shellfence: allow this?";

/** The extension's settings: pi has none for extensions, so they are given in code (`withOptions`). */
export type PiOptions = SandboxRouting;

/** The extension with settings, for `.pi/extensions/shellfence.ts`: `export default withOptions({ sandbox: "standard" })`. */
export function withOptions(options: PiOptions): (pi: PiApi) => void {
  return (pi) => shellfence(pi, options);
}

export default function shellfence(pi: PiApi, options: PiOptions = {}): void {
  // Bad settings block every call it would judge: an extension that fails to load is dropped.
  const routing = readPiOptions(options);
  // A pi process is one session (a /new or /resume keeps the extension): said once in it.
  const session: RouteSession = { fallbackSaid: false };
  // One guard per project directory: a session that moves (/resume elsewhere) gets its own.
  const hosts = new Map<string, Promise<Host>>();
  const hostFor = (cwd: string): Promise<Host> => {
    let h = hosts.get(cwd);
    if (!h) {
      h = createHost({ root: cwd, env: shellEnvironment(process.env) });
      hosts.set(cwd, h);
      // A failure is reported on this call and retried on the next, not remembered.
      h.catch(() => hosts.delete(cwd));
    }
    return h;
  };

  // Start the guard with the session (its first start costs about a second) and say it is on.
  pi.on("session_start", async (_event, ctx) => {
    hostFor(ctx.cwd).catch(() => undefined);
    if (ctx.hasUI) ctx.ui.setStatus?.(STATUS_KEY, `shellfence: guarding ${ctx.cwd}`);
    return undefined;
  });

  pi.on("tool_call", async (event, ctx) => {
    let calls: Call[];
    try {
      calls = piCalls(event.toolName, event.input, ctx.cwd);
    } catch (e) {
      return { block: true, reason: `shellfence cannot check this ${event.toolName} call: ${(e as Error).message}` };
    }
    if (calls.length === 0) return undefined;
    let host: Host;
    try {
      host = await hostFor(ctx.cwd);
    } catch (e) {
      return { block: true, reason: `shellfence could not start, so nothing runs unchecked: ${(e as Error).message}` };
    }
    if (routing instanceof Error) {
      return { block: true, reason: `shellfence could not start, so nothing runs unchecked: ${routing.message}` };
    }
    // pi's bash tool runs this very event.input, so the sandboxed command line goes there.
    const sandboxed = (approved: Verdict | null): PiToolCallResult => {
      const bash = calls.find(isBashCall);
      if (bash === undefined || !isRecord(event.input)) return undefined;
      const blocked = sandboxBashInput(host, event.input, bash, approved, routing, session);
      return blocked === null ? undefined : { block: true, reason: blocked };
    };
    const worst = worstCall(host, calls);
    if (worst === null) return sandboxed(null);
    const verdict = worst.v;
    const reason = explainVerdict(verdict, worst.c.kind === "tool" ? { actor: event.toolName } : {});
    if (verdict.decision === "deny") return { block: true, reason };
    const bash = calls.length === 1 ? calls.find(isBashCall) : undefined;
    const contained = bash && isRecord(event.input) ? containedLine(bash, host, verdict, routing, session) : null;
    if (contained !== null && isRecord(event.input)) {
      event.input.command = contained;
      return undefined;
    }
    if (!ctx.hasUI) return { block: true, reason: `${reason} (Blocked: there is no UI to ask.)` };
    const ok = await ctx.ui.confirm(CONFIRM_TITLE, reason);
    return ok ? sandboxed(verdict) : { block: true, reason: `${reason} (Declined by the user.)` };
  });
}

function readPiOptions(options: unknown): SandboxRouting | Error {
  try {
    if (!isRecord(options)) throw new Error("shellfence: the pi extension's options must be an object");
    return readSandboxRouting(options);
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}

/** The calls to judge (one per path pi may open), or none for a tool shellfence has no opinion on. */
function piCalls(toolName: string, input: unknown, cwd: string): Call[] {
  if (toolName !== "bash" && !Object.hasOwn(FILE_TOOLS, toolName)) return [];
  if (!isRecord(input)) throw new Error("its input is not an object");
  if (toolName === "bash") {
    const command = stringField(input, "command");
    if (command === undefined) throw new Error("it has no command");
    return [{ kind: "bash", command, cwd }];
  }
  const spec = FILE_TOOLS[toolName]!;
  const raw = stringField(input, "path");
  if (raw === undefined && !spec.optional) throw new Error("it has no path");
  const pattern = spec.tool === "find" ? stringField(input, "pattern") : undefined;
  const call = (path: string | undefined): Call => ({ kind: "tool", tool: spec.tool,
    input: { ...(path !== undefined ? { path } : {}), ...(pattern !== undefined ? { pattern } : {}) }, cwd,
    actor: toolName });
  // pi searches "." for an empty path, as the host does for none.
  if (raw === undefined || raw === "") return [call(raw)];
  return piPaths(raw, cwd, spec.tool === "read").map(call);
}

/** The spaces pi turns into an ordinary space before it opens a path. */
const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;

/**
 * Every path pi may open for a tool's `path`, so the one judged is the one opened. pi
 * normalises the path first, and shellfence follows two versions of it:
 *
 * - @mariozechner/pi-coding-agent 0.73.1 (dist/core/tools/path-utils.js, `expandPath` and
 *   `resolveToCwd`): a leading `@` is stripped (the model writes paths as mentions), U+00A0,
 *   U+2000–U+200A, U+202F, U+205F and U+3000 become a space, `~` and `~/` are the home
 *   directory, and a relative path is resolved from the cwd;
 * - the later pi-mono sources (packages/coding-agent/src/utils/paths.ts, `normalizePath` with
 *   `normalizeUnicodeSpaces` and `stripAtPrefix`): the same, spaces before `@`, and then a
 *   `file://` URL is decoded with `fileURLToPath`.
 *
 * Both readings are judged. `read` (resolveReadPath) also opens, when the absolute path does not
 * exist, its variants with U+202F before ` AM.`/` PM.`, in NFD, and with `'` as U+2019, the
 * first that exists: each variant that exists is judged too (one that does not cannot be
 * opened, and judging it would judge the cwd's own spelling changed). A `file://` URL that
 * cannot be decoded is refused rather than guessed at.
 */
function piPaths(raw: string, cwd: string, read: boolean): string[] {
  const spaced = raw.replace(UNICODE_SPACES, " ");
  const path = spaced.startsWith("@") ? spaced.slice(1) : spaced;
  const out = new Set<string>([path]);
  if (/^file:\/\//.test(path)) {
    let decoded: string;
    try {
      decoded = fileURLToPath(path);
    } catch (e) {
      throw new Error(
        `pi may open the file URL ${JSON.stringify(path)} as a path, and it cannot be decoded: ${(e as Error).message}`,
      );
    }
    out.add(decoded);
  }
  if (read) {
    for (const p of [...out]) {
      const home = p === "~" || p.startsWith("~/") ? homedir() : null;
      const expanded = home === null ? p : home + p.slice(1);
      const abs = isAbsolute(expanded) ? expanded : resolvePath(cwd, expanded);
      const amPm = abs.replace(/ (AM|PM)\./gi, "\u202F$1.");
      const nfd = abs.normalize("NFD");
      const curly = (s: string) => s.replace(/'/g, "\u2019");
      for (const v of [amPm, nfd, curly(abs), curly(nfd)]) if (v !== abs && existsSync(v)) out.add(v);
    }
  }
  return [...out];
}
