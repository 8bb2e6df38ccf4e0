// set and shopt: the options the guard follows (state.ts SET_O, SHOPT) change the worlds; one
// that changes how bash reads the commands after it (UNFOLLOWED_SET_O, UNFOLLOWED_SHOPT) asks.

import type { Arg } from "../../commands/analyse.ts";
import { type Options, positionalText, SET_O, SHOPT, STATUS_UNKNOWN, UNFOLLOWED_SET_O, UNFOLLOWED_SHOPT,
  type World } from "../../shell/state.ts";
import type { BuiltinContext } from "../context.ts";
import { done, taint } from "../worlds.ts";

export function setBuiltin(it: BuiltinContext, argv: readonly Arg[], w: World): World[] {
  const args = argv.slice(1);
  if (args.length === 0) return done(w, 0);
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === null) {
      // set "$x": options and positional parameters become unknown; the word may turn on one
      // the guard does not follow (`-k`, `-o posix`).
      unfollowedIssue(it, "set with a word that is not known", args[i]!);
      for (const k of Object.keys(w.options) as (keyof Options)[]) w.options[k] = null;
      w.positional = null;
      return done(w, STATUS_UNKNOWN);
    }
    if (t === "--" || t === "-") {
      const rest = args.slice(i + 1);
      w.positional = rest.every((r) => r.text !== null)
        ? rest.map((r) => positionalText(r.text!, r.standIn === true))
        : null;
      return done(w, 0);
    }
    if (/^[-+][a-zA-Z]+$/.test(t)) {
      const on = t.startsWith("-");
      for (const c of t.slice(1)) {
        if (c === "P") w.options.physical = on;
        if (c === "f") w.options.noglob = on;
        if (c === "a") w.options.allexport = on;
        if (c === "k" && on) return unfollowedOption(it, w, "set -k", args[i]!);
        if (c !== "o") continue;
        // `-o NAME`, also inside a cluster (`set -eo pipefail`): the next word is the option.
        const name = args[i + 1]?.text;
        if (name === undefined) return done(w, 0);
        i++;
        if (name === null) {
          // An unknown name may be one the guard does not follow (posix); the others become unknown.
          if (on) unfollowedIssue(it, `set -o with an option name that is not known`, args[i]!);
          for (const k of Object.values(SET_O)) w.options[k] = null;
        } else if (SET_O[name]) w.options[SET_O[name]] = on;
        else if (on && UNFOLLOWED_SET_O.has(name)) return unfollowedOption(it, w, `set -o ${name}`, args[i]!);
      }
      continue;
    }
    // First non-option word: the rest are positional parameters.
    const rest = args.slice(i);
    w.positional = rest.every((r) => r.text !== null)
      ? rest.map((r) => positionalText(r.text!, r.standIn === true))
      : null;
    return done(w, 0);
  }
  void it;
  return done(w, 0);
}

export function shopt(_it: BuiltinContext, argv: readonly Arg[], w: World): World[] {
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
    if (names.includes(null)) { for (const n of names) if (n !== null && SHOPT[n]) w.options[SHOPT[n]] = null; }
    return done(w, STATUS_UNKNOWN);
  }
  for (const n of names) {
    if (n === null) {
      // An unknown name may be one the guard does not follow (nocasematch, compat42); the others become unknown.
      if (on) unfollowedIssue(_it, `shopt ${setStyle ? "-so" : "-s"} with an option name that is not known`, argv[0]!);
      for (const k of Object.keys(w.options) as (keyof Options)[]) w.options[k] = null;
      continue;
    }
    const key = setStyle ? SET_O[n] : SHOPT[n];
    if (key) w.options[key] = on;
    else if (on && (setStyle ? UNFOLLOWED_SET_O : UNFOLLOWED_SHOPT).has(n)) {
      return unfollowedOption(_it, w, `shopt ${setStyle ? "-so" : "-s"} ${n}`, argv[0]!);
    }
  }
  return done(w, 0);
}

function unfollowedOption(it: BuiltinContext, w: World, what: string, at: Arg): World[] {
  it.issue("SHELL_STATE", `${what} changes how bash reads the commands after it, which the guard does not follow`,
    at.span);
  return [taint(w, what)];
}

function unfollowedIssue(it: BuiltinContext, what: string, at: Arg): void {
  it.issue("SHELL_STATE", `${what} may change how bash reads the commands after it, which the guard does not follow`,
    at.span);
}
