// One fact, one finding: a finding about shell state rather than about the words at its place
// (Reason.state) holds at every later command of the same shell — after `. lib.sh` that was not
// read, every relative path has a working directory that is not known; an exported variable
// whose value is not known is handed to every program started after it. Reported at each of
// them, one unknown would read as hundreds of findings. The scanner reports each such fact once,
// at its first place in the file, and says how many more places it holds at.
//
// This is presentation only: the guard's verdicts and the findings a baseline holds are the same
// (the fold runs on what is left to show, after suppressions and the baseline, so a later place
// a baseline does not hold is still reported when the first is accepted).

import type { ScanFinding } from "./scan-finding.ts";

/** How many of the other places' lines the kept finding names. */
const LINES_NAMED = 8;

/**
 * A known value an exported variable hands every program started after it (`export
 * GIO_EXTRA_MODULES=/usr/lib/…/modules`), judged as a place at each of them with the same message
 * (`$GIO_EXTRA_MODULES: … is outside the project roots`): one fact, as a state finding is. Not a
 * prefix assignment (`TMPDIR=/x make`), which is written at its place, each its own.
 */
function handedKey(f: ScanFinding): string | undefined {
  const name = /^\$([A-Za-z_][A-Za-z0-9_]*): /.exec(f.message)?.[1];
  if (name === undefined || f.statement.includes(`${name}=`)) return undefined;
  return `handed\u0000${f.code}\u0000${f.message}`;
}

/** `findings` in order, each state finding after the first of its file and key left out and counted there. */
export function foldStates(findings: readonly ScanFinding[]): ScanFinding[] {
  const groups = new Map<string, ScanFinding[]>();
  const stateOf = (f: ScanFinding) => f.state ?? handedKey(f);
  const keyOf = (f: ScanFinding, state: string) => `${f.file}\u0000${f.decision}\u0000${state}`;
  for (const f of findings) {
    const state = stateOf(f);
    if (state === undefined) continue;
    const k = keyOf(f, state);
    groups.set(k, [...(groups.get(k) ?? []), f]);
  }
  const out: ScanFinding[] = [];
  for (const f of findings) {
    const { state: _, ...plain } = f;
    const state = stateOf(f);
    if (state === undefined) {
      out.push(plain);
      continue;
    }
    const group = groups.get(keyOf(f, state))!;
    if (group[0] !== f) continue;
    out.push(group.length === 1 ? plain : { ...plain, message: `${plain.message}${morePlaces(group.slice(1))}` });
  }
  return out;
}

/** ` (the same at 3 more places in this shell: lines 12, 14, 20)`. */
function morePlaces(rest: readonly ScanFinding[]): string {
  const lines = [...new Set(rest.map((f) => f.line))];
  const named = lines.slice(0, LINES_NAMED).join(", ") + (lines.length > LINES_NAMED ? ", …" : "");
  return ` (the same at ${rest.length} more place${rest.length === 1 ? "" : "s"} in this shell: line${
    lines.length === 1 ? "" : "s"
  } ${named})`;
}
