// The hosts' opt-in sandbox: after shellfence lets a bash call through, the command the host's
// bash tool runs is replaced by one line that runs it inside the sandbox the same policy
// describes (docs/sandbox.md). Both pi (`event.input`) and opencode (`output.args`) hand the
// extension the very object their bash tool then executes, so changing its `command` is all it
// takes. No sandbox means no run, unless the user said otherwise by name.

import { type Availability, sandboxAvailability, sandboxedCommandLine } from "../sandbox/bwrap.ts";
import { SANDBOX_MODES, SandboxError, type SandboxMode } from "../sandbox/profile.ts";
import type { Verdict } from "../base/verdict.ts";
import type { Call, Host } from "./host.ts";

/** A bash call, as every host describes it. */
type BashCall = Extract<Call, { readonly kind: "bash" }>;

/** What an integration's options say about the sandbox. */
export interface SandboxRouting {
  /** Run allowed bash commands inside this sandbox; absent: as the host runs them. */
  readonly sandbox?: SandboxMode;
  /** When no sandbox can be made here: "block" (default) the call, or "run" it without one. */
  readonly unsandboxed?: "block" | "run";
  /** Whether a sandbox can be made (default: bwrap on PATH, probed once). For embedders and tests. */
  readonly availability?: () => Availability;
}

/** The sandbox keys of an options object, checked; throws on a value it does not know. */
export function readSandboxRouting(raw: Readonly<Record<string, unknown>>): SandboxRouting {
  const { sandbox, unsandboxed, availability } = raw;
  if (sandbox !== undefined && !(SANDBOX_MODES as readonly unknown[]).includes(sandbox)) {
    throw new Error(`shellfence: the "sandbox" option must be one of ${SANDBOX_MODES.map((m) => `"${m}"`).join(", ")}, not ${JSON.stringify(sandbox)}`);
  }
  if (unsandboxed !== undefined && unsandboxed !== "block" && unsandboxed !== "run") {
    throw new Error(`shellfence: the "unsandboxed" option must be "block" or "run", not ${JSON.stringify(unsandboxed)}`);
  }
  if (availability !== undefined && typeof availability !== "function") throw new Error(`shellfence: the "availability" option must be a function`);
  return {
    ...(sandbox !== undefined ? { sandbox: sandbox as SandboxMode } : {}),
    ...(unsandboxed !== undefined ? { unsandboxed } : {}),
    ...(availability !== undefined ? { availability: availability as () => Availability } : {}),
  };
}

/**
 * With a sandbox asked for, sets `input.command` (the arguments of the bash call the host is
 * about to run) to the sandboxed command line for `call`, the command as it was judged and
 * let through; `approved` is the verdict the user approved, whose asked-about accesses then
 * work inside. Returns why the call must be blocked instead, or null.
 */
export function isBashCall(c: Call): c is BashCall {
  return c.kind === "bash";
}

export function sandboxBashInput(host: Host, input: Record<string, unknown>, call: BashCall, approved: Verdict | null, routing: SandboxRouting): string | null {
  const mode = routing.sandbox;
  if (mode === undefined) return null;
  const { command, cwd } = call;
  const availability = (routing.availability ?? (() => sandboxAvailability()))();
  let made: { readonly line: string } | { readonly why: string };
  if (!availability.ok) made = { why: availability.reason };
  else {
    try {
      made = { line: sandboxedCommandLine(availability.bwrap, host.sandboxFor(approved, cwd, mode), command) };
    } catch (e) {
      if (!(e instanceof SandboxError)) throw e;
      made = { why: e.message };
    }
  }
  if ("why" in made) {
    if (routing.unsandboxed === "run") return null;
    return `shellfence: not run: this command is allowed, but the "${mode}" sandbox it is set to run in cannot be made here: ${made.why}. (To run allowed commands without a sandbox when none can be made, set "unsandboxed": "run".)`;
  }
  input.command = made.line;
  return null;
}
