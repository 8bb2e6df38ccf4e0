#!/usr/bin/env node
// Entry point for `node_modules/.bin/shellfence` and `npx shellfence`. Under Node.js it runs the
// bundled CLI (dist/bundle/shellfence.cjs, with V8's code cache beside it) when the bundle and
// the compiled modules name the same build, else dist/cli/main.js (codeFile in
// src/server/protocol.ts decides, by build identity: an installed tarball's files have
// modification times in npm's extraction order); under Bun the TypeScript sources. `hook` calls
// go to the resident checker through a small client (src/start/client.ts) that loads nothing
// else, and check here when it cannot answer; SHELLFENCE_RESIDENT=0 turns that off (=1 turns it
// on where it is not on by default: under Bun, or without the bundle). SHELLFENCE_RESIDENT_DEBUG=1
// says on stderr which path and which code answered.
//
// It is CommonJS (bin/package.json): an ES module entry costs Node.js its module loader before
// the first line runs. With the bundle built it requires dist/bundle/start.cjs, and the only ES
// modules it imports are those of the checker when the bundle is not its build.
"use strict";
const nodeModule = require("node:module");
const { existsSync } = require("node:fs");
const { join, sep } = require("node:path");

const bun = typeof Bun !== "undefined";
const argv = process.argv.slice(2);
const resident = process.env.SHELLFENCE_RESIDENT;
const debug = process.env.SHELLFENCE_RESIDENT_DEBUG === "1";

function fail(e) {
  process.stderr.write(`shellfence: cannot start: ${e && e.message ? e.message : e}\n`);
  process.exit(2);
}

/**
 * A copy without dist/: npm builds it with the package's `prepare` script, which a git install,
 * a clone or npx's copy of either skips when npm's ignore-scripts is set. Say so, not a missing
 * module; in npx's cache the broken copy stays until its folder is deleted.
 */
function notBuilt(root) {
  const at = root.lastIndexOf(`${sep}_npx${sep}`);
  const npx = at < 0 ? "" : root.slice(0, root.indexOf(sep, at + 6));
  process.stderr.write(
    `shellfence: cannot start: ${root} is not built (no dist/). npm builds it with the package's prepare script, ` +
      "which did not run: npm's ignore-scripts is probably set. " +
      (npx
        ? `npx keeps this copy in its cache: delete ${npx}, then install the packed tarball instead ` +
          '(README.md, "Install").\n'
        : `In ${root}, run \`npm rebuild bun --ignore-scripts=false && npm run build\` (the build runs Bun, whose ` +
          "own install script was skipped too), or install the packed tarball, which is built " +
          '(README.md, "Install").\n'),
  );
  process.exit(2);
}

// Node.js 22.1+ keeps the compiled code of the modules it loads on disk for the next start.
nodeModule.enableCompileCache?.();

/** src/start/entry.ts: the bundled copy when the bundle is the build that answers (its codeFile says). */
function start() {
  if (bun) return import("../src/start/entry.ts");
  const root = join(__dirname, "..");
  try {
    const bundled = require(join(root, "dist", "bundle", "start.cjs"));
    if (bundled.codeFile().endsWith(".cjs")) return Promise.resolve(bundled);
  } catch {
    // No bundle: the compiled modules answer.
  }
  if (!existsSync(join(root, "dist", "start", "entry.js"))) notBuilt(root);
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
  if (debug) {
    const how = loaded.fromCache ? "from the code cache" : "compiled (no usable code cache)";
    process.stderr.write(`shellfence: ${file}, ${how}\n`);
  }
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
