// Coreutils and friends: for every entry with path semantics, a case that reaches outside (not
// allow, with the access that justifies it) and one that stays inside (allow).

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { COREUTILS } from "../../src/commands/table/coreutils.ts";
import type { Case } from "../support/table.ts";
import { table, useSandbox } from "../support/table.ts";

const box = useSandbox();

/** Entries whose every operand has one kind: checked the same way, generated from the table. */
const uniform: Case[] = [];
for (const spec of COREUTILS) {
  const ops = spec.operands;
  if (!("all" in ops) || typeof ops.all !== "string" || !["read", "write", "list"].includes(ops.all)) continue;
  for (const name of spec.names) {
    uniform.push([`${name} ../outside/secret.txt`, "ask", [`${ops.all} $O/secret.txt`]]);
    uniform.push([`${name} src/main.ts`, "allow", [`${ops.all} $P/src/main.ts`]]);
  }
}
// The checksum tools are an analyser now (checksums.ts: it reads the lists of -c); without -c
// they read their operands, as the entries above do.
for (const name of ["md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "cksum", "sum",
  "shasum"])
{
  uniform.push([`${name} ../outside/secret.txt`, "ask", ["read $O/secret.txt"]]);
  uniform.push([`${name} src/main.ts`, "allow", ["read $P/src/main.ts"]]);
}
table("commands whose operands all have one kind", box, uniform);

table("copies, moves and links", box, [
  ["cp README.md ../outside/", "ask", ["read $P/README.md", "write $O"]],
  ["cp ../outside/secret.txt src/", "ask", ["read $O/secret.txt", "write $P/src"]],
  ["cp README.md docs/", "allow", ["read $P/README.md", "write $P/docs"]],
  ["cp -t ../outside README.md docs/guide.md", "ask", ["write $O", "read $P/README.md", "read $P/docs/guide.md"]],
  ["cp --target-directory=docs README.md", "allow", ["write $P/docs"]],
  ["cp -r src build", "allow", ["read $P/src", "write $P/build"]],
  ["cp -rL src build", "ask", ["read $O/secret.txt"]],
  ["cp /dev/null ~/x", "ask", ["write $H/x"]],
  ["mv README.md ../outside/", "ask", ["write $P/README.md", "write $O"]],
  ["mv docs/guide.md docs/g.md", "allow", ["write $P/docs/guide.md", "write $P/docs/g.md"]],
  ["mv -t ~ README.md", "ask", ["write $H"]],
  ["ln -s ~/.ssh/id_rsa key", "ask", ["unknown $H/.ssh/id_rsa", "write $P/key"]],
  // No operand: ln only reports its usage (this was an internal error).
  ["ln -s", "allow", ["!#INTERNAL_ERROR"]],
  ["ln -sf < README.md", "allow", ["read $P/README.md", "!#INTERNAL_ERROR"]],
  ["ln -s ../../outside src/x", "ask", ["unknown $O"]],
  ["ln -s ../README.md src/readme", "allow", ["unknown $P/README.md", "write $P/src/readme", "!* $T/work/README.md"]],
  // src is a directory: the link is src/README.md, and ../README.md is read from there.
  ["ln -s ../README.md src", "allow", ["unknown $P/README.md", "!* $T/work/README.md"]],
  ["ln -s ../README.md new-link", "ask", ["unknown $T/work/README.md"]],
  // The redirections take every word: ln has no operand (it fails), the redirections are judged.
  ["ln -s <README.md >new-link", "allow", ["read $P/README.md", "write $P/new-link"]],
  ["ln -sf <README.md >../outside/x", "ask", ["read $P/README.md", "write $O/x"]],
  ["ln -s <source-location> <symlink-location>", "ask", ["#PARSE_ERROR", "read $P/source-location"]],
  ["ln -sr docs/guide.md src/guide", "allow", ["unknown $P/docs/guide.md"]],
  ["ln -s -t src ../README.md", "allow", ["unknown $P/README.md"]],
  ["ln -s ../../x src/", "ask", ["unknown $T/work/x"]],
  ["ln -sf /dev/null ~/x", "ask", ["write $H/x"]],
  ["ln README.md hard", "allow", ["unknown $P/README.md", "write $P/hard"]],
  ["ln -s /etc", "ask", ["unknown /etc"]],
  ["ln -st docs ../README.md", "allow", ["unknown $P/README.md"]],
  // -n and -T replace LINK itself (link-in, a link to src), so the target is read from LINK's directory.
  ["ln -sfn ../outside link-in", "ask", ["unknown $O"]],
  ["ln -sfT ../outside link-in", "ask", ["unknown $O"]],
  ["ln -s --no-dereference -f ../outside link-in", "ask", ["unknown $O"]],
  ["ln -sfn ../outside link-in; cat link-in/secret.txt", "ask", ["unknown $O", "#UNRESOLVED_PATH"]],
  ["ln -sfn ../outside link-in; cd link-in; cat secret.txt", "ask", ["#UNRESOLVED_CWD"]],
  ["ln -sfn src/sub link-in", "allow", ["unknown $P/src/sub"]],
  ["ln -sf ../README.md link-in", "allow", ["unknown $P/README.md"]],
  ["ln -sT docs/guide.md g", "allow", ["unknown $P/docs/guide.md"]],
  // Copies of symlinks are symlinks (-d, -P, -a, -r), and -s makes one; a plain cp makes files.
  ["ln -s ../outside src/x; cp -dT src/x link-in; cat link-in/secret.txt", "ask", ["#UNRESOLVED_PATH"]],
  ["ln -s ../outside/secret.txt src/x && cp -P src/x y && cat y", "ask", ["#UNRESOLVED_PATH"]],
  ["ln -s ../../outside/secret.txt src/sub/x; cp -a src/sub/x build/ && cat build/x", "ask", ["#UNRESOLVED_PATH"]],
  ["ln -s ../../outside src/sub/x; cp -a src/sub/x build/; cd build/x; find . -delete", "ask", ["#UNRESOLVED_CWD"]],
  ["cp -s README.md r; cat r", "ask", ["#UNRESOLVED_PATH"]],
  ["cp README.md r && cat r", "allow", ["read $P/r"]],
  ["cp -a docs/guide.md g && cat g", "allow", ["read $P/g"]],
  ["install -D /dev/null ~/x", "ask", ["write $H/x"]],
  ["install -m 644 README.md docs/", "allow", ["read $P/README.md", "write $P/docs"]],
  ["install -d build/a build/b", "allow", ["write $P/build/a", "write $P/build/b"]],
  ["install -d ~/bin/tool", "ask", ["write $H/bin/tool"]],
]);

table("removing, creating, changing", box, [
  ["rm -rf ~/x", "ask", ["write $H/x"]],
  ["rm -rf build/", "allow", ["write $P/build"]],
  ["rm -rf ./link-out/", "ask", ["write $O"]],
  ["rm link-out", "ask", ["write $O"]],
  ["rm -- -rf", "allow", ["write $P/-rf"]],
  ["rmdir ../outside/dir", "ask", ["write $O/dir"]],
  ["mkdir -p build/x", "allow", ["write $P/build/x"]],
  // -p creates the missing directories above too: the highest of them is written.
  ["mkdir -p ~/foo/bar/baz", "ask", ["write $H/foo/bar/baz", "write $H/foo"]],
  ["mkdir -p ../newtop/x", "ask", ["write $T/work/newtop"]],
  ["mkdir -p src/new/dir", "allow", ["write $P/src/new"]],
  ["mkdir a/b", "allow", ["write $P/a/b", "!* $P/a"]],
  ["mkdir -m 700 ~/.secret", "ask", ["write $H/.secret"]],
  ["touch -r ~/.bashrc x", "ask", ["read $H/.bashrc", "write $P/x"]],
  ["touch -d tomorrow x", "allow", ["write $P/x"]],
  ["truncate -s0 ~/x", "ask", ["write $H/x"]],
  ["truncate -s 0 build/log", "allow"],
  ["shred -u ~/x", "ask", ["write $H/x"]],
  ["shred -n 3 build/x", "allow"],
  ["unlink ~/x", "ask", ["write $H/x"]],
  ["unlink build/x", "allow"],
  ["chmod 600 ~/.ssh/id_rsa", "ask", ["write $H/.ssh/id_rsa"]],
  ["chmod +x scripts/build.sh", "allow", ["write $P/scripts/build.sh"]],
  ["chmod -R 755 ../outside", "ask", ["write $O"]],
  ["chmod -x ~/bin", "ask", ["unknown $H/bin"]],
  ["chmod --reference ~/.bashrc src/main.ts", "ask", ["read $H/.bashrc"]],
  // bash does not expand ~ after `--reference=`: to the kernel the file is ./~/.bashrc, but a
  // name that still starts with ~ is judged as the home directory too (test/core.test.ts).
  ["chmod --reference=~/.bashrc src/main.ts", "ask", ["read $P/~/.bashrc", "read $H/.bashrc"]],
  ["chmod u=rw,go= README.md", "allow"],
  ["chown -R user:group ../outside", "ask", ["write $O"]],
  ["chown user src/main.ts", "allow", ["write $P/src/main.ts"]],
  ["chgrp staff ~/x", "ask", ["write $H/x"]],
  ["mkfifo ~/pipe", "ask", ["write $H/pipe"]],
  ["mkfifo build/pipe", "allow"],
  // Every operand is made (strace: mknodat for each).
  ["mkfifo build/pipe ../pipe", "ask", ["write $P/build/pipe", "write $T/work/pipe"]],
  ["mknod build/node p", "allow", ["write $P/build/node"]],
]);

table("reading and listing", box, [
  ["ls -la ../outside", "ask", ["list $O"]],
  ["ls -R link-out", "ask", ["list $O"]],
  ["ls -RL src", "ask", ["list $O/secret.txt"]],
  ["ls -l src", "allow", ["list $P/src"]],
  // ls -l and -d read a symlink named on the command line, not where it leads (lstat and
  // readlink under strace, coreutils 9.1): the link's directory is what is listed.
  ["ls -l link-out", "allow", ["list $P", "!list $O"]],
  ["ls -ld link-out rel-out", "allow", ["list $P", "!list $O"]],
  ["ls -l src/secret-link", "allow", ["list $P/src", "!* $O/secret.txt"]],
  ["ls -lR link-out", "allow", ["!list $O"]],
  ["ls -l -- link-out", "allow", ["!list $O"]],
  // …but it follows with -L, -H, without -l/-d, through a trailing slash, with -f, and the
  // guard keeps following where ls may look at the target (-F, -p, --color, --hyperlink).
  ["ls link-out", "ask", ["list $O"]],
  ["ls -l link-out/", "ask", ["list $O"]],
  ["ls -lL link-out", "ask", ["list $O"]],
  ["ls -Hl link-out", "ask", ["list $O"]],
  ["ls -lf link-out", "ask", ["list $O"]],
  ["ls -lF link-out", "ask", ["list $O"]],
  ["ls -lp link-out", "ask", ["list $O"]],
  ["ls -l --color=always link-out", "ask", ["list $O"]],
  ["ls -l --col=always link-out", "ask", ["list $O"]],
  ["ls -l --hyperlink link-out", "ask", ["list $O"]],
  ["ls -l dir-out/file.txt", "ask", ["list $O/dir/file.txt"]],
  ["ls -l link-out/../x", "ask", ["list $T/work/x"]],
  ["ls -ld ../outside", "ask", ["list $O"]],
  ["ls --color=auto -1 docs", "allow"],
  ["ls -I '*.md' docs", "allow"],
  ["du -sh ~", "ask", ["list $H"]],
  ["du -sL src", "ask", ["list $O/secret.txt"]],
  ["du -sh src", "allow"],
  ["du --exclude-from ~/.bashrc src", "ask", ["read $H/.bashrc"]],
  ["tree -L 2 src", "allow"],
  ["tree -l src", "ask", ["list $O/secret.txt"]],
  ["tree -o ../tree.txt", "ask", ["write $T/work/tree.txt"]],
  ["head -n 5 ~/.bashrc", "ask", ["read $H/.bashrc"]],
  ["head -5 README.md", "allow"],
  ["tail -f ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["tail -n +2 README.md", "allow"],
  ["stat -c %s ~/.bashrc", "ask", ["read $H/.bashrc"]],
  ["df -h /", "ask", ["read /"]],
  ["file -b ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["wc --files0-from=../list src/main.ts", "ask", ["read $T/work/list"]],
  ["sha256sum ~/.ssh/id_rsa", "ask", ["read $H/.ssh/id_rsa"]],
  ["sha256sum -c SHA256SUMS", "ask", ["#UNRESOLVED_WORD"]],
  // A list on standard input is read when the guard sees it (sha256sum opens /etc/shadow here).
  ["echo 'e3b0c442  /etc/shadow' | sha256sum -c", "ask", ["read /etc/shadow"]],
  ["sha256sum -c <<< 'e3b0c442  ../outside/secret.txt'", "ask", ["read $O/secret.txt"]],
  ["some_tool | sha256sum -c", "ask", ["#UNRESOLVED_WORD"]],
  ["echo 'e3b0c442  src/main.ts' | sha256sum -c", "allow", ["read $P/src/main.ts"]],
  // A line whose digest is no hex or base64 word is rejected: nothing is opened (strace).
  ["echo known_sha256_checksum_of_the_file src/main.ts | sha256sum --check", "allow", ["!read $P/src/main.ts"]],
  ["md5sum README.md", "allow"],
  ["realpath ../outside", "ask", ["read $O"]],
  ["readlink -f link-out", "ask", ["read $O"]],
  ["readlink link-in", "allow"],
  ["diff -u ~/.bashrc README.md", "ask", ["read $H/.bashrc"]],
  ["diff -r src docs", "ask", ["read $O/secret.txt"]],
  ["diff -r --no-dereference src docs", "allow"],
  ["diff README.md docs/guide.md", "allow"],
  ["cmp ~/.bashrc README.md", "ask", ["read $H/.bashrc"]],
  ["comm -12 README.md docs/guide.md", "allow"],
  ["xxd ~/.ssh/id_rsa", "ask", ["read $H/.ssh/id_rsa"]],
  ["xxd -r dump.hex ../out.bin", "ask", ["write $T/work/out.bin"]],
  ["xxd -c 16 README.md dump.hex", "allow", ["write $P/dump.hex"]],
  ["od -c ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  // od -w[BYTES]: the width is glued or absent; a separate word is a file.
  ["od -w ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["od -w16 README.md", "allow", ["read $P/README.md"]],
  ["less ~/.bashrc", "ask", ["read $H/.bashrc"]],
  ["bat --paging=never src/main.ts", "allow"],
]);

table("text tools", box, [
  ["sort -o ~/x README.md", "ask", ["write $H/x"]],
  ["sort -o sorted.txt README.md", "allow", ["write $P/sorted.txt", "read $P/README.md"]],
  // A long option glued to a value that is not known (what git log prints) is still that option:
  // its value is judged in its role.
  ['sort --output="$(git log -1 --format=%s)" README.md', "ask", ["write ?", "read $P/README.md"]],
  ['ls --color="$(git log -1 --format=%s)" src', "allow", ["list $P/src"]],
  ["git commit --date=\"`date --date='2 day ago'`\" -m x", "allow"],
  ['git log --since="$(date -d yesterday)" --oneline', "allow"],
  ['git log --output="$(git log -1 --format=%s)"', "ask", ["#UNRESOLVED_WORD"]],
  ['tar --directory="$(git log -1 --format=%s)" -xf a.tar', "ask", ["cwd ?"]],
  ['cp --target-directory="$(git log -1 --format=%s)" README.md', "ask", ["#UNRESOLVED_WORD"]],
  ["sort -T /tmp README.md", "ask", ["write /tmp"]],
  ["sort -k 2 -t , ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  // The compressor is fed sort's temporary data: `sh` would run the file being sorted.
  ["sort -S 1 --compress-program=sh README.md", "ask", ["#OPAQUE_CODE"]],
  ["sort --compress-program='cat /etc/passwd' README.md", "ask", ["#OPAQUE_CODE"]],
  // man pages are names; -l and names with a slash are files; -P and -H run programs.
  ["man ls", "allow"],
  ["man 5 passwd", "allow"],
  ["man -k printf", "allow"],
  ["man ./docs/tool.1", "allow", ["read $P/docs/tool.1"]],
  ["man ../outside/tool.1", "ask", ["read $O/tool.1"]],
  ["man -l ../outside/tool.1", "ask", ["read $O/tool.1"]],
  ["man -P 'cat /etc/passwd' ls", "ask", ["#OPAQUE_CODE"]],
  ["man --html=firefox ls", "ask", ["#OPAQUE_CODE"]],
  // Programs whose input is code: dc's `!`, m4's syscmd and include, ed's `!`, `r` and `w`.
  ["dc --expression '10 k 5 3 / p'", "allow"],
  ["dc -e '!cat /etc/passwd'", "ask", ["#OPAQUE_CODE"]],
  ["echo '!cat /etc/passwd' | dc", "ask", ["#OPAQUE_CODE"]],
  ["dc -f calc.dc", "ask", ["#OPAQUE_CODE"]],
  ["m4 macros.m4", "ask", ["#OPAQUE_CODE"]],
  ["echo '!cat /etc/passwd' | ed -s README.md", "ask", ["#OPAQUE_CODE"]],
  ["printf 'r /etc/passwd\\nw\\n' | ed README.md", "ask", ["#OPAQUE_CODE"]],
  ["bc <<< '1+2'", "allow"],
  // A pager's `+command` runs it; moving to a line or a pattern does not.
  ["less +'!cat /etc/passwd' README.md", "ask", ["#INLINE_CODE"]],
  ["less '+|cat /etc/passwd' README.md", "ask", ["#INLINE_CODE"]],
  ["more +v README.md", "ask", ["#INLINE_CODE"]],
  ["less +G README.md", "allow"],
  ["less +50 README.md", "allow"],
  ["less +/TODO README.md", "allow"],
  ["more +/x README.md", "allow"],
  ["uniq README.md ~/out", "ask", ["read $P/README.md", "write $H/out"]],
  ["uniq -c README.md out.txt", "allow", ["write $P/out.txt"]],
  ["cut -d: -f1 /etc/passwd", "ask", ["read /etc/passwd"]],
  ["cut -d / -f 2 README.md", "allow"],
  ["paste -d, a.txt ~/b.txt", "ask", ["read $H/b.txt"]],
  ["tr 'a-z' 'A-Z'", "allow"],
  ["tr / _ < README.md", "allow"],
  ["tee -a ~/x", "ask", ["write $H/x"]],
  ["tee build/log.txt", "allow", ["write $P/build/log.txt"]],
  ["echo /etc/passwd", "allow"],
  ["echo -e '../x\\n' ~/y", "allow"],
  ["printf '%s\\n' /etc/hosts ~/.ssh", "allow"],
  ["printf -v out '%s' ../x", "allow"],
  ["dd if=/dev/zero of=~/x bs=1M count=1", "ask", ["write $H/x"]],
  ["dd if=~/.ssh/id_rsa of=key.bak", "ask", ["read $H/.ssh/id_rsa", "write $P/key.bak"]],
  ["dd if=/dev/zero of=build/img bs=1k count=1", "allow"],
  ["split -l 100 ~/.bashrc part", "ask", ["read $H/.bashrc"]],
  ["split -l 100 README.md ../part", "ask", ["write $T/work/part"]],
  ["split -b 1k README.md build/part", "allow"],
  ["split --filter='cat > ~/x' README.md", "ask", ["write $H/x"]],
  ["csplit -f ../piece README.md /x/", "ask", ["write $T/work/piece"]],
  ["base64 -d ~/enc", "ask", ["read $H/enc"]],
  ["nl -ba README.md", "allow"],
  ["fold -w 80 ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["rev README.md", "allow"],
]);

// Commands whose words are mostly not files, with the few that are: they were all taken to
// name no file at all, and `shuf ~/.ssh/id_rsa` was allowed.
// split and csplit write PREFIXaa, PREFIX00, … beside the prefix: its directory is written.
table("split's prefix names a directory's files", box, [["split -b 1k README.md rel-out/secret.txt", "ask", [
  "write $O",
]], ["csplit -f ../outside/p README.md 1", "ask", ["write $O"]], ["split -l 1 README.md build/part", "allow", [
  "write $P/build",
]], ["split README.md", "allow"]]);

table("informational commands and the files some of their words name", box, [
  ["shuf ~/.ssh/id_rsa", "ask", ["read $H/.ssh/id_rsa"]],
  ["shuf -o ../outside/x README.md", "ask", ["write $O/x"]],
  ["shuf --random-source=../outside/secret.txt -n1 README.md", "ask", ["read $O/secret.txt"]],
  ["tsort ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["who ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["wall ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["last -f ../outside/secret.txt", "ask", ["* $O/secret.txt"]],
  ["journalctl --file=../outside/x", "ask", ["* $O/x"]],
  ["journalctl -D ../outside", "ask", ["* $O"]],
  ["dig -f ../outside/names", "ask", ["read $O/names"]],
  ["ip -batch ../outside/batch", "ask", ["read $O/batch"]],
  ["ip netns exec blue cat /etc/passwd", "ask", ["#OPAQUE_CODE"]],
  ["systemctl --root=../outside list-units", "ask", ["unknown $O"]],
  ["systemctl edit foo.service", "ask", ["#OPAQUE_CODE"]],
  ["apt-get -o Dir::Etc::sourcelist=../outside/x update", "ask", ["* $O/x"]],
  ["apt install ../outside/x.deb", "ask", ["read $O/x.deb"]],
  // apt.conf keys that run commands through sh -c (apt.conf(5)), or programs, or dpkg's options.
  ["apt-get -o 'APT::Update::Pre-Invoke::=touch marker' update", "ask", ["#OPAQUE_CODE"]],
  ["apt-get -oDPkg::Pre-Invoke::=x install foo", "ask", ["#OPAQUE_CODE"]],
  ["apt -o DPkg::Post-Invoke::=x install foo", "ask", ["#OPAQUE_CODE"]],
  ["apt-get --option=DPkg::Pre-Install-Pkgs::=x install foo", "ask", ["#OPAQUE_CODE"]],
  ["apt-get -o APT::Update::Post-Invoke-Success::=x update", "ask", ["#OPAQUE_CODE"]],
  ["apt-get -o Dpkg::Tools::Options::x::Version=3 install foo", "ask", ["#OPAQUE_CODE"]],
  ["apt-get -o Binary::apt-get::Acquire::http::Proxy-Auto-Detect=/x update", "ask", ["#OPAQUE_CODE"]],
  ["apt-get -o Dpkg::Options::=--pre-invoke=x install foo", "ask", ["#OPAQUE_CODE"]],
  ["apt-get -o Dir::Bin::dpkg=./d install foo", "ask", ["#OPAQUE_CODE"]],
  ["apt-get -o APT::Compressor::xz::Binary=./x update", "ask", ["#OPAQUE_CODE"]],
  ["apt-cache -o APT::Update::Pre-Invoke::=x show foo", "ask", ["#OPAQUE_CODE"]],
  ["apt-mark -o DPkg::Pre-Invoke::=x hold foo", "ask", ["#OPAQUE_CODE"]],
  ['apt-get -o "$X" update', "ask", ["#UNRESOLVED_WORD"]],
  // Dir::… values: ./, ../, / resolve against the working directory, others under Dir (/).
  ["apt-get -o Dir::Cache=cache update", "ask", ["* /cache"]],
  ["apt-get -o Dir=../outside update", "ask", ["* $O"]],
  ["apt-get -o Dir=../outside -o Dir::State::status=s update", "ask", ["* $O/s"]],
  ["apt-get -c ../outside/x update", "ask", ["read $O/x"]],
  ["apt-get -c apt.conf update", "ask", ["#UNRESOLVED_WORD"]],
  ["APT_CONFIG=apt.conf apt-get update", "ask", ["#UNRESOLVED_WORD"]],
  ["apt-get -o Acquire::https::CaInfo=../outside/ca.pem update", "ask", ["* $O/ca.pem"]],
  ["apt-mark -f ../outside/s auto foo", "ask", ["write $O/s"]],
  ["apt edit-sources", "ask", ["#OPAQUE_CODE"]],
  ["info -f ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["cowsay -f ../outside/x.cow hi", "ask", ["unknown $O/x.cow"]],
  ["which ../outside/x", "ask", ["unknown $O/x"]],
  ["shuf -n 3 README.md", "allow", ["read $P/README.md"]],
  ["dig -x 1.2.3.4 +short", "allow"],
  ["dig example.com A", "allow"],
  ["ps -o pid= -p 1", "allow"],
  ["kill -9 1234", "allow"],
  ["pkill -f 'node server'", "allow"],
  // What holds a port or a file, and the machine's counters: they change no file, so a script
  // run after them is read as it is (a program nobody described may have rewritten it).
  ["lsof -ti:3000 | xargs -r kill -9; bash scripts/build.sh", "allow", ["#SCRIPT_INTERPRETED"]],
  ["lsof -t -i tcp:3000 -sTCP:LISTEN; fuser -k 3000/tcp; bash scripts/build.sh", "allow", ["#SCRIPT_INTERPRETED"]],
  ["vmstat 1 3; iostat -x 1 2; traceroute -n example.com; dmesg | tail; bash scripts/build.sh", "allow", [
    "#SCRIPT_INTERPRETED",
  ]],
  ["hostname; hostname -I; bash scripts/build.sh", "allow", ["#SCRIPT_INTERPRETED"]],
  // Files and directories they are given are looked at; setting the machine's name or clearing
  // the kernel's log is outside every project.
  ["lsof +D ../outside", "ask", ["* $O"]],
  ["lsof ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["fuser -v ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["hostname box", "ask", ["#OUTSIDE_EFFECT"]],
  ["hostname -F ../outside/secret.txt", "ask", ["#OUTSIDE_EFFECT"]],
  ["dmesg -C", "ask", ["#OUTSIDE_EFFECT"]],
  ["dmesg --read-clear | tail", "ask", ["#OUTSIDE_EFFECT"]],
  ["uname -a; id -u; whoami; nproc; free -h; uptime", "allow"],
  // getconf asks pathconf(3) about its PATH (strace: statfs of it).
  ["getconf -a ../outside", "ask", ["read $O"]],
  ["getconf NAME_MAX ../outside", "ask", ["read $O"]],
  ["getconf PAGESIZE", "allow"],
  ["getconf -a | grep CACHE", "allow"],
  // The machine's name, clock and zone are outside every project, as for date -s.
  ["timedatectl set-time '2020-01-01 00:00'", "ask", ["#OUTSIDE_EFFECT"]],
  ["hostnamectl set-hostname box", "ask", ["#OUTSIDE_EFFECT"]],
  ["hostnamectl hostname box", "ask", ["#OUTSIDE_EFFECT"]],
  ["hostnamectl; timedatectl status; hostnamectl hostname", "allow"],
  ["systemctl status nginx", "allow"],
  ["journalctl -u nginx --since today", "allow"],
  // Installing for the system writes outside the project (test/commands/system.test.ts); these
  // -o keys neither run a program nor name a place.
  ["apt-get install -y curl", "ask", ["#OUTSIDE_EFFECT", "!#OPAQUE_CODE"]],
  ["apt-get -o Dpkg::Options::=--force-confold -o Dpkg::Options::=--force-confdef install -y curl", "ask", [
    "#OUTSIDE_EFFECT",
    "!#OPAQUE_CODE",
  ]],
  ["apt-get -o Debug::pkgProblemResolver=true -o APT::Get::Assume-Yes=true -o Dpkg::Progress-Fancy=1 install curl",
    "ask", ["#OUTSIDE_EFFECT", "!#OPAQUE_CODE"]],
  ["apt-get -o Acquire::http::Proxy=http://proxy:3128/ -qq update", "ask", ["#OUTSIDE_EFFECT", "!#OPAQUE_CODE"]],
  // Dir= moves every place apt writes under it: into the project here.
  ["apt-get -o Dir=. -o Dir::Cache=cache update", "allow"],
  ["apt-cache policy curl", "allow"],
  ["apt-mark hold curl", "ask", ["#OUTSIDE_EFFECT"]],
  ["apt-config dump", "allow"],
  ["which python3", "allow"],
]);

table("time, temporary files and the rest", box, [
  ["mktemp", "ask", ["write /tmp/tmp.XXXXXXXXXX"]],
  ["mktemp -d", "ask", ["write /tmp/tmp.XXXXXXXXXX"]],
  // -u prints a name and creates nothing.
  ["mktemp -u -t tmp.XXXX", "allow"],
  ["fn=$(mktemp -u -t 'XXXXXX')", "allow"],
  ["mktemp -p build x.XXXX", "allow", ["write $P/build/x.XXXX"]],
  // With -p DIR the template may hold slashes; -t and --tmpdir create in $TMPDIR, else /tmp.
  ["mktemp -p . ../outside/x.XXXX", "ask", ["write $O/x.XXXX"]],
  ["mktemp --tmpdir=. ../outside/x.XXXX", "ask", ["write $O/x.XXXX"]],
  ["mktemp -d -p . ../outside/x.XXXX", "ask", ["write $O/x.XXXX"]],
  ["mktemp -t x.XXXX", "ask", ["write /tmp/x.XXXX"]],
  ["mktemp --tmpdir x.XXXX", "ask", ["write /tmp/x.XXXX"]],
  ["mktemp -t -p build x.XXXX", "allow", ["write $P/build/x.XXXX"]],
  ["mktemp -d -p build", "allow", ["write $P/build/tmp.XXXXXXXXXX"]],
  ["mktemp build/x.XXXXXX", "allow", ["write $P/build/x.XXXXXX"]],
  ["TMPDIR=build; mktemp -t x.XXXX", "allow"],
  ["date -r ~/.bashrc", "ask", ["read $H/.bashrc"]],
  ["date -f ../dates", "ask", ["read $T/work/dates"]],
  ["date +%Y-%m-%d", "allow"],
  ["date -d '2 days ago'", "allow"],
  // TZ="NAME" at the start of a date string: glibc opens NAME, absolute or under
  // /usr/share/zoneinfo (strace of date 9.1).
  ["date -d 'TZ=\"$O/secret.txt\" now'", "ask", ["read $O/secret.txt"]],
  ["date -d ' TZ=\":$H/.bashrc\" now' +%s", "ask", ["read $H/.bashrc"]],
  ["date --date='TZ=\"../../../../etc/shadow\" now'", "ask", ["read /etc/shadow"]],
  ["date -d 'TZ=\"Europe/Paris\" now'", "allow"],
  ['date -d "TZ=\\"$X\\" now"', "ask", ["#UNRESOLVED_WORD"]],
  ['date -d "$X"', "ask", ["#UNRESOLVED_WORD"]],
  ['date -d "@$(stat -c %Y README.md)"', "allow"],
  ["date -d 'now TZ=\"/etc/shadow\"'", "allow"],
  // Setting the clock changes the system (clock_settime under strace), whatever the roots say.
  ["date -s '2020-01-01'", "ask", ["#OUTSIDE_EFFECT"]],
  ["date --set='2020-01-01 00:00'", "ask", ["#OUTSIDE_EFFECT"]],
  ["date -us 2020-01-01", "ask", ["#OUTSIDE_EFFECT"]],
  ["sudo date --set 2020-01-01", "ask", ["#OUTSIDE_EFFECT"]],
  // -I[FMT] takes only a glued value: `-Iseconds` is ISO output, not -I -s econds.
  ["date -u -Iseconds", "allow"],
  ["date -Is -d yesterday", "allow"],
  ["date -I -s 2020-01-01", "ask", ["#OUTSIDE_EFFECT"]],
  ["date -Iseconds -s 2020-01-01", "ask", ["#OUTSIDE_EFFECT"]],
  ["basename /etc/passwd .txt", "allow"],
  ["dirname ~/.ssh/id_rsa", "allow"],
  ["seq 1 10", "allow"],
  ["sleep 1", "allow"],
  ["whoami", "allow"],
  ["uname -a", "allow"],
  ["ps aux", "allow"],
  ["kill -9 1234", "allow"],
  ["pgrep -f /usr/bin/node", "allow"],
  ["which python3", "allow"],
  ["bc ~/calc.txt", "ask", ["read $H/calc.txt"]],
  ["bc -l <<< '1+2'", "allow"],
  ["test -f ~/.ssh/id_rsa && echo yes", "ask", ["read $H/.ssh/id_rsa"]],
  ["[ -d ../outside ]", "ask", ["read $O"]],
  ['[ "$x" = /etc/passwd ]', "allow"],
  ["test ~/.bashrc -nt README.md", "ask", ["read $H/.bashrc"]],
  ['[ -n /etc ] && [ -z "$HOME" ]', "allow"],
]);

// Checksum lists (src/commands/table/checksums.ts): a list inside the project is read and every
// name in it judged as a read from the working directory, as sha256sum opens them.
const withLists = useSandbox((fx) => {
  const h = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
  mkdirSync(join(fx.project, "sums"), { recursive: true });
  const files: Record<string, string> = { "SHA256SUMS": `${h}  README.md\n${h} *src/main.ts\n\n`,
    "tagged.sha256": `SHA256 (README.md) = ${h}\n`, "out.sha256": `${h}  ../outside/secret.txt\n`,
    "abs.md5": `d41d8cd98f00b204e9800998ecf8427e  /etc/shadow\n`, "tagged-out.sha256": `SHA256 (/etc/shadow) = ${h}\n`,
    "escaped.sha256": `\\${h}  a\\nb\n`, "odd.sha256": "not a checksum line\n",
    "sums/list.sha256": `${h}  README.md\n` };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(fx.project, name), text);
  return {};
});

table("checksum lists are read", withLists, [
  ["sha256sum -c SHA256SUMS", "allow", ["read $P/README.md", "read $P/src/main.ts"]],
  ["sha256sum --check --quiet tagged.sha256", "allow", ["read $P/README.md"]],
  ["sha256sum -c out.sha256", "ask", ["read $O/secret.txt"]],
  ["md5sum -c abs.md5", "ask", ["read /etc/shadow"]],
  ["sha256sum -c tagged-out.sha256", "ask", ["read /etc/shadow"]],
  ["sha256sum -c escaped.sha256", "ask", ["#UNRESOLVED_WORD"]],
  ["sha256sum -c odd.sha256", "ask", ["#UNRESOLVED_WORD"]],
  // Names are opened from the working directory, not from the list's.
  ["sha256sum -c sums/list.sha256", "allow", ["read $P/README.md", "!read $P/sums/README.md"]],
  ["cd src && sha256sum -c ../SHA256SUMS", "allow", ["read $P/src/README.md"]],
  ["sha256sum -c ../outside/SHA256SUMS", "ask", ["read $O/SHA256SUMS"]],
  // Written earlier in the command: what it will hold is not what is there now.
  ["echo x > SHA256SUMS && sha256sum -c SHA256SUMS", "ask", ["#UNRESOLVED_WORD"]],
  // A list in a directory that does not exist cannot be opened, unless an earlier command made it.
  ["sha256sum -c missing/dir/x.sha256", "allow"],
  ["mkdir -p missing/dir && sha256sum -c missing/dir/x.sha256", "ask", ["#UNRESOLVED_WORD"]],
  ["sha256sum -c missing.sha256", "ask", ["#UNRESOLVED_WORD"]],
  ["sha256sum -c < SHA256SUMS", "allow", ["read $P/README.md", "read $P/src/main.ts"]],
  ["sha256sum -c - < out.sha256", "ask", ["read $O/secret.txt"]],
]);
