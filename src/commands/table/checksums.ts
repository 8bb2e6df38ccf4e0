// `sha256sum -c LIST` (and md5sum, b2sum, shasum, …) opens every file LIST names, relative to
// the working directory (coreutils manual, "md5sum invocation"; seen under strace). A list
// inside a root that nothing earlier in the command wrote is read as a script is, and each name
// judged as a read; a list the guard cannot read, a line it cannot place, or a list on standard
// input the guard cannot see leaves the names unknown (UNRESOLVED_WORD); one it can see (`echo
// "$H  x" | sha256sum -c`) is read as a file is. A list whose directory does not exist, in a
// command that changed nothing before, cannot be opened: the command reads nothing else.

import { dirname } from "node:path";
import { applySpec } from "../apply.ts";
import type { Arg, Stdin } from "../effects.ts";
import type { Analyser, SpecContext } from "../spec.ts";
import { issue, none, roleAs } from "./common.ts";
import { expandSpec, type TableSpec } from "./expand.ts";

/** `HASH  NAME`, `HASH *NAME` (binary), shasum's `HASH ?NAME`/`HASH ^NAME`; BSD's `ALG (NAME) = HASH`. */
const GNU_LINE = /^[0-9a-fA-F]+ [ *?^](.+)$/;
const TAG_LINE = /^[A-Z][A-Za-z0-9-]* ?\((.+)\) ?= ?[0-9a-fA-F]+$/;

/**
 * The name a line of a checksum list names; "" for a line the tools reject (its first word has a
 * character no hex or base64 digest has, and it is no tagged line: coreutils 9.1 and shasum open
 * nothing for it, seen under strace); null when the guard cannot place it.
 */
function listedName(line: string): string | null {
  // A leading backslash marks an escaped name (`\n`, `\\` in it): not read here.
  if (line.startsWith("\\")) return null;
  const m = GNU_LINE.exec(line) ?? TAG_LINE.exec(line);
  if (m) return m[1]!;
  if (!line.includes("(") && /[^A-Za-z0-9+/=]/.test(line.trim().split(/\s/)[0]!)) return "";
  return null;
}

function checkLists(ctx: SpecContext, stdin: () => Stdin): void {
  const lists: readonly (Arg | null)[] = ctx.operands.length > 0 ? ctx.operands : [null];
  for (const a of lists) {
    const unknown = () =>
      issue(ctx, "UNRESOLVED_WORD", `${ctx.name} -c reads the files listed in ${a?.source ?? "its standard input"}`,
        a?.span);
    if (a !== null && a.text === null) {
      unknown();
      continue;
    }
    const input = a === null || a.text === "-" ? stdin() : null;
    // Standard input the guard sees: text (`echo … |`, a here-string) or a file (`< SUMS`).
    const seen = input === null
      ? null
      : input.t === "text"
      ? input.text
      : input.t === "file" && input.arg.text !== null
      ? ctx.disk.readText(input.arg.text)
      : null;
    if (input !== null && seen === null) {
      unknown();
      continue;
    }
    const text = input !== null ? seen : ctx.disk.readText(a!.text!);
    if (a === null) {
      if (text !== null) judgeList(ctx, text, null);
      continue;
    }
    if (text === null) {
      if (!ctx.world.fsChanged && !ctx.world.linksChanged && !ctx.disk.isDirectory(dirname(a.text!))) continue;
      unknown();
      continue;
    }
    judgeList(ctx, text, a);
  }
}

/** Each name of a list, as a read from the working directory (`at`: the list's word, null for stdin). */
function judgeList(ctx: SpecContext, text: string, at: Arg | null): void {
  const where = at ?? ctx.items[0]?.word ?? ctx.operands[0];
  for (const raw of text.split("\n")) {
    const line = raw.replace(/\r$/, "");
    if (line.trim() === "") continue;
    const name = listedName(line);
    if (name === null || where === undefined) {
      issue(ctx, "UNRESOLVED_WORD",
        `${at?.source ?? "standard input"} names ${JSON.stringify(line.slice(0, 80))}, which the guard does not follow`,
        at?.span);
      continue;
    }
    if (name !== "" && name !== "-") roleAs(ctx, where, name, "read");
  }
}

const NAMES = ["md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "cksum", "sum",
  "shasum"];

/** The entry, with the hook that reads a list on standard input when the guard can see it. */
function checksumSpec(stdin: () => Stdin): TableSpec {
  return { names: NAMES, flags: "btwz",
    long: ["--binary", "--text", "--tag", "--zero", "--ignore-missing", "--quiet", "--status", "--strict", "--warn"],
    options: { "-c": { modes: ["check"] }, "--check": { modes: ["check"] }, "-a": none, "--algorithm": none, "-l": none,
      "--length": none, "-r": {}, "-s": {}, "-U": {} }, operands: { all: "read" },
    custom: (ctx) => {
      if (ctx.modes.has("check")) checkLists(ctx, stdin);
    } };
}

export const CHECKSUMS: Analyser = { names: NAMES,
  analyse: (call) =>
    applySpec(call.name, expandSpec(checksumSpec(() => call.stdin)), call.args, call.world, call.span, undefined,
      call.disk).effects };
