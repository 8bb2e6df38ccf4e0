// Direct tool calls, normalised the way the my-pi design's normalizeInput does: a
// path-bearing tool is judged on the path it names, `*` when it names none, and any other
// tool (an extension tool) on `*` alone.

import type { AccessKind } from "../base/verdict.ts";

interface PathTool {
  /** The kind reported on the access. */
  readonly kind: AccessKind;
  /** The surfaces whose rules judge it. A search reads what it searches: grep answers to read too. */
  readonly surfaces: readonly string[];
}

const PATH_TOOLS: Readonly<Record<string, PathTool>> = { read: { kind: "read", surfaces: ["read"] },
  write: { kind: "write", surfaces: ["write"] }, edit: { kind: "write", surfaces: ["edit"] },
  ls: { kind: "list", surfaces: ["ls"] }, find: { kind: "list", surfaces: ["find"] },
  grep: { kind: "read", surfaces: ["grep", "read"] } };

export function pathTool(tool: string): PathTool | null {
  return Object.hasOwn(PATH_TOOLS, tool) ? PATH_TOOLS[tool]! : null;
}

/**
 * The paths a path-bearing tool's input names: `path` (pi, opencode's searches), `file_path`
 * (Claude Code), and any other field whose name ends in `path` (opencode's `filePath`, Claude
 * Code's `notebook_path`). All are judged when several are given, since the tool may use any.
 * A `pattern` (grep's regex, find's glob) is not a path. Empty strings and non-strings name
 * nothing.
 */
function toolPaths(input: unknown): string[] {
  if (typeof input !== "object" || input === null) return [];
  const rec = input as Record<string, unknown>;
  const out: string[] = [];
  const keys = ["path", "file_path", ...Object.keys(rec).filter((k) => /path$/i.test(k))];
  for (const k of keys) {
    if (!Object.hasOwn(rec, k)) continue;
    const v = rec[k];
    if (typeof v === "string" && v !== "" && !out.includes(v)) out.push(v);
  }
  return out;
}

/** A tool path with a leading `~` or `~/` expanded, as most agent file tools do. */
export function expandToolHome(path: string, home: string | null): string {
  if (home === null) return path;
  if (path === "~") return home;
  if (path.startsWith("~/")) return home.replace(/\/$/, "") + path.slice(1);
  return path;
}

interface ToolSubject {
  /** The path as the tool input names it, or "*" when it names none. */
  readonly written: string;
  /** Absolute, before physical resolution; null when the input names no path. */
  readonly absolute: string | null;
}

/**
 * Where a tool's path may land. A tool may normalise `a/link/../b` lexically before opening
 * it, or let the kernel follow `link` first: when the two differ, both are judged.
 */
export function toolSubjects(input: unknown, cwd: string, home: string | null): ToolSubject[] {
  const paths = toolPaths(input);
  if (paths.length === 0) return [{ written: "*", absolute: null }];
  const out: ToolSubject[] = [];
  for (const written of paths) {
    const expanded = expandToolHome(written, home);
    const abs = expanded.startsWith("/") ? expanded : cwd.replace(/\/$/, "") + "/" + expanded;
    out.push({ written, absolute: abs });
  }
  return out;
}
