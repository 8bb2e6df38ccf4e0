// Inline suppressions in what `shellfence scan` reads: `# shellfence: ignore CODE[,CODE…] -- reason`
// after a command on its line, or on a line of its own before it (src/integrations/scan-suppress.ts),
// in scripts and in workflow run: blocks; and the findings that keep suppressions from rotting:
// INVALID_SUPPRESSION (no reason, an unknown code, no directive) and UNUSED_SUPPRESSION.

import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ScanRepo, where } from "./scan-repo.ts";

const SCRIPT = [
  "# shellfence: ignore EXTERNAL_PATH -- the runner image has /opt", // 1: for line 2
  "cat /opt/a", // 2: suppressed
  "cat /opt/b # shellfence: ignore EXTERNAL_PATH -- on its own line", // 3: suppressed
  "cat /opt/c", // 4: a trailing suppression on 3 does not reach it
  'cat /opt/d "$X" # shellfence: ignore EXTERNAL_PATH, UNRESOLVED_WORD -- both', // 5: both suppressed
  "cat /opt/e # shellfence: ignore UNRESOLVED_WORD -- the wrong code", // 6: kept, and the suppression unused
  "echo '# shellfence: ignore EXTERNAL_PATH -- in a string'; cat /opt/f", // 7: no comment, kept
  "# shellfence: ignore EXTERNAL_PATH -- stacked over another comment", // 8: for line 11
  "# (the next line with code is what it is about)", // 9
  "", // 10
  "cat /opt/g", // 11: suppressed
  "# shellfence: ignore EXTERNAL_PATH -- a statement over two lines", // 12: for the statement on 13
  "cp a \\", // 13
  "  /opt/h", // 14: suppressed, its statement starts on 13
  "",
].join("\n");

const BROKEN = [
  "cat /opt/a # shellfence: ignore EXTERNAL_PATH", // 1: no reason
  "cat /opt/b # shellfence: ignore EXTERNAL_PATH --   ", // 2: an empty reason
  "cat /opt/c # shellfence: ignore OUTSIDE -- x", // 3: an unknown code
  "cat /opt/d # shellfence: ignre EXTERNAL_PATH -- x", // 4: no directive
  "cat /opt/e # shellfence: ignore UNUSED_SUPPRESSION -- x", // 5: cannot be suppressed
  "cat /opt/f # shellfence: ignore -- no code", // 6: no code
  "# shellfence: ignore EXTERNAL_PATH -- nothing follows", // 7: unused
  "",
].join("\n");

const WORKFLOW = [
  "on: [push]",
  "jobs:",
  "  t:",
  "    runs-on: ubuntu-latest",
  "    steps:",
  "      - run: |",
  "          # shellfence: ignore EXTERNAL_PATH -- the runner image",
  "          cat /opt/a",
  "          cat /opt/b",
  '      - run: "cat /opt/c # shellfence: ignore EXTERNAL_PATH -- in the script"',
  // A plain scalar ends at " #": this comment is YAML's, not the script's, and suppresses nothing.
  "      - run: cat /opt/d # shellfence: ignore EXTERNAL_PATH -- a YAML comment",
  "",
].join("\n");

const r = new ScanRepo({ "ok.sh": SCRIPT, "broken.sh": BROKEN, "unused.sh": "ls # shellfence: ignore RULE_ASK -- x\n",
  ".github/workflows/ci.yml": WORKFLOW });
afterAll(() => r.remove());

describe("suppressions that work", () => {
  test("before the line, on it, several codes, stacked, over a statement's lines; not a string's text", () => {
    const { findings, run } = r.json(["ok.sh"]);
    expect(findings.map((f) => `${f.line} ${f.code} ${f.written}`)).toEqual(["4 EXTERNAL_PATH /opt/c",
      "6 EXTERNAL_PATH /opt/e", "6 UNUSED_SUPPRESSION UNRESOLVED_WORD", "7 EXTERNAL_PATH /opt/f"]);
    expect(run.stderr).toBe("shellfence scan: 1 file scanned: 0 deny, 4 ask, 6 suppressed\n");
  });

  test("in a workflow's run: scripts, each at its own line of the file; a YAML comment is none", () => {
    const { findings, run } = r.json([".github/workflows/ci.yml"]);
    expect(where(findings)).toEqual([".github/workflows/ci.yml:9 EXTERNAL_PATH",
      ".github/workflows/ci.yml:11 EXTERNAL_PATH"]);
    expect(run.stderr).toContain("2 suppressed");
  });

  test("a suppressed finding is in no output and no baseline", () => {
    const baseline = join(r.top, "baseline.json");
    const run = r.scan(["--write-baseline", baseline, "ok.sh"]);
    expect(run.stdout).not.toContain("/opt/a");
    const entries = (JSON.parse(readFileSync(baseline, "utf8")) as { findings: { written: string }[] }).findings;
    expect(entries.map((e) => e.written).sort()).toEqual(["/opt/c", "/opt/e", "/opt/f", "UNRESOLVED_WORD"]);
  });
});

describe("suppressions that cannot rot silently", () => {
  test("broken ones are INVALID_SUPPRESSION (deny) and suppress nothing; one that follows nothing is unused", () => {
    const { findings, run } = r.json(["broken.sh"]);
    expect(findings.map((f) => `${f.line} ${f.decision} ${f.code}`)).toEqual(["1 ask EXTERNAL_PATH",
      "1 deny INVALID_SUPPRESSION", "2 ask EXTERNAL_PATH", "2 deny INVALID_SUPPRESSION", "3 ask EXTERNAL_PATH",
      "3 deny INVALID_SUPPRESSION", "4 ask EXTERNAL_PATH", "4 deny INVALID_SUPPRESSION", "5 ask EXTERNAL_PATH",
      "5 deny INVALID_SUPPRESSION", "6 ask EXTERNAL_PATH", "6 deny INVALID_SUPPRESSION", "7 ask UNUSED_SUPPRESSION"]);
    const messages = findings.filter((f) => f.code.endsWith("_SUPPRESSION")).map((f) => f.message);
    expect(messages).toEqual([
      "shellfence suppression: it gives no reason (write `# shellfence: ignore CODE[,CODE…] -- reason`): say why the finding is acceptable; it suppresses nothing",
      "shellfence suppression: it gives no reason (write `# shellfence: ignore CODE[,CODE…] -- reason`): say why the finding is acceptable; it suppresses nothing",
      'shellfence suppression: "OUTSIDE" is not a reason code (docs/reasons.md); it suppresses nothing',
      'shellfence suppression: "ignre" is not a directive (write `# shellfence: ignore CODE[,CODE…] -- reason`); it suppresses nothing',
      "shellfence suppression: UNUSED_SUPPRESSION cannot be suppressed: fix or remove the suppression it is about; it suppresses nothing",
      "shellfence suppression: it names no reason code (write `# shellfence: ignore CODE[,CODE…] -- reason`); it suppresses nothing",
      "shellfence suppression: nothing follows it; remove EXTERNAL_PATH from it, or the comment",
    ]);
    // A broken suppression fails the run by default.
    expect(run.status).toBe(1);
  });

  test("an unused one is ask: it fails with --fail-on ask or its code, and a config can make it deny", () => {
    expect(r.scan(["unused.sh"]).status).toBe(0);
    expect(r.scan(["--fail-on", "UNUSED_SUPPRESSION", "unused.sh"]).status).toBe(1);
    const strict = r.aside("strict.json", JSON.stringify({ reasons: { UNUSED_SUPPRESSION: "deny" } }));
    const { findings, run } = r.json(["--config", strict, "unused.sh"]);
    expect(findings.map((f) => `${f.line} ${f.decision} ${f.code} ${f.message}`)).toEqual([
      "1 deny UNUSED_SUPPRESSION shellfence suppression: nothing on line 1 has RULE_ASK; remove RULE_ASK from it, or the comment",
    ]);
    expect(run.status).toBe(1);
  });

  test("a config cannot allow them away", () => {
    for (const code of ["UNUSED_SUPPRESSION", "INVALID_SUPPRESSION"]) {
      const lax = r.aside(`lax-${code}.json`, JSON.stringify({ reasons: { [code]: "allow" } }));
      const run = r.scan(["--config", lax, "unused.sh"]);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`reasons.${code}: ${code} means a scan suppression is broken or stale`);
    }
  });
});
