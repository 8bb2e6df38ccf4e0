// The scanner's reports within GitHub's limits: at most 10 annotations of a level per step (the
// rest summarised per file, and every finding in the step summary, itself under 1 MiB), at most
// 5,000 SARIF results (the rest counted in a notification), every rule with a full description
// and help whose link exists; and which custom `shell:` lines are bash.

import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REASONS, type ReasonCode } from "../../src/base/reasons.ts";
import { ANNOTATIONS_PER_LEVEL, formatGithubAnnotations, formatStepSummary,
  SUMMARY_BYTES } from "../../src/report/github-annotations.ts";
import type { ScanFinding } from "../../src/report/scan-finding.ts";
import { fingerprintOf } from "../../src/report/scan-fingerprint.ts";
import { repositoryWebUrl, SARIF_MAX_RESULTS, toSarif } from "../../src/report/sarif.ts";
import { classifyShell, splitWords } from "../../src/integrations/workflow-shell.ts";
import { sarifProblems } from "../support/sarif-shape.ts";

const CODES = Object.keys(REASONS) as ReasonCode[];

function finding(i: number, decision: "ask" | "deny", file = `f${i % 40}.sh`): ScanFinding {
  const code = CODES[i % CODES.length]!;
  const statement = `cat /x/${i}`;
  return { file, line: i + 1, col: 1, endLine: i + 1, endCol: 5, decision, code, message: `finding ${i}`, statement,
    written: `/x/${i}`, fingerprint: fingerprintOf({ file, code, statement, written: `/x/${i}` }) };
}

describe("SARIF", () => {
  test("6,000 findings: 5,000 results, every deny among them, the rest counted", () => {
    const findings = Array.from({ length: 6000 }, (_, i) => finding(i, i % 10 === 0 ? "deny" : "ask"));
    const log = toSarif(findings, { version: "0", rootUri: "file:///r/", repository: null });
    expect(sarifProblems(JSON.parse(JSON.stringify(log)))).toEqual([]);
    const run = log.runs[0]!;
    expect(run.results.length).toBe(SARIF_MAX_RESULTS);
    expect(SARIF_MAX_RESULTS).toBe(5000);
    expect(run.results.filter((r) => r.level === "error").length).toBe(600);
    expect(run.properties).toEqual({ findings: 6000, omittedFindings: 1000, notJudged: 0 });
    expect(run.invocations[0]!.toolExecutionNotifications.map((n) => n.message.text)).toEqual([
      expect.stringContaining("1000 of 6000 findings are not in this log"),
    ]);
    // Far under GitHub's 10 MB (gzip-compressed) even uncompressed.
    expect(JSON.stringify(log, null, 2).length).toBeLessThan(10_000_000);
  });
  test("the SARIF checker rejects a bad invocation, notification or rule help", () => {
    const bad = { version: "2.1.0",
      runs: [{
        tool: { driver: { name: "x", rules: [{ id: "A", fullDescription: {}, help: { text: "t", markdown: 1 } }] } },
        invocations: [{ toolExecutionNotifications: [{ level: "fatal", message: {} }] }],
      }] };
    expect(sarifProblems(bad)).toEqual(["runs[0].tool.driver.rules[0].fullDescription: needs text",
      "runs[0].tool.driver.rules[0].help.markdown: must be a string",
      "runs[0].invocations[0]: missing required boolean executionSuccessful",
      "runs[0].invocations[0].toolExecutionNotifications[0].message: a message needs text or id",
      "runs[0].invocations[0].toolExecutionNotifications[0].level: bad enum value"]);
  });
  test("at the limit nothing is left out, and nothing is said", () => {
    const log = toSarif(Array.from({ length: 5000 }, (_, i) => finding(i, "ask")), { version: "0",
      rootUri: "file:///r/", repository: null });
    expect(log.runs[0]!.results.length).toBe(5000);
    expect(log.runs[0]!.invocations[0]!.toolExecutionNotifications).toEqual([]);
  });
  test("a long message is cut", () => {
    const long = { ...finding(0, "ask"), message: "x".repeat(10_000) };
    const text =
      toSarif([long], { version: "0", rootUri: "file:///r/", repository: null }).runs[0]!.results[0]!.message.text;
    expect(text.length).toBe(2000);
    expect(text.endsWith("…")).toBe(true);
  });
  test("every rule: a full description, help naming docs/reasons.md#CODE, and an anchor there for it", () => {
    const docs = readFileSync(join(import.meta.dir, "..", "..", "docs", "reasons.md"), "utf8");
    const log = toSarif(CODES.map((_, i) => finding(i, "ask")), { version: "0", rootUri: "file:///r/",
      repository: null });
    const rules = log.runs[0]!.tool.driver.rules;
    expect(rules.map((r) => r.id).sort()).toEqual([...CODES].sort());
    for (const r of rules) {
      expect(r.fullDescription.text.length).toBeGreaterThan(40);
      expect(r.fullDescription.text).not.toBe(r.shortDescription.text);
      expect(r.help.text).toContain(`docs/reasons.md#${r.id}`);
      // No repository address: the path is named, not linked (a relative link would lead into the scanned repository).
      expect(r.help.markdown).toEndWith(`See \`docs/reasons.md#${r.id}\` in shellfence.`);
      expect(r.helpUri).toBeUndefined();
      // The link's anchor is in the file it points at.
      expect(docs).toContain(`<a id="${r.id}"></a>\`${r.id}\``);
    }
    expect(log.runs[0]!.tool.driver.informationUri).toBeUndefined();
  });
  test("with a repository in package.json, each rule links to its row of docs/reasons.md there", () => {
    const log = toSarif([finding(0, "ask")], { version: "0", rootUri: "file:///r/",
      repository: "https://github.com/o/n" });
    const rule = log.runs[0]!.tool.driver.rules[0]!;
    expect(rule.helpUri).toBe(`https://github.com/o/n/blob/HEAD/docs/reasons.md#${rule.id}`);
    expect(rule.help.markdown).toEndWith(
      `See [docs/reasons.md#${rule.id}](https://github.com/o/n/blob/HEAD/docs/reasons.md#${rule.id}).`,
    );
    expect(log.runs[0]!.tool.driver.informationUri).toBe("https://github.com/o/n");
    expect(sarifProblems(JSON.parse(JSON.stringify(log)))).toEqual([]);
  });
  test.each([["github:o/n", "https://github.com/o/n"], ["o/n", "https://github.com/o/n"], [
    "git+https://github.com/o/n.git",
    "https://github.com/o/n",
  ], ["git@github.com:o/n.git", "https://github.com/o/n"], [{ type: "git", url: "https://github.com/o/n" },
    "https://github.com/o/n"], ["https://gitlab.com/o/n", null], ["gitlab:o/n", null], [undefined, null], [42, null]])(
      "repositoryWebUrl(%p) is %p",
      (repository, url) => {
        expect(repositoryWebUrl(repository)).toBe(url);
      },
    );
});

describe("GitHub annotations", () => {
  const count = (text: string, level: string) => text.split("\n").filter((l) => l.startsWith(`::${level} `)).length;
  test("within the limit: one annotation per finding", () => {
    const text = formatGithubAnnotations([finding(0, "deny"),
      ...Array.from({ length: 10 }, (_, i) => finding(i + 1, "ask"))]);
    expect([count(text, "error"), count(text, "warning")]).toEqual([1, 10]);
  });
  test("past it: one annotation per file, with the count", () => {
    const asks = Array.from({ length: 30 }, (_, i) => finding(i, "ask", `f${i % 3}.sh`));
    const text = formatGithubAnnotations([finding(99, "deny"), ...asks]);
    expect(count(text, "error")).toBe(1);
    expect(count(text, "warning")).toBe(3);
    expect(text).toContain("file=f0.sh,line=1,endLine=1,title=10 ask findings in this file::");
  });
  test("past it in more than 10 files: 9 files and one annotation for the rest", () => {
    const denies = Array.from({ length: 40 }, (_, i) => finding(i, "deny", `d${i % 20}.sh`));
    const text = formatGithubAnnotations(denies,
      Array.from({ length: 12 }, (_, i) => ({ file: `n${i}.yml`, line: 1, col: 1, message: "not judged" })));
    expect(count(text, "error")).toBe(ANNOTATIONS_PER_LEVEL);
    expect(text).toContain("title=11 more files with deny findings::22 more deny findings in 11 more files (d9.sh,");
    expect(count(text, "notice")).toBe(ANNOTATIONS_PER_LEVEL);
    expect(text).toContain("title=3 more not judged::");
  });
  test("the step summary lists every finding, and stays under 1 MiB", () => {
    const few = [finding(0, "deny"), { ...finding(1, "ask"), message: "a | b <c>\nd" }];
    const md = formatStepSummary(few, [{ file: "w.yml", line: 3, col: 9, message: "pwsh" }]);
    expect(md).toContain("1 deny, 1 ask, 1 not judged.");
    expect(md).toContain(`| f0.sh | 1:1 | deny | ${CODES[0]} | finding 0 |`);
    expect(md).toContain(`| f1.sh | 2:1 | ask | ${CODES[1]} | a \\| b &lt;c&gt; d |`);
    expect(md).toContain("| w.yml | 3:9 | pwsh |");
    const many = Array.from({ length: 20_000 }, (_, i) => ({ ...finding(i, "ask"), message: "m".repeat(200) }));
    const big = formatStepSummary(many, []);
    expect(Buffer.byteLength(big, "utf8")).toBeLessThanOrEqual(SUMMARY_BYTES);
    expect(big).toMatch(/\n\d+ more rows are not listed here/);
  });
});

describe("custom shells", () => {
  test.each([["bash", "bash"], ["sh", "bash"], ["bash -e {0}", "bash"], ["bash --noprofile --norc -eo pipefail {0}",
    "bash"], ['script -q -e -c "bash {0}"', "bash"], ["script -q /dev/null bash {0}", "bash"], [
    'script -qec "bash {0}"',
    "bash",
  ], ['script --quiet --command "bash -e {0}" /dev/null', "bash"], ["unbuffer bash {0}", "bash"], [
    "stdbuf -oL -eL bash {0}",
    "bash",
  ], ["stdbuf -o L bash {0}", "bash"], ["timeout 10m bash -e {0}", "bash"], ["xvfb-run -a bash {0}", "bash"], ["pwsh",
    "other"], ["pwsh -command \". '{0}'\"", "other"], ["python {0}", "other"], ["cmd", "other"], ["sudo bash {0}",
    "other"], ["docker run img bash {0}", "other"], ['bash -c "source {0}"', "other"], ["zsh {0}", "other"], [
    'script -c "pwsh {0}"',
    "other",
  ], ['bash -e "{0', "other"]])("%p is %p", (spec, kind) => {
    expect(classifyShell(spec).kind).toBe(kind as "bash" | "other");
  });
  test("words split as the runner passes them", () => {
    expect(splitWords(`a "b c" 'd e' f"g h"i "x\\"y"`)).toEqual(["a", "b c", "d e", "fg hi", 'x"y']);
    expect(splitWords('a "b')).toBeNull();
  });
});
