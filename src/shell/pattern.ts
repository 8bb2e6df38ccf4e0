// Bash patterns (globs, case patterns, ${x#pattern}) compiled to regular expressions.
// Quoted characters match themselves; only unquoted ones are special.

export interface PatternChar {
  readonly c: string;
  readonly quoted: boolean;
}

interface PatternOptions {
  /** Pathname expansion: `*` and `?` never match `/`, and a leading `.` must be explicit. */
  readonly pathname: boolean;
  readonly extglob: boolean;
  readonly nocase: boolean;
  readonly dotglob: boolean;
}

const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|/]/;

function esc(c: string): string {
  return REGEX_SPECIAL.test(c) ? "\\" + c : c;
}

const CLASSES: Record<string, string> = { alnum: "a-zA-Z0-9", alpha: "a-zA-Z", blank: " \\t", cntrl: "\\x00-\\x1f\\x7f",
  digit: "0-9", graph: "!-~", lower: "a-z", print: " -~", punct: "!-\\/:-@\\[-`{-~", space: " \\t\\n\\r\\f\\v",
  upper: "A-Z", word: "a-zA-Z0-9_", xdigit: "0-9A-Fa-f" };

/** True when the characters hold an unquoted pattern character. */
export function hasPatternChars(chars: readonly PatternChar[], extglob: boolean): boolean {
  for (let i = 0; i < chars.length; i++) {
    const { c, quoted } = chars[i]!;
    if (quoted) continue;
    if (c === "*" || c === "?") return true;
    if (c === "[" && bracketEnd(chars, i) !== -1) return true;
    if (extglob && (c === "+" || c === "@" || c === "!") && chars[i + 1]?.c === "(" && !chars[i + 1]!.quoted) {
      return true;
    }
  }
  return false;
}

/** `bracketEnd` when a bracket expression is one bash reads in a way the guard does not model. */
const UNREADABLE = -2;

/**
 * Index of the `]` closing a bracket expression opened at `i`; -1 when the `[` is a literal
 * character; UNREADABLE when there is a close but the guard cannot tell what bash makes of the
 * inside (an unclosed `[.` or `[=` before it: `[[.a]` matches neither `a` nor `a]` in bash).
 */
function bracketEnd(chars: readonly PatternChar[], i: number): number {
  let j = i + 1;
  let unreadable = false;
  if (chars[j] && !chars[j]!.quoted && (chars[j]!.c === "!" || chars[j]!.c === "^")) j++;
  if (chars[j] && chars[j]!.c === "]") j++;
  for (; j < chars.length; j++) {
    const ch = chars[j]!;
    const delim = chars[j + 1]?.c;
    if (!ch.quoted && ch.c === "[" && (delim === ":" || delim === "." || delim === "=")) {
      const close = delim === ":" ? findClassClose(chars, j + 2) : findDelimitedClose(chars, j + 2, delim);
      if (close > 0) {
        j = close + 1;
        continue;
      }
      if (delim !== ":") unreadable = true;
    }
    if (ch.c === "]" && !ch.quoted) return unreadable ? UNREADABLE : j;
    if (ch.c === "/") return -1;
  }
  return -1;
}

function findClassClose(chars: readonly PatternChar[], from: number): number {
  for (let k = from; k + 1 < chars.length; k++) {
    if (chars[k]!.c === ":" && chars[k + 1]!.c === "]") return k;
    if (!/[a-z]/.test(chars[k]!.c)) return -1;
  }
  return -1;
}

/** The `.` of `.]` (or `=` of `=]`) ending a collating symbol or equivalence class, or -1. */
function findDelimitedClose(chars: readonly PatternChar[], from: number, delim: string): number {
  // `[.].]` names `]`: the first character is part of the name whatever it is.
  for (let k = from + 1; k + 1 < chars.length; k++) {
    if (chars[k]!.c === "/") return -1;
    if (chars[k]!.c === delim && chars[k + 1]!.c === "]") return k;
  }
  return -1;
}

/** Whether a string matches; null when the pattern cannot decide (unreadable, or too costly). */
type Matcher = (s: string) => boolean | null;

type Token = { readonly t: "char"; readonly c: string; readonly nocase: boolean } | { readonly t: "any" } | {
  readonly t: "star";
} | { readonly t: "class"; readonly re: RegExp };

/** Extglob patterns are matched with a regular expression, which may backtrack: only on short input. */
const EXTGLOB_SUBJECT_LIMIT = 128;

/**
 * Compiles a pattern to a matcher. Plain patterns (`*`, `?`, `[…]`) match in time linear in the
 * pattern times the subject, whatever they hold (a regular expression for `*a*a*a…b` backtracks
 * exponentially). Extglob patterns use a regular expression and only decide on short subjects.
 */
export function compileMatcher(chars: readonly PatternChar[], opts: PatternOptions): Matcher | null {
  const extglob = opts.extglob &&
    chars.some((ch, i) => !ch.quoted && "?*+@!".includes(ch.c) && chars[i + 1]?.c === "(" && !chars[i + 1]!.quoted);
  if (extglob) {
    const re = compilePattern(chars, opts);
    if (!re) return null;
    const sensitive = opts.nocase || chars.some((ch) => !ch.quoted && (ch.c === "?" || ch.c === "["));
    return (s) => ([...s].length > EXTGLOB_SUBJECT_LIMIT || (sensitive && NON_ASCII.test(s)) ? null : re.test(s));
  }
  const tokens = plainTokens(chars, opts);
  if (!tokens) return null;
  const sensitive = opts.nocase || tokens.some((t) => t.t === "any" || t.t === "class");
  const leadingDotNeeded = opts.pathname && !opts.dotglob;
  return (s) => {
    if (sensitive && NON_ASCII.test(s)) return null;
    const cps = Array.from(s);
    if (leadingDotNeeded && cps[0] === "." && !(tokens[0]?.t === "char" && tokens[0].c === ".")) return false;
    return matchTokens(tokens, cps, opts.pathname);
  };
}

/**
 * `?`, a bracket expression or nocase against a character that is not ASCII depends on the
 * locale: one character in a UTF-8 locale, several bytes in C; `é` is `[[:alpha:]]` in one and
 * not in the other, and equivalence classes differ by locale.
 */
const NON_ASCII = /[^\x00-\x7f]/;

/** The tokens of a plain pattern; null when a bracket expression in it is not modelled. */
function plainTokens(chars: readonly PatternChar[], opts: PatternOptions): Token[] | null {
  const tokens: Token[] = [];
  for (let i = 0; i < chars.length; i++) {
    const { c, quoted } = chars[i]!;
    if (!quoted && c === "*") {
      if (tokens[tokens.length - 1]?.t !== "star") tokens.push({ t: "star" });
      continue;
    }
    if (!quoted && c === "?") {
      tokens.push({ t: "any" });
      continue;
    }
    if (!quoted && c === "[") {
      const end = bracketEnd(chars, i);
      if (end === UNREADABLE) return null;
      if (end > 0) {
        const cls = bracketClass(chars, i + 1, end, opts.pathname);
        if (cls === null) return null;
        tokens.push({ t: "class", re: new RegExp(`^${cls}$`, opts.nocase ? "iu" : "u") });
        i = end;
        continue;
      }
    }
    tokens.push({ t: "char", c, nocase: opts.nocase });
  }
  return tokens;
}

function matchOne(tok: Token, ch: string, pathname: boolean): boolean {
  switch (tok.t) {
    case "char":
      return tok.nocase ? tok.c.toLowerCase() === ch.toLowerCase() : tok.c === ch;
    case "any":
      return !(pathname && ch === "/");
    case "class":
      return !(pathname && ch === "/") && tok.re.test(ch);
    case "star":
      return false;
  }
}

/** Greedy matching that backtracks only to the last `*`: O(pattern × subject). */
function matchTokens(tokens: readonly Token[], s: readonly string[], pathname: boolean): boolean {
  let p = 0;
  let i = 0;
  let starP = -1;
  let starI = 0;
  while (i < s.length) {
    const tok = tokens[p];
    if (tok && tok.t !== "star" && matchOne(tok, s[i]!, pathname)) {
      p++;
      i++;
    } else if (tok && tok.t === "star") {
      starP = p++;
      starI = i;
    } else if (starP >= 0 && !(pathname && s[starI] === "/")) {
      p = starP + 1;
      i = ++starI;
    } else return false;
  }
  while (tokens[p]?.t === "star") p++;
  return p === tokens.length;
}

/** Compiles a whole pattern (anchored). Returns null when it cannot be compiled. */
function compilePattern(chars: readonly PatternChar[], opts: PatternOptions): RegExp | null {
  const body = translate(chars, 0, chars.length, opts);
  if (body === null) return null;
  let src = body;
  if (opts.pathname && !opts.dotglob && !(chars[0]?.c === ".")) src = "(?!\\.)" + src;
  try {
    return new RegExp("^(?:" + src + ")$", opts.nocase ? "is" : "s");
  } catch {
    return null;
  }
}

function translate(chars: readonly PatternChar[], from: number, to: number, opts: PatternOptions): string | null {
  let out = "";
  const any = opts.pathname ? "[^/]" : "[\\s\\S]";
  for (let i = from; i < to; i++) {
    const { c, quoted } = chars[i]!;
    if (quoted) {
      out += esc(c);
      continue;
    }
    if (opts.extglob && "?*+@!".includes(c) && chars[i + 1]?.c === "(" && !chars[i + 1]!.quoted) {
      const close = matchParen(chars, i + 1, to);
      if (close > 0) {
        const alts = splitAlternatives(chars, i + 2, close).map((a) =>
          translate(chars, a[0], a[1], { ...opts, dotglob: true })
        );
        if (alts.some((a) => a === null)) return null;
        const group = alts.join("|");
        if (c === "?") out += `(?:${group})?`;
        else if (c === "*") out += `(?:${group})*`;
        else if (c === "+") out += `(?:${group})+`;
        else if (c === "@") out += `(?:${group})`;
        else out += `(?:(?!(?:${group})$)${any}*)`;
        i = close;
        continue;
      }
    }
    if (c === "*") {
      out += any + "*";
      continue;
    }
    if (c === "?") {
      out += any;
      continue;
    }
    if (c === "[") {
      const end = bracketEnd(chars, i);
      if (end === UNREADABLE) return null;
      if (end > 0) {
        const cls = bracketClass(chars, i + 1, end, opts.pathname);
        if (cls === null) return null;
        out += cls;
        i = end;
        continue;
      }
    }
    out += esc(c);
  }
  return out;
}

function matchParen(chars: readonly PatternChar[], open: number, to: number): number {
  let depth = 0;
  for (let i = open; i < to; i++) {
    const ch = chars[i]!;
    if (ch.quoted) continue;
    // A bracket expression holds `(`, `)` and `|` as characters: `@([)|])`.
    if (ch.c === "[") i = skipBracket(chars, i);
    else if (ch.c === "(") depth++;
    else if (ch.c === ")" && --depth === 0) return i;
  }
  return -1;
}

function splitAlternatives(chars: readonly PatternChar[], from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  let depth = 0;
  let start = from;
  for (let i = from; i < to; i++) {
    const ch = chars[i]!;
    if (ch.quoted) continue;
    if (ch.c === "[") i = skipBracket(chars, i);
    else if (ch.c === "(") depth++;
    else if (ch.c === ")") depth--;
    else if (ch.c === "|" && depth === 0) {
      out.push([start, i]);
      start = i + 1;
    }
  }
  out.push([start, to]);
  return out;
}

/** The last index of a bracket expression opened at `i`, or `i` when the `[` is a character. */
function skipBracket(chars: readonly PatternChar[], i: number): number {
  const end = bracketEnd(chars, i);
  return end > 0 ? end : i;
}

/** One element of a bracket expression: a character, or a set as regex class text. */
type BracketElement = { readonly c: string } | { readonly set: string };

/**
 * A bracket expression as a regex class. A negated one matches `/` except in a pathname. Null
 * when an element is not modelled: multi-character collating names (`[.hyphen.]` is `-` to
 * glibc), non-ASCII names or range ends, unknown classes, and equivalence classes, which bash
 * 5.2 matches erratically (`[[=a=]][[:upper:]]` matches `A` and `]`, `[![=a=]]x` matches
 * nothing) and glibc locales widen (`[=e=]` may hold `é`).
 */
function bracketClass(chars: readonly PatternChar[], from: number, end: number, pathname: boolean): string | null {
  let i = from;
  let negate = false;
  if (!chars[i]!.quoted && (chars[i]!.c === "!" || chars[i]!.c === "^")) {
    negate = true;
    i++;
  }
  let body = "";
  while (i < end) {
    const first = bracketElement(chars, i);
    if (!first) return null;
    i = first.next;
    const lo = first.el;
    if ("c" in lo && chars[i]?.c === "-" && !chars[i]!.quoted && i + 1 < end) {
      const second = bracketElement(chars, i + 1);
      if (!second || !("c" in second.el)) return null;
      i = second.next;
      const hi = second.el.c;
      if (NON_ASCII.test(lo.c + hi)) return null;
      // A reversed range matches nothing.
      if (lo.c <= hi) body += classEsc(lo.c) + "-" + classEsc(hi);
      continue;
    }
    body += "c" in lo ? classEsc(lo.c) : lo.set;
  }
  if (negate) return `[^${body}${pathname ? "/" : ""}]`;
  return body === "" ? "(?!)" : `[${body}]`;
}

/** Reads the element at `i` (before the closing `]`); null when it is not modelled. */
function bracketElement(chars: readonly PatternChar[], i: number): { el: BracketElement; next: number } | null {
  const ch = chars[i]!;
  const delim = chars[i + 1]?.c;
  if (!ch.quoted && ch.c === "[" && delim === ":") {
    const close = findClassClose(chars, i + 2);
    if (close > 0) {
      const cls = CLASSES[chars.slice(i + 2, close).map((x) => x.c).join("")];
      return cls === undefined ? null : { el: { set: cls }, next: close + 2 };
    }
  }
  if (!ch.quoted && ch.c === "[" && (delim === "." || delim === "=")) {
    const close = findDelimitedClose(chars, i + 2, delim);
    if (close > 0) {
      const name = chars.slice(i + 2, close).map((x) => x.c).join("");
      if (delim === "=" || name.length !== 1 || NON_ASCII.test(name)) return null;
      return { el: { c: name }, next: close + 2 };
    }
  }
  return { el: { c: ch.c }, next: i + 1 };
}

function classEsc(c: string): string {
  return c === "\\" || c === "]" || c === "[" || c === "^" || c === "-" || c === "/" ? "\\" + c : c;
}
