// `shellfence hook claude-code`: a Claude Code PreToolUse command hook. It reads the hook's
// JSON on stdin and answers with the documented hookSpecificOutput on stdout, always exiting 0.
// Claude Code runs the tool on any exit status but 2 and reads stdout only on 0, so a failure
// here must still be an answer (ask, or deny with --strict), never a crash.
//
// Protocol: https://code.claude.com/docs/en/hooks (PreToolUse input, "PreToolUse decision
// control"); see docs/integrations.md for what each field does in the host.

import { ArgError, Args } from "../base/args.ts";
import type { Io } from "../base/io.ts";
import type { Decision, Verdict } from "../base/verdict.ts";
import { escapeForPerson } from "../report/escape.ts";
import { explainVerdict } from "../report/host-reason.ts";
import { broadRoots } from "../guard/guard.ts";
import { type Call, checkCall, createHost, type FileTool } from "./host.ts";
import { isRecord, stringField } from "./fields.ts";
import { containedLine, readSandboxRouting, routeBash, type RouteSession,
  type SandboxRouting } from "./sandbox-route.ts";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { shellEnvironment } from "../guard/shell-env.ts";

/**
 * The hook's watchdog, in ms: the answer is printed by then whatever the check is doing. Claude
 * Code gives a command hook 60 s and then runs the tool as if the hook had not been there.
 */
const DEFAULT_HOOK_TIMEOUT_MS = 20_000;

const USAGE = `usage: shellfence hook claude-code [options] < hook-input.json

A Claude Code PreToolUse hook: judges Bash, Read, Write, Edit, MultiEdit, NotebookEdit, Glob,
Grep and LS calls and answers with hookSpecificOutput JSON (deny or ask with the reason).

options:
  --root DIR      an additional project root (repeatable)
  --config FILE   a JSON config file (repeatable), merged after the project's .shellfence.json
  --home DIR      the home directory for ~ (default: $HOME)
  --approve       answer "allow" explicitly instead of staying silent when everything is inside;
                  a command that cannot be undone (DESTRUCTIVE) is asked about instead
  --strict        answer "deny" instead of "ask" when the call cannot be checked
  --timeout MS    answer "ask" (or "deny" with --strict) if no verdict is ready after MS
                  milliseconds (default ${DEFAULT_HOOK_TIMEOUT_MS}, a third of Claude Code's 60 s hook
                  timeout: past that Claude Code runs the command unchecked)
  --sandbox MODE  contained (default), standard or strict: the sandbox allowed Bash calls run in
                  (the answer's updatedInput), or off: as Claude Code runs them
  --unsandboxed block|run
                  where no sandbox can be made here: block Bash calls, or run them on the static
                  check alone, said once per session (default: run, unless --sandbox was given)
  --no-network    no network inside the sandbox
  --no-contain    ask about a Bash call whose only reasons are "unknown" (by default it runs
                  contained, answered allow)

The project root is $CLAUDE_PROJECT_DIR, or the input's cwd when that is unset.
Always exits 0; the answer is the JSON on stdout.`;

/** Past this, the input is not a tool call a person wrote; refuse it rather than hold it. */
const MAX_INPUT = 32 * 1024 * 1024;

interface HookArgs {
  roots: string[];
  configs: string[];
  home: string | undefined;
  approve: boolean;
  strict: boolean;
  timeoutMs: number;
  routing: SandboxRouting;
}

/** Raised for anything that keeps the hook from judging the call; it becomes an ask (or deny). */
class HookFailure extends Error {}

/** Claude Code's file tools: which field names the path, and how the policy judges them. */
const FILE_TOOLS: Readonly<
  Record<string, { readonly tool: FileTool; readonly field: string; readonly optional?: boolean }>
> = { Read: { tool: "read", field: "file_path" }, NotebookRead: { tool: "read", field: "notebook_path" },
  Write: { tool: "write", field: "file_path" }, Edit: { tool: "edit", field: "file_path" },
  MultiEdit: { tool: "edit", field: "file_path" }, NotebookEdit: { tool: "edit", field: "notebook_path" },
  Glob: { tool: "find", field: "path", optional: true }, Grep: { tool: "grep", field: "path", optional: true },
  LS: { tool: "ls", field: "path" } };

export async function runClaudeCodeHook(argv: readonly string[], io: Io): Promise<number> {
  if (argv.includes("-h") || argv.includes("--help")) {
    io.stdout(USAGE + "\n");
    return 0;
  }
  const strict = argv.includes("--strict");
  let answered = false;
  const once: Answer = (decision, reason, extra = {}) => {
    if (answered) return;
    answered = true;
    answer(io, decision, reason, extra);
  };
  // (An allowed call says nothing, but for a notice to show once per session.)
  const say = (message: string) => {
    if (answered) return;
    answered = true;
    io.stdout(JSON.stringify({ systemMessage: message }) + "\n");
  };
  const cannot = (why: string) => once(strict ? "deny" : "ask", cannotReason(strict, why));
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const args = parseArgs(argv);
    // The watchdog fires while the hook waits (stdin, loading the config and the grammar); the
    // check itself is synchronous and stops at its own budget (maxCheckMs, a quarter of this).
    const watchdog = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        cannot(`no verdict within ${args.timeoutMs} ms`);
        // Work that cannot be cancelled (a stdin the host never closes) would keep the process.
        io.exit?.(0);
        resolve();
      }, args.timeoutMs);
    });
    await Promise.race([watchdog, judge(args, io, once, say)]);
  } catch (e) {
    cannot(e instanceof Error ? e.message : String(e));
  } finally {
    clearTimeout(timer);
  }
  return 0;
}

/** Answers once: the watchdog and the check race, and only the first answer is printed. */
type Answer = (decision: Decision, reason: string, extra?: AnswerExtra) => void;

async function judge(args: HookArgs, io: Io, once: Answer, say: (message: string) => void): Promise<void> {
  const input = await readInput(io);
  const read = readCall(input);
  if (read === null) return;
  const { call, toolInput, sessionId } = read;
  const projectDir = io.env.CLAUDE_PROJECT_DIR || call.cwd;
  const env = shellEnvironment(io.env);
  // The caller's $HOME, as io.env has it: the resident server answers in many callers' place,
  // and the home the process started with (os.homedir() under Bun) may be another's.
  const home = args.home || io.env.HOME;
  const host = await createHost({ root: projectDir, roots: args.roots, config: args.configs, env,
    ...(home ? { home } : {}), maxCheckMs: Math.ceil(args.timeoutMs / 4) });
  // Claude Code shows a hook's stderr in its transcript view (Ctrl-R): an untrusted project
  // file's ignored rules and a project root of / or home are said there.
  for (const w of [...host.warnings, ...broadRoots([projectDir], home ?? null)]) {
    io.stderr(`shellfence: warning: ${w}\n`);
  }
  const verdict = checkCall(host, call);
  // What the hook would answer "allow" (no prompt) but for a reason that cannot be undone is asked about.
  const final = host.configured("DESTRUCTIVE") === "allow" ? null : cannotBeUndone(verdict);
  const asked = final ?? verdict;
  const reason = explainVerdict(asked, call.kind === "tool" ? { actor: call.actor } : {});
  if (call.kind === "bash" && verdict.decision !== "deny") {
    // Claude Code applies a PreToolUse hook's updatedInput only with "allow" or "ask"
    // (2.1.332: Moe()); so an allowed call is answered "allow", with the sandboxed line.
    const session = noticeSession(sessionId);
    const contained = final === null ? containedLine(call, host, verdict, args.routing, session) : null;
    if (contained !== null) {
      const why = `shellfence: contained: ${reason.replace(/^shellfence: /, "")}`;
      once("allow", why, { updatedInput: { ...toolInput, command: contained } });
      return;
    }
    const r = routeBash(call, host, verdict.decision === "ask" ? verdict : null, args.routing, session);
    switch (r.t) {
      case "sandboxed": {
        const updatedInput = { ...toolInput, command: r.line };
        const why = asked.decision === "ask" ? reason : "shellfence: allowed; it runs in the sandbox";
        once(asked.decision, why, { updatedInput });
        return;
      }
      case "blocked":
        once("deny", r.reason);
        return;
      case "bare":
        if (r.notice !== null) session.said();
        if (verdict.decision === "allow" && !args.approve) {
          if (r.notice !== null) say(r.notice);
          return;
        }
        once(asked.decision, reason, r.notice !== null ? { systemMessage: r.notice } : {});
        return;
      default: {
        const never: never = r;
        throw new Error(`unknown route ${JSON.stringify(never)}`);
      }
    }
  }
  if (verdict.decision === "allow" && !args.approve) return;
  once(asked.decision, reason);
}

/**
 * An explicit "allow" is Claude Code run without a prompt, so the hook never gives one for a
 * command that cannot be undone (DESTRUCTIVE, allowed by default): such a verdict is answered
 * as an ask with that reason (this, or null when it carries none). Where the hook says nothing
 * (an allowed call without --approve and without the sandbox) it still says nothing, and Claude
 * Code's own permissions decide; a config that makes DESTRUCTIVE ask or deny needs none of this,
 * and one that says `"DESTRUCTIVE": "allow"` in so many words turns it off.
 */
function cannotBeUndone(verdict: Verdict): Verdict | null {
  if (verdict.decision !== "allow" && verdict.decision !== "ask") return null;
  if (!verdict.reasons.some((r) => r.code === "DESTRUCTIVE" && r.decision === "allow")) return null;
  const reasons = verdict.reasons.map((r) => (r.code === "DESTRUCTIVE" ? { ...r, decision: "ask" as const } : r));
  return { ...verdict, decision: "ask", reasons };
}

function cannotReason(strict: boolean, why: string): string {
  return `shellfence could not check this call: ${escapeForPerson(why)}. ${
    strict ? "It is denied (--strict)." : "Approve it only if you know it is safe."
  }`;
}

interface AnswerExtra {
  readonly updatedInput?: object;
  readonly systemMessage?: string;
}

function answerText(decision: Decision, reason: string, extra: AnswerExtra = {}): string {
  const specific = { hookEventName: "PreToolUse", permissionDecision: decision, permissionDecisionReason: reason };
  const { updatedInput, systemMessage } = extra;
  const out = { hookSpecificOutput: { ...specific, ...(updatedInput !== undefined ? { updatedInput } : {}) },
    ...(systemMessage !== undefined ? { systemMessage } : {}) };
  return JSON.stringify(out) + "\n";
}

function answer(io: Io, decision: Decision, reason: string, extra: AnswerExtra = {}): void {
  io.stdout(answerText(decision, reason, extra));
}

/** What the hook prints when the call cannot be checked, for a watchdog outside the hook (the server's). */
export function claudeCodeFailClosed(argv: readonly string[], why: string): string {
  const strict = argv.includes("--strict");
  return answerText(strict ? "deny" : "ask", cannotReason(strict, why));
}

/**
 * Each hook call is a process of its own (or a request to the resident server): whether this
 * session was told that it runs without a sandbox is kept as a file named by the session, in
 * a directory of this user's.
 */
function noticeSession(id: string | null): RouteSession & { said(): void } {
  const dir = join(tmpdir(), `shellfence-notices-${process.getuid?.() ?? "user"}`);
  const file = id === null ? null : join(dir, createHash("sha256").update(id).digest("hex").slice(0, 32));
  return { fallbackSaid: file !== null && existsSync(file),
    said() {
      if (file === null) return;
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        writeFileSync(file, "");
      } catch {
        // Not remembered: said again on the next call, which is better than never.
      }
    } };
}

function parseArgs(argv: readonly string[]): HookArgs {
  const out: HookArgs = { roots: [], configs: [], home: undefined, approve: false, strict: false,
    timeoutMs: DEFAULT_HOOK_TIMEOUT_MS, routing: {} };
  const routing: Record<string, unknown> = {};
  const args = new Args(argv);
  try {
    for (let a = args.next(); a !== undefined; a = args.next()) {
      if (a === "--approve") out.approve = true;
      else if (a === "--no-network") routing.network = "none";
      else if (a === "--no-contain") routing.contain = false;
      else if (Args.is(a, "--sandbox")) {
        const m = args.value(a, "--sandbox");
        routing.sandbox = m === "off" ? false : m;
      } else if (Args.is(a, "--unsandboxed")) routing.unsandboxed = args.value(a, "--unsandboxed");
      else if (a === "--strict") out.strict = true;
      else if (Args.is(a, "--root")) out.roots.push(args.value(a, "--root"));
      else if (Args.is(a, "--config")) out.configs.push(args.value(a, "--config"));
      else if (Args.is(a, "--home")) out.home = args.value(a, "--home");
      else if (Args.is(a, "--timeout")) {
        const v = args.value(a, "--timeout");
        out.timeoutMs = Number(v);
        if (!Number.isInteger(out.timeoutMs) || out.timeoutMs <= 0) {
          throw new ArgError(`--timeout needs a number of milliseconds above 0, not ${JSON.stringify(v)}`);
        }
      } else throw new ArgError(`unknown argument ${JSON.stringify(a)}`);
    }
    // Claude Code's Bash tool keeps one shell's cwd from call to call.
    out.routing = { ...readSandboxRouting(routing), keepCwd: true };
  } catch (e) {
    if (e instanceof ArgError || e instanceof Error) throw new HookFailure(`the hook is misconfigured: ${e.message}`);
    throw e;
  }
  return out;
}

async function readInput(io: Io): Promise<string> {
  const lines: string[] = [];
  let size = 0;
  for await (const line of io.stdin()) {
    size += line.length + 1;
    if (size > MAX_INPUT) throw new HookFailure(`the hook input is larger than ${MAX_INPUT} bytes`);
    lines.push(line);
  }
  const text = lines.join("\n");
  if (text.trim() === "") throw new HookFailure("the hook input is empty");
  return text;
}

interface ReadCall {
  readonly call: Call;
  /** The tool's input as Claude Code sent it: updatedInput is it with the command replaced. */
  readonly toolInput: Readonly<Record<string, unknown>>;
  readonly sessionId: string | null;
}

/** The call to judge, or null for an event or tool this hook has no opinion on. */
function readCall(text: string): ReadCall | null {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    // The engine's own message differs between Node.js and Bun; the answer should not.
    throw new HookFailure("the hook input is not valid JSON");
  }
  if (!isRecord(input)) throw new HookFailure("the hook input is not a JSON object");
  try {
    const event = stringField(input, "hook_event_name");
    // The answer's shape is PreToolUse's; under another event it would mean something else.
    if (event !== undefined && event !== "PreToolUse") return null;
    const toolName = stringField(input, "tool_name");
    if (toolName === undefined) throw new HookFailure("the hook input has no tool_name");
    const known = toolName === "Bash" || Object.hasOwn(FILE_TOOLS, toolName);
    if (!known) return null;
    const cwd = stringField(input, "cwd");
    if (!cwd || !cwd.startsWith("/")) throw new HookFailure("the hook input has no absolute cwd");
    const toolInput = input.tool_input;
    if (!isRecord(toolInput)) throw new HookFailure(`the ${toolName} call has no tool_input object`);
    const sessionId = stringField(input, "session_id") ?? null;
    if (toolName === "Bash") {
      const command = stringField(toolInput, "command");
      if (command === undefined) throw new HookFailure("the Bash call has no command");
      return { call: { kind: "bash", command, cwd }, toolInput, sessionId };
    }
    const spec = FILE_TOOLS[toolName]!;
    const path = stringField(toolInput, spec.field);
    if (path === undefined && !spec.optional) throw new HookFailure(`the ${toolName} call has no ${spec.field}`);
    const pattern = spec.tool === "find" ? stringField(toolInput, "pattern") : undefined;
    const fileInput = { ...(path !== undefined ? { path } : {}), ...(pattern !== undefined ? { pattern } : {}) };
    return { call: { kind: "tool", tool: spec.tool, input: fileInput, cwd, actor: toolName }, toolInput, sessionId };
  } catch (e) {
    if (e instanceof TypeError) throw new HookFailure(`the hook input is malformed: ${e.message}`);
    throw e;
  }
}
