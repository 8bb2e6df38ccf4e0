// A baseline: the findings a team has accepted, so that a scan reports only what is new
// (`scan --baseline FILE`, written by `scan --write-baseline FILE`). A finding is recognised by
// its fingerprint (src/report/scan-fingerprint.ts: file, code, statement and word as written),
// never by its line, and the baseline holds how many findings share each fingerprint: a second
// copy of an accepted command is new. The format (docs/integrations.md, "Baselines"):
//
//   {"version": 1, "fingerprint": "shellfence/v1",
//    "findings": [{"fingerprint": "…", "count": 1, "file": "…", "code": "…", "statement": "…", "written": "…"}]}
//
// A baseline that cannot be read, does not parse, is of another version, or whose entry does not
// match its own fingerprint is an error naming the file: never a silent empty baseline, which
// would report everything (or, worse, be mistaken for a clean run).

import { writeFileSync } from "node:fs";
import { REASONS, type ReasonCode } from "../base/reasons.ts";
import { readRegularFile } from "../paths/fs.ts";
import { parseJsonDocument } from "../policy/json.ts";
import type { ScanFinding } from "../report/scan-finding.ts";
import { FINGERPRINT_NAME, fingerprintOf } from "../report/scan-fingerprint.ts";

const BASELINE_VERSION = 1;

/** Far past any real baseline (tens of thousands of findings), and a bound on what is read. */
const MAX_BASELINE_BYTES = 32 << 20;

export class BaselineError extends Error {
  override readonly name = "BaselineError";
}

interface BaselineEntry {
  readonly fingerprint: string;
  readonly count: number;
  readonly file: string;
  readonly code: ReasonCode;
  readonly statement: string;
  readonly written: string;
}

const ENTRY_KEYS = ["fingerprint", "count", "file", "code", "statement", "written"] as const;

/** A baseline as read: fingerprint → how many findings with it are accepted. */
export type Baseline = ReadonlyMap<string, number>;

export function readBaseline(path: string): Baseline {
  const r = readRegularFile(path, MAX_BASELINE_BYTES);
  if (!("bytes" in r)) throw new BaselineError(`${path}: cannot read the baseline: ${r.problem} (${r.code})`);
  const doc = parseJsonDocument(r.bytes.toString("utf8").replace(/^\uFEFF/, ""), false);
  if (!("tree" in doc)) {
    throw new BaselineError(`${path}:${doc.line}:${doc.column}: the baseline is not valid JSON: ${doc.message}`);
  }
  const fail = (where: string, what: string): never => {
    throw new BaselineError(`${path}: ${where ? where + ": " : ""}${what}`);
  };
  const v = doc.value;
  if (typeof v !== "object" || v === null || Array.isArray(v)) return fail("", "a baseline must be a JSON object");
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (!["version", "fingerprint", "findings"].includes(k)) {
      fail(k, "unknown key (expected version, fingerprint, findings)");
    }
  }
  if (o.version !== BASELINE_VERSION) {
    fail("version", `this shellfence reads baseline version ${BASELINE_VERSION}, not ${JSON.stringify(o.version)}`);
  }
  if (o.fingerprint !== FINGERPRINT_NAME) {
    fail("fingerprint",
      `this shellfence computes fingerprints as ${FINGERPRINT_NAME}, not ${
        JSON.stringify(o.fingerprint)
      }: write the baseline again (--write-baseline)`);
  }
  if (!Array.isArray(o.findings)) return fail("findings", "expected an array of findings");
  const out = new Map<string, number>();
  (o.findings as unknown[]).forEach((e, i) => {
    const entry = checkEntry(e, (what) => fail(`findings[${i}]`, what));
    if (out.has(entry.fingerprint)) fail(`findings[${i}]`, `fingerprint ${entry.fingerprint} is listed twice`);
    out.set(entry.fingerprint, entry.count);
  });
  return out;
}

function checkEntry(e: unknown, fail: (what: string) => never): BaselineEntry {
  if (typeof e !== "object" || e === null || Array.isArray(e)) return fail("expected an object");
  const o = e as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (!(ENTRY_KEYS as readonly string[]).includes(k)) fail(`unknown key ${JSON.stringify(k)}`);
  }
  for (const k of ["fingerprint", "file", "code", "statement", "written"] as const) {
    if (typeof o[k] !== "string") fail(`${k}: expected a string`);
  }
  if (typeof o.count !== "number" || !Number.isInteger(o.count) || o.count < 1) {
    fail("count: expected a whole number of at least 1");
  }
  if (!Object.hasOwn(REASONS, o.code as string)) fail(`code: ${JSON.stringify(o.code)} is not a reason code`);
  const entry = o as unknown as BaselineEntry;
  // The parts are there for people to read; they must be what the fingerprint was made of, so
  // that an entry edited by hand is not taken for another finding.
  const expected = fingerprintOf(entry);
  if (entry.fingerprint !== expected) {
    fail(
      `fingerprint ${entry.fingerprint} is not the fingerprint of its file, code, statement and written (${expected})`,
    );
  }
  return entry;
}

/** The findings not in the baseline; those it accepted; and how many accepted ones were not found. */
export function applyBaseline(findings: readonly ScanFinding[],
  baseline: Baseline): { fresh: ScanFinding[]; accepted: ScanFinding[]; gone: number }
{
  const left = new Map(baseline);
  const fresh: ScanFinding[] = [];
  const accepted: ScanFinding[] = [];
  for (const f of findings) {
    const n = left.get(f.fingerprint) ?? 0;
    if (n > 0) {
      left.set(f.fingerprint, n - 1);
      accepted.push(f);
    } else fresh.push(f);
  }
  let gone = 0;
  for (const n of left.values()) gone += n;
  return { fresh, accepted, gone };
}

/** The baseline of these findings, as the file's text: entries sorted, so that it diffs well. */
function baselineText(findings: readonly ScanFinding[]): string {
  const byPrint = new Map<string, BaselineEntry>();
  for (const f of findings) {
    const e = byPrint.get(f.fingerprint);
    byPrint.set(f.fingerprint, e ?
      { ...e, count: e.count + 1 } :
      { fingerprint: f.fingerprint, count: 1, file: f.file, code: f.code, statement: f.statement, written: f.written });
  }
  const key = (e: BaselineEntry) => [e.file, e.code, e.statement, e.written, e.fingerprint];
  const entries = [...byPrint.values()].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return 0;
  });
  return JSON.stringify({ version: BASELINE_VERSION, fingerprint: FINGERPRINT_NAME, findings: entries }, null, 2) +
    "\n";
}

export function writeBaseline(path: string, findings: readonly ScanFinding[]): void {
  try {
    writeFileSync(path, baselineText(findings));
  } catch (e) {
    throw new BaselineError(
      `${path}: cannot write the baseline: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
}
