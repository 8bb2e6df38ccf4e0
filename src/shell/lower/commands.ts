// Simple commands and what surrounds them: their words, assignments and redirections (the
// grammar puts some words inside redirect nodes), declarations, a redirected statement, and
// text the grammar dropped between a command's pieces.

import type { SyntaxNode as Node } from "../../parse/tree.ts";
import type { Assign, Redir, Stmt, Word } from "../syntax.ts";
import { type Lowering, notComment, problem, touching, span, bad } from "./context.ts";
import { wordsFromNodes, wordFromNodes } from "./words.ts";
import { lowerRedirect } from "./redirects.ts";
import { gluedToAssignment, lowerAssign, assignmentWord } from "./assignments.ts";
import { ASSIGNMENT_WORD } from "./misreads.ts";

/** Keywords that are never command names: a command named so is the grammar misreading bash. */
const KEYWORD_NAMES = new Set(["{", "}", "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done",
  "case", "esac", "select", "function", "[[", "]]", "coproc"]);

export function lowerCommand(cx: Lowering, n: Node, outerRedirs: readonly Node[]): Stmt {
  const nameNode = n.childForFieldName("name");
  // Only a keyword or `time` as the name is a misreading: the arguments are looked at for those alone.
  const name = nameNode?.text;
  if (name === undefined || (name !== "time" && !KEYWORD_NAMES.has(name))) return lowerCommandAt(cx, n, outerRedirs);
  const firstArg = n.childrenForFieldName("argument")[0];
  if (KEYWORD_NAMES.has(name) ||
    (name === "time" && firstArg && (KEYWORD_NAMES.has(firstArg.text) || firstArg.text === "!")))
  {
    const why = `the keyword ${name === "time" ? firstArg!.text : name} where the grammar expects a command`;
    problem(cx, n, why);
    return { t: "seq", items: [bad(n, why), lowerCommandAt(cx, n, outerRedirs)] };
  }
  if (name === "time") {
    // `time [-p] NAME=value cmd` below the top level (in a group, a body, a pipeline): the
    // grammar reads NAME=value as the program `time` runs; bash's keyword times `cmd` with the
    // assignment. Read the rest of the command, its redirections included, again on its own.
    const args = n.childrenForFieldName("argument");
    const skip = args[0]?.text === "-p" ? 1 : 0;
    const first = args[skip];
    if (first && ASSIGNMENT_WORD.test(first.text)) {
      const from = skip ? args[0]!.endIndex : nameNode!.endIndex;
      if (outerRedirs.some((r) => r.type === "heredoc_redirect" || r.startIndex < from)) {
        problem(cx, n, "time with an assignment and a redirection the guard cannot place");
        return bad(n, "time with an assignment and a redirection the guard cannot place");
      }
      const end = Math.max(n.endIndex, ...outerRedirs.map((r) => r.endIndex));
      return { t: "reparse", text: cx.source.slice(from, end), offset: from, negate: false,
        span: { start: n.startIndex, end } };
    }
  }
  return lowerCommandAt(cx, n, outerRedirs);
}

function lowerCommandAt(cx: Lowering, n: Node, outerRedirs: readonly Node[]): Stmt {
  droppedText(cx, n);
  const assigns: Assign[] = [];
  const wordNodes: Node[] = [];
  const redirs: { redir: Redir; start: number }[] = [];
  let sawName = false;
  let bad_: Stmt | null = null;
  // A comment inside a command node is rare: without one the children are used as they are.
  const kids = n.children.some(isComment) ? n.children.filter(notComment) : n.children;
  for (let i = 0; i < kids.length; i++) {
    const c = kids[i]!;
    if (c.type === "variable_assignment" && !sawName) {
      const { glued, count } = gluedToAssignment(kids, i);
      assigns.push(lowerAssign(cx, c, glued));
      i += count;
      continue;
    }
    if (c.type === "file_redirect" || c.type === "herestring_redirect" || c.type === "heredoc_redirect") {
      takeRedirect(cx, c, redirs, wordNodes);
      continue;
    }
    if (c.type === "command_name") {
      sawName = true;
      for (const x of c.children) if (x) wordNodes.push(x);
      continue;
    }
    if (c.type === "subshell" || c.type === "ERROR") {
      bad_ = bad(c, "unexpected syntax in a command");
      continue;
    }
    sawName = true;
    wordNodes.push(c);
  }
  for (const r of outerRedirs) takeRedirect(cx, r, redirs, wordNodes);
  // Usually already in source order (nothing came out of a redirection): sorting then changes nothing.
  if (!inOrder(wordNodes, nodeStart)) wordNodes.sort(byStartIndex);
  if (!inOrder(redirs, pieceStart)) redirs.sort(byStart);
  takeDescriptorNames(wordNodes, redirs);
  const words = wordsFromNodes(cx, wordNodes);
  const lowered: Redir[] = [];
  for (const r of redirs) lowered.push(r.redir);
  const cmd: Stmt = { t: "cmd", assigns, words, redirs: lowered, span: span(n) };
  if (bad_) return { t: "seq", items: [bad_, cmd] };
  return cmd;
}

/** A redirection of a command, and the command's words the grammar put inside it. */
function takeRedirect(cx: Lowering, r: Node, redirs: { redir: Redir; start: number }[], wordNodes: Node[]): void {
  const { redir, extra } = lowerRedirect(cx, r);
  redirs.push({ redir, start: r.startIndex });
  for (const e of extra) wordNodes.push(e);
}

const byStartIndex = (a: Node, b: Node): number => a.startIndex - b.startIndex;
const byStart = (a: { readonly start: number }, b: { readonly start: number }): number => a.start - b.start;
const nodeStart = (a: Node): number => a.startIndex;
const isComment = (c: Node): boolean => c.type === "comment";
const pieceStart = (a: { readonly start: number }): number => a.start;

/** Whether the items' starts never decrease: a stable sort by start would leave them as they are. */
function inOrder<T>(items: readonly T[], start: (x: T) => number): boolean {
  for (let i = 1; i < items.length; i++) if (start(items[i - 1]!) > start(items[i]!)) return false;
  return true;
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
function takeDescriptorNames(wordNodes: Node[], redirs: { redir: Redir; start: number }[]): void {
  for (let k = 0; k < redirs.length; k++) {
    const r = redirs[k]!;
    if (r.redir.fd !== null) continue;
    const at = wordNodes.findIndex((w) => w.endIndex === r.start && (FD_NAME.test(w.text) || FD_NUMBER.test(w.text)));
    if (at < 0) continue;
    const w = wordNodes[at]!;
    // Glued to the word before it, `{fd}` is text of that word.
    if (at > 0 && wordNodes[at - 1]!.endIndex === w.startIndex) continue;
    wordNodes.splice(at, 1);
    const name = FD_NAME.exec(w.text);
    redirs[k] = { redir: name ? { ...r.redir, fdVar: name[1]! } : { ...r.redir, fd: w.text }, start: r.start };
  }
}

export function lowerDeclaration(cx: Lowering, n: Node): Stmt {
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

/**
 * Text between a statement's pieces that no node covers: the grammar dropped it (`tar -T -
 * 2>&1` has no node for the `-`). Only blanks, line continuations and here-document bodies
 * (which follow the line) may sit there.
 */
/** Whether source[from, to) is spaces and tabs alone, the usual gap: read in place, without a copy. */
function spacesOnly(source: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const ch = source.charCodeAt(k);
    if (ch !== 32 && ch !== 9) return false;
  }
  return true;
}

function droppedText(cx: Lowering, n: Node): void {
  let prev: Node | null = null;
  for (const c of n.children) {
    if (prev && c.startIndex > prev.endIndex && !spacesOnly(cx.source, prev.endIndex, c.startIndex)) {
      const gap = cx.source.slice(prev.endIndex, c.startIndex);
      // Most gaps are blanks: test before copying the gap without its line continuations.
      if (/[^\s\\]/.test(gap) && /[^\s\\]/.test(gap.replace(/\\\n/g, "")) &&
        !n.children.some((x) => x.type === "heredoc_redirect"))
      {
        problem(cx, n, `text the grammar read as nothing: ${JSON.stringify(gap.trim().slice(0, 40))}`);
        return;
      }
    }
    prev = c;
  }
}

export function lowerRedirected(cx: Lowering, n: Node): Stmt {
  const body = n.childForFieldName("body");
  // The grammar drops a lone `-` just before an `N>` redirection (`ls - 2>/dev/null`): it is
  // a word of the command, or of the last command of a pipeline or list the redirection ends
  // (`echo x | sha1sum -c - 2>&1`).
  const dashes = body ? droppedDashes(cx, n, body) : [];
  const dashWords = dashes.map((at): Word => ({ parts: [{ t: "raw", text: "-" }], span: { start: at, end: at + 1 },
    text: "-" })
  );
  if (dashes.length === 0) droppedText(cx, n);
  const redirNodes = n.children.filter((c): c is Node =>
    c !== null && (c.type === "file_redirect" || c.type === "herestring_redirect" || c.type === "heredoc_redirect")
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
      stmt = { ...stmt, words: [...stmt.words, ...dashWords].sort((a, b) => a.span.start - b.span.start) };
    }
  } else {
    let inner = cx.statement(cx, body);
    if (dashes.length) {
      const withDashes = lastCommandWith(inner, dashWords);
      // After a compound command a word is a syntax error to bash: not read.
      if (withDashes === null) droppedText(cx, n);
      else inner = withDashes;
    }
    stmt = attachRedirects(cx, inner, redirNodes, n);
  }
  if (!continuation) return stmt;
  const rest = cx.statement(cx, continuation.node);
  if (continuation.kind === "pipe") return joinPipe(stmt, rest);
  return { t: continuation.kind, left: stmt, right: rest };
}

/** `> f` alone, or redirections with words inside them and no command node. */
export function lowerCommandLike(cx: Lowering, n: Node, redirNodes: readonly Node[]): Stmt {
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
  if (extraWords.length) {
    // `a && echo >&2 "text"`: the grammar gives the redirection to the list and its words with
    // it; bash reads them as words of the last command, which they follow. Words after the
    // redirection of a compound command (`{ a; } > f x`) are a syntax error to bash.
    const words = wordsFromNodes(cx, extraWords.sort((a, b) => a.startIndex - b.startIndex));
    const withWords = lastCommandWith(s, words);
    if (withWords === null) {
      return { t: "seq", items: [bad(where, "words after a redirection of a compound command"), s] };
    }
    return attach(withWords, redirs);
  }
  return attach(s, redirs);
}

/** `s` with `words` added to its last simple command (through `&&`, `||`, `|` and `!`), or null when it ends in no simple command. */
function lastCommandWith(s: Stmt, words: readonly Word[]): Stmt | null {
  switch (s.t) {
    case "and":
    case "or": {
      const right = lastCommandWith(s.right, words);
      return right === null ? null : { t: s.t, left: s.left, right };
    }
    case "pipe": {
      const last = lastCommandWith(s.items[s.items.length - 1]!, words);
      return last === null ? null : { t: "pipe", items: [...s.items.slice(0, -1), last] };
    }
    case "not": {
      const body = lastCommandWith(s.body, words);
      return body === null ? null : { t: "not", body };
    }
    case "cmd": {
      const end = Math.max(s.span.end, ...words.map((w) => w.span.end));
      return { ...s, words: [...s.words, ...words].sort((a, b) => a.span.start - b.span.start),
        span: { start: s.span.start, end } };
    }
    default:
      return null;
  }
}

/**
 * `true && exec 0>&-`: the grammar reads the redirection as one of the whole list and the `0`
 * as a word of its last command (`exec 0`, a program that never returns, so nothing after it
 * was analysed: `true && exec 0>&-; cat ../x` was allowed). Bash gives the redirection to that
 * command, and digits or `{name}` written against it are its descriptor, as
 * takeDescriptorNames does for a command the grammar reads with its redirections.
 */
function descriptorWords(s: Extract<Stmt, { t: "cmd" }>): Stmt {
  let words = s.words;
  const out = s.redirs.map((r) => {
    const last = words[words.length - 1];
    if (r.fd !== null || r.fdVar !== undefined || !last || last.span.end !== r.span.start) return r;
    const before = words[words.length - 2];
    if (before && before.span.end === last.span.start) return r;
    const name = FD_NAME.exec(last.text ?? "");
    if (!name && !FD_NUMBER.test(last.text ?? "")) return r;
    words = words.slice(0, -1);
    return name ? { ...r, fdVar: name[1]! } : { ...r, fd: last.text };
  });
  return { ...s, words, redirs: out };
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
      return descriptorWords({ ...s, redirs: [...s.redirs, ...redirs] });
    case "redir":
      return { t: "redir", body: s.body, redirs: [...s.redirs, ...redirs] };
    default:
      return { t: "redir", body: s, redirs };
  }
}
