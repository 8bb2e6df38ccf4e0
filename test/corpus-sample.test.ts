// Golden verdicts over a fixed sample of the shared corpora (../shared/corpora, outside the
// repository): each sampled command is checked in the fixture's project and its verdict recorded
// (test/support/golden-record.ts) in test/golden/corpus-sample.jsonl, which this test compares
// with, and which `npm run golden` (SHELLFENCE_GOLDEN=write) rewrites.
//
// The sample is the commands whose SHA-256 falls in one residue class of SAMPLE_EVERY: which
// commands are in it does not depend on the order of the files or on commands added elsewhere.
// Only the cheat sheets (CC0) are stored as text; the others' licences (CC BY 4.0, MIT with a
// notice to keep, model outputs) ask for more than this MIT repository should carry, so their
// records hold the corpus file, the line and a hash, and the text is read from ../shared here.
// When the corpora are not there the test says so and checks nothing.
//
// The guard sees the machine's files through a filesystem that lists and reads nothing outside the
// fixture: `find / | xargs grep` would otherwise walk the live /proc (a verdict naming a pid) and
// a verdict would depend on what this machine's /etc or /usr hold. Whether a path exists, and
// where a link points, are still asked of the disk.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { createGuard, type FileSystem, type Guard } from "../src/index.ts";
import { nodeFileSystem } from "../src/paths/fs.ts";
import { CORPORA_DIR, type CorpusCommand, loadCorpora } from "./support/corpora.ts";
import type { Fixture } from "./support/fixture.ts";
import { GOLDEN_DIR, readGolden, writeGolden } from "./support/golden-files.ts";
import { goldenFixture, WRITING } from "./support/golden.ts";
import { compareGolden, keyOf, recordLine, shorten } from "./support/golden-record.ts";

/** One command in this many is sampled: about 2,300 of the ≈70,500. */
const SAMPLE_EVERY = 30;
/** The corpus files whose commands may be stored as text (CC0). */
const TEXT_STORED = new Set(["cheatsheets.jsonl"]);
const GOLDEN = join(GOLDEN_DIR, "corpus-sample.jsonl");

function sha(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

function sampled(c: CorpusCommand): boolean {
  return Number.parseInt(sha(c.text).slice(0, 8), 16) % SAMPLE_EVERY === 0;
}

/** The key fields of a sampled command's record. */
function keyFields(c: CorpusCommand): Record<string, unknown> {
  const text = TEXT_STORED.has(c.file) ? { command: shorten(c.text) } : {};
  return { corpus: c.file, line: c.line, sha: sha(c.text), ...text };
}

/** The disk, but for listings and contents outside `top`, which are not known. */
function fixtureOnly(top: string): FileSystem {
  const inside = (p: string) => p === top || p.startsWith(top + "/");
  return { ...nodeFileSystem, readdir: (p) => (inside(p) ? nodeFileSystem.readdir(p) : null),
    readFile: (p, max) => (inside(p) ? nodeFileSystem.readFile(p, max) : null),
    readBytes: (p, max) => (inside(p) ? (nodeFileSystem.readBytes?.(p, max) ?? null) : null) };
}

const corpora = loadCorpora();
const present = corpora.commands.length > 0;
if (!present) console.warn(`corpus-sample.test.ts: SKIPPED, no corpus files in ${CORPORA_DIR}`);
else if (corpora.missing.length) {
  const missing = corpora.missing.join(", ");
  console.warn(`corpus-sample.test.ts: missing from ${CORPORA_DIR}, their golden lines not checked: ${missing}`);
}

describe.skipIf(!present)("golden verdicts of a sample of the corpora", () => {
  let fx: Fixture;
  let guard: Guard;
  beforeAll(async () => {
    fx = goldenFixture();
    guard = await createGuard({ home: fx.home, fs: fixtureOnly(fx.top) });
  });
  afterAll(() => fx?.remove());

  test(`one command in ${SAMPLE_EVERY}: the same verdicts as ${"test/golden/corpus-sample.jsonl"}`, () => {
    const sample = corpora.commands.filter(sampled);
    const texts = new Map<string, string>();
    const after = sample.map((c) => {
      const key = keyFields(c);
      texts.set(keyOf(key), c.text);
      return recordLine(key, guard.check(c.text, { cwd: fx.project }), fx);
    });
    if (WRITING) {
      const missing = corpora.missing.join(", ");
      if (missing) throw new Error(`the sample needs every corpus file, missing: ${missing}`);
      writeGolden(GOLDEN, after);
      return;
    }
    // The lines of a corpus file that is not here are left out: nothing can say whether they moved.
    const absent = new Set(corpora.missing);
    const before = (readGolden(GOLDEN) ?? []).filter((l) => !absent.has((JSON.parse(l) as { corpus: string }).corpus));
    const label = (rec: Record<string, unknown>) => {
      const text = texts.get(keyOf(rec));
      const shown = text === undefined ? `sha ${String(rec.sha)}` : shorten(text).replace(/\n/g, "⏎");
      return `${String(rec.corpus)}:${String(rec.line)} ${shown}`;
    };
    const message = compareGolden("test/golden/corpus-sample.jsonl", before, after, label);
    if (message !== null) throw new Error(message);
    expect(after.length).toBeGreaterThan(0);
  }, 600_000);
});
