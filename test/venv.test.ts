// PATH set in the command to directories of the project: a name it finds there is that file
// (src/interp/path-lookup.ts), judged as `./bin/NAME` is; a symlink of the project's to a system
// program is that program.

import { beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { assertCase, table, useSandbox } from "./support/table.ts";

const box = useSandbox();

table("a name PATH finds among the project's files is that file", box, [
  ["PATH=$P/scripts build.sh", "allow", ["list $P/src", "#SCRIPT_INTERPRETED"]],
  ["PATH=$P/scripts escape.sh", "ask", ["read $O/secret.txt"]],
  ["PATH=scripts:/usr/bin escape.sh", "ask", ["read $O/secret.txt"]],
  ["export PATH=$P/scripts; escape.sh", "ask", ["read $O/secret.txt"]],
  ["PATH=$P/scripts env escape.sh", "ask", ["read $O/secret.txt"]],
  // A file written earlier in the command is not what the disk shows now.
  ["cp scripts/build.sh scripts/lint.sh; PATH=$P/scripts lint.sh", "ask", ["#OPAQUE_CODE"]],
  // A name the entries inside the project do not hold: the tool it says.
  ["PATH=$P/scripts cat README.md", "allow", ["read $P/README.md"]],
  // The host's PATH is not known, nor then where a name leads.
  ["PATH=$P/scripts:$PATH build.sh", "ask", ["#UNRESOLVED_WORD"]],
]);

// A symlink of the project's to a system program runs that program. Which Python this machine
// has decides what a venv's python is, so these cases are not golden.
describe("a project's symlink to a system program is that program", () => {
  beforeAll(() => {
    const p = box.fx.project;
    const env = realpathSync("/usr/bin/env");
    mkdirSync(join(p, "links", "bin"), { recursive: true });
    symlinkSync("/usr/bin/env", join(p, "links", "bin", "env"));
    symlinkSync("/usr/bin/env", join(p, "links", "bin", "python"));
    for (const [venv, home] of [["pv", dirname(env)], ["pv-elsewhere", "/opt/elsewhere/bin"]] as const) {
      mkdirSync(join(p, venv, "bin"), { recursive: true });
      writeFileSync(join(p, venv, "pyvenv.cfg"), `home = ${home}\n`);
      symlinkSync("/usr/bin/env", join(p, venv, "bin", "env"));
    }
  });
  const cases = [
    ["links/bin/env ls", "allow", ["list $P"]],
    ["links/bin/env cat ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
    // Another name than the program's: it may read its name (busybox does), so it is what it is.
    ["links/bin/python x.py", "ask", ["#OPAQUE_CODE"]],
    // Beside a pyvenv.cfg, whose home must be the program's own directory.
    ["pv/bin/env ls", "allow", ["list $P"]],
    ["pv-elsewhere/bin/env ls", "ask", ["#OPAQUE_CODE"]],
  ] as const;
  for (const c of cases) test(`${c[0]} → ${c[1]}`, () => assertCase(box, c));
  test("the python of a venv made by /usr/bin/python3, where this machine has one", () => {
    if (!existsSync("/usr/bin/python3")) return;
    const r = spawnSync("/usr/bin/python3", ["-m", "venv", "--without-pip", join(box.fx.project, "sysvenv")], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.status).toBe(0);
    assertCase(box, ["sysvenv/bin/python scripts/tool.py README.md", "allow", ["exec $P/scripts/tool.py"]]);
  });
});
