// pax, the POSIX archiver (MirBSD pax 20201030 on Debian, checked by hand): it lists an archive
// (no -r or -w), extracts one (-r), writes one (-w), or copies files into a directory (-rw).
// Unlike GNU tar and cpio it keeps what the archive stores: -r writes absolute member names
// and `../` ones where they say. -s rewrites names, -i asks the terminal for them: with -rw
// either may put a copy anywhere (`-s ',^,../,'` lands beside the directory).

import { syntheticArg } from "../apply.ts";
import type { SpecContext } from "../spec.ts";
import { intoTree } from "./archives.ts";
import { each, issue, linkedGitDir, none, optionItems, spanOf } from "./common.ts";
import type { TableSpec } from "./expand.ts";

const mode = (...modes: string[]) => ({ modes });

export const PAX: TableSpec = {
  names: ["pax"],
  style: "posix",
  flags: "cdkntuvXDYZOzj0",
  options: { "-r": mode("extract"), "-w": mode("create"), "-a": mode("append"), "-L": mode("follow"),
    "-H": mode("follow"), "-i": mode("renames"), "-l": mode("link"), "-s": { value: "none", modes: ["renames"] },
    "-f": none, ...each(none, "-b", "-o", "-p", "-x", "-B", "-E", "-G", "-T", "-U", "-M") },
  // The files to archive or copy (-w, -rw); in the other modes patterns of member names.
  operands: { all: { default: "none", modes: { create: "read" } } },
  recursion: { follow: { mode: "follow" } },
  changes: { fs: true, links: true },
  custom: paxHook,
};

function paxHook(ctx: SpecContext): void {
  const extract = ctx.modes.has("extract");
  const create = ctx.modes.has("create");
  for (const it of optionItems(ctx, "-f")) {
    if (!it.value || it.value.text === "-") continue;
    ctx.role(it.value, create && !extract ? "write" : "read", undefined);
    if (create && ctx.modes.has("append")) ctx.role(it.value, "read", undefined);
  }
  if (extract && !create) {
    intoTree(ctx, syntheticArg(".", spanOf(ctx)), "write", ctx.start);
    issue(ctx, "UNRESOLVED_PATH",
      "pax -r writes members to the names the archive stores, absolute and ../ ones included");
    return;
  }
  if (!create) return;
  const operands = ctx.items.filter((i) => i.t === "operand");
  if (extract) {
    // -rw FILE… DIR: each copy lands at DIR/FILE, as FILE is written.
    const dest = operands.at(-1);
    if (dest) intoTree(ctx, dest.word, "write", dest.base);
    // -l hard-links the files instead of copying them: written through the copies, as `ln`'s are.
    if (ctx.modes.has("link")) {
      for (const src of operands.slice(0, -1)) {
        ctx.role(src.word, "unknown", src.base);
        linkedGitDir(ctx, src.word, src.base);
      }
    }
    if (ctx.modes.has("renames")) {
      issue(ctx, "UNRESOLVED_PATH", "pax -rw -s (or -i) renames the copies, which may then land outside the directory");
    }
  }
  if (operands.length < (extract ? 2 : 1)) {
    issue(ctx, "UNRESOLVED_WORD",
      `pax ${extract ? "-rw" : "-w"} copies the files named on its standard input, which the guard cannot see`);
  }
}
