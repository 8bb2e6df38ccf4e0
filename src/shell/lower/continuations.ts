// Bash removes a line continuation (`\⏎`) before it reads anything else, outside single
// quotes and comments. The grammar reads one right after a `$` or `~` as an escape of its own:
// `"$\⏎(cmd)"`, `"$\⏎{HOME}/x"` and `~\⏎/x` were text to it, and code or a path to bash (strace).
// Moving the continuation before the `$` or `~` keeps bash's reading (removing every
// continuation gives the same text either way) and the length of the text, so spans hold; the
// grammar then reads the expansion. Where a move could change what bash reads (in single
// quotes, a comment, after a backslash), nothing moves and the census asks (census.ts).

import type { SyntaxNode as Node } from "../../parse/tree.ts";

/** A `$` or `~` and the continuations right after it. */
const CONTINUED = /[$~]((?:\\\n)+)/g;

/** Whether the text has an expansion start with a continuation after it (census.ts reports those left). */
export function hasContinuedExpansion(text: string): boolean {
  return text.includes("\\\n") && /[$~]\\\n/.test(text);
}

/** The spans of continued `$`/`~` in a text, offsets from `base`. */
export function continuedExpansions(text: string, base: number): { start: number; end: number; char: string }[] {
  return [...text.matchAll(CONTINUED)].map((m) => ({ start: base + m.index, end: base + m.index + m[0].length,
    char: m[0][0]! })
  );
}

/** Nodes whose text bash keeps as it is: continuations in them are not removed. */
const LITERAL = new Set(["comment", "raw_string", "ansi_c_string"]);

/**
 * The program's text with each continuation after a `$` or `~` moved before it, where that is
 * safe; null when nothing moves.
 */
export function movedContinuations(root: Node): string | null {
  const base = root.startIndex;
  const original = root.source.slice(base, root.endIndex);
  if (!hasContinuedExpansion(original)) return null;
  const literal: [number, number][] = [];
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (LITERAL.has(n.type)) literal.push([n.startIndex - base, n.endIndex - base]);
    else for (const c of n.children) stack.push(c);
  }
  const movable = (text: string, at: number): boolean => {
    if (literal.some(([s, e]) => s <= at && at < e)) return false;
    // An escaped `$` or `~` is text, and a continuation put after the backslash would end it.
    let k = at - 1;
    while (k >= 0 && text[k] === "\\") k--;
    return (at - 1 - k) % 2 === 0;
  };
  let text = original;
  // `$$\⏎(` moves twice; each pass moves every run one character left, within the text.
  for (let pass = 0; pass < original.length; pass++) {
    let moved = false;
    const current = text;
    text = current.replace(CONTINUED, (m: string, run: string, at: number) => {
      if (!movable(current, at)) return m;
      moved = true;
      return run + m[0];
    });
    if (!moved) break;
  }
  return text === original ? null : text;
}
