// Redirection nodes into Redirs, here-documents included (their bodies, and the lines the
// grammar misreads as command words).

import type { SyntaxNode as Node } from "../../parse/tree.ts";
import { REDIR_OPS, type Redir, type RedirOp, type Word, type WordPart } from "../syntax.ts";
import type { Span } from "../../base/span.ts";
import { type Lowering, problem, span } from "./context.ts";
import { textParts, simpleParam } from "./text.ts";
import { wordFromNodes, partsOf } from "./words.ts";

/** The grammar's redirection tokens: ours, and `&>|` (read as `&>`). */
const REDIR_TOKENS: ReadonlySet<string> = new Set([...Object.keys(REDIR_OPS), "&>|"]);

/** A redirect node, and any command words tree-sitter put inside it. */
export function lowerRedirect(cx: Lowering, r: Node): { redir: Redir; extra: Node[] } {
  let op: RedirOp | null = null;
  let fd: string | null = null;
  const targetNodes: Node[] = [];
  const extra: Node[] = [];
  let heredoc: Redir["heredoc"] = null;
  let delimiterQuoted = false;
  // Where the here-document's first line ends: the body starts after it.
  let bodyStart = -1;
  let misreadBody = false;
  for (const c of r.children) {
    if (!c) continue;
    if (c.type === "file_descriptor") {
      fd = c.text;
      continue;
    }
    if (!c.isNamed && REDIR_TOKENS.has(c.type)) {
      op = op ?? (c.type === "&>|" ? "&>" : (c.type as RedirOp));
      continue;
    }
    if (c.type === "heredoc_start") {
      delimiterQuoted = /["'\\]/.test(c.text);
      const nl = cx.source.indexOf("\n", c.endIndex);
      bodyStart = nl < 0 ? -1 : nl + 1;
      continue;
    }
    if (c.type === "heredoc_body") {
      if (!misreadBody) heredoc = { body: heredocBody(cx, c, delimiterQuoted), expands: !delimiterQuoted };
      continue;
    }
    if (c.type === "heredoc_end" && misreadBody) {
      // The grammar read the body's first lines (those starting with `\`) as words of the
      // command: the body is the source between the first line and the delimiter.
      const text = cx.source.slice(bodyStart, c.startIndex);
      heredoc = { body: heredocFromSource(text, delimiterQuoted, { start: bodyStart, end: c.startIndex }),
        expands: !delimiterQuoted };
      continue;
    }
    if (r.type === "heredoc_redirect" && bodyStart >= 0 && c.startIndex >= bodyStart - 1 && c.isNamed &&
      c.type !== "pipeline" && c.type !== "heredoc_end")
    {
      misreadBody = true;
      continue;
    }
    if (c.type === "heredoc_content" || c.type === "heredoc_end" || !c.isNamed) continue;
    if (r.type === "heredoc_redirect") {
      // Words after `<<EOF` on the same line belong to the command; the statement that
      // continues the line (`| sh`, `&& x`) is handled by the caller.
      if (r.childrenForFieldName("argument").some((a) => a?.id === c.id)) extra.push(c);
      continue;
    }
    // The first word (and anything glued to it) is the target; later words are arguments.
    if (targetNodes.length === 0 || targetNodes[targetNodes.length - 1]!.endIndex === c.startIndex) {
      if (extra.length === 0) {
        targetNodes.push(c);
        continue;
      }
    }
    extra.push(c);
  }
  // Bash reads digits glued to a redirection operator as that redirection's descriptor
  // (`> 2>&1` is `>` without a target): a syntax error, where the grammar saw a target.
  const last = targetNodes[targetNodes.length - 1];
  if (targetNodes.length === 1 && /^[0-9]+$/.test(last!.text) && /[<>]/.test(cx.source[last!.endIndex] ?? "")) {
    problem(cx, r,
      `${
        JSON.stringify(cx.source.slice(r.startIndex, last!.endIndex + 1))
      }: the digits are the next redirection's descriptor, so this one has no target`);
  }
  if (r.type === "herestring_redirect") op = "<<<";
  if (r.type === "heredoc_redirect" && op !== "<<-") op = "<<";
  const target = targetNodes.length ? wordFromNodes(cx, targetNodes) : null;
  if (r.type === "heredoc_redirect" && !heredoc) {
    heredoc = { body: { parts: [], span: span(r), text: "" }, expands: false };
  }
  return { redir: { op: op ?? ">", fd, target, heredoc, span: span(r) }, extra };
}

/** A here-document body rebuilt from source: literal, or with `$name` and backquotes expanded. */
function heredocFromSource(text: string, quoted: boolean, where: Span): Word {
  if (quoted) return { parts: [{ t: "lit", text }], span: where, text };
  return { parts: heredocText(text, where), span: where, text };
}

function heredocBody(cx: Lowering, n: Node, quoted: boolean): Word {
  if (quoted) return { parts: [{ t: "lit", text: n.text }], span: span(n), text: n.text };
  const parts: WordPart[] = [];
  let pos = n.startIndex;
  const src = n.text;
  const base = n.startIndex;
  for (const c of n.children) {
    if (!c) continue;
    if (c.startIndex > pos) {
      parts.push(...heredocText(src.slice(pos - base, c.startIndex - base), { start: pos, end: c.startIndex }));
    }
    if (c.type === "heredoc_content") parts.push(...heredocText(c.text, span(c)));
    else parts.push(...partsOf(cx, c, true));
    pos = c.endIndex;
  }
  if (n.endIndex > pos) parts.push(...heredocText(src.slice(pos - base), { start: pos, end: n.endIndex }));
  return { parts, span: span(n), text: n.text };
}

/** Literal here-document text; backquoted commands in it (which the grammar leaves as text) run. */
function heredocText(text: string, where: Span): WordPart[] {
  // Here-document text the grammar left unparsed (it does, after leading blanks): backquotes
  // and $( … ) in it run, $name and ${name} expand; anything more involved is not read here.
  const out: WordPart[] = [];
  let buf = "";
  const flush = () => {
    if (buf) out.push(...textParts(buf, true, where));
    buf = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && i + 1 < text.length) {
      const d = text[i + 1]!;
      // An escaped `$` must not start an expansion when the buffer is read for `$name`.
      if (d === "$") {
        flush();
        out.push({ t: "lit", text: "$" });
      } else if (d === "`" || d === "\\") buf += d;
      else if (d !== "\n") buf += c + d;
      i++;
      continue;
    }
    if (c === "`") {
      const close = findBacktickClose(text, i + 1);
      if (close < 0) {
        flush();
        out.push({ t: "bad", why: "an unterminated ` in a here-document", span: where });
        return out;
      }
      flush();
      const code = text.slice(i + 1, close).replace(/\\([$`\\])/g, "$1");
      out.push({ t: "code", text: code, quoted: true, span: where });
      i = close;
      continue;
    }
    if (c === "$" && text[i + 1] === "(") {
      flush();
      const close = text[i + 2] === "(" ? -1 : findParenClose(text, i + 2);
      if (close < 0) {
        out.push({ t: "bad", why: "an expansion in a here-document the guard cannot read", span: where });
        return out;
      }
      out.push({ t: "code", text: text.slice(i + 2, close), quoted: true, span: where });
      i = close;
      continue;
    }
    if (c === "$" && text[i + 1] === "{") {
      const m = /^\$\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])\}/.exec(text.slice(i));
      flush();
      if (!m) {
        out.push({ t: "bad", why: "an expansion in a here-document the guard cannot read", span: where });
        return out;
      }
      out.push({ t: "param", param: simpleParam(m[1]!), quoted: true, span: where });
      i += m[0].length - 1;
      continue;
    }
    buf += c;
  }
  flush();
  return out;
}

/** The `)` that closes a `$(` whose text starts at `from`, skipping quotes and nested parentheses. */
function findParenClose(text: string, from: number): number {
  let depth = 1;
  for (let j = from; j < text.length; j++) {
    const c = text[j]!;
    if (c === "\\") j++;
    else if (c === "'") {
      const k = text.indexOf("'", j + 1);
      if (k < 0) return -1;
      j = k;
    } else if (c === '"') {
      for (j++; j < text.length && text[j] !== '"'; j++) if (text[j] === "\\") j++;
    } else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return j;
  }
  return -1;
}

function findBacktickClose(text: string, from: number): number {
  for (let j = from; j < text.length; j++) {
    if (text[j] === "\\") j++;
    else if (text[j] === "`") return j;
  }
  return -1;
}
