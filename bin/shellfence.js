#!/usr/bin/env node
// Entry point for `node_modules/.bin/shellfence` and `npx shellfence`. Under Node.js it runs the
// bundled CLI (dist/bundle/shellfence.cjs, built by `npm install`'s prepare step, with V8's code
// cache beside it; dist/cli/main.js when the bundle is missing or older), under Bun the TypeScript
// sources. `hook` calls go to
// the resident checker through a small client (src/start/client.ts) that loads nothing else,
// and check here when it cannot answer; SHELLFENCE_RESIDENT=0 turns that off (=1 turns it on
// where it is not on by default: under Bun, or without the bundle).
//
// It is CommonJS (bin/package.json): an ES module entry costs Node.js its module loader before
// the first line runs. With the bundle built it requires dist/bundle/start.cjs, and the only ES
// modules it imports are those of the checker when the bundle is not there.
"use strict";
const nodeModule = require("node:module");
const { statSync } = require("node:fs");
const { join } = require("node:path");

const bun = typeof Bun !== "undefined";
const argv = process.argv.slice(2);
const resident = process.env.SHELLFENCE_RESIDENT;

function fail(e) {
  process.stderr.write(`shellfence: cannot start: ${e && e.message ? e.message : e}\n`);
  process.exit(2);
}

// Node.js 22.1+ keeps the compiled code of the modules it loads on disk for the next start.
nodeModule.enableCompileCache?.();

/** src/start/entry.ts: bundled when the bundle is built and not older than the compiled modules. */
function start() {
  if (bun) return import("../src/start/entry.ts");
  const dist = join(__dirname, "..", "dist");
  try {
    const bundled = join(dist, "bundle", "start.cjs");
    if (statSync(bundled).mtimeMs >= statSync(join(dist, "cli", "main.js")).mtimeMs) return Promise.resolve(require(bundled));
  } catch {
    // Not built, or only one of the two: the compiled modules say which code answers.
  }
  return import("../dist/start/entry.js");
}

start().then(async ({ codeFile, residentByDefault, runHookClient, loadCodeFile }) => {
  const file = codeFile();
  // Only a call to judge: usage and help are printed here, without waiting for stdin.
  const call = argv[0] === "hook" && argv[1] === "claude-code" && !argv.includes("-h") && !argv.includes("--help");
  if (call && resident !== "0" && (resident === "1" || residentByDefault(file))) {
    return runHookClient(argv);
  }
  if (!bun && argv[0] !== "serve") {
    // V8 keeps a process alive until its optimising compiler is done with the grammar's WASM,
    // about 1.3 s after the answer is printed; a one-shot CLI never runs that code, so it stays
    // on the baseline compiler, which parses no slower here. The resident server is long-lived
    // and keeps the optimising compiler.
    require("node:v8").setFlagsFromString("--liftoff-only");
  }
  // The bundle comes with V8's code cache beside it (src/start/code-cache.ts); the server runs
  // without --liftoff-only, so its compiled code is kept apart.
  const loaded = await loadCodeFile(file, argv[0] === "serve" ? "default" : "liftoff");
  const cli = loaded.exports;
  return cli.main(argv, cli.processIo()).then(
    (code) => {
      process.exitCode = code;
      loaded.save();
    },
    (e) => {
      process.stderr.write(`shellfence: internal error: ${e && e.stack ? e.stack : e}\n`);
      process.exitCode = 2;
    },
  );
}, fail);
