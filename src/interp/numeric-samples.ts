// The samples Accesses.accessNumeric checks for a word whose only unknown parts are numbers
// or plain segments (`log.$i`, `.$(date +%s).`): a glob pattern for every entry it could name,
// the texts it stands for with 0 or nothing for each unknown part, and a regular expression
// its possible texts match.

import type { PatternChar } from "../shell/pattern.ts";
import type { Seg } from "../shell/words/env.ts";

/** Null when there are too many samples to check (more than 8). */
export function numericSamples(
  segs: readonly Seg[],
): { readonly pattern: PatternChar[]; readonly samples: string[]; readonly re: string } | null {
  const pattern: PatternChar[] = [];
  // The samples: each segment as 0 or as nothing, in every combination (a few at most).
  let samples = [""];
  let re = "";
  for (const s of segs) {
    if ("unknown" in s) {
      pattern.push({ c: "*", quoted: false });
      if (s.unknown.numeric) {
        samples = samples.map((x) => x + "0");
        re += "-?[0-9]+";
      } else {
        samples = [...samples.map((x) => x + "0"), ...samples];
        re += `(?:${s.unknown.segment!})?`;
      }
    } else {
      for (const c of s.text) pattern.push({ c, quoted: true });
      samples = samples.map((x) => x + s.text);
      re += s.text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
    }
  }
  return samples.length > 8 ? null : { pattern, samples, re };
}
