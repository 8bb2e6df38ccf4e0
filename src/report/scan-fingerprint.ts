// A finding's identity across runs and machines: the file (relative to the root), the reason
// code, the text of its statement and the word it is about, both as written in the file with
// whitespace normalised. Not the line (lines move when others are added above), and nothing the
// scan resolved (absolute paths, the home directory: they differ per machine). Two findings
// with one key are told apart by count, in a baseline (src/integrations/scan-baseline.ts).
// SARIF carries the same key as a partial fingerprint (sarif.ts).

import { createHash } from "node:crypto";
import type { ReasonCode } from "../base/reasons.ts";

/** The key's version: a new way of computing it is a new name, so old baselines fail loudly, not silently. */
export const FINGERPRINT_NAME = "shellfence/v1";

/** Runs of whitespace, and line continuations (backslash-newline), as one space; none at either end. */
export function normaliseWhitespace(text: string): string {
  return text.replace(/\\\r?\n/g, " ").replace(/\s+/g, " ").trim();
}

interface FindingKey {
  readonly file: string;
  readonly code: ReasonCode;
  /** Normalised (normaliseWhitespace). */
  readonly statement: string;
  /** Normalised (normaliseWhitespace). */
  readonly written: string;
}

/** SHA-256 of the key's parts as a JSON array, the first 32 hex digits (128 bits). */
export function fingerprintOf(key: FindingKey): string {
  return createHash("sha256").update(JSON.stringify([FINGERPRINT_NAME, key.file, key.code, key.statement, key.written]),
    "utf8").digest("hex").slice(0, 32);
}
