// Loads the bundled CLI (dist/bundle/shellfence.cjs) under Node.js with V8's code cache kept
// beside it, so that a one-shot hook call does not compile 700 KB of script on every start
// (Node.js 20 has no compile cache of its own; 22's covers ES modules, not node:vm scripts).
//
// The cache is V8 bytecode and V8 runs it without checking it against the source beyond its
// length, so it is trusted exactly as far as the bundle is: it lives in the bundle's directory
// (in an installed package that is node_modules/shellfence/, one of the guard's own files,
// src/policy/protect.ts), it is written only by this loader, under a temporary name renamed into
// place, and it is used only when its header names the SHA-256 of the very bytes being run and
// the runtime that made it. V8 itself refuses a cache of another V8 version or flag set
// (`cachedDataRejected`); either way the script is compiled from source and the cache rewritten.
// A directory that cannot be written (a read-only install) means no cache, not an error.

import { createHash } from "node:crypto";
import { isAscii } from "node:buffer";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import { Script } from "node:vm";

/** The header: this many bytes of SHA-256 over the script's bytes and the runtime. */
const KEY_BYTES = 32;

export interface LoadedScript {
  readonly exports: unknown;
  /** Whether V8 took the compiled code from the cache. */
  readonly fromCache: boolean;
  /** Writes the cache when it was not used (call once the work is done: it then holds the functions that ran). */
  readonly save: () => void;
}

/**
 * The CLI module in a code file (protocol.ts `codeFile`): the bundle through the code cache,
 * compiled modules and TypeScript sources by import.
 */
export async function loadCodeFile(file: string,
  variant: string): Promise<Pick<LoadedScript, "exports" | "fromCache" | "save">>
{
  if (file.endsWith(".cjs")) return loadScript(file, variant);
  return { exports: (await import(pathToFileURL(file).href)) as unknown, fromCache: false, save: () => undefined };
}

/**
 * Where a script's cache lives. V8 refuses a cache made under other flags, so each flag set has
 * its own file: `variant` names the flags the caller sets (`liftoff`), and node's own options
 * (its command line and NODE_OPTIONS) add a hash, or two callers would rewrite each other's.
 */
export function cachePath(file: string, variant: string): string {
  const options = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].join("\0");
  const tag = options === "" ? "" : `-${createHash("sha256").update(options).digest("hex").slice(0, 12)}`;
  return `${file}.${variant}${tag}.v8cache`;
}

/**
 * Runs a CommonJS script as Node.js would require it, plus two parameters the bundle's build
 * puts in (scripts/build-bundle.ts): `__shellfenceUrl`, the script's URL, where its sources said
 * `import.meta.url`, and `__shellfenceRequire`, where they imported a node built-in dynamically.
 */
export function loadScript(file: string, variant: string): LoadedScript {
  const bytes = readFileSync(file);
  const key = createHash("sha256").update(bytes).update(`\0${process.version}\0${process.arch}\0${variant}`).digest();
  const cacheFile = cachePath(file, variant);
  let cached: Buffer | undefined;
  try {
    const c = readFileSync(cacheFile);
    if (c.length > KEY_BYTES && key.equals(c.subarray(0, KEY_BYTES))) cached = c.subarray(KEY_BYTES);
  } catch {
    cached = undefined;
  }
  // One byte per character when the script is ASCII (as the build makes it): no UTF-8 decoding.
  const source = isAscii(bytes) ? bytes.toString("latin1") : bytes.toString("utf8");
  const script = new Script(
    `(function (exports, require, module, __filename, __dirname, __shellfenceUrl, __shellfenceRequire, __shellfenceImport) {${source}\n})`,
    { filename: file, ...(cached ? { cachedData: cached } : {}) },
  );
  const fromCache = cached !== undefined && script.cachedDataRejected === false;
  const module = { exports: {} as unknown };
  const wrapper = script.runInThisContext() as (...a: unknown[]) => void;
  const require = createRequire(file);
  // A script run through node:vm cannot import() on Node 20; this module, a file of its own, can
  // (doctor loads a host's plugin file to probe it).
  wrapper.call(module.exports, module.exports, require, module, file, dirname(file), pathToFileURL(file).href, require,
    (url: string) => import(url));
  let saved = fromCache;
  return { exports: module.exports, fromCache,
    save() {
      if (saved) return;
      saved = true;
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      try {
        writeFileSync(tmp, Buffer.concat([key, script.createCachedData()]), { mode: 0o644, flag: "wx" });
        renameSync(tmp, cacheFile);
      } catch {
        try {
          rmSync(tmp, { force: true });
        } catch {
          // Nothing was written, or it cannot be removed either: the cache is only ever read under its own name.
        }
      }
    } };
}
