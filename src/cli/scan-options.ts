// `shellfence scan`'s command line: its options, read into ScanArgs, and what fails the run
// (`--fail-on`: a decision, reason codes, or both).

import { ArgError, Args } from "../base/args.ts";
import { REASONS, type ReasonCode } from "../base/reasons.ts";
import type { ScanFinding } from "../report/scan-finding.ts";
import { excludePattern } from "../policy/scan-config.ts";
import { isPresetName, PRESET_NAMES, type PresetName, presetDescriptions } from "../policy/scan-presets.ts";

export const USAGE = `usage: shellfence scan [options] [PATH...]

Judges every command in shell scripts (*.sh, *.bash, files with a sh/bash #! line), in the
run: steps of GitHub Actions workflows (.github/workflows/*.yml) and of composite actions
(action.yml), and in the repository's scripts and local actions those steps run. Directories
are walked, skipping node_modules, .git and what the excludes name. PATH defaults to the root.
What is not judged (a pwsh or python step, a Windows leg, a zsh script named .sh) is said on
stderr and counts as an ask for --fail-on.

options:
  --root DIR            the project root (default: the current directory); scripts start here,
                        workflow steps in their working-directory under it
  --config FILE         a JSON config file (repeatable), merged after ROOT/.shellfence.json
  --config-from-git REF the .shellfence.json of ROOT at git revision REF (the base branch of a
                        pull request), as a layer that counts in full; the working tree's own
                        file, which the pull request may have changed, may only tighten
  --preset NAME         the places a CI runner gives every job, allowed (repeatable; also
                        "scan": {"presets": [...]} in a config):
${presetDescriptions().map((p) => `                        ${p.name}: ${p.summary}`).join("\n")}
  --exclude PATTERN     leave out files and directories matching a root-relative path pattern
                        (repeatable; also "scan": {"exclude": [...]} in a config)
  --baseline FILE       report only findings that FILE does not hold (written by --write-baseline)
  --write-baseline FILE write every finding to FILE as the accepted baseline, and exit 0
  --format FORMAT       human (default), json, sarif (2.1.0) or github (workflow annotations,
                        and a table of every finding in $GITHUB_STEP_SUMMARY when it is set)
  --fail-on LIST        what fails the run, comma-separated: deny (the default), ask (every
                        finding shown), and reason codes (SECRET_PATH,EXTERNAL_PATH): a finding
                        fails it when it is at least as strict as the decision named, or has a
                        code named (with ask, a step or file not judged fails too)
  --unknowns            list the places the guard could not resolve too (a variable from the
                        caller, a directory not known, code it does not read): by default they
                        are counted on stderr, and a --fail-on code of theirs lists that code's
  --max-bytes BYTES     the largest script judged (default 1048576); a larger one is an
                        INPUT_TOO_LARGE finding
  --home DIR            the home directory for ~ (default: $HOME)
  -h, --help            show this help

Suppress a finding where it stands: # shellfence: ignore CODE[,CODE...] -- reason
(after the command on its line, or on the line before it).

exit status: 1 when a finding reaches --fail-on, 0 otherwise (and after --write-baseline),
2 on usage, configuration or baseline errors`;

const FORMATS = ["human", "json", "sarif", "github"] as const;
export type Format = (typeof FORMATS)[number];

/**
 * The largest script a scan judges: a hook's 64 KiB bound is for one command an agent typed; CI
 * scripts are files, and a 70 KiB one is still read (in well under a second).
 */
const DEFAULT_MAX_BYTES = 1 << 20;

/** What fails the run: findings at least as strict as `level`, and findings of `codes`. */
interface FailOn {
  readonly level: "ask" | "deny" | null;
  readonly codes: ReadonlySet<ReasonCode>;
}

export interface ScanArgs {
  readonly root: string | undefined;
  readonly configs: readonly string[];
  readonly gitRef: string | undefined;
  readonly format: Format;
  readonly failOn: FailOn;
  readonly maxBytes: number;
  readonly home: string | undefined;
  readonly presets: readonly PresetName[];
  readonly exclude: readonly string[];
  readonly baseline: string | undefined;
  readonly writeBaseline: string | undefined;
  /** List the places the guard could not resolve too (report/scan-shown.ts). */
  readonly unknowns: boolean;
  readonly paths: readonly string[];
}

export function parseScanArgs(argv: readonly string[]): ScanArgs {
  let root: string | undefined;
  let gitRef: string | undefined;
  let format: Format = "human";
  let home: string | undefined;
  let baseline: string | undefined;
  let writeBaseline: string | undefined;
  let maxBytes = DEFAULT_MAX_BYTES;
  let unknowns = false;
  const configs: string[] = [];
  const presets: PresetName[] = [];
  const exclude: string[] = [];
  const paths: string[] = [];
  const failOn: string[] = [];
  const args = new Args(argv);
  for (let a = args.next(); a !== undefined; a = args.next()) {
    if (a === "--") {
      paths.push(...args.rest());
      break;
    }
    if (Args.is(a, "--root")) root = args.value(a, "--root");
    else if (Args.is(a, "--config")) configs.push(args.value(a, "--config"));
    else if (Args.is(a, "--home")) home = args.value(a, "--home");
    else if (Args.is(a, "--config-from-git")) gitRef = args.value(a, "--config-from-git");
    else if (Args.is(a, "--baseline")) baseline = args.value(a, "--baseline");
    else if (Args.is(a, "--write-baseline")) writeBaseline = args.value(a, "--write-baseline");
    else if (a === "--unknowns") unknowns = true;
    else if (Args.is(a, "--preset")) {
      const p = args.value(a, "--preset");
      if (!isPresetName(p)) {
        throw new ArgError(`--preset must be one of ${PRESET_NAMES.join(", ")}, not ${JSON.stringify(p)}`);
      }
      if (!presets.includes(p)) presets.push(p);
    } else if (Args.is(a, "--exclude")) {
      const raw = args.value(a, "--exclude");
      const e = excludePattern(raw);
      if ("problem" in e) throw new ArgError(`--exclude ${JSON.stringify(raw)}: ${e.problem}`);
      exclude.push(e.pattern);
    } else if (Args.is(a, "--format")) {
      const f = args.value(a, "--format");
      if (!(FORMATS as readonly string[]).includes(f)) {
        throw new ArgError(`--format must be one of ${FORMATS.join(", ")}, not ${JSON.stringify(f)}`);
      }
      format = f as Format;
    } else if (Args.is(a, "--fail-on")) failOn.push(args.value(a, "--fail-on"));
    else if (Args.is(a, "--max-bytes")) {
      const v = args.value(a, "--max-bytes");
      if (!/^[1-9][0-9]{0,9}$/.test(v)) {
        throw new ArgError(`--max-bytes must be a positive number of bytes, not ${JSON.stringify(v)}`);
      }
      maxBytes = Number(v);
    } else if (a.startsWith("-") && a !== "-") throw new ArgError(`unknown option ${a}`);
    else paths.push(a);
  }
  return { root, configs, gitRef, format, failOn: parseFailOn(failOn), maxBytes, home, presets, exclude, baseline,
    writeBaseline, unknowns, paths };
}

/** `--fail-on` values, each a comma-separated list; none given is `deny`. */
function parseFailOn(values: readonly string[]): FailOn {
  if (values.length === 0) return { level: "deny", codes: new Set() };
  let level: "ask" | "deny" | null = null;
  const codes = new Set<ReasonCode>();
  for (const item of values.flatMap((v) => v.split(","))) {
    const word = item.trim();
    if (word === "ask" || word === "deny") level = level === "ask" || word === "ask" ? "ask" : "deny";
    else if (Object.hasOwn(REASONS, word)) codes.add(word as ReasonCode);
    else {
      throw new ArgError(
        `--fail-on takes ask, deny or reason codes (${Object.keys(REASONS).join(", ")}), comma-separated, not ${
          JSON.stringify(word)
        }`,
      );
    }
  }
  return { level, codes };
}

/** Whether a finding fails the run. */
export function fails(f: ScanFinding, on: FailOn): boolean {
  return on.level === "ask" || (on.level === "deny" && f.decision === "deny") || on.codes.has(f.code);
}
