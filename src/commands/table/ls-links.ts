// Which symlinks named on ls's command line ls follows. GNU ls (coreutils 9.1 ls.c) does not
// follow them (DEREF_NEVER) when it lists long (-l, -g, -n, -o, --full-time) or with -d, unless
// -L, -H or --dereference-command-line*; then it reads only the link itself (lstat, readlink:
// seen under strace), which a listing of the link's directory shows as well, so that directory is
// what is judged, not where the link leads. The guard keeps the link followed whenever ls may
// still look at its target: -F, -p, --indicator-style, --color (LS_COLORS may ask for the
// target's type), --hyperlink, a format option that may override -l (-1, -C, -x, -m, -f,
// --format) without -d, an option the table does not know, a name ending in `/`, or a link it
// cannot see (isLink false).

import { dirname } from "node:path";
import type { OptionSpec, RoleSpec, SpecContext } from "../spec.ts";
import { each, optionalNone, roleAs } from "./common.ts";

const lstat: OptionSpec = { modes: ["lstat"] };
const decor: OptionSpec = { modes: ["decor"] };
const reformat: OptionSpec = { modes: ["reformat"] };

/** The options of ls that decide whether a command-line symlink is followed. */
export const LS_LINK_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  ...each(lstat, "-l", "-g", "-n", "-o", "--full-time", "--numeric-uid-gid"),
  ...each({ modes: ["lstat", "directory"] }, "-d", "--directory"),
  ...each(decor, "-F", "-p", "--file-type"),
  "--classify": { value: "none", optional: true, modes: ["decor"] },
  ...each({ value: "none", modes: ["decor"] }, "--indicator-style"),
  ...each({ ...optionalNone, modes: ["decor"] }, "--color", "--colour", "--hyperlink"),
  ...each(reformat, "-1", "-C", "-x", "-m", "-f"),
  "--format": { value: "none", modes: ["reformat"] },
  ...each({ modes: ["deref"] }, "-H", "--dereference-command-line", "--dereference-command-line-symlink-to-dir"),
};

/** ls's operands: listed where they lead, unless ls may read the link itself (decided below). */
export const LS_OPERAND_ROLE: RoleSpec = { default: "list", modes: { follow: "list", deref: "list", decor: "list", lstat: "none" } };

export function lsOperands(ctx: SpecContext): void {
  const m = ctx.modes;
  if (!m.has("lstat") || m.has("follow") || m.has("deref") || m.has("decor")) return;
  // An option the table does not know (an abbreviation the parser could not place, `--col`) may be one of these.
  const followAll = (m.has("reformat") && !m.has("directory")) || ctx.items.some((i) => i.t === "unknown-option");
  for (const a of ctx.operands) {
    const self = !followAll && a.text !== null && !a.text.endsWith("/") && ctx.disk.isLink(a.text);
    if (self) roleAs(ctx, a, dirname(a.text!), "list");
    else ctx.role(a, "list");
  }
}

