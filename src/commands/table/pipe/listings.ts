// Listings: commands that print names under directories they were given (`find DIR…`, `fd`,
// `ls DIR`), or some of their operands (`ls -d`); grep's are in pipe/grep.ts.
// What the names may be, and when they stand for themselves, is src/shell/listing.ts's.

import { type Arg, type Stdin, withValue } from "../../effects.ts";
import { isPlainPath, type ListingSource } from "../../../shell/listing.ts";
import type { PipeCall, PipeOutput } from "../../spec.ts";
import { againstCwd, leadingOptions, type LeadingOptionRules } from "../common.ts";
import { textDirname } from "./mapped.ts";
import { programName } from "./options.ts";

/** The working directory as the place bare names (`ls`, `fd`) resolve in. */
export function dotOf(anchor: Arg): Arg {
  return withValue(anchor, ".", "");
}

/** The names under each directory of `dirs`, each printed with it in front. */
export const under = (dirs: readonly Arg[], sep: "\n" | "\0"): ListingSource<Arg> => ({ reps: dirs, reach: dirs,
  read: dirs.map((dir) => ({ dir, deep: true })), sep });

/**
 * Whether a start point whose text is not a plain name is not there, so that it prints no name
 * (src/interp/absent.ts). A plain one stays a stand-in whatever is there: it stands for no
 * name as well when nothing is, and a command that makes names there is followed as for any
 * listing (`nameMaker`), which a write through another listing's stand-in does not undo as it
 * undoes an absence.
 */
export function gone(absent: PipeCall["absent"], a: Arg): boolean {
  return a.text !== null && (!isPlainPath(a.text) || a.text.startsWith("-")) && absent(a);
}

function listing(only: readonly string[], source: (call: PipeCall) => ListingSource<Arg> | null): PipeOutput {
  return { t: "listing", source: (call) => (only.includes(call.name) ? source(call) : null) };
}

/**
 * find's options before its start points: -H, -L, -P, -D DEBUGOPTS, -O LEVEL (find 4.9 takes
 * any number after -O, `-O12` too). find.ts reads its words with the same rule.
 */
export const FIND_OPTIONS: LeadingOptionRules = {
  isOption: (t) => t === "-H" || t === "-P" || t === "-L" || t === "-D" || /^-O[0-9]*$/.test(t),
  takesValue: (t) => t === "-D",
};

export const FIND_LISTING = listing(["find"], (call) => {
  const { args, texts, nameArg, absent } = call;
  let i = leadingOptions(texts, FIND_OPTIONS).end;
  // -L and -follow list names under the directories links lead to.
  if (texts.slice(0, i).includes("-L")) return null;
  const starts: Arg[] = [];
  for (; i < args.length && !/^[-(!),]/.test(texts[i]!); i++) starts.push(args[i]!);
  // What each action prints: -print, -print0, -printf FORMAT, -exec CMD … ; (or +).
  const printed: Printed[] = [];
  for (let k = i; k < texts.length; k++) {
    const t = texts[k]!;
    // -ls and the others print something other than the paths, or elsewhere.
    if (/^-(execdir|ok|okdir|fprintf|ls|fls|fprint|fprint0|files0-from|L|follow)$/.test(t)) return null;
    if (t === "-print" || t === "-print0") {
      printed.push({ d: "p", pre: "", sep: t === "-print" ? "\n" : "\0", quote: false });
    } else if (t === "-printf") {
      const f = k + 1 < texts.length ? printfFormat(texts[++k]!) : null;
      if (f === null) return null;
      printed.push(f);
    } else if (t === "-exec") {
      // The command ends at `;`, or at a `+` right after `{}` (another `+` is a word of it).
      let end = k + 1;
      while (end < texts.length && texts[end] !== ";" && !(texts[end] === "+" && texts[end - 1] === "{}")) end++;
      if (end >= texts.length) return null;
      const p = execPrints(call, args.slice(k + 1, end));
      if (p === null) return null;
      if (p !== "nothing") printed.push(p);
      k = end;
    }
  }
  // A start point that is not there prints only a message on standard error (absent.ts).
  const dirs = starts.length ? starts.filter((s) => !gone(absent, s)) : [dotOf(nameArg)];
  // Without an action, find prints each name as -print does.
  if (!printed.length) return under(dirs, "\n");
  const first = printed[0]!;
  if (printed.some((p) => p.sep !== first.sep || p.quote !== first.quote)) return null;
  const src = { reps: [] as Arg[], exact: [] as Arg[], reach: [] as Arg[],
    read: dirs.map((dir) => ({ dir, deep: true })), sep: first.sep, ...(first.quote ? { quote: '"' as const } : {}) };
  for (const p of printed) {
    for (const dir of dirs) {
      const d = dir.text;
      if (d === null) return null;
      if (p.d === "p" || p.d === "h") {
        src.reps.push(dir);
        src.reach.push(dir);
        const up = p.d === "h" ? textDirname(d) : null;
        if (p.d === "h" && up === null) return null;
        if (up !== null) src.exact.push(withValue(dir, up, ""));
      } else if (p.d === "f") {
        // Bare names, which resolve in the working directory; and the start point's own.
        const base = d.replace(/\/+$/, "").replace(/^.*\//, "");
        if (base === "") return null;
        src.reps.push(dotOf(nameArg));
        src.reach.push(dotOf(nameArg));
        src.exact.push(withValue(dir, base, ""));
      } else {
        // PREFIX/ and PREFIX/ with each name relative to the start point.
        const at = withValue(dir, p.pre.replace(/\/+$/, ""), "");
        src.reps.push(at);
        src.reach.push(at);
      }
    }
  }
  return src;
});

/**
 * One name per action: the name (`p`), its directory (`h`, as dirname prints it: `.` for a
 * top name), its last component (`f`), or a literal prefix and the name relative to the start
 * point (`P`, empty for the start point itself), maybe in double quotes, ended by `sep`.
 */
interface Printed {
  readonly d: "p" | "h" | "f" | "P";
  readonly pre: string;
  readonly sep: "\n" | "\0";
  readonly quote: boolean;
}

const UNKNOWN_INPUT: Stdin = { t: "unknown" };

/**
 * What `-exec CMD ARGS… ;` (or `+`) prints of each name: its directory (`dirname {}`); the name
 * itself, as CMD's entry says when CMD prints some of its operands as given and `{}` is the
 * only one it would print (`grep -l PAT {}`, `grep -lZ`: ended as grep ends it); nothing
 * (`grep -q PAT {}`: the -exec is then only a test). Null otherwise. Find writes what it
 * printed before it starts the command (GNU and BusyBox, under strace), so their lines do not mix.
 */
function execPrints(call: PipeCall, words: readonly Arg[]): Printed | "nothing" | null {
  const [cmd, ...rest] = words;
  const program = programName(cmd?.text ?? null);
  if (program === null) return null;
  if (program === "dirname" && rest.length === 1 && rest[0]!.text === "{}") {
    return { d: "h", pre: "", sep: "\n", quote: false };
  }
  // `{}` stands for every name find yields: an answer worked out from its text is no answer
  // (`readlink {}` of a name `{}` that is not there prints nothing; of a link, its target).
  // CMD reads find's own standard input: not known here.
  const given = rest.map((w) => (w.text?.includes("{}") ? { ...w, standIn: true as const } : w));
  const out = call.output(program, given, UNKNOWN_INPUT);
  if (out.t === "text" && out.text === "") return "nothing";
  if (out.t !== "listing" || !out.listing.asGiven || out.listing.quote || out.listing.reps.length !== 1 ||
    out.listing.reps[0]!.text !== "{}") return null;
  return { d: "p", pre: "", sep: out.listing.sep, quote: false };
}

/**
 * A -printf format that prints one name per line (GNU find 4.9, checked with real find):
 * `["][PREFIX/]%X["]\n` or `\0`, X one of p, h, f and P. PREFIX comes only with %P, as plain
 * components that are not `..` ending with `/` (the start point's %P is empty: `PREFIX/`).
 * Anything else (%s, %T@, two names a line, no separator: `.` then `.` print `..`) is null.
 */
function printfFormat(format: string): Printed | null {
  const m = /^("?)((?:[^%\\"]|%%)*)%([phfP])("?)\\([n0])$/.exec(format);
  if (m === null || m[1] !== m[4]) return null;
  const d = m[3] as Printed["d"];
  const pre = m[2]!.replaceAll("%%", "%");
  if (d !== "P"
    ? pre !== ""
    : !pre.endsWith("/") || !isPlainPath(pre) || pre.split("/").some((c) => c === "..") || pre.startsWith("/"))
  {
    return null;
  }
  return { d, pre, sep: m[5] === "n" ? "\n" : "\0", quote: m[1] === '"' };
}

/** A pathspec whose matches print as names under the working directory: no `..`, no `/` or magic first. */
const INNER_PATHSPEC = /^(?![/:-])[A-Za-z0-9._+,%@^*?[\]/-]+$/;
const innerPathspec = (t: string) => INNER_PATHSPEC.test(t) && !t.split("/").includes("..");

/**
 * `git ls-files [PATHSPEC…]` and `git diff --name-only [-- PATHSPEC…]` print names from git's
 * index (the names of the entries, or of those that differ from the working tree), relative
 * to the working directory or the top, as plain relative paths when the index's names are
 * (the interpreter reads it: `fromIndex`). Options that print other names (`--others`, from
 * disk; `--cached` or a revision, from history) or more than names keep them unknown.
 */
export const GIT_LISTING = listing(["git"], ({ texts, nameArg }) => {
  const dot = dotOf(nameArg);
  const nul = texts.includes("-z");
  const fromIndex = { reps: [dot], reach: [dot], read: [], sep: nul ? "\0" : "\n", fromIndex: true } as const;
  if (texts[0] === "ls-files") {
    const rest = texts.slice(1);
    const dash = rest.indexOf("--");
    const opts = dash < 0
      ? rest.filter((t) => t.startsWith("-"))
      : rest.slice(0, dash).filter((t) => t.startsWith("-"));
    const specs = dash < 0
      ? rest.filter((t) => !t.startsWith("-"))
      : [...rest.slice(0, dash).filter((t) => !t.startsWith("-")), ...rest.slice(dash + 1)];
    if (opts.every((t) => /^-[zcmd]+$|^--(cached|modified|deleted|full-name|exclude-standard)$/.test(t)) &&
      specs.every(innerPathspec)) return fromIndex;
  } else if (texts[0] === "diff" && texts.includes("--name-only")) {
    // Without `--`, an operand may be a revision: names from history.
    const dash = texts.indexOf("--");
    const before = dash < 0 ? texts.slice(1) : texts.slice(1, dash);
    if (before.every((t) => /^(-z|--name-only|--relative|--no-renames|--diff-filter=[A-Za-z]+)$/.test(t)) &&
      (dash < 0 || texts.slice(dash + 1).every(innerPathspec))) return fromIndex;
  }
  if ((texts[0] === "ls-files" && !texts.some((t) => /^--(format|stage|debug)|^-s$/.test(t))) ||
    (texts[0] === "diff" && texts.includes("--name-only")))
  {
    return { reps: [dot], reach: [dot], read: [], sep: nul ? "\0" : "\n",
      unverifiable: `git ${
        texts[0]
      } with these words prints names from git's history or other names, which need not be on disk` };
  }
  return null;
});

export const FD_LISTING = listing(["fd", "fdfind"], ({ args, texts, nameArg }) => {
  if (texts.some((t) => /^-(x|X|l|L)$|^--(exec|list-details|format|follow|base-directory)/.test(t))) return null;
  // fd [options] [pattern] [path…]; --search-path adds a path, other value options take a word.
  const dirs: Arg[] = [];
  let pattern = false;
  let nul = false;
  // Own rules, not leadingOptions: fd takes options anywhere, and the first operand is the pattern.
  for (let k = 0; k < args.length; k++) {
    const t = texts[k]!;
    if (t === "-0" || t === "--print0") nul = true;
    if (t === "--search-path") {
      if (args[k + 1]) dirs.push(args[++k]!);
    } else if (/^-[etEdSoc]$|^--(extension|type|exclude|max-depth|min-depth|exact-depth|size|owner|changed-within|changed-before|ignore-file|max-results|threads|path-separator|color)$/
      .test(t)) k++;
    else if (t.startsWith("-")) continue;
    else if (!pattern) pattern = true;
    else dirs.push(args[k]!);
  }
  // Without a directory fd prints names relative to the working directory.
  const dot = dotOf(nameArg);
  return dirs.length
    ? under(dirs, nul ? "\0" : "\n")
    : { reps: [dot], reach: [dot], read: [{ dir: dot, deep: true }], sep: nul ? "\0" : "\n" };
});

/**
 * `ls [DIR]`: the bare names in DIR, which resolve in the working directory (`.`); `ls -d
 * NAME…` and `ls FILE…`: some of the operands. Options that decorate, add `.` and `..`, print
 * columns or headers make it unknown; -p adds `/` to a directory's name (the same place), and
 * -Q quotes each name, which only xargs removes. (`dir` and `vdir` print columns.)
 */
export const LS_LISTING = listing(["ls"], ({ args, texts, nameArg, world, physicalDir, absent }) => {
  const options = texts.filter((t) => t.startsWith("-") && t !== "-");
  const operands = args.filter((a) => !a.text!.startsWith("-") || a.text === "-");
  if (!options.every((o) =>
    /^-[1trSXUvcuApLhGdCxQp]+$/.test(o) ||
    /^--(sort=\w+|time=\w+|group-directories-first|color=(never|auto)|almost-all|reverse|dereference|directory)$/.test(
      o,
    )
  )) return null;
  // Columns (-C, -x) unless a -1 after them wins (`ls -C1`; `ls -1C` prints columns).
  const letters = options.filter((o) => !o.startsWith("--")).join("");
  if (/[Cx][^1]*$/.test(letters)) return null;
  // -Q prints each name in double quotes (with -p, the `/` after them: `"d"/`).
  const quoted = letters.includes("Q");
  if (quoted && letters.includes("p")) return null;
  const quote = quoted ? { quote: '"' as const } : {};
  const dirOnly = options.some((o) => /^-[a-zA-Z]*d|^--directory$/.test(o));
  const cwd = world.cwd;
  // (Where the working directory is not known — a stand-in among them — a relative operand
  // may be a directory whose names nobody checked: not "printed as written".)
  if (!dirOnly && cwd === null && operands.some((o) => !o.text!.startsWith("/"))) return null;
  const dirAt = (t: string) => {
    const at = againstCwd(cwd, t);
    return at === null ? null : physicalDir(at);
  };
  // Operands that are not directories are printed as they are written: some of them, in an
  // order of ls's; one that is not there only as a message on standard error (absent.ts).
  // (With -d they are exactly the names given, whatever they are: `asGiven`.)
  if (operands.length && (dirOnly || operands.every((o) => dirAt(o.text!) === null))) {
    return { reps: operands.filter((o) => !gone(absent, o)), reach: [], read: [], sep: "\n", ...quote,
      ...(dirOnly ? { asGiven: true as const } : {}) };
  }
  // One directory, or none: more print a header for each (`ls nothing dir` too: `dir:`).
  if (operands.length > 1) return null;
  const dir = operands[0] ?? dotOf(nameArg);
  return { reps: [dotOf(nameArg)], reach: [dotOf(nameArg)], read: [{ dir, deep: false }], sep: "\n", ...quote };
});
