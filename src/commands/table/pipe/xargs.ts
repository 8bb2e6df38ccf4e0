// What `xargs CMD` prints when its input is a listing (src/shell/listing.ts): xargs gives CMD
// the names, cut whole, and CMD prints what it prints of them. Two kinds are modelled:
//   - `xargs dirname`: the directory of each name (pipe/mapped.ts);
//   - a command that prints some of its operands exactly as given (`grep -l PAT`, `ls -d`:
//     `asGiven` on its listing): some of the listing's names, ended as that command ends them.
// (`xargs CMD` on known text is XARGS_TEXT, pipe/disk.ts.)

import type { Arg, Stdin } from "../../effects.ts";
import { cutProblem, type Cut, type Listing, XARGS_CUT } from "../../../shell/listing.ts";
import type { PipeCall, PipeOutput } from "../../spec.ts";
import { dirnames } from "./mapped.ts";
import { programName } from "./options.ts";

/** How xargs runs its command: the index of the command's name, and the options that matter here. */
interface XargsWords {
  readonly command: number;
  readonly nul: boolean;
  readonly noRun: boolean;
  /** The string -I (-i, --replace) replaces with each name: xargs then runs once a line, never on empty input. */
  readonly replace: string | null;
}

/**
 * xargs' options before the command, when all are ones that leave each run's output whole and
 * the names cut as the analyser cuts them (src/commands/table/wrappers.ts): -0, -r, -n N,
 * -L N, -s N, -t (which echoes to standard error), -x, -I R (-i, --replace). Not -P (runs in
 * parallel write into the pipe at once, and a run's output may be cut inside a name), -d, -a,
 * -E, -p, -o.
 */
function xargsWords(w: readonly string[]): XargsWords | null {
  let k = 0;
  let nul = false;
  let noRun = false;
  let replace: string | null = null;
  for (; k < w.length && w[k]!.startsWith("-"); k++) {
    const t = w[k]!;
    if (t === "--") {
      k++;
      break;
    }
    if (t === "-0" || t === "--null") nul = true;
    else if (t === "-r" || t === "--no-run-if-empty") noRun = true;
    else if (/^-[nLs]$/.test(t) && /^[0-9]+$/.test(w[k + 1] ?? "")) k++;
    else if (t === "-I" && w[k + 1] !== undefined) replace = w[++k]!;
    else if (/^-I./.test(t) || /^--replace=./.test(t)) replace = t.slice(t.startsWith("-I") ? 2 : 10);
    else if (t === "-i" || t === "--replace") replace = "{}";
    else if (/^-i./.test(t)) replace = t.slice(2);
    else if (!/^-[nLs][0-9]+$|^--(max-args|max-lines|max-chars)=[0-9]+$|^-[tx]$|^--(verbose|exit)$/.test(t)) {
      return null;
    }
  }
  return k < w.length && replace !== "" ? { command: k, nul, noRun, replace } : null;
}

/** How xargs cuts its input: at NUL with -0, at newlines with -I (where blanks and quotes are no cut but still special), else XARGS_CUT. */
const cutOf = (
  x: XargsWords,
): Cut => (x.nul
  ? { ends: "\0", special: "" }
  : x.replace !== null
  ? { ends: "\n", special: XARGS_CUT.special + XARGS_CUT.ends, unquotes: true }
  : XARGS_CUT);

/**
 * `xargs [-r] [-n N] [-L N] [-0] dirname` on a listing: the directory of each name (pipe/mapped.ts),
 * one a line, when xargs gives dirname the names whole (src/shell/listing.ts).
 */
export const XARGS_DIRNAME: PipeOutput = { t: "filter",
  filter: (call: PipeCall) => {
    const x = call.name === "xargs" ? xargsWords(call.texts) : null;
    if (x === null || x.replace !== null || programName(call.texts[x.command]!) !== "dirname" ||
      x.command !== call.texts.length - 1) return null;
    return { single: false, sep: "\n", map: (l) => (cutProblem(l, cutOf(x)) === null ? dirnames(l) : null) };
  } };

/** What the command run with no name prints: xargs without -r runs it once when its input is empty, reading /dev/null (GNU; BusyBox leaves its own input, at its end). */
const EMPTY: Stdin = { t: "text", text: "" };

/**
 * `xargs CMD ARGS…` on a listing, where CMD prints some of its operands as given (`grep -l
 * PAT`): some of the listing's names. Each run of CMD gets ARGS and then some of the names
 * whole (the cut checked as xargs reads them: xargs' analyser), so the guard asks CMD's entry
 * what it prints given ARGS and one stand-in for each of the listing's texts, and accepts only
 * an answer that is those stand-ins, exactly: none of ARGS is printed, none of the names is
 * taken as something else (`xargs grep -l` takes the first name for the pattern). Without -r,
 * xargs runs CMD once with no name when the listing is empty: it must then print nothing
 * (`grep -L PAT` reading /dev/null prints `(standard input)`). The names come out without
 * the quotes xargs removed, ended as CMD ends them (NUL for `grep -lZ`). With -I R, xargs runs
 * CMD once a name (never on empty input, GNU and BusyBox), R replaced in each word: CMD must
 * print the word that is R, and nothing else (`xargs -I{} grep -l PAT {}`).
 */
export const XARGS_NAMES: PipeOutput = { t: "filter",
  filter: (call: PipeCall) => {
    const x = call.name === "xargs" ? xargsWords(call.texts) : null;
    const program = x === null ? null : programName(call.texts[x.command]!);
    if (x === null || program === null) return null;
    const rest = call.args.slice(x.command + 1);
    const map = (l: Listing<Arg>): Listing<Arg> | null => {
      if (cutProblem(l, cutOf(x)) !== null || l.reps.length === 0) return null;
      if (x.replace !== null) {
        // One run a name, R in each word replaced by it (as find -exec's `{}`): CMD must print R's word, and only it.
        const r = x.replace;
        const given = rest.map((a) => (a.text?.includes(r) ? { ...a, standIn: true as const } : a));
        const one = call.output(program, given, EMPTY);
        if (one.t !== "listing" || !one.listing.asGiven || one.listing.quote || one.listing.reps.length !== 1 ||
          one.listing.reps[0]!.text !== r) return null;
        const { quote: _q, ...names } = l;
        return { ...names, sep: one.listing.sep };
      }
      const out = call.output(program, [...rest, ...l.reps], EMPTY);
      if (out.t !== "listing" || !out.listing.asGiven || out.listing.quote ||
        out.listing.reps.length !== l.reps.length) return null;
      if (!out.listing.reps.every((r, i) => r.text === l.reps[i]!.text)) return null;
      if (!x.noRun) {
        const none = call.output(program, rest, EMPTY);
        if (none.t !== "text" || none.text !== "") return null;
      }
      const { quote: _quote, ...names } = l;
      return { ...names, sep: out.listing.sep };
    };
    return { single: false, sep: "keep", map };
  } };
