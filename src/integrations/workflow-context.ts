// The `${{ … }}` expressions of a workflow that are the runner's own variables under another
// name: the runner evaluates `${{ runner.temp }}` to what it puts in $RUNNER_TEMP, and GitHub
// does not let a workflow's `env:` overwrite GITHUB_* or RUNNER_* variables. So such an
// expression is read as its variable (workflow.ts substituteExpressions), which a scan knows when
// a preset gives it (src/policy/scan-presets.ts) and does not know otherwise; every other
// expression stays a value the scan does not know.

const CONTEXT_VARIABLES: Readonly<Record<string, string>> = { "github.workspace": "GITHUB_WORKSPACE",
  "github.env": "GITHUB_ENV", "github.path": "GITHUB_PATH", "github.event_path": "GITHUB_EVENT_PATH",
  "runner.temp": "RUNNER_TEMP" };

/** The variable an expression (its text between `${{` and `}}`, trimmed) stands for, or null. */
export function contextVariable(expression: string): string | null {
  return Object.hasOwn(CONTEXT_VARIABLES, expression) ? CONTEXT_VARIABLES[expression]! : null;
}
