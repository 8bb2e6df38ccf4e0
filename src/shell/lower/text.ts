// Word text the grammar left unsplit, read as bash reads it: `$name` in it is still an
// expansion. Pure functions of the text, shared by words, here-documents and case patterns.

import type { ParamExpansion, WordPart } from "../syntax.ts";
import type { Span } from "../../base/span.ts";
import { unescapeDoubleQuoted } from "../escapes.ts";

/**
 * Text the grammar did not split further. A `$` followed by a name or a special parameter
 * is still an expansion in bash (tree-sitter leaves `x$$` as text): it becomes one here.
 */
export function textParts(text: string, quoted: boolean, where: Span): WordPart[] {
  if (!text.includes("$")) return [plain(text, quoted)];
  const out: WordPart[] = [];
  let buf = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && i + 1 < text.length) {
      buf += c + text[i + 1]!;
      i++;
      continue;
    }
    if (c === "$" && i + 1 < text.length) {
      const rest = text.slice(i + 1);
      const m = /^([A-Za-z_][A-Za-z0-9_]*|[0-9]|[@*#?$!_-])/.exec(rest);
      if (m) {
        if (buf) out.push(plain(buf, quoted));
        buf = "";
        const at = where.start + i;
        out.push({ t: "param", param: simpleParam(m[1]!), quoted, span: { start: at, end: at + 1 + m[1]!.length } });
        i += m[1]!.length;
        continue;
      }
    }
    buf += c;
  }
  if (buf) out.push(plain(buf, quoted));
  return out;
}

/** Text with no expansion in it: inside double quotes its escapes are removed now. */
function plain(t: string, quoted: boolean): WordPart {
  return quoted ? { t: "lit", text: unescapeDoubleQuoted(t) } : { t: "raw", text: t };
}

export function simpleParam(name: string): ParamExpansion {
  return { name, index: null, op: "", arg: null, arg2: null };
}

export function leadingBlanks(text: string): number {
  let k = 0;
  while (k < text.length && (text[k] === " " || text[k] === "\t" || text[k] === "\n")) k++;
  return k;
}

/**
 * After an unquoted `{`, tree-sitter ends a word at `$` and starts the next with the name
 * (`{a,$HOME/x}` is `{a,$` then `HOME/x}`), so the name would be read as text. Bash expands
 * it: the two raw pieces are put back together and read for `$name`.
 */
export function rejoinDollars(parts: WordPart[], where: Span): WordPart[] {
  let out: WordPart[] | null = null;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    const next = parts[i + 1];
    if (p.t === "raw" && next?.t === "raw" && endsWithBareDollar(p.text) && /^[A-Za-z_0-9@*#?$!-]/.test(next.text)) {
      out ??= parts.slice(0, i);
      out.push(...textParts(p.text + next.text, false, where));
      i++;
      continue;
    }
    out?.push(p);
  }
  return out ?? parts;
}

function endsWithBareDollar(text: string): boolean {
  if (!text.endsWith("$")) return false;
  let k = text.length - 2;
  while (k >= 0 && text[k] === "\\") k--;
  return (text.length - 2 - k) % 2 === 0;
}
