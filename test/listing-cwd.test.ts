// The working directory as a stand-in (StandInCwd in src/shell/state.ts): `cd` to a name a
// listing prints leaves the shell in some directory of the tree under the listing's place.
// What runs after it is judged against that tree: inside cases that allow, next to the twins
// that must not — a tree above the project, a symlink out in it, a `..` that climbs out, `cd
// ..`, no name at all (home), a place taken apart, a symlink made there, CDPATH, cdable_vars.
// What bash does in each was checked by hand (and the oracle cases run it: test/oracle.test.ts).

import { beforeAll } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { table, useSandbox } from "./support/table.ts";

const box = useSandbox();

beforeAll(() => {
  const n = join(box.fx.project, "names");
  for (const d of ["plain/sub/deep", "withlink/sub", "other/sub", "vars", "cdp/ssl", "r1/a/sub", "r2/in"]) {
    mkdirSync(join(n, d), { recursive: true });
  }
  const files: Record<string, string> = { "plain/a.txt": "a\n", "plain/sub/b.txt": "b\n", "withlink/sub/c.txt": "c\n",
    "vars/HOME": "" };
  for (const [f, c] of Object.entries(files)) writeFileSync(join(n, f), c);
  symlinkSync(box.fx.outside, join(n, "withlink", "sub", "out"));
  // A link into another root: the parent of where it leads is outside both roots.
  symlinkSync(join(n, "r2"), join(n, "r1", "a", "sub", "l"));
});

table("cd to a name a listing prints", box, [
  ['cd "$(find names/plain -name sub -type d | sed 1q)" && cat b.txt', "allow", ["cwd $P/names/plain",
    "read $P/names/plain"]],
  ["cd \"$(find names/plain -print0 | sort -z | tr '\\0' '\\n' | tail -1)\" && ls", "allow", ["list $P/names/plain"]],
  ['cd "$(ls -rd names/plain/*/ | tail -1)" && pwd', "allow", ["cwd $P/names/plain/sub"]],
  ['cd "$(ls -rd names/plain/*/ | tail --lines 1)" && pwd', "allow", ["cwd $P/names/plain/sub"]],
  ['cd "$(ls -rd names/plain/*/ | tail --lines=1)" && pwd', "allow", ["cwd $P/names/plain/sub"]],
  ['cd -- "$(find names/plain -type d | head -n 1)" && wc -l a.txt sub/b.txt', "allow", ["read $P/names/plain"]],
  ['find names/plain -type d | while read d; do cd "$d" && pwd; done', "allow", ["cwd $P/names/plain"]],
  // -exec dirname only prints: the names stay a listing's, and nothing changed on the way.
  ['find . -name b.txt -exec dirname {} \\; | while read d; do cd "$d" && pwd; done', "allow", ["cwd $P/names/plain"], {
    cwd: "$P/names/plain",
  }],
  ['find names/plain -exec grep -q x {} \\; ; cd "$(find names/plain -type d | head -1)" && cat b.txt', "allow", [
    "read $P/names/plain",
  ]],
  ['find names/plain -type d | while read d; do (cd "$d" && cat b.txt); done; cat README.md', "allow", [
    "read $P/names/plain",
    "read $P/README.md",
  ]],
  ['for d in $(find names/plain -type d); do cd "$d" && { cat b.txt; cd - > /dev/null; }; done', "allow", [
    "read $P/names/plain",
  ]],
  ["for l in $(find . -type f); do (cd $(dirname $l) && wc -c $(basename $l)); done", "allow", ["read $P/names/plain"],
    { cwd: "$P/names/plain" }],
  // Where cd fails (the name is gone, or a file), `cd -` goes to the OLDPWD the shell was started with.
  ['for d in $(find names/plain -type d); do cd "$d"; touch stamp; cd - > /dev/null; done', "ask", [
    "#UNRESOLVED_WORD",
  ]],
  ["for l in $(find . -type f); do cd $(dirname $l); wc -c $(basename $l); cd - > /dev/null; done", "ask", [
    "#UNRESOLVED_WORD",
  ], { cwd: "$P/names/plain" }],
  // A relative cd without `..` stays in the tree; `cd -` goes back where the shell was.
  ['cd "$(find names/plain -type d | head -1)"; cd sub; cat b.txt', "allow", ["read $P/names/plain"]],
  ['cd "$(find names/plain -type d | head -1)" && cd - && cat README.md', "allow", ["read $P/README.md"]],
  ['cd names && cd "$(find plain -type d | head -1)" && cd - && cat plain/a.txt', "allow", [
    "read $P/names/plain/a.txt",
  ]],
  // A name that is a file: cd fails and the shell stays (after `;` the next command runs there).
  ['cd "$(find names/plain -name a.txt | head -1)"; cat README.md', "allow", ["read $P/README.md",
    "read $P/names/plain"]],
  // Nothing printed: `cd ""` stays (and sets OLDPWD), unquoted `cd` goes home.
  ['cd "$(find names/plain -name nothing | head -1)" && cat README.md', "allow", ["read $P/README.md"]],
  ["cd $(find names/plain -name nothing) && cat .bashrc", "ask", ["cwd $H", "read $H/.bashrc"]],
  ["cd $(find names/plain -type d | head -1) && cat x", "ask", ["cwd $H"]],
]);

table("cd to a name a listing prints: the twins that climb out or cannot be followed", box, [
  ['cd "$(find .. -type d | head -1)"; cat x', "ask", ["list $T/work"]],
  [
    'find names/plain -name a.txt -exec ln -sf ../../../outside/secret.txt {} \\; ; cd "$(find names/plain -type d | head -1)" && cat a.txt',
    "ask",
    ["#UNRESOLVED_WORD"],
  ],
  ['find names/plain -name a.txt -exec /tmp/dirname {} \\; ; cd "$(find names/plain -type d | head -1)" && cat a.txt',
    "ask", ["#UNRESOLVED_WORD"]],
  ['cd "$(ls -rd names/plain/*/ | tail --lines ../x)" && pwd', "ask", ["#UNRESOLVED_WORD"]],
  ['cd "$(ls -rd names/plain/*/ | tail --lines 1 ../x)" && pwd', "ask", ["read $T/work/x"]],
  ['cd "$(find / -maxdepth 1 -type d | head -1)"; cat x', "ask", ["list /"]],
  ['cd "$(find names/withlink -type d | head -1)" && cat c.txt', "ask", ["* $O"]],
  ['cd "$(find names/plain -type d | head -1)"; cat ../../x', "ask", ["#UNRESOLVED_CWD"]],
  ['cd "$(find names/plain -type d | head -1)"; cat sub/../../../x', "ask", ["#UNRESOLVED_CWD"]],
  ['cd "$(find names/plain -type d | head -1)"; cd ..; cd ..; cat x', "ask", ["cwd $T/work", "#UNRESOLVED_WORD"]],
  ['find names/plain -type d | while read d; do cd "$d"; cd ..; cd ..; rm -rf *; done', "ask", ["#UNRESOLVED_WORD"]],
  ["cd \"$(find names/plain -type d | head -1)\" && bash -c 'cat ../../../x'", "ask", ["#UNRESOLVED_CWD"]],
  ['cd "$(find names/plain -type d | head -1)" && cat "$PWD/../../x"', "ask", ["#UNRESOLVED_WORD"]],
  ['cd "$(find names/plain -type d | head -1)" && cat $(pwd)/x', "ask", ["#UNRESOLVED_WORD"]],
  ['cd "$(find names/plain -type d | head -1)" && cat ~+/x', "ask", ["#UNRESOLVED_WORD"]],
  ['cd "$(find names/plain -type d | head -1)" && cat *.txt', "ask", ["#UNRESOLVED_WORD"]],
  // Text around the name: `$d/..` is above what the listing names, `x$d` beside it.
  ['find names/plain -type d | while read d; do cd "$d/.."; cat x; done', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -type d | while read d; do cd "../$d"; cat x; done', "ask", ["#UNRESOLVED_WORD"]],
  ['cd names && find plain -type d | while read d; do cd "x$d"; cat y; done', "ask", ["#UNRESOLVED_WORD"]],
  // pushd does not follow a stand-in: its text `.` is not where it goes.
  ['cd names/plain && find . -type d | while read d; do pushd "$d"; cat ../../x; done', "ask", ["#UNRESOLVED_WORD"]],
  // A symlink made there, before or beside it.
  ['cd "$(find names/plain -type d | head -1)" && git checkout . && cat e/x', "ask", ["#UNRESOLVED_CWD"]],
  ['cd names/plain && find sub -maxdepth 0 | { cd ../other; read d; cd "$d"; cat e/x; } | tar -xf - -C ../other/sub',
    "ask", ["#UNRESOLVED_CWD"]],
  // A directory renamed may take the shell along.
  ['cd "$(find names/plain -type d | head -1)" && mv sub x && cat y', "ask", ["#UNRESOLVED_CWD"]],
  // CDPATH looks a bare name up elsewhere; with cdable_vars a name may be a variable.
  ['cd names/cdp && CDPATH=/etc && cd "$(ls | head -1)" && cat openssl.cnf', "ask", ["#UNRESOLVED_WORD"]],
  ['shopt -s cdable_vars; cd names/vars; cd "$(ls | head -1)" && cat .bashrc', "ask", ["#UNRESOLVED_WORD"]],
  // A link into another root: `..` from where it leads is outside both (bash reads $P/names/x).
  ['cd a; find . | while read d; do (cd "$d"; cat ../x); done', "ask", ["#UNRESOLVED_CWD"], { cwd: "$P/names/r1",
    roots: ["$P/names/r1", "$P/names/r2"] }],
  ['cd a; for d in $(find .); do cd "$d"; cat ../x; cd - > /dev/null; done', "ask", ["#UNRESOLVED_CWD"], {
    cwd: "$P/names/r1",
    roots: ["$P/names/r1", "$P/names/r2"],
  }],
]);

table('cd "" and OLDPWD, as bash 5.2 has them', box, [
  // `cd ""` changes to where the shell is and sets OLDPWD; with -P it fails.
  ['cd src; cd ""; cd -; cat main.ts', "allow", ["read $P/src/main.ts"]],
  ['cd -P "" || cat ../outside/secret.txt', "ask", ["read $O/secret.txt"]],
  // OLDPWD is $PWD as the shell has it, assigned or not.
  ["PWD=/etc; cd src; cd -; cat passwd", "ask", ["cwd /etc", "read /etc/passwd"]],
  ["PWD=relative; cd src; cd -; cat x", "ask", ["#UNRESOLVED_WORD"]],
]);
