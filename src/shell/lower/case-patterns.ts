// The patterns of one case item. tree-sitter reads some alternatives as one extglob_pattern
// and keeps its quotes as text; such a node is read again here as bash's parser reads it.

import type { SyntaxNode as Node } from "../../parse/tree.ts";
import type { Word, WordPart } from "../syntax.ts";
import { decodeAnsiC, unescapeDoubleQuoted } from "../escapes.ts";
import { type Lowering, touching, dialectProblem } from "./context.ts";
import { textParts } from "./text.ts";
import { wordsFromNodes, partsOf } from "./words.ts";

/**
 * The patterns of one case item. tree-sitter reads some alternatives as one extglob_pattern
 * (`\\ |a`, `[|b`) and keeps the quotes inside one as text (`*(a)'*'`): such a node is read
 * again here, split at each unquoted `|` outside extglob parentheses as bash's parser does (a
 * bracket does not protect it: `[|b]` is `[` or `b]`), with its quotes removed.
 */
export function casePatterns(cx: Lowering, nodes: readonly Node[]): Word[] {
  if (!nodes.some((n) => (n.type === "extglob_pattern" && /[|'"`$]/.test(n.text)) || escapedBar(cx, n))) {
    return wordsFromNodes(cx, nodes);
  }
  const out: Word[] = [];
  let parts: WordPart[] = [];
  let text = "";
  let start = -1;
  let end = -1;
  const flush = () => {
    if (start >= 0) out.push({ parts, span: { start, end }, text });
    parts = [];
    text = "";
    start = -1;
  };
  let prev: Node | null = null;
  for (const n of nodes) {
    // `a\|b` is one pattern to bash; the grammar ends a node at `a\` and takes `|` as a separator.
    const joined = prev !== null && escapedBar(cx, prev) && n.startIndex === prev.endIndex + 1;
    if (prev && !touching(cx, prev, n) && !joined) flush();
    prev = n;
    const pieces = caseNodePieces(cx, n);
    pieces.forEach((piece, k) => {
      if (k > 0) flush();
      if (start < 0) start = piece.start;
      end = piece.end;
      parts.push(...piece.parts);
      text += cx.source.slice(piece.start, piece.end);
    });
  }
  flush();
  return out;
}

/** A node that ends in an unescaped backslash right before a `|`: the `|` is quoted. */
function escapedBar(cx: Lowering, n: Node): boolean {
  return cx.source[n.endIndex] === "|" && /(^|[^\\])(\\\\)*\\$/.test(n.text);
}

function caseNodePieces(cx: Lowering, n: Node): PatternPiece[] {
  const whole = { start: n.startIndex, end: n.endIndex };
  if (escapedBar(cx, n)) {
    if (n.type !== "extglob_pattern" && n.type !== "word") {
      return [{ parts: [{ t: "bad", why: "an escaped | the guard does not read", span: whole }], ...whole }];
    }
    const pieces = lexCasePattern(cx, n, n.text.slice(0, -1));
    const last = pieces[pieces.length - 1]!;
    pieces[pieces.length - 1] = { parts: [...last.parts, { t: "lit", text: "|" }], start: last.start,
      end: last.end + 2 };
    return pieces;
  }
  return n.type === "extglob_pattern" ? lexCasePattern(cx, n, n.text) : [{ parts: partsOf(cx, n, false), ...whole }];
}

interface PatternPiece {
  readonly parts: WordPart[];
  readonly start: number;
  readonly end: number;
}

/** An extglob_pattern's text as bash reads it: alternatives, quotes, `$name`. */
function lexCasePattern(cx: Lowering, n: Node, t: string): PatternPiece[] {
  const base = n.startIndex;
  const pieces: PatternPiece[] = [];
  let parts: WordPart[] = [];
  let raw = "";
  let rawAt = 0;
  let pieceAt = 0;
  let depth = 0;
  const flushRaw = (at: number) => {
    // A substitution in the text is not read here: the pattern is unknown, not misread.
    if (/\$[({]/.test(raw.replace(/\\[\s\S]/g, ""))) {
      parts.push({ t: "bad", why: "a substitution inside an extglob case pattern",
        span: { start: base + rawAt, end: base + at } });
    } else if (raw) parts.push(...textParts(raw, false, { start: base + rawAt, end: base + at }));
    raw = "";
    rawAt = at;
  };
  // The closing quote; a backslash escapes inside "…" and $'…', not inside '…'.
  const quotedEnd = (from: number, q: string, escapes: boolean): number => {
    for (let j = from; j < t.length; j++) {
      if (t[j] === "\\" && escapes) j++;
      else if (t[j] === q) return j;
    }
    return -1;
  };
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (c === "\\") {
      raw += t.slice(i, i + 2);
      i++;
      continue;
    }
    const ansi = c === "$" && t[i + 1] === "'";
    if (c === "'" || c === '"' || ansi || c === "`") {
      flushRaw(i);
      const open = ansi ? i + 2 : i + 1;
      const close = c === "`" ? -1 : quotedEnd(open, ansi ? "'" : c, c !== "'");
      const inner = close < 0 ? "" : t.slice(open, close);
      let part: WordPart | null = null;
      if (close >= 0 && c === "'") part = { t: "lit", text: inner };
      else if (close >= 0 && c === '"' && !/[$`]/.test(inner)) part = { t: "lit", text: unescapeDoubleQuoted(inner) };
      else if (close >= 0 && ansi) {
        if (cx.dialect === "sh") dialectProblem(cx, n, "$'…'");
        const decoded = decodeAnsiC(inner);
        if (decoded !== null) part = { t: "lit", text: decoded };
      }
      const stop = close < 0 ? t.length : close + 1;
      parts.push(
        part ??
          { t: "bad", why: "quoting inside an extglob case pattern the guard does not read",
            span: { start: base + i, end: base + stop } },
      );
      i = stop - 1;
      rawAt = stop;
      continue;
    }
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      flushRaw(i);
      pieces.push({ parts: parts.length ? parts : [{ t: "lit", text: "" }], start: base + pieceAt, end: base + i });
      parts = [];
      pieceAt = rawAt = i + 1;
      continue;
    }
    raw += c;
  }
  flushRaw(t.length);
  pieces.push({ parts: parts.length ? parts : [{ t: "lit", text: "" }], start: base + pieceAt, end: base + t.length });
  return pieces;
}
