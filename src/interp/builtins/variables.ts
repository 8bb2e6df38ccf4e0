// declare, typeset, local, export, readonly and unset: variables, their attributes, function
// scopes (locals hide the caller's, -g writes the global) and exported functions. namedWrite
// judges a write to a variable that changes what later commands do, whichever builtin writes it.

import type { Arg } from "../../commands/analyse.ts";
import type { Span } from "../../base/span.ts";
import { COMPAT_VARIABLE, markStandIn, unknown, UNSET, type World } from "../../shell/state.ts";
import type { Assign } from "../../shell/syntax.ts";
import { knownPrefix, textWithNumbers } from "../../shell/words/env.ts";
import { lookup } from "../../shell/words/variables.ts";
import type { BuiltinContext } from "../context.ts";
import { done, taint } from "../worlds.ts";

function parseAssignmentText(
  text: string,
): { name: string; append: boolean; value: string | null; index: string | null } | null {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?(\+?=)?([\s\S]*)$/.exec(text);
  if (!m) return null;
  if (!m[3]) return m[4] ? null : { name: m[1]!, append: false, value: null, index: m[2] ? m[2].slice(1, -1) : null };
  return { name: m[1]!, append: m[3] === "+=", value: m[4]!, index: m[2] ? m[2].slice(1, -1) : null };
}

export function declare(it: BuiltinContext, argv: readonly Arg[], w: World,
  kind: "export" | "declare" | "local" | "readonly"): World[]
{
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
  if (functions) {
    return exportFunctions(it, argv.slice(i), w,
      add.includes("x") && !add.includes("n") ? true : remove.includes("x") || add.includes("n") ? false : null);
  }
  void global;
  for (const a of argv.slice(i)) {
    let argText = a.text;
    if (argText === null) {
      // `local x=$(cmd)`: the name is known even if the value is not.
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(\+?=)/.exec(knownPrefix(a));
      if (!m) {
        it.issue("SHELL_STATE", `${kind} with an argument that is not known`, a.span);
        return [taint(w, `${kind} with an unknown argument`)];
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
        else if ((add.includes("a") || add.includes("A")) && (v === undefined || v.k === "unset")) {
          w.setVar(name, { k: "arr", v: [] });
        }
        return;
      }
      const assign = a.text !== null ? assignFromArg(a, parsed) : null;
      if (assign) it.setVariable(assign, w);
      else w.setVar(name, unknown(`$${name} is not known`));
      // (A value given as a stand-in for a listing's names is one: src/shell/listing.ts.)
      const set = w.getVar(name);
      if (a.standIn && set !== undefined && (set.k === "str" || set.k === "arr")) {
        w.setVar(name, markStandIn({ ...set }));
      }
      if (add.includes("A") || (parsed.value.startsWith("(") && !assign)) {
        w.setVar(name, unknown(`$${name} is an array the guard does not follow`));
      }
    };
    if (global && inFunction) writeGlobal(it, w, name, write);
    else write();
  }
  return done(w, 0);
}

/** `export -f NAME…`, `declare -fx`: a child bash gets the functions (`export -fn`, `declare +x -f`: no longer). */
function exportFunctions(it: BuiltinContext, names: readonly Arg[], w: World, exported: boolean | null): World[] {
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
function makeLocal(it: BuiltinContext, w: World, name: string): boolean {
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
  else if (inherit === null) {
    w.setVar(name, unknown(`$${name} may keep its outer value (localvar_inherit is not known)`));
  }
}

/** `local -`: the set options in effect now come back when the function returns. */
function keepSetOptions(w: World): void {
  const top = w.frames[w.frames.length - 1];
  if (!top || top.options) return;
  w.frames = [...w.frames.slice(0, -1), { ...top,
    options: { physical: w.options.physical, noglob: w.options.noglob } }];
}

/**
 * Writes the global NAME from inside a function. When a local hides it, the global is the value
 * the outermost frame holding NAME restores on return: that value is written, and what the
 * function sees stays as it was.
 */
export function writeGlobal(it: BuiltinContext, w: World, name: string, write: () => void): void {
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
function assignFromArg(a: Arg, parsed: { name: string; append: boolean; value: string | null; index: string | null }):
  | Assign
  | null
{
  if (parsed.value === null) return null;
  if (parsed.value.startsWith("(")) return null;
  return { name: parsed.name,
    index: parsed.index === null
      ? null
      : { parts: [{ t: "lit", text: parsed.index }], span: a.span, text: parsed.index }, append: parsed.append,
    value: { parts: [{ t: "lit", text: parsed.value }], span: a.span, text: parsed.value }, array: null, span: a.span };
}

export function unsetBuiltin(it: BuiltinContext, argv: readonly Arg[], w: World): World[] {
  let mode: "v" | "f" | "n" = "v";
  let ws: World[] = [w];
  for (const a of argv.slice(1)) {
    if (a.text === null) {
      // `unset a[$RANDOM%4]`: some element of `a` goes, whichever the number picks. Unquoted,
      // the word is also a pattern (`a[1%4]` matches a file `a1`): then a variable named `a`
      // and one character more may be what goes instead.
      const element = mode === "v" ? /^([A-Za-z_][A-Za-z0-9_]*)\[[^[\]]*\]$/.exec(textWithNumbers(a) ?? "") : null;
      if (element) {
        const name = element[1]!;
        for (const x of ws) {
          for (const n of [name,
            ...[...x.varNames()].filter((v) => v.length === name.length + 1 && v.startsWith(name))])
          {
            x.setVar(n, unknown(`an element of ${n} may have been unset`));
          }
        }
        continue;
      }
      it.issue("SHELL_STATE", "unset with an argument that is not known", a.span);
      return ws.map((x) => taint(x, "unset with an unknown argument"));
    }
    if (a.text === "-f") mode = "f";
    else if (a.text === "-v") mode = "v";
    else if (a.text === "-n") mode = "n";
    else if (mode === "f") { for (const x of ws) x.setFunc(a.text, null); }
    else {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(\[.*\])?$/.exec(a.text);
      if (!m) continue;
      const name = m[1]!;
      if (m[2]) { for (const x of ws) x.setVar(name, unknown(`an element of ${name} was unset`)); }
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

/**
 * `readonly PWD`, `declare -r OLDPWD`: cd can no longer record where it went, so `cd -` and
 * `$PWD` stop following the directory; the guard does not model that.
 */
function cdBookkeeping(it: BuiltinContext, name: string, add: string, span: Span): void {
  if ((name === "PWD" || name === "OLDPWD") && add.includes("r")) {
    it.issue("SHELL_STATE", `a read-only ${name} keeps cd from updating it, which the guard does not follow`, span);
  }
}

/** `a[i]` names the variable `a`. */
export function baseName(name: string): string {
  const cut = name.indexOf("[");
  return cut < 0 ? name : name.slice(0, cut);
}

/**
 * A builtin writes a variable it was given by name (`read`, `printf -v`, `mapfile`, `getopts`,
 * `let`, the declaration builtins). Some names change what later commands do, whoever writes
 * them: the same judgement as for an assignment.
 */
export function namedWrite(it: BuiltinContext, name: string, w: World, span: Span): void {
  const base = baseName(name);
  if (base === "BASH_CMDS" || base === "BASH_ALIASES") {
    it.issue("SHELL_STATE", `writing ${base} changes which program or alias a name runs`, span);
  } // Writing DIRSTACK edits the stack: what popd and ~N reach is no longer known.
  else if (base === "DIRSTACK") w.stackUnknown = true;
  else if (base === "POSIXLY_CORRECT") {
    it.issue("SHELL_STATE", "POSIXLY_CORRECT puts bash in posix mode, which the guard does not follow", span);
  } else if (base === COMPAT_VARIABLE) {
    it.issue("SHELL_STATE",
      `writing ${COMPAT_VARIABLE} sets bash's compatibility level, which changes how it reads the commands after it; the guard does not follow it`,
      span);
  } else if (base === "GLOBIGNORE") w.options.dotglob = null;
  else if (base === "PS4") {
    it.issue("OPAQUE_CODE", "PS4 is expanded before each command under set -x, command substitutions included", span);
  }
}
