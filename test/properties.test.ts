// Properties of the guard that hold for every input, checked on generated ones (fixed seeds, so
// a failure in CI is a failure on every machine). A counterexample that is a real guard bug is
// kept below as an explicit regression case, next to the property that found it.

import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { ACCESS_KINDS, createGuard, DECISIONS, REASONS, type Decision, type Verdict } from "../src/index.ts";
import { loadParser } from "../src/parse/grammar.ts";
import { cachingFileSystem, nodeFileSystem } from "../src/paths/fs.ts";
import { resolveFrom, resolvePhysical } from "../src/paths/resolve.ts";
import { command, fullUnicodeString, type GeneratedCommand, generatedCommand, loneSurrogate, pathFree, shellish,
  singleQuote, terminated, withLoneSurrogate, withNul } from "./support/arbitraries.ts";
import { explain, table, useSandbox } from "./support/table.ts";

const box = useSandbox();
const SEED = 42;
/** A fixed seed, and the failing check's own message (verdicts and all) in the report. */
const RUN = { seed: SEED, includeErrorInReport: true } as const;

const DEEP_TIMEOUT = 120_000;
const PROPERTY_TIMEOUT = 60_000;

const RANK: Readonly<Record<Decision, number>> = { allow: 0, ask: 1, deny: 2 };

function show(command: string, v: Verdict): string {
  const c = command.length > 300
    ? `${JSON.stringify(command.slice(0, 300))}… (${command.length} chars)`
    : JSON.stringify(command);
  return `${c}\n${explain(v).slice(0, 4000)}`;
}

/** Throws, naming the input, unless `v` has the shape README.md promises. */
function assertWellFormed(input: string, v: Verdict): void {
  const fail = (what: string) => {
    throw new Error(`ill-formed verdict (${what}) for ${show(input, v)}`);
  };
  if (!DECISIONS.includes(v.decision)) fail(`decision ${String(v.decision)}`);
  if (!Array.isArray(v.reasons) || !Array.isArray(v.accesses)) fail("reasons/accesses not arrays");
  const inSpan = (start: unknown, end: unknown) =>
    typeof start === "number" && typeof end === "number" && Number.isInteger(start) && Number.isInteger(end) &&
    0 <= start && start <= end && end <= input.length;
  let strictest: Decision = "allow";
  for (const r of v.reasons) {
    if (!(r.code in REASONS)) fail(`reason code ${r.code}`);
    if (!DECISIONS.includes(r.decision)) fail(`reason decision ${r.decision}`);
    if (typeof r.message !== "string") fail("reason message");
    if ((r.start !== undefined || r.end !== undefined) && !inSpan(r.start, r.end)) {
      fail(`reason span ${r.start}..${r.end}`);
    }
    if (RANK[r.decision] > RANK[strictest]) strictest = r.decision;
  }
  for (const a of v.accesses) {
    if (!inSpan(a.start, a.end)) fail(`access span ${a.start}..${a.end} of ${input.length}`);
    if (!ACCESS_KINDS.includes(a.kind)) fail(`access kind ${a.kind}`);
    if (!DECISIONS.includes(a.decision)) fail(`access decision ${a.decision}`);
    if (typeof a.path !== "string" || (a.resolved !== null && typeof a.resolved !== "string")) fail("access path");
    if (!Array.isArray(a.via) || a.via.some((x) => typeof x !== "string")) fail("access via");
    if (a.reason !== null && !(a.reason in REASONS)) fail(`access reason ${a.reason}`);
    if (RANK[a.decision] > RANK[strictest]) strictest = a.decision;
  }
  // "the strictest judgement of everything below" (README.md, the Verdict table).
  if (v.decision !== strictest) fail(`decision ${v.decision} but the strictest part is ${strictest}`);
}

function checkWellFormed(input: string): Verdict {
  let v: Verdict;
  try {
    v = box.check(input);
  } catch (e) {
    throw new Error(
      `check threw on ${JSON.stringify(input.slice(0, 300))}: ${e instanceof Error ? e.stack : String(e)}`,
    );
  }
  assertWellFormed(input, v);
  return v;
}

// ---------------------------------------------------------------------------------------------

describe("check never throws and returns a well-formed verdict", () => {
  const cases: [string, fc.Arbitrary<string>, number][] = [["shellish", shellish, 400], ["fc.string",
    fc.string({ maxLength: 60 }), 150], ["full unicode", fullUnicodeString(60), 150], ["NUL bytes", withNul, 100], [
    "lone surrogates",
    withLoneSurrogate,
    100,
  ], ["generated commands", command, 150]];
  for (const [name, arb, numRuns] of cases) {
    test(name, () => {
      fc.assert(fc.property(arb, (s) => void checkWellFormed(s)), { ...RUN, numRuns });
    }, PROPERTY_TIMEOUT);
  }

  const N = 10_000;
  const nest = (open: string, inner: string, close: string, n = N) => open.repeat(n) + inner + close.repeat(n);
  // Past 64 KiB a case only tests INPUT_TOO_LARGE; the extra shapes go as deep as fits below it.
  const FITS = 60 * 1024;
  const deepest = (open: string, inner: string, close: string, around = 0) =>
    Math.min(N, Math.floor((FITS - inner.length - around) / (open.length + close.length)));
  const secret = "cat ../outside/secret.txt";
  const deepEval = (() => {
    let code = secret;
    let depth = 0;
    for (let next = `eval ${singleQuote(code)}`; next.length < FITS; next = `eval ${singleQuote(code)}`) {
      [code, depth] = [next, depth + 1];
    }
    return { code, depth };
  })();
  const [ifN, fnN, pipeN, andN, dqN] = [deepest("if true; then ", secret, "; fi"), deepest("f(){ ", secret, "; }; f"),
    deepest("true | ", secret, ""), deepest("true && ", secret, ""), deepest('"$(echo ', secret, ')"', 5)];
  // Each with an outside access at the bottom: however deep, the guard must not lose it.
  const deep: [string, string][] = [
    ["1 MB", `${secret}; ${"a".repeat(1 << 20)}`],
    ["1 MB of shellish noise", fc.sample(shellish, { ...RUN, numRuns: 4000 }).join(";").padEnd(1 << 20, "(")],
    ["10 000 nested (( ))", nest("(", secret, ")")],
    ["10 000 nested ( ) with spaces", nest("( ", secret, " )")],
    ["10 000 nested $( )", `echo ${nest("$(", secret, ")")}`],
    ["10 000 nested { ; }", nest("{ ", secret, "; }")],
    ["10 000 escaped backquotes", `${secret} ${"\\`".repeat(N)}`],
    [`${dqN} nested quotes "$( "…" )"`, `echo ${nest('"$(echo ', secret, ')"', dqN)}`],
    ["10 000 nested ${x:-…}", `cat ${nest("${x:-", "../outside/secret.txt", "}")}`],
    ["10 000 nested $(( ))", `cat ${nest("$((", "1", "))")}; ${secret}`],
    [`${ifN} nested if`, nest("if true; then ", secret, "; fi", ifN)],
    // Each body defines the next f and calls it. (Never called, the nested definitions hit the
    // regression below, or overflow the stack depending on how much is left: not a stable case.)
    [`${fnN} nested function calls`, nest("f(){ ", secret, "; }; f", fnN)],
    ["10 000 nested [[ ( ) ]]", `[[ ${nest("( ", "-f ~/.bashrc", " )")} ]]`],
    ["10 000 alternating quotes", `cat ${`"'`.repeat(N)}x${`'"`.repeat(N)}; ${secret}`],
    [`eval nested ${deepEval.depth} deep`, deepEval.code],
    [`${pipeN} pipes`, `${"true | ".repeat(pipeN)}${secret}`],
    [`${andN} && in a list`, `${"true && ".repeat(andN)}${secret}`],
    ["10 000 brace alternatives",
      `cat {${Array.from({ length: N }, (_, i) => `a${i}`).join(",")},../outside/secret.txt}`],
    ["10 000 nested braces", `cat ${nest("{a,", "../outside/secret.txt", "}")}`],
  ];
  // No bound on time, but these must end: bun's own per-test timeout would otherwise cut them
  // off (at 5 s) before a slow machine got through them.
  for (const [name, input] of deep) {
    test(name, () => {
      const v = checkWellFormed(input);
      expect({ name, decision: v.decision }).not.toEqual({ name, decision: "allow" });
    }, DEEP_TIMEOUT);
  }
  test("10 000 nested ( ) around nothing", () => void checkWellFormed(nest("(", "true", ")")));
  test("a lone surrogate alone", () => {
    fc.assert(fc.property(loneSurrogate, (s) => expect(checkWellFormed(s).decision).not.toBe("allow")), { ...RUN,
      numRuns: 50 });
  });
});

// ---------------------------------------------------------------------------------------------

describe("input that does not parse or is out of bounds is never allowed", () => {
  test("tree-sitter errors are PARSE_ERROR, never allow", async () => {
    const parser = await loadParser();
    let errors = 0;
    fc.assert(fc.property(shellish, (s) => {
      const tree = parser.parse(s);
      const broken = tree === null || tree.rootNode.hasError;
      tree?.delete();
      if (!broken) return;
      errors++;
      const v = checkWellFormed(s);
      // Input that is not valid UTF-16 is refused before parsing, with INVALID_INPUT.
      if (v.decision === "allow" ||
        !v.reasons.some((r) => r.code === "PARSE_ERROR" || r.code === "PARSE_TIMEOUT" || r.code === "INVALID_INPUT"))
      {
        throw new Error(`unparseable input not refused: ${show(s, v)}`);
      }
    }), { ...RUN, numRuns: 400 });
    // The property is vacuous if the noise always parses.
    expect(errors).toBeGreaterThan(100);
  }, PROPERTY_TIMEOUT);

  test("NUL bytes and lone surrogates are INVALID_INPUT", () => {
    fc.assert(fc.property(fc.oneof(withNul, withLoneSurrogate), (s) => {
      const v = checkWellFormed(s);
      if (v.decision === "allow" ||
        !v.reasons.some((r) => r.code === "INVALID_INPUT" || r.code === "INPUT_TOO_LARGE"))
      {
        throw new Error(`invalid input not refused: ${show(s, v)}`);
      }
    }), { ...RUN, numRuns: 100 });
  });

  test("more than 64 KiB of UTF-8 is INPUT_TOO_LARGE", () => {
    const bound = 64 * 1024;
    fc.assert(
      fc.property(fc.oneof(command, shellish, fc.constantFrom("true", "😀", "é", ":")).filter((s) => s.length > 0),
        fc.nat(1024), (unit, extra) => {
        // Repeat the unit until its UTF-8 encoding passes the bound, which may be well before
        // 64 Ki UTF-16 units when the unit is not ASCII.
        const bytes = Buffer.byteLength(unit, "utf8");
        const s = unit.repeat(Math.floor(bound / bytes) + 1) + " ".repeat(extra);
        const v = checkWellFormed(s);
        if (v.decision === "allow" ||
          !v.reasons.some((r) => r.code === "INPUT_TOO_LARGE" || r.code === "INVALID_INPUT"))
        {
          throw new Error(`large input not refused: ${show(s, v)}`);
        }
      }),
      { ...RUN, numRuns: 30 },
    );
  });

  test("a guard with a smaller byte bound refuses everything over it", async () => {
    const small = await createGuard({ home: box.fx.home, bounds: { maxBytes: 40 } });
    fc.assert(fc.property(fc.oneof(command, shellish), (s) => {
      if (Buffer.byteLength(s, "utf8") <= 40) return;
      const v = small.check(s, { cwd: box.fx.project });
      assertWellFormed(s, v);
      if (v.decision === "allow" ||
        !v.reasons.some((r) => r.code === "INPUT_TOO_LARGE" || r.code === "INVALID_INPUT"))
      {
        throw new Error(`over the bound, not refused: ${show(s, v)}`);
      }
    }), { ...RUN, numRuns: 150 });
  }, PROPERTY_TIMEOUT);

  // Every limit is a point where the analysis gives up; giving up earlier may only ask more.
  test("tighter interpreter limits never turn a refusal into allow", async () => {
    const tight = await createGuard({ home: box.fx.home,
      limits: { maxSteps: 8, maxWorlds: 2, maxBraceWords: 2, maxGlobMatches: 1, maxGlobDirs: 1, maxNesting: 1,
        maxCallDepth: 1, maxLoopRounds: 1, maxScriptBytes: 8 } });
    fc.assert(fc.property(fc.oneof(command, shellish), (s) => {
      const base = box.check(s);
      if (base.decision === "allow") return;
      const v = tight.check(s, { cwd: box.fx.project });
      assertWellFormed(s, v);
      if (v.decision === "allow") {
        throw new Error(`allowed under tighter limits: ${show(s, v)}\n--- default limits:\n${show(s, base)}`);
      }
    }), { ...RUN, numRuns: 200 });
  }, PROPERTY_TIMEOUT);

  test("examples", () => {
    const big = checkWellFormed("x".repeat(70 * 1024));
    expect(big.decision).toBe("ask");
    expect(big.reasons.map((r) => r.code)).toContain("INPUT_TOO_LARGE");
    const paren = checkWellFormed("cat (");
    expect(paren.decision).toBe("ask");
    expect(paren.reasons.map((r) => r.code)).toContain("PARSE_ERROR");
  });
});

// ---------------------------------------------------------------------------------------------

test("deterministic: the same command twice, and on a fresh guard, gives the same verdict", async () => {
  await fc.assert(fc.asyncProperty(fc.oneof(command, shellish), async (s) => {
    const first = box.check(s);
    expect(box.check(s)).toEqual(first);
    const fresh = await createGuard({ home: box.fx.home });
    expect(fresh.check(s, { cwd: box.fx.project })).toEqual(first);
  }), { ...RUN, numRuns: 150 });
}, PROPERTY_TIMEOUT);

// ---------------------------------------------------------------------------------------------

interface Relation {
  readonly name: string;
  /** The command `c` placed in a context where bash runs it the same way; null: not applicable. */
  readonly wrap: (c: GeneratedCommand) => string | null;
}

const FUNC = "sf_wrapped";

/**
 * Contexts in which bash runs `c` with the same accesses, so a guard that does not allow `c`
 * must not allow them either. Generated commands never end in `&`, never use `exit` or
 * `return`, and never read `OLDPWD`, `~-` or a `$1` they did not set at top level (see
 * arbitraries.ts), so a terminator can follow them and a function body or a `cd` prefix does not
 * change their meaning. A command that leaves a function defined is not put in a shell that
 * ends: see GeneratedCommand.leavesFunction.
 */
const RELATIONS: readonly Relation[] = [
  { name: "( c )", wrap: (c) => (c.leavesFunction ? null : `( ${c.text} )`) },
  { name: "{ c; }", wrap: (c) => `{ ${terminated(c.text)} }` },
  { name: "c ; true", wrap: (c) => `${terminated(c.text)} true` },
  { name: "true ; c", wrap: (c) => `true ; ${c.text}` },
  { name: "true && c", wrap: (c) => `true && ${c.text}` },
  { name: "eval 'c'", wrap: (c) => `eval ${singleQuote(c.text)}` },
  { name: "bash -c 'c'", wrap: (c) => (c.leavesFunction ? null : `bash -c ${singleQuote(c.text)}`) },
  // /bin/sh may be bash (it is on macOS, and bash in POSIX mode still expands braces and $'…'),
  // and the guard cannot know which shell it is, so what bash would reach counts.
  { name: "sh -c 'c'", wrap: (c) => (c.leavesFunction ? null : `sh -c ${singleQuote(c.text)}`) },
  // sudo runs a program, not a builtin: `sudo cd ..` fails and goes nowhere.
  { name: "sudo c", wrap: (c) => (c.head && !c.head.builtin ? `sudo ${c.text}` : null) },
  // `time` is a reserved word before any pipeline, compound commands included.
  { name: "time c", wrap: (c) => `time ${c.text}` },
  // Wrappers that run an external command: only simple external commands can be wrapped.
  ...["env", "env -i PATH=/usr/bin", "nice -n 5", "nohup", "timeout 5", "timeout -s KILL 5", "stdbuf -oL", "setsid",
    "ionice -c 3", "chrt -o 0", "taskset -c 0", "unbuffer", "doas", "sudo -u nobody", "xargs -0 -r"].map((
      w,
    ): Relation => ({ name: `${w} c`, wrap: (c) => (c.head && !c.head.builtin ? `${w} ${c.text}` : null) })),
  { name: "bash -lc 'c'", wrap: (c) => (c.leavesFunction ? null : `bash -lc ${singleQuote(c.text)}`) },
  { name: "bash <<'EOF' c EOF",
    wrap: (c) => (c.leavesFunction || /\bSF_END\b/.test(c.text) ? null : `bash <<'SF_END'\n${c.text}\nSF_END`) },
  { name: "echo 'c' | bash", wrap: (c) => (c.leavesFunction ? null : `echo ${singleQuote(c.text)} | bash`) },
  { name: "find docs -exec sh -c 'c' \\;",
    wrap: (c) => (c.leavesFunction ? null : `find docs -maxdepth 0 -exec sh -c ${singleQuote(c.text)} \\;`) },
  // `command` takes a command name: after it, `X=y` or `( … )` is not an assignment or a subshell.
  { name: "command c", wrap: (c) => (c.head ? `command ${c.text}` : null) },
  { name: "if true; then c; fi", wrap: (c) => `if true; then ${terminated(c.text)} fi` },
  { name: "f(){ c; }; f", wrap: (c) => `${FUNC}(){ ${terminated(c.text)} }; ${FUNC}` },
  { name: "cd src && cd .. && c", wrap: (c) => `cd src && cd .. && ${c.text}` },
  // `!` inverts the status of the group once it has run; what the group touches is the same.
  { name: "! { c; }", wrap: (c) => `! { ${terminated(c.text)} }` },
  // Not a context that runs c in bash, but one the guard promises to treat as if it did:
  // "a function defined but not called is analysed at the end" (docs/semantics.md), since a
  // later command in the same shell may call it.
  { name: "f(){ c; } (never called)", wrap: (c) => `${FUNC}(){ ${terminated(c.text)} }` },
];

function relationFailure(c: string, base: Verdict, name: string, variant: string, v: Verdict): string {
  return `relation "${name}": c is ${base.decision}, the variant is allow\n--- c:\n${show(c, base)}\n--- variant:\n${
    show(variant, v)
  }`;
}

describe("metamorphic: a command that is not allowed stays not allowed in any context that runs it", () => {
  for (const rel of RELATIONS) {
    test(rel.name, () => {
      fc.assert(fc.property(generatedCommand, (c) => {
        const variant = rel.wrap(c);
        if (variant === null) return;
        const base = box.check(c.text);
        if (base.decision === "allow") return;
        const v = box.check(variant);
        assertWellFormed(variant, v);
        if (v.decision === "allow") throw new Error(relationFailure(c.text, base, rel.name, variant, v));
      }), { ...RUN, numRuns: 300 });
    }, PROPERTY_TIMEOUT);
  }
});

// ---------------------------------------------------------------------------------------------

const EXTRA_ROOTS = ["$O", "$H", "$B", "$T", "$T/work", "/", "/tmp", "$P/src", "$P/link-out", "$O/missing", "link-out",
  "../outside", "dir-out", "$P"];

test("monotonic in roots: an extra root never makes a decision stricter", () => {
  fc.assert(
    fc.property(fc.oneof({ arbitrary: command, weight: 4 }, { arbitrary: shellish, weight: 1 }),
      fc.uniqueArray(fc.constantFrom(...EXTRA_ROOTS), { minLength: 1, maxLength: 3 }), (c, roots) => {
      const base = box.check(c);
      const more = box.check(c, undefined, roots);
      if (RANK[more.decision] > RANK[base.decision]) {
        throw new Error(
          `roots ${roots.join(", ")} made ${base.decision} into ${more.decision}\n--- without:\n${
            show(c, base)
          }\n--- with:\n${show(c, more)}`,
        );
      }
    }),
    { ...RUN, numRuns: 200 },
  );
}, PROPERTY_TIMEOUT);

test("a command that names no path is allowed", () => {
  fc.assert(fc.property(pathFree, (c) => {
    const v = checkWellFormed(c);
    if (v.decision !== "allow") throw new Error(`path-free command not allowed: ${show(c, v)}`);
  }), { ...RUN, numRuns: 150 });
}, PROPERTY_TIMEOUT);

// ---------------------------------------------------------------------------------------------

// The generator's promise, checked against bash itself: its commands, and the relations' wrapped
// variants, are valid bash. A failure here is a generator bug, not a guard bug.
const bash = spawnSync("bash", ["--version"], { encoding: "utf8" });
test.skipIf(bash.status !== 0)("generated commands and their variants are valid bash (bash -n)", () => {
  const bad: string[] = [];
  const syntaxOk = (s: string) => spawnSync("bash", ["-n", "-c", s], { encoding: "utf8" }).status === 0;
  fc.sample(generatedCommand, { ...RUN, numRuns: 150 }).forEach((c, i) => {
    if (!syntaxOk(c.text)) bad.push(c.text);
    if (i % 5 !== 0) return;
    for (const rel of RELATIONS) {
      const v = rel.wrap(c);
      if (v !== null && !syntaxOk(v)) bad.push(`${rel.name}: ${v}`);
    }
  });
  fc.sample(pathFree, { ...RUN, numRuns: 50 }).forEach((c) => syntaxOk(c) || bad.push(c));
  expect(bad).toEqual([]);
}, PROPERTY_TIMEOUT);

// ---------------------------------------------------------------------------------------------

// Guard bugs the properties found, kept as plain cases until src/ is fixed (they fail until then).
//
// A function defined inside a function that is itself only analysed at the end (because it was
// never called) is never analysed: `f` is run at the end, defines `g`, and `g`'s body is
// dropped, so a later `f; g` in the same shell reaches outside unseen. Found by
// "f(){ c; } (never called)" (the last case is its counterexample once commands with `!` are
// left out, see below), and by a deep case of nested bodies, `f(){ f(){ … }; }; f`, which
// loses it from three levels on.
// (Interpreter.analyseUncalled makes one pass over the functions of the final worlds and drops
// the worlds each analysed body returns, with the functions that body defined.) The same
// happens to a function defined through eval in such a body, or by an alias's value.
table("regressions found by the properties", box, [
  ["f(){ g(){ cat ../outside/secret.txt; }; }", "ask", ["* $O/secret.txt"]],
  ["f(){ f(){ f(){ cat ../outside/secret.txt; }; }; }; f", "ask", ["* $O/secret.txt"]],
  ["f(){ eval 'g(){ cat ../outside/secret.txt; }'; }", "ask", ["* $O/secret.txt"]],
  ["alias a='g(){ cat ../outside/secret.txt; }'", "ask", ["* $O/secret.txt"]],
  // g is analysed where the script leaves the shell (in src/): it reads src/docs/guide.md, inside.
  ['sf_wrapped(){ for D in "$D"/x; do g(){ cat docs/guide.md; }; cat; cd src; done; }', "allow", [
    "read $P/src/docs/guide.md",
  ]],
]);

// `!` before a compound command that opens with a reserved word (`{`, `if`, `for`, `while`,
// `until`) is parsed by tree-sitter-bash as a negated simple command named `{` (or `if`, …)
// with the body's words as its arguments, and no error; the lowering did not undo it. A `cd` in
// the body is then an argument, not a change of directory, and in a function body the group's
// `}` ends the function early, so the rest is read at top level. The lowering now reads a top-level
// `! compound` (and `time compound`) again on its own; deeper ones, which it refused, are read
// with the `!` respelled as a blank and the compound command negated (src/parse/respell.ts).
// Found by "! { c; }" (c = `cd`),
// and by "f(){ c; }; f" and "f(){ c; } (never called)", whose shared counterexample is last.
table("regressions found by the properties: ! before a compound command", box, [
  ["! { cd; }", "ask", ["cwd $H"]],
  ["! { cd; }; rm -rf x", "ask", ["* $H/x"]],
  ["! if true; then cd; fi; rm x", "ask", ["* $H/x"]],
  ["! for x in a; do cd; done; rm x", "ask", ["* $H/x"]],
  ["! while true; do cd; break; done; rm x", "ask", ["* $H/x"]],
  // Inside a function the grammar also closes the function early: read with the `!` respelled
  // (respell.ts), the body is what bash runs.
  ["f(){ ! { cat ../outside/secret.txt; } & }; f", "ask", ["read $O/secret.txt", "!#PARSE_ERROR"]],
  [
    "sf_wrapped(){ ! { X=..; Y=$X/outside; cat $Y/secret.txt; } & for D in {README.md,README.md}; do { cat <<EOF\nhello\nEOF\n }; done; }; sf_wrapped",
    "ask",
    ["read $O/secret.txt", "!#PARSE_ERROR"],
  ],
  ["x && ! { cd; }", "ask", ["cwd $H", "!#PARSE_ERROR"]],
  ["time { cd; }; rm x", "ask", ["* $H/x"]],
  ["time ! cd; rm x", "ask", ["* $H/x"]],
]);

// Physical resolution is what the kernel does: for any path built from the fixture's names,
// links (in, out, relative, absolute, a loop) and `.`/`..`, resolving from a physical
// directory lands where realpath(3) lands, and a path the walk calls missing does not exist.
describe("physical resolution agrees with the kernel", () => {
  const segment = fc.constantFrom("..", ".", "", "src", "sub", "docs", "link-out", "rel-out", "link-in", "abs-in",
    "dir-out", "backup-link", "home-link", "loop-a", "nope", "README.md", "secret-link", "dir");
  test("resolveFrom(base, rest) is realpath(base/rest)", () => {
    const fs = cachingFileSystem(nodeFileSystem);
    const bases = [box.fx.project, `${box.fx.project}/src`, box.fx.outside, "/"];
    fc.assert(
      fc.property(fc.constantFrom(...bases), fc.array(segment, { minLength: 1, maxLength: 7 }), (base, segs) => {
        const rest = segs.join("/");
        const r = resolveFrom(base, rest, fs);
        const abs = rest.startsWith("/") ? rest : `${base === "/" ? "" : base}/${rest}`;
        let real: string | null = null;
        let code = "";
        try {
          // The native call asks the kernel (open, then the name of what it opened); the JS
          // one folds `..` in the text first.
          real = realpathSync.native(abs);
        } catch (e) {
          code = (e as { code?: string }).code ?? "";
        }
        if (code === "ELOOP") expect(r).toMatchObject({ ok: false, error: "loop" });
        if (!r.ok) {
          // The kernel met the loop too, unless it stopped earlier at a missing name.
          expect(r.error).toBe("loop");
          expect(["ELOOP", "ENOENT", "ENOTDIR"]).toContain(code);
        } else if (code === "ENOTDIR") {
          // `file/..`: the kernel refuses; the walk goes on to the file's directory, which is
          // where a tool that strips the name would go.
          expect(typeof r.path).toBe("string");
        } else if (code === "ENOENT") {
          // Past a missing name the rest applies lexically (what `mkdir -p` would make of it),
          // so `missing/..` lands back where it started.
          if (r.exists) expect(segs).toContain("..");
          // It ended where it exists, so a `..` climbed out of a missing name: that one is said.
          if (r.exists) expect(r.climbed).not.toBeNull();
        } else {
          expect(r.exists).toBe(true);
          expect(real).toBe(r.path);
          expect(r.climbed).toBeNull();
        }
        // The same walk from / gives the same answer.
        expect(resolvePhysical(abs, fs)).toEqual(r);
      }),
      { ...RUN, numRuns: 3000 },
    );
  });
});
