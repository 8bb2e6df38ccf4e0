// Which files a scan leaves out: `scan.exclude` in the config and `scan --exclude`, path patterns
// relative to the root (src/policy/scan-config.ts), matched as the rules match paths inside a
// root (src/policy/rules.ts): a pattern without `/` matches a name at any depth, `dir/**`
// matches `dir` too. A pattern that matches a directory leaves out everything in it.

import { relative, sep } from "node:path";
import { pathMatches } from "../policy/rules.ts";

/**
 * The pattern that leaves out a path (relative to the root, `/`-separated), through the path
 * itself or a directory above it; null when none does, or the path is not under the root.
 */
function excludedBy(rel: string, patterns: readonly string[]): string | null {
  if (patterns.length === 0 || rel === "" || rel.startsWith("../") || rel === ".." || rel.startsWith("/")) return null;
  const parts = rel.split("/");
  for (let i = 1; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join("/");
    const hit = patterns.find((p) => pathMatches(p, prefix, null));
    if (hit !== undefined) return hit;
  }
  return null;
}

/** The pattern that leaves out an absolute path (excludedBy, relative to `root`), or null. */
export type Exclusion = (path: string) => string | null;

export function exclusion(root: string, patterns: readonly string[]): Exclusion {
  return (path) => excludedBy(relative(root, path).split(sep).join("/"), patterns);
}
