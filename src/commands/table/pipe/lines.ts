// Line filters: commands whose output lines are some of their input lines, unchanged (or,
// with `tr '\n' '\0'`, the same names ended otherwise), so names from a listing stay names of
// that listing (src/shell/listing.ts). Each answers null for words it does not model: `head -c`
// cuts inside a name, `uniq FILE` reads a file instead. (grep's are in pipe/grep.ts.)

import type { LineFilter, PipeCall, PipeOutput } from "../../spec.ts";
import { appended } from "./mapped.ts";
import { splitS } from "./sed.ts";

const ONE = /^(-1|-n1|-n 1|--lines=1|--lines 1)$/;

const keep = (single = false): LineFilter => ({ single, sep: "keep" });

const flagsOf = (words: readonly string[]): string => words.filter((a) => a.startsWith("-")).join(" ");

/**
 * GNU sort, uniq and shuf (coreutils 9) end their last line with a newline: names ended by NUL
 * read without -z are one line, printed with `\n` after the last NUL — one more name, `⏎`, for
 * `xargs -0`. Such a listing is then not the names (tac and head add nothing).
 */
function endsLines(words: readonly string[], f: LineFilter): LineFilter {
  // (-z after letters that take no value: in `-tz` z is sort's separator, in `-n5z` shuf's count.)
  if (words.some((a) => /^-[a-zA-Z]*z/.test(a) && !/^-[a-zA-Z]*[ktoSTfswni0-9][a-zA-Z]*z/.test(a)) ||
    words.includes("--zero-terminated")) return f;
  // (With nothing to read, they print nothing.)
  return { ...f, sameNames: true, map: (l) => (l.sep === "\0" && l.reps.length > 0 ? null : l) };
}

/** A filter for the entry's names in `only` (others sharing the entry's options print otherwise). */
function filter(only: readonly string[], f: (words: readonly string[]) => LineFilter | null): PipeOutput {
  return { t: "filter", filter: (call: PipeCall) => (only.includes(call.name) ? f(call.texts) : null) };
}

// `sort -o FILE` prints nothing; the file is judged as sort's own write.
const sortsOnly = (words: readonly string[]) =>
  words.every((a) => a.startsWith("-") && !/^-[a-zA-Z]*o/.test(a) && !/^--(output|files0-from)/.test(a));
export const SORT_LINES = filter(["sort"], (words) => (sortsOnly(words) ? endsLines(words, keep()) : null));
export const TAC_LINES = filter(["tac"], (words) => (sortsOnly(words) ? keep() : null));

export const HEAD_TAIL_LINES = filter(["head", "tail"], (words) => {
  // Lines only: `-c`/`--bytes` cut inside a name; `tail -f` follows, with the same lines.
  if (/(^|\s)-[a-zA-Z0-9]*c|--bytes/.test(flagsOf(words))) return null;
  // (`--lines N` as two words, like `-n N`: the number is checked as the next word.)
  const ok = words.every((a, i) =>
    /^-([0-9]+|[nqvzf]+|n[+-]?[0-9]+)$|^--(lines(=[+-]?[0-9]+)?|quiet|silent|verbose|zero-terminated|follow)$/.test(
      a,
    ) || (/^[+-]?[0-9]+$/.test(a) && /^(-n|--lines)$/.test(words[i - 1] ?? ""))
  );
  return ok ? keep(ONE.test(words.join(" "))) : null;
});

export const UNIQ_LINES = filter(["uniq"], (words) => {
  if (/-[a-zA-Z]*c|--count|--group|--all-repeated/.test(flagsOf(words))) return null;
  // uniq IN OUT reads IN: no operand but the numbers -f, -s and -w take.
  return words.every((a, i) => a.startsWith("-") || (/^[0-9]+$/.test(a) && /^-[fsw]$/.test(words[i - 1] ?? "")))
    ? endsLines(words, keep())
    : null;
});

export const SHUF_LINES = filter(["shuf"],
  (words) =>
    words.every((a, i) =>
        /^-(n|-head-count)$|^-n[0-9]+$|^--head-count=[0-9]+$|^-z$/.test(a) ||
        (/^[0-9]+$/.test(a) && /^-(n|-head-count)$/.test(words[i - 1] ?? ""))
      )
      ? endsLines(words, keep(ONE.test(words.join(" "))))
      : null);

export const SED_LINES = filter(["sed"], (words) => {
  // -n with `p` of a line number or `$`, `Nq`, `Nd`: some lines, unchanged. Any other script may make any text.
  const quiet = words.some((a) => a === "-n" || a === "--quiet" || a === "--silent");
  const scripts = words.filter((a) => !/^(-n|--quiet|--silent|-z|--null-data)$/.test(a));
  if (scripts.length !== 1) return null;
  const script = scripts[0]!.replace(/^-e$/, "");
  if (quiet && /^([0-9]+|\$)p$/.test(script)) return keep(true);
  if (quiet && /^[0-9]+,([0-9]+|\$)p$/.test(script)) return keep();
  if (!quiet && /^1q$/.test(script)) return keep(true);
  if (!quiet && /^([0-9]+|\$)d$|^[0-9]+,([0-9]+|\$)d$|^[0-9]+q$/.test(script)) return keep();
  return null;
});

// Its output is its input; its files are its own writes.
export const TEE_LINES = filter(["tee"],
  (
    words,
  ) => (words.every((a) => !a.startsWith("-") || /^-[aip]+$|^--(append|ignore-interrupts|output-error(=\w+)?)$/.test(a))
    ? keep()
    : null));

export const TR_LINES = filter(["tr"], (words) => {
  // tr '\n' '\0' and back only change the separator.
  const nl = ["\\n", "\n"];
  const nul = ["\\0", "\\000"];
  if (words.length !== 2 || ![...nl, ...nul].includes(words[0]!) || ![...nl, ...nul].includes(words[1]!)) return null;
  return { single: false,
    sep: nul.includes(words[1]!) ? (nl.includes(words[0]!) ? "\0" : "keep") : nl.includes(words[0]!) ? "keep" : "\n" };
});

/**
 * awk programs that only choose whole lines, reading standard input: a pattern on the line's
 * number (`NR>5`, `NR==1`) or on the whole line (`/re/`, `!/re/`, `$0 ~ /re/`), `1`, with no
 * action or `{print}` / `{print $0}`. No option (-f, -v, -F), no file, no field, getline,
 * system() or redirection: awk prints each chosen record and a newline, so a listing ended by
 * newlines stays itself (one ended by NUL is one record to awk: not followed).
 */
export const AWK_LINES: PipeOutput = { t: "filter",
  filter: (call: PipeCall) => {
    if (call.texts.length !== 1) return null;
    const m =
      /^\s*(?:(NR\s*(==|!=|<=|>=|<|>)\s*[0-9]+)|(!?\s*\/(?:[^/\\\n]|\\[^\n])*\/)|(\$0\s*!?~\s*\/(?:[^/\\\n]|\\[^\n])*\/)|(1))?\s*(\{\s*print(?:\s+\$0)?\s*;?\s*\})?\s*$/
        .exec(call.texts[0]!);
    if (m === null ||
      (m[1] === undefined && m[3] === undefined && m[4] === undefined && m[5] === undefined && m[6] === undefined))
    {
      return null;
    }
    const single = m[2] === "==" || (m[2] === "<" && /<\s*[01]$/.test(m[1]!)) ||
      (m[2] === "<=" && /<=\s*[01]$/.test(m[1]!));
    return { single, sep: "\n", sameNames: true, map: (l) => (l.sep === "\n" ? l : null) };
  } };

/**
 * `sed 's/$/LIT/'` (and `s/\(.*\)/\1LIT/`, `s/.*\/&LIT/`, -E's `s/(.*)/\1LIT/`) appends LIT to
 * each line: the names with LIT appended (pipe/mapped.ts). Lines end as the listing's names
 * do only with -z for NUL and without it for newlines.
 */
export const SED_APPEND = filter(["sed"], (words) => {
  let ere = false;
  let nul = false;
  const scripts: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const t = words[i]!;
    if (t === "-E" || t === "-r" || t === "--regexp-extended") ere = true;
    else if (t === "-z" || t === "--null-data") nul = true;
    else if (t === "-e" || t === "--expression") scripts.push(words[++i] ?? "");
    else if (t.startsWith("-")) return null;
    else scripts.push(t);
  }
  if (scripts.length !== 1) return null;
  const s = splitS(scripts[0]!.replace(/;?\s*$/, ""));
  if (s === null || !/^g?$/.test(s.flags)) return null;
  const { re, repl } = s;
  const group = ere ? "(.*)" : "\\(.*\\)";
  let lit: string | null = null;
  if (re === "$") lit = repl;
  else if (re === ".*" && repl.startsWith("&")) lit = repl.slice(1);
  else if ((re === group || re === `^${group}$` || re === `^${group}`) && repl.startsWith("\\1")) lit = repl.slice(2);
  // LIT is plain text (the delimiter is split out above, so an escaped one is refused with every other escape).
  if (lit === null || /[\\&\n]/.test(lit)) return null;
  const text = lit;
  return { single: false, sep: "keep", map: (l) => (l.sep === (nul ? "\0" : "\n") ? appended(l, text) : null) };
});
