// `shellfence scan PATH…`: the CI scanner's command line. Exit status: 1 when a finding reaches
// --fail-on (default: deny), 0 otherwise, 2 on usage or configuration errors.

import { ArgError, Args } from "../base/args.ts";
import { readFileSync } from "node:fs";
import { resolve as resolvePath } from "node:path";
import { pathToFileURL } from "node:url";
import type { Io } from "../base/io.ts";
import { ConfigError } from "../policy/config.ts";
import { GrammarError } from "../parse/grammar.ts";
import { createProjectGuard } from "../integrations/host.ts";
import { formatGithubAnnotations } from "../report/github-annotations.ts";
import type { ScanFinding } from "../report/scan-finding.ts";
import { formatScanJson, formatScanLines } from "../report/scan-text.ts";
import { toSarif } from "../report/sarif.ts";
import { collectTargets, compareFindings, ScanInputError, scanFile } from "../integrations/scan-files.ts";

const USAGE = `usage: shellfence scan [options] [PATH...]

Judges every command in shell scripts (*.sh, *.bash, files with a sh/bash #! line) and in the
run: steps of GitHub Actions workflows (.github/workflows/*.yml). Directories are walked,
skipping node_modules and .git. PATH defaults to the root.

options:
  --root DIR            the project root (default: the current directory); scripts start here,
                        workflow steps in their working-directory under it; $GITHUB_WORKSPACE
                        is the root, and the step-command files ($GITHUB_OUTPUT, $GITHUB_ENV,
                        $GITHUB_PATH, $GITHUB_STATE, $GITHUB_STEP_SUMMARY) are always writable
  --config FILE         a JSON config file (repeatable), merged after ROOT/.shellfence.json
  --format FORMAT       human (default), json, sarif (2.1.0) or github (workflow annotations)
  --fail-on LEVEL       deny (default) or ask: exit 1 when a finding is at least this strict
  --home DIR            the home directory for ~ (default: $HOME)
  -h, --help            show this help

exit status: 1 when a finding reaches --fail-on, 0 otherwise, 2 on usage or configuration errors`;

const FORMATS = ["human", "json", "sarif", "github"] as const;
type Format = (typeof FORMATS)[number];

interface ScanArgs {
  root: string | undefined;
  configs: string[];
  format: Format;
  failOn: "ask" | "deny";
  home: string | undefined;
  paths: string[];
}

export async function runScanCommand(argv: readonly string[], io: Io): Promise<number> {
  if (argv.includes("-h") || argv.includes("--help")) {
    io.stdout(USAGE + "\n");
    return 0;
  }
  let args: ScanArgs;
  try {
    args = parseArgs(argv);
  } catch (e) {
    io.stderr(`shellfence scan: ${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const root = resolvePath(args.root ?? ".");
  let findings: ScanFinding[] = [];
  let files = 0;
  try {
    const guard = await createProjectGuard({ root, config: args.configs, env: runnerEnv(root), ...(args.home ? { home: args.home } : {}) });
    const { targets, skipped } = collectTargets(args.paths.length ? args.paths : [root], process.cwd());
    for (const s of skipped) io.stderr(`shellfence scan: skipped ${s}\n`);
    for (const t of targets) {
      const r = scanFile(guard, root, t);
      findings.push(...r.findings);
      for (const s of r.skipped) io.stderr(`shellfence scan: skipped ${s}\n`);
    }
    files = targets.length;
  } catch (e) {
    if (e instanceof ScanInputError || e instanceof ConfigError || e instanceof GrammarError) {
      io.stderr(`shellfence scan: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  findings = findings.sort(compareFindings);
  io.stdout(render(args.format, findings, root));
  const deny = findings.filter((f) => f.decision === "deny").length;
  const ask = findings.length - deny;
  io.stderr(`shellfence scan: ${files} file${files === 1 ? "" : "s"} scanned: ${deny} deny, ${ask} ask\n`);
  const failing = args.failOn === "ask" ? deny + ask : deny;
  return failing > 0 ? 1 : 0;
}

/**
 * What the Actions runner gives every step: the workspace (the root), and the files step
 * commands write to ($GITHUB_OUTPUT, $GITHUB_ENV, …). Those live in the runner's temp directory,
 * which does not exist where the scan runs, and writing them is what steps are for, so they are
 * judged as /dev/null is: always allowed.
 */
function runnerEnv(root: string): Record<string, string> {
  const env: Record<string, string> = { GITHUB_WORKSPACE: root };
  for (const name of ["GITHUB_ENV", "GITHUB_OUTPUT", "GITHUB_PATH", "GITHUB_STATE", "GITHUB_STEP_SUMMARY"]) env[name] = "/dev/null";
  return env;
}

function render(format: Format, findings: readonly ScanFinding[], root: string): string {
  switch (format) {
    case "human":
      return formatScanLines(findings);
    case "json":
      return formatScanJson(findings);
    case "github":
      return formatGithubAnnotations(findings);
    case "sarif": {
      const rootUri = pathToFileURL(root).href.replace(/\/?$/, "/");
      return JSON.stringify(toSarif(findings, { version: packageVersion(), rootUri }), null, 2) + "\n";
    }
  }
}

function parseArgs(argv: readonly string[]): ScanArgs {
  const out: ScanArgs = { root: undefined, configs: [], format: "human", failOn: "deny", home: undefined, paths: [] };
  const args = new Args(argv);
  for (let a = args.next(); a !== undefined; a = args.next()) {
    if (a === "--") {
      out.paths.push(...args.rest());
      break;
    }
    if (Args.is(a, "--root")) out.root = args.value(a, "--root");
    else if (Args.is(a, "--config")) out.configs.push(args.value(a, "--config"));
    else if (Args.is(a, "--home")) out.home = args.value(a, "--home");
    else if (Args.is(a, "--format")) {
      const f = args.value(a, "--format");
      if (!(FORMATS as readonly string[]).includes(f)) throw new ArgError(`--format must be one of ${FORMATS.join(", ")}, not ${JSON.stringify(f)}`);
      out.format = f as Format;
    } else if (Args.is(a, "--fail-on")) {
      const f = args.value(a, "--fail-on");
      if (f !== "ask" && f !== "deny") throw new ArgError(`--fail-on must be ask or deny, not ${JSON.stringify(f)}`);
      out.failOn = f;
    } else if (a.startsWith("-") && a !== "-") throw new ArgError(`unknown option ${a}`);
    else out.paths.push(a);
  }
  return out;
}

/** The package's version for SARIF's driver; a binary without package.json says "unknown". */
function packageVersion(): string {
  try {
    const pkg: unknown = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    const v = typeof pkg === "object" && pkg !== null ? (pkg as { version?: unknown }).version : undefined;
    return typeof v === "string" ? v : "unknown";
  } catch {
    return "unknown";
  }
}
