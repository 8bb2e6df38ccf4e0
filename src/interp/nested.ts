// Nested shells: code run in the shell itself (eval, source, a function call, a trap or alias
// body, source the grammar misread) changes the worlds; code run in a child (a subshell,
// `sh -c`, a script run as a program, npm's scripts, a command substitution) runs on a copy and
// leaves its parent only its status and what it did to the disk.

import type { Arg } from "../commands/analyse.ts";
import type { CodePlace, Span } from "../base/span.ts";
import { type Listing, standInPathPart, type StandInPart } from "../shell/listing.ts";
import { linksMet } from "../shell/index-names.ts";
import { changesCompat, COMPAT_VARIABLE, DEFAULT_OPTIONS, EMPTY_SCOPE, type Options, positionalText, positionalValue,
  SET_O, SHOPT, STATUS_UNKNOWN, type Status, str, UNFOLLOWED_SET_O, UNFOLLOWED_SHOPT, unknown,
  type World } from "../shell/state.ts";
import type { Stdin } from "../commands/effects.ts";
import { hasSubstitution, pipeOutput, UNKNOWN_STDIN } from "./stdin.ts";
import type { Dialect, Redir, Stmt, Word } from "../shell/syntax.ts";
import { expandWord } from "../shell/words/expand.ts";
import { hasStandIn } from "../shell/words/env.ts";
import { DEFAULT_IFS } from "../shell/words/variables.ts";
import type { CodeFile, DispatchInfo, Shell, StartOptions } from "./context.ts";
import { joinChild, resume, taint, withCwd, withStatus } from "./worlds.ts";

/** Source the grammar misread, parsed again on its own and run in place (not a nesting level). */
export function execReparse(it: Shell, s: Extract<Stmt, { t: "reparse" }>, ws: World[]): World[] {
  const parsed = parsedCode(it, s.text, it.frame.dialect ?? "bash");
  if ("refused" in parsed) {
    it.issue(parsed.refused, parsed.why, s.span);
    return ws.map((w) => taint(w, parsed.why));
  }
  if (parsed.error) it.issue(parsed.errorCode ?? "PARSE_ERROR", parsed.error, s.span);
  const stmt = s.negate ? negateFirst(parsed.stmt) : parsed.stmt;
  const saved = it.frame;
  const place = saved.place && !saved.place.fixed
    ? { ...saved.place, offset: saved.place.offset + s.offset }
    : saved.place;
  it.frame = { ...saved, offset: saved.offset + s.offset, ...(place ? { place } : {}) };
  try {
    it.coverage.register(parsed.stmt, (x) => it.span(x));
    return it.exec(stmt, ws);
  } finally {
    it.frame = saved;
  }
}

/** Runs a statement in a copy of the world (a subshell) and returns its exit status. */
export function subshell(it: Shell, s: Stmt, w: World): Status {
  return subshellEnds(it, s, w).status;
}

/** Runs `s` in a subshell of `w`: what it leaves in `w` (joinChild), and the worlds it ended in. */
export function subshellEnds(it: Shell, s: Stmt, w: World): { status: Status; ends: World[] } {
  const ends = inChild(it, () => it.exec(s, [w.clone()]));
  return { status: it.paths.joinChild(w, ends), ends };
}

/** Runs code in a new shell: no loops, and no function or sourced file to return from. */
function inNewShell<T>(it: Shell, run: () => T): T {
  const saved = it.returnable;
  it.returnable = 0;
  try {
    return inChild(it, run);
  } finally {
    it.returnable = saved;
  }
}

/**
 * Runs code in a child process: the loops around it are the parent's, which a break in the
 * child does not leave (bash 5.2 reports an error and goes on; older bash leaves the child).
 */
function inChild<T>(it: Shell, run: () => T): T {
  const saved = it.loopBase;
  it.loopBase = it.loopDepth;
  try {
    return run();
  } finally {
    it.loopBase = saved;
  }
}

export function callFunction(it: Shell, name: string, body: Stmt, args: readonly Arg[], w: World, info: DispatchInfo,
  unknownArgs = false): World[]
{
  const def = w.funcs.get(name);
  if (def) it.called.add(def.source);
  if (it.frame.callDepth >= it.limits.maxCallDepth) {
    it.issue("NESTING_TOO_DEEP", `calls to ${name} nest deeper than ${it.limits.maxCallDepth}`,
      it.frame.span ?? args[0]?.span ?? null);
    return [taint(w, "a recursive function")];
  }
  const positional = unknownArgs || args.some((a) => a.text === null) || info.countUnknown
    ? null
    : args.map((a) => positionalText(a.text!, a.standIn === true));
  // A function that calls itself again (directly or through others) with arguments not known,
  // or with the arguments of the call it is inside, is followed no deeper: nothing known ends
  // it, and each round takes every branch again (nvm's `nvm` calling `nvm`, resolve_alias →
  // print_implicit_alias → ls → resolve_alias), multiplying the work to the depth bound only to
  // meet the bound.
  const calls = it.frame.calls ?? [];
  const call = positional === null ? `${name}\u0001` : [name, ...positional].map((p) => `${p}\u0000`).join("");
  const same = (c: string) => c.startsWith(`${name}\u0000`) || c === `${name}\u0001`;
  if (calls.includes(call) || (positional === null && calls.some(same))) {
    it.issue("NESTING_TOO_DEEP",
      `${name} calls itself again with ${
        positional === null ? "arguments not known" : "the same arguments"
      }: the recursion is not followed`, it.frame.span ?? args[0]?.span ?? null);
    return [taint(w, "a recursive function")];
  }
  const outerPositional = w.positional;
  const outerFrames = w.frames;
  const entered = w.clone();
  entered.positional = positional;
  entered.frames = [...outerFrames, EMPTY_SCOPE];
  const saved = it.frame;
  // BASH_SOURCE in the body: the file the function was defined in, then the caller's.
  const sources = def?.file != null && saved.sources ? [def.file, ...saved.sources] : null;
  // (Its spans are where it was defined: in the command, or in the file it was read from.)
  const { place: _place, ...outside } = saved;
  it.frame = { ...(def ? outside : saved), ...(def ? { offset: def.at.offset, span: def.at.span } : {}),
    ...(def?.at.place ? { place: def.at.place } : {}), callDepth: saved.callDepth + 1, calls: [...calls, call],
    sources };
  it.returnable++;
  const savedLoopBase = it.loopBase;
  it.loopBase = it.loopDepth;
  let out: World[];
  try {
    out = it.exec(body, [entered]);
  } finally {
    it.frame = saved;
    it.returnable--;
    it.loopBase = savedLoopBase;
  }
  return out.map((o) => {
    const r = o.flow === "return" ? resume(o) : o;
    const top = r.frames[r.frames.length - 1];
    if (top) { for (const [n, v] of top.vars) r.setVar(n, v); }
    if (top?.options) Object.assign(r.options, top.options);
    // The callers' frames as the body left them: it may have written a global they hide.
    r.frames = r.frames.slice(0, outerFrames.length);
    r.positional = outerPositional;
    return r;
  });
}

/**
 * A script file run as a program (`./build.sh`, `bash build.sh`): read and interpreted in a
 * child shell when it is a shell script inside a root and small enough; otherwise the
 * program is opaque (a non-shell program inside the root is project code: its arguments
 * are judged as paths).
 */
export function runScript(it: Shell, path: string, span: Span, label: string, w: World,
  positional: readonly string[] | null, explicitShell: boolean, dialect?: Dialect, startOptions?: StartOptions
): World[] | "program" | null {
  const text = path === "" ? null : it.paths.readScript(w, path, true);
  if (text === null) {
    it.issue("OPAQUE_CODE",
      `${label} runs a script the guard cannot read here (outside the roots, too large, missing, or written earlier in the command)`,
      span);
    return null;
  }
  const firstLine = text.slice(0, text.indexOf("\n") < 0 ? text.length : text.indexOf("\n"));
  // A program of the project's own that is not a shell script: its arguments are judged.
  if (!explicitShell && firstLine.startsWith("#!") && !/\b(ba|da|k|z|mk|a)?sh\b/.test(firstLine)) return "program";
  if (text.includes("\u0000")) {
    if (!explicitShell) return "program";
    it.issue("OPAQUE_CODE", `${label} is not a text script`, span);
    return null;
  }
  it.issue("SCRIPT_INTERPRETED", `${label}: read and interpreted ${path}`, span);
  // The script's $0 and BASH_SOURCE are its path as the command names it (`./x.sh`,
  // `bash x.sh`): bash is given that path, and `cd "$(dirname "$0")"` goes where it leads.
  // A script run as a program is read by the shell its #! line names.
  const readBy = dialect ??
    (/\bzsh\b/.test(firstLine)
      ? "zsh"
      : /^#!.*\b(sh|dash|ash)\b/.test(firstLine) && !/\bbash\b/.test(firstLine)
      ? "sh"
      : "bash");
  return runCode(it, text, span, label, w, false, positional, readBy, startOptions, path, { sources: [path],
    file: it.paths.scriptFile(w, path) });
}

/**
 * Interprets shell code found inside a word. In-process code (eval, source) changes the
 * worlds; a child shell (sh -c) runs on a copy.
 *
 * `from`: the file the code is read from (a script, a sourced file), its BASH_SOURCE
 * (Frame.sources) and where findings are in it (Frame.place). Without it, code nested in a word
 * is where that word is, and has the caller's BASH_SOURCE in the same shell (eval, an alias),
 * none known in a new one.
 */
export function runCode(it: Shell, text: string | null, span: Span, label: string, w: World, inProcess: boolean,
  positional?: readonly string[] | null, dialect?: Dialect, startOptions?: StartOptions, arg0?: string | null,
  from?: CodeFile): World[]
{
  const readBy = dialect ?? it.frame.dialect ?? "bash";
  if (text === null) {
    it.issue("OPAQUE_CODE", `${label} runs code that is not known statically`, span);
    return [inProcess ? taint(w, `${label} ran unknown code`) : withStatus(w, STATUS_UNKNOWN)];
  }
  if (it.frame.depth >= it.limits.maxNesting) {
    it.issue("NESTING_TOO_DEEP", `${label} nests code deeper than ${it.limits.maxNesting} levels`, span);
    return [inProcess ? taint(w, "nesting too deep") : withStatus(w, STATUS_UNKNOWN)];
  }
  const parsed = parsedCode(it, text, readBy, from !== undefined);
  if ("refused" in parsed) {
    it.issue(parsed.refused, `${label}: ${parsed.why}`, span);
    return [inProcess ? taint(w, parsed.why) : withStatus(w, STATUS_UNKNOWN)];
  }
  if (parsed.error) it.issue(parsed.errorCode ?? "PARSE_ERROR", `${label}: ${parsed.error}`, span);
  const saved = it.frame;
  const place = from?.file ? { file: from.file, offset: 0, fixed: null } : nestedPlace(saved.place, span);
  it.frame = { offset: 0, depth: saved.depth + 1, via: [...saved.via, label], span: saved.span ?? it.span(span),
    callDepth: saved.callDepth, ...(saved.calls ? { calls: saved.calls } : {}), dialect: readBy,
    ...(saved.scripts ? { scripts: saved.scripts } : {}),
    sources: from !== undefined ? from.sources : inProcess ? (saved.sources ?? null) : null,
    ...(place ? { place } : {}) };
  try {
    it.coverage.register(parsed.stmt, (x) => it.span(x));
    let start = inProcess ? w : w.clone();
    if (!inProcess) {
      // A child shell starts with exported state only; what it was not given is unknown.
      start = childShellWorld(start, positional, startOptions);
      // `sh -c CODE NAME` makes NAME its $0; without one, $0 is the shell's name, not known here.
      if (arg0 !== undefined) start.setVar("0", arg0 === null ? unknown("$0 is not known") : positionalValue(arg0));
      const unfollowed = unfollowedInherited(w);
      if (unfollowed !== null) {
        it.issue("SHELL_STATE",
          `${unfollowed} reaches the new shell from its environment and changes how it reads its commands, which the guard does not follow`,
          span);
        start = taint(start, unfollowed);
      }
    } else if (positional !== undefined) {
      start.positional = positional;
    }
    const out = inProcess ? it.exec(parsed.stmt, [start]) : inNewShell(it, () => it.exec(parsed.stmt, [start]));
    // (What it may have moved reaches the caller's cwd when the caller's command is done.)
    if (!inProcess) return [withStatus(w, joinChild(w, out))];
    return out;
  } finally {
    it.frame = saved;
  }
}

export function substitute(it: Shell, code: Stmt, world: World, span: Span): string | { readonly listing: Listing }
  | StandInPart | null
{
  subshell(it, code, world);
  // `$( (cmd) )`, and the substitutions of an arithmetic expression as lowered: what cmd prints.
  const body = code.t === "subshell" ? code.body : code;
  const dir = printedDirectory(it, body, world);
  if (dir !== null) return dir;
  const part = pathPartOf(it, body, world);
  if (part !== null) return part;
  // $(pwd) and $(find DIR …) are common enough in agents' commands to be worth knowing.
  if (body.t === "cmd" && !body.redirs.length && !body.assigns.length) {
    const words = body.words.map((w) => w.text);
    if (words[0] === "pwd" && words.length <= 2 && !redefined(world, "pwd")) {
      if (words[1] === "-P") return world.cwd === null ? null : it.paths.physicalDir(world.cwd);
      if (words.length === 1 || words[1] === "-L") return world.cwd;
      return null;
    }
    // coreutils' pwd prints the physical directory, or with POSIXLY_CORRECT (the host's) the
    // logical one: known when both are the same.
    if ((words[0] === "/bin/pwd" || words[0] === "/usr/bin/pwd") && words.length <= 2 && !redefined(world, words[0]) &&
      world.cwd !== null)
    {
      const physical = it.paths.physicalDir(world.cwd);
      if (words[1] === "-P" || (words.length === 1 && physical === world.cwd)) return physical;
      return null;
    }
  }
  const items = body.t === "pipe" ? body.items : [body];
  const last = items[items.length - 1]!;
  // Expanding the words again is only cheap when no substitution is nested in them (each
  // level would be analysed twice, and 2^depth times in all). A redirection of the output
  // of the last command leaves it empty; of standard error, unchanged.
  if (items.some((i) => i.t !== "cmd" || hasSubstitution(i.words)) || last.t !== "cmd" || last.assigns.length) {
    return null;
  }
  const quiet = last.redirs.length > 0 && last.redirs.every((r) => r.fd === "2");
  if (last.redirs.length && !quiet) return null;
  // $(echo …) and $(printf …) print what they are given; $(find DIR) names under DIR.
  // (`$(cat FILE)`: the file's text, read as `< FILE` is.)
  const out = it.readable(unmarked(it, pipeOutput(items, items.length - 1, world.clone(), it), items, [], world)!,
    world);
  // (Bash drops the NUL bytes a substitution's output holds: `$(printf 'a\0b')` is `ab`.)
  // (A redirection of standard error leaves standard output as it is.)
  if (out.t === "text") return out.text.replaceAll("\0", "");
  if (out.t !== "listing") return null;
  // Exactly one name made from a stand-in's own (`$(echo "$f" | sed s/a/b/)`, src/commands/table/pipe/names-text.ts):
  // a stand-in again, as `$(dirname "$f")` is, in a longer word or an assignment too.
  const l = out.listing;
  const rep = l.reps.length === 1 ? l.reps[0]! : null;
  if (l.one && l.reach.length === 0 && l.unplain === null && l.odd === "" && !l.quote && rep !== null && rep.standIn &&
    rep.text !== null) return { standIn: rep.text };
  // Stand-ins for the names (src/shell/listing.ts): each directory is reached as a whole, and
  // every symlink under it that leads out is judged by the scan.
  if (out.listing.unplain === null) {
    for (const d of out.listing.reach) {
      it.paths.scanTree(world, d, "unknown", "$(…)", undefined, undefined, false, linksMet(out.listing));
      it.paths.access(world, d, "unknown", "$(…)");
    }
  }
  void span;
  return { listing: out.listing };
}

/**
 * `$(cd "$(dirname "$0")" && pwd)`, `$(cd DIR; pwd -P)`: commands that end in `pwd`, which
 * prints the directory the commands before it leave the shell in. Known when they end in one
 * directory every way through them and, before `&&`, never fail (then `pwd` would not run).
 * The commands before it are run again, on a copy, for where they end: the substitution as a
 * whole has been analysed already (subshell), and their findings are the same.
 */
function printedDirectory(it: Shell, body: Stmt, world: World): string | null {
  const before = body.t === "and" ?
    body.left :
    body.t === "seq" ?
    { t: "seq" as const, items: body.items.slice(0, -1) }
    : null;
  const last = body.t === "and" ? body.right : body.t === "seq" ? body.items[body.items.length - 1] : null;
  if (before === null || last?.t !== "cmd" || last.assigns.length || last.redirs.length) return null;
  const words = last.words.map((w) => w.text);
  if (words[0] !== "pwd" || words.length > 2 || (words.length === 2 && words[1] !== "-P" && words[1] !== "-L")) {
    return null;
  }
  const ended = inChild(it, () => it.exec(before, [world.clone()]));
  let dir: string | null = null;
  for (const w of ended) {
    if (w.flow !== "normal" || (body.t === "and" && w.status !== 0) || w.cwd === null || redefined(w, "pwd")) {
      return null;
    }
    const printed = words[1] === "-P" ? it.paths.physicalDir(w.cwd) : w.cwd;
    if (printed === null || (dir !== null && printed !== dir)) return null;
    dir = printed;
  }
  return dir;
}

/** Whether `name` may run something else than the program or builtin: a function, or an alias bash may expand. */
function redefined(world: World, name: string): boolean {
  return world.funcs.has(name) || (world.options.expandAliases !== false && world.aliases.size > 0);
}

/**
 * `$(dirname "$f")` and `$(basename "$f" [SUFFIX])` of a word that is a stand-in for a
 * listing's names, and nothing else: the stand-in that covers what they print
 * (standInPathPart in src/shell/listing.ts), or null.
 */
function pathPartOf(it: Shell, body: Stmt, world: World): StandInPart | null {
  if (body.t !== "cmd" || body.redirs.length || body.assigns.length || hasSubstitution(body.words)) return null;
  const program = body.words[0]?.text;
  if ((program !== "dirname" && program !== "basename") || redefined(world, program)) return null;
  const args = body.words.slice(1);
  if (args.length < 1 || args.length > (program === "basename" ? 2 : 1)) return null;
  const fields = args.map((w) => expandWord(w, world.clone(), it, { noGlob: true }).fields);
  if (fields.some((f) => f.length !== 1)) return null;
  const name = fields[0]![0]!;
  // (One stand-in and nothing else: `$f$f` is not a name the listing prints.)
  const only = name.segs.length === 1 ? name.segs[0]! : null;
  if (only === null || !("text" in only) || only.standIn !== true) return null;
  const rep = only.text;
  const suffix = fields[1] ? fields[1][0]! : null;
  // (A suffix made of a stand-in, or not known, is not a suffix the guard can read.)
  if (suffix !== null && (hasStandIn(suffix) || suffix.segs.some((g) => "unknown" in g))) return null;
  const suffixText = suffix === null ? null : suffix.segs.map((g) => ("text" in g ? g.text : "")).join("");
  if (rep.startsWith("-") || suffixText?.startsWith("-")) return null;
  return standInPathPart(rep, program, suffixText);
}

/**
 * A backquoted command whose text bash unescapes before it parses it (`\`` `\$` `\\`): parsed
 * here as bash will, then substituted like any `$(…)`, so that what it prints is known where
 * it can be (`` rm `find . -name \*.pyc` `` prints names under `.`). Text that does not parse
 * cleanly, or nests too deep, is run for its effects and its output stays unknown.
 */
export function substituteCode(it: Shell, text: string, world: World, span: Span): string | {
  readonly listing: Listing;
} | StandInPart | null {
  const readBy = it.frame.dialect ?? "bash";
  const parsed = parsedCode(it, text, readBy);
  if ("refused" in parsed || parsed.error || it.frame.depth >= it.limits.maxNesting) {
    inChild(it, () => runCode(it, text, span, "`…`", world.clone(), true));
    return null;
  }
  const saved = it.frame;
  const place = nestedPlace(saved.place, span);
  it.frame = { offset: 0, depth: saved.depth + 1, via: [...saved.via, "`…`"], span: saved.span ?? it.span(span),
    callDepth: saved.callDepth, ...(saved.calls ? { calls: saved.calls } : {}), dialect: readBy,
    ...(saved.sources ? { sources: saved.sources } : {}), ...(place ? { place } : {}) };
  try {
    it.coverage.register(parsed.stmt, (x) => it.span(x));
    return substitute(it, parsed.stmt, world, span);
  } finally {
    it.frame = saved;
  }
}

/** Code nested in a word (`span`) of code read from a file: all of it is at that word there. */
function nestedPlace(outer: CodePlace | undefined, span: Span): CodePlace | undefined {
  if (outer === undefined) return undefined;
  return { file: outer.file, offset: 0,
    fixed: outer.fixed ?? { start: span.start + outer.offset, end: span.end + outer.offset } };
}

/** Code text parsed once per check, keyed by the dialect that reads it and whether it is a file's. */
function parsedCode(it: Shell, text: string, readBy: Dialect, fromFile = false): ReturnType<Shell["opts"]["parse"]> {
  const key = readBy === "bash" && !fromFile ? text : `${readBy}${fromFile ? "+file" : ""}\u0000${text}`;
  let parsed = it.parsed.get(key);
  if (!parsed) {
    parsed = it.opts.parse(text, readBy, fromFile);
    it.parsed.set(key, parsed);
  }
  return parsed;
}

/** `! a && b` negates `a`: the first pipeline of what was reparsed. */
function negateFirst(s: Stmt): Stmt {
  switch (s.t) {
    case "seq":
      return s.items.length ? { t: "seq", items: [negateFirst(s.items[0]!), ...s.items.slice(1)] } : s;
    case "and":
    case "or":
      return { t: s.t, left: negateFirst(s.left), right: s.right };
    case "bg":
      return { t: "bg", body: negateFirst(s.body) };
    default:
      return { t: "not", body: s };
  }
}

/**
 * The options an exported SHELLOPTS or BASHOPTS passes to a new bash: the parent's own (bash
 * keeps the variable in step with them), or those a value set in the command names (`env
 * SHELLOPTS=physical bash`); unknown when the value is.
 */
function inheritedOptions(w: World, name: "SHELLOPTS" | "BASHOPTS",
  names: Readonly<Record<string, keyof Options>>): Partial<Options>
{
  if (!w.attr(name).includes("x")) return {};
  const keys = [...new Set(Object.values(names))];
  const v = w.getVar(name);
  if (v === undefined) return Object.fromEntries(keys.map((k) => [k, w.options[k]]));
  if (v.k !== "str") return Object.fromEntries(keys.map((k) => [k, null]));
  const on = new Set(v.v.split(":"));
  return Object.fromEntries(Object.entries(names).map(([n, k]) => [k, on.has(n)]));
}

/** An exported SHELLOPTS or BASHOPTS that turns on an option the guard does not follow (`env
 * SHELLOPTS=posix bash`), or an exported BASH_COMPAT that sets another compatibility level. */
function unfollowedInherited(w: World): string | null {
  const compat = w.getVar(COMPAT_VARIABLE);
  if (w.attr(COMPAT_VARIABLE).includes("x") && compat !== undefined && compat.k !== "unset" &&
    changesCompat(compat.k === "str" ? compat.v : null))
  {
    return compat.k === "str" ? `${COMPAT_VARIABLE}=${compat.v}` : `an exported ${COMPAT_VARIABLE} that is not known`;
  }
  for (const [name, unfollowed] of [["SHELLOPTS", UNFOLLOWED_SET_O], ["BASHOPTS", UNFOLLOWED_SHOPT]] as const) {
    const v = w.getVar(name);
    if (!w.attr(name).includes("x") || v === undefined || v.k === "unset") continue;
    if (v.k !== "str") return `an exported ${name} that is not known`;
    const on = v.v.split(":").find((o) => unfollowed.has(o));
    if (on !== undefined) return `${name}=${on}`;
  }
  return null;
}

function childShellWorld(w: World, positional: readonly string[] | null | undefined,
  startOptions?: StartOptions): World
{
  const c = w.clone();
  c.keepExportedFuncs();
  c.clearAliases();
  c.traps = [];
  c.liveTraps = [];
  c.frames = [];
  c.positional = positional === undefined ? null : positional;
  // A new shell process has no directory stack and its own options: `bash -c popd` fails
  // whatever the parent pushed. set and shopt options reach it only through an exported
  // SHELLOPTS or BASHOPTS, and from its command line.
  c.stack = [];
  c.stackUnknown = false;
  c.options = { ...DEFAULT_OPTIONS, ...inheritedOptions(w, "SHELLOPTS", SET_O),
    ...inheritedOptions(w, "BASHOPTS", SHOPT), ...startOptions };
  for (const n of [...c.varNames()]) {
    // A variable the script set without exporting reaches the child only if it came from
    // the environment in the first place: the guard cannot tell, so it is unknown there.
    if (!c.attr(n).includes("x")) c.setVar(n, unknown(`$${n} may not be exported to the child shell`));
  }
  // A new shell sets IFS itself and ignores the one it inherits.
  if (c.getVar("IFS") !== undefined) {
    c.setVar("IFS", str(DEFAULT_IFS));
    c.setAttr("IFS", "");
  }
  return c;
}

/**
 * Text a command prints or a here-string holds that was made with a stand-in for a listing's
 * names (`echo "$f"`, `<<< "$f"`) is not the names' text: read again (`read`, `$(…)`, xargs)
 * it would lose the mark, so it is not known. (A listing's own output is its value.)
 */
export function unmarked(it: Shell, s: Stdin | null, stmts: readonly Stmt[], redirs: readonly Redir[], w: World): Stdin
  | null
{
  if (s === null || s.t !== "text") return s;
  // (Words with a substitution in them are not expanded again, which would analyse it twice:
  // one that also reads a variable counts as made with a stand-in.)
  const marked = (word: Word | undefined | null) =>
    word != null &&
    (hasSubstitution([word])
      ? word.parts.some((p) => p.t === "param")
      : expandWord(word, w.clone(), it, { noGlob: true }).fields.some(hasStandIn));
  const inRedirs = (rs: readonly Redir[]) =>
    rs.some((r) => (r.op === "<<<" && marked(r.target)) || (r.heredoc?.expands === true && marked(r.heredoc.body)));
  if (inRedirs(redirs) || stmts.some((x) => x.t === "cmd" && (x.words.some(marked) || inRedirs(x.redirs)))) {
    return UNKNOWN_STDIN;
  }
  return s;
}
