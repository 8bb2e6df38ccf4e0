// `shellfence hook claude-code` as Claude Code runs it: a subprocess fed the PreToolUse JSON on
// stdin (shaped like the inputs Claude Code sends), judged by its exact stdout and exit status.
// The npm entry runs under Node.js from the compiled dist/, as `npx shellfence` does.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildFixture, type Fixture } from "../support/fixture.ts";
import { buildDist } from "../support/build.ts";

const root = new URL("../..", import.meta.url).pathname;

let fx: Fixture;
beforeAll(() => {
  fx = buildFixture();
  buildDist();
}, 120_000);
afterAll(() => fx.remove());

type Runtime = "node" | "bun";

function hook(input: string, args: readonly string[] = [], env: Record<string, string> = {},
  runtime: Runtime = "node")
{
  const cmd = runtime === "node"
    ? ["node", join(root, "bin", "shellfence.js")]
    : [process.execPath, join(root, "src", "cli", "run.ts")];
  // The verdicts' answers, as without the sandbox; its own answers are tested with --sandbox below.
  const sandbox = args.includes("--sandbox") ? [] : ["--sandbox", "off"];
  const r = spawnSync(cmd[0]!, [...cmd.slice(1), "hook", "claude-code", ...sandbox, ...args], {
    input,
    encoding: "utf8",
    cwd: fx.project,
    // The one-shot path; test/server.test.ts runs the resident one against these answers.
    env: { PATH: process.env.PATH ?? "", HOME: fx.home, SHELLFENCE_RESIDENT: "0", ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A PreToolUse input as Claude Code sends it. */
function preToolUse(tool_name: string, tool_input: Record<string, unknown>, cwd = fx.project): string {
  return JSON.stringify({ session_id: "8c35adc1-6f3e-4a2b-9d61-0b1f7c2e5a90",
    transcript_path: join(fx.home, ".claude", "projects", "-work-project",
      "8c35adc1-6f3e-4a2b-9d61-0b1f7c2e5a90.jsonl"), cwd, permission_mode: "default", hook_event_name: "PreToolUse",
    tool_name, tool_input, tool_use_id: "toolu_01ABC123" });
}

const bash = (command: string, cwd?: string) =>
  preToolUse("Bash", { command, description: "Run a command", timeout: 120000 }, cwd);

function answer(decision: string, reason: string): string {
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: decision, permissionDecisionReason: reason },
  }) + "\n";
}

const OUTSIDE_FIX = "Allow it with a rule in .shellfence.json, or work inside the project.";

describe("Bash calls", () => {
  test("a command inside the project: silent, exit 0 (the host's own permission flow goes on)", () => {
    const r = hook(bash("cat README.md && ls src"), [], { CLAUDE_PROJECT_DIR: fx.project });
    expect(r).toEqual({ status: 0, stdout: "", stderr: "" });
  });

  test("--approve answers allow explicitly", () => {
    const r = hook(bash("cat README.md"), ["--approve"]);
    expect(r.stdout).toBe(answer("allow", "shellfence: every path is inside the project."));
    expect(r.status).toBe(0);
  });

  test("a read outside the project: ask, naming the path, the rule and the fix", () => {
    const r = hook(bash("cat ../outside/secret.txt"));
    expect(r.stdout).toBe(
      answer("ask",
        `shellfence: cat reads ${fx.outside}/secret.txt, outside the project (rule external_directory:*). ${OUTSIDE_FIX}`),
    );
    expect(r.status).toBe(0);
  });

  test("a deny rule: deny", () => {
    const cfg = join(fx.top, "deny-ssh.json");
    writeFileSync(cfg, JSON.stringify({ permission: { external_directory: { "~/.ssh/**": "deny" } } }));
    const r = hook(bash("cat ~/.ssh/id_rsa"), ["--config", cfg]);
    expect(r.stdout).toBe(
      answer("deny",
        `shellfence: cat reads ${fx.home}/.ssh/id_rsa, outside the project (rule external_directory:~/.ssh/**). ${OUTSIDE_FIX}`),
    );
    expect(r.status).toBe(0);
  });

  test("the project's own .shellfence.json is read; its allows count once the user trusts it", () => {
    const project = join(fx.top, "configured");
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, ".shellfence.json"),
      JSON.stringify({ permission: { external_directory: { [`${fx.outside}/**`]: "allow" } } }));
    const untrusted = hook(bash(`cat ${fx.outside}/secret.txt`, project));
    expect(JSON.parse(untrusted.stdout).hookSpecificOutput.permissionDecision).toBe("ask");
    expect(untrusted.stderr).toContain(`shellfence: warning: ${project}/.shellfence.json is not trusted`);
    const trust = spawnSync("node", [join(root, "bin", "shellfence.js"), "trust", ".shellfence.json"], { cwd: project,
      encoding: "utf8", env: { PATH: process.env.PATH ?? "", HOME: fx.home } });
    expect(trust.status).toBe(0);
    expect(hook(bash(`cat ${fx.outside}/secret.txt`, project)).stdout).toBe("");
  });

  test("a cwd outside the project (CLAUDE_PROJECT_DIR): the move out is judged, and the command from there", () => {
    const r = hook(bash("cat secret.txt", fx.outside), [], { CLAUDE_PROJECT_DIR: fx.project });
    expect(r.stdout).toBe(
      answer("ask",
        `shellfence: cd changes directory to ${fx.outside}, outside the project (rule external_directory:*); cat reads ${fx.outside}/secret.txt, outside the project (rule external_directory:*). ${OUTSIDE_FIX}`),
    );
    expect(r.status).toBe(0);
  });

  test("a cwd inside the project: relative paths resolve from it", () => {
    expect(
      hook(bash("cat deep.ts ../../README.md", join(fx.project, "src", "sub")), [], { CLAUDE_PROJECT_DIR: fx.project })
        .stdout,
    ).toBe("");
    const r = hook(bash("cat ../../../outside/secret.txt", join(fx.project, "src", "sub")), [], {
      CLAUDE_PROJECT_DIR: fx.project,
    });
    expect(r.stdout).toBe(
      answer("ask",
        `shellfence: cat reads ${fx.outside}/secret.txt, outside the project (rule external_directory:*). ${OUTSIDE_FIX}`),
    );
  });

  test("without CLAUDE_PROJECT_DIR the input's cwd is the project", () => {
    expect(hook(bash("cat secret.txt", fx.outside)).stdout).toBe("");
  });

  test("a huge command: ask (past the input bound), promptly", () => {
    const started = Date.now();
    const r = hook(bash(`echo ${"a".repeat(1_000_000)}`));
    expect(r.stdout).toBe(
      answer("ask",
        "shellfence: the command is 1000005 bytes; the bound is 65536 (INPUT_TOO_LARGE). Split or simplify the command so it can be checked."),
    );
    expect(r.status).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe("file tools", () => {
  test.each([["Read", { file_path: "/etc/hosts" }, "Read reads /etc/hosts"], ["Write", { file_path: "$O/new.txt",
    content: "x" }, "Write writes $O/new.txt"], ["Edit", { file_path: "$O/secret.txt", old_string: "a", new_string: "b",
    replace_all: false }, "Edit writes $O/secret.txt"], ["MultiEdit", { file_path: "$O/secret.txt", edits: [] },
    "MultiEdit writes $O/secret.txt"], ["NotebookEdit", { notebook_path: "$O/n.ipynb", new_source: "" },
    "NotebookEdit writes $O/n.ipynb"], ["Glob", { pattern: "../../**/*.txt" }, "Glob lists $T"], ["Glob", {
    pattern: "*.txt",
    path: "$O",
  }, "Glob lists $O"], ["Grep", { pattern: "TOKEN", path: "$O" }, "Grep reads $O"], ["LS", { path: "$H" },
    "LS lists $H"]])("%s outside the project: ask", (tool, input, said) => {
      const sub = (v: unknown) => (typeof v === "string" ? fx.sub(v) : v);
      const r = hook(preToolUse(tool, Object.fromEntries(Object.entries(input).map(([k, v]) => [k, sub(v)]))));
      expect(r.stdout).toBe(
        answer("ask", `shellfence: ${fx.sub(said)}, outside the project (rule external_directory:*). ${OUTSIDE_FIX}`),
      );
      expect(r.status).toBe(0);
    });

  test.each([["Read", { file_path: "$P/README.md" }], ["Write", { file_path: "$P/docs/new.md", content: "x" }], ["Glob",
    { pattern: "src/**/*.ts" }], ["Grep", { pattern: "export" }], ["LS", { path: "$P/src" }]])(
      "%s inside the project: silent",
      (tool, input) => {
        const r = hook(preToolUse(tool, Object.fromEntries(Object.entries(input).map(([k, v]) => [k, fx.sub(v)]))));
        expect(r).toEqual({ status: 0, stdout: "", stderr: "" });
      },
    );

  test("a cwd outside the project (CLAUDE_PROJECT_DIR) is no root: a deny outside still holds", () => {
    const cfg = join(fx.top, "deny-ssh-tools.json");
    writeFileSync(cfg, JSON.stringify({ permission: { external_directory: { "*": "ask", "~/.ssh/**": "deny" } } }));
    const env = { CLAUDE_PROJECT_DIR: fx.project };
    const key = join(fx.home, ".ssh", "id_rsa");
    const denied = answer("deny",
      `shellfence: Read reads ${key}, outside the project (rule external_directory:~/.ssh/**). ${OUTSIDE_FIX}`);
    expect(hook(preToolUse("Read", { file_path: key }, fx.project), ["--config", cfg], env).stdout).toBe(denied);
    expect(hook(preToolUse("Read", { file_path: key }, fx.home), ["--config", cfg], env).stdout).toBe(denied);
    expect(hook(preToolUse("Read", { file_path: key }, "/"), ["--config", cfg], env).stdout).toBe(denied);
    expect(
      hook(preToolUse("Write", { file_path: join(fx.home, ".bashrc"), content: "x" }, fx.home), ["--config", cfg], env)
        .stdout,
    ).toBe(
      answer("ask",
        `shellfence: Write writes ${fx.home}/.bashrc, outside the project (rule external_directory:*). ${OUTSIDE_FIX}`),
    );
    expect(hook(preToolUse("Grep", { pattern: "BEGIN" }, "/"), ["--config", cfg], env).stdout).toBe(
      answer("ask", `shellfence: Grep reads /, outside the project (rule external_directory:*). ${OUTSIDE_FIX}`),
    );
    // From a cwd inside the project, relative paths still resolve from it.
    expect(hook(preToolUse("Read", { file_path: "deep.ts" }, join(fx.project, "src", "sub")), ["--config", cfg], env))
      .toEqual({ status: 0, stdout: "", stderr: "" });
  });

  test("Glob: a ~ path and brace alternatives are judged where they may reach", () => {
    const env = { CLAUDE_PROJECT_DIR: fx.project };
    const inProject = `~/${join("..", fx.project.slice(fx.top.length + 1))}`;
    expect(hook(preToolUse("Glob", { pattern: "/etc/*", path: inProject }), [], env).stdout).toBe(
      answer("ask", `shellfence: Glob lists /etc, outside the project (rule external_directory:*). ${OUTSIDE_FIX}`),
    );
    expect(hook(preToolUse("Glob", { pattern: "{/etc,src}/*" }), [], env).stdout).toBe(
      answer("ask", `shellfence: Glob lists /, outside the project (rule external_directory:*). ${OUTSIDE_FIX}`),
    );
    expect(hook(preToolUse("Glob", { pattern: "**/*.{ts,md}", path: inProject }), [], env)).toEqual({ status: 0,
      stdout: "", stderr: "" });
  });

  test("a symlink out of the project is judged where it leads", () => {
    const r = hook(preToolUse("Read", { file_path: join(fx.project, "link-out", "secret.txt") }));
    expect(r.stdout).toBe(
      answer("ask",
        `shellfence: Read reads ${fx.outside}/secret.txt, outside the project (rule external_directory:*). ${OUTSIDE_FIX}`),
    );
  });
});

describe("tools and events it has no opinion on", () => {
  test.each(["WebFetch", "mcp__github__create_issue", "TodoWrite", "Task"])("%s: no output, exit 0", (tool) => {
    expect(hook(preToolUse(tool, { url: "https://example.com", prompt: "x" }))).toEqual({ status: 0, stdout: "",
      stderr: "" });
  });
  test("another event: no output", () => {
    const input = JSON.stringify({ ...JSON.parse(bash("cat /etc/passwd")), hook_event_name: "PostToolUse",
      tool_response: {} });
    expect(hook(input)).toEqual({ status: 0, stdout: "", stderr: "" });
  });
});

describe("failures answer ask (deny with --strict), never silence", () => {
  const failure = (why: string, strict = false) =>
    answer(strict ? "deny" : "ask",
      `shellfence could not check this call: ${why}. ${
        strict ? "It is denied (--strict)." : "Approve it only if you know it is safe."
      }`);

  test("malformed JSON", () => {
    const r = hook('{"tool_name": "Bash", "tool_input": {"command": "ls"');
    expect(r.stdout).toBe(failure("the hook input is not valid JSON"));
    expect(r.status).toBe(0);
  });
  test("malformed JSON with --strict: deny", () => {
    expect(hook("nope", ["--strict"]).stdout).toBe(failure("the hook input is not valid JSON", true));
  });
  test("empty stdin", () => {
    const r = hook("");
    expect(r.stdout).toBe(failure("the hook input is empty"));
    expect(r.status).toBe(0);
  });
  test.each([[JSON.stringify({ tool_name: "Bash", tool_input: { command: "ls" } }),
    "the hook input has no absolute cwd"], [
    JSON.stringify({ cwd: "relative/dir", tool_name: "Bash", tool_input: { command: "ls" } }),
    "the hook input has no absolute cwd",
  ], [JSON.stringify({ cwd: "/tmp", tool_input: { command: "ls" } }), "the hook input has no tool_name"], [
    JSON.stringify({ cwd: "/tmp", tool_name: "Bash" }),
    "the Bash call has no tool_input object",
  ], [JSON.stringify({ cwd: "/tmp", tool_name: "Bash", tool_input: {} }), "the Bash call has no command"], [
    JSON.stringify({ cwd: "/tmp", tool_name: "Bash", tool_input: { command: ["rm", "-rf"] } }),
    "the hook input is malformed: command is an array, not a string",
  ], [JSON.stringify({ cwd: "/tmp", tool_name: "Read", tool_input: {} }), "the Read call has no file_path"], ["[1, 2]",
    "the hook input is not a JSON object"]])("missing or wrong fields: %s", (input, why) => {
      expect(hook(input).stdout).toBe(failure(why));
    });
  test("a misconfigured hook command", () => {
    expect(hook(bash("ls"), ["--bogus"]).stdout).toBe(failure('the hook is misconfigured: unknown argument "--bogus"'));
  });
  // The host keeps stdin open and never writes: the watchdog answers, and the process ends
  // (exit 0, so Claude Code reads the answer) instead of waiting for the host's own timeout.
  for (const [runtime, strict] of [["node", false], ["bun", true]] as const) {
    test(`a hook that cannot finish answers by its --timeout (${runtime}${strict ? ", --strict" : ""})`, async () => {
      const cmd = runtime === "node"
        ? ["node", join(root, "bin", "shellfence.js")]
        : [process.execPath, join(root, "src", "cli", "run.ts")];
      const p = Bun.spawn([...cmd, "hook", "claude-code", "--timeout", "1500", ...(strict ? ["--strict"] : [])], {
        stdin: "pipe",
        stdout: "pipe",
        cwd: fx.project,
        env: { PATH: process.env.PATH ?? "", HOME: fx.home, SHELLFENCE_RESIDENT: "0" },
      });
      const hang = setTimeout(() => p.kill(9), 30_000);
      const [stdout, status] = await Promise.all([new Response(p.stdout).text(), p.exited]);
      clearTimeout(hang);
      expect({ stdout, status }).toEqual({ stdout: failure("no verdict within 1500 ms", strict), status: 0 });
    }, 40_000);
  }
  test("--timeout takes milliseconds above 0", () => {
    expect(hook(bash("ls"), ["--timeout", "0"]).stdout).toBe(
      failure('the hook is misconfigured: --timeout needs a number of milliseconds above 0, not "0"'),
    );
  });
  test("a broken config file names it", () => {
    const cfg = join(fx.top, "broken-hook.json");
    writeFileSync(cfg, "{ nope");
    const r = hook(bash("ls"), ["--config", cfg]);
    const out = JSON.parse(r.stdout) as {
      hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string };
    };
    expect(out.hookSpecificOutput.permissionDecision).toBe("ask");
    expect(out.hookSpecificOutput.permissionDecisionReason).toContain(cfg);
    expect(r.status).toBe(0);
  });
});

describe("under Bun (bunx)", () => {
  test("the same answers", () => {
    expect(hook(bash("cat README.md"), [], {}, "bun")).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(hook(bash("cat ../outside/secret.txt"), [], {}, "bun").stdout).toBe(
      answer("ask",
        `shellfence: cat reads ${fx.outside}/secret.txt, outside the project (rule external_directory:*). ${OUTSIDE_FIX}`),
    );
    expect(hook("", [], {}, "bun").stdout).toBe(
      answer("ask",
        "shellfence could not check this call: the hook input is empty. Approve it only if you know it is safe."),
    );
  });
});

describe("usage", () => {
  test("hook without a host exits 2", () => {
    const r = spawnSync("node", [join(root, "bin", "shellfence.js"), "hook"], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("claude-code");
  });
  test("hook claude-code --help exits 0", () => {
    const r = spawnSync("node", [join(root, "bin", "shellfence.js"), "hook", "claude-code", "--help"], {
      encoding: "utf8",
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("PreToolUse");
  });
});

describe("the sandbox: allowed Bash calls run contained (updatedInput)", () => {
  const parse = (stdout: string) =>
    JSON.parse(stdout) as {
      hookSpecificOutput?: { permissionDecision: string; permissionDecisionReason: string;
        updatedInput?: Record<string, unknown> };
      systemMessage?: string;
    };
  test("allow: answered allow with the command replaced by the bwrap line; the other fields kept", () => {
    const r = hook(bash("cat README.md"), ["--sandbox", "contained"]);
    const out = parse(r.stdout).hookSpecificOutput!;
    expect(out.permissionDecision).toBe("allow");
    expect(out.updatedInput).toMatchObject({ description: "Run a command", timeout: 120000 });
    expect(String(out.updatedInput!.command)).toContain("/usr/bin/bwrap --die-with-parent ");
    expect(String(out.updatedInput!.command)).toContain("cat README.md'");
    // As Claude Code's Bash tool runs it: the command's output, from the project.
    const ran = spawnSync("/bin/bash", ["-c", String(out.updatedInput!.command)], { cwd: fx.project, encoding: "utf8",
      env: { ...process.env, HOME: fx.home } });
    expect(ran.status).toBe(0);
    expect(ran.stdout.length).toBeGreaterThan(0);
    // Claude Code's shell keeps its cwd between calls: a cd inside the sandbox is carried back.
    const cd = parse(hook(bash("cd src"), ["--sandbox", "contained"]).stdout).hookSpecificOutput!;
    const line = String(cd.updatedInput!.command);
    const after = spawnSync("/bin/bash", ["-c", `${line}\npwd`], { cwd: fx.project, encoding: "utf8",
      env: { ...process.env, HOME: fx.home } });
    expect(after.stdout.trim()).toBe(join(realpathSync(fx.project), "src"));
  });
  test("ask: still ask, with the sandboxed line (what was asked about opened); deny: no line", () => {
    const ask = parse(hook(bash("cat ../outside/secret.txt"), ["--sandbox", "contained"]).stdout).hookSpecificOutput!;
    expect(ask.permissionDecision).toBe("ask");
    expect(String(ask.updatedInput!.command)).toContain(`--ro-bind ${fx.outside}/secret.txt`);
    const cfg = join(fx.top, "deny-ssh-2.json");
    writeFileSync(cfg, JSON.stringify({ permission: { external_directory: { "~/.ssh/**": "deny" } } }));
    const deny = parse(hook(bash("cat ~/.ssh/id_rsa"), ["--sandbox", "contained", "--config", cfg]).stdout)
      .hookSpecificOutput!;
    expect(deny.permissionDecision).toBe("deny");
    expect(deny.updatedInput).toBeUndefined();
  });
  test('contain rather than ask: an ask that only says "unknown" is answered allow, contained; --no-contain asks', () => {
    const command = `python3 -c 'import os; print(os.listdir("."))'`;
    const out = parse(hook(bash(command), ["--sandbox", "contained"]).stdout).hookSpecificOutput!;
    expect(out.permissionDecision).toBe("allow");
    expect(out.permissionDecisionReason).toStartWith("shellfence: contained: python3 -c runs inline code");
    expect(String(out.updatedInput!.command)).toContain("/usr/bin/bwrap --die-with-parent ");
    expect(
      parse(hook(bash(command), ["--sandbox", "contained", "--no-contain"]).stdout).hookSpecificOutput!
        .permissionDecision,
    ).toBe("ask");
    // The policy says so too, for every host: "contain": false in a config layer.
    const cfg = join(fx.top, "no-contain.json");
    writeFileSync(cfg, JSON.stringify({ contain: false }));
    expect(
      parse(hook(bash(command), ["--sandbox", "contained", "--config", cfg]).stdout).hookSpecificOutput!
        .permissionDecision,
    ).toBe("ask");
  });
  test("no sandbox on this machine: the static check alone, said once per session; a named sandbox blocks", () => {
    const none = { SHELLFENCE_BWRAP: "/nonexistent/bwrap" };
    const session = (id: string) => JSON.stringify({ ...JSON.parse(bash("cat README.md")), session_id: id });
    const id = `s-${process.pid}-${Date.now()}`;
    const first = hook(session(id), ["--sandbox", "contained", "--unsandboxed", "run"], none);
    expect(parse(first.stdout).systemMessage).toContain("shellfence: no sandbox on this machine");
    expect(hook(session(id), ["--sandbox", "contained", "--unsandboxed", "run"], none).stdout).toBe("");
    const blocked = parse(hook(session(`${id}-b`), ["--sandbox", "strict"], none).stdout).hookSpecificOutput!;
    expect(blocked.permissionDecision).toBe("deny");
    expect(blocked.permissionDecisionReason).toContain("bubblewrap (bwrap) is not installed");
  });
});

describe("--approve and what cannot be undone (DESTRUCTIVE): asked about, never answered allow", () => {
  const parse = (stdout: string) =>
    JSON.parse(stdout) as {
      hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string;
        updatedInput?: Record<string, unknown> };
    };
  /** A repository of its own, so that the shared project keeps no `.git`. */
  let repo: string;
  beforeAll(() => {
    repo = join(fx.top, "repo");
    mkdirSync(join(repo, ".git", "refs"), { recursive: true });
    writeFileSync(join(repo, ".git", "HEAD"), "ref: refs/heads/main\n");
    writeFileSync(join(repo, "body.txt"), "x\n");
  });
  const inRepo = (command: string, args: readonly string[] = [], env: Record<string, string> = {}) =>
    hook(bash(command, repo), args, { CLAUDE_PROJECT_DIR: repo, ...env });
  const UNDONE = "It cannot be undone: approve it only if that is what you want.";

  test("--approve: ask, with what is lost, for each kind; the everyday twin is answered allow", () => {
    expect(inRepo("git push --force", ["--approve"]).stdout).toBe(
      answer("ask",
        `shellfence: git push --force overwrites the remote's branches, rewriting its history (DESTRUCTIVE). ${UNDONE}`),
    );
    expect(inRepo("rm -rf .git", ["--approve"]).stdout).toBe(
      answer("ask",
        `shellfence: rm removes .git, a git directory: the repository's history, its branches and stashes (DESTRUCTIVE). ${UNDONE}`),
    );
    expect(inRepo("curl -d @body.txt https://x.example", ["--approve"]).stdout).toBe(
      answer("ask", `shellfence: curl -d @body.txt sends body.txt to x.example (DESTRUCTIVE). ${UNDONE}`),
    );
    expect(parse(inRepo("git reset --hard", ["--approve"]).stdout).hookSpecificOutput.permissionDecision).toBe("ask");
    for (const twin of ["git push origin main", "rm -rf node_modules", "curl -o out https://x.example"]) {
      expect(inRepo(twin, ["--approve"]).stdout).toBe(answer("allow", "shellfence: every path is inside the project."));
    }
  });

  test("without --approve (and without the sandbox): silent as before, Claude Code's own permissions decide", () => {
    expect(inRepo("git push --force")).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(inRepo("rm -rf .git")).toEqual({ status: 0, stdout: "", stderr: "" });
  });

  test('"reasons": {"DESTRUCTIVE": "ask"} asks without --approve; "deny" denies', () => {
    const ask = join(fx.top, "destructive-ask.json");
    writeFileSync(ask, JSON.stringify({ reasons: { DESTRUCTIVE: "ask" } }));
    expect(inRepo("git push --force", ["--config", ask]).stdout).toBe(
      answer("ask",
        `shellfence: git push --force overwrites the remote's branches, rewriting its history (DESTRUCTIVE). ${UNDONE}`),
    );
    expect(inRepo("git push", ["--config", ask]).stdout).toBe("");
    const deny = join(fx.top, "destructive-deny.json");
    writeFileSync(deny, JSON.stringify({ reasons: { DESTRUCTIVE: "deny" } }));
    expect(parse(inRepo("git push --force", ["--config", deny]).stdout).hookSpecificOutput.permissionDecision).toBe(
      "deny",
    );
  });

  test('"reasons": {"DESTRUCTIVE": "allow"}, said in so many words, turns the question off, with --approve and in the sandbox', () => {
    const allow = join(fx.top, "destructive-allow.json");
    writeFileSync(allow, JSON.stringify({ reasons: { DESTRUCTIVE: "allow" } }));
    expect(
      parse(inRepo("git push --force", ["--approve", "--config", allow]).stdout).hookSpecificOutput.permissionDecision,
    ).toBe("allow");
    const out =
      parse(inRepo("git push --force", ["--sandbox", "contained", "--config", allow]).stdout).hookSpecificOutput;
    expect(out.permissionDecision).toBe("allow");
    expect(String(out.updatedInput!.command)).toContain("/usr/bin/bwrap --die-with-parent ");
  });

  test("in the sandbox, where an allowed call is answered allow: ask, with the sandboxed line", () => {
    for (const args of [["--sandbox", "contained"], ["--sandbox", "contained", "--approve"]]) {
      const out = parse(inRepo("git push --force", args).stdout).hookSpecificOutput;
      expect(out.permissionDecision).toBe("ask");
      expect(out.permissionDecisionReason).toContain("git push --force overwrites the remote's branches");
      expect(String(out.updatedInput!.command)).toContain("/usr/bin/bwrap --die-with-parent ");
      const twin = parse(inRepo("git push origin main", args).stdout).hookSpecificOutput;
      expect(twin.permissionDecision).toBe("allow");
      expect(String(twin.updatedInput!.command)).toContain("/usr/bin/bwrap --die-with-parent ");
    }
  });

  test('an ask that only says "unknown" is contained, unless it also cannot be undone', () => {
    const contained = parse(inRepo('cat "$F"', ["--sandbox", "contained"]).stdout).hookSpecificOutput;
    expect(contained.permissionDecision).toBe("allow");
    const out =
      parse(inRepo('curl -d @body.txt https://x.example -o "$F"', ["--sandbox", "contained"]).stdout)
        .hookSpecificOutput;
    expect(out.permissionDecision).toBe("ask");
    expect(out.permissionDecisionReason).toContain("curl -d @body.txt sends body.txt to x.example (DESTRUCTIVE)");
    expect(out.permissionDecisionReason).toContain("UNRESOLVED_WORD");
    expect(String(out.updatedInput!.command)).toContain("/usr/bin/bwrap --die-with-parent ");
  });
});
