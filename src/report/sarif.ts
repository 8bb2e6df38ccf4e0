// Findings as SARIF 2.1.0, the format GitHub code scanning (and most CI dashboards) ingest:
// one run, one rule per reason code that occurs, one result per finding, located by a URI
// relative to the repository root.

import { REASONS, type ReasonCode } from "../base/reasons.ts";
import { escapeForPerson } from "./escape.ts";
import type { ScanFinding } from "./scan-finding.ts";
import { FINGERPRINT_NAME } from "./scan-fingerprint.ts";

const SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
const INFORMATION_URI = "https://www.npmjs.com/package/shellfence";

interface SarifLog {
  readonly $schema: string;
  readonly version: "2.1.0";
  readonly runs: readonly SarifRun[];
}

interface SarifRun {
  readonly tool: { readonly driver: SarifDriver };
  readonly originalUriBaseIds: Readonly<Record<string, { readonly uri: string }>>;
  readonly columnKind: "utf16CodeUnits";
  readonly results: readonly SarifResult[];
}

interface SarifDriver {
  readonly name: string;
  readonly version: string;
  readonly informationUri: string;
  readonly rules: readonly SarifRule[];
}

interface SarifRule {
  readonly id: string;
  readonly name: string;
  readonly shortDescription: { readonly text: string };
  readonly helpUri: string;
  readonly defaultConfiguration: { readonly level: SarifLevel };
}

type SarifLevel = "error" | "warning";

interface SarifResult {
  readonly ruleId: string;
  readonly ruleIndex: number;
  readonly level: SarifLevel;
  readonly message: { readonly text: string };
  /** The finding's key (scan-fingerprint.ts), which a code-scanning service matches results across runs by. */
  readonly partialFingerprints: Readonly<Record<string, string>>;
  readonly locations: readonly {
    readonly physicalLocation: { readonly artifactLocation: { readonly uri: string; readonly uriBaseId: string };
      readonly region: { readonly startLine: number; readonly startColumn: number; readonly endLine: number;
        readonly endColumn: number } };
  }[];
}

export function toSarif(findings: readonly ScanFinding[],
  options: { readonly version: string; readonly rootUri: string }): SarifLog
{
  const codes = [...new Set(findings.map((f) => f.code))].sort();
  const rules: SarifRule[] = codes.map((code) => ({ id: code, name: ruleName(code),
    shortDescription: { text: REASONS[code].summary }, helpUri: `${INFORMATION_URI}#reason-codes`,
    defaultConfiguration: { level: REASONS[code].decision === "deny" ? "error" : "warning" } })
  );
  const results: SarifResult[] = findings.map((f) => ({
    ruleId: f.code,
    ruleIndex: codes.indexOf(f.code),
    level: f.decision === "deny" ? "error" : "warning",
    // Shown by code-scanning pages to people: controls, bidi and invisible characters escaped.
    message: { text: escapeForPerson(f.message, true) },
    partialFingerprints: { [FINGERPRINT_NAME]: f.fingerprint },
    locations: [{ physicalLocation: {
      artifactLocation: { uri: encodeURI(f.file), uriBaseId: "%SRCROOT%" },
      // SARIF regions are inclusive-exclusive on columns; a point finding covers one column.
      region: { startLine: f.line, startColumn: f.col, endLine: f.endLine,
        endColumn: Math.max(f.endCol, f.endLine === f.line ? f.col + 1 : 1) },
    } }],
  }));
  return { $schema: SARIF_SCHEMA, version: "2.1.0",
    runs: [{ tool: { driver: { name: "shellfence", version: options.version, informationUri: INFORMATION_URI, rules } },
      originalUriBaseIds: { "%SRCROOT%": { uri: options.rootUri } }, columnKind: "utf16CodeUnits", results }] };
}

/** EXTERNAL_PATH → ExternalPath: SARIF's rule name is an identifier-like word. */
function ruleName(code: ReasonCode): string {
  return code.toLowerCase().replace(/(^|_)([a-z])/g, (_, __: string, c: string) => c.toUpperCase());
}
