// What a command reads on standard input, when the guard can see it: a here-string or
// here-document, a file named by `<`, or the output of an earlier pipeline segment whose
// output is known. What a command prints is its table entry's (`pipe` in
// src/commands/spec.ts): a text, its input, some of its input lines, or the names a listing
// prints (src/shell/listing.ts). This module only asks the entry, after seeing through
// wrappers that leave the output alone (`nice`, `timeout`, `env X=1`).

import type { Arg } from "../commands/analyse.ts";
import type { Stdin } from "../commands/effects.ts";
import { parseWords } from "../commands/apply.ts";
import type { PipeCall, PipeOutput } from "../commands/spec.ts";
import { lookupCommand } from "../commands/table/index.ts";
import { WRAPPER_SPECS } from "../commands/table/wrappers.ts";
import type { World } from "../shell/state.ts";
import type { Redir, Stmt, Word } from "../shell/syntax.ts";
import { expandToSegs, expandWord } from "../shell/words/expand.ts";
import { type Field, fieldText, firstUnknown, hasStandIn, type Seg, type WordEnv } from "../shell/words/env.ts";
import { lookup } from "../shell/words/variables.ts";
import { filtered, type Listing, listingOf } from "../shell/listing.ts";
import { isAbsolute, join, resolvePhysical } from "../paths/resolve.ts";

export const UNKNOWN_STDIN: Stdin = { t: "unknown" };
/** The standard input of the shell the command runs in, which no redirection or pipe in it changed. */
export const INHERITED_STDIN: Stdin = { t: "unknown", inherited: true };

function argOf(f: Field, word: Word): Arg {
  const text = fieldText(f);
  return { text, source: word.text, span: word.span, unknownWhy: text === null ? firstUnknown(f)?.why ?? null : null,
    segs: f.segs };
}

function segsText(segs: readonly Seg[]): string | null {
  return fieldText({ segs });
}

/** Here-strings, here-documents and `< file` say what a command reads. */
export function redirectedStdin(redirs: readonly Redir[], w: World, env: WordEnv): Stdin | null {
  let out: Stdin | null = null;
  for (const r of redirs) {
    if (r.fd !== null && r.fd !== "0") continue;
    if (r.op === "<<<" && r.target) {
      const t = segsText(expandToSegs(r.target, w.clone(), env, false));
      out = t === null ? UNKNOWN_STDIN : { t: "text", text: t + "\n" };
    } else if ((r.op === "<<" || r.op === "<<-") && r.heredoc) {
      const body = r.heredoc.expands
        ? segsText(expandToSegs(r.heredoc.body, w.clone(), env, false))
        : r.heredoc.body.text;
      out = body === null ? UNKNOWN_STDIN : { t: "text", text: r.op === "<<-" ? body.replace(/^\t+/gm, "") : body };
    } else if (r.op === "<" && r.target) {
      const e = expandWord(r.target, w.clone(), env);
      const f = e.fields[0];
      out = e.fields.length === 1 && f ? { t: "file", arg: argOf(f, r.target) } : UNKNOWN_STDIN;
    }
  }
  return out;
}

/**
 * Words whose substitutions are too costly to expand again: expanding them again analyses the
 * substitutions again, 2^depth times in all. Command substitutions nested two deep
 * (`$(dirname $(dirname $(which perl)))`) are analysed four times at most.
 */
export function hasSubstitution(words: readonly Word[]): boolean {
  return depthOf(words) > 2;
}

/** How deep command substitutions nest in words (Infinity for other expansions that run code). */
export function substitutionDepth(words: readonly Word[]): number {
  return depthOf(words);
}

function depthOf(words: readonly Word[]): number {
  let depth = 0;
  for (const w of words) {
    for (const p of w.parts) {
      switch (p.t) {
        case "raw":
        case "lit":
        case "bad":
          break;
        case "param":
          if (p.param.arg !== null) return Infinity;
          break;
        case "cmdsub":
          depth = Math.max(depth, 1 + bodyDepth(p.body));
          break;
        case "procsub":
        case "arith":
        case "code":
          return Infinity;
        default: {
          // (A part not known here may run code: too costly to expand again.)
          const never: never = p;
          void never;
          return Infinity;
        }
      }
    }
  }
  return depth;
}

/** The same for a simple command or a pipeline of them; Infinity for anything else (and here-documents). */
function bodyDepth(body: Stmt): number {
  let depth = 0;
  for (const i of body.t === "pipe" ? body.items : [body]) {
    if (i.t !== "cmd" || i.redirs.some((r) => r.heredoc !== null)) return Infinity;
    depth = Math.max(depth,
      depthOf([...i.words, ...i.redirs.flatMap((r) => (r.target ? [r.target] : [])),
        ...i.assigns.flatMap((a) => (a.value ? [a.value] : []))]));
  }
  return depth;
}

/** The words of a simple command, when all are known. */
function knownArgv(s: Stmt, w: World, env: WordEnv): Arg[] | null {
  if (s.t !== "cmd" || hasSubstitution(s.words)) return null;
  const argv: Arg[] = [];
  for (const word of s.words) {
    const e = expandWord(word, w, env);
    if (e.countUnknown) return null;
    for (const f of e.fields) argv.push(argOf(f, word));
  }
  return argv.length ? argv : null;
}

const WRAPPER_BY_NAME = new Map(WRAPPER_SPECS.flatMap((spec) => spec.names.map((n) => [n, spec] as const)));

/**
 * The command a wrapper that leaves output alone (nice, timeout, stdbuf, command, env with
 * assignments, …) runs, so `nice find .` prints what `find .` does; null when a wrapper's
 * words are not all understood.
 */
function unwrap(argv: readonly Arg[], w: World): readonly Arg[] | null {
  let cur = argv;
  for (let depth = 0; depth < 8; depth++) {
    const name = cur[0]?.text?.replace(/^.*\//, "");
    if (!name) return null;
    const args = cur.slice(1);
    if (name === "command") {
      let i = 0;
      while (args[i]?.text === "-p" || args[i]?.text === "--") i++;
      if (args[i]?.text?.startsWith("-")) return null;
      cur = args.slice(i);
      continue;
    }
    if (name === "env") {
      let i = 0;
      while (args[i] &&
        (args[i]!.text === "-i" || args[i]!.text === "--" || /^[A-Za-z_][A-Za-z0-9_]*=/.test(args[i]!.text ?? ""))) i++;
      if (args[i]?.text?.startsWith("-")) return null;
      cur = args.slice(i);
      continue;
    }
    const spec = WRAPPER_BY_NAME.get(name);
    if (!spec) return cur;
    const parsed = parseWords(spec, args, w, undefined, true);
    if (parsed.items.some((it) => it.t === "unknown-option")) return null;
    const skip = spec.operands && "skip" in spec.operands ? spec.operands.skip ?? 0 : 0;
    const operands = parsed.items.filter((it) => it.t === "operand");
    const command = operands[skip];
    if (!command) return null;
    cur = args.slice(args.indexOf(command.word));
  }
  return null;
}

/**
 * Whether a command substitution's output can only be numbers (`$(… | wc -l)`, `$(grep -c …)`,
 * `$(date +%s)`): such a value cannot hold a path or a subscript. Judged by the table entry of
 * the last command of a pipeline, from its words as written.
 */
export function printsOnlyNumbers(body: Stmt, w: World): boolean {
  const last = body.t === "pipe" ? body.items[body.items.length - 1] : body;
  if (!last || last.t !== "cmd" || last.words.some((w) => w.parts.some((p) => p.t !== "raw" && p.t !== "lit"))) {
    return false;
  }
  const [name, ...args] = last.words.map((w) => w.text);
  if (name === undefined || mayBeRedefined(name, w)) return false;
  const pipe = lookupCommand(name)?.pipe ?? [];
  return pipe.some((p) => p.t === "numbers" && p.when(name, args));
}

/**
 * Whether a command substitution's output is one plain path segment or nothing
 * (`$(date +%Y%m%d)`): the source of a regular expression it matches, or null. Only a lone
 * command with no assignment or redirection of its own but of standard error to a file, named by its name or its path in a
 * system bin directory, whose words are all known; its table entry says.
 */
export function printsSegment(body: Stmt, w: World, env: WordEnv): string | null {
  // Standard error sent to a file leaves the output alone (`2>&1` would put a message in it).
  if (body.t !== "cmd" || body.assigns.length > 0 ||
    body.redirs.some((r) => r.fd !== "2" || (r.op !== ">" && r.op !== ">>"))) return null;
  const argv = knownArgv(body, w, env);
  if (!argv || argv.some((a) => a.text === null || a.standIn)) return null;
  const [written, ...args] = argv.map((a) => a.text!);
  if (written === undefined || mayBeRedefined(written, w)) return null;
  const name = /^\/(usr\/)?bin\/[^/]+$/.test(written) ? written.slice(written.lastIndexOf("/") + 1) : written;
  if (name.includes("/")) return null;
  const assigned = (v: string) => w.getVar(v) !== undefined;
  for (const p of lookupCommand(name)?.pipe ?? []) {
    const s = p.t === "segment" ? p.segment(name, args, assigned) : null;
    if (s !== null) return s;
  }
  return null;
}

/** Whether a name may run a function or an alias the script defined, rather than the command. */
function mayBeRedefined(name: string, w: World): boolean {
  return w.funcs.has(name) || w.aliases.has(name) || w.tainted !== null;
}

/** What pipeline segment `index` writes to the next one: what its table entry says it prints. */
export function pipeOutput(items: readonly Stmt[], index: number, w: World, env: WordEnv): Stdin {
  const s = items[index]!;
  if (!printsToPipe(s)) return UNKNOWN_STDIN;
  const words = knownArgv(s, w, env);
  // A function or alias of that name runs instead of the command the table knows. (Wrappers
  // after it run programs, which functions do not replace; `command` skips them too.)
  if (words && words[0]?.text && mayBeRedefined(words[0].text, w)) return UNKNOWN_STDIN;
  const argv = words && unwrap(words, w);
  if (!argv || argv.length === 0 || argv[0]!.text === null || s.t !== "cmd") return UNKNOWN_STDIN;
  const name = argv[0]!.text!.replace(/^.*\//, "");
  // `GIT_INDEX_FILE=… git ls-files` lists another index, which the world here does not hold.
  if (name === "git" && s.assigns.some((a) => a.name.startsWith("GIT_"))) return UNKNOWN_STDIN;
  const args = argv.slice(1);
  const input = (): Stdin =>
    redirectedStdin(s.redirs, w, env) ?? (index > 0 ? pipeOutput(items, index - 1, w, env) : UNKNOWN_STDIN);
  // The disk is what the command sees only when nothing that runs before it or alongside it
  // (another segment of its pipeline) may have changed it.
  return outputOf(name, argv[0]!, args, input, w, env, items.length === 1);
}

/**
 * Whether a pipeline segment's standard output is the pipe and only its output goes there: no
 * redirection sends it elsewhere (`> f`, `&>f`, `>&2`) or adds standard error (`2>&1`: find's
 * messages are not names).
 */
function printsToPipe(s: Stmt): boolean {
  return s.t === "cmd" &&
    s.redirs.every((r) =>
      r.fd !== "1" && (r.fd !== null || r.op.startsWith("<")) && !(r.fd === "2" && (r.op === ">&" || r.op === "<&"))
    );
}

/** What a command with these known words prints, as its table entry says. */
function outputOf(name: string, nameArg: Arg, args: readonly Arg[], input: () => Stdin, w: World, env: WordEnv,
  alone: boolean): Stdin
{
  const texts = args.map((a) => a.text);
  if (!texts.every((t): t is string => t !== null)) return UNKNOWN_STDIN;
  const diskSettled = alone && !w.fsChanged && !w.linksChanged && w.linkZones.length === 0;
  const resolve = (path: string) => {
    const abs = isAbsolute(path) ? path : w.cwd === null ? null : join(w.cwd, path);
    if (abs === null || !diskSettled || path === "") return null;
    const r = resolvePhysical(abs, env.fs);
    return r.ok ? r : null;
  };
  const call: PipeCall = { name, nameArg, args, texts, world: w, dialect: env.dialect,
    physicalDir: (p) => env.physicalDir(p), input, resolve, lstat: (p) => env.fs.lstat(p),
    inputText: () => {
      const s = input();
      return s.t === "text"
        ? s.text
        : s.t === "file" && s.arg.text !== null
        ? env.fileText?.(s.arg.text, w) ?? null
        : null;
    }, fileText: (file) => (file.text === null || file.standIn ? null : env.fileText?.(file.text, w) ?? null),
    absent: (a) => a.text !== null && !a.standIn && env.absentStart !== undefined && env.absentStart(a.text, w, a.span),
    readlink: (p) => (diskSettled ? env.fs.readlink(p) : null),
    lookPath: (program) => (diskSettled ? lookPath(program, w, env, resolve) : null),
    output: (other, otherArgs, otherInput) => outputOf(other, nameArg, otherArgs, () => otherInput, w, env, alone) };
  for (const p of lookupCommand(name)?.pipe ?? []) {
    const out = answer(p, call, input, w, env);
    if (out !== null) return out;
  }
  return UNKNOWN_STDIN;
}

/**
 * `which NAME` (debianutils and GNU alike): the first `DIR/NAME` on PATH, as written, that is a
 * regular file (through symlinks) the user may execute; null when PATH is not known, the name is
 * not found, or the disk cannot tell.
 */
function lookPath(program: string, w: World, env: WordEnv, resolve: PipeCall["resolve"]): string | null {
  const path = lookup(w, env, "PATH");
  if (path.k !== "str" || path.v === "" || program === "" || program.includes("/")) return null;
  for (const raw of path.v.split(":")) {
    // A relative entry (`.`, empty) or one with `~` is printed differently by different whiches.
    if (!isAbsolute(raw) || raw.includes("~")) return null;
    const candidate = `${raw}/${program}`;
    const r = resolve(candidate);
    if (r === null) return null;
    if (!r.exists) continue;
    const type = env.fs.lstat(r.path);
    if (type === "unreadable") return null;
    if (type !== "file") continue;
    const x = env.fs.executable?.(r.path) ?? null;
    if (x === null) return null;
    if (x) return candidate;
  }
  return null;
}

/** A listing whose names are no longer git's index's (Listing.indexed). */
function withoutIndex<A extends Arg>(l: Listing<A>): Listing<A> {
  const { indexed: _indexed, ...rest } = l;
  return rest;
}

/** One variant's answer, or null when it does not apply to these words (or this input). */
function answer(p: PipeOutput, call: PipeCall, input: () => Stdin, w: World, env: WordEnv): Stdin | null {
  switch (p.t) {
    case "text": {
      // (A stand-in's text is one name of many: what the command prints of the others is not known.)
      if (call.args.some((a) => a.standIn || hasStandIn(a))) return null;
      const text = p.text(call);
      return text === null ? null : { t: "text", text };
    }
    case "input":
      return p.when(call) ? input() : null;
    case "file": {
      const f = p.file(call);
      return f === null ? null : { t: "file", arg: f };
    }
    case "filter": {
      const f = p.filter(call);
      if (f === null) return null;
      // Some of the lines of a listing stay names of that listing; of known text, unknown lines.
      const got = input();
      if (got.t !== "listing") return null;
      // (Names a command makes of the index's names are not the index's: any link may be one.)
      const made = f.map ? f.map(got.listing) : got.listing;
      const mapped = f.map && !f.sameNames && made !== null ? withoutIndex(made) : made;
      return mapped === null
        ? null
        : { t: "listing",
          listing: filtered(mapped, f.single, f.sep === "keep" ? mapped.sep : f.sep, f.keepsEach === true) };
    }
    case "listing": {
      const source = p.source(call);
      if (source === null) return null;
      const check = env.unplainNames ? (d: Arg, deep: boolean) => env.unplainNames!(d.text!, deep, w, d.span) : null;
      const indexCheck = env.unplainIndexNames ? () => env.unplainIndexNames!(w, call.nameArg.span) : null;
      return { t: "listing", listing: listingOf(source, check, indexCheck) };
    }
    case "silent":
      return p.when(call.name, call.texts) ? { t: "text", text: "" } : null;
    case "numbers":
    case "segment":
      // Says only what the output cannot hold (printsOnlyNumbers, printsSegment), not what it is.
      return null;
    default: {
      // A variant this dispatcher does not know prints something unknown.
      const never: never = p;
      void never;
      return null;
    }
  }
}

export { simplePrintf } from "../commands/table/pipe/text.ts";
