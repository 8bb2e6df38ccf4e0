// What the hook client and the resident checker agree on: where the socket lives and who may
// trust it, which build is answering (the fingerprint), and the one message each way.
//
// The client loads this module on every hook call, before it knows whether a server is there,
// so it imports node built-ins only and does no work at load time.

import { closeSync, lstatSync, mkdirSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SHELL_ENV_NAMES } from "../guard/shell-env.ts";

/** Raised when the message format changes, so that no old server reads a new request. */
export const PROTOCOL = 1;

/**
 * The environment the hook's answer depends on, sent with every request and applied by the
 * server while it answers: HOME (`~`, the home's protected files), XDG_CONFIG_HOME (the global
 * config and its protected directory), CLAUDE_PROJECT_DIR (the project root), the shell variables
 * src/guard/shell-env.ts passes in (CDPATH for `cd`, the active Python environment),
 * PWD. test/server.test.ts fails when src/ reads an environment variable not listed here.
 */
export const REQUEST_ENV = ["HOME", "PWD", "XDG_CONFIG_HOME", "CLAUDE_PROJECT_DIR", ...SHELL_ENV_NAMES] as const;

/**
 * What could load other code into a server when found in its environment: Node.js's preloads
 * (`--require`, `--import`) and module paths, Bun's options, the dynamic loader's preloads and
 * paths. A server is started without them (serverEnv), and a client trusts no server whose
 * environment holds one (src/server/peer.ts, native/shellfence-hook.c). Nothing the server
 * does depends on them: what a check reads of the environment is REQUEST_ENV, sent with each
 * request.
 */
export const CODE_ENV_NAMES = ["NODE_OPTIONS", "NODE_PATH", "BUN_OPTIONS"] as const;
export const CODE_ENV_PREFIXES = ["LD_", "DYLD_"] as const;

export function loadsCode(name: string): boolean {
  return (CODE_ENV_NAMES as readonly string[]).includes(name) || CODE_ENV_PREFIXES.some((p) => name.startsWith(p));
}

/** The environment a server is started with: the client's, less what could load other code into it. */
export function serverEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && !loadsCode(k)) out[k] = v;
  return out;
}

/**
 * The options of `serve` a client accepts on a server's command line, each followed by its
 * value: anything else there (a Node.js option before the script, another script) is not the
 * guard's server.
 */
export const SERVE_OPTIONS = ["--idle", "--budget"] as const;

/** Bounds a message; past it the reader gives up (the hook itself refuses 32 MiB of input). */
export const MAX_MESSAGE = 40 * 1024 * 1024;

/**
 * How long a client waits for its answer before it checks in its own process. Calls queue at
 * the server, so a burst on a loaded machine waits a while; a check in the client's own
 * process then would cost more than waiting, and adds to the load that made the wait.
 */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** How long a server waits for a request before it exits. */
export const DEFAULT_IDLE_SECONDS = 600;

export interface HookRequest {
  readonly protocol: number;
  readonly fingerprint: string;
  /** Who asks: a server answers only its own user. */
  readonly uid: number;
  /** The CLI arguments, `hook` first. */
  readonly argv: readonly string[];
  /** The client's working directory (relative --config paths resolve from it). */
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  /** The hook input, as read from the client's stdin. */
  readonly stdin: string;
}

export type HookReply = { readonly protocol: number; readonly fingerprint: string; readonly uid: number;
  readonly code: number; readonly stdout: string; readonly stderr: string } | { readonly protocol: number;
  readonly fingerprint: string; readonly uid: number; readonly error: string };

/** The package directory: this file is two levels below it in src/, dist/ and the bundle alike. */
export function packageRoot(): string {
  return fileURLToPath(new URL("../../", import.meta.url));
}

const isBun = typeof (globalThis as { Bun?: unknown }).Bun !== "undefined";

/** The bundled CLI, which starts fastest (scripts/build-bundle.ts). */
function bundleFile(root: string): string {
  return join(root, "dist", "bundle", "shellfence.cjs");
}

/** The CLI as `tsc` compiled it, one ES module per source file. */
function compiledFile(root: string): string {
  return join(root, "dist", "cli", "main.js");
}

/** The bundle's first line names its build (scripts/build-bundle.ts writes it). */
const BUNDLE_HEADER = /^\/\/ shellfence build ([0-9a-f]{16})\n/;
/** dist/base/build-id.js as the build rewrites it; a bare `tsc` writes the sources' null. */
const COMPILED_ID = /^export const BUILD_ID = "([0-9a-f]{16})";$/m;

/**
 * The build a code file belongs to (src/base/build-id.ts), read from the files, not from the
 * module asking, which may be another copy: null for the sources, a bare `tsc` build, a file
 * that is not there, or one without the id.
 */
export function buildIdOf(file: string, root: string = packageRoot()): string | null {
  try {
    if (file === bundleFile(root)) {
      const head = Buffer.alloc(64);
      const fd = openSync(file, "r");
      try {
        return BUNDLE_HEADER.exec(head.toString("latin1", 0, readSync(fd, head, 0, head.length, 0)))?.[1] ?? null;
      } finally {
        closeSync(fd);
      }
    }
    if (file === compiledFile(root)) {
      return COMPILED_ID.exec(readFileSync(join(root, "dist", "base", "build-id.js"), "latin1"))?.[1] ?? null;
    }
  } catch {
    // Not built, or only in part: no id, so not this build.
  }
  return null;
}

/**
 * The file whose code answers: under Bun the TypeScript sources; under Node.js the bundle when
 * it and the compiled modules name the same build, else the compiled CLI (a bare `tsc` rebuild
 * after the bundle would otherwise run stale code). By build identity, never by modification
 * time: npm extracts a tarball in its own order with fresh times, so an installed bundle is
 * often older on disk than the modules it was built with. bin/shellfence.js runs the one named
 * here, and the resident server's fingerprint names its build.
 */
export function codeFile(root: string = packageRoot(), runtime: "bun" | "node" = isBun ? "bun" : "node"): string {
  if (runtime === "bun") return join(root, "src", "cli", "main.ts");
  const bundle = bundleFile(root);
  const compiled = compiledFile(root);
  const id = buildIdOf(bundle, root);
  return id !== null && id === buildIdOf(compiled, root) ? bundle : compiled;
}

/** Whether hook calls go through the resident checker when SHELLFENCE_RESIDENT does not say. */
export function residentByDefault(file: string): boolean {
  return !isBun && file.endsWith(".cjs");
}

/**
 * Which build answers: the runtime (Node.js, or Bun and its version), the code file's path and
 * its build id (buildIdOf), so a rebuild or an install of other code names a new server and a
 * reinstall of the same build does not. Without an id (the sources under Bun, a bare `tsc`
 * build) the file's identity stands in for it: inode, size, modification time. Config is not in
 * it: the server reads the config layers afresh for every request, as a one-shot run does.
 *
 * Not the Node.js binary or its version: the native client (native/shellfence-hook.c) computes
 * the same name from the files alone, without starting Node.js, and the answer is the build's,
 * whichever Node.js 20 or later runs it (one behind a version manager's shim included).
 */
export function fingerprint(file: string = codeFile(), root: string = packageRoot()): string {
  const id = buildIdOf(file, root);
  const s = id === null ? statSync(file) : null;
  const identity = s ? [s.ino, s.size, s.mtimeMs] : [id];
  const runtime = process.versions.bun === undefined ? "node" : `bun ${process.versions.bun}`;
  return fnv1a64([PROTOCOL, runtime, file, ...identity].join("\u0000"));
}

/**
 * FNV-1a, 64 bits, over the text's UTF-8 bytes, as hex: names a build, it does not authenticate
 * one (the socket's owner and mode do that), and it spares the client loading node:crypto on
 * every call. Bytes, not UTF-16 units, so that the native client hashes a path as it has it.
 */
function fnv1a64(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(text, "utf8")) h = BigInt.asUintN(64, (h ^ BigInt(byte)) * 0x100000001b3n);
  return h.toString(16).padStart(16, "0");
}

/** The per-user directory for sockets: $XDG_RUNTIME_DIR/shellfence, else TMPDIR/shellfence-UID. */
export function runtimeDir(env: Readonly<Record<string, string | undefined>>, uid: number): string {
  const xdg = env.XDG_RUNTIME_DIR;
  return xdg && xdg.startsWith("/") ? join(xdg, "shellfence") : join(tmpdir(), `shellfence-${uid}`);
}

/**
 * Why `dir` cannot hold this user's socket (null when it can): it must be a real directory,
 * not a symlink, owned by `uid` and closed to everyone else. With `create` it is made (0700).
 */
export function privateDirProblem(dir: string, uid: number, create: boolean): string | null {
  if (create) {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    } catch (e) {
      return `cannot create ${dir}: ${(e as Error).message}`;
    }
  }
  return notPrivate(dir, uid, "directory");
}

/** Why the socket at `path` is not to be trusted (null when it is): a socket, ours, 0600 at most. */
export function socketProblem(path: string, uid: number): string | null {
  return notPrivate(path, uid, "socket");
}

/** Why `path` is not a `kind` of `uid`'s own that no one else may use (null when it is). */
function notPrivate(path: string, uid: number, kind: "directory" | "socket"): string | null {
  let s;
  try {
    s = lstatSync(path);
  } catch (e) {
    return `${path}: ${(e as Error).message}`;
  }
  if (kind === "directory" ? !s.isDirectory() : !s.isSocket()) return `${path} is not a ${kind}`;
  if (s.uid !== uid) return `${path} belongs to uid ${s.uid}, not ${uid}`;
  if ((s.mode & 0o077) !== 0) return `${path} is open to others (mode ${(s.mode & 0o777).toString(8)})`;
  return null;
}

export function socketPath(dir: string, print: string): string {
  return join(dir, `hook-${print}.sock`);
}

/**
 * The longest path a socket may have here: sockaddr_un's sun_path less its NUL (108 bytes on
 * Linux, 104 on macOS and the BSDs). Node.js cuts a longer one short without a word, so a server
 * would listen under a name no client looks for and its clients would start another for every
 * call; a client refuses such a path (it checks in its own process) and a server will not listen.
 */
const MAX_SOCKET_PATH = process.platform === "linux" ? 107 : 103;

/** Why `path` cannot name a socket here (null when it can). */
export function socketPathProblem(path: string): string | null {
  const bytes = Buffer.byteLength(path);
  return bytes > MAX_SOCKET_PATH
    ? `${path} is ${bytes} bytes, longer than a socket's path may be (${MAX_SOCKET_PATH})`
    : null;
}

/**
 * Where a server names itself: its pid, written before its socket takes the public name and kept
 * while it holds the name. The Node.js client, which cannot ask the kernel who is at the other
 * end of a socket, reads it and checks that process (src/server/peer.ts).
 */
export function pidPath(dir: string, print: string): string {
  return join(dir, `hook-${print}.pid`);
}

/**
 * The name a server binds before it renames the socket to the public name. /proc/net/unix shows
 * a socket under the name it was bound to, so this is where the Node.js client looks for the
 * listener of the process the pid file names. Shorter than the public name, so that it fits
 * wherever that does.
 */
export function stagingPath(dir: string, pid: number): string {
  return join(dir, `staging-${pid}.sock`);
}

/** The start lock: the first client to create it starts the server, the others do not. */
export function lockPath(dir: string, print: string): string {
  return join(dir, `hook-${print}.lock`);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function isStringRecord(v: unknown): v is Record<string, string> {
  return isRecord(v) && Object.values(v).every((x) => typeof x === "string");
}

/** A request read off the socket, or the reason it is not one. */
export function readRequest(text: string): HookRequest | string {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return "the request is not JSON";
  }
  if (!isRecord(v)) return "the request is not an object";
  if (v.protocol !== PROTOCOL) return `protocol ${String(v.protocol)}, expected ${PROTOCOL}`;
  const { fingerprint: print, uid, argv, cwd, env, stdin } = v;
  if (typeof print !== "string" || typeof uid !== "number" || typeof cwd !== "string" || typeof stdin !== "string") {
    return "the request is malformed";
  }
  if (!Array.isArray(argv) || !argv.every((a) => typeof a === "string")) return "the request's argv is malformed";
  if (!isStringRecord(env)) return "the request's env is malformed";
  return { protocol: PROTOCOL, fingerprint: print, uid, argv, cwd, env, stdin };
}

/**
 * A reply read off the socket, checked against what the client expects: this protocol, this
 * build, this user, and an answer of the right shape. Anything else is null: the client then
 * checks in its own process.
 */
export function readReply(text: string, print: string, uid: number): { code: number; stdout: string; stderr: string }
  | { error: string } | null
{
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(v) || v.protocol !== PROTOCOL || v.fingerprint !== print || v.uid !== uid) return null;
  if (typeof v.error === "string") return { error: v.error };
  const { code, stdout, stderr } = v;
  if (typeof code !== "number" || !Number.isInteger(code) || typeof stdout !== "string" || typeof stderr !== "string") {
    return null;
  }
  return { code, stdout, stderr };
}
