// The lowering (src/shell/lower/) keeps no state between calls: lowerProgram makes one context
// per call and passes it down (issue 15). A module-level `let` or `var` there would be state
// that every call shares, so none may be written; and lowering one program between two
// lowerings of another changes neither result.

import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadParser } from "../src/parse/grammar.ts";
import { DEFAULT_BOUNDS, parseBounded } from "../src/parse/parse.ts";
import { copyTree, type SyntaxNode } from "../src/parse/tree.ts";
import { lowerProgram } from "../src/shell/lower/program.ts";

const LOWER_DIR = join(import.meta.dir, "..", "src", "shell", "lower");
const parser = await loadParser();

function tree(text: string): SyntaxNode {
  const parsed = parseBounded(parser, text, DEFAULT_BOUNDS);
  if (!parsed.ok) throw new Error(`${text} does not parse: ${parsed.message}`);
  const root = copyTree(parsed.tree, text);
  parsed.tree.delete();
  return root;
}

test("no module of src/shell/lower/ declares a module-level variable", () => {
  const found: string[] = [];
  for (const file of readdirSync(LOWER_DIR).filter((f) => f.endsWith(".ts"))) {
    readFileSync(join(LOWER_DIR, file), "utf8").split("\n").forEach((line, i) => {
      if (/^(export\s+)?(let|var)\s/.test(line)) found.push(`${file}:${i + 1}: ${line}`);
    });
  }
  expect(found).toEqual([]);
});

test("a lowering between two lowerings of another program changes neither", () => {
  // The first reports problems read as sh (`$'…'`, a keyword after `!`), the second none; each
  // nests code (a backquote, a here-document piped to sh with a substitution in its body).
  const a = tree("echo `a` $'x' > f b; ! { cd /; }");
  const b = tree("cat <<EOF | sh\n$(id)\nEOF\n");
  const first = lowerProgram(a, "sh");
  const other = lowerProgram(b);
  expect(first.problems.length).toBeGreaterThan(0);
  expect(other.problems).toEqual([]);
  expect(lowerProgram(a, "sh")).toEqual(first);
  expect(lowerProgram(b)).toEqual(other);
});
