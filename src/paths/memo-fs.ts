// One answer per question for the life of a guard whose disk does not change while it checks:
// a batch (`check --jsonl`) or a scan, which only read the disk and run nothing. The checks of
// such a run ask the same lstat, readlink, readdir and realpath questions again and again (every
// command starts by resolving the same project directories), and each is a system call. A guard
// that answers a host between tool calls must never use this: the agent changes the disk there.

import type { FileSystem, LstatResult } from "./fs.ts";

/** Past this many answers of one kind the memo starts again: a bound on memory, not a policy. */
const MAX_ENTRIES = 200_000;

class Memo<V> {
  private readonly map = new Map<string, V>();

  get(key: string, compute: () => V): V {
    if (this.map.has(key)) return this.map.get(key) as V;
    const v = compute();
    if (this.map.size >= MAX_ENTRIES) this.map.clear();
    this.map.set(key, v);
    return v;
  }
}

/** `fs` with every answer remembered; lists are copied out so that a caller's change stays its own. */
export function memoisedFileSystem(fs: FileSystem): FileSystem {
  const lstat = new Memo<LstatResult>();
  const readlink = new Memo<string | null>();
  const readdir = new Memo<readonly string[] | null>();
  const readFile = new Memo<string | null>();
  const readBytes = new Memo<Uint8Array | null>();
  const homeOf = new Memo<string | null>();
  const executable = new Memo<boolean | null>();
  const realpathDir = new Memo<string | null>();
  const out: FileSystem = { lstat: (p) => lstat.get(p, () => fs.lstat(p)),
    readlink: (p) => readlink.get(p, () => fs.readlink(p)),
    readdir: (p) => {
      const names = readdir.get(p, () => fs.readdir(p));
      return names === null ? null : [...names];
    }, readFile: (p, max) => readFile.get(`${max}\0${p}`, () => fs.readFile(p, max)),
    homeOf: (u) => homeOf.get(u, () => fs.homeOf(u)),
    ...(fs.readBytes
      ? { readBytes: (p: string, max: number) => {
        const bytes = readBytes.get(`${max}\0${p}`, () => fs.readBytes!(p, max));
        return bytes === null ? null : bytes.slice();
      } }
      : {}), ...(fs.executable ? { executable: (p: string) => executable.get(p, () => fs.executable!(p)) } : {}),
    ...(fs.realpathDir ? { realpathDir: (p: string) => realpathDir.get(p, () => fs.realpathDir!(p)) } : {}) };
  return out;
}
