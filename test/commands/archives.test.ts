// tar, zip, unzip, the compressors, 7z and cpio: what is read, what is written, where
// extraction lands.

import { table, useSandbox } from "../support/table.ts";

const box = useSandbox();

table("tar", box, [
  ["tar -xf a.tar -C ~", "ask", ["write $H", "read $P/a.tar"]],
  ["tar -C ~ -xf a.tar", "ask", ["write $H"]],
  // The project's top holds symlinks that lead out (link-out, home-link, …): see below.
  ["tar xzf a.tgz", "ask", ["read $P/a.tgz", "write $P", "write $O"]],
  ["tar xzf a.tgz", "allow", ["read $P/docs/a.tgz", "write $P/docs"], { cwd: "$P/docs" }],
  ["tar -xzf a.tgz -C build", "allow", ["write $P/build", "!write $P"]],
  ["tar --extract --file=a.tar --directory=../outside", "ask", ["write $O"]],
  ["tar xf ../outside/a.tar", "ask", ["read $O/a.tar"]],
  ["tar -tf ../outside/a.tar", "ask", ["read $O/a.tar"]],
  ["tar -tvf a.tar", "allow", ["!write $P"]],
  ["tar tf a.tar /etc/passwd", "allow", ["!* /etc/passwd"]],
  ["tar -xf a.tar etc/passwd -O", "allow", ["!write $P"]],
  ["tar -czf out.tgz src docs", "allow", ["write $P/out.tgz", "read $P/src", "read $P/docs"]],
  ["tar cvf out.tar src", "allow", ["write $P/out.tar", "read $P/src"]],
  ["tar -czf ~/backup.tgz src", "ask", ["write $H/backup.tgz"]],
  ["tar -czf out.tgz ~/.ssh", "ask", ["read $H/.ssh"]],
  ["tar -czf out.tgz .", "allow"],
  ["tar -czhf out.tgz .", "ask", ["read $O"]],
  ["tar --dereference -cf out.tar src", "ask", ["read $O/secret.txt"]],
  ["tar -C src -cf ../out.tar .", "ask", ["write $T/work/out.tar", "read $P/src"]],
  ["tar -C ~ -cf out.tar .ssh", "ask", ["read $H/.ssh", "write $P/out.tar"]],
  ["tar -cf - src | gzip > out.tgz", "allow"],
  // The list is a project file: its names are judged (test/stdin.test.ts "names read from a list").
  ["tar -cf out.tar -T list.txt", "allow", ["read $P/list.txt", "read $P/src/main.ts"]],
  ["tar -cf out.tar -X ../outside/secret.txt src", "ask", ["read $O/secret.txt"]],
  ["tar -xf a.tar --to-command='sh -c cat'", "ask", ["#OPAQUE_CODE"]],
  ["tar -I 'zstd -T0' -cf a.tar.zst src", "ask", ["#OPAQUE_CODE"]],
  ["tar --use-compress-program=pigz -cf a.tgz src", "ask", ["#OPAQUE_CODE"]],
  ["tar -cf a.tar --checkpoint=10 --checkpoint-action=exec='rm x' src", "ask", ["#OPAQUE_CODE"]],
  ["tar --checkpoint=10 --checkpoint-action=dot -cf a.tar src", "allow"],
  ["tar -xPf a.tar", "ask", ["#UNRESOLVED_PATH"]],
  ["tar --remove-files -cf a.tar src", "allow", ["write $P/src"]],
  ["tar --remove-files -cf a.tar ../outside", "ask", ["write $O"]],
  ["tar -rf a.tar ~/.bashrc", "ask", ["read $H/.bashrc", "write $P/a.tar"]],
  // -A appends the members of the operand archives: they are read.
  ["tar -Af a.tar ../outside/b.tar", "ask", ["read $O/b.tar", "write $P/a.tar"]],
  ["tar --concatenate -f a.tar b.tar", "allow", ["read $P/b.tar", "write $P/a.tar"]],
  ["tar --exclude='../*' -czf a.tgz src", "allow"],
  ["tar -df a.tar -C ~", "ask", ["read $H"]],
  ["tar -cf user@host:/backup.tar src", "allow"],
  ["tar -cf a.tar --transform 's,^,/etc/,' src", "allow"],
  ["tar -xzf a.tgz && cat a/etc/passwd", "ask", ["#UNRESOLVED_PATH"]],
]);

table("tar -T -: names of the files to add on standard input", box, [
  ["find ../outside | tar -cf build/a.tar -T -", "ask", ["read $O"]],
  ["git log -1 --format=%s | tar -cf build/a.tar -T -", "ask", ["#UNRESOLVED_WORD"]],
  ["cat list.txt | tar -cf build/a.tar -T -", "allow", ["read $P/src/main.ts"]],
  ["curl -s https://example.com/list | tar -cf build/a.tar --files-from=-", "ask", ["#UNRESOLVED_WORD"]],
  // git's index may hold a name that is not on disk, and tar reads a line that starts with `-` as an option.
  ["git ls-files | tar -cf build/a.tar --files-from=-", "ask", ["#UNRESOLVED_WORD"]],
  ["find docs | tar -cf build/a.tar --files-from=-", "allow", ["read $P/docs"]],
  // What README.md holds (`# project`) is the one name tar reads: inside.
  ["tar -cf build/a.tar --files-from=- < README.md", "allow"],
  ["printf '../outside/secret.txt\\n' | tar -cf build/a.tar -T -", "ask", ["read $O/secret.txt"]],
  ["find docs | tar -cf build/a.tar -T -", "allow", ["read $P/docs"]],
  ["printf 'README.md\\n' | tar -cf build/a.tar -T -", "allow", ["read $P/README.md"]],
]);

table("zip and unzip", box, [
  ["unzip -o a.zip -d ~", "ask", ["write $H"]],
  ["unzip a.zip", "ask", ["read $P/a.zip", "write $P", "write $O"]],
  ["unzip a.zip", "allow", ["read $P/docs/a.zip", "write $P/docs"], { cwd: "$P/docs" }],
  ["unzip a.zip -d build", "allow", ["write $P/build", "!write $P"]],
  ["unzip -l ~/a.zip", "ask", ["read $H/a.zip"]],
  ["unzip -l a.zip", "allow", ["!write $P"]],
  ["unzip -p a.zip etc/passwd", "allow", ["!write $P"]],
  ["unzip a.zip /etc/passwd -x ../x", "allow", [], { cwd: "$P/docs" }],
  ["unzip -: a.zip", "ask", ["#UNRESOLVED_PATH"]],
  ["unzip a.zip && cat out/link/x", "ask", ["#UNRESOLVED_PATH"]],
  ["zip -r out.zip src", "ask", ["read $O/secret.txt"]],
  ["zip -r out.zip docs", "allow", ["write $P/out.zip", "read $P/docs"]],
  ["zip -ry out.zip src", "allow"],
  ["zip -r --symlinks out.zip .", "allow"],
  ["zip -r out.zip .", "ask", ["read $O"]],
  ["zip out.zip README.md", "allow", ["write $P/out.zip", "read $P/README.md"]],
  ["zip ~/out.zip README.md", "ask", ["write $H/out.zip"]],
  ["zip out.zip ~/.ssh/id_rsa", "ask", ["read $H/.ssh/id_rsa"]],
  // The members to delete are looked up on disk too (strace: newfstatat of each name).
  ["zip -d out.zip ../x /etc/passwd", "ask", ["write $P/out.zip", "read $T/work/x", "read /etc/passwd"]],
  ["zip -d out.zip 'docs/*'", "allow", ["write $P/out.zip", "read $P/docs/*"]],
  // tar looks a tag name up in each directory it walks (strace: openat(dirfd, "../x")).
  ["tar -cf a.tar --exclude-tag=../outside/x .", "ask", ["read $O/x"]],
  ["tar -cf a.tar --exclude-tag=CACHEDIR.TAG --exclude-ignore=.tarignore src", "allow"],
  ["zip -m out.zip README.md", "allow", ["write $P/README.md"]],
  ["zip -m out.zip ../outside/secret.txt", "ask", ["write $O/secret.txt"]],
  ["zip -ry out.zip docs -x '*.git*' '../*'", "allow"],
  ["zip -r out.zip docs -x@../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  // zip -@ reads the names a listing prints and follows the symlinks among them (not with -y).
  ["find . -name '*.ts' | zip -@ out.zip", "ask", ["read $O/secret.txt"]],
  ["find docs | zip -@ out.zip", "allow", ["read $P/docs"]],
  ["git log -1 --format=%s | zip -@ out.zip", "ask", ["#UNRESOLVED_WORD"]],
  ["cat list.txt | zip -@ out.zip", "allow", ["read $P/src/main.ts"]],
  ["zip -T -TT 'sh -c id' out.zip README.md", "ask", ["#OPAQUE_CODE"]],
  ["zip -b /tmp out.zip README.md", "ask", ["write /tmp"]],
  ["zip out.zip README.md -O ../new.zip", "ask", ["write $T/work/new.zip", "read $P/out.zip"]],
  ["zip -sf out.zip", "allow"],
  ["zip -dc out.zip ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["zip -9 -q out.zip README.md", "allow"],
]);

table("compressors", box, [
  ["gzip README.md", "allow", ["write $P/README.md", "write $P/README.md.gz"]],
  // Beside each operand: NAME.SUFFIX compressing, NAME less its suffix decompressing.
  ["gunzip docs/a.tgz", "allow", ["write $P/docs/a.tgz", "write $P/docs/a.tar"]],
  ["bunzip2 docs/a", "allow", ["write $P/docs/a.out"]],
  ["xz -d docs/a.txz", "allow", ["write $P/docs/a.tar"]],
  ["zstd docs/a", "allow", ["write $P/docs/a.zst"]],
  ["zstd -d docs/a.tzst", "allow", ["write $P/docs/a.tar"]],
  ["lz4 docs/a", "allow", ["write $P/docs/a.lz4"]],
  ["brotli docs/a", "allow", ["write $P/docs/a.br"]],
  ["compress docs/a", "allow", ["write $P/docs/a.Z"]],
  // -r with -f compresses what the symlinks it meets point to (helper review 4, F8).
  ["gzip -rfk src", "ask", ["write $O/secret.txt"]],
  ["zstd -rf src", "ask", ["write $O/secret.txt"]],
  ["gzip -rk src", "allow", ["write $P/src"]],
  ["gzip -rkf docs", "allow", ["write $P/docs"]],
  ["gzip ~/x", "ask", ["write $H/x"]],
  ["gzip -c ~/.bashrc > b.gz", "ask", ["read $H/.bashrc"]],
  ["gzip -c README.md > r.gz", "allow", ["read $P/README.md"]],
  ["gunzip -S .z ../outside/x.z", "ask", ["write $O/x.z"]],
  ["gzip -d a.gz", "allow"],
  ["gzip -l ~/a.gz", "ask", ["read $H/a.gz"]],
  ["gzip -r docs", "allow"],
  ["gzip -9 -k README.md", "allow"],
  ["zcat ~/a.gz", "ask", ["read $H/a.gz"]],
  ["zcat a.gz | head", "allow", ["read $P/a.gz"]],
  ["bzip2 -dk ../outside/x.bz2", "ask", ["write $O/x.bz2"]],
  ["bzcat a.bz2", "allow", ["read $P/a.bz2"]],
  ["bzcat ~/a.bz2", "ask", ["read $H/a.bz2"]],
  ["bzip2 -k README.md", "allow", ["write $P/README.md"]],
  ["xz -T0 -9 README.md", "allow", ["write $P/README.md"]],
  ["xz --files=list.txt", "ask", ["#UNRESOLVED_WORD"]],
  ["unxz ~/a.xz", "ask", ["write $H/a.xz"]],
  ["xzcat a.xz", "allow"],
  ["xzcat ../outside/a.xz", "ask", ["read $O/a.xz"]],
  ["zstd -19 -T0 README.md -o out.zst", "allow", ["read $P/README.md", "write $P/out.zst"]],
  ["zstd README.md -o ~/out.zst", "ask", ["write $H/out.zst"]],
  ["zstd -d a.zst", "allow"],
  ["zstd --rm ../outside/secret.txt", "ask", ["write $O/secret.txt"]],
  // zstd's -T#, -M#, -B#, -i#, -b#, -e# take their number from the same word only.
  ["zstd -T ../outside/secret.txt", "ask", ["write $O/secret.txt"]],
  ["zstd -M -d ../outside/secret.txt.zst", "ask", ["write $O/secret.txt.zst"]],
  ["zstd -B ../outside/secret.txt", "ask", ["write $O/secret.txt"]],
  ["zstd -b ../outside/secret.txt", "ask", ["write $O/secret.txt"]],
  ["zstd -e ../outside/secret.txt", "ask", ["write $O/secret.txt"]],
  ["zstd -i ../outside/secret.txt", "ask", ["write $O/secret.txt"]],
  ["zstd -T4 -M1024 README.md", "allow", ["write $P/README.md"]],
  ["zstd --threads 4 README.md", "allow"],
  ["zstdcat a.zst", "allow"],
  ["zstdcat ~/a.zst", "ask", ["read $H/a.zst"]],
  ["lz4cat a.lz4", "allow", ["read $P/a.lz4"]],
  ["lz4cat ~/a.lz4", "ask", ["read $H/a.lz4"]],
  ["lz4 README.md out.lz4", "allow"],
  ["lz4 -d a.lz4 ~/out", "ask", ["write $H/out"]],
  ["brotli -o ~/x.br README.md", "ask", ["write $H/x.br"]],
  ["brotli -q 11 README.md", "allow"],
  ["pigz -p 4 README.md", "allow"],
]);

table("7z and cpio", box, [
  ["7z x a.7z", "ask", ["read $P/a.7z", "write $P", "write $O"]],
  ["7z x a.7z", "allow", ["read $P/docs/a.7z", "write $P/docs"], { cwd: "$P/docs" }],
  ["7z x a.7z -o~/out", "ask", ["write $P/~/out", "write $H/out"]],
  ["7z x a.7z -o$HOME/out", "ask", ["write $H/out"]],
  ["7z x a.7z -obuild", "allow", ["write $P/build"]],
  ["7z l ~/a.7z", "ask", ["read $H/a.7z"]],
  ["7z t a.7z", "allow"],
  ["7z a out.7z docs", "allow", ["write $P/out.7z", "read $P/docs"]],
  ["7z a out.7z src", "ask", ["read $O/secret.txt"]],
  ["7z a -snl out.7z src", "allow"],
  ["7z a ../out.7z docs", "ask", ["write $T/work/out.7z"]],
  ["7za a -sdel out.7z README.md", "allow", ["write $P/README.md"]],
  ["7z a out.7z @../outside/list", "ask", ["read $O/list"]],
  ["7z x -spf a.7z", "ask", ["#UNRESOLVED_PATH"]],
  ["7z e a.7z -so > out", "allow"],
  ["7z a -w/tmp out.7z docs", "ask", ["write /tmp"]],
  ["7z x '-x!../*' a.7z", "allow", [], { cwd: "$P/docs" }],
  // Switch names are case-insensitive; -i!/-x! wildcards name files to add, -ai! archives.
  ["7z x a.7z -O../../outside", "ask", ["write $O"], { cwd: "$P/docs" }],
  ["7z x a.7z -W../../outside", "ask", ["write $O"], { cwd: "$P/docs" }],
  ["7za a -SDEL out.7z ../../outside/f", "ask", ["write $O/f"], { cwd: "$P/docs" }],
  ["7z x -SPF a.7z", "ask", ["#UNRESOLVED_PATH"], { cwd: "$P/docs" }],
  ["7z a o.7z -X@../../outside/l", "ask", ["read $O/l"], { cwd: "$P/docs" }],
  ["7z a o.7z -I@list.txt", "ask", ["#UNRESOLVED_WORD"], { cwd: "$P/docs" }],
  ["7z a out.7z '-i!../../outside/secret.txt'", "ask", ["read $O/secret.txt"], { cwd: "$P/docs" }],
  ["7z a out.7z '-ir!../../outside'", "ask", ["read $O"], { cwd: "$P/docs" }],
  ["7z a out.7z x '-x!../../outside/f'", "ask", ["read $O/f"], { cwd: "$P/docs" }],
  ["7z x -an '-ai!../../outside/a.7z'", "ask", ["read $O/a.7z"], { cwd: "$P/docs" }],
  ["7z x -an -ai@archives.txt", "ask", ["#UNRESOLVED_WORD"], { cwd: "$P/docs" }],
  ["7z a out.7z -sfx../../outside/x.sfx x", "ask", ["read $O/x.sfx"], { cwd: "$P/docs" }],
  ["7z u a.7z '-up0q3!../../outside/n.7z' x", "ask", ["write $O/n.7z"], { cwd: "$P/docs" }],
  // 7-Zip makes the missing directories above an archive it creates and above -o (mkdir -p).
  ["7z u a.7z '-up0q3!../../made/deep/n.7z' x", "ask", ["write $T/work/made/deep/n.7z", "write $T/work/made"], {
    cwd: "$P/docs",
  }],
  ["7z a new/deep/out.7z x", "allow", ["write $P/docs/new/deep/out.7z", "write $P/docs/new"], { cwd: "$P/docs" }],
  ["7z a ../../made/out.7z x", "ask", ["write $T/work/made"], { cwd: "$P/docs" }],
  ["7z x a.7z -o../../made/deep", "ask", ["write $T/work/made/deep", "write $T/work/made"], { cwd: "$P/docs" }],
  ["7z x a.7z -obuild", "allow", ["!write $P/docs"], { cwd: "$P/docs" }],
  ["7z l ../../made/a.7z", "ask", ["read $T/work/made/a.7z", "!write $T/work/made"], { cwd: "$P/docs" }],
  ["7z x a.7z -Q../../outside", "ask", ["#EXTERNAL_PATH"], { cwd: "$P/docs" }],
  ['7z x a.7z "$X"', "ask", ["#UNRESOLVED_WORD"], { cwd: "$P/docs" }],
  ["7z a -mx=9 -mhe=on -pSECRET -t7z -v10m -bb3 -bso0 -y -r -ssc- out.7z x", "allow", ["write $P/docs/out.7z",
    "read $P/docs/x"], { cwd: "$P/docs" }],
  ["7z x a.7z -ofoo -aoa -y", "allow", ["write $P/docs/foo"], { cwd: "$P/docs" }],
  ["7z a out.7z '-xr!node_modules' '-ir!*.txt' .", "allow", [], { cwd: "$P/docs" }],
  ["7z a -sfx out.exe x", "allow", [], { cwd: "$P/docs" }],
  ["find docs | cpio -o > a.cpio", "allow", ["read $P/docs"]],
  ["find . | cpio -ov > a.cpio", "allow"],
  ["find . | cpio -oL > a.cpio", "ask", ["read $O"]],
  // The names in the working directory, one a line (`space dir` too: cpio does not cut at blanks).
  ["ls | cpio -o > a.cpio", "allow", ["read $P"]],
  ["cpio -o -F ~/a.cpio < list", "ask", ["write $H/a.cpio"]],
  ["cpio -id < a.cpio", "ask", ["#UNRESOLVED_PATH", "write $P"]],
  ["cpio -id --no-absolute-filenames < a.cpio", "ask", ["write $P", "write $O"]],
  ["cpio -id --no-absolute-filenames -D docs < a.cpio", "allow", ["write $P/docs"]],
  ["cpio -id --no-absolute-filenames -D ~ < a.cpio", "ask", ["write $H"]],
  ["cpio -t < a.cpio", "allow"],
  ["find docs | cpio -p ~/copy", "ask", ["write $H/copy"]],
  // -p is a flag; the destination directory is the operand.
  ["find docs | cpio -pdm ~/copy", "ask", ["write $H/copy"]],
  ["find docs | cpio -p -d ../outside", "ask", ["write $O"]],
  ["find docs | cpio -pdm build", "allow", ["write $P/build", "read $P/docs"]],
  ["find docs | cpio --pass-through --make-directories src", "ask", ["write $P/src", "write $O/secret.txt"]],
  // bsdcpio (libarchive 3.6.2, by hand): -i refuses members named `/x` or `../x` ("Path is
  // absolute", "Path contains '..'") unless --insecure, and writes the rest below the working
  // directory, through its symlinks as GNU cpio does.
  ["bsdcpio -id < a.cpio", "ask", ["write $P", "write $O"]],
  // bsdcpio has no -D: it prints its usage and extracts nothing; judged as extracting here.
  ["cd docs && bsdcpio -id -D docs < ../a.cpio", "allow", ["write $P/docs"]],
  ["cd docs && bsdcpio -idv < ../a.cpio", "allow", ["write $P/docs"]],
  ["cd docs && bsdcpio -i --insecure < ../a.cpio", "ask", ["#UNRESOLVED_PATH", "write $P/docs"]],
  ["cd docs && bsdcpio -i -I ../../outside/a.cpio", "ask", ["read $O/a.cpio"]],
  ["cd docs && bsdcpio -it < ../a.cpio", "allow"],
  ["find docs | bsdcpio -o -F ~/a.cpio", "ask", ["write $H/a.cpio", "read $P/docs"]],
  ["find docs | bsdcpio -oz -O ../outside/a.cpio.gz", "ask", ["write $O/a.cpio.gz"]],
  ["find docs | bsdcpio -oL > a.cpio", "allow", ["read $P/docs"]],
  ["find docs | bsdcpio -pdm ~/copy", "ask", ["write $H/copy"]],
  ["find docs | bsdcpio -pdm build", "allow", ["write $P/build", "read $P/docs"]],
  ["bsdcpio -o < list > a.cpio", "ask", ["#UNRESOLVED_WORD"]],
  // Extractors without an entry (src/commands/extractors.ts): their words are judged as an
  // unknown program's, and extracting writes the working directory's tree (and a destination's),
  // through the symlinks at the project's top that lead out.
  ["unrar x a.rar", "ask", ["write $O"]],
  // The members of the archives these unpack are not read: where they land is asked about
  // (src/commands/table/unpacking.ts reads tar, zip and text cpio for the entries it serves).
  ["cd docs && unrar x ../a.rar", "ask", ["#UNRESOLVED_PATH", "write $P/docs"]],
  ["cd docs && unrar x ../a.rar ../../outside/", "ask", ["write $O"]],
  ["unrar l a.rar", "allow"],
  ["jar xf a.jar", "ask", ["write $O"]],
  ["jar -tf a.jar", "allow"],
  ["cd docs && jar xf ../a.jar", "ask", ["#UNRESOLVED_PATH", "write $P/docs"]],
  ["cd docs && unar -o .. ../a.rar", "ask", ["write $P", "write $O"]],
  ["cd docs && cabextract -d .. ../a.cab", "ask", ["write $O"]],
  ["cabextract -l a.cab", "allow"],
  ["lha x a.lzh", "ask", ["write $O"]],
  ["cd docs && aunpack ../a.tgz", "ask", ["#UNRESOLVED_PATH", "write $P/docs"]],
  ["cd docs && bsdunzip ../a.zip", "ask", ["#UNRESOLVED_PATH", "write $P/docs"]],
  ["bsdunzip -l a.zip", "allow"],
  ['unrar "$X" a.rar', "ask", ["write $O"]],
  ["gh release download v1", "ask", ["write $O"]],
  ["cd docs && gh release download v1 -D ../src", "ask", ["write $P/src", "write $O/secret.txt"]],
  ["cd docs && gh run download 42", "allow", ["write $P/docs"]],
  ["gh release list", "allow"],
]);

// An archive's member names are inside it, where the guard does not look: extracting writes
// any path below the directory, and the kernel follows a symlink already there for each
// directory in a name (GNU tar writes member `link-out/README.md` into the directory link-out
// leads to). So every symlink below it that leads out is written. The fixture's project holds
// link-out, rel-out, dir-out, home-link and backup-link at its top and src/secret-link.
// pax (MirBSD pax 20201030, by hand): -r keeps absolute and ../ member names, where GNU tar and
// cpio --no-absolute-filenames strip them; -rw copies FILE to DIR/FILE, and -s or -i renames
// the copy (`-s ',^,../,'` put it beside DIR).
table("pax", box, [["pax -r -f a.tar", "ask", ["#UNRESOLVED_PATH", "read $P/a.tar"]], ["pax -r < a.tar", "ask", [
  "#UNRESOLVED_PATH",
]], ["pax -rv -f a.tar", "ask", ["#UNRESOLVED_PATH"]], ["pax -f a.tar", "allow", ["read $P/a.tar"]], ["pax -v < a.tar",
  "allow"], ["pax -w -f out.pax src", "allow", ["write $P/out.pax", "read $P/src"]], ["pax -wf out.pax src", "allow", [
  "write $P/out.pax",
]], ["pax -w -f ../outside/out.pax src", "ask", ["write $O/out.pax"]], ["pax -w -f out.pax ../outside", "ask", [
  "read $O",
]], ["pax -w -s ',^,../,' -f out.pax src", "allow", ["write $P/out.pax"]], ["find src | pax -w -f out.pax", "ask", [
  "#UNRESOLVED_WORD",
]], ["pax -rw src docs", "allow", ["read $P/src", "write $P/docs"]], ["pax -r -w src docs", "allow", ["write $P/docs"]],
  ["pax -rw src ../outside", "ask", ["write $O"]], ["pax -rw ../outside docs", "ask", ["read $O"]], [
  "pax -rw -s ',^,../,' src docs",
  "ask",
  ["#UNRESOLVED_PATH"],
], ["pax -rwi src docs", "ask", ["#UNRESOLVED_PATH"]]]);

table("extraction writes through the symlinks below its directory", box, [
  ["tar xf b.tar", "ask", ["write $P", "write $O", "write $O/dir", "write $H", "write $B", "write $O/secret.txt"]],
  ["tar xf a.tar --transform 's,^,link-out/,'", "ask", ["write $O"]],
  ["tar xf a.tar --xform=s,^,link-out/,", "ask", ["write $O"]],
  ["tar -x --transform=s,^,x/, --transform 's,^x/,link-out/,' -f a.tar", "ask", ["write $O"]],
  ["bsdtar -xf b.tar", "ask", ["write $O"]],
  ["tar -xf b.tar -C src", "ask", ["write $P/src", "write $O/secret.txt"]],
  // link-in leads to src, whose secret-link leads out.
  ["tar -xf b.tar -C link-in", "ask", ["write $O/secret.txt"]],
  // Each -C is relative to the one before: docs, then the project again.
  ["tar -xf b.tar -C docs -C ..", "ask", ["write $P", "write $O"]],
  // -d compares the files on disk with the members: it reads through the same links.
  ["tar -df b.tar", "ask", ["read $O"]],
  // Renamed members still land below the directory (GNU tar strips a leading / and ../).
  ["tar xf a.tar --transform 's,^,../../,' -C build", "allow", ["write $P/build", "!write $O"]],
  ["tar xf b.tar", "allow", ["write $P/docs"], { cwd: "$P/docs" }],
  ["tar -xzf a.tgz -C docs --strip-components=1", "allow", ["write $P/docs"]],
  ["tar -xOf b.tar link-out/README.md", "allow", ["!write $O"]],
  ["tar -tvf b.tar", "allow"],
  ["unzip -o a.zip -d src", "ask", ["write $O/secret.txt"]],
  ["unzip -o a.zip -d docs", "allow", ["write $P/docs", "!write $O"]],
  ["7z x a.7z -osrc", "ask", ["write $O/secret.txt"]],
  ["7z e a.7z", "ask", ["write $O"]],
  ["7z x a.7z -odocs", "allow"],
  ["cpio -id --no-absolute-filenames -D src < a.cpio", "ask", ["write $O/secret.txt"]],
]);

// Members may be symlinks: after extraction a path below the directory that is not there now
// is not known (a glob over it neither); what is there now is taken as it is.
table("what extraction unpacks may be a symlink", box, [
  ["tar -xf a.tar -C build; cat build/*", "ask", ["#UNRESOLVED_WORD"]],
  ["tar -xf a.tar -C build; cat build/x", "ask", ["#UNRESOLVED_PATH"]],
  ["tar -xf a.tar -C build; echo x > build/x", "ask", ["#UNRESOLVED_PATH"]],
  ["unzip -o a.zip -d build; cat build/x", "ask", ["#UNRESOLVED_PATH"]],
  ["7z x a.7z -obuild && cat build/x", "ask", ["#UNRESOLVED_PATH"]],
  // The link was judged inside where it was made; archived and unpacked elsewhere, it leads out.
  ["ln -s ../../outside/secret.txt src/sub/x; tar -cf a.tar -C src/sub x; tar -xf a.tar -C build; cat build/x", "ask", [
    "#UNRESOLVED_PATH",
  ]],
  ["ln -s ../../outside/secret.txt src/sub/x; zip -jy a.zip src/sub/x; unzip -o a.zip -d build; cat build/x", "ask", [
    "#UNRESOLVED_PATH",
  ]],
  ["tar xf a.tar -C build && ls build", "allow", ["list $P/build"]],
  ["tar -xf a.tar -C build && cat README.md", "allow", ["read $P/README.md"]],
  // The directory extracted into is a directory: a glob beside it lists what is there.
  ["tar -xf a.tar -C build; cat *.md", "allow", ["read $P/README.md"]],
]);

// GNU ar writes each member into the working directory by name, through a symlink there.
table("ar", box, [
  ["ar x lib.a", "ask", ["read $P/lib.a", "write $P", "write $O/secret.txt"]],
  ["ar -x lib.a", "allow", ["read $P/docs/lib.a", "write $P/docs"], { cwd: "$P/docs" }],
  ["ar xv build/lib.a --output build", "allow", ["write $P/build"]],
  ["ar x --output=../outside lib.a", "ask", ["write $O"]],
  ["ar xP build/lib.a --output build", "ask", ["#UNRESOLVED_PATH"]],
  ["ar rcs build/lib.a src/main.ts", "allow", ["write $P/build/lib.a", "read $P/src/main.ts"]],
  ["ar rcs build/lib.a ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["ar -r -c -s ~/lib.a src/main.ts", "ask", ["write $H/lib.a"]],
  ["ar t build/lib.a", "allow", ["read $P/build/lib.a"]],
  ["ar t ../outside/lib.a", "ask", ["read $O/lib.a"]],
  ["ar d build/lib.a main.o", "allow", ["write $P/build/lib.a"]],
  // A thin archive's members are files it names by path: p prints them.
  ["ar p build/lib.a", "ask", ["#UNRESOLVED_PATH"]],
  ["ar --plugin ../outside/p.so t build/lib.a", "ask", ["exec $O/p.so"]],
  ["ar -M < build/script.mri", "ask", ["#UNRESOLVED_WORD"]],
  ["ar @../outside/args", "ask", ["read $O/args", "#UNRESOLVED_WORD"]],
]);

// gzip tries NAME.gz, NAME.z, NAME-z and NAME.Z when NAME is not there: a rule on `*.gz` sees them.
const denyGz = useSandbox(() => ({ config: [{ permission: { read: { "*": "allow", "*.gz": "deny" } } }] }));
table("decompressing a name tries its compressed siblings", denyGz, [["zcat docs/notes", "deny", [
  "read $P/docs/notes.gz",
]], ["gunzip -c docs/notes", "deny", ["read $P/docs/notes.gz"]], ["gzip -dc docs/notes", "deny", [
  "read $P/docs/notes.gz",
]], ["zcat ~/x", "deny", ["read $H/x.gz"]], ["gzip docs/guide.md", "allow"], ["zcat docs/notes.bz", "deny", [
  "read $P/docs/notes.bz.gz",
]]]);

// tar -c stores a symlink operand as a link (lstat and readlink, GNU tar 1.34 under strace): the
// link's directory is judged, not where it leads; -h follows, and a trailing `/` is read where
// it leads (GNU tar strips it, bsdtar may not).
table("symlink operands tar stores as links", box, [["tar -cf a.tar link-out", "allow", ["list $P", "!read $O"]], [
  "tar -czf a.tgz rel-out src",
  "allow",
  ["read $P/src", "!read $O"],
], ["tar -cf a.tar -C src secret-link", "allow", ["list $P/src", "!read $O/secret.txt"]], ["tar -rf a.tar link-out",
  "allow", ["!read $O"]], ["tar -cf a.tar link-out/", "ask", ["read $O"]], ["tar -chf a.tar link-out", "ask", [
  "read $O",
]], ["tar -chf a.tar src", "ask", ["read $O/secret.txt"]], ["tar -cf a.tar --remove-files link-out", "ask", [
  "write $O",
]], ["tar -cf a.tar dir-out/file.txt", "ask", ["read $O/dir/file.txt"]], ["tar -cf a.tar -C .. outside", "ask", [
  "read $O",
]], ["tar cf a.tar link-out", "allow", ["!read $O"]], ["ln -s ../outside x && tar -cf a.tar x", "ask", [
  "#UNRESOLVED_PATH",
]]]);
