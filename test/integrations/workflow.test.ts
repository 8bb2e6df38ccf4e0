// The workflow reader: the YAML subset workflows use, each run: script with every character
// mapped back to its line and column, working directories and shells resolved the way the
// Actions runner resolves them, and `${{ … }}` turned into variables the guard does not know.

import { describe, expect, test } from "bun:test";
import { locate, type MappedText } from "../../src/integrations/mapped.ts";
import { quoteStates, readWorkflow, substituteExpressions } from "../../src/integrations/workflow.ts";
import { get, parseYaml, scalarText, YamlError } from "../../src/integrations/yaml.ts";

/** Where in the source a substring of the mapped text came from. */
function whereIs(m: MappedText, needle: string): [number, number] {
  const i = m.text.indexOf(needle);
  if (i < 0) throw new Error(`${JSON.stringify(needle)} not in ${JSON.stringify(m.text)}`);
  const p = locate(m, i);
  return [p.line, p.col];
}

function run(yaml: string): MappedText {
  const node = get(parseYaml(yaml), "run");
  if (!node || node.kind !== "scalar") throw new Error("no run scalar");
  return node.value;
}

describe("scalars", () => {
  test("plain, on the key's line", () => {
    const m = run("run: echo hi  # a comment\n");
    expect(m.text).toBe("echo hi");
    expect(whereIs(m, "hi")).toEqual([1, 11]);
  });
  test("plain, continued on more-indented lines (folded with spaces)", () => {
    const m = run("run: echo a\n  bb\n\n  zz\nnext: 1\n");
    expect(m.text).toBe("echo a bb\nzz");
    expect(whereIs(m, "bb")).toEqual([2, 3]);
    expect(whereIs(m, "zz")).toEqual([4, 3]);
  });
  test("literal block keeps lines; positions are per line", () => {
    const y = "run: |\n  cd src\n  cat ../x\n\n  ls\nafter: 1\n";
    const m = run(y);
    expect(m.text).toBe("cd src\ncat ../x\n\nls\n");
    expect(whereIs(m, "../x")).toEqual([3, 7]);
    expect(whereIs(m, "ls")).toEqual([5, 3]);
    expect(scalarText(get(parseYaml(y), "after"))).toBe("1");
  });
  test("literal block with strip chomping and an indentation indicator", () => {
    expect(run("run: |-\n    a\n    b\n").text).toBe("a\nb");
    expect(run("run: |2\n    indented\n  base\n").text).toBe("  indented\nbase\n");
    expect(run("run: |+\n  keep\n\n\nnext: 1\n").text).toBe("keep\n\n\n");
  });
  test("folded block joins lines with spaces, keeps blank lines and more-indented lines", () => {
    const m = run("run: >\n  cat\n  ~/.netrc\n\n  echo\n    more\n  done\n");
    expect(m.text).toBe("cat ~/.netrc\necho\n  more\ndone\n");
    expect(whereIs(m, "~/.netrc")).toEqual([3, 3]);
  });
  test("double-quoted with escapes and a line break", () => {
    const m = run('run: "cat \\"a b\\"\\n  echo \\x41"\n');
    expect(m.text).toBe('cat "a b"\n  echo A');
    expect(run('run: "one\n  two"\n').text).toBe("one two");
    expect(run('run: "joined\\\n  here"\n').text).toBe("joinedhere");
  });
  test("single-quoted with a doubled quote", () => {
    const m = run("run: 'it''s ~/x'\n");
    expect(m.text).toBe("it's ~/x");
    expect(whereIs(m, "~/x")).toEqual([1, 13]);
  });
  test("anchors and tags are skipped; aliases and flow collections are marked", () => {
    expect(run("run: &a !!str cat x\n").text).toBe("cat x");
    expect(get(parseYaml("run: *a\n"), "run")).toMatchObject({ style: "alias" });
    expect(get(parseYaml("run: [a, b]\n"), "run")).toMatchObject({ style: "flow" });
  });
  test("CRLF line ends", () => {
    expect(run("run: |\r\n  a\r\n  b\r\n").text).toBe("a\nb\n");
  });
});

describe("structure", () => {
  test("sequences of mappings, compact (dash at the key's indentation) and nested", () => {
    const doc = parseYaml(
      ["jobs:", "  a:", "    steps:", "    - name: one", "      run: x", "    -   run: |", "          y",
        "    - uses: z", ""].join("\n"),
    );
    const steps = get(get(get(doc, "jobs"), "a"), "steps");
    expect(steps?.kind).toBe("seq");
    if (steps?.kind !== "seq") return;
    expect(steps.items.map((s) => scalarText(get(s, "run")))).toEqual(["x", "y\n", null]);
    expect(scalarText(get(steps.items[2], "uses"))).toBe("z");
  });
  test("quoted keys, comments, document markers", () => {
    const doc = parseYaml('---\n# c\n"on": push\nkey: "v" # c\n...\n');
    expect(scalarText(get(doc, "on"))).toBe("push");
    expect(scalarText(get(doc, "key"))).toBe("v");
  });
  test("errors name the line", () => {
    expect(() => parseYaml("a: 1\n    b: 2\n")).toThrow(YamlError);
    expect(() => parseYaml("a: 1\n    b: 2\n")).toThrow("line 2");
    expect(() => parseYaml('a: "open\n')).toThrow("unterminated");
    expect(() => parseYaml("a:\n\t- x\n")).toThrow("tabs");
    expect(() => parseYaml("? complex\n")).toThrow("complex keys");
  });
});

const WORKFLOW = `name: ci
on:
  push:
    branches: [main]
defaults:
  run:
    working-directory: app
jobs:
  build:
    runs-on: ubuntu-latest
    defaults:
      run:
        working-directory: svc
    steps:
      - uses: actions/checkout@v4
      - name: from job defaults
        run: ls
      - name: own directory
        working-directory: ../other
        run: |
          cat x
      - name: powershell
        shell: pwsh
        run: Get-ChildItem
      - id: bash-explicit
        shell: bash -e {0}
        run: echo ok
  lint:
    runs-on: ubuntu-latest
    steps:
      - run: ls
  windows:
    runs-on: windows-latest
    steps:
      - run: dir
      - shell: bash
        run: ls
  expr-dir:
    runs-on: ubuntu-latest
    steps:
      - working-directory: \${{ matrix.dir }}
        run: ls
      - run: *alias
`;

describe("workflows", () => {
  const wf = readWorkflow(WORKFLOW);
  test("steps, labels and working directories by precedence (step, job, workflow)", () => {
    expect(wf.steps.map((s) => [s.label, s.workingDirectory?.text ?? null, s.script.text])).toEqual([[
      "build › from job defaults",
      "svc",
      "ls",
    ], ["build › own directory", "../other", "cat x\n"], ["build › bash-explicit", "svc", "echo ok"], ["lint › step 1",
      "app", "ls"], ["windows › step 2", "app", "ls"], ["expr-dir › step 1", null, "ls"]]);
    expect(wf.steps[1]!.workingDirectory).toEqual({ text: "../other", line: 19, col: 28 });
  });
  test("steps that do not run bash are skipped and said so", () => {
    expect(wf.skipped).toEqual(["build › powershell (shell: pwsh)", "windows › step 1 (runs-on: windows-latest)"]);
  });
  test("what cannot be read is a problem with a position", () => {
    expect(wf.problems).toEqual([{ line: 41, col: 28, code: "UNRESOLVED_CWD",
      message:
        "expr-dir › step 1: working-directory ${{ matrix.dir }} is only known when the workflow runs; the script is judged from the workspace" },
      { line: 43, col: 14, code: "OPAQUE_CODE",
        message: "expr-dir › step 2: run: is not a plain string (a YAML alias), so its script cannot be read" }]);
  });
  test("a file that is not YAML of this subset is one PARSE_ERROR", () => {
    expect(readWorkflow("jobs:\n  a:\n   - x\n  b: [\n").problems[0]).toMatchObject({ code: "PARSE_ERROR" });
  });
});

describe("expressions", () => {
  test("become unknown variables, quoted to stay unknown inside single quotes", () => {
    const m = run(`run: |\n  cat '\${{ inputs.file }}' "\${{ github.workspace }}/x" \${{ env.F }}_y # \${{ c }}\n`);
    const { script, expressions } = substituteExpressions(m);
    expect(script.text).toBe(`cat ''"$GHA_EXPR_1"'' "\${GITHUB_WORKSPACE}/x" \${GHA_EXPR_2}_y # \${GHA_EXPR_3}\n`);
    expect([...expressions]).toEqual([["GHA_EXPR_1", "${{ inputs.file }}"], ["GHA_EXPR_2", "${{ env.F }}"], [
      "GHA_EXPR_3",
      "${{ c }}",
    ]]);
    expect(whereIs(script, "${GHA_EXPR_2}")).toEqual([2, 56]);
    expect(whereIs(script, "_y")).toEqual([2, 68]);
  });
  test("the quote lexer knows single, double, $'…' quotes, escapes and comments", () => {
    const s = `a 'b' "c\\"d" $'e\\'f' \\' # g'`;
    const st = quoteStates(s);
    expect(st[s.indexOf("b")]).toBe("single");
    expect(st[s.indexOf("d")]).toBe("double");
    expect(st[s.indexOf("f")]).toBe("ansi");
    expect(st[s.indexOf("g")]).toBe("comment");
    expect(st[s.length - 5]).toBe("none");
  });
});
