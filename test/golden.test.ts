// The golden verdict files (docs/testing.md, "Golden verdicts") can fail: the comparer is fed a
// verdict that moved, a case removed, a case added and a reordering, and must say so, before →
// after; the records are machine-independent; and every golden file belongs to a test file.

import { describe, expect, test } from "bun:test";
import { relative } from "node:path";
import type { Verdict } from "../src/index.ts";
import { goldenFiles, goldenPath, goldenTestFiles, readGolden, REPO_DIR } from "./support/golden-files.ts";
import { compareGolden, describeMove, type Dirs, keyOf, normalise, recordLine } from "./support/golden-record.ts";

const TOP = "/tmp/shellfence-abc";
const DIRS: Dirs = { top: TOP, project: `${TOP}/work/project`, outside: `${TOP}/work/outside`,
  backup: `${TOP}/work/project-backup`, home: `${TOP}/home` };

const ALLOWED: Verdict = { decision: "allow", reasons: [],
  accesses: [{ path: "../x", resolved: `${DIRS.project}/x`, kind: "read", command: "cat", via: [], start: 4, end: 8,
    decision: "allow", rule: null, reason: null }] };

const ASKED: Verdict = { decision: "ask",
  reasons: [{ code: "EXTERNAL_PATH", message: `cat: ${DIRS.outside}/x is outside the project roots`, decision: "ask" }],
  accesses: [{ path: "../x", resolved: `${DIRS.outside}/x`, kind: "read", command: "cat", via: ["sh -c"], start: 4,
    end: 8, decision: "ask", rule: "external_directory:*", reason: "EXTERNAL_PATH" }] };

const line = (command: string, v: Verdict) => recordLine({ table: "plain paths", command }, v, DIRS);

describe("the comparer", () => {
  test("the same lines: nothing to say", () => {
    const lines = [line("cat ../x", ALLOWED), line("cat y", ALLOWED)];
    expect(compareGolden("test/golden/x.jsonl", lines, [...lines])).toBeNull();
  });

  test("a verdict that moved fails, before → after, with the command that regenerates", () => {
    const message = compareGolden("test/golden/x.jsonl", [line("cat ../x", ALLOWED)], [line("cat ../x", ASKED)]);
    expect(message).toContain("test/golden/x.jsonl: the verdicts differ from the golden file");
    expect(message).toContain("verdicts that moved, before → after (1):\nmoved: plain paths › cat ../x");
    expect(message).toContain("  decision: allow → ask");
    expect(message).toContain("  - access read ../x -> $P/x allow (cat)");
    expect(message).toContain("  + reason EXTERNAL_PATH ask: cat: $O/x is outside the project roots");
    const extra = 'via=["sh -c"] rule="external_directory:*" reason="EXTERNAL_PATH"';
    expect(message).toContain(`  + access read ../x -> $O/x ask (cat) ${extra}`);
    expect(message).toContain("npm run golden");
  });

  test("only a message that moved is a move too", () => {
    const other: Verdict = { ...ASKED, reasons: [{ ...ASKED.reasons[0]!, message: "cat: elsewhere" }] };
    expect(describeMove(line("cat ../x", ASKED), line("cat ../x", other))).toBe(
      ["moved: plain paths › cat ../x", "  - reason EXTERNAL_PATH ask: cat: $O/x is outside the project roots",
        "  + reason EXTERNAL_PATH ask: cat: elsewhere"].join("\n"),
    );
  });

  test("a case the golden file has that no longer exists fails, and so does one it lacks", () => {
    const message = compareGolden("test/golden/x.jsonl", [line("cat a", ALLOWED)], [line("cat b", ALLOWED)]);
    expect(message).toContain("cases in the golden file that no longer exist (1):\n  - plain paths › cat a");
    expect(message).toContain("cases the golden file does not have (1):\n  + plain paths › cat b");
  });

  test("the same cases in another order fail: the file is what a rewrite would write", () => {
    const a = line("cat a", ALLOWED);
    const b = line("cat b", ASKED);
    const message = compareGolden("test/golden/x.jsonl", [a, b], [b, a]);
    expect(message).toContain("the same cases and verdicts, in another order");
  });

  test("a long list says how many it left out", () => {
    const before = Array.from({ length: 45 }, (_, i) => line(`cat ${i}`, ALLOWED));
    const after = Array.from({ length: 45 }, (_, i) => line(`cat ${i}`, ASKED));
    expect(compareGolden("test/golden/x.jsonl", before, after)).toContain("verdicts that moved, before → after (45):");
    expect(compareGolden("test/golden/x.jsonl", before, after)).toContain("  … and 5 more");
  });
});

describe("a record", () => {
  test("names the fixture by placeholder, the sibling before the project whose name it extends", () => {
    const s = `${DIRS.backup}/x ${DIRS.project}/y ${DIRS.outside} ${DIRS.home}/.ssh ${DIRS.top}/work`;
    expect(normalise(s, DIRS)).toBe("$B/x $P/y $O $H/.ssh $T/work");
  });

  test("names the directories of a golden fixture's chain by how far above $T they are", () => {
    const top = "/tmp/shellfence-x/up/up/up";
    const dirs: Dirs = { top, project: `${top}/work/project`, outside: `${top}/work/outside`,
      backup: `${top}/work/project-backup`, home: `${top}/home` };
    const s = `cd: /tmp/shellfence-x/up/up is outside; rm: /tmp/shellfence-x/x and /tmp/shellfence-x/up/up/up/work/x`;
    expect(normalise(s, dirs)).toBe("cd: $T/.. is outside; rm: $T/../../../x and $T/work/x");
  });

  test("writes the pid of a process under /proc as $PID", () => {
    expect(normalise("/proc/16913/fd/0, /proc/25763/task/25763/cwd, //proc/7 and /proc/self", DIRS)).toBe(
      "/proc/$PID/fd/0, /proc/$PID/task/$PID/cwd, //proc/$PID and /proc/self",
    );
    expect(normalise("(//proc/16925/map_files cannot be listed)", DIRS)).toBe("(//proc/$PID cannot be listed)");
  });

  test("keeps the key fields first, in a fixed order, and the verdict after them", () => {
    expect(line("cat ../x", ASKED)).toBe(
      '{"table":"plain paths","command":"cat ../x","decision":"ask","reasons":[["EXTERNAL_PATH","ask",' +
        '"cat: $O/x is outside the project roots"]],"accesses":[["read","../x","$O/x","ask","cat",' +
        '{"via":["sh -c"],"rule":"external_directory:*","reason":"EXTERNAL_PATH"}]]}',
    );
    const rec = JSON.parse(line("cat ../x", ASKED)) as Record<string, unknown>;
    expect(keyOf(rec)).toBe(keyOf({ table: "plain paths", command: "cat ../x" }));
  });

  test("writes a huge text as its length, and what is still long as its ends and a hash", () => {
    expect(normalise(`cat ${"a".repeat(70 * 1024)}`, DIRS)).toBe("cat ‹71680 × a›");
    const long = Array.from({ length: 300 }, (_, i) => `w${i}`).join(" ");
    const short = normalise(long, DIRS);
    expect(short).toMatch(/^w0 w1 .*‹… 1389 chars, sha256 [0-9a-f]{16} …›.* w299$/);
    expect(short.length).toBeLessThan(600);
  });
});

describe("the golden files", () => {
  const repo = (f: string) => relative(REPO_DIR, f);

  test("each belongs to a test file that writes one", () => {
    const wanted = new Set(goldenTestFiles().map(goldenPath));
    expect(goldenFiles().filter((g) => !wanted.has(g)).map(repo)).toEqual([]);
  });

  test("each line is one case: a JSON object with a key no other line has", () => {
    const problems: string[] = [];
    for (const g of goldenFiles()) {
      const seen = new Set<string>();
      for (const [i, l] of (readGolden(g) ?? []).entries()) {
        let rec: unknown;
        try {
          rec = JSON.parse(l);
        } catch {
          problems.push(`${repo(g)}:${i + 1}: not JSON`);
          continue;
        }
        const where = `${repo(g)}:${i + 1}`;
        if (typeof rec !== "object" || rec === null || !("decision" in rec)) problems.push(`${where}: no decision`);
        const key = keyOf(rec as Record<string, unknown>);
        if (seen.has(key)) problems.push(`${repo(g)}:${i + 1}: a key an earlier line has`);
        seen.add(key);
      }
    }
    expect(problems).toEqual([]);
  });
});
