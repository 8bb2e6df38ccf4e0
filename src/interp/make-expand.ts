// make's variable references and the text functions that make names out of names, enough to
// work out what an include line names (make-includes.ts): `$(DEPS)`, `${DIR}/x.mk`,
// `$(OBJS:.o=.d)`, `$(patsubst %.c,%.d,$(SRCS))`, `$(addprefix dep/,…)`, `$(wildcard *.mk)`
// (the pattern, which the caller matches). A variable the makefile does not define (one the
// environment or the host may set), `$(shell …)`, `$(eval …)` and any other function are not
// known: null. Pure text work.

/** The variables a makefile defined so far: the words of each value, joined by a blank; null: not known. */
export type MakeVars = Map<string, string[] | null>;

const MAX_DEPTH = 16;

/** `text` with its references expanded, or null when some part is not known. */
export function expandMake(text: string, vars: MakeVars, depth = 0): string | null {
  if (depth > MAX_DEPTH) return null;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== "$") {
      out += c;
      continue;
    }
    const next = text[i + 1];
    if (next === undefined) return null;
    if (next === "$") {
      out += "$";
      i++;
      continue;
    }
    if (next !== "(" && next !== "{") {
      const v = variable(next, vars, depth);
      if (v === null) return null;
      out += v;
      i++;
      continue;
    }
    const close = next === "(" ? ")" : "}";
    let level = 0;
    let j = i + 1;
    for (; j < text.length; j++) {
      if (text[j] === next) level++;
      else if (text[j] === close && --level === 0) break;
    }
    if (j >= text.length) return null;
    const v = reference(text.slice(i + 2, j), vars, depth);
    if (v === null) return null;
    out += v;
    i = j;
  }
  return out;
}

function variable(name: string, vars: MakeVars, depth: number): string | null {
  const v = vars.get(name);
  if (v === undefined || v === null) return null;
  return expandMake(v.join(" "), vars, depth + 1);
}

function words(text: string): string[] {
  return text.split(/\s+/).filter((w) => w !== "");
}

/** What one `$(…)` holds: a variable, a substitution reference, or a function call. */
function reference(inner: string, vars: MakeVars, depth: number): string | null {
  if (/^[A-Za-z0-9_.-]+$/.test(inner)) return variable(inner, vars, depth);
  const subst = /^([A-Za-z0-9_.-]+):([^=]*)=(.*)$/s.exec(inner);
  if (subst) {
    const value = variable(subst[1]!, vars, depth);
    const from = expandMake(subst[2]!, vars, depth + 1);
    const to = expandMake(subst[3]!, vars, depth + 1);
    if (value === null || from === null || to === null) return null;
    const pattern = from.includes("%") ? from : `%${from}`;
    return words(value).map((w) => patsubst(pattern, to.includes("%") || from.includes("%") ? to : `%${to}`, w)).join(
      " ",
    );
  }
  const call = /^([a-z-]+)\s+(.*)$/s.exec(inner);
  if (!call) return null;
  const args = splitArgs(call[2]!).map((a) => expandMake(a, vars, depth + 1));
  if (args.includes(null)) return null;
  const a = args as string[];
  switch (call[1]) {
    case "patsubst":
      return a.length === 3 ? words(a[2]!).map((w) => patsubst(a[0]!.trim(), a[1]!.trim(), w)).join(" ") : null;
    case "addsuffix":
      return a.length === 2 ? words(a[1]!).map((w) => w + a[0]!.trim()).join(" ") : null;
    case "addprefix":
      return a.length === 2 ? words(a[1]!).map((w) => a[0]!.trim() + w).join(" ") : null;
    case "notdir":
      return words(a.join(",")).map((w) => w.slice(w.lastIndexOf("/") + 1)).join(" ");
    case "dir":
      return words(a.join(",")).map((w) => w.includes("/") ? w.slice(0, w.lastIndexOf("/") + 1) : "./").join(" ");
    // Relative to the directory make runs in ($(CURDIR)); `..` taken away as the names read.
    case "abspath":
    case "realpath": {
      const cur = vars.get("CURDIR")?.[0];
      if (cur === undefined) return null;
      return words(a.join(",")).map((w) => canonical(w.startsWith("/") ? w : `${cur}/${w}`)).join(" ");
    }
    case "basename":
      return words(a.join(",")).map((w) => w.replace(/\.[^./]*$/, "")).join(" ");
    // These keep some of the words, or put them in another order: all of them are a superset.
    case "sort":
    case "strip":
    case "wildcard":
      return a.join(",");
    case "filter":
    case "filter-out":
      return a.length === 2 ? a[1]! : null;
    case "firstword":
    case "lastword":
      return a.join(",");
    default:
      return null;
  }
}

/** A function's arguments: split at the commas outside parentheses and braces. */
function splitArgs(text: string): string[] {
  const out: string[] = [];
  let level = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "(" || c === "{") level++;
    else if (c === ")" || c === "}") level--;
    else if (c === "," && level === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

/** make's `%` pattern substitution of one word; a word the pattern does not match is kept. */
function patsubst(pattern: string, replacement: string, word: string): string {
  const p = pattern.indexOf("%");
  if (p < 0) return word === pattern ? replacement : word;
  const head = pattern.slice(0, p);
  const tail = pattern.slice(p + 1);
  if (word.length < head.length + tail.length || !word.startsWith(head) || !word.endsWith(tail)) return word;
  const stem = word.slice(head.length, word.length - tail.length);
  return replacement.includes("%") ? replacement.replace("%", stem) : replacement;
}

/** `.` and empty segments removed, `..` taking the one before it (make's abspath; realpath resolves links too). */
function canonical(abs: string): string {
  const out: string[] = [];
  for (const seg of abs.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") out.pop();
    else out.push(seg);
  }
  return `/${out.join("/")}`;
}
