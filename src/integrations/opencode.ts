// The opencode plugin. opencode calls every function this module exports with its plugin
// context (and, from a `["./node_modules/shellfence/dist/integrations/opencode.js", { … }]`
// config entry, the options; an entry that is not a path is an npm spec to opencode), so the
// module exports the plugin and nothing else. Its tool.execute.before hook throws to block:
// opencode has no way for a plugin to ask the user, so an ask blocks too, unless the options
// say `"ask": "allow"` (then opencode's own permission rules decide).
//
// Plugin API: https://opencode.ai/docs/plugins (PluginInput, Hooks["tool.execute.before"]).

import { explainVerdict } from "../report/host-reason.ts";
import { type Call, createHost, type FileTool, type Host, worstCall } from "./host.ts";
import { isRecord, stringField } from "./fields.ts";
import { containedLine, isBashCall, readSandboxRouting, routeBash, type RouteSession, sandboxBashInput,
  type SandboxRouting } from "./sandbox-route.ts";
import { shellEnvironment } from "../guard/shell-env.ts";

/** The part of opencode's PluginInput the plugin reads. */
export interface OpencodePluginInput {
  /** The directory opencode works in: the project root. */
  readonly directory: string;
  /** opencode's SDK client; its app.log writes to opencode's log (and stderr with --print-logs). */
  readonly client?: {
    readonly app?: {
      log?(options: { body: { service: string; level: "info" | "error"; message: string } }): Promise<unknown>;
    };
  };
}

export interface OpencodeOptions extends SandboxRouting {
  /** What an ask does: "block" (default) throws like a deny; "allow" lets opencode decide. */
  readonly ask?: "block" | "allow";
  /** Config files merged after the project's .shellfence.json. */
  readonly config?: readonly string[];
  /** Further project roots. */
  readonly roots?: readonly string[];
}

export interface OpencodeHooks {
  "tool.execute.before": (input: { readonly tool: string }, output: { args: unknown }) => Promise<void>;
}

/** opencode's file tools: the argument naming the path, and how the policy judges them. */
const FILE_TOOLS: Readonly<
  Record<string, { readonly tool: FileTool; readonly field: string; readonly optional?: boolean }>
> = { read: { tool: "read", field: "filePath" }, write: { tool: "write", field: "filePath" },
  edit: { tool: "edit", field: "filePath" }, multiedit: { tool: "edit", field: "filePath" },
  glob: { tool: "find", field: "path", optional: true }, grep: { tool: "grep", field: "path", optional: true },
  list: { tool: "ls", field: "path", optional: true } };

export async function ShellfencePlugin(input: OpencodePluginInput, options?: unknown): Promise<OpencodeHooks> {
  const root = input.directory;
  // A plugin that fails to load is skipped by opencode, which would then run every tool
  // unchecked; so a failure to start is kept and raised on every call instead.
  let opts: OpencodeOptions = {};
  let host: Host | Error;
  try {
    opts = readOptions(options);
    host = await createHost({ root, config: opts.config ?? [], roots: opts.roots ?? [],
      env: shellEnvironment(process.env) });
  } catch (e) {
    host = e instanceof Error ? e : new Error(String(e));
  }
  // Say once that the guard is loaded (or why it blocks everything), so a user can see it.
  const message = host instanceof Error
    ? `shellfence: could not start, every guarded call is blocked: ${host.message}`
    : `shellfence: guarding ${root}`;
  input.client?.app?.log?.({
    body: { service: "shellfence", level: host instanceof Error ? "error" : "info", message },
  })?.catch(() => undefined);
  // The plugin is loaded once per opencode process and project: its session, for the notice.
  const session: RouteSession = { fallbackSaid: false };
  return { "tool.execute.before": async (call, output) => {
    let calls: Call[];
    try {
      calls = opencodeCalls(call.tool, output.args, root);
    } catch (e) {
      throw new Error(`shellfence cannot check this ${call.tool} call: ${(e as Error).message}`);
    }
    if (calls.length === 0) return;
    if (host instanceof Error) {
      throw new Error(`shellfence could not start, so nothing runs unchecked: ${host.message}`);
    }
    const worst = worstCall(host, calls);
    // An ask let through to opencode's own rules was approved by nobody who saw the reason:
    // the sandbox opens none of what it asked about.
    if (!worst || (worst.v.decision === "ask" && opts.ask === "allow")) {
      return sandboxBash(host, call.tool, output.args, calls, opts, session);
    }
    const alone = calls.length === 1 && call.tool === "bash" && isRecord(output.args);
    const only = alone ? calls.find(isBashCall) : undefined;
    const contained = only ? containedLine(only, host, worst.v, opts, session) : null;
    if (contained !== null && isRecord(output.args)) {
      output.args.command = contained;
      return;
    }
    const reason = explainVerdict(worst.v, worst.c.kind === "tool" ? { actor: worst.c.actor } : {});
    throw new Error(worst.v.decision === "ask" ? `${reason} (Blocked: opencode plugins cannot ask.)` : reason);
  } };
}

export default ShellfencePlugin;

/**
 * Unless the sandbox is turned off, the allowed bash call's `args.command` becomes the
 * sandboxed command line: opencode passes these very args to its bash tool after the hook returns.
 */
function sandboxBash(host: Host, tool: string, args: unknown, calls: readonly Call[], opts: OpencodeOptions,
  session: RouteSession): void
{
  if (opts.sandbox === false) return;
  const bash = calls.find(isBashCall);
  if (bash === undefined) return;
  if (tool !== "bash" || !isRecord(args)) {
    // batch runs its calls itself, from arguments the hook never sees again: only where they
    // would run bare anyway (no sandbox on this machine) may they go.
    const r = routeBash(bash, host, null, opts, session);
    if (r.t === "bare") return;
    if (r.t === "blocked") throw new Error(r.reason);
    throw new Error(`shellfence: a bash call inside ${tool} cannot be run in the sandbox; call bash on its own.`);
  }
  const blocked = sandboxBashInput(host, args, bash, null, opts, session);
  if (blocked !== null) throw new Error(blocked);
}

/** opencode's `batch` runs at most this many calls, and no batch inside a batch; deeper nesting is refused. */
const MAX_BATCH_DEPTH = 2;

/**
 * The calls to judge (a patch touches several files, a batch runs several tools), or none for
 * a tool shellfence ignores.
 */
function opencodeCalls(tool: string, args: unknown, directory: string, depth = 0): Call[] {
  const patch = tool === "apply_patch" || tool === "patch";
  if (!patch && tool !== "bash" && tool !== "batch" && !Object.hasOwn(FILE_TOOLS, tool)) return [];
  if (!isRecord(args)) throw new Error("its arguments are not an object");
  if (tool === "batch") {
    // opencode's batch tool (packages/opencode/src/tool/batch.ts) calls each tool's execute()
    // itself, so tool.execute.before fires for the batch alone, never for what it runs: every
    // call in it is judged here, as if it had been made on its own.
    if (depth >= MAX_BATCH_DEPTH) throw new Error("it nests batch calls");
    const list = args.tool_calls;
    if (!Array.isArray(list)) throw new Error("its tool_calls is not an array");
    return list.flatMap((sub: unknown, i) => {
      const name = isRecord(sub) ? sub.tool : undefined;
      if (typeof name !== "string") throw new Error(`tool_calls[${i}] has no tool name`);
      try {
        return opencodeCalls(name, isRecord(sub) ? sub.parameters : undefined, directory, depth + 1);
      } catch (e) {
        throw new Error(`tool_calls[${i}] (${name}): ${(e as Error).message}`);
      }
    });
  }
  if (tool === "bash") {
    const command = stringField(args, "command");
    if (command === undefined) throw new Error("it has no command");
    return [{ kind: "bash", command, cwd: stringField(args, "workdir") || directory }];
  }
  if (patch) {
    const text = stringField(args, "patchText");
    if (text === undefined) throw new Error("it has no patchText");
    return patchedFiles(text).map((path) => ({ kind: "tool", tool: "edit", input: { path }, cwd: directory,
      actor: tool })
    );
  }
  const spec = FILE_TOOLS[tool]!;
  const path = stringField(args, spec.field);
  if (path === undefined && !spec.optional) throw new Error(`it has no ${spec.field}`);
  const pattern = spec.tool === "find" ? stringField(args, "pattern") : undefined;
  return [{ kind: "tool", tool: spec.tool,
    input: { ...(path !== undefined ? { path } : {}), ...(pattern !== undefined ? { pattern } : {}) }, cwd: directory,
    actor: tool }];
}

/** The headers that name a file in an apply_patch envelope, as opencode spells them. */
const PATCH_HEADERS = ["*** Add File:", "*** Update File:", "*** Delete File:", "*** Move to:"];

/**
 * The files an apply_patch envelope adds, updates, deletes or moves to, read as leniently as
 * opencode reads them (`parsePatch` in packages/opencode/src/patch/index.ts): lines split on
 * `\n` alone, a header is a line that starts with `*** Add File:` (no space needed after the
 * colon), and the path is the rest of the line, trimmed. Every such line counts, wherever it
 * stands, so nothing opencode would write is missed. A path holding a control character or a
 * line separator is refused rather than judged under a name no tool agrees on, and so is a
 * patch in which no file is found.
 */
function patchedFiles(patch: string): string[] {
  const out: string[] = [];
  for (const line of patch.split("\n")) {
    const header = PATCH_HEADERS.find((h) => line.startsWith(h));
    if (header === undefined) continue;
    const path = line.slice(header.length).trim();
    if (path === "") continue;
    if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(path)) {
      throw new Error(
        `the patch names a path with a control character or a line separator in it: ${JSON.stringify(path)}`,
      );
    }
    out.push(path);
  }
  if (out.length === 0) throw new Error("no file it changes could be found in the patch");
  return out;
}

function readOptions(raw: unknown): OpencodeOptions {
  if (raw === undefined || raw === null) return {};
  if (!isRecord(raw)) throw new Error("shellfence: the opencode plugin options must be an object");
  const ask = raw.ask;
  if (ask !== undefined && ask !== "block" && ask !== "allow") {
    throw new Error(`shellfence: the "ask" option must be "block" or "allow", not ${JSON.stringify(ask)}`);
  }
  const list = (key: string): string[] | undefined => {
    const v = raw[key];
    if (v === undefined) return undefined;
    if (!Array.isArray(v) || !v.every((x): x is string => typeof x === "string")) {
      throw new Error(`shellfence: the "${key}" option must be an array of strings`);
    }
    return v;
  };
  const config = list("config");
  const roots = list("roots");
  return { ...(ask !== undefined ? { ask } : {}), ...(config ? { config } : {}), ...(roots ? { roots } : {}),
    ...readSandboxRouting(raw) };
}
