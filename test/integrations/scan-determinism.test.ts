// `shellfence scan` gives the same findings whoever scans, wherever: a fixture repository is
// scanned twice, with two different home directories (one holding the files its scripts
// glob, one empty) and two different temp directories, and the JSON and SARIF outputs must be
// the same bytes. Its scripts use what differs between machines: $HOME and ~, a glob outside
// the checkout (over a directory of the fixture's that holds files, and over this machine's
// /var/cache/apt), /proc with a pid that is not known, a glob over /proc, mktemp. Then what the
// scan says of them: a glob outside the roots is one finding with the pattern as its path,
// not one per file; a path in the home is `~/…`; a library's findings are reported once, in
// the library; `$0` and `BASH_SOURCE` are the script's path, so `cd "$(dirname "$0")"` is
// followed — while an agent's command (`check`) still lists the glob on the real disk.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("../..", import.meta.url).pathname;

interface Fx {
  readonly top: string;
  readonly repo: string;
  readonly outside: string;
  readonly homes: readonly [string, string];
  readonly temps: readonly [string, string];
}

let fx: Fx;

beforeAll(() => {
  const top = realpathSync(mkdtempSync(join(tmpdir(), "shellfence-determinism-")));
  const repo = join(top, "repo");
  const outside = join(top, "outside");
  const homes = [join(top, "home-a"), join(top, "home-b")] as const;
  const temps = [join(top, "tmp-a"), join(top, "tmp-b")] as const;
  for (const d of [repo, join(repo, "scripts", "lib"), join(repo, "build"), outside, ...homes, ...temps]) {
    mkdirSync(d, { recursive: true });
  }
  // What differs between the two runs: the first home holds the files the script globs, the
  // second none; each temp directory holds a file of its own name.
  mkdirSync(join(homes[0], ".config", "app"), { recursive: true });
  for (const f of ["a.json", "b.json"]) writeFileSync(join(homes[0], ".config", "app", f), "{}\n");
  writeFileSync(join(homes[0], ".npmrc"), "//registry/:_authToken=x\n");
  writeFileSync(join(temps[0], "x.log"), "");
  writeFileSync(join(temps[1], "y.log"), "");
  for (const f of ["one.deb", "two.deb", "three.deb"]) writeFileSync(join(outside, f), "");
  const files: Record<string, string> = {
    "scripts/build.sh": ["#!/bin/bash", "set -e", 'cd "$(dirname "$0")/.."', "cat build/config", 'cat "$HOME/.npmrc"',
      "cp ~/.config/app/*.json build/", `cp ${outside}/*.deb build/`, "cp /var/cache/apt/archives/*deb build/",
      "cat /proc/$PPID/cmdline", "ls /proc/*/status", "tmp=$(mktemp -d)", 'cp build/out "$tmp/"',
      'cat "${TMPDIR:-/tmp}"/*.log', 'rm -rf "$tmp"', ""].join("\n"),
    "scripts/release.sh": ["#!/bin/bash", 'SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)',
      'source "$SCRIPT_DIR/lib/common.sh"', 'cd "$SCRIPT_DIR"', "cat ../build/config", "log one", "log two",
      "log three", 'cd "${0%/*}"', "cat lib/common.sh", ""].join("\n"),
    "scripts/lib/common.sh": ['LIB_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"',
      'log() { echo "$(date) $*" >> "$LOGFILE"; cat "$LIB_DIR/../../build/config"; }', ""].join("\n"),
    "build/config": "x\n",
  };
  for (const [f, c] of Object.entries(files)) writeFileSync(join(repo, f), c);
  fx = { top, repo, outside, homes, temps };
});

afterAll(() => rmSync(fx.top, { recursive: true, force: true }));

function run(args: readonly string[], run: 0 | 1) {
  const r = spawnSync(process.execPath, [join(root, "src", "cli", "run.ts"), ...args], { encoding: "utf8", cwd: fx.repo,
    env: { PATH: process.env.PATH ?? "", HOME: fx.homes[run], TMPDIR: fx.temps[run] } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly code: string;
  readonly message: string;
}

describe("scan: the same findings on any machine", () => {
  test("two homes and two temp directories: JSON and SARIF byte for byte the same", () => {
    for (const format of ["json", "sarif"]) {
      const a = run(["scan", "--unknowns", "--format", format, "."], 0);
      const b = run(["scan", "--unknowns", "--format", format, "."], 1);
      expect(a.stderr).toContain("3 files scanned");
      expect(a.stdout.length).toBeGreaterThan(100);
      expect(b.stdout).toBe(a.stdout);
    }
  }, 60_000);

  test("what it finds: each outside glob once, as its pattern; the home as ~; $0 followed; a library once", () => {
    const found = JSON.parse(run(["scan", "--unknowns", "--format", "json", "."], 0).stdout) as Finding[];
    const at = (file: string, line: number) =>
      found.filter((f) => f.file === file && f.line === line).map((f) => `${f.code} ${f.message}`);
    const build = "scripts/build.sh";
    // cd "$(dirname "$0")/.." is the root: build/config is read there, and nothing is said of it.
    expect(at(build, 3)).toEqual([]);
    expect(at(build, 4)).toEqual([]);
    expect(at(build, 5)).toEqual([
      "EXTERNAL_PATH cat: ~/.npmrc is outside the project roots (rule external_directory:*)",
    ]);
    expect(at(build, 6)).toEqual([
      "EXTERNAL_PATH glob: ~/.config/app is outside the project roots (rule external_directory:*)",
      "UNRESOLVED_WORD cp: ~/.config/app/*.json: a glob outside the roots, whose matches on the machine that runs it are not known here",
    ]);
    // Three files there on this machine: still one finding for the pattern, and one for the listing.
    expect(at(build, 7)).toEqual([
      `EXTERNAL_PATH glob: ${fx.outside} is outside the project roots (rule external_directory:*)`,
      `UNRESOLVED_WORD cp: ${fx.outside}/*.deb: a glob outside the roots, whose matches on the machine that runs it are not known here`,
    ]);
    expect(at(build, 8)).toHaveLength(2);
    expect(at(build, 9)).toEqual([
      "UNRESOLVED_WORD cat: /proc/$PPID/cmdline: $PPID is a number the guard does not compute",
    ]);
    expect(at(build, 10)).toEqual(["EXTERNAL_PATH glob: /proc is outside the project roots (rule external_directory:*)",
      "UNRESOLVED_WORD ls: /proc/*/status: a glob outside the roots, whose matches on the machine that runs it are not known here"]);
    expect(found.some((f) => /\/proc\/[0-9]/.test(f.message))).toBe(false);
    // The library's own unknown word, once, in the library, though three calls and two files reach it.
    const log = found.filter((f) => f.message.includes("$LOGFILE"));
    expect(log.map((f) => [f.file, f.line, f.code, f.message])).toEqual([["scripts/lib/common.sh", 2, "UNRESOLVED_WORD",
      'echo >>: "$LOGFILE": $LOGFILE is not known']]);
    // release.sh: BASH_SOURCE, `cd "$SCRIPT_DIR"`, the library's cat, `cd "${0%/*}"`: all inside, all known.
    expect(found.filter((f) => f.file === "scripts/release.sh")).toEqual([]);
    // Nothing of this machine's or this run's directories is in any message.
    for (const f of found) {
      for (const dir of [...fx.homes, ...fx.temps, fx.repo]) expect(f.message).not.toContain(dir);
    }
  }, 30_000);

  test("an agent's command is judged on this machine: the glob outside is listed, file by file", () => {
    const r = run(["check", "--json", "--home", fx.homes[0], "--", `cp ${fx.outside}/*.deb build/`], 0);
    const v = JSON.parse(r.stdout) as { accesses: { kind: string; path: string }[] };
    const reads = v.accesses.filter((a) => a.kind === "read").map((a) => a.path).sort();
    expect(reads).toEqual(["one.deb", "three.deb", "two.deb"].map((f) => `${fx.outside}/${f}`));
    const home = run(["check", "--json", "--home", fx.homes[0], "--", "cat ~/.config/app/*.json"], 0);
    const paths = (JSON.parse(home.stdout) as { accesses: { path: string }[] }).accesses.map((a) => a.path);
    expect(paths).toContain(join(fx.homes[0], ".config", "app", "a.json"));
  }, 30_000);
});
