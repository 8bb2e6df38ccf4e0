// No dead exports in src/ (scripts/dead-exports.ts): an export nothing imports is either the
// public surface (src/index.ts, package.json's entry points) or a name that should not be
// exported. Run `bun run scripts/dead-exports.ts` to see the list.

import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { BIN_ENTRIES, deadExports, exportedNames, publicModules } from "../scripts/dead-exports.ts";

const root = join(import.meta.dir, "..");

describe("dead exports", () => {
  test("every export of src/ is imported somewhere, or public", () => {
    const { dead, errors } = deadExports(root);
    expect(errors).toEqual([]);
    expect(dead).toEqual([]);
  });

  test("the public surface is src/index.ts, the package's entry points and what bin/ loads", () => {
    expect(publicModules(root)).toEqual(["src/cli/main.ts", "src/index.ts", "src/integrations/opencode.ts",
      "src/integrations/pi.ts", "src/start/client.ts", "src/start/entry.ts"]);
    // bin/shellfence.js computes these paths, so they are listed by hand: each must be a module
    // that the bin (or the codeFile it asks) names.
    const loader = ["bin/shellfence.js", "src/server/protocol.ts", "src/start/entry.ts"].map((f) =>
      readFileSync(join(root, f), "utf8")
    ).join("\n");
    for (const m of BIN_ENTRIES) {
      expect(existsSync(join(root, m))).toBe(true);
      expect(loader).toMatch(new RegExp(`["/}]${basename(m, ".ts")}[.$"]`));
    }
  });

  test("an export nothing imports is found; one a test or the public surface imports is not", () => {
    const dir = mkdtempSync(join(tmpdir(), "dead-exports-"));
    try {
      for (const d of ["src", "test", "scripts", "bench"]) mkdirSync(join(dir, d));
      writeFileSync(join(dir, "package.json"),
        JSON.stringify({ exports: { ".": "./src/index.ts", "./b": { import: "./dist/b.js" } } }));
      writeFileSync(join(dir, "src/index.ts"), 'export { a } from "./a.ts";\nexport const publicName = 1;\n');
      writeFileSync(join(dir, "src/a.ts"),
        "export const a = 1;\nexport const unused = 2;\nexport function tested() {}\nexport type Shape = { x: 1 };\n");
      writeFileSync(join(dir, "src/b.ts"), "export const entry = 1;\n");
      writeFileSync(join(dir, "test/a.test.ts"), 'import { tested } from "../src/a.ts";\n');
      expect(deadExports(dir).dead).toEqual(["src/a.ts: Shape", "src/a.ts: unused"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("every form of export is read", () => {
    const text = ["export function f() {}", "export async function g() {}", "export const C = 1;", "export class K {}",
      "export abstract class A {}", "export interface I {}", "export type T = 1;", "export enum E {}",
      "export default 1;", "export { a, b as c };", 'export type { X } from "./x.ts";', "  export const indented = 1;",
      "// export const commented = 1;"].join("\n");
    expect(exportedNames(text).sort()).toEqual(
      ["A", "C", "E", "I", "K", "T", "X", "a", "c", "default", "f", "g"].sort(),
    );
  });
});
