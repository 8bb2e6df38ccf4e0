// Assignments (`x=v`, `a[i]=v`, `a=(…)`, prefix assignments) and what bash evaluates on the way:
// subscripts, integer variables, and the names and expressions builtins evaluate (`let`,
// `read 'a[$(cmd)]'`). Evaluation may run code: what it could run is reported (arithmetic.ts).

import type { Arg } from "../commands/analyse.ts";
import type { Span } from "../base/span.ts";
import { nameRisk, textRisk, variablesRisk } from "../shell/arithmetic.ts";
import { changesCompat, COMPAT_VARIABLE, isStandIn, markStandIn, unknown, type Value,
  type World } from "../shell/state.ts";
import type { Assign } from "../shell/syntax.ts";
import { expandToSegs, expandWord } from "../shell/words/expand.ts";
import { type Field, fieldText, hasStandIn, type Seg, textWithNumbers, type WordEnv } from "../shell/words/env.ts";
import { evaluatesOnWrite, evaluationLookup, lookup, reportRisk, writeEvaluated } from "../shell/words/variables.ts";
import type { Shell } from "./context.ts";

/** What assignments and evaluation need of the shell: the word environment, and where to report. */
type Evaluator = WordEnv & Pick<Shell, "issue">;

/**
 * Variables whose assignment changes what later commands run: BASH_CMDS (like hash -p),
 * BASH_ALIASES (like alias), PS4 (expanded, command substitutions included, under set -x),
 * POSIXLY_CORRECT (posix mode), GLOBIGNORE (dotglob).
 */
function specialVariable(it: Evaluator, a: Assign, w: World): void {
  if (a.name === "BASH_CMDS" || a.name === "BASH_ALIASES") {
    it.issue("SHELL_STATE", `assigning ${a.name} changes which program or alias a name runs`, a.span);
  } // Assigning DIRSTACK edits the stack: what popd and ~N reach is no longer known.
  else if (a.name === "DIRSTACK") w.stackUnknown = true;
  else if (a.name === "POSIXLY_CORRECT") {
    it.issue("SHELL_STATE", "POSIXLY_CORRECT puts bash in posix mode, which the guard does not follow", a.span);
  } else if (a.name === COMPAT_VARIABLE && changesCompat(a.array ? null : compatText(a))) {
    it.issue("SHELL_STATE",
      `${COMPAT_VARIABLE} sets bash's compatibility level, which changes how it reads the commands after it; the guard does not follow it`,
      a.span);
  } // A GLOBIGNORE that is not empty turns dotglob on: `*` matches dotfiles (`.env`).
  else if (a.name === "GLOBIGNORE") {
    const v = w.getVar("GLOBIGNORE");
    if (v === undefined || v.k !== "str") w.options.dotglob = null;
    else if (v.v !== "") w.options.dotglob = true;
  } else if (a.name === "PS4" && a.value) {
    const text = a.value.text;
    if (promptRunsCode(text)) {
      reportRisk({ code: "OPAQUE_CODE",
        why: "PS4 is expanded before each command under set -x, command substitutions included",
        runs: text.replace(/^'(.*)'$/s, "$1") }, w, it, a.span);
    }
  }
}

/**
 * Whether a prompt's text (PS4, expanded at each command under `set -x`) may run code or assign
 * when it is expanded: a command or arithmetic substitution, backquotes, or a `${…}` other than
 * `${NAME}`, `${#NAME}`, `${NAME[DIGITS]}` and their `-`/`+` forms on such text, which only read
 * variables (`'+(${BASH_SOURCE}:${LINENO}): ${FUNCNAME[0]:+${FUNCNAME[0]}(): }'`, rbenv). An
 * indirection, a subscript that is evaluated, or `:=` can run or set more.
 */
export function promptRunsCode(text: string): boolean {
  const plain = /\$\{#?[A-Za-z_][A-Za-z0-9_]*(\[[0-9]+\])?(:?[-+][^${}`\\]*)?\}/g;
  let rest = text;
  for (let before = ""; before !== rest;) {
    before = rest;
    rest = rest.replace(plain, "");
  }
  return /\$\(|`|\$\{|\$\[/.test(rest);
}

/** The text an assignment's value will have when it needs no expansion: `x=`, `x=''`, `x=""`. */
function compatText(a: Assign): string | null {
  if (!a.value) return "";
  return /^(?:''|"")*$/.test(a.value.text) ? "" : null;
}

/** Applies assignments; returns the previous values when they are temporary. */
export function assign(it: Evaluator, assigns: readonly Assign[], w: World,
  temporary: boolean): [string, Value, string][]
{
  const saved: [string, Value, string][] = [];
  for (const a of assigns) {
    const prev = w.getVar(a.name);
    if (temporary) {
      saved.push([a.name, prev ?? lookup(w, it, a.name), w.attr(a.name)]);
      // A prefix assignment is in the environment of the command it precedes.
      if (!w.attr(a.name).includes("x")) w.setAttr(a.name, w.attr(a.name) + "x");
    }
    // Bash refuses a subscripted name before a command ("not a valid identifier") without
    // expanding the subscript; the command still runs.
    if (temporary && a.index) it.account(a.index);
    else if (a.index) subscript(it, a, w);
    setVariable(it, a, w, !temporary);
  }
  return saved;
}

/**
 * `a[i]=v`: the subscript is expanded, and for an array that is not associative the result
 * is evaluated as arithmetic, whose variables are evaluated in turn.
 */
function subscript(it: Evaluator, a: Assign, w: World): void {
  const index = a.index!;
  const fields = expandWord(index, w, it, { noGlob: true, noSplit: true }).fields;
  if (w.attr(a.name).includes("A")) return;
  evaluatedText(it, fields.map((f) => fieldText(f) ?? (onlyNumbers(f) ? "0" : null)), w, index.span, textRisk);
}

/**
 * Writes an assignment's value. `evaluates`: whether bash evaluates the value of an integer
 * variable (or RANDOM, OPTIND) here; not in an assignment before a command, which only goes into
 * the command's environment (bash 5.2: `RANDOM='a[$(cmd)]' true` ran nothing).
 */
export function setVariable(it: Evaluator, a: Assign, w: World, evaluates = true): void {
  // A nameref's target may be any variable, special ones (PS4, BASH_CMDS, PATH) included.
  if (w.attr(a.name).includes("n")) {
    it.issue("SHELL_STATE", `$${a.name} is a nameref: what a write through it changes is not followed`, a.span);
  }
  w.writeThroughNameref(a.name);
  // Under set -a (or an unknown state of it) the variable is exported: programs started later get it.
  if (w.options.allexport !== false && !w.attr(a.name).includes("x")) w.setAttr(a.name, w.attr(a.name) + "x");
  specialVariable(it, a, w);
  const prev = lookup(w, it, a.name);
  if (a.array) {
    const elems: string[] = [];
    let known = true;
    let marked = false;
    for (const word of a.array) {
      const e = expandWord(word, w, it);
      if (e.countUnknown) known = false;
      for (const f of e.fields) {
        const t = fieldText(f);
        if (hasStandIn(f)) marked = true;
        if (t === null) known = false;
        else elems.push(t);
      }
    }
    // `a=([2]=x [0]=y)` places elements by subscript: not followed.
    if (a.array.some((word) => word.parts[0]?.t === "raw" && /^\[[^\]]*\]\+?=/.test(word.text))) known = false;
    let v: Value = known ? { k: "arr", v: elems } : unknown(`the array ${a.name} is not known`);
    if (a.append && known) {
      v = prev.k === "arr"
        ? { k: "arr", v: prev.v.concat(elems) }
        : prev.k === "str"
        ? { k: "arr", v: [prev.v].concat(elems) }
        : prev.k === "unset"
        ? v
        : prev;
    }
    if (v.k === "arr" &&
      (v.v.length > it.limits.maxArrayLength || v.v.reduce((n, e) => n + e.length, 0) > it.limits.maxValueBytes))
    {
      it.issue("EXPANSION_TOO_LARGE",
        `the array ${a.name} grows past ${it.limits.maxArrayLength} elements or ${it.limits.maxValueBytes} bytes`,
        a.span);
      v = unknown(`the array ${a.name} is past the size bound`);
    }
    if (evaluates) writeEvaluated(w, it, a.name, [v], a.span);
    // (An array holding a stand-in for a listing's names is a stand-in array: src/shell/listing.ts.)
    w.setVar(a.name, marked && v.k === "arr" ? markStandIn({ ...v }) : v);
    return;
  }
  const segs = a.value ? expandToSegs(a.value, w, it, true) : [];
  let v: Value = segsValue(segs);
  // (`n+=x` on an integer evaluates x and adds it: what is evaluated is what is written.)
  const written = v;
  if (a.index) {
    // a[i]=v: only literal indices into known arrays are followed.
    const idx = /^[0-9]+$/.test(a.index.text) ? Number(a.index.text) : null;
    if (idx === null || v.k !== "str" || prev.k === "unknown") v = unknown(`the array ${a.name} is not known`);
    else {
      const arr = prev.k === "arr" ? [...prev.v] : prev.k === "str" ? [prev.v] : [];
      while (arr.length < idx) arr.push("");
      arr[idx] = v.v;
      v = isStandIn(v) || isStandIn(prev) ? markStandIn({ k: "arr", v: arr }) : { k: "arr", v: arr };
    }
  } else if (a.append) {
    const mark = isStandIn(v) || isStandIn(prev);
    if (prev.k === "str" && v.k === "str") {
      v = mark ? markStandIn({ k: "str", v: prev.v + v.v }) : { k: "str", v: prev.v + v.v };
    } else if (prev.k === "unset") { /* v as is */ }
    else if (prev.k === "arr" && v.k === "str") {
      v = mark
        ? markStandIn({ k: "arr", v: [prev.v[0] + v.v, ...prev.v.slice(1)] })
        : { k: "arr", v: [prev.v[0] + v.v, ...prev.v.slice(1)] };
    } else v = unknown(`$${a.name} is appended to an unknown value`);
  }
  const attrs = w.attr(a.name);
  // An integer variable's value (and RANDOM's, OPTIND's) is evaluated as arithmetic when assigned.
  if (evaluates) writeEvaluated(w, it, a.name, [written], a.span);
  if (attrs.includes("n")) v = unknown(`$${a.name} is a nameref`);
  else if (attrs.includes("i")) v = unknown(`$${a.name} is an integer`, true);
  else if (/[luc]/.test(attrs)) v = unknown(`$${a.name} changes case on assignment`);
  w.setVar(a.name, v);
}

/**
 * Words bash's builtins evaluate: `let`'s expressions, and the names given to `read`,
 * `printf -v`, `test -v`, `unset` and the declaration builtins, whose subscripts are
 * arithmetic (`read 'a[$(cmd)]'` runs cmd). `declare -n` targets and `declare -i` values
 * are evaluated when used or assigned.
 */
export function builtinEvaluation(it: Evaluator, name: string, argv: readonly Arg[], w: World, span: Span): void {
  const args = argv.slice(1);
  const names: (string | null)[] = [];
  const exprs: (string | null)[] = [];
  switch (name) {
    case "let":
      exprs.push(...args.map((a) => a.text));
      break;
    case "read":
    case "printf":
    case "test":
    case "[":
    case "unset": {
      // Options that name a variable, and those whose value is something else.
      const nameOpt = name === "read" ? "a" : name === "printf" ? "v" : name === "unset" ? "" : "v";
      const valued = name === "read" ? "adinNptu" : name === "printf" ? "v" : "";
      let operands = name === "read" || name === "unset";
      for (let i = 0; i < args.length; i++) {
        const t = args[i]!.text;
        if (t === null) {
          // `unset a[$RANDOM%4]`: a number in the subscript runs nothing, whatever it is.
          if (operands) names.push(name === "unset" ? textWithNumbers(args[i]!) : null);
          continue;
        }
        if (t === "--" && name !== "test" && name !== "[") {
          operands = name === "read" || name === "unset";
          continue;
        }
        if (t.startsWith("-") && t.length > 1 && !/^-[0-9]/.test(t)) {
          for (let j = 1; j < t.length; j++) {
            if (!valued.includes(t[j]!) && !(name === "test" || name === "[")) continue;
            const value = j + 1 < t.length ? t.slice(j + 1) : (args[++i]?.text ?? "");
            if (t[j] === nameOpt) names.push(j + 1 < t.length ? value : (args[i]?.text ?? null));
            break;
          }
          continue;
        }
        if (operands) names.push(t);
      }
      break;
    }
    case "declare":
    case "typeset":
    case "local":
    case "export":
    case "readonly": {
      const flags = args.filter((a) => a.text !== null && /^[-+][A-Za-z]+$/.test(a.text)).map((a) => a.text!).join("");
      for (const a of args) {
        if (a.text === null) {
          // `NAME=$(…)`: the value is not known, but the name is written out. A value of numbers
          // alone (`$(wc -l < f)`) runs nothing when an integer evaluates it.
          const written = /^([A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?)\+?=/.exec(a.source);
          names.push(written && !/[$`]/.test(written[2] ?? "") ? written[1]! : null);
          if (written && /-[A-Za-z]*n/.test(flags)) names.push(null);
          else if (written && /-[A-Za-z]*i/.test(flags)) exprs.push(numericText(a));
          continue;
        }
        if (/^[-+][A-Za-z]+$/.test(a.text)) continue;
        const eq = a.text.indexOf("=");
        names.push(eq < 0 ? a.text : a.text.slice(0, eq));
        if (eq >= 0 && /-[A-Za-z]*n/.test(flags)) names.push(a.text.slice(eq + 1));
        // An integer variable evaluates its value, and so do RANDOM and OPTIND (not a new `local` one).
        const integer = /-[A-Za-z]*i/.test(flags) || (name !== "local" && evaluatesOnWrite(w, a.text.slice(0, eq)));
        if (eq >= 0 && integer) exprs.push(a.text.slice(eq + 1));
      }
      break;
    }
    default:
      return;
  }
  if (names.length) evaluatedText(it, names, w, span, nameRisk);
  if (exprs.length) evaluatedText(it, exprs, w, span, textRisk);
}

/** Variables an arithmetic expression names are evaluated: reports what that could run. */
export function evaluated(it: Evaluator, names: readonly string[], w: World, span: Span): World {
  if (names.length) reportRisk(variablesRisk(names, evaluationLookup(w, it)), w, it, span);
  return w;
}

/** Texts bash evaluates (as arithmetic, or as a name with a subscript); null is not known. */
export function evaluatedText(it: Evaluator, texts: readonly (string | null)[], w: World, span: Span,
  risk: typeof textRisk | typeof nameRisk): void
{
  for (const t of texts) {
    const r = t === null
      ? { code: "UNRESOLVED_WORD" as const,
        why: "a word that is evaluated as arithmetic or as a variable name is not known" }
      : risk(t, evaluationLookup(w, it));
    if (r) {
      reportRisk(r, w, it, span);
      return;
    }
  }
}

/** The text of a word whose unknown parts are numbers alone, with 0 for each; else null. */
function numericText(a: Arg): string | null {
  const t = textWithNumbers(a);
  return t === null ? null : t.replace(/^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/, "");
}

function segsValue(segs: readonly Seg[]): Value {
  let s = "";
  for (const seg of segs) {
    // Only a value that is nothing but a number is a number (`/$#/../x` is not), or a segment.
    if ("unknown" in seg) return segs.length === 1 ? seg.unknown : unknown(seg.unknown.why);
    s += seg.text;
  }
  return segs.some((g) => "text" in g && g.standIn) ? markStandIn({ k: "str", v: s }) : { k: "str", v: s };
}

/** A field of digits and numbers only (`$(seq 5)`, `$((i+1))0`). */
export function onlyNumbers(f: Field): boolean {
  return f.segs.every((seg) => ("unknown" in seg ? seg.unknown.numeric : /^[0-9]*$/.test(seg.text)));
}
