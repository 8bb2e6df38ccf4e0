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
import { isInside, join, logicalFrom, resolvePhysical } from "../paths/resolve.ts";
import type { FileSystem } from "../paths/fs.ts";
import type { World } from "../shell/state.ts";
import type { FileTexts } from "./file-texts.ts";
import { PIP_NAME, PYTHON_NAME } from "./venv-home.ts";

/** A file of a venv made earlier in the command: the venv's directory and the file's name in its bin. */
interface MadeVenvFile {
  readonly dir: string;
  readonly name: string;
}

/** Where a venv is made: its directory, logical and physical, and whether one was there before. */
interface VenvPlace {
  readonly abs: string;
  readonly physical: string;
  readonly existed: boolean;
  /** Over a venv that was there: its pip* are all pip's console scripts for it (standardPip). */
  readonly pipKept: boolean;
}

interface Made extends VenvPlace {
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

/**
 * What `python -m venv DIR` writes in DIR (CPython 3.11, under strace; the names other releases
 * give the same files): its pyvenv.cfg, the scripts and links in bin (python, python3,
 * python3.X; pip's console scripts), lib (where ensurepip installs pip), lib64 (a link to lib),
 * include. Logged as these names, not as DIR: over a venv that is there, what else its bin holds
 * stays what the disk shows.
 */
const VENV_WRITES = ["pyvenv.cfg", "lib", "lib64", "include", "bin/activate", "bin/activate.csh", "bin/activate.fish",
  "bin/Activate.ps1", "bin/python", "bin/python3", "bin/pip", "bin/pip3",
  ...Array.from({ length: 16 }, (_, i) => `bin/python3.${i}`),
  ...Array.from({ length: 16 }, (_, i) => `bin/pip3.${i}`)];

/** The body of pip's console script after its `#!` line, as pip writes it (with either quotes). */
const PIP_SCRIPT_BODY = ["# -*- coding: utf-8 -*-", "import re", "import sys",
  "from pip._internal.cli.main import main", "if __name__ == '__main__':",
  "    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])", "    sys.exit(main())"];

/** Whether `text` is pip's console script for the venv at `dir` (`#!DIR/bin/python3`). */
export function isPipScript(dir: string, text: string): boolean {
  const lines = text.replace(/\n$/, "").split("\n");
  const first = lines.shift();
  if (first === undefined || !first.startsWith(`#!${dir}/bin/`) || !PYTHON_NAME.test(first.slice(dir.length + 7))) {
    return false;
  }
  const body = lines.join("\n");
  const single = PIP_SCRIPT_BODY.join("\n");
  return body === single || body === single.replaceAll("'", '"');
}

export class MadeVenvs {
  /** By the venv's directory, logical and canonical. */
  private readonly made = new Map<string, Made>();

  constructor(private readonly fs: FileSystem, private readonly roots: readonly string[],
    private readonly texts: FileTexts, private readonly disk: DiskView)
  {}

  /**
   * Where `python3 -m venv DIR` makes its venv, asked in the world `w` before the command runs:
   * null when the guard does not follow it. `existing`: whether a directory already there is
   * a venv whose bin's python* lead to Pythons (asked of the caller, which knows how links to
   * programs are judged: path-lookup.ts), whose files venv then writes over and whose links it
   * keeps; anything else already there is not followed.
   */
  placeOf(w: World, dir: Arg, existing: (abs: string) => boolean): VenvPlace | null {
    const at = this.where(w, dir);
    if (at === null) return null;
    const { abs, physical } = at;
    const r = resolvePhysical(physical, this.fs);
    if (!r.ok || !this.roots.some((root) => isInside(physical, root)) || this.disk.throughLinkZone(w, abs)) return null;
    if (!r.exists) return { abs, physical, existed: false, pipKept: false };
    if (this.fs.lstat(physical) !== "dir" || !existing(abs)) return null;
    return { abs, physical, existed: true, pipKept: this.standardPip(physical) };
  }

  /** The directory `python -m venv DIR` is given: logical and canonical, and where it is on the disk (its parent resolved). */
  private where(w: World, dir: Arg): { abs: string; physical: string } | null {
    const abs = dir.text === null || dir.text === "" ? null : logicalFrom(w.cwd, dir.text);
    if (abs === null || abs === "/") return null;
    const parent = this.disk.physicalDir(dirname(abs));
    return parent === null ? null : { abs, physical: join(parent, basename(abs)) };
  }

  /**
   * Whether every pip* in the bin of the venv at `physical` is pip's console script for that
   * venv, as pip writes one: then after venv runs over it (which may install pip anew, or
   * leave it) it is pip either way.
   */
  private standardPip(physical: string): boolean {
    const names = (this.fs.readdir(`${physical}/bin`) ?? []).filter((n) => PIP_NAME.test(n));
    return names.length > 0 && names.every((n) => {
      const file = `${physical}/bin/${n}`;
      if (this.fs.lstat(file) !== "file") return false;
      const text = this.fs.readFile(file, 4096);
      return text !== null && isPipScript(physical, text);
    });
  }

  /**
   * Logs what `python -m venv DIR` writes (FileTexts), whether or not the venv is followed:
   * later reads of those files are not of what the disk shows now.
   */
  logWrites(w: World, dir: Arg): void {
    const at = this.where(w, dir);
    if (at === null) {
      // (Where is not known: the command's writes are not either.)
      this.texts.contentsMayChange = true;
      return;
    }
    const { physical } = at;
    for (const n of VENV_WRITES) {
      const file = `${physical}/${n}`;
      // (A python link that is there is kept, not written through: venv's symlink_or_copy.)
      if (/^bin\/python/.test(n) && this.fs.lstat(file) === "symlink") continue;
      this.texts.wrote(file);
    }
  }

  /** The venv `placeOf` found was made, once every write of the command that made it is logged. */
  record(place: VenvPlace, pip: boolean): void {
    this.made.set(place.abs, { ...place, writes: this.texts.logMark().writes, pip });
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
      return this.unchanged(m);
    }
    return false;
  }

  /** Whether the command made any venv. */
  any(): boolean {
    return this.made.size > 0;
  }

  /**
   * Whether the physical path `phys` is one venv wrote in a venv made earlier in the command,
   * as venv wrote it (nothing written at or above it since): its pyvenv.cfg names the Python
   * that made it, not a home a command chose (written-config.ts).
   */
  wrote(phys: string): boolean {
    for (const m of this.made.values()) {
      if (!phys.startsWith(`${m.physical}/`)) continue;
      return !this.texts.writtenSince(m.writes, phys) && this.unchanged(m);
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
    const abs = logicalFrom(w.cwd, path);
    if (abs === null) return null;
    const name = basename(abs);
    const bin = dirname(abs);
    if (basename(bin) !== "bin" || name === "" || name === "." || name === "..") return null;
    const dir = dirname(bin);
    const m = this.made.get(dir);
    if (m === undefined || (!m.pip && PIP_NAME.test(name))) return null;
    // Over a venv that was there, venv writes activate (and pyvenv.cfg) anew and keeps the
    // python links (placeOf checked where they lead); pip is left as it is when one is
    // installed already, and what else is in bin stays what the disk shows.
    if (m.existed && name !== "activate" && !PYTHON_NAME.test(name) && !(m.pipKept && PIP_NAME.test(name))) return null;
    const file = `${m.physical}/bin/${name}`;
    if (this.texts.writtenSince(m.writes, file) || this.disk.throughLinkZone(w, abs)) return null;
    return this.unchanged(m) ? { dir, name } : null;
  }

  /** Whether the disk still shows what it did when the venv was placed: nothing, or a directory. */
  private unchanged(m: Made): boolean {
    const r = resolvePhysical(m.physical, this.fs);
    return r.ok && (m.existed ? this.fs.lstat(m.physical) === "dir" : !r.exists);
  }
}
