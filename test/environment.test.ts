// Variables that make the program a command starts load code, run a command line, or look
// for programs and configuration elsewhere (src/shell/environment.ts). Each is set the ways a
// command can set it: a prefix assignment, an assignment with export, a wrapper, a function
// call, and a nested shell.

import { describe, expect, test } from "bun:test";
import type { Case } from "./support/table.ts";
import { table, useSandbox } from "./support/table.ts";

const box = useSandbox();

table("code loaded into the program", box, [["LD_PRELOAD=../outside/x.so ls", "ask", ["exec $O/x.so"]], [
  "LD_AUDIT=$O/a.so ls",
  "ask",
  ["exec $O/a.so"],
], ["export LD_PRELOAD=../outside/x.so; ls", "ask", ["exec $O/x.so"]], [
  "LD_PRELOAD=../outside/x.so; export LD_PRELOAD; ls",
  "ask",
  ["exec $O/x.so"],
], ["env LD_PRELOAD=../outside/x.so ls", "ask", ["exec $O/x.so"]], ["f() { ls; }; LD_PRELOAD=../outside/x.so f", "ask",
  ["exec $O/x.so"]], ["bash -c 'LD_PRELOAD=../outside/x.so ls'", "ask", ["exec $O/x.so"]], [
  "NODE_OPTIONS='--require ../outside/hook.js' node app.js",
  "ask",
  ["exec $O/hook.js"],
], ["NODE_OPTIONS=--require=../outside/hook.js npm test", "ask", ["exec $O/hook.js"]], [
  "PERL5OPT=-M../outside/x perl x.pl",
  "ask",
  ["exec $O/x"],
], ["LD_PRELOAD=$X ls", "ask", ["#UNRESOLVED_WORD"]], ["LD_PRELOAD=./build/x.so ls", "allow", ["exec $P/build/x.so"]], [
  "LD_PRELOAD= ls",
  "allow",
], ["NODE_OPTIONS=--max-old-space-size=4096 node app.js", "allow"], ["unset LD_PRELOAD; ls", "allow"]]);

table("shell start-up files and prompts", box, [
  ["BASH_ENV=../outside/rc bash -c true", "ask", ["exec $O/rc"]],
  ["BASH_ENV=~/.bashrc bash -c true", "ask", ["exec $H/.bashrc"]],
  ["export BASH_ENV=$O/rc; bash build.sh", "ask", ["exec $O/rc"]],
  ["ENV=../outside/rc sh -i", "ask", ["exec $O/rc"]],
  ["PROMPT_COMMAND='cat /etc/passwd' bash -i", "ask", ["#OPAQUE_CODE"]],
  ["PS4='$(cat /etc/passwd)' bash -xc true", "ask", ["#OPAQUE_CODE"]],
  // bash runs it first: it is read as a script (src/commands/table/shells.ts); a missing one asks.
  ["BASH_ENV=scripts/build.sh bash -c true", "allow", ["exec $P/scripts/build.sh", "read $P/scripts/build.sh"]],
  ["BASH_ENV=scripts/env.sh bash -c true", "ask", ["#OPAQUE_CODE"]],
]);

table("programs that other programs start", box, [
  ["PAGER='cat /etc/passwd' git log", "ask", ["exec /etc/passwd"]],
  ["GIT_PAGER='less; cat /etc/passwd' git log", "ask", ["read /etc/passwd"]],
  // The pager and editor git runs, set for this run, are the code git hands to sh (git.ts
  // programSetting): `cat`, `less -R`, `true` as agents set them allow; what else they name is judged.
  ["GIT_PAGER=cat git log -3", "allow", ["!#OPAQUE_CODE"]],
  ["GIT_EDITOR=true git rebase --continue", "allow", ["!#OPAQUE_CODE"]],
  ["git -c core.pager=cat log", "allow", ["!#OPAQUE_CODE"]],
  ["git -c core.pager='less -R' log", "allow", ["!#OPAQUE_CODE"]],
  ["git -c core.editor=true commit --amend", "allow", ["!#OPAQUE_CODE"]],
  ["git -c sequence.editor=: rebase -i HEAD~2", "allow", ["!#OPAQUE_CODE"]],
  ["git -c core.pager='cat ../outside/secret.txt' log", "ask", ["read $O/secret.txt"]],
  ["GIT_EDITOR='cp ../outside/secret.txt .' git commit", "ask", ["read $O/secret.txt"]],
  ['GIT_PAGER="$P" git log', "ask", ["#OPAQUE_CODE"]],
  // A setting written to a configuration file runs on every later git command: still a question.
  ["git config core.pager cat", "ask", ["#OPAQUE_CODE"]],
  ["EDITOR='cat ../outside/secret.txt' git commit", "ask", ["exec $O/secret.txt"]],
  ["VISUAL=$O/ed crontab -e", "ask", ["exec $O/ed"]],
  ["MANPAGER='sh -c \"cat /etc/passwd\"' man ls", "ask", ["#OPAQUE_CODE"]],
  ["SSH_ASKPASS=/tmp/ask ssh host", "ask", ["exec /tmp/ask"]],
  ["GIT_SSH_COMMAND='ssh -i ~/.ssh/key' npm install", "ask", ["#OPAQUE_CODE"]],
  // Option variables join the command line of the program that reads them.
  ["TAR_OPTIONS=--checkpoint-action=exec=sh tar -cf build/a.tar src", "ask", ["#OPAQUE_CODE"]],
  ["TAR_OPTIONS=-C../outside tar -xf a.tar", "ask", ["write $O"]],
  ["export TAR_OPTIONS=--to-command=sh; tar -xf a.tar", "ask", ["#OPAQUE_CODE"]],
  ["TAR_OPTIONS=--checkpoint-action=exec=sh make dist", "ask", ["#OPAQUE_CODE"]],
  ["ZIPOPT='-TT sh' zip -T a.zip src", "ask", ["#OPAQUE_CODE"]],
  ["MAKEFLAGS='-f ../outside/Makefile' make", "ask", ["read $O/Makefile"]],
  ["MAKEFLAGS=-C../outside make", "ask", ["cwd $O"]],
  ["MAKEFLAGS=SHELL=/tmp/sh make", "ask", ["* /tmp/sh"]],
  // Extracting into the project's top would follow its links out (archives.test.ts): -C build.
  ["TAR_OPTIONS=--no-same-owner tar -xf a.tar -C build", "allow"],
  ["MAKEFLAGS=-j4 make", "allow"],
  ["npm_config_prefix=.. npm install -g x", "ask", ["exec $T/work"]],
  ["npm_config_script_shell=$O/sh npm test", "ask", ["exec $O/sh"]],
  ["PIP_TARGET=../outside pip install x", "ask", ["exec $O"]],
  ["RUSTC_WRAPPER=$O/w cargo build", "ask", ["exec $O/w"]],
  // GOFLAGS: `-flag=value` settings; only the flags that name a file or run a program reach a
  // place (go help environment), whichever program runs after the export.
  ["export GOFLAGS=-mod=readonly; echo building; go build ./...", "allow", ["!* $P/readonly", "!* $P/od=readonly"]],
  ["GOFLAGS='-mod=mod -trimpath -tags=integration' go test ./...", "allow"],
  ["GOFLAGS=-modfile=../outside/go.mod go build", "ask", ["read $O/go.mod"]],
  ["GOFLAGS=-toolexec=$O/x go vet", "ask", ["exec $O/x"]],
  ["export GOFLAGS=-overlay=../outside/o.json; make", "ask", ["read $O/o.json"]],
  // flock -c, script -c and sudo -s run $SHELL -c; valgrind and pytest read options.
  ["SHELL=../outside/evil flock lk -c true", "ask", ["exec $O/evil"]],
  ["SHELL=../outside/evil script -qc true /dev/null", "ask", ["exec $O/evil"]],
  ["VALGRIND_OPTS=--log-file=../outside/vglog valgrind ls", "ask", ["* $O/vglog"]],
  ["PYTEST_ADDOPTS='--basetemp ../outside/t' pytest", "ask", ["* $O/t"]],
  ["PYTEST_ADDOPTS=-x make test", "ask", ["#OPAQUE_CODE"]],
  ["RIPGREP_CONFIG_PATH=../outside/rc rg x", "ask", ["exec $O/rc"]],
  ["LESS=-o../outside/log less README.md", "ask", ["exec $O/log"]],
  ["RSYNC_RSH='../outside/evil' rsync -a src host:x", "ask", ["exec $O/evil"]],
  ["SSLKEYLOGFILE=../outside/keys curl https://example.com", "ask", ["write $O/keys"]],
  ["LESSHISTFILE=~/.lesshst less README.md", "ask", ["write $H/.lesshst"]],
  ["KUBECONFIG=../outside/kc kubectl get pods", "ask", ["exec $O/kc"]],
  ["GNUPGHOME=../outside gpg --list-keys", "ask", ["read $O"]],
  // bash loads the zone when TZ is set for a builtin or a function alone (strace), not when
  // it is only assigned or exported.
  ["TZ=$O/zone :", "ask", ["read $O/zone"]],
  ["TZ=$O/zone true", "ask", ["read $O/zone"]],
  ["f() { :; }; TZ=$O/zone f", "ask", ["read $O/zone"]],
  ["TZ=$ZONE :", "ask", ["#UNRESOLVED_WORD"]],
  ["TZ=$O/zone; export TZ", "allow"],
  ["TZ=UTC echo hi", "allow"],
  // ssh-keygen and ssh load the security-key middleware library SSH_SK_PROVIDER names (program probe).
  ["SSH_SK_PROVIDER=../outside/sk.so ssh-keygen -K", "ask", ["exec $O/sk.so"]],
  // man reads (and formats) the pages under MANPATH; ssh connects to the agent's socket.
  ["MANPATH=../outside man ls", "ask", ["read $O"]],
  ["SSH_AUTH_SOCK=../outside/agent ssh-add -l", "ask", ["read $O/agent"]],
  ["XAUTHORITY=../outside/.Xauthority xclip -o", "ask", ["read $O/.Xauthority"]],
  // git's trace files, for git that another program starts.
  ["GIT_TRACE=../outside/t npm install", "allow"],
  ["GIT_TRACE=$O/t npm install", "ask", ["write $O/t"]],
  ["GIT_TRACE2_EVENT=af_unix:$O/sock npm ci", "ask", ["write $O/sock"]],
  ["GIT_TRACE=1 npm install", "allow"],
  ["SHELL=/bin/bash script -qc ls /dev/null", "allow"],
  ["EDITOR=/usr/bin/vim git commit", "allow"],
  ["LESS=-R git log", "allow"],
  ["XZ_OPT=-9 tar cJf x.tar.xz src", "allow"],
  ["PYTEST_ADDOPTS=-x pytest", "allow"],
  ["COVERAGE_FILE=build/.coverage pytest", "allow", ["write $P/build/.coverage"]],
  ["EDITOR=vim git commit", "allow"],
  ["export EDITOR=nano; git commit -m x", "allow"],
  ["PAGER=less git log", "allow"],
  ["CC=clang make", "allow"],
  ["CC=gcc CFLAGS=-O2 make all", "allow"],
  ["DEBUG=1 npm test", "allow"],
  // ls reads no FOO, but which variables a program reads is open-ended (core.test.ts).
  ["FOO=../outside/x ls", "ask", ["unknown $O/x"]],
]);

table("where programs, libraries and configuration are looked up", box, [
  ["PATH=../outside/dir ls", "ask", ["exec $O/dir"]],
  ["PATH=..:$PATH ls", "ask", ["#UNRESOLVED_WORD"]],
  ["export PATH=$HOME/bin:/usr/bin; ls", "ask", ["exec $H/bin"]],
  // A relative entry is looked up from wherever the shell is when the command runs.
  ["PATH=bin:/usr/bin; cd ..; ls", "ask", ["exec $T/work/bin"]],
  ["(PATH=.. ; ls)", "ask", ["exec $T/work"]],
  // `.` without a slash looks the name up in $PATH.
  ["PATH=../outside . x", "ask", ["exec $O"]],
  ["LD_LIBRARY_PATH=../outside ls", "ask", ["exec $O"]],
  ["PYTHONPATH=../outside:src python3 -m x", "ask", ["exec $O", "exec $P/src"]],
  ["NODE_PATH=$O node app.js", "ask", ["exec $O"]],
  ["HOME=.. git log", "ask", ["read $T/work"]],
  ["XDG_CONFIG_HOME=$O git status", "ask", ["read $O"]],
  ["TMPDIR=.. sort README.md", "ask", ["write $T/work"]],
  ["CARGO_TARGET_DIR=$O cargo build", "ask", ["write $O"]],
  ["PATH=bin:src ls", "allow", ["exec $P/bin", "exec $P/src"]],
  ["PYTHONPATH=src python3 -m x", "allow"],
  ["HOME=$PWD npm test", "allow"],
  ["TMPDIR=build sort README.md", "allow"],
  // OpenSSL's config and modules (code it loads), node's warning file and compile cache.
  ["OPENSSL_CONF=$O/o.cnf node app.js", "ask", ["exec $O/o.cnf"]],
  ["OPENSSL_CONF=../outside/o.cnf git fetch", "ask", ["exec $O/o.cnf"]],
  ["OPENSSL_MODULES=$O node app.js", "ask", ["exec $O"]],
  ["NODE_REDIRECT_WARNINGS=../outside/w node app.js", "ask", ["write $O/w"]],
  ["NODE_COMPILE_CACHE=../outside/c node app.js", "ask", ["write $O/c"]],
  ["NODE_COMPILE_CACHE=.cache node app.js", "allow"],
  ["PYTHONPLATLIBDIR=../../x python3 a.py", "ask", ["exec $T/x"]],
  // uv's environments, caches, Python, config file and indexes; pip's file: index.
  ["UV_PROJECT_ENVIRONMENT=../outside/v uv sync", "ask", ["exec $O/v"]],
  ["VIRTUAL_ENV=../outside/v uv pip install x", "ask", ["exec $O/v"]],
  ["UV_CACHE_DIR=../outside uv sync", "ask", ["write $O"]],
  ["UV_TOOL_DIR=../outside/t uvx ruff", "ask", ["exec $O/t"]],
  ["UV_PYTHON=../outside/bin/python uv run x.py", "ask", ["exec $O/bin/python"]],
  ["UV_CONFIG_FILE=../outside/uv.toml uv sync", "ask", ["exec $O/uv.toml"]],
  ["UV_INDEX_URL=file://$O uv sync", "ask", ["exec $O"]],
  ["PIP_INDEX_URL=file://$O/idx pip install x", "ask", ["exec $O/idx"]],
  ["UV_PYTHON=3.12 uv run x.py", "allow"],
  ["UV_INDEX_URL=https://pypi.org/simple uv sync", "allow"],
  ["VIRTUAL_ENV=.venv UV_CACHE_DIR=.cache uv pip install x", "allow"],
  ["unset PATH; ls", "allow"],
  // Builtins other than `.` do not start a program.
  ["PATH=.. cd src", "allow"],
]);

// gettext opens DIR/NAME/LC_MESSAGES/DOMAIN.mo for each NAME in LANGUAGE, under the directory
// the program binds (/usr/share/locale for ls): strace of ls 9.1 with glibc 2.36 under
// LC_ALL=C.utf8 showed LANGUAGE=../../../../tmp/x open /tmp/x/LC_MESSAGES/coreutils.mo. A name
// that climbs with `..` reaches anywhere from a directory the guard does not know; an absolute
// one stays under it. The locale's own names are no paths: glibc refuses `..` in LC_ALL, LANG
// and LC_MESSAGES and puts an absolute one under /usr/lib/locale (strace).
table("glibc: message catalogues, locales and the other files it opens", box, [
  ["LANGUAGE=../../../../outside ls --badopt", "ask", ["#UNRESOLVED_WORD"]],
  ["export LANGUAGE=fr:../../../x; ls", "ask", ["#UNRESOLVED_WORD"]],
  ["LANGUAGE=de/../../../x git status", "ask", ["#UNRESOLVED_WORD"]],
  ["LANGUAGE=fr:de_DE ls", "allow"],
  ["LANGUAGE=/tmp/x ls", "allow"],
  ["LC_ALL=../outside ls", "allow"],
  ["LANG=/etc/shadow ls", "allow"],
  // glibc's other files: iconv's modules, code (strace: iconv -l opens $GCONV_PATH/gconv-modules),
  // catopen's catalogues, the resolver's host aliases (getent hosts opens $HOSTALIASES), and
  // mtrace's log. The resolver's options and domain, and the allocator's tunables, name none.
  ["GCONV_PATH=../outside iconv -l", "ask", ["exec $O"]],
  ["NLSPATH=../outside/%N ls", "ask", ["read $O/%N"]],
  ["HOSTALIASES=../outside/h curl http://a", "ask", ["read $O/h"]],
  ["MALLOC_TRACE=../outside/t ls", "ask", ["write $O/t"]],
  ["RES_OPTIONS='ndots:2 timeout:1' LOCALDOMAIN=example.org ls", "allow"],
  ["GLIBC_TUNABLES=glibc.malloc.check=3 MALLOC_CHECK_=3 ls", "allow"],
  // git's configuration given in the environment: a pager is a command line.
  ["GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='cat ../outside/secret.txt' git log", "ask", [
    "* $O/secret.txt",
  ]],
  // BSD grep (macOS) reads options from GREP_OPTIONS; GNU grep ignores it since 3.6.
  ["GREP_OPTIONS='-f ../outside/secret.txt' grep a README.md", "ask", ["* $O/secret.txt"]],
  ["GREP_OPTIONS=-i grep a README.md", "allow"],
]);

// Runtimes and toolchains the tools run from a directory a variable names (mvn runs
// $JAVA_HOME/bin/java: strace), other start-up code (vim runs $VIMINIT: a writefile() in it wrote
// its file; zsh -c reads $ZDOTDIR/.zshenv), JVM options the launchers pass on, and ld.so's profile.
table("runtimes, toolchains and other start-up code", box, [["JAVA_HOME=../outside/jdk mvn package", "ask", [
  "exec $O/jdk",
]], ["GOROOT=$O go build", "ask", ["exec $O"]], ["RUSTUP_TOOLCHAIN=../outside/tc cargo build", "ask", ["exec $O/tc"]], [
  "ZDOTDIR=.. zsh -c true",
  "ask",
  ["exec $T/work"],
], ["HGRCPATH=../outside/hgrc hg status", "ask", ["exec $O/hgrc"]], ["GRADLE_USER_HOME=../outside gradle build", "ask",
  ["exec $O"]], ["MAVEN_OPTS='-javaagent:../outside/a.jar' mvn package", "ask", ["exec $O/a.jar"]], [
  "VIMINIT='source ../outside/v' vim a",
  "ask",
  ["exec $O/v"],
], ["VIMINIT='call writefile([1], \"/tmp/x\")' vim a", "ask", ["#OPAQUE_CODE"]], [
  "SVN_EDITOR='cat ../outside/secret.txt' svn commit",
  "ask",
  ["* $O/secret.txt"],
], ["R_ENVIRON_USER=../outside/r Rscript a.R", "ask", ["exec $O/r"]], [
  "LD_PROFILE=libc.so.6 LD_PROFILE_OUTPUT=../outside ls",
  "ask",
  ["write $O"],
], ["MEMUSAGE_OUTPUT=../outside/m ls", "ask", ["write $O/m"]], ["RUSTUP_TOOLCHAIN=stable cargo build", "allow"], [
  "MAVEN_OPTS=-Xmx2g JAVA_HOME=.jdk mvn package",
  "allow",
]]);

/** Every form of setting must reach the program the same way (the metamorphic relation), and ask for the same access. */
const forms = (assignment: string, command: string,
  why: string): Case[] => [[`${assignment} ${command}`, "ask", [why]], [`export ${assignment}; ${command}`, "ask", [
  why,
]], [`env ${assignment} ${command}`, "ask", [why]], [`nice env ${assignment} ${command}`, "ask", [why]], [
  `( ${assignment} ${command} )`,
  "ask",
  [why],
], [`bash -c '${assignment} ${command}'`, "ask", [why]], [`eval '${assignment} ${command}'`, "ask", [why]], [
  `cd src && ${assignment.replace("../", "../../")} ${command}`,
  "ask",
  [why],
]];
table("every way of setting the variable", box, [...forms("LD_PRELOAD=../outside/x.so", "ls", "exec $O/x.so"),
  ...forms("BASH_ENV=../outside/rc", "bash -c true", "exec $O/rc"),
  ...forms("PATH=../outside/dir", "ls", "exec $O/dir"), ...forms("HOME=../outside", "git log", "read $O"),
  ...forms("LANGUAGE=../../../../outside", "ls", "#UNRESOLVED_WORD")]);

// Option variables are read by the programs their table entries name (src/commands/environment.ts):
// there the words join the command line; any other program may start a reader, so there the
// variable is code the guard does not follow. bsdtar, bmake and remake do not read them.
table("option variables and the programs that read them", box, [["TAR_OPTIONS=-C../outside gtar -xf a.tar -C build",
  "ask", ["cwd $O"]], ["TAR_OPTIONS=-C../outside /usr/bin/tar -tf a.tar", "ask", ["cwd $O", "!#OPAQUE_CODE"]], [
  "TAR_OPTIONS=-C../outside bsdtar -xf a.tar -C build",
  "ask",
  ["#OPAQUE_CODE", "!cwd $O"],
], ["TAR_OPTIONS=--no-same-owner ls", "ask", ["#OPAQUE_CODE"]], ["TAR_OPTIONS=--no-same-owner . x", "ask", [
  "#OPAQUE_CODE",
]], ["TAR_OPTIONS=-C../outside env tar -tf a.tar", "ask", ["#OPAQUE_CODE", "cwd $O"]], [
  "TAR_OPTIONS=-C../outside bash -c 'tar -tf a.tar'",
  "ask",
  ["#OPAQUE_CODE", "cwd $O"],
], ["UNZIP='-d ../outside' unzip a.zip -d build", "ask", ["write $O"]], ["UNZIP='-d ../outside' zip -r build/a.zip src",
  "ask", ["#OPAQUE_CODE"]], ["GNUMAKEFLAGS='-f ../outside/M' gmake", "ask", ["read $O/M"]], [
  "export MAKEFLAGS=-C../outside; make",
  "ask",
  ["cwd $O"],
], ["MAKEFLAGS=-C../outside bmake", "ask", ["#OPAQUE_CODE", "!cwd $O"]], ["MAKEFLAGS=-C../outside remake", "ask", [
  "#OPAQUE_CODE",
  "!cwd $O",
]], ["VALGRIND_OPTS=--log-file=../outside/vglog make", "ask", ["#OPAQUE_CODE"]], [
  "PYTEST_ADDOPTS='--basetemp ../outside/t' py.test",
  "ask",
  ["write $O/t"],
], ["UNZIPOPT='-d ../outside/x' unzip a.zip -d build", "ask", ["write $O/x"]], ["MFLAGS=-C../outside make", "ask", [
  "cwd $O",
]], ["ZIPOPT='-b ../outside' zip -r build/a.zip src", "ask", ["* $O"]], ["UNZIPOPT=-o unzip a.zip -d build", "allow"], [
  "MFLAGS=-j4 make",
  "allow",
], ["TAR_OPTIONS=--no-same-owner cd src", "allow"]]);

describe("the reason an option variable gives", () => {
  const reason = (command: string) =>
    box.check(box.fx.sub(command)).reasons.find((r) => r.code === "OPAQUE_CODE")?.message;
  test("names the program that reads it and the one that may start it", () => {
    expect(reason("TAR_OPTIONS=--to-command=sh make")).toBe("TAR_OPTIONS holds options for tar, which make may start");
    expect(reason("MAKEFLAGS=-C.. bmake")).toBe("MAKEFLAGS holds options for make, which bmake may start");
    expect(reason("VALGRIND_OPTS=-q pytest")).toBe("VALGRIND_OPTS holds options for valgrind, which pytest may start");
    expect(reason("UNZIPOPT=-o . x")).toBe("UNZIPOPT holds options for unzip, which this command may start");
  });
});
