// `[ -h FILE ]` in a scan (Accesses.linkInCheckout): whether a file of the checkout is a symlink
// is what git checked out, on the runner as here, so the canonical own-location loop
// (`while [ -h "$SOURCE" ]; do SOURCE="$(readlink "$SOURCE")"; done`) is not entered for a
// script that is no link, and the script's directory stays known. terraform's scripts/build.sh:
// 25 findings shown before, 3 after, the rest read from the root's parent. An agent's check never
// answers it from the disk: a background job may change the disk between the check and the run.

import { afterAll, describe, expect, test } from "bun:test";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { createGuard } from "../../src/index.ts";
import { ScanRepo, where } from "./scan-repo.ts";

const OWN_DIR = ["#!/bin/bash", 'SOURCE="${BASH_SOURCE[0]}"',
  'while [ -h "$SOURCE" ] ; do SOURCE="$(readlink "$SOURCE")"; done',
  'DIR="$( cd -P "$( dirname "$SOURCE" )/.." && pwd )"', 'cd "$DIR" || exit', "cat README.md", ""].join("\n");

const r = new ScanRepo({ "scripts/build.sh": OWN_DIR, "README.md": "# r\n",
  "scripts/neg.sh": "#!/bin/sh\n[ ! -L scripts/neg.sh ] || cat ../outside.txt\n" });
symlinkSync("build.sh", join(r.repo, "scripts", "linked.sh"));
afterAll(() => r.remove());

describe("a script's own-location loop in a scan", () => {
  test("a script that is no symlink: the loop is not entered, its directory is known, nothing to report", () => {
    expect(where(r.json(["scripts/build.sh"]).findings)).toEqual([]);
  });
  test("one that is a symlink: readlink's output is not known, and neither is the directory", () => {
    const codes = where(r.json(["scripts/linked.sh"]).findings);
    expect(codes).toContain("scripts/linked.sh:6 UNRESOLVED_CWD");
  });
  test("`[ ! -L FILE ]` is decided too", () => {
    expect(where(r.json(["scripts/neg.sh"]).findings)).toEqual([]);
  });
});

describe("an agent's check does not answer it from the disk", () => {
  test("`[ -h FILE ] || cat ../x` asks for ../x, FILE being no link", async () => {
    const guard = await createGuard({ roots: [r.repo], home: r.home });
    const v = guard.check("[ -h scripts/build.sh ] || cat ../outside.txt", { cwd: r.repo });
    expect(v.decision).toBe("ask");
    expect(v.reasons.map((x) => x.code)).toContain("EXTERNAL_PATH");
  });
});
