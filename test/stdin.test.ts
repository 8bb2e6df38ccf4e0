// Standard input the guard can see: here-strings and here-documents, files inside the root,
// and pipelines whose producers print known text or paths under known directories.

import { beforeAll, describe } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { table, useSandbox } from "./support/table.ts";

const box = useSandbox();

table("read follows what it reads", box, [['while read f; do cat "$f"; done < list.txt', "allow", ["read $P/list.txt",
  "read $P/src/main.ts"]], ['echo ../x | while read l; do rm "$l"; done', "ask", ["write $T/work/x"]], [
  "printf 'a\\nb\\n' | while read l; do rm \"$l\"; done",
  "allow",
  ["write $P/a", "write $P/b"],
], ['read l <<< ~/x; rm "$l"', "ask", ["write $H/x"]], ["read -r a b <<< 'src docs/guide.md'; cat \"$b\"", "allow", [
  "read $P/docs/guide.md",
]], ["read -a arr <<< 'src docs'; ls \"${arr[1]}\"", "allow", ["list $P/docs"]], ['while read l; do cat "$l"; done',
  "ask", ["#UNRESOLVED_WORD"]], ['while read -u 3 l; do cat "$l"; done 3< list.txt', "ask", ["#UNRESOLVED_WORD"]], [
  'echo x > list.txt; while read f; do cat "$f"; done < list.txt',
  "ask",
  ["#UNRESOLVED_WORD"],
], ['while read f; do cat "$f"; done < ../outside/secret.txt', "ask", ["read $O/secret.txt"]], [
  "find docs -name '*.md' | while read f; do cat \"$f\"; done",
  "allow",
  ["read $P/docs"],
], ['find src | while read f; do cat "$f"; done', "ask", ["* $O/secret.txt"]], [
  "find docs -print0 | while IFS= read -r -d '' f; do cat \"$f\"; done",
  "allow",
]]);

table("xargs gets what the pipeline before it prints", box, [
  ["find docs -type f -print0 | xargs -0 chmod 644", "allow", ["write $P/docs"]],
  ["find docs | grep -v x | xargs cat", "allow"],
  ["find docs | sort | head -5 | xargs cat", "allow"],
  // grep reads its file, not the listing: the file's lines (`guide`) are the names xargs gets.
  ["find docs | grep -v x docs/guide.md | xargs cat", "allow", ["read $P/guide"]],
  ["find docs | grep -v x docs/guide.md | sed 's|^|../outside/|' | xargs cat", "ask", ["read $O/guide"]],
  // sed s/LIT/REPL/ with LIT not in the stand-in's text keeps each name under it (text.test.ts)
  ["find docs | sed s/a/b/ | xargs cat", "allow", ["read $P/docs"]],
  ["find docs | sed 's/a/..\/x/' | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find docs | sed s/docs/x/ | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find . -type f | xargs chmod 644", "ask", ["#UNRESOLVED_WORD"]],
  ["find src -type f | xargs chmod 644", "ask", ["* $O/secret.txt"]],
  ["fd -e md . docs | xargs cat", "allow"],
  // pv copies its input unchanged: judged as without it.
  ["find docs -name '*.md' | pv -l | xargs chmod 755", "allow", ["write $P/docs"]],
  ["find docs | pv --line-mode -q -L 10 | sort | xargs cat", "allow"],
  ["find docs -print0 | pv -0 -l | xargs -0 cat", "allow"],
  ["find src -type f | pv -l | xargs chmod 755", "ask", ["* $O/secret.txt"]],
  ["echo ../outside/secret.txt | pv | xargs cat", "ask", ["read $O/secret.txt"]],
  // -S stops at a size (a cut name is another name); an operand is read instead of the input.
  ["find docs | pv -S -s 5 | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find docs | pv list.txt | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["xargs cat < list.txt", "allow", ["read $P/src/main.ts"]],
  ["xargs rm < ../outside/secret.txt", "ask", ["#UNRESOLVED_WORD"]],
]);

table("command substitutions that print paths", box, [["for f in $(find docs -name '*.md'); do cat $f; done", "allow", [
  "read $P/docs",
]], ["for f in $(find src -name '*.ts'); do cat \"$f\"; done", "ask", ["* $O/secret.txt"]], ["cat $(git ls-files)",
  "ask", ["#UNRESOLVED_WORD"]], ["wc -l $(find docs -type f)", "allow"], ['cd "$(pwd -P)" && cat README.md', "allow", [
  "read $P/README.md",
]], ['cd link-in && cd "$(pwd -P)" && cat main.ts', "allow", ["read $P/src/main.ts"]], ["cat $(find ../outside)", "ask",
  ["list $O"]]]);

// Names read from a list (`--files0-from`, `file -f`, `tar -T`, `git --pathspec-from-file`):
// the list is visible in the command or is a readable project file, and its names are judged;
// otherwise the command asks. The list file itself is read.
describe("names read from a list", () => {
  const lists = useSandbox();
  beforeAll(() => {
    writeFileSync(join(lists.fx.project, "out.lst"), "src/main.ts\n../outside/secret.txt\n");
    writeFileSync(join(lists.fx.project, "out0.lst"), "src/main.ts\0../outside/secret.txt\0");
    writeFileSync(join(lists.fx.project, "in0.lst"), "src/main.ts\0docs/guide.md\0");
    writeFileSync(join(lists.fx.project, "opt.lst"), "src/main.ts\n-C\n..\nREADME.md\n");
  });
  table("--files0-from (wc, du, sort)", lists, [
    ["wc --files0-from=in0.lst", "allow", ["read $P/in0.lst", "read $P/src/main.ts", "read $P/docs/guide.md"]],
    ["wc --files0-from=out0.lst", "ask", ["read $P/out0.lst", "read $O/secret.txt", "#EXTERNAL_PATH"]],
    ["sort --files0-from out0.lst", "ask", ["read $O/secret.txt"]],
    ["du --files0-from=out0.lst", "ask", ["list $O/secret.txt"]],
    ["du -L --files0-from=in0.lst", "allow", ["list $P/docs/guide.md"]],
    ["printf 'src/main.ts\\0../outside/secret.txt\\0' | wc --files0-from=-", "ask", ["read $O/secret.txt"]],
    ["printf '%s\\0' src/main.ts ../outside/secret.txt | sort --files0-from=-", "ask", ["read $O/secret.txt"]],
    ["printf '%s\\0' src/main.ts docs/guide.md | wc --files0-from=-", "allow", ["read $P/docs/guide.md"]],
    ["wc --files0-from=- < out0.lst", "ask", ["read $P/out0.lst", "read $O/secret.txt"]],
    ["find src -print0 | wc --files0-from=-", "ask", ["read $O/secret.txt"]],
    // A list the guard cannot see, or one written earlier in the command.
    ["cat x | wc --files0-from=-", "ask", ["#UNRESOLVED_WORD"]],
    ["wc --files0-from=-", "ask", ["#UNRESOLVED_WORD"]],
    ['wc --files0-from="$f"', "ask", ["#UNRESOLVED_WORD"]],
    ["printf '../x\\0' > l0; wc --files0-from=l0", "ask", ["#UNRESOLVED_WORD", "read $P/l0"]],
    ["wc --files0-from=../outside/secret.txt", "ask", ["read $O/secret.txt", "#UNRESOLVED_WORD"]],
  ]);
  table("file -f, tar -T, git --pathspec-from-file", lists, [
    ["file -f list.txt", "allow", ["read $P/list.txt", "read $P/src/main.ts"]],
    ["file -f out.lst", "ask", ["read $O/secret.txt"]],
    ["file --files-from=- <<< ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
    ["file --files-from - < out.lst", "ask", ["read $O/secret.txt"]],
    ["tar -cf a.tar -T list.txt", "allow", ["read $P/list.txt", "read $P/src/main.ts"]],
    ["tar -cf a.tar -T out.lst", "ask", ["read $O/secret.txt"]],
    ["tar -czf a.tgz --files-from=- <<< ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
    // tar stores a symlink as it is, unless -h.
    ["find src | tar -cf a.tar -T -", "allow", ["read $P/src"]],
    ["find src | tar -chf a.tar -T -", "ask", ["read $O/secret.txt"]],
    ["tar -cf a.tar --null -T out0.lst", "ask", ["read $O/secret.txt"]],
    // GNU tar reads `-C DIR` in its list as an option: not followed.
    ["tar -cf a.tar -T opt.lst", "ask", ["#UNRESOLVED_WORD", "read $P/src/main.ts"]],
    // The list is opened where tar started; its names resolve in the -C directory.
    ["tar -C src -cf a.tar -T list.txt", "allow", ["read $P/list.txt", "read $P/src/src/main.ts"]],
    ["tar -C src -cf a.tar -T ../list.txt", "ask", ["read $T/work/list.txt", "#UNRESOLVED_WORD"]],
    ["tar -xf a.tar -C build -T list.txt", "allow", ["read $P/list.txt", "!read $P/src/main.ts"]],
    ['tar -cf a.tar -T "$l"', "ask", ["#UNRESOLVED_WORD"]],
    ["git add --pathspec-from-file=list.txt", "allow", ["read $P/list.txt", "read $P/src/main.ts"]],
    ["git add --pathspec-from-file=out.lst", "ask", ["read $O/secret.txt"]],
    ["git rm --pathspec-from-file=- <<< ../outside/secret.txt", "ask", ["write $O/secret.txt"]],
    ["git checkout --pathspec-from-file=out0.lst --pathspec-file-nul", "ask", ["write $O/secret.txt"]],
    ["git add --pathspec-from-file=- <<< ':(top)x'", "ask", ["#UNRESOLVED_WORD"]],
    ["git add --pathspec-from-file=-", "ask", ["#UNRESOLVED_WORD"]],
  ]);
  table("NUL bytes printf writes into a pipe", lists, [
    ["printf 'src/main.ts\\0../outside/secret.txt\\0' | xargs -0 cat", "ask", ["read $O/secret.txt"]],
    ["printf '%s\\0' src/main.ts ../outside/secret.txt | xargs -0 cat", "ask", ["read $O/secret.txt"]],
    ["printf '%s\\0' src/main.ts docs/guide.md | xargs -0 cat", "allow", ["read $P/src/main.ts",
      "read $P/docs/guide.md"]],
    // A substitution drops them, printf -v ends at the first.
    ["cat $(printf 'src/\\0main.ts')", "allow", ["read $P/src/main.ts"]],
    ["printf -v x 'src/main.ts\\0../outside/secret.txt'; cat $x", "allow", ["read $P/src/main.ts",
      "!read $O/secret.txt"]],
    // Each spelling of NUL; an escaped backslash before a 0 is none.
    ["printf 'src/main.ts\\00../outside/secret.txt' | xargs -0 cat", "ask", ["read $O/secret.txt"]],
    ["printf 'src/main.ts\\x00../outside/secret.txt' | xargs -0 cat", "ask", ["read $O/secret.txt"]],
    ["printf 'src/main.ts\\u0000../outside/secret.txt' | xargs -0 cat", "ask", ["read $O/secret.txt"]],
    ["printf 'src\\\\0../outside' | xargs -0 cat", "allow", ["!read $O"]],
  ]);
});
