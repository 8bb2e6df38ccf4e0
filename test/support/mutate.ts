// A mutation fuzzer over real commands: the shared corpora (tldr, nl2bash) and the project's own
// case tables. Each mutation is one of three kinds, which says what the guard must do with the
// mutant compared to the command it came from:
//
// - "equivalent": bash runs the mutant with the same accesses (re-quoting a word, splitting it
//   into a concatenation, wrapping the command in `( )`, `{ ;}`, `bash -c`, `eval`, `env`,
//   `time`…, adding `2>&1`). A command the guard does not allow must stay not allowed.
// - "escalating": the mutant first leaves the project (`cd .. && c`, `cd link-out && c`,
//   `cd ~ && c`). The guard must never allow it.
// - "other": the mutant means something else (a path swapped for `../x`, `~/x`, `link-out/x`,
//   `>> ../log` added). Only the invariants that hold for every command apply, and the oracle.
//
// Mutations insert only paths inside the sandbox, and a mutation that would make a runnable
// seed unrunnable (by the caller's `keep` predicate, `safeToRun`) is not applied.

import fc from "fast-check";
import { accessSync, constants, existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { singleQuote } from "./arbitraries.ts";

export interface Seed {
  readonly text: string;
  /** `tldr`, `nl2bash`, or the test file it was taken from. */
  readonly source: string;
}

export type Relation = "equivalent" | "escalating" | "other";

export interface Mutant {
  readonly text: string;
  readonly seed: Seed;
  /** The mutations applied, in order (`requote:single`, `wrap:bash -c`…). */
  readonly ops: readonly string[];
  readonly relation: Relation;
  /** What the relation compares with: the text before the first equivalent-only run of
   * mutations (the seed itself, or the result of the last "other" mutation). */
  readonly base: string;
}

// ---------------------------------------------------------------------------------------------
// Seeds

const here = new URL(".", import.meta.url).pathname;
export const DEFAULT_CORPORA = join(here, "..", "..", "..", "shared", "corpora");
export const DEFAULT_TESTS = join(here, "..");

/** JavaScript string literal body → its value (the escapes the test files use). */
function unescapeJs(body: string): string {
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|0(?![0-9])|\r?\n|.)/g, (_, e: string) => {
    if (e.startsWith("u{")) return String.fromCodePoint(parseInt(e.slice(2, -1), 16));
    if (e[0] === "u" && e.length === 5) return String.fromCharCode(parseInt(e.slice(1), 16));
    if (e[0] === "x") return String.fromCharCode(parseInt(e.slice(1), 16));
    if (e === "0") return "\0";
    if (e === "\n" || e === "\r\n") return "";
    return ({ n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", v: "\v" } as Record<string, string>)[e] ?? e;
  });
}

/** The first string of each array literal that opens a line: `["cat x", "ask", …]`, the shape
 * of every case table (table.ts, tools.ts, the oracle's and the red team's lists). */
const CASE_ROW = /^\s*\[\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\$]|\\.|\$(?!\{))*)`)\s*,/gm;

export function extractCaseCommands(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(CASE_ROW)) out.push(unescapeJs(m[1] ?? m[2] ?? m[3] ?? ""));
  return out;
}

export interface SeedOptions {
  readonly corporaDir?: string;
  readonly testDir?: string;
}

/** Corpora read at run time (skipped when absent) and the case tables of test/ and
 * test/commands/. Duplicates and empty lines dropped. */
export function loadSeeds(options: SeedOptions = {}): Seed[] {
  const seen = new Set<string>();
  const seeds: Seed[] = [];
  const add = (text: string, source: string) => {
    if (text.trim() === "" || seen.has(text)) return;
    seen.add(text);
    seeds.push({ text, source });
  };
  const corpora = options.corporaDir ?? DEFAULT_CORPORA;
  for (const name of ["tldr.txt", "nl2bash.txt"]) {
    const file = join(corpora, name);
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, "utf8").split("\n")) add(line, name.replace(/\.txt$/, ""));
  }
  const tests = options.testDir ?? DEFAULT_TESTS;
  for (const dir of [tests, join(tests, "commands")]) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) {
      // The fuzz test's own regressions come back through the fuzzer anyway.
      if (!f.endsWith(".test.ts") || f === "fuzz.test.ts") continue;
      for (const c of extractCaseCommands(readFileSync(join(dir, f), "utf8"))) add(c, f);
    }
  }
  return seeds;
}

// ---------------------------------------------------------------------------------------------
// Words that may be respelled

const RESERVED = new Set(["if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for",
  "in", "select", "function", "time", "coproc", "{", "}", "!", "[[", "]]"]);
const SAFE_WORD = /^[A-Za-z0-9._/+@%:,-]+$/;
const OPERATOR = /[\s;|&<>()]/;
/** What may stand right before and after a respellable word. Not `<`, `>` or `&` before, not
 * `<` or `>` after: `2>x` and `>&1` hold descriptor numbers, which quoting turns into words. */
const BEFORE_WORD = /^[\s;|()]?$/;
const AFTER_WORD = /^[\s;|)&]?$/;

interface Span {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * Unquoted words made only of characters that mean nothing to the shell, with the shell's own
 * separators on both sides: respelling one cannot change what bash does. Null when the command
 * has constructs where quoting changes meaning (arithmetic, `[[ ]]`, here-documents, comments)
 * or that this scanner cannot follow (an unterminated quote).
 */
export function plainWords(cmd: string): Span[] | null {
  if (/\(\(|\[\[|<<(?!<)/.test(cmd)) return null;
  const words: Span[] = [];
  let start = -1;
  let clean = true;
  let prev = "";
  const close = (end: number) => {
    if (start < 0) return;
    const text = cmd.slice(start, end);
    const ok = clean &&
      SAFE_WORD.test(text) &&
      !RESERVED.has(text) &&
      BEFORE_WORD.test(cmd[start - 1] ?? "") &&
      AFTER_WORD.test(cmd[end] ?? "") &&
      // Not a loop variable or function name, not `time`'s own option.
      !/^(?:for|select|function|time)$/.test(prev);
    if (ok) words.push({ start, end, text });
    prev = text;
    start = -1;
    clean = true;
  };
  /** Index just past `closer`, searching from `from` (backslashes escaping when `escapes`);
   * -1 when the run never closes. */
  const skipTo = (closer: string, from: number, escapes: boolean): number => {
    for (let j = from; j < cmd.length; j++) {
      if (escapes && cmd[j] === "\\") j++;
      else if (cmd[j] === closer) return j + 1;
    }
    return -1;
  };
  let i = 0;
  while (i < cmd.length) {
    const c = cmd[i]!;
    const n = cmd[i + 1];
    let after: number | null = null;
    if (c === "\\") after = i + 2;
    else if (c === "'") after = skipTo("'", i + 1, false);
    else if (c === '"') after = skipTo('"', i + 1, true);
    else if (c === "`") after = skipTo("`", i + 1, true);
    else if (c === "$" && n === "'") after = skipTo("'", i + 2, true);
    else if (c === "$" && n === "{") after = skipTo("}", i + 2, true);
    if (after !== null) {
      if (after === -1) return null;
      if (start < 0) start = i;
      clean = false;
      i = after;
      continue;
    }
    if (c === "#" && start < 0) return null;
    if (OPERATOR.test(c)) {
      close(i);
      i++;
      continue;
    }
    if (start < 0) start = i;
    if (!SAFE_WORD.test(c)) clean = false;
    i++;
  }
  close(cmd.length);
  return words;
}

// ---------------------------------------------------------------------------------------------
// Mutations

type QuoteStyle = "single" | "double" | "ansi" | "backslash";
const QUOTES: readonly QuoteStyle[] = ["single", "double", "ansi", "backslash"];

function quote(text: string, style: QuoteStyle): string {
  switch (style) {
    case "single":
      return `'${text}'`;
    case "double":
      return `"${text}"`;
    case "ansi":
      return `$'${text}'`;
    case "backslash":
      return [...text].map((c) => `\\${c}`).join("");
  }
}

const replaceSpan = (cmd: string, s: Span, by: string) => cmd.slice(0, s.start) + by + cmd.slice(s.end);

/** Defines a function or reads positional parameters: in a shell that ends (`( )`, `bash -c`)
 * both mean something else than at top level, so wrapping there is not equivalent. */
function dependsOnTopLevel(cmd: string): boolean {
  // Positional parameters are unknown at the top level and empty in `bash -c '…'`: `$1`, `$@`,
  // `for f; do`, shift and getopts read them.
  return /(?:^|[\s;&|({'"])(?:function\s+[\w.:-]+|[\w.:-]+\s*\(\s*\))/.test(cmd) || /\$\{?[0-9@*#]/.test(cmd) ||
    /\balias\b/.test(cmd) ||
    /\bfor\s+[A-Za-z_][A-Za-z0-9_]*\s*(;|\n|do\b)/.test(cmd) || /\b(shift|getopts)\b/.test(cmd);
}

const BUILTIN_NAMES = new Set(["cd", "pushd", "popd", "dirs", "echo", "printf", "test", "true", "false", "source",
  "eval", "exec", "export", "declare", "typeset", "local", "readonly", "set", "unset", "shopt", "read", "let", "trap",
  "alias", "unalias", "type", "hash", "builtin", "command", "return", "exit", "break", "continue", "shift", "getopts",
  "wait", "umask", "pwd", "kill", "jobs", "fg", "bg", "disown", "ulimit", "history", "fc", "enable", "help", "logout",
  "times", "mapfile", "readarray"]);
const programs = new Map<string, boolean>();

/** The first word names a program found in /usr/bin or /bin that is not a shell builtin:
 * only then do `env`, `nice`, `timeout`… run the same thing. */
function startsWithProgram(cmd: string): boolean {
  const m = /^\s*([A-Za-z0-9_.+-]+)(?=\s|$)/.exec(cmd);
  if (!m || BUILTIN_NAMES.has(m[1]!) || RESERVED.has(m[1]!)) return false;
  const name = m[1]!;
  let known = programs.get(name);
  if (known === undefined) {
    known = ["/usr/bin", "/bin"].some((d) => {
      try {
        accessSync(join(d, name), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
    programs.set(name, known);
  }
  return known;
}

/** Text may follow the command on its line: no comment, here-document, continuation, or a
 * trailing operator that would take it. */
function appendable(cmd: string): boolean {
  return !/#|<<(?!<)|[\\&|;({]\s*$/.test(cmd) && cmd.trim() !== "";
}

/** `c` followed by a terminator that can precede `}` or `)`. */
function closed(cmd: string): string {
  if (/<<(?!<)/.test(cmd) || cmd.includes("#")) return `${cmd}\n`;
  // An escaped `\;` (find -exec's end) is a word, not a separator.
  if (/(^|[^\\])(\\\\)*[;&]\s*$/.test(cmd)) return cmd;
  return `${cmd};`;
}

type Applied = { text: string; relation: Relation; op: string } | null;

const WRAPS: readonly string[] = ["( )", "{ ;}", "bash -c", "sh -c", "eval", 'eval ""', "time", "env", "nice",
  "timeout", "nohup", "stdbuf", "command"];
const BEFORE: readonly string[] = ["cd .. && ", "cd link-out && ", "cd ~ && ", "cd ../outside; ",
  "pushd .. >/dev/null; ", "cd dir-out && "];
const SWAPS: readonly string[] = ["../x", "~/x", "link-out/x", "../outside/secret.txt", "rel-out/secret.txt",
  "src/secret-link", "$HOME/x"];
const REDIRECTS: readonly string[] = [" 2>&1", " >> ../log", " 2> ../err", " > link-out/out"];

function wrap(cmd: string, how: string): Applied {
  const op = `wrap:${how}`;
  const ended = (text: string): Applied => ({ text, relation: dependsOnTopLevel(cmd) ? "other" : "equivalent", op });
  switch (how) {
    case "( )":
      return ended(`( ${closed(cmd).replace(/;$/, "")} )`);
    case "{ ;}":
      return { text: `{ ${closed(cmd)} }`, relation: "equivalent", op };
    case "bash -c":
    case "sh -c":
      return ended(`${how} ${singleQuote(cmd)}`);
    case "eval":
      return { text: `eval ${singleQuote(cmd)}`, relation: "equivalent", op };
    case 'eval ""':
      return { text: `eval "${cmd.replace(/["\\$`]/g, (c) => `\\${c}`)}"`, relation: "equivalent", op };
    case "time":
      return /^\s*-/.test(cmd) ? null : { text: `time ${cmd}`, relation: "equivalent", op };
    default: {
      if (!startsWithProgram(cmd)) return null;
      const prefix = how === "timeout" ? "timeout 5" : how === "stdbuf" ? "stdbuf -o0" : how;
      return { text: `${prefix} ${cmd.replace(/^\s+/, "")}`, relation: "equivalent", op };
    }
  }
}

/** One mutation, by name, with `pick` choosing where and `variant` how; null when it does not
 * apply to this command. */
export function applyMutation(cmd: string, name: MutationName, pick: number, variant: number): Applied {
  switch (name) {
    case "requote": {
      const ws = plainWords(cmd);
      if (!ws || ws.length === 0) return null;
      const w = ws[pick % ws.length]!;
      const style = QUOTES[variant % QUOTES.length]!;
      return { text: replaceSpan(cmd, w, quote(w.text, style)), relation: "equivalent", op: `requote:${style}` };
    }
    case "split": {
      const ws = plainWords(cmd)?.filter((w) => w.text.length > 1);
      if (!ws || ws.length === 0) return null;
      const w = ws[pick % ws.length]!;
      const at = 1 + (variant % (w.text.length - 1));
      const style = QUOTES[Math.floor(variant / w.text.length) % QUOTES.length]!;
      const parts = variant % 2 === 0
        ? w.text.slice(0, at) + quote(w.text.slice(at), style)
        : quote(w.text.slice(0, at), style) + w.text.slice(at);
      return { text: replaceSpan(cmd, w, parts), relation: "equivalent", op: `split:${style}` };
    }
    case "wrap":
      return wrap(cmd, WRAPS[variant % WRAPS.length]!);
    case "cd-before":
      // `cd x && # comment` does not parse: `&&` needs a command after it.
      if (/^\s*#/.test(cmd)) return null;
      return { text: BEFORE[variant % BEFORE.length]! + cmd, relation: "escalating",
        op: `cd-before:${BEFORE[variant % BEFORE.length]!.trim()}` };
    case "swap-path": {
      const ws = plainWords(cmd)?.filter((w) => w.text.includes("/") || /\.[A-Za-z0-9]{1,4}$/.test(w.text));
      if (!ws || ws.length === 0) return null;
      const w = ws[pick % ws.length]!;
      const by = SWAPS[variant % SWAPS.length]!;
      return { text: replaceSpan(cmd, w, by), relation: "other", op: `swap-path:${by}` };
    }
    case "redirect": {
      if (!appendable(cmd)) return null;
      const r = REDIRECTS[variant % REDIRECTS.length]!;
      return { text: cmd.replace(/\s+$/, "") + r, relation: r === " 2>&1" ? "equivalent" : "other",
        op: `redirect:${r.trim()}` };
    }
  }
}

export const MUTATION_NAMES = ["requote", "split", "wrap", "cd-before", "swap-path", "redirect"] as const;
export type MutationName = (typeof MUTATION_NAMES)[number];

export interface MutateOptions {
  /** A mutation is applied only if this holds for the result whenever it held for the input
   * (`safeToRun`, so that a runnable seed stays runnable). */
  readonly keep?: (text: string) => boolean;
}

/** Applies `steps` in order; inapplicable or refused steps are skipped. */
export function mutate(seed: Seed, steps: readonly (readonly [MutationName, number, number])[],
  options: MutateOptions = {}): Mutant
{
  let text = seed.text;
  let base = seed.text;
  let escalated = false;
  let sinceBase = 0;
  const ops: string[] = [];
  for (const [name, pick, variant] of steps) {
    const r = applyMutation(text, name, pick, variant);
    if (!r) continue;
    if (options.keep && options.keep(text) && !options.keep(r.text)) continue;
    ops.push(r.op);
    text = r.text;
    // Once a step leaves the project first, every later step keeps it first (they wrap, respell
    // or append, and a swapped path is one outside). A step that changes meaning otherwise
    // starts a new base for the equivalent steps after it.
    if (r.relation === "escalating") escalated = true;
    else if (r.relation === "other") {
      base = text;
      sinceBase = 0;
    } else sinceBase++;
  }
  const relation: Relation = escalated ? "escalating" : sinceBase > 0 ? "equivalent" : "other";
  return { text, seed, ops, relation, base };
}

const step = fc.tuple(fc.constantFrom(...MUTATION_NAMES), fc.nat(), fc.nat());

/** A seed with one to three mutations. */
export function mutantArbitrary(seeds: readonly Seed[], options: MutateOptions = {}): fc.Arbitrary<Mutant> {
  if (seeds.length === 0) throw new Error("no seeds to mutate");
  return fc.tuple(fc.nat(seeds.length - 1), fc.array(step, { minLength: 1, maxLength: 3 })).map(([i, steps]) =>
    mutate(seeds[i]!, steps, options)
  );
}
