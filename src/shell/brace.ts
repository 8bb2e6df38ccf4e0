// Brace expansion ({a,b}, {1..3}, {a..e..2}), done before any other expansion and only on
// unquoted, unescaped braces. It has a hard limit and says so instead of truncating.

import type { WordPart } from "./syntax.ts";

export interface BraceResult {
  readonly words: readonly (readonly WordPart[])[];
  readonly tooLarge: boolean;
}

/** An atom is an unquoted character (possibly special) or an opaque part. */
type Atom = { readonly ch: string } | { readonly part: WordPart };

function toAtoms(parts: readonly WordPart[]): Atom[] {
  const out: Atom[] = [];
  for (const p of parts) {
    if (p.t !== "raw") {
      out.push({ part: p });
      continue;
    }
    const t = p.text;
    for (let i = 0; i < t.length; i++) {
      const c = t[i]!;
      if (c === "\\" && i + 1 < t.length) {
        // An escaped character is never special; keep it escaped for the later stages.
        out.push({ part: { t: "raw", text: c + t[i + 1]! } });
        i++;
        continue;
      }
      out.push({ ch: c });
    }
  }
  return out;
}

function fromAtoms(atoms: readonly Atom[]): WordPart[] {
  const out: WordPart[] = [];
  let buf = "";
  for (const a of atoms) {
    if ("ch" in a) {
      buf += a.ch;
      continue;
    }
    if (a.part.t === "raw") {
      buf += a.part.text;
      continue;
    }
    if (buf) out.push({ t: "raw", text: buf });
    buf = "";
    out.push(a.part);
  }
  if (buf) out.push({ t: "raw", text: buf });
  return out;
}

function isCh(a: Atom | undefined, c: string): boolean {
  return a !== undefined && "ch" in a && a.ch === c;
}

export function braceExpand(parts: readonly WordPart[], limit: number): BraceResult {
  if (!parts.some((p) => p.t === "raw" && p.text.includes("{"))) return { words: [parts], tooLarge: false };
  const out: Atom[][] = [];
  // Nested braces copy the word once per level: the copying is bounded too, not only the words.
  const ok = expand(toAtoms(parts), out, limit, { work: 0, max: Math.max(limit, 1) * 256 });
  if (!ok) return { words: [], tooLarge: true };
  return { words: out.map(fromAtoms), tooLarge: false };
}

/** Appends the expansions of `atoms` to `out`; false when the limit is passed. */
function expand(atoms: Atom[], out: Atom[][], limit: number, budget: { work: number; readonly max: number }): boolean {
  budget.work += atoms.length;
  if (budget.work > budget.max) return false;
  const groups = matchBraces(atoms);
  for (let i = 0; i < atoms.length; i++) {
    const g = groups.get(i);
    if (!g) continue;
    const { close, commas } = g;
    const prefix = atoms.slice(0, i);
    const suffix = atoms.slice(close + 1);
    let alternatives: Atom[][] | null = null;
    if (commas.length) {
      alternatives = [];
      let start = i + 1;
      for (const c of [...commas, close]) {
        alternatives.push(atoms.slice(start, c));
        start = c + 1;
      }
    } else if (close - i - 1 <= 48) {
      // A sequence is short ({-100..100..5}); longer brace bodies are not worth slicing.
      const seq = sequence(atoms.slice(i + 1, close), limit);
      if (seq === "too-large") return false;
      if (seq) alternatives = seq.map((s) => Array.from(s, (ch) => ({ ch })));
    }
    if (!alternatives) continue;
    for (const alt of alternatives) {
      if (!expand([...prefix, ...alt, ...suffix], out, limit, budget)) return false;
      if (out.length > limit) return false;
    }
    return true;
  }
  out.push(atoms);
  return out.length <= limit;
}

/** Every `{` with its matching `}` and its top-level commas, in one pass. */
function matchBraces(atoms: readonly Atom[]): Map<number, { close: number; commas: number[] }> {
  const out = new Map<number, { close: number; commas: number[] }>();
  const stack: { open: number; commas: number[] }[] = [];
  for (let j = 0; j < atoms.length; j++) {
    const a = atoms[j]!;
    if (!("ch" in a)) continue;
    if (a.ch === "{" && !isCh(atoms[j - 1], "$")) stack.push({ open: j, commas: [] });
    else if (a.ch === "}" && stack.length) {
      const top = stack.pop()!;
      out.set(top.open, { close: j, commas: top.commas });
    } else if (a.ch === "," && stack.length) stack[stack.length - 1]!.commas.push(j);
  }
  return out;
}

/** {x..y[..step]} for integers or single letters; null when the text is not a sequence. */
function sequence(inner: readonly Atom[], limit: number): string[] | null | "too-large" {
  if (!inner.every((a) => "ch" in a)) return null;
  const text = inner.map((a) => ("ch" in a ? a.ch : "")).join("");
  const m = /^(-?[0-9]+|[A-Za-z])\.\.(-?[0-9]+|[A-Za-z])(?:\.\.(-?[0-9]+))?$/.exec(text);
  if (!m) return null;
  const [, a, b, stepText] = m as unknown as [string, string, string, string | undefined];
  const numeric = /^-?[0-9]+$/.test(a) && /^-?[0-9]+$/.test(b);
  const letters = /^[A-Za-z]$/.test(a) && /^[A-Za-z]$/.test(b);
  if (!numeric && !letters) return null;
  let step = stepText === undefined ? 1 : Math.abs(Number(stepText));
  if (step === 0) step = 1;
  const x = numeric ? Number(a) : a.charCodeAt(0);
  const y = numeric ? Number(b) : b.charCodeAt(0);
  if (!Number.isSafeInteger(x) || !Number.isSafeInteger(y)) return "too-large";
  const count = Math.floor(Math.abs(y - x) / step) + 1;
  if (count > limit) return "too-large";
  const width = numeric && (/^-?0[0-9]/.test(a) || /^-?0[0-9]/.test(b)) ? Math.max(a.length, b.length) : 0;
  const out: string[] = [];
  const dir = y >= x ? 1 : -1;
  for (let k = 0, v = x; k < count; k++, v += dir * step) {
    if (!numeric) out.push(String.fromCharCode(v));
    else {
      const neg = v < 0;
      let digits = String(Math.abs(v));
      const pad = width - (neg ? 1 : 0);
      while (digits.length < pad) digits = "0" + digits;
      out.push((neg ? "-" : "") + digits);
    }
  }
  return out;
}
