// createGuard: wires the parser, the interpreter and the policy together. The guard is
// created once (it loads the grammar and the config layers); check() is synchronous and never
// throws, checkAsync() never rejects.

import { homedir } from "node:os";
import { dirname, isAbsolute, resolve as resolvePath } from "node:path";
import type { Parser } from "web-tree-sitter";
import { isEnvironmentVariable } from "../commands/environment.ts";
import { loadParser } from "../parse/grammar.ts";
import { DEFAULT_BOUNDS, hasLoneSurrogate, type ParseBounds } from "../parse/parse.ts";
import { readCode } from "./read-code.ts";
import { cachingFileSystem, deadlineFileSystem, type FileSystem, nodeFileSystem } from "../paths/fs.ts";
import { resolvePhysical, startDir } from "../paths/resolve.ts";
import { confinedFileSystem } from "../paths/confined.ts";
import { ignoresCase } from "../paths/case.ts";
import { type AuthorizePath, PathAuthority } from "../policy/authorize.ts";
import { BUILT_IN_LAYERS, type ConfigLayer, isPathSurface, mergeLayers } from "../policy/config.ts";
import { Policy, surfacesFor } from "../policy/decide.ts";
import { type JudgeContext, judgeFindings, PENDING } from "../policy/judge.ts";
import { judgeToolCall } from "../policy/judge-tool.ts";
import { type LayerInfo, loadLayers } from "../policy/layers.ts";
import { configHomeOf, protectedReach } from "../policy/protect.ts";
import { pathMatches, textMatches, toolLevel } from "../policy/rules.ts";
import { DEFAULT_SCAN_LIMIT, Scanner } from "../policy/reach.ts";
import { type Approval, approvalPattern, type ApprovalScope, type ApprovalSuggestion, type ApproveOptions, kindsCovered,
  type RuleTarget, SessionApprovals, suggestApproval } from "../policy/session.ts";
import { pathTool } from "../policy/tool.ts";
import { REASONS, type ReasonCode } from "../base/reasons.ts";
import { CheckTimeout, type Deadline, deadlineIn } from "../base/deadline.ts";
import type { Findings } from "../shell/findings.ts";
import type { ParsedCode } from "../interp/context.ts";
import { Interpreter } from "../interp/interpreter.ts";
import type { WalkAdvice } from "../interp/walk-advice.ts";
import { DEFAULT_LIMITS, type InterpreterLimits } from "../interp/limits.ts";
import type { Dialect } from "../shell/syntax.ts";
import { World } from "../shell/state.ts";
import { type Access, asksOnlyUnknown, type Decision, type Reason, stricter, type Verdict,
  within } from "../base/verdict.ts";
import type { ExecOptions, ExecResult, SandboxOptions } from "../sandbox/exec.ts";
import { buildProfile, DEFAULT_SANDBOX_MODE, type SandboxProfile } from "../sandbox/profile.ts";
import { memoisedFileSystem } from "../paths/memo-fs.ts";

export interface GuardOptions {
  /** Extra project roots (the cwd of each check is always one). */
  readonly roots?: readonly string[];
  /** Extra config layers after the project's and before the agent's: file paths or objects. */
  readonly config?: readonly (string | object)[];
  /**
   * The global layer: a file, or true for `$XDG_CONFIG_HOME/shellfence/config.json`
   * (`~/.config/shellfence/config.json` without it), read when present. Default: none.
   */
  readonly globalConfig?: string | boolean;
  /** The project layer: a file, or a directory whose `.shellfence.json` is read when present. */
  readonly projectConfig?: string;
  /** The file of trusted project-config hashes (default: trusted.json beside the global config). */
  readonly trustStore?: string;
  /** The per-agent layer, merged last (an object, validated like a file). */
  readonly agentConfig?: object;
  /**
   * Layers laid under every user layer, after the built-in ones: a scan preset's places
   * (src/policy/scan-presets.ts). As with the built-in rules, a user's rule for the same pattern
   * takes the place of theirs, and a user's rule written after the last catch-all comes after them.
   */
  readonly baseLayers?: readonly ConfigLayer[];
  /**
   * The host's path policy, asked about each ancestor of every root-relative path (see
   * docs/policy.md). A Promise answer needs checkAsync/checkToolAsync: check() refuses it.
   */
  readonly authorizePath?: AuthorizePath;
  /** Entries a recursive access's directory walk looks at before it asks instead (default 5000). */
  readonly maxScanEntries?: number;
  /** $HOME for `~` and `cd`; defaults to the current user's home. */
  readonly home?: string;
  /**
   * Match names without regard to case, as a case-insensitive filesystem finds them (`.ENV`
   * is `.env`). Default: probed at the roots, the project config's directory and the home
   * (src/paths/case.ts); on where any of them ignores case.
   */
  readonly caseInsensitive?: boolean;
  /** Environment variables the command's shell is known to have (CDPATH, …). */
  readonly env?: Readonly<Record<string, string>>;
  readonly fs?: FileSystem;
  /**
   * The disk does not change while this guard checks (a batch or a scan, which run nothing):
   * every filesystem answer is remembered for the guard's life (paths/memo-fs.ts). Never for a
   * guard that answers a host between tool calls.
   */
  readonly unchangingDisk?: boolean;
  readonly limits?: Partial<InterpreterLimits>;
  readonly bounds?: Partial<ParseBounds>;
  /**
   * The time one check may take before it answers CHECK_TIMEOUT (ask), in ms (default 5000;
   * Infinity for none). Far above a real check (milliseconds) and well under a host's hook
   * timeout (Claude Code: 60 s), so a slow disk or a pathological input is an ask in time.
   */
  readonly maxCheckMs?: number;
  readonly grammarPath?: string;
  /** The grammar's bytes, for hosts that embed it (the single-file binary). */
  readonly grammarBytes?: Uint8Array;
  /**
   * Use the command table (default). `false` judges every command as unknown — every argument
   * a path — which is only useful as a baseline when measuring precision.
   */
  readonly commandKnowledge?: boolean;
  /**
   * The commands run on another machine, not this one (`shellfence scan` judges scripts a CI
   * runner will run): nothing outside the roots is asked of this machine's disk — a glob there
   * is judged as the pattern, a file there is not read, a path there is judged by its name
   * (src/paths/confined.ts) — so the same input gives the same verdict on any machine. The
   * check's budget (maxCheckMs) then defaults to two minutes, which the load does not reach.
   */
  readonly otherMachine?: boolean;
  /** With otherMachine: directories the runner has whatever this machine holds (a scan preset's; confined.ts). */
  readonly runnerDirectories?: readonly string[];
}

export interface CheckOptions {
  /** Where the command starts; also a project root. Defaults to the process's working directory (startDir). */
  readonly cwd?: string;
  /** Roots for this check only, added to the guard's. */
  readonly roots?: readonly string[];
  /**
   * The command is a script's text, run as this path (`./scripts/build.sh`, relative to `cwd`):
   * its `$0` and `${BASH_SOURCE[0]}`, so that `cd "$(dirname "$0")"` is followed. Without it
   * they are not known (an agent's command runs in a shell whose `$0` is the shell).
   */
  readonly script?: string;
}

/** A direct call of a file tool (or any tool) by the agent. */
export interface ToolCall {
  /** `read`, `write`, `edit`, `find`, `grep`, `ls`, `bash`, or an extension tool's name. */
  readonly tool: string;
  /** The tool's input: `path` (or `file_path`) for path-bearing tools, `command` for bash. */
  readonly input?: unknown;
  readonly cwd?: string;
  readonly roots?: readonly string[];
}

export interface Guard {
  check(command: string, options?: CheckOptions): Verdict;
  /** Like check, awaiting an async authorizePath. */
  checkAsync(command: string, options?: CheckOptions): Promise<Verdict>;
  /** Judges a direct tool call by the same rules as the paths in bash commands. */
  checkTool(call: ToolCall): Verdict;
  checkToolAsync(call: ToolCall): Promise<Verdict>;
  /**
   * The tool-level question, for offering a tool at all: its surfaces evaluated with `*`. A
   * tool restricted on some paths is still offered; a blanket deny is not.
   */
  toolPermission(tool: string): Decision;
  /** Records a session approval for an access (path-scoped) or a command-text/tool rule. */
  approve(target: Access | RuleTarget, scope?: ApprovalScope, options?: ApproveOptions): Approval | null;
  /** The path-scoped approval to offer for an access (never a blanket `*`), or null. */
  suggestApproval(access: Pick<Access, "resolved" | "kind">): ApprovalSuggestion | null;
  /** The session's approvals, oldest first. */
  approvals(): readonly Approval[];
  clearApprovals(): void;
  /**
   * The OS sandbox a command runs in under this policy (docs/sandbox.md). The accesses a given
   * verdict asks about are made to work inside it: pass one only when it is to run approved.
   */
  sandboxFor(verdict: Verdict | null, options?: SandboxOptions): SandboxProfile;
  /** Checks a command and runs what the verdict allows with `bash -c` inside sandboxFor's sandbox. */
  exec(command: string, options?: ExecOptions): Promise<ExecResult>;
  /** The merged configuration the guard judges with. */
  readonly policy: Policy;
  /** The config layers, in merge order, with whether each was present. */
  readonly layers: readonly LayerInfo[];
  /** What a person should know about the configuration: an untrusted project file's ignored rules, a root of `/` or the home directory. */
  readonly warnings: readonly string[];
}

export async function createGuard(given: GuardOptions = {}): Promise<Guard> {
  const options = given.unchangingDisk ? { ...given, fs: memoisedFileSystem(given.fs ?? nodeFileSystem) } : given;
  const home = options.home ?? safeHome();
  const { layers, info, warnings } = loadLayers({ global: options.globalConfig, project: options.projectConfig,
    extra: options.config, agent: options.agentConfig,
    ...(options.trustStore ? { trustStore: options.trustStore } : {}) }, home);
  const parser = await loadParser(options.grammarPath, options.grammarBytes);
  const fold = options.caseInsensitive ?? probeCase(options, home);
  const merged = mergeLayers(layers, [...BUILT_IN_LAYERS, ...(options.baseLayers ?? [])]);
  return new ShellGuard(parser, new Policy(merged, home, fold), info, options, warnings);
}

/** Whether the filesystem at the roots, the project config's directory or the home ignores case. */
function probeCase(options: GuardOptions, home: string | null): boolean {
  const fs = options.fs ?? nodeFileSystem;
  const dirs = [...(options.roots ?? [])];
  if (options.projectConfig !== undefined) dirs.push(options.projectConfig);
  if (home !== null) dirs.push(home);
  return dirs.some((d) => {
    const r = resolvePhysical(resolvePath(d), fs);
    return r.ok && fs.lstat(r.path) === "dir" && ignoresCase(fs, r.path);
  });
}

/** A root of `/` or the home directory holds every secret and config file: worth a warning. */
export function broadRoots(roots: readonly string[], home: string | null): string[] {
  const h = home === null ? null : resolvePath(home);
  return roots.filter((r) => resolvePath(r) === "/" || resolvePath(r) === h).map((r) =>
    `the root ${r} is ${
      resolvePath(r) === "/" ? "the whole filesystem" : "the home directory"
    }: everything in it is allowed but the built-in secrets (SECRET_PATH) and what the rules restrict; prefer the project's own directory`
  );
}

/** GuardOptions.maxCheckMs's default: see there. */
export const DEFAULT_CHECK_MS = 5_000;

/**
 * Its default for commands that run on another machine (otherMachine, the CI scanner), and the
 * scan's one check budget: a hook answers within seconds, but nobody waits on a scan's answer,
 * and a budget the machine's load can reach would make the findings depend on it (the step
 * budget, InterpreterLimits, bounds the work the same on every machine). A 70 KiB script takes
 * about a second (two on its first check) on a loaded 2-core machine, and a scan reads scripts
 * up to `--max-bytes` (1 MiB by default). Past it the script is a CHECK_TIMEOUT finding, never a pass.
 */
const OTHER_MACHINE_CHECK_MS = 120_000;

/** What a check found before judging, or the verdict when there is nothing to judge. */
type Analysis = { readonly done: Verdict } | { readonly findings: Findings; readonly roots: readonly string[];
  readonly fs: FileSystem; readonly pre: readonly Reason[]; readonly configHome: string | null };

class ShellGuard implements Guard {
  private readonly limits: InterpreterLimits;
  private readonly bounds: ParseBounds;
  private readonly home: string | null;
  private readonly env: ReadonlyMap<string, string>;
  private readonly roots: readonly string[];
  private readonly session = new SessionApprovals();

  constructor(private readonly parser: Parser, readonly policy: Policy, readonly layers: readonly LayerInfo[],
    private readonly options: GuardOptions, warnings: readonly string[] = [])
  {
    this.home = policy.home;
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.bounds = { ...DEFAULT_BOUNDS, ...options.bounds };
    this.env = new Map(Object.entries(options.env ?? {}));
    // A relative root in a config file is relative to that file's directory, not to wherever
    // a check starts (a layer given as an object has no file: its relative roots stay relative
    // to each check's cwd).
    const files = new Set([...layers.filter((l) => l.kind === "global" || l.kind === "project").map((l) => l.origin),
      ...(options.config ?? []).filter((c): c is string => typeof c === "string")]);
    const fromFile = (r: { readonly path: string; readonly origin: string }) =>
      isAbsolute(r.path) || !files.has(r.origin) ? r.path : resolvePath(dirname(resolvePath(r.origin)), r.path);
    this.roots = [...(options.roots ?? []), ...policy.config.roots.map(fromFile)];
    // Every config file loaded is the guard's own, wherever it is: as named, and where it leads.
    const fs = options.fs ?? nodeFileSystem;
    const loaded = new Set<string>();
    for (const l of layers) {
      if (!l.loaded || l.kind === "agent" || /^config\[\d+\]$/.test(l.origin)) continue;
      const named = resolvePath(l.origin);
      loaded.add(named);
      const r = resolvePhysical(named, fs);
      if (r.ok) loaded.add(r.path);
    }
    this.configFiles = [...loaded];
    this.warnings = [...warnings, ...broadRoots(this.roots, this.home)];
  }

  /** The config files loaded, as named and resolved: protected as the guard's own (protect.ts). */
  private readonly configFiles: readonly string[];

  readonly warnings: readonly string[];

  check(command: string, options: CheckOptions = {}): Verdict {
    return this.containing(within(command, guarded(() => {
      const a = this.analyse(command, options, deadlineIn(this.budgetMs));
      if ("done" in a) return a.done;
      const ctx = this.context(a.roots, a.fs, "sync", a.configHome);
      return settled(judgeFindings(a.findings, ctx, a.pre));
    })));
  }

  /** A bash verdict marked `containable` where it asks only about what is not known and the policy contains. */
  private containing(v: Verdict): Verdict {
    return this.policy.config.contain.value && asksOnlyUnknown(v) ? { ...v, containable: true } : v;
  }

  checkAsync(command: string, options: CheckOptions = {}): Promise<Verdict> {
    return guardedAsync(async () => {
      // The budget is the guard's own work: waiting on the host's path policy is not counted.
      const deadline = deadlineIn(this.budgetMs);
      const a = this.analyse(command, options, deadline);
      deadline.disarm();
      if ("done" in a) return a.done;
      const ctx = this.context(a.roots, a.fs, "async", a.configHome);
      return await settle(ctx, () => judgeFindings(a.findings, ctx, a.pre));
    }).then((v) => this.containing(within(command, v)));
  }

  checkTool(call: ToolCall): Verdict {
    return guarded(() => {
      if (typeof call?.tool !== "string") return failClosed("INVALID_INPUT", "a tool call needs a tool name");
      if (call.tool === "bash") {
        const b = this.bashCall(call);
        return "done" in b ? b.done : this.check(b.command, b.options);
      }
      const { cwd, roots, fs } = this.toolSetting(call, true);
      const ctx = this.context(roots, fs, "sync");
      return settled(judgeToolCall(call.tool, call.input, cwd, ctx));
    });
  }

  checkToolAsync(call: ToolCall): Promise<Verdict> {
    return guardedAsync(async () => {
      if (typeof call?.tool !== "string") return failClosed("INVALID_INPUT", "a tool call needs a tool name");
      if (call.tool === "bash") {
        const b = this.bashCall(call);
        return "done" in b ? b.done : await this.checkAsync(b.command, b.options);
      }
      const { cwd, roots, fs } = this.toolSetting(call, false);
      const ctx = this.context(roots, fs, "async");
      return await settle(ctx, () => judgeToolCall(call.tool, call.input, cwd, ctx));
    });
  }

  toolPermission(tool: string): Decision {
    if (tool === "bash") return toolLevel(this.policy.rules("bash"), (p) => textMatches(p, "*")) ?? "allow";
    const spec = pathTool(tool);
    let d: Decision = "allow";
    // A tool the guard does not model, and no rule decides, is asked about (as checkTool does).
    for (const s of spec ? spec.surfaces : [tool]) {
      d = stricter(d,
        toolLevel(this.policy.rules(s), (p) => pathMatches(p, "*", this.home)) ?? (spec ? "allow" : "ask"));
    }
    return d;
  }

  approve(target: Access | RuleTarget, scope: ApprovalScope = "file", options: ApproveOptions = {}): Approval | null {
    const overrideDeny = options.overrideDeny === true;
    if ("surface" in target) {
      if (target.surface !== "bash" && (isPathSurface(target.surface) || target.surface === "external_directory")) {
        throw new Error(`approve paths through an access (a path-scoped approval), not the ${target.surface} surface`);
      }
      return this.session.add({ surface: target.surface, kinds: null, pattern: target.pattern, overrideDeny });
    }
    if (target.resolved === null) return null;
    return this.session.add({ surface: "path", kinds: kindsCovered(target.kind),
      pattern: approvalPattern(target.resolved, scope, this.isDirectory(target.resolved)), overrideDeny });
  }

  suggestApproval(access: Pick<Access, "resolved" | "kind">): ApprovalSuggestion | null {
    return suggestApproval(access, access.resolved !== null && this.isDirectory(access.resolved));
  }

  /** Is a resolved path a directory now? (Its parent's entries are not what approving it means.) */
  private isDirectory(resolved: string): boolean {
    return (this.options.fs ?? nodeFileSystem).lstat(resolved) === "dir";
  }

  approvals(): readonly Approval[] {
    return this.session.all();
  }

  sandboxFor(verdict: Verdict | null, options: SandboxOptions = {}): SandboxProfile {
    const fs = cachingFileSystem(this.options.fs ?? nodeFileSystem);
    const cwd = startDir(options.cwd);
    const physical = resolvePhysical(cwd, fs);
    const approved = verdict === null ? [] : verdict.accesses.filter((a) => a.decision === "ask");
    return buildProfile({ policy: this.policy, roots: this.physicalRoots(fs, cwd, options.roots ?? []),
      cwd: physical.ok ? physical.path : cwd, mode: options.profile ?? DEFAULT_SANDBOX_MODE, approved,
      path: process.env.PATH ?? "", fs, ...(options.network !== undefined ? { network: options.network } : {}) });
  }

  async exec(command: string, options: ExecOptions = {}): Promise<ExecResult> {
    // Loaded here: it brings node:child_process (and with it net and dgram), which a check never needs.
    const { execCommand } = await import("../sandbox/exec.ts");
    return execCommand(this, command, options);
  }

  clearApprovals(): void {
    this.session.clear();
  }

  /** `configHome`: read by the check's analysis already (each read of the environment costs a lookup). */
  private context(roots: readonly string[], fs: FileSystem, mode: "sync" | "async",
    configHome = configHomeOf(this.home)): JudgeContext
  {
    const authority = this.options.authorizePath ? new PathAuthority(this.options.authorizePath, mode) : null;
    const scanner = new Scanner({ policy: this.policy, fs, roots, authority,
      limit: this.options.maxScanEntries ?? DEFAULT_SCAN_LIMIT });
    const configFiles = this.configFiles;
    return { policy: this.policy, roots, fs, authority, scanner, approvals: this.session, configHome, configFiles };
  }

  private bashCall(call: ToolCall): { done: Verdict } | { command: string; options: CheckOptions } {
    const input = call.input as { command?: unknown } | null | undefined;
    const command = typeof input === "object" && input !== null && typeof input.command === "string"
      ? input.command
      : null;
    if (command === null) {
      return { done: failClosed("INVALID_INPUT", "a bash tool call needs input.command, a string") };
    }
    return { command,
      options: { ...(call.cwd !== undefined ? { cwd: call.cwd } : {}), ...(call.roots ? { roots: call.roots } : {}) } };
  }

  /**
   * The check's filesystem: cached for its length, every lookup under its deadline — cache hits
   * too, since one statement may name 80 000 paths that all hit the cache.
   */
  private checkFs(deadline: Deadline): FileSystem {
    return deadlineFileSystem(cachingFileSystem(this.options.fs ?? nodeFileSystem), deadline);
  }

  /** The time one check may take (GuardOptions.maxCheckMs). */
  private get budgetMs(): number {
    return this.options.maxCheckMs ?? (this.options.otherMachine ? OTHER_MACHINE_CHECK_MS : DEFAULT_CHECK_MS);
  }

  /**
   * The check's filesystem for commands that run on another machine: nothing outside the roots
   * (confined.ts). The confined view wraps the guard's disk, which for a scan is the memo
   * (unchangingDisk, createGuard), not the other way round: the memo holds this machine's answers,
   * the same whatever a check's roots, for the guard's life; the view depends on the check's
   * roots (what is inside, what is above them), so it is made per check over it.
   */
  private confinedFs(roots: readonly string[], deadline: Deadline): FileSystem {
    return deadlineFileSystem(
      cachingFileSystem(
        confinedFileSystem(this.options.fs ?? nodeFileSystem, roots, this.home, this.options.runnerDirectories),
      ),
      deadline,
    );
  }

  /** `timed`: under the check's budget; not when the judging waits on the host's path policy. */
  private toolSetting(call: ToolCall, timed: boolean): { cwd: string; roots: readonly string[]; fs: FileSystem } {
    const fs = this.checkFs(deadlineIn(timed ? (this.budgetMs) : Infinity));
    const cwd = startDir(call.cwd);
    return { cwd, roots: this.physicalRoots(fs, cwd, call.roots ?? []), fs };
  }

  private analyse(command: string, options: CheckOptions, deadline: Deadline): Analysis {
    // The input is checked before anything is read from the disk for it.
    if (typeof command !== "string") return { done: failClosed("INVALID_INPUT", "the command is not a string") };
    const disk = this.checkFs(deadline);
    const cwd = startDir(options.cwd);
    const roots = this.physicalRoots(disk, cwd, options.roots ?? []);
    const fs = this.options.otherMachine ? this.confinedFs(roots, deadline) : disk;
    const pre: Reason[] = [];
    if (command.includes("\u0000") || hasLoneSurrogate(command)) {
      // Bash never sees such a command as written (a NUL ends it); it is not parsed at all,
      // which also spares the parser inputs it handles slowly.
      const r = reason(this.policy, "INVALID_INPUT",
        command.includes("\u0000") ? "the command holds a NUL byte" : "the command holds invalid UTF-16");
      return { done: { decision: r.decision, reasons: [r], accesses: [] } };
    }
    const parsed = readCode(this.parser, command, this.bounds, "bash", options.script !== undefined);
    if (!parsed.ok) {
      return {
        done: { decision: this.policy.reasonDecision(parsed.code),
          reasons: [reason(this.policy, parsed.code, parsed.message), ...pre], accesses: [] },
      };
    }
    for (const e of parsed.errors) {
      pre.push({
        ...reason(this.policy, "PARSE_ERROR",
          `the command does not parse at ${JSON.stringify(command.slice(e.start, Math.min(e.end, e.start + 40)))}`),
        start: e.start,
        end: e.end,
      });
    }
    const stmt = parsed.stmt;
    for (const p of parsed.problems) {
      pre.push({ ...reason(this.policy, p.code, `cannot read ${p.why}`), start: p.span.start, end: p.span.end });
    }
    // Read once for the check: an environment variable costs a lookup each time it is read.
    const configHome = configHomeOf(this.home);
    const interp = new Interpreter({ fs, home: this.home, env: this.env, limits: this.limits, roots,
      commandKnowledge: this.options.commandKnowledge !== false, advice: this.walkAdvice(roots, fs, configHome),
      parse: (text, dialect, fromFile) => this.parseNested(text, dialect, fromFile), deadline,
      ...(this.options.otherMachine ? { checkout: true as const } : {}),
      ...(options.script !== undefined ? { sources: [options.script] } : {}) });
    const start = new World(cwd, isEnvironmentVariable);
    if (options.script !== undefined) start.setVar("0", { k: "str", v: options.script });
    interp.runProgram(stmt, start);
    return { findings: interp.findings, roots, fs, pre, configHome };
  }

  /**
   * The walk advice (docs/architecture.md, "Walk advice"): how much of a tree the interpreter
   * must walk, asked of the policy, the session and the host; it never decides anything.
   */
  private walkAdvice(roots: readonly string[], fs: FileSystem, configHome: string | null): WalkAdvice {
    const host = this.options.authorizePath !== undefined;
    return {
      // A host's authority or a session approval may allow any outside path.
      outsideWalk: (dir) =>
        host || this.session.all().some((a) => a.surface === "path") || this.policy.mayAllowOutside(dir)
          ? "judge"
          : this.policy.mayDeny
          ? "name"
          : "skip",
      // A link followed into another place inside the roots is judged there — unless no rule,
      // no host policy and no protected file could make that anything but allow.
      insideLinkMatters: (target, kind, surface) =>
        host ||
        this.policy.mayRestrictBelow(target, roots, surfacesFor(kind, surface), "ask", kind) ||
        ((kind === "write" || kind === "unknown") &&
          protectedReach(target, this.home, roots, fs, configHome, "other", this.configFiles, this.policy.foldCase) !==
            null),
    };
  }

  private parseNested(text: string, dialect: Dialect, fromFile: boolean): ParsedCode | { refused: ReasonCode;
    why: string }
  {
    const parsed = readCode(this.parser, text, this.bounds, dialect, fromFile);
    if (!parsed.ok) return { refused: parsed.code, why: parsed.message };
    const first = parsed.errors[0];
    const error = first
      ? `the nested code does not parse at ${JSON.stringify(text.slice(first.start, first.start + 40))}`
      : null;
    const problem = parsed.problems[0];
    if (error !== null || !problem) return { stmt: parsed.stmt, error };
    return { stmt: parsed.stmt, error: `cannot read ${problem.why}`, errorCode: problem.code };
  }

  /** Roots resolved physically, so containment is judged where the kernel would look. */
  private physicalRoots(fs: FileSystem, cwd: string, extra: readonly string[]): string[] {
    const out = new Set<string>();
    for (const r of [cwd, ...this.roots, ...extra]) {
      const abs = startDir(r.startsWith("/") ? r : resolvePath(cwd, r));
      // Most roots are directories without a symlink above them: one call says so (and tells
      // the check's filesystem cache about each directory on the way), where the walk asks
      // lstat of each segment — a fifth of a short command's check.
      if (fs.realpathDir?.(abs) === abs) {
        out.add(abs);
        continue;
      }
      const p = resolvePhysical(abs, fs);
      if (p.ok) out.add(p.path);
    }
    return [...out];
  }
}

/**
 * Judges, awaits the path policy's pending answers, and judges again until nothing is
 * pending. Each round answers every question it raised, and a walk descends one level per
 * round, so the rounds are bounded by the scan's depth.
 */
async function settle(ctx: JudgeContext, run: () => Verdict | typeof PENDING): Promise<Verdict> {
  for (;;) {
    const v = run();
    if (v !== PENDING) return v;
    if (!ctx.authority?.hasPending || (await ctx.authority.answerPending()) === 0) {
      return failClosed("INTERNAL_ERROR", "a check stayed pending without a new question to ask");
    }
  }
}

/** The one place a failure inside a check becomes a verdict, so check() never throws. */
function guarded(run: () => Verdict): Verdict {
  try {
    return run();
  } catch (e) {
    return guardFailed(e);
  }
}

/** guarded for the async forms: a throw before the first await and a rejection both land here. */
async function guardedAsync(run: () => Promise<Verdict>): Promise<Verdict> {
  try {
    return await run();
  } catch (e) {
    return guardFailed(e);
  }
}

function guardFailed(e: unknown): Verdict {
  if (e instanceof CheckTimeout) return failClosed("CHECK_TIMEOUT", e.message);
  return failClosed("INTERNAL_ERROR", `the guard failed: ${e instanceof Error ? e.message : String(e)}`);
}

/** A synchronous check cannot await the path policy: a question it left open fails closed. */
function settled(v: Verdict | typeof PENDING): Verdict {
  return v === PENDING ? failClosed("INTERNAL_ERROR", "a synchronous path policy left a question open") : v;
}

function reason(policy: Policy, code: ReasonCode, message: string): Reason {
  return { code, message, decision: policy.reasonDecision(code) };
}

function failClosed(code: ReasonCode, message: string): Verdict {
  return { decision: REASONS[code].decision, reasons: [{ code, message, decision: REASONS[code].decision }],
    accesses: [] };
}

function safeHome(): string | null {
  try {
    return homedir() || null;
  } catch {
    return null;
  }
}
