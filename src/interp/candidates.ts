// Path candidates: the texts in one argument word a program might open. Pure text work, kept
// apart from access.ts (which resolves and records them) so the rule can be read on its own.

import { fileUrlPath } from "../commands/apply.ts";

/**
 * The ways a program could read an argument as a path: the word itself; for an option word,
 * a value glued on (`-o../x`, `--out=../x`); and after `=` (`dd of=~/x`, `DESTDIR=/x`),
 * each `:`-separated piece of the value (`a=b:/x`); for a long option without `=`, what follows
 * its first `:` (`--out:../x`).
 */
export function pathCandidates(text: string): string[] {
  const found = wordCandidates(text);
  // A file URL is its path to most programs that take URLs (xdg-open, gio, a browser, urllib).
  if (!/file:/i.test(text)) return found;
  const out = new Set(found);
  for (const c of found) {
    const p = fileUrlPath(c);
    if (p !== null) out.add(p);
  }
  return [...out];
}

function wordCandidates(text: string): string[] {
  if (text === "-" || text === "--" || text === "") return [];
  // A word with blanks may be a command line the program hands to a shell (`fzf --preview
  // 'cat /etc/passwd'`, `watch 'ls ..'`): each of its words is a candidate too.
  if (/\s/.test(text)) {
    const out = new Set<string>([text]);
    for (const piece of text.split(/\s+/)) for (const c of wordCandidates(piece)) out.add(c);
    return [...out];
  }
  const eq = text.indexOf("=");
  // Most words: no option, no value — the word alone (without a Set and a closure for it).
  if (eq < 0 && !text.startsWith("-")) return [text];
  const out = new Set<string>();
  const addValue = (v: string) => {
    if (!v) return;
    out.add(v);
    if (v.includes(":")) { for (const piece of v.split(":")) if (piece) out.add(piece); }
  };
  if (!text.startsWith("-")) {
    out.add(text);
    if (eq > 0) addValue(text.slice(eq + 1));
    return [...out];
  }
  if (text.startsWith("--")) {
    if (eq > 0) addValue(text.slice(eq + 1));
    // `--out:FILE` (nim, and the /out: style of Windows tools ported over).
    else if (text.includes(":")) addValue(text.slice(text.indexOf(":") + 1));
    return [...out];
  }
  // Short options: the value may start after any option letter.
  for (let i = 2; i <= text.length - 1 && i <= 16; i++) out.add(text.slice(i));
  for (let i = 1; i < text.length; i++) if (text[i] === "/") out.add(text.slice(i));
  if (eq > 0) addValue(text.slice(eq + 1));
  return [...out];
}
