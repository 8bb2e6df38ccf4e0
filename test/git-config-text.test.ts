// git's configuration format as the guard reads it (src/commands/table/vcs/git-config-text.ts),
// against git itself: each file is listed by `git config -f FILE --no-includes --list -z`, and
// the guard must read the same settings, or refuse a file git refuses. And an alias's words as
// git splits them, against what `git x` hands the command it runs.

import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseGitConfig, splitCmdline } from "../src/commands/table/vcs/git-config-text.ts";

const hasGit = spawnSync("git", ["--version"]).status === 0;

const FILES: readonly string[] = [
  "[core]\n\tpager = less -FRX\n\teditor = vim\n",
  '[alias]\n\tx = !cat ~/.ssh/id_rsa\n\ty = x ; a comment\n\tz = "a ; b # c"\n',
  '[remote "origin"]\n\turl = https://example.com/x.git\n[Remote "Origin"]\n\tURL = y\n',
  "[core] pager = a\n[user]name=b\n",
  "[section.Sub]\n\tkey = v\n",
  '[s "a\\"b\\\\c"]\n\tk = v\n',
  '[core]\n\tpager = a \\\n  b\n\teditor = "x\\ty\\nz\\\\\\""\n',
  "[core]\n\tbare\n\tflag # comment\n\tpager =\n",
  "[core]\n\tpager = a   b\t\tc   \n",
  "\uFEFF[core]\n\tpager = bom\n",
  "# only a comment\n; another\n",
  "[core]\r\n\tpager = crlf\r\n",
  '[filter "lfs"]\n\tclean = git-lfs clean -- %f\n\trequired = true\n',
  '[includeIf "gitdir:~/work/"]\n\tpath = ~/.gitconfig-work\n',
  // Files git refuses.
  "[alias\n\tx = ls\n",
  "key = outside a section\n",
  '[core]\n\tpager = "unclosed\n',
  "[core]\n\tpager = bad \\q escape\n",
  "[core]\n\t1key = v\n",
  '[core "sub]\n\tk = v\n',
  "[core]\n\tkey: v\n",
];

/** What git lists: `key=value` (a key with no `=` alone), or null when git refuses the file. */
function gitList(dir: string, text: string): string[] | null {
  const file = join(dir, "config");
  writeFileSync(file, text);
  const r = spawnSync("git", ["config", "-f", file, "--no-includes", "--list", "-z"], { encoding: "utf8" });
  if (r.status !== 0) return null;
  return r.stdout.split("\0").filter((e) => e !== "").map((e) => {
    const nl = e.indexOf("\n");
    return nl < 0 ? e : `${e.slice(0, nl)}=${e.slice(nl + 1)}`;
  });
}

describe.skipIf(!hasGit)("git's configuration, read as git reads it", () => {
  const dir = mkdtempSync(join(tmpdir(), "shellfence-gitconfig-"));
  for (const text of FILES) {
    test(JSON.stringify(text), () => {
      const want = gitList(dir, text);
      const got = parseGitConfig(text);
      if (want === null) expect("error" in got ? "refused" : got).toBe("refused");
      else {
        expect("entries" in got ? got.entries.map((e) => (e.value === null ? e.key : `${e.key}=${e.value}`)) : got)
          .toEqual(want);
      }
    });
  }
  test("cleanup", () => rmSync(dir, { recursive: true, force: true }));
});

describe.skipIf(!hasGit)("an alias's words, as git splits them", () => {
  const ALIASES = ["log --oneline -5", "  a   b  ", "'a b' \"c d\" e\\ f", "a'b'c \"x\\\"y\" 'p\\q'"];
  const dir = mkdtempSync(join(tmpdir(), "shellfence-alias-"));
  spawnSync("git", ["init", "-q", dir]);
  for (const alias of ALIASES) {
    test(JSON.stringify(alias), () => {
      // `git x` runs `git-ARGS…`'s words through `git rev-parse --sq-quote`, which prints each word it was given.
      const r = spawnSync("git", ["-c", `alias.x=rev-parse --sq-quote ${alias}`, "x"], { cwd: dir, encoding: "utf8" });
      const words = splitCmdline(`rev-parse --sq-quote ${alias}`)!.slice(2);
      const quoted = words.map((w) => ` '${w.replace(/'/g, "'\\''")}'`).join("");
      expect(r.stdout.replace(/\n$/, "")).toBe(quoted);
    });
  }
  test("an unclosed quote: git stops", () => {
    const r = spawnSync("git", ["-c", "alias.x=log 'a", "x"], { cwd: dir, encoding: "utf8" });
    expect(r.status).not.toBe(0);
    expect(splitCmdline("log 'a")).toBeNull();
  });
  test("cleanup", () => rmSync(dir, { recursive: true, force: true }));
});
