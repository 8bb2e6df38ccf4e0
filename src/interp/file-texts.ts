// What the command does to the text of files, for the analyses that read one (a script, a list,
// a redirected standard input, a requirements file): which files it may write, how often, and,
// in order, every write and every text it handed out. A text read from the disk is not what a
// program sees once an earlier part of the command wrote the file (or a directory above it);
// one a world knows was written whole (written-text.ts) is, when that was the only write there;
// and a part that runs beside a writer may read it before or after the write (readThenWritten).

import type { FileSystem } from "../paths/fs.ts";
import { isAbsolute, isInside, join, resolvePhysical } from "../paths/resolve.ts";
import type { World } from "../shell/state.ts";

/** Where the logs of reads and writes were (FileTexts.logMark). */
export interface LogMark {
  readonly reads: number;
  readonly writes: number;
}

export class FileTexts {
  /** Physical paths an earlier part of the command may write: a script read from one may be stale. */
  private readonly written = new Set<string>();
  /** How many writes each of `written` got, in any world or child: a text known in one world is its only one. */
  private readonly writes = new Map<string, number>();
  /** Every write, and every file whose text `read` gave, in order: for parts that run beside each other. */
  private readonly writeLog: string[] = [];
  private readonly readLog: string[] = [];
  /**
   * Some command may have changed what files hold, not only their modes: a script read from
   * disk is then not what runs. (fsChanged says more: after `chmod 000 dir`, `cd dir` fails.)
   */
  contentsMayChange = false;

  constructor(private readonly fs: FileSystem, private readonly roots: readonly string[],
    private readonly maxBytes: number)
  {}

  /** A write (or an access of unknown kind) of a physical path. */
  wrote(path: string): void {
    this.written.add(path);
    this.writes.set(path, (this.writes.get(path) ?? 0) + 1);
    this.writeLog.push(path);
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

  /** The text of a file inside a root, small enough to read, as the world `w` sees it; null otherwise. */
  read(w: World, path: string): string | null {
    const abs = isAbsolute(path) ? path : w.cwd === null ? null : join(w.cwd, path);
    if (abs === null) return null;
    const r = resolvePhysical(abs, this.fs);
    if (!r.ok) return null;
    if (!this.roots.some((root) => r.path === root || r.path.startsWith(root === "/" ? "/" : root + "/"))) return null;
    // What is on disk now is not what will run if the command writes the file (or a directory
    // above it) first; a change of mode (`chmod +x x.sh && ./x.sh`) leaves the text as it is.
    // Unless the one write there is a text this world knows was written whole (written-text.ts).
    if (this.contentsMayChange) return null;
    const over = [...this.written].filter((p) => isInside(r.path, p));
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
}
