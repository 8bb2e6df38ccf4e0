// The leak count (issue 28, item 5): project code and tool configuration the static check
// allows, run through the default host route (the pi extension with no options, which gives
// the `contained` sandbox) under strace, and every successful open of a file planted outside
// the project counted. A failed open of a hidden file is not a leak. Must be 0; without the
// sandbox (`"sandbox": false`) the same table leaks, which shows the table can. Without
// bubblewrap or strace these tests fail, naming why, unless SHELLFENCE_SKIP_SANDBOX=1.

import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sandboxAvailability } from "../src/index.ts";
import type { BashCallSpec, Outcome, Spec } from "./integrations/host-bash.ts";

setDefaultTimeout(180_000);
const available = sandboxAvailability();
const strace = spawnSync("strace", ["-V"]).status === 0;
const skip = (!available.ok || !strace) && process.env.SHELLFENCE_SKIP_SANDBOX === "1";
if (skip) console.warn("SKIPPED test/sandbox-leaks.test.ts: no bubblewrap or no strace here");

let top: string;
let project: string;
let home: string;
/** The planted files outside the project: a successful open of one is a leak. */
let canaries: string[];

beforeAll(() => {
  top = realpathSync(mkdtempSync(join(tmpdir(), "shellfence-leaks-")));
  project = join(top, "project");
  home = join(top, "home");
  for (const d of [join(home, ".ssh"), join(home, ".aws"), join(top, "other"), join(project, "src")]) {
    mkdirSync(d, { recursive: true });
  }
  canaries = [join(top, "notes.txt"), join(home, ".ssh", "id_rsa"), join(home, ".aws", "credentials"),
    join(home, ".npmrc"), join(home, ".bash_history"), join(top, "other", ".env")];
  for (const c of canaries) writeFileSync(c, `canary ${c}\n`);
  const reads = ["../notes.txt", "~/.ssh/id_rsa", "~/.aws/credentials", "~/.npmrc", "~/.bash_history", "../other/.env"];
  const tryRead = (f: string) => `try: print(open(os.path.expanduser("${f}")).read())\nexcept OSError as e: print(e)\n`;
  const write = `try: open("../written.txt", "w").write("x")\nexcept OSError as e: print(e)\n`;
  const py = "import os\n" + reads.map(tryRead).join("") + write;
  writeFileSync(join(project, "leak.py"), py);
  const jsRead = (f: string) =>
    `try { console.log(fs.readFileSync(${JSON.stringify(f)}.replace(/^~/, os.homedir()), "utf8")) }\n` +
    "catch (e) { console.log(e.code) }\n";
  const js = `const fs = require("fs"), os = require("os");\n` + reads.map(jsRead).join("");
  writeFileSync(join(project, "leak.js"), js);
  // Families: a Makefile recipe, a package script, code the guard does not read, a job that
  // runs on after its starter, and git configuration that runs a program (core.fsmonitor).
  writeFileSync(join(project, "Makefile"), `leak:\n\tpython3 leak.py\n`);
  const pkg = { name: "leaky", version: "1.0.0", scripts: { test: "node leak.js" } };
  writeFileSync(join(project, "package.json"), JSON.stringify(pkg));
  writeFileSync(join(project, "bg.py"), `import subprocess\nsubprocess.Popen(["python3", "leak.py"])\n`);
  spawnSync("git", ["init", "-q", project]);
  spawnSync("git", ["-C", project, "config", "core.fsmonitor", "python3 leak.py >&2; true"]);
});
afterAll(() => rmSync(top, { recursive: true, force: true }));

const TABLE: readonly string[] = ["make -s leak", "npm test", "python3 leak.py", "node leak.js",
  "python3 bg.py; sleep 1", "git status --short"];

/** Each command through the pi extension (a host process of its own, HOME the fake one), run under strace. */
function run(options: Spec["options"], command: string): { leaks: string[]; wrote: boolean; blocked: string | null } {
  const spec: Spec = { host: "pi", options, cwd: project, calls: [{ command } satisfies BashCallSpec] };
  const env = { ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: "1" };
  const script = join(import.meta.dir, "integrations", "host-bash.ts");
  const r = spawnSync(process.execPath, [script, JSON.stringify(spec), "--no-run"], { env, encoding: "utf8" });
  const [out] = JSON.parse(r.stdout) as Outcome[];
  if (out!.blocked !== null) return { leaks: [], wrote: false, blocked: out!.blocked };
  const log = join(top, "strace.log");
  const traced = ["-f", "-qq", "-y", "-e", "trace=open,openat,openat2", "-o", log, "/bin/bash", "-c"];
  traced.push(String(out!.command));
  spawnSync("strace", traced, { cwd: project, env, encoding: "utf8" });
  const opened = [...readFileSync(log, "utf8").matchAll(/= \d+<([^>]*)>/g)].map((m) => m[1]!);
  const wrote = existsSync(join(top, "written.txt"));
  rmSync(join(top, "written.txt"), { force: true });
  return { leaks: canaries.filter((c) => opened.includes(c)), wrote, blocked: null };
}

describe.skipIf(skip)("leaks through the default host route", () => {
  test("bubblewrap and strace are here", () => {
    expect({ sandbox: available.ok ? "ok" : available.reason, strace }).toEqual({ sandbox: "ok", strace: true });
  });
  test("without the sandbox the table leaks (it can: the static check allows every row)", () => {
    let leaks = 0;
    for (const command of TABLE) {
      const r = run({ sandbox: false }, command);
      expect(r.blocked, command).toBeNull();
      leaks += r.leaks.length;
    }
    console.log(`leaks without the sandbox: ${leaks} successful opens of planted files, ${TABLE.length} commands`);
    expect(leaks).toBeGreaterThan(TABLE.length);
  });
  test.each(["contained", "standard"] as const)("%s: no planted file outside is opened, nor written", (mode) => {
    const found: string[] = [];
    for (const command of TABLE) {
      const r = run(mode === "contained" ? {} : { sandbox: mode }, command);
      expect(r.blocked, command).toBeNull();
      found.push(...r.leaks.map((l) => `${command}: ${l}`));
      if (r.wrote) found.push(`${command}: wrote ../written.txt`);
    }
    console.log(`leaks under ${mode}: ${found.length}${found.length ? `: ${found.join("; ")}` : ""}`);
    // standard shows outside the roots read-only: reads leak but for the built-in secrets.
    if (mode === "contained") expect(found).toEqual([]);
    else expect(found.filter((f) => !f.endsWith("notes.txt") && !f.endsWith(".env"))).toEqual([]);
  });
});
