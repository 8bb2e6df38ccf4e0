// A sandbox profile as a bubblewrap command line, and whether bubblewrap can run here.
//
// The namespaces: a new user namespace in which the command may not make another
// (--disable-userns: one it made would give it the capabilities to unmount the masks), all
// capabilities dropped (a caller who is root would otherwise keep them, and with them
// `mount`), its own pid namespace (no host process to signal or ptrace), its own session (no
// TIOCSTI into the caller's terminal). The network is shared: the policy says nothing of it.

import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, lstatSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { STRICT_SYSTEM } from "./builtin.ts";
import type { SandboxProfile } from "./profile.ts";

const NAMESPACES = [
  "--die-with-parent", "--new-session", "--unshare-user", "--disable-userns", "--cap-drop", "ALL",
  "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
];

/** An empty file no one may open, bound over each hidden file. Made once per process. */
let maskFile: string | null = null;

function mask(): string {
  if (maskFile !== null && existsSync(maskFile)) return maskFile;
  const dir = mkdtempSync(join(tmpdir(), "shellfence-mask-"));
  const file = join(dir, "hidden");
  writeFileSync(file, "");
  chmodSync(file, 0o000);
  maskFile = file;
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  return file;
}

/** The arguments to bwrap, up to and including `--`, that run a program inside the profile. */
export function bwrapArgs(profile: SandboxProfile): string[] {
  const args = [...NAMESPACES];
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
    if (profile.mode === "standard") {
      const tops = new Set(profile.mounts.filter((m) => m.path.startsWith("/tmp/")).map((m) => m.path.split("/").slice(0, 3).join("/")));
      for (const t of tops) args.push("--ro-bind", t, t);
    }
  }
  if (profile.privateHome !== null) args.push("--tmpfs", profile.privateHome);
  for (const m of profile.mounts) {
    switch (m.mode) {
      case "writable":
        args.push("--bind", m.path, m.path);
        break;
      case "read-only":
        args.push("--ro-bind", m.path, m.path);
        break;
      case "hidden":
        // An empty directory no one may enter, or the mask: reads and writes fail (EACCES).
        if (m.dir) args.push("--perms", "0000", "--tmpfs", m.path, "--remount-ro", m.path);
        else args.push("--ro-bind", mask(), m.path);
        break;
      default: {
        const never: never = m.mode;
        throw new Error(`unknown mount mode ${String(never)}`);
      }
    }
  }
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

/** bwrap on PATH, or null. */
export function findBwrap(pathVar: string = process.env.PATH ?? ""): string | null {
  for (const d of pathVar.split(delimiter)) {
    if (d === "") continue;
    const p = join(d, "bwrap");
    if (existsSync(p)) return p;
  }
  return null;
}

export type Availability = { readonly ok: true; readonly bwrap: string } | { readonly ok: false; readonly reason: string };

const probed = new Map<string, Availability>();

/**
 * Can bubblewrap make the sandbox here? It is tried once per process, with the namespaces a
 * real run uses: a kernel without unprivileged user namespaces, a seccomp policy that refuses
 * them (most container runtimes), or a bwrap older than 0.8 (no --disable-userns) all fail it.
 */
export function sandboxAvailability(bwrap: string | null = findBwrap()): Availability {
  if (bwrap === null) return { ok: false, reason: "bubblewrap (bwrap) is not installed; on Debian or Ubuntu: apt-get install bubblewrap" };
  const known = probed.get(bwrap);
  if (known) return known;
  const r = spawnSync(bwrap, [...NAMESPACES, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--", "true"], { encoding: "utf8", timeout: 10_000 });
  const a: Availability =
    r.status === 0
      ? { ok: true, bwrap }
      : { ok: false, reason: `bubblewrap cannot make a sandbox here: ${(r.error?.message ?? r.stderr ?? "").trim() || `exit ${r.status}`}` };
  probed.set(bwrap, a);
  return a;
}

/** Quotes a word for bash. */
function shellWord(s: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * One bash command line that runs `command` inside the profile, for hosts that only let an
 * extension replace the command their bash tool runs.
 */
export function sandboxedCommandLine(bwrap: string, profile: SandboxProfile, command: string): string {
  return [bwrap, ...bwrapArgs(profile), "--", "bash", "-c", command].map(shellWord).join(" ");
}
