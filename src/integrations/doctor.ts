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
import { claudeForeign, opencodeForeign, piForeign } from "./doctor-foreign.ts";
import { inspectProgram, type ProgramIdentity } from "./doctor-identity.ts";
import { type ProjectFile, projectFiles } from "./doctor-project.ts";
import { sandboxModes } from "./doctor-sandbox.ts";

export type HostStatus = "guarded" | "unguarded" | "not-configured";

export interface HostReport {
  readonly host: HostId;
  readonly status: HostStatus;
  readonly findings: readonly Finding[];
}

export interface DoctorReport {
  readonly project: string;
  readonly hosts: readonly HostReport[];
  /**
   * The guard's code: the doctor's own (`running`) and each program or module a host's entry
   * runs, hashed, with their packages checked against the build's manifest and their places
   * against the project and the agent's sandbox (doctor-identity.ts).
   */
  readonly identity: { readonly running: ProgramIdentity | null; readonly programs: readonly ProgramIdentity[];
    readonly findings: readonly Finding[] };
  /** Files in the project a host or the guard reads at start (doctor-project.ts). */
  readonly projectFiles: readonly ProjectFile[];
  /** Error findings of the identity check and of the hosts' other hooks, plugins and tools. */
  readonly problems: number;
  /** False when a host configured here would run unguarded, or when there is a problem. */
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
  /** The code file this process runs the CLI from (src/server/protocol.ts codeFile), to hash. */
  readonly codeFile?: string;
}

const CHECKS: ReadonlyArray<
  readonly [HostId, (ctx: DoctorContext) => Promise<HostFindings>, (ctx: DoctorContext) => Finding[]]
> = [["claude-code", checkClaudeCode, claudeForeign], ["opencode", checkOpencode, opencodeForeign], ["pi", checkPi,
  piForeign]];

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
  const idCtx = { project, home: ctx.home, sandbox: await sandboxModes(project, ctx.home) };
  const seen = new Set<string>();
  const idFindings: Finding[] = [];
  const programs: ProgramIdentity[] = [];
  let running: ProgramIdentity | null = null;
  if (opts.codeFile !== undefined) {
    const r = inspectProgram("doctor", opts.codeFile, idCtx, seen);
    running = r.identity;
    idFindings.push(...r.findings);
  }
  if ("error" in idCtx.sandbox) {
    idFindings.push({ level: "warn", where: "sandbox",
      message:
        `the agent's sandbox profile cannot be made here (${idCtx.sandbox.error}): what it lets a command write is not checked` });
  }
  let problems = 0;
  for (const [host, check, others] of CHECKS) {
    const found = await check(ctx);
    const foreign = others(ctx);
    problems += foreign.filter((x) => x.level === "error").length;
    hosts.push({ host, status: statusOf(found), findings: [...found.findings, ...foreign] });
    for (const g of found.guards) {
      if ("unresolved" in g) {
        idFindings.push({ level: "warn", where: g.where,
          message: `which program the entry runs is not known (${g.unresolved}): its identity is not checked` });
        continue;
      }
      const r = inspectProgram(g.where, g.file, idCtx, seen);
      programs.push(r.identity);
      idFindings.push(...r.findings);
    }
  }
  problems += idFindings.filter((x) => x.level === "error").length;
  return { project, hosts, identity: { running, programs, findings: idFindings },
    projectFiles: projectFiles(project, opts.env, ctx.home), problems,
    ok: problems === 0 && hosts.every((h) => h.status !== "unguarded"), sandbox: sandboxAvailability() };
}

const NAMES: Readonly<Record<HostId, string>> = { "claude-code": "Claude Code", opencode: "opencode", pi: "pi" };

const USAGE = `usage: shellfence doctor [--cwd DIR] [--home DIR] [--json]

For each host set up in the project (Claude Code: .claude/; opencode: opencode.json or
.opencode/; pi: .pi/), reads its config as the host does, runs the shellfence entry it finds
there on a read outside the project, and reports whether the host runs guarded. It hashes the
guard's code (its own and what each entry runs) and checks it against the build's manifest,
lists the hosts' other hooks, plugins and tools beside the guard's, and the files in the project
a host or the guard reads at start (what a cloned repository brings).

exit status: 0 every configured host is guarded (or none is configured) and nothing can replace
or bypass the guard, 1 a configured host would run unguarded or there is a problem (a changed
or half-installed package, a guard the project or the sandbox can rewrite, a tool or hook that
bypasses it), 2 usage error`;

export function formatDoctor(r: DoctorReport): string {
  const lines = [`shellfence doctor: ${r.project}`];
  const mark = { ok: "ok  ", info: "·   ", warn: "warn", error: "FAIL" } as const;
  if (r.identity.findings.length > 0) {
    lines.push("  the guard's code:");
    for (const x of r.identity.findings) lines.push(`    ${mark[x.level]} ${x.where}: ${x.message}`);
  }
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
  if (r.projectFiles.length > 0) {
    lines.push("  the project brings (read as configuration or code when a host or the guard starts):");
    for (const p of r.projectFiles) lines.push(`    ${p.path} (${p.readBy}): ${p.what}`);
  }
  const unguarded = r.hosts.some((h) => h.status === "unguarded");
  const problems = r.problems > 0 ? `${r.problems} problem(s) (FAIL above)` : "";
  lines.push(
    r.ok
      ? "result: ok"
      : `result: ${[unguarded ? "a configured host runs unguarded" : "", problems].filter(Boolean).join("; ")}`,
  );
  return lines.join("\n") + "\n";
}

export async function runDoctorCommand(argv: readonly string[], io: Io, codeFile?: string): Promise<number> {
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
  const report = await runDoctor({ cwd, env: io.env, ...(home !== undefined ? { home } : {}),
    ...(codeFile !== undefined ? { codeFile } : {}) });
  io.stdout(json ? JSON.stringify(report, null, 2) + "\n" : formatDoctor(report));
  return report.ok ? 0 : 1;
}
