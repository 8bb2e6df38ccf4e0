// How a config's values are named in its errors, and the path patterns every section that takes
// one checks alike: the permission rules (config.ts) and the scanner's excludes (scan-config.ts).

/** A value as an error names it: its type, or a short quoted string. */
export function describe(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? v.slice(0, 40) + "…" : v);
  return typeof v === "object" ? "an object" : `${typeof v} ${String(v)}`;
}

/** `parent.key`, or `parent["key"]` where the key is not an identifier. */
export function keyPath(parent: string, key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/**
 * A path pattern as it is matched. Spellings that could never match as written are mended
 * where what they mean is plain — `./src/**` is `src/**`, and `secrets/` (a directory) is
 * `secrets/**`, the directory and everything below it — and refused where it is not: `./.env`
 * (the root's `.env` only? any `.env`?), a `$VAR` (patterns are not expanded; `~/` is the home
 * directory), a `..` segment (root-relative paths have none). Returns the pattern or the problem.
 */
export function normalizePathPattern(pattern: string): { pattern: string } | { problem: string } {
  let p = pattern;
  if (/\$(\{|\(|[A-Za-z_][A-Za-z0-9_]*(\/|$))/.test(p)) {
    return {
      problem: `patterns are not expanded, so ${
        JSON.stringify(p.length > 40 ? p.slice(0, 40) + "…" : p)
      } would match only a name with "$" in it; write ~/ for the home directory, or the path itself`,
    };
  }
  const dotted = p.startsWith("./");
  while (p.startsWith("./")) p = p.slice(2).replace(/^\/+/, "");
  if (/(^|\/)\.\.(\/|$)/.test(p)) {
    return {
      problem:
        `a pattern with a ".." segment never matches (paths are matched resolved); write the absolute path, or one starting with ~/`,
    };
  }
  // `dir/` is the directory and everything below it, as `dir/**` says.
  if (p.endsWith("**/")) p = p.replace(/\/+$/, "");
  else if (p.length > 1 && p.endsWith("/")) p = p.replace(/\/+$/, "") + "/**";
  if (p === "") return { problem: "the pattern names nothing" };
  if (dotted && !p.includes("/")) {
    return {
      problem: `a pattern starting with "./" never matches (paths are matched without it); write ${
        JSON.stringify(p)
      } for that name at any depth, or ${JSON.stringify(p + "/**")} for a directory at the root and what it holds`,
    };
  }
  return { pattern: p };
}
