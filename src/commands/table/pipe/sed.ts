// `sed s/RE/REPL/FLAGS` on known text, when the regular expression translates into a
// JavaScript one that matches exactly what GNU sed's does. POSIX matching is leftmost-longest
// and JavaScript's is leftmost-first: they agree when the expression has at most one
// quantifier and it is on a single character, a `.` or a bracket (the rest of the match has a
// fixed length, so the longest count that matches is the greedy one). With `g`, an expression
// that can match the empty string is refused too (GNU sed and JavaScript differ on `s/a*/x/g`
// right after a match). Anything else — alternation, intervals, back-references in the
// pattern, classes like `[[:alpha:]]`, GNU escapes like `\w` or `\+`, text outside ASCII —
// leaves the output unknown.

import type { PipeOutput } from "../../spec.ts";

const ASCII = /^[\x00-\x7f]*$/;

/** `s` with its delimiter split out: pattern, replacement, flags (escaped delimiters unescaped). */
export function splitS(script: string): { re: string; repl: string; flags: string } | null {
  if (!script.startsWith("s") || script.length < 4) return null;
  const d = script[1]!;
  // (`&` would be whole-match in the replacement, or itself when escaped: not modelled.)
  if (/[\\\n\sA-Za-z0-9&]/.test(d)) return null;
  const parts: string[] = [];
  let cur = "";
  for (let i = 2; i < script.length; i++) {
    const c = script[i]!;
    if (c === "[" && parts.length === 0) {
      // A bracket in the pattern runs to its `]` (one first, or after `^`, is itself); sed
      // versions differ on a delimiter inside one, so that is refused.
      let j = i + 1;
      if (script[j] === "^") j++;
      if (script[j] === "]") j++;
      while (j < script.length && script[j] !== "]") {
        if (script[j] === d || (script[j] === "[" && /[:=.]/.test(script[j + 1] ?? ""))) return null;
        j++;
      }
      if (j >= script.length) return null;
      cur += script.slice(i, j + 1);
      i = j;
      continue;
    }
    if (c === "\\" && i + 1 < script.length) {
      const n = script[++i]!;
      // `\d` for the delimiter is the delimiter itself (unless it is special: then refuse).
      if (n === d) {
        if (parts.length === 0 && /[.*[\]^$+?(){}|]/.test(d)) return null;
        cur += n;
      } else cur += "\\" + n;
      continue;
    }
    if (c === d && parts.length < 2) {
      parts.push(cur);
      cur = "";
      continue;
    }
    cur += c;
  }
  // An empty expression is the last one sed used: not this one.
  if (parts.length !== 2 || parts[0] === "") return null;
  return { re: parts[0]!, repl: parts[1]!, flags: cur };
}

const JS_SPECIAL = /[\\^$.*+?()[\]{}|/-]/;
const esc = (c: string) => (JS_SPECIAL.test(c) ? "\\" + c : c);

/** A bracket expression from `i` (at `[`): its JavaScript form and where it ends, or null. */
function bracket(re: string, i: number): { js: string; end: number } | null {
  let j = i + 1;
  let out = "[";
  if (re[j] === "^") {
    out += "^";
    j++;
  }
  let first = true;
  const items: string[] = [];
  for (; j < re.length; j++) {
    const c = re[j]!;
    if (c === "]" && !first) return { js: out + items.join("") + "]", end: j };
    first = false;
    // Classes, equivalence classes and collating symbols are the locale's.
    if (c === "[" && /[:=.]/.test(re[j + 1] ?? "")) return null;
    if (re[j + 1] === "-" && re[j + 2] !== undefined && re[j + 2] !== "]") {
      const to = re[j + 2]!;
      // Ranges follow the locale's collation, where letters of both cases may interleave
      // (`[a-z]` holding `B`): only digits are in the same order everywhere.
      if (!/[0-9]/.test(c) || !/[0-9]/.test(to) || to < c) return null;
      items.push(`${c}-${to}`);
      j += 2;
      continue;
    }
    // Inside brackets a backslash is itself; JavaScript's escapes of letters (`\d`, `\b`) are classes.
    items.push(/[A-Za-z0-9]/.test(c) ? c : c === "\n" ? "\\n" : "\\" + c);
  }
  return null;
}

/** A POSIX basic (or, `ere`, extended) expression as JavaScript, or null when not exactly. */
function translateRegex(re: string, ere: boolean): { js: string; groups: number; nullable: boolean } | null {
  let js = "";
  let quantifiers = 0;
  let solid = false;
  let groups = 0;
  let open = 0;
  /** Whether the last thing written is a single character, `.` or bracket (what a quantifier may follow). */
  let atom = false;
  let atomSolid = false;
  let solidBefore = false;
  /** What came last when it was not an atom: a quantifier after a group or a quantifier is refused. */
  let after: "start" | "open" | "close" | "quantifier" | "other" = "start";
  for (let i = 0; i < re.length; i++) {
    const c = re[i]!;
    const quant = c === "*" || (ere && (c === "+" || c === "?"));
    if (quant && !atom && (ere || after === "close" || after === "quantifier")) return null;
    if (quant) {
      // `*` first in a BRE (or after `\(` or `^`) is itself.
      if (!atom) {
        js += "\\*";
        solid = true;
        continue;
      }
      if (++quantifiers > 1) return null;
      js += c;
      // The atom may now match nothing: it no longer makes the expression non-empty.
      if (c !== "+" && atomSolid) solid = solidBefore;
      atom = false;
      after = "quantifier";
      continue;
    }
    solidBefore = solid;
    atom = false;
    after = "other";
    if (c === "\\") {
      const n = re[++i];
      if (n === undefined) return null;
      if (!ere && n === "(") {
        js += "(";
        groups++;
        open++;
        after = "open";
        continue;
      }
      if (!ere && n === ")") {
        if (open-- === 0) return null;
        js += ")";
        after = "close";
        continue;
      }
      // Only escapes of characters that are special: `\.`, `\*`, `\/`, `\\`, …; GNU's `\w`, `\+`, `\1`… are refused.
      if (!/[.*[\]^$\\/]/.test(n) && !(ere && /[+?(){}|]/.test(n))) return null;
      js += esc(n);
      atom = atomSolid = solid = true;
      continue;
    }
    if (ere && c === "(") {
      js += "(";
      groups++;
      open++;
      after = "open";
      continue;
    }
    if (ere && c === ")") {
      if (open-- === 0) return null;
      js += ")";
      after = "close";
      continue;
    }
    if (ere && (c === "|" || c === "{" || c === "}")) return null;
    if (c === "[") {
      const b = bracket(re, i);
      if (b === null) return null;
      js += b.js;
      i = b.end;
      atom = atomSolid = solid = true;
      continue;
    }
    if (c === "^") {
      if (i !== 0) return null;
      js += "^";
      continue;
    }
    if (c === "$") {
      if (i !== re.length - 1) return null;
      js += "$";
      continue;
    }
    if (c === ".") js += ".";
    else js += esc(c);
    atom = atomSolid = solid = true;
  }
  if (open !== 0) return null;
  return { js, groups, nullable: !solid };
}

/** The replacement as a function of a match, or null when it uses what is not modelled. */
function replacement(repl: string, groups: number): ((m: RegExpExecArray) => string) | null {
  const parts: (string | number)[] = [];
  for (let i = 0; i < repl.length; i++) {
    const c = repl[i]!;
    if (c === "&") parts.push(0);
    else if (c === "\\") {
      const n = repl[++i];
      if (n === undefined) return null;
      if (/[1-9]/.test(n)) {
        if (Number(n) > groups) return null;
        parts.push(Number(n));
      } else if (n === "n") parts.push("\n");
      else if (n === "&" || n === "\\" || n === "/") parts.push(n);
      else return null;
    } else if (c === "\n") return null;
    else parts.push(c);
  }
  return (m) => parts.map((p) => (typeof p === "number" ? m[p] ?? "" : p)).join("");
}

/** sed [-E|-r] [-e] 's/RE/REPL/[g]' reading standard input. */
export const SED_TEXT: PipeOutput = { t: "text",
  text: (call) => {
    if (call.name !== "sed") return null;
    let ere = false;
    const scripts: string[] = [];
    // Own rules, not leadingOptions: options may follow the script, and -e scripts are collected.
    for (let i = 0; i < call.texts.length; i++) {
      const t = call.texts[i]!;
      if (t === "-E" || t === "-r" || t === "--regexp-extended") ere = true;
      else if (t === "-e" || t === "--expression") {
        const v = call.texts[++i];
        if (v === undefined) return null;
        scripts.push(v);
      } else if (t.startsWith("-")) return null;
      else scripts.push(t);
    }
    // One script and no file: with -e given, a further operand would be a file.
    if (scripts.length !== 1) return null;
    const script = scripts[0]!;
    if (!ASCII.test(script)) return null;
    const s = splitS(script.replace(/;?\s*$/, ""));
    if (s === null || !/^g?$/.test(s.flags)) return null;
    const re = translateRegex(s.re, ere);
    if (re === null || (re.nullable && s.flags === "g")) return null;
    const repl = replacement(s.repl, re.groups);
    const text = repl && call.input();
    if (!repl || !text || text.t !== "text" || !ASCII.test(text.text)) return null;
    const ended = text.text.endsWith("\n");
    const lines = text.text === "" ? [] : (ended ? text.text.slice(0, -1) : text.text).split("\n");
    // (`s`: `.` matches a carriage return, as sed's does.)
    const rx = new RegExp(re.js, s.flags === "g" ? "gs" : "s");
    const out = lines.map((l) => l.replace(rx, (...args: unknown[]) => {
      const m = args.slice(0, re.groups + 1) as string[];
      return repl(Object.assign(m, { index: 0, input: l }) as unknown as RegExpExecArray);
    }));
    return out.length ? out.join("\n") + (ended ? "\n" : "") : "";
  } };
