// The CI scanner's core: what the guard says about each file, as findings with a file, a line
// and a column. A script is judged whole, from the project root, so its own `cd`s carry through
// it. A workflow step (or a composite action's) is judged from its working directory, after the
// steps of its job before it: each step is a new shell, but what an earlier one made on disk
// (the directory a later `working-directory:` names, a symlink) is still there. A local action a
// workflow uses (`uses: ./dir`) and a repository script a step runs are scanned too, and what
// the guard finds inside such a script is reported once, at the script, with the step as context.

import { dirname, relative, resolve as resolvePath, sep } from "node:path";
import type { Guard } from "../guard/guard.ts";
import type { ReasonCode } from "../base/reasons.ts";
import type { Reason, Verdict } from "../base/verdict.ts";
import type { ScanFinding, ScanNote } from "../report/scan-finding.ts";
import { shellQuote } from "./glob-base.ts";
import { locate, MappedBuilder, type MappedText, mapFile } from "./mapped.ts";
import { fileName, type Target } from "./scan-targets.ts";
import { readAction, readWorkflow, type Workflow, type WorkflowStep } from "./workflow.ts";
import { readRegularFile } from "../paths/fs.ts";

/** A file past this is not read whole: far past the guard's own bound on a command. */
const MAX_SCAN_BYTES = 16 << 20;

/** Codes that say a text was not read as shell: such a step gives later steps no context. */
const UNREAD: ReadonlySet<ReasonCode> = new Set(["PARSE_ERROR", "INPUT_TOO_LARGE", "PARSE_TIMEOUT", "INVALID_INPUT"]);

interface ScanResult {
  readonly findings: ScanFinding[];
  readonly skipped: ScanNote[];
  /** How many files were read: the targets and what they led to. */
  readonly files: number;
}

/** What a step's check found inside a repository script it runs, and where the step is. */
interface Inner {
  readonly script: string;
  readonly finding: ScanFinding;
  /** The step's label, for a finding that stays at the step. */
  readonly label: string;
  readonly context: string;
}

interface FileScan {
  readonly findings: ScanFinding[];
  readonly skipped: ScanNote[];
  /** Files the scan leads to: local actions a workflow uses, scripts a step runs. */
  readonly more: Target[];
  readonly inner: Inner[];
}

/** Scans the targets and every file they lead to, once each. */
export function scanTargets(guard: Guard, root: string, targets: readonly Target[], maxBytes: number): ScanResult {
  const queue = [...targets];
  const seen = new Set(queue.map((t) => t.path));
  let findings: ScanFinding[] = [];
  const skipped: ScanNote[] = [];
  const inner: Inner[] = [];
  for (let i = 0; i < queue.length; i++) {
    const r = scanFile(guard, root, queue[i]!, maxBytes);
    findings.push(...r.findings);
    skipped.push(...r.skipped);
    inner.push(...r.inner);
    for (const t of r.more) {
      if (!seen.has(t.path)) {
        seen.add(t.path);
        queue.push(t);
      }
    }
  }
  // A finding inside a script a step runs is the script's own finding when the script's scan
  // has it too (the same code and message): reported there, with the step as context. One the
  // script alone does not give (it starts elsewhere when the step runs it) stays at the step.
  const contexts = new Map<ScanFinding, string[]>();
  for (const x of inner) {
    const file = fileName(root, x.script);
    const same = findings.filter((f) =>
      f.file === file && f.code === x.finding.code && f.message === x.finding.message
    );
    if (same.length === 0) {
      findings.push({ ...x.finding, message: `${x.label}: ${x.finding.message} (in ${file}, which it runs)` });
    }
    for (const f of same) contexts.set(f, [...(contexts.get(f) ?? []), x.context]);
  }
  findings = findings.map((f) => {
    const c = contexts.get(f);
    return c === undefined ? f : { ...f, message: `${f.message} (run by ${[...new Set(c)].join("; ")})` };
  });
  return { findings, skipped, files: queue.length };
}

/** Every objection the guard raises in one file, and what it left alone. */
function scanFile(guard: Guard, root: string, target: Target, maxBytes: number): FileScan {
  const read = readRegularFile(target.path, MAX_SCAN_BYTES);
  const file = fileName(root, target.path);
  // What was found a file may have been swapped for a FIFO, or be past the cap: a finding that
  // says so, never a wait and never a silent pass.
  if (!("bytes" in read)) {
    const code = read.problem === "too large" ? "INPUT_TOO_LARGE" : "UNRESOLVED_PATH";
    return {
      findings: [{ file, line: 1, col: 1, endLine: 1, endCol: 1, decision: "ask", code,
        message: `the file cannot be read: ${read.problem} (${read.code})` }],
      skipped: [],
      more: [],
      inner: [],
    };
  }
  const text = read.bytes.toString("utf8");
  if (target.kind === "shell") {
    const v = guard.check(text, { cwd: root });
    return {
      findings: findings(file, mapFile(text), v, 0, { line: 1, col: 1 }, new Map(), maxBytes).map((f) => f.finding),
      skipped: [],
      more: [],
      inner: [],
    };
  }
  // An action is named as a workflow uses it: `./DIR` from the root.
  const wf = target.kind === "action"
    ? readAction(text, `./${relative(root, dirname(target.path)).split(sep).join("/")}`.replace(/\/$/, ""))
    : readWorkflow(text);
  return scanSteps(guard, root, file, wf, maxBytes);
}

function scanSteps(guard: Guard, root: string, file: string, wf: Workflow, maxBytes: number): FileScan {
  const out: ScanFinding[] = wf.problems.map((p) => ({ file, line: p.line, col: p.col, endLine: p.line, endCol: p.col,
    decision: "ask", code: p.code, message: p.message })
  );
  const skipped: ScanNote[] = wf.skipped.map((s) => ({ file, ...s }));
  const more: Target[] = [];
  const inner: Inner[] = [];
  for (const a of wf.actions) {
    const dir = resolvePath(root, a.path);
    // Never read past the repository: a path that climbs out of it is not one of its actions.
    const outside = relative(root, dir).split(sep)[0] === "..";
    const action = outside ? null : localAction(dir);
    if (action === null) {
      out.push({ file, line: a.line, col: a.col, endLine: a.line, endCol: a.col + a.path.length, decision: "ask",
        code: "OPAQUE_CODE",
        message: `${a.label}: uses ${a.path}, which ${
          outside ? "is outside the repository" : "has no action.yml here (made by an earlier step?)"
        }, so what it runs is not read` });
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
    const context = fit(before, own.text, maxBytes);
    const b = new MappedBuilder();
    b.push(context, step.line, step.col);
    b.append(own);
    const m = b.build();
    const v = guard.check(m.text, { cwd: root });
    const inside = innerReasons(v, context.length);
    for (const { finding, reason } of findings(file, m, v, context.length, step, step.expressions, maxBytes)) {
      const script = inside.get(reason);
      if (script === undefined) out.push({ ...finding, message: `${step.label}: ${finding.message}` });
      else {
        more.push({ path: script, kind: "shell" });
        inner.push({ script, finding, label: step.label,
          context: `${file}:${finding.line}:${finding.col}, ${step.label}` });
      }
    }
    // A step that did not read as shell, or holds a heredoc (which could run on past its
    // step's end), gives the steps after it no context: they are judged without it.
    const read = !v.reasons.some((r) => UNREAD.has(r.code) && (r.start === undefined || r.start >= context.length));
    if (read && !step.script.text.includes("<<")) earlier.set(step.job, [...before, `(\n${own.text}\n)\n`]);
  }
  return { findings: out, skipped, more, inner };
}

/**
 * The step's script as its check reads it. The guard treats the directory a check starts in as
 * a root, and a step's directory is not one, so the check starts at the root and moves there,
 * which judges the move itself (at the working-directory value). The runner fails a step whose
 * directory is missing, so the script runs only where the move succeeded (`|| exit 1`): a
 * directory an earlier step makes is where the script runs, not the workspace.
 */
function stepText(root: string, step: WorkflowStep): MappedText {
  const wd = step.workingDirectory;
  if (wd === null) return step.script;
  const b = new MappedBuilder();
  // Whatever the guard says about the move points at the working-directory value.
  for (const ch of `cd -- ${shellQuote(resolvePath(root, wd.text))}`) b.push(ch, wd.line, wd.col);
  b.push(" || exit 1\n", wd.line, wd.col + wd.text.length);
  b.append(step.script);
  return b.build();
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
 * The reasons of a step's check that arose inside a repository script the step runs (the guard
 * reads and interprets it, SCRIPT_INTERPRETED, and reports what it finds there at the call),
 * each with the script's path. A reason about the call's own word stays the step's.
 */
function innerReasons(v: Verdict, from: number): Map<Reason, string> {
  const out = new Map<Reason, string>();
  for (const call of v.reasons) {
    if (call.code !== "SCRIPT_INTERPRETED" || call.start === undefined || call.start < from) continue;
    const word = v.accesses.find((a) =>
      a.start === call.start && a.end === call.end && a.via.length === 0 && a.resolved !== null &&
      (a.kind === "exec" || a.kind === "read")
    );
    if (!word?.resolved) continue;
    for (const r of v.reasons) {
      if (r.decision === "allow" || r.start !== call.start || r.end !== call.end) continue;
      const own = v.accesses.some((a) =>
        a.start === r.start && a.end === r.end && a.via.length === 0 && a.reason === r.code
      );
      if (!own) out.set(r, word.resolved);
    }
  }
  return out;
}

/** The verdict's objections at or after `from` in the checked text, located in the file. */
function findings(file: string, m: MappedText, v: Verdict, from: number, whole: { line: number; col: number },
  expressions: ReadonlyMap<string, string>, maxBytes: number): { finding: ScanFinding; reason: Reason }[]
{
  const out: { finding: ScanFinding; reason: Reason }[] = [];
  for (const r of v.reasons) {
    if (r.decision === "allow" || (r.start !== undefined && r.start < from)) continue;
    const start = r.start !== undefined ? locate(m, r.start) : whole;
    const end = r.end !== undefined ? locate(m, Math.max(r.start ?? 0, r.end)) : start;
    const access = v.accesses.find((a) =>
      a.start === r.start && a.end === r.end && a.reason === r.code && a.rule !== null
    );
    let message = r.message + (access ? ` (rule ${access.rule})` : "");
    for (const [name, expr] of expressions) {
      message = message.replaceAll(`'"$${name}"'`, expr).replaceAll(`\${${name}}`, expr).replaceAll(`$${name}`, expr);
    }
    if (r.code === "INPUT_TOO_LARGE") message += ` (scan --max-bytes ${maxBytes} is the bound: raise it to judge it)`;
    out.push({
      finding: { file, line: start.line, col: start.col, endLine: end.line, endCol: end.col, decision: r.decision,
        code: r.code, message },
      reason: r,
    });
  }
  return out;
}

/** By file, line, column, then code (a note has none) and message. */
export function compareFindings(a: ScanNote & { readonly code?: string },
  b: ScanNote & { readonly code?: string }): number
{
  const key = (x: typeof a) => `${x.code ?? ""}\0${x.message}`;
  return a.file < b.file ?
    -1 :
    a.file > b.file ?
    1 :
    a.line - b.line || a.col - b.col || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
}
