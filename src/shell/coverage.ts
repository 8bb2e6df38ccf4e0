// Soundness by construction. Every statement of a lowered program, and every piece of code
// inside its words (command and process substitutions, arithmetic, backquoted text), is an
// obligation: the interpreter must run it in at least one world, or prove that no world
// reaches it (a branch not taken, an operand the operator does not expand). Whatever is left
// at the end is reported as UNMODELLED_SYNTAX, so a construct the interpreter forgets to
// evaluate asks instead of passing unseen.

import type { Stmt, Word, WordPart } from "./syntax.ts";
import type { Span } from "../base/span.ts";
import { walkStmt, walkWord } from "./walk.ts";

type CodePart = Extract<WordPart, { t: "code" }>;
/** Something bash may run: a statement, or backquoted text the grammar left unparsed. */
type Obligation = Stmt | CodePart;

interface Unmet {
  readonly span: Span | null;
  readonly what: string;
}

export class Coverage {
  /** Registered obligations, with the span a finding about each is reported at. */
  private readonly due = new Map<Obligation, Span | null>();
  private readonly met = new Set<Obligation>();
  /** Subtrees marked as not reached, so a dead loop body is walked once, not every round. */
  private readonly skipped = new WeakSet<object>();
  private readonly registered = new WeakSet<Stmt>();
  private readonly functions: Extract<Stmt, { t: "func" }>[] = [];
  private readonly meet = { stmt: (s: Stmt) => this.met.add(s),
    part: (p: WordPart) => p.t === "code" && this.met.add(p) };

  /** Registers a lowered program; `at` maps its spans to where findings about it are reported. */
  register(root: Stmt, at: (s: Span) => Span): void {
    if (this.registered.has(root)) return;
    this.registered.add(root);
    const add = (o: Obligation, span: Span | null) => {
      if (!this.due.has(o)) this.due.set(o, span === null ? null : at(span));
    };
    walkStmt(root, {
      // seq and empty run nothing of their own; their items are obligations in turn.
      stmt: (s, near) => {
        if (s.t === "func") this.functions.push(s);
        if (s.t !== "seq" && s.t !== "empty") add(s, near);
      },
      part: (p) => p.t === "code" && add(p, p.span),
    });
  }

  /** The interpreter ran this statement (in some world). */
  ran(s: Stmt): void {
    this.met.add(s);
  }

  /** The interpreter analysed this backquoted text. */
  ranCode(p: CodePart): void {
    this.met.add(p);
  }

  /** No world reaches this statement: everything in it is accounted for. */
  skip(s: Stmt): void {
    if (this.skipped.has(s)) return;
    this.skipped.add(s);
    walkStmt(s, this.meet);
  }

  /**
   * Bash does not expand this word here (an operand the operator does not need), or the
   * interpreter analysed its text as a whole (a subscript evaluated as arithmetic).
   */
  skipWord(w: Word): void {
    if (this.skipped.has(w)) return;
    this.skipped.add(w);
    walkWord(w, this.meet);
  }

  /**
   * Once the analysis is over, a function defined but never called was called by nothing that
   * can call it: every function still defined at the end has been analysed as if a later
   * command called it, so one left is gone (unset, redefined, or defined in a subshell).
   */
  functionsDone(): void {
    for (const f of this.functions) if (this.met.has(f) && !this.met.has(f.body)) this.skip(f.body);
  }

  /** Obligations nothing met, in the order they were registered. */
  unmet(): Unmet[] {
    const out: Unmet[] = [];
    for (const [o, span] of this.due) if (!this.met.has(o)) out.push({ span, what: describe(o) });
    return out;
  }
}

function describe(o: Obligation): string {
  switch (o.t) {
    case "code":
      return "backquoted code";
    case "cmd":
      return "a command";
    default:
      return `a ${o.t} statement`;
  }
}
