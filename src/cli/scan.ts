// `shellfence scan PATH…`: the CI scanner's command line (options: scan-options.ts). Exit
// status: 1 when a finding reaches --fail-on (default: deny), 0 otherwise and after
// --write-baseline, 2 on usage, configuration or baseline errors.

import { spawnSync } from "node:child_process";
import { homedir } from "node:os";
import { appendFileSync, readFileSync } from "node:fs";
import { resolve as resolvePath } from "node:path";
import { pathToFileURL } from "node:url";
import type { Io } from "../base/io.ts";
import { ConfigError, parseConfigText, validateLayer } from "../policy/config.ts";
import { loadLayers, PROJECT_CONFIG_NAME } from "../policy/layers.ts";
import { mergeScanSections, type ScanSection } from "../policy/scan-config.ts";
import { presetSetting } from "../policy/scan-presets.ts";
import { GrammarError, loadParser } from "../parse/grammar.ts";
import { createProjectGuard } from "../integrations/host.ts";
import { formatGithubAnnotations, formatStepSummary } from "../report/github-annotations.ts";
import type { ScanFinding, ScanNote } from "../report/scan-finding.ts";
import { formatScanJson, formatScanLines } from "../report/scan-text.ts";
import { repositoryWebUrl, toSarif } from "../report/sarif.ts";
import { compareFindings, scanTargets, sortFindings } from "../integrations/scan-files.ts";
import { collectTargets, ScanInputError } from "../integrations/scan-targets.ts";
import { exclusion } from "../integrations/scan-exclude.ts";
import { applyBaseline, type Baseline, BaselineError, readBaseline,
  writeBaseline } from "../integrations/scan-baseline.ts";
import { fails, type Format, parseScanArgs, type ScanArgs, USAGE } from "./scan-options.ts";
import { foldStates } from "../report/scan-fold.ts";
import { splitShown, unresolvedSummary } from "../report/scan-shown.ts";
import type { ReasonCode } from "../base/reasons.ts";

export async function runScanCommand(argv: readonly string[], io: Io): Promise<number> {
  if (argv.includes("-h") || argv.includes("--help")) {
    io.stdout(USAGE + "\n");
    return 0;
  }
  let args: ScanArgs;
  try {
    args = parseScanArgs(argv);
  } catch (e) {
    io.stderr(`shellfence scan: ${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const root = resolvePath(args.root ?? ".");
  let found: ScanFinding[] = [];
  let suppressed = 0;
  const skipped: ScanNote[] = [];
  const excluded: string[] = [];
  let files = 0;
  let baseline: Baseline | null = null;
  try {
    if (args.baseline !== undefined) baseline = readBaseline(args.baseline);
    const config = [...(args.gitRef === undefined ? [] : [configAtRef(root, args.gitRef)]), ...args.configs];
    // The config's scan section (read from the layers the guard reads, trust applied) names the
    // presets the guard must be made with, and the excludes.
    const section = scanSection(root, config, args.home);
    const presets = [...new Set([...section.presets, ...args.presets])].map((p) => presetSetting(p, root));
    const guard = await createProjectGuard({
      root,
      config,
      env: Object.assign({}, ...presets.map((p) => p.env)),
      baseLayers: presets.map((p) =>
        validateLayer({
          permission: { external_directory: p.externalDirectory, write: p.writeAsks, edit: p.writeAsks },
        }, p.origin)
      ),
      maxBytes: args.maxBytes,
      ...(args.home ? { home: args.home } : {}),
      // A scan only reads the disk: its answers hold for the whole run (paths/memo-fs.ts).
      unchangingDisk: true,
      // Its scripts run on a runner, not here: judged for that machine, the same on any that
      // scans (paths/confined.ts, over the memo), with the two-minute check budget that goes with it.
      otherMachine: true,
      // The runner's own directories are there when its steps run, whatever this machine holds.
      runnerDirectories: presets.flatMap((p) => p.directories),
    });
    for (const w of guard.warnings) {
      io.stderr(`shellfence scan: warning: ${w}\n`);
    }
    const excludedBy = exclusion(root, [...section.exclude, ...args.exclude]);
    const collected = collectTargets(args.paths.length ? args.paths : [root], process.cwd(), root, excludedBy);
    const r = scanTargets({ guard, parser: await loadParser(), root, maxBytes: args.maxBytes, excludedBy },
      collected.targets);
    // In order, and each once: a library's findings, found from each file that reaches it, too.
    found = sortFindings(r.findings);
    suppressed = r.suppressed;
    skipped.push(...collected.skipped, ...r.skipped);
    excluded.push(...collected.excluded, ...r.excluded);
    files = r.files;
    if (args.writeBaseline !== undefined) writeBaseline(args.writeBaseline, found);
  } catch (e) {
    if (e instanceof ScanInputError || e instanceof ConfigError || e instanceof GrammarError
      || e instanceof BaselineError)
    {
      io.stderr(`shellfence scan: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  skipped.sort(compareFindings);
  for (const x of excluded) {
    io.stderr(`shellfence scan: skipped ${x}\n`);
  }
  for (const s of skipped) {
    io.stderr(`shellfence scan: skipped ${s.file}:${s.line}:${s.col}: ${s.message}\n`);
  }
  // What the baseline accepts is left out of every output, as a suppressed finding is.
  const { fresh: unfolded, accepted, gone } = baseline === null
    ? { fresh: found, accepted: [], gone: 0 }
    : applyBaseline(found, baseline);
  // What the scripts visibly do outside, and what could not be judged; the places the guard
  // only could not resolve are counted (report/scan-shown.ts).
  const { shown, unresolved } = splitShown(unfolded, args.unknowns, args.failOn.codes);
  // One fact about shell state, one finding: its first place, with the count of the others.
  const fresh = foldStates(shown);
  io.stdout(render(args.format, fresh, skipped, root));
  const stepSummary = process.env.GITHUB_STEP_SUMMARY;
  if (args.format === "github" && stepSummary) {
    try {
      appendFileSync(stepSummary, formatStepSummary(fresh, skipped));
    } catch (e) {
      io.stderr(`shellfence scan: warning: cannot write the step summary ${stepSummary}: ${(e as Error).message}\n`);
    }
  }
  io.stderr(summary(files, fresh, skipped.length, suppressed, baseline === null ? null : accepted.length, unresolved));
  if (gone > 0) {
    io.stderr(
      `shellfence scan: ${gone} finding${gone === 1 ? "" : "s"} of the baseline ${
        gone === 1 ? "was" : "were"
      } not found (fixed, or changed); --write-baseline drops ${gone === 1 ? "it" : "them"}\n`,
    );
  }
  if (args.writeBaseline !== undefined) {
    io.stderr(
      `shellfence scan: wrote ${found.length} finding${found.length === 1 ? "" : "s"} to ${args.writeBaseline}\n`,
    );
    return 0;
  }
  // What was not judged is not a pass: as strict as an ask (a baseline holds findings, never it).
  return fresh.some((f) => fails(f, args.failOn)) || (args.failOn.level === "ask" && skipped.length > 0) ? 1 : 0;
}

/** `N files scanned: D deny, A ask`, what was not judged, and what suppressions and the baseline left out. */
function summary(files: number, shown: readonly ScanFinding[], notJudged: number, suppressed: number,
  accepted: number | null, unresolved: ReadonlyMap<ReasonCode, number>): string
{
  const deny = shown.filter((f) => f.decision === "deny").length;
  const extra = [...(notJudged > 0 ? [`${notJudged} not judged`] : []),
    ...(suppressed > 0 ? [`${suppressed} suppressed`] : []),
    ...(accepted !== null ? [`${accepted} in the baseline`] : [])];
  return `shellfence scan: ${files} file${files === 1 ? "" : "s"} scanned: ${deny} deny, ${shown.length - deny} ask${
    extra.map((x) => `, ${x}`).join("")
  }${unresolvedSummary(unresolved)}\n`;
}

/**
 * The scan section of the layers the guard will read (global, project, the given configs), as
 * the guard reads them: an untrusted project file's is dropped (layers.ts), with the warning the
 * guard prints.
 */
function scanSection(root: string, config: readonly (string | object)[], home: string | undefined): ScanSection {
  const { layers } = loadLayers({ global: true, project: root, extra: config }, home ?? homeDir());
  return mergeScanSections(layers);
}

function homeDir(): string | null {
  try {
    return homedir() || null;
  } catch {
    return null;
  }
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
