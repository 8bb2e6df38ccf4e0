// git commands that rewrite the working tree rewrite all of it, from the top of the repository:
// a project that is a subdirectory of a larger repository does not contain that tree.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createGuard, type Guard } from "../../src/index.ts";
import { buildFixture, type Fixture } from "../support/fixture.ts";

let fx: Fixture;
let guard: Guard;
beforeAll(async () => {
  fx = buildFixture();
  guard = await createGuard({ home: fx.home });
});
afterAll(() => fx.remove());

const check = (command: string, cwd = fx.project) => guard.check(command, { cwd });

describe("the repository's top decides what a whole-tree command writes", () => {
  test("a repository whose top is the project: allow", () => {
    mkdirSync(join(fx.project, ".git"), { recursive: true });
    for (const c of ["git checkout main", "git reset --hard", "git pull", "git stash", "git merge topic"]) {
      const v = check(c);
      expect({ c, d: v.decision }).toEqual({ c, d: "allow" });
      expect(v.accesses.some((a) => a.kind === "write" && a.resolved === fx.project)).toBe(true);
    }
  });
  test("from a subdirectory of that repository, the top is still the project", () => {
    const v = check("git checkout main", join(fx.project, "src"));
    // src is the cwd (a root of its own), the project is not: the write of the tree is outside.
    expect(v.accesses.some((a) => a.kind === "write" && a.resolved === fx.project)).toBe(true);
  });
  test("a repository whose top is above the project: the tree above is written, ask", () => {
    mkdirSync(join(fx.top, "work", ".git"), { recursive: true });
    const other = buildFixture();
    try {
      mkdirSync(join(other.top, "work", ".git"), { recursive: true });
      for (const c of ["git checkout main", "git reset --hard HEAD~1", "git stash pop", "git rebase main",
        "git -C src pull"])
      {
        const v = guard.check(c, { cwd: other.project });
        expect({ c, d: v.decision }).toEqual({ c, d: "ask" });
        expect(v.accesses.some((a) => a.kind === "write" && a.resolved === join(other.top, "work"))).toBe(true);
      }
      // Reading is not writing the tree.
      expect(guard.check("git status", { cwd: other.project }).decision).toBe("allow");
      expect(guard.check("git log --oneline", { cwd: other.project }).decision).toBe("allow");
    } finally {
      other.remove();
    }
  });
});
