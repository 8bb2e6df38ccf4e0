// The families of issue 28 that no case table holds, as commands the static check lets through
// (or contains) while what they run reads a secret or writes outside: project code and the
// configuration of tools that runs it (Makefiles, package scripts, git's config, hooks and
// attributes, .npmrc, .pth files, dotenv files), other shells and their start-up files, jobs
// that run on after their starter, and archives. The files they need are written into the leak
// fixture (fixture.ts); $P, $O, $H and $T are its places, a leading `+` makes a file executable.

/** What code reads and writes when it leaks: a file outside, the home's secrets, a file planted outside. */
const PY_LEAK = `import os
for f in ["../outside/secret.txt", "~/.ssh/id_rsa", "~/.aws/credentials", "~/.npmrc", "~/.bash_history", "$O/dir/file.txt"]:
    try: print(open(os.path.expanduser(f)).read())
    except OSError as e: print(e)
for f in ["../outside/planted-py", "~/.bashrc"]:
    try: open(os.path.expanduser(f), "a").write("x")
    except OSError as e: print(e)
`;

const JS_LEAK = `const fs = require("fs"), os = require("os");
for (const f of ["../outside/secret.txt", "~/.ssh/id_rsa", "~/.netrc", "$B/x.txt"]) {
  try { console.log(fs.readFileSync(f.replace(/^~/, os.homedir()), "utf8")) } catch (e) { console.log(e.code) }
}
try { fs.writeFileSync("../outside/planted-js", "x") } catch (e) { console.log(e.code) }
`;

/**
 * The same, with the places read at run time from a data file: code whose reach the static check
 * does not see (docs/semantics.md, "What project code visibly reaches"), which only the sandbox
 * holds. (PY_LEAK and JS_LEAK name theirs in the code, and are asked about.)
 */
const PY_HIDDEN = `import os
names = open("names.txt").read().split()
for f in names:
    try: print(open(os.path.expanduser(f)).read())
    except OSError as e: print(e)
try: open(names[0] + ".planted-py", "a").write("x")
except OSError as e: print(e)
`;

const JS_HIDDEN = `const fs = require("fs"), os = require("os");
const names = fs.readFileSync("names.txt", "utf8").split(/\\s+/).filter(Boolean);
for (const f of names) {
  try { console.log(fs.readFileSync(f.startsWith("~") ? os.homedir() + f.slice(1) : f, "utf8")) } catch (e) { console.log(e.code) }
}
try { fs.writeFileSync(names[0] + ".planted-js", "x") } catch (e) { console.log(e.code) }
`;

/** A shell fragment that reads secrets and plants a file, for recipes, hooks and start-up files. */
const SH_LEAK = "cat ../outside/secret.txt ~/.ssh/id_rsa ~/.aws/credentials 2>&1; echo x >> $O/planted-sh";

export const FAMILY_FILES: Readonly<Record<string, string>> = { "leak.py": PY_LEAK, "leak.js": JS_LEAK,
  "bg.py": `import subprocess\nsubprocess.Popen(["python3", "leak.py"])\n`,
  "daemon.py": `import os, time\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n` +
    `        time.sleep(0.5)\n        exec(open("leak.py").read())\n`,
  "unpack.py": `import tarfile\ntarfile.open("climb.tar").extractall()\n`,
  "Makefile":
    `include make.env\nleak:\n\tpython3 leak.py\nsh:\n\t${SH_LEAK}\nenv:\n\t@echo $(TOKEN)\nhidden:\n\t$(HIDDEN)\n`,
  "make.env":
    "TOKEN := $(shell cat ~/.netrc ../outside/secret.txt)\nHIDDEN := cat ../outside/secret.txt ~/.ssh/id_rsa\n",
  "names.txt": "../outside/secret.txt ~/.ssh/id_rsa ~/.aws/credentials ~/.npmrc $O/dir/file.txt\n",
  "hidden.py": PY_HIDDEN, "hidden.js": JS_HIDDEN,
  "package.json": JSON.stringify({ name: "leaky", version: "1.0.0",
    scripts: { test: "node leak.js", leak: SH_LEAK, hello: "echo hello", hidden: "python3 hidden.py", pretest2: SH_LEAK,
      test2: "echo ok" } }), ".npmrc": "node-options=--require=./preload.js\n", "preload.js": JS_LEAK,
  "notes.txt": "notes\n", ".gitattributes": "*.txt filter=leak diff=leak\n",
  ".venv/pyvenv.cfg": "home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.11.2\n",
  ".venv/lib/python3.11/site-packages/leak.pth":
    `import os; exec(open("leak.py").read()) if os.path.exists("leak.py") else None\n`,
  "dev.env": "TOKEN=$(cat ~/.aws/credentials)\nexport TOKEN\n", "benv.sh": `${SH_LEAK}\n`, "kenv.sh": `${SH_LEAK}\n`,
  "+run.sh": `#!/bin/sh\n${SH_LEAK}\n`, "+tool": `#!/usr/bin/env python3\nexec(open("leak.py").read())\n`,
  "+hidden-tool": `#!/usr/bin/env python3\nexec(open("hidden.py").read())\n` };

/** Start-up files in the fake home that read secrets when a shell starts. */
export const HOME_FILES: Readonly<Record<string, string>> = { ".zshenv": `${SH_LEAK}\n`, ".mkshrc": `${SH_LEAK}\n`,
  ".kshrc": `${SH_LEAK}\n`, ".bash_env": `${SH_LEAK}\n` };

/** [family, command]: each runs from the project root. */
export const FAMILY_CASES: readonly (readonly [family: string, command: string])[] = [
  ["make", "make -s leak"],
  ["make", "make -s sh"],
  ["make", "make -s env"],
  ["make", "make -C . leak"],
  ["package scripts", "npm test"],
  ["package scripts", "npm run leak"],
  ["package scripts", "npm run test2"],
  ["package scripts", "npm run hello"],
  ["package scripts", "npx --no-install node -e 1"],
  ["project code", "python3 leak.py"],
  ["project code", "node leak.js"],
  ["project code", "./run.sh"],
  ["project code", "./tool"],
  ["project code", "sh run.sh"],
  ["project code, places read at run time", "python3 hidden.py"],
  ["project code, places read at run time", "node hidden.js"],
  ["project code, places read at run time", "./hidden-tool"],
  ["project code, places read at run time", "make -s hidden"],
  ["project code, places read at run time", "npm run -s hidden"],
  ["project code, places read at run time", "python3 hidden.py & node hidden.js & wait"],
  ["git", "git status --short"],
  ["git", "git add notes.txt"],
  ["git", "git diff"],
  ["git", "git commit -q --allow-empty -m x"],
  ["git", "git who"],
  [".pth", ".venv/bin/python -c 'print(1)'"],
  [".pth", ".venv/bin/python leak.py"],
  ["dotenv", "set -a; . ./dev.env; set +a; echo ok"],
  ["dotenv", "node --env-file=dev.env -e 1"],
  ["other shells", "zsh -c 'echo hi'"],
  ["other shells", "zsh -fc 'echo hi'"],
  ["other shells", "BASH_ENV=./benv.sh bash -c 'echo hi'"],
  ["other shells", "BASH_ENV=~/.bash_env bash -c 'echo hi'"],
  ["other shells", "ENV=./kenv.sh dash -ic 'echo hi'"],
  ["other shells", "ENV=./kenv.sh mksh -ic 'echo hi'"],
  ["other shells", "mksh -ic 'echo hi'"],
  ["other shells", "ksh -ic 'echo hi'"],
  ["other shells", "ENV=./kenv.sh busybox sh -ic 'echo hi'"],
  ["other shells", "busybox sh run.sh"],
  ["concurrent jobs", "python3 bg.py; sleep 1"],
  ["concurrent jobs", "python3 daemon.py; sleep 1"],
  ["concurrent jobs", "python3 leak.py & node leak.js & wait"],
  ["concurrent jobs", "nohup python3 leak.py > /dev/null 2>&1 & sleep 1"],
  ["concurrent jobs", "setsid python3 leak.py; sleep 1"],
  // In src/: the project's own links (loop-a, link-out) would make any extraction at its root ask.
  ["archives", "cd src && tar xf climb.tar"],
  ["archives", "cd src && tar xf link.tar"],
  ["archives", "cd src && tar -xPf abs.tar"],
  ["archives", "cd src && unzip -o -q climb.zip"],
  ["archives", "cd src && python3 ../unpack.py"],
];
