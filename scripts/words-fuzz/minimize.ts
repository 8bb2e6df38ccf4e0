// Shrinks a disagreeing case while it keeps disagreeing the same way (the same category):
// first by its structure (drop a setup statement, a word, a piece of a word, the extglob line),
// then by deleting runs of 8, 4, 2 and 1 characters. Each round's candidates are checked in
// one bash batch and the first that still holds is taken, so the result is deterministic.
//
// Only the category is kept, so a case with two bugs may shrink towards either of them.

import { caseSource, type Case } from "./gen.ts";
import type { Category, Oracle, Outcome } from "./oracle.ts";

const CAT = "cat -- ";

/** The index of the first candidate that disagrees in `category`, or -1. */
function firstHolding(oracle: Oracle, candidates: readonly string[], category: Category): number {
  if (candidates.length === 0) return -1;
  return oracle.check(candidates).findIndex((o) =>
    o.comparison.kind === "disagree" && o.comparison.category === category
  );
}

function without<T>(xs: readonly T[], i: number): T[] {
  return xs.filter((_, j) => j !== i);
}

function structuralCandidates(c: Case): Case[] {
  const out: Case[] = [];
  for (let i = 0; i < c.setup.length; i++) out.push({ ...c, setup: without(c.setup, i) });
  if (c.words.length > 1) { for (let i = 0; i < c.words.length; i++) out.push({ ...c, words: without(c.words, i) }); }
  c.words.forEach((w, i) => {
    if (w.length > 1) {
      for (let k = 0; k < w.length; k++) {
        out.push({ ...c, words: c.words.map((x, j) => (j === i ? without(x, k) : x)) });
      }
    }
  });
  if (c.extglob) out.push({ ...c, extglob: false });
  return out;
}

function shrinkStructure(oracle: Oracle, start: Case, category: Category): Case {
  let cur = start;
  for (let progress = true; progress;) {
    const cands = structuralCandidates(cur);
    const k = firstHolding(oracle, cands.map(caseSource), category);
    progress = k >= 0;
    if (progress) cur = cands[k]!;
  }
  return cur;
}

/** Still a `cat -- …` statement with at least one word after it. */
function keepsCat(t: string): boolean {
  const catStarts = t.startsWith(CAT) || t.includes("; " + CAT) || t.includes(";" + CAT) || t.includes("\n" + CAT);
  return catStarts && !t.endsWith(CAT);
}

function deletionCandidates(s: string, size: number): string[] {
  const out: string[] = [];
  const step = size === 1 ? 1 : Math.max(1, size >> 1);
  for (let i = 0; i + size <= s.length; i += step) {
    const t = s.slice(0, i) + s.slice(i + size);
    if (keepsCat(t)) out.push(t);
  }
  return out;
}

function shrinkText(oracle: Oracle, start: string, category: Category): string {
  let cur = start;
  for (const size of [8, 4, 2, 1]) {
    for (let progress = true; progress;) {
      const cands = deletionCandidates(cur, size);
      const k = firstHolding(oracle, cands, category);
      progress = k >= 0;
      if (progress) cur = cands[k]!;
    }
  }
  return cur;
}

export function minimize(oracle: Oracle, c: Case, category: Category): Outcome {
  const src = shrinkText(oracle, caseSource(shrinkStructure(oracle, c, category)), category);
  return oracle.check([src])[0]!;
}
