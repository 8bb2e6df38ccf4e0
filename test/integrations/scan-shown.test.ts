// What a scan shows by default (src/report/scan-shown.ts): what the scripts visibly do outside the
// checkout, and what could not be judged; the places where the guard only does not know are
// counted on stderr and listed with --unknowns. A --fail-on code of theirs lists that code's.

import { afterAll, describe, expect, test } from "bun:test";
import { type JsonFinding, ScanRepo, where } from "./scan-repo.ts";

const r = new ScanRepo({ "build.sh": [
  "#!/bin/bash",
  'cp dist/app "$DEST"', // a variable from the caller: not known
  'cd "$WORKDIR" && make', // a directory not known
  "rm -rf ~/.cache/app", // outside: shown
  "sudo apt-get install -y jq", // an install for the system: shown
  "cat README.md",
  "",
].join("\n"), "README.md": "# r\n" });
afterAll(() => r.remove());

const parsed = (stdout: string) => JSON.parse(stdout) as JsonFinding[];

describe("by default, what reaches outside; the places not resolved are counted", () => {
  test("the outside write and the install are findings; $DEST and $WORKDIR are counted", () => {
    const run = r.scan(["--format", "json", "build.sh"], r.home, true);
    expect(run.status).toBe(0);
    expect(where(parsed(run.stdout))).toEqual(["build.sh:4 EXTERNAL_PATH", "build.sh:5 OUTSIDE_EFFECT"]);
    expect(run.stderr).toMatch(/2 ask, \d+ places? not resolved \(UNRESOLVED_WORD \d+.*--unknowns lists them\)/);
  });
  test("--unknowns lists them too", () => {
    const run = r.scan(["--format", "json", "--unknowns", "build.sh"], r.home, true);
    const codes = new Set(parsed(run.stdout).map((f) => f.code));
    expect([...codes].sort()).toEqual(["EXTERNAL_PATH", "OUTSIDE_EFFECT", "UNRESOLVED_CWD", "UNRESOLVED_PATH",
      "UNRESOLVED_WORD"]);
    expect(run.stderr).not.toContain("not resolved");
  });
  test("--fail-on ask fails on what is shown; a code of the unresolved named lists that code's and fails on it", () => {
    expect(r.scan(["--fail-on", "ask", "build.sh"], r.home, true).status).toBe(1);
    const named = r.scan(["--format", "json", "--fail-on", "UNRESOLVED_WORD", "build.sh"], r.home, true);
    expect(named.status).toBe(1);
    expect(where(parsed(named.stdout))).toContain("build.sh:2 UNRESOLVED_WORD");
    expect(where(parsed(named.stdout))).not.toContain("build.sh:3 UNRESOLVED_CWD");
  });
  test("a script that only takes its places from its caller passes --fail-on ask", () => {
    const only = new ScanRepo({ "deploy.sh": '#!/bin/sh\ncp build/out "$TARGET/"\ncd "$1" && ls\n' });
    try {
      const run = only.scan(["--fail-on", "ask", "deploy.sh"], only.home, true);
      expect(run.status).toBe(0);
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain("0 ask, 3 places not resolved (UNRESOLVED_WORD 2, UNRESOLVED_CWD 1;");
    } finally {
      only.remove();
    }
  });
});
