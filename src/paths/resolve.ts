// Where a path goes: lexically (bash's `cd -L` and $PWD) and physically (the kernel, which
// follows every symlink, so `link/..` lands in the parent of the link's target).

import { resolve as nodeResolve } from "node:path";
import type { FileSystem } from "./fs.ts";

/** Linux gives up after this many symlinks in one lookup (ELOOP). */
const MAX_SYMLINK_HOPS = 40;
/** Linux PATH_MAX, counting the terminating NUL. */
const PATH_MAX = 4096;

export type Physical =
  | {
    readonly ok: true;
    readonly path: string;
    readonly exists: boolean;
    /** A directory on the way does not exist (so, once created, it could be a symlink). */
    readonly missingParent: boolean;
    /**
     * Where a later `..` climbed out of directories that do not exist: for each such run of
     * missing names, the existing directory it starts in (`../new/../p` climbs out of
     * `../new`, which would be made in `..`), or null. The kernel fails on such a path, but a
     * program that makes the directories it names one by one (`mkdir -p`, `install -D`,
     * `git clone`, `curl --create-dirs`) goes there and makes them first.
     */
    readonly climbed: readonly string[] | null;
  }
  /** `changed`: the walk met an entry an earlier command may have turned into a symlink (a Watch said so). */
  | { readonly ok: false; readonly error: "loop" | "too-long" | "unreadable" | "changed" | "process";
    readonly at: string };

/** Why a path could not be resolved, in words (`changed` is the caller's to explain). */
export function unresolvedWhy(r: { readonly error: string; readonly at: string }): string {
  if (r.error === "loop") return `too many symlinks at ${r.at}`;
  if (r.error === "too-long") return "the path is longer than PATH_MAX";
  if (r.error === "process") {
    return `${r.at} is a link the kernel makes for one process; the guard's own would be read, not the command's`;
  }
  return `${r.at} cannot be read`;
}

/**
 * /proc/PID/cwd, root, exe, fd/N and map_files/…: what they lead to depends on the process
 * that looks. Read here they would name the guard's own directory and files, and /proc/self
 * is the guard.
 */
const PROCESS_LINK = /^\/proc\/[0-9]+(\/task\/[0-9]+)?\/(cwd|root|exe|fd\/[^/]+|map_files\/[^/]+)$/;

/**
 * Asked at each entry a walk looks up (`exists`: it is there now): true when an earlier command
 * may have made it a symlink, so what it is now says nothing of where the walk goes on.
 */
export type Watch = (path: string, exists: boolean) => boolean;

export function isAbsolute(p: string): boolean {
  return p.startsWith("/");
}

/** `base` joined with `p` unless `p` is absolute; no normalisation. */
export function join(base: string, p: string): string {
  if (isAbsolute(p)) return p;
  if (p === "") return base;
  return base.endsWith("/") ? base + p : `${base}/${p}`;
}

/** Removes `.` and empty segments and lets `..` remove the segment before it, as `cd -L` does. */
export function canonicalLogical(abs: string): string {
  const out: string[] = [];
  for (const seg of abs.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") out.pop();
    else out.push(seg);
  }
  return "/" + out.join("/");
}

/**
 * The path the kernel would reach: each existing segment is looked up with lstat, symlinks
 * are followed (absolute targets restart from /), and once a segment does not exist the rest
 * is applied lexically.
 */
/** `p` as an absolute path with `.` and `..` taken lexically, from `base` when relative (null: not known). */
export function logicalFrom(base: string | null, p: string): string | null {
  if (isAbsolute(p)) return canonicalLogical(p);
  return base === null ? null : canonicalLogical(join(base, p));
}

export function resolvePhysical(abs: string, fs: FileSystem, watch?: Watch): Physical {
  return resolveFrom("/", abs, fs, watch);
}

/**
 * Like resolvePhysical, for `rest` taken from `base`, a directory already known to be
 * physical and to exist (so its segments need no second lookup).
 */
export function resolveFrom(base: string, rest: string, fs: FileSystem, watch?: Watch): Physical {
  const abs = isAbsolute(rest) ? rest : join(base, rest);
  if (abs.length >= PATH_MAX) return { ok: false, error: "too-long", at: abs.slice(0, 80) + "…" };
  const fromBase = !isAbsolute(rest) && base !== "/";
  // Whether each segment this walk added exists; `..` past them climbs into `base` (or, after
  // an absolute symlink target, stays at /), where everything exists.
  const added: boolean[] = [];
  // The segments still to walk: those of `text` from `at` on, then the texts in `later` (the
  // last first), each from its start. A symlink's target is walked before the rest of the
  // text it was met in. (No split: a path's array of segments was a percent of a batch.)
  let text = fromBase ? rest : abs;
  let at = 0;
  const later: string[] = [];
  let hops = 0;
  let exists = true;
  let missingParent = false;
  let climbed: string[] | null = null;
  let current = fromBase ? base : "/";
  for (;;) {
    if (at > text.length) {
      const t = later.pop();
      if (t === undefined) break;
      text = t;
      at = 0;
      continue;
    }
    let end = text.indexOf("/", at);
    if (end < 0) end = text.length;
    const seg = text.slice(at, end);
    at = end + 1;
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (added.length > 0 && !added[added.length - 1]!) {
        const from = runParent(current, added);
        if (!climbed?.includes(from)) (climbed ??= []).push(from);
      }
      if (current !== "/") current = current.slice(0, current.lastIndexOf("/")) || "/";
      added.pop();
      exists = added.length ? added[added.length - 1]! : true;
      continue;
    }
    const next = current === "/" ? "/" + seg : current + "/" + seg;
    // Nothing exists below a directory that does not: no need to ask the disk.
    const type: ReturnType<FileSystem["lstat"]> = exists ? fs.lstat(next) : null;
    if (type === "unreadable") return { ok: false, error: "unreadable", at: next };
    if (watch !== undefined && watch(next, type !== null)) return { ok: false, error: "changed", at: next };
    if (type === "symlink") {
      if (++hops > MAX_SYMLINK_HOPS) return { ok: false, error: "loop", at: next };
      if (PROCESS_LINK.test(next)) return { ok: false, error: "process", at: next };
      const target = fs.readlink(next);
      if (target === null) return { ok: false, error: "unreadable", at: next };
      if (at <= text.length) later.push(text.slice(at));
      text = target;
      at = 0;
      if (isAbsolute(target)) {
        added.length = 0;
        current = "/";
        exists = true;
      }
      continue;
    }
    if (type === null && (namesSegment(text, at) || later.some((t) => namesSegment(t, 0)))) missingParent = true;
    current = next;
    exists = type !== null;
    added.push(exists);
    if (current.length >= PATH_MAX) return { ok: false, error: "too-long", at: current.slice(0, 80) + "…" };
  }
  return { ok: true, path: current, exists, missingParent, climbed };
}

/** `current` without its trailing segments that do not exist (the last entries of `added`). */
function runParent(current: string, added: readonly boolean[]): string {
  let dir = current;
  for (let i = added.length - 1; i >= 0 && !added[i]; i--) dir = dir.slice(0, dir.lastIndexOf("/")) || "/";
  return dir;
}

/** Whether `text` from `at` on holds a segment other than `` and `.` (a name or `..`). */
function namesSegment(text: string, at: number): boolean {
  for (let i = at; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 47) continue;
    // `.` alone (followed by `/` or the end) names nothing.
    if (c === 46 && (i + 1 === text.length || text.charCodeAt(i + 1) === 47)) continue;
    return true;
  }
  return false;
}

/** Segment-wise containment: `/p/project-backup` is not inside `/p/project`. */
export function isInside(path: string, root: string): boolean {
  if (root === "/") return path.startsWith("/");
  return path === root || path.startsWith(root + "/");
}

/**
 * Where a check or a run starts: the caller's directory as an absolute, normal path, or the
 * process's working directory when none is given. The one place that default is taken.
 */
export function startDir(cwd: string | undefined): string {
  const dir = cwd ?? process.cwd();
  return NORMAL_ABSOLUTE.test(dir) ? dir : nodeResolve(dir);
}

/** Absolute, no empty, `.` or `..` segment, no trailing slash (or just `/`): most already are, and need no work. */
const NORMAL_ABSOLUTE = /^(\/(?!\.\.?(\/|$))[^/]+)+$|^\/$/;
