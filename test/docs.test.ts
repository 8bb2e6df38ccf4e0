// What the docs state as a number about the code is checked against the code, so it stays true.

import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { commandCount } from "../src/commands/table/index.ts";

test("docs/commands.md states how many command names the table holds", () => {
  const text = readFileSync(join(import.meta.dir, "..", "docs", "commands.md"), "utf8");
  const stated = /The table holds (\d+) command names/.exec(text);
  expect(stated).not.toBeNull();
  expect(Number(stated![1])).toBe(commandCount());
});
