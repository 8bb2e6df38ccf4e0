// The pattern operands of `${x#p}`, `${x%p}`, `${x/p/r}` read from the source text as bash
// reads them, rather than from the grammar's tree of them. tree-sitter-bash leaves such an
// operand as one `regex` token and gets its edges wrong where it holds quotes, escapes or
// blanks: `${x%% *}` loses the blank, `${x//\//_}` is read as the pattern `\` and the
// replacement `/_`, `"${r#*"$e"}"` and `${B//$'\n'/x}` hold quotes the token does not read.
//
// Bash reads the operand as an unquoted word whose blanks are text (also inside "…": the
// pattern and its replacement have their own quoting): `\c`, '…', $'…', "…" (with $name and
// ${name} in it), $name and ${name} are read here; anything else — a command substitution,
// backquotes, an operator inside a nested ${…} — is left to the grammar's reading (null).

import type { Span } from "../../base/span.ts";
import { decodeAnsiC, unescapeDoubleQuoted } from "../escapes.ts";
import type { ParamExpansion, Word, WordPart } from "../syntax.ts";
import { simpleParam } from "./text.ts";
import { ansiEnd, paramEnd, quotedEnd } from "../../parse/expansion-end.ts";

/** Where the pattern of `${x/p/r}` ends: the first `/` outside quotes and escapes in [from, to), or -1. */
export function replacementSlash(text: string, from: number, to: number): number {
  let i = from;
  while (i < to) {
    const c = text[i]!;
    if (c === "\\") i += 2;
    else if (c === "'") i = text.indexOf("'", i + 1) + 1 || to;
    else if (c === '"') i = quotedEnd(text, i) < 0 ? to : quotedEnd(text, i);
    else if (c === "$" && text[i + 1] === "{") i = paramEnd(text, i) < 0 ? to : paramEnd(text, i);
    else if (c === "$" && text[i + 1] === "'") i = ansiEnd(text, i + 1) < 0 ? to : ansiEnd(text, i + 1);
    else if (c === "/") return i;
    else i++;
  }
  return -1;
}

/** The operand text [from, to) of a pattern operator as a word, or null when it holds what is not read here. */
export function patternOperand(text: string, from: number, to: number): Word | null {
  const parts: WordPart[] = [];
  let raw = "";
  const flush = () => {
    if (raw) parts.push({ t: "raw", text: raw });
    raw = "";
  };
  let i = from;
  while (i < to) {
    const c = text[i]!;
    if (c === "\\") {
      // An escaped character stays escaped in the pattern (`\*` matches a star).
      raw += text.slice(i, Math.min(i + 2, to));
      i += 2;
    } else if (c === "'") {
      const j = text.indexOf("'", i + 1);
      if (j < 0 || j >= to) return null;
      flush();
      parts.push({ t: "lit", text: text.slice(i + 1, j) });
      i = j + 1;
    } else if (c === '"') {
      const j = quotedEnd(text, i);
      if (j < 0 || j > to) return null;
      const inner = quotedParts(text, i + 1, j - 1);
      if (inner === null) return null;
      flush();
      parts.push(...(inner.length ? inner : [{ t: "lit" as const, text: "" }]));
      i = j;
    } else if (c === "`" || ((c === "<" || c === ">") && text[i + 1] === "(")) return null;
    else if (c === "$") {
      const d = text[i + 1];
      if (d === "(" || d === '"') return null;
      if (d === "'") {
        const j = ansiEnd(text, i + 1);
        const decoded = j < 0 || j > to ? null : decodeAnsiC(text.slice(i + 2, j - 1));
        if (decoded === null) return null;
        flush();
        parts.push({ t: "lit", text: decoded });
        i = j;
        continue;
      }
      const p = parameterAt(text, i, to, false);
      if (p === null) return null;
      if (p === "text") {
        raw += c;
        i++;
        continue;
      }
      flush();
      parts.push(p.part);
      i = p.end;
    } else {
      raw += c;
      i++;
    }
  }
  flush();
  return { parts, span: { start: from, end: to }, text: text.slice(from, to) };
}

/** The parts of the inside of "…" ([from, to)), or null when it holds what is not read here. */
function quotedParts(text: string, from: number, to: number): WordPart[] | null {
  const out: WordPart[] = [];
  let lit = "";
  const flush = () => {
    if (lit) out.push({ t: "lit", text: unescapeDoubleQuoted(lit) });
    lit = "";
  };
  let i = from;
  while (i < to) {
    const c = text[i]!;
    if (c === "\\") {
      lit += text.slice(i, i + 2);
      i += 2;
    } else if (c === "`") return null;
    else if (c === "$") {
      const p = parameterAt(text, i, to, true);
      if (p === null) return null;
      if (p === "text") {
        lit += c;
        i++;
        continue;
      }
      flush();
      out.push(p.part);
      i = p.end;
    } else {
      lit += c;
      i++;
    }
  }
  flush();
  return out;
}

/**
 * A parameter at `at` (a `$`): `$name`, `$1`, `$@`…, `${name}`, `${name[text]}`; "text" for a
 * `$` that starts none (it is text); null for one not read here (an operator, `$(`).
 */
function parameterAt(text: string, at: number, to: number, quoted: boolean): { readonly part: WordPart;
  readonly end: number } | "text" | null
{
  const span = (end: number): Span => ({ start: at, end });
  const m = /^\$([A-Za-z_][A-Za-z0-9_]*|[0-9]|[@*#?$!-])/.exec(text.slice(at, Math.min(to, at + 256)));
  if (text[at + 1] !== "{") {
    if (!m) return text[at + 1] === "(" ? null : "text";
    return { part: { t: "param", param: simpleParam(m[1]!), quoted, span: span(at + m[0].length) },
      end: at + m[0].length };
  }
  const end = paramEnd(text, at);
  if (end < 0 || end > to) return null;
  const inner = text.slice(at + 2, end - 1);
  // `${#name}`: a length (`${size:0:${#size}-1}`).
  const length = /^#(?=[A-Za-z_0-9@*])/.test(inner);
  const b = /^([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])(?:\[([A-Za-z0-9_@*]+)\])?$/.exec(
    length ? inner.slice(1) : inner,
  );
  if (!b) return null;
  const nameAt = at + 2 + (length ? 1 : 0);
  const index: Word | null = b[2] === undefined
    ? null
    : { parts: [{ t: "raw", text: b[2] }], span: { start: nameAt + 1 + b[1]!.length, end: end - 2 }, text: b[2] };
  const param: ParamExpansion = { name: b[1]!, index, op: length ? "length" : "", arg: null, arg2: null };
  return { part: { t: "param", param, quoted, span: span(end) }, end };
}

/**
 * The offset and length of `${x:offset:length}` read from the text after the operator's `:`
 * (`from`) to the end of the expansion at `start`, as bash reads them: the grammar reads an
 * operand such as `${#s}-1` as an arithmetic node no word is made of. Null when the text holds
 * what is not read here.
 */
export function substringOperands(text: string, start: number, from: number): { readonly arg: Word;
  readonly arg2: Word | null } | null
{
  const end = paramEnd(text, start);
  if (end < 0) return null;
  const sep = topLevelColon(text, from, end - 1);
  const arg = patternOperand(text, from, sep < 0 ? end - 1 : sep);
  const arg2 = sep < 0 ? null : patternOperand(text, sep + 1, end - 1);
  if (arg === null || (sep >= 0 && arg2 === null)) return null;
  return { arg, arg2 };
}

/** The first `:` in [from, to) outside quotes, escapes, `${…}` and parentheses, or -1. */
function topLevelColon(text: string, from: number, to: number): number {
  let depth = 0;
  for (let i = from; i < to;) {
    const c = text[i]!;
    if (c === "\\") i += 2;
    else if (c === "'") i = text.indexOf("'", i + 1) + 1 || to;
    else if (c === '"') i = quotedEnd(text, i) < 0 ? to : quotedEnd(text, i);
    else if (c === "$" && text[i + 1] === "{") i = paramEnd(text, i) < 0 ? to : paramEnd(text, i);
    else {
      if (c === "(") depth++;
      else if (c === ")") depth--;
      else if (c === ":" && depth === 0) return i;
      i++;
    }
  }
  return -1;
}
