// A removal that cannot be undone (DESTRUCTIVE): the command table marks an access that removes
// an entry with everything below it (`rm -r`, `find -delete`; `removesTree` in
// src/shell/findings.ts), and only here, where the access is resolved and the roots are known,
// is it seen to be a repository's history or a project itself. `rm -rf node_modules` is neither.

import { isInside } from "../paths/resolve.ts";

/**
 * What removing `resolved` (physical) with everything below it loses for good, for a person, or
 * null: a project root, a directory that holds one, a `.git` (a repository's history, its
 * branches and stashes), or the objects or refs in one. `fold`: the filesystem ignores case.
 */
export function treeLoss(resolved: string, roots: readonly string[], fold: boolean): string | null {
  const f = (p: string) => (fold ? p.toLowerCase() : p);
  const path = f(resolved);
  if (roots.some((root) => f(root) === path)) return "the project root, with everything in it";
  const held = roots.find((root) => isInside(f(root), path));
  if (held !== undefined) return `a directory that holds the project root ${held}`;
  if (/\/\.git$/.test(path)) return "a git directory: the repository's history, its branches and stashes";
  if (/\/\.git\/(objects|refs)$/.test(path)) return "the objects or refs of a git directory: the repository's history";
  return null;
}
