// What ripgrep prints into a pipe when it prints names: `rg --files [PATH…]` and `rg -l PAT
// [PATH…]` (`--files-with-matches`, `--files-without-match`) print names of files under each
// PATH, with the PATH as given in front (`./a` for `.`), or relative to the working directory
// without one; some of them (rg skips hidden and ignored files), one a line, NUL-ended with -0.
// Checked against ripgrep 13 and 14. Anything that decorates the names (`--color=always`,
// `--pretty`, `--path-separator`, hyperlinks) or prints something else (`--json`, counts, the
// type list) leaves the output unknown, as does a word this scan does not know. A symlink under
// a PATH is printed like any name (or walked through with -L), so the listing's reach is
// scanned for the links a consumer may follow, as for `find` (listing.ts).

import type { Arg } from "../../effects.ts";
import type { ListingSource } from "../../../shell/listing.ts";
import type { PipeOutput } from "../../spec.ts";
import { dotOf, under } from "./listings.ts";

/** Short options that take a value (the rest of the word, or the next one). */
const VALUE_LETTERS = "efgtTrABCmdjEM";
/** Short flags without a value that leave a names output as it is. */
const FLAG_LETTERS = "aFhHiIlLnNosSuUvwxz0";
/** Long options with a value that leave a names output as it is (`--opt=V` or `--opt V`). */
const LONG_VALUES = new Set(["--regexp", "--file", "--glob", "--iglob", "--type", "--type-not", "--type-add",
  "--type-clear", "--replace", "--after-context", "--before-context", "--context", "--max-count", "--max-depth",
  "--maxdepth", "--max-filesize", "--threads", "--encoding", "--max-columns", "--sort", "--sortr", "--engine",
  "--ignore-file", "--context-separator", "--dfa-size-limit", "--regex-size-limit", "--pre-glob"]);
/** Long flags that leave a names output as it is. */
const LONG_FLAGS = new Set(["--text", "--fixed-strings", "--no-fixed-strings", "--ignore-case", "--smart-case",
  "--case-sensitive", "--no-filename", "--with-filename", "--files-with-matches", "--files-without-match",
  "--line-number", "--no-line-number", "--only-matching", "--hidden", "--no-hidden", "--unrestricted", "--invert-match",
  "--word-regexp", "--line-regexp", "--search-zip", "--no-search-zip", "--null", "--null-data", "--multiline",
  "--multiline-dotall", "--no-ignore", "--no-ignore-vcs", "--no-ignore-dot", "--no-ignore-global", "--no-ignore-parent",
  "--no-ignore-exclude", "--no-ignore-files", "--no-messages", "--no-require-git", "--no-json", "--heading",
  "--no-heading", "--crlf", "--no-config", "--one-file-system", "--pcre2", "--no-pcre2", "--auto-hybrid-regex",
  "--binary", "--no-binary", "--block-buffered", "--line-buffered", "--sort-files", "--no-unicode",
  "--glob-case-insensitive", "--ignore-file-case-insensitive", "--follow", "--no-follow", "--no-mmap", "--mmap",
  "--no-encoding", "--files", "--no-column", "--column", "--byte-offset", "--trim", "--no-pre"]);

/** The names `rg` prints, or null when it prints something else or a word is not known here. */
function rgNames(args: readonly Arg[], texts: readonly string[], nameArg: Arg): ListingSource<Arg> | null {
  let names = false;
  let nul = false;
  let patternGiven = false;
  const operands: Arg[] = [];
  for (let k = 0; k < texts.length; k++) {
    const t = texts[k]!;
    if (t === "--") {
      operands.push(...args.slice(k + 1));
      break;
    }
    if (!t.startsWith("-") || t === "-") {
      operands.push(args[k]!);
      continue;
    }
    if (t.startsWith("--")) {
      const eq = t.indexOf("=");
      const name = eq < 0 ? t : t.slice(0, eq);
      if (name === "--files" || name === "--files-with-matches" || name === "--files-without-match") names = true;
      if (name === "--null") nul = true;
      if (name === "--regexp" || name === "--file") patternGiven = true;
      if (LONG_VALUES.has(name)) {
        if (eq < 0) k++;
      } else if (!LONG_FLAGS.has(name) || eq >= 0) return null;
      continue;
    }
    for (let j = 1; j < t.length; j++) {
      const c = t[j]!;
      if (VALUE_LETTERS.includes(c)) {
        if (c === "e" || c === "f") patternGiven = true;
        if (j === t.length - 1) k++;
        break;
      }
      if (!FLAG_LETTERS.includes(c)) return null;
      if (c === "l") names = true;
      if (c === "0") nul = true;
    }
  }
  if (!names) return null;
  const filesMode = texts.includes("--files");
  const paths = filesMode || patternGiven ? operands : operands.slice(1);
  if (!filesMode && !patternGiven && operands.length === 0) return null;
  // `-` is standard input, printed as `<stdin>`: no name of the disk.
  if (paths.some((p) => p.text === "-")) return null;
  // Without a path rg prints names relative to the working directory.
  return under(paths.length ? paths : [dotOf(nameArg)], nul ? "\0" : "\n");
}

export const RG_FILES_LISTING: PipeOutput = { t: "listing",
  source: ({ name, args, texts, nameArg }) => (name === "rg" ? rgNames(args, texts, nameArg) : null) };
