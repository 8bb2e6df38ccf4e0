// `sha256sum -c LIST` (and md5sum, b2sum, shasum, …) opens every file LIST names, relative to
// the working directory (coreutils manual, "md5sum invocation"; seen under strace). A list
// inside a root that nothing earlier in the command wrote is read as a script is, and each name
// judged as a read; a list the guard cannot read, a line it cannot place, or a list on standard
// input leaves the names unknown (UNRESOLVED_WORD). A list whose directory does not exist, in a
// command that changed nothing before, cannot be opened: the command reads nothing else.

import { dirname } from "node:path";
import type { Arg } from "../effects.ts";
import type { SpecContext } from "../spec.ts";
import { issue, roleAs } from "./common.ts";

/** `HASH  NAME`, `HASH *NAME` (binary), shasum's `HASH ?NAME`/`HASH ^NAME`; BSD's `ALG (NAME) = HASH`. */
const GNU_LINE = /^[0-9a-fA-F]+ [ *?^](.+)$/;
const TAG_LINE = /^[A-Z][A-Za-z0-9-]* ?\((.+)\) ?= ?[0-9a-fA-F]+$/;

/** The name a line of a checksum list names, or null when the guard cannot place it. */
function listedName(line: string): string | null {
  // A leading backslash marks an escaped name (`\n`, `\\` in it): not read here.
  if (line.startsWith("\\")) return null;
  const m = GNU_LINE.exec(line) ?? TAG_LINE.exec(line);
  return m ? m[1]! : null;
}

export function checkLists(ctx: SpecContext): void {
  const lists: readonly Arg[] = ctx.operands;
  if (lists.length === 0) {
    issue(ctx, "UNRESOLVED_WORD", `${ctx.name} -c reads the files listed on its standard input`);
    return;
  }
  for (const a of lists) {
    const unknown = () => issue(ctx, "UNRESOLVED_WORD", `${ctx.name} -c reads the files listed in ${a.source}`, a.span);
    if (a.text === null || a.text === "-") {
      unknown();
      continue;
    }
    const text = ctx.disk.readText(a.text);
    if (text === null) {
      if (!ctx.world.fsChanged && !ctx.world.linksChanged && !ctx.disk.isDirectory(dirname(a.text))) continue;
      unknown();
      continue;
    }
    for (const raw of text.split("\n")) {
      const line = raw.replace(/\r$/, "");
      if (line.trim() === "") continue;
      const name = listedName(line);
      if (name === null) {
        issue(ctx, "UNRESOLVED_WORD", `${a.source} names ${JSON.stringify(line.slice(0, 80))}, which the guard does not follow`, a.span);
        continue;
      }
      if (name !== "-") roleAs(ctx, a, name, "read");
    }
  }
}
