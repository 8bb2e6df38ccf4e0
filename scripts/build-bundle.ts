// `npm run build:bundle`: the CLI as one CommonJS script, dist/bundle/shellfence.cjs, with
// web-tree-sitter's WASM beside it. bin/shellfence.js compiles it with node:vm so that V8's code
// cache can be kept beside it (src/start/code-cache.ts): Node.js 20 has no compile cache for
// ES modules, and compiling the bundle was a fifth of a one-shot hook call.
//
// The script is checked here, and the build fails rather than ship one that would load wrong:
// - `import.meta.url` (the bundle's own URL under ESM: the grammar, the WASM and the package
//   root are found from it) becomes a parameter the loader passes, `__shellfenceUrl`;
// - no dynamic `import()` is left: V8 drops a script's dynamic-import host options when the
//   script comes from the code cache, so web-tree-sitter's `import("module")` becomes a call of
//   `__shellfenceRequire`, the loader's require under a name nothing in the bundle declares;
// - the text is ASCII, so Node.js reads it as Latin-1 into a one-byte string (decoding 700 KB
//   of UTF-8 with a few non-ASCII characters in it took longer than hashing it): characters
//   outside ASCII, which minified output has only in string, template and regex literals, are
//   written as \u escapes, which mean the same there.

import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const out = join(root, "dist", "bundle");

const built = await Bun.build({
  entrypoints: [join(root, "src", "cli.ts")],
  target: "node",
  format: "cjs",
  minify: true,
  define: { "import.meta.url": "__shellfenceUrl" },
});
if (!built.success || built.outputs.length !== 1) {
  for (const m of built.logs) console.error(m);
  throw new Error("bundle: the build failed");
}
let text = await built.outputs[0]!.text();

/** Replaces every match of `re`, failing when the count is not what the sources hold. */
function rewrite(re: RegExp, to: string, expected: number, what: string): void {
  const n = text.match(re)?.length ?? 0;
  if (n !== expected) throw new Error(`bundle: expected ${expected} ${what}, found ${n}; look at the sources before changing this count`);
  text = text.replace(re, to);
}
// web-tree-sitter's loader: `await import("module")` (Parser.init) and `import("fs/promises")`
// (Language.load given a path, which the guard never does).
// (Not `require`: the code right after it declares a `var require` of its own.)
rewrite(/\bimport\("(module|fs\/promises)"\)/g, 'Promise.resolve(__shellfenceRequire("$1"))', 2, "dynamic imports of node built-ins");
// (A string that names `import()`, as the inline analyser's refusals do, is not a call.)
const left = text.match(/(?<!["'`])\bimport\s*\(/g)?.length ?? 0;
if (left !== 0) throw new Error(`bundle: ${left} dynamic import() left; the code cache would break them`);
if (text.includes("import.meta")) throw new Error("bundle: import.meta left in a CommonJS script");
// String.raw sees the \u escapes as written: its templates must be ASCII already.
for (const m of text.matchAll(/\bString\.raw`([^`]*)`/g)) {
  if (/[^\x00-\x7f]|\$\{/.test(m[1]!)) throw new Error(`bundle: String.raw with non-ASCII or \${} at ${m.index}; escape it in the source`);
}

let ascii = "";
for (let i = 0; i < text.length; i++) {
  const c = text.charCodeAt(i);
  if (c < 0x80) {
    ascii += text[i];
    continue;
  }
  // `\…` is an identity escape; the \u escape written for it would follow a backslash.
  if (text[i - 1] === "\\") throw new Error(`bundle: a backslash before a non-ASCII character at ${i}`);
  ascii += "\\u" + c.toString(16).padStart(4, "0");
}
text = ascii;

mkdirSync(out, { recursive: true });
// The ES module bundle of earlier builds, and a code cache of an earlier bundle.
for (const stale of ["shellfence.mjs", "shellfence.cjs.v8cache"]) rmSync(join(out, stale), { force: true });
writeFileSync(join(out, "shellfence.cjs"), text, "latin1");
copyFileSync(join(root, "node_modules", "web-tree-sitter", "web-tree-sitter.wasm"), join(out, "web-tree-sitter.wasm"));
console.log(`dist/bundle/shellfence.cjs: ${(text.length / 1024).toFixed(0)} KiB`);
