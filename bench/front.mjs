// The bare front end for the batch figures: parse each command of a corpus and copy its tree
// out of WebAssembly (what every check starts with), in one process, under whichever runtime
// runs this file. bench/run.ts divides `check --jsonl`'s commands/s by this figure, in the same
// runtime. Plain JavaScript so that Node.js runs it on the compiled modules (dist/) and Bun on
// the sources.
//
//   node bench/front.mjs ROOT CORPUS [LIMIT]     (ROOT/dist must be built)
//   bun bench/front.mjs ROOT CORPUS [LIMIT]

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [root, corpus, limit] = process.argv.slice(2);
const bun = typeof Bun !== "undefined";
const mod = (p) => import(pathToFileURL(join(root, bun ? "src" : "dist", `${p}${bun ? ".ts" : ".js"}`)).href);
const { loadParser } = await mod("parse/grammar");
const { copyTree } = await mod("parse/tree");
const parser = await loadParser();
const lines = readFileSync(corpus, "utf8").split("\n").filter((l) => l.trim() !== "").slice(0, Number(limit ?? Infinity));
const front = (l) => {
  const tree = parser.parse(l);
  if (!tree) return;
  copyTree(tree, l);
  tree.delete();
};
for (const l of lines.slice(0, 500)) front(l);
const t0 = performance.now();
for (const l of lines) front(l);
const s = (performance.now() - t0) / 1000;
console.log(JSON.stringify({ commands: lines.length, perSecond: lines.length / s }));
