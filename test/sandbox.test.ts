// `shellfence exec` against real execution: commands the static check allows but that still
// reach outside fail inside the sandbox with the file untouched; ordinary project work runs
// unchanged; status, output and signals pass through. Without bubblewrap these tests fail,
// naming why — unless SHELLFENCE_SKIP_SANDBOX=1 says to skip them, which is printed.

import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeSandboxSettings, createGuard, sandboxAvailability, sandboxedCommandLine } from "../src/index.ts";
import { isInside } from "../src/paths/resolve.ts";

setDefaultTimeout(60_000);
const repo = new URL("..", import.meta.url).pathname;
const available = sandboxAvailability();
const skip = !available.ok && process.env.SHELLFENCE_SKIP_SANDBOX === "1";
if (skip) console.warn(`SKIPPED test/sandbox.test.ts: ${available.ok ? "" : available.reason}`);

let top: string;
let project: string;
let home: string;
let config: string;
const SECRET = "-----BEGIN FAKE KEY-----";
const LEAK = "leak:\n\tpython3 leak.py\n";

beforeAll(() => {
  top = realpathSync(mkdtempSync(join(tmpdir(), "shellfence-sandbox-")));
  project = join(top, "project");
  home = join(top, "home");
  mkdirSync(join(home, ".ssh"), { recursive: true });
  writeFileSync(join(home, ".ssh", "id_rsa"), SECRET);
  writeFileSync(join(home, ".bashrc"), "export TOKEN=secret-token\n");
  mkdirSync(join(project, "src"), { recursive: true });
  mkdirSync(join(project, "secrets"));
  writeFileSync(join(project, "secrets", "prod.key"), "prod-key");
  writeFileSync(join(project, ".env"), "API_KEY=abc");
  writeFileSync(join(top, "outside.txt"), "outside");
  writeFileSync(join(project, "src", "main.js"), "console.log('main')\n");
  // Code whose reach the guard does not see (docs/semantics.md, "What project code visibly
  // reaches"): the places are read at run time from data files, so only the sandbox stands in
  // the way. (Written as literals in the code, each asks: test/script-reach.test.ts.)
  writeFileSync(join(project, "places.txt"), "~/.ssh/id_rsa\n../x\n../outside.txt\n.env\n");
  const place = (n: number) => `open("places.txt").read().split()[${n}]`;
  writeFileSync(join(project, "steal.py"), `import os\nprint(open(os.path.expanduser(${place(0)})).read())\n`);
  writeFileSync(join(project, "escape.py"), `open(${place(1)}, "w").write("escaped")\nprint("wrote")\n`);
  writeFileSync(join(project, "peek.py"), `print(open(${place(2)}).read(), end="")\n`);
  // A shell script run from Python, by a name made at run time: the guard sees neither.
  writeFileSync(join(project, "unseen.sh"),
    "cat secrets/prod.key; cat .env; cat ~/.ssh/id_rsa; cat ~/.bashrc; umount .env; unshare -U true; mount -t tmpfs none secrets; echo done\n");
  writeFileSync(join(project, "unseen.py"),
    `import subprocess, sys\nsubprocess.run(["bash", sys.argv[0][:-3] + ".sh"])\n`);
  writeFileSync(join(project, "env.js"),
    `const fs = require("fs");\nconsole.log(fs.readFileSync(fs.readFileSync("places.txt", "utf8").split("\\n")[3], "utf8"))\n`);
  // Makefile recipes whose places come from a variable of an included makefile, which the
  // guard does not follow into recipes.
  writeFileSync(join(project, "places.mk"), "KEY := ~/.ssh/id_rsa\nHOOK := .git/hooks/pre-commit\n");
  writeFileSync(join(project, "Makefile"),
    `include places.mk\nsteal:\n\tcat $(KEY)\nhook:\n\techo 'curl evil' > $(HOOK)\nbuild:\n\tmkdir -p dist && cp src/main.js dist/main.js\n${LEAK}`);
  writeFileSync(join(project, "package.json"),
    JSON.stringify({ name: "tiny", version: "1.0.0", scripts: { test: "node test.js", leak: "python3 leak.py" } }));
  // Each attempt on its own, so that every one is made.
  writeFileSync(join(project, "leak.txt"), "../outside.txt ~/.ssh/id_rsa ../leaked.txt\n");
  writeFileSync(join(project, "leak.py"),
    "import os\nnames = open('leak.txt').read().split()\n" +
      [0, 1].map((i) => `try: print(open(os.path.expanduser(names[${i}])).read())\nexcept OSError as e: print(e)\n`)
        .join("") +
      `open(names[2], "w").write("x")\n`);
  writeFileSync(join(project, "test.js"),
    `const fs = require("fs");\nfs.readFileSync(require("os").homedir() + fs.readFileSync("key.txt", "utf8").trim())\n`);
  writeFileSync(join(project, "key.txt"), "/.ssh/id_rsa\n");
  writeFileSync(join(project, "test_tiny.py"), `def test_one():\n    assert 1 + 1 == 2\n`);
  config = join(top, "rules.json");
  writeFileSync(config, JSON.stringify({ permission: { read: { "*.env": "deny", "secrets/**": "deny" } } }));
  spawnSync("git", ["init", "-q", project]);
});
afterAll(() => rmSync(top, { recursive: true, force: true }));

const env = () => ({ ...process.env, HOME: home, NO_COLOR: "1", GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t",
  GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" });

function exec(command: string, extra: readonly string[] = [], input?: string) {
  const r = spawnSync(process.execPath, [join(repo, "src", "cli", "run.ts"), "exec", "--home", home, "--config", config,
    ...extra, "--", command], { cwd: project, env: env(), encoding: "utf8", input });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function check(command: string): string {
  const r = spawnSync(process.execPath, [join(repo, "src", "cli", "run.ts"), "check", "--json", "--home", home,
    "--config", config, "--", command], { cwd: project, env: env(), encoding: "utf8" });
  return (JSON.parse(r.stdout) as { decision: string }).decision;
}

describe.skipIf(skip)("the sandbox is there", () => {
  test("bubblewrap can make a sandbox on this machine", () => {
    expect(available.ok ? "ok" : available.reason).toBe("ok");
  });
});

describe.skipIf(skip)("what the static check lets through, the sandbox stops", () => {
  // [command, why the guard allows it, what must stay untouched or unread]
  const cases: [string, string, string[]][] = [["python3 steal.py", "a Python program reads ~/.ssh/id_rsa", [SECRET]], [
    "make -s steal",
    "a Makefile recipe reads ~/.ssh/id_rsa",
    [SECRET],
  ], ["npm test", "npm test runs a test that reads ~/.ssh/id_rsa", [SECRET]], ["node env.js",
    "a Node script reads .env, which a rule denies", ["API_KEY=abc"]]];
  for (const [command, why, secrets] of cases) {
    test(`${command}: ${why}`, () => {
      expect(check(command)).toBe("allow");
      const r = exec(command);
      expect(r.status).not.toBe(0);
      for (const s of secrets) expect(r.stdout + r.stderr).not.toContain(s);
    });
  }
  test("python3 escape.py: a Python program writes ../x, which stays unwritten", () => {
    expect(check("python3 escape.py")).toBe("allow");
    const r = exec("python3 escape.py");
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain("Read-only file system");
    expect(existsSync(join(top, "x"))).toBe(false);
  });
  test("make hook: a recipe plants a git hook, and .git/hooks stays as it was", () => {
    expect(check("make -s hook")).toBe("allow");
    const r = exec("make -s hook");
    expect(r.status).not.toBe(0);
    expect(existsSync(join(project, ".git", "hooks", "pre-commit"))).toBe(false);
  });
  test("a program the guard never saw cannot read what the deny rules name, nor unmount the masks", () => {
    // The program names the shell script it runs at run time: the guard never sees it.
    expect(check("python3 unseen.py")).toBe("allow");
    const r = exec("python3 unseen.py");
    expect(r.stdout).toContain("done");
    for (const s of ["prod-key", "API_KEY", SECRET, "secret-token"]) expect(r.stdout + r.stderr).not.toContain(s);
    expect(r.stderr).toContain("Permission denied");
  });
  test("the default (contained) and strict hide what is outside the roots; standard shows it read-only", () => {
    expect(check("python3 peek.py")).toBe("allow");
    expect(exec("python3 peek.py", ["--profile", "standard"]).stdout).toBe("outside");
    for (const profile of ["contained", "strict"]) {
      const r = exec("python3 peek.py", ["--profile", profile]);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain("No such file or directory");
      expect(r.status).not.toBe(0);
    }
    expect(exec("python3 peek.py").stdout).toBe("");
  });
  test("project code (a Makefile, an npm script) reading ../notes.txt or ~/.ssh/id_rsa and writing outside fails", () => {
    for (const command of ["make -s leak", "npm run -s leak"]) {
      expect(check(command)).toBe("allow");
      const r = exec(command);
      expect(r.status).not.toBe(0);
      // Each read fails on its own (leak.py prints the error), and so does the write.
      expect(r.stdout.split("\n").filter((l) => l.startsWith("[Errno 2] No such file or directory")).length).toBe(2);
      expect(r.stdout).not.toContain(SECRET);
      expect(existsSync(join(top, "leaked.txt"))).toBe(false);
    }
  });
});

describe.skipIf(skip)("ordinary project work runs unchanged", () => {
  test("a build writes dist/", () => {
    const r = exec("make -s build");
    expect(r.status).toBe(0);
    expect(readFileSync(join(project, "dist", "main.js"), "utf8")).toContain("main");
  });
  test("git commit", () => {
    const r = exec("git add src && git commit -qm first && git log --oneline");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("first");
  });
  test("npm test of a tiny project", () => {
    const dir = join(top, "tiny");
    mkdirSync(dir);
    writeFileSync(join(dir, "package.json"),
      JSON.stringify({ name: "tiny", version: "1.0.0", scripts: { test: "node t.js" } }));
    writeFileSync(join(dir, "t.js"), `console.log("tests pass")\n`);
    const r = spawnSync(process.execPath, [join(repo, "src", "cli", "run.ts"), "exec", "--", "npm test"], { cwd: dir,
      env: env(), encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("tests pass");
  });
  test("npm install (a vendored dependency, offline), then node runs it", () => {
    const dir = join(project, "vendor", "dep");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "dep", version: "1.0.0", main: "index.js" }));
    writeFileSync(join(dir, "index.js"), `module.exports = "dep works"\n`);
    writeFileSync(join(project, "use.js"), `console.log(require("dep"))\n`);
    const r = exec("npm install --offline --no-audit --no-fund --save file:vendor/dep && node use.js");
    expect(r.stderr).not.toContain("ERR");
    expect(r.stdout).toContain("dep works");
    expect(r.status).toBe(0);
  });
  test("tsc, from a place outside the roots that a read rule allows", () => {
    // TypeScript 7 runs a native binary from another package in the same node_modules.
    const modules = realpathSync(join(repo, "node_modules"));
    const ts = join(modules, "typescript");
    const rules = join(top, "ts-rules.json");
    writeFileSync(rules, JSON.stringify({ permission: { external_directory: { [`${modules}/**`]: "allow" } } }));
    writeFileSync(join(project, "a.ts"), "const n: number = 1;\nexport default n;\n");
    mkdirSync(join(project, "dist-ts"), { recursive: true });
    const r = exec(`node ${ts}/bin/tsc --outDir dist-ts a.ts && cat dist-ts/a.js`, ["--config", rules]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("n");
  });
  test("python -m pytest, or a Python script where pytest is missing", () => {
    const pytest = spawnSync("python3", ["-m", "pytest", "--version"]).status === 0;
    const r = exec(pytest ? "python3 -m pytest -q -p no:cacheprovider test_tiny.py" : "python3 -c 'print(1 + 1)'");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(pytest ? "1 passed" : "2");
  });
});

describe.skipIf(skip)("status, output and signals pass through", () => {
  test("exit status, stdout and stderr", () => {
    const r = exec("echo out; echo err >&2; exit 7");
    expect(r).toEqual({ status: 7, stdout: "out\n", stderr: "err\n" });
  });
  test("stdin", () => {
    expect(exec("tr a-z A-Z", [], "hello").stdout).toBe("HELLO");
  });
  test("a command killed by a signal exits 128+N", () => {
    expect(exec("kill -TERM $$").status).toBe(143);
  });
  test("a signal sent to shellfence reaches the command", async () => {
    const child = spawn(process.execPath, [join(repo, "src", "cli", "run.ts"), "exec", "--",
      `trap 'echo got-term; exit 42' TERM; echo ready; while :; do sleep 0.1; done`], { cwd: project, env: env() });
    let out = "";
    await new Promise<void>((ready) =>
      child.stdout.on("data", (d: Buffer) => ((out += d.toString()), out.includes("ready") && ready()))
    );
    child.kill("SIGTERM");
    const status = await new Promise<number | null>((done) => child.on("close", (code) => done(code)));
    expect(out).toContain("got-term");
    expect(status).toBe(42);
  });
});

// The line a host whose shell lives on between calls runs (Claude Code): the command inside
// bwrap, and the directory it ended in carried back to the host's shell, with nothing else of
// the shell's changed and nothing left on the disk.
describe.skipIf(skip)("the host's line: the cwd carried back, status, output and stdin as the command's", () => {
  const hostLine = async (command: string, cwd = project) => {
    const guard = await createGuard({ home, config: [config] });
    const profile = guard.sandboxFor(null, { cwd, roots: [project] });
    return sandboxedCommandLine(available.ok ? available.bwrap : "", profile, command, { keepCwd: true });
  };
  const run = (script: string, input = "") =>
    spawnSync("/bin/bash", ["-c", script], { cwd: project, env: env(), encoding: "utf8", input, timeout: 20_000 });
  const tmpEntries = () => new Set(spawnSync("ls", ["-A", tmpdir()], { encoding: "utf8" }).stdout.split("\n"));
  test("a cd persists; the status, stdout, stderr and stdin are the command's; the shell's $? is the status", async () => {
    const line = await hostLine("cd src && tr a-z A-Z && echo err >&2 && exit 3");
    const before = tmpEntries();
    const r = run(`${line}\necho "status=$?"; pwd; echo "left=\${__sfd+set}"`, "hello\n");
    expect(r.stdout).toBe(`HELLO\nstatus=3\n${join(project, "src")}\nleft=set\n`);
    expect(r.stderr).toBe("err\n");
    expect([...tmpEntries()].filter((e) => !before.has(e))).toEqual([]);
  });
  test("a command that does not cd leaves the shell where it was; one that ends in a removed directory too", async () => {
    const src = join(project, "src");
    const gone = `mkdir -p gone && cd gone && rmdir ../gone; exit 5`;
    const r = run(`cd src; ${await hostLine("true", src)}\npwd; ${await hostLine(gone, src)}\necho $?; pwd`);
    expect(r.stdout).toBe(`${src}\n5\n${src}\n`);
  });
  test("a job left running in the background does not hold the call (bwrap's pid namespace ends it)", async () => {
    const started = Date.now();
    const r = run(`${await hostLine("cd src; sleep 30 & echo started")}\npwd`);
    expect(r.stdout).toBe(`started\n${join(project, "src")}\n`);
    expect(r.status).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
  test("a directory with spaces in its name is reached", async () => {
    mkdirSync(join(project, "a b"), { recursive: true });
    const r = run(`${await hostLine("cd 'a b'")}\npwd`);
    expect(r.stdout).toBe(`${join(project, "a b")}\n`);
  });
});

describe("refusals", () => {
  test("deny: exit 1, the reasons on stderr, nothing run", () => {
    const r = exec("cat .env > leaked");
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("RULE_DENY");
    expect(existsSync(join(project, "leaked"))).toBe(false);
  });
  test("ask: exit 3 without --approve-ask; with it, the approved access works inside", () => {
    const r = exec("cat ../outside.txt");
    expect(r.status).toBe(3);
    expect(r.stderr).toContain("EXTERNAL_PATH");
    expect(exec("cat ../outside.txt", ["--approve-ask", "--profile", "strict"]).stdout).toBe("outside");
    expect(exec("cat ../outside.txt", ["--approve-ask"]).stdout).toBe("outside");
  });
  test("no bubblewrap: exit 2 and a message, never an unsandboxed run", () => {
    const r = spawnSync(process.execPath, [join(repo, "src", "cli", "run.ts"), "exec", "--", "touch ran"], {
      cwd: project,
      env: { ...env(), SHELLFENCE_BWRAP: "/nonexistent/bwrap" },
      encoding: "utf8",
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("bubblewrap (bwrap) is not installed");
    expect(existsSync(join(project, "ran"))).toBe(false);
  });
});

describe("the profile and its Claude Code export", () => {
  test("roots writable; deny rules, secrets hidden; hooks read-only", async () => {
    const guard = await createGuard({ home, config: [config] });
    const p = guard.sandboxFor(null, { cwd: project, profile: "standard" });
    const mode = (path: string) => p.mounts.find((m) => m.path === path)?.mode;
    expect([mode(project), mode(join(project, ".env")), mode(join(project, "secrets")), mode(join(home, ".ssh")),
      mode(join(project, ".git", "hooks"))]).toEqual(["writable", "hidden", "hidden", "hidden", "read-only"]);
    const claude = claudeSandboxSettings(p).sandbox.filesystem;
    expect(claude.denyRead).toContain(`/${join(project, ".env")}`);
    expect(claude.denyWrite).toContain(`/${join(project, ".git", "hooks")}`);
  });
});

describe.skipIf(skip)("escapes from the mounts", () => {
  // Each escape runs as a shell script started from Python by a name made at run time, which
  // the guard does not see, so the static check allows it and only the mounts stand in its way.
  function unseen(name: string, script: string): string {
    writeFileSync(join(project, `${name}.sh`), script);
    writeFileSync(join(project, `${name}.py`),
      `import subprocess, sys\nsubprocess.run(["bash", sys.argv[0][:-3] + ".sh"])\n`);
    expect(check(`python3 ${name}.py`)).toBe("allow");
    return `python3 ${name}.py`;
  }
  test("renaming .git away and making a new one with a hook fails; .git stays as it was", () => {
    const r = exec(
      unseen("regit", "mv .git .git-old; mkdir -p .git/hooks; echo 'touch pwned' > .git/hooks/pre-commit; ls .git\n"),
    );
    expect(r.stderr).toContain("Device or resource busy");
    expect(existsSync(join(project, ".git-old"))).toBe(false);
    expect(existsSync(join(project, ".git", "HEAD"))).toBe(true);
    expect(existsSync(join(project, ".git", "hooks", "pre-commit"))).toBe(false);
  });
  test("renaming .claude or node_modules (holding the guard's files) away fails", () => {
    mkdirSync(join(project, ".claude"), { recursive: true });
    writeFileSync(join(project, ".claude", "settings.json"), `{"hooks":{}}`);
    mkdirSync(join(project, "node_modules", "shellfence"), { recursive: true });
    writeFileSync(join(project, "node_modules", "shellfence", "index.js"), "guard");
    const r = exec(
      unseen("reclaude",
        "for d in .claude node_modules; do mv $d $d-old; mkdir -p $d; done; echo '{}' > .claude/settings.json\n"),
    );
    expect(r.stderr).toContain("Device or resource busy");
    expect(readFileSync(join(project, ".claude", "settings.json"), "utf8")).toBe(`{"hooks":{}}`);
    expect(readFileSync(join(project, "node_modules", "shellfence", "index.js"), "utf8")).toBe("guard");
    rmSync(join(project, ".claude"), { recursive: true });
    rmSync(join(project, "node_modules"), { recursive: true });
  });
  test("a submodule's config in .git/modules cannot be written", () => {
    mkdirSync(join(project, ".git", "modules", "sub"), { recursive: true });
    writeFileSync(join(project, ".git", "modules", "sub", "config"), "[core]\n");
    const r = exec(unseen("submodule", "printf '[core]\\n\\tfsmonitor = touch pwned\\n' > .git/modules/sub/config\n"));
    expect(r.stderr).toContain("Read-only file system");
    expect(readFileSync(join(project, ".git", "modules", "sub", "config"), "utf8")).toBe("[core]\n");
    rmSync(join(project, ".git", "modules"), { recursive: true });
  });
  test(".git/config.worktree made inside is moved aside after the run; one that is there cannot be written", () => {
    const r = exec(
      unseen("worktree-config", "printf '[core]\\n\\tfsmonitor = touch pwned\\n' > .git/config.worktree; echo made\n"),
    );
    expect(r.stdout).toContain("made");
    expect(r.stderr).toContain("shellfence: moved");
    expect(existsSync(join(project, ".git", "config.worktree"))).toBe(false);
    writeFileSync(join(project, ".git", "config.worktree"), "[core]\n");
    const again = exec(
      unseen("worktree-config-2", "printf '[core]\\n\\tfsmonitor = touch pwned\\n' > .git/config.worktree\n"),
    );
    expect(again.stderr).toContain("Read-only file system");
    expect(readFileSync(join(project, ".git", "config.worktree"), "utf8")).toBe("[core]\n");
    rmSync(join(project, ".git", "config.worktree"));
  });
  test(".git/commondir made inside is moved aside after the run, and git works again", () => {
    const r = exec(unseen("commondir", "mkdir -p evil && echo evil > .git/commondir; echo made\n"));
    expect(r.stdout).toContain("made");
    expect(r.stderr).toContain("shellfence: moved");
    expect(existsSync(join(project, ".git", "commondir"))).toBe(false);
    expect(spawnSync("git", ["status", "--short"], { cwd: project }).status).toBe(0);
  });
  test("no device node can be made, and every mount is nosuid and nodev", () => {
    // Field 5 of mountinfo is where, field 6 the options.
    const script =
      "mknod dev-null c 1 3; awk '$6 !~ /nosuid/ || ($6 !~ /nodev/ && $5 !~ /^\\/dev\\//) { print }' /proc/self/mountinfo\n";
    const r = exec(unseen("devices", script));
    expect(r.stderr).toContain("Operation not permitted");
    expect(existsSync(join(project, "dev-null"))).toBe(false);
    // Only bwrap's own device nodes under /dev (null, zero, tty…) are on mounts that allow devices.
    expect(r.stdout).toBe("");
  });
});

describe("approvals and bounds", () => {
  test("an approved write of the home directory (one vague ask) never makes the home writable", async () => {
    const guard = await createGuard({ home, config: [config] });
    const verdict = await guard.checkAsync(`cp -r src ${home}`, { cwd: project });
    expect(verdict.decision).toBe("ask");
    for (const profile of ["contained", "standard", "strict"] as const) {
      const p = guard.sandboxFor(verdict, { cwd: project, profile });
      expect(p.mounts.filter((m) => m.mode === "writable" && isInside(home, m.path))).toEqual([]);
    }
  });
});

describe.skipIf(skip)("IPC is closed; the network is shared unless --no-network", () => {
  test("an abstract Unix socket listening outside is unreachable; TCP on 127.0.0.1 is reached, and not with --no-network", async () => {
    const { createServer } = await import("node:net");
    const unix = createServer().listen("\0shellfence-sandbox-test");
    const tcp = createServer().listen(0, "127.0.0.1");
    await new Promise((r) => tcp.once("listening", r));
    const port = (tcp.address() as { port: number }).port;
    writeFileSync(join(project, "sock.py"),
      ["import socket",
        `for name, fam, addr in [("abstract", socket.AF_UNIX, "\\0shellfence-sandbox-test"), ("tcp", socket.AF_INET, ("127.0.0.1", ${port}))]:`,
        "    try:", "        socket.socket(fam).connect(addr); print(name, 'connected')",
        "    except OSError as e: print(name, 'failed', e.errno)", ""].join("\n"));
    try {
      expect(check("python3 sock.py")).toBe("allow");
      // Run asynchronously: the listeners live in this process.
      const run = (extra: readonly string[]) => new Promise<string>((done) => {
        const child = spawn(process.execPath, [join(repo, "src", "cli", "run.ts"), "exec", "--home", home, "--config",
          config, ...extra, "--", "python3 sock.py"], { cwd: project, env: env() });
        let out = "";
        child.stdout.on("data", (d: Buffer) => (out += d.toString()));
        child.on("close", () => done(out));
      });
      expect(await run([])).toBe("abstract failed 13\ntcp connected\n");
      expect(await run(["--no-network"])).toBe("abstract failed 13\ntcp failed 111\n");
    } finally {
      unix.close();
      tcp.close();
    }
  });
});
