// The verdict for people: the command with each offending span marked, then the reasons.
// Colour only when asked (the CLI asks on a TTY without NO_COLOR).

import type { Decision, Verdict } from "../base/verdict.ts";
import { escapeForPerson } from "./escape.ts";

const COLOR: Record<Decision, string> = { allow: "\x1b[32m", ask: "\x1b[33m", deny: "\x1b[31m" };
const RESET = "\x1b[0m";
const DIM = "\x1b[2m";

export function formatHuman(command: string, v: Verdict, opts: { color: boolean }): string {
  const paint = (d: Decision, s: string) => (opts.color ? COLOR[d] + s + RESET : s);
  const dim = (s: string) => (opts.color ? DIM + s + RESET : s);
  const out: string[] = [];
  const marks = v.reasons.filter((r) => r.decision !== "allow" && r.start !== undefined && r.end !== undefined);
  const lines = marks.length
    ? markLines(command, marks.map((r) => [r.start!, r.end!] as const), "  ", (s) => paint(v.decision, s))
    : [];
  out.push(paint(v.decision, v.decision.toUpperCase()));
  if (lines.length) out.push(...lines);
  else out.push("  " + escapeForPerson(oneLine(command)));
  for (const r of v.reasons) {
    out.push(`  ${paint(r.decision, r.decision.padEnd(5))} ${r.code}  ${escapeForPerson(r.message)}`);
  }
  if (v.containable) {
    out.push(dim(`  contained: a host that runs bash in the sandbox runs this there instead of asking`));
  }
  if (v.reasons.length === 0) {
    const n = v.accesses.length;
    out.push(dim(`  ${n} path${n === 1 ? "" : "s"} checked; all allowed`));
  }
  return out.join("\n") + "\n";
}

/** A surrogate pair starts at `k`: it is one character, shown (and marked) as one. */
function isHighSurrogate(s: string, k: number): boolean {
  const c = s.charCodeAt(k);
  const d = s.charCodeAt(k + 1);
  return c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff;
}

function dimNumber(n: number): string {
  return `${n}| `;
}

function oneLine(s: string): string {
  return s.includes("\n") ? s.split("\n")[0] + " …" : s;
}

/** The lines of the command that hold marked spans, each followed by a line of carets. */
function markLines(command: string, spans: readonly (readonly [number, number])[], indent: string,
  paint: (s: string) => string): string[]
{
  const out: string[] = [];
  const lines = command.split("\n");
  let offset = 0;
  for (const [i, line] of lines.entries()) {
    const start = offset;
    const end = offset + line.length;
    offset = end + 1;
    const marked = new Array<boolean>(line.length).fill(false);
    let any = false;
    for (const [s, e] of spans) {
      for (let k = Math.max(s, start); k < Math.min(Math.max(e, s + 1), end); k++) {
        marked[k - start] = true;
        any = true;
      }
    }
    if (!any) continue;
    // Each unit escaped on its own, so the carets under it are as wide as its escape.
    let shown = "";
    let carets = "";
    for (let k = 0; k < line.length; k++) {
      const c = escapeForPerson(isHighSurrogate(line, k) ? line.slice(k, k + 2) : line[k]!);
      shown += c;
      carets += (marked[k] ? "^" : " ").repeat(c.length);
      if (isHighSurrogate(line, k)) k++;
    }
    out.push(`${indent}${lines.length > 1 ? dimNumber(i + 1) : ""}${shown}`);
    out.push(indent + (lines.length > 1 ? " ".repeat(dimNumber(i + 1).length) : "") + paint(carets.trimEnd()));
  }
  return out;
}
