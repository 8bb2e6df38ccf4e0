// cd, pushd, popd and dirs: where the shell goes, as bash decides it (CDPATH, logical or
// physical, the fallback to the path as given), and the directory stack. Every place cd may
// land is a `cwd` access; a cd that may fail also leaves a world where the shell stayed.

import { type Arg, withValue } from "../../../commands/analyse.ts";
import { canonicalLogical, isAbsolute, join, resolvePhysical } from "../../../paths/resolve.ts";
import { type Dir, STATUS_UNKNOWN, unknown, type World } from "../../state.ts";
import { lookup } from "../../words/variables.ts";
import type { BuiltinContext } from "../context.ts";
import { done, taintCwdOnly } from "../worlds.ts";

interface CdOutcome {
  readonly logical: Dir;
  /** Why an unknown one is not known, when there is more to say. */
  readonly why?: string;
}

interface CdPlan {
  readonly outcomes: CdOutcome[];
  /** cd may fail and leave the shell where it was. */
  readonly mayFail: boolean;
}

/**
 * Where `cd target` may land, as bash decides it: CDPATH for relative names, then the
 * logical path (`..` removes the segment before it) unless -P or `set -P`; when the logical
 * directory does not exist bash retries the path as given, physically. A directory that
 * exists now is reached, unless an earlier command may have changed the filesystem.
 */
function cdTargets(it: BuiltinContext, w: World, target: string, physical: boolean | null): CdPlan {
  const candidates: string[] = [];
  const unknownPlan: CdPlan = { outcomes: [{ logical: null }], mayFail: true };
  const usesCdpath = !isAbsolute(target) && !/^\.\.?(\/|$)/.test(target);
  if (usesCdpath) {
    const cdpath = lookup(w, it, "CDPATH");
    if (cdpath.k === "unknown") return unknownPlan;
    if (cdpath.k === "str" && cdpath.v !== "") {
      for (const entry of cdpath.v.split(":")) {
        const dir = entry === "" ? "." : entry;
        const base = isAbsolute(dir) ? dir : w.cwd === null ? null : join(w.cwd, dir);
        if (base === null) return unknownPlan;
        candidates.push(join(base, target));
      }
    }
  }
  if (!isAbsolute(target) && w.cwd === null) return unknownPlan;
  candidates.push(isAbsolute(target) ? target : join(w.cwd!, target));
  const outcomes: CdOutcome[] = [];
  let reached = false;
  for (const c of candidates) {
    // A name on the way that an earlier command may have made a symlink: where cd lands is not known.
    if (it.paths.throughLinkZone(w, c)) {
      outcomes.push({ logical: null, why: `${c} may be or pass through a symlink an earlier command created, moved or unpacked` });
      continue;
    }
    const modes = physical === null ? [false, true] : [physical];
    let existsNow = false;
    for (const phys of modes) {
      // `DIR/..` fails when DIR is not a directory, in both modes (bash checks it while
      // canonicalising; the kernel while walking): it reaches nothing the lexical form says.
      if (!dirsBeforeDotDot(it, c, phys)) {
        const r = phys ? resolvePhysical(c, it.fs) : null;
        outcomes.push({ logical: r === null ? canonicalLogical(c) : r.ok ? r.path : null });
        continue;
      }
      if (phys) {
        const r = resolvePhysical(c, it.fs);
        if (!r.ok) outcomes.push({ logical: null });
        else {
          outcomes.push({ logical: r.path });
          if (it.physicalDir(r.path) !== null) existsNow = true;
        }
      } else {
        const logical = canonicalLogical(c);
        outcomes.push({ logical });
        if (it.physicalDir(logical) !== null) existsNow = true;
        else {
          // bash falls back to the path as given when the logical one does not exist.
          const r = resolvePhysical(c, it.fs);
          outcomes.push({ logical: r.ok ? r.path : null });
          if (r.ok && it.physicalDir(r.path) !== null) existsNow = true;
        }
      }
    }
    // The first CDPATH entry that exists is where cd goes; later ones are not tried.
    if (existsNow && !w.fsChanged) {
      reached = true;
      break;
    }
  }
  return { outcomes, mayFail: !reached };
}

/** Whether every prefix of `abs` that a `..` follows is a directory now. */
function dirsBeforeDotDot(it: BuiltinContext, abs: string, physical: boolean): boolean {
  const segs = abs.split("/");
  for (let k = 1; k < segs.length; k++) {
    if (segs[k] !== "..") continue;
    const prefix = segs.slice(0, k).join("/") || "/";
    if (it.physicalDir(physical ? prefix : canonicalLogical(prefix)) === null) return false;
  }
  return true;
}

function parseCdOptions(argv: readonly Arg[], w: World): { physical: boolean | null; operands: Arg[]; bad: boolean } {
  let physical: boolean | null = w.options.physical;
  let i = 1;
  for (; i < argv.length; i++) {
    const t = argv[i]!.text;
    if (t === null) return { physical, operands: argv.slice(i), bad: false };
    if (t === "--") {
      i++;
      break;
    }
    if (!t.startsWith("-") || t === "-") break;
    for (const c of t.slice(1)) {
      if (c === "P") physical = true;
      else if (c === "L") physical = false;
      else if (c === "e" || c === "@") continue;
      else return { physical, operands: [], bad: true };
    }
  }
  return { physical, operands: argv.slice(i), bad: false };
}

/** Moves a world to `logical` (or to an unknown directory), keeping OLDPWD and PWD in step. */
function moveTo(w: World, logical: Dir): World {
  const c = w.clone();
  const old = c.cwd;
  c.oldpwd = old;
  c.cwd = logical;
  if (c.getVar("OLDPWD") !== undefined) c.setVar("OLDPWD", old === null ? unknown("$OLDPWD is not known") : { k: "str", v: old });
  if (c.getVar("PWD") !== undefined) c.setVar("PWD", logical === null ? unknown("the working directory is not known") : { k: "str", v: logical });
  c.status = 0;
  return c;
}

function cdAccess(it: BuiltinContext, w: World, arg: Arg, command: string, target: string | null, outcomes: readonly CdOutcome[]): void {
  if (target === null) {
    it.paths.access(w, arg, "cwd", command);
    return;
  }
  for (const o of outcomes) {
    if (o.logical === null) {
      it.paths.access(w, withValue(arg, null, o.why ?? `where ${command} ${target} goes is not known`), "cwd", command);
    } else {
      it.paths.accessAbsolute(o.logical, target, "cwd", command, it.span(arg.span));
    }
  }
}

/** The directory a cd operand names: `-` is $OLDPWD, no operand is $HOME. */
function cdOperand(it: BuiltinContext, w: World, operands: readonly Arg[], cmdArg: Arg): { arg: Arg; target: string | null } | "fail" {
  if (operands.length > 1) return "fail";
  if (operands.length === 0) {
    const home = lookup(w, it, "HOME");
    if (home.k === "unset" || (home.k === "str" && home.v === "")) return "fail";
    const t = home.k === "str" ? home.v : null;
    return { arg: withValue(cmdArg, t, "$HOME is not known"), target: t };
  }
  const op = operands[0]!;
  if (op.text === "-") {
    const old = lookup(w, it, "OLDPWD");
    if (old.k === "unset") return "fail";
    const t = old.k === "str" ? old.v : null;
    return { arg: withValue(op, t, "$OLDPWD is not known"), target: t };
  }
  if (op.text === "") return { arg: op, target: null };
  return { arg: op, target: op.text };
}

export function cd(it: BuiltinContext, argv: readonly Arg[], w: World): World[] {
  const { physical, operands, bad } = parseCdOptions(argv, w);
  if (bad) return done(w, 1);
  if (operands.length > 1 && operands.some((o) => o.text === null)) {
    // `cd ../x $maybe`: an unknown word may expand to nothing (or to options), so which word is
    // the operand is not known — any of them, or none (bash refuses two with "too many
    // arguments"). Found by the probe campaign.
    for (const o of operands) it.paths.access(w, o, "cwd", "cd");
    const failed = w.clone();
    failed.status = 1;
    return [taintCwdOnly(w, "cd with words that may not be its operand"), failed];
  }
  const op = cdOperand(it, w, operands, argv[0]!);
  if (op === "fail") return done(w, 1);
  if (op.target === null && op.arg.text === "") return done(w, 0); // cd "" stays put
  const plan: CdPlan = op.target === null ? { outcomes: [{ logical: null }], mayFail: true } : cdTargets(it, w, op.target, physical);
  const targets = [...plan.outcomes];
  let mayFail = plan.mayFail;
  // cdable_vars: a name that is not a directory may be a variable holding one.
  if (w.options.cdableVars !== false && op.target !== null && /^[A-Za-z_][A-Za-z0-9_]*$/.test(op.target) && plan.mayFail) {
    const v = lookup(w, it, op.target);
    if (v.k === "str") targets.push(...cdTargets(it, w, v.v, physical).outcomes);
    else if (v.k === "unknown") targets.push({ logical: null });
  }
  cdAccess(it, w, op.arg, "cd", op.target, targets);
  const out: World[] = [];
  for (const t of targets) out.push(moveTo(w, t.logical));
  if (mayFail) {
    // The directory may not be there when the command runs: the shell stays where it was.
    w.status = 1;
    out.push(w);
  }
  return out;
}

function parseStackIndex(t: string): { fromEnd: boolean; n: number } | null {
  const m = /^([+-])([0-9]+)$/.exec(t);
  if (!m) return null;
  return { fromEnd: m[1] === "-", n: Number(m[2]) };
}

export function pushd(it: BuiltinContext, argv: readonly Arg[], w: World): World[] {
  let noCd = false;
  let i = 1;
  for (; i < argv.length; i++) {
    const t = argv[i]!.text;
    if (t === "-n") noCd = true;
    else if (t === "--") {
      i++;
      break;
    } else break;
  }
  const ops = argv.slice(i);
  if (ops.some((o) => o.text === null)) {
    it.paths.access(w, ops.find((o) => o.text === null)!, "cwd", "pushd");
    return [taintCwdOnly(w, "pushd with an unknown operand")];
  }
  const all: Dir[] = [w.cwd, ...w.stack];
  if (ops.length === 0 || parseStackIndex(ops[0]!.text!)) {
    // Rotate: the chosen entry comes to the top.
    if (w.stackUnknown) return [taintCwdOnly(w, "the directory stack is not known")];
    let k = 1;
    if (ops.length) {
      const idx = parseStackIndex(ops[0]!.text!)!;
      k = idx.fromEnd ? all.length - 1 - idx.n : idx.n;
    }
    if (k < 0 || k >= all.length || all.length < 2) return done(w, 1);
    let rotated: Dir[];
    if (ops.length === 0) rotated = [all[1]!, all[0]!, ...all.slice(2)];
    else rotated = [...all.slice(k), ...all.slice(0, k)];
    if (noCd) {
      const c = w.clone();
      c.stack = [all[0]!, ...rotated.slice(1)].slice(1);
      return done(c, 0);
    }
    return changeToEntry(it, w, rotated[0]!, ops[0] ?? argv[0]!, "pushd", rotated.slice(1));
  }
  const opArg = ops[0]!;
  const target = opArg.text!;
  if (noCd) {
    const c = w.clone();
    c.stack = [target, ...w.stack];
    return done(c, 0);
  }
  const plan = cdTargets(it, w, target, w.options.physical);
  cdAccess(it, w, opArg, "pushd", target, plan.outcomes);
  const out: World[] = [];
  for (const t of plan.outcomes) {
    const m = moveTo(w, t.logical);
    m.stack = [w.cwd, ...w.stack];
    out.push(m);
  }
  if (plan.mayFail) {
    w.status = 1;
    out.push(w);
  }
  return out;
}

export function popd(it: BuiltinContext, argv: readonly Arg[], w: World): World[] {
  let noCd = false;
  let spec: string | null = null;
  for (const a of argv.slice(1)) {
    if (a.text === null) return [taintCwdOnly(w, "popd with an unknown operand")];
    if (a.text === "-n") noCd = true;
    else if (parseStackIndex(a.text)) spec = a.text;
    else if (a.text !== "--") return done(w, 1);
  }
  if (w.stackUnknown) return [taintCwdOnly(w, "the directory stack is not known")];
  const all: Dir[] = [w.cwd, ...w.stack];
  if (all.length < 2) return done(w, 1);
  let k = 0;
  if (spec) {
    const idx = parseStackIndex(spec)!;
    k = idx.fromEnd ? all.length - 1 - idx.n : idx.n;
  }
  if (k < 0 || k >= all.length) return done(w, 1);
  const remaining = [...all.slice(0, k), ...all.slice(k + 1)];
  if (k !== 0 || noCd) {
    const c = w.clone();
    if (k === 0 && noCd) c.stack = [all[0]!, ...all.slice(2)].slice(1);
    else c.stack = remaining.slice(1);
    return done(c, 0);
  }
  return changeToEntry(it, w, remaining[0]!, argv[0]!, "popd", remaining.slice(1));
}

/**
 * popd and pushd +N change to a stack entry as cd would: an entry kept as written (pushd -n)
 * is taken from the working directory of the moment, through CDPATH. The stack is rearranged
 * even when the change fails (bash drops the entry it could not reach).
 */
function changeToEntry(it: BuiltinContext, w: World, entry: Dir, arg: Arg, command: string, stack: Dir[]): World[] {
  const plan: CdPlan = entry === null ? { outcomes: [{ logical: null }], mayFail: true } : cdTargets(it, w, entry, w.options.physical);
  cdAccess(it, w, withValue(arg, entry, "a directory on the stack is not known"), command, entry, plan.outcomes);
  const out: World[] = [];
  for (const o of plan.outcomes) {
    const moved = moveTo(w, o.logical);
    moved.stack = stack;
    out.push(moved);
  }
  if (plan.mayFail) {
    const failed = w.clone();
    failed.status = 1;
    failed.stack = stack;
    out.push(failed);
  }
  return out;
}

export function dirs(_it: BuiltinContext, argv: readonly Arg[], w: World): World[] {
  for (const a of argv.slice(1)) {
    if (a.text === null) return done(w, STATUS_UNKNOWN);
    if (/^-[a-z]*c/.test(a.text)) {
      const c = w.clone();
      c.stack = [];
      c.stackUnknown = false;
      return done(c, 0);
    }
  }
  return done(w, 0);
}
