// Real input never breaks the guard: every command of the shared corpora (≈76,000, outside the
// repository in ../shared/corpora) is checked in the fixture's project, and none may throw or
// end in INTERNAL_ERROR. When the corpora are not there the suite says so and checks nothing.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createGuard, type Guard } from "../src/index.ts";
import { CORPORA_DIR, loadCorpora } from "./support/corpora.ts";
import { buildFixture, type Fixture } from "./support/fixture.ts";

const corpora = loadCorpora();
const present = corpora.commands.length > 0;
if (!present) console.warn(`corpora.test.ts: SKIPPED, no corpus files in ${CORPORA_DIR}`);
else if (corpora.missing.length) {
  console.warn(`corpora.test.ts: corpus files missing from ${CORPORA_DIR}: ${corpora.missing.join(", ")}`);
}

describe.skipIf(!present)("every corpus command", () => {
  let fx: Fixture;
  let guard: Guard;
  beforeAll(async () => {
    fx = buildFixture();
    guard = await createGuard({ home: fx.home });
  });
  afterAll(() => fx.remove());

  test(`${corpora.commands.length} commands: no throw, no INTERNAL_ERROR`, () => {
    const failures: string[] = [];
    for (const c of corpora.commands) {
      let why: string | null = null;
      try {
        const v = guard.check(c.text, { cwd: fx.project });
        const internal = v.reasons.find((r) => r.code === "INTERNAL_ERROR");
        if (internal) why = internal.message;
      } catch (e) {
        why = `threw: ${e instanceof Error ? e.message : String(e)}`;
      }
      if (why !== null) failures.push(`${c.file}:${c.line}: ${JSON.stringify(c.text)}: ${why}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
