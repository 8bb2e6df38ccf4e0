// The scanner's findings as GitHub's workflow commands, which the Actions runner turns into
// annotations on the diff, and as the step summary (Markdown) the run's page shows.
//
// GitHub shows at most 10 warning, 10 error and 10 notice annotations per step, and 50 per job
// (actions/toolkit, docs/problem-matchers.md, "Limitations"); the rest are dropped without a
// word. So a level with more than 10 is summarised: one annotation per file (the strictest
// finding's place, with the count), and past 10 files one more that says how many files it
// leaves out. Every finding is in the step summary's table, which GitHub caps at 1 MiB per
// step ("Adding a job summary" in "Workflow commands for GitHub Actions"): past that the table
// stops with a line that says how many rows it leaves out.

import { escapeForPerson } from "./escape.ts";
import type { ScanFinding, ScanNote } from "./scan-finding.ts";

/** Annotations of one level GitHub shows for one step. */
export const ANNOTATIONS_PER_LEVEL = 10;
/** Bytes the step summary may take (GitHub's cap is 1 MiB per step), with room to spare. */
export const SUMMARY_BYTES = 1_000_000;

type Level = "error" | "warning" | "notice";

interface Annotation {
  readonly level: Level;
  readonly file: string;
  readonly line: number;
  readonly endLine: number;
  readonly col?: number;
  readonly endCol?: number;
  readonly title: string;
  readonly message: string;
}

/**
 * `::error file=…,line=…,col=…,title=CODE::message` (deny), `::warning …` (ask) and `::notice …`
 * (a step or file not judged), per GitHub's "Workflow commands for GitHub Actions".
 */
export function formatGithubAnnotations(findings: readonly ScanFinding[], skipped: readonly ScanNote[] = []): string {
  const out: Annotation[] = [...level("error", findings.filter((f) => f.decision === "deny")),
    ...level("warning", findings.filter((f) => f.decision === "ask")), ...notices(skipped)];
  return out.map(command).join("");
}

function single(level: Level, f: ScanFinding): Annotation {
  // Columns are only accepted for a finding on one line.
  return { level, file: f.file, line: f.line, endLine: f.endLine,
    ...(f.endLine === f.line ? { col: f.col, endCol: f.endCol } : {}), title: f.code, message: f.message };
}

/** One level's annotations: each finding when they fit, else one per file, and a count of the rest. */
function level(lvl: "error" | "warning", found: readonly ScanFinding[]): Annotation[] {
  if (found.length <= ANNOTATIONS_PER_LEVEL) return found.map((f) => single(lvl, f));
  const files = new Map<string, ScanFinding[]>();
  for (const f of found) {
    const group = files.get(f.file);
    if (group === undefined) files.set(f.file, [f]);
    else group.push(f);
  }
  const groups = [...files.values()];
  const shown = groups.length <= ANNOTATIONS_PER_LEVEL ? groups : groups.slice(0, ANNOTATIONS_PER_LEVEL - 1);
  const what = lvl === "error" ? "deny" : "ask";
  const out = shown.map((g): Annotation => {
    const first = g[0]!;
    const codes = [...new Set(g.map((f) => f.code))].sort().join(", ");
    return { level: lvl, file: first.file, line: first.line, endLine: first.line,
      title: `${g.length} ${what} finding${g.length === 1 ? "" : "s"} in this file`,
      message: `${first.code}: ${first.message}\n(${g.length} ${what} finding${
        g.length === 1 ? "" : "s"
      } here: ${codes}. GitHub shows ${ANNOTATIONS_PER_LEVEL} annotations of a level per step; every finding is in the step summary and in \`shellfence scan\`'s other formats.)` };
  });
  const rest = groups.slice(shown.length);
  if (rest.length > 0) {
    const n = rest.reduce((k, g) => k + g.length, 0);
    const first = rest[0]![0]!;
    out.push({ level: lvl, file: first.file, line: first.line, endLine: first.line,
      title: `${rest.length} more files with ${what} findings`,
      message: `${n} more ${what} findings in ${rest.length} more files (${
        rest.map((g) => g[0]!.file).slice(0, 20).join(", ")
      }${rest.length > 20 ? ", …" : ""}): see the step summary.` });
  }
  return out;
}

function notices(skipped: readonly ScanNote[]): Annotation[] {
  const shown = skipped.length <= ANNOTATIONS_PER_LEVEL ? skipped : skipped.slice(0, ANNOTATIONS_PER_LEVEL - 1);
  const out = shown.map((s): Annotation => ({ level: "notice", file: s.file, line: s.line, endLine: s.line,
    title: "not judged", message: s.message })
  );
  if (shown.length < skipped.length) {
    const first = skipped[shown.length]!;
    out.push({ level: "notice", file: first.file, line: first.line, endLine: first.line,
      title: `${skipped.length - shown.length} more not judged`,
      message: `${skipped.length - shown.length} more steps or files were not judged: see the step summary.` });
  }
  return out;
}

function command(a: Annotation): string {
  const columns = a.col !== undefined ? [`col=${a.col}`, `endColumn=${a.endCol ?? a.col}`] : [];
  const props = [`file=${property(a.file)}`, `line=${a.line}`, `endLine=${a.endLine}`, ...columns,
    `title=${property(a.title)}`].join(",");
  return `::${a.level} ${props}::${data(a.message)}\n`;
}

/**
 * Every finding and every file or step not judged as Markdown tables, for $GITHUB_STEP_SUMMARY;
 * at most SUMMARY_BYTES, the rows past that counted instead of listed.
 */
export function formatStepSummary(findings: readonly ScanFinding[], skipped: readonly ScanNote[]): string {
  const deny = findings.filter((f) => f.decision === "deny").length;
  const head = `### shellfence scan\n\n${deny} deny, ${findings.length - deny} ask, ${skipped.length} not judged.\n\n`;
  let out = head;
  let budget = SUMMARY_BYTES - Buffer.byteLength(head, "utf8") - 400;
  const table = (title: string, header: string, rows: readonly string[]) => {
    if (rows.length === 0) return;
    const parts = [`${title}\n\n${header}\n`];
    let bytes = Buffer.byteLength(parts[0]!, "utf8");
    let shown = 0;
    for (const r of rows) {
      const n = Buffer.byteLength(r, "utf8");
      if (bytes + n > budget) break;
      parts.push(r);
      bytes += n;
      shown++;
    }
    if (shown < rows.length) {
      parts.push(`\n${rows.length - shown} more rows are not listed here (GitHub keeps 1 MiB of a step's summary).\n`);
    }
    const text = parts.join("") + "\n";
    budget -= Buffer.byteLength(text, "utf8");
    out += text;
  };
  table("#### Findings", "| file | line | decision | code | message |\n| --- | --- | --- | --- | --- |",
    findings.map((f) => `| ${cell(f.file)} | ${f.line}:${f.col} | ${f.decision} | ${f.code} | ${cell(f.message)} |\n`));
  table("#### Not judged", "| file | line | why |\n| --- | --- | --- |",
    skipped.map((s) => `| ${cell(s.file)} | ${s.line}:${s.col} | ${cell(s.message)} |\n`));
  return out;
}

/** A table cell: one line, `|` and HTML escaped, controls and invisible characters shown. */
function cell(s: string): string {
  return escapeForPerson(s, true).replace(/\r?\n/g, " ").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g,
    "&gt;").replace(/\|/g, "\\|").replace(/`/g, "\\`");
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
