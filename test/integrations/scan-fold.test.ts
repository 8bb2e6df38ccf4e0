// One fact about shell state, one finding (src/report/scan-fold.ts): an unknown working
// directory, a variable of the environment whose value is not known (one the script never
// assigns, or an exported one every program started is handed), or every variable made unknown
// by code the guard did not read, holds at every later command of the same shell. The scan reports
// it at its first place in the file, with how many more places it holds at; what the words at a
// place name (an absolute path outside, a word unknown for its own reason, a prefix assignment)
// stays a finding of its own. Measured on public repositories (scripts/scan-repos.ts), this was
// most of the findings: nvm-sh/nvm's tests, after an unread `. ../../../nvm.sh`, gave one
// UNRESOLVED_CWD per word of every later command.

import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { type JsonFinding, ScanRepo } from "./scan-repo.ts";

const repos: ScanRepo[] = [];
afterAll(() => {
  for (const r of repos) r.remove();
});
function repo(files: Readonly<Record<string, string>>): ScanRepo {
  const r = new ScanRepo(files);
  repos.push(r);
  return r;
}

/** `file:line CODE message` for each finding. */
function shown(findings: readonly JsonFinding[]): string[] {
  return findings.map((f) => `${f.file}:${f.line} ${f.code} ${f.message}`);
}

const script = (...lines: string[]) => ["#!/bin/sh", ...lines, ""].join("\n");

describe("a state finding is reported once a shell; what the words name stays", () => {
  test.each<[string, string, string[]]>([[
    "an unknown working directory: the first relative word, the others counted; an absolute path outside stays",
    script('cd "$DIR"', "cat a", "cat b", "cp c d", "cat /etc/shadow"),
    ['s.sh:2 UNRESOLVED_WORD cd: "$DIR": $DIR is not known',
      "s.sh:3 UNRESOLVED_CWD cat: a: the working directory for a is not known (the same at 3 more places in this shell: lines 4, 5)",
      "s.sh:6 EXTERNAL_PATH cat: /etc/shadow is outside the project roots (rule external_directory:*)"],
  ], ["a known working directory: nothing to fold, nothing found", script("cd app", "cat a", "cat b", "cp c d"), []], [
    "an exported variable not known: once; a prefix assignment is written at its place, each its own",
    script('export TMPDIR="$(mktemp -d)"', "make", "make test", 'TMPDIR="$X" make dist', 'TMPDIR="$Y" make dist'),
    ["s.sh:2 EXTERNAL_PATH mktemp: /tmp/tmp.XXXXXXXXXX is outside the project roots (rule external_directory:*)",
      "s.sh:3 UNRESOLVED_WORD $TMPDIR: TMPDIR=…: $TMPDIR is not known, and the program started uses it (the same at 1 more place in this shell: line 4)",
      "s.sh:5 UNRESOLVED_WORD $TMPDIR: TMPDIR=…: $TMPDIR is not known, and the program started uses it",
      "s.sh:6 UNRESOLVED_WORD $TMPDIR: TMPDIR=…: $TMPDIR is not known, and the program started uses it"],
  ], ["an exported variable with a known value: no finding at all", script("export TMPDIR=.", "make", "make test"), []],
    [
      "a variable the script never assigns (its caller's): once for each variable; a positional parameter is each call's own",
      script('mkdir -p "$BUILD_DIR/x"', 'cp a "$BUILD_DIR/y"', 'rm -rf "$BUILD_DIR"', 'rm -rf "$OTHER"',
        'f() { cat "$1"; }', 'g() { cat "$1"; }'),
      [
        's.sh:2 UNRESOLVED_WORD mkdir: "$BUILD_DIR/x": $BUILD_DIR is not known (the same at 2 more places in this shell: lines 3, 4)',
        's.sh:5 UNRESOLVED_WORD rm: "$OTHER": $OTHER is not known',
        's.sh:6 UNRESOLVED_WORD cat: "$1": $1 is not known',
        's.sh:7 UNRESOLVED_WORD cat: "$1": $1 is not known',
      ],
    ], [
    "variables made unknown by an unread `.`: once, after the `.` itself; a word unknown for its own reason and a path outside stay",
    script("A=build", "B=dist", '. "$LIB"', 'rm -rf "$A"', 'cat "$B/x"', 'cat "$(foo)"', "cat /etc/passwd"),
    ['s.sh:4 OPAQUE_CODE . "$LIB" runs a script the guard cannot read here',
      's.sh:4 UNRESOLVED_WORD .: "$LIB": $LIB is not known',
      's.sh:5 UNRESOLVED_WORD rm: "$A": . ran a script that was not read (the same at 1 more place in this shell: line 6)',
      's.sh:7 UNRESOLVED_WORD cat: "$(foo)": the output of the command substitution at 62 is not known',
      "s.sh:8 EXTERNAL_PATH cat: /etc/passwd is outside the project roots (rule external_directory:*)"],
  ]])("%s", (_name, text, expected) => {
    const r = repo({ "s.sh": text });
    const { findings, run } = r.json([]);
    expect(shown(findings)).toEqual(expected);
    // The summary counts what is shown.
    expect(run.stderr).toContain(`1 file scanned: 0 deny, ${expected.length} ask`);
  });

  test("each script and each workflow step is a shell of its own", () => {
    const r = repo({ "a.sh": script('cd "$DIR"', "cat a", "cat b"), "b.sh": script('cd "$DIR"', "cat a", "cat b"),
      ".github/workflows/ci.yml": ["on: [push]", "jobs:", "  j:", "    runs-on: ubuntu-latest", "    steps:",
        "      - run: |", '          cd "$DIR"', "          cat a", "          cat b", "      - run: |",
        '          cd "$DIR"', "          cat a", "          cat b", ""].join("\n") });
    const cwd = r.json([]).findings.filter((f) => f.code === "UNRESOLVED_CWD");
    expect(cwd.map((f) => `${f.file}:${f.line}`)).toEqual([".github/workflows/ci.yml:8", ".github/workflows/ci.yml:12",
      "a.sh:3", "b.sh:3"]);
    for (const f of cwd) expect(f.message).toContain("(the same at 1 more place in this shell: line");
  });
});

describe("the fold is presentation: suppressions and baselines see every place", () => {
  const text = script('cd "$DIR"', "cat a", "cat b", "cat c");

  test("a suppressed first place leaves the next one to report", () => {
    const r = repo({
      "s.sh": script('cd "$DIR" # shellfence: ignore UNRESOLVED_WORD -- set by the caller',
        "cat a # shellfence: ignore UNRESOLVED_CWD -- a is the caller's", "cat b", "cat c"),
    });
    expect(shown(r.json([]).findings)).toEqual([
      "s.sh:4 UNRESOLVED_CWD cat: b: the working directory for b is not known (the same at 1 more place in this shell: line 5)",
    ]);
  });

  test("a baseline holds every place; a place added later is new even when the first is accepted", () => {
    const r = repo({ "s.sh": text });
    const baseline = join(r.top, "baseline.json");
    const written = r.scan(["--write-baseline", baseline]);
    expect(written.stderr).toContain("wrote 4 findings");
    expect(r.json(["--baseline", baseline]).findings).toEqual([]);
    r.write({ "s.sh": script('cd "$DIR"', "cat a", "cat b", "cat c", "rm -rf d") });
    expect(shown(r.json(["--baseline", baseline]).findings)).toEqual([
      "s.sh:6 UNRESOLVED_CWD rm: d: the working directory for d is not known",
    ]);
  });
});
