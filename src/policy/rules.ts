// Rule sets: an action, or an ordered map pattern → action where the last match wins.
// Path patterns are minimatch globs with dot files included; a pattern without `/` matches
// the basename at any depth, and `~/` stands for the home directory.

import { minimatch } from "minimatch";
import { type Decision, DECISIONS } from "../verdict.ts";

export interface Rule {
  readonly pattern: string;
  readonly action: Decision;
  /** Where the rule came from (a file, "defaults", "session"), for explanations. */
  readonly origin: string;
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

const cache = new Map<string, (p: string) => boolean>();

/** Does a path match a pattern? Patterns without `/` match the basename. */
export function pathMatches(pattern: string, path: string, home: string | null): boolean {
  const p = expandPatternHome(pattern, home);
  const key = p;
  let fn = cache.get(key);
  if (!fn) {
    if (p === "*" || p === "**") fn = () => true;
    else {
      const mm = new minimatch.Minimatch(p, { dot: true, matchBase: !p.includes("/"), nocomment: true, nonegate: true });
      fn = (x: string) => mm.match(x);
    }
    if (cache.size > 4096) cache.clear();
    cache.set(key, fn);
  }
  return fn(path);
}

/** Text patterns (bash command rules): `*` matches anything, including spaces and slashes. */
export function textMatches(pattern: string, text: string): boolean {
  let re = "";
  for (const c of pattern) re += c === "*" ? "[\\s\\S]*" : c === "?" ? "[\\s\\S]" : c.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
  return new RegExp("^" + re + "$").test(text);
}

/** The last rule matching `value`, or null. */
export function lastMatch(rules: RuleSet, matches: (pattern: string) => boolean): Rule | null {
  for (let i = rules.length - 1; i >= 0; i--) {
    const r = rules[i]!;
    if (matches(r.pattern)) return r;
  }
  return null;
}
