// Project code whose text visibly reaches outside: a script file an interpreter runs (`python3
// x.py`, `node x.js`, `perl x.pl`, a `#!` script of one of them) is read as the interpreter
// would find it (FileTexts: not stale after a write earlier in the command) and scanned
// leniently (src/commands/inline/reach.ts). Each file it opens by a name written in it is
// judged as an access of that kind from the process's working directory (Python's, node's and
// perl's relative names are the cwd's, not the script's), and each command it hands to a shell
// or runs is judged as shell code run from there, as a package.json script is. This is
// visibility, not proof: what the scanner does not see stays project code (the sandbox
// contains it), and a script that cannot be read or scanned is what it was before.

import type { Span } from "../base/span.ts";
import { type Arg, type Effect, withValue } from "../commands/analyse.ts";
import { type ReachValue, scriptReach } from "../commands/inline/reach.ts";
import type { InlineLanguage } from "../parse/inline-grammars.ts";
import { canonicalLogical, isAbsolute, join, resolvePhysical } from "../paths/resolve.ts";
import type { World } from "../shell/state.ts";
import { lookup } from "../shell/words/variables.ts";
import type { Shell } from "./context.ts";
import { runCode } from "./nested.ts";
import { visibleOnly } from "./visible-only.ts";
import { PYTHON_TOOLS } from "./written-config.ts";
import { joinChild, withCwd } from "./worlds.ts";

/** The interpreters whose script operand (their `exec` path) is scanned, by program name. */
function languageOfProgram(name: string): InlineLanguage | null {
  if (/^(python([23](\.\d+)?)?|pypy3?)$/.test(name)) return "python";
  // (TypeScript through the JavaScript grammar: what does not parse is skipped, as any unknown construct.)
  if (/^(node|nodejs|bun|deno|tsx|ts-node(-esm|-script)?|esno|vite-node)$/.test(name)) return "javascript";
  if (/^perl5?$/.test(name)) return "perl";
  return null;
}

/** The language a `#!` line names (`#!/usr/bin/env python3`, `#!/usr/bin/perl -w`, `env -S node`). */
function languageOfShebang(firstLine: string): InlineLanguage | null {
  const words = firstLine.slice(2).trim().split(/\s+/);
  let prog = words[0]?.replace(/^.*\//, "") ?? "";
  if (prog === "env") {
    prog = words.slice(1).find((w) => !w.startsWith("-") && !w.includes("="))?.replace(/^.*\//, "") ?? "";
  }
  return languageOfProgram(prog);
}

/**
 * The scripts an interpreter's effects name as the program it runs (its `exec` paths: the
 * script operand, and node's `--require` modules, which run as well), judged for their reach.
 */
export function interpreterScripts(it: Shell, argv: readonly Arg[], effects: readonly Effect[], w: World): void {
  const command = argv[0]?.text ?? "";
  const lang = languageOfProgram(command.replace(/^.*\//, ""));
  if (lang === null) return;
  if (lang === "python") pythonStartFiles(it, w, argv[0]!, command);
  const mod = lang === "python" ? pythonModule(argv) : null;
  if (mod !== null && w.cwd !== null) {
    // `python -m a.b` runs a/b.py, or a/b/__main__.py, found first in the working directory.
    const base = mod.text!.replace(/\./g, "/");
    const file = [`${base}.py`, `${base}/__main__.py`].find((f) => it.paths.readScript(w, f, true) !== null);
    if (file !== undefined) judgeScript(it, w, withValue(mod, file, ""), lang, `${command} -m ${mod.text}`, w);
  }
  for (const e of effects) {
    if (e.t !== "path" || e.kind !== "exec" || e.arg.text === null || e.arg.standIn) continue;
    const at = e.base !== undefined ? (e.base === null ? null : withCwd(w.clone(), e.base)) : w;
    if (at !== null) judgeScript(it, at, e.arg, lang, `${command} ${e.arg.text}`, w);
  }
}

/** The module word of `python [options] -m MOD`, or null (a script, -c, or a word not known). */
function pythonModule(argv: readonly Arg[]): Arg | null {
  for (let i = 1; i < argv.length; i++) {
    const t = argv[i]!.text;
    if (t === null || !t.startsWith("-") || t === "-" || t === "--" || t.startsWith("--")) return null;
    // -W and -X take a value, glued or the next word.
    if (/^-[WX]/.test(t)) {
      if (t.length === 2) i++;
      continue;
    }
    const m = t.indexOf("m");
    const c = t.indexOf("c");
    if (c > 0 && (m < 0 || c < m)) return null;
    if (m > 0) {
      const rest = t.slice(m + 1);
      const word = rest !== "" ? withValue(argv[i]!, rest, "") : argv[i + 1];
      return word?.text && /^[\w.]+$/.test(word.text) ? word : null;
    }
  }
  return null;
}

/** A program of the project's own run by its path (`./leak.py`) whose `#!` line names an interpreter above. */
export function shebangScript(it: Shell, path: string, span: Span, w: World): void {
  const text = it.paths.readScript(w, path, true);
  if (text === null || !text.startsWith("#!")) return;
  const line = text.slice(0, text.indexOf("\n") < 0 ? text.length : text.indexOf("\n"));
  const lang = languageOfShebang(line);
  // (A venv's console script names its python by an absolute path: that python's start-up files run first.)
  const interpreter = /^#!\s*(\/\S+)/.exec(line)?.[1];
  if (lang === "python" && interpreter !== undefined) {
    pythonStartFiles(it, w, fileArg(interpreter, span), path);
  }
  if (lang !== null) judgeScript(it, w, fileArg(path, span), lang, path, w);
}

/** Programs that start node (or run a package's scripts with it), and so may load a module of the project. */
const NODE_STARTERS =
  /^(node|nodejs|bun|deno|tsx|ts-node|esno|vite-node|npx|pnpx|bunx|npm|pnpm|yarn|yarnpkg|jest|vitest|mocha|ava|tap|next|vite|webpack|rollup|esbuild|eslint|prettier|tsc)$/;
/** Written files scanned per program start (the files a command writes whole are few; past it, none). */
const MAX_WRITTEN_MODULES = 32;

/**
 * Modules an earlier part of the command wrote whole with text the guard knows (`cat > conftest.py
 * <<'EOF'`, `echo … > json.py`, `printf … > lib/x.js`) that the program starting now may load
 * without naming them: pytest imports every conftest.py on its way, `python3 -c 'import json'`
 * finds `./json.py` before the standard library (sys.path[0] is the working directory, Python
 * 3.11), node's `require` a project file. That text is what runs: scanned for its reach as a
 * script's is (issue #30.6, "written, then run"). What is written with a text not known stays
 * project code, as on disk (written-config.ts).
 */
export function writtenModules(it: Shell, argv: readonly Arg[], w: World): void {
  const first = argv[0]?.text;
  if (first === null || first === undefined) return;
  const name = first.slice(first.lastIndexOf("/") + 1);
  const lang: InlineLanguage | null = PYTHON_TOOLS.test(name)
    ? "python"
    : NODE_STARTERS.test(name)
    ? "javascript"
    : null;
  if (lang === null) return;
  const ext = lang === "python" ? /\.py$/ : /\.(c|m)?[jt]sx?$/;
  let scanned = 0;
  // (A copy: judging a module may log writes, which the live list would then hold too.)
  for (const file of [...it.paths.texts.namedWrites()]) {
    if (!ext.test(file) || scanned >= MAX_WRITTEN_MODULES) continue;
    const text = it.paths.texts.lastWrittenText(file);
    if (text === null) continue;
    scanned++;
    judgeText(it, w, fileArg(file, argv[0]!.span), file, text, lang,
      `${name} may load ${file}, written earlier in the command`, w, 0);
  }
}

/** `.pth` files read per site-packages directory (Python reads them all; past this, none is judged). */
const MAX_PTH_FILES = 64;

/**
 * What a venv's Python runs before anything else: its site-packages' `sitecustomize.py`, and
 * each `.pth` file there (read in name order by `site`), whose lines that start with `import` are code, run then, and
 * whose other lines are directories added to sys.path, where imports are then found (checked
 * with Python 3.11: an `import os; os.system(…)` line ran at every start of the venv's python,
 * and a line `/tmp/x` put /tmp/x on sys.path). The code is judged as a script's reach, the
 * directories as the code they hold (`exec`). Only for a python named by a path (the venv's,
 * directly or found on PATH after `activate`), whose venv (a `pyvenv.cfg` beside its bin or
 * one directory up) is inside a root; a `.pth` an earlier part of the command may have written
 * is asked about by written-config.ts. The system's Python and its packages are not the
 * project's, and not read.
 */
function pythonStartFiles(it: Shell, w: World, program: Arg, command: string): void {
  const text = program.text;
  if (text === null || !text.includes("/") || w.cwd === null) return;
  const bin = dirnameOf(canonicalLogical(isAbsolute(text) ? text : join(w.cwd, text)));
  const prefix = [bin, dirnameOf(bin)].find((d) => it.paths.readScript(w, join(d, "pyvenv.cfg"), true) !== null);
  if (prefix === undefined) return;
  const sites: string[] = [];
  for (const lib of ["lib", "lib64"]) {
    for (const v of it.paths.fs.readdir(join(prefix, lib))?.sort() ?? []) {
      if (/^(python|pypy)\d+(\.\d+)?t?$/.test(v)) sites.push(join(prefix, `${lib}/${v}/site-packages`));
    }
  }
  for (const site of [...new Set(sites.map((d) => it.paths.physicalDir(d) ?? d))]) {
    const names = it.paths.fs.readdir(site) ?? [];
    // (`site` imports sitecustomize after the .pth files: found in site-packages, it runs too.)
    if (names.includes("sitecustomize.py")) {
      const file = join(site, "sitecustomize.py");
      judgeScript(it, w, fileArg(file, program.span), "python", `${command} (start-up file ${file})`, w);
    }
    const pths = names.filter((f) => f.endsWith(".pth")).sort();
    for (const name of pths.slice(0, MAX_PTH_FILES)) {
      const file = join(site, name);
      const body = it.paths.readScript(w, file, true);
      if (body === null) continue;
      const arg = fileArg(file, program.span);
      const label = `${command} (start-up file ${file})`;
      const code: string[] = [];
      for (const line of body.split("\n")) {
        const l = line.replace(/\r$/, "");
        if (/^import[ \t]/.test(l)) code.push(l);
        else if (l.trim() !== "" && !l.startsWith("#")) {
          it.paths.access(w, withValue(arg, join(site, l.trimEnd()), ""), "exec", label);
        }
      }
      if (code.length) judgeText(it, w, arg, file, code.join("\n"), "python", label, w, 0);
    }
  }
}

/** node finds `node x` as x, x.js, x.mjs, x.cjs, x/index.js (the first that is a file). */
function candidates(path: string, lang: InlineLanguage): readonly string[] {
  return lang === "javascript" ? [path, `${path}.js`, `${path}.mjs`, `${path}.cjs`, `${path}/index.js`] : [path];
}

/** How many files deep code a script runs in its own interpreter (`exec(open(p).read())`) is followed. */
const MAX_SCRIPT_DEPTH = 3;

function judgeScript(it: Shell, at: World, script: Arg, lang: InlineLanguage, label: string, parent: World,
  depth = 0): void
{
  let text: string | null = null;
  let path = script.text!;
  for (const c of candidates(script.text!, lang)) {
    text = it.paths.readScript(at, c, true) ?? writtenText(it, at, c);
    if (text !== null) {
      path = c;
      break;
    }
  }
  if (text === null) return;
  judgeText(it, at, script, path, text, lang, label, parent, depth);
}

/** Judges what the text of a script (`path`, as `script` names it) visibly reaches. */
function judgeText(it: Shell, at: World, script: Arg, path: string, text: string, lang: InlineLanguage, label: string,
  parent: World, depth: number): void
{
  if (at.cwd === null) return;
  const reach = scriptReach(lang, text);
  if (reach === null) return;
  const scriptAbs = isAbsolute(path) ? path : join(at.cwd, path);
  const home = homeOf(it, at);
  const place = (v: ReachValue): string | null => {
    switch (v.base) {
      case "cwd":
        // A relative name is the process's cwd's; `~` and `@` in it are plain characters.
        return /^[~@]/.test(v.text) ? `./${v.text}` : v.text;
      case "home":
        return home === null ? null : home + (v.text === "" || v.text.startsWith("/") ? v.text : `/${v.text}`);
      case "script":
        return canonicalLogical(join(scriptAbs, v.text === "" ? "." : v.text.replace(/^\//, "")));
      default: {
        const never: never = v.base;
        throw new Error(`unknown base ${String(never)}`);
      }
    }
  };
  for (const f of reach.files) {
    const p = place(f.at);
    it.paths.access(at, withValue(script, p, "the user's home is not known"), f.kind, label);
  }
  // A package node finds in the node_modules of the script's directory or one above it: the
  // one found is the code that runs (above the project it is outside, and judged so).
  for (const pkg of reach.packages) {
    const found = packageDir(it, dirnameOf(scriptAbs), pkg);
    if (found !== null) it.paths.access(at, withValue(script, found, ""), "exec", label);
  }
  // Each command is judged from the disk as the command line left it, not as the script's
  // earlier commands may (a first unpack would make the second archive's members unknown):
  // where the scan sees them in the file says little of the order they run in.
  const runs = reach.commands.map((c) => () =>
    visibleOnly(it, () => {
      const words = c.t === "shell" ? [c.text] : c.argv;
      const placed = words.map((v) => (v.base === "cwd" ? v.text : place(v)));
      if (placed.some((p) => p === null)) {
        it.issue("UNRESOLVED_WORD", `${label} runs a command with the user's home, which is not known`, script.span);
        return;
      }
      const code = c.t === "shell" ? placed[0]! : placed.map((p) => shellQuote(p!)).join(" ");
      // (From a copy each, what it leaves joined into the parent once all have run.)
      done.push(
        ...runCode(it, code, script.span, `${label}: ${c.t === "shell" ? "shell code" : "a program it runs"}`,
          at.clone(), false, null, "sh"),
      );
    })
  );
  const done: World[] = [];
  it.paths.texts.alternatives(runs);
  if (done.length) joinChild(parent, done);
  // Code it runs in its own interpreter is its reach too (past the depth, not followed: visibility only).
  for (const c of depth < MAX_SCRIPT_DEPTH ? reach.scripts : []) {
    const p = place(c.at);
    if (p !== null) judgeScript(it, at, withValue(script, p, ""), lang, `${label} > ${p}`, parent, depth + 1);
  }
}

/**
 * The text an earlier part of the command wrote whole into the file, when readScript does not
 * hand it out (written after `;`, or more than once): what most likely runs, scanned for what
 * it visibly reaches.
 */
function writtenText(it: Shell, w: World, path: string): string | null {
  if (w.cwd === null) return null;
  const r = resolvePhysical(isAbsolute(path) ? path : join(w.cwd, path), it.paths.fs);
  return r.ok ? it.paths.texts.lastWrittenText(r.path) : null;
}

/**
 * Where node finds package `pkg` for a module in `dir`: `node_modules/PKG` in the directory the
 * module really is in (node follows the script's symlinks) or the nearest one above it (a
 * `node_modules` directory itself is passed over); null where none is there now.
 */
function packageDir(it: Shell, dir: string, pkg: string): string | null {
  let cur = it.paths.physicalDir(dir);
  while (cur !== null) {
    if (!cur.endsWith("/node_modules")) {
      const cand = `${cur === "/" ? "" : cur}/node_modules/${pkg}`;
      if (it.paths.fs.lstat(cand) !== null) return cand;
    }
    if (cur === "/") return null;
    cur = cur.slice(0, cur.lastIndexOf("/")) || "/";
  }
  return null;
}

/** A file the guard names itself (a script, a start-up file), as the Arg its accesses are judged at. */
function fileArg(file: string, span: Span): Arg {
  return { text: file, source: file, span, unknownWhy: null, segs: [] };
}

function dirnameOf(p: string): string {
  return p.slice(0, p.lastIndexOf("/")) || "/";
}

/** The home Python's expanduser and node's os.homedir() take: $HOME as the command leaves it. */
function homeOf(it: Shell, w: World): string | null {
  const v = lookup(w, it, "HOME");
  return v.k === "str" && v.v !== "" ? v.v : null;
}

function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
