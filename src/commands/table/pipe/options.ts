// Option scanning for the commands whose output the table computes (pipe/compute.ts, pipe/disk.ts).

/**
 * Short options without values and the operands, GNU style (options anywhere until `--`);
 * null when a word is an option not in `flags` or in `values` (whose values are collected).
 * `order` is the flags as given, for the commands where the last of some wins.
 */
export function scan(texts: readonly string[], flags: string, longs: Readonly<Record<string, string>>, values: string,
  longValues: Readonly<Record<string, string>>
): { set: Set<string>; order: string; vals: Map<string, string>; operands: string[] } | null {
  const set = new Set<string>();
  let order = "";
  const vals = new Map<string, string>();
  const operands: string[] = [];
  // Own rules, not leadingOptions: GNU order (options anywhere), clustered letters and glued values.
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i]!;
    if (t === "--") {
      operands.push(...texts.slice(i + 1));
      break;
    }
    if (t.startsWith("--")) {
      const eq = t.indexOf("=");
      const name = eq < 0 ? t : t.slice(0, eq);
      if (name in longs && eq < 0) {
        set.add(longs[name]!);
        order += longs[name]!;
      } else if (name in longValues) {
        const v = eq < 0 ? texts[++i] : t.slice(eq + 1);
        if (v === undefined) return null;
        vals.set(longValues[name]!, v);
      } else return null;
      continue;
    }
    if (!t.startsWith("-") || t === "-") {
      operands.push(t);
      continue;
    }
    for (let j = 1; j < t.length; j++) {
      const c = t[j]!;
      if (flags.includes(c)) {
        set.add(c);
        order += c;
      } else if (values.includes(c)) {
        const v = j < t.length - 1 ? t.slice(j + 1) : texts[++i];
        if (v === undefined) return null;
        vals.set(c, v);
        break;
      } else return null;
    }
  }
  return { set, order, vals, operands };
}

/**
 * The name of a program another command runs (xargs CMD, find -exec CMD), as its table entry
 * knows it: a bare name, found on PATH, or one in a system bin directory; null for another
 * path (`./grep` is whatever that file is).
 */
export function programName(text: string | null): string | null {
  if (text === null) return null;
  if (/^\/(usr\/)?bin\/[^/]+$/.test(text)) return text.slice(text.lastIndexOf("/") + 1);
  return text.includes("/") || text === "" ? null : text;
}
