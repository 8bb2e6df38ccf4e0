// The disk as a command's analysis sees it (Disk in commands/effects.ts): questions about paths
// answered from a world's working directory, through the accesses' physical view of the disk.

import type { FileSystem } from "../paths/fs.ts";
import { isAbsolute, join, resolvePhysical } from "../paths/resolve.ts";
import type { ReasonCode } from "../base/reasons.ts";
import type { Span } from "../base/span.ts";
import type { DataRead, Disk } from "../commands/effects.ts";
import { isPlainPath, type NamesSeen } from "../shell/listing.ts";
import type { World } from "../shell/state.ts";
import { venvHomeIs, venvInterpreter } from "./venv-home.ts";

/** What the answers are made of: the physical view Accesses keeps. */
export interface DiskSource {
  readonly fs: FileSystem;
  issue(code: ReasonCode, message: string, span: Span | null): void;
  physicalDir(logical: string): string | null;
  entryLocation(w: World, p: string, dir: string | null): string | null | "changed" | "self";
  throughLinkZone(w: World, abs: string): boolean;
  readScript(w: World, path: string, code?: boolean): string | null;
  readData(w: World, path: string, maxBytes: number): DataRead;
  readOwnConfig(w: World, path: string, maxBytes: number): DataRead;
  unplainNames(dir: string, deep: boolean, w: World, span: Span, onlyPlain?: boolean): string | NamesSeen;
}

/**
 * Disk questions asked by commands, answered from a world's working directory. From a
 * stand-in one (StandInCwd in state.ts) a question about a relative path has no answer: the
 * command (`span`) is asked about, since what it would make of the answer — a file that is
 * not there read nothing, the repository or package found above — is not known, and the
 * paths it names would otherwise be judged as in the tree.
 */
export function diskView(src: DiskSource, w: World, span: Span, command: string): Disk {
  const tree = w.standInCwd;
  let told = false;
  const dirOf = (from: string | null | undefined, p?: string): string | null => {
    const dir = from === undefined || from === null
      ? w.cwd
      : isAbsolute(from)
      ? from
      : w.cwd === null
      ? null
      : join(w.cwd, from);
    if (dir === null && tree !== null && !told && (p === undefined || !isAbsolute(p))) {
      told = true;
      src.issue("UNRESOLVED_CWD",
        `${command} looks for files from the working directory, one of the directories under ${tree.shown} that a listing prints, and what it finds there is not known`,
        span);
    }
    return dir;
  };
  return { isDirectory: (p, from) => {
    const dir = dirOf(from, p);
    const abs = isAbsolute(p) ? p : dir === null ? null : join(dir, p);
    return abs !== null && src.physicalDir(abs) !== null;
  },
    findUp: (name, from) => {
      const dir = dirOf(from);
      let cur = dir === null ? null : src.physicalDir(dir);
      while (cur !== null) {
        if (src.fs.lstat(cur === "/" ? `/${name}` : `${cur}/${name}`) !== null) return cur;
        if (cur === "/") return null;
        cur = cur.slice(0, cur.lastIndexOf("/")) || "/";
      }
      return null;
    },
    isLink: (p, from) => {
      const loc = src.entryLocation(w, p, dirOf(from, p));
      return typeof loc === "string" && src.fs.lstat(loc) === "symlink";
    },
    settled: (p, from) => {
      const dir = dirOf(from, p);
      const abs = isAbsolute(p) ? p : dir === null ? null : join(dir, p);
      if (abs === null || src.throughLinkZone(w, abs)) return false;
      // A name that is not there now is read as the name of the new link, as it was before
      // the command; one that is there may have been removed or replaced since.
      if (!w.fsChanged) return true;
      const r = resolvePhysical(abs, src.fs);
      return r.ok && !r.exists;
    },
    readText: (p, from) => {
      const dir = dirOf(from, p);
      const abs = isAbsolute(p) ? p : dir === null ? null : join(dir, p);
      return abs === null ? null : src.readScript(w, abs);
    },
    readData: (p, maxBytes, from) => {
      const dir = dirOf(from, p);
      const abs = isAbsolute(p) ? p : dir === null ? null : join(dir, p);
      return abs === null ? { why: "the working directory is not known" } : src.readData(w, abs, maxBytes);
    },
    readOwnConfig: (p, maxBytes, from) => {
      const dir = dirOf(from, p);
      const abs = isAbsolute(p) ? p : dir === null ? null : join(dir, p);
      return abs === null ? { why: "the working directory is not known" } : src.readOwnConfig(w, abs, maxBytes);
    },
    systemProgram: (p, isSystem, from) => {
      const dir = dirOf(from, p);
      const link = isAbsolute(p) ? p : dir === null ? null : join(dir, p);
      let abs = link;
      // Each hop as the kernel takes it: the link's own directory resolved, its target read
      // from there; only while nothing in the command may have changed a name on the way.
      if (abs === null || w.fsChanged || w.linksChanged) return null;
      for (let hops = 0; hops < 40; hops++) {
        if (src.throughLinkZone(w, abs)) return null;
        const loc = src.entryLocation(w, abs, null);
        if (typeof loc !== "string" || src.fs.lstat(loc) !== "symlink") return null;
        const target = src.fs.readlink(loc);
        if (target === null || target === "") return null;
        const joined = isAbsolute(target) ? target : join(loc.slice(0, loc.lastIndexOf("/")) || "/", target);
        const cut = joined.lastIndexOf("/");
        const name = joined.slice(cut + 1);
        const parent = resolvePhysical(joined.slice(0, cut) || "/", src.fs);
        if (name === "" || name === "." || name === ".." || !parent.ok || !parent.exists) return null;
        abs = parent.path === "/" ? `/${name}` : `${parent.path}/${name}`;
        // (A venv's pyvenv.cfg must name the program's own installation: venv-home.ts.)
        if (isSystem(abs)) return venvHomeIs(src, w, link!, parent.path) ? abs : null;
        // (Or the interpreter of a Python installation elsewhere that the venv names: venv-home.ts.)
        if (venvInterpreter(src, w, link!, abs)) return abs;
      }
      return null;
    },
    plainNames: (p, span, from) => {
      const dir = dirOf(from, p);
      const abs = isAbsolute(p) ? p : dir === null ? null : join(dir, p);
      if (!isPlainPath(p) || p.startsWith("-") || abs === null) {
        return abs === null ? "the working directory is not known" : `${JSON.stringify(p)} is not a plain name`;
      }
      const got = src.unplainNames(abs, true, w, span, true);
      return typeof got === "string" ? got : got.odd === "" ? null : `a name there holds ${JSON.stringify(got.odd)}`;
    } };
}
