// The worker pool of `check --jsonl --jobs N` (src/server/check-pool.ts): answers come back for
// every request, and a worker that cannot start leaves its requests to the main thread's
// check — never to a made-up answer. (test/cli.test.ts compares whole batches with one thread.)

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createGuard, type Guard } from "../src/index.ts";
import { type CheckAnswer, CheckPool } from "../src/server/check-pool.ts";
import { buildFixture, type Fixture } from "./support/fixture.ts";

let fx: Fixture;
let guard: Guard;
beforeAll(async () => {
  fx = buildFixture();
  guard = await createGuard({ home: fx.home });
});
afterAll(() => fx.remove());

const COMMANDS = ["cat README.md", "cat ../outside/secret.txt", "ls", "rm -rf ..", "cd .. && ls"];

describe("CheckPool", () => {
  test("workers answer as the main thread's guard would", async () => {
    let local = 0;
    const pool = new CheckPool(2, { home: fx.home }, () => {
      local++;
      return { decision: "deny", line: "from the main thread" };
    });
    try {
      // One at a time, so no worker has work queued and none falls to the main thread.
      const got: CheckAnswer[] = [];
      for (const c of COMMANDS) got.push(await pool.check(c, fx.project).answer);
      expect(local).toBe(0);
      expect(got).toEqual(COMMANDS.map((c) => {
        const v = guard.check(c, { cwd: fx.project });
        return { decision: v.decision, line: JSON.stringify(v) };
      }));
      expect(got.map((a) => a.decision)).toEqual(["allow", "ask", "allow", "ask", "ask"]);
    } finally {
      await pool.close();
    }
  });

  test("a burst fills the workers' queues and the main thread takes the rest; every answer is a check", async () => {
    const expected = (c: string): CheckAnswer => {
      const v = guard.check(c, { cwd: fx.project });
      return { decision: v.decision, line: JSON.stringify(v) };
    };
    let local = 0;
    const pool = new CheckPool(1, { home: fx.home }, (c) => {
      local++;
      return expected(c);
    });
    try {
      const burst = Array.from({ length: 8 }, () => COMMANDS).flat();
      const sent = burst.map((c) => pool.check(c, fx.project));
      // The worker holds four; the main thread checked the other 36 itself.
      expect(sent.filter((s) => !s.local)).toHaveLength(4);
      expect(local).toBe(36);
      expect(await Promise.all(sent.map((s) => s.answer))).toEqual(burst.map(expected));
    } finally {
      await pool.close();
    }
  });

  test("a worker that cannot load its code leaves every request to the main thread", async () => {
    const asked: string[] = [];
    const local = (command: string, cwd: string | undefined): CheckAnswer => {
      asked.push(`${command} @ ${cwd}`);
      const v = guard.check(command, cwd === undefined ? {} : { cwd });
      return { decision: v.decision, line: JSON.stringify(v) };
    };
    const pool = new CheckPool(2, { home: fx.home }, local, join(fx.top, "no-such-code.js"));
    try {
      const got = await Promise.all(COMMANDS.map((c) => pool.check(c, fx.project).answer));
      expect(got.map((a) => a.decision)).toEqual(["allow", "ask", "allow", "ask", "ask"]);
      // Each request once (the workers fail in either order).
      expect(asked.sort()).toEqual(COMMANDS.map((c) => `${c} @ ${fx.project}`).sort());
    } finally {
      await pool.close();
    }
  });
});
