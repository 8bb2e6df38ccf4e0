// Written, then run: a program that reads a file as its configuration, or as the definition of
// what it runs, after an earlier part of the same command may have written that file. What is
// on disk now is then not what the program reads, and the new text is a command in disguise:
// `echo 'all:; cat ~/.ssh/id_rsa' > Makefile && make`, `echo script-shell=/tmp/x > .npmrc &&
// npm test`, a `.pth` line (Python runs it at start) then `python3 …`, a `node_modules/.bin/jest`
// then `npx jest`, `git clone URL y && cd y && make`.
//
// "May have written" is narrower here than for scripts the guard reads (access.ts readScript):
// the file itself named by a write (a redirection, `cp`, `tee`, `sed -i`, `curl -o`), or a file
// below a tree an earlier command unpacked, checked out or installed under names the guard did
// not see (a tree link zone: `tar -x`, `git clone`/`checkout`/`pull`, `npm install`). A formatter
// that rewrites the tree it is given (`prettier --write .`, `ruff format .`) and project code
// (`make`, a build) are not: they change the project's own files, as any earlier call may have.
//
// Project code the agent writes and then runs (a source module, a test, `conftest.py`, a script
// for an interpreter the guard does not read) is project code, here as on disk: writing
// `src/a.py` and running `pytest` is the everyday loop. Only files that decide what a tool runs
// or where it reaches are asked about; their text is not judged (OPAQUE_CODE).

import type { Span } from "../base/span.ts";
import type { Arg } from "../commands/analyse.ts";
import { canonicalLogical, isInside, join, resolvePhysical } from "../paths/resolve.ts";
import type { World } from "../shell/state.ts";
import type { Shell } from "./context.ts";

/** What a program reads at start, and how it reaches it from its working directory. */
interface Reads {
  /** Files in the working directory. */
  readonly here?: readonly string[];
  /** Files in the working directory or any directory above it. */
  readonly up?: readonly string[];
  /** Base names that count wherever an earlier part of the command named them in a write. */
  readonly anywhere?: RegExp;
  /** Why reading it matters, after "PROGRAM reads FILE, which an earlier part of the command may write: ". */
  readonly why: string;
}

const MAKE = /^(g?make|remake|bmake|pmake)$/;
const NODE_TOOLS = new Set(["npm", "npx", "pnpm", "pnpx", "yarn", "yarnpkg", "bun", "bunx", "corepack"]);
/** Programs that start Python (and so read its start-up files, and may import a module of the project). */
export const PYTHON_TOOLS =
  /^(python[0-9.]*|pypy[0-9.]*|pip[0-9.]*|pytest|py\.test|ipython|coverage|mypy|tox|nox|black|flake8|pylint|poetry|pipenv|pdm|hatch|uv|uvicorn|gunicorn|django-admin|flask|celery|jupyter)$/;

const NODE_CONFIG: Reads = {
  up: [".npmrc", ".yarnrc", ".yarnrc.yml", ".pnpmfile.cjs", "bunfig.toml", "pnpm-workspace.yaml"],
  why: "it names programs to run (script-shell, node-options, yarnPath, a pnpmfile, preload) and places to write",
};
const PYTEST_CONFIG: Reads = { up: ["pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg"],
  why: "its addopts, plugins, pythonpath and cache_dir load code and write where they say" };
/** Python runs these at start: a `.pth` line starting with `import`, sitecustomize; pyvenv.cfg picks the interpreter. */
const PYTHON_START: Reads = { anywhere: /^(.+\.pth|sitecustomize\.py|usercustomize\.py|pyvenv\.cfg|pip\.(conf|ini))$/,
  why: "Python runs it, or takes its interpreter or pip's options from it, before anything else" };

/** The value of `-X V`, `-XV`, `--long V` or `--long=V` options among the words (null: not known). */
function optionValues(words: readonly (string | null)[], short: string, long: readonly string[]): (string | null)[] {
  const out: (string | null)[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === null || w === undefined) continue;
    if (w === short || long.includes(w)) out.push(words[i + 1] ?? null);
    else if (w.startsWith(short) && short.length === 2 && !w.startsWith("--")) out.push(w.slice(2));
    else {
      const eq = long.find((l) => w.startsWith(l + "="));
      if (eq) out.push(w.slice(eq.length + 1));
    }
  }
  return out;
}

/** What a program reads, by its name and words, with the directory it reads from (relative to the cwd; null: not known). */
function readsOf(name: string, args: readonly (string | null)[]): { reads: Reads[]; dir: string | null } {
  const reads: Reads[] = [];
  let dir: string | null = ".";
  if (MAKE.test(name)) {
    const dirs = optionValues(args, "-C", ["--directory"]);
    dir = dirs.includes(null) ? null : dirs.reduce<string>((d, v) => join(d, v!), ".");
    const files = optionValues(args, "-f", ["--file", "--makefile"]);
    reads.push({
      here: files.length ? files.filter((f): f is string => f !== null) : ["GNUmakefile", "makefile", "Makefile"],
      why: "it runs the recipes there, which the guard does not read",
    });
  }
  if (NODE_TOOLS.has(name)) reads.push(NODE_CONFIG);
  const module = args[0] === "-m" ? args[1] : undefined;
  if (name === "pytest" || name === "py.test" || (/^python/.test(name) && module === "pytest")) {
    reads.push(PYTEST_CONFIG);
  }
  if (PYTHON_TOOLS.test(name)) reads.push(PYTHON_START);
  return { reads, dir };
}

/** The program a runner starts from the project's node_modules/.bin (`npx jest`, `pnpm exec jest`). */
function runnerProgram(name: string, args: readonly (string | null)[]): string | null {
  const words = args.filter((a) => a === null || !a.startsWith("-"));
  if (name === "npx" || name === "pnpx" || name === "bunx") return words[0] ?? null;
  if ((name === "npm" || name === "pnpm" || name === "yarn") && words[0] === "exec") return words[1] ?? null;
  return null;
}

/**
 * Asks about a program that starts (`argv`, from world `w`) reading a file an earlier part of
 * the command may have written, as its configuration or as what it runs (OPAQUE_CODE).
 */
export function writtenThenRun(it: Shell, argv: readonly Arg[], w: World, span: Span): void {
  const first = argv[0]?.text;
  if (first === undefined || first === null) return;
  const name = first.slice(first.lastIndexOf("/") + 1);
  const args = argv.slice(1).map((a) => a.text);
  const { reads, dir } = readsOf(name, args);
  const program = runnerProgram(name, args);
  // (Not what venv wrote in a venv made earlier in the command: made-venvs.ts.)
  const named = it.paths.texts.namedWrites();
  const written = it.paths.venvs.any() ? named.filter((p) => !it.paths.venvs.wrote(p)) : named;
  const zones = w.linkZones;
  if (reads.length === 0 && written.length === 0) return;
  const say = (file: string, why: string) =>
    it.issue("OPAQUE_CODE", `${name} reads ${file}, which an earlier part of the command may write: ${why}`, span);
  // A program of the project's node_modules/.bin, by its own name or started by a runner.
  const bins = it.paths.texts.binWrites();
  for (const bin of new Set([name, program])) {
    const hit = bin ? bins.get(bin) : undefined;
    if (hit) return say(hit, "it is the program that runs");
  }
  for (const r of reads) {
    if (r.anywhere) {
      const hit = written.find((p) => r.anywhere!.test(p.slice(p.lastIndexOf("/") + 1)));
      if (hit) return say(hit, r.why);
    }
    if (!r.here && !r.up) continue;
    // (A directory made earlier in the command is not there now: its name stands for itself.)
    const cwd = w.cwd === null || dir === null ? null : it.paths.physicalDir(w.cwd) ?? w.cwd;
    if (cwd === null) {
      // From a directory the guard cannot place, any file a tree holds may be the one read.
      if (zones.some((z) => z.tree) || written.length) return say(`its ${r.here?.[0] ?? r.up![0]}`, r.why);
      continue;
    }
    const start = canonicalLogical(join(cwd, dir!));
    const places: string[] = [];
    for (const f of r.here ?? []) places.push(canonicalLogical(join(start, f)));
    for (let d = start; r.up; d = d.slice(0, d.lastIndexOf("/")) || "/") {
      for (const f of r.up) places.push(`${d === "/" ? "" : d}/${f}`);
      if (d === "/") break;
    }
    const hits = places.filter((p) => written.includes(p) || zones.some((z) => isInside(p, z.path)));
    // (Of make's three names, the one there now, if any, is the one it reads.)
    if (hits.length) return say(hits.find((p) => it.fs.lstat(p) !== null) ?? hits[0]!, r.why);
  }
}

/**
 * The text of a configuration file inside the roots as the program reads it (package-config.ts,
 * make-includes.ts): what readScript gives, or, when it gives nothing only because a command
 * before may have changed some file (`git checkout -b x && make`), the disk's, as this file
 * draws the line: unless a write named it or it lies in a tree an
 * earlier command unpacked or checked out. Null for those, and for a file that is not regular,
 * too large, or (physically) outside the roots.
 */
export function configText(it: Shell, w: World, file: string): string | null {
  const text = it.paths.readScript(w, file, true);
  if (text !== null) return text;
  const r = resolvePhysical(file, it.fs);
  if (!r.ok || !r.exists || !it.paths.opts.roots.some((root) => isInside(r.path, root))) return null;
  // Written by name, or below a tree unpacked or checked out under names the guard did not see: not known.
  if (it.paths.texts.namedWrites().some((p) => p === r.path || p === file)) return null;
  if (w.linkZones.some((z) => isInside(r.path, z.path) || isInside(file, z.path))) return null;
  return it.fs.readFile(r.path, it.limits.maxScriptBytes);
}
