// A project's `.shellfence.json` may only tighten the user's rules until the user trusts that
// file by its hash (`shellfence trust`): a cloned repository must not loosen them with
// `{"roots": ["/"]}`, an allow on `~/.ssh/**` over the user's deny, `reasons` that allow
// PROTECTED_PATH, or a key given twice. Deny at any scope wins.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, createGuard, type Guard } from "../src/index.ts";

const root = join(import.meta.dir, "..");
let T: string;
let home: string;
let project: string;
let global: string;
let store: string;

beforeAll(() => {
  T = realpathSync(mkdtempSync(join(tmpdir(), "shellfence-trust-")));
  home = join(T, "home");
  project = join(T, "project");
  for (const d of [join(home, ".ssh"), join(home, ".config", "shellfence"), project, join(T, "outside")]) {
    mkdirSync(d, { recursive: true });
  }
  writeFileSync(join(home, ".ssh", "id_rsa"), "k");
  writeFileSync(join(T, "outside", "x"), "x");
  global = join(home, ".config", "shellfence", "config.json");
  writeFileSync(global,
    JSON.stringify({ permission: { read: { "~/.ssh/**": "deny" }, bash: { "git push *": "deny" } } }));
  store = join(home, ".config", "shellfence", "trusted.json");
});
afterAll(() => rmSync(T, { recursive: true, force: true }));

function projectConfig(value: unknown): void {
  writeFileSync(join(project, ".shellfence.json"), typeof value === "string" ? value : JSON.stringify(value));
}

function guard(): Promise<Guard> {
  return createGuard({ home, globalConfig: global, projectConfig: project, trustStore: store });
}

const decide = async (command: string) => (await guard()).check(command, { cwd: project }).decision;

describe("an untrusted project file may only tighten", () => {
  test('{"roots": ["/"]} is ignored, with a warning naming the file', async () => {
    projectConfig({ roots: ["/"] });
    const g = await guard();
    expect(g.check(`cat ${T}/outside/x`, { cwd: project }).decision).toBe("ask");
    expect(g.warnings).toEqual([expect.stringContaining(`${project}/.shellfence.json is not trusted`)]);
    expect(g.warnings[0]).toContain('roots: "/"');
    expect(g.layers.find((l) => l.kind === "project")?.untrusted).toBe(true);
  });

  test("an allow on ~/.ssh/** over the user's deny: the deny holds; so does an ask over it", async () => {
    projectConfig({ permission: { read: { "~/.ssh/**": "allow" }, external_directory: { "~/**": "allow" } } });
    expect(await decide("cat ~/.ssh/id_rsa")).toBe("deny");
    projectConfig({ permission: { read: { "~/.ssh/**": "ask", "*": "ask" } } });
    expect(await decide("cat ~/.ssh/id_rsa")).toBe("deny");
    projectConfig({ permission: { bash: { "git push *": "ask" } } });
    expect(await decide("git push origin")).toBe("deny");
  });

  test("a shorthand does not wipe the user's rules", async () => {
    projectConfig({ permission: { read: "ask" } });
    expect(await decide("cat ~/.ssh/id_rsa")).toBe("deny");
    expect(await decide("cat README.md")).toBe("ask");
  });

  test("reasons that allow PROTECTED_PATH (or lower any reason) are ignored; stricter ones apply", async () => {
    projectConfig({ reasons: { PROTECTED_PATH: "allow", INLINE_CODE: "allow", REMOTE_COMMAND: "ask" } });
    const g = await guard();
    expect(g.check("echo '{}' > .shellfence.json", { cwd: project }).decision).toBe("ask");
    expect(g.check("python3 -c 'import os; os.system(input())'", { cwd: project }).decision).toBe("ask");
    expect(g.check("ssh host ls", { cwd: project }).decision).toBe("ask");
    expect(g.warnings[0]).toContain("reasons.PROTECTED_PATH: allow");
  });

  test("its denies and asks apply", async () => {
    projectConfig({ permission: { read: { "*.env": "deny", "secrets/**": "ask" } } });
    expect(await decide("cat .env")).toBe("deny");
    expect(await decide("cat secrets/k")).toBe("ask");
    expect(await decide("cat README.md")).toBe("allow");
    expect((await guard()).warnings).toEqual([]);
  });

  test('"contain": true is ignored (it would run contained what asks), "contain": false applies', async () => {
    const inline = "python3 -c 'import os; print(os.listdir(\".\"))'";
    writeFileSync(global, JSON.stringify({ contain: false }));
    try {
      projectConfig({ contain: true });
      const g = await guard();
      const v = g.check(inline, { cwd: project });
      expect(v.decision).toBe("ask");
      expect(v.containable).toBeUndefined();
      expect(g.warnings[0]).toContain("contain: true");
    } finally {
      writeFileSync(global,
        JSON.stringify({ permission: { read: { "~/.ssh/**": "deny" }, bash: { "git push *": "deny" } } }));
    }
    projectConfig({ contain: false });
    const g = await guard();
    expect(g.check(inline, { cwd: project }).containable).toBeUndefined();
    expect(g.warnings).toEqual([]);
    projectConfig({});
    expect((await guard()).check(inline, { cwd: project }).containable).toBe(true);
  });

  test("a key given twice is refused, in any config file", async () => {
    projectConfig('{"permission": {"read": {"~/.ssh/**": "deny", "~/.ssh/**": "allow"}}}');
    await expect(guard()).rejects.toThrow(ConfigError);
    await expect(guard()).rejects.toThrow('.shellfence.json:1:47: permission.read: the key "~/.ssh/**" is given twice');
  });
});

describe("shellfence trust", () => {
  test("run by the agent, it names the guard's configuration, so the check asks", async () => {
    projectConfig({ roots: ["/"] });
    const v = (await guard()).check("shellfence trust .shellfence.json", { cwd: project });
    expect(v.decision).toBe("ask");
    expect(v.reasons.map((r) => r.code)).toContain("PROTECTED_PATH");
  });

  const cli = (args: string[]) =>
    spawnSync(process.execPath, [join(root, "src", "cli", "run.ts"), ...args], { cwd: project, encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: home } });

  test("trusts the file as it is: its allows and roots count; a change makes it untrusted again", async () => {
    projectConfig({ roots: [`${T}/outside`], permission: { read: { "~/.ssh/**": "allow" } } });
    expect(await decide(`cat ${T}/outside/x`)).toBe("ask");
    expect(cli(["trust"]).status).toBe(2);
    const r = cli(["trust", ".shellfence.json"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`trusted ${project}/.shellfence.json (sha256 `);
    expect(JSON.parse(readFileSync(store, "utf8")).trusted[`${project}/.shellfence.json`]).toMatch(/^[0-9a-f]{64}$/);
    expect(await decide(`cat ${T}/outside/x`)).toBe("allow");
    // Its allow now counts over the global deny; outside the roots the read still asks.
    expect(await decide("cat ~/.ssh/id_rsa")).toBe("ask");
    // Trusted, it loosens what the user's own file denies: said once as a warning, not refused.
    expect((await guard()).warnings).toEqual([
      `${home}/.config/shellfence/config.json: permission.read["~/.ssh/**"]: this deny is overridden by ${project}/.shellfence.json's "~/.ssh/**": "allow" (a later layer's matching rule wins)`,
    ]);
    projectConfig({ roots: [`${T}/outside`, "/"] });
    expect(await decide(`cat ${T}/outside/x`)).toBe("ask");
    expect(cli(["trust", "--revoke", ".shellfence.json"]).status).toBe(0);
  });

  test("a project file that is a symlink to a trusted file is not trusted through it", async () => {
    const other = join(T, "other");
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, ".shellfence.json"), JSON.stringify({ roots: ["/"] }));
    expect(
      spawnSync(process.execPath, [join(root, "src", "cli", "run.ts"), "trust", ".shellfence.json"], { cwd: other,
        env: { PATH: process.env.PATH ?? "", HOME: home } }).status,
    ).toBe(0);
    rmSync(join(project, ".shellfence.json"), { force: true });
    symlinkSync(join(other, ".shellfence.json"), join(project, ".shellfence.json"));
    try {
      const g = await guard();
      expect(g.layers.find((l) => l.kind === "project")?.untrusted).toBe(true);
      expect(g.check(`cat ${T}/outside/x`, { cwd: project }).decision).toBe("ask");
    } finally {
      rmSync(join(project, ".shellfence.json"));
    }
  });

  test("check prints the warning on stderr", () => {
    projectConfig({ roots: ["/"] });
    const r = cli(["check", "ls"]);
    expect(r.stderr).toContain(`shellfence: warning: ${project}/.shellfence.json is not trusted`);
  });

  test("a file that does not load is not trusted", () => {
    projectConfig("{ nope");
    const r = cli(["trust", ".shellfence.json"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("invalid JSON");
  });
});

describe("scan --config-from-git REF: CI judges by the base branch's file", () => {
  test("the pull request's file cannot loosen the base's; the base's counts in full", () => {
    const repo = join(T, "repo");
    mkdirSync(repo);
    const git = (...a: string[]) =>
      expect(
        spawnSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", ...a], { encoding: "utf8" }).status,
      ).toBe(0);
    git("init", "-q");
    writeFileSync(join(repo, ".shellfence.json"),
      JSON.stringify({
        permission: { external_directory: { [`${T}/outside/**`]: "allow" }, read: { "*.env": "deny" } },
      }));
    writeFileSync(join(repo, "build.sh"), `cat ${T}/outside/x\ncat .env\ncat ${T}/other\n`);
    git("add", ".");
    git("commit", "-qm", "base");
    // The pull request allows everything outside and drops the .env deny.
    writeFileSync(join(repo, ".shellfence.json"),
      JSON.stringify({ permission: { external_directory: { "*": "allow" } } }));
    const scan = (...a: string[]) =>
      spawnSync(process.execPath, [join(root, "src", "cli", "run.ts"), "scan", "--unknowns", "--format", "json", ...a,
        "build.sh"], { cwd: repo, encoding: "utf8", env: { PATH: process.env.PATH ?? "", HOME: home } });
    const found = (r: ReturnType<typeof scan>) =>
      (JSON.parse(r.stdout) as { line: number; decision: string }[]).map((f) => `${f.line} ${f.decision}`);
    // Without the base: the working tree's file is untrusted, its allow ignored (a warning says so).
    const own = scan();
    expect(found(own)).toEqual(["1 ask", "3 ask"]);
    expect(own.stderr).toContain("is not trusted");
    // With the base: its allow of outside/ and its .env deny count; the PR's allow still does not.
    expect(found(scan("--config-from-git", "HEAD"))).toEqual(["2 deny", "3 ask"]);
    const bad = scan("--config-from-git", "no-such-ref");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("not a revision");
  });
});
