// Code that may run later than where it is written: traps (a signal's body before any
// statement, EXIT's at the end) and functions defined but never called here, which a later
// command of the same shell may call. Each is judged in the state it could run in.

import type { Span } from "../base/span.ts";
import type { World } from "../shell/state.ts";
import { UNKNOWN_STDIN } from "./stdin.ts";
import type { Shell } from "./context.ts";
import { callFunction, runCode } from "./nested.ts";
import { widen } from "./worlds.ts";

/** Rounds of running live traps again before what still changes is made unknown. */
const MAX_TRAP_ROUNDS = 4;

/**
 * Traps other than EXIT may run in the shell before any statement: DEBUG before each command,
 * ERR after one fails, RETURN after a function returns, a signal's at any time, any number of
 * times. The worlds after are those where they did not run and those where they ran, until
 * running them again makes no new world (then everything that still changes is unknown).
 */
export function fireTraps(it: Shell, ws: World[]): World[] {
  if (it.trapping || !ws.some((w) => w.liveTraps.length)) return ws;
  it.trapping = true;
  try {
    const seen = new Set<string>();
    for (const w of ws) if (w.liveTraps.length) seen.add(w.key());
    let all = ws;
    let frontier = ws;
    for (let round = 0; frontier.length && round < MAX_TRAP_ROUNDS; round++) {
      const next: World[] = [];
      for (const w of frontier) {
        for (const o of runTrapBodies(it, w)) {
          if (o.sameAs(w)) continue;
          const k = o.key();
          if (seen.has(k)) continue;
          seen.add(k);
          next.push(o);
        }
      }
      all = [...all, ...next];
      frontier = next.filter((w) => w.flow === "normal");
    }
    if (frontier.length === 0) return all;
    const normal = all.filter((w) => w.flow === "normal");
    return [...all.filter((w) => w.flow !== "normal"), ...widen(normal, true)];
  } finally {
    it.trapping = false;
  }
}

/** The worlds after one of `w`'s live traps ran once; the trap stays set in them. */
function runTrapBodies(it: Shell, w: World): World[] {
  const out: World[] = [];
  const none: readonly string[] = [];
  for (const body of w.liveTraps) {
    const copy = w.clone();
    // Traps do not run inside a trap body: it runs with none, and they are set again after.
    copy.traps = none;
    copy.liveTraps = none;
    for (const o of runCode(it, body, { start: 0, end: 0 }, "trap", copy, true)) {
      // A body that sets traps adds to those already set (it cannot be seen to reset them).
      o.traps = o.traps === none ? w.traps : [...new Set([...w.traps, ...o.traps])];
      o.liveTraps = o.liveTraps === none ? w.liveTraps : [...new Set([...w.liveTraps, ...o.liveTraps])];
      o.status = w.status;
      out.push(o);
    }
  }
  return out;
}

export function replayTrapsIfChanged(it: Shell, w: World): void {
  // Live traps run before the next statement (fireTraps), which judges them in this state.
  if (w.traps.length > w.liveTraps.length) replayTraps(it, [w], null, true);
}

/** A trap body runs in the shell itself, in whatever state the shell is in when it fires. */
export function replayTraps(it: Shell, ws: readonly World[], span: Span | null, exitOnly = false): void {
  for (const w of ws) {
    for (const t of w.traps) {
      if (exitOnly && w.liveTraps.includes(t)) continue;
      const copy = w.clone();
      copy.traps = [];
      copy.liveTraps = [];
      analyseUncalled(it, runCode(it, t, span ?? { start: 0, end: 0 }, "trap", copy, true));
    }
  }
}

/**
 * Functions defined but never called here may be called by a later command in the same
 * shell: their bodies are analysed with unknown arguments.
 */
export function analyseUncalled(it: Shell, ws: readonly World[]): void {
  // A body analysed here may define more functions: go on until none is left uncalled.
  let pending: readonly World[] = ws;
  for (let round = 0; pending.length && round < 64; round++) {
    const next: World[] = [];
    for (const w of pending) {
      for (const [name, f] of w.funcs) {
        if (it.called.has(f.source)) continue;
        it.called.add(f.source);
        const copy = w.clone();
        copy.traps = [];
        copy.positional = null;
        next.push(
          ...callFunction(it, name, f.body, [], copy, { countUnknown: true, span: { start: 0, end: 0 }, inProcess: true,
            bypassFunctions: false, stdin: () => UNKNOWN_STDIN }, true),
        );
      }
    }
    pending = next.length > it.limits.maxWorlds ? widen(next) : next;
  }
}
