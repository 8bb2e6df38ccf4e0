// What a makefile's recipes visibly run: `make [TARGET…]` runs the recipes of its goals (the
// targets named, or the makefile's first) and of the prerequisites that are rules of the same
// makefile, each line with /bin/sh -c from make's directory. The guard reads the makefile make
// reads (make-includes.ts finds it), takes the rules and variables it defines, expands each
// recipe line as make would (`$@`, `$<`, `$^`, `$(VAR)`, `$$`), and judges the lines it can
// expand whole as shell code, as package.json scripts are: `make leak` whose recipe is `cat
// ~/.ssh/id_rsa` or `python3 leak.py` reaches what they reach. It is visibility, not proof: a
// line with a variable the makefile does not define (the environment's), `$(shell …)` or any
// other function make would run, pattern rules, the rules of included files, and a makefile
// that sets SHELL to another program are skipped (the sandbox contains them), and so is
// everything under `-n`, `-q` or `-t`, which run no recipe.

import type { Span } from "../base/span.ts";
import type { Arg } from "../commands/analyse.ts";
import type { World } from "../shell/state.ts";
import { expandMake, type MakeVars } from "./make-expand.ts";
import { defineMake, makeRun } from "./make-includes.ts";
import type { Shell } from "./context.ts";
import { runCode } from "./nested.ts";
import { visibleOnly } from "./visible-only.ts";
import { joinChild, withCwd } from "./worlds.ts";

/** GNU make's names (bmake's makefiles are another language). */
const GNU_MAKE = /^(g?make|remake)$/;
/** Options after which make runs no recipe (it prints, asks or touches). */
const NO_RECIPES = new Set(["--dry-run", "--just-print", "--recon", "--question", "--touch", "--print-data-base",
  "--help", "--version"]);
/** Short options that take the next word as their value. */
const VALUED = /^-[CfIjloWE]$/;
/** Recipe lines judged per run of make, and how deep prerequisites are followed. */
const MAX_LINES = 200;
const MAX_DEPTH = 16;

interface Rule {
  readonly prereqs: string;
  readonly recipe: string[];
}

/** The goals and the variables of make's command line; null when it runs no recipe. */
function commandLine(args: readonly (string | null)[]): { goals: string[]; vars: [string, string][] } | null {
  const goals: string[] = [];
  const vars: [string, string][] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === null || a === undefined) return null;
    if (NO_RECIPES.has(a.split("=")[0]!)) return null;
    if (a.startsWith("--")) {
      if (a === "--") continue;
      if (/^--(directory|file|makefile|include-dir|jobs|load-average|old-file|what-if|eval)$/.test(a)) i++;
      continue;
    }
    if (a.startsWith("-") && a !== "-") {
      if (VALUED.test(a)) i++;
      // (A cluster: its letters up to one that takes a value.)
      else if (/^-[^CfIjloWE]*[nqtp]/.test(a)) return null;
      continue;
    }
    const def = /^([A-Za-z0-9_.-]+)\s*:?=(.*)$/.exec(a);
    if (def) vars.push([def[1]!, def[2]!]);
    else goals.push(a);
  }
  return { goals, vars };
}

/** The text of each `$(shell …)` in a makefile (parentheses balanced; `${shell …}` too). */
function shellCalls(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\$([({])shell\s/g)) {
    const [open, close] = m[1] === "(" ? ["(", ")"] : ["{", "}"];
    let level = 1;
    let j = m.index + m[0].length;
    const start = j;
    for (; j < text.length && level > 0; j++) {
      if (text[j] === open) level++;
      else if (text[j] === close) level--;
    }
    if (level === 0) out.push(text.slice(start, j - 1));
  }
  return out;
}

/** The rules, variables and settings of a makefile's text. */
function parse(text: string,
  vars: MakeVars): { rules: Map<string, Rule>; first: string | null; oneShell: boolean; otherShell: boolean }
{
  const rules = new Map<string, Rule>();
  let first: string | null = null;
  let oneShell = false;
  let current: Rule[] | null = null;
  let inDefine = 0;
  for (const raw of text.replace(/\\\r?\n/g, " ").split(/\r?\n/)) {
    if (raw.startsWith("\t")) {
      if (current !== null && inDefine === 0) { for (const r of current) r.recipe.push(raw.slice(1)); }
      continue;
    }
    const line = raw.replace(/(^|[^\\])#.*$/, "$1");
    if (/^\s*define\b/.test(line)) inDefine++;
    else if (/^\s*endef\b/.test(line) && inDefine > 0) inDefine--;
    if (inDefine > 0 || line.trim() === "") continue;
    if (/^\s*(ifeq|ifneq|ifdef|ifndef|else|endif|include|-include|sinclude|export|unexport|vpath)\b/.test(line)) {
      continue;
    }
    const def = /^\s*(?:(?:override|export|private)\s+)*([A-Za-z0-9_.-]+)\s*(:::=|::=|:=|\+=|\?=|!=|=)\s*(.*)$/.exec(
      line,
    );
    if (def) {
      defineMake(vars, def[1]!, def[2]!, def[3]!.trim());
      current = null;
      continue;
    }
    const rule = /^([^:=]+?)\s*::?\s*(.*)$/.exec(line);
    if (!rule) {
      current = null;
      continue;
    }
    // (make expands a rule's targets and prerequisites when it reads the line.)
    const targets = (expandMake(rule[1]!, vars) ?? "$").trim().split(/\s+/);
    const [prereqs, inline] = rule[2]!.includes(";")
      ? [rule[2]!.slice(0, rule[2]!.indexOf(";")), rule[2]!.slice(rule[2]!.indexOf(";") + 1).trim()]
      : [rule[2]!, null];
    if (targets.includes(".ONESHELL")) oneShell = true;
    // A pattern rule, or a target-specific variable (`t: X = y`): not followed, its lines skipped.
    if (targets.some((t) => t.includes("%") || t.includes("$")) || /^\s*[A-Za-z0-9_.-]+\s*[:+?!]?=/.test(prereqs)) {
      current = [];
      continue;
    }
    current = targets.map((t) => {
      const r = rules.get(t) ?? { prereqs: "", recipe: [] };
      const merged = { prereqs: `${r.prereqs} ${prereqs}`.trim(), recipe: r.recipe };
      rules.set(t, merged);
      return merged;
    });
    if (inline) { for (const r of current) r.recipe.push(inline); }
    first ??= targets.find((t) => !t.startsWith(".") || t.includes("/")) ?? null;
  }
  const shell = vars.get("SHELL");
  const otherShell = shell !== undefined &&
    (shell === null || !/^(\/usr)?\/bin\/(ba|da)?sh$|^(ba|da)?sh$/.test(shell.join(" ").trim()));
  return { rules, first, oneShell, otherShell };
}

/**
 * Judges the recipes `make` (GNU make, from world `w`) runs for its goals, as shell code run
 * from its directory: see the head of this file.
 */
export function makeRecipes(it: Shell, argv: readonly Arg[], w: World, span: Span): void {
  const name = (argv[0]?.text ?? "").replace(/^.*\//, "");
  if (!GNU_MAKE.test(name) || w.cwd === null) return;
  const words = argv.slice(1).map((a) => a.text);
  const given = commandLine(words);
  const run = given === null ? null : makeRun(words, w.cwd);
  if (given === null || run === null || run.files.length > 1) return;
  const dir = run.dir;
  const file = run.files[0] ??
    ["GNUmakefile", "makefile", "Makefile"].map((f) => `${dir}/${f}`).find((f) => it.fs.lstat(f) !== null);
  const text = file === undefined ? null : it.paths.readScript(w, file, true);
  // (Past the nesting bound, or a makefile it cannot read here: as before, not followed.)
  if (text === null || it.frame.depth + 1 >= it.limits.maxNesting) return;
  const vars: MakeVars = new Map([["CURDIR", [dir]], ["MAKE", [name]]]);
  const { rules, first, oneShell, otherShell } = parse(text, vars);
  if (otherShell) return;
  // `$(shell …)` anywhere (a variable's value, a recipe) and a `!=` value run when make reads
  // or uses them: each one whose text is known is shell code too.
  const shells = [...shellCalls(text),
    ...[...text.matchAll(/^[ \t]*[A-Za-z0-9_.-]+[ \t]*!=(.*)$/gm)].map((m) => m[1]!)];
  // Variables set on the command line override the makefile's.
  for (const [n, v] of given.vars) vars.set(n, [v]);
  const lines: { target: string; code: string }[] = [];
  for (const call of shells) {
    const code = expandMake(call, vars);
    if (code !== null && code.trim() !== "") lines.push({ target: "$(shell …)", code });
  }
  const seen = new Set<string>();
  const visit = (target: string, depth: number): void => {
    const rule = rules.get(target);
    if (rule === undefined || seen.has(target) || depth > MAX_DEPTH || lines.length >= MAX_LINES) return;
    seen.add(target);
    const prereqs = (expandMake(rule.prereqs, vars) ?? "").split(/\s+/).filter((p) => p !== "" && p !== "|");
    for (const p of prereqs) visit(p, depth + 1);
    const auto: MakeVars = new Map([...vars, ["@", [target]], ["<", prereqs.slice(0, 1)], ["^", [...new Set(prereqs)]],
      ["+", prereqs], ["*", [target.replace(/\.[^./]*$/, "")]]]);
    const expanded: string[] = [];
    for (const line of rule.recipe) {
      // `@` (quiet), `-` (ignore errors), `+` (run under -n too) lead a line: not the shell's.
      const code = expandMake(line.replace(/^[\s@+-]+/, ""), auto);
      if (code !== null && code.trim() !== "") expanded.push(code);
    }
    if (oneShell && expanded.length) lines.push({ target, code: expanded.join("\n") });
    else for (const code of expanded) lines.push({ target, code });
  };
  for (const goal of given.goals.length ? given.goals : first === null ? [] : [first]) visit(goal, 0);
  // Each line in a new shell from make's directory, one after another.
  let at = withCwd(w.clone(), dir);
  for (const { target, code } of lines.slice(0, MAX_LINES)) {
    const out = visibleOnly(it, () => runCode(it, code, span, `${name} ${target}: recipe`, at, false, null, "sh"));
    at = out[0] ?? at;
  }
  if (lines.length) joinChild(w, [at]);
}
