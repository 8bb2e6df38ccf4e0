// The CI scanner's core: which files are shell (and which are workflows), and what the guard
// says about each, as findings with a file, a line and a column. A script is judged whole, from
// the project root, so its own `cd`s carry through it; a workflow step is judged from its
// working directory.

import { lstatSync, readdirSync, statSync } from "node:fs";
import { relative, resolve as resolvePath, sep } from "node:path";
import type { Guard } from "../guard/guard.ts";
import type { Verdict } from "../base/verdict.ts";
import type { ScanFinding } from "../report/scan-finding.ts";
import { shellQuote } from "./glob-base.ts";
import { locate, MappedBuilder, type MappedText, mapFile } from "./mapped.ts";
import { readWorkflow } from "./workflow.ts";
import { MAX_SCAN_BYTES, ScanPlaces } from "./scan-place.ts";
import { readRegularFile } from "../paths/fs.ts";

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
 * shell. `skipped` says what was left out and why.
 */
export function collectTargets(paths: readonly string[], cwd: string): { targets: Target[]; skipped: string[] } {
  const targets = new Map<string, Target>();
  const skipped: string[] = [];
  const add = (path: string, kind: TargetKind) => {
    if (!targets.has(path)) targets.set(path, { path, kind });
  };
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a,
      b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
    );
    for (const e of entries) {
      const path = `${dir}${dir.endsWith(sep) ? "" : sep}${e.name}`;
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) walk(path);
      } else if (e.isFile()) {
        const kind = classify(path);
        if (kind) add(path, kind);
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
    if (isDir) walk(abs);
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

/** Every objection the guard raises in one file, and the workflow steps it left alone. */
export function scanFile(guard: Guard, root: string, target: Target): { findings: ScanFinding[]; skipped: string[] } {
  const read = readRegularFile(target.path, MAX_SCAN_BYTES);
  const file = relative(root, target.path).split(sep).join("/") || target.path;
  // What was found a file may have been swapped for a FIFO, or be past the cap: a finding that
  // says so, never a wait and never a silent pass.
  if (!("bytes" in read)) {
    const code = read.problem === "too large" ? "INPUT_TOO_LARGE" : "UNRESOLVED_PATH";
    return {
      findings: [{ file, line: 1, col: 1, endLine: 1, endCol: 1, decision: "ask", code,
        message: `the file cannot be read: ${read.problem} (${read.code})` }],
      skipped: [],
    };
  }
  const text = read.bytes.toString("utf8");
  const places = new ScanPlaces(root, guard.policy.home);
  if (target.kind === "shell") {
    // Run as if from the root by its path there (`./scripts/build.sh`): that is its $0.
    const script = file === target.path ? target.path : `./${file}`;
    return {
      findings: findings(file, mapFile(text), guard.check(text, { cwd: root, script }), { line: 1, col: 1 }, new Map(),
        places, null),
      skipped: [],
    };
  }
  const wf = readWorkflow(text);
  const out: ScanFinding[] = wf.problems.map((p) => ({ file, line: p.line, col: p.col, endLine: p.line, endCol: p.col,
    decision: "ask", code: p.code, message: p.message })
  );
  for (const step of wf.steps) {
    let script: MappedText = step.script;
    if (step.workingDirectory) {
      // The guard treats the directory a check starts in as a root; a step's directory is not
      // one, so the check starts at the root and moves there, which judges the move itself.
      const wd = step.workingDirectory;
      // Whatever the guard says about the move points at the working-directory value.
      const b = new MappedBuilder();
      for (const ch of `cd -- ${shellQuote(resolvePath(root, wd.text))}`) b.push(ch, wd.line, wd.col);
      b.push("\n", wd.line, wd.col + wd.text.length);
      b.append(step.script);
      script = b.build();
    }
    out.push(
      ...findings(file, script, guard.check(script.text, { cwd: root }), { line: step.line, col: step.col },
        step.expressions, places, step.label),
    );
  }
  return { findings: out, skipped: wf.skipped.map((s) => `${file}: ${s} (not bash)`) };
}

/**
 * The objections of one check, located in `m` (the file's text, or a workflow step's) — or,
 * for what the guard found in a file the code sources or runs, in that file at its own line
 * (then a library's objections are reported once, where they are, not at every script that
 * reads it). `label`: the workflow step, said before what is found in it.
 */
function findings(file: string, m: MappedText, v: Verdict, whole: { line: number; col: number },
  expressions: ReadonlyMap<string, string>, places: ScanPlaces, label: string | null): ScanFinding[]
{
  const out: ScanFinding[] = [];
  for (const r of v.reasons) {
    if (r.decision === "allow") continue;
    const access = v.accesses.find((a) =>
      a.start === r.start && a.end === r.end && a.reason === r.code && a.rule !== null
    );
    let message = r.message + (access ? ` (rule ${access.rule})` : "");
    for (const [name, expr] of expressions) {
      message = message.replaceAll(`'"$${name}"'`, expr).replaceAll(`\${${name}}`, expr).replaceAll(`$${name}`, expr);
    }
    message = places.message(message);
    const there = r.file ? places.fileOf(r.file.path) : null;
    if (there !== null && r.file) {
      const start = locate(there.text, r.file.start);
      const end = locate(there.text, Math.max(r.file.start, r.file.end));
      out.push({ file: there.file, line: start.line, col: start.col, endLine: end.line, endCol: end.col,
        decision: r.decision, code: r.code, message });
      continue;
    }
    const start = r.start !== undefined ? locate(m, r.start) : whole;
    const end = r.end !== undefined ? locate(m, Math.max(r.start ?? 0, r.end)) : start;
    out.push({ file, line: start.line, col: start.col, endLine: end.line, endCol: end.col, decision: r.decision,
      code: r.code, message: label === null ? message : `${label}: ${message}` });
  }
  return out;
}

/** The findings of a scan in order, each once (a library's, found from every script that sources it, too). */
export function sortFindings(all: readonly ScanFinding[]): ScanFinding[] {
  const seen = new Set<string>();
  const out: ScanFinding[] = [];
  for (const f of [...all].sort(compareFindings)) {
    const k = JSON.stringify([f.file, f.line, f.col, f.endLine, f.endCol, f.decision, f.code, f.message]);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(f);
  }
  return out;
}

/** By file, place and code, then the rest: a total order, so the output never depends on the order found. */
function compareFindings(a: ScanFinding, b: ScanFinding): number {
  return order(a.file, b.file) || a.line - b.line || a.col - b.col || order(a.code, b.code) ||
    a.endLine - b.endLine || a.endCol - b.endCol || order(a.decision, b.decision) || order(a.message, b.message);
}

function order(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
