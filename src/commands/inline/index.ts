// Inline code given on a command line, parsed with the language's pinned grammar and judged by
// that language's analyser. The answer is confined (with the files it names) or refused.

import { inlineParser, type InlineLanguage } from "../../parse/inline-grammars.ts";
import { analyseJavaScript } from "./javascript.ts";
import { analysePerl } from "./perl.ts";
import { analysePython } from "./python.ts";
import type { InlineAnalysis } from "./result.ts";

export type { InlineLanguage } from "../../parse/inline-grammars.ts";

/** Code past this size is not parsed: inline programs are one-liners. */
const MAX_INLINE = 16 * 1024;

/**
 * `loop`: perl's -n/-p, which run the program inside `LINE: while (<>) { … }` (perlrun); the
 * program is analysed there, so that it is judged as reading the operands.
 */
export function analyseInline(lang: InlineLanguage, given: string,
  options: { readonly loop?: boolean } = {}): InlineAnalysis
{
  const code = lang === "perl" && options.loop ? `LINE: while (<>) {\n${given}\n}` : given;
  if (code.length > MAX_INLINE) return { ok: false, why: `the code is longer than ${MAX_INLINE} characters` };
  if (code.includes("\u0000")) return { ok: false, why: "the code holds a NUL byte" };
  const parser = inlineParser(lang);
  if (!parser) return { ok: false, why: `the ${lang} grammar is not loaded` };
  const tree = parser.parse(code);
  if (!tree) return { ok: false, why: "the code could not be parsed" };
  try {
    switch (lang) {
      case "python":
        return analysePython(tree.rootNode);
      case "javascript":
        return analyseJavaScript(tree.rootNode);
      case "perl":
        return analysePerl(tree.rootNode, code, given);
      default: {
        const never: never = lang;
        return { ok: false, why: `no analyser for ${String(never)}` };
      }
    }
  } finally {
    tree.delete();
  }
}
