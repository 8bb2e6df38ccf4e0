// The system's own tools, from coreutils' relatives: what the machine is (getconf,
// hostnamectl, the informational commands), its processes and names (pgrep, dig, ip, which),
// its services (systemctl), its package managers' entries (apt, apt-mark, brew: what of them
// changes the system is system-packages.ts), and man. Spread into COREUTILS (coreutils.ts),
// where they were, in the same order.

import { syntheticArg } from "../apply.ts";
import type { OptionSpec, SpecContext } from "../spec.ts";
import { issue, optionItems, optionValues, roleAs, runsProgram, spanOf } from "./common.ts";
import type { TableSpec } from "./expand.ts";
import { ID_NPROC_NUMBERS, SHUF_NUMBERS } from "./pipe/text.ts";
import { SHUF_LINES } from "./pipe/lines.ts";
import { UNAME_SEGMENT } from "./pipe/uname.ts";
import { WHICH_TEXT } from "./pipe/disk.ts";
import { APT_READ_ONLY, aptSimulates, BREW_READ_ONLY, systemVerb } from "./system-packages.ts";

const none: OptionSpec = { value: "none" };
const read: OptionSpec = { value: "read" };
const write: OptionSpec = { value: "write" };
const optionalNone: OptionSpec = { value: "none", optional: true };
// apt's configuration options (apt-get(8), apt-cache(8), apt-mark(8)), judged by aptConfig.
const APT_OPTIONS: Readonly<Record<string, OptionSpec>> = { "-o": none, "--option": none, "-c": read,
  "--config-file": read, "--with-source": read };

export const SYSTEM_TOOLS: readonly TableSpec[] = [
  // getconf NAME PATH and getconf -a PATH ask pathconf(3) about PATH (strace: statfs of it).
  { names: ["getconf"], flags: "a", options: { "-v": none }, operands: { all: "none" }, changes: {},
    custom: (ctx) => {
      const path = ctx.operands[optionItems(ctx, "-a").length > 0 ? 0 : 1];
      if (path) ctx.role(path, "read");
    } },
  // Their set- verbs (and hostnamectl's hostname/icon-name/chassis/deployment/location with a
  // value) change the machine's name, clock or zone: outside every project, as date -s.
  { names: ["hostnamectl", "timedatectl"], operands: { all: "none" }, changes: {},
    long: ["--static", "--transient", "--pretty", "--no-ask-password", "--adjust-system-clock", "--monitor", "--all",
      "--value", "--no-pager", "--help", "--version", "--json"],
    options: { "-H": none, "--host": none, "-M": none, "--machine": none, "-p": none, "--property": none,
      "--json": optionalNone },
    custom: (ctx) => {
      const [verb, ...rest] = ctx.operands;
      if (verb === undefined) return;
      const sets = verb.text === null || verb.text.startsWith("set-") ||
        (ctx.name === "hostnamectl" && /^(hostname|icon-name|chassis|deployment|location)$/.test(verb.text) &&
          rest.length > 0);
      if (sets) {
        issue(ctx, "OUTSIDE_EFFECT",
          `${ctx.name} ${verb.source} changes the machine's settings, which are outside every project`, verb.span);
      }
    } },
  {
    names: ["sleep", "yes", "pwd", "printenv", "id", "whoami", "uname", "groups", "nproc", "arch", "tty", "w", "uptime",
      "free", "clear", "reset", "logname", "hostid", "true", "false", "expr", "factor", "numfmt", "locale", "tput",
      "kill", "killall", "ps", "top", "htop", "jobs", "cal", "ifconfig", "ping", "nslookup", "host", "netstat",
      "fc-list", "help", "sl", "env-update", "mesg", "write", "finger"],
    numeric: true,
    pipe: [ID_NPROC_NUMBERS, UNAME_SEGMENT],
    operands: { all: "none" },
    // Informational commands: no operand or option of theirs names a file to open.
    unknownOptions: "none",
    changes: {},
  },
  {
    // Their operands are not files, but some options are (journalctl --file, last -f, ip -b,
    // dig -f, ss -F, stty -F, lsusb -D, cowsay -f, apt -o Dir::…=, systemctl --root): an option
    // the entry does not list is judged with the word after it, as for a command nobody described.
    names: ["last", "lastlog", "journalctl", "ss", "stty", "lscpu", "lsusb", "lspci", "cowsay", "figlet", "dpkg-query",
      "service"],
    operands: { all: "none" },
    changes: {},
  },
  // Counters and routes: numbers, devices and hosts, no file (`vmstat 1 3`, `iostat -x sda 1`,
  // `traceroute -n host`).
  { names: ["vmstat", "iostat", "traceroute", "traceroute6", "tracepath"], operands: { all: "none" }, changes: {} },
  {
    // What holds a port or a file (`lsof -ti:3000`, `lsof +D dir`, `fuser -k 3000/tcp`): the
    // files and directories they are given are looked at; killing what holds one changes no
    // file. A word fuser reads as a port (`3000/tcp`) names no file.
    names: ["lsof"],
    flags: "abhlnPtwRUVKx",
    options: { "-p": none, "-u": none, "-c": none, "-g": optionalNone, "-d": none, "-s": optionalNone,
      "-F": optionalNone, "-i": optionalNone, "-r": optionalNone, "-T": optionalNone, "-E": none, "-k": read,
      "-D": none, "+D": { value: "list" }, "+d": { value: "list" }, "+c": none, "+r": optionalNone,
      "+m": optionalNone },
    operands: { all: "read" },
    changes: {},
  },
  { names: ["fuser"], flags: "aikmMsuvw46", options: { "-n": none, "--namespace": none }, operands: { all: "none" },
    custom: (ctx) => {
      for (const o of ctx.operands) {
        if (o.text === null || !/^\d*(,[^/]*)?\/(tcp|udp)$/.test(o.text)) ctx.role(o, "read");
      }
    }, changes: {} },
  {
    // With no name it prints the machine's; with one, or -F FILE, it sets it.
    names: ["hostname"],
    flags: "aAbdfiIsyv",
    options: { "-F": read, "--file": read },
    operands: { all: "none" },
    custom: (ctx) => {
      if (ctx.operands.length > 0 || optionItems(ctx, "-F", "--file").length > 0) {
        issue(ctx, "OUTSIDE_EFFECT", "hostname NAME sets the machine's name, outside the project");
      }
    },
    changes: {},
  },
  {
    // -c and -C clear the kernel's ring buffer; -F reads a file instead of it.
    names: ["dmesg"],
    flags: "cCdDeHkLrStTuwxP",
    long: ["--clear", "--read-clear", "--human", "--kernel", "--raw", "--ctime", "--follow", "--notime", "--decode",
      "--userspace", "--nopager"],
    options: { "-F": read, "--file": read, "-f": none, "--facility": none, "-l": none, "--level": none, "-n": none,
      "--console-level": none, "-s": none, "--buffer-size": none, "--time-format": none, "--since": none,
      "--until": none },
    operands: { all: "none" },
    custom: (ctx) => {
      if (optionItems(ctx, "-c", "-C", "--clear", "--read-clear").length > 0) {
        issue(ctx, "OUTSIDE_EFFECT", "dmesg clears the kernel's message buffer, outside the project");
      }
    },
    changes: {},
  },
  { names: ["dig", "kdig", "delv"], flags: "46hmruv",
    options: { "-f": read, "-k": read,
      ...Object.fromEntries(["-b", "-c", "-p", "-q", "-t", "-x", "-y"].map((o) => [o, none])) },
    operands: { all: "none" }, changes: {} },
  { names: ["pgrep", "pkill"], flags: "alnovxicfLe",
    long: ["--list-name", "--list-full", "--newest", "--oldest", "--inverse", "--exact", "--ignore-case", "--count",
      "--full", "--logpidfile", "--echo"],
    options: { "-F": read, "--pidfile": read,
      ...Object.fromEntries(
        ["-d", "--delimiter", "-g", "--pgroup", "-G", "--group", "-P", "--parent", "-s", "--session", "-t",
          "--terminal", "-u", "--euid", "-U", "--uid", "--ns", "--nslist", "-r", "--runstates", "--signal", "-q",
          "--queue", "-O", "--older"].map((o) => [o, none]),
      ) }, numeric: true, operands: { all: "none" }, changes: {} },
  // Files read: shuf's lines, tsort's pairs, the utmp files of who and users, wall's message,
  // fortune's databases, sync's files, lsblk's devices; which, whereis and type look programs up.
  { names: ["shuf"], flags: "ernz", long: ["--echo", "--repeat", "--zero-terminated"],
    options: { "-n": none, "--head-count": none, "-i": none, "--input-range": none, "-o": write, "--output": write,
      "--random-source": read }, operands: { all: "read" }, pipe: [SHUF_NUMBERS, SHUF_LINES] },
  { names: ["tsort", "who", "users", "wall", "sync", "fortune"], operands: { all: "read" } },
  { names: ["lsblk"], operands: { all: "list" } },
  { names: ["which", "whereis", "type"], flags: "aspbmusflP", operands: { all: "generic" }, pipe: [WHICH_TEXT] },
  {
    // ip netns exec NAME CMD runs CMD in another network namespace.
    names: ["ip"],
    singleDashLong: true,
    options: { "-b": read, "-batch": read, "-n": none, "-netns": none, "-f": none, "-family": none, "-l": none,
      "-loops": none, "-rc": read, "-rcvbuf": none },
    operands: { all: "none" },
    custom: (ctx) => {
      const [a, b] = ctx.operands.map((o) => o.text);
      if ((a === "netns" || a === "vrf") && b === "exec") {
        issue(ctx, "OPAQUE_CODE", `ip ${a} exec runs a command the guard does not follow`);
      }
    },
  },
  {
    // Unit names, except one given by path (systemctl link PATH); edit runs an editor.
    names: ["systemctl"],
    operands: { all: "none" },
    custom: (ctx) => {
      for (const a of ctx.operands) if (a.text === null || a.text.includes("/")) ctx.role(a, "read");
      if (ctx.operands[0]?.text === "edit") issue(ctx, "OPAQUE_CODE", "systemctl edit runs an editor on a unit file");
    },
  },
  {
    // Package names, except a package file given by path (brew install ./x.rb).
    names: ["brew", "info"],
    operands: { all: "none" },
    custom: (ctx) => {
      packageFiles(ctx);
      if (ctx.name === "brew") systemVerb(BREW_READ_ONLY)(ctx);
    },
  },
  { names: ["apt", "apt-get"], flags: "dfmqsyVbuhvU",
    long: ["--download-only", "--fix-broken", "--ignore-missing", "--fix-missing", "--no-download", "--quiet",
      "--simulate", "--just-print", "--dry-run", "--recon", "--no-act", "--yes", "--assume-yes", "--assume-no",
      "--no-show-upgraded", "--show-upgraded", "--verbose-versions", "--compile", "--build", "--ignore-hold",
      "--with-new-pkgs", "--no-upgrade", "--only-upgrade", "--allow-downgrades", "--allow-remove-essential",
      "--allow-change-held-packages", "--force-yes", "--print-uris", "--purge", "--reinstall", "--list-cleanup",
      "--no-list-cleanup", "--trivial-only", "--no-remove", "--auto-remove", "--autoremove", "--only-source",
      "--diff-only", "--dsc-only", "--tar-only", "--arch-only", "--indep-only", "--allow-unauthenticated",
      "--allow-insecure-repositories", "--allow-releaseinfo-change", "--show-progress", "--no-install-recommends",
      "--install-recommends", "--no-install-suggests", "--install-suggests", "--fix-policy", "--update", "--help",
      "--version"],
    options: { ...APT_OPTIONS, "-a": none, "--host-architecture": none, "-P": none, "--build-profiles": none,
      "-t": none, "--target-release": none, "--default-release": none, "-S": none, "--snapshot": none,
      "--error-on": none, "--solver": none, "--planner": none }, operands: { all: "none" },
    custom: (ctx) => {
      aptConfig(ctx);
      packageFiles(ctx);
      if (ctx.operands[0]?.text === "edit-sources") {
        issue(ctx, "OPAQUE_CODE", "apt edit-sources runs an editor on the sources list");
      } else if (!aptSimulates(ctx)) systemVerb(APT_READ_ONLY)(ctx);
    } },
  {
    // apt-cache's -p/-s name its package caches (which gencaches writes).
    names: ["apt-cache", "apt-config"],
    flags: "qiafgnhvAeE",
    long: ["--quiet", "--important", "--full", "--all-versions", "--no-all-versions", "--generate", "--no-generate",
      "--names-only", "--all-names", "--recurse", "--installed", "--no-pre-depends", "--no-depends", "--no-recommends",
      "--no-suggests", "--no-conflicts", "--no-breaks", "--no-replaces", "--no-enhances", "--implicit", "--help",
      "--version", "--empty"],
    options: { ...APT_OPTIONS, "-p": { value: "unknown" }, "--pkg-cache": { value: "unknown" },
      "-s": { value: "unknown" }, "--src-cache": { value: "unknown" } },
    operands: { all: "none" },
    changes: {},
    custom: (ctx) => {
      aptConfig(ctx);
      packageFiles(ctx);
    },
  },
  {
    // -f names the state file of automatically installed packages (written).
    names: ["apt-mark"],
    flags: "qshv",
    long: ["--quiet", "--simulate", "--help", "--version"],
    options: { ...APT_OPTIONS, "-f": write, "--file": write },
    operands: { all: "none" },
    changes: {},
    custom: (ctx) => {
      aptConfig(ctx);
      // auto, manual, hold, unhold, minimize-manual change the system's package state.
      if (!aptSimulates(ctx)) {
        systemVerb(new Set(["showauto", "showmanual", "showhold", "showinstall", "showremove", "showpurge"]))(ctx);
      }
    },
  },
  {
    // Page names are not paths; one with a slash is a file man reads (as is -l's). -P and -H
    // name programs man runs through a shell.
    names: ["man"],
    flags: "aDfhkKuwWZ",
    long: ["--all", "--apropos", "--whatis", "--where", "--path", "--location", "--where-cat", "--update", "--ditroff",
      "--regex", "--wildcard", "--names-only", "--no-subpages", "--no-hyphenation", "--no-justification", "--help",
      "--version", "--debug", "--default"],
    options: { "-l": { modes: ["local"] }, "--local-file": { modes: ["local"] }, "-M": read, "--manpath": read,
      "-C": read, "--config-file": read, "-S": none, "-s": none, "--sections": none, "-e": none, "--extension": none,
      "-L": none, "--locale": none, "-m": none, "--systems": none, "-E": none, "--encoding": none, "-R": none,
      "--recode": none, "-T": optionalNone, "--troff-device": optionalNone, "-X": optionalNone,
      "--gxditview": optionalNone, "-r": none, "--prompt": none, "-P": none, "--pager": none, "-H": optionalNone,
      "--html": optionalNone, "-p": none, "--preprocessor": none },
    operands: { all: { default: "none", modes: { local: "read" } } },
    custom: (ctx) => {
      runsProgram(["-P", "--pager", "-H", "--html"])(ctx);
      for (const a of ctx.operands) if (a.text === null || a.text.includes("/")) ctx.role(a, "read");
    },
  },
];

/** Package names, except a package file given by path (`apt install ./x.deb`). */
function packageFiles(ctx: SpecContext): void {
  for (const a of ctx.operands) if (a.text === null || a.text.includes("/")) ctx.role(a, "read");
}

/**
 * apt.conf keys (apt.conf(5), apt 2.6 configure-index) that give a command apt runs through
 * `sh -c` (`APT::Update::Pre-Invoke`, `DPkg::Pre-Invoke`/`Post-Invoke`/`Pre-Install-Pkgs`,
 * `Acquire::http::Proxy-Auto-Detect`, `Acquire::cdrom::Mount`), a program (`Dir::Bin::*`,
 * `APT::Compressor::*::Binary`, solvers and planners) or the options of one (`DPkg::Options`
 * passes `--pre-invoke=CMD` to dpkg; `DPkg::Tools::Options`). Deliberately broad: a key it
 * catches by mistake asks.
 */
const APT_CODE_KEY =
  /(^|::)([^:]*(invoke|install-pkgs|auto-?detect|command|cmd|script|program|hook)[^:]*|tools|options|u?mount|solvers?|planners?|compressor|binary)(::|$)|^dir::bin(::|$)/;

/** dpkg options that only force or refuse checks (`--force-confold`): what `DPkg::Options` mostly carries. */
const DPKG_FORCE = /^--(force|no-force|refuse)-[a-z0-9,-]+$/;

/**
 * apt's `-o KEY=VALUE` options, `-c FILE` and `$APT_CONFIG`. Keys run commands (see
 * APT_CODE_KEY) or name directories. `Dir` and a `Dir::…` value starting with `/`, `./`, `../`
 * or `~/` resolve against the working directory (apt's Configuration::FindFile); any other
 * `Dir::…` value resolves against its parent's, `/var/cache/apt` under `Dir` (by default `/`),
 * so it is judged directly under `Dir`. A configuration file can set the same keys.
 */
function aptConfig(ctx: SpecContext): void {
  const items = optionItems(ctx, "-o", "--option").flatMap((it) => (it.value ? [it.value] : []));
  const parsed = items.map((v) => {
    const m = v.text === null ? null : /^([^=]*)=([\s\S]*)$/.exec(v.text);
    return { arg: v, key: m ? m[1]!.toLowerCase().replace(/^binary::[^:]*::/, "").replace(/::$/, "") : null,
      value: m ? m[2]! : null };
  });
  const root = parsed.filter((p) => p.key === "dir").at(-1);
  for (const p of parsed) {
    if (p.arg.text === null) {
      issue(ctx, "UNRESOLVED_WORD",
        `${ctx.name} -o ${p.arg.source} sets a configuration key the guard cannot read; some run commands`, p.arg.span);
      continue;
    }
    if (p.key === null || p.value === null) continue;
    if (APT_CODE_KEY.test(p.key) &&
      !(/(^|::)options$/.test(p.key) && p.key.startsWith("dpkg") && DPKG_FORCE.test(p.value)))
    {
      issue(ctx, "OPAQUE_CODE", `${ctx.name} -o ${p.arg.text.slice(0, 60)} configures a command or program apt runs`,
        p.arg.span);
      continue;
    }
    if (p.key === "dir") roleAs(ctx, p.arg, p.value, "unknown");
    else if (p.key.startsWith("dir::")) {
      const under = root === undefined ? "/" : root.value === null ? null : `${root.value}/`;
      if (/^(\/|\.\.?\/|~\/)/.test(p.value)) roleAs(ctx, p.arg, p.value, "unknown");
      else if (under === null) {
        issue(ctx, "UNRESOLVED_WORD", `${ctx.name} -o ${p.arg.text} names a directory under one the guard cannot tell`,
          p.arg.span);
      } else roleAs(ctx, p.arg, `${under}${p.value}`, "unknown");
    } else if (p.value.includes("/") && !/^[a-z][a-z0-9+.-]*:\/\//i.test(p.value)) {
      roleAs(ctx, p.arg, p.value, "unknown");
    }
  }
  for (const v of optionValues(ctx, "-c", "--config-file")) {
    issue(ctx, "UNRESOLVED_WORD",
      `${ctx.name} reads configuration from ${v.source}, which can set keys that run commands`, v.span);
  }
  const env = ctx.world.getVar("APT_CONFIG");
  if (env !== undefined && env.k !== "unset") {
    if (env.k === "str") ctx.role(syntheticArg(env.v, spanOf(ctx)), "read");
    issue(ctx, "UNRESOLVED_WORD",
      `${ctx.name} reads configuration from $APT_CONFIG, which can set keys that run commands`);
  }
}
