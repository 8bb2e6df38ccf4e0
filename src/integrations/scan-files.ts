// The CI scanner's core: what the guard says about each file, as findings with a file, a line
// and a column, each keyed so that a baseline recognises it on another run
// (src/report/scan-fingerprint.ts), less what the file's own suppression comments leave out
// (scan-suppress.ts). A script is judged whole, from the project root, so its own `cd`s carry
// through it, and as if run by its path from the root (`./scripts/build.sh`: its `$0` and
// `BASH_SOURCE`). A workflow step (or a composite action's) is judged from its working directory,
// after the steps of its job before it: each step is a new shell, but what an earlier one made
// on disk (the directory a later `working-directory:` names, a symlink) is still there. A local
// action a workflow uses (`uses: ./dir`) and a repository file a step or a script runs or
// sources are scanned too (unless an exclude names them), and what the guard finds inside such
// a file is reported once, at the file's own line (with the step as context, for a step), where
// the file's own scan finds it too (scan-place.ts: the same findings on every machine).

import { dirname, relative, resolve as resolvePath, sep } from "node:path";
import type { Parser } from "web-tree-sitter";
import type { Guard } from "../guard/guard.ts";
import type { ReasonCode } from "../base/reasons.ts";
import type { InheritedState, Reason, Verdict } from "../base/verdict.ts";
import { DEFAULT_BOUNDS } from "../parse/parse.ts";
import type { ScanFinding, ScanNote } from "../report/scan-finding.ts";
import { fingerprintOf, normaliseWhitespace } from "../report/scan-fingerprint.ts";
import { locate, MappedBuilder, type MappedText, mapFile } from "./mapped.ts";
import type { Exclusion } from "./scan-exclude.ts";
import { applySuppressions, type LocatedFinding } from "./scan-suppress.ts";
import { readSyntax } from "./scan-syntax.ts";
import { fileName, type Target } from "./scan-targets.ts";
import { readAction, readWorkflow, type Workflow, type WorkflowStep } from "./workflow.ts";
import { directoryWord } from "./workflow-context.ts";
import { readRegularFile } from "../paths/fs.ts";
import { MAX_SCAN_BYTES, ScanPlaces } from "./scan-place.ts";

/** Codes that say a text was not read as shell: such a step gives later steps no context. */
const UNREAD: ReadonlySet<ReasonCode> = new Set(["PARSE_ERROR", "INPUT_TOO_LARGE", "PARSE_TIMEOUT", "INVALID_INPUT"]);

/** What scanning needs: the guard, the parser it uses (statements, comments), the root, the bound, the excludes. */
interface ScanContext {
  readonly guard: Guard;
  readonly parser: Parser;
  readonly root: string;
  /** The guard's bound on a script (`scan --max-bytes`): its parse bound, and the steps' context's. */
  readonly maxBytes: number;
  readonly excludedBy: Exclusion;
}

/** The context of one run: the above, and where findings are and how messages read (scan-place.ts). */
interface RunContext extends ScanContext {
  readonly places: ScanPlaces;
}

interface ScanResult {
  readonly findings: ScanFinding[];
  /** How many findings suppression comments left out. */
  readonly suppressed: number;
  readonly skipped: ScanNote[];
  /** Files the scan was led to (a script a step runs, a local action) that an exclude left out. */
  readonly excluded: string[];
  /** How many files were read: the targets and what they led to. */
  readonly files: number;
}

/**
 * What a check found inside a repository file the checked code runs or sources (Reason.file):
 * the finding where it is in that file, keyed by that file's statement and word, and the same
 * finding where the code reaches the file, for when the file's own scan does not find it.
 */
interface Inner {
  /** The file's path under the root. */
  readonly script: string;
  readonly at: ScanFinding;
  readonly caller: ScanFinding;
  /** For a workflow step: where it is and its label, said at the file's finding; null for a script. */
  readonly context: string | null;
}

interface FileScan {
  readonly findings: ScanFinding[];
  readonly suppressed: ScanFinding[];
  readonly skipped: ScanNote[];
  /** Files the scan leads to: local actions a workflow uses, files a step or a script runs or sources. */
  readonly more: Target[];
  readonly inner: Inner[];
}

/** Scans the targets and every file they lead to, once each. */
export function scanTargets(scan: ScanContext, targets: readonly Target[]): ScanResult {
  const { root } = scan;
  const ctx: RunContext = { ...scan, places: new ScanPlaces(root, scan.guard.policy.home) };
  const queue = [...targets];
  const seen = new Set(queue.map((t) => t.path));
  let findings: ScanFinding[] = [];
  const suppressed: ScanFinding[] = [];
  const skipped: ScanNote[] = [];
  const excluded: string[] = [];
  const inner: Inner[] = [];
  for (let i = 0; i < queue.length; i++) {
    const r = scanFile(ctx, queue[i]!);
    findings.push(...r.findings);
    suppressed.push(...r.suppressed);
    skipped.push(...r.skipped);
    inner.push(...r.inner);
    for (const t of r.more) {
      if (seen.has(t.path)) continue;
      seen.add(t.path);
      // An exclude leaves out a file a workflow leads to as it does a file a walk finds.
      const pattern = ctx.excludedBy(t.path);
      if (pattern === null) queue.push(t);
      else excluded.push(`${fileName(root, t.path)} (excluded by ${JSON.stringify(pattern)})`);
    }
  }
  // A finding inside a file a step or a script runs or sources (a library) is the file's own
  // finding when the file's scan has it too (the same place, code and message): reported there,
  // once however many callers reach it, with a step as context; when a suppression comment in
  // the file left it out, it is left out here too. One the file alone does not give (it starts
  // elsewhere when the step runs it, its caller's variables lead elsewhere, or an exclude kept
  // the file out of the scan) stays at the caller, naming the file.
  const same = (x: Inner) => (f: ScanFinding) =>
    f.file === x.at.file && f.line === x.at.line && f.col === x.at.col && f.code === x.at.code &&
    f.message === x.at.message;
  const contexts = new Map<ScanFinding, string[]>();
  for (const x of inner) {
    const found = findings.filter(same(x));
    if (found.length === 0 && !suppressed.some(same(x))) findings.push(x.caller);
    if (x.context === null) continue;
    for (const f of found) contexts.set(f, [...(contexts.get(f) ?? []), x.context]);
  }
  findings = findings.map((f) => {
    const c = contexts.get(f);
    return c === undefined ? f : { ...f, message: `${f.message} (run by ${[...new Set(c)].join("; ")})` };
  });
  return { findings, suppressed: suppressed.length, skipped, excluded, files: queue.length };
}

/** Every objection the guard raises in one file, and what it left alone. */
function scanFile(ctx: RunContext, target: Target): FileScan {
  const { root } = ctx;
  const read = readRegularFile(target.path, MAX_SCAN_BYTES);
  const file = fileName(root, target.path);
  // What was found a file may have been swapped for a FIFO, or be past the cap: a finding that
  // says so, never a wait and never a silent pass.
  if (!("bytes" in read)) {
    const code = read.problem === "too large" ? "INPUT_TOO_LARGE" : "UNRESOLVED_PATH";
    return {
      findings: [
        placeFinding(file, { line: 1, col: 1 }, code, `the file cannot be read: ${read.problem} (${read.code})`),
      ],
      suppressed: [],
      skipped: [],
      more: [],
      inner: [],
    };
  }
  const text = read.bytes.toString("utf8");
  if (target.kind === "shell") {
    const m = mapFile(text);
    // Run as if from the root by its path there (`./scripts/build.sh`): that is its $0.
    const script = file === target.path ? target.path : `./${file}`;
    const v = ctx.guard.check(text, { cwd: root, script });
    const r = judge(ctx, file, { m, from: 0, whole: { line: 1, col: 1 }, expressions: new Map(), prefix: null,
      shell: file }, v);
    const out = reached(ctx, r.kept, (f) => f, null);
    return { findings: out.findings, suppressed: r.suppressed, skipped: [], more: out.more, inner: out.inner };
  }
  // An action is named as a workflow uses it: `./DIR` from the root.
  const wf = target.kind === "action"
    ? readAction(text, `./${relative(root, dirname(target.path)).split(sep).join("/")}`.replace(/\/$/, ""))
    : readWorkflow(text);
  return scanSteps(ctx, file, wf);
}

function scanSteps(ctx: RunContext, file: string, wf: Workflow): FileScan {
  const { root } = ctx;
  const out: ScanFinding[] = wf.problems.map((p) => placeFinding(file, p, p.code, p.message));
  const suppressed: ScanFinding[] = [];
  const skipped: ScanNote[] = wf.skipped.map((s) => ({ file, ...s }));
  const more: Target[] = [];
  const inner: Inner[] = [];
  for (const a of wf.actions) {
    const dir = resolvePath(root, a.path);
    // Never read past the repository: a path that climbs out of it is not one of its actions.
    const outside = relative(root, dir).split(sep)[0] === "..";
    const action = outside ? null : localAction(dir);
    if (action === null) {
      out.push(
        placeFinding(file, a, "OPAQUE_CODE",
          `${a.label}: uses ${a.path}, which ${
            outside ? "is outside the repository" : "has no action.yml here (made by an earlier step?)"
          }, so what it runs is not read`, { endCol: a.col + a.path.length, statement: `uses: ${a.path}`,
          written: a.path }),
      );
    } else if (action.using !== "composite") {
      skipped.push({ file, line: a.line, col: a.col,
        message: `${a.label}: uses ${a.path}, which runs ${
          action.using ?? "no runs.using"
        }, not shell steps, so it is not judged` });
    } else more.push({ path: action.path, kind: "action" });
  }
  // Each job's steps in order, the earlier ones (that read as shell) the later ones' context.
  const earlier = new Map<string, string[]>();
  for (const step of wf.steps) {
    const before = earlier.get(step.job) ?? [];
    const own = stepText(root, step);
    const context = fit(before, own.m.text, ctx.maxBytes);
    const b = new MappedBuilder();
    b.push(context, step.line, step.col);
    b.append(own.m);
    const m = b.build();
    const v = ctx.guard.check(m.text, { cwd: root });
    const prefix = own.prefix === null ? null : { ...own.prefix, start: context.length };
    const r = judge(ctx, file, { m, from: context.length, whole: step, expressions: step.expressions, prefix,
      shell: `${file} ${step.label}` }, v);
    const labelled = (f: ScanFinding) => ({ ...f, message: `${step.label}: ${f.message}` });
    const found = reached(ctx, r.kept, labelled, step.label);
    out.push(...found.findings);
    more.push(...found.more);
    inner.push(...found.inner);
    suppressed.push(...r.suppressed.map(labelled));
    // A step that did not read as shell, or holds a heredoc (which could run on past its
    // step's end), gives the steps after it no context: they are judged without it.
    const read = !v.reasons.some((x) => UNREAD.has(x.code) && (x.start === undefined || x.start >= context.length));
    if (read && !step.script.text.includes("<<")) earlier.set(step.job, [...before, `(\n${own.m.text}\n)\n`]);
  }
  return { findings: out, suppressed, skipped, more, inner };
}

/** The synthetic `cd` a workflow step starts with: where it is in the checked text, and the working-directory value it stands for. */
interface Prefix {
  readonly start: number;
  readonly length: number;
  readonly written: string;
}

/**
 * The step's script as its check reads it. The guard treats the directory a check starts in as
 * a root, and a step's directory is not one, so the check starts at the root and moves there,
 * which judges the move itself (at the working-directory value). The runner fails a step whose
 * directory is missing, so the script runs only where the move succeeded (`|| exit 1`): a
 * directory an earlier step makes is where the script runs, not the workspace. The move holds
 * the root's absolute path: a finding in it is keyed by the value as written (`prefix`).
 */
function stepText(root: string, step: WorkflowStep): { m: MappedText; prefix: Omit<Prefix, "start"> | null } {
  const wd = step.workingDirectory;
  if (wd === null) return { m: step.script, prefix: null };
  const b = new MappedBuilder();
  // Whatever the guard says about the move points at the working-directory value.
  for (const ch of `cd -- ${directoryWord(root, wd.text)}`) b.push(ch, wd.line, wd.col);
  b.push(" || exit 1\n", wd.line, wd.col + wd.text.length);
  const prefix = { length: b.length, written: wd.text };
  b.append(step.script);
  return { m: b.build(), prefix };
}

/** The latest earlier steps that fit, with the step, in the guard's input bound. */
function fit(before: readonly string[], own: string, maxBytes: number): string {
  let room = maxBytes - Buffer.byteLength(own, "utf8");
  const kept: string[] = [];
  for (let i = before.length - 1; i >= 0; i--) {
    const n = Buffer.byteLength(before[i]!, "utf8");
    if (n > room) break;
    room -= n;
    kept.unshift(before[i]!);
  }
  return kept.join("");
}

/** A local action's file (`action.yml`, else `action.yaml`) and what it runs, or null. */
function localAction(dir: string): { path: string; using: string | null } | null {
  for (const name of ["action.yml", "action.yaml"]) {
    const path = resolvePath(dir, name);
    const r = readRegularFile(path, MAX_SCAN_BYTES);
    if ("bytes" in r) return { path, using: readAction(r.bytes.toString("utf8"), name).using };
  }
  return null;
}

/**
 * The kept findings of one check: those found in the checked text itself (`own`: a step's are
 * labelled), and, apart, those found inside a file it runs or sources (judge's `at`), to be
 * reported at that file or at the call (scanTargets); each such file is scanned too.
 * `label`: the step's, said at the file's finding as its context; null for a script.
 */
function reached(ctx: RunContext, kept: readonly Kept[], own: (f: ScanFinding) => ScanFinding,
  label: string | null): { findings: ScanFinding[]; more: Target[]; inner: Inner[] }
{
  const findings: ScanFinding[] = [];
  const more: Target[] = [];
  const inner: Inner[] = [];
  for (const { finding, at } of kept) {
    if (at === null) {
      findings.push(own(finding));
      continue;
    }
    const script = resolvePath(ctx.root, at.file);
    more.push({ path: script, kind: "shell" });
    const caller = own({ ...finding, message: `${finding.message} (in ${at.file}, which it runs)` });
    inner.push({ script, at, caller,
      context: label === null ? null : `${finding.file}:${finding.line}:${finding.col}, ${label}` });
  }
  return { findings, more, inner };
}

/** A finding about a place rather than a command (a file or step as a whole, a `uses:`), keyed by what is given. */
function placeFinding(file: string, at: { readonly line: number; readonly col: number }, code: ReasonCode,
  message: string, key: { endCol?: number; statement?: string; written?: string } = {}): ScanFinding
{
  const statement = key.statement ?? "";
  const written = key.written ?? "";
  return { file, line: at.line, col: at.col, endLine: at.line, endCol: key.endCol ?? at.col, decision: "ask", code,
    message, statement, written, fingerprint: fingerprintOf({ file, code, statement, written }) };
}

/** One checked text: a script, or a step with the steps before it as context. */
interface Script {
  readonly m: MappedText;
  /** Where the text judged starts: what comes before is context, whose findings are not this text's. */
  readonly from: number;
  /** Where a finding with no span of its own points: the file's start, the step's `run:`. */
  readonly whole: { readonly line: number; readonly col: number };
  /** Placeholder variable → the `${{ … }}` it stands for (workflow.ts), put back into what is shown and keyed. */
  readonly expressions: ReadonlyMap<string, string>;
  readonly prefix: Prefix | null;
  /** Which shell runs it (the script's file, the step's file and label): the scope of a state finding. */
  readonly shell: string;
}

/** A finding judge keeps, and for one found inside a repository file the code runs or sources, where it is there. */
interface Kept {
  readonly finding: ScanFinding;
  readonly at: ScanFinding | null;
}

/**
 * The verdict's objections at or after `from`, located in the file and keyed, less what the
 * text's suppression comments (those at or after `from`: the context's are its own steps')
 * leave out; each kept one with, when the guard found it in a repository file the code runs or
 * sources (Reason.file), the same finding located and keyed in that file.
 */
function judge(ctx: RunContext, file: string, s: Script, v: Verdict): { kept: Kept[]; suppressed: ScanFinding[] } {
  const { m, from, whole, expressions, prefix, shell } = s;
  const reasons = v.reasons.filter((r): r is Reason & { decision: "ask" | "deny" } =>
    r.decision !== "allow" && (r.start === undefined || r.start >= from)
  );
  const spans = reasons.map((r) => ({ start: r.start ?? 0, end: Math.max(r.start ?? 0, r.end ?? r.start ?? 0) }));
  const syntax = readSyntax(ctx.parser, m.text, spans, { ...DEFAULT_BOUNDS, maxBytes: ctx.maxBytes });
  const asWritten = (t: string) => normaliseWhitespace(unsubstitute(t, expressions));
  const reasonOf = new Map<ScanFinding, Reason>();
  const found: LocatedFinding[] = reasons.map((r, i) => {
    const start = r.start !== undefined ? locate(m, r.start) : whole;
    const end = r.end !== undefined ? locate(m, Math.max(r.start ?? 0, r.end)) : start;
    const access = v.accesses.find((a) =>
      a.start === r.start && a.end === r.end && a.reason === r.code && a.rule !== null
    );
    // Paths in the root relative to it, the home as `~`: the same message on every machine.
    let message = ctx.places.message(unsubstitute(r.message + (access ? ` (rule ${access.rule})` : ""), expressions));
    if (r.code === "INPUT_TOO_LARGE") {
      message += ` (scan --max-bytes ${ctx.maxBytes} is the bound: raise it to judge it)`;
    }
    const stmt = r.start === undefined ? null : syntax.statements[i]!;
    const inPrefix = prefix !== null && r.start !== undefined && r.start >= prefix.start &&
      r.start < prefix.start + prefix.length;
    const statement = inPrefix ? `working-directory: ${prefix.written}` : stmt ? asWritten(stmt.text) : "";
    const written = inPrefix
      ? prefix.written
      : r.start === undefined
      ? ""
      : asWritten(m.text.slice(spans[i]!.start, spans[i]!.end));
    const finding: ScanFinding = { file, line: start.line, col: start.col, endLine: end.line, endCol: end.col,
      decision: r.decision, code: r.code, message, statement, written,
      fingerprint: fingerprintOf({ file, code: r.code, statement, written }),
      ...(r.state === undefined ? {} : { state: stateKey(shell, r.state, r.code, message) }) };
    reasonOf.set(finding, r);
    return { finding, statementLine: stmt && !inPrefix ? locate(m, stmt.start).line : null };
  });
  const comments = syntax.comments.filter((c) => c.start >= from);
  const r = applySuppressions(file, m, comments, found, (code) => ctx.guard.policy.reasonDecision(code));
  const there = inFiles(ctx, found.map((f) => f.finding), reasonOf);
  return { kept: r.findings.map((finding) => ({ finding, at: there.get(finding) ?? null })), suppressed: r.suppressed };
}

/**
 * The findings whose reason the guard found in a repository file the code runs or sources
 * (Reason.file), each as it is in that file: at its line there, and keyed by the statement and
 * word there, so that every caller that reaches it gives the same finding.
 */
function inFiles(ctx: RunContext, found: readonly ScanFinding[],
  reasonOf: ReadonlyMap<ScanFinding, Reason>): Map<ScanFinding, ScanFinding>
{
  const byFile = new Map<string, { text: MappedText; list: { finding: ScanFinding; start: number; end: number }[] }>();
  for (const f of found) {
    const place = reasonOf.get(f)?.file;
    if (place === undefined) continue;
    const there = ctx.places.fileOf(place.path);
    if (there === null) continue;
    const entry = byFile.get(there.file) ?? { text: there.text, list: [] };
    entry.list.push({ finding: f, start: place.start, end: Math.max(place.start, place.end) });
    byFile.set(there.file, entry);
  }
  const out = new Map<ScanFinding, ScanFinding>();
  for (const [file, { text, list }] of byFile) {
    const syntax = readSyntax(ctx.parser, text.text, list, { ...DEFAULT_BOUNDS, maxBytes: ctx.maxBytes });
    list.forEach(({ finding, start, end }, i) => {
      const from = locate(text, start);
      const to = locate(text, end);
      const stmt = syntax.statements[i];
      const statement = stmt ? normaliseWhitespace(stmt.text) : "";
      const written = normaliseWhitespace(text.text.slice(start, end));
      out.set(finding, { ...finding, file, line: from.line, col: from.col, endLine: to.line, endCol: to.col, statement,
        written, fingerprint: fingerprintOf({ file, code: finding.code, statement, written }) });
    });
  }
  return out;
}

/**
 * The key of a finding about shell state (Reason.state), in the shell `shell`: an unknown working
 * directory is one fact for the whole shell, whichever word meets it; an unknown variable is one
 * fact for each variable, and the code the guard did not follow one for each cause, which the
 * message's last part (its why) names (`$TMPDIR is not known, and the program started uses it`,
 * `$BUILD_DIR is not known`, `. ran a script that was not read`), the same at every place.
 */
function stateKey(shell: string, state: InheritedState, code: ReasonCode, message: string): string {
  const why = message.slice(message.lastIndexOf(": ") + 2);
  switch (state) {
    case "cwd":
      return `${shell}\u0000cwd\u0000${code}`;
    case "environment":
    case "tainted":
      return `${shell}\u0000${state}\u0000${code}\u0000${why}`;
    default: {
      const never: never = state;
      throw new Error(`unknown state ${String(never)}`);
    }
  }
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

/** The findings of a scan in order, each once (a library's, found from every file that reaches it, too). */
export function sortFindings(all: readonly ScanFinding[]): ScanFinding[] {
  const seen = new Set<string>();
  const out: ScanFinding[] = [];
  for (const f of [...all].sort(compareFindings)) {
    const k = JSON.stringify([f.file, f.line, f.col, f.endLine, f.endCol, f.decision, f.code, f.message,
      f.fingerprint]);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(f);
  }
  return out;
}

/** A finding, or a note of what was not judged (which has only a place and a message). */
type Sorted = ScanNote & Partial<Pick<ScanFinding, "code" | "endLine" | "endCol" | "decision" | "fingerprint">>;

/**
 * By file, line, column and code (a note has none), then the rest: a total order, so that the
 * output never depends on the order things were found in.
 */
export function compareFindings(a: Sorted, b: Sorted): number {
  return order(a.file, b.file) || a.line - b.line || a.col - b.col || order(a.code ?? "", b.code ?? "") ||
    (a.endLine ?? a.line) - (b.endLine ?? b.line) || (a.endCol ?? a.col) - (b.endCol ?? b.col) ||
    order(a.decision ?? "", b.decision ?? "") || order(a.message, b.message) ||
    order(a.fingerprint ?? "", b.fingerprint ?? "");
}

function order(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
