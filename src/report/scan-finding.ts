// What the CI scanner reports: one command of a file that is not allowed, located by line and
// column in that file, and keyed so that it is recognised on another run, on another machine,
// after the lines around it moved (scan-fingerprint.ts). The scanner
// (src/integrations/scan-files.ts) makes them; the formats in this folder print them.

import type { ReasonCode } from "../base/reasons.ts";
import type { Decision } from "../base/verdict.ts";

export interface ScanFinding {
  /** Relative to the project root, with `/` separators. */
  readonly file: string;
  /** 1-based line and column (the column in UTF-16 code units), the end exclusive. */
  readonly line: number;
  readonly col: number;
  readonly endLine: number;
  readonly endCol: number;
  readonly decision: Exclude<Decision, "allow">;
  readonly code: ReasonCode;
  readonly message: string;
  /** The text of the statement it is in, as written, whitespace normalised ("" for a whole file or step). */
  readonly statement: string;
  /** The path (or other word) it is about, as written, whitespace normalised ("" when it has none). */
  readonly written: string;
  /** The key of file, code, statement and written (scan-fingerprint.ts): what a baseline holds. */
  readonly fingerprint: string;
  /**
   * For a finding about shell state rather than the words at its place (Reason.state): which
   * state, in which shell. Findings of a file with the same key are one fact, reported once
   * (scan-fold.ts), which removes the key: it is never printed and never keys a baseline.
   */
  readonly state?: string;
}

/**
 * Something the scanner did not judge, and where: a step that runs in pwsh, a zsh script named
 * `.sh`. It is not a finding (nothing was found), but it is not a pass either: `--fail-on ask`
 * counts it, and every format says it.
 */
export interface ScanNote {
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly message: string;
}
