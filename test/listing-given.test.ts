// Commands that print names as they were given them (src/shell/listing.ts `asGiven`): grep -l
// and -L without -r, fed a listing's names by xargs or by find -exec, print some of those
// names; find -exec grep -q is only a test. And what readlink prints: a link's target, a word
// like any other, relative to the working directory of whoever uses it. Inside cases that
// allow, next to twins that must not: names a cut splits, a link out, other words printed,
// a name list nobody can see, the first name taken for the pattern, and links made earlier.

import { beforeAll } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { table, useSandbox } from "./support/table.ts";

const box = useSandbox();

beforeAll(() => {
  const n = join(box.fx.project, "names");
  for (const d of ["plain/sub", "blank/x /etc", "link"]) mkdirSync(join(n, d), { recursive: true });
  const files: Record<string, string> = { "plain/a.txt": "TODO\n", "plain/sub/b.txt": "b\n",
    "blank/x /etc/passwd": "p\n" };
  for (const [f, c] of Object.entries(files)) writeFileSync(join(n, f), c);
  symlinkSync(box.fx.outside, join(n, "link", "out"));
  // Inside from where it is, outside from the working directory: `$P/../../x`.
  mkdirSync(join(n, "rl", "a", "b"), { recursive: true });
  symlinkSync("../../x", join(n, "rl", "a", "b", "l"));
  const p = box.fx.project;
  symlinkSync("/etc/passwd", join(p, "pw-link"));
  symlinkSync("src/main.ts", join(p, "main-link"));
  // Relative to the working directory of the command that gets it, not to the link's own.
  symlinkSync("src/main.ts", join(p, "src", "rel-main"));
  symlinkSync("src/main.ts ../outside/secret.txt", join(p, "two-link"));
  symlinkSync("../outside/*", join(p, "glob-out"));
});

table("grep: one reading of its words", box, [
  ["grep -l TODO names/plain/a.txt | xargs cat", "allow", ["read $P/names/plain/a.txt"]],
  // -d recurse recurses as -r does, and prints the names under the directory.
  ["grep -l -d recurse p names/blank | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["grep -l --directories=recurse p names/blank | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["grep -l -drecurse p names/blank | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["grep -rl --color=never TODO names/plain | xargs cat", "allow", ["read $P/names/plain"]],
  // Escape sequences around each name.
  ["grep -rl --color=always TODO names/plain | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["grep -lV x names/plain/a.txt | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | grep -v x | xargs cat", "allow", ["read $P/names/plain"]],
  // With no file, `-d recurse` searches the working directory: `FILE:LINE`, not the input's lines.
  ["find names/plain | grep --directories=recurse x | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | grep -5 x | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -print0 | grep -zv x | xargs -0 cat", "allow", ["read $P/names/plain"]],
  // NUL-ended names are one binary line to grep without -z.
  ["find names/plain -print0 | grep -v x | xargs -0 cat", "ask", ["#UNRESOLVED_WORD"]],
  ["a=$(grep -c x README.md); echo $(( a ))", "allow", ["read $P/README.md"]],
  // `FILE:COUNT` for every file under the working directory.
  ["a=$(grep -c -d recurse x); echo $(( a ))", "ask", ["#UNRESOLVED_WORD"]],
  ["a=$(grep -cl x README.md); echo $(( a ))", "ask", ["#UNRESOLVED_WORD"]],
]);

table("xargs grep -l: some of the names it was given", box, [
  ["find names/plain -name '*.txt' | xargs grep -l TODO | xargs wc -l", "allow", ["read $P/names/plain"]],
  ["find names/plain -type f | xargs grep 'string_to_find' -sl | xargs perl -pi -w -e 's/string_to_find//g;'", "allow",
    ["write $P/names/plain"]],
  [
    "find names/plain \\( -name '*.php' -or -name '*.txt' \\) | xargs grep -l StringA | xargs sed -i -e 's/StringA/StringB/g'",
    "allow",
    ["write $P/names/plain"],
  ],
  ["find names/plain -type f -print0 | xargs -0 grep -IZl . | xargs -0 grep 'needle text'", "allow", [
    "read $P/names/plain",
  ]],
  ["find names/plain | xargs -r grep -PL '\\x00' | xargs grep -Pl '\\x0c'", "allow", ["read $P/names/plain"]],
  ["find names/plain | xargs /usr/bin/grep -il todo | xargs rm -f", "allow", ["write $P/names/plain"]],
  ["find names/plain | xargs -n 1 grep --files-with-matches TODO | sort | xargs cat", "allow", ["read $P/names/plain"]],
  ["find names/plain | xargs -r ls -d | xargs cat", "allow", ["read $P/names/plain"]],
  ["find names/plain -type f | xargs -I{} grep -l TODO {} | xargs cat", "allow", ["read $P/names/plain"]],
  ["find names/plain -type f -print0 | xargs -0 -I % grep -ilZ todo % | xargs -0 rm", "allow", [
    "write $P/names/plain",
  ]],
  ["find names/plain -type f | xargs -I{} grep -l TODO {}.bak | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -type f | xargs -I{} grep -l TODO {} README.md | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  // With -I the item is the whole line, which grep prints and the next xargs cuts.
  ["find names/blank -type f | xargs -I{} grep -l p {} | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  // Without -r xargs runs `grep -L` once with no name when the listing is empty: `(standard input)`.
  ["find names/plain | xargs grep -PL '\\x00' | xargs grep -Pl '\\x0c'", "ask", ["#UNRESOLVED_WORD"]],
  // (and `ls -d` with no name prints `.`.)
  ["find names/plain | xargs ls -d | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs ls | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  // `names/blank/x /etc/passwd` is cut into two.
  ["find names/blank -type f | xargs grep -l p | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -print0 | xargs grep -l x | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/link | xargs grep -l x | xargs cat", "ask", ["* $O"]],
  // The first name is the pattern: the rest are printed, not the listing's.
  ["find names/plain | xargs grep -l | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs grep -l x ../outside/secret.txt | xargs cat", "ask", ["read $O/secret.txt"]],
  ["find names/plain | xargs grep -l x README.md | xargs rm", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs grep -rl x ../outside | xargs cat", "ask", ["read $O"]],
  ["find names/plain | xargs grep -l x - | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs grep -l --label=../outside/secret.txt x - | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  // BusyBox prints `NAME:COUNT` for -lc.
  ["find names/plain | xargs grep -lc x | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs grep -l --color=always x | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  // Runs in parallel write into the pipe at once.
  ["find names/plain | xargs -P 4 grep -l x | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs ./grep -l x | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["git log -1 --format=%s | xargs grep -l x | xargs rm", "ask", ["#UNRESOLVED_WORD"]],
  ["grep -l x $(git log -1 --format=%s) | xargs rm", "ask", ["#UNRESOLVED_WORD"]],
  // A project file's names are known words (`cat FILE` prints its text), not a listing: xargs
  // grep -l of them prints some of them, which are not a listing's either; grep -l of known
  // operands prints some of those, as given.
  ["cat list.txt | xargs grep -l x | xargs rm", "ask", ["#UNRESOLVED_WORD"]],
  ["grep -l x $(cat list.txt) | xargs rm", "allow", ["write $P/src/main.ts"]],
]);

table("find -exec grep: a filtered listing, or a test", box, [
  ["find names/plain -name '*.txt' -exec grep -li todo {} + | xargs grep -l TODO", "allow", ["read $P/names/plain"]],
  ["find names/plain -name '*.*' -type f -exec grep -l x {} \\; | xargs rm -f", "allow", ["write $P/names/plain"]],
  ["find names/plain -type f -exec grep -Iq . {} \\; -and -print0 | xargs -0 grep 'needle text'", "allow", [
    "read $P/names/plain",
  ]],
  ["find names/plain -type f -exec grep -lZ . {} + | xargs -0 wc -l", "allow", ["read $P/names/plain"]],
  // find runs nothing with `+` when nothing matched: no `(standard input)`.
  ["find names/plain -type f -exec grep -L TODO {} + | xargs rm", "allow", ["write $P/names/plain"]],
  ["find names/plain -type f -exec grep -Iq . {} \\; -print | xargs -0 grep x", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -type f -exec grep -lZ . {} + | xargs wc -l", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -type f -exec grep -l . {} ../outside/secret.txt \\; | xargs cat", "ask", ["read $O/secret.txt"]],
  ["find names/plain -type f -exec grep -l . {}.bak \\; | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -exec grep -Rl . {} \\; | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/blank -type f -exec grep -l . {} \\; | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/link -exec grep -l . {} \\; | xargs cat", "ask", ["* $O"]],
  ["find -L names/plain -exec grep -l . {} + | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -type f -exec grep -l . {} \\; -exec rm {} \\; | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -type f -exec sh -c 'grep -l . \"$1\"' _ {} \\; | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -type f -exec grep -q . {} \\; -exec mv {} names/x \\; -print | xargs cat", "ask", [
    "#UNRESOLVED_WORD",
  ]],
  // readlink of `{}` is not readlink of each name (`../../x`, printed beside the names).
  ["find names/rl -exec readlink {} \\; -print | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
]);

table("readlink: a link's target, a word like any other", box, [
  ["ls `readlink main-link`", "allow", ["list $P/src/main.ts"]],
  ["cp --remove-destination `readlink main-link` main-link", "allow", ["read $P/src/main.ts"]],
  ["cat $(readlink -n main-link)", "allow", ["read $P/src/main.ts"]],
  // It reads the link itself, not where it leads: judged by its directory.
  ["readlink pw-link", "allow", ["list $P", "!read /etc/passwd"]],
  ["readlink link-out/back-in", "ask", ["list $O"]],
  ["cat $(readlink pw-link)", "ask", ["read /etc/passwd"]],
  // A relative target is relative to the working directory of the command that gets it.
  ["cat $(readlink link-in/rel-main)", "allow", ["read $P/src/main.ts"]],
  ["cat $(readlink src/secret-link)", "ask", ["read $T/outside/secret.txt"]],
  ["cd src && cat $(readlink secret-link)", "ask", ["read $O/secret.txt"]],
  ['cat "$(readlink two-link)"', "allow", ["read $P/src/main.ts ../outside/secret.txt"]],
  ["cat $(readlink two-link)", "ask", ["read $O/secret.txt"]],
  ["cat $(readlink glob-out)", "ask", ["read $O/secret.txt"]],
  // Not a link: nothing, and cat reads its input.
  ["cat $(readlink README.md) < README.md", "allow", ["read $P/README.md"]],
  ["ln -sf /etc/passwd l; cat $(readlink l)", "ask", ["#UNRESOLVED_WORD"]],
  ["ln -sf src/main.ts l; cat $(readlink l)", "ask", ["#UNRESOLVED_WORD"]],
  ["cat $(readlink main-link main-link)", "ask", ["#UNRESOLVED_WORD"]],
  ["cat $(readlink /proc/self/cwd)/x", "ask", ["#UNRESOLVED_WORD"]],
  ["ls $(readlink link-in/)", "ask", ["#UNRESOLVED_WORD"]],
  // Of a listing's names, each may be a link: what they print is not the stand-in's.
  ['find names/rl -type l | while read f; do cat "$(readlink "$f")"; done', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/rl -type l | while read f; do readlink "$f" | xargs cat; done', "ask", ["#UNRESOLVED_WORD"]],
  ["find names/rl -type l | xargs readlink | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
]);
