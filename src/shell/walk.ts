// One walk over a lowered program: every statement, word and word part, each with the nearest
// span above it. The switches are exhaustive, so a kind added to src/shell/syntax.ts does not
// compile until the walk knows what it holds — and with it, every check built on the walk
// (src/shell/coverage.ts, the lowering's census). Iterative: programs can nest 10 000 deep.

import type { Assign, Stmt, Word, WordPart } from "./syntax.ts";
import type { Span } from "../span.ts";

interface Visitor {
  stmt?(s: Stmt, near: Span | null): void;
  part?(p: WordPart, near: Span | null): void;
}

export function walkStmt(root: Stmt, visit: Visitor, near: Span | null = null): void {
  walk(root, false, near, visit);
}

export function walkWord(root: Word, visit: Visitor, near: Span | null = null): void {
  walk(root, true, near, visit);
}

/**
 * The pending items are three parallel stacks, not an object per item: the walk runs over
 * every lowered program at least twice per check (the census, the coverage), and an object per
 * node pushed is garbage made per node.
 */
function walk(root: Stmt | Word, rootIsWord: boolean, rootNear: Span | null, visit: Visitor): void {
  const items: (Stmt | Word)[] = [root];
  const isWord: boolean[] = [rootIsWord];
  const nears: (Span | null)[] = [rootNear];
  const word = (w: Word, near: Span | null) => {
    items.push(w);
    isWord.push(true);
    nears.push(near);
  };
  const stmt = (s: Stmt, near: Span | null) => {
    items.push(s);
    isWord.push(false);
    nears.push(near);
  };
  const assign = (a: Assign) => {
    if (a.index) word(a.index, a.span);
    if (a.value) word(a.value, a.span);
    for (const w of a.array ?? []) word(w, a.span);
  };
  while (items.length) {
    const item = items.pop()!;
    const itemNear = nears.pop()!;
    if (isWord.pop()!) {
      const w = item as Word;
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
            // In this order, as the walk has always visited them (findings keep the order).
            if (p.param.index) word(p.param.index, p.span);
            if (p.param.arg) word(p.param.arg, p.span);
            if (p.param.arg2) word(p.param.arg2, p.span);
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
    const s = item as Stmt;
    const near = "span" in s ? s.span : itemNear;
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
        for (const w of s.words) word(w, near);
        for (const w of s.exprs) word(w, near);
        for (const w of s.varNames) word(w, near);
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
