// Statements: sequences, lists, pipelines, compound commands, functions, and the bodies of
// command substitutions. The top of the lowering's recursion: files below it reach
// lowerStatement and lowerSubstitutionBody through the context (context.ts).

import type { SyntaxNode as Node } from "../../parse/tree.ts";
import type { Assign, CaseItem, Stmt } from "../syntax.ts";
import { MAX_DEPTH, type Lowering, problem, span, bad, textStartsWith } from "./context.ts";
import { arithNames, arithAssigned, substitutionsIn } from "./arith.ts";
import { wordsFromNodes, wordFromNodes } from "./words.ts";
import { casePatterns } from "./case-patterns.ts";
import { lowerRedirect } from "./redirects.ts";
import { gluedToAssignment, lowerAssign } from "./assignments.ts";
import { lowerCommand, lowerDeclaration, lowerRedirected, lowerCommandLike } from "./commands.ts";
import { arithmeticCommand, lowerTest } from "./conditionals.ts";
import { misreadKeyword, hasHeredocBefore, gluedNewline } from "./misreads.ts";

const STATEMENT_TYPES = new Set(["c_style_for_statement", "case_statement", "command", "compound_statement",
  "declaration_command", "for_statement", "function_definition", "if_statement", "list", "negated_command", "pipeline",
  "redirected_statement", "subshell", "test_command", "unset_command", "variable_assignment", "variable_assignments",
  "while_statement", "ERROR"]);

/** A run of statements separated by `;`, `&` or newlines. A statement followed by `&` runs in the background. */
export function lowerSequence(cx: Lowering, children: readonly (Node | null)[], top = false): Stmt {
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
        items.push({ t: "reparse", text, offset: c.startIndex, negate: false,
          span: { start: c.startIndex, end: last.endIndex } });
        break;
      }
      const mis = misreadKeyword(c);
      if (mis) {
        // At the top level the misread runs to the end of the input: read all of it again.
        // (Deeper, the grammar has also closed the enclosing construct early: that is a
        // parse error, reported by lowerCommand.)
        const last = children.filter((x): x is Node => x !== null).at(-1)!;
        const text = cx.source.slice(mis.from, last.endIndex);
        items.push({ t: "reparse", text, offset: mis.from, negate: mis.negate,
          span: { start: c.startIndex, end: last.endIndex } });
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

export function lowerStatement(cx: Lowering, n: Node): Stmt {
  if (n.isMissing) return bad(n, "missing syntax");
  if (cx.depth >= MAX_DEPTH) {
    problem(cx, n, `nesting deeper than ${MAX_DEPTH} levels`, "NESTING_TOO_DEEP");
    return bad(n, `nesting deeper than ${MAX_DEPTH} levels`);
  }
  cx.depth++;
  try {
    // A `!` the grammar could not read before a compound command (src/parse/respell.ts).
    if (cx.negated.size && n.type !== "list" && cx.negated.delete(n.startIndex)) {
      return { t: "not", body: lowerStatementAt(cx, n) };
    }
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
      if (textStartsWith(cx, n, "((")) return arithmeticCommand(cx, n);
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
  return n.children.filter(isInner);
}

// Predicates of the filters above and below, made once rather than once per node.
const isInner = (c: Node | null): boolean => c !== null && (c.isNamed || c.type === "&");
const isNamedStatement = (c: Node | null): c is Node => c !== null && c.isNamed && c.type !== "comment";
const isListOperator = (c: Node | null): boolean => c !== null && !c.isNamed && (c.type === "&&" || c.type === "||");

function lowerList(cx: Lowering, n: Node): Stmt {
  const named = n.children.filter(isNamedStatement);
  const op = n.children.find(isListOperator);
  if (named.length !== 2 || !op) return bad(n, "malformed list");
  return { t: op.type === "&&" ? "and" : "or", left: lowerStatement(cx, named[0]!),
    right: lowerStatement(cx, named[1]!) };
}

function lowerPipeline(cx: Lowering, n: Node): Stmt {
  const items: Stmt[] = [];
  // `a |& b` is `a 2>&1 | b`, the descriptor copied after a's own redirections (bash(1),
  // Pipelines): a's errors are part of what b reads. The first item's is applied below, to the
  // command the pipe really takes.
  let firstErr: Node | null = null;
  for (const c of n.children) {
    if (c?.type === "|&" && items.length > 0) {
      if (items.length === 1) firstErr = c;
      else items[items.length - 1] = stderrToPipe(items[items.length - 1]!, c);
    } else if (isNamedStatement(c)) items.push(lowerStatement(cx, c));
  }
  if (items.length === 1) return items[0]!;
  // `! a | b`: the grammar negates `a`; bash negates the whole pipeline's status.
  const first = items[0]!;
  if (first.t === "not") return { t: "not", body: pipeAfterList(first.body, items.slice(1), firstErr) };
  return pipeAfterList(first, items.slice(1), firstErr);
}

function stderrToPipe(s: Stmt, op: Node): Stmt {
  const at = span(op);
  return { t: "redir", body: s,
    redirs: [{ op: ">&", fd: "2", target: { parts: [{ t: "lit", text: "1" }], span: at, text: "1" }, heredoc: null,
      span: at }] };
}

/**
 * `a && b >x | c` is a pipeline whose first element is the list `a && b` to the grammar (the
 * redirection pulls the list in); `|` binds tighter in bash: `a && (b >x | c)`. The pipe takes
 * the list's last command, and the list keeps its operators and status.
 */
function pipeAfterList(first: Stmt, rest: Stmt[], err: Node | null): Stmt {
  if (first.t === "and" || first.t === "or") return { ...first, right: pipeAfterList(first.right, rest, err) };
  return { t: "pipe", items: [err ? stderrToPipe(first, err) : first, ...rest] };
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
    const stmts = c.children.filter((x) =>
      x !== null && (x.type === "&" || (x.isNamed && STATEMENT_TYPES.has(x.type))) &&
      !c.childrenForFieldName("value").some((v) => v?.id === x.id)
    );
    const term = c.children.find((x) =>
      x !== null && !x.isNamed && (x.type === ";;" || x.type === ";&" || x.type === ";;&")
    );
    const fallthrough = term?.type === ";&" ? "next" : term?.type === ";;&" ? "test" : "break";
    items.push({ patterns, body: lowerSequence(cx, stmts), fallthrough });
  }
  return { t: "case", word: wordFromNodes(cx, [valueNode]), items };
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

export function lowerSubstitutionBody(cx: Lowering, n: Node): Stmt {
  const stmts = n.children.filter((c) => c !== null && (STATEMENT_TYPES.has(c.type) || c.type === "&"));
  const redirs = n.childrenForFieldName("redirect").filter((c): c is Node => c !== null);
  if (redirs.length && !stmts.some((c) => c?.isNamed)) {
    // $(< file) reads the file.
    return lowerCommandLike(cx, n, redirs);
  }
  return lowerSequence(cx, stmts);
}
