// A YAML scalar's value with each of its characters mapped to where it came from in the file.
// The `yaml` package parses the file and gives each scalar its value and its source token (the
// raw text and its offset), but not where each character of the value came from: a run: script
// is unindented, folded (`>`, line breaks in plain and quoted scalars) and unescaped (`"\x41"`),
// so `../x` on the second line of a `run: >` block sits at an offset of the value that no range
// gives, and a finding must point at it. This module re-reads the token with that map (YAML 1.2,
// sections 7.3 to 8.1: flow scalars fold lines, block scalars strip their indentation), and the
// caller keeps the map only when its text is the package's value, character for character.

import type { CST } from "yaml";
import { MappedBuilder, type MappedText } from "./mapped.ts";

/** 1-based line and column (UTF-16 code units) of a source offset. */
type PositionOf = (offset: number) => { readonly line: number; readonly col: number };

/** A run of value text and the source offset of its first character. */
interface Piece {
  readonly text: string;
  readonly at: number;
  /** Whitespace written as itself (not an escape): trimmed where a line folds. */
  readonly raw: boolean;
}

export function mapScalarToken(token: CST.FlowScalar | CST.BlockScalar, pos: PositionOf): MappedText | null {
  const pieces = token.type === "block-scalar" ? blockScalar(token) : flowScalar(token);
  if (pieces === null) return null;
  const b = new MappedBuilder();
  for (const p of pieces) {
    // A piece is written at its own position; pieces longer than one character never cross a line.
    const { line, col } = pos(p.at);
    b.push(p.text, line, col);
  }
  return b.build();
}

interface Line {
  /** Offsets in the file of the line's first character and of its end (before `\r\n` or `\n`). */
  readonly start: number;
  readonly end: number;
}

/** Splits [start, end) of the file text `text` (which starts at `base`) into lines. */
function linesOf(text: string, base: number, from: number, to: number): Line[] {
  const out: Line[] = [];
  let s = from;
  for (let i = from; i <= to; i++) {
    if (i === to || text[i] === "\n") {
      const e = i > s && text[i - 1] === "\r" && i !== to ? i - 1 : i;
      out.push({ start: base + s, end: base + e });
      s = i + 1;
    }
  }
  return out;
}

const isSpace = (c: string | undefined): boolean => c === " " || c === "\t";

/**
 * Plain, single- and double-quoted scalars: each line break folds to a space, or to one newline
 * per empty line it spans; a line's leading and trailing white space goes; in double quotes a
 * backslash before the break joins the lines with nothing, and escapes stand for characters.
 */
function flowScalar(token: CST.FlowScalar): Piece[] | null {
  if (token.type === "alias") return null;
  const src = token.source;
  const quoted = token.type !== "scalar";
  const from = quoted ? 1 : 0;
  const to = quoted ? src.length - 1 : src.length;
  if (to < from) return null;
  const lines = linesOf(src, token.offset, from, to);
  const out: Piece[] = [];
  let empty = 0;
  let joined = false;
  let prevEnd = -1;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    let s = l.start - token.offset;
    const e = l.end - token.offset;
    if (i > 0) { while (s < e && isSpace(src[s])) s++; }
    const line = token.type === "double-quoted-scalar" ?
      doubleQuoted(src, s, e, token.offset) :
      plainOrSingle(src, s, e, token.offset, token.type === "single-quoted-scalar");
    if (line === null) return null;
    const body = [...line.pieces];
    const last = i === lines.length - 1;
    if (!last) {
      while (body.length > 0 && body[body.length - 1]!.raw && isSpace(body[body.length - 1]!.text)) body.pop();
    }
    if (i > 0 && !last && body.length === 0 && !line.joins) {
      empty++;
      continue;
    }
    if (i > 0) {
      if (joined) {
        // An escaped line break: the lines meet with nothing between them, empty lines kept.
        if (empty > 0) out.push({ text: "\n".repeat(empty), at: prevEnd, raw: false });
      } else out.push({ text: empty > 0 ? "\n".repeat(empty) : " ", at: prevEnd, raw: false });
    }
    out.push(...body);
    empty = 0;
    joined = line.joins;
    prevEnd = l.end;
  }
  return out;
}

/** One line of a plain or single-quoted scalar: `''` is one quote, the rest is itself. */
function plainOrSingle(src: string, s: number, e: number, base: number,
  single: boolean): { pieces: Piece[]; joins: boolean }
{
  const pieces: Piece[] = [];
  for (let k = s; k < e; k++) {
    if (single && src[k] === "'" && src[k + 1] === "'") {
      pieces.push({ text: "'", at: base + k, raw: false });
      k++;
      continue;
    }
    pieces.push({ text: src[k]!, at: base + k, raw: true });
  }
  return { pieces, joins: false };
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { "0": "\0", a: "\x07", b: "\b", t: "\t", "\t": "\t", n: "\n",
  v: "\v", f: "\f", r: "\r", e: "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", N: "\u0085", _: "\u00a0", L: "\u2028",
  P: "\u2029" };

/** One line of a double-quoted scalar, its escapes read; `joins` when it ends in an escaped line break. */
function doubleQuoted(src: string, s: number, e: number, base: number): { pieces: Piece[]; joins: boolean } | null {
  const pieces: Piece[] = [];
  for (let k = s; k < e; k++) {
    const c = src[k]!;
    if (c !== "\\") {
      pieces.push({ text: c, at: base + k, raw: true });
      continue;
    }
    if (k + 1 >= e) {
      // The break after a backslash is escaped; the white space before the backslash stays.
      return { pieces, joins: true };
    }
    const x = src[k + 1]!;
    const simple = SIMPLE_ESCAPES[x];
    if (simple !== undefined) {
      pieces.push({ text: simple, at: base + k, raw: false });
      k++;
      continue;
    }
    const hex = x === "x" ? 2 : x === "u" ? 4 : x === "U" ? 8 : 0;
    const digits = src.slice(k + 2, k + 2 + hex);
    if (hex === 0 || digits.length !== hex || !/^[0-9a-fA-F]+$/.test(digits)) return null;
    const code = parseInt(digits, 16);
    if (code > 0x10ffff) return null;
    pieces.push({ text: String.fromCodePoint(code), at: base + k, raw: false });
    k += 1 + hex;
  }
  return { pieces, joins: false };
}

/**
 * Literal (`|`) and folded (`>`) scalars: the content indentation (the indicator's digit over
 * the parent's, or the first non-empty line's) is stripped; literal lines keep their breaks,
 * folded ones fold between two lines that do not start with white space; chomping (`-`, `+`)
 * decides the final breaks.
 */
function blockScalar(token: CST.BlockScalar): Piece[] | null {
  const header = token.props.find((p) => p.type === "block-scalar-header");
  if (header === undefined || !("source" in header)) return null;
  const style = header.source[0] === "|" ? "literal" : "folded";
  const chomp = header.source.includes("-") ? "strip" : header.source.includes("+") ? "keep" : "clip";
  const digit = /[1-9]/.exec(header.source);
  const lastProp = token.props[token.props.length - 1]!;
  const bodyAt = lastProp.offset + ("source" in lastProp ? lastProp.source.length : 0);
  const src = token.source;
  const lines = linesOf(src, bodyAt, 0, src.length);
  // The body ends with the break of its last line: no line after it.
  if (lines.length > 0 && lines[lines.length - 1]!.start === bodyAt + src.length) lines.pop();
  let indent = digit ? Math.max(token.indent, 0) + Number(digit[0]) : -1;
  if (indent < 0) {
    for (const l of lines) {
      const t = src.slice(l.start - bodyAt, l.end - bodyAt);
      if (t.trim() !== "") {
        indent = t.length - t.trimStart().length;
        break;
      }
    }
  }
  const out: Piece[] = [];
  let prev: { more: boolean; end: number } | null = null;
  let blanks = 0;
  let trailing = 0;
  for (const l of lines) {
    const t = src.slice(l.start - bodyAt, l.end - bodyAt);
    if (t.slice(0, Math.max(indent, 0)).trim() !== "" && t.trim() !== "") return null;
    const body = indent < 0 ? "" : t.slice(indent);
    if (t.trim() === "" && body.trim() === "") {
      blanks++;
      trailing++;
      continue;
    }
    const more = isSpace(body[0]);
    if (prev !== null) {
      let sep: string;
      if (style === "literal" || prev.more || more) sep = "\n".repeat(blanks + 1);
      else sep = blanks > 0 ? "\n".repeat(blanks) : " ";
      out.push({ text: sep, at: prev.end, raw: false });
    } else if (blanks > 0) {
      out.push({ text: "\n".repeat(blanks), at: l.start, raw: false });
    }
    out.push({ text: body, at: l.start + indent, raw: false });
    prev = { more, end: l.end };
    blanks = 0;
    trailing = 0;
  }
  if (prev !== null && chomp !== "strip") out.push({ text: "\n", at: prev.end, raw: false });
  if (prev !== null && chomp === "keep" && trailing > 0) {
    out.push({ text: "\n".repeat(trailing), at: prev.end, raw: false });
  }
  return out;
}
