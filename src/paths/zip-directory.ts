// The members of a zip archive, read from its central directory (zip64 too) and checked against
// each local header: a name that the local header, the Info-ZIP Unicode path field (which
// unzip prefers when its checksum matches) or a backslash (which unzip reads as `/` in an
// archive made on Windows) spells otherwise is an alias, judged as well. A symlink is an entry
// whose Unix mode (the high half of the external attributes) says so, whatever system made it;
// its target is the entry's data (stored or deflated, never encrypted). Data before the first
// entry (a self-extracting stub) shifts every offset, as unzip allows; anything else that does
// not add up is a reason.

import { inflateRawSync } from "node:zlib";
import { type Member, type MembersRead, utf8Name } from "./members.ts";

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** A symlink's target is short: a longer one is not read. */
const MAX_TARGET = 4096;

/** Whether the bytes start as a zip does (a local header, or the end record of an empty archive). */
export function looksLikeZip(b: Uint8Array): boolean {
  if (b.length < 4) return false;
  const sig = new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(0, true);
  return sig === LOCAL || sig === EOCD;
}

/** The end of central directory record: the last one whose comment ends the file. */
function findEnd(v: DataView): number | null {
  for (let at = v.byteLength - 22; at >= Math.max(0, v.byteLength - 22 - 0xffff); at--) {
    if (v.getUint32(at, true) === EOCD && at + 22 + v.getUint16(at + 20, true) === v.byteLength) return at;
  }
  return null;
}

/** The names an extra field gives (the Info-ZIP Unicode path, 0x7075), and the zip64 field's bytes. */
function extraFields(b: Uint8Array, at: number, len: number): { unicode: string[]; zip64: DataView | null } | string {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const unicode: string[] = [];
  let zip64: DataView | null = null;
  if (at + len > b.length) return "an extra field runs past the end of the archive";
  for (let p = at; p < at + len;) {
    if (p + 4 > at + len) return "an extra field is cut short";
    const id = v.getUint16(p, true);
    const size = v.getUint16(p + 2, true);
    if (p + 4 + size > at + len) return "an extra field runs past its entry";
    if (id === 0x7075) {
      if (size < 5 || b[p + 4] !== 1) return "a Unicode path field of an unknown version";
      const name = utf8Name(b.subarray(p + 9, p + 4 + size));
      if (name === null) return "a Unicode path field that is not UTF-8";
      unicode.push(name);
    }
    if (id === 0x0001) zip64 = new DataView(b.buffer, b.byteOffset + p + 4, size);
    p += 4 + size;
  }
  return { unicode, zip64 };
}

/** A name as stored, or null when it is not UTF-8. */
function nameAt(b: Uint8Array, at: number, len: number): string | null {
  return utf8Name(b.subarray(at, at + len));
}

/** The members of a zip archive, in the order of its central directory, or why they cannot be read. */
export function zipMembers(b: Uint8Array, maxMembers: number): MembersRead {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const end = findEnd(v);
  if (end === null) return { why: "no end of central directory record ends the file" };
  let count = v.getUint16(end + 10, true);
  let cdSize = v.getUint32(end + 12, true);
  let cdOffset = v.getUint32(end + 16, true);
  let cdEnd = end;
  if (v.getUint16(end + 4, true) !== 0 || v.getUint16(end + 6, true) !== 0) return { why: "a zip split across disks" };
  if (end >= 20 && v.getUint32(end - 20, true) === ZIP64_LOCATOR) {
    const at64 = Number(v.getBigUint64(end - 12, true));
    // The record sits just before its locator; an offset elsewhere is shifted by a stub.
    const record = end - 20 - 56;
    if (record < 0 || v.getUint32(record, true) !== ZIP64_EOCD || at64 > record) return { why: "a zip64 end record" };
    count = Number(v.getBigUint64(record + 32, true));
    cdSize = Number(v.getBigUint64(record + 40, true));
    cdOffset = Number(v.getBigUint64(record + 48, true));
    cdEnd = record;
  }
  if (count > maxMembers) return { why: `the archive holds more than ${maxMembers} members` };
  const cdStart = cdEnd - cdSize;
  const shift = cdStart - cdOffset;
  if (cdStart < 0 || shift < 0) return { why: "the central directory is not where the end record says" };
  const members: Member[] = [];
  let p = cdStart;
  for (let i = 0; i < count; i++) {
    if (p + 46 > cdEnd || v.getUint32(p, true) !== CENTRAL) return { why: "a central directory entry is malformed" };
    const flags = v.getUint16(p + 8, true);
    const method = v.getUint16(p + 10, true);
    let compSize = v.getUint32(p + 20, true);
    const nameLen = v.getUint16(p + 28, true);
    const extraLen = v.getUint16(p + 30, true);
    const commentLen = v.getUint16(p + 32, true);
    const external = v.getUint32(p + 38, true);
    let local = v.getUint32(p + 42, true);
    if (p + 46 + nameLen + extraLen + commentLen > cdEnd) return { why: "a central directory entry runs past it" };
    const name = nameAt(b, p + 46, nameLen);
    if (name === null) return { why: "a member name is not UTF-8" };
    const extra = extraFields(b, p + 46 + nameLen, extraLen);
    if (typeof extra === "string") return { why: extra };
    if (extra.zip64) {
      // Only the fields whose 32-bit value is the sentinel are there, in this order.
      let z = 0;
      const next = (): number | null => {
        if (z + 8 > extra.zip64!.byteLength) return null;
        const n = Number(extra.zip64!.getBigUint64(z, true));
        z += 8;
        return n;
      };
      if (v.getUint32(p + 24, true) === 0xffffffff && next() === null) return { why: "a zip64 field is cut short" };
      if (compSize === 0xffffffff) compSize = next() ?? -1;
      if (local === 0xffffffff) local = next() ?? -1;
      if (compSize < 0 || local < 0) return { why: "a zip64 field is cut short" };
    }
    const at = local + shift;
    if (at + 30 > b.length || v.getUint32(at, true) !== LOCAL) return { why: `the local header of ${name} is missing` };
    if (at + 30 + v.getUint16(at + 26, true) > b.length) return { why: `the local header of ${name} is cut short` };
    const localNameLen = v.getUint16(at + 26, true);
    const localExtraLen = v.getUint16(at + 28, true);
    const localName = nameAt(b, at + 30, localNameLen);
    if (localName === null) return { why: "a local member name is not UTF-8" };
    const localExtra = extraFields(b, at + 30 + localNameLen, localExtraLen);
    if (typeof localExtra === "string") return { why: localExtra };
    const mode = external >>> 16;
    const type = mode & 0o170000;
    const names = [...new Set([name, localName, ...extra.unicode, ...localExtra.unicode])];
    for (const n of [...names]) if (n.includes("\\")) names.push(n.replace(/\\/g, "/"));
    if (names.some((n) => n.includes("\0"))) return { why: "a member name holds a NUL" };
    const isDir = name.endsWith("/") || type === 0o040000 || (type === 0 && (external & 0x10) !== 0);
    let member: Member = { name, kind: isDir ? "dir" : "file" };
    if (type === 0o120000) {
      if (flags & 1) return { why: `the symlink ${name} is encrypted` };
      const start = at + 30 + localNameLen + localExtraLen;
      if (compSize > MAX_TARGET * 4 || start + compSize > b.length) return { why: `the symlink ${name} is malformed` };
      const raw = b.subarray(start, start + compSize);
      let text: Uint8Array;
      try {
        text = method === 0
          ? raw
          : method === 8
          ? inflateRawSync(raw, { maxOutputLength: MAX_TARGET })
          : new Uint8Array();
      } catch {
        return { why: `the target of the symlink ${name} cannot be unpacked` };
      }
      if (method !== 0 && method !== 8) return { why: `the symlink ${name} is compressed with method ${method}` };
      const target = utf8Name(text);
      if (target === null || target.includes("\0")) return { why: `the target of the symlink ${name} is not UTF-8` };
      member = { name, kind: "symlink", target };
    }
    members.push(names.length > 1 ? { ...member, aliases: names.slice(1) } : member);
    p += 46 + nameLen + extraLen + commentLen;
  }
  if (p !== cdEnd) return { why: "the central directory holds more than its end record counts" };
  return { members };
}
