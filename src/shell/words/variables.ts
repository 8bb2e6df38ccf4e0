// Variables as expansion reads them: a world's own, then what the environment is known to
// hold; IFS; and the risks of evaluating a value as arithmetic.

import type { Span } from "../../base/span.ts";
import { positionalArray, positionalValue, type Value, type World, unknown, str } from "../state.ts";
import { type EvaluationRisk, textRisk } from "../arithmetic.ts";
import type { Stmt } from "../syntax.ts";
import type { WordEnv } from "./env.ts";

export const DEFAULT_IFS = " \t\n";

const DEFAULT_IFS_VALUE: Value = str(DEFAULT_IFS);

/** The value of a variable in a world, falling back to what the environment is known to hold. */
export function lookup(world: World, env: WordEnv, name: string): Value {
  const v = world.getVar(name);
  // (A PATH held as the host's after known entries is text nobody knows, once read.)
  if (v !== undefined) return v.k === "unknown" && v.hostPath !== undefined ? unknown(v.why) : v;
  switch (name) {
    case "HOME":
      return env.home === null ? unknown("$HOME is not known") : str(env.home);
    case "PWD":
      return world.cwd === null ? unknown("the working directory is not known") : str(world.cwd);
    case "OLDPWD":
      return world.oldpwd === undefined
        ? { k: "unset" }
        : world.oldpwd === null
        ? unknown("$OLDPWD is not known")
        : str(world.oldpwd);
    case "IFS":
      // Every bash (and dash) starts with IFS set to space, tab and newline, whatever its
      // environment holds: an unquoted $IFS splits, and "$IFS" is those three characters.
      return DEFAULT_IFS_VALUE;
    case "OPTIND":
      // "OPTIND is initialized to 1 each time the shell or a shell script is invoked" (bash(1)).
      return str("1");
    case "#":
    case "?":
    case "$":
    case "!":
    case "RANDOM":
    case "LINENO":
    case "SECONDS":
    case "BASHPID":
    case "PPID":
    case "UID":
    case "EUID":
      return unknown(`$${name} is a number the guard does not compute`, true);
    case "BASH_SOURCE":
      // The files the running code was read from (the interpreter's frame), when known.
      return env.bashSource ? { k: "arr", v: env.bashSource } : unknown("$BASH_SOURCE is not known");
    case "@":
    case "*":
      return world.positional === null
        ? unknown("the positional parameters are not known")
        : positionalArray(world.positional);
  }
  if (/^[1-9][0-9]*$/.test(name)) {
    if (world.positional === null) return unknown(`$${name} is not known`);
    const p = world.positional[Number(name) - 1];
    return p === undefined ? { k: "unset" } : positionalValue(p);
  }
  const e = env.env.get(name);
  if (e !== undefined) return str(e);
  if (name === "CDPATH") return { k: "unset" };
  return unknown(inheritedWhy(name));
}

/** Why a variable the code never assigned, so its caller's environment's, is not known. */
function inheritedWhy(name: string): string {
  return `$${name} is not known`;
}

/**
 * Whether a word is unknown only because it holds (or is made from) one variable of the
 * environment the code never assigned (`$BUILD_DIR`, `${COMP_WORDS[1]}`): the same fact at
 * every place in the shell (Reason.state `environment`). Not a positional parameter, whose value
 * is each function call's own.
 */
export function isInheritedWhy(why: string): boolean {
  const m = /^\$([A-Za-z_][A-Za-z0-9_]*) is not known$/.exec(why);
  return m !== null && why === inheritedWhy(m[1]!);
}

/**
 * Values as arithmetic evaluation sees them, for judging what it could run: a variable the
 * command set (or a positional parameter), or undefined for one inherited from the host,
 * whose environment is taken on trust as its aliases and functions are.
 */
export function evaluationLookup(world: World, env: WordEnv): (name: string) => Value | undefined {
  return (name) => world.getVar(name) ?? (/^([0-9]+|[@*#?$!])$/.test(name) ? lookup(world, env, name) : undefined);
}

export function ifsOf(world: World, env: WordEnv): string | null {
  const v = lookup(world, env, "IFS");
  if (v === DEFAULT_IFS_VALUE || v.k === "unset") return DEFAULT_IFS;
  // With glob characters in IFS, bash treats quoted ones in a pattern otherwise: not followed.
  if (v.k === "str") return /[*?[\]\\]/.test(v.v) ? null : v.v;
  return null;
}

/**
 * Variables bash evaluates as arithmetic whenever a value is written into them, whatever their
 * attributes: bash 5.2 ran the subscript of `a[$(cmd)]` written to each (SECONDS and LINENO
 * take the value as it is).
 */
const EVALUATED_ON_WRITE: ReadonlySet<string> = new Set(["RANDOM", "SRANDOM", "OPTIND", "HISTCMD"]);

/** Whether bash evaluates as arithmetic what is written into `name` (an integer variable, RANDOM). */
export function evaluatesOnWrite(world: World, name: string): boolean {
  const base = name.replace(/\[.*$/s, "");
  return world.attr(base).includes("i") || EVALUATED_ON_WRITE.has(base);
}

/**
 * A write of `values` into the variable `name` (by an assignment, `read`, `mapfile`, `printf -v`,
 * `for`, `select`, `getopts`, `${name:=…}`, a declaration builtin): where bash evaluates what is
 * written (evaluatesOnWrite), reports what that could run. A value that is not known runs
 * nothing only when it is made of numbers alone (`$(wc -l < f)`).
 */
export function writeEvaluated(world: World, env: WordEnv, name: string, values: readonly Value[], span: Span): void {
  if (!evaluatesOnWrite(world, name)) return;
  for (const v of values) {
    const texts = v.k === "str" ? [v.v] : v.k === "arr" ? v.v : v.k === "unset" ? [] : [v.numeric ? "0" : null];
    for (const t of texts) {
      const r = t === null
        ? { code: "UNRESOLVED_WORD" as const,
          why: `$${name} evaluates what is written into it as arithmetic, and ${v.k === "unknown" ? v.why : "it"}` }
        : textRisk(t, evaluationLookup(world, env));
      if (r) {
        reportRisk(r, world, env, span);
        return;
      }
    }
  }
}

/** Reports a risk, and analyses the command substitutions in a value that evaluation runs. */
export function reportRisk(r: EvaluationRisk | null, world: World, env: WordEnv, span: Span): void {
  if (!r) return;
  env.problem(r.code, r.why, span);
  if (r.runs !== undefined) env.substituteCode(`: ${r.runs}`, world, span);
}

/**
 * Runs the command substitutions of an arithmetic expression (`$((…))`, `((…))`, `for ((…))`),
 * whose output is part of the text bash evaluates: an output that is not only numbers must be
 * known text, judged as any evaluated value is. `echo $(( $(cat f) ))` runs what a subscript
 * in f holds (bash 5.2: a file holding `a[$(touch x)]` made x).
 */
export function substituteEvaluated(inner: readonly Stmt[], world: World, env: WordEnv, span: Span): void {
  let risk: EvaluationRisk | null = null;
  for (const s of inner) {
    if (s.t !== "subshell") {
      // Code the lowering parses again (text in single quotes, a backquoted command with escapes): its output is not followed.
      env.substitute(s, world, span);
      risk ??= { code: "UNRESOLVED_WORD",
        why: "code in an arithmetic expression prints text that is evaluated, which the guard does not follow" };
      continue;
    }
    const out = env.substitute(s, world, span);
    if (env.printsOnlyNumbers(s.body, world)) continue;
    risk ??= typeof out === "string"
      ? textRisk(out.replace(/\n+$/, ""), evaluationLookup(world, env))
      : { code: "UNRESOLVED_WORD",
        why:
          "the output of a command substitution is evaluated as arithmetic, and it is not known (a subscript in it would run a command)" };
  }
  reportRisk(risk, world, env, span);
}
