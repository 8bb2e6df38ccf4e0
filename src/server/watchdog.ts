// The resident server's watchdog: one slow request must not stall every session's hook. The
// checks run on the main thread, synchronously (working directory and environment are the
// process's), so nothing on that thread can interrupt one. A worker thread can: the main thread
// tells it each request it starts (its socket's descriptor and the fail-closed reply, made
// before the check) and each it finishes. A request not finished within the budget is claimed
// by the worker, which writes the fail-closed reply (ask; deny under --strict) to its socket,
// removes the server's socket name if it is still this server's, and ends the process. Calls
// queued behind it see their connection close and check in their own processes; the next call
// finds no socket and starts a new server.
//
// Who answers is settled by one compare-and-exchange on shared memory: the slot holds the
// request's number while the main thread may answer, and the worker swaps in CLAIMED before it
// writes; the main thread swaps in IDLE before it writes. Whichever swap fails does nothing.

import { Worker } from "node:worker_threads";

const IDLE = 0;
const CLAIMED = -1;

export interface Watchdog {
  /** Starts the clock on a request; `ours()` stops it, and says whether the answer is still the main thread's. */
  watch(fd: number, failClosed: string): { readonly ours: () => boolean };
  stop(): void;
}

interface Start {
  readonly id: number;
  readonly fd: number;
  readonly reply: string;
}

const WORKER = `"use strict";
const { parentPort, workerData } = require("node:worker_threads");
const { lstatSync, unlinkSync, writeSync } = require("node:fs");
const { slot, path, inode, budgetMs } = workerData;
const state = new Int32Array(slot);
const timers = new Map();
parentPort.on("message", (m) => {
  if (m.done !== undefined) {
    clearTimeout(timers.get(m.done));
    timers.delete(m.done);
    return;
  }
  timers.set(m.id, setTimeout(() => {
    timers.delete(m.id);
    if (Atomics.compareExchange(state, 0, m.id, ${CLAIMED}) !== m.id) return;
    try {
      if (m.fd >= 0) writeSync(m.fd, m.reply);
    } catch {}
    try {
      if (lstatSync(path).ino === inode) unlinkSync(path);
    } catch {}
    process.kill(process.pid, "SIGKILL");
  }, budgetMs));
});`;

/** A watchdog for the server whose socket is `path` (inode `inode`). */
export function startWatchdog(path: string, inode: number, budgetMs: number): Watchdog {
  const slot = new SharedArrayBuffer(4);
  const state = new Int32Array(slot);
  const worker = new Worker(WORKER, { eval: true, workerData: { slot, path, inode, budgetMs } });
  // It must not keep an idle server alive, nor take it down when it fails: without it the
  // server only loses the watchdog, and the client's own timeout still holds.
  worker.unref();
  worker.on("error", () => {});
  let next = 1;
  return { watch(fd, failClosed) {
    const id = next++;
    if (next > 0x3fffffff) next = 1;
    Atomics.store(state, 0, id);
    const start: Start = { id, fd, reply: failClosed };
    worker.postMessage(start);
    return { ours: () => {
      const mine = Atomics.compareExchange(state, 0, id, IDLE) === id;
      if (mine) worker.postMessage({ done: id });
      return mine;
    } };
  },
    stop() {
      void worker.terminate();
    } };
}
