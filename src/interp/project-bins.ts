// The programs a package.json script names without a path: npm, pnpm and yarn put the
// package's node_modules/.bin (and the workspace root's) first on PATH while it runs, so
// `"test:unit": "turbo run test"` runs the project's own turbo. Such a program is judged as the
// file it is (src/interp/nested.ts, runScript): a shell script there is read, any other
// program inside the roots is project code, one outside is an access to judge. A name the
// command table describes keeps its entry (vitest, tsc: the tools their names say), and a name
// found in no such directory is looked up in a PATH the guard does not know, as elsewhere. npm
// also searches every directory above the package, past the roots: a name found first in one
// of those (`/tmp/node_modules/.bin/vitest`) is that program, outside, whatever its name says.

import { isInside, resolvePhysical } from "../paths/resolve.ts";
import { lookupCommand } from "../commands/table/index.ts";
import type { World } from "../shell/state.ts";
import type { Shell } from "./context.ts";
import { isWorkspaceRoot } from "./workspaces.ts";

/**
 * The file a bare program name runs from inside a package.json script, or null. The
 * directories searched are the package's own and, up to the nearest workspace root, that root's:
 * every package manager puts both first on PATH (npm puts every directory above there too,
 * pnpm only those two: a program found in one between them is left unknown).
 */
export function projectBin(it: Shell, name: string, w: World): string | null {
  const top = it.frame.scripts?.at(-1);
  if (top === undefined || name === "" || name.includes("/") || name === "." || name === "..") return null;
  if (it.opts.commandKnowledge === false) return null;
  // A PATH the command set is the one looked in.
  if (w.getVar("PATH") !== undefined) return null;
  const pkg = top.slice(0, top.lastIndexOf("/package.json#")) || "/";
  const roots = it.paths.opts.roots;
  const above = binAboveRoots(it, name, pkg, roots);
  if (above !== null) return above;
  if (lookupCommand(name) !== undefined) return null;
  for (let d = pkg;;) {
    const bin = `${d === "/" ? "" : d}/node_modules/.bin/${name}`;
    const r = resolvePhysical(bin, it.fs);
    const workspace = isWorkspaceRoot(it, w, d);
    if (r.ok && r.exists) return d === pkg || workspace ? bin : null;
    // The workspace root is the last directory searched; the guard looks no higher than a root.
    if (workspace || d === "/" || roots.includes(d)) return null;
    d = d.slice(0, d.lastIndexOf("/")) || "/";
  }
}

/**
 * npm puts the node_modules/.bin of every directory above the package on PATH, up to `/`
 * (npm 11: `/tmp/tc/p/node_modules/.bin:/tmp/tc/node_modules/.bin:/tmp/node_modules/.bin:
 * /node_modules/.bin:…`), so a name no directory inside the roots holds may run a program
 * above them (`/tmp/node_modules/.bin/vitest`), whatever the table says of the name: that
 * file, an `exec` access outside. Null when a directory inside the roots holds it first, or none does.
 */
function binAboveRoots(it: Shell, name: string, pkg: string, roots: readonly string[]): string | null {
  for (let d = pkg;; d = d.slice(0, d.lastIndexOf("/")) || "/") {
    const bin = `${d === "/" ? "" : d}/node_modules/.bin/${name}`;
    if (it.fs.lstat(bin) !== null) return roots.some((r) => isInside(d, r)) ? null : bin;
    if (d === "/") return null;
  }
}
