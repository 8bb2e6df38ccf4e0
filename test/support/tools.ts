// Table-driven direct tool calls, in the style of table.ts: [tool, input, decision, expectations?].
// `input` is a path (given as `path`), null for no input at all, or the input object itself.
// Expectations are as in table.ts ("KIND PATH", "!KIND PATH", "#CODE", "!#CODE"), plus
//   "rule SURFACE:PATTERN"  the deciding access names that rule ("rule -" for none).
// `agree` cases check that a tool call and a bash command reach the same decision.

import { describe, expect, test } from "bun:test";
import type { Decision, Verdict } from "../../src/index.ts";
import { explain, type Sandbox } from "./table.ts";

export type ToolInput = string | null | Readonly<Record<string, unknown>>;
export type ToolCase = readonly [tool: string, input: ToolInput, decision: Decision, expectations?: readonly string[]];

function inputOf(box: Sandbox, input: ToolInput): unknown {
  if (input === null) return undefined;
  if (typeof input === "string") return { path: box.fx.sub(input) };
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === "string" ? box.fx.sub(v) : v]));
}

export function callTool(box: Sandbox, tool: string, input: ToolInput, cwd = "$P"): Verdict {
  return box.guard.checkTool({ tool, input: inputOf(box, input), cwd: box.fx.sub(cwd) });
}

export function assertVerdict(box: Sandbox, label: string, v: Verdict, decision: Decision,
  expectations: readonly string[] = []): void
{
  const info = `${label}\n${explain(v)}`;
  expect({ label, decision: v.decision, info }).toMatchObject({ label, decision });
  for (const e of expectations) {
    const negate = e.startsWith("!");
    const spec = negate ? e.slice(1) : e;
    let found: boolean;
    if (spec.startsWith("#")) found = v.reasons.some((r) => r.code === spec.slice(1));
    else if (spec.startsWith("rule ")) {
      const rule = spec.slice(5);
      found = v.accesses.some((a) => (rule === "-" ? a.rule === null : a.rule === box.fx.sub(rule)));
    } else {
      const sp = spec.indexOf(" ");
      const kind = spec.slice(0, sp);
      const path = box.fx.sub(spec.slice(sp + 1));
      found = v.accesses.some((a) =>
        (kind === "*" || a.kind === kind) && (path === "?" ? a.resolved === null : a.resolved === path)
      );
    }
    if (found === negate) throw new Error(`expected ${negate ? "no " : ""}${spec} for:\n${info}`);
  }
}

export function toolTable(name: string, box: Sandbox, cases: readonly ToolCase[]): void {
  describe(name, () => {
    for (const [tool, input, decision, expectations] of cases) {
      const label = `${tool} ${JSON.stringify(input)}`;
      test(`${label} → ${decision}`, () =>
        assertVerdict(box, label, callTool(box, tool, input), decision, expectations));
    }
  });
}

/** [tool, input, bash command, decision]: both must reach the decision. */
export type AgreeCase = readonly [tool: string, input: ToolInput, command: string, decision: Decision];

export function agreeTable(name: string, box: Sandbox, cases: readonly AgreeCase[]): void {
  describe(name, () => {
    for (const [tool, input, command, decision] of cases) {
      test(`${tool} ${JSON.stringify(input)} ≡ ${command} → ${decision}`, () => {
        const t = callTool(box, tool, input);
        const b = box.check(box.fx.sub(command));
        expect({ tool: t.decision, bash: b.decision, info: `${explain(t)}\n---\n${explain(b)}` }).toMatchObject({
          tool: decision,
          bash: decision,
        });
      });
    }
  });
}
