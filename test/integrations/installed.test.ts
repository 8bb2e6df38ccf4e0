// The package as a user installs it: packed (`npm pack`), then installed from the tarball into a
// fresh project with the README's own command, so npm extracts it with fresh modification times
// in tarball order and fetches the runtime dependencies from the registry. The installed
// bin must run the bundle (chosen by build identity: dist/bundle/* is older on disk than
// dist/cli/main.js here), write V8's code cache beside it on first use and take its code from it
// on the next, and hand hook calls to the resident checker it starts; the README's hook command
// (`shellfence-hook`, the launcher) must run the native client the tarball carries, which hands
// the first call to the bin and is answered by the server after.
//
// Cost: one `npm pack` (dist/ is built by buildDist, shared with the other tests) and two
// `npm install`s of the tarball run side by side, about 10–20 s with npm's cache warm; it needs
// the npm registry (or npm's cache) for jsonc-parser, minimatch, tree-sitter-bash, web-tree-sitter and
// yaml.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync,
  statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildDist } from "../support/build.ts";

const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
const readme = readFileSync(join(root, "README.md"), "utf8");

/** The commands of the README's ```sh blocks, one per line. */
function readmeCommands(): string[] {
  return [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.split("\n").filter((l) => l.trim() !== ""));
}

/** The one README command that starts with `prefix`: the test runs it as written. */
function readmeCommand(prefix: string): string {
  const found = readmeCommands().filter((c) => c.startsWith(prefix));
  expect(found).toHaveLength(1);
  return found[0]!;
}

let T: string;
let clone: string;
let project: string;
let globalPrefix: string;
let runtime: string;
let installed: string;

/** Runs `command` with sh, as a user types it, and fails with its output when it fails. */
function sh(command: string, cwd: string, env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    // No audit, fund or update notice: each is a request to the registry that installs nothing.
    const quiet = { npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" };
    const child = spawn("sh", ["-c", command], { cwd, env: { ...process.env, ...quiet, ...env }, stdio: "pipe" });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("exit", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} (in ${cwd}) exited ${code}:\n${out}`));
    });
  });
}

beforeAll(async () => {
  buildDist();
  T = realpathSync(mkdtempSync(join(tmpdir(), "shellfence-installed-")));
  // The README's layout: the clone (here only its tarball) beside the project.
  clone = join(T, "shellfence");
  project = join(T, "project");
  globalPrefix = join(T, "global");
  runtime = join(T, "run");
  for (const d of [clone, project, globalPrefix]) mkdirSync(d);
  mkdirSync(runtime, { mode: 0o700 });
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "project", private: true }));
  // dist/ is built: the README's `npm pack` would build it again (prepare) before packing.
  const pack = spawnSync("npm", ["pack", "--ignore-scripts", "--pack-destination", clone], { cwd: root,
    encoding: "utf8" });
  if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
  expect(pack.stdout.trim().split("\n").pop()).toBe(`shellfence-${pkg.version}.tgz`);
  // The user-wide install goes to a prefix of this test's own (npm_config_prefix), not the machine's.
  await Promise.all([sh(readmeCommand("npm install --save-dev "), project),
    sh(readmeCommand("npm install --global "), clone, { npm_config_prefix: globalPrefix })]);
  installed = join(project, "node_modules", "shellfence");
}, 120_000);

afterAll(() => {
  if (T === undefined) return;
  // The resident checker the hook started: stopped by its pid (found by its command line, which
  // names this test's own directory), else it idles out.
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    let cmdline = "";
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    } catch {
      continue;
    }
    if (cmdline.includes(`${T}/`) && cmdline.split("\0").includes("serve")) process.kill(Number(pid), "SIGTERM");
  }
  rmSync(T, { recursive: true, force: true });
});

const hookInput = () => {
  const call = { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "cat ../x" }, cwd: project };
  return JSON.stringify(call);
};

function hook(env: Record<string, string>, bin = join(project, "node_modules", ".bin", "shellfence")) {
  const r = spawnSync(bin, ["hook", "claude-code"], { cwd: project, input: hookInput(), encoding: "utf8",
    env: { ...process.env, XDG_RUNTIME_DIR: runtime, SHELLFENCE_RESIDENT_IDLE: "30", SHELLFENCE_RESIDENT_DEBUG: "1",
      ...env } });
  expect(r.status).toBe(0);
  expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe("ask");
  return r.stderr;
}

describe("installed from the tarball", () => {
  test("npm extracted the bundle before the compiled CLI (the case mtimes got wrong)", () => {
    const bundle = statSync(join(installed, "dist", "bundle", "shellfence.cjs")).mtimeMs;
    expect(bundle).toBeLessThanOrEqual(statSync(join(installed, "dist", "cli", "main.js")).mtimeMs);
    // No code cache comes in the package: V8's is made for one runtime and flag set.
    expect(readdirSync(join(installed, "dist", "bundle")).filter((f) => f.endsWith(".v8cache"))).toEqual([]);
  });

  test("a one-shot call runs the bundle, writes the code cache, and the next takes its code from it", () => {
    const bundle = join(installed, "dist", "bundle", "shellfence.cjs");
    expect(hook({ SHELLFENCE_RESIDENT: "0" })).toContain(`shellfence: ${bundle}, compiled (no usable code cache)`);
    expect(existsSync(`${bundle}.liftoff.v8cache`)).toBe(true);
    expect(hook({ SHELLFENCE_RESIDENT: "0" })).toContain(`shellfence: ${bundle}, from the code cache`);
  }, 30_000);

  test("hook calls go to the resident checker, which the first call starts", async () => {
    expect(hook({})).toContain("shellfence: checked in this process:");
    const dir = join(runtime, "shellfence");
    const end = Date.now() + 20_000;
    const listening = () => existsSync(dir) && readdirSync(dir).some((f) => f.endsWith(".sock"));
    while (!listening() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(hook({})).toContain("shellfence: answered by the resident checker");
  }, 30_000);

  test("the user-wide bin answers the hook too", () => {
    const bin = join(globalPrefix, "bin", "shellfence");
    expect(hook({ SHELLFENCE_RESIDENT: "0" }, bin)).toContain("dist/bundle/shellfence.cjs, ");
  }, 30_000);

  test("--version prints the package's version, in the project and user-wide", () => {
    for (const bin of [join(project, "node_modules", ".bin", "shellfence"), join(globalPrefix, "bin", "shellfence")]) {
      const r = spawnSync(bin, ["--version"], { encoding: "utf8" });
      expect(r.status).toBe(0);
      const version = pkg.version.replace(/\./g, "\\.");
      expect(r.stdout).toMatch(new RegExp(`^shellfence ${version} \\(build [0-9a-f]{16}\\)\\n$`));
    }
  }, 30_000);
});

/** The hook command of the README's `.claude/settings.json` block. */
function readmeHookCommand(): string {
  const block = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.includes("PreToolUse"));
  expect(block).toBeDefined();
  const settings = JSON.parse(block!) as { hooks: { PreToolUse: { hooks: { command: string }[] }[] } };
  return settings.hooks.PreToolUse[0]!.hooks[0]!.command;
}

/** Runs a hook command as Claude Code runs it: `sh -c`, from the project, with CLAUDE_PROJECT_DIR. */
function hostHook(command: string, env: Record<string, string>) {
  const r = spawnSync("sh", ["-c", command], { cwd: project, input: hookInput(), encoding: "utf8",
    env: { ...process.env, CLAUDE_PROJECT_DIR: project, SHELLFENCE_RESIDENT_IDLE: "30", SHELLFENCE_RESIDENT_DEBUG: "1",
      ...env } });
  expect(r.status).toBe(0);
  expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe("ask");
  return r;
}

const NATIVE = `${process.platform}-${process.arch}`;
const NATIVE_ANSWERED = "shellfence: answered by the resident checker (native client)\n";

describe("the README's hook command, with the native client the tarball carries", () => {
  test("the package holds the client for this machine, executable, and its source", () => {
    const client = join(installed, "dist", "native", NATIVE, "shellfence-hook");
    expect(statSync(client).mode & 0o111).toBe(0o111);
    expect(existsSync(join(installed, "native", "shellfence-hook.c"))).toBe(true);
    // Nothing runs at install, so npm's ignore-scripts changes nothing: the tarball carries it built.
    const scripts =
      (JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as { scripts: Record<string, string> })
        .scripts;
    expect(Object.keys(scripts).filter((k) => /^(pre|post)?install$/.test(k))).toEqual([]);
  });

  test("the first call goes to the Node.js bin, which starts the server; the next is answered natively", async () => {
    const command = readmeHookCommand();
    expect(command).toBe(`"$CLAUDE_PROJECT_DIR"/node_modules/shellfence/bin/shellfence-hook claude-code`);
    const rt = join(T, "run-native");
    mkdirSync(rt, { mode: 0o700 });
    const first = hostHook(command, { XDG_RUNTIME_DIR: rt });
    expect(first.stderr).toContain("shellfence: native client: ");
    expect(first.stderr).toContain("shellfence: checked in this process: ");
    const dir = join(rt, "shellfence");
    const end = Date.now() + 20_000;
    const listening = () => existsSync(dir) && readdirSync(dir).some((f) => f.endsWith(".sock"));
    while (!listening() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    const next = hostHook(command, { XDG_RUNTIME_DIR: rt });
    expect(next.stderr).toBe(NATIVE_ANSWERED);
    expect(next.stdout).toBe(first.stdout);
  }, 60_000);

  test("doctor on the README's settings: the hook runs the package's own file, as built, read-only in the sandbox",
    () => {
      const block = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) =>
        b.includes("PreToolUse")
      );
      mkdirSync(join(project, ".claude"), { recursive: true });
      writeFileSync(join(project, ".claude", "settings.json"), block!);
      try {
        const r = spawnSync(join(project, "node_modules", ".bin", "shellfence"), ["doctor", "--json"], { cwd: project,
          encoding: "utf8", env: { PATH: process.env.PATH ?? "", HOME: T, SHELLFENCE_RESIDENT: "0" } });
        const report = JSON.parse(r.stdout) as { problems: number;
          identity: { programs: { file: string }[]; findings: { level: string; message: string }[] } };
        expect(report.identity.programs.map((p) => p.file)).toEqual([join(installed, "bin", "shellfence-hook")]);
        expect(report.identity.findings.filter((f) => f.level === "error")).toEqual([]);
        expect(report.identity.findings.map((f) => f.message).join("\n")).toMatch(
          /all [0-9]+ files of build [0-9a-f]{16} match their recorded SHA-256/,
        );
        expect(report.problems).toBe(0);
      } finally {
        rmSync(join(project, ".claude"), { recursive: true, force: true });
      }
    }, 60_000);

  test("the user-wide shellfence-hook answers through the native client too", async () => {
    const rt = join(T, "run-native-global");
    mkdirSync(rt, { mode: 0o700 });
    const command = `"${join(globalPrefix, "bin", "shellfence-hook")}" claude-code`;
    hostHook(command, { XDG_RUNTIME_DIR: rt });
    const dir = join(rt, "shellfence");
    const end = Date.now() + 20_000;
    while (!(existsSync(dir) && readdirSync(dir).some((f) => f.endsWith(".sock"))) && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(hostHook(command, { XDG_RUNTIME_DIR: rt }).stderr).toBe(NATIVE_ANSWERED);
  }, 60_000);
});

describe("a read-only install", () => {
  test("runs the bundle without a code cache: no error, nothing left behind", () => {
    const dir = join(installed, "dist", "bundle");
    for (const f of readdirSync(dir)) if (f.endsWith(".v8cache")) rmSync(join(dir, f));
    const bin = join(project, "node_modules", ".bin", "shellfence");
    const env = { PATH: process.env.PATH ?? "", HOME: T, SHELLFENCE_RESIDENT: "0", SHELLFENCE_RESIDENT_DEBUG: "1" };
    let r;
    if (process.getuid?.() === 0) {
      // Root writes anywhere: the call runs as nobody, in a tree it may read but not write.
      spawnSync("chmod", ["-R", "a+rX", T]);
      const as = ["--reuid=65534", "--regid=65534", "--clear-groups", bin, "hook", "claude-code"];
      r = spawnSync("setpriv", as, { cwd: project, input: hookInput(), encoding: "utf8", env });
    } else {
      chmodSync(dir, 0o555);
      try {
        r = spawnSync(bin, ["hook", "claude-code"], { cwd: project, input: hookInput(), encoding: "utf8", env });
      } finally {
        chmodSync(dir, 0o755);
      }
    }
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe("ask");
    expect(r.stderr).toBe(`shellfence: ${join(dir, "shellfence.cjs")}, compiled (no usable code cache)\n`);
    expect(readdirSync(dir).sort()).toEqual(["shellfence.cjs", "start.cjs", "web-tree-sitter.wasm"]);
  }, 30_000);
});

describe("a copy that was never built (npm's ignore-scripts skips the prepare step)", () => {
  /** The package's files as a git install or a clone has them without dist/. */
  function unbuilt(where: string): string {
    const dir = join(T, where);
    mkdirSync(dir, { recursive: true });
    cpSync(join(root, "bin"), join(dir, "bin"), { recursive: true });
    cpSync(join(root, "package.json"), join(dir, "package.json"));
    return dir;
  }

  test("exits 2 saying why and what to do", () => {
    const dir = unbuilt("unbuilt");
    const r = spawnSync("node", [join(dir, "bin", "shellfence.js"), "check", "--", "ls"], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`${dir} is not built`);
    expect(r.stderr).toContain("ignore-scripts");
    expect(r.stderr).toContain("npm rebuild bun --ignore-scripts=false && npm run build");
  });

  test("in npx's cache, it names the folder to delete", () => {
    const npx = join(T, "npm-cache", "_npx", "0123456789abcdef");
    const dir = unbuilt(join("npm-cache", "_npx", "0123456789abcdef", "node_modules", "shellfence"));
    const r = spawnSync("node", [join(dir, "bin", "shellfence.js"), "check", "--", "ls"], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`delete ${npx}`);
  });
});
