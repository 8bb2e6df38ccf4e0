// Backquoted commands as bash reads them. Inside `…` bash removes a backslash before ` $ and \
// (and, inside "…", before ") before it parses the text, and the first backquote no backslash
// escapes ends the command. The grammar parses the text as written, so where a backslash is in
// it the grammar's tree is not what bash runs (`echo \`cat x\`` runs cat; "`cat \"../x\"`"
// reads ../x): that text is parsed again, unescaped, when it runs.

/** What bash runs for backquoted text `t` (quotes included) that holds a backslash. */
export type EscapedBackquote =
  | { readonly code: string }
  /** A backquote before the last one ends it: a second substitution the text would hide. */
  | { readonly sideBySide: true };

/** Null when `t` holds no backslash (the grammar's own tree is what bash runs). */
export function escapedBackquote(t: string, quoted: boolean): EscapedBackquote | null {
  if (!(t.startsWith("`") && t.endsWith("`") && t.length > 1 && t.includes("\\"))) return null;
  if (backquoteEnd(t) !== t.length - 1) return { sideBySide: true };
  return { code: t.slice(1, -1).replace(quoted ? /\\([`$\\"])/g : /\\([`$\\])/g, "$1") };
}

/** Where bash ends a backquoted command that opens at 0: the first backquote not escaped by a backslash, or -1. */
function backquoteEnd(t: string): number {
  for (let i = 1; i < t.length; i++) {
    if (t[i] === "\\") i++;
    else if (t[i] === "`") return i;
  }
  return -1;
}
