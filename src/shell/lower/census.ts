// The lowering's own coverage check, run once over the tree after lowering it.

import type { SyntaxNode as Node } from "../../parse/tree.ts";
import type { Stmt } from "../syntax.ts";
import type { Span } from "../../base/span.ts";
import { walkStmt } from "../walk.ts";
import { type Lowering, span } from "./context.ts";
import { continuedExpansions, hasContinuedExpansion } from "./continuations.ts";

/**
 * The lowering's own coverage check: every node is of a kind the grammar's node-types.json
 * lists, and every piece of code in the tree (a command or process substitution, arithmetic)
 * became something the interpreter runs — a part or statement of its own — or lies inside
 * source the lowering refused or defers (a parse problem, a bad part, text parsed again later).
 * Anything else was dropped: UNMODELLED_SYNTAX, whether or not that code would run.
 */
export function census(cx: Lowering, root: Node, stmt: Stmt): void {
  const seen = root.census;
  if (!seen) {
    cx.problems.push({ span: span(root), why: "a tree copied without its census", code: "UNMODELLED_SYNTAX" });
    return;
  }
  for (const n of seen.unknownKinds) {
    cx.problems.push({ span: span(n), why: `a ${JSON.stringify(n.type)} node, which the guard does not know`,
      code: "UNMODELLED_SYNTAX" });
  }
  continuedExpansionsLeft(cx, root);
  if (seen.code.length === 0) return;
  const starts = new Set(cx.loweredCode);
  const ranges: Span[] = cx.problems.map((p) => p.span);
  collectLowered(stmt, starts, ranges);
  for (const n of seen.code) {
    if (starts.has(n.startIndex) || ranges.some((r) => r.start <= n.startIndex && n.startIndex < r.end)) continue;
    cx.problems.push({ span: span(n), why: `code (${n.type}) the lowering did not keep`, code: "UNMODELLED_SYNTAX" });
  }
}

/** Starts of the code parts a lowered program holds, and the ranges it defers or refuses. */
function collectLowered(root: Stmt, starts: Set<number>, ranges: Span[]): void {
  walkStmt(root, { stmt: (s) => (s.t === "reparse" || s.t === "bad") && ranges.push(s.span),
    part: (p) => {
      if (p.t === "cmdsub" || p.t === "procsub" || p.t === "arith") starts.add(p.span.start);
      else if (p.t === "code" || p.t === "bad") ranges.push(p.span);
    } });
}

/**
 * A line continuation after a `$` or `~` that program.ts could not move out of the way
 * (continuations.ts): the grammar reads that `$` or `~` as text, bash perhaps not.
 */
function continuedExpansionsLeft(cx: Lowering, root: Node): void {
  const text = cx.source.slice(root.startIndex, root.endIndex);
  if (!hasContinuedExpansion(text)) return;
  for (const m of continuedExpansions(text, root.startIndex)) {
    cx.problems.push({ span: { start: m.start, end: m.end },
      why: `a line continuation after ${m.char}, which bash removes before it reads what follows`,
      code: "UNMODELLED_SYNTAX" });
  }
}
