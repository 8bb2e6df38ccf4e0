// Clients of services and daemons whose words are names, not paths: storage initiators, cluster
// managers, message brokers, a window manager, search-engine tokens, a toolchain manager, a web
// path scanner, a prompt theme engine, issue trackers and batch schedulers, WireGuard, and the
// process tools that take process ids (pstree, reptyr, pidof), package managers' queries (expac,
// pacman), systemd-analyze and adb (whose shell and paths are the device's). Unknown to the table, each asked INLINE_CODE because a
// word was an interpreter's name (`iscsiadm --mode node`, `pvecm addnode node`, `dirsearch
// --extensions php`): here that word is a mode, a node or an extension. Where a tool has verbs,
// only the listed ones are read as names; any other asks, since a verb may run code
// (`rabbitmqctl eval`) or take a path.

import { syntheticArg } from "../apply.ts";
import { type Custom, each, flag, issue, none, read, spanOf, write, writesUserConfig } from "./common.ts";
import type { TableSpec } from "./expand.ts";
import type { SpecContext } from "../spec.ts";

/** The first operand is a verb; one not listed asks (it may run code or name a path). */
function verbs(tool: string, known: readonly string[]): Custom {
  const set = new Set(known);
  return (ctx) => {
    const verb = ctx.operands[0];
    if (verb === undefined) return;
    if (verb.text === null || !set.has(verb.text)) {
      issue(ctx, "OPAQUE_CODE", `${tool} ${verb.source} is a command the guard does not model`, verb.span);
    }
  };
}

const ISCSIADM: TableSpec = { names: ["iscsiadm"], flags: "luskRSdhV",
  long: ["--login", "--logout", "--stats", "--killiscsid", "--rescan", "--show", "--help", "--version"],
  options: {
    ...each(none, "-m", "--mode", "-T", "--targetname", "-p", "--portal", "-o", "--op", "-n", "--name", "-v", "--value",
      "-t", "--type", "-I", "--interface", "-P", "--print", "-r", "--sid", "-L", "--loginall", "-U", "--logoutall",
      "-D", "--discover", "-x", "--index"),
    "-d": { value: "none", optional: true },
    "--debug": { value: "none", optional: true },
  }, operands: { all: "none" } };

const PVECM: TableSpec = { names: ["pvecm"],
  options: {
    ...each(none, "--nodeid", "--votes", "--link0", "--link1", "--fingerprint", "--force", "--use_ssh", "--vmid",
      "--get_migration_ip", "--migration_network", "--run-command"),
  }, operands: { all: "none" },
  custom: verbs("pvecm", ["add", "addnode", "delnode", "create", "expected", "nodes", "status", "apiver", "help",
    "updatecerts"]) };

const RABBITMQ_OPTIONS = { flags: "qsl", long: ["--quiet", "--silent", "--longnames", "--errors-only", "--offline"],
  options: {
    ...each(none, "-n", "--node", "-t", "--timeout", "--formatter", "-N", "--number", "--erlang-cookie", "-p",
      "--vhost", "--membership", "--vhost-pattern", "--queue-pattern", "--within", "--unit", "--tcp-port"),
  }, operands: { all: "none" } } as const;

const RABBITMQ_DIAGNOSTICS: TableSpec = { names: ["rabbitmq-diagnostics"], ...RABBITMQ_OPTIONS,
  custom: verbs("rabbitmq-diagnostics", ["check_running", "log_tail", "log_tail_stream", "log_location", "status",
    "ping", "environment", "listeners", "memory_breakdown", "alarms", "check_alarms", "check_local_alarms",
    "check_port_connectivity", "check_protocol_listener", "check_port_listener", "check_virtual_hosts",
    "check_certificate_expiration", "certificates", "cipher_suites", "command_line_arguments", "discover_peers",
    "erlang_cookie_hash", "erlang_version", "is_booting", "is_running", "list_network_interfaces", "maybe_stuck",
    "runtime_thread_stats", "schema_info", "server_version", "tls_versions", "help", "version"]) };

const RABBITMQ_QUEUES: TableSpec = { names: ["rabbitmq-queues"], ...RABBITMQ_OPTIONS,
  custom: verbs("rabbitmq-queues", ["add_member", "delete_member", "grow", "shrink", "rebalance", "quorum_status",
    "reclaim_quorum_memory", "check_if_node_is_quorum_critical", "check_if_node_is_mirror_sync_critical", "help",
    "version"]) };

const RABBITMQ_STREAMS: TableSpec = { names: ["rabbitmq-streams"], ...RABBITMQ_OPTIONS,
  custom: verbs("rabbitmq-streams", ["add_replica", "delete_replica", "stream_status", "restart_stream",
    "list_stream_connections", "list_stream_consumers", "list_stream_publishers", "help", "version"]) };

/** rabbitmqctl: `eval` runs Erlang code in the broker, and the definition files are paths. */
const RABBITMQCTL: TableSpec = { names: ["rabbitmqctl"], ...RABBITMQ_OPTIONS,
  custom: verbs("rabbitmqctl", ["status", "cluster_status", "environment", "report", "help", "version", "await_startup",
    "start_app", "stop_app", "stop", "reset", "force_reset", "rotate_logs", "join_cluster", "forget_cluster_node",
    "change_cluster_node_type", "update_cluster_nodes", "add_user", "delete_user", "change_password", "clear_password",
    "authenticate_user", "set_user_tags", "list_users", "add_vhost", "delete_vhost", "list_vhosts", "set_permissions",
    "clear_permissions", "list_permissions", "list_user_permissions", "set_topic_permissions",
    "clear_topic_permissions", "list_topic_permissions", "list_queues", "list_exchanges", "list_bindings",
    "list_connections", "list_channels", "list_consumers", "close_connection", "close_all_connections", "purge_queue",
    "delete_queue", "set_policy", "clear_policy", "list_policies", "set_operator_policy", "clear_operator_policy",
    "list_operator_policies", "set_parameter", "clear_parameter", "list_parameters", "set_vm_memory_high_watermark",
    "set_disk_free_limit", "enable_feature_flag", "list_feature_flags", "list_global_parameters"]) };

/**
 * bspc talks to bspwm: selectors, states and names. `config` is judged as paths, since a
 * setting may name a program bspwm runs (`external_rules_command`); `wm -l` loads a state file.
 */
const bspcDomain: TableSpec = { names: [], operands: { all: "none" } };
const BSPC: TableSpec = { names: ["bspc"], style: "posix", operands: { all: "none" },
  subcommands: { node: bspcDomain, desktop: bspcDomain, monitor: bspcDomain, query: bspcDomain, rule: bspcDomain,
    subscribe: bspcDomain, quit: bspcDomain,
    wm: { names: [], options: { ...each(read, "-l", "--load-state") }, operands: { all: "none" } },
    config: { names: [], operands: { all: "generic" } } } };

const ELASTICSEARCH_TOKEN: TableSpec = { names: ["elasticsearch-create-enrollment-token"], flags: "fvh",
  long: ["--force", "--verbose", "--silent", "--help"], options: { ...each(none, "-s", "--scope", "--url", "-E") },
  operands: { all: "none" } };

/** volta installs tools in its own directory, as `npm install -g` does; `run` runs a command. */
const voltaTool: TableSpec = { names: [], long: ["--verbose", "--quiet"], operands: { all: "none" } };
const VOLTA: TableSpec = { names: ["volta"], style: "posix",
  long: ["--verbose", "--quiet", "-V", "--version", "-h", "--help"], operands: { all: "none" },
  subcommands: {
    install: voltaTool,
    fetch: voltaTool,
    uninstall: voltaTool,
    list: { names: [], long: ["--current", "--default", "-c", "-d"], options: { "--format": none },
      operands: { all: "none" } },
    which: voltaTool,
    help: voltaTool,
    // pin writes the versions into the package.json of the project it is in.
    pin: { names: [], operands: { all: "none" }, custom: (ctx) => {
      const dir = ctx.disk.findUp("package.json");
      if (dir === null) {
        issue(ctx, "UNRESOLVED_PATH",
          "volta pin writes the package.json of the project it is in, which the guard did not find");
      } else ctx.role(syntheticArg(`${dir}/package.json`, spanOf(ctx)), "write");
    } },
    run: { names: [], style: "posix", long: ["--bundled-npm", "--no-yarn"],
      options: { ...each(none, "--node", "--npm", "--pnpm", "--yarn", "--env") }, operands: { runs: "command" } },
    completions: { names: [], long: ["-f", "--force"], options: { "-o": write, "--output": write },
      operands: { all: "none" } },
    setup: { names: [], operands: { all: "none" },
      custom: (ctx) => writesUserConfig(ctx, "writes the user's shell profile") },
  } };

const DIRSEARCH_REPORTS = ["-o", "--output", "--json-report", "--plain-text-report", "--simple-report", "--xml-report",
  "--md-report", "--csv-report", "--html-report", "--sqlite-report", "--log"];
const DIRSEARCH: TableSpec = { names: ["dirsearch"], flags: "rfqF",
  long: ["--recursive", "--force-extensions", "--quiet-mode", "--follow-redirects", "--random-agent", "--full-url",
    "--no-color", "--crawl", "--overwrite-extensions", "--remove-extensions"],
  options: {
    ...each(none, "-u", "--url", "-e", "--extensions", "-m", "--http-method", "--cookie", "-t", "--threads", "-x",
      "--exclude-status", "-i", "--include-status", "-H", "--header", "--user-agent", "--proxy", "--format",
      "--prefixes", "--suffixes", "-X", "--exclude-extensions", "--timeout", "--delay", "--max-rate", "--retries",
      "--auth", "--auth-type", "-R", "--max-recursion-depth", "--subdirs", "--exclude-subdirs", "--exclude-sizes",
      "--exclude-text", "--exclude-regex", "--exclude-redirect", "-d", "--data"),
    ...each(read, "-w", "--wordlists", "-l", "--urls-file", "--config", "--cidr-file", "--raw"),
    ...each(write, ...DIRSEARCH_REPORTS),
    ...each({ value: "write" }, "-s", "--session"),
    "--stdin": flag,
  }, operands: { all: "none" } };

/** oh-my-posh init SHELL prints the shell's init script; the theme is read. */
const OH_MY_POSH: TableSpec = { names: ["oh-my-posh"], style: "posix", long: ["--version", "-h", "--help"],
  options: { "-c": read, "--config": read }, operands: { all: "none" },
  subcommands: {
    init: { names: [], long: ["--print", "-p", "--strict", "-s", "--eval", "-e"],
      options: { "-c": read, "--config": read }, operands: { all: "none" } },
    print: { names: [], long: ["--plain", "--strict"],
      options: { "-c": read, "--config": read,
        ...each(none, "--shell", "--pwd", "--status", "--execution-time", "--terminal-width", "--stack-count",
          "--pipestatus", "--job-count", "--no-status") }, operands: { all: "none" } },
    version: { names: [], operands: { all: "none" } },
  } };

/** rgpt sends the text it is given (`--i "$(git diff)"`) to a model: values, not paths. */
const RGPT: TableSpec = { names: ["rgpt"], long: ["--json", "--v", "--verbose", "--raw", "--help", "--version"],
  options: { ...each(none, "--i", "--input", "--model", "--max", "--pres", "--temp", "--top", "--freq", "--stop") },
  operands: { all: "none" } };

/** jira (jira-cli): queries and edits of issues by name; a template or config file is read. */
const JIRA: TableSpec = { names: ["jira"],
  long: ["--current", "--prev", "--next", "--plain", "--no-headers", "--reverse", "--raw", "--debug", "--web",
    "--no-input", "--history", "--watching"],
  options: {
    ...each(none, "-a", "--assignee", "-y", "--priority", "-s", "--status", "-t", "--type", "-l", "--label", "-r",
      "--reporter", "-C", "--component", "--created", "--updated", "--columns", "--order-by", "-p", "--project", "-b",
      "--body", "--summary", "-q", "--jql", "-P", "--parent", "--fix-version", "--affects-version", "--paginate",
      "--state", "--delimiter"),
    ...each(read, "-T", "--template", "-c", "--config"),
  }, operands: { all: "none" },
  custom: (ctx) => {
    if (ctx.operands[0]?.text === "init") writesUserConfig(ctx, "init writes the user's configuration");
  } };

/** sacct (Slurm): job accounting by job, user and time. */
const SACCT: TableSpec = { names: ["sacct"], flags: "abDelLnPpTXV",
  long: ["--allusers", "--brief", "--duplicates", "--long", "--noheader", "--parsable", "--parsable2", "--truncate",
    "--allocations", "--json", "--yaml", "--help", "--version"],
  options: {
    ...each(none, "-S", "--starttime", "-E", "--endtime", "-u", "--user", "-j", "--jobs", "-o", "--format", "-s",
      "--state", "-A", "--accounts", "--name", "-M", "--clusters", "-r", "--partition", "--units", "-N", "--nodelist",
      "-q", "--qos", "-g", "--gid", "--group"),
  }, operands: { all: "none" } };

/** WireGuard: keys through standard input and output; setconf and its kin read a config file. */
const wgNames: TableSpec = { names: [], operands: { all: "none" } };
const wgConf: TableSpec = { names: [], operands: { positional: ["none", "read"] } };
const WG: TableSpec = { names: ["wg"], operands: { all: "generic" },
  subcommands: {
    genkey: wgNames,
    genpsk: wgNames,
    pubkey: wgNames,
    show: wgNames,
    showconf: wgNames,
    help: wgNames,
    setconf: wgConf,
    addconf: wgConf,
    syncconf: wgConf,
    // wg set IF … private-key FILE … peer KEY preshared-key FILE
    set: { names: [], operands: { all: "none" }, custom: (ctx) => {
      ctx.operands.forEach((a, i) => {
        const prev = ctx.operands[i - 1]?.text;
        if (prev === "private-key" || prev === "preshared-key") ctx.role(a, "read");
      });
    } },
  } };

/** ProjectDiscovery's subfinder and katana (goflags: -name or --name, with a value). */
const SUBFINDER: TableSpec = { names: ["subfinder"], goFlags: true,
  long: ["-silent", "-all", "-recursive", "-nW", "-active", "-v", "-version", "-oJ", "-json", "-cs", "-collect-sources",
    "-oI", "-ip", "-nc", "-no-color", "-ls", "-list-sources", "-stats"],
  options: {
    ...each(none, "-d", "-domain", "-t", "-timeout", "-max-time", "-s", "-sources", "-es", "-exclude-sources", "-r",
      "-rl", "-rate-limit", "-proxy", "-m", "-match", "-f", "-filter"),
    ...each(read, "-dL", "-list", "-pc", "-provider-config", "-config", "-rL", "-rlist"),
    ...each(write, "-o", "-output"),
    ...each({ value: "outdir" }, "-oD", "-output-dir"),
  }, operands: { all: "none" } };

const KATANA: TableSpec = { names: ["katana"], goFlags: true,
  long: ["-silent", "-jc", "-js-crawl", "-headless", "-xhr", "-xhr-extraction", "-kf", "-known-files", "-v", "-version",
    "-j", "-jsonl", "-nc", "-no-color", "-fx", "-form-extraction", "-aff", "-automatic-form-fill"],
  options: {
    ...each(none, "-u", "-d", "-depth", "-ct", "-crawl-duration", "-c", "-concurrency", "-p", "-parallelism", "-rl",
      "-rate-limit", "-timeout", "-f", "-field", "-sf", "-store-field", "-em", "-extension-match", "-ef",
      "-extension-filter", "-H", "-headers", "-proxy", "-cs", "-crawl-scope", "-cos", "-crawl-out-scope", "-fs",
      "-field-scope"),
    ...each(read, "-list", "-config", "-fc", "-field-config"),
    ...each(write, "-o", "-output"),
  }, operands: { all: "none" } };

const PSTREE: TableSpec = { names: ["pstree"], flags: "acghlnpsStTuUZAGV",
  long: ["--arguments", "--compact-not", "--show-pgids", "--highlight-all", "--long", "--numeric-sort", "--show-pids",
    "--show-parents", "--ns-changes", "--thread-names", "--hide-threads", "--uid-changes", "--unicode",
    "--security-context", "--ascii", "--vt100", "--color", "--version"],
  options: { ...each(none, "-H", "--highlight-pid", "-N", "--ns-sort", "-C", "--color") }, operands: { all: "none" } };

const REPTYR: TableSpec = { names: ["reptyr"], flags: "lLsTV", operands: { all: "none" } };
/** pidof matches a name holding a slash by the file's device and inode: it stats the path. */
const PIDOF: TableSpec = { names: ["pidof"], flags: "scnxzqw", options: { "-o": none, "--omit-pid": none },
  operands: { all: "none" },
  custom: (ctx) => {
    for (const a of ctx.operands) if (a.text === null || a.text.includes("/")) ctx.role(a, "read");
  } };

/** expac: package names, or package files with -p. */
const EXPAC: TableSpec = { names: ["expac"], flags: "QS1v",
  long: ["--query", "--sync", "--readone", "--verbose", "--help", "--version"],
  options: { ...each(none, "-H", "--humansize", "-d", "--delim", "-l", "--listdelim", "-t", "--timefmt"),
    "--config": read, "-p": { modes: ["files"] }, "--file": { modes: ["files"] } },
  operands: { all: { default: "none", modes: { files: "read" } } } };

/** systemd-analyze: reports on the boot and the units; `verify` and `inspect-elf` read files. */
const SYSTEMD_ANALYZE: TableSpec = { names: ["systemd-analyze"], flags: "hq",
  long: ["--system", "--user", "--global", "--order", "--require", "--generators", "--offline", "--table", "--no-pager",
    "--quiet", "--tldr", "--detailed", "--no-legend", "--help", "--version"],
  options: {
    ...each(none, "--from-pattern", "--to-pattern", "--fuzz", "--man", "--threshold", "--json", "-H", "--host", "-M",
      "--machine", "--iterations", "--base-time", "--unit", "--scale-svg", "--recursive-errors", "--profile"),
    ...each(read, "--root", "--image", "--security-policy"),
  }, operands: { all: "none" },
  custom: (ctx) => {
    const verb = ctx.operands[0];
    if (verb?.text === "verify" || verb?.text === "inspect-elf") {
      for (const a of ctx.operands.slice(1)) ctx.role(a, "read");
    } else {
      verbs("systemd-analyze", ["time", "blame", "critical-chain", "dot", "plot", "dump", "unit-files", "unit-paths",
        "exit-status", "capability", "condition", "syscall-filter", "filesystems", "calendar", "timestamp", "timespan",
        "security", "log-level", "log-target", "service-watchdogs", "architectures", "has-tpm2", "pcrs",
        "image-policy"])(ctx);
    }
  } };

/**
 * pacman: package names, except the files of -U, -Qp and -Qo. The operation and its options
 * share one cluster of letters (`-Syu`, `-Rsn`, `-Qdtq`): U, p and o make the operands files.
 */
const PACMAN: TableSpec = { names: ["pacman"], flags: "DFQRSTVcdegiklmnqstuvwy",
  long: ["--database", "--files", "--query", "--remove", "--sync", "--deptest", "--needed", "--noconfirm", "--confirm",
    "--asdeps", "--asexplicit", "--noprogressbar", "--noscriptlet", "--disable-download-timeout", "--refresh",
    "--sysupgrade", "--search", "--info", "--list", "--groups", "--quiet", "--verbose", "--explicit", "--deps",
    "--unrequired", "--upgrades", "--native", "--foreign", "--changelog", "--check", "--nodeps", "--cascade",
    "--nosave", "--recursive", "--unneeded", "--clean", "--downloadonly", "--print", "--debug", "--help", "--version"],
  options: { ...each({ modes: ["files"] }, "-U", "--upgrade", "-p", "--file", "-o", "--owns"),
    ...each(none, "--ignore", "--ignoregroup", "--assume-installed", "--arch", "--color", "--print-format",
      "--overwrite"),
    ...each(read, "-b", "--dbpath", "-r", "--root", "--cachedir", "--config", "--gpgdir", "--hookdir", "--sysroot"),
    "--logfile": write }, operands: { all: { default: "none", modes: { files: "read" } } }, custom: pacmanOperation };

/**
 * pacman's operation changes the system's packages unless it only queries: -Q, -T, -V, -F
 * without -y, and -S that searches, shows or lists (-Ss, -Si, -Sl, -Sg, -Sp) without -y or -u.
 */
function pacmanOperation(ctx: SpecContext): void {
  const words = ctx.items.filter((i) => i.t !== "operand").map((i) => i.word.text ?? "?");
  const long = (w: string) =>
    ({ "--sync": "S", "--remove": "R", "--upgrade": "U", "--database": "D", "--query": "Q", "--files": "F",
      "--deptest": "T", "--version": "V", "--help": "h", "--refresh": "y", "--sysupgrade": "u", "--search": "s",
      "--info": "i", "--list": "l", "--groups": "g", "--print": "p" })[w] ?? "";
  const letters = words.map((w) => (w.startsWith("--") ? long(w) : w.startsWith("-") ? w.slice(1) : "")).join("");
  const op = /[SRUDQFTVh]/.exec(letters)?.[0];
  const refreshes = /[yu]/.test(letters);
  const reads = op === "Q" || op === "T" || op === "V" || op === "h" || (op === "F" && !refreshes) ||
    (op === "S" && !refreshes && /[silgp]/.test(letters.replace(/S/g, "")));
  if (op === undefined || reads) return;
  issue(ctx, "OUTSIDE_EFFECT", `pacman -${op} changes packages installed for the whole system, outside the project`);
}

/** adb: the device's own paths and commands are not this machine's; push reads, pull writes here. */
const adbNames: TableSpec = { names: [], operands: { all: "none" } };
const ADB: TableSpec = { names: ["adb"], style: "posix", flags: "adehlL",
  options: { ...each(none, "-s", "-t", "-H", "-P") }, operands: { all: "generic" },
  subcommands: {
    devices: adbNames,
    connect: adbNames,
    disconnect: adbNames,
    reboot: adbNames,
    root: adbNames,
    unroot: adbNames,
    "start-server": adbNames,
    "kill-server": adbNames,
    version: adbNames,
    help: adbNames,
    "get-state": adbNames,
    "get-serialno": adbNames,
    "wait-for-device": adbNames,
    tcpip: adbNames,
    usb: adbNames,
    forward: adbNames,
    reverse: adbNames,
    uninstall: adbNames,
    // Run on the device: its words name the device's files.
    shell: { names: [], style: "posix", operands: { all: "none" } },
    logcat: { names: [], flags: "cdgsDSLB",
      options: {
        ...each(none, "--pid", "-v", "--format", "-b", "--buffer", "-e", "--regex", "-t", "-T", "-r", "-n", "-f",
          "--file", "-m", "--max-count"),
      }, operands: { all: "none" } },
    push: { names: [], long: ["--sync", "-z", "-Z", "-n"], operands: { sources: "read", dest: "none" } },
    pull: { names: [], long: ["-a", "-z", "-Z"], operands: { sources: "none", dest: "write", single: "none" },
      custom: (ctx) => {
        if (ctx.operands.length === 1) ctx.role(syntheticArg(".", spanOf(ctx)), "write");
      } },
    install: { names: [], flags: "lrtsdgp", options: { "--user": none }, operands: { all: "read" } },
    sideload: { names: [], operands: { all: "read" } },
  } };

export const SERVICE_SPECS: readonly TableSpec[] = [SYSTEMD_ANALYZE, PACMAN, ADB, RGPT, JIRA, SACCT, WG, SUBFINDER,
  KATANA, PSTREE, REPTYR, PIDOF, EXPAC, ISCSIADM, PVECM, RABBITMQCTL, RABBITMQ_DIAGNOSTICS, RABBITMQ_QUEUES,
  RABBITMQ_STREAMS, BSPC, ELASTICSEARCH_TOKEN, VOLTA, DIRSEARCH, OH_MY_POSH];
