// The opencode plugin. opencode calls every function this module exports with its plugin
// context (and, from a `["shellfence/opencode", { … }]` config entry, the options), so the
// module exports the plugin and nothing else. Its tool.execute.before hook throws to block:
// opencode has no way for a plugin to ask the user, so an ask blocks too, unless the options
// say `"ask": "allow"` (then opencode's own permission rules decide).
//
// Plugin API: https://opencode.ai/docs/plugins (PluginInput, Hooks["tool.execute.before"]).

import { explainVerdict } from "./explain.ts";
import { type Call, checkCall, createHost, type FileTool, type Host } from "./host.ts";
import { isRecord, stringField } from "./fields.ts";

/** The part of opencode's PluginInput the plugin reads. */
export interface OpencodePluginInput {
  /** The directory opencode works in: the project root. */
  readonly directory: string;
}

export interface OpencodeOptions {
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
const FILE_TOOLS: Readonly<Record<string, { readonly tool: FileTool; readonly field: string; readonly optional?: boolean }>> = {
  read: { tool: "read", field: "filePath" },
  write: { tool: "write", field: "filePath" },
  edit: { tool: "edit", field: "filePath" },
  multiedit: { tool: "edit", field: "filePath" },
  glob: { tool: "find", field: "path", optional: true },
  grep: { tool: "grep", field: "path", optional: true },
  list: { tool: "ls", field: "path", optional: true },
};

export async function ShellfencePlugin(input: OpencodePluginInput, options?: unknown): Promise<OpencodeHooks> {
  const root = input.directory;
  // A plugin that fails to load is skipped by opencode, which would then run every tool
  // unchecked; so a failure to start is kept and raised on every call instead.
  let opts: OpencodeOptions = {};
  let host: Host | Error;
  try {
    opts = readOptions(options);
    host = await createHost({ root, config: opts.config ?? [], roots: opts.roots ?? [] });
  } catch (e) {
    host = e instanceof Error ? e : new Error(String(e));
  }
  return {
    "tool.execute.before": async (call, output) => {
      let calls: Call[];
      try {
        calls = opencodeCalls(call.tool, output.args, root);
      } catch (e) {
        throw new Error(`shellfence cannot check this ${call.tool} call: ${(e as Error).message}`);
      }
      if (calls.length === 0) return;
      if (host instanceof Error) throw new Error(`shellfence could not start, so nothing runs unchecked: ${host.message}`);
      const h = host;
      const checked = calls.map((c) => ({ c, v: checkCall(h, c) }));
      const worst = checked.find((x) => x.v.decision === "deny") ?? checked.find((x) => x.v.decision === "ask");
      if (!worst || (worst.v.decision === "ask" && opts.ask === "allow")) return;
      const reason = explainVerdict(worst.v, worst.c.kind === "tool" ? { actor: call.tool } : {});
      throw new Error(worst.v.decision === "ask" ? `${reason} (Blocked: opencode plugins cannot ask.)` : reason);
    },
  };
}

export default ShellfencePlugin;

/** The calls to judge (a patch touches several files), or none for a tool shellfence ignores. */
function opencodeCalls(tool: string, args: unknown, directory: string): Call[] {
  const patch = tool === "apply_patch" || tool === "patch";
  if (!patch && tool !== "bash" && !Object.hasOwn(FILE_TOOLS, tool)) return [];
  if (!isRecord(args)) throw new Error("its arguments are not an object");
  if (tool === "bash") {
    const command = stringField(args, "command");
    if (command === undefined) throw new Error("it has no command");
    return [{ kind: "bash", command, cwd: stringField(args, "workdir") || directory }];
  }
  if (patch) {
    const text = stringField(args, "patchText");
    if (text === undefined) throw new Error("it has no patchText");
    return patchedFiles(text).map((path) => ({ kind: "tool", tool: "edit", input: { path }, cwd: directory, actor: tool }));
  }
  const spec = FILE_TOOLS[tool]!;
  const path = stringField(args, spec.field);
  if (path === undefined && !spec.optional) throw new Error(`it has no ${spec.field}`);
  const pattern = spec.tool === "find" ? stringField(args, "pattern") : undefined;
  return [{ kind: "tool", tool: spec.tool, input: { ...(path !== undefined ? { path } : {}), ...(pattern !== undefined ? { pattern } : {}) }, cwd: directory, actor: tool }];
}

/** The files an apply_patch envelope adds, updates, deletes or moves to. */
function patchedFiles(patch: string): string[] {
  const out: string[] = [];
  for (const m of patch.matchAll(/^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/gm)) out.push(m[1]!.trim());
  return out;
}

function readOptions(raw: unknown): OpencodeOptions {
  if (raw === undefined || raw === null) return {};
  if (!isRecord(raw)) throw new Error("shellfence: the opencode plugin options must be an object");
  const ask = raw.ask;
  if (ask !== undefined && ask !== "block" && ask !== "allow") throw new Error(`shellfence: the "ask" option must be "block" or "allow", not ${JSON.stringify(ask)}`);
  const list = (key: string): string[] | undefined => {
    const v = raw[key];
    if (v === undefined) return undefined;
    if (!Array.isArray(v) || !v.every((x): x is string => typeof x === "string")) throw new Error(`shellfence: the "${key}" option must be an array of strings`);
    return v;
  };
  const config = list("config");
  const roots = list("roots");
  return { ...(ask !== undefined ? { ask } : {}), ...(config ? { config } : {}), ...(roots ? { roots } : {}) };
}
