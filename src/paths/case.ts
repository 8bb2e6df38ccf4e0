// Whether a filesystem finds names without regard to case (macOS's APFS and HFS+ by default,
// Windows' NTFS): there `cat .ENV` opens `.env`, and a rule or a protected name matched by
// spelling would not see it. Probed, not assumed: a directory's name with its case swapped is
// looked up in its parent; when `lstat` finds it but the parent's listing does not hold that
// spelling, the lookup ignored case.

import type { FileSystem } from "./fs.ts";

function swapCase(name: string): string {
  let out = "";
  for (const ch of name) {
    const lo = ch.toLowerCase();
    out += ch === lo ? ch.toUpperCase() : lo;
  }
  return out;
}

/** Does the filesystem holding the existing directory `dir` (absolute) ignore case? From its first name with a letter. */
export function ignoresCase(fs: FileSystem, dir: string): boolean {
  for (let at = dir.replace(/\/+$/, ""); at.lastIndexOf("/") >= 0 && at !== ""; at = at.slice(0, at.lastIndexOf("/"))) {
    const cut = at.lastIndexOf("/");
    const name = at.slice(cut + 1);
    const swapped = swapCase(name);
    if (swapped === name) continue;
    const parent = at.slice(0, cut) || "/";
    if (fs.lstat(`${parent === "/" ? "" : parent}/${swapped}`) === null) return false;
    return !(fs.readdir(parent) ?? [swapped]).includes(swapped);
  }
  return false;
}
