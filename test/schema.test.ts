// schemas/shellfence.schema.json is what an editor checks a config against as it is typed;
// src/policy/config.ts is what shellfence checks it against when it loads it. They must agree:
// every config the docs show is accepted by both (and points "$schema" where an installed
// package has the schema), each mistake the loader refuses is refused by the schema too, the
// path-pattern rules agree on generated patterns, and the reason codes the schema names — and
// those it keeps from "allow" — are the loader's.

import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import fc from "fast-check";
import { REASONS } from "../src/base/reasons.ts";
import { ConfigError, parseConfigText, PATH_SURFACES, RULE_REASONS, SURFACES } from "../src/policy/config.ts";

const ROOT = join(import.meta.dir, "..");

/** What a config's "$schema" says in a project with shellfence installed (docs/policy.md, "Editor completion"). */
const SCHEMA_REF = "./node_modules/shellfence/schemas/shellfence.schema.json";

interface SchemaDoc {
  readonly $schema: string;
  readonly $id?: string;
  readonly properties: Readonly<Record<string, unknown>> & {
    readonly permission: { readonly properties: Readonly<Record<string, { readonly $ref: string }>> };
    readonly reasons: { readonly description: string; readonly propertyNames: { readonly enum: readonly string[] };
      readonly properties: Readonly<Record<string, { readonly $ref: string }>> };
  };
  readonly $defs: Readonly<Record<string, { readonly examples?: readonly unknown[] }>>;
  readonly examples: readonly unknown[];
}

const schema = JSON.parse(readFileSync(join(ROOT, "schemas", "shellfence.schema.json"), "utf8")) as SchemaDoc;

/**
 * Ajv in strict mode (an unknown keyword or a malformed schema is an error), knowing VS Code's
 * annotation; verbose, so that each error carries the schema object that failed.
 */
function compileSchema() {
  const ajv = new Ajv2020({ strict: true, allErrors: true, verbose: true });
  ajv.addVocabulary(["markdownDescription"]);
  return ajv.compile(schema);
}

const validate = compileSchema();

/**
 * Where each object of the schema document is, as a JSON pointer. Ajv's own schemaPath is
 * relative to whichever $ref it followed (and changes with how it inlines them); the object
 * that failed is not.
 */
const pointers = new Map<unknown, string>();
(function walk(node: unknown, at: string) {
  if (typeof node !== "object" || node === null) return;
  pointers.set(node, at);
  for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`);
})(schema, "#");

/** The schema's errors for a JSON text; [] when it accepts. */
function schemaErrors(text: string): ErrorObject[] {
  return validate(JSON.parse(text)) ? [] : [...(validate.errors ?? [])];
}

/** The keyword that failed, as a pointer into the schema document. */
function failing(e: ErrorObject): string {
  return `${pointers.get(e.parentSchema) ?? "?"}/${e.keyword}`;
}

/** Errors as "where: message (the keyword that failed)". */
function show(errors: readonly ErrorObject[]): string[] {
  return errors.map((e) => `${e.instancePath || "/"}: ${e.message ?? ""} (${failing(e)})`);
}

/** The loader's complaint about a JSON text; null when it accepts. */
function loaderError(text: string): string | null {
  try {
    parseConfigText(text, "config");
    return null;
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
}

// --- finding the examples ---------------------------------------------------------------------

/** Markdown files whose fenced blocks are searched: README.md and everything under docs/. */
function files(dir: string, ext: RegExp): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" }).filter((f) => ext.test(f)).map((f) =>
    join(dir, f)
  ).sort();
}

interface Block {
  readonly where: string;
  readonly lang: string;
  readonly text: string;
}

/** The fenced code blocks of a Markdown file (``` or ~~~, any info string), with the line they open on. */
function fencedBlocks(file: string): Block[] {
  const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
  const out: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/.exec(lines[i]!);
    if (!open) continue;
    const fence = open[1]!;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`).test(lines[j]!)) {
      body.push(lines[j++]!);
    }
    out.push({ where: `${file}:${i + 1}`, lang: open[2]!.toLowerCase(), text: body.join("\n") });
    i = j;
  }
  return out;
}

/** Top-level keys that make a JSON object a shellfence config (the loader's, but "$schema"). */
const CONFIG_KEYS = ["contain", "permission", "reasons", "roots", "scan"];
/** Other programs' files the docs show as JSON, by a top-level key of theirs: not shellfence configs. */
const FOREIGN_KEYS: Readonly<Record<string, string>> = { hooks: "Claude Code's settings.json",
  plugin: "opencode.json" };

/** A JSON example as found: `text` for a config, `note` for what else it is or why it is not classified. */
interface Found {
  readonly kind: "config" | "foreign" | "comments" | "unclassified";
  readonly where: string;
  readonly text?: string;
  readonly note?: string;
}

/**
 * What a JSON text is. A shellfence config has a top-level key of the loader's; another
 * program's file has one of FOREIGN_KEYS; a block of `//` lines alone illustrates and holds no
 * config. Anything else is unclassified, and fails the test: a config example with a misspelt
 * top-level key must not slip through as "not a config".
 */
function classify(where: string, text: string): Found {
  const body = text.split("\n").filter((l) => !/^\s*\/\//.test(l)).join("\n").trim();
  if (body === "") return { kind: "comments", where };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (e) {
    return { kind: "unclassified", where, note: `not JSON: ${(e as Error).message}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { kind: "unclassified", where, note: "not a JSON object" };
  }
  const keys = Object.keys(value);
  if (keys.some((k) => CONFIG_KEYS.includes(k))) return { kind: "config", where, text: body };
  const foreign = keys.find((k) => Object.hasOwn(FOREIGN_KEYS, k));
  if (foreign !== undefined) return { kind: "foreign", where, note: FOREIGN_KEYS[foreign]! };
  return { kind: "unclassified", where, note: `no top-level key says what it is (${keys.join(", ")})` };
}

/**
 * Every JSON example in README.md and docs/: each .json file under docs/, each fenced block
 * tagged json/jsonc/json5 or untagged and opening with "{"; and, as unclassified, any other
 * block that writes a config key as JSON does ("permission": …), which would otherwise be
 * skipped.
 */
function findExamples(): Found[] {
  const found: Found[] = [];
  for (const file of files("docs", /\.jsonc?$/)) found.push(classify(file, readFileSync(join(ROOT, file), "utf8")));
  for (const file of ["README.md", ...files("docs", /\.md$/)]) {
    for (const b of fencedBlocks(file)) {
      if (["json", "jsonc", "json5"].includes(b.lang) || (b.lang === "" && b.text.trimStart().startsWith("{"))) {
        found.push(classify(b.where, b.text));
      } else if (new RegExp(`"(${CONFIG_KEYS.join("|")})"\\s*:`).test(b.text)) {
        found.push({ kind: "unclassified", where: b.where, note: `a ${b.lang || "plain"} block holding a config key` });
      }
    }
  }
  return found;
}

const found = findExamples();
const configs = found.filter((f) => f.kind === "config");

describe("the schema", () => {
  test("compiles under ajv's strict mode as draft 2020-12", () => {
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(typeof validate).toBe("function");
  });

  test("claims no $id: it is found where the package is installed, not at a URL", () => {
    // A URL $id that resolves nowhere (the old https://shellfence.invalid/…) invites a fetch.
    expect(schema.$id).toBeUndefined();
  });

  test("is where the documented $schema path leads in an installed package, and is packed", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { name: string; files: string[] };
    const prefix = `./node_modules/${pkg.name}/`;
    expect(SCHEMA_REF.startsWith(prefix)).toBe(true);
    const inPackage = SCHEMA_REF.slice(prefix.length);
    expect(inPackage).toBe("schemas/shellfence.schema.json");
    // npm packs what "files" names (npm pack --dry-run lists schemas/shellfence.schema.json).
    expect(pkg.files.some((f) => inPackage.startsWith(f))).toBe(true);
  });

  test("its own examples are accepted by both the schema and the loader", () => {
    const texts = [...schema.examples.map((e) => JSON.stringify(e)),
      ...["pathRules", "commandRules"].flatMap((def) =>
        (schema.$defs[def]!.examples ?? []).map((e) =>
          JSON.stringify({ permission: { [def === "pathRules" ? "read" : "bash"]: e } })
        )
      )];
    expect(texts.length).toBeGreaterThan(5);
    for (const text of texts) {
      expect({ text, schema: show(schemaErrors(text)), loader: loaderError(text) }).toEqual({ text, schema: [],
        loader: null });
    }
  });
});

describe("every example config in README.md and docs/", () => {
  test("every JSON block is a shellfence config, another program's file, or comments alone", () => {
    expect(found.filter((f) => f.kind === "unclassified")).toEqual([]);
  });

  test("the examples are found: the standalone file, README's, and docs/policy.md's worked examples", () => {
    // A finder that silently finds nothing would make every test below pass.
    const count = (prefix: string) => configs.filter((c) => c.where.startsWith(prefix)).length;
    expect(count("docs/example.shellfence.json")).toBe(1);
    expect(count("README.md:")).toBeGreaterThanOrEqual(1);
    expect(count("docs/policy.md:")).toBeGreaterThanOrEqual(4);
    // And the other programs' files are told apart rather than dropped.
    expect(found.filter((f) => f.kind === "foreign").length).toBeGreaterThanOrEqual(3);
  });

  test.each(configs.map((c) => [c.where, c.text ?? ""] as const))(
    "%s: accepted by the schema and by the loader, with the documented $schema",
    (where, text) => {
      const $schema = (JSON.parse(text) as { $schema?: unknown }).$schema;
      expect({ where, schema: show(schemaErrors(text)), loader: loaderError(text), $schema }).toEqual({ where,
        schema: [], loader: null, $schema: SCHEMA_REF });
    },
  );

  test("docs/policy.md says what to write in $schema, and where the path differs", () => {
    const policy = readFileSync(join(ROOT, "docs", "policy.md"), "utf8");
    const section = /^#+ Editor completion\n([\s\S]*?)(?=^#)/m.exec(policy)?.[1] ?? "";
    expect(section).toContain(`"$schema": "${SCHEMA_REF}"`);
    expect(section).toContain("~/.config/shellfence/config.json");
  });
});

// --- what both refuse -------------------------------------------------------------------------

/** A config with one rule: `pattern` → `action` on `surface`, as JSON text. */
function rule(surface: string, pattern: string, action = "deny"): string {
  return JSON.stringify({ permission: { [surface]: { [pattern]: action } } });
}

// The keywords of the schema that refuse the mistakes below.
const PATTERN = "#/$defs/pathPattern";
const EXPANDED = `${PATTERN}/allOf/1/not`;
const DOTDOT = `${PATTERN}/allOf/2/not`;
const DOT_NAME = `${PATTERN}/allOf/3/not`;
const SURFACE = "#/$defs/surfaceName";
const COMMAND = "#/$defs/commandPattern";
const EXTENSION = "#/$defs/extensionRules/oneOf/1/additionalProperties";
const REASON_CODES = "#/properties/reasons/propertyNames/enum";
const SCAN = "#/properties/scan";
const EXCLUDE = "#/$defs/excludePattern";

/** A config whose scan section excludes `pattern`, as JSON text. */
function scanExclude(pattern: string): string {
  return JSON.stringify({ scan: { exclude: [pattern] } });
}

/**
 * Mistakes the loader refuses, as JSON text: the schema must refuse each too, for the same
 * reason (`failing`: the keyword of the schema that refuses it), and the loader's message must
 * say why.
 */
const BAD: readonly [what: string, text: string, failing: string, loader: string][] = [
  // Path patterns are not expanded: $NAME before a / or at the end, ${ and $( anywhere.
  ["$HOME/x", rule("read", "$HOME/x"), EXPANDED, "patterns are not expanded"],
  ["${HOME}/x", rule("write", "${HOME}/x"), EXPANDED, "patterns are not expanded"],
  ["$(pwd)/x in external_directory", rule("external_directory", "$(pwd)/x"), EXPANDED, "not expanded"],
  ["x/$TMPDIR: a $NAME at the end", rule("ls", "x/$TMPDIR"), EXPANDED, "patterns are not expanded"],
  // Paths are matched resolved: a .. segment never matches.
  ["../x", rule("edit", "../x"), DOTDOT, 'a ".." segment'],
  ["a/../b", rule("find", "a/../b"), DOTDOT, 'a ".." segment'],
  // ./ is dropped only where a / follows: ./.env could be the root's .env or any.
  ["./.env", rule("read", "./.env"), DOT_NAME, 'a pattern starting with "./" never matches'],
  [".//secrets: a doubled slash", rule("grep", ".//secrets"), DOT_NAME, 'starting with "./"'],
  ["./**/: mended to **, still no / after the ./", rule("read", "./**/"), DOT_NAME, 'starting with "./"'],
  ["./ alone", rule("read", "./"), DOT_NAME, "the pattern names nothing"],
  // Empty and __proto__ keys, wherever a key is a name or a pattern.
  ["an empty path pattern", rule("read", ""), `${PATTERN}/minLength`, "a pattern cannot be empty"],
  ["__proto__ as a path pattern", rule("read", "__proto__"), `${PATTERN}/allOf/0/not`, '"__proto__" cannot be'],
  ["__proto__ as a command pattern", rule("bash", "__proto__"), `${COMMAND}/allOf/0/not`, '"__proto__" cannot be'],
  ["__proto__ as a surface", '{"permission": {"__proto__": "deny"}}', `${SURFACE}/allOf/0/not`, "not a surface name"],
  ["an empty surface name", '{"permission": {"": "deny"}}', `${SURFACE}/minLength`, "a surface name cannot be empty"],
  // Other tools' syntax, which the loader refuses as never taking effect (src/policy/config-lint.ts).
  ["gitignore's negation", rule("write", "!src/**"), `${PATTERN}/allOf/4/not`, 'a leading "!" is not a negation'],
  ["Claude Code's // absolute form", rule("external_directory", "//etc/**"), `${PATTERN}/allOf/5/not`,
    '"//" starts an absolute path'],
  ["a Claude Code rule as a path pattern", rule("read", "Read(./secrets/**)"), `${PATTERN}/allOf/6/not`,
    "Claude Code's rule syntax"],
  ["an unclosed brace", rule("read", "**/*.{env"), `${PATTERN}/allOf/7/not`, 'has an unmatched "{"'],
  ["a closing brace before any opening one", rule("read", "a}"), `${PATTERN}/allOf/7/not`, 'has an unmatched "}"'],
  ["an unclosed bracket", rule("read", "key[0-9"), `${PATTERN}/allOf/7/not`, 'has an unmatched "["'],
  ["Claude Code's :* prefix form", rule("bash", "git push:*", "ask"), `${COMMAND}/allOf/1/not`,
    "Claude Code's prefix form"],
  ["a Claude Code rule as a command pattern", rule("bash", "Bash(git push:*)", "ask"), `${COMMAND}/allOf/2/not`,
    "Claude Code's rule syntax"],
  ["opencode's catch-all surface", '{"permission": {"*": "ask"}}', `${SURFACE}/allOf/0/not`,
    "there is no catch-all surface"],
  ["Claude Code's tool name as a surface", '{"permission": {"Read": "deny"}}', `${SURFACE}/allOf/0/not`,
    'did you mean "read"?'],
  ["opencode's list tool as a surface", '{"permission": {"list": "ask"}}', `${SURFACE}/allOf/0/not`,
    'did you mean "ls"?'],
  ["a plural surface", '{"permission": {"reads": "deny"}}', `${SURFACE}/allOf/0/not`, 'did you mean "read"?'],
  // An extension tool is judged on * alone.
  ["an extension tool's pattern other than *", rule("mytool", "src/**"), EXTENSION, 'which match on "*" only'],
  ["a misspelt surface with path patterns", rule("reed", "*.env"), EXTENSION, '"reed" is not one of'],
  // Top-level keys, actions, reasons, roots.
  ["an unknown top-level key", '{"permissions": {"read": "allow"}}', "#/additionalProperties", "unknown key"],
  ["an unknown action", rule("read", "*.env", "block"), "#/$defs/action/enum", 'unknown action "block"'],
  ["RULE_DENY: decided by the rules", '{"reasons": {"RULE_DENY": "ask"}}', REASON_CODES, "decided by the rules"],
  ["an unknown reason code", '{"reasons": {"NOT_A_CODE": "ask"}}', REASON_CODES, "unknown reason code"],
  ["PARSE_ERROR: allow", '{"reasons": {"PARSE_ERROR": "allow"}}', "#/$defs/notAllow/enum", 'never "allow"'],
  ["an empty root", '{"roots": [""]}', "#/properties/roots/items/minLength", "expected a directory path"],
  // The scanner's section (src/policy/scan-config.ts).
  ["scan: not an object", '{"scan": ["vendor/**"]}', `${SCAN}/type`, "scan: expected an object with exclude, presets"],
  ["scan: an unknown key", '{"scan": {"excludes": []}}', `${SCAN}/additionalProperties`, "scan.excludes: unknown key"],
  ["scan.exclude: not an array", '{"scan": {"exclude": "vendor/**"}}', `${SCAN}/properties/exclude/type`,
    "scan.exclude: expected an array of path patterns"],
  ["an empty exclude", scanExclude(""), `${EXCLUDE}/minLength`, "scan.exclude[0]: expected a path pattern"],
  ["an exclude that is not a string", '{"scan": {"exclude": [1]}}', `${EXCLUDE}/type`, "expected a path pattern"],
  ["an absolute exclude", scanExclude("/vendor/**"), `${EXCLUDE}/allOf/0/not`, "an exclude is relative to the root"],
  ["an exclude from ~", scanExclude("~/x/**"), `${EXCLUDE}/allOf/0/not`, "an exclude is relative to the root"],
  ["a negated exclude", scanExclude("!vendor/keep.sh"), `${EXCLUDE}/allOf/1/not`, 'a leading "!" is not a negation'],
  ["an exclude with $NAME/", scanExclude("$VENDOR/**"), `${EXCLUDE}/allOf/2/not`, "patterns are not expanded"],
  ["an exclude with a .. segment", scanExclude("a/../b"), `${EXCLUDE}/allOf/3/not`, 'a ".." segment'],
  ["./vendor as an exclude", scanExclude("./vendor"), `${EXCLUDE}/allOf/4/not`, 'a pattern starting with "./"'],
  ["scan.presets: not an array", '{"scan": {"presets": "github-actions"}}', `${SCAN}/properties/presets/type`,
    "scan.presets: expected an array of preset names (github-actions)"],
  ["an unknown preset", '{"scan": {"presets": ["gitlab"]}}', `${SCAN}/properties/presets/items/enum`,
    'scan.presets[0]: unknown preset "gitlab" (expected one of: github-actions)'],
  ["UNUSED_SUPPRESSION: allow", '{"reasons": {"UNUSED_SUPPRESSION": "allow"}}', "#/$defs/notAllow/enum",
    "a scan suppression is broken or stale"],
];

describe("mistakes the loader refuses, the schema refuses too", () => {
  test.each(BAD)("%s", (_, text, keyword, message) => {
    expect(schemaErrors(text).map(failing)).toContain(keyword);
    expect(loaderError(text)).toContain(message);
  });
});

/** Near misses: spellings a rule above must not catch, accepted by both. */
const GOOD: readonly [what: string, text: string][] = [
  // $ is a literal character where it is no expansion, and in command text.
  ["~/x: the home directory as patterns write it", rule("read", "~/x")],
  ["$HOME.bak: a $NAME followed by neither / nor the end", rule("read", "$HOME.bak")],
  ["a $ in a bash pattern: command text is matched as written", rule("bash", "git push $REMOTE *", "ask")],
  // Dots that are no .. segment.
  ["..x", rule("read", "..x")],
  ["a/...", rule("read", "a/...")],
  // ./ with a / after it, and the directory spellings that are mended.
  ["./src/**: the ./ is dropped", rule("write", "./src/**", "allow")],
  ["./docs/: mended to docs/**", rule("write", "./docs/", "allow")],
  ["./a/**/: mended to a/**", rule("write", "./a/**/", "allow")],
  ["**/: mended to **", rule("ls", "**/", "allow")],
  [".: a plain name", rule("ls", ".", "allow")],
  // Extension tools and reasons as the loader takes them.
  ["an extension tool's *", rule("mytool", "*")],
  ["an extension tool's shorthand", '{"permission": {"mytool": "allow"}}'],
  ["PARSE_ERROR raised to deny", '{"reasons": {"PARSE_ERROR": "deny"}}'],
  ["SECRET_PATH lowered to allow", '{"reasons": {"SECRET_PATH": "allow"}}'],
  // Excludes as the loader mends or takes them.
  ["vendor/: mended to vendor/**", scanExclude("vendor/")],
  ["./vendor/**: the ./ is dropped", scanExclude("./vendor/**")],
  ["*.generated.sh: a name at any depth", scanExclude("*.generated.sh")],
  ["a $ that is no expansion", scanExclude("a$.sh")],
  ["the preset, and an empty section", '{"scan": {"presets": ["github-actions"]}}'],
  ["an empty scan section", '{"scan": {}}'],
  ["UNUSED_SUPPRESSION raised to deny", '{"reasons": {"UNUSED_SUPPRESSION": "deny"}}'],
];

describe("near misses both accept", () => {
  test.each(GOOD)("%s", (_, text) => {
    expect({ schema: show(schemaErrors(text)), loader: loaderError(text) }).toEqual({ schema: [], loader: null });
  });
});

// --- agreement on everything the loader decides ----------------------------------------------

/** Whether the schema accepts a text, and whether the loader does. */
function verdicts(text: string): { schema: boolean; loader: boolean } {
  return { schema: schemaErrors(text).length === 0, loader: loaderError(text) === null };
}

describe("the schema and the loader agree", () => {
  test("on the top-level keys", () => {
    const keys = Object.keys(schema.properties);
    expect(keys).toEqual(["$schema", "permission", "reasons", "contain", "roots", "scan"]);
    const minimal: Readonly<Record<string, unknown>> = { $schema: SCHEMA_REF, permission: {}, reasons: {},
      contain: false, roots: [], scan: {} };
    for (const k of keys) {
      expect([k, verdicts(JSON.stringify({ [k]: minimal[k] }))]).toEqual([k, { schema: true, loader: true }]);
    }
  });

  test("on which surfaces take path patterns, command patterns, or * alone", () => {
    const refs = schema.properties.permission.properties;
    expect(Object.keys(refs).sort()).toEqual([...SURFACES].sort());
    for (const s of SURFACES) {
      const expected = s === "bash" ? "#/$defs/commandRules" : "#/$defs/pathRules";
      expect([s, refs[s]!.$ref]).toEqual([s, expected]);
    }
    expect(PATH_SURFACES.every((s) => refs[s]!.$ref === "#/$defs/pathRules")).toBe(true);
  });

  test("on every reason code and action: the enum, and the codes that can never be allowed", () => {
    const schemaCodes = new Set(schema.properties.reasons.propertyNames.enum);
    const notAllow = new Set(
      Object.entries(schema.properties.reasons.properties).filter(([, v]) => v.$ref === "#/$defs/notAllow").map(([c]) =>
        c
      ),
    );
    // What the loader takes, asked code by code: a code it names at all, and one it refuses to allow.
    const loaderCodes = Object.keys(REASONS).filter((c) =>
      loaderError(JSON.stringify({ reasons: { [c]: "ask" } })) === null
    );
    const loaderNotAllow = loaderCodes.filter((c) =>
      loaderError(JSON.stringify({ reasons: { [c]: "allow" } })) !== null
    );
    expect([...schemaCodes].sort()).toEqual([...loaderCodes].sort());
    expect([...notAllow].sort()).toEqual([...loaderNotAllow].sort());
    // The codes the rules decide are the ones left out, and the description names them.
    expect(Object.keys(REASONS).filter((c) => !schemaCodes.has(c)).sort()).toEqual([...RULE_REASONS].sort());
    for (const c of RULE_REASONS) expect(schema.properties.reasons.description).toContain(c);
    // And cell by cell, every code (and one that is not) with every action (and one that is not).
    for (const code of [...Object.keys(REASONS), "NOT_A_CODE"]) {
      for (const action of ["allow", "ask", "deny", "block"]) {
        const text = JSON.stringify({ reasons: { [code]: action } });
        const v = verdicts(text);
        expect([text, v.schema]).toEqual([text, v.loader]);
      }
    }
  });

  // Patterns built from the pieces the rules turn on, so that most of them come near a rule.
  const pattern = fc.oneof(
    fc.array(fc.constantFrom(".", "./", "/", "..", "$", "${", "$(", "HOME", "_1", "*", "**", "~", "x", "}", "!", ":"), {
      maxLength: 6,
    }).map((parts) => parts.join("")),
    fc.constantFrom("__proto__", "*", "**"),
  );

  test("on generated path patterns, for every path surface", () => {
    fc.assert(fc.property(pattern, fc.constantFrom(...PATH_SURFACES, "external_directory"), (p, surface) => {
      const text = rule(surface, p);
      const v = verdicts(text);
      expect([text, v.schema]).toEqual([text, v.loader]);
    }), { seed: 42, numRuns: 3000, includeErrorInReport: true });
  });

  test("on generated scan excludes", () => {
    const start = fc.constantFrom("", "/", "~", "!", "./", ".//", "../");
    fc.assert(fc.property(start, pattern, (s, p) => {
      const text = scanExclude(s + p);
      const v = verdicts(text);
      expect([text, v.schema]).toEqual([text, v.loader]);
    }), { seed: 42, numRuns: 2000, includeErrorInReport: true });
  });

  test("on generated command patterns and extension tools' patterns", () => {
    fc.assert(fc.property(pattern, fc.constantFrom("bash", "mytool"), (p, surface) => {
      const text = rule(surface, p, "ask");
      const v = verdicts(text);
      expect([text, v.schema]).toEqual([text, v.loader]);
    }), { seed: 42, numRuns: 1000, includeErrorInReport: true });
  });
});
