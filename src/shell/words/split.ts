// Word splitting: pieces into fields at the characters of IFS, as bash 5.2 does it.

import { plainUnknown, type World, unknown } from "../state.ts";
import { type Seg, textSeg, type WordEnv, type Piece } from "./env.ts";
import { ifsOf } from "./variables.ts";

export function splitFields(pieces: readonly Piece[], world: World, env: WordEnv,
  noSplit: boolean): { fields: Seg[][]; countUnknown: boolean }
{
  const fields: Seg[][] = [];
  let cur: Seg[] = [];
  let alive = false; // the current field exists even if empty
  let countUnknown = false;
  const ifs = noSplit ? "" : ifsOf(world, env);
  const end = () => {
    if (alive || cur.length) fields.push(cur);
    cur = [];
    alive = false;
  };
  for (const p of pieces) {
    if (p.k === "keep") {
      alive = true;
      continue;
    }
    if (p.k === "break") {
      end();
      continue;
    }
    if (p.k === "unknown") {
      // A number or a segment holds no blank, but a digit, `-` or (in a segment) any other
      // character of IFS may cut it into fields that are not the entries it names whole
      // (IFS=0: `a$(date +%Y.%m)` is a2 and 26.12).
      const cut = ifs === null || (p.u.segment !== undefined ? /[^ \t\n]/ : /[-0-9]/).test(ifs);
      const u = p.split && plainUnknown(p.u) && cut ? unknown(p.u.why) : p.u;
      if (p.split && !u.numeric && u.segment === undefined) countUnknown = true;
      if (p.split && ifs === null) countUnknown = true;
      cur.push({ unknown: u, quoted: p.quoted });
      if (p.quoted) alive = true;
      continue;
    }
    if (!p.split || ifs === "") {
      if (p.text === "" && !p.quoted) continue;
      cur.push(textSeg(p.text, p.quoted, p.standIn));
      if (p.quoted || p.text !== "") alive = true;
      continue;
    }
    if (ifs === null) {
      countUnknown = true;
      cur.push({ unknown: unknown("$IFS is not known, so the split is not"), quoted: false });
      continue;
    }
    // Split p.text on IFS: whitespace runs collapse; other IFS characters delimit one field each.
    const text = p.text;
    let i = 0;
    while (i < text.length) {
      const c = text[i]!;
      if (ifs.includes(c)) {
        const white = " \t\n".includes(c);
        if (white) {
          while (i < text.length && ifs.includes(text[i]!) && " \t\n".includes(text[i]!)) i++;
          if (i < text.length && ifs.includes(text[i]!) && !" \t\n".includes(text[i]!)) {
            end();
            i++;
            alive = false;
            while (i < text.length && " \t\n".includes(text[i]!) && ifs.includes(text[i]!)) i++;
            continue;
          }
          end();
          continue;
        }
        // A non-whitespace delimiter always ends a field, even an empty one.
        alive = true;
        end();
        i++;
        while (i < text.length && " \t\n".includes(text[i]!) && ifs.includes(text[i]!)) i++;
        continue;
      }
      let j = i;
      while (j < text.length && !ifs.includes(text[j]!)) j++;
      cur.push(textSeg(text.slice(i, j), false, p.standIn));
      alive = true;
      i = j;
    }
  }
  end();
  return { fields, countUnknown };
}
