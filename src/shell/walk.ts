// One walk over a lowered program: every statement, word and word part, each with the nearest
// span above it. The switches are exhaustive, so a kind added to src/shell/syntax.ts does not
// compile until the walk knows what it holds — and with it, every check built on the walk
// (src/shell/coverage.ts, the lowering's census). Iterative: programs can nest 10 000 deep.

import type { Assign, Stmt, Word, WordPart } from "./syntax.ts";
import type { Span } from "../base/span.ts";

interface Visitor {
  stmt?(s: Stmt, near: Span | null): void;
  part?(p: WordPart, near: Span | null): void;
}

type Item = { readonly s: Stmt; readonly near: Span | null } | { readonly w: Word; readonly near: Span | null };

export function walkStmt(root: Stmt, visit: Visitor, near: Span | null = null): void {
  walk([{ s: root, near }], visit);
}

export function walkWord(root: Word, visit: Visitor, near: Span | null = null): void {
  walk([{ w: root, near }], visit);
}

function walk(stack: Item[], visit: Visitor): void {
  const word = (w: Word, near: Span | null) => stack.push({ w, near });
  const stmt = (s: Stmt, near: Span | null) => stack.push({ s, near });
  const assign = (a: Assign) => {
    if (a.index) word(a.index, a.span);
    if (a.value) word(a.value, a.span);
    for (const w of a.array ?? []) word(w, a.span);
  };
  while (stack.length) {
    const item = stack.pop()!;
    if ("w" in item) {
      const w = item.w;
      if (w.assign) assign(w.assign);
      for (const p of w.parts) {
        visit.part?.(p, w.span);
        switch (p.t) {
          case "raw":
          case "lit":
          case "code":
          case "bad":
            break;
          case "param":
            for (const x of [p.param.index, p.param.arg, p.param.arg2]) if (x) word(x, p.span);
            break;
          case "cmdsub":
          case "procsub":
            stmt(p.body, p.span);
            break;
          case "arith":
            for (const i of p.inner) stmt(i, p.span);
            break;
          default: {
            const never: never = p;
            throw new Error(`walk: unknown word part ${JSON.stringify(never)}`);
          }
        }
      }
      continue;
    }
    const s = item.s;
    const near = "span" in s ? s.span : item.near;
    visit.stmt?.(s, near);
    switch (s.t) {
      case "cmd":
        s.assigns.forEach(assign);
        for (const w of s.words) word(w, near);
        for (const r of s.redirs) {
          if (r.target) word(r.target, r.span);
          if (r.heredoc) word(r.heredoc.body, r.span);
        }
        break;
      case "seq":
      case "pipe":
        for (const i of s.items) stmt(i, near);
        break;
      case "and":
      case "or":
        stmt(s.left, near);
        stmt(s.right, near);
        break;
      case "bg":
      case "not":
      case "group":
      case "subshell":
      case "func":
        stmt(s.body, near);
        break;
      case "redir":
        stmt(s.body, near);
        for (const r of s.redirs) {
          if (r.target) word(r.target, r.span);
          if (r.heredoc) word(r.heredoc.body, r.span);
        }
        break;
      case "if":
        for (const b of s.branches) {
          stmt(b.cond, near);
          stmt(b.body, near);
        }
        if (s.orelse) stmt(s.orelse, near);
        break;
      case "while":
        stmt(s.cond, near);
        stmt(s.body, near);
        break;
      case "for":
        for (const w of s.values ?? []) word(w, near);
        stmt(s.body, near);
        break;
      case "cfor":
        for (const i of s.inner) stmt(i, near);
        stmt(s.body, near);
        break;
      case "case":
        word(s.word, near);
        for (const item of s.items) {
          for (const p of item.patterns) word(p, near);
          stmt(item.body, near);
        }
        break;
      case "test":
        for (const i of s.inner) stmt(i, near);
        for (const w of [...s.words, ...s.exprs, ...s.varNames]) word(w, near);
        break;
      case "empty":
      case "reparse":
      case "bad":
        break;
      default: {
        const never: never = s;
        throw new Error(`walk: unknown statement ${JSON.stringify(never)}`);
      }
    }
  }
}
