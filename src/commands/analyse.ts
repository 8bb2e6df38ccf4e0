// What a command does with its words. The interpreter hands over the expanded words of one
// simple command; this module answers with effects: paths and their kinds, code to run,
// wrapped commands, problems.

import type { ReasonCode } from "../reasons.ts";
import type { World } from "../shell/state.ts";
import type { Span } from "../shell/syntax.ts";
import type { Seg } from "../shell/words.ts";
import type { AccessKind } from "../verdict.ts";

/** One expanded word of a command. */
export interface Arg {
  /** The word's value, or null when any part of it is unknown. */
  readonly text: string | null;
  /** The word as written in the source. */
  readonly source: string;
  readonly span: Span;
  readonly unknownWhy: string | null;
  readonly segs: readonly Seg[];
}

/** An argument standing for `base`'s position with a value `text` (null: unknown, saying why). */
export function withValue(base: Arg, text: string | null, why: string): Arg {
  if (text !== null) return { ...base, text, unknownWhy: null, segs: [{ text, quoted: true }] };
  return { ...base, text: null, unknownWhy: why, segs: [{ unknown: { k: "unknown", why, numeric: false }, quoted: true }] };
}

export type Effect =
  /** A path access; relative paths resolve against `base` (a logical directory) or the cwd. */
  | { readonly t: "path"; readonly arg: Arg; readonly kind: AccessKind; readonly command?: string; readonly base?: string | null }
  /** A word the guard knows nothing about: every way it could name a path is judged. */
  | { readonly t: "generic"; readonly arg: Arg; readonly operand: boolean }
  | { readonly t: "issue"; readonly code: ReasonCode; readonly message: string; readonly span: Span }
  /** The program itself, when it is named by a path. */
  | { readonly t: "exec"; readonly arg: Arg }
  /** Another command this one runs (a wrapper), in the same shell process or a new one. */
  | { readonly t: "run"; readonly argv: readonly Arg[]; readonly inProcess: boolean; readonly bypassFunctions: boolean }
  /** Shell code this command runs. */
  | { readonly t: "code"; readonly text: string | null; readonly span: Span; readonly label: string; readonly inProcess: boolean; readonly positional?: readonly string[] | null }
  | { readonly t: "exit" }
  /** The command may change the filesystem (`fs`: remove or replace directories; `links`: create symlinks). */
  | { readonly t: "changes"; readonly fs: boolean; readonly links: boolean };

export interface AnalyseContext {
  readonly countUnknown: boolean;
  readonly world: World;
}

const SHELLS = new Set(["sh", "bash", "dash", "zsh", "ksh", "mksh", "pdksh", "yash", "fish", "csh", "tcsh", "busybox", "rbash", "ash"]);

/** Programs that run code given to them as arguments, on stdin, or as a command line to run. */
const CODE_RUNNERS = new Set([
  "xargs", "parallel", "watch", "su", "ssh", "sudo", "doas", "pkexec", "runuser", "script", "expect", "tmux", "screen", "nohup", "setsid",
  "env", "nice", "ionice", "timeout", "stdbuf", "chrt", "taskset", "unbuffer", "strace", "ltrace", "flock", "chroot", "unshare", "nsenter",
  "time", "entr", "at", "batch", "crontab", "systemd-run", "dbus-run-session", "fakeroot", "proot", "firejail", "bwrap",
]);

const INTERPRETERS = /^(python[0-9.]*|pypy[0-9.]*|node|nodejs|deno|bun|bunx|npx|perl[0-9.]*|ruby[0-9.]*|irb|php[0-9.]*|lua[0-9.]*|luajit|tclsh[0-9.]*|wish|R|Rscript|julia|awk|gawk|mawk|nawk|busybox|osascript|powershell|pwsh|jshell|groovy|scala|kotlin|guile|racket|sbcl|clisp|ocaml|ghci|runghc|swift|elixir|erl|escript|iex|gdb|vim|vi|nvim|emacs|ed|ex)$/;

export function basename(p: string): string {
  const i = p.lastIndexOf("/");
  return i < 0 ? p : p.slice(i + 1);
}

/**
 * The conservative analysis every command gets until it has a table entry: the program
 * itself if named by a path, every argument as a path of unknown kind, and a reason of its
 * own when any word names something that runs code the guard has not interpreted.
 */
export function analyseCommand(name: Arg, args: readonly Arg[], _ctx: AnalyseContext): Effect[] {
  const effects: Effect[] = [{ t: "exec", arg: name }, { t: "changes", fs: true, links: true }];
  const cmd = name.text === null ? "?" : basename(name.text);
  const words = [name, ...args];
  for (const w of words) {
    if (w.text === null) continue;
    const b = basename(w.text);
    if (SHELLS.has(b)) {
      effects.push({ t: "issue", code: "OPAQUE_CODE", message: `${b} runs shell code the guard has not interpreted`, span: w.span });
      break;
    }
    if (INTERPRETERS.test(b)) {
      effects.push({ t: "issue", code: "INLINE_CODE", message: `${b} runs code the guard cannot see into`, span: w.span });
      break;
    }
    if (w === name && CODE_RUNNERS.has(b)) {
      effects.push({ t: "issue", code: "OPAQUE_CODE", message: `${b} runs a command the guard has not interpreted`, span: w.span });
      break;
    }
    if (cmd === "find" && /^-(exec|execdir|ok|okdir)$/.test(w.text)) {
      effects.push({ t: "issue", code: "OPAQUE_CODE", message: `find ${w.text} runs a command the guard has not interpreted`, span: w.span });
      break;
    }
  }
  let operands = false;
  for (const a of args) {
    if (!operands && a.text === "--") {
      operands = true;
      continue;
    }
    effects.push({ t: "generic", arg: a, operand: operands });
  }
  return effects;
}
