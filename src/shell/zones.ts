// Link zones: the names an earlier part of the command may have turned into symlinks. The disk
// the guard reads is the disk before the command runs; a path that a command the guard models
// (`ln -s`, `mv`, `cp -a`, `tar -x`, `git checkout`, …) may have replaced by a symlink is not
// resolved through what is there now.
//
// A `name` zone is one entry (the link `ln -s T N` made, the name `mv SRC DEST` renamed a link
// to): the entry and everything reached through it are unknown, whether it exists now or not.
// A `tree` zone is a directory a command unpacked or checked out into without the guard knowing
// the names it wrote: an entry below it that does not exist now is unknown, one that exists now
// is taken as it is (an existing file replaced by a link from an archive or a branch is a known
// limit, in docs/semantics.md).

import { isInside, type Watch } from "../paths/resolve.ts";

export interface LinkZone {
  /** A physical path (its parent resolved; the last segment as named). */
  readonly path: string;
  readonly tree: boolean;
}

/** Anywhere: what an unknown name, or one reached through another zone, may be. */
export const ANYWHERE: LinkZone = { path: "/", tree: true };

/** Past this many zones a world keeps one that covers them all. */
const MAX_ZONES = 64;

/** The zones of both lists, each once; ANYWHERE past the bound. */
export function unionZones(a: readonly LinkZone[], b: readonly LinkZone[]): readonly LinkZone[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out = [...a];
  for (const z of b) if (!out.some((o) => o.path === z.path && o.tree === z.tree)) out.push(z);
  return out.length > MAX_ZONES ? [ANYWHERE] : out;
}

export function zonesKey(zones: readonly LinkZone[]): string {
  return zones.map((z) => (z.tree ? "t" : "n") + z.path).sort().join("\u0001");
}

/** The watch for a path walk: a `name` zone or what is under it, or a new entry below a `tree` zone. */
export function zoneWatch(zones: readonly LinkZone[]): Watch | undefined {
  if (zones.length === 0) return undefined;
  return (path, exists) =>
    zones.some((z) => (z.tree ? !exists && path !== z.path && isInside(path, z.path) : isInside(path, z.path)));
}

/**
 * Whether a listing of the physical directory `dir` (a glob, a recursive walk) may miss
 * symlinks the command created: `dir` is in a zone, or a name zone is one of its entries (a
 * tree zone's directory itself is a directory). `deep`: any zone below counts (a walk), not
 * only a direct entry (a glob).
 */
export function zoneInListing(zones: readonly LinkZone[], dir: string, deep: boolean): boolean {
  return zones.some((z) => {
    if (isInside(dir, z.path)) return true;
    if (deep) return isInside(z.path, dir);
    const parent = z.path.slice(0, z.path.lastIndexOf("/")) || "/";
    return !z.tree && parent === dir;
  });
}

/** Why a path is not known when its walk meets a link zone. */
export function linkZoneWhy(at: string): string {
  return `${at} may be a symlink an earlier command created, moved or unpacked: where it leads is not known`;
}
