// `shellfence scan` as a gate a team adopts: a baseline of accepted findings (--write-baseline,
// --baseline) keyed so that it survives moved lines and other machines, --fail-on by decision
// and by reason code, and the excludes of the config's scan section and --exclude. Each case
// runs the real CLI on a throwaway repository (scan-repo.ts).

import { afterAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fingerprintOf } from "../../src/report/scan-fingerprint.ts";
import { ScanRepo, where } from "./scan-repo.ts";

const repos: ScanRepo[] = [];
afterAll(() => {
  for (const r of repos) r.remove();
});
function repo(files: Readonly<Record<string, string>>, name?: string): ScanRepo {
  const r = new ScanRepo(files, name);
  repos.push(r);
  return r;
}

const WORKFLOW = ["on: [push]", "jobs:", "  build:", "    runs-on: ubuntu-latest", "    steps:",
  "      - name: publish", "        working-directory: ../outside", "        run: |", "          ls",
  "          cat ${{ inputs.file }}", ""].join("\n");

const SCRIPT = ["#!/bin/sh", "cat /opt/a", "cp x /opt/drop/", "cat ~/.ssh/id_rsa", ""].join("\n");

describe("baseline: --write-baseline FILE, then --baseline FILE reports only what is new", () => {
  const r = repo({ "ci/build.sh": SCRIPT, ".github/workflows/ci.yml": WORKFLOW });
  const baseline = join(r.top, "baseline.json");
  const first = r.scan(["--write-baseline", baseline]);

  test("writing: every finding, exit 0 whatever the findings, a versioned file sorted for diffs", () => {
    expect(first.status).toBe(0);
    expect(first.stdout.trim().split("\n").length).toBe(6);
    expect(first.stderr).toContain(`shellfence scan: wrote 6 findings to ${baseline}\n`);
    const written = JSON.parse(readFileSync(baseline, "utf8")) as { version: number; fingerprint: string;
      findings: { fingerprint: string; count: number; file: string; code: string; statement: string;
        written: string }[] };
    expect(written.version).toBe(1);
    expect(written.fingerprint).toBe("shellfence/v1");
    expect(written.findings.map((e) => [e.file, e.code, e.statement, e.written, e.count])).toEqual([[
      ".github/workflows/ci.yml",
      "EXTERNAL_PATH",
      "ls",
      "ls",
      1,
    ], [".github/workflows/ci.yml", "EXTERNAL_PATH", "working-directory: ../outside", "../outside", 1], [
      ".github/workflows/ci.yml",
      "UNRESOLVED_WORD",
      "cat ${{ inputs.file }}",
      "${{ inputs.file }}",
      1,
    ], ["ci/build.sh", "EXTERNAL_PATH", "cat /opt/a", "/opt/a", 1], ["ci/build.sh", "EXTERNAL_PATH",
      "cat ~/.ssh/id_rsa", "~/.ssh/id_rsa", 1], ["ci/build.sh", "EXTERNAL_PATH", "cp x /opt/drop/", "/opt/drop/", 1]]);
    for (const e of written.findings) {
      expect(e.fingerprint).toBe(
        fingerprintOf({ file: e.file, code: e.code as "EXTERNAL_PATH", statement: e.statement, written: e.written }),
      );
    }
    // Nothing machine-specific in it: no absolute path of the root or the home.
    expect(readFileSync(baseline, "utf8")).not.toContain(r.top);
  });

  test("the same tree against it: nothing new, exit 0 even with --fail-on ask", () => {
    const again = r.scan(["--baseline", baseline, "--fail-on", "ask"]);
    expect(again).toEqual({ status: 0, stdout: "",
      stderr: "shellfence scan: 2 files scanned: 0 deny, 0 ask, 6 in the baseline\n" });
  });

  test("lines moved and whitespace changed: still nothing new", () => {
    const moved = repo({
      "ci/build.sh": ["#!/bin/sh", "# a header", "set -e", "", "cat    /opt/a", "cp x \\", "   /opt/drop/", "",
        "cat ~/.ssh/id_rsa", ""].join("\n"),
      ".github/workflows/ci.yml": ["on: [push]", "jobs:", "  build:", "    runs-on: ubuntu-latest", "    steps:",
        "      - uses: actions/checkout@v4", "      - name: publish", "        working-directory: ../outside",
        "        run: |", "            true", "            ls", "            cat   ${{ inputs.file }}", ""].join("\n"),
    }, "moved");
    const r2 = moved.json(["--baseline", baseline]);
    expect(r2.findings).toEqual([]);
    expect(r2.run.status).toBe(0);
  });

  test("another machine: another root and another home, the same fingerprints", () => {
    // The messages name the root and the home; the keys do not.
    const other = repo({}, "elsewhere");
    cpSync(r.repo, other.repo, { recursive: true });
    const here = r.json([]).findings;
    const there = other.json([]).findings;
    expect(there.map((f) => f.fingerprint)).toEqual(here.map((f) => f.fingerprint));
    expect(there.map((f) => f.message)).not.toEqual(here.map((f) => f.message));
    expect(other.json(["--baseline", baseline]).findings).toEqual([]);
  });

  test("a new command is new; its twin of an accepted one is not", () => {
    const grown = repo({ "ci/build.sh": SCRIPT + "cat /opt/b\ncat /opt/a\n" }, "grown");
    const r2 = grown.json(["--baseline", baseline, "ci/build.sh"]);
    // `cat /opt/a` is accepted once: its second copy (line 6) is new, as is `cat /opt/b`.
    expect(where(r2.findings)).toEqual(["ci/build.sh:5 EXTERNAL_PATH", "ci/build.sh:6 EXTERNAL_PATH"]);
    expect(r2.run.stderr).toContain("0 deny, 2 ask, 3 in the baseline");
    expect(grown.scan(["--baseline", baseline, "--fail-on", "ask", "ci/build.sh"]).status).toBe(1);
  });

  test("a finding of the baseline no longer found is said, and does not fail", () => {
    const fixed = repo({ "ci/build.sh": "cat /opt/a\n" }, "fixed");
    const r2 = fixed.scan(["--baseline", baseline, "--fail-on", "ask", "ci/build.sh"]);
    expect(r2.status).toBe(0);
    expect(r2.stderr).toContain("5 findings of the baseline were not found (fixed, or changed)");
  });

  test("SARIF carries the baseline's fingerprints as partialFingerprints", () => {
    const sarif = JSON.parse(r.scan(["--format", "sarif"]).stdout) as {
      runs: { results: { partialFingerprints: Record<string, string> }[] }[];
    };
    const inSarif = sarif.runs[0]!.results.map((x) => x.partialFingerprints["shellfence/v1"]).sort();
    const inBaseline = (JSON.parse(readFileSync(baseline, "utf8")) as { findings: { fingerprint: string }[] }).findings
      .map((e) => e.fingerprint).sort();
    expect(inSarif).toEqual(inBaseline);
  });

  const entry = {
    fingerprint: fingerprintOf({ file: "ci/build.sh", code: "EXTERNAL_PATH", statement: "cat /opt/a",
      written: "/opt/a" }),
    count: 1,
    file: "ci/build.sh",
    code: "EXTERNAL_PATH",
    statement: "cat /opt/a",
    written: "/opt/a",
  };
  const doc = (findings: unknown[], extra: object = {}) =>
    JSON.stringify({ version: 1, fingerprint: "shellfence/v1", findings, ...extra });
  test.each([["absent", null, "cannot read the baseline: absent (ENOENT)"], ["empty", "",
    ":1:1: the baseline is not valid JSON"], ["not JSON", "{ nope", ":1:3: the baseline is not valid JSON"], [
    "an array",
    "[]",
    "a baseline must be a JSON object",
  ], ["no version", JSON.stringify({ fingerprint: "shellfence/v1", findings: [] }), "version: this shellfence reads"], [
    "another version",
    doc([], { version: 2 }),
    "reads baseline version 1, not 2",
  ], ["another fingerprint", doc([], { fingerprint: "shellfence/v0" }), "write the baseline again"], [
    "no findings array",
    JSON.stringify({ version: 1, fingerprint: "shellfence/v1" }),
    "findings: expected an array",
  ], ["an entry edited by hand", doc([{ ...entry, statement: "cat /opt/b" }]), "findings[0]: fingerprint"], [
    "a count of 0",
    doc([{ ...entry, count: 0 }]),
    "findings[0]: count: expected a whole number of at least 1",
  ], ["an unknown code", doc([{ ...entry, code: "NOPE" }]), 'findings[0]: code: "NOPE" is not a reason code'], [
    "an unknown key",
    doc([{ ...entry, line: 3 }]),
    'findings[0]: unknown key "line"',
  ], ["a fingerprint twice", doc([entry, entry]), "findings[1]: fingerprint"]])(
    "a baseline that is %s: exit 2 naming the file, never an empty baseline",
    (_, text, message) => {
      const path = join(r.top, `bad-${Math.random().toString(36).slice(2)}.json`);
      if (text !== null) writeFileSync(path, text);
      const run = r.scan(["--baseline", path]);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain(path);
      expect(run.stderr).toContain(message);
    },
  );

  test("the good twin of those: the entry as written loads", () => {
    const path = r.aside("good.json", doc([entry]));
    expect(r.json(["--baseline", path, "ci/build.sh"]).findings.map((f) => f.statement)).toEqual(["cp x /opt/drop/",
      "cat ~/.ssh/id_rsa"]);
  });
});

test("a step with ten expressions or more: each shown and keyed as written", () => {
  // The placeholders are numbered; $GHA_EXPR_1 must not be read as the start of $GHA_EXPR_10.
  const words = Array.from({ length: 11 }, (_, i) => `\${{ inputs.p${i + 1} }}`);
  const r = repo({
    ".github/workflows/ci.yml": ["on: [push]", "jobs:", "  t:", "    runs-on: ubuntu-latest", "    steps:",
      `      - run: cat ${words.join(" ")}`, ""].join("\n"),
  }, "many");
  const { findings } = r.json([]);
  expect(findings.map((f) => f.written)).toEqual(words);
  expect(findings.map((f) => f.statement)).toEqual(words.map(() => `cat ${words.join(" ")}`));
  expect(findings[9]!.message).toBe(`t › step 1: cat: \${{ inputs.p10 }}: \${{ inputs.p10 }} is not known`);
});

describe("--fail-on: a decision, reason codes, or both", () => {
  // The home is the repository, so ~/.ssh/id_rsa is a secret inside the root (SECRET_PATH).
  const r = repo({ "secret.sh": "cat ~/.ssh/id_rsa\n", "outside.sh": "cat /opt/x\n", "denied.sh": "cat /opt/deny/x\n",
    ".ssh/id_rsa": "k\n" });
  const config = r.aside("deny.json",
    JSON.stringify({ permission: { external_directory: { "/opt/deny/**": "deny" } } }));
  const status = (failOn: readonly string[], file: string) =>
    r.scan([...failOn, "--config", config, file], r.repo).status;

  test("the decisions: deny (the default) and ask", () => {
    expect([status([], "denied.sh"), status([], "outside.sh")]).toEqual([1, 0]);
    expect([status(["--fail-on", "ask"], "outside.sh"), status(["--fail-on", "deny"], "outside.sh")]).toEqual([1, 0]);
  });

  test("codes: only a finding of a code named fails, whatever its decision", () => {
    expect(status(["--fail-on", "SECRET_PATH"], "secret.sh")).toBe(1);
    expect(status(["--fail-on", "SECRET_PATH"], "outside.sh")).toBe(0);
    // A deny of another code does not fail a list of codes alone.
    expect(status(["--fail-on", "SECRET_PATH,EXTERNAL_PATH"], "denied.sh")).toBe(0);
    expect(status(["--fail-on", "SECRET_PATH,EXTERNAL_PATH"], "outside.sh")).toBe(1);
  });

  test("both, comma-separated or repeated", () => {
    expect(status(["--fail-on", "deny,SECRET_PATH"], "denied.sh")).toBe(1);
    expect(status(["--fail-on", "deny,SECRET_PATH"], "secret.sh")).toBe(1);
    expect(status(["--fail-on", "deny,SECRET_PATH"], "outside.sh")).toBe(0);
    expect(status(["--fail-on", "deny", "--fail-on", "EXTERNAL_PATH"], "outside.sh")).toBe(1);
  });

  test.each([["secret_path"], ["ask,"], ["SECRET_PATH;EXTERNAL_PATH"], [""]])("%p is a usage error", (value) => {
    const run = r.scan(["--fail-on", value, "outside.sh"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--fail-on takes ask, deny or reason codes");
  });
});

describe("excludes: the config's scan.exclude and --exclude", () => {
  const files = { "src/a.sh": "cat /srv/a\n", "vendor/b.sh": "cat /srv/b\n", "vendor/deep/c.sh": "cat /srv/c\n",
    "lib/third_party/d.sh": "cat /srv/d\n", "vendorx/e.sh": "cat /srv/e\n", "src/f.gen.sh": "cat /srv/f\n" };
  const r = repo(files);
  const scanned = (args: readonly string[]) => [...new Set(r.json(args).findings.map((f) => f.file))];
  const config = r.aside("scan.json", JSON.stringify({ scan: { exclude: ["vendor/**", "third_party"] } }));

  test("without excludes every script is scanned", () => {
    expect(scanned([])).toEqual(["lib/third_party/d.sh", "src/a.sh", "src/f.gen.sh", "vendor/b.sh", "vendor/deep/c.sh",
      "vendorx/e.sh"]);
  });

  test("a --config file's excludes leave out a directory and a name at any depth, not their near misses", () => {
    expect(scanned(["--config", config])).toEqual(["src/a.sh", "src/f.gen.sh", "vendorx/e.sh"]);
  });

  test("--exclude adds to them", () => {
    expect(scanned(["--config", config, "--exclude", "*.gen.sh"])).toEqual(["src/a.sh", "vendorx/e.sh"]);
    expect(scanned(["--exclude", "src/"])).toEqual(["lib/third_party/d.sh", "vendor/b.sh", "vendor/deep/c.sh",
      "vendorx/e.sh"]);
  });

  test("a file named on the command line but excluded is skipped, and said", () => {
    const run = r.scan(["--config", config, "vendor/b.sh", "src/a.sh"]);
    expect(run.stdout).toContain("src/a.sh:1:5");
    expect(run.stdout).not.toContain("vendor/b.sh");
    expect(run.stderr).toContain('shellfence scan: skipped vendor/b.sh (excluded by "vendor/**")');
  });

  test("the repository's own untrusted .shellfence.json cannot exclude: its scan section is ignored, and said", () => {
    const own = repo({ ...files, ".shellfence.json": JSON.stringify({ scan: { exclude: ["vendor/**"] } }) }, "own");
    const run = own.json([]);
    expect([...new Set(run.findings.map((f) => f.file))]).toContain("vendor/b.sh");
    expect(run.run.stderr).toContain('these are ignored: scan.exclude: "vendor/**"');
  });

  test("the base branch's file through --config-from-git can exclude, and its preset counts", () => {
    const base = repo({ ...files,
      ".github/workflows/ci.yml": ["on: [push]", "jobs:", "  t:", "    runs-on: ubuntu-latest", "    steps:",
        '      - run: echo "x=1" >> "$GITHUB_OUTPUT"', ""].join("\n"),
      ".shellfence.json": JSON.stringify({ scan: { exclude: ["vendor/**"], presets: ["github-actions"] } }) }, "base");
    const git = (...a: string[]) =>
      expect(spawnSync("git", ["-C", base.repo, "-c", "user.name=t", "-c", "user.email=t@t", ...a]).status).toBe(0);
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "base");
    const own = base.json([]);
    expect(own.findings.map((f) => f.file)).toContain("vendor/b.sh");
    expect(own.findings.map((f) => f.file)).toContain(".github/workflows/ci.yml");
    const fromBase = base.json(["--config-from-git", "HEAD"]);
    expect([...new Set(fromBase.findings.map((f) => f.file))]).toEqual(["lib/third_party/d.sh", "src/a.sh",
      "src/f.gen.sh", "vendorx/e.sh"]);
  });

  test("a broken exclude in a config is an error naming the file, the key and where", () => {
    const bad = r.aside("bad-scan.json", '{\n  "scan": {"exclude": ["/vendor/**"]}\n}');
    const run = r.scan(["--config", bad]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${bad}:2:24: scan.exclude[0]: an exclude is relative to the root`);
  });

  test("a broken --exclude is a usage error", () => {
    const run = r.scan(["--exclude", "../x"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--exclude "../x": a pattern with a ".." segment never matches');
  });
});
