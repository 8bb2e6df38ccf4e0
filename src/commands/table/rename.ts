// rename: Perl's (Debian's `rename`, `prename`, `file-rename`) and util-linux's.

import { applySpec } from "../apply.ts";
import { type Arg, type Effect, withValue } from "../effects.ts";
import { cutProblem, isPlainName } from "../../shell/listing.ts";
import type { Analyser, Call, CommandSpec } from "../spec.ts";
import { issue, movedNames, optionalNone, optionItems, optionValues } from "./common.ts";
import { expandSpec, type TableSpec } from "./expand.ts";

/**
 * A substitution that cannot leave the directory of a name without a slash: `s/PAT/REPL/` or
 * `y/…/…/` with a replacement free of `/` and of escapes other than `\.`, `\-`, `\_` (`\x2f` is
 * a slash), and no `e` flag (which evaluates code).
 */
const SAFE_SUBSTITUTION = /^(s|y|tr)\/[^/]*\/([^/\\]|\\[.\-_ ])*\/[gixms]*$/;
/** util-linux's `rename FROM TO`: plain text. */
const PLAIN_TEXT = /^[A-Za-z0-9_ .,+=@%-]*$/;

/**
 * Which rename is installed is not known, and Perl's reads FROM as code: plain text is inert
 * there only without a quote-like operator (`s=src=..=` substitutes, `y=a=b=` transliterates)
 * and without a builtin that works on `$_` or the world (`readpipe` runs the name as a shell
 * command, `unlink` removes it, `do` and `require` run it as a file).
 */
const PERL_QUOTE_LIKE = /(^|[^A-Za-z0-9_])(s|y|tr|m|q|qq|qw|qx|qr)([^A-Za-z0-9_]|$)/;
const PERL_ACTIVE = new Set(["readpipe", "eval", "evalbytes", "do", "require", "use", "no", "system", "exec", "open",
  "sysopen", "syscall", "dump", "fork", "kill", "chdir", "chroot", "symlink", "link", "rename", "mkdir", "rmdir",
  "unlink", "truncate", "utime", "chmod", "chown", "glob", "readline", "readlink", "stat", "lstat", "opendir", "print",
  "printf", "say", "exit", "die", "warn", "sleep", "alarm", "socket", "connect", "bind", "send", "recv", "select",
  "ioctl", "fcntl", "flock", "pipe", "wait", "waitpid", "chop", "chomp", "lc", "uc", "lcfirst", "ucfirst", "sub",
  "BEGIN", "END", "goto", "local", "our", "my", "sprintf", "pack", "unpack", "reverse", "sort", "map", "grep", "join",
  "split", "substr", "sprintf", "shift", "pop", "push", "splice", "delete", "undef", "__FILE__", "__LINE__"]);

function inertAsPerl(text: string): boolean {
  return !PERL_QUOTE_LIKE.test(text) &&
    !(text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []).some((t) => PERL_ACTIVE.has(t) || /^(CORE|__)/.test(t));
}

/**
 * A Perl substitution whose pattern is literal text (escaped punctuation included), anchored at
 * the start or the end or neither, with a replacement of literal text and no flags but `g` and
 * `i`: what it does to a name can be computed here. Any delimiter but a letter, a digit, a
 * blank, a bracket or a backslash; the delimiter itself may not appear escaped.
 */
interface Literal {
  readonly lit: string;
  readonly start: boolean;
  readonly end: boolean;
  readonly repl: string;
  readonly global: boolean;
  readonly nocase: boolean;
}

function literalSubstitution(expr: string): Literal | null {
  const m = /^s([^A-Za-z0-9\s(){}[\]<>\\])(.*)$/s.exec(expr);
  if (!m) return null;
  const [pat, repl, flags, ...extra] = m[2]!.split(m[1]!);
  if (pat === undefined || repl === undefined || flags === undefined || extra.length || !/^[gi]*$/.test(flags)) {
    return null;
  }
  const start = pat.startsWith("^");
  const body = start ? pat.slice(1) : pat;
  const end = /(^|[^\\])\$$/.test(body);
  const lit = literalText(end ? body.slice(0, -1) : body, /[A-Za-z0-9_ ,%/-]/);
  // (`$` and `@` interpolate in a replacement; a backslash escapes or makes a class.)
  const r = literalText(repl, /[A-Za-z0-9_ ,.%+/-]/);
  if (lit === null || lit === "" || r === null || /[^\x20-\x7e]/.test(lit + r)) return null;
  return { lit, start, end, repl: r, global: flags.includes("g"), nocase: flags.includes("i") };
}

/** The text a regular expression or a replacement matches or makes when it is literal: `ok` characters and escaped punctuation. */
function literalText(s: string, ok: RegExp): string | null {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === "\\") {
      const n = s[++i];
      if (n === undefined || /[A-Za-z0-9]/.test(n)) return null;
      out += n;
    } else if (ok.test(c)) out += c;
    else return null;
  }
  return out;
}

/** Where the literal matches in `text` (start offsets), as Perl's s/// finds them. */
function matches(l: Literal, text: string): number[] {
  const hay = l.nocase ? text.toLowerCase() : text;
  const needle = l.nocase ? l.lit.toLowerCase() : l.lit;
  if (l.start) return hay.startsWith(needle) && (!l.end || hay.length === needle.length) ? [0] : [];
  if (l.end) return hay.endsWith(needle) ? [hay.length - needle.length] : [];
  const out: number[] = [];
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + needle.length)) {
    out.push(i);
    if (!l.global) break;
  }
  return out;
}

function substitute(l: Literal, text: string): string {
  let out = "";
  let at = 0;
  for (const i of matches(l, text)) {
    out += text.slice(at, i) + l.repl;
    at = i + l.lit.length;
  }
  return out + text.slice(at);
}

/** The directory a stand-in's names are under: find's `DIR/*` is a name under DIR. */
function standInDir(text: string): string {
  return text.replace(/\/\*$/, "") || "/";
}

/**
 * Whether a literal substitution on the whole path keeps every name a stand-in stands for
 * under its directory T (`find T | xargs rename …`, whose names are `T` and `T/…`): it must not
 * match in T itself (it would rename T, or move names out of it), and every component it
 * changes below T must not become `..` (a replacement with a character other than `.`, or a
 * match at the end, where a last component `..` only makes the rename fail).
 */
function keepsUnder(l: Literal, text: string): boolean {
  if (l.lit.includes("/") || l.repl.includes("/")) return false;
  const t = standInDir(text);
  const inT = l.start
    ? matches(l, t).length > 0
    : (l.nocase ? t.toLowerCase() : t).includes(l.nocase ? l.lit.toLowerCase() : l.lit);
  return !inT && (l.end || /[^.]/.test(l.repl));
}

/**
 * util-linux's rename replaces FROM by TO in the last component only (`rename x y dx/x.c` makes
 * `dx/y.c`): the first occurrence, every one with -a, the last with -l.
 */
function utilLinuxNew(path: string, from: string, to: string, all: boolean, last: boolean): string {
  const cut = path.lastIndexOf("/") + 1;
  const base = path.slice(cut);
  let out: string;
  if (all) out = base.split(from).join(to);
  else {
    const i = last ? base.lastIndexOf(from) : base.indexOf(from);
    out = i < 0 ? base : base.slice(0, i) + to + base.slice(i + from.length);
  }
  return path.slice(0, cut) + out;
}

/**
 * The first operand is Perl code for Perl's rename (any expression can run programs) and the
 * text to replace for util-linux's; the files are renamed to names computed from it. The new
 * names are judged where the guard can compute them: beside the old ones for a plain
 * substitution on a name without a slash; for a literal substitution (`s/\.c$/.cc/`,
 * `s/_test/_spec/g`) the new path itself, and for names a listing stands for, inside its
 * directory when the substitution cannot touch the directory's own text (`keepsUnder`); for
 * util-linux's, in the name's own directory. Anything else is a write to a name not known.
 */
const RENAME: TableSpec = { names: ["rename", "prename", "file-rename", "perl-rename"], flags: "vnfsailo0",
  long: ["--verbose", "--no-act", "--nono", "--force", "--symlink", "--all", "--last", "--no-overwrite",
    "--interactive", "--null", "--fullpath", "--path", "--filename", "--nopath", "--nofullpath"],
  options: { "-e": { value: "none", modes: ["code"] }, "-E": { value: "none", modes: ["code"] }, "-u": optionalNone,
    "--unicode": optionalNone }, operands: { all: "none" },
  custom: (ctx) => {
    const exprs = optionValues(ctx, "-e", "-E");
    const ops = ctx.operands;
    const [first, second] = ops;
    const literal = exprs.length === 0 && first?.text != null ? literalSubstitution(first.text) : null;
    const perl = exprs.length > 0 || literal !== null || (first?.text != null && SAFE_SUBSTITUTION.test(first.text));
    const code = exprs.length ? exprs : first ? [first] : [];
    const files = exprs.length ? ops : perl ? ops.slice(1) : ops.slice(2);
    const safe = perl
      ? code.every((e) => e.text !== null && (SAFE_SUBSTITUTION.test(e.text) || literalSubstitution(e.text) !== null))
      : first?.text != null && second?.text != null && PLAIN_TEXT.test(first.text) && PLAIN_TEXT.test(second.text) &&
        !second.text.includes("..") && inertAsPerl(first.text);
    if (!safe && code.some((e) => e.text === null || !PLAIN_TEXT.test(e.text) || !inertAsPerl(e.text))) {
      issue(ctx, "INLINE_CODE", `${ctx.name} runs ${code[0]?.source ?? "an expression"} as Perl code for each name`,
        code[0]?.span);
    }
    if (files.length === 0) {
      issue(ctx, "UNRESOLVED_PATH",
        `${ctx.name} renames files named on standard input, to names the guard cannot compute`);
      return;
    }
    if (!optionItems(ctx, "-n", "--no-act", "--nono").length) movedNames(ctx, files);
    const unknownName = (f: Arg) =>
      ctx.role(withValue(f, null, `the name ${ctx.name} gives ${f.source} is not known`), "write");
    // Read as util-linux's `FROM TO FILE…`, a file whose name holds FROM would be renamed with TO.
    const asUtilLinux = (f: Arg) =>
      perl && !exprs.length && first?.text != null &&
      (f.text === null || (f.standIn === true && /^[\p{L}\p{N}\p{M}._+,%@^-]+$/u.test(first.text)) ||
        f.text.slice(f.text.lastIndexOf("/") + 1).includes(first.text));
    for (const f of files) {
      ctx.role(f, "write");
      if (f !== files[0] && asUtilLinux(f)) unknownName(f);
      // (Case folding of text that is not ASCII is Perl's and the locale's, not JavaScript's.)
      if (!safe || f.text === null || (literal?.nocase && /[^\x00-\x7f]/.test(f.text))) unknownName(f);
      else if (!perl) {
        // util-linux: in the name's own directory (a stand-in's names are under it, or it is renamed beside itself).
        const all = optionItems(ctx, "-a", "--all").length > 0;
        // (-s renames what a symlink points to, wherever that is.)
        if (f.standIn && optionItems(ctx, "-s", "--symlink").length) unknownName(f);
        const renamed = utilLinuxNew(f.standIn ? standInDir(f.text) : f.text, first!.text!, second!.text!, all,
          optionItems(ctx, "-l", "--last").length > 0);
        if (f.standIn || f.text.includes("/")) ctx.role(withValue(f, renamed, ""), "write");
      } else if (f.standIn) {
        if (literal === null || !keepsUnder(literal, f.text)) unknownName(f);
      } else if (f.text.includes("/")) {
        // (A plain substitution on a name with a slash may turn `./x` into `/x`: only a literal one is computed.)
        if (literal === null) unknownName(f);
        else ctx.role(withValue(f, substitute(literal, f.text), ""), "write");
      }
    }
  } };

let expanded: CommandSpec | undefined;

/**
 * Perl's rename reads the names from standard input when it is given none (one a line, or
 * NUL-terminated with -0): the names of a listing (`find . -name '*.c' | rename 's/\.c$/.cc/'`)
 * or known text become its operands; anything else is not known.
 */
function rename(call: Call): Effect[] {
  const spec = (expanded ??= expandSpec(RENAME));
  const first = applySpec(call.name, spec, call.args, call.world, call.span, undefined, call.disk);
  const fromStdin = first.effects.some((e) =>
    e.t === "issue" && e.code === "UNRESOLVED_PATH" && e.message.includes("on standard input")
  );
  if (!fromStdin) return first.effects;
  const nul = call.args.some((a) =>
    a.text === "-0" || a.text === "--null" || (a.text !== null && /^-[a-zA-Z]*0/.test(a.text))
  );
  const s = call.stdin;
  let names: Arg[] | null = null;
  const effects: Effect[] = [];
  if (s.t === "listing") {
    // rename opens each line as a name: only the separator must end each whole.
    const why = cutProblem(s.listing, { ends: nul ? "\0" : "\n", special: "" }, false);
    if (why !== null) {
      return [...first.effects.filter((e) => !(e.t === "issue" && e.code === "UNRESOLVED_PATH")), { t: "issue",
        code: "UNRESOLVED_WORD",
        message: `${call.name} renames the names on its standard input, which it may not get whole (${why})`,
        span: call.span }];
    }
    for (const d of s.listing.reach) effects.push({ t: "path", arg: d, kind: "unknown" });
    names = [...s.listing.reps];
  } else if (s.t === "text") {
    names = s.text.split(nul ? "\0" : "\n").filter((l) => l !== "").map((l) => withValue(call.nameArg, l, ""));
  }
  if (names === null) return first.effects;
  // No name: nothing is renamed.
  if (names.length === 0) return first.effects.filter((e) => !(e.t === "issue" && e.code === "UNRESOLVED_PATH"));
  return [...effects,
    ...applySpec(call.name, spec, [...call.args,
      ...names.map((n) => (n.text?.startsWith("-") ? withValue(n, null, "a name that starts with -") : n))], call.world,
      call.span, undefined, call.disk).effects];
}

/**
 * Why a rename may make a name that is not plain (src/shell/listing.ts), or null: every name it
 * computes from a plain name is plain (kept beside the old one, above) when it is a
 * substitution `s/PAT/REPL/[gi]` (or util-linux's `FROM TO`) whose replacement is plain text
 * with a character other than `.`, not starting with `-`, so that every component it changes
 * holds that character, none starts with `-` and none is `.` or `..`. An expression holding a
 * blank matches only in names that hold one, which are not plain, and what it leaves of such a
 * name may not be plain either (`s/ /_/` replaces the first blank only).
 */
function computesOtherNames(ws: readonly string[]): string | null {
  const why = "may compute names that are not plain";
  const ops = ws.filter((w) => !w.startsWith("-"));
  const expr = ops[0];
  if (expr === undefined || ws.some((w) => w === "-e" || w === "-E") || /\s/.test(expr)) return why;
  const subst = /^s(.)(?:(?!\1).)*\1((?:(?!\1).)*)\1[gi]*$/.exec(expr);
  const repl = subst ? subst[2] : /^(s|y|tr)\W/.test(expr) ? undefined : ops[1];
  return repl !== undefined && isPlainName(repl) && /[^.]/.test(repl) ? null : why;
}

export const RENAME_ANALYSERS: readonly Analyser[] = [{ names: RENAME.names, analyse: rename,
  naming: { fact: "keeps", unless: computesOtherNames } }];
