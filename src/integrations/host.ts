// The one question every integration asks: may this bash command, or this file-tool call, run
// from this directory? Hosts differ in protocol, not in judgement, so they all ask it here.

import { existsSync } from "node:fs";
import { resolve as resolvePath } from "node:path";
import { createGuard, type Guard, type GuardOptions } from "../guard.ts";
import { nodeFileSystem } from "../paths/fs.ts";
import { isInside, resolvePhysical } from "../paths/resolve.ts";
import { type Access, type Reason, stricter, type Verdict } from "../verdict.ts";
import { shellQuote, toolAsCommand } from "./tool-adapter.ts";

/** The file tools, named by the policy surfaces that judge them (src/policy/config.ts). */
export const FILE_TOOLS = ["read", "write", "edit", "find", "grep", "ls"] as const;
export type FileTool = (typeof FILE_TOOLS)[number];

export interface ToolInput {
  /** The file, or for find/grep/ls the directory searched (default: the cwd). */
  readonly path?: string;
  /** find only: the glob, which can climb out of `path` on its own (`../../**`, `/etc/*`). */
  readonly pattern?: string;
}

export interface Host {
  /** The project root: everything is judged against it, wherever the call starts. */
  readonly root: string;
  checkBash(command: string, cwd: string): Verdict;
  checkTool(tool: FileTool, input: ToolInput, cwd: string): Verdict;
}

export interface HostOptions {
  readonly root: string;
  /** Further roots, as `check --root` (relative ones from the project root). */
  readonly roots?: readonly string[];
  /** Config files or objects, merged after the project's own `.shellfence.json`. */
  readonly config?: readonly (string | object)[];
  readonly home?: string;
  readonly env?: Readonly<Record<string, string>>;
}

/** The project's own rules, which every integration's reason text tells the user to edit. */
export const PROJECT_CONFIG = ".shellfence.json";

export async function createHost(options: HostOptions): Promise<Host> {
  return guardHost(await createProjectGuard(options), resolvePath(options.root), options.roots ?? []);
}

/** A guard with the project's `.shellfence.json` (when there is one) under the given configs. */
export function createProjectGuard(options: HostOptions): Promise<Guard> {
  const projectConfig = resolvePath(options.root, PROJECT_CONFIG);
  const guardOptions: GuardOptions = {
    roots: (options.roots ?? []).map((r) => resolvePath(options.root, r)),
    config: [...(existsSync(projectConfig) ? [projectConfig] : []), ...(options.config ?? [])],
    ...(options.home !== undefined ? { home: options.home } : {}),
    ...(options.env !== undefined ? { env: options.env } : {}),
  };
  return createGuard(guardOptions);
}

export function guardHost(guard: Guard, root: string, extraRoots: readonly string[] = []): Host {
  const roots = [root, ...extraRoots.map((r) => resolvePath(root, r))];
  const physicalRoot = resolvePhysical(root, nodeFileSystem);
  const rulesFile = `${physicalRoot.ok ? physicalRoot.path.replace(/\/$/, "") : root}/${PROJECT_CONFIG}`;
  return {
    root,
    checkBash(command, cwd) {
      const start = resolvePath(root, cwd);
      if (physicallyInside(start, roots)) return guardOwnRules(guard.check(command, { cwd: start, roots: [root] }), rulesFile);
      // The guard makes the directory a command starts in a root of its own; a cwd outside the
      // project must not become one. So the check starts at the root and moves there first,
      // which judges the move, and the command's relative paths still resolve from the cwd.
      // A newline, not `&&`, keeps a leading heredoc or comment in the command intact.
      return guardOwnRules(guard.check(`cd -- ${shellQuote(start)}\n${command}`, { cwd: root }), rulesFile);
    },
    checkTool(tool, input, cwd) {
      // The temporary adapter (tool-adapter.ts) until guard.checkTool lands.
      const command = toolAsCommand(tool, input, resolvePath(root, cwd));
      if (typeof command !== "string") return refused(command.invalid);
      return guardOwnRules(guard.check(command, { cwd: root }), rulesFile);
    },
  };
}

/** The rule under which a change to the project's own rules file is asked about. */
export const OWN_RULES = "shellfence:own-rules";

/**
 * The project's `.shellfence.json` sits inside the project, where an agent may write; an agent
 * that could edit it could widen its own fence. So a write to it is an ask, whatever else allows.
 */
function guardOwnRules(v: Verdict, rulesFile: string): Verdict {
  const changed = v.accesses.filter((a) => a.resolved === rulesFile && (a.kind === "write" || a.kind === "unknown") && a.decision === "allow");
  if (changed.length === 0) return v;
  const accesses = v.accesses.map((a): Access => (changed.includes(a) ? { ...a, decision: "ask", rule: OWN_RULES, reason: "RULE_ASK" } : a));
  const added: Reason[] = changed.map((a) => ({ code: "RULE_ASK", message: `${a.command}: ${a.resolved} holds this project's shellfence rules`, decision: "ask", start: a.start, end: a.end }));
  const rank = (r: Reason) => (r.decision === "deny" ? 0 : r.decision === "ask" ? 1 : 2);
  return { decision: stricter(v.decision, "ask"), reasons: [...v.reasons, ...added].sort((a, b) => rank(a) - rank(b)), accesses };
}

function physicallyInside(path: string, roots: readonly string[]): boolean {
  const p = resolvePhysical(path, nodeFileSystem);
  if (!p.ok || !p.exists) return false;
  return roots.some((r) => {
    const root = resolvePhysical(r, nodeFileSystem);
    return root.ok && isInside(p.path, root.path);
  });
}

/** A verdict for a call the host could not describe to the guard: ask, never allow. */
export function refused(message: string): Verdict {
  return { decision: "ask", reasons: [{ code: "INVALID_INPUT", message, decision: "ask" }], accesses: [] };
}

/** One tool call as every host describes it, once its own protocol is read. */
export type Call =
  | { readonly kind: "bash"; readonly command: string; readonly cwd: string }
  | { readonly kind: "tool"; readonly tool: FileTool; readonly input: ToolInput; readonly cwd: string; readonly actor: string };

export function checkCall(host: Host, call: Call): Verdict {
  return call.kind === "bash" ? host.checkBash(call.command, call.cwd) : host.checkTool(call.tool, call.input, call.cwd);
}
