// The one question every integration asks: may this bash command, or this file-tool call, run
// from this directory? Hosts differ in protocol, not in judgement, so they all ask it here.

import { resolve as resolvePath } from "node:path";
import { createGuard, type Guard, type GuardOptions } from "../guard/guard.ts";
import type { SandboxMode, SandboxProfile } from "../sandbox/profile.ts";
import { nodeFileSystem } from "../paths/fs.ts";
import { isInside, resolvePhysical } from "../paths/resolve.ts";
import { expandToolHome } from "../policy/tool.ts";
import type { ConfigLayer } from "../policy/config.ts";
import { type Decision, type Reason, stricter, type Verdict } from "../base/verdict.ts";
import type { ReasonCode } from "../base/reasons.ts";
import { globBase, shellQuote } from "./glob-base.ts";

/** The file tools, named by the policy surfaces that judge them (src/policy/config.ts). */
const FILE_TOOLS = ["read", "write", "edit", "find", "grep", "ls"] as const;
export type FileTool = (typeof FILE_TOOLS)[number];

interface ToolInput {
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
  /**
   * The sandbox a bash command run from `cwd` gets (docs/sandbox.md); the accesses `approved`
   * asks about work inside it. Throws SandboxError when the rules cannot be made into one.
   */
  sandboxFor(approved: Verdict | null, cwd: string, mode: SandboxMode, network?: "shared" | "none"): SandboxProfile;
  /** The guard's configuration warnings (Guard.warnings), for the host to show a person. */
  readonly warnings: readonly string[];
  /** The decision the user's config gives a reason code, or null where it gives none (the built-in one holds). */
  configured(code: ReasonCode): Decision | null;
}

interface HostOptions {
  readonly root: string;
  /** Further roots, as `check --root` (relative ones from the project root). */
  readonly roots?: readonly string[];
  /** Config files or objects, merged after the project's own `.shellfence.json`. */
  readonly config?: readonly (string | object)[];
  readonly home?: string;
  readonly env?: Readonly<Record<string, string>>;
  /** The guard's budget for one check (GuardOptions.maxCheckMs). */
  readonly maxCheckMs?: number;
  /** The commands run on another machine (GuardOptions.otherMachine): the CI scanner. */
  readonly otherMachine?: boolean;
  /** Directories the runner has (GuardOptions.runnerDirectories): the scan's presets'. */
  readonly runnerDirectories?: readonly string[];
  /** A scan: the disk does not change while it checks (GuardOptions.unchangingDisk). */
  readonly unchangingDisk?: boolean;
  /** The largest command and script file the guard reads (ParseBounds.maxBytes, InterpreterLimits.maxScriptBytes). */
  readonly maxBytes?: number;
  /** Layers under every user layer (GuardOptions.baseLayers): the scan's presets. */
  readonly baseLayers?: readonly ConfigLayer[];
}

export async function createHost(options: HostOptions): Promise<Host> {
  return guardHost(await createProjectGuard(options), resolvePath(options.root), options.roots ?? []);
}

/** A guard with the user's global config and the project's `.shellfence.json` under the given configs. */
export function createProjectGuard(options: HostOptions): Promise<Guard> {
  const guardOptions: GuardOptions = { roots: (options.roots ?? []).map((r) => resolvePath(options.root, r)),
    globalConfig: true, projectConfig: resolvePath(options.root), config: [...(options.config ?? [])],
    ...(options.home !== undefined ? { home: options.home } : {}),
    ...(options.env !== undefined ? { env: options.env } : {}),
    ...(options.maxCheckMs !== undefined ? { maxCheckMs: options.maxCheckMs } : {}),
    ...(options.otherMachine ? { otherMachine: true } : {}),
    ...(options.runnerDirectories?.length ? { runnerDirectories: options.runnerDirectories } : {}),
    ...(options.unchangingDisk ? { unchangingDisk: true } : {}),
    ...(options.maxBytes !== undefined
      ? { bounds: { maxBytes: options.maxBytes }, limits: { maxScriptBytes: options.maxBytes } }
      : {}), ...(options.baseLayers !== undefined ? { baseLayers: options.baseLayers } : {}) };
  return createGuard(guardOptions);
}

export function guardHost(guard: Guard, root: string, extraRoots: readonly string[] = []): Host {
  const roots = [root, ...extraRoots.map((r) => resolvePath(root, r))];
  return { warnings: guard.warnings, root, configured: (code) => guard.policy.config.reasons.get(code)?.action ?? null,
    checkBash(command, cwd) {
      const start = resolvePath(root, cwd);
      if (physicallyInside(start, roots)) return guard.check(command, { cwd: start, roots: [root] });
      // The guard makes the directory a command starts in a root of its own; a cwd outside the
      // project must not become one. So the check starts at the root and moves there first,
      // which judges the move, and the command's relative paths still resolve from the cwd.
      // A newline, not `&&`, keeps a leading heredoc or comment in the command intact.
      return guard.check(`cd -- ${shellQuote(start)}\n${command}`, { cwd: root });
    },
    checkTool(tool, input, cwd) {
      const path = input.path;
      if (path !== undefined && typeof path !== "string") return refused(`${tool}: the path is not a string`);
      if ((tool === "read" || tool === "write" || tool === "edit") && !path) {
        return refused(`${tool}: no file path given`);
      }
      const dir = resolvePath(root, cwd);
      const home = guard.policy.home;
      // As for bash, the directory a call starts in is never a root of its own. The guard makes
      // a tool call's cwd a root, harmless inside the project but not outside it (Claude Code's
      // cwd follows the session's shell): there everything below the cwd would be admitted,
      // external_directory denies included. So from a cwd outside, the path is made absolute
      // here, exactly as the guard would (`~` and `~/` are left for it to expand), and the
      // guard starts at the root.
      const start = physicallyInside(dir, roots) ? dir : root;
      const fromCwd = (
        p: string,
      ) => (start === dir || expandToolHome(p, home).startsWith("/") ? p : `${dir.replace(/\/$/, "")}/${p}`);
      // Searches with no path search where the call starts.
      const asked = path ? fromCwd(path) : tool === "read" || tool === "write" || tool === "edit" ? "" : dir;
      const verdict = guard.checkTool({ tool, input: { path: asked }, cwd: start, roots: [root] });
      // A glob can climb out of the directory it starts in (`../../**`, `/etc/*`): judge where it reaches too.
      const pattern = input.pattern;
      if (tool !== "find" || pattern === undefined) return verdict;
      if (typeof pattern !== "string") return refused("find: the pattern is not a string");
      const expanded = path ? expandToolHome(path, home) : dir;
      // A `~` the guard cannot expand (`~user`, or no home) could be anywhere.
      const from = expanded.startsWith("~") ? null : resolvePath(dir, expanded);
      const base = from === null ? "/" : globBase(from, pattern, home);
      if (from !== null && (base === from || base.startsWith(from.endsWith("/") ? from : from + "/"))) return verdict;
      return strictest(verdict, guard.checkTool({ tool, input: { path: base }, cwd: start, roots: [root] }));
    },
    sandboxFor(approved, cwd, mode, network = "shared") {
      // As for checkBash, the cwd is never a root of its own (the guard would make it a
      // writable one): the profile is built from the root, and the command only starts in the cwd.
      const profile = guard.sandboxFor(approved, { cwd: root, profile: mode, network });
      const start = resolvePath(root, cwd);
      const physical = resolvePhysical(start, nodeFileSystem);
      return { ...profile, cwd: physical.ok ? physical.path : start };
    } };
}

/** Both verdicts' reasons and accesses, decided by the stricter. */
function strictest(a: Verdict, b: Verdict): Verdict {
  const rank = (r: Reason) => (r.decision === "deny" ? 0 : r.decision === "ask" ? 1 : 2);
  return { decision: stricter(a.decision, b.decision),
    reasons: [...a.reasons, ...b.reasons].sort((x, y) => rank(x) - rank(y)), accesses: [...a.accesses, ...b.accesses] };
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
function refused(message: string): Verdict {
  return { decision: "ask", reasons: [{ code: "INVALID_INPUT", message, decision: "ask" }], accesses: [] };
}

/** One tool call as every host describes it, once its own protocol is read. */
export type Call = { readonly kind: "bash"; readonly command: string; readonly cwd: string } | { readonly kind: "tool";
  readonly tool: FileTool; readonly input: ToolInput; readonly cwd: string; readonly actor: string };

export function checkCall(host: Host, call: Call): Verdict {
  return call.kind === "bash"
    ? host.checkBash(call.command, call.cwd)
    : host.checkTool(call.tool, call.input, call.cwd);
}

/** Judges every call; the first denied one, else the first asked about, else null (all allowed). */
export function worstCall(host: Host, calls: readonly Call[]): { readonly c: Call; readonly v: Verdict } | null {
  const checked = calls.map((c) => ({ c, v: checkCall(host, c) }));
  return checked.find((x) => x.v.decision === "deny") ?? checked.find((x) => x.v.decision === "ask") ?? null;
}
