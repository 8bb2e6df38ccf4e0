// What a command reads on standard input, when the guard can see it: a here-string or
// here-document, a file named by `<`, or the output of an earlier pipeline segment whose
// output is known — a literal (`echo`, `printf`, `cat <<EOF`), or the names a listing prints
// (`find DIR`, `ls`, `grep -rl`; src/shell/listing.ts), passed through line filters (`grep -v`,
// `sort`, `head`, …).

import type { Arg } from "../commands/analyse.ts";
import { type Stdin, withValue } from "../commands/effects.ts";
import { decodeAnsiC } from "./escapes.ts";
import { parseWords } from "../commands/apply.ts";
import { WRAPPER_SPECS } from "../commands/table/wrappers.ts";
import type { World } from "./state.ts";
import type { Redir, Stmt, Word } from "./syntax.ts";
import { expandToSegs, expandWord } from "./words/expand.ts";
import { type Field, fieldText, firstUnknown, type Seg, type WordEnv } from "./words/env.ts";
import { filtered, listingOf, type ListingSource } from "./listing.ts";

export const UNKNOWN_STDIN: Stdin = { t: "unknown" };
/** The standard input of the shell the command runs in, which no redirection or pipe in it changed. */
export const INHERITED_STDIN: Stdin = { t: "unknown", inherited: true };

function argOf(f: Field, word: Word): Arg {
  const text = fieldText(f);
  return { text, source: word.text, span: word.span, unknownWhy: text === null ? firstUnknown(f)?.why ?? null : null, segs: f.segs };
}

function segsText(segs: readonly Seg[]): string | null {
  return fieldText({ segs });
}

/** Here-strings, here-documents and `< file` say what a command reads. */
export function redirectedStdin(redirs: readonly Redir[], w: World, env: WordEnv): Stdin | null {
  let out: Stdin | null = null;
  for (const r of redirs) {
    if (r.fd !== null && r.fd !== "0") continue;
    if (r.op === "<<<" && r.target) {
      const t = segsText(expandToSegs(r.target, w.clone(), env, false));
      out = t === null ? UNKNOWN_STDIN : { t: "text", text: t + "\n" };
    } else if ((r.op === "<<" || r.op === "<<-") && r.heredoc) {
      const body = r.heredoc.expands ? segsText(expandToSegs(r.heredoc.body, w.clone(), env, false)) : r.heredoc.body.text;
      out = body === null ? UNKNOWN_STDIN : { t: "text", text: r.op === "<<-" ? body.replace(/^\t+/gm, "") : body };
    } else if (r.op === "<" && r.target) {
      const e = expandWord(r.target, w.clone(), env);
      const f = e.fields[0];
      out = e.fields.length === 1 && f ? { t: "file", arg: argOf(f, r.target) } : UNKNOWN_STDIN;
    }
  }
  return out;
}

/** Words with substitutions in them: expanding them again would analyse the substitutions again. */
export function hasSubstitution(words: readonly Word[]): boolean {
  return words.some((w) => w.parts.some((p) => p.t === "cmdsub" || p.t === "procsub" || p.t === "arith" || p.t === "code" || (p.t === "param" && p.param.arg !== null)));
}

/** The words of a simple command, when all are known. */
function knownArgv(s: Stmt, w: World, env: WordEnv): Arg[] | null {
  if (s.t !== "cmd" || hasSubstitution(s.words)) return null;
  const argv: Arg[] = [];
  for (const word of s.words) {
    const e = expandWord(word, w, env);
    if (e.countUnknown) return null;
    for (const f of e.fields) argv.push(argOf(f, word));
  }
  return argv.length ? argv : null;
}

/** What a line filter does to a listing: which separator it leaves, and whether it keeps at most one line. */
interface LineFilter {
  readonly single: boolean;
  /** The separator of its output: the input's, or the one `tr` turns it into. */
  readonly sep: "keep" | "\n" | "\0";
}

const ONE = /^(-1|-n1|-n 1|--lines=1)$/;

/**
 * Filters whose output lines are some of their input lines, unchanged (or with `tr '\n' '\0'`
 * the same names ended otherwise); null for anything else: `head -c` cuts inside a name,
 * `grep -o` prints parts of lines, `uniq FILE` and `grep PAT FILE` read a file instead.
 */
function lineFilter(name: string, args: readonly (string | null)[]): LineFilter | null {
  if (args.some((a) => a === null)) return null;
  const words = args as readonly string[];
  const flags = words.filter((a) => a.startsWith("-")).join(" ");
  const keep = (single = false): LineFilter => ({ single, sep: "keep" });
  switch (name) {
    case "grep":
    case "egrep":
    case "fgrep":
      // -o prints parts of lines, -c counts, -l/-L/-n/-b decorate, -A/-B/-C add `--` lines: not the lines themselves.
      if (/-[a-zA-Z]*[oclLnbHZrRABC]|--(only-matching|count|files-with|line-number|byte-offset|with-filename|null\b|recursive|after|before|context|dereference)/.test(flags)) return null;
      // Reading standard input: no operand beyond the pattern (which -e or -f may give instead).
      return words.filter((a, i) => !a.startsWith("-") && !/^-(e|f)$/.test(words[i - 1] ?? "")).length <= (/(^|\s)-(e|f)\b|--(regexp|file)\b/.test(flags) ? 0 : 1) ? keep() : null;
    case "sort":
    case "tac":
      // `sort -o FILE` prints nothing; the file is judged as sort's own write.
      return words.every((a) => a.startsWith("-") && !/^-[a-zA-Z]*o/.test(a) && !/^--(output|files0-from)/.test(a)) ? keep() : null;
    case "head":
    case "tail": {
      // Lines only: `-c`/`--bytes` cut inside a name; `tail -f` follows, with the same lines.
      if (/(^|\s)-[a-zA-Z0-9]*c|--bytes/.test(flags)) return null;
      const ok = words.every((a, i) => /^-([0-9]+|[nqvzf]+|n[+-]?[0-9]+)$|^--(lines=[+-]?[0-9]+|quiet|silent|verbose|zero-terminated|follow)$/.test(a) || (/^[+-]?[0-9]+$/.test(a) && /^(-n|--lines)$/.test(words[i - 1] ?? "")));
      return ok ? keep(name === "head" && ONE.test(words.join(" "))) : null;
    }
    case "uniq": {
      if (/-[a-zA-Z]*c|--count|--group|--all-repeated/.test(flags)) return null;
      // uniq IN OUT reads IN: no operand but the numbers -f, -s and -w take.
      return words.every((a, i) => a.startsWith("-") || (/^[0-9]+$/.test(a) && /^-[fsw]$/.test(words[i - 1] ?? ""))) ? keep() : null;
    }
    case "shuf":
      return words.every((a, i) => /^-(n|-head-count)$|^-n[0-9]+$|^--head-count=[0-9]+$|^-z$/.test(a) || (/^[0-9]+$/.test(a) && /^-(n|-head-count)$/.test(words[i - 1] ?? ""))) ? keep(ONE.test(words.join(" "))) : null;
    case "sed": {
      // -n with `p` of a line number or `$`, `Nq`, `Nd`: some lines, unchanged. Any other script may make any text.
      const quiet = words.some((a) => a === "-n" || a === "--quiet" || a === "--silent");
      const scripts = words.filter((a) => !/^(-n|--quiet|--silent|-z|--null-data)$/.test(a));
      if (scripts.length !== 1) return null;
      const script = scripts[0]!.replace(/^-e$/, "");
      if (quiet && /^([0-9]+|\$)p$/.test(script)) return keep(true);
      if (quiet && /^[0-9]+,([0-9]+|\$)p$/.test(script)) return keep();
      if (!quiet && /^1q$/.test(script)) return keep(true);
      if (!quiet && /^([0-9]+|\$)d$|^[0-9]+,([0-9]+|\$)d$|^[0-9]+q$/.test(script)) return keep();
      return null;
    }
    case "tee":
      // Its output is its input; its files are its own writes.
      return words.every((a) => !a.startsWith("-") || /^-[aip]+$|^--(append|ignore-interrupts|output-error(=\w+)?)$/.test(a)) ? keep() : null;
    case "tr": {
      // tr '\n' '\0' and back only change the separator.
      const nl = ["\\n", "\n"];
      const nul = ["\\0", "\\000"];
      if (words.length !== 2 || ![...nl, ...nul].includes(words[0]!) || ![...nl, ...nul].includes(words[1]!)) return null;
      return { single: false, sep: nul.includes(words[1]!) ? (nl.includes(words[0]!) ? "\0" : "keep") : nl.includes(words[0]!) ? "keep" : "\n" };
    }
    default:
      return null;
  }
}

const WRAPPER_BY_NAME = new Map(WRAPPER_SPECS.flatMap((spec) => spec.names.map((n) => [n, spec] as const)));

/**
 * The command a wrapper that leaves output alone (nice, timeout, stdbuf, command, env with
 * assignments, …) runs, so `nice find .` prints what `find .` does; null when a wrapper's
 * words are not all understood.
 */
function unwrap(argv: readonly Arg[], w: World): readonly Arg[] | null {
  let cur = argv;
  for (let depth = 0; depth < 8; depth++) {
    const name = cur[0]?.text?.replace(/^.*\//, "");
    if (!name) return null;
    const args = cur.slice(1);
    if (name === "command") {
      let i = 0;
      while (args[i]?.text === "-p" || args[i]?.text === "--") i++;
      if (args[i]?.text?.startsWith("-")) return null;
      cur = args.slice(i);
      continue;
    }
    if (name === "env") {
      let i = 0;
      while (args[i] && (args[i]!.text === "-i" || args[i]!.text === "--" || /^[A-Za-z_][A-Za-z0-9_]*=/.test(args[i]!.text ?? ""))) i++;
      if (args[i]?.text?.startsWith("-")) return null;
      cur = args.slice(i);
      continue;
    }
    const spec = WRAPPER_BY_NAME.get(name);
    if (!spec) return cur;
    const parsed = parseWords(spec, args, w, undefined, true);
    if (parsed.items.some((it) => it.t === "unknown-option")) return null;
    const skip = spec.operands && "skip" in spec.operands ? spec.operands.skip ?? 0 : 0;
    const operands = parsed.items.filter((it) => it.t === "operand");
    const command = operands[skip];
    if (!command) return null;
    cur = args.slice(args.indexOf(command.word));
  }
  return null;
}

/**
 * Whether a command substitution's output can only be numbers (`$(… | wc -l)`, `$(grep -c …)`,
 * `$(date +%s)`, `$(id -u)`, `$(nproc)`, `$(seq 5)`): such a value cannot hold a path or a
 * subscript. Judged from the words as written, of the last command of a pipeline.
 */
export function printsOnlyNumbers(body: Stmt): boolean {
  const last = body.t === "pipe" ? body.items[body.items.length - 1] : body;
  if (!last || last.t !== "cmd" || last.words.some((w) => w.parts.some((p) => p.t !== "raw" && p.t !== "lit"))) return false;
  const [name, ...args] = last.words.map((w) => w.text);
  const options = args.filter((a) => a!.startsWith("-") && a !== "-");
  const operands = args.filter((a) => !a!.startsWith("-") || a === "-");
  switch (name) {
    case "wc":
      // With a file operand wc prints its name too.
      return operands.length === 0 && options.length > 0 && options.every((o) => /^-[lcwmL]+$/.test(o!) || /^--(lines|bytes|chars|words|max-line-length)$/.test(o!));
    case "grep":
    case "egrep":
    case "fgrep":
      return options.some((o) => /^-[A-Za-z]*c/.test(o!) || o === "--count") && !options.some((o) => /^-[A-Za-z]*[HroefA-CN]|^--(with-filename|recursive|file|regexp|only|after|before|context)/.test(o!)) && operands.length <= 2;
    case "date":
      return args.length === 1 && /^\+(%[sNYmdHMSjuwVUWGgyCe])+$/.test(args[0]!);
    case "id":
      return args.length === 1 && /^-[rugG]+$/.test(args[0]!);
    case "nproc":
      return args.every((a) => /^--(all|ignore=[0-9]+)$/.test(a!));
    case "seq":
      return operands.length >= 1 && operands.length <= 3 && operands.every((o) => /^-?[0-9]+(\.[0-9]+)?$/.test(o!)) && options.every((o) => o === "-w" || /^-?[0-9]/.test(o!));
    default:
      return false;
  }
}

/** What pipeline segment `index` writes to the next one. */
export function pipeOutput(items: readonly Stmt[], index: number, w: World, env: WordEnv): Stdin {
  const s = items[index]!;
  const words = knownArgv(s, w, env);
  const argv = words && unwrap(words, w);
  if (!argv || argv.length === 0 || argv[0]!.text === null || s.t !== "cmd") return UNKNOWN_STDIN;
  const name = argv[0]!.text!.replace(/^.*\//, "");
  const args = argv.slice(1);
  const texts = args.map((a) => a.text);
  const known = texts.every((t): t is string => t !== null);
  const filter = lineFilter(name, texts);
  if (filter) {
    const own = redirectedStdin(s.redirs, w, env);
    const input = own ?? (index > 0 ? pipeOutput(items, index - 1, w, env) : UNKNOWN_STDIN);
    // Some of the lines of a listing stay names of that listing; of known text, unknown lines.
    if (input.t !== "listing") return UNKNOWN_STDIN;
    return { t: "listing", listing: filtered(input.listing, filter.single, filter.sep === "keep" ? input.listing.sep : filter.sep) };
  }
  switch (name) {
    case "echo": {
      if (!known) return UNKNOWN_STDIN;
      let words = texts as string[];
      let newline = true;
      while (words[0] && /^-[neE]+$/.test(words[0])) {
        // dash's echo takes no option but -n: it prints `-e` and `-E`.
        if (env.dialect !== "bash" && words[0] !== "-n") return UNKNOWN_STDIN;
        if (words[0].includes("n")) newline = false;
        if (words[0].includes("e")) return UNKNOWN_STDIN;
        words = words.slice(1);
      }
      // Escapes are decoded by bash with xpg_echo on, and by dash and zsh always (`\056` is
      // `.`, `\c` ends the output): text with a backslash is then not what was written.
      if (words.some((t) => t.includes("\\")) && (w.options.xpgEcho !== false || env.dialect !== "bash")) return UNKNOWN_STDIN;
      return { t: "text", text: words.join(" ") + (newline ? "\n" : "") };
    }
    case "printf": {
      if (!known || texts.length === 0) return UNKNOWN_STDIN;
      const [format, ...rest] = texts as string[];
      const out = simplePrintf(format!, rest);
      return out === null ? UNKNOWN_STDIN : { t: "text", text: out };
    }
    case "cat":
      if (args.length === 0) return redirectedStdin(s.redirs, w, env) ?? (index > 0 ? pipeOutput(items, index - 1, w, env) : UNKNOWN_STDIN);
      return UNKNOWN_STDIN;
    default:
      return listingOutput(argv, w, env);
  }
}

/** The working directory as the place bare names (`ls`, `fd`) resolve in. */
function dotOf(anchor: Arg): Arg {
  return withValue(anchor, ".", "");
}

/**
 * `find DIR…`, `fd`, `ls DIR` and `grep -rl PAT DIR` print names under directories they were
 * given; `ls -d` and `grep -l` without -r print some of their operands (src/shell/listing.ts).
 */
function listingOutput(argv: readonly Arg[], w: World, env: WordEnv): Stdin {
  const source = listingSource(argv, w, env);
  if (source === null) return UNKNOWN_STDIN;
  const check = env.unplainNames ? (d: Arg, deep: boolean) => env.unplainNames!(d.text!, deep, w, d.span) : null;
  return { t: "listing", listing: listingOf(source, check) };
}

function listingSource(argv: readonly Arg[], w: World, env: WordEnv): ListingSource<Arg> | null {
  const name = argv[0]?.text?.replace(/^.*\//, "");
  const args = argv.slice(1);
  if (!name || args.some((a) => a.text === null)) return null;
  const texts = args.map((a) => a.text!);
  const dot = dotOf(argv[0]!);
  const under = (dirs: readonly Arg[], sep: "\n" | "\0"): ListingSource<Arg> => ({ reps: dirs, reach: dirs, read: dirs.map((dir) => ({ dir, deep: true })), sep });
  switch (name) {
    case "find": {
      // -printf, -ls and -exec print something other than the paths; -L and -follow list
      // names under the directories links lead to.
      if (texts.some((t) => /^-(exec|execdir|ok|okdir|printf|fprintf|ls|fls|fprint|fprint0|files0-from|L|follow)$/.test(t))) return null;
      let i = 0;
      for (; i < args.length; i++) {
        if (texts[i] === "-H" || texts[i] === "-P" || /^-O[0-9]$/.test(texts[i]!)) continue;
        if (texts[i] === "-D") {
          i++;
          continue;
        }
        break;
      }
      const starts: Arg[] = [];
      for (; i < args.length && !/^[-(!),]/.test(texts[i]!); i++) starts.push(args[i]!);
      return under(starts.length ? starts : [withValue(argv[0]!, ".", "")], texts.some((t) => t === "-print0") ? "\0" : "\n");
    }
    case "git":
      // Names from the index or from history need not be on disk, where the guard could check them.
      if ((texts[0] === "ls-files" && !texts.some((t) => /^--(format|stage|debug)|^-s$/.test(t))) || (texts[0] === "diff" && texts.includes("--name-only"))) {
        return { reps: [dot], reach: [dot], read: [], sep: "\n", unverifiable: `git ${texts[0]} prints names from git's index or history, which need not be on disk` };
      }
      return null;
    case "fd":
    case "fdfind": {
      if (texts.some((t) => /^-(x|X|l|L)$|^--(exec|list-details|format|follow|base-directory)/.test(t))) return null;
      // fd [options] [pattern] [path…]; --search-path adds a path, other value options take a word.
      const dirs: Arg[] = [];
      let pattern = false;
      let nul = false;
      for (let k = 0; k < args.length; k++) {
        const t = texts[k]!;
        if (t === "-0" || t === "--print0") nul = true;
        if (t === "--search-path") {
          if (args[k + 1]) dirs.push(args[++k]!);
        } else if (/^-[etEdSoc]$|^--(extension|type|exclude|max-depth|min-depth|exact-depth|size|owner|changed-within|changed-before|ignore-file|max-results|threads|path-separator|color)$/.test(t)) k++;
        else if (t.startsWith("-")) continue;
        else if (!pattern) pattern = true;
        else dirs.push(args[k]!);
      }
      // Without a directory fd prints names relative to the working directory.
      return dirs.length ? under(dirs, nul ? "\0" : "\n") : { reps: [dot], reach: [dot], read: [{ dir: dot, deep: true }], sep: nul ? "\0" : "\n" };
    }
    case "ls":
      return lsSource(argv[0]!, args, texts, w, env);
    case "grep":
    case "egrep":
    case "fgrep":
      return grepFilesSource(argv[0]!, args, texts);
    default:
      return null;
  }
}

/**
 * `ls [DIR]`: the bare names in DIR, which resolve in the working directory (`.`); `ls -d
 * NAME…` and `ls FILE…`: some of the operands. Options that decorate, quote, add `.` and `..`
 * or headers make it unknown.
 */
function lsSource(anchor: Arg, args: readonly Arg[], texts: readonly string[], w: World, env: WordEnv): ListingSource<Arg> | null {
  const options = texts.filter((t) => t.startsWith("-") && t !== "-");
  const operands = args.filter((a) => !a.text!.startsWith("-") || a.text === "-");
  if (!options.every((o) => /^-[1trSXUvcuApLhGd]+$/.test(o) || /^--(sort=\w+|time=\w+|group-directories-first|color=(never|auto)|almost-all|reverse|dereference|directory)$/.test(o))) return null;
  const dirOnly = options.some((o) => /^-[a-zA-Z]*d|^--directory$/.test(o));
  const cwd = w.cwd;
  const dirAt = (t: string) => (cwd === null && !t.startsWith("/") ? null : env.physicalDir(t.startsWith("/") ? t : `${cwd}/${t}`));
  // Operands that are not directories are printed as they are written: some of them, in an order of ls's.
  if (operands.length && (dirOnly || operands.every((o) => dirAt(o.text!) === null))) return { reps: operands, reach: [], read: [], sep: "\n" };
  // One directory, or none: more print a header for each.
  if (operands.length > 1) return null;
  const dir = operands[0] ?? dotOf(anchor);
  return { reps: [dotOf(anchor)], reach: [dotOf(anchor)], read: [{ dir, deep: false }], sep: "\n" };
}

/** Value options of grep that take the next word. */
const GREP_VALUE = /^-[efmABCdD]$|^--(regexp|file|max-count|include|exclude|exclude-dir|exclude-from|context|after-context|before-context|directories|devices|label|binary-files|color|colour)$/;

/**
 * `grep -rl PAT [DIR…]` (and -L): names of files under each directory, or bare names under
 * `.` without one; `grep -l PAT FILE…`: some of the files named.
 */
function grepFilesSource(anchor: Arg, args: readonly Arg[], texts: readonly string[]): ListingSource<Arg> | null {
  let files = false;
  let recursive = false;
  let nul = false;
  let patternGiven = false;
  const operands: Arg[] = [];
  for (let k = 0; k < args.length; k++) {
    const t = texts[k]!;
    if (t === "--") {
      operands.push(...args.slice(k + 1));
      break;
    }
    if (!t.startsWith("-") || t === "-") {
      operands.push(args[k]!);
      continue;
    }
    if (/^--(files-with-matches|files-without-match)$/.test(t)) files = true;
    else if (t === "--recursive") recursive = true;
    else if (t === "--null") nul = true;
    else if (/^--(dereference-recursive|count|only-matching|files0-from)/.test(t)) return null;
    else if (GREP_VALUE.test(t)) {
      if (/^-(e|f)$|^--(regexp|file)$/.test(t)) patternGiven = true;
      k++;
    } else if (t.startsWith("--")) {
      if (/^--(regexp|file)=/.test(t)) patternGiven = true;
      else if (!/^--(include|exclude|exclude-dir|max-count|ignore-case|no-ignore-case|extended-regexp|fixed-strings|basic-regexp|perl-regexp|word-regexp|line-regexp|invert-match|no-messages|silent|quiet|text|binary-files|color|colour|null-data)(=|$)/.test(t)) return null;
    } else {
      // A cluster of letters; a value letter takes the rest, or the next word.
      for (let j = 1; j < t.length; j++) {
        const c = t[j]!;
        if (c === "l" || c === "L") files = true;
        else if (c === "r") recursive = true;
        else if (c === "Z") nul = true;
        else if (c === "R" || c === "c" || c === "o") return null;
        else if ("efmABCdD".includes(c)) {
          if (c === "e" || c === "f") patternGiven = true;
          if (j === t.length - 1) k++;
          break;
        }
      }
    }
  }
  if (!files) return null;
  const named = patternGiven ? operands : operands.slice(1);
  const sep = nul ? "\0" : "\n";
  if (!recursive) return named.length ? { reps: named, reach: [], read: [], sep } : null;
  if (named.length === 0) return { reps: [dotOf(anchor)], reach: [dotOf(anchor)], read: [{ dir: dotOf(anchor), deep: true }], sep };
  return { reps: named, reach: named, read: named.map((dir) => ({ dir, deep: true })), sep };
}

/** printf with only %s (and %%, \n, \t): the format is reused until the arguments run out. */
export function simplePrintf(format: string, args: readonly string[]): string | null {
  if (/%(?![s%])/.test(format)) return null;
  // The format's escapes are decoded as $'…' decodes them (`\x2f` is `/`, `\057` too); one
  // that decodes to `%` would be literal to printf but a conversion here, and `\c` ends output.
  if (/\\c/.test(format)) return null;
  // printf writes a NUL byte where $'…' would end the string (`\0`, `\x00`, `\u0000`): those are
  // kept, so that `printf '%s\0' a b` feeds `xargs -0` two names.
  const NUL = "\uE000";
  if (format.includes(NUL)) return null;
  const marked = format.replace(/\\\\|\\0([0-7]{0,2})|\\x([0-9A-Fa-f]{1,2})|\\u([0-9A-Fa-f]{1,4})|\\U([0-9A-Fa-f]{1,8})/g, (m: string, o?: string, x?: string, u?: string, U?: string) => {
    if (m === "\\\\") return m;
    return (o !== undefined ? parseInt(o || "0", 8) : parseInt(x ?? u ?? U ?? "1", 16)) === 0 ? NUL : m;
  });
  const plain = marked.includes("\\") ? decodeAnsiC(marked) : marked;
  const decoded = plain === null ? null : plain.replaceAll(NUL, "\0");
  if (decoded === null || (decoded.match(/%/g) ?? []).length !== (format.match(/%/g) ?? []).length) return null;
  const slots = (format.match(/%s/g) ?? []).length;
  let out = "";
  let i = 0;
  do {
    out += decoded.replace(/%s|%%/g, (m) => (m === "%%" ? "%" : args[i++] ?? ""));
  } while (slots > 0 && i < args.length);
  return out;
}
