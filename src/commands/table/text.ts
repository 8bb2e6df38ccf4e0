// Text processors whose first word is a program: sed scripts, awk programs, jq and yq filters.
// The program is not a path, but it can name files (sed `w FILE`, awk `print > "f"`) and run
// commands (sed `e`, awk `system()`): each program is scanned for those, and a program the
// scanner cannot read is not trusted.

import { type Arg, type Effect, withValue } from "../effects.ts";
import { assignmentValue, each, issue, none, optionalNone, optionItems, optionValues, roleAs } from "./common.ts";
import type { TableSpec } from "./expand.ts";
import type { Analyser, Call } from "../spec.ts";
import { AWK_LINES } from "./pipe/lines.ts";
import { JQ_LENGTH_NUMBERS } from "./pipe/text.ts";
import { applyIO, newIO, type ProgramIO } from "./program-io.ts";
import { SED } from "./sed.ts";

// ---------------------------------------------------------------------------------------
// awk

type Tok = { readonly t: "str"; readonly v: string } | { readonly t: "re" } | { readonly t: "num" } | {
  readonly t: "id";
  readonly v: string;
} | { readonly t: "op"; readonly v: string } | { readonly t: "nl" };

const AWK_OPS = ["**=", ">>", "|&", "||", "&&", "==", "!=", "<=", ">=", "!~", "++", "--", "+=", "-=", "*=", "/=", "%=",
  "^=", "**"];
/** After these tokens a `/` starts a regular expression, not a division. */
const REGEX_AFTER_KEYWORD = new Set(["print", "printf", "return", "case", "do", "else", "in"]);

/** Tokens of an awk program; null when it cannot be read (an unterminated string or regex). */
function awkTokens(src: string): Tok[] | null {
  const toks: Tok[] = [];
  let i = 0;
  const n = src.length;
  const regexAllowed = (): boolean => {
    const p = toks[toks.length - 1];
    if (!p) return true;
    if (p.t === "str" || p.t === "num" || p.t === "re") return false;
    if (p.t === "id") return REGEX_AFTER_KEYWORD.has(p.v);
    if (p.t === "op") return !(p.v === ")" || p.v === "]" || p.v === "$" || p.v === "++" || p.v === "--");
    return true;
  };
  while (i < n) {
    const c = src[i]!;
    if (c === " " || c === "\t" || c === "\r") {
      i++;
      continue;
    }
    if (c === "\\" && src[i + 1] === "\n") {
      i += 2;
      continue;
    }
    if (c === "\n") {
      toks.push({ t: "nl" });
      i++;
      continue;
    }
    if (c === "#") {
      while (i < n && src[i] !== "\n") i++;
      continue;
    }
    if (c === '"') {
      let v = "";
      i++;
      for (;;) {
        if (i >= n || src[i] === "\n") return null;
        const d = src[i]!;
        if (d === '"') {
          i++;
          break;
        }
        if (d === "\\") {
          const e = src[i + 1];
          if (e === undefined) return null;
          const map: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", '"': '"', "/": "/", a: "\x07",
            b: "\b", f: "\f", v: "\v" };
          v += map[e] ?? "\\" + e;
          i += 2;
          continue;
        }
        v += d;
        i++;
      }
      toks.push({ t: "str", v });
      continue;
    }
    if (c === "/" && regexAllowed()) {
      i++;
      for (;;) {
        if (i >= n || src[i] === "\n") return null;
        const d = src[i]!;
        if (d === "\\") {
          i += 2;
          continue;
        }
        if (d === "[") {
          let j = i + 1;
          if (src[j] === "^") j++;
          if (src[j] === "]") j++;
          while (j < n && src[j] !== "]" && src[j] !== "\n") j += src[j] === "\\" ? 2 : 1;
          if (j >= n || src[j] === "\n") return null;
          i = j + 1;
          continue;
        }
        i++;
        if (d === "/") break;
      }
      toks.push({ t: "re" });
      continue;
    }
    if (/[0-9.]/.test(c) && (c !== "." || /[0-9]/.test(src[i + 1] ?? ""))) {
      while (i < n && /[0-9a-fA-FxX.eE]/.test(src[i]!)) i++;
      toks.push({ t: "num" });
      continue;
    }
    if (/[A-Za-z_@]/.test(c)) {
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_:]/.test(src[j]!)) j++;
      toks.push({ t: "id", v: src.slice(i, j) });
      i = j;
      continue;
    }
    const op = AWK_OPS.find((o) => src.startsWith(o, i)) ?? c;
    toks.push({ t: "op", v: op });
    i += op.length;
  }
  return toks;
}

function isTerminator(t: Tok | undefined): boolean {
  return t === undefined || t.t === "nl" || (t.t === "op" && (t.v === ";" || t.v === "}"));
}

/**
 * Scans an awk program for what touches files or runs commands: output redirection inside
 * print/printf, pipes to and from commands, getline from files, system(), close()/fflush() of
 * something, @include/@load. A literal file name becomes an access; a command, or a file name
 * the program computes, makes it opaque. Comparisons outside print (`$3 > 100`) are not
 * redirections.
 */
function scanAwk(program: string): ProgramIO {
  const io = newIO();
  const toks = awkTokens(program);
  if (toks === null) {
    io.opaque = "a program the guard cannot read";
    return io;
  }
  const opaque = (why: string) => {
    io.opaque ??= why;
  };
  let inPrint = false;
  let depth = 0;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const next = toks[i + 1];
    if (t.t === "id") {
      if (t.v === "print" || t.v === "printf") {
        inPrint = true;
        depth = 0;
      } else if (t.v === "system" && next?.t === "op" && next.v === "(") {
        opaque("system() runs a shell command");
      } else if (t.v === "close" || t.v === "fflush") {
        const arg = toks[i + 2];
        const close = toks[i + 3];
        const emptyCall = next?.t === "op" && next.v === "(" && arg?.t === "op" && arg.v === ")";
        const literal = next?.t === "op" && next.v === "(" && arg?.t === "str" && close?.t === "op" && close.v === ")";
        if (!emptyCall && !literal) opaque(`${t.v}() of a computed file or command`);
      } else if (t.v === "getline") {
        // getline [var] < FILE
        let j = i + 1;
        if (toks[j]?.t === "id" && !["getline"].includes((toks[j] as { v: string }).v)) j++;
        const lt = toks[j];
        if (lt?.t === "op" && lt.v === "<") {
          const target = toks[j + 1];
          if (target?.t === "str") io.reads.push(target.v);
          else opaque("getline reads from a computed file name");
          i = j + 1;
        }
      } else if (t.v === "@include" || t.v === "@load") opaque(`${t.v} loads code the guard does not read`);
      continue;
    }
    if (t.t !== "op") {
      if (t.t === "nl" && inPrint && depth === 0) inPrint = false;
      continue;
    }
    if (t.v === "|" || t.v === "|&") {
      if (next?.t === "id" && next.v === "getline") {
        // COMMAND | getline: the command is the expression before the pipe.
        opaque("getline reads the output of a shell command");
        continue;
      }
      if (inPrint && depth === 0) {
        opaque("print pipes into a shell command");
        inPrint = false;
        i++;
        continue;
      }
      opaque("a pipe the guard cannot read");
      continue;
    }
    if (!inPrint) continue;
    if (t.v === "(" || t.v === "[") depth++;
    else if (t.v === ")" || t.v === "]") {
      if (depth === 0) inPrint = false;
      else depth--;
    } else if (depth === 0 && (t.v === ";" || t.v === "}")) inPrint = false;
    else if (depth === 0 && (t.v === ">" || t.v === ">>")) {
      // print … > FILE: output redirection, not a comparison.
      if (next?.t === "str" && isTerminator(toks[i + 2])) io.writes.push(next.v);
      else opaque("print writes to a computed file name");
      inPrint = false;
      i++;
    }
  }
  return io;
}

const awkProgramFile = { value: "read", modes: ["progfile"] } as const;

/** `-W` options (gawk, mawk) that only change how the program is read or report something; abbreviations allowed. */
const AWK_HARMLESS_W = ["version", "usage", "help", "lint", "lint-old", "posix", "traditional", "compat", "copyleft",
  "copyright", "re-interval", "characters-as-bytes", "sandbox", "optimize", "no-optimize", "non-decimal-data",
  "use-lc-numeric", "bignum", "csv", "interactive", "posix_space", "sprintf", "random", "gen-pot"];

const AWK: TableSpec = { names: ["awk", "gawk", "mawk", "nawk", "original-awk"], pipe: [AWK_LINES],
  flags: "bcCghkMnNOPrsStV",
  long: ["--characters-as-bytes", "--traditional", "--copyright", "--gen-pot", "--help", "--bignum", "--use-lc-numeric",
    "--non-decimal-data", "--optimize", "--posix", "--re-interval", "--no-optimize", "--sandbox", "--lint-old",
    "--version", "--csv", "--persist"],
  options: {
    "-f": awkProgramFile,
    "--file": awkProgramFile,
    "-E": { ...awkProgramFile, ends: true },
    "--exec": { ...awkProgramFile, ends: true },
    "-e": { value: "none", modes: ["source"] },
    "--source": { value: "none", modes: ["source"] },
    "-i": { value: "none", modes: ["load"] },
    "--include": { value: "none", modes: ["load"] },
    "-l": { value: "none", modes: ["load"] },
    "--load": { value: "none", modes: ["load"] },
    ...each(none, "-v", "--assign", "-F", "--field-separator", "-W"),
    // gawk: without a file name these write awkvars.out / awkprof.out in the working directory.
    "-d": { value: "write", optional: true, modes: ["dump"] },
    "--dump-variables": { value: "write", optional: true, modes: ["dump"] },
    "-p": { value: "write", optional: true, modes: ["profile"] },
    "--profile": { value: "write", optional: true, modes: ["profile"] },
    "-o": { value: "write", optional: true, modes: ["profile"] },
    "--pretty-print": { value: "write", optional: true, modes: ["profile"] },
    // -D/--debug FILE reads debugger commands from FILE.
    "-D": { value: "generic", optional: true },
    "--debug": { value: "generic", optional: true },
    "-L": optionalNone,
    "--lint": optionalNone,
  }, operands: { first: "none", unlessModes: ["progfile", "source"], rest: "none" },
  custom: (ctx) => {
    const fromOperand = !ctx.modes.has("progfile") && !ctx.modes.has("source");
    const programs: Arg[] = optionValues(ctx, "-e", "--source");
    if (fromOperand && ctx.operands[0]) programs.push(ctx.operands[0]);
    for (const p of programs) {
      if (p.text === null) ctx.role(p, "generic");
      else applyIO(ctx, scanAwk(p.text), p);
    }
    // gawk -i inplace is the in-place editing extension that ships with gawk: the files are written.
    const inplace = optionValues(ctx, "-i", "--include").some((v) => v.text === "inplace" || v.text === "inplace.awk");
    // The one program file, inside a root and not written earlier, is read as an inline program
    // is (`awk -f x.awk` as `awk '…'`). Several sources make one program text, which a scan of
    // each alone would not see whole; -i/--include names a library looked up in AWKPATH.
    const files = optionValues(ctx, "-f", "--file", "-E", "--exec");
    const single = files.length === 1 && programs.length === 0 && optionItems(ctx, "-i", "--include").length === 0
      ? files[0]
      : undefined;
    for (const f of optionValues(ctx, "-f", "--file", "-E", "--exec", "-i", "--include")) {
      if (inplace && (f.text === "inplace" || f.text === "inplace.awk")) continue;
      const text = f === single && f.text !== null ? ctx.disk.readText(f.text) : null;
      if (text !== null) applyIO(ctx, scanAwk(text), f);
      else {
        issue(ctx, "OPAQUE_CODE", `${ctx.name} runs the program in ${f.source}, which the guard does not read`, f.span);
      }
    }
    for (const l of optionValues(ctx, "-l", "--load")) {
      issue(ctx, "OPAQUE_CODE", `${ctx.name} loads the extension ${l.source}`, l.span);
    }
    // -W NAME[=VALUE] is gawk's (and mawk's) spelling of any long option: `-W source=…`,
    // `-W file=…`, `-W exec …`, `-W load=…`, `-W dump-variables=F`. Only those that change
    // nothing but how the program is read are let through.
    for (const w of optionValues(ctx, "-W")) {
      const name = w.text?.split("=")[0] ?? null;
      if (name === null || name === "" || !AWK_HARMLESS_W.some((h) => h.startsWith(name))) {
        issue(ctx, "OPAQUE_CODE", `${ctx.name} -W ${w.source} may run or read a program, or write a file`, w.span);
      }
    }
    for (const it of optionItems(ctx, "-d", "--dump-variables", "-p", "--profile", "-o", "--pretty-print")) {
      if (!it.value) {
        roleAs(ctx, it.word, it.name.startsWith("-d") || it.name === "--dump-variables" ? "awkvars.out" : "awkprof.out",
          "write");
      }
    }
    // The rest are input files, except `var=value` assignments.
    for (const a of fromOperand ? ctx.operands.slice(1) : ctx.operands) {
      if (assignmentValue(a) === null) ctx.role(a, inplace ? "write" : "read");
    }
  } };

// ---------------------------------------------------------------------------------------
// jq and yq

const JQ_TWO_WORDS = new Set(["--arg", "--argjson", "--slurpfile", "--rawfile"]);
const JQ_FLAGS = new Set(["--seq", "--stream", "--stream-errors", "--slurp", "--raw-input", "--null-input",
  "--compact-output", "--tab", "--color-output", "--monochrome-output", "--ascii-output", "--unbuffered", "--sort-keys",
  "--raw-output", "--raw-output0", "--join-output", "--exit-status", "--binary", "--help", "--version",
  "--build-configuration", "--debug-dump-disasm", "--debug-trace", "--from-file", "--args", "--jsonargs", "-h", "-V"]);
const JQ_SHORT = "sRncCMajrSebhV0f";

/**
 * jq [options] FILTER [files…]: `--arg NAME VALUE` and friends take two words; `-f` makes the
 * first operand a filter file; after `--args`/`--jsonargs` operands are strings, not files.
 */
function jq(call: Call): Effect[] {
  const effects: Effect[] = [];
  const args = call.args;
  let fromFile = false;
  let stringArgs = false;
  let filterSeen = false;
  let endOfOptions = false;
  const operand = (a: Arg) => {
    if (!filterSeen) {
      filterSeen = true;
      if (fromFile) effects.push({ t: "path", arg: a, kind: "read" });
      else if (a.text === null) effects.push({ t: "generic", arg: a, operand: true });
      else if (/\b(import|include)\s*"/.test(a.text)) {
        effects.push({ t: "issue", code: "INLINE_CODE", message: "jq loads modules the guard does not read",
          span: a.span });
      }
      return;
    }
    if (!stringArgs) effects.push({ t: "path", arg: a, kind: "read" });
  };
  // Own rules, not leadingOptions: jq takes options anywhere, some with two values.
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const t = a.text;
    if (endOfOptions || t === null || t === "-" || !t.startsWith("-")) {
      operand(a);
      continue;
    }
    if (t === "--") {
      endOfOptions = true;
      continue;
    }
    if (JQ_TWO_WORDS.has(t)) {
      const file = args[i + 2];
      if ((t === "--slurpfile" || t === "--rawfile") && file) effects.push({ t: "path", arg: file, kind: "read" });
      i += 2;
      continue;
    }
    if (t === "--indent") {
      i++;
      continue;
    }
    if (t === "-L" || t === "--library-path" || t.startsWith("-L") || t.startsWith("--library-path=")) {
      const v = t === "-L" || t === "--library-path"
        ? args[++i]
        : withValue(a, t.startsWith("-L") ? t.slice(2) : t.slice(15), "");
      if (v) effects.push({ t: "path", arg: v, kind: "read" });
      continue;
    }
    if (t === "--args" || t === "--jsonargs") stringArgs = true;
    if (t === "-f" || t === "--from-file") fromFile = true;
    if (JQ_FLAGS.has(t)) continue;
    if (/^-[a-zA-Z0-9]+$/.test(t) && [...t.slice(1)].every((c) => JQ_SHORT.includes(c))) {
      if (t.includes("f")) fromFile = true;
      continue;
    }
    effects.push({ t: "generic", arg: a, operand: false });
  }
  return effects;
}

const YQ: TableSpec = { names: ["yq"], flags: "nPeCMNrjcSsaRyYxtV",
  long: ["--null-input", "--prettyPrint", "--exit-status", "--colors", "--no-colors", "--no-doc", "--unwrapScalar",
    "--front-matter", "--header-preprocess", "--verbose", "--version", "--help", "--tojson", "--slurp", "--raw-output",
    "--yaml-output", "--yaml-roundtrip", "--xml-output", "--toml-output", "--compact-output", "--sort-keys",
    "--ascii-output"],
  options: { "-i": { modes: ["inplace"] }, "--inplace": { modes: ["inplace"] }, "--in-place": { modes: ["inplace"] },
    ...each(none, "-o", "--output-format", "-p", "--input-format", "-I", "--indent", "--expression", "--arg",
      "--argjson", "--lua-prefix", "--lua-suffix", "--properties-separator", "--csv-separator",
      "--xml-attribute-prefix", "--xml-content-name"), "--from-file": { value: "read", modes: ["exprfile"] },
    "-s": { value: "none", modes: ["split"] }, "--split-exp": { value: "none", modes: ["split"] } },
  operands: { all: "none" },
  custom: (ctx) => {
    let ops = ctx.operands;
    // mikefarah's yq: an optional `eval`/`eval-all` subcommand comes first.
    if (ops[0]?.text !== undefined && ops[0].text !== null && ["eval", "e", "eval-all", "ea"].includes(ops[0].text)) {
      ops = ops.slice(1);
    }
    const exprGiven = ctx.modes.has("exprfile") || optionItems(ctx, "--expression").length > 0;
    const expr = exprGiven ? null : ops[0];
    const files = exprGiven ? ops : ops.slice(1);
    for (const e of [...(expr ? [expr] : []), ...optionValues(ctx, "--expression")]) {
      if (e.text === null) ctx.role(e, "generic");
      else if (/\bload(_[a-z0-9]+)?\s*\(/.test(e.text)) {
        issue(ctx, "INLINE_CODE", "yq's load() reads files the guard does not see", e.span);
      }
    }
    // The other yq (kislyuk's, Debian's) has no eval verb: `yq eval EXPR FILE` filters with
    // "eval" and reads EXPR as a file (strace: openat of it). So the word in the expression's
    // place is judged as a file too.
    if (expr && expr.text !== null && ops !== ctx.operands) ctx.role(expr, ctx.modes.has("inplace") ? "write" : "read");
    if (ctx.modes.has("split")) {
      issue(ctx, "UNRESOLVED_WORD", "yq --split-exp writes files whose names an expression computes");
    }
    for (const f of files) ctx.role(f, ctx.modes.has("inplace") ? "write" : "read");
  } };

const COLUMN: TableSpec = { names: ["column"], flags: "tnexLJRHdWJ",
  long: ["--table", "--table-noextreme", "--keep-empty-lines", "--fillrows", "--json", "--table-noheadings",
    "--table-header-as-columns", "--help", "--version"],
  options: {
    ...each(none, "-s", "--separator", "-o", "--output-separator", "-c", "--output-width", "-N", "--table-columns",
      "-l", "--table-columns-limit", "-r", "--table-tree", "-i", "--table-tree-id", "-p", "--table-tree-parent", "-E",
      "--table-noextreme", "-T", "--table-truncate", "-W", "--table-wrap", "-R", "--table-right", "-H", "--table-hide",
      "-n", "--table-name", "-O", "--table-order", "-C", "--table-column"),
  }, operands: { all: "read" } };

const PR: TableSpec = { names: ["pr"], numeric: true, flags: "acdfFmrtTJv",
  long: ["--across", "--show-control-chars", "--double-space", "--form-feed", "--merge", "--no-file-warnings",
    "--omit-header", "--omit-pagination", "--join-lines", "--show-nonprinting", "--help", "--version"],
  options: {
    ...each(none, "-D", "--date-format", "-h", "--header", "-l", "--length", "-N", "--first-line-number", "-o",
      "--indent", "-w", "--width", "-W", "--page-width", "--pages", "--columns"),
    ...each(optionalNone, "-e", "--expand-tabs", "-i", "--output-tabs", "-n", "--number-lines", "-s", "--separator",
      "-S", "--sep-string"),
  }, operands: { all: "read" } };

export const TEXT_SPECS: readonly TableSpec[] = [SED, AWK, YQ, COLUMN, PR];
export const TEXT_ANALYSERS: readonly Analyser[] = [{ names: ["jq", "gojq", "jaq"], analyse: jq,
  pipe: [JQ_LENGTH_NUMBERS] }];
