// The pinned tree-sitter-bash grammar: loaded once per process, refused if its bytes are not
// the ones we tested against.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Language, Parser } from "web-tree-sitter";

export const GRAMMAR = { package: "tree-sitter-bash", version: "0.25.1",
  sha256: "8292919c88a0f7d3fb31d0cd0253ca5a9531bc1ede82b0537f2c63dd8abe6a7a" } as const;

export class GrammarError extends Error {
  override readonly name = "GrammarError";
}

/** Where the grammar lives: beside the package root, whether we run from src/ or dist/. */
function defaultGrammarPath(): string {
  return fileURLToPath(new URL("../../grammar/tree-sitter-bash.wasm", import.meta.url));
}

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The WebAssembly global, which the build's type set (node) does not declare. */
const WasmApi =
  (globalThis as unknown as {
    WebAssembly: { compile: (bytes: Uint8Array) => Promise<Parameters<typeof Language.loadSync>[0]> };
  }).WebAssembly;

/** The grammar file as read by prefetchGrammar, and its compilation under way. */
let early: { readonly path: string; readonly bytes: Uint8Array;
  readonly module: Promise<Parameters<typeof Language.loadSync>[0]> } | null = null;

/**
 * Reads the default grammar and starts compiling it, off the main thread, so that the work
 * overlaps loading the rest of the checker (the CLI calls this first). Nothing of it runs:
 * loadParser compares the same bytes with the pinned hash before it instantiates the module.
 * A file that cannot be read is left for loadParser to report.
 */
export function prefetchGrammar(): void {
  if (early || shared || embedded) return;
  const path = defaultGrammarPath();
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch {
    return;
  }
  const module = WasmApi.compile(bytes);
  module.catch(() => undefined);
  early = { path, bytes, module };
}

let shared: Promise<Parser> | null = null;
let sharedPath: string | null = null;

/** WASM carried inside the single-file binary, which has no package directory to read. */
let embedded: { readonly grammar: Uint8Array; readonly runtime: Uint8Array } | null = null;

/**
 * For the compiled binary's entry: the bash grammar and web-tree-sitter's own runtime WASM,
 * used instead of reading grammar/ and node_modules/ from disk. Call before the first guard.
 */
export function useEmbeddedWasm(wasm: { readonly grammar: Uint8Array; readonly runtime: Uint8Array }): void {
  embedded = wasm;
}

/**
 * The process-wide parser. The grammar's bytes are hashed and compared with the pinned hash
 * before the grammar is loaded; a mismatch is an error, never a silent fallback.
 */
export function loadParser(path?: string, bytes?: Uint8Array): Promise<Parser> {
  const fromBinary = path === undefined && bytes === undefined ? embedded : null;
  const grammarPath = path ?? (fromBinary ? "(embedded)" : defaultGrammarPath());
  if (shared && sharedPath === grammarPath) return shared;
  const pre = bytes === undefined && !fromBinary && early?.path === grammarPath ? early : null;
  const p = (async () => {
    let wasm: Uint8Array;
    try {
      wasm = bytes ?? fromBinary?.grammar ?? pre?.bytes ?? readFileSync(grammarPath);
    } catch (e) {
      throw new GrammarError(`cannot read the bash grammar at ${grammarPath}: ${(e as Error).message}`);
    }
    const got = sha256(wasm);
    if (got !== GRAMMAR.sha256) {
      throw new GrammarError(
        `the bash grammar at ${grammarPath} has SHA-256 ${got}, expected ${GRAMMAR.sha256} (${GRAMMAR.package} ${GRAMMAR.version}); refusing to load it`,
      );
    }
    await Parser.init(embedded ? { wasmBinary: embedded.runtime } : undefined);
    // The prefetched module was compiled from the very bytes just hashed.
    const language = pre ? Language.loadSync(await pre.module) : await Language.load(wasm);
    const parser = new Parser();
    parser.setLanguage(language);
    return parser;
  })();
  shared = p;
  sharedPath = grammarPath;
  p.catch(() => {
    if (shared === p) {
      shared = null;
      sharedPath = null;
    }
  });
  return p;
}
