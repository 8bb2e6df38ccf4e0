// A place in the command text. Every stage points into the text it was given (the parser's error
// spans, the syntax tree, findings, the reports), so the type lives below all of them.

/** Offsets into the command text, `end` exclusive (JavaScript string indices). */
export interface Span {
  readonly start: number;
  readonly end: number;
  /**
   * For code the command read from a file (a script it runs, a file it sources), where in that
   * file: the span itself is where the command reaches that file (`source lib.sh`).
   */
  readonly file?: FilePlace;
}

/**
 * The file code was read from (physical path), and where its spans are in it: at `offset`, or,
 * for code nested in a word of that file (eval, `sh -c`), all at that word (`fixed`).
 */
export interface CodePlace {
  readonly file: string;
  readonly offset: number;
  readonly fixed: Span | null;
}

/** A place in a file, in its own offsets (`end` exclusive); `path` is physical and absolute. */
export interface FilePlace {
  readonly path: string;
  readonly start: number;
  readonly end: number;
}
