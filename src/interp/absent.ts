// Start points of a listing that are not there (src/shell/listing.ts): `find temp/*` where the
// glob matched nothing and stayed literal, `ls *.sql.gz`, `find 'Test Folder'`. GNU find 4.9,
// ls and grep print only a message on standard error for one (`No such file or directory`,
// `Not a directory`) and no name on standard output, so such a start stands for no names,
// whatever its text. That holds only if nothing makes an entry there before or while the
// listing runs: an earlier command that changed the disk (the world says so), or any command
// in the command line that writes at, under or above it (checked at the end, absenceUndone).

import type { FileSystem } from "../paths/fs.ts";
import { isAbsolute, isInside, join, resolvePhysical } from "../paths/resolve.ts";
import type { Span } from "../base/span.ts";
import type { PathFinding } from "../shell/findings.ts";
import type { World } from "../shell/state.ts";
import { zoneInListing } from "../shell/zones.ts";

/** A start point found not there (`dir` as written, `phys` where it would be). */
export interface Absence {
  readonly dir: string;
  readonly phys: string;
  readonly span: Span;
  readonly via: readonly string[];
}

/**
 * The physical place where no entry is (the kernel's lookup of `path` fails: a component is
 * missing or not a directory), or, for a text that may be a pattern, the directory it is
 * matched in (globRegion); null when that is not certain. A dangling symlink is an
 * entry (find and ls print it), and so is anything that cannot be looked at; `.`, `..` and a
 * trailing `/` last are not followed here.
 */
export function absentAt(fs: FileSystem, w: World, path: string): string | null {
  if (path === "" || (w.cwd === null && !isAbsolute(path))) return null;
  if (w.fsChanged || w.linksChanged || w.linkZones.length > 0) return null;
  const abs = isAbsolute(path) ? path : join(w.cwd!, path);
  const cut = abs.lastIndexOf("/");
  const last = abs.slice(cut + 1);
  if (last === "" || last === "." || last === "..") return null;
  const parent = resolvePhysical(abs.slice(0, cut) || "/", fs);
  if (!parent.ok) return null;
  const at = (parent.path === "/" ? "" : parent.path) + "/" + last;
  const region = globRegion(fs, abs) ?? at;
  // (A component on the way that is not there fails the lookup: `..` after it does not help.)
  if (!parent.exists) return region;
  const type = fs.lstat(parent.path);
  if (type === "dir") return fs.lstat(at) === null ? region : null;
  return type === "file" || type === "other" ? region : null;
}

/**
 * For a text that may be a pattern that matched nothing (`temp/*`, `*\/2011/*`, extglob's
 * `+(…)`; quoted or not, it is not known here), the directory the pattern is matched in: bash
 * expands it when the listing's own command starts, so an entry made there by a command
 * beside it in a pipeline (`find x/* | xargs cat > 'x/a b'`) may be matched. Null for a text
 * without pattern characters.
 */
function globRegion(fs: FileSystem, abs: string): string | null {
  const parts = abs.split("/");
  const k = parts.findIndex((c) => /[*?[(]/.test(c));
  if (k < 0) return null;
  const r = resolvePhysical(parts.slice(0, k).join("/") || "/", fs);
  return r.ok ? r.path : "/";
}

/**
 * What a consumer of another listing reports for the places the names are under (xargs, `$(…)`,
 * `read`: reached as a whole, kind unknown): no write of its own. What the command that gets
 * the names does with them is its own finding (`rm $(ls)` writes the stand-in `.`).
 */
const READS_LISTING = new Set(["xargs", "$(…)", "read"]);

/**
 * Why an entry may be at `phys` after all, or null: a command in the command line writes at,
 * under or above it (`mkdir -p 'a b'`, `cp -r x .`, `tar -x`), or a path whose place is not
 * known, or may make symlinks there. A write made from a stand-in (`xargs -I{} mkdir '{}/x y'`)
 * is at that text for every name the stand-in stands for, not only where it resolves as
 * written: any counts. (A program the guard cannot see into is taken to touch what its words
 * name, as for the names a listing checked: docs/semantics.md, "Known limits".)
 */
function absenceUndone(phys: string, paths: readonly PathFinding[], worlds: readonly World[],
  standIn: (p: PathFinding) => boolean): string | null
{
  if (worlds.some((w) => zoneInListing(w.linkZones, phys, true))) {
    return "a command may make symlinks or unpack files there";
  }
  for (const p of paths) {
    if ((p.kind !== "write" && p.kind !== "unknown") || READS_LISTING.has(p.command)) continue;
    if (p.resolved === null) return `${p.command} may write a path that is not known`;
    if (standIn(p)) return `${p.command} writes ${p.path} for names a listing prints`;
    if (isInside(p.resolved, phys) || isInside(phys, p.resolved)) return `${p.command} may make it (${p.path})`;
  }
  return null;
}

/** At the end: each absence that a command in the command line may undo, as an access that cannot be resolved (the names are then any). */
export function settleAbsences(absences: readonly Absence[], paths: readonly PathFinding[], worlds: readonly World[],
  standIn: (p: PathFinding) => boolean): PathFinding[]
{
  const out: PathFinding[] = [];
  for (const a of absences) {
    const why = absenceUndone(a.phys, paths, worlds, standIn);
    if (why !== null) {
      out.push({ path: a.dir, resolved: null, kind: "unknown", command: "listing", via: a.via, span: a.span,
        problem: { code: "UNRESOLVED_WORD",
          why: `a listing from ${a.dir}, which is not there, prints no name only if nothing makes it, and ${why}` } });
    }
  }
  return out;
}
