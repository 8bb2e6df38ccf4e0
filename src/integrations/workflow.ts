// The shell a GitHub Actions workflow runs: each step's `run:` script, the directory it starts
// in (`working-directory:`, else the job's, else the workflow's `defaults.run`), and whether
// the step runs bash at all (workflow-shell.ts); the same for the steps of a composite action
// (`action.yml`, `runs.using: composite`), and the local actions (`uses: ./…`) a workflow runs.
// `${{ … }}` is substituted by GitHub before the shell sees the script, so each one becomes a
// variable the guard does not know, quoted so that it stays unknown wherever it sits; those that
// are the runner's own variables under another name (`${{ runner.temp }}`) become that variable
// (workflow-context.ts), which a scan knows only under a preset.

import type { ReasonCode } from "../base/reasons.ts";
import { type MappedText, rewrite } from "./mapped.ts";
import { classifyShell, type Legs, legsOf } from "./workflow-shell.ts";
import { contextVariable, hasUnknownExpression } from "./workflow-context.ts";
import { isMapNode, isScalarNode, isSeqNode, type Located, YamlFile, type YamlNode } from "./yaml.ts";

export interface WorkflowStep {
  /** `job-id › step name` (or the step's number), for messages. */
  readonly label: string;
  /** The job (or action) the step belongs to: its steps share one workspace, in order. */
  readonly job: string;
  readonly line: number;
  readonly col: number;
  /** The script as the shell receives it, each character mapped to the workflow file. */
  readonly script: MappedText;
  /**
   * Where the step starts, as written, relative to the workspace; it may hold runner variables
   * (`${{ runner.temp }}`, workflow-context.ts directoryWord), no other expression. Null for the
   * workspace itself.
   */
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

/** Something in the file that runs but is not judged: a step that does not run bash. */
interface WorkflowNote {
  readonly line: number;
  readonly col: number;
  readonly message: string;
}

/** A step's `uses: ./DIR`: an action of the repository, run from the workspace. */
interface LocalAction {
  readonly path: string;
  readonly line: number;
  readonly col: number;
  readonly label: string;
}

export interface Workflow {
  readonly steps: readonly WorkflowStep[];
  readonly problems: readonly WorkflowProblem[];
  readonly skipped: readonly WorkflowNote[];
  readonly actions: readonly LocalAction[];
  /** For an action file: what its `runs.using` says (`composite`, `node20`, `docker`), else null. */
  readonly using: string | null;
}

/** What a job's steps inherit: its legs and the `defaults.run` of the job and the workflow. */
interface StepContext {
  readonly job: string;
  readonly legs: Legs;
  readonly shells: readonly (YamlNode | null)[];
  readonly directories: readonly (YamlNode | null)[];
  /** Composite action steps name their shell; no runner default applies. */
  readonly composite: boolean;
}

class Reader {
  readonly steps: WorkflowStep[] = [];
  readonly problems: WorkflowProblem[] = [];
  readonly skipped: WorkflowNote[] = [];
  readonly actions: LocalAction[] = [];

  constructor(readonly y: YamlFile) {}

  problem(node: YamlNode | null, code: ReasonCode, message: string, at?: { line: number; col: number }): void {
    const p = at ?? (node ? this.y.at(node) : { line: 1, col: 1 });
    this.problems.push({ line: p.line, col: p.col, code, message });
  }

  readSteps(list: YamlNode | null, ctx: StepContext, where: string): void {
    if (list === null) return;
    if (!isSeqNode(list)) {
      this.problem(list, "OPAQUE_CODE", `${where}: steps: is not a list, so its steps cannot be read`);
      return;
    }
    this.y.items(list).forEach((step, index) => this.step(step, index, ctx));
  }

  private step(step: YamlNode | null, index: number, ctx: StepContext): void {
    const y = this.y;
    if (!isMapNode(step)) {
      if (step !== null) {
        this.problem(step, "OPAQUE_CODE", `${ctx.job} › step ${index + 1} is not a mapping, so it cannot be read`);
      }
      return;
    }
    const label = `${ctx.job} › ${y.text(y.get(step, "name")) ?? y.text(y.get(step, "id")) ?? `step ${index + 1}`}`;
    const uses = y.get(step, "uses");
    const usesText = y.text(uses);
    if (uses && usesText !== null && usesText.startsWith("./")) {
      this.actions.push({ path: usesText, ...y.at(uses), label });
    }
    const run = y.get(step, "run");
    if (run === null) return;
    const shellNode = [y.get(step, "shell"), ...ctx.shells].find((n) => n !== null) ?? null;
    const shellText = y.text(shellNode);
    const at = y.at(run);
    if (shellNode !== null) {
      const shell = shellText === null ?
        { kind: "other" as const, what: "a shell: that is not a string" }
        : shellText.includes("${{") ?
        { kind: "other" as const, what: `shell: ${shellText.trim()}, only known when the workflow runs` }
        : classifyShell(shellText);
      if (shell.kind === "other") {
        this.skipped.push({ ...at, message: `${label}: runs in ${shell.what}, which is not judged as bash` });
        return;
      }
    } else if (ctx.composite) {
      this.problem(run, "OPAQUE_CODE",
        `${label}: a composite action's run: step names no shell:, so GitHub does not run it`);
      return;
    } else if (ctx.legs.windows) {
      const only = !ctx.legs.other;
      this.skipped.push({ ...at, message: only
        ? `${label}: runs on Windows, whose default shell is pwsh, which is not judged as bash`
        : `${label}: on the Windows legs of the job's matrix it runs in pwsh, which is not judged; judged as bash for the others` });
      if (only) {
        return;
      }
    } else if (ctx.legs.unknown !== null) {
      this.skipped.push({ ...at,
        message:
          `${label}: runs-on ${ctx.legs.unknown} is only known when the workflow runs; judged as bash, but a Windows runner would run it in pwsh, which is not judged` });
    }
    if (!isScalarNode(run)) {
      this.problem(run, "OPAQUE_CODE",
        `${label}: run: is not a string (a YAML ${isMapNode(run) ? "mapping" : "list"}), so its script cannot be read`);
      return;
    }
    const wdNode = [y.get(step, "working-directory"), ...ctx.directories].find((n) => n !== null) ?? null;
    const wd = y.located(wdNode);
    // A runner variable (`${{ runner.temp }}`) is that variable (workflow-context.ts); any other
    // expression is only known when the workflow runs.
    const unknown = wd !== null && hasUnknownExpression(wd.text);
    if (unknown) {
      this.problem(wdNode, "UNRESOLVED_CWD",
        `${label}: working-directory ${wd.text} is only known when the workflow runs; the script is judged from the workspace`);
    }
    const { script, expressions } = substituteExpressions(y.mapped(run));
    this.steps.push({ label, job: ctx.job, ...at, script,
      workingDirectory: wd && !unknown && wd.text !== "" ? wd : null, expressions });
  }

  /** The legs a job runs on: `runs-on` (a label, a list of them, or `{group, labels}`) and its matrix. */
  legs(job: YamlNode | null): Legs {
    const y = this.y;
    let runsOn = y.get(job, "runs-on");
    if (isMapNode(runsOn)) runsOn = y.get(runsOn, "labels");
    const labels = isSeqNode(runsOn)
      ? y.items(runsOn).map((n) => y.text(n) ?? "${{ ? }}")
      : runsOn === null
      ? []
      : [y.text(runsOn) ?? "${{ ? }}"];
    const matrix = y.get(y.get(job, "strategy"), "matrix");
    return legsOf(labels, (name) => {
      if (!isMapNode(matrix)) return null;
      const values: string[] = [];
      const listed = y.get(matrix, name);
      if (listed !== null) {
        if (!isSeqNode(listed)) return null;
        for (const v of y.items(listed)) values.push(y.text(v) ?? "${{ ? }}");
      }
      for (const extra of y.items(y.get(matrix, "include"))) {
        const v = y.get(extra, name);
        if (v !== null) values.push(y.text(v) ?? "${{ ? }}");
      }
      return values;
    });
  }

  result(using: string | null): Workflow {
    for (const p of this.y.problems) {
      this.problems.push({ line: p.line, col: p.col, code: "PARSE_ERROR",
        message: `the file cannot be read: ${p.message}` });
    }
    return { steps: this.steps, problems: this.problems, skipped: this.skipped, actions: this.actions, using };
  }
}

export function readWorkflow(source: string): Workflow {
  const y = new YamlFile(source);
  const r = new Reader(y);
  const root = y.root;
  const jobs = y.get(root, "jobs");
  if (jobs !== null && !isMapNode(jobs)) {
    r.problem(jobs, "OPAQUE_CODE", "jobs: is not a mapping, so its jobs cannot be read");
  }
  const workflowRun = y.get(y.get(root, "defaults"), "run");
  for (const job of y.entries(jobs)) {
    const jobRun = y.get(y.get(job.value, "defaults"), "run");
    r.readSteps(y.get(job.value, "steps"), { job: job.key, legs: r.legs(job.value),
      shells: [y.get(jobRun, "shell"), y.get(workflowRun, "shell")],
      directories: [y.get(jobRun, "working-directory"), y.get(workflowRun, "working-directory")], composite: false },
      job.key);
  }
  return r.result(null);
}

/** A composite action's steps (`runs.steps`); other actions run no shell of the repository's. */
export function readAction(source: string, name: string): Workflow {
  const y = new YamlFile(source);
  const r = new Reader(y);
  const runs = y.get(y.root, "runs");
  const using = y.text(y.get(runs, "using"));
  if (using === "composite") {
    r.readSteps(y.get(runs, "steps"), { job: name, legs: { windows: false, other: true, unknown: null }, shells: [],
      directories: [], composite: true }, name);
  }
  return r.result(using);
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
