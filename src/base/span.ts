// A place in the command text. Every stage points into the text it was given (the parser's error
// spans, the syntax tree, findings, the reports), so the type lives below all of them.

/** Offsets into the command text, `end` exclusive (JavaScript string indices). */
export interface Span {
  readonly start: number;
  readonly end: number;
}
