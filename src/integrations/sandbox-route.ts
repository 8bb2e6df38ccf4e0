// The hosts' sandbox, on by default: after shellfence lets a bash call through, the command the
// host's bash tool runs is replaced by one line that runs it inside the sandbox the same policy
// describes (docs/sandbox.md). pi (`event.input`) and opencode (`output.args`) hand the
// extension the very object their bash tool then executes, and Claude Code takes the line as
// the hook's `updatedInput`. Where no sandbox can be made on the machine, the call runs on the
// static check alone and says so once per session, unless the user named a sandbox (then it is
// blocked); where the rules cannot be made into one, it is blocked.

import { type Availability, sandboxAvailability, sandboxedCommandLine } from "../sandbox/bwrap.ts";
import { DEFAULT_SANDBOX_MODE, SANDBOX_MODES, SandboxError, type SandboxMode } from "../sandbox/profile.ts";
import { shellQuote } from "./glob-base.ts";
import type { Verdict } from "../base/verdict.ts";
import type { Call, Host } from "./host.ts";

/** A bash call, as every host describes it. */
type BashCall = Extract<Call, { readonly kind: "bash" }>;

/** What an integration's options say about the sandbox. */
export interface SandboxRouting {
  /** Run allowed bash commands inside this sandbox (default `contained`); `false`: as the host runs them. */
  readonly sandbox?: SandboxMode | false;
  /**
   * When no sandbox can be made on this machine (no bwrap, no user namespaces): "run" the call
   * without one, saying so once per session, or "block" it. Default: "run" when `sandbox` is
   * left to its default, "block" when it is named. Rules too broad to make a sandbox of block
   * the call either way: a command can provoke that (files by the tens of thousands).
   */
  readonly unsandboxed?: "block" | "run";
  /** `shared` (default) or `none`: no network inside. */
  readonly network?: "shared" | "none";
  /**
   * Contain rather than ask (default true): an ask the guard marks `containable` (its only
   * reasons are that something is not known statically, and the policy does not say
   * `"contain": false`) runs in the sandbox without asking, nothing opened. A known access
   * outside the roots still asks.
   */
  readonly contain?: boolean;
  /** The host's shell lives on between calls, keeping its cwd (Claude Code): the line carries a `cd` back. */
  readonly keepCwd?: boolean;
  /** Whether a sandbox can be made (default: a trusted bwrap, probed once). For embedders and tests. */
  readonly availability?: () => Availability;
}

/** What one session of a host remembers: whether it has said that it runs without a sandbox. */
export interface RouteSession {
  fallbackSaid: boolean;
}

/** The sandbox keys of an options object, checked; throws on a value it does not know. */
export function readSandboxRouting(raw: Readonly<Record<string, unknown>>): SandboxRouting {
  const { sandbox, unsandboxed, availability, network, contain } = raw;
  if (contain !== undefined && typeof contain !== "boolean") {
    throw new Error(`shellfence: the "contain" option must be true or false`);
  }
  if (sandbox !== undefined && sandbox !== false && !(SANDBOX_MODES as readonly unknown[]).includes(sandbox)) {
    const modes = SANDBOX_MODES.map((m) => `"${m}"`).join(", ");
    const not = JSON.stringify(sandbox);
    throw new Error(`shellfence: the "sandbox" option must be one of ${modes} or false, not ${not}`);
  }
  if (unsandboxed !== undefined && unsandboxed !== "block" && unsandboxed !== "run") {
    throw new Error(
      `shellfence: the "unsandboxed" option must be "block" or "run", not ${JSON.stringify(unsandboxed)}`,
    );
  }
  if (network !== undefined && network !== "shared" && network !== "none") {
    throw new Error(`shellfence: the "network" option must be "shared" or "none", not ${JSON.stringify(network)}`);
  }
  if (availability !== undefined && typeof availability !== "function") {
    throw new Error(`shellfence: the "availability" option must be a function`);
  }
  return { ...(sandbox !== undefined ? { sandbox: sandbox as SandboxMode | false } : {}),
    ...(unsandboxed !== undefined ? { unsandboxed } : {}), ...(network !== undefined ? { network } : {}),
    ...(contain !== undefined ? { contain } : {}),
    ...(availability !== undefined ? { availability: availability as () => Availability } : {}) };
}

/**
 * Contain rather than ask: for an ask the guard marked `containable`, the sandboxed line
 * (nothing opened), or null where the option is off, the sandbox is off or none can be made here.
 */
export function containedLine(call: BashCall, host: Host, verdict: Verdict, routing: SandboxRouting,
  session: RouteSession): string | null
{
  if (routing.contain === false || routing.sandbox === false || verdict.containable !== true) return null;
  const r = routeBash(call, host, null, routing, session);
  return r.t === "sandboxed" ? r.line : null;
}

export function isBashCall(c: Call): c is BashCall {
  return c.kind === "bash";
}

/** The line a session's first unsandboxed call prints, so that the downgrade is never silent. */
export function fallbackNotice(why: string): string {
  return `shellfence: no sandbox on this machine (${why}); bash commands are checked by the static analysis ` +
    `alone, and what they run is not contained (docs/sandbox.md). Said once per session.`;
}

function notRun(mode: SandboxMode): string {
  return `shellfence: not run: this command is allowed, but the "${mode}" sandbox`;
}

/** Where the sandbox is off or cannot be made, how the call runs: as it is, or blocked. */
type RouteOutcome = { readonly t: "sandboxed"; readonly line: string } | { readonly t: "bare";
  readonly notice: string | null } | { readonly t: "blocked"; readonly reason: string };

/**
 * The sandboxed command line for `call`, the command as it was judged and let through;
 * `approved` is the verdict the user approved, whose asked-about accesses then work inside.
 */
export function routeBash(call: BashCall, host: Host, approved: Verdict | null, routing: SandboxRouting,
  session: RouteSession): RouteOutcome
{
  if (routing.sandbox === false) return { t: "bare", notice: null };
  const mode = routing.sandbox ?? DEFAULT_SANDBOX_MODE;
  const availability = (routing.availability ?? (() => sandboxAvailability()))();
  if (!availability.ok) {
    const fallback = routing.unsandboxed ?? (routing.sandbox === undefined ? "run" : "block");
    if (fallback === "block") {
      const optOut = `(To run allowed commands without a sandbox when none can be made, set "unsandboxed": "run".)`;
      const why = availability.reason;
      return { t: "blocked", reason: `${notRun(mode)} it is set to run in cannot be made here: ${why}. ${optOut}` };
    }
    const notice = session.fallbackSaid ? null : fallbackNotice(availability.reason);
    session.fallbackSaid = true;
    return { t: "bare", notice };
  }
  try {
    const profile = host.sandboxFor(approved, call.cwd, mode, routing.network ?? "shared");
    const line = sandboxedCommandLine(availability.bwrap, profile, call.command, { keepCwd: routing.keepCwd === true });
    return { t: "sandboxed", line };
  } catch (e) {
    if (!(e instanceof SandboxError)) throw e;
    // Never a run without the sandbox: the command may have made this happen.
    return { t: "blocked", reason: `${notRun(mode)} for it cannot be made: ${e.message}.` };
  }
}

/**
 * Sets `input.command` (the arguments of the bash call the host is about to run) to what
 * routeBash says runs; returns why the call must be blocked instead, or null.
 */
export function sandboxBashInput(host: Host, input: Record<string, unknown>, call: BashCall, approved: Verdict | null,
  routing: SandboxRouting, session: RouteSession): string | null
{
  const r = routeBash(call, host, approved, routing, session);
  switch (r.t) {
    case "sandboxed":
      input.command = r.line;
      return null;
    case "bare":
      // Said where the model and the user both see it: the call's own output. A newline, not
      // `;`, keeps a leading heredoc or comment of the command intact.
      if (r.notice !== null) input.command = `printf '%s\\n' ${shellQuote(r.notice)} >&2\n${call.command}`;
      return null;
    case "blocked":
      return r.reason;
    default: {
      const never: never = r;
      throw new Error(`unknown route ${JSON.stringify(never)}`);
    }
  }
}
