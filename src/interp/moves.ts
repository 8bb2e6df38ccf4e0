// Renames a command nobody described may make: where the entry a `moves` effect names is,
// physically, and which worlds' working directories moved with it (cwd-move tracking). Split
// from access.ts, which holds the rest of what earlier commands may have done to the disk.

import type { FileSystem } from "../paths/fs.ts";
import { isAbsolute, isInside, join, resolvePhysical } from "../paths/resolve.ts";
import type { Arg } from "../commands/analyse.ts";
import type { World } from "../shell/state.ts";
import { zoneWatch } from "../shell/zones.ts";

export class Moves {
  private readonly physUnlinked = new Map<string, string | null>();

  constructor(private readonly fs: FileSystem, private readonly physicalDir: (logical: string) => string | null) {}

  /**
   * Where the entry a `moves` effect names is, physically: the name in its parent's physical
   * directory, since rename(2) does not follow a last symlink — or, for `.`, `..` and a name
   * with a trailing slash, the directory it leads to; "/" (anything) when that is not known.
   */
  /** Renaming what a stand-in `T/.` or `T/..` stands for moves not T (rename(2) refuses `.` and `..`: EBUSY) but the entry under it holding the cwd. */
  private movedUnder(w: World, abs: string): string[] {
    const full = resolvePhysical(abs, this.fs, zoneWatch(w.linkZones));
    const cwd = w.cwd === null ? null : this.physicalDir(w.cwd);
    if (!full.ok || cwd === null) return ["/"];
    return cwd === full.path || !isInside(cwd, full.path)
      ? []
      : [
        `${full.path === "/" ? "" : full.path}/${
          cwd.slice(full.path === "/" ? 1 : full.path.length + 1).split("/")[0]
        }`,
      ];
  }

  movedEntries(w: World, arg: Arg, base: string | null | undefined): string[] {
    const dir = base === undefined ? w.cwd : base;
    const text = arg.text;
    if (text === null || (dir === null && !isAbsolute(text))) return ["/"];
    const joined = isAbsolute(text) ? text : join(dir!, text);
    const abs = joined.replace(/(.)\/+$/, "$1");
    const watch = zoneWatch(w.linkZones);
    if (arg.standIn && /(^|\/)\.\.?\/*$/.test(text)) return this.movedUnder(w, abs);
    const cut = abs.lastIndexOf("/");
    const name = abs.slice(cut + 1);
    if (name === "" || name === "." || name === ".." || abs !== joined) {
      const full = resolvePhysical(abs, this.fs, watch);
      return full.ok ? [full.path] : ["/"];
    }
    const parent = this.physicalUnlessLinked(abs.slice(0, cut) || "/", w);
    if (parent === null) return ["/"];
    return [parent === "/" ? "/" + name : `${parent}/${name}`];
  }

  /**
   * A physical path as the disk shows it before the command, or null; remembered for the check
   * when no earlier command may have made links (the answer cannot change then), since every
   * word of a command nobody described is asked about (movedEntries) and the answer is nearly
   * always the working directory.
   */
  private physicalUnlessLinked(abs: string, w: World): string | null {
    if (w.linkZones.length) {
      const r = resolvePhysical(abs, this.fs, zoneWatch(w.linkZones));
      return r.ok ? r.path : null;
    }
    let p = this.physUnlinked.get(abs);
    if (p === undefined) {
      const r = resolvePhysical(abs, this.fs);
      this.physUnlinked.set(abs, p = r.ok ? r.path : null);
    }
    return p;
  }

  /**
   * After a command that may have renamed the physical directories `moved` (in the state
   * `before`): a world whose working directory is one of them or below one has moved with it.
   * Bash keeps $PWD, but the kernel resolves relative paths (and `cd ..` falls back to the
   * physical parent) from where the directory now is: the working directory is not known.
   */
  followMoves(o: World, moved: readonly string[], before: World): void {
    const all = [...new Set([...o.movedDirs, ...moved])];
    o.movedDirs = all.length > 64 ? ["/"] : all;
    // A stand-in may be below any directory a symlink under its tree leads to: any directory
    // renamed may have taken it along (a file renamed cannot, if it is one when the command runs).
    if (o.standInCwd !== null) {
      if (moved.some((m) => before.fsChanged || this.fs.lstat(m) !== "file")) {
        o.cwd = null;
        o.stackUnknown = true;
      }
      return;
    }
    if (o.cwd === null) return;
    const here = this.physicalUnlessLinked(o.cwd, before);
    if (here !== null && !moved.some((m) => isInside(here, m))) return;
    o.cwd = null;
    o.stackUnknown = true;
  }
}
