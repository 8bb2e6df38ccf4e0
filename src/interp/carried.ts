// Files that keep their identity under a new name: a rename (`mv .env z`, `git mv`) or a hard
// link (`ln`, `cp -l`). The rules judge a path by where it is, so after `mv .env z` a read of
// `z` would be judged as `z` — and `"*.env": "deny"` would not see it. A later access of the
// new name (or of a path below it) is therefore judged at the old one too: the rule follows the
// file. Only accesses made after the rename count (`cat z && mv .env z` reads the old `z`), and
// the carry is kept for the whole check, not per world (a rename in one branch carries in all:
// stricter, never looser).

import { isAbsolute, join, resolvePhysical } from "../paths/resolve.ts";
import type { Arg } from "../commands/analyse.ts";
import type { Findings } from "../shell/findings.ts";
import type { World } from "../shell/state.ts";
import type { Accesses } from "./access.ts";

interface Carry {
  /** Where the file is now (physical: parent resolved, last segment as named). */
  readonly dest: string;
  /** Where it was (physical). */
  readonly src: string;
  /** Findings before this index were made before the rename. */
  readonly from: number;
}

export class Carried {
  private readonly carries: Carry[] = [];
  private readonly findings: Findings;

  constructor(findings: Findings) {
    this.findings = findings;
  }

  /**
   * `source` is now named `dest` (or `dest/NAME` for a directory `dest`, with `into` always):
   * the `links` effect's shape (src/commands/effects.ts). What cannot be placed is not carried:
   * an unknown source or destination is already an access the rules cannot allow.
   */
  record(paths: Accesses, w: World, source: Arg, dest: Arg, entry: string | null | undefined, into: boolean,
    base: string | null | undefined): void
  {
    const dir = base === undefined ? w.cwd : base;
    if (source.text === null || dest.text === null) return;
    if (dir === null && !(isAbsolute(source.text) && isAbsolute(dest.text))) return;
    const absSrc = isAbsolute(source.text) ? source.text : join(dir!, source.text);
    const r = resolvePhysical(absSrc.replace(/\/+$/, ""), paths.fs);
    if (!r.ok) return;
    const absDest = (isAbsolute(dest.text) ? dest.text : join(dir!, dest.text)).replace(/\/+$/, "") || "/";
    const places: string[] = [];
    if (!into) places.push(absDest);
    const name = (entry ?? source.text).replace(/\/+$/, "");
    const leaf = name.slice(name.lastIndexOf("/") + 1);
    const named = leaf !== "" && leaf !== "." && leaf !== "..";
    if ((entry !== undefined || into) && named) places.push(`${absDest === "/" ? "" : absDest}/${leaf}`);
    for (const p of places) {
      const cut = p.lastIndexOf("/");
      const parent = paths.physicalDir(p.slice(0, cut) || "/");
      if (parent === null) continue;
      const phys = `${parent === "/" ? "" : parent}/${p.slice(cut + 1)}`;
      if (phys !== r.path) this.carries.push({ dest: phys, src: r.path, from: this.findings.paths.length });
    }
  }

  /** At the end: each access of a new name made after the rename is judged at the old one too (latest first: chains). */
  settle(): void {
    for (let i = this.carries.length - 1; i >= 0; i--) {
      const c = this.carries[i]!;
      const found = this.findings.paths;
      for (let j = c.from, n = found.length; j < n; j++) {
        const f = found[j]!;
        if (f.resolved === null || f.problem !== null) continue;
        if (f.resolved !== c.dest && !f.resolved.startsWith(`${c.dest}/`)) continue;
        this.findings.addPath({ ...f, resolved: c.src + f.resolved.slice(c.dest.length) });
      }
    }
  }
}
