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

/**
 * Shell state a reason is about, rather than what the words at its place name: a working
 * directory that is not known (`cwd`), a variable of the environment whose value is not known: one
 * the code never assigned that a word holds, or an exported one the program started there uses
 * or is given (`environment`), a word unknown only because code the
 * guard could not follow ran in the shell and made every variable unknown (`tainted`: World.tainted,
 * whose cause is its own finding). The same state holds at every later command of the shell, so
 * the CI scanner reports it once for each shell and variable or cause, at its first place
 * (src/report/scan-fold.ts); the guard's verdict is the same either way.
 */
export type InheritedState = "cwd" | "environment" | "tainted";

export interface Reason {
  readonly code: ReasonCode;
  readonly message: string;
  readonly decision: Decision;
  /** What shell state the reason is about, when it is not about the words at its place. */
  readonly state?: InheritedState;
  readonly start?: number;
  readonly end?: number;
  /** For a reason found in code read from a file (a script run, a file sourced): where in that file. */
  readonly file?: FilePlace;
}

export interface Verdict {
  readonly decision: Decision;
  readonly reasons: readonly Reason[];
  readonly accesses: readonly Access[];
  /**
   * Present on an ask whose only reasons say that something is not known statically
   * (UNKNOWN_REASONS), unless the policy says `"contain": false`: a host that runs bash in the
   * sandbox runs it there instead of asking (docs/sandbox.md, "Contain rather than ask").
   */
  readonly containable?: true;
}

/**
 * The reasons that say only that the guard does not know (docs/reasons.md): what the command
 * reaches is then whatever the sandbox lets it reach, so with the sandbox made it need not ask.
 */
const UNKNOWN_REASONS: ReadonlySet<ReasonCode> = new Set<ReasonCode>(["UNRESOLVED_WORD", "UNRESOLVED_COMMAND",
  "UNRESOLVED_CWD", "UNRESOLVED_PATH", "OPAQUE_CODE", "INLINE_CODE"]);

/** An ask that only says "unknown": every reason that is not an allow is an ask of UNKNOWN_REASONS. */
export function asksOnlyUnknown(v: Verdict): boolean {
  const asking = v.reasons.filter((r) => r.decision !== "allow");
  const unknown = (r: Reason) => r.decision === "ask" && UNKNOWN_REASONS.has(r.code);
  return v.decision === "ask" && asking.length > 0 && asking.every(unknown);
}

/**
 * The verdict with every span inside the command as given: the text parsed may be one character
 * longer (a lone `\` at the end is read as `\\`: src/parse/respell.ts), never what is shown.
 */
export function within(command: unknown, v: Verdict): Verdict {
  const n = typeof command === "string" ? command.length : 0;
  const out = (s: { readonly start?: number; readonly end?: number }) =>
    (s.start !== undefined && s.start > n) || (s.end !== undefined && s.end > n);
  if (!v.reasons.some(out) && !v.accesses.some(out)) return v;
  const clamp = <T extends { readonly start?: number; readonly end?: number }>(s: T): T =>
    out(s)
      ? { ...s, ...(s.start !== undefined ? { start: Math.min(s.start, n) } : {}),
        ...(s.end !== undefined ? { end: Math.min(s.end, n) } : {}) }
      : s;
  return { ...v, reasons: v.reasons.map(clamp), accesses: v.accesses.map(clamp) };
}
