// Wrappers: programs that run another command, with options of their own. Each is unwrapped
// to the command it runs; their own options are parsed (so `timeout -s KILL 5 rm x` runs rm),
// and options that change the directory or the environment are carried over.

import { applySpec, parseWords, roleOf, syntheticArg } from "../apply.ts";
import { type Arg, type Effect, replacedByStandIn, replacedByUnknown, type Stdin, withValue } from "../effects.ts";
import type { Analyser, Call, CommandSpec } from "../spec.ts";
import { type Cut, cutProblem, type Listing, repChoices, XARGS_CUT } from "../../shell/listing.ts";
import { linksMet } from "../../shell/index-names.ts";
import { issue, leadingOptions, type LeadingOptionRules, optionItems, optionValues, spanOf } from "./common.ts";
import { XARGS_TEXT } from "./pipe/disk.ts";
import { XARGS_DIRNAME, XARGS_NAMES } from "./pipe/xargs.ts";

const none = { value: "none" } as const;

/** Wrappers whose table entry is data: options, then the command (after `skip` operands). */
export const WRAPPER_SPECS: readonly CommandSpec[] = [{ names: ["nice"], style: "posix",
  options: { "-n": none, "--adjustment": none }, operands: { runs: "command" } }, {
  names: ["nohup"],
  style: "posix",
  options: {},
  operands: { runs: "command" },
  // With a terminal for output, nohup appends to ./nohup.out.
  custom: (ctx) => ctx.role(syntheticArg("nohup.out", ctx.operands[0]?.span ?? { start: 0, end: 0 }), "write"),
}, {
  // script [options] [file] (util-linux 2.38 --help): -c runs a command; the log files are
  // written, their names given as a separate word, glued (`-O../log`) or after `=`;
  // -t[FILE]/--timing[=FILE] takes its file only glued.
  names: ["script"],
  abbreviations: true,
  options: {
    ...Object.fromEntries(
      ["-a", "--append", "-e", "--return", "-f", "--flush", "--force", "-q", "--quiet", "-h", "--help", "-V",
        "--version"].map((n) => [n, {}]),
    ),
    ...Object.fromEntries(
      ["-I", "--log-in", "-O", "--log-out", "-B", "--log-io", "-T", "--log-timing"].map((
        n,
      ) => [n, { value: "write" } as const]),
    ),
    "-t": { value: "write", optional: true },
    "--timing": { value: "write", optional: true },
    ...Object.fromEntries(
      ["-m", "--logging-format", "-E", "--echo", "-o", "--output-limit", "-c", "--command"].map((n) => [n, none]),
    ),
  },
  operands: { all: "write" },
  changes: { fs: true, links: false },
  custom: (ctx) => {
    const commands = optionValues(ctx, "-c", "--command");
    for (const c of commands) {
      ctx.emit({ t: "code", text: c.text, span: c.span, label: "script -c", inProcess: false, userShell: true });
    }
    if (!commands.length) issue(ctx, "OPAQUE_CODE", "script starts a shell whose commands the guard cannot see");
    // Without a file (or -O/-B), the log is ./typescript.
    if (!ctx.operands.length && !optionItems(ctx, "-O", "--log-out", "-B", "--log-io").length) {
      ctx.role(syntheticArg("typescript", spanOf(ctx)), "write");
    }
  },
}, { names: ["setsid"], style: "posix",
  options: { "-c": {}, "-f": {}, "-w": {}, "--ctty": {}, "--fork": {}, "--wait": {} }, operands: { runs: "command" } },
  { names: ["ionice"], style: "posix",
    options: { "-c": none, "-n": none, "-p": none, "-P": none, "-u": none, "-t": {}, "--class": none,
      "--classdata": none, "--ignore": {} }, operands: { runs: "command" } }, { names: ["stdbuf"], style: "posix",
  options: { "-i": none, "-o": none, "-e": none, "--input": none, "--output": none, "--error": none },
  operands: { runs: "command" } }, { names: ["timeout"], style: "posix",
  options: { "-s": none, "--signal": none, "-k": none, "--kill-after": none, "-v": {}, "--verbose": {},
    "--preserve-status": {}, "--foreground": {} }, operands: { runs: "command", skip: 1 } }, { names: ["chrt"],
  style: "posix",
  options: { "-a": {}, "-b": {}, "-d": {}, "-e": {}, "-f": {}, "-i": {}, "-o": {}, "-r": {}, "-R": {}, "-m": {},
    "-p": {}, "-v": {}, "-T": none, "-P": none, "-D": none }, operands: { runs: "command", skip: 1 } }, {
  names: ["taskset"],
  style: "posix",
  options: { "-a": {}, "-c": {}, "-p": {}, "--cpu-list": {}, "--all-tasks": {}, "--pid": {} },
  operands: { runs: "command", skip: 1 },
}, { names: ["unbuffer"], style: "posix", options: { "-p": {} }, operands: { runs: "command" } }, { names: ["time"],
  style: "posix",
  options: { "-p": {}, "-v": {}, "--verbose": {}, "--portability": {}, "-a": {}, "--append": {}, "-q": {},
    "--quiet": {}, "-f": none, "--format": none, "-o": { value: "write" }, "--output": { value: "write" } },
  operands: { runs: "command", inProcess: true } }];

/** strace: -o names the trace file, or a command (`|cmd`, `!cmd`) the trace is piped to; -E sets the traced program's environment. */
const STRACE_SPEC: CommandSpec = { names: ["strace"], style: "posix",
  options: { "-o": none, "--output": none, "-e": none, "-p": none, "--attach": none, "-s": none, "--string-limit": none,
    "-E": none, "--env": none, "-u": none, "--user": none, "-a": none, "--columns": none, "-I": none, "-X": none,
    "-P": none, "--trace-path": none, "-b": none, "--detach-on": none, "-O": none, "-S": none,
    "--summary-sort-by": none, "-U": none, "--summary-columns": none, "-f": {}, "--follow-forks": {}, "-ff": {},
    "-y": {}, "-yy": {}, "-c": {}, "-C": {}, "-q": {}, "-qq": {}, "-t": {}, "-tt": {}, "-ttt": {}, "-T": {}, "-v": {},
    "-x": {}, "-xx": {}, "-i": {}, "-r": {}, "-k": {}, "-w": {}, "-Z": {}, "-z": {}, "-n": {}, "-d": {}, "-D": {},
    "-DD": {}, "-DDD": {}, "-F": {}, "-h": {}, "-V": {}, "--output-separately": {} }, operands: { runs: "command" } };

/** ltrace: -o writes the trace, -F reads configuration files, -l and -x name libraries to trace. */
const LTRACE_SPEC: CommandSpec = { names: ["ltrace"], style: "posix",
  options: { "-o": { value: "write" }, "--output": { value: "write" }, "-F": { value: "read" },
    "--config": { value: "read" }, "-l": { value: "read" }, "--library": { value: "read" }, "-a": none, "--align": none,
    "-A": none, "-D": none, "--debug": none, "-e": none, "-n": none, "--indent": none, "-p": none, "-s": none,
    "-u": none, "-w": none, "--where": none, "-x": none, "-b": {}, "--no-signals": {}, "-c": {}, "-C": {},
    "--demangle": {}, "-f": {}, "-h": {}, "--help": {}, "-i": {}, "-L": {}, "-r": {}, "-S": {}, "-t": {}, "-tt": {},
    "-ttt": {}, "-T": {}, "-V": {}, "--version": {} }, operands: { runs: "command" } };

function tracer(call: Call): Effect[] {
  const spec = call.name === "ltrace" ? LTRACE_SPEC : STRACE_SPEC;
  const applied = applySpec(call.name, spec, call.args, call.world, call.span);
  const effects: Effect[] = [...applied.effects];
  const assigns: [string, string | null][] = [];
  if (spec === STRACE_SPEC) {
    const parsed = parseWords(spec, call.args, call.world, undefined, true);
    for (const it of parsed.items) {
      if (it.t !== "option" || !it.value) continue;
      const v = it.value;
      if (it.name === "-o" || it.name === "--output") {
        if (v.text !== null && /^[|!]/.test(v.text)) {
          effects.push({ t: "code", text: v.text.slice(1), span: v.span, label: "strace -o |", inProcess: false });
        } else effects.push({ t: "path", arg: v, kind: "write" });
      } else if (it.name === "-E" || it.name === "--env") {
        if (v.text === null) {
          effects.push({ t: "issue", code: "OPAQUE_CODE",
            message: `strace -E sets a variable the guard cannot read (${v.source})`, span: v.span });
          continue;
        }
        const eq = v.text.indexOf("=");
        assigns.push(eq < 0 ? [v.text, null] : [v.text.slice(0, eq), v.text.slice(eq + 1)]);
      }
    }
  }
  if (applied.runs) {
    effects.push({ t: "run", argv: applied.runs, inProcess: false, bypassFunctions: true, label: call.name, assigns,
      clearEnv: false });
  }
  return effects;
}

/** sudo/doas: options, then the command, run as another user in a new process. */
const SUDO_SPEC: CommandSpec = { names: ["sudo"], style: "posix",
  options: { "-u": none, "--user": none, "-g": none, "--group": none, "-h": none, "--host": none, "-p": none,
    "--prompt": none, "-C": none, "--close-from": none, "-r": none, "--role": none, "-t": none, "--type": none,
    "-T": none, "--command-timeout": none, "-U": none, "--other-user": none, "-D": { value: "chdir" },
    "--chdir": { value: "chdir" }, "-R": { value: "chdir" }, "--chroot": { value: "chdir" }, "-A": {}, "--askpass": {},
    "-b": {}, "--background": {}, "-E": {}, "--preserve-env": { value: "none", optional: true }, "-H": {},
    "--set-home": {}, "-i": { modes: ["shell"] }, "--login": { modes: ["shell"] }, "-s": { modes: ["shell"] },
    "--shell": { modes: ["shell"] }, "-k": {}, "--reset-timestamp": {}, "-K": {}, "--remove-timestamp": {}, "-n": {},
    "--non-interactive": {}, "-P": {}, "--preserve-groups": {}, "-S": {}, "--stdin": {}, "-B": {}, "--bell": {},
    "-l": { modes: ["list"] }, "--list": { modes: ["list"] }, "-v": {}, "--validate": {}, "-e": { modes: ["edit"] },
    "--edit": { modes: ["edit"] }, "-V": {}, "--version": {} }, operands: { runs: "command" } };

/** doas [-Lns] [-a style] [-C config] [-u user] [command]: -C parses a configuration file. */
const DOAS_SPEC: CommandSpec = { names: ["doas"], style: "posix",
  options: { "-a": none, "-u": none, "-C": { value: "read", modes: ["check"] }, "-L": {}, "-n": {},
    "-s": { modes: ["shell"] } }, operands: { runs: "command" } };

function sudoLike(call: Call): Effect[] {
  const spec = call.name === "doas" ? DOAS_SPEC : SUDO_SPEC;
  const parsed = parseWords(spec, call.args, call.world, undefined, true);
  const effects: Effect[] = [];
  let dir: Arg | null = null;
  let login = false;
  let user: Arg | null = null;
  for (const it of parsed.items) {
    if (it.t === "option" && it.value && roleOf(it.spec.value ?? "none", parsed.modes) === "chdir") {
      dir = it.value;
      effects.push({ t: "path", arg: it.value, kind: "cwd" });
    }
    if (it.t === "option" && it.value && it.spec.value === "read") {
      effects.push({ t: "path", arg: it.value, kind: "read" });
    }
    if (it.t === "option" && (it.name === "-u" || it.name === "--user")) user = it.value;
    if (it.t === "option" && (it.name === "-i" || it.name === "--login") && spec === SUDO_SPEC) login = true;
    if (it.t === "unknown-option") effects.push({ t: "generic", arg: it.word, operand: false });
  }
  // doas -C FILE only checks whether the command would be permitted.
  if (parsed.modes.has("check")) return effects;
  // sudo -i runs the target user's login shell, which starts in that user's home.
  if (login && !dir) {
    const root = user === null || user.text === "root" || user.text === "#0";
    dir = withValue(call.nameArg, root ? "/root" : null, `the home directory of ${user?.source ?? "the target user"}`);
    effects.push({ t: "path", arg: dir, kind: "cwd" });
  }
  const first = parsed.items.find((i) => i.t === "operand");
  const rest = first ? call.args.slice(call.args.indexOf(first.word)) : [];
  if (parsed.modes.has("edit")) {
    // sudoedit FILE…: writes the files.
    for (const a of rest) effects.push({ t: "path", arg: a, kind: "write" });
    return effects;
  }
  if (parsed.modes.has("list") && rest.length === 0) return effects;
  const base = dir ? dir.text : undefined;
  const baseField = base === undefined ? {} : { base: base };
  if (parsed.modes.has("shell")) {
    // sudo -s/-i [command]: the command line is run by the target user's shell.
    if (rest.length === 0) {
      return [...effects, { t: "issue", code: "OPAQUE_CODE",
        message: `${call.name} starts a shell whose commands the guard cannot see`, span: call.span }];
    }
    const text = rest.every((a) => a.text !== null) ? rest.map((a) => a.text).join(" ") : null;
    // (-s: the shell $SHELL names; -i: the target user's login shell, which /etc/passwd names.)
    return [...effects, { t: "code", text, span: rest[0]!.span, label: `${call.name} -s`, inProcess: false,
      ...(login ? {} : { userShell: true as const }), ...baseField }];
  }
  if (rest.length === 0) return effects;
  return [...effects, { t: "run", argv: rest, inProcess: false, bypassFunctions: true, label: call.name,
    ...baseField }];
}

/** env [-i] [-u NAME] [-C DIR] [-S STRING] [NAME=VALUE]… [command [args]] */
function env(call: Call, args: readonly Arg[] = call.args): Effect[] {
  const effects: Effect[] = [];
  const assigns: [string, string | null][] = [];
  let clearEnv = false;
  let base: string | null | undefined = undefined;
  let i = 0;
  // Own rules, not leadingOptions: env's options cluster (-iC DIR), and -S re-reads them from a string.
  for (; i < args.length; i++) {
    const a = args[i]!;
    let t = a.text;
    if (t === null) {
      effects.push({ t: "issue", code: "OPAQUE_CODE", message: `env with a word that is not known (${a.source})`,
        span: a.span });
      for (const r of args.slice(i)) effects.push({ t: "generic", arg: r, operand: true });
      return effects;
    }
    if (t === "--") {
      i++;
      break;
    }
    if (t === "-" || t === "-i" || t === "--ignore-environment") {
      clearEnv = true;
      continue;
    }
    const start = i;
    // Flags before a value option in one word: `-vS STRING`, `-iC DIR`.
    const flags = /^-([0iv]+)([uCSa][\s\S]*)$/.exec(t);
    if (flags) {
      if (flags[1]!.includes("i")) clearEnv = true;
      t = "-" + flags[2]!;
    }
    const valueOpt =
      /^(-u|--unset|-C|--chdir|-S|--split-string|-a|--argv0|--block-signal|--default-signal|--ignore-signal)(?:=(.*))?$/
        .exec(t);
    const gluedShort = /^-([uCSa])(.+)$/.exec(t);
    if (valueOpt || gluedShort) {
      const opt = valueOpt ? valueOpt[1]! : "-" + gluedShort![1]!;
      const inline = valueOpt ? valueOpt[2] : gluedShort![2];
      const v = inline !== undefined ? withValue(a, inline, "") : args[++i];
      if (!v) break;
      if (opt === "-u" || opt === "--unset") {
        if (v.text !== null) assigns.push([v.text, null]);
      } else if (opt === "-C" || opt === "--chdir") {
        effects.push({ t: "path", arg: v, kind: "cwd" });
        base = v.text;
      } else if (opt === "-S" || opt === "--split-string") {
        // env puts the words of the string in its place and reads its options again, so the
        // string may hold options (`-S "-C.. ls"`); the words after it are kept.
        const words = v.text === null ? null : splitEnvString(v.text);
        if (words === null) {
          effects.push({ t: "issue", code: "OPAQUE_CODE",
            message: `env -S ${v.source}: a string the guard does not split`, span: v.span });
          for (const r of args.slice(i + 1)) effects.push({ t: "generic", arg: r, operand: true });
          return effects;
        }
        // (Not `{ ...call, args }`: a spread drops the call's stdin, a getter of its class.)
        const again = env(call, [...args.slice(0, start), ...words.map((w) => withValue(v, w, "")),
          ...args.slice(i + 1)]);
        return [...effects, ...again];
      }
      continue;
    }
    if (t.startsWith("-") && t.length > 1) {
      if (/^-[0iv]+$/.test(t)) {
        if (t.includes("i")) clearEnv = true;
        continue;
      }
      effects.push({ t: "generic", arg: a, operand: false });
      continue;
    }
    const m = /^([^=]+)=([\s\S]*)$/.exec(t);
    if (m) {
      assigns.push([m[1]!, m[2]!]);
      effects.push({ t: "generic", arg: withValue(a, m[2]!, ""), operand: true });
      continue;
    }
    break;
  }
  const rest = args.slice(i);
  if (rest.length === 0) return effects;
  effects.push({ t: "run", argv: rest, inProcess: false, bypassFunctions: true, label: "env", assigns, clearEnv,
    ...(base !== undefined ? { base } : {}) });
  return effects;
}

const ENV_ESCAPES: Readonly<Record<string, string>> = { f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "#": "#", $: "$",
  "'": "'", '"': '"', "\\": "\\" };

/**
 * The words of `env -S STRING`, split as GNU env does: blanks separate, quotes group, `#` at
 * the start of a word ends the string, `\_` is a blank. Null for what the guard does not
 * follow: `${NAME}` (the environment's value), `\c`, an unknown escape, an open quote.
 */
function splitEnvString(text: string): string[] | null {
  const words: string[] = [];
  let cur = "";
  let has = false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = null;
      else if (c === "\\" && (text[i + 1] === "\\" || text[i + 1] === "'")) cur += text[++i];
      else cur += c;
      continue;
    }
    if (c === "\\") {
      const e = text[++i];
      if (e === undefined) return null;
      if (e === "_") {
        if (quote) cur += " ";
        else {
          if (has) words.push(cur);
          cur = "";
          has = false;
        }
        continue;
      }
      const out = ENV_ESCAPES[e];
      if (out === undefined) return null;
      cur += out;
      has = true;
      continue;
    }
    if (c === "$" && text[i + 1] === "{") return null;
    if (quote === '"') {
      if (c === '"') quote = null;
      else cur += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      has = true;
    } else if (c === " " || c === "\t" || c === "\n" || c === "\v" || c === "\f" || c === "\r") {
      if (has) words.push(cur);
      cur = "";
      has = false;
    } else if (c === "#" && !has) {
      break;
    } else {
      cur += c;
      has = true;
    }
  }
  if (quote) return null;
  if (has) words.push(cur);
  return words;
}

/** watch [options] command…: more than one word is run through `sh -c` (unless -x). */
function watch(call: Call): Effect[] {
  const spec: CommandSpec = { names: ["watch"], style: "posix",
    options: { "-n": none, "--interval": none, "-d": { value: "none", optional: true },
      "--differences": { value: "none", optional: true }, "-q": none, "--equexit": none, "-g": {}, "--chgexit": {},
      "-t": {}, "--no-title": {}, "-b": {}, "--beep": {}, "-e": {}, "--errexit": {}, "-p": {}, "--precise": {},
      "-c": {}, "--color": {}, "-C": {}, "--no-color": {}, "-w": {}, "--no-wrap": {}, "-r": {}, "--no-rerun": {},
      "-x": { modes: ["exec"] }, "--exec": { modes: ["exec"] } }, operands: { runs: "command" } };
  const applied = applySpec("watch", spec, call.args, call.world, call.span);
  const effects = applied.effects.filter((e) => e.t !== "changes");
  const runs = applied.runs;
  if (!runs) return effects;
  const parsed = parseWords(spec, call.args, call.world, undefined, true);
  if (parsed.modes.has("exec")) {
    return [...effects, { t: "run", argv: runs, inProcess: false, bypassFunctions: true, label: "watch" }];
  }
  const text = runs.every((a) => a.text !== null) ? runs.map((a) => a.text).join(" ") : null;
  return [...effects, { t: "code", text, span: runs[0]!.span, label: "watch", inProcess: false }];
}

const FLOCK_VALUE = new Set(["-w", "--wait", "--timeout", "-E", "--conflict-exit-code"]);
/** Before the lock file; -c stops them too (it comes after the lock file, where flock looks for it). */
const FLOCK_OPTIONS: LeadingOptionRules = {
  isOption: (t) => t.startsWith("-") && t !== "-" && t !== "-c" && t !== "--command",
  takesValue: (t) => FLOCK_VALUE.has(t),
  doubleDash: true,
};

/**
 * flock [options] FILE|DIR COMMAND [args], flock [options] FILE|DIR -c COMMAND, flock [options] FD.
 * flock stops at the lock file, then looks for -c after it, as util-linux does.
 */
function flock(call: Call): Effect[] {
  const { args } = call;
  const effects: Effect[] = [];
  const i = leadingOptions(args.map((a) => a.text), FLOCK_OPTIONS).end;
  const lock = args[i];
  if (!lock) return effects;
  // A descriptor number locks what is already open.
  if (!(lock.text !== null && /^[0-9]+$/.test(lock.text) && i === args.length - 1)) {
    effects.push({ t: "path", arg: lock, kind: "write" });
  }
  const rest = args.slice(i + 1);
  const first = rest[0];
  if (first && (first.text === "-c" || first.text === "--command")) {
    const code = rest[1];
    // (util-linux: `$SHELL -c COMMAND`, /bin/sh where SHELL is unset.)
    if (code) {
      effects.push({ t: "code", text: code.text, span: code.span, label: "flock -c", inProcess: false,
        userShell: true });
    }
  } else if (rest.length) {
    effects.push({ t: "run", argv: rest, inProcess: false, bypassFunctions: true, label: "flock" });
  }
  return effects;
}

/** Splits xargs input the way xargs does: blanks separate items; quotes and backslashes group. */
function xargsItems(text: string, mode: { nul: boolean; delim: string | null; lines: boolean }): string[] {
  if (mode.nul) return text.split("\u0000").filter((x) => x !== "");
  if (mode.delim !== null) return text.split(mode.delim).filter((x, i, all) => !(i === all.length - 1 && x === ""));
  if (mode.lines) return text.split("\n").map((l) => l.trim()).filter((l) => l !== "");
  const out: string[] = [];
  let cur = "";
  let has = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) {
        cur += text.slice(i + 1);
        has = true;
        break;
      }
      cur += text.slice(i + 1, end);
      has = true;
      i = end;
    } else if (c === "\\" && i + 1 < text.length) {
      cur += text[++i];
      has = true;
    } else if (/\s/.test(c)) {
      if (has) out.push(cur);
      cur = "";
      has = false;
    } else {
      cur += c;
      has = true;
    }
  }
  if (has) out.push(cur);
  return out;
}

/** Programs that take every operand xargs gives them as a file name and nothing else. */
const NAMES_AS_FILES: ReadonlySet<string> = new Set(["grep", "egrep", "fgrep", "rg", "cat", "head", "tail", "wc", "ls",
  "stat", "file", "rm", "cp", "mv", "touch", "du", "md5sum", "sha1sum", "sha256sum", "sha512sum", "chmod", "basename",
  "dirname", "realpath", "prettier", "eslint", "sed"]);

const XARGS_SPEC: CommandSpec = { names: ["xargs"], style: "posix",
  options: { "-0": { modes: ["nul"] }, "--null": { modes: ["nul"] }, "-a": { value: "read", modes: ["file"] },
    "--arg-file": { value: "read", modes: ["file"] }, "-d": { value: "none", modes: ["delim"] },
    "--delimiter": { value: "none", modes: ["delim"] }, "-E": none, "-e": { value: "none", optional: true },
    "--eof": { value: "none", optional: true }, "-I": { value: "none", modes: ["replace"] },
    "-i": { value: "none", optional: true, modes: ["replace"] },
    "--replace": { value: "none", optional: true, modes: ["replace"] }, "-L": { value: "none", modes: ["lines"] },
    "-l": { value: "none", optional: true, modes: ["lines"] },
    "--max-lines": { value: "none", optional: true, modes: ["lines"] }, "-n": none, "--max-args": none, "-P": none,
    "--max-procs": none, "-s": none, "--max-chars": none, "--process-slot-var": none, "-p": {}, "--interactive": {},
    "-r": {}, "--no-run-if-empty": {}, "-t": {}, "--verbose": {}, "-x": {}, "--exit": {}, "-o": {}, "--open-tty": {},
    "--show-limits": {} }, operands: { runs: "command" } };

/**
 * `xargs -0` on names ended by newlines gets ONE item: the whole output, newlines included
 * (`./a.pyc⏎./b/c.pyc⏎`). Its segments are those of the names, where the last of one name and
 * the first of the next are joined by a newline into one segment that is never `.` or `..`:
 * when every name is plain and is `.` or under it (every text stands for `.`), so is the item,
 * a path under the working directory, judged as the stand-in `.`. Otherwise null: the item is
 * not known (a name `d` then `d/x` make `d⏎d/x`, under d's parent, not under d).
 */
function wholeOutput(l: Listing<Arg>, anchor: Arg): Arg | null {
  if (l.unplain !== null || l.odd !== "" || l.quote || !l.reps.length ||
    !l.reps.every((r) => r.text !== null && /^\.\/*$/.test(r.text))) return null;
  return { ...withValue(anchor, ".", ""), standIn: true };
}

/**
 * xargs: the command gets more arguments from its input. When the guard can see the input
 * (a here-string, `echo … |`, a file inside the root) they are those words; when they come
 * from a listing (`find DIR`, `ls`), stand-ins for its names; otherwise they are unknown.
 */
function xargs(call: Call): Effect[] {
  const applied = applySpec("xargs", XARGS_SPEC, call.args, call.world, call.span);
  const effects: Effect[] = applied.effects.filter((e) => e.t !== "changes");
  const parsed = parseWords(XARGS_SPEC, call.args, call.world, undefined, true);
  let replace: string | null = null;
  let delim: string | null = null;
  for (const it of parsed.items) {
    if (it.t !== "option") continue;
    if (it.name === "-I") replace = it.value?.text ?? null;
    if ((it.name === "-i" || it.name === "--replace") && replace === null) replace = it.value?.text || "{}";
    if ((it.name === "-d" || it.name === "--delimiter") && it.value?.text) delim = it.value.text.replace(/^\\n$/, "\n");
  }
  const command = applied.runs && applied.runs.length ? applied.runs : [syntheticArg("echo", call.span)];
  const anchor = call.nameArg;
  const fromFile = parsed.modes.has("file");
  // The command's own standard input: /dev/null, the terminal with -o, xargs's own with -a.
  const openTty = parsed.items.some((i) => i.t === "option" && (i.name === "-o" || i.name === "--open-tty"));
  const runStdin: Stdin | undefined = openTty
    ? { t: "unknown", inherited: true }
    : fromFile
    ? undefined
    : { t: "text", text: "" };
  const withStdin = runStdin ? { stdin: runStdin } : {};
  let items: Arg[][];
  // `-a FILE` (the last one given): a small file inside a root that nothing earlier wrote is
  // read as a script is (Disk.readText), and its words are the items, as a `< FILE` would give.
  const argFiles = parsed.items.flatMap((
    i,
  ) => (i.t === "option" && (i.name === "-a" || i.name === "--arg-file") && i.value !== null ? [i.value] : []));
  const listFile = argFiles[argFiles.length - 1];
  const listText = listFile?.text ? call.disk.readText(listFile.text) : null;
  const stdin: Stdin = fromFile ? (listText === null ? call.stdin : { t: "text", text: listText }) : call.stdin;
  if ((!fromFile || listText !== null) && stdin.t === "text") {
    const words = xargsItems(stdin.text, { nul: parsed.modes.has("nul"), delim,
      lines: parsed.modes.has("lines") || replace !== null });
    items = [words.map((w) => withValue(anchor, w, ""))];
  } else if (!fromFile && stdin.t === "listing") {
    // xargs cuts its input at blanks and newlines and removes quotes (NUL with -0, the
    // delimiter with -d, lines with -I): each item is a whole name only where the cut cannot
    // split one (src/shell/listing.ts). The command may run with no item (unless -r), with one,
    // or with several.
    const l = stdin.listing;
    const cut: Cut = parsed.modes.has("nul")
      ? { ends: "\0", special: "" }
      : delim !== null
      ? { ends: delim, special: "" }
      : replace !== null
      ? { ends: "\n", special: XARGS_CUT.special + XARGS_CUT.ends, unquotes: true }
      : XARGS_CUT;
    const whole = parsed.modes.has("nul") && l.sep === "\n" ? wholeOutput(l, anchor) : null;
    // A program that takes each name as a file and reads nothing else into it gets the name as
    // it is: only what cuts it, and a leading `-` (an option), matter; `app/[id]/page.tsx`
    // (Next.js) is then a name like any other. Any other program (a shell, awk's `x=y`,
    // perl's `<>` opening `cmd|`) keeps every odd character a question.
    const asFiles = command[0]?.text !== null && command[0]?.text !== undefined && NAMES_AS_FILES.has(command[0].text);
    const why = whole !== null ? null : cutProblem(l, asFiles ? { ...cut, special: `${cut.special}-` } : cut, !asFiles);
    if (why !== null) {
      items = [[
        withValue(anchor, null, `xargs reads names a listing prints, which its input may not give whole (${why})`),
      ]];
    } else {
      const noEmpty = parsed.items.some((i) => i.t === "option" && (i.name === "-r" || i.name === "--no-run-if-empty"));
      const groups = whole !== null ? [[], [whole]] : repChoices(l.reps);
      // (With -I, each input line runs the command once: no name, no run.)
      items = replace !== null
        ? (whole === null && l.reps.length === 0 ? [] : [whole !== null ? [whole] : [...l.reps]])
        : groups === null
        ? [[withValue(anchor, null, "xargs reads names of more places than the guard follows")]]
        : groups.filter((g) => g.length > 0 || !noEmpty);
      // The command gets every name under each directory: the directory is judged as reached
      // recursively (rules on what it holds apply, `find . | xargs cat` with `.env` denied).
      const links = linksMet(l);
      for (const d of l.reach) {
        effects.push({ t: "scan", arg: d, kind: "unknown", ...(links ? { links } : {}) }, { t: "path", arg: d,
          kind: "unknown" });
      }
    }
  } else {
    items = [[
      withValue(anchor, null,
        fromFile ? "xargs reads its arguments from a file" : "xargs reads its arguments from standard input"),
    ]];
  }
  for (const group of items) {
    let argv: Arg[];
    if (replace !== null) {
      const rep = replace;
      const variants = group.length ? group : [withValue(anchor, null, "xargs input")];
      for (const item of variants) {
        // A word made with a stand-in is one too: never a command name or code.
        argv = command.map((
          c,
        ) => (c.text !== null && c.text.includes(rep)
          ? (item.text === null
            ? replacedByUnknown(c, c.text.split(rep), item.unknownWhy ?? "")
            : (item.standIn
              ? replacedByStandIn(c, c.text.split(rep), item.text, item.exact ? { exact: true } : {})
              : withValue(c, c.text.split(rep).join(item.text), "")))
          : c)
        );
        effects.push({ t: "run", argv, inProcess: false, bypassFunctions: true, label: "xargs", ...withStdin });
      }
      continue;
    }
    argv = [...command, ...group];
    effects.push({ t: "run", argv, inProcess: false, bypassFunctions: true, label: "xargs", ...withStdin });
  }
  return effects;
}

export const WRAPPERS: readonly Analyser[] = [{ names: ["sudo", "doas", "pkexec", "run0"], analyse: sudoLike }, {
  names: ["env"],
  analyse: env,
}, { names: ["watch"], analyse: watch }, { names: ["xargs"], analyse: xargs,
  pipe: [XARGS_DIRNAME, XARGS_NAMES, XARGS_TEXT] }, { names: ["flock"], analyse: flock }, { names: ["strace", "ltrace"],
  analyse: tracer }];
