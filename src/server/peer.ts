// Who answers on the socket: the Node.js client's check that the process behind the resident
// checker's socket is the guard's own server, started as the client would start it. Node.js
// cannot ask the kernel for a Unix socket's peer (the native client does: SO_PEERCRED), so the
// server names itself in a pid file beside the socket (protocol.ts pidPath), and the client
// checks that name against what the kernel shows in /proc: the process holds the one listening
// socket bound under that server's staging name (/proc/net/unix, /proc/PID/fd), runs the same
// executable as this client, with exactly `SCRIPT serve [options]` as its command line and none
// of the variables that load other code (protocol.ts loadsCode) in its environment, as this
// user, and is not stopped or traced.
//
// Linux only: elsewhere there is no /proc, and only the socket's owner and mode are checked.
// What it cannot see: a same-user process can rewrite its own command line and environment in
// memory (/proc/self/mem), or the package's files; docs/integrations.md, "The native client".
//
// Like protocol.ts it imports node built-ins only: the client loads it on every call.

import { readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from "node:fs";
import { loadsCode, pidPath, SERVE_OPTIONS, stagingPath } from "./protocol.ts";

/** The server a client trusts: this executable running this script. */
export interface ServerIdentity {
  /** The runtime the client would start the server with (process.execPath). */
  readonly exe: string;
  /** The package's bin, `ROOT/bin/shellfence.js`. */
  readonly script: string;
}

/** Whether this system has the /proc the check reads. */
const canCheckPeers = process.platform === "linux";

/**
 * Why the server behind `dir`'s socket for `print` is not the guard's (null when it is, or when
 * the system cannot tell: see canCheckPeers).
 */
export function serverProblem(dir: string, print: string, uid: number, identity: ServerIdentity): string | null {
  if (!canCheckPeers) return null;
  const pid = readPid(pidPath(dir, print));
  if (typeof pid === "string") return pid;
  const bound = stagingPath(dir, pid);
  const listener = listeningInode(bound);
  if (typeof listener === "string") return listener;
  if (!holdsSocket(pid, listener)) return `process ${pid} does not hold the socket bound at ${bound}`;
  return processProblem(pid, uid, identity);
}

function readPid(file: string): number | string {
  let text: string;
  try {
    text = readFileSync(file, "latin1");
  } catch (e) {
    return `no pid file: ${(e as Error).message}`;
  }
  const m = /^([1-9][0-9]{0,9})\n$/.exec(text);
  return m ? Number(m[1]) : `${file} does not hold a pid`;
}

/**
 * The inode of the one listening stream socket bound at `path` (/proc/net/unix shows a socket
 * under the name it was bound to, whatever it has been renamed to since). Two listeners under
 * one name (another process bound the name the server left when it renamed its socket) are
 * not told apart: a problem.
 */
function listeningInode(path: string): number | string {
  let table: string;
  try {
    table = readFileSync("/proc/net/unix", "latin1");
  } catch (e) {
    return `cannot read /proc/net/unix: ${(e as Error).message}`;
  }
  // Num RefCount Protocol Flags Type St Inode Path; Flags 00010000 is __SO_ACCEPTCON (listening).
  const found: number[] = [];
  for (const line of table.split("\n")) {
    const m = /^[0-9a-fA-F]+: [0-9A-F]+ [0-9A-F]+ ([0-9A-F]+) ([0-9A-F]+) [0-9A-F]+ +([0-9]+) (.*)$/.exec(line);
    if (m === null || m[4] !== path) continue;
    if ((parseInt(m[1]!, 16) & 0x10000) !== 0 && parseInt(m[2]!, 16) === 1) found.push(Number(m[3]));
  }
  if (found.length === 0) return `no socket listens under ${path}`;
  if (found.length > 1) return `${found.length} sockets listen under ${path}`;
  return found[0]!;
}

/** Whether one of `pid`'s descriptors is the socket `inode`: only the listener's owner has it. */
function holdsSocket(pid: number, inode: number): boolean {
  const want = `socket:[${inode}]`;
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === want) return true;
      } catch {
        // Closed meanwhile.
      }
    }
  } catch {
    // Gone, or not ours to read.
  }
  return false;
}

/**
 * Why process `pid` is not a server this client would have started (null when it is): its
 * user, state, executable, command line and environment, from /proc. Shared in spirit with the
 * native client's check (native/shellfence-hook.c, server_problem), which finds the pid through
 * SO_PEERCRED instead of the pid file.
 */
function processProblem(pid: number, uid: number, identity: ServerIdentity): string | null {
  const proc = `/proc/${pid}`;
  try {
    if (statSync(proc).uid !== uid) return `process ${pid} does not run as uid ${uid}`;
    const stat = readFileSync(`${proc}/stat`, "latin1");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    // Stopped or traced: another process holds it, and may be answering in its name meanwhile.
    if (state === "T" || state === "t") return `process ${pid} is stopped or traced`;
    const exe = realpathSync(`${proc}/exe`);
    if (exe !== realpathSync(identity.exe)) return `process ${pid} runs ${exe}, not ${realpathSync(identity.exe)}`;
    const args = nulList(readFileSync(`${proc}/cmdline`));
    const argsProblem = commandLineProblem(args, identity.script);
    if (argsProblem !== null) return `process ${pid} ${argsProblem}`;
    const names = nulList(readFileSync(`${proc}/environ`)).map((
      e,
    ) => (e.includes("=") ? e.slice(0, e.indexOf("=")) : e));
    const loader = names.find(loadsCode);
    if (loader !== undefined) return `process ${pid} was started with ${loader} in its environment`;
  } catch (e) {
    return `process ${pid}: ${(e as Error).message}`;
  }
  return null;
}

/** The strings of a NUL-separated /proc file, without the empty one after the last NUL. */
function nulList(bytes: Buffer): string[] {
  const parts = bytes.toString("utf8").split("\0");
  if (parts.at(-1) === "") parts.pop();
  return parts;
}

/** Why `args` is not `RUNTIME SCRIPT serve [--idle N] [--budget MS]` (null when it is). */
function commandLineProblem(args: readonly string[], script: string): string | null {
  const shown = () => JSON.stringify(args.slice(0, 8));
  if (args[1] !== script || args[2] !== "serve") return `is not ${script} serve: ${shown()}`;
  for (let i = 3; i < args.length; i += 2) {
    if (!(SERVE_OPTIONS as readonly string[]).includes(args[i]!) || i + 1 >= args.length) {
      return `runs serve with other arguments than it is started with: ${shown()}`;
    }
  }
  return null;
}
