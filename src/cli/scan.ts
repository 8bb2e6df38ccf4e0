// `shellfence scan PATH…`: the CI scanner's command line. Exit status: 1 when a finding reaches
// --fail-on (default: deny), 0 otherwise, 2 on usage or configuration errors.

import { ArgError, Args } from "../base/args.ts";
import { spawnSync } from "node:child_process";
import { appendFileSync, readFileSync } from "node:fs";
import { resolve as resolvePath } from "node:path";
import { pathToFileURL } from "node:url";
import type { Io } from "../base/io.ts";
import { ConfigError, parseConfigText } from "../policy/config.ts";
import { PROJECT_CONFIG_NAME } from "../policy/layers.ts";
import { GrammarError } from "../parse/grammar.ts";
import { createProjectGuard } from "../integrations/host.ts";
import { formatGithubAnnotations, formatStepSummary } from "../report/github-annotations.ts";
import type { ScanFinding, ScanNote } from "../report/scan-finding.ts";
import { formatScanJson, formatScanLines } from "../report/scan-text.ts";
import { repositoryWebUrl, toSarif } from "../report/sarif.ts";
import { compareFindings, scanTargets } from "../integrations/scan-files.ts";
import { collectTargets, ScanInputError } from "../integrations/scan-targets.ts";

const USAGE = `usage: shellfence scan [options] [PATH...]

Judges every command in shell scripts (*.sh, *.bash, files with a sh/bash #! line), in the
run: steps of GitHub Actions workflows (.github/workflows/*.yml) and of composite actions
(action.yml), and in the repository's scripts and local actions those steps run. Directories
are walked, skipping node_modules and .git. PATH defaults to the root. What is not judged (a
pwsh or python step, a Windows leg, a zsh script named .sh) is said on stderr and counts as an
ask for --fail-on.

options:
  --root DIR            the project root (default: the current directory); scripts start here,
                        workflow steps in their working-directory under it; $GITHUB_WORKSPACE
                        is the root, and the step-command files ($GITHUB_OUTPUT, $GITHUB_ENV,
                        $GITHUB_PATH, $GITHUB_STATE, $GITHUB_STEP_SUMMARY) are always writable
  --config FILE         a JSON config file (repeatable), merged after ROOT/.shellfence.json
  --config-from-git REF the .shellfence.json of ROOT at git revision REF (the base branch of a
                        pull request), as a layer that counts in full; the working tree's own
                        file, which the pull request may have changed, may only tighten
  --format FORMAT       human (default), json, sarif (2.1.0) or github (workflow annotations,
                        and a table of every finding in $GITHUB_STEP_SUMMARY when it is set)
  --fail-on LEVEL       deny (default) or ask: exit 1 when a finding is at least this strict
                        (with ask, a step or file not judged fails too)
  --max-bytes BYTES     the largest script judged (default 1048576); a larger one is an
                        INPUT_TOO_LARGE finding
  --home DIR            the home directory for ~ (default: $HOME)
  -h, --help            show this help

exit status: 1 when a finding reaches --fail-on, 0 otherwise, 2 on usage or configuration errors`;

const FORMATS = ["human", "json", "sarif", "github"] as const;
/**
 * The largest script a scan judges: a hook's 64 KiB bound is for one command an agent typed; CI
 * scripts are files, and a 70 KiB one is still read (in well under a second).
 */
const DEFAULT_MAX_BYTES = 1 << 20;
/**
 * A check's time budget in a scan: a hook answers within seconds, a CI job can wait; a 70 KiB
 * script takes about a second (two on its first check, while the code warms up) on a loaded
 * 2-core machine. Past the budget the script is a CHECK_TIMEOUT finding, never a pass.
 */
const SCAN_CHECK_MS = 60_000;
type Format = (typeof FORMATS)[number];

interface ScanArgs {
  root: string | undefined;
  configs: string[];
  gitRef: string | undefined;
  format: Format;
  failOn: "ask" | "deny";
  maxBytes: number;
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
  const skipped: ScanNote[] = [];
  let files = 0;
  try {
    const base = args.gitRef === undefined ? [] : [configAtRef(root, args.gitRef)];
    // A scan only reads the disk: its answers hold for the whole run (paths/memo-fs.ts).
    const guard = await createProjectGuard({ root, config: [...base, ...args.configs], env: runnerEnv(root),
      maxBytes: args.maxBytes, maxCheckMs: SCAN_CHECK_MS, ...(args.home ? { home: args.home } : {}),
      unchangingDisk: true });
    for (const w of guard.warnings) io.stderr(`shellfence scan: warning: ${w}\n`);
    const collected = collectTargets(args.paths.length ? args.paths : [root], process.cwd(), root);
    const r = scanTargets(guard, root, collected.targets, args.maxBytes);
    findings = r.findings;
    skipped.push(...collected.skipped, ...r.skipped);
    files = r.files;
  } catch (e) {
    if (e instanceof ScanInputError || e instanceof ConfigError || e instanceof GrammarError) {
      io.stderr(`shellfence scan: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  findings = findings.sort(compareFindings);
  skipped.sort(compareFindings);
  for (const s of skipped) io.stderr(`shellfence scan: skipped ${s.file}:${s.line}:${s.col}: ${s.message}\n`);
  io.stdout(render(args.format, findings, skipped, root));
  const summary = process.env.GITHUB_STEP_SUMMARY;
  if (args.format === "github" && summary) {
    try {
      appendFileSync(summary, formatStepSummary(findings, skipped));
    } catch (e) {
      io.stderr(`shellfence scan: warning: cannot write the step summary ${summary}: ${(e as Error).message}\n`);
    }
  }
  const deny = findings.filter((f) => f.decision === "deny").length;
  const ask = findings.length - deny;
  io.stderr(
    `shellfence scan: ${files} file${files === 1 ? "" : "s"} scanned: ${deny} deny, ${ask} ask${
      skipped.length > 0 ? `, ${skipped.length} not judged` : ""
    }\n`,
  );
  // What was not judged is not a pass: as strict as an ask.
  const failing = args.failOn === "ask" ? deny + ask + skipped.length : deny;
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
  for (const name of ["GITHUB_ENV", "GITHUB_OUTPUT", "GITHUB_PATH", "GITHUB_STATE", "GITHUB_STEP_SUMMARY"]) {
    env[name] = "/dev/null";
  }
  return env;
}

function render(format: Format, findings: readonly ScanFinding[], skipped: readonly ScanNote[], root: string): string {
  switch (format) {
    case "human":
      return formatScanLines(findings);
    case "json":
      return formatScanJson(findings);
    case "github":
      return formatGithubAnnotations(findings, skipped);
    case "sarif": {
      const rootUri = pathToFileURL(root).href.replace(/\/?$/, "/");
      const pkg = packageJson();
      const version = typeof pkg?.version === "string" ? pkg.version : "unknown";
      return JSON.stringify(
        toSarif(findings, { version, rootUri, repository: repositoryWebUrl(pkg?.repository) }, skipped),
        null,
        2,
      ) + "\n";
    }
  }
}

function parseArgs(argv: readonly string[]): ScanArgs {
  const out: ScanArgs = { root: undefined, configs: [], gitRef: undefined, format: "human", failOn: "deny",
    maxBytes: DEFAULT_MAX_BYTES, home: undefined, paths: [] };
  const args = new Args(argv);
  for (let a = args.next(); a !== undefined; a = args.next()) {
    if (a === "--") {
      out.paths.push(...args.rest());
      break;
    }
    if (Args.is(a, "--root")) out.root = args.value(a, "--root");
    else if (Args.is(a, "--config")) out.configs.push(args.value(a, "--config"));
    else if (Args.is(a, "--home")) out.home = args.value(a, "--home");
    else if (Args.is(a, "--config-from-git")) out.gitRef = args.value(a, "--config-from-git");
    else if (Args.is(a, "--format")) {
      const f = args.value(a, "--format");
      if (!(FORMATS as readonly string[]).includes(f)) {
        throw new ArgError(`--format must be one of ${FORMATS.join(", ")}, not ${JSON.stringify(f)}`);
      }
      out.format = f as Format;
    } else if (Args.is(a, "--fail-on")) {
      const f = args.value(a, "--fail-on");
      if (f !== "ask" && f !== "deny") throw new ArgError(`--fail-on must be ask or deny, not ${JSON.stringify(f)}`);
      out.failOn = f;
    } else if (Args.is(a, "--max-bytes")) {
      const v = args.value(a, "--max-bytes");
      if (!/^[1-9][0-9]{0,9}$/.test(v)) {
        throw new ArgError(`--max-bytes must be a positive number of bytes, not ${JSON.stringify(v)}`);
      }
      out.maxBytes = Number(v);
    } else if (a.startsWith("-") && a !== "-") throw new ArgError(`unknown option ${a}`);
    else out.paths.push(a);
  }
  return out;
}

/**
 * ROOT/.shellfence.json as it is at `ref`, validated, as an object layer ({} when the file is
 * not there at that revision). `git show REF:./NAME` reads it relative to ROOT; a REF that is
 * not a revision, or no git, is a configuration error (exit 2), never a scan without it.
 */
function configAtRef(root: string, ref: string): object {
  if (ref.startsWith("-")) throw new ConfigError(`--config-from-git ${ref}`, "", "not a revision");
  const at = `${ref}:./${PROJECT_CONFIG_NAME}`;
  const exists = spawnSync("git", ["-C", root, "cat-file", "-e", at], { encoding: "utf8" });
  if (exists.error) throw new ConfigError(at, "", `cannot run git: ${exists.error.message}`);
  if (exists.status !== 0) {
    const rev = spawnSync("git", ["-C", root, "rev-parse", "--verify", "--quiet", `${ref}^{commit}`], {
      encoding: "utf8",
    });
    if (rev.status !== 0) throw new ConfigError(`--config-from-git ${ref}`, "", "not a revision git knows in the root");
    return {};
  }
  const shown = spawnSync("git", ["-C", root, "show", at], { encoding: "utf8", maxBuffer: 1 << 20 });
  if (shown.status !== 0) throw new ConfigError(at, "", `git show failed: ${shown.stderr.trim()}`);
  // Validated here, so an error names the revision and the file.
  parseConfigText(shown.stdout, at);
  return JSON.parse(shown.stdout.replace(/^\uFEFF/, "")) as object;
}

/** The package's manifest (version and repository for SARIF's driver); null in a binary without it. */
function packageJson(): { version?: unknown; repository?: unknown } | null {
  try {
    const pkg: unknown = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    return typeof pkg === "object" && pkg !== null ? pkg : null;
  } catch {
    return null;
  }
}
