// One worker thread of `check --jsonl --jobs N` (check-pool.ts): it builds its own guard from
// the options the command line built, then answers each request it is sent. A worker holds
// nothing between checks that a check could not hold by itself, so its answers are the ones
// the main thread would give.

import { parentPort, workerData } from "node:worker_threads";
import type { GuardOptions } from "../guard/guard.ts";
import type { Decision } from "../base/verdict.ts";

/** What the pool sends: one command, numbered so the answers can be put back in order. */
export interface CheckRequest {
  readonly id: number;
  readonly command: string;
  readonly cwd: string | undefined;
}

/** What a worker sends back: the verdict as its JSON line, and its decision for the exit status. */
export interface WorkerMessage {
  readonly id: number;
  readonly decision: Decision;
  readonly line: string;
}

export interface WorkerSetup {
  readonly options: GuardOptions;
  /** The code file the worker loads (check-pool.ts). */
  readonly file: string;
}

/** The worker's side: called by the script check-pool.ts starts each worker with. */
export async function runCheckWorker(): Promise<void> {
  const port = parentPort;
  if (port === null) throw new Error("runCheckWorker runs in a worker thread");
  const { createGuard } = await import("../guard/guard.ts");
  const guard = await createGuard((workerData as WorkerSetup).options);
  port.on("message", (r: CheckRequest) => {
    const v = guard.check(r.command, r.cwd === undefined ? {} : { cwd: r.cwd });
    const answer: WorkerMessage = { id: r.id, decision: v.decision, line: JSON.stringify(v) };
    port.postMessage(answer);
  });
}
