// `npm run golden`: rewrites the golden verdict files (test/golden/, docs/testing.md "Golden
// verdicts") by running the test files that have them with SHELLFENCE_GOLDEN=write, and removes
// the golden files no test file writes any more. `npm run golden -- test/core.test.ts …` rewrites
// only those files' golden files (and removes none).
//
// The tests still run, and their own failures still fail the run: a golden file records what the
// code does, and is no reason to accept a case that fails its expectations.

import { rmSync } from "node:fs";
import { relative, resolve } from "node:path";
import { goldenFiles, goldenPath, goldenTestFiles, REPO_DIR } from "../test/support/golden-files.ts";

const given = process.argv.slice(2).map((f) => resolve(f));
const all = goldenTestFiles();
const files = given.length ? given : all;
const unknown = files.filter((f) => !all.includes(f));
if (unknown.length) {
  console.error(`golden: these files have no golden verdicts: ${unknown.map((f) => relative(REPO_DIR, f)).join(", ")}`);
  process.exit(2);
}

const started = performance.now();
const args = ["test", "--timeout", "60000", ...files.map((f) => relative(REPO_DIR, f))];
const run = Bun.spawnSync([process.execPath, ...args], { cwd: REPO_DIR,
  env: { ...process.env, SHELLFENCE_GOLDEN: "write" }, stdout: "inherit", stderr: "inherit" });

if (!given.length) {
  const wanted = new Set(all.map(goldenPath));
  for (const g of goldenFiles()) {
    if (wanted.has(g)) continue;
    rmSync(g);
    console.log(`golden: removed ${relative(REPO_DIR, g)}, which no test file writes`);
  }
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`golden: ${files.length} test files run in ${seconds} s; review with \`git diff --stat test/golden/\``);
process.exit(run.exitCode ?? 1);
