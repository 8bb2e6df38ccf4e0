// What the CI scanner reads of a script's syntax besides the guard's verdict: the statement a
// finding stands in (its text keys the finding in a baseline, src/report/scan-fingerprint.ts)
// and the comments (which may be suppressions, scan-suppress.ts). One parse by the same pinned
// grammar the guard uses, under the bounds the scan's guard is made with (`scan --max-bytes`): a
// script the guard refuses to parse (too large, too slow) has no statements and no comments here
// either.

import type { Node, Parser } from "web-tree-sitter";
import { type ParseBounds, parseBounded } from "../parse/parse.ts";

/** A piece of the script: offsets in its text (UTF-16 code units, as the guard's spans), and the text. */
export interface Piece {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

interface ScriptSyntax {
  /** For each span asked about, in order: its statement (see statementOf), or null outside any. */
  readonly statements: readonly (Piece | null)[];
  readonly comments: readonly Piece[];
}

/** Statements that are one command: where a finding's statement is found, climbing from its word. */
const SIMPLE = new Set(["command", "declaration_command", "unset_command", "test_command", "variable_assignment",
  "variable_assignments", "negated_command"]);

/** Compound statements, whose heads hold words (`for … in WORDS`, `case WORD in`, a function's name). */
const COMPOUND = new Set(["for_statement", "c_style_for_statement", "case_statement", "while_statement", "if_statement",
  "function_definition", "subshell", "compound_statement"]);

/** Parses `text` (within `bounds`, the guard's) and finds the statement of each span. */
export function readSyntax(parser: Parser, text: string,
  spans: readonly { readonly start: number; readonly end: number }[], bounds: ParseBounds): ScriptSyntax
{
  const parsed = parseBounded(parser, text, bounds);
  if (!parsed.ok) return { statements: spans.map(() => null), comments: [] };
  const tree = parsed.tree;
  try {
    const root = tree.rootNode;
    const comments = root.descendantsOfType("comment").filter((n): n is Node => n !== null).map(piece);
    return { statements: spans.map((s) => statementOf(root, s.start, s.end)), comments };
  } finally {
    tree.delete();
  }
}

function piece(n: Node): Piece {
  return { start: n.startIndex, end: n.endIndex, text: n.text };
}

/**
 * The statement a span lies in, climbing from the smallest node that holds it: a simple
 * command with the assignments and redirections around it (`FOO=1 cat /x > /y`, wherever in it
 * the span is); for a span in a compound's head (`for f in /etc/*`), that head up to and
 * through the part that holds it; for a span in a redirection of a compound (`done < /x`),
 * that redirection alone, so that the key does not change with every line of the loop's body.
 */
function statementOf(root: Node, start: number, end: number): Piece | null {
  let n: Node | null = root.descendantForIndex(start, Math.max(start, end));
  let child: Node | null = null;
  while (n !== null && !SIMPLE.has(n.type) && !COMPOUND.has(n.type) && n.type !== "redirected_statement") {
    child = n;
    n = n.parent;
  }
  if (n === null) return null;
  if (SIMPLE.has(n.type)) {
    while (n.parent !== null && (SIMPLE.has(n.parent.type) || n.parent.type === "redirected_statement")) n = n.parent;
    return piece(n);
  }
  // The span is the whole compound (nothing narrower holds it).
  if (child === null) return piece(n);
  if (n.type === "redirected_statement") {
    const body = n.childForFieldName("body");
    // The span is in a redirection: of a simple command, the whole statement; of a compound, that redirection.
    if (body === null || SIMPLE.has(body.type)) return piece(n);
    return piece(child);
  }
  return headOf(n, child ?? n);
}

/** A compound's text from its start through the part (a direct child) that holds the span. */
function headOf(n: Node, part: Node): Piece {
  return { start: n.startIndex, end: part.endIndex, text: n.text.slice(0, part.endIndex - n.startIndex) };
}
