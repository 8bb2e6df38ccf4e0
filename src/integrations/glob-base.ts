// Where a file-search glob can reach, and a shell word for a path. A glob like `../../**` or
// `/etc/*` climbs out of the directory the search starts in; the host judges where it reaches.

/**
 * Where a glob can reach: the directory above its first wildcard, after letting `..` climb
 * (`*` stands for one directory, `**` for any number, so `**` then `..` may climb past it).
 * Braces that could hold `..` make it unknowable, so the answer is `/`.
 */
export function globBase(dir: string, pattern: string): string {
  if (pattern.includes("{") && pattern.includes("..")) return "/";
  const joined = pattern.startsWith("/") ? pattern : `${dir}/${pattern}`;
  const out: string[] = [];
  const ONE = "\u0000*";
  const ANY = "\u0000**";
  for (const seg of joined.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      const last = out.pop();
      if (last === ANY) out.pop();
      continue;
    }
    out.push(seg === "**" ? ANY : /[*?[\]{}]/.test(seg) ? ONE : seg);
  }
  const first = out.findIndex((s) => s.startsWith("\u0000"));
  return "/" + (first < 0 ? out : out.slice(0, first)).join("/");
}

export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
