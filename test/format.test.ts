// The code is formatted (scripts/format.ts: dprint at 120 columns), so a diff shows what changed
// and not how someone wrapped it; and no module of src/ is over 600 lines as formatted, the
// size at which a file has more than one job (docs/architecture.md, "Layers").

import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { formatTree } from "../scripts/format.ts";
import { sourceFiles } from "../scripts/module-graph.ts";

const root = join(import.meta.dir, "..");

describe("formatting", () => {
  test("src/, test/, scripts/ and bench/ are as npm run format leaves them", () => {
    expect(formatTree(root, false)).toEqual([]);
  });

  test("no module of src/ is over 600 lines", () => {
    const long = sourceFiles(root, ["src"]).map((f) =>
      [f, readFileSync(join(root, f), "utf8").split("\n").length - 1] as const
    ).filter(([, n]) => n > 600).map(([f, n]) => `${f}: ${n}`);
    expect(long).toEqual([]);
  });
});
