// Arithmetic (`(( … ))`, `$(( … ))`, C-style for): the variables it names and assigns, and
// the code nested in it (command substitutions, code hidden in ${…} operand tokens), which
// is analysed as statements of its own.

import type { SyntaxNode as Node } from "../../parse/tree.ts";
import type { Stmt } from "../syntax.ts";
import { referencedNames } from "../arithmetic.ts";
import { HIDDEN_CODE, OPERAND_TOKEN_KINDS } from "../../parse/node-kinds.ts";
import { type Lowering, problem, span } from "./context.ts";
import { openingBackquote, splitBackquotes } from "./backquotes.ts";

/**
 * The variables an arithmetic expression names, literally or as `$x`: the source with its
 * command substitutions blanked out (they are analysed as commands of their own).
 */
export function arithNames(cx: Lowering, n: Node): string[] {
  let text = cx.source.slice(n.startIndex, n.endIndex);
  const stack = [n];
  while (stack.length) {
    for (const c of stack.pop()!.children) {
      if (c.type === "command_substitution" || c.type === "process_substitution") {
        const a = c.startIndex - n.startIndex;
        text = text.slice(0, a) + " ".repeat(c.endIndex - c.startIndex) + text.slice(c.endIndex - n.startIndex);
      } else stack.push(c);
    }
  }
  return referencedNames(text);
}

const ARITH_ASSIGN = new Set(["=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "^=", "|=", "**="]);

/** Variables an arithmetic expression assigns (`i=0`, `i++`, `n+=2`): they become numbers. */
export function arithAssigned(n: Node): string[] {
  const out = new Set<string>();
  const visit = (x: Node) => {
    if (x.type === "variable_assignment") {
      const name = x.childForFieldName("name");
      if (name) out.add(name.text.replace(/\[.*$/, ""));
    } else if (x.type === "binary_expression") {
      const op = x.childForFieldName("operator");
      const left = x.childForFieldName("left");
      if (op && left && ARITH_ASSIGN.has(op.type)) out.add(left.text.replace(/^\$/, "").replace(/\[.*$/, ""));
    } else if (x.type === "postfix_expression" || x.type === "unary_expression") {
      const op = x.children.find((c) => c !== null && (c.type === "++" || c.type === "--"));
      const operand = x.namedChildren.find((c) => c !== null);
      if (op && operand) out.add(operand.text.replace(/^\$/, "").replace(/\[.*$/, ""));
    }
    for (const c of x.children) if (c) visit(c);
  };
  visit(n);
  return [...out].filter((v) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(v));
}

/**
 * Every command substitution nested anywhere under a node, lowered as statements to analyse,
 * and the code hidden in operand tokens (HIDDEN_CODE), parsed again in a subshell of its own.
 */
export function substitutionsIn(cx: Lowering, n: Node, arithmetic = true): Stmt[] {
  const out: Stmt[] = [];
  const visit = (x: Node, parent: Node | null, quoted: boolean, arith: boolean) => {
    if (x.type === "command_substitution" || x.type === "process_substitution") {
      cx.loweredCode.add(x.startIndex);
      // Backquoted text runs as bash splits and unescapes it (backquotes.ts); the grammar's own
      // tree is what bash runs only for one substitution without a backslash.
      const at = x.type === "command_substitution" ? openingBackquote(cx.source, x.startIndex, x.text) : -1;
      const pieces = at >= 0 ? splitBackquotes(cx.source, at, x.endIndex, quoted) : undefined;
      if (pieces === undefined || (pieces?.length === 1 && pieces[0]!.t === "code" && !pieces[0]!.escaped)) {
        out.push({ t: "subshell", body: cx.substitutionBody(cx, x) });
      } else if (pieces === null) problem(cx, x, "backquotes the guard cannot split as bash does", "UNMODELLED_SYNTAX");
      else {
        for (const p of pieces) {
          if (p.t === "code") {
            out.push({ t: "reparse", text: `(${p.text})`, offset: p.span.start, negate: false, span: p.span });
          }
        }
      }
      return;
    }
    if (parent?.type === "expansion" && OPERAND_TOKEN_KINDS.has(x.type) && HIDDEN_CODE.test(x.text)) {
      const text = `(${hiddenCodeText(x)})`;
      // Spans of the reparsed text count from `offset`: the token's own text lines up.
      out.push({ t: "reparse", text, offset: x.startIndex - (text.length - x.text.length - 1), negate: false,
        span: span(x) });
      return;
    }
    if (arith && x.type === "raw_string" && HIDDEN_CODE.test(x.text)) {
      // Arithmetic is expanded as if in double quotes: the single quotes are text, the code
      // between them runs (the census in src/parse/tree.ts counts such strings as code).
      const inner = x.text.slice(1, -1);
      if (/["\\]/.test(inner)) {
        problem(cx, x, "single quotes around code in arithmetic, which bash expands as if in double quotes",
          "UNMODELLED_SYNTAX");
      } else {
        out.push({ t: "reparse", text: `(: "${inner}")`, offset: x.startIndex + 1 - 4, negate: false, span: span(x) });
      }
      return;
    }
    for (const c of x.children) {
      if (c) visit(c, x, quoted || x.type === "string", arith || x.type === "arithmetic_expansion");
    }
  };
  visit(n, null, false, arithmetic);
  return out;
}

/** Shell code that expands a token's text as a word: after "", so a leading # is no comment. */
export function hiddenCodeText(x: Node): string {
  return `: ""${x.text}`;
}
