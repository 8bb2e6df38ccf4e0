// Which code answers (src/server/protocol.ts codeFile) and which build the resident server is
// (fingerprint): by the build id the build writes into the bundle and the compiled modules,
// never by modification times, which an installed tarball has in npm's extraction order.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUILD_ID } from "../src/base/build-id.ts";
import { buildIdOf, codeFile, fingerprint } from "../src/server/protocol.ts";

let T: string;
beforeAll(() => {
  T = mkdtempSync(join(tmpdir(), "shellfence-code-file-"));
});
afterAll(() => rmSync(T, { recursive: true, force: true }));

const A = "0123456789abcdef";
const B = "fedcba9876543210";

/** A package root as the build leaves it: the bundle's header and dist/base/build-id.js. */
function built(name: string, bundleId: string | null, compiledId: string | null, bundleFirst = true): string {
  const root = join(T, name);
  for (const d of ["dist/bundle", "dist/cli", "dist/base"]) mkdirSync(join(root, d), { recursive: true });
  const bundle = join(root, "dist", "bundle", "shellfence.cjs");
  const main = join(root, "dist", "cli", "main.js");
  writeFileSync(bundle, `${bundleId === null ? "" : `// shellfence build ${bundleId}\n`}module.exports = {};\n`);
  writeFileSync(main, "export {};\n");
  const id = compiledId === null ? "null" : JSON.stringify(compiledId);
  const text = `// comment\nexport const BUILD_ID = ${id};\n//# sourceMappingURL=build-id.js.map`;
  writeFileSync(join(root, "dist", "base", "build-id.js"), text);
  // What npm does to a tarball: the bundle older on disk than the compiled CLI, or the reverse.
  const [older, newer] = bundleFirst ? [bundle, main] : [main, bundle];
  utimesSync(older, 1_000_000, 1_000_000);
  utimesSync(newer, 1_000_001, 1_000_001);
  return root;
}

describe("codeFile", () => {
  test("the bundle when both name one build, older on disk or not", () => {
    for (const first of [true, false]) {
      const root = built(`same-${first}`, A, A, first);
      expect(codeFile(root, "node")).toBe(join(root, "dist", "bundle", "shellfence.cjs"));
      expect(buildIdOf(codeFile(root, "node"), root)).toBe(A);
    }
  });

  test("the compiled CLI after a bare tsc rebuild (null), another build's bundle, a bundle without its header", () => {
    for (const [name, bundle, compiled] of [["tsc", A, null], ["other", A, B], ["headless", null, A]] as const) {
      const root = built(name, bundle, compiled, false);
      expect(codeFile(root, "node")).toBe(join(root, "dist", "cli", "main.js"));
    }
  });

  test("the compiled CLI without a bundle, and the sources under Bun", () => {
    const root = built("no-bundle", A, A);
    rmSync(join(root, "dist", "bundle"), { recursive: true });
    expect(codeFile(root, "node")).toBe(join(root, "dist", "cli", "main.js"));
    expect(codeFile(root, "bun")).toBe(join(root, "src", "cli", "main.ts"));
    expect(buildIdOf(join(root, "src", "cli", "main.ts"), root)).toBeNull();
  });

  test("the sources name no build", () => {
    expect(BUILD_ID).toBeNull();
  });
});

describe("fingerprint", () => {
  test("follows the build id: not the file's times, and another build is another server", () => {
    const root = built("print", A, A);
    const bundle = join(root, "dist", "bundle", "shellfence.cjs");
    const before = fingerprint(bundle, root);
    utimesSync(bundle, 2_000_000, 2_000_000);
    expect(fingerprint(bundle, root)).toBe(before);
    // The same place rebuilt from other sources: same size, same times, another id.
    built("print", B, B);
    utimesSync(bundle, 2_000_000, 2_000_000);
    expect(fingerprint(bundle, root)).not.toBe(before);
  });

  test("without a build id, the file's identity: touched is another build", () => {
    const root = built("print-tsc", A, null);
    const main = join(root, "dist", "cli", "main.js");
    const before = fingerprint(main, root);
    utimesSync(main, 3_000_000, 3_000_000);
    expect(fingerprint(main, root)).not.toBe(before);
  });
});
