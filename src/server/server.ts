// `shellfence serve`: the resident checker. It keeps the grammar and the command table loaded
// and answers hook calls over a per-user Unix socket, so a hook pays for a small client
// instead of a full start. See docs/architecture.md ("The resident checker").
//
// Each request is answered exactly as a one-shot run in the client's place would answer it:
// the CLI runs with the client's arguments, stdin, working directory and the environment that
// matters (REQUEST_ENV), and the config layers are read afresh. Working directory and
// environment are process-wide, so requests are answered one at a time, never interleaved.

import { chmodSync, lstatSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { join } from "node:path";
import { ArgError, Args } from "../base/args.ts";
import type { Io } from "../base/io.ts";
import { claudeCodeFailClosed } from "../integrations/claude-code.ts";
import { stdinLines } from "./lines.ts";
import { startWatchdog, type Watchdog } from "./watchdog.ts";
import { codeFile, DEFAULT_IDLE_SECONDS, fingerprint, type HookReply, type HookRequest, lockPath, MAX_MESSAGE, pidPath,
  PROTOCOL, privateDirProblem, readRequest, REQUEST_ENV, runtimeDir, socketPath, socketPathProblem, socketProblem,
  stagingPath } from "./protocol.ts";

export interface ServeOptions {
  /** The CLI itself, which answers each request. */
  readonly run: (argv: readonly string[], io: Io) => Promise<number>;
  /** Exit after this long without a request. */
  readonly idleSeconds: number;
  /** A request still unanswered after this long is answered fail-closed and the server ends (watchdog.ts). */
  readonly budgetMs?: number;
  /** Where to find the runtime directory (XDG_RUNTIME_DIR, TMPDIR). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stderr: (s: string) => void;
}

/**
 * ServeOptions.budgetMs's default: above the hook's own check budget (a quarter of its 20 s
 * --timeout, so a check that stops itself answers first) and under the client's 10 s wait.
 */
const DEFAULT_BUDGET_MS = 8_000;

const USAGE = `usage: shellfence serve [--idle SECONDS] [--budget MS]

The resident checker: answers \`shellfence hook\` calls over a Unix socket in the user's runtime
directory ($XDG_RUNTIME_DIR/shellfence, else $TMPDIR/shellfence-UID), so a hook call does not
start the checker anew. The hook starts it on demand; it exits after SECONDS without a call
(default: $SHELLFENCE_RESIDENT_IDLE, else ${DEFAULT_IDLE_SECONDS}). A call not answered within MS
milliseconds (default ${DEFAULT_BUDGET_MS}) is answered "ask" (deny under the hook's --strict) and
the server ends, so that it stalls no other call; the next call starts a new one.`;

/** \`shellfence serve\`: reads its options and serves. */
export async function runServe(argv: readonly string[], io: Io, run: ServeOptions["run"]): Promise<number> {
  const fromEnv = Number(io.env.SHELLFENCE_RESIDENT_IDLE);
  let idleSeconds = fromEnv > 0 ? fromEnv : DEFAULT_IDLE_SECONDS;
  let budgetMs = DEFAULT_BUDGET_MS;
  try {
    const args = new Args(argv);
    for (let a = args.next(); a !== undefined; a = args.next()) {
      if (a === "-h" || a === "--help") {
        io.stdout(USAGE + "\n");
        return 0;
      }
      if (Args.is(a, "--budget")) {
        const v = args.value(a, "--budget");
        budgetMs = Number(v);
        if (!Number.isInteger(budgetMs) || budgetMs <= 0) {
          throw new ArgError(`serve: --budget needs a number of milliseconds above 0, not ${JSON.stringify(v)}`);
        }
        continue;
      }
      if (!Args.is(a, "--idle")) throw new ArgError(`serve: unknown argument ${JSON.stringify(a)}`);
      const v = args.value(a, "--idle");
      idleSeconds = Number(v);
      if (!(idleSeconds > 0)) {
        throw new ArgError(`serve: --idle needs a number of seconds above 0, not ${JSON.stringify(v)}`);
      }
    }
  } catch (e) {
    if (!(e instanceof ArgError)) throw e;
    io.stderr(`shellfence: ${e.message}\n${USAGE}\n`);
    return 2;
  }
  return serve({ run, idleSeconds, budgetMs, env: io.env, stderr: io.stderr });
}

/** How often the server looks whether it has been idle too long or its socket was replaced. */
const WATCH_MS = 2000;

/** Serves until idle, replaced or signalled; resolves with the exit status. */
export async function serve(options: ServeOptions): Promise<number> {
  const uid = process.getuid?.();
  if (uid === undefined) {
    options.stderr("shellfence serve: needs a system with user ids and Unix sockets\n");
    return 2;
  }
  const dir = runtimeDir(options.env, uid);
  const dirProblem = privateDirProblem(dir, uid, true);
  if (dirProblem !== null) {
    options.stderr(`shellfence serve: ${dirProblem}\n`);
    return 2;
  }
  const print = fingerprint(codeFile());
  const path = socketPath(dir, print);
  // Bound under a name of its own, then renamed over the public name: a client never sees a
  // socket that is not yet 0600, and two servers started at once leave one at the name. The
  // staging name is shorter than the public one, so that it fits wherever that does, and is the
  // name /proc/net/unix keeps showing, where the Node.js client looks for this server's listener.
  const staging = stagingPath(dir, process.pid);
  const pidFile = pidPath(dir, print);
  const tooLong = socketPathProblem(path);
  if (tooLong !== null) {
    options.stderr(`shellfence serve: ${tooLong}\n`);
    return 2;
  }
  removeIfThere(staging);

  let last = Date.now();
  let busy = 0;
  let queue: Promise<unknown> = Promise.resolve();
  // Set once the socket is in place: the watchdog removes it before it ends the server.
  let watchdog: Watchdog | null = null;
  // Only requests count as use: the native client connects to learn who listens and leaves
  // without a word when it does not trust the server (a server of another Node.js, say), which
  // must then idle out rather than be kept alive by the calls it no longer gets.
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    busy++;
    let asked = false;
    receive(socket, (text, waiting) => {
      asked = true;
      last = Date.now();
      // A client that gave up waiting (its timeout) checks in its own process: its request,
      // still in the queue, is dropped rather than answered to no one behind the others.
      const job = queue.then(() => (waiting() ? answer(text, options, print, uid, watched(watchdog, socket)) : null));
      queue = job.catch(() => {});
      return job;
    }).finally(() => {
      busy--;
      if (asked) last = Date.now();
    });
  });

  const oldMask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(staging, () => resolve());
    });
  } catch (e) {
    options.stderr(`shellfence serve: cannot listen on ${staging}: ${(e as Error).message}\n`);
    return 2;
  } finally {
    process.umask(oldMask);
  }
  // Listening now: a failure from here on closes the server, or it would keep the process alive
  // with no name any client finds.
  let inode: number;
  try {
    chmodSync(staging, 0o600);
    const staged = socketProblem(staging, uid);
    if (staged !== null) throw new Error(staged);
    // Named before the socket takes the public name, so that a client never finds the socket
    // without it.
    writePidFile(dir, pidFile);
    renameSync(staging, path);
    inode = lstatSync(path).ino;
  } catch (e) {
    server.close();
    removeIfThere(staging);
    options.stderr(`shellfence serve: ${(e as Error).message}\n`);
    return 2;
  }
  watchdog = startWatchdog(path, inode, options.budgetMs ?? DEFAULT_BUDGET_MS);
  removeIfThere(lockPath(dir, print));

  return new Promise<number>((resolve) => {
    const stop = () => {
      clearInterval(watch);
      watchdog?.stop();
      process.off("SIGTERM", stop);
      process.off("SIGINT", stop);
      // Only our own socket and pid file: a newer server may already hold the name.
      if (ownsName(path, inode)) removeIfThere(path);
      if (namesUs(pidFile)) removeIfThere(pidFile);
      server.close(() => resolve(0));
    };
    const watch = setInterval(() => {
      if (!ownsName(path, inode) || (busy === 0 && Date.now() - last > options.idleSeconds * 1000)) return stop();
      // Two servers started at once each name themselves and then take the socket's name in
      // turn: the one left with the name puts its pid back.
      try {
        if (!namesUs(pidFile)) writePidFile(dir, pidFile);
      } catch {
        // The next tick tries again; meanwhile the Node.js client checks in its own process.
      }
    }, Math.min(WATCH_MS, Math.max(100, options.idleSeconds * 1000)));
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
  });
}

/** Writes this process's pid to `file` under a name of its own first, so no reader sees half of it. */
function writePidFile(dir: string, file: string): void {
  const temp = join(dir, `pid-${process.pid}.tmp`);
  writeFileSync(temp, `${process.pid}\n`, { mode: 0o600 });
  renameSync(temp, file);
}

function namesUs(file: string): boolean {
  try {
    return readFileSync(file, "latin1") === `${process.pid}\n`;
  } catch {
    return false;
  }
}

function ownsName(path: string, inode: number): boolean {
  try {
    return lstatSync(path).ino === inode;
  } catch {
    return false;
  }
}

function removeIfThere(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Not there: nothing to remove.
  }
}

/** Reads one newline-terminated request, writes back what `reply` makes of it, and closes. */
async function receive(socket: Socket,
  reply: (text: string, waiting: () => boolean) => Promise<HookReply | null>): Promise<void>
{
  const chunks: Buffer[] = [];
  let size = 0;
  // The client never ends its side while it waits; an end or a close means it has gone.
  let gone = false;
  socket.once("end", () => (gone = true));
  socket.once("close", () => (gone = true));
  const text = await new Promise<string | null>((resolve) => {
    socket.on("data", (chunk: Buffer) => {
      const nl = chunk.indexOf(10);
      size += chunk.length;
      if (size > MAX_MESSAGE) {
        socket.destroy();
        resolve(null);
        return;
      }
      chunks.push(nl < 0 ? chunk : chunk.subarray(0, nl));
      if (nl >= 0) {
        socket.removeAllListeners("data");
        resolve(Buffer.concat(chunks).toString("utf8"));
      }
    });
    socket.on("error", () => resolve(null));
    socket.on("end", () => resolve(null));
  });
  if (text === null) {
    socket.destroy();
    return;
  }
  const out = await reply(text, () => !gone);
  if (out === null || gone) {
    socket.destroy();
    return;
  }
  await new Promise<void>((resolve) => {
    socket.on("error", () => resolve());
    socket.end(JSON.stringify(out) + "\n", () => resolve());
  });
}

/** Puts the request on `socket` under the watchdog; `ours` says whether its answer is still the server's to give. */
type Watch = (failClosed: HookReply) => { readonly ours: () => boolean };

function watched(watchdog: Watchdog | null, socket: Socket): Watch {
  return (failClosed) => {
    if (watchdog === null) return { ours: () => true };
    // The descriptor, where the runtime shows it (Node.js and Bun do): without it the watchdog
    // still ends the server, and the client checks in its own process.
    const fd = (socket as unknown as { _handle?: { fd?: unknown } })._handle?.fd;
    return watchdog.watch(typeof fd === "number" && fd >= 0 ? fd : -1, JSON.stringify(failClosed) + "\n");
  };
}

async function answer(text: string, options: ServeOptions, print: string, uid: number,
  watch: Watch): Promise<HookReply>
{
  const refuse = (error: string): HookReply => ({ protocol: PROTOCOL, fingerprint: print, uid, error });
  const req = readRequest(text);
  if (typeof req === "string") return refuse(req);
  if (req.uid !== uid) return refuse(`this server answers uid ${uid}, not ${req.uid}`);
  if (req.fingerprint !== print) return refuse(`this server is build ${print}, not ${req.fingerprint}`);
  if (req.argv[0] !== "hook") return refuse("this server answers hook calls only");
  const why = `the resident checker gave no verdict within ${options.budgetMs ?? DEFAULT_BUDGET_MS} ms`;
  const failClosed: HookReply = req.argv[1] === "claude-code"
    ? { protocol: PROTOCOL, fingerprint: print, uid, code: 0, stdout: claudeCodeFailClosed(req.argv, why), stderr: "" }
    : { protocol: PROTOCOL, fingerprint: print, uid, code: 2, stdout: "", stderr: `shellfence: ${why}\n` };
  const w = watch(failClosed);
  const reply = await answerInPlace(req, options, print, uid).catch((e: unknown) =>
    refuse(`the server failed: ${e instanceof Error ? e.message : String(e)}`)
  );
  // The watchdog has answered and is ending the server: the socket is its own now (closing it
  // here could hand its descriptor to another connection before the watchdog writes).
  return w.ours() ? reply : new Promise<never>(() => {});
}

function answerInPlace(req: HookRequest, options: ServeOptions, print: string, uid: number): Promise<HookReply> {
  return inPlaceOf(req, async () => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const io: Io = { stdout: (s) => stdout.push(s), stderr: (s) => stderr.push(s), stdin: () => stdinLines(req.stdin),
      isTTY: false, env: { ...req.env } };
    const code = await options.run(req.argv, io);
    return { protocol: PROTOCOL, fingerprint: print, uid, code, stdout: stdout.join(""), stderr: stderr.join("") };
  });
}

/** Runs `f` with the client's working directory and environment, and puts the server's back. */
async function inPlaceOf<T>(req: HookRequest, f: () => Promise<T>): Promise<T> {
  const savedCwd = process.cwd();
  const savedEnv = REQUEST_ENV.map((k) => [k, process.env[k]] as const);
  try {
    for (const k of REQUEST_ENV) setEnv(k, Object.hasOwn(req.env, k) ? req.env[k] : undefined);
    process.chdir(req.cwd);
    return await f();
  } finally {
    for (const [k, v] of savedEnv) setEnv(k, v);
    process.chdir(savedCwd);
  }
}

function setEnv(key: string, value: string | undefined): void {
  if (value === undefined) delete process.env[key];
  else process.env[key] = value;
}
