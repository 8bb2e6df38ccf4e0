// Lowers the tree-sitter-bash tree into our syntax types (src/shell/syntax.ts).
//
// tree-sitter-bash is a good parser with a few habits that differ from bash; each one is
// undone here, with a case in the quirks table of test/core.test.ts:
// - `a && b > f` is parsed as a redirect of the whole list; bash applies it to `b` only (and
//   `a && b > f | c` as a pipeline from that list; bash pipes `b > f` alone into `c`).
// - `! a | b` is parsed as a pipeline from `! a`; bash negates the whole pipeline.
// - `echo a > f b` and `<f cat` put command words inside the redirect node.
// - Inside double quotes, blanks can belong to the next token: `" "` ends with the token ` "`,
//   and `" $D"` holds the expansion node ` $D`. The blanks are text of the word.
// - `$"t"` is parsed as two arguments, `$` and `"t"`: adjacent nodes with no blank between
//   them are one shell word.
// - `cat <<EOF | sh && rm x` nests the rest of the line inside the here-document node.
// - `(( … ))` is a compound_statement; `time` is an ordinary command name.
// - `` `a` `b` `` and `` `a``b` `` are one backquoted substitution holding a "``" token; bash
//   runs two: split where bash ends each (backquotes.ts).
// - A line continuation right after `$` or `~` (`"$\⏎(cmd)"`) is an escape to the grammar;
//   bash removes it first: the text is read again with it before the `$` (continuations.ts).
// - Some case alternatives are one extglob_pattern (`\ |a`, `[|b`), whose quotes are kept as
//   text (`*(a)'*'`), and an escaped `|` splits a pattern (`a\|b`): see casePatterns.
// - The pattern operands of `${x#p}` and `${x/p/r}` are one token to the grammar, with wrong
//   edges where they hold blanks, escapes or quotes: read from the text (operand.ts).
// - `a && echo >&2 "x"`: the words of the last command are given to the list's redirection.
// What the grammar cannot parse at all (`{ …; } 0<in`, `if ! case …`, a `;` in an operand, a
// `\` at the end) is respelled before it is read (src/parse/respell.ts); `negated` says where.
//
// The lowering lives in src/shell/lower/: this file is its entry; context.ts holds one call's
// state, statements.ts the top of the recursion, and each construct's file (words, commands,
// redirects, assignments, case patterns, conditionals, arithmetic, misreads) what it lowers.

import type { SyntaxNode as Node } from "../../parse/tree.ts";
import type { Dialect, Stmt } from "../syntax.ts";
import type { LowerProblem, Lowering } from "./context.ts";
import { lowerSequence, lowerStatement, lowerSubstitutionBody } from "./statements.ts";
import { census } from "./census.ts";
import { movedContinuations } from "./continuations.ts";

/** `negated`: where a compound command starts that a respelled `!` negates (src/parse/respell.ts). */
export function lowerProgram(root: Node, readBy: Dialect = "bash",
  negated: readonly number[] = []): { readonly stmt: Stmt; readonly problems: readonly LowerProblem[] }
{
  // Node indices count from the start of the text, which the root may not (leading blanks).
  const cx: Lowering = { source: root.source, dialect: readBy, depth: 0, problems: [], loweredCode: new Set(),
    statement: lowerStatement, substitutionBody: lowerSubstitutionBody, negated: new Set(negated) };
  // A continuation the grammar misreads after `$` or `~`: the text is read again with it moved
  // where the grammar reads it as bash does (continuations.ts).
  const moved = movedContinuations(root);
  if (moved !== null) {
    return {
      stmt: { t: "reparse", text: moved, offset: root.startIndex, negate: false,
        span: { start: root.startIndex, end: root.endIndex } },
      problems: [],
    };
  }
  const stmt = lowerSequence(cx, root.children, true);
  census(cx, root, stmt);
  return { stmt, problems: cx.problems };
}
