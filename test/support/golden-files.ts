// Where the golden verdict files are, and which test files have one: shared by the recorder
// (golden.ts), test/golden.test.ts and scripts/golden.ts, so without bun:test.

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

export const REPO_DIR = join(import.meta.dir, "..", "..");
const TEST_DIR = join(REPO_DIR, "test");
export const GOLDEN_DIR = join(TEST_DIR, "golden");

/** The golden file of a test file (absolute path of `*.test.ts`): test/golden/<path>.jsonl. */
export function goldenPath(testFile: string): string {
  return join(GOLDEN_DIR, relative(TEST_DIR, testFile).replace(/\.test\.ts$/, ".jsonl"));
}

/** The lines of a golden file, or null when there is none. */
export function readGolden(path: string): string[] | null {
  if (!existsSync(path)) return null;
  return readFileSync(path, "utf8").split("\n").filter((l) => l !== "");
}

/** Writes the lines, one a line; no lines, no file. */
export function writeGolden(path: string, lines: readonly string[]): void {
  if (!lines.length) {
    rmSync(path, { force: true });
    return;
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, lines.map((l) => l + "\n").join(""));
}

function walk(dir: string, suffix: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p, suffix));
    else if (e.name.endsWith(suffix)) out.push(p);
  }
  return out.sort();
}

/** The sampled corpora's test, which writes its golden file itself. */
export const CORPUS_SAMPLE_TEST = join(TEST_DIR, "corpus-sample.test.ts");

/**
 * The test files whose cases have golden verdicts: those that declare table cases (a `table(`
 * call at the start of a line) or golden cases of their own, and the corpus sample. The host
 * tests (`*.hosts.ts`) have none.
 */
export function goldenTestFiles(): string[] {
  const declares = /^\s*table\(|goldenCase\(/m;
  const files = walk(TEST_DIR, ".test.ts").filter((f) => !f.startsWith(GOLDEN_DIR + "/"));
  return files.filter((f) => f === CORPUS_SAMPLE_TEST || declares.test(readFileSync(f, "utf8")));
}

/** Every golden file there is. */
export function goldenFiles(): string[] {
  return existsSync(GOLDEN_DIR) ? walk(GOLDEN_DIR, ".jsonl") : [];
}
