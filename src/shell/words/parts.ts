// A word's parts into pieces: text, tildes, parameters (with what expanding them runs),
// command and process substitutions, arithmetic. Splitting and globbing come after, in
// split.ts and glob.ts.

import type { ParamExpansion, ParamOp, Word, WordPart } from "../syntax.ts";
import type { Span } from "../../base/span.ts";
import { isStandIn, markStandIn, type Value, type World, unknown, str } from "../state.ts";
import { closesComponent, cutProblem, type Listing, mayCut, standInOperator } from "../listing.ts";
import { GIVES_WHOLE_VALUE, PARAM_OPS, isPatternOp, type PatternOp } from "../param-ops.ts";
import { nameRisk, textRisk, variablesRisk } from "../arithmetic.ts";
import { walkWord } from "../walk.ts";
import type { WordEnv, Piece } from "./env.ts";
import { lookup, evaluationLookup, ifsOf, reportRisk, substituteEvaluated } from "./variables.ts";
import { valuePiecesJoined, isNull, expandOperator } from "./operators.ts";

/** Where expandParts says that the word's fields are stand-ins for a listing's names. */
export interface StandInSink {
  standIns: "fields" | "one" | undefined;
}

export function expandParts(parts: readonly WordPart[], world: World, env: WordEnv, assignment: boolean,
  sink?: StandInSink): Piece[]
{
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
      env.problem("EXPANSION_TOO_LARGE", `a word grows past ${env.limits.maxValueBytes} bytes`,
        at?.span ?? { start: 0, end: 0 });
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
      case "cmdsub":
      case "code": {
        // (A backquoted command with escapes is text bash parses when it runs: `code`.)
        let output;
        if (p.t === "code") {
          env.account(p);
          output = env.substituteCode(p.text, world, p.span);
        } else {
          output = env.substitute(p.body, world, p.span);
        }
        if (output !== null && typeof output === "object" && "standIn" in output) {
          // `$(dirname "$f")`: a stand-in again (standInPathPart in src/shell/listing.ts), unless split at an IFS that may cut it.
          const ifs = ifsOf(world, env);
          const split = !p.quoted && !assignment;
          if (split && (ifs === null || [...ifs].some(mayCut))) {
            out.push({ k: "unknown", u: unknown("a name read from a listing, split at an IFS that may cut it"),
              quoted: false, split });
          } else {
            out.push({ k: "text", text: output.standIn, quoted: p.quoted, split, standIn: true,
              ...(output.open ? { open: true as const } : {}) });
          }
        } else if (output !== null && typeof output === "object") {
          const names = parts.length === 1 && sink && !assignment
            ? listingPieces(output.listing, p.quoted, world, env)
            : null;
          if (names && sink) {
            out.push(...names.pieces);
            sink.standIns = names.standIns;
          } else {
            const why = parts.length === 1
              ? listingWhy(output.listing, p.quoted, world, env)
              : "the names it prints are part of a longer word";
            out.push({ k: "unknown",
              u: unknown(
                `the output of ${shorten(p.span, env)} is names that may not be whole where they are used (${why})`,
              ), quoted: p.quoted, split: !p.quoted && !assignment });
          }
        } else if (output !== null) {
          const text = output.replace(/\n+$/, "");
          out.push({ k: "text", text, quoted: p.quoted, split: !p.quoted && !assignment });
        } else if (p.t === "code") {
          out.push({ k: "unknown", u: unknown(`the output of ${shorten(p.span, env)} is not known`), quoted: p.quoted,
            split: !p.quoted && !assignment });
        } else {
          const why = `the output of ${shorten(p.span, env)} is not known`;
          const numeric = env.printsOnlyNumbers(p.body, world);
          out.push({ k: "unknown", u: unknown(why, numeric, numeric ? null : env.printsSegment(p.body, world)),
            quoted: p.quoted, split: !p.quoted && !assignment });
        }
        if (p.quoted) out.push({ k: "keep" });
        break;
      }
      case "procsub":
        env.substitute(p.body, world, p.span);
        out.push({ k: "text", text: "/dev/fd/63", quoted: true, split: false });
        break;
      case "arith": {
        substituteEvaluated(p.inner, world, env, p.span);
        reportRisk(variablesRisk(p.names, evaluationLookup(world, env)), world, env, p.span);
        out.push({ k: "unknown", u: unknown("an arithmetic result", true), quoted: p.quoted,
          split: !p.quoted && !assignment });
        break;
      }
      case "bad":
        // The lowering could not read this part of the word: that is a parse problem wherever
        // the word is used, even as an argument that is not a path.
        env.problem("PARSE_ERROR", `cannot read ${p.why}`, p.span);
        out.push({ k: "unknown", u: unknown(p.why), quoted: false, split: !assignment });
        break;
      default: {
        // A part this switch does not expand could run code nobody analysed: the check fails,
        // and the guard answers ask (INTERNAL_ERROR).
        const never: never = p;
        throw new Error(`unknown word part ${JSON.stringify(never)}`);
      }
    }
  }
  return closeOpen(out);
}

/**
 * An `open` stand-in (a name whose last component may have become empty, `.` or `..`:
 * standInOperator in src/shell/listing.ts) is a name again only when the text that follows
 * it in the same field makes that component a plain name; otherwise its value is unknown.
 * (No open piece leaves expandParts: a variable assigned one, or an operand, is unknown.)
 */
function closeOpen(pieces: Piece[]): Piece[] {
  if (!pieces.some((p) => p.k === "text" && p.open)) return pieces;
  return pieces.map((p, i) => {
    if (p.k !== "text" || !p.open) return p;
    let following = "";
    for (const q of pieces.slice(i + 1)) {
      if (q.k === "keep") continue;
      // (Text that splitting may cut, or an unknown, does not say what the field goes on with.)
      if (q.k !== "text" || (q.split && !q.quoted) || q.open) break;
      following += q.text;
      if (following.includes("/")) break;
    }
    const { open: _open, ...closed } = p;
    return closesComponent(following)
      ? closed
      : { k: "unknown",
        u: unknown("a name read from a listing, taken apart, whose last component may be empty, `.` or `..`"),
        quoted: p.quoted, split: p.split };
  });
}

/**
 * The stand-ins of a listing printed by a command substitution that is a whole word: unquoted,
 * cut at IFS (its pieces quoted here, as plain names have nothing pathname expansion would
 * change); quoted, only when it prints at most one name. Null when the cut may not leave the
 * names whole (listingWhy says why).
 */
function listingPieces(l: Listing, quoted: boolean, world: World, env: WordEnv): { pieces: Piece[];
  standIns: "fields" | "one" } | null
{
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
function tildeExpand(text: string, atStart: boolean, lastPart: boolean, world: World, env: WordEnv,
  assignment: boolean): Piece[] | null
{
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
    // With HOME unset, bash takes the home of the user it runs as from the password database,
    // which need not be the home the guard was given (the fuzz oracle: `env -u HOME bash -c
    // 'cat ~/x'` opened /root/x with $HOME elsewhere): not known here.
    if (value.k === "unset") value = unknown("HOME is unset: ~ is the user's home in the password database");
  } else if (prefix === "+") value = lookup(world, env, "PWD");
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

function expandParam(pe: ParamExpansion, quoted: boolean, world: World, env: WordEnv, span: Span,
  assignment: boolean): Piece[]
{
  const split = !quoted && !assignment;
  evaluationRisks(pe, world, env, span);
  // A subscript is expanded (and, for an indexed array, evaluated: evaluationRisks).
  if (pe.index !== null && pe.index.text !== "@" && pe.index.text !== "*") {
    expandForEffects(pe.index, world, env, false);
  }
  const indirect = pe.indirect === true;
  const base = indirect ? indirectValue(pe, world, env, span) : paramValue(pe, world, env);
  const op = pe.op;
  const apart = !indirect && isStandIn(base) && base.k === "str" && isPatternOp(op)
    ? takenApart(pe, op, base.v, quoted, split, world, env, assignment)
    : null;
  if (apart !== null) return apart;
  const v = indirect ? base : standInUse(base, pe.op, split, world, env);
  // Unquoted, $* and ${a[*]} are fields as $@ is; quoted or assigned, one word joined by IFS's first character.
  const atForm = (pe.name === "@" && pe.index === null) || (pe.index !== null && /^[@]$/.test(pe.index.text)) ||
    (split && (pe.name === "*" || pe.index?.text === "*"));
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

/**
 * A pattern operator on a stand-in for a listing's names, when its operands are literal text
 * and standInOperator proves what it makes of every name; null when not (standInUse then
 * makes it unknown). The operands are expanded as bash expands them.
 */
function takenApart(pe: ParamExpansion, op: PatternOp, rep: string, quoted: boolean, split: boolean, world: World,
  env: WordEnv, assignment: boolean): Piece[] | null
{
  if (split) {
    const ifs = ifsOf(world, env);
    if (ifs === null || [...ifs].some(mayCut)) return null;
  }
  const pattern = pe.arg === null ? "" : literalPattern(expandParts(pe.arg.parts, world, env, assignment));
  const slash = PARAM_OPS[op].family === "replace";
  const repl = slash && pe.arg2 !== null
    ? literalText(expandParts(pe.arg2.parts, world, env, assignment))
    : slash
    ? ""
    : null;
  if (!slash && pe.arg2) env.account(pe.arg2);
  if (pattern === null) return null;
  const got = standInOperator(rep, op, pattern, repl);
  if (typeof got === "string") {
    return [{ k: "unknown", u: unknown(`a name read from a listing, taken apart (${got})`), quoted, split }];
  }
  if (got.exact) return [{ k: "text", text: got.text, quoted, split }];
  return [{ k: "text", text: got.text, quoted, split, standIn: true, ...(got.open ? { open: true as const } : {}) }];
}

/** Characters that make unquoted text a pattern rather than literal text (extglob's among them). */
const PATTERN_SPECIAL = /[*?[\\\]+@!()|]/;

/** An operand's pieces as literal text, `/*` as "slashStar", `*` then `/` as "starSlash", text then `*` as litStar, or null when they are a pattern or not known. */
function literalPattern(
  pieces: readonly Piece[],
): string | "slashStar" | "starSlash" | { readonly litStar: string } | null {
  let text = "";
  let shape = "";
  for (const p of pieces) {
    if (p.k === "keep") continue;
    if (p.k !== "text" || p.standIn) return null;
    text += p.text;
    shape += p.quoted ? "x".repeat(p.text.length) : p.text;
  }
  if (shape === "/*" && text === "/*") return "slashStar";
  if (shape === "*/" && text === "*/") return "starSlash";
  // Literal text, then one unquoted `*` (`.*`): the text is what it cuts at.
  if (shape.endsWith("*") && text.endsWith("*") && !PATTERN_SPECIAL.test(shape.slice(0, -1))) {
    return { litStar: text.slice(0, -1) };
  }
  return PATTERN_SPECIAL.test(shape) ? null : text;
}

/** A replacement's pieces as text, or null (unknown, a stand-in, or an unquoted `&`: the matched text). */
function literalText(pieces: readonly Piece[]): string | null {
  let text = "";
  for (const p of pieces) {
    if (p.k === "keep") continue;
    if (p.k !== "text" || p.standIn || (!p.quoted && p.text.includes("&"))) return null;
    text += p.text;
  }
  return text;
}

/**
 * A stand-in for a listing's names (src/shell/listing.ts) is good as a path, not as text to
 * take apart: an operator on its text, or splitting at an IFS that holds a character a plain
 * name may hold, would not give what the operator gives on the names.
 */
function standInUse(v: Value, op: ParamOp, split: boolean, world: World, env: WordEnv): Value {
  if (!isStandIn(v)) return v;
  // (The length of a stand-in is not the length of a name.)
  if (op === "length") return unknown("the length of a name read from a listing", true);
  if (!GIVES_WHOLE_VALUE[PARAM_OPS[op].family]) return unknown("a name read from a listing, taken apart");
  if (split) {
    const ifs = ifsOf(world, env);
    if (ifs === null || [...ifs].some(mayCut)) {
      return unknown("a name read from a listing, split at an IFS that may cut it");
    }
  }
  return v;
}

/**
 * Whether bash expands the operand of `op` for this value: null when that depends on a value
 * that is not known. Checked against bash 5.2: `${x:+w}` expands w when x is not null,
 * `${x-w}` when x is unset, and the pattern and case operators whenever x is set.
 */
function operandReached(op: ParamOp, v: Value): boolean | null {
  const when = PARAM_OPS[op].reached;
  switch (when) {
    case "if-null":
      return isNull(v);
    case "if-not-null": {
      const nul = isNull(v);
      return nul === null ? null : !nul;
    }
    case "if-unset":
      return v.k === "unknown" ? null : v.k === "unset";
    case "if-set":
      return v.k === "unknown" ? null : v.k !== "unset";
    case "maybe":
      return null;
    default: {
      // (Not knowing is the strictest answer: the operand is analysed as if it ran.)
      const never: never = when;
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
    if (copy.getVar(n) !== world.getVar(n)) {
      world.setVar(n, unknown(`$${n} may have been assigned by an expansion that may not run`));
    }
  }
}

/** Whether expanding the word could run code or assign: a substitution, arithmetic, or an operator. */
function runsAnything(w: Word): boolean {
  let runs = false;
  walkWord(w, {
    part: (p) =>
      void (runs ||= p.t !== "raw" && p.t !== "lit" &&
        (p.t !== "param" || p.param.op !== "" || p.param.index !== null)),
  });
  return runs;
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
  // An offset's `${#x}` expands to digits before the text is evaluated: no code can come of it.
  if (PARAM_OPS[pe.op].operand === "offset") {
    for (const w of [pe.arg, pe.arg2]) {
      if (w) texts.push(w.text.replace(/\$\{#[A-Za-z_][A-Za-z0-9_]*(\[[@*]\])?\}/g, "0"));
    }
  }
  for (const t of texts) reportRisk(textRisk(t, look), world, env, span);
  const v = PARAM_OPS[pe.op].operand === "letter" && pe.arg?.text === "P" ? look(pe.name) : undefined;
  if (v !== undefined) {
    const values = v.k === "str" ? [v.v] : v.k === "arr" ? v.v : [];
    if (v.k === "unknown" || values.some((x) => /\$\(|`/.test(x))) {
      const why = `\${${pe.name}@P} expands $${pe.name} as a prompt, which runs the command substitutions in it`;
      for (const x of values) reportRisk({ code: "OPAQUE_CODE", why, runs: x }, world, env, span);
      if (v.k === "unknown") env.problem("UNRESOLVED_WORD", why, span);
    }
  }
}

/**
 * `${!x OP …}`: the value of the variable x names (bash 5.2). A value that is not a plain name
 * is not followed, and what bash would evaluate of it is reported: `a[$(cmd)]` runs cmd.
 */
function indirectValue(pe: ParamExpansion, world: World, env: WordEnv, span: Span): Value {
  const named = paramValue(pe, world, env);
  if (named.k === "str" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(named.v)) {
    return paramValue({ name: named.v, index: null, op: "", arg: null, arg2: null }, world, env);
  }
  reportRisk(nameRisk(named.k === "str" ? named.v : named.k === "unset" ? "" : null, evaluationLookup(world, env)),
    world, env, span);
  return unknown(`the indirection \${!${pe.name}} is not followed`);
}

function paramValue(pe: ParamExpansion, world: World, env: WordEnv): Value {
  const base = lookup(world, env, pe.name);
  if (pe.index === null) {
    if (base.k === "arr" && pe.name !== "@" && pe.name !== "*") {
      return base.v.length ? keepMark(base, str(base.v[0]!)) : { k: "unset" };
    }
    return base;
  }
  const idx = pe.index.text;
  if (idx === "@" || idx === "*") {
    if (base.k === "str") return keepMark(base, { k: "arr", v: [base.v] });
    return base;
  }
  if (base.k === "unknown" || base.k === "unset") return base;
  const n = /^[0-9]+$/.test(idx) ? Number(idx) : null;
  if (n === null) return unknown(`the subscript [${idx}] is not known`);
  if (base.k === "str") return n === 0 ? base : { k: "unset" };
  const e = base.v[n];
  return e === undefined ? { k: "unset" } : keepMark(base, str(e));
}

/** `to`, a stand-in when `from` is one. */
function keepMark(from: Value, to: Value): Value {
  return isStandIn(from) ? markStandIn(to) : to;
}
