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
// - Some case alternatives are one extglob_pattern (`\ |a`, `[|b`), whose quotes are kept as
//   text (`*(a)'*'`), and an escaped `|` splits a pattern (`a\|b`): see casePatterns.

import type { SyntaxNode as Node } from "../parse/tree.ts";
import type { Assign, CaseItem, Dialect, ParamExpansion, ParamOp, Redir, RedirOp, Stmt, Word, WordPart } from "./syntax.ts";
import type { Span } from "../span.ts";
import { decodeAnsiC, unescapeDoubleQuoted } from "./escapes.ts";
import { referencedNames } from "./arithmetic.ts";
import { walkStmt } from "./walk.ts";
import { HIDDEN_CODE, OPERAND_TOKEN_KINDS } from "../parse/node-kinds.ts";

/** How deep the lowering may go; past it the rest is refused (a 10 000-deep `$(` would overflow the stack). */
const MAX_DEPTH = 200;

/** Where the lowering found the grammar's tree wrong: reported whether or not that code runs. */
interface LowerProblem {
  readonly span: Span;
  readonly why: string;
  readonly code: "PARSE_ERROR" | "NESTING_TOO_DEEP" | "UNMODELLED_SYNTAX";
}

/**
 * One lowering call's state, made by lowerProgram and passed to every step: nothing lives
 * between calls, so lowering is re-entrant (a lowering may start another, and two may run in
 * turn without either seeing the other's problems).
 */
interface Lowering {
  /** The text being lowered, to look between nodes (node indices count from its start). */
  readonly source: string;
  /** The shell that reads the code being lowered. */
  readonly dialect: Dialect;
  /** How deep the lowering is: statements and word parts nested in each other. */
  depth: number;
  readonly problems: LowerProblem[];
  /** Where code nodes (CODE_KINDS) were lowered into statements that carry no span of their own. */
  readonly loweredCode: Set<number>;
}

function problem(cx: Lowering, n: Node, why: string, code: LowerProblem["code"] = "PARSE_ERROR"): void {
  if (cx.problems.length < 16) cx.problems.push({ span: span(n), why, code });
}

export function lowerProgram(root: Node, readBy: Dialect = "bash"): { readonly stmt: Stmt; readonly problems: readonly LowerProblem[] } {
  // Node indices count from the start of the text, which the root may not (leading blanks).
  const cx: Lowering = { source: root.source, dialect: readBy, depth: 0, problems: [], loweredCode: new Set() };
  const stmt = lowerSequence(cx, root.children, true);
  census(cx, root, stmt);
  return { stmt, problems: cx.problems };
}

/**
 * The lowering's own coverage check: every node is of a kind the grammar's node-types.json
 * lists, and every piece of code in the tree (a command or process substitution, arithmetic)
 * became something the interpreter runs — a part or statement of its own — or lies inside
 * cx.source the lowering refused or defers (a parse problem, a bad part, text parsed again later).
 * Anything else was dropped: UNMODELLED_SYNTAX, whether or not that code would run.
 */
function census(cx: Lowering, root: Node, stmt: Stmt): void {
  const seen = root.census;
  if (!seen) {
    cx.problems.push({ span: span(root), why: "a tree copied without its census", code: "UNMODELLED_SYNTAX" });
    return;
  }
  for (const n of seen.unknownKinds) cx.problems.push({ span: span(n), why: `a ${JSON.stringify(n.type)} node, which the guard does not know`, code: "UNMODELLED_SYNTAX" });
  if (seen.code.length === 0) return;
  const starts = new Set(cx.loweredCode);
  const ranges: Span[] = cx.problems.map((p) => p.span);
  collectLowered(stmt, starts, ranges);
  for (const n of seen.code) {
    if (starts.has(n.startIndex) || ranges.some((r) => r.start <= n.startIndex && n.startIndex < r.end)) continue;
    cx.problems.push({ span: span(n), why: `code (${n.type}) the lowering did not keep`, code: "UNMODELLED_SYNTAX" });
  }
}

/** Starts of the code parts a lowered program holds, and the ranges it defers or refuses. */
function collectLowered(root: Stmt, starts: Set<number>, ranges: Span[]): void {
  walkStmt(root, {
    stmt: (s) => (s.t === "reparse" || s.t === "bad") && ranges.push(s.span),
    part: (p) => {
      if (p.t === "cmdsub" || p.t === "procsub" || p.t === "arith") starts.add(p.span.start);
      else if (p.t === "code" || p.t === "bad") ranges.push(p.span);
    },
  });
}

/** Two nodes are one shell word when nothing separates them but line continuations. */
function touching(cx: Lowering, a: Node, b: Node): boolean {
  if (a.endIndex === b.startIndex) return true;
  if (b.startIndex < a.endIndex) return false;
  return /^(\\\n)+$/.test(cx.source.slice(a.endIndex, b.startIndex));
}

function span(n: Node): Span {
  return { start: n.startIndex, end: n.endIndex };
}

function bad(n: Node, why: string): Stmt {
  return { t: "bad", why, span: span(n) };
}

const STATEMENT_TYPES = new Set([
  "c_style_for_statement", "case_statement", "command", "compound_statement", "declaration_command",
  "for_statement", "function_definition", "if_statement", "list", "negated_command", "pipeline",
  "redirected_statement", "subshell", "test_command", "unset_command", "variable_assignment",
  "variable_assignments", "while_statement", "ERROR",
]);

/** Words that are only keywords in command position; tree-sitter reads some as command names. */
const RESERVED = new Set(["{", "}", "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "select", "function", "[[", "]]", "!", "time", "coproc", "(", ")"]);

const ASSIGNMENT_WORD = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;

/**
 * `! { …; }`, `! if …`, `time { …; }`, `time ! …`, `time X=1 cmd`: tree-sitter-bash reads the keyword after `!`
 * or `time` as a command name and splits the compound command across the statements that
 * follow. Returns the cx.source offset where the misread part starts (after the `!` or `time`),
 * and whether it was negated; null when the statement was read correctly.
 */
function misreadKeyword(n: Node): { from: number; negate: boolean } | null {
  let cur: Node = n;
  let negate = false;
  // Only the first pipeline of a list can start with the keyword.
  while (cur.type === "list" || cur.type === "pipeline" || cur.type === "redirected_statement") {
    const first = cur.type === "redirected_statement" ? cur.childForFieldName("body") : cur.namedChildren.find((c) => c !== null && c.type !== "comment");
    if (!first) return null;
    cur = first;
  }
  if (cur.type === "negated_command") {
    const inner = cur.namedChildren.find((c) => c !== null);
    if (inner?.type !== "command") return null;
    const name = inner.childForFieldName("name");
    if (!name || !RESERVED.has(name.text)) return null;
    negate = true;
    return { from: cur.children[0]!.endIndex, negate };
  }
  if (cur.type === "command") {
    const name = cur.childForFieldName("name");
    const args = cur.childrenForFieldName("argument");
    // `time [-p] NAME=value cmd`: the keyword times a pipeline whose command has assignments;
    // the grammar reads NAME=value as the program `time` runs.
    const skip = args[0]?.text === "-p" ? 1 : 0;
    const firstArg = args[skip];
    if (name?.text === "time" && firstArg && (RESERVED.has(firstArg.text) || ASSIGNMENT_WORD.test(firstArg.text))) return { from: skip ? args[0]!.endIndex : name.endIndex, negate: false };
  }
  return null;
}

/** A here-document starts before `at`: the newline there may end its first line, not a command. */
function hasHeredocBefore(n: Node, at: number): boolean {
  // Iterative: trees can be 10 000 levels deep.
  const stack = [n];
  while (stack.length) {
    const x = stack.pop()!;
    if (x.type === "heredoc_redirect" && x.startIndex < at) return true;
    for (const c of x.children) if (c.startIndex < at) stack.push(c);
  }
  return false;
}

/** An unquoted newline inside a word (`echo hi⏎\rm x`): where the grammar joined two lines; -1 if none. */
function gluedNewline(cx: Lowering, root: Node): number {
  // The statement's own text, not the rest of the cx.source: indexOf would scan to its end.
  if (!cx.source.slice(root.startIndex, root.endIndex).includes("\n")) return -1;
  // Iterative, in cx.source order: trees can be 10 000 levels deep.
  const stack = [root];
  let first = -1;
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === "word") {
      const m = /(^|[^\\])\n/.exec(n.text);
      if (m) {
        const at = n.startIndex + m.index + m[1]!.length;
        if (first < 0 || at < first) first = at;
      }
      continue;
    }
    if (n.type === "string" || n.type === "raw_string" || n.type === "ansi_c_string" || n.type === "heredoc_body" || n.type === "heredoc_redirect") continue;
    let prevEnd = -1;
    for (const c of n.children) {
      // Between the words of one command there is only blank space: a newline there that is
      // not a line continuation (`echo hi⏎\⏎rm x`) ends the command in bash.
      if (n.type === "command" && prevEnd >= 0 && c.startIndex > prevEnd) {
        const m = /(^|[^\\])\n/.exec(cx.source.slice(prevEnd, c.startIndex));
        if (m) {
          const at = prevEnd + m.index + m[1]!.length;
          if (first < 0 || at < first) first = at;
        }
      }
      prevEnd = c.endIndex;
      stack.push(c);
    }
  }
  return first;
}

/** A run of statements separated by `;`, `&` or newlines. A statement followed by `&` runs in the background. */
function lowerSequence(cx: Lowering, children: readonly (Node | null)[], top = false): Stmt {
  const items: Stmt[] = [];
  for (let i = 0; i < children.length; i++) {
    const c = children[i];
    if (!c) continue;
    if (top && c.isNamed && c.type !== "comment" && c.type !== "heredoc_body") {
      const nl = gluedNewline(cx, c);
      if (nl >= 0 && !hasHeredocBefore(c, nl)) {
        // The grammar joined the next line to this command. A newline between commands is a
        // `;`: read the rest again with one there (the same length, so spans still hold).
        const last = children.filter((x): x is Node => x !== null).at(-1)!;
        const text = cx.source.slice(c.startIndex, nl) + ";" + cx.source.slice(nl + 1, last.endIndex);
        items.push({ t: "reparse", text, offset: c.startIndex, negate: false, span: { start: c.startIndex, end: last.endIndex } });
        break;
      }
      const mis = misreadKeyword(c);
      if (mis) {
        // At the top level the misread runs to the end of the input: read all of it again.
        // (Deeper, the grammar has also closed the enclosing construct early: that is a
        // parse error, reported by lowerCommand.)
        const last = children.filter((x): x is Node => x !== null).at(-1)!;
        const text = cx.source.slice(mis.from, last.endIndex);
        items.push({ t: "reparse", text, offset: mis.from, negate: mis.negate, span: { start: c.startIndex, end: last.endIndex } });
        break;
      }
    }
    if (c.type === "comment" || c.type === "heredoc_body" || !c.isNamed) {
      if (c.type === "heredoc_body") continue;
      continue;
    }
    let s = lowerStatement(cx, c);
    const next = children[i + 1];
    if (next && !next.isNamed && next.type === "&") s = { t: "bg", body: s };
    items.push(s);
  }
  if (items.length === 0) return { t: "empty" };
  if (items.length === 1) return items[0]!;
  return { t: "seq", items };
}

function lowerStatement(cx: Lowering, n: Node): Stmt {
  if (n.isMissing) return bad(n, "missing syntax");
  if (cx.depth >= MAX_DEPTH) {
    problem(cx, n, `nesting deeper than ${MAX_DEPTH} levels`, "NESTING_TOO_DEEP");
    return bad(n, `nesting deeper than ${MAX_DEPTH} levels`);
  }
  cx.depth++;
  try {
    return lowerStatementAt(cx, n);
  } finally {
    cx.depth--;
  }
}

function lowerStatementAt(cx: Lowering, n: Node): Stmt {
  switch (n.type) {
    case "command":
      return lowerCommand(cx, n, []);
    case "redirected_statement":
      return lowerRedirected(cx, n);
    case "list":
      return lowerList(cx, n);
    case "pipeline":
      return lowerPipeline(cx, n);
    case "negated_command": {
      const body = n.namedChildren.find((c) => c !== null && c.type !== "comment");
      return { t: "not", body: body ? lowerStatement(cx, body) : bad(n, "empty negation") };
    }
    case "subshell":
      return { t: "subshell", body: lowerSequence(cx, innerChildren(n)) };
    case "compound_statement":
      if (n.text.startsWith("((")) return arithmeticCommand(cx, n);
      return { t: "group", body: lowerSequence(cx, innerChildren(n)) };
    case "if_statement":
      return lowerIf(cx, n);
    case "while_statement":
      return lowerWhile(cx, n);
    case "for_statement":
      return lowerFor(cx, n);
    case "c_style_for_statement":
      return lowerCFor(cx, n);
    case "case_statement":
      return lowerCase(cx, n);
    case "function_definition":
      return lowerFunction(cx, n);
    case "test_command":
      return lowerTest(cx, n);
    case "declaration_command":
    case "unset_command":
      return lowerDeclaration(cx, n);
    case "variable_assignment": {
      const a = lowerAssign(cx, n);
      return { t: "cmd", assigns: [a], words: [], redirs: [], span: span(n) };
    }
    case "variable_assignments": {
      const kids = n.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
      const assigns: Assign[] = [];
      for (let i = 0; i < kids.length; i++) {
        if (kids[i]!.type !== "variable_assignment") continue;
        const { glued, count } = gluedToAssignment(kids, i);
        assigns.push(lowerAssign(cx, kids[i]!, glued));
        i += count;
      }
      return { t: "cmd", assigns, words: [], redirs: [], span: span(n) };
    }
    case "ERROR":
      return bad(n, "unparseable input");
    default:
      return bad(n, `unexpected ${n.type}`);
  }
}

/** Children between the opening and closing tokens of ( … ), { … }, do … done. */
function innerChildren(n: Node): (Node | null)[] {
  return n.children.filter((c) => c !== null && (c.isNamed || c.type === "&"));
}

function lowerList(cx: Lowering, n: Node): Stmt {
  const named = n.children.filter((c): c is Node => c !== null && c.isNamed && c.type !== "comment");
  const op = n.children.find((c) => c !== null && !c.isNamed && (c.type === "&&" || c.type === "||"));
  if (named.length !== 2 || !op) return bad(n, "malformed list");
  return { t: op.type === "&&" ? "and" : "or", left: lowerStatement(cx, named[0]!), right: lowerStatement(cx, named[1]!) };
}

function lowerPipeline(cx: Lowering, n: Node): Stmt {
  const items = n.children
    .filter((c): c is Node => c !== null && c.isNamed && c.type !== "comment")
    .map((c) => lowerStatement(cx, c));
  if (items.length === 1) return items[0]!;
  // `! a | b`: the grammar negates `a`; bash negates the whole pipeline's status.
  const first = items[0]!;
  if (first.t === "not") return { t: "not", body: pipeAfterList(first.body, items.slice(1)) };
  return pipeAfterList(first, items.slice(1));
}

/**
 * `a && b >x | c` is a pipeline whose first element is the list `a && b` to the grammar (the
 * redirection pulls the list in); `|` binds tighter in bash: `a && (b >x | c)`. The pipe takes
 * the list's last command, and the list keeps its operators and status.
 */
function pipeAfterList(first: Stmt, rest: Stmt[]): Stmt {
  if (first.t === "and" || first.t === "or") return { ...first, right: pipeAfterList(first.right, rest) };
  return { t: "pipe", items: [first, ...rest] };
}

function arithmeticCommand(cx: Lowering, n: Node): Stmt {
  return { t: "test", words: [], inner: substitutionsIn(cx, n), assigned: arithAssigned(n), names: arithNames(cx, n), exprs: [], varNames: [], span: span(n) };
}

/**
 * The variables an arithmetic expression names, literally or as `$x`: the cx.source with its
 * command substitutions blanked out (they are analysed as commands of their own).
 */
function arithNames(cx: Lowering, n: Node): string[] {
  let text = cx.source.slice(n.startIndex, n.endIndex);
  const stack = [n];
  while (stack.length) {
    for (const c of stack.pop()!.children) {
      if (c.type === "command_substitution" || c.type === "process_substitution") {
        const a = c.startIndex - n.startIndex;
        text = text.slice(0, a) + " ".repeat(c.endIndex - c.startIndex) + text.slice(c.endIndex - n.startIndex);
      } else stack.push(c);
    }
  }
  return referencedNames(text);
}

const ARITH_ASSIGN = new Set(["=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "^=", "|=", "**="]);

/** Variables an arithmetic expression assigns (`i=0`, `i++`, `n+=2`): they become numbers. */
function arithAssigned(n: Node): string[] {
  const out = new Set<string>();
  const visit = (x: Node) => {
    if (x.type === "variable_assignment") {
      const name = x.childForFieldName("name");
      if (name) out.add(name.text.replace(/\[.*$/, ""));
    } else if (x.type === "binary_expression") {
      const op = x.childForFieldName("operator");
      const left = x.childForFieldName("left");
      if (op && left && ARITH_ASSIGN.has(op.type)) out.add(left.text.replace(/^\$/, "").replace(/\[.*$/, ""));
    } else if (x.type === "postfix_expression" || x.type === "unary_expression") {
      const op = x.children.find((c) => c !== null && (c.type === "++" || c.type === "--"));
      const operand = x.namedChildren.find((c) => c !== null);
      if (op && operand) out.add(operand.text.replace(/^\$/, "").replace(/\[.*$/, ""));
    }
    for (const c of x.children) if (c) visit(c);
  };
  visit(n);
  return [...out].filter((v) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(v));
}

function lowerIf(cx: Lowering, n: Node): Stmt {
  // if C; then B; [elif C; then B;]... [else B;] fi — split on the `then` tokens.
  const branches: { cond: Stmt; body: Stmt }[] = [];
  let orelse: Stmt | null = null;
  let cond: (Node | null)[] = [];
  let body: (Node | null)[] = [];
  let inBody = false;
  const flush = () => {
    if (cond.length || body.length) branches.push({ cond: lowerSequence(cx, cond), body: lowerSequence(cx, body) });
    cond = [];
    body = [];
    inBody = false;
  };
  for (const c of n.children) {
    if (!c) continue;
    if (!c.isNamed) {
      if (c.type === "then") inBody = true;
      if (c.type === "&") (inBody ? body : cond).push(c);
      continue;
    }
    if (c.type === "elif_clause") {
      flush();
      for (const e of c.children) {
        if (!e) continue;
        if (!e.isNamed) {
          if (e.type === "then") inBody = true;
          if (e.type === "&") (inBody ? body : cond).push(e);
          continue;
        }
        (inBody ? body : cond).push(e);
      }
      continue;
    }
    if (c.type === "else_clause") {
      flush();
      orelse = lowerSequence(cx, innerChildren(c));
      continue;
    }
    (inBody ? body : cond).push(c);
  }
  flush();
  if (branches.length === 0) return bad(n, "malformed if");
  return { t: "if", branches, orelse };
}

function lowerWhile(cx: Lowering, n: Node): Stmt {
  const until = n.children[0]?.type === "until";
  const cond: (Node | null)[] = [];
  let body: Stmt = { t: "empty" };
  for (const c of n.children) {
    if (!c) continue;
    if (c.type === "do_group") body = lowerSequence(cx, innerChildren(c));
    else if (c.isNamed || c.type === "&") cond.push(c);
  }
  return { t: "while", until, cond: lowerSequence(cx, cond), body };
}

function lowerFor(cx: Lowering, n: Node): Stmt {
  const v = n.childForFieldName("variable");
  const bodyNode = n.childForFieldName("body");
  const valueNodes = n.childrenForFieldName("value").filter((c): c is Node => c !== null);
  const hasIn = n.children.some((c) => c !== null && !c.isNamed && c.type === "in");
  const body = bodyNode ? lowerSequence(cx, innerChildren(bodyNode)) : bad(n, "for without body");
  if (!v) return bad(n, "for without variable");
  return { t: "for", name: v.text, values: hasIn ? wordsFromNodes(cx, valueNodes) : null, body, span: span(n) };
}

function lowerCFor(cx: Lowering, n: Node): Stmt {
  const bodyNode = n.childForFieldName("body");
  const body = bodyNode ? lowerSequence(cx, innerChildren(bodyNode)) : bad(n, "for without body");
  const inner: Stmt[] = [];
  const assigned: string[] = [];
  const names: string[] = [];
  for (const c of n.children) {
    if (!c || c.id === bodyNode?.id) continue;
    inner.push(...substitutionsIn(cx, c));
    assigned.push(...arithAssigned(c));
    // Only the expressions: `for`, `((`, `;` and `))` are tokens.
    if (c.isNamed) names.push(...arithNames(cx, c));
  }
  return { t: "cfor", inner, assigned, names, body, span: span(n) };
}

function lowerCase(cx: Lowering, n: Node): Stmt {
  const valueNode = n.childForFieldName("value");
  if (!valueNode) return bad(n, "case without a word");
  const items: CaseItem[] = [];
  for (const c of n.namedChildren) {
    if (!c || c.type !== "case_item") continue;
    const patterns = casePatterns(cx, c.childrenForFieldName("value").filter((x): x is Node => x !== null));
    const stmts = c.children.filter(
      (x) => x !== null && (x.type === "&" || (x.isNamed && STATEMENT_TYPES.has(x.type))) && !c.childrenForFieldName("value").some((v) => v?.id === x.id),
    );
    const term = c.children.find((x) => x !== null && !x.isNamed && (x.type === ";;" || x.type === ";&" || x.type === ";;&"));
    const fallthrough = term?.type === ";&" ? "next" : term?.type === ";;&" ? "test" : "break";
    items.push({ patterns, body: lowerSequence(cx, stmts), fallthrough });
  }
  return { t: "case", word: wordFromNodes(cx, [valueNode]), items };
}

/**
 * The patterns of one case item. tree-sitter reads some alternatives as one extglob_pattern
 * (`\\ |a`, `[|b`) and keeps the quotes inside one as text (`*(a)'*'`): such a node is read
 * again here, split at each unquoted `|` outside extglob parentheses as bash's parser does (a
 * bracket does not protect it: `[|b]` is `[` or `b]`), with its quotes removed.
 */
function casePatterns(cx: Lowering, nodes: readonly Node[]): Word[] {
  if (!nodes.some((n) => (n.type === "extglob_pattern" && /[|'"`$]/.test(n.text)) || escapedBar(cx, n))) return wordsFromNodes(cx, nodes);
  const out: Word[] = [];
  let parts: WordPart[] = [];
  let text = "";
  let start = -1;
  let end = -1;
  const flush = () => {
    if (start >= 0) out.push({ parts, span: { start, end }, text });
    parts = [];
    text = "";
    start = -1;
  };
  let prev: Node | null = null;
  for (const n of nodes) {
    // `a\|b` is one pattern to bash; the grammar ends a node at `a\` and takes `|` as a separator.
    const joined = prev !== null && escapedBar(cx, prev) && n.startIndex === prev.endIndex + 1;
    if (prev && !touching(cx, prev, n) && !joined) flush();
    prev = n;
    const pieces = caseNodePieces(cx, n);
    pieces.forEach((piece, k) => {
      if (k > 0) flush();
      if (start < 0) start = piece.start;
      end = piece.end;
      parts.push(...piece.parts);
      text += cx.source.slice(piece.start, piece.end);
    });
  }
  flush();
  return out;
}

/** A node that ends in an unescaped backslash right before a `|`: the `|` is quoted. */
function escapedBar(cx: Lowering, n: Node): boolean {
  return cx.source[n.endIndex] === "|" && /(^|[^\\])(\\\\)*\\$/.test(n.text);
}

function caseNodePieces(cx: Lowering, n: Node): PatternPiece[] {
  const whole = { start: n.startIndex, end: n.endIndex };
  if (escapedBar(cx, n)) {
    if (n.type !== "extglob_pattern" && n.type !== "word") return [{ parts: [{ t: "bad", why: "an escaped | the guard does not read", span: whole }], ...whole }];
    const pieces = lexCasePattern(cx, n, n.text.slice(0, -1));
    const last = pieces[pieces.length - 1]!;
    pieces[pieces.length - 1] = { parts: [...last.parts, { t: "lit", text: "|" }], start: last.start, end: last.end + 2 };
    return pieces;
  }
  return n.type === "extglob_pattern" ? lexCasePattern(cx, n, n.text) : [{ parts: partsOf(cx, n, false), ...whole }];
}

interface PatternPiece {
  readonly parts: WordPart[];
  readonly start: number;
  readonly end: number;
}

/** An extglob_pattern's text as bash reads it: alternatives, quotes, `$name`. */
function lexCasePattern(cx: Lowering, n: Node, t: string): PatternPiece[] {
  const base = n.startIndex;
  const pieces: PatternPiece[] = [];
  let parts: WordPart[] = [];
  let raw = "";
  let rawAt = 0;
  let pieceAt = 0;
  let depth = 0;
  const flushRaw = (at: number) => {
    // A substitution in the text is not read here: the pattern is unknown, not misread.
    if (/\$[({]/.test(raw.replace(/\\[\s\S]/g, ""))) parts.push({ t: "bad", why: "a substitution inside an extglob case pattern", span: { start: base + rawAt, end: base + at } });
    else if (raw) parts.push(...textParts(raw, false, { start: base + rawAt, end: base + at }));
    raw = "";
    rawAt = at;
  };
  // The closing quote; a backslash escapes inside "…" and $'…', not inside '…'.
  const quotedEnd = (from: number, q: string, escapes: boolean): number => {
    for (let j = from; j < t.length; j++) {
      if (t[j] === "\\" && escapes) j++;
      else if (t[j] === q) return j;
    }
    return -1;
  };
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (c === "\\") {
      raw += t.slice(i, i + 2);
      i++;
      continue;
    }
    const ansi = c === "$" && t[i + 1] === "'";
    if (c === "'" || c === '"' || ansi || c === "`") {
      flushRaw(i);
      const open = ansi ? i + 2 : i + 1;
      const close = c === "`" ? -1 : quotedEnd(open, ansi ? "'" : c, c !== "'");
      const inner = close < 0 ? "" : t.slice(open, close);
      let part: WordPart | null = null;
      if (close >= 0 && c === "'") part = { t: "lit", text: inner };
      else if (close >= 0 && c === '"' && !/[$`]/.test(inner)) part = { t: "lit", text: unescapeDoubleQuoted(inner) };
      else if (close >= 0 && ansi) {
        if (cx.dialect === "sh") dialectProblem(cx, n, "$'…'");
        const decoded = decodeAnsiC(inner);
        if (decoded !== null) part = { t: "lit", text: decoded };
      }
      const stop = close < 0 ? t.length : close + 1;
      parts.push(part ?? { t: "bad", why: "quoting inside an extglob case pattern the guard does not read", span: { start: base + i, end: base + stop } });
      i = stop - 1;
      rawAt = stop;
      continue;
    }
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      flushRaw(i);
      pieces.push({ parts: parts.length ? parts : [{ t: "lit", text: "" }], start: base + pieceAt, end: base + i });
      parts = [];
      pieceAt = rawAt = i + 1;
      continue;
    }
    raw += c;
  }
  flushRaw(t.length);
  pieces.push({ parts: parts.length ? parts : [{ t: "lit", text: "" }], start: base + pieceAt, end: base + t.length });
  return pieces;
}

function lowerFunction(cx: Lowering, n: Node): Stmt {
  const name = n.childForFieldName("name");
  const bodyNode = n.childForFieldName("body");
  if (!name || !bodyNode) return bad(n, "malformed function");
  let body = lowerStatement(cx, bodyNode);
  const redirs = n.childrenForFieldName("redirect").filter((c): c is Node => c !== null);
  if (redirs.length) body = { t: "redir", body, redirs: redirs.map((r) => lowerRedirect(cx, r).redir) };
  return { t: "func", name: name.text, body, span: span(n) };
}

const FILE_TEST_OPS = new Set(["-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-p", "-r", "-s", "-u", "-w", "-x", "-G", "-L", "-N", "-O", "-S"]);

function lowerTest(cx: Lowering, n: Node): Stmt {
  // [[ … ]]: expand every operand (their substitutions run); the operands of file tests are
  // reported as reads so that `[[ -f ~/.ssh/id_rsa ]]` is judged like `test -f`.
  const words: Word[] = [];
  const exprs: Word[] = [];
  const varNames: Word[] = [];
  // `[[` evaluates the operands of -eq as arithmetic; `[` (test) takes integers only.
  const doubleBracket = n.children[0]?.type === "[[";
  const visit = (x: Node) => {
    if (x.type === "binary_expression") {
      const op = x.childForFieldName("operator");
      if (doubleBracket && op && ARITH_TEST_OPS.has(op.text)) {
        for (const side of [x.childForFieldName("left"), x.childForFieldName("right")]) if (side) exprs.push(wordFromNodes(cx, [side]));
      }
    }
    if (x.type === "unary_expression") {
      const op = x.children[0];
      const operand = x.namedChildren.find((c) => c !== null && c.type !== "test_operator");
      if (op?.text === "-v" && operand) varNames.push(wordFromNodes(cx, [operand]));
      if (op && FILE_TEST_OPS.has(op.text) && operand) {
        // tree-sitter reads `~/x` here as the unary operator `~`; it is a word.
        if (operand.type === "unary_expression" && operand.children[0]?.type === "~") {
          words.push({ parts: [{ t: "raw", text: operand.text }], span: span(operand), text: operand.text });
        } else words.push(wordFromNodes(cx, [operand]));
        return;
      }
    }
    for (const c of x.namedChildren) if (c) visit(c);
  };
  for (const c of n.namedChildren) if (c) visit(c);
  return { t: "test", words, inner: substitutionsIn(cx, n), assigned: [], names: [], exprs, varNames, span: span(n) };
}

/** `[[ a -eq b ]]` evaluates both operands as arithmetic. */
const ARITH_TEST_OPS = new Set(["-eq", "-ne", "-lt", "-le", "-gt", "-ge"]);

/**
 * Every command substitution nested anywhere under a node, lowered as statements to analyse,
 * and the code hidden in operand tokens (HIDDEN_CODE), parsed again in a subshell of its own.
 */
function substitutionsIn(cx: Lowering, n: Node): Stmt[] {
  const out: Stmt[] = [];
  const visit = (x: Node, parent: Node | null) => {
    if (x.type === "command_substitution" || x.type === "process_substitution") {
      cx.loweredCode.add(x.startIndex);
      out.push({ t: "subshell", body: lowerSubstitutionBody(cx, x) });
      return;
    }
    if (parent?.type === "expansion" && OPERAND_TOKEN_KINDS.has(x.type) && HIDDEN_CODE.test(x.text)) {
      const text = `(${hiddenCodeText(x)})`;
      // Spans of the reparsed text count from `offset`: the token's own text lines up.
      out.push({ t: "reparse", text, offset: x.startIndex - (text.length - x.text.length - 1), negate: false, span: span(x) });
      return;
    }
    for (const c of x.children) if (c) visit(c, x);
  };
  visit(n, null);
  return out;
}

/** Shell code that expands a token's text as a word: after "", so a leading # is no comment. */
function hiddenCodeText(x: Node): string {
  return `: ""${x.text}`;
}

function lowerDeclaration(cx: Lowering, n: Node): Stmt {
  // declare/typeset/export/readonly/local/unset: keep them as commands whose words the
  // interpreter reads like bash's builtins do; assignments keep their structure.
  const words: Word[] = [];
  const kw = n.children[0];
  if (!kw) return bad(n, "empty declaration");
  words.push({ parts: [{ t: "raw", text: kw.text }], span: span(kw), text: kw.text });
  const rest = n.children.slice(1).filter((c): c is Node => c !== null && c.type !== "comment");
  let group: Node[] = [];
  const flush = () => {
    if (group.length) words.push(wordFromNodes(cx, group));
    group = [];
  };
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i]!;
    if (c.type === "variable_assignment") {
      flush();
      const { glued, count } = gluedToAssignment(rest, i);
      words.push(assignmentWord(cx, c, glued));
      i += count;
      continue;
    }
    if (group.length && !touching(cx, group[group.length - 1]!, c)) flush();
    group.push(c);
  }
  flush();
  return { t: "cmd", assigns: [], words, redirs: [], span: span(n) };
}

/** An assignment given as an argument (`export A=~/x`), kept as a word that carries its parts. */
function assignmentWord(cx: Lowering, n: Node, glued: readonly Node[]): Word {
  const a = lowerAssign(cx, n, glued);
  return { parts: [], span: a.span, text: cx.source.slice(a.span.start, a.span.end), assign: a };
}

/** Nodes that can be part of a word (not redirections, assignments or statements). */
const WORD_PART_TYPES = new Set([
  "word", "raw_string", "string", "ansi_c_string", "translated_string", "simple_expansion", "expansion", "command_substitution",
  "arithmetic_expansion", "process_substitution", "concatenation", "number", "brace_expression",
]);

/**
 * The nodes that go on an assignment's value: the grammar ends `D='d'\ir` at the quote and
 * makes `\ir` a word of its own (the command's name, or another declaration argument), where
 * bash reads one word `D=dir`. `nodes[from]` is the assignment; returns how many nodes after
 * it touch it, with a command name's children standing for the name.
 */
function gluedToAssignment(nodes: readonly Node[], from: number): { glued: Node[]; count: number } {
  const glued: Node[] = [];
  let end = nodes[from]!.endIndex;
  let count = 0;
  for (let i = from + 1; i < nodes.length; i++) {
    const next = nodes[i]!;
    if (next.startIndex !== end || !(next.type === "command_name" || WORD_PART_TYPES.has(next.type))) break;
    if (next.type === "command_name") glued.push(...next.children.filter((c): c is Node => c !== null));
    else glued.push(next);
    end = next.endIndex;
    count++;
  }
  return { glued, count };
}

function lowerAssign(cx: Lowering, n: Node, glued: readonly Node[] = []): Assign {
  const nameNode = n.childForFieldName("name");
  let name = nameNode?.text ?? "";
  let index: Word | null = null;
  if (nameNode?.type === "subscript") {
    name = nameNode.childForFieldName("name")?.text ?? "";
    const idx = nameNode.childForFieldName("index");
    index = idx ? wordFromNodes(cx, [idx]) : null;
  }
  const append = n.children.some((c) => c !== null && !c.isNamed && c.type === "+=");
  const valueNodes = n.childrenForFieldName("value").filter((c): c is Node => c !== null);
  // The value may continue past the `value` field (tree-sitter splits `a=$"x"` and `a=b$c`
  // in places); take every node after the operator up to the end of the assignment.
  const op = n.children.find((c) => c !== null && !c.isNamed && (c.type === "=" || c.type === "+="));
  const after = [...(op ? n.children.filter((c): c is Node => c !== null && c.startIndex >= op.endIndex) : valueNodes), ...glued];
  const whole = glued.length ? { start: n.startIndex, end: glued[glued.length - 1]!.endIndex } : span(n);
  if (after.length === 1 && after[0]!.type === "array") {
    const elems = after[0]!.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
    return { name, index, append, value: null, array: wordsFromNodes(cx, elems), span: whole };
  }
  const start = op ? op.endIndex : n.endIndex;
  const value = after.length ? wordFromNodes(cx, after, start) : { parts: [], span: { start, end: start }, text: "" };
  return { name, index, append, value, array: null, span: whole };
}

// ---------------------------------------------------------------------------------------
// Commands and redirections

interface CommandPiece {
  readonly node: Node;
  readonly start: number;
}

/** Keywords that are never command names: a command named so is the grammar misreading bash. */
const KEYWORD_NAMES = new Set(["{", "}", "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "select", "function", "[[", "]]", "coproc"]);

function lowerCommand(cx: Lowering, n: Node, outerRedirs: readonly Node[]): Stmt {
  const nameNode = n.childForFieldName("name");
  const firstArg = n.childrenForFieldName("argument")[0];
  if (nameNode && (KEYWORD_NAMES.has(nameNode.text) || (nameNode.text === "time" && firstArg && (KEYWORD_NAMES.has(firstArg.text) || firstArg.text === "!")))) {
    problem(cx, n, `the keyword ${nameNode.text === "time" ? firstArg!.text : nameNode.text} where the grammar expects a command`);
    return { t: "seq", items: [bad(n, `the keyword ${nameNode.text === "time" ? firstArg!.text : nameNode.text} where the grammar expects a command`), lowerCommandAt(cx, n, outerRedirs)] };
  }
  if (nameNode?.text === "time") {
    // `time [-p] NAME=value cmd` below the top level (in a group, a body, a pipeline): the
    // grammar reads NAME=value as the program `time` runs; bash's keyword times `cmd` with the
    // assignment. Read the rest of the command, its redirections included, again on its own.
    const args = n.childrenForFieldName("argument");
    const skip = args[0]?.text === "-p" ? 1 : 0;
    const first = args[skip];
    if (first && ASSIGNMENT_WORD.test(first.text)) {
      const from = skip ? args[0]!.endIndex : nameNode.endIndex;
      if (outerRedirs.some((r) => r.type === "heredoc_redirect" || r.startIndex < from)) {
        problem(cx, n, "time with an assignment and a redirection the guard cannot place");
        return bad(n, "time with an assignment and a redirection the guard cannot place");
      }
      const end = Math.max(n.endIndex, ...outerRedirs.map((r) => r.endIndex));
      return { t: "reparse", text: cx.source.slice(from, end), offset: from, negate: false, span: { start: n.startIndex, end } };
    }
  }
  return lowerCommandAt(cx, n, outerRedirs);
}

function lowerCommandAt(cx: Lowering, n: Node, outerRedirs: readonly Node[]): Stmt {
  droppedText(cx, n);
  const assigns: Assign[] = [];
  const wordNodes: CommandPiece[] = [];
  const redirs: { redir: Redir; start: number }[] = [];
  let sawName = false;
  let bad_: Stmt | null = null;
  const takeRedirect = (r: Node) => {
    const { redir, extra } = lowerRedirect(cx, r);
    redirs.push({ redir, start: r.startIndex });
    for (const e of extra) wordNodes.push({ node: e, start: e.startIndex });
  };
  const kids = n.children.filter((c): c is Node => c !== null && c.type !== "comment");
  for (let i = 0; i < kids.length; i++) {
    const c = kids[i]!;
    if (c.type === "variable_assignment" && !sawName) {
      const { glued, count } = gluedToAssignment(kids, i);
      assigns.push(lowerAssign(cx, c, glued));
      i += count;
      continue;
    }
    if (c.type === "file_redirect" || c.type === "herestring_redirect" || c.type === "heredoc_redirect") {
      takeRedirect(c);
      continue;
    }
    if (c.type === "command_name") {
      sawName = true;
      for (const x of c.children) if (x) wordNodes.push({ node: x, start: x.startIndex });
      continue;
    }
    if (c.type === "subshell" || c.type === "ERROR") {
      bad_ = bad(c, "unexpected syntax in a command");
      continue;
    }
    sawName = true;
    wordNodes.push({ node: c, start: c.startIndex });
  }
  for (const r of outerRedirs) takeRedirect(r);
  wordNodes.sort((a, b) => a.start - b.start);
  redirs.sort((a, b) => a.start - b.start);
  takeDescriptorNames(wordNodes, redirs);
  const words = wordsFromNodes(cx, wordNodes.map((w) => w.node));
  const cmd: Stmt = { t: "cmd", assigns, words, redirs: redirs.map((r) => r.redir), span: span(n) };
  if (bad_) return { t: "seq", items: [bad_, cmd] };
  return cmd;
}

const FD_NAME = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;
/** `0<file`, `0>&-`: the grammar takes a 0 against an operator for a word, bash for the descriptor. */
const FD_NUMBER = /^[0-9]+$/;

/**
 * `{fd}>&1`, `exec {fd}<file`: a word `{name}` written against a redirection operator names a
 * variable that gets the descriptor's number; it is not a word of the command. The grammar
 * leaves it among the command's words (`exec {fd}>&1` would otherwise run a program `{fd}`).
 * Digits against an operator are that redirection's descriptor (`exec 0</dev/null`).
 */
function takeDescriptorNames(wordNodes: CommandPiece[], redirs: { redir: Redir; start: number }[]): void {
  for (let k = 0; k < redirs.length; k++) {
    const r = redirs[k]!;
    if (r.redir.fd !== null) continue;
    const at = wordNodes.findIndex((w) => w.node.endIndex === r.start && (FD_NAME.test(w.node.text) || FD_NUMBER.test(w.node.text)));
    if (at < 0) continue;
    const w = wordNodes[at]!;
    // Glued to the word before it, `{fd}` is text of that word.
    if (at > 0 && wordNodes[at - 1]!.node.endIndex === w.node.startIndex) continue;
    wordNodes.splice(at, 1);
    const name = FD_NAME.exec(w.node.text);
    redirs[k] = { redir: name ? { ...r.redir, fdVar: name[1]! } : { ...r.redir, fd: w.node.text }, start: r.start };
  }
}

const REDIR_OPS = new Set<string>(["<", ">", ">>", ">|", "&>", "&>>", "<>", ">&", "<&", "<<<", "<<", "<<-", "&>|"]);

/** A redirect node, and any command words tree-sitter put inside it. */
function lowerRedirect(cx: Lowering, r: Node): { redir: Redir; extra: Node[] } {
  let op: RedirOp | null = null;
  let fd: string | null = null;
  const targetNodes: Node[] = [];
  const extra: Node[] = [];
  let heredoc: Redir["heredoc"] = null;
  let delimiterQuoted = false;
  // Where the here-document's first line ends: the body starts after it.
  let bodyStart = -1;
  let misreadBody = false;
  for (const c of r.children) {
    if (!c) continue;
    if (c.type === "file_descriptor") {
      fd = c.text;
      continue;
    }
    if (!c.isNamed && REDIR_OPS.has(c.type)) {
      op = op ?? (c.type === "&>|" ? "&>" : (c.type as RedirOp));
      continue;
    }
    if (c.type === "heredoc_start") {
      delimiterQuoted = /["'\\]/.test(c.text);
      const nl = cx.source.indexOf("\n", c.endIndex);
      bodyStart = nl < 0 ? -1 : nl + 1;
      continue;
    }
    if (c.type === "heredoc_body") {
      if (!misreadBody) heredoc = { body: heredocBody(cx, c, delimiterQuoted), expands: !delimiterQuoted };
      continue;
    }
    if (c.type === "heredoc_end" && misreadBody) {
      // The grammar read the body's first lines (those starting with `\`) as words of the
      // command: the body is the cx.source between the first line and the delimiter.
      const text = cx.source.slice(bodyStart, c.startIndex);
      heredoc = { body: heredocFromSource(text, delimiterQuoted, { start: bodyStart, end: c.startIndex }), expands: !delimiterQuoted };
      continue;
    }
    if (r.type === "heredoc_redirect" && bodyStart >= 0 && c.startIndex >= bodyStart - 1 && c.isNamed && c.type !== "pipeline" && c.type !== "heredoc_end") {
      misreadBody = true;
      continue;
    }
    if (c.type === "heredoc_content" || c.type === "heredoc_end" || !c.isNamed) continue;
    if (r.type === "heredoc_redirect") {
      // Words after `<<EOF` on the same line belong to the command; the statement that
      // continues the line (`| sh`, `&& x`) is handled by the caller.
      if (r.childrenForFieldName("argument").some((a) => a?.id === c.id)) extra.push(c);
      continue;
    }
    // The first word (and anything glued to it) is the target; later words are arguments.
    if (targetNodes.length === 0 || targetNodes[targetNodes.length - 1]!.endIndex === c.startIndex) {
      if (extra.length === 0) {
        targetNodes.push(c);
        continue;
      }
    }
    extra.push(c);
  }
  // Bash reads digits glued to a redirection operator as that redirection's descriptor
  // (`> 2>&1` is `>` without a target): a syntax error, where the grammar saw a target.
  const last = targetNodes[targetNodes.length - 1];
  if (targetNodes.length === 1 && /^[0-9]+$/.test(last!.text) && /[<>]/.test(cx.source[last!.endIndex] ?? "")) {
    problem(cx, r, `${JSON.stringify(cx.source.slice(r.startIndex, last!.endIndex + 1))}: the digits are the next redirection's descriptor, so this one has no target`);
  }
  if (r.type === "herestring_redirect") op = "<<<";
  if (r.type === "heredoc_redirect" && op !== "<<-") op = "<<";
  const target = targetNodes.length ? wordFromNodes(cx, targetNodes) : null;
  if (r.type === "heredoc_redirect" && !heredoc) heredoc = { body: { parts: [], span: span(r), text: "" }, expands: false };
  return { redir: { op: op ?? ">", fd, target, heredoc, span: span(r) }, extra };
}

/** A here-document body rebuilt from cx.source: literal, or with `$name` and backquotes expanded. */
function heredocFromSource(text: string, quoted: boolean, where: Span): Word {
  if (quoted) return { parts: [{ t: "lit", text }], span: where, text };
  return { parts: heredocText(text, where), span: where, text };
}

function heredocBody(cx: Lowering, n: Node, quoted: boolean): Word {
  if (quoted) return { parts: [{ t: "lit", text: n.text }], span: span(n), text: n.text };
  const parts: WordPart[] = [];
  let pos = n.startIndex;
  const src = n.text;
  const base = n.startIndex;
  for (const c of n.children) {
    if (!c) continue;
    if (c.startIndex > pos) parts.push(...heredocText(src.slice(pos - base, c.startIndex - base), { start: pos, end: c.startIndex }));
    if (c.type === "heredoc_content") parts.push(...heredocText(c.text, span(c)));
    else parts.push(...partsOf(cx, c, true));
    pos = c.endIndex;
  }
  if (n.endIndex > pos) parts.push(...heredocText(src.slice(pos - base), { start: pos, end: n.endIndex }));
  return { parts, span: span(n), text: n.text };
}

/** Literal here-document text; backquoted commands in it (which the grammar leaves as text) run. */
function heredocText(text: string, where: Span): WordPart[] {
  // Here-document text the grammar left unparsed (it does, after leading blanks): backquotes
  // and $( … ) in it run, $name and ${name} expand; anything more involved is not read here.
  const out: WordPart[] = [];
  let buf = "";
  const flush = () => {
    if (buf) out.push(...textParts(buf, true, where));
    buf = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && i + 1 < text.length) {
      const d = text[i + 1]!;
      // An escaped `$` must not start an expansion when the buffer is read for `$name`.
      if (d === "$") {
        flush();
        out.push({ t: "lit", text: "$" });
      } else if (d === "`" || d === "\\") buf += d;
      else if (d !== "\n") buf += c + d;
      i++;
      continue;
    }
    if (c === "`") {
      const close = findBacktickClose(text, i + 1);
      if (close < 0) {
        flush();
        out.push({ t: "bad", why: "an unterminated ` in a here-document", span: where });
        return out;
      }
      flush();
      const code = text.slice(i + 1, close).replace(/\\([$`\\])/g, "$1");
      out.push({ t: "code", text: code, quoted: true, span: where });
      i = close;
      continue;
    }
    if (c === "$" && text[i + 1] === "(") {
      flush();
      const close = text[i + 2] === "(" ? -1 : findParenClose(text, i + 2);
      if (close < 0) {
        out.push({ t: "bad", why: "an expansion in a here-document the guard cannot read", span: where });
        return out;
      }
      out.push({ t: "code", text: text.slice(i + 2, close), quoted: true, span: where });
      i = close;
      continue;
    }
    if (c === "$" && text[i + 1] === "{") {
      const m = /^\$\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])\}/.exec(text.slice(i));
      flush();
      if (!m) {
        out.push({ t: "bad", why: "an expansion in a here-document the guard cannot read", span: where });
        return out;
      }
      out.push({ t: "param", param: simpleParam(m[1]!), quoted: true, span: where });
      i += m[0].length - 1;
      continue;
    }
    buf += c;
  }
  flush();
  return out;
}

/** The `)` that closes a `$(` whose text starts at `from`, skipping quotes and nested parentheses. */
function findParenClose(text: string, from: number): number {
  let depth = 1;
  for (let j = from; j < text.length; j++) {
    const c = text[j]!;
    if (c === "\\") j++;
    else if (c === "'") {
      const k = text.indexOf("'", j + 1);
      if (k < 0) return -1;
      j = k;
    } else if (c === '"') {
      for (j++; j < text.length && text[j] !== '"'; j++) if (text[j] === "\\") j++;
    } else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return j;
  }
  return -1;
}

function findBacktickClose(text: string, from: number): number {
  for (let j = from; j < text.length; j++) {
    if (text[j] === "\\") j++;
    else if (text[j] === "`") return j;
  }
  return -1;
}

/**
 * Text between a statement's pieces that no node covers: the grammar dropped it (`tar -T -
 * 2>&1` has no node for the `-`). Only blanks, line continuations and here-document bodies
 * (which follow the line) may sit there.
 */
/** Offsets of lone `-` words between a command and its first redirection, or none. */
function droppedDashes(cx: Lowering, n: Node, body: Node): number[] {
  const next = n.children.find((c) => c.startIndex >= body.endIndex && c !== body);
  if (!next) return [];
  const gap = cx.source.slice(body.endIndex, next.startIndex);
  if (!/^([ \t]+-)+[ \t]+$/.test(gap)) return [];
  const out: number[] = [];
  for (let k = 0; k < gap.length; k++) if (gap[k] === "-") out.push(body.endIndex + k);
  return out;
}

function droppedText(cx: Lowering, n: Node): void {
  let prev: Node | null = null;
  for (const c of n.children) {
    if (prev && c.startIndex > prev.endIndex) {
      const gap = cx.source.slice(prev.endIndex, c.startIndex);
      // Most gaps are blanks: test before copying the gap without its line continuations.
      if (/[^\s\\]/.test(gap) && /[^\s\\]/.test(gap.replace(/\\\n/g, "")) && !n.children.some((x) => x.type === "heredoc_redirect")) {
        problem(cx, n, `text the grammar read as nothing: ${JSON.stringify(gap.trim().slice(0, 40))}`);
        return;
      }
    }
    prev = c;
  }
}

function lowerRedirected(cx: Lowering, n: Node): Stmt {
  const body = n.childForFieldName("body");
  // The grammar drops a lone `-` just before an `N>` redirection (`ls - 2>/dev/null`): it is
  // a word of the command.
  const dashes = body?.type === "command" ? droppedDashes(cx, n, body) : [];
  if (dashes.length === 0) droppedText(cx, n);
  const redirNodes = n.children.filter(
    (c): c is Node => c !== null && (c.type === "file_redirect" || c.type === "herestring_redirect" || c.type === "heredoc_redirect"),
  );
  // A here-document may carry the rest of its line: `cat <<EOF | sh`, `cat <<EOF && x`.
  let continuation: { kind: "pipe" | "and" | "or"; node: Node } | null = null;
  for (const r of redirNodes) {
    if (r.type !== "heredoc_redirect") continue;
    const right = r.childForFieldName("right");
    const operator = r.childForFieldName("operator");
    if (right) continuation = { kind: operator?.type === "||" ? "or" : "and", node: right };
    const pipe = r.namedChildren.find((c) => c !== null && c.type === "pipeline");
    if (pipe) continuation = { kind: "pipe", node: pipe };
    // Redirects after the here-document operator (`cat <<EOF > out`) apply to the same command.
    for (const extra of r.childrenForFieldName("redirect")) if (extra) redirNodes.push(extra);
  }
  let stmt: Stmt;
  if (!body) {
    stmt = lowerCommandLike(cx, n, redirNodes);
  } else if (body.type === "command") {
    stmt = lowerCommand(cx, body, redirNodes);
    if (dashes.length && stmt.t === "cmd") {
      const words = [...stmt.words, ...dashes.map((at): Word => ({ parts: [{ t: "raw", text: "-" }], span: { start: at, end: at + 1 }, text: "-" }))];
      stmt = { ...stmt, words: words.sort((a, b) => a.span.start - b.span.start) };
    }
  } else {
    stmt = attachRedirects(cx, lowerStatement(cx, body), redirNodes, n);
  }
  if (!continuation) return stmt;
  const rest = lowerStatement(cx, continuation.node);
  if (continuation.kind === "pipe") return joinPipe(stmt, rest);
  return { t: continuation.kind, left: stmt, right: rest };
}

/** `> f` alone, or redirections with words inside them and no command node. */
function lowerCommandLike(cx: Lowering, n: Node, redirNodes: readonly Node[]): Stmt {
  const redirs: Redir[] = [];
  const words: Node[] = [];
  for (const r of redirNodes) {
    const { redir, extra } = lowerRedirect(cx, r);
    redirs.push(redir);
    words.push(...extra);
  }
  words.sort((a, b) => a.startIndex - b.startIndex);
  return { t: "cmd", assigns: [], words: wordsFromNodes(cx, words), redirs, span: span(n) };
}

/** `x | <rest>` where rest was parsed as `(y && z)`: the pipe binds tighter, so x joins y. */
function joinPipe(left: Stmt, rest: Stmt): Stmt {
  switch (rest.t) {
    case "and":
    case "or":
      return { t: rest.t, left: joinPipe(left, rest.left), right: rest.right };
    case "pipe":
      return { t: "pipe", items: [left, ...rest.items] };
    default:
      return { t: "pipe", items: [left, rest] };
  }
}

/** Redirections written after a list or pipeline belong to its last command. */
function attachRedirects(cx: Lowering, s: Stmt, redirNodes: readonly Node[], where: Node): Stmt {
  const extraWords: Node[] = [];
  const redirs: Redir[] = [];
  for (const r of redirNodes) {
    const { redir, extra } = lowerRedirect(cx, r);
    redirs.push(redir);
    extraWords.push(...extra);
  }
  if (extraWords.length) return { t: "seq", items: [bad(where, "words after a redirection of a compound command"), s] };
  return attach(s, redirs);
}

function attach(s: Stmt, redirs: readonly Redir[]): Stmt {
  switch (s.t) {
    case "and":
    case "or":
      return { t: s.t, left: s.left, right: attach(s.right, redirs) };
    case "pipe":
      return { t: "pipe", items: [...s.items.slice(0, -1), attach(s.items[s.items.length - 1]!, redirs)] };
    case "not":
      return { t: "not", body: attach(s.body, redirs) };
    case "cmd":
      return { ...s, redirs: [...s.redirs, ...redirs] };
    case "redir":
      return { t: "redir", body: s.body, redirs: [...s.redirs, ...redirs] };
    default:
      return { t: "redir", body: s, redirs };
  }
}

// ---------------------------------------------------------------------------------------
// Words

/** The node is, or begins with, a double-quoted string (so a `$` just before it makes `$"…"`). */
function startsWithString(n: Node | null | undefined): boolean {
  if (!n) return false;
  if (n.type === "string") return true;
  return n.type === "concatenation" && n.children[0]?.type === "string";
}

/** Groups nodes into shell words: nodes that touch (no blank between them) are one word. */
function wordsFromNodes(cx: Lowering, nodes: readonly Node[]): Word[] {
  const out: Word[] = [];
  let group: Node[] = [];
  // The grammar reads `$ find` as the expansion `$find` across the blank; bash reads a literal
  // `$` and the word `find`.
  const split = nodes.flatMap((n) => (n.type === "simple_expansion" && n.children.length === 2 && !touching(cx, n.children[0]!, n.children[1]!) ? [...n.children] : [n]));
  for (const n of split) {
    if (group.length && !touching(cx, group[group.length - 1]!, n)) {
      out.push(wordFromNodes(cx, group));
      group = [];
    }
    group.push(n);
  }
  if (group.length) out.push(wordFromNodes(cx, group));
  return out;
}

function wordFromNodes(cx: Lowering, nodes: readonly Node[], emptyAt?: number): Word {
  if (nodes.length === 0) {
    const at = emptyAt ?? 0;
    return { parts: [], span: { start: at, end: at }, text: "" };
  }
  const parts: WordPart[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i]!;
    // $"…" is a translated string; tree-sitter leaves the `$` as a separate token.
    if (!n.isNamed && n.type === "$" && startsWithString(nodes[i + 1]) && nodes[i + 1]!.startIndex === n.endIndex) {
      if (cx.dialect === "sh") dialectProblem(cx, n, '$"…"');
      if (n.text.length > 1) parts.push(...textParts(n.text.slice(0, -1), false, span(n)));
      continue;
    }
    if (i > 0 && !touching(cx, nodes[i - 1]!, n)) {
      // A gap inside what the caller declared one word (an assignment value that tree-sitter split).
      parts.push({ t: "bad", why: "unexpected blank inside a word", span: { start: nodes[i - 1]!.endIndex, end: n.startIndex } });
    }
    parts.push(...partsOf(cx, n, false));
  }
  const first = nodes[0]!;
  const last = nodes[nodes.length - 1]!;
  const text = nodes.map((n) => n.text).join("");
  const where = { start: first.startIndex, end: last.endIndex };
  return { parts: rejoinDollars(parts, where), span: where, text };
}

/**
 * After an unquoted `{`, tree-sitter ends a word at `$` and starts the next with the name
 * (`{a,$HOME/x}` is `{a,$` then `HOME/x}`), so the name would be read as text. Bash expands
 * it: the two raw pieces are put back together and read for `$name`.
 */
function rejoinDollars(parts: WordPart[], where: Span): WordPart[] {
  let out: WordPart[] | null = null;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    const next = parts[i + 1];
    if (p.t === "raw" && next?.t === "raw" && endsWithBareDollar(p.text) && /^[A-Za-z_0-9@*#?$!-]/.test(next.text)) {
      out ??= parts.slice(0, i);
      out.push(...textParts(p.text + next.text, false, where));
      i++;
      continue;
    }
    out?.push(p);
  }
  return out ?? parts;
}

function endsWithBareDollar(text: string): boolean {
  if (!text.endsWith("$")) return false;
  let k = text.length - 2;
  while (k >= 0 && text[k] === "\\") k--;
  return (text.length - 2 - k) % 2 === 0;
}

function wordOfChildren(cx: Lowering, n: Node, from: number, to: number, quoted: boolean): Word {
  const parts: WordPart[] = [];
  let pos = from;
  const src = n.text;
  const base = n.startIndex;
  const kids = n.children;
  for (let k = 0; k < kids.length; k++) {
    const c = kids[k];
    if (!c || c.endIndex <= from || c.startIndex >= to) continue;
    // A token can carry blanks that belong to the text: in `" "` the closing quote's token is
    // ` "`. Its share of [from, to) is left to the gap text.
    if (!c.isNamed && (c.startIndex < from || c.endIndex > to)) continue;
    // $"…" is a translated string: the `$` is not text.
    const next = kids[k + 1];
    if (!c.isNamed && c.type === "$" && startsWithString(next) && next!.startIndex === c.endIndex) {
      if (c.startIndex > pos) parts.push(gapPart(cx, src.slice(pos - base, c.startIndex - base), quoted, n));
      // The grammar's `$` token can carry the text before it (`"a"-$"b"` has a `-$` token).
      if (c.text.length > 1) parts.push(gapPart(cx, c.text.slice(0, -1), quoted, n));
      if (cx.dialect === "sh" && !quoted) dialectProblem(cx, c, '$"…"');
      pos = c.endIndex;
      continue;
    }
    if (c.startIndex > pos) parts.push(gapPart(cx, src.slice(pos - base, c.startIndex - base), quoted, n));
    if (n.type === "expansion" && OPERAND_TOKEN_KINDS.has(c.type) && HIDDEN_CODE.test(c.text)) {
      // The grammar leaves code in some ${…} operands as text (`${x%$(cmd)}`, `${x:-\`cmd\`}`,
      // `${x:-<(cmd)}`); bash runs it when it expands the operand. The text is analysed as the
      // argument of `:` wherever the operand is expanded.
      parts.push({ t: "code", text: hiddenCodeText(c), quoted: false, span: span(c) });
    }
    if (n.type === "expansion" && (c.type === "regex" || (c.type === "raw_string" && quoted))) {
      parts.push(...expansionArgToken(c, quoted));
      pos = c.endIndex;
      continue;
    }
    // Inside quotes, the blanks before an expansion are part of its node (`" $HOME"` has the
    // node ` $HOME`): they are text of the word.
    const lead = quoted && c.isNamed && c.type !== "string_content" ? leadingBlanks(c.text) : 0;
    if (lead) parts.push(gapPart(cx, c.text.slice(0, lead), quoted, n));
    parts.push(...partsOf(cx, c, quoted));
    pos = c.endIndex;
  }
  if (to > pos) parts.push(gapPart(cx, src.slice(pos - base, to - base), quoted, n));
  const where = { start: from, end: to };
  return { parts: quoted ? parts : rejoinDollars(parts, where), span: where, text: src.slice(from - base, to - base) };
}

/**
 * A token the grammar leaves whole in a ${…} argument. A pattern (`regex`): `$name` in it is
 * still expanded; quotes, escapes and substitutions in it are not read here. Single quotes in
 * "${x+'$y'}": text, with $y expanded.
 */
function expansionArgToken(c: Node, quoted: boolean): WordPart[] {
  // A `}` in a pattern token: bash ends the ${…} at the first one (`${y%{}/x}` is `${y%{}` and `/x}`).
  const unread = c.type === "regex" ? /['"\\`}]|\$[({]/ : /[`\\]|\$[({]/;
  if (unread.test(c.text)) return [{ t: "bad", why: "a ${…} argument the guard does not read", span: span(c) }];
  return textParts(c.text, quoted, span(c));
}

function leadingBlanks(text: string): number {
  let k = 0;
  while (k < text.length && (text[k] === " " || text[k] === "\t" || text[k] === "\n")) k++;
  return k;
}

/**
 * Text a POSIX sh that is dash reads otherwise than bash: read as bash does (the accesses
 * that reading makes are reported), and a problem, since sh may be either.
 */
function dialectProblem(cx: Lowering, n: Node, what: string): void {
  problem(cx, n, `${what}, which dash reads as a $ and a quoted string, and bash does not`);
}

function gapPart(cx: Lowering, text: string, quoted: boolean, n: Node): WordPart {
  // An unquoted blank between the pieces of one word: the grammar joined two words
  // (`"-"- $"x"` is `--` and `x` to bash, one concatenation to tree-sitter).
  if (!quoted && /(^|[^\\])[ \t\n]/.test(text)) problem(cx, n, "words the grammar joined into one");
  return quoted ? { t: "lit", text: unescapeDoubleQuoted(text) } : { t: "raw", text };
}

/** The parts of one word node. `quoted` is true inside double quotes. */
function partsOf(cx: Lowering, n: Node, quoted: boolean): WordPart[] {
  if (cx.depth >= MAX_DEPTH) {
    problem(cx, n, `nesting deeper than ${MAX_DEPTH} levels`, "NESTING_TOO_DEEP");
    return [{ t: "bad", why: `nesting deeper than ${MAX_DEPTH} levels`, span: span(n) }];
  }
  cx.depth++;
  try {
    return partsOfAt(cx, n, quoted);
  } finally {
    cx.depth--;
  }
}

function partsOfAt(cx: Lowering, n: Node, quoted: boolean): WordPart[] {
  if (!n.isNamed) {
    return textParts(n.text, quoted, span(n));
  }
  switch (n.type) {
    case "word":
      // An unquoted newline ends a command; a word holding one (`echo hi⏎\rm x` read as one
      // command) means the grammar joined two commands.
      if (!quoted && /(^|[^\\])\n/.test(n.text)) problem(cx, n, "a line the grammar joined to the command before it");
      // A blank inside one word token (`] [`): the grammar joined two words.
      else if (!quoted && /(^|[^\\])[ \t]/.test(n.text)) problem(cx, n, "words the grammar joined into one");
      if (cx.dialect === "zsh" && !quoted && /^=[A-Za-z0-9_.+-]/.test(n.text)) problem(cx, n, "=name, which zsh expands to the path of the program name");
      return textParts(n.text, quoted, span(n));
    case "extglob_pattern":
    case "regex":
    case "variable_name":
    case "special_variable_name":
    case "brace_expression":
    case "test_operator":
      if (quoted) return [{ t: "lit", text: unescapeDoubleQuoted(n.text) }];
      return [{ t: "raw", text: n.text }];
    case "number":
      if (n.namedChildCount === 0) return [quoted ? { t: "lit", text: n.text } : { t: "raw", text: n.text }];
      return wordOfChildren(cx, n, n.startIndex, n.endIndex, quoted).parts.slice();
    case "raw_string":
      if (quoted) return [{ t: "lit", text: n.text }];
      return [{ t: "lit", text: n.text.slice(1, -1) }];
    case "ansi_c_string": {
      if (quoted) return [{ t: "lit", text: n.text }];
      if (cx.dialect === "sh") dialectProblem(cx, n, "$'…'");
      const text = decodeAnsiC(n.text.slice(2, -1));
      return [text === null ? { t: "bad", why: "bytes in $'…' that are not UTF-8", span: span(n) } : { t: "lit", text }];
    }
    case "string": {
      const open = n.text.startsWith('$"') ? 2 : 1;
      if (open === 2 && cx.dialect === "sh" && !quoted) dialectProblem(cx, n, '$"…"');
      const w = wordOfChildren(cx, n, n.startIndex + open, n.endIndex - 1, true);
      // "" is an empty field, not nothing: keep an empty literal so the word survives.
      return w.parts.length ? w.parts.slice() : [{ t: "lit", text: "" }];
    }
    case "translated_string": {
      if (cx.dialect === "sh" && !quoted) dialectProblem(cx, n, '$"…"');
      const s = n.namedChildren.find((c) => c !== null && c.type === "string");
      return s ? partsOf(cx, s, quoted) : [{ t: "bad", why: "translated string", span: span(n) }];
    }
    case "string_content":
      return [quoted ? { t: "lit", text: unescapeDoubleQuoted(n.text) } : { t: "raw", text: n.text }];
    case "simple_expansion":
      return [{ t: "param", param: simpleParam(n.text.slice(leadingBlanks(n.text) + 1)), quoted, span: span(n) }];
    case "expansion":
      return [lowerExpansion(cx, n, quoted)];
    case "command_substitution": {
      // Inside backquotes a backslash before ` $ or \ is removed before the text is parsed, so
      // `echo \`cmd\`` runs cmd: such text is parsed again when it runs.
      const t = n.text.slice(leadingBlanks(n.text));
      if (t.startsWith("`") && t.endsWith("`") && t.length > 1 && t.includes("\\")) {
        const code = t.slice(1, -1).replace(/\\([`$\\])/g, "$1");
        return [{ t: "code", text: code, quoted, span: span(n) }];
      }
      return [{ t: "cmdsub", body: lowerSubstitutionBody(cx, n), quoted, span: span(n) }];
    }
    case "process_substitution":
      return [{ t: "procsub", body: lowerSubstitutionBody(cx, n), output: n.text.startsWith(">"), span: span(n) }];
    case "arithmetic_expansion":
      return [{ t: "arith", inner: substitutionsIn(cx, n), names: arithNames(cx, n), quoted, span: span(n) }];
    case "concatenation":
      return wordOfChildren(cx, n, n.startIndex, n.endIndex, quoted).parts.slice();
    case "array": {
      // `${x:-(none)}`: the grammar reads a parenthesised operand as an array; to bash it is
      // text (the parentheses and blanks included) around the words inside.
      const text = (t: string): WordPart => (quoted ? { t: "lit", text: t } : { t: "raw", text: t });
      const out: WordPart[] = [];
      let pos = n.startIndex;
      for (const c of n.namedChildren) {
        if (c.type === "comment") return [{ t: "bad", why: "a comment in a ${…} operand", span: span(n) }];
        if (c.startIndex > pos) out.push(text(cx.source.slice(pos, c.startIndex)));
        out.push(...partsOf(cx, c, quoted));
        pos = c.endIndex;
      }
      if (n.endIndex > pos) out.push(text(cx.source.slice(pos, n.endIndex)));
      return out;
    }
    default:
      return [{ t: "bad", why: n.type === "ERROR" ? "unparseable word" : `unexpected ${n.type} in a word`, span: span(n) }];
  }
}

/**
 * Text the grammar did not split further. A `$` followed by a name or a special parameter
 * is still an expansion in bash (tree-sitter leaves `x$$` as text): it becomes one here.
 */
function textParts(text: string, quoted: boolean, where: Span): WordPart[] {
  const plain = (t: string): WordPart => (quoted ? { t: "lit", text: unescapeDoubleQuoted(t) } : { t: "raw", text: t });
  if (!text.includes("$")) return [plain(text)];
  const out: WordPart[] = [];
  let buf = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && i + 1 < text.length) {
      buf += c + text[i + 1]!;
      i++;
      continue;
    }
    if (c === "$" && i + 1 < text.length) {
      const rest = text.slice(i + 1);
      const m = /^([A-Za-z_][A-Za-z0-9_]*|[0-9]|[@*#?$!_-])/.exec(rest);
      if (m) {
        if (buf) out.push(plain(buf));
        buf = "";
        const at = where.start + i;
        out.push({ t: "param", param: simpleParam(m[1]!), quoted, span: { start: at, end: at + 1 + m[1]!.length } });
        i += m[1]!.length;
        continue;
      }
    }
    buf += c;
  }
  if (buf) out.push(plain(buf));
  return out;
}

function lowerSubstitutionBody(cx: Lowering, n: Node): Stmt {
  const stmts = n.children.filter((c) => c !== null && (STATEMENT_TYPES.has(c.type) || c.type === "&"));
  const redirs = n.childrenForFieldName("redirect").filter((c): c is Node => c !== null);
  if (redirs.length && !stmts.some((c) => c?.isNamed)) {
    // $(< file) reads the file.
    return lowerCommandLike(cx, n, redirs);
  }
  return lowerSequence(cx, stmts);
}

function simpleParam(name: string): ParamExpansion {
  return { name, index: null, op: "", arg: null, arg2: null };
}

const PARAM_OPS = new Set<string>([":-", "-", ":=", "=", ":?", "?", ":+", "+", "#", "##", "%", "%%", "/", "//", "/#", "/%", "^", "^^", ",", ",,", "@", ":"]);

const PATTERN_OPS = new Set<string>(["#", "##", "%", "%%", "/", "//", "/#", "/%"]);

function lowerExpansion(cx: Lowering, n: Node, quoted: boolean): WordPart {
  // ${ [#|!] name [index] [op arg [/ arg2]] }
  const kids = n.children.filter((c): c is Node => c !== null);
  let i = 1; // after "${"
  let prefix: "length" | "indirect" | null = null;
  const first = kids[i];
  if (first && !first.isNamed && (first.type === "#" || first.type === "!")) {
    const next = kids[i + 1];
    if (next && next.isNamed) {
      prefix = first.type === "#" ? "length" : "indirect";
      i++;
    } else if (first.type === "#" && next?.type === "}") {
      return { t: "param", param: simpleParam("#"), quoted, span: span(n) };
    }
  }
  const nameNode = kids[i];
  if (!nameNode || !nameNode.isNamed) return { t: "bad", why: "unreadable ${…}", span: span(n) };
  let name = nameNode.text;
  let index: Word | null = null;
  if (nameNode.type === "subscript") {
    name = nameNode.childForFieldName("name")?.text ?? "";
    const idx = nameNode.childForFieldName("index");
    index = idx ? wordFromNodes(cx, [idx]) : null;
  } else if (nameNode.type !== "variable_name" && nameNode.type !== "special_variable_name" && nameNode.type !== "number") {
    return { t: "bad", why: "unreadable ${…}", span: span(n) };
  }
  i++;
  const close = kids[kids.length - 1];
  const end = close && close.type === "}" ? close.startIndex : n.endIndex;
  if (prefix) {
    // ${#x} is a number; ${!x} and ${!p*} are indirections the guard does not follow. With an
    // operator after the name (`${!r:-w}`, `${!r#p}`), the operator applies to what the
    // indirection names: not followed either.
    const after = kids[i];
    if (prefix === "indirect" && after && after.type !== "}") return { t: "bad", why: `\${!${name}…} with an operator`, span: span(n) };
    return { t: "param", param: { name, index, op: prefix, arg: null, arg2: null }, quoted, span: span(n) };
  }
  const opNode = kids[i];
  if (!opNode || opNode.type === "}") return { t: "param", param: { name, index, op: "", arg: null, arg2: null }, quoted, span: span(n) };
  if (opNode.isNamed || !PARAM_OPS.has(opNode.type)) return { t: "bad", why: "unreadable ${…}", span: span(n) };
  const op = opNode.type as ParamOp;
  // The argument runs to the next operator token (only ${x/p/r} and ${x:o:l} have two).
  let argEnd = end;
  let arg2: Word | null = null;
  // A pattern and its replacement are read as if unquoted even inside "…": `"${v#*/}"` removes
  // through the first slash, and `"${x#'a'}"` removes `a`.
  const ownQuoting = PATTERN_OPS.has(op) ? false : quoted;
  if (op === "/" || op === "//" || op === "/#" || op === "/%" || op === ":") {
    const sep = kids.slice(i + 1).find((c) => !c.isNamed && (c.type === "/" || c.type === ":") && c.startIndex < end);
    if (sep) {
      argEnd = sep.startIndex;
      arg2 = wordOfChildren(cx, n, sep.endIndex, end, ownQuoting);
    }
  }
  const arg = wordOfChildren(cx, n, opNode.endIndex, argEnd, ownQuoting);
  return { t: "param", param: { name, index, op, arg, arg2 }, quoted, span: span(n) };
}
