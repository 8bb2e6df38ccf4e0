// Process entry: run the CLI with the real stdin/stdout and exit with its status.

import { main, processIo } from "./main.ts";

main(process.argv.slice(2), processIo()).then((code) => {
  process.exitCode = code;
}, (e: unknown) => {
  process.stderr.write(`shellfence: internal error: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
  process.exitCode = 2;
});
