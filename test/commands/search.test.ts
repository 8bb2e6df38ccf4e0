// grep, ripgrep, ag, ack, fd and locate: patterns are not paths, searched files are read,
// recursion follows symlinks only where the tool does.

import { table, useSandbox } from "../support/table.ts";

const box = useSandbox();

table("grep", box, [["grep -E 'a/b' src", "allow", ["read $P/src", "!* $P/a/b"]], ["grep -E '^/usr/bin' README.md",
  "allow", ["read $P/README.md", "!* /usr/bin"]], ["grep foo ../outside/secret.txt", "ask", ["read $O/secret.txt"]], [
  "grep -e ../x README.md",
  "allow",
  ["!* $T/work/x"],
], ["grep -e foo -e bar ../outside/secret.txt", "ask", ["read $O/secret.txt"]], [
  "grep -f ../outside/secret.txt README.md",
  "ask",
  ["read $O/secret.txt"],
], ["grep -f pats.txt README.md", "allow", ["read $P/pats.txt", "read $P/README.md"]], ["grep -r foo", "allow", [
  "read $P",
]], ["grep -r foo .", "allow", ["read $P"]], ["grep -r foo src", "allow"], ["grep -R foo src", "ask", [
  "read $O/secret.txt",
]], ["grep -R foo", "ask", ["read $O"]], ["grep --dereference-recursive foo docs", "allow"], ["grep -r foo ~", "ask", [
  "read $H",
]], ["grep -rn foo --include='*.ts' --exclude-dir=../x .", "allow"], [
  "grep -r --exclude-from=../outside/secret.txt foo .",
  "ask",
  ["read $O/secret.txt"],
], ["grep -- -x README.md", "allow", ["read $P/README.md"]], ["grep -5 foo README.md", "allow"], ["grep -c ../x",
  "allow"], ["grep -A 3 foo ~/.bashrc", "ask", ["read $H/.bashrc"]], ["grep --color=always foo src/main.ts", "allow"], [
  "egrep 'x|/y' README.md",
  "allow",
], ["fgrep -x ../y README.md", "allow"], ["zgrep foo ~/x.gz", "ask", ["read $H/x.gz"]], ["rgrep foo", "allow", [
  "read $P",
]], ["rgrep foo ~", "ask", ["read $H"]], ["grep foo link-out/secret.txt", "ask", ["read $O/secret.txt"]], [
  "cat README.md | grep -v '^/etc'",
  "allow",
]]);

table("ripgrep", box, [["rg foo", "allow", ["read $P"]], ["rg foo src docs", "allow", ["read $P/src", "read $P/docs"]],
  ["rg 'a/../b' src", "allow"], ["rg foo ../outside", "ask", ["read $O"]], ["rg -L foo", "ask", ["read $O"]], [
  "rg --follow foo src",
  "ask",
  ["read $O/secret.txt"],
], ["rg -L foo docs", "allow"], ["rg --pre cat foo", "ask", ["#OPAQUE_CODE"]], ["rg -g '*.ts' -t ts foo src", "allow"],
  ["rg -g '!../x' foo", "allow"], ["rg -f ../outside/secret.txt src", "ask", ["read $O/secret.txt"]], [
  "rg -e foo -e bar ~/x",
  "ask",
  ["read $H/x"],
], ["rg --files", "allow"], ["rg --files ../outside", "ask", ["read $O"]], ["rg --ignore-file ~/.ignore foo", "ask", [
  "read $H/.ignore",
]], ["rg -r '../x' foo src", "allow"], ["rg -i --max-depth 2 -C 3 'TODO|FIXME'", "allow"]]);

table("ag and ack", box, [
  ["ag foo", "allow", ["read $P"]],
  ["ag foo src", "allow"],
  ["ag -f foo", "ask", ["read $O"]],
  ["ag --pager less foo", "ask", ["#OPAQUE_CODE"]],
  ["ag foo ~/x", "ask", ["read $H/x"]],
  ["ag -p ../outside/secret.txt foo", "ask", ["read $O/secret.txt"]],
  ["ack foo", "allow", ["read $P"]],
  ["ack --follow foo", "ask", ["read $O"]],
  ["ack -f", "allow"],
  ["ack -f ../outside", "ask", ["read $O"]],
  ["ack -x foo", "ask", ["#UNRESOLVED_WORD"]],
  ["ack --ackrc=../outside/secret.txt foo", "ask", ["read $O/secret.txt"]],
  ["ack -i '/usr/lib' src", "allow"],
  // A flag the table mistook for an option with a value would hide the path after it.
  ["ack -C foo ../outside", "ask", ["read $O"]],
]);

table("fd", box, [
  ["fd foo", "allow", ["list $P"]],
  ["fd -e ts . src", "allow", ["list $P/src"]],
  ["fd foo ../outside", "ask", ["list $O"]],
  // -x and -X inside a cluster of flags still run a command per match.
  ["fd -Hx sh -c 'cat ../outside/secret.txt'", "ask", ["read $O/secret.txt"]],
  ["fd -HX rm", "ask", ["* $O", "write $P"]],
  ["fd -Hxcat", "ask", ["* $O/secret.txt", "read $P"]],
  ["fd -tx foo", "allow", ["list $P"]],
  ["fd -L foo", "ask", ["list $O"]],
  ["fd -L foo docs", "allow"],
  ["fd --search-path ~ foo", "ask", ["list $H"]],
  ["fd --base-directory ~ foo", "ask", ["cwd $H"]],
  ["fd --ignore-file ../outside/secret.txt foo", "ask", ["read $O/secret.txt"]],
  ["fd deep src/sub -x cat {}", "allow", ["read $P/src/sub"]],
  ["fd -e txt . ../outside -x rm", "ask", ["write $O"]],
  ["fd -X rm {} \\;", "ask", ["* $O"]],
  ["fdfind foo ~", "ask", ["list $H"]],
  ["fd '^/etc' src", "allow"],
  ["fd --strip-cwd-prefix foo ../outside", "ask", ["list $O"]],
]);

table("locate", box, [["locate /etc/passwd", "allow"], ["plocate -i '*.conf'", "allow"], ["locate -d ~/db foo", "ask", [
  "read $H/db",
]]]);
