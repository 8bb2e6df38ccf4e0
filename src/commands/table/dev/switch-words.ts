// perl's and ruby's switches, read as the interpreters read them (perl.c moreswitches, ruby.c
// proc_options). The table reads a bundle (`-lane`) letter by letter and gives an option with
// an optional value the rest of its word; perl and ruby take only a few characters after some
// switches (-0's octal digits, ruby's -W level, -K's one letter) and go on reading switches
// after them, so `perl -0e CODE` and `ruby -We CODE` run CODE where the table would read a script
// name. The words are split at those places before the table reads them.

import { type Arg, withValue } from "../../effects.ts";

/**
 * What follows a switch letter in its word: `flag` nothing of its own; `rest` the rest of the
 * word; `next` the rest of the word or, when that is empty, the next word; a RegExp the
 * characters it takes (matched at the start of the rest), after which more switches follow.
 */
type SwitchRule = "flag" | "rest" | "next" | RegExp;

/**
 * The words with each switch word split where the interpreter goes on reading switches after a
 * switch's own characters. Reading stops at the first word that is not a switch, at `--`, and
 * at a letter the rules do not know (the interpreter stops there too, with an error); a word
 * whose text is not known stops it as well (the table judges it).
 */
export function splitSwitchWords(args: readonly Arg[], rules: Readonly<Record<string, SwitchRule>>): readonly Arg[] {
  const out: Arg[] = [];
  // Own rules, not leadingOptions: switches cluster with values glued, per interpreter's letter rules.
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const w = arg.text;
    if (w === null || !w.startsWith("-") || w === "-" || w === "--") return [...out, ...args.slice(i)];
    // A long option (`ruby --disable-gems`) is one word; switches may follow it.
    if (w.startsWith("--")) {
      out.push(arg);
      continue;
    }
    let s = 1;
    let split: number | null = null;
    let takesNext = false;
    let known = true;
    word: while (s < w.length) {
      const rule = rules[w[s++]!];
      switch (rule) {
        case undefined:
          known = false;
          break word;
        case "flag":
          break;
        case "rest":
          break word;
        case "next":
          takesNext = s === w.length;
          break word;
        default: {
          s += rule.exec(w.slice(s))?.[0].length ?? 0;
          if (s < w.length) split = s;
          break word;
        }
      }
    }
    // `-D-e`: the interpreter stops with "Unrecognized switch: --e"; the word is left whole
    // for the table, which reads it as one option.
    if (split !== null && w[split] === "-") split = null;
    if (split !== null) {
      // What follows is read again as a word of its own: it may split once more (`-0777l0e`).
      return [...out, withValue(arg, w.slice(0, split), ""),
        ...splitSwitchWords([withValue(arg, "-" + w.slice(split), ""), ...args.slice(i + 1)], rules)];
    }
    out.push(arg);
    if (!known) return [...out, ...args.slice(i + 1)];
    if (takesNext && i + 1 < args.length) out.push(args[++i]!);
  }
  return out;
}

const flags = (letters: string): Record<string, SwitchRule> =>
  Object.fromEntries([...letters].map((c) => [c, "flag" as const]));

/**
 * perl 5.36 (perlrun): -0 and -l take octal digits (-0 also `x` and hex digits), -d `t` and
 * `:MOD`, -D letters; -e, -E and -I take a value, -F, -i, -x, -M, -m, -C and -V the rest.
 */
export const PERL_SWITCHES: Readonly<Record<string, SwitchRule>> = { ...flags("acgnpsStTuUwWXhv"),
  "0": /^(x[0-9a-fA-F]*|[0-7]*)/, l: /^[0-7]*/, d: /^t?(:.*)?/, D: /^[A-Za-z0-9]*/, e: "next", E: "next", I: "next",
  F: "rest", i: "rest", x: "rest", M: "rest", m: "rest", C: "rest", V: "rest" };

/**
 * ruby 3.1 (ruby(1), checked with ruby 3.1.2): -0 takes octal digits, -W a level digit or
 * `:category`, -T digits (older rubies), -K one letter, then more switches; -e, -I, -r, -C and
 * -E take a value, -x, -i and -F the rest.
 */
export const RUBY_SWITCHES: Readonly<Record<string, SwitchRule>> = { ...flags("acdlnpsSvwyUh"), "0": /^[0-7]*/,
  W: /^([0-2]|:.*)?/, T: /^[0-9]*/, K: /^./, e: "next", I: "next", r: "next", C: "next", E: "next", x: "rest",
  i: "rest", F: "rest" };
