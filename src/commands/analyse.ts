// What a command does with its words. The interpreter hands over the expanded words of one
// simple command; this module finds the command's table entry and answers with effects.
// A command the table does not know keeps the conservative treatment: every argument may
// be a path, and a word naming something that runs code makes the command opaque.

import type { World } from "../shell/state.ts";
import type { Span } from "../base/span.ts";
import { applySpec } from "./apply.ts";
import { type Arg, type Disk, type Effect, NO_DISK, type Stdin, withValue } from "./effects.ts";
import { disclosureEffects } from "./disclosures.ts";
import { extractionEffects } from "./extractors.ts";
import { messageValues } from "./messages.ts";
import type { Call, Entry } from "./spec.ts";
import type { Listing } from "../shell/listing.ts";
import type { Naming } from "../shell/findings.ts";
import { GUARD_PROGRAM } from "./table/guard-cli.ts";
import { lookupCommand } from "./table/index.ts";

export type { Arg, Effect } from "./effects.ts";
export { withValue } from "./effects.ts";

function basename(p: string): string {
  const i = p.lastIndexOf("/");
  return i < 0 ? p : p.slice(i + 1);
}

/** Directories whose programs are the system tools their names say. */
const SYSTEM_BIN = /^\/(usr\/(local\/)?)?s?bin\/[^/]+$|^\/opt\/homebrew\/bin\/[^/]+$|^\/snap\/bin\/[^/]+$/;

/** Whether a program named by this path is a system tool (running it is not an access to judge). */
export function isSystemProgram(path: string): boolean {
  return SYSTEM_BIN.test(path);
}

interface AnalyseContext {
  readonly countUnknown: boolean;
  readonly world: World;
  readonly span: Span;
  /** Standard input, worked out only for the commands that read it. */
  readonly stdin: () => Stdin;
  /** False: judge every command as unknown (the conservative baseline, for measurement). */
  readonly useTable: boolean;
  readonly home?: string | null;
  readonly disk?: Disk;
}

export function analyseCommand(name: Arg, args: readonly Arg[], ctx: AnalyseContext): Effect[] {
  const text = name.text;
  if (text === null) return generic(name, args);
  // Programs in the system's bin directories are the tools their names say; running them is not
  // an access to judge. Anything else named by a path is.
  const base = basename(text);
  // A link to a program in a system bin directory (a virtual environment's `.venv/bin/python`
  // -> /usr/bin/python3) runs that program, with the project's words: the tool, as that path is.
  const linked = text.includes("/") && !SYSTEM_BIN.test(text) && ctx.useTable
    ? systemLink(text, ctx.disk ?? NO_DISK)
    : undefined;
  const effects: Effect[] = SYSTEM_BIN.test(text) || linked !== undefined ? [] : [{ t: "exec", arg: name }];
  const entry = linked ?? entryFor(text, ctx.useTable);
  if (!entry) {
    if (text.includes("/") && ctx.useTable && GUARD_PROGRAM.test(text)) {
      // The guard's own program by a path (node_modules/.bin/shellfence): its command line is
      // judged as `shellfence`'s, whatever the file holds (table/guard-cli.ts).
      const argv = [withValue(name, "shellfence", ""), ...args];
      effects.push({ t: "run", argv, inProcess: false, bypassFunctions: true, label: text, named: true });
      return effects;
    }
    if (text.includes("/")) {
      // A program named by a path: a shell script inside the root is read and interpreted.
      effects.push({ t: "code", text: null, span: name.span, label: text, inProcess: false, script: text,
        positional: knownTexts(args) });
      return effects;
    }
    const disclosed = disclosureEffects({ name: base, nameArg: name, args, world: ctx.world, span: ctx.span,
      home: ctx.home ?? null });
    return [...effects, ...generic(name, args, messageValues(base, args)), ...disclosed];
  }
  if ("analyse" in entry) return [...effects, ...entry.analyse(new CommandCall(base, name, args, ctx))];
  const applied = applySpec(base, entry, args, ctx.world, ctx.span, undefined, ctx.disk ?? NO_DISK, ctx.stdin);
  effects.push(...applied.effects);
  if (applied.runs) {
    effects.push({ t: "run", argv: applied.runs,
      inProcess: "runs" in entry.operands && entry.operands.inProcess === true, bypassFunctions: true, label: base });
  }
  return effects;
}

/**
 * The table's entry for a program named by a path that is a symlink to a program in a system bin
 * directory, when the table gives the link's name and the program's the same entry (python and
 * python3.11); undefined otherwise. A multi-call program (busybox, whose `ls` link runs its ls)
 * acts by the name it is run by, so two names the table tells apart keep the link a program of
 * the project's.
 */
function systemLink(text: string, disk: Disk): Entry | undefined {
  const own = lookupCommand(basename(text));
  if (own === undefined) return undefined;
  const target = disk.systemProgram(text, isSystemProgram);
  return target !== null && lookupCommand(basename(target)) === own ? own : undefined;
}

/** The entry of a program run by the name `text`, if any. */
function entryFor(text: string, useTable: boolean): Entry | undefined {
  // ./cat is whatever the project put there, not coreutils' cat.
  return useTable && (!text.includes("/") || SYSTEM_BIN.test(text)) ? lookupCommand(basename(text)) : undefined;
}

/** What the entry of the program `name` says of the names its writes make, run with the words `args` (EntryNaming). */
export function namingOf(name: Arg, args: readonly Arg[], useTable: boolean): Naming | undefined {
  const n = name.text === null ? undefined : entryFor(name.text, useTable)?.naming;
  if (n === undefined || (n.names !== undefined && !n.names.includes(basename(name.text!)))) return undefined;
  // (A word that is not known is its source, as in the command's text.)
  const why = n.unless?.(args.map((a) => a.text ?? a.source)) ?? null;
  return why === null ? { fact: n.fact } : { fact: n.fact, unless: why };
}

/**
 * What an analyser is given. A class, for its getter: standard input is worked out only when
 * an analyser reads it, and an object literal with a getter costs V8 a new hidden class per
 * call, made in the old generation, through which everything the getter reaches (the world,
 * the interpreter) outlived every young collection until a full one (a third of a batch's
 * garbage, and most of its collection time).
 */
class CommandCall implements Call {
  readonly world: World;
  readonly span: Span;
  readonly countUnknown: boolean;
  readonly home: string | null;
  readonly disk: Disk;
  readonly #stdin: () => Stdin;

  constructor(readonly name: string, readonly nameArg: Arg, readonly args: readonly Arg[], ctx: AnalyseContext) {
    this.world = ctx.world;
    this.span = ctx.span;
    this.countUnknown = ctx.countUnknown;
    this.home = ctx.home ?? null;
    this.disk = ctx.disk ?? NO_DISK;
    this.#stdin = ctx.stdin;
  }

  get stdin(): Stdin {
    return this.#stdin();
  }
}

function knownTexts(args: readonly Arg[]): readonly string[] | null {
  return args.every((a) => a.text !== null) ? args.map((a) => a.text!) : null;
}

const SHELL_NAMES = new Set(["sh", "bash", "dash", "zsh", "ksh", "mksh", "pdksh", "yash", "fish", "csh", "tcsh",
  "busybox", "rbash", "ash"]);

/** Programs that run a command given to them (the table knows most of them by now). */
const CODE_RUNNERS = new Set(["xargs", "parallel", "watch", "su", "ssh", "sudo", "doas", "pkexec", "runuser", "script",
  "expect", "tmux", "screen", "entr", "at", "batch", "crontab", "systemd-run", "dbus-run-session", "fakeroot", "proot",
  "firejail", "bwrap", "chroot", "unshare", "nsenter"]);

const INTERPRETERS =
  /^(python[0-9.]*|pypy[0-9.]*|node|nodejs|deno|bun|perl[0-9.]*|ruby[0-9.]*|irb|php[0-9.]*|lua[0-9.]*|luajit|tclsh[0-9.]*|wish|R|Rscript|julia|osascript|powershell|pwsh|jshell|groovy|scala|kotlin|guile|racket|sbcl|clisp|ocaml|ghci|runghc|swift|elixir|erl|escript|iex|gdb)$/;

/**
 * Interpreters whose first word after their name may be code or a subcommand that runs code
 * (`deno eval CODE`, `powershell CODE`, `scala run --script-snippet CODE`), not a script file.
 */
const CODE_OR_SUBCOMMAND_FIRST = new Set(["deno", "bun", "powershell", "R", "erl", "sbcl", "swift", "scala", "kotlin",
  "gdb"]);

/**
 * The conservative analysis for a command without a table entry: every argument is a path of
 * unknown kind, the command may change anything, and a word naming a shell, an interpreter or
 * a command runner makes it opaque. An interpreter followed by a word that is not an option
 * (`julia x.jl`, `blackfire run php x.php`) runs that file, as `python x.py` does, and the
 * file is judged as a path with the other words; one followed by an option (`-e CODE`), by
 * nothing (its program comes from standard input), or by a word that is not known may run
 * code the guard cannot see.
 */
function generic(name: Arg, args: readonly Arg[], messages: ReadonlySet<Arg> = new Set()): Effect[] {
  const effects: Effect[] = [{ t: "changes", fs: true, links: true }];
  // (A message the program sends, `gh pr create --body …`, is neither a place nor a program: messages.ts.)
  const words = [name, ...args.filter((a) => !messages.has(a))];
  for (const [i, w] of words.entries()) {
    if (w.text === null) continue;
    const b = basename(w.text);
    if (SHELL_NAMES.has(b)) {
      effects.push({ t: "issue", code: "OPAQUE_CODE", message: `${b} runs shell code the guard has not interpreted`,
        span: w.span });
      break;
    }
    if (INTERPRETERS.test(b)) {
      const next = words[i + 1]?.text;
      if (next !== undefined && next !== null && next !== "" && !next.startsWith("-") &&
        !CODE_OR_SUBCOMMAND_FIRST.has(b)) continue;
      effects.push({ t: "issue", code: "INLINE_CODE", message: `${b} runs code the guard cannot see into`,
        span: w.span });
      break;
    }
    if (w === name && CODE_RUNNERS.has(b)) {
      effects.push({ t: "issue", code: "OPAQUE_CODE", message: `${b} runs a command the guard has not interpreted`,
        span: w.span });
      break;
    }
  }
  let operands = false;
  for (const a of args) {
    if (!operands && a.text === "--") {
      operands = true;
      continue;
    }
    if (messages.has(a)) continue;
    effects.push({ t: "generic", arg: a, operand: operands });
  }
  if (name.text !== null) {
    effects.push(...extractionEffects(basename(name.text), args.filter((a) => !messages.has(a)), name));
  }
  return effects;
}
