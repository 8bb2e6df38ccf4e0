// What grep prints into a pipe or a substitution, read from one scan of its words (GNU grep
// 3.8 and BusyBox 1.35, checked by running them):
//   - its input lines, some of them (`grep -v x`): a line filter, when nothing decorates or
//     adds lines and it reads standard input;
//   - names (`-l`, `-L`): with -r (or `-d recurse`, `--directories=recurse`, which recurse
//     too, from `.` without an operand) names under each directory; without, some of the file
//     operands exactly as given, one per line (NUL with -Z), a name given twice twice, a
//     binary file's name like any other; `-` (or no operand) is standard input, printed as
//     `(standard input)` or the `--label` text, which is no name given: not modelled;
//     `--color=always` wraps each name in escape sequences;
//   - only numbers (`-c` of one file or standard input);
//   - nothing at all (`-q`, or empty standard input without -L or -c).
// Words the scan does not know (an abbreviated long option, -V, --help) leave the output
// unknown. Options go anywhere until `--`, as GNU getopt permutes them.

import { type Arg } from "../../effects.ts";
import type { ListingSource, Listing } from "../../../shell/listing.ts";
import type { LineFilter, PipeCall, PipeOutput } from "../../spec.ts";
import { dotOf, gone } from "./listings.ts";
import { linesOf } from "./compute.ts";

/** Letters that take a value (the rest of the word, or the next one). */
const VALUE_LETTERS = "efmABCdD";
/** Letters without a value; digits are a context length (`-5`). */
const FLAG_LETTERS = "EFGPiyvwxcLloqsbHhnTZzaIrRU0123456789";

/** Long options without a value, as the letter they stand for (`_` for those with none that matters here). */
const LONG_FLAGS: Readonly<Record<string, string>> = { "--extended-regexp": "E", "--fixed-strings": "F",
  "--basic-regexp": "G", "--perl-regexp": "P", "--ignore-case": "i", "--no-ignore-case": "_", "--invert-match": "v",
  "--word-regexp": "w", "--line-regexp": "x", "--count": "c", "--files-with-matches": "l", "--files-without-match": "L",
  "--only-matching": "o", "--quiet": "q", "--silent": "q", "--no-messages": "s", "--byte-offset": "b",
  "--with-filename": "H", "--no-filename": "h", "--line-number": "n", "--initial-tab": "T", "--null": "Z",
  "--null-data": "z", "--text": "a", "--recursive": "r", "--dereference-recursive": "R", "--binary": "U",
  "--line-buffered": "_", "--no-group-separator": "_" };

/** Long options that take a value (`--opt=V` or `--opt V`), as the letter they stand for. */
const LONG_VALUES: Readonly<Record<string, string>> = { "--regexp": "e", "--file": "f", "--max-count": "m",
  "--after-context": "A", "--before-context": "B", "--context": "C", "--directories": "d", "--devices": "D",
  "--label": "_", "--include": "_", "--exclude": "_", "--exclude-dir": "_", "--exclude-from": "_",
  "--binary-files": "_", "--group-separator": "_" };

/** What grep's words say about its output. */
interface GrepWords {
  /** The letters given (long options as their letter). */
  readonly flags: ReadonlySet<string>;
  /** `-l` or `-L`, the last given (it wins), or null. */
  readonly files: "l" | "L" | null;
  /** It recurses into directories: -r, -R, or the last -d/--directories is `recurse`. */
  readonly recursive: boolean;
  /** `--color=always` (or `--colour`): matches and names wrapped in escape sequences. */
  readonly colored: boolean;
  /** The indices of the file operands (the pattern is not one). */
  readonly fileOperands: readonly number[];
  /** The patterns (`-e`, or the first operand), or null when one comes from a file (`-f`). */
  readonly patterns: readonly string[] | null;
}

/** One scan of grep's words, or null when one is not known. */
function grepWords(texts: readonly string[]): GrepWords | null {
  const flags = new Set<string>();
  let files: "l" | "L" | null = null;
  let directories = "read";
  let colored = false;
  let patternGiven = false;
  let fromFile = false;
  const patterns: string[] = [];
  const operands: number[] = [];
  const value = (letter: string, v: string) => {
    if (letter === "e" || letter === "f") patternGiven = true;
    if (letter === "e") patterns.push(v);
    if (letter === "f") fromFile = true;
    if (letter === "d") directories = v;
    flags.add(letter);
  };
  for (let k = 0; k < texts.length; k++) {
    const t = texts[k]!;
    if (t === "--") {
      for (let j = k + 1; j < texts.length; j++) operands.push(j);
      break;
    }
    if (!t.startsWith("-") || t === "-") {
      operands.push(k);
      continue;
    }
    if (t.startsWith("--")) {
      const eq = t.indexOf("=");
      const name = eq < 0 ? t : t.slice(0, eq);
      if (name === "--color" || name === "--colour") {
        // Without a value: auto, which colours only a terminal.
        if (eq >= 0 &&
          !["never", "auto", "always", "none", "no", "tty", "if-tty", "yes", "force"].includes(t.slice(eq + 1)))
        {
          return null;
        }
        colored = eq >= 0 && ["always", "yes", "force"].includes(t.slice(eq + 1));
      } else if (name in LONG_FLAGS && eq < 0) {
        const c = LONG_FLAGS[name]!;
        flags.add(c);
        if (c === "l" || c === "L") files = c;
      } else if (name in LONG_VALUES) {
        const v = eq < 0 ? texts[++k] : t.slice(eq + 1);
        if (v === undefined) return null;
        value(LONG_VALUES[name]!, v);
      } else return null;
      continue;
    }
    for (let j = 1; j < t.length; j++) {
      const c = t[j]!;
      if (VALUE_LETTERS.includes(c)) {
        const v = j < t.length - 1 ? t.slice(j + 1) : texts[++k];
        if (v === undefined) return null;
        value(c, v);
        break;
      }
      if (!FLAG_LETTERS.includes(c)) return null;
      flags.add(/[0-9]/.test(c) ? "C" : c);
      if (c === "l" || c === "L") files = c;
    }
  }
  const recursive = flags.has("r") || flags.has("R") || directories === "recurse";
  if (!patternGiven && operands.length > 0) patterns.push(texts[operands[0]!]!);
  return { flags, files, recursive, colored, fileOperands: patternGiven ? operands : operands.slice(1),
    patterns: fromFile || (!patternGiven && operands.length === 0) ? null : patterns };
}

const GREPS = ["grep", "egrep", "fgrep"];

/**
 * `grep -rl PAT [DIR…]` (and -L): names of files under each directory, or bare names under
 * `.` without one; `grep -l PAT FILE…`: some of the files named, as given (`asGiven`).
 * -R follows links; -c counts after each name in BusyBox; -o is refused with them.
 */
export const GREP_FILES_LISTING: PipeOutput = { t: "listing",
  source: ({ name, args, texts, nameArg, absent }: PipeCall): ListingSource<Arg> | null => {
    const g = GREPS.includes(name) ? grepWords(texts) : null;
    if (g === null || g.files === null || g.colored || g.flags.has("R") || g.flags.has("c") || g.flags.has("o")) {
      return null;
    }
    const given = g.fileOperands.map((i) => args[i]!);
    // A file or directory that is not there prints only a message on standard error (absent.ts); `-` is standard input.
    const named = given.filter((a) => a.text === "-" || !gone(absent, a));
    const sep = g.flags.has("Z") ? "\0" : "\n";
    if (!g.recursive) return given.length ? { reps: named, reach: [], read: [], sep, asGiven: true } : null;
    if (given.length === 0) {
      return { reps: [dotOf(nameArg)], reach: [dotOf(nameArg)], read: [{ dir: dotOf(nameArg), deep: true }], sep };
    }
    return { reps: named, reach: named, read: named.map((dir) => ({ dir, deep: true })), sep };
  } };

/**
 * grep as a line filter of its standard input: no file operand, nothing that decorates lines
 * (-n, -b, -H, -T, -Z, colour), prints parts of them (-o), adds lines (-A, -B, -C, `-NUM`),
 * counts, names files or recurses (-d recurse searches `.`). Lines end as the listing's names
 * do: NUL with -z, newlines without (a NUL-ended listing is one binary "line" to grep, of
 * which grep 3.4 prints "Binary file (standard input) matches").
 */
export const GREP_LINES: PipeOutput = { t: "filter",
  filter: ({ name, texts }: PipeCall): LineFilter | null => {
    const g = GREPS.includes(name) ? grepWords(texts) : null;
    if (g === null || g.files !== null || g.recursive || g.colored || g.fileOperands.length > 0 ||
      [..."ocnbHTZABCq"].some((c) => g.flags.has(c))) return null;
    const nul = g.flags.has("z");
    return { single: false, sep: "keep", sameNames: true,
      map: (l: Listing<Arg>) => (l.sep === (nul ? "\0" : "\n") ? l : null) };
  } };

/**
 * `grep -c` of one file or standard input prints a count (numbers only): not with names
 * (-H, -l, -L, more than one file, recursion) or a context option GNU refuses with it.
 */
export const GREP_NUMBERS: PipeOutput = { t: "numbers",
  when: (name, words) => {
    const g = GREPS.includes(name) ? grepWords(words) : null;
    return g !== null && g.flags.has("c") && g.files === null && !g.recursive && !g.flags.has("H") &&
      g.fileOperands.length <= 1;
  } };

/** `grep -q` prints nothing, whatever it reads (GNU and BusyBox: its errors go to standard error). */
export const GREP_QUIET: PipeOutput = { t: "silent",
  when: (name, words) => {
    const g = GREPS.includes(name) ? grepWords(words) : null;
    return g !== null && g.flags.has("q");
  } };

/**
 * grep reading empty standard input prints nothing (what `xargs grep` without -r reads when it
 * runs grep with no name: /dev/null), but with -L, which prints `(standard input)`, and -c,
 * which prints `0`.
 */
export const GREP_EMPTY_INPUT: PipeOutput = { t: "text",
  text: ({ name, texts, input }: PipeCall) => {
    const g = GREPS.includes(name) ? grepWords(texts) : null;
    if (g === null || g.recursive || g.fileOperands.length > 0 || g.files === "L" || g.flags.has("c")) return null;
    const got = input();
    return got.t === "text" && got.text === "" ? "" : null;
  } };

/**
 * A pattern of the few forms agents filter a known text with (`^#`, `^$`, `^\\s*#`, `DATABASE`,
 * `=`), as a JavaScript regular expression that matches the same ASCII lines in BRE and ERE:
 * literal characters, `.`, `*` after one, `^` first, `$` last, `\\s`, `\\S`, `\\w` (GNU), an
 * escaped punctuation character; null for anything else (classes, intervals, alternation,
 * groups, back-references), whose meaning the two syntaxes or the locale may change.
 */
function grepRegex(pattern: string, fixed: boolean): string | null {
  if (fixed) return pattern.includes("\n") ? null : pattern.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "^" && i === 0) out += "^";
    else if (c === "$" && i === pattern.length - 1) out += "$";
    else if (c === ".") out += ".";
    else if (c === "*" && i > 0 && out !== "^") out += "*";
    else if (c === "\\") {
      const d = pattern[++i];
      if (d === undefined) return null;
      if (d === "s" || d === "S" || d === "w") out += `\\${d}`;
      else if (/[.*^$\\/#=:,@%-]/.test(d)) out += `\\${d}`;
      else return null;
    } else if (/[A-Za-z0-9_ \t#=:,@%/-]/.test(c)) out += c;
    else return null;
  }
  return out;
}

/**
 * The lines grep prints of a known text (a file operand read as `< FILE` is, or standard
 * input): `-v` inverts, `-i` ignores case, `-x` matches whole lines, several `-e` any; each line
 * printed ends with a newline (GNU grep 3.8 adds one to a last line without). Null for
 * anything else: a pattern not of grepRegex's forms, text that is not ASCII, an option that
 * decorates, counts or adds lines, more than one file.
 */
export const GREP_TEXT: PipeOutput = { t: "text",
  text: (call: PipeCall) => {
    const g = GREPS.includes(call.name) ? grepWords(call.texts) : null;
    // (Kept: -v -i -y -x -F -E -G -s -h -I; each other letter decorates, counts, adds or cuts lines.)
    if (g === null || g.patterns === null || g.patterns.length === 0 || g.files !== null || g.recursive ||
      g.colored || g.fileOperands.length > 1 || [..."ocnbHTZABCqzaLlUwPm_"].some((c) => g.flags.has(c))) return null;
    const fixed = g.flags.has("F") || call.name === "fgrep";
    const regexes = g.patterns.map((p) => grepRegex(p, fixed));
    if (regexes.some((r) => r === null)) return null;
    const whole = g.flags.has("x");
    const re = new RegExp(regexes.map((r) => (whole ? `^(?:${r})$` : `(?:${r})`)).join("|"),
      g.flags.has("i") ? "i" : "");
    const file = g.fileOperands.length === 1 ? call.args[g.fileOperands[0]!]! : null;
    const text = file === null ? call.inputText() : file.text === "-" ? call.inputText() : call.fileText(file);
    if (text === null || !/^[\x00-\x7f]*$/.test(text) || text.includes("\0")) return null;
    const invert = g.flags.has("v");
    return linesOf(text).lines.filter((l) => re.test(l) !== invert).map((l) => l + "\n").join("");
  } };
