// corepack (Node.js's package-manager manager; corepack 0.34 `--help`): `corepack NAME[@VERSION]
// ARGS…` runs that package manager with ARGS, so it is judged as that command (its scripts,
// its settings, what it runs). Its own commands write the project's package.json (`use`, `up`,
// `install`), or outside the project: the shims beside Node.js's binary (`enable`, `disable`,
// unless --install-directory says where) and its cache (`install -g`, `cache clean`; COREPACK_HOME,
// by default ~/.cache/node/corepack), which asks.

import { syntheticArg } from "../../apply.ts";
import { withValue } from "../../effects.ts";
import type { SpecContext } from "../../spec.ts";
import { issue, spanOf } from "../common.ts";
import type { TableSpec } from "../expand.ts";

/** The package managers corepack runs by name (its shims). */
const MANAGERS = new Set(["npm", "npx", "pnpm", "pnpx", "yarn", "yarnpkg"]);

function corepack(ctx: SpecContext): void {
  const [first, ...rest] = ctx.operands;
  if (!first) return;
  if (first.text === null) {
    issue(ctx, "UNRESOLVED_COMMAND", `corepack runs ${first.source}, which is not known`, first.span);
    return;
  }
  const name = first.text.replace(/(.)@[^@]*$/, "$1");
  if (MANAGERS.has(name)) {
    const base = ctx.items.find((i) => i.t === "operand")?.base;
    ctx.emit({ t: "run", argv: [withValue(first, name, ""), ...rest], inProcess: false, bypassFunctions: true,
      label: "corepack", ...(base !== undefined ? { base } : {}) });
    return;
  }
  const words = rest.map((a) => a.text);
  switch (first.text) {
    case "enable":
    case "disable": {
      // (Options come after the command's name, among its operands.)
      const glued = rest.flatMap((a) => (a.text?.startsWith("--install-directory=") ? [a] : []));
      const named = rest.findIndex((a) => a.text === "--install-directory");
      const dir = glued[0] ?
        withValue(glued[0], glued[0].text!.slice("--install-directory=".length), "")
        : named >= 0
        ? rest[named + 1]
        : undefined;
      if (dir) ctx.role(dir, "write");
      else {
        issue(ctx, "OUTSIDE_EFFECT",
          `corepack ${first.text} writes its shims beside Node.js's binary, outside the project (--install-directory names another place)`,
          first.span);
      }
      return;
    }
    case "install":
    case "use":
    case "up":
      if (words.includes("-g") || words.includes("--global")) {
        issue(ctx, "OUTSIDE_EFFECT",
          `corepack ${first.text} --global writes package managers into its cache (COREPACK_HOME, ~/.cache/node/corepack), outside the project`,
          first.span);
      } else ctx.role(syntheticArg("package.json", spanOf(ctx)), "write");
      return;
    case "cache":
      issue(ctx, "OUTSIDE_EFFECT",
        "corepack cache writes its cache (COREPACK_HOME, ~/.cache/node/corepack), outside the project", first.span);
      return;
    case "pack": {
      const o = rest.findIndex((a) => a.text === "-o" || a.text === "--output");
      const out = o >= 0 ? rest[o + 1] : undefined;
      ctx.role(out ?? syntheticArg("corepack.tgz", spanOf(ctx)), "write");
      return;
    }
    default:
      return;
  }
}

export const COREPACK: TableSpec = { names: ["corepack"], style: "posix", abbreviations: false, options: {},
  operands: { all: "none" }, custom: corepack };
