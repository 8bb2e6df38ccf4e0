// The names git's index holds, read from disk at check time, for `git ls-files` and `git diff
// --name-only` as listings (src/shell/listing.ts). The index is what they print, not the disk:
// it may hold a name that is not on disk (`a /etc/passwd` added by `git update-index
// --cacheinfo`, then cut by xargs) or one under what is now a symlink (`link-out/x`). So the
// names stand for themselves only when every entry is a plain relative path (ASCII: core.quotePath
// would quote anything else) and nothing on the way to one on disk is a symlink. Anything this
// reader does not follow (a split or sparse index, SHA-256 objects, an unknown required
// extension, a `.git` that is a symlink) is a reason, never a guess.

import type { FileSystem } from "./fs.ts";

/**
 * One component of a name that no consumer cuts or reads as an option: listing.ts's plain set
 * in ASCII, and the brackets and parentheses of a Next.js route (`[id]`, `(shop)`), which git
 * prints as they are. Those are odd characters to the listing (`odd`): only a consumer that
 * takes each name as a file gets such a name (xargs's NAMES_AS_FILES).
 */
const INDEX_COMPONENT = /^(?!-)[A-Za-z0-9._+,%@^()[\]-]+$/;
const ROUTE_CHARS = /[()[\]]/g;
const MAX_INDEX_BYTES = 32 * 1024 * 1024;

interface IndexNames {
  /** The physical directory of the working tree. */
  readonly top: string;
  /** The physical git directory (where the index is). */
  readonly gitDir: string;
  /** The index's names, relative to `top` (set by unplainIndexNames once it has read them). */
  readonly names?: readonly string[];
  /** The characters outside the plain set the names hold (`[]()`), or "". */
  readonly odd?: string;
}

/** The repository the physical directory `cwd` is in, or why it cannot be told. */
function findRepository(fs: FileSystem, cwd: string): IndexNames | string {
  for (let dir = cwd;; dir = dir.slice(0, Math.max(dir.lastIndexOf("/"), 1))) {
    const dotGit = (dir === "/" ? "" : dir) + "/.git";
    const kind = fs.lstat(dotGit);
    if (kind === "dir") return { top: dir, gitDir: dotGit };
    if (kind === "file") {
      // A worktree's or a submodule's `.git` file: `gitdir: PATH`.
      const to = /^gitdir: (.+)\n?$/.exec(fs.readFile(dotGit, 4096) ?? "")?.[1];
      if (to === undefined || to.includes("\n")) return `${dotGit} is not a gitdir file`;
      return { top: dir, gitDir: to.startsWith("/") ? to : `${dir}/${to}` };
    }
    if (kind !== null) return `${dotGit} is not a directory or a gitdir file`;
    if (dir === "/") return "no git repository holds the working directory";
  }
}

/** git's offset encoding of a number (varint.c): each continuation adds one before the shift. */
function varint(b: Uint8Array, at: number): [number, number] | null {
  if (at >= b.length) return null;
  let c = b[at++]!;
  let v = c & 127;
  while (c & 128) {
    if (at >= b.length || v > 1 << 24) return null;
    c = b[at++]!;
    v = ((v + 1) << 7) | (c & 127);
  }
  return [v, at];
}

/** The names of the index entries, or why they cannot be read. */
function parseIndex(b: Uint8Array, maxEntries: number): string[] | string {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length < 32 || String.fromCharCode(...b.subarray(0, 4)) !== "DIRC") return "the index is not one git writes";
  const version = view.getUint32(4);
  const count = view.getUint32(8);
  if (version < 2 || version > 4) return `the index is version ${version}`;
  if (count > maxEntries) return `the index holds more than ${maxEntries} entries`;
  const end = b.length - 20;
  const names: string[] = [];
  let at = 12;
  let prev = "";
  for (let i = 0; i < count; i++) {
    if (at + 62 > end) return "the index ends early";
    const flags = view.getUint16(at + 60);
    const nameAt = at + 62 + (flags & 0x4000 && version >= 3 ? 2 : 0);
    let name: string;
    let next: number;
    if (version === 4) {
      const strip = varint(b, nameAt);
      if (strip === null || strip[0] > prev.length) return "the index's names cannot be read";
      const nul = b.indexOf(0, strip[1]);
      if (nul < 0 || nul > end) return "the index ends early";
      name = prev.slice(0, prev.length - strip[0]) + String.fromCharCode(...b.subarray(strip[1], nul));
      next = nul + 1;
    } else {
      const nul = b.indexOf(0, nameAt);
      if (nul < 0 || nul > end) return "the index ends early";
      name = String.fromCharCode(...b.subarray(nameAt, nul));
      // Entries are padded with 1 to 8 NULs to a multiple of 8 bytes.
      next = at + ((nul - at + 8) & ~7);
    }
    names.push(name);
    prev = name;
    at = next;
  }
  // Extensions: a lower-case signature is one git requires the reader to understand (a split
  // index's `link`, a sparse index's `sdir`): its entries are not all above.
  while (at + 8 <= end) {
    const sig = String.fromCharCode(...b.subarray(at, at + 4));
    if (/^[a-z]/.test(sig)) return `the index has a ${sig} extension: its names are not all in it`;
    at += 8 + view.getUint32(at + 4);
  }
  return names;
}

/**
 * Why the names in the index of the repository holding the physical directory `cwd` are not
 * all plain relative paths with no symlink on their way on disk, or null when they are (and
 * where the index is, for the rest of the command line not to change it).
 */
export function unplainIndexNames(fs: FileSystem, cwd: string, maxEntries: number): { readonly why: string }
  | IndexNames
{
  const repo = findRepository(fs, cwd);
  if (typeof repo === "string") return { why: repo };
  // git passes over a `.git` that is not a repository (is_git_directory: HEAD, objects, refs)
  // and reads the index of one further up, which this reader would not.
  if (fs.lstat(`${repo.gitDir}/HEAD`) !== "file" || fs.lstat(`${repo.gitDir}/objects`) !== "dir" ||
    fs.lstat(`${repo.gitDir}/refs`) !== "dir")
  {
    return { why: `${repo.gitDir} is not a git directory this reader recognises` };
  }
  if (!fs.readBytes) return { why: "git's index cannot be read here" };
  if (/objectformat|worktree/i.test(fs.readFile(`${repo.gitDir}/config`, 1 << 20) ?? "objectformat")) {
    return { why: "the repository's configuration is not one this reader follows" };
  }
  const bytes = fs.readBytes(`${repo.gitDir}/index`, MAX_INDEX_BYTES);
  // No index: nothing is listed (git ls-files prints nothing).
  const names = bytes === null
    ? (fs.lstat(`${repo.gitDir}/index`) === null ? [] : "git's index cannot be read")
    : parseIndex(bytes, maxEntries);
  if (typeof names === "string") return { why: names };
  const dirs = new Set<string>();
  const odd = new Set<string>();
  for (const name of names) {
    const parts = name.split("/");
    if (!parts.every((c) => INDEX_COMPONENT.test(c) && c !== "." && c !== "..")) {
      return { why: `git's index holds ${JSON.stringify(name)}, not a plain name` };
    }
    for (const c of name.match(ROUTE_CHARS) ?? []) odd.add(c);
    for (let k = 1; k < parts.length; k++) {
      const dir = parts.slice(0, k).join("/");
      if (dirs.has(dir)) continue;
      dirs.add(dir);
      const kind = fs.lstat(`${repo.top === "/" ? "" : repo.top}/${dir}`);
      if (kind !== "dir" && kind !== null) {
        return { why: `${dir}, on the way to ${name} in git's index, is not a directory on disk` };
      }
    }
  }
  return { ...repo, names, odd: [...odd].sort().join("") };
}
