// shellfence doctor on projects laid out as each host reads them, with shellfence "installed"
// as a link to this checkout (its dist/ is built by npm ci). The real hosts run the same
// layouts in test/hosts (npm run test:hosts).

import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { formatDoctor, runDoctor } from "../../src/integrations/doctor.ts";
import { sandboxAvailability } from "../../src/sandbox/bwrap.ts";

const repo = resolve(import.meta.dir, "..", "..");
const top = mkdtempSync(join(tmpdir(), "sf-doctor-"));
afterAll(() => rmSync(top, { recursive: true, force: true }));
let n = 0;

function project(files: Record<string, string>): { dir: string; home: string } {
  const dir = join(top, `p${++n}`, "proj");
  const home = join(top, `p${n}`, "home");
  mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
  mkdirSync(home);
  symlinkSync(repo, join(dir, "node_modules", "shellfence"));
  symlinkSync("../shellfence/bin/shellfence.js", join(dir, "node_modules", ".bin", "shellfence"));
  symlinkSync("../shellfence/bin/shellfence-hook", join(dir, "node_modules", ".bin", "shellfence-hook"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return { dir, home };
}

async function status(files: Record<string, string>) {
  const { dir, home } = project(files);
  const r = await runDoctor({ cwd: dir, home, env: { HOME: home, PATH: process.env.PATH } });
  return { r, of: (h: string) => r.hosts.find((x) => x.host === h)!, text: JSON.stringify(r) };
}

const hook = (command: string, matcher = "Bash|Read|Write|Edit|MultiEdit|Glob|Grep|LS", extra: object = {},
  entry: object = {}) =>
  JSON.stringify({ ...extra, hooks: { PreToolUse: [{ matcher, hooks: [{ type: "command", command, ...entry }] }] } });
const BIN = `"$CLAUDE_PROJECT_DIR"/node_modules/.bin/shellfence hook claude-code`;
/** The README's hook command: the launcher of the native client. */
const HOOK = `"$CLAUDE_PROJECT_DIR"/node_modules/shellfence/bin/shellfence-hook claude-code`;

describe("doctor", () => {
  test("nothing configured: ok, every host not configured", async () => {
    const { r } = await status({});
    expect(r.ok).toBe(true);
    expect(r.hosts.map((h) => h.status)).toEqual(["not-configured", "not-configured", "not-configured"]);
  });

  const cases: Array<[string, Record<string, string>, string, "guarded" | "unguarded", RegExp]> = [[
    "Claude Code, the README's hook command (shellfence-hook)",
    { ".claude/settings.json": hook(HOOK, undefined, {}, { onFailure: "block" }) },
    "claude-code",
    "guarded",
    /answered (ask|deny)/,
  ], ["Claude Code, a hook without onFailure block", { ".claude/settings.json": hook(HOOK) }, "claude-code", "guarded",
    /no "onFailure": "block"/], ["Claude Code, a shellfence-hook that is not installed", {
    ".claude/settings.json": hook(`"$CLAUDE_PROJECT_DIR"/nowhere/shellfence-hook claude-code`),
  }, "claude-code", "unguarded", /does not guard/], ["Claude Code, the bin hook", {
    ".claude/settings.json": hook(BIN),
  }, "claude-code", "guarded", /answered (ask|deny)/], ["Claude Code, settings without the hook", {
    ".claude/settings.json": "{}",
  }, "claude-code", "unguarded", /^/], ["Claude Code, disableAllHooks", {
    ".claude/settings.json": hook(BIN, undefined, { disableAllHooks: true }),
  }, "claude-code", "unguarded", /disableAllHooks/], ["Claude Code, a matcher without Bash", {
    ".claude/settings.json": hook(BIN, "Read|Write"),
  }, "claude-code", "unguarded", /does not cover Bash/], ["Claude Code, a hook that is not installed", {
    ".claude/settings.json": hook(`"$CLAUDE_PROJECT_DIR"/nowhere/shellfence hook claude-code`),
  }, "claude-code", "unguarded", /does not guard/], ["opencode, the plugin path", {
    "opencode.json": JSON.stringify({ plugin: ["./node_modules/shellfence/dist/integrations/opencode.js"] }),
  }, "opencode", "guarded", /blocked the probe/], ["opencode, the package spec opencode reads as a GitHub repository", {
    "opencode.json": JSON.stringify({ plugin: ["shellfence/opencode"] }),
  }, "opencode", "unguarded", /GitHub repository/], ["opencode, ask allow lets the probe through", {
    "opencode.json": JSON.stringify({
      plugin: [["./node_modules/shellfence/dist/integrations/opencode.js", { ask: "allow" }]],
    }),
  }, "opencode", "unguarded", /let the probe/], ["opencode, JSONC with comments and the wrapper file", {
    "opencode.jsonc": '{\n  // guarded by the file below\n  "plugin": [],\n}',
    ".opencode/plugin/shellfence.ts": 'export { default } from "shellfence/opencode";\n',
  }, "opencode", "guarded", /blocked the probe/], ["opencode, a plugin list given twice (opencode keeps the last)", {
    "opencode.jsonc": '{\n  "plugin": ["./node_modules/shellfence/dist/integrations/opencode.js"],\n  "plugin": [],\n}',
  }, "opencode", "unguarded", /line 3, column 3: the key "plugin" is given twice/], [
    "opencode, a string holding what a comment or a trailing comma looks like is read as written",
    { "opencode.jsonc": '{"plugin": ["./node_modules/shellfence/dist/integrations/opencode.js,]"], /* c */}' },
    "opencode",
    "unguarded",
    /opencode\.js,\]/,
  ], ["pi, pi install -l ./node_modules/shellfence", {
    ".pi/settings.json": JSON.stringify({ packages: ["../node_modules/shellfence"] }),
  }, "pi", "guarded", /blocked the probe/], ["pi, npm:shellfence", {
    ".pi/settings.json": JSON.stringify({ packages: ["npm:shellfence"] }),
  }, "pi", "unguarded", /not published/], ["pi, the extension file", {
    ".pi/extensions/shellfence.ts": 'export { default } from "shellfence/pi";\n',
  }, "pi", "guarded", /blocked the probe/]];
  for (const [name, files, host, want, why] of cases) {
    test(`${name}: ${want}`, async () => {
      const { r, of, text } = await status(files);
      expect(of(host).status, text).toBe(want);
      // Guarded and no problem (a guard the sandbox can rewrite is one: see "the guard's code" below).
      expect(r.ok).toBe(want === "guarded" && r.problems === 0);
      expect(of(host).findings.map((f) => f.message).join("\n")).toMatch(why);
    }, 30_000);
  }
});

test("the README's hook entry draws no warning about onFailure", async () => {
  const { of } = await status({ ".claude/settings.json": hook(HOOK, undefined, {}, { onFailure: "block" }) });
  expect(of("claude-code").findings.map((f) => f.message).join("\n")).not.toContain("onFailure");
}, 30_000);

describe("the sandbox", () => {
  test("the report says whether bash calls run contained here, and why not", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shellfence-doctor-sandbox-"));
    try {
      const r = await runDoctor({ cwd: dir, home: dir, env: { HOME: dir } });
      const here = sandboxAvailability();
      expect(r.sandbox).toEqual(here);
      expect(formatDoctor(r)).toContain(
        here.ok ? `sandbox: available (${here.bwrap})` : `sandbox: NOT AVAILABLE: ${here.reason}`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
