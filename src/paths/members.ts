// What an archive says it holds: its members' names, kinds and link targets, as the archive
// stores them (before any program strips or refuses a name). The readers (tar-headers.ts,
// zip-directory.ts, archive-members.ts) answer with this list or with why they cannot.

/** A member's kind: what an extractor makes at its name. */
export type MemberKind = "file" | "dir" | "symlink" | "hardlink" | "other";

export interface Member {
  /** The name as stored (UTF-8). */
  readonly name: string;
  readonly kind: MemberKind;
  /** A symlink's target text, or the stored name a hard link links to. */
  readonly target?: string;
  /**
   * Other names an extractor may read for the same member: a zip's local header or Unicode
   * path field that disagrees with its central directory, a name with `\` that unzip turns
   * into `/`. Each is judged as the member's name.
   */
  readonly aliases?: readonly string[];
}

/** The members in the order an extractor makes them, or why they cannot be read. */
export type MembersRead = { readonly members: readonly Member[] } | { readonly why: string };

/** The bounds a reading stays within: past them the answer is why, never a guess. */
export interface MemberBounds {
  /** Bytes of the archive file read. */
  readonly maxArchiveBytes: number;
  /** Members read before the list counts as too long. */
  readonly maxMembers: number;
  /** Bytes a compressed archive may unpack to. */
  readonly maxUnpackedBytes: number;
}

export const MEMBER_BOUNDS: MemberBounds = { maxArchiveBytes: 32 * 1024 * 1024, maxMembers: 20000,
  maxUnpackedBytes: 128 * 1024 * 1024 };

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Bytes as UTF-8, or null when they are not (a name the guard cannot write as a path). */
export function utf8Name(b: Uint8Array): string | null {
  try {
    return utf8.decode(b);
  } catch {
    return null;
  }
}

/** The bytes up to the first NUL of a fixed-size field. */
export function cField(b: Uint8Array, at: number, size: number): Uint8Array {
  const f = b.subarray(at, at + size);
  const nul = f.indexOf(0);
  return nul < 0 ? f : f.subarray(0, nul);
}
