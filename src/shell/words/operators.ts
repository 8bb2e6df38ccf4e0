// The ${…} operators on a value that is known: defaults and alternatives, length, pattern
// removal and replacement, case conversion, substrings. The operand's own expansion comes in
// as a function (stringOf) from parts.ts, so this file does not import it back.

import { compileMatcher, type PatternChar } from "../pattern.ts";
import type { ParamExpansion, Word } from "../syntax.ts";
import { PARAM_OPS } from "../param-ops.ts";
import type { Span } from "../../base/span.ts";
import { isStandIn, markStandIn, type Value, type World, unknown, str } from "../state.ts";
import { nameRisk } from "../arithmetic.ts";
import type { WordEnv, Piece } from "./env.ts";
import { lookup, evaluationLookup, reportRisk, writeEvaluated } from "./variables.ts";

/**
 * The pieces of a value. An array not in the `$@` form is one word, its elements joined by
 * `sep`: the first character of IFS (null: IFS is not known).
 */
export function valuePiecesJoined(v: Value, quoted: boolean, split: boolean, atForm: boolean,
  sep: string | null): Piece[]
{
  const pieces = valuePiecesOf(v, quoted, split, atForm, sep);
  // Text from a stand-in stays one wherever it goes: a variable, a positional parameter, a `case` subject.
  return isStandIn(v) ? pieces.map((p) => (p.k === "text" ? { ...p, standIn: true as const } : p)) : pieces;
}

function valuePiecesOf(v: Value, quoted: boolean, split: boolean, atForm: boolean, sep: string | null): Piece[] {
  switch (v.k) {
    case "str":
      return [{ k: "text", text: v.v, quoted, split }];
    case "unset":
      return [];
    case "unknown":
      return [{ k: "unknown", u: v, quoted, split }];
    case "arr": {
      if (!atForm) {
        if (sep === null && v.v.length > 1) {
          return [{ k: "unknown", u: unknown("elements joined by the first character of IFS, which is not known"),
            quoted, split }];
        }
        return v.v.length ? [{ k: "text", text: v.v.join(sep ?? ""), quoted, split }] : [];
      }
      const out: Piece[] = [];
      v.v.forEach((e, i) => {
        if (i > 0) out.push({ k: "break" });
        out.push({ k: "text", text: e, quoted, split });
        if (quoted) out.push({ k: "keep" });
      });
      return out;
    }
  }
}

export function isNull(v: Value): boolean | null {
  if (v.k === "unknown") return null;
  if (v.k === "unset") return true;
  if (v.k === "str") return v.v === "";
  return v.v.length === 0 || (v.v.length === 1 && v.v[0] === "");
}

export function expandOperator(pe: ParamExpansion, v: Value, quoted: boolean, split: boolean, atForm: boolean,
  world: World, env: WordEnv, span: Span, valuePieces: (x: Value, q: boolean, sp: boolean, at: boolean) => Piece[],
  stringOf: (w: Word | null) => Piece[]): Piece[]
{
  const facts = PARAM_OPS[pe.op];
  // (By family: the table says which operator of it this is, src/shell/param-ops.ts.)
  const family = facts.family;
  // Whether the default, assign and alternative forms see the value as empty: null when not known.
  const empty = (): boolean | null => (facts.empty === "null" ? isNull(v) : v.k === "unknown" ? null : v.k === "unset");
  switch (family) {
    case "value":
      return valuePieces(v, quoted, split, atForm);
    case "length":
      if (v.k === "str") return [{ k: "text", text: String([...v.v].length), quoted, split }];
      if (v.k === "unset") return [{ k: "text", text: "0", quoted, split }];
      return [{ k: "unknown", u: unknown("a length", true), quoted, split }];
    case "indirect": {
      // ${!a[@]} and ${!a[*]} are a's keys, not an indirection: bash evaluates nothing (5.2).
      if (pe.index !== null && (pe.index.text === "@" || pe.index.text === "*")) {
        return [{ k: "unknown", u: unknown(`the keys of ${pe.name}`), quoted, split }];
      }
      if (v.k === "str" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(v.v)) {
        return valuePieces(lookup(world, env, v.v), quoted, split, false);
      }
      // The value is a name whose subscript bash evaluates: `a[$(cmd)]` runs cmd.
      reportRisk(nameRisk(v.k === "str" ? v.v : v.k === "unset" ? "" : null, evaluationLookup(world, env)), world, env,
        span);
      return [{ k: "unknown", u: unknown(`the indirection \${!${pe.name}} is not followed`), quoted, split }];
    }
    case "default": {
      const isEmpty = empty();
      if (isEmpty === null) return unknownEmptiness(pe, quoted, split);
      return isEmpty ? markSplit(stringOf(pe.arg), split) : valuePieces(v, quoted, split, atForm);
    }
    case "assign": {
      const isEmpty = empty();
      if (isEmpty === null) {
        // It may assign: an integer variable (or RANDOM, OPTIND) would evaluate the default.
        if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(pe.name)) {
          writeEvaluated(world, env, pe.name, [piecesToValue(stringOf(pe.arg))], span);
        }
        return unknownEmptiness(pe, quoted, split);
      }
      if (!isEmpty) return valuePieces(v, quoted, split, atForm);
      const assigned = piecesToValue(stringOf(pe.arg));
      if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(pe.name)) {
        // An integer variable (or RANDOM, OPTIND) evaluates the default written into it.
        writeEvaluated(world, env, pe.name, [assigned], span);
        world.setVar(pe.name, assigned);
      }
      return valuePieces(assigned, quoted, split, false);
    }
    case "error":
      return valuePieces(v, quoted, split, atForm);
    case "alternative": {
      const isEmpty = empty();
      if (isEmpty === null) return unknownEmptiness(pe, quoted, split);
      return isEmpty ? [] : markSplit(stringOf(pe.arg), split);
    }
    case "remove": {
      if (v.k === "unset") return [];
      // What is left of a number is digits; of a segment, perhaps `.` (`${d#*[0-9]}` of `1.`).
      if (v.k !== "str") {
        return [{ k: "unknown", u: v.k === "unknown" ? unknown(v.why, v.numeric) : unknown("an array pattern removal"),
          quoted, split }];
      }
      const pat = piecesToPattern(stringOf(pe.arg));
      if (pat === null) {
        return [{ k: "unknown", u: unknown("a pattern removal with an unknown pattern"), quoted, split }];
      }
      const r = removePattern(v.v, pat, facts.at, facts.all, world);
      return r === null
        ? [{ k: "unknown", u: unknown("a pattern the guard cannot read"), quoted, split }]
        : [{ k: "text", text: r, quoted, split }];
    }
    case "replace": {
      if (v.k === "unset") return [];
      // A replacement can put anything in a number or a segment (`${n/1/..\/x}`).
      if (v.k !== "str") {
        return [{ k: "unknown", u: unknown(v.k === "unknown" ? v.why : "an array substitution"), quoted, split }];
      }
      const pat = piecesToPattern(stringOf(pe.arg));
      const repPieces = stringOf(pe.arg2);
      const rep = piecesToValue(repPieces);
      if (pat === null || rep.k !== "str" || isStandIn(rep)) {
        return [{ k: "unknown", u: unknown("a substitution with unknown parts"), quoted, split }];
      }
      // An unquoted & in the replacement is the matched text (bash 5.2's patsub_replacement).
      if (repPieces.some((p) => p.k === "text" && !p.quoted && p.text.includes("&"))) {
        return [{ k: "unknown", u: unknown("a replacement holding &, the matched text"), quoted, split }];
      }
      const r = replacePattern(v.v, pat, rep.v, facts.at, facts.all, world);
      return r === null
        ? [{ k: "unknown", u: unknown("a pattern the guard cannot read"), quoted, split }]
        : [{ k: "text", text: r, quoted, split }];
    }
    case "case": {
      if (v.k === "unset") return [];
      // Non-ASCII letters convert by the locale's rules, not JavaScript's (`ß` is not `SS`).
      if (v.k !== "str" || (pe.arg && pe.arg.text !== "") || /[^\x00-\x7f]/.test(v.v)) {
        return [{ k: "unknown", u: unknown("a case conversion"), quoted, split }];
      }
      const s = v.v;
      const r = facts.all ?
        (facts.upper ? s.toUpperCase() : s.toLowerCase())
        : (facts.upper ? s.slice(0, 1).toUpperCase() : s.slice(0, 1).toLowerCase()) + s.slice(1);
      return [{ k: "text", text: r, quoted, split }];
    }
    case "substring": {
      if (v.k === "unset") return [];
      const off = pe.arg ? Number(pe.arg.text.trim()) : NaN;
      const len = pe.arg2 ? Number(pe.arg2.text.trim()) : undefined;
      if (v.k !== "str" || !Number.isInteger(off) || (len !== undefined && !Number.isInteger(len))) {
        return [{ k: "unknown", u: unknown("a substring"), quoted, split }];
      }
      // Offsets count characters in a UTF-8 locale and bytes in the C locale: the host's is not known.
      if (/[^\x00-\x7f]/.test(v.v)) {
        return [{ k: "unknown", u: unknown("a substring of text that is not ASCII, which depends on the locale"),
          quoted, split }];
      }
      const s = v.v;
      const start = off < 0 ? Math.max(0, s.length + off) : off;
      const end = len === undefined ? s.length : len < 0 ? s.length + len : start + len;
      return [{ k: "text", text: s.slice(start, Math.max(start, end)), quoted, split }];
    }
    case "transform":
    case "other":
      return [{ k: "unknown", u: unknown(`the expansion \${${pe.name}${pe.op}…} is not modelled`), quoted, split }];
    default: {
      // A family this switch does not know: not modelled, so not known.
      const never: never = family;
      void never;
      return [{ k: "unknown", u: unknown(`the expansion \${${pe.name}${pe.op}…} is not modelled`), quoted, split }];
    }
  }
}

function unknownEmptiness(pe: ParamExpansion, quoted: boolean, split: boolean): Piece[] {
  const why = pe.indirect === true
    ? `\${!${pe.name}${pe.op}…} depends on the variable $${pe.name} names, which is not known`
    : `\${${pe.name}${pe.op}…} depends on $${pe.name}, which is not known`;
  return [{ k: "unknown", u: unknown(why), quoted, split }];
}

function markSplit(pieces: Piece[], split: boolean): Piece[] {
  if (!split) return pieces;
  return pieces.map((
    p,
  ) => (p.k === "text" && !p.quoted
    ? { ...p, split: true }
    : p.k === "unknown" && !p.quoted
    ? { ...p, split: true }
    : p)
  );
}

/** Joins pieces into one value (assignment semantics). */
function piecesToValue(pieces: readonly Piece[]): Value {
  let s = "";
  for (const p of pieces) {
    // Only a value that is nothing but a number is a number (`/$#/../x` is not), or a segment.
    if (p.k === "unknown") return pieces.length === 1 ? p.u : unknown(p.u.why);
    if (p.k === "text") s += p.text;
    else if (p.k === "break") s += " ";
  }
  return pieces.some((p) => p.k === "text" && p.standIn) ? markStandIn(str(s)) : str(s);
}

function piecesToPattern(pieces: readonly Piece[]): PatternChar[] | null {
  const out: PatternChar[] = [];
  for (const p of pieces) {
    // (What a pattern made of a stand-in matches is not what one made of a name matches.)
    if (p.k === "unknown" || (p.k === "text" && p.standIn)) return null;
    if (p.k === "text") { for (const c of p.text) out.push({ c, quoted: p.quoted }); }
  }
  return out;
}

function patternOptions(world: World, pathname: boolean) {
  return { pathname, extglob: world.options.extglob !== false, nocase: false, dotglob: true };
}

/** Values longer than this are not searched for patterns: the search is quadratic in the value. */
const MAX_PATTERN_SUBJECT = 4096;

/** Tests a pattern on a slice; throws Undecidable when the matcher cannot say. */
class Undecidable extends Error {}

function tester(pat: PatternChar[], world: World): ((s: string) => boolean) | null {
  const m = compileMatcher(pat, patternOptions(world, false));
  if (!m) return null;
  return (x) => {
    const r = m(x);
    if (r === null) throw new Undecidable();
    return r;
  };
}

/** Removes the shortest or the `longest` match at the start (`#`, `##`) or the end (`%`, `%%`). */
function removePattern(s: string, pat: PatternChar[], at: "start" | "end", longest: boolean, world: World): string
  | null
{
  const test = tester(pat, world);
  const cps = [...s];
  if (!test || cps.length > MAX_PATTERN_SUBJECT) return null;
  const n = cps.length;
  try {
    if (at === "start") {
      const order = longest ? range(0, n).reverse() : range(0, n);
      for (const i of order) if (test(cps.slice(0, i).join(""))) return cps.slice(i).join("");
      return s;
    }
    const order = longest ? range(0, n) : range(0, n).reverse();
    for (const i of order) if (test(cps.slice(i).join(""))) return cps.slice(0, i).join("");
    return s;
  } catch (e) {
    if (e instanceof Undecidable) return null;
    throw e;
  }
}

function range(a: number, b: number): number[] {
  const out: number[] = [];
  for (let i = a; i <= b; i++) out.push(i);
  return out;
}

/** Replaces the first match, or `all` of them, or the one anchored at the start (`/#`) or the end (`/%`). */
function replacePattern(s: string, pat: PatternChar[], rep: string, at: "start" | "end" | "any", all: boolean,
  world: World): string | null
{
  const test = tester(pat, world);
  const cps = [...s];
  if (!test || cps.length > MAX_PATTERN_SUBJECT) return null;
  // An empty pattern anchored at either end matches there: `${p/#/../}` prefixes p.
  if (pat.length === 0) return at === "start" ? rep + s : at === "end" ? s + rep : s;
  const n = cps.length;
  try {
    // An empty value is replaced when the pattern matches the empty string (`${e/*/x}`).
    if (n === 0) return test("") ? rep : s;
    if (at === "start") {
      for (let j = n; j >= 0; j--) if (test(cps.slice(0, j).join(""))) return rep + cps.slice(j).join("");
      return s;
    }
    if (at === "end") {
      for (let i = 0; i <= n; i++) if (test(cps.slice(i).join(""))) return cps.slice(0, i).join("") + rep;
      return s;
    }
    let out = "";
    let i = 0;
    let replaced = false;
    while (i <= n) {
      let matched = -1;
      if (!(replaced && !all)) {
        for (let j = n; j > i; j--) {
          if (test(cps.slice(i, j).join(""))) {
            matched = j;
            break;
          }
        }
      }
      if (matched > 0) {
        out += rep;
        i = matched;
        replaced = true;
        continue;
      }
      if (i < n) out += cps[i]!;
      i++;
    }
    return out;
  } catch (e) {
    if (e instanceof Undecidable) return null;
    throw e;
  }
}
