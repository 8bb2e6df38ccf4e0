// The shapes every consumer of shellfence reads: the library's return value and the CLI's JSON.

import type { ReasonCode } from "./reasons.ts";
import type { FilePlace } from "./span.ts";

export const DECISIONS = ["allow", "ask", "deny"] as const;
export type Decision = (typeof DECISIONS)[number];

export const ACCESS_KINDS = ["read", "write", "list", "cwd", "exec", "unknown"] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

/** deny > ask > allow */
export function stricter(a: Decision, b: Decision): Decision {
  if (a === "deny" || b === "deny") return "deny";
  if (a === "ask" || b === "ask") return "ask";
  return "allow";
}

export interface Access {
  /** The path as the command names it, after expansion. */
  readonly path: string;
  /** Absolute physical path, or null when it could not be resolved. */
  readonly resolved: string | null;
  readonly kind: AccessKind;
  /** The command the access belongs to (`cat`, `cd`, `>` for a redirection of …). */
  readonly command: string;
  /** Wrappers and nesting the command was found through, outermost first (`sudo`, `sh -c`). */
  readonly via: readonly string[];
  /** Span in the checked text, in UTF-16 code units (JavaScript string indices). */
  readonly start: number;
  readonly end: number;
  readonly decision: Decision;
  /** The rule that decided, as `surface:pattern`, or null for the built-in judgement. */
  readonly rule: string | null;
  readonly reason: ReasonCode | null;
}

export interface Reason {
  readonly code: ReasonCode;
  readonly message: string;
  readonly decision: Decision;
  readonly start?: number;
  readonly end?: number;
  /** For a reason found in code read from a file (a script run, a file sourced): where in that file. */
  readonly file?: FilePlace;
}

export interface Verdict {
  readonly decision: Decision;
  readonly reasons: readonly Reason[];
  readonly accesses: readonly Access[];
}
