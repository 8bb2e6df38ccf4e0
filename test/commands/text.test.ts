// sed, awk, jq, yq, column, pr: the program is not a path, but what it reads, writes and runs is.

import { table, useSandbox } from "../support/table.ts";

const box = useSandbox();

table("sed", box, [
  ["sed -n 1p src/main.ts", "allow", ["read $P/src/main.ts"]],
  // A script every sed refuses opens nothing (GNU sed 4.9, busybox: "unknown command",
  // "unknown option to `s'", and f unchanged) — unless a w file came first, which GNU sed
  // opens while it compiles (`s/a/b/w out` then `‘` made out).
  ["sed -i ‘s/foo/bar/g’ ../outside/x", "allow", ["!* $O/x"]],
  ["sed -i 's/x/y/.' ../outside/x", "allow", ["!* $O/x"]],
  ["sed -n 's/^/http:\/\/127.0.0.1/server/g' ../outside/x", "allow", ["!* $O/x"]],
  ["nl -n ln README.md | sed ...", "allow"],
  ["find . -type f | xargs sed -i ‘s/foo/bar/g’", "allow"],
  ["sed -e 's/a/b/w ../outside/w' -e '‘' README.md", "ask", ["write $O/w"]],
  ["sed -i 's/x/y/ p' ../outside/x", "ask", ["write $O/x"]],
  ["sed -i 's/x/y/;p' ../outside/x", "ask", ["write $O/x"]],
  ["sed -i 's/x/y/#.' ../outside/x", "ask", ["write $O/x"]],
  ["sed -i 'j' ../outside/x", "ask", ["#INLINE_CODE"]],
  ['sed -i "$X" ../outside/x', "ask", ["write $O/x"]],
  ["sed -f prog.sed -e '‘' ../outside/x", "ask", ["read $O/x"]],
  ["sed -i s/a/b/ ../outside/x", "ask", ["write $O/x"]],
  ["sed -i d ~/x", "ask", ["write $H/x"]],
  ["sed -i -e 's/a/b/' ~/.bashrc", "ask", ["write $H/.bashrc"]],
  ["sed -i.bak 's/x/y/' src/main.ts", "allow", ["write $P/src/main.ts"]],
  ["sed --in-place=.orig -e 's/a/b/' README.md", "allow", ["write $P/README.md"]],
  ["sed -i'bak/*' s/x/y/ README.md", "allow", ["write $P/bak/README.md"]],
  ["sed -i'../../*' s/x/y/ README.md", "ask", ["write $T/README.md"]],
  ["sed 'w /tmp/x' f", "ask", ["write /tmp/x"]],
  ["sed 's/a/b/w /tmp/y' f", "ask", ["write /tmp/y"]],
  ["sed -n '/x/{s/a/b/;w ../z\n}' f", "ask", ["write $T/work/z"]],
  ["sed -e 's/[/]/x/;w out.txt' README.md", "allow", ["write $P/out.txt"]],
  ["sed '1r ../outside/secret.txt' README.md", "ask", ["read $O/secret.txt"]],
  ["sed 'R ../outside/secret.txt' README.md", "ask", ["read $O/secret.txt"]],
  // sed does not expand `~`: the file is ./~/.bashrc; many programs do, so $HOME is judged too.
  ["sed 'R ~/.bashrc' README.md", "ask", ["read $P/~/.bashrc", "read $H/.bashrc"]],
  ["sed 's/a/b/e' f", "ask", ["#INLINE_CODE"]],
  ["sed 'e rm -rf ~' f", "ask", ["#INLINE_CODE"]],
  ["sed '1e date' f", "ask", ["#INLINE_CODE"]],
  ["sed 'k' f", "ask", ["#INLINE_CODE"]],
  ["sed -e 's|/usr/bin|/opt|g' README.md", "allow", ["!* /usr/bin"]],
  ["sed -E 's#(/etc)#x#' README.md", "allow"],
  ["sed 's/\\/etc\\/passwd/x/' README.md", "allow"],
  ["sed -n '/start/,/end/p' README.md", "allow"],
  ["sed ':a;N;$!ba;s/\\n/ /g' README.md", "allow"],
  ["sed '/x/{s/a/b/;b};p' README.md", "allow"],
  ["sed 'y/abc/xyz/' README.md", "allow"],
  ["sed 'a w /tmp/no' README.md", "allow", ["!* /tmp/no"]],
  ["sed '1i\\\n/etc/passwd' README.md", "allow"],
  ["sed '$a\\ r /etc/passwd' README.md", "allow"],
  ["sed -n 'l;=' README.md", "allow"],
  ["sed 'w /dev/stdout' README.md", "allow"],
  ["sed '# w /tmp/comment\ns/a/b/' README.md", "allow"],
  ["sed -s -n '$p' src/main.ts docs/guide.md", "allow"],
  ["sed -z 's/\\n//' ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["sed -f script.sed README.md", "ask", ["#OPAQUE_CODE", "read $P/script.sed"]],
  ["sed --sandbox -f script.sed README.md", "allow"],
  ['sed "$S" README.md', "ask", ["#UNRESOLVED_WORD"]],
  ["sed -n -e '1p' -e 'w ../out' README.md", "ask", ["write $T/work/out"]],
  ["sed 's/a/b/' < ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
]);

// BSD sed (macOS) takes the word after a separate -i as its suffix; GNU sed takes it as the
// script (`''`: empty, and the next word is a file) or refuses it (`.bak`): both readings are judged.
table("sed: the BSD reading of -i SUFFIX beside GNU's", box, [
  ["sed -i '' 's/x/y/' README.md", "allow", ["write $P/README.md", "write $P/s/x/y"]],
  ["sed -i '' -E 's/[[:space:]]*$//' src/main.ts", "allow", ["write $P/src/main.ts"]],
  ["sed -i .bak -E 's/a/b/' README.md", "allow", ["write $P/README.md", "write $P/README.md.bak"]],
  ["sed -i .orig 's/company/newcompany/g' README.md", "allow", ["write $P/README.md.orig"]],
  // BSD's backup of `sed -i -e …` is FILE-e.
  ["sed -i -e 's/a/b/' README.md", "allow", ["write $P/README.md-e"]],
  // Twins: the script BSD reads writes or reads outside; a suffix that climbs; a file outside.
  ["sed -i '' 's/x/y/w /tmp/x' README.md", "ask", ["write /tmp/x"]],
  ["sed -i .bak 's/x/y/w ../outside/x' README.md", "ask", ["write $O/x"]],
  ["sed -i '' '1r ../outside/secret.txt' README.md", "ask", ["read $O/secret.txt"]],
  ["sed -i '' 's/a/b/e' README.md", "ask", ["#INLINE_CODE"]],
  ["sed -i .bak/../../outside/x 's/a/b/' README.md", "ask", ["write $O/x"]],
  ["sed -i -e/../../outside/x 's/a/b/' README.md", "ask", ["write $O/x"]],
  ["sed -i '' 's/a/b/' ../outside/x", "ask", ["write $O/x"]],
  ["sed -i '' -f ../outside/x.sed README.md", "ask", ["#OPAQUE_CODE", "read $O/x.sed"]],
]);

table("awk", box, [
  ["awk '{print $1}' README.md", "allow", ["read $P/README.md"]],
  ["awk '{system(\"rm x\")}' f", "ask", ["#INLINE_CODE"]],
  ["awk '$3 > 100 {print}' README.md", "allow"],
  // -W NAME[=VALUE] is any long option: source, file, exec, load, dump-variables…
  ["awk -W 'source=BEGIN{system(\"id\")}'", "ask", ["#OPAQUE_CODE"]],
  ["awk -W file=../outside/x.awk", "ask", ["#OPAQUE_CODE"]],
  ["mawk -W exec ../outside/x.awk", "ask", ["#OPAQUE_CODE"]],
  ["gawk -Wdump-variables=../outside/v '{print}' README.md", "ask", ["#OPAQUE_CODE"]],
  ["awk -Wversion", "allow"],
  ["awk -W posix '{print}' README.md", "allow", ["read $P/README.md"]],
  ["awk '{ if ($3 > 100) print $1 }' README.md", "allow"],
  ["awk '{print ($1 > 5)}' README.md", "allow"],
  ["awk '$1 >= 2 && $2 < 3' README.md", "allow"],
  ["awk '{print $1 > \"out.txt\"}' README.md", "allow", ["write $P/out.txt"]],
  ["awk '{print > \"/tmp/x\"}' README.md", "ask", ["write /tmp/x"]],
  ["awk '{print $0 >> \"../log\"}' f", "ask", ["write $T/work/log"]],
  ['awk \'{printf("%s\\n", $1) > "../p"}\' f', "ask", ["write $T/work/p"]],
  ["awk '{print > $1}' f", "ask", ["#INLINE_CODE"]],
  ["awk '{print > \"out\" i}' f", "ask", ["#INLINE_CODE"]],
  ["awk '{print | \"sort\"}' f", "ask", ["#INLINE_CODE"]],
  ["awk 'BEGIN { \"date\" | getline d; print d }'", "ask", ["#INLINE_CODE"]],
  ["awk 'BEGIN { while ((getline line < \"../outside/secret.txt\") > 0) print line }'", "ask", ["read $O/secret.txt"]],
  ["awk 'BEGIN { getline < f }'", "ask", ["#INLINE_CODE"]],
  ["awk '{ getline; print }' README.md", "allow"],
  ['awk \'BEGIN{printf "%s\\n", "a" > "/dev/stderr"}\'', "allow"],
  ['awk \'{print "x" > "/dev/stderr"; fflush()}\' README.md', "allow"],
  ["awk '{ close(cmd) }' README.md", "ask", ["#INLINE_CODE"]],
  ["awk '/\\/etc\\// {print}' README.md", "allow"],
  ["awk '$0 ~ /[/]usr/ {print \"/etc\"}' README.md", "allow"],
  ["awk '{n = $1 / 2; m = n / 3; print n, m}' README.md", "allow"],
  ["awk -F: '{print $1}' /etc/passwd", "ask", ["read /etc/passwd"]],
  ["awk -F/ '{print $NF}' README.md", "allow"],
  ["awk -v OFS=/ -v dir=/etc '{print $1, dir}' README.md", "allow"],
  ["awk '{print}' OFS=/ README.md", "allow", ["!* /"]],
  ["awk '{print}' README.md ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  // A program file that is not there cannot be read (test/inline.test.ts has those that are).
  ["awk -f prog.awk README.md", "ask", ["#OPAQUE_CODE", "read $P/prog.awk"]],
  ["awk -e 'BEGIN{system(\"id\")}'", "ask", ["#INLINE_CODE"]],
  ["gawk -i inplace '{sub(/a/, \"b\")} 1' README.md", "allow", ["write $P/README.md"]],
  ["gawk -i inplace '{print}' ~/.bashrc", "ask", ["write $H/.bashrc"]],
  ["gawk -d '{print}' README.md", "allow", ["write $P/awkvars.out"]],
  ["gawk --dump-variables=/tmp/vars '1' README.md", "ask", ["write /tmp/vars"]],
  ['awk "$PROG" README.md', "ask", ["#UNRESOLVED_WORD"]],
  ["awk '# print > \"/tmp/c\"\n{print}' README.md", "allow"],
  ["awk 'BEGIN { x = \"a > b | c\"; print x }'", "allow"],
  ["mawk '{print $2}' ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["ls -l | awk '{print $9}'", "allow"],
]);

table("jq", box, [["jq . package.json", "allow", ["read $P/package.json"]], ["jq '.a' ../outside/secret.txt", "ask", [
  "read $O/secret.txt",
]], ["jq -r '.dependencies | keys[]' package.json", "allow"], ["jq --arg x ../y '.a' f.json", "allow", ["!* $T/work/y",
  "read $P/f.json"]], ["jq --arg name value '.x' ~/x.json", "ask", ["read $H/x.json"]], ["jq --argjson n 1 -n '$n'",
  "allow"], ["jq --slurpfile s ../outside/secret.txt -n '$s'", "ask", ["read $O/secret.txt"]], [
  "jq --rawfile r ~/.ssh/id_rsa -n '$r'",
  "ask",
  ["read $H/.ssh/id_rsa"],
], ["jq -n --args '$ARGS' ../a /etc/x", "allow"], ["jq -f filter.jq data.json", "allow", ["read $P/filter.jq",
  "read $P/data.json"]], ["jq -f ~/f.jq data.json", "ask", ["read $H/f.jq"]], ["jq -rf ~/f.jq data.json", "ask", [
  "read $H/f.jq",
]], ["jq -L ~/lib '.' f", "ask", ["read $H/lib"]], ["jq 'include \"x\"; .' f", "ask", ["#INLINE_CODE"]], [
  "jq -rc '.[] | \"/etc/\\(.a)\"' f.json",
  "allow",
], ['jq "$F" f', "ask", ["#UNRESOLVED_WORD"]], ["echo '{}' | jq '.a = \"/etc/passwd\"'", "allow"], [
  "jq -s . a.json b.json > out.json",
  "allow",
], ["jq --indent 4 . ../outside/x.json", "ask", ["read $O/x.json"]]]);

table("yq, column, pr", box, [
  ["yq '.a' config.yaml", "allow", ["read $P/config.yaml"]],
  ["yq -i '.a = 1' ~/config.yaml", "ask", ["write $H/config.yaml"]],
  ["yq e '.a' ../outside/x.yaml", "ask", ["read $O/x.yaml"]],
  // Debian's yq (kislyuk's) takes `eval` as its filter and the next word as a file.
  ["yq eval ../outside/x.yaml f.yaml", "ask", ["read $O/x.yaml"]],
  ["yq eval '.[0]' f.yaml", "allow", ["read $P/.[0]", "read $P/f.yaml"]],
  ["yq eval -i '.x = \"/etc\"' a.yaml", "allow", ["write $P/a.yaml"]],
  ["yq 'load(\"../x\")' f", "ask", ["#INLINE_CODE"]],
  ["yq -o json '.' f.yaml", "allow"],
  ["yq -s '.a' f.yaml", "ask", ["#UNRESOLVED_WORD"]],
  ["column -t -s, data.csv", "allow", ["read $P/data.csv"]],
  ["column -t ~/x", "ask", ["read $H/x"]],
  ["pr -2 -h '/etc' README.md", "allow"],
  ["pr ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
]);

table("text tools under wrappers and nested shells", box, [
  ["timeout 5 sed -i d ~/x", "ask", ["write $H/x"]],
  ["sudo sed -i 's/a/b/' /etc/hosts", "ask", ["write /etc/hosts"]],
  ['sh -c "awk \'{print > \\"/tmp/x\\"}\' f"', "ask", ["write /tmp/x"]],
  // list.txt is inside the root and small: its names are read (it names src/main.ts).
  ["xargs sed -i s/a/b/ < list.txt", "allow", ["write $P/src/main.ts"]],
  ["xargs sed -i s/a/b/ < ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["echo src/main.ts | xargs sed -i s/a/b/", "allow", ["write $P/src/main.ts"]],
  ["nice -n 10 jq . ~/x.json", "ask", ["read $H/x.json"]],
]);
