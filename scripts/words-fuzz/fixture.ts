// The scratch world both sides expand words in: a project (the cwd), a fake HOME and a sibling
// directory, under a fresh directory in the system temp directory. The names are chosen to
// trip expansion up: blanks, glob and brace characters, a backslash, `~`, a leading `-`,
// non-ASCII, dotfiles, numbers (the guard samples numeric words against number-named entries),
// and symlinks to a directory, to nowhere and out of the project.

import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface World {
  /** The temp directory holding everything (physical path). */
  readonly top: string;
  /** The cwd of every case. */
  readonly project: string;
  readonly home: string;
  /** An empty directory: bash's PATH, so that nothing but builtins and functions can run. */
  readonly noBin: string;
  remove(): void;
}

const PROJECT_FILES = ["--", "-n", "a", "b", "c", "ab", "abc", "A", "B.txt", "a.txt", "a b", "a*", "[ab]", "3", "10",
  ".hidden", ".x", "x y z", "~", "~x", "a,b", "{a,b}", "a:b", "\\", "é", "x", "dir/f", "dir/.g", "dir/sub/h", "dir/s p",
  "sp ace/in", ".dotdir/k"];
const PROJECT_LINKS: readonly [target: string, name: string][] = [["dir", "link"], ["nowhere", "broken"], ["../other",
  "up"]];
const HOME_FILES = ["y", ".profile", "hd/z"];
const OTHER_FILES = ["o1", ".o2"];

function touchAll(dir: string, names: readonly string[]): void {
  for (const name of names) {
    const path = join(dir, name);
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, "");
  }
}

export function buildWorld(): World {
  const top = realpathSync(mkdtempSync(join(tmpdir(), "shellfence-words-")));
  const project = join(top, "proj");
  const home = join(top, "home");
  const noBin = join(top, "nobin");
  mkdirSync(noBin);
  touchAll(project, PROJECT_FILES);
  for (const [target, name] of PROJECT_LINKS) symlinkSync(target, join(project, name));
  touchAll(home, HOME_FILES);
  touchAll(join(top, "other"), OTHER_FILES);
  return { top, project, home, noBin, remove: () => rmSync(top, { recursive: true, force: true }) };
}
