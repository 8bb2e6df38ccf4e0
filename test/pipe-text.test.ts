// Commands whose output is a pure function of their words, their known input text, and the
// disk where the guard can look (src/commands/table/pipe/): a substitution of theirs is a known
// word. Inside cases allow next to outside twins that must not; the values themselves are
// checked against bash and coreutils below.

import { beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Arg, Stdin } from "../src/commands/effects.ts";
import type { PipeCall, PipeOutput } from "../src/commands/spec.ts";
import { BASENAME_TEXT, CUT_TEXT, DIRNAME_TEXT, HEAD_TEXT, REV_TEXT, TAIL_TEXT, TR_TEXT,
  UNIQ_TEXT } from "../src/commands/table/pipe/compute.ts";
import { SED_TEXT } from "../src/commands/table/pipe/sed.ts";
import { GREP_TEXT } from "../src/commands/table/pipe/grep.ts";
import { XARGS_TEXT } from "../src/commands/table/pipe/disk.ts";
import { table, useSandbox } from "./support/table.ts";

const box = useSandbox();

table("dirname and basename", box, [['cd "$(dirname src/sub/deep.ts)" && cat deep.ts', "allow", [
  "read $P/src/sub/deep.ts",
]], ['cd "$(dirname /etc/x)" && rm -f passwd', "ask", ["write /etc/passwd"]], [
  'cat "$(dirname ../outside/secret.txt)/secret.txt"',
  "ask",
  ["read $O/secret.txt"],
], ['cd src && cat "$(basename /x/main.ts)"', "allow", ["read $P/src/main.ts"]], ['cat "$(basename ../x/..)"', "ask", [
  "read $T/work",
]], ['cat "$(basename src/main.ts .ts)".ts', "allow", ["read $P/main.ts"]], [
  'cat "$(basename -s .md docs/guide.md)".md',
  "allow",
  ["read $P/guide.md"],
], ["cat $(basename -a src/main.ts ../outside/secret.txt)", "allow", ["read $P/main.ts", "read $P/secret.txt"]], [
  "cat $(dirname src/main.ts ../outside/secret.txt)",
  "ask",
  ["read $T/work/outside"],
], ["cd $(echo ../outside/secret.txt | xargs dirname) && cat secret.txt", "ask", ["read $O/secret.txt"]], [
  "cd $(echo src/sub/deep.ts | xargs dirname) && cat deep.ts",
  "allow",
  ["read $P/src/sub/deep.ts"],
], ['cat "$(dirname --bogus src/x)"/y', "ask", ["#UNRESOLVED_WORD"]]]);

table("tr, sed, cut, rev, head, tail, uniq on known text", box, [
  ["cat $(echo src/a | tr a b)", "allow", ["read $P/src/b"]],
  ["cat $(echo ../x | tr a a)", "ask", ["read $T/work/x"]],
  ["cat $(echo ..-x | tr - /)", "ask", ["read $T/work/x"]],
  ["cat $(echo SRC/MAIN.TS | tr A-Z a-z)", "allow", ["read $P/src/main.ts"]],
  ["cat $(echo src//main.ts | tr -s /)", "allow", ["read $P/src/main.ts"]],
  ["cat $(echo .x./secret | tr -d x)", "ask", ["read $T/work/secret"]],
  ["cat $(echo src/a | tr '[:lower:]' x)", "ask", ["#UNRESOLVED_WORD"]],
  ["cat $(echo src/main.ts | sed 's/main/other/')", "allow", ["read $P/src/other.ts"]],
  ["cat $(echo src/main.ts | sed 's/src/../')", "ask", ["read $T/work/main.ts"]],
  ["cat $(echo src/main.ts | sed 's|^.*/|../|')", "ask", ["read $T/work/main.ts"]],
  ["cat $(echo src/main.ts | sed -E 's/(main)\\.ts/\\1.js/')", "allow", ["read $P/src/main.js"]],
  ["cat $(echo src/main.ts | sed -E 's/(a|b)/x/')", "ask", ["#UNRESOLVED_WORD"]],
  ["cat $(echo xsrc | sed 's|x*|../|')", "ask", ["read $T/work/src"]],
  ["cat $(echo xsrc | sed 's|y*|../|g')", "ask", ["#UNRESOLVED_WORD"]],
  ["cat $(echo src/main.ts | sed 's/\\w/x/')", "ask", ["#UNRESOLVED_WORD"]],
  ["cat $(echo a:../outside/secret.txt | cut -d: -f2)", "ask", ["read $O/secret.txt"]],
  ["cat $(echo src/main.ts:x | cut -d: -f1)", "allow", ["read $P/src/main.ts"]],
  ["cat $(echo st.niam/crs | rev)", "allow", ["read $P/src/main.ts"]],
  ["cat $(echo txt.terces/edistuo/.. | rev)", "ask", ["read $O/secret.txt"]],
  ["cat $(printf 'src/main.ts\\n../outside/secret.txt\\n' | head -1)", "allow", ["read $P/src/main.ts"]],
  ["cat $(printf 'src/main.ts\\n../outside/secret.txt\\n' | tail -1)", "ask", ["read $O/secret.txt"]],
  ["cat $(printf 'src/main.ts\\nsrc/main.ts\\n' | uniq)", "allow", ["read $P/src/main.ts"]],
  ['cat "$(echo src/main.ts 2>/dev/null)"', "allow", ["read $P/src/main.ts"]],
  // The first segment's output goes to a file: cat reads nothing, cd "" stays where it is.
  ['cd "$(echo src > /dev/null | cat)" && cat ../x', "ask", ["#UNRESOLVED_WORD"]],
  ["find docs 2>&1 | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  // `|&` is `2>&1 |`, applied after the command's own redirections (bash(1), Pipelines).
  ["find docs |& xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find docs 2>/dev/null |& xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ['cat "$(find docs |& head -1)"', "ask", ["#UNRESOLVED_WORD"]],
  ["find docs |& grep x | xargs cat", "ask", ["#UNRESOLVED_WORD"]],
  ["find docs 2>/dev/null | xargs cat", "allow", ["read $P/docs"]],
]);

table("realpath and readlink -f resolve on the disk as it is", box, [
  ['cat "$(realpath link-in/main.ts)"', "allow", ["read $P/src/main.ts"]],
  ['cat "$(readlink -f rel-out/secret.txt)"', "ask", ["read $O/secret.txt"]],
  ['cat "$(readlink -f src/secret-link)"', "ask", ["read $O/secret.txt"]],
  ['cd "$(readlink -e link-in)" && cat main.ts', "allow", ["read $P/src/main.ts"]],
  ['cat "$(readlink -f nothing/x)"', "ask", ["#UNRESOLVED_WORD"]],
  ['cat "$(realpath -m nothing/x)"', "allow", ["read $P/nothing/x"]],
  // An earlier command may have made the name a link: what the disk shows now is not what runs.
  ['ln -sfn ../outside x; cat "$(readlink -f x)/secret.txt"', "ask", ["#UNRESOLVED_WORD"]],
  ['mv link-out y; cat "$(readlink -f y)"', "ask", ["#UNRESOLVED_WORD"]],
  ['rm -rf build; cd "$(readlink -f build)" && rm -rf ../../x', "ask", ["#UNRESOLVED_WORD"]],
]);

table("a function or an alias of the name runs instead", box, [[
  'echo() { printf ../outside/secret.txt; }; cat "$(echo hi)"',
  "ask",
  ["#UNRESOLVED_WORD"],
], ['dirname() { printf ../outside; }; cat "$(dirname src/x)/secret.txt"', "ask", ["#UNRESOLVED_WORD"]], [
  "alias dirname='printf ../outside'; cat \"$(dirname src/x)/secret.txt\"",
  "ask",
  ["#UNRESOLVED_WORD"],
], ["wc() { echo ../outside/secret.txt; }; cat $(wc -l)", "ask", ["#UNRESOLVED_WORD"]], [
  'dirname() { printf ../outside; }; cat "$(command dirname src/x)/main.ts"',
  "allow",
  ["read $P/src/main.ts"],
]]);

table("substitutions inside substitutions are known two deep", box, [[
  'cd "$(dirname "$(readlink -f link-in/main.ts)")" && cat main.ts',
  "allow",
  ["read $P/src/main.ts"],
], ["cd $(dirname $(readlink -f src/secret-link)) && cat secret.txt", "ask", ["read $O/secret.txt"]], [
  "cat $(dirname $(echo src/sub/deep.ts | tr s S))",
  "allow",
  ["read $P/Src/Sub"],
], ["cat $(dirname $(dirname $(echo ../outside/dir/file.txt)))", "ask", ["read $O"]], [
  "cat $(dirname $(dirname $(echo src/sub/deep.ts)))",
  "allow",
  ["read $P/src"],
], ["cat $(dirname $(dirname $(dirname $(echo ../outside/dir/file.txt))))", "ask", ["#UNRESOLVED_WORD"]], [
  "cd $(dirname $(echo ../outside/x)) && rm -f secret.txt",
  "ask",
  ["write $O/secret.txt"],
]]);

describe("which finds the first executable on a known PATH", () => {
  const sys = useSandbox((fx) => ({ env: { PATH: `${fx.project}/scripts:/usr/bin:/bin` } }));
  beforeAll(() => {
    writeFileSync(join(sys.fx.outside, "tool"), "#!/bin/sh\n");
    chmodSync(join(sys.fx.outside, "tool"), 0o755);
    writeFileSync(join(sys.fx.project, "scripts", "plain"), "x\n");
  });
  table("which", sys, [
    ['cat "$(which build.sh)"', "allow", ["read $P/scripts/build.sh"]],
    ["cd $(dirname $(which build.sh))/.. && cat README.md", "allow", ["read $P/README.md"]],
    ["PATH=$PWD/../outside:$PATH; cat $(dirname $(which tool))/secret.txt", "ask", ["read $O/secret.txt"]],
    ["ls -l $(which bash)", "allow", ["list /usr/bin/bash"]],
    ['PATH=$PWD/../outside:$PATH; cat "$(which tool)"', "ask", ["read $O/tool"]],
    // Not executable: which goes on, and finds nothing.
    ['cat "$(which plain)"', "ask", ["#UNRESOLVED_WORD"]],
    ['cat "$(which no-such-program-here)"', "ask", ["#UNRESOLVED_WORD"]],
    ['PATH=.:$PATH; cat "$(which build.sh)"', "ask", ["#UNRESOLVED_WORD"]],
    ['chmod +x ../outside/secret.txt; PATH=$PWD/../outside; cat "$(which secret.txt)"', "ask", ["#UNRESOLVED_WORD"]],
  ]);
});

table("which with PATH not known", box, [['cat "$(which bash)"', "ask", ["#UNRESOLVED_WORD"]]]);

// A dotenv file exported through grep and xargs, the way agents load one before a command:
// `export $(grep -v '^#' .env | xargs)`. The file's text is read as `< FILE` is (inside a root,
// small, not written earlier), grep and xargs computed, and the variables set are known.
describe("variables exported from a project's dotenv file", () => {
  beforeAll(() => {
    writeFileSync(join(box.fx.project, ".env.sample"), "# local\nDATABASE_URL=postgres://localhost/app\nDEBUG=1\n");
    writeFileSync(join(box.fx.project, ".env.hook"), "# local\nNODE_OPTIONS=--require=../outside/hook.js\n");
    writeFileSync(join(box.fx.project, ".env.path"), "PATH=../outside:/usr/bin\n");
  });
  table("dotenv through grep and xargs", box, [
    ["export $(grep -v '^#' .env.sample | xargs) && node -e 1", "allow", ["read $P/.env.sample"]],
    ["export $(cat .env.sample | grep -v '^#' | xargs); cat src/main.ts", "allow", ["read $P/src/main.ts"]],
    ['cat "$(grep -v "^#" .env.sample | xargs | cut -d= -f1)"', "allow", ["read $P/DATABASE_URL"]],
    // What the file sets is judged: a module node loads from outside, a PATH that leads out.
    ["export $(grep -v '^#' .env.hook | xargs) && node -e 1", "ask", ["#EXTERNAL_PATH"]],
    ["export $(grep -v '^#' .env.path | xargs) && ls", "ask", ["#EXTERNAL_PATH"]],
    // A file outside, or one the command writes first, is not read.
    ["export $(grep -v '^#' ../outside/secret.txt | xargs)", "ask", ["read $O/secret.txt"]],
    ["echo 'PATH=/tmp' > .env.sample; export $(grep -v '^#' .env.sample | xargs) && ls", "ask", ["#SHELL_STATE"]],
  ]);
});

/** What bash prints for `printf %s INPUT | CMD`. */
function bash(cmd: string, input: string): string {
  return spawnSync("bash", ["-c", cmd], { input, encoding: "utf8", env: { PATH: process.env.PATH, LC_ALL: "C.UTF-8" } })
    .stdout;
}

function computed(p: PipeOutput, name: string, texts: readonly string[], input: string): string | null {
  if (p.t !== "text") throw new Error("a text variant");
  const arg = (t: string): Arg => ({ text: t, source: t, span: { start: 0, end: 0 }, unknownWhy: null, segs: [] });
  const stdin: Stdin = { t: "text", text: input };
  const call = { name, nameArg: arg(name), args: texts.map(arg), texts, input: () => stdin, inputText: () => input,
    fileText: () => null } as unknown as PipeCall;
  return p.text(call);
}

describe("the values are what bash and coreutils print", () => {
  const cases: [PipeOutput, string, string[], string][] = [
    [DIRNAME_TEXT, "dirname", ["/a/b/"], ""],
    [DIRNAME_TEXT, "dirname", ["///a//b//"], ""],
    [DIRNAME_TEXT, "dirname", ["//a"], ""],
    [DIRNAME_TEXT, "dirname", ["a"], ""],
    [DIRNAME_TEXT, "dirname", [""], ""],
    [DIRNAME_TEXT, "dirname", ["a/b", "c/d"], ""],
    [DIRNAME_TEXT, "dirname", ["-z", "a/b"], ""],
    [DIRNAME_TEXT, "dirname", ["--", "-x/y"], ""],
    [BASENAME_TEXT, "basename", ["/a/b/"], ""],
    [BASENAME_TEXT, "basename", ["//"], ""],
    [BASENAME_TEXT, "basename", ["a.ts", ".ts"], ""],
    [BASENAME_TEXT, "basename", [".ts", ".ts"], ""],
    [BASENAME_TEXT, "basename", ["-s", ".ts", "a.ts", "b.ts"], ""],
    [BASENAME_TEXT, "basename", ["-a", "a/x", "b/y/"], ""],
    [BASENAME_TEXT, "basename", [""], ""],
    [BASENAME_TEXT, "basename", ["--suffix=.c", "a.c"], ""],
    [BASENAME_TEXT, "basename", ["-sx", "ax"], ""],
    [BASENAME_TEXT, "basename", ["x/a.ts", "a.ts"], ""],
    [TR_TEXT, "tr", ["a-c", "x"], "abcd\n"],
    [TR_TEXT, "tr", ["-s", "ab"], "aabbcc"],
    [TR_TEXT, "tr", ["-s", "ab", "xy"], "aabbcc"],
    [TR_TEXT, "tr", ["-d", "b"], "abc"],
    [TR_TEXT, "tr", ["abc", "de"], "abc"],
    [TR_TEXT, "tr", ["a", "de"], "abc"],
    [TR_TEXT, "tr", ["a-", "x_"], "a-b"],
    [TR_TEXT, "tr", ["\\\\", "/"], "a\\b"],
    [TR_TEXT, "tr", ["\\n", " "], "a\nb\n"],
    [TR_TEXT, "tr", ["-d", "\\n"], "a\nb\n"],
    [TR_TEXT, "tr", ["A-Z", "a-z"], "SRC/Main.TS"],
    [TR_TEXT, "tr", ["/", "\\012"], "a/b"],
    [SED_TEXT, "sed", ["s/a/x/"], "banana\nab"],
    [SED_TEXT, "sed", ["s/a/x/g"], "banana\n"],
    [SED_TEXT, "sed", ["s|^.*/||"], "a/b/c\nx\n"],
    [SED_TEXT, "sed", ["s/\\.ts$/.js/"], "a.ts\nb.tsx\n"],
    [SED_TEXT, "sed", ["-E", "s/([^-]+)-([0-9])/\\2-\\1/"], "abc-1 x\n"],
    [SED_TEXT, "sed", ["s/\\(b*\\)c/[\\1]/"], "abbbc\n"],
    [SED_TEXT, "sed", ["s/[^-]*$/&.bak/"], "a-b\n"],
    [SED_TEXT, "sed", ["-e", "s/a\\/b/&&/"], "a/b\n"],
    [SED_TEXT, "sed", ["s/[]x]/y/g"], "a]x\n"],
    [SED_TEXT, "sed", ["s/.$//"], "ab\r\n"],
    [SED_TEXT, "sed", ["s/a.c/X/"], "a\rc\n"],
    [SED_TEXT, "sed", ["s/+?(a)/X/"], "+?(a)\n"],
    [SED_TEXT, "sed", ["s/^*a/X/"], "*a\n"],
    [SED_TEXT, "sed", ["s/x*/-/"], "abc\n"],
    [SED_TEXT, "sed", ["s/b*$/-/"], "abb\nab-\n"],
    [SED_TEXT, "sed", ["s/[0-3]x/\\n/"], "2x\n"],
    [CUT_TEXT, "cut", ["-d:", "-f2"], "a:b:c\nxyz"],
    [CUT_TEXT, "cut", ["-d", ":", "-f3,1"], "a:b:c\nxyz\n"],
    [CUT_TEXT, "cut", ["-d:", "-f2-"], "a:b:c\n"],
    [CUT_TEXT, "cut", ["-d:", "-f-2"], "a:b:c\n"],
    [CUT_TEXT, "cut", ["-d:", "-f5"], "a:b:c\n"],
    [CUT_TEXT, "cut", ["-s", "-d:", "-f1"], "a:b\nxyz\n"],
    [CUT_TEXT, "cut", ["-c2-3"], "abcd"],
    [CUT_TEXT, "cut", ["-f2"], "ab\tc\n"],
    [CUT_TEXT, "cut", ["--delimiter=/", "--fields=1,3"], "a/b/c/d\n"],
    [REV_TEXT, "rev", [], "ab\ncd"],
    [REV_TEXT, "rev", [], "abc\n"],
    [HEAD_TEXT, "head", ["-1"], "a\nb"],
    [HEAD_TEXT, "head", ["-n", "2"], "a\nb"],
    [HEAD_TEXT, "head", [], "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n"],
    [HEAD_TEXT, "head", ["-n0"], "a\n"],
    [TAIL_TEXT, "tail", ["-1"], "a\nb"],
    [TAIL_TEXT, "tail", ["-n", "+2"], "a\nb\nc\n"],
    [TAIL_TEXT, "tail", ["--lines=2"], "a\nb\nc"],
    [TAIL_TEXT, "tail", ["-n", "+0"], "a\nb\n"],
    [UNIQ_TEXT, "uniq", [], "a\na\nb"],
    [UNIQ_TEXT, "uniq", [], "a\nb\na\n"],
    // grep over a known text (a dotenv file), as agents filter one (GNU grep 3.8).
    ...[["-v", "^#"], ["-v", "^$"], ["-v", "^\\s*#"], ["-v", "-e", "^#", "-e", "^$"], ["DATABASE"], ["-i", "database"],
      ["-x", "A=1"], ["-F", "a.b"], ["a.b"], ["-E", "^B=.*s$"], ["-v", "^ *#"], [""], ["-vx", ""]].map((
        texts,
      ): [PipeOutput, string, string[], string] => [GREP_TEXT, "grep", texts,
        "# c\nA=1\n\nB=two words\n  # indented\nDATABASE_URL=x\naxb=1\na.b=2\nC=x"]
      ),
    // xargs without a command: echo of every word, one line, an empty one for none (findutils 4.9).
    [XARGS_TEXT, "xargs", [], "A=1\nB=2  C=3\n"],
    [XARGS_TEXT, "xargs", [], ""],
    [XARGS_TEXT, "xargs", [], "\n\n"],
  ];
  const quote = (t: string) => `'${t.replaceAll("'", "'\\''")}'`;
  for (const [p, name, texts, input] of cases) {
    test(`${name} ${texts.join(" ")} on ${JSON.stringify(input)}`, () => {
      expect(computed(p, name, texts, input)).toBe(bash([name, ...texts.map(quote)].join(" "), input));
    });
  }
  const refused: [PipeOutput, string, string[]][] = [[SED_TEXT, "sed", ["-E", "s/(ab)?(abcd)?/X/"]], [SED_TEXT, "sed", [
    "s/a*b*/X/",
  ]], [SED_TEXT, "sed", ["s/a*/x/g"]], [SED_TEXT, "sed", ["s/\\(ab\\)*c/X/"]], [SED_TEXT, "sed", ["s/[[:alpha:]]/X/"]],
    [SED_TEXT, "sed", ["s/a\\+/X/"]], [SED_TEXT, "sed", ["s/a/X/w out"]], [SED_TEXT, "sed", ["s/a/\\U&/"]], [SED_TEXT,
    "sed", ["-i", "s/a/b/"]], [SED_TEXT, "sed", ["s/a/b/", "file"]], [SED_TEXT, "sed", ["s/a/b/;s/c/d/"]], [SED_TEXT,
    "sed", ["s/[a-Z]/b/"]], [SED_TEXT, "sed", ["s/[^/]*$/x/"]], [SED_TEXT, "sed", ["s//x/"]], [SED_TEXT, "sed", [
    "s/[a-c]/x/",
  ]], [SED_TEXT, "sed", ["s&a&\\&&"]], [TR_TEXT, "tr", ["-c", "a", "b"]], [TR_TEXT, "tr", ["[a*3]", "b"]], [TR_TEXT,
    "tr", ["c-a", "x"]], [TR_TEXT, "tr", ["aa", "xy"]], [TR_TEXT, "tr", ["a-\\n", "x"]], [CUT_TEXT, "cut", ["-d:",
    "-f1", "file"]], [CUT_TEXT, "cut", ["-b1"]], [BASENAME_TEXT, "basename", ["a", "b", "c"]], [DIRNAME_TEXT, "dirname",
    []], [HEAD_TEXT, "head", ["-c", "2"]], [GREP_TEXT, "grep", ["[a-c]"]], [GREP_TEXT, "grep", ["a\\|b"]], [GREP_TEXT,
    "grep", ["-E", "a|b"]], [GREP_TEXT, "grep", ["-c", "a"]], [GREP_TEXT, "grep", ["-n", "a"]], [GREP_TEXT, "grep", [
    "-o",
    "a",
  ]], [GREP_TEXT, "grep", ["-w", "a"]], [GREP_TEXT, "grep", ["-f", "pats"]], [GREP_TEXT, "grep", ["-P", "a"]], [
    GREP_TEXT,
    "grep",
    ["a", "f1", "f2"],
  ], [GREP_TEXT, "grep", ["-A1", "a"]], [XARGS_TEXT, "xargs", ["-0"]]];
  for (const [p, name, texts] of refused) {
    test(`${name} ${texts.join(" ")} is not modelled`, () => {
      expect(computed(p, name, texts, "ab abcd aab\n")).toBeNull();
    });
  }
});
