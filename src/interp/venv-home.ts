// Python finds a venv through the name it was started by: a `pyvenv.cfg` beside that name or one
// directory up names the installation whose standard library it loads (`home`). A project's
// link to a system python is that system program only when every such file names the
// program's own directory; another `home` loads the standard library (and `site`) from there.

import type { FileSystem } from "../paths/fs.ts";
import { canonicalLogical, isAbsolute, join, resolvePhysical } from "../paths/resolve.ts";
import type { World } from "../shell/state.ts";

/** What the check reads the disk through: the accesses' physical view (Accesses, DiskSource). */
interface VenvHomeSource {
  readonly fs: FileSystem;
  physicalDir(logical: string): string | null;
  /** `code`: read as code is, which project code run earlier does not make unknown (FileTexts.read). */
  readScript(w: World, path: string, code?: boolean): string | null;
}

/**
 * Whether each `pyvenv.cfg` Python started by the absolute name `link` may read names
 * `programDir` (the physical directory of the program the link leads to) as its home; a file
 * the guard cannot read as a script's (outside the roots, written earlier) names none.
 */
export function venvHomeIs(src: VenvHomeSource, w: World, link: string, programDir: string): boolean {
  // (Python makes the name it was started by absolute, `..` cleaned away, links kept; the
  // directories it may look in are taken as written and as the kernel resolves them.)
  const bin = dirname(canonicalLogical(link));
  const physicalBin = src.physicalDir(bin);
  const dirs = new Set([bin, dirname(bin), ...(physicalBin === null ? [] : [physicalBin, dirname(physicalBin)])]);
  for (const dir of dirs) {
    const cfg = join(dir, "pyvenv.cfg");
    const found = resolvePhysical(cfg, src.fs);
    if (found.ok && !found.exists) continue;
    // Which installation runs, as the link it starts from does: code to Python (its `site`).
    const body = src.readScript(w, cfg, true);
    const home = body === null ? null : /^[ \t]*home[ \t]*=[ \t]*(.*?)[ \t]*$/m.exec(body)?.[1] ?? null;
    if (home === null || !isAbsolute(home) || src.physicalDir(home) !== programDir) return false;
  }
  return true;
}

function dirname(p: string): string {
  return p.slice(0, p.lastIndexOf("/")) || "/";
}

/** The names an interpreter of a Python installation goes by (`python3.12`, `python3`, `pypy3.10`). */
export const PYTHON_NAME = /^(python|pypy)(\d+(\.\d+)?)?$/;

/** The names pip's console scripts go by (`pip`, `pip3`, `pip3.12`). */
export const PIP_NAME = /^pip(\d+(\.\d+)?)?$/;

/**
 * Whether `program` (a physical path, where a venv's link `link` leads) is the interpreter of
 * a Python installation outside the system's bin directories (pyenv's, uv's, conda's, a
 * framework build's) that the venv names: a Python's name, an executable regular file, a
 * standard library beside it (`../lib/pythonX.Y/os.py`, what makes a directory an
 * installation), and at least one `pyvenv.cfg` where Python looks for it, each naming the
 * program's own directory as its home. `python3 -m venv` run by that Python writes exactly
 * this. Running it runs that installation, as `python3` found on PATH does; the words and the
 * venv's own files are judged as ever. A link or file that an earlier part of the command may
 * have made is not followed here (the caller's `linksChanged`/`fsChanged`), and a pyvenv.cfg
 * written earlier names no home.
 */
export function venvInterpreter(src: VenvHomeSource, w: World, link: string, program: string): boolean {
  const cut = program.lastIndexOf("/");
  const dir = program.slice(0, cut) || "/";
  if (!PYTHON_NAME.test(program.slice(cut + 1)) || src.fs.lstat(program) !== "file") return false;
  if (src.fs.executable?.(program) === false) return false;
  const lib = join(dirname(dir), "lib");
  const stdlib = (src.fs.readdir(lib) ?? []).some((d) =>
    /^python\d+\.\d+t?$/.test(d) && src.fs.lstat(join(lib, `${d}/os.py`)) === "file"
  );
  return stdlib && hasVenvConfig(src, w, link) && venvHomeIs(src, w, link, dir);
}

/** Whether a `pyvenv.cfg` the guard can read is where Python started by `link` looks for one. */
function hasVenvConfig(src: VenvHomeSource, w: World, link: string): boolean {
  const bin = dirname(canonicalLogical(link));
  return [bin, dirname(bin)].some((d) => src.readScript(w, join(d, "pyvenv.cfg"), true) !== null);
}
