// Rules that load but do not mean what their author meant (src/policy/config-lint.ts): each
// case is a config as a user would copy it from opencode, Claude Code or a .gitignore habit,
// the finding it gets (error: the file is refused; warning: it loads, and says so), and next
// to it the spelling that means it, which loads without a word.

import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, type ConfigFinding, inspectConfigText, parseConfigText } from "../src/policy/config.ts";
import { covers } from "../src/policy/config-lint.ts";
import { createGuard } from "../src/index.ts";
import { main } from "../src/cli/main.ts";

const findings = (
  config: object,
): ConfigFinding[] => [...inspectConfigText(JSON.stringify(config, null, 2), "c.json").findings];
const one = (config: object) => {
  const f = findings(config);
  expect(f.length, JSON.stringify(f)).toBe(1);
  return f[0]!;
};

describe("a rule that can never take effect is an error; what it means is said", () => {
  const cases: readonly [what: string, bad: object, key: string, message: string, good: object][] = [[
    "a deny before a broader allow (Claude Code users expect deny to win)",
    { permission: { read: { "*.env": "deny", "*": "allow" } } },
    'permission.read["*.env"]',
    'this deny never takes effect: the later rule "*": "allow" matches all it matches, and the last matching rule wins (a deny does not win by itself, as in Claude Code); put "*.env" after "*"',
    { permission: { read: { "*": "allow", "*.env": "deny" } } },
  ], ["an allow under a directory before a deny of the directory", {
    permission: { write: { "src/gen/**": "allow", "src/**": "deny" } },
  }, 'permission.write["src/gen/**"]', 'this allow never takes effect: the later rule "src/**": "deny"', {
    permission: { write: { "src/**": "deny", "src/gen/**": "allow" } },
  }], ["a command rule before a broader command rule", {
    permission: { bash: { "git push *": "ask", "git *": "allow" } },
  }, 'permission.bash["git push *"]', 'this ask never takes effect: the later rule "git *": "allow"', {
    permission: { bash: { "git *": "allow", "git push *": "ask" } },
  }], ["opencode's catch-all surface", { permission: { "*": "ask", bash: "allow" } }, 'permission["*"]',
    'there is no catch-all surface (opencode\'s "*" for every tool); give each surface its own rule', {
    permission: { bash: "allow", read: "ask" },
  }], ["a surface name with an s", { permission: { reads: { "*.env": "deny" } } }, 'permission.reads["*.env"]',
    '"reads" is not one of bash, read, write, edit, find, grep, ls, external_directory (did you mean "read"?)', {
    permission: { read: { "*.env": "deny" } },
  }], ["Claude Code's tool name as a surface", { permission: { Read: "deny" } }, "permission.Read",
    '"Read" is a host\'s tool name: did you mean "read"?', { permission: { read: "deny" } }], [
    "opencode's glob tool as a surface",
    { permission: { glob: "ask" } },
    "permission.glob",
    '"glob" is a host\'s tool name: did you mean "find"?',
    { permission: { find: "ask" } },
  ], ["a Claude Code rule as a pattern", { permission: { read: { "Read(./secrets/**)": "deny" } } },
    'permission.read["Read(./secrets/**)"]',
    '"Read(./secrets/**)" is Claude Code\'s rule syntax, which matches nothing here; write the pattern alone under the surface, e.g. "read": {"secrets/**": "deny"}',
    { permission: { read: { "secrets/**": "deny" } } }], ["Claude Code's :* prefix form", {
    permission: { bash: { "npm run test:*": "allow" } },
  }, 'permission.bash["npm run test:*"]', '"npm run test:*" ends in Claude Code\'s prefix form ":*"', {
    permission: { bash: { "npm run test *": "allow" } },
  }], ["gitignore's negation", { permission: { write: { "*": "deny", "!src/**": "allow" } } },
    'permission.write["!src/**"]', 'a leading "!" is not a negation here', {
    permission: { write: { "*": "deny", "src/**": "allow" } },
  }], ["an unclosed brace", { permission: { read: { "**/*.{env": "deny" } } }, 'permission.read["**/*.{env"]',
    'has an unmatched "{", which is then taken literally', { permission: { read: { "**/*.{env,local}": "deny" } } }], [
    "an unclosed bracket",
    { permission: { read: { "key[0-9": "deny" } } },
    'permission.read["key[0-9"]',
    'has an unmatched "["',
    { permission: { read: { "key[0-9]": "deny" } } },
  ], ["Claude Code's // for an absolute path", { permission: { external_directory: { "//etc/**": "deny" } } },
    'permission.external_directory["//etc/**"]',
    '"//" starts an absolute path in Claude Code\'s rules; here an absolute pattern starts with one "/": "/etc/**"', {
    permission: { external_directory: { "/etc/**": "deny" } },
  }]];
  test.each(cases)("%s", (_, bad, key, message, good) => {
    const f = one(bad);
    expect(f.severity).toBe("error");
    expect(f.key).toBe(key);
    expect(f.message).toContain(message);
    expect(f.position).not.toBeNull();
    // The loader refuses the same file with the same words, naming file, line and column.
    expect(() => parseConfigText(JSON.stringify(bad, null, 2), "c.json")).toThrow(
      new RegExp(`^c\\.json:\\d+:\\d+: ${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: `),
    );
    expect(findings(good)).toEqual([]);
  });

  test("a whole-number pattern, which an object moves before the others, is refused where it would move", () => {
    const text = '{"permission": {"read": {"*": "allow", "2": "deny"}}}';
    expect(() => parseConfigText(text, "c.json")).toThrow(
      'c.json:1:40: permission.read["2"]: a pattern that is a whole number is moved before the others when the file is read, so it would not stand where it is written; write "[2]"',
    );
    expect(findings({ permission: { read: { "*": "allow", "[2]": "deny" } } })).toEqual([]);
    // First in the text, it stands where it is written.
    expect(inspectConfigText('{"permission": {"read": {"2": "deny", "x": "ask"}}}', "c.json").findings).toEqual([]);
  });
});

describe("a rule that takes effect with another meaning than intended is a warning", () => {
  const cases: readonly [what: string, bad: object, message: string, good: object][] = [[
    "opencode's * that crosses / (secrets/prod/db.key is not denied)",
    { permission: { read: { "secrets/*": "deny" } } },
    '"secrets/*": here "*" stops at "/" (in opencode it does not), so this deny covers only one level: "secrets/**" covers everything below',
    { permission: { read: { "secrets/**": "deny" } } },
  ], ["a single star in a middle segment", { permission: { write: { "config/*.yml": "ask" } } },
    '"config/**/*.yml" covers everything below', { permission: { write: { "config/**/*.yml": "ask" } } }], [
    "gitignore's /name for the root's file",
    { permission: { read: { "/.env": "deny" } } },
    '"/.env" is an absolute path, and there is no /.env; if it means "at the project root" as in gitignore, write ".env"',
    { permission: { read: { ".env": "deny" } } },
  ]];
  test.each(cases)("%s", (_, bad, message, good) => {
    const f = one(bad);
    expect(f.severity).toBe("warning");
    expect(f.message).toContain(message);
    expect(parseConfigText(JSON.stringify(bad), "c.json").warnings?.[0]).toContain(message);
    expect(findings(good)).toEqual([]);
  });

  test("an allow whose * stops at / is narrower than meant, which asks more: no warning", () => {
    expect(findings({ permission: { read: { "*": "ask", "docs/*": "allow" } } })).toEqual([]);
  });

  test("a root that does not exist is said; one that does is not", () => {
    const dir = mkdtempSync(join(tmpdir(), "shellfence-lint-"));
    try {
      mkdirSync(join(dir, "lib"));
      const f = inspectConfigText(JSON.stringify({ roots: ["lib", "gone"] }), join(dir, "c.json")).findings;
      expect(f.map((x) => [x.severity, x.key, x.message])).toEqual([["warning", "roots[1]",
        `"gone" (${join(dir, "gone")}) does not exist: the root counts once it does`]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a later layer overriding an earlier one's rule is said when the config loads", () => {
  test("the user's deny replaced by a project's shorthand allow", async () => {
    const g = await createGuard({
      config: [{ permission: { read: { "*.env": "deny" } } }, { permission: { read: "allow" } }],
    });
    expect(g.warnings).toContain(
      'config[0]: permission.read["*.env"]: this deny is overridden by config[1]\'s "read": "allow", which replaces every earlier read rule (a later layer\'s matching rule wins)',
    );
  });

  test("a later layer that only adds rules says nothing", async () => {
    const g = await createGuard({
      config: [{ permission: { read: { "*": "allow", "*.env": "deny" } } }, {
        permission: { read: { "*.pem": "deny" } },
      }],
    });
    expect(g.warnings).toEqual([]);
  });
});

describe("covers: only sure answers", () => {
  const cases: readonly [later: string, earlier: string, paths: boolean, want: boolean][] = [["*", "a/b", true, true], [
    "**",
    "x",
    true,
    true,
  ], ["src/**", "src/a.ts", true, true], ["src/**", "src", true, true], ["src/**", "srcx/a", true, false], ["*.env",
    ".env", true, true], ["*.env", "config/.env", true, true], ["src/*.env", ".env", true, false], ["*.env", "*.envx",
    true, false], ["a/*", "a/b/c", true, false], ["git *", "git push *", false, true], ["git *", "git", false, true], [
    "git *",
    "gitk *",
    false,
    false,
  ], ["git push", "git push --force", false, false], ["*", "rm -rf *", false, true], ["g?t *", "git push *", false,
    false]];
  test.each(cases)("%s over %s (paths %p): %p", (later, earlier, paths, want) => {
    expect(covers(later, earlier, paths)).toBe(want);
  });
});

describe("shellfence config --check", () => {
  const run = async (args: string[], cwd: string) => {
    let stdout = "";
    let stderr = "";
    const code = await main(["config", "--check", "--cwd", cwd, ...args], { stdout: (s) => void (stdout += s),
      stderr: (s) => void (stderr += s), stdin: async function*() {}, isTTY: false,
      env: { HOME: join(cwd, "home"), XDG_CONFIG_HOME: join(cwd, "xdg") } });
    return { code, stdout, stderr };
  };

  test("lists every finding of every file with its line and column, and exits 2 on an error", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shellfence-check-"));
    try {
      mkdirSync(join(dir, "xdg", "shellfence"), { recursive: true });
      writeFileSync(join(dir, "xdg", "shellfence", "config.json"),
        '{\n  "permission": {\n    "read": {"secrets/*": "deny"}\n  }\n}\n');
      writeFileSync(join(dir, "bad.json"),
        '{\n  "permission": {\n    "read": {"*.env": "deny", "*": "allow"}\n  }\n}\n');
      const r = await run(["--config", join(dir, "bad.json")], dir);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe(
        `${dir}/xdg/shellfence/config.json:3:14: warning: permission.read["secrets/*"]: "secrets/*": here "*" stops at "/" (in opencode it does not), so this deny covers only one level: "secrets/**" covers everything below\n` +
          `${dir}/bad.json:3:14: error: permission.read["*.env"]: this deny never takes effect: the later rule "*": "allow" matches all it matches, and the last matching rule wins (a deny does not win by itself, as in Claude Code); put "*.env" after "*"\n` +
          "2 files checked: 1 error, 1 warning\n",
      );
      const json = await run(["--json", "--config", join(dir, "bad.json")], dir);
      expect(json.code).toBe(2);
      expect(JSON.parse(json.stdout)).toMatchObject({ errors: 1, warnings: 1 });
      // Mended, the file loads; the warning is still said, and the exit is 0.
      writeFileSync(join(dir, "bad.json"), '{"permission": {"read": {"*": "allow", "*.env": "deny"}}}');
      const ok = await run(["--config", join(dir, "bad.json")], dir);
      expect(ok.code).toBe(0);
      // The later file's "*": "allow" now decides secrets/a too, where the global file denies it.
      expect(ok.stdout).toContain(
        `warning: ${dir}/xdg/shellfence/config.json: permission.read["secrets/*"]: this deny is overridden by ${dir}/bad.json's "*": "allow"`,
      );
      expect(ok.stdout).toEndWith("2 files checked: 0 errors, 2 warnings\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a --config file that is not there is an error naming it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shellfence-check-"));
    try {
      const r = await run(["--config", join(dir, "nope.json")], dir);
      expect(r.code).toBe(2);
      expect(r.stdout).toContain(`${dir}/nope.json: error: cannot read the file: ENOENT`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the loader's error is a ConfigError with the position", () => {
    try {
      parseConfigText('{"permission": {"reads": {"x": "deny"}}}', "c.json");
      throw new Error("loaded");
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as ConfigError).position).toEqual({ line: 1, column: 27 });
    }
  });
});
