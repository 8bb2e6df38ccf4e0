// The shape of command knowledge: what a command does with its words, written as data.
// A table entry says which options take values and what those values are, what the
// operands are, which options change the directory the command works in, and whether the
// command recurses, follows symlinks, changes the filesystem or runs another command. A small
// function (`custom`) covers what data cannot say.

import type { AccessKind } from "../base/verdict.ts";
import type { World } from "../shell/state.ts";
import type { Span } from "../base/span.ts";
import type { Arg, Disk, Effect, Stdin } from "./effects.ts";
import type { Listing, ListingSource } from "../shell/listing.ts";
import type { Dialect } from "../shell/syntax.ts";
import type { NameFact } from "../shell/findings.ts";

/** What a word is: a path of some kind, or not a path at all. */
export type Role =
  | AccessKind
  | "none"
  /** A directory the command works in: later relative operands resolve against it. */
  | "chdir"
  /** The destination directory of `cp -t DIR`: every operand becomes a source. */
  | "target"
  /** A directory the command writes into (unzip -d, wget -P). */
  | "outdir"
  /** Shell code run by `sh -c` (the value is interpreted). */
  | "code"
  /** A URL: not a path, except `file://…`. */
  | "url"
  /** A path of unknown kind, judged as strictly as possible. */
  | "generic";

/** A role that depends on modes set by flags: `{ default: "read", write: ["-i"] }`. */
interface ModalRole {
  readonly default: Role;
  /** Mode name → role when that mode is on (the first listed mode that is on wins). */
  readonly modes: Readonly<Record<string, Role>>;
}

export type RoleSpec = Role | ModalRole;

export interface OptionSpec {
  /** The option takes a value with this role (a separate word, glued `-oVAL`, or `--opt=VAL`). */
  readonly value?: RoleSpec;
  /** The value is optional: only glued or `=` forms carry it (`--color[=WHEN]`, `sed -i[SUF]`). */
  readonly optional?: boolean;
  /** Modes the option turns on (`recursive`, `follow`, `inplace`, …). */
  readonly modes?: readonly string[];
  /** Modes the option turns off. */
  readonly clears?: readonly string[];
  /** The surface that judges this option's value (`grep`, `find`). */
  readonly surface?: string;
  /** Everything after this option (and its value) is an operand: `python -c CODE ARGS…`, `java -jar FILE ARGS…`. */
  readonly ends?: boolean;
}

type Operands =
  /** Every operand has the same role. */
  | { readonly all: RoleSpec; readonly surface?: string; readonly defaultOperand?: string;
    readonly defaultRole?: RoleSpec }
  /**
   * The first operand is special (a pattern, a script, a mode) unless an option already gave
   * it (`grep -e`, `sed -f`): `unlessModes` lists the modes that say so.
   */
  | {
    readonly first: RoleSpec;
    readonly unlessModes?: readonly string[];
    readonly rest: RoleSpec;
    readonly surface?: string;
    /** The operand used when none is given (`.` for `grep -r`), in `defaultRole` (default: `rest`). */
    readonly defaultOperand?: string;
    readonly defaultRole?: RoleSpec;
  }
  /** cp, mv, ln, install: the last operand is the destination, unless a target option was given. */
  | { readonly sources: RoleSpec; readonly dest: RoleSpec; readonly single?: RoleSpec }
  /** Roles by position (uniq IN OUT, split IN PREFIX), then `rest`. */
  | { readonly positional: readonly RoleSpec[]; readonly rest?: RoleSpec }
  /** A wrapper: `skip` operands (a duration, a user) and then the command it runs. */
  | { readonly runs: "command"; readonly skip?: number; readonly inProcess?: boolean }
  | { readonly none: true };

interface RecursionSpec {
  /** Mode that turns recursion on; absent: the command always recurses into directories. */
  readonly mode?: string;
  /**
   * Whether symlinks met while recursing are followed: always, never, or when a mode is on.
   * Followed symlinks are judged by where they lead.
   */
  readonly follow: "always" | "never" | { readonly mode: string };
  /**
   * With recursion on, the command removes each entry it writes with everything below it (`rm
   * -r`): those accesses are `removesTree` (Effect), which the policy looks at for a repository
   * or a project root (DESTRUCTIVE). As POSIX has rm do, an operand whose last name is `.` or
   * `..` is refused, not removed; a symlink is removed, not what it leads to.
   */
  readonly removes?: boolean;
}

/**
 * The environment variables a command honours as its own. `options`: variables whose words it
 * reads as if written first on its command line (`TAR_OPTIONS`), each with the names of the
 * entry that read it (bsdtar, another name of tar's entry, ignores TAR_OPTIONS). Any other
 * program may start the command, so for the rest the variable is code the guard does not
 * follow (src/commands/environment.ts). Read on the entry the table lists by name only: not
 * on a subcommand, nor on a spec an Analyser applies (tar's is on its Analyser).
 */
interface EntryEnvironment {
  readonly options: Readonly<Record<string, readonly string[]>>;
}

/**
 * What the names its writes make are (NameFact in src/shell/findings.ts), as strace shows:
 * the interpreter marks what a run of it finds with it, for src/shell/listing.ts, which has
 * no table to ask. Only for a program by its bare name or in a system bin directory: `./rm` is
 * a project program that may do anything. Read on the entry the table lists by name (a
 * subcommand's is read by its command's own `unless`: git's).
 */
export interface EntryNaming {
  readonly fact: NameFact;
  /** The entry's names it holds for, when not all of them: the programs that were checked (`tar`, not `bsdtar`). */
  readonly names?: readonly string[];
  /** Why the words after the name undo the fact for that run (`gzip -N`), or null when they do not. */
  readonly unless?: (words: readonly string[]) => string | null;
}

export interface CommandSpec {
  /** Command names this entry answers for (matched on the basename). */
  readonly names: readonly string[];
  /** `gnu`: options anywhere until `--`; `posix`: options stop at the first operand. */
  readonly style?: "gnu" | "posix";
  /** Long options may be given as unique prefixes (GNU getopt_long). */
  readonly abbreviations?: boolean;
  /** Options written with one dash and a whole word (`find -name`, `java -jar`). */
  readonly singleDashLong?: boolean;
  /**
   * Go's flag package (go, gofmt, terraform): every option is a whole word after one dash or
   * two, `-name=VALUE` or `-name VALUE`; there are no clusters and no glued values.
   */
  readonly goFlags?: boolean;
  readonly options?: Readonly<Record<string, OptionSpec>>;
  readonly operands: Operands;
  readonly recursion?: RecursionSpec;
  /**
   * What running it may do to the filesystem: `fs` (remove or replace directories) and `links`
   * (create symlinks). Default: `fs` when any operand or value is written, `links` never.
   * `project`: those changes are made by code the guard lets run unread (projectCode: a build,
   * tests, an interpreter running the project's files); the tool's own writes of files that hold
   * code (`npm pkg set`, `npm init`) must then be write accesses of the entry.
   */
  readonly changes?: { readonly fs?: boolean; readonly links?: boolean; readonly project?: boolean };
  /** Subcommands (`git add`, `npm install`): global options come before the subcommand name. */
  readonly subcommands?: Readonly<Record<string, CommandSpec>>;
  /**
   * What to do with a subcommand the table does not list. Default: generic. `script`: it is the
   * name of a package.json script the tool runs (`pnpm lint`, `yarn build`).
   */
  readonly unknownSubcommand?: "generic" | "none" | "script";
  /** Runs after the data has been applied, for what data cannot say. */
  readonly custom?: (ctx: SpecContext) => void;
  /** Modes on from the start. */
  readonly modes?: readonly string[];
  /** What an option the table does not list means. Default: generic (judged as any path). */
  readonly unknownOptions?: "generic" | "none";
  /** What it prints into a pipe or a substitution, when the guard can know it (see PipeOutput). */
  readonly pipe?: readonly PipeOutput[];
  /** The environment variables it honours as its own options. */
  readonly environment?: EntryEnvironment;
  /** What the names its writes make are, for a listing's names (EntryNaming). */
  readonly naming?: EntryNaming;
}

/** A command in a pipeline or a substitution whose words are all known, as its pipe output sees it. */
export interface PipeCall {
  /** The name it was run by (the basename): entries that share options may differ in output (`ls`, `dir`). */
  readonly name: string;
  readonly nameArg: Arg;
  readonly args: readonly Arg[];
  /** The words' texts, all known. */
  readonly texts: readonly string[];
  readonly world: World;
  /** Which shell runs it (dash's echo decodes escapes; bash's does not). */
  readonly dialect: Dialect | undefined;
  /** The physical directory of a logical path, or null when it is not one. */
  physicalDir(logical: string): string | null;
  /** What it reads on standard input (a pipe, a here-string, `< file`), worked out when asked. */
  input(): Stdin;
  /** Standard input as text, a file it is read from included (as `< FILE` is read), or null when not known. */
  inputText(): string | null;
  /** The text of a file operand, read as `< FILE` is (inside a root, small, not written earlier), or null. */
  fileText(file: Arg): string | null;
  /**
   * Where the kernel would resolve a path (relative to the working directory) now, or null when
   * that is not sound at this point: the working directory is not known, or an earlier command
   * may have moved, linked or unpacked something (src/shell/zones.ts).
   */
  resolve(path: string): { readonly path: string; readonly exists: boolean; readonly missingParent: boolean } | null;
  /** The type of a physical path on disk (null: absent), or "unreadable". */
  lstat(physical: string): "file" | "dir" | "symlink" | "other" | null | "unreadable";
  /**
   * Whether no entry is at a listing's start point `arg` (a known text, not a stand-in), so that
   * the listing prints nothing from it (src/interp/absent.ts); false when not certain.
   */
  absent(arg: Arg): boolean;
  /** The target text of the symlink at a physical path, or null (not one, not readable, or the disk may have changed: as `resolve`). */
  readlink(physical: string): string | null;
  /** The first executable named `name` on PATH, as `which` finds it, or null when not known. */
  lookPath(name: string): string | null;
  /** What another command (`xargs CMD`) prints with these words and this input. */
  output(name: string, args: readonly Arg[], input: Stdin): Stdin;
}

/** What a line filter does to a listing: which separator it leaves, and whether it keeps at most one line. */
export interface LineFilter {
  readonly single: boolean;
  /** The separator of its output: the input's, or the one `tr` turns it into. */
  readonly sep: "keep" | "\n" | "\0";
  /**
   * What it makes of each name instead of keeping it (`sed 's/$/.out/'`, `xargs dirname`):
   * the listing of what it prints, or null when that is not one (src/shell/listing.ts).
   */
  readonly map?: (l: Listing<Arg>) => Listing<Arg> | null;
  /** Each line it reads gives exactly one line (`sed s/a/b/`): a listing of exactly one name stays one (`one`). */
  readonly keepsEach?: true;
  /**
   * Its `map` only keeps or refuses the listing (`grep`, `sort`): the lines it prints are lines it
   * read, unchanged, so the names are the same names (git's index's stay its: Listing.indexed).
   */
  readonly sameNames?: true;
}

/**
 * One way a command's output may be known (src/interp/stdin.ts asks an entry's variants in order;
 * the first that answers wins, and none answering leaves the output unknown):
 * - `text`: a text that is a function of its words, its known input text and what the disk
 *   shows where the guard can look (`echo`, `dirname`, `tr`, `realpath`, `which`); not asked
 *   when a word stands for a listing's names (a stand-in's text is one name of many);
 * - `silent`: nothing at all, whatever its operands are (`grep -q`), judged from the words as
 *   written (so `find -exec grep -q PAT {} ;` is only a test);
 * - `input`: its standard input, unchanged (`cat` without operands);
 * - `file`: the text of one file it is given, unchanged (`cat FILE`): read by the interpreter
 *   as the file of a `< FILE` is, when it is inside a root, small and not written earlier
 *   (its path made absolute from the command's working directory here);
 * - `filter`: some of its input lines, unchanged, so a listing stays a listing (`sort`, `grep -v`);
 * - `listing`: names under directories it was given (`find DIR`, `ls`, `grep -rl`; src/shell/listing.ts),
 *   or some of its operands; `asGiven` when those are printed exactly as given whatever they
 *   are (`grep -l PAT FILE…`, `ls -d`: not `ls FILE`, which lists a directory's names);
 * - `numbers`: only numbers (`wc -l`, `id -u`), judged from the words as written, which cannot
 *   hold a path or a subscript;
 * - `segment`: one plain path segment or nothing (`date +%Y%m%d`), judged from the words'
 *   values (`assigned`: the command set that variable), as the source of a regular expression
 *   the output matches (Unknown.segment in src/shell/state.ts).
 * Each returns null (or false) for words it does not model, which must then stay unknown.
 */
export type PipeOutput = { readonly t: "text"; readonly text: (call: PipeCall) => string | null } | {
  readonly t: "input";
  readonly when: (call: PipeCall) => boolean;
} | { readonly t: "file"; readonly file: (call: PipeCall) => Arg | null } | { readonly t: "filter";
  readonly filter: (call: PipeCall) => LineFilter | null } | { readonly t: "listing";
  readonly source: (call: PipeCall) => ListingSource<Arg> | null } | { readonly t: "silent";
  readonly when: (name: string, words: readonly string[]) => boolean } | { readonly t: "numbers";
  readonly when: (name: string, words: readonly string[]) => boolean } | { readonly t: "segment";
  readonly segment: (name: string, words: readonly string[], assigned: (variable: string) => boolean) => string
    | null };

/** One word as the parser read it, in order. */
export type Item =
  | { readonly t: "option"; readonly name: string; readonly spec: OptionSpec; readonly word: Arg;
    readonly value: Arg | null; readonly base: Base }
  /** An option the table does not know: its word, and the next word that might be its value. */
  | { readonly t: "unknown-option"; readonly word: Arg; readonly next: Arg | null; readonly base: Base }
  | { readonly t: "operand"; readonly word: Arg; readonly base: Base };

/** The directory relative paths resolve against: the cwd (undefined), a logical dir, or unknown (null). */
export type Base = string | null | undefined;

export interface SpecContext {
  readonly name: string;
  readonly spec: CommandSpec;
  readonly world: World;
  readonly items: readonly Item[];
  readonly operands: readonly Arg[];
  readonly modes: Set<string>;
  /** Judges a word in a role, relative to `base`. */
  role(word: Arg, role: RoleSpec, base?: Base, surface?: string): void;
  emit(e: Effect): void;
  /**
   * This call runs no code but the tool's own: what it changes is what its write accesses
   * name, whatever the entry's `changes` say of the command in general (`pip install -U pip`).
   */
  confineChanges(): void;
  /** True once something in the command writes. */
  readonly writes: boolean;
  /** The disk, for the few commands whose meaning depends on it. */
  readonly disk: Disk;
  /** Where the command's relative paths start (a directory-changing option may move it). */
  readonly start: Base;
  /** The words after the command name as given (`--` too), for a command that other implementations read otherwise (BSD sed's `-i SUFFIX`). */
  readonly args: readonly Arg[];
  /**
   * What the command reads on standard input, as src/interp/stdin.ts knows it (a here-document,
   * a pipe's known text), worked out when asked: an interpreter's program may be there.
   */
  stdin(): Stdin;
}

export interface Call {
  /** The command's basename, as the table knows it. */
  readonly name: string;
  readonly nameArg: Arg;
  readonly args: readonly Arg[];
  readonly world: World;
  readonly span: Span;
  readonly countUnknown: boolean;
  readonly stdin: Stdin;
  /** The guard's home directory, for files a command writes there without naming them (`git config --global`). */
  readonly home: string | null;
  readonly disk: Disk;
}

/** A table entry that is a function: for commands whose words data cannot describe. */
export interface Analyser {
  readonly names: readonly string[];
  readonly analyse: (call: Call) => Effect[];
  readonly pipe?: readonly PipeOutput[];
  /** The environment variables it honours as its own options. */
  readonly environment?: EntryEnvironment;
  /** What the names its writes make are, for a listing's names (EntryNaming). */
  readonly naming?: EntryNaming;
}

export type Entry = CommandSpec | Analyser;
