// A batch or a scan remembers every filesystem answer for its run (src/paths/memo-fs.ts): the
// verdicts must be the ones a guard asking the disk each time gives, on the same disk, and the
// memo must be the batch's and the scan's only (a host's guard asks the disk every call).

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGuard } from "../src/index.ts";
import { nodeFileSystem } from "../src/paths/fs.ts";
import { memoisedFileSystem } from "../src/paths/memo-fs.ts";
import { main } from "../src/cli/main.ts";

let top: string;
let project: string;
beforeAll(() => {
  top = mkdtempSync(join(tmpdir(), "shellfence-memo-"));
  project = join(top, "project");
  for (const d of ["src/lib", "test", "node_modules/.bin", "docs"]) mkdirSync(join(project, d), { recursive: true });
  mkdirSync(join(top, "outside"), { recursive: true });
  writeFileSync(join(project, "src/a.ts"), "export const a = 1;\n");
  writeFileSync(join(project, "src/lib/b.ts"), "export const b = 2;\n");
  writeFileSync(join(project, "README.md"), "# x\n");
  writeFileSync(join(project, "list.txt"), "src/a.ts\nREADME.md\n");
  writeFileSync(join(top, "outside/secret"), "k\n");
  symlinkSync("../outside", join(project, "out"));
  symlinkSync("src/lib", join(project, "lib"));
});
afterAll(() => rmSync(top, { recursive: true, force: true }));

// Commands that ask the same questions again and again: walks, globs, symlinks in and out.
const COMMANDS = ["ls -R", "find . -name '*.ts'", "cat src/*.ts lib/*.ts", "grep -r export .", "cat out/secret",
  "cd lib && cat ../README.md", "find . -type l -exec cat {} +", "xargs cat < list.txt", "rm -rf out/", "ls lib/ out/",
  "cat $(find . -name '*.md')", "cp -r src build && ls build", "find out -delete", "du -sh *"];

describe("memoised filesystem answers (a batch, a scan)", () => {
  test("every verdict is the one a guard asking the disk each time gives, command after command", async () => {
    const plain = await createGuard({ home: join(top, "home") });
    const memo = await createGuard({ home: join(top, "home"), unchangingDisk: true });
    // Twice over, so that the second round is answered from the memo.
    for (const command of [...COMMANDS, ...COMMANDS]) {
      expect([command, memo.check(command, { cwd: project })]).toEqual([command,
        plain.check(command, { cwd: project })]);
    }
  });

  test("the memo keeps its first answer: what changes on disk during the run is not seen (why hosts never use it)",
    () => {
      const reads: string[] = [];
      const fs = memoisedFileSystem({ ...nodeFileSystem, lstat: (p) => (reads.push(p), nodeFileSystem.lstat(p)) });
      const p = join(top, "appears");
      expect(fs.lstat(p)).toBeNull();
      writeFileSync(p, "");
      expect(fs.lstat(p)).toBeNull();
      expect(reads).toEqual([p]);
      expect(nodeFileSystem.lstat(p)).toBe("file");
    });

  test("a list it hands out is the caller's own", () => {
    const fs = memoisedFileSystem(nodeFileSystem);
    fs.readdir(project)!.push("planted");
    expect(fs.readdir(project)).not.toContain("planted");
  });

  test("check --jsonl gives the verdicts check gives, one by one", async () => {
    const run = async (argv: string[], stdin: string) => {
      let out = "";
      await main(argv, { stdout: (s) => void (out += s), stderr: () => {}, isTTY: false,
        stdin: async function*() {
          for (const line of stdin.split("\n")) if (line) yield line;
        }, env: { HOME: join(top, "home") } });
      return out;
    };
    const batch =
      (await run(["check", "--jsonl", "--cwd", project],
        COMMANDS.map((command) => JSON.stringify({ command }) + "\n").join(""))).trim().split("\n");
    const single = await Promise.all(
      COMMANDS.map(async (c) => (await run(["check", "--json", "--cwd", project, "--", c], "")).trim()),
    );
    expect(batch).toEqual(single);
  });
});
