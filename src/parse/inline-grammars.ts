// The pinned grammars for inline code (`python3 -c`, `node -e`): tree-sitter-python and
// tree-sitter-javascript, hashed and compared with the pins before they are loaded, like the
// bash grammar (grammar.ts). Loaded once per process by createGuard, after the bash parser
// (which initialises web-tree-sitter). Until they are loaded — or where their files are not
// there — there is no parser and inline code is INLINE_CODE.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Language, Parser } from "web-tree-sitter";
import { GrammarError, sha256 } from "./grammar.ts";

export type InlineLanguage = "python" | "javascript";

const INLINE_GRAMMARS: Readonly<Record<InlineLanguage, { readonly package: string; readonly version: string; readonly sha256: string }>> = {
  python: { package: "tree-sitter-python", version: "0.25.0", sha256: "16108b50df4ee9a30168794252ab55e7c93bfc5765d7fa0aa3e335752c515f47" },
  javascript: { package: "tree-sitter-javascript", version: "0.25.0", sha256: "5fb488d0cabb4775a594bab85682de5ad6ce83c0d6ac997a9f82dd084d571240" },
};

const parsers = new Map<InlineLanguage, Parser>();
let loading: Promise<void> | null = null;

/** The grammars carried inside the single-file binary (scripts/binary-entry.ts). */
let embedded: Partial<Record<InlineLanguage, Uint8Array>> = {};

export function useEmbeddedInlineWasm(wasm: Partial<Record<InlineLanguage, Uint8Array>>): void {
  embedded = wasm;
}

function grammarPath(lang: InlineLanguage): string {
  return fileURLToPath(new URL(`../../grammar/${INLINE_GRAMMARS[lang].package}.wasm`, import.meta.url));
}

/** Loads both grammars once. A file that is absent leaves its language unparsed; one whose hash differs is an error. */
export function loadInlineParsers(): Promise<void> {
  loading ??= (async () => {
    for (const lang of Object.keys(INLINE_GRAMMARS) as InlineLanguage[]) {
      const path = grammarPath(lang);
      let wasm: Uint8Array;
      try {
        wasm = embedded[lang] ?? readFileSync(path);
      } catch {
        continue;
      }
      const pin = INLINE_GRAMMARS[lang];
      const got = sha256(wasm);
      if (got !== pin.sha256) throw new GrammarError(`the ${lang} grammar at ${path} has SHA-256 ${got}, expected ${pin.sha256} (${pin.package} ${pin.version}); refusing to load it`);
      const parser = new Parser();
      parser.setLanguage(await Language.load(wasm));
      parsers.set(lang, parser);
    }
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** The loaded parser of a language, or null. */
export function inlineParser(lang: InlineLanguage): Parser | null {
  return parsers.get(lang) ?? null;
}
