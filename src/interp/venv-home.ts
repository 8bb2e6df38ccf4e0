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
  readScript(w: World, path: string): string | null;
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
    const body = src.readScript(w, cfg);
    const home = body === null ? null : /^[ \t]*home[ \t]*=[ \t]*(.*?)[ \t]*$/m.exec(body)?.[1] ?? null;
    if (home === null || !isAbsolute(home) || src.physicalDir(home) !== programDir) return false;
  }
  return true;
}

function dirname(p: string): string {
  return p.slice(0, p.lastIndexOf("/")) || "/";
}
