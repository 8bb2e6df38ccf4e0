// The differential oracle as a reusable harness: judge a command with the guard, run it for real
// under `strace -f -y` in a throwaway copy of the fixture, and compare. The property is the one
// test/oracle.test.ts states: every path outside the project that bash touched must be covered
// by an access that resolves to it or to a directory above it (or by an access the guard could
// not resolve, or a reason saying it could not look: see BLIND_REASONS), and a command that
// touched anything outside must not have been allowed.
//
// Running generated and mutated commands for real needs two fences. `safeToRun` keeps the
// obviously dangerous ones static-only, whatever the machine offers. Where the kernel lets us,
// each run also gets its own user, mount, pid and network namespaces in which everything but
// the run's own directory is read-only, block devices are out of reach and signals cannot leave
// (see SETUP_SCRIPT); without namespaces only commands that write nothing at all are run.

import { spawn, spawnSync } from "node:child_process";
import { accessSync, chmodSync, closeSync, constants, existsSync, fstatSync, mkdirSync, mkdtempSync, openSync,
  readdirSync, readSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ACCESS_KINDS, createGuard, DECISIONS, REASONS, type Decision, type Guard,
  type Verdict } from "../../src/index.ts";
import { buildFixture, type Fixture } from "./fixture.ts";
import { isInside, isNoise, parseStrace, runKilling, TRACED_SYSCALLS, type Touch } from "./strace.ts";

// ---------------------------------------------------------------------------------------------
// Which commands may run

/** Programs a run may use. Everything else that is a program on this machine (a word naming one
 * anywhere in the command is enough) keeps the command static-only: an allowlist, because the
 * corpora name thousands of tools and the dangerous ones are not all known in advance. Not
 * pagers or editors either: they read their own files in HOME (~/.lesshst), which is the
 * program's business, not a path the command names. */
export const RUNNABLE_PROGRAMS: ReadonlySet<string> = new Set(["cat", "ls", "dir", "echo", "printf", "touch", "rm",
  "rmdir", "mkdir", "mv", "cp", "ln", "link", "unlink", "chmod", "chown", "chgrp", "head", "tail", "wc", "sort", "uniq",
  "cut", "tr", "grep", "egrep", "fgrep", "sed", "tee", "dd", "truncate", "install", "readlink", "realpath", "basename",
  "dirname", "pwd", "stat", "file", "du", "diff", "cmp", "comm", "paste", "nl", "od", "md5sum", "sha1sum", "sha256sum",
  "base64", "true", "false", "test", "env", "nice", "timeout", "time", "nohup", "stdbuf", "sleep", "seq", "tac", "rev",
  "fold", "expand", "unexpand", "join", "shred", "mkfifo", "split", "tar", "gzip", "gunzip", "zcat", "find", "xargs",
  "bash", "sh", "dash", "printenv", "column", "fmt", "pr", "tree", "xxd", "date", "whoami", "id", "uname", "which",
  "nproc", "yes"]);

/** Builtins a run may use (the others: kill, enable, fc, coproc, ulimit… stay static-only). */
const RUNNABLE_BUILTINS = new Set(["cd", "pushd", "popd", "dirs", "echo", "printf", "test", "true", "false", "source",
  "eval", "exec", "export", "declare", "typeset", "local", "readonly", "set", "unset", "shopt", "read", "let", "trap",
  "alias", "unalias", "type", "hash", "builtin", "command", "return", "exit", "break", "continue", "shift", "getopts",
  "wait", "umask", "pwd", "mapfile", "readarray", "caller", "times"]);

/** Builtins that are not also programs, so a file lookup would miss them. */
const BASH_BUILTINS = new Set(["alias", "bg", "bind", "break", "builtin", "caller", "cd", "command", "compgen",
  "complete", "compopt", "continue", "coproc", "declare", "dirs", "disown", "enable", "eval", "exec", "exit", "export",
  "fc", "fg", "getopts", "hash", "help", "history", "jobs", "kill", "let", "local", "logout", "mapfile", "popd",
  "pushd", "read", "readarray", "readonly", "return", "select", "set", "shift", "shopt", "source", "suspend", "times",
  "trap", "type", "typeset", "ulimit", "umask", "unalias", "unset", "wait"]);

/** Named in the reasons so that a skipped command says why, and refused even if a later edit
 * put one of them on the allowlist by mistake. */
const FORBIDDEN = new Set(["sudo", "su", "doas", "pkexec", "kill", "killall", "pkill", "reboot", "shutdown", "halt",
  "poweroff", "init", "systemctl", "service", "mount", "umount", "swapoff", "mkfs", "fdisk", "parted", "apt", "apt-get",
  "aptitude", "dpkg", "yum", "dnf", "rpm", "pacman", "apk", "snap", "brew", "npm", "npx", "pnpm", "yarn", "pip", "pip3",
  "gem", "cargo", "curl", "wget", "nc", "ncat", "netcat", "ssh", "scp", "sftp", "rsync", "ftp", "telnet", "ping", "git",
  "docker", "podman", "crontab", "at", "chroot", "nsenter", "unshare", "setsid", "sysctl", "insmod", "rmmod",
  "modprobe"]);

/** The PATH every traced command gets, and so the only directories in which a bare name can
 * start a program. Whether a word names a program is asked of these and nothing else: what
 * this machine happens to hold in /usr/local/bin (or /usr/sbin) is not found by the sandbox's
 * bash, and must not change which commands run. */
export const SANDBOX_PATH: readonly string[] = ["/usr/bin", "/bin"];

/** Where the harness looks for its own tools (strace, unshare), not the command's programs. */
const TOOL_DIRS = ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"];
const programCache = new Map<string, boolean>();

/** `name` starts a program when looked up in `dirs` (default: the sandbox's PATH). */
export function isProgram(name: string, dirs: readonly string[] = SANDBOX_PATH): boolean {
  const key = `${dirs.join(":")}\0${name}`;
  let known = programCache.get(key);
  if (known === undefined) {
    known = dirs.some((d) => {
      try {
        accessSync(join(d, name), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
    programCache.set(key, known);
  }
  return known;
}

/**
 * Why a command could make bash look programs up somewhere other than `dirs`, or null. The
 * program check above holds only while PATH stays what the sandbox gave: a PATH assignment to
 * another directory, an unset PATH (bash then searches its built-in default, /usr/local/bin
 * first) or a login shell (/etc/profile sets PATH) would find names the check never saw.
 * `strict` (a PATH narrower than the system's, see the probe fuzzer) also refuses the lookups
 * that fall back to the system's own default path: `env -i`/`-u`, `command -p`, `hash -p`.
 */
export function pathEscape(view: string, dirs: readonly string[] = SANDBOX_PATH, strict = false): string | null {
  for (const m of view.matchAll(/(?:^|[^A-Za-z0-9_])PATH\+?=([^\s;|&()]*)/g)) {
    const entries = m[1]!.split(":").filter((e) => e !== "$PATH" && e !== "${PATH}");
    if (entries.length === 0 || entries.some((e) => !dirs.includes(e))) return `sets PATH to ${m[1] || "nothing"}`;
  }
  if (/\b(?:unset|export\s+-n|declare\s+\+x)\b[^;|&\n]*\bPATH\b/.test(view)) return "unsets PATH";
  if (/(?:^|[^A-Za-z0-9_.-])(?:ba|da)?sh\s+(?:-[A-Za-z]*[li][A-Za-z]*|--login|--interactive)\b/.test(view) ||
    /\bexec\s+-[A-Za-z]*l/.test(view)) return "starts a login or interactive shell (its PATH comes from /etc/profile)";
  if (strict) {
    if (/\benv\b[^;|&\n]*\s(?:-[A-Za-z]*[iu]|--ignore-environment|--unset|-)(?=[\s=]|$)/.test(view)) {
      return "env clears or unsets the environment (the default PATH then applies)";
    }
    if (/\bcommand\s+(?:-[A-Za-z]*p)/.test(view)) return "command -p (the default PATH)";
    if (/\bhash\b/.test(view)) return "uses hash (which can name any program)";
    if (/\bPATH\b/.test(view) && !/\$\{?PATH\b/.test(view)) return "names PATH";
  }
  return null;
}

const ANSI_SIMPLE: Readonly<Record<string, string>> = { n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", e: "\x1b",
  E: "\x1b", f: "\f", v: "\v", "\\": "\\", "'": "'", '"': '"', "?": "?" };

/** `$'…'` bodies decoded, then quotes and backslashes dropped: the words bash would see, close
 * enough that `s''u'do'`, `$'\x73udo'` and `\sudo` all show `sudo`. */
export function unquotedView(command: string): string {
  const decoded = command.replace(/\$'((?:[^'\\]|\\.)*)'/gs,
    (_, body: string) =>
      body.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)/gs,
        (m: string, e: string) => {
          if (e[0] === "x" || e[0] === "u" || e[0] === "U") {
            return String.fromCodePoint(parseInt(e.slice(1), 16) || 0x3f);
          }
          if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8) & 0xff);
          if (e[0] === "c") return "?";
          return ANSI_SIMPLE[e] ?? m;
        }));
  // `$"…"` is a quoted string too; its `$` is not a parameter.
  return decoded.replace(/\$"/g, '"').replace(/['"\\]/g, "");
}

/** Device files a command may name: bash and the tools open these on their own account. */
const SAFE_DEVICES = /^\/dev\/(?:null|stdin|stdout|stderr|tty|fd\/\d+)$/;

/** Absolute paths the command names outside the sandbox's placeholders, as written. */
function absolutePaths(view: string): string[] {
  // An opening backquote starts a word; after a closing one (`pwd`/x) the slash continues one.
  let open = false;
  const marked = view.replace(/`/g, () => ((open = !open) ? "(" : ")"));
  const out: string[] = [];
  for (const m of marked.matchAll(/(?:^|[\s=:<>|&;({,])(\/[^\s;|&<>(),}]*)/g)) out.push(m[1]!);
  return out;
}

/** A redirection that writes somewhere other than a descriptor or /dev/null (`>&file` is
 * `&>file`, a write). */
function writesThroughRedirect(view: string): boolean {
  const stripped = view.replace(/\d*>&(?:\d+|-)|&>\s*\/dev\/null|\d*>>?\s*\/dev\/(?:null|stdout|stderr)/g, "");
  return /[>]/.test(stripped);
}

/** Programs that write operands they are given (or run other programs that may). */
const WRITERS = new Set(["rm", "rmdir", "mv", "cp", "ln", "link", "unlink", "touch", "mkdir", "chmod", "chown", "chgrp",
  "tee", "dd", "truncate", "install", "shred", "mkfifo", "split", "tar", "gzip", "gunzip", "sed", "find", "xargs",
  "sort", "bash", "sh", "dash", "eval", "source", "exec", "env", "nice", "timeout", "nohup", "stdbuf", "command",
  "builtin", "time", "trap", "yes"]);

export interface RunCheck {
  readonly safe: boolean;
  /** Why not, for the counts a run prints. */
  readonly reason: string | null;
  /** The command writes nothing (no writing program, no redirection to a file). */
  readonly writeFree: boolean;
}

export interface RunCheckOptions {
  /** The PATH the command will be run with (default SANDBOX_PATH): a name found there is a
   * program, one found nowhere in it cannot start anything. */
  readonly path?: readonly string[];
  /** That PATH is narrower than the system's default path: refuse what falls back to it. */
  readonly strictPath?: boolean;
  /** Any program on that PATH may run but those that reach past the fence or the machine
   * (SYSTEM_FORBIDDEN): for the program probe, whose truth is what the programs do. */
  readonly anyProgram?: boolean;
}

/** What the program probe never runs, even fenced: what acts on the machine, not on files
 * (power, services, mounts, packages, users, kernel), what talks to a daemon, and what would
 * open an editor or a pager's own terminal handling. */
export const SYSTEM_FORBIDDEN: ReadonlySet<string> = new Set(["sudo", "su", "doas", "pkexec", "kill", "killall",
  "pkill", "reboot", "shutdown", "halt", "poweroff", "init", "systemctl", "service", "mount", "umount", "swapoff",
  "mkfs", "fdisk", "parted", "apt", "apt-get", "aptitude", "dpkg", "yum", "dnf", "rpm", "pacman", "apk", "snap", "brew",
  "docker", "podman", "crontab", "at", "chroot", "nsenter", "unshare", "sysctl", "insmod", "rmmod", "modprobe",
  "swapon", "mkswap", "losetup", "cryptsetup", "lvm", "mdadm", "wipefs", "blkdiscard", "hdparm", "sfdisk", "gdisk",
  "sgdisk", "mkfs.ext4", "mkfs.vfat", "mke2fs", "tune2fs", "e2fsck", "fsck", "dmsetup", "busctl", "dbus-send",
  "dbus-daemon", "loginctl", "machinectl", "journalctl", "timedatectl", "hostnamectl", "localectl", "networkctl",
  "resolvectl", "systemd-run", "telinit", "runlevel", "wall", "write", "passwd", "chpasswd", "useradd", "userdel",
  "usermod", "groupadd", "groupdel", "adduser", "deluser", "visudo", "vipw", "chsh", "chfn", "newgrp", "sg", "runuser",
  "setpriv", "capsh", "ip", "iptables", "nft", "tc", "ifconfig", "route", "hwclock", "rtcwake", "chvt", "openvt",
  "setsid", "vi", "vim", "nvim", "nano", "emacs", "less", "more", "most", "man", "top", "htop", "watch", "screen",
  "tmux", "script", "expect", "xdg-open", "open", "bwrap", "strace", "ltrace", "gdb", "perf"]);

/**
 * Whether a command (in placeholder form: $P, $O, $H… for sandbox paths) may be run for real.
 * Conservative on purpose: a false "unsafe" only costs an execution.
 */
export function runCheck(command: string, options: RunCheckOptions = {}): RunCheck {
  const no = (reason: string): RunCheck => ({ safe: false, reason, writeFree: false });
  // No process can be given a NUL in an argument: bash never sees such a command as written.
  if (command.includes("\u0000")) return no("holds a NUL byte");
  const view = unquotedView(command);
  // An absolute path outside the bin directories names data (`cat /etc/passwd` runs cat, not
  // passwd): its words are not program names. One in a bin directory runs what it names.
  const programPaths: string[] = [];
  const words = view.replace(/(?:^|(?<=[\s=:<>|&;({,]))\/[^\s;|&<>()`,{}]*/g, (p) => {
    if (!/\/(?:s?bin|libexec)\/[^/]+$/.test(p)) return " ";
    programPaths.push(p);
    return p;
  });
  // Tokens as separated by anything a shell would separate them by, and again with braces and
  // commas dropped, so that `s{u,}do` shows `sudo` too.
  const tokens = new Set([...words.split(/[^A-Za-z0-9_.+@%:-]+/),
    ...words.replace(/[{},]/g, "").split(/[^A-Za-z0-9_.+@%:-]+/)]);
  const any = options.anyProgram === true;
  for (const p of programPaths) {
    const name = p.slice(p.lastIndexOf("/") + 1);
    if (any ? SYSTEM_FORBIDDEN.has(name) : !RUNNABLE_PROGRAMS.has(name)) return no(`runs ${p}`);
  }
  let writes = writesThroughRedirect(view);
  for (const t of tokens) {
    if (t === "" || !/^[A-Za-z_]/.test(t)) continue;
    if (any ? SYSTEM_FORBIDDEN.has(t) : FORBIDDEN.has(t)) return no(`names ${t}`);
    if (BASH_BUILTINS.has(t) && !RUNNABLE_BUILTINS.has(t)) return no(`uses the builtin ${t}`);
    if (WRITERS.has(t)) writes = true;
    if (any) continue;
    if (!RUNNABLE_BUILTINS.has(t) && !RUNNABLE_PROGRAMS.has(t) && isProgram(t, options.path)) return no(`runs ${t}`);
  }
  const escape = pathEscape(view, options.path, options.strictPath);
  if (escape !== null) return no(escape);
  if (/\brm\b[^;|&\n]*\s(?:\/|\/\*|\/\.|--no-preserve-root)(?=\s|$)/.test(view)) return no("rm -rf / shape");
  // A function that calls itself in a pipeline or in the background: the fork bomb shape.
  for (const m of view.matchAll(/(?:^|[\s;&|(])(?:function\s+)?([A-Za-z_:.][\w:.-]*)\s*\(\s*\)\s*\{([^}]*)\}/g)) {
    const name = m[1]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    if (new RegExp(`(^|[^\\w])${name}\\s*[|&]`).test(m[2]!)) {
      return no("recursive function in a pipeline (fork bomb shape)");
    }
  }
  const absolute = absolutePaths(view);
  for (const p of absolute) {
    // Device nodes stay out of reach whatever the mode: even read, /dev/zero never ends and a
    // disk is a disk. /proc and /sys are kernel interfaces, not files.
    if (p.startsWith("/dev/") && !SAFE_DEVICES.test(p)) return no(`names the device ${p}`);
    if (p === "/dev" || isInside(p, "/proc") || isInside(p, "/sys") || isInside(p, "/boot")) return no(`names ${p}`);
  }
  if (/(?:^|[\s=:])~[A-Za-z_]/.test(view) && writes) return no("writes and names another user's home");
  // A program named by its path is run, not written.
  const real = absolute.filter((p) => !SAFE_DEVICES.test(p) && !programPaths.includes(p));
  if (writes && real.length > 0) return no(`writes and names ${real[0]}, a real path outside the sandbox`);
  return { safe: true, reason: null, writeFree: !writes };
}

export function safeToRun(command: string): boolean {
  return runCheck(command).safe;
}

// ---------------------------------------------------------------------------------------------
// Isolation

export type IsolationMode = "namespaces" | "mount-namespace" | "none";

export interface Isolation {
  readonly mode: IsolationMode;
  /** One line for a run's output: what fences executed commands, or why nothing does. */
  readonly description: string;
  readonly unshareArgs: readonly string[];
  /** The run has a /proc of its own (a pid namespace). */
  readonly ownProc: boolean;
}

/**
 * Runs inside the namespaces, before strace: $1 the run directory (stays writable), $2 the
 * directory to start in, $3 1 when /proc is the namespace's own, then `--` and the command.
 * Exit 97 means the fence could not be built, and nothing ran.
 *
 * - The run directory is bound onto itself first, so it is a mount of its own that stays
 *   writable when every other mount becomes read-only.
 * - /dev is replaced by a tmpfs holding only the character devices bash and the tools use:
 *   read-only mounts do not stop writes to device nodes, and root in the namespace maps to the
 *   caller, who may own the disks.
 * - /sys is covered; /proc is the pid namespace's own, read-only.
 * - The start directory is entered again after the mounts: the old working directory still
 *   points into the mount below the run directory's bind, which is now read-only. That cd
 *   would leave OLDPWD exported to the command, which a plain run does not have.
 * - The file size limit bounds what one command can write in its three seconds.
 */
const SETUP_SCRIPT = String.raw`set -u
run=$1 start=$2 ownproc=$3
shift 4
fail() { printf 'shellfence-oracle: cannot fence the run: %s\n' "$*" >&2; exit 97; }
mount --make-rprivate / || fail "make-rprivate /"
mount --bind "$run" "$run" || fail "bind $run"
while read -r _ _ _ _ mp opts _; do
  mp=$(printf '%b' "$mp")
  case $mp in
    "$run") continue ;;
    /dev|/dev/*|/sys|/sys/*) continue ;;
    /proc|/proc/*) [ "$ownproc" = 1 ] && continue ;;
  esac
  case ,$opts, in *,ro,*) continue ;; esac
  mount -o remount,bind,ro "$mp" 2>/dev/null || fail "remount $mp read-only"
done < /proc/self/mountinfo
if [ "$ownproc" = 1 ]; then mount -o remount,bind,ro /proc || fail "remount /proc read-only"; fi
keep=$run/.dev
mkdir -p "$keep" || fail "mkdir $keep"
devs=
for n in null zero full random urandom tty; do
  [ -c "/dev/$n" ] || continue
  : > "$keep/$n" && mount --bind "/dev/$n" "$keep/$n" || fail "keep /dev/$n"
  devs="$devs $n"
done
mount -t tmpfs -o mode=755,size=64k shellfence-dev /dev || fail "tmpfs on /dev"
for n in $devs; do
  : > "/dev/$n" && mount --bind "$keep/$n" "/dev/$n" && umount "$keep/$n" || fail "device /dev/$n"
done
ln -s /proc/self/fd /dev/fd && ln -s fd/0 /dev/stdin && ln -s fd/1 /dev/stdout && ln -s fd/2 /dev/stderr || fail "/dev/fd links"
mount -o remount,ro /dev || fail "remount /dev read-only"
mount -t tmpfs -o ro,size=4k shellfence-sys /sys || fail "cover /sys"
# Daemons' sockets (dbus, databases) live under /run: a read-only mount does not stop a connect.
for d in /run /var/run; do
  [ -d "$d" ] && [ ! -L "$d" ] || continue
  case $run/ in "$d"/*) continue ;; esac
  mount -t tmpfs -o ro,size=4k shellfence-run "$d" || fail "cover $d"
done
cd -- "$start" || fail "cd $start"
unset OLDPWD
ulimit -f 131072
exec "$@"
`;

let harnessDir: string | null = null;
let harnessUsers = 0;

/**
 * The scratch directory shared by the probes and every open oracle (the setup script, the run
 * directories): made on first use, removed when its last user lets go. `bun test` runs no exit
 * handlers, so the count is what cleans up there; the exit handler is for interrupted scripts.
 */
export function acquireHarness(): string {
  if (harnessDir === null) {
    const dir = mkdtempSync(join(tmpdir(), "shellfence-oracle-"));
    writeFileSync(join(dir, "setup.sh"), SETUP_SCRIPT);
    harnessDir = dir;
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  }
  harnessUsers++;
  return harnessDir;
}

export function releaseHarness(): void {
  if (--harnessUsers > 0 || harnessDir === null) return;
  removeTree(harnessDir);
  harnessDir = null;
  harnessUsers = 0;
}

// Looked up on the test's own PATH: the traced command's PATH is /usr/bin:/bin, and spawn
// would look the program up there.
export function findProgram(name: string): string | null {
  for (const dir of [...(process.env.PATH ?? "").split(":"), ...TOOL_DIRS]) {
    if (dir === "") continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // Not here.
    }
  }
  return null;
}

const CANDIDATES: readonly { mode: IsolationMode; args: readonly string[]; ownProc: boolean; description: string }[] = [
  { mode: "namespaces", args: ["-r", "-m", "-p", "-n", "-f", "--mount-proc"], ownProc: true,
    description:
      "unshare -r -m -p -n (user, mount, pid and network namespaces); read-only outside the run directory, /dev reduced to null/zero/full/random/urandom/tty" },
  { mode: "mount-namespace", args: ["-r", "-m"], ownProc: false,
    description:
      "unshare -r -m (user and mount namespaces); read-only outside the run directory, /dev reduced to null/zero/full/random/urandom/tty" },
];

let cachedIsolation: Isolation | null = null;

/**
 * The strongest fence this machine allows, found once per process by building it and checking
 * that a write inside the run directory works and one outside fails.
 * SHELLFENCE_ORACLE_ISOLATION=none forces the fallback (to test it).
 */
export function detectIsolation(): Isolation {
  if (cachedIsolation) return cachedIsolation;
  const forced = process.env.SHELLFENCE_ORACLE_ISOLATION;
  const unshare = findProgram("unshare");
  const why: string[] = [];
  if (forced === "none") why.push("SHELLFENCE_ORACLE_ISOLATION=none");
  else if (!unshare) why.push("no unshare on PATH");
  else {
    const dir = acquireHarness();
    try {
      for (const c of CANDIDATES) {
        const run = mkdtempSync(join(dir, "probe-"));
        const outsideProbe = join(dir, `outside-probe-${c.mode}`);
        const probe = `: > ${shellQuote(join(run, "inside"))} && ! { : > ${
          shellQuote(outsideProbe)
        }; } 2>/dev/null && [ -c /dev/null ] && ! [ -e /dev/vda ] && ! [ -e /dev/sda ]`;
        const r = spawnSync(unshare, [...c.args, "bash", join(dir, "setup.sh"), run, run, c.ownProc ? "1" : "0", "--",
          "bash", "-c", probe], { cwd: run, env: { PATH: "/usr/bin:/bin:/usr/sbin:/sbin" },
          stdio: ["ignore", "pipe", "pipe"], timeout: 10_000 });
        const ok = r.status === 0 && existsSync(join(run, "inside")) && !existsSync(outsideProbe);
        rmSync(outsideProbe, { force: true });
        removeTree(run);
        if (ok) {
          cachedIsolation = { mode: c.mode, description: c.description, unshareArgs: c.args, ownProc: c.ownProc };
          return cachedIsolation;
        }
        why.push(
          `${c.args.join(" ")}: ${r.error?.message ?? `exit ${r.status}`} ${
            r.stderr?.toString().trim().split("\n").pop() ?? ""
          }`.trim(),
        );
      }
    } finally {
      releaseHarness();
    }
  }
  cachedIsolation = { mode: "none",
    description: `plain execution (${why.join("; ")}): only commands that write nothing are executed`, unshareArgs: [],
    ownProc: false };
  return cachedIsolation;
}

/** Whether this machine's fence lets `command` run: always `safeToRun`, and without
 * namespaces also free of writes. */
export function runnable(command: string, isolation: Isolation = detectIsolation()): RunCheck {
  const c = runCheck(command);
  if (c.safe && isolation.mode === "none" && !c.writeFree) {
    return { safe: false, reason: "writes, and no namespace fences the run", writeFree: false };
  }
  return c;
}

// ---------------------------------------------------------------------------------------------
// Running one command

/** The strace output read back (cut here). */
const TRACE_LIMIT = 32 * 1024 * 1024;

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Removes a tree the command may have made unwritable or unreadable (chmod 000 on a dir). */
export function removeTree(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    const open = (p: string) => {
      try {
        chmodSync(p, 0o700);
        for (const e of readdirSync(p, { withFileTypes: true })) if (e.isDirectory()) open(join(p, e.name));
      } catch {
        // Gone or not ours: the retry reports what is left.
      }
    };
    open(path);
    rmSync(path, { recursive: true, force: true });
  }
}

export function readTrace(file: string): string {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return "";
  }
  try {
    const size = Math.min(fstatSync(fd).size, TRACE_LIMIT);
    const buf = Buffer.alloc(size);
    let off = 0;
    while (off < size) {
      const n = readSync(fd, buf, off, size - off, off);
      if (n <= 0) break;
      off += n;
    }
    return buf.subarray(0, off).toString("utf8");
  } finally {
    closeSync(fd);
  }
}

// ---------------------------------------------------------------------------------------------
// Judging

export type ProblemKind = "wrong-allow" | "missed";

/**
 * Reasons that say the guard could not look at part of the command (it did not parse, nested too
 * deep, ran code the guard does not read…). Such a verdict is not allow, and, like an access the
 * guard could not resolve, it covers whatever that part touched: the guard said it did not know.
 */
export const BLIND_REASONS: ReadonlySet<string> = new Set(["PARSE_ERROR", "PARSE_TIMEOUT", "CHECK_TIMEOUT",
  "INPUT_TOO_LARGE", "INVALID_INPUT", "NESTING_TOO_DEEP", "EXPANSION_TOO_LARGE", "OPAQUE_CODE", "INLINE_CODE",
  "UNRESOLVED_COMMAND", "UNRESOLVED_CWD", "UNRESOLVED_WORD", "UNRESOLVED_PATH", "SHELL_STATE", "INTERNAL_ERROR"]);

export interface Problem {
  readonly kind: ProblemKind;
  readonly touch: Touch;
}

/** Each path once, first touch kept. */
export function uniqueByPath(touches: readonly Touch[]): Touch[] {
  const seen = new Map<string, Touch>();
  for (const t of touches) if (!seen.has(t.path)) seen.set(t.path, t);
  return [...seen.values()];
}

export interface Judgement {
  readonly problems: readonly Problem[];
  /** Outside touches covered only because the guard said it could not look (BLIND_REASONS). */
  readonly blind: readonly Touch[];
}

/** `path` is a glob pattern's own directory: bash lists it to expand `path/*`. */
function globParent(resolved: string, path: string): boolean {
  const slash = resolved.lastIndexOf("/");
  return slash > 0 && resolved.slice(0, slash) === path && /[*?[]/.test(resolved.slice(slash + 1));
}

/**
 * The oracle property for one run: `outside` are the touches outside the root. A touch is
 * covered by an access resolving to it or to a directory above it, by an access to a glob
 * pattern in it (the listing is how bash expands the pattern), by any access the guard could
 * not resolve (it said so, and that is an ask), or by a reason saying it could not look. A
 * file created exclusively and renamed onto a covered path is covered with it (in-place edits). A
 * directory opened or entered only to reach a name in it (`gzip -c link-out/x` opens
 * `link-out/`, `mkdir -p link-out/x` enters it or fails to create it again) is also covered by
 * an access below it, unless it
 * was listed; and a path named inside a directory the guard asks about is covered by that
 * question (`grep -R x ..` asks about `..`, and so about where the links under it lead).
 */
export function judge(verdict: Verdict, outside: readonly Touch[]): Judgement {
  const unresolved = verdict.accesses.some((a) => a.resolved === null);
  const blindReason = verdict.decision !== "allow" &&
    verdict.reasons.some((r) => r.decision !== "allow" && BLIND_REASONS.has(r.code));
  const problems: Problem[] = [];
  const blind: Touch[] = [];
  const listed = new Set(
    outside.filter((t) => t.syscall === "getdents" || t.syscall === "getdents64" || t.syscall === "fchdir").map((t) =>
      t.path
    ),
  );
  const reported = (path: string) =>
    verdict.accesses.some((a) => a.resolved !== null && (isInside(path, a.resolved) || globParent(a.resolved, path)));
  for (const t of outside) {
    if (verdict.decision === "allow") {
      problems.push({ kind: "wrong-allow", touch: t });
      continue;
    }
    if (unresolved || reported(t.path)) continue;
    // A file the command created and then renamed onto a reported path is that path's new
    // content on its way (sed -i's sedXXXXXX, an editor's atomic save): covered with it.
    if (t.becomes !== undefined && reported(t.becomes)) continue;
    // (mkdir -p also tries to create each existing ancestor: EEXIST, nothing changed.)
    const traversal = t.directoryOpen || t.syscall === "chdir" ||
      ((t.syscall === "mkdir" || t.syscall === "mkdirat") && t.error === "EEXIST");
    if (traversal && !listed.has(t.path) &&
      verdict.accesses.some((a) => a.resolved !== null && isInside(a.resolved, t.path))) continue;
    // Asking about a directory asks about the tree it holds, what its links reach included.
    if (verdict.accesses.some((a) => a.resolved !== null && a.decision !== "allow" && isInside(t.named, a.resolved))) {
      continue;
    }
    if (blindReason) blind.push(t);
    else problems.push({ kind: "missed", touch: t });
  }
  return { problems, blind };
}

/** Throws-free shape check of a verdict (the README's Verdict table); null when well formed. */
export function malformation(input: string, v: Verdict): string | null {
  const rank: Record<Decision, number> = { allow: 0, ask: 1, deny: 2 };
  if (!DECISIONS.includes(v.decision)) return `decision ${String(v.decision)}`;
  // Checked as unknown: Array.isArray would narrow the typed arrays to any[].
  const lists: readonly unknown[] = [v.reasons, v.accesses];
  if (!lists.every((l) => Array.isArray(l))) return "reasons/accesses not arrays";
  const inSpan = (start: unknown, end: unknown) =>
    typeof start === "number" && typeof end === "number" && Number.isInteger(start) && Number.isInteger(end) &&
    0 <= start && start <= end && end <= input.length;
  let strictest: Decision = "allow";
  for (const r of v.reasons) {
    if (!(r.code in REASONS)) return `reason code ${r.code}`;
    if (!DECISIONS.includes(r.decision)) return `reason decision ${r.decision}`;
    if (typeof r.message !== "string") return "reason message";
    if ((r.start !== undefined || r.end !== undefined) && !inSpan(r.start, r.end)) {
      return `reason span ${r.start}..${r.end}`;
    }
    if (rank[r.decision] > rank[strictest]) strictest = r.decision;
  }
  for (const a of v.accesses) {
    if (!inSpan(a.start, a.end)) return `access span ${a.start}..${a.end} of ${input.length}`;
    if (!ACCESS_KINDS.includes(a.kind)) return `access kind ${a.kind}`;
    if (!DECISIONS.includes(a.decision)) return `access decision ${a.decision}`;
    if (typeof a.path !== "string" || (a.resolved !== null && typeof a.resolved !== "string")) return "access path";
    if (!Array.isArray(a.via) || a.via.some((x) => typeof x !== "string")) return "access via";
    if (a.reason !== null && !(a.reason in REASONS)) return `access reason ${a.reason}`;
    if (rank[a.decision] > rank[strictest]) strictest = a.decision;
  }
  if (v.decision !== strictest) return `decision ${v.decision} but the strictest part is ${strictest}`;
  return null;
}

/** The verdict in a few lines (test/support/table.ts has the same; that module needs bun:test). */
export function explainVerdict(v: Verdict): string {
  const lines = [`decision: ${v.decision}`];
  for (const r of v.reasons) lines.push(`  reason ${r.code} ${r.decision}: ${r.message}`);
  for (const a of v.accesses) {
    lines.push(
      `  access ${a.kind} ${a.path} -> ${a.resolved} ${a.decision} (${a.command}${
        a.via.length ? " via " + a.via.join(" > ") : ""
      })`,
    );
  }
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------
// The harness

/** A touch with its paths written relative to the sandbox ($P, $O, $B, $H, $T, $RUN). */
export interface MappedTouch {
  readonly syscall: string;
  readonly path: string;
  readonly named: string;
  readonly error: string | null;
}

export interface Disagreement {
  /** The command as given (placeholders unexpanded). */
  readonly command: string;
  /** wrong-allow when the guard allowed, else missed; crash when the guard failed or its
   * verdict is ill-formed. */
  readonly kind: ProblemKind | "crash";
  readonly decision: Decision | null;
  readonly problems: readonly string[];
  readonly touches: readonly MappedTouch[];
  /** The strace lines behind the offending touches, paths mapped. */
  readonly evidence: readonly string[];
  readonly guard: string;
  readonly isolation: IsolationMode;
  readonly exitCode: number | null;
  readonly timedOut: boolean;
  readonly stderr: string;
}

export interface OracleResult {
  readonly command: string;
  readonly decision: Decision | null;
  /** The guard's verdict (absolute sandbox paths), null when it threw. */
  readonly verdict: Verdict | null;
  readonly executed: boolean;
  /** Why the command stayed static-only, or null. */
  readonly skipped: string | null;
  /** The touches outside the root, when it ran. */
  readonly outside: readonly MappedTouch[];
  /** Those covered only by a reason saying the guard could not look (see BLIND_REASONS). */
  readonly blind: readonly MappedTouch[];
  readonly disagreement: Disagreement | null;
  readonly timedOut: boolean;
  readonly exitCode: number | null;
}

export interface OracleOptions {
  /** Runs at once (each has its own sandbox and guard). Default 2. */
  readonly slots?: number;
  /** Per command; the whole process group is killed at the deadline. Default 3000. */
  readonly timeoutMs?: number;
  readonly isolation?: Isolation;
}

export interface Oracle {
  readonly isolation: Isolation;
  /** Judge `command` (placeholder form), run it when it may be run, and compare. */
  run(command: string): Promise<OracleResult>;
  /** Removes the sandboxes. */
  close(): void;
}

interface Slot {
  readonly run: string;
  readonly fx: Fixture;
  readonly guard: Guard;
  readonly map: (s: string) => string;
}

/** Sandbox paths as placeholders ($P, $O, $B, $H, $T, and $RUN for a run directory), longest
 * first so that $P does not eat $B. */
export function mapper(fx: Fixture, run?: string): (s: string) => string {
  const pairs: [string, string][] = [[fx.backup, "$B"], [fx.project, "$P"], [fx.outside, "$O"], [fx.home, "$H"], [
    fx.top,
    "$T",
  ]];
  if (run !== undefined) pairs.push([run, "$RUN"]);
  return (s) => {
    let out = s;
    for (const [path, name] of pairs) out = out.split(path).join(name);
    return out;
  };
}

/** Fixture at a fixed place inside the run directory, so one guard (its HOME fixed) serves
 * every run of the slot; rebuilt from nothing before each run. */
function resetFixture(run: string): Fixture {
  const at = join(run, "fx");
  removeTree(at);
  mkdirSync(at);
  return buildFixture(at);
}

export async function createOracle(options: OracleOptions = {}): Promise<Oracle> {
  const isolation = options.isolation ?? detectIsolation();
  const timeoutMs = options.timeoutMs ?? 3000;
  const strace = findProgram("strace");
  if (!strace) throw new Error("strace is required for the oracle and is not on PATH");
  const unshare = isolation.mode === "none" ? null : findProgram("unshare");
  const dir = acquireHarness();
  const slots: Slot[] = [];
  for (let i = 0; i < Math.max(1, options.slots ?? 2); i++) {
    const run = mkdtempSync(join(dir, `run${i}-`));
    const fx = resetFixture(run);
    slots.push({ run, fx, guard: await createGuard({ home: fx.home }), map: mapper(fx, run) });
  }
  let closed = false;
  const free = [...slots];
  const waiting: ((s: Slot) => void)[] = [];
  const acquire = () => new Promise<Slot>((take) => (free.length > 0 ? take(free.pop()!) : waiting.push(take)));
  const release = (s: Slot) => {
    const next = waiting.shift();
    if (next) next(s);
    else free.push(s);
  };

  const runIn = async (slot: Slot, command: string): Promise<OracleResult> => {
    const fx = resetFixture(slot.run);
    const map = slot.map;
    const text = fx.sub(command);
    const base = { command, executed: false, outside: [] as MappedTouch[], blind: [] as MappedTouch[], timedOut: false,
      exitCode: null };
    let verdict: Verdict;
    try {
      // Judged before the run, on the pristine sandbox, as in real use.
      verdict = slot.guard.check(text, { cwd: fx.project });
    } catch (e) {
      const d = crash(command, `check threw: ${e instanceof Error ? e.stack ?? e.message : String(e)}`, null,
        isolation.mode);
      return { ...base, decision: null, verdict: null, skipped: null, disagreement: d };
    }
    const bad = malformation(text, verdict) ??
      (verdict.reasons.some((r) => r.code === "INTERNAL_ERROR") ? "the verdict reports INTERNAL_ERROR" : null);
    if (bad) {
      return { ...base, decision: verdict.decision, verdict, skipped: null,
        disagreement: crash(command, bad, map(explainVerdict(verdict)), isolation.mode) };
    }
    const can = runnable(command, isolation);
    if (!can.safe) return { ...base, decision: verdict.decision, verdict, skipped: can.reason, disagreement: null };

    const traceFile = join(slot.run, "trace");
    rmSync(traceFile, { force: true });
    const straceArgs = ["-f", "-y", "-qq", "-e", "signal=none", "-e", `trace=${TRACED_SYSCALLS.join(",")}`, "-o",
      traceFile, "bash", "-c", text];
    const env = { HOME: fx.home, PATH: SANDBOX_PATH.join(":"), LC_ALL: "C" };
    const run = unshare
      ? await runKilling(unshare, [...isolation.unshareArgs, "bash", join(dir, "setup.sh"), slot.run, fx.project,
        isolation.ownProc ? "1" : "0", "--", strace, ...straceArgs], { cwd: fx.project, env }, timeoutMs)
      : await runKilling(strace, straceArgs, { cwd: fx.project, env }, timeoutMs);
    if (run.spawnError) throw new Error(`${unshare ?? strace} could not be run: ${run.spawnError}`);
    if (run.exitCode === 97 && run.stderr.includes("shellfence-oracle: cannot fence")) {
      throw new Error(run.stderr.trim());
    }
    const raw = readTrace(traceFile);
    if (raw === "" && !run.timedOut) {
      throw new Error(
        `strace wrote no trace for ${JSON.stringify(command)} (exit ${run.exitCode}): ${run.stderr.slice(0, 500)}`,
      );
    }
    // Read now: failed touches are resolved through the sandbox as the command left it.
    const touches = parseStrace(withoutPathOnlyOpens(raw), fx.project).filter((t) =>
      !isNoise(t) && !isUserDbLookup(t.path)
    );
    const outside = uniqueByPath(touches.filter((t) => !isInside(t.path, fx.project)));
    const mapped = (t: Touch): MappedTouch => ({ syscall: t.syscall, path: map(t.path), named: map(t.named),
      error: t.error });
    const { problems, blind } = judge(verdict, outside);
    const result = { ...base, executed: true, decision: verdict.decision, verdict, skipped: null,
      outside: outside.map(mapped), blind: blind.map(mapped), timedOut: run.timedOut, exitCode: run.exitCode };
    if (problems.length === 0) return { ...result, disagreement: null };
    const kind: ProblemKind = problems.some((p) => p.kind === "wrong-allow") ? "wrong-allow" : "missed";
    const evidence = evidenceLines(raw, problems.map((p) => p.touch)).map(map);
    return { ...result,
      disagreement: { command, kind, decision: verdict.decision,
        problems: problems.map((p) => {
          const t = mapped(p.touch);
          const what = `bash touched ${t.path} (${t.syscall}${t.error ? " " + t.error : ""}${
            t.named !== t.path ? `, named ${t.named}` : ""
          })`;
          return p.kind === "wrong-allow" ? `${what} but the guard allows` : `${what} and no access covers it`;
        }), touches: problems.map((p) => mapped(p.touch)), evidence, guard: map(explainVerdict(verdict)),
        isolation: isolation.mode, exitCode: run.exitCode, timedOut: run.timedOut,
        stderr: map(run.stderr.slice(0, 2000)) } };
  };

  return { isolation,
    async run(command: string): Promise<OracleResult> {
      const slot = await acquire();
      try {
        return await runIn(slot, command);
      } finally {
        release(slot);
      }
    },
    close(): void {
      if (closed) return;
      closed = true;
      for (const s of slots) removeTree(s.run);
      releaseHarness();
    } };
}

/** An open with O_PATH gets a handle for walking a path, and neither reads nor lists: it is a
 * look, like stat (libc's symlink-chasing opens `/`, `/etc`, `/run` so). Its line goes, and
 * the other half of a split call with it, which the parser skips without its start. */
function withoutPathOnlyOpens(raw: string): string {
  return raw.split("\n").filter((l) => !/^(?:\[pid\s+\d+\]\s*|\d+\s+)?open(?:at2?)?\(.*\bO_PATH\b/.test(l)).join("\n");
}

/** Where libc's NSS (systemd's userdb module) looks a user up, for `chown user`, `ls -l`, `id`:
 * the C library's business, like /etc/passwd in strace.ts's noise list. */
function isUserDbLookup(path: string): boolean {
  return ["/run/systemd/userdb", "/etc/userdb", "/run/userdb", "/run/host/userdb", "/run/host"].some((p) =>
    isInside(path, p)
  );
}

function crash(command: string, problem: string, guard: string | null, isolation: IsolationMode): Disagreement {
  return { command, kind: "crash", decision: null, problems: [problem], touches: [], evidence: [], guard: guard ?? "",
    isolation, exitCode: null, timedOut: false, stderr: "" };
}

/** The trace lines behind each offending touch: that process's calls of that syscall which
 * name its path (or the last part of it), else its first calls of that syscall. */
function evidenceLines(raw: string, touches: readonly Touch[]): string[] {
  const lines = raw.split("\n");
  const out: string[] = [];
  for (const t of touches) {
    const own = lines.filter((l) =>
      new RegExp(`^(?:\\[pid\\s+)?${t.pid}\\b`).test(l) &&
      (l.includes(`${t.syscall}(`) || l.includes(`<... ${t.syscall} resumed>`))
    );
    const base = t.named.split("/").pop() ?? "";
    const naming = own.filter((l) =>
      l.includes(t.path) || l.includes(t.named) || (base.length > 1 && l.includes(`${base}"`))
    );
    for (const l of (naming.length > 0 ? naming : own).slice(0, 3)) if (!out.includes(l)) out.push(l);
  }
  return out;
}

/** A disagreement as a block of text for a test failure or the fuzz log. */
export function formatDisagreement(d: Disagreement): string {
  return [`command: ${JSON.stringify(d.command)}`, ...d.problems.map((p) => `DISAGREEMENT (${d.kind}): ${p}`),
    ...(d.evidence.length > 0 ? ["strace:", ...d.evidence.map((l) => `  ${l}`)] : []),
    d.guard ? `guard ${d.guard}` : "", `isolation ${d.isolation}, exit ${d.exitCode}${d.timedOut ? ", timed out" : ""}`,
    d.stderr.trim() ? `stderr: ${d.stderr.trim().slice(0, 500)}` : ""].filter((l) => l !== "").join("\n");
}

// ---------------------------------------------------------------------------------------------
// Minimizing

/** bash accepts the text (`bash -n`). */
export function bashParses(text: string): boolean {
  return spawnSync("bash", ["-n", "-c", text], { stdio: "ignore", timeout: 5000 }).status === 0;
}

/**
 * A smaller command for which `stillFails` holds, by dropping runs of whitespace-separated
 * words (delta debugging); each kept word keeps the whitespace before it, so newlines stay
 * command separators. Candidates must parse and be runnable; `budget` bounds the calls of
 * `stillFails` (each may be a run).
 */
export async function minimize(text: string, stillFails: (candidate: string) => Promise<boolean>,
  budget = 80): Promise<string>
{
  let words = [...text.matchAll(/(\s*)(\S+)/g)].map((m) => ({ space: m[1]!, word: m[2]! }));
  const join = (ws: typeof words) => ws.map((w, i) => (i === 0 ? w.word : (w.space || " ") + w.word)).join("");
  let calls = 0;
  let n = 2;
  while (words.length >= 2 && calls < budget) {
    const size = Math.ceil(words.length / n);
    let reduced = false;
    for (let i = 0; i < words.length && calls < budget; i += size) {
      const candidate = [...words.slice(0, i), ...words.slice(i + size)];
      const t = join(candidate);
      if (candidate.length === 0 || !bashParses(t) || !runnable(t).safe) continue;
      calls++;
      if (await stillFails(t)) {
        words = candidate;
        n = Math.max(n - 1, 2);
        reduced = true;
        break;
      }
    }
    if (!reduced) {
      if (size <= 1) break;
      n = Math.min(words.length, n * 2);
    }
  }
  return join(words);
}
