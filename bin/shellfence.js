#!/usr/bin/env node
// Entry point for `npx shellfence`: runs the compiled CLI under Node.js (dist/ is built by
// `npm install`'s prepare step), or the TypeScript sources directly under Bun.
const entry = typeof Bun !== "undefined" ? "../src/run.ts" : "../dist/run.js";
import(entry).catch((e) => {
  process.stderr.write(`shellfence: cannot start: ${e && e.message ? e.message : e}\n`);
  process.exit(2);
});
