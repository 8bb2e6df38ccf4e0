// Virtual environments the command makes before it uses them: `python3 -m venv venv && .
// venv/bin/activate && pip install -r requirements.txt && pytest`. The directory is not there
// when the guard looks, so its activate script cannot be read and its python and pip are no
// files; every later use asked. But the standard library's venv module writes known things:
// bin/activate is CPython's template (venv-templates.ts), bin/python* lead to the Python that
// ran it, bin/pip* are pip's console scripts for that python, and what `pip install` adds to
// bin/ later is the console scripts of the packages it installed, project code as an install's
// is. So, for a venv made earlier in the command:
//
// - `. DIR/bin/activate` does what the templates do (venv.ts activateMade);
// - DIR/bin/NAME runs the tool NAME as the table knows it (python, pip, pytest, …), in that
//   venv: `pip install` installs into it (pip-environment.ts), inside the project.
//
// Only where that holds: the Python that ran it is the host's (the table's `python3`, not a
// program of the project's or a function: those never emit the effect), DIR was given as known
// text, is inside a root, and was not there when the check began (an existing directory keeps
// what it holds, which the usual rules read), and no later part of the command may have written
// at or above the file used (a write there, a link zone, a command whose writes are not known).

import { basename, dirname } from "node:path";
import type { Arg } from "../commands/analyse.ts";
import { canonicalLogical, isAbsolute, isInside, join, resolvePhysical } from "../paths/resolve.ts";
import type { FileSystem } from "../paths/fs.ts";
import type { World } from "../shell/state.ts";
import type { FileTexts } from "./file-texts.ts";

/** A file of a venv made earlier in the command: the venv's directory and the file's name in its bin. */
interface MadeVenvFile {
  readonly dir: string;
  readonly name: string;
}

interface Made {
  /** The physical path it was made at (its parent resolved). */
  readonly physical: string;
  /** How many writes the command had made when the venv was made (FileTexts.logMark). */
  readonly writes: number;
  /** Its bin has pip (not `--without-pip`): else a `pip` there is not venv's, and PATH finds another. */
  readonly pip: boolean;
}

/** What the physical view of the disk offers: where a directory is, and whether a link zone is on a path's way. */
interface DiskView {
  physicalDir(logical: string): string | null;
  throughLinkZone(w: World, abs: string): boolean;
}

export class MadeVenvs {
  /** By the venv's directory, logical and canonical. */
  private readonly made = new Map<string, Made>();

  constructor(private readonly fs: FileSystem, private readonly roots: readonly string[],
    private readonly texts: FileTexts, private readonly disk: DiskView)
  {}

  /** `python3 -m venv DIR` ran in `w`: the venv, when it is one the guard can follow. */
  record(w: World, dir: Arg, pip: boolean): void {
    const text = dir.text;
    if (text === null || text === "" || (!isAbsolute(text) && w.cwd === null)) return;
    const abs = canonicalLogical(isAbsolute(text) ? text : join(w.cwd!, text));
    const parent = this.disk.physicalDir(dirname(abs));
    if (parent === null || basename(abs) === "" || abs === "/") return;
    const physical = join(parent, basename(abs));
    const r = resolvePhysical(physical, this.fs);
    if (!r.ok || r.exists || !this.roots.some((root) => isInside(physical, root))) return;
    if (this.disk.throughLinkZone(w, abs)) return;
    this.made.set(abs, { physical, writes: this.texts.logMark().writes, pip });
  }

  /**
   * Whether the physical path `phys` is in a venv made earlier in the command, as venv made
   * it: a directory it made, or a file in one, and no link (its bin's python*, which lead to
   * the Python that made it), with nothing written at or above it since. Such a path is not a
   * directory an earlier command may have made a symlink (Accesses.recordPhysical).
   */
  holds(phys: string): boolean {
    for (const m of this.made.values()) {
      if (phys !== m.physical && !phys.startsWith(`${m.physical}/`)) continue;
      const rel = phys.slice(m.physical.length);
      if (/^\/bin\/(python|pypy)[^/]*(\/|$)/.test(rel) || this.texts.writtenSince(m.writes, phys)) return false;
      const r = resolvePhysical(m.physical, this.fs);
      return r.ok && !r.exists;
    }
    return false;
  }

  /**
   * The venv and name when `path` (as the command gives it, from `w`'s directory) is
   * DIR/bin/NAME of a venv made earlier in the command, and nothing since may have written at or
   * above that file; null otherwise.
   */
  fileOf(w: World, path: string | null): MadeVenvFile | null {
    if (this.made.size === 0 || path === null || !path.includes("/")) return null;
    if (!isAbsolute(path) && w.cwd === null) return null;
    const abs = canonicalLogical(isAbsolute(path) ? path : join(w.cwd!, path));
    const name = basename(abs);
    const bin = dirname(abs);
    if (basename(bin) !== "bin" || name === "" || name === "." || name === "..") return null;
    const dir = dirname(bin);
    const m = this.made.get(dir);
    if (m === undefined || (!m.pip && /^pip/.test(name))) return null;
    const file = `${m.physical}/bin/${name}`;
    if (this.texts.writtenSince(m.writes, file) || this.disk.throughLinkZone(w, abs)) return null;
    // (Something made the name since the check began: what it is now is not what venv wrote.)
    const r = resolvePhysical(m.physical, this.fs);
    if (!r.ok || r.exists) return null;
    return { dir, name };
  }
}
