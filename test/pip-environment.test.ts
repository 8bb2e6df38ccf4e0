// `pip install` writes into the environment of the Python it runs with (issue #30.9: system-wide
// installers write outside the project): a venv of the project's is project files; with no venv
// active it is the installation the pip on PATH belongs to, outside (src/interp/pip-environment.ts).
//
// Oracle note (pip 23.2, pyenv's Python 3.11 on this machine): `pip install six` with no venv
// active wrote ~/.pyenv/versions/3.11.7/lib/python3.11/site-packages/six.py; the same after
// `. .venv/bin/activate` wrote .venv/lib/python3.11/site-packages/six.py. The oracle test below
// checks, without the network, where each Python's pip installs: its `purelib` directory.

import { spawnSync } from "node:child_process";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "bun:test";
import { casesWithoutGolden, useSandbox } from "./support/table.ts";

/** A venv made by this machine's python3 (without pip), with a stand-in pip console script. */
function makeVenv(dir: string, withPip: boolean): void {
  const r = spawnSync("python3", ["-m", "venv", "--without-pip", dir], { encoding: "utf8", timeout: 60_000 });
  if (r.status !== 0) throw new Error(`python3 -m venv ${dir} failed: ${r.stderr}`);
  if (!withPip) return;
  const pip = join(dir, "bin", "pip");
  writeFileSync(pip, `#!${dir}/bin/python\nimport sys\nfrom pip._internal.cli.main import main\nsys.exit(main())\n`);
  chmodSync(pip, 0o755);
}

const box = useSandbox((fx) => {
  makeVenv(join(fx.project, ".venv"), true);
  makeVenv(join(fx.project, "bare-venv"), false);
  writeFileSync(join(fx.project, "requirements.txt"), "six\n");
  return {};
});

casesWithoutGolden("pip with no virtual environment active installs outside the project", box, [
  ["pip install requests", "ask", ["#OUTSIDE_EFFECT"]],
  ["pip3 install -r requirements.txt", "ask", ["#OUTSIDE_EFFECT", "read $P/requirements.txt"]],
  ["python3 -m pip install --upgrade pip", "ask", ["#OUTSIDE_EFFECT"]],
  ["/usr/bin/python3 -m pip install six", "ask", ["#OUTSIDE_EFFECT"]],
  ["pip uninstall -y six", "ask", ["#OUTSIDE_EFFECT"]],
  ["env pip install six", "ask", ["#OUTSIDE_EFFECT"]],
  // A package that is not known moves nothing; a verb that is not known may be install.
  ['pip install "$PKG"', "ask", ["#OUTSIDE_EFFECT"]],
  ['pip "$CMD" six', "ask", ["#OUTSIDE_EFFECT"]],
  // A venv made without pip: after activate, `pip` is the host's.
  [". bare-venv/bin/activate && pip install six", "ask", ["#OUTSIDE_EFFECT"]],
  // The command's own VIRTUAL_ENV moves no pip; its own PATH leaves the pip found unknown.
  ["VIRTUAL_ENV=$P/.venv pip install six", "ask", ["#OUTSIDE_EFFECT"]],
  // Everyday twins: a venv's pip or python, or a pip that writes elsewhere or nothing.
  [". .venv/bin/activate && pip install -r requirements.txt", "allow", ["read $P/requirements.txt"]],
  ["source .venv/bin/activate && python -m pip install six", "allow"],
  [".venv/bin/pip install six", "allow"],
  [".venv/bin/python -m pip install six", "allow"],
  ["pip install --target vendor six", "allow", ["write $P/vendor"]],
  ["pip install --dry-run six", "allow"],
  ["pip install --require-virtualenv six", "allow"],
  ["PIP_REQUIRE_VIRTUALENV=1 pip install six", "allow"],
  ["pip download six -d dist", "allow"],
  ["pip list && pip show six && pip --version", "allow"],
  ["pip install --help", "allow"],
]);

// The host's shell had a venv active (VIRTUAL_ENV, with its bin first on PATH), as the hooks pass it in.
const inProjectVenv = useSandbox((fx) => ({ env: { VIRTUAL_ENV: join(fx.project, ".venv") } }));
casesWithoutGolden("pip where the host's shell has the project's venv active", inProjectVenv, [
  ["pip install requests", "allow"],
  ["python -m pip install six", "allow"],
  // The command's own PATH: which pip runs is not the host's.
  ["PATH=/usr/bin:/bin pip install six", "ask", ["#OUTSIDE_EFFECT"]],
]);

const outsideVenv = useSandbox((fx) => ({ env: { VIRTUAL_ENV: join(fx.home, ".virtualenvs", "p") } }));
casesWithoutGolden("pip where the host's shell has a venv outside the project active", outsideVenv, [[
  "pip install requests",
  "ask",
  ["#OUTSIDE_EFFECT"],
], ["pip install --target vendor six", "allow", ["write $P/vendor"]]]);

const conda = useSandbox((fx) => ({ env: { CONDA_PREFIX: join(fx.home, "miniconda3", "envs", "x") } }));
casesWithoutGolden("pip where the host's shell has a conda environment active", conda, [["pip install requests", "ask",
  ["#OUTSIDE_EFFECT"]]]);

describe("oracle: where pip installs", () => {
  test("a venv's python -m pip installs into the venv; the host's pip into its own installation", () => {
    const venv = join(box.fx.project, "oracle-venv");
    makeVenv(venv, false);
    const where = (python: string) =>
      spawnSync(python, ["-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], { encoding: "utf8" })
        .stdout.trim();
    expect(where(join(venv, "bin", "python"))).toStartWith(venv);
    expect(where("python3")).not.toStartWith(box.fx.project);
  }, 120_000);
});
