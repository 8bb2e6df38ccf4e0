// Names a listing prints (src/shell/listing.ts): find, fd, ls and grep -rl, through line
// filters, into xargs, `read`, `$(…)` and `for` — inside cases that allow next to the twins
// that must not: names that a cut turns into other paths, links out, writes that make such
// names, and a stand-in used as a command, as code, or taken apart.

import { beforeAll } from "bun:test";
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { table, useSandbox } from "./support/table.ts";

const box = useSandbox();

beforeAll(() => {
  const n = join(box.fx.project, "names");
  for (const d of ["plain/sub", "blank/x /etc", "newline/y\n..", "dash", "link", "quote", "route/[id]",
    "route/(shop)"])
  {
    mkdirSync(join(n, d), { recursive: true });
  }
  const files: Record<string, string> = { "plain/a.txt": "TODO\n", "plain/sub/b.txt": "b\n",
    "blank/x /etc/passwd": "p\n", "newline/y\n../z": "z\n", "dash/-rf": "", "quote/it's": "",
    "route/[id]/page.tsx": "'use client'\n", "route/(shop)/page.tsx": "x\n", "route/a|": "" };
  for (const [f, c] of Object.entries(files)) writeFileSync(join(n, f), c);
  symlinkSync(box.fx.outside, join(n, "link", "out"));
  // Start points that are not plain names: one there, an empty directory, a dangling link.
  const st = join(box.fx.project, "starts");
  for (const d of ["Test Folder/in", "empty", "deep/sub"]) mkdirSync(join(st, d), { recursive: true });
  writeFileSync(join(st, "Test Folder", "in", "a.txt"), "a\n");
  symlinkSync("nowhere", join(st, "dang ling"));
});

table("listings: the same names wherever they arrive", box, [["find names/plain | sort | xargs wc -l", "allow", [
  "read $P/names/plain",
]], ["wc -l $(find names/plain -name '*.txt' | sort)", "allow", ["read $P/names/plain"]], [
  "for f in $(find names/plain -name '*.txt'); do wc -l \"$f\"; done",
  "allow",
  ["read $P/names/plain"],
], ["find names/plain -name '*.txt' | while read f; do cat \"$f\"; done", "allow", ["read $P/names/plain"]], [
  "find names/plain -print0 | xargs -0 chmod 644",
  "allow",
  ["write $P/names/plain"],
], ["grep -rl TODO names/plain | xargs sed -i s/TODO/DONE/", "allow", ["write $P/names/plain"]], [
  "cd names/plain && ls | xargs rm",
  "allow",
  ["write $P/names/plain"],
], ["cd names/plain && ls -tr | head -n -1 | xargs rm -f", "allow", ["write $P/names/plain"]], [
  'cat "$(find names/plain -name a.txt | head -1)"',
  "allow",
  ["read $P/names/plain"],
], ["fd -e txt . names/plain | xargs cat", "allow", ["read $P/names/plain"]], [
  "find names/plain -name '*.txt' 2>/dev/null | xargs grep -l TODO",
  "allow",
  ["read $P/names/plain"],
]]);

table("listings: names a cut turns into other paths", box, [
  // `./names/blank/x /etc/passwd` is cut into `./names/blank/x` and `/etc/passwd`.
  ["find names/blank -type f | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["cat $(find names/blank -type f)", "ask", ["#UNRESOLVED_WORD"]],
  ["for f in $(find names/blank); do cat $f; done", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/blank -type f | while read f; do cat $f; done", "ask", ["#UNRESOLVED_WORD"]],
  // Exact cuts help only a program that takes each name as a file (cat); one that gets the name
  // may cut it again (`sh -c 'cat $1'`).
  ["find names/blank -type f -print0 | xargs -0 cat", "allow", ["read $P/names/blank"]],
  ["find names/blank -type f -print0 | xargs -0 sh -c 'cat $1' _", "ask", ["#UNRESOLVED_WORD"]],
  // A name with a newline prints a line `..`.
  ['find names/newline -type f | while IFS= read -r f; do rm "$f"; done', "ask", ["#UNRESOLVED_WORD"]],
  ["find names/quote | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  // Next.js routes: `[id]`, `(shop)`. A program that takes each name as a file gets it as it is;
  // one that reads more into a name (perl's `<>` opens `a|` as a command, awk's `x=y` assigns)
  // or a shell does not.
  ["find names/route -name '*.tsx' | xargs grep -l 'use client'", "allow", ["read $P/names/route"]],
  ["find names/route -type f | xargs wc -l", "allow", ["read $P/names/route"]],
  ["find names/route -type f | xargs sed -i s/x/y/", "allow", ["write $P/names/route"]],
  ["find names/route -type f | xargs perl -ne print", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/route -type f | xargs awk 1", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/route -type f | xargs sh -c 'cat $1' _", "ask", ["#UNRESOLVED_WORD"]],
  // What cuts a name, or starts it with `-`, is still a question for them too.
  ["find names/quote | xargs grep x", "ask", ["#UNRESOLVED_WORD"]],
  ["cd names/dash && ls | xargs grep x", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/blank | xargs wc -l", "ask", ["#UNRESOLVED_WORD"]],
  // A bare name that starts with `-` is an option to the command that gets it.
  ["cd names/dash && ls | xargs rm", "ask", ["#UNRESOLVED_WORD"]],
  // IFS that holds a character a plain name may hold cuts it.
  ["IFS=.; cat $(find names/plain -type f)", "ask", ["#UNRESOLVED_WORD"]],
  ["IFS=/; cat $(find names/plain -type f)", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -type f | while read f; do IFS=/; cat $f; done", "ask", ["#UNRESOLVED_WORD"]],
]);

table("listings: outside, and what a filter or an option makes of them", box, [
  ["find .. | xargs cat", "ask", ["list $T/work"]],
  ["ls ../outside | xargs rm", "ask", ["list $O"]],
  ["find -O3 ../outside | xargs cat", "ask", ["list $O"]],
  // find takes any level after -O (`-O12` runs, as find 4.9 does): the start point is still ../outside.
  ["find -O12 ../outside | xargs cat", "ask", ["list $O", "read $O"]],
  ["find names/link | xargs cat", "ask", ["* $O"]],
  ["find names/plain -name x -printf '../%p\\n' | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | sed s/^/..\\\\// | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | head -c 12 | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | uniq ../outside/secret.txt | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["git ls-files | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  // find prints the directory itself: `names/plain/../../../x` is above the project.
  ["find names/plain | xargs -I{} cat {}/../../../x", "ask", ["read $T/work/x"]],
  ['find names/plain -maxdepth 0 | while read f; do cat "$f/../../../x"; done', "ask", ["read $T/work/x"]],
  // With no name, `cd` goes home; with two, it fails and stays.
  // (cd follows each: test/listing-cwd.test.ts.)
  ["cd $(find names/plain -name nothing) && cat .bashrc", "ask", ["cwd $H", "read $H/.bashrc"]],
  ['cd "$(find names/plain -maxdepth 0 | head -1)" && cat ../../../x', "ask", ["#UNRESOLVED_CWD"]],
  // With no name, grep -r searches the working directory.
  ["cd ../outside && grep -r x $(find ../project/names/plain -name nothing)", "ask", ["cwd $O"]],
  // At the end of input read empties its variable: `$f/etc/hosts` is then `/etc/hosts`.
  ['find names/plain -maxdepth 0 | { while read f; do :; done; cat "$f/etc/hosts"; }', "ask", ["read /etc/hosts"]],
]);

table("listings: a stand-in is not a command, code, or text to take apart", box, [[
  "find names/plain | xargs -I{} sh -c 'cat {}'",
  "ask",
  ["#OPAQUE_CODE"],
], ["cd names/plain && ls | xargs sh -c", "ask", ["#OPAQUE_CODE"]], [
  'find names/plain -name a.txt | while read f; do eval "y=$f"; cat "${y%plain?a.txt}../../outside/secret.txt"; done',
  "ask",
  ["#OPAQUE_CODE"],
], ["for f in $(find names/plain); do eval cat $f; done", "ask", ["#OPAQUE_CODE"]], [
  "cd names/plain && ls | xargs -n1 bash",
  "ask",
  ["#OPAQUE_CODE"],
], ["cd names/plain && ls | xargs -I{} {}", "ask", ["#UNRESOLVED_COMMAND"]], ["cd names/plain && ls | xargs env", "ask",
  ["#UNRESOLVED_COMMAND"]], ['find names/plain -type f | while read f; do cat "${f##*/}"; done', "ask", [
  "#UNRESOLVED_WORD",
]], ['for f in $(find names/plain -type f); do cat "${f#*/}"; done', "ask", ["#UNRESOLVED_WORD"]]]);

table("listings: a command that makes a name that is not plain undoes them", box, [
  ["find names/plain | xargs cat; mkdir -p 'names/plain/x /etc'", "ask", ["#UNRESOLVED_WORD"]],
  ["mkdir -p 'names/plain/x /etc'; find names/plain | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs cat | cp -r names/blank names/plain/", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | while read f; do mv names/blank names/plain/; done", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs cat > 'names/plain/a b'", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs cat; tar -xf names/plain/a.txt -C names/plain", "ask", ["#UNRESOLVED_WORD"]],
  // Elsewhere, or names that are plain, change nothing under the directory.
  ["find names/plain | xargs cat; mkdir -p 'build/x y'", "allow", ["read $P/names/plain"]],
  ["find names/plain -name '*.txt' | xargs rm; touch names/plain/new.txt", "allow", ["write $P/names/plain/new.txt"]],
  ["find names/plain -name '*.txt' | xargs -I{} mv {} build/", "allow", ["write $P/build"]],
  ["cd names/plain && ls | xargs -I{} cp {} {}.bak", "allow", ["write $P/names/plain/..bak"]],
  ["find names/plain -type f -print0 | xargs -0 -I {} gzip -9 {}", "allow", ["write $P/names/plain"]],
  ["find names/plain -type f -print0 | xargs -0 gzip -dN", "ask", ["#UNRESOLVED_WORD"]],
]);

table("listings: a stand-in copied into a variable, a parameter or a loop stays one", box, [
  // `${x%plain?a.txt}` cuts `names/` from the name `names/plain/a.txt`, nothing from the stand-in `names/plain`.
  ['find names/plain -name a.txt | while read f; do y=$f; cat "${y%plain?a.txt}../../outside/secret.txt"; done', "ask",
    ["#UNRESOLVED_WORD"]],
  ['for f in $(find names/plain -name a.txt); do y=$f; cat "${y%plain?a.txt}../../outside/secret.txt"; done', "ask", [
    "#UNRESOLVED_WORD",
  ]],
  [
    'find names/plain -name a.txt | while read f; do for y in "$f"; do cat "${y%plain?a.txt}../../outside/secret.txt"; done; done',
    "ask",
    ["#UNRESOLVED_WORD"],
  ],
  ['find names/plain -name a.txt | while read f; do set -- "$f"; cat "${1%plain?a.txt}../../outside/secret.txt"; done',
    "ask", ["#UNRESOLVED_WORD"]],
  [
    'find names/plain -name a.txt | while read f; do g() { cat "${1%plain?a.txt}../../outside/secret.txt"; }; g "$f"; done',
    "ask",
    ["#UNRESOLVED_WORD"],
  ],
  ['find names/plain -name a.txt | while read f; do y=${f:-x}; cat "${y%plain?a.txt}../../outside/secret.txt"; done',
    "ask", ["#UNRESOLVED_WORD"]],
  [
    'find names/plain -name a.txt | while read f; do printf -v y %s "$f"; cat "${y%plain?a.txt}../../outside/secret.txt"; done',
    "ask",
    ["#UNRESOLVED_WORD"],
  ],
  [
    'find names/plain -name a.txt | while read f; do declare y="$f"; cat "${y%plain?a.txt}../../outside/secret.txt"; done',
    "ask",
    ["#UNRESOLVED_WORD"],
  ],
  [
    'find names/plain -name a.txt | while read f; do export y="$f"; cat "${y%plain?a.txt}../../outside/secret.txt"; done',
    "ask",
    ["#UNRESOLVED_WORD"],
  ],
  ['find names/plain -name a.txt | while read f; do a=("$f"); cat "${a[0]%plain?a.txt}../../outside/secret.txt"; done',
    "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -name a.txt | while read f; do a[0]="$f"; cat "${a[0]%plain?a.txt}../../outside/secret.txt"; done',
    "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -name a.txt | while read f; do y=x; y+="$f"; cat "${y%plain?a.txt}../../outside/secret.txt"; done',
    "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -name \'*.txt\' | while read f; do a=("$f"); wc -l "${a[0]}"; done', "allow", [
    "read $P/names/plain",
  ]],
  // What a `case` pattern matches in a name is not what it matches in the stand-in.
  ["find names/plain | while read f; do case $f in */a.txt) cat ../outside/secret.txt;; esac; done", "ask", [
    "read $O/secret.txt",
  ]],
  ["find names/plain | while read f; do y=$f; case $y in */a.txt) cat ../outside/secret.txt;; esac; done", "ask", [
    "read $O/secret.txt",
  ]],
  // Text printed or given as a here-string from a stand-in is not the names' text either.
  ['find names/plain -name a.txt | while read f; do x=$(echo $f); cat "${x%plain?a.txt}../../outside/secret.txt"; done',
    "ask", ["#UNRESOLVED_WORD"]],
  [
    'find names/plain -name a.txt | while read f; do x=$(printf %s "$f"); cat "${x%plain?a.txt}../../outside/secret.txt"; done',
    "ask",
    ["#UNRESOLVED_WORD"],
  ],
  [
    'find names/plain -name a.txt | while read f; do echo "$f" | while read g; do cat "${g%plain?a.txt}../../outside/secret.txt"; done; done',
    "ask",
    ["#UNRESOLVED_WORD"],
  ],
  [
    'find names/plain -name a.txt | while read f; do while read g; do cat "${g%plain?a.txt}../../outside/secret.txt"; done <<< "$f"; done',
    "ask",
    ["#UNRESOLVED_WORD"],
  ],
  [
    'find names/plain -name a.txt | while read f; do echo "$f" | xargs -I{} sh -c \'cat "${1%plain?a.txt}../../outside/secret.txt"\' _ {}; done',
    "ask",
    ["#UNRESOLVED_WORD"],
  ],
  ['echo src/main.ts | while read g; do cat "${g%main.ts}x"; done', "allow", ["read $P/src/x"]],
  // Whole, they stay good as paths.
  ["find names/plain -name '*.txt' | while read f; do y=$f; wc -l \"$y\"; done", "allow", ["read $P/names/plain"]],
  ['find names/plain -name \'*.txt\' | while read f; do g() { wc -l "$1"; }; g "$f"; done', "allow", [
    "read $P/names/plain",
  ]],
]);

table('listings: find -exec sh -c and xargs sh -c get the names as $0, $1 and "$@"', box, [
  ['find names/plain -exec sh -c \'mv "$1" "$1.bak"\' sh {} \\;', "allow", ["write $P/names/plain",
    "write $P/names/plain/*.bak"]],
  ['find names/plain -type f -exec sh -c \'iconv -f cp1252 -t utf-8 "$1" > converted && mv converted "$1"\' -- {} \\;',
    "allow", ["write $P/names/plain/*"]],
  ["find names/plain ! -name . -prune -exec sh -c 'mv \"$@\" build/' sh {} +", "allow", ["write $P/build"]],
  ["find names/plain -name '*.txt' -exec sh -c 'wc -l \"$0\"' {} \\;", "allow", ["read $P/names/plain/*"]],
  ["find names/plain | xargs sh -c 'wc -l \"$@\"' _", "allow", ["read $P/names/plain"]],
  ["find names/plain | xargs -I{} sh -c 'wc -l \"$1\"' _ {}", "allow", ["read $P/names/plain"]],
  // Names that are not plain, links out, a start outside, a directory change first, a name taken apart.
  ["find names/blank -exec sh -c 'cat $1' _ {} \\;", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/blank -exec sh -c 'cat \"$0\"' {} \\;", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/link -exec sh -c 'cat \"$1\"' _ {} \\;", "ask", ["* $O"]],
  ["find ../outside -exec sh -c 'cat \"$1\"' _ {} \\;", "ask", ["read $O"]],
  ["find names/plain -exec sh -c 'cd /; cat \"$1\"' _ {} \\;", "ask", ["read /names/plain"]],
  ["find names/plain -exec sh -c 'cat \"${1%plain?a.txt}../../outside/secret.txt\"' _ {} \\;", "ask", [
    "#UNRESOLVED_WORD",
  ]],
  ["find names/plain -exec sh -c 'sh -c \"$1\"' _ {} \\;", "ask", ["#OPAQUE_CODE"]],
  ['find names/plain -exec sh -c \'mv "$1" "$1 x"\' _ {} \\;', "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -execdir sh -c 'cat \"$1/../../../outside/secret.txt\"' _ {} \\;", "ask", ["read $O/secret.txt"]],
]);

table("listings: commands that make only the names they are given, or plain names made from them", box, [
  // vim writes NAME and makes .NAME.swp beside it; compress makes NAME.Z; sed -i.bak NAME.bak.
  ["find names/plain -name '*.txt' | xargs vim", "allow", ["write $P/names/plain"]],
  ["find names/plain -type f -mtime +7 | tee list.txt | xargs compress", "allow", ["write $P/names/plain"]],
  ["find names/plain -type f | xargs sed -i.bak s/a/b/", "allow", ["write $P/names/plain.bak"]],
  // sed -i '' and -i .bak, read as GNU and as BSD sed (src/commands/table/sed.ts): GNU's file
  // `s/[[:space:]]*$//` is only edited if it is there, which makes no name.
  ["find names/plain -type f -print0 | xargs -0 sed -i '' -E 's/[[:space:]]*$//'", "allow", ["write $P/names/plain"]],
  ["find names/plain -type f -print0 | xargs -0 sed -i .bak -E 's/a/b/'", "allow", ["write $P/names/plain.bak"]],
  ["find names/plain -name '*.txt' | xargs -I{} sed -i '' 's/[[:space:]]*$//g' {}", "allow", ["write $P/names/plain"]],
  ["find names/plain -type f -print0 | xargs -0 -I{} ffmpeg -i {} {}.mp4", "allow", ["write $P/names/plain.mp4"]],
  ["find names/plain -type f | xargs -I{} touch {}.done", "allow", ["write $P/names/plain.done"]],
  ["find names/plain -type f | xargs bunzip2", "allow", ["write $P/names/plain"]],
  // Twins: a suffix that is not plain, a name stored in the file, a program that may make any name.
  ["find names/plain -type f | xargs sed '-i b' s/a/b/", "ask", ["#UNRESOLVED_WORD"]],
  // BSD sed reads the first name as its script; a script BSD sed reads that writes a name that is not plain there.
  ["find names/plain -type f -print0 | xargs -0 sed -i ''", "ask", ["#INLINE_CODE"]],
  ["find names/plain -type f -print0 | xargs -0 sed -i '' 's/a/b/w names/plain/x y'", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -type f | xargs -I{} touch '{} x'", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -type f | xargs gunzip -N", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -type d | xargs -I{} cp -r names/blank {}", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs cat; patch -d names/plain -p1 < list.txt", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs cat; ln -s ../../outside names/plain/x", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs cat; tar -xf a.tar -C names/plain", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs cat; unzip a.zip -d names/plain", "ask", ["#UNRESOLVED_WORD"]],
  // xargs without -I passes `{}` as it is: a source that is not there moves and copies nothing.
  ["find names/plain -type f -iname '*.txt' -print0 | xargs -0 mv {} {}.abc", "allow", ["write $P/{}",
    "write $P/names/plain"]],
  ["cd names/plain && find . -type f -print0 | xargs -0 cp {} {}.abc", "allow", ["write $P/names/plain"]],
  // Twins: made earlier, there (a name that is not plain, moved into the last name), a
  // destination made from a source that is there, an option that names the destination.
  ["touch '{}'; find names/plain -type f -print0 | xargs -0 mv {} {}.abc", "ask", ["#UNRESOLVED_WORD"]],
  ['find names/plain -type d -print0 | xargs -0 mv "names/quote/it\'s"', "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs cat; mv names/plain/a.txt 'names/plain/{}'", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs cat; mv README.md '{}'; mv '{}' names/plain", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -type d -print0 | xargs -0 mv -t {}", "ask", ["#UNRESOLVED_WORD"]],
]);

table("listings: consumers that copy or archive the names into the listed tree", box, [
  // cpio -p copies NAME to DEST/NAME (`../x` to DEST/../x), a symlink as a symlink: with plain
  // names and no symlink among them (on disk), the copies are plain names and no link.
  ["find names/plain | cpio -pd names/plain/copy", "allow", ["write $P/names/plain/copy/names/plain"]],
  ["cd names/plain && find . -name '*.txt' | cpio -pd ./fails", "allow", ["write $P/names/plain/fails"]],
  ["cd names/plain && find . -type d | cpio -pdvm destdir", "allow", ["write $P/names/plain/destdir"]],
  ["cd names/plain && find ./ -depth -print0 | cpio -0pvd copy", "allow", ["write $P/names/plain/copy"]],
  ["cd names/plain && find ../plain | cpio -pd copy", "allow", ["write $P/names/plain/plain"]],
  // tar -T - switches to NUL-ended names at the first NUL; zip -@ reads one name a line, blanks kept.
  ["find names/plain -print0 | tar -cf build/x.tar -T -", "allow", ["read $P/names/plain"]],
  ["find names/blank -print0 | tar --null -cf build/x.tar -T -", "allow", ["read $P/names/blank"]],
  ["find names/newline -print0 | tar --null -cf build/x.tar -T -", "allow", ["read $P/names/newline"]],
  ["find names/plain -name '*.txt' -print | zip names/plain/all.zip -@", "allow", ["read $P/names/plain"]],
  ["find names/blank -type f | zip -j build/all -@", "allow", ["read $P/names/blank"]],
  ["find names/link | zip -y build/x.zip -@", "allow", ["read $P/names/link"]],
  // Twins: a symlink in the tree (copied as itself, it resolves from elsewhere), or followed
  // (-L); a destination outside or through a link out; a listing above; a link made later.
  ["find names/link | cpio -pd names/link/copy", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/link | cpio -pdL build/copy", "ask", ["read $O"]],
  ["find names/plain | cpio -pd ../outside/copy", "ask", ["write $O/copy/names/plain"]],
  ["find names/plain | cpio -pd names/link/out/copy", "ask", ["write $O/copy"]],
  ["cd names/plain && find ../.. | cpio -pd copy", "ask", ["#UNRESOLVED_WORD"]],
  // (The copies of `..` land in DEST/..: above the project here.)
  ["cd names/plain/sub && find .. | cpio -pd ../../..", "ask", ["#EXTERNAL_PATH"]],
  ["find names/plain | cpio -pd names/plain/c; ln -s ../../.. names/plain/c/up", "ask", ["#UNRESOLVED_WORD"]],
  [
    "find names/plain | cpio -pd names/plain/c && ln -s ../../../.. names/plain/c/up && cat names/plain/c/up/outside/secret.txt",
    "ask",
    ["#UNRESOLVED_PATH"],
  ],
  ["find names/plain -print0 | cpio -pd names/plain/copy", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/newline -print0 | tar -cf build/x.tar -T -", "ask", ["#UNRESOLVED_WORD"]],
  ["printf 'README.md\\0../outside/secret.txt\\0' | tar -cf build/x.tar -T -", "ask", ["read $O/secret.txt"]],
  ["find names/link | zip build/x.zip -@", "ask", ["read $O"]],
  ["find names/newline | zip build/x.zip -@", "ask", ["#UNRESOLVED_WORD"]],
  ["printf 'README.md\\n../outside/secret.txt\\n' | zip build/x.zip -@", "ask", ["read $O/secret.txt"]],
  // unzip strips `../` and a leading `/` and makes an archive's own links last, but a second
  // archive writes `l/x` through the link `l` a first one made (unzip 6.0): several archives
  // into one tree stay unknown, as `unzip a.zip; unzip b.zip` does.
  ["find names/plain -name '*.zip' | xargs -n 1 unzip", "ask", ["#UNRESOLVED_PATH"]],
  ["find names/plain -name '*.zip' -execdir unzip '{}' ';'", "ask", ["#UNRESOLVED_PATH"]],
  ["find names/plain -type f -name '*.zip' -print0 | xargs -0 tar -xzf", "ask", ["#UNRESOLVED_PATH"]],
]);

table("listings: commands that only remove or change names make none, whatever a write's text", box, [
  // strace: rm/unlink unlinkat, rmdir rmdir, chmod/chown/chgrp fchmodat/fchownat, shred -u
  // renames to `0…` and unlinks; none opens with O_CREAT. (xargs without -I passes `{}` as is.)
  ["cd names/plain && find . | grep -v xml | xargs rm -rf {}", "allow", ["write $P/names/plain/{}"]],
  ["find names/plain | xargs -I{} rm -f '{} x'", "allow", ["write $P/names/plain x"]],
  ["find names/plain -type f | xargs -I{} shred -u '{} x'", "allow", ["write $P/names/plain x"]],
  ["find names/plain -type f | xargs -I{} chmod 644 '{} x'", "allow", ["write $P/names/plain x"]],
  ["find names/plain -type f | xargs -I{} chgrp -h users '{} x'", "allow", ["write $P/names/plain x"]],
  ["find names/plain | while read f; do rmdir 'names/plain/a b'; unlink 'names/plain/c d'; done", "allow", [
    "write $P/names/plain/a b",
  ]],
  ["find names/plain | xargs -I{} /usr/bin/rm -i '{} x'", "allow", ["write $P/names/plain x"]],
  // Twins: a redirection on one makes its file; touch, mkdir, tee and truncate make the names they write; outside.
  ["find names/plain | xargs rm -rf {} > 'names/plain/a b'", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | while read f; do rm \"$f\" 2> 'names/plain/a b'; done", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs -I{} mkdir '{} x'", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs -I{} tee '{} x'", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs -I{} truncate -s 0 '{} x'", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | while read f; do rm \"$f\"; mkdir 'names/plain/a b'; done", "ask", ["#UNRESOLVED_WORD"]],
  ["find ../outside | grep -v xml | xargs rm -rf {}", "ask", ["list $O"]],
  ["find names/blank | xargs rm -rf {}", "ask", ["#UNRESOLVED_WORD"]],
]);

table("listings: perl -i with confined code rewrites the names in place, and makes plain backups beside them", box, [
  // strace: perl opens NAME, writes `XX` and six letters or digits beside it and renames that
  // onto NAME; with a suffix it links NAME to NAME+SUFFIX first; a NAME not there is not made.
  ["find names/plain -type f -print0 | xargs -0 perl -pi -e 's/ +$//'", "allow", ["write $P/names/plain"]],
  ["find names/plain -name '*.txt' -print | xargs perl -pi -e 's/Windows/Linux/ig' names/plain/*.txt", "allow", [
    "write $P/names/plain/a.txt",
  ]],
  ["find names/plain -type f | xargs perl -pi.bak -e 's/a/b/'", "allow", ["write $P/names/plain.bak"]],
  ["find names/plain -type f | xargs perl -i -pe 's/a/b/'", "allow", ["write $P/names/plain"]],
  ["find names/plain | xargs cat; perl -pi.orig -e 's/a/b/' names/plain/a.txt", "allow", [
    "write $P/names/plain/a.txt.orig",
  ]],
  // Twins: a suffix that is not plain (perl reads `-pi b` as -p and -i` b`), one with `*` or
  // `/`, code that is not confined, a name written that is not plain, ruby, outside.
  ["find names/plain -type f | xargs perl '-pi b' -e 's/a/b/'", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -type f | xargs perl -pi'*x y' -e 's/a/b/'", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -type f | xargs perl -pi'bak/*' -e 's/a/b/'", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -type f | xargs perl -pi -e 'rename $_, 1'", "ask", ["#INLINE_CODE"]],
  ["find names/plain | xargs cat; perl -pi -e 's/a/b/' 'names/plain/a b'", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -type f | xargs ruby -pi -e 'x'", "ask", ["#INLINE_CODE"]],
  ["find ../outside -type f | xargs perl -pi -e 's/a/b/'", "ask", ["list $O"]],
]);

table("listings: rename of the names a listing stands for", box, [
  // The substitution cannot touch `names/plain` itself: every new name stays under it.
  ["find names/plain -name '*.txt' | xargs rename 's/\\.txt$/.md/'", "allow", ["write $P/names/plain"]],
  ["find names/plain -name '*.txt' | rename 's/\\.txt$/.md/'", "allow", ["write $P/names/plain"]],
  ["find names/plain -name '*_test.rb' | xargs -r rename s/_test/_spec/g", "allow", ["write $P/names/plain"]],
  ["find names/plain -name '*.txt' -exec rename 's/\\.txt$/.md/' {} \\;", "allow", ["write $P/names/plain/*"]],
  ["find names/plain -name '*.txt' -print0 | xargs -0 rename .txt .abc", "allow", ["write $P/names/plain"]],
  // Twins: a match in the directory's own text, a component that may become `..`, a pattern
  // that is not literal, util-linux renaming the start point, `cd` first, a start outside.
  ["find names/plain | xargs rename 's/plain/x/'", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs rename 's/^names/x/'", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs rename 's/a/../'", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs rename 's/.txt/x/'", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | xargs rename plain ../x", "ask", ["#UNRESOLVED_WORD"]],
  ["find . -name '*.txt' | xargs rename 's/\\.//'", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | rename -s a b", "ask", ["#UNRESOLVED_WORD"]],
  ["find ../outside | xargs rename 's/\\.txt$/.md/'", "ask", ["list $O"]],
  // (rename renames a link itself, not what it leads to; xargs judges the links it hands on.)
  ["find names/link | xargs rename 's/\\.txt$/.md/'", "ask", ["* $O"]],
]);

// git ls-files and git diff --name-only print names from git's index, not from the disk: the
// guard reads the index (src/paths/git-index.ts). Real repositories, made by git: one whose
// index holds plain names; one whose index holds `link-out/x` where link-out is now a symlink
// out; one whose index holds `a /etc/passwd` (added by update-index, never on disk), which
// xargs cuts into `a` and `/etc/passwd`; one with a version 4 index (names prefix-compressed).
const gitBox = useSandbox();

beforeAll(() => {
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null", GIT_AUTHOR_NAME: "t",
    GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" };
  const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env, stdio: "pipe" });
  const make = (name: string, files: Record<string, string>) => {
    const dir = join(gitBox.fx.project, "repos", name);
    for (const [f, c] of Object.entries(files)) {
      mkdirSync(join(dir, f, ".."), { recursive: true });
      writeFileSync(join(dir, f), c);
    }
    git(dir, "init", "-q");
    git(dir, "add", "-A");
    return dir;
  };
  const good = make("good", { "README.md": "r\n", "src/a.ts": "a\n", "src/b.ts": "TODO\n" });
  writeFileSync(join(good, "src/b.ts"), "TODO changed\n");
  const out = make("linkout", { "ok.txt": "o\n", "link-out/x": "x\n" });
  rmSync(join(out, "link-out"), { recursive: true });
  symlinkSync(gitBox.fx.outside, join(out, "link-out"));
  const tracked = make("tracked", { "ok.txt": "o\n" });
  symlinkSync(gitBox.fx.outside, join(tracked, "out"));
  git(tracked, "add", "out");
  const blank = make("blank", { "ok.txt": "o\n" });
  git(blank, "update-index", "--add", "--cacheinfo", "100644,e69de29bb2d1d6434b8b29ae775ad8c2e48c5391,a /etc/passwd");
  // A `.git` git passes over (no HEAD): it reads the index of the repository above instead.
  mkdirSync(join(blank, "inner", ".git"), { recursive: true });
  // A Next.js app: route names with brackets and parentheses, which git prints as they are.
  make("routes", { "app/products/[id]/page.tsx": "'use client'\n", "app/(shop)/cart/page.tsx": "c\n" });
  const v4 = make("v4", { "src/lib/aa.ts": "a\n", "src/lib/ab.ts": "b\n", "src/x.ts": "x\n" });
  git(v4, "update-index", "--index-version", "4");
});

// ripgrep's names (pipe/rg.ts, checked against ripgrep 13): `--files` and `-l` print names under
// each path as given, or relative to the working directory; anything that decorates the names
// or prints something else is not a listing.
table("listings: ripgrep's names", box, [["rg -l TODO names/plain | xargs sed -i s/TODO/DONE/", "allow", [
  "write $P/names/plain",
]], ["rg --files names/plain | xargs wc -l", "allow", ["read $P/names/plain"]], [
  "cd names/plain && rg -l -0 TODO | xargs -0 cat",
  "allow",
  ["read $P/names/plain"],
], ["rg -l -e TODO -- names/plain | xargs cat", "allow", ["read $P/names/plain"]], ["rg -l TODO ../outside | xargs cat",
  "ask", ["read $O"]], ["rg --files names/link | xargs cat", "ask", ["* $O"]], ["rg --files names/blank | xargs cat",
  "ask", ["#UNRESOLVED_WORD"]], ["rg -c TODO names/plain | xargs cat", "ask", ["#UNRESOLVED_WORD"]], [
  "rg --json -l TODO names/plain | xargs cat",
  "ask",
  ["#UNRESOLVED_WORD"],
], ["rg -l --path-separator=x TODO names/plain | xargs cat", "ask", ["#UNRESOLVED_WORD"]], [
  "rg -l --color=always TODO names/plain | xargs cat",
  "ask",
  ["#UNRESOLVED_WORD"],
], ["rg -pl TODO names/plain | xargs cat", "ask", ["#UNRESOLVED_WORD"]]]);

table("listings: names from git's index", gitBox, [
  ["cd repos/good && git ls-files | xargs wc -l", "allow", ["read $P/repos/good"]],
  // Route names (`[id]`, `(shop)`) reach a program that takes each name as a file as they are;
  // a shell that globs them again, or perl, does not take them.
  ["cd repos/routes && git ls-files '*.tsx' | xargs wc -l", "allow", ["read $P/repos/routes"]],
  ["cd repos/routes && git ls-files | xargs grep -l 'use client'", "allow", ["read $P/repos/routes"]],
  ["cd repos/routes && git ls-files | xargs perl -ne print", "ask", ["#UNRESOLVED_WORD"]],
  ["cd repos/routes && for f in $(git ls-files); do cat $f; done", "ask", ["#UNRESOLVED_WORD"]],
  ["cd repos/routes && git ls-files | while read f; do cat $f; done", "ask", ["#UNRESOLVED_WORD"]],
  ["cd repos/good && wc -l $(git ls-files '*.ts')", "allow", ["read $P/repos/good"]],
  ['cd repos/good && for f in $(git ls-files); do cat "$f"; done', "allow", ["read $P/repos/good"]],
  ["cd repos/good && git ls-files | grep x | xargs cat", "allow", ["read $P/repos/good"]],
  ["cd repos/good && git ls-files -z | xargs -0 cat", "allow", ["read $P/repos/good"]],
  ["cd repos/good && git diff --name-only | xargs grep -l TODO", "allow", ["read $P/repos/good"]],
  ["cd repos/good/src && git ls-files | xargs cat", "allow", ["read $P/repos/good/src"]],
  ["cd repos/v4 && git ls-files | xargs cat", "allow", ["read $P/repos/v4"]],
  // The index names a file under what is now a symlink out; or a name a cut makes outside.
  ["cd repos/linkout && git ls-files | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["cd repos/tracked && git ls-files | xargs cat", "ask", ["* $O"]],
  ["cd repos/blank && git ls-files | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["cd repos/blank && cat $(git ls-files)", "ask", ["#UNRESOLVED_WORD"]],
  ["cd repos/blank/inner && git ls-files | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  // Names from history, from the disk, or printed relative to a place above.
  ["cd repos/good && git diff --name-only HEAD | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["cd repos/good && git diff --cached --name-only | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["cd repos/good/src && git ls-files .. | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["cd repos/good && git ls-files -o | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["cd repos/good && git ls-files ':(top)' | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  // Another index, or one the command line changes (before or while the names are read).
  ["cd repos/good && GIT_INDEX_FILE=../blank/.git/index git ls-files | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["cd repos/good && cat $(GIT_INDEX_FILE=../blank/.git/index git ls-files)", "ask", ["#UNRESOLVED_WORD"]],
  ["cd repos/good && export GIT_DIR=../blank/.git && git ls-files | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  [
    "cd repos/good && git update-index --add --cacheinfo '100644,e69de29bb2d1d6434b8b29ae775ad8c2e48c5391,a /etc/passwd' && git ls-files | xargs cat",
    "ask",
    ["#UNRESOLVED_WORD"],
  ],
  ["cd repos/good && cp ../blank/.git/index .git/index; git ls-files | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["cd repos/good && git ls-files | xargs cat & git read-tree HEAD", "ask", ["#UNRESOLVED_WORD"]],
  ["cd repos/good && ln -s /etc link && git ls-files | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
]);

table("listings: names a command makes from the names (find -printf, dirname, awk, sed)", box, [
  // find -printf: %p, %h (dirname: `.` for a top name), %f (a bare name), PREFIX/%P, quoted for xargs.
  ["find names/plain -type f -printf '%p\\n' | xargs cat", "allow", ["read $P/names/plain"]],
  ["find names/plain -type f -printf '%h\\0' | xargs -0 ls", "allow", ["list $P/names/plain", "list $P/names"]],
  ["find names/plain -type d -printf 'build/%P\\0' | xargs -0 mkdir -p", "allow", ["write $P/build"]],
  ["find names/plain -type f -printf '\"%p\"\\n' | xargs rm -f", "allow", ["write $P/names/plain"]],
  ["find names/plain -type f -printf '\"%p\"\\n' | xargs -I{} cat {}", "allow", ["read $P/names/plain"]],
  ["cd names/plain && find sub -type f -printf '%f\\n' | xargs ls", "allow", ["list $P/names/plain"]],
  ["find names/plain -name a.txt -printf '%p\\0' -printf 'build/%P\\0' | xargs -0 -n2 cp -n", "allow", [
    "write $P/build",
  ]],
  ["wc -l $(find names/plain -name '*.txt' -printf '%h\\n')", "allow", ["read $P/names/plain"]],
  // dirname of each name: the directories under the start point, and the start point's own.
  ["find names/plain -name '*.txt' | xargs dirname | xargs ls", "allow", ["list $P/names/plain", "list $P/names"]],
  ["cd names/plain && find . -name '*.txt' | xargs -n 1 dirname | xargs -n 1 cp -f ../../README.md", "allow", [
    "write $P/names/plain",
  ]],
  // (cp into `names`, dirname of the start point, may copy into a tree whose names are not plain.)
  ["find names/plain -name '*.txt' | xargs -n 1 dirname | xargs -n 1 cp -f README.md", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -name '*.txt' -exec dirname {} \\; | xargs ls", "allow", ["list $P/names/plain", "list $P/names"]],
  // awk that only chooses lines; sed that appends a plain literal.
  ["cd names/plain && rm `ls -t | awk 'NR>5'`", "allow", ["write $P/names/plain"]],
  ["cd names/plain && ls -t | awk '!/keep/ {print $0}' | xargs rm", "allow", ["write $P/names/plain"]],
  ["find names/plain -type d | sed 's/$/\\/abc.txt/g' | xargs touch", "allow", ["write $P/names/plain/abc.txt"]],
  ["find names/plain -name '*.txt' | sed 's/\\(.*\\)/\\1.out/' | xargs touch", "allow", ["write $P/names/plain.out"]],
  // ls options that only order or choose names: -C1 (the last of -C and -1 wins), -p, -Q for xargs.
  ["cd names/plain && ls -C1 -t | awk 'NR>5' | xargs rm", "allow", ["write $P/names/plain"]],
  ["cd names/plain && ls -tQ | tail -n+4 | xargs rm", "allow", ["write $P/names/plain"]],
  ["cd names/plain && ls -p | xargs ls", "allow", ["list $P/names/plain"]],
  // xargs -0 on names ended by newlines gets one item, the whole output: under `.`.
  ["cd names/plain && find . -name '*.txt' | xargs -0 rm -f", "allow", ["write $P/names/plain"]],
]);

// A name rebuilt through text tools stays a name under its stand-in when the change stays inside
// its components below it (src/commands/table/pipe/names-text.ts).
table("listings: names rebuilt through sed s/LIT/REPL/, tr, echo, basename", box, [
  ['for f in $(find names/plain -name \'*.txt\'); do mv "$f" "$(echo $f | sed s/txt/bak/)"; done', "allow", [
    "write $P/names/plain",
  ]],
  ['for f in `find names/plain -name \'*.txt\'`; do mv "$f" "`echo $f | sed s/txt/text/`"; done', "allow", [
    "write $P/names/plain",
  ]],
  [
    'cd names/plain && find . -name \'*.txt\' | while read -r f; do cp "$f" "$(dirname "$f")/$(basename "$f" | tr \' \' _)"; done',
    "allow",
    ["write $P/names/plain"],
  ],
  // (The base name of a name under names/plain is a name in the working directory.)
  ['find names/plain -name \'*.txt\' | while read -r f; do cp "$f" "$(basename "$f" | tr \' \' _)"; done', "ask", [
    "#UNRESOLVED_WORD",
  ]],
  ['for f in $(find names/plain); do n=$(echo $f | tr A-Z a-z); cat "$n"; done', "allow", ["read $P/names/plain"]],
  [
    "for f in $(find names/plain); do n=$(printf '%s\\n' \"$f\" | tr '[:blank:]' _ | sed 's/\\.txt/.md/g'); cat \"$n\"; done",
    "allow",
    ["read $P/names/plain"],
  ],
  ["find names/plain -type d | sed 'p;s/sub/sub2/' | xargs -n2 mv", "allow", ["write $P/names/plain"]],
  ["find names/plain -name '*.txt' -print0 | sed -z 's/txt/bak/' | xargs -0 cat", "allow", ["read $P/names/plain"]],
  ["for f in $(find names/plain); do echo $f | sed s/txt/md/ | xargs cat; done", "allow", ["read $P/names/plain"]],
  // Twins: a replacement with `/` or only dots, or starting with `-`; a pattern in the stand-in's
  // own text, anchored, or one that matches anything; tr that makes `.` or `/`, deletes a plain
  // character or the separator; a filter that may print nothing, cut, rev; more than the name.
  ["for f in $(find names/plain); do cat \"$(echo $f | sed 's/txt/..\\/..\\/..\\/x/')\"; done", "ask", [
    "#UNRESOLVED_WORD",
  ]],
  ["for f in $(find names/plain); do cat \"$(echo $f | sed 's/txt/../')\"; done", "ask", ["#UNRESOLVED_WORD"]],
  ["for f in $(find names/plain); do cat \"$(echo $f | sed 's/txt/-rf/')\"; done", "ask", ["#UNRESOLVED_WORD"]],
  ["for f in $(find names/plain); do cat \"$(echo $f | sed 's/plain/../')\"; done", "ask", ["#UNRESOLVED_WORD"]],
  ["for f in $(find names/plain); do cat \"$(echo $f | sed 's/^names\\///')\"; done", "ask", ["#UNRESOLVED_WORD"]],
  ["for f in $(find names/plain); do cat \"$(echo $f | sed 's|.*|/etc/x|')\"; done", "ask", ["#UNRESOLVED_WORD"]],
  ["for f in $(find names/plain); do cat \"$(echo $f | sed 's/t.t/b/')\"; done", "ask", ["#UNRESOLVED_WORD"]],
  ['for f in $(find names/plain); do cat "$(echo $f | tr a-z ./)"; done', "ask", ["#UNRESOLVED_WORD"]],
  ['for f in $(find names/plain); do cat "$(echo $f | tr s S)"; done', "ask", ["#UNRESOLVED_WORD"]],
  ['for f in $(find names/plain); do cat "$(echo $f | tr -d t)"; done', "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | tr '\\n' x | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ['for f in $(find names/plain); do cat "$(echo $f | grep x)/../../x"; done', "ask", ["#UNRESOLVED_WORD"]],
  ['for f in $(find names/plain); do cat "$(echo $f | cut -c1-2)"; done', "ask", ["#UNRESOLVED_WORD"]],
  ['for f in $(find names/plain); do cat "$(echo $f | rev | cut -c3- | rev)"; done', "ask", ["#UNRESOLVED_WORD"]],
  ['for f in $(find names/plain); do cat "$(echo "$f x" | sed s/txt/md/)"; done', "ask", ["#UNRESOLVED_WORD"]],
  ["for f in $(find names/plain); do cat \"$(echo $f | sed 's/txt/md/')/../../../x\"; done", "ask", ["#EXTERNAL_PATH"]],
  ["for f in $(find names/plain); do echo $f | sed 's/txt/..\\/..\\/x/' | xargs cat; done", "ask", [
    "#UNRESOLVED_WORD",
  ]],
  ['find names/blank -exec sh -c \'cat "$(echo "$1" | sed s/txt/md/)"\' _ {} \\;', "ask", ["#UNRESOLVED_WORD"]],
]);

table("listings: what a command makes of the names, outside", box, [
  ["find .. -type f -printf '%p\\n' | xargs cat", "ask", ["list $T/work"]],
  ["cd names/plain && find . -printf '%h\\n' | xargs -I{} cat {}/../../../x", "ask", ["read $T/work/x"]],
  ["find names/plain -maxdepth 0 -printf '%h\\n' | xargs -I{} cat {}/../../x", "ask", ["read $T/work/x"]],
  ["find names/plain -printf '../%P\\n' | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -printf 'x/../../%P\\n' | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -printf '%P\\n' | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -printf '%s %p\\n' | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["cat $(find names/plain -printf '%h')", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/blank -printf '%h\\n' | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -printf 'names/link/%P\\n' | xargs cat", "ask", ["* $O"]],
  ["cd names/link && find ../plain -printf '%f\\n' | xargs cat", "ask", ["* $O"]],
  // Quotes are xargs's to remove: `read`, `$(…)` and `xargs -0` keep them.
  ['find names/plain -printf \'"%p"\\n\' | while read f; do cat "$f"; done', "ask", ["#UNRESOLVED_WORD"]],
  ["cat $(find names/plain -printf '\"%p\"\\n')", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -printf '\"%p\"\\0' | xargs -0 cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -printf '\"%p\"\\n' | sed 's/$/.x/' | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/blank | xargs dirname | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find .. | xargs dirname | xargs cat", "ask", ["list $T/work"]],
  ["find names/plain -exec dirname {} \\; | xargs -I{} cat {}/../../x", "ask", ["read $T/work/x"]],
  ["find names/plain -exec basename {} \\; | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  // awk that runs, reads or writes, prints fields or changes the record; sed that makes `..`.
  ["cd names/plain && ls | awk '{system(\"cat \" $0)}' | xargs cat", "ask", ["#INLINE_CODE", "#UNRESOLVED_WORD"]],
  ["cd names/plain && ls | awk 'NR>1 {print > \"x\"}' | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["cd names/plain && ls | awk '{print \"../\" $0}' | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["cd names/plain && ls | awk '{ getline x < \"../../../x\"; print }' | xargs cat", "ask", ["read $T/work/x"]],
  ["find names/plain -print0 | awk 'NR>0' | xargs -0 cat", "ask", ["#UNRESOLVED_WORD"]],
  ["cd names/plain && find . -maxdepth 0 | sed 's/$/./' | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | sed 's/$/\\/..\\/..\\/../' | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain | sed 's/$/ x/' | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find names/plain -print0 | sed 's/$/.x/' | xargs -0 cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find .. -name x | sed 's/$/.out/' | xargs touch", "ask", ["list $T/work"]],
  ["cd names/plain && ls -1C | xargs rm", "ask", ["#UNRESOLVED_WORD"]],
  ["cd names/plain && ls -l | xargs rm", "ask", ["#UNRESOLVED_WORD"]],
  ['cd names/plain && ls -Q | while read f; do rm "$f"; done', "ask", ["#UNRESOLVED_WORD"]],
  ["cd names/plain && rm $(ls -Q)", "ask", ["#UNRESOLVED_WORD"]],
  ["cd names/plain && ls -Qp | xargs rm", "ask", ["#UNRESOLVED_WORD"]],
  ["cd names/quote && ls -Q | xargs rm", "ask", ["#UNRESOLVED_WORD"]],
  ["cd names/plain && ls -Q | tar -cf ../../x.tar -T -", "ask", ["#UNRESOLVED_WORD"]],
  // xargs -0 on names ended by newlines: `d⏎d/x` is under d's parent; names that are not plain.
  ["find names/plain | xargs -0 rm -f", "ask", ["#UNRESOLVED_WORD"]],
  ["cd names/blank && find . | xargs -0 cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find .. | xargs -0 cat", "ask", ["#UNRESOLVED_WORD"]],
]);

// A start point that is not there (src/interp/absent.ts): find, ls and grep print only a
// message on standard error for it (GNU find 4.9: `No such file or directory`, `Not a
// directory`), whatever its text — a glob that matched nothing stays literal. Its twins: one
// that is there, a dangling link (printed as a name), one an earlier, a later or a beside
// command may make, an entry a pattern beside it may match, a start with `..`.
table("listings: a start point that is not there prints no name", box, [
  ["find starts/none/* -maxdepth 2 -iname '*.jpg' -print0 | xargs -0 mogrify -resize 428x270'^' -strip", "allow", [
    "list $P/starts/none/*",
    "!* ?",
  ]],
  ["find [whatever] | xargs cat", "allow", ["!* ?"]],
  ["cat `find [whatever]`", "allow", ["!* ?"]],
  ["find 'starts/Not There' -type d -print0 | xargs -0 rm -rf", "allow", ["!* ?"]],
  ["find starts/none -print0 | xargs -0 -I FILENAME grep -IR pattern FILENAME", "allow", ["!* ?"]],
  ["find 'starts/x y' starts/empty | xargs cat", "allow", ["read $P/starts/empty"]],
  // A plain one stays a stand-in, for no name: a write through another stand-in does not undo it.
  ["find starts/none starts/empty/ -type f | xargs chmod a+x", "allow", ["write $P/starts/none",
    "write $P/starts/empty"]],
  ["find README.md/x* | xargs rm", "allow", ["!* ?"]],
  ["ls -Art starts/*.sql.gz | tail -n 1 | xargs gunzip -c", "allow", ["!* ?"]],
  ["mv `ls starts/*.boo` build", "allow", ["write $P/build"]],
  ["grep -rl TODO 'starts/x y' | xargs sed -i s/TODO/DONE/", "allow", ["!* ?"]],
  ["find 'starts/x y' | while read f; do rm \"$f\"; done", "allow", ["!* ?"]],
  // No name, so no cut can make one: newlines into xargs -0, IFS with a plain character.
  ["find 'starts/x y' | xargs -0 rm", "allow", ["!* ?"]],
  ["IFS=.; cat $(find 'starts/x y')", "allow", ["!* ?"]],
  ["find 'starts/x y' names/plain | xargs -0 rm", "ask", ["#UNRESOLVED_WORD"]],
  ["IFS=.; cat $(find 'starts/x y' names/plain)", "ask", ["#UNRESOLVED_WORD"]],
  ["find 'starts/Test Folder' -print0 | xargs -0 -I{} cat {}", "ask", ["#UNRESOLVED_WORD"]],
  // With no name, xargs still runs the command once (its standard input /dev/null), with its own words.
  ["find 'starts/x y' | xargs cat ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  // There: the names are `starts/Test Folder/in/a.txt`, cut at the blank (or given to a command that may cut them again).
  ["find 'starts/Test Folder' | xargs rm", "ask", ["#UNRESOLVED_WORD"]],
  ["find 'starts/Test Folder' -type d -print0 | xargs -0 rm -rf", "ask", ["#UNRESOLVED_WORD"]],
  ["find starts/T* | xargs rm", "ask", ["#UNRESOLVED_WORD"]],
  ["find 'starts/plain/../Test Folder' | xargs rm", "ask", ["#UNRESOLVED_WORD"]],
  ["ls 'starts/Test Folder' | xargs rm", "ask", ["#UNRESOLVED_WORD"]],
  // `ls NOTHING DIR` prints `DIR:` first; a dangling link is printed itself.
  ["ls 'starts/x y' 'starts/Test Folder' | xargs rm", "ask", ["#UNRESOLVED_WORD"]],
  ["find 'starts/dang ling' | xargs rm", "ask", ["#UNRESOLVED_WORD"]],
  ["ls 'starts/dang ling' | xargs rm", "ask", ["#UNRESOLVED_WORD"]],
  // Made before, beside or after it, or under a symlink an earlier command made.
  ["mkdir -p 'starts/x y'; find 'starts/x y' | xargs rm", "ask", ["#UNRESOLVED_WORD"]],
  ["find 'starts/x y' | xargs rm; mkdir -p 'starts/x y/z'", "ask", ["#UNRESOLVED_WORD"]],
  ["find 'starts/x y' | xargs cat & mkdir 'starts/x y'", "ask", ["#UNRESOLVED_WORD"]],
  ["find 'starts/x y' | xargs cat; cp -r names/blank 'starts/x y'", "ask", ["#UNRESOLVED_WORD"]],
  ["find 'starts/x y' | xargs cat; cp -r names/blank starts/", "ask", ["#UNRESOLVED_WORD"]],
  ["find starts/empty/* | xargs cat > 'starts/empty/a b'", "ask", ["#UNRESOLVED_WORD"]],
  // Another listing's consumer reaches the place above it, and writes only what its command writes.
  ["find starts/empty | xargs cat; find 'starts/empty/x y' | xargs cat", "allow", ["read $P/starts/empty"]],
  ["cd starts/empty && comm -23 <(ls) <(ls *Music*)", "allow", ["!* ?"]],
  ["find starts/empty | xargs rm; find 'starts/empty/x y' | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find starts/empty | while read d; do mkdir -p \"$d/x\"; done; find 'starts/empty/x y' | xargs cat", "ask", [
    "#UNRESOLVED_WORD",
  ]],
  // A write made from a stand-in is at every name it stands for: `starts/deep/sub/new` too, which `*` matches.
  ["find starts/deep/sub/* | xargs rm; find starts/deep -type d | xargs -I{} mkdir -p {}/new", "ask", [
    "#UNRESOLVED_WORD",
  ]],
  ["mkdir -p starts/z; ln -s ../../names/blank starts/z/l; find starts/z/* | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
]);

// GNU sort, uniq and shuf end their last line with a newline: names ended by NUL read without
// -z are one line, printed with `⏎` after the last NUL, one more name for xargs -0.
table("listings: sort, uniq and shuf of names ended by NUL", box, [["find names/plain -print0 | sort -z | xargs -0 rm",
  "allow", ["write $P/names/plain"]], ["find names/plain -print0 | sort -rz | xargs -0 rm", "allow", [
  "write $P/names/plain",
]], ["find names/plain -print0 | shuf -z | xargs -0 rm", "allow", ["write $P/names/plain"]], [
  "find names/plain -print0 | tac | xargs -0 rm",
  "allow",
  ["write $P/names/plain"],
], ["find names/plain -print0 | sort | xargs -0 rm", "ask", ["#UNRESOLVED_WORD"]], [
  "find names/plain -print0 | sort -tz | xargs -0 rm",
  "ask",
  ["#UNRESOLVED_WORD"],
], ["find names/plain -print0 | uniq | xargs -0 rm", "ask", ["#UNRESOLVED_WORD"]], [
  "find names/plain -print0 | shuf | xargs -0 rm",
  "ask",
  ["#UNRESOLVED_WORD"],
]]);
