// The members of a tar archive, read from its headers: ustar, GNU (long names `L`/`K`, old
// sparse files `S`, dump directories `D`, multi-volume pieces `M`) and pax (`x`/`X` extended
// headers, their `path`, `linkpath`, `size` and `GNU.sparse.name`). Readers differ on odd
// archives, and an archive made to pass one reader and fool another is the attack, so whatever
// two readers might read differently is a reason, not a guess: a block that is neither a
// header nor zeros where a header is due (GNU tar then scans on for one), a link, directory or
// device that carries data, a global header that names a path, a name that is not UTF-8.
// Headers after the end-of-archive blocks are read too (GNU tar's -i, bsdtar's concatenated
// archives), and a name given twice (a pax `path` and a GNU long name) is both names.

import { cField, type Member, type MemberKind, type MembersRead, utf8Name } from "./members.ts";

const BLOCK = 512;

/** An octal or base-256 number field (GNU tar's from_header), or null. */
function number(h: Uint8Array, at: number, size: number): number | null {
  const f = h.subarray(at, at + size);
  if (f[0]! & 0x80) {
    // Base-256, big-endian; 0xff starts a negative number, which no size is.
    if (f[0] === 0xff) return null;
    let v = f[0]! & 0x7f;
    for (let i = 1; i < f.length; i++) {
      v = v * 256 + f[i]!;
      if (v > Number.MAX_SAFE_INTEGER) return null;
    }
    return v;
  }
  let i = 0;
  while (i < f.length && (f[i] === 0x20 || f[i] === 0)) {
    // Leading blanks; a field of NULs alone is 0 (old archives).
    if (f[i] === 0 && f.subarray(i).every((c) => c === 0)) return 0;
    i++;
  }
  let v = 0;
  let digits = 0;
  for (; i < f.length && f[i]! >= 0x30 && f[i]! <= 0x37; i++, digits++) v = v * 8 + (f[i]! - 0x30);
  if (digits === 0) return null;
  // What follows the digits ends the field: blanks and NULs only.
  for (; i < f.length; i++) if (f[i] !== 0x20 && f[i] !== 0) return null;
  return v;
}

/** Whether the header's checksum holds, summed unsigned or signed as GNU tar accepts. */
function checksumHolds(h: Uint8Array): boolean {
  const stored = number(h, 148, 8);
  if (stored === null) return false;
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i++) {
    const c = i >= 148 && i < 156 ? 0x20 : h[i]!;
    unsigned += c;
    signed += c > 127 ? c - 256 : c;
  }
  return stored === unsigned || stored === signed;
}

/** The records of a pax extended header (`LEN key=value\n`), or why they cannot be read. */
function paxRecords(data: Uint8Array): Map<string, string> | string {
  const out = new Map<string, string>();
  let at = 0;
  while (at < data.length) {
    if (data[at] === 0) break;
    const space = data.indexOf(0x20, at);
    const lenText = space < 0 || space - at > 9 ? "" : String.fromCharCode(...data.subarray(at, space));
    const len = /^[0-9]{1,9}$/.test(lenText) ? Number(lenText) : NaN;
    if (!(len > 0) || at + len > data.length || data[at + len - 1] !== 0x0a) return "a pax header record is malformed";
    const record = utf8Name(data.subarray(space + 1, at + len - 1));
    const eq = record === null ? -1 : record.indexOf("=");
    if (record === null || eq <= 0) return "a pax header record is not UTF-8 key=value";
    out.set(record.slice(0, eq), record.slice(eq + 1));
    at += len;
  }
  return out;
}

/** What the typeflag makes (GNU tar and libarchive extract an unknown type as a regular file). */
function kindOf(type: string, name: string): MemberKind | "skip" | null {
  switch (type) {
    case "0":
    case "\0":
    case "7":
    case "M":
    case "S":
      // An old archive marks a directory by the trailing slash of a regular entry.
      return name.endsWith("/") ? "dir" : "file";
    case "1":
      return "hardlink";
    case "2":
      return "symlink";
    case "5":
    case "D":
      return "dir";
    case "3":
    case "4":
    case "6":
      return "other";
    case "V":
      return "skip";
    case "N":
      return null;
    default:
      return /^[A-Z]$/.test(type) ? "file" : null;
  }
}

/** The name a header stores: ustar's prefix joined to its name (not in GNU's or v7's format). */
function headerName(h: Uint8Array): Uint8Array | string {
  const name = cField(h, 0, 100);
  const posix = h[257] === 0x75 && String.fromCharCode(...h.subarray(257, 263)) === "ustar\0";
  if (!posix || h[345] === 0) return name;
  // star keeps only 131 bytes of prefix and a time after them; GNU tar and libarchive read 155.
  const prefix = cField(h, 345, 155);
  if (prefix.length > 130 && h.subarray(476, 500).some((c) => c !== 0)) {
    return "a ustar prefix that star and GNU tar read differently";
  }
  const joined = new Uint8Array(prefix.length + 1 + name.length);
  joined.set(prefix);
  joined[prefix.length] = 0x2f;
  joined.set(name, prefix.length + 1);
  return joined;
}

/** A NUL-ended text from a GNU long-name header's data, or null when it is not UTF-8. */
function longText(data: Uint8Array): string | null {
  const nul = data.indexOf(0);
  return utf8Name(nul < 0 ? data : data.subarray(0, nul));
}

/** The members of an uncompressed tar archive, in order, or why they cannot be read. */
export function tarMembers(b: Uint8Array, maxMembers: number): MembersRead {
  const members: Member[] = [];
  let pax: Map<string, string> | null = null;
  let longName: string | null = null;
  let longLink: string | null = null;
  let at = 0;
  while (at + BLOCK <= b.length) {
    const h = b.subarray(at, at + BLOCK);
    if (h.every((c) => c === 0)) {
      at += BLOCK;
      continue;
    }
    if (!checksumHolds(h)) return { why: `the block at byte ${at} is neither a tar header nor the end` };
    const type = String.fromCharCode(h[156]!);
    const stored = number(h, 124, 12);
    if (stored === null) return { why: `the header at byte ${at} has a size that is not a number` };
    const data = (size: number) => b.subarray(at + BLOCK, Math.min(b.length, at + BLOCK + size));
    let size = stored;
    if (type === "x" || type === "X" || type === "g") {
      const records = paxRecords(data(size));
      if (typeof records === "string") return { why: records };
      if (type === "g") {
        if (records.has("path") || records.has("linkpath")) return { why: "a pax global header names a path" };
      } else pax = records;
    } else if (type === "L" || type === "K") {
      const text = longText(data(size));
      if (text === null) return { why: "a GNU long name is not UTF-8" };
      if (type === "L") longName = text;
      else longLink = text;
    } else {
      const paxSize = pax?.get("size");
      if (paxSize !== undefined) {
        if (!/^[0-9]{1,15}$/.test(paxSize)) return { why: "a pax size is not a number" };
        size = Number(paxSize);
      }
      const raw = headerName(h);
      if (typeof raw === "string") return { why: raw };
      const fromHeader = utf8Name(raw);
      const given = [pax?.get("path"), pax?.get("GNU.sparse.name"), longName].filter((n): n is string =>
        typeof n === "string"
      );
      if (given.length === 0 && fromHeader === null) return { why: "a member name is not UTF-8" };
      const names = [...new Set(given.length ? given : [fromHeader!])];
      const kind = kindOf(type, names[0]!);
      if (kind === null) return { why: `a member has the type '${type}', which the guard does not read` };
      if (names.some((n) => n.includes("\0"))) return { why: "a member name holds a NUL" };
      if (kind !== "file" && kind !== "skip" && size !== 0 && type !== "D") {
        return { why: `the ${kind} member ${JSON.stringify(names[0])} carries data, which readers skip differently` };
      }
      if (type === "S" && h[482] !== 0) {
        // Old GNU sparse files: extension headers follow, each flagged at byte 504 if another does.
        let ext = at + BLOCK;
        do {
          if (ext + BLOCK > b.length) return { why: "an old GNU sparse header runs past the end" };
          ext += BLOCK;
        } while (b[ext - BLOCK + 504] !== 0);
        at = ext - BLOCK;
      }
      if (kind !== "skip") {
        let target: string | undefined;
        if (kind === "symlink" || kind === "hardlink") {
          const fromLink = utf8Name(cField(h, 157, 100));
          const long = [pax?.get("linkpath"), longLink].filter((n): n is string => typeof n === "string");
          if (long.length === 2 && long[0] !== long[1]) return { why: "a link member gives two targets" };
          const t = long[0] ?? fromLink;
          if (t === null || t === undefined) return { why: "a link target is not UTF-8" };
          target = t;
        }
        if (members.length >= maxMembers) return { why: `the archive holds more than ${maxMembers} members` };
        members.push({ name: names[0]!, kind, ...(target !== undefined ? { target } : {}),
          ...(names.length > 1 ? { aliases: names.slice(1) } : {}) });
      }
      pax = null;
      longName = null;
      longLink = null;
    }
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return { members };
}

/** Whether the first block is a tar header (a ustar magic, or a v7 header whose checksum holds). */
export function looksLikeTar(b: Uint8Array): boolean {
  return b.length >= BLOCK && checksumHolds(b.subarray(0, BLOCK));
}
