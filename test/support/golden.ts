// The golden verdict file of a test file: test/golden/<path>.jsonl holds, one line per case in
// case order, the verdict each case of test/<path>.test.ts computed (golden-record.ts). A case
// compares its verdict with its line and fails when it moved or has none; after the file's
// tests, the file's cases are compared with the golden file's, so a case removed, added or
// moved about fails too. With SHELLFENCE_GOLDEN=write (`npm run golden`) nothing is compared:
// the golden file is rewritten from this run instead.

import { afterAll } from "bun:test";
import { accessSync, constants, mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Verdict } from "../../src/index.ts";
import { buildFixture, type Fixture } from "./fixture.ts";
import { goldenPath, readGolden, REPO_DIR, writeGolden } from "./golden-files.ts";
import { CHAIN_NAME, compareGolden, describeMove, type Dirs, keyOf, labelOf, recordLine, REGENERATE,
  shorten } from "./golden-record.ts";

/** Whether this run rewrites the golden files rather than comparing with them. */
export const WRITING = process.env.SHELLFENCE_GOLDEN === "write";

/**
 * How many directories named CHAIN_NAME are above a golden fixture's top: more than any case
 * climbs from $P (a loop's `cd ..` is followed for 6 rounds and one widened round; the records
 * reach `$T` and ten `..` at most).
 */
const CHAIN_DEPTH = 12;

/**
 * /tmp rather than TMPDIR, where /tmp is a directory this user may write: some messages cut a
 * path at a fixed length (`runs "…"`, 60 characters), so the fixture's path must be as long on
 * every machine, which a TMPDIR of any length would not give.
 */
function fixtureParent(): string {
  try {
    accessSync("/tmp", constants.W_OK);
    return "/tmp";
  } catch {
    return tmpdir();
  }
}

/**
 * The fixture (fixture.ts) at the bottom of a chain of directories made for it, each holding
 * only the next: what a case finds above $T (`while :; do cd ..; done; rm -rf *`) is then the
 * same on every machine and every run, not the temp directory's depth and other entries, and
 * the records write it `$T/..`, `$T/../..`, ….
 */
export function goldenFixture(): Fixture {
  const base = realpathSync(mkdtempSync(join(fixtureParent(), "shellfence-")));
  const top = join(base, ...Array.from({ length: CHAIN_DEPTH }, () => CHAIN_NAME));
  mkdirSync(top, { recursive: true });
  const fx = buildFixture(top);
  return { ...fx, remove: () => rmSync(base, { recursive: true, force: true }) };
}

interface FileState {
  readonly path: string;
  /** The keys of the file's cases, in the order they were declared. */
  readonly keys: string[];
  /** The key fields of each case, for a case that has no line. */
  readonly fields: Map<string, Record<string, unknown>>;
  /** How many cases so far share a key without its occurrence number. */
  readonly seen: Map<string, number>;
  /** The line each case that ran computed. */
  readonly lines: Map<string, string>;
  /** The golden file's lines by key, read when first needed. */
  golden: Map<string, string> | null | undefined;
  goldenLines: string[] | null;
}

const files = new Map<string, FileState>();
/** The file bun is loading: bun loads, collects and runs one test file after another, and a
 * describe's body (where a case may be declared) runs before the next file is loaded. */
let current: FileState | null = null;

/** The test file whose top level or test is running: the first frame in a `*.test.ts`. */
function callerFile(): string | null {
  const m = /(\/[^\s()]*\.test\.ts):\d+:\d+/.exec(new Error().stack ?? "");
  return m ? m[1]! : null;
}

/**
 * Starts the golden file of the calling test file, and says (once its tests are collected)
 * whether it declared cases: called by useSandbox, which every file with
 * cases calls at its top level first, so the check after the tests is the whole file's (a hook
 * registered in a describe would run when that describe ends).
 */
export function startGoldenFile(): { readonly hasCases: () => boolean } {
  const file = callerFile();
  if (file === null) throw new Error("golden: useSandbox must be called from a *.test.ts file");
  const known = files.get(file);
  if (known) {
    current = known;
    return { hasCases: () => known.keys.length > 0 };
  }
  const state: FileState = { path: goldenPath(file), keys: [], fields: new Map(), seen: new Map(), lines: new Map(),
    golden: undefined, goldenLines: null };
  files.set(file, state);
  current = state;
  afterAll(() => finish(state));
  return { hasCases: () => state.keys.length > 0 };
}

function golden(state: FileState): Map<string, string> | null {
  if (state.golden === undefined) {
    state.goldenLines = readGolden(state.path);
    const byKey = (l: string): [string, string] => [keyOf(JSON.parse(l) as Record<string, unknown>), l];
    state.golden = state.goldenLines && new Map(state.goldenLines.map(byKey));
  }
  return state.golden;
}

function shortPath(path: string): string {
  return path.startsWith(REPO_DIR + "/") ? path.slice(REPO_DIR.length + 1) : path;
}

function finish(state: FileState): void {
  const old = golden(state);
  if (WRITING) {
    // A case a test-name filter left out keeps its old line; one that has none cannot be written.
    const lines: string[] = [];
    const missing: string[] = [];
    for (const k of state.keys) {
      const line = state.lines.get(k) ?? old?.get(k);
      if (line === undefined) missing.push(k);
      else lines.push(line);
    }
    writeGolden(state.path, lines);
    const where = shortPath(state.path);
    if (missing.length) {
      throw new Error(`${where}: ${missing.length} cases did not run and have no line: run \`${REGENERATE}\``);
    }
    return;
  }
  if (!state.keys.length && old === null) return;
  // The file as this run would write it: a case that did not run (a filter) is taken as unchanged,
  // so that only the set and order of the cases is checked here; each case checked its own line.
  const after = state.keys.map((k) => state.lines.get(k) ?? old?.get(k) ?? JSON.stringify(state.fields.get(k)));
  const message = compareGolden(shortPath(state.path), state.goldenLines ?? [], after);
  if (message) throw new Error(message);
}

/** A case of the calling test file's golden file, declared when its test is. */
export interface GoldenCase {
  /** Records the verdict the case computed; unless writing, says why it is not its golden line, or null. */
  record(v: Verdict, dirs: Dirs): string | null;
}

/**
 * Declares a case by its key fields (a table, a command as written, its options; placeholders
 * kept). Two cases with the same fields get an occurrence number `n`, so each has its own line.
 */
export function goldenCase(fields: Record<string, unknown>): GoldenCase {
  const state = current;
  // Inside a describe's body the stack does not reach the test file; where it does, it must agree.
  const file = callerFile();
  if (!state || (file !== null && goldenPath(file) !== state.path)) {
    throw new Error("golden: call useSandbox at the top level of the test file before declaring its cases");
  }
  // A long text (the red-team table's 70 KiB inputs) is shortened as a record's strings are.
  const shown = (x: unknown) => (typeof x === "string" ? shorten(x) : x);
  const given = Object.entries(fields).filter(([, x]) => x !== undefined);
  const clean = Object.fromEntries(given.map(([k, x]) => [k, shown(x)]));
  const base = JSON.stringify(clean);
  const n = (state.seen.get(base) ?? 0) + 1;
  state.seen.set(base, n);
  const keyFields = n > 1 ? { ...clean, n } : clean;
  const key = keyOf(keyFields);
  state.keys.push(key);
  state.fields.set(key, keyFields);
  return { record(v, dirs) {
    const line = recordLine(keyFields, v, dirs);
    state.lines.set(key, line);
    if (WRITING) return null;
    const table = golden(state);
    const where = shortPath(state.path);
    if (table === null) return `${where} does not exist: run \`${REGENERATE}\` and commit it`;
    const old = table.get(key);
    if (old === undefined) {
      const label = labelOf(JSON.parse(line) as Record<string, unknown>);
      return `${where} has no line for ${label}: run \`${REGENERATE}\``;
    }
    if (old === line) return null;
    const move = describeMove(old, line);
    const then = `if the move is meant, run \`${REGENERATE}\` and commit the diff`;
    return `${where}: the verdict differs from the golden file\n${move}\n${then}`;
  } };
}
