// The CI-sized fuzz run: a seeded campaign of generated commands with a known intent, mutants
// of the corpora and of the case tables, and commands of the property tests' grammar, all
// checked statically, a few hundred of them run for real through the differential oracle
// (scripts/fuzz.ts is the nightly-sized run of the same campaign). Before it, the harness's own
// parts are checked on examples; after it, the guard bugs the fuzzer found, kept as plain
// regression cases.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import fc from "fast-check";
import type { Access, Verdict } from "../src/index.ts";
import { formatReport, knownClass, runFuzz } from "../scripts/fuzz.ts";
import { intentCommand } from "./support/intents.ts";
import { extractCaseCommands, loadSeeds, mutantArbitrary, plainWords } from "./support/mutate.ts";
import { createOracle, detectIsolation, formatDisagreement, judge, malformation, type Oracle, runCheck,
  safeToRun } from "./support/oracle.ts";
import { isNoise, type Touch } from "./support/strace.ts";
import { useSandbox } from "./support/table.ts";

const SEED = 20261130;

/** Why the tests that need the oracle's namespaces cannot run here, or null: said when the
 * file loads, those tests are reported as skipped, and under CI=true that is a failure. */
const ISOLATION = detectIsolation();
const NO_NAMESPACES = ISOLATION.mode === "none" ? ISOLATION.description : null;
if (NO_NAMESPACES !== null) {
  console.log(`SKIPPED (test/fuzz.test.ts): the tests that need namespaces do not run here: ${NO_NAMESPACES}`);
}
if (NO_NAMESPACES !== null && process.env.CI === "true") {
  test("the oracle's namespaces are available under CI", () => {
    throw new Error(`CI=true, and the oracle cannot fence its runs: ${NO_NAMESPACES}`);
  });
}
// (No process takes a NUL in an argument: such a command is not one bash can be given.)
const bashOk = (s: string) =>
  !s.includes("\u0000") && spawnSync("bash", ["-n", "-c", s], { stdio: "ignore" }).status === 0;

// ---------------------------------------------------------------------------------------------
// The harness

describe("oracle harness", () => {
  test("isolation is detected once and said", () => {
    const iso = detectIsolation();
    console.log(`oracle isolation: ${iso.mode}: ${iso.description}`);
    expect(["namespaces", "mount-namespace", "none"]).toContain(iso.mode);
    expect(detectIsolation()).toBe(iso);
  });

  test("safeToRun keeps dangerous commands static-only, whatever their spelling", () => {
    const unsafe = ["sudo ls", "s''u'do' ls", "$'\\x73udo' ls", "s{u,}do ls", 'cat $"su"do', "\\su -c id", "kill -9 -1",
      "reboot", "apt-get install x", "npm i", "curl -o x http://e", "wget x", "ssh host", "git push", "python3 -c 1",
      "awk 1 x", "echo x > /tmp/x", "cp README.md /etc/", "cd / && touch x", "rm -rf /", "rm -rf /*",
      "echo b > /proc/sysrq-trigger", "cat /dev/zero", "dd if=/dev/sda of=x", ":(){ :|:& };:", "touch ~root/x",
      "/opt/tool/bin/x", "/usr/bin/passwd", "mount --bind a b", "cat /etc/passwd; passwd", "cat README.md\u0000",
      '"ca"t a\u0000b'];
    const safe = ["cat README.md", "cat ../outside/secret.txt", "cd .. && ls", "echo x > ../outside/new.txt",
      "rm -f link-out/secret.txt", "cat /etc/passwd", "ls /usr/share", "echo x 2>/dev/null >&2",
      "bash -c 'cd ~ && touch x'", "cat $O/secret.txt > $H/x", "/bin/cat README.md", "env -C .. ls", "find . -name x",
      "tar -cf build/a.tar src"];
    expect(unsafe.filter((c) => safeToRun(c))).toEqual([]);
    expect(safe.filter((c) => !safeToRun(c)).map((c) => `${c}: ${runCheck(c).reason}`)).toEqual([]);
    expect(runCheck("cat README.md").writeFree).toBe(true);
    expect(runCheck("cat README.md > x").writeFree).toBe(false);
  });

  const access = (resolved: string | null, decision: Verdict["decision"] = "ask"): Access => ({ path: resolved ?? "?",
    resolved, kind: "read", command: "cat", via: [], start: 0, end: 0, decision, rule: null, reason: null });
  const verdict = (decision: Verdict["decision"], accesses: Access[], codes: string[] = []): Verdict =>
    ({ decision, accesses, reasons: codes.map((code) => ({ code, message: code, decision: "ask" })) }) as Verdict;
  const touch = (path: string, syscall = "openat", directoryOpen = false): Touch => ({ pid: 1, syscall, path,
    named: path, ok: true, error: null, directoryOpen, exclusiveCreate: false, flags: "" });

  test("judge: allow with an outside touch, uncovered touches, and what covers one", () => {
    const t = touch("/w/o/secret.txt");
    expect(judge(verdict("allow", [access("/w/p/a", "allow")]), [t]).problems.map((p) => p.kind)).toEqual([
      "wrong-allow",
    ]);
    expect(judge(verdict("ask", [access("/w/p/a")]), [t]).problems.map((p) => p.kind)).toEqual(["missed"]);
    // A directory above the touched path, an access the guard could not resolve, or a reason
    // saying it could not look: each covers it.
    expect(judge(verdict("ask", [access("/w/o")]), [t]).problems).toEqual([]);
    expect(judge(verdict("ask", [access("/w/o/secret.txt")]), [t]).problems).toEqual([]);
    expect(judge(verdict("ask", [access(null)]), [t]).problems).toEqual([]);
    const blind = judge(verdict("ask", [], ["NESTING_TOO_DEEP"]), [t]);
    expect(blind.problems).toEqual([]);
    expect(blind.blind).toEqual([t]);
    // Containment is segment-wise: /w/o does not cover /w/other.
    expect(judge(verdict("ask", [access("/w/o")]), [touch("/w/other")]).problems.map((p) => p.kind)).toEqual([
      "missed",
    ]);
    // Listing a directory to expand a glob in it is covered by the pattern; another child is not.
    expect(judge(verdict("ask", [access("/w/o/*.txt")]), [touch("/w/o")]).problems).toEqual([]);
    expect(judge(verdict("ask", [access("/w/o/a.txt")]), [touch("/w/o")]).problems.map((p) => p.kind)).toEqual([
      "missed",
    ]);
    // A temporary file a program creates for itself (exclusively, in /tmp) is not a touch the
    // guard judges; opening an existing file there is.
    expect(isNoise({ ...touch("/tmp/tacwpXola"), exclusiveCreate: true })).toBe(true);
    expect(isNoise(touch("/tmp/tacwpXola"))).toBe(false);
    expect(isNoise({ ...touch("/w/o/x"), exclusiveCreate: true })).toBe(false);
    // A file created and renamed onto a reported path (sed -i's sedXXXXXX) is covered with it;
    // renamed onto a path nobody reported, it is not.
    expect(
      judge(verdict("ask", [access("/w/o/f")]), [{ ...touch("/w/o/sedAbC123", "fchown"), becomes: "/w/o/f" }]).problems,
    ).toEqual([]);
    expect(
      judge(verdict("ask", [access("/w/o/g")]), [{ ...touch("/w/o/sedAbC123", "fchown"), becomes: "/w/o/f" }]).problems
        .map((p) => p.kind),
    ).toEqual(["missed"]);
    // A directory opened to reach a name in it is covered by that name, unless it was listed.
    expect(judge(verdict("ask", [access("/w/o/a.txt")]), [touch("/w/o", "openat", true)]).problems).toEqual([]);
    expect(
      judge(verdict("ask", [access("/w/o/a.txt")]), [touch("/w/o", "openat", true), touch("/w/o", "getdents64")])
        .problems.map((p) => p.kind),
    ).toEqual(["missed", "missed"]);
    expect(judge(verdict("ask", [access("/w/o/a")]), [touch("/w/o", "chdir")]).problems).toEqual([]);
    expect(
      judge(verdict("ask", [access("/w/o/a")]), [{ ...touch("/w/o", "mkdir"), ok: false, error: "EEXIST" }]).problems,
    ).toEqual([]);
    expect(judge(verdict("ask", [access("/w/o/a")]), [touch("/w/o", "mkdir")]).problems.map((p) => p.kind)).toEqual([
      "missed",
    ]);
    // A path named under a directory that is asked about is covered, wherever a link took it;
    // under one that is allowed, it is not.
    const viaLink: Touch = { ...touch("/h/.ssh/id_rsa"), named: "/w/o/home-link/.ssh/id_rsa" };
    expect(judge(verdict("ask", [access("/w/o")]), [viaLink]).problems).toEqual([]);
    expect(judge(verdict("ask", [access("/w/o", "allow"), access("/w/p/x")]), [viaLink]).problems.map((p) => p.kind))
      .toEqual(["missed"]);
  });

  test("the oracle runs a command and maps its touches into the sandbox", async () => {
    const oracle = await createOracle({ slots: 1 });
    try {
      const out = await oracle.run("cat link-out/secret.txt; cd .. && ls");
      expect(out.executed).toBe(true);
      expect(out.decision).toBe("ask");
      expect(out.disagreement).toBeNull();
      expect(out.outside.map((t) => `${t.syscall} ${t.path}`)).toEqual(["openat $O/secret.txt", "chdir $T/work"]);
      const inside = await oracle.run("mkdir -p build/x && echo hi > build/x/y && cat build/x/y");
      // Without namespaces a command that writes stays static-only.
      if (oracle.isolation.mode === "none") {
        expect([inside.executed, inside.skipped]).toEqual([false, "writes, and no namespace fences the run"]);
      } else expect([inside.executed, inside.decision, inside.outside.length]).toEqual([true, "allow", 0]);
      const skipped = await oracle.run("sudo cat /etc/shadow");
      expect([skipped.executed, skipped.skipped]).toEqual([false, "names sudo"]);
      // The deadline kills the whole group: `sleep` is a child of bash under strace.
      const slow = await oracle.run("sleep 20 & sleep 20");
      expect(slow.timedOut).toBe(true);
    } finally {
      oracle.close();
    }
  }, 30_000);

  test.skipIf(NO_NAMESPACES !== null)("writes outside the sandbox fail inside the fence", async () => {
    const oracle = await createOracle({ slots: 1 });
    try {
      // $RUN's parent is the harness's own scratch directory: outside the run, so read-only.
      const r = await oracle.run("cd ../../../.. && touch escaped-by-the-oracle-test; cat escaped-by-the-oracle-test");
      expect(r.executed).toBe(true);
      expect(r.outside.some((t) => t.path.endsWith("/escaped-by-the-oracle-test") && t.error === "EROFS")).toBe(true);
    } finally {
      oracle.close();
    }
  }, 30_000);
});

describe("generators", () => {
  test("case tables give their commands", () => {
    const src =
      `table("x", box, [\n  ["cat README.md", "allow"],\n  ['echo "a" > b', "ask"],\n  ["printf '\\\\n'\\n", "ask"],\n]);`;
    expect(extractCaseCommands(src)).toEqual(["cat README.md", 'echo "a" > b', "printf '\\n'\n"]);
    const seeds = loadSeeds();
    const sources = new Set(seeds.map((s) => s.source));
    expect(sources.has("core.test.ts")).toBe(true);
    expect(sources.has("redteam.test.ts")).toBe(true);
    expect(seeds.some((s) => s.text === "cat ../outside/secret.txt")).toBe(true);
  });

  test("respellable words leave operators, descriptors, keywords and quotes alone", () => {
    const words = (c: string) => plainWords(c)?.map((w) => w.text) ?? null;
    expect(words("cat a 2>&1 >x; for i in b; do echo c; done")).toEqual(["cat", "a", "b", "echo", "c"]);
    expect(words("ls 'q w' \"e\" $'r' ${x} `y` z")).toEqual(["ls", "z"]);
    expect(words("f() { g; }")).toEqual(["g"]);
    expect(words("cat <<EOF\nx\nEOF")).toBeNull();
    expect(words("echo $((1+2))")).toBeNull();
    expect(words("echo 'open")).toBeNull();
  });

  test("generated commands with a known intent are valid bash and runnable", () => {
    const sample = fc.sample(intentCommand, { seed: SEED, numRuns: 120 });
    expect(sample.filter((c) => !bashOk(c.text)).map((c) => c.text)).toEqual([]);
    expect(sample.filter((c) => !safeToRun(c.text)).map((c) => `${c.text}: ${runCheck(c.text).reason}`)).toEqual([]);
    const intents = new Set(sample.map((c) => c.intent));
    expect(intents).toEqual(new Set(["inside", "outside"]));
    const features = new Set(sample.flatMap((c) => c.features));
    for (const f of ["cd", "pushd", "subshell", "pipeline", "nest:bash", "nest:eval", "nest:sh", "brace", "tilde",
      "variable", "redirect", "wrapper:env", "link:link-out"])
    {
      expect({ f, present: features.has(f) }).toEqual({ f, present: true });
    }
  });

  test("mutations keep valid commands valid, and runnable seeds runnable", () => {
    const seeds = loadSeeds();
    const mutants = fc.sample(mutantArbitrary(seeds, { keep: safeToRun }), { seed: SEED, numRuns: 150 });
    const broken = mutants.filter((m) => bashOk(m.seed.text) && !bashOk(m.text)).map((m) =>
      `${m.seed.text} → ${m.text} (${m.ops.join(", ")})`
    );
    expect(broken).toEqual([]);
    const unsafe = mutants.filter((m) => safeToRun(m.seed.text) && !safeToRun(m.text)).map((m) => m.text);
    expect(unsafe).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The campaign

describe("seeded campaign", () => {
  test("3000 generated and mutated commands checked, a few hundred run: no new disagreement", async () => {
    const report = await runFuzz({ count: 3000, seed: SEED, oracleSample: 250, minimize: 0 });
    console.log(formatReport(report, 2));
    expect(report.totalCommands).toBe(3000);
    expect(report.executions).toBeGreaterThan(150);
    // Findings of a known, not yet fixed class (scripts/fuzz.ts KNOWN_CLASSES) have failing
    // cases below; the campaign is there to catch new ones.
    const fresh = report.findings.filter((f) => knownClass(f) === null);
    expect(
      fresh.map((f) =>
        `${f.kind} [${f.source}] ${f.command}\n${f.disagreement ? formatDisagreement(f.disagreement) : f.detail}`
      ),
    ).toEqual([]);
  }, 180_000);
});

// ---------------------------------------------------------------------------------------------
// Regressions found by the fuzzer: each group was a wrong allow or a missed touch

/** Each runs through the oracle: the guard must not allow it, and must report what bash
 * touched outside. */
const REGRESSIONS: readonly (readonly [group: string, commands: readonly string[]])[] = [
  // `$"…"` (a locale-translated string) at the start of a word that goes on: bash reads
  // `$"home-link"/.bashrc` as `home-link/.bashrc`; the guard kept the `$` and resolved
  // `$P/$home-link/.bashrc`, inside, and allowed. Found by the intent generator's locale
  // spelling.
  ['$"…" at the start of a word', ['cat $"home-link"/.bashrc', 'cat $"link"-out/secret.txt',
    'touch $"h"ome-link/new.txt', 'cd $"rel"-out && ls']],
  // A redirection that fails makes the command fail, builtins included; the guard took `:`
  // and `true` as always succeeding, so it never looked at what follows `||`. Found by the
  // intent generator (`: > back-in/new.txt || ( … )`, back-in being a link in outside/).
  ["a failed redirection on : or true", [": > missing/x || cat ../outside/secret.txt",
    "true > missing/x || cat ../outside/secret.txt", "true < missing || cd .. && ls"]],
  // In an unquoted here-document, a command substitution on a line that begins with blanks
  // (which the grammar leaves as text) was not analysed: bash runs it, the guard allowed.
  // Found in a command of the property tests' grammar, `tee <<-EOF` with a tab-indented `$(cat …)`.
  ["$(…) after leading blanks in a here-document", ["cat <<EOF\n $(cat ../outside/secret.txt)\nEOF",
    "cat <<-EOF\n\t$(cat ../outside/secret.txt)\n\tEOF", "cat <<EOF\nhello\n  $(cd .. && ls)\nEOF"]],
  // `cd DIR/..` fails in bash when DIR does not exist (bash checks that what comes before `..`
  // is a directory, and -P resolves physically); the guard removed `DIR/..` lexically, took
  // the cd as done, and never looked past `||`. Found by the intent generator
  // (`cd $D || command cd ~/bin` with D=link-in/.. from docs/).
  ["cd through a missing directory and ..", ["cd missing/.. || cat ../outside/secret.txt", "cd -P missing/.. || cd ..",
    "cd docs && cd link-in/.. || cd ~"]],
  // `pushd -n DIR` puts DIR on the stack as written; a later `popd` goes there from the
  // working directory. The guard resolved the entry from / (`/link-out`): it asked, but about
  // a path bash never touches, and not about $O, which it does. Found in a command of the
  // property tests' grammar.
  ["pushd -n, then popd", ["pushd -n link-out >/dev/null; popd >/dev/null; ls"]],
  // Brace expansion comes first, then parameters: `{README.md,$HOME/.bashrc}` is README.md and
  // ~/.bashrc. The grammar splits a later alternative at the `$`, and the guard kept it
  // literal (`$P/$HOME/.bashrc`, inside). Found in a command of the property tests' grammar
  // (`rm -rf -- … {../outside/secret.txt,$HOME/x}`).
  ["a parameter in a later brace alternative", ["cat {README.md,$HOME/.bashrc}",
    "D=..; cat {README.md,$D/outside/secret.txt}", "rm -f {x,$HOME/x}"]],
  // The grammar's `$` token can carry the text before it: `"rel"-$"out"` has the tokens
  // "rel", `-$` and "out", and the `-` was dropped with the `$` (rel-out read as relout). Found
  // by the intent generator (seed 8080, inside bash -c in a function).
  ["text carried by the $ of a translated string", ['export D="rel"-$"out"; cat ${D}/secret.txt',
    'cat "rel"-$"out"/secret.txt']],
  // A child shell has no directory stack: `bash -c popd` fails, so `if …; then bash -c popd; fi`
  // has status 1 and `&& export X=…` does not run; `cd $X` is then `cd`, to HOME. The guard
  // gave the child the parent's stack. Found by the intent generator (seed 5555).
  ["a child shell's empty directory stack", [
    "if pushd $\"dir-out/..\" >/dev/null; then bash -c 'popd >/dev/null'; fi && export X='dir-out/..'\ncd $X",
    "pushd src >/dev/null; bash -c 'popd >/dev/null' || cat ../../outside/secret.txt",
  ]],
  // The grammar ends an assignment's value at a quote or expansion followed by a backslash
  // escape (`D='d'\ir`), and makes the rest a word of its own: for export/declare an extra
  // argument, for a plain assignment the command's name. Bash reads one word, `D=dir`. The
  // guard took D to be `d` and allowed what reads through dir-out. Found by the intent
  // generator (`export D=~+/'d'\i\r\-\o\u\t` then `cat "$D"/…`, seed 314159).
  ["an assignment's value glued on after a quote", [
    "export D=~+/'d'\\i\\r\\-\\o\\u\\t\ncat \"$D\"/'space dir/file.txt'",
    "export D='dir'\\-out; ls \"$D\"",
    'declare -x D="dir"\\-out; ls "$D"',
    "D='dir'\\-out; ls \"$D\"",
    "A=1 D='dir'\\-out; ls $D",
  ]],
  // `a && b >x | c` is a pipeline from the list `a && b` to the grammar; bash pipes `b >x`
  // alone: `a && (b >x | c)`. The guard took the pipeline's status from `c` (cd, which
  // succeeds) and never ran the `||` branch; bash's list fails at popd and runs it. Found by
  // the intent generator (seed 424242, inside a function).
  // `time NAME=value cmd` is the time keyword and a command with an assignment; the grammar
  // reads NAME=value as the program `time` runs, and the guard did not apply it. Found by the
  // mutator (seed 777003: `time HOME=.. $'git' \l\og`).
  // `! a | b` is one negated pipeline in bash; the grammar negates `a` alone, so the guard
  // took the pipeline's status from `b` un-negated and skipped the `||` branch. Found by the
  // property tests' grammar (seed 777004, `! pushd ~ | case … esac || cd -P dir-out`).
  ["! before a pipeline", ["! true | true || cat ../outside/secret.txt",
    "{ ! pushd ~ >/dev/null | case x in y) ;; *) dirs ;; esac || cd -P dir-out; }"]],
  ["time before an assignment", ["time D=.. bash -c 'cat $D/outside/secret.txt'",
    "time -p D=.. bash -c 'cat $D/outside/secret.txt'"]],
  ["a redirected list's last command piped on", ["g() { popd && ls >x | cd; }; g || cat ../outside/secret.txt",
    "popd && ls >x | cd || cat ../outside/secret.txt"]],
];

describe("regressions found by the fuzzer", () => {
  let oracle: Oracle;
  beforeAll(async () => {
    oracle = await createOracle({ slots: 2 });
  });
  afterAll(() => oracle?.close());
  for (const [group, commands] of REGRESSIONS) {
    describe(group, () => {
      for (const command of commands) {
        test(command, async () => {
          const r = await oracle.run(command);
          expect(r.executed).toBe(true);
          expect(r.outside.length).toBeGreaterThan(0);
          if (r.disagreement) throw new Error(formatDisagreement(r.disagreement));
          expect(r.decision).not.toBe("allow");
        }, 20_000);
      }
    });
  }
});

/** Found statically: the guard's verdict itself is wrong, whatever bash does. */
describe("regressions found by the fuzzer, without running", () => {
  const box = useSandbox();

  // A called function, then a line that starts with a backslash-escaped word: the accesses of
  // the function body (defined in reparsed text) got spans past the end of the command
  // (24..25 in a 19-character text).
  // Found on an intent command (`\t\i\m\e\o\u\t 5 tail …` after a function call).
  test("spans stay inside the command after a function and a \\word line", () => {
    for (const c of ["f(){ cat a; }; f\n\\x", "f(){ g(){ cat a; }; g; }; f\n\\t\\i\\m\\e\\o\\u\\t"]) {
      const v = box.check(c);
      expect({ c, bad: malformation(c, v) }).toEqual({ c, bad: null });
    }
  });

  // Digits glued to a redirection operator are that redirection's descriptor, so `> 2>&1`
  // is `>` without a target and bash refuses the line. The grammar read `2` as the target and
  // the guard allowed a command bash rejects, where the same command without `2>&1` asked.
  // Found by the metamorphic relation (`\ps -fp <pid> 2>&1` from nl2bash's `ps -fp <pid>`).
  test("digits glued to the next redirection leave the one before without a target", () => {
    for (const c of ["\\ps -fp <pid> 2>&1", "echo hi >2>x", "echo hi >12<x"]) {
      expect({ c, decision: box.check(c).decision }).toEqual({ c, decision: "ask" });
    }
    for (const c of ["echo hi > 2 >x", 'echo hi > "2">x', "echo hi > a2>x", "echo hi >x 2>&1"]) {
      expect({ c, decision: box.check(c).decision }).toEqual({ c, decision: "allow" });
    }
  });

  // The grammar reads `"-"- $"dir-out"` as one concatenation of "-" and "dir-out", dropping
  // the `- $` between them (a blank included); bash reads `--` and `dir-out`. `cd "-"- $"dir-out"`
  // was allowed while bash entered dir-out. Found by the intent generator (seed 271828).
  test("a blank lost between the pieces of a concatenation fails closed", () => {
    for (const c of ['cd "-"- $"dir-out"', 'if cd "-"- $"dir-out"; then echo; fi', 'cat "R"EADME.md $"dir-out"/x']) {
      expect({ c, decision: box.check(c).decision }).toEqual({ c, decision: "ask" });
    }
    expect(box.check('cat "R"EADME.md $"docs"/guide.md').decision).toBe("allow");
  });

  // A wrapper must not change the decision: `find . | read d` asks about the links out of the
  // tree find prints (what `read` gets may be one of them), and `nice find . | read d` allowed
  // (the wrapper hid what find prints). Found by the metamorphic relation on an nl2bash
  // command with `wrap:nice`.
  test("a wrapper in front of find does not change what read is said to access", () => {
    for (const c of ["find . | read d", 'find . | while read d; do echo "$d"; done']) {
      expect({ c, wrapped: box.check(`nice ${c}`).decision }).toEqual({ c, wrapped: box.check(c).decision });
    }
  });
});
