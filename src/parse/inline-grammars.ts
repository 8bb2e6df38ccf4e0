// The pinned grammars for inline code (`python3 -c`, `node -e`, `perl -e`): tree-sitter-python,
// tree-sitter-javascript and tree-sitter-perl (grammar/*.json say where each came from), hashed
// and compared with the pins before they are loaded, like the bash grammar (grammar.ts). Each is
// loaded once per process, when the first program in its language is analysed; where its file
// is not there, there is no parser and inline code is INLINE_CODE.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Language, Parser } from "web-tree-sitter";
import { GrammarError, sha256 } from "./grammar.ts";

export type InlineLanguage = "python" | "javascript" | "perl";

const INLINE_GRAMMARS: Readonly<
  Record<InlineLanguage, { readonly package: string; readonly version: string; readonly sha256: string }>
> = {
  python: { package: "tree-sitter-python", version: "0.25.0",
    sha256: "16108b50df4ee9a30168794252ab55e7c93bfc5765d7fa0aa3e335752c515f47" },
  javascript: { package: "tree-sitter-javascript", version: "0.25.0",
    sha256: "5fb488d0cabb4775a594bab85682de5ad6ce83c0d6ac997a9f82dd084d571240" },
  // ganezdragon's grammar as @cursorless/tree-sitter-wasms 0.7.0 ships it built (ABI 14).
  perl: { package: "tree-sitter-perl", version: "ganezdragon@8d48b29",
    sha256: "88e1c9367bd4ac1928de72590947940566b67bd290f27c25bc759847ede62299" },
};

/** Each language's parser once it was asked for; null where its grammar file is not there. */
const parsers = new Map<InlineLanguage, Parser | null>();

/** The WebAssembly global, which the build's type set (node) does not declare. */
const WasmModule =
  (globalThis as unknown as {
    WebAssembly: { Module: new(bytes: Uint8Array) => Parameters<typeof Language.loadSync>[0] };
  }).WebAssembly.Module;

/** The grammars carried inside the single-file binary (scripts/binary-entry.ts). */
let embedded: Partial<Record<InlineLanguage, Uint8Array>> = {};

export function useEmbeddedInlineWasm(wasm: Partial<Record<InlineLanguage, Uint8Array>>): void {
  embedded = wasm;
}

function grammarPath(lang: InlineLanguage): string {
  return fileURLToPath(new URL(`../../grammar/${INLINE_GRAMMARS[lang].package}.wasm`, import.meta.url));
}

/**
 * The parser of a language, loaded the first time a program in it is analysed (most checks
 * have none, and compiling both grammars was a tenth of a one-shot run's start), or null when
 * its grammar file is not there. A file whose hash differs from the pin is an error, raised at
 * every use (the check that meets it fails closed with INTERNAL_ERROR). Needs web-tree-sitter
 * initialised, which the bash parser does (grammar.ts `loadParser`) before any guard exists.
 */
export function inlineParser(lang: InlineLanguage): Parser | null {
  const known = parsers.get(lang);
  if (known !== undefined) return known;
  const path = grammarPath(lang);
  let wasm: Uint8Array;
  try {
    wasm = embedded[lang] ?? readFileSync(path);
  } catch {
    parsers.set(lang, null);
    return null;
  }
  const pin = INLINE_GRAMMARS[lang];
  const got = sha256(wasm);
  if (got !== pin.sha256) {
    throw new GrammarError(
      `the ${lang} grammar at ${path} has SHA-256 ${got}, expected ${pin.sha256} (${pin.package} ${pin.version}); refusing to load it`,
    );
  }
  // Synchronous, because a check is: the module is compiled from the bytes just hashed.
  const parser = new Parser();
  parser.setLanguage(Language.loadSync(new WasmModule(wasm)));
  parsers.set(lang, parser);
  return parser;
}
