// `shellfence doctor`: for the current project, is shellfence wired into each host configured
// here, and does it run? A host set up in the project whose guard is missing, misspelt (a
// form the host silently ignores) or broken is "unguarded", and the exit status says so: a
// security tool configured into doing nothing must not look the same as one that works.
//
// It reads each host's config the way the host reads it and then calls the entry the host
// would call (doctor-hosts.ts, doctor-probe.ts). It does not start the hosts themselves; the
// end-to-end tests (npm run test:hosts) do that.

import { homedir } from "node:os";
import { resolve } from "node:path";
import { ArgError, Args } from "../base/args.ts";
import { type Availability, sandboxAvailability } from "../sandbox/bwrap.ts";
import type { Io } from "../base/io.ts";
import { checkClaudeCode, checkOpencode, checkPi, type DoctorContext, type Finding, type HostFindings,
  type HostId } from "./doctor-hosts.ts";

export type HostStatus = "guarded" | "unguarded" | "not-configured";

export interface HostReport {
  readonly host: HostId;
  readonly status: HostStatus;
  readonly findings: readonly Finding[];
}

export interface DoctorReport {
  readonly project: string;
  readonly hosts: readonly HostReport[];
  /** False when a host configured here would run unguarded. */
  readonly ok: boolean;
  /**
   * Whether the hosts' bash calls run contained here (docs/sandbox.md): where no sandbox can be
   * made they run on the static check alone, which the report says (it does not fail `ok`).
   */
  readonly sandbox: Availability;
}

export interface DoctorOptions {
  readonly cwd: string;
  readonly home?: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

const CHECKS: ReadonlyArray<readonly [HostId, (ctx: DoctorContext) => Promise<HostFindings>]> = [["claude-code",
  checkClaudeCode], ["opencode", checkOpencode], ["pi", checkPi]];

function statusOf(h: HostFindings): HostStatus {
  // A broken or ignored shellfence entry beside a working one is still a finding, but the
  // host runs guarded; with no working entry, any sign of the host here means it runs without.
  if (h.running > 0) return "guarded";
  return h.configured || h.findings.some((x) => x.level === "error") ? "unguarded" : "not-configured";
}

export async function runDoctor(opts: DoctorOptions): Promise<DoctorReport> {
  const project = resolve(opts.cwd);
  const ctx: DoctorContext = { project, home: opts.home ?? opts.env.HOME ?? homedir(), env: opts.env };
  const hosts: HostReport[] = [];
  for (const [host, check] of CHECKS) {
    const found = await check(ctx);
    hosts.push({ host, status: statusOf(found), findings: found.findings });
  }
  return { project, hosts, ok: hosts.every((h) => h.status !== "unguarded"), sandbox: sandboxAvailability() };
}

const NAMES: Readonly<Record<HostId, string>> = { "claude-code": "Claude Code", opencode: "opencode", pi: "pi" };

const USAGE = `usage: shellfence doctor [--cwd DIR] [--home DIR] [--json]

For each host set up in the project (Claude Code: .claude/; opencode: opencode.json or
.opencode/; pi: .pi/), reads its config as the host does, runs the shellfence entry it finds
there on a read outside the project, and reports whether the host runs guarded.

exit status: 0 every configured host is guarded (or none is configured), 1 a configured host
would run unguarded, 2 usage error`;

export function formatDoctor(r: DoctorReport): string {
  const lines = [`shellfence doctor: ${r.project}`];
  const mark = { ok: "ok  ", warn: "warn", error: "FAIL" } as const;
  for (const h of r.hosts) {
    const label = h.status === "guarded" ? "guarded" : h.status === "unguarded" ? "UNGUARDED" : "not configured here";
    lines.push(`  ${NAMES[h.host]}: ${label}`);
    for (const x of h.findings) lines.push(`    ${mark[x.level]} ${x.where}: ${x.message}`);
    if (h.status === "unguarded" && h.findings.every((x) => x.level !== "error")) {
      lines.push(`    FAIL no shellfence entry found (see docs/integrations.md for the install step)`);
    }
  }
  if (r.hosts.every((h) => h.status === "not-configured")) lines.push("  no host is configured in this project");
  lines.push(
    r.sandbox.ok
      ? `  sandbox: available (${r.sandbox.bwrap}): allowed bash calls run contained`
      : `  sandbox: NOT AVAILABLE: ${r.sandbox.reason}; bash calls are checked by the static analysis alone`,
  );
  lines.push(r.ok ? "result: ok" : "result: a configured host runs unguarded");
  return lines.join("\n") + "\n";
}

export async function runDoctorCommand(argv: readonly string[], io: Io): Promise<number> {
  if (argv.includes("-h") || argv.includes("--help")) {
    io.stdout(USAGE + "\n");
    return 0;
  }
  let cwd = ".";
  let home: string | undefined;
  let json = false;
  try {
    const args = new Args(argv);
    for (let a = args.next(); a !== undefined; a = args.next()) {
      if (a === "--json") json = true;
      else if (Args.is(a, "--cwd")) cwd = args.value(a, "--cwd");
      else if (Args.is(a, "--home")) home = args.value(a, "--home");
      else throw new ArgError(`unknown argument ${JSON.stringify(a)}`);
    }
  } catch (e) {
    io.stderr(`shellfence doctor: ${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const report = await runDoctor({ cwd, env: io.env, ...(home !== undefined ? { home } : {}) });
  io.stdout(json ? JSON.stringify(report, null, 2) + "\n" : formatDoctor(report));
  return report.ok ? 0 : 1;
}
