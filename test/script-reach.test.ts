// Project code whose text visibly reaches outside (issues #28, #30: "project code that runs"):
// a script an interpreter runs (python3 FILE, node FILE, perl FILE, a #! script of one of them,
// and so from a package.json script) is scanned for the files it opens by a name written in it
// and the commands it hands to a shell or runs (src/interp/script-reach.ts,
// src/commands/inline/reach.ts). Each outside form has an everyday twin that stays allowed.
//
// Oracle notes (Python 3.11, node 20, perl 5.36):
// - `python3 sub/leak.py` with `open("../notes.txt")` read the file above the cwd, not above
//   sub/ (relative names are the process's cwd's); `open("~/x")` failed with "No such file or
//   directory: '~/x'" (no expansion), while os.path.expanduser and Path.home() took $HOME;
// - node's `os.homedir()` printed $HOME as set for the process (HOME=/tmp/h → /tmp/h/.ssh), and
//   `node l` ran l.js;
// - os.system and child_process.exec hand their text to /bin/sh -c; subprocess.run([…]) and
//   execFileSync(file, […]) run the program with that argv, no shell.
//
// The fixtures are written into the sandbox's project ($P/r); no golden verdicts are recorded.

import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { casesWithoutGolden, useSandbox, writeTree } from "./support/table.ts";

const box = useSandbox((fx) => {
  const r = join(fx.project, "r");
  writeTree(r, {
    // Python: everyday.
    "py/report.py": "import csv, json, os, subprocess\nfrom pathlib import Path\n" +
      'rows = list(csv.reader(open("data/in.csv")))\nos.makedirs("out", exist_ok=True)\n' +
      'with open("out/report.json", "w") as f:\n    json.dump(rows, f)\n' +
      'subprocess.run(["git", "status"], check=True)\nos.system("ls")\n' +
      'here = Path(__file__).parent\nprint((here / "tpl.txt").read_text())\n' +
      'print(open(os.path.join(os.path.dirname(__file__), "..", "README.md")).read())\n' +
      "print(open(os.path.expanduser(sys.argv[1])).read())\n",
    "py/tilde.py": 'print(open("~/.ssh/id_rsa").read())\n',
    // Python: outside.
    "py/up.py": 'print(open("../outside/secret.txt").read())\n',
    "py/key.py": 'import os\np = os.path.join(os.path.expanduser("~"), ".ssh", "id_rsa")\nprint(open(p).read())\n',
    "py/home.py": 'from pathlib import Path\nprint((Path.home() / ".ssh" / "id_rsa").read_text())\n',
    "py/fstr.py": 'import os\nh = os.environ["HOME"]\nprint(open(f"{h}/.ssh/id_rsa").read())\n',
    "py/system.py": 'import os\nos.system("cat ~/.aws/credentials")\n',
    "py/popen.py": 'import subprocess as sp\nsp.check_output("cat ../outside/secret.txt", shell=True)\n',
    "py/argv.py": 'from subprocess import run\nimport os\nrun(["cat", os.path.expanduser("~/.ssh/id_rsa")])\n',
    "py/write.py": 'open("../outside/dropped.txt", "w").write("x")\n',
    "py/list.py": 'import os\nprint(os.listdir(os.path.expanduser("~/.ssh")))\n',
    "py/escaped.py":
      'from pathlib import Path\nprint((Path(__file__).parent / ".." / ".." / ".." / "outside" / "secret.txt").read_text())\n',
    "py/helper.py":
      'import os\ndef slurp(path, mode="r"):\n    with open(path, mode) as f:\n        return f.read()\n' +
      'class Store:\n    def save(self, name, text):\n        open(name, "w").write(text)\n' +
      'print(slurp(os.path.expanduser("~/.ssh/id_rsa")))\nStore().save("../outside/dropped.txt", "x")\n',
    "py/helper_ok.py": 'def slurp(path, mode="r"):\n    with open(path, mode) as f:\n        return f.read()\n' +
      'class Store:\n    def save(self, name, text):\n        open(name, "w").write(text)\n' +
      'print(slurp("data/in.csv"))\nStore().save("out/copy.csv", "x")\n',
    "py/expand.py": 'from pathlib import Path\nprint(Path("~/.ssh/id_rsa").expanduser().read_text())\n',
    "py/unknown.py": 'import os\nos.system("cat $SOME_FILE | wc -l")\nos.system("cat ~/.aws/credentials $SOME_FILE")\n',
    "py/unknown_ok.py": 'import os\nos.system("cat $SOME_FILE | wc -l")\nos.system("./build/tool --out=$OUT")\n',
    "py/star.py": 'from os import *\nsystem("cat ~/.aws/credentials")\n',
    "py/split.py": 'import subprocess, shlex\nsubprocess.run("git status --short".split())\n' +
      'subprocess.run(shlex.split("cat ../outside/secret.txt"))\n',
    "py/split_ok.py": 'import subprocess, shlex\nsubprocess.run("git status --short".split())\n',
    "py/pwd.py": 'import os, pwd\nprint(open(pwd.getpwuid(os.getuid()).pw_dir + "/.ssh/id_rsa").read())\n',
    "py/cmdlist.py": 'import subprocess\ncmd = ["cat", "../outside/secret.txt"]\nsubprocess.run(cmd)\n',
    "py/cmdlist_ok.py": 'import subprocess\ncmd = ["git", "log", "-1"]\nsubprocess.run(cmd, check=True)\n',
    // The leak families' forms (test/support/leaks/families.ts): a loop over names, code run by exec.
    "fam/leak.py": 'import os\nfor f in ["../outside/secret.txt", "~/.ssh/id_rsa"]:\n' +
      "    try: print(open(os.path.expanduser(f)).read())\n    except OSError as e: print(e)\n",
    "fam/ok.py": 'import os\nfor f in ["data/a.csv", "data/b.csv"]:\n    print(open(f).read())\n',
    "fam/leak.js": 'const fs = require("fs"), os = require("os");\n' +
      'for (const f of ["../outside/secret.txt", "~/.ssh/id_rsa"]) {\n' +
      '  try { console.log(fs.readFileSync(f.replace(/^~/, os.homedir()), "utf8")) } catch (e) {}\n}\n',
    "fam/each.js": 'const fs = require("fs");\n["data/a.csv", "data/b.csv"].forEach((f) => fs.readFileSync(f));\n' +
      '["../outside/secret.txt"].map((g) => fs.readFileSync(g));\n',
    "fam/tool": '#!/usr/bin/env python3\nexec(open("fam/leak.py").read())\n',
    "fam/tool_ok": '#!/usr/bin/env python3\nexec(open("fam/ok.py").read())\n',
    "fam/bg.py": 'import subprocess\nsubprocess.Popen(["python3", "fam/leak.py"])\n',
    // Archives unpacked: judged as tar or unzip unpacking them there.
    "arc/unpack.py": 'import tarfile\nwith tarfile.open("arc/climb.tar") as t:\n    t.extractall()\n',
    "arc/unpack_ok.py": 'import tarfile, shutil\nt = tarfile.open("arc/plain.tar")\nt.extractall(path="out")\n' +
      'shutil.unpack_archive("arc/plain.tar", "out2")\n',
    // Makefiles: the recipes of the goals and their prerequisites.
    "Makefile": "PY := python3\nOUT = out\n.PHONY: all test leak sh install\nall: $(OUT)/report.json\n" +
      "$(OUT)/report.json: data/in.csv\n\t@mkdir -p $(OUT)\n\t$(PY) py/report.py > $@\n" +
      "test:\n\tpython3 -m tools.gen\n\t-$(UNSET_FROM_ENV) --flag\n%.o: %.c\n\t$(CC) -c $< -o ../outside/$@\n" +
      "leak: all\n\t$(PY) py/key.py\nsh:\n\tcat ~/.aws/credentials\ninstall:\n\tcp README.md ../../outside/README\n" +
      "deps:\n\t.venv/bin/pip install -r requirements/missing.txt\n\tcd build && ./configure --prefix=$$PREFIX\n" +
      "sysdeps:\n\tpip install -r requirements/missing.txt\n",
    "shellmk/Makefile": "TOKEN := $(shell cat ../../../outside/secret.txt)\nall:\n\t@echo $(TOKEN)\n",
    // JavaScript.
    "js/build.js": 'const fs = require("node:fs");\nconst path = require("path");\n' +
      'const { execSync } = require("child_process");\n' +
      'const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "README.md"), "utf8"));\n' +
      'fs.mkdirSync("dist", { recursive: true });\nfs.writeFileSync("dist/out.json", JSON.stringify(pkg));\n' +
      'execSync("git rev-parse HEAD");\n',
    "js/leak.js": 'const os = require("os"), path = require("path"), fs = require("fs");\n' +
      'console.log(fs.readFileSync(path.join(os.homedir(), ".ssh", "id_rsa"), "utf8"));\n',
    "js/tpl.mjs": 'import { readFile } from "node:fs/promises";\nimport os from "node:os";\n' +
      'console.log(await readFile(`${os.homedir()}/.ssh/id_rsa`, "utf8"));\n',
    "js/exec.js": 'const cp = require("child_process");\ncp.exec("cat ~/.aws/credentials", () => {});\n',
    "js/spawn.js": 'const { spawnSync } = require("child_process");\nspawnSync("cat", ["../outside/secret.txt"]);\n',
    "js/helper.js": 'const fs = require("fs"), os = require("os");\n' +
      'const slurp = (p, enc = "utf8") => fs.readFileSync(p, enc);\nfunction save(name, text) { fs.writeFileSync(name, text); }\n' +
      'console.log(slurp(os.homedir() + "/.ssh/id_rsa"));\nsave("dist/x.txt", "x");\n',
    "js/args.js":
      'const cp = require("child_process");\nconst args = ["../outside/secret.txt"];\ncp.execFileSync("cat", args);\n',
    "js/envidx.js": 'const fs = require("fs");\nfs.readFileSync(process.env["HOME"] + "/.ssh/id_rsa");\n',
    "js/ls.js": 'const { spawnSync } = require("child_process");\nspawnSync("ls", ["-la", "src"]);\n',
    // Perl.
    "pl/ok.pl": 'open(my $in, "<", "data/in.csv") or die;\nsystem("ls");\nmy $v = `git describe`;\n',
    "pl/leak.pl": 'open(my $fh, "<", "$ENV{HOME}/.ssh/id_rsa") or die;\nprint <$fh>;\n',
    "pl/glob.pl": 'open(my $fh, "<", glob("~/.ssh/id_rsa")) or die;\n',
    "pl/concat.pl": 'my $k = $ENV{HOME} . "/.ssh/id_rsa";\nopen(my $fh, "<", $k) or die;\n',
    "pl/system.pl": 'system("cat ~/.aws/credentials");\n',
    "pl/qx.pl": "my $s = qx{cat ../outside/secret.txt};\n",
    // #! scripts.
    "bin/leak": '#!/usr/bin/env python3\nimport os\nos.system("cat ~/.ssh/id_rsa")\n',
    "bin/ok": '#!/usr/bin/env python3\nimport os\nos.system("ls")\n',
    "bin/nodeleak": '#!/usr/bin/env node\nrequire("fs").readFileSync(require("os").homedir() + "/.ssh/id_rsa");\n',
    // `python -m`: the module as python finds it from the cwd.
    "leaky/__init__.py": "",
    "leaky/__main__.py": 'import os\nos.system("cat ../outside/secret.txt")\n',
    "tools/__init__.py": "",
    "tools/gen.py": 'import json\njson.dump({}, open("out/gen.json", "w"))\n',
    // Other runners of JavaScript and TypeScript, and node's --require.
    "ts/leak.ts": 'import { readFileSync } from "fs";\nimport { homedir } from "os";\n' +
      'const key: string = readFileSync(`${homedir()}/.ssh/id_rsa`, "utf8");\n',
    "ts/ok.ts":
      'import { readFileSync } from "fs";\nconst cfg: unknown = JSON.parse(readFileSync("data/in.csv", "utf8"));\n',
    "js/hook.js": 'require("child_process").execSync("cat ~/.aws/credentials");\n',
    // Package scripts.
    "package.json": { name: "r",
      scripts: { leak: "node js/leak.js", build: "node js/build.js", py: "python3 py/key.py" } },
    "data/in.csv": "a,b\n",
    "README.md": "# r\n",
    "py/tpl.txt": "t\n",
  });
  for (const f of ["bin/leak", "bin/ok", "bin/nodeleak", "fam/tool", "fam/tool_ok"]) chmodSync(join(r, f), 0o755);
  // A tar whose member climbs out of where it is unpacked, and a plain one.
  const tar =
    "import io, sys, tarfile\nfor name, member in ((sys.argv[1], '../../outside/planted'), (sys.argv[2], 'a.txt')):\n" +
    "    with tarfile.open(name, 'w') as t:\n        i = tarfile.TarInfo(member); i.size = 2\n" +
    "        t.addfile(i, io.BytesIO(b'x\\n'))\n";
  spawnSync("python3", ["-c", tar, join(r, "arc/climb.tar"), join(r, "arc/plain.tar")]);
  // Packages node finds by walking up from a script: the project's own, and ones in a
  // node_modules above the project (where `require` climbs to when the project has none).
  const above = join(dirname(fx.project), "node_modules");
  writeTree(above, { "left-pad/index.js": "module.exports = 1;\n", "@corp/deploy/index.js": "module.exports = 1;\n",
    "lodash/index.js": "module.exports = 1;\n" });
  writeTree(join(r, "node_modules"), { "lodash/index.js": "module.exports = 1;\n" });
  writeTree(join(fx.project, "node_modules"), { "chalk/index.js": "module.exports = 1;\n" });
  writeTree(r, {
    "pkg/deps.js": 'const _ = require("lodash");\nconst fs = require("node:fs");\nconst p = require("path");\n' +
      'import("chalk").then(() => {});\nconst missing = require("not-installed-anywhere");\n',
    "pkg/up.js": 'const pad = require("left-pad");\nconsole.log(pad);\n',
    "pkg/scoped.mjs": 'import deploy from "@corp/deploy/lib/run.js";\n',
    "pkg/reexport.mjs": 'export { default } from "left-pad";\n',
    "pkg/dynamic.js": 'import("left-pad").then((m) => m.default);\n',
    "pkg/up.ts": 'import pad from "left-pad";\nconst n: number = pad;\n',
  });
  return {};
});

/** From the script directory, with the whole project as the root. */
const R = { cwd: "$P/r", roots: ["$P"] };

casesWithoutGolden("python scripts", box, [
  // Everyday: data in the project, a report written there, git status, ls, the script's own directory.
  ["python3 py/report.py", "allow", ["read $P/r/data/in.csv", "write $P/r/out/report.json", "read $P/r/py/tpl.txt",
    "read $P/r/README.md"], R],
  // A plain open("~/x") opens ./~/x: Python does not expand `~` there.
  ["python3 py/tilde.py", "allow", ["read $P/r/~/.ssh/id_rsa", "!read $H/.ssh/id_rsa"], R],
  // Outside twins.
  ["python3 r/py/up.py", "ask", ["read $O/secret.txt"]],
  // (Relative to the cwd, not to the script: from $P/r the same name is inside.)
  ["python3 py/up.py", "allow", ["read $P/outside/secret.txt", "!read $O/secret.txt"], R],
  ["python3 py/key.py", "ask", ["read $H/.ssh/id_rsa"], R],
  ["python py/home.py", "ask", ["read $H/.ssh/id_rsa"], R],
  ["python3 py/fstr.py", "ask", ["read $H/.ssh/id_rsa"], R],
  ["python3 py/system.py", "ask", ["read $H/.aws/credentials"], R],
  ["python3 r/py/popen.py", "ask", ["read $O/secret.txt"]],
  ["python3 py/argv.py", "ask", ["read $H/.ssh/id_rsa"], R],
  ["python3 r/py/write.py", "ask", ["write $O/dropped.txt"]],
  ["python3 py/list.py", "ask", ["list $H/.ssh"], R],
  ["python3 py/escaped.py", "ask", ["read $O/secret.txt"], R],
  ["python3 py/expand.py", "ask", ["read $H/.ssh/id_rsa"], R],
  // What the guard cannot know of a command a script runs is left to the sandbox; what it
  // visibly reaches is asked about.
  ["python3 py/unknown_ok.py", "allow", ["!#UNRESOLVED_WORD"], R],
  ["python3 py/unknown.py", "ask", ["read $H/.aws/credentials", "!#UNRESOLVED_WORD"], R],
  // A bare name of a module imported with *, an argv split from a literal, the home from pwd.
  ["python3 py/star.py", "ask", ["read $H/.aws/credentials"], R],
  ["python3 py/split_ok.py", "allow", ["!read $O/secret.txt"], R],
  ["python3 r/py/split.py", "ask", ["read $O/secret.txt"]],
  ["python3 py/pwd.py", "ask", ["read $H/.ssh/id_rsa"], R],
  // An argv list assigned to a name first.
  ["python3 py/cmdlist_ok.py", "allow", ["!read $O/secret.txt"], R],
  ["python3 r/py/cmdlist.py", "ask", ["read $O/secret.txt"]],
  // A function of the script's own is given its arguments: its parameters are those values.
  ["python3 py/helper_ok.py", "allow", ["read $P/r/data/in.csv", "write $P/r/out/copy.csv"], R],
  ["python3 py/helper.py", "ask", ["read $H/.ssh/id_rsa"], R],
  ["python3 r/py/helper.py", "ask", ["write $O/dropped.txt"]],
  // From the cwd the command sets, and with the home the command sets.
  ["cd r && python3 py/key.py", "ask", ["read $H/.ssh/id_rsa"]],
  ["HOME=$O python3 py/key.py", "ask", ["read $O/.ssh/id_rsa"], R],
  // python -m runs the module found from the cwd first.
  ["python3 -m tools.gen", "allow", ["write $P/r/out/gen.json"], R],
  ["python3 -m http.server 8000", "allow", [], R],
  ["python3 -m leaky", "ask", ["read $P/outside/secret.txt"], { cwd: "$P/r", roots: ["$P/r"] }],
  ["python3 -W ignore -u -m leaky", "ask", ["read $P/outside/secret.txt"], { cwd: "$P/r", roots: ["$P/r"] }],
  ["python3 -mleaky", "ask", ["read $P/outside/secret.txt"], { cwd: "$P/r", roots: ["$P/r"] }],
]);

casesWithoutGolden("node scripts", box, [
  // Everyday: files beside the script and in the project, a listing of src.
  ["node js/build.js", "allow", ["read $P/README.md", "write $P/r/dist/out.json"], R],
  ["node js/ls.js", "allow", ["list $P/r/src"], R],
  // Outside twins: the home's key, by a join, a template string, node's own name lookup.
  ["node js/leak.js", "ask", ["read $H/.ssh/id_rsa"], R],
  ["node js/leak", "ask", ["read $H/.ssh/id_rsa"], R],
  ["node js/tpl.mjs", "ask", ["read $H/.ssh/id_rsa"], R],
  ["node js/exec.js", "ask", ["read $H/.aws/credentials"], R],
  ["node r/js/spawn.js", "ask", ["read $O/secret.txt"]],
  ["node r/js/args.js", "ask", ["read $O/secret.txt"]],
  ["node js/envidx.js", "ask", ["read $H/.ssh/id_rsa"], R],
  ["node js/helper.js", "ask", ["read $H/.ssh/id_rsa", "write $P/r/dist/x.txt"], R],
  // A module node loads first runs too.
  ["node -r ./js/hook.js js/ls.js", "ask", ["read $H/.aws/credentials"], R],
  // TypeScript runners and bun: the JavaScript grammar, what does not parse skipped.
  ["tsx ts/ok.ts", "allow", ["read $P/r/data/in.csv"], R],
  ["tsx ts/leak.ts", "ask", ["read $H/.ssh/id_rsa"], R],
  ["bun js/leak.js", "ask", ["read $H/.ssh/id_rsa"], R],
  ["bun js/build.js", "allow", ["read $P/README.md"], R],
  // Packages: node looks in node_modules from the script's directory up; the project's own
  // (lodash in $P/r shadows the one above it) are project code, one above the project is outside.
  ["node pkg/deps.js", "allow", ["exec $P/r/node_modules/lodash", "exec $P/node_modules/chalk",
    "!exec $T/work/node_modules/lodash"], R],
  ["node r/pkg/deps.js", "allow", ["exec $P/r/node_modules/lodash"]],
  ["node pkg/up.js", "ask", ["exec $T/work/node_modules/left-pad"], R],
  ["node pkg/scoped.mjs", "ask", ["exec $T/work/node_modules/@corp/deploy"], R],
  ["node pkg/reexport.mjs", "ask", ["exec $T/work/node_modules/left-pad"], R],
  ["node pkg/dynamic.js", "ask", ["exec $T/work/node_modules/left-pad"], R],
  ["tsx pkg/up.ts", "ask", ["exec $T/work/node_modules/left-pad"], R],
  ["node -e 'require(\"./pkg/up.js\")'", "ask", ["exec $T/work/node_modules/left-pad"], R],
]);

casesWithoutGolden("perl scripts", box, [
  // Everyday: a data file, ls, git describe.
  ["perl pl/ok.pl", "allow", ["read $P/r/data/in.csv"], R],
  // Outside twins.
  ["perl pl/leak.pl", "ask", ["read $H/.ssh/id_rsa"], R],
  ["perl pl/glob.pl", "ask", ["read $H/.ssh/id_rsa"], R],
  ["perl pl/concat.pl", "ask", ["read $H/.ssh/id_rsa"], R],
  ["perl pl/system.pl", "ask", ["read $H/.aws/credentials"], R],
  ["perl r/pl/qx.pl", "ask", ["read $O/secret.txt"]],
]);

casesWithoutGolden("the leak families' forms", box, [
  // A loop over a list of names: each item is the loop's name.
  ["python3 fam/ok.py", "allow", ["read $P/r/data/a.csv", "read $P/r/data/b.csv"], R],
  ["python3 fam/leak.py", "ask", ["read $H/.ssh/id_rsa"], R],
  ["python3 r/fam/leak.py", "ask", ["read $O/secret.txt"]],
  ["node fam/leak.js", "ask", ["read $H/.ssh/id_rsa"], R],
  ["node r/fam/each.js", "ask", ["read $O/secret.txt", "read $P/data/a.csv"]],
  // Code a script runs in its own interpreter, and a script it starts.
  ["./fam/tool_ok", "allow", ["read $P/r/data/a.csv"], R],
  ["./fam/tool", "ask", ["read $H/.ssh/id_rsa"], R],
  ["python3 fam/bg.py", "ask", ["read $H/.ssh/id_rsa"], R],
]);

casesWithoutGolden("archives a script unpacks", box, [["python3 arc/unpack_ok.py", "allow", ["read $P/r/arc/plain.tar"],
  R], ["python3 arc/unpack.py", "ask", ["write $O/planted"], R]]);

casesWithoutGolden("make's recipes", box, [
  // Everyday: the first goal and its prerequisite's recipe, a test target; a line with a
  // variable the makefile does not define is skipped, a pattern rule not followed.
  ["make", "allow", ["write $P/r/out/report.json", "read $P/r/data/in.csv"], R],
  ["make test", "allow", ["write $P/r/out/gen.json"], R],
  ["make -n leak", "allow", ["!read $H/.ssh/id_rsa"], R],
  // What the guard cannot know of a recipe is left to the sandbox, not asked about: a requirements
  // file not there, a directory nothing made, a variable from the environment.
  ["make deps", "allow", ["!#UNRESOLVED_WORD", "!#UNRESOLVED_CWD", "!#OPAQUE_CODE"], R],
  // What it visibly reaches outside without a path counts: a pip with no venv active installs
  // into the user's Python (OUTSIDE_EFFECT, not an unknown).
  ["make sysdeps", "ask", ["#OUTSIDE_EFFECT"], R],
  // Outside twins: a script a recipe runs, shell code, an install, $(shell …).
  ["make leak", "ask", ["read $H/.ssh/id_rsa"], R],
  ["make -s sh", "ask", ["read $H/.aws/credentials"], R],
  ["make install", "ask", ["write $O/README"], R],
  // (A variable given on the command line overrides the makefile's: cat only reads the script.)
  ["make PY=cat leak", "allow", ["read $P/r/py/key.py", "!read $H/.ssh/id_rsa"], R],
  ["make -C shellmk", "ask", ["read $O/secret.txt"], R],
]);

casesWithoutGolden("#! scripts and package.json scripts", box, [
  ["./bin/ok", "allow", ["exec $P/r/bin/ok"], R],
  ["./bin/leak", "ask", ["read $H/.ssh/id_rsa"], R],
  ["./bin/nodeleak", "ask", ["read $H/.ssh/id_rsa"], R],
  ["npm run build", "allow", ["read $P/README.md"], R],
  ["npm run leak", "ask", ["read $H/.ssh/id_rsa"], R],
  ["npm run py", "ask", ["read $H/.ssh/id_rsa"], R],
  // A script written whole earlier in the command is judged as written, not as it is on disk.
  ["cat > r/w.py <<'EOF' && python3 r/w.py\nimport os\nos.system('cat ~/.ssh/id_rsa')\nEOF", "ask", [
    "read $H/.ssh/id_rsa",
  ]],
  ["printf 'import os\\n' > r/w2.py && python3 r/w2.py", "allow", ["exec $P/r/w2.py"]],
  // After `;` or a newline too: what the write put there is what most likely runs.
  ["cat > r/w3.py <<'EOF'\nimport os\nos.system('cat ~/.ssh/id_rsa')\nEOF\npython3 r/w3.py", "ask", [
    "read $H/.ssh/id_rsa",
  ]],
  ["echo 'open(\"../outside/secret.txt\").read()' > r/w4.js; node r/w4.js", "allow", ["exec $P/r/w4.js"]],
  ['echo \'require("fs").readFileSync("../outside/secret.txt")\' > r/w5.js; node r/w5.js', "ask", [
    "read $O/secret.txt",
  ]],
  ["printf 'print(1)\\n' > r/w6.py; python3 r/w6.py", "allow", ["exec $P/r/w6.py"]],
]);
