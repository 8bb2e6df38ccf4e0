// What `date +FORMAT` prints, when its shape is known: only numbers (`date +%s`), or one plain
// path segment (`date +%Y%m%d_backup.tar`, used as a file name: `touch log_$(date +%s).txt`).
//
// The directives read here print only ASCII digits and a leading `-` (a year before 0, a time
// before 1970) in every locale glibc has: checked with GNU date 9.1 under LC_ALL=C and C.UTF-8
// (`date -d '2026-01-02 03:04:05' +%…`, `-d @-100000000000 +%Y%s` prints -1199-100000000000).
// %F %T %R join them with `-` and `:` (`+3170843-11-07` for a far year). Left out: %D and %x
// (`01/02/26`: a slash), %c (blanks), directives that pad with blanks (%e %k %l, and the `_` flag: `date +%e` is ` 2`,
// two words unquoted), names of the locale (%a %A %b %B %h %p %P %c %x %X: other locales print
// dots and letters that are not ASCII), %Z (the zone's abbreviation comes from the file TZ
// names), %z (`+`, `:`), the E and O modifiers (O prints the locale's own digits), and %n %t.

import type { PipeOutput } from "../../spec.ts";

/** Directives that print digits (and a leading `-`), with the `-` or `0` flag and a width; and %F %T %R. */
const DIGITS = /^(%[-0]?[0-9]{0,2}[YmdHMSsjyCGguwUWVNIq]|%[FTR])/;

/** Format text printed as it is: characters with no meaning to the shell in a word, no `/`. */
const PLAIN = /^[A-Za-z0-9_.,:+=@-]+/;

export const DATE_NUMBERS: PipeOutput = { t: "numbers",
  when: (_name, args) => args.length === 1 && /^\+(%[sNYmdHMSjuwVUWGgyC])+$/.test(args[0]!) };

/**
 * Variables that change what date prints or reads: TZ (glibc opens the file it names, relative
 * to /usr/share/zoneinfo: `TZ=../x date` reads ../x) and the locale's.
 */
const CHANGE_DATE = ["TZ", "TZDIR", "LC_ALL", "LC_TIME", "LANG", "LANGUAGE", "LOCPATH"];

/**
 * `date [-u] [-d STRING] +FORMAT` whose format has a directive and only DIGITS and PLAIN text
 * (no `..`): one path segment, never `.` or `..`, or nothing when date fails (a date it cannot
 * read). The regular expression source has the literal text and `[^/]*` for each directive.
 */
export const DATE_SEGMENT: PipeOutput = { t: "segment",
  segment: (_name, args, assigned) => {
    if (CHANGE_DATE.some(assigned)) return null;
    let format: string | null = null;
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === "-u" || a === "--utc" || a === "--universal") continue;
      // A TZ="…" in the date string opens the file it names, as the variable does.
      const value = a === "-d" || a === "--date" ? args[++i] : a.startsWith("--date=") ? a.slice(7) : null;
      if (value !== null) {
        if (value === undefined || /TZ=/i.test(value)) return null;
        continue;
      }
      if (a.startsWith("+") && i === args.length - 1) format = a.slice(1);
      else return null;
    }
    return format === null ? null : formatSegment(format);
  } };

function formatSegment(format: string): string | null {
  let re = "";
  let printed = "";
  let directives = 0;
  for (let i = 0; i < format.length;) {
    const rest = format.slice(i);
    const d = DIGITS.exec(rest);
    if (d) {
      re += "[^/]*";
      printed += "0";
      directives++;
      i += d[0].length;
      continue;
    }
    if (rest.startsWith("%%")) {
      re += "%";
      printed += "%";
      i += 2;
      continue;
    }
    const p = PLAIN.exec(rest);
    if (!p) return null;
    re += p[0].replace(/[.+]/g, "\\$&");
    printed += p[0];
    i += p[0].length;
  }
  // A directive prints at least a digit, so the whole is never `.` or `..`. Without `..` in
  // the text no piece of it is `..` either (a field cut at an IFS character).
  if (directives === 0 || printed.includes("..")) return null;
  return re;
}
