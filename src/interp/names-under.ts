// The names under a directory on disk, as a listing relies on them (src/shell/listing.ts):
// whether each is plain, walked breadth first without following links, within a bound.

import { type FileSystem, UNDECODABLE_NAME } from "../paths/fs.ts";
import { isPlainName, type NamesSeen, oddChars } from "../shell/listing.ts";

/**
 * The characters outside the plain set that the names under a physical directory hold (in it
 * only, `deep` false), or why they cannot be told (past `limit` entries, unreadable, not UTF-8).
 * A file, or a path not there, holds none. `shown` is the directory as the command wrote it.
 * `links` when an entry is a symlink, or (not `deep`) the entries' types were not looked at.
 */
export function namesUnder(fs: FileSystem, start: string, deep: boolean, shown: string, limit: number): string
  | NamesSeen
{
  if (fs.lstat(start) !== "dir") return { odd: "" };
  let links = !deep;
  const queue = [start];
  let odd = "";
  let entries = 0;
  while (queue.length) {
    const phys = queue.shift()!;
    const names = fs.readdir(phys);
    if (names === null) return `${phys} cannot be listed`;
    for (const name of names) {
      if (++entries > limit) return `${shown} holds more than ${limit} entries`;
      if (name === UNDECODABLE_NAME) return `${shown} holds a name that is not UTF-8`;
      if (!isPlainName(name)) odd = [...new Set(odd + oddChars(name))].join("");
      if (!deep) continue;
      const p = phys + "/" + name;
      const type = fs.lstat(p);
      // A directory it cannot look into may hold anything, and a chmod may open it meanwhile.
      if (type === "unreadable") return `${p} cannot be looked at`;
      if (type === "dir") queue.push(p);
      else if (type === "symlink") links = true;
    }
  }
  return links ? { odd, links } : { odd };
}

/** Whether every name under a physical path (nothing, for a file or a path not there) is plain, within the bound. */
export function plainTree(fs: FileSystem, phys: string, limit: number): boolean {
  const got = namesUnder(fs, phys, true, phys, limit);
  return typeof got !== "string" && got.odd === "";
}
