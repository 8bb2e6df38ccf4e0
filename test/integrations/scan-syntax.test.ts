// The statement a scan finding is keyed by (src/integrations/scan-syntax.ts): the simple command
// around its word with the assignments and redirections, a compound's head, a compound's
// redirection alone; and the comments, which are never text in quotes or heredocs.

import { expect, test } from "bun:test";
import { loadParser } from "../../src/parse/grammar.ts";
import { readSyntax } from "../../src/integrations/scan-syntax.ts";
import { DEFAULT_BOUNDS } from "../../src/parse/parse.ts";

const parser = await loadParser();

/** The statement of the first occurrence of `word` in `script`. */
function statement(script: string, word: string): string | null {
  const start = script.indexOf(word);
  return readSyntax(parser, script, [{ start, end: start + word.length }], DEFAULT_BOUNDS).statements[0]?.text ?? null;
}

test.each([
  ["cat /x > /y\n", "/x", "cat /x > /y"],
  ["cat /x > /y\n", "/y", "cat /x > /y"],
  ["FOO=1 cat /x\n", "/x", "FOO=1 cat /x"],
  ["a | cat /x && b\n", "/x", "cat /x"],
  ["x=$(cat /q/x)\n", "/q/x", "cat /q/x"],
  ["declare x=/a\n", "/a", "declare x=/a"],
  ["[[ -f /t ]] && echo\n", "/t", "[[ -f /t ]]"],
  ["sh -c 'cat /z'\n", "'cat /z'", "sh -c 'cat /z'"],
  ["cp a \\\n  /etc/x\n", "/etc/x", "cp a \\\n  /etc/x"],
  ["cat <<EOF > /o\nhello\nEOF\n", "/o", "cat <<EOF > /o\nhello\nEOF"],
  // A compound's head, not its body: the key stays when the body changes.
  ["for f in /etc/*; do\n  echo $f\ndone\n", "/etc/*", "for f in /etc/*"],
  ["case /c in\n  a) true;;\nesac\n", "/c", "case /c"],
  ["while read l; do\n  echo\ndone < /etc/hosts\n", "/etc/hosts", "< /etc/hosts"],
])("%p: the statement of %p is %p", (script, word, expected) => {
  expect(statement(script, word)).toBe(expected);
});

test("comments, and only comments", () => {
  const script = ["echo a#b # one", "cat <<EOF", "# in a heredoc", "EOF", "x='", "# in quotes", "'",
    "echo ${x#*/} # two", ""].join("\n");
  expect(readSyntax(parser, script, [], DEFAULT_BOUNDS).comments.map((c) => c.text)).toEqual(["# one", "# two"]);
});

test("a script the guard would not parse (past its size bound) has no statements and no comments", () => {
  const big = "# c\n" + "true\n".repeat(20_000);
  expect(readSyntax(parser, big, [{ start: 0, end: 1 }], DEFAULT_BOUNDS)).toEqual({ statements: [null], comments: [] });
  // Under the bound a scan's guard is made with (`scan --max-bytes`, 1 MiB by default), it is read.
  expect(readSyntax(parser, big, [{ start: 4, end: 8 }], { ...DEFAULT_BOUNDS, maxBytes: 1 << 20 })).toEqual({
    statements: [{ start: 4, end: 8, text: "true" }],
    comments: [{ start: 0, end: 3, text: "# c" }],
  });
});
