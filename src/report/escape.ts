// Agent-chosen text (commands, paths, file names) shown to a person. A terminal runs the ANSI
// escapes in it, a bidi override reorders what follows it (a path can then read as another),
// and zero-width characters hide words; a permission prompt that says "reads ~/notes" must not
// be made to say so by the text it describes. Each such character is shown as an escape.

/**
 * C0 controls, DEL and C1 controls; soft hyphen, Arabic letter mark, Mongolian vowel separator;
 * zero-width space, joiners, LRM/RLM; line and paragraph separators; the bidi embeddings,
 * overrides and isolates (U+202A–202E, U+2066–2069); word joiner and the invisible operators;
 * the interlinear annotation marks; the zero-width no-break space (BOM); a lone surrogate.
 */
const HIDDEN = new RegExp(
  [
    "[\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u061c\\u180e\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2069\\ufeff\\ufff9-\\ufffb]",
    "[\\ud800-\\udbff](?![\\udc00-\\udfff])",
    "(?<![\\ud800-\\udbff])[\\udc00-\\udfff]",
  ].join("|"),
  "g",
);

const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function escapeOne(c: string): string {
  const named = NAMED[c];
  if (named !== undefined) return named;
  const n = c.charCodeAt(0);
  return n <= 0xff ? `\\x${n.toString(16).padStart(2, "0")}` : `\\u${n.toString(16).padStart(4, "0")}`;
}

/**
 * `s` with every control, bidi and invisible character as an escape (`\x1b`, `\u202e`, `\n`).
 * `keepNewlines`: a newline stays one, for formats that show lines (the caller has split them).
 */
export function escapeForPerson(s: string, keepNewlines = false): string {
  return s.replace(HIDDEN, (c) => (keepNewlines && c === "\n" ? c : escapeOne(c)));
}
