// The ground truth for the differential oracle: run a command for real under `strace -f -y`
// inside a throwaway fixture and report every path bash and its children touched. Stat-like
// syscalls are not traced at all: looking at a path is not touching it, and bash stats PATH
// entries and glob candidates constantly.

import { spawn, spawnSync } from "node:child_process";
import { accessSync, constants, lstatSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import type { Fixture } from "./fixture.ts";

export interface Touch {
  readonly pid: number;
  readonly syscall: string;
  /** Absolute physical path: the kernel's own answer when strace showed it (`= 3</x>`), else
   * resolved through the sandbox after the run. */
  readonly path: string;
  /** Absolute path as named: the directory the name was relative to, joined and normalised
   * lexically. */
  readonly named: string;
  readonly ok: boolean;
  /** The errno name when the syscall failed (`ENOENT`), else null. */
  readonly error: string | null;
  /** An open of a directory (O_DIRECTORY or O_PATH): by itself it only reaches names in it. */
  readonly directoryOpen: boolean;
  /** A file created exclusively (O_CREAT|O_EXCL, or O_TMPFILE): a new file, nothing existing. */
  readonly exclusiveCreate: boolean;
  /** An open's flags as strace printed them (`O_WRONLY|O_CREAT|O_TRUNC`); empty for other calls. */
  readonly flags: string;
  /** A file this run created exclusively and then renamed onto another path (sed -i's
   * sedXXXXXX, an atomic save): that path. Set on every touch of the file. */
  readonly becomes?: string;
  /** A login or interactive bash reading its own start-up files (~/.bash_profile, ~/.bashrc…),
   * which the guard does not judge (docs/semantics.md, "Known limits"). */
  readonly shellStartup?: boolean;
}

export interface Trace {
  /** Touches outside the system-noise list, in the order strace reported them. */
  readonly touches: readonly Touch[];
  /** Everything strace reported, noise included, for diagnosing the harness. */
  readonly all: readonly Touch[];
  readonly exitCode: number | null;
  readonly timedOut: boolean;
  readonly stdout: string;
  readonly stderr: string;
  readonly raw: string;
}

export interface TraceOptions {
  readonly timeoutMs?: number;
}

/** Syscalls that can touch a path, plus the process family (to inherit the cwd). A leading `?`
 * lets an older strace that does not know the name skip it instead of refusing to start. */
export const TRACED_SYSCALLS = ["open", "openat", "?openat2", "creat", "execve", "?execveat", "chdir", "fchdir",
  "mkdir", "mkdirat", "rmdir", "unlink", "unlinkat", "rename", "renameat", "?renameat2", "link", "linkat", "symlink",
  "symlinkat", "mknod", "mknodat", "chmod", "fchmod", "fchmodat", "?fchmodat2", "chown", "fchown", "lchown", "fchownat",
  "truncate", "ftruncate", "utime", "utimes", "futimesat", "utimensat", "getdents", "getdents64", "clone", "?clone3",
  "fork", "vfork"] as const;

// Found on the test's own PATH: the traced command gets PATH=/usr/bin:/bin, and spawn would
// look strace up there, missing one installed elsewhere.
function findStrace(): string {
  for (const dir of (process.env.PATH ?? "/usr/bin:/bin").split(":")) {
    if (dir === "") continue;
    const candidate = join(dir, "strace");
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  throw new Error("strace is required for the oracle test and is not on PATH");
}

/** Throws (never skips) when strace is missing or cannot trace here: the oracle is not optional. */
export function requireStrace(): void {
  const r = spawnSync(findStrace(), ["-qq", "-e", "trace=none", "true"], { stdio: ["ignore", "pipe", "pipe"],
    timeout: 5000 });
  if (r.error) throw new Error(`strace is required for the oracle test and could not be run: ${r.error.message}`);
  if (r.status !== 0) {
    throw new Error(`strace cannot trace in this environment (exit ${r.status}): ${r.stderr.toString()}`);
  }
}

export async function traceCommand(command: string, fx: Fixture, cwd: string,
  options: TraceOptions = {}): Promise<Trace>
{
  const timeoutMs = options.timeoutMs ?? 5000;
  const dir = mkdtempSync(join(tmpdir(), "shellfence-strace-"));
  const out = join(dir, "trace");
  try {
    const args = ["-f", "-y", "-qq", "-e", "signal=none", "-e", `trace=${TRACED_SYSCALLS.join(",")}`, "-o", out, "bash",
      "-c", command];
    const run = await runKilling(findStrace(), args, { cwd, env: { HOME: fx.home, PATH: "/usr/bin:/bin" } }, timeoutMs);
    if (run.spawnError) throw new Error(`strace could not be run: ${run.spawnError}`);
    let raw = "";
    try {
      raw = readFileSync(out, "utf8");
    } catch {
      throw new Error(`strace wrote no trace (exit ${run.exitCode}): ${run.stderr}`);
    }
    const all = parseStrace(raw, cwd);
    return { touches: all.filter((t) => !isNoise(t)), all, raw, ...run };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Run {
  readonly exitCode: number | null;
  readonly timedOut: boolean;
  readonly stdout: string;
  readonly stderr: string;
  readonly spawnError: string | null;
}

/** Output kept from a run; the rest is read and dropped. */
const OUTPUT_LIMIT = 64 * 1024;

/**
 * Starts a program in its own process group and, at the deadline, kills the group: killing only
 * the first process (strace, unshare) would leave a stuck command running, and writing, after
 * the harness moved on. Output past the limit is read and dropped, so an endless writer neither
 * fills memory nor blocks on a full pipe before its deadline.
 */
export function runKilling(program: string, args: readonly string[], opts: { cwd: string; env: Record<string, string> },
  timeoutMs: number): Promise<Run>
{
  return new Promise((done) => {
    const child = spawn(program, args, { cwd: opts.cwd, env: opts.env, stdio: ["ignore", "pipe", "pipe"],
      detached: true });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let timedOut = false;
    let settled = false;
    const finish = (exitCode: number | null, spawnError: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const text = (bufs: Buffer[]) => Buffer.concat(bufs).toString("utf8").slice(0, OUTPUT_LIMIT);
      done({ exitCode, spawnError, timedOut, stdout: text(out), stderr: text(err) });
    };
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // The group is already gone.
        }
      }
    }, timeoutMs);
    child.stdout.on("data", (b: Buffer) => {
      if (outBytes < OUTPUT_LIMIT) out.push(b);
      outBytes += b.length;
    });
    child.stderr.on("data", (b: Buffer) => {
      if (errBytes < OUTPUT_LIMIT) err.push(b);
      errBytes += b.length;
    });
    child.on("error", (e) => finish(null, e.message));
    child.on("close", (code) => finish(code, null));
  });
}

// ---------------------------------------------------------------------------------------------
// Noise

// (/etc/profile.d: a login shell's start-up files, which the guard does not judge; see
// docs/semantics.md "Known limits".)
const NOISE_PREFIXES = ["/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin", "/proc", "/sys", "/dev/fd",
  "/etc/ld.so.conf.d", "/etc/profile.d"];

/** What a login or interactive bash reads from the home directory as it starts (and ends). */
const SHELL_STARTUP_FILES = new Set([".bash_profile", ".bash_login", ".profile", ".bashrc", ".bash_logout",
  ".inputrc"]);

/** An execve's argv (as strace prints it) starts bash or sh as a login or interactive shell. */
export function startsLoginShell(argv: string): boolean {
  const words = [...argv.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
  const program = words[0] ?? "";
  if (!/^-?(?:.*\/)?(?:ba)?sh$/.test(program)) return false;
  if (program.startsWith("-")) return true;
  for (const w of words.slice(1)) {
    if (w === "--login" || w === "--interactive") return true;
    if (!/^-[A-Za-z]+$/.test(w)) return false;
    if (/[li]/.test(w)) return true;
    if (w.includes("c")) return false;
  }
  return false;
}

// Files libc, the loader and bash read on their own account. Other /etc paths are kept: when a
// command reads /etc/hosts, that is the command's doing.
const NOISE_FILES = new Set([
  "/etc/ld.so.cache",
  "/etc/ld.so.preload",
  "/etc/ld.so.conf",
  "/etc/nsswitch.conf",
  "/etc/passwd",
  "/etc/group",
  "/etc/locale.alias",
  "/etc/localtime",
  "/etc/selinux/config",
  "/etc/inputrc",
  "/etc/bash.bashrc",
  "/etc/profile",
  "/etc/bash_completion",
  "/etc/environment",
  "/etc/default/locale",
  "/etc/gconv",
  // file(1)'s own database.
  "/etc/magic",
  "/etc/magic.mgc",
  "/dev/null",
  "/dev/tty",
  "/dev/urandom",
  "/dev/random",
  "/dev/stdin",
  "/dev/stdout",
  "/dev/stderr",
  "/dev/full",
  "/dev/zero",
]);

function isNoisePath(p: string): boolean {
  if (NOISE_FILES.has(p)) return true;
  if (NOISE_PREFIXES.some((pre) => isInside(p, pre))) return true;
  // Here-documents too big for a pipe go through a temp file bash makes for itself.
  return /^\/(?:tmp|var\/tmp)\/sh-thd[.-]/.test(p);
}

/** System noise: the physical path or, for an absolute name, the name as given. A name under
 * /usr that lands elsewhere (`/usr/share/locale/locale.alias` → `/etc/locale.alias`) is still
 * the loader's business. */
export function isNoise(t: Touch): boolean {
  if (t.shellStartup) return true;
  // A temporary file a program makes for itself (tac and sort spill to $TMPDIR): created new,
  // under a name of its own choosing, it reaches nothing that was there.
  if (t.exclusiveCreate && /^\/(?:tmp|var\/tmp)\//.test(t.path)) return true;
  return isNoisePath(t.path) || isNoisePath(t.named);
}

/** Segment-wise containment: `/p/project-backup` is not inside `/p/project`. */
export function isInside(path: string, root: string): boolean {
  if (root === "/") return path.startsWith("/");
  return path === root || path.startsWith(root.endsWith("/") ? root : root + "/");
}

// ---------------------------------------------------------------------------------------------
// Parsing

/** One completed syscall, `<unfinished ...>` and `<... resumed>` halves joined. */
export interface SyscallEvent {
  readonly pid: number;
  readonly name: string;
  readonly args: readonly string[];
  /** The text after ` = `: `3</x/y>`, `-1 ENOENT (No such file or directory)`, `0`, `?`. */
  readonly result: string;
  /** The line (0-based) the call began on: process creation is ordered by its start. */
  readonly startLine: number;
  /** The line the call completed on: its effects (a chdir) are ordered by completion. */
  readonly endLine: number;
}

const LINE = /^(?:\[pid\s+(\d+)\]\s*|(\d+)\s+)?(.*)$/;
const RESUMED = /^<\.\.\. ([A-Za-z0-9_]+) resumed>(.*)$/;
const UNFINISHED = /\s*<unfinished \.\.\.>\s*$/;

/** Splits strace output into syscalls; `pid` is 0 when the output carries no pid column. */
export function parseEvents(text: string): SyscallEvent[] {
  const events: SyscallEvent[] = [];
  const pending = new Map<number, { text: string; line: number }>();
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const m = LINE.exec(lines[i]!);
    if (!m) continue;
    const pid = Number(m[1] ?? m[2] ?? 0);
    let body = m[3]!;
    if (body === "" || body.startsWith("---") || body.startsWith("+++") || body.startsWith("strace:")) continue;
    let startLine = i;
    const resumed = RESUMED.exec(body);
    if (resumed) {
      const first = pending.get(pid);
      pending.delete(pid);
      // A resumed half without its start (strace attached mid-call) cannot be read.
      if (!first) continue;
      body = first.text + resumed[2]!;
      startLine = first.line;
    } else if (UNFINISHED.test(body)) {
      pending.set(pid, { text: body.replace(UNFINISHED, ""), line: i });
      continue;
    }
    const call = splitCall(body);
    if (call) events.push({ pid, ...call, startLine, endLine: i });
  }
  return events;
}

/** `name(a, b, …) = result` → its parts, respecting strings, annotations and brackets. */
export function splitCall(body: string): { name: string; args: string[]; result: string } | null {
  const open = body.indexOf("(");
  if (open <= 0 || !/^[A-Za-z0-9_]+$/.test(body.slice(0, open))) return null;
  const name = body.slice(0, open);
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  let i = open + 1;
  for (; i < body.length; i++) {
    const c = body[i]!;
    if (c === '"') {
      i = skipQuoted(body, i, '"');
    } else if (c === "<" && i > 0 && /[A-Za-z0-9_\]]/.test(body[i - 1]!)) {
      // A -y annotation (`3</path>`, `AT_FDCWD</path>`): its path may hold commas and brackets.
      i = skipQuoted(body, i, ">");
    } else if (c === "/" && body[i + 1] === "*") {
      const end = body.indexOf("*/", i + 2);
      i = end < 0 ? body.length : end + 1;
    } else if (c === "(" || c === "[" || c === "{") {
      depth++;
    } else if (c === "]" || c === "}") {
      depth--;
    } else if (c === ")") {
      if (depth === 0) break;
      depth--;
    } else if (c === "," && depth === 0) {
      args.push(body.slice(start, i).trim());
      start = i + 1;
    }
  }
  if (i >= body.length) return null;
  const last = body.slice(start, i).trim();
  if (last !== "" || args.length > 0) args.push(last);
  const eq = /^\s*=\s*(.*)$/.exec(body.slice(i + 1));
  return { name, args, result: eq ? eq[1]!.trim() : "" };
}

/** Index of the closing delimiter of a quoted run starting at `from`, backslashes escaping. */
function skipQuoted(s: string, from: number, close: string): number {
  for (let j = from + 1; j < s.length; j++) {
    if (s[j] === "\\") j++;
    else if (s[j] === close) return j;
  }
  return s.length;
}

const SIMPLE_ESCAPES: Record<string, number> = { n: 10, t: 9, r: 13, v: 11, f: 12, a: 7, b: 8, e: 27, "\\": 92, '"': 34,
  "'": 39, "?": 63 };

/** strace's C-style escapes (`\"`, `\n`, `\x2f`, octal `\303\274`) → the bytes, read as UTF-8. */
export function unescapeStrace(s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== "\\") {
      for (const b of Buffer.from(c, "utf8")) bytes.push(b);
      continue;
    }
    const n = s[i + 1];
    if (n === undefined) {
      bytes.push(92);
      break;
    }
    if (n === "x" && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 2, i + 4))) {
      bytes.push(parseInt(s.slice(i + 2, i + 4), 16));
      i += 3;
    } else if (/[0-7]/.test(n)) {
      const oct = /^[0-7]{1,3}/.exec(s.slice(i + 1))![0];
      bytes.push(parseInt(oct, 8) & 0xff);
      i += oct.length;
    } else if (n in SIMPLE_ESCAPES) {
      bytes.push(SIMPLE_ESCAPES[n]!);
      i++;
    } else {
      for (const b of Buffer.from(n, "utf8")) bytes.push(b);
      i++;
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** A string argument `"…"` (possibly followed by `...` when strace truncated it); null for
 * NULL or anything that is not a string. */
export function stringArg(arg: string | undefined): string | null {
  if (arg === undefined || !arg.startsWith('"')) return null;
  const end = skipQuoted(arg, 0, '"');
  return unescapeStrace(arg.slice(1, end));
}

/** A descriptor argument or result: its number (AT_FDCWD is -100) and the -y path, when it is
 * a filesystem path (not `pipe:[…]` or `socket:[…]`). */
export function fdArg(arg: string | undefined): { fd: number | null; path: string | null } {
  if (arg === undefined) return { fd: null, path: null };
  const m = /^(AT_FDCWD|-?\d+)(?:<(.*)>)?/.exec(arg);
  if (!m) return { fd: null, path: null };
  const fd = m[1] === "AT_FDCWD" ? -100 : Number(m[1]);
  let path: string | null = null;
  if (m[2] !== undefined) {
    // The annotation ends at its first unescaped `>`; strace escapes one inside a name.
    const inner = m[2].slice(0, skipQuoted(`<${m[2]}>`, 0, ">") - 1);
    const p = unescapeStrace(inner).replace(/ \(deleted\)$/, "");
    if (p.startsWith("/")) path = p;
  }
  return { fd, path };
}

function errorOf(result: string): string | null {
  const m = /^-1 ([A-Z0-9]+)/.exec(result);
  return m ? m[1]! : null;
}

// ---------------------------------------------------------------------------------------------
// From syscalls to touches

/** Physical resolution as the kernel does it, through the sandbox as it is after the run:
 * symlinks followed (the final one only when `followFinal`), `..` applied to the physical
 * directory, and the rest applied lexically once a segment does not exist. */
export function resolveOnDisk(base: string, name: string, followFinal: boolean): string {
  let budget = 40;
  const walk = (dir: string, rel: string, follow: boolean): string => {
    let cur = rel.startsWith("/") ? "/" : dir;
    const segs = rel.split("/").filter((s) => s !== "" && s !== ".");
    for (let k = 0; k < segs.length; k++) {
      const seg = segs[k]!;
      if (seg === "..") {
        cur = posix.dirname(cur);
        continue;
      }
      const next = cur === "/" ? `/${seg}` : `${cur}/${seg}`;
      const isLast = k === segs.length - 1;
      let link: string | null = null;
      try {
        if (lstatSync(next).isSymbolicLink()) link = readlinkSync(next);
      } catch {
        return posix.resolve(next, ...segs.slice(k + 1));
      }
      if (link !== null && (!isLast || follow)) {
        if (--budget < 0) return posix.resolve(next, ...segs.slice(k + 1));
        cur = walk(cur, link, true);
      } else {
        cur = next;
      }
    }
    return cur;
  };
  return walk(base, name, followFinal);
}

const O_NOFOLLOW = /\bO_NOFOLLOW\b/;
const O_CREAT_EXCL = /\bO_CREAT\b.*\bO_EXCL\b|\bO_EXCL\b.*\bO_CREAT\b/;
const AT_NOFOLLOW = /\bAT_SYMLINK_NOFOLLOW\b/;

interface NamedArg {
  /** The directory descriptor's path (null: the cwd) and the name, or a bare descriptor. */
  readonly dir: string | null;
  readonly name: string | null;
  readonly follow: boolean;
}

/** The paths a syscall touches: a name relative to a directory descriptor or to the cwd, or a
 * descriptor alone (getdents, fchdir). */
function namedArgs(e: SyscallEvent): NamedArg[] {
  const a = e.args;
  const str = (i: number) => stringArg(a[i]);
  const dirOf = (i: number) => fdArg(a[i]).path;
  const at = (d: number, p: number, follow: boolean): NamedArg => ({ dir: dirOf(d), name: str(p), follow });
  const plain = (p: number, follow: boolean): NamedArg => ({ dir: null, name: str(p), follow });
  const fdOnly = (d: number): NamedArg => ({ dir: dirOf(d), name: null, follow: true });
  switch (e.name) {
    case "open":
    case "creat": {
      const flags = a[1] ?? "";
      return [plain(0, e.name === "creat" || !(O_NOFOLLOW.test(flags) || O_CREAT_EXCL.test(flags)))];
    }
    case "openat":
    case "openat2": {
      const flags = a[2] ?? "";
      return [at(0, 1, !(O_NOFOLLOW.test(flags) || O_CREAT_EXCL.test(flags)))];
    }
    case "execve":
    case "chdir":
    case "chmod":
    case "chown":
    case "truncate":
    case "utime":
    case "utimes":
      return [plain(0, true)];
    case "execveat":
      return [str(1) === "" ? fdOnly(0) : at(0, 1, !AT_NOFOLLOW.test(a[4] ?? ""))];
    case "fchdir":
    case "fchmod":
    case "fchown":
    case "ftruncate":
    case "getdents":
    case "getdents64":
      return [fdOnly(0)];
    case "mkdir":
    case "rmdir":
    case "unlink":
    case "lchown":
    case "mknod":
      return [plain(0, false)];
    case "mkdirat":
    case "unlinkat":
    case "mknodat":
      return [at(0, 1, false)];
    case "fchmodat":
    case "fchmodat2":
      return [at(0, 1, !AT_NOFOLLOW.test(a[3] ?? ""))];
    case "fchownat":
      return [at(0, 1, !AT_NOFOLLOW.test(a[4] ?? ""))];
    case "futimesat":
      return [at(0, 1, true)];
    case "utimensat":
      // A NULL name means the descriptor itself (touch on an open file).
      return [str(1) === null ? fdOnly(0) : at(0, 1, !AT_NOFOLLOW.test(a[3] ?? ""))];
    case "rename":
    case "link":
      return [plain(0, false), plain(1, false)];
    case "renameat":
    case "renameat2":
      return [at(0, 1, false), at(2, 3, false)];
    case "linkat":
      return [at(0, 1, /\bAT_SYMLINK_FOLLOW\b/.test(a[4] ?? "")), at(2, 3, false)];
    // The target of a symlink is only its content: creating a link touches the link alone.
    case "symlink":
      return [plain(1, false)];
    case "symlinkat":
      return [at(1, 2, false)];
    default:
      return [];
  }
}

const PROCESS_CREATION = new Set(["clone", "clone3", "fork", "vfork"]);

/** The touches in a trace, noise included. `cwd` is where the traced bash started. */
export function parseStrace(text: string, cwd: string, resolve: typeof resolveOnDisk = resolveOnDisk): Touch[] {
  const events = parseEvents(text);
  // A child's cwd is its parent's when the clone began; the parent's clone may complete (and
  // print) after the child's first syscalls, so process creation is ordered by its start.
  const order = events.map((e, i) => ({ e, key: PROCESS_CREATION.has(e.name) ? e.startLine : e.endLine, i })).sort((x,
    y) => x.key - y.key || x.i - y.i
  ).map((x) => x.e);
  const cwds = new Map<number, string>();
  const touches: Touch[] = [];
  const renamed = new Map<string, string>();
  const loginShells = new Set<number>();
  // A pid first seen without a known parent can only be the traced bash itself.
  const cwdOf = (pid: number) => cwds.get(pid) ?? cwd;
  for (const e of order) {
    // The -y annotation of AT_FDCWD is the kernel's own word on the cwd: trust it over tracking.
    for (const arg of e.args) {
      if (arg.startsWith("AT_FDCWD<")) {
        const p = fdArg(arg).path;
        if (p) cwds.set(e.pid, p);
      }
    }
    const error = errorOf(e.result);
    const ok = error === null && e.result !== "" && e.result !== "?";
    if (PROCESS_CREATION.has(e.name)) {
      const child = Number(/^\d+/.exec(e.result)?.[0] ?? NaN);
      if (Number.isInteger(child) && child > 0) cwds.set(child, cwdOf(e.pid));
      continue;
    }
    if (e.name === "execve" && ok) {
      if (startsLoginShell(e.args[1] ?? "")) loginShells.add(e.pid);
      else loginShells.delete(e.pid);
    }
    const ret = fdArg(e.result).path;
    const first = touches.length;
    for (const n of namedArgs(e)) {
      let named: string;
      let path: string;
      if (n.name === null) {
        if (n.dir === null) continue;
        named = path = n.dir;
      } else {
        const base = n.name.startsWith("/") ? "/" : n.dir ?? cwdOf(e.pid);
        named = posix.resolve(base, n.name);
        // For an open that succeeded strace tells the physical result; otherwise ask the disk.
        path = (e.name === "open" || e.name === "openat" || e.name === "openat2" || e.name === "creat") && ok && ret
          ? ret
          : resolve(base, n.name, n.follow);
      }
      const flags = e.name === "open"
        ? (e.args[1] ?? "")
        : e.name === "openat" || e.name === "openat2"
        ? (e.args[2] ?? "")
        : "";
      const readOnly = flags !== "" && !/\bO_(WRONLY|RDWR|CREAT|TRUNC|APPEND)\b/.test(flags);
      touches.push({ pid: e.pid, syscall: e.name, path, named, ok, error, flags,
        directoryOpen: /\bO_(DIRECTORY|PATH)\b/.test(flags) && !/\bO_TMPFILE\b/.test(flags),
        exclusiveCreate: O_CREAT_EXCL.test(flags) || /\bO_TMPFILE\b/.test(flags),
        ...(readOnly && loginShells.has(e.pid) && SHELL_STARTUP_FILES.has(path.slice(path.lastIndexOf("/") + 1))
          ? { shellStartup: true }
          : {}) });
    }
    if (ok && /^rename(at2?)?$/.test(e.name) && touches.length === first + 2) {
      renamed.set(touches[first]!.path, touches[first + 1]!.path);
    }
    if (ok && (e.name === "chdir" || e.name === "fchdir")) {
      const last = touches[touches.length - 1];
      if (last) cwds.set(e.pid, last.path);
    }
  }
  const created = new Set(touches.filter((t) => t.exclusiveCreate).map((t) => t.path));
  return touches.map((t) => (created.has(t.path) && renamed.has(t.path) ? { ...t, becomes: renamed.get(t.path)! } : t));
}
