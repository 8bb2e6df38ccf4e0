// The zone file a date string names. GNU date reads `TZ="NAME" …` at the start of a -d string
// (after blanks) as the time zone, and glibc opens NAME (without a leading `:`) as a file:
// absolute, or under /usr/share/zoneinfo (strace of date 9.1: -d 'TZ="../a" now' opens
// /usr/share/zoneinfo/../a, -d 'TZ="/tmp/c" now' opens /tmp/c; `tz=` and a later TZ= are
// invalid dates). TZDIR changes the directory.

import { type Arg, withValue } from "../effects.ts";
import type { SpecContext } from "../spec.ts";
import { ZONE_DIRECTORY } from "../../shell/environment.ts";


/** `TZ="…"` at the start of a date string, its `\` escapes kept. */
const ZONE = /^[ \t\n]*TZ="((?:[^"\\]|\\.)*)"/;

/** Judges the file a -d/--date string names as its zone, a read; an unknown string that may name one asks. */
export function dateStringZone(ctx: SpecContext, value: Arg): void {
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
