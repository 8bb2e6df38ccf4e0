// Which format an archive's bytes are, by their magic numbers (as GNU tar, bsdtar and 7-Zip
// tell compression by the content, not by the name or an option), and its members when the
// format is one the guard reads: tar, gzip-compressed tar (node:zlib, bounded), zip, text cpio. The
// others (bzip2, xz, zstd, lzip, 7z, rar, binary cpio, …) are named, so the question can say which.

import { gunzipSync } from "node:zlib";
import { type MemberBounds, type MembersRead } from "./members.ts";
import { cpioMembers, looksLikeCpio } from "./cpio-headers.ts";
import { looksLikeTar, tarMembers } from "./tar-headers.ts";
import { looksLikeZip, zipMembers } from "./zip-directory.ts";

/** Compressions the guard does not undo, by their first bytes: GNU tar tells these first. */
const COMPRESSED: readonly (readonly [string, readonly number[]])[] = [["bzip2", [0x42, 0x5a, 0x68]], ["xz", [0xfd,
  0x37, 0x7a, 0x58, 0x5a, 0x00]], ["zstd", [0x28, 0xb5, 0x2f, 0xfd]], ["lzip", [0x4c, 0x5a, 0x49, 0x50]], ["lz4", [0x04,
  0x22, 0x4d, 0x18]], ["compress (.Z)", [0x1f, 0x9d]], ["lzop", [0x89, 0x4c, 0x5a, 0x4f]], ["lzma", [0x5d, 0x00,
  0x00]]];

/** Archive formats the guard does not read, told after tar and zip. */
const OTHER_FORMATS: readonly (readonly [string, readonly number[]])[] = [["7z", [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]],
  ["rar", [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]], ["cpio", [0x30, 0x37, 0x30, 0x37, 0x30]], ["cpio", [0xc7, 0x71]], [
  "cpio",
  [0x71, 0xc7],
], ["xar", [0x78, 0x61, 0x72, 0x21]], ["cab", [0x4d, 0x53, 0x43, 0x46]], ["ar", [0x21, 0x3c, 0x61, 0x72, 0x63, 0x68,
  0x3e]]];

/** What a program unpacks: tar, a tar inside gzip (tar -z, and tar without it, which tells gzip by its magic), zip, cpio. */
export interface ArchiveFormats {
  readonly tar: boolean;
  readonly gzipTar: boolean;
  readonly zip: boolean;
  /** cpio's text formats (bsdtar and 7-Zip read them too). */
  readonly cpio: boolean;
}

const starts = (b: Uint8Array, magic: readonly number[]) => magic.every((c, i) => b[i] === c);

/** What a reader of `formats` makes of these bytes: the members, or why not. */
export function archiveMembers(bytes: Uint8Array, formats: ArchiveFormats, bounds: MemberBounds): MembersRead {
  // An empty file is an empty archive to tar (and unzip refuses it): nothing is written.
  if (bytes.length === 0) return { members: [] };
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    if (!formats.gzipTar) return { why: "it is gzip-compressed, which the guard reads only as tar unpacks it" };
    let inner: Uint8Array;
    try {
      // Every gzip member, concatenated, as gzip -d gives them to tar.
      inner = gunzipSync(bytes, { maxOutputLength: bounds.maxUnpackedBytes });
    } catch (e) {
      return {
        why: e instanceof RangeError
          ? `it unpacks to more than ${bounds.maxUnpackedBytes / 1048576} MiB`
          : "it is not valid gzip",
      };
    }
    if (inner.length === 0) return { members: [] };
    if (!looksLikeTar(inner)) return { why: "it is gzip-compressed data that is not a tar archive" };
    return tarMembers(inner, bounds.maxMembers);
  }
  for (const [name, magic] of COMPRESSED) {
    if (starts(bytes, magic)) return { why: `it is ${name}-compressed, which the guard does not undo` };
  }
  if (formats.zip && looksLikeZip(bytes)) return zipMembers(bytes, bounds.maxMembers);
  if (formats.tar && looksLikeTar(bytes)) return tarMembers(bytes, bounds.maxMembers);
  if (formats.cpio && looksLikeCpio(bytes)) return cpioMembers(bytes, bounds.maxMembers);
  for (const [name, magic] of OTHER_FORMATS) {
    if (magic.length && starts(bytes, magic)) return { why: `it is a ${name} archive, which the guard does not read` };
  }
  // A zip with a stub before it (a self-extracting archive) is found from its end.
  if (formats.zip) {
    const z = zipMembers(bytes, bounds.maxMembers);
    if ("members" in z) return z;
  }
  return { why: "its format is not one the guard reads (tar, gzip-compressed tar, zip, text cpio)" };
}
