// The repository a git command works in, and the configuration git reads for it, read as git
// reads it (setup.c, config.c in git 2.39): the nearest `.git` at or above where it starts (a
// directory, or a file `gitdir: PATH`), its `commondir` (a linked worktree's shared directory),
// the shared `config` and the worktree's `config.worktree`, each `include.path` and
// `includeIf.*.path` followed (every condition taken as met). Only files inside the project
// roots are read (Disk.readOwnConfig: bounded, regular files only); a repository whose `.git`
// is outside the roots (the project is a directory of a larger one) is the user's, as
// ~/.gitconfig is, and is not read.

import type { Base } from "../../spec.ts";
import type { Disk } from "../../effects.ts";
import { canonicalLogical, isAbsolute, join } from "../../../paths/resolve.ts";
import { type ConfigEntry, parseGitConfig } from "./git-config-text.ts";

/** A setting and the file it is in. */
export interface Setting extends ConfigEntry {
  readonly file: string;
}

/**
 * What the guard knows of the repository's configuration: nothing to read (no repository, or
 * the user's own outside the roots), its settings (with the top of the working tree, where git
 * runs what they name, and the git directory), or why it cannot be known (the command asks).
 */
export type RepoConfig = { readonly t: "none" } | { readonly t: "read"; readonly top: string; readonly gitDir: string;
  readonly settings: readonly Setting[] } | { readonly t: "opaque"; readonly why: string };

/** git's own bound on nested includes (config.c MAX_INCLUDE_DEPTH). */
const MAX_INCLUDE_DEPTH = 10;
/** A repository's configuration is a few kilobytes; past this it is not read. */
const MAX_CONFIG_BYTES = 256 * 1024;

/**
 * A `.git` file's target that git itself writes for a linked worktree (`git worktree add`:
 * `…/.git/worktrees/NAME`) or an absorbed submodule (`…/.git/modules/NAME`): the user's
 * repository, where it is outside the roots.
 */
const GIT_MADE_LINK = /\/\.git\/(worktrees\/[^/]+|modules\/.+)$/;

/**
 * The repository's configuration for a command starting at `start`; `gitDir` is the directory
 * `--git-dir`/GIT_DIR names (null: not known, which the guard asks about where it is named).
 */
export function readRepoConfig(disk: Disk, start: Base, gitDirGiven: string | null | undefined,
  home: string | null): RepoConfig
{
  const from = start ?? null;
  if (gitDirGiven === null) return { t: "none" };
  let top: string;
  let gitDir: string;
  if (gitDirGiven !== undefined) {
    const cwd = disk.findUp(".", from);
    if (cwd === null) return { t: "none" };
    top = cwd;
    gitDir = canonicalLogical(isAbsolute(gitDirGiven) ? gitDirGiven : join(cwd, gitDirGiven));
    // (A git directory named outside the roots is a write there, asked about where it is named.)
    if (outside(disk, gitDir)) return { t: "none" };
  } else {
    const found = disk.findUp(".git", from);
    if (found === null) return { t: "none" };
    top = found;
    // A repository above the project roots is the user's: not read, as ~/.gitconfig is not.
    if (outside(disk, top)) return { t: "none" };
    const dotGit = `${top === "/" ? "" : top}/.git`;
    if (disk.isDirectory(dotGit)) gitDir = dotGit;
    else {
      const link = readFile(disk, dotGit);
      if (link.t === "opaque") return link;
      if (link.t === "none") return { t: "none" };
      // git: "gitdir: PATH" on the first line, relative to the file's directory.
      const m = /^gitdir: (.*?)\s*(\n|$)/.exec(link.text);
      if (!m || m[1] === "") return { t: "none" };
      gitDir = canonicalLogical(isAbsolute(m[1]!) ? m[1]! : join(top, m[1]!));
      if (outside(disk, gitDir)) {
        return GIT_MADE_LINK.test(gitDir)
          ? { t: "none" }
          : { t: "opaque", why: `${dotGit} leads git to ${gitDir}, outside the project roots` };
      }
    }
  }
  const common = readFile(disk, `${gitDir}/commondir`);
  if (common.t === "opaque") return common;
  const commonDir = common.t === "none"
    ? gitDir
    : canonicalLogical(isAbsolute(common.text.trim()) ? common.text.trim() : join(gitDir, common.text.trim()));
  if (commonDir !== gitDir && outside(disk, commonDir)) {
    return { t: "opaque", why: `${gitDir}/commondir leads git to ${commonDir}, outside the project roots` };
  }
  const settings: Setting[] = [];
  for (const file of [`${commonDir}/config`, ...(commonDir === gitDir ? [] : [`${gitDir}/config.worktree`])]) {
    const why = readWithIncludes(disk, file, { gitDir, commonDir, home }, 0, settings);
    if (why !== null) return { t: "opaque", why };
  }
  return { t: "read", top, gitDir, settings };
}

/** Whether a place is outside the project roots (a directory, or a file: read no further than a byte). */
function outside(disk: Disk, path: string): boolean {
  const got = disk.readOwnConfig(path, 1);
  return "why" in got && got.outside === true;
}

/** The git directories (whose files are git's own) and the home directory, for `~/` in an include. */
interface Dirs {
  readonly gitDir: string;
  readonly commonDir: string;
  readonly home: string | null;
}

type FileRead = { readonly t: "text"; readonly text: string } | { readonly t: "none" } | { readonly t: "opaque";
  readonly why: string };

/**
 * A file git reads: its text, nothing (not there), or why it cannot be known. `own`: a file of
 * the git directory, read as it is on disk now (Disk.readOwnConfig); any other (an include in
 * the working tree) as a file an earlier part of the command may have written is read.
 */
function readFile(disk: Disk, path: string, own = true): FileRead {
  const got = own ? disk.readOwnConfig(path, MAX_CONFIG_BYTES) : disk.readData(path, MAX_CONFIG_BYTES);
  if ("absent" in got) return { t: "none" };
  if ("why" in got) return { t: "opaque", why: `git reads ${path}, and ${got.why}` };
  return { t: "text", text: new TextDecoder().decode(got.bytes) };
}

/** The settings of `file` and of the files it includes, in order; why not, or null. */
function readWithIncludes(disk: Disk, file: string, dirs: Dirs, depth: number, out: Setting[]): string | null {
  const got = readFile(disk, file, [dirs.gitDir, dirs.commonDir].some((d) => file.startsWith(`${d}/`)));
  if (got.t === "opaque") return got.why;
  if (got.t === "none") return null;
  const parsed = parseGitConfig(got.text);
  if ("error" in parsed) return `git reads ${file}, which the guard cannot read as git would (${parsed.error})`;
  for (const e of parsed.entries) {
    out.push({ ...e, file });
    if (e.key !== "include.path" && !/^includeif\..*\.path$/.test(e.key)) continue;
    if (e.value === null || e.value === "") continue;
    if (depth + 1 >= MAX_INCLUDE_DEPTH) return `${file} includes files more than ${MAX_INCLUDE_DEPTH} deep`;
    // git expands a leading `~/` to the home directory, and reads a relative path from the including file's directory.
    let path = e.value;
    if (path === "~" || path.startsWith("~/")) {
      if (dirs.home === null) return `${e.key} in ${file} names ${path}, and the home directory is not known`;
      path = `${dirs.home}${path.slice(1)}`;
    } else if (path.startsWith("~")) return `${e.key} in ${file} names ${path}, another user's home`;
    const dir = file.slice(0, file.lastIndexOf("/")) || "/";
    const abs = canonicalLogical(isAbsolute(path) ? path : join(dir, path));
    // Outside the roots it asks, there now or not: git reads it whenever it is there, and what is
    // there is not the project's to judge.
    if (outside(disk, abs)) return `${e.key} in ${file} includes ${abs}, which is outside the project roots`;
    const why = readWithIncludes(disk, abs, dirs, depth + 1, out);
    if (why !== null) return `${e.key} in ${file} includes ${abs}: ${why}`;
  }
  return null;
}
