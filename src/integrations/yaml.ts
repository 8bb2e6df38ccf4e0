// A reader for the block-YAML subset GitHub Actions workflows are written in: block mappings
// and sequences (including `- key: value` items and sequences at their key's indentation),
// plain, quoted and block (`|`, `>`, with chomping and indentation indicators) scalars, flow
// collections kept as raw text, anchors and tags skipped, aliases kept as aliases. Every scalar
// keeps where each of its characters came from, so findings in a run: block point at the file.
// Anything outside the subset is a YamlError with its line, never a silent guess.
//
// Why not the `yaml` package (eemeli/yaml, checked at 2.9.1): it reads all of YAML and keeps each
// node's source range (`range`, `srcToken`, `LineCounter`), but a scalar's value comes without a
// map from its characters to the source. A run: script is unindented, folded (`>`, line breaks
// in plain and quoted scalars) and unescaped (`"\x41"`), so `../x` on the second line of a
// `run: >` block sits at an offset of the value that no range gives; a finding must point at
// it. Using the package would still need the scalar half of this reader (plain, quoted and
// block scalars, re-read from `srcToken.source` with a map, checked against the package's value),
// and would replace only the structure half, while reading what this reader refuses (complex
// keys, tab indentation) or keeps opaque (flow collections): a change of behaviour of its own.

import { MappedBuilder, type MappedText } from "./mapped.ts";

export type YamlNode = YamlMap | YamlSeq | YamlScalar;

interface YamlMap {
  readonly kind: "map";
  readonly line: number;
  readonly col: number;
  readonly entries: readonly YamlEntry[];
}

interface YamlEntry {
  readonly key: string;
  readonly line: number;
  readonly col: number;
  readonly value: YamlNode | null;
}

interface YamlSeq {
  readonly kind: "seq";
  readonly line: number;
  readonly col: number;
  readonly items: readonly (YamlNode | null)[];
}

type ScalarStyle = "plain" | "single" | "double" | "literal" | "folded" | "flow" | "alias";

interface YamlScalar {
  readonly kind: "scalar";
  readonly line: number;
  readonly col: number;
  readonly style: ScalarStyle;
  readonly value: MappedText;
}

export class YamlError extends Error {
  override readonly name = "YamlError";
  constructor(readonly line: number, message: string) {
    super(`line ${line}: ${message}`);
  }
}

/** Parses the first document of a file. Null for an empty document. */
export function parseYaml(source: string): YamlNode | null {
  return new Reader(source).document();
}

export function get(node: YamlNode | null | undefined, key: string): YamlNode | null {
  if (!node || node.kind !== "map") return null;
  for (let i = node.entries.length - 1; i >= 0; i--) if (node.entries[i]!.key === key) return node.entries[i]!.value;
  return null;
}

export function scalarText(node: YamlNode | null | undefined): string | null {
  return node && node.kind === "scalar" && node.style !== "alias" ? node.value.text : null;
}

const indentOf = (s: string): number => s.length - s.trimStart().length;
const isBlank = (s: string): boolean => s.trim() === "";
const isSkippable = (s: string): boolean => isBlank(s) || s.trimStart().startsWith("#");

class Reader {
  private readonly lines: string[];
  private i = 0;

  constructor(source: string) {
    this.lines = source.split("\n").map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
  }

  document(): YamlNode | null {
    while (this.i < this.lines.length && (isSkippable(this.lines[this.i]!) || this.lines[this.i]!.startsWith("%"))) {
      this.i++;
    }
    if (this.i < this.lines.length && /^---(\s|$)/.test(this.lines[this.i]!)) {
      if (this.lines[this.i]!.slice(3).trim() !== "") {
        throw new YamlError(this.i + 1, "content after --- is not supported");
      }
      this.i++;
    }
    const node = this.node(0);
    this.skip();
    if (this.i < this.lines.length && !/^(---|\.\.\.)(\s|$)/.test(this.lines[this.i]!)) {
      throw new YamlError(this.i + 1, "unexpected indentation");
    }
    return node;
  }

  private skip(): void {
    while (this.i < this.lines.length && isSkippable(this.lines[this.i]!)) this.i++;
  }

  private atDocumentEnd(): boolean {
    return this.i >= this.lines.length || /^(---|\.\.\.)(\s|$)/.test(this.lines[this.i]!);
  }

  /** A block node whose first line is indented at least `min`. */
  private node(min: number): YamlNode | null {
    this.skip();
    if (this.atDocumentEnd()) return null;
    const text = this.lines[this.i]!;
    if (text.startsWith("\t") || /^ *\t/.test(text)) throw new YamlError(this.i + 1, "tabs cannot indent YAML");
    const ind = indentOf(text);
    if (ind < min) return null;
    const rest = text.slice(ind);
    if (rest === "-" || rest.startsWith("- ")) return this.seq(ind);
    if (keyOf(rest) !== null) return this.map(ind);
    if (rest.startsWith("? ")) throw new YamlError(this.i + 1, "complex keys (?) are not supported");
    return this.value(ind, min - 1);
  }

  private map(ind: number): YamlMap {
    const entries: YamlEntry[] = [];
    const line = this.i + 1;
    for (;;) {
      this.skip();
      if (this.atDocumentEnd()) break;
      const text = this.lines[this.i]!;
      const here = indentOf(text);
      if (here < ind) break;
      if (here > ind) throw new YamlError(this.i + 1, "unexpected indentation");
      const rest = text.slice(ind);
      if (rest === "-" || rest.startsWith("- ")) break;
      const key = keyOf(rest);
      if (key === null) throw new YamlError(this.i + 1, `expected "key: value"`);
      const keyLine = this.i + 1;
      const value = this.value(ind + key.valueAt, ind);
      entries.push({ key: key.key, line: keyLine, col: ind + 1, value });
    }
    return { kind: "map", line, col: ind + 1, entries };
  }

  private seq(ind: number): YamlSeq {
    const items: (YamlNode | null)[] = [];
    const line = this.i + 1;
    for (;;) {
      this.skip();
      if (this.atDocumentEnd()) break;
      const text = this.lines[this.i]!;
      const here = indentOf(text);
      if (here < ind) break;
      if (here > ind) throw new YamlError(this.i + 1, "unexpected indentation");
      const rest = text.slice(ind);
      if (!(rest === "-" || rest.startsWith("- "))) break;
      const after = rest.slice(1);
      const content = ind + 1 + indentOf(after);
      const body = text.slice(content);
      if (body === "" || body.startsWith("#")) {
        this.i++;
        items.push(this.node(ind + 1));
      } else if (body === "-" || body.startsWith("- ") || keyOf(body) !== null) {
        // `- key: value`: the item is a block node at the key's column, so the dash becomes
        // indentation and the item's later lines line up with it.
        this.lines[this.i] = " ".repeat(content) + body;
        items.push(this.node(content));
      } else {
        items.push(this.value(content, ind));
      }
    }
    return { kind: "seq", line, col: ind + 1, items };
  }

  /** The value starting at column `at` (0-based) of the current line; its parent is at `parent`. */
  private value(at: number, parent: number): YamlNode | null {
    const lineNo = this.i + 1;
    const text = this.lines[this.i]!;
    let c = at;
    while (c < text.length && text[c] === " ") c++;
    // Anchors and tags say nothing about a run: block's text; skip them.
    for (;;) {
      const m = /^(&[^\s]+|![^\s]*)( +|$)/.exec(text.slice(c));
      if (!m) break;
      c += m[0].length;
    }
    const rest = text.slice(c);
    if (rest === "" || rest.startsWith("#")) {
      this.i++;
      const next = this.peekContent();
      if (next !== null && indentOf(next) === parent && /^-( |$)/.test(next.slice(parent)) && parent >= 0) {
        return this.seq(parent);
      }
      return this.node(parent + 1);
    }
    const first = rest[0]!;
    if (first === "|" || first === ">") return this.blockScalar(c, parent, first === "|" ? "literal" : "folded");
    if (first === '"' || first === "'") return this.quoted(c, first === '"' ? "double" : "single");
    if (first === "[" || first === "{") return this.flow(c);
    if (first === "*") {
      this.i++;
      const b = new MappedBuilder();
      b.push(rest.replace(/\s+#.*$/, "").trimEnd(), lineNo, c + 1);
      return { kind: "scalar", line: lineNo, col: c + 1, style: "alias", value: b.build() };
    }
    return this.plain(c, parent);
  }

  private peekContent(): string | null {
    let j = this.i;
    while (j < this.lines.length && isSkippable(this.lines[j]!)) j++;
    return j < this.lines.length ? this.lines[j]! : null;
  }

  private plain(c: number, parent: number): YamlScalar {
    const lineNo = this.i + 1;
    const b = new MappedBuilder();
    const first = stripComment(this.lines[this.i]!.slice(c)).trimEnd();
    b.push(first, lineNo, c + 1);
    this.i++;
    let blanks = 0;
    while (this.i < this.lines.length) {
      const text = this.lines[this.i]!;
      if (isBlank(text)) {
        blanks++;
        this.i++;
        continue;
      }
      const ind = indentOf(text);
      if (ind <= parent || text.slice(ind).startsWith("#") || this.atDocumentEnd()) break;
      const body = stripComment(text.slice(ind)).trimEnd();
      // `key: value` cannot continue a plain scalar; it is a mapping at the wrong indentation.
      if (keyOf(body) !== null) throw new YamlError(this.i + 1, "unexpected indentation");
      b.push(blanks > 0 ? "\n".repeat(blanks) : " ", this.i, 1);
      b.push(body, this.i + 1, ind + 1);
      blanks = 0;
      this.i++;
    }
    // Blank lines after the scalar belong to what follows; step back over them.
    while (blanks > 0 && this.i > 0 && isBlank(this.lines[this.i - 1]!)) {
      this.i--;
      blanks--;
    }
    return { kind: "scalar", line: lineNo, col: c + 1, style: "plain", value: b.build() };
  }

  private quoted(c: number, style: "single" | "double"): YamlScalar {
    const startLine = this.i + 1;
    const quote = style === "double" ? '"' : "'";
    const b = new MappedBuilder();
    let line = this.i;
    let k = c + 1;
    for (;;) {
      const text = this.lines[line]!;
      if (k >= text.length) {
        // A line break inside quotes folds: one break is a space, each blank line a newline.
        let next = line + 1;
        let blanks = 0;
        while (next < this.lines.length && isBlank(this.lines[next]!)) {
          blanks++;
          next++;
        }
        if (next >= this.lines.length) throw new YamlError(startLine, `unterminated ${style}-quoted string`);
        b.push(blanks > 0 ? "\n".repeat(blanks) : " ", line + 1, text.length + 1);
        line = next;
        k = indentOf(this.lines[line]!);
        continue;
      }
      const ch = text[k]!;
      if (ch === quote) {
        if (style === "single" && text[k + 1] === "'") {
          b.push("'", line + 1, k + 1);
          k += 2;
          continue;
        }
        const after = stripComment(text.slice(k + 1)).trim();
        if (after !== "" && !after.startsWith(":")) throw new YamlError(line + 1, `text after the closing quote`);
        this.i = line + 1;
        return { kind: "scalar", line: startLine, col: c + 1, style, value: b.build() };
      }
      if (style === "double" && ch === "\\") {
        if (k + 1 >= text.length) {
          // An escaped line break joins the lines with nothing between them.
          line++;
          if (line >= this.lines.length) throw new YamlError(startLine, "unterminated double-quoted string");
          k = indentOf(this.lines[line]!);
          continue;
        }
        const { value, length } = unescape(text, k, line + 1);
        b.push(value, line + 1, k + 1);
        k += length;
        continue;
      }
      if ((ch === " " || ch === "\t") && text.slice(k).trim() === "") {
        k = text.length;
        continue;
      }
      b.push(ch, line + 1, k + 1);
      k++;
    }
  }

  private flow(c: number): YamlScalar {
    const startLine = this.i + 1;
    const b = new MappedBuilder();
    let depth = 0;
    let quote: string | null = null;
    let line = this.i;
    let k = c;
    for (;;) {
      const text = this.lines[line]!;
      if (k >= text.length) {
        line++;
        if (line >= this.lines.length) throw new YamlError(startLine, "unterminated flow collection");
        b.push(" ", line, text.length + 1);
        k = indentOf(this.lines[line]!);
        continue;
      }
      const ch = text[k]!;
      b.push(ch, line + 1, k + 1);
      k++;
      if (quote) {
        if (ch === quote) quote = null;
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === "[" || ch === "{") depth++;
      else if (ch === "]" || ch === "}") {
        depth--;
        if (depth === 0) break;
      }
    }
    this.i = line + 1;
    return { kind: "scalar", line: startLine, col: c + 1, style: "flow", value: b.build() };
  }

  private blockScalar(c: number, parent: number, style: "literal" | "folded"): YamlScalar {
    const lineNo = this.i + 1;
    const header = stripComment(this.lines[this.i]!.slice(c + 1)).trim();
    if (!/^([+-]?[1-9]?|[1-9][+-])$/.test(header)) {
      throw new YamlError(lineNo, `bad block scalar header ${JSON.stringify(header)}`);
    }
    const chomp = header.includes("-") ? "strip" : header.includes("+") ? "keep" : "clip";
    const digit = /[1-9]/.exec(header);
    this.i++;
    let indent = digit ? Math.max(parent, 0) + Number(digit[0]) : -1;
    const body: { text: string; lineNo: number }[] = [];
    let j = this.i;
    let lastContent = -1;
    for (; j < this.lines.length; j++) {
      const text = this.lines[j]!;
      if (isBlank(text)) {
        body.push({ text: "", lineNo: j + 1 });
        continue;
      }
      const ind = indentOf(text);
      if (indent < 0) {
        if (ind <= parent) break;
        indent = ind;
      }
      if (ind < indent) break;
      body.push({ text: text.slice(indent), lineNo: j + 1 });
      lastContent = body.length - 1;
    }
    const content = body.slice(0, lastContent + 1);
    this.i = this.i + content.length;
    const b = new MappedBuilder();
    const col = Math.max(indent, 0) + 1;
    let prev: { kind: "normal" | "more"; lineNo: number; end: number } | null = null;
    let blanks = 0;
    for (const l of content) {
      if (l.text === "") {
        blanks++;
        continue;
      }
      const more = l.text.startsWith(" ") || l.text.startsWith("\t");
      if (prev !== null) {
        let sep: string;
        if (style === "literal") sep = "\n".repeat(blanks + 1);
        else if (prev.kind === "normal" && !more) sep = blanks > 0 ? "\n".repeat(blanks) : " ";
        else sep = "\n".repeat(blanks + 1);
        b.push(sep, prev.lineNo, prev.end);
      } else if (blanks > 0) {
        b.push("\n".repeat(blanks), l.lineNo, col);
      }
      b.push(l.text, l.lineNo, col);
      prev = { kind: more ? "more" : "normal", lineNo: l.lineNo, end: col + l.text.length };
      blanks = 0;
    }
    if (prev !== null && chomp !== "strip") b.push("\n", prev.lineNo, prev.end);
    if (prev !== null && chomp === "keep") b.push("\n".repeat(body.length - content.length), prev.lineNo, prev.end);
    return { kind: "scalar", line: lineNo, col: c + 1, style, value: b.build() };
  }
}

/** The key of a `key: value` line and the offset its value starts at, or null. */
function keyOf(rest: string): { key: string; valueAt: number } | null {
  if (rest.startsWith('"') || rest.startsWith("'")) {
    const q = rest[0]!;
    let k = 1;
    let key = "";
    while (k < rest.length) {
      if (rest[k] === q) {
        if (q === "'" && rest[k + 1] === "'") {
          key += "'";
          k += 2;
          continue;
        }
        break;
      }
      if (q === '"' && rest[k] === "\\" && k + 1 < rest.length) {
        key += rest[k + 1];
        k += 2;
        continue;
      }
      key += rest[k];
      k++;
    }
    if (k >= rest.length) return null;
    const after = /^ *:( |$)/.exec(rest.slice(k + 1));
    return after ? { key, valueAt: k + 1 + after[0].length } : null;
  }
  if (/^[[{&*!|>%@`#-]/.test(rest) && !/^-[^ ]/.test(rest)) return null;
  const m = /^([^#]*?[^\s#]) *:( |$)/.exec(rest);
  if (!m) return null;
  if (/ #/.test(m[1]!)) return null;
  return { key: m[1]!, valueAt: m[0].length };
}

function stripComment(s: string): string {
  const m = /(^|\s)#/.exec(s);
  return m ? s.slice(0, m.index) : s;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { "0": "\0", a: "\x07", b: "\b", t: "\t", "\t": "\t", n: "\n",
  v: "\v", f: "\f", r: "\r", e: "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", N: "\u0085", _: "\u00a0", L: "\u2028",
  P: "\u2029" };

function unescape(text: string, k: number, lineNo: number): { value: string; length: number } {
  const e = text[k + 1]!;
  if (e in SIMPLE_ESCAPES) return { value: SIMPLE_ESCAPES[e]!, length: 2 };
  const hex = e === "x" ? 2 : e === "u" ? 4 : e === "U" ? 8 : 0;
  if (hex > 0) {
    const digits = text.slice(k + 2, k + 2 + hex);
    if (digits.length === hex && /^[0-9a-fA-F]+$/.test(digits)) {
      return { value: String.fromCodePoint(parseInt(digits, 16)), length: 2 + hex };
    }
  }
  throw new YamlError(lineNo, `bad escape \\${e}`);
}
