// Archives for the tests of where extraction writes (test/commands/archive-members.test.ts):
// everyday ones made by the real programs from a real tree, and hostile ones crafted with
// Python's tarfile and zipfile (and by hand for cpio), which write whatever names, links and
// headers they are given. Each hostile one was checked against GNU tar 1.34, bsdtar 3.6.2,
// BusyBox 1.35, Info-ZIP unzip 6.0, 7-Zip and GNU cpio 2.13 (the test file says what each does).

import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Whether a program is on PATH here. */
export function have(program: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** A tree the everyday archives are made of: files, a directory, and a symlink that stays inside. */
function everydayTree(at: string): void {
  mkdirSync(join(at, "pkg", "lib"), { recursive: true });
  mkdirSync(join(at, "pkg", "bin"), { recursive: true });
  writeFileSync(join(at, "pkg", "lib", "index.js"), "module.exports = 1;\n");
  writeFileSync(join(at, "pkg", "README.md"), "# pkg\n");
  symlinkSync("../lib/index.js", join(at, "pkg", "bin", "tool"));
}

/**
 * Makes the archives in `dir`: everyday ones with the real programs (tar, zip, bzip2, 7z, bsdtar
 * for newc cpio) from a tree, hostile ones crafted. `outside` is the directory absolute members name.
 */
export function makeArchives(dir: string, outside: string): void {
  const tree = join(dir, ".tree");
  everydayTree(tree);
  const run = (program: string, ...args: string[]) => execFileSync(program, args, { cwd: tree, stdio: "ignore" });
  run("tar", "-czf", join(dir, "vendor.tgz"), "pkg");
  run("tar", "-cf", join(dir, "release.tar"), "pkg");
  run("tar", "--format=pax", "-cf", join(dir, "release-pax.tar"), "pkg");
  run("zip", "-qry", join(dir, "assets.zip"), "pkg");
  run("tar", "-cjf", join(dir, "vendor.tar.bz2"), "pkg");
  if (have("7z")) run("7z", "a", "-bd", "-y", join(dir, "bundle.7z"), "pkg");
  if (have("bsdtar")) run("bsdtar", "--format=newc", "-cf", join(dir, "release.cpio"), "pkg");
  execFileSync("python3", [join(import.meta.dir, "craft-archives.py"), dir, outside], { stdio: "inherit" });
}
