// `perl -e CODE` and its kin (`-ne`, `-pe`, `-pi -e`, `-lane`): the code is read by the inline
// analyser (src/commands/inline/perl.ts) and allowed when it is confined; then what it touches
// are the operands, which `<>` (or -n/-p) reads, and -i rewrites in place. Any option whose
// effect the analyser does not follow keeps the whole program INLINE_CODE.

import { syntheticArg } from "../../apply.ts";
import { type Arg, withValue } from "../../effects.ts";
import type { Base, SpecContext } from "../../spec.ts";
import { analyseInline } from "../../inline/index.ts";
import { type Custom, issue, optionItems, optionValues, spanOf } from "../common.ts";

/**
 * Options that change nothing the analysis depends on (perlrun): warnings, taint checks, `-c`
 * (compile only: BEGIN blocks still run, and are analysed like the rest), the loop and split
 * switches, line-ending and record handling (-l, -0, -g), Unicode features, and -i's backup
 * suffix (judged by inPlaceBackup). The rest load code (-M, -m, -I: the modules perl loads on
 * its own come from there, -d: the debugger and ~/.perldb), read the program elsewhere (-x, -S),
 * set variables from the operands (-s) or dump core (-u).
 */
const FOLLOWED = new Set(["-e", "-E", "-n", "-p", "-a", "-l", "-i", "-0", "-g", "-F", "-C", "-w", "-W", "-X", "-t",
  "-T", "-c"]);

/** Option values perl splices into the program or reads as numbers: only plain ones are followed. */
const PLAIN_VALUE: Readonly<Record<string, RegExp>> = {
  // -0 takes an octal or `x` hex record separator, -l an octal one; -C Unicode flags.
  "-0": /^([0-7]*|x[0-9A-Fa-f]+)$/,
  "-l": /^[0-7]*$/,
  "-C": /^[0-9A-Za-z]*$/,
  // -F's pattern becomes `split(/PATTERN/)` or `split(q\0PATTERN\0)` in the program (perlrun):
  // nothing that closes it, interpolates or runs code.
  "-F": /^\/?[\w\\:,.|!#%^*+?=~<>[\]-]*\/?$/,
};

/**
 * A name `<>` may open: with two-argument open, a leading `<`, `>`, `+` or `|`, a trailing `|`
 * and surrounding spaces are modes (`perl -ne print 'id |'` runs `id`: perlop "I/O Operators").
 */
const PLAIN_OPERAND = /^(?![\s<>+|])[^|]*(?<![\s|])$/;

export const perlInlineCode: Custom = (ctx) => {
  const codes = optionItems(ctx, "-e", "-E");
  if (codes.length === 0) return;
  const operands = ctx.items.flatMap((
    i,
  ): { word: Arg; base: Base }[] => (i.t === "operand" ? [{ word: i.word, base: i.base }] : []));
  const texts = codes.map((c) => c.value?.text ?? null);
  const unknown = codes.find((c) => c.value?.text == null);
  perlProgram(ctx, texts.some((t) => t === null) ? null : texts.join("\n"), codes[0]!.value ?? codes[0]!.word, operands,
    unknown ? unknown.value ?? unknown.word : null, "-e");
};

/**
 * `perl - ARG… <<'EOF'` and `perl <<'EOF'`: with no -e and no script, perl reads its program
 * from standard input; when the command shows that text (a here-document, a here-string, a
 * pipe of known text: src/interp/stdin.ts) it is judged as the same code given with -e is,
 * the words after `-` being @ARGV. A file on standard input is the disk's text, not read here.
 */
export const perlStdinProgram: Custom = (ctx) => {
  if (ctx.modes.has("eval") || ctx.modes.has("info")) return;
  const [first, ...rest] = ctx.items.flatMap((
    i,
  ): { word: Arg; base: Base }[] => (i.t === "operand" ? [{ word: i.word, base: i.base }] : []));
  if (first && first.word.text !== "-") return;
  const input = ctx.stdin();
  if (input.t !== "text" || input.file !== undefined) {
    issue(ctx, "INLINE_CODE", `${ctx.name} runs a program from standard input, which the guard cannot see`);
    return;
  }
  perlProgram(ctx, input.text, first?.word ?? syntheticArg("-", spanOf(ctx)), rest, null, "<stdin>");
};

/**
 * Judges a perl program whose text is `code` (null: not known, `unknownAt` saying where), run
 * with `operands` as @ARGV, under the switches of the command line.
 */
function perlProgram(ctx: SpecContext, code: string | null, at: Arg, operands: readonly { word: Arg; base: Base }[],
  unknownAt: Arg | null, label: string): void
{
  const refuse = (why: string, word: Arg | null): void => {
    issue(ctx, "INLINE_CODE", `${ctx.name} ${label} runs inline code the guard cannot prove confined: ${why}`,
      word?.span ?? at.span);
    for (const o of operands) ctx.role(o.word, "generic", o.base);
  };
  for (const it of ctx.items) {
    if (it.t === "unknown-option") return refuse(`${it.word.source} is an option the guard does not know`, it.word);
    if (it.t !== "option") continue;
    if (!FOLLOWED.has(it.name)) return refuse(`${it.name} is not followed`, it.word);
    const plain = PLAIN_VALUE[it.name];
    if (plain && it.value && (it.value.text === null || !plain.test(it.value.text))) {
      return refuse(`${it.name} ${it.value.source} is not a plain value`, it.value);
    }
  }
  if (code === null) return refuse("the code is not a literal word", unknownAt);
  // -a and -F imply -n since perl 5.20 (perlrun): they loop over <> too.
  const loop = optionItems(ctx, "-n", "-p", "-a", "-F").length > 0;
  const a = analyseInline("perl", code, { loop });
  if (!a.ok) return refuse(a.why, at);
  // Confined code opens nothing by name: the operands are only strings in @ARGV, unless `<>` reads them.
  if (!a.readsOperands) {
    for (const o of operands) ctx.role(o.word, "none", o.base);
    return;
  }
  // -i opens each file itself (doio.c, no two-argument open) and writes it back, as sed -i does.
  const inPlace = optionItems(ctx, "-i").length > 0;
  if (!inPlace) {
    const unsafe = operands.find((o) =>
      o.word.text === null || o.word.standIn === true || (o.word.text !== "-" && !PLAIN_OPERAND.test(o.word.text))
    );
    if (unsafe) {
      return refuse(`<> opens ${unsafe.word.source} with a two-argument open, where a name ending in | runs a command`,
        unsafe.word);
    }
  }
  const suffixes = optionValues(ctx, "-i").map((v) => v.text);
  if (inPlace && suffixes.every((s) => s !== null && PLAIN_SUFFIX.test(s))) {
    return keepNames(ctx, operands, suffixes as string[]);
  }
  for (const o of operands) if (o.word.text !== "-" || inPlace) ctx.role(o.word, inPlace ? "write" : "read", o.base);
}

/** An -i suffix whose backup lands beside the file, under a name plain when the file's is: no `/`, no `*`. */
const PLAIN_SUFFIX = /^[\p{L}\p{N}\p{M}._+,%@^_-]*$/u;

/** The calls whose in-place writes keepNames marked, with their backups: inPlaceBackup leaves them be. */
const kept = new WeakSet<SpecContext>();

/** Whether keepNames recorded this call's in-place writes and backups. */
export function inPlaceKept(ctx: SpecContext): boolean {
  return kept.has(ctx);
}

/**
 * Confined code under -i[SUFFIX] makes no name but the files' own (rewritten in place: perl
 * opens each, writes `XX` and six letters or digits beside it, renames that onto it; a file
 * not there is not made), and NAME+SUFFIX beside each with a suffix (linkat), as strace shows:
 * each a write marked so, which a listing's names survive when its text is plain (nameMaker).
 */
function keepNames(ctx: SpecContext, operands: readonly { word: Arg; base: Base }[],
  suffixes: readonly string[]): void
{
  kept.add(ctx);
  const write = (word: Arg, base: Base) =>
    ctx.emit({ t: "path", arg: word, kind: "write", keepsNames: true, ...(base !== undefined ? { base } : {}) });
  for (const o of operands) {
    write(o.word, o.base);
    for (const s of suffixes) {
      if (s !== "" && o.word.text !== null) write(withValue(o.word, o.word.text + s, ""), o.base);
    }
  }
}
