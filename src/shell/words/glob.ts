// Pathname expansion: a field's pattern matched against the disk (through WordEnv, so
// listing a directory is reported as an access).

import { UNDECODABLE_NAME } from "../../paths/fs.ts";
import { compileMatcher, hasPatternChars, type PatternChar } from "../pattern.ts";
import type { Span } from "../../base/span.ts";
import { plainUnknown, type World, unknown } from "../state.ts";
import { type Seg, type Field, hasStandIn, textSeg, type WordEnv } from "./env.ts";
import { lookup } from "./variables.ts";

/**
 * The pattern a field makes. Source text has had its backslashes removed already; a backslash
 * left in unquoted text came from an expansion and still escapes the next character in the
 * pattern (`x='\.\.'; ls $x/*` lists ../).
 */
function toPatternChars(segs: readonly Seg[]): PatternChar[] | null {
  const out: PatternChar[] = [];
  for (const s of segs) {
    if ("unknown" in s) return null;
    const cs = [...s.text];
    for (let i = 0; i < cs.length; i++) {
      if (!s.quoted && cs[i] === "\\" && i + 1 < cs.length) out.push({ c: cs[++i]!, quoted: true });
      else out.push({ c: cs[i]!, quoted: s.quoted });
    }
  }
  return out;
}

export function globField(segs: Seg[], span: Span, world: World,
  env: WordEnv): { fields: Field[]; countUnknown: boolean }
{
  const opts = world.options;
  const self = { fields: [{ segs, span, fromGlob: false }], countUnknown: false };
  if (opts.noglob === true) return self;
  if (!segs.some((
    s,
  ) => ("unknown" in s ? !s.quoted && !plainUnknown(s.unknown) : !s.quoted && /[*?[]|[+@!]\(/.test(s.text)))) {
    return self;
  }
  // bash 5.2 quirk: with a glob character in IFS, a quoted one in a pattern may match as a glob.
  const ifs = lookup(world, env, "IFS");
  if (ifs.k === "str" && /[*?[]/.test(ifs.v) &&
    segs.some((s) => !("unknown" in s) && s.quoted && /[*?[]/.test(s.text)))
  {
    return {
      fields: [{ segs: [{ unknown: unknown("a quoted glob character that is also in IFS"), quoted: false }], span,
        fromGlob: true }],
      countUnknown: true,
    };
  }
  const chars = toPatternChars(segs);
  if (chars === null) {
    // An unquoted unknown value may hold glob characters: the field could become several.
    const unq = segs.some((s) => "unknown" in s && !s.quoted && !plainUnknown(s.unknown));
    // A pattern with a number in it (`$((n))*`) matches what the number makes it match.
    if (!unq) {
      // Whatever the numbers are, a match starts with the text before them (`a[$RANDOM%4]`):
      // with no such name there, the word stays as it is.
      if (matchesNothing(segs, world, env, span)) {
        return opts.nullglob === true || opts.failglob === true
          ? { fields: [], countUnknown: false }
          : { fields: self.fields, countUnknown: opts.nullglob === null };
      }
      return {
        fields: [{ segs: [{ unknown: unknown("a glob holding a value that is not known"), quoted: false }], span,
          fromGlob: true }],
        countUnknown: true,
      };
    }
    return { fields: self.fields, countUnknown: unq };
  }
  const extglob = opts.extglob !== false;
  if (!hasPatternChars(chars, extglob)) return self;
  const matches = globMatches(chars, world, env, span);
  if (matches === "unknown" || matches === "changed" || matches === "elsewhere") {
    const why = matches === "changed"
      ? "the glob lists a directory where an earlier command may have created, moved or unpacked symlinks"
      : matches === "elsewhere"
      ? "a glob outside the roots, whose matches on the machine that runs it are not known here"
      : "a glob the guard cannot expand here";
    return { fields: [{ segs: [{ unknown: unknown(why), quoted: false }], span, fromGlob: true }], countUnknown: true };
  }
  if (matches === "too-many") {
    env.problem("EXPANSION_TOO_LARGE",
      `the glob ${chars.map((c) => c.c).join("")} matches more than ${env.limits.maxGlobMatches} paths`, span);
    return {
      fields: [{ segs: [{ unknown: unknown("a glob with too many matches"), quoted: false }], span, fromGlob: true }],
      countUnknown: true,
    };
  }
  // No match: the word stays as it was, backslashes from expansions included.
  // (A pattern made with a stand-in matches names under it: its matches stand in as well.)
  const mark = hasStandIn({ segs }) ? true : undefined;
  const literal = { segs: [textSeg(segs.map((g) => ("text" in g ? g.text : "")).join(""), true, mark)], span,
    fromGlob: false };
  if (matches.length === 0) {
    if (opts.nullglob === true || opts.failglob === true) return { fields: [], countUnknown: false };
    // nullglob unknown: the word may vanish or stay; keep it (a vanished word touches nothing).
    return { fields: [literal], countUnknown: opts.nullglob === null };
  }
  const fields: Field[] = matches.map((m) => ({ segs: [textSeg(m, true, mark)], span, fromGlob: true }));
  return { fields, countUnknown: false };
}

/**
 * A pattern in one directory (no `/`) with numbers in it matches nothing: no name there starts
 * with the literal text before its first number or pattern character.
 */
function matchesNothing(segs: readonly Seg[], world: World, env: WordEnv, span: Span): boolean {
  const prefix: PatternChar[] = [];
  for (const s of segs) {
    if ("unknown" in s) break;
    const chars = toPatternChars([s])!;
    const stop = chars.findIndex((c) => !c.quoted && "*?[+@!(".includes(c.c));
    prefix.push(...(stop < 0 ? chars : chars.slice(0, stop)));
    if (stop >= 0) break;
  }
  if (segs.some((s) => "text" in s && s.text.includes("/"))) return false;
  const m = globMatches([...prefix, { c: "*", quoted: false }], world, env, span);
  return Array.isArray(m) && m.length === 0;
}

/**
 * Matches of a pattern on disk, or null when they cannot be listed (unknown cwd, too many).
 * `probe`: the guard's own look at the disk, not a listing the command makes (none is reported).
 */
export function globPattern(chars: PatternChar[], world: World, env: WordEnv, span: Span, probe = false): string[]
  | null
{
  const m = globMatches(chars, world, env, span, probe);
  return Array.isArray(m) ? m : null;
}

/** Matches of a pattern on disk, relative to the world's cwd as bash prints them. */
function globMatches(chars: PatternChar[], world: World, env: WordEnv, span: Span, probe = false): string[] | "unknown"
  | "too-many" | "changed" | "elsewhere"
{
  const opts = world.options;
  const segments: PatternChar[][] = [[]];
  for (const ch of chars) {
    if (ch.c === "/") segments.push([]);
    else segments[segments.length - 1]!.push(ch);
  }
  const absolute = chars[0]?.c === "/";
  if (!absolute && world.cwd === null) return "unknown";
  const base = absolute ? "/" : world.cwd!;
  const physBase = env.physicalDir(base);
  if (physBase === null) return "unknown";
  // Each candidate: [text as bash prints it, directory to list it from (physical)].
  let current: [string, string][] = [[absolute ? "/" : "", physBase]];
  const start = absolute ? 1 : 0;
  let listed = 0;
  let zoned = false;
  // A directory of another machine's (FileSystem.unknownHere): bash lists it there, and what
  // it finds is not known here.
  let elsewhere = false;
  const extglob = opts.extglob !== false;
  const popt = { pathname: true, extglob, nocase: opts.nocaseglob === true, dotglob: opts.dotglob !== false };
  for (let s = start; s < segments.length; s++) {
    const seg = segments[s]!;
    const last = s === segments.length - 1;
    if (seg.length === 0) {
      if (!last) current = current.map(([t, d]) => [t.endsWith("/") || t === "" ? t : t + "/", d]);
      else current = current.map(([t, d]) => [t + "/", d]);
      continue;
    }
    const lit = seg.map((c) => c.c).join("");
    if (!hasPatternChars(seg, extglob)) {
      current = current.map(([t, d]) => [join2(t, lit), d + (d.endsWith("/") ? "" : "/") + lit]);
      continue;
    }
    const globstar = opts.globstar !== false && lit === "**" && !seg.some((c) => c.quoted);
    const matcher = compileMatcher(seg, popt);
    if (!matcher) return "unknown";
    let undecided = false;
    const next: [string, string][] = [];
    // `.` and `..` are not in a listing, but a pattern that starts with a literal dot matches
    // them unless globskipdots is on (bash before 5.2 has no such option, and matches them).
    const dots = !globstar && opts.globskipdots !== true && seg[0]!.c === "." ? [".", ".."] : [];
    const visit = (text: string, dir: string, depth: number): boolean => {
      if (++listed > env.limits.maxGlobDirs) return false;
      if (env.linkZoneAt?.(dir, world, true)) {
        zoned = true;
        return true;
      }
      const listing = env.fs.readdir(dir);
      if (!listing) {
        if (env.fs.unknownHere?.(dir)) {
          if (!probe) env.listed(dir, text === "" ? "." : text, span);
          elsewhere = true;
        }
        return true;
      }
      const names = dots.length ? [...dots, ...listing] : listing;
      if (!probe) env.listed(dir, text === "" ? "." : text, span);
      for (const name of names.sort()) {
        if (name === UNDECODABLE_NAME) {
          undecided = true;
          continue;
        }
        const childDir = dir + (dir.endsWith("/") ? "" : "/") + name;
        const childText = join2(text, name);
        if (globstar) {
          if (name.startsWith(".") && opts.dotglob !== true) continue;
          next.push([childText, childDir]);
          if (env.fs.lstat(childDir) === "dir" && depth < 32) {
            if (!visit(childText, childDir, depth + 1)) return false;
          }
        } else {
          const m = matcher(name);
          if (m === null) undecided = true;
          else if (m) next.push([childText, childDir]);
        }
        if (next.length > env.limits.maxGlobMatches) return false;
      }
      return true;
    };
    for (const [t, d] of current) {
      if (globstar) next.push([t, d]);
      if (!visit(t, d, 0)) return "too-many";
      if (zoned) return "changed";
      if (elsewhere) return "elsewhere";
      if (undecided) return "unknown";
    }
    current = next;
    if (!last) {
      // Only directories (or links to them) can hold the next segment.
      const dirs = current.filter(([, d]) => env.physicalDir(d) !== null);
      if (dirs.length < current.length &&
        current.some(([, d]) => env.physicalDir(d) === null && env.linkZoneAt?.(d, world, false))) return "changed";
      current = dirs;
    }
  }
  const out: string[] = [];
  for (const [t, d] of current) {
    if (env.fs.lstat(d) === null) {
      if (env.linkZoneAt?.(d, world, false)) return "changed";
      continue;
    }
    out.push(t.replace(/\/+$/, (m) => (t.length === m.length ? "/" : m)));
  }
  return out.sort();
}

function join2(text: string, name: string): string {
  if (text === "") return name;
  return text.endsWith("/") ? text + name : text + "/" + name;
}
