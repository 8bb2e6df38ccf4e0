// What the interpreter does to worlds, whatever statement it runs: set a status, merge worlds
// that may differ (widen), make what a construct hides unknown (taint), and carry what a child
// process leaves behind into its parent. No statement, no filesystem: plain functions of worlds.

import { canonicalLogical, isAbsolute, join } from "../paths/resolve.ts";
import { type Scope, STATUS_UNKNOWN, type Status, unknown, type Value, type World } from "../shell/state.ts";
import { unionZones } from "../shell/zones.ts";

/** Merges worlds into one where everything they disagree on is unknown. */
export function widen(ws: readonly World[], always = false): World[] {
  if (ws.length <= 1 && !always) return ws.slice();
  const base = ws[0]!.clone();
  for (const w of ws.slice(1)) {
    if (!w.sameCwd(base)) base.cwd = null;
    if (w.oldpwd !== base.oldpwd) base.oldpwd = null;
    if (w.stack.join("\u0000") !== base.stack.join("\u0000") || w.stackUnknown) base.stackUnknown = true;
    if (w.status !== base.status) base.status = STATUS_UNKNOWN;
    if (w.positional?.join("\u0000") !== base.positional?.join("\u0000")) base.positional = null;
    for (const k of Object.keys(base.options) as (keyof typeof base.options)[]) {
      if (w.options[k] !== base.options[k]) base.options[k] = null;
    }
    const names = new Set([...base.varNames(), ...w.varNames()]);
    for (const n of names) {
      const a = base.getVar(n);
      const b = w.getVar(n);
      if (!sameValue(a, b)) base.setVar(n, unknown(`$${n} differs between the paths the script may take`));
    }
    for (const [n, f] of w.funcs) {
      const b = base.funcs.get(n);
      if (b?.source !== f.source) base.tainted = "functions differ between paths";
      // Defined by the same code read from two files: its BASH_SOURCE is not known.
      else if ((b.file ?? null) !== (f.file ?? null)) base.setFunc(n, { ...b, file: null });
      // Exported on one path: a child shell may get it.
      else if (f.exported && !b.exported) base.setFunc(n, f);
    }
    for (const [n, a] of w.aliases) if (base.aliases.get(n) !== a) base.setAlias(n, a);
    if (w.traps.join() !== base.traps.join()) base.traps = [...new Set([...base.traps, ...w.traps])];
    if (w.liveTraps.join() !== base.liveTraps.join()) {
      base.liveTraps = [...new Set([...base.liveTraps, ...w.liveTraps])];
    }
    if (w.tainted) base.tainted = w.tainted;
    base.fsChanged ||= w.fsChanged;
    base.linksChanged ||= w.linksChanged;
    base.linkZones = unionZones(base.linkZones, w.linkZones);
    if (w.movedDirs.length) base.movedDirs = [...new Set([...base.movedDirs, ...w.movedDirs])];
    // A file's text is known only where every path the script may take agrees on it.
    if (w.texts !== base.texts) base.texts = new Map([...base.texts].filter(([p, t]) => w.texts.get(p) === t));
    base.frames = mergeFrames(base.frames, w.frames);
  }
  if (always && ws.length > 1) {
    // Still changing after several rounds: the directory may go on changing.
    if (ws.some((w) => !w.sameCwd(ws[0]!))) base.cwd = null;
  }
  return [base];
}

export function taint(w: World, why: string): World {
  const c = w.clone();
  c.cwd = null;
  c.oldpwd = null;
  c.stackUnknown = true;
  c.positional = null;
  c.tainted = why;
  c.status = STATUS_UNKNOWN;
  for (const n of [...c.varNames()]) c.setVar(n, unknown(why));
  return c;
}

/** An unknown command name might be cd or a function: the directory is no longer known. */
export function taintCwdOnly(w: World, why: string): World {
  const c = w.clone();
  c.cwd = null;
  c.oldpwd = null;
  c.stackUnknown = true;
  c.tainted = why;
  return c;
}

export function resume(w: World): World {
  const c = w.clone();
  c.flow = "normal";
  c.flowLevels = 0;
  return c;
}

/** What a child process leaves behind in its parent: an exit status and filesystem changes. */
export function joinChild(parent: World, out: readonly World[]): Status {
  let status: Status | null = null;
  for (const o of out) {
    status = status === null || status === o.status ? o.status : STATUS_UNKNOWN;
    if (o.fsChanged) parent.fsChanged = true;
    if (o.linksChanged) parent.linksChanged = true;
    parent.linkZones = unionZones(parent.linkZones, o.linkZones);
    if (o.movedDirs.length) parent.movedDirs = [...new Set([...parent.movedDirs, ...o.movedDirs])];
  }
  return status ?? STATUS_UNKNOWN;
}

/**
 * What a world knows about the disk that a later path resolves through: links made, directories
 * moved, changes made. Two worlds with the same key resolve every path alike.
 */
export function diskKey(w: World): string {
  return JSON.stringify([w.linkZones, w.movedDirs, w.fsChanged, w.linksChanged]);
}

export function withCwd(w: World, dir: string | null): World {
  const c = w.clone();
  c.cwd = dir === null ? null : isAbsolute(dir) ? dir : w.cwd === null ? null : canonicalLogical(join(w.cwd, dir));
  return c;
}

export function withStatus(w: World, s: Status): World {
  w.status = s;
  return w;
}

/**
 * Frames of merged worlds: what either would restore on return, unknown where they differ.
 * (Worlds inside the same call have as many frames.)
 */
function mergeFrames(a: readonly Scope[], b: readonly Scope[]): readonly Scope[] {
  if (a === b) return a;
  return a.map((f, i) => {
    const g = b[i];
    if (!g || f === g) return f;
    const vars = new Map(f.vars);
    for (const n of new Set([...f.vars.keys(), ...g.vars.keys()])) {
      if (!sameValue(f.vars.get(n), g.vars.get(n))) {
        vars.set(n, unknown(`$${n} differs between the paths the script may take`));
      }
    }
    let options = f.options ?? g.options;
    if (f.options && g.options &&
      (f.options.physical !== g.options.physical || f.options.noglob !== g.options.noglob))
    {
      options = { physical: f.options.physical === g.options.physical ? f.options.physical : null,
        noglob: f.options.noglob === g.options.noglob ? f.options.noglob : null };
    } else if (options && (!f.options || !g.options)) options = { physical: null, noglob: null };
    return { vars, options };
  });
}

function sameValue(a: Value | undefined, b: Value | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  if (a.k !== b.k) return false;
  if (a.k === "str" && b.k === "str") return a.v === b.v;
  if (a.k === "arr" && b.k === "arr") return a.v.join("\u0000") === b.v.join("\u0000");
  return a.k === "unset";
}

/** A builtin's one world, with its exit status. */
export function done(w: World, s: Status = 0): World[] {
  w.status = s;
  return [w];
}
