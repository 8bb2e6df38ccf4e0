// Places where the grammar reads a statement otherwise than bash, found before it is lowered
// so that statements.ts can read the text again (a `reparse` statement): a keyword after `!`
// or `time` read as a command name, a newline glued into a word.

import type { SyntaxNode as Node } from "../../parse/tree.ts";
import { type Lowering, notComment } from "./context.ts";

/** Words that are only keywords in command position; tree-sitter reads some as command names. */
const RESERVED = new Set(["{", "}", "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case",
  "esac", "select", "function", "[[", "]]", "!", "time", "coproc", "(", ")"]);

export const ASSIGNMENT_WORD = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;

/**
 * `! { …; }`, `! if …`, `time { …; }`, `time ! …`, `time X=1 cmd`: tree-sitter-bash reads the keyword after `!`
 * or `time` as a command name and splits the compound command across the statements that
 * follow. Returns the source offset where the misread part starts (after the `!` or `time`),
 * and whether it was negated; null when the statement was read correctly.
 */
export function misreadKeyword(n: Node): { from: number; negate: boolean } | null {
  let cur: Node = n;
  let negate = false;
  // Only the first pipeline of a list can start with the keyword.
  while (cur.type === "list" || cur.type === "pipeline" || cur.type === "redirected_statement") {
    const first = cur.type === "redirected_statement"
      ? cur.childForFieldName("body")
      : cur.namedChildren.find(notComment);
    if (!first) return null;
    cur = first;
  }
  if (cur.type === "negated_command") {
    const inner = cur.namedChildren[0];
    if (inner?.type !== "command") return null;
    const name = inner.childForFieldName("name");
    if (!name || !RESERVED.has(name.text)) return null;
    negate = true;
    return { from: cur.children[0]!.endIndex, negate };
  }
  if (cur.type === "command") {
    const name = cur.childForFieldName("name");
    if (name?.text !== "time") return null;
    const args = cur.childrenForFieldName("argument");
    // `time [-p] NAME=value cmd`: the keyword times a pipeline whose command has assignments;
    // the grammar reads NAME=value as the program `time` runs.
    const skip = args[0]?.text === "-p" ? 1 : 0;
    const firstArg = args[skip];
    if (firstArg && (RESERVED.has(firstArg.text) || ASSIGNMENT_WORD.test(firstArg.text))) {
      return { from: skip ? args[0]!.endIndex : name.endIndex, negate: false };
    }
  }
  return null;
}

/** A here-document starts before `at`: the newline there may end its first line, not a command. */
export function hasHeredocBefore(n: Node, at: number): boolean {
  // Iterative: trees can be 10 000 levels deep.
  const stack = [n];
  while (stack.length) {
    const x = stack.pop()!;
    if (x.type === "heredoc_redirect" && x.startIndex < at) return true;
    for (const c of x.children) if (c.startIndex < at) stack.push(c);
  }
  return false;
}

/** An unquoted newline inside a word (`echo hi⏎\rm x`): where the grammar joined two lines; -1 if none. */
export function gluedNewline(cx: Lowering, root: Node): number {
  // The statement's own text, not the rest of the source: indexOf would scan to its end.
  if (!cx.source.slice(root.startIndex, root.endIndex).includes("\n")) return -1;
  // Iterative, in source order: trees can be 10 000 levels deep.
  const stack = [root];
  let first = -1;
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === "word") {
      const m = /(^|[^\\])\n/.exec(n.text);
      if (m) {
        const at = n.startIndex + m.index + m[1]!.length;
        if (first < 0 || at < first) first = at;
      }
      continue;
    }
    if (n.type === "string" || n.type === "raw_string" || n.type === "ansi_c_string" || n.type === "heredoc_body" ||
      n.type === "heredoc_redirect") continue;
    let prevEnd = -1;
    for (const c of n.children) {
      // Between the words of one command there is only blank space: a newline there that is
      // not a line continuation (`echo hi⏎\⏎rm x`) ends the command in bash.
      if (n.type === "command" && prevEnd >= 0 && c.startIndex > prevEnd) {
        const m = /(^|[^\\])\n/.exec(cx.source.slice(prevEnd, c.startIndex));
        if (m) {
          const at = prevEnd + m.index + m[1]!.length;
          if (first < 0 || at < first) first = at;
        }
      }
      prevEnd = c.endIndex;
      stack.push(c);
    }
  }
  return first;
}
