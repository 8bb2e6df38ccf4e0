// Word nodes into Words and their parts: grouping touching nodes into shell words, strings,
// expansions and ${…} operators, command and process substitutions (whose bodies are lowered
// through the context, as statements.ts is above this file).

import type { SyntaxNode as Node } from "../../parse/tree.ts";
import type { ParamOp, Word, WordPart } from "../syntax.ts";
import { PARAM_OPS, TOKEN_OPS, isPatternOp } from "../param-ops.ts";
import type { Span } from "../../base/span.ts";
import { decodeAnsiC, unescapeDoubleQuoted } from "../escapes.ts";
import { HIDDEN_CODE, OPERAND_TOKEN_KINDS } from "../../parse/node-kinds.ts";
import { MAX_DEPTH, type Lowering, problem, touching, span, dialectProblem, textStartsWith } from "./context.ts";
import { textParts, simpleParam, leadingBlanks, rejoinDollars } from "./text.ts";
import { arithNames, substitutionsIn, hiddenCodeText } from "./arith.ts";
import { openingBackquote, splitBackquotes } from "./backquotes.ts";
import { patternOperand, replacementSlash, substringOperands } from "./operand.ts";
import { paramEnd } from "../../parse/expansion-end.ts";

/** The node is, or begins with, a double-quoted string (so a `$` just before it makes `$"…"`). */
function startsWithString(n: Node | null | undefined): boolean {
  if (!n) return false;
  if (n.type === "string") return true;
  return n.type === "concatenation" && n.children[0]?.type === "string";
}

/** Groups nodes into shell words: nodes that touch (no blank between them) are one word. */
export function wordsFromNodes(cx: Lowering, nodes: readonly Node[]): Word[] {
  const out: Word[] = [];
  let group: Node[] = [];
  for (let k = 0; k < nodes.length; k++) {
    const n = nodes[k]!;
    // `a` `b`: one node to the grammar, words of their own to bash (when nothing touches it).
    const apart = sideBySide(cx, n);
    if (apart && !(group.length && touching(cx, group[group.length - 1]!, n)) &&
      !(k + 1 < nodes.length && touching(cx, n, nodes[k + 1]!)))
    {
      if (group.length) out.push(wordFromNodes(cx, group));
      group = [];
      out.push(...apart);
      continue;
    }
    // The grammar reads `$ find` as the expansion `$find` across the blank; bash reads a literal
    // `$` and the word `find`.
    if (n.type === "simple_expansion" && n.children.length === 2 && !touching(cx, n.children[0]!, n.children[1]!)) {
      for (const c of n.children) group = addToWord(cx, out, group, c);
    } else group = addToWord(cx, out, group, n);
  }
  if (group.length) out.push(wordFromNodes(cx, group));
  return out;
}

/** Adds a node to the word being gathered, or ends that word first when the node does not touch it; returns the word's nodes. */
function addToWord(cx: Lowering, out: Word[], group: Node[], n: Node): Node[] {
  if (group.length && !touching(cx, group[group.length - 1]!, n)) {
    out.push(wordFromNodes(cx, group));
    return [n];
  }
  group.push(n);
  return group;
}

export function wordFromNodes(cx: Lowering, nodes: readonly Node[], emptyAt?: number): Word {
  if (nodes.length === 0) {
    const at = emptyAt ?? 0;
    return { parts: [], span: { start: at, end: at }, text: "" };
  }
  const parts: WordPart[] = [];
  // Whether the nodes follow each other with nothing between: then the word's text is one slice.
  let adjacent = true;
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i]!;
    if (i > 0 && nodes[i - 1]!.endIndex !== n.startIndex) adjacent = false;
    // $"…" is a translated string; tree-sitter leaves the `$` as a separate token.
    if (!n.isNamed && n.type === "$" && startsWithString(nodes[i + 1]) && nodes[i + 1]!.startIndex === n.endIndex) {
      if (cx.dialect === "sh") dialectProblem(cx, n, '$"…"');
      if (n.text.length > 1) parts.push(...textParts(n.text.slice(0, -1), false, span(n)));
      continue;
    }
    if (i > 0 && !touching(cx, nodes[i - 1]!, n)) {
      // A gap inside what the caller declared one word (an assignment value that tree-sitter split).
      parts.push({ t: "bad", why: "unexpected blank inside a word",
        span: { start: nodes[i - 1]!.endIndex, end: n.startIndex } });
    }
    partsInto(cx, n, false, parts);
  }
  const first = nodes[0]!;
  const last = nodes[nodes.length - 1]!;
  const text = adjacent ? cx.source.slice(first.startIndex, last.endIndex) : nodes.map((n) => n.text).join("");
  const where = { start: first.startIndex, end: last.endIndex };
  return { parts: rejoinDollars(parts, where), span: where, text };
}

/**
 * The word made of `n`'s children in [from, to). `operand`: they are a ${…} operand (the
 * expansion's own, or a concatenation that is one), where a blank is text, not two words.
 */
function wordOfChildren(cx: Lowering, n: Node, from: number, to: number, quoted: boolean,
  operand = n.type === "expansion"): Word
{
  const parts: WordPart[] = [];
  const gap = (text: string) => gapPart(cx, text, quoted, n, operand);
  let pos = from;
  const src = n.text;
  const base = n.startIndex;
  const kids = n.children;
  for (let k = 0; k < kids.length; k++) {
    const c = kids[k];
    if (!c || c.endIndex <= from || c.startIndex >= to) continue;
    // A token can carry blanks that belong to the text: in `" "` the closing quote's token is
    // ` "`. Its share of [from, to) is left to the gap text.
    if (!c.isNamed && (c.startIndex < from || c.endIndex > to)) continue;
    // $"…" is a translated string: the `$` is not text.
    const next = kids[k + 1];
    if (!c.isNamed && c.type === "$" && startsWithString(next) && next!.startIndex === c.endIndex) {
      if (c.startIndex > pos) parts.push(gap(src.slice(pos - base, c.startIndex - base)));
      // The grammar's `$` token can carry the text before it (`"a"-$"b"` has a `-$` token).
      if (c.text.length > 1) parts.push(gap(c.text.slice(0, -1)));
      if (cx.dialect === "sh" && !quoted) dialectProblem(cx, c, '$"…"');
      pos = c.endIndex;
      continue;
    }
    if (c.startIndex > pos) parts.push(gap(src.slice(pos - base, c.startIndex - base)));
    if (n.type === "expansion" && OPERAND_TOKEN_KINDS.has(c.type) && HIDDEN_CODE.test(c.text)) {
      // The grammar leaves code in some ${…} operands as text (`${x%$(cmd)}`, `${x:-\`cmd\`}`,
      // `${x:-<(cmd)}`); bash runs it when it expands the operand. The text is analysed as the
      // argument of `:` wherever the operand is expanded.
      parts.push({ t: "code", text: hiddenCodeText(c), quoted: false, span: span(c) });
    } else if (n.type === "expansion" && c.type === "concatenation") {
      // In a quoted operand the grammar can read `a \`cmd\`` as a concatenation of words, with
      // the code left in them as text (the census counts those tokens too).
      for (const g of c.children) {
        if (g && OPERAND_TOKEN_KINDS.has(g.type) && HIDDEN_CODE.test(g.text)) {
          parts.push({ t: "code", text: hiddenCodeText(g), quoted: false, span: span(g) });
        }
      }
      // The operand itself (`${d:+$d, }`, `${X:-a b c}`): its blanks are text too.
      parts.push(...wordOfChildren(cx, c, c.startIndex, c.endIndex, quoted, true).parts);
      pos = c.endIndex;
      continue;
    }
    if (n.type === "expansion" && (c.type === "regex" || (c.type === "raw_string" && quoted))) {
      parts.push(...expansionArgToken(c, quoted));
      pos = c.endIndex;
      continue;
    }
    // A blank in a ${…} operand is text of the operand (`${v//./ }` replaces with a blank), not
    // two words the grammar joined: only a line break there would be.
    if (operand && c.type === "word" && /[ \t]/.test(c.text) && !c.text.includes("\n")) {
      parts.push(...textParts(c.text, quoted, span(c)));
      pos = c.endIndex;
      continue;
    }
    // Inside quotes, the blanks before an expansion are part of its node (`" $HOME"` has the
    // node ` $HOME`): they are text of the word.
    const lead = quoted && c.isNamed && c.type !== "string_content" ? leadingBlanks(c.text) : 0;
    if (lead) parts.push(gap(c.text.slice(0, lead)));
    partsInto(cx, c, quoted, parts);
    pos = c.endIndex;
  }
  if (to > pos) parts.push(gap(src.slice(pos - base, to - base)));
  const where = { start: from, end: to };
  return { parts: quoted ? parts : rejoinDollars(parts, where), span: where, text: src.slice(from - base, to - base) };
}

/**
 * A token the grammar leaves whole in a ${…} argument. A pattern (`regex`): `$name` in it is
 * still expanded; quotes, escapes and substitutions in it are not read here. Single quotes in
 * "${x+'$y'}": text, with $y expanded.
 */
function expansionArgToken(c: Node, quoted: boolean): WordPart[] {
  // A `}` in a pattern token: bash ends the ${…} at the first one (`${y%{}/x}` is `${y%{}` and `/x}`).
  const unread = c.type === "regex" ? /['"\\`}]|\$[({]/ : /[`\\]|\$[({]/;
  if (unread.test(c.text)) return [{ t: "bad", why: "a ${…} argument the guard does not read", span: span(c) }];
  return textParts(c.text, quoted, span(c));
}

function gapPart(cx: Lowering, text: string, quoted: boolean, n: Node, operand = false): WordPart {
  // An unquoted blank between the pieces of one word: the grammar joined two words
  // (`"-"- $"x"` is `--` and `x` to bash, one concatenation to tree-sitter). In a ${…}
  // operand a blank is text; a line break there would still be two words.
  const joined = operand ? /(^|[^\\])\n/ : /(^|[^\\])[ \t\n]/;
  if (!quoted && joined.test(text)) problem(cx, n, "words the grammar joined into one");
  return quoted ? { t: "lit", text: unescapeDoubleQuoted(text) } : { t: "raw", text };
}

/** The parts of one word node. `quoted` is true inside double quotes. */
export function partsOf(cx: Lowering, n: Node, quoted: boolean): WordPart[] {
  const out: WordPart[] = [];
  partsInto(cx, n, quoted, out);
  return out;
}

/** Adds the parts of one word node to `out` (no array of its own per node). `quoted` is true inside double quotes. */
function partsInto(cx: Lowering, n: Node, quoted: boolean, out: WordPart[]): void {
  if (cx.depth >= MAX_DEPTH) {
    problem(cx, n, `nesting deeper than ${MAX_DEPTH} levels`, "NESTING_TOO_DEEP");
    out.push({ t: "bad", why: `nesting deeper than ${MAX_DEPTH} levels`, span: span(n) });
    return;
  }
  cx.depth++;
  try {
    partsIntoAt(cx, n, quoted, out);
  } finally {
    cx.depth--;
  }
}

function partsIntoAt(cx: Lowering, n: Node, quoted: boolean, out: WordPart[]): void {
  if (!n.isNamed) {
    out.push(...textParts(n.text, quoted, span(n)));
    return;
  }
  switch (n.type) {
    case "word": {
      const text = n.text;
      // An unquoted newline ends a command; a word holding one (`echo hi⏎\rm x` read as one
      // command) means the grammar joined two commands.
      if (!quoted && /(^|[^\\])\n/.test(text)) problem(cx, n, "a line the grammar joined to the command before it");
      // A blank inside one word token (`] [`): the grammar joined two words.
      else if (!quoted && /(^|[^\\])[ \t]/.test(text)) problem(cx, n, "words the grammar joined into one");
      if (cx.dialect === "zsh" && !quoted && /^=[A-Za-z0-9_.+-]/.test(text)) {
        problem(cx, n, "=name, which zsh expands to the path of the program name");
      }
      out.push(...textParts(text, quoted, span(n)));
      return;
    }
    case "extglob_pattern":
    case "regex":
    case "variable_name":
    case "special_variable_name":
    case "brace_expression":
    case "test_operator":
      out.push(quoted ? { t: "lit", text: unescapeDoubleQuoted(n.text) } : { t: "raw", text: n.text });
      return;
    case "number":
      if (n.namedChildCount === 0) out.push(quoted ? { t: "lit", text: n.text } : { t: "raw", text: n.text });
      else out.push(...wordOfChildren(cx, n, n.startIndex, n.endIndex, quoted).parts);
      return;
    case "raw_string":
      out.push({ t: "lit", text: quoted ? n.text : n.text.slice(1, -1) });
      return;
    case "ansi_c_string": {
      if (quoted) {
        out.push({ t: "lit", text: n.text });
        return;
      }
      if (cx.dialect === "sh") dialectProblem(cx, n, "$'…'");
      const text = decodeAnsiC(n.text.slice(2, -1));
      out.push(
        text === null ? { t: "bad", why: "bytes in $'…' that are not UTF-8", span: span(n) } : { t: "lit", text },
      );
      return;
    }
    case "string": {
      const open = textStartsWith(cx, n, '$"') ? 2 : 1;
      if (open === 2 && cx.dialect === "sh" && !quoted) dialectProblem(cx, n, '$"…"');
      const w = wordOfChildren(cx, n, n.startIndex + open, n.endIndex - 1, true);
      // "" is an empty field, not nothing: keep an empty literal so the word survives.
      if (w.parts.length) out.push(...w.parts);
      else out.push({ t: "lit", text: "" });
      return;
    }
    case "translated_string": {
      if (cx.dialect === "sh" && !quoted) dialectProblem(cx, n, '$"…"');
      const s = n.namedChildren.find(isString);
      if (s) partsInto(cx, s, quoted, out);
      else out.push({ t: "bad", why: "translated string", span: span(n) });
      return;
    }
    case "string_content":
      out.push(quoted ? { t: "lit", text: unescapeDoubleQuoted(n.text) } : { t: "raw", text: n.text });
      return;
    case "simple_expansion": {
      const text = n.text;
      out.push({ t: "param", param: simpleParam(text.slice(leadingBlanks(text) + 1)), quoted, span: span(n) });
      return;
    }
    case "expansion":
      out.push(lowerExpansion(cx, n, quoted));
      return;
    case "command_substitution": {
      const at = openingBackquote(cx.source, n.startIndex, n.text);
      if (at < 0) out.push({ t: "cmdsub", body: cx.substitutionBody(cx, n), quoted, span: span(n) });
      else {
        // (A `$` the grammar put in the opener is text of the word.)
        if (cx.source[at - 1] === "$" && at - 1 >= n.startIndex) {
          out.push(quoted ? { t: "lit", text: "$" } : { t: "raw", text: "$" });
        }
        backquoted(cx, n, at, quoted, out);
      }
      return;
    }
    case "process_substitution":
      out.push({ t: "procsub", body: cx.substitutionBody(cx, n), output: textStartsWith(cx, n, ">"), span: span(n) });
      return;
    case "arithmetic_expansion":
      out.push({ t: "arith", inner: substitutionsIn(cx, n), names: arithNames(cx, n), quoted, span: span(n) });
      return;
    case "concatenation":
      out.push(...wordOfChildren(cx, n, n.startIndex, n.endIndex, quoted).parts);
      return;
    case "array": {
      // `${x:-(none)}`: the grammar reads a parenthesised operand as an array; to bash it is
      // text (the parentheses and blanks included) around the words inside. A comment in it
      // makes the whole operand one bad part, so the parts are gathered apart first.
      const text = (t: string): WordPart => (quoted ? { t: "lit", text: t } : { t: "raw", text: t });
      const inner: WordPart[] = [];
      let pos = n.startIndex;
      for (const c of n.namedChildren) {
        if (c.type === "comment") {
          out.push({ t: "bad", why: "a comment in a ${…} operand", span: span(n) });
          return;
        }
        if (c.startIndex > pos) inner.push(text(cx.source.slice(pos, c.startIndex)));
        partsInto(cx, c, quoted, inner);
        pos = c.endIndex;
      }
      if (n.endIndex > pos) inner.push(text(cx.source.slice(pos, n.endIndex)));
      out.push(...inner);
      return;
    }
    default:
      out.push({ t: "bad", why: n.type === "ERROR" ? "unparseable word" : `unexpected ${n.type} in a word`,
        span: span(n) });
      return;
  }
}

const isString = (c: Node): boolean => c.type === "string";

const BACKQUOTE = 96;

/**
 * A backquoted substitution node, read as the substitutions bash sees in it (backquotes.ts):
 * the grammar's tree of it is used only when bash reads one substitution with no backslash in
 * it. A body with a backslash (`echo \`cmd\``, whose backslashes bash removes before it parses
 * the body) or one of several side by side is text parsed again when it runs.
 */
function backquoted(cx: Lowering, n: Node, at: number, quoted: boolean, out: WordPart[]): void {
  const pieces = splitBackquotes(cx.source, at, n.endIndex, quoted);
  if (!pieces) return refuseBackquotes(cx, n, out, "backquotes the guard cannot split as bash does");
  const only = pieces[0]!;
  if (pieces.length === 1 && only.t === "code") {
    if (only.escaped) out.push({ t: "code", text: only.text, quoted, span: span(n) });
    else out.push({ t: "cmdsub", body: cx.substitutionBody(cx, n), quoted, span: span(n) });
    return;
  }
  // Unquoted, a blank between two substitutions ends the word: only wordsFromNodes, which
  // sees the node as a whole word of its own, can give each its own word (sideBySide).
  if (!quoted && pieces.some((p) => p.t === "text" && /[ \t]/.test(p.text))) {
    return refuseBackquotes(cx, n, out, "backquoted substitutions side by side in a word the guard cannot split");
  }
  for (const p of pieces) {
    if (p.t === "code") out.push({ t: "code", text: p.text, quoted, span: p.span });
    else out.push(quoted ? { t: "lit", text: p.text } : { t: "raw", text: p.text });
  }
}

function refuseBackquotes(cx: Lowering, n: Node, out: WordPart[], why: string): void {
  problem(cx, n, why, "UNMODELLED_SYNTAX");
  out.push({ t: "bad", why, span: span(n) });
}

/**
 * The words bash reads in an unquoted backquoted node whose substitutions blanks keep apart
 * (`echo \`date\` \`hostname\`` is two words, one node to the grammar); null for any other node.
 */
function sideBySide(cx: Lowering, n: Node): Word[] | null {
  if (n.type !== "command_substitution" || cx.source.charCodeAt(n.startIndex) !== BACKQUOTE) return null;
  const pieces = splitBackquotes(cx.source, n.startIndex, n.endIndex, false);
  if (!pieces || !pieces.some((p) => p.t === "text" && /[ \t]/.test(p.text))) return null;
  const words: Word[] = [];
  let parts: WordPart[] = [];
  let from = -1;
  let to = -1;
  const add = (p: WordPart, where: Span) => {
    if (from < 0) from = where.start;
    to = where.end;
    parts.push(p);
  };
  const end = () => {
    if (parts.length) words.push({ parts, span: { start: from, end: to }, text: cx.source.slice(from, to) });
    parts = [];
    from = -1;
  };
  for (const p of pieces) {
    if (p.t === "code") {
      add({ t: "code", text: p.text, quoted: false, span: p.span }, p.span);
      continue;
    }
    for (const m of p.text.matchAll(/[ \t]+|[^ \t]+/g)) {
      const start = p.span.start + m.index;
      if (m[0][0] === " " || m[0][0] === "\t") end();
      else add({ t: "raw", text: m[0] }, { start, end: start + m[0].length });
    }
  }
  end();
  return words;
}

/** Arithmetic the grammar parses in a subscript (`${a[i - 1]}`, `a[n + 1]=x`). */
const ARITHMETIC_NODES: ReadonlySet<string> = new Set(["binary_expression", "unary_expression", "postfix_expression",
  "parenthesized_expression", "ternary_expression"]);

/**
 * A subscript as a word. Where the grammar parsed it as arithmetic (blanks in it: `i - 1`),
 * its text with the expansions in it, which is what bash evaluates.
 */
export function indexWord(cx: Lowering, idx: Node): Word {
  if (!ARITHMETIC_NODES.has(idx.type)) return wordFromNodes(cx, [idx]);
  const parts: WordPart[] = [];
  const text = (from: number, to: number) => {
    if (to > from) parts.push({ t: "raw", text: cx.source.slice(from, to) });
  };
  const walk = (n: Node) => {
    let pos = n.startIndex;
    for (const c of n.children) {
      text(pos, c.startIndex);
      if (ARITHMETIC_NODES.has(c.type)) walk(c);
      else if (!c.isNamed) text(c.startIndex, c.endIndex);
      else partsInto(cx, c, false, parts);
      pos = c.endIndex;
    }
    text(pos, n.endIndex);
  };
  walk(idx);
  return { parts, span: span(idx), text: cx.source.slice(idx.startIndex, idx.endIndex) };
}

/**
 * The operands of a pattern operator that starts at `from`, read from the text (operand.ts);
 * null when they hold what is read from the grammar's tree instead (code), "misread" when the
 * grammar ends the expansion elsewhere than bash does.
 */
function patternOperands(cx: Lowering, n: Node, op: ParamOp, from: number): { arg: Word; arg2: Word | null } | null
  | "misread"
{
  const end = paramEnd(cx.source, n.startIndex);
  if (end < 0) return null;
  const close = n.children[n.children.length - 1];
  if (end !== n.endIndex || close?.type !== "}" || close.isMissing) return "misread";
  const slash = PARAM_OPS[op].second ? replacementSlash(cx.source, from, end - 1) : -1;
  const arg = patternOperand(cx.source, from, slash < 0 ? end - 1 : slash);
  const arg2 = slash < 0 ? null : patternOperand(cx.source, slash + 1, end - 1);
  if (arg === null || (slash >= 0 && arg2 === null)) return null;
  return { arg, arg2 };
}

function lowerExpansion(cx: Lowering, n: Node, quoted: boolean): WordPart {
  // ${ [#|!] name [index] [op arg [/ arg2]] }
  const kids = n.children.filter((c): c is Node => c !== null);
  let i = 1; // after "${"
  let prefix: "length" | "indirect" | null = null;
  const first = kids[i];
  if (first && !first.isNamed && (first.type === "#" || first.type === "!")) {
    const next = kids[i + 1];
    if (next && next.isNamed) {
      prefix = first.type === "#" ? "length" : "indirect";
      i++;
    } else if (first.type === "#" && next?.type === "}") {
      return { t: "param", param: simpleParam("#"), quoted, span: span(n) };
    }
  }
  const nameNode = kids[i];
  if (!nameNode || !nameNode.isNamed) return { t: "bad", why: "unreadable ${…}", span: span(n) };
  let name = nameNode.text;
  let index: Word | null = null;
  if (nameNode.type === "subscript") {
    name = nameNode.childForFieldName("name")?.text ?? "";
    const idx = nameNode.childForFieldName("index");
    index = idx ? indexWord(cx, idx) : null;
  } else if (nameNode.type !== "variable_name" && nameNode.type !== "special_variable_name" &&
    nameNode.type !== "number")
  {
    return { t: "bad", why: "unreadable ${…}", span: span(n) };
  }
  i++;
  const close = kids[kids.length - 1];
  const end = close && close.type === "}" ? close.startIndex : n.endIndex;
  if (prefix) {
    // ${#x} is a number; ${!x} is an indirection (and ${!p*} the names starting p). With an
    // operator after the name (`${!r:-w}`, `${!r#p}`), the operator applies to the variable
    // the indirection names: read below with `indirect`, but for the assigning ones, which
    // set a variable whose name is a value.
    const after = kids[i];
    if (prefix === "indirect" && after && after.type !== "}") {
      const read = index !== null ? null : readOperator(cx, n, kids, i, end, quoted);
      if (read === null || "bad" in read || PARAM_OPS[read.op].family === "assign") {
        return { t: "bad", why: `\${!${name}…} with an operator`, span: span(n) };
      }
      return { t: "param", param: { name, index, op: read.op, arg: read.arg, arg2: read.arg2, indirect: true }, quoted,
        span: span(n) };
    }
    return { t: "param", param: { name, index, op: prefix, arg: null, arg2: null }, quoted, span: span(n) };
  }
  const opNode = kids[i];
  if (!opNode || opNode.type === "}") {
    return { t: "param", param: { name, index, op: "", arg: null, arg2: null }, quoted, span: span(n) };
  }
  const read = readOperator(cx, n, kids, i, end, quoted);
  return "bad" in read
    ? { t: "bad", why: read.bad, span: span(n) }
    : { t: "param", param: { name, index, op: read.op, arg: read.arg, arg2: read.arg2 }, quoted, span: span(n) };
}

/** The operator at kids[i] of a `${…}` and its operands, or why it cannot be read. */
function readOperator(cx: Lowering, n: Node, kids: readonly Node[], i: number, end: number, quoted: boolean): {
  readonly op: ParamOp;
  readonly arg: Word | null;
  readonly arg2: Word | null;
} | { readonly bad: string } {
  const opNode = kids[i]!;
  if (opNode.isNamed || !TOKEN_OPS.has(opNode.type)) return { bad: "unreadable ${…}" };
  const op = opNode.type as ParamOp;
  if (isPatternOp(op)) {
    // The pattern and its replacement, read from the text as bash reads them (operand.ts).
    const read = patternOperands(cx, n, op, opNode.endIndex);
    if (read !== null) {
      return read === "misread" ?
        { bad: "a ${…} the grammar ends elsewhere than bash" }
        : { op, arg: read.arg, arg2: read.arg2 };
    }
  }
  if (PARAM_OPS[op].operand === "offset") {
    // The offset and length, read from the text as bash reads them (operand.ts).
    const read = substringOperands(cx.source, n.startIndex, opNode.endIndex);
    if (read !== null) return { op, arg: read.arg, arg2: read.arg2 };
  }
  // The argument runs to the next operator token (only ${x/p/r} and ${x:o:l} have two).
  let argEnd = end;
  let arg2: Word | null = null;
  // A pattern and its replacement are read as if unquoted even inside "…": `"${v#*/}"` removes
  // through the first slash, and `"${x#'a'}"` removes `a`.
  const ownQuoting = isPatternOp(op) ? false : quoted;
  if (PARAM_OPS[op].second) {
    const sep = kids.slice(i + 1).find((c) => !c.isNamed && (c.type === "/" || c.type === ":") && c.startIndex < end);
    if (sep) {
      argEnd = sep.startIndex;
      arg2 = wordOfChildren(cx, n, sep.endIndex, end, ownQuoting);
    }
  }
  return { op, arg: wordOfChildren(cx, n, opNode.endIndex, argEnd, ownQuoting), arg2 };
}
