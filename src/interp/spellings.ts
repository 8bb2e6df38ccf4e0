// The other names a program may make of a path bash hands it, which the kernel would not:
// a leading `~` it expands, braces and glob characters it expands itself, a response file
// `@FILE`, `..` it cleans away before the kernel sees it. Each is judged too, so that what
// bash left as text cannot hide a place.

import { type Arg, withValue } from "../commands/analyse.ts";
import type { FileSystem } from "../paths/fs.ts";
import { canonicalLogical, isAbsolute, join, type Physical, resolvePhysical, type Watch } from "../paths/resolve.ts";
import type { AccessKind } from "../base/verdict.ts";
import { braceExpand } from "../shell/brace.ts";
import { hasPatternChars, type PatternChar } from "../shell/pattern.ts";
import type { World } from "../shell/state.ts";

/** What the other spellings are judged through: the interpreter's accesses (access.ts). */
interface Speller {
  readonly home: string | null;
  readonly fs: FileSystem;
  access(world: World, arg: Arg, kind: AccessKind, command: string, base?: string | null, surface?: string): void;
  scanTree(world: World, arg: Arg, kind: AccessKind, command: string, base?: string | null, surface?: string,
    quietPastBound?: boolean): void;
  globFrom(pattern: PatternChar[], dir: string | null, world: World): string[] | null;
  unresolvedPath(arg: Arg, text: string, kind: AccessKind, command: string, why: string, surface?: string): void;
}

/** A path that may have another spelling: it starts with `~` or `@`, or holds braces or glob characters. */
export const MAY_SPELL_OTHERWISE = /^[~@]|[{*?[]/;

/**
 * Judges the other names a program may make of `text`. True when the path is not to be judged
 * further itself (braces that make too many names: it was judged unresolved instead).
 */
export function otherSpellings(at: Speller, world: World, arg: Arg, text: string, kind: AccessKind, command: string,
  base?: string | null, surface?: string): boolean
{
  if (text.charCodeAt(0) === 126) homeSpelled(at, world, arg, text, kind, command, base, surface);
  // `@FILE` is a response file to gcc, javac, tsc, Python's fromfile_prefix_chars and many
  // more: they read the arguments in FILE (tsc @../x opened ../x, under strace).
  if (text.charCodeAt(0) === 64) {
    const file = text.replace(/^@+/, "");
    if (file !== "") at.access(world, withValue(arg, file, ""), "read", command, base, surface);
  }
  if (text.includes("{") && bracesSpelled(at, world, arg, text, kind, command, base, surface)) return true;
  if (kind !== "cwd" && GLOB_CHARS.test(text)) globsSpelled(at, world, arg, text, kind, command, base, surface);
  return false;
}

/** The characters that make a name a glob to a program that globs its operands. */
const GLOB_CHARS = /[*?[]/;

/** A name as a pattern: a backslash quotes the character after it, as in the glob libraries. */
function patternChars(text: string): PatternChar[] {
  const out: PatternChar[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\\" && i + 1 < text.length) out.push({ c: text[++i]!, quoted: true });
    else out.push({ c: text[i]!, quoted: false });
  }
  return out;
}

/** The directory a glob starts in: its segments before the first that holds a glob character. */
function globStart(text: string): string {
  const segs = text.split("/");
  const first = segs.findIndex((s) => GLOB_CHARS.test(s));
  const head = segs.slice(0, first).join("/");
  return head === "" ? (isAbsolute(text) ? "/" : ".") : head;
}

/** More names than this from braces a program may expand, and the name is not judged one by one. */
const MAX_BRACED_NAMES = 256;

/**
 * A name that still starts with `~` after bash's expansions (quoted, escaped, after `=` in
 * `--opt=~/x`, made by a substitution) is a name in the working directory to the kernel, but
 * many programs expand it themselves: gpg --homedir, ssh -i, pip's path options, a shell the
 * command line is handed to. So the home directory it may name is judged too. (`~user` for
 * a user who does not exist stays as it is, as in bash and in Python's expanduser.)
 */
function homeSpelled(at: Speller, world: World, arg: Arg, text: string, kind: AccessKind, command: string,
  base?: string | null, surface?: string): void
{
  const m = /^~([A-Za-z0-9._-]*)(\/.*)?$/.exec(text);
  if (m === null) return;
  const home = m[1] === "" ? at.home : at.fs.homeOf(m[1]!);
  if (home === null && m[1] !== "") return;
  const named = home === null
    ? withValue(arg, null, `${text} names a home directory that is not known`)
    : withValue(arg, home + (m[2] ?? ""), "");
  at.access(world, named, kind, command, base, surface);
}

/**
 * Braces left in a name by bash (quoted, or made by a substitution) are text to the kernel,
 * but a program that globs its operands itself may expand them as bash would: prettier
 * --write '{src,../outside}/*.js' wrote ../outside/b.js (Node's glob libraries, and a shell
 * the name is handed to). Each name they make is judged too. True when there are too many
 * to judge one by one, and the name was judged as unresolved instead.
 */
function bracesSpelled(at: Speller, world: World, arg: Arg, text: string, kind: AccessKind, command: string,
  base?: string | null, surface?: string): boolean
{
  const braced = braceExpand([{ t: "raw", text }], MAX_BRACED_NAMES);
  if (braced.tooLarge) {
    const why = `${text.slice(0, 40)} holds braces that a program may expand to more than ${MAX_BRACED_NAMES} names`;
    at.unresolvedPath(arg, text, kind, command, why, surface);
    return true;
  }
  for (const parts of braced.words) {
    const name = parts.map((p) => (p.t === "raw" || p.t === "lit" ? p.text : "")).join("");
    if (name !== text) at.access(world, withValue(arg, name, ""), kind, command, base, surface);
  }
  return false;
}

/**
 * Glob characters left in a name by bash (quoted, or made by a substitution) are text to the
 * kernel, but a program that globs its operands itself (prettier, eslint, 7z, a shell the name
 * is handed to) matches them, `**` at any depth and, in Node's fast-glob, through symlinked
 * directories. What the glob matches now is judged; under a `**` (or when the matches cannot
 * be listed) the tree it starts in is scanned for symlinks that lead out, as far as the scan's
 * bound, and `**` matching no directory at all is judged too.
 */
function globsSpelled(at: Speller, world: World, arg: Arg, text: string, kind: AccessKind, command: string,
  base?: string | null, surface?: string): void
{
  const chars = patternChars(text);
  if (!hasPatternChars(chars, true)) return;
  const dir = isAbsolute(text) ? "/" : base === undefined ? world.cwd : base;
  const matches = at.globFrom(chars, dir ?? null, world);
  const met = linkMet(at, arg, dir ?? null);
  for (const m of matches ?? []) {
    if (m !== text && met(m)) at.access(world, withValue(arg, m, ""), kind, command, base, surface);
  }
  if (matches !== null && !text.includes("**")) return;
  // (Past the scan's bound it stops quietly: prettier --write '**/*.ts' over a project with a
  // large node_modules is no reason to ask, and prettier itself does not follow the links.)
  at.scanTree(world, withValue(arg, globStart(text), ""), kind, command, base, surface, true);
  const none = text.replace(/(^|\/)\*\*(\/|$)/g, "$1");
  if (none !== text) at.access(world, withValue(arg, none === "" ? "." : none, ""), kind, command, base, surface);
}

/**
 * For a stand-in of find's names that starts its word (`src/*`, `src/*.bak`), whether a match
 * of its glob is one find may yield: the part the stand-in's text matched, when a symlink, must
 * be one find's tests let through (Arg.links). Any match otherwise.
 */
function linkMet(at: Speller, arg: Arg, dir: string | null): (match: string) => boolean {
  const first = arg.segs[0];
  const links = arg.links;
  if (links === undefined || dir === null || first === undefined || !("standIn" in first) || !first.standIn) {
    return () => true;
  }
  const depth = first.text.split("/").length;
  return (m) => {
    const part = m.split("/").slice(0, depth).join("/");
    if (at.fs.lstat(isAbsolute(part) ? part : join(dir, part)) !== "symlink") return true;
    return links(part.slice(part.lastIndexOf("/") + 1), part);
  };
}

/** A name with a `..` segment, which a program that cleans names and the kernel may take to different places. */
export const CLIMBS = /(^|\/)\.\.(\/|$)/;

/**
 * A program that cleans a name before it opens it (Python's os.path.abspath, Node's
 * path.resolve, Go's filepath.Abs, from getcwd or $PWD) lets `..` remove the segment before it
 * even where that is a symlink, which the kernel follows first: `lnk/../../x` with lnk leading
 * deeper into the project lands above it. The places such a program may reach from each of
 * `starts` (absolute names), where the kernel's walk does not go.
 */
export function cleanedPlaces(starts: readonly string[], kernel: Physical, fs: FileSystem,
  watch: Watch | undefined): Physical[]
{
  const out: Physical[] = [];
  const seen = new Set<string>();
  for (const start of starts) {
    const cleaned = canonicalLogical(start);
    if (seen.has(cleaned)) continue;
    seen.add(cleaned);
    const r = resolvePhysical(cleaned, fs, watch);
    if (!(r.ok && kernel.ok && r.path === kernel.path)) out.push(r);
  }
  return out;
}
