// cd, pushd, popd and dirs: where the shell goes, as bash decides it (CDPATH, logical or
// physical, the fallback to the path as given), and the directory stack. Every place cd may
// land is a `cwd` access; a cd that may fail also leaves a world where the shell stayed.

import { type Arg, withValue } from "../../commands/analyse.ts";
import { canonicalLogical, isAbsolute, isInside, join, resolvePhysical } from "../../paths/resolve.ts";
import { type Dir, type StandInCwd, STATUS_UNKNOWN, unknown, type World } from "../../shell/state.ts";
import { zoneInListing } from "../../shell/zones.ts";
import { lookup } from "../../shell/words/variables.ts";
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
      outcomes.push({ logical: null,
        why: `${c} may be or pass through a symlink an earlier command created, moved or unpacked` });
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

/**
 * Where a `cd` to `logical` leaves the shell when a part running beside it may rename that
 * directory or one above it at any moment (BuiltinContext.besideMoves): the kernel follows the
 * directory, bash keeps $PWD, so relative names (and a physical `..`) lead wherever it went —
 * not known. (`(cd src/sub && sleep 1 && cat ../../x) & mv src/sub moved` read the file above
 * the project: bash 5.2.)
 */
function besideMoved(it: BuiltinContext, logical: Dir): Dir {
  if (logical === null || it.besideMoves.length === 0) return logical;
  const phys = it.physicalDir(logical);
  return phys !== null && !it.besideMoves.some((m) => m === "/" || isInside(phys, m)) ? logical : null;
}

/** Moves a world to `logical` (or to an unknown directory), keeping OLDPWD and PWD in step. */
function moveTo(w: World, logical: Dir): World {
  const c = w.clone();
  // bash sets OLDPWD to $PWD as the shell has it, which an assignment may have changed:
  // `PWD=/etc; cd src; cd -` goes to /etc. (Text that is not an absolute path is not followed.)
  const pwd = c.getVar("PWD");
  const old: Dir = pwd === undefined ? c.cwd : pwd.k === "str" && isAbsolute(pwd.v) ? pwd.v : null;
  c.oldpwd = old;
  c.cwd = logical;
  if (c.getVar("OLDPWD") !== undefined) {
    c.setVar("OLDPWD", old === null ? unknown("$OLDPWD is not known") : { k: "str", v: old });
  }
  if (c.getVar("PWD") !== undefined) {
    c.setVar("PWD", logical === null ? unknown("the working directory is not known") : { k: "str", v: logical });
  }
  c.status = 0;
  return c;
}

function cdAccess(it: BuiltinContext, w: World, arg: Arg, command: string, target: string | null,
  outcomes: readonly CdOutcome[]): void
{
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
function cdOperand(it: BuiltinContext, w: World, operands: readonly Arg[], cmdArg: Arg): { arg: Arg;
  target: string | null } | "fail"
{
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
  if (operands.length === 1 && operands[0]!.standIn) return cdStandIn(it, w, operands[0]!, physical);
  const op = cdOperand(it, w, operands, argv[0]!);
  if (op === "fail") return done(w, 1);
  if (op.target === null && op.arg.text === "") return cdEmpty(w, physical);
  const here = w.standInCwd;
  if (here !== null && op.target !== null && !isAbsolute(op.target)) return cdInTree(it, w, op.arg, op.target, here);
  const plan: CdPlan = op.target === null
    ? { outcomes: [{ logical: null }], mayFail: true }
    : cdTargets(it, w, op.target, physical);
  const targets = [...plan.outcomes];
  let mayFail = plan.mayFail;
  // cdable_vars: a name that is not a directory may be a variable holding one.
  if (w.options.cdableVars !== false && op.target !== null && /^[A-Za-z_][A-Za-z0-9_]*$/.test(op.target) &&
    plan.mayFail)
  {
    const v = lookup(w, it, op.target);
    if (v.k === "str") targets.push(...cdTargets(it, w, v.v, physical).outcomes);
    else if (v.k === "unknown") targets.push({ logical: null });
  }
  cdAccess(it, w, op.arg, "cd", op.target, targets);
  const out: World[] = [];
  for (const t of targets) out.push(moveTo(w, besideMoved(it, t.logical)));
  if (mayFail) {
    // The directory may not be there when the command runs: the shell stays where it was.
    w.status = 1;
    out.push(w);
  }
  return out;
}

/**
 * `cd ""`: bash 5.2 changes to the directory it is in (strace: `chdir("$PWD")`) and sets
 * OLDPWD as any cd does; with -P it fails ("No such file or directory"), status 1. It fails
 * too when the directory may be gone.
 */
function cdEmpty(w: World, physical: boolean | null): World[] {
  const failed = w.clone();
  failed.status = 1;
  if (physical === true) return [failed];
  const tree = w.standInCwd;
  const moved = moveTo(w, w.cwd);
  if (tree !== null) moved.enterStandIn(tree);
  return physical === null || w.fsChanged ? [moved, failed] : [moved];
}

/**
 * `cd NAME` where NAME is one of the names a listing prints (src/shell/listing.ts): the shell
 * goes to a directory in the tree under the stand-in's place, or stays where it was when the
 * name is not a directory (or is gone): a stand-in working directory (StandInCwd in
 * state.ts). The tree is judged as a whole, as a `cwd` and as a listing of what it holds,
 * and every symlink under it that leads out is judged by the scan. Where the place cannot be
 * pinned down the directory is unknown, as for any word that is not known.
 */
function cdStandIn(it: BuiltinContext, w: World, arg: Arg, physical: boolean | null): World[] {
  const failed = w.clone();
  failed.status = 1;
  const tree = standInTree(it, w, arg, physical);
  if (typeof tree === "string") {
    it.paths.access(w, withValue(arg, null, `${arg.source} is a name a listing prints, and ${tree}`), "cwd", "cd");
    return [moveTo(w, null), failed];
  }
  const span = it.span(arg.span);
  it.paths.accessAbsolute(tree.under, arg.text!, "cwd", "cd", span, w);
  it.paths.accessAbsolute(tree.under, arg.text!, "list", "cd", span, w);
  it.paths.scanTree(w, withValue({ ...arg, standIn: undefined }, tree.under, ""), "cwd", "cd");
  it.paths.reliesOnTree(tree.under, tree.shown, arg.span, "cd");
  const moved = moveTo(w, null);
  moved.enterStandIn(tree);
  return [moved, failed];
}

/**
 * The tree the names a stand-in operand stands for are in — its text T, and T/N for plain
 * components N — or why it is not known. T must be the whole operand, or follow text that
 * ends with `/` (`cd "$d/.."` is not below anything the listing names); a relative T is taken
 * from the working directory, or stays in a stand-in one's tree. CDPATH (which `ls`'s bare
 * names would be looked up in) and cdable_vars (a plain name may be a variable) must be off,
 * and no symlink made on the way or in the tree by an earlier command.
 */
function standInTree(it: BuiltinContext, w: World, arg: Arg, physical: boolean | null): StandInCwd | string {
  const segs = arg.segs.filter((g) => !("text" in g) || g.text !== "" || g.standIn);
  const marked = segs.filter((g) => "text" in g && g.standIn);
  if (arg.text === null || segs.some((g) => "unknown" in g)) return "its value is not known";
  if (marked.length > 1 || (marked.length === 1 && segs[segs.length - 1] !== marked[0])) {
    return "text after it names another place";
  }
  const prefix = marked.length ? arg.text.slice(0, arg.text.length - (marked[0] as { text: string }).text.length) : "";
  if (prefix !== "" && !prefix.endsWith("/")) return "text before it makes other names of it";
  const target = arg.text.replace(/\/\*$/, "");
  if (target === "" || target.includes("*")) return "it is not a directory's name";
  if (w.options.cdableVars !== false) return "with cdable_vars a name may be a variable holding a directory";
  if (!isAbsolute(target)) {
    const cdpath = lookup(w, it, "CDPATH");
    if (!(cdpath.k === "unset" || (cdpath.k === "str" && cdpath.v === ""))) return "CDPATH may lead a name elsewhere";
  }
  const here = w.standInCwd;
  if (!isAbsolute(target) && here !== null) return outOfTree(w, target, here) ?? here;
  if (!isAbsolute(target) && w.cwd === null) return "the working directory is not known";
  const abs = isAbsolute(target) ? target : join(w.cwd!, target);
  if (w.linksChanged || it.paths.throughLinkZone(w, abs)) return "an earlier command may have made symlinks on the way";
  // `cd -L` removes `..` with the segment before it, `-P` climbs the physical parent: where a
  // symlink comes before a `..` they differ, and the tree is known only when both agree.
  // (A name below T that -L does not find is tried physically as well: both must agree.)
  const r = resolvePhysical(abs, it.fs);
  const phys = r.ok ? it.physicalDir(r.path) : null;
  const logical = physical === true ? phys : it.physicalDir(canonicalLogical(abs));
  if (phys === null || logical !== phys) return `${target} is not a directory now, or \`..\` in it follows a symlink`;
  if (zoneInListing(w.linkZones, phys, true)) return `an earlier command may have made symlinks under ${target}`;
  return { under: phys, shown: target };
}

/** Why a relative `cd target` from a stand-in working directory may leave its tree, or null. */
function outOfTree(w: World, target: string, here: StandInCwd): string | null {
  if (target.split("/").includes("..")) {
    return `a \`..\` in it may climb out of the tree under ${here.shown} the working directory is in`;
  }
  if (w.linksChanged || zoneInListing(w.linkZones, here.under, true)) {
    return `an earlier command may have made symlinks under ${here.shown}`;
  }
  return null;
}

/**
 * A relative `cd` from a stand-in working directory: a name without `..` is in the same tree
 * (or cd fails and the shell stays). CDPATH and cdable_vars may lead it elsewhere.
 */
function cdInTree(it: BuiltinContext, w: World, arg: Arg, target: string, here: StandInCwd): World[] {
  const failed = w.clone();
  failed.status = 1;
  const cdpath = lookup(w, it, "CDPATH");
  const why = !(cdpath.k === "unset" || (cdpath.k === "str" && cdpath.v === ""))
    ? "CDPATH may lead it elsewhere"
    : w.options.cdableVars !== false
    ? "with cdable_vars a name may be a variable holding a directory"
    : outOfTree(w, target, here);
  if (why !== null) {
    it.paths.access(w,
      withValue(arg, null,
        `the working directory is one of the directories under ${here.shown} that a listing prints, and ${why}`), "cwd",
      "cd");
    return [moveTo(w, null), failed];
  }
  // (Judged as any relative path from there: the tree as a whole.)
  it.paths.access(w, arg, "cwd", "cd");
  const moved = moveTo(w, null);
  moved.enterStandIn(here);
  return [moved, failed];
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
  if (ops.some((o) => o.text === null || o.standIn)) {
    // (A name a listing prints is not its text: `.` stands for every directory below.)
    const o = ops.find((x) => x.text === null || x.standIn)!;
    it.paths.access(w,
      o.standIn ? withValue(o, null, `${o.source} is a name a listing prints, which pushd does not follow`) : o, "cwd",
      "pushd");
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
    const m = moveTo(w, besideMoved(it, t.logical));
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
  const plan: CdPlan = entry === null
    ? { outcomes: [{ logical: null }], mayFail: true }
    : cdTargets(it, w, entry, w.options.physical);
  cdAccess(it, w, withValue(arg, entry, "a directory on the stack is not known"), command, entry, plan.outcomes);
  const out: World[] = [];
  for (const o of plan.outcomes) {
    const moved = moveTo(w, besideMoved(it, o.logical));
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
