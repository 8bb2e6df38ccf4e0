// Entry of the single-file `shellfence` executable (`npm run build:binary`). `bun build
// --compile` embeds the files imported `with { type: "file" }`; the grammar and
// web-tree-sitter's runtime are handed to the parser from there, so the binary reads nothing
// from a package directory it does not have.

import { readFileSync } from "node:fs";
import grammarFile from "../grammar/tree-sitter-bash.wasm" with { type: "file" };
import pythonFile from "../grammar/tree-sitter-python.wasm" with { type: "file" };
import javascriptFile from "../grammar/tree-sitter-javascript.wasm" with { type: "file" };
import perlFile from "../grammar/tree-sitter-perl.wasm" with { type: "file" };
import runtimeFile from "web-tree-sitter/web-tree-sitter.wasm" with { type: "file" };
import { main, processIo } from "../src/cli/main.ts";
import { useEmbeddedWasm } from "../src/parse/grammar.ts";
import { useEmbeddedInlineWasm } from "../src/parse/inline-grammars.ts";

useEmbeddedWasm({ grammar: readFileSync(grammarFile), runtime: readFileSync(runtimeFile) });
useEmbeddedInlineWasm({ python: readFileSync(pythonFile), javascript: readFileSync(javascriptFile),
  perl: readFileSync(perlFile) });

main(process.argv.slice(2), processIo()).then((code) => {
  process.exitCode = code;
}, (e: unknown) => {
  process.stderr.write(`shellfence: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 2;
});
