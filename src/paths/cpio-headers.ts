// The members of a cpio archive in its two text formats: SVR4 "newc" (`070701`, and `070702`
// with checksums; hexadecimal fields, names and data padded to four bytes) and POSIX "odc"
// (`070707`; octal fields, no padding), up to the `TRAILER!!!` entry, where cpio -i stops.
// The old binary format is not read. A symlink's target is its data. Entries that share an
// inode are hard links of one another, each written at its own name, so each is a file here.

import { type Member, type MembersRead, utf8Name } from "./members.ts";

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;

/** A field of `len` digits in `radix`, or null. */
function field(b: Uint8Array, at: number, len: number, radix: 8 | 16): number | null {
  const text = String.fromCharCode(...b.subarray(at, at + len));
  const ok = radix === 16 ? /^[0-9A-Fa-f]+$/ : /^[0-7]+$/;
  return text.length === len && ok.test(text) ? parseInt(text, radix) : null;
}

/** Whether the bytes start as a text cpio archive does. */
export function looksLikeCpio(b: Uint8Array): boolean {
  return b.length >= 6 && /^0707(01|02|07)$/.test(String.fromCharCode(...b.subarray(0, 6)));
}

/** The members of a newc or odc cpio archive, in order, or why they cannot be read. */
export function cpioMembers(b: Uint8Array, maxMembers: number): MembersRead {
  const members: Member[] = [];
  let at = 0;
  for (;;) {
    if (at + 6 > b.length) return { why: "the archive ends before its trailer" };
    const magic = String.fromCharCode(...b.subarray(at, at + 6));
    const newc = magic === "070701" || magic === "070702";
    if (!newc && magic !== "070707") return { why: `the entry at byte ${at} is not a text cpio header` };
    const headerLen = newc ? 110 : 76;
    const mode = newc ? field(b, at + 14, 8, 16) : field(b, at + 18, 6, 8);
    const size = newc ? field(b, at + 54, 8, 16) : field(b, at + 65, 11, 8);
    const nameLen = newc ? field(b, at + 94, 8, 16) : field(b, at + 59, 6, 8);
    if (mode === null || size === null || nameLen === null || nameLen === 0) {
      return { why: `the header at byte ${at} is malformed` };
    }
    const nameAt = at + headerLen;
    const pad = (n: number) => (newc ? (4 - (n % 4)) % 4 : 0);
    const dataAt = nameAt + nameLen + pad(headerLen + nameLen);
    if (dataAt + size > b.length) return { why: "an entry runs past the end of the archive" };
    if (b[nameAt + nameLen - 1] !== 0) return { why: "a member name does not end with NUL" };
    const name = utf8Name(b.subarray(nameAt, nameAt + nameLen - 1));
    if (name === null || name.includes("\0")) return { why: "a member name is not UTF-8" };
    if (name === "TRAILER!!!") return { members };
    const type = mode & S_IFMT;
    if (members.length >= maxMembers) return { why: `the archive holds more than ${maxMembers} members` };
    if (type === S_IFLNK) {
      const target = utf8Name(b.subarray(dataAt, dataAt + size));
      if (target === null || target.includes("\0")) return { why: `the target of the symlink ${name} is not UTF-8` };
      members.push({ name, kind: "symlink", target });
    } else {
      members.push({ name, kind: type === S_IFDIR ? "dir" : type === S_IFREG ? "file" : "other" });
    }
    at = dataAt + size + pad(size);
  }
}
