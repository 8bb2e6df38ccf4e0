// The pi and opencode integrations' opt-in sandbox (docs/sandbox.md, "In pi and opencode"): an
// allowed bash call's command is replaced, in the very object the host's bash tool then runs,
// by a bwrap line built from the same policy and cwd; no sandbox means the call is blocked,
// unless "unsandboxed": "run"; ask and deny are as without the option. The replaced lines are
// run here as both hosts run them, `/bin/bash -c LINE`. Without bubblewrap the real-run tests
// fail, naming why, unless SHELLFENCE_SKIP_SANDBOX=1 says to skip them, which is printed.

import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ShellfencePlugin } from "../../src/integrations/opencode.ts";
import { withOptions } from "../../src/integrations/pi.ts";
import { type Availability, sandboxAvailability, SandboxError } from "../../src/index.ts";
import { fallbackNotice, sandboxBashInput } from "../../src/integrations/sandbox-route.ts";
import { type BashCallSpec, opencodeBash, type Outcome, piBash, type Spec } from "./host-bash.ts";

setDefaultTimeout(60_000);
const available = sandboxAvailability();
const skip = !available.ok && process.env.SHELLFENCE_SKIP_SANDBOX === "1";
if (skip) {
  console.warn(
    `SKIPPED the real runs in test/integrations/sandbox-route.test.ts: ${available.ok ? "" : available.reason}`,
  );
}

const SECRET = "-----BEGIN FAKE KEY-----";
const FAKE_BWRAP = "/opt/fake/bin/bwrap";
const here: () => Availability = () => ({ ok: true, bwrap: FAKE_BWRAP });
const NOT_INSTALLED = "bubblewrap (bwrap) is not installed; on Debian or Ubuntu: apt-get install bubblewrap";
const nowhere: () => Availability = () => ({ ok: false, reason: NOT_INSTALLED });
const UNAVAILABLE =
  `shellfence: not run: this command is allowed, but the "standard" sandbox it is set to run in cannot be made here: ${NOT_INSTALLED}. (To run allowed commands without a sandbox when none can be made, set "unsandboxed": "run".)`;

let top: string;
let project: string;
let home: string;
let outside: string;

beforeAll(() => {
  top = realpathSync(mkdtempSync(join(tmpdir(), "shellfence-route-")));
  project = join(top, "project");
  home = join(top, "home");
  outside = join(top, "outside");
  mkdirSync(join(home, ".ssh"), { recursive: true });
  writeFileSync(join(home, ".ssh", "id_rsa"), SECRET);
  mkdirSync(join(project, "src"), { recursive: true });
  mkdirSync(join(project, "secrets"));
  mkdirSync(outside);
  writeFileSync(join(project, "secrets", "prod.key"), "prod-key");
  writeFileSync(join(project, "src", "main.js"), "console.log('main')\n");
  writeFileSync(join(project, ".shellfence.json"), JSON.stringify({ permission: { read: { "secrets/**": "deny" } } }));
  // Code the guard does not read, which reads the key: the static check allows running it.
  // The key's name is made at run time (".ssh" from its character codes), so the static check
  // cannot see it (src/commands/inline/reach.ts reads what a script names visibly): the sandbox
  // is what stops it.
  writeFileSync(join(project, "steal.py"),
    `import os\nd = "".join(chr(c) for c in [46, 115, 115, 104])\nprint(open(os.path.expanduser("~/" + d + "/id_rsa")).read())\n`);
});
afterAll(() => rmSync(top, { recursive: true, force: true }));

/** The words bash makes of a command line, the program first. */
function words(line: string): string[] {
  const r = spawnSync("/bin/bash", ["-c", `words() { printf '%s\\0' "$@"; }; words ${line}`], { encoding: "utf8" });
  expect(r.status).toBe(0);
  return r.stdout.split("\0").slice(0, -1);
}

/** The calls made, and the commands let through run, by a host process of its own whose HOME is the fake one. */
function inHost(host: Spec["host"], options: Spec["options"], calls: readonly BashCallSpec[],
  extraEnv: Record<string, string> = {}): Outcome[]
{
  const spec: Spec = { host, options, cwd: project, calls };
  const r = spawnSync(process.execPath, [join(import.meta.dir, "host-bash.ts"), JSON.stringify(spec)], {
    env: { ...process.env, HOME: home, ...extraEnv },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`the host process failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as Outcome[];
}

const HOSTS = [["pi", piBash], ["opencode", opencodeBash]] as const;

describe("the command is replaced by the sandboxed line the host then runs", () => {
  // A command whose quotes, newline and comment must reach bash -c inside unchanged.
  const command = `printf '%s\\n' "it's here" $'a\\tb'\nls src # done`;
  test.each(HOSTS)("%s, standard: bwrap with the policy's mounts, starting in the project, then bash -c COMMAND",
    async (_, call) => {
      const out = await call({ sandbox: "standard", availability: here }, project, { command });
      expect(out.blocked).toBeNull();
      const w = words(out.command as string);
      expect(w[0]).toBe(FAKE_BWRAP);
      expect(w.slice(-4)).toEqual(["--", "/bin/bash", "-c", command]);
      expect(w.join(" ")).toContain("--ro-bind / /");
      expect(w.join(" ")).toContain(`--bind ${project} ${project}`);
      expect(w.join(" ")).toContain(`--perms 0000 --tmpfs ${project}/secrets`);
      expect(w.join(" ")).toContain(`--chdir ${project} --`);
    });
  test.each(HOSTS)("%s, strict: the system only, and the home directory a private tmpfs", async (_, call) => {
    const w = words(
      (await call({ sandbox: "strict", availability: here }, project, { command: "ls" })).command as string,
    );
    expect(w.join(" ")).not.toContain("--ro-bind / /");
    expect(w.join(" ")).toContain(`--tmpfs ${realpathSync(homedir())}`);
    expect(w.join(" ")).toContain(`--bind ${project} ${project}`);
    expect(w.slice(-4)).toEqual(["--", "/bin/bash", "-c", "ls"]);
  });
  test("opencode's workdir is where the sandboxed command starts; the project stays the only root", async () => {
    const w = words(
      (await opencodeBash({ sandbox: "standard", availability: here }, project, { command: "ls", workdir: "src" }))
        .command as string,
    );
    expect(w.join(" ")).toContain(`--chdir ${project}/src --`);
    expect(w.join(" ")).toContain(`--bind ${project} ${project}`);
    expect(w.join(" ")).not.toContain(`--bind ${project}/src`);
  });
  test('opencode, a workdir outside the project (asked about, let through by "ask": "allow"): started there, read-only', async () => {
    const out = await opencodeBash({ ask: "allow", sandbox: "standard", availability: here }, project, { command: "ls",
      workdir: outside });
    expect(out.blocked).toBeNull();
    const w = words(out.command as string).join(" ");
    expect(w).toContain(`--chdir ${outside} --`);
    expect(w).not.toContain(`--bind ${outside} `);
  });
  test.each(HOSTS)("%s: without the option the command runs in the contained sandbox; with false, as it is",
    async (_, call) => {
      const w = words((await call({ availability: here }, project, { command: "ls src" })).command as string).join(" ");
      expect(w).toStartWith(`${FAKE_BWRAP} `);
      expect(w).not.toContain("--ro-bind / /");
      expect(w).toContain(`--bind ${project} ${project}`);
      expect(w).toContain("--seccomp 9");
      expect(await call({ sandbox: false, availability: here }, project, { command: "ls src" })).toEqual({
        blocked: null,
        command: "ls src",
      });
    });
  test("pi: a file tool's input is never touched", async () => {
    let handler: ((e: unknown, ctx: unknown) => Promise<unknown>) | undefined;
    withOptions({ sandbox: "standard", availability: here })(
      { on: (_e: string, h: typeof handler) => void (handler = h) } as never,
    );
    const input = { path: "src/main.js" };
    expect(
      await handler!({ type: "tool_call", toolCallId: "t", toolName: "read", input }, { cwd: project, hasUI: false,
        ui: {} }),
    ).toBeUndefined();
    expect(input).toEqual({ path: "src/main.js" });
  });
});

describe("ask and deny are as without the option", () => {
  // $O is the directory outside the project.
  const cases: [string, BashCallSpec][] = [["deny (a read rule)", { command: "cat secrets/prod.key" }], [
    "ask without a UI",
    { command: "cat $O/x" },
  ], ["ask declined", { command: "cat $O/x", answer: false }]];
  const at = (c: BashCallSpec): BashCallSpec => ({ ...c, command: c.command.replace("$O", outside) });
  test.each(cases)("pi, %s: the same block, the command untouched", async (_, spec) => {
    const c = at(spec);
    const plain = await piBash({}, project, c);
    expect(plain.blocked).not.toBeNull();
    expect(await piBash({ sandbox: "standard", availability: here }, project, c)).toEqual(plain);
    expect(await piBash({ sandbox: "standard", availability: nowhere }, project, c)).toEqual(plain);
  });
  test.each(cases.slice(0, 2))("opencode, %s: the same error, the command untouched", async (_, spec) => {
    const c = at(spec);
    const plain = await opencodeBash({}, project, c);
    expect(plain.blocked).not.toBeNull();
    expect(await opencodeBash({ sandbox: "strict", availability: here }, project, c)).toEqual(plain);
  });
  test("pi, ask approved: run in the sandbox", async () => {
    const out = await piBash({ sandbox: "standard", availability: here }, project, { command: `cat ${outside}/x`,
      answer: true });
    expect(out.blocked).toBeNull();
    expect(words(out.command as string)[0]).toBe(FAKE_BWRAP);
  });
  test('opencode, "ask": "allow": the ask goes on to opencode, sandboxed', async () => {
    const out = await opencodeBash({ ask: "allow", sandbox: "standard", availability: here }, project, {
      command: `cat ${outside}/x`,
    });
    expect(out.blocked).toBeNull();
    expect(words(out.command as string)[0]).toBe(FAKE_BWRAP);
  });
});

describe("no sandbox here", () => {
  test.each(HOSTS)("%s: an allowed command is blocked, saying why and how to opt out", async (_, call) => {
    expect(await call({ sandbox: "standard", availability: nowhere }, project, { command: "ls src" })).toEqual({
      blocked: UNAVAILABLE,
      command: "ls src",
    });
  });
  test.each(HOSTS)('%s: "unsandboxed": "run" runs it bare, saying so on its first call', async (_, call) => {
    const out = await call({ sandbox: "standard", unsandboxed: "run", availability: nowhere }, project, {
      command: "ls src",
    });
    expect(out).toEqual({ blocked: null, command: `printf '%s\\n' '${fallbackNotice(NOT_INSTALLED)}' >&2\nls src` });
  });
  test.each(HOSTS)("%s: the sandbox left to its default runs bare where none can be made, and says so once per session",
    (host) => {
      const [first, second] = inHost(host, { availability: undefined, unsandboxed: undefined }, [{ command: "ls" }, {
        command: "ls",
      }], { SHELLFENCE_BWRAP: "/nonexistent/bwrap" });
      expect(first!.blocked).toBeNull();
      expect(first!.ran?.stderr).toContain(
        "shellfence: no sandbox on this machine (bubblewrap (bwrap) is not installed",
      );
      expect(first!.ran?.stdout).toBe("secrets\nsrc\nsteal.py\n");
      expect(second).toMatchObject({ blocked: null, command: "ls", ran: { status: 0, stderr: "" } });
    });
  test.each(HOSTS)("%s: rules the sandbox cannot be made from block the call, never run it bare", async (_, call) => {
    const fail = () => {
      throw new SandboxError("the rules name paths at any depth");
    };
    const host = { root: project, checkBash: () => null, checkTool: () => null, sandboxFor: fail } as never;
    const input = { command: "ls" };
    const bash = { kind: "bash", command: "ls", cwd: project } as const;
    const blocked = sandboxBashInput(host, input, bash, null, { unsandboxed: "run", availability: here }, {
      fallbackSaid: false,
    });
    expect(blocked).toContain("cannot be made: the rules name paths at any depth");
    expect(input.command).toBe("ls");
    expect(call).toBeDefined();
  });
  test("the default check: bwrap is looked for, and its absence named", async () => {
    // The availability hook left out: what sandboxAvailability() says on this machine decides.
    const out = await piBash({ sandbox: "standard" }, project, { command: "ls src" });
    if (available.ok) expect(words(out.command as string)[0]).toBe(available.bwrap);
    else {
      expect(out).toEqual({ blocked: expect.stringContaining(available.reason) as unknown as string,
        command: "ls src" });
    }
  });
});

describe("options and calls the sandbox cannot take", () => {
  test.each([[{ sandbox: "loose" },
    `shellfence: the "sandbox" option must be one of "contained", "standard", "strict" or false, not "loose"`], [{
    sandbox: "standard",
    unsandboxed: "yes",
  }, `shellfence: the "unsandboxed" option must be "block" or "run", not "yes"`], [{ availability: true },
    `shellfence: the "availability" option must be a function`]])("%j blocks every call, with the error",
      async (options, message) => {
        const reason = `shellfence could not start, so nothing runs unchecked: ${message}`;
        expect(await piBash(options as never, project, { command: "ls" })).toEqual({ blocked: reason, command: "ls" });
        expect(await opencodeBash(options as never, project, { command: "ls" })).toEqual({ blocked: reason,
          command: "ls" });
      });
  test("opencode: a bash call inside batch is blocked, as batch runs it unseen", async () => {
    const hooks = await ShellfencePlugin({ directory: project }, { sandbox: "standard", availability: here });
    const args = {
      tool_calls: [{ tool: "read", parameters: { filePath: "src/main.js" } }, { tool: "bash",
        parameters: { command: "ls" } }],
    };
    await expect(hooks["tool.execute.before"]({ tool: "batch" }, { args })).rejects.toThrow(
      "shellfence: a bash call inside batch cannot be run in the sandbox; call bash on its own.",
    );
    expect(args.tool_calls[1]!.parameters).toEqual({ command: "ls" });
    const files = { tool_calls: [{ tool: "read", parameters: { filePath: "src/main.js" } }] };
    expect(await hooks["tool.execute.before"]({ tool: "batch" }, { args: files })).toBeUndefined();
  });
});

describe.skipIf(skip)("the replaced command, run as the host runs it", () => {
  test("bubblewrap can make a sandbox on this machine", () => {
    expect(available.ok ? "ok" : available.reason).toBe("ok");
  });
  test("without the sandbox the static check lets the key be read (what the sandbox is for)", () => {
    const [out] = inHost("pi", { sandbox: false }, [{ command: "python3 steal.py" }]);
    expect(out).toMatchObject({ blocked: null, command: "python3 steal.py" });
    expect(out!.ran?.stdout).toContain(SECRET);
  });
  // [host, mode, how the read of ~/.ssh/id_rsa fails]: standard hides the key (EACCES), strict
  // makes the whole home an empty tmpfs (ENOENT).
  const modes = [["pi", "standard", "PermissionError: [Errno 13] Permission denied"], ["pi", "strict",
    "FileNotFoundError: [Errno 2] No such file or directory"], ["opencode", "standard",
    "PermissionError: [Errno 13] Permission denied"], ["opencode", "strict",
    "FileNotFoundError: [Errno 2] No such file or directory"]] as const;
  test.each(modes)("%s, %s: the program cannot read the key; ls works", (host, sandbox, failure) => {
    const [steal, ls] = inHost(host, { sandbox }, [{ command: "python3 steal.py" }, { command: "ls" }]);
    expect(steal!.blocked).toBeNull();
    expect(words(steal!.command as string).slice(-4)).toEqual(["--", "/bin/bash", "-c", "python3 steal.py"]);
    expect(steal!.ran?.stdout).not.toContain(SECRET);
    expect(steal!.ran?.stderr).toContain(failure);
    expect(steal!.ran?.status).toBe(1);
    expect(ls!.blocked).toBeNull();
    expect(ls!.ran).toEqual({ status: 0, stdout: "secrets\nsrc\nsteal.py\n", stderr: "" });
  });
  test("pi: an approved write outside the project works inside the sandbox", () => {
    // An existing file: a mount needs something to mount over (docs/sandbox.md, Limits).
    const target = join(outside, "approved.txt");
    writeFileSync(target, "");
    const [out] = inHost("pi", { sandbox: "standard" }, [{ command: `echo hi > ${target}`, answer: true }]);
    expect(out!.blocked).toBeNull();
    expect(out!.ran?.status).toBe(0);
    expect(readFileSync(target, "utf8")).toBe("hi\n");
  });
  test('opencode, "ask": "allow": nobody approved the write to shellfence, so the sandbox refuses it', () => {
    // An existing file, as in the approved case above: the difference is the approval alone.
    const target = join(outside, "unapproved.txt");
    writeFileSync(target, "before");
    const [out] = inHost("opencode", { sandbox: "standard", ask: "allow" }, [{ command: `echo hi > ${target}` }]);
    expect(out!.blocked).toBeNull();
    expect(out!.ran?.stderr).toContain("Read-only file system");
    expect(out!.ran?.status).toBe(1);
    expect(readFileSync(target, "utf8")).toBe("before");
  });
});

describe('contain rather than ask: an ask that only says "unknown" runs contained', () => {
  // python3 -c with os.listdir: INLINE_CODE only. cat of a path outside: EXTERNAL_PATH, known.
  const unknown = `python3 -c 'import os; print(os.listdir("."))'`;
  test.each(HOSTS)("%s: the unknown one runs in the sandbox without asking; a known outside read still asks",
    async (_, call) => {
      const out = await call({ availability: here }, project, { command: unknown });
      expect(out.blocked).toBeNull();
      expect(words(out.command as string)[0]).toBe(FAKE_BWRAP);
      expect((await call({ availability: here }, project, { command: `cat ${outside}/x` })).blocked).not.toBeNull();
    });
  test.each(HOSTS)('%s: "contain": false, no sandbox here, or the sandbox off: asked about as before',
    async (_, call) => {
      for (const options of [{ contain: false, availability: here }, { availability: nowhere }, {
        sandbox: false as const,
      }]) {
        expect((await call(options, project, { command: unknown })).blocked).not.toBeNull();
      }
    });
  test.each(HOSTS)('%s: the policy\'s "contain": false (here an untrusted project file: it may tighten) asks',
    async (_, call) => {
      const other = join(dirname(project), "no-contain");
      mkdirSync(other, { recursive: true });
      writeFileSync(join(other, ".shellfence.json"), JSON.stringify({ contain: false }));
      const out = await call({ availability: here }, other, { command: unknown });
      expect(out.blocked).not.toBeNull();
      expect(out.blocked).toContain("INLINE_CODE");
    });
  test.skipIf(skip)("pi, run: the contained program lists the project and reads nothing outside", () => {
    const [out] = inHost("pi", {}, [{ command: `${unknown}; python3 steal.py` }]);
    expect(out!.blocked).toBeNull();
    expect(out!.ran?.stdout).toContain("steal.py");
    expect(out!.ran?.stdout).not.toContain(SECRET);
  });
});
