// make's `include`, `-include` and `sinclude` (and bmake's `.include`): a makefile inside the
// project may read makefile code from anywhere (`include ../x.mk`: GNU make 4.3 opened
// /tmp/tc/mk/x.mk under strace), whose recipes then run as the project's do. (The recipes of
// the makefile make reads are judged for what they visibly run: make-recipes.ts.) It reads
// the makefiles make reads, as make does, for the files they include: one inside the roots is read for its
// own includes, one outside is a `read` access and OPAQUE_CODE (makefile code from outside
// the project), and a name the guard cannot work out (a variable it does not know, `$(shell
// …)`) is a `read` of a path it cannot name.

import type { Span } from "../base/span.ts";
import { type Arg, withValue } from "../commands/analyse.ts";
import type { World } from "../shell/state.ts";
import { isAbsolute, isInside, join, resolvePhysical } from "../paths/resolve.ts";
import type { Shell } from "./context.ts";
import { configText } from "./written-config.ts";
import { expandMake, type MakeVars } from "./make-expand.ts";

const MAKE = /^(g?make|remake|bmake|pmake)$/;
/** The directories GNU make searches for an include it does not find where it runs, after `-I`'s. */
const DEFAULT_INCLUDE_DIRS: readonly string[] = ["/usr/gnu/include", "/usr/local/include", "/usr/include"];
/** How deep includes of includes are followed before the rest asks. */
const MAX_DEPTH = 8;

interface MakeRun {
  readonly dir: string;
  /** The makefiles make reads first: `$MAKEFILES`, then its `-f` files or the one of its default names there. */
  readonly files: readonly string[];
  readonly includeDirs: readonly string[];
}

/** make's `-C`, `-f` and `-I` (separate, glued, long with `=` or a separate value); null: a value not known. */
export function makeRun(args: readonly (string | null)[], cwd: string): MakeRun | null {
  let dir = cwd;
  const files: string[] = [];
  const includes: string[] = [];
  const pairs: readonly (readonly [string, readonly string[], (v: string) => void])[] = [["-C", ["--directory"],
    (v) => dir = isAbsolute(v) ? v : join(dir, v)], ["-f", ["--file", "--makefile"], (v) => files.push(v)], ["-I", [
    "--include-dir",
  ], (v) => includes.push(v)]];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === null || a === undefined) continue;
    if (a === "--") break;
    for (const [short, long, set] of pairs) {
      let v: string | null | undefined;
      if (a === short || long.includes(a)) v = args[++i];
      else if (a.startsWith(short) && !a.startsWith("--")) v = a.slice(2);
      else {
        const l = long.find((o) => a.startsWith(`${o}=`));
        if (l) v = a.slice(l.length + 1);
      }
      if (v === null) return null;
      if (v !== undefined) set(v);
    }
  }
  // (-f and -I names are taken from the directory -C leaves, as make opens them after its chdir.)
  const abs = (p: string) => isAbsolute(p) ? p : join(dir, p);
  return { dir, files: files.map(abs), includeDirs: includes.map(abs) };
}

/**
 * Reads the makefiles a run of make reads (from world `w`) for the files they include, and
 * judges those: see the head of this file.
 */
export function makeIncludes(it: Shell, argv: readonly Arg[], w: World, span: Span): void {
  const first = argv[0]?.text;
  if (first === undefined || first === null || w.cwd === null) return;
  const name = first.slice(first.lastIndexOf("/") + 1);
  if (!MAKE.test(name)) return;
  const run = makeRun(argv.slice(1).map((a) => a.text), w.cwd);
  // (A -C or -f value not known is asked about by the table entry.)
  if (run === null) return;
  const dir = it.paths.physicalDir(run.dir) ?? run.dir;
  const files = [...run.files];
  if (files.length === 0) {
    const found = ["GNUmakefile", "makefile", "Makefile"].map((f) => `${dir}/${f}`).find((f) =>
      it.fs.lstat(f) !== null
    );
    if (found !== undefined) files.push(found);
  }
  const env = w.getVar("MAKEFILES");
  if (env?.k === "str") files.unshift(...env.v.split(/\s+/).filter((f) => f !== "").map((f) => join(dir, f)));
  const at: Arg = { text: null, source: "include …", span, unknownWhy: null, segs: [] };
  const vars: MakeVars = new Map([["CURDIR", [dir]]]);
  const seen = new Set<string>();
  const inside = (path: string) => it.paths.opts.roots.some((root) => isInside(path, root));
  const read = (logical: string, depth: number): void => {
    const r = resolvePhysical(logical, it.fs);
    if (!r.ok || !r.exists) return;
    const file = r.path;
    // (A makefile outside the roots, named on the command line or in $MAKEFILES, is judged
    // there: the table's `read` access, the variable's `exec` one; an include is judged below.)
    if (seen.has(file) || !inside(file)) return;
    seen.add(file);
    // (The makefiles read so far, this one last: `$(lastword $(MAKEFILE_LIST))` names it.)
    vars.set("MAKEFILE_LIST", [...(vars.get("MAKEFILE_LIST") ?? []), logical]);
    const text = configText(it, w, file);
    if (text === null) {
      it.issue("OPAQUE_CODE", `${name} reads ${file}, makefile code the guard cannot read`, span);
      return;
    }
    for (const inc of directives(text, vars)) {
      const command = `${name} (an include in ${file})`;
      if (inc === null) {
        it.paths.access(w, withValue(at, null, `${file} includes a file whose name the guard cannot work out`), "read",
          command);
        continue;
      }
      const targets = located(it, inc, dir, run.includeDirs);
      if (targets === null) {
        it.paths.access(w, withValue(at, null, `${file} includes ${inc}, a pattern the guard does not follow`), "read",
          command);
        continue;
      }
      for (const target of targets) {
        it.paths.access(w, withValue(at, target, ""), "read", command);
        // (Where it leads: a link inside the project to a makefile outside is code from outside.)
        const r = resolvePhysical(target, it.fs);
        const physical = r.ok ? r.path : target;
        if (!r.ok || !inside(physical)) {
          it.issue("OPAQUE_CODE", `${name} includes ${physical}, makefile code from outside the project`, span);
        } else if (depth >= MAX_DEPTH) {
          it.issue("NESTING_TOO_DEEP", `${name}: makefiles include each other more than ${MAX_DEPTH} deep`, span);
        } else read(target, depth + 1);
      }
    }
  };
  for (const f of files) read(f, 0);
}

/**
 * Where make finds an included name: an absolute name as it is; a relative one in the
 * directory make runs in, else in the `-I` directories and the defaults (GNU make 4.3: `make
 * -I ../inc` read ../inc/foo.mk for `include foo.mk`). None when it is nowhere now: make then
 * makes it by a rule of the project's, or stops, or (`-include`) goes on. A glob in the last
 * segment (`$(wildcard conf/*.mk)`, or make's own globbing of include names) is each name it
 * matches; one in a directory segment is not known (null).
 */
function located(it: Shell, name: string, dir: string, includeDirs: readonly string[]): string[] | null {
  const slash = name.lastIndexOf("/");
  if (GLOB.test(name.slice(0, slash + 1))) return null;
  const last = name.slice(slash + 1);
  const dirs = isAbsolute(name) ? ["/"] : [dir, ...includeDirs, ...(slash >= 0 ? [] : DEFAULT_INCLUDE_DIRS)];
  for (const d of dirs) {
    const p = join(d, name);
    if (!GLOB.test(last)) {
      if (it.fs.lstat(p) !== null) return [p];
      continue;
    }
    const parent = p.slice(0, p.lastIndexOf("/")) || "/";
    const re = globRegExp(last);
    const hits = (it.fs.readdir(parent) ?? []).filter((n) => re.test(n)).map((n) => join(parent, n));
    if (hits.length) return hits;
  }
  return [];
}

const GLOB = /[*?[]/;

/** A glob segment as a regular expression: `*`, `?` and `[…]`; a leading dot matched only by one. */
function globRegExp(glob: string): RegExp {
  let re = glob.startsWith(".") ? "" : "(?!\\.)";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const end = glob.indexOf("]", i + 2);
      if (end < 0) re += "\\[";
      else {
        re += `[${glob.slice(i + 1, end).replace(/^!/, "^").replace(/\\/g, "\\\\")}]`;
        i = end;
      }
    } else re += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

/**
 * The names a makefile's include directives name, in order, with the variables defined before
 * each expanded (make expands an include line when it reads it); null for a name that is not known.
 */
function directives(text: string, vars: MakeVars): (string | null)[] {
  const out: (string | null)[] = [];
  // Lines joined where they end in a backslash, comments cut (an escaped `\#` kept).
  const lines = text.replace(/\\\r?\n/g, " ").split(/\r?\n/);
  let inDefine = 0;
  for (const raw of lines) {
    const line = raw.replace(/(^|[^\\])#.*$/, "$1");
    if (/^\s*define\b/.test(line)) inDefine++;
    else if (/^\s*endef\b/.test(line) && inDefine > 0) inDefine--;
    if (inDefine > 0) continue;
    // A recipe line starts with a tab; `include` there is a shell word, unless no rule is open,
    // which the guard does not track: a tab-led include is taken as a directive too (more only adds).
    const inc = /^\s*(?:-include|sinclude|include|\.-?include|\.sinclude|\.dinclude)\s+(.*)$/.exec(line);
    if (inc) {
      // bmake's `.include "file"` and `.include <file>`.
      const body = inc[1]!.trim().replace(/^"(.*)"$|^<(.*)>$/, "$1$2");
      const expanded = expandMake(body, vars);
      if (expanded === null) out.push(null);
      else out.push(...expanded.split(/\s+/).filter((w) => w !== ""));
      continue;
    }
    if (line.startsWith("\t")) continue;
    const def = /^\s*(?:(?:override|export|private)\s+)*([A-Za-z0-9_.-]+)\s*(:::=|::=|:=|\+=|\?=|!=|=)\s*(.*)$/.exec(
      line,
    );
    if (def) defineMake(vars, def[1]!, def[2]!, def[3]!.trim());
  }
  return out;
}

/** A variable's definition as make reads it: its value (null: not known; `!=` runs a command). */
export function defineMake(vars: MakeVars, name: string, op: string, value: string): void {
  const prev = vars.get(name);
  if (op === "!=") vars.set(name, null);
  else if (op === "?=") {
    if (!vars.has(name)) vars.set(name, [value]);
  } else if (op === "+=") vars.set(name, prev === null ? null : [...(prev ?? []), value]);
  else vars.set(name, [value]);
}
