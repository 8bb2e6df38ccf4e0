// Harmless system reads: a built-in layer of `external_directory` rules that allow reading,
// listing and entering places outside the project that hold world-readable data about the
// machine and its installed software, and no user's secrets — `cat /proc/loadavg`,
// `grep -r x /usr/include`, `ls /usr/bin`. It judges no other kind of access: a write, a
// deletion, or an access of unknown kind there is judged as before (asked about), because the
// layer's rules do not apply to it. Its rules come after the built-in defaults and before
// every user layer, so a user's rule for the same place wins (`"/usr/**": "ask"` takes the
// layer back). Paths are matched physically resolved, as every rule is: a link under
// /usr/share that leads to ~/.ssh is judged at ~/.ssh.
//
// What is named here is data, not code: add a place only when it is readable by every user on
// a stock system and no program keeps a user's credentials there.

import type { AccessKind } from "../base/verdict.ts";
import { SYSTEM_SOFTWARE_TREES } from "../paths/system-trees.ts";

/** The kinds of access the layer judges: reading, listing, entering. Never write or unknown. */
export const SYSTEM_READ_KINDS: readonly AccessKind[] = ["read", "list", "cwd"];

/** Trees of installed software: programs, libraries, headers, documentation, locale data (paths/system-trees.ts). */
const TREES = SYSTEM_SOFTWARE_TREES;

/**
 * The package managers' own databases: which packages are installed and which files each holds
 * (dpkg's status and info/*.list, its maintainer scripts, its lock files; apt's package lists),
 * written by root and readable by every user (`ls /var/lib/dpkg/lock*`, `grep -l x
 * /var/lib/dpkg/info/*.list`). Not /var/lib itself, whose other directories hold services' data
 * (/var/lib/private is a service's own, mode 0700).
 */
const PACKAGE_DATABASES = ["/var/lib/dpkg", "/var/lib/apt/lists"];

/**
 * Named files about the machine. Not /proc/self or /proc/PID (a process's environment,
 * command line and memory), not /proc/cmdline, /proc/mounts (a link through /proc/self) or
 * anything under /proc/sys but the names below.
 */
const PROC_FILES = ["cpuinfo", "meminfo", "loadavg", "version", "uptime", "stat", "partitions", "filesystems", "swaps",
  "diskstats", "vmstat", "devices", "interrupts", "softirqs", "cgroups", "zoneinfo", "buddyinfo", "crypto", "misc",
  "modules", "sys/kernel/hostname", "sys/kernel/osrelease", "sys/kernel/ostype", "sys/kernel/version",
  "sys/kernel/pid_max"].map((f) => `/proc/${f}`);

/** Named files under /etc that say which system this is. Not passwd, shadow, sudoers, ssh, ssl. */
const ETC_FILES = ["os-release", "lsb-release", "debian_version", "redhat-release", "fedora-release", "alpine-release",
  "arch-release", "issue", "issue.net", "hostname", "timezone", "shells"].map((f) => `/etc/${f}`);

/**
 * Runtimes that version managers install in the home directory, each version a prefix like
 * /usr/local: nvm's node (`ls ~/.nvm/versions/node`), pyenv's python. Each version's `etc` is
 * left out — npm's global config (`npm config set --global`) lives at PREFIX/etc/npmrc and may
 * hold a registry token — and so is pyenv's PREFIX/pip.conf (pip's site config, which may name
 * an index with a password); a version that holds one is asked about when listed, as /usr is.
 * Not the managers' other files (~/.nvm/alias, ~/.pyenv/version are no secret, but nothing
 * needs them). rustup's toolchains and cargo's installed programs hold no configuration at all
 * (cargo's credentials are in ~/.cargo itself, a built-in secret).
 */
const HOME_RUNTIMES = [...["~/.nvm/versions", "~/.nvm/versions/node", "~/.nvm/versions/node/*",
  "~/.nvm/versions/node/*/!(etc)", "~/.nvm/versions/node/*/!(etc)/**"], ...["~/.pyenv/versions", "~/.pyenv/versions/*",
  "~/.pyenv/versions/*/!(etc|pip.conf)", "~/.pyenv/versions/*/!(etc|pip.conf)/**"], "~/.rustup/toolchains/**",
  "~/.cargo/bin/**"];

/** The layer's name in `config --explain` and in a verdict's `rule`. */
export const SYSTEM_READS_ORIGIN = "system-reads";

/** The `external_directory` patterns the layer allows, in order. */
export const SYSTEM_READ_PATTERNS: readonly string[] = [...TREES.map((t) => `${t}/**`),
  ...PACKAGE_DATABASES.map((t) => `${t}/**`), ...PROC_FILES, ...ETC_FILES, ...HOME_RUNTIMES];
