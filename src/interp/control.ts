// Control flow: `&&`/`||`, pipelines, if, the loops (followed to a fixpoint, widened past the
// round limit) and case. Each takes the worlds that reach the construct and returns those that
// leave it; a world that has left (break, return, exit) passes through to whoever catches it.

import { compileMatcher, type PatternChar } from "../shell/pattern.ts";
import { dedupe, positionalText, positionalValue, STATUS_UNKNOWN, standInValue, type Status, unknown,
  World } from "../shell/state.ts";
import type { Stmt, Word } from "../shell/syntax.ts";
import { expandToSegs, expandWord } from "../shell/words/expand.ts";
import { type Field, fieldText, hasStandIn, type Seg, type WordEnv } from "../shell/words/env.ts";
import { pipeOutput } from "./stdin.ts";
import { substituteEvaluated, writeEvaluated } from "../shell/words/variables.ts";
import { evaluated, onlyNumbers } from "./assign.ts";
import type { Shell } from "./context.ts";
import { inertSegment } from "./inert-segment.ts";
import { subshell, subshellEnds, unmarked } from "./nested.ts";
import { diskKey, widen, withStatus } from "./worlds.ts";
import { knownWrite, withText } from "./written-text.ts";
import type { LogMark } from "./file-texts.ts";

export function execAndOr(it: Shell, s: Extract<Stmt, { t: "and" | "or" }>, ws: World[]): World[] {
  // `cat > t.sh <<'EOF' … EOF && bash t.sh`: after `&&` the file holds the whole text (written-text.ts).
  const write = s.t === "and" && ws.length === 1 ? knownWrite(it, s.left, ws[0]!) : null;
  const left = it.exec(s.left, ws);
  const go: World[] = [];
  const stay: World[] = [];
  for (const w of left) {
    if (w.flow !== "normal") {
      stay.push(w);
      continue;
    }
    const runs = s.t === "and" ? w.status !== 1 : w.status !== 0;
    const skips = s.t === "and" ? w.status !== 0 : w.status !== 1;
    if (runs && skips) {
      go.push(withStatus(w.clone(), s.t === "and" ? 0 : 1));
      stay.push(withStatus(w, s.t === "and" ? 1 : 0));
    } else if (runs) go.push(w);
    else stay.push(w);
  }
  if (write !== null) { for (const g of go) withText(g, write); }
  return dedupe([...stay, ...it.exec(s.right, go)]);
}

export function execCFor(it: Shell, s: Extract<Stmt, { t: "cfor" }>, ws: World[]): World[] {
  for (const w of ws) {
    substituteEvaluated(s.inner, w, it, s.span);
    for (const v of s.assigned) w.setVar(v, unknown(`$${v} is set by arithmetic`, true));
  }
  // The condition and update are evaluated again after each pass of the body.
  return execLoop(it, ws, (cur) => cur.map((w) => withStatus(evaluated(it, s.names, w, s.span), STATUS_UNKNOWN)), false,
    s.body);
}

export function execPipe(it: Shell, items: readonly Stmt[], ws: World[]): World[] {
  for (let i = 1; i < items.length; i++) {
    // Worked out in the world the pipeline starts in, only if the consumer reads it.
    const w0 = ws[0];
    if (ws.length === 1 && w0) {
      it.pipedStdin.set(items[i]!,
        () => unmarked(it, pipeOutput(items, i - 1, w0.clone(), it), items.slice(0, i), [], w0)!);
    }
  }
  // Every segment but the last runs in a subshell; the last too, unless lastpipe is set.
  const last = items[items.length - 1]!;
  const out: World[] = [];
  for (const w of ws) {
    const start = w.clone();
    const mark = it.paths.texts.logMark();
    const earlierEnds: World[][] = [];
    const earlier = items.slice(0, -1).map((item) => {
      const r = subshellEnds(it, item, w);
      earlierEnds.push(r.ends);
      return r.status;
    });
    const pipefail = w.options.pipefail;
    const lp = w.options.lastpipe;
    const ends: World[] = [];
    if (lp === true) ends.push(...it.exec(last, [w]));
    else if (lp === null) {
      ends.push(withStatus(w.clone(), subshell(it, last, w)));
      ends.push(...it.exec(last, [w]));
    } else ends.push(withStatus(w, subshell(it, last, w)));
    for (const e of ends) {
      out.push(
        pipefail === false || e.flow !== "normal" ? e : withStatus(e, pipefailStatus(earlier, e.status, pipefail)),
      );
    }
    besideEachOther(it, items, start, [...earlierEnds, ends], mark);
  }
  return dedupe(out);
}

/**
 * The segments of a pipeline run at once: each may open its paths after the others (a later
 * segment's `ln -s`, `mv`) have changed the disk. Each segment but the last, which was judged
 * after the others, is judged again in the world the pipeline started in with what the other
 * segments did to the disk, when that changes how a path resolves. `ends[j]`: the worlds
 * segment j ended in, run in order, so each holds what the segments before it did too. For
 * segment i those before it are its own ends; one after it holds what segment i did as well,
 * which is taken too (more than the others alone did), unless it is a segment that changes
 * nothing a path resolves through (inert-segment.ts: `| tail -20`, `| tee log`). When a
 * segment read the text of a file that one wrote (`bash x.sh | echo 'cat ~/.ssh/id_rsa' >
 * x.sh`: judged again, the file is one the command writes, whose text is not known), every
 * segment is judged again with everything the segments did.
 */
function besideEachOther(it: Shell, segments: readonly Stmt[], start: World, ends: readonly (readonly World[])[],
  mark: LogMark): void
{
  if (segments.length < 2) return;
  const all = start.clone();
  it.paths.joinChild(all, ends.flat());
  const textChanged = it.paths.texts.readThenWritten(mark);
  if (diskKey(all) === diskKey(start) && !textChanged) return;
  const inert = segments.map((s) => inertSegment(it, s, start));
  for (let i = 0; i < segments.length - 1; i++) {
    let others = all;
    if (!textChanged) {
      others = start.clone();
      it.paths.joinChild(others, ends.filter((_, j) => j < i || (j > i && !inert[j])).flat());
      if (diskKey(others) === diskKey(start)) continue;
    }
    // A directory another segment renamed may be renamed after a segment's `cd` into it.
    const before = it.besideMoves;
    it.besideMoves = [...new Set([...before, ...others.movedDirs.filter((m) => !start.movedDirs.includes(m))])];
    try {
      subshell(it, segments[i]!, others.clone());
    } finally {
      it.besideMoves = before;
    }
  }
}

export function execIf(it: Shell, branches: readonly { cond: Stmt; body: Stmt }[], orelse: Stmt | null,
  ws: World[]): World[]
{
  const done: World[] = [];
  let pending = ws;
  for (const b of branches) {
    const afterCond = it.exec(b.cond, pending);
    const taken: World[] = [];
    const notTaken: World[] = [];
    for (const w of afterCond) {
      if (w.flow !== "normal") {
        done.push(w);
        continue;
      }
      if (w.status === 0) taken.push(w);
      else if (w.status === 1) notTaken.push(w);
      else {
        taken.push(withStatus(w.clone(), 0));
        notTaken.push(withStatus(w, 1));
      }
    }
    done.push(...it.exec(b.body, taken));
    pending = notTaken;
  }
  if (orelse) done.push(...it.exec(orelse, pending));
  else done.push(...pending.map((w) => withStatus(w, 0)));
  return dedupe(done);
}

/**
 * A loop, followed to a fixpoint: each round runs the condition and the body on the worlds
 * not seen before. Past the round limit, what still changes is widened to unknown.
 */
export function execLoop(it: Shell, ws: World[], cond: (cur: World[]) => World[], until: boolean, body: Stmt,
  bind?: (w: World) => World): World[]
{
  const exits: World[] = [];
  const seen = new Set<string>();
  let frontier = ws;
  for (const w of frontier) seen.add(w.key());
  for (let round = 0; frontier.length; round++) {
    if (round >= it.limits.maxLoopRounds) {
      // Not converged: run once more on the widened state, then leave with it.
      const wide = widen([...frontier, ...ws], true);
      const r = loopRound(it, wide, cond, until, body, bind);
      exits.push(...r.exits, ...r.again.map((w) => withStatus(w, STATUS_UNKNOWN)));
      break;
    }
    const r = loopRound(it, frontier, cond, until, body, bind);
    exits.push(...r.exits);
    frontier = [];
    for (const w of dedupe(r.again)) {
      const k = w.key();
      if (seen.has(k)) continue;
      seen.add(k);
      frontier.push(w);
    }
  }
  return dedupe(exits);
}

function loopRound(it: Shell, ws: World[], cond: (cur: World[]) => World[], until: boolean, body: Stmt,
  bind?: (w: World) => World)
{
  const exits: World[] = [];
  const enter: World[] = [];
  for (const w of cond(ws)) {
    if (w.flow !== "normal") {
      exits.push(w);
      continue;
    }
    const goes = until ? w.status !== 0 : w.status !== 1;
    const leaves = until ? w.status !== 1 : w.status !== 0;
    if (goes && leaves) {
      enter.push(w.clone());
      exits.push(withStatus(w, 0));
    } else if (goes) enter.push(w);
    else exits.push(withStatus(w, 0));
  }
  const again: World[] = [];
  const bodyIn = bind ? enter.map(bind) : enter;
  it.loopDepth++;
  let bodyOut: World[];
  try {
    bodyOut = it.exec(body, bodyIn);
  } finally {
    it.loopDepth--;
  }
  for (const w of bodyOut) {
    const f = leaveLoop(w);
    if (f === "exit-loop") exits.push(w);
    else if (f === "propagate") exits.push(w);
    else again.push(w);
  }
  return { exits, again };
}

export function execFor(it: Shell, s: Extract<Stmt, { t: "for" }>, ws: World[]): World[] {
  const out: World[] = [];
  for (const w of ws) {
    let values: (string | null)[] | null = [];
    let standIn: string | null = null;
    // Values made only of numbers (`$(seq 10)`) cannot hold a path or a subscript.
    let numeric = s.values !== null;
    if (s.values === null) {
      values = w.positional === null ? null : [...w.positional];
    } else {
      for (const word of s.values) {
        const e = expandWord(word, w, it);
        // `for f in $(find DIR)`: any number of passes, each with a stand-in for a name.
        const rep = e.standIns === "fields" && s.values.length === 1 && e.fields.length === 1
          ? fieldText(e.fields[0]!)
          : null;
        if (rep !== null) {
          standIn = rep;
          break;
        }
        if (e.countUnknown) values = null;
        if (!e.fields.every(onlyNumbers)) numeric = false;
        // (A value made with a stand-in is kept marked, as a positional parameter is.)
        if (values) { for (const f of e.fields) values.push(markedText(f)); }
      }
    }
    if (standIn !== null) {
      const rep = standIn;
      out.push(...execLoop(it, [w], (cur) => cur.map((x) => withStatus(x, STATUS_UNKNOWN)), false, s.body, (x) => {
        writeEvaluated(x, it, s.name, [standInValue(rep)], s.span);
        x.setVar(s.name, standInValue(rep));
        return x;
      }));
      continue;
    }
    if (values === null || values.length > 256) {
      const why = values === null ? "the loop's values are not known" : "a loop over many values";
      out.push(...execLoop(it, [w], (cur) => cur.map((x) => withStatus(x, STATUS_UNKNOWN)), false, s.body, (x) => {
        writeEvaluated(x, it, s.name, [unknown(why, numeric)], s.span);
        x.setVar(s.name, unknown(why, numeric));
        return x;
      }));
      continue;
    }
    let cur: World[] = [w];
    const exits: World[] = [];
    // No values: the body never runs.
    if (values.length === 0) it.coverage.skip(s.body);
    for (const v of values) {
      const entered = cur.map((x) => {
        x.writeThroughNameref(s.name);
        // (A loop variable with the integer attribute evaluates each value written into it.)
        const value = v === null ? unknown("a loop value that is not known", numeric) : positionalValue(v);
        writeEvaluated(x, it, s.name, [value], s.span);
        x.setVar(s.name, value);
        return x;
      });
      const next: World[] = [];
      it.loopDepth++;
      let bodyOut: World[];
      try {
        bodyOut = it.exec(s.body, entered);
      } finally {
        it.loopDepth--;
      }
      for (const x of bodyOut) {
        const f = leaveLoop(x);
        if (f === "again") next.push(x);
        else exits.push(x);
      }
      cur = dedupe(next);
      if (cur.length === 0) break;
    }
    out.push(...exits, ...cur);
  }
  return dedupe(out);
}

export function execCase(it: Shell, s: Extract<Stmt, { t: "case" }>, ws: World[]): World[] {
  const done: World[] = [];
  for (const w0 of ws) {
    const subject = expandToSegs(s.word, w0, it, false);
    // What a stand-in for a listing's names matches is not what the names match.
    const subjectText = hasStandIn({ segs: subject }) ? null : segsText(subject);
    let testing: World[] = [w0];
    let falling: World[] = [];
    for (const item of s.items) {
      const run: World[] = [...falling];
      const rest: World[] = [];
      // Once every world has matched, bash expands no later pattern.
      if (testing.length === 0) { for (const p of item.patterns) it.account(p); }
      for (const w of testing) {
        const m = caseMatches(it, item.patterns, subjectText, w);
        if (m === true) run.push(w);
        else if (m === false) rest.push(w);
        else {
          run.push(w.clone());
          rest.push(w);
        }
      }
      const after = it.exec(item.body, run);
      falling = [];
      const nextTesting = [...rest];
      for (const a of after) {
        if (a.flow !== "normal") done.push(a);
        else if (item.fallthrough === "next") falling.push(a);
        else if (item.fallthrough === "test") nextTesting.push(a);
        else done.push(a);
      }
      testing = nextTesting;
    }
    done.push(...falling, ...testing.map((w) => withStatus(w, 0)));
  }
  return dedupe(done);
}

function caseMatches(it: Shell, patterns: readonly Word[], subject: string | null, w: World): boolean | null {
  let unknownMatch = false;
  for (const [i, p] of patterns.entries()) {
    const segs = expandToSegsForPattern(p, w, it);
    if (segs === null || subject === null) {
      unknownMatch = true;
      continue;
    }
    const m = compileMatcher(segs, { pathname: false, extglob: w.options.extglob !== false, nocase: false,
      dotglob: true })?.(subject);
    if (m === null || m === undefined) {
      unknownMatch = true;
      continue;
    }
    if (m) {
      // The patterns after a match are not expanded.
      for (const rest of patterns.slice(i + 1)) it.account(rest);
      return true;
    }
  }
  return unknownMatch ? null : false;
}

/**
 * A pipeline's status under `set -o pipefail` (on, or not known: null): the last segment's
 * unless an earlier one failed, then non-zero.
 */
function pipefailStatus(earlier: readonly Status[], last: Status, pipefail: boolean | null): Status {
  let s: Status = last;
  if (last !== 1) {
    if (earlier.includes(1)) s = 1;
    else if (earlier.includes(STATUS_UNKNOWN)) s = STATUS_UNKNOWN;
  }
  return pipefail === null && s !== last ? STATUS_UNKNOWN : s;
}

function leaveLoop(w: World): "again" | "exit-loop" | "propagate" {
  if (w.flow === "break") {
    if (w.flowLevels > 1) {
      w.flowLevels--;
      return "propagate";
    }
    w.flow = "normal";
    w.flowLevels = 0;
    return "exit-loop";
  }
  if (w.flow === "continue") {
    if (w.flowLevels > 1) {
      w.flowLevels--;
      w.flow = "continue";
      return "propagate";
    }
    w.flow = "normal";
    w.flowLevels = 0;
    return "again";
  }
  if (w.flow !== "normal") return "propagate";
  return "again";
}

function segsText(segs: readonly Seg[]): string | null {
  let s = "";
  for (const seg of segs) {
    if ("unknown" in seg) return null;
    s += seg.text;
  }
  return s;
}

function expandToSegsForPattern(word: Word, w: World, env: WordEnv): PatternChar[] | null {
  // A case pattern: quoted parts match literally, unquoted ones are pattern characters.
  const out: PatternChar[] = [];
  for (const p of word.parts) {
    if (p.t === "raw") {
      for (let i = 0; i < p.text.length; i++) {
        const c = p.text[i]!;
        if (c === "\\" && i + 1 < p.text.length) out.push({ c: p.text[++i]!, quoted: true });
        else out.push({ c, quoted: false });
      }
      continue;
    }
    if (p.t === "lit") {
      for (const c of p.text) out.push({ c, quoted: true });
      continue;
    }
    const segs = expandToSegs({ parts: [p], span: word.span, text: word.text }, w, env, false);
    for (const s of segs) {
      if ("unknown" in s) return null;
      for (const c of s.text) out.push({ c, quoted: p.t === "param" ? p.quoted : true });
    }
  }
  return out;
}

/** A field's text, marked as a positional parameter is when it came from a stand-in (state.ts). */
function markedText(f: Field): string | null {
  const t = fieldText(f);
  return t === null ? null : positionalText(t, hasStandIn(f));
}
