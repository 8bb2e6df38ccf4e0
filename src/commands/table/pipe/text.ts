// Commands whose output is a text the guard can work out from their words (`echo`, `printf`),
// their standard input unchanged (`cat`), or only numbers (`wc -l`, `id -u`, `seq 5`: such a
// value cannot hold a path or a subscript).

import { decodeAnsiC } from "../../../shell/escapes.ts";
import type { PipeOutput } from "../../spec.ts";
import { withValue } from "../../effects.ts";
import { hasStandIn } from "../../../shell/words/env.ts";

export const ECHO_TEXT: PipeOutput = { t: "text",
  text: ({ texts, world, dialect }) => {
    let words = texts;
    let newline = true;
    let escapes: boolean | null = world.options.xpgEcho === null ? null : world.options.xpgEcho;
    // Own rules, not leadingOptions: echo's options are only clusters of n, e and E, and dash's only -n.
    while (words[0] && /^-[neE]+$/.test(words[0])) {
      // dash's echo takes no option but -n: it prints `-e` and `-E`.
      if (dialect !== "bash" && words[0] !== "-n") return null;
      for (const c of words[0].slice(1)) {
        if (c === "n") newline = false;
        else escapes = c === "e";
      }
      words = words.slice(1);
    }
    const text = words.join(" ");
    if (!text.includes("\\")) return text + (newline ? "\n" : "");
    // Escapes are decoded by bash with -e or xpg_echo on, and by dash and zsh always (`\056`
    // is `.`, `\c` ends the output): text with a backslash is then not what was written.
    if (dialect === "bash" && escapes === false) return text + (newline ? "\n" : "");
    // bash's own decoding, of the escapes it shares with $'…' (`echo -e "Icon\r"`); its
    // octal `\0nnn`, `\c` and the rest differ, and are not followed.
    if (dialect !== "bash" || escapes !== true || /\\([^\\abeEfnrtv]|$)/.test(text.replace(/\\\\/g, ""))) return null;
    const decoded = decodeAnsiC(text);
    return decoded === null ? null : decoded + (newline ? "\n" : "");
  } };

export const PRINTF_TEXT: PipeOutput = { t: "text",
  text: ({ texts }) => (texts.length === 0 ? null : simplePrintf(texts[0]!, texts.slice(1))) };

/** `cat` without operands prints what it reads. */
export const CAT_INPUT: PipeOutput = { t: "input", when: ({ args }) => args.length === 0 };

/**
 * `cat FILE` prints the file's text, which the interpreter reads as it reads `< FILE`; the path
 * is made absolute from cat's own working directory, since another segment of the pipeline may
 * read it from elsewhere. Not an option (`-n` numbers the lines), `-`, a stand-in for a
 * listing's names, or a working directory that is not known.
 */
export const CAT_FILE: PipeOutput = { t: "file", file: ({ args, texts, world }) => {
  const [arg] = args;
  const [text] = texts;
  if (args.length !== 1 || arg === undefined || text === undefined || text === "" || text.startsWith("-") ||
    arg.standIn || hasStandIn(arg)) return null;
  if (text.startsWith("/")) return arg;
  return world.cwd === null ? null : withValue(arg, `${world.cwd.replace(/\/$/, "")}/${text}`, "");
} };

/** pv's options that change only what it shows on the terminal (and how fast), not the bytes it copies. */
const PV_DISPLAY =
  /^-[pterIabnqlcW0]+$|^--(progress|timer|eta|fineta|rate|average-rate|bytes|numeric|quiet|line-mode|null|wait|cursor)$/;
const PV_VALUE = /^-[LsiwHNBD]$|^--(rate-limit|size|interval|width|height|name|buffer-size|delay-start)$/;

/**
 * `pv` without operands copies its input to its output unchanged. Not with options that stop
 * early (`-S`: a cut name is another name), watch other processes (`-d`, `-R`) or write
 * elsewhere: only those known to change the display or the pace.
 */
export const PV_INPUT: PipeOutput = { t: "input",
  when: ({ texts }) => {
    for (let k = 0; k < texts.length; k++) {
      if (PV_VALUE.test(texts[k]!) && k + 1 < texts.length) k++;
      else if (!PV_DISPLAY.test(texts[k]!)) return false;
    }
    return true;
  } };

/** printf with only %s (and %%, \n, \t): the format is reused until the arguments run out. */
export function simplePrintf(format: string, args: readonly string[]): string | null {
  if (/%(?![s%])/.test(format)) return null;
  // The format's escapes are decoded as $'…' decodes them (`\x2f` is `/`, `\057` too); one
  // that decodes to `%` would be literal to printf but a conversion here, and `\c` ends output.
  if (/\\c/.test(format)) return null;
  // printf writes a NUL byte where $'…' would end the string (`\0`, `\x00`, `\u0000`): those are
  // kept, so that `printf '%s\0' a b` feeds `xargs -0` two names.
  const NUL = "\uE000";
  if (format.includes(NUL)) return null;
  const marked = format.replace(
    /\\\\|\\0([0-7]{0,2})|\\x([0-9A-Fa-f]{1,2})|\\u([0-9A-Fa-f]{1,4})|\\U([0-9A-Fa-f]{1,8})/g,
    (m: string, o?: string, x?: string, u?: string, U?: string) => {
      if (m === "\\\\") return m;
      return (o !== undefined ? parseInt(o || "0", 8) : parseInt(x ?? u ?? U ?? "1", 16)) === 0 ? NUL : m;
    },
  );
  const plain = marked.includes("\\") ? decodeAnsiC(marked) : marked;
  const decoded = plain === null ? null : plain.replaceAll(NUL, "\0");
  if (decoded === null || (decoded.match(/%/g) ?? []).length !== (format.match(/%/g) ?? []).length) return null;
  const slots = (format.match(/%s/g) ?? []).length;
  let out = "";
  let i = 0;
  do {
    out += decoded.replace(/%s|%%/g, (m) => (m === "%%" ? "%" : args[i++] ?? ""));
  } while (slots > 0 && i < args.length);
  return out;
}

const optionsOf = (words: readonly string[]) => words.filter((a) => a.startsWith("-") && a !== "-");
const operandsOf = (words: readonly string[]) => words.filter((a) => !a.startsWith("-") || a === "-");

// With a file operand wc prints its name too.
export const WC_NUMBERS: PipeOutput = { t: "numbers",
  when: (_name, args) => {
    const options = optionsOf(args);
    return operandsOf(args).length === 0 && options.length > 0 &&
      options.every((o) => /^-[lcwmL]+$/.test(o) || /^--(lines|bytes|chars|words|max-line-length)$/.test(o));
  } };

/**
 * `git rev-list --count …`: a count, or with `--left-right` two counts and a tab (git 2.39:
 * with `--objects` too; `--pretty`, `--format` fail). `-C DIR` before the verb moves nothing
 * in the output. (A verb is a builtin before an alias: `rev-list` is git's.)
 */
export const GIT_COUNT_NUMBERS: PipeOutput = { t: "numbers",
  when: (_name, args) => {
    const verb = args[0] === "-C" ? 2 : 0;
    return args[verb] === "rev-list" && args.includes("--count") &&
      !args.some((a) => /^--(pretty|format|header|graph)/.test(a));
  } };

/**
 * `jq length FILE…`: a number per JSON value (an object's or array's size, a string's length,
 * a number's absolute value, 0 for null; a boolean is an error on stderr). Only the output
 * options that keep that shape; any other option (a filter from a file, arguments) is not
 * modelled.
 */
export const JQ_LENGTH_NUMBERS: PipeOutput = { t: "numbers",
  when: (_name, args) => {
    const filter = operandsOf(args)[0];
    return filter !== undefined && /^(['"]?)\s*(\.\s*\|\s*)?length\s*\1$/.test(filter) &&
      optionsOf(args).every((o) =>
        /^-[rcjesnM]+$/.test(o) ||
        /^--(raw-output|compact-output|slurp|null-input|exit-status|monochrome-output)$/.test(o)
      );
  } };

/** `id -u`, `nproc`: entries shared with other informational commands, told apart by name. */
export const ID_NPROC_NUMBERS: PipeOutput = { t: "numbers",
  when: (name,
    args) => (name === "id"
      ? args.length === 1 && /^-[rugG]+$/.test(args[0]!)
      : name === "nproc" && args.every((a) => /^--(all|ignore=[0-9]+)$/.test(a))) };

export const SEQ_NUMBERS: PipeOutput = { t: "numbers",
  when: (_name, args) => {
    const operands = operandsOf(args);
    return operands.length >= 1 && operands.length <= 3 && operands.every((o) => /^-?[0-9]+(\.[0-9]+)?$/.test(o)) &&
      optionsOf(args).every((o) => o === "-w" || /^-?[0-9]/.test(o));
  } };

/**
 * `shuf -i LO-HI [-n COUNT] [-r] [-z]`: numbers of the range, one per line (or NUL-ended); a
 * range it refuses prints nothing. Any other word (an operand, -e, -o, --random-source) is not modelled here.
 */
export const SHUF_NUMBERS: PipeOutput = { t: "numbers",
  when: (_name, args) => {
    let range = false;
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      const glued = /^(-i|--input-range=)([0-9]+-[0-9]+)$/.exec(a);
      if (glued) range = true;
      else if (a === "-i" || a === "--input-range") {
        if (!/^[0-9]+-[0-9]+$/.test(args[++i] ?? "")) return false;
        range = true;
      } else if (a === "-n" || a === "--head-count") {
        if (!/^[0-9]+$/.test(args[++i] ?? "")) return false;
      } else if (!/^(-n[0-9]+|--head-count=[0-9]+|-[rz]+|--repeat|--zero-terminated)$/.test(a)) return false;
    }
    return range;
  } };
