// One worker of the leak run (pool.ts starts a few): `bun worker.ts JOB.json`, with HOME the
// fixture's fake home (the guard takes its home from its process). It builds the leak fixture
// at the job's place, and for each case and mode rebuilds it pristine, asks the pi extension
// (one session per mode, no UI: an ask not contained blocks) what it would run, and runs what
// it lets through under strace (trace.ts). A bare run (`sandbox: false`) runs inside a safety
// net of its own, so that a wrong allow cannot harm the machine: the whole disk read-only but
// the fixture, a private /tmp, its own pid namespace. Each outcome is one JSON line on stdout.

import { join } from "node:path";
import shellfence, { type PiOptions, type PiToolCallEvent } from "../../../src/integrations/pi.ts";
import type { LeakCase } from "./cases.ts";
import { buildLeakFixture, changed, craftArchives, type LeakFixture, snapshot } from "./fixture.ts";
import { type Leak, traceLine } from "./trace.ts";

export const MODES = ["bare", "contained", "standard"] as const;
export type Mode = (typeof MODES)[number];

export interface Job {
  readonly place: string;
  readonly cases: readonly LeakCase[];
  readonly modes: readonly Mode[];
  readonly timeoutMs: number;
}

export interface Outcome {
  readonly table: string;
  readonly index: number;
  readonly command: string;
  readonly mode: Mode;
  /** Why the host blocked it, or null when it ran. */
  readonly blocked: string | null;
  /** Leaks, their paths with the fixture's places as placeholders. */
  readonly leaks: readonly Leak[];
  readonly timedOut: boolean;
}

/** The PATH the guard and the runs see: the system's, no toolchain in the real home. */
export const SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

type Handler = (event: PiToolCallEvent, ctx: unknown) => Promise<{ reason: string } | undefined>;

function session(options: PiOptions): Handler {
  let handler: Handler | undefined;
  shellfence({ on: (event: string, h: Handler) => void (event === "tool_call" && (handler ??= h)) } as never, options);
  return handler!;
}

const OPTIONS: Readonly<Record<Mode, PiOptions>> = { bare: { sandbox: false }, contained: {},
  standard: { sandbox: "standard" } };

function quote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The bare command inside the safety net: what it reads is real, what it writes lands in the fixture or nowhere. */
function safetyNet(command: string, fx: LeakFixture): string {
  const args = ["/usr/bin/bwrap", "--die-with-parent", "--unshare-pid", "--unshare-ipc", "--new-session", "--ro-bind",
    "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp", "--bind", fx.top, fx.top, "--chdir", fx.project,
    "--", "/bin/bash", "-c", command];
  return args.map(quote).join(" ");
}

/** `path` with the fixture's places as placeholders. */
function placeholders(fx: LeakFixture, path: string): string {
  for (const [name, dir] of [["$B", fx.backup], ["$P", fx.project], ["$O", fx.outside], ["$H", fx.home], ["$T",
    fx.top]] as const) if (path === dir || path.startsWith(dir + "/")) return name + path.slice(dir.length);
  return path;
}

async function runJob(job: Job): Promise<void> {
  const archives = craftArchives(join(job.place, "work", "outside"));
  const sessions = new Map(job.modes.map((m) => [m, session(OPTIONS[m])]));
  let fx = buildLeakFixture(job.place, archives);
  let dirty = false;
  // npm asks the registry whether it is current unless told not to: no network in a test.
  const env = { HOME: fx.home, PATH: SYSTEM_PATH, LANG: "C.UTF-8", USER: "root", npm_config_update_notifier: "false" };
  const log = join(job.place + ".strace");
  for (const c of job.cases) {
    for (const mode of job.modes) {
      if (dirty) fx = buildLeakFixture(job.place, archives);
      dirty = false;
      const input = { command: fx.sub(c.command), timeout: 30 };
      const event = { type: "tool_call", toolCallId: "t", toolName: "bash", input } as PiToolCallEvent;
      const ctx = { cwd: fx.project, hasUI: false, ui: { confirm: async () => false, notify: () => {} } };
      const result = await sessions.get(mode)!(event, ctx);
      const base = { table: c.table, index: c.index, command: c.command, mode };
      if (result !== undefined) {
        emit({ ...base, blocked: result.reason, leaks: [], timedOut: false });
        continue;
      }
      dirty = true;
      const before = snapshot(fx);
      const line = mode === "bare" ? safetyNet(input.command, fx) : input.command;
      const run = await traceLine(line, mode !== "bare", fx.project, env, { roots: [fx.project],
        canaries: fx.canaries }, log, job.timeoutMs);
      const disk = changed(before, snapshot(fx)).map((path): Leak => ({ syscall: "disk", path, kind: "write" }));
      const leaks = [...run.leaks, ...disk].map((l) => ({ ...l, path: placeholders(fx, l.path) }));
      emit({ ...base, blocked: null, leaks, timedOut: run.timedOut });
    }
  }
}

function emit(o: Outcome): void {
  process.stdout.write(JSON.stringify(o) + "\n");
}

if (import.meta.main) {
  const job = JSON.parse(await Bun.file(process.argv[2]!).text()) as Job;
  await runJob(job);
}
