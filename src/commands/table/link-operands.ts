// Symlinks named on the command line that a command reads itself, not where they lead: ls -l
// and ls -d, tar -c without -h, readlink without -f, -e or -m. Such a link is judged by its directory, whose listing shows
// what reading the link does (its type, its target's name).
//
// ls: GNU ls (coreutils 9.1 ls.c) does not
// follow them (DEREF_NEVER) when it lists long (-l, -g, -n, -o, --full-time) or with -d, unless
// -L, -H or --dereference-command-line*; then it reads only the link itself (lstat, readlink:
// seen under strace), which a listing of the link's directory shows as well, so that directory is
// what is judged, not where the link leads. The guard keeps the link followed whenever ls may
// still look at its target: -F, -p, --indicator-style, --color (LS_COLORS may ask for the
// target's type), --hyperlink, a format option that may override -l (-1, -C, -x, -m, -f,
// --format) without -d, an option the table does not know, a name ending in `/`, or a link it
// cannot see (isLink false).

import { dirname } from "node:path";
import type { Arg } from "../effects.ts";
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
export const LS_OPERAND_ROLE: RoleSpec = { default: "list",
  modes: { follow: "list", deref: "list", decor: "list", lstat: "none" } };

/** A symlink operand read as itself: its directory is judged instead (relative to `base`). */
function linkItself(ctx: SpecContext, a: Arg, kind: "list" | "read", base?: string | null): boolean {
  if (a.text === null || a.text.endsWith("/") || base === null || !ctx.disk.isLink(a.text, base)) return false;
  roleAs(ctx, a, dirname(a.text), "list");
  void kind;
  return true;
}

export function lsOperands(ctx: SpecContext): void {
  const m = ctx.modes;
  if (!m.has("lstat") || m.has("follow") || m.has("deref") || m.has("decor")) return;
  // An option the table does not know (an abbreviation the parser could not place, `--col`) may be one of these.
  const followAll = (m.has("reformat") && !m.has("directory")) || ctx.items.some((i) => i.t === "unknown-option");
  for (const a of ctx.operands) {
    if (followAll || !linkItself(ctx, a, "list")) ctx.role(a, "list");
  }
}

/**
 * tar -c, -r, -u (without -h) store a symlink operand as a link: lstat and readlink only (GNU
 * tar 1.34 under strace; it strips a trailing `/`, which bsdtar may follow, so a name ending in
 * `/` is read where it leads). With -h the operands are read where they lead, and scanned.
 * The table's modal role leaves adding operands to this hook (`none`), so that a link is not
 * resolved through before it is seen.
 */
export function tarAddedOperands(ctx: SpecContext): void {
  if (!ctx.modes.has("adding") || ctx.modes.has("removefiles") || ctx.modes.has("catenate")) return;
  const follow = ctx.modes.has("follow");
  for (const it of ctx.items) {
    if (it.t !== "operand") continue;
    if (!follow && linkItself(ctx, it.word, "read", it.base)) continue;
    ctx.role(it.word, "read", it.base);
    if (follow) {
      ctx.emit({ t: "scan", arg: it.word, kind: "read", ...(it.base !== undefined ? { base: it.base } : {}) });
    }
  }
}

/**
 * readlink without -f, -e or -m reads each operand itself (readlink(2), which follows the
 * links on the way but not the last: coreutils 9.1 and BusyBox 1.35 under strace): a symlink
 * there is judged by its directory, as ls -l's is. With a mode it resolves the whole chain,
 * and the operand is read where it leads (the table's role). A name ending in `/` is resolved
 * to its end by the kernel.
 */
export function readlinkOperands(ctx: SpecContext): void {
  if (ctx.modes.has("canonicalize")) return;
  for (const a of ctx.operands) if (!linkItself(ctx, a, "read")) ctx.role(a, "read");
}
