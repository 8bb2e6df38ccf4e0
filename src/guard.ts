// createGuard: wires the parser, the interpreter and the policy together. The guard is
// created once (it loads the grammar); check() is synchronous and never throws.

import { homedir } from "node:os";
import { resolve as resolvePath } from "node:path";
import type { Parser } from "web-tree-sitter";
import { loadParser } from "./parse/grammar.ts";
import { DEFAULT_BOUNDS, hasLoneSurrogate, type ParseBounds, parseBounded } from "./parse/parse.ts";
import { cachingFileSystem, type FileSystem, nodeFileSystem } from "./paths/fs.ts";
import { resolvePhysical } from "./paths/resolve.ts";
import { type ConfigLayer, DEFAULT_LAYER, loadConfigFile, mergeLayers, validateLayer } from "./policy/config.ts";
import { judge, Policy } from "./policy/decide.ts";
import { REASONS, type ReasonCode } from "./reasons.ts";
import { DEFAULT_LIMITS, Interpreter, type InterpreterLimits, type ParsedCode } from "./shell/interpreter.ts";
import { lowerProgram } from "./shell/lower.ts";
import { copyTree } from "./parse/tree.ts";
import { World } from "./shell/state.ts";
import type { Reason, Verdict } from "./verdict.ts";

export interface GuardOptions {
  /** Extra project roots (the cwd of each check is always one). */
  readonly roots?: readonly string[];
  /** Config layers, in merge order: file paths or objects (validated like files). */
  readonly config?: readonly (string | object)[];
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

export interface Guard {
  check(command: string, options?: CheckOptions): Verdict;
  /** The merged configuration the guard judges with. */
  readonly policy: Policy;
}

export async function createGuard(options: GuardOptions = {}): Promise<Guard> {
  const layers: ConfigLayer[] = [DEFAULT_LAYER];
  (options.config ?? []).forEach((c, i) => {
    layers.push(typeof c === "string" ? loadConfigFile(c) : validateLayer(c, `config[${i}]`));
  });
  const parser = await loadParser(options.grammarPath, options.grammarBytes);
  return new ShellGuard(parser, layers, options);
}

class ShellGuard implements Guard {
  readonly policy: Policy;
  private readonly limits: InterpreterLimits;
  private readonly bounds: ParseBounds;
  private readonly home: string | null;
  private readonly env: ReadonlyMap<string, string>;
  private readonly roots: readonly string[];

  constructor(
    private readonly parser: Parser,
    layers: readonly ConfigLayer[],
    private readonly options: GuardOptions,
  ) {
    const merged = mergeLayers(layers);
    this.home = options.home ?? safeHome();
    this.policy = new Policy(merged, this.home);
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.bounds = { ...DEFAULT_BOUNDS, ...options.bounds };
    this.env = new Map(Object.entries(options.env ?? {}));
    this.roots = [...(options.roots ?? []), ...merged.roots.map((r) => r.path)];
  }

  check(command: string, options: CheckOptions = {}): Verdict {
    try {
      return this.checkUnsafe(command, options);
    } catch (e) {
      return failClosed("INTERNAL_ERROR", `the guard failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private checkUnsafe(command: string, options: CheckOptions): Verdict {
    const fs = cachingFileSystem(this.options.fs ?? nodeFileSystem);
    const cwd = resolvePath(options.cwd ?? process.cwd());
    const roots = this.physicalRoots(fs, cwd, options.roots ?? []);
    const pre: Reason[] = [];
    if (typeof command !== "string") return failClosed("INVALID_INPUT", "the command is not a string");
    if (command.includes("\u0000") || hasLoneSurrogate(command)) {
      pre.push(reason(this.policy, "INVALID_INPUT", command.includes("\u0000") ? "the command holds a NUL byte" : "the command holds invalid UTF-16"));
    }
    const parsed = parseBounded(this.parser, command, this.bounds);
    if (!parsed.ok) return { decision: this.policy.reasonDecision(parsed.code), reasons: [reason(this.policy, parsed.code, parsed.message), ...pre], accesses: [] };
    let stmt;
    try {
      for (const e of parsed.errors) pre.push({ ...reason(this.policy, "PARSE_ERROR", `the command does not parse at ${JSON.stringify(command.slice(e.start, Math.min(e.end, e.start + 40)))}`), start: e.start, end: e.end });
      stmt = lowerProgram(copyTree(parsed.tree, command));
    } finally {
      parsed.tree.delete();
    }
    const interp = new Interpreter({
      fs,
      home: this.home,
      env: this.env,
      limits: this.limits,
      roots,
      commandKnowledge: this.options.commandKnowledge !== false,
      parse: (text) => this.parseNested(text),
    });
    interp.runProgram(stmt, new World(cwd));
    return judge({ paths: interp.findings.paths, issues: interp.findings.issues, roots }, this.policy, pre);
  }

  private parseNested(text: string): ParsedCode | { refused: ReasonCode; why: string } {
    const parsed = parseBounded(this.parser, text, this.bounds);
    if (!parsed.ok) return { refused: parsed.code, why: parsed.message };
    try {
      const error = parsed.errors.length ? `the nested code does not parse at ${JSON.stringify(text.slice(parsed.errors[0]!.start, parsed.errors[0]!.start + 40))}` : null;
      return { stmt: lowerProgram(copyTree(parsed.tree, text)), error };
    } finally {
      parsed.tree.delete();
    }
  }

  /** Roots resolved physically, so containment is judged where the kernel would look. */
  private physicalRoots(fs: FileSystem, cwd: string, extra: readonly string[]): string[] {
    const out = new Set<string>();
    for (const r of [cwd, ...this.roots, ...extra]) {
      const abs = resolvePath(cwd, r);
      const p = resolvePhysical(abs, fs);
      if (p.ok) out.add(p.path);
    }
    return [...out];
  }
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
