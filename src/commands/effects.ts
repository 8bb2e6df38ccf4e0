// The vocabulary between command knowledge and the interpreter: the words a command got,
// and the effects it has.

import type { ReasonCode } from "../base/reasons.ts";
import type { Dialect } from "../shell/syntax.ts";
import type { Span } from "../base/span.ts";
import type { Options } from "../shell/state.ts";
import type { Seg } from "../shell/words/env.ts";
import type { Listing } from "../shell/listing.ts";
import type { AccessKind, InheritedState } from "../base/verdict.ts";

/** One expanded word of a command. */
export interface Arg {
  /** The word's value, or null when any part of it is unknown. */
  readonly text: string | null;
  /** The word as written in the source. */
  readonly source: string;
  readonly span: Span;
  readonly unknownWhy: string | null;
  readonly segs: readonly Seg[];
  /**
   * The text stands for any of the names a listing prints (src/shell/listing.ts): good as a
   * path, never as a command name or code, where the name itself would matter.
   */
  readonly standIn?: true;
  /**
   * A stand-in for names nobody checked to be plain (`find -exec CMD {}` passes each name as
   * one word, whatever it holds): good as that word, not as text a shell reads again.
   */
  readonly exact?: true;
  /**
   * A stand-in for the names find yields to an -exec: which symlinks, by name and by path as
   * find prints it, the stand-in's own text may be (find's tests; a glob made of it, `src/*`,
   * judges no other link: src/interp/spellings.ts).
   */
  readonly links?: (name: string, path: string) => boolean;
  /**
   * The word is not written at its place but stands for shell state the command inherits (an
   * exported variable a program started uses): its finding says so (Reason.state).
   */
  readonly state?: InheritedState;
}

/** What a command's standard input is known to hold. */
export type Stdin =
  /** (`file`: the file `<` named, for a command that reads it as bytes, an archive: Disk.readData.) */
  | { readonly t: "text"; readonly text: string; readonly file?: Arg }
  | { readonly t: "file"; readonly arg: Arg }
  /** Names printed by `find DIR…`, `ls`, `grep -rl`, …: see src/shell/listing.ts. */
  | { readonly t: "listing"; readonly listing: Listing<Arg> }
  /**
   * `inherited`: nothing in the command redirects it; it is whatever the guard's caller gave the
   * shell. `file`: a file `<` named whose text is not read (too large, written earlier).
   */
  | { readonly t: "unknown"; readonly inherited?: true; readonly file?: Arg };

/** An argument standing for `base`'s position with a value `text` (null: unknown, saying why). */
export function withValue(base: Arg, text: string | null, why: string): Arg {
  if (text !== null) return { ...base, text, unknownWhy: null, segs: [{ text, quoted: true }] };
  return { ...base, text: null, unknownWhy: why,
    segs: [{ unknown: { k: "unknown", why, numeric: false }, quoted: true }] };
}

/**
 * `base` with each occurrence of a replacement string (find's `{}`, xargs' `-I` string) made
 * `item`, a stand-in for a listing's names: the segments keep where it stands, so that a
 * stand-in after other text (`backup/{}`) is judged where it is (src/interp/access.ts).
 */
export function replacedByStandIn(base: Arg, parts: readonly string[], item: string,
  extra: { readonly exact?: true; readonly links?: (name: string, path: string) => boolean } = {}): Arg
{
  const segs = parts.flatMap((p,
    i) => [...(i > 0 ? [{ text: item, quoted: true, standIn: true as const }] : []),
    ...(p ? [{ text: p, quoted: true }] : [])]
  );
  return { ...base, text: parts.join(item), unknownWhy: null, segs, standIn: true, ...extra };
}

/**
 * `base` with each occurrence of a replacement string made an unknown item (xargs -I with input
 * the guard does not know): the text around it stays known, as around a substitution, so that
 * `date -d "2023-03-{}"` is known not to start with `TZ=` while `src/{}` still leads anywhere.
 */
export function replacedByUnknown(base: Arg, parts: readonly string[], why: string): Arg {
  const segs = parts.flatMap((p,
    i) => [...(i > 0 ? [{ unknown: { k: "unknown" as const, why, numeric: false }, quoted: true }] : []),
    ...(p ? [{ text: p, quoted: true }] : [])]
  );
  return { ...base, text: null, unknownWhy: why, segs };
}

/**
 * The few questions about the disk whose answer changes what a command does: `ln -s T DIR`
 * puts the link inside DIR when it is a directory; `git checkout` rewrites the whole working
 * tree of the repository the directory is in.
 */
export interface Disk {
  /** Whether `path` (relative to `from`, or the cwd) is an existing directory now. */
  isDirectory(path: string, from?: string | null): boolean;
  /** The nearest directory at or above `from` (or the cwd) that holds an entry `name`, as a physical path. */
  findUp(name: string, from?: string | null): string | null;
  /** Whether `path` itself (not what it points to) is a symlink now. */
  isLink(path: string, from?: string | null): boolean;
  /**
   * Whether what `path` is now is what it is when the command runs: no earlier part of the
   * command may have changed the filesystem, or made a name on its way a symlink.
   */
  settled(path: string, from?: string | null): boolean;
  /**
   * The text of a small file inside a root that nothing earlier in the command wrote (as a
   * script is read); null otherwise. For files that name other files (requirement files).
   */
  readText(path: string, from?: string | null): string | null;
  /**
   * The bytes of a regular file inside a root, at most `maxBytes`, that nothing earlier in the
   * command may have written (an archive whose members are judged); `absent` when it is not
   * there and nothing may have made it, otherwise why it cannot be read.
   */
  readData(path: string, maxBytes: number, from?: string | null): DataRead;
  /**
   * A file of git's own directory that git reads before it runs anything (`.git/config`,
   * `commondir`, the `.git` file itself): its bytes as they are on disk now, inside a root, at
   * most `maxBytes`. Unlike `readData`, an earlier part of the command that may have written or
   * made it does not hide it: `.git/` is a protected zone (src/policy/protect.ts) for every
   * writer but git, and git's own writes of configuration are judged by key (`git config`,
   * `git -c`). One outside the roots is `outside`.
   */
  readOwnConfig(path: string, maxBytes: number, from?: string | null): DataRead;
  /**
   * Why a name under `path` (at any depth, `path` included) may not be plain
   * (src/shell/listing.ts), or null when every one is: the command then relies on nothing in
   * the command line making one that is not, as a listing does.
   */
  plainNames(path: string, span: Span, from?: string | null): string | null;
  /**
   * The program in a system bin directory (`isSystem`) that running `path` runs through its
   * symlinks (`.venv/bin/python` -> `/usr/bin/python3`: the first hop that is one), or null:
   * `path` is no symlink, a hop leads elsewhere, or the disk may have changed on the way.
   */
  systemProgram(path: string, isSystem: (p: string) => boolean, from?: string | null): string | null;
}

/**
 * The highest directory above `path` that is missing, which a command that makes its parents
 * (`mkdir -p`, 7z's archives and output directory) creates: everything else it creates is
 * below it. Null when the parent is there, or the name has no parent of its own.
 */
export function missingTop(disk: Disk, path: string, from?: string | null): string | null {
  let top: string | null = null;
  for (let p = parentOf(path); p !== null && !disk.isDirectory(p, from); p = parentOf(p)) top = p;
  return top;
}

/** The lexical parent of a path, or null at `/`, `.`, `..` or a single name. */
function parentOf(path: string): string | null {
  const t = path.replace(/\/+$/, "");
  const cut = t.lastIndexOf("/");
  if (cut < 0) return null;
  const parent = t.slice(0, cut).replace(/\/+$/, "") || "/";
  return parent === "/" || parent === "." || parent === ".." ? null : parent;
}

/** A file's bytes as the disk holds them at this point of a command (Disk.readData). */
export type DataRead = { readonly bytes: Uint8Array } | { readonly absent: true } | {
  readonly why: string;
  /** The file is outside the project roots (not unreadable for another reason). */
  readonly outside?: true;
};

/** A disk that knows nothing: no directory exists, nothing is found, nothing is settled. */
export const NO_DISK: Disk = { isDirectory: () => false, findUp: () => null, isLink: () => false, settled: () => false,
  readText: () => null, readData: () => ({ why: "the disk cannot be read here" }),
  readOwnConfig: () => ({ why: "the disk cannot be read here" }),
  plainNames: () => "the names on disk cannot be checked here", systemProgram: () => null };

/** Relative paths resolve against a logical directory, or the cwd when absent; null: unknown. */
type BaseField = { readonly base?: string | null };

/** The package managers whose workspaces the guard reads. */
export type WorkspaceTool = "pnpm" | "npm" | "yarn";

/**
 * Which packages of a workspace: each filter selects some (pnpm's `--filter` selectors, npm's
 * `-w` names and directories, a yarn workspace's name; a word not known asks), `all` selects
 * every one; `root` says whether the workspace root's own package is among them: always
 * (`yes`), never (`no`: pnpm's run, exec and test, npm's workspaces), or when selected.
 */
export interface WorkspaceSelection {
  readonly tool: WorkspaceTool;
  readonly filters: readonly Arg[];
  readonly all: boolean;
  readonly root: "yes" | "no" | "if-selected";
  /**
   * The packages of the workspace the command is in, if it is in one inside the roots (an
   * install runs the lifecycle scripts of every workspace package): none when it is not.
   */
  readonly optional?: boolean;
}

/**
 * What a command does in each package a workspace selection names: run a script (skipped where
 * there is none), run lifecycle events and install (`installs`: its node_modules is written), or
 * run a command there (`pnpm -r exec`, `yarn workspace web add x`).
 */
type WorkspaceAction = { readonly t: "script"; readonly name: string; readonly args: readonly Arg[] } | {
  readonly t: "events";
  readonly events: readonly string[];
  readonly installs: boolean;
} | { readonly t: "run"; readonly argv: readonly Arg[]; readonly label: string };

export type Effect =
  /** A path access. */
  /**
   * (`keepsNames`: a write by which the command makes no name but this one and plain ones beside
   * it, as perl -i's temporary file: a listing's names stay what it prints, src/shell/listing.ts;
   * `"replaces"`: a write that only replaces a file that is there and makes no name at all, as
   * sed -i renames its temporary onto the name and leaves a missing one alone. `removesTree`:
   * the command removes the entry with everything below it, `rm -r`, `find -delete`; the policy
   * says whether that is a repository or a project root, DESTRUCTIVE.)
   */
  | ({ readonly t: "path"; readonly arg: Arg; readonly kind: AccessKind; readonly command?: string;
    readonly surface?: string; readonly keepsNames?: true | "replaces"; readonly removesTree?: true } & BaseField)
  /**
   * A directory the command recurses into following symlinks: every link in it that leads out is
   * an access. `links`, when given, says which links, by their name and their path as the walk
   * shows it (from the directory as written), the command may meet at all (find's `-name '*.py'
   * -exec` is never given a link named `python`, nor one under it).
   */
  | ({ readonly t: "scan"; readonly arg: Arg; readonly kind: AccessKind; readonly surface?: string;
    readonly links?: (name: string, path: string) => boolean } & BaseField)
  /** A word the guard knows nothing about: every way it could name a path is judged. */
  | { readonly t: "generic"; readonly arg: Arg; readonly operand: boolean }
  | { readonly t: "issue"; readonly code: ReasonCode; readonly message: string; readonly span: Span }
  /** The program itself, when it is named by a path. */
  | { readonly t: "exec"; readonly arg: Arg }
  /** Another command this one runs (a wrapper), in the same shell process or a new one. */
  | ({
    readonly t: "run";
    readonly argv: readonly Arg[];
    readonly inProcess: boolean;
    readonly bypassFunctions: boolean;
    readonly label: string;
    /** Variables set for it (env VAR=val); null value: unset. */
    readonly assigns?: readonly (readonly [string, string | null])[];
    /** env -i: it starts with an empty environment. */
    readonly clearEnv?: boolean;
    /** Its standard input, when the runner gives it another than its own (xargs: /dev/null). */
    readonly stdin?: Stdin;
    /**
     * The program is the one its name says, not one looked up in PATH: `python -m pip` runs
     * pip's module, busybox its applet, pytest's addopts pytest itself (src/interp/path-lookup.ts).
     */
    readonly named?: true;
  } & BaseField)
  /**
   * A script of the nearest package.json (`npm run NAME`, `npm test`): its text, with the
   * `preNAME` and `postNAME` scripts, is shell code run in the package's directory. `args` are
   * appended to it (`npm run NAME -- ARGS`).
   */
  | ({
    readonly t: "package-script";
    readonly name: string;
    readonly args: readonly Arg[];
    readonly span: Span;
    readonly label: string;
    /** A lifecycle event (install): its pre and post scripts run even when it has no script of its own. */
    readonly event?: boolean;
    /**
     * Run as one package of a workspace (`pnpm -r build`): a package without the script is
     * skipped, no program of that name runs instead.
     */
    readonly member?: boolean;
  } & BaseField)
  /**
   * Packages of a workspace the command selects (`pnpm -F web build`, `npm -w api test`, `yarn
   * workspace web build`) and what it does in each: a table entry's own effects
   * (src/commands/table/dev/workspace-options.ts) re-aimed at them; the interpreter finds the
   * workspace and its packages from `base` (src/interp/workspaces.ts).
   */
  | ({ readonly t: "workspace"; readonly select: WorkspaceSelection; readonly action: WorkspaceAction;
    readonly span: Span; readonly label: string } & BaseField)
  /**
   * A package manager's options that select workspace packages, as the entry parsed them; the
   * entry's analyser turns them and its other effects into a `workspace` effect.
   */
  | {
    readonly t: "workspace-select";
    readonly tool: WorkspaceTool;
    readonly filters: readonly Arg[];
    readonly all: boolean;
    /**
     * The root's own package (WorkspaceSelection's `root`); `not-for-runs`: not when a script
     * or command runs in each package, but when installing (pnpm without
     * --include-workspace-root).
     */
    readonly root: WorkspaceSelection["root"] | "not-for-runs";
    readonly span: Span;
    /** Every package of the workspace, if there is one (WorkspaceSelection's `optional`): re-aims only installs. */
    readonly optional?: boolean;
  }
  /** Shell code this command runs. */
  | ({
    readonly t: "code";
    readonly text: string | null;
    readonly span: Span;
    readonly label: string;
    /** The shell that reads it, when it is not bash. */
    readonly dialect?: Dialect;
    /**
     * Run by the user's shell, `$SHELL` (`script -c`, `sudo -s`): zsh on macOS, whatever the user
     * chose elsewhere. Read as bash only where $SHELL is bash or sh (src/interp/effects.ts).
     */
    readonly userShell?: true;
    readonly inProcess: boolean;
    readonly positional?: readonly string[] | null;
    /** `$0` of the new shell, when its command line gives it (`sh -c CODE NAME`); null when that word is not known. */
    readonly arg0?: string | null;
    /** Set for `bash script.sh`: the code came from a file inside the root. */
    readonly script?: string;
    /** Options the new shell starts with (`bash -P`, `-O nullglob`). */
    readonly options?: Partial<Record<keyof Options, boolean>>;
  } & BaseField)
  | { readonly t: "exit" }
  /**
   * `python3 -m venv DIR`, `virtualenv DIR`: a virtual environment made at `arg` for the Python
   * that runs the command, by the standard library's scripts (src/interp/made-venvs.ts).
   */
  | ({ readonly t: "venv"; readonly arg: Arg; /** It installs pip in it (not `--without-pip`). */
    readonly pip: boolean } & BaseField)
  /**
   * A name the command may leave as a symlink (src/shell/zones.ts): later paths through it are
   * not resolved through what is there now. `arg` names it (`ln -s T N`, `mv -T SRC N`); with
   * `entry`, the name is `arg/entry` when `arg` is a directory (following a symlink, unless
   * `replaceLink`: `ln -n`), and with `into` as well, it always is (`mv -t DIR SRC`); an
   * `entry` of null is not known. With `source`, the name is a symlink only when the source
   * is one, or a directory holding one, or an earlier command may have made it one (`mv a b`
   * of a regular file leaves a regular file). `tree`: instead, any entry below the directory
   * `arg` that does not exist now may be a symlink (`tar -x -C DIR`, `git checkout`).
   */
  | ({
    readonly t: "links";
    readonly arg: Arg;
    readonly tree?: boolean;
    readonly entry?: string | null;
    readonly into?: boolean;
    readonly replaceLink?: boolean;
    readonly source?: Arg;
    /** The name is `source` itself afterwards, not a copy of it: a rename or a hard link (interp/access.ts carry). */
    readonly sameFile?: true;
  } & BaseField)
  /**
   * The command takes the names of files from a list (`--files0-from=F`, `file -f F`, `tar -T F`,
   * `git --pathspec-from-file=F`): `from` is the file that holds it (itself read), or null for
   * standard input. Each name is a path of `kind`, relative to `base` (`scan`: walked as the command walks its
   * operands); a list the guard cannot see is `UNRESOLVED_WORD`, saying `what`. `reserved`: a
   * name starting with that prefix means something else (an option to GNU tar, pathspec magic
   * to git), which the guard does not follow.
   */
  | ({
    readonly t: "names";
    readonly from: Arg | null;
    readonly kind: AccessKind;
    readonly separator: "\n" | "\0";
    readonly what: string;
    readonly span: Span;
    readonly scan?: boolean;
    readonly reserved?: { readonly prefix: string; readonly meaning: string };
    /** Where a relative `from` is found, when not where the names resolve (`tar -C DIR -T F` opens F where tar started). */
    readonly listBase?: string | null;
  } & BaseField)
  /**
   * The command may rename the entry `arg` (`mv`, `rename`, `git mv`, a command the table does
   * not know): when that is the working directory or a directory above it, the shell's
   * directory is somewhere else afterwards, and relative paths resolve there.
   */
  | ({ readonly t: "moves"; readonly arg: Arg } & BaseField)
  /**
   * What running it may do to the filesystem (CommandSpec.changes: `fs`, remove or replace
   * directories; `links`, create symlinks). `confined`: its changes are to the places its write
   * accesses name, nothing else (an entry whose writes are all data). `project`: what it changes
   * beyond those is done by code the guard lets run unread, the project's own or its packages'
   * (a build, a test runner, a program of the project's): code that could do itself whatever a
   * script it rewrote would do, so its writes do not make a later script unknown
   * (docs/semantics.md, "Code that project code may have rewritten").
   */
  | { readonly t: "changes"; readonly fs: boolean; readonly links: boolean; readonly confined?: boolean;
    readonly project?: boolean };
