// Valid bash found in real repositories that tree-sitter-bash parses otherwise than bash, or not
// at all (issue #32, item 5): what bash does with each (run here, in the fixture's project),
// and that the guard sees the same accesses — the inside case allowed, its outside twin asked.
// Where the guard cannot read a construct it asks; it never allows unread code.
//
// The cases are checked without golden verdicts (assertCase, not table()): they are new, and
// the golden files are regenerated where the branch is merged.

import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { assertCase, type Case, useSandbox } from "./support/table.ts";

const box = useSandbox();

/** What bash passes to a program for `words` after `setup`, run in the project. */
function bashWords(setup: string, words: string): string[] {
  const r = spawnSync("bash", ["-c", `${setup}\nprintf '%s\\0' ${words}`], { cwd: box.fx.project, encoding: "utf8" });
  expect(r.status).toBe(0);
  return r.stdout.split("\0").slice(0, -1);
}

/** Runs `command` with bash in the project: its output. */
function bash(command: string, mode: "string" | "file" = "string"): string {
  const r = mode === "string"
    ? spawnSync("bash", ["-c", box.fx.sub(command)], { cwd: box.fx.project, encoding: "utf8" })
    : spawnSync("bash", [], { cwd: box.fx.project, encoding: "utf8", input: box.fx.sub(command) });
  return r.stdout;
}

/** The paths the guard says `cat` reads in `setup; cat -- WORDS`. */
function guardWords(setup: string, words: string): string[] {
  const v = box.check(`${setup}\ncat -- ${words}`);
  expect(v.reasons.filter((r) => r.code === "PARSE_ERROR" || r.code === "UNMODELLED_SYNTAX")).toEqual([]);
  return v.accesses.filter((a) => a.command === "cat" && a.kind === "read").map((a) => a.path);
}

describe("${…} pattern operands: the words are bash's", () => {
  const operands: readonly [setup: string, words: string, bash: readonly string[]][] = [
    // A quoted expansion in the pattern matches as text: `*` in $e is a star, not a glob.
    ["r='foo-bar'; e='-'", '"${r#*"$e"}"', ["bar"]],
    ["r='x*y/z'; e='*'", '"${r#*"$e"}"', ["y/z"]],
    ["B=$'a\\nb'", "${B//$'\\n'/x}", ["axb"]],
    ["x='a b'", "${x%% *}", ["a"]],
    ["x='a b'", '"${x%% *}"', ["a"]],
    ["p=a/b/c", "${p//\\//_}", ["a_b_c"]],
    ["x='q in 5ms'; y=5", '"${x% in "$y"ms}"', ["q"]],
    // A `;`, `<` or `&` in the operand ends the expansion to the grammar, not to bash.
    ["o='a<b;c'", '"${o//</\\&lt;}"', ["a&lt;b;c"]],
    ["o='a<b;c'", "${o//;/_}", ["a<b_c"]],
    ["o='x&y'", '"${o//&/\\&amp;}"', ["x&amp;y"]],
    ["o='a\"b'", "${o//'\"'/_}", ["a_b"]],
    // Fixed before: a blank replacement splits into words.
    ["v=a.b", "${v//./ }", ["a", "b"]],
  ];
  for (const [setup, words, expected] of operands) {
    test(`${setup}; ${words}`, () => {
      expect(bashWords(setup, words)).toEqual([...expected]);
      expect(guardWords(setup, words)).toEqual([...expected]);
    });
  }

  const cases: readonly Case[] = [
    ['r=x-../outside/secret.txt; e=-; cat -- "${r#*"$e"}"', "ask", ["read $O/secret.txt"]],
    ['r=x-README.md; e=-; cat -- "${r#*"$e"}"', "allow", ["read $P/README.md"]],
    ["x='../outside/secret.txt b'; cat -- ${x%% *}", "ask", ["read $O/secret.txt"]],
    ["x='README.md b'; cat -- ${x%% *}", "allow", ["read $P/README.md"]],
    ["p=..@outside@secret.txt; cat -- ${p//@/\\/}", "ask", ["read $O/secret.txt"]],
    ["p=src@main.ts; cat -- ${p//@/\\/}", "allow", ["read $P/src/main.ts"]],
    ["o='..;outside;secret.txt'; cat -- \"${o//;//}\"", "ask", ["read $O/secret.txt"]],
    ["o='src;main.ts'; cat -- \"${o//;//}\"", "allow", ["read $P/src/main.ts"]],
    // Code in an operand is still run as code: the grammar's reading of it is kept.
    ["x=a; cat -- ${x#$(cat ../outside/secret.txt)}", "ask", ["read $O/secret.txt"]],
  ];
  for (const c of cases) test(`${c[0]} → ${c[1]}`, () => assertCase(box, c));
});

describe("statements the grammar misreads", () => {
  test("bash: { …; } 0<file reads the file; if ! case …; the negation; a `\\` at the end", () => {
    expect(bash("{ cat; } 0<README.md")).toBe("# project\n");
    expect(bash("x=a; if ! case $x in a) true;; esac; then echo then; else echo else; fi")).toBe("else\n");
    expect(bash("x=b; if ! case $x in a) true;; esac; then echo then; else echo else; fi")).toBe("else\n");
    expect(bash("x=a; if ! case $x in a) false;; esac; then echo then; else echo else; fi")).toBe("then\n");
    // Given as a string, a `\` at the very end is a backslash; in a file (or on stdin) it is removed.
    expect(bash("printf '<%s>' a \\")).toBe("<a><\\>");
    expect(bash("printf '<%s>' a \\", "file")).toBe("<a>");
    expect(bash("true && printf '<%s>' >/dev/stderr a; true && printf '<%s>' 2>/dev/null b")).toBe("<b>");
  });

  const cases: readonly Case[] = [
    ["{ cat; } 0<README.md", "allow", ["read $P/README.md", "!#PARSE_ERROR"]],
    ["{ cat; } 0<../outside/secret.txt", "ask", ["read $O/secret.txt"]],
    ["( cat ) 0<../outside/secret.txt", "ask", ["read $O/secret.txt"]],
    ["if true; then cat; fi 0<../outside/secret.txt", "ask", ["read $O/secret.txt"]],
    // `!` before a compound command, anywhere: the else branch is what bash runs when x=a.
    ["x=a; if ! case $x in a) true;; esac; then cat README.md; else cat ../outside/secret.txt; fi", "ask", [
      "read $O/secret.txt",
      "!#PARSE_ERROR",
    ]],
    ["x=a; if ! case $x in a) true;; esac; then cat ../outside/secret.txt; else cat README.md; fi", "allow", [
      "read $P/README.md",
    ]],
    ["while ! { cat ../outside/secret.txt; }; do :; done", "ask", ["read $O/secret.txt", "!#PARSE_ERROR"]],
    ["while ! { cat README.md; }; do :; done", "allow", ["read $P/README.md"]],
    // A command string: the last `\` is a backslash, a word of cat's (the file `\` in the project).
    ["cat README.md \\", "allow", ["read $P/\\", "!#PARSE_ERROR"]],
    ["cat ../outside/secret.txt \\", "ask", ["read $O/secret.txt"]],
    // The words after a redirection at the end of a list are the last command's.
    ["true && cat >/dev/null README.md", "allow", ["read $P/README.md", "!#PARSE_ERROR"]],
    ["true && cat >/dev/null ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
    ["true | cat 2>/dev/null ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
    // After a compound command they are a syntax error to bash: still refused.
    ["{ cat; } >/dev/null ../outside/secret.txt", "ask", ["#PARSE_ERROR"]],
    // The lone `-` the grammar drops before `N>` at the end of a pipeline or list is a word of
    // its last command (`echo x | sha1sum -c - 2>&1`: sha1sum reads the names in stdin).
    ["printf 'README.md\\n' | xargs cat - 2>/dev/null", "allow", ["read $P/README.md", "!#PARSE_ERROR"]],
    ["printf '../outside/secret.txt\\n' | xargs cat - 2>/dev/null", "ask", ["read $O/secret.txt"]],
    ["true && cat - 2>/dev/null", "allow", ["!#PARSE_ERROR"]],
    ["{ cat; } - 2>/dev/null", "ask", ["#PARSE_ERROR"]],
    // A `$` before `)` is text (`grep -c x$`): the grammar ended the substitution in an error.
    ['echo "$(grep -c x$ README.md)"', "allow", ["read $P/README.md", "!#PARSE_ERROR"]],
    ["n=0; ((n+=$(grep -cv x$ README.md)))", "allow", ["!#PARSE_ERROR"]],
    ["cat $(echo ../outside/secret.txt$)", "ask", ["read $O/secret.txt$"]],
    // Fixed before: -a and -o between test operands.
    ['x=README.md; [ -f "$x" -a -r ../outside/secret.txt ]', "ask", ["read $O/secret.txt"]],
    ['x=README.md; [ -f "$x" -a -r src/main.ts ]', "allow", ["read $P/README.md"]],
    // A subscript with blanks is read (no parse error); its value is still not computed.
    ['a=(x y); i=1; cat -- "${a[i - 1]}"', "ask", ["#UNRESOLVED_WORD", "!#PARSE_ERROR"]],
  ];
  for (const c of cases) test(`${c[0]} → ${c[1]}`, () => assertCase(box, c));

  test("a script's `\\` at the very end is removed: no word `\\`", () => {
    const v = box.guard.check("cat README.md \\", { cwd: box.fx.project, script: "./x.sh" });
    expect(v.decision).toBe("allow");
    expect(v.accesses.map((a) => a.path)).toEqual(["README.md"]);
  });
});

describe("a lone backslash at the end of the command", () => {
  // The grammar reads the text with the `\` doubled (src/parse/respell.ts), one character longer
  // than the command; every span shown is still inside the command as given (found by the
  // seeded fuzz campaign: `find -exec mv {} x \` had an access at 53..55 of 54 characters).
  test.each(["find . -inum 5 -exec mv {} new-name \\", "ls \\", "echo a \\"])("%s: spans within the text",
    (command) => {
      const v = box.check(command);
      const spans = [...v.reasons, ...v.accesses].flatMap((s) => [s.start ?? 0, s.end ?? 0]);
      expect(Math.max(0, ...spans)).toBeLessThanOrEqual(command.length);
    });
});
