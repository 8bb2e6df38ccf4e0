// The filesystem as the guard sees it: a small interface, so the interpreter can run on the
// real disk or on an in-memory tree in tests. Every method answers "not there" or "cannot
// tell" instead of throwing.

import { accessSync, closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readlinkSync, readSync,
  realpathSync, statSync } from "node:fs";

import type { Deadline } from "../base/deadline.ts";

type EntryType = "file" | "dir" | "symlink" | "other";

/** `null`: the path does not exist. `"unreadable"`: a permission or I/O error hid the answer. */
export type LstatResult = EntryType | null | "unreadable";

/**
 * A name that is not UTF-8 stands as this in a listing: it cannot be a JavaScript string
 * faithfully, so whatever could match it is not known. (A NUL is never part of a file name.)
 */
export const UNDECODABLE_NAME = "\u0000";

const utf8 = new TextDecoder("utf-8", { fatal: true });

function decodeName(b: Buffer): string | null {
  try {
    return utf8.decode(b);
  } catch {
    return null;
  }
}

export interface FileSystem {
  lstat(path: string): LstatResult;
  readlink(path: string): string | null;
  /** Names in a directory, or null when it cannot be listed. */
  readdir(path: string): string[] | null;
  /** At most `maxBytes` of a file as UTF-8, or null. */
  readFile(path: string, maxBytes: number): string | null;
  /** A file's bytes when it holds at most `maxBytes`, or null (optional: then binary files are not read). */
  readBytes?(path: string, maxBytes: number): Uint8Array | null;
  /** Home directory of a user name (for `~user`), or null when unknown. */
  homeOf(user: string): string | null;
  /** Whether the guard's user may execute a path (`test -x`), or null when it cannot tell. */
  executable?(path: string): boolean | null;
  /**
   * The physical path of an existing directory, every symlink on the way followed by the
   * kernel in one call, or null when it is not one or cannot be looked up (then ask lstat,
   * segment by segment, why). Optional: a filesystem without it is walked.
   */
  realpathDir?(path: string): string | null;
  /**
   * Whether what is at a path is another machine's, not known here (confined.ts: the CI
   * scanner, outside the roots): a directory there that cannot be listed may hold anything,
   * where without this it would be one that holds nothing. Optional: a filesystem without it
   * is the machine the commands run on.
   */
  unknownHere?(path: string): boolean;
}

function errCode(e: unknown): string {
  return typeof e === "object" && e !== null && "code" in e ? String((e as { code: unknown }).code) : "";
}

const ABSENT = new Set(["ENOENT", "ENOTDIR", "ENAMETOOLONG", "ELOOP"]);

function realpathDir(path: string): string | null {
  try {
    // The trailing slash: a path naming anything but a directory fails (ENOTDIR), as the
    // kernel resolves it.
    return realpathSync.native(path === "/" ? "/" : `${path}/`);
  } catch {
    return null;
  }
}

/** Why a file was not read: it is not there, not a regular file, past the cap, or an error hid it. */
export type ReadProblem = "absent" | "not a regular file" | "too large" | "unreadable";

type ReadResult = { readonly bytes: Buffer } | { readonly problem: ReadProblem; readonly code: string };

// O_NONBLOCK: opening a FIFO for reading waits for a writer, and reading one waits for data; a
// check that waits is one the host's hook gives up on and then runs the command unchecked.
// With it the open returns at once, and fstat says what was opened. O_NOCTTY: a terminal named
// by the agent must not become the checker's. (Both are 0 where the platform has no such flag.)
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * The one way the guard reads a file it did not write itself (scripts, package.json, Makefiles,
 * config layers, git's index, listing inputs): only a regular file, at most `maxBytes`, never
 * waiting on a FIFO, socket or device. Anything else is a problem, never a throw. `head`: the
 * first `maxBytes` of a longer file are enough (a `#!` line), not "too large".
 */
export function readRegularFile(path: string, maxBytes: number, head = false): ReadResult {
  let fd: number;
  try {
    // A path that is not a regular file now is not opened at all (opening a device may act).
    if (!statSync(path).isFile()) return { problem: "not a regular file", code: "ENOTREG" };
    fd = openSync(path, READ_FLAGS);
  } catch (e) {
    return { problem: ABSENT.has(errCode(e)) ? "absent" : "unreadable", code: errCode(e) || "EIO" };
  }
  try {
    // What was opened is what counts: the name may have been swapped since the stat.
    const st = fstatSync(fd);
    if (!st.isFile()) return { problem: "not a regular file", code: "ENOTREG" };
    if (st.size > maxBytes && !head) return { problem: "too large", code: "EFBIG" };
    // Read to the end, not to st.size: a file may grow meanwhile (or be a /proc file that says 0).
    let buf = Buffer.allocUnsafe(Math.min(maxBytes + 1, Math.max(st.size + 1, 4096)));
    let n = 0;
    for (;;) {
      if (n === buf.length) buf = Buffer.concat([buf, Buffer.allocUnsafe(Math.min(maxBytes + 1 - n, n))]);
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
      if (n > maxBytes) return head ? { bytes: buf.subarray(0, maxBytes) } : { problem: "too large", code: "EFBIG" };
    }
    return { bytes: buf.subarray(0, n) };
  } catch (e) {
    return { problem: "unreadable", code: errCode(e) || "EIO" };
  } finally {
    closeSync(fd);
  }
}

/** readRegularFile's bytes as UTF-8, or null for any problem. */
export function readRegularText(path: string, maxBytes: number): string | null {
  const r = readRegularFile(path, maxBytes);
  return "bytes" in r ? r.bytes.toString("utf8") : null;
}

export const nodeFileSystem: FileSystem = {
  lstat(path) {
    try {
      const st = lstatSync(path, { throwIfNoEntry: false });
      if (!st) return null;
      if (st.isSymbolicLink()) return "symlink";
      if (st.isDirectory()) return "dir";
      if (st.isFile()) return "file";
      return "other";
    } catch (e) {
      return ABSENT.has(errCode(e)) ? null : "unreadable";
    }
  },
  readlink(path) {
    try {
      // A target that is not UTF-8 cannot be followed faithfully: unreadable.
      return decodeName(readlinkSync(path, { encoding: "buffer" }));
    } catch {
      return null;
    }
  },
  readdir(path) {
    try {
      return readdirSync(path, { encoding: "buffer" }).map((b) => decodeName(b) ?? UNDECODABLE_NAME);
    } catch {
      return null;
    }
  },
  executable(path) {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch (e) {
      return errCode(e) === "EACCES" || ABSENT.has(errCode(e)) ? false : null;
    }
  },
  readFile: readRegularText,
  readBytes(path, maxBytes) {
    const r = readRegularFile(path, maxBytes);
    return "bytes" in r ? r.bytes : null;
  },
  // Node.js asks libc's realpath, one call for the whole path. Bun answers it with open,
  // readlink of /proc/self/fd and close, no cheaper than lstat of a cwd three deep: there the
  // walk asks.
  ...(process.versions.bun === undefined ? { realpathDir } : {}),
  homeOf(user) {
    const text = readRegularText("/etc/passwd", 16 << 20);
    if (text === null) return null;
    for (const line of text.split("\n")) {
      const f = line.split(":");
      if (f[0] === user && f.length >= 7) return f[5] || null;
    }
    return null;
  },
};

/** Every call first asks the check's deadline, so a slow disk ends the check with CHECK_TIMEOUT. */
export function deadlineFileSystem(inner: FileSystem, deadline: Deadline): FileSystem {
  const t = <A extends unknown[], R>(f: (...a: A) => R) => (...a: A): R => {
    deadline.check();
    return f(...a);
  };
  return { lstat: t((p: string) => inner.lstat(p)), readlink: t((p: string) => inner.readlink(p)),
    readdir: t((p: string) => inner.readdir(p)), readFile: t((p: string, max: number) => inner.readFile(p, max)),
    ...(inner.readBytes ? { readBytes: t((p: string, max: number) => inner.readBytes!(p, max)) } : {}),
    homeOf: t((u: string) => inner.homeOf(u)),
    ...(inner.executable ? { executable: t((p: string) => inner.executable!(p)) } : {}),
    ...(inner.realpathDir ? { realpathDir: t((p: string) => inner.realpathDir!(p)) } : {}),
    ...(inner.unknownHere ? { unknownHere: (p: string) => inner.unknownHere!(p) } : {}) };
}

/** Remembers answers for the length of one check, so a path is looked up once. */
export function cachingFileSystem(inner: FileSystem): FileSystem {
  const lstats = new Map<string, LstatResult>();
  const links = new Map<string, string | null>();
  const homes = new Map<string, string | null>();
  // Entries found missing, or to be files or devices: nothing exists below them (ENOENT,
  // ENOTDIR), so the disk need not be asked about what is. A few per check; bounded, so a
  // command naming thousands of missing paths does not make each lookup scan them all.
  const dead: string[] = [];
  const belowNothing = (path: string): boolean => {
    for (const d of dead) {
      if (path.length > d.length && path.startsWith(d) && path.charCodeAt(d.length) === 47) return true;
    }
    return false;
  };
  return { lstat(path) {
    let r = lstats.get(path);
    if (r === undefined) {
      r = belowNothing(path) ? null : inner.lstat(path);
      lstats.set(path, r);
      if ((r === null || r === "file" || r === "other") && dead.length < 32) dead.push(path);
    }
    return r;
  },
    readlink(path) {
      if (links.has(path)) return links.get(path)!;
      const r = inner.readlink(path);
      links.set(path, r);
      return r;
    },
    realpathDir(path) {
      const r = inner.realpathDir?.(path) ?? null;
      // A directory that is its own physical path: it and every directory above it are
      // directories, not symlinks, as lstat would say of each.
      if (r !== null && r === path) {
        for (let i = path.length; i > 0; i = path.lastIndexOf("/", i - 1)) lstats.set(path.slice(0, i), "dir");
      }
      return r;
    }, readdir: (path) => inner.readdir(path), readFile: (path, max) => inner.readFile(path, max),
    ...(inner.readBytes ? { readBytes: (path: string, max: number) => inner.readBytes!(path, max) } : {}),
    executable: (path) => inner.executable?.(path) ?? null,
    ...(inner.unknownHere ? { unknownHere: (path: string) => inner.unknownHere!(path) } : {}),
    homeOf(user) {
      if (homes.has(user)) return homes.get(user)!;
      const r = inner.homeOf(user);
      homes.set(user, r);
      return r;
    } };
}
