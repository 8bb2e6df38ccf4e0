// The differential oracle: each command runs for real under strace, in a fresh copy of the
// fixture sandbox, and the guard's verdict (taken before the run, as in real use) is checked
// against what bash actually touched. The property is soundness: every path outside the
// project that bash touched must be covered by a non-allow verdict, either by an access that
// resolves to that path or to a directory above it, or by an access the guard could not
// resolve. "in" cases check the other direction cheaply: bash stays inside and the guard allows.
//
// Commands only ever write inside the sandbox (its outside/, project-backup/ and home/ are
// part of it), so running them is harmless.

import { realpathSync } from "node:fs";
import { posix } from "node:path";
import { describe, expect, test } from "bun:test";
import { createGuard, type Verdict } from "../src/index.ts";
import { buildFixture, type Fixture } from "./support/fixture.ts";
import { isNoise, parseStrace, requireStrace, isInside, traceCommand, type Touch } from "./support/strace.ts";
import { uniqueByPath } from "./support/oracle.ts";
import { explain } from "./support/table.ts";

/** "out": bash touches something outside the project (the case would prove nothing if the
 * harness saw no such touch); "in": bash stays inside and the guard must allow; "stays": bash
 * stays inside but the guard may still ask, where asking is its documented conservative
 * answer (a glob it over-approximates, a directory an earlier command may create as a link). */
type Where = "out" | "in" | "stays";
type OracleCase = readonly [command: string, where: Where];

const CASES: readonly (readonly [group: string, cases: readonly OracleCase[]])[] = [
  ["cd chains", [["cd .. && cat outside/secret.txt", "out"], ["cd src/../.. && cat outside/secret.txt", "out"], [
    "cd .. && ls",
    "out",
  ], ["cd src; cd ..; cd ..; cat outside/secret.txt", "out"], ["if true; then cd ..; fi; cat outside/secret.txt",
    "out"], ["cd $O/back-in && cat ../secret.txt", "out"], ["cd src && cat main.ts", "in"], [
    "cd src/sub && cd ../.. && cat README.md",
    "in",
  ]]],
  ["symlinks", [
    ["cat link-out/secret.txt", "out"],
    ["cat rel-out/secret.txt", "out"],
    ["ls dir-out", "out"],
    // ls -l and -d read a command-line symlink itself (lstat, readlink; the harness does not
    // trace stat calls, so -F's stat of the target is a table case in coreutils.test.ts).
    ["ls -l link-out", "in"],
    ["ls -ld rel-out dir-out", "in"],
    ["ls -lR link-out", "in"],
    ["ls -l link-out/", "out"],
    ["ls link-out", "out"],
    ["ls -lL rel-out", "out"],
    // tar -c stores a symlink operand as a link; -h reads where it leads.
    ["tar -cf a.tar link-out rel-out", "in"],
    ["tar -chf a.tar dir-out", "out"],
    ["tar -cf a.tar link-out/", "stays"],
    ["cat dir-out/file.txt", "out"],
    ["cat dir-out/../secret.txt", "out"],
    ["cat src/secret-link", "out"],
    ["cat home-link/.bashrc", "out"],
    ["cat backup-link/x.txt", "out"],
    ["cd link-out && cat secret.txt", "out"],
    ["cd dir-out && cat ../secret.txt", "out"],
    ["cd -P link-out/.. && cat README.md", "out"],
    ["rm -f rel-out/secret.txt", "out"],
    ["rm -rf ./link-out/", "out"],
    ["cat link-in/main.ts", "in"],
    ["cat abs-in/main.ts", "in"],
    ["cd link-out/.. && cat README.md", "in"],
    ["cd link-in && cat ../README.md", "in"],
    ["cat $O/back-in/README.md", "in"],
  ]],
  ["redirections", [["echo x > ../outside/new.txt", "out"], ["cat < ../outside/secret.txt", "out"], [
    "<../outside/secret.txt cat",
    "out",
  ], ["ls nonexistent 2>../err.log", "out"], ["echo x >> ~/.bashrc", "out"], ["echo x > link-out/new.txt", "out"], [
    "cat <<EOF > ../out\nhello\nEOF",
    "out",
  ], ["exec > ../out.log; echo hi", "out"], ["while read l; do echo $l; done < ../outside/secret.txt", "out"], [
    "echo x > out.txt",
    "in",
  ], ["cat README.md > /dev/null 2>&1", "in"]]],
  ["subshells and pipelines", [["(cd ..; ls)", "out"], ["cd .. | cat README.md", "out"], [
    "cat README.md | (cd ..; cat outside/secret.txt)",
    "out",
  ], ["echo $(cd ..; cat outside/secret.txt)", "out"], ["cat <(cat ../outside/secret.txt)", "out"], [
    "(cd src; cat ../../outside/secret.txt)",
    "out",
  ], ["(cd src; cat main.ts); cat README.md", "in"], ["ls | cat", "in"]]],
  ["the directory moves without a cd", [
    ["mkdir -p d/e/f && cd d/e/f && mv ../../../d/e ../../../e2 && cat ../../../outside/secret.txt", "out"],
    ["mkdir -p d/e/f; cd d/e/f; mv ../../../d/e ../../../e2; cat ../../../outside/secret.txt", "out"],
    ['mkdir -p d/e && cd d/e && mv "$PWD" ../../e2 && cat ../../outside/secret.txt', "out"],
    ["mkdir -p d/e/f && cd d/e/f && mv ../../../d/e ../../../e2 && cd .. && cat ../../outside/secret.txt", "out"],
    ["mkdir -p d/e && cd d/e && (cd .. && mv e ../e2) && cat ../../outside/secret.txt", "out"],
    ["mkdir -p d/e && cd d/e && env mv ../e ../../e2 && cat ../../outside/secret.txt", "out"],
    ["mkdir -p d/e && cd d/e && bash -c 'mv ../e ../../e2' && cat ../../outside/secret.txt", "out"],
    ["cd src && mv sub sub2 && cat main.ts", "in"],
    ["cd src && cp -r ../src ../s2 && cat main.ts", "in"],
    ["mkdir -p d/e && cd d/e && cp -r ../../d ../../d2 && rm -rf ../../d && cat ../../outside/secret.txt", "in"],
    // A part running beside: the job's `cd` comes first, the move after it, the read last (issue #30.4).
    ["(cd src/sub && sleep 0.5 && cat ../../outside/secret.txt) & mv src/sub moved; wait", "out"],
    ["(cd src/sub && sleep 0.5 && cat ../../outside/secret.txt) | mv src/sub moved", "out"],
    ["(pushd src/sub >/dev/null && sleep 0.5 && cat ../../outside/secret.txt) & mv src/sub moved; wait", "out"],
    ["(cd src/sub && sleep 0.5 && cat ../main.ts) & mv docs docs.old; wait", "in"],
  ]],
  ["names read from a list", [
    ["printf '%s\\0' src/main.ts ../outside/secret.txt | wc --files0-from=-", "out"],
    ["printf '../outside/secret.txt\\0' > l0; sort --files0-from=l0", "out"],
    ["printf '../outside\\0' | du --files0-from=-", "out"],
    ["file -f - <<< ../outside/secret.txt", "out"],
    ["tar -cf a.tar -T - <<< ../outside/secret.txt", "out"],
    ["echo ../outside/secret.txt > l; tar -cf a.tar -T l", "out"],
    ["printf 'src/main.ts\\0../outside/secret.txt\\0' | xargs -0 cat", "out"],
    ["printf '%s\\0' src/main.ts docs/guide.md | wc --files0-from=-", "in"],
    ["printf 'src\\0' | du --files0-from=-", "in"],
    ["tar -cf a.tar -T list.txt", "in"],
    ["file -f list.txt", "in"],
    // GNU tar switches to NUL-ended names at the first NUL; zip -@ and cpio read lines, whose C
    // string ends at a NUL: they get the first name only.
    ["printf 'README.md\\0../outside/secret.txt\\0' | tar -cf a.tar -T -", "out"],
    ["find docs -print0 | tar -cf a.tar -T -", "in"],
    ["printf 'README.md\\n../outside/secret.txt\\n' | zip -q a.zip -@", "out"],
    ["printf 'README.md\\0../outside/secret.txt\\0' | zip -q a.zip -@", "in"],
    ["find docs | zip -q a.zip -@", "in"],
    ["find src -name '*-link' | zip -q a.zip -@", "out"],
    ["printf 'README.md\\0../outside/secret.txt\\0' | cpio -o > a.cpio", "in"],
    // cpio -p copies NAME to DEST/NAME; with -L what a link leads to.
    ["find docs | cpio -pd docs/copy", "in"],
    ["find src | cpio -pdL build/copy", "out"],
    // xargs without -I passes `{}` as it is: mv of a `{}` that is not there fails.
    ["find docs -type f -print0 | xargs -0 mv {} {}.abc", "in"],
  ]],
  ["functions, eval, control flow", [['f(){ cat "$1"; }; f ../outside/secret.txt', "out"], [
    "f(){ cd ..; }; f; cat outside/secret.txt",
    "out",
  ], ["eval 'cd ..'; cat outside/secret.txt", "out"], ["X='cat ../outside/secret.txt'; eval $X", "out"], [
    "for d in src ../outside; do ls $d; done",
    "out",
  ], ["for f in ~/.ssh/*; do cat $f; done", "out"], ["case x in x) cd ..;; esac; cat outside/secret.txt", "out"], [
    "trap 'cat ~/.bashrc' EXIT; cd src",
    "out",
  ], ['trap "x=.." DEBUG; x=src; cat $x/outside/secret.txt', "out"], [
    'trap "x=.." ERR; x=src; false; cat $x/outside/secret.txt',
    "out",
  ], ['trap "x=.." USR1; x=src; kill -USR1 $$; cat $x/outside/secret.txt', "out"], [
    "trap 'echo hi' DEBUG; x=src; cat $x/main.ts",
    "in",
  ], ['command_not_found_handle(){ cat "$x/file.txt"; }; x=dir-out; nonexist; x="space dir"', "out"], [
    'f(){ cat "$x/file.txt"; }; export -f f; x=dir-out bash -c f; x="space dir"',
    "out",
  ], ["exec cat ../outside/secret.txt", "out"], ["f(){ break; }; for i in 1; do f; cat ../outside/secret.txt; done",
    "out"], ["for i in 1; do (break; cat ../outside/secret.txt); done", "out"], [
    "f(){ local x=src; declare -g x=..; }; x=src; f; cat $x/outside/secret.txt",
    "out",
  ], ["g(){ unset x; x=..; }; f(){ local x=s; g; }; x=src; f; cat $x/outside/secret.txt", "out"], [
    "f(){ local -; set -f; }; f; cat */secret.txt",
    "out",
  ], ["x=src; f(){ local x; cat $x$O/secret.txt; }; f", "out"], [
    "f(){ local x=src; declare -g x=docs; cat $x/main.ts; }; f; ls $x",
    "in",
  ], ['f(){ cat "$1"; }; f README.md', "in"], ["eval cd src; cat main.ts", "in"], ["for d in src docs; do ls $d; done",
    "in"]]],
  ["words: braces, tildes, variables, quoting", [["cat {README.md,../outside/secret.txt}", "out"], [
    "cat {src,../outside}/secret.txt",
    "out",
  ], ["cat ~/.bashrc", "out"], ["cd ~ && cat .bashrc", "out"], ["cd && ls", "out"], ['cat "$HOME/.bashrc"', "out"], [
    "D=..; cat $D/outside/secret.txt",
    "out",
  ], ["X=..; Y=$X/outside; cat $Y/secret.txt", "out"], ["cat $'\\x2e\\x2e/outside/secret.txt'", "out"], [
    'cat .."/"outside/secret.txt',
    "out",
  ], ["cat $O/secret.txt", "out"], ["cat /etc/hosts", "out"], ["X=src; cat $X/main.ts", "in"], [
    "cat 'space dir/file.txt'",
    "in",
  ], ["cat ../project/README.md", "in"]]],
  ["globs", [
    ["cat */secret.txt", "out"],
    ["cat ../*/secret.txt", "out"],
    ["cat ~/.ssh/*", "out"],
    ["cat src/*", "out"],
    ["cat ../pro*t/README.md", "out"],
    ["cat < ../outside/s*", "out"],
    ["x=(../*); echo ${#x[@]}", "out"],
    ["for f in ../outside/*; do :; done", "out"],
    [": ../*", "out"],
    ["shopt -s globstar; cat **/secret.txt", "stays"],
    ["shopt -u globskipdots; cat .*/outside/secret.txt", "out"],
    ["shopt -u globskipdots; ls .?", "out"],
    // Bash 5.2 skips `..`; older bash does not, so the guard still asks.
    ["cat .*/outside/secret.txt", "stays"],
    ["cat *.md", "in"],
    ["cat docs/*", "in"],
  ]],
  ["directory stack", [["pushd .. >/dev/null && cat outside/secret.txt", "out"], [
    "pushd .. >/dev/null; popd >/dev/null; cat README.md",
    "out",
  ], ["cd ..; cd -; cat README.md", "out"], ["pushd src >/dev/null; popd >/dev/null; cat README.md", "in"], [
    "cd src; cd -; cat README.md",
    "in",
  ]]],
  ["here-documents and sourced scripts", [["cat <<EOF\n$(cat ../outside/secret.txt)\nEOF", "out"], [
    "cat <<EOF\n`cat ~/.bashrc`\nEOF",
    "out",
  ], ["source scripts/escape.sh", "out"], [". scripts/escape.sh", "out"], ["cat <<EOF\n$(cat README.md)\nEOF", "in"], [
    "source scripts/build.sh",
    "in",
  ], ["cd src && source ../scripts/escape.sh", "in"]]],
  ["patterns and echo's escapes", [["case a in [[.a.]]) cat ../outside/secret.txt;; esac", "out"], [
    "cat src/[[.s.]]ecret-link",
    "out",
  ], ["cd [[.l.]]ink-out; cat secret.txt", "out"], ["case A in [[=a=]][[:upper:]]) cat ../outside/secret.txt;; esac",
    "out"], ["case a in \\ |a) cat ../outside/secret.txt;; esac", "out"], [
    "case b in [|b) cat ../outside/secret.txt;; esac",
    "out",
  ], ["shopt -s extglob\ncase '*' in *(a)'*') cat ../outside/secret.txt;; esac", "out"], [
    'shopt -s xpg_echo; x=$(echo "\\x2e\\x2e"); cat $x/outside/secret.txt',
    "out",
  ], ["sh -c 'x=$(echo \"\\056\\056\"); cat $x/outside/secret.txt'", "out"], [
    "sh -c 'echo \"\\056\\056\" | xargs -I@ cat @/outside/secret.txt'",
    "out",
  ], ["cat src/[[.m.]]ain.ts", "in"], ["case b in [[.a.]]) cat ../outside/secret.txt;; esac", "in"], [
    "case c in \\ |a) cat ../outside/secret.txt;; esac",
    "in",
  ], ["sh -c 'x=$(echo src); cat $x/main.ts'", "in"], ['echo -e "src/main.ts\\n../outside/secret.txt" | xargs cat',
    "out"], ['echo -ne "a\\t..\\n" | xargs -I@ cat @/outside/secret.txt', "in"], [
    'echo -e "src/main.ts\\nREADME.md" | xargs cat',
    "in",
  ]]],
  ["wrappers and nested shells", [
    ["env cat ../outside/secret.txt", "out"],
    ["env -C ../outside cat secret.txt", "out"],
    ["env -i PATH=/usr/bin:/bin cat ../outside/secret.txt", "out"],
    ["nice -n 5 cat ../outside/secret.txt", "out"],
    ["timeout -s KILL 5 cat ../outside/secret.txt", "out"],
    ["stdbuf -oL cat ../outside/secret.txt", "out"],
    ["setsid -w cat ../outside/secret.txt", "out"],
    ["time cat ../outside/secret.txt", "out"],
    ["command cat ../outside/secret.txt", "out"],
    ["nice env timeout 5 cat ../outside/secret.txt", "out"],
    ["bash -c 'cd .. && cat outside/secret.txt'", "out"],
    ["sh -c 'cat ../outside/secret.txt'", "out"],
    // A login shell also reads the user's profile files; the guard does not judge the shell's
    // own start-up (docs/semantics.md), so the profile is switched off here.
    ["bash --noprofile -lc 'cat ~/.bashrc'", "out"],
    ["bash -c \"eval 'cat ../outside/secret.txt'\"", "out"],
    ["bash -c \"bash -c 'cat ../outside/secret.txt'\"", "out"],
    ["bash <<'EOF'\ncd ..\ncat outside/secret.txt\nEOF", "out"],
    ["echo 'cat ../outside/secret.txt' | bash", "out"],
    ["bash <<< 'cat ../outside/secret.txt'", "out"],
    ["echo ../outside/secret.txt | xargs cat", "out"],
    ["printf '%s\\n' ../outside/secret.txt | xargs -I{} cat {}", "out"],
    ["find . -maxdepth 1 -name link-out -exec ls {}/ \\;", "out"],
    ["bash scripts/escape.sh", "out"],
    ["sh -c 'cd src && cat main.ts'", "in"],
    ["env -C src cat main.ts", "in"],
    ["timeout 5 cat README.md", "in"],
    ["bash <<< 'cat README.md'", "in"],
    ["echo docs/guide.md | xargs cat", "in"],
    ["find docs -exec cat {} \\;", "in"],
    // Listings (src/shell/listing.ts): a name with a blank cuts into a path outside.
    ["mkdir -p 'n/a ../outside' && touch 'n/a ../outside/secret.txt' && find n -type f | xargs cat", "out"],
    ["mkdir -p 'n/a ../outside' && touch 'n/a ../outside/secret.txt' && cat $(find n -type f)", "out"],
    ["find docs | sort | xargs cat", "in"],
    ["wc -l $(find docs -type f | sort)", "in"],
    ["find docs -name '*.md' | while read f; do cat \"$f\"; done", "in"],
    ["cd src && ls | xargs wc -c", "out"],
    ["cd docs && ls | xargs wc -c", "in"],
    // find -printf, dirname, awk and sed appends, ls -Q, xargs -0 on lines (what find and xargs print and cut).
    ["find docs -type f -printf '\"%p\"\\n' | xargs cat", "in"],
    ["find docs -type f -printf '%h\\0' | xargs -0 ls", "in"],
    ["find docs -maxdepth 0 -printf '%h\\n' | xargs -I{} cat {}/../outside/secret.txt", "out"],
    ["find docs -type f -printf 'build/%P\\0' | xargs -0 mkdir -p", "in"],
    ["find docs -name '*.md' | xargs dirname | xargs ls", "in"],
    ["find docs -maxdepth 0 | xargs dirname | xargs -I{} cat {}/../outside/secret.txt", "out"],
    ["find docs -type f | sed 's/$/.x/' | xargs touch", "in"],
    ["cd docs && ls -tQ | awk 'NR>0' | xargs cat", "in"],
    ["cd docs && find . -type f | xargs -0 ls", "in"],
    // grep -l prints some of the names it is given (src/shell/listing.ts asGiven); -q is only a test.
    ["find docs -type f | xargs grep -l guide | xargs cat", "in"],
    ["find docs -type f -exec grep -l guide {} + | xargs cat", "in"],
    ["find docs -type f | xargs -I{} grep -l guide {} | xargs cat", "in"],
    ["find docs -type f -exec grep -q guide {} \\; -print0 | xargs -0 cat", "in"],
    ["mkdir -p 'n/a ../outside' && touch 'n/a ../outside/secret.txt' && find n -type f | xargs grep -L zzz | xargs cat",
      "out"],
    // readlink prints a link's target, which the command that gets it resolves from its own directory.
    ["readlink link-out", "in"],
    ["ls $(readlink link-in)", "in"],
    ["cat $(readlink rel-out)/secret.txt", "out"],
    // rm, shred -u and chmod make no name, whatever their words' text (rm -rf refuses `.`; shred renames to `0…` beside the name).
    ["cd docs && find . | grep -v xml | xargs rm -rf {}", "in"],
    ["find docs -type f | xargs -I{} shred -u {}", "in"],
    ["find docs -type f | xargs -I{} chmod 644 '{} x' {}", "in"],
    // perl -i with confined code: a temporary `XX…` renamed onto each name, NAME.bak linked beside it.
    ["find docs -type f -print0 | xargs -0 perl -pi -e 's/ +$//'", "in"],
    ["find docs -type f | xargs perl -pi.bak -e 's/a/b/'", "in"],
    ["perl -pi.bak -e 's/a/b/' ../outside/secret.txt", "out"],
    ["bash scripts/build.sh", "in"],
    ["./scripts/build.sh", "in"],
  ]],
  ["names taken apart (standInOperator in src/shell/listing.ts)", [
    // `./...txt` minus `.txt` is `./..`: mv moves the file into the project's parent.
    ["touch ...txt && find . -maxdepth 1 -name '...txt' -exec sh -c 'mv \"$0\" \"${0%.txt}\"' {} \\;", "out"],
    ['touch ...txt && find . -maxdepth 1 -name \'...txt\' | while read f; do mv "$f" "${f%.txt}"; done', "out"],
    // A replacement `..`, one holding `/`, a pattern that matches in the start point's text.
    ["mkdir -p n/foo && find n -mindepth 1 -type d -exec bash -c 'ls \"${1//foo/..}/..\"' -- {} \\;", "out"],
    ["find . -maxdepth 1 -name src -exec bash -c 'cat \"${1/src/../outside/secret.txt}\"' -- {} \\;", "out"],
    ["find src -maxdepth 0 -exec bash -c 'ls \"${1/src/..}\"' -- {} \\;", "out"],
    ["find .. -maxdepth 1 -name outside -exec sh -c 'ls \"${0%/*}\"' {} \\;", "out"],
    // A stand-in after other text names what is under that text: `../src/secret-link` is a link out.
    ["mkdir -p n && touch n/secret-link && cd n && ls | xargs -I{} cat ../src/{}", "out"],
    ['mkdir -p n && touch n/secret-link && cd n && ls | while read f; do cat "../src/$f"; done', "out"],
    [
      'mkdir -p n && touch n/secret-link && cd n && find . -type f | while read f; do cat "../src/$(basename "$f")"; done',
      "out",
    ],
    ["mkdir -p n && touch n/main.ts && cd n && ls | xargs -I{} cat ../docs/{}", "stays"],
    // With a name's text after it the last component is a plain name under the start point.
    [
      "mkdir -p n/sub && touch n/a.txt n/sub/b.txt n/...txt && find n -name '*.txt' -exec sh -c 'mv \"$0\" \"${0%.txt}.bak\"' {} \\;",
      "in",
    ],
    ['mkdir -p n/foodir && touch n/foo1 && find n -mindepth 1 -exec bash -c \'mv "$1" "${1//foo/Bar}"\' -- {} \\;',
      "in"],
    ['find docs -name \'*.md\' | while read f; do cp "$f" "${f%.md}.txt"; done', "in"],
    ['cd docs && find . -type f | while read l; do ls "${l%/*}"; done', "in"],
    ['cd src && find . -name secret-link | while read f; do cat "${f##*/}"; done', "out"],
    ["touch ... && find . -maxdepth 1 -name '...' -exec sh -c 'mv \"$0\" \"${0%.*}\"' {} \\;", "out"],
    // grep -r without a directory prints `x/etc/hostname`, not `./x/…`: minus `x` it is absolute.
    ['cd docs && mkdir -p x/etc && echo 1 > x/etc/hostname && grep -rl 1 | while read f; do cat "${f#x}"; done', "out"],
    ["cd docs && ls | xargs -I{} cat x{}", "stays"],
    // A function named pwd or dirname prints what it likes.
    ['pwd() { echo ../outside; }; cat "$(pwd)/secret.txt"', "out"],
    [
      'cd docs && dirname() { echo ../../outside; }; find . -name guide.md | while read f; do cat "$(dirname "$f")/secret.txt"; done',
      "out",
    ],
    ['mkdir -p v1.0/sub && touch v1.0/sub/b && find v1.0 -type f | while read f; do touch "${f%.*}.bak"; done',
      "stays"],
    ["cd docs && find . -name '*.md' -exec sh -c 'cp \"$0\" \"${0%.*}.txt\"' {} \\;", "in"],
    ['cd docs && find . -type f | while read f; do cat "${f##*/}" "${f#*/}"; done', "in"],
  ]],
  ["variables that make a program reach elsewhere", [
    ["LD_PRELOAD=../outside/secret.txt ls", "out"],
    ["export LD_PRELOAD=$O/secret.txt; ls", "out"],
    ["BASH_ENV=../outside/secret.txt bash -c true", "out"],
    ["env BASH_ENV=../outside/secret.txt bash -c true", "out"],
    // PATH is left to the table (test/environment.test.ts): a lookup that finds nothing in an
    // outside directory is a failed stat, which the harness does not count as a touch.
    ["f() { ls; }; LD_PRELOAD=../outside/secret.txt f", "out"],
    ["EDITOR=vi ls", "in"],
    ["LD_PRELOAD= ls", "in"],
  ]],
  ["code in expansion operands and subscripts, and the IFS bash sets itself (issue 11)", [
    ["echo ${SF_UNSET:-$(cat ../outside/secret.txt)}", "out"],
    ["echo ${SF_UNSET=$(cat ../outside/secret.txt)}", "out"],
    ["echo ${HOME:+$(cat ../outside/secret.txt)}", "out"],
    ["echo ${HOME%$(cat ../outside/secret.txt)}", "out"],
    ["echo ${HOME//$(cat ../outside/secret.txt)/x}", "out"],
    ["echo ${HOME/a/$(cat ../outside/secret.txt)}", "out"],
    ["echo ${HOME^$(cat ../outside/secret.txt)}", "out"],
    ["echo ${SF_UNSET:-`cat ../outside/secret.txt`}", "out"],
    // `$` before a backquote is text; the substitution runs, unescaped as bash reads it.
    ['echo "a$`cat \\"../outside/secret.txt\\"`"', "out"],
    // glibc opens TZ as a zone file: absolute, or under /usr/share/zoneinfo with its `../`
    // (the guard asks: Go's and Python's runtimes look under /etc/zoneinfo too, src/shell/environment.ts).
    ["TZ=../outside/secret.txt date", "stays"],
    ["TZ=$PWD/../outside/secret.txt date", "out"],
    ["TZ=:$PWD/../outside/secret.txt date", "out"],
    // bash loads the zone itself when TZ is set for a builtin or a function alone.
    ["TZ=$PWD/../outside/secret.txt :", "out"],
    ["f() { :; }; TZ=$PWD/../outside/secret.txt f", "out"],
    ["TZ=$PWD/../outside/secret.txt; true", "in"],
    // A descriptor against a redirection after a list: `exec 0>&-` closes stdin and goes on.
    ["true && exec 0>&-; cat ../outside/secret.txt", "out"],
    ["true && exec 3>&-; cat ../outside/secret.txt", "out"],
    // Inside "…" bash removes the backslash before " in backquoted text before parsing it.
    ['echo "`cat \\"../outside/secret.txt\\"`"', "out"],
    ['echo "`cat \\"..\\"/outside/secret.txt`"', "out"],
    ['echo `cat \\"../outside/secret.txt\\"` 2>/dev/null', "in"],
    ["cat `echo ..\\/outside/secret.txt`", "out"],
    // The grammar reads `a `cmd`` and `a]`cmd`` in a quoted operand as a concatenation of words
    // (found by the probe fuzz): the backquotes are still code to bash.
    ['echo "${SF_UNSET:-a `cat ../outside/secret.txt`} "', "out"],
    ['echo "${SF_UNSET:-a]`cat ../outside/secret.txt`}"', "out"],
    ['read -r -p "${SF_UNSET:-Sure? [y/N]`cat ../outside/secret.txt`} " r < /dev/null', "out"],
    ["echo ${SF_UNSET:-<(cat ../outside/secret.txt)}", "out"],
    ['echo "${SF_UNSET:-${SF_UNSET2:-$(cat ../outside/secret.txt)}}"', "out"],
    ["cat <<< ${SF_UNSET:-$(cat ../outside/secret.txt)}", "out"],
    ["cat <<EOF\n${SF_UNSET:-$(cat ../outside/secret.txt)}\nEOF", "out"],
    ["case ${SF_UNSET:-$(cat ../outside/secret.txt)} in *) ;; esac", "out"],
    ["for i in ${HOME/a/$(cat ../outside/secret.txt)}; do :; done", "out"],
    ["bash -c 'echo ${SF_UNSET:-$(cat ../outside/secret.txt)}'", "out"],
    ["eval 'y=${SF_UNSET:-$(cat ../outside/secret.txt)}'", "out"],
    ["a[$(cat ../outside/secret.txt)]=1", "out"],
    ["a[$(cat ../outside/secret.txt)]+=1", "out"],
    ["declare -A m; m[$(cat ../outside/secret.txt)]=1", "out"],
    ["f() { a[$(cat ../outside/secret.txt)]=1; }; f", "out"],
    ["cat a$IFS../outside/secret.txt", "out"],
    ["cat a${IFS:0:1}../outside/secret.txt", "out"],
    ["x=$IFS; cat a${x}../outside/secret.txt", "out"],
    ["IFS=/; bash -c 'cat a${IFS}../outside/secret.txt'", "out"],
    ["local -a z=($(cat ../outside/secret.txt)) 2>/dev/null", "out"],
    ["x=1; echo ${x:-$(cat ../outside/secret.txt)}", "in"],
    ["unset x; echo ${x%$(cat ../outside/secret.txt)}", "in"],
    ["a[$(cat ../outside/secret.txt)]=1 true", "in"],
    ["unset IFS; cat a${IFS}../outside/secret.txt 2>/dev/null", "in"],
    ['cat "README.md${IFS}" 2>/dev/null; cat README.md$IFS', "in"],
  ]],
  // tree-sitter reads `a` `b` and `a``b` as one substitution; bash runs two (issue 12).
  ["backquoted substitutions side by side", [["echo `echo a` `cat ../outside/secret.txt`", "out"], [
    "echo `echo a``cat ../outside/secret.txt`",
    "out",
  ], ['echo "`echo a` `cat ../outside/secret.txt`"', "out"], ["echo `echo \\`echo a\\`` `cat ../outside/secret.txt`",
    "out"], ["echo `echo $(echo a)` `cat $(echo ../outside/secret.txt)`", "out"], [
    'echo `date +"%a %x"` `cat ../outside/secret.txt`',
    "out",
  ], ['echo "`cat \\"../outside/secret.txt\\"`"', "out"], ['echo `cat \\"../outside/secret.txt\\"` 2>/dev/null', "in"],
    ["echo `date` `hostname`", "in"], ['echo `echo a``echo b` `date +"%a %x %X"`', "in"]]],
  // date +FORMAT of digits and plain text prints one path segment, or nothing (issue 12).
  ["outputs of a known shape used in a path", [
    ["touch link-out/$(date +%Y_x)", "out"],
    ["touch link-out/$(uname -m)", "out"],
    ["date -d 'TZ=\"$O/secret.txt\" now'", "out"],
    ["touch build-$(uname -m).log", "in"],
    ["cat .$(date -d bogus +%Y_x 2>/dev/null)./outside/secret.txt", "out"],
    ["x=$(wc -l < README.md); cat ${x/[0-9]*/..\\/outside}/secret.txt", "out"],
    ["cat $(date -f ../outside/secret.txt +%Y_x 2>/dev/null) 2>/dev/null", "out"],
    ["touch filename_`/bin/date +%Y%m%d%H%M%S`.txt", "in"],
    ["echo hi > logs-$(date +%F_%T).txt", "in"],
    ['cp README.md{,."$(date +%Y%m%d-%H%M%S)"}', "in"],
    ['mkdir -p logs && mv README.md logs/$(date -d "today" +"%Y%m%d%H%M").log', "in"],
    // xargs -I puts the line where {} stands: text before it that is not TZ=" names no zone
    ["printf '3\\n4\\n' | xargs -I{} date -d \"2023-03-{}\" +%w", "in"],
    ["echo '$O/secret.txt' | xargs -I{} date -d 'TZ=\"{}\" now'", "out"],
  ]],
  ["arithmetic evaluation runs the subscript in a value", [["x='a[$(cat ../outside/secret.txt)]'; echo $((x))", "out"],
    ["x='a[$(cat ../outside/secret.txt)]'; [[ $x -eq 1 ]]", "out"], ["x='a[$(cat ../outside/secret.txt)]'; y=x; let y",
    "out"], ["read 'a[$(cat ../outside/secret.txt)]' <<< 1", "out"], [
    "x='a[$(cat ../outside/secret.txt)]'; echo ${a[x]}",
    "out",
  ], ["x='$(cat ../outside/secret.txt)'; echo ${x@P}", "out"], ["n=$(ls | wc -l); echo $((n + 1))", "in"], [
    "for i in $(seq 1 3); do echo $((i * 2)); done",
    "in",
  ]]],
  ["recursive commands that follow symlinks", [
    ["grep -R zzz .", "out"],
    ["find -L . -name zzz", "out"],
    ["find . -follow -name zzz", "out"],
    ["ls -RL", "out"],
    ["du -sL .", "out"],
    ["cp -rL src build/", "out"],
    // Not `.`: with -h, tar follows outside/back-in into the project and never ends.
    ["tar -chf build/a.tar src", "out"],
    ["tar -cf build/a.tar src", "in"],
    ["grep -r zzz .", "in"],
    ["find . -name zzz", "in"],
    ["ls -R", "in"],
  ]],
  ["commands that write", [
    ["touch ../outside/new.txt", "out"],
    ["cp README.md ../outside/", "out"],
    ["mkdir ../newdir", "out"],
    ["mv rel-out/secret.txt src/", "out"],
    ["ln -s /etc/hosts ../outside/l", "out"],
    // sed -i writes a sedXXXXXX next to the file, then renames it over the file.
    ["sed -i -e 's/a/b/' ~/.bashrc", "out"],
    ["sed -i 's/x/y/' ../outside/secret.txt", "out"],
    // GNU sed takes `''` after -i as the script, and edits every file after it (BSD sed: the suffix).
    ["sed -i '' ../outside/secret.txt README.md", "out"],
    ["sed -i '' 's/x/y/' ../outside/secret.txt", "out"],
    // GNU sed refuses a script that starts with `.` before it opens a file; BSD sed would edit it.
    ["sed -i .bak -E 's/a/b/' ../outside/secret.txt", "stays"],
    // A login shell reads its start-up files in the home directory (a documented limit).
    ["bash -lc 'cat ../outside/secret.txt'", "out"],
    ["cp -r src build/", "in"],
    ["mkdir build/x && touch build/y && rm build/y", "in"],
    ["mkdir -p build/x && touch build/x/y && rm -r build/x", "stays"],
    // A path that climbs out of a directory that is not there: the kernel fails on it, but a
    // program that makes the directories it names one by one creates that one first (git init
    // too: test/core.test.ts, as git reads /etc/gitconfig, which this harness counts).
    ["mkdir -p ../newdir/../project/sub", "out"],
    ["mkdir -p src/new/../../../nd/../project/y", "out"],
    ["install -D README.md ../nd/../project/x", "out"],
    ["mkdir -p a/b/../c", "in"],
    // Python cleans the name before it makes the directory: deep-in leads to src/sub, so the
    // kernel would take deep-in/../../x to the project, abspath takes it above.
    ["python3 -m venv --without-pip deep-in/../../x", "out"],
  ]],
  // Found by the probe fuzz's new forms and a review of what glibc reads from the environment.
  ["single quotes in arithmetic, line continuations, what glibc opens", [
    ["echo $(( '$(cat ../outside/secret.txt)' ))", "out"],
    ["(( 'a[$(cat ../outside/secret.txt)]' ))", "out"],
    ['echo "$\\\n(cat ../outside/secret.txt)"', "out"],
    ['cat "$\\\n{HOME}/.bashrc"', "out"],
    ["cat ~\\\n/.bashrc", "out"],
    ["cat <<E\n$\\\n(cat ../outside/secret.txt)\nE", "out"],
    // /usr/share/locale/../../..$O/LC_MESSAGES/coreutils.mo (gettext reads LANGUAGE in any locale but C).
    ["LC_ALL=C.utf8 LANGUAGE=../../..$O ls --badopt", "out"],
    ["[[ '$(cat ../outside/secret.txt)' == a ]]", "in"],
    ["LC_ALL=C.utf8 LANGUAGE=fr ls --badopt", "in"],
    ["GCONV_PATH=$O iconv -l", "out"],
    ["LD_PROFILE=libc.so.6 LD_PROFILE_OUTPUT=$O ls", "out"],
  ]],
  ["shell state: pipeline status, prefix assignments, builtins that assign", [[
    "set -o pipefail; false | true || cat ../outside/secret.txt",
    "out",
  ], ["set -eo pipefail; true | false | true || cat ../outside/secret.txt", "out"], [
    "set -o pipefail; true | true || cat ../outside/secret.txt",
    "in",
  ], ["x=src; x=.. export x; cat $x/outside/secret.txt", "out"], [
    "x=src; x=foo printf -v x ..; cat $x/outside/secret.txt",
    "out",
  ], ["declare x={b,..}/outside/secret.txt; cat $x", "out"], ["exec 0</dev/null; cat ../outside/secret.txt", "out"], [
    "pushd -n src; DIRSTACK[1]=..; popd; cat outside/secret.txt",
    "out",
  ], ["x=src; x=.. true; cat $x/main.ts", "in"]]],
  // Issue 31: a project file's text as a list, a script written and run after &&, find's tests
  // that keep links from -exec. (Not `xargs -a`: GNU xargs 4.9 opens `/` and closes it at once,
  // gnulib's probe of O_CLOEXEC, which this harness would count as a touch outside.)
  ["lists and scripts from project files, find's tests", [["cat list.txt | xargs cat", "in"], [
    "echo ../outside/secret.txt > l2 && cat l2 | xargs cat",
    "out",
  ], ['for f in $(cat list.txt); do cat "$f"; done', "in"], [
    "cat > scripts/t.sh <<'EOF' && bash scripts/t.sh\ncat src/main.ts\nEOF",
    "in",
  ], ["cat > scripts/t.sh <<'EOF' && bash scripts/t.sh\ncat ../outside/secret.txt\nEOF", "out"], [
    "find src -name '*.ts' -exec cat {} +",
    "in",
  ], ["find src -type f -exec cat {} +", "in"], ["find . -name '*.md' -not -path './docs/*' -exec cat {} +", "in"], [
    "find src -name 'secret*' -exec cat {} +",
    "out",
  ], ["find src -type l -exec cat {} +", "out"], [
    "find . -name '*.md' -not -path './src/*' -exec cat {} + -o -type l -exec cat {} +",
    "out",
  ]]],
];

/** Fixture paths shown as their placeholders, longest first so $P does not eat $B. */
function pretty(fx: Fixture, s: string): string {
  const pairs: [string, string][] = [[fx.backup, "$B"], [fx.project, "$P"], [fx.outside, "$O"], [fx.home, "$H"], [
    fx.top,
    "$T",
  ]];
  let out = s;
  for (const [path, name] of pairs) out = out.split(path).join(name);
  return out;
}

/** The outside paths the verdict does not account for, with why. */
function disagreements(v: Verdict, outside: readonly Touch[]): string[] {
  const problems: string[] = [];
  const unresolved = v.accesses.some((a) => a.resolved === null);
  for (const t of outside) {
    if (v.decision === "allow") {
      problems.push(`bash touched ${t.path} (${t.syscall}${t.error ? " " + t.error : ""}) but the guard allows`);
      continue;
    }
    const reported = (path: string) => v.accesses.some((a) => a.resolved !== null && isInside(path, a.resolved));
    // sed -i's sedXXXXXX: created, then renamed onto the file it edits (see judge in support/oracle.ts).
    const covered = unresolved || reported(t.path) || (t.becomes !== undefined && reported(t.becomes));
    if (!covered) {
      problems.push(`bash touched ${t.path} (${t.syscall}${t.error ? " " + t.error : ""}) and no access covers it`);
    }
  }
  return problems;
}

async function runCase(command: string, where: Where): Promise<void> {
  const fx = buildFixture();
  try {
    const guard = await createGuard({ home: fx.home });
    const cmd = fx.sub(command);
    // The guard judges the sandbox as it is before the command runs, as it would in real use.
    const verdict = guard.check(cmd, { cwd: fx.project });
    const trace = await traceCommand(cmd, fx, fx.project);
    const root = realpathSync(fx.project);
    const outside = uniqueByPath(trace.touches.filter((t) => !isInside(t.path, root)));
    const problems = disagreements(verdict, outside);
    if (trace.timedOut) problems.push("the command timed out under strace");
    if (where === "out" && outside.length === 0) {
      problems.push("expected bash to touch a path outside the project, strace saw none (harness blind?)");
    }
    if (where === "in" && verdict.decision !== "allow") {
      problems.push(`bash stays inside, but the guard says ${verdict.decision}`);
    }
    if (problems.length > 0) {
      const seen = uniqueByPath(trace.touches).map((t) =>
        `  ${t.syscall} ${t.path}${t.named !== t.path ? ` (named ${t.named})` : ""}${t.error ? " " + t.error : ""}`
      );
      const detail = [`command: ${command}`, ...problems.map((p) => `DISAGREEMENT: ${p}`),
        `strace saw (exit ${trace.exitCode}):`, ...seen, `guard ${explain(verdict)}`,
        trace.stderr.trim() ? `stderr: ${trace.stderr.trim()}` : ""];
      throw new Error(pretty(fx, detail.filter((l) => l !== "").join("\n")));
    }
    expect(problems).toEqual([]);
  } finally {
    fx.remove();
  }
}

test("strace is available (the oracle fails rather than skips without it)", () => {
  requireStrace();
});

for (const [group, cases] of CASES) {
  describe(`oracle: ${group}`, () => {
    for (const [command, where] of cases) {
      test(`${command.replace(/\n/g, "⏎")} (${where})`, () => runCase(command, where), 20_000);
    }
  });
}

// The reader on its own, with a lexical resolver so that these do not depend on the disk.
describe("strace reader", () => {
  const lexical = (base: string, name: string) => posix.resolve(base, name);
  const read = (text: string, cwd = "/w/p") =>
    parseStrace(text, cwd, lexical).map((t) => `${t.pid} ${t.syscall} ${t.path}${t.error ? " " + t.error : ""}`);

  test("an openat shows its directory and its physical result", () => {
    expect(read(`10  openat(AT_FDCWD</w/p>, "link/s", O_RDONLY) = 3</w/o/s>\n`)).toEqual(["10 openat /w/o/s"]);
  });

  test("a file created exclusively and renamed onto another carries where it went (sed -i)", () => {
    const text = [`10  openat(AT_FDCWD</w/o>, "/w/o/sedAb12", O_RDWR|O_CREAT|O_EXCL, 0600) = 4</w/o/sedAb12>`,
      `10  fchown(4</w/o/sedAb12>, 0, 0) = 0`, `10  rename("/w/o/sedAb12", "/w/o/f") = 0`,
      `10  rename("/w/o/g", "/w/o/h") = 0`].join("\n");
    const touches = parseStrace(text, "/w/p", lexical);
    expect(touches.map((t) => `${t.syscall} ${t.path} ${t.becomes ?? "-"}`)).toEqual(["openat /w/o/sedAb12 /w/o/f",
      "fchown /w/o/sedAb12 /w/o/f", "rename /w/o/sedAb12 /w/o/f", "rename /w/o/f -", "rename /w/o/g -",
      "rename /w/o/h -"]);
  });

  test("a login shell's own start-up files are noise; the same files read by a command are not", () => {
    const text = [`20  execve("/bin/bash", ["bash", "-lc", "cat ~/.profile"], 0x1 /* 3 vars */) = 0`,
      `20  openat(AT_FDCWD</w/p>, "/w/h/.bash_profile", O_RDONLY) = -1 ENOENT (No such file or directory)`,
      `20  openat(AT_FDCWD</w/p>, "/w/h/.profile", O_RDONLY) = 3</w/h/.profile>`,
      `21  execve("/bin/cat", ["cat", "/w/h/.profile"], 0x1 /* 3 vars */) = 0`,
      `21  openat(AT_FDCWD</w/p>, "/w/h/.profile", O_RDONLY) = 3</w/h/.profile>`].join("\n");
    const touches = parseStrace(text, "/w/p", lexical).filter((t) => !isNoise(t)).map((t) =>
      `${t.pid} ${t.syscall} ${t.path}`
    );
    expect(touches).toEqual(["21 openat /w/h/.profile"]);
  });

  test("a failed open is a touch, relative to the annotated directory", () => {
    expect(read(`10  openat(AT_FDCWD</w/p/src>, "../x", O_RDONLY) = -1 ENOENT (No such file or directory)\n`)).toEqual([
      "10 openat /w/p/x ENOENT",
    ]);
  });

  test("quoted names: escaped quotes, spaces, octal and hex bytes, an escaped > in an annotation", () => {
    const text = [`10  openat(AT_FDCWD</w/p>, "we\\"ird dir/f 1", O_RDONLY) = -1 ENOENT (No such file or directory)`,
      `10  openat(AT_FDCWD</w/p/\\303\\274\\76x>, "\\x61, b", O_RDONLY) = -1 ENOENT (No such file or directory)`].join(
        "\n",
      );
    expect(read(text)).toEqual(['10 openat /w/p/we"ird dir/f 1 ENOENT', "10 openat /w/p/ü>x/a, b ENOENT"]);
  });

  test("unfinished and resumed halves join, across interleaved pids", () => {
    const text = [`10  openat(AT_FDCWD</w/p>, "a", O_RDONLY <unfinished ...>`,
      `11  openat(AT_FDCWD</w>, "b", O_WRONLY|O_CREAT|O_TRUNC, 0666 <unfinished ...>`,
      `10  <... openat resumed>) = -1 ENOENT (No such file or directory)`, `11  <... openat resumed>) = 3</w/b>`].join(
        "\n",
      );
    expect(read(text)).toEqual(["10 openat /w/p/a ENOENT", "11 openat /w/b"]);
  });

  test("a child inherits the cwd at the clone, even when it prints before the clone returns", () => {
    const text = [`10  chdir("..") = 0`, `10  clone(child_stack=NULL, flags=SIGCHLD <unfinished ...>`,
      `11  mkdir("d", 0777) = 0`, `10  <... clone resumed>, child_tidptr=0x7f) = 11`, `10  chdir("/w/p") = 0`,
      `11  unlink("f") = -1 ENOENT (No such file or directory)`, `10  rename("a", "/x/b") = 0`].join("\n");
    expect(read(text)).toEqual(["10 chdir /w", "11 mkdir /w/d", "10 chdir /w/p", "11 unlink /w/f ENOENT",
      "10 rename /w/p/a", "10 rename /x/b"]);
  });

  test("descriptors: getdents and fchdir name the directory; a symlink's target is not touched", () => {
    const text = [`10  getdents64(3</w/o dir>, 0x55 /* 2 entries */, 32768) = 48`, `10  fchdir(3</w/o dir>) = 0`,
      `10  symlinkat("/etc/passwd", AT_FDCWD</w/o dir>, "l") = 0`,
      `10  openat(AT_FDCWD</w/p>, "/dev/fd/63", O_RDONLY) = 3<pipe:[1234]>`].join("\n");
    expect(read(text)).toEqual(["10 getdents64 /w/o dir", "10 fchdir /w/o dir", "10 symlinkat /w/o dir/l",
      "10 openat /dev/fd/63"]);
  });

  test("signals, exits and execve of the shell itself are read without harm", () => {
    const text = [`10  execve("/usr/bin/bash", ["bash", "-c", "cat a, b"...], 0x7ffd /* 2 vars */) = 0`,
      `--- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=11} ---`, `+++ exited with 0 +++`,
      `10  execve("./s.sh", ["./s.sh"], 0x55 /* 2 vars */) = -1 ENOEXEC (Exec format error)`].join("\n");
    expect(read(text)).toEqual(["10 execve /usr/bin/bash", "10 execve /w/p/s.sh ENOEXEC"]);
  });
});
