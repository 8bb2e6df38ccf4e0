// The shell a GitHub Actions workflow runs: each step's `run:` script, the directory it starts
// in (`working-directory:`, else the job's, else the workflow's `defaults.run`), and whether
// the step runs bash at all (`shell:`, and Windows runners, whose default shell is pwsh).
// `${{ … }}` is substituted by GitHub before the shell sees the script, so each one becomes a
// variable the guard does not know, quoted so that it stays unknown wherever it sits.

import type { ReasonCode } from "../base/reasons.ts";
import { type MappedText, rewrite } from "./mapped.ts";
import { get, parseYaml, scalarText, YamlError, type YamlNode } from "./yaml.ts";
import { contextVariable } from "./workflow-context.ts";

interface Located {
  readonly text: string;
  readonly line: number;
  readonly col: number;
}

interface WorkflowStep {
  /** `job-id › step name` (or the step's number), for messages. */
  readonly label: string;
  readonly line: number;
  readonly col: number;
  /** The script as the shell receives it, each character mapped to the workflow file. */
  readonly script: MappedText;
  /** Where the step starts, relative to the workspace; null for the workspace itself. */
  readonly workingDirectory: Located | null;
  /** Placeholder variable → the `${{ … }}` it stands for, to put back into messages. */
  readonly expressions: ReadonlyMap<string, string>;
}

interface WorkflowProblem {
  readonly line: number;
  readonly col: number;
  readonly code: ReasonCode;
  readonly message: string;
}

interface Workflow {
  readonly steps: readonly WorkflowStep[];
  readonly problems: readonly WorkflowProblem[];
  /** Steps left alone because they do not run bash (`shell: pwsh`, Windows runners). */
  readonly skipped: readonly string[];
}

export function readWorkflow(source: string): Workflow {
  let root: YamlNode | null;
  try {
    root = parseYaml(source);
  } catch (e) {
    if (!(e instanceof YamlError)) throw e;
    return { steps: [], skipped: [],
      problems: [{ line: e.line, col: 1, code: "PARSE_ERROR", message: `the workflow cannot be read: ${e.message}` }] };
  }
  const steps: WorkflowStep[] = [];
  const problems: WorkflowProblem[] = [];
  const skipped: string[] = [];
  const jobs = get(root, "jobs");
  if (!jobs || jobs.kind !== "map") return { steps, problems, skipped };
  const workflowRun = get(get(root, "defaults"), "run");
  for (const job of jobs.entries) {
    const jobRun = get(get(job.value, "defaults"), "run");
    const runsOn = scalarText(get(job.value, "runs-on")) ?? "";
    const list = get(job.value, "steps");
    if (!list || list.kind !== "seq") continue;
    list.items.forEach((step, index) => {
      const run = get(step, "run");
      if (!run || !step || step.kind !== "map") return;
      const label = `${job.key} › ${
        scalarText(get(step, "name")) ?? scalarText(get(step, "id")) ?? `step ${index + 1}`
      }`;
      const shell = firstText([get(step, "shell"), get(jobRun, "shell"), get(workflowRun, "shell")]);
      if (shell !== null ? !/^(bash|sh)(\s|$)/.test(shell.text.trim()) : /windows/i.test(runsOn)) {
        skipped.push(`${label} (${shell !== null ? `shell: ${shell.text.trim()}` : `runs-on: ${runsOn}`})`);
        return;
      }
      if (run.kind !== "scalar" || run.style === "alias" || run.style === "flow") {
        problems.push({ line: run.line, col: run.col, code: "OPAQUE_CODE",
          message: `${label}: run: is not a plain string (a YAML ${
            run.kind === "scalar" ? run.style : run.kind
          }), so its script cannot be read` });
        return;
      }
      const wd = firstText([get(step, "working-directory"), get(jobRun, "working-directory"),
        get(workflowRun, "working-directory")]);
      if (wd && wd.text.includes("${{")) {
        problems.push({ line: wd.line, col: wd.col, code: "UNRESOLVED_CWD",
          message:
            `${label}: working-directory ${wd.text} is only known when the workflow runs; the script is judged from the workspace` });
      }
      const { script, expressions } = substituteExpressions(run.value);
      steps.push({ label, line: run.line, col: run.col, script,
        workingDirectory: wd && !wd.text.includes("${{") && wd.text !== "" ? wd : null, expressions });
    });
  }
  return { steps, problems, skipped };
}

function firstText(nodes: readonly (YamlNode | null)[]): Located | null {
  for (const n of nodes) {
    if (n && n.kind === "scalar" && n.style !== "alias") return { text: n.value.text, line: n.line, col: n.col };
  }
  return null;
}

/**
 * Replaces every `${{ … }}` with a shell variable the guard does not know (`runner.temp` and
 * the others that are the runner's variables become those variables: workflow-context.ts).
 * Inside single quotes a bare `$NAME` would be literal text, so there the quote is closed
 * around a double-quoted `"$NAME"`.
 */
export function substituteExpressions(m: MappedText): { script: MappedText; expressions: Map<string, string> } {
  const expressions = new Map<string, string>();
  const edits: { start: number; end: number; text: string }[] = [];
  const quoting = quoteStates(m.text);
  for (const match of m.text.matchAll(/\$\{\{([\s\S]*?)\}\}/g)) {
    const start = match.index;
    const inner = match[1]!.trim();
    let name = contextVariable(inner);
    if (name === null) {
      name = `GHA_EXPR_${expressions.size + 1}`;
      expressions.set(name, match[0]);
    }
    const single = quoting[start] === "single";
    edits.push({ start, end: start + match[0].length, text: single ? `'"$${name}"'` : `\${${name}}` });
  }
  return { script: edits.length ? rewrite(m, edits) : m, expressions };
}

type QuoteState = "none" | "single" | "double" | "ansi" | "comment";

/**
 * The quoting in force at each offset of a script, as far as a lexer without heredocs can
 * tell: enough to know whether a substituted value lands inside single quotes.
 */
export function quoteStates(s: string): QuoteState[] {
  const out: QuoteState[] = new Array<QuoteState>(s.length);
  let state: QuoteState = "none";
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    out[i] = state;
    switch (state) {
      case "none":
        if (c === "\\") {
          if (i + 1 < s.length) out[i + 1] = state;
          i++;
        } else if (c === "'") state = "single";
        else if (c === '"') state = "double";
        else if (c === "$" && s[i + 1] === "'") {
          out[i + 1] = state;
          i++;
          state = "ansi";
        } else if (c === "#" && (i === 0 || /\s|[;&|()]/.test(s[i - 1]!))) state = "comment";
        break;
      case "single":
        if (c === "'") state = "none";
        break;
      case "double":
      case "ansi":
        if (c === "\\") {
          if (i + 1 < s.length) out[i + 1] = state;
          i++;
        } else if ((state === "double" && c === '"') || (state === "ansi" && c === "'")) state = "none";
        break;
      case "comment":
        if (c === "\n") state = "none";
        break;
    }
  }
  return out;
}
