// Precision on real commands: how often does the guard ask although a careful reviewer would
// not? Every corpus in ../shared/corpora is checked with a realistic project as the working
// directory and root — a git repository with package.json, TypeScript sources and tests, a
// Python package with pyproject.toml, node_modules, a README and a .env — built here in a
// scratch directory, with a home directory of its own beside it. Nothing is run.
//
//   bun run scripts/precision.ts [--corpus PATH]... [--show N] [--json FILE] [--needless FILE]
//                                [--workload DIR | --no-workload | --workload-only]
//
// --needless writes every needless verdict, one JSON line each (corpus, command, reasons), for
// whoever works through them next.
//
// The modern agent workload (corpora/modern-agent/, or --workload DIR; scripts/modern-agent.ts)
// is measured beside the corpora, each command in its own project: a pnpm monorepo, a Python
// package with a virtual environment, a Next.js app, materialised in the scratch directory with a
// home of their own. Its commands labelled "inside" (or not labelled) are sorted like the
// corpora's, and their needless asks grouped by reason code and by command family as well; those
// labelled "outside" must not be allowed, and each one that is is printed as a wrong allow.
//
// Each verdict that is not `allow` is sorted by a heuristic reviewer (classify below):
//   justified:parse    the command does not parse (a reviewer cannot read it either)
//   justified:outside  an access the guard did not allow is outside the project and is not a
//                      harmless system read (reads and listings of /usr/share, /proc/cpuinfo, …)
//                      — or one the guard could not resolve whose reason places it outside:
//                      the user's configuration, credentials, cache or keyring, the history
//                      file, another user's home (`docker login`, `cargo login`, `pip config`,
//                      `go clean -cache`, `history -w`, `su - user`); setting the clock; `su`
//   justified:names    the text names a place outside: a word that starts with `/` (other than
//                      harmless system data and /dev/null-like names, and other than what names a
//                      place on the web: a URL, `localhost:3000/api`, a header string, a JSON
//                      body, an HTTP method's route), `~`, `$HOME`, a `..`
//                      segment, a bare `cd` or `cd -`; or it uses what `which`, `whereis`,
//                      `type`, `command -v` (a program's path on PATH) or `mount` (mount
//                      points) print, in a pipe or a `$(…)`: those name places outside
//   justified:env      the text uses a variable it never assigns (`$FILES`, `${!name}`), or a
//                      positional parameter (`$1`…`$9`, `${10}`, `$@`, `$*`, outside single
//                      quotes) that nothing in it binds (`set --`, a function, `sh -c CODE
//                      ARG…`): its value comes from an environment the reviewer cannot see
//                      either; so does `$0` of the command line's own shell, which is the
//                      host's shell as it was started (`bash` under one, `/bin/bash` under
//                      another: `readlink -f $0` lands inside or outside); `$$`, `$?` and `$#`
//                      are not values of that kind
//   justified:data     the names come from data the reviewer cannot see either: a file the
//                      project does not hold (`cat list.txt | xargs rm`, `$(<xaa)`, `done < infile`),
//                      the terminal (`xargs rm` with nothing piped in, `sort | uniq -u | xargs rm`),
//                      a clipboard or picker (`xsel`, `fzf`), or the output of a program nobody can
//                      see into (a script, `ruby genrc.rb`, a program this machine does not have);
//                      or archives whose stored names decide what is written (`cpio -i`, `pax -r`,
//                      several archives unpacked into one tree: `xargs -n1 unzip`)
//   justified:opaque   every reason is code or a program nobody can see into from the text: a
//                      shell or REPL reading its terminal, a script that is not there, a command
//                      name built at run time, shell state (`OPAQUE_CODE`, `UNRESOLVED_COMMAND`,
//                      `SHELL_STATE`, and `INLINE_CODE` for a program read from standard input or
//                      downloaded by a `$(curl …)`); inline code on the command line is visible,
//                      so it is not here, and neither is code the guard could not read but a
//                      reviewer does: a script or package.json in the project that the command
//                      does not write first, the packages of a workspace inside the project, a
//                      program given in a here-document (`python3 - <<'EOF'`)
//   needless           none of these: the command stays inside the project or only reads
//                      harmless system files, and the ask is the guard's imprecision
// The heuristic errs towards "justified" (any outside-looking word counts), so the needless
// figure is a floor, not a ceiling. The top causes are counted as reason code × command name.

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createGuard, type Verdict } from "../src/index.ts";
import { materialise, readCommands, WORKLOAD_DIR } from "./modern-agent.ts";
import { type Class, CLASSES, causes, classify } from "./precision-reviewer.ts";
import { asksOnlyUnknown } from "../src/base/verdict.ts";

const args = process.argv.slice(2);
const opt = (name: string): string[] => args.flatMap((a, i) => (a === name && args[i + 1] ? [args[i + 1]!] : []));
const here = new URL("..", import.meta.url).pathname;
const shared = join(here, "..", "shared", "corpora");
// tldr-alt1.txt, not tldr.txt: the latter keeps placeholder alternatives (`{{on|off}}` → `on|off`),
// which bash reads as pipelines into commands named `off` or `path/to/file`.
const DEFAULT_CORPORA = ["tldr-alt1.txt", "nl2bash.txt", "intercode-agent-actions.jsonl", "intercode-gold.txt",
  "cheatsheets.jsonl"];
const corpora = args.includes("--workload-only")
  ? []
  : opt("--corpus").length
  ? opt("--corpus")
  : DEFAULT_CORPORA.map((f) => join(shared, f)).filter((f) => existsSync(f));
const show = Number(opt("--show")[0] ?? 3);
const jsonOut = opt("--json")[0];
const needlessOut = opt("--needless")[0];
const workloadDir = args.includes("--no-workload") ? null : (opt("--workload")[0] ?? WORKLOAD_DIR);
const needlessLines: string[] = [];

/** The project every command runs in: what an agent's working copy typically holds. */
const PROJECT_FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "demo", version: "1.0.0", type: "module",
    scripts: { test: "bun test", build: "tsc -p .", lint: "eslint src test" }, dependencies: { "left-pad": "^1.3.0" },
    devDependencies: { typescript: "^5.0.0" } }, null, 2),
  "package-lock.json": "{}\n",
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, outDir: "dist" }, include: ["src"] }),
  "src/index.ts": 'import { add } from "./lib/math.ts";\nexport const main = () => console.log(add(1, 2)); // TODO\n',
  "src/lib/math.ts": "export const add = (a: number, b: number) => a + b;\n",
  "src/util.ts": "export function id<T>(x: T): T { return x; }\n",
  "test/index.test.ts": 'import { add } from "../src/lib/math.ts";\ntest("add", () => expect(add(1, 2)).toBe(3));\n',
  "pyproject.toml": '[project]\nname = "demo-pkg"\nversion = "0.1.0"\n',
  "demo_pkg/__init__.py": "",
  "demo_pkg/main.py": 'import json\n\ndef main():\n    print(json.dumps({"ok": True}))\n',
  "tests/test_main.py": "from demo_pkg.main import main\n\ndef test_main():\n    main()\n",
  "requirements.txt": "pytest\n",
  "node_modules/left-pad/package.json": '{"name":"left-pad","version":"1.3.0","main":"index.js"}\n',
  "node_modules/left-pad/index.js": "module.exports = (s, n) => String(s).padStart(n);\n",
  "node_modules/typescript/package.json": '{"name":"typescript","version":"5.0.0"}\n',
  "README.md": "# demo\n\nA demo project.\n",
  ".env": "API_KEY=not-a-real-key\n",
  ".gitignore": "node_modules/\ndist/\n.env\n",
  "Makefile": "all:\n\tnpm run build\n",
  "scripts/build.sh": "#!/bin/sh\nnpm run build\n",
  "data/sample.csv": "a,b\n1,2\n",
  "docs/guide.md": "# guide\n",
  "file.txt": "hello\n",
};

function buildProject(root: string): void {
  for (const [rel, text] of Object.entries(PROJECT_FILES)) {
    const p = join(root, rel);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
  }
  const git = (...a: string[]) =>
    execFileSync("git", a, { cwd: root, stdio: "ignore",
      env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_SYSTEM: "/dev/null" } });
  try {
    git("init", "-q", "-b", "main");
    git("add", "-A");
    git("-c", "user.name=demo", "-c", "user.email=demo@example.invalid", "commit", "-q", "-m", "initial");
  } catch {
    mkdirSync(join(root, ".git"), { recursive: true }); // no git on this machine: a bare marker
  }
}

/** Reads a corpus: one command per line, or JSONL with a `source` field (valid actions only). */
function readCorpus(file: string): string[] {
  const text = readFileSync(file, "utf8");
  if (!file.endsWith(".jsonl")) return text.split("\n").filter((l) => l.trim() !== "");
  const out: string[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const rec = JSON.parse(line) as { source: string; valid_action?: boolean | null };
    // InterCode also logged what its models said instead of a command (prose, "blocked").
    if (rec.valid_action === false) continue;
    out.push(rec.source);
  }
  return out;
}

// ---------------------------------------------------------------- the run

const scratch = mkdtempSync(join(tmpdir(), "shellfence-precision-"));
const project = join(scratch, "demo");
const home = join(scratch, "home");
mkdirSync(home, { recursive: true });
writeFileSync(join(home, ".bashrc"), "");
buildProject(project);
const guard = await createGuard({ home });

interface CorpusResult {
  corpus: string;
  commands: number;
  notAllow: number;
  byClass: Record<Class, number>;
  needlessCauses: [string, number][];
  examples: Record<string, string[]>;
  /** Needless asks a host with the sandbox runs contained instead (only "unknown" reasons: sandbox-route.ts). */
  needlessContained: number;
}
const results: CorpusResult[] = [];

// The inline-code analyser's figures: programs given to python -c / node -e / perl -e, and what became of them.
const INLINE_PROGRAM =
  /(^|[\s;|&(`'"])((python[0-9.]*|pypy[0-9]*|node|nodejs)\s+(-[\w-]+(=\S*)?\s+)*(-c|-e|--eval|-p|--print)|perl[0-9.]*\s+(-\S+\s+)*-[\w.]*[eE])(\s|=|$)/;
const INLINE_REASON =
  /^(python[0-9.]*|pypy[0-9]*|node|nodejs|perl[0-9.]*) (-c|-e|--eval|-p|--print) runs inline code the guard (cannot prove confined: (.*)|cannot see into(.*))$/;
const inline = { seen: 0, allowed: 0, confinedButAsked: 0, refused: 0, why: new Map<string, number>() };
function countInline(text: string, v: Verdict): void {
  if (!INLINE_PROGRAM.test(text)) return;
  inline.seen++;
  const refusals = v.reasons.filter((r) => r.code === "INLINE_CODE").map((r) => INLINE_REASON.exec(r.message)).filter((
    m,
  ) => m !== null);
  if (refusals.length === 0) {
    if (v.decision === "allow") inline.allowed++;
    else inline.confinedButAsked++;
    return;
  }
  inline.refused++;
  for (const m of refusals) {
    const why = (m[4] ?? (m[5] ? "not a literal word, or more code from the terminal" : "not a literal word")).replace(
      /"[^"]*"|\S+\.\S+ is not known/g,
      (x) => (x.startsWith('"') ? '"…"' : x),
    );
    inline.why.set(why, (inline.why.get(why) ?? 0) + 1);
  }
}
const pct = (n: number, d: number) => (d ? ((100 * n) / d).toFixed(2) : "0.00") + " %";

for (const file of corpora) {
  const lines = readCorpus(file);
  const byClass = Object.fromEntries(CLASSES.map((c) => [c, 0])) as Record<Class, number>;
  const causeCount = new Map<string, number>();
  const examples: Record<string, string[]> = {};
  let notAllow = 0;
  let needlessContained = 0;
  for (const l of lines) {
    const v = guard.check(l, { cwd: project });
    countInline(l, v);
    if (v.decision === "allow") continue;
    notAllow++;
    const c = classify(l, v, project);
    byClass[c]++;
    if (c !== "needless") continue;
    if (asksOnlyUnknown(v)) needlessContained++;
    if (needlessOut) {
      needlessLines.push(
        JSON.stringify({ corpus: file.split("/").pop(), command: l,
          reasons: v.reasons.map((r) => `${r.code} ${r.message}`) }),
      );
    }
    for (const k of causes(v)) {
      causeCount.set(k, (causeCount.get(k) ?? 0) + 1);
      const ex = (examples[k] ??= []);
      if (ex.length < show) ex.push(l.length > 160 ? l.slice(0, 160) + "…" : l);
    }
  }
  const name = file.split("/").pop()!;
  const needlessCauses = [...causeCount].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  results.push({ corpus: name, commands: lines.length, notAllow, byClass, needlessCauses, examples,
    needlessContained });
  console.log(`\n== ${name}: ${lines.length} commands, cwd = a TypeScript + Python project`);
  console.log(`  not allow:          ${String(notAllow).padStart(6)}  ${pct(notAllow, lines.length)}`);
  for (const [c, n] of Object.entries(byClass)) {
    console.log(`  ${c.padEnd(19)} ${String(n).padStart(6)}  ${pct(n, lines.length)}`);
  }
  console.log("  top causes of the needless asks (reason × command; a verdict may have several):");
  for (const [k, n] of needlessCauses.slice(0, 20)) {
    console.log(`    ${String(n).padStart(5)}  ${k}`);
    for (const e of examples[k]!) console.log(`             ${e}`);
  }
}

// ---------------------------------------------------------------- the modern agent workload

interface WorkloadResult {
  commands: number;
  inside: number;
  notAllow: number;
  byClass: Record<Class, number>;
  needlessCauses: [string, number][];
  needlessByCode: [string, number][];
  needlessByFamily: [string, number][];
  /** family → [commands, needless] */
  families: Record<string, [number, number]>;
  examples: Record<string, string[]>;
  justifiedInside: { project: string; cwd: string; command: string; class: Class }[];
  outside: number;
  outsideAsked: number;
  wrongAllows: { project: string; cwd: string; command: string; source: string }[];
  venv: string;
  needlessContained: number;
  /** Outside twins a host with the sandbox would run contained rather than ask about (the sandbox then enforces). */
  outsideContained: number;
}
let workload: WorkloadResult | null = null;
if (workloadDir !== null && existsSync(join(workloadDir, "commands.jsonl"))) {
  const m = materialise(join(scratch, "workload"));
  const wguard = await createGuard({ home: m.home });
  const byClass = Object.fromEntries(CLASSES.map((c) => [c, 0])) as Record<Class, number>;
  const count = <K extends string>(map: Map<K, number>, k: K) => map.set(k, (map.get(k) ?? 0) + 1);
  const causeCount = new Map<string, number>();
  const byCode = new Map<string, number>();
  const byFamily = new Map<string, number>();
  const families: Record<string, [number, number]> = {};
  const examples: Record<string, string[]> = {};
  const short = (l: string) => (l.length > 160 ? l.slice(0, 160) + "…" : l).replace(/\n/g, "⏎");
  const w: WorkloadResult = { commands: 0, inside: 0, notAllow: 0, byClass, needlessCauses: [], needlessByCode: [],
    needlessByFamily: [], families, examples, justifiedInside: [], outside: 0, outsideAsked: 0, wrongAllows: [],
    venv: m.venv, needlessContained: 0, outsideContained: 0 };
  for (const c of readCommands(workloadDir)) {
    const root = m.roots[c.project];
    if (root === undefined) throw new Error(`modern-agent: no project ${c.project}`);
    const cwd = join(root, c.cwd);
    const v = wguard.check(c.command, { cwd, roots: [root] });
    countInline(c.command, v);
    w.commands++;
    if (c.expect === "outside") {
      w.outside++;
      if (v.decision === "allow") {
        w.wrongAllows.push({ project: c.project, cwd: c.cwd, command: c.command, source: c.source });
      } else w.outsideAsked++;
      if (asksOnlyUnknown(v)) w.outsideContained++;
      continue;
    }
    w.inside++;
    const fam = (families[c.family] ??= [0, 0]);
    fam[0]++;
    if (v.decision === "allow") continue;
    w.notAllow++;
    const cls = classify(c.command, v, root, cwd);
    byClass[cls]++;
    if (cls !== "needless") {
      if (c.expect === "inside") {
        w.justifiedInside.push({ project: c.project, cwd: c.cwd, command: c.command, class: cls });
      }
      continue;
    }
    fam[1]++;
    if (asksOnlyUnknown(v)) w.needlessContained++;
    count(byFamily, c.family);
    for (const code of new Set(v.reasons.filter((r) => r.decision !== "allow").map((r) => r.code))) count(byCode, code);
    if (needlessOut) {
      needlessLines.push(
        JSON.stringify({ corpus: "modern-agent", project: c.project, cwd: c.cwd, command: c.command,
          reasons: v.reasons.filter((r) => r.decision !== "allow").map((r) => `${r.code} ${r.message}`) }),
      );
    }
    for (const k of causes(v)) {
      count(causeCount, k);
      const ex = (examples[k] ??= []);
      if (ex.length < show) ex.push(`${c.project}${c.cwd === "." ? "" : "/" + c.cwd}$ ${short(c.command)}`);
    }
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  w.needlessCauses = sorted(causeCount);
  w.needlessByCode = sorted(byCode);
  w.needlessByFamily = sorted(byFamily);
  workload = w;
  console.log(
    `\n== modern-agent: ${w.commands} commands in 3 projects (venv: ${w.venv}); ${w.inside} inside or unlabelled`,
  );
  console.log(`  not allow:          ${String(w.notAllow).padStart(6)}  ${pct(w.notAllow, w.inside)}`);
  for (const [c, n] of Object.entries(byClass)) {
    console.log(`  ${c.padEnd(19)} ${String(n).padStart(6)}  ${pct(n, w.inside)}`);
  }
  console.log("  needless asks by reason code (a verdict counts once per code):");
  for (const [k, n] of w.needlessByCode) console.log(`    ${String(n).padStart(5)}  ${k}`);
  console.log("  needless asks by command family (needless / commands of the family):");
  for (const [k, [all, n]] of Object.entries(families).sort((a, b) => b[1][1] - a[1][1] || a[0].localeCompare(b[0]))) {
    console.log(`    ${String(n).padStart(5)} / ${String(all).padEnd(4)} ${k}`);
  }
  console.log("  top causes of the needless asks (reason × command; a verdict may have several):");
  for (const [k, n] of w.needlessCauses.slice(0, 20)) {
    console.log(`    ${String(n).padStart(5)}  ${k}`);
    for (const e of examples[k]!) console.log(`             ${e}`);
  }
  console.log(`  labelled inside, yet judged justified by the reviewer: ${w.justifiedInside.length}`);
  for (const j of w.justifiedInside) {
    console.log(`    ${j.class.padEnd(18)} ${j.project}/${j.cwd}$ ${short(j.command)}`);
  }
  console.log(`  outside twins: ${w.outside}, not allowed: ${w.outsideAsked}, wrong allows: ${w.wrongAllows.length}`);
  for (const a of w.wrongAllows) {
    console.log(`    WRONG ALLOW  ${a.project}/${a.cwd}$ ${short(a.command)}   (${a.source})`);
  }
}

// "asked, contained": the needless asks a host still asks about when it runs what only says
// "unknown" contained (the default with the sandbox made: docs/sandbox.md, "Contain rather than ask").
console.log("\n== summary (needless = not allowed though inside the project or a harmless system read)");
console.log("  corpus                               commands  not allow   needless            asked, contained");
const row = (name: string, commands: number, notAllow: number, needless: number, contained: number) =>
  console.log(
    `  ${name.padEnd(36)} ${String(commands).padStart(8)} ${String(notAllow).padStart(10)} ${
      String(needless).padStart(6)
    } ${pct(needless, commands).padStart(8)} ${String(needless - contained).padStart(8)} ${
      pct(needless - contained, commands).padStart(8)
    }`,
  );
for (const r of results) row(r.corpus, r.commands, r.notAllow, r.byClass.needless, r.needlessContained);
if (workload) {
  row("modern-agent (inside, unlabelled)", workload.inside, workload.notAllow, workload.byClass.needless,
    workload.needlessContained);
  console.log(
    `  ${"modern-agent (outside): wrong allows".padEnd(36)} ${String(workload.outside).padStart(8)} ${
      String(workload.outsideAsked).padStart(10)
    } ${
      String(workload.wrongAllows.length).padStart(6)
    }   (${workload.outsideContained} of the asked would run contained)`,
  );
}
console.log(`\n== inline code (python -c, node -e/-p, perl -e) in all corpora: ${inline.seen} programs`);
console.log(`  allowed:                                   ${inline.allowed}`);
console.log(`  confined, but asked for another reason:    ${inline.confinedButAsked}`);
console.log(`  not proved confined (INLINE_CODE):         ${inline.refused}`);
for (const [w, n] of [...inline.why].sort((a, b) => b[1] - a[1])) console.log(`    ${String(n).padStart(4)}  ${w}`);
if (jsonOut) {
  writeFileSync(jsonOut,
    JSON.stringify({ results, workload, inline: { ...inline, why: Object.fromEntries(inline.why) } }, null, 2));
}
if (needlessOut) writeFileSync(needlessOut, needlessLines.map((l) => l + "\n").join(""));
rmSync(scratch, { recursive: true, force: true });
