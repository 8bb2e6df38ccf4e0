// The core guard's specification as a table: command, expected decision, and the accesses
// (or reasons) that justify it. Commands run from the project root ($P) unless told.

import { realpathSync } from "node:fs";
import { nodeFileSystem } from "../src/paths/fs.ts";
import { type Case, table, useSandbox } from "./support/table.ts";

const box = useSandbox();

table("plain paths", box, [["cat README.md", "allow", ["* $P/README.md"]], ["cat ./src/main.ts", "allow", [
  "* $P/src/main.ts",
]], ["cat /etc/passwd", "ask", ["* /etc/passwd", "#EXTERNAL_PATH"]], ["cat ../outside/secret.txt", "ask", [
  "* $O/secret.txt",
]], ["cat ../project/README.md", "allow", ["* $P/README.md"]], ["cat ../project-backup/x.txt", "ask", ["* $B/x.txt"]], [
  "cat src/../../outside/secret.txt",
  "ask",
  ["* $O/secret.txt"],
], ["cat src/sub/../../README.md", "allow", ["* $P/README.md"]], ["cat $P/README.md", "allow", ["* $P/README.md"]], [
  "cat $O/secret.txt",
  "ask",
  ["* $O/secret.txt"],
], ["cat //etc//passwd", "ask", ["* /etc/passwd"]], ["cat /", "ask", ["* /"]], ["cat src/does-not-exist", "allow", [
  "* $P/src/does-not-exist",
]], ["cat missing/../../outside/secret.txt", "ask", ["* $O/secret.txt"]], ["cat 'space dir/file.txt'", "allow", [
  "* $P/space dir/file.txt",
]], ["cat space\\ dir/file.txt", "allow", ["* $P/space dir/file.txt"]], ["ls", "allow"], ["true", "allow"], ["",
  "allow"], ["# only a comment", "allow"], ["cat README.md # ../outside in a comment", "allow"]]);

// The kernel fails on a path that climbs out of a directory that is not there, but a program
// that makes the directories it names one by one (mkdir -p, install -D, git init and clone,
// curl --create-dirs, wget -P) creates it first: the directory is named as much as the end is.
// Checked against the real programs by hand; test/oracle.test.ts runs some of them.
table("a path that climbs out of a directory that is not there", box, [["mkdir -p ../newdir/../project/sub", "ask", [
  "write $T/work",
  "write $P/sub",
]], ["mkdir -p src/new/../../../nd/../project/y", "ask", ["write $T/work", "write $P/src"]], [
  "mkdir -p ../../nd/../project/docs/z",
  "ask",
  ["write $T/work"],
  { cwd: "$P/docs" },
], ["install -D README.md ../nd/../project/x", "ask", ["write $T/work", "write $P/x"]], [
  "git init ../gi/../project/sub",
  "ask",
  ["write $T/work"],
], ["git clone https://example.com/r.git ../gc/../project/r", "ask", ["write $T/work"]], [
  "curl --create-dirs -o ../cd/../project/f https://example.com/",
  "ask",
  ["write $T/work"],
], ["wget -P ../wg/../project/d https://example.com/", "ask", ["write $T/work"]], [
  "bash -c 'mkdir -p ../nd/../project/s'",
  "ask",
  ["write $T/work"],
], ["cat ../x/../project/README.md", "ask", ["read $T/work"]], ["mkdir -p a/b/../c", "allow", ["write $P/a/c",
  "write $P"]], ["mkdir -p ~/nd/../x", "ask", ["write $H"]], ["cat src/../README.md", "allow", ["!* $P/src"]], [
  "cat link-out/../README.md",
  "ask",
  ["read $T/work/README.md", "!* $P/link-out"],
]]);

// A name that still starts with ~ after bash's expansions is a name in the working directory
// to the kernel, but gpg --homedir, ssh -i and pip's path options (os.path.expanduser) expand it
// themselves (strace: gpg --homedir '~/x' opens $HOME/x/gpg.conf, ssh -i '~/k' stats $HOME/k).
table("a name that still starts with ~", box, [["gpg --homedir=~/.gnupg -k", "ask", ["write $H/.gnupg",
  "write $P/~/.gnupg"]], ["ssh -i '~/.ssh/id_rsa' host", "ask", ["read $H/.ssh/id_rsa"]], [
  "pip install --prefix=~/.local requests",
  "ask",
  ["write $H/.local"],
], ["pip install --target '~/lib' requests", "ask", ["write $H/lib"]], ["cat \\~/.bashrc", "ask", ["read $H/.bashrc",
  "read $P/~/.bashrc"]], ['cat "~"', "ask", ["read $H"]], ["x='~/.bashrc'; cat $x", "ask", ["read $H/.bashrc"]], [
  "cat '~nosuchuser-shellfence/x'",
  "allow",
  ["read $P/~nosuchuser-shellfence/x"],
], ["cat '~x~'", "allow", ["read $P/~x~"]], ["sed -i 's/~/x/' README.md", "allow"], ["git log --format='%h ~ %s'",
  "allow"]]);

// Braces bash leaves in a name are text to the kernel, but a program that globs its operands
// itself may expand them (by hand: prettier 3 --write '{src,../outside}/*.js' rewrote
// ../outside/b.js), so each name they make is judged too.
table("braces a program may expand itself", box, [["prettier --write '{src,../outside}/*.js'", "ask", ["write $O/*.js",
  "write $P/src/*.js"]], ['eslint --fix "{../outside,src}/**"', "ask", ["write $O/**"]], [
  "unknowncmd '{src,../outside}/x'",
  "ask",
  ["* $O/x"],
], ["cat '..{,}/outside/secret.txt'", "ask", ["read $O/secret.txt"]], ["x='{a,../outside/b}'; cat $x", "ask", [
  "read $O/b",
]], ["cat '{1..1000}'", "ask", ["#UNRESOLVED_PATH"]], ["cat '{a,b}'", "allow", ["read $P/a", "read $P/b",
  "read $P/{a,b}"]], ["git stash show 'stash@{0}'", "allow"], ["cat 'a{b}c'", "allow", ["read $P/a{b}c"]]]);

// Glob characters bash leaves in a name are text to the kernel, but a program that globs its
// operands itself matches them (prettier, eslint: fast-glob, which also follows symlinked
// directories under **). What the glob matches is judged; under ** the tree is scanned.
table("globs a program may match itself", box, [["prettier --write 'src/*'", "ask", ["write $O/secret.txt"]], [
  "prettier --write 'src/*.ts'",
  "allow",
  ["write $P/src/main.ts"],
], ["eslint --fix 'dir-*/file.txt'", "ask", ["write $O/dir/file.txt"]], ["cat 'rel-?u?/secret.txt'", "ask", [
  "read $O/secret.txt",
]], ["cat 'link-[o]ut/secret.txt'", "ask", ["read $O/secret.txt"]], ["x='link-*'; cat \"$x/secret.txt\"", "ask", [
  "read $O/secret.txt",
]], ["prettier --write 'docs/**/*.md'", "allow", ["write $P/docs/guide.md"]], ["prettier --write 'src/**/*.ts'", "ask",
  ["write $O/secret.txt"]], ["prettier --check 'docs/**/../../../outside/x'", "ask", ["#EXTERNAL_PATH"]], [
  "git add 'docs/*.md'",
  "allow",
], ["find docs -name '*.md'", "allow"], ["cat 'docs/\\*'", "allow", ["read $P/docs/\\*", "!list $P/docs"]]]);

// `@FILE` is a response file to gcc, clang, javac, tsc (tsc @../x opened ../x under strace),
// Python's fromfile_prefix_chars and more: whatever the table says of the word, FILE is read.
table("a word that starts with @ names a response file", box, [
  ["tsc @../outside/args", "ask", ["read $O/args"]],
  ["unknowncmd @../outside/args", "ask", ["read $O/args"]],
  ["gcc @../outside/args", "ask", ["read $O/args"]],
  ["cat @README.md", "allow", ["read $P/README.md", "read $P/@README.md"]],
  ["cat @@../outside/args", "ask", ["read $O/args"]],
  ["npm install @types/node", "allow"],
  ["git log @{u}", "allow"],
  // A long option glued to its value with `:` (nim's --out:FILE).
  ["nim c --out:../outside/x a.nim", "ask", ["* $O/x"]],
  ["unknowncmd --out:build/x", "allow", ["* $P/build/x"]],
]);

// deep-in leads to src/sub: the kernel takes deep-in/../../x to $P/x, but a program that cleans
// the name first (Python's os.path.abspath, Node's path.resolve, Go's filepath.Abs: python3 -m
// venv deep-in/../../x made $T/work/x, by hand) takes it above the project.
table("a path whose .. a program may clean away before the kernel sees it", box, [["python3 -m venv deep-in/../../x",
  "ask", ["* $T/work/x/pyvenv.cfg", "* $P/x/pyvenv.cfg"]], ["touch deep-in/../../x", "ask", ["write $T/work/x",
  "write $P/x"]], ["cat $P/deep-in/../../README.md", "ask", ["read $T/work/README.md"]], [
  "cd deep-in && cat ../../README.md",
  "ask",
  ["read $T/work/README.md"],
], ["cat deep-in/../deep.ts", "allow", ["read $P/src/deep.ts", "read $P/deep.ts"]], ["cat link-in/../README.md",
  "allow", ["read $P/README.md"]], ["cat deep-in/deep.ts", "allow", ["read $P/src/sub/deep.ts"]]]);

// A command the table does not know: every word may be a path, and so may a value glued to
// an option, and each word of an argument with blanks (it may be a command line the program
// hands to a shell).
table("the words of a command nobody described", box, [
  ["frobnicate ../outside/secret.txt", "ask", ["unknown $O/secret.txt"]],
  ["frobnicate --out=../outside/x", "ask", ["unknown $O/x"]],
  ["frobnicate -o../outside/x", "ask", ["unknown $O/x"]],
  ["frobnicate --path=src:../outside", "ask", ["unknown $O"]],
  ["frobnicate --preview 'cat ../outside/secret.txt'", "ask", ["unknown $O/secret.txt"]],
  ["frobnicate 'ls -la ~/.ssh'", "ask", ["unknown $H/.ssh"]],
  ['frobnicate "x --out=../outside/y"', "ask", ["unknown $O/y"]],
  ["frobnicate --title 'fix the README' src", "allow"],
  ["frobnicate README.md -v --level=3", "allow", ["unknown $P/README.md"]],
  // A file URL is its path to most programs that take URLs (gio, xdg-open, urllib; the program
  // probe saw `gio trash file://…` open the file).
  ["frobnicate file://$O/x", "ask", ["unknown $O/x"]],
  // A variable set for a program nobody described is handed to it: it may read it as a path
  // (the program probe: BOOT_ROOT=../x kernel-install opens ../x/…). A program the table
  // describes may read one its manual names (DPKG_ROOT=../x dpkg-query read
  // ../x/var/lib/dpkg/status, GROFF_FONT_PATH=../x troff ../x/devascii/DESC): a value that
  // looks like a path, or a list of them, is judged for it too; an unknown value is not.
  ["FROB_ROOT=../outside frobnicate inspect", "ask", ["unknown $O"]],
  ["FROB_ROOT=$UNSET_ROOT frobnicate inspect", "ask", ["#UNRESOLVED_WORD"]],
  ["FROB_LEVEL=3 FROB_NAME=build frobnicate", "allow"],
  ["FROB_ROOT=../outside ls", "ask", ["unknown $O"]],
  ["DPKG_ROOT=../outside dpkg-query --list 'libc6*'", "ask", ["unknown $O"]],
  ["GROFF_FONT_PATH=src/fonts:../outside troff -T ascii README.md", "ask", ["unknown $O", "unknown $P/src/fonts"]],
  ["FROB_ROOT=$UNSET_ROOT ls", "allow"],
  ["CFLAGS=-O2 FROB=bar NAME=a:b ls", "allow"],
  ["FROB_DIR=build ls", "allow"],
  ["DATABASE_URL=postgres://u@db.example/app npm test", "allow"],
  ["export REDIS_URL=redis://cache:6379/0; npm test", "allow"],
  ["FROB_URL=file://$O/x ls", "ask", ["unknown $O/x"]],
  // Exported (export, declare -x, set -a), a variable is handed to every program started later.
  ["export FROB_ROOT=../outside; frobnicate inspect", "ask", ["unknown $O"]],
  ["FROB_ROOT=../outside; export FROB_ROOT; frobnicate", "ask", ["unknown $O"]],
  ["declare -x DPKG_ROOT=../outside; dpkg-query --list", "ask", ["unknown $O"]],
  ["set -a; FROB_ROOT=../outside; frobnicate", "ask", ["unknown $O"]],
  ["set -o allexport; FROB_ROOT=../outside; frobnicate", "ask", ["unknown $O"]],
  ["bash -a -c 'FROB_ROOT=../outside; frobnicate'", "ask", ["unknown $O"]],
  ["sh -a -c 'FROB_ROOT=../outside; frobnicate'", "ask", ["unknown $O"]],
  ["bash -c 'FROB_ROOT=../outside; frobnicate'", "allow"],
  ["FROB_ROOT=../outside; frobnicate", "allow"],
  ["set -a; set +a; FROB_ROOT=../outside; frobnicate", "allow"],
  ["export FROB_ROOT=../outside; echo hi", "allow"],
  ["frobnicate --in=file:///etc/passwd", "ask", ["unknown /etc/passwd"]],
  ["frobnicate file://$P/README.md https://example.com/file:/etc", "allow", ["unknown $P/README.md"]],
]);

// An interpreter named among the words of an unknown command runs a file when a plain word
// follows it (`julia x.jl`, as `python x.py`), and code the guard cannot see otherwise.
// (julia has a table entry of its own now, dev/runtimes.ts: here it is a word of `frobnicate`.)
table("interpreters named by a command nobody described", box, [
  ["frobnicate julia README.md", "allow", ["unknown $P/README.md", "!#INLINE_CODE"]],
  ["frobnicate julia ../outside/secret.txt", "ask", ["unknown $O/secret.txt", "!#INLINE_CODE"]],
  ["frobnicate julia", "ask", ["#INLINE_CODE"]],
  ["frobnicate julia -e 'run(`rm -rf ~`)'", "ask", ["#INLINE_CODE"]],
  ["frobnicate julia --project=. README.md", "ask", ["#INLINE_CODE"]],
  ["frobnicate julia $SCRIPT", "ask", ["#INLINE_CODE"]],
  ["julia", "ask", ["#INLINE_CODE"]],
  ["julia -e 'run(`rm -rf ~`)'", "ask", ["#INLINE_CODE"]],
  ["julia $SCRIPT", "ask", ["#UNRESOLVED_WORD"]],
  ["blackfire run php src/main.ts", "allow", ["unknown $P/src/main.ts"]],
  ["blackfire run php -r 'unlink(\"x\");'", "ask", ["#INLINE_CODE"]],
  ["hardhat node", "ask", ["#INLINE_CODE"]],
  ["frobnicate python README.md bash -c 'rm -rf ~'", "ask", ["#OPAQUE_CODE"]],
  // Their first word may be code or a subcommand that runs it.
  ["frobnicate deno eval 'Deno.removeSync(\"x\")'", "ask", ["#INLINE_CODE"]],
  ["frobnicate powershell 'Remove-Item x'", "ask", ["#INLINE_CODE"]],
  ["frobnicate scala run --script-snippet 'x'", "ask", ["#INLINE_CODE"]],
]);

// Values built where the guard must compute them as bash does.
table("arrays given to declare, and printf's escapes", box, [
  // declare/local/export a=(…): the array is assigned (it was left empty, and `${a[@]}` ran nothing).
  ["declare -a a=(cat /etc/passwd); ${a[@]}", "ask", ["* /etc/passwd"]],
  ['f() { local -a arr=(cat ../outside/secret.txt); "${arr[@]}"; }; f', "ask", ["* $O/secret.txt"]],
  ['declare -a a=(README.md docs/guide.md); cat "${a[@]}"', "allow", ["* $P/README.md", "* $P/docs/guide.md"]],
  // `local` outside a function fails and assigns nothing.
  ["local -a D=(docs) 2>/dev/null; cat ${D}/../etc/passwd", "ask", ["#UNRESOLVED_WORD"]],
  // Elements placed by subscript are not followed.
  ["a=([1]=/etc/passwd [0]=cat); ${a[@]}", "ask", ["#UNRESOLVED_COMMAND"]],
  // printf decodes \xHH and \NNN in its format.
  ["printf '\\x2fetc\\x2fpasswd' | xargs cat", "ask", ["* /etc/passwd"]],
  ["printf '\\057etc/passwd' | xargs cat", "ask", ["* /etc/passwd"]],
  ["cat \"$(printf '\\x2e\\x2e/outside/secret.txt')\"", "ask", ["* $O/secret.txt"]],
  ["printf '\\x25s' /etc/passwd | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["printf '%s\\n' README.md docs/guide.md | xargs cat", "allow", ["* $P/README.md", "* $P/docs/guide.md"]],
]);

// echo decodes backslash escapes with xpg_echo, and always in dash (sh) and zsh; such output
// is unknown rather than the text as written (checked against bash 5.2 and dash).
table("echo's escapes", box, [
  ['shopt -s xpg_echo; x=$(echo "\\x2e\\x2e"); cat $x/outside/secret.txt', "ask", ["#UNRESOLVED_WORD"]],
  ["shopt -s xpg_echo; echo '\\056\\056' | xargs -I@ cat @/outside/secret.txt", "ask", ["#UNRESOLVED_WORD"]],
  ["shopt -s xpg_echo; echo '\\056\\056' | while read d; do cat $d/outside/secret.txt; done", "ask", [
    "#UNRESOLVED_WORD",
  ]],
  ["sh -c 'x=$(echo \"\\056\\056\"); cat $x/outside/secret.txt'", "ask", ["#UNRESOLVED_WORD"]],
  ["sh -c 'echo \"\\056\\056\" | xargs -I@ cat @/outside/secret.txt'", "ask", ["#UNRESOLVED_WORD"]],
  ["sh -c 'echo \"..\\c\" | xargs -I@ cat @/outside/secret.txt'", "ask", ["#UNRESOLVED_WORD"]],
  ["zsh -c 'x=$(echo \"\\x2e\\x2e\"); cat $x/outside/secret.txt'", "ask", ["#UNRESOLVED_WORD"]],
  // dash's echo takes no option but -n: `-E` is printed.
  ["sh -c 'echo -E src | xargs -I@ cat @/main.ts'", "ask", ["#UNRESOLVED_WORD"]],
  ['x=$(echo -e "\\x2e\\x2e"); cat $x/outside/secret.txt', "ask", ["#UNRESOLVED_WORD"]],
  ["x=$(printf '%b' '\\x2e\\x2e'); cat $x/outside/secret.txt", "ask", ["#UNRESOLVED_WORD"]],
  // An option the shell inherits in BASHOPTS counts too.
  ["BASHOPTS=xpg_echo bash -c 'x=$(echo \"\\x2e\\x2e\"); cat $x/outside/secret.txt'", "ask", ["#UNRESOLVED_WORD"]],
  // bash's echo prints backslashes as they are; text without one is the same in every shell.
  ['x=$(echo "\\x2e\\x2e"); cat $x/outside/secret.txt', "allow", ["* $P/\\x2e\\x2e/outside/secret.txt"]],
  ["bash -c 'echo \"\\056\\056\" | xargs -I@ cat @/outside/secret.txt'", "allow"],
  ['shopt -s xpg_echo; shopt -u xpg_echo; x=$(echo "\\x2e"); cat $x/README.md', "allow"],
  ["sh -c 'x=$(echo src); cat $x/main.ts'", "allow", ["* $P/src/main.ts"]],
  ["sh -c 'echo -n src | xargs -I@ cat @/main.ts'", "allow", ["* $P/src/main.ts"]],
  ["shopt -s xpg_echo; echo src | xargs -I@ cat @/main.ts", "allow", ["* $P/src/main.ts"]],
  // bash's echo -e, for the escapes it shares with $'…' (bash 5.2: `echo -e "a\rb"` prints a CR).
  ['echo -e "Icon\\r" | xargs touch', "allow"],
  ['echo -e "src\\nREADME.md" | xargs cat', "allow", ["read $P/src", "read $P/README.md"]],
  ['echo -e "a\\n../outside/secret.txt" | xargs cat', "ask", ["read $O/secret.txt"]],
  ['echo -ne "a\\n..\\n" | xargs -I@ cat @/outside/secret.txt', "ask", ["read $O/secret.txt"]],
  ['echo -ne "a\\t..\\n" | xargs -I@ cat @/outside/secret.txt', "allow", ["read $P/a\t../outside/secret.txt"]],
  ['echo -e "\\056\\056" | xargs -I@ cat @/outside/secret.txt', "ask", ["#UNRESOLVED_WORD"]],
  ['echo -e "..\\c" | xargs -I@ cat @/outside/secret.txt', "ask", ["#UNRESOLVED_WORD"]],
  ['echo -eE "a\\n.." | xargs -I@ cat @/outside/secret.txt', "allow", ["!* $O/secret.txt"]],
  ["sh -c 'echo -e \"a\\nb\" | xargs cat'", "ask", ["#UNRESOLVED_WORD"]],
]);

// xargs -I puts each input line where its replacement string stands: an item the guard does not
// know (what `git log` prints; a project file's text, `cat README.md`, is known) leaves the text around it known, as a substitution in a word does (`date -d "2023-03-{}"`
// cannot start with TZ=, while `TZ="{}"` and `src/{}` may lead anywhere).
table("xargs -I: an unknown item keeps the text around it", box, [['date +%-d | xargs -I{} date -d "2023-03-{}" +%w',
  "allow"], ['cat README.md | xargs -I{} date -d "2023-03-{}" +%w', "allow", ["read $P/README.md"]], [
  "git log -1 --format=%s | xargs -I{} date -d 'TZ=\"{}\" now'",
  "ask",
  ["#UNRESOLVED_WORD"],
], ["git log -1 --format=%s | xargs -I{} date -d ' {}'", "ask", ["#UNRESOLVED_WORD"]], [
  "git log -1 --format=%s | xargs -I{} date -d {}",
  "ask",
  ["#UNRESOLVED_WORD"],
], ["git log -1 --format=%s | xargs -I{} cat src/{}", "ask", ["#UNRESOLVED_WORD"]], [
  "git log -1 --format=%s | xargs -I{} cat {}/x",
  "ask",
  ["#UNRESOLVED_WORD"],
], ["git log -1 --format=%s | xargs -I{} cat ../outside/{}", "ask", ["#UNRESOLVED_WORD"]], [
  "git log -1 --format=%s | xargs -I{} sh -c 'echo {}'",
  "ask",
  ["#OPAQUE_CODE"],
], ["git log -1 --format=%s | xargs -I{} {}x", "ask", ["#UNRESOLVED_COMMAND"]]]);

// Shell state that changes what later commands do, found by probing bash 5.2 under strace:
// unset removing a function, writes through namerefs, nocasematch, posix mode, BASH_CMDS and
// BASH_ALIASES, PS4 under set -x, & in a replacement, set -k. Each reached outside in bash.
// Found by review 7 (each confirmed with strace against bash 5.2): builtins that write
// variables, prefix assignments that outlive their command, and what bash reads before it runs.
table("builtins that write variables, and assignments that outlive their command", box, [
  // Bash keeps NAME=value when the builtin exports, marks or writes NAME.
  ["x=src; x=.. export x; cat $x/outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["x=src; x=foo export x=..; cat $x/outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["x=src; x=.. readonly x; cat $x/outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["x=src; x=.. declare -x x; cat $x/outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["x=src; x=.. typeset -r x; cat $x/outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["f(){ declare -g x=..; }; x=src; x=foo f; cat $x/outside/secret.txt", "ask", ["read $O/secret.txt"]],
  // POSIX sh keeps it before every special builtin.
  ["sh -c 'x=src; x=.. :; cat $x/outside/secret.txt'", "ask", ["read $O/secret.txt"]],
  ["x=src; x=.. true; cat $x/main.ts", "allow", ["read $P/src/main.ts", "!* $P/main.ts"]],
  ["x=src; x=.. echo hi; cat $x/main.ts", "allow", ["read $P/src/main.ts"]],
  ["x=src; IFS=: read -r a b <<< a:b; cat $x/main.ts", "allow", ["read $P/src/main.ts"]],
  // printf -v writes its variable.
  ["x=src; printf -v x ..; cat $x/outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["x=src; printf -vx ..; cat $x/outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["x=src; printf -v x %s/%s .. outside; cat $x/secret.txt", "ask", ["read $O/secret.txt"]],
  ["x=src; printf -v x '%d' 5; cat $x", "ask", ["#UNRESOLVED_WORD"]],
  ["printf -v $n ..", "ask", ["#SHELL_STATE"]],
  ["printf '%s\\n' a b", "allow"],
  ["x=src; printf -v y docs; cat $x/main.ts $y/guide.md", "allow", ["read $P/src/main.ts", "read $P/docs/guide.md"]],
  // Names that change what later commands do, whichever builtin writes them.
  ["printf -v 'BASH_CMDS[grep]' /bin/sh; grep -c 'cat ../outside/secret.txt'", "ask", ["#SHELL_STATE"]],
  ["read 'BASH_CMDS[grep]' <<< /bin/sh; grep -c 'cat ../outside/secret.txt'", "ask", ["#SHELL_STATE"]],
  ["printf -v 'BASH_ALIASES[g]' 'cat ../outside/secret.txt #'", "ask", ["#SHELL_STATE"]],
  ["mapfile -t BASH_CMDS < list.txt", "ask", ["#SHELL_STATE"]],
  ["pushd -n src; DIRSTACK[1]=..; popd; cat outside/secret.txt", "ask", ["#UNRESOLVED_CWD"]],
  ["pushd -n src; DIRSTACK=(x ..); popd; cat outside/secret.txt", "ask", ["#UNRESOLVED_CWD"]],
  ["pushd -n src; read 'DIRSTACK[1]' <<< ..; popd; cat outside/secret.txt", "ask", ["#UNRESOLVED_CWD"]],
  ["read PS4 < list.txt; set -x; ls", "ask", ["#OPAQUE_CODE"]],
  // cd cannot record where it went once PWD or OLDPWD is read-only.
  ["OLDPWD=../..; readonly OLDPWD; cd src; cd -; cat outside/secret.txt", "ask", ["#SHELL_STATE"]],
  ["cd src; readonly PWD; cd sub; cat $PWD/../../outside/secret.txt", "ask", ["#SHELL_STATE"]],
  ["declare -r OLDPWD=../..; cd src; cd -", "ask", ["#SHELL_STATE"]],
  ["readonly x=1; cd src; cat main.ts", "allow"],
  // mapfile's callback, however the flag is written.
  ["mapfile -tC 'cat ../outside/secret.txt #' -c1 arr <<< x", "ask", ["#OPAQUE_CODE"]],
  ["mapfile -C'cat ../outside/secret.txt #' -c1 arr <<< x", "ask", ["#OPAQUE_CODE"]],
  ["readarray -tc1 -C 'cat ../outside/secret.txt #' arr <<< x", "ask", ["#OPAQUE_CODE"]],
  ["mapfile -t -n 2 lines < README.md", "allow", ["read $P/README.md"]],
  // A word given to a declaration builtin is brace-expanded; an assignment statement is not,
  // but the braces it leaves are judged as a program that globs its operands would expand them.
  ["declare x={b,..}/outside/secret.txt; cat $x", "ask", ["read $O/secret.txt"]],
  ["export x={b,..}/outside/secret.txt; cat $x", "ask", ["read $O/secret.txt"]],
  ["f(){ local x={b,..}/outside/secret.txt; cat $x; }; f", "ask", ["read $O/secret.txt"]],
  ["x={b,..}/outside/secret.txt; cat $x", "ask", ["read $P/{b,..}/outside/secret.txt", "read $O/secret.txt"]],
  ["declare x='{b,..}'/outside/secret.txt; cat $x", "ask", ["read $O/secret.txt"]],
  // `0<`: the digits are the redirection's descriptor, not a word (so not `exec 0`).
  ["exec 0</dev/null; cat ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["exec 0<<<x; cat ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["exec 0>&-; cat ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["cat 0<README.md", "allow", ["read $P/README.md", "!* $P/0"]],
  ["echo a0>x", "allow", ["write $P/x"]],
  // Options reaching a new bash through its environment.
  ["env BASHOPTS=execfail bash -c 'exec nonexist; cat ../outside/secret.txt'", "ask", ["#SHELL_STATE"]],
  ["env SHELLOPTS=posix bash -c 'x=src; x=.. :; cat $x/outside/secret.txt'", "ask", ["#SHELL_STATE"]],
  ["env SHELLOPTS=noglob bash -c ls", "allow"],
  // Aliases are expanded when bash reads the line, reserved words included.
  ["shopt -s expand_aliases\nalias !=\n! true && cat ../outside/secret.txt", "ask", ["#SHELL_STATE"]],
  ["shopt -s expand_aliases\nx=src; alias c='cat $x/outside/secret.txt'\nx=..; unalias c; c", "ask", ["#SHELL_STATE"]],
  ["unalias ll; ll", "allow"],
  // fc re-runs history (which `set -o history` turns on in a script).
  ["set -o history\necho ../outside/secret.txt\nfc -s echo=cat", "ask", ["#OPAQUE_CODE"]],
  ["fc -e - echo=cat", "ask", ["#OPAQUE_CODE"]],
  ["fc -l", "allow"],
  ["fc --help", "allow"],
]);

table("shell state that changes later commands", box, [
  ["x=src; printf -- -v x; cat $x/main.ts", "allow"],
  ["printf '%s\\n' hi; cat README.md", "allow"],
  ["cd() { :; }; unset cd; cd ..; ls", "ask", ["cwd $T/work"]],
  ["cd() { :; }; x=1; unset x cd; cd ..; ls", "ask", ["cwd $T/work"]],
  ["ls() { :; }; cd() { :; }; unset ls cd; cd ..; ls", "ask", ["cwd $T/work"]],
  ["eval() { :; }; unset eval; eval 'cat ../outside/secret.txt'", "ask", ["read $O/secret.txt"]],
  ["f=main.ts; declare -n r=f; r=secret-link; cat src/$f", "ask", ["#UNRESOLVED_WORD"]],
  ["d=src; declare -n r=d; r=..; cd $d; ls", "ask", ["#UNRESOLVED_WORD"]],
  ["f() { local -n r=$1; r=..; }; d=src; f d; cd $d; ls", "ask", ["#UNRESOLVED_WORD"]],
  ["d=src; declare -n r=d; read r <<< ..; cd $d; ls", "ask", ["#UNRESOLVED_WORD"]],
  ["d=src; declare -n r=d; printf -v r ..; cd $d; ls", "ask", ["#UNRESOLVED_WORD"]],
  ["d=src; declare -n r=d; r+=/../..; cd $d; ls", "ask", ["#UNRESOLVED_WORD"]],
  ["d=src; declare -n r; for r in d; do r=..; done; cd $d; ls", "ask", ["#UNRESOLVED_WORD"]],
  ["declare -n r=PS4; r='$(cat ../outside/secret.txt)'; set -x; :", "ask", ["#SHELL_STATE"]],
  ["declare -n r=BASH_CMDS; r[ls]=$P/scripts/escape.sh; ls", "ask", ["#SHELL_STATE"]],
  ["shopt -s nocasematch; case a in A) d=..;; *) d=src;; esac; cd $d; ls", "ask", ["#SHELL_STATE"]],
  ["shopt -s nocasematch; d=X..; cd ${d/x/}; ls", "ask", ["#SHELL_STATE"]],
  ["eval() { :; }; POSIXLY_CORRECT=1; eval 'cat ../outside/secret.txt'", "ask", ["#SHELL_STATE"]],
  ["eval() { :; }; shopt -so posix; eval 'cat ../outside/secret.txt'", "ask", ["#SHELL_STATE"]],
  ["exec() { :; }; set -o posix; exec cat ../outside/secret.txt", "ask", ["#SHELL_STATE"]],
  ["trap() { :; }; set -o posix; trap 'cat ../outside/secret.txt' EXIT", "ask", ["#SHELL_STATE"]],
  ["set -o posix; d=src; d=.. :; cd $d; ls", "ask", ["#SHELL_STATE"]],
  ["POSIXLY_CORRECT=1; d=src; d=.. eval :; cd $d; ls", "ask", ["#SHELL_STATE"]],
  ["set -o posix; d=src; d=.. export x; cd $d; ls", "ask", ["#SHELL_STATE"]],
  ["set -o posix; d=src; d=.. readonly y; cd $d; ls", "ask", ["#SHELL_STATE"]],
  ["declare -A BASH_CMDS; BASH_CMDS+=([ls]=$P/scripts/escape.sh); ls", "ask", ["#SHELL_STATE"]],
  ["hash -d ls 2>/dev/null; BASH_CMDS=([ls]=$P/scripts/escape.sh); ls", "ask", ["#SHELL_STATE"]],
  ["declare PS4='$(cat ../outside/secret.txt)'; set -x; :", "ask", ["read $O/secret.txt"]],
  ["d=src; f() { cd $d; ls; }; set -k; f x d=..", "ask", ["#SHELL_STATE"]],
  ["set -k; bash -c true BASH_ENV=../outside/secret.txt", "ask", ["#SHELL_STATE"]],
  // execfail: a failed exec does not end the shell (helper review 4, F2).
  ["shopt -s execfail; exec missing_cmd; cat ~/.ssh/id_rsa", "ask", ["#SHELL_STATE"]],
  // A new shell's options: its command line, and an exported SHELLOPTS or BASHOPTS (F4).
  ["bash -P -c 'cd link-out/..; ls'", "ask", ["list $T/work"]],
  ["bash -o physical -c 'cd link-out/..; ls'", "ask", ["list $T/work"]],
  ["bash -ePu -c 'cd link-out/..; ls'", "ask", ["list $T/work"]],
  ["echo 'cd link-out/..; ls' | bash -P", "ask", ["list $T/work"]],
  ["export SHELLOPTS; set -P; bash -c 'cd link-out/..; ls'", "ask", ["list $T/work"]],
  ["env SHELLOPTS=physical bash -c 'cd link-out/..; ls'", "ask", ["list $T/work"]],
  ["x=.. bash -O cdable_vars -c 'cd x; ls'", "ask", ["list $T/work"]],
  ["shopt -s cdable_vars; export BASHOPTS x=..; bash -c 'cd x; ls'", "ask", ["list $T/work"]],
  ["bash -O nocaseglob -c 'cat [L]INK-OUT/secret.txt'", "ask", ["read $O/secret.txt"]],
  ["bash -O nullglob -c 'cd zz* ..; ls'", "ask", ["list $T/work"]],
  ["bash -o posix -c ls", "ask", ["#SHELL_STATE"]],
  ["set -P; bash -c 'cd link-out/..; ls'", "allow", ["list $P"]],
  ["bash -eux -o pipefail -c 'cd link-out/..; ls'", "allow", ["list $P"]],
  ["cd() { :; }; cd ..; ls", "allow"],
  ["x=a; cat ${x/a/README.md}", "allow"],
  ["set -x; ls", "allow"],
  ["PS4='+ '; set -x; ls", "allow"],
  // A prompt that only reads variables (rbenv's); one that may run or evaluate more asks.
  ["export PS4='+(${BASH_SOURCE}:${LINENO}): ${FUNCNAME[0]:+${FUNCNAME[0]}(): }'; set -x; ls", "allow", [
    "!#OPAQUE_CODE",
    "!#PARSE_ERROR",
  ]],
  ["PS4='${!v} '; set -x; ls", "ask", ["#OPAQUE_CODE"]],
  ["PS4='${a[$i]} '; set -x; ls", "ask", ["#OPAQUE_CODE"]],
  ["PS4='${x:=/tmp} '; set -x; ls", "ask", ["#OPAQUE_CODE"]],
  ["PS4='$((i++)) '; set -x; ls", "ask", ["#OPAQUE_CODE"]],
  // Operator characters in a word operand are text (respell.ts): `${f:+${f}(): }`.
  ['f=main; cat "${f:+${f}(): }"', "allow", ["read $P/main(): "]],
  ["unset f; cat ${f:-../outside/x(1)}", "ask", ["read $O/x(1)"]],
  ['echo "${f:+$(cat ../outside/secret.txt)(): }"', "ask", ["#PARSE_ERROR"]],
  ["sh -c 'eval() { :; }; eval \"cat ../outside/secret.txt\"'", "ask", ["* $O/secret.txt"]],
]);

// Bash's compatibility level (shopt -s compat31…compat44, BASH_COMPAT) changes how it reads and
// expands the commands after it: at 4.2 and below a single quote in the replacement of
// "${x/p/r}" is text, so `shopt -s compat42; echo "${HOME/r/'$(cat ../x)'}"` runs the cat
// (strace: openat ../outside/secret.txt; at 5.2 the quotes hold and nothing runs). Found by the
// probe fuzz's forms of quoting (by hand, from a quoted ${…} operand). The guard models bash
// 5.2 only: any other level, however it is set, asks.
table("bash's compatibility level", box, [
  ["shopt -s compat42; echo \"${HOME/r/'$(cat ../outside/secret.txt)'}\"", "ask", ["#SHELL_STATE"]],
  ["shopt -s compat31; echo hi", "ask", ["#SHELL_STATE"]],
  ["shopt -s compat44; echo hi", "ask", ["#SHELL_STATE"]],
  ["shopt -s extglob compat41; echo hi", "ask", ["#SHELL_STATE"]],
  ["BASH_COMPAT=4.2; echo \"${HOME/r/'$(cat ../outside/secret.txt)'}\"", "ask", ["#SHELL_STATE"]],
  ["BASH_COMPAT=42; echo hi", "ask", ["#SHELL_STATE"]],
  ["export BASH_COMPAT=4.2; echo hi", "ask", ["#SHELL_STATE"]],
  ["declare BASH_COMPAT=4.2; echo hi", "ask", ["#SHELL_STATE"]],
  ["f() { local BASH_COMPAT=4.2; echo hi; }; f", "ask", ["#SHELL_STATE"]],
  ["printf -v BASH_COMPAT 42; echo hi", "ask", ["#SHELL_STATE"]],
  ["read BASH_COMPAT < README.md; echo hi", "ask", ["#SHELL_STATE"]],
  ["BASH_COMPAT=$v; echo hi", "ask", ["#SHELL_STATE"]],
  // …and reaching a new bash: its command line, its environment.
  ["bash -O compat42 -c 'echo \"${HOME/r/'\"'\"'$(cat ../outside/secret.txt)'\"'\"'}\"'", "ask", ["#SHELL_STATE"]],
  ["env BASHOPTS=compat42 bash -c 'echo hi'", "ask", ["#SHELL_STATE"]],
  ["env BASH_COMPAT=4.2 bash -c 'echo hi'", "ask", ["#SHELL_STATE"]],
  ["BASH_COMPAT=4.2 bash -c 'echo hi'", "ask", ["#SHELL_STATE"]],
  ["export BASH_COMPAT=4.2; bash -c 'echo hi'", "ask", ["#SHELL_STATE"]],
  // An option name that is not known may be any of them, or nocasematch, or posix.
  ["shopt -s $1; echo hi", "ask", ["#SHELL_STATE"]],
  ['set -o "$1"; echo hi', "ask", ["#SHELL_STATE"]],
  ["shopt -u $1; echo hi", "allow"],
  ['set +o "$1"; echo hi', "allow"],
  ["set $1; echo hi", "ask", ["#SHELL_STATE"]],
  ["set -- $1; echo hi", "allow"],
  // Turning a level off, or back to the default, changes nothing.
  ["shopt -u compat42; echo hi", "allow"],
  ["BASH_COMPAT=; echo hi", "allow"],
  ["unset BASH_COMPAT; echo hi", "allow"],
  ["shopt compat42", "allow"],
  // At bash 5.2's level the quotes hold: nothing runs.
  ["echo \"${HOME/r/'$(cat ../outside/secret.txt)'}\"", "allow"],
]);

// Found by a differential fuzzer of words against bash 5.2 (helper review 5): each was
// allowed with a definite value that was not bash's.
table("word expansion as bash does it", box, [
  // A ${…} pattern is read as unquoted inside "…", and $name in it is expanded.
  ['v=d/../x; cat -- "${v#*/}"', "ask", ["read $T/work/x"]],
  ["set -- d/; p=d/../x; cat -- ${p#$1}", "ask", ["read $T/work/x"]],
  ['v=d/../x; cat "${v#"*"/}"', "allow", ["read $P/x"]],
  ["x=abc; cat \"${x#'a'}\"", "allow", ["read $P/bc"]],
  ["x=1; y=../outside/secret.txt; cat \"${x+'$y'}\"", "allow", ["read $P/'../outside/secret.txt'"]],
  ["y=a; cat -- ${y%{}/../../x}", "ask", ["#UNRESOLVED_WORD"]],
  // An operator after an indirection applies to the variable named (bash 5.2): u, not r.
  ["r=u; unset u; cat -- ${!r:-../../etc/passwd}", "ask", ["read $T/etc/passwd"]],
  ['r=u; u=src/a; cat -- "${!r:-../x}"', "allow", ["read $P/src/a"]],
  ['r=u; u=; cat -- "${!r:-../x}"', "ask", ["read $T/work/x"]],
  ['r=u; u=; cat -- "${!r-../x}"', "allow"],
  ['r=HOME; cat "${!r-}/.bashrc"', "ask", ["read $H/.bashrc"]],
  ['r=u; u=/etc/passwd; cat "${!r#/etc/}"', "allow", ["read $P/passwd"]],
  // The alternative's operand runs only when the variable named is set (bash 5.2).
  ['r=u; unset u; echo "${!r:+$(cat ../outside/secret.txt)}"', "allow"],
  ['r=u; u=1; echo "${!r:+$(cat ../outside/secret.txt)}"', "ask", ["read $O/secret.txt"]],
  // A name that is not known, or holds a subscript: evaluated, as ${!x} is.
  ['cat "${!1-}"', "ask", ["#UNRESOLVED_WORD"]],
  ['echo "${!v-}"', "ask", ["#UNRESOLVED_WORD"]],
  ["x='a[$(cat ../outside/secret.txt)]'; echo ${!x-}", "ask", ["#OPAQUE_CODE"]],
  // An assigning operator sets the variable a value names: not read.
  ['r=u; echo "${!r:=x}"', "ask", ["#PARSE_ERROR"]],
  // Text around a number is not a number.
  ["x=/$#/../etc/passwd; cat -- $x", "ask", ["#UNRESOLVED_WORD"]],
  // An empty pattern anchored at an end matches there; an empty value can be replaced.
  ["p=etc/passwd; cat -- ${p/#/../../}", "ask", ["read $T/etc/passwd"]],
  ["e=; cat ${e/*/../outside/secret.txt}", "ask", ["read $O/secret.txt"]],
  // Brace expansion is textual: it can make a longer name, or a new $.
  ["x1=/etc/passwd x=a; cat -- $x{1,2}", "ask", ["#UNRESOLVED_WORD"]],
  ["x=/etc/passwd; cat -- {,$}x", "ask", ["#UNRESOLVED_WORD"]],
  ["x=src; cat ${x}/{a,b}.ts", "allow", ["read $P/src/a.ts", "read $P/src/b.ts"]],
  // The tilde prefix ends at a colon too.
  ["touch -- ~:", "ask", ["write $T/home:"]],
  // A backslash from a variable escapes in a glob; a number inside a glob is not known.
  ["x='\\.\\.'; cat -- $x/*", "ask", ["read $O"]],
  ["cat $((1))*", "ask", ["#UNRESOLVED_WORD"]],
  // Substrings and case conversion of non-ASCII text depend on the locale.
  ['x="\u00e9a/../x"; cat -- ${x:2}', "ask", ["#UNRESOLVED_WORD"]],
  // The grammar's `] [` token is two words.
  ["cat -- ] [u]p/*", "ask", ["#PARSE_ERROR"]],
  // A GLOBIGNORE turns dotglob on; glob characters in IFS change how quoted ones match.
  ["GLOBIGNORE=x; cat *", "ask", ["read $O", "read $P/.env"]],
  ["IFS='*'; cat \"*\"a*", "ask", ["#UNRESOLVED_WORD"]],
  // Outside a pathname, a negated bracket matches a slash.
  ["x=/../x; cat ${x#[!b]}", "ask", ["read $T/work/x"]],
]);

table("symlinks resolve physically", box, [
  // /proc/PID/cwd, root, exe and fd/N lead where the process that looks has them: read by the
  // guard they would name its own (helper review 4, F9: allowed when the guard ran deeper).
  ["cat /proc/self/cwd/../outside/secret.txt", "ask", ["#UNRESOLVED_PATH"]],
  ["cat /proc/self/root/etc/passwd", "ask", ["#UNRESOLVED_PATH"]],
  ["cd /proc/self/cwd && cat README.md", "ask", ["#UNRESOLVED_PATH"]],
  ["ls /proc/1/cwd/", "ask", ["#UNRESOLVED_PATH"]],
  ["cat /proc/thread-self/cwd/README.md", "ask", ["#UNRESOLVED_PATH"]],
  ["exec 3<README.md; cat /proc/self/fd/3", "ask", ["#UNRESOLVED_PATH"]],
  ["exec 3<README.md; cat /dev/fd/3", "allow"],
  ["cat link-out/secret.txt", "ask", ["* $O/secret.txt"]],
  ["cat rel-out/secret.txt", "ask", ["* $O/secret.txt"]],
  ["cat link-in/main.ts", "allow", ["* $P/src/main.ts"]],
  ["cat abs-in/main.ts", "allow", ["* $P/src/main.ts"]],
  ["cat src/secret-link", "ask", ["* $O/secret.txt"]],
  ["cat dir-out/file.txt", "ask", ["* $O/dir/file.txt"]],
  ["cat dir-out/../secret.txt", "ask", ["* $O/secret.txt"]],
  ["cat link-in/../README.md", "allow", ["* $P/README.md"]],
  ["cat home-link/.bashrc", "ask", ["* $H/.bashrc"]],
  ["cat backup-link/x.txt", "ask", ["* $B/x.txt"]],
  ["rm -rf ./link-out/", "ask", ["* $O"]],
  ["cat loop-a/x", "ask", ["#UNRESOLVED_PATH"]],
  ["cat $O/back-in/README.md", "allow", ["* $P/README.md"]],
  ["cd link-out && cat secret.txt", "ask", ["cwd $O", "* $O/secret.txt"]],
  ["cd link-out/.. && cat README.md", "allow", ["cwd $P", "* $P/README.md"]],
  ["cd -P link-out/.. && cat README.md", "ask", ["cwd $T/work", "* $T/work/README.md"]],
  ["set -P; cd link-out/..; cat README.md", "ask", ["* $T/work/README.md"]],
  ["cd link-in && cat ../README.md", "allow", ["* $P/README.md"]],
  ["cd dir-out && cat ../secret.txt", "ask", ["* $O/secret.txt"]],
]);

// A symlink the command itself creates, moves or replaces is not on the disk the guard reads:
// a later path through that name (the last segment too) is not known, and neither is a glob or
// a recursive walk that would list it, nor a cd into it (docs/semantics.md). Every ask here was
// an allow when only a directory that did not exist yet was distrusted.
table("symlinks the command itself creates, moves or replaces", box, [
  // A regular file moved to a name not known leaves no symlink anywhere; a symlink may be anywhere then.
  ['mv docs/guide.md "$X"; cat new/x', "ask", ["#UNRESOLVED_WORD", "!#UNRESOLVED_PATH", "read $P/new/x"]],
  ['mv link-out "$X"; cat new/x', "ask", ["#UNRESOLVED_PATH"]],
  // Judged where it was made (inside), it leads out once moved up a level.
  ["ln -s ../outside/secret.txt src/x; mv src/x y; cat y", "ask", ["#UNRESOLVED_PATH"]],
  ["ln -s ../outside/secret.txt src/x; mv src/x y; echo pwned > y", "ask", ["#UNRESOLVED_PATH"]],
  ["ln -s ../outside/secret.txt src/x; mv src/x y; sed -i s/a/b/ y", "ask", ["#UNRESOLVED_PATH"]],
  ["ln -s ../outside src/x; mv src/x y; find y/ -delete", "ask", ["#UNRESOLVED_PATH"]],
  ["ln -s ../outside src/x; mv src/x y; cd y; ls", "ask", ["#UNRESOLVED_CWD"]],
  ["ln -s ../../outside/secret.txt src/sub/x; mv src/sub/x docs; cat docs/x", "ask", ["#UNRESOLVED_PATH"]],
  // An existing name replaced by the link.
  ["ln -s ../outside/secret.txt src/x; mv src/x list.txt; cat list.txt", "ask", ["#UNRESOLVED_PATH"]],
  ["ln -s ../outside src/x; mv src/x README.md; cat README.md/secret.txt", "ask", ["#UNRESOLVED_PATH"]],
  ["ln -s ../outside src/x; mv -T src/x link-in; cat link-in/secret.txt", "ask", ["#UNRESOLVED_PATH"]],
  // A link whose target runs through a name a later ln makes.
  ["ln -s n/../outside/secret.txt src/x; ln -s .. src/n; cat src/x", "ask", ["#UNRESOLVED_PATH"]],
  ["ln -sf n/../outside/secret.txt src/main.ts; ln -s .. src/n; cat src/main.ts", "ask", ["#UNRESOLVED_PATH"]],
  ["ln -s ../outside src/x; ln -P src/x y; ls y/", "ask", ["#UNRESOLVED_PATH"]],
  // Globs and walks do not list only what is there now.
  ["ln -s ../../outside/secret.txt src/sub/x; mv src/sub/x docs/; cat docs/*", "ask", ["#UNRESOLVED_WORD"]],
  ["ln -s ../../outside/secret.txt src/sub/x; mv src/sub/x docs/; grep -R secret docs", "ask", ["#UNRESOLVED_PATH"]],
  // Subshells, pipelines, child shells and functions leave their links behind.
  ["(ln -s ../outside/secret.txt src/x); mv src/x y; cat y", "ask", ["#UNRESOLVED_PATH"]],
  ["ln -s ../outside/secret.txt src/x | cat; mv src/x y; cat y", "ask", ["#UNRESOLVED_PATH"]],
  ["bash -c 'ln -s ../outside/secret.txt src/x && mv src/x y'; cat y", "ask", ["#UNRESOLVED_PATH"]],
  ["f() { mv src/x y; }; ln -s ../outside/secret.txt src/x; f; cat y", "ask", ["#UNRESOLVED_PATH"]],
  // A new link is not known even when it leads inside: its name is all the guard has.
  ["ln -s ../README.md docs/r; cat docs/r", "ask", ["#UNRESOLVED_PATH"]],
  // Moving or copying what holds no symlink leaves none.
  ["mv README.md notes.md && cat notes.md", "allow", ["read $P/notes.md"]],
  ["mv docs d2 && cat d2/guide.md", "allow", ["read $P/d2/guide.md"]],
  ["mkdir -p out && cp README.md out/ && cat out/README.md", "allow", ["read $P/out/README.md"]],
  ["cp -r docs build/ && cat build/docs/guide.md", "allow", ["read $P/build/docs/guide.md"]],
  ["ln README.md hard && cat hard", "allow", ["read $P/hard"]],
  ["ln -s ../README.md src/readme && ls src", "allow", ["list $P/src"]],
  ["ln -s ../a src/x; ln -s ../b src/y", "allow", ["unknown $P/a", "unknown $P/b"]],
]);

table("redirections", box, [["echo x > out.txt", "allow", ["write $P/out.txt"]], ["echo x >> ~/.bashrc", "ask", [
  "write $H/.bashrc",
]], ["env > /tmp/out", "ask", ["write /tmp/out"]], ["make 2> ../log", "ask", ["write $T/work/log"]], ["exec 3> ~/x",
  "ask", ["write $H/x"]], ["cat < ../outside/secret.txt", "ask", ["read $O/secret.txt"]], ["cmd &> ../all.log", "ask", [
  "write $T/work/all.log",
]], ["cmd &>> ../all.log", "ask", ["write $T/work/all.log"]], ["cmd >| ../x", "ask", ["write $T/work/x"]], [
  "cmd >& ../x",
  "ask",
  ["write $T/work/x"],
], ["cmd 2>&1 >/dev/null", "allow", ["write /dev/null"]], ["cmd 2>/dev/null", "allow"], [
  "cmd < /dev/stdin > /dev/stdout 2> /dev/stderr",
  "allow",
], ["cmd > /dev/tty", "allow"], ["cmd 3>&- 4<&0 >&2", "allow"], ["cmd > /dev/fd/3", "allow"], ["cmd > /dev/sda", "ask",
  ["write /dev/sda"]], ["> ../x", "ask", ["write $T/work/x"]], ["> ../x rm -rf ~/y", "ask", ["write $T/work/x",
  "* $H/y"]], ["cat > f ~/x", "ask", ["write $P/f", "* $H/x"]], ["<../outside/secret.txt cat", "ask", [
  "read $O/secret.txt",
]], ["cat <<EOF > ../out\nhello\nEOF", "ask", ["write $T/work/out"]], ["cat <<EOF\n../not/a/path ~/x\nEOF", "allow"], [
  "cat <<'EOF'\n$(rm -rf ~)\nEOF",
  "allow",
], ["cat <<EOF\n$(cat ~/.ssh/id_rsa)\nEOF", "ask", ["* $H/.ssh/id_rsa"]], ["cat <<EOF\n`cat ~/.bashrc`\nEOF", "ask", [
  "* $H/.bashrc",
]], ["cat <<< '../x ~/y'", "allow"], ['cat <<< "$(cat ~/.bashrc)"', "ask", ["* $H/.bashrc"]], [
  "echo $(< ../outside/secret.txt)",
  "ask",
  ["read $O/secret.txt"],
], ["{ cd /tmp; } > out.txt", "ask", ["write $P/out.txt", "cwd /tmp"]], ["if true; then cd /tmp; fi > out.txt", "ask", [
  "cwd /tmp",
  "write $P/out.txt",
]], ["while read l; do echo $l; done < ../outside/secret.txt", "ask", ["read $O/secret.txt"]], ["cd /tmp && echo x > f",
  "ask", ["write /tmp/f", "!write $P/f"]], ["cd src && echo x > f", "allow", ["write $P/src/f"]], [
  "cd /tmp || echo x > f",
  "ask",
  ["cwd /tmp", "!write $P/f", "!write /tmp/f"],
], ["cd $O/missing || echo x > f", "ask", ["cwd $O/missing", "write $P/f"]], ["make; cd /tmp || echo x > f", "ask", [
  "cwd /tmp",
  "write $P/f",
  "!write /tmp/f",
]], ["cd src | echo x > f", "allow", ["write $P/f"]], ['echo x > "$HOME/x"', "ask", ["write $H/x"]], [
  "echo x > $UNKNOWN_VAR",
  "ask",
  ["#UNRESOLVED_WORD"],
], ["echo x > *.md", "allow", ["write $P/README.md"]]]);

table("tree-sitter quirks follow bash", box, [
  // A lone `-` before a descriptor redirection has no node in the grammar's tree: it is put
  // back as a word (`tar -cf a.tar -T - 2>&1` looked like -T with no value).
  ["tar -cf build/a.tar -T - 2>&1", "ask", ["#UNRESOLVED_WORD"]],
  ["ls - 2>/dev/null", "allow", ["list $P/-"]],
  ["cat - 2>x ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["ls x - - 2>/dev/null", "allow", ["list $P/x", "list $P/-"]],
  ["echo a - b 2>&1", "allow"],
  ["git diff -- 2>/dev/null", "allow"],
  // `$ find` is a literal `$` and `find` to bash, the expansion $find to the grammar.
  ["$ find . -name x", "allow"],
  ["$ cat ../outside/secret.txt", "ask", ["* $O/secret.txt"]],
  // The `$` of a translated string can carry the text before it: `"rel"-$"out"` is rel-out.
  ['cat "rel"-$"out"/secret.txt', "ask", ["* $O/secret.txt"]],
  // The grammar ends an assignment's value at a quote followed by an escape; bash goes on.
  ["export D='dir'\\-out; cat \"$D\"/file.txt", "ask", ["* $O/dir/file.txt"]],
  ["D='sr'\\c; cat \"$D\"/main.ts", "allow", ["* $P/src/main.ts"]],
  ["local D=\"sr\"\\c 2>/dev/null; export E='sr'\\c; cat $E/main.ts", "allow", ["* $P/src/main.ts"]],
  ["A=1 D='dir'\\-out; cat $D/file.txt", "ask", ["* $O/dir/file.txt"]],
  ["D='dir'\\-out cat README.md", "allow", ["* $P/README.md"]],
  // `a && b > f` is parsed as a redirect of the list; bash applies it to b only.
  ["cd /tmp && echo x > f", "ask", ["write /tmp/f"]],
  ["cd src && cat x | tee y > f", "allow", ["write $P/src/f"]],
  ["cd /tmp || true && echo x > f", "ask", ["write /tmp/f", "!write $P/f"]],
  ["make; cd /tmp || true && echo x > f", "ask", ["write /tmp/f", "write $P/f"]],
  ["cd /tmp; ! echo x > f", "ask", ["write /tmp/f"]],
  // `{name}>f`: the shell picks the descriptor and stores it in $name; `{name}` is not a word
  // of the command (helper review 4, F1: `exec {fd}>&1` was read as running a program).
  ["exec {fd}>&1; rm -rf ../outside", "ask", ["write $O"]],
  ["cd {fd}>&1 ../outside && rm -rf ./*", "ask", ["cwd $O", "write $O/secret.txt"]],
  ["exec {fd}<../outside/secret.txt; cat <&$fd", "ask", ["read $O/secret.txt"]],
  ["exec {a}<README.md {b}<../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["exec {fd}>build.log; echo hi >&$fd; exec {fd}>&-", "allow", ["write $P/build.log"]],
  ["echo x{fd}>f", "allow", ["write $P/f"]],
  // And `a && b > f | c` as a pipeline from that list; bash pipes `b > f` alone into c, so a
  // failing b makes the whole list fail and the `||` branch runs.
  ["popd && ls > x | cd; cat ../outside/secret.txt", "ask", ["* $O/secret.txt"]],
  ["popd && ls > x | cat || cat ../outside/secret.txt", "ask", ["* $O/secret.txt"]],
  ["cd src && ls > x | cat", "allow", ["write $P/src/x"]],
  // `! a | b` negates the whole pipeline in bash; the grammar negates `a` (seed 777004).
  ["! true | true || cat ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["! true | false && cat ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["! false | true && cat ../outside/secret.txt", "allow"],
  // Blanks inside double quotes can be carried by the token that follows them: the closing
  // quote of `" "` is the token ` "`, and `" $D"` has the expansion node ` $D`.
  ['cat x" "y', "allow", ["read $P/x y"]],
  ['cat " $HOME"', "allow", ["read $P/ $H"]],
  ['D=..; cat " $D/outside/secret.txt"', "allow"],
  ['bash -c "echo x"" ""; cat ../outside/secret.txt"" "', "ask", ["read $O/secret.txt"]],
  ['eval echo x" "\\; cat ../outside/secret.txt" "', "ask", ["read $O/secret.txt"]],
  ['echo ".. x" | xargs -d " " ls', "ask", ["list $T/work"]],
  // Words inside a redirect node belong to the command.
  ["cat > f ../outside/secret.txt", "ask", ["* $O/secret.txt"]],
  // $"…" is one word with the string.
  ['cat $"../outside/secret.txt"', "ask", ["* $O/secret.txt"]],
  // The rest of a here-document's line.
  ["cat <<EOF | sh && rm ../x\nbody\nEOF", "ask", ["* $T/work/x"]],
  ["cat <<EOF && cd /tmp\nbody\nEOF\nrm y", "ask", ["* /tmp/y", "* $P/y"]],
  ["cat <<-EOF > ../o\n\tbody\n\tEOF", "ask", ["write $T/work/o"]],
  ["time cat ../outside/secret.txt", "ask", ["* $O/secret.txt"]],
  // `time NAME=value cmd`: the keyword, then a command with an assignment (seed 777003).
  ["time HOME=.. git log", "ask", ["read $T/work"]],
  ["time -p D=.. bash -c 'cat $D/outside/secret.txt'", "ask", ["read $O/secret.txt"]],
  ["D=/etc; time D=src true; cat $D/passwd", "ask", ["read /etc/passwd"]],
  ["\\time HOME=.. git log", "allow"],
  // The same below the top level: in a group, a subshell, a function, a body (seed 909003).
  ["{ time HOME=.. git log; }", "ask", ["read $T/work"]],
  ["{ time HOME=.. g$'it' log; }", "ask", ["read $T/work"]],
  ["( time -p X=1 cat ../outside/secret.txt )", "ask", ["read $O/secret.txt"]],
  ["{ time X=1 cat README.md > ../outside/x; }", "ask", ["write $O/x", "read $P/README.md"]],
  ["f(){ time HOME=.. git log; }; f", "ask", ["read $T/work"]],
  ["if true; then time LC_ALL=C ls; fi", "allow", ["list $P"]],
  // A line starting with a backslash is glued to the command before it by the grammar.
  ["echo hi\n\\rm -rf ~/x", "ask", ["write $H/x"]],
  ["echo hi\n\\\nrm -rf ~/x", "ask", ["write $H/x"]],
  ["false && echo hi\n\\rm -rf ~/x", "ask", ["write $H/x"]],
  ["(\necho hi\n\\cat ~/.bashrc\n)", "ask", ["read $H/.bashrc"]],
  ["  cat a\\\nb", "allow", ["read $P/ab"]],
  ["bash <<'E'\n\\rm -rf ~/x\nE", "ask", ["write $H/x"]],
  ["cat <<'E'\n\\rm -rf ~/x\nE", "allow"],
  // Inside backquotes, escaped backquotes nest.
  ["echo `echo \\`cat ~/.bashrc\\``", "ask", ["read $H/.bashrc"]],
  ["x=`cat \\`echo ~\\`/.bashrc`", "ask", ["read $H/.bashrc"]],
  // Side by side, backquoted substitutions are two to bash, one to the grammar.
  ["echo `echo a` `cat ~/.bashrc`", "ask", ["read $H/.bashrc"]],
  ['echo "`echo a``cat ~/.bashrc`"', "ask", ["read $H/.bashrc"]],
  ["(( x = 1 )); cat README.md", "allow"],
  // A redirection that cannot be opened stops the command, builtins included, with status 1.
  [": > missing/x || cat ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["true >> out.log || cd .. && rm x", "ask", ["write $T/work/x", "write $P/x"]],
  ["{ echo; } > missing/f || cat ~/.bashrc", "ask", ["read $H/.bashrc"]],
  ["true < missing || cd ..; rm x", "ask", ["write $T/work/x"]],
  // Reading a regular file that is there does not fail; /dev/null never does.
  ["true < README.md || cd ..; rm x", "allow", ["write $P/x", "!write $T/work/x"]],
  [": > /dev/null || cd ..; rm x", "allow", ["!write $T/work/x"]],
  // ... but once the command changed files, the file may be gone.
  ["rm README.md; true < README.md || cd ..; rm x", "ask", ["write $T/work/x"]],
]);

table("cd and the directory stack", box, [
  ["cd .. && cat outside/secret.txt", "ask", ["cwd $T/work", "* $O/secret.txt"]],
  ["cd ~ && rm x", "ask", ["cwd $H", "* $H/x"]],
  ["cd && rm x", "ask", ["cwd $H", "* $H/x"]],
  ['cd "$HOME" && rm x', "ask", ["* $H/x"]],
  ["builtin cd ~; rm x", "ask", ["* $H/x"]],
  ["command cd ~; rm x", "ask", ["* $H/x"]],
  ["pushd ~ && rm x", "ask", ["cwd $H", "* $H/x"]],
  ["pushd ~ >/dev/null; popd; rm x", "ask", ["cwd $H", "* $P/x", "!* $H/x"]],
  ["pushd src; pushd docs; popd; cat main.ts", "allow", ["* $P/src/main.ts"]],
  ["pushd src; pushd ../docs; pushd +1; cat main.ts", "allow", ["* $P/src/main.ts"]],
  ["pushd src; pushd ~; pushd -n /tmp; popd; cat x", "ask", ["* /tmp/x"]],
  ["pushd src; pushd docs; pushd; cat main.ts", "allow", ["* $P/src/main.ts"]],
  ["pushd /tmp; popd; rm x", "ask", ["* $P/x", "cwd /tmp"]],
  ["dirs -c; pushd src; cat main.ts", "allow"],
  // pushd -n keeps the operand as written; popd changes to it from where it is then.
  ["pushd -n docs >/dev/null; popd >/dev/null; cat guide.md", "allow", ["read $P/docs/guide.md"]],
  ["pushd -n link-out >/dev/null; popd >/dev/null; ls", "ask", ["cwd $O"]],
  ["pushd -n .. >/dev/null; cd src; popd >/dev/null; cat main.ts", "allow", ["cwd $P", "read $P/main.ts"]],
  ["pushd -n missing >/dev/null; popd || cat ~/.bashrc", "ask", ["read $H/.bashrc"]],
  // -n puts the entry second, under the working directory: +1 is the last one pushed.
  ["pushd -n docs; pushd -n link-out; pushd +1 >/dev/null; ls", "ask", ["cwd $O"]],
  ["pushd -n docs; pushd -n link-out; pushd +2 >/dev/null; ls", "allow", ["cwd $P/docs"]],
  // DIR/.. fails when DIR is not a directory, logically and physically.
  ["cd missing/.. || cd ..; rm x", "ask", ["write $T/work/x"]],
  ["cd README.md/.. || cd ..; rm x", "ask", ["write $T/work/x"]],
  ["cd -P missing/.. || cd ..; rm x", "ask", ["write $T/work/x"]],
  ["cd src/../docs || cd ..; cat guide.md", "allow", ["read $P/docs/guide.md"]],
  ["cd docs && cd link-in/.. || cd ~", "ask", ["cwd $H"]],
  ["cd src; cd -; cat README.md", "allow", ["* $P/README.md"]],
  ["cd -", "ask", ["#UNRESOLVED_WORD"]],
  ["cd /tmp; cd -; rm x", "ask", ["cwd /tmp", "* $P/x", "!* /tmp/x"]],
  ["cd $O/missing; cd -; rm x", "ask", ["#UNRESOLVED_WORD"]],
  ["cd -- src && cat main.ts", "allow", ["* $P/src/main.ts"]],
  ["cd -L src/.. && cat README.md", "allow", ["* $P/README.md"]],
  ["cd src/sub && cd ../.. && cat README.md", "allow", ["* $P/README.md"]],
  ["cd src && make && cd ..", "allow"],
  ["cd docs && cat guide.md && cd ../src && cat main.ts", "allow", ["* $P/docs/guide.md", "* $P/src/main.ts"]],
  ["cd nonexistent; cat README.md", "allow", ["* $P/README.md"]],
  ["cd src; cd ..; cd ..; cat x", "ask", ["* $T/work/x"]],
  ["cd $UNKNOWN && rm x", "ask", ["#UNRESOLVED_WORD"]],
  ["cd $(git rev-parse --show-toplevel) && rm x", "ask", ["#UNRESOLVED_WORD"]],
  ['cd "$(pwd)"/src && cat main.ts', "allow", ["* $P/src/main.ts"]],
  ["cd `pwd`/.. && cat x", "ask", ["* $T/work/x"]],
  // coreutils' pwd: the physical directory (the logical one under POSIXLY_CORRECT), known where both agree.
  ["pushd $(/bin/pwd)", "allow"],
  ['cd "$(/usr/bin/pwd)"/src && cat main.ts', "allow", ["* $P/src/main.ts"]],
  ['cd "$(/bin/pwd)/.." && cat x', "ask", ["* $T/work/x"]],
  ['cd dir-out && cd "$(/bin/pwd)" && cat x', "ask", ["cwd $O/dir"]],
  ['cd dir-out && cd "$(/bin/pwd -P)" && cat x', "ask", ["cwd $O/dir"]],
  ['cd link-in && cd "$(/bin/pwd)" && cat x', "ask", ["#UNRESOLVED_WORD"]],
  ['/bin/pwd() { echo ..; }; cd "$(/bin/pwd)" && cat x', "ask", ["#UNRESOLVED_WORD"]],
  ["cd ~+ && cat README.md", "allow"],
  ["cd src; cd ~-; cat README.md", "allow", ["* $P/README.md"]],
  ["cd src; cat ~-/README.md", "allow", ["* $P/README.md"]],
  ['cd /tmp; cd "$OLDPWD"; cat README.md', "ask", ["cwd /tmp", "* $P/README.md"]],
  ["CDPATH=/tmp cd work", "ask", ["cwd /tmp/work"]],
  ["CDPATH=$O; cd dir && cat file.txt", "ask", ["* $O/dir/file.txt"]],
  ["CDPATH=$O; cd ./dir; cat x", "allow", ["* $P/dir/x"]],
  ["cd a b", "allow"],
  ["HOME=/tmp cd; rm x", "ask", ["* /tmp/x"]],
  ["HOME=/tmp; cd; rm x", "ask", ["* /tmp/x"]],
  ["HOME=$UNKNOWN; cd ~; rm x", "ask", ["#UNRESOLVED_WORD"]],
  ["PWD=/tmp; cd .; cat README.md", "allow", ["* $P/README.md"]],
  ["OLDPWD=/tmp; cd -; rm x", "ask", ["* /tmp/x"]],
  ["cd src && pwd", "allow"],
  ["cd /", "ask", ["cwd /"]],
  ["cd ''; cat README.md", "allow"],
  ["shopt -s cdable_vars; d=/tmp; cd d; rm x", "ask", ["* /tmp/x"]],
]);

// A directory renamed under the shell takes the shell along: bash keeps $PWD, the kernel resolves
// relative paths from where the directory now is, and `cd ..` falls back to its physical parent
// when $PWD no longer names it (seen under strace; the oracle's "the directory moves" cases).
table("the working directory moves without a cd", box, [
  // Both names inside, but the cwd is one level higher afterwards: ../../../x leaves the project.
  ["mkdir -p d/e/f && cd d/e/f && mv ../../../d/e ../../../e2 && cat ../../../x", "ask", ["#UNRESOLVED_CWD", "read ?"]],
  ["mkdir -p d/e/f; cd d/e/f; mv ../../../d/e ../../../e2; cat ../../../x", "ask", ["#UNRESOLVED_CWD"]],
  ["cd src/sub && mv ../../src ../../s2 && cat ../main.ts", "ask", ["#UNRESOLVED_CWD", "read ?"]],
  ["cd src/sub && mv ../sub ../../s2 && cat x", "ask", ["#UNRESOLVED_CWD"]],
  // Named by $PWD, an absolute path, `..` or through a symlink to it.
  ['cd src && mv "$PWD" ../s2 && cat main.ts', "ask", ["#UNRESOLVED_CWD"]],
  ["cd src && mv $P/src ../s2 && cat main.ts", "ask", ["#UNRESOLVED_CWD"]],
  ["cd src/sub && mv .. ../../s2 && cat x", "ask", ["#UNRESOLVED_CWD"]],
  ["cd link-in && mv ../src ../s2 && cat main.ts", "ask", ["#UNRESOLVED_CWD"]],
  ["cd src && mv -t ../docs ../src && cat main.ts", "ask", ["#UNRESOLVED_CWD"]],
  ["cd src && mv --exchange ../docs ../src && cat main.ts", "ask", ["#UNRESOLVED_CWD"]],
  // cd .. then goes to the physical parent: not known either.
  ["cd src/sub && mv ../../src ../../s2 && cd .. && cat main.ts", "ask", ["#UNRESOLVED_WORD", "#UNRESOLVED_CWD"]],
  // Through a wrapper, in a child, by git mv or rename, by a command nobody described.
  ["cd src && env mv ../src ../s2 && cat main.ts", "ask", ["#UNRESOLVED_CWD"]],
  ["cd src && sudo mv ../src ../s2 && cat main.ts", "ask", ["#UNRESOLVED_CWD"]],
  ["cd src && (mv ../src ../s2) && cat main.ts", "ask", ["#UNRESOLVED_CWD"]],
  ["(cd src && mv .. ../p2); cat README.md", "ask", ["#UNRESOLVED_CWD"]],
  ["cd src && bash -c 'mv ../src ../s2' && cat main.ts", "ask", ["#UNRESOLVED_CWD"]],
  ["cd src && echo $(mv ../src ../s2) && cat main.ts", "ask", ["#UNRESOLVED_CWD"]],
  ["cd src && git mv ../src ../s2 && cat main.ts", "ask", ["#UNRESOLVED_CWD"]],
  ["cd src && rename s/src/s2/ ../src && cat main.ts", "ask", ["#UNRESOLVED_CWD"]],
  ["cd src && somemover ../src ../s2 && cat main.ts", "ask", ["#UNRESOLVED_CWD"]],
  ['cd src && mv "$x" ../s2 && cat main.ts', "ask", ["#UNRESOLVED_WORD", "#UNRESOLVED_CWD"]],
  // An absolute cd afterwards is known again.
  ["cd src && mv ../src ../s2 && cd $P && cat README.md", "allow", ["read $P/README.md"]],
  // What does not move the directory: a child of it, a copy, a dry run, a link renamed.
  ["cd src && mv sub sub2 && cat main.ts", "allow", ["read $P/src/main.ts"]],
  ["cd src && cp -r ../src ../s2 && cat main.ts", "allow", ["read $P/src/main.ts"]],
  ["cd src && git mv -n ../src ../s2 && cat main.ts", "allow", ["read $P/src/main.ts"]],
  // A listing's `.` and `..` cannot be renamed themselves (EBUSY); what is under them may hold the directory.
  ["find docs -name '*.md' | while read f; do mv \"$f\" build/; done", "allow", ["write $P/build"]],
  ['cd docs && find . | while read f; do mv "$f" ../build/; done; cat guide.md', "allow", ["read $P/docs/guide.md"]],
  ['cd docs && find .. -maxdepth 1 -name docs | while read f; do mv "$f" x; done; cat guide.md', "ask", [
    "#UNRESOLVED_CWD",
  ]],
  ["cd src && rename -n s/src/s2/ ../src && cat main.ts", "allow", ["!#UNRESOLVED_CWD", "read $P/src/main.ts",
    "write $P/s2"]],
  ["cd docs && mv ../link-in ../l2 && cat guide.md", "allow", ["read $P/docs/guide.md"]],
  // A deleted directory reaches nothing: relative paths fail there.
  ["cd src && rm -rf ../src && cat main.ts", "allow", ["read $P/src/main.ts"]],
  // A move in one world of several: only that one's directory is unknown.
  ["cd src; if [ -e x ]; then mv ../src ../s2; fi; cat main.ts", "ask", ["#UNRESOLVED_CWD", "read $P/src/main.ts"]],
]);

table("persistence: lists persist, subshells and pipelines do not", box, [["cd /tmp; rm x", "ask", ["* /tmp/x"]], [
  "cd /tmp\nrm x",
  "ask",
  ["* /tmp/x"],
], ["cd /tmp && rm x", "ask", ["* /tmp/x"]], ["cd /tmp || rm x", "ask", ["cwd /tmp", "!* $P/x", "!* /tmp/x"]], [
  "cd src/missing || rm x",
  "allow",
  ["* $P/x", "!* $P/src/missing/x"],
], ["{ cd /tmp; }; rm x", "ask", ["* /tmp/x"]], ["(cd /tmp); cat README.md", "ask", ["cwd /tmp", "* $P/README.md",
  "!* /tmp/README.md"]], ["(cd src; cat main.ts); cat README.md", "allow", ["* $P/src/main.ts", "* $P/README.md"]], [
  "cd /tmp | cat README.md",
  "ask",
  ["cwd /tmp", "* $P/README.md"],
], ["cd src | true; cat README.md", "allow", ["* $P/README.md"]], ["cd src & cat README.md", "allow", ["* $P/README.md",
  "!* $P/src/README.md"]], ["cd src &\ncat README.md", "allow", ["* $P/README.md"]], [
  "echo $(cd /; pwd); cat README.md",
  "ask",
  ["cwd /", "* $P/README.md"],
], ["true `cd src`; cat README.md", "allow", ["* $P/README.md"]], ["cat <(cd /tmp) README.md", "ask", ["cwd /tmp",
  "* $P/README.md"]], ["cat <(cat ../outside/secret.txt)", "ask", ["* $O/secret.txt"]], [
  "tee >(cat > ../x) < README.md",
  "ask",
  ["write $T/work/x"],
], ["shopt -s lastpipe; echo src | cd src; cat main.ts", "allow"], ["(cd /tmp && rm x)", "ask", ["* /tmp/x"]], [
  "cd src; (cd ..; cat README.md); cat main.ts",
  "allow",
  ["* $P/README.md", "* $P/src/main.ts"],
], ["true && cd /tmp && false || rm x", "ask", ["* /tmp/x", "!* $P/x"]]]);

// Under pipefail a pipeline fails when any segment does, not only the last.
table("pipeline status under set -o pipefail", box, [
  ["false | true || cat ../outside/secret.txt", "allow", ["!* $O/secret.txt"]],
  ["set -o pipefail; false | true || cat ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["set -eo pipefail; false | true || cat ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["set -eu -o pipefail; true | false | true || cat ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["set -o pipefail; if false | true; then :; else cat ../outside/secret.txt; fi", "ask", ["read $O/secret.txt"]],
  ["bash -o pipefail -c 'false | true || cat ../outside/secret.txt'", "ask", ["read $O/secret.txt"]],
  ['set -o "$1"; false | true || cat ../outside/secret.txt', "ask", ["read $O/secret.txt"]],
  ["set -o pipefail; true | true || cat ../outside/secret.txt", "allow", ["!* $O/secret.txt"]],
  ["set -o pipefail; set +o pipefail; false | true || cat ../outside/secret.txt", "allow", ["!* $O/secret.txt"]],
  // `-o` inside a cluster takes the next word: it is not a positional parameter.
  ['set -eo pipefail; cat "$1"', "ask", ["#UNRESOLVED_WORD"]],
]);

table("control flow", box, [
  ["if test -d src; then cd src; fi; cat main.ts", "allow", ["* $P/src/main.ts", "* $P/main.ts"]],
  ["if true; then cd /tmp; else cd src; fi; rm x", "ask", ["* /tmp/x", "!* $P/src/x"]],
  ["if [[ $X ]]; then cd /tmp; else cd src; fi; rm x", "ask", ["* /tmp/x", "* $P/src/x", "!* $P/x"]],
  ["if c; then cd /tmp; else cd src; fi; rm x", "ask", ["* /tmp/x", "* $P/src/x", "* $P/x"]],
  ["if a; then cd src; elif b; then cd /tmp; else cd docs; fi; rm x", "ask", ["* $P/src/x", "* /tmp/x", "* $P/docs/x"]],
  ["if cd /tmp; then rm x; fi", "ask", ["* /tmp/x"]],
  ["if ! cd src; then exit 1; fi; cat main.ts", "allow", ["* $P/src/main.ts", "!* $P/main.ts"]],
  ["cd src || exit 1; cat main.ts", "allow", ["!* $P/main.ts"]],
  ["cd /tmp || exit; rm x", "ask", ["* /tmp/x", "!* $P/x"]],
  ["while true; do cd ..; done; rm x", "ask", ["cwd $T/work", "!* $P/x"]],
  // The fixture is 12 directories deep in a chain of its own (test/support/golden.ts): the loop is
  // widened before it reaches /, which the second case climbs to from a depth that does not vary.
  ["while c; do cd ..; done; rm x", "ask", ["* $P/x", "* $T/work/x", "* $T/x", "#UNRESOLVED_CWD"]],
  ["cd /tmp; while c; do cd ..; done; rm x", "ask", ["* /tmp/x", "* /x", "!#UNRESOLVED_CWD"]],
  ["while c; do cd src; done; rm x", "ask", ["* $P/x", "* $P/src/x", "#UNRESOLVED_CWD"]],
  ['while read d; do cd "$d"; done < list.txt; rm x', "ask", ["#UNRESOLVED_WORD"]],
  ["until false; do cat README.md; break; done", "allow"],
  ["for d in src docs; do cat $d/x; done", "allow", ["* $P/src/x", "* $P/docs/x"]],
  ["for d in src /tmp; do cd $d; done; rm x", "ask", ["* /tmp/x"]],
  ["for f in ~/.ssh/*; do cat $f; done", "ask", ["* $H/.ssh/id_rsa"]],
  ["for f; do rm $f; done", "ask", ["#UNRESOLVED_WORD"]],
  ["for f in a b; do continue; cat ../x; done", "allow"],
  ["for f in a b; do break; done; cat README.md", "allow"],
  ["for ((i=0; i<3; i++)); do cat f$i; done", "allow", ["* $P/f0"]],
  ["for ((i=0; i<3; i++)); do cd ..; done; cat x", "ask", ["cwd $T/work"]],
  ["case $x in a) cd /tmp;; b) cd src;; esac; rm x", "ask", ["* /tmp/x", "* $P/src/x", "* $P/x"]],
  ["case src in src) cd src;; *) cd /tmp;; esac; cat main.ts", "allow", ["* $P/src/main.ts"]],
  ["case foo in src) cd /tmp;; esac; cat README.md", "allow"],
  ["case a in a) cd src;& b) cd sub;; esac; cat deep.ts", "allow", ["* $P/src/sub/deep.ts"]],
  ["case a in a) cd src;;& *) cd /tmp;; esac; rm x", "ask", ["* /tmp/x"]],
  ["case $(cat ../outside/secret.txt) in *) ;; esac", "ask", ["* $O/secret.txt"]],
  ["[[ -f ~/.ssh/id_rsa ]] && echo yes", "ask", ["* $H/.ssh/id_rsa"]],
  ["[[ $(cat ~/.bashrc) == x ]]", "ask", ["* $H/.bashrc"]],
  ["! cd /tmp; rm x", "ask", ["* /tmp/x"]],
  ["exit 0; rm -rf ~", "allow"],
  ["return; cat ../outside/secret.txt", "ask", ["* $O/secret.txt"]],
  ["break; cat ../outside/secret.txt", "ask", ["* $O/secret.txt"]],
  // bash 5.2 ignores a break or continue in a function for the caller's loops; older bash leaves them.
  ["f(){ break; }; for i in 1; do f; cat ../outside/secret.txt; done", "ask", ["* $O/secret.txt"]],
  ["f(){ continue; }; for i in 1; do f; cat ../outside/secret.txt; done", "ask", ["* $O/secret.txt"]],
  ["g(){ break 2; }; f(){ for j in a; do g; cat ../outside/secret.txt; done; }; for i in 1; do f; done", "ask", [
    "* $O/secret.txt",
  ]],
  ["f(){ for j in a; do break 2; done; cat ../outside/secret.txt; }; for i in 1; do f; done", "ask", [
    "* $O/secret.txt",
  ]],
  ["f(){ break; }; for i in 1 2; do f; cat README.md; done", "allow"],
  ["f(){ for j in a; do break; done; cat README.md; }; for i in 1; do f; done", "allow"],
  // A child (subshell, pipeline segment, substitution, nested shell) does not leave the parent's loops.
  ["for i in 1; do (break; cat ../outside/secret.txt); done", "ask", ["read $O/secret.txt"]],
  ["for i in 1; do { break; cat ../outside/secret.txt; } | cat; done", "ask", ["read $O/secret.txt"]],
  ["for i in 1; do echo $(continue; cat ../outside/secret.txt); done", "ask", ["read $O/secret.txt"]],
  ["for i in 1; do echo `continue; cat ../outside/secret.txt`; done", "ask", ["read $O/secret.txt"]],
  ['for i in 1; do bash -c "break; cat ../outside/secret.txt"; done', "ask", ["read $O/secret.txt"]],
  ["for i in 1; do (for j in 1; do break; done; cat README.md); done", "allow"],
  ["for i in 1; do (break); cat README.md; done", "allow"],
  // A new shell has no function to return from: return there is an error, and the code goes on.
  ['f(){ bash -c "return; cat ../outside/secret.txt"; }; f', "ask", ["read $O/secret.txt"]],
  ["f(){ (return; cat ../outside/secret.txt); }; f; cat README.md", "allow"],
  ['f(){ bash -c "return; cat README.md"; }; f', "allow"],
]);

table("functions", box, [
  ['f(){ rm -rf "$1"; }; f ~/x', "ask", ["* $H/x"]],
  ['f(){ rm -rf "$1"; }; f src/x', "allow", ["* $P/src/x"]],
  ['f(){ cd "$1"; }; f /tmp; rm x', "ask", ["* /tmp/x"]],
  ["f(){ cd /tmp; }; rm x", "ask", ["* $P/x", "cwd /tmp"]],
  ["f(){ cd src; }; rm x", "allow", ["* $P/x", "!* $P/src/x"]],
  ['function g { cat "$@"; }; g README.md ../outside/secret.txt', "ask", ["* $O/secret.txt"]],
  ["f(){ f; }; f", "ask", ["#NESTING_TOO_DEEP"]],
  // A function that calls itself again with arguments not known, or with the arguments of the
  // call it is inside, is followed no deeper (a dispatcher calling itself, nvm's resolve_alias
  // → print_implicit_alias → ls → resolve_alias): fail closed, and what the first round reaches
  // is judged.
  ['f(){ case "$1" in a) f b ;; *) f "$1" ;; esac; }; f "$X"', "ask", ["#NESTING_TOO_DEEP"]],
  ['a(){ b "$1"; }; b(){ a "$1"; }; a "$X"', "ask", ["#NESTING_TOO_DEEP"]],
  ['f(){ case "$1" in x) cat ~/.bashrc ;; *) f "$@" ;; esac; }; f "$Y"', "ask", ["read $H/.bashrc",
    "#NESTING_TOO_DEEP"]],
  ['f(){ case "$1" in x) cat README.md ;; *) f "$@" ;; esac; }; f "$Y"', "ask", ["read $P/README.md",
    "#NESTING_TOO_DEEP"]],
  // Known arguments that change each round are followed: the chain ends, or meets the depth bound.
  ["f(){ case $1 in 0) ;; 1) f 0 ;; 2) f 1 ;; esac; }; f 2; cat README.md", "allow", ["read $P/README.md"]],
  ['f(){ f "x$1"; }; f a', "ask", ["#NESTING_TOO_DEEP"]],
  ["f(){ local d=/tmp; cd $d; }; f; rm x", "ask", ["* /tmp/x"]],
  ["d=src; f(){ local d=/tmp; }; f; cd $d; cat main.ts", "allow", ["* $P/src/main.ts"]],
  ["f(){ return; cd /tmp; }; f; rm x", "allow", ["* $P/x"]],
  ["f(){ (cd /tmp); }; f; rm x", "ask", ["cwd /tmp", "* $P/x"]],
  ["cd(){ echo no; }; cd /tmp; rm x", "allow", ["* $P/x"]],
  ["cd(){ builtin cd /tmp; }; cd src; rm x", "ask", ["* /tmp/x"]],
  ['f(){ rm "$2"; }; f a ~/y', "ask", ["* $H/y"]],
  ['f(){ shift; rm "$1"; }; f a ~/y', "ask", ["* $H/y"]],
  ["f(){ cat $#; }; f a b", "allow"],
  ['f() { cat "$1"; } > ../log; f README.md', "ask", ["write $T/work/log"]],
  ["f(){ cd /tmp; }; unset -f f; f; rm x", "allow", ["* $P/x", "!cwd /tmp"]],
  // declare -g writes the global a local hides: the return must not restore the old value.
  ["f(){ local x=src; declare -g x=..; }; x=src; f; cat $x/outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["f(){ local x=src; local -g x=..; }; x=src; f; cat $x/outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["f(){ local x=src; typeset -gx x=..; }; x=src; f; cat $x/outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["g(){ declare -g x=..; }; f(){ local x=src; g; cat $x/main.ts; }; x=src; f; cat $x/outside/secret.txt", "ask", [
    "read $O/secret.txt",
    "read $P/src/main.ts",
  ]],
  ["f(){ local a=..; declare -g a=(src); cat $a/outside/secret.txt; }; f", "ask", ["read $O/secret.txt"]],
  ["f(){ local x=src; declare -g x=docs; cat $x/main.ts; }; f; cat $x/README.md", "allow", ["read $P/src/main.ts",
    "read $P/docs/README.md"]],
  // unset of a caller's local exposes the variable it hid, which later writes reach.
  ["g(){ unset x; x=..; }; f(){ local x=s; g; }; x=src; f; cat $x/outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["shopt -u localvar_unset; g(){ unset x; x=..; }; f(){ local x=s; g; }; x=src; f; cat $x/outside/secret.txt", "ask", [
    "read $O/secret.txt",
  ]],
  ["shopt -s localvar_unset; g(){ unset x; x=..; }; f(){ local x=s; g; cat $x/outside/secret.txt; }; x=src; f", "ask", [
    "read $O/secret.txt",
  ]],
  ["shopt -s localvar_unset; g(){ unset x; x=..; }; f(){ local x=s; g; }; x=src; f; cat $x/main.ts", "allow"],
  ["g(){ unset x; x=..; }; h(){ local x=src; g; }; f(){ local x=s; h; }; x=src; f; cat $x/main.ts", "allow"],
  ["f(){ local x=s; unset x; x=..; }; x=src; f; cat $x/main.ts", "allow"],
  ["shopt $X localvar_unset; g(){ unset x; x=..; }; f(){ local x=s; g; }; x=src; f; cat $x/outside/secret.txt", "ask", [
    "read $O/secret.txt",
  ]],
  ["shopt $X localvar_unset; g(){ unset x; x=..; }; f(){ local x=s; g; cat $x/outside/secret.txt; }; x=src; f", "ask", [
    "read $O/secret.txt",
  ]],
  ["shopt $X localvar_inherit; x=$O; f(){ local x; cat $x/secret.txt; }; f", "ask", ["#UNRESOLVED_WORD"]],
  // local - restores the set options on return.
  ["f(){ local -; set -f; }; f; cat */secret.txt", "ask", ["read $O/secret.txt", "!read $P/*/secret.txt"]],
  ["set -P; f(){ local -; set +P; }; f; cd rel-out/..; cat outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["f(){ local -; set -f; }; f; cat src/*.ts", "allow", ["read $P/src/main.ts"]],
  // Under set -f cat is given */secret.txt as it is (and a program that globs would match it).
  ["f(){ set -f; }; f; cat */secret.txt", "ask", ["read $P/*/secret.txt", "read $O/secret.txt"]],
  // A local declared without a value starts unset (localvar_inherit keeps the outer one).
  ["x=src; f(){ local x; cat $x$O/secret.txt; }; f", "ask", ["read $O/secret.txt"]],
  ["x=src; f(){ declare x; cat $x$O/secret.txt; }; f", "ask", ["read $O/secret.txt"]],
  ["x=src; f(){ typeset x; cat $x$O/secret.txt; }; f", "ask", ["read $O/secret.txt"]],
  ["x=src; f(){ local -a x; cat $x$O/secret.txt; }; f", "ask", ["read $O/secret.txt"]],
  ["shopt -s localvar_inherit; x=src; f(){ local x; cat $x/main.ts; }; f", "allow", ["read $P/src/main.ts"]],
  ["x=src; f(){ local x; cat ${x:-src}/main.ts; }; f; cat $x/main.ts", "allow"],
  ["x=src; f(){ local x=a; local x; cat $x/main.ts; }; f", "allow", ["read $P/a/main.ts"]],
  // command_not_found_handle runs where a command may not be found, in the state there.
  ['command_not_found_handle(){ cat "$x/file.txt"; }; x=dir-out; nonexist; x="space dir"', "ask", [
    "read $O/dir/file.txt",
  ]],
  ['command_not_found_handle(){ cat "$x/file.txt"; }; x=dir-out; (nonexist); x=src', "ask", ["read $O/dir/file.txt"]],
  ['command_not_found_handle(){ cat "$x/file.txt"; }; x=dir-out; ls | nonexist; x=src', "ask", [
    "read $O/dir/file.txt",
  ]],
  ['command_not_found_handle(){ cat "../outside/$1.txt"; }; secret', "ask", ["read $O/secret.txt"]],
  ['command_not_found_handle(){ cat "$x/file.txt"; }; x=dir-out; echo hi; cd src; x="space dir"', "allow"],
  ['command_not_found_handle(){ cat "$x/file.txt"; }; x=src; ls; x="space dir"', "allow"],
  ['command_not_found_handle(){ echo "$1: not found"; return 127; }; nonexist', "allow"],
  // Exported functions reach a child bash.
  ['f(){ cat "$x/file.txt"; }; export -f f; x=dir-out bash -c f; x="space dir"', "ask", ["read $O/dir/file.txt"]],
  ['f(){ cat "$x/file.txt"; }; declare -fx f; x=dir-out bash -c f; x="space dir"', "ask", ["read $O/dir/file.txt"]],
  ['f(){ cat "$x/file.txt"; }; typeset -xf f; x=dir-out bash -c \'f\'; x="space dir"', "ask", ["read $O/dir/file.txt"]],
  ["f(){ :; }; export -f f; f(){ cat ../outside/secret.txt; }; bash -c f", "ask", ["read $O/secret.txt"]],
  [
    'command_not_found_handle(){ cat "$x/file.txt"; }; export -f command_not_found_handle; x=dir-out bash -c nonexist; x=src',
    "ask",
    ["read $O/dir/file.txt"],
  ],
  // Not exported, f is a program of that name to the child, which is handed x (exported there).
  ['f(){ cat "$x/file.txt"; }; x=dir-out bash -c f; x="space dir"', "ask", ["unknown $O/dir", "!read $O/dir/file.txt"]],
  ['f(){ cat "$x/file.txt"; }; export -f f; export -fn f; x=dir-out bash -c f; x="space dir"', "ask", ["unknown $O/dir",
    "!read $O/dir/file.txt"]],
  ['f(){ cat "$x/file.txt"; }; export -f f; declare +x -f f; x=dir-out bash -c f; x="space dir"', "ask", [
    "unknown $O/dir",
    "!read $O/dir/file.txt",
  ]],
  ["env 'BASH_FUNC_f%%=() { cat ../outside/secret.txt; }' bash -c f", "ask", ["#OPAQUE_CODE"]],
  ["env 'BASH_FUNC_f()=() { cat README.md; }' bash -c f", "ask", ["#OPAQUE_CODE"]],
]);

table("words: quoting, escapes, ANSI-C, concatenation", box, [["cat '../outside/secret.txt'", "ask", [
  "* $O/secret.txt",
]], ['cat "../outside"/secret.txt', "ask", ["* $O/secret.txt"]], ['cat .."/"outside/secret.txt', "ask", [
  "* $O/secret.txt",
]], ["cat .\\./outside/secret.txt", "ask", ["* $T/work/outside/secret.txt"]], ["cat $'\\x2e\\x2e/outside/secret.txt'",
  "ask", ["* $O/secret.txt"]], ["cat $'\\x2fetc'/passwd", "ask", ["* /etc/passwd"]], ["cat $'\\057etc/passwd'", "ask", [
  "* /etc/passwd",
]], ["cat $'\\u002fetc/passwd'", "ask", ["* /etc/passwd"]], ["cat $'\\176'/x", "ask", ["* $P/~/x", "* $H/x"]], [
  'cat $"../outside/secret.txt"',
  "ask",
  ["* $O/secret.txt"],
], ["cat ''../outside/secret.txt", "ask", ["* $O/secret.txt"]], ["\\cat ../outside/secret.txt", "ask", [
  "* $O/secret.txt",
]], ['"cat" ../outside/secret.txt', "ask", ["* $O/secret.txt"]], ["c''at ../outside/secret.txt", "ask", [
  "* $O/secret.txt",
]], ["/bin/cat ../outside/secret.txt", "ask", ["* $O/secret.txt"]], ["cat \"a b\" 'c d'", "allow", ["* $P/a b",
  "* $P/c d"]], ["cat a\\\nb", "allow", ["* $P/ab"]]]);

table("words: tilde forms", box, [["cat ~/.bashrc", "ask", ["* $H/.bashrc"]], ["cat ~", "ask", ["* $H"]], [
  "cat ~root/x",
  "ask",
  ["#EXTERNAL_PATH"],
], ["cat ~nosuchuser999/x", "allow", ["* $P/~nosuchuser999/x"]], ["cat '~'/x", "ask", ["* $P/~/x", "* $H/x"]], [
  "cat \\~/x",
  "ask",
  ["* $P/~/x", "* $H/x"],
], ['cat "~/x"', "ask", ["* $P/~/x", "* $H/x"]], ["cat a~/x", "allow", ["* $P/a~/x"]], ["cat ~+/README.md", "allow", [
  "* $P/README.md",
]], ["cd src; cat ~-/README.md", "allow", ["* $P/README.md"]], ["cat ~-/x", "ask", ["#UNRESOLVED_WORD"]], [
  "pushd src >/dev/null; cat ~1/README.md",
  "allow",
  ["* $P/README.md"],
], ["pushd /tmp; cat ~1/x", "ask", ["cwd /tmp", "* $P/x"]], ["dd of=~/x", "ask", ["* $H/x"]], ["cmd a=b:~/x", "ask", [
  "* $H/x",
]], ["cmd --prefix=~/x", "ask", ["* $P/~/x", "* $H/x"]], ["X=~; rm $X/x", "ask", ["* $H/x"]], ["X=a:~/y; cat ${X#a:}",
  "ask", ["* $H/y"]], ["export D=~/d; cat $D", "ask", ["* $H/d"]], ["cat ${UNSET_THING:-~/x}", "ask", [
  "#UNRESOLVED_WORD",
]], ["Y=; cat ${Y:-~/x}", "ask", ["* $H/x"]]]);

table("words: variables and parameter expansion", box, [
  ["X=/etc; cat $X/passwd", "ask", ["* /etc/passwd"]],
  ["D=..; cat $D/outside/secret.txt", "ask", ["* $O/secret.txt"]],
  ["X=src; cat $X/main.ts", "allow", ["* $P/src/main.ts"]],
  ["cat ${HOME}/.ssh/id_rsa", "ask", ["* $H/.ssh/id_rsa"]],
  ['cat "$HOME/x"', "ask", ["* $H/x"]],
  ['rm -rf "$HOME/x"', "ask", ["* $H/x"]],
  ["cat $PWD/README.md", "allow", ["* $P/README.md"]],
  ["cd src; cat $OLDPWD/README.md", "allow", ["* $P/README.md"]],
  ["cat $UNKNOWN", "ask", ["#UNRESOLVED_WORD"]],
  ['cat "$UNKNOWN"/x', "ask", ["#UNRESOLVED_WORD"]],
  ["X=/etc cat $X/passwd", "ask", ["#UNRESOLVED_WORD"]],
  ["X=src; X=/etc true; cat $X/main.ts", "allow", ["* $P/src/main.ts"]],
  ['X=/tmp; unset X; cat "$X"x', "allow", ["* $P/x"]],
  ["X=a; X+=b; cat $X", "allow", ["* $P/ab"]],
  ["X=..; Y=$X/outside; cat $Y/secret.txt", "ask", ["* $O/secret.txt"]],
  ["X=/tmp/a.txt; cat ${X%/*}/b", "ask", ["* /tmp/b"]],
  ["X=/etc/passwd; cat ${X##*/}", "allow", ["* $P/passwd"]],
  ["X=src/main.ts; cat ${X/src/..\\/outside}", "ask", ["* $O/main.ts"]],
  ["X=/ETC; cat ${X,,}/passwd", "ask", ["* /etc/passwd"]],
  ["X=abc/etc; cat /${X:4}", "ask", ["* /etc"]],
  // A substring's offset and length as bash reads them, `${#x}` and all (the grammar makes an
  // arithmetic node of `${#x}-1` that was refused as unreadable). A computed length is not
  // followed; code in an operand, or in a variable it evaluates, is.
  ['size=abc; size=${size:0:${#size}-1}; echo "$size"', "allow"],
  ['x=abc; cat "${x:0:${#x}-1}"', "ask", ["#UNRESOLVED_WORD"]],
  ["x=abc; echo ${x:$(cat ../outside/secret.txt):1}", "ask", ["read $O/secret.txt"]],
  ["x=abc; i='a[$(cat ../outside/secret.txt)]'; echo ${x:i:1}", "ask", ["#OPAQUE_CODE"]],
  ["x=abc; cat ${x: -1}", "allow", ["read $P/c"]],
  // An operand's blanks are text (then split where unquoted), not words the grammar joined.
  ['d=1; h=2; m=3; u=${d:+$d, }${h:+$h, }$m; cat "$u"', "allow", ["read $P/1, 2, 3"]],
  ["unset X; cat ${X:-a ../outside/secret.txt}", "ask", ["read $P/a", "read $O/secret.txt"]],
  ['unset X; cat "${X:-a ../outside/secret.txt}"', "allow", ["read $P/a ../outside/secret.txt"]],
  ["XC_OS=${XC_OS:-linux darwin windows}; echo $XC_OS", "allow"],
  ["X=abc; cat ${#X}", "allow", ["* $P/3"]],
  ["X=HOME; cat ${!X}/x", "ask", ["* $H/x"]],
  ["cat ${!P*}", "ask", ["#UNRESOLVED_WORD"]],
  // ${!a[@]} is a's keys: nothing is evaluated, even for a value that names a subscript (bash 5.2).
  ['declare -A h=([a]=1); for k in "${!h[@]}"; do echo "$k"; done', "allow"],
  ["x='a[$(cat ../outside/secret.txt)]'; echo ${!x[*]}", "allow"],
  ["x='a[$(cat ../outside/secret.txt)]'; echo ${!x}", "ask", ["#OPAQUE_CODE"]],
  ["echo ${!h[0]}", "ask", ["#UNRESOLVED_WORD"]],
  ['for k in "${!h[@]}"; do cat "$k"; done', "ask", ["#UNRESOLVED_WORD"]],
  ["a=(src /tmp); cat ${a[1]}/x", "ask", ["* /tmp/x"]],
  ['a=(src docs); cat "${a[@]}"', "allow", ["* $P/src", "* $P/docs"]],
  ["a=(src); a+=(/etc); cat ${a[@]}", "ask", ["* /etc"]],
  ["a[3]=/tmp; cat ${a[3]}", "ask", ["#UNRESOLVED_WORD"]],
  ["a=(); a[3]=/tmp; cat ${a[3]}", "ask", ["* /tmp"]],
  ["declare -A m; m[k]=/tmp; cat ${m[k]}", "ask", ["#UNRESOLVED_WORD"]],
  ["X=/tmp; cat ${X:+src}", "allow", ["* $P/src"]],
  ["cat ${X:=/etc}; cat $X/passwd", "ask", ["#UNRESOLVED_WORD"]],
  ["X=; cat ${X:=/etc}/passwd", "ask", ["* /etc/passwd"]],
  ["cat $((1+2))", "allow", ["* $P/0"]],
  ["cat dir$((i+1))/x", "allow", ["* $P/dir0/x"]],
  ["cat link-ou$((i+1))/secret.txt", "allow"],
  ["cat $(($$))/../../outside/secret.txt", "ask", ["* $O/secret.txt"]],
  ["cat $$", "allow", ["* $P/0"]],
  ["cat /tmp/x.$$", "ask", ["* /tmp/x.0"]],
  ["declare -n r=HOME; cat $r/x", "ask", ["#UNRESOLVED_WORD"]],
  ["declare X=/tmp; cat $X/x", "ask", ["* /tmp/x"]],
  ["local X=/tmp; cat $X", "ask", ["#UNRESOLVED_WORD"]],
  ["readonly R=..; cat $R/x", "ask", ["* $T/work/x"]],
  ["typeset -x TT=/etc; cat $TT", "ask", ["* /etc"]],
  ["X=$(cat ../outside/secret.txt); cat README.md", "ask", ["* $O/secret.txt"]],
  ["read X; cat $X", "ask", ["#UNRESOLVED_WORD"]],
  ["read -r -a arr < list.txt; cat ${arr[0]}", "allow", ["read $P/src/main.ts"]],
  ["read -r -a arr; cat ${arr[0]}", "ask", ["#UNRESOLVED_WORD"]],
  ['mapfile -t L < list.txt; cat "${L[@]}"', "ask", ["#UNRESOLVED_WORD"]],
  ["printf -v X %s /etc; cat $X", "ask", ["read /etc"]],
  ["let X=1; cat $X", "allow"],
  ["getopts ab opt; cat $opt", "ask", ["#UNRESOLVED_WORD"]],
  ["set -- /etc; cat $1", "ask", ["* /etc"]],
  ['set -- a b; cat "$@"', "allow", ["* $P/a", "* $P/b"]],
  // "$*" and "${a[*]}" join with the first character of IFS (helper review 4, F3).
  ['set -- .. outside secret.txt; IFS=/; cat "$*"', "ask", ["read $O/secret.txt"]],
  ['a=(.. outside secret.txt); IFS=/; cat "${a[*]}"', "ask", ["read $O/secret.txt"]],
  ['a=(.. outside secret.txt); IFS=/; x=${a[*]}; cat "$x"', "ask", ["read $O/secret.txt"]],
  ['f() { cat "$*"; }; IFS=/; f .. outside secret.txt', "ask", ["read $O/secret.txt"]],
  ['IFS=$X; set -- a b; cat "$*"', "ask", ["#UNRESOLVED_WORD"]],
  ['set -- a b; IFS=; cat "$*"', "allow", ["read $P/ab"]],
  ['set -- a b; cat "$*"', "allow", ["read $P/a b"]],
  ["set -- ~ x; shift; cat $1", "allow", ["* $P/x"]],
  ["cat $1", "ask", ["#UNRESOLVED_WORD"]],
]);

table("words: splitting and IFS", box, [["X='src docs'; cat $X", "allow", ["* $P/src", "* $P/docs"]], [
  "X='a /etc'; cat $X",
  "ask",
  ["* /etc"],
], ["X='a /etc'; cat \"$X\"", "allow", ["* $P/a /etc"]], ["IFS=:; X=a:/etc; cat $X", "ask", ["* /etc"]], [
  "IFS=/; X=etc/passwd; cat /$X",
  "ask",
  ["* /etc", "* $P/passwd"],
], ["IFS=$UNKNOWN; X='a b'; cat $X", "ask", ["#UNRESOLVED_WORD"]], ["X=''; cat $X README.md", "allow", [
  "* $P/README.md",
]]]);

table("words: brace expansion", box, [
  ["rm {~/x,y}", "ask", ["* $H/x", "* $P/y"]],
  ["cat {a,b}/c", "allow", ["* $P/a/c", "* $P/b/c"]],
  ["cat {src,../outside}/secret.txt", "ask", ["* $O/secret.txt"]],
  ["cat /{etc,tmp}/x", "ask", ["* /etc/x", "* /tmp/x"]],
  ["cat f{1..3}", "allow", ["* $P/f1", "* $P/f2", "* $P/f3"]],
  ["cat {.,..}/x", "ask", ["* $T/work/x"]],
  ["cat {..,.}{/outside,}/secret.txt", "ask", ["* $O/secret.txt"]],
  ["cat '{../outside,src}/x'", "ask", ["* $O/x", "* $P/{../outside,src}/x"]],
  ["cat \\{a,b}", "allow", ["* $P/{a,b}"]],
  ["cat {a}", "allow", ["* $P/{a}"]],
  ["cat {1..100000000}", "ask", ["#EXPANSION_TOO_LARGE"]],
  ["cat {a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}", "ask", ["#EXPANSION_TOO_LARGE"]],
  ["cat x{a..c..2}", "allow", ["* $P/xa", "* $P/xc"]],
  ["X=..; cat {$X,.}/x", "ask", ["* $T/work/x"]],
  // A parameter in a later alternative is expanded too (the grammar splits it at the `$`).
  ["cat {README.md,$HOME/.bashrc}", "ask", ["read $H/.bashrc", "read $P/README.md"]],
  ["X=..; cat {.,$X}/x", "ask", ["* $T/work/x", "* $P/x"]],
  ["set -- ..; cat x{a,$1}/y", "allow", ["* $P/xa/y", "* $P/x../y"]],
  ["set -- ..; cat {a,$1}/y", "ask", ["* $T/work/y"]],
  ["cat {a,\\$HOME}", "allow", ["* $P/$HOME"]],
]);

table("words: globs", box, [
  ["cat *.md", "allow", ["* $P/README.md"]],
  ["cat */secret.txt", "ask", ["* $O/secret.txt"]],
  ["cat ../*/secret.txt", "ask", ["* $O/secret.txt"]],
  ["cat ~/.ssh/*", "ask", ["* $H/.ssh/id_rsa"]],
  ["cat src/*", "ask", ["* $O/secret.txt"]],
  ["cat docs/*", "allow", ["* $P/docs/guide.md"]],
  // Quoted, the pattern is cat's to match, and a program that globs its operands would.
  ["cat 'src/*'", "ask", ["* $P/src/*", "* $O/secret.txt"]],
  ["cat nomatch*", "allow", ["* $P/nomatch*"]],
  ["shopt -s nullglob; cat nomatch* README.md", "allow"],
  ["cat /etc/pass?d", "ask", ["* /etc/passwd"]],
  ["cat link-o[u]t/secret.txt", "ask", ["* $O/secret.txt"]],
  ["shopt -s globstar; cat **/secret.txt", "ask", ["read $O/secret.txt"]],
  ["set -f; cat */secret.txt", "ask", ["* $P/*/secret.txt", "* $O/secret.txt"]],
  ["X='*'; cat $X/secret.txt", "ask", ["* $O/secret.txt"]],
  ["X='*'; cat \"$X\"/secret.txt", "ask", ["* $P/*/secret.txt", "* $O/secret.txt"]],
  ["X='*'; cat \"$X\"/guide.md", "allow", ["* $P/*/guide.md", "* $P/docs/guide.md"]],
  // `.*` matches `.` and `..` unless globskipdots is on, which is bash 5.2's default but an
  // option older bash does not have: the host's bash may match them.
  ["cat .*", "ask", ["* $P/.env", "* $T/work"]],
  ["cat .*/outside/secret.txt", "ask", ["* $O/secret.txt"]],
  ["shopt -u globskipdots; cat .?/outside/secret.txt", "ask", ["* $O/secret.txt"]],
  ["shopt -s globskipdots; cat .*", "allow", ["* $P/.env", "!* $T/work"]],
  ["shopt -s globskipdots; cat .*/outside/secret.txt", "allow"],
  ["cat .[!.]*", "allow", ["* $P/.env"]],
  ["shopt -s dotglob; cat *", "ask", ["read $O", "!* $T/work"]],
  ["shopt -s dotglob; cat *env", "allow", ["* $P/.env"]],
]);

// Bracket expressions as bash 5.2 reads them (checked against bash in C and C.UTF-8).
table("patterns: bracket elements and the locale", box, [
  // A collating symbol of one character is that character: in a glob and in a case pattern.
  ["cat src/[[.s.]]ecret-link", "ask", ["* $O/secret.txt"]],
  ["cd [[.l.]]ink-out; cat secret.txt", "ask", ["* $O/secret.txt"]],
  ["case a in [[.a.]]) cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["case b in [[.a.]-c]) cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["case ] in [[.].]]) cat ../outside/secret.txt;; esac", "ask", ["#PARSE_ERROR"]],
  ["cat src/[[.m.]]ain.ts", "allow", ["* $P/src/main.ts"]],
  ["case b in [[.a.]]) cat ../outside/secret.txt;; esac", "allow"],
  ["case b in [![.a.]]) cat README.md;; *) cat ../outside/secret.txt;; esac", "allow"],
  // Names of several characters (`[.hyphen.]` is `-` to glibc), equivalence classes (which
  // bash matches erratically) and an unclosed `[.` before a `]` are not modelled: unknown.
  ["case - in [[.hyphen.]]) cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["case A in [[=a=]][[:upper:]]) cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["case a in [[=a=]]) cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["case a in [[.a]) ;; *) cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["cat [[=l=]]ink-out/secret.txt", "ask", ["#UNRESOLVED_WORD"]],
  // `[[.a` has no `]` after it: it is literal text.
  ["case '[[.a' in [[.a) ;; *) cat ../outside/secret.txt;; esac", "allow"],
  // A character that is not ASCII against `?`, a bracket or nocase depends on the locale.
  ["case é in [[:alpha:]]) cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["case é in ?) ;; *) cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["case é in [[:alpha:]]) ;; *) cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["case é in *) ;; *) cat ../outside/secret.txt;; esac", "allow"],
  ["case a in [[:alpha:]]) ;; *) cat ../outside/secret.txt;; esac", "allow"],
  ["case 1 in [[:alpha:]]) cat ../outside/secret.txt;; esac", "allow"],
  // A reversed range matches nothing; the rest of the bracket still counts.
  ["case b in [z-ab]) ;; *) cat ../outside/secret.txt;; esac", "allow"],
  ["case b in [!z-a]) ;; *) cat ../outside/secret.txt;; esac", "allow"],
  // Inside an extglob group a bracket holds `|` and `)` as characters.
  ["shopt -s extglob\ncase '|' in @([|])) ;; *) cat ../outside/secret.txt;; esac", "allow"],
]);

// tree-sitter reads some case alternatives as one extglob_pattern and keeps its quotes as
// text; bash splits at every unquoted `|` outside extglob parentheses, brackets included.
table("patterns: case alternatives and quotes in extglob patterns", box, [
  ["case a in \\ |a) cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["case ' ' in \\ |a) cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["case b in [|b) cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["case '[' in [|b) cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["case c in a|[|b]|c) cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["case c in \\ |a) cat ../outside/secret.txt;; esac", "allow"],
  ["case '|' in [|b]) cat ../outside/secret.txt;; esac", "allow"],
  ["case b in a|[|b]|c) cat ../outside/secret.txt;; esac", "allow"],
  // An escaped `|` is a character: the grammar ends a node at `a\\` and splits there.
  ["case 'a|b' in a\\|b) cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["case 'a||b' in a\\|\\|b) cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["case 'a' in *\\\\|a) cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["case b in a\\|b) cat ../outside/secret.txt;; esac", "allow"],
  ["case 'x|a|b' in x|a\\|b) cat ../outside/secret.txt;; esac", "allow"],
  ["case '[|b' in [|b) cat ../outside/secret.txt;; esac", "allow"],
  // Quotes glued to an extglob pattern quote their characters, and do not hide a `|`.
  ["shopt -s extglob\ncase '*' in *(a)'*') cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["shopt -s extglob\ncase '*' in *(a)\"*\") cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["shopt -s extglob\ncase '*' in *(a)$'\\x2a') cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["shopt -s extglob\ncase b in @(a|'b')) cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
  ["shopt -s extglob\ncase x in *(a)'*') cat ../outside/secret.txt;; esac", "allow"],
  ["shopt -s extglob\ncase c in @(a|'b')) cat ../outside/secret.txt;; esac", "allow"],
  // tree-sitter does not parse a quoted `|` after an extglob group: fail closed.
  ["shopt -s extglob\ncase '|c' in *(a)'|'c) cat ../outside/secret.txt;; esac", "ask", ["#PARSE_ERROR"]],
  ["shopt -s extglob\ncase aab in *(a)$X) cat ../outside/secret.txt;; esac", "ask", ["* $O/secret.txt"]],
]);

table("commands that run code are asked about", box, [
  ["sh -c 'cat ../outside/secret.txt'", "ask", ["read $O/secret.txt"]],
  ["python3 -c 'import os; os.system(\"id\")'", "ask", ["#INLINE_CODE"]],
  ["node -e 'require(\"fs\")'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'unlink glob \"~/x\"'", "ask", ["#INLINE_CODE"]],
  ["ruby -e 'puts 1'", "ask", ["#INLINE_CODE"]],
  ["find . -exec rm {} \\;", "ask", ["* $O"]],
  ["$cmd x", "ask", ["#UNRESOLVED_COMMAND"]],
  ["a=rm; $a -rf ~/x", "ask", ["* $H/x"]],
  ['eval "$UNKNOWN"', "ask", ["#OPAQUE_CODE"]],
  ["source $UNKNOWN", "ask", ["#OPAQUE_CODE"]],
  ["alias ll='rm -rf ~'\nll", "ask", ["* $H"]],
  ["alias ll='ls -la'", "allow"],
  ["shopt -s expand_aliases; alias c=cat\nc ../outside/secret.txt", "ask", ["#SHELL_STATE"]],
  ["trap 'rm -rf ~/x' EXIT; cd src", "ask", ["* $H/x"]],
  ["trap 'cat $F' EXIT; F=../outside/secret.txt", "ask", ["* $O/secret.txt"]],
  ['trap "$UNKNOWN" EXIT', "ask", ["#OPAQUE_CODE"]],
  // An EXIT body runs when the shell ends: what it removes does not change what the commands
  // before the end see (a signal's body may run at once, so there it does).
  ["trap 'rm -rf build' EXIT; cd src; cd ..; cat README.md", "allow", ["read $P/README.md", "!* $T/work/README.md"]],
  ["trap 'rm -rf build' INT; cd src; cd ..; cat README.md", "ask", ["read $T/work/README.md"]],
  ["trap 'cd ..' EXIT; ls", "ask", ["cwd $T/work"]],
  ["exec cat ../outside/secret.txt", "ask", ["* $O/secret.txt"]],
  ["exec > ../out.log; echo hi", "ask", ["write $T/work/out.log"]],
  ["hash -p /bin/rm cat; cat x", "ask", ["#SHELL_STATE"]],
]);

table("traps other than EXIT change the shell between commands", box, [[
  'trap "x=.." DEBUG; x=src; cat $x/outside/secret.txt',
  "ask",
  ["read $O/secret.txt"],
], ['trap "cd src" DEBUG; cat secret-link', "ask", ["#UNRESOLVED_CWD"]], ["trap 'cd ..' DEBUG; cat outside/secret.txt",
  "ask", ["cwd $T/work"]], ['trap "x=.." USR1; x=src; kill -USR1 $$; cat $x/outside/secret.txt', "ask", [
  "read $O/secret.txt",
]], ['trap "x=.." ERR; x=src; false; cat $x/outside/secret.txt', "ask", ["read $O/secret.txt"]], [
  'set -T; f(){ :; }; trap "x=.." RETURN; x=src; f; cat $x/outside/secret.txt',
  "ask",
  ["read $O/secret.txt"],
], ['trap "x=.." DEBUG; for x in src; do cat $x/outside/secret.txt; done', "ask", ["read $O/secret.txt"]], [
  "trap 'x=$x/..' INT; x=src; cat $x/main.ts",
  "ask",
  ["#UNRESOLVED_WORD"],
], ["trap 'set -f' USR1; kill -USR1 $$; cat */secret.txt", "ask", ["read $O/secret.txt"]], [
  "trap 'shopt -s dotglob' $SIG; cat src/*",
  "ask",
  ["read $O/secret.txt"],
], ["trap 'x=..' $SIG; x=src; cat $x/outside/secret.txt", "ask", ["read $O/secret.txt"]], [
  "trap 'f(){ cat ../outside/secret.txt; }' USR1; f(){ :; }; f",
  "ask",
  ["read $O/secret.txt"],
], ["g(){ x=..; }; trap g TERM; x=src; cat $x/outside/secret.txt", "ask", ["read $O/secret.txt"]], [
  "trap 'echo hi' DEBUG; x=src; cat $x/main.ts",
  "allow",
  ["read $P/src/main.ts"],
], ["trap 'x=..' EXIT; x=src; cat $x/main.ts", "allow"], ["trap 'x=..' 0; x=src; cat $x/main.ts", "allow"], [
  'cleanup(){ rm -rf "$tmp"; exit 1; }; tmp=build; trap cleanup INT TERM; cat src/main.ts',
  "allow",
], ["trap 'echo failed at $LINENO' ERR; cd src; cat main.ts", "allow"]]);

table("eval and sourced scripts are interpreted in the current state", box, [["eval 'cd /tmp'; rm x", "ask", [
  "* /tmp/x",
]], ["eval cd src; cat main.ts", "allow", ["* $P/src/main.ts"]], ["X='cat ../outside/secret.txt'; eval $X", "ask", [
  "* $O/secret.txt",
]], ['eval "cd .." "&& cat x"', "ask", ["* $T/work/x"]], ["source scripts/build.sh", "allow", [
  "read $P/scripts/build.sh",
]], ["source scripts/escape.sh", "ask", ["* $O/secret.txt"]], ["cd src && source ../scripts/escape.sh", "allow", [
  "* $P/outside/secret.txt",
]], [". scripts/build.sh; cat main.ts", "allow", ["* $P/src/main.ts"]], ["source ../outside/secret.txt", "ask", [
  "#OPAQUE_CODE",
]], ["eval 'eval \"eval cd /tmp\"'; rm x", "ask", ["* /tmp/x"]], ['eval \'eval "eval \\"eval cd /tmp\\""\'', "ask", [
  "#NESTING_TOO_DEEP",
]]]);

table("unparseable input fails closed", box, [["cat (", "ask", ["#PARSE_ERROR"]], ["if then fi", "ask", [
  "#PARSE_ERROR",
]], ["echo 'unterminated", "ask", ["#PARSE_ERROR"]], ["cat $(", "ask", ["#PARSE_ERROR"]], ["cat a\u0000b", "ask", [
  "#INVALID_INPUT",
]], ["cat \ud800", "ask", ["#INVALID_INPUT"]], ["x".repeat(70 * 1024), "ask", ["#INPUT_TOO_LARGE"]]]);

const ROOTS: readonly Case[] = [
  ["cat ../project-backup/x.txt", "allow", [], { roots: ["$B"] }],
  ["cat ../outside/secret.txt", "ask", ["read $O/secret.txt"], { roots: ["$B"] }],
  ["cat ../README.md", "allow", ["* $P/README.md"], { cwd: "$P/src", roots: ["$P"] }],
  ["cat ../README.md", "ask", ["* $P/README.md"], { cwd: "$P/src" }],
  ["cat ../../outside/secret.txt", "ask", ["read $O/secret.txt"], { cwd: "$P/src" }],
  ["cat README.md", "allow", ["* $P/src/README.md"], { cwd: "$P/link-in" }],
  ["cat secret.txt", "allow", ["* $O/secret.txt"], { cwd: "$O" }],
  // A root reached through a symlink is where the link leads; `..` climbs from there.
  ["cat secret.txt", "allow", ["* $O/secret.txt"], { cwd: "$P/link-out" }],
  ["cat ../project/README.md", "ask", ["read $P/README.md"], { cwd: "$P/link-out" }],
  ["cat main.ts", "allow", ["* $P/src/main.ts"], { cwd: "$P/rel-out/../src" }],
  // A root that is not a directory (yet) is still one.
  ["cat ../missing/x", "allow", ["* $P/missing/x"], { cwd: "$P/src", roots: ["$P/missing"] }],
  ["cat ../README.md/x", "allow", ["* $P/README.md/x"], { cwd: "$P/src", roots: ["$P/README.md"] }],
];
table("roots", box, ROOTS);
// The same under Node.js's filesystem, whose realpath answers for a root in one call (the
// bun test runner has none): it must say what the walk says.
const realpathBox = useSandbox(() => ({ fs: { ...nodeFileSystem, realpathDir: (p: string) => {
  try {
    return realpathSync.native(p === "/" ? "/" : `${p}/`);
  } catch {
    return null;
  }
} } }));
table("roots, resolved by realpath", realpathBox, ROOTS);

// Parts that run beside each other: every segment of a pipeline, and a background job until the
// command ends, may run before or after the others. A link made, or a directory moved, by any of
// them may already be there when another opens its path (bash 5.2: in `cat lnk/x | ln -s ../outside
// lnk`, cat often runs after ln). Each part is judged against what the others may have done too.
table("parts that run concurrently see what the others do to the disk", box, [
  ["cat lnk/secret.txt | ln -s ../outside lnk", "ask", ["read ?"]],
  ["cat moved/secret.txt | mv rel-out moved", "ask", ["read ?"]],
  ["cat lnk/secret.txt & ln -s ../outside lnk", "ask", ["read ?"]],
  ["(sleep 1; cat lnk/secret.txt) & ln -s ../outside lnk; wait", "ask", ["read ?"]],
  ["cat lnk/secret.txt | tee log | ln -s ../outside lnk", "ask", ["read ?"]],
  // A filter beside it changes nothing, but the segment that makes the link still counts.
  ["cat lnk/secret.txt | tail -1 | ln -s ../outside lnk", "ask", ["read ?"]],
  ["ln -s ../outside lnk | cat lnk/secret.txt | grep x", "ask", ["read ?"]],
  ["tail(){ ln -s ../outside lnk; }; cat lnk/secret.txt | tail -1", "ask", ["read ?"]],
  // sort starts its --compress-program (`--co`, any prefix): not a filter that changes nothing.
  ["cat lnk/secret.txt | sort --compress-prog=scripts/tool.py", "ask", ["#OPAQUE_CODE"]],
  ["cat lnk/secret.txt | sort -u | ln -s ../outside lnk", "ask", ["read ?"]],
  // A directory a part moves may move after another part's `cd` into it (bash 5.2: the job's
  // ../../outside then led out of the project, oracle.test.ts).
  ["(cd src/sub && sleep 1 && cat ../../outside/secret.txt) & mv src/sub moved; wait", "ask", ["#UNRESOLVED_CWD"]],
  ["(cd src/sub && sleep 1 && cat ../../outside/secret.txt) | mv src/sub moved", "ask", ["#UNRESOLVED_CWD"]],
  ["cd src/sub && { sleep 1; cat ../../outside/secret.txt; } & mv src/sub moved; wait", "ask", ["#UNRESOLVED_CWD"]],
  ["(pushd src/sub && sleep 1 && cat ../../outside/secret.txt) & mv src moved; wait", "ask", ["#UNRESOLVED_CWD"]],
  ["(cd src/sub && sleep 1 && cat ../main.ts) & mv docs docs.old; wait", "allow", ["read $P/src/main.ts"]],
  ["(cd src && ls sub) & mv build build.old; wait", "allow", ["list $P/src/sub"]],
  // Inside twins: nothing the others do moves a path.
  ["cat README.md | grep project | wc -l", "allow"],
  ["npm run dev & sleep 2; curl -s localhost:3000 > out.html", "allow", ["write $P/out.html"]],
  ["cat src/main.ts | ln -s src/main.ts main-link.ts", "allow"],
  ["cat README.md & mkdir build/x", "allow"],
]);

table("concurrent parts inside nested code and functions", box, [["bash -c 'cat lnk/secret.txt & ln -s ../outside lnk'",
  "ask", ["read ?"]], ["f() { cat lnk/secret.txt & }; f; ln -s ../outside lnk", "ask", ["read ?"]], [
  "bash -c 'cat README.md & sleep 1'",
  "allow",
]]);

// tree-sitter nests what follows a file test's operand under it (`[ -f "$x" -a -r y ]` parses as
// `-f ("$x" -a (-r y))`): each operand is still the word bash tests (issue 32.5).
table("`[ … -a … ]` and `-o` between file tests", box, [["[ -f README.md -a -r src/main.ts ] && echo ok", "allow", [
  "read $P/README.md",
  "read $P/src/main.ts",
  "!#PARSE_ERROR",
]], ["[ -d src -o -f ../outside/secret.txt ]", "ask", ["read $O/secret.txt", "!#PARSE_ERROR"]], [
  'x=README.md; [ -f "$x" -a -r "$x" ]',
  "allow",
  ["read $P/README.md", "!#PARSE_ERROR"],
]]);

table("a blank in a ${…} operand is text of the operand", box, [
  // bash: `v=src.x; arr=(${v//./ })` makes ("src" "x").
  ["v=src.x; arr=(${v//./ }); ls ${arr[0]}", "allow", ["list $P/src", "!#PARSE_ERROR"]],
  ["v=outside.x; arr=(${v//./ }); ls ../${arr[0]}", "ask", ["list $T/work/outside", "!#PARSE_ERROR"]],
]);

// `A -nt B`, `-ot` and `-ef` stat both files (strace: newfstatat of each) in `[[ ]]` and `[ ]` as in
// `test` (the closed-set work found `[[` missing them).
table("file comparisons in [[ ]] and [ ] look at both files", box, [["[[ ../outside/secret.txt -nt README.md ]]", "ask",
  ["read $O/secret.txt"]], ["[ README.md -ot ../outside/secret.txt ]", "ask", ["read $O/secret.txt"]], [
  "[[ ~/.ssh/id_rsa -ef x ]]",
  "ask",
  ["read $H/.ssh/id_rsa"],
], ["[[ src/main.ts -nt README.md ]] && echo newer", "allow", ["read $P/src/main.ts", "read $P/README.md"]]]);

table("one command in each of the worlds the shell may be in", box, [
  // The command runs in one of them: what it would write in one is not what it reads in another
  // (sort reads the list before it writes its output), but it is there for the commands after.
  ["test -f .env && X=1; sort --files0-from=list.txt -o list.txt", "allow", ["read $P/list.txt"]],
  ["test -f .env && X=1; sort --files0-from=list.txt -o list.txt; sort --files0-from=list.txt", "ask", [
    "#UNRESOLVED_WORD",
  ]],
]);

table("a program nobody described keeps the working directory unless a word may name it or one above", box, [
  // A child process cannot change the shell's directory; only a rename of it or of a directory
  // above it moves the shell along (bash keeps using the same inode: `mv` of the directory, then
  // `cat bar`, reads the moved directory's bar). Words that name no such directory leave it known.
  ["frobnicate --flag; cat README.md", "allow", ["read $P/README.md"]],
  ["cd src && frobnicate main.ts sub --out=../build/x && cat main.ts", "allow", ["read $P/src/main.ts"]],
  ["cd src && frobnicate ../src/sub && cat main.ts", "allow", ["read $P/src/main.ts"]],
  ["cd src && frobnicate -n $$ && cat main.ts", "allow", ["read $P/src/main.ts"]],
  ["cd src && npx tsc -p .. && make -C .. build && cat main.ts", "allow", ["read $P/src/main.ts"]],
  // A word that names the directory or one above it, or whose value is not known.
  ["cd src && frobnicate ..; cat main.ts", "ask", ["#UNRESOLVED_CWD"]],
  ["cd src && frobnicate --dir=..; cat main.ts", "ask", ["#UNRESOLVED_CWD"]],
  ['cd src && frobnicate "$PWD"; cat main.ts', "ask", ["#UNRESOLVED_CWD"]],
  ["cd src/sub && frobnicate ../../src x; cat deep.ts", "ask", ["#UNRESOLVED_CWD"]],
  ['cd src && frobnicate "$A"; cat main.ts', "ask", ["#UNRESOLVED_WORD", "#UNRESOLVED_CWD"]],
  ['cd src && frobnicate -o "$OUT"; cat main.ts', "ask", ["#UNRESOLVED_WORD", "#UNRESOLVED_CWD"]],
  // A value known only to be one plain segment ($(date +%F)): its description keeps no more than
  // that it has no `/`, and a program may cut it at `=` or `:` into other names.
  ['cd src && frobnicate "build-$(date +%F)"; cat main.ts', "ask", ["#UNRESOLVED_CWD"]],
]);
