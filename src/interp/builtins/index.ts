// The builtins the guard runs, by name: each follows bash's own option parsing, and anything it
// cannot read makes what it affects unknown. The families are in this folder (directories,
// variables, options, io, flow); the one-line ones are here. A builtin sees the shell only
// through a BuiltinContext (../context.ts), never the interpreter itself.

import type { Arg } from "../../commands/analyse.ts";
import { STATUS_UNKNOWN, unknown, type World } from "../../shell/state.ts";
import type { BuiltinContext, DispatchInfo } from "../context.ts";
import { done } from "../worlds.ts";
import { writeEvaluated } from "../../shell/words/variables.ts";
import { cd, dirs, popd, pushd } from "./directories.ts";
import { alias, commandBuiltin, execBuiltin, history, loopControl, source, trap, unalias } from "./flow.ts";
import { mapfile, printfBuiltin, readBuiltin } from "./io.ts";
import { setBuiltin, shopt } from "./options.ts";
import { declare, namedWrite, unsetBuiltin } from "./variables.ts";

type Builtin = (it: BuiltinContext, argv: readonly Arg[], w: World, info: DispatchInfo) => World[];

export const BUILTINS: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([["cd",
  (it, argv, w) => cd(it, argv, w)], ["pushd", (it, argv, w) => pushd(it, argv, w)], ["popd",
  (it, argv, w) => popd(it, argv, w)], ["dirs", (it, argv, w) => dirs(it, argv, w)], ["export",
  (it, argv, w) => declare(it, argv, w, "export")], ["declare", (it, argv, w) => declare(it, argv, w, "declare")], [
  "typeset",
  (it, argv, w) => declare(it, argv, w, "declare"),
], ["local", (it, argv, w) => declare(it, argv, w, "local")], ["readonly",
  (it, argv, w) => declare(it, argv, w, "readonly")], ["unset", (it, argv, w) => unsetBuiltin(it, argv, w)], ["set",
  (it, argv, w) => setBuiltin(it, argv, w)], ["shopt", (it, argv, w) => shopt(it, argv, w)], ["alias",
  (it, argv, w) => alias(it, argv, w)], ["unalias", (it, argv, w) => unalias(argv, w)], ["read",
  (it, argv, w, info) => readBuiltin(it, argv, w, info)], ["printf", (it, argv, w) => printfBuiltin(it, argv, w)], [
  "fc",
  (it, argv, w) => {
    // `fc -l` lists the history; anything else edits and re-runs earlier commands
    // (`set -o history` turns history on in a script), which the guard cannot see.
    const opts = argv.slice(1).map((a) => a.text).filter((t) => t === null || t.startsWith("-"));
    if (opts.includes("--help")) return done(w, 0);
    if (opts.some((t) => t !== null && /^-[nr]*l[nr]*$/.test(t)) && !opts.some((t) => t === null || /[es]/.test(t))) {
      return done(w, 0);
    }
    it.issue("OPAQUE_CODE", "fc re-runs commands from the history, which the guard does not see", argv[0]!.span);
    return done(w, STATUS_UNKNOWN);
  },
], ["history", (it, argv, w) => history(it, argv, w)], ["mapfile", (it, argv, w) => mapfile(it, argv, w)], ["readarray",
  (it, argv, w) => mapfile(it, argv, w)], ["getopts", (it, argv, w) => {
  const name = argv[2]?.text;
  if (name) namedWrite(it, name, w, argv[0]!.span);
  // getopts writes an option letter of its first word (or `?`, `:`): an integer variable
  // evaluates it, that is, the variable the letter names (bash 5.2).
  const letters = argv[1]?.text;
  const written = letters === null || letters === undefined ?
    [unknown("the options getopts reads are not known")]
    : [...letters.replace(/:/g, "")].map((c) => ({ k: "str" as const, v: c }));
  if (name) writeEvaluated(w, it, name, written, argv[0]!.span);
  if (name) w.setVar(name, unknown(`$${name} is set by getopts`));
  w.setVar("OPTARG", unknown("$OPTARG is set by getopts"));
  w.setVar("OPTIND", unknown("$OPTIND is set by getopts", true));
  return done(w, STATUS_UNKNOWN);
}], ["let", (it, argv, w) => {
  for (const a of argv.slice(1)) {
    const m = a.text === null ? null : /^([A-Za-z_][A-Za-z0-9_]*)/.exec(a.text);
    if (m) namedWrite(it, m[1]!, w, a.span);
    if (m) w.setVar(m[1]!, unknown(`$${m[1]} is set by arithmetic`, true));
  }
  return done(w, STATUS_UNKNOWN);
}], ["shift", (_it, argv, w) => {
  const n = argv[1] ? (argv[1].text !== null && /^[0-9]+$/.test(argv[1].text) ? Number(argv[1].text) : null) : 1;
  if (n === null || w.positional === null) w.positional = null;
  else if (n <= w.positional.length) w.positional = w.positional.slice(n);
  else return done(w, 1);
  return done(w, n === null ? STATUS_UNKNOWN : 0);
}], ["true", (_it, _argv, w) => done(w, 0)], [":", (_it, _argv, w) => done(w, 0)], ["false",
  (_it, _argv, w) => done(w, 1)], ["exit", (_it, _argv, w) => {
  w.flow = "exit";
  return [w];
}], ["return", (it, _argv, w) => {
  // Outside a function or sourced file bash reports an error and carries on.
  if (it.returnable === 0) return done(w, 1);
  w.flow = "return";
  return [w];
}], ["break", (it, argv, w) => loopControl(it, argv, w, "break")], ["continue",
  (it, argv, w) => loopControl(it, argv, w, "continue")], ["trap", (it, argv, w) => trap(it, argv, w)], ["eval",
  (it, argv, w) => {
    const parts = argv.slice(1);
    if (parts.length === 0) return done(w, 0);
    // (A stand-in for a listing's names is no code to read: src/shell/listing.ts.)
    const text = parts.some((p) => p.text === null || p.standIn) ? null : parts.map((p) => p.text).join(" ");
    const span = { start: parts[0]!.span.start, end: parts[parts.length - 1]!.span.end };
    return it.runCode(text, span, "eval", w, true);
  }], ["source", (it, argv, w, info) => source(it, argv, w, info)], [".",
  (it, argv, w, info) => source(it, argv, w, info)], ["command",
  (it, argv, w, info) => commandBuiltin(it, argv, w, info)], ["builtin", (it, argv, w, info) => {
  const rest = argv.slice(1);
  if (rest.length === 0) return done(w, 0);
  if (rest[0]!.text !== null && !BUILTINS.has(rest[0]!.text)) {
    // Not a builtin bash knows about here: the generic rules apply to its words.
    return it.dispatch(rest, w, { ...info, bypassFunctions: true });
  }
  return it.dispatch(rest, w, { ...info, bypassFunctions: true });
}], ["exec", (it, argv, w, info) => execBuiltin(it, argv, w, info)], ["hash", (it, argv, w) => {
  if (argv.some((a) => a.text === null || /^-[a-zA-Z]*p/.test(a.text))) {
    it.issue("SHELL_STATE", "hash -p maps a command name to another program", argv[0]!.span);
  }
  return done(w, STATUS_UNKNOWN);
}], ["enable", (it, argv, w) => {
  if (argv.length > 1) it.issue("SHELL_STATE", "enable changes which builtins exist", argv[0]!.span);
  return done(w, STATUS_UNKNOWN);
}]]);

export function runBuiltin(it: BuiltinContext, name: string, argv: readonly Arg[], w: World,
  info: DispatchInfo): World[]
{
  return BUILTINS.get(name)!(it, argv, w, info);
}
