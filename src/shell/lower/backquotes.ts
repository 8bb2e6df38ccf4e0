// Backquoted substitutions read as bash reads them. tree-sitter-bash takes `a``b` and `a` `b`
// for ONE substitution holding a "``" token (the second command became words of the first);
// bash ends a backquoted substitution at the first backquote no backslash escapes, whatever
// quotes or $( … ) stand before it (bash 5.2: `echo '`'` and `echo $(echo `)` both end
// early). The grammar's node is split here into the substitutions bash sees.

import type { Span } from "../../base/span.ts";
import { leadingBlanks } from "./text.ts";

/** One substitution's body as bash parses it, or the text between two substitutions. */
type BackquotePiece = { readonly t: "code"; readonly text: string; readonly escaped: boolean; readonly span: Span } | {
  readonly t: "text";
  readonly text: string;
  readonly span: Span;
};

/**
 * Where the backquote opening a command substitution node (`text`, from `start` in the source)
 * is, or -1 for `$(…)`: past leading blanks, and past a `$` the grammar puts in the opener
 * (`` $` ``), which is text to bash ("a$`cmd`" is a$ and then what cmd prints).
 */
export function openingBackquote(source: string, start: number, text: string): number {
  const at = start + leadingBlanks(text);
  if (source[at] === "`") return at;
  return source[at] === "$" && source[at + 1] === "`" ? at + 1 : -1;
}

/**
 * Text between two substitutions that is plainly text: blanks (which end a word outside
 * quotes) and characters with no meaning to the shell at any place in a word. Anything else
 * (a quote, `$`, `~`, a glob character, a newline that would end the command) is left to the
 * caller's refusal rather than read here.
 */
const PLAIN_BETWEEN = /^[ \tA-Za-z0-9_.,:+=@%/-]*$/;

/**
 * `source[start, end)`, which starts with a backquote, as the substitutions bash reads in it;
 * null unless they fill it exactly (the last one closing at `end`), with plain text between.
 * `quoted`: the text is inside "…", where a backslash also escapes `"` in the body.
 */
export function splitBackquotes(source: string, start: number, end: number, quoted: boolean): BackquotePiece[] | null {
  const out: BackquotePiece[] = [];
  let i = start;
  while (i < end) {
    if (source[i] !== "`") {
      let j = i;
      while (j < end && source[j] !== "`") j++;
      const text = source.slice(i, j);
      if (!PLAIN_BETWEEN.test(text) || j >= end) return null;
      out.push({ t: "text", text, span: { start: i, end: j } });
      i = j;
      continue;
    }
    // bash's scan: a backslash passes the next character, whatever it is.
    let j = i + 1;
    while (j < end && source[j] !== "`") j += source[j] === "\\" ? 2 : 1;
    if (j >= end) return null;
    const body = source.slice(i + 1, j);
    const escaped = body.includes("\\");
    out.push({ t: "code", text: escaped ? unescapeBody(body, quoted) : body, escaped, span: { start: i, end: j + 1 } });
    i = j + 1;
  }
  return out.length > 0 ? out : null;
}

/**
 * The body as the shell parses it: a backslash before ` $ or \ (and, inside "…", before ")
 * is removed; any other stays (bash 5.2: "`echo '\"'`" prints ", `echo \"x\"` prints "x").
 */
function unescapeBody(body: string, quoted: boolean): string {
  return body.replace(quoted ? /\\([`$\\"])/g : /\\([`$\\])/g, "$1");
}
