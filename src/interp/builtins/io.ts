// read, printf -v and mapfile: builtins that put what they read or format into variables. A
// line of known input is followed as its value; anything else makes the variables unknown.

import type { Arg } from "../../commands/analyse.ts";
import { cutProblem } from "../../shell/listing.ts";
import { linksMet } from "../../shell/index-names.ts";
import { markStandIn, STATUS_UNKNOWN, standInValue, unknown, type Value, type World } from "../../shell/state.ts";
import { simplePrintf } from "../stdin.ts";
import { lookup, writeEvaluated } from "../../shell/words/variables.ts";
import type { BuiltinContext, DispatchInfo } from "../context.ts";
import { done, taint } from "../worlds.ts";
import { baseName, namedWrite } from "./variables.ts";

const READ_OPTS_WITH_VALUE = new Set(["a", "d", "i", "n", "N", "p", "t", "u"]);

/** Lines read from input, at most this many distinct ones, each followed in its own world. */
const MAX_READ_LINES = 32;

/**
 * read [-r] [-a ARR] [-d DELIM] NAME…: the variables get a line of standard input. When the
 * input is known text, each distinct line is followed (and end of input, where read fails);
 * when it is the names a listing prints, a stand-in for any of them, with the symlinks under
 * its directories that lead out judged by a scan; otherwise the values are unknown.
 */
export function readBuiltin(it: BuiltinContext, argv: readonly Arg[], w: World, info: DispatchInfo): World[] {
  const names: string[] = [];
  let array: string | null = null;
  let delim = "\n";
  let raw = false;
  let fromFd = false;
  let i = 1;
  for (; i < argv.length; i++) {
    const t = argv[i]!.text;
    if (t === null) {
      it.issue("SHELL_STATE", "read with an argument that is not known", argv[i]!.span);
      return [taint(w, "read into unknown variables")];
    }
    if (t === "--") {
      i++;
      break;
    }
    if (!t.startsWith("-") || t === "-") break;
    for (let j = 1; j < t.length; j++) {
      const c = t[j]!;
      if (c === "r") raw = true;
      if (!READ_OPTS_WITH_VALUE.has(c)) continue;
      const value = j + 1 < t.length ? t.slice(j + 1) : argv[++i]?.text ?? null;
      if (c === "a" && value) array = value;
      if (c === "d") delim = value === "" ? "\u0000" : value?.[0] ?? "\n";
      if (c === "u") fromFd = true;
      if (c === "n" || c === "N") delim = "";
      break;
    }
  }
  for (; i < argv.length; i++) if (argv[i]!.text) names.push(argv[i]!.text!);
  if (names.length === 0 && array === null) names.push("REPLY");
  const all = array === null ? names : [...names, array];
  for (const n of all) namedWrite(it, n, w, argv[0]!.span);
  for (const n of all) w.writeThroughNameref(n);
  // A variable with the integer attribute (or RANDOM, OPTIND) evaluates what read writes.
  const put = (x: World, n: string, v: Value) => {
    writeEvaluated(x, it, n, [v], argv[0]!.span);
    x.setVar(n, v);
  };
  const unknownAll = (x: World, why: string) => {
    for (const n of all) put(x, n, unknown(why));
    return x;
  };
  const stdin = fromFd ? { t: "unknown" as const } : info.stdin();
  if (stdin.t === "listing") {
    // Each line is a name of the listing, cut as read cuts it: at the delimiter, IFS blanks
    // trimmed, backslashes removed without -r (src/shell/listing.ts). Where that may not leave
    // the names whole, the value is not known.
    const l = stdin.listing;
    const ifs = lookup(w, it, "IFS");
    const why = ifs.k === "unknown" || ifs.k === "arr"
      ? "IFS is not known"
      : names.length > 1 || array !== null
      ? "read into more than one variable"
      : cutProblem(l, { ends: delim, special: (raw ? "" : "\\") + (ifs.k === "str" ? ifs.v : " \t\n") });
    if (why !== null) return done(unknownAll(w, `a name read from a listing (${why})`), STATUS_UNKNOWN);
    for (const d of l.reach) {
      it.paths.scanTree(w, d, "unknown", "read", undefined, undefined, false, linksMet(l));
      it.paths.access(w, d, "unknown", "read");
    }
    const out: World[] = [];
    for (const r of l.reps) {
      const x = w.clone();
      put(x, names[0]!, standInValue(r.text!));
      out.push(done(x, 0)[0]!);
    }
    const eof = w.clone();
    eof.setVar(names[0]!, { k: "str", v: "" });
    out.push(done(eof, 1)[0]!);
    return out;
  }
  if (stdin.t !== "text" || delim === "") return done(unknownAll(w, "a value read from input"), STATUS_UNKNOWN);
  const lines = [...new Set(stdin.text.split(delim).filter((l, k, arr) => !(k === arr.length - 1 && l === "")))];
  if (lines.length > MAX_READ_LINES || (!raw && lines.some((l) => l.includes("\\")))) {
    return done(unknownAll(w, "a value read from input"), STATUS_UNKNOWN);
  }
  const ifs = lookup(w, it, "IFS");
  if (ifs.k !== "unset" && !(ifs.k === "str" && ifs.v === " \t\n")) {
    return done(unknownAll(w, "a value read with a custom IFS"), STATUS_UNKNOWN);
  }
  const out: World[] = [];
  for (const line of lines) {
    const x = w.clone();
    const fields = line.trim().split(/[ \t\n]+/).filter((f) => f !== "");
    if (array !== null) put(x, array, { k: "arr", v: fields });
    names.forEach((n, k) => {
      const v = k === names.length - 1 ? fields.slice(k).join(" ") : fields[k] ?? "";
      put(x, n, { k: "str", v });
    });
    out.push(done(x, 0)[0]!);
  }
  // End of input: read fails and the variables are emptied.
  const eof = w.clone();
  for (const n of all) eof.setVar(n, { k: "str", v: "" });
  out.push(done(eof, 1)[0]!);
  return out;
}

/**
 * printf: only `-v NAME` changes the shell (what it prints is modelled where it is read). The
 * value is known when the format is one simplePrintf follows and every word is known.
 */
export function printfBuiltin(it: BuiltinContext, argv: readonly Arg[], w: World): World[] {
  let i = 1;
  let name: string | null | undefined;
  for (; i < argv.length; i++) {
    const t = argv[i]!.text;
    if (t === "--") {
      i++;
      break;
    }
    if (t === null || !t.startsWith("-v")) break;
    name = t.length > 2 ? t.slice(2) : argv[++i]?.text;
  }
  if (name === undefined) return done(w, STATUS_UNKNOWN);
  if (name === null) {
    it.issue("SHELL_STATE", "printf -v with a variable name that is not known", argv[0]!.span);
    return [taint(w, "printf -v into an unknown variable")];
  }
  namedWrite(it, name, w, argv[0]!.span);
  const base = baseName(name);
  w.writeThroughNameref(base);
  const words = argv.slice(i).map((a) => a.text);
  // A variable ends at the first NUL printf writes (`printf -v x 'a\0b'` sets `a`).
  const text = words.length && words.every((x): x is string => x !== null)
    ? simplePrintf(words[0]!, words.slice(1))?.split("\0")[0] ?? null
    : null;
  // (Text made with a stand-in for a listing's names is one: src/shell/listing.ts.)
  // A variable with the integer attribute (or RANDOM, OPTIND) evaluates what printf writes.
  // (A format of number conversions and digits alone, `%d`, writes numbers whatever its arguments.)
  const numbers = words.length > 0 && words[0] !== null && /^(%[-+ 0#]*[0-9]*[diouxX]|[0-9])+$/.test(words[0]!);
  const written = text === null ? unknown(`$${name} is set by printf -v`, numbers) : { k: "str" as const, v: text };
  writeEvaluated(w, it, name, [written], argv[0]!.span);
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && text !== null) {
    w.setVar(name, argv.slice(i).some((a) => a.standIn) ? markStandIn({ k: "str", v: text }) : { k: "str", v: text });
  } else w.setVar(base, unknown(`$${name} is set by printf -v`));
  return done(w, STATUS_UNKNOWN);
}

/** mapfile's options that take a value: -d DELIM, -n COUNT, -O ORIGIN, -s COUNT, -u FD, -C CALLBACK, -c QUANTUM. */
const MAPFILE_OPTS_WITH_VALUE = new Set(["d", "n", "O", "s", "u", "C", "c"]);

export function mapfile(it: BuiltinContext, argv: readonly Arg[], w: World): World[] {
  let name = "MAPFILE";
  for (let i = 1; i < argv.length; i++) {
    const t = argv[i]!.text;
    if (t === null) return [taint(w, "mapfile with an unknown argument")];
    if (t === "--") {
      name = argv[i + 1]?.text ?? name;
      break;
    }
    if (t.startsWith("-") && t.length > 1) {
      // Flags cluster (`-tC cmd`), and a value may be glued (`-C"cmd"`) or be the next word.
      for (let j = 1; j < t.length; j++) {
        if (!MAPFILE_OPTS_WITH_VALUE.has(t[j]!)) continue;
        if (j + 1 === t.length) i++;
        if (t[j] === "C") it.issue("OPAQUE_CODE", "mapfile -C runs a callback", argv[i]!.span);
        break;
      }
      continue;
    }
    name = t;
  }
  namedWrite(it, name, w, argv[0]!.span);
  // An array with the integer attribute evaluates each line mapfile writes into it.
  writeEvaluated(w, it, name, [unknown(`$${name} is read from input`)], argv[0]!.span);
  w.setVar(name, unknown(`$${name} is read from input`));
  return done(w, STATUS_UNKNOWN);
}
