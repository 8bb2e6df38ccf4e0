// Agent-chosen text in every reason shown to a person: ANSI escapes, C0/C1 controls, bidi
// overrides and isolates, zero-width characters are shown escaped — in the verdict text, the
// reason a host shows in its permission prompt (Claude Code, opencode, pi), the CI scanner's
// lines, GitHub annotations and SARIF. An agent must not make the prompt say what it likes.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createGuard, type Guard, type Verdict } from "../src/index.ts";
import { escapeForPerson } from "../src/report/escape.ts";
import { formatGithubAnnotations } from "../src/report/github-annotations.ts";
import { explainVerdict } from "../src/report/host-reason.ts";
import { toSarif } from "../src/report/sarif.ts";
import type { ScanFinding } from "../src/report/scan-finding.ts";
import { formatScanLines } from "../src/report/scan-text.ts";
import { formatHuman } from "../src/report/verdict-text.ts";
import { buildFixture, type Fixture } from "./support/fixture.ts";

/** Each hidden character, and how it must be shown. */
const HIDDEN: readonly (readonly [string, string])[] = [["\x1b", "\\x1b"], ["\x07", "\\x07"], ["\x00", "\\x00"], [
  "\x7f",
  "\\x7f",
], ["\x9b", "\\x9b"], ["\r", "\\r"], ["\u202a", "\\u202a"], ["\u202b", "\\u202b"], ["\u202c", "\\u202c"], ["\u202d",
  "\\u202d"], ["\u202e", "\\u202e"], ["\u2066", "\\u2066"], ["\u2067", "\\u2067"], ["\u2068", "\\u2068"], ["\u2069",
  "\\u2069"], ["\u200e", "\\u200e"], ["\u200f", "\\u200f"], ["\u200b", "\\u200b"], ["\u200c", "\\u200c"], ["\u200d",
  "\\u200d"], ["\u2060", "\\u2060"], ["\ufeff", "\\ufeff"], ["\u2028", "\\u2028"]];

/** No character a terminal acts on or a reader cannot see is left. */
function clean(s: string): boolean {
  return !/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/.test(s);
}

describe("escapeForPerson", () => {
  test.each(HIDDEN)("%j is shown as %s", (c, shown) => {
    expect(escapeForPerson(`a${c}b`)).toBe(`a${shown}b`);
  });
  test("ordinary text, accents, emoji and CJK are left as they are; a newline is kept only when asked", () => {
    expect(escapeForPerson("cat ~/naïve/文件/😀 -- x")).toBe("cat ~/naïve/文件/😀 -- x");
    expect(escapeForPerson("a\nb")).toBe("a\\nb");
    expect(escapeForPerson("a\nb", true)).toBe("a\nb");
  });
});

let fx: Fixture;
let guard: Guard;
beforeAll(async () => {
  fx = buildFixture();
  guard = await createGuard({ home: fx.home });
});
afterAll(() => fx.remove());

// A path outside with an ANSI sequence that would clear the line and write "safe", and a right-to-
// left override that shows `txt.hsab/…` reversed.
const COMMANDS = ["cat /tmp/\x1b[2K\x1b[1Gsafe.txt", "cat /tmp/\u202etxt.hsab",
  "cat /tmp/a\u200bb /tmp/\u2066x\u2069 /tmp/\x9b31m"];

describe("every report of a verdict", () => {
  const verdicts = (): [string, Verdict][] => COMMANDS.map((c) => [c, guard.check(c, { cwd: fx.project })]);

  test("the host's reason (Claude Code's permission prompt, opencode, pi)", () => {
    for (const [c, v] of verdicts()) {
      expect(v.decision).toBe("ask");
      const text = explainVerdict(v);
      expect({ c, clean: clean(text) }).toEqual({ c, clean: true });
    }
    expect(explainVerdict(guard.check(COMMANDS[1]!, { cwd: fx.project }))).toContain("/tmp/\\u202etxt.hsab");
    expect(explainVerdict(guard.check(COMMANDS[0]!, { cwd: fx.project }))).toContain("/tmp/\\x1b[2K\\x1b[1Gsafe.txt");
  });

  test("the verdict text, with the offending spans marked: carets under the escapes", () => {
    for (const [c, v] of verdicts()) {
      const text = formatHuman(c, v, { color: false });
      expect({ c, clean: clean(text) }).toEqual({ c, clean: true });
    }
    const text = formatHuman(COMMANDS[1]!, guard.check(COMMANDS[1]!, { cwd: fx.project }), { color: false });
    const lines = text.split("\n");
    const at = lines.findIndex((l) => l.includes("cat /tmp/\\u202etxt.hsab"));
    expect(at).toBeGreaterThan(-1);
    // The carets cover the escaped path exactly: from `/tmp` to the end of the line.
    expect(lines[at + 1]!.indexOf("^")).toBe(lines[at]!.indexOf("/tmp"));
    expect(lines[at + 1]!.length).toBe(lines[at]!.length);
  });

  const finding: ScanFinding = { file: "ci/\u202eevil.sh", line: 1, col: 1, endLine: 1, endCol: 5, decision: "ask",
    code: "EXTERNAL_PATH", message: "cat reads /tmp/\x1b]0;title\x07x", statement: "cat /tmp/x", written: "/tmp/x",
    fingerprint: "0123456789abcdef0123456789abcdef" };

  test("the scanner's lines", () => {
    const text = formatScanLines([finding]);
    expect(clean(text)).toBe(true);
    expect(text).toBe("ci/\\u202eevil.sh:1:1 ask EXTERNAL_PATH cat reads /tmp/\\x1b]0;title\\x07x\n");
  });

  test("GitHub annotations", () => {
    const text = formatGithubAnnotations([finding]);
    expect(clean(text)).toBe(true);
    expect(text).toContain("file=ci/\\u202eevil.sh");
    expect(text).toContain("::cat reads /tmp/\\x1b]0;title\\x07x");
  });

  test("SARIF", () => {
    const sarif = toSarif([finding], { version: "0", rootUri: "file:///r/", repository: null });
    const message = sarif.runs[0]!.results[0]!.message.text;
    expect(message).toBe("cat reads /tmp/\\x1b]0;title\\x07x");
  });
});
