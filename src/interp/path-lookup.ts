// A program looked up in PATH. Bash runs the first DIR/NAME on PATH that is an executable
// regular file (symlinks followed; directories and other files passed over). The host's PATH
// is taken on trust: its programs are the tools their names say, as the command table
// describes them. Entries the command itself put on PATH are not: a program of the project's
// own in one of them (`PATH=$PWD/bin make`, a venv's bin once its activate script ran) is what
// runs, and it is judged as that file, as `./bin/NAME` would be (nested.ts runScript: a shell
// script read and interpreted, another program judged by its words).

import { isSystemProgram } from "../commands/analyse.ts";
import { lookupCommand } from "../commands/table/index.ts";
import { canonicalLogical, isAbsolute, isInside, join, logicalFrom, resolvePhysical } from "../paths/resolve.ts";
import { dirEntries } from "../shell/environment.ts";
import type { World } from "../shell/state.ts";
import type { Shell } from "./context.ts";
import { PIP_NAME, PYTHON_NAME, venvHomeIs, venvInterpreter } from "./venv-home.ts";
import { isPipScript } from "./made-venvs.ts";

/**
 * The files of the project's own that running `name` may start, in PATH's order, when the
 * command set PATH to entries inside the roots: the first executable file the disk shows (and
 * nothing may have changed), with those before it that an earlier part of the command may have
 * made or changed, or that are there but not executable now. None when the command did not set
 * PATH, or set it to a value the guard does not know (then PATH itself is asked about).
 */
export function pathPrograms(it: Shell, w: World, name: string): string[] {
  const v = w.getVar("PATH");
  if (v === undefined || name === "" || name.includes("/")) return [];
  let entries: readonly string[];
  if (v.k === "str") entries = dirEntries(v.v);
  else if (v.k === "arr") entries = dirEntries(v.v[0] ?? "");
  else if (v.k === "unknown" && v.hostPath !== undefined) entries = v.hostPath.head;
  else return [];
  const files: string[] = [];
  for (const entry of entries) {
    // (A relative entry from a directory that is not known is asked about with PATH itself.)
    const dir = isAbsolute(entry) ? entry : w.cwd === null ? null : join(w.cwd, entry);
    if (dir === null) continue;
    const at = resolvePhysical(dir, it.fs);
    if (!at.ok || !it.opts.roots.some((root) => isInside(at.path, root))) continue;
    const file = join(at.path, name);
    const r = resolvePhysical(file, it.fs);
    const changed = it.paths.mayHaveChanged(w, file);
    const isFile = r.ok && r.exists && it.fs.lstat(r.path) === "file";
    if (isFile && !changed && it.fs.executable?.(r.path) === true) {
      files.push(file);
      return files;
    }
    // There, or perhaps made or changed by an earlier part of the command: it may be what runs,
    // or bash may pass over it (not executable, removed) to the entries after it.
    if (isFile || changed || !r.ok) files.push(file);
  }
  return files;
}

/**
 * The system program a path of the project's runs when it is a symlink (a chain of them) to
 * one: `venv/bin/python` → /usr/bin/python3 → python3.11 runs /usr/bin/python3.11, the tool
 * its name says (src/commands/analyse.ts `isSystemProgram`), not code of the project's. Only
 * where the link's name and the program's are the same tool to the command table (or the same
 * name): a program that reads its name to choose what to do (busybox, `x/ls` → busybox, runs
 * `ls`) is not the tool the target's name says. Python finds a venv through the name it was
 * started by: a `pyvenv.cfg` beside the link or one directory up names the installation whose
 * standard library it loads (`home`), which must be the program's own directory, in a file the
 * guard reads as a script's (inside a root, not written earlier in the command). Null where
 * any of this does not hold, or an earlier part of the command may have made links.
 */
export function systemProgramBehind(it: Shell, w: World, text: string): string | null {
  if (it.opts.commandKnowledge === false || !text.includes("/") || isSystemProgram(text)) return null;
  const abs = isAbsolute(text) ? text : w.cwd === null ? null : join(w.cwd, text);
  if (abs === null || linkMayHaveChanged(it, w, abs)) return null;
  const r = resolvePhysical(abs, it.fs);
  if (!r.ok || !r.exists || r.path === abs || !isSystemProgram(r.path) || it.fs.lstat(r.path) !== "file") return null;
  const name = basename(abs);
  const program = basename(r.path);
  const entry = lookupCommand(name);
  if (name !== program && (entry === undefined || entry !== lookupCommand(program))) return null;
  return venvHomeIs(it.paths, w, abs, dirname(r.path)) ? r.path : null;
}

/**
 * Whether the directory `dir` is a venv whose bin's python* all lead to Pythons a venv's link
 * may run (systemProgramBehind, or an installation elsewhere the venv names: venv-home.ts
 * `venvInterpreter`), as the disk shows it to this world: `python3 -m venv` over it keeps those
 * links (made-venvs.ts).
 */
export function venvOfPythons(it: Shell, w: World, dir: string): boolean {
  const names = (it.fs.readdir(join(dir, "bin")) ?? []).filter((n) => PYTHON_NAME.test(n));
  return names.length > 0 && names.every((n) => {
    const link = join(dir, `bin/${n}`);
    if (systemProgramBehind(it, w, link) !== null) return true;
    const r = resolvePhysical(link, it.fs);
    return r.ok && r.exists && r.path !== link && !linkMayHaveChanged(it, w, link) &&
      venvInterpreter(it.paths, w, link, r.path);
  });
}

/**
 * The venv whose pip `text` names, when it is a venv's bin/pip* inside a root holding pip's
 * console script for that venv, as pip writes it, and the venv's python* lead to Pythons
 * (venvOfPythons): then it is pip, installing into that venv. Null otherwise.
 */
export function venvPip(it: Shell, w: World, text: string | null): string | null {
  const abs = text === null || !text.includes("/") ? null : logicalFrom(w.cwd, text);
  if (abs === null) return null;
  const cut = abs.lastIndexOf("/");
  const bin = abs.slice(0, cut);
  if (!PIP_NAME.test(abs.slice(cut + 1)) || !bin.endsWith("/bin")) return null;
  const dir = bin.slice(0, -"/bin".length) || "/";
  const phys = it.paths.physicalDir(dir);
  if (phys === null || !it.opts.roots.some((root) => isInside(phys, root))) return null;
  const script = it.paths.readScript(w, abs, true);
  return script !== null && isPipScript(dir, script) && venvOfPythons(it, w, dir) ? dir : null;
}

/**
 * Whether an earlier part of the command may have made or changed a link on the way from `abs`
 * to the file it leads to: a write named at or above one of them, a link zone on the way, or a
 * change by a command the guard does not follow (FileTexts.mayBeWritten). Changes only project
 * code may have made (an install, a build, a program of the project's: `pip install`, then the
 * venv's python) do not count: a name that is there now is taken as what it is now, as a path
 * is after `npm install` (docs/semantics.md).
 */
function linkMayHaveChanged(it: Shell, w: World, abs: string): boolean {
  let p = abs;
  for (let hops = 0; hops < 40; hops++) {
    const dir = it.paths.physicalDir(dirname(p));
    if (dir === null) return true;
    const at = join(dir, basename(p));
    if (it.paths.mayHaveChanged(w, at)) return true;
    if (it.fs.lstat(at) !== "symlink") return false;
    const target = it.fs.readlink(at);
    if (target === null) return true;
    p = logicalFrom(dir, target)!;
  }
  return true;
}

function basename(p: string): string {
  return p.slice(p.lastIndexOf("/") + 1);
}

function dirname(p: string): string {
  return p.slice(0, p.lastIndexOf("/")) || "/";
}
