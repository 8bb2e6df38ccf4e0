// `shellfence exec`: the command line of execCommand. Exit statuses: the command's own when it
// ran; 1 when the verdict denies it, 3 when it asks and --approve-ask was not given, 2 for a
// usage error or when no sandbox can be made (and --no-sandbox was not given).

import { ArgError, Args } from "../base/args.ts";
import type { Io } from "../base/io.ts";
import type { Guard } from "../guard/guard.ts";
import { formatHuman } from "../report/verdict-text.ts";
import { DEFAULT_SANDBOX_MODE, SANDBOX_MODES, type SandboxMode } from "../sandbox/profile.ts";

const EXEC_USAGE = `usage: shellfence exec [--cwd DIR] [--root DIR]... [--config FILE]... [--home DIR]
                       [--approve-ask] [--profile contained|standard|strict] [--no-network]
                       [--no-sandbox] [--] COMMAND

Checks COMMAND; runs it with bash -c inside an OS sandbox built from the same policy when the
verdict allows it (see docs/sandbox.md).

  --approve-ask     run a command the verdict asks about; what it asks about works inside
  --profile NAME    contained (default): outside the roots hidden but for the system, toolchains
                    and package caches; standard: outside the roots read-only; strict: as
                    contained, with an empty home
  --no-network      no network inside (a network namespace of its own); Unix sockets are
                    closed either way
  --no-sandbox      run without a sandbox (never done otherwise: no sandbox means exit 2)

exit status: the command's (128+N for signal N); 1 deny; 3 ask; 2 usage error or no sandbox`;

interface ExecArgs {
  readonly cwd: string | undefined;
  readonly roots: readonly string[];
  readonly configs: readonly string[];
  readonly home: string | undefined;
}

export async function runExec(argv: readonly string[], io: Io,
  guardFor: (a: ExecArgs) => Promise<Guard | number>): Promise<number>
{
  let cwd: string | undefined;
  let home: string | undefined;
  const roots: string[] = [];
  const configs: string[] = [];
  let approveAsk = false;
  let noSandbox = false;
  let noNetwork = false;
  let profile: SandboxMode = DEFAULT_SANDBOX_MODE;
  let command: string;
  try {
    const rest: string[] = [];
    const args = new Args(argv);
    for (let a = args.next(); a !== undefined; a = args.next()) {
      if (a === "--") {
        rest.push(...args.rest());
        break;
      }
      if (a === "-h" || a === "--help") {
        io.stdout(EXEC_USAGE + "\n");
        return 0;
      }
      if (a === "--approve-ask") approveAsk = true;
      else if (a === "--no-sandbox") noSandbox = true;
      else if (a === "--no-network") noNetwork = true;
      else if (Args.is(a, "--cwd")) cwd = args.value(a, "--cwd");
      else if (Args.is(a, "--home")) home = args.value(a, "--home");
      else if (Args.is(a, "--root")) roots.push(args.value(a, "--root"));
      else if (Args.is(a, "--config")) configs.push(args.value(a, "--config"));
      else if (Args.is(a, "--profile")) {
        const p = args.value(a, "--profile");
        if (!(SANDBOX_MODES as readonly string[]).includes(p)) {
          throw new ArgError(`--profile must be one of ${SANDBOX_MODES.join(", ")}, not ${JSON.stringify(p)}`);
        }
        profile = p as SandboxMode;
      } else if (a.startsWith("-") && a !== "-") throw new ArgError(`exec: unknown option ${a}`);
      else rest.push(a);
    }
    if (rest.length !== 1) {
      throw new ArgError(
        rest.length === 0 ? "exec: no command given" : "exec: give the command as one argument (quote it)",
      );
    }
    command = rest[0]!;
  } catch (e) {
    if (!(e instanceof ArgError)) throw e;
    io.stderr(`shellfence: ${e.message}\n${EXEC_USAGE}\n`);
    return 2;
  }
  const guard = await guardFor({ cwd, roots, configs, home });
  if (typeof guard === "number") return guard;
  const r = await guard.exec(command, { ...(cwd !== undefined ? { cwd } : {}), profile, approveAsk, noSandbox,
    ...(noNetwork ? { network: "none" as const } : {}) });
  switch (r.t) {
    case "refused":
      io.stderr(formatHuman(command, r.verdict, { color: false }));
      io.stderr(
        `shellfence: not run: the verdict is ${r.verdict.decision}${
          r.verdict.decision === "ask" ? " (run it with --approve-ask to approve)" : ""
        }\n`,
      );
      return r.verdict.decision === "deny" ? 1 : 3;
    case "unavailable":
      io.stderr(`shellfence: not run: ${r.reason}\n(run it unsandboxed only with --no-sandbox)\n`);
      return 2;
    case "ran":
      return r.status;
    default: {
      const never: never = r;
      throw new Error(`unknown exec result ${JSON.stringify(never)}`);
    }
  }
}
