// The state of one lowering call (Lowering) and the small helpers every step of it uses.
// Nothing here is module-level: lowerProgram (program.ts) makes one context per call and
// passes it down, so lowering is re-entrant. The steps that recurse upwards (a word holds a
// command substitution, a redirected statement holds any statement) reach statements.ts
// through the context, so the imports of src/shell/lower/ run one way.

import type { SyntaxNode as Node } from "../../parse/tree.ts";
import type { Dialect, Stmt } from "../syntax.ts";
import type { Span } from "../../base/span.ts";

/** How deep the lowering may go; past it the rest is refused (a 10 000-deep `$(` would overflow the stack). */
export const MAX_DEPTH = 200;

/** Where the lowering found the grammar's tree wrong: reported whether or not that code runs. */
export interface LowerProblem {
  readonly span: Span;
  readonly why: string;
  readonly code: "PARSE_ERROR" | "NESTING_TOO_DEEP" | "UNMODELLED_SYNTAX";
}

/**
 * One lowering call's state, made by lowerProgram and passed to every step: nothing lives
 * between calls, so lowering is re-entrant (a lowering may start another, and two may run in
 * turn without either seeing the other's problems).
 */
export interface Lowering {
  /** The text being lowered, to look between nodes (node indices count from its start). */
  readonly source: string;
  /** The shell that reads the code being lowered. */
  readonly dialect: Dialect;
  /** How deep the lowering is: statements and word parts nested in each other. */
  depth: number;
  readonly problems: LowerProblem[];
  /** Where code nodes (CODE_KINDS) were lowered into statements that carry no span of their own. */
  readonly loweredCode: Set<number>;
  /**
   * statements.ts's lowerStatement and lowerSubstitutionBody, for the files below it whose
   * constructs hold statements (a redirected statement, a command substitution in a word):
   * reached through the context, their imports need not climb back up.
   */
  readonly statement: (cx: Lowering, n: Node) => Stmt;
  readonly substitutionBody: (cx: Lowering, n: Node) => Stmt;
  /**
   * Where a compound command starts that a `!` negates, which the grammar could not read and
   * was given as a blank (src/parse/respell.ts): the statement there is negated. Each is taken
   * once, by the outermost statement that starts there.
   */
  readonly negated: Set<number>;
}

export function problem(cx: Lowering, n: Node, why: string, code: LowerProblem["code"] = "PARSE_ERROR"): void {
  if (cx.problems.length < 16) cx.problems.push({ span: span(n), why, code });
}

/** Two nodes are one shell word when nothing separates them but line continuations. */
export function touching(cx: Lowering, a: Node, b: Node): boolean {
  if (a.endIndex === b.startIndex) return true;
  if (b.startIndex < a.endIndex) return false;
  return /^(\\\n)+$/.test(cx.source.slice(a.endIndex, b.startIndex));
}

/** A child that is there and is not a comment; one function for every filter that asks (no closure per node). */
export function notComment(c: Node | null): c is Node {
  return c !== null && c.type !== "comment";
}

/** `n.text.startsWith(prefix)`, read from the source in place rather than from a copy of a node that may be long. */
export function textStartsWith(cx: Lowering, n: Node, prefix: string): boolean {
  return n.endIndex - n.startIndex >= prefix.length && cx.source.startsWith(prefix, n.startIndex);
}

export function span(n: Node): Span {
  return { start: n.startIndex, end: n.endIndex };
}

export function bad(n: Node, why: string): Stmt {
  return { t: "bad", why, span: span(n) };
}

/**
 * Text a POSIX sh that is dash reads otherwise than bash: read as bash does (the accesses
 * that reading makes are reported), and a problem, since sh may be either.
 */
export function dialectProblem(cx: Lowering, n: Node, what: string): void {
  problem(cx, n, `${what}, which dash reads as a $ and a quoted string, and bash does not`);
}
