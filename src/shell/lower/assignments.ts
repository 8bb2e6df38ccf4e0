// Assignments (`NAME=value`, `a[i]+=x`, `a=(…)`), as statements and as declaration arguments,
// with the pieces the grammar splits off an assignment's value put back.

import type { SyntaxNode as Node } from "../../parse/tree.ts";
import type { Assign, Word } from "../syntax.ts";
import { type Lowering, span } from "./context.ts";
import { indexWord, wordsFromNodes, wordFromNodes } from "./words.ts";

/** Nodes that can be part of a word (not redirections, assignments or statements). */
const WORD_PART_TYPES = new Set(["word", "raw_string", "string", "ansi_c_string", "translated_string",
  "simple_expansion", "expansion", "command_substitution", "arithmetic_expansion", "process_substitution",
  "concatenation", "number", "brace_expression"]);

/**
 * The nodes that go on an assignment's value: the grammar ends `D='d'\ir` at the quote and
 * makes `\ir` a word of its own (the command's name, or another declaration argument), where
 * bash reads one word `D=dir`. `nodes[from]` is the assignment; returns how many nodes after
 * it touch it, with a command name's children standing for the name.
 */
export function gluedToAssignment(nodes: readonly Node[], from: number): { glued: Node[]; count: number } {
  const glued: Node[] = [];
  let end = nodes[from]!.endIndex;
  let count = 0;
  for (let i = from + 1; i < nodes.length; i++) {
    const next = nodes[i]!;
    if (next.startIndex !== end || !(next.type === "command_name" || WORD_PART_TYPES.has(next.type))) break;
    if (next.type === "command_name") glued.push(...next.children.filter((c): c is Node => c !== null));
    else glued.push(next);
    end = next.endIndex;
    count++;
  }
  return { glued, count };
}

export function lowerAssign(cx: Lowering, n: Node, glued: readonly Node[] = []): Assign {
  const nameNode = n.childForFieldName("name");
  let name = nameNode?.text ?? "";
  let index: Word | null = null;
  if (nameNode?.type === "subscript") {
    name = nameNode.childForFieldName("name")?.text ?? "";
    const idx = nameNode.childForFieldName("index");
    index = idx ? indexWord(cx, idx) : null;
  }
  const append = n.children.some((c) => c !== null && !c.isNamed && c.type === "+=");
  const valueNodes = n.childrenForFieldName("value").filter((c): c is Node => c !== null);
  // The value may continue past the `value` field (tree-sitter splits `a=$"x"` and `a=b$c`
  // in places); take every node after the operator up to the end of the assignment.
  const op = n.children.find((c) => c !== null && !c.isNamed && (c.type === "=" || c.type === "+="));
  const after = [...(op ? n.children.filter((c): c is Node => c !== null && c.startIndex >= op.endIndex) : valueNodes),
    ...glued];
  const whole = glued.length ? { start: n.startIndex, end: glued[glued.length - 1]!.endIndex } : span(n);
  if (after.length === 1 && after[0]!.type === "array") {
    const elems = after[0]!.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
    return { name, index, append, value: null, array: wordsFromNodes(cx, elems), span: whole };
  }
  const start = op ? op.endIndex : n.endIndex;
  const value = after.length ? wordFromNodes(cx, after, start) : { parts: [], span: { start, end: start }, text: "" };
  return { name, index, append, value, array: null, span: whole };
}

/** An assignment given as an argument (`export A=~/x`), kept as a word that carries its parts. */
export function assignmentWord(cx: Lowering, n: Node, glued: readonly Node[]): Word {
  const a = lowerAssign(cx, n, glued);
  return { parts: [], span: a.span, text: cx.source.slice(a.span.start, a.span.end), assign: a };
}
