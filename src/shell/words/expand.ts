// Word expansion, in bash's order: brace expansion, tilde expansion, parameter and command
// substitution and arithmetic, word splitting, pathname expansion, quote removal.
//
// Expansion does no I/O of its own: the disk (for globs and `~user`) and the analysis of
// command substitutions arrive through WordEnv. Whatever is not known stays an `unknown`
// segment that says why, and the consumer fails closed on it.
//
// This file is the entry (expandWord, expandToSegs); src/shell/words/ holds the steps:
// parts.ts (parts into pieces), operators.ts (${…} operators), split.ts, glob.ts, and
// variables.ts and env.ts below them all.

import { braceExpand, type BraceResult } from "../brace.ts";
import type { Word, WordPart } from "../syntax.ts";
import { type World, unknown } from "../state.ts";
import type { Seg, Field, WordEnv } from "./env.ts";
import { type StandInSink, expandParts } from "./parts.ts";
import { splitFields } from "./split.ts";
import { globField } from "./glob.ts";

interface Expansion {
  readonly fields: Field[];
  /** An unquoted unknown value could have split into any number of fields. */
  readonly countUnknown: boolean;
  /**
   * The word is a command substitution that prints names of a listing (src/shell/listing.ts),
   * and its fields are stand-ins for them: `fields`, any number of names (none too); `one`,
   * one word that is a name or empty (a quoted substitution that prints at most one line).
   */
  readonly standIns?: "fields" | "one";
}

interface ExpandOptions {
  /** Assignment context: no brace expansion, no splitting, no globbing; tildes after `:` and `=`. */
  readonly assignment?: boolean;
  /** No pathname expansion (case words, here-strings, redirection targets use their own rules). */
  readonly noGlob?: boolean;
  /** No word splitting (here-strings, case words, [[ ]] operands). */
  readonly noSplit?: boolean;
}

export function expandWord(word: Word, world: World, env: WordEnv, opts: ExpandOptions = {}): Expansion {
  if (word.assign) {
    // An assignment given to declare/export/local: one field `name=value`.
    const a = word.assign;
    const name = a.index ? `${a.name}[${a.index.text}]` : a.name;
    const head = { text: name + (a.append ? "+=" : "="), quoted: true };
    // Unlike an assignment statement, a word given to a builtin is brace-expanded first:
    // `declare x={a,..}/y` assigns x=a/y, then x=../y.
    const braced = a.value ? braceExpand(a.value.parts, env.limits.maxBraceWords) : null;
    if (braced?.tooLarge) {
      env.problem("EXPANSION_TOO_LARGE",
        `brace expansion of ${word.text.slice(0, 40)} makes more than ${env.limits.maxBraceWords} words`, word.span);
      return {
        fields: [{ segs: [head, { unknown: unknown("brace expansion too large"), quoted: false }], span: word.span,
          fromGlob: false }],
        countUnknown: true,
      };
    }
    if (a.value && braced && braced.words.length > 1) {
      const value = a.value;
      return {
        fields: braced.words.map((parts) => ({ segs: [head, ...expandToSegs({ ...value, parts }, world, env, true)],
          span: word.span, fromGlob: false })
        ),
        countUnknown: false,
      };
    }
    // `declare a=(…)`: the builtin sees the name; the interpreter assigns the array itself.
    const v = a.value
      ? expandToSegs(a.value, world, env, true)
      : a.array
      ? [{ unknown: unknown(`the array ${a.name}`), quoted: true }]
      : [];
    return { fields: [{ segs: [head, ...v], span: word.span, fromGlob: false }], countUnknown: false };
  }
  let alternatives: readonly (readonly WordPart[])[] = [word.parts];
  if (!opts.assignment) {
    const braced: BraceResult = braceExpand(word.parts, env.limits.maxBraceWords);
    if (braced.tooLarge) {
      env.problem("EXPANSION_TOO_LARGE",
        `brace expansion of ${word.text.slice(0, 40)} makes more than ${env.limits.maxBraceWords} words`, word.span);
      return {
        fields: [{ segs: [{ unknown: unknown("brace expansion too large"), quoted: false }], span: word.span,
          fromGlob: false }],
        countUnknown: true,
      };
    }
    alternatives = braced.words;
    if (alternatives.length > 1 && alternatives.some((parts) => joinsIntoExpansion(parts, word))) {
      env.problem("UNRESOLVED_WORD", `brace expansion in ${word.text.slice(0, 40)} makes text that bash expands again`,
        word.span);
      return {
        fields: [{ segs: [{ unknown: unknown("brace expansion that makes a new expansion"), quoted: false }],
          span: word.span, fromGlob: false }],
        countUnknown: true,
      };
    }
  }
  const fields: Field[] = [];
  let countUnknown = false;
  const sink: StandInSink = { standIns: undefined };
  for (const parts of alternatives) {
    const pieces = expandParts(parts, world, env, opts.assignment === true,
      alternatives.length === 1 && !opts.noSplit ? sink : undefined);
    const split = splitFields(pieces, world, env, opts.noSplit === true || opts.assignment === true);
    if (split.countUnknown) countUnknown = true;
    for (const segs of split.fields) {
      if (opts.noGlob || opts.assignment) fields.push({ segs, span: word.span, fromGlob: false });
      else {
        const g = globField(segs, word.span, world, env);
        if (g.countUnknown) countUnknown = true;
        fields.push(...g.fields);
      }
    }
  }
  if (sink.standIns) return { fields, countUnknown: true, standIns: sink.standIns };
  return { fields, countUnknown };
}

/**
 * Brace expansion is done on the text, before parameters: `$x{1,2}` is `$x1 $x2` and `{,$}x`
 * is `x $x`. Whether an alternative's pieces now join into an expansion the word did not
 * have: a `$` in raw text before a name, or `$name` followed by more name characters.
 */
function joinsIntoExpansion(parts: readonly WordPart[], word: Word): boolean {
  let raw = "";
  let afterName = false;
  for (const p of parts) {
    if (p.t === "raw") {
      if (afterName && /^[A-Za-z0-9_]/.test(p.text) && raw === "") return true;
      raw += p.text;
      afterName = false;
      continue;
    }
    if (/(^|[^\\])(\\\\)*\$$/.test(raw) || /(^|[^\\])(\\\\)*\$[A-Za-z_{(0-9@*#?!$-]/.test(raw)) return true;
    raw = "";
    afterName = p.t === "param" && p.param.op === "" && p.param.index === null &&
      /^[A-Za-z_][A-Za-z0-9_]*$/.test(p.param.name) &&
      !word.text.slice(p.span.start - word.span.start).startsWith("${");
  }
  return /(^|[^\\])(\\\\)*\$[A-Za-z_{(0-9@*#?!$-]/.test(raw);
}

/** A word expanded to a single string's segments (assignment values, here-strings, case words). */
export function expandToSegs(word: Word, world: World, env: WordEnv, assignment: boolean): Seg[] {
  const pieces = expandParts(word.parts, world, env, assignment);
  const segs: Seg[] = [];
  for (const p of pieces) {
    if (p.k === "text") {
      segs.push(p.standIn ? { text: p.text, quoted: true, standIn: true } : { text: p.text, quoted: true });
    } else if (p.k === "unknown") segs.push({ unknown: p.u, quoted: true });
    else if (p.k === "break") segs.push({ text: " ", quoted: true });
  }
  return segs;
}
