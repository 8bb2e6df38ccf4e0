// Runs a command and hands its outcome back as a shell would: stdin, stdout and stderr are
// passed through, signals sent to us are passed on, and the status is the command's own
// (128+N when a signal N ended it).
//
// The command runs in a session of its own (bwrap --new-session, or a detached child without
// the sandbox), so a terminal's Ctrl-C reaches only us; we pass it on to the command's process
// group. bwrap does not forward signals itself, and its pid-1 reaper ignores them, so the
// command's pid is read from bwrap's --info-fd: the reaper's one child.

import { spawn, type StdioOptions } from "node:child_process";
import { readFileSync } from "node:fs";
import { constants } from "node:os";
import { BASH } from "./bwrap.ts";

/** The descriptor runSandboxed hands bwrap the seccomp filter on. */
export const RUN_SECCOMP_FD = 4;

/** The signals passed on to the command. */
const FORWARDED = ["SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR2"] as const;
type Forwarded = (typeof FORWARDED)[number];

interface RunOptions {
  /** Where the command's stdin, stdout and stderr go (default: ours). */
  readonly stdio?: readonly ["inherit" | "pipe" | "ignore", "inherit" | "pipe" | "ignore",
    "inherit" | "pipe" | "ignore"];
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  /** Called with the child, e.g. to write to or read from piped stdio. */
  readonly onSpawn?: (child: import("node:child_process").ChildProcess) => void;
}

/** Runs `bwrap ARGS -- bash -c COMMAND`; resolves to the exit status. */
export function runSandboxed(bwrap: string, args: readonly string[], filter: Buffer, command: string,
  options: RunOptions = {}): Promise<number>
{
  // fd 3: bwrap's info (the command's pid); fd 4: the seccomp filter, written whole below.
  const stdio: StdioOptions = [...(options.stdio ?? ["inherit", "inherit", "inherit"]), "pipe", "pipe"];
  const argv = ["--info-fd", "3", ...args, "--", BASH, "-c", command];
  const child = spawn(bwrap, argv, { stdio, env: options.env ?? process.env });
  const seccomp = child.stdio[4];
  if (seccomp && "end" in seccomp) seccomp.end(filter);
  let reaper: number | null = null;
  let info = "";
  child.stdio[3]?.on("data", (d: Buffer) => {
    info += d.toString("utf8");
    const m = /"child-pid"\s*:\s*(\d+)/.exec(info);
    if (m && reaper === null) {
      reaper = Number(m[1]);
      flush();
    }
  });
  const pending: Forwarded[] = [];
  const flush = () => {
    while (pending.length) deliver(pending.shift()!);
  };
  const deliver = (sig: Forwarded) => {
    const pid = reaper === null ? null : commandPid(reaper);
    if (pid === null) {
      // Not started yet: delivered once it is. Its command gone but bwrap not: end bwrap,
      // which takes the namespace (and anything left in it) down.
      if (reaper === null) pending.push(sig);
      else child.kill("SIGKILL");
      return;
    }
    signalGroup(pid, sig);
  };
  return supervise(child, deliver, options);
}

/** Runs `bash -c COMMAND` without a sandbox (only when the caller asked for that by name). */
export function runUnsandboxed(command: string, options: RunOptions = {}): Promise<number> {
  const child = spawn("bash", ["-c", command], { stdio: [...(options.stdio ?? ["inherit", "inherit", "inherit"])],
    env: options.env ?? process.env, cwd: options.cwd, detached: true });
  return supervise(child, (sig) => child.pid !== undefined && signalGroup(child.pid, sig), options);
}

function supervise(child: import("node:child_process").ChildProcess, deliver: (sig: Forwarded) => void,
  options: RunOptions): Promise<number>
{
  const handlers = FORWARDED.map((sig) => {
    const h = () => deliver(sig);
    process.on(sig, h);
    return [sig, h] as const;
  });
  options.onSpawn?.(child);
  return new Promise((resolve, reject) => {
    child.on("error", (e) => {
      for (const [sig, h] of handlers) process.off(sig, h);
      reject(e);
    });
    child.on("close", (code, signal) => {
      for (const [sig, h] of handlers) process.off(sig, h);
      resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0));
    });
  });
}

/** The command bwrap's reaper runs: its one child (the host pid). */
function commandPid(reaper: number): number | null {
  try {
    const kids = readFileSync(`/proc/${reaper}/task/${reaper}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    return kids.length ? Number(kids[0]) : null;
  } catch {
    return null;
  }
}

/** To the process group, as a terminal sends it; to the process, if it has left its group. */
function signalGroup(pid: number, sig: Forwarded): boolean {
  try {
    process.kill(-pid, sig);
    return true;
  } catch {
    try {
      process.kill(pid, sig);
      return true;
    } catch {
      return false;
    }
  }
}
