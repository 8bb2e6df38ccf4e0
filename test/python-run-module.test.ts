// What the standard library's `python -m MODULE` command lines do, for the rules of
// src/commands/table/dev/python-run-module.ts (the guard's cases are in test/commands/dev.test.ts):
// each module below runs code from its words or its standard input, or writes outside where an
// archive says. Each run here leaves a marker file outside its working directory to show it.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const python = spawnSync("python3", ["-c", "import sys; print('%d.%d' % sys.version_info[:2])"], { encoding: "utf8" });
const version = python.status === 0 ? python.stdout.trim() : null;

let scratch = "";
let work = "";
let outside = "";
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "sf-pymod-"));
  work = join(scratch, "work");
  outside = join(scratch, "outside");
  mkdirSync(work);
  mkdirSync(outside);
  writeFileSync(join(work, "script.py"), "pass\n");
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const run = (args: readonly string[], input = "") =>
  spawnSync("python3", args, { cwd: work, encoding: "utf8", input, timeout: 20_000 });
const marks = (name: string) => `open('../outside/${name}', 'w').close()`;

describe("python -m: what the modules do", () => {
  test("python3 is here (the rules were checked against it)", () => {
    // Under CI a missing python3 is a failure, not a skip: the cases below would not run.
    expect(version).not.toBeNull();
  });
  const cases: readonly (readonly [string, (m: string) => readonly string[], (m: string) => string])[] = [[
    "timeit runs its -s setup",
    (m) => ["-m", "timeit", "-n1", "-r1", "-s", marks(m), "pass"],
    () => "",
  ], ["timeit runs its statement", (m) => ["-m", "timeit", "-n1", "-r1", marks(m)], () => ""], [
    "code runs what it reads",
    () => ["-m", "code"],
    (m) => `${marks(m)}\n`,
  ], ["asyncio runs what it reads", () => ["-m", "asyncio"], (m) => `${marks(m)}\n`], ["pdb runs statements it reads",
    () => ["-m", "pdb", "script.py"], (m) => `${marks(m)}\nc\n`], ["cProfile -m runs another module's command line",
    (m) => ["-m", "cProfile", "-m", "timeit", "-n1", "-r1", "-s", marks(m), "pass"], () => ""], [
    "profile -m runs another module's command line",
    (m) => ["-m", "profile", "-m", "timeit", "-n1", "-r1", "-s", marks(m), "pass"],
    () => "",
  ]];
  for (const [name, args, input] of cases) {
    test(name, () => {
      const m = name.replace(/\W+/g, "-");
      run(args(m), input(m));
      expect(existsSync(join(outside, m))).toBe(true);
    });
  }
  test("pickle calls what a pickle names", () => {
    run(["-c",
      `import pickle\nclass E:\n  def __reduce__(self): return (open, ('../outside/pickled', 'w'))\npickle.dump(E(), open('e.pkl', 'wb'))`]);
    run(["-m", "pickle", "e.pkl"]);
    expect(existsSync(join(outside, "pickled"))).toBe(true);
  });
  test("tarfile -e writes a ../ member where it says (before Python 3.14)", () => {
    run(["-c",
      "import tarfile, io\nt = tarfile.open('evil.tar', 'w')\ni = tarfile.TarInfo('../../outside/untarred'); i.size = 1\nt.addfile(i, io.BytesIO(b'x'))\nt.close()"]);
    mkdirSync(join(work, "into"), { recursive: true });
    run(["-m", "tarfile", "-e", "evil.tar", "into"]);
    const [major, minor] = (version ?? "0.0").split(".").map(Number) as [number, number];
    const filtered = major > 3 || (major === 3 && minor >= 14);
    expect(existsSync(join(outside, "untarred"))).toBe(!filtered);
  });
});
