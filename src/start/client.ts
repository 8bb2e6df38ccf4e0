// The hook client: what `shellfence hook …` runs when the resident checker is on. It reads the
// hook input, asks the server for the answer, and prints it. Whenever that fails (no socket, a
// socket it does not trust, no answer in time, an answer it cannot read or that is not for this
// build and user) it checks in its own process, exactly as a one-shot run: never a silent allow.
// When no server is running it starts one for the next call.
//
// It loads protocol.ts and node built-ins only; the checker is imported only to fall back.

import { closeSync, openSync, statSync, unlinkSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { serverProblem, type ServerIdentity } from "../server/peer.ts";
import { codeFile, DEFAULT_TIMEOUT_MS, fingerprint, type HookRequest, lockPath, MAX_MESSAGE, packageRoot, PROTOCOL,
  privateDirProblem, readReply, REQUEST_ENV, runtimeDir, serverEnv, socketPath, socketPathProblem,
  socketProblem } from "../server/protocol.ts";

export type ServerAnswer = { readonly code: number; readonly stdout: string; readonly stderr: string } | {
  readonly fallback: string;
};

export interface AskOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly timeoutMs?: number;
  /** Start a server when none answers (default true). */
  readonly start?: boolean;
  /**
   * The server this client trusts (default: this runtime running this package's bin, as
   * startServer starts it). The tests name a stand-in's script here to exercise the reply checks.
   */
  readonly server?: ServerIdentity;
}

/** The server this client starts, and so the only one it trusts. */
function ownServer(): ServerIdentity {
  return { exe: process.execPath, script: join(packageRoot(), "bin", "shellfence.js") };
}

/** A start lock older than this belongs to a start that failed; the next client tries again. */
const STALE_LOCK_MS = 10_000;

/** Asks the resident checker; `fallback` says why the caller must check in its own process. */
export async function askServer(argv: readonly string[], stdin: string, options: AskOptions): Promise<ServerAnswer> {
  const uid = process.getuid?.();
  if (uid === undefined) return { fallback: "no user ids on this system" };
  const dir = runtimeDir(options.env, uid);
  const dirProblem = privateDirProblem(dir, uid, false);
  let print: string;
  try {
    print = fingerprint(codeFile());
  } catch (e) {
    return { fallback: `no code to fingerprint: ${(e as Error).message}` };
  }
  const path = socketPath(dir, print);
  // No server can listen there: none is started, every call is checked here.
  const tooLong = socketPathProblem(path);
  if (tooLong !== null) return { fallback: tooLong };
  const start = options.start ?? true;
  const problem = dirProblem ?? socketProblem(path, uid);
  if (problem !== null) {
    // Our own directory: a missing or untrusted socket is replaced by a server we start. A
    // directory that is not ours is never used.
    if (start && (dirProblem === null || /ENOENT/.test(dirProblem))) startServer(dir, print, uid, options.env);
    return { fallback: problem };
  }
  // Who listens, before anything is sent (peer.ts). A server that is not the guard's is neither
  // asked nor replaced: removing its socket and starting ours would be a race it can rejoin, and
  // the call is checked here either way. A real server run by another Node.js (one upgraded or
  // switched since) gets no more calls and idles out; the next call then starts ours.
  const impostor = serverProblem(dir, print, uid, options.server ?? ownServer());
  if (impostor !== null) return { fallback: `the server is not the guard's: ${impostor}` };
  const env: Record<string, string> = {};
  for (const k of REQUEST_ENV) {
    const v = options.env[k];
    if (v !== undefined) env[k] = v;
  }
  const request: HookRequest = { protocol: PROTOCOL, fingerprint: print, uid, argv, cwd: options.cwd, env, stdin };
  const reply = await exchange(path, JSON.stringify(request) + "\n", options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  if (typeof reply !== "string") {
    // Refused: the socket is left over from a server that is gone.
    if (start && reply.refused) startServer(dir, print, uid, options.env);
    return { fallback: reply.why };
  }
  const read = readReply(reply, print, uid);
  if (read === null) return { fallback: "the server's reply is not a valid answer for this build and user" };
  if ("error" in read) return { fallback: `the server refused: ${read.error}` };
  return read;
}

/** Sends one request and reads the reply up to its newline, within the time allowed. */
function exchange(path: string, request: string,
  timeoutMs: number): Promise<string | { why: string; refused: boolean }>
{
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (v: string | { why: string; refused: boolean }) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(v);
    };
    const timer = setTimeout(() => finish({ why: `no answer within ${timeoutMs} ms`, refused: false }), timeoutMs);
    const socket = connect(path);
    socket.on("error",
      (e: NodeJS.ErrnoException) => finish({ why: `the server: ${e.message}`, refused: e.code === "ECONNREFUSED" }));
    socket.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_MESSAGE) return finish({ why: "the server's reply is too large", refused: false });
      const nl = chunk.indexOf(10);
      chunks.push(nl < 0 ? chunk : chunk.subarray(0, nl));
      if (nl >= 0) finish(Buffer.concat(chunks).toString("utf8"));
    });
    socket.on("end", () => finish({ why: "the server closed the connection without an answer", refused: false }));
    socket.write(request);
  });
}

/**
 * Starts `shellfence serve` detached, with nothing of ours open in it (the host waits for the
 * hook's stdout to close). The lock keeps a burst of first calls from starting one each.
 */
function startServer(dir: string, print: string, uid: number, env: Readonly<Record<string, string | undefined>>): void {
  if (privateDirProblem(dir, uid, true) !== null) return;
  const lock = lockPath(dir, print);
  if (!takeLock(lock)) return;
  // node:child_process is loaded only here: most calls find a server and never need it.
  import("node:child_process").then(({ spawn }) => {
    // Without what could load other code into it (protocol.ts loadsCode): a client trusts no
    // server started with it.
    const own = ownServer();
    const child = spawn(own.exe, [own.script, "serve"], { detached: true, stdio: "ignore", cwd: "/",
      env: serverEnv(env) });
    child.on("error", () => {});
    child.unref();
  }).catch(() => {
    // Not started: this call is checked here anyway, and the lock expires for the next.
  });
}

function takeLock(lock: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      closeSync(openSync(lock, "wx", 0o600));
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") return false;
      try {
        if (Date.now() - statSync(lock).mtimeMs < STALE_LOCK_MS) return false;
        unlinkSync(lock);
      } catch {
        return false;
      }
    }
  }
  return false;
}

/**
 * The hook input, read to its end within `timeoutMs`. A host that never closes stdin would hold
 * the client until the host gives up on the hook, and Claude Code then runs the call unchecked:
 * past the deadline the input is taken as far as it came (`ended: false`) and stdin is let go.
 */
function readStdin(timeoutMs: number): Promise<{ readonly text: string; readonly ended: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const text = () => Buffer.concat(chunks).toString("utf8");
    const timer = setTimeout(() => {
      process.stdin.destroy();
      resolve({ text: text(), ended: false });
    }, timeoutMs);
    process.stdin.on("data", (c: Buffer) => chunks.push(c));
    process.stdin.on("end", () => {
      clearTimeout(timer);
      resolve({ text: text(), ended: true });
    });
    process.stdin.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

/** `shellfence hook …` through the resident checker; sets the exit status, prints the answer. */
export async function runHookClient(argv: readonly string[]): Promise<void> {
  const env = process.env;
  const timeout = Number(env.SHELLFENCE_RESIDENT_TIMEOUT_MS);
  const timeoutMs = timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS;
  const debug = env.SHELLFENCE_RESIDENT_DEBUG === "1";
  const input = await readStdin(timeoutMs);
  const stdin = input.text;
  if (!input.ended) {
    // What came is checked here, as the hook reads it: cut short, it is not a call, and asks.
    if (debug) {
      process.stderr.write(`shellfence: checked in this process: the hook input did not end within ${timeoutMs} ms\n`);
    }
    process.exitCode = await checkHere(argv, stdin);
    return;
  }
  const got = await askServer(argv, stdin, { env, cwd: process.cwd(), timeoutMs });
  if ("code" in got) {
    if (debug) process.stderr.write("shellfence: answered by the resident checker\n");
    process.stdout.write(got.stdout);
    if (got.stderr) process.stderr.write(got.stderr);
    process.exitCode = got.code;
    return;
  }
  if (debug) process.stderr.write(`shellfence: checked in this process: ${got.fallback}\n`);
  process.exitCode = await checkHere(argv, stdin);
}

/** The one-shot path, for a hook input already read. */
async function checkHere(argv: readonly string[], stdin: string): Promise<number> {
  if (typeof (globalThis as { Bun?: unknown }).Bun === "undefined") {
    // As bin/shellfence.js does for every one-shot run: see the comment there.
    const { setFlagsFromString } = await import("node:v8");
    setFlagsFromString("--liftoff-only");
  }
  const { loadCodeFile } = await import("./code-cache.ts");
  const loaded = await loadCodeFile(codeFile(), "liftoff");
  const cli = loaded.exports as typeof import("../cli/main.ts");
  const { stdinLines } = await import("../server/lines.ts");
  const code = await cli.main(argv, { ...cli.processIo(), stdin: () => stdinLines(stdin) });
  loaded.save();
  return code;
}
