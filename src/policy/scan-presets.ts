// The places a CI runner gives every job, as presets a scan declares (`shellfence scan --preset
// NAME`, or "scan": {"presets": [NAME]} in a config): the variables the runner sets, with the
// values the scan judges them by, and the places that are the job's own to write. Nothing here
// applies to an agent's checks: only `shellfence scan` lays a preset under the user's rules.
// docs/integrations.md ("CI places") says what each entry is and why writing it is safe.

export const PRESET_NAMES = ["github-actions"] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

export function isPresetName(name: string): name is PresetName {
  return (PRESET_NAMES as readonly string[]).includes(name);
}

/** One place a preset allows, with why that is safe (for the docs and `--help`). */
interface PresetPlace {
  /** A path pattern as external_directory rules take it (`~/` is the home directory). */
  readonly pattern: string;
  readonly why: string;
}

interface Preset {
  readonly summary: string;
  /** The variables the runner sets, as the scan's shell starts with them. */
  env(root: string): Record<string, string>;
  readonly places: readonly PresetPlace[];
  /**
   * Places the job may read but not write: the runner machine's system files. Reading them says
   * nothing of the project (a script that asks which distribution it runs on reads
   * /etc/os-release); writing them changes the machine, and still asks (the write and edit
   * surfaces ask there; a secret under them is SECRET_PATH all the same).
   */
  readonly readable: readonly PresetPlace[];
  /**
   * Directories every job's runner has before its first step, whatever the machine that scans
   * holds: a path through them is judged as on the runner (src/paths/confined.ts), where no
   * earlier step can have made them a symlink that is not there.
   */
  readonly directories: readonly string[];
}

/**
 * $RUNNER_TEMP as the scan judges it: the value on GitHub's hosted Linux runners, the same on
 * every machine that scans, so a finding does not depend on where the scan ran. The runner
 * empties it at the start and end of every job.
 */
const RUNNER_TEMP = "/home/runner/work/_temp";

/** Where the runner keeps the files of the step commands ($GITHUB_ENV, …), under $RUNNER_TEMP. */
const FILE_COMMANDS = `${RUNNER_TEMP}/_runner_file_commands`;

const PRESETS: Readonly<Record<PresetName, Preset>> = {
  "github-actions": { summary: "GitHub Actions: $GITHUB_WORKSPACE, $RUNNER_TEMP, $GITHUB_ENV…, caches",
    env: (root) => ({ GITHUB_WORKSPACE: root, RUNNER_TEMP, GITHUB_ENV: `${FILE_COMMANDS}/set_env`,
      GITHUB_OUTPUT: `${FILE_COMMANDS}/set_output`, GITHUB_PATH: `${FILE_COMMANDS}/add_path`,
      GITHUB_STATE: `${FILE_COMMANDS}/save_state`, GITHUB_STEP_SUMMARY: `${FILE_COMMANDS}/step_summary`,
      GITHUB_EVENT_PATH: `${RUNNER_TEMP}/_github_workflow/event.json` }),
    directories: [RUNNER_TEMP, FILE_COMMANDS, `${RUNNER_TEMP}/_github_workflow`],
    readable: [{ pattern: "/etc/**", why: "the machine's configuration (its distribution, its package sources)" }, {
      pattern: "/proc/**",
      why: "the kernel's view of the machine and its processes",
    }, { pattern: "/sys/**", why: "the kernel's devices and settings" }, { pattern: "/usr/**",
      why: "the installed programs, libraries and their data" }, { pattern: "/opt/**",
      why: "the runner image's preinstalled tools (the hosted tool cache)" }, { pattern: "/run/**",
      why: "the machine's runtime state and sockets (/var/run is a link to it)" }, { pattern: "/var/run/**",
      why: "the same as /run" }, { pattern: "/lib/**", why: "the system's libraries" }, { pattern: "/bin/**",
      why: "the system's programs" }, { pattern: "/sbin/**", why: "the system's programs" }, { pattern: "/.dockerenv",
      why: "a container's marker" }],
    places: [{ pattern: `${RUNNER_TEMP}/**`,
      why: "the job's temporary directory ($RUNNER_TEMP, ${{ runner.temp }}), emptied before and after every job; "
        + "it holds the step-command files ($GITHUB_ENV, $GITHUB_OUTPUT, $GITHUB_PATH, $GITHUB_STATE, "
        + "$GITHUB_STEP_SUMMARY), which writing is how a step talks to the runner, and the event payload" }, {
      pattern: "~/.npm/**",
      why: "npm's cache of downloaded packages (`npm ci`, setup-node's `cache: npm`)",
    }, { pattern: "~/.cache/pip/**", why: "pip's cache of downloads and built wheels (setup-python's `cache: pip`)" }, {
      pattern: "~/.cargo/registry/**",
      why: "cargo's downloaded crates and registry index (not ~/.cargo/credentials.toml or config.toml)",
    }, { pattern: "~/.cargo/git/**", why: "cargo's checkouts of git dependencies" }, { pattern: "~/go/pkg/mod/**",
      why: "Go's module cache ($GOMODCACHE), checked against go.sum" }, { pattern: "~/.cache/go-build/**",
      why: "Go's build cache ($GOCACHE)" }, { pattern: "~/.m2/repository/**",
      why: "Maven's local repository (not ~/.m2/settings.xml, which holds passwords)" }, {
      pattern: "~/.gradle/caches/**",
      why: "Gradle's caches (not ~/.gradle/gradle.properties, which holds keys)",
    }, { pattern: "~/.gradle/wrapper/dists/**", why: "the Gradle distributions the wrapper downloads" }, {
      pattern: "~/.cache/yarn/**",
      why: "Yarn 1's cache of downloaded packages",
    }, { pattern: "~/.yarn/berry/cache/**", why: "Yarn 2+'s global cache of downloaded packages" }, {
      pattern: "~/.local/share/pnpm/store/**",
      why: "pnpm's content-addressed store",
    }, { pattern: "~/.bun/install/cache/**", why: "Bun's cache of downloaded packages" }] },
};

/** What a preset gives the scan: the runner's variables and the rules that allow its places. */
export function presetSetting(name: PresetName,
  root: string
): { readonly env: Record<string, string>; readonly origin: string; readonly externalDirectory: Record<string, "allow">;
  readonly writeAsks: Record<string, "ask">; readonly directories: readonly string[] }
{
  const p = PRESETS[name];
  return { env: p.env(root), origin: `preset ${name}`, directories: p.directories,
    externalDirectory: Object.fromEntries(
      [...p.places, ...p.readable].map((place) => [place.pattern, "allow" as const]),
    ), writeAsks: Object.fromEntries(p.readable.map((place) => [place.pattern, "ask" as const])) };
}

/** The presets as `--help` and the docs list them: the name, what it covers, each place and why. */
export function presetDescriptions(): readonly { readonly name: PresetName; readonly summary: string;
  readonly places: readonly PresetPlace[]; readonly readable: readonly PresetPlace[] }[]
{
  return PRESET_NAMES.map((name) => ({ name, summary: PRESETS[name].summary, places: PRESETS[name].places,
    readable: PRESETS[name].readable })
  );
}
