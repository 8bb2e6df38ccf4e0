// `shellfence scan` over real workflow files that the old hand-written YAML reader dropped or
// misjudged: flow style, anchors and aliases, composite actions (`uses: ./…`), a directory an
// earlier step makes, wrapper shells, Windows legs, pwsh and python steps, a zsh script named
// `.sh`, a 70 KiB script, and a repository script a step runs (reported once, at the script).
// Each finding's line and column is found in the fixture's own text, so a shifted map fails.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { sarifProblems } from "../support/sarif-shape.ts";

const root = new URL("../..", import.meta.url).pathname;

let top: string;
let repo: string;

const BIG_LINES: string[] = [];
for (let i = 0; BIG_LINES.join("\n").length < 70 * 1024; i++) {
  BIG_LINES.push(`build_${i}() {`, `  mkdir -p "build/part${i}"`, `  cp -r src/mod${i} "build/part${i}/"`, "}",
    `build_${i}`, `echo "done ${i}" >> build/log.txt`);
}

const FILES: Record<string, string> = {
  ".github/workflows/flow.yml": ["on: push", "jobs:", "  flow:", "    runs-on: ubuntu-latest",
    '    steps: [{name: quoted, run: "echo \\"hi\\"; cat ../outside/flow1"}, {name: plain, run: ls ../outside/flow2}]',
    ""].join("\n"),
  ".github/workflows/anchors.yml": ["on: push", "jobs:", "  first:", "    runs-on: ubuntu-latest", "    steps: &steps",
    "      - name: shared", "        run: |", "          make", "          cat ../outside/anchored", "  second:",
    "    runs-on: ubuntu-latest", "    steps: *steps", ""].join("\n"),
  ".github/workflows/legs.yml": ["on: push", "jobs:", "  matrix:", "    runs-on: ${{ matrix.os }}", "    strategy:",
    "      matrix:", "        os: [ubuntu-latest, windows-latest]", "    steps:", "      - name: both",
    "        run: cat ../outside/legs", "  win:", "    runs-on: windows-latest", "    steps:",
    "      - run: type ..\\outside\\win", "  shells:", "    runs-on: ubuntu-latest", "    steps:", "      - name: pwsh",
    "        shell: pwsh", "        run: Get-Content ../outside/pwsh", "      - name: python", "        shell: python",
    "        run: print(open('../outside/py').read())", "      - name: script wrapper",
    '        shell: script -q -e -c "bash {0}"', "        run: cat ../outside/wrapped", "      - name: unbuffer",
    "        shell: unbuffer bash -e {0}", "        run: cat ../outside/unbuffered", "      - name: docker",
    "        shell: docker run --rm img bash {0}", "        run: cat ../outside/docker", ""].join("\n"),
  ".github/workflows/steps.yml": ["on: push", "jobs:", "  build:", "    runs-on: ubuntu-latest", "    steps:",
    "      - uses: ./.github/actions/setup", "      - uses: ./.github/actions/missing",
    "      - uses: ./.github/actions/node", "      - uses: ./../outside/act", "      - name: make dirs",
    "        run: mkdir -p build/out", "      - name: in build", "        working-directory: build/out",
    "        run: cat ../made ../../../outside/wd", "      - name: script", "        run: ./scripts/ci.sh", "  links:",
    "    runs-on: ubuntu-latest", "    steps:", "      - run: ln -s ../outside link", "      - name: through it",
    "        run: cat link/secret", "  rel:", "    runs-on: ubuntu-latest", "    steps:", "      - name: from app",
    "        working-directory: app", "        run: ../scripts/rel.sh", ""].join("\n"),
  ".github/actions/setup/action.yml": ["name: setup", "runs:", "  using: composite", "  steps:", "    - name: fetch",
    "      shell: bash", "      run: cat ../outside/composite", ""].join("\n"),
  ".github/actions/node/action.yml": "name: node\nruns:\n  using: node20\n  main: index.js\n",
  "scripts/ci.sh": "#!/bin/bash\nset -e\ncat ../outside/inscript\n",
  "scripts/rel.sh": "#!/bin/bash\ncat ../../outside/rel\n",
  "app/.keep": "",
  "scripts/big.sh": `#!/bin/bash\n${BIG_LINES.join("\n")}\ncat ../outside/big\n`,
  "tools/z.sh": "#!/usr/bin/env zsh\nprint -l ../outside/*(.)\n",
};

beforeAll(() => {
  top = realpathSync(mkdtempSync(join(tmpdir(), "shellfence-scanwf-")));
  repo = join(top, "repo");
  mkdirSync(join(top, "outside"), { recursive: true });
  for (const [f, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(repo, f)), { recursive: true });
    writeFileSync(join(repo, f), text);
  }
  chmodSync(join(repo, "scripts/ci.sh"), 0o755);
  chmodSync(join(repo, "scripts/rel.sh"), 0o755);
  // An action outside the repository, which a `uses: ./../outside/act` must not read.
  mkdirSync(join(top, "outside", "act"), { recursive: true });
  writeFileSync(join(top, "outside", "act", "action.yml"),
    "runs:\n  using: composite\n  steps:\n    - shell: bash\n      run: echo hi\n");
});
afterAll(() => rmSync(top, { recursive: true, force: true }));

interface Finding {
  file: string;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  decision: string;
  code: string;
  message: string;
}

function scan(args: readonly string[], env: Record<string, string> = {}, cwd = repo) {
  // (--unknowns: these tests read every finding, the places not resolved too: report/scan-shown.ts.)
  const r = spawnSync(process.execPath, [join(root, "src", "cli", "run.ts"), "scan", "--unknowns", ...args], {
    encoding: "utf8",
    cwd,
    env: { PATH: process.env.PATH ?? "", HOME: join(top, "home"), ...env },
    maxBuffer: 64 << 20,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The 1-based line and column of the nth occurrence of `needle` in a fixture file. */
function at(file: string, needle: string, nth = 0): [number, number] {
  const text = FILES[file]!;
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(needle, i + 1);
  if (i < 0) throw new Error(`${needle} not in ${file}`);
  const before = text.slice(0, i).split("\n");
  return [before.length, before[before.length - 1]!.length + 1];
}

let all: Finding[];
let stderr: string;
beforeAll(() => {
  const r = scan(["--format", "json"]);
  all = JSON.parse(r.stdout) as Finding[];
  stderr = r.stderr;
}, 120_000);

const where = (f: Finding) => [f.file, f.line, f.col];
const about = (needle: string) => all.filter((f) => f.message.includes(needle));

describe("YAML the old reader dropped", () => {
  test("flow style: each step of `steps: [{run: …}]`, at its place in the line", () => {
    const f = ".github/workflows/flow.yml";
    expect(about("outside/flow1").map(where)).toEqual([[f, ...at(f, "../outside/flow1")]]);
    expect(about("outside/flow2").map(where)).toEqual([[f, ...at(f, "../outside/flow2")]]);
    expect(about("outside/flow1")[0]!.message).toStartWith("flow › quoted: cat: ");
  });
  test("anchors and aliases: `steps: *steps` runs the anchored steps, reported where they are written", () => {
    const f = ".github/workflows/anchors.yml";
    const found = about("outside/anchored");
    expect(found.map(where)).toEqual([[f, ...at(f, "../outside/anchored")], [f, ...at(f, "../outside/anchored")]]);
    expect(found.map((x) => x.message.split(":")[0]).sort()).toEqual(["first › shared", "second › shared"]);
  });
});

describe("what a step runs", () => {
  test("a local composite action is read, and its steps judged at their lines in action.yml", () => {
    const f = ".github/actions/setup/action.yml";
    expect(about("outside/composite").map(where)).toEqual([[f, ...at(f, "../outside/composite")]]);
    expect(about("outside/composite")[0]!.message).toStartWith("./.github/actions/setup › fetch: cat: ");
  });
  test("a local action that is not there asks; one that runs no shell is said to be not judged", () => {
    const f = ".github/workflows/steps.yml";
    expect(about("outside/act").map((x) => [...where(x), x.code])).toEqual([[f, ...at(f, "./../outside/act"),
      "OPAQUE_CODE"]]);
    expect(about("outside/act")[0]!.message).toContain("uses ./../outside/act, which is outside the repository");
    expect(about("actions/missing").map((x) => [...where(x), x.code, x.decision])).toEqual([[f,
      ...at(f, "./.github/actions/missing"), "OPAQUE_CODE", "ask"]]);
    expect(stderr).toContain(
      `skipped ${f}:${
        at(f, "./.github/actions/node").join(":")
      }: build › step 3: uses ./.github/actions/node, which runs node20, not shell steps, so it is not judged\n`,
    );
  });
  test("a directory an earlier step makes: the step starts there, not in the workspace", () => {
    const f = ".github/workflows/steps.yml";
    // From build/out, ../made is build/made (inside): only the path that climbs out is found.
    expect(
      all.filter((x) => x.file === f && x.message.startsWith("build › in build")).map((x) => [...where(x), x.message]),
    ).toEqual([[f, ...at(f, "../../../outside/wd"),
      `build › in build: cat: ${top}/outside/wd is outside the project roots (rule external_directory:*)`]]);
  });
  test("what a script does only when a step runs it from elsewhere stays at the step, naming the script", () => {
    const f = ".github/workflows/steps.yml";
    const [l, c] = at(f, "../scripts/rel.sh");
    expect(about("outside/rel").map((x) => [...where(x), x.message])).toEqual([[f, l, c,
      `rel › from app: cat: ${top}/outside/rel is outside the project roots (rule external_directory:*) (in scripts/rel.sh, which it runs)`],
      ["scripts/rel.sh", ...at("scripts/rel.sh", "../../outside/rel"),
        `cat: ${dirname(top)}/outside/rel is outside the project roots (rule external_directory:*)`]]);
  });
  test("a symlink an earlier step makes: a later step's path through it asks (the step alone would see no link)", () => {
    const f = ".github/workflows/steps.yml";
    expect(all.filter((x) => x.message.startsWith("links › through it")).map((x) => [...where(x), x.code])).toEqual([[f,
      ...at(f, "link/secret"), "UNRESOLVED_PATH"]]);
  });
  test("a repository script a step runs is reported once, at the script, with the step as context", () => {
    const found = about("outside/inscript");
    expect(found.map(where)).toEqual([["scripts/ci.sh", ...at("scripts/ci.sh", "../outside/inscript")]]);
    const [l, c] = at(".github/workflows/steps.yml", "./scripts/ci.sh");
    expect(found[0]!.message).toBe(
      `cat: ${top}/outside/inscript is outside the project roots (rule external_directory:*) (run by .github/workflows/steps.yml:${l}:${c}, build › script)`,
    );
  });
});

describe("shells", () => {
  test("a wrapper that runs bash {0} as it is: judged as bash", () => {
    const f = ".github/workflows/legs.yml";
    expect(about("outside/wrapped").map(where)).toEqual([[f, ...at(f, "../outside/wrapped")]]);
    expect(about("outside/unbuffered").map(where)).toEqual([[f, ...at(f, "../outside/unbuffered")]]);
  });
  test("pwsh, python, an unknown wrapper and Windows runners: not judged, and said so at the step", () => {
    const f = ".github/workflows/legs.yml";
    for (const needle of ["outside/pwsh", "outside/py", "outside/docker", "outside\\win"]) {
      expect(about(needle)).toEqual([]);
    }
    const line = (needle: string, message: string) => `skipped ${f}:${at(f, needle).join(":")}: ${message}\n`;
    expect(stderr).toContain(line("Get-Content", "shells › pwsh: runs in shell: pwsh, which is not judged as bash"));
    expect(stderr).toContain(line("print(", "shells › python: runs in shell: python, which is not judged as bash"));
    expect(stderr).toContain(
      line("cat ../outside/docker",
        "shells › docker: runs in shell: docker run --rm img bash {0}, which is not judged as bash"),
    );
    expect(stderr).toContain(
      line("type ..", "win › step 1: runs on Windows, whose default shell is pwsh, which is not judged as bash"),
    );
  });
  test("a matrix with a Windows leg: judged as bash for the others, and the Windows leg said", () => {
    const f = ".github/workflows/legs.yml";
    expect(about("outside/legs").map(where)).toEqual([[f, ...at(f, "../outside/legs")]]);
    expect(stderr).toContain(
      `skipped ${f}:${
        at(f, "cat ../outside/legs").join(":")
      }: matrix › both: on the Windows legs of the job's matrix it runs in pwsh, which is not judged; judged as bash for the others\n`,
    );
  });
  test("a zsh script named .sh is not judged as bash, and said so", () => {
    expect(all.filter((x) => x.file === "tools/z.sh")).toEqual([]);
    expect(stderr).toContain("skipped tools/z.sh:1:1: #!zsh: not a bash or sh script, so it is not judged\n");
  });
});

describe("size", () => {
  test("a 70 KiB script is judged whole (the bound is --max-bytes, 1 MiB by default)", () => {
    expect(Buffer.byteLength(FILES["scripts/big.sh"]!)).toBeGreaterThan(70 * 1024);
    expect(about("outside/big").map(where)).toEqual([["scripts/big.sh", ...at("scripts/big.sh", "../outside/big")]]);
  });
  test("under a smaller --max-bytes it is an INPUT_TOO_LARGE finding, never a pass", () => {
    const r = scan(["--format", "json", "--max-bytes", "65536", "scripts/big.sh"]);
    const found = JSON.parse(r.stdout) as Finding[];
    expect(found.map((x) => [x.file, x.code, x.decision])).toEqual([["scripts/big.sh", "INPUT_TOO_LARGE", "ask"]]);
    expect(found[0]!.message).toContain("--max-bytes 65536");
    expect(scan(["--max-bytes", "0"]).status).toBe(2);
  }, 60_000);
});

describe("--format github", () => {
  test("annotations within GitHub's per-step limits, and every finding in the step summary", () => {
    const summary = join(top, "summary.md");
    writeFileSync(summary, "");
    const r = scan(["--format", "github"], { GITHUB_STEP_SUMMARY: summary });
    const lines = r.stdout.trimEnd().split("\n");
    for (const level of ["error", "warning", "notice"]) {
      expect(lines.filter((l) => l.startsWith(`::${level} `)).length).toBeLessThanOrEqual(10);
    }
    const md = readFileSync(summary, "utf8");
    for (const f of all) expect(md).toContain(`| ${f.file} | ${f.line}:${f.col} | ${f.decision} | ${f.code} |`);
    expect(md).toContain("| tools/z.sh | 1:1 | #!zsh: not a bash or sh script, so it is not judged |");
  }, 60_000);
});

describe("--format sarif", () => {
  test("6,000 findings: 5,000 results, deny first, the rest counted; valid SARIF, far under GitHub's size limit",
    () => {
      const many = join(top, "many");
      mkdirSync(many, { recursive: true });
      const lines = Array.from({ length: 6000 },
        (_, i) => (i % 1000 === 999 ? `cat ~/.ssh/k${i}` : `cat ../outside/m${i}`));
      writeFileSync(join(many, "many.sh"), lines.join("\n") + "\n");
      writeFileSync(join(many, ".shellfence.json"),
        JSON.stringify({ permission: { external_directory: { "~/.ssh/**": "deny" } } }));
      const r = scan(["--format", "sarif", "many.sh"], {}, many);
      expect(r.stderr).toBe("shellfence scan: 1 file scanned: 6 deny, 5994 ask\n");
      expect(r.status).toBe(1);
      const log = JSON.parse(r.stdout) as {
        runs: { results: { level: string }[]; properties: object;
          invocations: { toolExecutionNotifications: { message: { text: string } }[] }[] }[];
      };
      expect(sarifProblems(log)).toEqual([]);
      const run = log.runs[0]!;
      expect(run.results.length).toBe(5000);
      expect(run.results.slice(0, 6).map((x) => x.level)).toEqual(Array(6).fill("error"));
      expect(run.properties).toEqual({ findings: 6000, omittedFindings: 1000, notJudged: 0 });
      expect(run.invocations[0]!.toolExecutionNotifications[0]!.message.text).toStartWith(
        "1000 of 6000 findings are not in this log",
      );
      expect(gzipSync(r.stdout).length).toBeLessThan(10 * 1000 * 1000);
    }, 120_000);
});
