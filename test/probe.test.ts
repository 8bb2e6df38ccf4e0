// The probe-injection differential test, CI-sized (scripts/probe-fuzz.ts is the nightly run):
// at every position of the committed base commands (test/probe/seeds.jsonl) where bash
// evaluates something, an outside probe is injected; bash runs the mutant under strace, the
// guard judges it, and a probe that ran while the guard said allow fails the test. Before the
// campaign, the harness's parts are checked on examples: the positions found, and that a probe
// is seen when bash runs it and not when it stays inside the project.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { committedSeeds, formatFinding, formatProbeReport, runProbeFuzz } from "../scripts/probe-fuzz.ts";
import { detectIsolation, findProgram } from "./support/oracle.ts";
import { createPositionFinder, createRunner, FORMS, inject, MARK, type Position, probesUnavailable,
  type Runner } from "./support/probe.ts";

const SEED = 20261201;

// Why the campaign cannot run here, or null: said out loud, and under CI a failure.
const why = probesUnavailable();
if (why !== null) console.log(`SKIPPED: the probe-injection test needs strace and namespaces: ${why}`);

describe("probe harness", () => {
  test("positions: every place bash evaluates, by kind", async () => {
    const find = await createPositionFinder();
    const kinds = (t: string) =>
      find(t).positions.map((p: Position) => `${p.kind}:${JSON.stringify(t.slice(p.start, p.end))}`);
    expect(kinds('a[i]=v cat "s$z" >f')).toEqual(['statement:"a[i]=v cat \\"s$z\\" >f"', 'assignment-subscript:"i"',
      'assignment-value:"v"', 'command-name:"cat"', 'argument:"\\"s$z\\""', 'redirect-target:"f"']);
    expect(kinds("x=1 y=${u:-w}")).toContain('expansion-operand:"w"');
    expect(kinds("x=1")).toContain('assignment-name:"x"');
    expect(kinds("cat ${x%p} ${a[i]} $((1+n)) <<<h")).toEqual(
      expect.arrayContaining(['expansion-operand:"p"', 'expansion-subscript:"i"', 'arithmetic:"1"', 'arithmetic:"n"',
        'here-string:"h"']),
    );
    expect(kinds("case $x in a|b) ;; esac")).toEqual(
      expect.arrayContaining(['case-subject:"$x"', 'case-pattern:"a"', 'case-pattern:"b"']),
    );
    expect(kinds("for i in a b; do :; done")).toEqual(expect.arrayContaining(['for-list:"a"', 'for-list:"b"']));
    expect(kinds("[[ -e $f && $a == b ]]")).toEqual(expect.arrayContaining(['test-operand:"$f"', 'test-operand:"$a"']));
    expect(kinds("cat <<EOF\nhi $x\nEOF")).toContain('heredoc-body:"hi $x\\n"');
    // A quoted delimiter keeps the body literal: no position there.
    expect(kinds("cat <<'EOF'\nhi $x\nEOF").some((k) => k.startsWith("heredoc-body"))).toBe(false);
    // Inside $(…) the nested command has positions of its own.
    expect(kinds("echo $(cat a)")).toEqual(
      expect.arrayContaining(['argument:"$(cat a)"', 'command-name:"cat"', 'argument:"a"']),
    );
    // Words the grammar hangs on a redirection after its target are the command's arguments.
    expect(kinds("tr < f --delete x")).toEqual(
      expect.arrayContaining(['redirect-target:"f"', 'argument:"--delete"', 'argument:"x"']),
    );
    // A base that does not parse has none (its spans would mean nothing).
    expect(find("echo 'open").ok).toBe(false);
  });

  test("forms go where bash reads them: inside double quotes, after a word, before a statement", async () => {
    const find = await createPositionFinder();
    const at = (t: string, kind: string) => find(t).positions.find((p) => p.kind === kind)!;
    const form = (name: string) => FORMS.find((f) => f.name === name)!;
    expect(inject('cat "a b"', at('cat "a b"', "argument"), form("cmdsub")).template).toBe(
      `cat "a b$(cat ../${MARK})"`,
    );
    expect(inject("cat a", at("cat a", "argument"), form("ifs-glue")).template).toBe(`cat a$IFS../${MARK}`);
    expect(inject("x=1", at("x=1", "assignment-name"), form("subscript")).template).toBe(`x[$(cat ../${MARK})]=1`);
    expect(inject("ls", at("ls", "statement"), form("stmt-assign-subscript")).template).toBe(
      `a[$(cat ../${MARK})]=1; ls`,
    );
    // Glue that splits only applies where bash splits.
    expect(form("ifs-glue").applies(at('cat "a"', "argument"))).toBe(false);
    expect(form("ifs-glue").applies(at("x=a", "assignment-value"))).toBe(false);
  });
});

describe.skipIf(why !== null)("probe runs", () => {
  let runner: Runner;
  beforeAll(async () => {
    runner = await createRunner({ isolation: detectIsolation() });
  });
  afterAll(() => runner?.close());

  test("a probe bash runs is seen, with its number; one that stays inside is not", async () => {
    const items = [{ id: 11, text: `cat README.md $(cat ../${MARK})` }, { id: 12,
      text: `cat 'README.md$(cat ../${MARK})'` }, { id: 13, text: `cd src && cat ../${MARK}` }, { id: 14,
      text: `ls README.md$IFS../${MARK}` }, { id: 15, text: `sleep 30 & cat ../${MARK}` }];
    const { verdicts, outcomes } = await runner.batch(items);
    expect(outcomes.map((o) => [o.id, o.reached, o.touches.length > 0])).toEqual([[11, true, true], [12, true, false], [
      13,
      true,
      false,
    ], [14, true, true], [15, true, true]]);
    expect(outcomes[0]!.touches[0]).toMatchObject({ syscall: "openat", path: "$T/work/probe-11" });
    // ls looks at its operand with a stat-like call.
    expect(outcomes[3]!.touches.map((t) => t.path)).toContain("$T/work/probe-14");
    expect(verdicts.map((v) => (v instanceof Error ? v.message : v.decision))).toEqual(["ask", "allow", "allow",
      expect.any(String), "ask"]);
  }, 60_000);

  // At compat 4.2 and below a single quote in "${x/p/r}"'s replacement is text, so the code in
  // it runs; at 5.2 it does not (test/core.test.ts, "bash's compatibility level"). The guard
  // models 5.2 only and asks for any other level.
  test("code a lower compatibility level runs is run by bash, and the guard asks", async () => {
    const items = [{ id: 21, text: `shopt -s compat42; echo "\${HOME/?/'$(cat ../${MARK})'}"` }, { id: 22,
      text: `BASH_COMPAT=4.1; echo "\${HOME/?/'\`cat ../${MARK}\`'}"` }, { id: 23,
      text: `env BASH_COMPAT=4.2 bash -c 'echo "\${HOME/?/'"'"'$(cat ../${MARK})'"'"'}"'` }, { id: 24,
      text: `echo "\${HOME/?/'$(cat ../${MARK})'}"` }];
    const { verdicts, outcomes } = await runner.batch(items);
    expect(outcomes.map((o) => [o.id, o.touches.length > 0])).toEqual([[21, true], [22, true], [23, true], [24,
      false]]);
    expect(verdicts.map((v) => (v instanceof Error ? v.message : [v.decision, v.reasons.map((r) => r.code)]))).toEqual([
      ["ask", ["SHELL_STATE"]],
      ["ask", ["SHELL_STATE"]],
      ["ask", expect.arrayContaining(["SHELL_STATE"])],
      ["allow", []],
    ]);
  }, 60_000);

  // Issue #30.4: a job's `cd`, then a move of that directory by what follows, then the job's
  // read (the sleep orders them): bash reads one level higher than where the name was judged.
  test("a directory moved beside a job after its cd: bash reads the probe, and the guard asks", async () => {
    // (One batch each: the first moves the fixture's src/sub.)
    for (const item of [{ id: 31, text: `(cd src/sub && sleep 0.2 && cat ../../${MARK}) & mv src/sub sfmoved; wait` }, {
      id: 32,
      text: `(cd src/sub && sleep 0.2 && cat ../../${MARK}) | (sleep 0.1; mv src/sub sfmoved)`,
    }]) {
      const { verdicts, outcomes } = await runner.batch([item]);
      expect(outcomes.map((o) => [o.id, o.touches.length > 0])).toEqual([[item.id, true]]);
      expect(verdicts.map((v) => (v instanceof Error ? v.message : [v.decision, v.reasons.map((r) => r.code)])))
        .toEqual([["ask", expect.arrayContaining(["UNRESOLVED_CWD"])]]);
    }
  }, 60_000);
});

describe.skipIf(why !== null)("probe campaign", () => {
  test("2500 probes over the committed base commands: none runs while the guard allows", async () => {
    const seeds = committedSeeds();
    expect(seeds.length).toBeGreaterThanOrEqual(300);
    // Everything the guard allows is run, and a quarter of the rest; the shortest case of a
    // few classes is run again alone (scripts/probe-fuzz.ts confirms every class).
    const report = await runProbeFuzz({ count: 2500, seed: SEED, seeds, sample: 0.25, confirm: 3 });
    console.log(formatProbeReport(report));
    expect(report.mutants).toBe(2500);
    // The harness works: most base commands are used, probes run where bash evaluates them.
    expect(report.baseCommands.used).toBeGreaterThan(250);
    expect(report.ran).toBeGreaterThan(400);
    expect(report.probesRan).toBeGreaterThan(report.ran / 2);
    expect(report.crashes).toEqual([]);
    expect(report.findings.map((f) => `${formatFinding(f)}\n`)).toEqual([]);
  }, 240_000);
});

if (why !== null && process.env.CI === "true") {
  test("the probe-injection test can run under CI", () => {
    throw new Error(`CI=true, and the probe-injection test cannot run: ${why}`);
  });
}
