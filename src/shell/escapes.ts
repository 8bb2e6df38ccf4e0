// Escape rules of the three quoting forms, as bash applies them.

/** Inside "…" a backslash quotes only $ ` " \ and newline (which it removes). */
export function unescapeDoubleQuoted(s: string): string {
  if (!s.includes("\\")) return s;
  return s.replace(/\\([$`"\\\n])/g, (_, c: string) => (c === "\n" ? "" : c));
}

const SIMPLE: Record<string, string> = { a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", n: "\n", r: "\r", t: "\t",
  v: "\v", "\\": "\\", "'": "'", '"': '"', "?": "?" };

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The body of $'…'. A NUL ends the string, as it does in bash. `\xHH` and octal escapes are
 * bytes: runs of them are decoded as UTF-8 (what the filesystem names hold); bytes that are not
 * UTF-8 cannot be a JavaScript string faithfully, so the result is null and the word unknown.
 */
export function decodeAnsiC(s: string): string | null {
  let out = "";
  let bytes: number[] = [];
  const flush = (): boolean => {
    if (bytes.length === 0) return true;
    try {
      out += utf8.decode(new Uint8Array(bytes));
    } catch {
      return false;
    }
    bytes = [];
    return true;
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== "\\" || i + 1 >= s.length) {
      if (!flush()) return null;
      out += c;
      continue;
    }
    const d = s[++i]!;
    let code: number | null = null;
    if (d >= "0" && d <= "7") {
      const m = /^[0-7]{1,3}/.exec(s.slice(i))![0];
      code = parseInt(m, 8) & 0xff;
      i += m.length - 1;
    } else if (d === "x") {
      const m = /^[0-9a-fA-F]{1,2}/.exec(s.slice(i + 1));
      if (!m) {
        if (!flush()) return null;
        out += "\\x";
        continue;
      }
      code = parseInt(m[0], 16);
      i += m[0].length;
    } else if (d === "c" && i + 1 < s.length) {
      // \c? is DEL; any other \cX is X's control character.
      const x = s.charCodeAt(++i);
      code = x === 0x3f ? 0x7f : x & 0x1f;
    }
    if (code !== null) {
      if (code === 0) return flush() ? out : null;
      bytes.push(code);
      continue;
    }
    if (!flush()) return null;
    if (d in SIMPLE) {
      out += SIMPLE[d];
      continue;
    }
    if (d === "u" || d === "U") {
      const m = (d === "u" ? /^[0-9a-fA-F]{1,4}/ : /^[0-9a-fA-F]{1,8}/).exec(s.slice(i + 1));
      if (!m) {
        out += "\\" + d;
        continue;
      }
      const cp = parseInt(m[0], 16);
      i += m[0].length;
      if (cp === 0) return out;
      if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return null;
      out += String.fromCodePoint(cp);
      continue;
    }
    out += "\\" + d;
  }
  return flush() ? out : null;
}
