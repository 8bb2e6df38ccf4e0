// Escape rules of the three quoting forms, as bash applies them.

/** Inside "…" a backslash quotes only $ ` " \ and newline (which it removes). */
export function unescapeDoubleQuoted(s: string): string {
  if (!s.includes("\\")) return s;
  return s.replace(/\\([$`"\\\n])/g, (_, c: string) => (c === "\n" ? "" : c));
}

const SIMPLE: Record<string, string> = {
  a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v",
  "\\": "\\", "'": "'", '"': '"', "?": "?",
};

/** The body of $'…'. A NUL ends the string, as it does in bash. */
export function decodeAnsiC(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== "\\" || i + 1 >= s.length) {
      out += c;
      continue;
    }
    const d = s[++i]!;
    if (d in SIMPLE) {
      out += SIMPLE[d];
      continue;
    }
    let code: number | null = null;
    if (d >= "0" && d <= "7") {
      const m = /^[0-7]{1,3}/.exec(s.slice(i))![0];
      code = parseInt(m, 8) & 0xff;
      i += m.length - 1;
    } else if (d === "x") {
      const m = /^[0-9a-fA-F]{1,2}/.exec(s.slice(i + 1));
      if (!m) {
        out += "\\x";
        continue;
      }
      code = parseInt(m[0], 16);
      i += m[0].length;
    } else if (d === "u" || d === "U") {
      const m = (d === "u" ? /^[0-9a-fA-F]{1,4}/ : /^[0-9a-fA-F]{1,8}/).exec(s.slice(i + 1));
      if (!m) {
        out += "\\" + d;
        continue;
      }
      const cp = parseInt(m[0], 16);
      i += m[0].length;
      if (cp === 0) return out;
      out += cp <= 0x10ffff ? String.fromCodePoint(cp) : "\ufffd";
      continue;
    } else if (d === "c" && i + 1 < s.length) {
      code = s.charCodeAt(++i) & 0x1f;
    } else {
      out += "\\" + d;
      continue;
    }
    if (code === 0) return out;
    // Bytes above 0x7f are not characters on their own; keep them as Latin-1 code units so a
    // path built from them stays distinct (and never becomes a separator).
    out += String.fromCharCode(code);
  }
  return out;
}
