// Claude Code, headless (`claude -p`) against the scripted model, with and without the hook.
// Each run plays: Bash `cat ../outside-secret.txt`, Bash `ls`, Read of the secret, Write
// outside, Bash `cd sub`, Bash `cat ../a.txt` (Claude Code keeps the shell's cwd between calls,
// so this reads the project's a.txt and the hook must judge it from sub/), then timed `ls`
// calls. Runs under --dangerously-skip-permissions, so the hook is all that stands in the way.

import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, expectDoctor, expectOpeningGuarded, expectOpeningUnguarded, expectPlayedThrough, hostBin, hostEnv,
  makeProject, type Project, recordTiming, runHost, TIMED_CALLS } from "./support/harness.ts";
import { type ModelServer, type Step, startModelServer } from "./support/model-server.ts";

const servers: ModelServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

/**
 * Project code the guard does not read and so allows (peek.py reads ../outside-secret.txt): run
 * last, after the timed calls. In the sandbox (the hook's updatedInput) the read fails.
 */
const PEEK = { tool: "Bash", input: { command: "python3 peek.py", description: "run the project's script" } };

function steps(p: Project, peek: boolean): Step[] {
  const timed = Array.from({ length: TIMED_CALLS },
    () => ({ tool: "Bash", input: { command: "ls sub", description: "list sub" } }));
  return [{ tool: "Bash", input: { command: "cat ../outside-secret.txt", description: "read outside" } }, {
    tool: "Bash",
    input: { command: "ls", description: "list" },
  }, { tool: "Read", input: { file_path: p.secretPath } }, { tool: "Write",
    input: { file_path: p.outsideWrite, content: "written from inside\n" } }, { tool: "Bash",
    input: { command: "cd sub", description: "enter sub" } }, { tool: "Bash",
    input: { command: "cat ../a.txt", description: "read a.txt from sub" } }, ...timed, ...(peek ? [PEEK] : [])];
}
const PEEK_STEP = 6 + TIMED_CALLS;
const TIMED = Array.from({ length: TIMED_CALLS }, (_, i) => 6 + i);

/** A hook entry of .claude/settings.json: its command, and what Claude Code does when it fails. */
interface Hook {
  readonly command: string;
  readonly onFailure?: "block";
  /** Log the hook's stderr with SHELLFENCE_RESIDENT_DEBUG=1 (which client answered) beside the project. */
  readonly log?: boolean;
  /** Claude Code's permission rule that picks the calls the hook runs for. */
  readonly if?: string;
}

/** The hook forms the docs offer. */
const FORMS: Readonly<Record<string, Hook>> = {
  // The README's: the launcher of the native client, blocking the call when the hook itself fails.
  "shellfence-hook (native client), onFailure block": {
    command: `"$CLAUDE_PROJECT_DIR"/node_modules/shellfence/bin/shellfence-hook claude-code`,
    onFailure: "block",
    log: true,
  },
  "bin via $CLAUDE_PROJECT_DIR (Node.js client)": {
    command: `"$CLAUDE_PROJECT_DIR"/node_modules/.bin/shellfence hook claude-code`,
  },
  npx: { command: "npx shellfence hook claude-code" },
  // The same hooks without their sandbox: the static check alone, for the per-call cost of each
  // client against the control (the sandboxed tool run costs a bwrap start of its own).
  "shellfence-hook, --sandbox off (native client)": {
    command: `"$CLAUDE_PROJECT_DIR"/node_modules/shellfence/bin/shellfence-hook claude-code --sandbox off`,
  },
  "bin, --sandbox off (Node.js client)": {
    command: `"$CLAUDE_PROJECT_DIR"/node_modules/.bin/shellfence hook claude-code --sandbox off`,
  },
};

/** The hook's command as the settings hold it: with `log`, its stderr appended to LOG beside the project. */
function logged(hook: Hook): string {
  return hook.log ? `SHELLFENCE_RESIDENT_DEBUG=1 ${hook.command} 2>>"$CLAUDE_PROJECT_DIR"/../${LOG}` : hook.command;
}
const LOG = "hook-stderr.log";

function configure(p: Project, hook: Hook | null): void {
  mkdirSync(join(p.dir, ".claude"));
  // The control is a Claude Code project too, with settings but no hook.
  const settings = hook === null
    ? { permissions: { allow: [] } }
    : {
      hooks: {
        PreToolUse: [{ matcher: "Bash|Read|Write|Edit|MultiEdit|Glob|Grep|LS",
          hooks: [{ type: "command", command: logged(hook), ...(hook.onFailure ? { onFailure: hook.onFailure } : {}),
            ...(hook.if ? { if: hook.if } : {}) }] }],
      },
    };
  writeFileSync(join(p.dir, ".claude", "settings.json"), JSON.stringify(settings, null, 2));
  writeFileSync(join(p.dir, "peek.py"), `print(open("../outside-secret.txt").read())\n`);
}

/** Plays `script` (the opening steps and the timed calls by default) in a project set up with `hook`. */
async function play(label: string, hook: Hook | null, peek = false,
  script: (p: Project) => Step[] = (p) => steps(p, peek))
{
  const p = makeProject(label);
  configure(p, hook);
  const server = await startModelServer(script(p));
  servers.push(server);
  const env = hostEnv(p, {
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: "sk-ant-scripted-test",
    // As root, Claude Code refuses --dangerously-skip-permissions outside a sandbox.
    IS_SANDBOX: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
    DISABLE_BUG_COMMAND: "1",
  });
  const run = await runHost(hostBin("claude"), ["-p", "Follow the scripted steps.", "--output-format", "json",
    "--dangerously-skip-permissions"], p.dir, env);
  expectPlayedThrough("claude", run);
  return { p, server };
}

describe(`Claude Code (${hostBin("claude")})`, () => {
  test("control: without the hook the outside read, Read and Write all happen", async () => {
    const { p, server } = await play("cc-control", null);
    expectOpeningUnguarded(server, p);
    recordTiming("Claude Code", "control (no guard)", server, TIMED);
    // The doctor sees a Claude Code project with no guard in it.
    await expectDoctor(p, "claude-code", "unguarded");
  });

  for (const [i, [form, hook]] of Object.entries(FORMS).entries()) {
    const sandboxed = !hook.command.includes("--sandbox off");
    test(`guarded (${form}): the secret never reaches the model, inside work goes on`, async () => {
      // A short label: the socket's path under the project's TMPDIR must fit in sockaddr_un.
      const { p, server } = await play(`cc-f${i}`, hook, sandboxed);
      if (hook.log) {
        // The first call started the resident checker; the timed calls were its, through the native client.
        const log = readFileSync(join(p.top, LOG), "utf8");
        const native = log.split("\n").filter((l) =>
          l === "shellfence: answered by the resident checker (native client)"
        );
        expect(native.length, log).toBeGreaterThanOrEqual(TIMED_CALLS);
      }
      expectOpeningGuarded(server, p, { read: "Read", write: "Write" });
      // cd sub, then ../a.txt: judged from sub/, where the shell is, so it runs (in the
      // sandbox too: the line carries the cd back to Claude Code's shell).
      expect(after(server, 5).body).toContain(p.inside);
      // Claude Code ran the hook's updatedInput: the project's script could not see outside.
      if (sandboxed) expect(after(server, PEEK_STEP).body).toContain("No such file or directory");
      recordTiming("Claude Code", form, server, TIMED);
      await expectDoctor(p, "claude-code", "guarded");
    });
  }

  // The hook's own cost, with the load of a shared machine taken out: in one session, calls the
  // hook's `if` rule takes (`ls sub`) alternate with the same listing it leaves (`ls sub/`).
  // --sandbox off, so that both run the tool alike. The log counts the hook's runs: one per call
  // it takes (a line saying which client answered, or that the native one handed it over).
  const AB_WARM = 3;
  const ls = (command: string): Step => ({ tool: "Bash", input: { command, description: "list sub" } });
  const abSteps =
    (): Step[] => [...Array.from({ length: AB_WARM }, () => ls("ls sub")),
      ...Array.from({ length: TIMED_CALLS }, () => [ls("ls sub"), ls("ls sub/")]).flat()];
  const AB_TAKEN = Array.from({ length: TIMED_CALLS }, (_, i) => AB_WARM + 2 * i);
  const AB_LEFT = AB_TAKEN.map((i) => i + 1);
  const AB: readonly (readonly [string, string, RegExp])[] = [["native client",
    `"$CLAUDE_PROJECT_DIR"/node_modules/shellfence/bin/shellfence-hook claude-code --sandbox off`,
    /^shellfence: (answered by the resident checker \(native client\)|native client: )/], ["Node.js client",
    `"$CLAUDE_PROJECT_DIR"/node_modules/.bin/shellfence hook claude-code --sandbox off`,
    /^shellfence: (answered by the resident checker$|checked in this process: )/]];
  for (const [i, [client, command, run]] of AB.entries()) {
    test(`the hook's own cost per call (${client}): calls it takes and calls it leaves, in one session`, async () => {
      const { p, server } = await play(`cc-ab${i}`, { command, if: "Bash(ls sub)", log: true }, false, abSteps);
      const log = readFileSync(join(p.top, LOG), "utf8");
      expect(log.split("\n").filter((l) => run.test(l)).length, log).toBe(AB_WARM + TIMED_CALLS);
      recordTiming("Claude Code", `one session, ${client}: calls the hook takes`, server, AB_TAKEN);
      recordTiming("Claude Code", `one session, ${client}: calls it leaves`, server, AB_LEFT);
    });
  }

  // A hook that cannot start (exit 127 from sh): Claude Code's default runs the tool anyway; the
  // README's onFailure "block" makes it block the call instead.
  test("a hook that cannot start, onFailure block: nothing outside is read or written", async () => {
    const { p, server } = await play("cc-broken", {
      command: `"$CLAUDE_PROJECT_DIR"/node_modules/.bin/no-such-hook claude-code`,
      onFailure: "block",
    });
    expect(server.seen()).not.toContain(p.secret);
    expect(existsSync(p.outsideWrite)).toBe(false);
  });
});
