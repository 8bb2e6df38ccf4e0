// `check --jsonl --jobs N`: the checks of a batch spread over the main thread and N - 1 worker
// threads, each worker with its own guard built from the same options (check-worker.ts). Each
// worker pays its own start and JIT warm-up, and V8's compiler and collector already keep a
// second core busy beside one checking thread (on 2 cores, --jobs 2 ran 0.89x as fast), so it
// pays only with cores to spare. The answers come in the order the requests came.
//
// A worker that cannot start, throws or exits leaves its requests to the main thread's guard,
// which checks them itself: a request is never lost and never answered by anything but a check.

import { Worker } from "node:worker_threads";
import type { GuardOptions } from "../guard/guard.ts";
import type { Decision } from "../base/verdict.ts";
import type { CheckRequest, WorkerMessage, WorkerSetup } from "./check-worker.ts";
import { codeFile } from "./protocol.ts";

export interface CheckAnswer {
  readonly decision: Decision;
  /** The verdict as one JSON line (without its newline). */
  readonly line: string;
}

interface Slot {
  readonly worker: Worker;
  readonly pending: Map<number, { readonly request: CheckRequest; readonly resolve: (a: CheckAnswer) => void }>;
  alive: boolean;
}

/**
 * Run in each worker: load the same code the main thread runs (the bundle through its code
 * cache, as bin/shellfence.js loads it; compiled modules or sources by import) and answer.
 * `check` runs with --liftoff-only (bin/shellfence.js), so the bundle's cache is that variant's.
 * The empty comment between `import` and its parenthesis keeps the bundle's build from taking
 * this text for a call of the bundle's own (scripts/build-bundle.ts refuses those: a code-cached script cannot run one);
 * it runs as the worker's own script, where import() works.
 */
const WORKER_SCRIPT = `"use strict";
const { workerData } = require("node:worker_threads");
const { file } = workerData;
const loaded = file.endsWith(".cjs")
  ? require(require("node:path").join(require("node:path").dirname(file), "start.cjs")).loadCodeFile(file, "liftoff")
  : import/**/(require("node:url").pathToFileURL(file).href).then((exports) => ({ exports }));
loaded.then((l) => l.exports.runCheckWorker());`;

/** Requests a worker holds before the main thread checks the next one itself. */
const QUEUED_PER_WORKER = 4;

export class CheckPool {
  private readonly slots: Slot[] = [];
  private nextId = 0;

  /**
   * `local` checks in the main thread: what a request falls back to. `file` is the code file
   * whose exports hold runCheckWorker (protocol.ts `codeFile`, the one bin/shellfence.js runs).
   */
  constructor(jobs: number, options: GuardOptions,
    private readonly local: (command: string, cwd: string | undefined) => CheckAnswer, file: string = codeFile())
  {
    const setup: WorkerSetup = { options, file };
    for (let i = 0; i < jobs; i++) {
      const slot: Slot = { worker: new Worker(WORKER_SCRIPT, { eval: true, workerData: setup }), pending: new Map(),
        alive: true };
      slot.worker.on("message", (m: WorkerMessage) => {
        const p = slot.pending.get(m.id);
        if (p === undefined) return;
        slot.pending.delete(m.id);
        p.resolve({ decision: m.decision, line: m.line });
      });
      slot.worker.on("error", () => this.lose(slot));
      slot.worker.on("exit", () => this.lose(slot));
      this.slots.push(slot);
    }
  }

  /**
   * The verdict for one command: from the least busy worker, or from the main thread when every
   * worker has work queued (the main thread is one of the batch's threads) or none is left.
   * `local` says whether the main thread checked it.
   */
  check(command: string, cwd: string | undefined): { readonly local: boolean; readonly answer: Promise<CheckAnswer> } {
    let best: Slot | null = null;
    for (const s of this.slots) if (s.alive && (best === null || s.pending.size < best.pending.size)) best = s;
    if (best === null || best.pending.size >= QUEUED_PER_WORKER) {
      return { local: true, answer: Promise.resolve(this.local(command, cwd)) };
    }
    const slot = best;
    const request: CheckRequest = { id: this.nextId++, command, cwd };
    return { local: false,
      answer: new Promise((resolve) => {
        slot.pending.set(request.id, { request, resolve });
        slot.worker.postMessage(request);
      }) };
  }

  /** Stops the workers. Call it once every answer is in. */
  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    for (const s of slots) s.alive = false;
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /** A worker gone: what it had not answered is checked here. */
  private lose(slot: Slot): void {
    slot.alive = false;
    const pending = [...slot.pending.values()];
    slot.pending.clear();
    for (const p of pending) p.resolve(this.local(p.request.command, p.request.cwd));
  }
}
