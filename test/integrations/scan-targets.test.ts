// Which files a walk takes for scripts (src/integrations/scan-targets.ts): a file that starts
// with a shell's `#!` is a script, unless it cannot be run by its name (no execute bit) and its
// name says it is data (an extension that is not a shell's). kubernetes/kops keeps the expected
// cloud-init user data of its integration tests (`…_user_data`, `bootstrapscript_0.txt`) as such
// files: 7,324 of its 9,656 findings were in them. Such a file that a scanned script or step runs,
// or one named on the command line, is still scanned.

import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync } from "node:fs";
import { join } from "node:path";
import { ScanRepo } from "./scan-repo.ts";

const repos: ScanRepo[] = [];
afterAll(() => {
  for (const r of repos) r.remove();
});

const BOOT = "#!/bin/bash\nmkdir -p /var/cache/kubernetes-install\n";

/** The files with findings, after a walk of a repository holding `file` (mode `mode`) and `more`. */
function scannedFiles(file: string, mode: number, more: Readonly<Record<string, string>> = {},
  args: readonly string[] = []): string[]
{
  const r = new ScanRepo({ [file]: BOOT, ...more });
  repos.push(r);
  chmodSync(join(r.repo, file), mode);
  return [...new Set(r.json(args).findings.map((f) => f.file))].sort();
}

describe("a #! file with a data file's name and no execute bit is not a script of the repository", () => {
  test.each<[string, string, number, string[]]>([["test data, not executable: passed over",
    "tests/data/bootstrapscript_0.txt", 0o644, []], ["an odd extension, not executable: passed over",
    "tests/data/launch_template.com_user_data", 0o644, []], ["the same with the execute bit: a script",
    "tests/data/bootstrapscript_0.txt", 0o755, ["tests/data/bootstrapscript_0.txt"]], [
    "no extension, not executable (a library, a completion script): a script",
    "lib/boot",
    0o644,
    ["lib/boot"],
  ], [
    // (kops: tests/integration/update_cluster/minimal_gce/data/…_metadata_user-data.)
    "no extension, not executable, in a test's data: passed over",
    "tests/integration/gce/data/template_metadata_user-data",
    0o644,
    [],
  ], ["no extension, not executable, in testdata/: passed over", "pkg/x/testdata/script1", 0o644, []], [
    "no extension, executable, in a test's data: a script",
    "tests/data/run-me",
    0o755,
    ["tests/data/run-me"],
  ], ["a shell's extension, not executable: a script", "scripts/boot.sh", 0o644, ["scripts/boot.sh"]], [
    "a .bash one: a script",
    "scripts/boot.bash",
    0o644,
    ["scripts/boot.bash"],
  ], [
    // (oh-my-zsh's plugins/kube-ps1/kube-ps1.plugin.zsh starts with #!/usr/bin/env bash.)
    "a shell's extension, even zsh's, with a bash #!: a script",
    "plugins/x.plugin.zsh",
    0o644,
    ["plugins/x.plugin.zsh"],
  ]])("%s", (_name, file, mode, expected) => {
    expect(scannedFiles(file, mode)).toEqual(expected);
  });

  test("one a scanned script runs is scanned", () => {
    expect(scannedFiles("tests/data/boot.txt", 0o644, { "ci.sh": "#!/bin/sh\nbash tests/data/boot.txt\n" })).toEqual([
      "tests/data/boot.txt",
    ]);
  });

  test("one a workflow step runs is scanned", () => {
    const workflow = ["on: [push]", "jobs:", "  j:", "    runs-on: ubuntu-latest", "    steps:",
      "      - run: sh tests/data/boot.txt", ""].join("\n");
    expect(scannedFiles("tests/data/boot.txt", 0o644, { ".github/workflows/ci.yml": workflow })).toEqual([
      "tests/data/boot.txt",
    ]);
  });

  test("one named on the command line is scanned", () => {
    expect(scannedFiles("tests/data/boot.txt", 0o644, {}, ["tests/data/boot.txt"])).toEqual(["tests/data/boot.txt"]);
  });
});

// oh-my-zsh keeps zsh code in files named .sh with no #! line (oh-my-zsh.sh,
// tools/check_for_upgrade.sh) and completion functions that start `#compdef`: 47 of its 114
// findings were the parse errors of zsh syntax read as bash. Such a file is said to be skipped
// (zsh, not judged), as one with a zsh #! is; a file with a bash #! stays a script whatever it
// holds (its zsh code may sit in a branch bash never runs).
describe("a .sh file without a #! line that is zsh is skipped, said so", () => {
  const ZSH_FLAGS = 'export ZSH="${${(%):-%x}:a:h}"\nmkdir -p /var/cache/x\n';
  const skipped = (files: Readonly<Record<string, string>>) => {
    const r = new ScanRepo(files);
    repos.push(r);
    const { findings, run } = r.json([]);
    return { files: [...new Set(findings.map((f) => f.file))].sort(), stderr: run.stderr };
  };
  test.each<[string, string, string]>([["a `${(flags)…}` expansion", "oh-my-zsh.sh", ZSH_FLAGS], [
    "a nested `${${…}}` expansion",
    "tools/up.sh",
    "repo=${${url#https://}%.git}\nmkdir -p /var/cache/x\n",
  ], ['a `${"$(…)":-…}` expansion', "tools/b.sh", 'b=${"$(git config x)":-master}\nmkdir -p /var/cache/x\n'], [
    "a #compdef completion function",
    "plugins/wd/_wd.sh",
    "#compdef wd\nmkdir -p /var/cache/x\n",
  ]])("%s: skipped, named on stderr", (_name, file, text) => {
    const s = skipped({ [file]: text });
    expect(s.files).toEqual([]);
    expect(s.stderr).toContain(`skipped ${file}:1:1: zsh`);
  });
  // ohmyzsh's shell-proxy.plugin.zsh has a bash #! line, and zsh's `${${…}}` and `${(%)…}`,
  // which bash cannot run: zsh sources it.
  test("a file named .zsh in zsh's syntax is skipped whatever its #! says; one in bash's is a script", () => {
    const s = skipped({ "plugins/p/p.plugin.zsh": `#!/usr/bin/bash\n${ZSH_FLAGS}`,
      "tools/plain.zsh": "#!/usr/bin/env bash\nmkdir -p /var/cache/x\n" });
    expect(s.files).toEqual(["tools/plain.zsh"]);
    expect(s.stderr).toContain("skipped plugins/p/p.plugin.zsh:1:1: zsh: named .zsh");
  });
  test("bash without a #! line, and bash with zsh code under a bash #!, are scripts", () => {
    expect(skipped({ "a.sh": "mkdir -p /var/cache/x\n", "b.sh": `#!/usr/bin/env bash\n${ZSH_FLAGS}` }).files).toEqual([
      "a.sh",
      "b.sh",
    ]);
  });
});

// fzf fills test/lib/common.sh in from Ruby (`unset <%= UNSETS.join(' ') %>`) before it is a
// script: read as bash it gave 6 parse errors. A shell file with no #! line holding such a tag
// is skipped and said so; a script that only mentions `<%` (in a string, unclosed) is not.
describe("a shell file with no #! line that is an ERB template is skipped, said so", () => {
  const run = (files: Readonly<Record<string, string>>) => {
    const r = new ScanRepo(files);
    repos.push(r);
    const { findings, run: scan } = r.json([]);
    return { files: [...new Set(findings.map((f) => f.file))].sort(), stderr: scan.stderr };
  };
  test("a tag: skipped", () => {
    const s = run({ "test/lib/common.sh": "unset <%= UNSETS.join(' ') %>\nmkdir -p /var/cache/x\n" });
    expect(s.files).toEqual([]);
    expect(s.stderr).toContain("skipped test/lib/common.sh:1:1: a template (<%= UNSETS.join(' ') %>)");
  });
  test("no tag, or a #! line: a script", () => {
    expect(
      run({ "a.sh": "echo '<%'\nmkdir -p /var/cache/x\n", "b.sh": "#!/bin/sh\n# <%= x %>\nmkdir -p /var/cache/x\n" })
        .files,
    ).toEqual(["a.sh", "b.sh"]);
  });
});
