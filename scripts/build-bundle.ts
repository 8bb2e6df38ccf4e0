// `npm run build:bundle`: the CLI as one CommonJS script, dist/bundle/shellfence.cjs, with
// web-tree-sitter's WASM beside it, and dist/bundle/start.cjs, what bin/shellfence.js needs
// before it (src/start/entry.ts). The bin compiles the CLI with node:vm so that V8's code cache
// can be kept beside it (src/start/code-cache.ts): Node.js 20 has no compile cache for ES
// modules, and compiling the bundle was a fifth of a one-shot hook call.
//
// The CLI script is checked here, and the build fails rather than ship one that would load wrong:
// - `import.meta.url` (the bundle's own URL under ESM: the grammar, the WASM and the package
//   root are found from it) becomes a parameter the loader passes, `__shellfenceUrl`;
// - no dynamic `import()` is left: V8 drops a script's dynamic-import host options when the
//   script comes from the code cache, so web-tree-sitter's `import("module")` becomes a call of
//   `__shellfenceRequire`, the loader's require under a name nothing in the bundle declares;
// - the text is ASCII, so Node.js reads it as Latin-1 into a one-byte string (decoding 700 KB
//   of UTF-8 with a few non-ASCII characters in it took longer than hashing it): characters
//   outside ASCII, which minified output has only in string, template and regex literals, are
//   written as \u escapes, which mean the same there.
// - the command table's groups (src/commands/table/groups.ts) are required when first looked
//   up, not imported as the bundle starts, and the table's index, computed here from the same
//   sources (and so checked: a name twice is an error), is put in the bundle
//   (src/commands/table/built-index.ts), so that it knows the names without loading a group.
// - the build's id (src/base/build-id.ts), a hash of what the build reads, goes into both
//   scripts, as the CLI script's first line, and into dist/base/build-id.js (compiled by `tsc`
//   just before): src/server/protocol.ts runs the bundle only when the two name the same build.

import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BunPlugin } from "bun";
import { builtIndex } from "../src/commands/table/index.ts";

const root = new URL("..", import.meta.url).pathname;
const out = join(root, "dist", "bundle");

/**
 * groups.ts with each module required by the loaders that use it: `import { A, B } from "M"`
 * becomes `const m = () => require("M")`, and A, B in the loaders `m().A`, `m().B` (Bun bundles
 * a require of an ES module as a call of that module's initialiser, made when first reached).
 */
function lazyGroups(text: string): string {
  const IMPORT = /^import (type )?\{([^}]*)\} from "([^"]+)";\n/gm;
  const modules: string[] = [];
  const bindings = new Map<string, string>();
  let rest = text.replace(IMPORT, (line, typeOnly: string | undefined, names: string, from: string) => {
    if (typeOnly) return line;
    const values = names.split(",").map((n) => n.trim()).filter((n) => n !== "" && !n.startsWith("type "));
    const types = names.split(",").map((n) => n.trim()).filter((n) => n.startsWith("type "));
    const m = `__tableModule${modules.length}`;
    modules.push(`const ${m} = () => require(${JSON.stringify(from)});\n`);
    for (const v of values) {
      if (!/^[A-Za-z_$][\w$]*$/.test(v)) {
        throw new Error(`bundle: groups.ts imports ${v} from ${from}; only plain named bindings can be made lazy`);
      }
      bindings.set(v, `${m}().${v}`);
    }
    return types.length > 0 ? `import { ${types.join(", ")} } from ${JSON.stringify(from)};\n` : "";
  });
  if (/^\s*import (?!type \{)/m.test(rest)) {
    throw new Error("bundle: groups.ts has an import the build does not make lazy");
  }
  const start = rest.indexOf("export const GROUPS = {");
  const end = rest.indexOf("} satisfies", start);
  if (start < 0 || end < 0) throw new Error("bundle: groups.ts has no `export const GROUPS = { … } satisfies …`");
  const used = new Set<string>();
  // Bindings outside string literals (a group's key, a command's name) are the modules' exports.
  const body = rest.slice(start, end).split(/("[^"\n]*")/).map((part, i) =>
    i % 2 === 1 ? part : part.replace(/(?<![\w$.])[A-Za-z_$][\w$]*(?![\w$])/g, (id) => {
      const to = bindings.get(id);
      if (to === undefined) return id;
      used.add(id);
      return to;
    })
  ).join("");
  const unused = [...bindings.keys()].filter((b) => !used.has(b));
  if (unused.length > 0) throw new Error(`bundle: groups.ts imports ${unused.join(", ")} and no loader uses them`);
  const outside = rest.slice(0, start) + rest.slice(end);
  for (const b of bindings.keys()) {
    if (new RegExp(`(?<![\\w$."])${b.replace(/\$/g, "\\$")}(?![\\w$"])`).test(outside)) {
      throw new Error(`bundle: groups.ts uses ${b} outside GROUPS`);
    }
  }
  rest = rest.slice(0, start) + body + rest.slice(end);
  return modules.join("") + rest;
}

/**
 * The build's id: what both outputs are made from (src/, the package's manifest and lock file,
 * the compiler settings, this script) and the tools' versions, hashed. The same sources give the
 * same id, so a reinstall of one build keeps its resident server; any change names a new one.
 */
function buildId(): string {
  const h = createHash("sha256").update(`bun ${Bun.version}\0`);
  const add = (path: string) => h.update(`${path}\0`).update(readFileSync(join(root, path))).update("\0");
  const walk = (dir: string) => {
    const entries = readdirSync(join(root, dir), { withFileTypes: true });
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (e.isDirectory()) walk(`${dir}/${e.name}`);
      else if (e.isFile()) add(`${dir}/${e.name}`);
    }
  };
  const inputs = ["package.json", "package-lock.json", "tsconfig.json", "tsconfig.build.json"];
  inputs.push("scripts/build-bundle.ts");
  for (const f of [...inputs, "node_modules/typescript/package.json"]) if (existsSync(join(root, f))) add(f);
  walk("src");
  return h.digest("hex").slice(0, 16);
}

const id = buildId();
const ID_NULL = "export const BUILD_ID: string | null = null;";

/** The table's groups required when first used, and its index computed here (see the top). */
const tablePlugin: BunPlugin = { name: "shellfence-table",
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]base[\\/]build-id\.ts$/ }, async (args) => {
      const text = await Bun.file(args.path).text();
      if (!text.includes(ID_NULL)) throw new Error(`bundle: build-id.ts has no \`${ID_NULL}\``);
      const contents = text.replace(ID_NULL, `export const BUILD_ID: string | null = ${JSON.stringify(id)};`);
      return { contents, loader: "ts" };
    });
    b.onLoad({ filter: /[\\/]src[\\/]commands[\\/]table[\\/]groups\.ts$/ },
      async (args) => ({ contents: lazyGroups(await Bun.file(args.path).text()), loader: "ts" }));
    b.onLoad({ filter: /[\\/]src[\\/]commands[\\/]table[\\/]built-index\.ts$/ }, async (args) => {
      const text = await Bun.file(args.path).text();
      const NULL = "export const BUILT_INDEX: BuiltIndex | null = null;";
      if (!text.includes(NULL)) throw new Error(`bundle: built-index.ts has no \`${NULL}\``);
      return {
        contents: text.replace(NULL,
          `export const BUILT_INDEX: BuiltIndex | null = JSON.parse(${JSON.stringify(JSON.stringify(builtIndex()))});`),
        loader: "ts",
      };
    });
  } };

/**
 * jsonc-parser's `main` is a UMD module whose factory takes `require` as an argument, so a
 * bundler cannot see its `./impl/*` requires and the bundle fails at run time; its ESM build
 * (`module`) bundles as plain imports.
 */
const jsoncPlugin: BunPlugin = { name: "jsonc-parser-esm", setup(b) {
  b.onResolve({ filter: /^jsonc-parser$/ }, () => ({ path: Bun.resolveSync("jsonc-parser/lib/esm/main.js", root) }));
} };

async function build(entry: string): Promise<string> {
  const built = await Bun.build({ entrypoints: [join(root, entry)], target: "node", format: "cjs", minify: true,
    define: { "import.meta.url": "__shellfenceUrl" }, plugins: [tablePlugin, jsoncPlugin] });
  if (!built.success || built.outputs.length !== 1) {
    for (const m of built.logs) console.error(m);
    throw new Error(`bundle: the build of ${entry} failed`);
  }
  return built.outputs[0]!.text();
}

/** Replaces every match of `re`, failing when the count is not what the sources hold. */
function rewrite(text: string, re: RegExp, to: string, expected: number, what: string): string {
  const n = text.match(re)?.length ?? 0;
  if (n !== expected) {
    throw new Error(`bundle: expected ${expected} ${what}, found ${n}; look at the sources before changing this count`);
  }
  return text.replace(re, to);
}

/** The same program in ASCII: \u escapes for the rest, in the literals that hold them. */
function ascii(text: string): string {
  // String.raw sees the \u escapes as written: its templates must be ASCII already.
  for (const m of text.matchAll(/\bString\.raw`([^`]*)`/g)) {
    if (/[^\x00-\x7f]|\$\{/.test(m[1]!)) {
      throw new Error(`bundle: String.raw with non-ASCII or \${} at ${m.index}; escape it in the source`);
    }
  }
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      out += text[i];
      continue;
    }
    // `\…` is an identity escape; the \u escape written for it would follow a backslash.
    if (text[i - 1] === "\\") throw new Error(`bundle: a backslash before a non-ASCII character at ${i}`);
    out += "\\u" + c.toString(16).padStart(4, "0");
  }
  return out;
}

let cli = await build("src/cli/main.ts");
// web-tree-sitter's loader: `await import("module")` (Parser.init) and `import("fs/promises")`
// (Language.load given a path, which the guard never does). (Not `require`: the code right
// after it declares a `var require` of its own.)
cli = rewrite(cli, /\bimport\("(module|fs\/promises)"\)/g, 'Promise.resolve(__shellfenceRequire("$1"))', 2,
  "dynamic imports of node built-ins");
// A file's URL made at run time (doctor loading a host's plugin): the loader's own import().
cli = rewrite(cli, /\bimport\((?=[A-Za-z_$][\w$.]*\()/g, "__shellfenceImport(", 1, "dynamic imports of a file's URL");
// (A string that names `import()`, as the inline analyser's refusals do, is not a call.)
const left = cli.match(/(?<!["'`])\bimport\s*\(/g)?.length ?? 0;
if (left !== 0) throw new Error(`bundle: ${left} dynamic import() left; the code cache would break them`);
if (cli.includes("import.meta")) throw new Error("bundle: import.meta left in a CommonJS script");
cli = ascii(`// shellfence build ${id}\n${cli}`);

// Required as it is, so it says its own URL; its dynamic import (of a code file that is not the
// bundle) runs under Node.js's own loader, not from a code cache.
let start = await build("src/start/entry.ts");
if (start.includes("import.meta")) throw new Error("bundle: import.meta left in start.cjs");
start = ascii(`var __shellfenceUrl = require("node:url").pathToFileURL(__filename).href;\n${start}`);

mkdirSync(out, { recursive: true });
// The ES module bundle of earlier builds, and code caches of an earlier bundle.
for (const stale of ["shellfence.mjs", ...(await Array.fromAsync(new Bun.Glob("*.v8cache").scan(out)))]) {
  rmSync(join(out, stale), { force: true });
}
writeFileSync(join(out, "shellfence.cjs"), cli, "latin1");
// The compiled modules name the same build (`tsc` wrote the sources' null just before).
const compiledId = join(root, "dist", "base", "build-id.js");
const COMPILED_ID = /^export const BUILD_ID = (null|"[0-9a-f]{16}");$/m;
const compiled = readFileSync(compiledId, "utf8");
if (!COMPILED_ID.test(compiled)) throw new Error("bundle: dist/base/build-id.js has no BUILD_ID line (run tsc first)");
writeFileSync(compiledId, compiled.replace(COMPILED_ID, `export const BUILD_ID = ${JSON.stringify(id)};`));
writeFileSync(join(out, "start.cjs"), start, "latin1");
copyFileSync(join(root, "node_modules", "web-tree-sitter", "web-tree-sitter.wasm"), join(out, "web-tree-sitter.wasm"));
const size = (text: string, digits: number) => `${(text.length / 1024).toFixed(digits)} KiB`;
console.log(`dist/bundle/shellfence.cjs: ${size(cli, 0)}, start.cjs: ${size(start, 1)}, build ${id}`);
