// Rule sets: an action, or an ordered map pattern → action where the last match wins.
// Path patterns are minimatch globs with dot files included; a pattern without `/` matches
// the basename at any depth, `dir/**` also matches `dir` itself, and `~/` stands for the home
// directory. Command patterns (the `bash` surface) are plain wildcards over the command text.

import { minimatch } from "minimatch";
import { type AccessKind, type Decision, DECISIONS, stricter } from "../base/verdict.ts";

export interface Rule {
  readonly pattern: string;
  readonly action: Decision;
  /** Where the rule came from (a file, "defaults", "agent"), for explanations. */
  readonly origin: string;
  /** The kinds of access the rule judges; absent, all (only built-in rules have it). */
  readonly kinds?: readonly AccessKind[];
  /** From a project file the user has not trusted: it may make a judgement stricter, never looser. */
  readonly tightenOnly?: boolean;
}

export type RuleSet = readonly Rule[];

export function isDecision(v: unknown): v is Decision {
  return typeof v === "string" && (DECISIONS as readonly string[]).includes(v);
}

/** Expands a leading `~/` (or a bare `~`) in a pattern to the home directory. */
export function expandPatternHome(pattern: string, home: string | null): string {
  if (home === null) return pattern;
  if (pattern === "~") return home;
  if (pattern.startsWith("~/")) return home.replace(/\/$/, "") + pattern.slice(1);
  return pattern;
}

type Matcher = { full: (p: string) => boolean; partial: (p: string) => boolean };
const cache = new Map<string, Matcher>();

function compile(p: string): Matcher {
  if (p === "*" || p === "**") return { full: () => true, partial: () => true };
  const mm = new minimatch.Minimatch(p, { dot: true, matchBase: !p.includes("/"), nocomment: true, nonegate: true });
  // Without this, a deny on `~/.ssh/**` would not cover `rm -rf ~/.ssh`, and an allow on
  // `/tmp/**` would still ask about `cd /tmp`.
  const self = p.endsWith("/**") ? p.slice(0, -3) : null;
  const selfMm = self && self !== ""
    ? new minimatch.Minimatch(self, { dot: true, nocomment: true, nonegate: true })
    : null;
  return { full: (x) => mm.match(x) || (selfMm !== null && selfMm.match(x)),
    partial: (x) => !p.includes("/") || mm.match(x, true) || (selfMm !== null && selfMm.match(x, true)) };
}

function matcher(pattern: string, home: string | null): Matcher {
  const p = expandPatternHome(pattern, home);
  let m = cache.get(p);
  if (!m) {
    m = compile(p);
    if (cache.size > 4096) cache.clear();
    cache.set(p, m);
  }
  return m;
}

/** Does a path match a pattern? */
export function pathMatches(pattern: string, path: string, home: string | null): boolean {
  return matcher(pattern, home).full(path);
}

/**
 * Could something below directory `dir` match the pattern? Used to skip subtrees while
 * scanning; a pattern without `/` can match at any depth.
 */
export function pathMayMatchBelow(pattern: string, dir: string, home: string | null): boolean {
  return matcher(pattern, home).partial(dir);
}

/** Escapes a literal path so that it matches only itself as a pattern. */
export function literalPattern(path: string): string {
  // minimatch.escape leaves braces alone, and `{a,b}` would expand.
  return minimatch.escape(path).replace(/[{}]/g, "\\$&");
}

/**
 * Command-text patterns: `*` matches anything (spaces and slashes included), `?` one
 * character; a trailing ` *` also matches nothing, so `git push *` covers `git push`.
 */
export function textMatches(pattern: string, text: string): boolean {
  if (pattern.endsWith(" *") && wildcardMatches(pattern.slice(0, -2), text)) return true;
  return wildcardMatches(pattern, text);
}

/**
 * `*` and `?` over UTF-16 code units (as the regular expression this replaces, which had no `u`
 * flag), in time linear in the text for a given pattern: a regular expression of several
 * `[\s\S]*` backtracks, and a 64 KiB command against `*a*a*a*b` took minutes. The pieces
 * between stars are found leftmost, one after the other: when a match exists, one exists with
 * every piece at its leftmost place after the previous one.
 */
function wildcardMatches(pattern: string, text: string): boolean {
  const pieces = pattern.split("*");
  const first = pieces[0]!;
  if (pieces.length === 1) return first.length === text.length && pieceAt(first, text, 0);
  const last = pieces[pieces.length - 1]!;
  const end = text.length - last.length;
  if (first.length > end || !pieceAt(first, text, 0) || !pieceAt(last, text, end)) return false;
  let at = first.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const piece = pieces[i]!;
    const found = findPiece(piece, text, at, end);
    if (found < 0) return false;
    at = found + piece.length;
  }
  return true;
}

/** Does `piece` (`?` for any one unit) stand at `at` in `text`? */
function pieceAt(piece: string, text: string, at: number): boolean {
  for (let j = 0; j < piece.length; j++) {
    const c = piece.charCodeAt(j);
    if (c !== 63 && c !== text.charCodeAt(at + j)) return false;
  }
  return true;
}

/** The leftmost place in `text[from, end)` where `piece` stands whole, or -1. */
function findPiece(piece: string, text: string, from: number, end: number): number {
  // Without a `?` the engine's own search does it.
  if (!piece.includes("?")) {
    const i = text.indexOf(piece, from);
    return i >= 0 && i + piece.length <= end ? i : -1;
  }
  for (let at = from; at + piece.length <= end; at++) if (pieceAt(piece, text, at)) return at;
  return -1;
}

/** Whether a rule set holds rules of an untrusted project file, worked out once per set. */
const withTight = new WeakMap<RuleSet, boolean>();

/**
 * The last rule whose pattern matches, or null. A rule from an untrusted project file
 * (`tightenOnly`) decides only when it is stricter than what the others decide: deny at any
 * scope wins, and its ask never lowers the user's deny (the strictest such rule counts).
 */
export function lastMatch(rules: RuleSet, matches: (pattern: string) => boolean): Rule | null {
  let any = withTight.get(rules);
  if (any === undefined) withTight.set(rules, any = rules.some((r) => r.tightenOnly));
  if (!any) {
    for (let i = rules.length - 1; i >= 0; i--) if (matches(rules[i]!.pattern)) return rules[i]!;
    return null;
  }
  let base: Rule | null = null;
  let tight: Rule | null = null;
  for (let i = rules.length - 1; i >= 0; i--) {
    const r = rules[i]!;
    if (r.tightenOnly) {
      if ((tight === null || (tight.action !== "deny" && r.action === "deny")) && matches(r.pattern)) tight = r;
      continue;
    }
    if (base === null && matches(r.pattern)) base = r;
  }
  if (tight === null) return base;
  if (base === null) return tight;
  return stricter(base.action, tight.action) === base.action ? base : tight;
}

/** The rule that decides the value `*`: only catch-all patterns match it (the seed's evaluate(tool, "*")). */
export function catchAll(rules: RuleSet, home: string | null): Rule | null {
  return lastMatch(rules, (p) => pathMatches(p, "*", home));
}

/**
 * The tool-level answer, for offering a tool at all. It is the catch-all's action — so
 * `{"*": "allow", "*.env": "deny"}` offers the tool — except that a catch-all deny followed
 * by rules that admit some paths (`{"*": "deny", "src/**": "allow"}`) is a path restriction,
 * not a blanket deny: evaluating `*` alone would hide a tool the rules let write to `src/`.
 * Then the answer is the least strict of those later rules.
 */
export function toolLevel(rules: RuleSet, matchesStar: (pattern: string) => boolean): Decision | null {
  const m = lastMatch(rules, matchesStar);
  if (!m) return null;
  if (m.action !== "deny") return m.action;
  const later = rules.slice(rules.lastIndexOf(m) + 1).map((r) => r.action);
  if (later.includes("allow")) return "allow";
  if (later.includes("ask")) return "ask";
  return "deny";
}

/** The rules that judge an access of this kind: all but those made for other kinds. */
export function rulesForKind(rules: RuleSet, kind: AccessKind | undefined): RuleSet {
  if (!rules.some((r) => r.kinds !== undefined)) return rules;
  // Without a kind (a question about any access), a rule for some kinds only is left out: it
  // can only allow, and leaving an allow out never loosens an answer.
  return rules.filter((r) => r.kinds === undefined || (kind !== undefined && r.kinds.includes(kind)));
}
