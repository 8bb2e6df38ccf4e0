// Inline suppressions for the CI scanner: a comment `# shellfence: ignore CODE[,CODE…] -- reason`
// in a script (or a workflow step's run: block) leaves out the findings of those codes on the line
// it stands on (after code), or on the next line that holds code (on a line of its own), or in a
// statement that starts there. So that suppressions cannot rot silently, each one is checked:
// - one without `-- reason`, naming no code or an unknown one, or that is no `ignore` at all, is
//   an INVALID_SUPPRESSION finding (deny by default) and suppresses nothing;
// - each code of one that suppresses nothing is an UNUSED_SUPPRESSION finding (ask by default).
// Neither can itself be suppressed, and a config can raise them to deny but never allow them.

import { REASONS, type ReasonCode, SUPPRESSION_REASONS } from "../base/reasons.ts";
import type { Decision } from "../base/verdict.ts";
import type { ScanFinding } from "../report/scan-finding.ts";
import { fingerprintOf, normaliseWhitespace } from "../report/scan-fingerprint.ts";
import { locate, type MappedText } from "./mapped.ts";
import type { Piece } from "./scan-syntax.ts";

/** A finding with the line its statement starts on (null: no statement), which a suppression may name. */
export interface LocatedFinding {
  readonly finding: ScanFinding;
  readonly statementLine: number | null;
}

interface Suppression {
  readonly comment: Piece;
  readonly codes: readonly ReasonCode[];
  /** The line of the file it applies to; null when no code follows it. */
  readonly line: number | null;
  readonly used: Set<ReasonCode>;
}

/** A comment that is a directive to the scanner: `# shellfence:` and what follows. */
const DIRECTIVE = /^#\s*shellfence\s*:\s*([\s\S]*)$/;

/**
 * The findings that remain, the ones left out, and a finding for each broken or unused
 * suppression. `decide` is the policy's decision for a reason code (config `reasons`).
 */
export function applySuppressions(file: string, m: MappedText, comments: readonly Piece[],
  found: readonly LocatedFinding[],
  decide: (code: ReasonCode) => Decision): { findings: ScanFinding[]; suppressed: ScanFinding[] }
{
  const problems: ScanFinding[] = [];
  const suppressions: Suppression[] = [];
  const report = (comment: Piece, code: ReasonCode, message: string, written: string) => {
    const decision = decide(code);
    if (decision === "allow") return;
    const start = locate(m, comment.start);
    const end = locate(m, comment.end);
    const statement = normaliseWhitespace(comment.text);
    problems.push({ file, line: start.line, col: start.col, endLine: end.line, endCol: end.col, decision, code, message,
      statement, written, fingerprint: fingerprintOf({ file, code, statement, written }) });
  };
  for (const comment of comments) {
    const d = DIRECTIVE.exec(comment.text);
    if (!d) continue;
    const parsed = parseDirective(d[1]!);
    if ("problem" in parsed) {
      report(comment, "INVALID_SUPPRESSION", `shellfence suppression: ${parsed.problem}; it suppresses nothing`, "");
      continue;
    }
    suppressions.push({ comment, codes: parsed.codes, line: targetLine(m, comment), used: new Set() });
  }
  const findings: ScanFinding[] = [];
  const suppressed: ScanFinding[] = [];
  for (const f of found) {
    const s = suppressions.find((x) =>
      x.line !== null && x.codes.includes(f.finding.code) && (f.finding.line === x.line || f.statementLine === x.line)
    );
    if (s === undefined) findings.push(f.finding);
    else {
      s.used.add(f.finding.code);
      suppressed.push(f.finding);
    }
  }
  for (const s of suppressions) {
    for (const code of s.codes) {
      if (s.used.has(code)) continue;
      report(s.comment, "UNUSED_SUPPRESSION",
        `shellfence suppression: nothing ${
          s.line === null ? "follows it" : `on line ${s.line} has ${code}`
        }; remove ${code} from it, or the comment`, code);
    }
  }
  return { findings: [...findings, ...problems], suppressed };
}

/** `ignore A,B -- reason` → the codes, or what is wrong with it. */
function parseDirective(body: string): { codes: ReasonCode[] } | { problem: string } {
  const usage = "write `# shellfence: ignore CODE[,CODE…] -- reason`";
  const m = /^ignore(?:\s+|$)([\s\S]*)$/.exec(body.trim());
  if (!m) return { problem: `${JSON.stringify(body.trim().split(/\s/)[0] ?? "")} is not a directive (${usage})` };
  const dash = m[1]!.indexOf("--");
  const codesText = dash < 0 ? m[1]! : m[1]!.slice(0, dash);
  const reason = dash < 0 ? "" : m[1]!.slice(dash + 2).trim();
  const names = codesText.split(",").map((c) => c.trim()).filter((c) => c !== "");
  if (names.length === 0) return { problem: `it names no reason code (${usage})` };
  const unknown = names.filter((c) => !Object.hasOwn(REASONS, c));
  if (unknown.length) {
    return {
      problem: `${unknown.map((c) => JSON.stringify(c)).join(", ")} ${
        unknown.length === 1 ? "is not a reason code" : "are not reason codes"
      } (docs/reasons.md)`,
    };
  }
  const own = names.filter((c) => SUPPRESSION_REASONS.has(c as ReasonCode));
  if (own.length) {
    return { problem: `${own.join(", ")} cannot be suppressed: fix or remove the suppression it is about` };
  }
  if (reason === "") return { problem: `it gives no reason (${usage}): say why the finding is acceptable` };
  return { codes: [...new Set(names as ReasonCode[])] };
}

/**
 * The file line a suppression applies to: its own, when code stands before it on its line;
 * else the next line of the script that holds code (not blank, not only a comment).
 */
function targetLine(m: MappedText, comment: Piece): number | null {
  const lineStart = m.text.lastIndexOf("\n", comment.start - 1) + 1;
  if (m.text.slice(lineStart, comment.start).trim() !== "") return locate(m, comment.start).line;
  let at = m.text.indexOf("\n", comment.end);
  while (at >= 0) {
    const next = m.text.indexOf("\n", at + 1);
    const line = m.text.slice(at + 1, next < 0 ? m.text.length : next);
    const code = line.search(/\S/);
    if (code >= 0 && line[code] !== "#") return locate(m, at + 1 + code).line;
    at = next;
  }
  return null;
}
