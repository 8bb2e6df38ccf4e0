// Where `pip install` writes: into the environment of the Python it runs with. In a virtual
// environment that is the venv (project files, when the venv is in the project); with no venv
// active, it is the Python installation the pip found on PATH belongs to — pyenv's or uv's in
// the home, the system's (pip then refuses where the distribution marks it externally managed,
// PEP 668, or falls back to `--user`: "Defaulting to user installation because normal
// site-packages is not writeable") — or a conda environment's: outside the project either way.
// Checked with pip 23.2 under pyenv's Python 3.11: `pip install` with no venv wrote
// ~/.pyenv/versions/3.11.7/lib/python3.11/site-packages.
//
// So a `pip install`/`uninstall` run by pip (or `python -m pip`) that is not a venv's is judged
// by the environment the host's shell has active (`VIRTUAL_ENV`, as the hooks pass it in): a
// venv inside a root is the project's;
// a venv or conda environment outside the roots, or none known, is a write outside
// (OUTSIDE_EFFECT). Options that move the install elsewhere (`--target`, `--prefix`, `--root`,
// judged as paths by pip's entry) or make it write nothing (`--dry-run`, `--require-virtualenv`
// where no venv is active, `--help`) are not.

import { type Arg, isSystemProgram } from "../commands/analyse.ts";
import { canonicalLogical, isAbsolute, isInside } from "../paths/resolve.ts";
import type { World } from "../shell/state.ts";
import { lookup } from "../shell/words/variables.ts";
import type { DispatchInfo, Shell } from "./context.ts";
import { pathPrograms } from "./path-lookup.ts";
import { PIP_NAME, PYTHON_NAME } from "./venv-home.ts";

/** Options after which pip writes nowhere in its environment (or not at all). */
const ELSEWHERE = /^(-t|--target|--prefix|--root|--dry-run|--require-virtualenv|-h|--help|--user)(=|$)|^-t./;
/** pip's options before the verb that take a value (pip 23 `pip --help`). */
const GLOBAL_VALUED = new Set(["--python", "--log", "--proxy", "--retries", "--timeout", "--exists-action",
  "--trusted-host", "--cert", "--client-cert", "--cache-dir", "--use-feature", "--use-deprecated",
  "--keyring-provider"]);

/** Asks about a `pip install`/`uninstall` that installs into an environment outside the project. */
export function pipEnvironment(it: Shell, argv: readonly Arg[], w: World, info: DispatchInfo): void {
  // (`python -m pip` runs pip by its name: judged here as the python that runs it. A venv's
  // made earlier in the command installs into that venv, inside the project: made-venvs.ts.)
  if (info.named === true || info.venv !== undefined) return;
  const words = pipWords(argv);
  if (words === null) return;
  // A name the command's PATH finds among the project's files (a venv's bin after `activate`)
  // is that program (path-lookup.ts): a venv's pip or python.
  if (pathPrograms(it, w, argv[0]!.text!).length > 0) return;
  const span = info.span;
  const verbAt = verbIndex(words);
  // (A verb that is not known may be install: `pip "$CMD" x`.)
  const verb = verbAt === null ? null : words[verbAt] ?? "install";
  if (verb !== "install" && verb !== "uninstall") return;
  // (A word that is not known, a package `"$PKG"`, moves nothing; an option that moves the
  // install must be written out to count.)
  if (words.some((t) => t !== null && (ELSEWHERE.test(t) || t.startsWith("--python")))) return;
  if (known(it, w, "PIP_REQUIRE_VIRTUALENV") || known(it, w, "PIP_TARGET") || known(it, w, "PIP_PREFIX")) return;
  const venv = hostEnvironment(it, w);
  const name = argv[0]!.text!.replace(/^.*\//, "");
  const label = PIP_NAME.test(name) ? `${name} ${verb}` : `${name} -m pip ${verb}`;
  const does = verb === "install" ? "installs into" : "removes packages from";
  if (venv !== null) {
    const dir = it.paths.physicalDir(canonicalLogical(venv)) ?? canonicalLogical(venv);
    if (it.paths.opts.roots.some((r) => isInside(dir, r))) return;
    it.issue("OUTSIDE_EFFECT", `${label} ${does} the environment ${venv}, outside the project`, span);
    return;
  }
  it.issue("OUTSIDE_EFFECT",
    `${label} ${does} the Python environment of the ${name} found on PATH (no virtual environment is active), outside the project`,
    span);
}

/**
 * The environment the host's shell had active (`VIRTUAL_ENV`, else `CONDA_PREFIX`, as the hooks
 * pass them in), which the pip found on PATH belongs to: `activate` sets it together with PATH.
 * Not where the command itself sets either, or PATH: a `VIRTUAL_ENV=…` alone moves no pip, and
 * after the command's own `activate` a venv's pip is found by its path (pipWords), or, in a venv
 * made without pip, the host's pip is.
 */
function hostEnvironment(it: Shell, w: World): string | null {
  if (["VIRTUAL_ENV", "CONDA_PREFIX", "PATH"].some((n) => w.getVar(n) !== undefined)) return null;
  for (const n of ["VIRTUAL_ENV", "CONDA_PREFIX"]) {
    const v = it.env.get(n);
    if (v !== undefined && v !== "" && isAbsolute(v)) return v;
  }
  return null;
}

/** pip's words (after `pip`, or after `python … -m pip`; null where not known), or null: not pip, or a venv's own. */
function pipWords(argv: readonly Arg[]): (string | null)[] | null {
  const given = argv[0]?.text;
  // (A venv's pip or python, named by its path, installs into that venv; a system bin's is the tool.)
  if (given === null || given === undefined || (given.includes("/") && !isSystemProgram(given))) return null;
  const first = given.replace(/^.*\//, "");
  const texts = argv.slice(1).map((a) => a.text);
  if (PIP_NAME.test(first)) return texts;
  if (!PYTHON_NAME.test(first)) return null;
  // `python [-I -s -E -u …] -m pip …`: only options without values before -m.
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i];
    if (t === "-m") return texts[i + 1] === "pip" ? texts.slice(i + 2) : null;
    if (t === null || t === undefined || !/^-[IsSEubBOqdv]+$/.test(t)) return null;
  }
  return null;
}

/** Where pip's verb is among its words (after its global options; a word not known may be it), or null. */
function verbIndex(words: readonly (string | null)[]): number | null {
  for (let i = 0; i < words.length; i++) {
    const t = words[i];
    if (t === null || t === undefined || !t.startsWith("-")) return i;
    if (GLOBAL_VALUED.has(t)) i++;
  }
  return null;
}

/** Whether a variable is set to something in the command's shell (assigned, or known from the host). */
function known(it: Shell, w: World, name: string): boolean {
  const v = lookup(w, it, name);
  return v.k === "str" && v.v !== "";
}
