// One let-through command run for real under `strace -f -y`, and what of it reached outside the
// roots: a successful open of a canary (a planted file outside the project) that the command did
// not make itself, and a successful write, create, rename, unlink, mkdir or link whose path lies
// outside the roots on the real disk. A failed call is not a leak. bubblewrap's own calls (the
// processes that ran bwrap and made the mounts) are not the command's. Inside the sandbox a
// path is classified by the mount that covers it, read from the bwrap line itself: a tmpfs
// (the private /tmp and home, bwrap's root) vanishes with the command; /dev and /proc are
// bwrap's own.

import { posix } from "node:path";
import { parseEvents, parseStrace, runKilling, type Touch } from "../strace.ts";

/** What the traced run did outside the roots. */
export interface Leak {
  readonly syscall: string;
  readonly path: string;
  readonly kind: "read" | "write";
}

export interface TracedRun {
  readonly leaks: readonly Leak[];
  readonly timedOut: boolean;
  readonly exitCode: number | null;
}

const TRACE = ["open", "openat", "?openat2", "creat", "mkdir", "mkdirat", "rmdir", "unlink", "unlinkat", "rename",
  "renameat", "?renameat2", "link", "linkat", "symlink", "symlinkat", "truncate", "execve", "chdir", "fchdir", "clone",
  "?clone3", "fork", "vfork"].join(",");

/** A mount the bwrap line makes: where, and what lies there. */
export interface Mount {
  readonly path: string;
  readonly kind: "writable" | "read-only" | "private";
}

/** The words of a line shellfence wrote (src/sandbox/bwrap.ts shellWord: bare, or single-quoted). */
function words(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < line.length) {
    while (line[i] === " ") i++;
    let w = "";
    while (i < line.length && line[i] !== " ") {
      if (line[i] === "'") {
        const end = line.indexOf("'", i + 1);
        w += line.slice(i + 1, end);
        i = end + 1;
      } else if (line[i] === "\\" && line[i + 1] === "'") {
        w += "'";
        i += 2;
      } else w += line[i++];
    }
    out.push(w);
  }
  return out;
}

/** The mounts of the first bwrap line in `line`, in order; null when it runs none (bare). */
export function mountsOf(line: string): Mount[] | null {
  if (!line.startsWith("/usr/bin/bwrap ") && !/^\/\S*bwrap /.test(line)) return null;
  const w = words(line.slice(0, line.indexOf(" -- ")));
  const mounts: Mount[] = [];
  for (let i = 0; i < w.length; i++) {
    switch (w[i]) {
      case "--bind":
      case "--dev-bind":
        mounts.push({ path: w[i + 2]!, kind: "writable" });
        i += 2;
        break;
      case "--ro-bind":
        mounts.push({ path: w[i + 2]!, kind: "read-only" });
        i += 2;
        break;
      case "--tmpfs":
      case "--dev":
      case "--proc":
        mounts.push({ path: w[i + 1]!, kind: "private" });
        i += 1;
        break;
      default:
        break;
    }
  }
  return mounts;
}

function inside(path: string, dir: string): boolean {
  return dir === "/" || path === dir || path.startsWith(dir + "/");
}

/** The mount a path lies on: the deepest that holds it, the later of two at one place. */
function cover(mounts: readonly Mount[], path: string): Mount["kind"] {
  let best: Mount | null = null;
  for (const m of mounts) if (inside(path, m.path) && (best === null || m.path.length >= best.path.length)) best = m;
  // Nothing mounted there: bwrap's own root, a tmpfs.
  return best?.kind ?? "private";
}

const WRITE_FLAGS = /\bO_(WRONLY|RDWR|CREAT|TRUNC|APPEND)\b/;
const OPENS = new Set(["open", "openat", "openat2", "creat"]);
const CHANGES = new Set(["mkdir", "mkdirat", "rmdir", "unlink", "unlinkat", "rename", "renameat", "renameat2", "link",
  "linkat", "symlink", "symlinkat", "truncate"]);

const LINE_PID = /^(\d+)\s/;

/**
 * The trace without bubblewrap's own calls: those of a process while the program it runs is
 * bwrap (the mounts, the mount points it makes, its uid map), up to the command it starts. A
 * child runs what its parent ran when it was made; strace may print a child's first calls
 * before the parent's clone returns, so the parents are found first.
 */
function withoutBwrap(raw: string): string {
  const parent = new Map<number, number>();
  for (const e of parseEvents(raw)) {
    if (!/^(clone3?|v?fork)$/.test(e.name)) continue;
    const child = Number(/^\d+/.exec(e.result)?.[0] ?? NaN);
    if (child > 0) parent.set(child, e.pid);
  }
  const image = new Map<number, string>();
  const imageOf = (pid: number, depth = 0): string => {
    const known = image.get(pid);
    if (known !== undefined) return known;
    const up = parent.get(pid);
    const inherited = up !== undefined && depth < 64 ? imageOf(up, depth + 1) : "";
    image.set(pid, inherited);
    return inherited;
  };
  const kept: string[] = [];
  // An execve split by another process's line: its program, until it is resumed.
  const pending = new Map<number, string>();
  for (const line of raw.split("\n")) {
    const pid = Number(LINE_PID.exec(line)?.[1] ?? NaN);
    if (!Number.isInteger(pid)) continue;
    const was = imageOf(pid);
    const started = /^\d+\s+execve\("([^"]*)"/.exec(line)?.[1];
    if (started !== undefined && line.endsWith("<unfinished ...>")) pending.set(pid, started);
    const resumed = /^\d+\s+<\.\.\. execve resumed>/.test(line) ? pending.get(pid) : undefined;
    const program = started ?? resumed;
    const done = program !== undefined && / = 0$/.test(line);
    if (done) image.set(pid, program);
    if (!was.endsWith("/bwrap") || program !== undefined) kept.push(line);
  }
  return kept.join("\n");
}

export interface Judging {
  readonly roots: readonly string[];
  readonly canaries: ReadonlySet<string>;
}

/** The leaks in a trace of a run in `cwd`; `mounts`: the sandbox's, or null for a bare run. */
export function leaksIn(raw: string, mounts: readonly Mount[] | null, cwd: string, j: Judging): Leak[] {
  const touches = parseStrace(withoutBwrap(raw), cwd).filter((t) => t.ok);
  const made = new Set<string>();
  const leaks: Leak[] = [];
  const outside = (p: string) =>
    !j.roots.some((r) => inside(p, r)) && !inside(p, "/dev") && !inside(p, "/proc") &&
    (mounts === null || cover(mounts, p) !== "private");
  for (const t of touches) {
    const isOpen = OPENS.has(t.syscall);
    // An open's -y path is the kernel's answer; a name elsewhere is taken as named (the sandbox's view).
    const path = isOpen ? t.path : t.named;
    const writes = t.syscall === "creat" || (isOpen && WRITE_FLAGS.test(t.flags)) || CHANGES.has(t.syscall);
    if (writes) {
      if (t.syscall !== "rmdir" && t.syscall !== "unlink" && t.syscall !== "unlinkat") made.add(path);
      if (outside(path)) leaks.push({ syscall: t.syscall, path, kind: "write" });
    } else if (isOpen && !t.directoryOpen && j.canaries.has(path) && !made.has(path)) {
      leaks.push({ syscall: t.syscall, path, kind: "read" });
    }
  }
  return leaks;
}

/**
 * Runs `line` (`/bin/bash -c LINE`, as the hosts do) under strace; kills its process group at
 * the deadline. `sandboxed`: the line is a sandbox line, whose mounts say what is private.
 */
export async function traceLine(line: string, sandboxed: boolean, cwd: string, env: Record<string, string>, j: Judging,
  log: string, timeoutMs: number): Promise<TracedRun>
{
  const mounts = sandboxed ? mountsOf(line) : null;
  if (sandboxed && mounts === null) throw new Error(`not a sandbox line: ${line.slice(0, 200)}`);
  const args = ["-f", "-y", "-qq", "-e", "signal=none", "-e", `trace=${TRACE}`, "-o", log, "/bin/bash", "-c", line];
  const run = await runKilling("strace", args, { cwd, env }, timeoutMs);
  if (run.spawnError) throw new Error(`strace could not be run: ${run.spawnError}`);
  const raw = await Bun.file(log).text().catch(() => "");
  return { leaks: dedupe(leaksIn(raw, mounts, cwd, j)), timedOut: run.timedOut, exitCode: run.exitCode };
}

function dedupe(leaks: readonly Leak[]): Leak[] {
  const seen = new Map<string, Leak>();
  for (const l of leaks) seen.set(`${l.kind} ${l.syscall} ${l.path}`, l);
  return [...seen.values()];
}

/** For a report: `path` with the fixture's places as placeholders. */
export function shortPath(path: string, places: readonly (readonly [string, string])[]): string {
  for (const [name, dir] of places) if (inside(path, dir)) return name + path.slice(dir.length);
  return posix.normalize(path);
}

export type { Touch };
