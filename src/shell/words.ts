// Word expansion, in bash's order: brace expansion, tilde expansion, parameter and command
// substitution and arithmetic, word splitting, pathname expansion, quote removal.
//
// Expansion does no I/O of its own: the disk (for globs and `~user`) and the analysis of
// command substitutions arrive through WordEnv. Whatever is not known stays an `unknown`
// segment that says why, and the consumer fails closed on it.

import { type FileSystem, UNDECODABLE_NAME } from "../paths/fs.ts";
import { compileMatcher, hasPatternChars, type PatternChar } from "./pattern.ts";
import { braceExpand, type BraceResult } from "./brace.ts";
import type { Dialect, ParamExpansion, ParamOp, Stmt, Word, WordPart } from "./syntax.ts";
import type { Span } from "../span.ts";
import { isStandIn, type Unknown, type Value, type World, unknown, str } from "./state.ts";
import { cutProblem, type Listing, mayCut, type Named } from "./listing.ts";
import { type EvaluationRisk, nameRisk, textRisk, variablesRisk } from "./arithmetic.ts";
import { walkWord } from "./walk.ts";

/** A piece of an expanded field: known text, or an unknown value. */
export type Seg =
  | { readonly text: string; readonly quoted: boolean }
  | { readonly unknown: Unknown; readonly quoted: boolean };

export interface Field {
  readonly segs: readonly Seg[];
  readonly span: Span;
  /** The field came out of a pathname expansion that matched on disk. */
  readonly fromGlob: boolean;
}

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

export interface Limits {
  readonly maxBraceWords: number;
  /** Longest value a word or variable may take; longer is unknown (EXPANSION_TOO_LARGE). */
  readonly maxValueBytes: number;
  /** Most elements an array may hold. */
  readonly maxArrayLength: number;
  readonly maxGlobMatches: number;
  readonly maxGlobDirs: number;
}

export interface WordEnv {
  readonly fs: FileSystem;
  readonly limits: Limits;
  /** $HOME when the script has not set it. */
  readonly home: string | null;
  /** Known environment variables (CDPATH and any the host passed). */
  readonly env: ReadonlyMap<string, string>;
  /**
   * Analyse a command substitution in a copy of the world; returns its output when it is
   * known, or the listing it prints.
   */
  substitute(body: Stmt, world: World, span: Span): string | { readonly listing: Listing<Named> } | null;
  /**
   * Why the names under `dir` (in it only, `deep` false) cannot be checked, or the characters
   * outside the plain set they hold — which the rest of the command must not add to
   * (src/shell/listing.ts).
   */
  unplainNames?(dir: string, deep: boolean, world: World, span: Span): string | { readonly odd: string };
  /**
   * Whether a command substitution's output can only be numbers (`$(wc -l <f)`): an unknown
   * value that cannot hold a path or a subscript (the command table says, src/shell/stdin.ts).
   */
  printsOnlyNumbers(body: Stmt, world: World): boolean;
  /** The same for backquoted text the grammar did not parse. */
  substituteCode(text: string, world: World, span: Span): string | null;
  /** Physical directory for a logical one, for globbing. */
  physicalDir(logical: string): string | null;
  /** Problems found while expanding (limits reached, code that evaluation would run) are reported here. */
  problem(code: "EXPANSION_TOO_LARGE" | "PARSE_ERROR" | "OPAQUE_CODE" | "UNRESOLVED_WORD", why: string, span: Span): void;
  /** Pathname expansion read this directory (a physical path): listing it is an access. */
  listed(dir: string, shown: string, span: Span): void;
  /**
   * Whether what the disk shows at `path` may not be what the glob meets when it runs: an
   * earlier command may have made a name on its way a symlink, or (`listing`) added symlinks
   * to the directory (src/shell/zones.ts).
   */
  linkZoneAt?(path: string, world: World, listing: boolean): boolean;
  /** Which shell reads the code being expanded (dash's echo decodes escapes; bash's does not). */
  readonly dialect?: Dialect;
  /**
   * The code in `x` is accounted for without being expanded here: a word bash does not expand
   * (an operand its operator does not need) or one analysed as text, or backquoted code that
   * was analysed (src/shell/coverage.ts).
   */
  account(x: Word | CodePart): void;
}

type CodePart = Extract<WordPart, { t: "code" }>;

// ---------------------------------------------------------------------------------------
// Variables

export const DEFAULT_IFS = " \t\n";
const DEFAULT_IFS_VALUE: Value = str(DEFAULT_IFS);

/** The value of a variable in a world, falling back to what the environment is known to hold. */
export function lookup(world: World, env: WordEnv, name: string): Value {
  const v = world.getVar(name);
  if (v !== undefined) return v;
  switch (name) {
    case "HOME":
      return env.home === null ? unknown("$HOME is not known") : str(env.home);
    case "PWD":
      return world.cwd === null ? unknown("the working directory is not known") : str(world.cwd);
    case "OLDPWD":
      return world.oldpwd === undefined ? { k: "unset" } : world.oldpwd === null ? unknown("$OLDPWD is not known") : str(world.oldpwd);
    case "IFS":
      // Every bash (and dash) starts with IFS set to space, tab and newline, whatever its
      // environment holds: an unquoted $IFS splits, and "$IFS" is those three characters.
      return DEFAULT_IFS_VALUE;
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
    case "@":
    case "*":
      return world.positional === null ? unknown("the positional parameters are not known") : { k: "arr", v: world.positional };
  }
  if (/^[1-9][0-9]*$/.test(name)) {
    if (world.positional === null) return unknown(`$${name} is not known`);
    const p = world.positional[Number(name) - 1];
    return p === undefined ? { k: "unset" } : str(p);
  }
  const e = env.env.get(name);
  if (e !== undefined) return str(e);
  if (name === "CDPATH") return { k: "unset" };
  return unknown(`$${name} is not known`);
}

/**
 * Values as arithmetic evaluation sees them, for judging what it could run: a variable the
 * command set (or a positional parameter), or undefined for one inherited from the host,
 * whose environment is taken on trust as its aliases and functions are.
 */
export function evaluationLookup(world: World, env: WordEnv): (name: string) => Value | undefined {
  return (name) => world.getVar(name) ?? (/^([0-9]+|[@*#?$!])$/.test(name) ? lookup(world, env, name) : undefined);
}

// ---------------------------------------------------------------------------------------
// Expansion of one word

type Piece =
  | { readonly k: "text"; readonly text: string; readonly quoted: boolean; readonly split: boolean }
  | { readonly k: "unknown"; readonly u: Unknown; readonly quoted: boolean; readonly split: boolean }
  /** "$@": a field boundary that splitting does not decide. */
  | { readonly k: "break" }
  /** A quoted empty string: keeps the field alive. */
  | { readonly k: "keep" };

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
      env.problem("EXPANSION_TOO_LARGE", `brace expansion of ${word.text.slice(0, 40)} makes more than ${env.limits.maxBraceWords} words`, word.span);
      return { fields: [{ segs: [head, { unknown: unknown("brace expansion too large"), quoted: false }], span: word.span, fromGlob: false }], countUnknown: true };
    }
    if (a.value && braced && braced.words.length > 1) {
      const value = a.value;
      return { fields: braced.words.map((parts) => ({ segs: [head, ...expandToSegs({ ...value, parts }, world, env, true)], span: word.span, fromGlob: false })), countUnknown: false };
    }
    // `declare a=(…)`: the builtin sees the name; the interpreter assigns the array itself.
    const v = a.value ? expandToSegs(a.value, world, env, true) : a.array ? [{ unknown: unknown(`the array ${a.name}`), quoted: true }] : [];
    return { fields: [{ segs: [head, ...v], span: word.span, fromGlob: false }], countUnknown: false };
  }
  let alternatives: readonly (readonly WordPart[])[] = [word.parts];
  if (!opts.assignment) {
    const braced: BraceResult = braceExpand(word.parts, env.limits.maxBraceWords);
    if (braced.tooLarge) {
      env.problem("EXPANSION_TOO_LARGE", `brace expansion of ${word.text.slice(0, 40)} makes more than ${env.limits.maxBraceWords} words`, word.span);
      return { fields: [{ segs: [{ unknown: unknown("brace expansion too large"), quoted: false }], span: word.span, fromGlob: false }], countUnknown: true };
    }
    alternatives = braced.words;
    if (alternatives.length > 1 && alternatives.some((parts) => joinsIntoExpansion(parts, word))) {
      env.problem("UNRESOLVED_WORD", `brace expansion in ${word.text.slice(0, 40)} makes text that bash expands again`, word.span);
      return { fields: [{ segs: [{ unknown: unknown("brace expansion that makes a new expansion"), quoted: false }], span: word.span, fromGlob: false }], countUnknown: true };
    }
  }
  const fields: Field[] = [];
  let countUnknown = false;
  const sink: StandInSink = { standIns: undefined };
  for (const parts of alternatives) {
    const pieces = expandParts(parts, world, env, opts.assignment === true, alternatives.length === 1 && !opts.noSplit ? sink : undefined);
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

/** Where expandParts says that the word's fields are stand-ins for a listing's names. */
interface StandInSink {
  standIns: "fields" | "one" | undefined;
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
    afterName = p.t === "param" && p.param.op === "" && p.param.index === null && /^[A-Za-z_][A-Za-z0-9_]*$/.test(p.param.name) && !word.text.slice(p.span.start - word.span.start).startsWith("${");
  }
  return /(^|[^\\])(\\\\)*\$[A-Za-z_{(0-9@*#?!$-]/.test(raw);
}

/** A word expanded to a single string's segments (assignment values, here-strings, case words). */
export function expandToSegs(word: Word, world: World, env: WordEnv, assignment: boolean): Seg[] {
  const pieces = expandParts(word.parts, world, env, assignment);
  const segs: Seg[] = [];
  for (const p of pieces) {
    if (p.k === "text") segs.push({ text: p.text, quoted: true });
    else if (p.k === "unknown") segs.push({ unknown: p.u, quoted: true });
    else if (p.k === "break") segs.push({ text: " ", quoted: true });
  }
  return segs;
}

/** Known text of a field, or null when any part is unknown. */
export function fieldText(f: { readonly segs: readonly Seg[] }): string | null {
  let s = "";
  for (const seg of f.segs) {
    if ("unknown" in seg) return null;
    s += seg.text;
  }
  return s;
}

export function firstUnknown(f: { readonly segs: readonly Seg[] }): Unknown | null {
  for (const seg of f.segs) if ("unknown" in seg) return seg.unknown;
  return null;
}

/** The known text before the first unknown segment. */
export function knownPrefix(f: { readonly segs: readonly Seg[] }): string {
  let s = "";
  for (const seg of f.segs) {
    if ("unknown" in seg) break;
    s += seg.text;
  }
  return s;
}

// ---------------------------------------------------------------------------------------
// Parts → pieces

function expandParts(parts: readonly WordPart[], world: World, env: WordEnv, assignment: boolean, sink?: StandInSink): Piece[] {
  const out: Piece[] = [];
  let size = 0;
  let counted = 0;
  for (let i = 0; i <= parts.length; i++) {
    // `a=$a$a` doubles a value each time: past the bound the word is unknown, not a gigabyte.
    for (; counted < out.length; counted++) {
      const piece = out[counted]!;
      if (piece.k === "text") size += piece.text.length;
    }
    if (size > env.limits.maxValueBytes) {
      const at = parts.find((x): x is Extract<WordPart, { span: unknown }> => "span" in x);
      env.problem("EXPANSION_TOO_LARGE", `a word grows past ${env.limits.maxValueBytes} bytes`, at?.span ?? { start: 0, end: 0 });
      return [{ k: "unknown", u: unknown("a value past the size bound"), quoted: true, split: false }];
    }
    if (i === parts.length) break;
    const p = parts[i]!;
    switch (p.t) {
      case "raw": {
        let text = p.text;
        if (i === 0 && !assignment) {
          // Outside POSIX mode bash expands tildes in an argument that looks like an
          // assignment (`dd of=~/x`, `a=b:~/c`) as it would in the assignment itself.
          const m = /^([A-Za-z_][A-Za-z0-9_]*=)([\s\S]*)$/.exec(text);
          if (m && m[2]!.includes("~")) {
            const t = tildeExpand(m[2]!, true, i === parts.length - 1, world, env, true);
            if (t) {
              out.push({ k: "text", text: m[1]!, quoted: false, split: false }, ...t);
              continue;
            }
          }
        }
        if (i === 0 || assignment) {
          const t = tildeExpand(text, i === 0, i === parts.length - 1, world, env, assignment);
          if (t) {
            out.push(...t);
            continue;
          }
        }
        pushRaw(out, text);
        break;
      }
      case "lit":
        out.push(p.text === "" ? { k: "keep" } : { k: "text", text: p.text, quoted: true, split: false });
        break;
      case "param":
        out.push(...expandParam(p.param, p.quoted, world, env, p.span, assignment));
        if (p.quoted) out.push({ k: "keep" });
        break;
      case "cmdsub": {
        const output = env.substitute(p.body, world, p.span);
        if (output !== null && typeof output === "object") {
          const names = parts.length === 1 && sink && !assignment ? listingPieces(output.listing, p.quoted, world, env) : null;
          if (names && sink) {
            out.push(...names.pieces);
            sink.standIns = names.standIns;
          } else {
            const why = parts.length === 1 ? listingWhy(output.listing, p.quoted, world, env) : "the names it prints are part of a longer word";
            out.push({ k: "unknown", u: unknown(`the output of ${shorten(p.span, env)} is names that may not be whole where they are used (${why})`), quoted: p.quoted, split: !p.quoted && !assignment });
          }
        } else if (output !== null) {
          const text = output.replace(/\n+$/, "");
          out.push({ k: "text", text, quoted: p.quoted, split: !p.quoted && !assignment });
        } else {
          out.push({ k: "unknown", u: unknown(`the output of ${shorten(p.span, env)} is not known`, env.printsOnlyNumbers(p.body, world)), quoted: p.quoted, split: !p.quoted && !assignment });
        }
        if (p.quoted) out.push({ k: "keep" });
        break;
      }
      case "code": {
        env.account(p);
        env.substituteCode(p.text, world, p.span);
        out.push({ k: "unknown", u: unknown("the output of a backquoted command"), quoted: p.quoted, split: !p.quoted && !assignment });
        break;
      }
      case "procsub":
        env.substitute(p.body, world, p.span);
        out.push({ k: "text", text: "/dev/fd/63", quoted: true, split: false });
        break;
      case "arith": {
        for (const s of p.inner) env.substitute(s, world, p.span);
        reportRisk(variablesRisk(p.names, evaluationLookup(world, env)), world, env, p.span);
        out.push({ k: "unknown", u: unknown("an arithmetic result", true), quoted: p.quoted, split: !p.quoted && !assignment });
        break;
      }
      case "bad":
        // The lowering could not read this part of the word: that is a parse problem wherever
        // the word is used, even as an argument that is not a path.
        env.problem("PARSE_ERROR", `cannot read ${p.why}`, p.span);
        out.push({ k: "unknown", u: unknown(p.why), quoted: false, split: !assignment });
        break;
    }
  }
  return out;
}

/**
 * The stand-ins of a listing printed by a command substitution that is a whole word: unquoted,
 * cut at IFS (its pieces quoted here, as plain names have nothing pathname expansion would
 * change); quoted, only when it prints at most one name. Null when the cut may not leave the
 * names whole (listingWhy says why).
 */
function listingPieces(l: Listing, quoted: boolean, world: World, env: WordEnv): { pieces: Piece[]; standIns: "fields" | "one" } | null {
  if (listingWhy(l, quoted, world, env) !== null) return null;
  const pieces: Piece[] = [];
  l.reps.forEach((r, i) => {
    if (i > 0) pieces.push({ k: "break" });
    pieces.push({ k: "text", text: r.text!, quoted: true, split: false });
  });
  return { pieces, standIns: quoted ? "one" : "fields" };
}

function listingWhy(l: Listing, quoted: boolean, world: World, env: WordEnv): string | null {
  if (l.reps.some((r) => r.text === null)) return "a directory that is not known";
  if (quoted) return l.single ? cutProblem(l, { ends: "\n", special: "" }) : "quoted, the names are one word";
  const ifs = ifsOf(world, env);
  return ifs === null ? "IFS is not known" : cutProblem(l, { ends: ifs, special: "" });
}

function shorten(span: Span, _env: WordEnv): string {
  return `the command substitution at ${span.start}`;
}

/** Unquoted source text: backslash escapes quote the next character; a backslash-newline vanishes. */
function pushRaw(out: Piece[], text: string): void {
  if (!text.includes("\\")) {
    out.push({ k: "text", text, quoted: false, split: false });
    return;
  }
  let buf = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && i + 1 < text.length) {
      const d = text[++i]!;
      if (d === "\n") continue;
      if (buf) out.push({ k: "text", text: buf, quoted: false, split: false });
      buf = "";
      out.push({ k: "text", text: d, quoted: true, split: false });
      continue;
    }
    buf += c;
  }
  if (buf) out.push({ k: "text", text: buf, quoted: false, split: false });
}

/**
 * Tilde expansion of an unquoted prefix. `atStart`: the part begins the word. In an
 * assignment, tildes after `=` and `:` expand too. Returns null when nothing expands.
 */
function tildeExpand(text: string, atStart: boolean, lastPart: boolean, world: World, env: WordEnv, assignment: boolean): Piece[] | null {
  if (!text.includes("~")) return null;
  if (!assignment) {
    if (!atStart || !text.startsWith("~")) return null;
    const r = expandTildePrefix(text, lastPart, world, env);
    return r;
  }
  // Assignment values: at the start, and after each unquoted ':'.
  const out: Piece[] = [];
  let changed = false;
  const chunks = text.split(":");
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i]!;
    if (i > 0) out.push({ k: "text", text: ":", quoted: false, split: false });
    if ((i > 0 || atStart) && chunk.startsWith("~")) {
      const r = expandTildePrefix(chunk, lastPart || i < chunks.length - 1, world, env);
      if (r) {
        out.push(...r);
        changed = true;
        continue;
      }
    }
    if (chunk) pushRaw(out, chunk);
  }
  return changed ? out : null;
}

function expandTildePrefix(text: string, lastPart: boolean, world: World, env: WordEnv): Piece[] | null {
  // The prefix ends at the first slash, and (as bash reads it, in any word) at a colon: `~:x`.
  const m = /[/:]/.exec(text);
  const slash = m ? m.index : -1;
  if (slash < 0 && !lastPart) return null; // the prefix runs into a quoted or expanded part
  const prefix = slash < 0 ? text.slice(1) : text.slice(1, slash);
  const rest = slash < 0 ? "" : text.slice(slash);
  if (prefix.includes("\\")) return null;
  let value: Value | null;
  if (prefix === "") {
    value = lookup(world, env, "HOME");
    // With HOME unset, bash takes the user's home from the password database.
    if (value.k === "unset") value = env.home === null ? unknown("the home directory is not known") : str(env.home);
  }
  else if (prefix === "+") value = lookup(world, env, "PWD");
  else if (prefix === "-") {
    value = lookup(world, env, "OLDPWD");
    if (value.k === "unset") return null;
  } else if (/^[+-]?[0-9]+$/.test(prefix)) value = dirstackEntry(world, prefix);
  else if (/^[A-Za-z0-9._][A-Za-z0-9._-]*\$?$/.test(prefix)) {
    const h = env.fs.homeOf(prefix);
    if (h === null) return null; // bash leaves ~nosuchuser as it is
    value = str(h);
  } else return null;
  if (value === null) return null;
  const out: Piece[] = [];
  if (value.k === "str") out.push({ k: "text", text: value.v, quoted: true, split: false });
  else if (value.k === "unknown") out.push({ k: "unknown", u: value, quoted: true, split: false });
  else if (value.k === "arr") out.push({ k: "text", text: value.v[0] ?? "", quoted: true, split: false });
  else out.push({ k: "keep" });
  if (rest) pushRaw(out, rest);
  return out;
}

/** ~N, ~+N, ~-N: an entry of the directory stack (0 is the current directory). */
function dirstackEntry(world: World, spec: string): Value | null {
  const all = [world.cwd, ...world.stack];
  const fromEnd = spec.startsWith("-");
  const n = Number(spec.replace(/^[+-]/, ""));
  if (world.stackUnknown) return unknown("the directory stack is not known");
  const idx = fromEnd ? all.length - 1 - n : n;
  if (idx < 0 || idx >= all.length) return null;
  const d = all[idx];
  return d === null || d === undefined ? unknown("a directory on the stack is not known") : str(d);
}

// ---------------------------------------------------------------------------------------
// Parameter expansion

/**
 * The pieces of a value. An array not in the `$@` form is one word, its elements joined by
 * `sep`: the first character of IFS (null: IFS is not known).
 */
function valuePiecesJoined(v: Value, quoted: boolean, split: boolean, atForm: boolean, sep: string | null): Piece[] {
  switch (v.k) {
    case "str":
      return [{ k: "text", text: v.v, quoted, split }];
    case "unset":
      return [];
    case "unknown":
      return [{ k: "unknown", u: v, quoted, split }];
    case "arr": {
      if (!atForm) {
        if (sep === null && v.v.length > 1) return [{ k: "unknown", u: unknown("elements joined by the first character of IFS, which is not known"), quoted, split }];
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

function isNull(v: Value): boolean | null {
  if (v.k === "unknown") return null;
  if (v.k === "unset") return true;
  if (v.k === "str") return v.v === "";
  return v.v.length === 0 || (v.v.length === 1 && v.v[0] === "");
}

function expandParam(pe: ParamExpansion, quoted: boolean, world: World, env: WordEnv, span: Span, assignment: boolean): Piece[] {
  const split = !quoted && !assignment;
  evaluationRisks(pe, world, env, span);
  // A subscript is expanded (and, for an indexed array, evaluated: evaluationRisks).
  if (pe.index !== null && pe.index.text !== "@" && pe.index.text !== "*") expandForEffects(pe.index, world, env, false);
  const v = standInUse(paramValue(pe, world, env), pe.op, split, world, env);
  // Unquoted, $* and ${a[*]} are fields as $@ is; quoted or assigned, one word joined by IFS's first character.
  const atForm = (pe.name === "@" && pe.index === null) || (pe.index !== null && /^[@]$/.test(pe.index.text)) || (split && (pe.name === "*" || pe.index?.text === "*"));
  const ifs = ifsOf(world, env);
  const sep = ifs === null ? null : ifs.slice(0, 1);
  const valuePieces = (x: Value, q: boolean, sp: boolean, at: boolean): Piece[] => valuePiecesJoined(x, q, sp, at, sep);
  if (pe.arg === null) return expandOperator(pe, v, quoted, split, atForm, world, env, span, valuePieces, NO_OPERAND);
  let expanded: Word | null = null;
  let expanded2: Word | null = null;
  const stringOf = (w: Word | null): Piece[] => {
    if (!w) return [];
    if (expanded === null) expanded = w;
    else expanded2 = w;
    return expandParts(w.parts, world, env, assignment);
  };
  const pieces = expandOperator(pe, v, quoted, split, atForm, world, env, span, valuePieces, stringOf);
  // An operand the operator did not expand: bash does not either when the value says so;
  // when the value is not known it may, so the code in it is analysed as if it ran.
  for (const w of [pe.arg, pe.arg2]) {
    if (!w || w === expanded || w === expanded2) continue;
    if (operandReached(pe.op, v) === false) env.account(w);
    else expandForEffects(w, world, env, assignment);
  }
  return pieces;
}

const NO_OPERAND = (): Piece[] => [];

/** Operators that give the value as it is, or another word: a stand-in stays one. */
const WHOLE_VALUE_OPS: ReadonlySet<ParamOp> = new Set(["", "length", ":-", "-", ":=", "=", ":?", "?", ":+", "+"]);

/**
 * A stand-in for a listing's names (src/shell/listing.ts) is good as a path, not as text to
 * take apart: an operator on its text, or splitting at an IFS that holds a character a plain
 * name may hold, would not give what the operator gives on the names.
 */
function standInUse(v: Value, op: ParamOp, split: boolean, world: World, env: WordEnv): Value {
  if (!isStandIn(v)) return v;
  if (!WHOLE_VALUE_OPS.has(op)) return unknown("a name read from a listing, taken apart");
  if (split) {
    const ifs = ifsOf(world, env);
    if (ifs === null || [...ifs].some(mayCut)) return unknown("a name read from a listing, split at an IFS that may cut it");
  }
  return v;
}

/**
 * Whether bash expands the operand of `op` for this value: null when that depends on a value
 * that is not known. Checked against bash 5.2: `${x:+w}` expands w when x is not null,
 * `${x-w}` when x is unset, and the pattern and case operators whenever x is set.
 */
function operandReached(op: ParamOp, v: Value): boolean | null {
  const nul = isNull(v);
  switch (op) {
    case ":-":
    case ":=":
    case ":?":
      return nul;
    case ":+":
      return nul === null ? null : !nul;
    case "-":
    case "=":
    case "?":
      return v.k === "unknown" ? null : v.k === "unset";
    case "+":
    case "#":
    case "##":
    case "%":
    case "%%":
    case "/":
    case "//":
    case "/#":
    case "/%":
    case "^":
    case "^^":
    case ",":
    case ",,":
      return v.k === "unknown" ? null : v.k !== "unset";
    case "":
    case "length":
    case "indirect":
    case "@":
    case ":":
    case "other":
      return null;
    default: {
      const never: never = op;
      void never;
      return null;
    }
  }
}

/**
 * Expands a word only for what expanding it runs, on a copy of the world: a `${y:=v}` in it
 * may or may not have assigned, so a variable it changed is unknown afterwards.
 */
function expandForEffects(w: Word, world: World, env: WordEnv, assignment: boolean): void {
  // Text and plain variables run nothing: no copy of the world for `${x:-default}`.
  if (!runsAnything(w)) {
    env.account(w);
    return;
  }
  const copy = world.clone();
  expandParts(w.parts, copy, env, assignment);
  for (const n of copy.varNames()) {
    if (copy.getVar(n) !== world.getVar(n)) world.setVar(n, unknown(`$${n} may have been assigned by an expansion that may not run`));
  }
}

/** Whether expanding the word could run code or assign: a substitution, arithmetic, or an operator. */
function runsAnything(w: Word): boolean {
  let runs = false;
  walkWord(w, { part: (p) => void (runs ||= p.t !== "raw" && p.t !== "lit" && (p.t !== "param" || p.param.op !== "" || p.param.index !== null)) });
  return runs;
}

function expandOperator(
  pe: ParamExpansion, vIn: Value, quoted: boolean, split: boolean, atForm: boolean, world: World, env: WordEnv, span: Span,
  valuePieces: (x: Value, q: boolean, sp: boolean, at: boolean) => Piece[], stringOf: (w: Word | null) => Piece[],
): Piece[] {
  let v = vIn;
  switch (pe.op) {
    case "":
      return valuePieces(v, quoted, split, atForm);
    case "length":
      if (v.k === "str") return [{ k: "text", text: String([...v.v].length), quoted, split }];
      if (v.k === "unset") return [{ k: "text", text: "0", quoted, split }];
      return [{ k: "unknown", u: unknown("a length", true), quoted, split }];
    case "indirect": {
      if (v.k === "str" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(v.v)) return valuePieces(lookup(world, env, v.v), quoted, split, false);
      // The value is a name whose subscript bash evaluates: `a[$(cmd)]` runs cmd.
      reportRisk(nameRisk(v.k === "str" ? v.v : v.k === "unset" ? "" : null, evaluationLookup(world, env)), world, env, span);
      return [{ k: "unknown", u: unknown(`the indirection \${!${pe.name}} is not followed`), quoted, split }];
    }
    case ":-":
    case "-": {
      const empty = pe.op === ":-" ? isNull(v) : v.k === "unknown" ? null : v.k === "unset";
      if (empty === null) return [{ k: "unknown", u: unknown(`\${${pe.name}${pe.op}…} depends on $${pe.name}, which is not known`), quoted, split }];
      return empty ? markSplit(stringOf(pe.arg), split) : valuePieces(v, quoted, split, atForm);
    }
    case ":=":
    case "=": {
      const empty = pe.op === ":=" ? isNull(v) : v.k === "unknown" ? null : v.k === "unset";
      if (empty === null) return [{ k: "unknown", u: unknown(`\${${pe.name}${pe.op}…} depends on $${pe.name}, which is not known`), quoted, split }];
      if (!empty) return valuePieces(v, quoted, split, atForm);
      const assigned = piecesToValue(stringOf(pe.arg));
      if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(pe.name)) world.setVar(pe.name, assigned);
      return valuePieces(assigned, quoted, split, false);
    }
    case ":?":
    case "?":
      return valuePieces(v, quoted, split, atForm);
    case ":+":
    case "+": {
      const empty = pe.op === ":+" ? isNull(v) : v.k === "unknown" ? null : v.k === "unset";
      if (empty === null) return [{ k: "unknown", u: unknown(`\${${pe.name}${pe.op}…} depends on $${pe.name}, which is not known`), quoted, split }];
      return empty ? [] : markSplit(stringOf(pe.arg), split);
    }
    case "#":
    case "##":
    case "%":
    case "%%": {
      if (v.k === "unset") return [];
      if (v.k !== "str") return [{ k: "unknown", u: v.k === "unknown" ? v : unknown("an array pattern removal"), quoted, split }];
      const pat = piecesToPattern(stringOf(pe.arg));
      if (pat === null) return [{ k: "unknown", u: unknown("a pattern removal with an unknown pattern"), quoted, split }];
      const r = removePattern(v.v, pat, pe.op, world);
      return r === null ? [{ k: "unknown", u: unknown("a pattern the guard cannot read"), quoted, split }] : [{ k: "text", text: r, quoted, split }];
    }
    case "/":
    case "//":
    case "/#":
    case "/%": {
      if (v.k === "unset") return [];
      if (v.k !== "str") return [{ k: "unknown", u: v.k === "unknown" ? v : unknown("an array substitution"), quoted, split }];
      const pat = piecesToPattern(stringOf(pe.arg));
      const repPieces = stringOf(pe.arg2);
      const rep = piecesToValue(repPieces);
      if (pat === null || rep.k !== "str") return [{ k: "unknown", u: unknown("a substitution with unknown parts"), quoted, split }];
      // An unquoted & in the replacement is the matched text (bash 5.2's patsub_replacement).
      if (repPieces.some((p) => p.k === "text" && !p.quoted && p.text.includes("&"))) return [{ k: "unknown", u: unknown("a replacement holding &, the matched text"), quoted, split }];
      const r = replacePattern(v.v, pat, rep.v, pe.op, world);
      return r === null ? [{ k: "unknown", u: unknown("a pattern the guard cannot read"), quoted, split }] : [{ k: "text", text: r, quoted, split }];
    }
    case "^":
    case "^^":
    case ",":
    case ",,": {
      if (v.k === "unset") return [];
      // Non-ASCII letters convert by the locale's rules, not JavaScript's (`ß` is not `SS`).
      if (v.k !== "str" || (pe.arg && pe.arg.text !== "") || /[^\x00-\x7f]/.test(v.v)) return [{ k: "unknown", u: unknown("a case conversion"), quoted, split }];
      const s = v.v;
      const r = pe.op === "^^" ? s.toUpperCase() : pe.op === ",," ? s.toLowerCase() : pe.op === "^" ? s.slice(0, 1).toUpperCase() + s.slice(1) : s.slice(0, 1).toLowerCase() + s.slice(1);
      return [{ k: "text", text: r, quoted, split }];
    }
    case ":": {
      if (v.k === "unset") return [];
      const off = pe.arg ? Number(pe.arg.text.trim()) : NaN;
      const len = pe.arg2 ? Number(pe.arg2.text.trim()) : undefined;
      if (v.k !== "str" || !Number.isInteger(off) || (len !== undefined && !Number.isInteger(len))) {
        return [{ k: "unknown", u: unknown("a substring"), quoted, split }];
      }
      // Offsets count characters in a UTF-8 locale and bytes in the C locale: the host's is not known.
      if (/[^\x00-\x7f]/.test(v.v)) return [{ k: "unknown", u: unknown("a substring of text that is not ASCII, which depends on the locale"), quoted, split }];
      const s = v.v;
      const start = off < 0 ? Math.max(0, s.length + off) : off;
      const end = len === undefined ? s.length : len < 0 ? s.length + len : start + len;
      return [{ k: "text", text: s.slice(start, Math.max(start, end)), quoted, split }];
    }
    default:
      v = unknown(`the expansion \${${pe.name}${pe.op}…} is not modelled`);
      return [{ k: "unknown", u: v, quoted, split }];
  }
}

/**
 * What bash evaluates while expanding a parameter: a subscript and a substring's offset and
 * length are arithmetic (`${a[$i]}` evaluates $i's value), and `${x@P}` expands the value
 * as a prompt, command substitutions included.
 */
function evaluationRisks(pe: ParamExpansion, world: World, env: WordEnv, span: Span): void {
  const look = evaluationLookup(world, env);
  const texts: string[] = [];
  if (pe.index !== null && pe.index.text !== "@" && pe.index.text !== "*") texts.push(pe.index.text);
  if (pe.op === ":") for (const w of [pe.arg, pe.arg2]) if (w) texts.push(w.text);
  for (const t of texts) reportRisk(textRisk(t, look), world, env, span);
  const v = pe.op === "@" && pe.arg?.text === "P" ? look(pe.name) : undefined;
  if (v !== undefined) {
    const values = v.k === "str" ? [v.v] : v.k === "arr" ? v.v : [];
    if (v.k === "unknown" || values.some((x) => /\$\(|`/.test(x))) {
      const why = `\${${pe.name}@P} expands $${pe.name} as a prompt, which runs the command substitutions in it`;
      for (const x of values) reportRisk({ code: "OPAQUE_CODE", why, runs: x }, world, env, span);
      if (v.k === "unknown") env.problem("UNRESOLVED_WORD", why, span);
    }
  }
}

/** Reports a risk, and analyses the command substitutions in a value that evaluation runs. */
export function reportRisk(r: EvaluationRisk | null, world: World, env: WordEnv, span: Span): void {
  if (!r) return;
  env.problem(r.code, r.why, span);
  if (r.runs !== undefined) env.substituteCode(`: ${r.runs}`, world, span);
}

function markSplit(pieces: Piece[], split: boolean): Piece[] {
  if (!split) return pieces;
  return pieces.map((p) => (p.k === "text" && !p.quoted ? { ...p, split: true } : p.k === "unknown" && !p.quoted ? { ...p, split: true } : p));
}

function paramValue(pe: ParamExpansion, world: World, env: WordEnv): Value {
  const base = lookup(world, env, pe.name);
  if (pe.index === null) {
    if (base.k === "arr" && pe.name !== "@" && pe.name !== "*") return base.v.length ? str(base.v[0]!) : { k: "unset" };
    return base;
  }
  const idx = pe.index.text;
  if (idx === "@" || idx === "*") {
    if (base.k === "str") return { k: "arr", v: [base.v] };
    return base;
  }
  if (base.k === "unknown" || base.k === "unset") return base;
  const n = /^[0-9]+$/.test(idx) ? Number(idx) : null;
  if (n === null) return unknown(`the subscript [${idx}] is not known`);
  if (base.k === "str") return n === 0 ? base : { k: "unset" };
  const e = base.v[n];
  return e === undefined ? { k: "unset" } : str(e);
}

/** Joins pieces into one value (assignment semantics). */
function piecesToValue(pieces: readonly Piece[]): Value {
  let s = "";
  for (const p of pieces) {
    // Only a value that is nothing but a number is a number (`/$#/../x` is not).
    if (p.k === "unknown") return pieces.length === 1 || !p.u.numeric ? p.u : unknown(p.u.why);
    if (p.k === "text") s += p.text;
    else if (p.k === "break") s += " ";
  }
  return str(s);
}

function piecesToPattern(pieces: readonly Piece[]): PatternChar[] | null {
  const out: PatternChar[] = [];
  for (const p of pieces) {
    if (p.k === "unknown") return null;
    if (p.k === "text") for (const c of p.text) out.push({ c, quoted: p.quoted });
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

function removePattern(s: string, pat: PatternChar[], op: "#" | "##" | "%" | "%%", world: World): string | null {
  const test = tester(pat, world);
  const cps = [...s];
  if (!test || cps.length > MAX_PATTERN_SUBJECT) return null;
  const n = cps.length;
  try {
    if (op === "#" || op === "##") {
      const order = op === "#" ? range(0, n) : range(0, n).reverse();
      for (const i of order) if (test(cps.slice(0, i).join(""))) return cps.slice(i).join("");
      return s;
    }
    const order = op === "%" ? range(0, n).reverse() : range(0, n);
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

function replacePattern(s: string, pat: PatternChar[], rep: string, op: "/" | "//" | "/#" | "/%", world: World): string | null {
  const test = tester(pat, world);
  const cps = [...s];
  if (!test || cps.length > MAX_PATTERN_SUBJECT) return null;
  // An empty pattern anchored at either end matches there: `${p/#/../}` prefixes p.
  if (pat.length === 0) return op === "/#" ? rep + s : op === "/%" ? s + rep : s;
  const n = cps.length;
  try {
    // An empty value is replaced when the pattern matches the empty string (`${e/*/x}`).
    if (n === 0) return test("") ? rep : s;
    if (op === "/#") {
      for (let j = n; j >= 0; j--) if (test(cps.slice(0, j).join(""))) return rep + cps.slice(j).join("");
      return s;
    }
    if (op === "/%") {
      for (let i = 0; i <= n; i++) if (test(cps.slice(i).join(""))) return cps.slice(0, i).join("") + rep;
      return s;
    }
    let out = "";
    let i = 0;
    let replaced = false;
    while (i <= n) {
      let matched = -1;
      if (!(replaced && op === "/")) {
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

// ---------------------------------------------------------------------------------------
// Word splitting

function ifsOf(world: World, env: WordEnv): string | null {
  const v = lookup(world, env, "IFS");
  if (v === DEFAULT_IFS_VALUE || v.k === "unset") return DEFAULT_IFS;
  // With glob characters in IFS, bash treats quoted ones in a pattern otherwise: not followed.
  if (v.k === "str") return /[*?[\]\\]/.test(v.v) ? null : v.v;
  return null;
}

function splitFields(pieces: readonly Piece[], world: World, env: WordEnv, noSplit: boolean): { fields: Seg[][]; countUnknown: boolean } {
  const fields: Seg[][] = [];
  let cur: Seg[] = [];
  let alive = false; // the current field exists even if empty
  let countUnknown = false;
  const ifs = noSplit ? "" : ifsOf(world, env);
  const end = () => {
    if (alive || cur.length) fields.push(cur);
    cur = [];
    alive = false;
  };
  for (const p of pieces) {
    if (p.k === "keep") {
      alive = true;
      continue;
    }
    if (p.k === "break") {
      end();
      continue;
    }
    if (p.k === "unknown") {
      if (p.split && !p.u.numeric) countUnknown = true;
      if (p.split && ifs === null) countUnknown = true;
      cur.push({ unknown: p.u, quoted: p.quoted });
      if (p.quoted) alive = true;
      continue;
    }
    if (!p.split || ifs === "") {
      if (p.text === "" && !p.quoted) continue;
      cur.push({ text: p.text, quoted: p.quoted });
      if (p.quoted || p.text !== "") alive = true;
      continue;
    }
    if (ifs === null) {
      countUnknown = true;
      cur.push({ unknown: unknown("$IFS is not known, so the split is not"), quoted: false });
      continue;
    }
    // Split p.text on IFS: whitespace runs collapse; other IFS characters delimit one field each.
    const text = p.text;
    let i = 0;
    while (i < text.length) {
      const c = text[i]!;
      if (ifs.includes(c)) {
        const white = " \t\n".includes(c);
        if (white) {
          while (i < text.length && ifs.includes(text[i]!) && " \t\n".includes(text[i]!)) i++;
          if (i < text.length && ifs.includes(text[i]!) && !" \t\n".includes(text[i]!)) {
            end();
            i++;
            alive = false;
            while (i < text.length && " \t\n".includes(text[i]!) && ifs.includes(text[i]!)) i++;
            continue;
          }
          end();
          continue;
        }
        // A non-whitespace delimiter always ends a field, even an empty one.
        alive = true;
        end();
        i++;
        while (i < text.length && " \t\n".includes(text[i]!) && ifs.includes(text[i]!)) i++;
        continue;
      }
      let j = i;
      while (j < text.length && !ifs.includes(text[j]!)) j++;
      cur.push({ text: text.slice(i, j), quoted: false });
      alive = true;
      i = j;
    }
  }
  end();
  return { fields, countUnknown };
}

// ---------------------------------------------------------------------------------------
// Pathname expansion

/**
 * The pattern a field makes. Source text has had its backslashes removed already; a backslash
 * left in unquoted text came from an expansion and still escapes the next character in the
 * pattern (`x='\.\.'; ls $x/*` lists ../).
 */
function toPatternChars(segs: readonly Seg[]): PatternChar[] | null {
  const out: PatternChar[] = [];
  for (const s of segs) {
    if ("unknown" in s) return null;
    const cs = [...s.text];
    for (let i = 0; i < cs.length; i++) {
      if (!s.quoted && cs[i] === "\\" && i + 1 < cs.length) out.push({ c: cs[++i]!, quoted: true });
      else out.push({ c: cs[i]!, quoted: s.quoted });
    }
  }
  return out;
}

function globField(segs: Seg[], span: Span, world: World, env: WordEnv): { fields: Field[]; countUnknown: boolean } {
  const opts = world.options;
  const self = { fields: [{ segs, span, fromGlob: false }], countUnknown: false };
  if (opts.noglob === true) return self;
  if (!segs.some((s) => ("unknown" in s ? !s.quoted && !s.unknown.numeric : !s.quoted && /[*?[]|[+@!]\(/.test(s.text)))) return self;
  // bash 5.2 quirk: with a glob character in IFS, a quoted one in a pattern may match as a glob.
  const ifs = lookup(world, env, "IFS");
  if (ifs.k === "str" && /[*?[]/.test(ifs.v) && segs.some((s) => !("unknown" in s) && s.quoted && /[*?[]/.test(s.text))) {
    return { fields: [{ segs: [{ unknown: unknown("a quoted glob character that is also in IFS"), quoted: false }], span, fromGlob: true }], countUnknown: true };
  }
  const chars = toPatternChars(segs);
  if (chars === null) {
    // An unquoted unknown value may hold glob characters: the field could become several.
    const unq = segs.some((s) => "unknown" in s && !s.quoted && !s.unknown.numeric);
    // A pattern with a number in it (`$((n))*`) matches what the number makes it match.
    if (!unq) return { fields: [{ segs: [{ unknown: unknown("a glob holding a value that is not known"), quoted: false }], span, fromGlob: true }], countUnknown: true };
    return { fields: self.fields, countUnknown: unq };
  }
  const extglob = opts.extglob !== false;
  if (!hasPatternChars(chars, extglob)) return self;
  const matches = globMatches(chars, world, env, span);
  if (matches === "unknown" || matches === "changed") {
    const why = matches === "changed" ? "the glob lists a directory where an earlier command may have created, moved or unpacked symlinks" : "a glob the guard cannot expand here";
    return { fields: [{ segs: [{ unknown: unknown(why), quoted: false }], span, fromGlob: true }], countUnknown: true };
  }
  if (matches === "too-many") {
    env.problem("EXPANSION_TOO_LARGE", `the glob ${chars.map((c) => c.c).join("")} matches more than ${env.limits.maxGlobMatches} paths`, span);
    return { fields: [{ segs: [{ unknown: unknown("a glob with too many matches"), quoted: false }], span, fromGlob: true }], countUnknown: true };
  }
  // No match: the word stays as it was, backslashes from expansions included.
  const literal = { segs: [{ text: segs.map((g) => ("text" in g ? g.text : "")).join(""), quoted: true }], span, fromGlob: false };
  if (matches.length === 0) {
    if (opts.nullglob === true || opts.failglob === true) return { fields: [], countUnknown: false };
    // nullglob unknown: the word may vanish or stay; keep it (a vanished word touches nothing).
    return { fields: [literal], countUnknown: opts.nullglob === null };
  }
  const fields: Field[] = matches.map((m) => ({ segs: [{ text: m, quoted: true }], span, fromGlob: true }));
  return { fields, countUnknown: false };
}

/** Matches of a pattern on disk, or null when they cannot be listed (unknown cwd, too many). */
export function globPattern(chars: PatternChar[], world: World, env: WordEnv, span: Span): string[] | null {
  const m = globMatches(chars, world, env, span);
  return Array.isArray(m) ? m : null;
}

/** Matches of a pattern on disk, relative to the world's cwd as bash prints them. */
function globMatches(chars: PatternChar[], world: World, env: WordEnv, span: Span): string[] | "unknown" | "too-many" | "changed" {
  const opts = world.options;
  const segments: PatternChar[][] = [[]];
  for (const ch of chars) {
    if (ch.c === "/") segments.push([]);
    else segments[segments.length - 1]!.push(ch);
  }
  const absolute = chars[0]?.c === "/";
  if (!absolute && world.cwd === null) return "unknown";
  const base = absolute ? "/" : world.cwd!;
  const physBase = env.physicalDir(base);
  if (physBase === null) return "unknown";
  // Each candidate: [text as bash prints it, directory to list it from (physical)].
  let current: [string, string][] = [[absolute ? "/" : "", physBase]];
  const start = absolute ? 1 : 0;
  let listed = 0;
  let zoned = false;
  const extglob = opts.extglob !== false;
  const popt = { pathname: true, extglob, nocase: opts.nocaseglob === true, dotglob: opts.dotglob !== false };
  for (let s = start; s < segments.length; s++) {
    const seg = segments[s]!;
    const last = s === segments.length - 1;
    if (seg.length === 0) {
      if (!last) current = current.map(([t, d]) => [t.endsWith("/") || t === "" ? t : t + "/", d]);
      else current = current.map(([t, d]) => [t + "/", d]);
      continue;
    }
    const lit = seg.map((c) => c.c).join("");
    if (!hasPatternChars(seg, extglob)) {
      current = current.map(([t, d]) => [join2(t, lit), d + (d.endsWith("/") ? "" : "/") + lit]);
      continue;
    }
    const globstar = opts.globstar !== false && lit === "**" && !seg.some((c) => c.quoted);
    const matcher = compileMatcher(seg, popt);
    if (!matcher) return "unknown";
    let undecided = false;
    const next: [string, string][] = [];
    // `.` and `..` are not in a listing, but a pattern that starts with a literal dot matches
    // them unless globskipdots is on (bash before 5.2 has no such option, and matches them).
    const dots = !globstar && opts.globskipdots !== true && seg[0]!.c === "." ? [".", ".."] : [];
    const visit = (text: string, dir: string, depth: number): boolean => {
      if (++listed > env.limits.maxGlobDirs) return false;
      if (env.linkZoneAt?.(dir, world, true)) {
        zoned = true;
        return true;
      }
      const listing = env.fs.readdir(dir);
      if (!listing) return true;
      const names = dots.length ? [...dots, ...listing] : listing;
      env.listed(dir, text === "" ? "." : text, span);
      for (const name of names.sort()) {
        if (name === UNDECODABLE_NAME) {
          undecided = true;
          continue;
        }
        const childDir = dir + (dir.endsWith("/") ? "" : "/") + name;
        const childText = join2(text, name);
        if (globstar) {
          if (name.startsWith(".") && opts.dotglob !== true) continue;
          next.push([childText, childDir]);
          if (env.fs.lstat(childDir) === "dir" && depth < 32) {
            if (!visit(childText, childDir, depth + 1)) return false;
          }
        } else {
          const m = matcher(name);
          if (m === null) undecided = true;
          else if (m) next.push([childText, childDir]);
        }
        if (next.length > env.limits.maxGlobMatches) return false;
      }
      return true;
    };
    for (const [t, d] of current) {
      if (globstar) next.push([t, d]);
      if (!visit(t, d, 0)) return "too-many";
      if (zoned) return "changed";
      if (undecided) return "unknown";
    }
    current = next;
    if (!last) {
      // Only directories (or links to them) can hold the next segment.
      const dirs = current.filter(([, d]) => env.physicalDir(d) !== null);
      if (dirs.length < current.length && current.some(([, d]) => env.physicalDir(d) === null && env.linkZoneAt?.(d, world, false))) return "changed";
      current = dirs;
    }
  }
  const out: string[] = [];
  for (const [t, d] of current) {
    if (env.fs.lstat(d) === null) {
      if (env.linkZoneAt?.(d, world, false)) return "changed";
      continue;
    }
    out.push(t.replace(/\/+$/, (m) => (t.length === m.length ? "/" : m)));
  }
  return out.sort();
}

function join2(text: string, name: string): string {
  if (text === "") return name;
  return text.endsWith("/") ? text + name : text + "/" + name;
}
