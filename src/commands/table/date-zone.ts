// The zone file a date string names. GNU date reads `TZ="NAME" …` at the start of a -d string
// (after blanks) as the time zone, and glibc opens NAME (without a leading `:`) as a file:
// absolute, or under /usr/share/zoneinfo (strace of date 9.1: -d 'TZ="../a" now' opens
// /usr/share/zoneinfo/../a, -d 'TZ="/tmp/c" now' opens /tmp/c; `tz=` and a later TZ= are
// invalid dates). TZDIR changes the directory. Here too: date's own entry, which judges them.

import { type Arg, withValue } from "../effects.ts";
import type { SpecContext } from "../spec.ts";
import { ZONE_DIRECTORY } from "../../shell/environment.ts";
import { issue, none, optionalNone, optionItems, optionValues, read } from "./common.ts";
import type { TableSpec } from "./expand.ts";
import { DATE_NUMBERS, DATE_SEGMENT } from "./pipe/date.ts";

/** `TZ="…"` at the start of a date string, its `\` escapes kept. */
const ZONE = /^[ \t\n]*TZ="((?:[^"\\]|\\.)*)"/;

/** Judges the file a -d/--date string names as its zone, a read; an unknown string that may name one asks. */
function dateStringZone(ctx: SpecContext, value: Arg): void {
  if (value.text === null) {
    // Only text before the first unknown part can rule it out (`@$(stat -c %Y f)`).
    let known = "";
    for (const s of value.segs) {
      if ("unknown" in s) break;
      known += s.text;
    }
    const start = known.replace(/^[ \t\n]+/, "");
    if (start.startsWith('TZ="') || 'TZ="'.startsWith(start)) ctx.role(value, "read", ZONE_DIRECTORY);
    return;
  }
  const m = ZONE.exec(value.text);
  if (!m) return;
  const name = m[1]!.replace(/\\(.)/g, "$1").replace(/^:/, "");
  const base = ctx.world.getVar("TZDIR") === undefined ? ZONE_DIRECTORY : null;
  ctx.role(withValue(value, name, ""), "read", name.startsWith("/") ? undefined : base);
}

export const DATE: TableSpec = {
  names: ["date"],
  flags: "uR",
  long: ["--utc", "--universal", "--rfc-email", "--debug"],
  // -I[FMT] takes its format glued (`-Iseconds`), never the next word: as a flag, `-Iseconds` was read as -I -s econds.
  options: { "-I": optionalNone, "-d": none, "--date": none, "-f": read, "--file": read, "-r": read,
    "--reference": read, "-s": none, "--set": none, "--iso-8601": optionalNone, "--rfc-3339": none,
    "--resolution": {} },
  operands: { all: "none" },
  custom: (ctx) => {
    for (const v of optionValues(ctx, "-d", "--date")) dateStringZone(ctx, v);
    // Setting the clock changes the whole system, not a path: nothing the roots can allow.
    for (const it of optionItems(ctx, "-s", "--set")) {
      issue(ctx, "OUTSIDE_EFFECT", `date ${it.name} sets the system clock, which is outside every project`,
        it.word.span);
    }
  },
  pipe: [DATE_NUMBERS, DATE_SEGMENT],
};
