// The CI scanner's core: which files are shell (and which are workflows), and what the guard
// says about each, as findings with a file, a line and a column. A script is judged whole, from
// the project root, so its own `cd`s carry through it; a workflow step is judged from its
// working directory.

import { lstatSync, readdirSync, statSync } from "node:fs";
import { relative, resolve as resolvePath, sep } from "node:path";
import type { Guard } from "../guard/guard.ts";
import type { Parser } from "web-tree-sitter";
import type { ReasonCode } from "../base/reasons.ts";
import type { Reason } from "../base/verdict.ts";
import type { ScanFinding } from "../report/scan-finding.ts";
import { fingerprintOf, normaliseWhitespace } from "../report/scan-fingerprint.ts";
import { applySuppressions, type LocatedFinding } from "./scan-suppress.ts";
import { readSyntax } from "./scan-syntax.ts";
import { excludedBy } from "./scan-exclude.ts";
import { shellQuote } from "./glob-base.ts";
import { locate, MappedBuilder, type MappedText, mapFile } from "./mapped.ts";
import { readWorkflow } from "./workflow.ts";
import { readRegularFile } from "../paths/fs.ts";

/** A file past this is not read whole: far past the guard's own 64 KiB bound on a command. */
const MAX_SCAN_BYTES = 16 << 20;

type TargetKind = "shell" | "workflow";

interface Target {
  readonly path: string;
  readonly kind: TargetKind;
}

export class ScanInputError extends Error {}

const SKIP_DIRS = new Set(["node_modules", ".git"]);
const SHELLS = new Set(["sh", "bash", "dash", "ash", "ksh", "mksh"]);

/**
 * The files to scan under the given paths. Directories are walked (not through symlinks, and
 * not into node_modules or .git); a file named explicitly is scanned unless it is plainly not
 * shell. What `exclude` matches (root-relative patterns, scan-exclude.ts) is left out: quietly
 * in a walk, with a word when it was named. `skipped` says what was left out and why.
 */
export function collectTargets(paths: readonly string[], cwd: string,
  scope: { readonly root: string; readonly exclude: readonly string[] }): { targets: Target[]; skipped: string[] }
{
  const targets = new Map<string, Target>();
  const skipped: string[] = [];
  const add = (path: string, kind: TargetKind) => {
    if (!targets.has(path)) targets.set(path, { path, kind });
  };
  const excluded = (path: string) => excludedBy(relative(scope.root, path).split(sep).join("/"), scope.exclude);
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a,
      b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
    );
    for (const e of entries) {
      const path = `${dir}${dir.endsWith(sep) ? "" : sep}${e.name}`;
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name) && excluded(path) === null) walk(path);
      } else if (e.isFile()) {
        const kind = classify(path);
        if (kind && excluded(path) === null) add(path, kind);
      }
    }
  };
  for (const p of paths) {
    const abs = resolvePath(cwd, p);
    let isDir: boolean;
    try {
      isDir = statSync(abs).isDirectory();
    } catch (e) {
      throw new ScanInputError(`cannot read ${p}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    const pattern = excluded(abs);
    if (pattern !== null) skipped.push(`${p} (excluded by ${JSON.stringify(pattern)})`);
    else if (isDir) walk(abs);
    else {
      const kind = classify(abs) ?? (/\.ya?ml$/.test(abs) ? "workflow" : interpreterOf(abs) === null ? "shell" : null);
      if (kind) add(abs, kind);
      else skipped.push(`${p} (not a shell script: #!${interpreterOf(abs)})`);
    }
  }
  return { targets: [...targets.values()], skipped };
}

/** A workflow, a shell script by name or by `#!`, or null. */
function classify(path: string): TargetKind | null {
  const posix = path.split(sep).join("/");
  if (/(^|\/)\.github\/workflows\/[^/]+\.ya?ml$/.test(posix)) return "workflow";
  if (/\.(sh|bash)$/.test(posix)) return "shell";
  const interpreter = interpreterOf(path);
  return interpreter !== null && SHELLS.has(interpreter) ? "shell" : null;
}

/** The program a `#!` line names (through `env`), or null without one. */
function interpreterOf(path: string): string | null {
  const r = readRegularFile(path, 256, true);
  if (!("bytes" in r)) return null;
  const head = r.bytes.toString("utf8");
  const m = /^#!\s*(\S+)([^\n]*)/.exec(head);
  if (!m) return null;
  const program = m[1]!.split("/").pop()!;
  if (program !== "env") return program;
  const arg = m[2]!.trim().split(/\s+/).find((a) => a !== "" && !a.startsWith("-") && !a.includes("="));
  return arg ?? "env";
}

/** What scanning a file needs: the guard, the parser it uses (for statements and comments), the root. */
interface ScanContext {
  readonly guard: Guard;
  readonly parser: Parser;
  readonly root: string;
}

/** What one file gave: its findings, those its suppression comments left out, the steps left alone. */
interface FileResult {
  readonly findings: ScanFinding[];
  readonly suppressed: ScanFinding[];
  readonly skipped: string[];
}

/** Every objection the guard raises in one file, and the workflow steps it left alone. */
export function scanFile(ctx: ScanContext, target: Target): FileResult {
  const { root } = ctx;
  const read = readRegularFile(target.path, MAX_SCAN_BYTES);
  const file = relative(root, target.path).split(sep).join("/") || target.path;
  // What was found a file may have been swapped for a FIFO, or be past the cap: a finding that
  // says so, never a wait and never a silent pass.
  if (!("bytes" in read)) {
    const code = read.problem === "too large" ? "INPUT_TOO_LARGE" : "UNRESOLVED_PATH";
    return {
      findings: [
        wholeFinding(file, { line: 1, col: 1 }, code, `the file cannot be read: ${read.problem} (${read.code})`),
      ],
      suppressed: [],
      skipped: [],
    };
  }
  const text = read.bytes.toString("utf8");
  if (target.kind === "shell") {
    const r = judgeScript(ctx, file, { m: mapFile(text), whole: { line: 1, col: 1 }, expressions: new Map(),
      prefix: null });
    return { ...r, skipped: [] };
  }
  const wf = readWorkflow(text);
  const out: ScanFinding[] = wf.problems.map((p) => wholeFinding(file, p, p.code, p.message));
  const suppressed: ScanFinding[] = [];
  for (const step of wf.steps) {
    let script: MappedText = step.script;
    let prefix: Prefix | null = null;
    if (step.workingDirectory) {
      // The guard treats the directory a check starts in as a root; a step's directory is not
      // one, so the check starts at the root and moves there, which judges the move itself.
      const wd = step.workingDirectory;
      // Whatever the guard says about the move points at the working-directory value.
      const b = new MappedBuilder();
      for (const ch of `cd -- ${shellQuote(resolvePath(root, wd.text))}`) b.push(ch, wd.line, wd.col);
      b.push("\n", wd.line, wd.col + wd.text.length);
      prefix = { length: b.length, written: wd.text };
      b.append(step.script);
      script = b.build();
    }
    const r = judgeScript(ctx, file, { m: script, whole: { line: step.line, col: step.col },
      expressions: step.expressions, prefix });
    const labelled = (f: ScanFinding) => ({ ...f, message: `${step.label}: ${f.message}` });
    out.push(...r.findings.map(labelled));
    suppressed.push(...r.suppressed.map(labelled));
  }
  return { findings: out, suppressed, skipped: wf.skipped.map((s) => `${file}: ${s} (not bash)`) };
}

/** The synthetic `cd` a workflow step starts with: its length, and the working-directory value it stands for. */
interface Prefix {
  readonly length: number;
  readonly written: string;
}

interface Script {
  readonly m: MappedText;
  /** Where a finding with no span of its own points: the file's start, the step's `run:`. */
  readonly whole: { readonly line: number; readonly col: number };
  /** Placeholder variable → the `${{ … }}` it stands for (workflow.ts), put back into what is shown and keyed. */
  readonly expressions: ReadonlyMap<string, string>;
  readonly prefix: Prefix | null;
}

/** A finding about a file or a step as a whole: no statement, no word. */
function wholeFinding(file: string, at: { readonly line: number; readonly col: number }, code: ReasonCode,
  message: string): ScanFinding
{
  return { file, line: at.line, col: at.col, endLine: at.line, endCol: at.col, decision: "ask", code, message,
    statement: "", written: "", fingerprint: fingerprintOf({ file, code, statement: "", written: "" }) };
}

/** The guard's objections to one script, keyed, less what its suppression comments leave out. */
function judgeScript(ctx: ScanContext, file: string,
  s: Script): { findings: ScanFinding[]; suppressed: ScanFinding[] }
{
  const { m, whole, expressions, prefix } = s;
  const v = ctx.guard.check(m.text, { cwd: ctx.root });
  const reasons = v.reasons.filter((r): r is Reason & { decision: "ask" | "deny" } => r.decision !== "allow");
  const spans = reasons.map((r) => ({ start: r.start ?? 0, end: Math.max(r.start ?? 0, r.end ?? r.start ?? 0) }));
  const syntax = readSyntax(ctx.parser, m.text, spans);
  const asWritten = (t: string) => normaliseWhitespace(unsubstitute(t, expressions));
  const found: LocatedFinding[] = reasons.map((r, i) => {
    const start = r.start !== undefined ? locate(m, r.start) : whole;
    const end = r.end !== undefined ? locate(m, Math.max(r.start ?? 0, r.end)) : start;
    const access = v.accesses.find((a) =>
      a.start === r.start && a.end === r.end && a.reason === r.code && a.rule !== null
    );
    const message = unsubstitute(r.message + (access ? ` (rule ${access.rule})` : ""), expressions);
    const stmt = r.start === undefined ? null : syntax.statements[i]!;
    // The synthetic `cd` holds the root's absolute path: it is keyed by the value as written.
    const inPrefix = prefix !== null && r.start !== undefined && r.start < prefix.length;
    const statement = inPrefix ? `working-directory: ${prefix.written}` : stmt ? asWritten(stmt.text) : "";
    const written = inPrefix
      ? prefix.written
      : r.start === undefined
      ? ""
      : asWritten(m.text.slice(spans[i]!.start, spans[i]!.end));
    const finding: ScanFinding = { file, line: start.line, col: start.col, endLine: end.line, endCol: end.col,
      decision: r.decision, code: r.code, message, statement, written,
      fingerprint: fingerprintOf({ file, code: r.code, statement, written }) };
    return { finding, statementLine: stmt && !inPrefix ? locate(m, stmt.start).line : null };
  });
  return applySuppressions(file, m, syntax.comments, found, (code) => ctx.guard.policy.reasonDecision(code));
}

/**
 * Puts back the `${{ … }}` each placeholder variable stands for (workflow.ts
 * substituteExpressions), in each form it is written or shown: `'"$NAME"'`, `${NAME}`, `$NAME`
 * (whole names only: `$GHA_EXPR_1` is no part of `$GHA_EXPR_10`).
 */
function unsubstitute(text: string, expressions: ReadonlyMap<string, string>): string {
  if (expressions.size === 0) return text;
  return text.replace(/'"\$([A-Za-z_][A-Za-z0-9_]*)"'|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (whole, quoted?: string, braced?: string, bare?: string) =>
      expressions.get(quoted ?? braced ?? bare ?? "") ?? whole);
}

export function compareFindings(a: ScanFinding, b: ScanFinding): number {
  return a.file < b.file
    ? -1
    : a.file > b.file
    ? 1
    : a.line - b.line || a.col - b.col || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}
