// A name a listing prints, taken apart and rebuilt (standInOperator in src/shell/listing.ts):
// `${x%LIT}`, `${x%/*}`, `${x/PAT/REP}` and their kin on a stand-in, proved component by
// component — inside cases that allow, next to the twins that must still ask: a start point
// outside, a last component left open to become empty, `.` or `..`, a replacement that is not
// a plain name, a pattern that is not literal or holds `/`, a match in the start point's own
// text, a symlink under the start point that leads out. (Bash's own answers are in
// test/oracle.test.ts, "names taken apart".)

import { beforeAll } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { table, useSandbox } from "./support/table.ts";

const box = useSandbox();

beforeAll(() => {
  const n = join(box.fx.project, "names");
  for (const d of ["plain/sub", "plain/foodir", "link", "blank/x /etc", "v1.0/sub"]) {
    mkdirSync(join(n, d), { recursive: true });
  }
  for (const f of ["plain/a.txt", "plain/...txt", "plain/sub/b.txt", "plain/x.doc", "plain/foo1", "plain/out",
    "link/c.txt", "v1.0/sub/b", "blank/x /etc/passwd"]) writeFileSync(join(n, f), "x\n");
  symlinkSync(box.fx.outside, join(n, "link", "out"));
});

table("names taken apart: a suffix removed, then a name's text after it", box, [
  ["find names/plain -name '*.txt' -exec sh -c 'mv \"$0\" \"${0%.txt}.txt_bak\"' {} \\;", "allow", [
    "write $P/names/plain/*.txt_bak",
  ]],
  ["find names/plain -name '*.txt' -exec sh -c 'mv \"$0\" \"${0%%.txt}.md\"' {} \\;", "allow", [
    "write $P/names/plain/*.md",
  ]],
  ['find names/plain -name \'*.txt\' | while read f; do cp "$f" "${f%.txt}.bak"; done', "allow", [
    "write $P/names/plain.bak",
  ]],
  ['cd names/plain && find . -name \'*.txt\' | while read f; do mv "$f" "${f%.txt}.bak"; done', "allow", [
    "write $P/names/plain/..bak",
  ]],
  // `#LIT` that does not match the start point matches no name under it either.
  ['find names/plain -type f | while read f; do cat "${f#x}"; done', "allow", ["read $P/names/plain"]],
  // Twins. The last component may be empty, `.` or `..` (`./...txt` minus `.txt` is `./..`).
  ["cd names/plain && find . -name '*.txt' -exec sh -c 'mv \"$0\" \"${0%.txt}\"' {} \\;", "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -name \'*.txt\' | while read f; do mv "$f" "${f%.txt}"; done', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -name \'*.txt\' | while read f; do mv "$f" "${f%.txt}."; done', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -name \'*.txt\' | while read f; do mv "$f" "${f%.txt}/x"; done', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -name \'*.txt\' | while read f; do g=${f%.txt}; mv "$f" "$g.bak"; done', "ask", [
    "#UNRESOLVED_WORD",
  ]],
  // What follows is not known, or not a plain name's text.
  ['find names/plain -name \'*.txt\' | while read f; do mv "$f" "${f%.txt}$x"; done', "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -name '*.txt' -exec sh -c 'mv \"$0\" \"${0%.txt} b\"' {} \\;", "ask", ["#UNRESOLVED_WORD"]],
  // A pattern, not literal text; a pattern holding `/`; a match in the start point's text.
  ["find names/plain -name '*.txt' -exec sh -c 'mv \"$0\" \"${0%.t?t}.bak\"' {} \\;", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -name '*.txt' -exec sh -c 'mv \"$0\" \"${0%sub/b.txt}x\"' {} \\;", "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -name \'*.txt\' | while read f; do mv "$f" "${f%plain}x"; done', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -type f | while read f; do cat "${f#names}"; done', "ask", ["#UNRESOLVED_WORD"]],
  // `.` also stands for names printed without `./`: `plain/a.txt` minus `plain` is `/a.txt`.
  ['cd names && grep -rl x | while read f; do cat "${f#plain}"; done', "ask", ["#UNRESOLVED_WORD"]],
  ['cd names && git ls-files | while read f; do cat "${f##plain}"; done', "ask", ["#UNRESOLVED_WORD"]],
  // A start point outside, a symlink under it that leads out, names that are not plain.
  ["find .. -name '*.txt' -exec sh -c 'mv \"$0\" \"${0%.txt}.txt_bak\"' {} \\;", "ask", ["list $T/work"]],
  ["find names/link -name '*.txt' -exec sh -c 'mv \"$0\" \"${0%.txt}.bak\"' {} \\;", "ask", ["* $O"]],
  ['find names/blank -type f -exec sh -c \'mv "$0" "${0%.txt}.bak"\' {} \\;', "ask", ["#UNRESOLVED_WORD"]],
]);

table("names taken apart: the last component removed", box, [
  ['cd names && find plain | while read line; do mkdir -p "${line%/*}"; done', "allow", ["write $P/names/plain"]],
  ["find names/plain -name '*.txt' -exec sh -c 'cat \"${0%/*}/x\"' {} \\;", "allow", ["read $P/names/plain/x"]],
  // `%%/*` keeps the text before the first `/`, the same for every name.
  ["find names/plain -name '*.txt' -exec sh -c 'ls \"${0%%/*}\"' {} \\;", "allow", ["list $P/names"]],
  // Twins: the start point's own parent, a start point outside.
  ['find names/plain | while read line; do mkdir -p "${line%/*}"; done', "ask", ["#UNRESOLVED_WORD"]],
  ['find .. | while read line; do mkdir -p "${line%/*}"; done', "ask", ["list $T/work"]],
  ["find .. -exec sh -c 'ls \"${0%%/*}\"' {} \\;", "ask", ["list $T/work"]],
  ['cd names && find link | while read line; do mkdir -p "${line%/*}"; done', "ask", ["* $O"]],
]);

table("names taken apart: a literal replaced by a plain name", box, [
  ['find names/plain -type d -exec bash -c \'mv "$1" "${1//foo/Bar}"\' -- {} \\;', "allow", ["write $P/names/plain/*"]],
  ["find names/plain -name '*-GHBAG-*' -exec bash -c 'mv $0 ${0/GHBAG/stream-agg}' {} \\;", "allow", [
    "write $P/names/plain/a.txt",
  ]],
  ["find names/plain -type f -name '*.m4a' -exec bash -c 'avconv -i \"$0\" \"${0/%m4a/mp3}\"' '{}' \\;", "allow", [
    "* $P/names/plain/*",
  ]],
  ['find names/plain -name \'*.doc\' | while read i; do antiword -i 1 "${i}" >"${i/doc/txt}"; done', "allow", [
    "write $P/names/plain",
  ]],
  ['find names/plain -name \'*.doc\' | while read i; do cat "${i}" >"${i/#doc/txt}" && rm "${i}"; done', "allow", [
    "write $P/names/plain",
  ]],
  // Twins: a replacement that is empty, `..`, holds `/` or a blank, or starts with `-`; a
  // pattern holding `/`; a match in the start point's own text; IFS that cuts a name.
  ['find names/plain -type d -exec bash -c \'mv "$1" "${1//foo/}"\' -- {} \\;', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -type d -exec bash -c \'mv "$1" "${1//foo/..}"\' -- {} \\;', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -type d -exec bash -c \'mv "$1" "${1//foo/../../../outside}"\' -- {} \\;', "ask", [
    "#UNRESOLVED_WORD",
  ]],
  ['find names/plain -type d -exec bash -c \'mv "$1" "${1//foo/a b}"\' -- {} \\;', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -type d -exec bash -c \'mv "$1" "${1//foo/-rf}"\' -- {} \\;', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -type d -exec bash -c \'mv "$1" "${1//foo?/Bar}"\' -- {} \\;', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -type d -exec bash -c \'mv "$1" "${1//"sub/b"/Bar}"\' -- {} \\;', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -type d -exec bash -c \'mv "$1" "${1/plain/x}"\' -- {} \\;', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -type d -exec bash -c \'mv "$1" "${1/PLAIN/x}"\' -- {} \\;', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -type d -exec bash -c \'mv "$1" "${1/#names/x}"\' -- {} \\;', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -type d -exec bash -c \'mv "$1" "${1/%foo/}"\' -- {} \\;', "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -type d -exec bash -c 'IFS=o; mv $1 ${1/foo/Bar}' -- {} \\;", "ask", ["#UNRESOLVED_WORD"]],
  ['find names/link -exec bash -c \'mv "$1" "${1//foo/Bar}"\' -- {} \\;', "ask", ["#UNRESOLVED_PATH"]],
  ['find .. -type d -exec bash -c \'mv "$1" "${1//foo/Bar}"\' -- {} \\;', "ask", ["list $T/work"]],
]);

table("names taken apart: $(dirname NAME) and $(basename NAME [SUFFIX])", box, [
  ['cd names/plain && find . -name \'*.txt\' | while read f; do ls "$(dirname "$f")"; done', "allow", [
    "list $P/names/plain",
  ]],
  ['cd names/plain && find . -name \'*.txt\' | while read f; do d=$(dirname "$f"); ls -a "$d"; done', "allow", [
    "list $P/names/plain",
  ]],
  ["find names/plain -name '*.txt' -exec bash -c 'test -f $(dirname \"$1\")/Makefile' -- {} \\; -print", "allow", [
    "read $P/names/plain/Makefile",
  ]],
  [
    'cd names/plain && find . -name \'*.txt\' -exec sh -c \'if [ ! -f "$(dirname "$1")/$(basename "$1" .txt)" ]; then echo == $1; fi\' sh {} \\;',
    "ask",
    ["#UNRESOLVED_WORD"],
  ],
  [
    'cd names/plain && find . -name \'*.txt\' | while read f; do mv "$f" "$(dirname "$f")/$(basename "$f" .txt).md"; done',
    "allow",
    ["write $P/names/plain/..md"],
  ],
  ['cd names/plain && find . -type f | while read f; do echo "$(basename "$f")"; done', "allow"],
  // Twins: the parent of a start point other than `.`, a base name in the working directory
  // for one, a suffix that leaves `.` or `..` with nothing after it, a start point outside.
  ['find names/plain -name \'*.txt\' | while read f; do ls "$(dirname "$f")"; done', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -name \'*.txt\' | while read f; do cat "$(basename "$f")"; done', "ask", ["#UNRESOLVED_WORD"]],
  ['cd names/plain && find . -name \'*.txt\' | while read f; do mv "$f" "$(basename "$f" .txt)"; done', "ask", [
    "#UNRESOLVED_WORD",
  ]],
  ['cd names/plain && find . -name \'*.txt\' | while read f; do mv "$f" "$(dirname "$f" "$f")"; done', "ask", [
    "#UNRESOLVED_WORD",
  ]],
  ["find .. -name '*.txt' -exec bash -c 'test -f $(dirname \"$1\")/Makefile' -- {} \\;", "ask", ["list $T/work"]],
  ['cd names/link && find . | while read f; do cat "$(dirname "$f")/x"; done', "ask", ["* $O"]],
  ['cd names/plain && find . | while read f; do IFS=.; cat $(dirname "$f")/x; done', "ask", ["#UNRESOLVED_WORD"]],
  // A function or an alias by that name prints what it likes.
  [
    'cd names/plain && dirname() { echo /etc; }; find . -name a.txt | while read f; do cat "$(dirname "$f")/passwd"; done',
    "ask",
    ["#UNRESOLVED_WORD"],
  ],
  [
    'cd names/plain && shopt -s expand_aliases; alias basename=\'echo /etc/passwd\'; find . -name a.txt | while read f; do cat "$(basename "$f")"; done',
    "ask",
    ["#UNRESOLVED_WORD"],
  ],
  ['pwd() { echo /etc; }; cat "$(pwd)/passwd"', "ask", ["#UNRESOLVED_WORD"]],
]);

table("a stand-in after other text: the names are under that text joined to it", box, [
  ["cd names/plain && ls | xargs -I{} cp {} ../copy/{}", "allow", ["write $P/names/copy"]],
  ['cd names/plain && find . -type f | while read f; do cp "$f" "../copy/$(basename "$f")"; done', "allow", [
    "write $P/names/copy",
  ]],
  // Twins: `../link/out` is a symlink out, though `../link/.` is inside.
  ["cd names/plain && ls | xargs -I{} cat ../link/{}", "ask", ["read $O"]],
  ['cd names/plain && ls | while read f; do cat "../link/$f"; done', "ask", ["read $O"]],
  ['cd names/plain && find . -type f | while read f; do cat "../link/$(basename "$f")"; done', "ask", ["read $O"]],
  ["cd names/plain && find . -type f -exec cat ../link/{} \\;", "ask", ["read $O"]],
  ["cd names/plain && find . -type f -exec sh -c 'cat \"../link/${0%.txt}.txt\"' {} \\;", "ask", ["read $O"]],
  // Names printed without `./` after text that does not end with `/`: `../lin` + `k`.
  ["cd names/plain && ls | xargs -I{} cat ../lin{}/out", "ask", ["read $O"]],
  ['cd names/plain && ls | while read f; do cat "x$f"; done', "allow", ["read $P/names/plain"]],
]);

table("names taken apart: the last component, and what is after the first /", box, [
  ['cd names/plain && find . -type f | while read f; do cat "${f##*/}"; done', "allow", ["read $P/names/plain"]],
  ["cd names/plain && find . -name '*.txt' -exec bash -c 'd=\"${1%/*}\"; cp \"$1\" \"$d/$d-${1##*/}\"' - '{}' \\;",
    "allow", ["write $P/names/plain/.-."]],
  ['cd names/plain && find . -type f | while read f; do cp "$f" "../copy/${f#*/}"; done', "allow", [
    "write $P/names/copy",
  ]],
  // Twins: the base name of a name under another start point is a name in the working
  // directory; a base name after text that leads to a symlink out.
  ['find names/plain -type f | while read f; do cat "${f##*/}"; done', "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -type f -exec sh -c 'cat \"${0#*/}\"' {} \\;", "ask", ["#UNRESOLVED_WORD"]],
  ['cd names/plain && find . -type f | while read f; do cat "../link/${f##*/}"; done', "ask", ["read $O"]],
]);

table("names taken apart: ${x%LIT*}, cut at the last LIT of the whole text", box, [
  ["cd names/plain && find . -name '*.txt' -exec sh -c 'cp \"$0\" \"${0%.*}.md\"' {} \\;", "allow", [
    "write $P/names/plain/..md",
  ]],
  ['find names/plain -name \'*.txt\' | while read f; do cp "$f" "${f%.*}.bak"; done', "allow", [
    "write $P/names/plain.bak",
  ]],
  ['cd names/plain && find . -type f | while read f; do cp "$f" "${f%%.*}.bak"; done', "allow", [
    "write $P/names/plain/..bak",
  ]],
  ['cd names/plain && grep -rl x | while read f; do cp "$f" "${f%%.*}.bak"; done', "allow", [
    "write $P/names/plain/..bak",
  ]],
  ['find names/plain -type f -exec sh -c \'cp "$0" "${0%_*}_x"\' {} \\;', "allow", ["write $P/names/plain/*_x"]],
  // Twins: nothing after it (`./...` minus `.*` is `./..`), a start point that holds the text
  // (`names/v1.0/sub/b` minus `.*` is `names/v1`), a pattern before the `*`, `#`.
  ['cd names/plain && find . -type f -exec sh -c \'mv "$0" "${0%.*}"\' {} \\;', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/v1.0 -type f | while read f; do cp "$f" "${f%.*}.bak"; done', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -type f | while read f; do cp "$f" "${f%?.*}.bak"; done', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -type f | while read f; do cp "$f" "${f#.*}.bak"; done', "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -type f | while read f; do cp "$f" "${f%/x*}.bak"; done', "ask", ["#UNRESOLVED_WORD"]],
  // `./a` minus `.*` is empty: `-x` after it would be an option.
  ['cd names/plain && find . -type f | while read f; do cp "$f" "${f%.*}-x"; done', "ask", ["#UNRESOLVED_WORD"]],
]);
