// What word expansion works with and makes: the WordEnv through which everything outside it
// arrives (the disk, the analysis of command substitutions, where problems go), its limits,
// and the fields it makes out of segments of known text and unknown values.

import type { FileSystem } from "../../paths/fs.ts";
import type { Dialect, Stmt, Word, WordPart } from "../syntax.ts";
import type { Span } from "../../base/span.ts";
import type { Unknown, World } from "../state.ts";
import type { Listing, Named, NamesSeen, StandInPart } from "../listing.ts";
import type { IndexedNames } from "../index-names.ts";

/** A piece of an expanded field: known text, or an unknown value. */
export type Seg =
  /** `standIn`: the text came from a value that stands for a listing's names (src/shell/listing.ts). */
  { readonly text: string; readonly quoted: boolean; readonly standIn?: true } | { readonly unknown: Unknown;
    readonly quoted: boolean };

export interface Field {
  readonly segs: readonly Seg[];
  readonly span: Span;
  /** The field came out of a pathname expansion that matched on disk. */
  readonly fromGlob: boolean;
}

export interface Limits {
  readonly maxBraceWords: number;
  /** Longest value a word or variable may take; longer is unknown (EXPANSION_TOO_LARGE). */
  readonly maxValueBytes: number;
  /** Most elements an array may hold. */
  readonly maxArrayLength: number;
  readonly maxGlobMatches: number;
  readonly maxGlobDirs: number;
}

export interface WordEnv {
  readonly fs: FileSystem;
  readonly limits: Limits;
  /** $HOME when the script has not set it. */
  readonly home: string | null;
  /** Known environment variables (CDPATH and any the host passed). */
  readonly env: ReadonlyMap<string, string>;
  /**
   * Analyse a command substitution in a copy of the world; returns its output when it is
   * known, the listing it prints, or the stand-in that covers what it prints (`$(dirname "$f")`).
   */
  substitute(body: Stmt, world: World, span: Span): string | { readonly listing: Listing<Named> } | StandInPart | null;
  /**
   * Why the names under `dir` (in it only, `deep` false) cannot be checked, or the characters
   * outside the plain set they hold — which the rest of the command must not add to
   * (src/shell/listing.ts).
   */
  unplainNames?(dir: string, deep: boolean, world: World, span: Span): string | NamesSeen;
  /**
   * Whether no entry is at a listing's start point `path` (src/interp/absent.ts), so that
   * it prints no name from there — which the rest of the command must not change.
   */
  absentStart?(path: string, world: World, span: Span): boolean;
  /** Why the names in git's index (for the working directory) are not all plain relative paths, or the names. */
  unplainIndexNames?(world: World, span: Span): string | IndexedNames;
  /**
   * Whether a command substitution's output can only be numbers (`$(wc -l <f)`): an unknown
   * value that cannot hold a path or a subscript (the command table says, src/interp/stdin.ts).
   */
  printsOnlyNumbers(body: Stmt, world: World): boolean;
  /** Whether it is one plain path segment or nothing (`$(date +%Y%m%d)`): Unknown.segment, or null. */
  printsSegment(body: Stmt, world: World): string | null;
  /** The same for backquoted text the grammar did not parse. */
  substituteCode(text: string, world: World, span: Span): string | { readonly listing: Listing<Named> } | StandInPart
    | null;
  /** Physical directory for a logical one, for globbing. */
  physicalDir(logical: string): string | null;
  /** Problems found while expanding (limits reached, code that evaluation would run) are reported here. */
  problem(code: "EXPANSION_TOO_LARGE" | "PARSE_ERROR" | "OPAQUE_CODE" | "UNRESOLVED_WORD", why: string,
    span: Span): void;
  /**
   * The text of the file at `path` as `< path` reads it: when it is inside a root, small and not
   * written earlier in the command (the interpreter's rule, Interpreter.readable); null when
   * not known. Optional: without it no file's text is known.
   */
  fileText?(path: string, w: World): string | null;
  /** Pathname expansion read this directory (a physical path): listing it is an access. */
  listed(dir: string, shown: string, span: Span): void;
  /**
   * Whether what the disk shows at `path` may not be what the glob meets when it runs: an
   * earlier command may have made a name on its way a symlink, or (`listing`) added symlinks
   * to the directory (src/shell/zones.ts).
   */
  linkZoneAt?(path: string, world: World, listing: boolean): boolean;
  /** Which shell reads the code being expanded (dash's echo decodes escapes; bash's does not). */
  readonly dialect?: Dialect;
  /** BASH_SOURCE where the word is expanded, innermost first; null or absent when not known. */
  readonly bashSource?: readonly string[] | null;
  /**
   * The code in `x` is accounted for without being expanded here: a word bash does not expand
   * (an operand its operator does not need) or one analysed as text, or backquoted code that
   * was analysed (src/shell/coverage.ts).
   */
  account(x: Word | CodePart): void;
}

type CodePart = Extract<WordPart, { t: "code" }>;

export type Piece =
  /** `open`: a stand-in whose last component may be empty, `.` or `..` until text that follows closes it (parts.ts). */
  | { readonly k: "text"; readonly text: string; readonly quoted: boolean; readonly split: boolean;
    readonly standIn?: true; readonly open?: true }
  | { readonly k: "unknown"; readonly u: Unknown; readonly quoted: boolean; readonly split: boolean }
  /** "$@": a field boundary that splitting does not decide. */
  | { readonly k: "break" }
  /** A quoted empty string: keeps the field alive. */
  | { readonly k: "keep" };

/** Known text of a field, or null when any part is unknown. */
export function fieldText(f: { readonly segs: readonly Seg[] }): string | null {
  let s = "";
  for (const seg of f.segs) {
    if ("unknown" in seg) return null;
    s += seg.text;
  }
  return s;
}

/**
 * The text with each unknown number (`$RANDOM`, `$(shuf -i 0-4 -n1)`) as `0`, or null when
 * anything else is unknown: for judging what evaluating it (arithmetic, a subscript) could run,
 * where any number is as harmless as another — never for the value itself.
 */
export function textWithNumbers(f: { readonly segs: readonly Seg[] }): string | null {
  let s = "";
  for (const seg of f.segs) {
    if ("unknown" in seg && !seg.unknown.numeric) return null;
    s += "unknown" in seg ? "0" : seg.text;
  }
  return s;
}

export function firstUnknown(f: { readonly segs: readonly Seg[] }): Unknown | null {
  for (const seg of f.segs) if ("unknown" in seg) return seg.unknown;
  return null;
}

/** The known text before the first unknown segment. */
export function knownPrefix(f: { readonly segs: readonly Seg[] }): string {
  let s = "";
  for (const seg of f.segs) {
    if ("unknown" in seg) break;
    s += seg.text;
  }
  return s;
}

export function textSeg(text: string, quoted: boolean, standIn: true | undefined): Seg {
  return standIn ? { text, quoted, standIn } : { text, quoted };
}

/** Whether any text of the field came from a stand-in for a listing's names. */
export function hasStandIn(f: { readonly segs: readonly Seg[] }): boolean {
  return f.segs.some((g) => "text" in g && g.standIn === true);
}
