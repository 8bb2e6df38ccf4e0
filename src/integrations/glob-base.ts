// Where a file-search glob can reach, and a shell word for a path. A glob like `../../**` or
// `/etc/*` climbs out of the directory the search starts in; the host judges where it reaches.

/**
 * Where a glob can reach: the directory above its first wildcard, after letting `..` climb
 * (`*` stands for one directory, `**` for any number, so `**` then `..` may climb past it).
 * A glob library that expands braces may turn an alternative into a path of its own
 * (`{/etc,src}/*` lists `/etc`, `{~/.ssh,x}` the home directory), and extglobs hold
 * alternatives too (`+(..)/x`), so braces or parentheses that could hold `..`, a `/` or a `~`
 * make it unknowable, and the answer is `/`; so does a backslash. A leading `~` or `~/` is the
 * home directory (a library may expand it); `~user`, or `~` with no home known, is `/` too.
 */
export function globBase(dir: string, pattern: string, home: string | null = null): string {
  // A backslash may escape a separator or stand for one; either way the reach is unclear.
  if (pattern.includes("\\")) return "/";
  if (/[{(]/.test(pattern) && (pattern.includes("..") || groupsMayLeave(pattern))) return "/";
  let joined: string;
  if (pattern === "~" || pattern.startsWith("~/")) {
    if (home === null) return "/";
    joined = home + pattern.slice(1);
  } else if (pattern.startsWith("~")) return "/";
  else joined = pattern.startsWith("/") ? pattern : `${dir}/${pattern}`;
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

/**
 * Whether a group (from `{` or `(` to its closing `}` or `)`, or to the end when it has none)
 * holds a `/` or a `~`.
 */
function groupsMayLeave(pattern: string): boolean {
  let depth = 0;
  for (const c of pattern) {
    if (c === "{" || c === "(") depth++;
    else if ((c === "}" || c === ")") && depth > 0) depth--;
    else if (depth > 0 && (c === "/" || c === "~")) return true;
  }
  return false;
}

export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
