// Listings whose names a command turns into other names it prints (src/shell/listing.ts): the
// directory of each (`xargs dirname`, `find -exec dirname {} \;`, find's %h) or each with a
// literal appended (`sed 's/$/.out/'`). The stand-ins stay the shallowest names printed, so a
// word built on one (`"$d/../x"`) climbs no higher than on any name it stands for; a text
// printed as it is (the directory of the start point itself) is judged as written.

import { type Arg, withValue } from "../../effects.ts";
import { isPlainName, isPlainPath, type Listing, mayCut } from "../../../shell/listing.ts";

/**
 * The directory part of a path as GNU dirname and find's %h print it for a relative path:
 * `.` for a top name (`olddir`, `olddir/`), the text before the last `/` otherwise. Null for
 * an absolute one (find prints `` for `/x`): the guard does not follow that.
 */
export function textDirname(path: string): string | null {
  if (path.startsWith("/")) return null;
  const s = path.replace(/\/+$/, "");
  if (s === "") return null;
  const cut = s.lastIndexOf("/");
  return cut < 0 ? "." : s.slice(0, cut).replace(/\/+$/, "") || null;
}

/** A text printed as it is: an argument that is no stand-in. */
function exactly(anchor: Arg, text: string): Arg {
  const { standIn: _s, exact: _e, ...rest } = withValue(anchor, text, "");
  return rest;
}

/**
 * The directory of each name. A stand-in R stands for R and the names under it: their
 * directories are R and directories under R (R stays their stand-in), and R's own directory,
 * printed as it is. Null when a text is not known, or the names are quoted.
 */
export function dirnames(l: Listing<Arg>): Listing<Arg> | null {
  if (l.quote) return null;
  const reps: Arg[] = [];
  for (const r of l.reps) {
    const d = r.text === null ? null : textDirname(r.text);
    if (d === null || !isPlainPath(d)) return null;
    if (r.standIn) reps.push(r);
    if (!reps.some((x) => !x.standIn && x.text === d)) reps.push(exactly(r, d));
  }
  return { ...l, reps };
}

/**
 * Each name with LIT appended (`sed 's/$/LIT/'`). LIT is glued to the last component of each
 * name: for a name under a stand-in that is a name on disk (plain, never `.` or `..`), so the
 * glued component stays plain and is neither when LIT's text before its first `/` is plain; the
 * components after that `/` must be plain and not `.` or `..` either. The stand-in's own last
 * component (`.` + `.` is `..`) is checked as written. Null when a name would not stay a plain
 * name under where it was.
 */
export function appended(l: Listing<Arg>, lit: string): Listing<Arg> | null {
  if (l.quote || lit === "" || ![...lit].every(mayCut)) return null;
  const [head, ...rest] = lit.split("/");
  if (head !== "" && !isPlainPath(head!)) return null;
  if (!rest.every((c) => c === "" || (isPlainName(c) && c !== "." && c !== ".."))) return null;
  const reps: Arg[] = [];
  for (const r of l.reps) {
    if (r.text === null) return null;
    const text = r.text + lit;
    // The components from the one LIT is glued to onwards.
    // (With nothing before LIT's first `/`, the name's own last component is left as it is.)
    const glued = text.split("/").slice(r.text.split("/").length - (head === "" ? 0 : 1));
    if (!isPlainPath(text) || text.startsWith("-") || glued.some((c) => c === "." || c === "..")) return null;
    reps.push(r.standIn ? { ...withValue(r, text, ""), standIn: true } : exactly(r, text));
  }
  return { ...l, reps };
}
