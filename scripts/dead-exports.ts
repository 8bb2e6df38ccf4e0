// `bun run scripts/dead-exports.ts`: the exports of src/ modules that nothing else imports — no
// other module of src/, no test, no script, no benchmark. The public surface is exempt: every
// export of src/index.ts, of the modules package.json's `exports` (and `pi.extensions`) name,
// and of those bin/shellfence.js loads. An export only its own module uses should lose its `export`; one nothing uses, go.
// test/dead-exports.test.ts fails on any.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { moduleGraph } from "./module-graph.ts";

/** The directories whose modules may import from src/. */
const IMPORTERS = ["src", "test", "scripts", "bench"];

// `export function f`, `export const X`, `export default …`, `export { a, b as c }` (with or
// without `from`), at the start of a line.
const DECLARATION =
  /^export\s+(?:declare\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;
const DEFAULT = /^export\s+default\b/m;
const LIST = /^export\s+(?:type\s+)?\{([^}]*)\}/gm;

/** The names a module exports. */
export function exportedNames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(DECLARATION)) names.add(m[1]!);
  if (DEFAULT.test(text)) names.add("default");
  for (const m of text.matchAll(LIST)) {
    for (const item of m[1]!.split(",")) {
      const parts = item.trim().replace(/^type\s+/, "").split(/\s+as\s+/);
      const name = (parts[1] ?? parts[0]!).trim();
      if (name !== "") names.add(name);
    }
  }
  return [...names];
}

/**
 * Modules bin/shellfence.js loads by a path it computes (`../src/` or `../dist/`, by runtime: the
 * start entry, which imports the client when used; the CLI through src/server/protocol.ts's
 * codeFile), so no import names them; test/dead-exports.test.ts
 * checks that each is still named there.
 */
export const BIN_ENTRIES = ["src/cli/main.ts", "src/start/client.ts", "src/start/entry.ts"];

/** The src/ modules whose every export is public: src/index.ts, package.json's entry points, and what bin/ loads. */
export function publicModules(root: string): string[] {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { exports?: unknown;
    pi?: { extensions?: unknown } };
  const out = new Set<string>(["src/index.ts", ...BIN_ENTRIES]);
  const visit = (v: unknown) => {
    if (typeof v === "string") {
      // A condition names the source (bun) or its build: dist/x.js is built from src/x.ts.
      const path = v.replace(/^\.\//, "");
      if (path.startsWith("src/") && path.endsWith(".ts")) out.add(path);
      else if (path.startsWith("dist/") && /\.(js|d\.ts)$/.test(path)) {
        out.add(path.replace(/^dist\//, "src/").replace(/\.(js|d\.ts)$/, ".ts"));
      }
    } else if (Array.isArray(v)) v.forEach(visit);
    else if (typeof v === "object" && v !== null) Object.values(v).forEach(visit);
  };
  visit(pkg.exports);
  visit(pkg.pi?.extensions);
  return [...out].sort();
}

/** `file: name` for every export of src/ that nothing imports, sorted; and what could not be read. */
export function deadExports(root: string): { dead: string[]; errors: readonly string[] } {
  const graph = moduleGraph(root, IMPORTERS);
  const exempt = new Set(publicModules(root));
  const used = new Map<string, Set<string>>();
  for (const i of graph.imports) {
    if (i.from === i.to) continue;
    const names = used.get(i.to) ?? new Set<string>();
    for (const n of i.names) names.add(n);
    used.set(i.to, names);
  }
  const dead: string[] = [];
  for (const file of graph.files) {
    if (!file.startsWith("src/") || exempt.has(file)) continue;
    const names = used.get(file) ?? new Set<string>();
    if (names.has("*")) continue;
    for (const name of exportedNames(readFileSync(join(root, file), "utf8"))) {
      if (!names.has(name)) dead.push(`${file}: ${name}`);
    }
  }
  return { dead: dead.sort(), errors: graph.errors };
}

if (import.meta.main) {
  const { dead, errors } = deadExports(join(import.meta.dir, ".."));
  for (const e of errors) console.error(`cannot read: ${e}`);
  for (const d of dead) console.log(d);
  console.error(`${dead.length} dead export(s)`);
  process.exitCode = dead.length > 0 || errors.length > 0 ? 1 : 0;
}
