// Commands whose output is a pure function of their words and of their known input text:
// dirname, basename, tr, cut, rev, and head, tail and uniq on text. Each follows GNU coreutils
// (checked against it in test/pipe-text.test.ts) and answers null for any option, set or
// list it does not model, or input it cannot treat as the tool would (bytes outside ASCII,
// where a locale decides what a character is).

import type { PipeCall, PipeOutput } from "../../spec.ts";
import { scan } from "./options.ts";

const ASCII = /^[\x00-\x7f]*$/;

/** The text the command reads, when it is known text. */
function inputText(call: PipeCall): string | null {
  const s = call.input();
  return s.t === "text" ? s.text : null;
}

/** Lines of a text, and whether the last one ended with a newline. */
export function linesOf(text: string): { lines: string[]; ended: boolean } {
  if (text === "") return { lines: [], ended: true };
  const ended = text.endsWith("\n");
  const lines = (ended ? text.slice(0, -1) : text).split("\n");
  return { lines, ended };
}

const joinLines = (lines: readonly string[],
  ended: boolean): string => (lines.length === 0 ? "" : lines.join("\n") + (ended ? "\n" : ""));

/** gnulib's last_component: after the last slash that is not trailing. */
function lastComponent(p: string): number {
  let base = 0;
  while (p[base] === "/") base++;
  let sawSlash = false;
  for (let i = base; i < p.length; i++) {
    if (p[i] === "/") sawSlash = true;
    else if (sawSlash) {
      base = i;
      sawSlash = false;
    }
  }
  return base;
}

/** GNU dirname of one name (Linux: `//` is not a root of its own). */
function dirnameOf(p: string): string {
  const prefix = p.startsWith("/") ? 1 : 0;
  let length = lastComponent(p);
  while (prefix < length && p[length - 1] === "/") length--;
  return length === 0 ? "." : p.slice(0, length);
}

/** GNU basename of one name, with a suffix removed unless it is the whole name. */
function basenameOf(p: string, suffix: string | null): string {
  if (p === "") return "";
  let base = p.slice(lastComponent(p)).replace(/\/+$/, "");
  if (base === "") return "/";
  if (suffix && base.length > suffix.length && base.endsWith(suffix)) base = base.slice(0, -suffix.length);
  return base;
}

export const DIRNAME_TEXT: PipeOutput = { t: "text",
  text: ({ texts }) => {
    const o = scan(texts, "z", { "--zero": "z" }, "", {});
    if (o === null || o.operands.length === 0) return null;
    const end = o.set.has("z") ? "\0" : "\n";
    return o.operands.map((p) => dirnameOf(p) + end).join("");
  } };

export const BASENAME_TEXT: PipeOutput = { t: "text",
  text: ({ texts }) => {
    const o = scan(texts, "az", { "--multiple": "a", "--zero": "z" }, "s", { "--suffix": "s" });
    if (o === null || o.operands.length === 0) return null;
    const end = o.set.has("z") ? "\0" : "\n";
    const suffix = o.vals.get("s") ?? null;
    if (o.set.has("a") || suffix !== null) return o.operands.map((p) => basenameOf(p, suffix) + end).join("");
    // basename NAME [SUFFIX]: a third operand is an error.
    if (o.operands.length > 2) return null;
    return basenameOf(o.operands[0]!, o.operands[1] ?? null) + end;
  } };

/** The characters of a tr set: plain ASCII, ranges, and the escapes GNU tr reads; null otherwise. */
export function trSet(set: string): string | null {
  if (!ASCII.test(set) || set.includes("[")) return null;
  const chars: string[] = [];
  for (let i = 0; i < set.length; i++) {
    let c = set[i]!;
    if (c === "\\") {
      const n = set[++i];
      // A lone backslash at the end is itself, with a warning on standard error (see disk.ts).
      if (n === undefined) return null;
      else if (/[0-7]/.test(n)) {
        let oct = n;
        while (oct.length < 3 && /[0-7]/.test(set[i + 1] ?? "")) oct += set[++i];
        const v = parseInt(oct, 8);
        if (v > 0x7f) return null;
        c = String.fromCharCode(v);
      } else {
        const esc: Record<string, string> = { "\\": "\\", a: "\x07", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t",
          v: "\v" };
        if (!(n in esc)) return null;
        c = esc[n]!;
      }
    }
    // A range: `a-z`; a `-` first or last is itself.
    if (set[i + 1] === "-" && set[i + 2] === "\\") return null;
    if (set[i + 1] === "-" && i + 2 < set.length) {
      const to = set[i + 2]!;
      if (to.charCodeAt(0) < c.charCodeAt(0)) return null;
      for (let k = c.charCodeAt(0); k <= to.charCodeAt(0); k++) chars.push(String.fromCharCode(k));
      i += 2;
      continue;
    }
    chars.push(c);
  }
  return chars.join("");
}

export const TR_TEXT: PipeOutput = { t: "text",
  text: (call) => {
    const o = scan(call.texts, "ds", { "--delete": "d", "--squeeze-repeats": "s" }, "", {});
    if (o === null) return null;
    const sets = o.operands.map(trSet);
    if (sets.some((s) => s === null || s === "")) return null;
    const [a, b] = sets as string[];
    const del = o.set.has("d");
    const squeeze = o.set.has("s");
    // tr -d SET1; tr -s SET1; tr [-s] SET1 SET2 (SET2 padded with its last character).
    if (del && (squeeze || sets.length !== 1)) return null;
    if (!del && !squeeze && sets.length !== 2) return null;
    if (sets.length > 2) return null;
    const text = inputText(call);
    if (text === null) return null;
    const map = new Map<string, string>();
    if (b !== undefined) {
      for (let i = 0; i < a!.length; i++) {
        const to = b[Math.min(i, b.length - 1)]!;
        // A character listed twice with two meanings: which wins is tr's business.
        if (map.has(a![i]!) && map.get(a![i]!) !== to) return null;
        map.set(a![i]!, to);
      }
    }
    const squeezing = new Set(b ?? a);
    let out = "";
    for (const c of text) {
      if (del && a!.includes(c)) continue;
      const d = map.get(c) ?? c;
      if (squeeze && squeezing.has(d) && out.endsWith(d)) continue;
      out += d;
    }
    return out;
  } };

/** A cut list (`1,3-5,7-`, `-2`) as a test on 1-based positions; null when not one. */
function cutList(list: string): ((n: number) => boolean) | null {
  const ranges: [number, number][] = [];
  for (const part of list.split(",")) {
    const m = /^([0-9]*)(-?)([0-9]*)$/.exec(part);
    if (!m || (m[1] === "" && m[3] === "")) return null;
    const from = m[1] === "" ? 1 : Number(m[1]);
    const to = m[2] === "" ? from : m[3] === "" ? Infinity : Number(m[3]);
    if (from < 1 || to < from) return null;
    ranges.push([from, to]);
  }
  return (n) => ranges.some(([f, t]) => n >= f && n <= t);
}

export const CUT_TEXT: PipeOutput = { t: "text",
  text: (call) => {
    const o = scan(call.texts, "s", { "--only-delimited": "s" }, "dfc", { "--delimiter": "d", "--fields": "f",
      "--characters": "c" });
    // Standard input only (a file operand would be read), and one of -f and -c.
    if (o === null || o.operands.length > 0 || o.vals.has("f") === o.vals.has("c")) return null;
    const text = inputText(call);
    if (text === null || !ASCII.test(text)) return null;
    const { lines } = linesOf(text);
    const chars = o.vals.get("c");
    if (chars !== undefined) {
      const pick = cutList(chars);
      if (pick === null || o.vals.has("d") || o.set.has("s")) return null;
      return lines.map((l) => [...l].filter((_, i) => pick(i + 1)).join("") + "\n").join("");
    }
    const d = o.vals.get("d") ?? "\t";
    const pick = cutList(o.vals.get("f")!);
    if (pick === null || d.length !== 1 || d === "\n") return null;
    // A line without the delimiter is printed whole, unless -s; every line ends with a newline.
    return lines.filter((l) => l.includes(d) || !o.set.has("s")).map((l) =>
      (l.includes(d) ? l.split(d).filter((_, i) => pick(i + 1)).join(d) : l) + "\n"
    ).join("");
  } };

export const REV_TEXT: PipeOutput = { t: "text",
  text: (call) => {
    if (call.texts.length) return null;
    const text = inputText(call);
    if (text === null || !ASCII.test(text)) return null;
    const { lines, ended } = linesOf(text);
    return joinLines(lines.map((l) => [...l].reverse().join("")), ended);
  } };

/** `-n N`, `-N`, `-nN`, `--lines=N` (tail: `+N` from line N): how many lines, or null. */
function lineCount(texts: readonly string[], tail: boolean): { n: number; from: boolean } | null {
  const words = texts.length === 2 && /^(-n|--lines)$/.test(texts[0]!) ? [`-n${texts[1]}`] : texts;
  if (words.length === 0) return { n: 10, from: false };
  if (words.length !== 1) return null;
  const m = /^(?:-n|--lines=|-)(\+?)([0-9]+)$/.exec(words[0]!);
  if (!m || (m[1] === "+" && !tail)) return null;
  return { n: Number(m[2]), from: m[1] === "+" };
}

export const HEAD_TEXT: PipeOutput = { t: "text",
  text: (call) => {
    if (call.name !== "head") return null;
    const c = lineCount(call.texts, false);
    const text = c === null ? null : inputText(call);
    if (c === null || text === null) return null;
    const { lines, ended } = linesOf(text);
    return joinLines(lines.slice(0, c.n), c.n < lines.length || ended);
  } };

export const TAIL_TEXT: PipeOutput = { t: "text",
  text: (call) => {
    if (call.name !== "tail") return null;
    const c = lineCount(call.texts, true);
    const text = c === null ? null : inputText(call);
    if (c === null || text === null) return null;
    const { lines, ended } = linesOf(text);
    return joinLines(c.from ? lines.slice(Math.max(c.n - 1, 0)) : c.n === 0 ? [] : lines.slice(-c.n), ended);
  } };

export const UNIQ_TEXT: PipeOutput = { t: "text",
  text: (call) => {
    if (call.texts.length) return null;
    const text = inputText(call);
    if (text === null || !ASCII.test(text)) return null;
    const { lines } = linesOf(text);
    return lines.filter((l, i) => i === 0 || l !== lines[i - 1]).map((l) => l + "\n").join("");
  } };
