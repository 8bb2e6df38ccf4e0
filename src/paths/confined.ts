// The disk as the CI scanner sees it: a script it judges runs on another machine (a runner),
// so what this machine holds outside the checkout says little about what the script will meet
// there, and the findings must not depend on who scans (the same input gives the same findings
// on any machine). Outside the roots:
//
// - nothing is listed and no file is read: a glob there is judged as the pattern, a script
//   sourced from there is opaque, a tree there that must be looked into asks (unknownHere);
// - the places whose entries depend on the machine, the user and the moment — the home
//   directory, the temporary directories, /proc, /run — hold nothing: a path in them is judged
//   by its name, and `cd` into one may fail;
// - the standard devices (/dev/null, …) are devices, by name;
// - elsewhere (/usr, /etc, /bin → usr/bin) whether a path exists, and where a symlink leads,
//   is asked of this machine: the system's layout, which findings about those paths name.
//
// The directories above a root are asked of the disk too: they lead to the checkout.

import type { FileSystem, LstatResult } from "./fs.ts";
import { isInside } from "./resolve.ts";

/** Places whose entries are the machine's, the user's and the moment's (below them nothing is known). */
const VOLATILE = ["/tmp", "/var/tmp", "/dev/shm", "/proc", "/run", "/var/run"];

/** Devices every Unix has, never directories: judged by name. */
const STANDARD_DEVICE = /^\/dev\/(null|zero|full|random|urandom|tty|stdin|stdout|stderr|fd\/[0-9]+)$/;

/** `inner` inside the roots (and on the way to them); outside them, as said above. */
export function confinedFileSystem(inner: FileSystem, roots: readonly string[], home: string | null): FileSystem {
  const inside = (p: string): boolean => roots.some((r) => isInside(p, r));
  // A directory above a root: `/`, `/home`, … on the way to `/home/u/project`.
  const above = (p: string): boolean => roots.some((r) => p === "/" || r.startsWith(p + "/"));
  const volatile = home === null || home === "/" ? VOLATILE : [...VOLATILE, home.replace(/\/+$/, "")];
  // What lstat answers for a path outside the roots and not above them; undefined: the disk's.
  const outside = (p: string): LstatResult | undefined => {
    if (STANDARD_DEVICE.test(p)) return "other";
    for (const v of volatile) {
      if (p === v) return "dir";
      if (isInside(p, v)) return null;
    }
    return undefined;
  };
  const known = (p: string): boolean => inside(p) || above(p);
  return {
    lstat: (p) => (known(p) ? inner.lstat(p) : outside(p) ?? inner.lstat(p)),
    readlink: (p) => (known(p) || outside(p) === undefined ? inner.readlink(p) : null),
    readdir: (p) => (inside(p) ? inner.readdir(p) : null),
    readFile: (p, max) => (inside(p) ? inner.readFile(p, max) : null),
    ...(inner.readBytes
      ? { readBytes: (p: string, max: number) => (inside(p) ? inner.readBytes!(p, max) : null) }
      : {}),
    ...(inner.executable ? { executable: (p: string) => (inside(p) ? inner.executable!(p) : null) } : {}),
    // Where a directory really is, unless a place that holds nothing is on the way (then
    // lstat and readlink walk it, and stop where nothing is).
    ...(inner.realpathDir
      ? { realpathDir: (p: string) => {
        if (!known(p) && outside(p) !== undefined) return null;
        const r = inner.realpathDir!(p);
        return r !== null && (known(r) || outside(r) === undefined) ? r : null;
      } }
      : {}),
    // `~user` is another machine's user: not known.
    homeOf: () => null,
    // Above a root only the way to it is known, not what else is there; a device is what it is.
    unknownHere: (p) => !inside(p) && !STANDARD_DEVICE.test(p),
  };
}
