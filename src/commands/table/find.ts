// find and test: commands whose words form an expression rather than options and operands.

import { syntheticArg } from "../apply.ts";
import { type Arg, type Effect, replacedByStandIn, withValue } from "../effects.ts";
import type { Analyser, Call } from "../spec.ts";
import { againstCwd, leadingOptions } from "./common.ts";
import { BASH_LIKE } from "./shells.ts";
import { FIND_LISTING, FIND_OPTIONS } from "./pipe/listings.ts";
import { FILE_COMPARISONS, FILE_TESTS } from "../../shell/test-ops.ts";

/** Tests and actions that take one value that is not a path. */
const FIND_VALUE = new Set(["-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex",
  "-lname", "-ilname", "-type", "-xtype", "-perm", "-size", "-user", "-group", "-uid", "-gid", "-mtime", "-atime",
  "-ctime", "-mmin", "-amin", "-cmin", "-maxdepth", "-mindepth", "-links", "-inum", "-used", "-fstype", "-context",
  "-printf", "-regextype", "-D", "-since", "-until"]);
/** Tests whose value is a file whose metadata is read. */
const FIND_FILE = new Set(["-newer", "-anewer", "-cnewer", "-samefile"]);
const FIND_WRITES = new Set(["-fprint", "-fprint0", "-fls"]);
const FIND_EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

function isExpressionStart(t: string | null): boolean {
  return t !== null && (t.startsWith("-") || t === "(" || t === "!" || t === ")" || t === ",");
}

/**
 * find [-H|-L|-P] [start…] [expression]: start points are listed (the `find` surface);
 * `-delete` writes everything under them; `-exec CMD {} ;` runs CMD with `{}` standing for
 * a path under each start point (the start itself, an entry under it, and every symlink under
 * it that leads out, found by a scan).
 */
function find(call: Call): Effect[] {
  const { args } = call;
  const effects: Effect[] = [];
  const leading = leadingOptions(args.map((a) => a.text), FIND_OPTIONS);
  let follow = leading.options.includes("-L");
  let i = leading.end;
  const starts: Arg[] = [];
  for (; i < args.length && !isExpressionStart(args[i]!.text); i++) starts.push(args[i]!);
  if (starts.length === 0) starts.push(syntheticArg(".", call.span));
  const expression = args.slice(i);
  let deletes = false;
  const execs: { words: Arg[]; dir: boolean; label: string; guards: readonly Guard[] | null }[] = [];
  // The tests an -exec comes after, while the expression is only `and`s of them (null past an
  // operator): they may show that find never yields the start point itself to it.
  let guards: Guard[] | null = [];
  let mindepth = 0;
  for (let j = 0; j < expression.length; j++) {
    const a = expression[j]!;
    const t = a.text;
    // `! -path P` and `-not -path P` (find's way to leave a tree out: `-not -path './.venv/*'`).
    const negated = (t === "!" || t === "-not") && PATH_TESTS.has(expression[j + 1]?.text ?? "")
      ? expression[j + 2]
      : null;
    if (negated) {
      if (negated.text !== null) {
        guards?.push({ test: `!${expression[j + 1]!.text!}` as Guard["test"], value: negated.text });
      } else guards = null;
      j += 2;
      continue;
    }
    if (t !== null && OPERATORS.has(t)) guards = null;
    if (t !== null && PATH_TESTS.has(t) && expression[j + 1]) {
      const v = expression[j + 1]!.text;
      if (v !== null) guards?.push({ test: t as Guard["test"], value: v });
      else guards = null;
    }
    if ((t === "-type" || t === "-xtype" || t === "-name" || t === "-iname") && expression[j + 1]) {
      const v = expression[j + 1]!.text;
      if (t !== "-xtype" && v !== null) guards?.push({ test: t, value: v });
      else guards = null;
    }
    if (t === "-mindepth" && /^[0-9]+$/.test(expression[j + 1]?.text ?? "")) mindepth = Number(expression[j + 1]!.text);
    if (t === null) {
      // An unknown predicate could be -delete or -exec: the start points may be written.
      effects.push({ t: "generic", arg: a, operand: true });
      deletes = true;
      continue;
    }
    if (t === "-follow") follow = true;
    else if (t === "-delete") deletes = true;
    else if (FIND_VALUE.has(t) || /^-newer[a-zA-Z]{2}$/.test(t)) {
      const v = expression[++j];
      if (v && /^-newer[aBcm][aBcm]$/.test(t) && !t.endsWith("t")) effects.push({ t: "path", arg: v, kind: "read" });
    } else if (FIND_FILE.has(t)) {
      const v = expression[++j];
      if (v) effects.push({ t: "path", arg: v, kind: "read" });
    } else if (FIND_WRITES.has(t)) {
      const v = expression[++j];
      if (v) effects.push({ t: "path", arg: v, kind: "write" });
    } else if (t === "-fprintf") {
      const v = expression[++j];
      if (v) effects.push({ t: "path", arg: v, kind: "write" });
      j++;
    } else if (t === "-files0-from") {
      const v = expression[++j];
      if (v) effects.push({ t: "path", arg: v, kind: "read" });
      effects.push({ t: "issue", code: "UNRESOLVED_WORD",
        message: "find -files0-from takes its start points from a file", span: a.span });
    } else if (FIND_EXEC.has(t)) {
      const words: Arg[] = [];
      for (j++; j < expression.length; j++) {
        const w = expression[j]!;
        if (w.text === ";" || (w.text === "+" && words.length && words[words.length - 1]!.text === "{}")) break;
        words.push(w);
      }
      execs.push({ words, dir: t === "-execdir" || t === "-okdir", label: `find ${t}`,
        guards: guards === null ? null : [...guards] });
    } else if (!isExpressionStart(t)) {
      // A word where a test belongs: GNU find looks it up on disk (to say "paths must precede
      // expression") before it refuses the command.
      effects.push({ t: "path", arg: a, kind: "list", surface: "find" });
    }
  }
  // (A start point that is a symlink is deleted itself, not what it leads to, unless find follows it.)
  const followsStart = follow || leading.options.includes("-H");
  const link = (s: Arg) =>
    !followsStart && s.text !== null && !s.text.endsWith("/") && call.disk.settled(s.text) && call.disk.isLink(s.text);
  const whole = deletesWhole(expression);
  for (const s of starts) {
    const removes = whole && !link(s) ? { removesTree: true as const } : {};
    effects.push({ t: "path", arg: s, kind: deletes ? "write" : "list", surface: "find", ...removes });
    if (follow) effects.push({ t: "scan", arg: s, kind: deletes ? "write" : "list", surface: "find" });
  }
  for (const e of execs) {
    if (e.words.length === 0) continue;
    for (const s of starts) {
      const under = s.text === null
        ? withValue(s, null, "a path find yields")
        : withValue(s, `${s.text.replace(/\/+$/, "") || "/"}/*`, "");
      // -execdir runs in the directory that holds the match, with `{}` as `./NAME` there: for
      // the start point itself that is its parent (`find src/sub -execdir` runs in src with
      // `./sub`; `find .. -execdir` in the working directory with `./..`), for what is under
      // it, the start point or a directory below it (the start point climbs the furthest).
      const all: (readonly [Arg, string | null])[] = e.dir
        ? [[s.text === null ? s : withValue(s, execdirName(s.text), ""), s.text === null ? null : parentOf(s.text)], [
          s.text === null ? under : withValue(s, "./*", ""),
          s.text,
        ]]
        : [[s, null], [under, null]];
      // (`find src -type f -exec …` never runs it on src itself; a start point that is not a
      // directory, and that nothing earlier may have made one, has nothing under it: find yields
      // it alone, or nothing when it is not there. Without -L it does not follow a link there.)
      const unchanged = !call.world.fsChanged && !call.world.linksChanged && s.text !== null &&
        call.disk.settled(s.text);
      const alone = unchanged && !follow && !call.disk.isDirectory(s.text!) && !call.disk.isLink(s.text!);
      const reps = (mindepth > 0 || startExcluded(s, e.guards, call) ? all.slice(1) : all).filter((r) =>
        !alone || r === all[0]
      );
      // A shell that gets the names may read them again (`sh -c 'cat $1' _ {}`): they stand in
      // as a listing's do only when every name under the start point is plain (src/shell/listing.ts).
      // (Only a shell reads them again; other commands take each as one word, plain or not.)
      const shell = e.words[0]?.text != null && BASH_LIKE.includes(e.words[0].text.replace(/^.*\//, ""));
      const exact =
        s.text === null || !shell || !e.words.some((w) => w.text?.includes("{}")) ||
          call.disk.plainNames(s.text, s.span) !== null
          ? { exact: true as const }
          : {};
      // Which links under s the tests before the -exec let through (none after `-type f`): `s/*`
      // stands for none of the others, and the scan below looks for no other.
      // (Only while no -exec may make a link: one made during the walk may be yielded by a type
      // find read before it was made, or by a name the tests let through.)
      const links = follow || !execs.every((x) => LINKLESS.has(x.words[0]?.text ?? ""))
        ? undefined
        : linksYielded(e.guards);
      const linkTest = e.dir || links === undefined ? {} : { links: links === "none" ? () => false : links };
      for (const [representative, dir] of reps) {
        // A word made with `{}` stands for any of the paths (src/shell/listing.ts): never a command name or code.
        const argv = e.words.map((
          w,
        ) => (w.text !== null && w.text.includes("{}")
          ? (representative.text === null
            ? withValue(w, null, "a path find yields")
            : replacedByStandIn(w, w.text.split("{}"), representative.text, { ...exact, ...linkTest }))
          : w)
        );
        effects.push({ t: "run", argv, inProcess: false, bypassFunctions: true, label: e.label,
          ...(e.dir ? { base: dir === null ? null : againstCwd(call.world.cwd, dir) } : {}) });
      }
      // {} may also be a symlink under the start point that leads out: one the tests before the
      // -exec let through (without -L find neither follows a link nor yields one to `-type f`).
      // (After `-type f` no link is ever given: there is nothing to walk for.)
      if (links !== "none") {
        effects.push({ t: "scan", arg: s, kind: "unknown", surface: "find", ...(links ? { links } : {}) });
      }
    }
  }
  // (An -exec of a program that only reads and prints changes nothing a later name goes through.)
  const changing = execs.filter((e) => !PRINTS_ONLY.has(e.words[0]?.text ?? ""));
  if (deletes || changing.length) effects.push({ t: "changes", fs: true, links: changing.length > 0 });
  return effects;
}

/**
 * Programs that write no file whatever their words, run by -exec under their own names (a
 * path, `/bin/ls`, may be another program): their analysis judges what they read.
 */
const PRINTS_ONLY_NAMES = ["dirname", "basename", "echo", "printf", "stat", "wc", "grep", "egrep", "fgrep", "cat", "ls",
  "md5sum", "sha1sum", "sha256sum", "sha512sum", "du", "head", "tail", "realpath", "readlink", "test", "["];
const PRINTS_ONLY: ReadonlySet<string> = new Set(PRINTS_ONLY_NAMES);

/**
 * Programs that make no symlink whatever their words, run by -exec under their own names: those
 * that only read and print, and those that only remove names or change modes and times (their
 * entries' `naming: REMOVES`; touch makes regular files). Not git (a pull checks out links).
 */
const LINKLESS: ReadonlySet<string> = new Set([...PRINTS_ONLY_NAMES, "rm", "rmdir", "unlink", "chmod", "chown", "chgrp",
  "shred", "touch"]);

/** Words of an expression that leave -delete to delete everything under the start points (their values skipped). */
const DELETES_ALL = new Set(["-delete", "-depth", "-d", "-xdev", "-mount", "-noleaf", "-ignore_readdir_race", "-print",
  "-print0", "-true"]);

/**
 * Whether `find START… EXPR` deletes each start point's whole tree: -delete, and nothing that
 * picks what it deletes but a -mindepth or a -type that takes files (`find .git -delete`, `find
 * . -type f -delete`; not `find . -name '*.o' -delete`, nor -maxdepth).
 */
function deletesWhole(expression: readonly Arg[]): boolean {
  let deletes = false;
  for (let j = 0; j < expression.length; j++) {
    const t = expression[j]!.text;
    if (t === "-delete") deletes = true;
    if (t !== null && DELETES_ALL.has(t)) continue;
    const v = expression[j + 1]?.text;
    if (t === "-mindepth" && v != null) j++;
    else if (t === "-type" && v != null && v.split(",").includes("f")) j++;
    else return false;
  }
  return deletes;
}

/** A test an -exec comes after: `-type f`, `-name '*.c'`, `-path './x/*'`, `-not -path './.venv/*'`. */
interface Guard {
  readonly test: "-type" | "-name" | "-iname" | "-path" | "-ipath" | "-wholename" | "-iwholename" | "!-path" | "!-ipath"
    | "!-wholename" | "!-iwholename";
  readonly value: string;
}

/** Tests of the whole path as find prints it (`-wholename` is `-path`). */
const PATH_TESTS: ReadonlySet<string> = new Set(["-path", "-ipath", "-wholename", "-iwholename"]);

/** Words that make the expression more than tests joined by `and`. */
const OPERATORS = new Set(["-o", "-or", ",", "!", "-not", "(", ")"]);

/**
 * Whether the tests before an -exec are false for the start point itself: a directory for
 * `-type` without `d`, a name its base name does not match for `-name` (a pattern of literal
 * text, `*` and `?`; find's `*` matches a leading dot too).
 */
function startExcluded(s: Arg, guards: readonly Guard[] | null, call: Call): boolean {
  if (guards === null || s.text === null) return false;
  const base = s.text.replace(/\/+$/, "").replace(/^.*\//, "") || (s.text.startsWith("/") ? "/" : ".");
  return guards.some((g) => {
    // (A start point that is a symlink is of type `l` to find without -H or -L.)
    if (g.test === "-type") return !/[dl]/.test(g.value) && call.disk.isDirectory(s.text!);
    return (g.test === "-name" || g.test === "-iname") && matches(g.value, base, g.test === "-iname") === false;
  });
}

/**
 * Whether find's pattern (fnmatch without FNM_PATHNAME: `*` and `?` match `/` and a leading dot
 * too) matches a text, for a pattern of literal ASCII text, `*` and `?`; null for any other
 * (brackets, backslashes, text outside ASCII), which the guard does not decide.
 */
function matches(pattern: string, text: string, icase: boolean): boolean | null {
  if (!/^[^[\]\\]*$/.test(pattern) || /[^\x00-\x7f]/.test(pattern + text)) return null;
  const re = new RegExp(
    "^" +
      [...pattern].map((c) => (c === "*" ? "[^]*" : c === "?" ? "[^]" : c.replace(/[.+^${}()|]/g, "\\$&"))).join("") +
      "$",
    icase ? "iu" : "u",
  );
  return re.test(text);
}

/**
 * Which symlinks under a start point find (without -L) may yield to an -exec after these tests
 * (joined by `and`), by the link's name and its path as find prints it: none after a `-type`
 * without `l` (a link is of type `l`), only those a `-name`/`-path` may match, none a `-not -path`
 * surely matches. Undefined: any (an operator among the tests); "none": no link at all.
 */
function linksYielded(guards: readonly Guard[] | null): ((name: string, path: string) => boolean) | "none" | undefined {
  if (guards === null || guards.length === 0) return undefined;
  if (guards.some((g) => g.test === "-type" && !g.value.split(",").includes("l"))) return "none";
  return (name, path) =>
    guards.every((g) => {
      const icase = g.test.includes("-i");
      switch (g.test) {
        case "-type":
          return g.value.split(",").includes("l");
        case "-name":
        case "-iname":
          return matches(g.value, name, icase) !== false;
        case "-path":
        case "-ipath":
        case "-wholename":
        case "-iwholename":
          return matches(g.value, path, icase) !== false;
        case "!-path":
        case "!-ipath":
        case "!-wholename":
        case "!-iwholename":
          return matches(g.value, path, icase) !== true;
        default: {
          const never: never = g.test;
          return never;
        }
      }
    });
}

/** What `{}` is under -execdir for a start point (checked with GNU find): `./b/` for `a/b/`, `./.` for `.`, `/` for `/`. */
function execdirName(p: string): string {
  if (/^\/+$/.test(p)) return "/";
  const m = /([^/]*)(\/*)$/.exec(p)!;
  return `./${m[1]}${m[2]}`;
}

/** The directory find's -execdir runs in for a start point: `.` for `src`, `a` for `a/b/`, `.` for `.`. */
function parentOf(p: string): string {
  const t = p.replace(/\/+$/, "");
  if (t === "") return "/";
  const k = t.lastIndexOf("/");
  if (k < 0) return ".";
  return k === 0 ? "/" : t.slice(0, k);
}

/** test / [: the operands of file tests are looked at (a read of metadata); strings are not paths. */
function test(call: Call): Effect[] {
  let words = call.args;
  if (call.name === "[" && words.length && words[words.length - 1]!.text === "]") words = words.slice(0, -1);
  const effects: Effect[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w.text === null) continue;
    const next = words[i + 1];
    if (FILE_TESTS.has(w.text) && next && !(w.text === "-a" && i > 0)) {
      effects.push({ t: "path", arg: next, kind: "read" });
      i++;
    } else if (FILE_COMPARISONS.has(w.text) && next && i > 0) {
      effects.push({ t: "path", arg: words[i - 1]!, kind: "read" }, { t: "path", arg: next, kind: "read" });
      i++;
    }
  }
  return effects;
}

export const EXPRESSIONS: readonly Analyser[] = [{ names: ["find", "gfind"], analyse: find, pipe: [FIND_LISTING],
  naming: { fact: "keeps", names: ["find"] } }, { names: ["test", "["], analyse: test }];
