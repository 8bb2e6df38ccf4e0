// A seeded generator of small bash word-expansion cases: setup statements (assignments, `set
// --`, arrays, IFS, shopt) and one `cat -- W1 W2 W3` whose words are made of 1–3 pieces each.
// The setup is derived from what the words reference, so that most expansions have a value.
//
// Safety: bash runs these for real, unsandboxed. The text never holds `>` (so no redirection
// writes), and the minimiser's deletions can at most make a command substitution or a command
// name out of it; the oracle gives bash an empty PATH, so only builtins and the `cat` function
// can run.
//
// The tables and the order of the random draws are those the word fuzzer's first campaigns ran
// with (docs/testing.md): changing either changes what every seed generates.

import { mulberry32, type Rng } from "../rng.ts";
import { PARAM_OPS, type FuzzedOp } from "../../src/shell/param-ops.ts";

export interface Case {
  readonly id: number;
  readonly setup: readonly string[];
  /** Each word as its source pieces (kept apart so the minimiser can drop one). */
  readonly words: readonly (readonly string[])[];
  /** `shopt -s extglob` goes on a line of its own: bash parses a whole line before running it. */
  readonly extglob: boolean;
}

export function caseSource(c: Case): string {
  const stmts = [...c.setup, "cat -- " + c.words.map((w) => w.join("")).join(" ")];
  return (c.extglob ? "shopt -s extglob\n" : "") + stmts.join("; ");
}

/** A case seeded from the campaign seed and its index, so any one case can be regenerated. */
export function caseAt(seed: number, index: number): Case {
  return genCase(seed * 1000003 + index, index);
}

const sq = (s: string) => "'" + s.replace(/'/g, `'\\''`) + "'";
const dq = (s: string) => '"' + s.replace(/([\\"$`])/g, "\\$1") + '"';

function ansi(s: string): string {
  let o = "";
  for (const ch of s) {
    if (ch === "\n") o += "\\n";
    else if (ch === "\t") o += "\\t";
    else if (ch === "'") o += "\\'";
    else if (ch === "\\") o += "\\\\";
    else o += ch;
  }
  return "$'" + o + "'";
}

/** Variable values, written in one of several quoting forms. */
const VALUES = ["a", "b", "a b", " a  b ", "", "*", "a*", "d*", "*.txt", ".*", "../x", "../other/*", "dir/f",
  "/etc/passwd", "~", "~/y", "a:b", "a/b", "x/../..", "-n", "[ab]", "{a,b}", "a\tb", "a\nb", "$y", "a\\b", "é", "ABC",
  "aBc", "a.b.c", "/", ":", "::", " : ", "a::b", "..", "dir", "sp ace", "a,b", "dir/*", "*/", "x", "abc", "a b c",
  "/tmp/x y", "..:..", "./a", "a-b", "A*", "?", "[!a]*", "**", "dir/**", "'", '"', "a'b", "ß", "😀ab", "ﬁ", "İ",
  "a😀/..", "d/../x", "../", "/.."];

/** Values written unquoted after `NAME=`: tildes, escapes and numbers in assignment context. */
const RAW_ASSIGN = ["~/y", "a:~/b", "~", "*", "{a,b}", "\\*", "a\\ b", "~root", "..", "$'a\\tb'", "~+", "a=~/b", "~:~",
  "x~", "dir/*", "'a b'", '"a b"', "$'..'/x", "~/'q r'", "a:~root:b", "''", "~-", "$((1))/..", "a$((2))",
  "$((1+1))'../x'", '"$((3))/x"', "${#y}/.."];

function pick<T>(r: Rng, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}

function chance(r: Rng, p: number): boolean {
  return r() < p;
}

interface Ctx {
  readonly r: Rng;
  /** What the words use, so the setup defines it: scalars x y z e u, r (for `${!r}`), a (an array), pos (`$@`). */
  readonly refs: Set<string>;
  extglob: boolean;
}

const SCALARS = ["x", "x", "x", "y", "y", "z", "e", "u"];

function varName(c: Ctx): string {
  const v = pick(c.r, SCALARS);
  c.refs.add(v);
  return v;
}

// ---------------------------------------------------------------------------------------------
// Unquoted pieces

const LITS = ["a", "b", "c", "ab", "dir", "x", "A", "3", "-n", "-", "--", "=", ":", "/", ".", "..", "../", "./", "dir/",
  "dir/f", "link/", "up/", "sp\\ ace", "\\*", "\\?", "\\[", "\\]", "\\{", "\\}", "\\~", "\\$", "\\\\", "\\'", '\\"',
  "\\ ", "\\\n", "a,b", ",", "{", "}", "[", "]", "@", "!", "%", "x#", "\\#", "+", "^", "\\a", "\\n", "é", "\\é",
  "a\\\nb", "other", "../other", "/tmp", "$", "a$", "\\\\\\*", "\\-", "=a", "a=", "x=y"];
const GLOBS = ["*", "?", "[ab]", "[!a]", "[^a]", "[a-c]", "[[:alpha:]]", "[[:upper:]]", ".*", "**", "*/", "d*", "*.txt",
  "[]ab]", "a*", "*b", "?b", "dir/*", "dir/.*", "*/*", "**/", "**/h", "../*", "../other/*", "up/*", "link/*", "[.]*",
  ".?", "..?", "[a-]", "[!-]*", "*[", "[", "[*", "a[", "\\**", "[\\*]", "[a\\]]", "[[:digit:]]*", "[^[:alpha:]]", "sp*",
  "*ace/*", "~*", "{*", "*,*", "*:*", ".[!.]*", "./*", "*/.", "*/..", "/tm*", "[a/b]", "d[i]r/f", "d?r/*", "[[]ab]"];
const EXTGLOBS = ["@(a|b)", "!(a)", "*(a)", "+(a)", "?(a)", "@(a|ab)*", "!(*.txt)", "+([ab])", "@(d*)/f", "!(a*)",
  "*(?)", "@(.*)", "!(.*)"];
const TILDES = ["~", "~/", "~/y", "~/hd/*", "~+", "~+/a", "~-", "~root", "~root/x", "~nosuch", "~/.*", "~/*", "~x",
  "~/'q'", "~\\/y", "~'/y'", "~/y:~/z"];
const ARITH = ["$((1+2))", "$((-1))", "$((10/3))", "$((2**3))", "$((0x10))", "$((1<<4))", "$((07))", "$[1+1]",
  "$((3-3))", "$((1,2))"];
const ANSI_PARTS = ["\\n", "\\t", "\\x41", "\\101", "\\u00e9", "\\\\", "\\'", '\\"', "\\e", "\\cA", "\\x2f",
  "\\x2e\\x2e", "\\0x", "\\x", "\\q", "a", " ", "*", "/", "..", "\\x2a", "\\052", "\\U0001F600", "\\?", "$x", "\\$",
  "\\x20", "\\c?", "\\z", "\\u", "\\x7e"];

const SQ_CHARS = 'ab *?[]{},~$\\"=:/.-\t\n&';

function randText(c: Ctx, chars: string, max: number): string {
  const n = Math.floor(c.r() * (max + 1));
  let s = "";
  for (let i = 0; i < n; i++) s += pick(c.r, [...chars, "a", "b", "a", " "]);
  return s;
}

function squote(c: Ctx): string {
  return "'" + randText(c, SQ_CHARS, 5).replace(/'/g, "") + "'";
}

function ansiC(c: Ctx): string {
  const n = 1 + Math.floor(c.r() * 3);
  let s = "";
  for (let i = 0; i < n; i++) s += pick(c.r, ANSI_PARTS);
  return "$'" + s + "'";
}

const DQ_TEXT = ["a", " ", "*", "?", "~", "{a,b}", "'", "\\$", '\\"', "\\\\", "\\a", "\\\n", "\\`", "/", "..", "$",
  "\\ ", "!", "\t", "[ab]", "&", "x=~/y", "$'x'", "}"];
const DQ_LISTS = ["$@", "${@}", "$*", "${*}", "${a[@]}", "${a[*]}", "${@:2}", "$1", "${*:1:2}", "${a[@]:1}", "${a[1]}"];

/** The inside of a `"…"`: text, expansions, lists, arithmetic and backslash escapes. */
function dqInner(c: Ctx, depth: number): string {
  const n = Math.floor(c.r() * 4);
  let s = "";
  for (let i = 0; i < n; i++) {
    const k = c.r();
    if (k < 0.3) s += pick(c.r, DQ_TEXT);
    else if (k < 0.75) s += param(c, true, depth + 1);
    else if (k < 0.85) {
      const f = pick(c.r, DQ_LISTS);
      c.refs.add(f.includes("a[") ? "a" : "pos");
      s += f;
    } else if (k < 0.9) s += pick(c.r, ARITH);
    else s += "\\" + pick(c.r, [..."$\\\"`x*'n"]);
  }
  return s;
}

const PATTERN_TEXT = ["*", "?", "a", "b", "[ab]", "'*'", '"*"', "\\*", "a*", "*/", "/*", ".*", "*a", "/", ".", " ",
  "[!a]", "\\/", "'a b'", "?(a)", "~", "*[", "[/]", "@(a|b)", "!(a)", "+(a)", "*(?)/"];
const REPLACEMENT_TEXT = ["x", "/", "..", "", "'a b'", "&", "\\&", "'&'", '"&"', "*", "~", "~/q", "../", " ", "\\/",
  "\\}", "'}'"];
const WORD_TEXT = ["a", "b c", "*", "~", "~/q", "/", "..", "'a b'", '"a b"', "''", '""', "{a,b}", "'*'", "\\*", "\\}",
  "'}'", "d*", "x=~/q", "-", "\\ ", "$'\\x2f'", "{", "{}", "\\{", "$((1))/.."];

/** An operand of `${x OP …}`: a pattern, a replacement, or the word of `:-` and friends. */
function argWord(c: Ctx, depth: number, inQuotes: boolean, kind: "word" | "pattern" | "rep"): string {
  const n = 1 + Math.floor(c.r() * 2);
  let s = "";
  for (let i = 0; i < n; i++) {
    const k = c.r();
    if (k < 0.45) {
      // extglob patterns only parse with extglob on; a few cases turn it on even without one
      if (kind === "pattern" && k < 0.05) c.extglob = true;
      s += pick(c.r, kind === "pattern" ? PATTERN_TEXT : kind === "rep" ? REPLACEMENT_TEXT : WORD_TEXT);
    } else if (k < 0.7 && depth < 2) s += param(c, inQuotes, depth + 1);
    else if (k < 0.8) s += squote(c);
    else if (k < 0.9) s += '"' + dqInner(c, depth + 1) + '"';
    else s += pick(c.r, ["a", "", "b"]);
  }
  return s;
}

const LIST_FORMS = ["${a[@]}", "${a[*]}", "${a[1]}", "${a[0]}", "${a}", "${a[-1]}", "${a[@]:1}", "${a[@]:1:1}",
  "${a[*]:1}", "$@", "$*", "${@}", "${*}", "${@:2}", "${*:2}", "${@:1:1}", "$1", "${1}", "$2", "${2}", "${10}",
  "${a[@]#a}", "${a[@]/a/x}", "${a[*]%b}", "${@#a}", "${*/a/x}", "${a[@]^^}", "${@:-w}", "${a[@]:-w}", "${a[@]+x}",
  "${!a[@]}", "${#a[@]}", "${#@}", "${#a[1]}", "${#1}"];
/**
 * The `${x OP …}` forms drawn from, in the order the first campaigns drew them: an operator of
 * src/shell/param-ops.ts, written with its operand as the table's `fuzz` says, or with `text`
 * as its fixed operand, or in another `shape` (`${x/p}`: a replacement without its `/r`).
 */
type Sample = { readonly op: FuzzedOp; readonly text?: string; readonly shape?: "pattern" };
const PARAM_SAMPLES = [{ op: ":-" }, { op: "-" }, { op: ":+" }, { op: "+" }, { op: ":=" }, { op: "=" }, { op: "#" }, {
  op: "##",
}, { op: "%" }, { op: "%%" }, { op: "/" }, { op: "//" }, { op: "/#" }, { op: "/%" }, { op: "^^" }, { op: ",," }, {
  op: "^",
}, { op: "," }, { op: ":", text: "1" }, { op: ":", text: "1:2" }, { op: ":", text: " -2" }, { op: ":", text: "(-2):1" },
  { op: ":", text: ":2" }, { op: "length" }, { op: ":?" }, { op: "?" }, { op: "@", text: "Q" }, { op: "@", text: "U" },
  { op: "@", text: "L" }, { op: "@", text: "u" }, { op: "^^", text: "[ab]" }, { op: ":", text: "0:-1" }, { op: ":",
  text: "2:-1" }, { op: "/", shape: "pattern" }, { op: "//", shape: "pattern" }] as const satisfies readonly Sample[];
// Every operator the table has the generator write is drawn: a new one fails to compile here
// until it is added above (at the end, so that what the seeds drew before stays the same).
const EVERY_OP_SAMPLED: [Exclude<FuzzedOp, (typeof PARAM_SAMPLES)[number]["op"]>] extends [never] ? true : false = true;
void EVERY_OP_SAMPLED;

/** A parameter expansion: plain, an array or positional form, an indirection, or `${x OP …}`. */
function param(c: Ctx, inQuotes: boolean, depth: number): string {
  const k = c.r();
  if (k < 0.12) {
    const v = varName(c);
    return chance(c.r, 0.5) ? "$" + v : "${" + v + "}";
  }
  if (k < 0.22) {
    const f = pick(c.r, LIST_FORMS);
    c.refs.add(/a\[|\$\{a\}/.test(f) ? "a" : "pos");
    return f;
  }
  if (k < 0.28) {
    c.refs.add("r");
    return pick(c.r, ["${!r}", "${!r}", "${!r:-w}", "${!r#a}"]);
  }
  const v = varName(c);
  const sample: Sample = pick(c.r, PARAM_SAMPLES);
  const op = sample.op;
  // substrings, case conversion and transformations take no word
  if (sample.text !== undefined) return "${" + v + op + sample.text + "}";
  const shape = sample.shape ?? PARAM_OPS[op].fuzz;
  switch (shape) {
    case "prefix":
      return "${#" + v + "}";
    case "bare":
      return "${" + v + op + "}";
    case "pattern":
      return "${" + v + op + argWord(c, depth, inQuotes, "pattern") + "}";
    case "message":
      return "${" + v + op + (chance(c.r, 0.5) ? "" : "msg") + "}";
    case "replace":
      return "${" + v + op + argWord(c, depth, inQuotes, "pattern") + "/" + argWord(c, depth, inQuotes, "rep") + "}";
    case "word":
      return "${" + v + op + argWord(c, depth, inQuotes, "word") + "}";
    default: {
      const never: never = shape;
      throw new Error(`words-fuzz: no way to write ${JSON.stringify(never)}`);
    }
  }
}

const BRACE_ALTS = ["a", "b", "", "..", "/", "dir", "a\\ b", "'a b'", '"a,b"', "a\\,b", "~", "~/y", "*", ".*", "x/..",
  "-", "d*"];
const BRACE_WORDS = ["{1..3}", "{a..c}", "{c..a}", "{1..10..3}", "{01..3}", "{-1..1}", "{a..C}", "{Z..a}", "{a..e..2}",
  "{1..3..-1}", "{3..1}", "{1..1}", "{a..}", "{a}", "{}", "{,}", "{a,b}{1,2}", "{0..2}/", "{.,..}/a", "{..,.}",
  "{/,a}b", "x{a,b}y", "{-01..1}", "{a..a}", "{_..a}", "{x,y}z{,}", "{Y..b}"];

function braceAlt(c: Ctx, depth: number): string {
  const k = c.r();
  if (k < 0.5) return pick(c.r, BRACE_ALTS);
  if (k < 0.65) {
    c.refs.add("x");
    return pick(c.r, ["$x", '"$x"', "${x}", "${x:-a,b}", "$x/f"]);
  }
  if (k < 0.8 && depth < 2) return brace(c, depth + 1);
  return squote(c);
}

function brace(c: Ctx, depth = 0): string {
  if (chance(c.r, 0.3)) return pick(c.r, BRACE_WORDS);
  const n = 1 + Math.floor(c.r() * 3);
  const alts: string[] = [];
  for (let i = 0; i < n; i++) alts.push(braceAlt(c, depth));
  return "{" + alts.join(",") + "}";
}

function piece(c: Ctx): string {
  const k = c.r();
  if (k < 0.14) return pick(c.r, LITS);
  if (k < 0.26) return pick(c.r, GLOBS);
  if (k < 0.28) {
    c.extglob = true;
    return pick(c.r, EXTGLOBS);
  }
  if (k < 0.35) return squote(c);
  if (k < 0.5) return '"' + dqInner(c, 0) + '"';
  if (k < 0.55) return ansiC(c);
  if (k < 0.57) return '$"' + dqInner(c, 0) + '"';
  if (k < 0.76) return param(c, false, 0);
  if (k < 0.86) return brace(c);
  if (k < 0.94) return pick(c.r, TILDES);
  return pick(c.r, ARITH);
}

function word(c: Ctx): string[] {
  const n = 1 + Math.floor(c.r() * (c.r() < 0.5 ? 1 : 3));
  const ps: string[] = [];
  for (let i = 0; i < n; i++) {
    const p = piece(c);
    // `#` at the start of a word begins a comment
    ps.push(i === 0 && p.startsWith("#") ? "\\" + p : p);
  }
  return ps;
}

// ---------------------------------------------------------------------------------------------
// Setup

const IFS_FORMS = ["IFS=", "IFS=:", "IFS=/", "IFS=' :'", "IFS=': '", "IFS=$' \\t\\n'", "unset IFS", "IFS=a", "IFS='*'",
  "IFS=-", "IFS=.", "IFS=' '", "IFS=,", "IFS=1", "IFS=$'\\t'", "IFS='\\'", "IFS=' /'", "IFS=b", "IFS=' a'", "IFS=é"];
const OPT_FORMS = ["shopt -s dotglob", "shopt -s nullglob", "shopt -s globstar", "shopt -s nocaseglob",
  "shopt -s failglob", "shopt -u globskipdots", "shopt -s globskipdots", "set -f", "set -o noglob", "GLOBIGNORE=a",
  "GLOBIGNORE='*a*'", "GLOBIGNORE=.hidden:a", "shopt -s dotglob nullglob", "shopt -s globstar dotglob",
  "GLOBIGNORE=.:..", "shopt -s nocaseglob dotglob", "set +f", "shopt -u dotglob", "GLOBIGNORE="];
const ELEMENTS = ["a", "*", "d*", "{a,b}", "~/y", "..", "-n", "''", '""', '"$x"', "$x", "[ab]", "./*", "x=~/y",
  "$'a\\tb'", "$((1))/..", "a$((2))b"];
const INDIRECT_TARGETS = ["x", "y", "a", "u", "1", "@", "a[1]", "x y", "IFS", "a[@]"];

function valueSrc(c: Ctx): string {
  const k = c.r();
  if (k < 0.2) return pick(c.r, RAW_ASSIGN);
  const v = pick(c.r, VALUES);
  if (k < 0.6) return sq(v);
  if (k < 0.85) return dq(v);
  return ansi(v);
}

/** Elements of `set --` or `a=(…)`. */
function elems(c: Ctx): string {
  const n = Math.floor(c.r() * 4);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(c.r() < 0.6 ? sq(pick(c.r, VALUES)) : pick(c.r, ELEMENTS));
  if (out.some((e) => e.includes("$x"))) c.refs.add("x");
  return out.join(" ");
}

function arrayDefinition(c: Ctx): string {
  // sparse arrays: index 0 unset
  if (chance(c.r, 0.15)) return "a=([1]=" + sq(pick(c.r, VALUES)) + " [3]=" + sq(pick(c.r, VALUES)) + ")";
  return "a=(" + elems(c) + ")";
}

export function genCase(seed: number, id: number): Case {
  const r = mulberry32(seed);
  const c: Ctx = { r, refs: new Set(), extglob: false };
  const nWords = 1 + Math.floor(r() * 3);
  const words: string[][] = [];
  for (let i = 0; i < nWords; i++) words.push(word(c));
  // positional and array definitions may themselves reference x: generate them before x's value
  let posSrc = c.refs.has("pos") ? "set -- " + elems(c) : null;
  let arrSrc = c.refs.has("a") ? arrayDefinition(c) : null;
  const assigns: string[] = [];
  if (c.refs.has("r")) {
    const target = pick(r, INDIRECT_TARGETS);
    if (["x", "y", "u"].includes(target)) c.refs.add(target);
    if (target.startsWith("a") && arrSrc === null) arrSrc = "a=(" + elems(c) + ")";
    if ((target === "1" || target === "@") && posSrc === null) posSrc = "set -- " + elems(c);
    assigns.push("r=" + sq(target));
  }
  for (const v of ["x", "y", "z", "e"]) {
    if (!c.refs.has(v)) continue;
    assigns.push(v === "e" ? "e=" : v + "=" + valueSrc(c));
  }
  const stmts: string[] = [];
  if (assigns.length) stmts.push(assigns.join(" "));
  if (c.refs.has("u")) stmts.push("unset u");
  if (posSrc) stmts.push(posSrc);
  if (arrSrc) stmts.push(arrSrc);
  if (chance(r, 0.4)) stmts.splice(Math.floor(r() * (stmts.length + 1)), 0, pick(r, IFS_FORMS));
  const hasGlob = words.some((w) => w.some((p) => /[*?[]/.test(p)));
  if (chance(r, hasGlob ? 0.45 : 0.15)) stmts.push(pick(r, OPT_FORMS));
  return { id, setup: stmts, words, extglob: c.extglob };
}
