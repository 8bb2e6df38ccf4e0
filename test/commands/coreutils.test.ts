// Coreutils and friends: for every entry with path semantics, a case that reaches outside (not
// allow, with the access that justifies it) and one that stays inside (allow).

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
  ["ln -s ../../outside src/x", "ask", ["unknown $O"]],
  ["ln -s ../README.md src/readme", "allow", ["unknown $P/README.md", "write $P/src/readme", "!* $T/work/README.md"]],
  // src is a directory: the link is src/README.md, and ../README.md is read from there.
  ["ln -s ../README.md src", "allow", ["unknown $P/README.md", "!* $T/work/README.md"]],
  ["ln -s ../README.md new-link", "ask", ["unknown $T/work/README.md"]],
  ["ln -sr docs/guide.md src/guide", "allow", ["unknown $P/docs/guide.md"]],
  ["ln -s -t src ../README.md", "allow", ["unknown $P/README.md"]],
  ["ln -s ../../x src/", "ask", ["unknown $T/work/x"]],
  ["ln -sf /dev/null ~/x", "ask", ["write $H/x"]],
  ["ln README.md hard", "allow", ["unknown $P/README.md", "write $P/hard"]],
  ["ln -s /etc", "ask", ["unknown /etc"]],
  ["ln -st docs ../README.md", "allow", ["unknown $P/README.md"]],
  ["install -D /dev/null ~/x", "ask", ["write $H/x"]],
  ["install -m 644 README.md docs/", "allow", ["read $P/README.md", "write $P/docs"]],
  ["install -d build/a build/b", "allow", ["write $P/build/a", "write $P/build/b"]],
  ["install -d ~/bin/tool", "ask", ["write $H/bin/tool"]],
]);

table("removing, creating, changing", box, [
  ["rm -rf ~/x", "ask", ["write $H/x"]],
  ["rm -rf build/", "allow", ["write $P/build"]],
  ["rm -rf ./link-out/", "ask", ["write $O"]],
  ["rm link-out", "ask"],
  ["rm -- -rf", "allow", ["write $P/-rf"]],
  ["rmdir ../outside/dir", "ask", ["write $O/dir"]],
  ["mkdir -p build/x", "allow", ["write $P/build/x"]],
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
  ["chmod -x ~/bin", "ask"],
  ["chmod --reference ~/.bashrc src/main.ts", "ask", ["read $H/.bashrc"]],
  // bash does not expand ~ after `--reference=`: the file is ./~/.bashrc.
  ["chmod --reference=~/.bashrc src/main.ts", "allow", ["read $P/~/.bashrc"]],
  ["chmod u=rw,go= README.md", "allow"],
  ["chown -R user:group ../outside", "ask", ["write $O"]],
  ["chown user src/main.ts", "allow", ["write $P/src/main.ts"]],
  ["chgrp staff ~/x", "ask", ["write $H/x"]],
  ["mkfifo ~/pipe", "ask", ["write $H/pipe"]],
  ["mkfifo build/pipe", "allow"],
]);

table("reading and listing", box, [
  ["ls -la ../outside", "ask", ["list $O"]],
  ["ls -R link-out", "ask", ["list $O"]],
  ["ls -RL src", "ask", ["list $O/secret.txt"]],
  ["ls -l src", "allow", ["list $P/src"]],
  ["ls --color=auto -1 docs", "allow"],
  ["ls -I '*.md' docs", "allow"],
  ["du -sh ~", "ask", ["list $H"]],
  ["du -sL src", "ask"],
  ["du -sh src", "allow"],
  ["du --exclude-from ~/.bashrc src", "ask", ["read $H/.bashrc"]],
  ["tree -L 2 src", "allow"],
  ["tree -l src", "ask"],
  ["tree -o ../tree.txt", "ask", ["write $T/work/tree.txt"]],
  ["head -n 5 ~/.bashrc", "ask", ["read $H/.bashrc"]],
  ["head -5 README.md", "allow"],
  ["tail -f ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["tail -n +2 README.md", "allow"],
  ["stat -c %s ~/.bashrc", "ask", ["read $H/.bashrc"]],
  ["df -h /", "ask"],
  ["file -b ../outside/secret.txt", "ask"],
  ["wc --files0-from=../list src/main.ts", "ask", ["read $T/work/list"]],
  ["sha256sum ~/.ssh/id_rsa", "ask", ["read $H/.ssh/id_rsa"]],
  ["sha256sum -c SHA256SUMS", "ask", ["#UNRESOLVED_WORD"]],
  ["md5sum README.md", "allow"],
  ["realpath ../outside", "ask"],
  ["readlink -f link-out", "ask"],
  ["readlink link-in", "allow"],
  ["diff -u ~/.bashrc README.md", "ask", ["read $H/.bashrc"]],
  ["diff -r src docs", "ask", ["read $O/secret.txt"]],
  ["diff -r --no-dereference src docs", "allow"],
  ["diff README.md docs/guide.md", "allow"],
  ["cmp ~/.bashrc README.md", "ask"],
  ["comm -12 README.md docs/guide.md", "allow"],
  ["xxd ~/.ssh/id_rsa", "ask", ["read $H/.ssh/id_rsa"]],
  ["xxd -r dump.hex ../out.bin", "ask", ["write $T/work/out.bin"]],
  ["xxd -c 16 README.md dump.hex", "allow", ["write $P/dump.hex"]],
  ["od -c ../outside/secret.txt", "ask"],
  ["less ~/.bashrc", "ask"],
  ["bat --paging=never src/main.ts", "allow"],
]);

table("text tools", box, [
  ["sort -o ~/x README.md", "ask", ["write $H/x"]],
  ["sort -o sorted.txt README.md", "allow", ["write $P/sorted.txt", "read $P/README.md"]],
  ["sort -T /tmp README.md", "ask", ["write /tmp"]],
  ["sort -k 2 -t , ../outside/secret.txt", "ask"],
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
  ["uniq README.md ~/out", "ask", ["read $P/README.md", "write $H/out"]],
  ["uniq -c README.md out.txt", "allow", ["write $P/out.txt"]],
  ["cut -d: -f1 /etc/passwd", "ask", ["read /etc/passwd"]],
  ["cut -d / -f 2 README.md", "allow"],
  ["paste -d, a.txt ~/b.txt", "ask"],
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
  ["split --filter='cat > ~/x' README.md", "ask"],
  ["csplit -f ../piece README.md /x/", "ask", ["write $T/work/piece"]],
  ["base64 -d ~/enc", "ask"],
  ["nl -ba README.md", "allow"],
  ["fold -w 80 ../outside/secret.txt", "ask"],
  ["rev README.md", "allow"],
]);

table("time, temporary files and the rest", box, [
  ["mktemp", "ask", ["write /tmp/tmp.XXXXXXXXXX"]],
  ["mktemp -d", "ask"],
  ["mktemp -p build x.XXXX", "allow", ["write $P/build"]],
  ["mktemp build/x.XXXXXX", "allow", ["write $P/build/x.XXXXXX"]],
  ["TMPDIR=build; mktemp -t x.XXXX", "allow"],
  ["date -r ~/.bashrc", "ask", ["read $H/.bashrc"]],
  ["date -f ../dates", "ask"],
  ["date +%Y-%m-%d", "allow"],
  ["date -d '2 days ago'", "allow"],
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
  ["bc ~/calc.txt", "ask"],
  ["bc -l <<< '1+2'", "allow"],
  ["test -f ~/.ssh/id_rsa && echo yes", "ask", ["read $H/.ssh/id_rsa"]],
  ["[ -d ../outside ]", "ask", ["read $O"]],
  ["[ \"$x\" = /etc/passwd ]", "allow"],
  ["test ~/.bashrc -nt README.md", "ask", ["read $H/.bashrc"]],
  ["[ -n /etc ] && [ -z \"$HOME\" ]", "allow"],
]);
