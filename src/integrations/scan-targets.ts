// Which files the CI scanner reads, and as what: shell scripts (by name or by `#!`), GitHub
// workflows, and actions (`action.yml`, whose composite steps run shell). A file that looks like
// shell by its name but whose `#!` names another shell (a zsh script called `x.sh`) is not judged
// as bash, and is reported as skipped rather than passed over. A file a walk finds by its `#!`
// alone that cannot be run by its name (no execute bit) and whose name says it is data (an
// extension that is not a shell's: `bootstrap_0.txt`, `user_data.golden`) is a fixture or a
// template that prints a script, not a script of the repository: a walk passes it over (a file
// a scanned script or step runs or sources is still scanned, and so is one named). What the
// excludes name (scan-exclude.ts) is left out: quietly in a walk, with a word when it was named.

import { readdirSync, statSync } from "node:fs";
import { basename, extname, relative, resolve as resolvePath, sep } from "node:path";
import type { ScanNote } from "../report/scan-finding.ts";
import type { Exclusion } from "./scan-exclude.ts";
import { readRegularFile } from "../paths/fs.ts";

type TargetKind = "shell" | "workflow" | "action";

export interface Target {
  readonly path: string;
  readonly kind: TargetKind;
}

export class ScanInputError extends Error {}

const SKIP_DIRS = new Set(["node_modules", ".git"]);
/** Shells whose scripts are judged as bash. */
const SHELLS = new Set(["sh", "bash", "dash", "ash", "ksh", "mksh"]);
const ACTION_NAMES = new Set(["action.yml", "action.yaml"]);

/**
 * The files to scan under the given paths. Directories are walked (not through symlinks, and
 * not into node_modules or .git); a file named explicitly is scanned unless it is plainly not
 * shell. `skipped` says what was not judged and why; `excluded`, each path named on the command
 * line that an exclude left out (an exclude is a choice, not something left unjudged: it is said,
 * and does not count as an ask).
 */
export function collectTargets(paths: readonly string[], cwd: string, root: string,
  excludedBy: Exclusion): { targets: Target[]; skipped: ScanNote[]; excluded: string[] }
{
  const targets = new Map<string, Target>();
  const skipped: ScanNote[] = [];
  const excluded: string[] = [];
  const add = (path: string, kind: TargetKind) => {
    if (!targets.has(path)) targets.set(path, { path, kind });
  };
  const skip = (path: string, why: string) =>
    skipped.push({ file: fileName(root, path), line: 1, col: 1, message: why });
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a,
      b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
    );
    for (const e of entries) {
      const path = `${dir}${dir.endsWith(sep) ? "" : sep}${e.name}`;
      if (excludedBy(path) !== null) continue;
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) walk(path);
      } else if (e.isFile()) {
        const c = classify(path, true);
        if (c === null) continue;
        if ("kind" in c) add(path, c.kind);
        else skip(path, c.skipped);
      }
    }
  };
  for (const p of paths) {
    const abs = resolvePath(cwd, p);
    let isDir: boolean;
    try {
      isDir = statSync(abs).isDirectory();
    } catch (e) {
      throw new ScanInputError(`cannot read ${p}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    const pattern = excludedBy(abs);
    if (pattern !== null) excluded.push(`${p} (excluded by ${JSON.stringify(pattern)})`);
    else if (isDir) walk(abs);
    else {
      const c = classify(abs);
      if (c !== null && "kind" in c) add(abs, c.kind);
      else if (c !== null) skip(abs, c.skipped);
      else if (/\.ya?ml$/.test(abs)) add(abs, "workflow");
      else {
        const interpreter = interpreterOf(abs);
        if (interpreter === null) add(abs, "shell");
        else skip(abs, `not a shell script: #!${interpreter}`);
      }
    }
  }
  return { targets: [...targets.values()], skipped, excluded };
}

/** A file's name as findings give it: relative to the root, with `/`. */
export function fileName(root: string, path: string): string {
  return relative(root, path).split(sep).join("/") || path;
}

/**
 * A workflow, an action, a shell script by name or by `#!`, a script to skip, or null.
 * `walked`: found by a walk, where a data file with a `#!` (dataWithShebang) is not a script.
 */
function classify(path: string, walked = false): { kind: TargetKind } | { skipped: string } | null {
  const posix = path.split(sep).join("/");
  if (/(^|\/)\.github\/workflows\/[^/]+\.ya?ml$/.test(posix)) return { kind: "workflow" };
  if (ACTION_NAMES.has(basename(path))) return { kind: "action" };
  const interpreter = interpreterOf(path);
  if (/\.(sh|bash)$/.test(posix)) {
    // The name says shell; the `#!` line says which one the script is run by; without one,
    // zsh's own marks say zsh or a template tag (notBash).
    const other = interpreter === null ? notBash(path, posix.endsWith(".sh")) : null;
    if (other !== null) return { skipped: other };
    if (interpreter === null || SHELLS.has(interpreter)) return { kind: "shell" };
    return { skipped: `#!${interpreter}: not a bash or sh script, so it is not judged` };
  }
  if (interpreter === null || !SHELLS.has(interpreter)) return null;
  // A zsh plugin named `.zsh` whose `#!` names bash (ohmyzsh's shell-proxy.plugin.zsh): zsh
  // sources it, and its zsh syntax (ZSH_EXPANSION) is what bash cannot run.
  if (/\.zsh$/.test(posix)) {
    const zsh = zshSyntax(path);
    if (zsh !== null) {
      return {
        skipped: `zsh: named .zsh and written in zsh's ${
          JSON.stringify(zsh)
        }, whatever its #! line says: not a bash or sh script, so it is not judged`,
      };
    }
  }
  return walked && dataWithShebang(path) ? null : { kind: "shell" };
}

/** The first zsh expansion (ZSH_EXPANSION) in the file, or null. */
function zshSyntax(path: string): string | null {
  const r = readRegularFile(path, 1 << 20, true);
  return "bytes" in r ? ZSH_EXPANSION.exec(r.bytes.toString("utf8"))?.[0] ?? null : null;
}

/** Directories that hold a test's data (its inputs and expected outputs), by name. */
const TEST_DATA_DIR = /^(testdata|test-data|test_data|fixtures|__fixtures__|golden|goldens|expected|__snapshots__)$/;

/** Whether a path is in a test's data: under a TEST_DATA_DIR, or a `data` directory below `test`/`tests`. */
function inTestData(path: string): boolean {
  const dirs = path.split(sep).slice(0, -1);
  return dirs.some((d, i) =>
    TEST_DATA_DIR.test(d) || (d === "data" && dirs.slice(0, i).some((u) => /^tests?$/.test(u)))
  );
}

/**
 * A file that starts with a shell's `#!` but is no script the repository runs by its name: it
 * has no execute bit, and its name has an extension that is not a shell's (`.txt`, `.golden`,
 * `.tmpl`, `.com_user_data`), or it has none and lies in a test's data (`testdata/`,
 * `tests/…/data/`: kops's expected cloud-init user data): the expected output of a test, a
 * template. An extensionless file without the bit elsewhere (a completion script, a library
 * others source) is still a script.
 */
function dataWithShebang(path: string): boolean {
  const ext = extname(path);
  if (ext === "." || /^\.(sh|bash|dash|ksh|ash|mksh|zsh)$/i.test(ext)) return false;
  if (ext === "" && !inTestData(path)) return false;
  try {
    return (statSync(path).mode & 0o111) === 0;
  } catch {
    return false;
  }
}

/**
 * zsh syntax bash cannot run (a "bad substitution" to it): parameter flags `${(%)…}`, a nested
 * `${${…}}`, a quoted `${"$(…)"…}`.
 */
const ZSH_EXPANSION = /\$\{\([^)\s]*\)|\$\{\$\{|\$\{"\$\(/;

/**
 * Why a shell file with no `#!` line is not a bash script, or null; its first 1 MiB is read
 * once. zsh's completion functions start `#compdef` or `#autoload`; a `.sh` file (`bySyntax`)
 * holding zsh's expansion syntax is zsh (oh-my-zsh.sh); an ERB or EJS tag (`<%= … %>`,
 * `<%- … %>`, `<% … %>` closed on its line) makes it a template a program fills in before it is
 * a script (fzf's test/lib/common.sh), which bash would read as redirections.
 */
function notBash(path: string, bySyntax: boolean): string | null {
  const r = readRegularFile(path, 1 << 20, true);
  if (!("bytes" in r)) return null;
  const text = r.bytes.toString("utf8");
  const mark = /^#(compdef|autoload)\b/.exec(text);
  if (mark) return `zsh: a #${mark[1]} function: not a bash or sh script, so it is not judged`;
  const syntax = bySyntax ? ZSH_EXPANSION.exec(text) : null;
  if (syntax) {
    return `zsh: no #! line and zsh's ${JSON.stringify(syntax[0])}: not a bash or sh script, so it is not judged`;
  }
  const tag = /<%[=-]?\s[^\n]*?%>/.exec(text);
  return tag === null
    ? null
    : `a template (${tag[0].slice(0, 40)}) with no #! line: not a script as it is, so it is not judged`;
}

/** The program a `#!` line names (through `env`), or null without one. */
function interpreterOf(path: string): string | null {
  const r = readRegularFile(path, 256, true);
  if (!("bytes" in r)) return null;
  const head = r.bytes.toString("utf8");
  const m = /^#!\s*(\S+)([^\n]*)/.exec(head);
  if (!m) return null;
  const program = m[1]!.split("/").pop()!;
  if (program !== "env") return program;
  const arg = m[2]!.trim().split(/\s+/).find((a) => a !== "" && !a.startsWith("-") && !a.includes("="));
  return arg ?? "env";
}
