// Shell code read into statements: parsed under the bounds, respelled where the grammar fails on
// valid bash (src/parse/respell.ts) and parsed again, copied and lowered. The one way the guard
// reads a command, and the code nested in it.

import type { Parser } from "web-tree-sitter";
import type { ReasonCode } from "../base/reasons.ts";
import type { Span } from "../base/span.ts";
import { type ParseBounds, parseBounded } from "../parse/parse.ts";
import { respell, type Respelling } from "../parse/respell.ts";
import { copyTree } from "../parse/tree.ts";
import type { LowerProblem } from "../shell/lower/context.ts";
import { lowerProgram } from "../shell/lower/program.ts";
import type { Dialect, Stmt } from "../shell/syntax.ts";

type ReadCode = { readonly ok: false; readonly code: ReasonCode; readonly message: string } | {
  readonly ok: true;
  readonly stmt: Stmt;
  /** Where the grammar found errors (in the text as respelled, if it was: the same offsets). */
  readonly errors: readonly Span[];
  readonly problems: readonly LowerProblem[];
};

/**
 * `fromFile`: the text is a file's (a script, a sourced file), not a string given to a shell
 * (`bash -c`, `eval`, an agent's command); they differ in what a `\` at the very end is.
 */
export function readCode(parser: Parser, text: string, bounds: ParseBounds, dialect: Dialect,
  fromFile: boolean): ReadCode
{
  const parsed = parseBounded(parser, text, bounds);
  if (!parsed.ok) return parsed;
  let tree = parsed.tree;
  try {
    let lowered = lowerProgram(copyTree(tree, text), dialect);
    let errors = parsed.errors;
    // Where the grammar failed, or the lowering refused what it made of the text, the text may
    // be valid bash the grammar misreads: respelled (respell.ts) and read again, which is taken
    // only when it leaves fewer errors and refusals.
    const r: Respelling | null = errors.length || lowered.problems.length ? respell(tree, text, fromFile) : null;
    if (r !== null) {
      const again = parseBounded(parser, r.parse, bounds);
      if (again.ok) {
        const relowered = lowerProgram(copyTree(again.tree, r.read), dialect, r.negated);
        if (again.errors.length + relowered.problems.length < errors.length + lowered.problems.length) {
          tree.delete();
          tree = again.tree;
          errors = again.errors;
          lowered = relowered;
        } else again.tree.delete();
      }
    }
    return { ok: true, stmt: lowered.stmt, errors, problems: lowered.problems };
  } finally {
    tree.delete();
  }
}
