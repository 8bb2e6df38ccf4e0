// The hook's native client (native/shellfence-hook.c, built into dist/native/PLATFORM by `npm run
// build`) and its launcher (bin/shellfence-hook). The client must answer every call exactly as
// the Node.js client answers it through the same server (and so as a one-shot run), and whenever
// it cannot trust an answer it must hand the call to the Node.js bin with the same arguments and
// stdin bytes: the answer is then still the checked one, never an allow for want of a server, and
// the bin starts the server when none runs.
//
// Every server here runs in a runtime directory of this suite's own, started by the suite (or by
// a handed-over call, with a short idle timeout), stopped by its pid or by idling out.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, chownSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync,
  realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildDist } from "./support/build.ts";

const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const bin = join(root, "bin", "shellfence.js");
const launcher = join(root, "bin", "shellfence-hook");
const platform = `${process.platform}-${process.arch}`;
const native = join(root, "dist", "native", platform, "shellfence-hook");
const uid = process.getuid!();
/** The C compiler scripts/build-native.ts would find (but $CC), or undefined. */
const compiler = ["cc", "gcc", "clang"].find((c) => spawnSync(c, ["--version"], { stdio: "ignore" }).status === 0);
const hasCompiler = compiler !== undefined;

let T: string;
const started: ChildProcess[] = [];

beforeAll(() => {
  buildDist();
  T = realpathSync(mkdtempSync(join(tmpdir(), "shellfence-native-")));
  for (const d of ["outside", "pA/sub", "pé ü", "cfg/shellfence", "home"]) mkdirSync(join(T, d), { recursive: true });
  writeFileSync(join(T, "outside", "x"), "x");
  writeFileSync(join(T, "pA", "a.txt"), "a");
  writeFileSync(join(T, "pA", "extra.json"), JSON.stringify({ permission: { read: { "**/a.txt": "ask" } } }));
  writeFileSync(join(T, "cfg", "shellfence", "config.json"),
    JSON.stringify({ permission: { read: { "**/secret.txt": "deny" } } }));
}, 120_000);

afterAll(async () => {
  const running = started.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const c of running) c.kill("SIGTERM");
  // A server on a loaded machine may take a while over its SIGTERM; past 10 s it is killed.
  const killer = setTimeout(() => running.forEach((c) => c.kill("SIGKILL")), 10_000);
  await Promise.all(running.map((c) => new Promise((r) => c.once("exit", r))));
  clearTimeout(killer);
  rmSync(T, { recursive: true, force: true });
}, 30_000);

/** A runtime directory of its own (0700), as XDG_RUNTIME_DIR names it. */
let runtimes = 0;
/** `_what` says what it is for; the directory is numbered: a socket's path must fit in sockaddr_un (108 bytes). */
function runtime(_what: string): string {
  const dir = join(T, "run", `${++runtimes}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

async function until(what: string, cond: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const sockets = (rt: string) =>
  existsSync(join(rt, "shellfence")) ? readdirSync(join(rt, "shellfence")).filter((f) => f.endsWith(".sock")) : [];

/** The resident checker of this checkout's bundle, under Node.js, as the hook starts it. */
async function startServer(rt: string): Promise<string> {
  const child = spawn("node", [bin, "serve", "--idle", "120"], { env: { ...process.env, XDG_RUNTIME_DIR: rt },
    stdio: "ignore" });
  started.push(child);
  await until("the server's socket", () => sockets(rt).length === 1);
  return join(rt, "shellfence", sockets(rt)[0]!);
}

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

interface Call {
  /** After `hook`: claude-code and its options. */
  readonly args: readonly string[];
  readonly input: string | Buffer;
  /** The caller's working directory. */
  readonly cwd: string;
  readonly env: Record<string, string>;
}

/** Runs `argv` as the host would, with a clean environment but for PATH and `env`. */
function run(argv: readonly string[], call: Call, env: Record<string, string> = {}): Run {
  const r = spawnSync(argv[0]!, argv.slice(1), { cwd: call.cwd, input: call.input, encoding: "utf8", timeout: 60_000,
    env: { PATH: process.env.PATH ?? "", ...call.env, ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** As `run`, without blocking this process: the suite's own fake servers answer meanwhile. */
function runAsync(argv: readonly string[], call: Call, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd: call.cwd,
      env: { PATH: process.env.PATH ?? "", ...call.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("exit", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
    child.stdin.end(call.input);
  });
}

const viaNative = (c: Call, env: Record<string, string> = {}) => run([native, ...c.args], c, env);
const viaNode = (c: Call, env: Record<string, string> = {}) => run(["node", bin, "hook", ...c.args], c, env);
const nativeAsync = (c: Call, env: Record<string, string> = {}) => runAsync([native, ...c.args], c, env);
const nodeAsync = (c: Call, env: Record<string, string> = {}) => runAsync(["node", bin, "hook", ...c.args], c, env);

function decisionOf(stdout: string): string {
  return stdout === ""
    ? "allow"
    : (JSON.parse(stdout) as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput
      .permissionDecision;
}

const bash = (command: string, cwd: string) =>
  JSON.stringify({ session_id: "s1", hook_event_name: "PreToolUse", tool_name: "Bash",
    tool_input: { command, description: "x" }, cwd });
const fileTool = (tool: string, field: string, path: string, cwd: string) =>
  JSON.stringify({ session_id: "s1", hook_event_name: "PreToolUse", tool_name: tool, tool_input: { [field]: path },
    cwd });

const ONE_SHOT = { SHELLFENCE_RESIDENT: "0" };
const NATIVE_ANSWERED = "shellfence: answered by the resident checker (native client)\n";

describe.skipIf(!existsSync(native) && !hasCompiler)("the native client", () => {
  test("npm run build made it for this platform, where a C compiler is", () => {
    expect(existsSync(native)).toBe(true);
    // Static on Linux: it must start on any C library (a hook that cannot start lets calls through).
    if (process.platform === "linux") {
      expect(spawnSync("file", [native], { encoding: "utf8" }).stdout).toContain("statically linked");
    }
  });

  describe("through a running server: the Node.js client's answer, and the one-shot answer", () => {
    let rt: string;
    beforeAll(async () => {
      rt = runtime("main");
      await startServer(rt);
    }, 60_000);

    const pA = () => join(T, "pA");
    const env = () => ({ HOME: join(T, "home"), CLAUDE_PROJECT_DIR: pA(), XDG_RUNTIME_DIR: rt });
    /** `because`: text the one-shot reason holds ($T: this suite's directory), the path or rule that justifies it. */
    type Case = { name: string; call: () => Call; decision: "allow" | "ask" | "deny"; because: string };
    const cases: Case[] = [{ name: "Bash inside the project",
      call: () => ({ args: ["claude-code"], input: bash("cat a.txt && ls sub", pA()), cwd: pA(), env: env() }),
      decision: "allow", because: "" }, { name: "Bash reading outside",
      call: () => ({ args: ["claude-code"], input: bash("cat ../outside/x", pA()), cwd: pA(), env: env() }),
      decision: "ask", because: "$T/outside/x" }, { name: "Bash, --sandbox off and --approve",
      call: () => ({ args: ["claude-code", "--sandbox", "off", "--approve"], input: bash("ls -la sub", pA()), cwd: pA(),
        env: env() }), decision: "allow", because: "" }, {
      name: "Bash denied by the global config (XDG_CONFIG_HOME travels with the request)",
      call: () => ({ args: ["claude-code"], input: bash("cat secret.txt", pA()), cwd: pA(),
        env: { ...env(), XDG_CONFIG_HOME: join(T, "cfg") } }),
      decision: "deny",
      because: "secret.txt",
    }, { name: "a relative --config, from the caller's working directory",
      call: () => ({ args: ["claude-code", "--config", "extra.json"],
        input: fileTool("Read", "file_path", "a.txt", pA()), cwd: pA(), env: env() }), decision: "ask",
      because: "a.txt" }, { name: "Read outside",
      call: () => ({ args: ["claude-code"], input: fileTool("Read", "file_path", `${T}/outside/x`, pA()), cwd: pA(),
        env: env() }), decision: "ask", because: "$T/outside/x" }, { name: "Write inside",
      call: () => ({ args: ["claude-code"], input: fileTool("Write", "file_path", "sub/new.txt", pA()), cwd: pA(),
        env: env() }), decision: "allow", because: "" }, { name: "Glob reaching out",
      call: () => ({ args: ["claude-code"],
        input: JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Glob", tool_input: { pattern: "../../**" },
          cwd: pA() }), cwd: pA(), env: env() }), decision: "ask", because: "" }, {
      name: "quotes, backslashes, control characters and non-ASCII text in the input and the reason",
      call: () => ({ args: ["claude-code"],
        input: bash("printf '\"\\\\\\t\\u0001' > ../outside/ü\u00e9\u{1F600}.txt", pA()), cwd: pA(), env: env() }),
      decision: "ask",
      because: "\u{1F600}",
    }, { name: "a project, cwd and CLAUDE_PROJECT_DIR with non-ASCII names",
      call: () => ({ args: ["claude-code"], input: bash("cat ../outside/x", join(T, "pé ü")), cwd: join(T, "pé ü"),
        env: { ...env(), CLAUDE_PROJECT_DIR: join(T, "pé ü") } }), decision: "ask", because: "$T/outside/x" }, {
      name: "input that is not JSON",
      call: () => ({ args: ["claude-code"], input: "{", cwd: pA(), env: env() }),
      decision: "ask",
      because: "not valid JSON",
    }, { name: "input that is not JSON, --strict",
      call: () => ({ args: ["claude-code", "--strict"], input: "{", cwd: pA(), env: env() }), decision: "deny",
      because: "not valid JSON" }, { name: "an empty input",
      call: () => ({ args: ["claude-code"], input: "", cwd: pA(), env: env() }), decision: "ask", because: "empty" }, {
      name: "a tool the hook does not judge",
      call: () => ({ args: ["claude-code"],
        input: JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "WebFetch", tool_input: {}, cwd: pA() }),
        cwd: pA(), env: env() }),
      decision: "allow",
      because: "",
    }, { name: "an unknown option",
      call: () => ({ args: ["claude-code", "--no-such-option"], input: bash("ls", pA()), cwd: pA(), env: env() }),
      decision: "ask", because: "--no-such-option" }];

    for (const c of cases) {
      test(c.name, () => {
        const call = c.call();
        const native = viaNative(call, { SHELLFENCE_RESIDENT_DEBUG: "1" });
        const node = viaNode(call);
        const once = viaNode(call, ONE_SHOT);
        expect(native.stderr).toBe(NATIVE_ANSWERED);
        expect({ status: once.status, decision: decisionOf(once.stdout) }).toEqual({ status: 0, decision: c.decision });
        expect(once.stdout).toContain(c.because.replace("$T", T));
        expect({ status: native.status, stdout: native.stdout }).toEqual({ status: node.status, stdout: node.stdout });
        expect(native.stdout).toBe(once.stdout);
      }, 60_000);
    }

    test("stdin that is not UTF-8 is handed over as it came, and answered as the Node.js client answers it", () => {
      const input = Buffer.concat([Buffer.from(bash("cat ../outside/x", pA()).slice(0, -1)),
        Buffer.from([0x2c, 0x22, 0x78, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])]);
      const call: Call = { args: ["claude-code"], input, cwd: pA(), env: env() };
      const native = viaNative(call, { SHELLFENCE_RESIDENT_DEBUG: "1" });
      expect(native.stderr).toStartWith(
        "shellfence: native client: the hook input, arguments or environment are not UTF-8",
      );
      expect(native.stderr).toContain("shellfence: answered by the resident checker\n");
      expect(native.stdout).toBe(viaNode(call).stdout);
      expect(decisionOf(native.stdout)).toBe("ask");
    }, 60_000);

    test("through the launcher, as the hook command runs it", () => {
      const call: Call = { args: ["claude-code"], input: bash("cat ../outside/x", pA()), cwd: pA(), env: env() };
      const r = run([launcher, ...call.args], call, { SHELLFENCE_RESIDENT_DEBUG: "1" });
      expect(r.stderr).toBe(NATIVE_ANSWERED);
      expect(r.stdout).toBe(viaNode(call).stdout);
    }, 60_000);
  });
});

/** The socket's file name, as a server of this checkout's bundle under Node.js names it. */
let ourName: string | null = null;
async function ourSocketName(): Promise<string> {
  if (ourName === null) {
    const path = await startServer(runtime("name"));
    ourName = path.slice(path.lastIndexOf("/") + 1);
  }
  return ourName;
}

/** The stand-in server (test/support/relay-server.cjs). */
const RELAY = join(root, "test", "support", "relay-server.cjs");

/**
 * A copy of the built package (T/pkg), whose bin runs the stand-in when started with
 * SHELLFENCE_TEST_RELAY_TO: a server of that package's own, which its clients (the copy's native
 * client and its Node.js bin) trust, so that what the fakes put to the test is their reply
 * checks. (A package's files are what its clients trust: docs/integrations.md, "The native
 * client".)
 */
let pkg: string | null = null;
function packageCopy(): string {
  if (pkg !== null) return pkg;
  const dir = join(T, "pkg");
  cpSync(join(root, "bin"), join(dir, "bin"), { recursive: true });
  cpSync(join(root, "dist"), join(dir, "dist"), { recursive: true,
    filter: (src) => src !== join(root, "dist", "bin") });
  cpSync(join(root, "grammar"), join(dir, "grammar"), { recursive: true });
  copyFileSync(join(root, "package.json"), join(dir, "package.json"));
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  const copyBin = join(dir, "bin", "shellfence.js");
  writeFileSync(copyBin,
    readFileSync(copyBin, "utf8").replace('"use strict";\n',
      `"use strict";\nif (process.env.SHELLFENCE_TEST_RELAY_TO) return void require(${JSON.stringify(RELAY)});\n`));
  return (pkg = dir);
}
const copyNative = () => join(packageCopy(), "dist", "native", platform, "shellfence-hook");
const copyNativeAsync = (c: Call, env: Record<string, string> = {}) => runAsync([copyNative(), ...c.args], c, env);
const copyNodeAsync = (c: Call, env: Record<string, string> = {}) =>
  runAsync(["node", join(packageCopy(), "bin", "shellfence.js"), "hook", ...c.args], c, env);

/** The socket's file name, as a server of the package copy's bundle under Node.js names it. */
let socketName: string | null = null;
async function copySocketName(): Promise<string> {
  if (socketName === null) {
    const rt = runtime("name");
    const child = spawn("node", [join(packageCopy(), "bin", "shellfence.js"), "serve", "--idle", "120"], {
      env: { ...process.env, XDG_RUNTIME_DIR: rt },
      stdio: "ignore",
    });
    started.push(child);
    await until("the copy's server's socket", () => sockets(rt).length === 1);
    socketName = sockets(rt)[0]!;
  }
  return socketName;
}

/**
 * A server at the package copy's socket name that answers every request with `reply` (or
 * never), and counts them: the suite's own fake, behind the copy's server (the stand-in), which
 * its clients trust.
 */
async function fake(rt: string, reply: ((req: Record<string, unknown>) => string) | null,
  mode = 0o600): Promise<{ server: { close: () => void }; path: string; requests: () => number }>
{
  mkdirSync(join(rt, "shellfence"), { recursive: true, mode: 0o700 });
  const path = join(rt, "shellfence", await copySocketName());
  let requests = 0;
  const server = createServer((s) => {
    let text = "";
    s.on("data", (d) => {
      text += d.toString();
      if (!text.includes("\n")) return;
      requests++;
      if (reply) s.end(reply(JSON.parse(text) as Record<string, unknown>));
    });
    s.on("error", () => {});
  });
  const to = join(rt, "fake.sock");
  await new Promise<void>((r) => server.listen(to, () => r()));
  const relay = spawn("node", [join(packageCopy(), "bin", "shellfence.js"), "serve"], { stdio: "ignore",
    env: { PATH: process.env.PATH ?? "", XDG_RUNTIME_DIR: rt, SHELLFENCE_TEST_RELAY_SOCKET: path,
      SHELLFENCE_TEST_RELAY_TO: to } });
  started.push(relay);
  await until("the stand-in's socket", () => existsSync(path));
  chmodSync(path, mode);
  return { server: { close: () => {
    relay.kill("SIGTERM");
    server.close();
  } }, path, requests: () => requests };
}

const answer = (req: Record<string, unknown>, fields: object) =>
  JSON.stringify({ protocol: 1, fingerprint: req.fingerprint, uid: req.uid, code: 0, stdout: "", stderr: "",
    ...fields }) + "\n";
const allowFrom = (override: object) => (req: Record<string, unknown>) => answer(req, override);

/** A Bash call reading outside, with a runtime directory `rt`: the checked answer is ask. */
function outsideCall(rt: string, env: Record<string, string> = {}): Call {
  const pA = join(T, "pA");
  return { args: ["claude-code"], input: bash("cat ../outside/x", pA), cwd: pA,
    env: { HOME: join(T, "home"), CLAUDE_PROJECT_DIR: pA, XDG_RUNTIME_DIR: rt, SHELLFENCE_RESIDENT_DEBUG: "1",
      SHELLFENCE_RESIDENT_IDLE: "2", ...env } };
}

function expectAsk(r: Run): void {
  expect({ status: r.status, decision: decisionOf(r.stdout) }).toEqual({ status: 0, decision: "ask" });
  expect(r.stdout).toContain(`${T}/outside/x`);
}

/**
 * A PATH whose first entries the agent can write — a directory in the project and `.` (the hook
 * runs in the project) — each with a `node` that says it ran, then the real node's directory.
 */
function agentWritablePath(project: string): string {
  const fake = "#!/bin/sh\necho 'FAKE NODE RAN' >&2\nexit 0\n";
  for (const dir of [join(project, ".tools"), project]) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "node"), fake);
    chmodSync(join(dir, "node"), 0o755);
  }
  const real = spawnSync("sh", ["-c", "command -v node"], { encoding: "utf8" }).stdout.trim();
  return `${join(project, ".tools")}:.::${real.slice(0, real.lastIndexOf("/"))}:/usr/bin:/bin`;
}

const handedOver = (why: string) => `shellfence: native client: ${why}; handing the call to the Node.js bin\n`;

describe.skipIf(!existsSync(native) && !hasCompiler)("the native client hands over what it cannot trust", () => {
  test.each([
    ["a reply that is not JSON", () => "allow\n", "the server's reply is not a valid answer for this build and user"],
    ["an allow for another build", allowFrom({ fingerprint: "0000000000000000" }),
      "the server's reply is not a valid answer for this build and user"],
    ["an allow for another user", allowFrom({ uid: uid + 1 }),
      "the server's reply is not a valid answer for this build and user"],
    ["an allow in another protocol", allowFrom({ protocol: 2 }),
      "the server's reply is not a valid answer for this build and user"],
    ["an allow with no stdout", allowFrom({ stdout: undefined }),
      "the server's reply is not a valid answer for this build and user"],
    ["an allow whose code is not an integer", allowFrom({ code: 0.5 }),
      "the server's reply is not a valid answer for this build and user"],
    ["an allow whose code is no exit status", allowFrom({ code: 256 }),
      "the server's reply is not a valid answer for this build and user"],
    // JSON.parse keeps a key's last value: this build's fingerprint first, another's last.
    ["an allow whose last fingerprint is another build's",
      (req: Record<string, unknown>) => answer(req, {}).replace("}\n", `,"fingerprint":"0000000000000000"}\n`),
      "the server's reply is not a valid answer for this build and user"],
    ["an allow followed by more text", (req: Record<string, unknown>) => answer(req, {}).replace("}\n", "} x\n"),
      "the server's reply is not a valid answer for this build and user"],
    ["an allow whose stdout holds a raw control character",
      (req: Record<string, unknown>) => answer(req, { stdout: "@" }).replace("@", "\u0001"),
      "the server's reply is not a valid answer for this build and user"],
    ["a refusal", allowFrom({ error: "busy" }), "the server refused: busy"],
    ["a connection closed without a reply", () => "", "the server closed the connection without an answer"],
    ["no reply at all", null, "no answer within 300 ms"],
  ] as const)("%s: checked by the Node.js bin in its own process, the server not asked again",
    async (_name, reply, why) => {
      const rt = runtime(`fake-${_name.replace(/\W+/g, "-")}`);
      const f = await fake(rt, reply);
      try {
        const r = await copyNativeAsync(outsideCall(rt, { SHELLFENCE_RESIDENT_TIMEOUT_MS: "300" }));
        expect(r.stderr).toStartWith(handedOver(why));
        expectAsk(r);
        expect(f.requests()).toBe(1);
      } finally {
        f.server.close();
      }
    }, 60_000);

  test.each(
    [["escapes: \\u, a surrogate pair, a lone surrogate, \\/",
      (req: Record<string, unknown>) =>
        answer(req, { stdout: "PLACEHOLDER" }).replace("PLACEHOLDER", "caf\\u00e9 \\ud83d\\ude00 \\ud800 a\\/b\\n")], [
      "raw UTF-8, whitespace, keys in another order, unknown keys of every kind",
      (req: Record<string, unknown>) =>
        ` { "stderr" : "note: é\u{1F600}\\n", "extra": [1, {"a": null, "b": [true, false]}, -2.5e-3], "code": 2,\t` +
        `"uid": ${String(req.uid)}, "stdout": "x", "fingerprint": "${String(req.fingerprint)}", "protocol": 1.0 }\r\n`,
    ], ["a key given twice: the last counts",
      (req: Record<string, unknown>) =>
        answer(req, { stdout: "first" }).replace("}\n", `,"stdout":"last","code":0e0}\n`)]] as const,
  )("a reply the Node.js client accepts is printed as it prints it: %s", async (name, reply) => {
    const rt = runtime(`accepted-${name.replace(/\W+/g, "-")}`);
    const f = await fake(rt, reply);
    try {
      const call = outsideCall(rt);
      const native = await copyNativeAsync(call);
      const node = await copyNodeAsync(call);
      expect(node.stderr).toStartWith("shellfence: answered by the resident checker\n");
      expect(native.stderr.replace(NATIVE_ANSWERED, "shellfence: answered by the resident checker\n")).toBe(
        node.stderr,
      );
      expect({ status: native.status, stdout: native.stdout }).toEqual({ status: node.status, stdout: node.stdout });
    } finally {
      f.server.close();
    }
  }, 60_000);

  test("no server yet: the Node.js bin checks the call and starts one, which answers the next call", async () => {
    const rt = runtime("none");
    const first = viaNative(outsideCall(rt));
    expect(first.stderr).toStartWith(handedOver(`${rt}/shellfence: No such file or directory`));
    expect(first.stderr).toContain("shellfence: checked in this process: ");
    expectAsk(first);
    await until("the started server's socket", () => sockets(rt).length === 1);
    const next = viaNative(outsideCall(rt));
    expect(next.stderr).toBe(NATIVE_ANSWERED);
    expect(next.stdout).toBe(first.stdout);
    // SHELLFENCE_RESIDENT_IDLE=2: it goes, taking its socket.
    await until("the idle server to go", () => sockets(rt).length === 0);
  }, 90_000);

  test("a runtime directory open to others is not used", async () => {
    const rt = runtime("open-dir");
    const f = await fake(rt, allowFrom({}));
    chmodSync(join(rt, "shellfence"), 0o755);
    try {
      const r = await copyNativeAsync(outsideCall(rt));
      expect(r.stderr).toStartWith(handedOver(`${rt}/shellfence is open to others (mode 755)`));
      expectAsk(r);
      expect(f.requests()).toBe(0);
    } finally {
      f.server.close();
    }
  }, 60_000);

  test("a socket open to others is not used", async () => {
    const rt = runtime("open-socket");
    const f = await fake(rt, allowFrom({}), 0o666);
    try {
      const r = await copyNativeAsync(outsideCall(rt));
      expect(r.stderr).toStartWith(handedOver(`${f.path} is open to others (mode 666)`));
      expectAsk(r);
      expect(f.requests()).toBe(0);
    } finally {
      f.server.close();
    }
  }, 60_000);

  test("a symlink in place of the runtime directory is not used", async () => {
    const rt = runtime("symlinked");
    const real = runtime("symlinked-real");
    const f = await fake(real, allowFrom({}));
    symlinkSync(join(real, "shellfence"), join(rt, "shellfence"));
    try {
      const r = await copyNativeAsync(outsideCall(rt));
      expect(r.stderr).toStartWith(handedOver(`${rt}/shellfence is not a directory`));
      expectAsk(r);
      expect(f.requests()).toBe(0);
    } finally {
      f.server.close();
    }
  }, 60_000);

  // Who owns a socket or runs a server is another user only for root to arrange here.
  test.skipIf(uid !== 0)("a socket of another user in this user's directory is not used", async () => {
    const rt = runtime("other-owner");
    const f = await fake(rt, allowFrom({}));
    chownSync(f.path, 65534, 65534);
    try {
      const r = await copyNativeAsync(outsideCall(rt));
      expect(r.stderr).toStartWith(handedOver(`${f.path} belongs to uid 65534, not ${uid}`));
      expectAsk(r);
      expect(f.requests()).toBe(0);
    } finally {
      f.server.close();
    }
  }, 60_000);

  test.skipIf(uid !== 0)(
    "a server run by another user behind a socket file that looks like this user's is not used (SO_PEERCRED)",
    async () => {
      const rt = runtime("other-peer");
      mkdirSync(join(rt, "shellfence"), { mode: 0o700 });
      const shared = mkdtempSync(join(tmpdir(), "shellfence-native-nobody-"));
      chmodSync(shared, 0o777);
      const script = join(shared, "server.cjs");
      writeFileSync(script, `
        const net = require("node:net");
        net.createServer((s) => {
          let t = "";
          s.on("data", (d) => { t += d; if (t.includes("\\n")) { const q = JSON.parse(t);
            s.end(JSON.stringify({ protocol: 1, fingerprint: q.fingerprint, uid: q.uid, code: 0, stdout: "", stderr: "" }) + "\\n"); } });
        }).listen(process.argv[2]);`);
      chmodSync(script, 0o644);
      const staged = join(shared, "s.sock");
      const child = spawn("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "node", script, staged], {
        stdio: "ignore",
      });
      started.push(child);
      try {
        await until("the other user's socket", () => existsSync(staged));
        const path = join(rt, "shellfence", await ourSocketName());
        renameSync(staged, path);
        chownSync(path, uid, process.getgid!());
        chmodSync(path, 0o600);
        const r = viaNative(outsideCall(rt));
        expect(r.stderr).toStartWith(handedOver(`the process behind ${path} does not run as uid ${uid}`));
        expectAsk(r);
      } finally {
        child.kill("SIGTERM");
        rmSync(shared, { recursive: true, force: true });
      }
    },
    60_000,
  );

  // Without XDG_RUNTIME_DIR the directory is os.tmpdir()'s (TMPDIR, TMP or TEMP, less a trailing
  // slash) joined by path.join, which resolves `//`, `.` and `..` in the text: the client must
  // name the same directory as the server the Node.js side started.
  test.each(
    [["TMPDIR with //, . and .. in it, and a trailing slash", (d: string) => ({ TMPDIR: `${d}//x/./../` })], [
      "TMP when TMPDIR is empty",
      (d: string) => ({ TMPDIR: "", TMP: `${d}/` }),
    ], ["TEMP when neither is set", (d: string) => ({ TEMP: d })]] as const,
  )("no XDG_RUNTIME_DIR: the temporary directory as Node.js finds it, %s", async (_name, envOf) => {
    const top = runtime("tmpdir");
    mkdirSync(join(top, "x"));
    const env = envOf(top);
    const child = spawn("node", [bin, "serve", "--idle", "60"], { env: { PATH: process.env.PATH ?? "", ...env },
      stdio: "ignore" });
    started.push(child);
    // The socket the client will ask for, not any socket: under load the wait could end on
    // another name before this server's own was there.
    const socket = join(top, `shellfence-${uid}`, await ourSocketName());
    await until("the server's socket", () => existsSync(socket));
    const call = outsideCall(top);
    const { XDG_RUNTIME_DIR: _, ...rest } = call.env;
    const r = await nativeAsync({ ...call, env: { ...rest, ...env } });
    expect(r.stderr).toBe(NATIVE_ANSWERED);
    expectAsk(r);
    child.kill("SIGTERM");
  }, 60_000);

  test("SHELLFENCE_RESIDENT=0: handed over before stdin is read", () => {
    const r = viaNative(outsideCall(runtime("off"), { SHELLFENCE_RESIDENT: "0" }));
    expect(r.stderr).toStartWith(handedOver("SHELLFENCE_RESIDENT=0"));
    expectAsk(r);
  }, 60_000);

  test("a hook input that does not end in time is handed over as far as it came, and answered", async () => {
    const rt = runtime("open-stdin");
    const call = outsideCall(rt, { SHELLFENCE_RESIDENT_TIMEOUT_MS: "300" });
    const child = spawn(native, call.args, { cwd: call.cwd, env: { PATH: process.env.PATH ?? "", ...call.env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    // The whole input, but stdin left open, as a host that never closes it leaves it.
    child.stdin.write(call.input);
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    const status = await new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    clearTimeout(timer);
    child.stdin.destroy();
    expect(stderr).toStartWith(handedOver("the hook input did not end within 300 ms"));
    expectAsk({ status, stdout, stderr });
  }, 60_000);

  test("help is the bin's to print, without waiting for stdin", async () => {
    const child = spawn(native, ["claude-code", "--help"], {
      env: { PATH: process.env.PATH ?? "", XDG_RUNTIME_DIR: runtime("help") },
    });
    let stdout = "";
    child.stdout.on("data", (d) => (stdout += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    const status = await new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    clearTimeout(timer);
    expect({ status, usage: stdout.startsWith("usage: shellfence hook claude-code") }).toEqual({ status: 0,
      usage: true });
  }, 60_000);

  test("no Node.js to hand over to: exit 2, which Claude Code takes as a block", () => {
    const r = viaNative(outsideCall(runtime("no-node")), { PATH: "/nonexistent" });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("shellfence: cannot run node to check this call");
  });

  test("the node it hands over to is never one on a PATH entry in the project or a relative one", () => {
    const call = outsideCall(runtime("path-node"), { SHELLFENCE_RESIDENT: "0" });
    const r = viaNative(call, { PATH: agentWritablePath(call.env.CLAUDE_PROJECT_DIR!) });
    expect(r.stderr).not.toContain("FAKE NODE RAN");
    expectAsk(r);
  });

  test("SHELLFENCE_NODE names the node to run; one that is not an absolute path is refused: exit 2", () => {
    const call = outsideCall(runtime("named-node"), { SHELLFENCE_RESIDENT: "0" });
    const real = spawnSync("sh", ["-c", "command -v node"], { encoding: "utf8" }).stdout.trim();
    expectAsk(viaNative(call, { PATH: "/nonexistent", SHELLFENCE_NODE: real }));
    const r = viaNative(call, { SHELLFENCE_NODE: "node" });
    expect({ status: r.status, stdout: r.stdout }).toEqual({ status: 2, stdout: "" });
    expect(r.stderr).toContain("SHELLFENCE_NODE must be an absolute path");
  });

  test("a copy outside the package's layout does not guess where the package is: exit 2", () => {
    const elsewhere = join(T, "elsewhere");
    mkdirSync(elsewhere, { recursive: true });
    copyFileSync(native, join(elsewhere, "shellfence-hook"));
    chmodSync(join(elsewhere, "shellfence-hook"), 0o755);
    const r = run([join(elsewhere, "shellfence-hook"), "claude-code"], outsideCall(runtime("elsewhere")));
    expect({ status: r.status, stdout: r.stdout }).toEqual({ status: 2, stdout: "" });
    expect(r.stderr).toContain("is not where the package puts it");
  });
});

describe.skipIf(!existsSync(native) && !hasCompiler)("the launcher", () => {
  let rt: string;
  beforeAll(async () => {
    rt = runtime("launcher");
    await startServer(rt);
  }, 60_000);

  /** A symlink at `link` (its directory made) to `target`. */
  function link(path: string, target: string): string {
    mkdirSync(join(path, ".."), { recursive: true });
    symlinkSync(target, path);
    return path;
  }

  const layouts: readonly (readonly [string, () => string])[] = [["npm's project link (node_modules/.bin)", () => {
    link(join(T, "proj-nm", "node_modules", "shellfence"), root);
    return link(join(T, "proj-nm", "node_modules", ".bin", "shellfence-hook"), "../shellfence/bin/shellfence-hook");
  }], ["npm's global link (PREFIX/bin)", () => {
    link(join(T, "global", "lib", "node_modules", "shellfence"), root);
    return link(join(T, "global", "bin", "shellfence-hook"), "../lib/node_modules/shellfence/bin/shellfence-hook");
  }], ["a chain of links it follows with readlink", () => {
    link(join(T, "chain", "b"), launcher);
    return link(join(T, "chain", "a"), "b");
  }]];
  for (const [name, make] of layouts) {
    test(`through ${name} it finds the package and runs the native client`, () => {
      const call = outsideCall(rt);
      const r = run([make(), ...call.args], call);
      expect(r.stderr).toBe(NATIVE_ANSWERED);
      expectAsk(r);
    }, 60_000);
  }

  test("SHELLFENCE_NATIVE=0 runs the Node.js bin", () => {
    const call = outsideCall(rt, { SHELLFENCE_NATIVE: "0" });
    const r = run([launcher, ...call.args], call);
    expect(r.stderr).toBe("shellfence: answered by the resident checker\n");
    expectAsk(r);
  }, 60_000);

  /** A copy of the package's bin/ whose dist/ is the checkout's, but for dist/native, made by `native`. */
  function packageWith(name: string, nativeDir: (dir: string) => void): string {
    const pkg = join(T, name);
    mkdirSync(join(pkg, "bin"), { recursive: true });
    for (const f of ["shellfence-hook", "shellfence.js", "package.json"]) {
      copyFileSync(join(root, "bin", f), join(pkg, "bin", f));
    }
    chmodSync(join(pkg, "bin", "shellfence-hook"), 0o755);
    mkdirSync(join(pkg, "dist"));
    for (const e of readdirSync(join(root, "dist"))) {
      if (e !== "native") symlinkSync(join(root, "dist", e), join(pkg, "dist", e));
    }
    nativeDir(join(pkg, "dist", "native", platform));
    return join(pkg, "bin", "shellfence-hook");
  }

  test.each([["no client built for this platform", () => {}], ["a client that is not executable", (dir: string) => {
    mkdirSync(dir, { recursive: true });
    copyFileSync(native, join(dir, "shellfence-hook"));
    chmodSync(join(dir, "shellfence-hook"), 0o644);
  }]] as const)("%s: the Node.js bin answers", (name, make) => {
    const hook = packageWith(`pkg-${name.replace(/\W+/g, "-")}`, make);
    const call = outsideCall(rt);
    const r = run([hook, ...call.args], call);
    expect(r.stderr).toBe("shellfence: answered by the resident checker\n");
    expectAsk(r);
  }, 60_000);

  test("the node it runs is never one on a PATH entry in the project or a relative one", () => {
    const call = outsideCall(rt, { SHELLFENCE_NATIVE: "0", SHELLFENCE_RESIDENT: "0" });
    const r = run([launcher, ...call.args], call, { PATH: agentWritablePath(call.env.CLAUDE_PROJECT_DIR!) });
    expect(r.stderr).not.toContain("FAKE NODE RAN");
    expectAsk(r);
  }, 60_000);

  test("no client and no Node.js: exit 2, which Claude Code takes as a block", () => {
    const hook = packageWith("pkg-no-node", () => {});
    const call = outsideCall(rt);
    const r = run([hook, ...call.args], call, { PATH: "/nonexistent" });
    expect({ status: r.status, stdout: r.stdout }).toEqual({ status: 2, stdout: "" });
    expect(r.stderr).toBe("shellfence: node is not on the hook's PATH (outside the project): cannot check this call\n");
  });
});

// A same-user process in the server's place at this checkout's socket name, answering a valid
// allow for this build and user through the suite's fake (or the real server, started otherwise
// than the Node.js bin starts it): both clients refuse it before they send anything, and the call
// is checked in the Node.js bin's own process (ask for the outside read), no server started over it.
describe.skipIf(process.platform !== "linux" || (!existsSync(native) && !hasCompiler))(
  "an impostor in the server's place is not the guard's",
  () => {
    const nodePath = spawnSync("sh", ["-c", "command -v node"], { encoding: "utf8" }).stdout.trim();
    const otherNode = () => {
      const copy = join(T, "other-node", "node");
      if (!existsSync(copy)) {
        mkdirSync(join(T, "other-node"), { recursive: true });
        copyFileSync(nodePath, copy);
        chmodSync(copy, 0o755);
      }
      return copy;
    };
    let n = 0;
    test.each(
      [["a script of its own",
        (env: Record<string, string>) => spawn("node", [RELAY, "serve"], { env, stdio: "ignore" }),
        "is not the package's bin", `is not ${bin} serve`], ["the bin with --require",
        (env: Record<string, string>) => spawn("node", ["--require", RELAY, bin, "serve"], { env, stdio: "ignore" }),
        "is not the package's bin", `is not ${bin} serve`], ["the bin with --require in NODE_OPTIONS",
        (env: Record<string, string>) =>
          spawn("node", [bin, "serve"], { env: { ...env, NODE_OPTIONS: `--require ${RELAY}` }, stdio: "ignore" }),
        "was started with NODE_OPTIONS in its environment", "was started with NODE_OPTIONS in its environment"], [
        "the real server run by a copy of node elsewhere",
        (env: Record<string, string>) => spawn(otherNode(), [bin, "serve"], { env, stdio: "ignore" }),
        "other-node/node, not",
        "other-node/node, not",
      ]] as const,
    )("%s", async (_name, spawnAs, nativeWhy, nodeWhy) => {
      const rt = runtime(`impostor-${++n}`);
      mkdirSync(join(rt, "shellfence"), { recursive: true, mode: 0o700 });
      const path = join(rt, "shellfence", await ourSocketName());
      let requests = 0;
      const server = createServer((s) => {
        let text = "";
        s.on("data", (d) => {
          text += d.toString();
          if (!text.includes("\n")) return;
          requests++;
          s.end(allowFrom({})(JSON.parse(text) as Record<string, unknown>));
        });
        s.on("error", () => {});
      });
      const to = join(rt, "fake.sock");
      await new Promise<void>((r) => server.listen(to, () => r()));
      const child = spawnAs({ PATH: process.env.PATH ?? "", XDG_RUNTIME_DIR: rt, SHELLFENCE_TEST_RELAY_SOCKET: path,
        SHELLFENCE_TEST_RELAY_TO: to });
      started.push(child);
      try {
        await until("the impostor's socket", () => existsSync(path));
        const call = outsideCall(rt);
        const viaC = await nativeAsync(call);
        expect(viaC.stderr).toStartWith("shellfence: native client: the server is not the guard's: process ");
        expect(viaC.stderr.split("\n")[0]).toContain(nativeWhy);
        expect(viaC.stderr).toContain(`shellfence: checked in this process: the server is not the guard's: `);
        expect(viaC.stderr).toContain(nodeWhy);
        expectAsk(viaC);
        const viaJs = await nodeAsync(call);
        expect(viaJs.stderr).toStartWith(
          "shellfence: checked in this process: the server is not the guard's: process ",
        );
        expect(viaJs.stderr).toContain(nodeWhy);
        expectAsk(viaJs);
        expect(requests).toBe(0);
        expect(sockets(rt)).toEqual([path.slice(path.lastIndexOf("/") + 1)]);
      } finally {
        child.kill("SIGTERM");
        server.close();
      }
    }, 60_000);
  },
);

describe("the build (scripts/build-native.ts)", () => {
  /** The files the native build reads, in a directory of their own: what a clone has before `npm run build`. */
  function clone(name: string): string {
    const dir = join(T, name);
    for (const f of ["scripts/build-native.ts", "src/server/protocol.ts", "src/guard/shell-env.ts",
      "native/shellfence-hook.c"])
    {
      mkdirSync(join(dir, f, ".."), { recursive: true });
      copyFileSync(join(root, f), join(dir, f));
    }
    return dir;
  }
  const bunDir = process.execPath.slice(0, process.execPath.lastIndexOf("/"));

  test("without a C compiler it builds no client and does not fail", () => {
    const dir = clone("clone-no-cc");
    const r = spawnSync(process.execPath, [join(dir, "scripts", "build-native.ts")], { encoding: "utf8",
      env: { PATH: bunDir, CC: "" } });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("no native hook client (no C compiler");
    expect(existsSync(join(dir, "dist", "native", platform))).toBe(false);
  });

  test.skipIf(!hasCompiler)("a client that does not run where it is built is not put in place", () => {
    // No bin/ or dist/ beside it: the client's try (`claude-code --help`, handed to the bin) fails.
    const dir = clone("clone-no-bin");
    const r = spawnSync(process.execPath, [join(dir, "scripts", "build-native.ts")], { encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("the compiled client does not run here");
    expect(existsSync(join(dir, "dist", "native", platform))).toBe(false);
  });

  test.skipIf(!hasCompiler)("the source compiles without a warning", () => {
    const r = spawnSync(compiler!, ["-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-DSF_PROTOCOL=1",
      "-DSF_MAX_MESSAGE=41943040L", "-DSF_DEFAULT_TIMEOUT_MS=10000L", '-DSF_REQUEST_ENV="HOME","PWD"',
      '-DSF_CODE_ENV_NAMES="NODE_OPTIONS"', '-DSF_CODE_ENV_PREFIXES="LD_"', '-DSF_SERVE_OPTIONS="--idle"', "-o",
      join(T, "warnings-check"), join(root, "native", "shellfence-hook.c")], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });
});
