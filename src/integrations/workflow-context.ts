// The `${{ … }}` expressions of a workflow that are the runner's own variables under another
// name: the runner evaluates `${{ runner.temp }}` to what it puts in $RUNNER_TEMP, and GitHub
// does not let a workflow's `env:` overwrite GITHUB_* or RUNNER_* variables. So such an
// expression is read as its variable, in a `run:` script (workflow.ts substituteExpressions)
// and in a `working-directory:` (directoryWord), which a scan knows when a preset gives it
// (src/policy/scan-presets.ts) and does not know otherwise; every other expression stays a
// value the scan does not know.

import { resolve as resolvePath } from "node:path";
import { shellQuote } from "./glob-base.ts";

const CONTEXT_VARIABLES: Readonly<Record<string, string>> = { "github.workspace": "GITHUB_WORKSPACE",
  "github.env": "GITHUB_ENV", "github.path": "GITHUB_PATH", "github.event_path": "GITHUB_EVENT_PATH",
  "runner.temp": "RUNNER_TEMP" };

const EXPRESSION = /\$\{\{([\s\S]*?)\}\}/g;

/** The variable an expression (its text between `${{` and `}}`, trimmed) stands for, or null. */
export function contextVariable(expression: string): string | null {
  return Object.hasOwn(CONTEXT_VARIABLES, expression) ? CONTEXT_VARIABLES[expression]! : null;
}

/**
 * Whether a value holds a `${{ … }}` that is no runner variable, or a `${{` that is not closed:
 * only known when the workflow runs (or not at all).
 */
export function hasUnknownExpression(text: string): boolean {
  return text.replace(EXPRESSION, (m, inner: string) => (contextVariable(inner.trim()) === null ? m : "")).includes(
    "${{",
  );
}

/**
 * A `working-directory:` value (with no unknown expression) as one shell word for `cd`: its
 * literal text quoted, each runner variable `"${NAME}"`. A value that is all literal text is
 * the absolute path it names under the root; one that starts with literal text that is not
 * absolute is that text under the root (the runner resolves it from the workspace).
 */
export function directoryWord(root: string, text: string): string {
  if (!text.includes("${{")) return shellQuote(resolvePath(root, text));
  const parts: string[] = [];
  let at = 0;
  for (const m of text.matchAll(EXPRESSION)) {
    if (m.index > at) parts.push(shellQuote(text.slice(at, m.index)));
    // An expression that is no runner variable (the caller's hasUnknownExpression) stays unknown.
    parts.push(`"\${${contextVariable(m[1]!.trim()) ?? "GHA_EXPR_UNKNOWN"}}"`);
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(shellQuote(text.slice(at)));
  if (!text.startsWith("${{") && !text.startsWith("/")) parts.unshift(shellQuote(`${root}/`));
  return parts.join("");
}
