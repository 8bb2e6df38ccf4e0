// What a command reads on standard input, when the guard can see it: a here-string or
// here-document, a file named by `<`, or the output of an earlier pipeline segment whose
// output is known — a literal (`echo`, `printf`, `cat <<EOF`), or paths under directories
// (`find DIR`, `git ls-files`), passed through line filters (`grep -v`, `sort`, `head`, …).

import type { Arg } from "../commands/analyse.ts";
import { type Stdin, withValue } from "../commands/effects.ts";
import { decodeAnsiC } from "./escapes.ts";
import { parseWords } from "../commands/apply.ts";
import { WRAPPER_SPECS } from "../commands/table/wrappers.ts";
import type { World } from "./state.ts";
import type { Redir, Stmt, Word } from "./syntax.ts";
import { expandToSegs, expandWord, type Field, fieldText, firstUnknown, type Seg, type WordEnv } from "./words.ts";

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

/** Filters whose output lines are some of their input lines, unchanged. */
function isLineFilter(name: string, args: readonly (string | null)[]): boolean {
  if (args.some((a) => a === null)) return false;
  const flags = args.filter((a) => a!.startsWith("-")).join(" ");
  switch (name) {
    case "grep":
    case "egrep":
    case "fgrep":
      // -o prints parts of lines, -c counts, -l/-L/-n/-b decorate: not the lines themselves.
      if (/-[a-zA-Z]*[oclLnbHZrR]|--(only-matching|count|files-with|line-number|byte-offset|with-filename|null|recursive)\b/.test(flags)) return false;
      // Reading standard input: no operand beyond the pattern (which -e or -f may give instead).
      return args.filter((a, i) => !a!.startsWith("-") && !/^-(e|f)$/.test(args[i - 1] ?? "")).length <= (/(^|\s)-(e|f)\b|--(regexp|file)\b/.test(flags) ? 0 : 1);
    case "sort":
    case "head":
    case "tail":
    case "tac":
      return !args.some((a) => !a!.startsWith("-") && !/^[0-9]+$/.test(a!));
    case "uniq":
      return !/-[a-zA-Z]*c|--count/.test(flags);
    case "tr":
      // tr '\n' '\0' and back only change the separator.
      return args.length === 2 && ["\\n", "\\0", "\\000", "\n"].includes(args[0]!) && ["\\n", "\\0", "\\000", "\n"].includes(args[1]!);
    default:
      return false;
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
  if (isLineFilter(name, texts)) {
    const own = redirectedStdin(s.redirs, w, env);
    const input = own ?? (index > 0 ? pipeOutput(items, index - 1, w, env) : UNKNOWN_STDIN);
    // A subset of the lines of paths stays paths under the same directories; of known text, unknown lines.
    return input.t === "paths-under" ? input : UNKNOWN_STDIN;
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
      return pathsOutput(argv);
  }
}

/** `find DIR…` and friends print paths under directories they were given. */
function pathsOutput(argv: readonly Arg[]): Stdin {
  const name = argv[0]?.text?.replace(/^.*\//, "");
  const args = argv.slice(1);
  if (!name || args.some((a) => a.text === null)) return UNKNOWN_STDIN;
  const texts = args.map((a) => a.text!);
  const dot = () => withValue(argv[0]!, ".", "");
  switch (name) {
    case "find": {
      // -printf, -ls and -exec print something other than the paths.
      if (texts.some((t) => /^-(exec|execdir|ok|okdir|printf|fprintf|ls|fls|fprint|fprint0|files0-from)$/.test(t))) return UNKNOWN_STDIN;
      const starts: Arg[] = [];
      let i = 0;
      while (i < args.length && /^-[HLP]$/.test(texts[i]!)) i++;
      for (; i < args.length && !/^[-(!),]/.test(texts[i]!); i++) starts.push(args[i]!);
      return { t: "paths-under", dirs: starts.length ? starts : [dot()] };
    }
    case "git":
      return texts[0] === "ls-files" && !texts.some((t) => /^--(format|stage|debug)|^-s$/.test(t)) ? { t: "paths-under", dirs: [dot()] } : UNKNOWN_STDIN;
    case "fd":
    case "fdfind": {
      if (texts.some((t) => /^-(x|X|l)$|^--(exec|list-details|format)/.test(t))) return UNKNOWN_STDIN;
      // fd [options] [pattern] [path…]; --search-path adds a path, other value options take a word.
      const dirs: Arg[] = [];
      let pattern = false;
      for (let k = 0; k < args.length; k++) {
        const t = texts[k]!;
        if (t === "--search-path") {
          if (args[k + 1]) dirs.push(args[++k]!);
        } else if (/^-[etEdSoc]$|^--(extension|type|exclude|max-depth|min-depth|exact-depth|size|owner|changed-within|changed-before|ignore-file|max-results|threads|base-directory|path-separator|color)$/.test(t)) k++;
        else if (t.startsWith("-")) continue;
        else if (!pattern) pattern = true;
        else dirs.push(args[k]!);
      }
      return { t: "paths-under", dirs: dirs.length ? dirs : [dot()] };
    }
    default:
      return UNKNOWN_STDIN;
  }
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
