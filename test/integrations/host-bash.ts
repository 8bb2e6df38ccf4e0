// One bash tool call through the pi extension or the opencode plugin, made the way each host
// makes it: pi hands its tool_call handler the input object its bash tool then runs, opencode
// hands tool.execute.before the args object its bash tool then runs. The outcome is whether
// the call was blocked and the command the host would run.
//
// Run as a script (`bun host-bash.ts SPEC`), it is a host process of its own, started with the
// HOME it is given (the guard takes its home directory from the process it runs in), and runs
// each command it let through as both hosts run their bash tool's command, `/bin/bash -c
// COMMAND`, while it is still alive (the sandbox's mask file lives as long as the host).

import { spawnSync } from "node:child_process";
import shellfence, { type PiOptions, type PiToolCallEvent } from "../../src/integrations/pi.ts";
import { type OpencodeOptions, ShellfencePlugin } from "../../src/integrations/opencode.ts";

export interface BashCallSpec {
  readonly command: string;
  /** opencode's `workdir` argument. */
  readonly workdir?: string;
  /** pi's confirm dialog answers this; absent, there is no UI (an ask blocks). */
  readonly answer?: boolean;
}

export interface Outcome {
  /** The reason the host shows for a blocked call, or null when it runs. */
  readonly blocked: string | null;
  /** The command the host's bash tool runs (the input's, after the hook). */
  readonly command: unknown;
  /** What running the command did, when the script ran it. */
  readonly ran?: { readonly status: number | null; readonly stdout: string; readonly stderr: string };
}

type Handler = (event: PiToolCallEvent, ctx: unknown) => Promise<{ reason: string } | undefined>;

/** With `keep`, one extension or plugin (one host session) takes every call; else one each. */
let kept: { pi?: Handler; opencode?: Awaited<ReturnType<typeof ShellfencePlugin>> } | null = null;

export async function piBash(options: PiOptions, cwd: string, call: BashCallSpec): Promise<Outcome> {
  let handler: Handler | undefined = kept?.pi;
  if (handler === undefined) {
    shellfence({ on: (event: string, h: Handler) => void (event === "tool_call" && (handler ??= h)) } as never,
      options);
  }
  if (kept !== null) kept.pi = handler;
  const input = { command: call.command, timeout: 30 };
  const ui = { confirm: async () => call.answer === true, notify: () => {} };
  const result = await handler!(
    { type: "tool_call", toolCallId: "toolu_1", toolName: "bash", input } as PiToolCallEvent,
    { cwd, hasUI: call.answer !== undefined, ui },
  );
  return { blocked: result?.reason ?? null, command: input.command };
}

export async function opencodeBash(options: OpencodeOptions, cwd: string, call: BashCallSpec): Promise<Outcome> {
  const hooks = kept?.opencode ?? (await ShellfencePlugin({ directory: cwd }, options));
  if (kept !== null) kept.opencode = hooks;
  const args = { command: call.command, description: "a call",
    ...(call.workdir !== undefined ? { workdir: call.workdir } : {}) };
  try {
    await hooks["tool.execute.before"]({ tool: "bash" }, { args });
    return { blocked: null, command: args.command };
  } catch (e) {
    return { blocked: (e as Error).message, command: args.command };
  }
}

export interface Spec {
  readonly host: "pi" | "opencode";
  readonly options: PiOptions & OpencodeOptions;
  readonly cwd: string;
  readonly calls: readonly BashCallSpec[];
}

if (import.meta.main) {
  const spec = JSON.parse(process.argv[2]!) as Spec;
  kept = {};
  const out: Outcome[] = [];
  for (const c of spec.calls) {
    const o = await (spec.host === "pi" ? piBash : opencodeBash)(spec.options, spec.cwd, c);
    // --no-run: the caller runs the command itself (under strace: test/sandbox-leaks.test.ts).
    if (o.blocked !== null || typeof o.command !== "string" || process.argv[3] === "--no-run") out.push(o);
    else {
      const r = spawnSync("/bin/bash", ["-c", o.command], { cwd: spec.cwd, encoding: "utf8" });
      out.push({ ...o, ran: { status: r.status, stdout: r.stdout, stderr: r.stderr } });
    }
  }
  process.stdout.write(JSON.stringify(out));
}
