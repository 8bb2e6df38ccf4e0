// `exec`: check a command, and run it only when the verdict lets it, inside the sandbox the
// same policy describes. Nothing runs without a sandbox unless the caller said so by name.

import type { ChildProcess } from "node:child_process";
import type { Verdict } from "../base/verdict.ts";
import { startDir } from "../paths/resolve.ts";
import { bwrapArgs, findBwrap, quarantine, sandboxAvailability } from "./bwrap.ts";
import { SandboxError, type SandboxMode, type SandboxProfile } from "./profile.ts";
import { RUN_SECCOMP_FD, runSandboxed, runUnsandboxed } from "./run.ts";
import { unixSocketFilter } from "./seccomp.ts";

export interface SandboxOptions {
  /** Where the command starts; also a project root. Defaults to the process's working directory (startDir). */
  readonly cwd?: string;
  /** Roots for this command only, added to the guard's. */
  readonly roots?: readonly string[];
  /** `contained` (default), `standard` or `strict` (profile.ts, SANDBOX_MODES). */
  readonly profile?: SandboxMode;
  /** `shared` (default) or `none`: no network at all (and no abstract Unix socket either way). */
  readonly network?: "shared" | "none";
}

export interface ExecOptions extends SandboxOptions {
  /** Run a command the verdict asks about (the user approved it); the asked-about accesses work inside. */
  readonly approveAsk?: boolean;
  /** Run without a sandbox. Only this option does: an unavailable sandbox refuses instead. */
  readonly noSandbox?: boolean;
  /** bwrap to use (default: findBwrap, a trusted path, never PATH). */
  readonly bwrap?: string;
  readonly stdio?: readonly ["inherit" | "pipe" | "ignore", "inherit" | "pipe" | "ignore",
    "inherit" | "pipe" | "ignore"];
  readonly env?: NodeJS.ProcessEnv;
  readonly onSpawn?: (child: ChildProcess) => void;
}

export type ExecResult =
  /** The verdict did not let it run: `deny`, or `ask` without approveAsk. */
  | { readonly t: "refused"; readonly verdict: Verdict }
  /** No sandbox could be made here, and noSandbox was not given. */
  | { readonly t: "unavailable"; readonly verdict: Verdict; readonly reason: string }
  /** It ran; `status` is its exit status (128+N for signal N). */
  | { readonly t: "ran"; readonly verdict: Verdict; readonly status: number; readonly profile: SandboxProfile | null };

/** What exec needs of a guard. */
interface ExecGuard {
  checkAsync(command: string, options: { cwd?: string; roots?: readonly string[] }): Promise<Verdict>;
  sandboxFor(verdict: Verdict | null, options: SandboxOptions): SandboxProfile;
}

export async function execCommand(guard: ExecGuard, command: string, options: ExecOptions = {}): Promise<ExecResult> {
  const where = { ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    ...(options.roots ? { roots: options.roots } : {}) };
  const verdict = await guard.checkAsync(command, where);
  if (verdict.decision === "deny" || (verdict.decision === "ask" && options.approveAsk !== true)) {
    return { t: "refused", verdict };
  }
  const run = { ...(options.stdio ? { stdio: options.stdio } : {}), ...(options.env ? { env: options.env } : {}),
    ...(options.onSpawn ? { onSpawn: options.onSpawn } : {}) };
  if (options.noSandbox === true) {
    const status = await runUnsandboxed(command, { ...run, cwd: startDir(options.cwd) });
    return { t: "ran", verdict, status, profile: null };
  }
  const named = options.env?.SHELLFENCE_BWRAP ?? process.env.SHELLFENCE_BWRAP;
  const availability = sandboxAvailability(options.bwrap ?? findBwrap(named));
  if (!availability.ok) return { t: "unavailable", verdict, reason: availability.reason };
  let profile: SandboxProfile;
  try {
    profile = guard.sandboxFor(verdict.decision === "ask" ? verdict : null, options);
  } catch (e) {
    if (e instanceof SandboxError) return { t: "unavailable", verdict, reason: e.message };
    throw e;
  }
  const filter = unixSocketFilter();
  if (filter === null) return { t: "unavailable", verdict, reason: `no seccomp filter for ${process.arch}` };
  const status = await runSandboxed(availability.bwrap, bwrapArgs(profile, RUN_SECCOMP_FD), filter, command, run);
  quarantine(profile, (line) => process.stderr.write(line));
  return { t: "ran", verdict, status, profile };
}
