// A program looked up in PATH. Bash runs the first DIR/NAME on PATH that is an executable
// regular file (symlinks followed; directories and other files passed over). The host's PATH
// is taken on trust: its programs are the tools their names say, as the command table
// describes them. Entries the command itself put on PATH are not: a program of the project's
// own in one of them (`PATH=$PWD/bin make`, `export PATH=/project/tools`) is what
// runs, and it is judged as that file, as `./bin/NAME` would be (nested.ts runScript: a shell
// script read and interpreted, another program judged by its words).

import { isAbsolute, isInside, join, resolvePhysical } from "../paths/resolve.ts";
import { dirEntries } from "../shell/environment.ts";
import type { World } from "../shell/state.ts";
import type { Shell } from "./context.ts";

export interface Found {
  /** Files inside the roots, as absolute paths, that may be what runs, in PATH's order. */
  readonly files: readonly string[];
  /**
   * Whether the name may also be found elsewhere: further on, in the host's PATH, or in an
   * entry outside the roots (which the guard judges as the place programs are run from).
   */
  readonly elsewhere: boolean;
}

/**
 * The files of the project's own that running `name` may start, when the command set PATH to
 * entries inside the roots; null when it did not (the host's PATH, or one the guard does not
 * know: the name is the tool it says, or the PATH itself is asked about).
 */
export function pathPrograms(it: Shell, w: World, name: string): Found | null {
  const v = w.getVar("PATH");
  if (v === undefined || name === "" || name.includes("/")) return null;
  let entries: readonly string[];
  if (v.k === "str") entries = dirEntries(v.v);
  else if (v.k === "arr") entries = dirEntries(v.v[0] ?? "");
  else return null;
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
      return { files, elsewhere: false };
    }
    // There, or perhaps made or changed by an earlier part of the command: it may be what runs,
    // or bash may pass over it (not executable, removed) to the entries after it.
    if (isFile || changed || !r.ok) files.push(file);
  }
  return files.length ? { files, elsewhere: true } : null;
}
