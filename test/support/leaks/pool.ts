// The leak run, spread over a few worker processes (worker.ts), each with a fixture of its own
// under one temporary directory: the cases are dealt out in turn, and the outcomes come back in
// the cases' order.

import { spawn } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LeakCase } from "./cases.ts";
import { type Job, type Mode, type Outcome, SYSTEM_PATH } from "./worker.ts";

export interface PoolOptions {
  readonly workers: number;
  readonly modes: readonly Mode[];
  /** Per command run (default 5 s): the process group is killed at the deadline. */
  readonly timeoutMs?: number;
  /** Called with each outcome as it arrives (progress). */
  readonly onOutcome?: (o: Outcome) => void;
}

const WORKER = join(import.meta.dir, "worker.ts");

function runWorker(job: Job, file: string, onOutcome?: (o: Outcome) => void): Promise<Outcome[]> {
  writeFileSync(file, JSON.stringify(job));
  const env = { HOME: join(job.place, "home"), PATH: SYSTEM_PATH, LANG: "C.UTF-8",
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}) };
  const child = spawn(process.execPath, [WORKER, file], { env, stdio: ["ignore", "pipe", "pipe"] });
  const out: Outcome[] = [];
  let buffer = "";
  let err = "";
  child.stdout.on("data", (b: Buffer) => {
    buffer += b.toString("utf8");
    let nl: number;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const o = JSON.parse(buffer.slice(0, nl)) as Outcome;
      buffer = buffer.slice(nl + 1);
      out.push(o);
      onOutcome?.(o);
    }
  });
  child.stderr.on("data", (b: Buffer) => void (err = (err + b.toString("utf8")).slice(-4000)));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close",
      (code) => code === 0 ? resolve(out) : reject(new Error(`leak worker ${job.place} exited ${code}: ${err}`)));
  });
}

export async function runPool(cases: readonly LeakCase[], options: PoolOptions): Promise<Outcome[]> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "shellfence-leaks-")));
  try {
    const n = Math.max(1, Math.min(options.workers, cases.length));
    const jobs = Array.from({ length: n },
      (_, w): Job => ({ place: join(dir, `w${w}`), cases: cases.filter((_, i) => i % n === w), modes: options.modes,
        timeoutMs: options.timeoutMs ?? 5000 }));
    const results = await Promise.all(jobs.map((j, w) => runWorker(j, join(dir, `job${w}.json`), options.onOutcome)));
    const key = (o: { table: string; index: number }) => `${o.table}\t${o.index}`;
    const order = new Map(cases.map((c, i) => [key(c), i]));
    return results.flat().sort((a, b) =>
      order.get(key(a))! - order.get(key(b))! || options.modes.indexOf(a.mode) - options.modes.indexOf(b.mode)
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
