// pathlib in inline Python, the idiom agents patch files with (`p = Path("src/x.py");
// p.write_text(p.read_text().replace(…))`). A Path is a place only when its text is known: built
// from string literals and other such Paths by the constructor, `/`, `joinpath`, `parent`,
// `with_name`, `with_suffix`, `with_stem`. Its text is computed as pathlib computes it (pure,
// lexical: `Path("a//./b/")` is `a/b`, an absolute part starts again), and what the code does
// through it is an access of that text, as `open("…")` of a literal is. Everything else about
// Paths is refused by python.ts: a Path built from anything else, `Path.home()`, `expanduser`,
// `resolve`, a Path handed to a function or kept in a container (where its methods could no
// longer be seen), a file a listing found read or written.

import type { InlineFile } from "./result.ts";

/** pathlib's classes whose instances are paths on this system (Windows' are not reachable on POSIX). */
export const PATH_CLASSES: ReadonlySet<string> = new Set(["pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath",
  "pathlib.PurePosixPath"]);

/** Attributes of a Path that are strings or tuples of them, computed from its text. */
export const PURE_PATH_ATTRS: ReadonlySet<string> = new Set(["name", "stem", "suffix", "suffixes", "parts", "anchor",
  "root", "drive"]);

/** What str(PurePosixPath(text)) is: empty and `.` parts dropped, `//` kept only as a leading pair. */
export function pathText(text: string): string {
  const root = text.startsWith("//") && !text.startsWith("///") ? "//" : text.startsWith("/") ? "/" : "";
  const parts = text.split("/").filter((p) => p !== "" && p !== ".");
  const joined = root + parts.join("/");
  return joined === "" ? "." : joined;
}

/** `Path(a, b, …)` and `a / b`: each absolute part starts the path again. */
export function joinPaths(parts: readonly string[]): string {
  let out = "";
  for (const p of parts) out = p.startsWith("/") || out === "" ? p : `${out}/${p}`;
  return pathText(out);
}

/** `.parent`: the text without its last part (`.`'s and `/`'s parent are themselves). */
export function parentOf(path: string): string {
  const t = pathText(path);
  const i = t.lastIndexOf("/");
  if (i < 0) return ".";
  if (t === "/" || t === "//") return t;
  return i === 0 ? "/" : t.startsWith("//") && i === 1 ? "//" : t.slice(0, i);
}

function nameOf(path: string): string {
  const t = pathText(path);
  return t === "." || t === "/" || t === "//" ? "" : t.slice(t.lastIndexOf("/") + 1);
}

function suffixOf(name: string): string {
  const i = name.lastIndexOf(".");
  return i > 0 && i < name.length - 1 ? name.slice(i) : "";
}

/** `.with_name(n)`, or null where pathlib raises ValueError (no name, a name with `/`). */
export function withName(path: string, name: string): string | null {
  if (nameOf(path) === "" || name === "" || name === "." || name.includes("/")) return null;
  return joinPaths([parentOf(path), name]);
}

/** `.with_suffix(s)`, or null where pathlib raises ValueError. */
export function withSuffix(path: string, suffix: string): string | null {
  const name = nameOf(path);
  if (suffix.includes("/") || (suffix !== "" && (!suffix.startsWith(".") || suffix === "."))) return null;
  if (name === "") return null;
  return withName(path, name.slice(0, name.length - suffixOf(name).length) + suffix);
}

/** `.with_stem(s)`: the name `s` and the old suffix. */
export function withStem(path: string, stem: string): string | null {
  return withName(path, stem + suffixOf(nameOf(path)));
}

/**
 * What a method called on a Path of known text does to that place, and what it returns:
 * `value` (data, a file object), `path` (another known place: rename's target), `listing`
 * (Paths of names found there, which python.ts lets the code only name and print).
 */
type PathMethod = { readonly t: "access"; readonly kind: InlineFile["kind"] } | { readonly t: "open" } | {
  readonly t: "listing";
  readonly pattern: boolean;
} | { readonly t: "moves" };

export const PATH_METHODS: ReadonlyMap<string, PathMethod> = new Map<string, PathMethod>([
  ...["read_text", "read_bytes", "exists", "is_file", "is_dir", "is_symlink", "stat", "lstat"].map((m) =>
    [m, { t: "access", kind: "read" }] as const
  ),
  // (unlink, rmdir, mkdir and touch change the place itself: a write of it, as `rm`'s is.)
  ...["write_text", "write_bytes", "touch", "mkdir", "unlink", "rmdir"].map((m) =>
    [m, { t: "access", kind: "write" }] as const
  ),
  ["open", { t: "open" }],
  ["iterdir", { t: "listing", pattern: false }],
  ["glob", { t: "listing", pattern: true }],
  ["rglob", { t: "listing", pattern: true }],
  ["rename", { t: "moves" }],
  ["replace", { t: "moves" }],
]);

/**
 * A glob pattern that finds names under the directory only: no `..` part (which climbs out,
 * Python 3.11 matching it literally) and not absolute (which pathlib refuses).
 */
export function plainPattern(pattern: string): boolean {
  return pattern !== "" && !pattern.startsWith("/") && !pattern.split("/").includes("..");
}
