// The workflow reader: YAML read by the `yaml` package, each run: script with every character
// mapped back to its line and column, working directories and shells resolved the way the
// Actions runner resolves them, and `${{ … }}` turned into variables the guard does not know.

import { describe, expect, test } from "bun:test";
import { locate, type MappedText } from "../../src/integrations/mapped.ts";
import { quoteStates, readWorkflow, substituteExpressions } from "../../src/integrations/workflow.ts";
import { isScalarNode, YamlFile } from "../../src/integrations/yaml.ts";
import { directoryWord } from "../../src/integrations/workflow-context.ts";

/** Where in the source a substring of the mapped text came from. */
function whereIs(m: MappedText, needle: string): [number, number] {
  const i = m.text.indexOf(needle);
  if (i < 0) throw new Error(`${JSON.stringify(needle)} not in ${JSON.stringify(m.text)}`);
  const p = locate(m, i);
  return [p.line, p.col];
}

function run(yaml: string): MappedText {
  const y = new YamlFile(yaml);
  const node = y.get(y.root, "run");
  if (!isScalarNode(node)) throw new Error(`no run scalar: ${JSON.stringify(y.problems)}`);
  return y.mapped(node);
}

/** Every character of the mapped text at the place the file has it (for texts the file holds verbatim). */
function exact(yaml: string, m: MappedText, needle: string): [number, number] {
  const [line, col] = whereIs(m, needle);
  expect(yaml.split("\n")[line - 1]!.slice(col - 1, col - 1 + needle.length)).toBe(needle);
  return [line, col];
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
    const f = new YamlFile(y);
    expect(f.text(f.get(f.root, "after"))).toBe("1");
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
  test("anchors and tags say nothing about the text; an alias is the text its anchor names, where it is", () => {
    expect(run("run: &a !!str cat x\n").text).toBe("cat x");
    const y = "x: &a |\n  cat ../a\nrun: *a\n";
    const m = run(y);
    expect(m.text).toBe("cat ../a\n");
    expect(exact(y, m, "../a")).toEqual([2, 7]);
  });
  test("flow style: quoted and plain scalars inside flow collections", () => {
    const y = `steps: [{run: "cat \\"a b\\" ../q", name: x}, {run: plain ../p,\n   shell: bash}]\n`;
    const f = new YamlFile(y);
    const steps = f.items(f.get(f.root, "steps"));
    const [a, b] = steps.map((s) => {
      const n = f.get(s, "run");
      if (!isScalarNode(n)) throw new Error("no run");
      return f.mapped(n);
    });
    expect(a!.text).toBe('cat "a b" ../q');
    expect(exact(y, a!, "../q")).toEqual([1, 28]);
    expect(b!.text).toBe("plain ../p");
    expect(exact(y, b!, "../p")).toEqual([1, 57]);
  });
  test("CRLF line ends", () => {
    expect(run("run: |\r\n  a\r\n  b\r\n").text).toBe("a\nb\n");
    const y = "run: >\r\n  cat\r\n  ../crlf\r\n";
    expect(whereIs(run(y), "../crlf")).toEqual([3, 3]);
  });
  test("every character of every style maps back to itself in the file", () => {
    const y = ["a: |", "    one ../l1", "      more ../l2", "", "    end ../l3", "b: >+", "  f ../f1", "  g ../f2", "",
      "c: 'q ../s1", "", "   r ../s2'", 'd: "e \\t ../d1', "   \\", '   ../d2"', "e: p ../p1", "  ../p2 # c", ""].join(
        "\n",
      );
    const f = new YamlFile(y);
    expect(f.problems).toEqual([]);
    for (const [key, needles] of [["a", ["../l1", "../l2", "../l3"]], ["b", ["../f1", "../f2"]], ["c", ["../s1",
      "../s2"]], ["d", ["../d1", "../d2"]], ["e", ["../p1", "../p2"]]] as const)
    {
      const n = f.get(f.root, key);
      if (!isScalarNode(n)) throw new Error(key);
      const m = f.mapped(n);
      expect(m.text).toBe(String(n.value));
      for (const needle of needles) exact(y, m, needle);
    }
  });
});

describe("structure", () => {
  test("sequences of mappings, compact (dash at the key's indentation) and nested", () => {
    const f = new YamlFile(
      ["jobs:", "  a:", "    steps:", "    - name: one", "      run: x", "    -   run: |", "          y",
        "    - uses: z", ""].join("\n"),
    );
    const steps = f.items(f.get(f.get(f.get(f.root, "jobs"), "a"), "steps"));
    expect(steps.map((s) => f.text(f.get(s, "run")))).toEqual(["x", "y\n", null]);
    expect(f.text(f.get(steps[2]!, "uses"))).toBe("z");
  });
  test("quoted keys, comments, document markers; `on` is a string key (YAML 1.2)", () => {
    const f = new YamlFile('---\n# c\n"on": push\nkey: "v" # c\non: pull\n...\n');
    expect(f.problems.map((p) => p.message)).toEqual([expect.stringContaining("Map keys must be unique")]);
    const g = new YamlFile("on: push\nkey: v\n");
    expect(g.text(g.get(g.root, "on"))).toBe("push");
  });
  test("what the package rejects is a problem at its line", () => {
    for (const [y, line] of [["a: 1\n    b: 2\n", 1], ['a: "open\n', 2], ["a:\n\t- x\n", 2], ["a: 1\n---\nb: 2\n", 2], [
      "a: *nothing\n",
      1,
    ]] as const) {
      const f = new YamlFile(y);
      f.get(f.root, "a");
      expect(f.problems.length).toBeGreaterThan(0);
      expect(f.problems[0]!.line).toBe(line);
    }
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
  test("steps that do not run bash are skipped and said so, at the step", () => {
    expect(wf.skipped).toEqual([{ line: 24, col: 14,
      message: "build › powershell: runs in shell: pwsh, which is not judged as bash" }, { line: 35, col: 14,
      message: "windows › step 1: runs on Windows, whose default shell is pwsh, which is not judged as bash" }]);
  });
  test("what cannot be read is a problem with a position", () => {
    expect(wf.problems).toEqual([{ line: 41, col: 28, code: "UNRESOLVED_CWD",
      message:
        "expr-dir › step 1: working-directory ${{ matrix.dir }} is only known when the workflow runs; the script is judged from the workspace" },
      { line: 43, col: 14, code: "PARSE_ERROR",
        message: "the file cannot be read: the alias *alias names no anchor before it" }]);
  });
  test("a file the YAML parser rejects is a PARSE_ERROR at its line", () => {
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
  test("the runner's own variables become those variables (workflow-context.ts), in a script", () => {
    const m = run(`run: cd \${{ runner.temp }} && cat "\${{github.env}}" '\${{ github.event_path }}'\n`);
    const { script, expressions } = substituteExpressions(m);
    expect(script.text).toBe(`cd \${RUNNER_TEMP} && cat "\${GITHUB_ENV}" ''"$GITHUB_EVENT_PATH"''`);
    expect([...expressions]).toEqual([]);
  });
  test("and in a working-directory; any other expression, or one not closed, is only known when it runs", () => {
    const steps = (wd: string) =>
      readWorkflow(
        `jobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - working-directory: ${wd}\n        run: ls\n`,
      );
    const temp = steps("${{ runner.temp }}/b");
    expect([temp.steps[0]!.workingDirectory?.text, temp.problems]).toEqual(["${{ runner.temp }}/b", []]);
    expect(directoryWord("/r", "${{ runner.temp }}/b")).toBe(`"\${RUNNER_TEMP}"'/b'`);
    expect(directoryWord("/r", "sub/${{ github.workspace }}")).toBe(`'/r/''sub/'"\${GITHUB_WORKSPACE}"`);
    expect(directoryWord("/r", "app/../x")).toBe("'/r/x'");
    for (const wd of ["${{ runner.temp }}/${{ inputs.d }}", "${{ runner.temp"]) {
      const w = steps(wd);
      expect([w.steps[0]!.workingDirectory, w.problems.map((p) => p.code)]).toEqual([null, ["UNRESOLVED_CWD"]]);
    }
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
