// What the developer tools share: options that run code given on the command line (`-e CODE`),
// a program read from stdin, modules named on the command line (`-m`, `-r`), and what running the
// project's own code may change (`projectCode`). Interpreters reading a script file read it (the
// script is project code the guard does not follow); inline code (`python -c`, `node -e`) is
// INLINE_CODE.

import { fileUrlPath, syntheticArg } from "../../apply.ts";
import type { Arg } from "../../effects.ts";
import type { SpecContext } from "../../spec.ts";
import { type Custom, issue, optionItems, optionValues, roleAs, spanOf } from "../common.ts";
import { analyseInline, type InlineLanguage } from "../../inline/index.ts";

/**
 * What running the project's own code (or its packages') may change: anything, by code the guard
 * lets run without reading it (`project`, CommandSpec.changes).
 */
export const projectCode = { fs: true, links: true, project: true } as const;
export const info = { modes: ["info"] } as const;

/** Options that run code given on the command line (`-e CODE`): an INLINE_CODE issue each. */
export function inlineCode(names: readonly string[]): Custom {
  return (ctx) => {
    for (const it of optionItems(ctx, ...names)) {
      issue(ctx, "INLINE_CODE", `${ctx.name} ${it.name} runs inline code the guard cannot see into`,
        it.value?.span ?? it.word.span);
    }
  };
}

/**
 * Inline code the guard can read (`python3 -c`, `node -e`): parsed with the language's grammar
 * and allowed when src/commands/inline/ proves it confined; each file it opens by a literal
 * name is judged as an access from the working directory, and each module it imports as the
 * file the interpreter may load from there. Anything else is INLINE_CODE, with the reason.
 * `interactive`: options after which the interpreter reads more code from its terminal.
 */
export function analysedInlineCode(lang: InlineLanguage, names: readonly string[],
  interactive: readonly string[]): Custom
{
  return (ctx) => {
    const repl = ctx.modes.has("repl") || optionItems(ctx, ...interactive).length > 0;
    for (const it of optionItems(ctx, ...names)) {
      const code = it.value;
      if (!code || code.text === null || repl) {
        issue(ctx, "INLINE_CODE",
          `${ctx.name} ${it.name} runs inline code the guard cannot see into${
            repl ? " (and then reads more from the terminal)" : ""
          }`, code?.span ?? it.word.span);
        continue;
      }
      judgeInline(ctx, lang, code, code.text, `${ctx.name} ${it.name} runs inline code`);
    }
  };
}

/**
 * Judges a program whose text the guard has (`-c CODE`, a here-document on standard input):
 * confined, its files and modules are accesses made at `at`'s place; not, INLINE_CODE.
 */
export function judgeInline(ctx: SpecContext, lang: InlineLanguage, at: Arg, text: string, what: string): void {
  const a = analyseInline(lang, text);
  if (!a.ok) {
    issue(ctx, "INLINE_CODE", `${what} the guard cannot prove confined: ${a.why}`, at.span);
    return;
  }
  for (const f of a.files) roleAs(ctx, at, f.path, f.kind);
  for (const m of a.imports) roleAs(ctx, at, m, "exec");
  // node looks for a package in node_modules here and in every directory above: the one it
  // finds is the code that runs (above the project it is outside, and judged so).
  for (const p of a.packages ?? []) {
    const dir = ctx.disk.findUp(`node_modules/${p}`);
    if (dir !== null) roleAs(ctx, at, `${dir === "/" ? "" : dir}/node_modules/${p}`, "exec");
  }
}

/**
 * The interpreter that reads a program from standard input, and how it is read: its language,
 * and the options under which the text on standard input is not all the program (`-i`: more
 * from the terminal afterwards; python's `-x`: the first line skipped).
 */
interface StdinReader {
  readonly lang: InlineLanguage;
  readonly refused: readonly string[];
}

/**
 * An interpreter with no script, no inline code and nothing to print reads its program from
 * standard input (or starts a REPL). When that input is text the command shows (a here-document
 * or here-string, a pipe from `cat <<'EOF'` or `echo`: src/interp/stdin.ts) and `reader` says
 * how to read it, the program is judged as the same code given with `-c` is; otherwise it is
 * not visible. A file on standard input (`python3 < x.py`) is not read here: its text is the
 * disk's, not the command's.
 */
export function programFromStdin(programModes: readonly string[], reader?: StdinReader): Custom {
  return (ctx) => {
    if (programModes.some((m) => ctx.modes.has(m))) return;
    const first = ctx.operands[0];
    if (first && first.text !== "-") return;
    const input = reader ? ctx.stdin() : null;
    if (reader && input?.t === "text" && input.file === undefined) {
      const refused = optionItems(ctx, ...reader.refused)[0];
      if (refused === undefined) {
        const at = first ?? syntheticArg("-", spanOf(ctx));
        judgeInline(ctx, reader.lang, at, input.text, `${ctx.name} runs a program from standard input, which`);
        return;
      }
      issue(ctx, "INLINE_CODE",
        `${ctx.name} ${refused.name} runs a program from standard input that the guard cannot see all of`,
        refused.word.span);
      return;
    }
    issue(ctx, "INLINE_CODE", `${ctx.name} runs a program from standard input, which the guard cannot see`);
  };
}

/**
 * `-r MOD`, `--import MOD`, `--loader MOD`: a module name, or code at a path. node takes ESM
 * specifiers as URLs (node 20 docs, "ESM specifiers"): `file:` is a file, resolved from `/`
 * when it is relative (`file:x.mjs` is /x.mjs, as WHATWG URL parsing has it); `data:` is the
 * module's code itself; `http:`/`https:` load code from the network.
 */
export function modulePaths(names: readonly string[]): Custom {
  return (ctx) => {
    for (const v of optionValues(ctx, ...names)) {
      const t = v.text;
      if (t === null || /^(\.{1,2}\/|\/|~)/.test(t)) ctx.role(v, "exec");
      else if (/^file:/i.test(t)) roleAs(ctx, v, fileModulePath(t), "exec");
      else if (/^data:/i.test(t)) {
        issue(ctx, "INLINE_CODE", `${ctx.name} loads a data: URL module, code the guard cannot see into`, v.span);
      } else if (/^[a-z][a-z0-9+.-]*:/i.test(t) && !/^node:/i.test(t)) {
        issue(ctx, "OPAQUE_CODE", `${ctx.name} loads a module from ${t}, which the guard does not read`, v.span);
      }
    }
  };
}

/** The file a `file:` URL module names; one that does not parse stays unresolved as the empty path. */
function fileModulePath(text: string): string {
  try {
    const url = new URL(text);
    return decodeURIComponent(
      url.hostname === "" || url.hostname === "localhost" ? url.pathname : `//${url.hostname}${url.pathname}`,
    );
  } catch {
    return fileUrlPath(text) ?? "/";
  }
}
