// rename: Perl's (Debian's `rename`, `prename`, `file-rename`) and util-linux's.

import { withValue } from "../effects.ts";
import { issue, movedNames, optionalNone, optionItems, optionValues } from "./common.ts";
import type { TableSpec } from "./expand.ts";

/**
 * A substitution that cannot leave the directory of a name without a slash: `s/PAT/REPL/` or
 * `y/…/…/` with a replacement free of `/` and of escapes other than `\.`, `\-`, `\_` (`\x2f` is
 * a slash), and no `e` flag (which evaluates code).
 */
const SAFE_SUBSTITUTION = /^(s|y|tr)\/[^/]*\/([^/\\]|\\[.\-_ ])*\/[gixms]*$/;
/** util-linux's `rename FROM TO`: plain text. */
const PLAIN_TEXT = /^[A-Za-z0-9_ .,+=@%-]*$/;

/**
 * The first operand is Perl code for Perl's rename (any expression can run programs) and the
 * text to replace for util-linux's; the files are renamed to names computed from it. The new
 * names are known to stay beside the old ones only when the expression is a plain
 * substitution, every file is named without a slash (joined dots could make `..`), and the
 * files are on the command line rather than read from standard input.
 */
const RENAME: TableSpec = {
  names: ["rename", "prename", "file-rename", "perl-rename"],
  flags: "vnfsailo0", long: ["--verbose", "--no-act", "--nono", "--force", "--symlink", "--all", "--last", "--no-overwrite", "--interactive", "--null", "--fullpath", "--path", "--filename", "--nopath", "--nofullpath"],
  options: { "-e": { value: "none", modes: ["code"] }, "-E": { value: "none", modes: ["code"] }, "-u": optionalNone, "--unicode": optionalNone },
  operands: { all: "none" },
  custom: (ctx) => {
    const exprs = optionValues(ctx, "-e", "-E");
    const ops = ctx.operands;
    const [first, second] = ops;
    const perl = exprs.length > 0 || (first?.text != null && SAFE_SUBSTITUTION.test(first.text));
    const code = exprs.length ? exprs : first ? [first] : [];
    const files = exprs.length ? ops : perl ? ops.slice(1) : ops.slice(2);
    const safe = perl ? code.every((e) => e.text !== null && SAFE_SUBSTITUTION.test(e.text)) : first?.text != null && second?.text != null && PLAIN_TEXT.test(first.text) && PLAIN_TEXT.test(second.text) && !second.text.includes("..");
    if (!safe && code.some((e) => e.text === null || !PLAIN_TEXT.test(e.text))) issue(ctx, "INLINE_CODE", `${ctx.name} runs ${code[0]?.source ?? "an expression"} as Perl code for each name`, code[0]?.span);
    if (files.length === 0) {
      issue(ctx, "UNRESOLVED_PATH", `${ctx.name} renames files named on standard input, to names the guard cannot compute`);
      return;
    }
    if (!optionItems(ctx, "-n", "--no-act", "--nono").length) movedNames(ctx, files);
    for (const f of files) {
      ctx.role(f, "write");
      if (!safe || f.text === null || f.text.includes("/")) ctx.role(withValue(f, null, `the name ${ctx.name} gives ${f.source} is not known`), "write");
    }
  },
};

export const RENAME_SPECS: readonly TableSpec[] = [RENAME];
