// createGuard: wires the parser, the interpreter and the policy together. The guard is
// created once (it loads the grammar and the config layers); check() is synchronous and never
// throws, checkAsync() never rejects.

import { homedir } from "node:os";
import { dirname, isAbsolute, resolve as resolvePath } from "node:path";
import type { Parser } from "web-tree-sitter";
import { isEnvironmentVariable } from "../commands/environment.ts";
import { loadParser } from "../parse/grammar.ts";
import { DEFAULT_BOUNDS, hasLoneSurrogate, type ParseBounds, parseBounded } from "../parse/parse.ts";
import { cachingFileSystem, type FileSystem, nodeFileSystem } from "../paths/fs.ts";
import { resolvePhysical } from "../paths/resolve.ts";
import { type AuthorizePath, PathAuthority } from "../policy/authorize.ts";
import { isPathSurface, mergeLayers } from "../policy/config.ts";
import { Policy, surfacesFor } from "../policy/decide.ts";
import { type JudgeContext, judgeFindings, PENDING } from "../policy/judge.ts";
import { judgeToolCall } from "../policy/judge-tool.ts";
import { type LayerInfo, loadLayers } from "../policy/layers.ts";
import { configHomeOf, protectedReach } from "../policy/protect.ts";
import { pathMatches, textMatches, toolLevel } from "../policy/rules.ts";
import { DEFAULT_SCAN_LIMIT, Scanner } from "../policy/reach.ts";
import {
  type Approval, approvalPattern, type ApprovalScope, type ApprovalSuggestion, type ApproveOptions, kindsCovered, type RuleTarget,
  SessionApprovals, suggestApproval,
} from "../policy/session.ts";
import { pathTool } from "../policy/tool.ts";
import { REASONS, type ReasonCode } from "../base/reasons.ts";
import type { Findings } from "../shell/findings.ts";
import type { ParsedCode } from "../interp/context.ts";
import { Interpreter } from "../interp/interpreter.ts";
import { DEFAULT_LIMITS, type InterpreterLimits } from "../interp/limits.ts";
import { lowerProgram } from "../shell/lower/program.ts";
import type { Dialect } from "../shell/syntax.ts";
import { copyTree } from "../parse/tree.ts";
import { World } from "../shell/state.ts";
import { type Access, type Decision, type Reason, stricter, type Verdict } from "../base/verdict.ts";
import type { ExecOptions, ExecResult, SandboxOptions } from "../sandbox/exec.ts";
import { buildProfile, DEFAULT_SANDBOX_MODE, type SandboxProfile } from "../sandbox/profile.ts";

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
  /** The per-agent layer, merged last (an object, validated like a file). */
  readonly agentConfig?: object;
  /**
   * The host's path policy, asked about each ancestor of every root-relative path (see
   * docs/policy.md). A Promise answer needs checkAsync/checkToolAsync: check() refuses it.
   */
  readonly authorizePath?: AuthorizePath;
  /** Entries a recursive access's directory walk looks at before it asks instead (default 5000). */
  readonly maxScanEntries?: number;
  /** $HOME for `~` and `cd`; defaults to the current user's home. */
  readonly home?: string;
  /** Environment variables the command's shell is known to have (CDPATH, …). */
  readonly env?: Readonly<Record<string, string>>;
  readonly fs?: FileSystem;
  readonly limits?: Partial<InterpreterLimits>;
  readonly bounds?: Partial<ParseBounds>;
  readonly grammarPath?: string;
  /** The grammar's bytes, for hosts that embed it (the single-file binary). */
  readonly grammarBytes?: Uint8Array;
  /**
   * Use the command table (default). `false` judges every command as unknown — every argument
   * a path — which is only useful as a baseline when measuring precision.
   */
  readonly commandKnowledge?: boolean;
}

export interface CheckOptions {
  /** Where the command starts; also a project root. Defaults to process.cwd(). */
  readonly cwd?: string;
  /** Roots for this check only, added to the guard's. */
  readonly roots?: readonly string[];
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
}

export async function createGuard(options: GuardOptions = {}): Promise<Guard> {
  const home = options.home ?? safeHome();
  const { layers, info } = loadLayers(
    { global: options.globalConfig, project: options.projectConfig, extra: options.config, agent: options.agentConfig },
    home,
  );
  const parser = await loadParser(options.grammarPath, options.grammarBytes);
  return new ShellGuard(parser, new Policy(mergeLayers(layers), home), info, options);
}

/** What a check found before judging, or the verdict when there is nothing to judge. */
type Analysis = { readonly done: Verdict } | { readonly findings: Findings; readonly roots: readonly string[]; readonly fs: FileSystem; readonly pre: readonly Reason[]; readonly configHome: string | null };

class ShellGuard implements Guard {
  private readonly limits: InterpreterLimits;
  private readonly bounds: ParseBounds;
  private readonly home: string | null;
  private readonly env: ReadonlyMap<string, string>;
  private readonly roots: readonly string[];
  private readonly session = new SessionApprovals();

  constructor(
    private readonly parser: Parser,
    readonly policy: Policy,
    readonly layers: readonly LayerInfo[],
    private readonly options: GuardOptions,
  ) {
    this.home = policy.home;
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.bounds = { ...DEFAULT_BOUNDS, ...options.bounds };
    this.env = new Map(Object.entries(options.env ?? {}));
    // A relative root in a config file is relative to that file's directory, not to wherever
    // a check starts (a layer given as an object has no file: its relative roots stay relative
    // to each check's cwd).
    const files = new Set([
      ...layers.filter((l) => l.kind === "global" || l.kind === "project").map((l) => l.origin),
      ...(options.config ?? []).filter((c): c is string => typeof c === "string"),
    ]);
    const fromFile = (r: { readonly path: string; readonly origin: string }) =>
      isAbsolute(r.path) || !files.has(r.origin) ? r.path : resolvePath(dirname(resolvePath(r.origin)), r.path);
    this.roots = [...(options.roots ?? []), ...policy.config.roots.map(fromFile)];
  }

  check(command: string, options: CheckOptions = {}): Verdict {
    return guarded(() => {
      const a = this.analyse(command, options);
      if ("done" in a) return a.done;
      const ctx = this.context(a.roots, a.fs, "sync", a.configHome);
      return settled(judgeFindings(a.findings, ctx, a.pre));
    });
  }

  checkAsync(command: string, options: CheckOptions = {}): Promise<Verdict> {
    return guardedAsync(async () => {
      const a = this.analyse(command, options);
      if ("done" in a) return a.done;
      const ctx = this.context(a.roots, a.fs, "async", a.configHome);
      return await settle(ctx, () => judgeFindings(a.findings, ctx, a.pre));
    });
  }

  checkTool(call: ToolCall): Verdict {
    return guarded(() => {
      if (typeof call?.tool !== "string") return failClosed("INVALID_INPUT", "a tool call needs a tool name");
      if (call.tool === "bash") {
        const b = this.bashCall(call);
        return "done" in b ? b.done : this.check(b.command, b.options);
      }
      const { cwd, roots, fs } = this.toolSetting(call);
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
      const { cwd, roots, fs } = this.toolSetting(call);
      const ctx = this.context(roots, fs, "async");
      return await settle(ctx, () => judgeToolCall(call.tool, call.input, cwd, ctx));
    });
  }

  toolPermission(tool: string): Decision {
    if (tool === "bash") return toolLevel(this.policy.rules("bash"), (p) => textMatches(p, "*")) ?? "allow";
    const spec = pathTool(tool);
    let d: Decision = "allow";
    // A tool the guard does not model, and no rule decides, is asked about (as checkTool does).
    for (const s of spec ? spec.surfaces : [tool]) d = stricter(d, toolLevel(this.policy.rules(s), (p) => pathMatches(p, "*", this.home)) ?? (spec ? "allow" : "ask"));
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
    return this.session.add({ surface: "path", kinds: kindsCovered(target.kind), pattern: approvalPattern(target.resolved, scope, this.isDirectory(target.resolved)), overrideDeny });
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
    const cwd = absoluteDir(options.cwd ?? process.cwd());
    const physical = resolvePhysical(cwd, fs);
    const approved = verdict === null ? [] : verdict.accesses.filter((a) => a.decision === "ask");
    return buildProfile({
      policy: this.policy, roots: this.physicalRoots(fs, cwd, options.roots ?? []), cwd: physical.ok ? physical.path : cwd,
      mode: options.profile ?? DEFAULT_SANDBOX_MODE, approved, path: process.env.PATH ?? "",
      ...(options.network !== undefined ? { network: options.network } : {}),
    });
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
  private context(roots: readonly string[], fs: FileSystem, mode: "sync" | "async", configHome = configHomeOf(this.home)): JudgeContext {
    const authority = this.options.authorizePath ? new PathAuthority(this.options.authorizePath, mode) : null;
    const scanner = new Scanner({ policy: this.policy, fs, roots, authority, limit: this.options.maxScanEntries ?? DEFAULT_SCAN_LIMIT });
    return { policy: this.policy, roots, fs, authority, scanner, approvals: this.session, configHome };
  }

  private bashCall(call: ToolCall): { done: Verdict } | { command: string; options: CheckOptions } {
    const input = call.input as { command?: unknown } | null | undefined;
    const command = typeof input === "object" && input !== null && typeof input.command === "string" ? input.command : null;
    if (command === null) return { done: failClosed("INVALID_INPUT", "a bash tool call needs input.command, a string") };
    return { command, options: { ...(call.cwd !== undefined ? { cwd: call.cwd } : {}), ...(call.roots ? { roots: call.roots } : {}) } };
  }

  private toolSetting(call: ToolCall): { cwd: string; roots: readonly string[]; fs: FileSystem } {
    const fs = cachingFileSystem(this.options.fs ?? nodeFileSystem);
    const cwd = absoluteDir(call.cwd ?? process.cwd());
    return { cwd, roots: this.physicalRoots(fs, cwd, call.roots ?? []), fs };
  }

  private analyse(command: string, options: CheckOptions): Analysis {
    const fs = cachingFileSystem(this.options.fs ?? nodeFileSystem);
    const cwd = absoluteDir(options.cwd ?? process.cwd());
    const roots = this.physicalRoots(fs, cwd, options.roots ?? []);
    const pre: Reason[] = [];
    if (typeof command !== "string") return { done: failClosed("INVALID_INPUT", "the command is not a string") };
    if (command.includes("\u0000") || hasLoneSurrogate(command)) {
      // Bash never sees such a command as written (a NUL ends it); it is not parsed at all,
      // which also spares the parser inputs it handles slowly.
      const r = reason(this.policy, "INVALID_INPUT", command.includes("\u0000") ? "the command holds a NUL byte" : "the command holds invalid UTF-16");
      return { done: { decision: r.decision, reasons: [r], accesses: [] } };
    }
    const parsed = parseBounded(this.parser, command, this.bounds);
    if (!parsed.ok) return { done: { decision: this.policy.reasonDecision(parsed.code), reasons: [reason(this.policy, parsed.code, parsed.message), ...pre], accesses: [] } };
    let stmt;
    try {
      for (const e of parsed.errors) pre.push({ ...reason(this.policy, "PARSE_ERROR", `the command does not parse at ${JSON.stringify(command.slice(e.start, Math.min(e.end, e.start + 40)))}`), start: e.start, end: e.end });
      const lowered = lowerProgram(copyTree(parsed.tree, command));
      stmt = lowered.stmt;
      for (const p of lowered.problems) pre.push({ ...reason(this.policy, p.code, `cannot read ${p.why}`), start: p.span.start, end: p.span.end });
    } finally {
      parsed.tree.delete();
    }
    // Read once for the check: an environment variable costs a lookup each time it is read.
    const configHome = configHomeOf(this.home);
    const interp = new Interpreter({
      fs,
      home: this.home,
      env: this.env,
      limits: this.limits,
      roots,
      commandKnowledge: this.options.commandKnowledge !== false,
      // A host's authority or a session approval may allow any outside path.
      outsideWalk: (dir) =>
        this.options.authorizePath !== undefined || this.session.all().some((a) => a.surface === "path") || this.policy.mayAllowOutside(dir)
          ? "judge"
          : this.policy.mayDeny
            ? "name"
            : "skip",
      // A link followed into another place inside the roots is judged there — unless no rule,
      // no host policy and no protected file could make that anything but allow.
      insideLinkMatters: (target, kind, surface) =>
        this.options.authorizePath !== undefined ||
        this.policy.mayRestrictBelow(target, roots, surfacesFor(kind, surface), "ask", kind) ||
        ((kind === "write" || kind === "unknown") && protectedReach(target, this.home, roots, fs, configHome) !== null),
      parse: (text, dialect) => this.parseNested(text, dialect),
    });
    interp.runProgram(stmt, new World(cwd, isEnvironmentVariable));
    return { findings: interp.findings, roots, fs, pre, configHome };
  }

  private parseNested(text: string, dialect: Dialect): ParsedCode | { refused: ReasonCode; why: string } {
    const parsed = parseBounded(this.parser, text, this.bounds);
    if (!parsed.ok) return { refused: parsed.code, why: parsed.message };
    try {
      const error = parsed.errors.length ? `the nested code does not parse at ${JSON.stringify(text.slice(parsed.errors[0]!.start, parsed.errors[0]!.start + 40))}` : null;
      const lowered = lowerProgram(copyTree(parsed.tree, text), dialect);
      const problem = lowered.problems[0];
      if (error !== null || !problem) return { stmt: lowered.stmt, error };
      return { stmt: lowered.stmt, error: `cannot read ${problem.why}`, errorCode: problem.code };
    } finally {
      parsed.tree.delete();
    }
  }

  /** Roots resolved physically, so containment is judged where the kernel would look. */
  private physicalRoots(fs: FileSystem, cwd: string, extra: readonly string[]): string[] {
    const out = new Set<string>();
    for (const r of [cwd, ...this.roots, ...extra]) {
      const abs = absoluteDir(r.startsWith("/") ? r : resolvePath(cwd, r));
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
  return { decision: REASONS[code].decision, reasons: [{ code, message, decision: REASONS[code].decision }], accesses: [] };
}

function safeHome(): string | null {
  try {
    return homedir() || null;
  } catch {
    return null;
  }
}

/** A host's working directory as an absolute, normal path; most already are, and need no work. */
function absoluteDir(cwd: string): string {
  return NORMAL_ABSOLUTE.test(cwd) ? cwd : resolvePath(cwd);
}

/** Absolute, no empty, `.` or `..` segment, no trailing slash (or just `/`). */
const NORMAL_ABSOLUTE = /^(\/(?!\.\.?(\/|$))[^/]+)+$|^\/$/;
