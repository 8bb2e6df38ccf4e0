// A script's own path (issue #32, item 1a): `$0` and BASH_SOURCE are the path a script is run
// by, so `cd "$(dirname "$0")"`, `cd "${0%/*}"`, `SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")"
// && pwd)` and `source "$SCRIPT_DIR/lib.sh"` are followed, as bash follows them (each run here
// first: what it prints says which file it read). An agent's command runs in a shell whose `$0`
// is the shell: not known. Checked without golden verdicts (assertCase): the cases are new.

import { beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { assertCase, type Case, useSandbox } from "./support/table.ts";

const box = useSandbox();

const SCRIPTS: Record<string, string> = { "scripts/up.sh": '#!/bin/bash\ncd "$(dirname "$0")/.." && cat README.md\n',
  "scripts/out.sh": '#!/bin/bash\ncd "$(dirname "$0")/../.." && cat outside/secret.txt\n',
  "scripts/strip.sh": '#!/bin/bash\ncd "${0%/*}" && cat ../README.md\n',
  "scripts/strip-out.sh": '#!/bin/bash\ncd "${0%/*}" && cat ../../outside/secret.txt\n',
  "scripts/lib/common.sh": 'LIB=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)\nshow() { cat "$LIB/$1"; }\n' +
    'here() { cat "$(dirname "${BASH_SOURCE[0]}")/data.txt"; }\n', "scripts/lib/data.txt": "lib data\n",
  "scripts/release.sh": '#!/bin/bash\nSCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)\n' +
    'source "$SCRIPT_DIR/lib/common.sh"\ncd "$SCRIPT_DIR/.."\nshow data.txt\nhere\n',
  "scripts/release-out.sh": '#!/bin/bash\nSCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)\n' +
    'source "$SCRIPT_DIR/lib/common.sh"\nshow ../../../outside/secret.txt\n' };

beforeAll(() => {
  for (const [f, c] of Object.entries(SCRIPTS)) {
    mkdirSync(join(box.fx.project, f, ".."), { recursive: true });
    writeFileSync(join(box.fx.project, f), c);
    chmodSync(join(box.fx.project, f), 0o755);
  }
});

function bash(command: string): string {
  return spawnSync("bash", ["-c", command], { cwd: box.fx.project, encoding: "utf8" }).stdout;
}

describe("a script's $0 and BASH_SOURCE", () => {
  test("bash: each script reads the file its own directory leads to", () => {
    expect(bash("./scripts/up.sh")).toBe("# project\n");
    expect(bash("bash scripts/up.sh")).toBe("# project\n");
    expect(bash("./scripts/out.sh")).toBe("outside-secret\n");
    expect(bash("./scripts/strip.sh")).toBe("# project\n");
    expect(bash("./scripts/strip-out.sh")).toBe("outside-secret\n");
    expect(bash("./scripts/release.sh")).toBe("lib data\nlib data\n");
    expect(bash("./scripts/release-out.sh")).toBe("outside-secret\n");
    // A function defined in a sourced file: BASH_SOURCE[0] is that file as `source` was given it.
    expect(bash("source scripts/lib/common.sh; here")).toBe("lib data\n");
    expect(bash('D=$(cd src && pwd); echo "$D"')).toBe(`${box.fx.project}/src\n`);
  });

  const cases: readonly Case[] = [
    ["./scripts/up.sh", "allow", ["read $P/README.md"]],
    ["bash scripts/up.sh", "allow", ["read $P/README.md"]],
    ["./scripts/out.sh", "ask", ["read $O/secret.txt"]],
    ["./scripts/strip.sh", "allow", ["read $P/README.md"]],
    ["./scripts/strip-out.sh", "ask", ["read $O/secret.txt"]],
    ["./scripts/release.sh", "allow", ["read $P/scripts/lib/data.txt"]],
    ["./scripts/release-out.sh", "ask", ["read $O/secret.txt"]],
    // In an agent's command BASH_SOURCE is not known (the host's shell may be in a file of its
    // own): only its first entry would be in a sourced file, and the guard keeps it whole.
    ["source scripts/lib/common.sh; here", "ask", ["#UNRESOLVED_WORD"]],
    // $(cd DIR && pwd): where the cd lands, when it always gets there.
    ['D=$(cd src && pwd); cat "$D/main.ts"', "allow", ["read $P/src/main.ts"]],
    ['D=$(cd ../outside && pwd -P); cat "$D/secret.txt"', "ask", ["read $O/secret.txt"]],
    ['D=$(cd src; pwd); cat "$D/main.ts"', "allow", ["read $P/src/main.ts"]],
    // A cd that may fail prints nothing before `&&`, and leaves pwd where it was after `;`.
    ['D=$(cd nowhere && pwd); cat "$D/x"', "ask", ["#UNRESOLVED_WORD"]],
    ['D=$(cd nowhere; pwd); rm -rf "$D"', "ask", ["#UNRESOLVED_WORD"]],
    // An agent's command: $0 is the shell's, and BASH_SOURCE is not known.
    ['cd "$(dirname "$0")" && rm -rf build', "ask", ["#UNRESOLVED_WORD"]],
    ['cd "$(dirname "${BASH_SOURCE[0]}")" && rm -rf build', "ask", ["#UNRESOLVED_WORD"]],
  ];
  for (const c of cases) test(`${c[0]} → ${c[1]}`, () => assertCase(box, c));

  test("in a script, a function from a sourced file has that file as BASH_SOURCE[0], as given to source", () => {
    const at = (text: string) =>
      box.guard.check(text, { cwd: box.fx.project, script: "./x.sh" }).accesses.map((a) => [a.kind, a.resolved]);
    expect(at("source scripts/lib/common.sh; here")).toContainEqual(["read",
      join(box.fx.project, "scripts/lib/data.txt")]);
    // After a cd, the relative name leads elsewhere, as in bash (`cd src; here` reads src/scripts/lib/…).
    expect(at("source scripts/lib/common.sh; cd src; here")).toContainEqual(["read",
      join(box.fx.project, "src/scripts/lib/data.txt")]);
    // (bash: the relative name is not found from src, though it is there from the project.)
    expect(bash("source scripts/lib/common.sh; cd src; here 2>&1")).toBe(
      "cat: scripts/lib/data.txt: No such file or directory\n",
    );
  });

  test("a script checked as the file it is (the scanner): $0 is its path", () => {
    const text = 'cd "$(dirname "$0")/.." && rm -rf build\n';
    const v = box.guard.check(text, { cwd: box.fx.project, script: "./scripts/clean.sh" });
    expect(v.decision).toBe("allow");
    expect(v.accesses.map((a) => [a.kind, a.resolved])).toContainEqual(["write", join(box.fx.project, "build")]);
    const out = box.guard.check('cd "$(dirname "$0")/../.." && rm -rf build\n', { cwd: box.fx.project,
      script: "./scripts/clean.sh" });
    expect(out.decision).toBe("ask");
    expect(out.accesses.map((a) => [a.kind, a.resolved])).toContainEqual(["write", join(box.fx.top, "work", "build")]);
  });
});
