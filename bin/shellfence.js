#!/usr/bin/env node
// Entry point for `npx shellfence`: runs the compiled CLI under Node.js (dist/ is built by
// `npm install`'s prepare step), or the TypeScript sources directly under Bun.
if (typeof Bun === "undefined") {
  // V8 keeps a process alive until its optimising compiler is done with the grammar's WASM,
  // about 1.3 s after the answer is printed; a one-shot CLI never runs that code, so it stays
  // on the baseline compiler, which parses no slower here.
  const { setFlagsFromString } = await import("node:v8");
  setFlagsFromString("--liftoff-only");
}
const entry = typeof Bun !== "undefined" ? "../src/run.ts" : "../dist/run.js";
import(entry).catch((e) => {
  process.stderr.write(`shellfence: cannot start: ${e && e.message ? e.message : e}\n`);
  process.exit(2);
});
