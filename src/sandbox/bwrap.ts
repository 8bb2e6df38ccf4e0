// A sandbox profile as a bubblewrap command line, and whether bubblewrap can run here.
//
// The namespaces: a new user namespace in which the command may not make another
// (--disable-userns: one it made would give it the capabilities to unmount the masks), all
// capabilities dropped (a caller who is root would otherwise keep them, and with them
// `mount`), its own pid namespace (no host process to signal or ptrace), its own session (no
// TIOCSTI into the caller's terminal). The network is shared: the policy says nothing of it.

import { spawnSync } from "node:child_process";
import { lstatSync, readlinkSync, realpathSync, renameSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { STRICT_SYSTEM } from "./builtin.ts";
import { SandboxError, type SandboxProfile } from "./profile.ts";
import { filterAsPrintf, unixSocketFilter } from "./seccomp.ts";

const NO_FILTER =
  `shellfence does not know this machine's system calls (${process.arch}), so it cannot close Unix sockets in a sandbox`;

const NAMESPACES = ["--die-with-parent", "--new-session", "--unshare-user", "--disable-userns", "--cap-drop", "ALL",
  "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try"];

/**
 * Bound over each hidden file: the host's /dev/null, on a mount bwrap makes nodev, so that
 * every open of it fails (EACCES). Nothing the sandboxed command can write or swap (a mask
 * file in a temporary directory could be replaced by one in a writable /tmp).
 */
const MASK = "/dev/null";

/** The file descriptor on which bwrap reads the seccomp filter (seccomp.ts) unless told another. */
export const SECCOMP_FD = 9;

/**
 * The arguments to bwrap, before `--`, that run a program inside the profile. bwrap reads the
 * seccomp filter (`unixSocketFilter()`) on `seccompFd`, which the caller must open.
 */
export function bwrapArgs(profile: SandboxProfile, seccompFd: number = SECCOMP_FD): string[] {
  const args = [...NAMESPACES, "--seccomp", String(seccompFd)];
  if (profile.network === "none") args.push("--unshare-net");
  const sealed: string[] = [];
  if (profile.mode === "standard") args.push("--ro-bind", "/", "/");
  else {
    for (const p of STRICT_SYSTEM) {
      const t = lstatOrNull(p);
      if (t === "symlink") args.push("--symlink", readlinkSync(p), p);
    }
  }
  args.push("--dev", "/dev", "--proc", "/proc");
  if (profile.privateTmp) {
    args.push("--tmpfs", "/tmp");
    // A root in /tmp (a checkout in a temp dir) keeps its real, read-only surroundings, so
    // that a write next to it fails instead of landing in the private /tmp unseen.
    // Elsewhere, the same: a read-only tmpfs holds the way down to it (remounted read-only
    // once the mounts below are made), and what else is there stays hidden.
    const inTmp = profile.mounts.filter((m) => m.path.startsWith("/tmp/"));
    const tops = new Set(inTmp.map((m) => m.path.split("/").slice(0, 3).join("/")));
    for (const t of tops) {
      if (profile.mounts.some((m) => m.path === t)) continue;
      if (profile.mode === "standard") args.push("--ro-bind", t, t);
      else {
        args.push("--tmpfs", t);
        sealed.push(t);
      }
    }
  }
  if (profile.privateHome !== null) args.push("--tmpfs", profile.privateHome);
  for (const m of profile.mounts) {
    switch (m.mode) {
      case "writable":
        // Pinned or not, a bind of its own: a mount point cannot be renamed (EBUSY).
        args.push("--bind", m.path, m.path);
        break;
      case "read-only":
        args.push("--ro-bind", m.path, m.path);
        break;
      case "hidden":
        // An empty directory no one may enter, or the mask: reads and writes fail (EACCES).
        if (m.dir) args.push("--perms", "0000", "--tmpfs", m.path, "--remount-ro", m.path);
        else args.push("--ro-bind", MASK, m.path);
        break;
      default: {
        const never: never = m.mode;
        throw new Error(`unknown mount mode ${String(never)}`);
      }
    }
  }
  for (const t of sealed) args.push("--remount-ro", t);
  args.push("--chdir", profile.cwd);
  return args;
}

function lstatOrNull(p: string): "symlink" | "other" | null {
  try {
    return lstatSync(p).isSymbolicLink() ? "symlink" : "other";
  } catch {
    return null;
  }
}

/** Where bwrap is looked for: installed by the system, never from PATH (which a project can lead). */
export const TRUSTED_BWRAP = ["/usr/bin/bwrap", "/bin/bwrap", "/usr/local/bin/bwrap"] as const;

/**
 * The first trusted bwrap, or null. `SHELLFENCE_BWRAP` names another, taken only when it and
 * every directory above it belong to root or the caller and no one else may write them: a
 * command in the sandbox cannot plant a bwrap that the next call then runs outside it.
 */
export function findBwrap(named: string | undefined = process.env.SHELLFENCE_BWRAP): string | null {
  if (named !== undefined && named !== "") return trustedFile(named) ? named : null;
  return TRUSTED_BWRAP.find(trustedFile) ?? null;
}

/** A regular file (or a link to one) that only root or we could have put there. */
function trustedFile(path: string): boolean {
  if (!path.startsWith("/")) return false;
  try {
    const real = realpathSync(path);
    if (!statSync(real).isFile()) return false;
    const uid = process.getuid?.() ?? 0;
    for (let p = real;; p = dirname(p)) {
      const st = statSync(p);
      // Group- or world-writable (but for a sticky directory's own entry), or someone else's: not trusted.
      if ((st.uid !== 0 && st.uid !== uid) || (st.mode & 0o022) !== 0) return false;
      if (p === "/") return true;
    }
  } catch {
    return false;
  }
}

const NOT_FOUND = "bubblewrap (bwrap) is not installed; on Debian or Ubuntu: apt-get install bubblewrap " +
  `(looked for ${TRUSTED_BWRAP.join(", ")}, ` +
  "never PATH; SHELLFENCE_BWRAP may name another that only root or you can write)";

export type Availability = { readonly ok: true; readonly bwrap: string } | { readonly ok: false;
  readonly reason: string };

const probed = new Map<string, Availability>();

/**
 * Can bubblewrap make the sandbox here? It is tried once per process, with the namespaces a
 * real run uses: a kernel without unprivileged user namespaces, a seccomp policy that refuses
 * them (most container runtimes), or a bwrap older than 0.8 (no --disable-userns) all fail it.
 */
export function sandboxAvailability(bwrap: string | null = findBwrap()): Availability {
  if (bwrap === null) return { ok: false, reason: NOT_FOUND };
  const known = probed.get(bwrap);
  if (known) return known;
  const filter = unixSocketFilter();
  if (filter === null) return { ok: false, reason: NO_FILTER };
  // The filter on stdin (fd 0), as a real run hands it over on another descriptor.
  const probe = [...NAMESPACES, "--seccomp", "0", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"];
  probe.push("--", "true");
  const r = spawnSync(bwrap, probe, { encoding: "utf8", timeout: 10_000, input: filter });
  const a: Availability = r.status === 0
    ? { ok: true, bwrap }
    : { ok: false,
      reason: `bubblewrap cannot make a sandbox here: ${
        (r.error?.message ?? r.stderr ?? "").trim() || `exit ${r.status}`
      }` };
  probed.set(bwrap, a);
  return a;
}

/** The shell inside, by its path: PATH inside the sandbox may lead into the project. */
export const BASH = "/bin/bash";

/** Quotes a word for bash. */
function shellWord(s: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * One bash command line that runs `command` inside the profile, for hosts that only let an
 * extension replace the command their bash tool runs.
 */
export function sandboxedCommandLine(bwrap: string, profile: SandboxProfile, command: string,
  options: LineOptions = {}): string
{
  // The filter comes from printf through a pipe: no file a sandboxed process could replace.
  const filter = unixSocketFilter();
  if (filter === null) throw new SandboxError(NO_FILTER);
  // A host whose shell lives on between calls (Claude Code) keeps a `cd` the command made:
  // bash inside writes where it ended on fd 8 as it exits, and the host's shell goes there.
  const inner = options.keepCwd === true ? `trap 'pwd -P >&${CWD_FD} 2>/dev/null' EXIT\n${command}` : command;
  const run = [bwrap, ...bwrapArgs(profile, SECCOMP_FD), "--", BASH, "-c", inner].map(shellWord).join(" ") +
    ` ${SECCOMP_FD}< <(printf '${filterAsPrintf(filter)}')`;
  // Each part after the run keeps its status in __sf; the line ends by giving it back once
  // (`(exit N)` is a subshell: a fork each).
  const after: string[] = [];
  let line = run;
  if (options.keepCwd === true) {
    // Read back through a command substitution: fd 8 is its pipe, the command's stdout goes to
    // the shell's own (saved on fd 7 around it), and its status is the substitution's. No
    // program starts for it: a temporary file (mktemp, cat, rm) cost three, about 15 ms on a
    // slow machine. Nothing can hold the pipe open past the run: bwrap's pid namespace ends
    // every process the command left when it exits.
    line = `{ __sfd=$(${run} ${CWD_FD}>&1 >&${STDOUT_FD} ${STDOUT_FD}>&-); __sf=$?; } ${STDOUT_FD}>&1`;
    after.push(`if [ -n "$__sfd" ]; then cd -- "$__sfd" 2>/dev/null; fi`);
  }
  if (profile.mustStayAbsent.length > 0) {
    // After bwrap is gone (and with it, in its pid namespace, every process the command left),
    // what appeared where nothing may is moved aside; the status stays the command's.
    const paths = profile.mustStayAbsent.map(shellWord).join(" ");
    const move = `/bin/mv -f -- "$__p" "$__p${QUARANTINE}-$$" && echo "${quarantineNote("$__p")}" >&2`;
    after.push(`for __p in ${paths}; do if [ -e "$__p" ] || [ -L "$__p" ]; then ${move}; fi; done`);
  }
  if (after.length === 0) return line;
  return `${line}; ${options.keepCwd === true ? "" : "__sf=$?; "}${after.join("; ")}; (exit $__sf)`;
}

interface LineOptions {
  /** Carry the directory the command ended in back to the host's shell (`cd sub` persists). */
  readonly keepCwd?: boolean;
}

const CWD_FD = 8;
/** Where the host's stdout is kept while fd 1 is the substitution's pipe. */
const STDOUT_FD = 7;

/** The suffix of what was moved aside after a run. */
const QUARANTINE = ".shellfence-quarantine";

function quarantineNote(path: string): string {
  return `shellfence: moved ${path} aside (${QUARANTINE}): made in the sandbox, it would run code outside it`;
}

/** The same, for a run of our own (`exec`): returns the paths moved aside. */
export function quarantine(profile: SandboxProfile, note: (line: string) => void): string[] {
  const moved: string[] = [];
  for (const p of profile.mustStayAbsent) {
    try {
      lstatSync(p);
    } catch {
      continue;
    }
    renameSync(p, `${p}${QUARANTINE}-${process.pid}`);
    note(quarantineNote(p) + "\n");
    moved.push(p);
  }
  return moved;
}
