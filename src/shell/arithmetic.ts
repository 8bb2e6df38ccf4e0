// Text that bash evaluates as an arithmetic expression: $((…)), ((…)), `let`, `for ((…))`,
// the operands of [[ … -eq … ]], array subscripts, and the subscript of a name given to `read`,
// `printf -v`, `test -v`, `declare` or `${!x}`. In that evaluation a variable's value is itself
// evaluated, and a subscript in it is expanded, command substitutions included:
// `x='a[$(cmd)]'; echo $((x))` runs cmd. These functions say whether evaluating some text or
// some variables could run a command the guard has not seen; a value that is not known could.

import type { Value } from "./state.ts";

export interface EvaluationRisk {
  readonly code: "OPAQUE_CODE" | "UNRESOLVED_WORD";
  readonly why: string;
  /** The value whose command substitutions would run, for the caller to analyse them. */
  readonly runs?: string;
}

/** A value's own words are evaluated in turn; bash gives up at 1024 levels, the guard sooner. */
const MAX_DEPTH = 8;

/** A number as arithmetic reads one: decimal, octal, hex, or base#digits. */
const NUMBER = /^\s*[-+]?\s*(0[xX][0-9a-fA-F]+|[0-9]+(#[0-9A-Za-z@_]+)?)?\s*$/;
/** What expands inside a subscript when a value is evaluated. */
const EXPANSION = /\$\(|`|\$\{|\$\[/;
/**
 * A variable named in an expression: `x`, `$x`, `$1`, `$#`, but not a digit of `16#ff` or
 * `0x1f`, nor the target of a plain assignment (`x = 1` does not read x).
 */
const REFERENCE = /(?:^|[^0-9A-Za-z_#@.])\$?([A-Za-z_][A-Za-z0-9_]*)(?!\s*=[^=]|[A-Za-z0-9_])|\$([0-9]+|[#?$!@*])/g;

/** A variable's value, or undefined for one the command never set (the host's, taken on trust). */
type Lookup = (name: string) => Value | undefined;

/** The variables an expression's text names (each once, in order). */
export function referencedNames(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(REFERENCE)) out.add(m[1] ?? m[2]!);
  return [...out];
}

function quote(text: string): string {
  return JSON.stringify(text.length > 60 ? text.slice(0, 60) + "…" : text);
}

/** The risk in evaluating `text` (already expanded by the shell) as an expression. */
export function textRisk(text: string, lookup: Lookup, depth = 0): EvaluationRisk | null {
  if (EXPANSION.test(text)) {
    return { code: "OPAQUE_CODE", why: `${quote(text)} is evaluated as arithmetic, and the command in it runs`,
      runs: text };
  }
  if (NUMBER.test(text)) return null;
  if (depth >= MAX_DEPTH) {
    return { code: "UNRESOLVED_WORD",
      why: `${quote(text)} is evaluated as arithmetic through more than ${MAX_DEPTH} variables` };
  }
  for (const name of referencedNames(text)) {
    const r = variableRisk(name, lookup, depth + 1);
    if (r) return r;
  }
  return null;
}

/** The risk in evaluating the variables `names` (named literally in an expression). */
export function variablesRisk(names: readonly string[], lookup: Lookup): EvaluationRisk | null {
  for (const n of names) {
    const r = variableRisk(n, lookup, 0);
    if (r) return r;
  }
  return null;
}

function variableRisk(name: string, lookup: Lookup, depth: number): EvaluationRisk | null {
  const v = lookup(name);
  if (v === undefined) return null;
  switch (v.k) {
    case "unset":
      return null;
    case "unknown":
      return v.numeric
        ? null
        : { code: "UNRESOLVED_WORD",
          why:
            `$${name} is evaluated as arithmetic, and its value is not known (a subscript in it would run a command)` };
    case "str":
      return textRisk(v.v, lookup, depth);
    case "arr":
      for (const e of v.v) {
        const r = textRisk(e, lookup, depth);
        if (r) return r;
      }
      return null;
  }
}

/**
 * The risk in a name given to a builtin that assigns or tests it: only a subscript
 * (`a[…]`) is evaluated. An unknown name may hold one.
 */
export function nameRisk(text: string | null, lookup: Lookup): EvaluationRisk | null {
  if (text === null) {
    return { code: "UNRESOLVED_WORD",
      why: "a variable name that is not known is evaluated (a subscript in it would run a command)" };
  }
  const open = text.indexOf("[");
  if (open < 0) return null;
  const close = text.lastIndexOf("]");
  return textRisk(text.slice(open + 1, close > open ? close : text.length), lookup);
}
