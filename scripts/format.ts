// `npm run format`: formats the TypeScript of src/, test/, scripts/ and bench/ with dprint's
// TypeScript plugin (a pinned devDependency, run as WebAssembly: no binary to download).
// `npm run format -- --check` changes nothing and lists the files that are not formatted
// (test/format.test.ts runs it). The settings are here, once: 120 columns, and hanging
// indentation, so that a long list of option names fills its lines instead of taking one line
// per name (the command table is mostly such lists).

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type ContextFormatter, createContext } from "@dprint/formatter";
import { getPath } from "@dprint/typescript";
import { sourceFiles } from "./module-graph.ts";

export const FORMAT_DIRS = ["src", "test", "scripts", "bench"] as const;

export const LINE_WIDTH = 120;

/** The formatter with the project's settings. */
export function formatter(): ContextFormatter {
  const context = createContext({ indentWidth: 2, lineWidth: LINE_WIDTH, useTabs: false, newLineKind: "lf" });
  const f = context.addPlugin(readFileSync(getPath()), { preferHanging: true, preferSingleLine: true,
    quoteStyle: "preferDouble", trailingCommas: "onlyMultiLine", operatorPosition: "maintain",
    "arrowFunction.useParentheses": "force", "memberExpression.linePerExpression": false,
    "module.sortImportDeclarations": "maintain", "module.sortExportDeclarations": "maintain",
    "importDeclaration.sortNamedImports": "maintain", "exportDeclaration.sortNamedExports": "maintain" });
  const problems = f.getConfigDiagnostics();
  if (problems.length > 0) {
    throw new Error(`format: ${problems.map((p) => `${p.propertyName}: ${p.message}`).join("; ")}`);
  }
  return f;
}

/**
 * The formatted text, formatted again until it no longer changes: dprint's hanging indentation
 * can move a line break once more on a second pass (7 files of 285 here), and a check must not
 * ask for a text that formatting would change again.
 */
function fixpoint(f: ContextFormatter, file: string, text: string): string {
  let out = text;
  for (let pass = 0; pass < 5; pass++) {
    const next = f.formatText({ filePath: file, fileText: out });
    if (next === out) return out;
    out = next;
  }
  throw new Error(`format: ${file} does not settle after 5 passes`);
}

/** The files whose formatted text differs from what is on disk, relative to `root`; with `write`, formatted in place. */
export function formatTree(root: string, write: boolean): string[] {
  const f = formatter();
  const changed: string[] = [];
  for (const rel of sourceFiles(root, FORMAT_DIRS)) {
    const file = join(root, rel);
    const text = readFileSync(file, "utf8");
    const out = fixpoint(f, file, text);
    if (out === text) continue;
    changed.push(rel);
    if (write) writeFileSync(file, out);
  }
  return changed;
}

if (import.meta.main) {
  const check = process.argv.includes("--check");
  const changed = formatTree(join(import.meta.dir, ".."), !check);
  for (const file of changed) console.log(check ? `not formatted: ${file}` : `formatted: ${file}`);
  if (check && changed.length > 0) {
    console.error(`${changed.length} file(s) not formatted: run npm run format`);
    process.exit(1);
  }
}
