// The scanner's findings as GitHub's workflow commands, which the Actions runner turns into
// annotations on the diff.

import { escapeForPerson } from "./escape.ts";
import type { ScanFinding } from "./scan-finding.ts";

/**
 * `::error file=…,line=…,col=…,title=CODE::message` (deny) or `::warning …` (ask), per GitHub's
 * "Workflow commands for GitHub Actions" (error/warning with file, line, endLine, col, endColumn, title).
 */
export function formatGithubAnnotations(findings: readonly ScanFinding[]): string {
  return findings.map((f) => {
    // Columns are only accepted for a finding on one line.
    const columns = f.endLine === f.line ? [`col=${f.col}`, `endColumn=${f.endCol}`] : [];
    const props = [`file=${property(f.file)}`, `line=${f.line}`, `endLine=${f.endLine}`, ...columns,
      `title=${property(f.code)}`].join(",");
    return `::${f.decision === "deny" ? "error" : "warning"} ${props}::${data(f.message)}\n`;
  }).join("");
}

/**
 * Escaping as the Actions runner unescapes (toolkit's command.ts): data, then properties; what
 * a file or a message holds of controls, bidi or invisible characters is shown escaped first.
 */
function data(s: string): string {
  return escapeForPerson(s, true).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function property(s: string): string {
  return data(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
