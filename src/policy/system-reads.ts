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

/** The kinds of access the layer judges: reading, listing, entering. Never write or unknown. */
export const SYSTEM_READ_KINDS: readonly AccessKind[] = ["read", "list", "cwd"];

/** Trees of installed software: programs, libraries, headers, documentation, locale data. */
// Not /usr/etc or /usr/local/etc: configuration (an npmrc there may hold a registry token).
const TREES = ["/usr/share", "/usr/include", "/usr/lib", "/usr/lib32", "/usr/lib64", "/usr/libexec", "/usr/bin",
  "/usr/sbin", "/usr/src", "/usr/games", "/usr/local/share", "/usr/local/include", "/usr/local/lib", "/usr/local/bin",
  "/usr/local/sbin", "/usr/local/src", "/usr/local/games", "/usr/local/man", "/bin", "/sbin", "/lib", "/lib32",
  "/lib64"];

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

/** The layer's name in `config --explain` and in a verdict's `rule`. */
export const SYSTEM_READS_ORIGIN = "system-reads";

/** The `external_directory` patterns the layer allows, in order. */
export const SYSTEM_READ_PATTERNS: readonly string[] = [...TREES.map((t) => `${t}/**`), ...PROC_FILES, ...ETC_FILES];
