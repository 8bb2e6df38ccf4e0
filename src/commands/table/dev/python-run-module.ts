// `python -m MODULE`: modules of the standard library whose command line runs code or writes
// where data says, checked with Python 3.11 under strace. The words of any other module are
// judged as an unknown program's are (python.ts): each may be a path it touches.
//
// - timeit runs its statements and its -s/--setup code, read as `python -c` code is;
// - code, asyncio, pdb, IDLE and sqlite3 run what they read (Python, debugger commands, SQL,
//   whose ATTACH opens any file) from their arguments or standard input;
// - pickle loads pickles, and a pickle calls whatever it names;
// - profile and cProfile run another module with -m, trace with --module: that module's own
//   command line is then judged the same way;
// - tarfile -e writes members to the names stored in the archive, absolute and `../` ones
//   included (before Python 3.14 made the `data` filter its default).

import { type Arg, withValue } from "../../effects.ts";
import type { SpecContext } from "../../spec.ts";
import { type Custom, issue, optionValues } from "../common.ts";
import { judgeInline } from "./code-options.ts";

/** Modules that run code they read from their arguments or from standard input. */
const CODE_READERS: Record<string, string> = {
  code: "reads Python code from standard input, which the guard cannot see",
  asyncio: "reads Python code from standard input, which the guard cannot see",
  pdb: "reads debugger commands, Python statements among them, from standard input (or -c), which the guard cannot see",
  idlelib: "runs the code given with -c or typed in its shell, which the guard cannot see",
  "idlelib.idle": "runs the code given with -c or typed in its shell, which the guard cannot see",
  "idlelib.pyshell": "runs the code given with -c or typed in its shell, which the guard cannot see",
  sqlite3: "runs SQL from its arguments or standard input (ATTACH opens any file), which the guard cannot see",
};

/** Long options of a getopt/optparse/argparse command line, which all take a unique prefix. */
function longOption(word: string, longs: readonly string[]): string | null {
  const name = word.slice(2).split("=")[0]!;
  const hits = longs.filter((l) => l.startsWith(name));
  return hits.length === 1 ? hits[0]! : longs.includes(name) ? name : null;
}

/**
 * The code timeit's words give it, as getopt reads "n:u:s:r:tcpvh" with its long forms: each
 * -s/--setup value, then the statements (the operands), each list joined by newlines as timeit
 * joins them; null when a word is not known or an option is not timeit's.
 */
function timeitCode(words: readonly Arg[]): { setup: Arg[]; stmts: Arg[] } | null {
  const LONG_VALUED = ["number", "repeat", "unit", "setup"];
  const LONGS = [...LONG_VALUED, "time", "clock", "process", "verbose", "help"];
  const setup: Arg[] = [];
  for (let i = 0; i < words.length; i++) {
    const a = words[i]!;
    const w = a.text;
    if (w === null) return null;
    if (w === "--") return { setup, stmts: words.slice(i + 1) as Arg[] };
    if (w.startsWith("--")) {
      const l = longOption(w, LONGS);
      if (l === null) return null;
      const value = w.includes("=") ?
        withValue(a, w.slice(w.indexOf("=") + 1), "") :
        LONG_VALUED.includes(l)
        ? words[++i]
        : undefined;
      if (LONG_VALUED.includes(l) && value === undefined) return null;
      if (l === "setup") setup.push(value!);
      continue;
    }
    if (!w.startsWith("-") || w === "-") return { setup, stmts: words.slice(i) as Arg[] };
    for (let k = 1; k < w.length; k++) {
      const c = w[k]!;
      if (!"nusrtcpvh".includes(c)) return null;
      if ("nusr".includes(c)) {
        const value = k < w.length - 1 ? withValue(a, w.slice(k + 1), "") : words[++i];
        if (value === undefined) return null;
        if (c === "s") setup.push(value);
        break;
      }
    }
  }
  return { setup, stmts: [] };
}

/**
 * The module profile/cProfile (-m) or trace (--module) runs, with its words: null when it
 * runs a script, undefined when the words cannot be read.
 */
function profiledModule(mod: string, words: readonly Arg[]): { name: Arg; argv: readonly Arg[] } | null | undefined {
  const trace = mod === "trace";
  const valued = trace ? ["-f", "-C"] : ["-o", "-s"];
  const longValued = trace ? ["file", "coverdir", "ignore-module", "ignore-dir"] : ["outfile", "sort"];
  const longFlags = trace
    ? ["count", "trace", "listfuncs", "trackcalls", "report", "no-report", "missing", "summary", "timing", "module",
      "version", "help"]
    : ["help"];
  let module = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!.text;
    if (w === null) return undefined;
    if (w === "--") return module ? (words[i + 1] ? { name: words[i + 1]!, argv: words.slice(i + 2) } : null) : null;
    if (w.startsWith("--")) {
      const l = longOption(w, [...longValued, ...longFlags]);
      if (l === null) return undefined;
      if (l === "module") module = true;
      if (longValued.includes(l) && !w.includes("=")) i++;
      continue;
    }
    if (w.startsWith("-") && w !== "-") {
      for (let k = 1; k < w.length; k++) {
        const c = `-${w[k]}`;
        if (!trace && c === "-m") module = true;
        if (valued.includes(c)) {
          if (k === w.length - 1) i++;
          break;
        }
      }
      continue;
    }
    return module ? { name: words[i]!, argv: words.slice(i + 1) } : null;
  }
  return null;
}

/** Whether tarfile's words ask it to extract: -e, --extract or a prefix of it, in a cluster after -v. */
function tarfileExtracts(words: readonly Arg[]): boolean {
  for (const a of words) {
    const w = a.text;
    if (w === null) return true;
    if (w === "--") return false;
    if (/^-v*e/.test(w) ||
      (w.startsWith("--") && longOption(w, ["list", "extract", "create", "test", "verbose", "help"]) === "extract"))
    {
      return true;
    }
  }
  return false;
}

/**
 * timeit runs its setup and then its statements, inside a function of its own whose free names
 * are its module's (`sys`, `gc`: names the analysis refuses as undefined): the code is judged as
 * the same code given to `python -c`, setup first.
 */
function timeit(ctx: SpecContext, given: Arg, words: readonly Arg[]): void {
  const code = timeitCode(words);
  const texts = code === null ? null : [...code.setup, ...code.stmts].map((a) => a.text);
  if (code === null || texts!.some((t) => t === null)) {
    issue(ctx, "INLINE_CODE", `${ctx.name} -m timeit runs the statements and setup code it is given`, given.span);
    return;
  }
  if (texts!.length === 0) return;
  const at = code.setup[0] ?? code.stmts[0]!;
  judgeInline(ctx, "python", at, texts!.join("\n"), `${ctx.name} -m timeit runs code`);
}

/** The checks of `python -m MODULE ARGS` for the modules above. */
export const pythonModules: Custom = (ctx) => {
  const given = optionValues(ctx, "-m")[0];
  if (!given) return;
  if (given.text === null) {
    return issue(ctx, "OPAQUE_CODE", `${ctx.name} -m runs a module whose name is not known`, given.span);
  }
  const mod = given.text.replace(/\.__main__$/, "");
  const words = ctx.operands;
  const reader = CODE_READERS[mod];
  if (reader !== undefined) issue(ctx, "INLINE_CODE", `${ctx.name} -m ${mod} ${reader}`, given.span);
  else if (mod === "timeit") timeit(ctx, given, words);
  else if (mod === "pickle") {
    issue(ctx, "OPAQUE_CODE", `${ctx.name} -m pickle loads pickles, which may call any code`, given.span);
  } else if (mod === "tarfile") {
    if (tarfileExtracts(words)) {
      issue(ctx, "UNRESOLVED_PATH",
        `${ctx.name} -m tarfile -e writes members to the names stored in the archive, absolute and ../ ones included`,
        given.span);
    }
  } else if (mod === "profile" || mod === "cProfile" || mod === "trace") {
    const inner = profiledModule(mod, words);
    if (inner === undefined) {
      issue(ctx, "OPAQUE_CODE", `${ctx.name} -m ${mod}: which program it runs is not known`, given.span);
    } else if (inner !== null) {
      ctx.emit({ t: "run",
        argv: [withValue(given, ctx.name, ""), withValue(given, "-m", ""), inner.name, ...inner.argv], inProcess: false,
        bypassFunctions: true, label: `${ctx.name} -m ${mod}`, named: true });
    }
  }
};
