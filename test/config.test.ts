// Config layers: validation with messages that name the file, the key and the expected shape;
// the deep-shallow merge global → project → extra → agent over the built-in defaults; where
// the layers are found; the JSON Schema and the example config; and the CLI's use of them.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, createGuard, REASONS } from "../src/index.ts";
import { type ConfigLayer, loadConfigFile, mergeLayers, parseConfigText, RULE_REASONS, SURFACES,
  validateLayer } from "../src/policy/config.ts";
import { explainConfig } from "../src/policy/explain.ts";
import { fileDigest, globalConfigPath, loadLayers } from "../src/policy/layers.ts";

const ROOT = join(import.meta.dir, "..");

/** A trust store (layers.ts) that trusts these files as they are now; its path. */
function trusting(store: string, ...files: string[]): string {
  const trusted: Record<string, string> = {};
  for (const f of files) {
    const d = fileDigest(f, readFileSync(f, "utf8"));
    trusted[d.path] = d.sha256;
  }
  writeFileSync(store, JSON.stringify({ trusted }));
  return store;
}

function messageOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return e.message;
  }
  throw new Error("no ConfigError");
}

describe("malformed configs fail with a precise message", () => {
  const cases: readonly [what: string, text: string, message: string][] = [
    ["invalid JSON: a trailing comma", '{\n  "permission": {\n    "read": "allow",\n  }\n}',
      "layer.json:4:3: invalid JSON: expected a string in double quotes"],
    ["invalid JSON: a missing colon", '{"permission" "x"}', 'layer.json:1:15: invalid JSON: expected ":"'],
    ["invalid JSON: cut short", '{"permission": {',
      'layer.json:1:17: invalid JSON: expected "}" to close the object before the end of the text'],
    ["invalid JSON: a comment", "// rules\n{}", "layer.json:1:1: invalid JSON: found a comment (JSON has none)"],
    ["invalid JSON: two values", "{} {}", "layer.json:1:4: invalid JSON: expected the end of the text"],
    ["empty file", "", "layer.json:1:1: invalid JSON: expected a value before the end of the text"],
    ["a layer that is an array", "[]", "layer.json:1:1: a config must be a JSON object, not an array"],
    ["a layer that is a string", '"allow"', 'layer.json:1:1: a config must be a JSON object, not "allow"'],
    ["a layer that is null", "null", "layer.json:1:1: a config must be a JSON object, not null"],
    ["a layer that is a number", "3", "layer.json:1:1: a config must be a JSON object, not number 3"],
    ["an unknown top-level key", '{"permissions": {}}',
      'layer.json:1:2: permissions: unknown key (did you mean "permission"?) (expected one of: contain, permission, reasons, roots, scan)'],
    ["contain that is not a boolean", '{"contain": "no"}', 'layer.json:1:2: contain: expected true or false, not "no"'],
    ["permission of the wrong type", '{"permission": ["read"]}',
      "layer.json:1:2: permission: expected an object mapping surfaces to rules, not an array"],
    ["an unknown action", '{"permission": {"read": "maybe"}}',
      'layer.json:1:17: permission.read: unknown action "maybe" (expected "allow", "ask" or "deny")'],
    ["an action in the wrong case", '{"permission": {"read": "Allow"}}',
      'layer.json:1:17: permission.read: unknown action "Allow" (expected "allow", "ask" or "deny")'],
    ["a rule set of the wrong type", '{"permission": {"read": 5}}',
      'layer.json:1:17: permission.read: expected an action ("allow", "ask", "deny") or an object of pattern → action, not number 5'],
    ["a rule set that is a list of patterns", '{"permission": {"read": ["*.env"]}}',
      'layer.json:1:17: permission.read: expected an action ("allow", "ask", "deny") or an object of pattern → action, not an array'],
    ["a pattern whose action is not a string", '{"permission": {"read": {"*.env": 1}}}',
      'layer.json:1:26: permission.read["*.env"]: expected an action ("allow", "ask" or "deny"), not number 1'],
    ["a pattern whose action is unknown", '{"permission": {"read": {"*.env": "block"}}}',
      'layer.json:1:26: permission.read["*.env"]: unknown action "block" (expected "allow", "ask" or "deny")'],
    ["a pattern whose action is null", '{"permission": {"bash": {"git push *": null}}}',
      'layer.json:1:26: permission.bash["git push *"]: expected an action ("allow", "ask" or "deny"), not null'],
    ["an empty pattern", '{"permission": {"read": {"": "deny"}}}',
      'layer.json:1:26: permission.read[""]: a pattern cannot be empty'],
    ["an empty surface name", '{"permission": {"": "deny"}}',
      "layer.json:1:2: permission: a surface name cannot be empty"],
    ["a misspelt surface with path patterns", '{"permission": {"raed": {"*.env": "deny"}}}',
      'layer.json:1:26: permission.raed["*.env"]: "raed" is not one of bash, read, write, edit, find, grep, ls, external_directory (did you mean "read"?); other surfaces are extension tools, which match on "*" only'],
    ["reasons of the wrong type", '{"reasons": "deny"}',
      'layer.json:1:2: reasons: expected an object mapping reason codes to actions, not "deny"'],
    ["an unknown reason code", '{"reasons": {"NOPE": "deny"}}',
      "layer.json:1:14: reasons.NOPE: unknown reason code (expected one of: "],
    ["a reason lowered to allow where it must not be", '{"reasons": {"FORBIDDEN": "allow"}}',
      'layer.json:1:14: reasons.FORBIDDEN: FORBIDDEN means the guard could not look at the command; it can be "ask" or "deny", never "allow"'],
    // The rules decide these codes; a `reasons` entry for one would load and do nothing.
    ["EXTERNAL_PATH in reasons", '{"reasons": {"EXTERNAL_PATH": "deny"}}',
      'layer.json:1:14: reasons.EXTERNAL_PATH: EXTERNAL_PATH is decided by the rules, not by "reasons"; change the external_directory rules, e.g. "external_directory": {"*": "deny"}'],
    ["RULE_ASK in reasons", '{"reasons": {"RULE_ASK": "deny"}}',
      'layer.json:1:14: reasons.RULE_ASK: RULE_ASK is decided by the rules, not by "reasons"; change the action of the rule itself'],
    ["RULE_DENY in reasons", '{"reasons": {"RULE_DENY": "allow"}}',
      "layer.json:1:14: reasons.RULE_DENY: RULE_DENY is decided by the rules"],
    // Inherited names are not reason codes, surfaces or patterns.
    ["an inherited name as a reason code", '{"reasons": {"toString": "deny"}}',
      "layer.json:1:14: reasons.toString: unknown reason code (expected one of: "],
    ["__proto__ as a reason code", '{"reasons": {"__proto__": "deny"}}',
      "layer.json:1:14: reasons.__proto__: unknown reason code (expected one of: "],
    ["__proto__ as a pattern", '{"permission": {"read": {"__proto__": "deny"}}}',
      'layer.json:1:26: permission.read.__proto__: "__proto__" cannot be used as a pattern'],
    ["__proto__ as a surface", '{"permission": {"__proto__": {"*": "deny"}}}',
      'layer.json:1:17: permission.__proto__: "__proto__" is not a surface name'],
    // Path patterns that could never match as written.
    ["a $VAR in a pattern", '{"permission": {"read": {"$HOME/.ssh/**": "deny"}}}',
      'layer.json:1:26: permission.read["$HOME/.ssh/**"]: patterns are not expanded, so "$HOME/.ssh/**" would match only a name with "$" in it; write ~/ for the home directory, or the path itself'],
    ["a ${VAR} in an external_directory pattern", '{"permission": {"external_directory": {"${HOME}/.ssh/**": "deny"}}}',
      'layer.json:1:40: permission.external_directory["${HOME}/.ssh/**"]: patterns are not expanded'],
    ["./name, which names no path", '{"permission": {"read": {"./.env": "deny"}}}',
      'layer.json:1:26: permission.read["./.env"]: a pattern starting with "./" never matches (paths are matched without it); write ".env" for that name at any depth, or ".env/**" for a directory at the root and what it holds'],
    ["a .. segment", '{"permission": {"write": {"../shared/**": "deny"}}}',
      'layer.json:1:27: permission.write["../shared/**"]: a pattern with a ".." segment never matches (paths are matched resolved); write the absolute path, or one starting with ~/'],
    ["roots of the wrong type", '{"roots": "../lib"}',
      'layer.json:1:2: roots: expected an array of directory paths, not "../lib"'],
    ["a root that is not a string", '{"roots": ["../lib", 7]}',
      "layer.json:1:22: roots[1]: expected a directory path, not number 7"],
  ];
  test.each(cases)("%s", (_, text, message) => {
    expect(messageOf(() => parseConfigText(text, "layer.json"))).toStartWith(message);
  });

  test("a file that cannot be read names the file", () => {
    expect(messageOf(() => loadConfigFile("/nonexistent/shellfence.json"))).toBe(
      "/nonexistent/shellfence.json: cannot read the file: ENOENT",
    );
  });

  test("a FIFO in a config file's place is an error at once, never a wait for a writer", () => {
    const dir = mkdtempSync(join(tmpdir(), "shellfence-fifo-"));
    try {
      expect(Bun.spawnSync(["mkfifo", join(dir, ".shellfence.json")]).exitCode).toBe(0);
      expect(() => loadLayers({ project: dir }, null)).toThrow(
        `${join(dir, ".shellfence.json")}: cannot read the file: not a regular file (ENOTREG)`,
      );
      expect(messageOf(() => loadConfigFile(join(dir, ".shellfence.json")))).toEndWith("not a regular file (ENOTREG)");
      expect(messageOf(() => loadConfigFile("/dev/zero"))).toEndWith("not a regular file (ENOTREG)");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a host's object layer is named by where it was given", async () => {
    await expect(createGuard({ agentConfig: { permission: { read: { ".env": true } } } })).rejects.toThrow(
      'agent: permission.read[".env"]: expected an action ("allow", "ask" or "deny"), not boolean true',
    );
    await expect(createGuard({ config: [{}, { permission: "deny" }] })).rejects.toThrow(
      'config[1]: permission: expected an object mapping surfaces to rules, not "deny"',
    );
    await expect(createGuard({ agentConfig: [] as unknown as object })).rejects.toThrow(
      "agent: a config must be a JSON object, not an array",
    );
  });

  test("a byte order mark is not an error; $schema is allowed", () => {
    const layer = parseConfigText(
      '\uFEFF{"$schema": "../schemas/shellfence.schema.json", "permission": {"read": "allow"}}',
      "bom.json",
    );
    expect(layer.permission).toEqual({ read: "allow" });
  });

  test("path patterns that plainly mean something else are mended: ./x/… and dir/", () => {
    const layer = validateLayer({
      permission: {
        read: { "**/": "allow", "./secrets/**": "deny", "build/": "ask", "./docs/": "deny", "~/.ssh/": "deny" },
      },
    }, "x");
    expect(Object.entries(layer.permission.read!)).toEqual([["**", "allow"], ["secrets/**", "deny"], ["build/**",
      "ask"], ["docs/**", "deny"], ["~/.ssh/**", "deny"]]);
    // A mended pattern that repeats an earlier one takes the later place: the last match wins.
    expect(
      Object.entries(
        validateLayer({ permission: { read: { "secrets/**": "deny", "src/**": "allow", "secrets/": "deny" } } }, "x")
          .permission.read!,
      ),
    ).toEqual([["src/**", "allow"], ["secrets/**", "deny"]]);
    // With another action, the earlier spelling never takes effect: refused, naming the later one.
    expect(() => validateLayer({ permission: { read: { "secrets/**": "deny", "secrets/": "ask" } } }, "x")).toThrow(
      'x: permission.read["secrets/**"]: this deny never takes effect: the later rule "secrets/": "ask" matches all it matches',
    );
    // Command text and ordinary patterns are left as written.
    expect(
      validateLayer({
        permission: { bash: { "rm -rf ./build/": "deny" },
          read: { "*.env": "deny", "/tmp/**": "allow", "src/*": "ask", "$RECYCLE.BIN/**": "deny" } },
      }, "x").permission,
    ).toEqual({ bash: { "rm -rf ./build/": "deny" },
      read: { "*.env": "deny", "/tmp/**": "allow", "src/*": "ask", "$RECYCLE.BIN/**": "deny" } });
  });

  test("a mended pattern means what it says: ./secrets/** and secrets/ deny secrets/k", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shellfence-cfg-"));
    try {
      mkdirSync(join(dir, "secrets"));
      writeFileSync(join(dir, "secrets", "k"), "K\n");
      for (const pattern of ["./secrets/**", "secrets/", "./secrets/"]) {
        const g = await createGuard({ home: dir, config: [{ permission: { read: { [pattern]: "deny" } } }] });
        expect([pattern, g.check("cat secrets/k", { cwd: dir }).decision,
          g.checkTool({ tool: "read", input: { path: "secrets" }, cwd: dir }).decision]).toEqual([pattern, "deny",
            "deny"]);
        expect([pattern, g.check("cat README.md", { cwd: dir }).decision]).toEqual([pattern, "allow"]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a host's object with a prototype: only its own keys count", () => {
    const inherited = Object.create({ permission: { read: "deny" } }) as object;
    expect(validateLayer(inherited, "agent").permission).toEqual({});
    const layer = validateLayer({ permission: { read: { toString: "deny", constructor: "ask" } } }, "x");
    expect(Object.entries(layer.permission.read!)).toEqual([["toString", "deny"], ["constructor", "ask"]]);
  });

  test('extension tools take an action or {"*": action}', () => {
    expect(validateLayer({ permission: { mytool: "deny", other: { "*": "ask" } } }, "x").permission).toEqual({
      mytool: "deny",
      other: { "*": "ask" },
    });
  });
});

const layer = (origin: string, permission: ConfigLayer["permission"]): ConfigLayer => ({ origin, permission,
  reasons: {}, roots: [] });
const rules = (m: ReturnType<typeof mergeLayers>, s: string) =>
  (m.surfaces.get(s) ?? []).map((r) => [r.pattern, r.action, r.origin]);

describe("merging: the last matching pattern wins, in the order the user wrote the rules", () => {
  test("the seed's example: a project refines a global shorthand", () => {
    const m = mergeLayers([layer("global", { read: "allow" }),
      layer("project", { read: { "*": "allow", "*.env": "deny" } })]);
    expect(rules(m, "read")).toEqual([["*", "allow", "project"], ["*.env", "deny", "project"]]);
  });

  test("patterns from different layers are kept when both are maps", () => {
    const m = mergeLayers([layer("global", { bash: { "git *": "allow" } }),
      layer("project", { bash: { "rm *": "deny" } })]);
    expect(rules(m, "bash")).toEqual([["git *", "allow", "global"], ["rm *", "deny", "project"]]);
  });

  test("a pattern a later layer gives again moves to where that layer has it, with its action", () => {
    const m = mergeLayers([layer("global", { read: { "*": "allow", "*.env": "deny", "docs/**": "ask" } }),
      layer("agent", { read: { "*.env": "ask", "*.pem": "deny" } })]);
    expect(rules(m, "read")).toEqual([["*", "allow", "global"], ["docs/**", "ask", "global"], ["*.env", "ask", "agent"],
      ["*.pem", "deny", "agent"]]);
    // The agent's `*` comes after the global exceptions: everything asks, as the agent wrote.
    const m2 = mergeLayers([layer("global", { read: { "*": "allow", "*.env": "deny" } }),
      layer("agent", { read: { "docs/**": "allow", "*": "ask" } })]);
    expect(rules(m2, "read")).toEqual([["*.env", "deny", "global"], ["docs/**", "allow", "agent"], ["*", "ask",
      "agent"]]);
  });

  test("a shorthand replaces the earlier rules; a map after one goes after it", () => {
    const m1 = mergeLayers([layer("global", { read: { "*": "allow", "*.env": "deny" } }),
      layer("project", { read: "ask" })]);
    expect(rules(m1, "read")).toEqual([["*", "ask", "project"]]);
    const m2 = mergeLayers([layer("global", { write: "deny" }), layer("project", { write: { "src/**": "allow" } })]);
    expect(rules(m2, "write")).toEqual([["*", "deny", "global"], ["src/**", "allow", "project"]]);
  });

  test("the user's catch-all after their exception is the user's order, over the built-in catch-all's place", () => {
    const m = mergeLayers([layer("project", { external_directory: { "/srv/shared/**": "allow", "*": "ask" } })]);
    const ext = rules(m, "external_directory");
    expect(ext.slice(0, 2)).toEqual([["/srv/shared/**", "allow", "project"], ["*", "ask", "project"]]);
    // The built-in device exceptions stay after a catch-all.
    expect(
      ext.slice(2).every(([, action, origin]) =>
        action === "allow" && (origin === "defaults" || origin === "system-reads")
      ),
    ).toBe(true);
    expect(ext).toContainEqual(["/dev/null", "allow", "defaults"]);
  });

  test("rules after the user's last catch-all come after the built-in exceptions, and override them", () => {
    const m = mergeLayers([layer("global", { external_directory: { "*": "ask" } }),
      layer("project", { external_directory: { "/dev/**": "deny", "/tmp/**": "allow" } })]);
    const ext = rules(m, "external_directory");
    expect(ext[0]).toEqual(["*", "ask", "global"]);
    expect(ext.slice(-2)).toEqual([["/dev/**", "deny", "project"], ["/tmp/**", "allow", "project"]]);
  });

  test("surfaces a later layer does not name are kept", () => {
    const m = mergeLayers([layer("global", { read: "allow", write: "ask" }), layer("agent", { write: "deny" })]);
    expect(rules(m, "read")).toEqual([["*", "allow", "global"]]);
    expect(rules(m, "write")).toEqual([["*", "deny", "agent"]]);
  });

  test("the built-in rules stay under the user's unless named", () => {
    const m = mergeLayers([layer("project", { external_directory: "deny" })]);
    const ext = rules(m, "external_directory");
    expect(ext[0]).toEqual(["*", "deny", "project"]);
    expect(ext).toContainEqual(["/dev/null", "allow", "defaults"]);
    const m2 = mergeLayers([layer("project", { external_directory: { "/dev/null": "deny", "/tmp/**": "allow" } })]);
    expect(rules(m2, "external_directory")).toContainEqual(["/dev/null", "deny", "project"]);
    expect(rules(m2, "external_directory").at(-1)).toEqual(["/tmp/**", "allow", "project"]);
  });

  test("reasons: the last layer wins per code; roots add up", () => {
    const m = mergeLayers([{ origin: "global", permission: {}, reasons: { INLINE_CODE: "deny", OPAQUE_CODE: "deny" },
      roots: ["../a"] }, { origin: "project", permission: {}, reasons: { INLINE_CODE: "ask" }, roots: ["../b"] }]);
    expect(m.reasons.get("INLINE_CODE")).toEqual({ action: "ask", origin: "project" });
    expect(m.reasons.get("OPAQUE_CODE")).toEqual({ action: "deny", origin: "global" });
    expect(m.roots).toEqual([{ path: "../a", origin: "global" }, { path: "../b", origin: "project" }]);
  });

  test("contain: the last layer that gives it wins; absent everywhere, true", () => {
    const none = { permission: {}, reasons: {}, roots: [] };
    expect(mergeLayers([{ origin: "global", ...none }]).contain).toEqual({ value: true, origin: "defaults" });
    const m = mergeLayers([{ origin: "global", ...none, contain: false }, { origin: "project", ...none }]);
    expect(m.contain).toEqual({ value: false, origin: "global" });
    expect(
      mergeLayers([{ origin: "global", ...none, contain: false }, { origin: "agent", ...none, contain: true }]).contain,
    ).toEqual({ value: true, origin: "agent" });
  });
});

describe("layers: global, project, extra, agent", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "shellfence-config-"));
    mkdirSync(join(dir, "xdg", "shellfence"), { recursive: true });
    mkdirSync(join(dir, "home", ".config", "shellfence"), { recursive: true });
    mkdirSync(join(dir, "project"));
    mkdirSync(join(dir, "bare"));
    writeFileSync(join(dir, "xdg", "shellfence", "config.json"),
      JSON.stringify({ permission: { read: { "*": "allow", "*.pem": "deny" }, mytool: "deny" } }));
    writeFileSync(join(dir, "home", ".config", "shellfence", "config.json"),
      JSON.stringify({ permission: { read: "deny" } }));
    writeFileSync(join(dir, "project", ".shellfence.json"),
      JSON.stringify({ permission: { read: { "*.env": "deny" }, bash: { "git push *": "ask" } } }));
    writeFileSync(join(dir, "extra.json"), JSON.stringify({ permission: { bash: { "git push *": "deny" } } }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("the global file: $XDG_CONFIG_HOME, else ~/.config; a relative XDG_CONFIG_HOME is ignored", () => {
    expect(globalConfigPath({ XDG_CONFIG_HOME: "/x" }, "/home/u")).toBe("/x/shellfence/config.json");
    expect(globalConfigPath({}, "/home/u")).toBe("/home/u/.config/shellfence/config.json");
    expect(globalConfigPath({ XDG_CONFIG_HOME: "rel" }, "/home/u")).toBe("/home/u/.config/shellfence/config.json");
    expect(globalConfigPath({}, null)).toBeNull();
  });

  test("merged global → project → extra → agent, each layer named", () => {
    const { layers, info } = loadLayers({ global: true, env: { XDG_CONFIG_HOME: join(dir, "xdg") },
      project: join(dir, "project"), extra: [join(dir, "extra.json")], agent: { permission: { mytool: "allow" } },
      trustStore: trusting(join(dir, "trusted.json"), join(dir, "project", ".shellfence.json")) }, join(dir, "home"));
    expect(info).toEqual([{ kind: "global", origin: join(dir, "xdg", "shellfence", "config.json"), loaded: true }, {
      kind: "project",
      origin: join(dir, "project", ".shellfence.json"),
      loaded: true,
    }, { kind: "config", origin: join(dir, "extra.json"), loaded: true }, { kind: "agent", origin: "agent",
      loaded: true }]);
    const e = explainConfig(mergeLayers(layers), info);
    expect(e.permission.read).toEqual([{ pattern: "*", action: "allow",
      origin: join(dir, "xdg", "shellfence", "config.json") }, { pattern: "*.pem", action: "deny",
      origin: join(dir, "xdg", "shellfence", "config.json") }, { pattern: "*.env", action: "deny",
      origin: join(dir, "project", ".shellfence.json") }]);
    expect(e.permission.bash).toEqual([{ pattern: "git push *", action: "deny", origin: join(dir, "extra.json") }]);
    expect(e.permission.mytool).toEqual([{ pattern: "*", action: "allow", origin: "agent" }]);
  });

  test("absent default files are no layer; an explicit file must exist", () => {
    const { layers, info } = loadLayers({ global: true, env: {}, project: join(dir, "bare") }, join(dir, "nohome"));
    expect(layers).toEqual([]);
    expect(info.map((l) => l.loaded)).toEqual([false, false]);
    expect(() => loadLayers({ project: join(dir, "bare", "missing.json") }, null)).toThrow(
      `${join(dir, "bare", "missing.json")}: cannot read the file: ENOENT`,
    );
    expect(() => loadLayers({ global: join(dir, "nope.json") }, null)).toThrow("cannot read the file: ENOENT");
  });

  test("the guard judges with the merged layers; the agent's layer has the last word", async () => {
    const g = await createGuard({ globalConfig: join(dir, "xdg", "shellfence", "config.json"),
      projectConfig: join(dir, "project"), config: [join(dir, "extra.json")],
      agentConfig: { permission: { read: { "*.pem": "ask" }, bash: { "git push *": "allow" } } },
      trustStore: trusting(join(dir, "trusted.json"), join(dir, "project", ".shellfence.json")) });
    const cwd = join(dir, "project");
    expect(g.checkTool({ tool: "read", input: { path: "key.pem" }, cwd }).decision).toBe("ask");
    expect(g.checkTool({ tool: "read", input: { path: ".env" }, cwd }).decision).toBe("deny");
    expect(g.check("git push origin", { cwd }).decision).toBe("allow");
    expect(g.toolPermission("mytool")).toBe("deny");
    expect(g.layers.map((l) => l.kind)).toEqual(["global", "project", "config", "agent"]);
  });

  test("a relative root in a config file is relative to the file's directory, wherever a check starts", async () => {
    const r = join(dir, "rooted");
    for (const d of ["proj/a/b", "shared", "lib", "cfg"]) mkdirSync(join(r, d), { recursive: true });
    writeFileSync(join(r, "shared", "x"), "x\n");
    writeFileSync(join(r, "lib", "y"), "y\n");
    writeFileSync(join(r, "proj", ".shellfence.json"), JSON.stringify({ roots: ["../shared"] }));
    writeFileSync(join(r, "cfg", "extra.json"), JSON.stringify({ roots: ["../lib"] }));
    const trustStore = trusting(join(r, "trusted.json"), join(r, "proj", ".shellfence.json"));
    const g = await createGuard({ projectConfig: join(r, "proj"), config: [join(r, "cfg", "extra.json")], trustStore });
    const proj = join(r, "proj");
    for (const cwd of [proj, join(proj, "a"), join(proj, "a", "b")]) {
      const v = g.check(`cat ${join(r, "shared", "x")} ${join(r, "lib", "y")}`, { cwd, roots: [proj] });
      expect({ cwd, decision: v.decision }).toEqual({ cwd, decision: "allow" });
      expect(g.checkTool({ tool: "read", input: { path: join(r, "shared", "x") }, cwd, roots: [proj] }).decision).toBe(
        "allow",
      );
    }
    // A directory that only shares the relative spelling from elsewhere is not a root.
    mkdirSync(join(proj, "a", "shared"), { recursive: true });
    writeFileSync(join(proj, "a", "shared", "z"), "z\n");
    expect(g.check("cat ../shared/z", { cwd: join(proj, "a", "b"), roots: [proj] }).decision).toBe("allow");
    expect(g.check(`cat ${join(r, "other")}`, { cwd: proj }).decision).toBe("ask");
  });

  test("globalConfig: true finds the file under the guard's home without XDG_CONFIG_HOME", async () => {
    const saved = process.env.XDG_CONFIG_HOME;
    delete process.env.XDG_CONFIG_HOME;
    try {
      const g = await createGuard({ home: join(dir, "home"), globalConfig: true });
      expect(g.layers).toEqual([{ kind: "global", origin: join(dir, "home", ".config", "shellfence", "config.json"),
        loaded: true }]);
      expect(g.toolPermission("read")).toBe("deny");
    } finally {
      if (saved !== undefined) process.env.XDG_CONFIG_HOME = saved;
    }
  });
});

describe("the JSON Schema and the example config", () => {
  const schema = JSON.parse(readFileSync(join(ROOT, "schemas", "shellfence.schema.json"), "utf8")) as { $schema: string;
    examples: unknown[]; $defs: Record<string, unknown> };

  test("the schema is draft 2020-12 and its examples load", () => {
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema.examples.length).toBeGreaterThan(2);
    schema.examples.forEach((ex, i) => validateLayer(ex, `examples[${i}]`));
  });

  test("the schema names every surface and reason code the loader knows", () => {
    const props =
      (schema as unknown as {
        properties: { permission: { properties: object }; reasons: { propertyNames: { enum: string[] } } };
      }).properties;
    expect(Object.keys(props.permission.properties)).toEqual([...SURFACES]);
    // EXTERNAL_PATH, RULE_ASK and RULE_DENY are decided by the rules: the loader refuses them.
    expect(props.reasons.propertyNames.enum).toEqual(
      Object.keys(REASONS).filter((c) => !RULE_REASONS.has(c as keyof typeof REASONS)),
    );
  });

  test("the example config loads and means what docs/policy.md says", async () => {
    const path = join(ROOT, "docs", "example.shellfence.json");
    loadConfigFile(path);
    const g = await createGuard({ config: [path] });
    expect(g.checkTool({ tool: "read", input: { path: ".env" }, cwd: ROOT }).decision).toBe("deny");
    expect(g.checkTool({ tool: "read", input: { path: "README.md" }, cwd: ROOT }).decision).toBe("allow");
    expect(g.checkTool({ tool: "write", input: { path: "src/x.ts" }, cwd: ROOT }).decision).toBe("allow");
    expect(g.checkTool({ tool: "write", input: { path: "README.md" }, cwd: ROOT }).decision).toBe("deny");
    expect(g.checkTool({ tool: "read", input: { path: "/etc/hosts" }, cwd: ROOT }).decision).toBe("ask");
    expect(g.checkTool({ tool: "read", input: { path: "/tmp/notes.txt" }, cwd: ROOT }).decision).toBe("allow");
    expect(g.checkTool({ tool: "read", input: { path: "~/.ssh/id_ed25519" }, cwd: ROOT }).decision).toBe("deny");
    expect(g.check("cat < .env", { cwd: ROOT }).decision).toBe("deny");
    expect(g.check("echo > src/new.ts", { cwd: ROOT }).decision).toBe("allow");
    expect(g.policy.rules("bash").map((r) => [r.pattern, r.action])).toEqual([["git push *", "ask"], ["npm publish *",
      "deny"]]);
  });
});

describe("the command line", () => {
  let dir: string;
  const run = (args: string[], cwd: string = dir) => {
    const p = Bun.spawnSync([join(ROOT, "node_modules", ".bin", "bun"), join(ROOT, "src", "cli", "run.ts"), ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? "", HOME: join(dir, "home"), XDG_CONFIG_HOME: join(dir, "xdg"), NO_COLOR: "1" },
    });
    return { code: p.exitCode, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "shellfence-cli-"));
    mkdirSync(join(dir, "xdg", "shellfence"), { recursive: true });
    mkdirSync(join(dir, "project"));
    writeFileSync(join(dir, "bad.json"), JSON.stringify({ permission: { read: { "*.env": "block" } } }));
    writeFileSync(join(dir, "broken.json"), '{"permission": ');
    writeFileSync(join(dir, "xdg", "shellfence", "config.json"),
      JSON.stringify({ permission: { read: { "*": "allow", "*.pem": "deny" } } }));
    writeFileSync(join(dir, "project", ".shellfence.json"),
      JSON.stringify({ permission: { read: { "*.env": "deny" } }, reasons: { INLINE_CODE: "deny" } }));
    writeFileSync(join(dir, "extra.json"), JSON.stringify({ permission: { bash: { "git push *": "ask" } } }));
    writeFileSync(join(dir, "project", ".env"), "K=1\n");
    writeFileSync(join(dir, "shared.json"),
      JSON.stringify({ permission: { external_directory: { "*": "ask", "/srv/shared/**": "allow" } } }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("check --config bad.json exits 2 naming the file and the key", () => {
    const r = run(["check", "--config", "bad.json", "--", "ls"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'shellfence: bad.json:1:24: permission.read["*.env"]: unknown action "block" (expected "allow", "ask" or "deny")\n',
    );
    expect(r.stdout).toBe("");
  });

  test("check --config with invalid JSON exits 2 naming the line and column", () => {
    const r = run(["check", "--config", "broken.json", "--", "ls"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("shellfence: broken.json:1:16: invalid JSON: expected a value before the end of the text\n");
  });

  test("check honours the global and the project layers", () => {
    expect(run(["check", "--cwd", join(dir, "project"), "--", "cat .env"]).code).toBe(1);
    expect(run(["check", "--cwd", join(dir, "project"), "--", "cat key.pem"]).code).toBe(1);
    expect(run(["check", "--cwd", join(dir, "project"), "--", "cat README.md"]).code).toBe(0);
    expect(run(["check", "--cwd", join(dir, "project"), "--config", "extra.json", "--", "git push"]).code).toBe(3);
  });

  test("config --explain prints the merged rules and where each came from", () => {
    const r = run(["config", "--explain", "--cwd", join(dir, "project"), "--config", "extra.json"]);
    expect(r.code).toBe(0);
    const global = join(dir, "xdg", "shellfence", "config.json");
    const project = join(dir, "project", ".shellfence.json");
    expect(r.stdout).toContain(
      `  defaults      built into shellfence\n  system-reads  built into shellfence (judges read, list, cwd accesses only)\n  global        ${global}\n  project       ${project}\n  config        extra.json\n`,
    );
    expect(r.stdout).toContain(
      `  read  (paths)\n    "*"      allow  from ${global}\n    "*.pem"  deny   from ${global}\n    "*.env"  deny   from ${project}\n`,
    );
    expect(r.stdout).toContain(
      '  bash  (command text of each simple command)\n    "git push *"  ask    from extra.json\n',
    );
    expect(r.stdout).toMatch(/\n {4}"\/dev\/null" +allow {2}from defaults\n/);
    expect(r.stdout).toMatch(/\n {4}"\/usr\/share\/\*\*" +allow {2}from system-reads \(read, list, cwd only\)\n/);
    expect(r.stdout).toContain(`  INLINE_CODE  deny   from ${project}\n`);
  });

  test("config --explain shows the rules in the order they are evaluated: the built-in exceptions after the user's catch-all", () => {
    const r = run(["config", "--explain", "--cwd", dir, "--config", "shared.json"]);
    expect(r.code).toBe(0);
    const ext = r.stdout.slice(r.stdout.indexOf("  external_directory"));
    const lines = ext.split("\n").slice(0, 3).map((l) => l.trim().replace(/ +/g, " "));
    expect(lines).toEqual(["external_directory (paths outside the project roots)", '"*" ask from shared.json',
      '"/dev/null" allow from defaults']);
    // The user's exception written after the catch-all comes after every built-in rule: it overrides them.
    const all = ext.split("\n");
    const rules = all.slice(0, all.indexOf("")).map((l) => l.trim().replace(/ +/g, " "));
    expect(rules[rules.length - 1]).toBe('"/srv/shared/**" allow from shared.json');
  });

  test("config --explain --json, and absent layers named as such", () => {
    const r = run(["config", "--explain", "--json", "--cwd", dir]);
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout) as ReturnType<typeof explainConfig>;
    expect(e.layers).toContainEqual({ kind: "project", origin: join(dir, ".shellfence.json"), loaded: false });
    expect(e.permission.read).toEqual([{ pattern: "*", action: "allow",
      origin: join(dir, "xdg", "shellfence", "config.json") }, { pattern: "*.pem", action: "deny",
      origin: join(dir, "xdg", "shellfence", "config.json") }]);
  });

  test("config errors and usage errors exit 2", () => {
    const bad = run(["config", "--explain", "--config", "bad.json"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bad.json:1:24: permission.read["*.env"]: unknown action "block"');
    expect(run(["config"]).code).toBe(2);
    expect(run(["config", "--explain", "--nope"]).code).toBe(2);
    expect(run(["config", "--explain", "--cwd"]).code).toBe(2);
  });

  test("a --cwd that is not there says so", () => {
    const missing = join(dir, "no-such-dir");
    for (const args of [["check", "--cwd", missing, "--", "ls"], ["config", "--explain", "--cwd", missing]]) {
      const r = run(args);
      expect({ args, code: r.code, stderr: r.stderr, stdout: r.stdout }).toEqual({ args, code: 2,
        stderr: `shellfence: --cwd ${missing}: the directory does not exist\n`, stdout: "" });
    }
    const file = join(dir, "extra.json");
    expect(run(["check", "--cwd", file, "--", "ls"]).stderr).toBe(`shellfence: --cwd ${file}: not a directory\n`);
    expect(run(["check", "--cwd", join(dir, "project"), "--", "ls"]).code).toBe(0);
  });
});
