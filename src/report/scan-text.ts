// The scanner's findings as text: one line per finding for people, a JSON array for scripts.

import { escapeForPerson } from "./escape.ts";
import type { ScanFinding } from "./scan-finding.ts";

/** `file:line:col decision CODE message`, the message on one line. */
export function formatScanLines(findings: readonly ScanFinding[]): string {
  return findings.map((f) =>
    `${escapeForPerson(f.file)}:${f.line}:${f.col} ${f.decision} ${f.code} ${escapeForPerson(oneLine(f.message))}\n`
  ).join("");
}

export function formatScanJson(findings: readonly ScanFinding[]): string {
  return JSON.stringify(findings, null, 2) + "\n";
}

function oneLine(s: string): string {
  return s.replace(/\n/g, "⏎");
}
