// What bin/shellfence.js needs before it knows which path a call takes: which code answers,
// whether the resident checker is on by default, the hook client, and the loader of the
// checker's code. The build also bundles this into dist/bundle/start.cjs
// (scripts/build-bundle.ts), which the bin requires as CommonJS, so that neither path starts
// Node.js's ES module loader (about a tenth of a bare Node.js start) for these small modules.
// The client and the loader are imported when used: the client path loads no node:crypto, the
// one-shot path no node:net client.

import type { LoadedScript } from "./code-cache.ts";

export { codeFile, residentByDefault } from "../server/protocol.ts";

export async function runHookClient(argv: readonly string[]): Promise<void> {
  return (await import("./client.ts")).runHookClient(argv);
}

export async function loadCodeFile(file: string,
  variant: string): Promise<Pick<LoadedScript, "exports" | "fromCache" | "save">>
{
  return (await import("./code-cache.ts")).loadCodeFile(file, variant);
}
