// Findings as SARIF 2.1.0, the format GitHub code scanning (and most CI dashboards) ingest:
// one run, one rule per reason code that occurs, one result per finding, located by a URI
// relative to the repository root.
//
// GitHub's limits ("SARIF results exceed one or more limits", in its code scanning docs): it
// rejects a run of more than 25,000 results and keeps only 5,000 of a run, by severity, and it
// rejects an upload over 10 MB gzip-compressed ("SARIF file is too large"). So at most
// SARIF_MAX_RESULTS results are written, deny first; the findings left out are counted in a
// tool notification (`invocations[0].toolExecutionNotifications`) and in the run's properties,
// and messages are cut at MAX_MESSAGE characters, which keeps 5,000 results far under the size.
// The steps and files not judged are notifications too, each at its place.
//
// The findings given are what the scan reports: those its suppressions and its baseline left
// out are gone before the cap, so they never take a kept result's place. Each kept result
// carries its key (scan-fingerprint.ts) as a partial fingerprint, the one a baseline holds.

import { REASONS, type ReasonCode } from "../base/reasons.ts";
import { escapeForPerson } from "./escape.ts";
import { REASON_HELP } from "./reason-help.ts";
import type { ScanFinding, ScanNote } from "./scan-finding.ts";
import { FINGERPRINT_NAME } from "./scan-fingerprint.ts";

const SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
/** Results GitHub keeps of one run. */
export const SARIF_MAX_RESULTS = 5000;
const MAX_MESSAGE = 2000;

interface SarifLog {
  readonly $schema: string;
  readonly version: "2.1.0";
  readonly runs: readonly SarifRun[];
}

interface SarifRun {
  readonly tool: { readonly driver: SarifDriver };
  readonly invocations: readonly SarifInvocation[];
  readonly originalUriBaseIds: Readonly<Record<string, { readonly uri: string }>>;
  readonly columnKind: "utf16CodeUnits";
  readonly results: readonly SarifResult[];
  readonly properties: { readonly findings: number; readonly omittedFindings: number; readonly notJudged: number };
}

interface SarifInvocation {
  readonly executionSuccessful: true;
  readonly toolExecutionNotifications: readonly SarifNotification[];
}

interface SarifNotification {
  readonly level: "warning" | "note";
  readonly message: { readonly text: string };
  readonly locations?: readonly SarifLocation[];
}

interface SarifLocation {
  readonly physicalLocation: { readonly artifactLocation: { readonly uri: string; readonly uriBaseId: string };
    readonly region: { readonly startLine: number; readonly startColumn: number; readonly endLine: number;
      readonly endColumn: number } };
}

interface SarifDriver {
  readonly name: string;
  readonly version: string;
  readonly informationUri?: string;
  readonly rules: readonly SarifRule[];
}

interface SarifRule {
  readonly id: string;
  readonly name: string;
  readonly shortDescription: { readonly text: string };
  readonly fullDescription: { readonly text: string };
  readonly help: { readonly text: string; readonly markdown: string };
  readonly helpUri?: string;
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
  readonly locations: readonly SarifLocation[];
}

interface SarifOptions {
  readonly version: string;
  readonly rootUri: string;
  /**
   * The project's repository on the web (`https://github.com/OWNER/NAME`, from package.json's
   * `repository`), where each rule's help link points into docs/reasons.md; without one the
   * rules carry their help as text, naming that file, and no link (a link must exist).
   */
  readonly repository: string | null;
}

export function toSarif(findings: readonly ScanFinding[], options: SarifOptions,
  skipped: readonly ScanNote[] = []): SarifLog
{
  // Deny first, then in the order given (file, line): what GitHub would keep of a longer run.
  const kept = [...findings.filter((f) => f.decision === "deny"), ...findings.filter((f) => f.decision !== "deny")]
    .slice(0, SARIF_MAX_RESULTS);
  const codes = [...new Set(kept.map((f) => f.code))].sort();
  const docs = options.repository === null ? null : `${options.repository}/blob/HEAD/docs/reasons.md`;
  const rules: SarifRule[] = codes.map((code) => ({ id: code, name: ruleName(code),
    shortDescription: { text: REASONS[code].summary }, fullDescription: { text: REASON_HELP[code] },
    help: {
      text: `${REASON_HELP[code]} See docs/reasons.md#${code} in shellfence.`,
      // Without the repository's address, no link: a relative one would lead into the scanned repository.
      markdown: `${REASON_HELP[code]}\n\nSee ${
        docs === null ? `\`docs/reasons.md#${code}\` in shellfence` : `[docs/reasons.md#${code}](${docs}#${code})`
      }.`,
    }, ...(docs !== null ? { helpUri: `${docs}#${code}` } : {}),
    defaultConfiguration: { level: REASONS[code].decision === "deny" ? "error" : "warning" } })
  );
  const results: SarifResult[] = kept.map((f) => ({
    ruleId: f.code,
    ruleIndex: codes.indexOf(f.code),
    level: f.decision === "deny" ? "error" : "warning",
    // Shown by code-scanning pages to people: controls, bidi and invisible characters escaped.
    message: { text: cut(escapeForPerson(f.message, true)) },
    partialFingerprints: { [FINGERPRINT_NAME]: f.fingerprint },
    locations: [location(f.file, f.line, f.col, f.endLine, f.endCol)],
  }));
  const notifications: SarifNotification[] = [];
  const omitted = findings.length - kept.length;
  if (omitted > 0) {
    notifications.push({ level: "warning",
      message: {
        text:
          `${omitted} of ${findings.length} findings are not in this log: GitHub keeps ${SARIF_MAX_RESULTS} results of a run, so the first ${SARIF_MAX_RESULTS} (deny first) are written. \`shellfence scan\` with another format lists them all.`,
      } });
  }
  for (const s of skipped) {
    notifications.push({ level: "note", message: { text: cut(`not judged: ${escapeForPerson(s.message, true)}`) },
      locations: [location(s.file, s.line, s.col, s.line, s.col)] });
  }
  return { $schema: SARIF_SCHEMA, version: "2.1.0",
    runs: [{
      tool: {
        driver: { name: "shellfence", version: options.version,
          ...(options.repository !== null ? { informationUri: options.repository } : {}), rules },
      },
      invocations: [{ executionSuccessful: true, toolExecutionNotifications: notifications }],
      originalUriBaseIds: { "%SRCROOT%": { uri: options.rootUri } },
      columnKind: "utf16CodeUnits",
      results,
      properties: { findings: findings.length, omittedFindings: omitted, notJudged: skipped.length },
    }] };
}

function location(file: string, line: number, col: number, endLine: number, endCol: number): SarifLocation {
  return { physicalLocation: {
    artifactLocation: { uri: encodeURI(file), uriBaseId: "%SRCROOT%" },
    // SARIF regions are inclusive-exclusive on columns; a point finding covers one column.
    region: { startLine: line, startColumn: col, endLine, endColumn: Math.max(endCol, endLine === line ? col + 1 : 1) },
  } };
}

function cut(s: string): string {
  return s.length <= MAX_MESSAGE ? s : `${s.slice(0, MAX_MESSAGE - 1)}…`;
}

/**
 * The web address of a package.json `repository` on GitHub (`github:o/n`, `o/n`,
 * `git+https://github.com/o/n.git`, `{ "url": … }`), or null for none or another host.
 */
export function repositoryWebUrl(repository: unknown): string | null {
  const url = typeof repository === "string"
    ? repository
    : typeof repository === "object" && repository !== null && typeof (repository as { url?: unknown }).url === "string"
    ? (repository as { url: string }).url
    : null;
  if (url === null) return null;
  const m =
    /^(?:github:|(?:git\+)?(?:https?|git|ssh):\/\/(?:git@)?github\.com\/|git@github\.com:)?([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+?)(?:\.git)?\/?$/
      .exec(url);
  if (!m || (!/github/.test(url) && url.includes(":"))) return null;
  return `https://github.com/${m[1]}/${m[2]}`;
}

/** EXTERNAL_PATH → ExternalPath: SARIF's rule name is an identifier-like word. */
function ruleName(code: ReasonCode): string {
  return code.toLowerCase().replace(/(^|_)([a-z])/g, (_, __: string, c: string) => c.toUpperCase());
}
