// Variables that make a program load code, run a command line, or look for its programs,
// libraries and configuration somewhere else. `LD_PRELOAD=../x.so ls`, `BASH_ENV=../x bash -c
// true`, `PATH=..:$PATH ls` and `PAGER='cat /etc/passwd' git log` name nothing on the command
// line, yet each reaches outside. A command run while one of them is set in the command (by a
// prefix assignment, an assignment or export, or a wrapper such as `env`) is judged by what
// the value names, as if those were the program's own words.
//
// Only variables that any program may honour are here: a program started by another program
// (a pager git starts, git started by npm, a compiler make starts) still sees them, so they
// belong to no one command. Variables that carry one tool's options (TAR_OPTIONS, MAKEFLAGS)
// are in that tool's table entry (`environment` in src/commands/spec.ts), and
// src/commands/environment.ts answers for both.

import type { AccessKind } from "../base/verdict.ts";

export interface EnvironmentRole {
  /**
   * `command`: a command line or options that the program runs or obeys (split at blanks;
   * shell syntax in it is code the guard does not read). `dirs`: a `:`-separated list of
   * directories (an empty entry is the working directory). `zone`: TZ, which glibc opens as a
   * zone file before it reads it as a rule (strace of date 9.1: TZ=/x opens /x, TZ=:/x too,
   * TZ=UTC and TZ=../a open them under $TZDIR or /usr/share/zoneinfo, `../` and all).
   * `catalogues`: LANGUAGE, a `:`-separated list of names gettext opens as
   * DIR/NAME/LC_MESSAGES/DOMAIN.mo under the directory each program binds (strace of ls 9.1,
   * glibc 2.36, any locale but C: LANGUAGE=../../../../tmp/x opens
   * /usr/share/locale/../../../../tmp/x/LC_MESSAGES/coreutils.mo; an absolute name is put under
   * the directory too). A name that climbs with `..` can reach any file, from a directory the
   * guard does not know.
   */
  readonly value: "command" | "dirs" | "zone" | "catalogues" | "goflags";
  /** What the program does with the paths the value names. */
  readonly kind: AccessKind;
  /** Only an absolute value is a path (`GIT_TRACE=1` traces to stderr, `GIT_TRACE=/x` to /x). */
  readonly absoluteOnly?: boolean;
}

/** Where glibc looks up a zone name that is not absolute, unless TZDIR says otherwise. */
export const ZONE_DIRECTORY = "/usr/share/zoneinfo";
/**
 * Where other runtimes look a zone name up, whatever TZDIR says: Go's time package tries
 * these after $ZONEINFO (TZ=../x kubectl opened /etc/zoneinfo/../x, under strace), and
 * Python's zoneinfo's default TZPATH holds them too. The same `..` lands elsewhere from each.
 */
export const OTHER_ZONE_DIRECTORIES: readonly string[] = ["/usr/lib/zoneinfo", "/usr/share/lib/zoneinfo",
  "/usr/lib/locale/TZ", "/etc/zoneinfo"];

const COMMAND: EnvironmentRole = { value: "command", kind: "exec" };

/**
 * GOFLAGS: a blank-separated list of `-flag=value` settings go applies to every command that
 * takes the flag (go help environment). The flags that name a file or run a program are what it
 * can reach: -modfile and -overlay read a file, -pkgdir writes there, -toolexec and -exec run
 * a program, -C moves go's working directory. The rest (`-mod=readonly`, `-trimpath`,
 * `-tags=x`) name no place. Each such value, and a word that is no flag, with what go does with it.
 */
export function goFlagFiles(text: string): { readonly path: string; readonly kind: AccessKind }[] {
  const out: { path: string; kind: AccessKind }[] = [];
  for (const word of text.split(/[ \t\n]+/).filter((w) => w !== "")) {
    const m = /^--?([A-Za-z]+)(=(.*))?$/.exec(word);
    if (m === null) {
      out.push({ path: word, kind: "exec" });
      continue;
    }
    const value = m[3];
    if (value === undefined || value === "") continue;
    const kind: AccessKind | null = m[1] === "modfile" || m[1] === "overlay" ?
      "read" :
      m[1] === "pkgdir"
      ? "write"
      : m[1] === "toolexec" || m[1] === "exec"
      ? "exec"
      : m[1] === "C"
      ? "cwd"
      : null;
    if (kind !== null) out.push({ path: value, kind });
  }
  return out;
}
const CODE_DIRS: EnvironmentRole = { value: "dirs", kind: "exec" };
const CONFIG_DIRS: EnvironmentRole = { value: "dirs", kind: "read" };
const OUTPUT_DIRS: EnvironmentRole = { value: "dirs", kind: "write" };

const BY_NAME: ReadonlyMap<string, EnvironmentRole> = new Map([
  // Shell startup and prompts: bash sources $BASH_ENV before `bash -c`; sh sources $ENV.
  ...["BASH_ENV", "ENV", "PROMPT_COMMAND", "PS4", "SHELLOPTS", "BASHOPTS"].map((n) => [n, COMMAND] as const),
  // Programs other programs start: the user's shell (flock -c, script, sudo -s), pagers,
  // editors, browsers, password prompts, remote shells.
  ...["SHELL", "PAGER", "MANPAGER", "SYSTEMD_PAGER", "EDITOR", "VISUAL", "SUDO_EDITOR", "FCEDIT", "BROWSER", "LESSOPEN",
    "LESSCLOSE", "LESSKEY", "LESSKEYIN", "SSH_ASKPASS", "SUDO_ASKPASS"].map((n) => [n, COMMAND] as const),
  ...["RSYNC_RSH", "RSYNC_CONNECT_PROG", "CVS_RSH", "PARALLEL_SHELL", "LUA_INIT", "PERL5DB", "SVN_EDITOR"].map((n) =>
    [n, COMMAND] as const
  ),
  // vim's (and vi's) start-up commands: ex code (VIMINIT='call writefile([…], "/x")' wrote /x).
  ...["VIMINIT", "EXINIT"].map((n) => [n, COMMAND] as const),
  // Files of settings or code a program reads and obeys (rg's options, a Gemfile, psql's
  // startup file, credential helpers named in kube and AWS configuration).
  ...["RIPGREP_CONFIG_PATH", "BUNDLE_GEMFILE", "PSQLRC", "IRBRC", "R_PROFILE_USER", "PHPRC", "KUBECONFIG",
    "AWS_CONFIG_FILE", "WGETRC", "INPUTRC", "LESS"].map((n) => [n, COMMAND] as const),
  // R's environ and profile files, gem's and conda's settings, yarn's rc (whose yarnPath is run).
  ...["R_PROFILE", "R_ENVIRON", "R_ENVIRON_USER", "GEMRC", "CONDARC", "YARN_RC_FILENAME"].map((n) =>
    [n, COMMAND] as const
  ),
  // OpenSSL's configuration (read by node, git, curl, python) can load engines and providers,
  // which are code (openssl-config(5)); node's REPL module (node 22) is code too.
  ...["OPENSSL_CONF", "OPENSSL_CONF_INCLUDE", "NODE_REPL_EXTERNAL_MODULE"].map((n) => [n, COMMAND] as const),
  // uv's settings (uv 0.5 "Environment variables"): a config file may set anything, a Python
  // given by path is run, indexes may be local (`file://`, a directory), like PIP_*.
  ...["UV_CONFIG_FILE", "UV_PYTHON", "UV_INDEX_URL", "UV_DEFAULT_INDEX", "UV_EXTRA_INDEX_URL", "UV_INDEX",
    "UV_FIND_LINKS", "UV_CONSTRAINT", "UV_OVERRIDE", "UV_BUILD_CONSTRAINT", "UV_ENV_FILE"].map((n) =>
      [n, COMMAND] as const
    ),
  // Code loaded into every process, and options that load modules.
  ...["LD_PRELOAD", "LD_AUDIT", "NODE_OPTIONS", "PERL5OPT", "RUBYOPT", "PYTHONSTARTUP", "JAVA_TOOL_OPTIONS",
    "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS"].map((n) => [n, COMMAND] as const),
  // The JVM options the build tools' launchers pass on (`-javaagent:x.jar` loads code).
  ...["JAVA_OPTS", "MAVEN_OPTS", "MAVEN_ARGS", "GRADLE_OPTS", "ANT_OPTS", "SBT_OPTS"].map((n) => [n, COMMAND] as const),
  // Options whose paths are read, whichever program starts the tool (tar -J starts xz, which
  // reads XZ_OPT); what else they do stays inside the tool.
  // GREP_OPTIONS: BSD grep (macOS, FreeBSD) still reads it (`-f FILE` in it reads FILE); GNU
  // grep ignores it since 3.6.
  ...["XZ_OPT", "XZ_DEFAULTS", "PARALLEL", "MANOPT", "GREP_OPTIONS"].map((n) => [n, COMMAND] as const),
  ...["MAKEFILES"].map((n) => [n, COMMAND] as const),
  // go's flags, `-flag=value` each, for every go command any program starts (goFlagFiles).
  ["GOFLAGS", { value: "goflags", kind: "exec" }],
  // Compilers and wrappers build tools run.
  ...["CC", "CXX", "CPP", "LD", "AR", "AS", "FC", "RUSTC", "RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER", "RUSTDOC",
    "CARGO_BUILD_RUSTC_WRAPPER"].map((n) => [n, COMMAND] as const),
  // What git runs, for git started by other programs too (npm, cargo, pip).
  ...["GIT_SSH_COMMAND", "GIT_SSH", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_PAGER", "GIT_EXTERNAL_DIFF",
    "GIT_ASKPASS", "GIT_PROXY_COMMAND", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG",
    "GIT_TEMPLATE_DIR", "GIT_TEST_FSMONITOR"].map((n) => [n, COMMAND] as const),
  // Where programs, libraries and modules are looked up.
  ...["DYLD_INSERT_LIBRARIES"].map((n) => [n, COMMAND] as const),
  ...[
    "PATH",
    "LD_LIBRARY_PATH",
    "DYLD_LIBRARY_PATH",
    "DYLD_FALLBACK_LIBRARY_PATH",
    "DYLD_FRAMEWORK_PATH",
    "LOCPATH",
    "R_LIBS",
    "R_LIBS_USER",
    "JULIA_LOAD_PATH",
    "GUILE_LOAD_PATH",
    "TCLLIBPATH",
    "GIT_EXEC_PATH",
    "PYTHONPATH",
    "PYTHONHOME",
    "PYTHONUSERBASE",
    "NODE_PATH",
    "PERL5LIB",
    "PERLLIB",
    "RUBYLIB",
    "GEM_HOME",
    "GEM_PATH",
    "GCONV_PATH",
    "CLASSPATH",
    "CARGO_HOME",
    "RUSTUP_HOME",
    "GOPATH",
    // OpenSSL's providers and engines; python's lib-dynload under PYTHONPLATLIBDIR; the
    // environments and tools uv installs into and runs from.
    "OPENSSL_MODULES",
    "OPENSSL_ENGINES",
    "SSH_SK_PROVIDER",
    "SSH_PKCS11_PROVIDER",
    "PYTHONPLATLIBDIR",
    "VIRTUAL_ENV",
    "CONDA_PREFIX",
    "UV_PROJECT_ENVIRONMENT",
    "UV_TOOL_DIR",
    "UV_TOOL_BIN_DIR",
    "UV_PYTHON_INSTALL_DIR",
    "UV_PYTHON_BIN_DIR",
    "UV_INSTALL_DIR",
    // Runtimes and toolchains run from where these say (mvn runs $JAVA_HOME/bin/java, strace),
    // start-up files of zsh (`zsh -c` reads $ZDOTDIR/.zshenv), Mercurial's and emacs's
    // configuration and code, and the homes whose init scripts and packages gradle, composer,
    // julia and bundler load.
    "JAVA_HOME",
    "GOROOT",
    "RUSTUP_TOOLCHAIN",
    "DOTNET_ROOT",
    "WINEPREFIX",
    "ZDOTDIR",
    "HGRCPATH",
    "EMACSLOADPATH",
    "JULIA_DEPOT_PATH",
    "BUNDLE_PATH",
    "GRADLE_USER_HOME",
    "COMPOSER_HOME",
  ].map((n) => [n, CODE_DIRS] as const),
  // Where configuration (which can name programs to run) is read.
  ...[
    "HOME",
    "XDG_CONFIG_HOME",
    "XDG_CONFIG_DIRS",
    "XDG_DATA_HOME",
    "XDG_DATA_DIRS",
    "CURL_HOME",
    "GNUPGHOME",
    "DOCKER_CONFIG",
    "IPYTHONDIR",
    "JUPYTER_CONFIG_DIR",
    "TERMINFO",
    "TERMINFO_DIRS",
    "MAGIC",
    "NLSPATH",
    "HOSTALIASES",
    "SSL_CERT_FILE",
    "SSL_CERT_DIR",
    "CURL_CA_BUNDLE",
    "REQUESTS_CA_BUNDLE",
    "NODE_EXTRA_CA_CERTS",
    "AWS_SHARED_CREDENTIALS_FILE",
    // The manual pages man and info read (and man formats), X's cookie file, and the agent's
    // socket ssh connects to: each a path the program opens.
    "MANPATH",
    "INFOPATH",
    "XAUTHORITY",
    "SSH_AUTH_SOCK",
  ].map((n) => [n, CONFIG_DIRS] as const),
  // The time zone any program using glibc's time functions loads, and where it looks for one.
  ["TZ", { value: "zone", kind: "read" } as const],
  ["TZDIR", CONFIG_DIRS],
  // The message catalogues gettext loads (the locale's own names, LANG and LC_*, are not
  // paths: glibc 2.36 refuses one with `..` and puts an absolute one under /usr/lib/locale).
  ["LANGUAGE", { value: "catalogues", kind: "read" } as const],
  // Where programs write: temporary and cache directories, history, traces, key logs.
  ...["TMPDIR", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR", "CARGO_TARGET_DIR", "PYTHONPYCACHEPREFIX",
    "GCOV_PREFIX", "NODE_V8_COVERAGE", "COVERAGE_FILE", "LLVM_PROFILE_FILE", "GMON_OUT_PREFIX",
    "NODE_REDIRECT_WARNINGS", "NODE_COMPILE_CACHE", "UV_CACHE_DIR", "PIPX_HOME", "PIPX_BIN_DIR"].map((n) =>
      [n, OUTPUT_DIRS] as const
    ),
  ...["LESSHISTFILE", "HISTFILE", "NODE_REPL_HISTORY", "SQLITE_HISTORY", "MYSQL_HISTFILE", "PSQL_HISTORY",
    "LD_DEBUG_OUTPUT", "MALLOC_TRACE", "SSLKEYLOGFILE"].map((n) => [n, OUTPUT_DIRS] as const),
  // ld.so's profile (LD_PROFILE=libc.so.6 writes $LD_PROFILE_OUTPUT/libc.so.6.profile, strace)
  // and memusage's log.
  ...["LD_PROFILE_OUTPUT", "MEMUSAGE_OUTPUT"].map((n) => [n, OUTPUT_DIRS] as const),
]);

/** Families whose every member is configuration a tool obeys (npm's, pip's and git's settings). */
const COMMAND_FAMILIES = /^(npm_config_|NPM_CONFIG_|PIP_|GIT_CONFIG_(KEY|VALUE)_[0-9]+$)/;

/** git's trace files, for git started by any program (npm, cargo, pip). */
const TRACE_FILE: EnvironmentRole = { value: "dirs", kind: "write", absoluteOnly: true };

/**
 * The role of an environment variable for any program started with it, or null when it has
 * none here (one tool's option variable may still have one: src/commands/environment.ts).
 */
export function anyProgramRole(name: string): EnvironmentRole | null {
  return BY_NAME.get(name) ??
    (COMMAND_FAMILIES.test(name) || BASH_FUNCTION.test(name)
      ? COMMAND
      : name.startsWith("GIT_TRACE")
      ? TRACE_FILE
      : null);
}

/** `BASH_FUNC_f%%=() { …; }`: a bash started with it defines the function f from the value. */
const BASH_FUNCTION = /^BASH_FUNC_.+(%%|\(\))$/;

/** Shell syntax in a command-line value: the program hands it to a shell the guard does not follow. */
export const SHELL_SYNTAX = /[;&|<>()$`\\"'\n*?[\]{}#~]/;

/** The words of a command-line value that may name paths (an option's value included). */
export function commandWords(value: string): string[] {
  return value.split(/[ \t]+/).filter((w) => w !== "");
}

/** A catalogue name that climbs out of the directory it is looked up in (role `catalogues`). */
export function climbs(name: string): boolean {
  return name.split("/").includes("..");
}

/** The entries of a directory list; an empty entry means the working directory. */
export function dirEntries(value: string): string[] {
  return value.split(":").map((e) => (e === "" ? "." : e));
}
