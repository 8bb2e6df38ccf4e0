// Our own small syntax tree. The tree-sitter tree is lowered into these types once
// (src/shell/lower/), so the interpreter never sees grammar quirks and every
// switch over a node type can be exhaustive.

import type { Span } from "../base/span.ts";
import type { ParamOp } from "./param-ops.ts";

/**
 * Which shell reads the code: bash, a POSIX sh that may be dash (which reads `$'…'` and `$"…"`
 * as a `$` and a quoted string), or zsh (`=cmd` is a program's path).
 */
export type Dialect = "bash" | "sh" | "zsh";

/** One piece of a word before expansion. */
export type WordPart =
  /** Unquoted source text: may hold backslash escapes, braces, tildes and glob characters. */
  | { readonly t: "raw"; readonly text: string }
  /** Text that quoting has made literal ('…', $'…' decoded, or the literal pieces of "…"). */
  | { readonly t: "lit"; readonly text: string }
  | { readonly t: "param"; readonly param: ParamExpansion; readonly quoted: boolean; readonly span: Span }
  | { readonly t: "cmdsub"; readonly body: Stmt; readonly quoted: boolean; readonly span: Span }
  | { readonly t: "procsub"; readonly body: Stmt; readonly output: boolean; readonly span: Span }
  /**
   * $(( … )): always a number; the command substitutions inside still run, and the variables
   * it names are evaluated in turn (src/shell/arithmetic.ts).
   */
  | { readonly t: "arith"; readonly inner: readonly Stmt[]; readonly names: readonly string[]; readonly quoted: boolean;
    readonly span: Span }
  /** `…` that the grammar left as text (inside here-documents): parsed and run when expanded. */
  | { readonly t: "code"; readonly text: string; readonly quoted: boolean; readonly span: Span }
  /** Something the lowering could not read (an ERROR node inside a word, say). */
  | { readonly t: "bad"; readonly why: string; readonly span: Span };

export interface Word {
  readonly parts: readonly WordPart[];
  readonly span: Span;
  /** The source text of the word, for messages and for command-text rules. */
  readonly text: string;
  /** Set for an assignment given as an argument of declare/export/local/readonly. */
  readonly assign?: Assign;
}

/** The `${…}` operators: one table, src/shell/param-ops.ts ("" is `$x`, `length` `${#x}`, `indirect` `${!x}`). */
export type { ParamOp } from "./param-ops.ts";

export interface ParamExpansion {
  readonly name: string; // variable name, digit string, or special: @ * # ? - $ ! 0 _
  /** A subscript as written (`${a[1]}`), if any. */
  readonly index: Word | null;
  readonly op: ParamOp;
  /** The word after the operator (default value, pattern, …). */
  readonly arg: Word | null;
  /** The replacement of ${x/pat/rep}. */
  readonly arg2: Word | null;
  /**
   * `${!x OP …}`: the operator applies to the variable x names, not to x (`${!v-}`,
   * `${!r#p}`). Never with an assigning operator: `${!v:=w}` assigns the variable named, which
   * the lowering refuses.
   */
  readonly indirect?: true;
}

/**
 * The redirection operators, and the file each one opens on its target: read, written (created
 * or truncated, or opened read-write: `<>`), or none (a here-string or here-document, whose
 * word is text). `>&` and `<&` duplicate a descriptor when the target is a number or `-`.
 * The lowering reads these tokens (and the grammar's `&>|`, which is `&>`).
 */
export const REDIR_OPS = { "<": "read", ">": "write", ">>": "write", ">|": "write", "&>": "write", "&>>": "write",
  "<>": "write", ">&": "write", "<&": "read", "<<<": null, "<<": null, "<<-": null } as const satisfies Readonly<
    Record<string, "read" | "write" | null>
  >;

export type RedirOp = keyof typeof REDIR_OPS;

export interface Redir {
  readonly op: RedirOp;
  readonly fd: string | null;
  /** `{name}>f`: the shell picks the descriptor and stores its number in $name. */
  readonly fdVar?: string;
  /** The target word; for `>&`/`<&` it may be a descriptor number or `-`. Null for here-documents. */
  readonly target: Word | null;
  /** A here-document body to expand (unquoted delimiter) or its literal text (quoted delimiter). */
  readonly heredoc: { readonly body: Word; readonly expands: boolean } | null;
  readonly span: Span;
}

export interface Assign {
  readonly name: string;
  readonly index: Word | null;
  readonly append: boolean;
  /** Scalar value, or array elements for `a=(…)`. */
  readonly value: Word | null;
  readonly array: readonly Word[] | null;
  readonly span: Span;
}

export interface CaseItem {
  readonly patterns: readonly Word[];
  readonly body: Stmt;
  readonly fallthrough: "break" | "next" | "test"; // ;;  ;&  ;;&
}

export type Stmt =
  | { readonly t: "cmd"; readonly assigns: readonly Assign[]; readonly words: readonly Word[];
    readonly redirs: readonly Redir[]; readonly span: Span }
  | { readonly t: "seq"; readonly items: readonly Stmt[] }
  | { readonly t: "and" | "or"; readonly left: Stmt; readonly right: Stmt }
  | { readonly t: "pipe"; readonly items: readonly Stmt[] }
  | { readonly t: "bg"; readonly body: Stmt }
  | { readonly t: "not"; readonly body: Stmt }
  | { readonly t: "group"; readonly body: Stmt }
  | { readonly t: "subshell"; readonly body: Stmt }
  /** Redirections applied around a compound statement. */
  | { readonly t: "redir"; readonly body: Stmt; readonly redirs: readonly Redir[] }
  | { readonly t: "if"; readonly branches: readonly { readonly cond: Stmt; readonly body: Stmt }[];
    readonly orelse: Stmt | null }
  | { readonly t: "while"; readonly until: boolean; readonly cond: Stmt; readonly body: Stmt }
  | { readonly t: "for"; readonly name: string; readonly values: readonly Word[] | null; readonly body: Stmt;
    readonly span: Span }
  | { readonly t: "cfor"; readonly inner: readonly Stmt[]; readonly assigned: readonly string[];
    readonly names: readonly string[]; readonly body: Stmt; readonly span: Span }
  | { readonly t: "case"; readonly word: Word; readonly items: readonly CaseItem[] }
  | { readonly t: "func"; readonly name: string; readonly body: Stmt; readonly span: Span }
  /** [[ … ]] and (( … )): the words are expanded (so their substitutions run); no path is opened. */
  /**
   * `((…))` and `[[…]]`: `words` are file-test operands (reads); `names` are variables an
   * arithmetic expression names; `exprs` are operands evaluated as arithmetic (`-eq`) and
   * `varNames` operands evaluated as variable names (`-v`), both after expansion.
   */
  | {
    readonly t: "test";
    readonly words: readonly Word[];
    readonly inner: readonly Stmt[];
    readonly assigned: readonly string[];
    /** `((…))`: what the substitutions in `inner` print is part of the expression. */
    readonly arith: boolean;
    readonly names: readonly string[];
    readonly exprs: readonly Word[];
    readonly varNames: readonly Word[];
    /**
     * The whole test is `-h FILE` or `-L FILE` (or `! -h FILE`): whether FILE is a symlink,
     * which a scan of a checkout may answer (Accesses.linkInCheckout).
     */
    readonly link?: { readonly word: Word; readonly negated: boolean };
    readonly span: Span;
  }
  | { readonly t: "empty" }
  /**
   * Source the grammar misread (`! { …; }`, `time if …`): parsed again on its own and run in
   * place; `negate` applies `!` to its first pipeline.
   */
  | { readonly t: "reparse"; readonly text: string; readonly offset: number; readonly negate: boolean;
    readonly span: Span }
  /** Syntax the lowering does not understand: the interpreter reports it and fails closed. */
  | { readonly t: "bad"; readonly why: string; readonly span: Span };
