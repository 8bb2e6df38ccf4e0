// `shellfence scan` over a fixture repository with known findings, as a subprocess, in every
// output format; the SARIF checked against the 2.1.0 schema's shape; exit statuses by
// --fail-on; usage errors.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { sarifProblems } from "../support/sarif-shape.ts";
import { buildScanFixture, type ScanFixture } from "./scan-fixture.ts";
import { buildDist } from "../support/build.ts";
import type { ReasonCode } from "../../src/base/reasons.ts";
import { fingerprintOf } from "../../src/report/scan-fingerprint.ts";

const root = new URL("../..", import.meta.url).pathname;

let fx: ScanFixture;
beforeAll(() => {
  fx = buildScanFixture();
});
afterAll(() => fx.remove());

function scan(args: readonly string[], runtime: "bun" | "node" = "bun") {
  const cmd = runtime === "bun"
    ? [process.execPath, join(root, "src", "cli", "run.ts")]
    : ["node", join(root, "bin", "shellfence.js")];
  // (--unknowns: these tests read every finding, the places not resolved too: report/scan-shown.ts.)
  const r = spawnSync(cmd[0]!, [...cmd.slice(1), "scan", "--unknowns", "--home", fx.home, ...args], { encoding: "utf8",
    cwd: fx.repo, env: { PATH: process.env.PATH ?? "", HOME: fx.home } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const sub = (s: string) => s.replaceAll("$O", fx.outside).replaceAll("$H", fx.home);

/**
 * What the fixture must produce: file, line, col, endLine, endCol, decision, code, message, and
 * the key's parts: the statement and the word as written (src/report/scan-fingerprint.ts).
 */
type Expected = readonly [string, number, number, number, number, "ask" | "deny", string, string, string, string];
const EXPECTED: readonly Expected[] = [
  // The scan judges the runner's disk, where /tmp (here the fixture's) holds nothing, and `make`
  // may have made the missing directory a symlink (src/paths/confined.ts).
  [".github/workflows/ci.yml", 14, 15, 14, 34, "ask", "UNRESOLVED_PATH",
    "test › build: cat: ../../outside/token: a directory on the way to $O/token does not exist yet and an earlier command may create it as a symlink",
    "cat ../../outside/token", "../../outside/token"],
  // No preset declared: the step-command file is a variable the scan does not know (scan-gate.test.ts has the preset).
  [".github/workflows/ci.yml", 15, 26, 15, 42, "ask", "UNRESOLVED_WORD",
    'test › build: echo >>: "$GITHUB_OUTPUT": $GITHUB_OUTPUT is not known', 'echo "ok=1" >> "$GITHUB_OUTPUT"',
    '"$GITHUB_OUTPUT"'],
  // The move to the step's working-directory is keyed by the value as written, not the root's absolute path.
  [".github/workflows/ci.yml", 17, 28, 17, 38, "ask", "EXTERNAL_PATH",
    "test › publish: cd: $O is outside the project roots (rule external_directory:*)", "working-directory: ../outside",
    "../outside"],
  [".github/workflows/ci.yml", 18, 14, 18, 16, "ask", "EXTERNAL_PATH",
    "test › publish: ls: $O is outside the project roots (rule external_directory:*)", "ls", "ls"],
  // The home holds nothing on the runner's disk, and `make` in an earlier step may make ~/.ssh a
  // symlink; the name is judged too, and the rule denies it.
  [".github/workflows/ci.yml", 20, 18, 20, 36, "deny", "RULE_DENY",
    "test › secrets: cat: ~/.ssh/known_hosts is outside the project roots (rule external_directory:~/.ssh/**)",
    "cat ~/.ssh/known_hosts '${{ inputs.extra }}'", "~/.ssh/known_hosts"],
  [".github/workflows/ci.yml", 20, 37, 20, 58, "ask", "UNRESOLVED_WORD",
    "test › secrets: cat: '${{ inputs.extra }}': ${{ inputs.extra }} is not known",
    "cat ~/.ssh/known_hosts '${{ inputs.extra }}'", "'${{ inputs.extra }}'"],
  ["scripts/deploy.sh", 4, 14, 4, 33, "ask", "EXTERNAL_PATH",
    "cp: $O/drop is outside the project roots (rule external_directory:*)", "cp build.tar ../../outside/drop/",
    "../../outside/drop/"],
  ["scripts/deploy.sh", 5, 5, 5, 18, "deny", "RULE_DENY",
    "cat: ~/.ssh/id_rsa is outside the project roots (rule external_directory:~/.ssh/**)", "cat ~/.ssh/id_rsa > key",
    "~/.ssh/id_rsa"],
  ["tools/run", 2, 4, 2, 8, "ask", "EXTERNAL_PATH", "ls: /opt is outside the project roots (rule external_directory:*)",
    "ls /opt", "/opt"],
];

describe("formats", () => {
  test("human: file:line:col decision CODE message, and a summary on stderr", () => {
    const r = scan([]);
    expect(r.stdout).toBe(
      EXPECTED.map(([f, l, c, , , d, code, m]) => `${f}:${l}:${c} ${d} ${code} ${sub(m)}\n`).join(""),
    );
    expect(r.stderr).toBe(
      "shellfence scan: skipped .github/workflows/ci.yml:23:14: test › pwsh: runs in shell: pwsh, which is not judged as bash\nshellfence scan: 4 files scanned: 2 deny, 7 ask, 1 not judged\n",
    );
    expect(r.status).toBe(1);
  });

  test("json: an array of findings", () => {
    const r = scan(["--format", "json"]);
    expect(JSON.parse(r.stdout)).toEqual(
      EXPECTED.map(([file, line, col, endLine, endCol, decision, code, message, statement, written]) => ({ file, line,
        col, endLine, endCol, decision, code, message: sub(message), statement, written,
        fingerprint: fingerprintOf({ file, code: code as ReasonCode, statement, written }) })
      ),
    );
    expect(r.status).toBe(1);
  });

  test("github: ::error for deny, ::warning for ask, ::notice for what is not judged, with escaped properties", () => {
    const r = scan(["--format", "github"]);
    const line = ([f, l, c, el, ec, d, code, m]: (typeof EXPECTED)[number]) =>
      `::${
        d === "deny" ? "error" : "warning"
      } file=${f},line=${l},endLine=${el},col=${c},endColumn=${ec},title=${code}::${sub(m)}\n`;
    expect(r.stdout).toBe(
      EXPECTED.filter((e) => e[5] === "deny").map(line).join("") +
        EXPECTED.filter((e) => e[5] === "ask").map(line).join("") +
        "::notice file=.github/workflows/ci.yml,line=23,endLine=23,title=not judged::test › pwsh: runs in shell: pwsh, which is not judged as bash\n",
    );
  });

  test("github: %, CR, LF, : and , are escaped where the runner unescapes them", () => {
    const dir = join(fx.top, "odd,dir:x");
    spawnSync("mkdir", ["-p", dir]);
    writeFileSync(join(dir, "a.sh"), "cat /etc/100%\n");
    const r = spawnSync(process.execPath, [join(root, "src", "cli", "run.ts"), "scan", "--root", fx.top, "--format",
      "github", dir], { encoding: "utf8" });
    expect(r.stdout).toBe(
      "::warning file=odd%2Cdir%3Ax/a.sh,line=1,endLine=1,col=5,endColumn=14,title=EXTERNAL_PATH::cat: /etc/100%25 is outside the project roots (rule external_directory:*)\n",
    );
  });

  test("sarif: conforms to the 2.1.0 schema's shape and carries every finding", () => {
    const r = scan(["--format", "sarif"]);
    const log = JSON.parse(r.stdout) as { $schema: string; version: string;
      runs: {
        tool: {
          driver: { name: string; informationUri?: string;
            rules: { id: string; defaultConfiguration: { level: string }; fullDescription: { text: string };
              help: { text: string; markdown: string }; helpUri?: string }[] };
        };
        invocations: { toolExecutionNotifications: { message: { text: string } }[] }[];
        originalUriBaseIds: Record<string, { uri: string }>;
        results: { ruleId: string; level: string; message: { text: string };
          partialFingerprints: Record<string, string>;
          locations: {
            physicalLocation: { artifactLocation: { uri: string; uriBaseId: string };
              region: { startLine: number; startColumn: number; endLine: number; endColumn: number } };
          }[] }[];
      }[] };
    expect(sarifProblems(log)).toEqual([]);
    expect(log.version).toBe("2.1.0");
    expect(log.$schema).toContain("sarif-schema-2.1.0.json");
    const run = log.runs[0]!;
    expect(run.tool.driver.name).toBe("shellfence");
    // package.json names no repository, and the npm page does not exist: no link rather than a dead one.
    expect(run.tool.driver.informationUri).toBeUndefined();
    expect(run.tool.driver.rules.map((x) => [x.id, x.defaultConfiguration.level])).toEqual([["EXTERNAL_PATH",
      "warning"], ["RULE_DENY", "error"], ["UNRESOLVED_PATH", "warning"], ["UNRESOLVED_WORD", "warning"]]);
    for (const rule of run.tool.driver.rules) {
      expect(rule.fullDescription.text.length).toBeGreaterThan(40);
      expect(rule.help.markdown).toContain(`docs/reasons.md#${rule.id}`);
      expect(rule.helpUri).toBeUndefined();
    }
    expect(run.invocations[0]!.toolExecutionNotifications.map((n) => n.message.text)).toEqual([
      "not judged: test › pwsh: runs in shell: pwsh, which is not judged as bash",
    ]);
    expect(run.originalUriBaseIds["%SRCROOT%"]!.uri).toBe(`file://${fx.repo}/`);
    expect(run.results.map((x) => {
      const loc = x.locations[0]!.physicalLocation;
      return [loc.artifactLocation.uri, loc.region.startLine, loc.region.startColumn, loc.region.endLine,
        loc.region.endColumn, x.level, x.ruleId, x.message.text, x.partialFingerprints];
    })).toEqual(
      // Deny first: what GitHub keeps when a run has more results than it shows.
      [...EXPECTED.filter((e) => e[5] === "deny"), ...EXPECTED.filter((e) => e[5] === "ask")].map((
        [f, l, c, el, ec, d, code, m, statement, written],
      ) => [f, l, c, el, ec, d === "deny" ? "error" : "warning", code, sub(m), {
        "shellfence/v1": fingerprintOf({ file: f, code: code as ReasonCode, statement, written }),
      }]),
    );
  });

  test("the SARIF checker itself rejects what the schema rejects", () => {
    expect(sarifProblems({ version: "2.0.0", runs: [] })).toEqual(['log.version: must be "2.1.0"']);
    expect(sarifProblems({ version: "2.1.0", runs: [{ tool: { driver: {} } }] })).toContain(
      "runs[0].tool.driver: missing required name",
    );
    const bad = { version: "2.1.0",
      runs: [{ tool: { driver: { name: "x", rules: [{ id: "A" }] } },
        results: [{ ruleId: "B", ruleIndex: 0, level: "fatal", message: {},
          locations: [{ physicalLocation: { artifactLocation: { uri: "/abs" }, region: { startLine: 0 } } }],
          extra: 1 }] }] };
    expect(sarifProblems(bad)).toEqual(['runs[0].results[0]: property "extra" is not defined by the schema here',
      "runs[0].results[0].message: a message needs text or id", "runs[0].results[0].ruleIndex: rules[0] is A, not B",
      "runs[0].results[0].level: bad enum value",
      'runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri: "/abs" is not a relative URI reference',
      "runs[0].results[0].locations[0].physicalLocation.region.startLine: must be an integer >= 1"]);
  });
});

describe("what is scanned", () => {
  test("node_modules, .git, other languages, non-workflow YAML and symlinked directories are left alone", () => {
    const r = scan(["--format", "json"]);
    const files = new Set((JSON.parse(r.stdout) as { file: string }[]).map((f) => f.file));
    expect([...files].sort()).toEqual([".github/workflows/ci.yml", "scripts/deploy.sh", "tools/run"]);
  });
  test("a clean script: no findings, exit 0", () => {
    const r = scan(["scripts/clean.bash"]);
    expect(r).toEqual({ status: 0, stdout: "", stderr: "shellfence scan: 1 file scanned: 0 deny, 0 ask\n" });
  });
  test("a file named explicitly is scanned even without a #! line; a non-shell one is skipped", () => {
    const r = scan(["tools/notes.txt", "tools/helper.py"]);
    expect(r.stdout).toBe(
      "tools/notes.txt:1:5 ask EXTERNAL_PATH cat: /etc/passwd is outside the project roots (rule external_directory:*)\n",
    );
    expect(r.stderr).toContain("skipped tools/helper.py:1:1: not a shell script: #!python3\n");
  });
});

describe("exit status", () => {
  test("--fail-on deny (default): 1 with a deny, 0 with asks only", () => {
    expect(scan([]).status).toBe(1);
    expect(scan(["tools/run"]).status).toBe(0);
    expect(scan(["--fail-on", "deny", "tools/run"]).status).toBe(0);
  });
  test("--fail-on ask: 1 with an ask, or with a step or file not judged", () => {
    expect(scan(["--fail-on", "ask", "tools/run"]).status).toBe(1);
    expect(scan(["--fail-on=ask", "scripts/clean.bash"]).status).toBe(0);
    const dir = join(fx.repo, "only-pwsh", ".github", "workflows");
    spawnSync("mkdir", ["-p", dir]);
    writeFileSync(join(dir, "w.yml"),
      "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - shell: pwsh\n        run: Get-ChildItem\n");
    expect(scan(["only-pwsh"]).status).toBe(0);
    expect(scan(["--fail-on", "ask", "only-pwsh"])).toMatchObject({ status: 1, stdout: "" });
  });
  test.each([[["--format", "xml"], "--format must be one of human, json, sarif, github"], [["--fail-on", "never"],
    "--fail-on takes ask, deny or reason codes"], [["--bogus"], "unknown option --bogus"], [["no/such/path"],
    "cannot read no/such/path: ENOENT"], [["--root"], "--root needs a value"]])("usage error %p exits 2",
      (args, message) => {
        const r = scan(args);
        expect(r.status).toBe(2);
        expect(r.stderr).toContain(message);
      });
  test("a broken config exits 2 naming it", () => {
    const cfg = join(fx.top, "broken-scan.json");
    writeFileSync(cfg, "[]");
    const r = scan(["--config", cfg]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(cfg);
  });
  test("--help exits 0", () => {
    const r = scan(["--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("--fail-on");
  });
});

describe("under Node.js 20 (npx)", () => {
  beforeAll(() => {
    buildDist();
  }, 120_000);
  test("the npm entry gives the same findings", () => {
    const bun = scan(["--format", "json"]);
    const node = scan(["--format", "json"], "node");
    expect(node.stderr).toBe(bun.stderr);
    expect(node.stdout).toBe(bun.stdout);
    expect(node.status).toBe(1);
  });
});
