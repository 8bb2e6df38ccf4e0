// Builtins that run other code or leave: alias (its text is judged when defined), trap,
// break and continue, source, command, exec, and history (which reads or writes a file).

import { type Arg, withValue } from "../../commands/analyse.ts";
import { STATUS_UNKNOWN, type World } from "../../shell/state.ts";
import { UNKNOWN_STDIN } from "../stdin.ts";
import { lookup } from "../../shell/words/variables.ts";
import type { BuiltinContext, DispatchInfo } from "../context.ts";
import { activateMade, activateVenv } from "../venv.ts";
import { done, taint } from "../worlds.ts";

const RESERVED_WORDS = new Set(["!", "[[", "]]", "{", "}", "case", "coproc", "do", "done", "elif", "else", "esac", "fi",
  "for", "function", "if", "in", "select", "then", "time", "until", "while"]);

/** Any command may now be an alias the guard cannot see through. */
export const ANY_ALIAS = "\u0000any";

export function alias(it: BuiltinContext, argv: readonly Arg[], w: World): World[] {
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
      if (RESERVED_WORDS.has(a.text.slice(0, eq)) && w.options.expandAliases !== false) {
        it.issue("SHELL_STATE",
          `alias ${a.text.slice(0, eq)} redefines a reserved word, which the guard does not follow`, a.span);
      }
      w.setAlias(a.text.slice(0, eq), value);
      // The alias may be used by a later command of the same shell: judge its text now.
      it.analyseUncalled(it.runCode(value, a.span, `alias ${a.text.slice(0, eq)}`, w.clone(), true));
    }
  }
  return done(w, 0);
}

export function unalias(argv: readonly Arg[], w: World): World[] {
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

/** Names of the EXIT trap, which runs only when the shell ends. */
const EXIT_SIGNALS: ReadonlySet<string> = new Set(["EXIT", "SIGEXIT", "0"]);

export function trap(it: BuiltinContext, argv: readonly Arg[], w: World): World[] {
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
export function loopControl(it: BuiltinContext, argv: readonly Arg[], w: World, kind: "break" | "continue"): World[] {
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

/** Names through which `source` reads its own standard input. */
const STDIN_FILE = /^\/(dev\/stdin|dev\/fd\/0|proc\/self\/fd\/0)$/;

export function source(it: BuiltinContext, argv: readonly Arg[], w: World, info: DispatchInfo): World[] {
  const file = argv[1];
  if (!file) return done(w, 1);
  const label = argv[0]!.text === "." ? "." : "source";
  // The activate script of a venv made earlier in the command (made-venvs.ts): not there to
  // read yet, but known.
  const made = it.paths.venvs.fileOf(w, file.text);
  const activated = made !== null && made.name === "activate" && argv.length === 2
    ? activateMade(it, w, file, made.dir, label)
    : null;
  if (activated !== null) return activated;
  it.paths.access(w, file, "read", label);
  const positional = argv.length > 2
    ? (argv.slice(2).every((a) => a.text !== null) ? argv.slice(2).map((a) => a.text!) : null)
    : undefined;
  // `source /dev/stdin <<< CODE` runs what its standard input holds, as `bash <<< CODE` does.
  const fromStdin = file.text !== null && STDIN_FILE.test(file.text);
  const stdin = fromStdin ? it.readable(info.stdin(), w) : null;
  const text = file.text === null
    ? null
    : stdin !== null
    ? (stdin.t === "text" ? stdin.text : null)
    : it.paths.readScript(w, file.text, true);
  if (text === null) {
    it.issue("OPAQUE_CODE", `${label} ${file.source} runs a script the guard cannot read here`, file.span);
    return [taint(w, `${label} ran a script that was not read`)];
  }
  // A venv's activate script is taken for what it is known to do (venv.ts).
  const venv = fromStdin ? null : activateVenv(it, w, file, text, label);
  if (venv !== null) return venv;
  it.returnable++;
  try {
    // bash reads the whole file before running it: what the code then reads on its own
    // standard input is what is left of that stream, which the guard does not follow.
    // BASH_SOURCE in the file starts with its name as `source` is given it.
    const sources = !it.bashSource || stdin !== null ? null : [file.text!, ...it.bashSource];
    const from = { sources, file: stdin !== null ? null : it.paths.scriptFile(w, file.text!) };
    const run = () =>
      it.runCode(text, file.span, `${label} ${file.text}`, w, true, positional, undefined, undefined, undefined, from);
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

export function commandBuiltin(it: BuiltinContext, argv: readonly Arg[], w: World, info: DispatchInfo): World[] {
  let i = 1;
  for (; i < argv.length; i++) {
    const t = argv[i]!.text;
    if (t === null || !t.startsWith("-") || t === "-") break;
    if (t === "--") {
      i++;
      break;
    }
    // command -v / -V only describe the command, but a name with a slash is looked up on
    // disk (strace: newfstatat of it), as `type` and `which` do.
    if (/[vV]/.test(t)) {
      for (const a of argv.slice(i + 1)) {
        if (a.text === null || a.text.includes("/")) it.paths.access(w, a, "read", "command");
      }
      return done(w, STATUS_UNKNOWN);
    }
  }
  const rest = argv.slice(i);
  if (rest.length === 0) return done(w, 0);
  return it.dispatch(rest, w, { ...info, bypassFunctions: true });
}

export function execBuiltin(it: BuiltinContext, argv: readonly Arg[], w: World, info: DispatchInfo): World[] {
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
export function history(it: BuiltinContext, argv: readonly Arg[], w: World): World[] {
  const args = argv.slice(1);
  let reads = false;
  let writes = false;
  let file: Arg | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.text === null) {
      it.paths.genericArg(a, w, "history");
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
    const path = v.k === "str"
      ? v.v
      : v.k === "unset" && home.k === "str"
      ? `${home.v.replace(/\/+$/, "")}/.history`
      : null;
    target = withValue(argv[0]!, path, "the history file, $HISTFILE, is not known");
  }
  it.paths.access(w, target, writes ? "write" : "read", "history");
  return done(w, STATUS_UNKNOWN);
}
