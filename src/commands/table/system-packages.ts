// Package managers that install for the whole system: apt and dpkg, Homebrew, RubyGems, conda
// and its relatives, snap, flatpak, the rpm and Alpine tools, zypper, MacPorts, nix-env, and the
// browsers' system dependencies Playwright installs. What they install, remove or refresh goes
// under /usr, /opt, /var/lib or the manager's own prefix, outside the project, and their
// packages' scripts run as whoever runs them: every verb that changes the system asks
// (OUTSIDE_EFFECT, as `npm -g` and `pip install --user` do), a verb that only reads is allowed.
// A verb the entry does not know asks too: a package manager's unknown verb may change anything.

import type { Arg } from "../effects.ts";
import type { SpecContext } from "../spec.ts";
import { each, issue, optionValues } from "./common.ts";
import type { TableSpec } from "./expand.ts";

const none = { value: "none" } as const;
const read = { value: "read" } as const;
const write = { value: "write" } as const;

/**
 * The verb (`ctx.operands[0]`, or the first operand after `skip` words) asks unless it is one
 * that only reads; `prefixed` is the option that points the manager at a prefix of its own,
 * whose value is then judged as written instead (`conda install -p ./env`, `gem install -i vendor`).
 */
export function systemVerb(readOnly: ReadonlySet<string>, prefixed: readonly string[] = []) {
  return (ctx: SpecContext): void => {
    const verb: Arg | undefined = ctx.operands[0];
    if (verb === undefined) return;
    if (verb.text !== null && readOnly.has(verb.text)) return;
    // (The prefix option's value is judged as written by its role in the entry.)
    if (prefixed.length > 0 && optionValues(ctx, ...prefixed).length > 0 && verb.text !== null) return;
    issue(ctx, "OUTSIDE_EFFECT",
      `${ctx.name} ${verb.source} changes packages installed for the whole system, outside the project`, verb.span);
  };
}

/** apt and apt-get: what changes the system (apt-get(8), apt(8)); `-s` simulates. */
export const APT_READ_ONLY: ReadonlySet<string> = new Set(["list", "search", "show", "showsrc", "policy", "depends",
  "rdepends", "changelog", "download", "source", "check", "moo", "help", "indextargets"]);

/**
 * Whether an apt command changes nothing of the system's: it only simulates (`-s`, `--dry-run`,
 * …), or `-o Dir=DIR` moves every place it writes under DIR (judged as apt's configuration is).
 */
export function aptSimulates(ctx: SpecContext): boolean {
  if (optionValues(ctx, "-o", "--option").some((v) => v.text === null || /^Dir=/.test(v.text))) return true;
  return ctx.items.some((i) =>
    i.t !== "operand" &&
    /^(-[a-zA-Z]*s[a-zA-Z]*|--simulate|--just-print|--dry-run|--recon|--no-act)$/.test(i.word.text ?? "")
  );
}

const GEM_READ_ONLY = new Set(["list", "search", "info", "query", "specification", "contents", "dependency",
  "environment", "env", "which", "help", "owner", "outdated", "stale", "check", "fetch", "build", "unpack", "lock",
  "sources", "signin", "signout"]);
const CONDA_READ_ONLY = new Set(["list", "info", "search", "compare", "doctor", "notices", "package", "run", "help",
  "activate", "deactivate", "shell", "repoquery"]);
export const BREW_READ_ONLY: ReadonlySet<string> = new Set(["list", "ls", "info", "abv", "search", "deps", "uses",
  "leaves", "outdated", "doctor", "dr", "config", "--prefix", "--cellar", "--cache", "--repository", "--repo",
  "--version", "--env", "home", "homepage", "desc", "options", "missing", "commands", "help", "log", "cat", "formulae",
  "casks", "shellenv", "--caskroom", "fetch"]);
const RPM_READ_ONLY = new Set(["list", "info", "search", "provides", "whatprovides", "repolist", "repoquery",
  "check-update", "deplist", "history", "help", "makecache", "download"]);

/** `dpkg ACTION`: its actions are options; these only read (dpkg(1)). */
const DPKG_READING = ["-l", "--list", "-L", "--listfiles", "-s", "--status", "-S", "--search", "-p", "--print-avail",
  "-c", "--contents", "-I", "--info", "-f", "--field", "--get-selections", "--print-architecture",
  "--print-foreign-architectures", "--compare-versions", "--audit", "-C", "--validate-pkgname", "--validate-version",
  "--help", "--version", "-?"];

function dpkg(ctx: SpecContext): void {
  // (Options that set how dpkg works, not what it does, are not actions.)
  const setting =
    /^--(admindir|instdir|root|force|no-force|refuse|debug|log|status-fd|no-debsig|path-include|path-exclude|no-triggers|triggers)/;
  const actions = ctx.items.filter((i) => i.t !== "operand" && !setting.test(i.word.text ?? ""));
  if (actions.length === 0 || actions.every((i) => DPKG_READING.includes(i.word.text ?? ""))) return;
  issue(ctx, "OUTSIDE_EFFECT",
    `dpkg ${actions[0]!.word.source} changes packages installed for the whole system, outside the project`,
    actions[0]!.word.span);
}

export const SYSTEM_PACKAGE_SPECS: readonly TableSpec[] = [{ names: ["dpkg"], flags: "lLsSpcIfCiBGERrPaOD",
  long: ["--install", "--unpack", "--configure", "--remove", "--purge", "--list", "--listfiles", "--status", "--search",
    "--print-avail", "--contents", "--info", "--field", "--get-selections", "--set-selections", "--clear-selections",
    "--print-architecture", "--print-foreign-architectures", "--add-architecture", "--remove-architecture",
    "--update-avail", "--merge-avail", "--clear-avail", "--forget-old-unavail", "--compare-versions", "--audit",
    "--triggers-only", "--recursive", "--pending", "--no-act", "--dry-run", "--simulate", "--help", "--version"],
  options: { ...each(read, "--admindir", "--instdir", "--root"), "--log": write,
    ...each(none, "--force", "--status-fd") }, operands: { all: "read" }, custom: dpkg }, { names: ["gem"],
  options: { ...each(write, "-i", "--install-dir", "--bindir", "-n"),
    ...each(none, "-v", "--version", "-s", "--source") }, operands: { all: "none" },
  custom: systemVerb(GEM_READ_ONLY, ["-i", "--install-dir"]) }, { names: ["conda", "mamba", "micromamba"],
  options: { ...each(write, "-p", "--prefix"), ...each(none, "-n", "--name", "-c", "--channel"), "--file": read },
  operands: { all: "none" }, custom: systemVerb(CONDA_READ_ONLY, ["-p", "--prefix"]) },
  ...[{ names: ["snap"],
    ro: ["list", "find", "info", "version", "help", "changes", "services", "logs", "connections"] }, {
    names: ["flatpak"],
    ro: ["list", "info", "search", "remotes", "history", "ps", "--version", "--help"],
  }, { names: ["yum", "dnf", "microdnf", "tdnf"], ro: [...RPM_READ_ONLY] }, { names: ["apk"],
    ro: ["info", "search", "list", "policy", "stats", "dot", "--version", "--help"] }, { names: ["zypper"],
    ro: ["search", "se", "info", "if", "list-updates", "lu", "packages", "pa", "repos", "lr", "help"] }, {
    names: ["port"],
    ro: ["list", "info", "search", "installed", "outdated", "deps", "contents", "provides", "help"],
  }, { names: ["nix-env"], ro: ["-q", "--query", "--help", "--version"] }].map((m): TableSpec => ({ names: m.names,
    options: {}, operands: { all: "none" }, custom: systemVerb(new Set(m.ro)) })
  )];
