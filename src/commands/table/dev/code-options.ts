// What the developer tools share: options that run code given on the command line (`-e CODE`),
// a program read from stdin, modules named on the command line (`-m`, `-r`), and what running the
// project's own code may change (`projectCode`). Interpreters reading a script file read it (the
// script is project code the guard does not follow); inline code (`python -c`, `node -e`) is
// INLINE_CODE.

import { fileUrlPath } from "../../apply.ts";
import { type Custom, issue, optionItems, optionValues, roleAs } from "../common.ts";

export const projectCode = { fs: true, links: true } as const;
export const info = { modes: ["info"] } as const;

/** Options that run code given on the command line (`-e CODE`): an INLINE_CODE issue each. */
export function inlineCode(names: readonly string[]): Custom {
  return (ctx) => {
    for (const it of optionItems(ctx, ...names)) issue(ctx, "INLINE_CODE", `${ctx.name} ${it.name} runs inline code the guard cannot see into`, it.value?.span ?? it.word.span);
  };
}

/**
 * An interpreter with no script, no inline code and nothing to print reads its program from
 * standard input (or starts a REPL): that program is not visible either.
 */
export function programFromStdin(programModes: readonly string[]): Custom {
  return (ctx) => {
    if (programModes.some((m) => ctx.modes.has(m))) return;
    const first = ctx.operands[0];
    if (!first || first.text === "-") issue(ctx, "INLINE_CODE", `${ctx.name} runs a program from standard input, which the guard cannot see`);
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
      else if (/^data:/i.test(t)) issue(ctx, "INLINE_CODE", `${ctx.name} loads a data: URL module, code the guard cannot see into`, v.span);
      else if (/^[a-z][a-z0-9+.-]*:/i.test(t) && !/^node:/i.test(t)) issue(ctx, "OPAQUE_CODE", `${ctx.name} loads a module from ${t}, which the guard does not read`, v.span);
    }
  };
}

/** The file a `file:` URL module names; one that does not parse stays unresolved as the empty path. */
function fileModulePath(text: string): string {
  try {
    const url = new URL(text);
    return decodeURIComponent(url.hostname === "" || url.hostname === "localhost" ? url.pathname : `//${url.hostname}${url.pathname}`);
  } catch {
    return fileUrlPath(text) ?? "/";
  }
}
