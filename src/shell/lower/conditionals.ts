// `[[ … ]]` and `(( … ))` as test statements: what they expand, read and evaluate.

import type { SyntaxNode as Node } from "../../parse/tree.ts";
import type { Stmt, Word } from "../syntax.ts";
import { type Lowering, span } from "./context.ts";
import { arithNames, arithAssigned, substitutionsIn } from "./arith.ts";
import { wordFromNodes } from "./words.ts";
import { ARITH_COMPARISONS, FILE_COMPARISONS, FILE_TESTS, NAME_TESTS } from "../test-ops.ts";

export function arithmeticCommand(cx: Lowering, n: Node): Stmt {
  return { t: "test", words: [], inner: substitutionsIn(cx, n), assigned: arithAssigned(n), arith: true,
    names: arithNames(cx, n), exprs: [], varNames: [], span: span(n) };
}

export function lowerTest(cx: Lowering, n: Node): Stmt {
  // [[ … ]]: expand every operand (their substitutions run); the operands of file tests are
  // reported as reads so that `[[ -f ~/.ssh/id_rsa ]]` is judged like `test -f`.
  const words: Word[] = [];
  const exprs: Word[] = [];
  const varNames: Word[] = [];
  // `[[` evaluates the operands of -eq as arithmetic; `[` (test) takes integers only.
  const doubleBracket = n.children[0]?.type === "[[";
  const visit = (x: Node) => {
    if (x.type === "binary_expression") {
      const op = x.childForFieldName("operator");
      // `A -nt B`, `-ot`, `-ef` stat both files (strace: newfstatat of each), as `test` does.
      if (op && FILE_COMPARISONS.has(op.text)) {
        for (const side of [x.childForFieldName("left"), x.childForFieldName("right")]) {
          if (!side || side.type === "binary_expression") continue;
          // (tree-sitter reads `~/x` as the unary operator `~`: it is a word.)
          if (side.type === "unary_expression" && side.children[0]?.type === "~") {
            words.push({ parts: [{ t: "raw", text: side.text }], span: span(side), text: side.text });
          } else if (side.type !== "unary_expression") words.push(wordFromNodes(cx, [side]));
        }
      }
      if (doubleBracket && op && ARITH_COMPARISONS.has(op.text)) {
        for (const side of [x.childForFieldName("left"), x.childForFieldName("right")]) {
          if (side) exprs.push(wordFromNodes(cx, [side]));
        }
      }
    }
    if (x.type === "unary_expression") {
      const op = x.children[0];
      const operand = x.namedChildren.find((c) => c !== null && c.type !== "test_operator");
      if (op && NAME_TESTS.has(op.text) && operand) varNames.push(wordFromNodes(cx, [operand]));
      if (op && FILE_TESTS.has(op.text) && operand) {
        // tree-sitter nests what follows a file test's operand under it (`[ -f "$x" -a -r y ]` is
        // `-f ("$x" -a (-r y))`): the operand is the leftmost word, the rest is tests of its own.
        let target = operand;
        const rest: Node[] = [];
        while (target.type === "binary_expression") {
          const right = target.childForFieldName("right");
          const left = target.childForFieldName("left");
          if (right) rest.push(right);
          if (!left) break;
          target = left;
        }
        // tree-sitter reads `~/x` here as the unary operator `~`; it is a word.
        if (target.type === "unary_expression" && target.children[0]?.type === "~") {
          words.push({ parts: [{ t: "raw", text: target.text }], span: span(target), text: target.text });
        } else words.push(wordFromNodes(cx, [target]));
        for (const r of rest) visit(r);
        return;
      }
    }
    for (const c of x.namedChildren) if (c) visit(c);
  };
  for (const c of n.namedChildren) if (c) visit(c);
  const link = linkTest(cx, n);
  // Single quotes in [[ ]] are quotes (an arithmetic expansion in it is arithmetic again).
  return { t: "test", words, inner: substitutionsIn(cx, n, false), assigned: [], arith: false, names: [], exprs,
    varNames, ...(link ? { link } : {}), span: span(n) };
}

/** The test `-h WORD`, `-L WORD`, or either after `!`, alone in the brackets; null otherwise. */
function linkTest(cx: Lowering, n: Node): { word: Word; negated: boolean } | null {
  const only = n.namedChildren.filter((c) => c !== null && c.type !== "comment");
  if (only.length !== 1 || only[0]!.type !== "unary_expression") return null;
  let x = only[0]!;
  let negated = false;
  const inner = x.namedChildren.filter((c) => c !== null);
  if (x.children[0]?.type === "!" && inner.length === 1 && inner[0]!.type === "unary_expression") {
    negated = true;
    x = inner[0]!;
  }
  const op = x.children[0];
  const operand = x.namedChildren.filter((c) => c !== null && c.type !== "test_operator");
  if (!op || (op.text !== "-h" && op.text !== "-L") || operand.length !== 1) return null;
  const t = operand[0]!.type;
  if (t !== "word" && t !== "string" && t !== "raw_string" && t !== "simple_expansion" && t !== "expansion") {
    return null;
  }
  return { word: wordFromNodes(cx, [operand[0]!]), negated };
}
