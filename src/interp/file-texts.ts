// What the command does to the text of files, for the analyses that read one (a script, a list,
// a redirected standard input, a requirements file, an archive's members): which files it may
// write, how often, and, in order, every write and every text it handed out. A text read from
// the disk is not what a program sees once an earlier part of the command wrote the file (or a
// directory above it); one a world knows was written whole (written-text.ts) is, when that was
// the only write there; and a part that runs beside a writer may read it before or after the
// write (readThenWritten). Project code the guard lets run (a build, tests) may have rewritten
// any file: code read after it is read all the same, data is not (projectMayChange).

import type { DataRead } from "../commands/effects.ts";
import type { FileSystem } from "../paths/fs.ts";
import { isAbsolute, isInside, join, resolvePhysical, unresolvedWhy } from "../paths/resolve.ts";
import type { World } from "../shell/state.ts";
import { linkZoneWhy, zoneWatch } from "../shell/zones.ts";

/** Where the logs of reads and writes were (FileTexts.logMark). */
export interface LogMark {
  readonly reads: number;
  readonly writes: number;
}

export class FileTexts {
  /** Physical paths an earlier part of the command may write: a script read from one may be stale. */
  private readonly written = new Set<string>();
  /**
   * How many writes each of `written` got, in any world or child (of the alternatives, the most
   * any one made): a text known in one world is its only one.
   */
  private writes = new Map<string, number>();
  /** Every write, and every file whose text or bytes were read, in order: for parts that run beside each other. */
  private readonly writeLog: string[] = [];
  private readonly readLog: string[] = [];
  /**
   * Some command may have changed what files hold, not only their modes: a script read from
   * disk is then not what runs. (fsChanged says more: after `chmod 000 dir`, `cd dir` fails.)
   */
  contentsMayChange = false;
  /**
   * Code the guard lets run unread (a build, tests, a program of the project's) may have changed
   * what files hold. Code read after it is read all the same (`read`'s `code`): that code could
   * have done itself whatever it could write into a script; data is not.
   */
  projectMayChange = false;

  /**
   * The text each file was last written whole with, as far as the guard knows it (written-text.ts
   * knownWrite), in any world, after `;` as after `&&`: not what `read` hands out as code (the
   * write may have been cut short, another may follow), but what a script run later most likely
   * holds, for the scan of what it visibly reaches (script-reach.ts).
   */
  private readonly sawWritten = new Map<string, string>();

  constructor(private readonly fs: FileSystem, private readonly roots: readonly string[],
    private readonly maxBytes: number)
  {}

  /**
   * `written` as a list, and its programs in a node_modules/.bin by name, kept with it: asked
   * before every program a command starts, and a `find -exec` over many files asks as often as
   * it writes.
   */
  private writtenList: string[] = [];
  private readonly binsWritten = new Map<string, string>();

  private addWritten(path: string): void {
    if (this.written.has(path)) return;
    this.written.add(path);
    this.writtenList.push(path);
    const at = path.lastIndexOf("/node_modules/.bin/");
    const bin = at < 0 ? "" : path.slice(at + "/node_modules/.bin/".length);
    if (bin !== "" && !this.binsWritten.has(bin)) this.binsWritten.set(bin, path);
  }

  private setWritten(paths: Iterable<string>): void {
    this.written.clear();
    this.writtenList = [];
    this.binsWritten.clear();
    for (const p of paths) this.addWritten(p);
  }

  /** A write (or an access of unknown kind) of a physical path. */
  wrote(path: string): void {
    this.addWritten(path);
    this.writes.set(path, (this.writes.get(path) ?? 0) + 1);
    this.writeLog.push(path);
  }

  sawWrite(write: { readonly path: string; readonly text: string } | null): void {
    if (write !== null) this.sawWritten.set(write.path, write.text);
  }

  /** The text a known write last put in the physical path `phys` (sawWritten), or null. */
  lastWrittenText(phys: string): string | null {
    return this.sawWritten.get(phys) ?? null;
  }

  /**
   * The physical paths earlier parts of the command named in a write (written-config.ts): the
   * list kept as writes come, so a caller that writes while it goes through it copies it.
   */
  namedWrites(): readonly string[] {
    return this.writtenList;
  }

  /** The physical paths earlier parts of the command wrote in a node_modules/.bin, by the program's name. */
  binWrites(): ReadonlyMap<string, string> {
    return this.binsWritten;
  }

  /** Whether an earlier part of the command may have written the physical path `phys` (or a directory above it). */
  mayBeWritten(phys: string): boolean {
    return this.contentsMayChange || this.namedWrites().some((p) => isInside(phys, p));
  }

  /**
   * Whether a write after the first `from` writes of the log was at or above the physical path
   * `phys`, or some command may have changed what any file holds (contentsMayChange).
   */
  writtenSince(from: number, phys: string): boolean {
    return this.contentsMayChange || this.writeLog.slice(from).some((p) => isInside(phys, p));
  }

  /** How far the logs of reads and writes are: where a part that runs beside others starts or ends. */
  logMark(): LogMark {
    return { reads: this.readLog.length, writes: this.writeLog.length };
  }

  /**
   * Whether a file whose text was read (as a script, a list, standard input) between the marks
   * `from` and `to` (`to` absent: until now) was written, at or above it, after `from`'s writes:
   * a part running beside the writer may read the text before or after the write
   * (`bash x.sh & echo 'cat ~/.ssh/id_rsa' > x.sh`), so it is judged again (control.ts).
   */
  readThenWritten(from: LogMark, to?: LogMark): boolean {
    const reads = this.readLog.slice(from.reads, to?.reads);
    if (reads.length === 0) return false;
    return this.writeLog.slice(from.writes).some((p) => reads.some((r) => isInside(r, p)));
  }

  /**
   * Runs what may happen instead of each other at one moment (a command in each of the worlds
   * the shell may be in): each sees the disk as the commands before left it, not as another
   * of them would, and what any of them may have written counts afterwards. (The logs run on:
   * a mark taken before stays where it was.)
   */
  alternatives<T>(runs: readonly (() => T)[]): T[] {
    const contents = this.contentsMayChange;
    const project = this.projectMayChange;
    const written = new Set(this.written);
    const writes = this.writes;
    let anyContents = contents;
    let anyProject = project;
    const anyWritten = new Set(written);
    const anyWrites = new Map(writes);
    const out: T[] = [];
    for (const run of runs) {
      this.contentsMayChange = contents;
      this.projectMayChange = project;
      this.setWritten(written);
      this.writes = new Map(writes);
      out.push(run());
      anyContents ||= this.contentsMayChange;
      anyProject ||= this.projectMayChange;
      for (const p of this.written) anyWritten.add(p);
      for (const [p, n] of this.writes) anyWrites.set(p, Math.max(n, anyWrites.get(p) ?? 0));
    }
    this.contentsMayChange = anyContents;
    this.projectMayChange = anyProject;
    this.setWritten(anyWritten);
    this.writes = anyWrites;
    return out;
  }

  /**
   * The text of a file inside a root, small enough to read, as the world `w` sees it; null
   * otherwise. `code`: the text is code that will run (a script, a sourced file, package.json's
   * scripts, the workspace that picks them), which project code run earlier may have rewritten
   * without making it unknown (`projectMayChange`); data read from a file (a list, standard
   * input, `cat FILE`) is unknown after it (`tar -T list` after a build).
   */
  read(w: World, path: string, code = false): string | null {
    const abs = isAbsolute(path) ? path : w.cwd === null ? null : join(w.cwd, path);
    if (abs === null) return null;
    // (Through a name an earlier command may have made a symlink, what is read is not known.)
    const r = resolvePhysical(abs, this.fs, zoneWatch(w.linkZones));
    if (!r.ok || !this.insideRoots(r.path)) return null;
    // What is on disk now is not what will run if the command writes the file (or a directory
    // above it) first; a change of mode (`chmod +x x.sh && ./x.sh`) leaves the text as it is.
    // Unless the one write there is a text this world knows was written whole (written-text.ts).
    if (this.contentsMayChange || (this.projectMayChange && !code)) return null;
    const over = this.namedWrites().filter((p) => isInside(r.path, p));
    if (over.length > 0) {
      const text = w.texts.get(r.path);
      const only = over.length === 1 && over[0] === r.path && this.writes.get(r.path) === 1;
      if (!only || text === undefined || new TextEncoder().encode(text).length > this.maxBytes) return null;
      this.readLog.push(r.path);
      return text;
    }
    if (!r.exists) return null;
    const got = this.fs.readFile(r.path, this.maxBytes);
    if (got !== null) this.readLog.push(r.path);
    return got;
  }

  /**
   * A file's bytes for a command that reads its content to know what it does (an archive whose
   * members are judged): as `read` reads data, but binary, from the disk only, and saying why not.
   */
  readData(w: World, path: string, maxBytes: number): DataRead {
    const abs = isAbsolute(path) ? path : w.cwd === null ? null : join(w.cwd, path);
    if (abs === null) return { why: "the working directory is not known" };
    const r = resolvePhysical(abs, this.fs, zoneWatch(w.linkZones));
    if (!r.ok) return { why: r.error === "changed" ? linkZoneWhy(r.at) : unresolvedWhy(r) };
    if (this.mayBeWritten(r.path)) return { why: "an earlier part of the command may write it" };
    if (this.projectMayChange) return { why: "project code run earlier in the command may write it" };
    // (A part running beside a writer of it may find it there, or another: judged again.)
    this.readLog.push(r.path);
    if (!r.exists) return { absent: true };
    if (!this.insideRoots(r.path)) return { why: "it is outside the project roots", outside: true };
    const bytes = this.fs.readBytes?.(r.path, maxBytes) ?? null;
    return bytes === null ? { why: `it is not a regular file of at most ${maxBytes / 1048576} MiB` } : { bytes };
  }

  /**
   * A file of git's own directory (Disk.readOwnConfig): as it is on disk now, whatever an
   * earlier part of the command may have written there or made there (such a write is judged
   * where it is made: PROTECTED_PATH).
   */
  readOwnConfig(w: World, path: string, maxBytes: number): DataRead {
    const abs = isAbsolute(path) ? path : w.cwd === null ? null : join(w.cwd, path);
    if (abs === null) return { why: "the working directory is not known" };
    const r = resolvePhysical(abs, this.fs);
    if (!r.ok) return { why: unresolvedWhy(r) };
    this.readLog.push(r.path);
    if (!this.insideRoots(r.path)) return { why: "it is outside the project roots", outside: true };
    if (!r.exists) return { absent: true };
    const bytes = this.fs.readBytes?.(r.path, maxBytes) ?? null;
    return bytes === null ? { why: `it is not a regular file of at most ${maxBytes / 1048576} MiB` } : { bytes };
  }

  private insideRoots(phys: string): boolean {
    return this.roots.some((root) => isInside(phys, root));
  }
}
