// The programs a package.json script names without a path: npm, pnpm and yarn put the
// package's node_modules/.bin (and the workspace root's) first on PATH while it runs, so
// `"test:unit": "turbo run test"` runs the project's own turbo. Such a program is judged as the
// file it is (src/interp/nested.ts, runScript): a shell script there is read, any other
// program inside the roots is project code, one outside is an access to judge. A name the
// command table describes keeps its entry (vitest, tsc: the tools their names say), and a name
// found in no such directory is looked up in a PATH the guard does not know, as elsewhere.

import { resolvePhysical } from "../paths/resolve.ts";
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
  if (it.opts.commandKnowledge === false || lookupCommand(name) !== undefined) return null;
  // A PATH the command set is the one looked in.
  if (w.getVar("PATH") !== undefined) return null;
  const pkg = top.slice(0, top.lastIndexOf("/package.json#")) || "/";
  const roots = it.paths.opts.roots;
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
