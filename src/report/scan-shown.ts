// What a scan shows: what the scripts visibly do outside the checkout — a path outside, a secret,
// a protected file, a rule's ask or deny, an install for the system, what cannot be undone — and
// what the scanner could not judge at all (a parse error, a bound passed). A place where the
// guard only says that it does not know (a variable from the caller, a working directory after
// `cd "$DIR"`, code it does not interpret) is no finding in itself: scripts take their places
// from their callers, so such places are most of any repository's lines, and a CI gate that
// shows them all is switched off. They are counted, and listed with `--unknowns`; a `--fail-on`
// that names one of their codes lists that code's too, so that a gate never fails on what it
// does not show. (This is presentation only: suppressions and the baseline see every finding.)

import type { ReasonCode } from "../base/reasons.ts";
import type { ScanFinding } from "./scan-finding.ts";

/** The codes that say only that something is not known statically (and SHELL_STATE: a change not followed). */
const UNRESOLVED_CODES: ReadonlySet<ReasonCode> = new Set<ReasonCode>(["UNRESOLVED_WORD", "UNRESOLVED_COMMAND",
  "UNRESOLVED_CWD", "UNRESOLVED_PATH", "OPAQUE_CODE", "INLINE_CODE", "SHELL_STATE"]);

interface Shown {
  readonly shown: ScanFinding[];
  /** How many of each unresolved code are not shown. */
  readonly unresolved: ReadonlyMap<ReasonCode, number>;
}

/** `findings` split into what is shown and the unresolved places counted by code. */
export function splitShown(findings: readonly ScanFinding[], listAll: boolean,
  failCodes: ReadonlySet<ReasonCode>): Shown
{
  const shown: ScanFinding[] = [];
  const unresolved = new Map<ReasonCode, number>();
  for (const f of findings) {
    if (listAll || !UNRESOLVED_CODES.has(f.code) || f.decision === "deny" || failCodes.has(f.code)) shown.push(f);
    else unresolved.set(f.code, (unresolved.get(f.code) ?? 0) + 1);
  }
  return { shown, unresolved };
}

/** `, 312 places not resolved (UNRESOLVED_WORD 200, OPAQUE_CODE 112; --unknowns lists them)`, or "". */
export function unresolvedSummary(unresolved: ReadonlyMap<ReasonCode, number>): string {
  const total = [...unresolved.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return "";
  const codes = [...unresolved].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([c, n]) => `${c} ${n}`);
  return `, ${total} place${total === 1 ? "" : "s"} not resolved (${codes.join(", ")}; --unknowns lists them)`;
}
