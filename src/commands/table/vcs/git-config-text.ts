// git's configuration file format (git-config(1), "CONFIGURATION FILE"; config.c in git 2.39),
// read as git reads it: sections `[core]`, subsections `[remote "origin"]` (case kept, `\`
// escaping the next character) and the old `[remote.origin]` (lowercased), names lowercased,
// values unquoted and unescaped, `\` at the end of a line going on to the next, `#` and `;`
// starting a comment outside quotes. A key with no `=` is a boolean true (value null). And
// `split_cmdline` (alias.c), how git splits an alias that is not `!` code into words.

/** One setting as git reads it: `section[.subsection].name`, its value, and the line it is on. */
export interface ConfigEntry {
  readonly key: string;
  readonly value: string | null;
  readonly line: number;
}

/** The settings of a file, or why the guard cannot read it as git would (git refuses such a file too). */
type ParsedConfig = { readonly entries: readonly ConfigEntry[] } | { readonly error: string };

const NAME_CHAR = /[A-Za-z0-9-]/;
const SECTION_CHAR = /[A-Za-z0-9.-]/;

export function parseGitConfig(text: string): ParsedConfig {
  const entries: ConfigEntry[] = [];
  let section: string | null = null;
  let i = 0;
  let line = 1;
  // git skips a UTF-8 byte order mark at the start.
  if (text.startsWith("\uFEFF")) i = 1;
  const fail = (why: string): ParsedConfig => ({ error: `line ${line}: ${why}` });
  while (i < text.length) {
    const c = text[i]!;
    if (c === "\n") {
      line++;
      i++;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r") {
      i++;
      continue;
    }
    if (c === "#" || c === ";") {
      while (i < text.length && text[i] !== "\n") i++;
      continue;
    }
    if (c === "[") {
      const header = readSection(text, i + 1);
      if ("error" in header) return fail(header.error);
      section = header.name;
      i = header.end;
      continue;
    }
    if (!/[A-Za-z]/.test(c)) return fail(`${JSON.stringify(c)} cannot start a name`);
    let j = i;
    while (j < text.length && NAME_CHAR.test(text[j]!)) j++;
    const name = text.slice(i, j).toLowerCase();
    while (j < text.length && (text[j] === " " || text[j] === "\t")) j++;
    // (Before any section git takes the name alone, a key nothing looks up.)
    const key = section === null ? name : `${section}.${name}`;
    // (git reads only the end of the line after a name without `=`: a comment there is refused.)
    if (j >= text.length || text[j] === "\n" || (text[j] === "\r" && text[j + 1] === "\n")) {
      entries.push({ key, value: null, line });
      i = j;
      continue;
    }
    if (text[j] !== "=") return fail(`${JSON.stringify(text[j])} after the name ${name}`);
    const value = readValue(text, j + 1);
    if ("error" in value) return fail(value.error);
    entries.push({ key, value: value.value, line });
    line += value.lines;
    i = value.end;
  }
  return { entries };
}

/** `[name]`, `[name "sub"]`, `[name.sub]` from just after the `[`: the section's key prefix. */
function readSection(text: string, from: number): { name: string; end: number } | { error: string } {
  let i = from;
  let name = "";
  while (i < text.length && SECTION_CHAR.test(text[i]!)) name += text[i++]!.toLowerCase();
  if (text[i] === "]") return name === "" ? { error: "an empty section name" } : { name, end: i + 1 };
  if (text[i] !== " " && text[i] !== "\t") return { error: "a section header git does not read" };
  while (text[i] === " " || text[i] === "\t") i++;
  if (text[i] !== '"' || name === "" || name.includes(".")) return { error: "a subsection that is not quoted" };
  i++;
  let sub = "";
  for (;;) {
    const c = text[i];
    if (c === undefined || c === "\n") return { error: "a subsection not closed" };
    if (c === '"') break;
    if (c === "\\") {
      const n = text[i + 1];
      if (n === undefined || n === "\n") return { error: "a subsection not closed" };
      sub += n;
      i += 2;
      continue;
    }
    sub += c;
    i++;
  }
  if (text[i + 1] !== "]") return { error: "a section header git does not read" };
  return { name: `${name}.${sub}`, end: i + 2 };
}

/** A value from just after `=`: unquoted, unescaped, continued over `\` newline, trailing blanks dropped. */
function readValue(text: string, from: number): { value: string; end: number; lines: number } | { error: string } {
  let i = from;
  let lines = 0;
  let quoted = false;
  let out = "";
  // Blanks git keeps only when something follows them on the line (or they are quoted).
  let pending = "";
  while (i < text.length && (text[i] === " " || text[i] === "\t")) i++;
  for (;;) {
    const c = text[i];
    if (c === undefined || c === "\n") {
      if (quoted) return { error: "a value whose quote is not closed" };
      return { value: out, end: i, lines };
    }
    if (!quoted && (c === "#" || c === ";")) {
      while (i < text.length && text[i] !== "\n") i++;
      return { value: out, end: i, lines };
    }
    if (!quoted && (c === " " || c === "\t" || c === "\r")) {
      pending += " ";
      i++;
      continue;
    }
    out += pending;
    pending = "";
    if (c === '"') {
      quoted = !quoted;
      i++;
      continue;
    }
    if (c === "\\") {
      const n = text[i + 1];
      if (n === "\n") {
        lines++;
        i += 2;
        continue;
      }
      if (n === "\r" && text[i + 2] === "\n") {
        lines++;
        i += 3;
        continue;
      }
      const escaped = n === "n" ? "\n" : n === "t" ? "\t" : n === "b" ? "\b" : n === "\\" || n === '"' ? n : null;
      if (escaped === null) return { error: `an escape git does not read: \\${n ?? ""}` };
      out += escaped;
      i += 2;
      continue;
    }
    out += c;
    i++;
  }
}

/**
 * An alias's words as git splits them (alias.c split_cmdline): each run of blanks outside
 * quotes ends a word and starts the next (so blanks at either end make an empty word), `'` and
 * `"` quote, `\` takes the next character as it is outside single quotes. Null where git stops:
 * an unclosed quote, a `\` at the end.
 */
export function splitCmdline(text: string): string[] | null {
  const words: string[] = [];
  let cur = "";
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === null && /\s/.test(c)) {
      words.push(cur);
      cur = "";
      while (i + 1 < text.length && /\s/.test(text[i + 1]!)) i++;
    } else if (quote === null && (c === "'" || c === '"')) quote = c;
    else if (c === quote) quote = null;
    else if (c === "\\" && quote !== "'") {
      if (i + 1 >= text.length) return null;
      cur += text[++i];
    } else cur += c;
  }
  if (quote !== null) return null;
  words.push(cur);
  return words;
}
