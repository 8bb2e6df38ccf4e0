// Names that can only come from a listing: what `find DIR`, `fd`, `ls DIR` and `grep -rl … DIR`
// print, passed through line filters (`sort`, `grep -v`, `head`, …), wherever it arrives:
// xargs, `read` in a loop, `$(…)` and a `for` list. All of them use the one value below.
//
// Soundness. A consumer does not get names, it gets a stream of bytes that it cuts into
// words: xargs at blanks and newlines (and it removes quotes and backslashes), `read` at its
// delimiter (trimming IFS blanks, removing backslashes without -r), an unquoted `$(…)` at IFS
// characters and then through pathname expansion, a shell that gets a name as code at every
// metacharacter. A piece of a name is not a name under the directory: a directory `x ` holding
// `etc/passwd` under `.` prints `./x /etc/passwd`, which xargs cuts into `./x` and
// `/etc/passwd`; a name `a⏎..` prints a line `..`; a name `-rf` or `a=b` is an option or an
// assignment to the command that gets it. So the value stands for the names only when every
// name it can print is *plain*: letters, digits and `._+,%@^_-` (`-` not first), no blank, quote,
// backslash, glob, `=` or shell metacharacter, so every way of cutting leaves it whole and no
// program reads it as anything but a name. The guard checks that on disk at check time, under
// every directory the listing reads (`unplainNames` in the interpreter), and keeps the value
// unknown when it cannot: a name is not plain, the tree is past the bound, an earlier command
// may have made symlinks or unpacked something there, the names come from git's history
// (which may hold names that are not on disk) or from an index that holds a name that is not
// plain or one under a symlink (src/paths/git-index.ts), or IFS holds a character a plain
// name may contain. Since the consumer may run while the listing is still being printed, a
// command anywhere in the command line that could make a name that is not plain (a write
// whose name is not plain, or by a program that copies or unpacks trees, or one that may
// create symlinks) makes the value unknown after the fact (the interpreter's `settleListings`).
//
// The value is one text that stands for every name: the directory itself for `find DIR`
// (which may print DIR itself, the shallowest name: `DIR/..` climbs the furthest of them all),
// `.` for names printed relative to the working directory (`ls`, `fd` without a directory).
// Every name is under that place, so the place is also judged as reached as a whole
// (`reach`: rules on what it holds apply, and a scan judges every symlink under it that leads
// out). A stand-in never becomes a command name or code (`standIn` on the word): a plain name
// run as a command is a program looked up in PATH.

import type { IndexedNames } from "./index-names.ts";
import type { CommandFinding, NameFact, PathFinding } from "./findings.ts";
import { isInside } from "../paths/resolve.ts";
import { zoneInListing } from "./zones.ts";
import type { World } from "./state.ts";
import type { PatternOp } from "./param-ops.ts";

/**
 * The words a listing is made of: commands' arguments (`Arg` in src/commands/effects.ts), of
 * which only these fields are read here, so that this module needs nothing of the commands.
 */
export interface Named {
  readonly text: string | null;
  readonly standIn?: true;
}

export interface Listing<Arg extends Named = Named> {
  /** Texts each of which stands for every name the listing prints (one per directory); none: it prints nothing. */
  readonly reps: readonly Arg[];
  /** Where the names are: each judged as reached recursively, and scanned for links that lead out. */
  readonly reach: readonly Arg[];
  /** What ends each name: a newline, or NUL (`-print0`, `-z`, `tr '\n' '\0'`). */
  readonly sep: "\n" | "\0";
  /** At most one name is printed (`head -1`). */
  readonly single: boolean;
  /** Exactly one name is printed (`echo "$f"` of a stand-in, then filters that change each name): a stand-in as `$(dirname "$f")` is. */
  readonly one?: true;
  /** Null when every name the listing can print was checked on disk; otherwise why not. */
  readonly unplain: string | null;
  /**
   * The characters outside the plain set that the names checked hold (`-` also when a name
   * starts with it): empty when every name is plain.
   */
  readonly odd: string;
  /**
   * A name it may print is a symlink, or was not looked at (a listing of one directory's
   * entries, a name that is not on disk): a consumer that copies names as they are (`cpio -p`)
   * may make a link that resolves elsewhere from where the copy lands.
   */
  readonly links: boolean;
  /**
   * Each name is printed between these quotes (`find -printf '"%p"\n'`, `ls -Q`): only a
   * consumer that removes them (xargs without -0 or -d) gets the names.
   */
  readonly quote?: '"';
  /**
   * Every name it prints is one of `reps` exactly as the command was given it (`grep -l PAT
   * FILE…`, `ls -d NAME…`): what it prints of names from another listing is some of those
   * names. Only on a listing straight from its command (`filtered` drops it).
   */
  readonly asGiven?: true;
  /** The names come from git's index, these (index-names.ts): no other symlink is one of them. */
  readonly indexed?: ReadonlySet<string>;
}

/** A character a plain name may hold; a plain name also does not start with `-`. */
const PLAIN_CHAR = /^[\p{L}\p{N}\p{M}._+,%@^_-]$/u;
const PLAIN_NAME = /^(?!-)[\p{L}\p{N}\p{M}._+,%@^_-]+$/u;
/** A directory operand as written: plain components, `/`, `.` and `..`. */
const PLAIN_PATH = /^[\p{L}\p{N}\p{M}._+,%@^_/-]+$/u;

function isPlainChar(c: string): boolean {
  return PLAIN_CHAR.test(c);
}

/** A character a name the listing prints may hold: a plain one, or the `/` between names. */
export function mayCut(c: string): boolean {
  return c === "/" || PLAIN_CHAR.test(c);
}

export function isPlainName(name: string): boolean {
  return PLAIN_NAME.test(name);
}

/** A path whose every component is plain (or `.`, `..`), for names written by a command. */
export function isPlainPath(path: string): boolean {
  return PLAIN_PATH.test(path) &&
    path.split("/").every((c) => c === "" || c === "." || c === ".." || PLAIN_NAME.test(c));
}

/** What the walk of a directory saw (src/interp/names-under.ts): the characters outside the plain set, and whether an entry is a symlink. */
export interface NamesSeen {
  readonly odd: string;
  readonly links?: true;
}

/**
 * The interpreter's answer about the names under a directory (see `unplainNames` there): why
 * they cannot be checked, or what the names hold.
 */
type NamesCheck<Arg extends Named> = (dir: Arg, deep: boolean) => string | NamesSeen;

/** What a listing command prints, before the names on disk are checked. */
export interface ListingSource<Arg extends Named> {
  /** The stand-ins (see above). */
  readonly reps: readonly Arg[];
  /**
   * Texts it may print as they are, beside the names the stand-ins stand for (`find DIR
   * -printf %h` prints DIR's own dirname): judged as written, never as stand-ins.
   */
  readonly exact?: readonly Arg[];
  readonly quote?: '"';
  /** Where the names resolve. */
  readonly reach: readonly Arg[];
  /** The directories whose names it prints: every name under each (in it only, `deep` false). */
  readonly read: readonly { readonly dir: Arg; readonly deep: boolean }[];
  readonly sep: "\n" | "\0";
  /** Why names it prints may not be on disk to check (git's history). */
  readonly unverifiable?: string;
  /** It prints names from git's index (the interpreter reads it: src/paths/git-index.ts). */
  readonly fromIndex?: true;
  /** It prints one name at most (`echo "$f"` of a stand-in). */
  readonly single?: true;
  /** It prints only some of `reps`, each exactly as written: its operands (see Listing). */
  readonly asGiven?: true;
}

/** The interpreter's answer about git's index: why its names are not all plain, or the names. */
type IndexCheck = () => string | IndexedNames;

export function listingOf<Arg extends Named>(src: ListingSource<Arg>, check: NamesCheck<Arg> | null,
  indexCheck: IndexCheck | null = null): Listing<Arg>
{
  let odd = "";
  // (Git's index, an exact text and a name not on disk are not looked at.)
  let links = src.fromIndex === true || (src.exact ?? []).length > 0;
  let indexed: ReadonlySet<string> | undefined;
  const problem = (): string | null => {
    if (src.unverifiable) return src.unverifiable;
    if (src.fromIndex) {
      if (indexCheck === null) return "git's index cannot be read here";
      const got = indexCheck();
      if (typeof got === "string") return got;
      indexed = got.names;
      odd = [...new Set(odd + got.odd)].join("");
    }
    for (const a of [...src.reps, ...(src.exact ?? []), ...src.read.map((r) => r.dir)]) {
      if (a.text === null) return "a directory that is not known";
      if (!isPlainPath(a.text) || a.text.startsWith("-")) return `${JSON.stringify(a.text)} is not a plain name`;
    }
    if (check === null) return "the names on disk cannot be checked here";
    for (const r of src.read) {
      const got = check(r.dir, r.deep);
      if (typeof got === "string") return got;
      odd = [...new Set(odd + got.odd)].join("");
      if (got.links) links = true;
    }
    return null;
  };
  const unplain = problem();
  const quote = src.quote ? { quote: src.quote } : {};
  const asGiven = src.asGiven && !src.exact?.length ? { asGiven: true as const } : {};
  return { reps: [...src.reps.map((r) => standIn(r)), ...(src.exact ?? [])], reach: src.reach, sep: src.sep,
    single: src.single === true, ...(src.single ? { one: true as const } : {}), unplain, odd,
    links: links || unplain !== null, ...quote, ...asGiven, ...(indexed && unplain === null ? { indexed } : {}) };
}

/** The characters of a name outside the plain set, with `-` for a leading one. */
export function oddChars(name: string): string {
  let out = name.startsWith("-") ? "-" : "";
  for (const c of name) if (!isPlainChar(c) && !out.includes(c)) out += c;
  return out;
}

/** An argument that stands for names a listing prints. */
function standIn<Arg extends Named>(a: Arg): Arg {
  return { ...a, standIn: true };
}

/** How a consumer cuts its input into words. */
export interface Cut {
  /** The characters it ends a word at. */
  readonly ends: string;
  /** Characters it removes or treats specially inside a word (quotes, backslashes, IFS blanks it trims). */
  readonly special: string;
  /** It removes the quotes around a word (xargs without -0 or -d, -I too: `"./a"` is `./a`). */
  readonly unquotes?: true;
}

/** xargs without -0 or -d: blanks and newlines end an item; quotes and backslashes are removed. */
export const XARGS_CUT: Cut = { ends: " \t\n", special: "'\"\\", unquotes: true };

/**
 * Why the words a consumer cuts from the listing are not each a whole name, or null when they
 * are: the listing's separator must end a word, and nothing the consumer cuts at or treats
 * specially may be in a plain name. A consumer that hands the names on as words of a command
 * (xargs, `$(…)`, `read`) needs them all plain (`strict`): the command may cut them again,
 * run them or read them as options. One that opens them itself (`tar -T -`, `cpio`) needs only
 * that none holds what it cuts at or treats specially.
 */
export function cutProblem(l: Listing, cut: Cut, strict = true): string | null {
  if (l.unplain !== null) return l.unplain;
  // No stand-in: it prints nothing (every start point is not there), and no cut makes a name of nothing.
  if (l.reps.length === 0) return null;
  if (l.quote && !cut.unquotes) return "the names are printed in quotes, which this consumer keeps";
  if (!cut.ends.includes(l.sep)) {
    return l.sep === "\0" ? "names that end with NUL are read as one" : "names that end with a newline are read as one";
  }
  // (`-` among the special characters stands for a name that starts with it.)
  for (const c of cut.ends + cut.special.replace("-", "")) {
    if (mayCut(c)) return `${JSON.stringify(c)} would cut a name`;
  }
  const odd = strict ? l.odd : [...l.odd].filter((c) => (cut.ends + cut.special).includes(c)).join("");
  if (odd) return `a name there holds ${JSON.stringify(odd)}, not a plain name`;
  return null;
}

/**
 * The groups of stand-ins a command may get where it gets any number of names in any order:
 * none, each alone, and each ordered pair (a command's words may play a part by their
 * place: `cp A B` reads A and writes B). Null past a bound.
 */
export function repChoices<Arg extends Named>(reps: readonly Arg[]): Arg[][] | null {
  if (reps.length > 6) return null;
  const out: Arg[][] = [[], ...reps.map((r) => [r])];
  for (const a of reps) for (const b of reps) if (a !== b || reps.length === 1) out.push([a, b]);
  return out;
}

/**
 * Lines of a line filter keep the listing (a subset, reordered), with `single` when it keeps at
 * most one; exactly one name stays one only through a filter that gives a line for each (`keepsEach`).
 */
export function filtered<Arg extends Named>(l: Listing<Arg>, single: boolean, sep: "\n" | "\0",
  keepsEach = false): Listing<Arg>
{
  const { one: _one, asGiven: _given, ...rest } = l;
  return { ...rest, sep, single: l.single || single, ...(keepsEach && l.one ? { one: true as const } : {}) };
}

/**
 * What a program's writes make of names, as its table entry says (NameFact in findings.ts,
 * `naming` on the entries, each checked under strace):
 * - `keeps`: no name but those its writes name (each a finding judged below) and plain names
 *   made from them: vim's `.NAME.swp`/`.swx` and `4913` beside NAME (and `NAME~` with
 *   'writebackup', whose `~` after the first character no consumer reads specially: tilde
 *   expansion is done on words as written, not on what an expansion gives), sed -i's
 *   `sedXXXXXX` renamed onto NAME, gzip's NAME.gz, compress's NAME.Z, bzip2/xz/zstd's
 *   NAME.bz2/.xz/.zst and back, ImageMagick's and ffmpeg's output names (`out-0.png` for
 *   frames); the entry's `unless` says which runs make other names after all (gzip -N, a
 *   rename whose replacement is not plain text). Others (rsync, patch, a program) may make
 *   names from elsewhere: a tree copied, a file named inside another. (Those that unpack
 *   archives or check out trees say so by the symlinks they may make: zones.ts.)
 * - `removes`: rm and unlink call unlinkat, rmdir rmdir, chmod/chown/chgrp fchmodat/fchownat;
 *   shred opens without O_CREAT and, with -u, renames the name to names of `0`s (its set is
 *   digits, letters, `_` and `.`: plain) before it unlinks it. None makes the name its write
 *   names, whatever its text (`xargs rm -rf {}` removes a file `{}`, if there is one), so no
 *   write of theirs makes a name that is not plain.
 * - `trees` (cp, mv): each tree they name must hold plain names.
 */
function removesOnly(p: PathFinding): boolean {
  // (A redirection on one, `rm x > 'a b'`, makes the file it names.) Only as the system has
  // it, by its bare name or in /bin or /usr/bin: `./rm` is a project program that may do anything.
  return p.naming?.fact === "removes" && !p.redirect && /^(?:(?:\/usr)?\/bin\/)?[a-z]+$/.test(p.program ?? "");
}

/** A program's name without the directory it was named in. */
function baseName(program: string): string {
  return program.replace(/^.*\//, "");
}

/** The runs in the command line of the program that made `p`, by its base name (as a function or a path runs it too). */
function runsOf(p: PathFinding, commands: readonly CommandFinding[]): CommandFinding[] {
  const name = baseName(p.program ?? "");
  return commands.filter((c) => baseName(c.words[0]!) === name);
}

/** A stand-in path as a plain one: its `*` (find's `DIR/*`, a name under DIR) is a plain name. */
function ofStandIn(path: string): string {
  return path.replace(/(^|\/)\*([^/]*)$/, "$1x$2");
}

/**
 * Why a command in the command line may make a name that is not plain under `dir` (a
 * physical directory whose names a listing relied on: a listing printing while the command
 * runs, or after it, would print it), or null when none may. A program the guard cannot see
 * into (an unknown command, project code) is taken to touch what its words name, as
 * everywhere else (docs/semantics.md, "Known limits"): the names it might make are not
 * followed, as what it might read is not.
 */
export function nameMaker(dir: string, paths: readonly PathFinding[], worlds: readonly World[],
  plainTree: (phys: string) => boolean, commands: readonly CommandFinding[] = [],
  standIn: (p: PathFinding) => boolean = () => false, keeps: (p: PathFinding) => boolean | "replaces" = () => false,
  absent: (phys: string) => boolean = () => false): string | null
{
  if (worlds.some((w) => zoneInListing(w.linkZones, dir, true))) {
    return "a command may make symlinks or unpack files there";
  }
  const noneMoved = (q: PathFinding) => movesNothing(q, paths, worlds, commands, standIn, absent);
  for (const p of paths) {
    if (p.kind !== "write" || p.resolved === null || removesOnly(p)) continue;
    // A write that only replaces a file that is there (sed -i's) makes no name: one that is
    // there was checked on disk, or is made by another command, judged here itself.
    const kept = keeps(p);
    if (kept === "replaces") continue;
    // (What the shell makes for a redirection is not the program's.)
    const fact = p.redirect ? undefined : p.naming?.fact;
    if (fact === "trees" && noneMoved(p)) continue;
    // A name made from a stand-in (`{}.bak`, sed's `-i SUFFIX` on one) is made beside each name the stand-in stands for.
    if (standIn(p) && !isPlainPath(ofStandIn(p.path))) {
      return `${p.command} writes ${p.path}, which is not a plain name`;
    }
    const below = isInside(p.resolved, dir);
    if (!below && !isInside(dir, p.resolved)) continue;
    const made = p.redirect || kept ? null : madeElsewhere(p, fact, paths, commands, standIn, noneMoved, plainTree);
    if (made !== null) return made;
    const rel = p.resolved === dir ? "" : p.resolved.slice(dir === "/" ? 1 : dir.length + 1);
    if (below && rel !== "" && !isPlainPath(standIn(p) ? ofStandIn(rel) : rel)) {
      return `${p.command} writes ${p.path}, which is not a plain name`;
    }
  }
  return null;
}

/**
 * Why the program's write `p` (not a redirection, which makes the file it names; nor a write
 * marked so, as perl -i's with confined code, which makes that name and plain ones beside
 * it) may make names other than the one it names, or null.
 */
function madeElsewhere(p: PathFinding, fact: NameFact | undefined, paths: readonly PathFinding[],
  commands: readonly CommandFinding[], standIn: (p: PathFinding) => boolean, noneMoved: (q: PathFinding) => boolean,
  plainTree: (phys: string) => boolean): string | null
{
  switch (fact) {
    case "trees": {
      // Every path the command names (a source, the destination) is plain, and so is every tree under one.
      const own = paths.filter((q) => q.command === p.command && q.via.join(" ") === p.via.join(" "));
      // (A stand-in `DIR/*` is a plain name under DIR, checked on disk.)
      const bad = own.find((q) =>
        q.resolved === null || (!isPlainPath(standIn(q) ? ofStandIn(q.path) : q.path) && !noneMoved(q)) ||
        !plainTree(q.resolved)
      );
      return bad ? `${p.command} may copy or move names that are not plain (${bad.path})` : null;
    }
    // (One that only removes names, named by a path removesOnly does not take for the system's,
    // `/usr/local/bin/rm`, is still one that keeps them.)
    case "removes":
    case "keeps": {
      // Any run of it in the command line counts: its words say whether it makes other names.
      for (const c of runsOf(p, commands)) if (c.naming?.unless !== undefined) return `${c.text} ${c.naming.unless}`;
      return null;
    }
    // (Keeping git's index says nothing of what git's writes make.)
    case "index":
    case undefined:
      return `${p.command} writes ${p.path}, and may make names from elsewhere`;
    default: {
      const never: never = fact;
      return never;
    }
  }
}

/**
 * Whether cp or mv makes no name from a path whose text is not plain: it is literal text
 * (xargs without -I passes `{}` as it is: `xargs -0 mv {} {}.abc`) that names nothing on disk,
 * in no link zone, that no other command in the command line writes at or above, and in every
 * run that names it (no option there, so the last operand is the destination) it is a
 * source, or the destination of sources that are all such paths. A source that is not there
 * fails (`cannot stat`); a destination is made only from a source that is.
 */
function movesNothing(q: PathFinding, paths: readonly PathFinding[], worlds: readonly World[],
  commands: readonly CommandFinding[], standIn: (p: PathFinding) => boolean, absent: (phys: string) => boolean): boolean
{
  const own = paths.filter((o) => o.command === q.command && o.via.join(" ") === q.via.join(" "));
  const nothing = (o: PathFinding | undefined): boolean => {
    if (o === undefined || o.resolved === null || standIn(o) || isPlainPath(o.path) || /\s/.test(o.path) ||
      !absent(o.resolved)) return false;
    const at = o.resolved;
    if (worlds.some((w) => w.linkZones.some((z) => isInside(at, z.path)))) return false;
    // (A stand-in stands for plain names that are there; a listing undone is this check's own finding.)
    return !paths.some((x) =>
      !own.includes(x) && !standIn(x) && x.command !== "listing" &&
      (x.kind === "write" || x.kind === "unknown" || x.kind === "exec") &&
      (x.resolved === null || isInside(at, x.resolved))
    );
  };
  if (!nothing(q)) return false;
  const calls = runsOf(q, commands).filter((c) => c.words.includes(q.path));
  if (calls.length === 0) return false;
  return calls.every((c) => {
    const ops = c.words.slice(1);
    if (ops.some((w) => w.startsWith("-"))) return false;
    const named = (w: string) => own.find((o) => o.path === w);
    const sources = ops.slice(0, -1);
    const dest = ops[ops.length - 1]!;
    if (!sources.every((w) => isPlainPath(w) || nothing(named(w)))) return false;
    return isPlainPath(dest) || sources.every((w) => nothing(named(w)));
  });
}

/**
 * Why a command in the command line may change the names in git's index at `gitDir` (which
 * a listing from it relied on), or null: a write there (`cp x .git/index`), or a run of git
 * whose entry does not say it keeps the index's names (`git update-index --cacheinfo`, `git
 * add`, `git read-tree`, `git -C dir …`: git-subcommands.ts). A program the guard cannot see
 * into is taken to touch what its words name, as in nameMaker, but one named git that no
 * entry answers for (`./git`) may be git.
 */
export function indexChanger(gitDir: string, paths: readonly PathFinding[], commands: readonly CommandFinding[]): string
  | null
{
  for (const p of paths) {
    if (p.kind === "write" && p.resolved !== null && (isInside(p.resolved, gitDir) || isInside(gitDir, p.resolved))) {
      return `${p.command} writes ${p.path}`;
    }
  }
  for (const c of commands) {
    const changes = c.naming?.fact === "index" ? c.naming.unless !== undefined : baseName(c.words[0]!) === "git";
    if (changes) return `${c.text} may change git's index`;
  }
  return null;
}

/**
 * What an operator makes of the names a stand-in `rep` stands for: `rep` itself and `rep/N`
 * for every N of plain components (none `.`, `..` or empty); for find's `DIR/*`, `DIR/N`; for
 * `.`, also N itself (`ls`, `fd`, `git ls-files` and `grep -r` without a directory print `src/a`). The
 * operand is literal text (`pattern`), or `${x%/*}`'s and `${x%%/*}`'s `/*` (`slashStar`).
 * A stand-in again (`text`, one whose names the listing's reach covers) when, component by
 * component:
 *   - `#LIT`, `##LIT` (no `/`): a match is a prefix of rep's first component, so none when rep
 *     keeps its text: the names are unchanged.
 *   - `%LIT`, `%%LIT` (no `/`): a match is inside the last component, which becomes a prefix of
 *     a plain name — empty, `.` or `..` among them (`./...txt` minus `.txt` is `./..`): `open`,
 *     safe only when the word goes on with a name's text (closeOpen in parts.ts).
 *   - `%/*` drops the last component: rep (no `/` in it), or DIR for find's `DIR/*`, covers
 *     what is left. `%%/*` keeps the text before the first `/`: rep's own first component
 *     when rep has a `/`, the same for every name (`exact`: not a stand-in).
 *   - `/PAT/REP`, `//`, `/#`, `/%` (PAT literal without `/`, not in rep's text in any case,
 *     as `shopt -s nocasematch` would match it): only components below rep change, and each
 *     one that does holds REP, plain text with a character other than `.` that does not start
 *     with `-` and has no `/`: a plain component, not `.` or `..`.
 * Otherwise why not.
 */
export function standInOperator(rep: string, op: PatternOp,
  pattern: string | "slashStar" | "starSlash" | { readonly litStar: string }, repl: string | null
): { readonly text: string; readonly open?: true; readonly exact?: true } | string {
  if (typeof pattern === "object") {
    // `%LIT*` cuts at the last LIT of the whole text, `%%LIT*` at the first: inside any
    // component of a name, which is left a prefix of a plain name and the rest dropped (open);
    // inside the start point's own text only when it holds LIT. For `.` (and find's `./*`) and
    // LIT `.`, that cut may leave nothing (`./a`; not `src/a.b`, printed without `./`): a
    // name's text that follows is then a name in `.`.
    const lit = pattern.litStar;
    if (op !== "%" && op !== "%%") return "a pattern the guard does not follow on a name read from a listing";
    if (lit === "" || lit.includes("/")) return "a pattern holding / may match across names";
    const own = rep.replace(/\/\*$/, "");
    if (!own.toLowerCase().includes(lit.toLowerCase())) return { text: rep, open: true };
    if (own === "." && lit === ".") return { text: ".", open: true };
    return `${JSON.stringify(lit)} matches in ${JSON.stringify(rep)} itself`;
  }
  if (pattern === "starSlash") {
    // `##` of `*` then `/` is the last component, `#` what is after the first `/`: for `.` and
    // `./N` (and find's `./*`), `.` or a plain relative path, under `.`; for another start
    // point, names in the working directory, which are not under it.
    if ((op === "#" || op === "##") && (rep === "." || rep === "./*")) return { text: "." };
    return "a base name is a name in the working directory, not under the listing's";
  }
  if (pattern === "slashStar") {
    if (op === "%") {
      if (!rep.includes("/")) return { text: rep };
      const dir = /^(.+)\/\*$/.exec(rep)?.[1];
      return dir !== undefined && !dir.endsWith("/")
        ? { text: dir }
        : "the directory above a name may be above the listing's";
    }
    if (op === "%%") return rep.includes("/") ? { text: rep.slice(0, rep.indexOf("/")), exact: true } : { text: rep };
    return "a pattern the guard does not follow on a name read from a listing";
  }
  if (pattern.includes("/")) return "a pattern holding / may match across names";
  const low = rep.toLowerCase();
  if (pattern !== "" && low.includes(pattern.toLowerCase())) {
    return `${JSON.stringify(pattern)} matches in ${JSON.stringify(rep)} itself`;
  }
  switch (op) {
    case "#":
    case "##":
      // (`.` also stands for names printed without `./`, `src/a` from `grep -rl x`: `${f#src}` is `/a`.)
      return rep === "." && pattern !== "" ? "a name printed without ./ may start with the pattern" : { text: rep };
    case "%":
    case "%%":
      return pattern === "" ? { text: rep } : { text: rep, open: true };
    case "/":
    case "//":
    case "/#":
    case "/%": {
      if (pattern === "") {
        return op === "/" || op === "//"
          ? { text: rep }
          : "an empty pattern anchored at an end adds text to every name";
      }
      if (repl === null || repl === "" || !isPlainName(repl) || !/[^.]/.test(repl)) {
        return "a replacement that may not leave a plain name (empty, `.`, `..`, `/`, or a character a plain name does not hold)";
      }
      return { text: rep };
    }
    default: {
      const never: never = op;
      return never;
    }
  }
}

/**
 * Whether text that follows an `open` stand-in (standInOperator) in its word makes the last
 * component a plain name that is not `.` or `..`: up to its first `/`, plain characters with
 * one other than `.`, not starting with `-`.
 */
export function closesComponent(following: string): boolean {
  const head = following.split("/")[0]!;
  // (Not starting with `-`: after `${f%.*}` cut to nothing, it would start the word, an option.)
  return head !== "" && [...head].every(isPlainChar) && /[^.]/.test(head) && !head.startsWith("-");
}

/** What `$(dirname NAME)` or `$(basename NAME [SUFFIX])` prints for a stand-in, as standInOperator gives it. */
export type StandInPart = { readonly standIn: string; readonly open?: true };

/**
 * `dirname` and `basename` of the names a stand-in stands for (see standInOperator), when a
 * stand-in covers what they print. dirname of `.` and `./N` is `.` or `./…`, and of find's
 * `DIR/N` DIR or `DIR/…`: the stand-in `.`, or DIR. basename of `.` is `.` and of `./N` a plain
 * name in `.`: the stand-in `.`, whose names the listing's reach covers; with a suffix, a prefix
 * of a plain name, which may be `.` or `..` (`...text` minus `.text`): open. Null otherwise:
 * the parent of any other start point is above it, and a base name is a name in the working
 * directory, which is not under it.
 */
export function standInPathPart(rep: string, program: "dirname" | "basename", suffix: string | null): StandInPart
  | null
{
  const dir = /^(.+)\/\*$/.exec(rep)?.[1];
  if (program === "dirname") {
    if (rep === ".") return { standIn: "." };
    return dir !== undefined && !dir.endsWith("/") && !dir.includes("*") ? { standIn: dir } : null;
  }
  if (rep !== "." && rep !== "./*") return null;
  return suffix === null || suffix === "" ? { standIn: "." } : { standIn: ".", open: true };
}

/**
 * The places a word's stand-ins name when other text comes before one (`../other/$f`, `cp {}
 * backup/{}`, `$(dirname "$f")/$(basename "$f")`): the names are under that text joined to
 * the stand-in, not under the listing's directory, whose reach covers only what is under it.
 * Each place is judged as the reach is, as a whole and by a scan of every symlink under it that
 * leads out (`ls | xargs -I{} cat ../src/{}` reads through `src/secret-link` when the listing
 * holds `secret-link`). None when a part is not known (the word is then not known either).
 */
export function placesAfterText(
  segs: readonly ({ readonly text: string; readonly standIn?: true } | { readonly unknown: unknown })[],
): string[] {
  const out: string[] = [];
  let prefix = "";
  for (const s of segs) {
    if (!("text" in s)) return [];
    // (find's `DIR/*` is a name under DIR.)
    if (s.standIn && prefix !== "") out.push(prefix + s.text.replace(/\/\*$/, ""));
    // `.` also stands for names printed without `./` (`ls`, `grep -rl x`): after `x` they are `xN`, in x's directory.
    if (s.standIn && s.text === "." && prefix !== "" && !prefix.endsWith("/")) {
      out.push(prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/") + 1) + "." : ".");
    }
    prefix += s.text;
  }
  return out;
}
