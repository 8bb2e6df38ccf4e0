// The scan's gate (suppressions, excludes, presets, baselines) over what the workflow reader
// judges: a job's steps each judged after the ones before it, the scripts a step runs, the local
// actions it uses, a `working-directory:` that is a runner variable, and SARIF's 5,000-result cap.
// Each finding's line and column is found in the fixture's own text, so a shifted map fails.

import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fingerprintOf } from "../../src/report/scan-fingerprint.ts";
import { sarifProblems } from "../support/sarif-shape.ts";
import { type JsonFinding, ScanRepo } from "./scan-repo.ts";

const repos: ScanRepo[] = [];
afterAll(() => {
  for (const r of repos) r.remove();
});
function repo(files: Readonly<Record<string, string>>, name?: string): ScanRepo {
  const r = new ScanRepo(files, name);
  repos.push(r);
  return r;
}

/** The 1-based line and column of the nth occurrence of `needle` in `text`. */
function at(text: string, needle: string, nth = 0): string {
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(needle, i + 1);
  if (i < 0) throw new Error(`${needle} not in the text`);
  const before = text.slice(0, i).split("\n");
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}

const place = (f: JsonFinding) => `${f.line}:${f.col} ${f.code}`;

describe("suppressions in a job's steps, each judged after the ones before it", () => {
  const CI = ["on: [push]", "jobs:", "  t:", "    runs-on: ubuntu-latest", "    steps:", "      - run: |",
    "          # shellfence: ignore EXTERNAL_PATH -- the runner image has /opt", "          cat /opt/a",
    "      - run: |", "          cat /opt/a", "          cat /opt/b # shellfence: ignore RULE_ASK -- the wrong code",
    "      - name: quoted", '        run: "cat /opt/c # shellfence: ignore EXTERNAL_PATH"', "      - run: |",
    "          ls", ""].join("\n");
  const r = repo({ ".github/workflows/ci.yml": CI });

  test("an earlier step's comments are its own: they suppress nothing later, and are reported once, at their place", () => {
    const { findings, run } = r.json([]);
    expect(findings.map(place)).toEqual([`${at(CI, "/opt/a", 1)} EXTERNAL_PATH`, `${at(CI, "/opt/b")} EXTERNAL_PATH`,
      `${at(CI, "# shellfence: ignore RULE_ASK")} UNUSED_SUPPRESSION`, `${at(CI, "/opt/c")} EXTERNAL_PATH`,
      `${at(CI, '# shellfence: ignore EXTERNAL_PATH"')} INVALID_SUPPRESSION`]);
    expect(findings.map((f) => f.message.split(":")[0])).toEqual(["t › step 2", "t › step 2", "t › step 2",
      "t › quoted", "t › quoted"]);
    expect(run.stderr).toContain("1 suppressed");
  });

  test("the suppression's twin without it: the first step's finding is there", () => {
    const bare = repo({ ".github/workflows/ci.yml": CI.replace(/ *# shellfence: ignore EXTERNAL_PATH -- .*\n/, "") },
      "bare");
    const lines = CI.replace(/ *# shellfence: ignore EXTERNAL_PATH -- .*\n/, "");
    expect(bare.json([]).findings.map(place).slice(0, 2)).toEqual([`${at(lines, "/opt/a")} EXTERNAL_PATH`,
      `${at(lines, "/opt/a", 1)} EXTERNAL_PATH`]);
  });

  test("a suppression in a step with a working-directory, and the move keyed by the value as written", () => {
    const WD = ["on: [push]", "jobs:", "  t:", "    runs-on: ubuntu-latest", "    steps:", "      - run: mkdir -p out",
      "      - working-directory: ../elsewhere", "        run: |",
      "          cat /opt/d # shellfence: ignore EXTERNAL_PATH -- vendored", "          cat /opt/e", ""].join("\n");
    const w = repo({ ".github/workflows/wd.yml": WD }, "wd");
    const { findings } = w.json([]);
    expect(findings.map(place)).toEqual([`${at(WD, "../elsewhere")} EXTERNAL_PATH`,
      `${at(WD, "/opt/e")} EXTERNAL_PATH`]);
    expect(findings.map((f) => [f.statement, f.written])).toEqual([["working-directory: ../elsewhere", "../elsewhere"],
      ["cat /opt/e", "/opt/e"]]);
  });
});

describe("a script a step runs: its own suppressions, and the step's", () => {
  const CI = ["on: [push]", "jobs:", "  t:", "    runs-on: ubuntu-latest", "    steps:", "      - run: |",
    "          bash scripts/quiet.sh", "          bash scripts/loud.sh", "      - working-directory: app",
    "        run: |", "          # shellfence: ignore EXTERNAL_PATH -- it reads the shared drop",
    "          ../scripts/rel.sh", "      - working-directory: app", "        run: ../scripts/rel.sh", ""].join("\n");
  const QUIET = "cat /opt/q # shellfence: ignore EXTERNAL_PATH -- the runner image\n";
  const r = repo({ ".github/workflows/ci.yml": CI, "scripts/quiet.sh": QUIET, "scripts/loud.sh": "cat /opt/l\n",
    "scripts/rel.sh": "#!/bin/bash\ncat ../../drop/x\n", "app/.keep": "" });
  chmodSync(join(r.repo, "scripts/rel.sh"), 0o755);

  test("suppressed in the script: at neither the script nor the step; its twin is at the script, run by the step", () => {
    const { findings, run } = r.json([]);
    expect(findings.filter((f) => f.file === "scripts/quiet.sh")).toEqual([]);
    expect(findings.filter((f) => f.message.includes("quiet.sh"))).toEqual([]);
    const loud = findings.filter((f) => f.message.includes("/opt/l"));
    expect(loud.map((f) => `${f.file} ${f.line}:${f.col} ${f.code}`)).toEqual(["scripts/loud.sh 1:5 EXTERNAL_PATH"]);
    expect(loud[0]!.message).toEndWith(`(run by .github/workflows/ci.yml:${at(CI, "scripts/loud.sh")}, t › step 1)`);
    expect(run.stderr).toContain("2 suppressed");
  });

  test("found only in the step's context: it stays at the step, where a suppression covers it; its twin is not covered", () => {
    const { findings } = r.json([]);
    const rel = findings.filter((f) => f.message.includes("which it runs"));
    // `cat ../../drop/x` from app/ reaches outside the root; the script alone, from the root, reaches elsewhere.
    expect(rel.map((f) => `${f.file} ${f.line}:${f.col} ${f.code}`)).toEqual([
      `.github/workflows/ci.yml ${at(CI, "../scripts/rel.sh", 1)} EXTERNAL_PATH`,
    ]);
    expect(findings.some((f) => f.code === "UNUSED_SUPPRESSION")).toBe(false);
  });
});

describe("excludes: the files a workflow leads to", () => {
  const CI = ["on: [push]", "jobs:", "  t:", "    runs-on: ubuntu-latest", "    steps:", "      - uses: ./vendor/act",
    "      - run: bash vendor/tool.sh", "      - run: |", "          # shellfence: ignore EXTERNAL_PATH -- vendored",
    "          bash vendor/tool.sh", ""].join("\n");
  const r = repo({ ".github/workflows/ci.yml": CI, "vendor/tool.sh": "cat /opt/v\n",
    "vendor/act/action.yml": "runs:\n  using: composite\n  steps:\n    - shell: bash\n      run: cat /opt/act\n" });

  test("without an exclude, the script and the action are scanned, each finding at its own file", () => {
    const { findings } = r.json([]);
    expect(findings.map((f) => `${f.file} ${f.line}:${f.col}`)).toEqual(["vendor/act/action.yml 5:16",
      "vendor/tool.sh 1:5"]);
  });

  test("excluded: neither is read (said on stderr, not counted as unjudged); the script's finding stays at the step", () => {
    const run = r.scan(["--format", "json", "--exclude", "vendor/**", "--fail-on", "ask"]);
    const findings = JSON.parse(run.stdout) as JsonFinding[];
    expect(findings.map((f) => `${f.file} ${place(f)}`)).toEqual([
      `.github/workflows/ci.yml ${at(CI, "vendor/tool.sh")} EXTERNAL_PATH`,
    ]);
    expect(findings[0]!.message).toBe(
      "t › step 2: cat: /opt/v is outside the project roots (rule external_directory:*) "
        + "(in vendor/tool.sh, which it runs)",
    );
    expect(run.stderr).toContain('shellfence scan: skipped vendor/act/action.yml (excluded by "vendor/**")\n');
    expect(run.stderr).toContain('shellfence scan: skipped vendor/tool.sh (excluded by "vendor/**")\n');
    expect(run.stderr).toContain("1 file scanned: 0 deny, 1 ask, 1 suppressed\n");
    expect(run.status).toBe(1);
  });

  test("an excluded file named on the command line is no unjudged file: --fail-on ask passes", () => {
    const run = r.scan(["--exclude", "vendor/**", "--fail-on", "ask", "vendor/tool.sh"]);
    expect(run).toEqual({ status: 0, stdout: "",
      stderr: 'shellfence scan: skipped vendor/tool.sh (excluded by "vendor/**")\n'
        + "shellfence scan: 0 files scanned: 0 deny, 0 ask\n" });
  });
});

describe("a working-directory that is a runner variable", () => {
  const CI = ["on: [push]", "jobs:", "  t:", "    runs-on: ubuntu-latest", "    steps:",
    "      - working-directory: ${{ runner.temp }}", "        run: touch out",
    "      - working-directory: ${{ inputs.dir }}", "        run: ls", ""].join("\n");
  const r = repo({ ".github/workflows/ci.yml": CI });

  test("with the preset it is $RUNNER_TEMP, a place of the runner's: no finding", () => {
    expect(r.json(["--preset", "github-actions"]).findings.map(place)).toEqual([
      `${at(CI, "${{ inputs.dir }}")} UNRESOLVED_CWD`,
    ]);
  });

  test("without it, a variable the scan does not know: the move and what the step does there ask", () => {
    const { findings } = r.json([]);
    expect(findings.map(place)).toEqual([`${at(CI, "${{ runner.temp }}")} UNRESOLVED_WORD`,
      `${at(CI, "out")} UNRESOLVED_CWD`, `${at(CI, "${{ inputs.dir }}")} UNRESOLVED_CWD`]);
    expect([findings[0]!.statement, findings[0]!.written]).toEqual(["working-directory: ${{ runner.temp }}",
      "${{ runner.temp }}"]);
  });
});

describe("SARIF: what the baseline holds is gone before the 5,000-result cap", () => {
  test("5,200 findings, 300 of them in the baseline: 4,900 results, none left out, each with its fingerprint", () => {
    const r = repo({}, "many");
    const lines = Array.from({ length: 5200 }, (_, i) => `cat ../outside/m${i}`);
    const baseline = join(r.top, "baseline.json");
    // The baseline of the first 300 commands, written from the same file with only those.
    r.write({ "many.sh": lines.slice(0, 300).join("\n") + "\n" });
    expect(r.scan(["--write-baseline", baseline, "many.sh"]).status).toBe(0);
    r.write({ "many.sh": lines.join("\n") + "\n" });
    const run = r.scan(["--format", "sarif", "--baseline", baseline, "many.sh"]);
    expect(run.stderr).toBe("shellfence scan: 1 file scanned: 0 deny, 4900 ask, 300 in the baseline\n");
    const log = JSON.parse(run.stdout) as {
      runs: { results: { partialFingerprints: Record<string, string>; locations: unknown[] }[]; properties: object;
        invocations: { toolExecutionNotifications: unknown[] }[] }[];
    };
    expect(sarifProblems(log)).toEqual([]);
    const sarif = log.runs[0]!;
    expect(sarif.results.length).toBe(4900);
    expect(sarif.properties).toEqual({ findings: 4900, omittedFindings: 0, notJudged: 0 });
    expect(sarif.invocations[0]!.toolExecutionNotifications).toEqual([]);
    const accepted = new Set(
      (JSON.parse(readFileSync(baseline, "utf8")) as { findings: { fingerprint: string }[] }).findings.map((e) =>
        e.fingerprint
      ),
    );
    expect(accepted.size).toBe(300);
    const prints = sarif.results.map((x) => x.partialFingerprints["shellfence/v1"]!);
    expect(prints.filter((p) => accepted.has(p))).toEqual([]);
    expect(prints[0]).toBe(
      fingerprintOf({ file: "many.sh", code: "EXTERNAL_PATH", statement: "cat ../outside/m300",
        written: "../outside/m300" }),
    );
  }, 180_000);
});
