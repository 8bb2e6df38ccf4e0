// The disk as the CI scanner sees it: a script it judges runs on another machine (a runner),
// so what this machine holds outside the checkout says little about what the script will meet
// there, and the findings must not depend on who scans (the same input gives the same findings
// on any machine). Outside the roots:
//
// - nothing is listed and no file is read: a glob there is judged as the pattern, a script
//   sourced from there is opaque, a tree there that must be looked into asks (unknownHere);
// - the places whose entries depend on the machine, the user and the moment — the home
//   directory, the temporary directories, /run, a process's /proc/PID — hold nothing: a path
//   in them is judged by its name, and `cd` into one may fail;
// - the standard devices (/dev/null, …) are devices, by name;
// - the directories the runner is declared to have (a scan preset's: GitHub's $RUNNER_TEMP and
//   the step-command files' directory in it) are there, and so is the way to them, whatever this
//   machine holds; what they hold is not known, as in the home;
// - elsewhere (/usr, /etc, /bin → usr/bin) whether a path exists, and where a symlink leads,
//   is asked of this machine: the system's layout, which findings about those paths name.
//
// Inside the roots, git's configuration of this clone (`.git/config`, `config.worktree`,
// `commondir`) is this machine's, not the runner's (whose checkout writes its own): it is not
// there, so a git command is judged by what it names, whoever scans.
//
// The directories above a root are asked of the disk too: they lead to the checkout. Which
// place a path is in is decided where it physically is, walked segment by segment by these
// same rules: `root/..` and a symlink in the checkout that leads out are outside.

import type { FileSystem, LstatResult } from "./fs.ts";
import { isInside, resolvePhysical } from "./resolve.ts";

/** Places whose entries are the machine's, the user's and the moment's (below them nothing is known). */
const VOLATILE = ["/tmp", "/var/tmp", "/dev/shm", "/run", "/var/run"];

/** A process's directory in /proc (the rest of /proc is the kernel's, the same layout everywhere). */
const PROCESS_DIR = /^\/proc\/[0-9]+(\/|$)/;

/** The configuration git keeps for a clone, in its git directory (a linked worktree's too). */
const CLONE_CONFIG = /\/\.git(\/worktrees\/[^/]+)?\/(config|config\.worktree|commondir)$/;

/** Devices every Unix has, never directories: judged by name. */
const STANDARD_DEVICE = /^\/dev\/(null|zero|full|random|urandom|tty|stdin|stdout|stderr|fd\/[0-9]+)$/;

/** `inner` inside the roots (and on the way to them); outside them, as said above. */
export function confinedFileSystem(inner: FileSystem, roots: readonly string[], home: string | null,
  runnerDirectories: readonly string[] = []): FileSystem
{
  const inside = (p: string): boolean => roots.some((r) => isInside(p, r));
  // A directory above a root: `/`, `/home`, … on the way to `/home/u/project`.
  const above = (p: string): boolean => roots.some((r) => p === "/" || r.startsWith(p + "/"));
  const h = home === null ? null : home.replace(/\/+$/, "");
  // The rules, for a physical path (its directory resolved, its last segment a name).
  const rule = (p: string): LstatResult | "disk" => {
    if (inside(p) && CLONE_CONFIG.test(p)) return null;
    if (inside(p) || above(p)) return "disk";
    if (STANDARD_DEVICE.test(p)) return "other";
    if (PROCESS_DIR.test(p)) return null;
    // The home is there on the runner, and so is the way to it (even where this machine's is
    // under /tmp), but what it holds is not known.
    if (h) {
      if (p === h || h.startsWith(p + "/")) return "dir";
      if (isInside(p, h)) return null;
    }
    if (runnerDirectories.some((d) => p === d || d.startsWith(p + "/"))) return "dir";
    if (runnerDirectories.some((d) => isInside(p, d))) return null;
    for (const v of VOLATILE) {
      if (p === v) return "dir";
      if (isInside(p, v)) return null;
    }
    return "disk";
  };
  const types = new Map<string, LstatResult>();
  const rawLstat = (p: string): LstatResult => {
    let t = types.get(p);
    if (t === undefined) {
      const r = rule(p);
      t = r === "disk" ? inner.lstat(p) : r;
      types.set(p, t);
    }
    return t;
  };
  const rawReadlink = (p: string): string | null => (rule(p) === "disk" ? inner.readlink(p) : null);
  const physical: FileSystem = { lstat: rawLstat, readlink: rawReadlink, readdir: () => null, readFile: () => null,
    homeOf: () => null };
  // Where the kernel would find a path, by these rules: all of it followed, or (`entry`) all but its last name.
  const followed = (p: string): string | null => {
    const r = resolvePhysical(p, physical);
    return r.ok && r.exists ? r.path : null;
  };
  const dirs = new Map<string, string | null>();
  const directory = (p: string): string | null => {
    let d = dirs.get(p);
    if (d === undefined) {
      const f = followed(p);
      d = f !== null && rawLstat(f) === "dir" ? f : null;
      dirs.set(p, d);
    }
    return d;
  };
  const entry = (p: string): string | null => {
    const cut = p.lastIndexOf("/");
    const name = p.slice(cut + 1);
    if (name === "" || name === "." || name === "..") return directory(p);
    const parent = directory(p.slice(0, cut) || "/");
    return parent === null ? null : parent === "/" ? `/${name}` : `${parent}/${name}`;
  };
  const readable = (p: string): string | null => {
    const f = followed(p);
    return f !== null && inside(f) ? f : null;
  };
  return {
    lstat: (p) => {
      const e = entry(p);
      return e === null ? null : rawLstat(e);
    },
    readlink: (p) => {
      const e = entry(p);
      return e === null ? null : rawReadlink(e);
    },
    readdir: (p) => {
      const d = directory(p);
      return d !== null && inside(d) ? inner.readdir(d) : null;
    },
    readFile: (p, max) => {
      const f = readable(p);
      return f === null ? null : inner.readFile(f, max);
    },
    ...(inner.readBytes
      ? { readBytes: (p: string, max: number) => {
        const f = readable(p);
        return f === null ? null : inner.readBytes!(f, max);
      } }
      : {}),
    ...(inner.executable
      ? { executable: (p: string) => {
        const f = readable(p);
        return f === null ? null : inner.executable!(f);
      } }
      : {}),
    realpathDir: directory,
    // `~user` is another machine's user: not known.
    homeOf: () => null,
    // Above a root only the way to it is known, not what else is there; a device is what it is.
    unknownHere: (p) => {
      const at = directory(p) ?? entry(p) ?? p;
      return !inside(at) && !STANDARD_DEVICE.test(at);
    },
  };
}
