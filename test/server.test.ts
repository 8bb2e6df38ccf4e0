// The resident checker (`shellfence serve`) and its hook client (src/server/). The server must
// answer every call exactly as a one-shot run in the caller's place would (argv, stdin, cwd, the
// environment that matters, config read afresh), many sessions at once; and the client must
// check in its own process whenever it cannot trust an answer, never allow instead.
//
// Every server here runs in a runtime directory of this suite's own, is started by the suite
// (or by a client with a 1 s idle timeout), and is stopped by its pid or by idling out; every
// wait is bounded.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync,
  renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ServerIdentity } from "../src/server/peer.ts";
import { askServer, type ServerAnswer } from "../src/start/client.ts";
import { codeFile, fingerprint, PROTOCOL, privateDirProblem, REQUEST_ENV, socketPath,
  socketProblem } from "../src/server/protocol.ts";
import { fileDigest } from "../src/policy/layers.ts";
import { buildDist } from "./support/build.ts";

const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const bin = join(root, "bin", "shellfence.js");
const uid = process.getuid!();
const print = fingerprint(codeFile());

let T: string;
const started: ChildProcess[] = [];

/** A runtime directory of its own (0700), as XDG_RUNTIME_DIR names it. */
function runtime(name: string): string {
  const dir = join(T, "run", name);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

async function until(what: string, cond: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const socketIn = (rt: string) => socketPath(join(rt, "shellfence"), print);

function startServer(rt: string, idle = 60): ChildProcess {
  const child = spawn(process.execPath, [bin, "serve", "--idle", String(idle)], {
    env: { ...process.env, XDG_RUNTIME_DIR: rt },
    stdio: ["ignore", "ignore", "pipe"],
  });
  started.push(child);
  return child;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((r) => child.once("exit", (code) => r(code)));
}

const hookInput = (command: string, cwd: string, tool = "Bash") =>
  JSON.stringify({ hook_event_name: "PreToolUse", tool_name: tool,
    tool_input: tool === "Bash" ? { command } : { file_path: command }, cwd });

/** The decision an answer's stdout carries: silence is allow. */
function decisionOf(stdout: string): string {
  return stdout === ""
    ? "allow"
    : (JSON.parse(stdout) as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput
      .permissionDecision;
}

interface Case {
  readonly name: string;
  readonly argv: readonly string[];
  /** The client's own working directory. */
  readonly cwd: string;
  readonly env: Record<string, string>;
  readonly input: string;
  readonly decision: "allow" | "ask" | "deny";
  /** Text the reason must hold: the path or rule that justifies the decision. */
  readonly because: string;
}

let cases: Case[];

beforeAll(() => {
  T = realpathSync(mkdtempSync(join(tmpdir(), "shellfence-server-")));
  for (const d of ["outside/sub", "pA", "pB", "pC", "h1", "h2", "cfg3/shellfence", "client5"]) {
    mkdirSync(join(T, d), { recursive: true });
  }
  writeFileSync(join(T, "outside", "x"), "x");
  writeFileSync(join(T, "outside", "sub", "x"), "x");
  writeFileSync(join(T, "pA", "a.txt"), "a");
  writeFileSync(join(T, "pB", ".shellfence.json"),
    JSON.stringify({ permission: { external_directory: { "*": "ask", [`${T}/outside/**`]: "allow" } } }));
  // Session 2's user trusts pB's file (an untrusted one may only tighten: policy/layers.ts).
  const pB = fileDigest(join(T, "pB", ".shellfence.json"), readFileSync(join(T, "pB", ".shellfence.json"), "utf8"));
  mkdirSync(join(T, "h2", ".config", "shellfence"), { recursive: true });
  writeFileSync(join(T, "h2", ".config", "shellfence", "trusted.json"),
    JSON.stringify({ trusted: { [pB.path]: pB.sha256 } }));
  writeFileSync(join(T, "cfg3", "shellfence", "config.json"),
    JSON.stringify({ permission: { read: { "**/a.txt": "deny" } } }));
  writeFileSync(join(T, "client5", "extra.json"), JSON.stringify({ permission: { read: { "**/a.txt": "ask" } } }));
  const hook = ["hook", "claude-code"];
  const s1 = { HOME: join(T, "h1"), CLAUDE_PROJECT_DIR: join(T, "pA") };
  cases = [{ name: "session 1: inside the project", argv: hook, cwd: T, env: s1,
    input: hookInput("cat a.txt", join(T, "pA")), decision: "allow", because: "" }, { name: "session 1: outside",
    argv: hook, cwd: T, env: s1, input: hookInput("cat ../outside/x", join(T, "pA")), decision: "ask",
    because: `${T}/outside/x` }, { name: "session 1: a Read outside", argv: hook, cwd: T, env: s1,
    input: hookInput(`${T}/outside/x`, join(T, "pA"), "Read"), decision: "ask", because: `${T}/outside/x` }, {
    name: "session 2: its project's .shellfence.json allows outside/",
    argv: hook,
    cwd: T,
    env: { HOME: join(T, "h2"), CLAUDE_PROJECT_DIR: join(T, "pB") },
    input: hookInput("cat ../outside/x", join(T, "pB")),
    decision: "allow",
    because: "",
  }, { name: "session 2: ~ is its own HOME", argv: hook, cwd: T,
    env: { HOME: join(T, "h2"), CLAUDE_PROJECT_DIR: join(T, "pB") }, input: hookInput("cat ~/notes", join(T, "pB")),
    decision: "ask", because: `${T}/h2/notes` }, { name: "session 3: XDG_CONFIG_HOME's global config denies a.txt",
    argv: hook, cwd: T,
    env: { HOME: join(T, "h1"), XDG_CONFIG_HOME: join(T, "cfg3"), CLAUDE_PROJECT_DIR: join(T, "pA") },
    input: hookInput("cat a.txt", join(T, "pA")), decision: "deny", because: "a.txt" }, {
    name: "session 4: CDPATH sends cd outside",
    argv: hook,
    cwd: T,
    env: { HOME: join(T, "h1"), CDPATH: join(T, "outside"), CLAUDE_PROJECT_DIR: join(T, "pC") },
    input: hookInput("cd sub && cat x", join(T, "pC")),
    decision: "ask",
    because: `${T}/outside/sub`,
  }, { name: "session 5: a relative --config from the client's cwd", argv: [...hook, "--config", "extra.json"],
    cwd: join(T, "client5"), env: { HOME: join(T, "h1"), CLAUDE_PROJECT_DIR: join(T, "pA") },
    input: hookInput("cat a.txt", join(T, "pA")), decision: "ask", because: "a.txt" }, {
    name: "session 1: input that is not JSON",
    argv: [...hook, "--strict"],
    cwd: T,
    env: s1,
    input: "{",
    decision: "deny",
    because: "not valid JSON",
  }];
});

afterAll(async () => {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill("SIGTERM");
  await Promise.all(started.map(exited));
  rmSync(T, { recursive: true, force: true });
});

/** What a one-shot run answers in the case's place: the reference the server must match. */
function oneShot(c: Case): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bin, ...c.argv], { cwd: c.cwd, input: c.input, encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", ...c.env, SHELLFENCE_RESIDENT: "0" } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const ask = (c: Case, rt: string, timeoutMs = 60_000, server?: ServerIdentity): Promise<ServerAnswer> =>
  askServer(c.argv, c.input, { env: { ...c.env, XDG_RUNTIME_DIR: rt }, cwd: c.cwd, timeoutMs, start: false,
    ...(server ? { server } : {}) });

/** The relay that stands in for a server in the reply tests (test/support/relay-server.cjs). */
const RELAY = join(root, "test", "support", "relay-server.cjs");
/** Asks trusting the relay as this suite's runtime running it: what is tested is the reply. */
const askVia = (c: Case, rt: string, timeoutMs: number) =>
  ask(c, rt, timeoutMs, { exe: process.execPath, script: RELAY });

describe("a running server", () => {
  let rt: string;
  let reference: Map<string, { code: number; stdout: string; stderr: string }>;
  beforeAll(async () => {
    rt = runtime("main");
    startServer(rt);
    reference = new Map(cases.map((c) => [c.name, oneShot(c)]));
    await until("the server's socket", () => existsSync(socketIn(rt)));
  }, 60_000);

  test("its socket is 0600 in a 0700 directory of this user's", () => {
    expect(privateDirProblem(join(rt, "shellfence"), uid, false)).toBeNull();
    expect(socketProblem(socketIn(rt), uid)).toBeNull();
  });

  test("each session's answer is the one-shot answer, and the decision the case names", async () => {
    for (const c of cases) {
      const want = reference.get(c.name)!;
      expect({ case: c.name, decision: decisionOf(want.stdout) }).toEqual({ case: c.name, decision: c.decision });
      if (c.because) expect(want.stdout).toContain(c.because);
      expect({ case: c.name, got: await ask(c, rt) }).toEqual({ case: c.name, got: want });
    }
  });

  test("200 calls at once from five sessions: every one served, each its own session's answer", async () => {
    const calls = Array.from({ length: 200 }, (_, i) => cases[i % cases.length]!);
    const got = await Promise.all(calls.map((c) => ask(c, rt)));
    const wrong = got.flatMap((g,
      i) => (JSON.stringify(g) === JSON.stringify(reference.get(calls[i]!.name))
        ? []
        : [{ case: calls[i]!.name, got: g }])
    );
    expect(wrong).toEqual([]);
  }, 120_000);

  test("a config changed between calls is read afresh", async () => {
    const c = cases.find((x) => x.name.startsWith("session 2: its project"))!;
    const config = join(T, "pB", ".shellfence.json");
    const before = readFileSync(config, "utf8");
    try {
      writeFileSync(config, JSON.stringify({ permission: { external_directory: { "*": "deny" } } }));
      const got = await ask(c, rt);
      expect("code" in got && decisionOf(got.stdout)).toBe("deny");
    } finally {
      writeFileSync(config, before);
    }
    const again = await ask(c, rt);
    expect("code" in again && decisionOf(again.stdout)).toBe("allow");
  });

  /** One raw request, for what a well-behaved client never sends. */
  function raw(request: object): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      let text = "";
      const s = connect(socketIn(rt));
      s.on("data", (d) => (text += d.toString()));
      s.on("end", () => resolve(JSON.parse(text) as Record<string, unknown>));
      s.on("error", reject);
      s.write(JSON.stringify(request) + "\n");
    });
  }
  const request = { protocol: PROTOCOL, fingerprint: print, uid, argv: ["hook", "claude-code"], cwd: "/", env: {},
    stdin: hookInput("cat a.txt", "/") };

  test.each([["another user", { ...request, uid: uid + 1 }, `this server answers uid ${uid}, not ${uid + 1}`], [
    "another build",
    { ...request, fingerprint: "0000000000000000" },
    `this server is build ${print}, not 0000000000000000`,
  ], ["another protocol", { ...request, protocol: PROTOCOL + 1 }, `protocol ${PROTOCOL + 1}, expected ${PROTOCOL}`], [
    "a command that is not a hook",
    { ...request, argv: ["check", "cat a.txt"] },
    "this server answers hook calls only",
  ], ["a cwd that does not exist", { ...request, cwd: "/nonexistent/shellfence-test" }, "the server failed: ENOENT"]])(
    "it refuses a request from %s",
    async (_name, req, error) => {
      const got = await raw(req);
      expect(String(got.error)).toStartWith(error);
      expect(got.code).toBeUndefined();
    },
  );
});

describe("the client checks in its own process when it cannot trust an answer", () => {
  const outside = () => cases.find((c) => c.name === "session 1: outside")!;

  /**
   * A server at the right name that answers every request with `reply` (or not at all): the
   * suite's own fake, behind a relay (test/support/relay-server.cjs) that takes the socket's name
   * as a server does. `askVia` asks it trusting the relay's script as the server's, so that what
   * is put to the test is the reply; started the way `spawnAs` says, the relay is an impostor.
   */
  async function fake(rt: string, reply: ((req: Record<string, unknown>) => string) | null, mode = 0o600,
    spawnAs: (env: Record<string, string>) => ChildProcess = (env) =>
      spawn(process.execPath, [RELAY, "serve"], { env, stdio: "ignore" })
  ): Promise<{ close: () => void; requests: () => number }> {
    let requests = 0;
    mkdirSync(join(rt, "shellfence"), { recursive: true, mode: 0o700 });
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
    const relay = spawnAs({ PATH: process.env.PATH ?? "", XDG_RUNTIME_DIR: rt,
      SHELLFENCE_TEST_RELAY_SOCKET: socketIn(rt), SHELLFENCE_TEST_RELAY_TO: to });
    started.push(relay);
    await until("the relay's socket", () => existsSync(socketIn(rt)));
    chmodSync(socketIn(rt), mode);
    return { close: () => {
      relay.kill("SIGTERM");
      server.close();
    }, requests: () => requests };
  }
  const allowFrom = (override: object) => (req: Record<string, unknown>) =>
    JSON.stringify({ protocol: PROTOCOL, fingerprint: req.fingerprint, uid: req.uid, code: 0, stdout: "", stderr: "",
      ...override }) + "\n";

  test.each(
    [["a reply that is not JSON", () => "allow\n", "the server's reply is not a valid answer"], [
      "an allow for another build",
      allowFrom({ fingerprint: "0000000000000000" }),
      "the server's reply is not a valid answer",
    ], ["an allow for another user", allowFrom({ uid: uid + 1 }), "the server's reply is not a valid answer"], [
      "an allow in another protocol",
      allowFrom({ protocol: PROTOCOL + 1 }),
      "the server's reply is not a valid answer",
    ], ["an allow with no stdout", allowFrom({ stdout: undefined }), "the server's reply is not a valid answer"], [
      "a refusal",
      allowFrom({ error: "busy" }),
      "the server refused: busy",
    ], ["a connection closed without a reply", () => "", "the server closed the connection without an answer"], [
      "no reply at all",
      null,
      "no answer within 300 ms",
    ]] as const,
  )("%s", async (name, reply, why) => {
    // Short: a socket's path must fit in sockaddr_un (socketPathProblem).
    const rt = runtime(`fake-${name.replace(/\W+/g, "-").slice(0, 24)}`);
    const server = await fake(rt, reply);
    try {
      expect(await askVia(outside(), rt, 300)).toEqual({ fallback: expect.stringContaining(why) as unknown as string });
    } finally {
      server.close();
    }
  });

  test("a socket open to others is not used", async () => {
    const rt = runtime("fake-open");
    const server = await fake(rt, allowFrom({}), 0o666);
    try {
      expect(await ask(outside(), rt, 300)).toEqual({ fallback: `${socketIn(rt)} is open to others (mode 666)` });
    } finally {
      server.close();
    }
  });

  test("a runtime directory open to others is not used", async () => {
    const rt = runtime("fake-open-dir");
    const server = await fake(rt, allowFrom({}));
    chmodSync(join(rt, "shellfence"), 0o755);
    try {
      expect(await ask(outside(), rt, 300)).toEqual({
        fallback: `${join(rt, "shellfence")} is open to others (mode 755)`,
      });
    } finally {
      server.close();
    }
  });

  test("a socket or directory of another user is not used", () => {
    expect(socketProblem(join(T, "none.sock"), uid)).toContain("ENOENT");
    const rt = runtime("other-user");
    mkdirSync(join(rt, "shellfence"), { mode: 0o700 });
    expect(privateDirProblem(join(rt, "shellfence"), uid + 1, false)).toBe(
      `${join(rt, "shellfence")} belongs to uid ${uid}, not ${uid + 1}`,
    );
  });

  test("a symlink in place of the directory, or a file in place of the socket, is not used", () => {
    const rt = runtime("not-what-it-seems");
    mkdirSync(join(rt, "real"), { mode: 0o700 });
    symlinkSync(join(rt, "real"), join(rt, "shellfence"));
    expect(privateDirProblem(join(rt, "shellfence"), uid, false)).toBe(`${join(rt, "shellfence")} is not a directory`);
    writeFileSync(join(rt, "real", "plain.sock"), "", { mode: 0o600 });
    expect(socketProblem(join(rt, "real", "plain.sock"), uid)).toBe(
      `${join(rt, "real", "plain.sock")} is not a socket`,
    );
  });

  test("no server: the answer comes from this process", async () => {
    const rt = runtime("none");
    expect(await ask(outside(), rt, 300)).toEqual({ fallback: expect.stringContaining("ENOENT") as unknown as string });
  });

  test("the same allow from the stand-in trusted as the server is the answer: the reply checks pass it", async () => {
    const rt = runtime("fake-trusted");
    const server = await fake(rt, allowFrom({}));
    try {
      expect(await askVia(outside(), rt, 5_000)).toEqual({ code: 0, stdout: "", stderr: "" });
      expect(server.requests()).toBe(1);
    } finally {
      server.close();
    }
  });

  /** The bin's hook client under this runtime, as a host runs it, with the resident checker on. */
  function viaBin(c: Case, rt: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [bin, ...c.argv], { cwd: c.cwd,
        env: { PATH: process.env.PATH ?? "", ...c.env, XDG_RUNTIME_DIR: rt, SHELLFENCE_RESIDENT: "1",
          SHELLFENCE_RESIDENT_DEBUG: "1" } });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      child.on("exit", (status) => resolve({ status, stdout, stderr }));
      child.stdin.end(c.input);
    });
  }

  // A same-user process in the server's place, answering a valid allow for this build and user
  // (or the real server, started otherwise than the client starts it): never asked, the call is
  // checked in the client's process (ask for the outside read), and no server is started over it.
  let impostors = 0;
  const otherRuntime = () => {
    const copy = join(T, "other-runtime", "bun");
    if (!existsSync(copy)) {
      mkdirSync(join(T, "other-runtime"), { recursive: true });
      copyFileSync(process.execPath, copy);
      chmodSync(copy, 0o755);
    }
    return copy;
  };
  test.each(
    [["a script of its own",
      (env: Record<string, string>) => spawn(process.execPath, [RELAY, "serve"], { env, stdio: "ignore" }),
      `is not ${bin} serve`], ["the bin with a preload",
      (env: Record<string, string>) =>
        spawn(process.execPath, ["--preload", RELAY, bin, "serve"], { env, stdio: "ignore" }), `is not ${bin} serve`], [
      "the bin with a preload in BUN_OPTIONS",
      (env: Record<string, string>) =>
        spawn(process.execPath, [bin, "serve"], { env: { ...env, BUN_OPTIONS: `--preload ${RELAY}` },
          stdio: "ignore" }),
      "was started with BUN_OPTIONS in its environment",
    ], ["the real server with NODE_OPTIONS in its environment",
      (env: Record<string, string>) =>
        spawn(process.execPath, [bin, "serve"], { env: { ...env, NODE_OPTIONS: `--require ${RELAY}` },
          stdio: "ignore" }), "was started with NODE_OPTIONS in its environment"], [
      "the real server with LD_PRELOAD in its environment",
      (env: Record<string, string>) =>
        spawn(process.execPath, [bin, "serve"], { env: { ...env, LD_PRELOAD: "" }, stdio: "ignore" }),
      "was started with LD_PRELOAD in its environment",
    ], ["the real server run by a copy of the runtime elsewhere",
      (env: Record<string, string>) => spawn(otherRuntime(), [bin, "serve"], { env, stdio: "ignore" }),
      "other-runtime/bun, not"], ["the real server with other arguments",
      (env: Record<string, string>) => spawn(process.execPath, [bin, "serve", "--idle=60"], { env, stdio: "ignore" }),
      "runs serve with other arguments"]] as const,
  )("an impostor: %s", async (name, spawnAs, why) => {
    // Numbered: a socket's path must fit in sockaddr_un, and names cut short would collide.
    const rt = runtime(`imp-${++impostors}`);
    const server = await fake(rt, allowFrom({}), 0o600, spawnAs);
    try {
      const r = await viaBin(outside(), rt);
      expect(r.stderr).toStartWith("shellfence: checked in this process: the server is not the guard's: process ");
      expect(r.stderr).toContain(why);
      expect({ status: r.status, decision: decisionOf(r.stdout) }).toEqual({ status: 0, decision: "ask" });
      expect(r.stdout).toContain(`${T}/outside/x`);
      expect(server.requests()).toBe(0);
      // Not replaced: the impostor's socket is left in place, and no server was started beside it.
      expect(readdirSync(join(rt, "shellfence")).filter((f) => f.endsWith(".sock") || f.endsWith(".lock"))).toEqual([
        socketIn(rt).slice(socketIn(rt).lastIndexOf("/") + 1),
      ]);
    } finally {
      server.close();
    }
  }, 30_000);
});

describe("the server's life", () => {
  test("started on demand by a client, it answers the next call and exits when idle", async () => {
    const rt = runtime("on-demand");
    const c = cases[1]!;
    const env = { ...c.env, XDG_RUNTIME_DIR: rt, SHELLFENCE_RESIDENT_IDLE: "1", PATH: process.env.PATH ?? "" };
    const first = await askServer(c.argv, c.input, { env, cwd: c.cwd, timeoutMs: 10_000 });
    expect("fallback" in first).toBe(true);
    await until("the started server's socket", () => existsSync(socketIn(rt)));
    const next = await askServer(c.argv, c.input, { env, cwd: c.cwd, timeoutMs: 10_000, start: false });
    expect("code" in next && decisionOf(next.stdout)).toBe("ask");
    // Idle for 1 s, it removes its socket as it exits.
    await until("the idle server to remove its socket", () => !existsSync(socketIn(rt)));
    expect(readdirSync(join(rt, "shellfence"))).toEqual([]);
  }, 40_000);

  test("a socket path longer than the system takes: no server listens, the client checks here and starts none",
    async () => {
      // Node.js would cut the path short and listen under a name no client looks for, for ever.
      const rt = runtime("l".repeat(70));
      expect(Buffer.byteLength(socketIn(rt))).toBeGreaterThan(107);
      const child = startServer(rt);
      let stderr = "";
      child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
      expect(await exited(child)).toBe(2);
      expect(stderr).toContain("longer than a socket's path may be");
      expect(readdirSync(join(rt, "shellfence"))).toEqual([]);
      const c = cases[1]!;
      const env = { ...c.env, XDG_RUNTIME_DIR: rt, PATH: process.env.PATH ?? "" };
      const got = await askServer(c.argv, c.input, { env, cwd: c.cwd, timeoutMs: 1000 });
      expect(got).toEqual({ fallback: expect.stringContaining("longer than a socket's path may be") });
      expect(readdirSync(join(rt, "shellfence"))).toEqual([]);
    }, 30_000);

  test("a server exits when idle, and removes its socket", async () => {
    const rt = runtime("idle");
    const child = startServer(rt, 1);
    await until("the socket", () => existsSync(socketIn(rt)));
    expect(await exited(child)).toBe(0);
    expect(existsSync(socketIn(rt))).toBe(false);
  }, 30_000);

  test("a server whose socket name another server took exits, leaving the newer socket", async () => {
    const rt = runtime("replaced");
    const child = startServer(rt);
    await until("the socket", () => existsSync(socketIn(rt)));
    const newer = createServer();
    const staged = `${socketIn(rt)}.newer`;
    await new Promise<void>((r) => newer.listen(staged, () => r()));
    renameSync(staged, socketIn(rt));
    try {
      expect(await exited(child)).toBe(0);
      expect(existsSync(socketIn(rt))).toBe(true);
    } finally {
      newer.close();
    }
  }, 30_000);
});

// A check that never returns (a loop no bound or budget sees, standing for a hung system call):
// a server whose `run` spins on the command SPIN. The watchdog must answer that call fail-closed
// and end the server, so the calls queued behind it are not stalled: they see their connection
// close and check in their own processes, and the next call starts a new server.
describe("the watchdog: one stuck request stalls no other", () => {
  const SERVER = `
import { serve } from ${JSON.stringify(join(root, "src", "server", "server.ts"))};
import { main } from ${JSON.stringify(join(root, "src", "cli", "main.ts"))};
const run = async (argv, io) => {
  let input = "";
  for await (const l of io.stdin()) input += l;
  if (input.includes('"SPIN"')) for (;;) {}
  const { stdinLines } = await import(${JSON.stringify(join(root, "src", "server", "lines.ts"))});
  return main(argv, { ...io, stdin: () => stdinLines(input) });
};
process.exitCode = await serve({ run, idleSeconds: 60, budgetMs: Number(process.argv[4]), env: process.env, stderr: (s) => process.stderr.write(s) });
`;

  for (const strict of [false, true]) {
    test(`the stuck call is answered ${strict ? "deny (--strict)" : "ask"}, the queued one is let go, the server ends`,
      async () => {
        const rt = runtime(`watchdog-${strict}`);
        writeFileSync(join(T, "stuck-server.ts"), SERVER);
        // Started as a server is (SCRIPT serve --budget MS), and trusted as this suite's stand-in.
        const script = join(T, "stuck-server.ts");
        const child = spawn(process.execPath, [script, "serve", "--budget", "1500"], {
          env: { ...process.env, XDG_RUNTIME_DIR: rt },
          stdio: ["ignore", "ignore", "pipe"],
        });
        started.push(child);
        await until("the socket", () => existsSync(socketIn(rt)));
        const c = cases[1]!;
        const env = { ...c.env, XDG_RUNTIME_DIR: rt };
        const argv = strict ? [...c.argv, "--strict"] : c.argv;
        const server = { exe: process.execPath, script };
        const stuck = askServer(argv, hookInput("SPIN", join(T, "pA")), { env, cwd: c.cwd, timeoutMs: 30_000,
          start: false, server });
        await new Promise((r) => setTimeout(r, 200));
        const queued = askServer(c.argv, c.input, { env, cwd: c.cwd, timeoutMs: 30_000, start: false, server });
        const [a, b] = await Promise.all([stuck, queued]);
        expect(a).toEqual({ code: 0,
          stdout: expect.stringContaining("the resident checker gave no verdict within 1500 ms"), stderr: "" });
        expect("code" in a && decisionOf(a.stdout)).toBe(strict ? "deny" : "ask");
        expect(b).toEqual({ fallback: expect.stringMatching(/closed the connection|ECONNRESET|EPIPE/) });
        await exited(child);
        expect(child.signalCode).toBe("SIGKILL");
        expect(existsSync(socketIn(rt))).toBe(false);
      }, 60_000);
  }
});

describe("under Node.js, the bin as the README configures it", () => {
  beforeAll(() => {
    // The bundle the bin runs, and the client it loads, built from these sources.
    buildDist();
  }, 120_000);

  function nodeHook(c: Case, rt: string): { status: number | null; stdout: string; stderr: string } {
    const r = spawnSync("node", [bin, ...c.argv], { cwd: c.cwd, input: c.input, encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", ...c.env, XDG_RUNTIME_DIR: rt, SHELLFENCE_RESIDENT_IDLE: "1",
        SHELLFENCE_RESIDENT_DEBUG: "1" } });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  test("the first call checks in its process and starts the server, the next is answered by it, and it idles out",
    async () => {
      const rt = runtime("node-bin");
      const c = cases[1]!;
      const first = nodeHook(c, rt);
      expect(first.stderr).toStartWith("shellfence: checked in this process: ");
      const sockets =
        () => (existsSync(join(rt, "shellfence"))
          ? readdirSync(join(rt, "shellfence")).filter((f) => f.endsWith(".sock"))
          : []);
      await until("the started server's socket", () => sockets().length === 1);
      const next = nodeHook(c, rt);
      expect(next.stderr).toBe("shellfence: answered by the resident checker\n");
      expect(next.stdout).toBe(first.stdout);
      expect({ status: next.status, decision: decisionOf(next.stdout) }).toEqual({ status: 0, decision: "ask" });
      await until("the idle server to remove its socket", () => sockets().length === 0);
    }, 60_000);
});

describe("a hook input that does not end", () => {
  test("is checked in the client's process as far as it came, within the timeout, and the client exits", async () => {
    const c = cases[1]!;
    const child = spawn(process.execPath, [bin, ...c.argv], { cwd: c.cwd,
      env: { PATH: process.env.PATH ?? "", ...c.env, SHELLFENCE_RESIDENT: "1", XDG_RUNTIME_DIR: runtime("open-stdin"),
        SHELLFENCE_RESIDENT_TIMEOUT_MS: "300", SHELLFENCE_RESIDENT_DEBUG: "1" } });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (d) => (stdout += d));
    child.stderr!.on("data", (d) => (stderr += d));
    // The whole input, with stdin left open, as a host that never closes it leaves it.
    child.stdin!.write(c.input);
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    const code = await exited(child);
    clearTimeout(timer);
    expect(stderr).toStartWith("shellfence: checked in this process: the hook input did not end within 300 ms\n");
    expect({ code, decision: decisionOf(stdout) }).toEqual({ code: 0, decision: "ask" });
    expect(stdout).toContain(c.because);
  }, 60_000);
});

describe("help is printed without waiting for stdin", () => {
  for (const argv of [["hook", "claude-code", "--help"], ["hook", "--help"]]) {
    test(argv.join(" "), async () => {
      const child = spawn(process.execPath, [bin, ...argv], {
        env: { PATH: process.env.PATH ?? "", SHELLFENCE_RESIDENT: "1", XDG_RUNTIME_DIR: runtime("help") },
      });
      let stdout = "";
      child.stdout.on("data", (d) => (stdout += d));
      // stdin stays open: a client that read it first would never answer.
      const timer = setTimeout(() => child.kill("SIGTERM"), 20_000);
      const code = await exited(child);
      clearTimeout(timer);
      expect({ code, usage: stdout.startsWith("usage: shellfence hook claude-code") }).toEqual({ code: 0,
        usage: true });
    }, 30_000);
  }
});

describe("the request carries every environment variable the checker reads", () => {
  // Read by the client or the bin only, or by paths the server never runs.
  const NOT_FOR_THE_CHECK: Record<string, string> = { NO_COLOR: "check's terminal output; the hook prints JSON",
    XDG_RUNTIME_DIR: "where the socket lives: the client's own business",
    SHELLFENCE_RESIDENT_IDLE: "the server's idle timeout", SHELLFENCE_RESIDENT_TIMEOUT_MS: "the client's timeout",
    SHELLFENCE_RESIDENT_DEBUG: "the client's own message",
    NODE_OPTIONS: "which V8 flags the bin's code cache was made under (src/start/code-cache.ts), read before any check",
    PATH: "`exec` and guard.exec find bwrap and run the command with the caller's own PATH; the server never runs them",
    SHELLFENCE_BWRAP:
      "which bwrap a sandbox runs: read where the sandbox line is made (the server's own, as the user started it)",
    OPENCODE_CONFIG: "doctor reads opencode's config as opencode does; the server never runs doctor",
    OPENCODE_DISABLE_PROJECT_CONFIG: "doctor, likewise",
    PI_CODING_AGENT_DIR: "doctor reads pi's settings as pi does; the server never runs doctor",
    GITHUB_STEP_SUMMARY: "scan --format github writes its table there, in its own process; the server never scans" };
  // Where src/ hands the whole environment on or reads it by a computed name: the process's Io,
  // the default for layers, the client (to the server it starts), the server (REQUEST_ENV by
  // name), the scanner (a workflow's env, never served), and the sandbox runner (the command's
  // own environment, never served), doctor's reading of a hook command's `$NAME`s as `sh -c`
  // would (never served), the script scanner, which names `process.env` of the JavaScript it
  // reads, not its own, shell-env.ts, which reads SHELL_ENV_NAMES (all in REQUEST_ENV), and the
  // in-process hosts (opencode, pi), which hand it their own environment (never served).
  const WHOLE_ENV = new Set(["cli/main.ts", "policy/layers.ts", "start/client.ts", "server/server.ts", "cli/scan.ts",
    "sandbox/run.ts", "integrations/doctor-command.ts", "commands/inline/reach-javascript.ts", "guard/shell-env.ts",
    "integrations/opencode.ts", "integrations/pi.ts"]);

  function sources(dir: string, rel = ""): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? sources(join(dir, e.name), `${rel}${e.name}/`)
        : e.name.endsWith(".ts")
        ? [`${rel}${e.name}`]
        : []
    );
  }

  test("every variable src/ names is in REQUEST_ENV, or said here why not", () => {
    const unlisted: string[] = [];
    for (const file of sources(join(root, "src"))) {
      const text = readFileSync(join(root, "src", file), "utf8");
      for (const m of text.matchAll(/\benv\??\.([A-Z_][A-Z0-9_]*)|\benv\[["']([A-Z_][A-Z0-9_]*)["']\]/g)) {
        const name = m[1] ?? m[2]!;
        if (!(REQUEST_ENV as readonly string[]).includes(name) && !Object.hasOwn(NOT_FOR_THE_CHECK, name)) {
          unlisted.push(`${file}: ${name}`);
        }
      }
      // A variable read by a computed name, or the whole environment handed on, cannot be listed.
      if (/\benv\[(?!["'])/.test(text) && !WHOLE_ENV.has(file)) unlisted.push(`${file}: env[…]`);
      if (/process\.env(?![.\w])/.test(text) && !WHOLE_ENV.has(file)) unlisted.push(`${file}: process.env`);
    }
    expect(unlisted).toEqual([]);
  });
});
