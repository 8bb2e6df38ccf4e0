// Standard input the guard can see: here-strings and here-documents, files inside the root,
// and pipelines whose producers print known text or paths under known directories.

import { table, useSandbox } from "./support/table.ts";

const box = useSandbox();

table("read follows what it reads", box, [
  ["while read f; do cat \"$f\"; done < list.txt", "allow", ["read $P/list.txt", "read $P/src/main.ts"]],
  ["echo ../x | while read l; do rm \"$l\"; done", "ask", ["write $T/work/x"]],
  ["printf 'a\\nb\\n' | while read l; do rm \"$l\"; done", "allow", ["write $P/a", "write $P/b"]],
  ["read l <<< ~/x; rm \"$l\"", "ask", ["write $H/x"]],
  ["read -r a b <<< 'src docs/guide.md'; cat \"$b\"", "allow", ["read $P/docs/guide.md"]],
  ["read -a arr <<< 'src docs'; ls \"${arr[1]}\"", "allow", ["list $P/docs"]],
  ["while read l; do cat \"$l\"; done", "ask", ["#UNRESOLVED_WORD"]],
  ["while read -u 3 l; do cat \"$l\"; done 3< list.txt", "ask", ["#UNRESOLVED_WORD"]],
  ["echo x > list.txt; while read f; do cat \"$f\"; done < list.txt", "ask", ["#UNRESOLVED_WORD"]],
  ["while read f; do cat \"$f\"; done < ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["find docs -name '*.md' | while read f; do cat \"$f\"; done", "allow", ["read $P/docs"]],
  ["find src | while read f; do cat \"$f\"; done", "ask", ["* $O/secret.txt"]],
  ["find docs -print0 | while IFS= read -r -d '' f; do cat \"$f\"; done", "allow"],
]);

table("xargs gets what the pipeline before it prints", box, [
  ["find docs -type f -print0 | xargs -0 chmod 644", "allow", ["write $P/docs"]],
  ["find docs | grep -v x | xargs cat", "allow"],
  ["find docs | sort | head -5 | xargs cat", "allow"],
  ["find docs | grep -v x docs/guide.md | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find docs | sed s/a/b/ | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find . -type f | xargs chmod 644", "ask", ["#UNRESOLVED_WORD"]],
  ["find src -type f | xargs chmod 644", "ask", ["* $O/secret.txt"]],
  ["fd -e md . docs | xargs cat", "allow"],
  ["xargs cat < list.txt", "allow", ["read $P/src/main.ts"]],
  ["xargs rm < ../outside/secret.txt", "ask", ["#UNRESOLVED_WORD"]],
]);

table("command substitutions that print paths", box, [
  ["for f in $(find docs -name '*.md'); do cat $f; done", "allow", ["read $P/docs"]],
  ["for f in $(find src -name '*.ts'); do cat \"$f\"; done", "ask", ["* $O/secret.txt"]],
  ["cat $(git ls-files)", "ask", ["#UNRESOLVED_WORD"]],
  ["wc -l $(find docs -type f)", "allow"],
  ["cd \"$(pwd -P)\" && cat README.md", "allow", ["read $P/README.md"]],
  ["cd link-in && cd \"$(pwd -P)\" && cat main.ts", "allow", ["read $P/src/main.ts"]],
  ["cat $(find ../outside)", "ask", ["list $O"]],
]);
