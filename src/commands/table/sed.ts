// sed: the script is not a path, but it can name files (`w FILE`, `r FILE`, `s///w FILE`) and
// run commands (`e`, `s///e`): the script is scanned for those, and one the scanner cannot read
// is not trusted.
//
// GNU and BSD sed read `-i` apart: GNU's takes its suffix only glued (`-i.bak`, `--in-place=.bak`),
// so in `sed -i '' 's/x/y/' f` the empty word is the script and `s/x/y/` a file it edits; BSD's
// (macOS, FreeBSD) takes the next word as the suffix, so there `s/x/y/` is the script and f the
// file. The guard cannot know which sed runs, so where the word after `-i` is one a BSD user
// writes as a suffix (empty, `.bak`, or an option word: `sed -i -e …` makes BSD's backup `f-e`)
// both readings' accesses are judged. As strace shows with GNU sed 4.9: a script whose first
// character is `.` is refused before any file is opened (`sed -i .bak -E 's/a/b/' f` touches
// nothing), and an in-place edit opens the file for reading, writes a temporary `sedXXXXXX`
// beside it and renames that onto the name; a file that is not there is an error and is not
// made. (Known limit: `sed -i SCRIPT FILE…` under BSD sed takes the first FILE as the script
// and SCRIPT as the suffix; that reading is not followed.)

import { type Arg, withValue } from "../effects.ts";
import { baseOfArg, issue, KEEPS, none, optionItems, optionValues, roleAs } from "./common.ts";
import type { TableSpec } from "./expand.ts";
import type { SpecContext } from "../spec.ts";
import { SED_APPEND, SED_LINES } from "./pipe/lines.ts";
import { SED_TEXT } from "./pipe/sed.ts";
import { SED_NAMES } from "./pipe/names-text.ts";
import { applyIO, newIO, type ProgramIO } from "./program-io.ts";

/** Scans a GNU sed script for the commands that read files, write files or run commands. */
function scanSed(script: string): ProgramIO {
  const io = newIO();
  const s = script;
  let i = 0;
  const n = s.length;
  const fail = (why: string) => {
    io.opaque ??= why;
    i = n;
  };
  // GNU, BSD and busybox sed all refuse these before running anything (each checked): an
  // unknown command that is not a letter or a digit (`...`, `‘s/a/b/’`), and after the flags of
  // an s command anything but a blank, `;`, a newline, `}` or `#` (`s/a/b/.`, `s/^/a/b/g`).
  const refuse = (why: string) => {
    if (io.writes.length === 0 && io.opaque === null) io.refused = true;
    fail(why);
  };
  const skipBlanks = () => {
    while (i < n && (s[i] === " " || s[i] === "\t")) i++;
  };
  const toEol = (): string => {
    const end = s.indexOf("\n", i);
    const text = s.slice(i, end < 0 ? n : end);
    i = end < 0 ? n : end;
    return text;
  };
  /** Skips a delimited part (`/re/`, the halves of `s` and `y`); brackets hold the delimiter in a regex. */
  const delimited = (delim: string, regex: boolean): boolean => {
    while (i < n) {
      const c = s[i]!;
      if (c === "\\") {
        i += 2;
        continue;
      }
      if (c === delim) {
        i++;
        return true;
      }
      if (regex && c === "[") {
        let j = i + 1;
        if (s[j] === "^") j++;
        if (s[j] === "]") j++;
        while (j < n && s[j] !== "]") {
          if (s[j] === "[" && (s[j + 1] === ":" || s[j + 1] === "." || s[j + 1] === "=")) {
            const close = s.indexOf(s[j + 1]! + "]", j + 2);
            j = close < 0 ? n : close + 2;
          } else j++;
        }
        if (j >= n) return false;
        i = j + 1;
        continue;
      }
      if (c === "\n" && !regex) {
        i++;
        continue;
      }
      if (c === "\n") return false;
      i++;
    }
    return false;
  };
  const address = (): boolean => {
    const c = s[i];
    if (c === undefined) return true;
    if (/[0-9]/.test(c)) {
      while (i < n && /[0-9~]/.test(s[i]!)) i++;
      return true;
    }
    if (c === "$") {
      i++;
      return true;
    }
    if (c === "/" || c === "\\") {
      let delim = "/";
      if (c === "\\") {
        delim = s[i + 1] ?? "";
        i++;
      }
      i++;
      if (!delimited(delim, true)) return false;
      while (s[i] === "I" || s[i] === "M") i++;
      return true;
    }
    return true;
  };
  while (i < n) {
    const c = s[i]!;
    if (c === " " || c === "\t" || c === "\n" || c === ";") {
      i++;
      continue;
    }
    if (c === "#") {
      toEol();
      continue;
    }
    if (!address()) return fail("an address the guard cannot read"), io;
    skipBlanks();
    if (s[i] === ",") {
      i++;
      skipBlanks();
      if (s[i] === "+" || s[i] === "~") i++;
      if (!address()) return fail("an address the guard cannot read"), io;
      skipBlanks();
    }
    while (s[i] === "!" || s[i] === " " || s[i] === "\t") i++;
    const cmd = s[i];
    if (cmd === undefined) break;
    i++;
    switch (cmd) {
      case "{":
      case "}":
      case "=":
      case "d":
      case "D":
      case "g":
      case "G":
      case "h":
      case "H":
      case "n":
      case "N":
      case "p":
      case "P":
      case "x":
      case "z":
      case "F":
        break;
      case "l":
      case "L":
      case "q":
      case "Q":
        skipBlanks();
        while (i < n && /[0-9]/.test(s[i]!)) i++;
        break;
      case ":":
        while (i < n && s[i] !== "\n" && s[i] !== ";") i++;
        break;
      case "b":
      case "t":
      case "T":
      case "v":
        skipBlanks();
        while (i < n && !/[\n;} \t]/.test(s[i]!)) i++;
        break;
      case "a":
      case "i":
      case "c": {
        // Text to the end of the line; a backslash before the newline continues it.
        skipBlanks();
        if (s[i] === "\\") {
          i++;
          if (s[i] === "\n") i++;
        }
        while (i < n && s[i] !== "\n") i += s[i] === "\\" ? 2 : 1;
        break;
      }
      case "r":
      case "R":
      case "w":
      case "W": {
        skipBlanks();
        const file = toEol();
        (cmd === "w" || cmd === "W" ? io.writes : io.reads).push(file);
        break;
      }
      case "e":
        skipBlanks();
        io.opaque ??= `the e command runs ${toEol().trim() ? "a shell command" : "the pattern space as a command"}`;
        break;
      case "y": {
        const delim = s[i++];
        if (delim === undefined || delim === "\n" || delim === "\\" || !delimited(delim, false) ||
          !delimited(delim, false)) return fail("a y command the guard cannot read"), io;
        break;
      }
      case "s": {
        const delim = s[i++];
        if (delim === undefined || delim === "\n" || delim === "\\" || !delimited(delim, true) ||
          !delimited(delim, false)) return fail("an s command the guard cannot read"), io;
        // Flags: g p i I m M e, a number, and `w FILE` to the end of the line.
        for (;;) {
          const f = s[i];
          if (f !== undefined && /[gpiImM0-9]/.test(f)) i++;
          else if (f === "e") {
            io.opaque ??= "the s///e flag runs the pattern space as a command";
            i++;
          } else if (f === "w") {
            i++;
            skipBlanks();
            io.writes.push(toEol());
            break;
          } else {
            if (f !== undefined && !/[ \t\n;}#]/.test(f)) {
              return refuse(`an s command with a flag (${f}) sed refuses`), io;
            }
            break;
          }
        }
        break;
      }
      default:
        if (!/[A-Za-z0-9]/.test(cmd)) return refuse(`a command (${cmd}) sed refuses`), io;
        return fail(`a command (${cmd}) the guard does not know`), io;
    }
  }
  return io;
}

function basenameOf(p: string): string {
  const t = p.replace(/\/+$/, "");
  return t.slice(t.lastIndexOf("/") + 1);
}

/** BSD sed's options (FreeBSD's getopt string `EI:ae:f:i:lnrsuz`; macOS's is a subset): flags, and those that take a value. */
const BSD_FLAGS = "Ealnrsuz";
const BSD_VALUE = "eIfi";

/** How BSD sed reads the words, where its `-i`/`-I` takes a word of its own as the suffix. */
interface BsdReading {
  readonly suffix: Arg;
  readonly scripts: readonly Arg[];
  readonly programFiles: readonly Arg[];
  readonly files: readonly Arg[];
}

/**
 * BSD sed's reading of the words (its getopt stops at the first operand and takes an option's
 * value from the rest of the cluster or the next word, `-` first or not), when the last `-i` or
 * `-I` took the next word as its suffix; null otherwise, when BSD sed refuses the words (an
 * option it does not know, a value missing, no script) or a word is not known (then GNU's
 * reading does not know it either).
 */
function bsdReading(args: readonly Arg[]): BsdReading | null {
  let suffix: Arg | null = null;
  const scripts: Arg[] = [];
  const programFiles: Arg[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === null) return null;
    if (t === "--") {
      i++;
      break;
    }
    if (!t.startsWith("-") || t === "-") break;
    for (let j = 1; j < t.length; j++) {
      const c = t[j]!;
      if (BSD_FLAGS.includes(c)) continue;
      if (!BSD_VALUE.includes(c)) return null;
      const glued = t.slice(j + 1);
      if (glued === "" && i + 1 >= args.length) return null;
      const v = glued !== "" ? withValue(args[i]!, glued, "") : args[++i]!;
      if (c === "e") scripts.push(v);
      else if (c === "f") programFiles.push(v);
      else suffix = glued === "" ? v : null;
      break;
    }
  }
  let operands = args.slice(i);
  if (scripts.length === 0 && programFiles.length === 0) {
    if (operands.length === 0) return null;
    scripts.push(operands[0]!);
    operands = operands.slice(1);
  }
  return suffix === null ? null : { suffix, scripts, programFiles, files: operands };
}

/** A word after `-i` that a BSD user writes as a suffix: empty, a dotted suffix, or an option word. */
const suffixLike = (t: string | null): boolean => t !== null && (t === "" || t.startsWith(".") || t.startsWith("-"));

/** An in-place edit: a write that replaces the file if it is there and makes no name (src/shell/listing.ts). */
function editInPlace(ctx: SpecContext, f: Arg): void {
  ctx.role(f, "write");
  if (f.text === null) return;
  const base = baseOfArg(ctx, f);
  ctx.emit({ t: "path", arg: f, kind: "write", keepsNames: "replaces", ...(base !== undefined ? { base } : {}) });
}

/** The scripts' accesses (joined by newlines, as both seds join `-e` pieces). */
function judgeScripts(ctx: SpecContext, scripts: readonly Arg[]): void {
  const standIn = scripts.find((s) => s.standIn);
  if (standIn) issue(ctx, "INLINE_CODE", `${ctx.name}: the script is a name a listing prints`, standIn.span);
  else if (scripts.some((s) => s.text === null)) {
    for (const s of scripts) if (s.text === null) ctx.role(s, "generic");
  } else if (scripts.length) applyIO(ctx, scanSed(scripts.map((s) => s.text).join("\n")), scripts[0]!);
}

/** The scripts are known and sed refuses them: it opens nothing, neither script files nor the files it was given. */
function refusedScripts(scripts: readonly Arg[], programFiles: readonly Arg[]): boolean {
  if (programFiles.length || scripts.length === 0 || scripts.some((s) => s.text === null || s.standIn)) return false;
  return scanSed(scripts.map((s) => s.text).join("\n")).refused === true;
}

/** GNU sed's reading: the words as the table parsed them. */
function gnuReading(ctx: SpecContext, bsd: BsdReading | null): void {
  const scripts: Arg[] = optionValues(ctx, "-e", "--expression");
  const fromOperand = !ctx.modes.has("script");
  if (fromOperand && ctx.operands[0]) scripts.push(ctx.operands[0]);
  // GNU sed refuses a script that starts with `.` before it opens anything (BSD's suffix `.bak`).
  if (bsd !== null && fromOperand && scripts.length === 1 && scripts[0] === bsd.suffix &&
    bsd.suffix.text!.startsWith(".")) return;
  if (refusedScripts(scripts, optionValues(ctx, "-f", "--file"))) return;
  const files = fromOperand ? ctx.operands.slice(1) : ctx.operands;
  for (const f of optionValues(ctx, "-f", "--file")) {
    if (!ctx.modes.has("sandbox")) {
      issue(ctx, "OPAQUE_CODE", `sed runs the script in ${f.source}, which can write files and run commands`, f.span);
    }
  }
  judgeScripts(ctx, scripts);
  const inPlace = ctx.modes.has("inplace");
  for (const f of files) {
    if (inPlace) editInPlace(ctx, f);
    else ctx.role(f, "read");
  }
  // The backup is a write: FILE+SUFFIX, or with `*` in the suffix FILE's name put there
  // (`-i'bak/*'` writes bak/FILE, elsewhere when it holds `/`).
  for (const it of optionItems(ctx, "-i", "--in-place")) {
    const suffix = it.value?.text;
    if (it.value && suffix === null) ctx.role(it.value, "generic");
    if (!suffix) continue;
    for (const f of files) {
      if (f.text === null) continue;
      const backup = suffix.includes("*") ? suffix.split("*").join(basenameOf(f.text)) : f.text + suffix;
      roleAs(ctx, f, backup, "write");
    }
  }
}

/** BSD sed's reading: its scripts, its files edited in place, and each backup FILE+SUFFIX (no `*` rule). */
function bsdAccesses(ctx: SpecContext, bsd: BsdReading): void {
  if (refusedScripts(bsd.scripts, bsd.programFiles)) return;
  for (const f of bsd.programFiles) {
    ctx.role(f, "read");
    issue(ctx, "OPAQUE_CODE", `sed runs the script in ${f.source}, which can write files and run commands`, f.span);
  }
  judgeScripts(ctx, bsd.scripts);
  const suffix = bsd.suffix.text!;
  for (const f of bsd.files) {
    editInPlace(ctx, f);
    if (suffix !== "" && f.text !== null) roleAs(ctx, f, f.text + suffix, "write");
  }
}

export const SED: TableSpec = {
  names: ["sed", "gsed"],
  // (Its backups with -i[SUFFIX] are among its writes, and its in-place edits make no name.)
  naming: KEEPS,
  flags: "nrEsuzb",
  long: ["--quiet", "--silent", "--regexp-extended", "--separate", "--unbuffered", "--null-data", "--binary", "--posix",
    "--debug", "--follow-symlinks", "--help", "--version"],
  options: {
    "-e": { value: "none", modes: ["script"] },
    "--expression": { value: "none", modes: ["script"] },
    "-f": { value: "read", modes: ["script"] },
    "--file": { value: "read", modes: ["script"] },
    // -i takes its suffix only glued (`-i.bak`, `--in-place=.bak`): `-i s/a/b/ f` edits f.
    "-i": { value: "none", optional: true, modes: ["inplace"] },
    "--in-place": { value: "none", optional: true, modes: ["inplace"] },
    "-l": none,
    "--line-length": none,
    "--sandbox": { modes: ["sandbox"] },
  },
  // (The script and the files are judged below, by both readings.)
  operands: { all: "none" },
  pipe: [SED_LINES, SED_APPEND, SED_NAMES, SED_TEXT],
  custom: (ctx) => {
    const bsd = bsdReading(ctx.args);
    const both = bsd !== null && suffixLike(bsd.suffix.text);
    gnuReading(ctx, both ? bsd : null);
    if (both) bsdAccesses(ctx, bsd);
  },
};
