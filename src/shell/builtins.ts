// Builtins that change the shell itself: the working directory and its stack, variables,
// options, aliases, traps, positional parameters and control flow. Each follows bash's
// own option parsing; anything it cannot read makes what it affects unknown.

import { canonicalLogical, isAbsolute, join, resolvePhysical } from "../paths/resolve.ts";
import { type Arg, withValue } from "../commands/analyse.ts";
import type { DispatchInfo, Interpreter } from "./interpreter.ts";
import { type Dir, type Options, positionalText, SET_O, SHOPT, STATUS_UNKNOWN, standInValue, type Status, UNFOLLOWED_SET_O, UNFOLLOWED_SHOPT, unknown, UNSET, type Value, World } from "./state.ts";
import { cutProblem } from "./listing.ts";
import { knownPrefix, lookup } from "./words.ts";
import type { Assign } from "./syntax.ts";
import type { Span } from "../span.ts";
import { simplePrintf, UNKNOWN_STDIN } from "./stdin.ts";

type Builtin = (it: Interpreter, argv: readonly Arg[], w: World, info: DispatchInfo) => World[];

const done = (w: World, s: Status = 0): World[] => {
  w.status = s;
  return [w];
};

export const BUILTINS: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([
  ["cd", (it, argv, w) => cd(it, argv, w)],
  ["pushd", (it, argv, w) => pushd(it, argv, w)],
  ["popd", (it, argv, w) => popd(it, argv, w)],
  ["dirs", (it, argv, w) => dirs(it, argv, w)],
  ["export", (it, argv, w) => declare(it, argv, w, "export")],
  ["declare", (it, argv, w) => declare(it, argv, w, "declare")],
  ["typeset", (it, argv, w) => declare(it, argv, w, "declare")],
  ["local", (it, argv, w) => declare(it, argv, w, "local")],
  ["readonly", (it, argv, w) => declare(it, argv, w, "readonly")],
  ["unset", (it, argv, w) => unsetBuiltin(it, argv, w)],
  ["set", (it, argv, w) => setBuiltin(it, argv, w)],
  ["shopt", (it, argv, w) => shopt(it, argv, w)],
  ["alias", (it, argv, w) => alias(it, argv, w)],
  ["unalias", (it, argv, w) => unalias(argv, w)],
  ["read", (it, argv, w, info) => readBuiltin(it, argv, w, info)],
  ["printf", (it, argv, w) => printfBuiltin(it, argv, w)],
  ["fc", (it, argv, w) => {
    // `fc -l` lists the history; anything else edits and re-runs earlier commands
    // (`set -o history` turns history on in a script), which the guard cannot see.
    const opts = argv.slice(1).map((a) => a.text).filter((t) => t === null || t.startsWith("-"));
    if (opts.includes("--help")) return done(w, 0);
    if (opts.some((t) => t !== null && /^-[nr]*l[nr]*$/.test(t)) && !opts.some((t) => t === null || /[es]/.test(t))) return done(w, 0);
    it.issue("OPAQUE_CODE", "fc re-runs commands from the history, which the guard does not see", argv[0]!.span);
    return done(w, STATUS_UNKNOWN);
  }],
  ["history", (it, argv, w) => history(it, argv, w)],
  ["mapfile", (it, argv, w) => mapfile(it, argv, w)],
  ["readarray", (it, argv, w) => mapfile(it, argv, w)],
  ["getopts", (it, argv, w) => {
    const name = argv[2]?.text;
    if (name) namedWrite(it, name, w, argv[0]!.span);
    if (name) w.setVar(name, unknown(`$${name} is set by getopts`));
    w.setVar("OPTARG", unknown("$OPTARG is set by getopts"));
    w.setVar("OPTIND", unknown("$OPTIND is set by getopts", true));
    return done(w, STATUS_UNKNOWN);
  }],
  ["let", (it, argv, w) => {
    for (const a of argv.slice(1)) {
      const m = a.text === null ? null : /^([A-Za-z_][A-Za-z0-9_]*)/.exec(a.text);
      if (m) namedWrite(it, m[1]!, w, a.span);
      if (m) w.setVar(m[1]!, unknown(`$${m[1]} is set by arithmetic`, true));
    }
    return done(w, STATUS_UNKNOWN);
  }],
  ["shift", (_it, argv, w) => {
    const n = argv[1] ? (argv[1].text !== null && /^[0-9]+$/.test(argv[1].text) ? Number(argv[1].text) : null) : 1;
    if (n === null || w.positional === null) w.positional = null;
    else if (n <= w.positional.length) w.positional = w.positional.slice(n);
    else return done(w, 1);
    return done(w, n === null ? STATUS_UNKNOWN : 0);
  }],
  ["true", (_it, _argv, w) => done(w, 0)],
  [":", (_it, _argv, w) => done(w, 0)],
  ["false", (_it, _argv, w) => done(w, 1)],
  ["exit", (_it, _argv, w) => {
    w.flow = "exit";
    return [w];
  }],
  ["return", (it, _argv, w) => {
    // Outside a function or sourced file bash reports an error and carries on.
    if (it.returnable === 0) return done(w, 1);
    w.flow = "return";
    return [w];
  }],
  ["break", (it, argv, w) => loopControl(it, argv, w, "break")],
  ["continue", (it, argv, w) => loopControl(it, argv, w, "continue")],
  ["trap", (it, argv, w) => trap(it, argv, w)],
  ["eval", (it, argv, w) => {
    const parts = argv.slice(1);
    if (parts.length === 0) return done(w, 0);
    const text = parts.some((p) => p.text === null) ? null : parts.map((p) => p.text).join(" ");
    const span = { start: parts[0]!.span.start, end: parts[parts.length - 1]!.span.end };
    return it.runCode(text, span, "eval", w, true);
  }],
  ["source", (it, argv, w, info) => source(it, argv, w, info)],
  [".", (it, argv, w, info) => source(it, argv, w, info)],
  ["command", (it, argv, w, info) => commandBuiltin(it, argv, w, info)],
  ["builtin", (it, argv, w, info) => {
    const rest = argv.slice(1);
    if (rest.length === 0) return done(w, 0);
    if (rest[0]!.text !== null && !BUILTINS.has(rest[0]!.text)) {
      // Not a builtin bash knows about here: the generic rules apply to its words.
      return it.dispatch(rest, w, { ...info, bypassFunctions: true });
    }
    return it.dispatch(rest, w, { ...info, bypassFunctions: true });
  }],
  ["exec", (it, argv, w, info) => execBuiltin(it, argv, w, info)],
  ["hash", (it, argv, w) => {
    if (argv.some((a) => a.text === null || /^-[a-zA-Z]*p/.test(a.text))) {
      it.issue("SHELL_STATE", "hash -p maps a command name to another program", argv[0]!.span);
    }
    return done(w, STATUS_UNKNOWN);
  }],
  ["enable", (it, argv, w) => {
    if (argv.length > 1) it.issue("SHELL_STATE", "enable changes which builtins exist", argv[0]!.span);
    return done(w, STATUS_UNKNOWN);
  }],
]);

export function runBuiltin(it: Interpreter, name: string, argv: readonly Arg[], w: World, info: DispatchInfo): World[] {
  return BUILTINS.get(name)!(it, argv, w, info);
}

// ---------------------------------------------------------------------------------------
// cd, pushd, popd, dirs

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
function cdTargets(it: Interpreter, w: World, target: string, physical: boolean | null): CdPlan {
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
    if (it.throughLinkZone(w, c)) {
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
function dirsBeforeDotDot(it: Interpreter, abs: string, physical: boolean): boolean {
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

function cdAccess(it: Interpreter, w: World, arg: Arg, command: string, target: string | null, outcomes: readonly CdOutcome[]): void {
  if (target === null) {
    it.access(w, arg, "cwd", command);
    return;
  }
  for (const o of outcomes) {
    if (o.logical === null) {
      it.access(w, withValue(arg, null, o.why ?? `where ${command} ${target} goes is not known`), "cwd", command);
    } else {
      it.accessAbsolute(o.logical, target, "cwd", command, it.span(arg.span));
    }
  }
}

/** The directory a cd operand names: `-` is $OLDPWD, no operand is $HOME. */
function cdOperand(it: Interpreter, w: World, operands: readonly Arg[], cmdArg: Arg): { arg: Arg; target: string | null } | "fail" {
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

function cd(it: Interpreter, argv: readonly Arg[], w: World): World[] {
  const { physical, operands, bad } = parseCdOptions(argv, w);
  if (bad) return done(w, 1);
  if (operands.length > 1 && operands.some((o) => o.text === null)) {
    // `cd ../x $maybe`: an unknown word may expand to nothing (or to options), so which word is
    // the operand is not known — any of them, or none (bash refuses two with "too many
    // arguments"). Found by the probe campaign.
    for (const o of operands) it.access(w, o, "cwd", "cd");
    const failed = w.clone();
    failed.status = 1;
    return [it.taintCwdOnly(w, "cd with words that may not be its operand"), failed];
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

function pushd(it: Interpreter, argv: readonly Arg[], w: World): World[] {
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
    it.access(w, ops.find((o) => o.text === null)!, "cwd", "pushd");
    return [it.taintCwdOnly(w, "pushd with an unknown operand")];
  }
  const all: Dir[] = [w.cwd, ...w.stack];
  if (ops.length === 0 || parseStackIndex(ops[0]!.text!)) {
    // Rotate: the chosen entry comes to the top.
    if (w.stackUnknown) return [it.taintCwdOnly(w, "the directory stack is not known")];
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

function popd(it: Interpreter, argv: readonly Arg[], w: World): World[] {
  let noCd = false;
  let spec: string | null = null;
  for (const a of argv.slice(1)) {
    if (a.text === null) return [it.taintCwdOnly(w, "popd with an unknown operand")];
    if (a.text === "-n") noCd = true;
    else if (parseStackIndex(a.text)) spec = a.text;
    else if (a.text !== "--") return done(w, 1);
  }
  if (w.stackUnknown) return [it.taintCwdOnly(w, "the directory stack is not known")];
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
function changeToEntry(it: Interpreter, w: World, entry: Dir, arg: Arg, command: string, stack: Dir[]): World[] {
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

function dirs(_it: Interpreter, argv: readonly Arg[], w: World): World[] {
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

// ---------------------------------------------------------------------------------------
// Variables

function parseAssignmentText(text: string): { name: string; append: boolean; value: string | null; index: string | null } | null {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?(\+?=)?([\s\S]*)$/.exec(text);
  if (!m) return null;
  if (!m[3]) return m[4] ? null : { name: m[1]!, append: false, value: null, index: m[2] ? m[2].slice(1, -1) : null };
  return { name: m[1]!, append: m[3] === "+=", value: m[4]!, index: m[2] ? m[2].slice(1, -1) : null };
}

function declare(it: Interpreter, argv: readonly Arg[], w: World, kind: "export" | "declare" | "local" | "readonly"): World[] {
  if (kind === "local" && w.frames.length === 0) return done(w, 1);
  let add = kind === "export" ? "x" : kind === "readonly" ? "r" : "";
  let remove = "";
  let functions = false;
  let global = false;
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    const t = a.text;
    if (t === null) break;
    if (t === "--") {
      i++;
      break;
    }
    if (!/^[-+][a-zA-Z]+$/.test(t)) break;
    const flags = t.slice(1);
    if (flags.includes("f") || flags.includes("F")) functions = true;
    if (flags.includes("g")) global = true;
    const letters = flags.replace(/[fFgpI]/g, "");
    if (t.startsWith("-")) add += letters;
    else remove += letters;
  }
  if (functions) return exportFunctions(it, argv.slice(i), w, add.includes("x") && !add.includes("n") ? true : remove.includes("x") || add.includes("n") ? false : null);
  void global;
  for (const a of argv.slice(i)) {
    let argText = a.text;
    if (argText === null) {
      // `local x=$(cmd)`: the name is known even if the value is not.
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(\+?=)/.exec(knownPrefix(a));
      if (!m) {
        it.issue("SHELL_STATE", `${kind} with an argument that is not known`, a.span);
        return [it.taint(w, `${kind} with an unknown argument`)];
      }
      argText = m[1]! + "=\u0000";
    }
    const parsed = parseAssignmentText(argText);
    if (!parsed) {
      if (argText === "-" && kind === "local") keepSetOptions(w);
      continue;
    }
    const name = parsed.name;
    cdBookkeeping(it, name, add, a.span);
    // -g (`declare -g`, `local -g`) writes the global even where a local hides it.
    const inFunction = w.frames.length > 0;
    const fresh = inFunction && !global && (kind === "local" || kind === "declare") && makeLocal(it, w, name);
    let attrs = w.attr(name);
    for (const c of add) if (!attrs.includes(c)) attrs += c;
    for (const c of remove) attrs = attrs.replace(c, "");
    w.setAttr(name, attrs);
    const write = (): void => {
      if (parsed.value === null) {
        if (fresh) startLocal(w, name);
        const v = w.getVar(name);
        if (attrs.includes("n") && add.includes("n")) w.setVar(name, unknown(`$${name} is a nameref`));
        else if ((add.includes("a") || add.includes("A")) && (v === undefined || v.k === "unset")) w.setVar(name, { k: "arr", v: [] });
        return;
      }
      const assign = a.text !== null ? assignFromArg(a, parsed) : null;
      if (assign) it.setVariable(assign, w);
      else w.setVar(name, unknown(`$${name} is not known`));
      if (add.includes("A") || (parsed.value.startsWith("(") && !assign)) w.setVar(name, unknown(`$${name} is an array the guard does not follow`));
    };
    if (global && inFunction) writeGlobal(it, w, name, write);
    else write();
  }
  return done(w, 0);
}

/** `export -f NAME…`, `declare -fx`: a child bash gets the functions (`export -fn`, `declare +x -f`: no longer). */
function exportFunctions(it: Interpreter, names: readonly Arg[], w: World, exported: boolean | null): World[] {
  if (exported === null) return done(w, 0);
  for (const a of names) {
    if (a.text === null) {
      it.issue("SHELL_STATE", "a function exported by a name that is not known", a.span);
      continue;
    }
    const f = w.funcs.get(a.text);
    if (f) w.setFunc(a.text, { ...f, exported });
  }
  return done(w, 0);
}

/** Makes NAME local to the running function, keeping the value it hides for the return; false when it already was. */
function makeLocal(it: Interpreter, w: World, name: string): boolean {
  const top = w.frames[w.frames.length - 1];
  if (!top || top.vars.has(name)) return false;
  const vars = new Map(top.vars);
  vars.set(name, w.getVar(name) ?? lookup(w, it, name));
  w.frames = [...w.frames.slice(0, -1), { ...top, vars }];
  return true;
}

/** A new local declared without a value is unset, unless `shopt -s localvar_inherit` keeps the outer value. */
function startLocal(w: World, name: string): void {
  const inherit = w.options.localvarInherit;
  if (inherit === false) w.setVar(name, UNSET);
  else if (inherit === null) w.setVar(name, unknown(`$${name} may keep its outer value (localvar_inherit is not known)`));
}

/** `local -`: the set options in effect now come back when the function returns. */
function keepSetOptions(w: World): void {
  const top = w.frames[w.frames.length - 1];
  if (!top || top.options) return;
  w.frames = [...w.frames.slice(0, -1), { ...top, options: { physical: w.options.physical, noglob: w.options.noglob } }];
}

/**
 * Writes the global NAME from inside a function. When a local hides it, the global is the value
 * the outermost frame holding NAME restores on return: that value is written, and what the
 * function sees stays as it was.
 */
export function writeGlobal(it: Interpreter, w: World, name: string, write: () => void): void {
  const at = w.frames.findIndex((f) => f.vars.has(name));
  if (at < 0) {
    write();
    return;
  }
  const visible = w.getVar(name) ?? lookup(w, it, name);
  write();
  const global = w.getVar(name) ?? UNSET;
  w.setVar(name, visible);
  w.frames = w.frames.map((f, i) => (i === at ? { ...f, vars: new Map(f.vars).set(name, global) } : f));
}

/** An assignment handed to declare as a word: re-read it as an assignment of the text after `=`. */
function assignFromArg(a: Arg, parsed: { name: string; append: boolean; value: string | null; index: string | null }): Assign | null {
  if (parsed.value === null) return null;
  if (parsed.value.startsWith("(")) return null;
  return {
    name: parsed.name,
    index: parsed.index === null ? null : { parts: [{ t: "lit", text: parsed.index }], span: a.span, text: parsed.index },
    append: parsed.append,
    value: { parts: [{ t: "lit", text: parsed.value }], span: a.span, text: parsed.value },
    array: null,
    span: a.span,
  };
}

function unsetBuiltin(it: Interpreter, argv: readonly Arg[], w: World): World[] {
  let mode: "v" | "f" | "n" = "v";
  let ws: World[] = [w];
  for (const a of argv.slice(1)) {
    if (a.text === null) {
      it.issue("SHELL_STATE", "unset with an argument that is not known", a.span);
      return ws.map((x) => it.taint(x, "unset with an unknown argument"));
    }
    if (a.text === "-f") mode = "f";
    else if (a.text === "-v") mode = "v";
    else if (a.text === "-n") mode = "n";
    else if (mode === "f") for (const x of ws) x.setFunc(a.text, null);
    else {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(\[.*\])?$/.exec(a.text);
      if (!m) continue;
      const name = m[1]!;
      if (m[2]) for (const x of ws) x.setVar(name, unknown(`an element of ${name} was unset`));
      else ws = ws.flatMap((x) => unsetName(x, name, mode === "v"));
    }
  }
  for (const x of ws) x.status = 0;
  return ws;
}

/** `unset NAME` in one world; two when whether it exposes a hidden variable is not known. */
function unsetName(w: World, name: string, orFunction: boolean): World[] {
  const v = w.getVar(name);
  if (orFunction && w.funcs.has(name) && (v === undefined || v.k === "unset")) {
    // bash unsets a function of that name when no variable exists.
    w.setFunc(name, null);
    w.setVar(name, UNSET);
    return [w];
  }
  const at = callerLocal(w, name);
  const hides = w.options.localvarUnset;
  if (at < 0 || hides === true) {
    w.setVar(name, UNSET);
    w.setAttr(name, "");
    return [w];
  }
  const exposed = hides === null ? w.clone() : w;
  // The caller's local is gone: the variable it hid is seen, and written, from here on.
  const vars = new Map(exposed.frames[at]!.vars);
  exposed.setVar(name, vars.get(name)!);
  vars.delete(name);
  exposed.frames = exposed.frames.map((f, i) => (i === at ? { ...f, vars } : f));
  exposed.setAttr(name, "");
  if (hides === false) return [exposed];
  // localvar_unset not known: also the world where the local stays, hidden as unset.
  w.setVar(name, UNSET);
  w.setAttr(name, "");
  return [w, exposed];
}

/**
 * The frame of the calling function whose local NAME is visible here, or -1: none, or the
 * running function's own local (which `unset` hides as unset until it returns).
 */
function callerLocal(w: World, name: string): number {
  const top = w.frames.length - 1;
  if (top < 0 || w.frames[top]!.vars.has(name)) return -1;
  for (let i = top - 1; i >= 0; i--) if (w.frames[i]!.vars.has(name)) return i;
  return -1;
}

// ---------------------------------------------------------------------------------------
// Options



function setBuiltin(it: Interpreter, argv: readonly Arg[], w: World): World[] {
  const args = argv.slice(1);
  if (args.length === 0) return done(w, 0);
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === null) {
      // set "$x": options and positional parameters become unknown.
      for (const k of Object.keys(w.options) as (keyof Options)[]) w.options[k] = null;
      w.positional = null;
      return done(w, STATUS_UNKNOWN);
    }
    if (t === "--" || t === "-") {
      const rest = args.slice(i + 1);
      w.positional = rest.every((r) => r.text !== null) ? rest.map((r) => positionalText(r.text!, r.standIn === true)) : null;
      return done(w, 0);
    }
    if (/^[-+][a-zA-Z]+$/.test(t)) {
      const on = t.startsWith("-");
      for (const c of t.slice(1)) {
        if (c === "P") w.options.physical = on;
        if (c === "f") w.options.noglob = on;
        if (c === "k" && on) return unfollowedOption(it, w, "set -k", args[i]!);
        if (c !== "o") continue;
        // `-o NAME`, also inside a cluster (`set -eo pipefail`): the next word is the option.
        const name = args[i + 1]?.text;
        if (name === undefined) return done(w, 0);
        i++;
        if (name === null) {
          for (const k of Object.values(SET_O)) w.options[k] = null;
        } else if (SET_O[name]) w.options[SET_O[name]] = on;
        else if (on && UNFOLLOWED_SET_O.has(name)) return unfollowedOption(it, w, `set -o ${name}`, args[i]!);
      }
      continue;
    }
    // First non-option word: the rest are positional parameters.
    const rest = args.slice(i);
    w.positional = rest.every((r) => r.text !== null) ? rest.map((r) => positionalText(r.text!, r.standIn === true)) : null;
    return done(w, 0);
  }
  void it;
  return done(w, 0);
}

function shopt(_it: Interpreter, argv: readonly Arg[], w: World): World[] {
  let on: boolean | null = null;
  let setStyle = false;
  const names: (string | null)[] = [];
  for (const a of argv.slice(1)) {
    const t = a.text;
    if (t !== null && /^-[a-zA-Z]+$/.test(t)) {
      if (t.includes("s")) on = true;
      if (t.includes("u")) on = false;
      if (t.includes("o")) setStyle = true;
      continue;
    }
    names.push(t);
  }
  if (on === null) {
    // `shopt "$x" dotglob`: an unknown word may be -s or -u, so the named options are unknown.
    if (names.includes(null)) for (const n of names) if (n !== null && SHOPT[n]) w.options[SHOPT[n]] = null;
    return done(w, STATUS_UNKNOWN);
  }
  for (const n of names) {
    if (n === null) {
      for (const k of Object.keys(w.options) as (keyof Options)[]) w.options[k] = null;
      continue;
    }
    const key = setStyle ? SET_O[n] : SHOPT[n];
    if (key) w.options[key] = on;
    else if (on && (setStyle ? UNFOLLOWED_SET_O : UNFOLLOWED_SHOPT).has(n)) return unfollowedOption(_it, w, `shopt ${setStyle ? "-so" : "-s"} ${n}`, argv[0]!);
  }
  return done(w, 0);
}



function unfollowedOption(it: Interpreter, w: World, what: string, at: Arg): World[] {
  it.issue("SHELL_STATE", `${what} changes how bash reads the commands after it, which the guard does not follow`, at.span);
  return [it.taint(w, what)];
}

// ---------------------------------------------------------------------------------------
// Aliases, read, traps, control flow

const RESERVED_WORDS = new Set(["!", "[[", "]]", "{", "}", "case", "coproc", "do", "done", "elif", "else", "esac", "fi", "for", "function", "if", "in", "select", "then", "time", "until", "while"]);

/** Any command may now be an alias the guard cannot see through. */
export const ANY_ALIAS = "\u0000any";

function alias(it: Interpreter, argv: readonly Arg[], w: World): World[] {
  for (const a of argv.slice(1)) {
    if (a.text === null) {
      it.issue("SHELL_STATE", "alias with an argument that is not known", a.span);
      w.setAlias(ANY_ALIAS, "");
      continue;
    }
    if (a.text === "-p") continue;
    const eq = a.text.indexOf("=");
    if (eq > 0) {
      const value = a.text.slice(eq + 1);
      // `alias !=`, `alias if=…`: bash expands an alias of a reserved word where the word
      // starts a command, so `!` or `if` later may not mean what the guard reads.
      if (RESERVED_WORDS.has(a.text.slice(0, eq)) && w.options.expandAliases !== false) it.issue("SHELL_STATE", `alias ${a.text.slice(0, eq)} redefines a reserved word, which the guard does not follow`, a.span);
      w.setAlias(a.text.slice(0, eq), value);
      // The alias may be used by a later command of the same shell: judge its text now.
      it.analyseUncalled(it.runCode(value, a.span, `alias ${a.text.slice(0, eq)}`, w.clone(), true));
    }
  }
  return done(w, 0);
}

function unalias(argv: readonly Arg[], w: World): World[] {
  // Bash expands aliases when it reads a line, before any of it runs: in `unalias c; c` the
  // second `c` was already replaced. So while aliases may be expanded, a removed alias still
  // counts as one for the rest of the command (asking where bash might not have expanded it).
  if (w.options.expandAliases !== false) return done(w, 0);
  for (const a of argv.slice(1)) {
    if (a.text === "-a") w.clearAliases();
    else if (a.text !== null) w.setAlias(a.text, null);
  }
  return done(w, 0);
}

const READ_OPTS_WITH_VALUE = new Set(["a", "d", "i", "n", "N", "p", "t", "u"]);

/** Lines read from input, at most this many distinct ones, each followed in its own world. */
const MAX_READ_LINES = 32;

/**
 * read [-r] [-a ARR] [-d DELIM] NAME…: the variables get a line of standard input. When the
 * input is known text, each distinct line is followed (and end of input, where read fails);
 * when it is the names a listing prints, a stand-in for any of them, with the symlinks under
 * its directories that lead out judged by a scan; otherwise the values are unknown.
 */
function readBuiltin(it: Interpreter, argv: readonly Arg[], w: World, info: DispatchInfo): World[] {
  const names: string[] = [];
  let array: string | null = null;
  let delim = "\n";
  let raw = false;
  let fromFd = false;
  let i = 1;
  for (; i < argv.length; i++) {
    const t = argv[i]!.text;
    if (t === null) {
      it.issue("SHELL_STATE", "read with an argument that is not known", argv[i]!.span);
      return [it.taint(w, "read into unknown variables")];
    }
    if (t === "--") {
      i++;
      break;
    }
    if (!t.startsWith("-") || t === "-") break;
    for (let j = 1; j < t.length; j++) {
      const c = t[j]!;
      if (c === "r") raw = true;
      if (!READ_OPTS_WITH_VALUE.has(c)) continue;
      const value = j + 1 < t.length ? t.slice(j + 1) : argv[++i]?.text ?? null;
      if (c === "a" && value) array = value;
      if (c === "d") delim = value === "" ? "\u0000" : value?.[0] ?? "\n";
      if (c === "u") fromFd = true;
      if (c === "n" || c === "N") delim = "";
      break;
    }
  }
  for (; i < argv.length; i++) if (argv[i]!.text) names.push(argv[i]!.text!);
  if (names.length === 0 && array === null) names.push("REPLY");
  const all = array === null ? names : [...names, array];
  for (const n of all) namedWrite(it, n, w, argv[0]!.span);
  for (const n of all) w.writeThroughNameref(n);
  const unknownAll = (x: World, why: string) => {
    for (const n of all) x.setVar(n, unknown(why));
    return x;
  };
  const stdin = fromFd ? { t: "unknown" as const } : info.stdin();
  if (stdin.t === "listing") {
    // Each line is a name of the listing, cut as read cuts it: at the delimiter, IFS blanks
    // trimmed, backslashes removed without -r (src/shell/listing.ts). Where that may not leave
    // the names whole, the value is not known.
    const l = stdin.listing;
    const ifs = lookup(w, it, "IFS");
    const why = ifs.k === "unknown" || ifs.k === "arr" ? "IFS is not known" : names.length > 1 || array !== null ? "read into more than one variable" : cutProblem(l, { ends: delim, special: (raw ? "" : "\\") + (ifs.k === "str" ? ifs.v : " \t\n") });
    if (why !== null) return done(unknownAll(w, `a name read from a listing (${why})`), STATUS_UNKNOWN);
    for (const d of l.reach) {
      it.scanTree(w, d, "unknown", "read");
      it.access(w, d, "unknown", "read");
    }
    const out: World[] = [];
    for (const r of l.reps) {
      const x = w.clone();
      x.setVar(names[0]!, standInValue(r.text!));
      out.push(done(x, 0)[0]!);
    }
    const eof = w.clone();
    eof.setVar(names[0]!, { k: "str", v: "" });
    out.push(done(eof, 1)[0]!);
    return out;
  }
  if (stdin.t !== "text" || delim === "") return done(unknownAll(w, "a value read from input"), STATUS_UNKNOWN);
  const lines = [...new Set(stdin.text.split(delim).filter((l, k, arr) => !(k === arr.length - 1 && l === "")))];
  if (lines.length > MAX_READ_LINES || (!raw && lines.some((l) => l.includes("\\")))) return done(unknownAll(w, "a value read from input"), STATUS_UNKNOWN);
  const ifs = lookup(w, it, "IFS");
  if (ifs.k !== "unset" && !(ifs.k === "str" && ifs.v === " \t\n")) return done(unknownAll(w, "a value read with a custom IFS"), STATUS_UNKNOWN);
  const out: World[] = [];
  for (const line of lines) {
    const x = w.clone();
    const fields = line.trim().split(/[ \t\n]+/).filter((f) => f !== "");
    if (array !== null) x.setVar(array, { k: "arr", v: fields });
    names.forEach((n, k) => {
      const v = k === names.length - 1 ? fields.slice(k).join(" ") : fields[k] ?? "";
      x.setVar(n, { k: "str", v });
    });
    out.push(done(x, 0)[0]!);
  }
  // End of input: read fails and the variables are emptied.
  const eof = w.clone();
  for (const n of all) eof.setVar(n, { k: "str", v: "" });
  out.push(done(eof, 1)[0]!);
  return out;
}

/**
 * printf: only `-v NAME` changes the shell (what it prints is modelled where it is read). The
 * value is known when the format is one simplePrintf follows and every word is known.
 */
function printfBuiltin(it: Interpreter, argv: readonly Arg[], w: World): World[] {
  let i = 1;
  let name: string | null | undefined;
  for (; i < argv.length; i++) {
    const t = argv[i]!.text;
    if (t === "--") {
      i++;
      break;
    }
    if (t === null || !t.startsWith("-v")) break;
    name = t.length > 2 ? t.slice(2) : argv[++i]?.text;
  }
  if (name === undefined) return done(w, STATUS_UNKNOWN);
  if (name === null) {
    it.issue("SHELL_STATE", "printf -v with a variable name that is not known", argv[0]!.span);
    return [it.taint(w, "printf -v into an unknown variable")];
  }
  namedWrite(it, name, w, argv[0]!.span);
  const base = baseName(name);
  w.writeThroughNameref(base);
  const words = argv.slice(i).map((a) => a.text);
  // A variable ends at the first NUL printf writes (`printf -v x 'a\0b'` sets `a`).
  const text = words.length && words.every((x): x is string => x !== null) ? simplePrintf(words[0]!, words.slice(1))?.split("\0")[0] ?? null : null;
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && text !== null) w.setVar(name, { k: "str", v: text });
  else w.setVar(base, unknown(`$${name} is set by printf -v`));
  return done(w, STATUS_UNKNOWN);
}

/**
 * `readonly PWD`, `declare -r OLDPWD`: cd can no longer record where it went, so `cd -` and
 * `$PWD` stop following the directory; the guard does not model that.
 */
function cdBookkeeping(it: Interpreter, name: string, add: string, span: Span): void {
  if ((name === "PWD" || name === "OLDPWD") && add.includes("r")) it.issue("SHELL_STATE", `a read-only ${name} keeps cd from updating it, which the guard does not follow`, span);
}

/** `a[i]` names the variable `a`. */
function baseName(name: string): string {
  const cut = name.indexOf("[");
  return cut < 0 ? name : name.slice(0, cut);
}

/** mapfile's options that take a value: -d DELIM, -n COUNT, -O ORIGIN, -s COUNT, -u FD, -C CALLBACK, -c QUANTUM. */
const MAPFILE_OPTS_WITH_VALUE = new Set(["d", "n", "O", "s", "u", "C", "c"]);

/**
 * A builtin writes a variable it was given by name (`read`, `printf -v`, `mapfile`, `getopts`,
 * `let`, the declaration builtins). Some names change what later commands do, whoever writes
 * them: the same judgement as for an assignment.
 */
function namedWrite(it: Interpreter, name: string, w: World, span: Span): void {
  const base = baseName(name);
  if (base === "BASH_CMDS" || base === "BASH_ALIASES") it.issue("SHELL_STATE", `writing ${base} changes which program or alias a name runs`, span);
  // Writing DIRSTACK edits the stack: what popd and ~N reach is no longer known.
  else if (base === "DIRSTACK") w.stackUnknown = true;
  else if (base === "POSIXLY_CORRECT") it.issue("SHELL_STATE", "POSIXLY_CORRECT puts bash in posix mode, which the guard does not follow", span);
  else if (base === "GLOBIGNORE") w.options.dotglob = null;
  else if (base === "PS4") it.issue("OPAQUE_CODE", "PS4 is expanded before each command under set -x, command substitutions included", span);
}

function mapfile(it: Interpreter, argv: readonly Arg[], w: World): World[] {
  let name = "MAPFILE";
  for (let i = 1; i < argv.length; i++) {
    const t = argv[i]!.text;
    if (t === null) return [it.taint(w, "mapfile with an unknown argument")];
    if (t === "--") {
      name = argv[i + 1]?.text ?? name;
      break;
    }
    if (t.startsWith("-") && t.length > 1) {
      // Flags cluster (`-tC cmd`), and a value may be glued (`-C"cmd"`) or be the next word.
      for (let j = 1; j < t.length; j++) {
        if (!MAPFILE_OPTS_WITH_VALUE.has(t[j]!)) continue;
        if (j + 1 === t.length) i++;
        if (t[j] === "C") it.issue("OPAQUE_CODE", "mapfile -C runs a callback", argv[i]!.span);
        break;
      }
      continue;
    }
    name = t;
  }
  namedWrite(it, name, w, argv[0]!.span);
  w.setVar(name, unknown(`$${name} is read from input`));
  return done(w, STATUS_UNKNOWN);
}

/** Names of the EXIT trap, which runs only when the shell ends. */
const EXIT_SIGNALS: ReadonlySet<string> = new Set(["EXIT", "SIGEXIT", "0"]);

function trap(it: Interpreter, argv: readonly Arg[], w: World): World[] {
  const args = argv.slice(1).filter((a) => a.text !== "--");
  if (args.length < 2 || args[0]!.text === "-p" || args[0]!.text === "-l") return done(w, 0);
  const body = args[0]!;
  if (body.text === null) {
    it.issue("OPAQUE_CODE", "trap with a body that is not known", body.span);
    return done(w, 0);
  }
  if (body.text === "" || body.text === "-") return done(w, 0);
  if (!w.traps.includes(body.text)) w.traps = [...w.traps, body.text];
  const live = args.slice(1).some((a) => a.text === null || !EXIT_SIGNALS.has(a.text.toUpperCase()));
  if (live && !w.liveTraps.includes(body.text)) w.liveTraps = [...w.liveTraps, body.text];
  // A signal's body may run at once as well as later. An EXIT body runs only when the shell
  // ends: judged now on a copy, so that what it would change (`rm -rf "$tmp"`) does not make
  // the commands before the end look at a changed disk.
  it.runCode(body.text, body.span, "trap", live ? w : w.clone(), false, w.positional);
  return done(w, 0);
}

/**
 * break/continue leave at most the loops around them. bash 5.2 counts only the loops of the
 * running function (outside them it reports an error and carries on); older bash, still the
 * shell of many hosts, also leaves the caller's loops. Where the two differ, both are followed.
 */
function loopControl(it: Interpreter, argv: readonly Arg[], w: World, kind: "break" | "continue"): World[] {
  if (it.loopDepth === 0) return done(w, 1);
  const n = argv[1]?.text;
  const levels = n === undefined ? 1 : n !== null && /^[1-9][0-9]*$/.test(n) ? Number(n) : null;
  const leave = (x: World, depth: number): World => {
    x.flow = kind;
    x.flowLevels = levels === null ? depth : Math.min(levels, depth);
    return x;
  };
  const own = it.loopDepth - it.loopBase;
  if (own === it.loopDepth) return [leave(w, own)];
  const older = leave(w.clone(), it.loopDepth);
  const current = own === 0 ? done(w, 1)[0]! : leave(w, own);
  return [current, older];
}

// ---------------------------------------------------------------------------------------
// source, command, exec

/** Names through which `source` reads its own standard input. */
const STDIN_FILE = /^\/(dev\/stdin|dev\/fd\/0|proc\/self\/fd\/0)$/;

function source(it: Interpreter, argv: readonly Arg[], w: World, info: DispatchInfo): World[] {
  const file = argv[1];
  if (!file) return done(w, 1);
  const label = argv[0]!.text === "." ? "." : "source";
  it.access(w, file, "read", label);
  const positional = argv.length > 2 ? (argv.slice(2).every((a) => a.text !== null) ? argv.slice(2).map((a) => a.text!) : null) : undefined;
  // `source /dev/stdin <<< CODE` runs what its standard input holds, as `bash <<< CODE` does.
  const fromStdin = file.text !== null && STDIN_FILE.test(file.text);
  const stdin = fromStdin ? it.readable(info.stdin(), w) : null;
  const text = file.text === null ? null : stdin !== null ? (stdin.t === "text" ? stdin.text : null) : it.readScript(w, file.text);
  if (text === null) {
    it.issue("OPAQUE_CODE", `${label} ${file.source} runs a script the guard cannot read here`, file.span);
    return [it.taint(w, `${label} ran a script that was not read`)];
  }
  it.returnable++;
  try {
    // bash reads the whole file before running it: what the code then reads on its own
    // standard input is what is left of that stream, which the guard does not follow.
    const run = () => it.runCode(text, file.span, `${label} ${file.text}`, w, true, positional);
    return (fromStdin ? it.withStdin(() => UNKNOWN_STDIN, run) : run()).map((o) => {
      if (o.flow === "return") {
        const c = o.clone();
        c.flow = "normal";
        return c;
      }
      return o;
    });
  } finally {
    it.returnable--;
  }
}

function commandBuiltin(it: Interpreter, argv: readonly Arg[], w: World, info: DispatchInfo): World[] {
  let i = 1;
  for (; i < argv.length; i++) {
    const t = argv[i]!.text;
    if (t === null || !t.startsWith("-") || t === "-") break;
    if (t === "--") {
      i++;
      break;
    }
    // command -v / -V only describe the command.
    if (/[vV]/.test(t)) return done(w, STATUS_UNKNOWN);
  }
  const rest = argv.slice(i);
  if (rest.length === 0) return done(w, 0);
  return it.dispatch(rest, w, { ...info, bypassFunctions: true });
}

function execBuiltin(it: Interpreter, argv: readonly Arg[], w: World, info: DispatchInfo): World[] {
  let i = 1;
  for (; i < argv.length; i++) {
    const t = argv[i]!.text;
    if (t === null || !t.startsWith("-")) break;
    if (t === "--") {
      i++;
      break;
    }
    if (t === "-a") i++;
  }
  const rest = argv.slice(i);
  // `exec` alone only makes its redirections permanent: they were judged already.
  if (rest.length === 0) return done(w, 0);
  const out = it.dispatch(rest, w.clone(), { ...info, inProcess: false, bypassFunctions: true });
  void out;
  w.flow = "exit";
  return [w];
}


/**
 * `history -a|-w [FILE]` writes the history to FILE, `-r|-n [FILE]` reads it; without FILE the
 * file is $HISTFILE, and with HISTFILE unset (as in a script) readline's default, ~/.history
 * (strace of bash 5.2: `bash -c 'history -w'` creates $HOME/.history). A HISTFILE the command
 * did not set is the host's: not known.
 */
function history(it: Interpreter, argv: readonly Arg[], w: World): World[] {
  const args = argv.slice(1);
  let reads = false;
  let writes = false;
  let file: Arg | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.text === null) {
      it.genericArg(a, w, "history");
      continue;
    }
    if (a.text === "--") {
      file = args[i + 1] ?? null;
      break;
    }
    if (!a.text.startsWith("-") || a.text === "-") {
      if (reads || writes) file = a;
      break;
    }
    if (/^-[A-Za-z]*[aw]/.test(a.text)) writes = true;
    if (/^-[A-Za-z]*[nr]/.test(a.text)) reads = true;
    // -d takes an offset, -p and -s take text: no file follows.
    if (/^-[A-Za-z]*[dps]/.test(a.text)) return done(w, STATUS_UNKNOWN);
  }
  if (!reads && !writes) return done(w, STATUS_UNKNOWN);
  let target = file;
  if (!target) {
    const v = lookup(w, it, "HISTFILE");
    const home = lookup(w, it, "HOME");
    const path = v.k === "str" ? v.v : v.k === "unset" && home.k === "str" ? `${home.v.replace(/\/+$/, "")}/.history` : null;
    target = withValue(argv[0]!, path, "the history file, $HISTFILE, is not known");
  }
  it.access(w, target, writes ? "write" : "read", "history");
  return done(w, STATUS_UNKNOWN);
}

