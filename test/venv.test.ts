// `. venv/bin/activate`: the activate script of a venv, recognised (src/interp/venv.ts) and taken
// for what it does — VIRTUAL_ENV is the venv, PATH its bin before the host's PATH, PYTHONHOME
// unset — and the programs a name then finds on PATH among the project's own files, judged as
// those files (src/interp/path-lookup.ts). The venvs are made by `python3 -m venv`, and the
// scripts other CPython releases wrote are in test/venv-activate/, each checked against bash.

import { beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync,
  writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { assertCase, table, useSandbox } from "./support/table.ts";

const box = useSandbox();

const TEMPLATES = join(import.meta.dir, "venv-activate");

/** A venv made by this machine's python3, without pip (ensurepip need not be there). */
function makeVenv(dir: string, python = "python3"): void {
  const r = spawnSync(python, ["-m", "venv", "--without-pip", dir], { encoding: "utf8", timeout: 60_000 });
  if (r.status !== 0) throw new Error(`${python} -m venv ${dir} failed: ${r.stderr}`);
}

/** A console script as pip writes one into a venv's bin. */
function consoleScript(venv: string, name: string, module: string): void {
  const file = join(venv, "bin", name);
  writeFileSync(file,
    `#!${venv}/bin/python\n# -*- coding: utf-8 -*-\nimport re\nimport sys\nfrom ${module} import main\nif __name__ == "__main__":\n    sys.argv[0] = re.sub(r"(-script\\.pyw|\\.exe)?$", "", sys.argv[0])\n    sys.exit(main())\n`);
  chmodSync(file, 0o755);
}

function script(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  chmodSync(file, 0o755);
}

beforeAll(() => {
  const { project: p, outside: o, home: h } = box.fx;
  writeFileSync(join(p, "requirements.txt"), "flask\n-r dev-requirements.txt\n");
  writeFileSync(join(p, "dev-requirements.txt"), "pytest\n");
  mkdirSync(join(p, "tests"));
  makeVenv(join(p, ".venv"));
  consoleScript(join(p, ".venv"), "pip", "pip._internal.cli.main");
  consoleScript(join(p, ".venv"), "pytest", "pytest");
  // A program of the project's own in the venv's bin that reads outside.
  script(join(p, ".venv", "bin", "peek"), "#!/bin/sh\ncat ../outside/secret.txt\n");
  // A venv whose pip is a shell script that reads outside.
  makeVenv(join(p, "shady"));
  script(join(p, "shady", "bin", "pip"), "#!/bin/sh\ncat ~/.ssh/id_rsa\n");
  // Venvs outside the project: in the home, and one copied in (its script names where it was made).
  makeVenv(join(o, "made-here"));
  cpSync(join(o, "made-here"), join(h, "venvs", "x"), { recursive: true, verbatimSymlinks: true });
  cpSync(join(o, "made-here"), join(p, "copied-venv"), { recursive: true, verbatimSymlinks: true });
  // An activate script with one line more than venv writes, beside a pyvenv.cfg.
  cpSync(join(p, ".venv"), join(p, "tampered"), { recursive: true, verbatimSymlinks: true });
  const activate = join(p, "tampered", "bin", "activate");
  writeFileSync(activate, `${readFileSync(activate, "utf8")}cat ~/.ssh/id_rsa\n`);
  // A project script named activate that is no venv's.
  script(join(p, "tools", "bin", "activate"), 'PATH="$PWD/tools/bin:$PATH"\ncat ../outside/secret.txt\n');
  // The activate scripts other CPython releases wrote, each in a venv of its own.
  for (const name of readdirSync(TEMPLATES)) {
    const venv = join(p, "releases", name);
    mkdirSync(join(venv, "bin"), { recursive: true });
    writeFileSync(join(venv, "pyvenv.cfg"), "home = /usr/bin\ninclude-system-site-packages = false\n");
    writeFileSync(join(venv, "bin", "activate"),
      readFileSync(join(TEMPLATES, name), "utf8").replaceAll("/@VENV@", venv));
  }
}, 60_000);

table("a venv's activate script: VIRTUAL_ENV, its bin first on PATH, PYTHONHOME unset", box, [
  // Everyday work in a venv: pip and pytest are the venv's (project code, judged as such: its
  // words as paths), and pip, as the tool it is, follows the requirements files it reads.
  [". .venv/bin/activate && pip install -r requirements.txt", "allow", ["exec $P/.venv/bin/pip",
    "read $P/requirements.txt", "read $P/dev-requirements.txt", "exec $P/.venv/bin", "exec $P/.venv"]],
  ["source .venv/bin/activate && pytest", "allow", ["exec $P/.venv/bin/pytest", "#SCRIPT_INTERPRETED"]],
  ["source .venv/bin/activate; pytest tests/", "allow", ["exec $P/.venv/bin/pytest", "* $P/tests"]],
  ['source .venv/bin/activate && cat "$VIRTUAL_ENV/pyvenv.cfg" && ls', "allow", ["read $P/.venv/pyvenv.cfg"]],
  ["cd src && . ../.venv/bin/activate && pytest ../tests", "allow", ["exec $P/.venv/bin/pytest", "* $P/tests"]],
  ["source ./.venv/bin/activate && env pytest -x", "allow", ["exec $P/.venv/bin/pytest"]],
  ["bash -c '. .venv/bin/activate && pytest'", "allow", ["exec $P/.venv/bin/pytest"]],
  // A name the venv's bin does not hold is the host's, as without the venv.
  [". .venv/bin/activate && git status && ls", "allow"],
  ["source .venv/bin/activate && deactivate", "allow"],
  // What pip installs into the venv is its packages' code, project code as a build is: the bin's
  // pytest is read all the same (Accesses.readScript's `code`).
  [". .venv/bin/activate && pip install -r requirements.txt && pytest", "allow", ["exec $P/.venv/bin/pytest"]],
  [". .venv/bin/activate && pip install -r requirements.txt && peek", "ask", ["read $O/secret.txt"]],
  // The venv's bin is searched: a program of the project's there is judged as what it is.
  ["source .venv/bin/activate && peek", "ask", ["read $O/secret.txt"]],
  [". shady/bin/activate && pip install flask", "ask", ["read $H/.ssh/id_rsa"]],
  ["cp scripts/escape.sh .venv/bin/pytest && . .venv/bin/activate && pytest", "ask", ["#OPAQUE_CODE"]],
  // A venv outside the project, or one whose script names a directory outside.
  [". ~/venvs/x/bin/activate && pip install flask", "ask", ["#OPAQUE_CODE"]],
  [". copied-venv/bin/activate && pytest", "ask", ["exec $O/made-here/bin", "exec $O/made-here"]],
  // Not a venv's script as venv writes it: interpreted as what it is.
  [". tampered/bin/activate && pytest", "ask", ["read $H/.ssh/id_rsa"]],
  [". tools/bin/activate && ls", "ask", ["read $O/secret.txt"]],
  // Written earlier in the command: not what the disk shows now.
  ["python3 -m venv --without-pip .venv2 && . .venv2/bin/activate && pip install flask", "ask", ["#OPAQUE_CODE"]],
  ["echo 'cat ~/.ssh/id_rsa' >> .venv/bin/activate && . .venv/bin/activate", "ask", ["#OPAQUE_CODE"]],
  // What is set after the script is judged as ever.
  [". .venv/bin/activate && VIRTUAL_ENV=$O pip install flask", "ask", ["exec $O"]],
  ["VIRTUAL_ENV=$O/made-here pytest", "ask", ["exec $O/made-here"]],
  [". .venv/bin/activate && PYTHONHOME=$O python -m pytest", "ask", ["exec $O"]],
  [". .venv/bin/activate && export PATH=$O:$PATH && ls", "ask", ["#UNRESOLVED_WORD"]],
  [". .venv/bin/activate && PATH=$O:$PATH ls", "ask", ["#UNRESOLVED_WORD"]],
]);

table("the activate scripts CPython 3.6 to 3.13 write", box,
  readdirSync(TEMPLATES).sort().map((name) =>
    [`. releases/${name}/bin/activate && cat "$VIRTUAL_ENV/pyvenv.cfg" && ls`, "allow", [
      `read $P/releases/${name}/pyvenv.cfg`,
      "#SCRIPT_INTERPRETED",
    ]] as const
  ));

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

// A venv `python3 -m venv DIR` makes earlier in the command (src/interp/made-venvs.ts): its
// activate script, python and pip are the standard library's, for the host's Python, as long as
// nothing else in the command may have written there. (`newvenv` is never made: nothing runs.)
table("a venv made earlier in the command", box, [
  ["python3 -m venv newvenv && newvenv/bin/pip install -r requirements.txt", "allow", ["read $P/requirements.txt"]],
  ["python3 -m venv newvenv && . newvenv/bin/activate && pip install -r requirements.txt && pytest tests", "allow", [
    "read $P/requirements.txt",
    "#SCRIPT_INTERPRETED",
  ]],
  ["python -m venv --prompt dev newvenv && source newvenv/bin/activate && python scripts/tool.py README.md", "allow", [
    "exec $P/scripts/tool.py",
  ]],
  ["python3 -m venv newvenv && newvenv/bin/python -m pytest tests", "allow", ["* $P/tests"]],
  // Over a venv that is there: venv writes its activate script anew and keeps its python links.
  ["python3 -m venv .venv && . .venv/bin/activate && python scripts/tool.py README.md", "allow", [
    "exec $P/scripts/tool.py",
  ]],
  ["python3 -m venv .venv && .venv/bin/python scripts/tool.py README.md", "allow", ["exec $P/scripts/tool.py"]],
  // Its pip stays what is there when pip is installed already: pip's console script, or
  // shady's, which reads outside.
  ["python3 -m venv .venv && .venv/bin/pip install -r requirements.txt", "allow", ["read $P/requirements.txt"]],
  ["python3 -m venv shady && shady/bin/pip install flask", "ask", ["#OPAQUE_CODE"]],
  ["python3 -m venv tampered && . tampered/bin/activate && cat README.md", "allow", ["read $P/README.md"]],
  // pip upgrading itself (pip, setuptools, wheel: wheels from the index) runs no package's
  // code: the requirements file read after it is what the disk holds. Another package may.
  ["python3 -m venv newvenv && . newvenv/bin/activate && pip install -U pip && pip install -r requirements.txt",
    "allow", ["read $P/requirements.txt"]],
  [". .venv/bin/activate && python -m pip install --upgrade pip setuptools wheel && pip install -r requirements.txt",
    "allow", ["read $P/requirements.txt"]],
  [". .venv/bin/activate && pip install -U pip && pip install -r requirements.txt", "allow", [
    "read $P/requirements.txt",
  ]],
  [".venv/bin/pip install -U pip && .venv/bin/pip install -r requirements.txt", "allow", ["read $P/requirements.txt"]],
  [". .venv/bin/activate && pip install -U pip flask && pip install -r requirements.txt", "ask", ["#UNRESOLVED_WORD"]],
  // A venv's pip that is not pip's console script is what it is (shady's reads outside).
  ["shady/bin/pip install -U pip", "ask", ["read $H/.ssh/id_rsa"]],
  [". .venv/bin/activate && pip install -U pip -i http://example.com/simple && pip install -r requirements.txt", "ask",
    ["#UNRESOLVED_WORD"]],
  [". .venv/bin/activate && PIP_INDEX_URL=http://x/simple pip install -U pip && pip install -r requirements.txt", "ask",
    ["#UNRESOLVED_WORD"]],
  // What runs in it is judged as ever.
  ["python3 -m venv newvenv && . newvenv/bin/activate && cat ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["python3 -m venv newvenv && newvenv/bin/pip install --target ~/lib flask", "ask", ["* $H/lib"]],
  // After deactivate, pip is the host's again: outside the project.
  ["python3 -m venv newvenv && . newvenv/bin/activate && deactivate && pip install flask", "ask", ["#OUTSIDE_EFFECT"]],
  // Outside twins: written over, not made, made outside or by a name not known.
  ["python3 -m venv newvenv && echo 'cat ~/.ssh/id_rsa' > newvenv/bin/activate && . newvenv/bin/activate", "ask", [
    "#OPAQUE_CODE",
  ]],
  ["python3 -m venv newvenv && ln -sf ~/.ssh/id_rsa newvenv/bin/pip && newvenv/bin/pip install flask", "ask", [
    "#UNRESOLVED_PATH",
  ]],
  ["python3 -m venv newvenv && rm -rf newvenv && mytool newvenv && newvenv/bin/pip install flask", "ask", [
    "#UNRESOLVED_PATH",
  ]],
  ["newvenv/bin/pip install flask", "ask", ["#OPAQUE_CODE"]],
  ['python3 -m venv "$V" && newvenv/bin/pip install flask', "ask", ["#OPAQUE_CODE"]],
  ["python3 -m venv ../outside/v && ../outside/v/bin/pip install flask", "ask", ["write $O/v/pyvenv.cfg"]],
  ["python3 -m venv --help && newvenv/bin/pip install flask", "ask", ["#UNRESOLVED_PATH"]],
  ["./scripts/tool.py -m venv newvenv && newvenv/bin/pip install flask", "ask", ["#UNRESOLVED_PATH"]],
]);

/** bash's VIRTUAL_ENV, PATH and PYTHONHOME after sourcing `file` with the environment `env`. */
function sourced(file: string, env: Record<string, string>): string[] {
  const r = spawnSync("bash", ["-c", '. "$0"; printf "%s\\n" "$VIRTUAL_ENV" "$PATH" "${PYTHONHOME-(unset)}"', file], {
    encoding: "utf8",
    env: { PATH: "/usr/bin:/bin", ...env },
  });
  return r.stdout.split("\n").slice(0, 3);
}

describe("what bash makes of each activate script is what venv.ts says", () => {
  for (const name of readdirSync(TEMPLATES).sort()) {
    test(name, () => {
      const venv = join(box.fx.project, "releases", name);
      const file = join(venv, "bin", "activate");
      expect(sourced(file, {})).toEqual([venv, `${venv}/bin:/usr/bin:/bin`, "(unset)"]);
      // PYTHONHOME unset, whatever the shell had; PATH after what an earlier activation saved.
      expect(sourced(file, { PYTHONHOME: "/x", _OLD_VIRTUAL_PYTHONHOME: "/y" })[2]).toBe("(unset)");
      expect(sourced(file, { _OLD_VIRTUAL_PATH: "/saved" })[1]).toBe(`${venv}/bin:/saved`);
      // An empty PYTHONHOME the shell had stays (Python reads it as unset).
      expect(sourced(file, { PYTHONHOME: "" })[2]).toBe("");
    });
  }
});

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
    makeVenv(join(box.fx.project, "sysvenv"), "/usr/bin/python3");
    assertCase(box, ["sysvenv/bin/python scripts/tool.py README.md", "allow", ["exec $P/scripts/tool.py"]]);
    // In a pipeline, with segments that change no path (inert-segment.ts): the python's own
    // project code is not taken to have made links before the python started.
    assertCase(box, ["sysvenv/bin/python scripts/tool.py README.md 2>&1 | tail -20", "allow", [
      "exec $P/scripts/tool.py",
    ]]);
    assertCase(box, ["sysvenv/bin/python -m pytest tests 2>&1 | tee test.log | grep -E 'passed|failed'", "allow", [
      "write $P/test.log",
    ]]);
    // Outside twins: another segment that replaces the link, or rewrites the venv's pyvenv.cfg.
    assertCase(box, ["sysvenv/bin/python scripts/tool.py | ln -sf ../../outside/secret.txt sysvenv/bin/python3", "ask",
      ["#UNRESOLVED_PATH"]]);
    assertCase(box, ["sysvenv/bin/python scripts/tool.py | tee sysvenv/pyvenv.cfg", "ask", ["#OPAQUE_CODE"]]);
    assertCase(box, ["sysvenv/bin/python scripts/tool.py | awk '{ system($0) }'", "ask", ["#INLINE_CODE"]]);
    // After an install or project code, whose changes are project code's (a name that exists
    // now is taken as it is now, as after `npm install`), the venv's python is still the system
    // python it leads to.
    consoleScript(join(box.fx.project, "sysvenv"), "pip", "pip._internal.cli.main");
    assertCase(box, ["sysvenv/bin/pip install pytest && sysvenv/bin/python scripts/tool.py README.md", "allow", [
      "exec $P/scripts/tool.py",
    ]]);
    assertCase(box, [". sysvenv/bin/activate && pip install pytest && python scripts/tool.py README.md", "allow", [
      "exec $P/scripts/tool.py",
    ]]);
    assertCase(box, ["scripts/tool.py README.md && sysvenv/bin/python scripts/tool.py README.md", "allow", [
      "exec $P/scripts/tool.py",
    ]]);
    // Not after a command that visibly writes a link on the way, or one the guard does not follow.
    assertCase(box, [
      "rm sysvenv/bin/python3 && cp scripts/tool.py sysvenv/bin/python3 && sysvenv/bin/python scripts/tool.py",
      "ask",
      ["#OPAQUE_CODE"],
    ]);
    assertCase(box, ["ln -sf ../../outside/secret.txt sysvenv/bin/python3 && sysvenv/bin/python scripts/tool.py", "ask",
      ["#OPAQUE_CODE"]]);
    assertCase(box, ["tar -xf a.tar -C sysvenv && sysvenv/bin/python scripts/tool.py", "ask", ["#OPAQUE_CODE"]]);
    assertCase(box, ["mytool --out sysvenv && sysvenv/bin/python scripts/tool.py", "ask", ["#OPAQUE_CODE"]]);
  });
});

// A venv made by a Python installed outside the system's bin directories (pyenv's, uv's,
// conda's, a framework build): its python leads to that installation's interpreter, named as
// the venv's home by its pyvenv.cfg, with the standard library beside it. That runs the
// installation, as `python3` found on PATH does (src/interp/venv-home.ts venvInterpreter).
// The installation here is a stand-in in the home (an executable named python3.12, a
// lib/python3.12/os.py), so the cases do not depend on this machine's Python.
describe("a venv whose Python is installed in the home", () => {
  const INSTALL = ".local/share/uv/python/cpython-3.12/bin";
  beforeAll(() => {
    const { project: p, home: h } = box.fx;
    const install = (dir: string, name = "python3.12", stdlib = true) => {
      mkdirSync(join(h, dir), { recursive: true });
      cpSync(realpathSync("/usr/bin/env"), join(h, dir, name));
      chmodSync(join(h, dir, name), 0o755);
      if (stdlib) {
        mkdirSync(join(h, dir, "..", "lib", "python3.12"), { recursive: true });
        writeFileSync(join(h, dir, "..", "lib", "python3.12", "os.py"), "# os\n");
      }
    };
    install(INSTALL);
    install("bare/bin", "python3.12", false);
    install("tools/bin", "deploy");
    const venv = (name: string, target: string, home: string | null, link = "python") => {
      const dir = join(p, name);
      mkdirSync(join(dir, "bin"), { recursive: true });
      if (home !== null) {
        writeFileSync(join(dir, "pyvenv.cfg"), `home = ${home}\ninclude-system-site-packages = false\n`);
      }
      symlinkSync(target, join(dir, "bin", link));
      if (link === "python") symlinkSync("python", join(dir, "bin", "python3"));
      // The activate script as venv wrote it for .venv, naming this venv.
      const activate = readFileSync(join(p, ".venv", "bin", "activate"), "utf8");
      writeFileSync(join(dir, "bin", "activate"), activate.replaceAll(join(p, ".venv"), dir));
    };
    venv("uvenv", join(h, INSTALL, "python3.12"), join(h, INSTALL));
    venv("uvenv-elsewhere", join(h, INSTALL, "python3.12"), "/opt/elsewhere/bin");
    venv("uvenv-nocfg", join(h, INSTALL, "python3.12"), null);
    venv("uvenv-bare", join(h, "bare/bin/python3.12"), join(h, "bare/bin"));
    venv("uvenv-deploy", join(h, "tools/bin/deploy"), join(h, "tools/bin"));
  });
  const cases = [
    ["uvenv/bin/python scripts/tool.py README.md", "allow", ["exec $P/scripts/tool.py"]],
    ["uvenv/bin/python3 -m pytest tests/", "allow", ["* $P/tests"]],
    [". uvenv/bin/activate && python -m pytest tests/", "allow", ["* $P/tests"]],
    ["source uvenv/bin/activate; python3 scripts/tool.py README.md", "allow", ["exec $P/scripts/tool.py"]],
    // The interpreter's words are judged as ever.
    ["uvenv/bin/python scripts/tool.py ../outside/secret.txt", "ask", ["* $O/secret.txt"]],
    // The venv must name the installation as its home, and the installation must be one.
    ["uvenv-elsewhere/bin/python scripts/tool.py README.md", "ask", [`exec $H/${INSTALL}/python3.12`]],
    ["uvenv-nocfg/bin/python scripts/tool.py README.md", "ask", [`exec $H/${INSTALL}/python3.12`]],
    ["uvenv-bare/bin/python scripts/tool.py README.md", "ask", ["exec $H/bare/bin/python3.12"]],
    // A program that is not Python, by a Python's name: what the link leads to is what runs.
    ["uvenv-deploy/bin/python scripts/tool.py README.md", "ask", ["exec $H/tools/bin/deploy"]],
    // Written or linked earlier in the command: not what the disk shows now.
    [`echo home = $H/tools/bin > uvenv/pyvenv.cfg && uvenv/bin/python scripts/tool.py README.md`, "ask", [
      "#OPAQUE_CODE",
    ]],
    [`ln -sf $H/tools/bin/deploy uvenv/bin/python3.12 && uvenv/bin/python3.12 scripts/tool.py README.md`, "ask", [
      "#UNRESOLVED_PATH",
    ]],
  ] as const;
  for (const c of cases) test(`${c[0]} → ${c[1]}`, () => assertCase(box, c));
});

// A venv's Python runs the `.pth` files of its site-packages at every start: a line that starts
// with `import` is code, any other line a directory put on sys.path (src/interp/script-reach.ts
// pythonStartFiles). Checked against the real python below: the leaking line runs.
describe("a venv's .pth start-up files", () => {
  const sitePackages = (venv: string) => {
    const lib = join(box.fx.project, venv, "lib");
    return join(lib, readdirSync(lib).find((d) => d.startsWith("python"))!, "site-packages");
  };
  beforeAll(() => {
    const { project: p } = box.fx;
    for (const v of ["pth-ok", "pth-leak", "pth-path"]) {
      makeVenv(join(p, v));
      // What setuptools and an editable install leave there.
      writeFileSync(join(sitePackages(v), "distutils-precedence.pth"),
        "import os; var = 'SETUPTOOLS_USE_DISTUTILS'; enabled = os.environ.get(var, 'local') == 'local'\n");
      writeFileSync(join(sitePackages(v), "__editable__.app-0.1.pth"), `${join(p, "src")}\n`);
    }
    writeFileSync(join(sitePackages("pth-leak"), "zz-telemetry.pth"), 'import os; os.system("cat ~/.ssh/id_rsa")\n');
    writeFileSync(join(sitePackages("pth-path"), "extra.pth"), `${box.fx.outside}/dir\n`);
    writeFileSync(join(sitePackages("pth-path"), "sitecustomize.py"), 'print(open("../outside/secret.txt").read())\n');
    consoleScript(join(p, "pth-leak"), "pytest", "pytest");
  }, 60_000);
  const cases = [
    ["pth-ok/bin/python scripts/tool.py README.md", "allow", ["exec $P/scripts/tool.py", "exec $P/src"]],
    [". pth-ok/bin/activate && python -c 'print(1)'", "allow", ["exec $P/src"]],
    ["pth-leak/bin/python scripts/tool.py README.md", "ask", ["read $H/.ssh/id_rsa"]],
    [". pth-leak/bin/activate && python3 -c 'print(1)'", "ask", ["read $H/.ssh/id_rsa"]],
    ["pth-leak/bin/pytest tests/", "ask", ["read $H/.ssh/id_rsa"]],
    ["pth-path/bin/python -c 'import helpers'", "ask", ["exec $O/dir", "read $O/secret.txt"]],
    // Another Python does not read this venv's site-packages.
    ["/usr/bin/env python3 -c 'print(1)'", "allow"],
  ] as const;
  for (const c of cases) test(`${c[0]} → ${c[1]}`, () => assertCase(box, c));
  test("oracle: the venv's python runs the .pth line, and puts the .pth directory on sys.path", () => {
    const { project: p, home, outside } = box.fx;
    const run = (venv: string, code: string) =>
      spawnSync(join(p, venv, "bin", "python"), ["-c", code], { encoding: "utf8",
        env: { HOME: home, PATH: "/usr/bin:/bin" } });
    expect(run("pth-leak", "pass").stdout).toContain("key");
    expect(run("pth-ok", "pass").stdout).toBe("");
    expect(run("pth-path", "import sys; print(sys.path)").stdout).toContain(`${outside}/dir`);
    // sitecustomize in site-packages runs at start too (from the project: ../outside is $O).
    expect(spawnSync(join(p, "pth-path", "bin", "python"), ["-c", "pass"], { cwd: p, encoding: "utf8" }).stdout)
      .toContain("outside-secret");
  });
});

// After activation, `python` is the venv's python, which leads to the Python that made the venv:
// a system program, or an installation the venv names as its home (above). Not golden: it
// depends on this machine's Python.
describe("python after activation", () => {
  test("the venv python3 -m venv made here", () => {
    assertCase(box, [". .venv/bin/activate && python -m pytest tests/", "allow", ["* $P/tests"]]);
  });
  test("a venv made by /usr/bin/python3, where this machine has one", () => {
    if (!existsSync("/usr/bin/python3")) return;
    if (!existsSync(join(box.fx.project, "sysvenv"))) makeVenv(join(box.fx.project, "sysvenv"), "/usr/bin/python3");
    assertCase(box, [". sysvenv/bin/activate && python -m pytest tests/", "allow", ["* $P/tests"]]);
    assertCase(box, ["source sysvenv/bin/activate; python3 scripts/tool.py README.md", "allow", [
      "exec $P/scripts/tool.py",
    ]]);
  });
});
