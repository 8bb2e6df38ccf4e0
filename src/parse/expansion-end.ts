// Where a `${…}` ends, as bash finds it: read from the text, since the grammar ends some
// expansions early (a `;` or `<` in an operand: `${o//</\&lt;}`) and reads others' operands
// otherwise than bash (src/shell/lower/operand.ts). Also where "…" and $'…' end.

/**
 * The index just past the `}` that ends the `${` at `start`, as bash finds it (quotes,
 * escapes and nested `${…}` skipped; brackets are not: `${x//[}]/_}` ends at the first `}`),
 * or -1 when it is not found or a command substitution or backquotes are in the way.
 */
export function paramEnd(text: string, start: number): number {
  let i = start + 2;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "\\") i += 2;
    else if (c === "'") {
      const j = text.indexOf("'", i + 1);
      if (j < 0) return -1;
      i = j + 1;
    } else if (c === '"') {
      i = quotedEnd(text, i);
      if (i < 0) return -1;
    } else if (c === "`") return -1;
    else if (c === "$") {
      const d = text[i + 1];
      if (d === "(") return -1;
      if (d === "{") {
        i = paramEnd(text, i);
        if (i < 0) return -1;
      } else if (d === "'") {
        i = ansiEnd(text, i + 1);
        if (i < 0) return -1;
      } else i++;
    } else if (c === "}") return i + 1;
    else i++;
  }
  return -1;
}

/** Just past the `"` that closes the one at `at`, or -1 (code in the way, or no end). */
export function quotedEnd(text: string, at: number): number {
  let i = at + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "\\") i += 2;
    else if (c === '"') return i + 1;
    else if (c === "`") return -1;
    else if (c === "$" && text[i + 1] === "(") return -1;
    else if (c === "$" && text[i + 1] === "{") {
      i = paramEnd(text, i);
      if (i < 0) return -1;
    } else i++;
  }
  return -1;
}

/** Just past the `'` that closes $'…' whose opening quote is at `at`, or -1. */
export function ansiEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === "'") return i + 1;
  }
  return -1;
}
