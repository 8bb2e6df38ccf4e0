// The contexts the interpreter's parts run in. The Interpreter class (interpreter.ts) holds the
// state of one check and implements Shell; the parts (control.ts, simple.ts, nested.ts, …) are
// functions of a Shell, so that none of them imports the class. The builtins see less: a
// BuiltinContext, what they use of the shell (the world ops are plain functions, worlds.ts).

import type { Deadline } from "../base/deadline.ts";
import type { ReasonCode } from "../base/reasons.ts";
import type { CodePlace, Span } from "../base/span.ts";
import type { Arg } from "../commands/analyse.ts";
import type { Stdin } from "../commands/effects.ts";
import type { Coverage } from "../shell/coverage.ts";
import type { Findings } from "../shell/findings.ts";
import type { Options, World } from "../shell/state.ts";
import type { Assign, Dialect, Stmt } from "../shell/syntax.ts";
import type { WordEnv } from "../shell/words/env.ts";
import type { Accesses, PathOptions } from "./access.ts";
import type { Carried } from "./carried.ts";
import type { InterpreterLimits } from "./limits.ts";

export interface ParsedCode {
  readonly stmt: Stmt;
  /** Set when the code has syntax errors, or constructs the lowering refused. */
  readonly error: string | null;
  /** The reason for `error`: PARSE_ERROR unless the lowering said otherwise. */
  readonly errorCode?: ReasonCode;
}

export interface InterpreterOptions extends PathOptions {
  readonly env: ReadonlyMap<string, string>;
  /** Judge commands by the command table (default) or all as unknown commands (a baseline for measurement). */
  readonly commandKnowledge?: boolean;
  /**
   * Parses nested code (eval, sh -c, source); null when it cannot (too large, …). `fromFile`:
   * the code is a file's (a script, a sourced file), not a string given to a shell.
   */
  readonly parse: (text: string, dialect: Dialect, fromFile: boolean) => ParsedCode | { readonly refused: ReasonCode;
    readonly why: string };
  /** The check's time budget, asked before each statement (src/base/deadline.ts). */
  readonly deadline?: Deadline;
  /** BASH_SOURCE at the top of the command (Frame.sources): the file a script is read from. */
  readonly sources?: readonly string[];
}

/** Where findings are attributed: nested code reports at the span of the word that holds it. */
export interface Frame {
  /** Added to spans of reparsed source, which count from where the reparsed text starts. */
  readonly offset: number;
  readonly depth: number;
  readonly via: readonly string[];
  readonly span: Span | null;
  readonly callDepth: number;
  /** The function calls being run, outermost first: the name and each argument, each ended by NUL; or the name and U+0001 when the arguments are not known. */
  readonly calls?: readonly string[];
  /** The shell reading the code: eval and source inside it read alike. */
  readonly dialect?: Dialect;
  /** The package.json scripts running, outermost first (`DIR/package.json#NAME`): a chain's stack. */
  readonly scripts?: readonly string[];
  /**
   * BASH_SOURCE as the running code sees it, innermost first: the file it was read from (a
   * script, a sourced file, the file a function was defined in), then the files that called
   * or sourced it. Absent or null: not known (an agent's command, code nested in a word).
   */
  readonly sources?: readonly string[] | null;
  /** Where the running code is in a file it was read from (Span.file): absent for the command itself. */
  readonly place?: CodePlace;
}

/** The file code run with runCode is read from: its BASH_SOURCE (Frame.sources) and its physical path. */
export interface CodeFile {
  readonly sources: readonly string[] | null;
  readonly file: string | null;
}

export interface DispatchInfo {
  readonly countUnknown: boolean;
  /** What the command reads on standard input, when the guard can see it (worked out on demand). */
  readonly stdin: () => Stdin;
  readonly span: Span;
  /** The command runs in the shell itself (builtins and functions can change it). */
  readonly inProcess: boolean;
  readonly bypassFunctions: boolean;
  /** The names the command's own prefix assignments set (`FOO=x cmd`), which the program gets. */
  readonly prefix?: readonly string[];
  /** The program is the one its name says, not looked up in PATH (a `run` effect's `named`). */
  readonly named?: boolean;
  /** The program is one in the bin of this venv, made earlier in the command (made-venvs.ts). */
  readonly venv?: string;
}

/** Options a new shell is started with (`bash -P -O nullglob`). */
export type StartOptions = Partial<Record<keyof Options, boolean>>;

/** What a builtin may ask of the shell it runs in. */
export interface BuiltinContext extends WordEnv {
  readonly paths: Pick<Accesses,
    "access" | "accessAbsolute" | "throughLinkZone" | "scanTree" | "readScript" | "scriptFile" | "genericArg" |
      "reliesOnTree" | "venvs">;
  issue(code: ReasonCode, message: string, span: Span | null): void;
  span(s: Span): Span;
  setVariable(a: Assign, w: World): void;
  /** Runs nested code (eval, source, a trap or alias body); see nested.ts. */
  runCode(text: string | null, span: Span, label: string, w: World, inProcess: boolean,
    positional?: readonly string[] | null, dialect?: Dialect, startOptions?: StartOptions, arg0?: string | null,
    from?: CodeFile): World[];
  /** Runs a command found through a builtin (`command`, `builtin`, `exec`). */
  dispatch(argv: readonly Arg[], w: World, info: DispatchInfo): World[];
  analyseUncalled(ws: readonly World[]): void;
  readable(s: Stdin, w: World): Stdin;
  withStdin<T>(stdin: () => Stdin, run: () => T): T;
  /** Functions and sourced files the running statement is inside (return needs one; source adds one). */
  returnable: number;
  /**
   * Physical directories that parts running beside the statement (a background job's later
   * commands, the other segments of a pipeline) may rename at any moment ("/": any); empty
   * outside such a re-judgement (interpreter.ts rejudgeJobs, control.ts besideEachOther).
   */
  besideMoves: readonly string[];
  /** Loops the running statement is inside (break and continue need one). */
  readonly loopDepth: number;
  /** loopDepth when the running function was called: loops below it are the caller's. */
  readonly loopBase: number;
}

/** The state of one check and the entry points its parts call each other through. */
export interface Shell extends BuiltinContext {
  readonly paths: Accesses;
  readonly findings: Findings;
  /** Files renamed or hard-linked in the command, whose rules follow them (carried.ts). */
  readonly carried: Carried;
  /** What of the lowered programs has been run or proven unreached (src/shell/coverage.ts). */
  readonly coverage: Coverage;
  readonly opts: InterpreterOptions;
  readonly limits: InterpreterLimits;
  frame: Frame;
  loopDepth: number;
  loopBase: number;
  /** command_not_found_handle is running. */
  inNotFound: boolean;
  /** A trap body is running: traps do not fire inside it. */
  trapping: boolean;
  /** Standard input of a pipeline segment, from the segment before it. */
  readonly pipedStdin: WeakMap<Stmt, () => Stdin>;
  /** Standard input of the compound command being run (`… | while read f; do …; done`, `done < f`). */
  inheritedStdin: (() => Stdin) | null;
  /** Function definitions (by id) whose bodies have been analysed through a call. */
  readonly called: Set<string>;
  /** Nested code parsed once per check, by its text and the shell reading it. */
  readonly parsed: Map<string, ReturnType<InterpreterOptions["parse"]>>;
  exec(s: Stmt, worlds: readonly World[]): World[];
}
