// Text tools that turn each name of a listing into another name of the same listing
// (src/shell/listing.ts): `echo "$f"`, `printf '%s\n' "$f"`, `basename "$f"` and `dirname "$f"` of
// a word that is one stand-in print one of its names; `sed s/LIT/REPL/` and `tr SET1 SET2` make
// of a plain name under a stand-in R a plain name under R, in the same directory, when:
//   - sed: LIT is literal text without `/` that R's own text does not hold, so each match is
//     inside one component below R; REPL is plain text with a character other than `.` that
//     does not start with `-`, so each changed component holds it, is plain, is not `.` or `..`
//     and does not start with `-` (`s/company/../` and `s/^\.\///`, `s|.*|/etc/x|` are not);
//   - tr: `/`, `.` and `-` are kept, every other plain character becomes a plain character other
//     than those three (a letter for a letter, `_` for a blank, which no plain name holds), so a
//     component keeps its shape (`tr a-z ./` is not), and R's own text is unchanged; `tr -d` only
//     of characters no plain name holds. Neither may touch the character that ends the names.
// Anything else (deletions, patterns that may match across `/` or at the start, `cut -c`, `rev`)
// keeps the names unknown.

import type { Arg } from "../../effects.ts";
import { isPlainName, type ListingSource, mayCut, standInPathPart } from "../../../shell/listing.ts";
import type { Listing } from "../../../shell/listing.ts";
import type { PipeCall, PipeOutput } from "../../spec.ts";
import { splitS } from "./sed.ts";
import { trSet } from "./compute.ts";
import { withValue } from "../../effects.ts";

/** The stand-in a word is, whole (a listing's names, checked plain where it became one), or null. */
function wholeStandIn(a: Arg): Arg | null {
  const seg = a.segs.length === 1 ? a.segs[0]! : null;
  return seg !== null && "text" in seg && seg.standIn === true && a.text !== null && !a.exact ? a : null;
}

const one = (rep: Arg): ListingSource<Arg> => ({ reps: [rep], reach: [], read: [], sep: "\n", single: true });

/** `echo NAME` and `printf '%s\n' NAME` of one stand-in: that name, ended by a newline. */
export const ECHO_NAME: PipeOutput = { t: "listing",
  source: (call: PipeCall) => {
    const operand = call.name === "echo" && call.args.length === 1
      ? call.args[0]!
      : call.name === "printf" && call.args.length === 2 && call.texts[0] === "%s\\n"
      ? call.args[1]!
      : null;
    const rep = operand === null ? null : wholeStandIn(operand);
    return rep === null ? null : one(rep);
  } };

/** `basename NAME` and `dirname NAME` of one stand-in: the stand-in that covers what they print (standInPathPart). */
export const PATH_PART_NAME: PipeOutput = { t: "listing",
  source: (call: PipeCall) => {
    if ((call.name !== "basename" && call.name !== "dirname") || call.args.length !== 1) return null;
    const rep = wholeStandIn(call.args[0]!);
    const part = rep === null ? null : standInPathPart(rep.text!, call.name, null);
    return part === null || part.open ? null : one(withValue(rep!, part.standIn, ""));
  } };

/** A literal pattern as sed reads it (BRE, or ERE with -E), unescaped; null when anything in it is special. */
function literalPattern(re: string, ere: boolean): string | null {
  let out = "";
  for (let i = 0; i < re.length; i++) {
    const c = re[i]!;
    if (c === "\\") {
      const n = re[++i];
      // `\.` is a dot; in an ERE `\+` is a plus. GNU's other escapes (`\+` in a BRE, `\w`) are operators.
      if (n === "." || (ere && n === "+")) out += n;
      else return null;
    } else if (/[A-Za-z0-9_,%@-]/.test(c) || (!ere && c === "+")) out += c;
    else return null;
  }
  return out === "" ? null : out;
}

/** A replacement that makes every component it changes a plain name that is not `.` or `..` and does not start with `-`. */
const plainReplacement = (repl: string): boolean => repl !== "" && isPlainName(repl) && /[^.]/.test(repl);

/** The listing with each rep kept, when `lit` matches nowhere in a rep's own text; null otherwise. */
function keptUnder(l: Listing<Arg>, lit: string | null): Listing<Arg> | null {
  if (l.quote) return null;
  if (l.reps.some((r) => !r.standIn || r.text === null || (lit !== null && r.text.includes(lit)))) return null;
  return l;
}

/**
 * `sed [-E] [-z] s/LIT/REPL/[g]`, and `p;s/LIT/REPL/[g]` (each name, then the name changed): the
 * names stay names under the same stand-ins (see the header).
 */
export const SED_NAMES: PipeOutput = { t: "filter",
  filter: (call: PipeCall) => {
    if (call.name !== "sed") return null;
    let ere = false;
    let nul = false;
    const scripts: string[] = [];
    for (let i = 0; i < call.texts.length; i++) {
      const t = call.texts[i]!;
      if (t === "-E" || t === "-r" || t === "--regexp-extended") ere = true;
      else if (t === "-z" || t === "--null-data") nul = true;
      else if (t === "-e" || t === "--expression") scripts.push(call.texts[++i] ?? "");
      else if (t.startsWith("-")) return null;
      else scripts.push(t);
    }
    if (scripts.length !== 1) return null;
    const m = /^(p;\s*)?(s[\s\S]*?);?\s*$/.exec(scripts[0]!);
    const s = m === null ? null : splitS(m[2]!);
    if (s === null || !/^g?$/.test(s.flags)) return null;
    const lit = literalPattern(s.re, ere);
    if (lit === null || !plainReplacement(s.repl)) return null;
    const twice = m![1] !== undefined;
    const map = (
      l: Listing<Arg>,
    ) => (l.sep === (nul ? "\0" : "\n") ? keptUnder(twice ? { ...l, single: false } : l, lit) : null);
    return twice ? { single: false, sep: "keep", map } : { single: false, sep: "keep", map, keepsEach: true };
  } };

/** The characters of a tr set, with the blank classes (`[:blank:]`, `[:space:]`) too; null when not known. */
function trChars(set: string): string | null {
  if (set === "[:blank:]") return " \t";
  if (set === "[:space:]") return " \t\n\v\f\r";
  return trSet(set);
}

const SHAPE = "/.-";

/** `tr SET1 SET2` and `tr -d SET` on names (see the header). */
export const TR_NAMES: PipeOutput = { t: "filter",
  filter: (call: PipeCall) => {
    if (call.name !== "tr") return null;
    const del = call.texts[0] === "-d" || call.texts[0] === "--delete";
    const words = del ? call.texts.slice(1) : call.texts;
    // (Any other option, `-s`, `-c`, `-t`, `--`, changes what the sets mean.)
    if (words.some((t) => t.startsWith("-"))) return null;
    const sets = words.map(trChars);
    if (sets.length !== (del ? 1 : 2) || sets.some((s) => s === null || s === "")) return null;
    const [a, b] = sets as string[];
    const to = new Map<string, string>();
    for (let i = 0; i < a!.length; i++) {
      const c = a![i]!;
      const d = del ? "" : b![Math.min(i, b!.length - 1)]!;
      // (A character listed twice with two meanings: which wins is tr's business.)
      if (to.has(c) && to.get(c) !== d) return null;
      to.set(c, d);
    }
    for (const [c, d] of to) {
      if (c === d || !mayCut(c)) continue;
      // A name's character changed: `/`, `.` and `-` never; another plain one only into a plain one that is none of them.
      if (SHAPE.includes(c) || d === "" || SHAPE.includes(d) || !mayCut(d)) return null;
    }
    const changes = (text: string) => [...text].some((c) => to.has(c) && to.get(c) !== c);
    return { single: false, sep: "keep", keepsEach: true,
      map: (l) => (to.has(l.sep) || l.quote || l.reps.some((r) => !r.standIn || r.text === null || changes(r.text))
        ? null
        : l) };
  } };
