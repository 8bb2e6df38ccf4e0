// Dotenv files a tool loads itself, before what it runs starts: `node --env-file=.env app.js`
// (node 20.20 ran `--require /x.js` from a NODE_OPTIONS line of the file), flask's `.env` and
// `.flaskenv` (Flask 3 looked for each from the working directory up to `/`, and read
// /tmp/tc/.env above a project that had none), the `dotenv` command line tools (python-dotenv's
// `dotenv [-f FILE] run CMD`, dotenv-cli's `dotenv [-e FILE] -- CMD`; `.env` in the working
// directory by default). The file is a `read` (a name the table gives is judged there; one
// found by climbing is judged here, so a `.env` above the roots asks), and each variable it
// sets that changes what a started program loads, runs or reads (NODE_OPTIONS, PATH,
// PYTHONPATH, LD_PRELOAD: src/shell/environment.ts) is judged as if the command had set it.

import type { Span } from "../base/span.ts";
import { type Arg, isSystemProgram, withValue } from "../commands/analyse.ts";
import { environmentRole } from "../commands/environment.ts";
import { climbs, commandWords, dirEntries, goFlagFiles, SHELL_SYNTAX } from "../shell/environment.ts";
import type { World } from "../shell/state.ts";
import { isAbsolute, isInside, join, resolvePhysical } from "../paths/resolve.ts";
import { pathCandidates } from "./candidates.ts";
import type { Shell } from "./context.ts";
import { configText } from "./written-config.ts";

/** Node's options that take the next word as their value (so it is not the script). */
const NODE_VALUE_OPTIONS = new Set(["-r", "--require", "--import", "--loader", "--experimental-loader", "-e", "--eval",
  "-p", "--print", "--env-file", "--env-file-if-exists", "-C", "--conditions", "--title", "--input-type"]);

/** The files a tool loads: named ones (judged by the table already) and ones it finds by climbing. */
interface Loads {
  readonly named: readonly string[];
  /** Base names looked for from the working directory up to `/`, the first found of each loaded. */
  readonly climbing: readonly string[];
}

/** `--opt V`, `--opt=V` and, for a short option, `-oV`, among `args` (up to `end`). */
function values(args: readonly (string | null)[], opts: readonly string[], end = args.length): string[] {
  const out: string[] = [];
  for (let i = 0; i < end; i++) {
    const a = args[i];
    if (a === null || a === undefined) continue;
    const next = args[i + 1];
    if (opts.includes(a) && typeof next === "string") out.push(next);
    for (const o of opts) {
      if (a.startsWith(`${o}=`)) out.push(a.slice(o.length + 1));
      else if (o.length === 2 && !o.startsWith("--") && a.startsWith(o) && a.length > 2) out.push(a.slice(2));
    }
  }
  return out;
}

function loadsOf(name: string, args: readonly (string | null)[]): Loads | null {
  if (name === "node" || name === "nodejs") {
    // Node's own options end at the script (what follows is the script's).
    let end = args.findIndex((a, i) => a !== null && !a.startsWith("-") && !NODE_VALUE_OPTIONS.has(args[i - 1] ?? ""));
    if (end < 0) end = args.length;
    return { named: values(args, ["--env-file", "--env-file-if-exists"], end), climbing: [] };
  }
  if (name === "flask") return { named: values(args, ["-e", "--env-file"]), climbing: [".env", ".flaskenv"] };
  if (name === "dotenv") {
    const named = values(args, ["-f", "--file", "-e"]).filter((v) => !/^(true|false)$/i.test(v));
    return { named: named.length ? named : [".env"], climbing: [] };
  }
  return null;
}

/** Judges the dotenv files a program loads itself: see the head of this file. */
export function dotenvFiles(it: Shell, argv: readonly Arg[], w: World, span: Span): void {
  const first = argv[0]?.text;
  if (first === undefined || first === null || w.cwd === null) return;
  const name = first.slice(first.lastIndexOf("/") + 1);
  const loads = loadsOf(name, argv.slice(1).map((a) => a.text));
  if (loads === null) return;
  const at: Arg = { text: null, source: ".env", span, unknownWhy: null, segs: [] };
  const files = loads.named.map((f) => isAbsolute(f) ? f : join(w.cwd!, f));
  for (const base of loads.climbing) {
    for (let d = it.paths.physicalDir(w.cwd);; d = d.slice(0, d.lastIndexOf("/")) || "/") {
      if (d === null) break;
      const f = `${d === "/" ? "" : d}/${base}`;
      if (it.fs.lstat(f) !== null) {
        // Found by climbing: the read is judged here (the table names no such file).
        it.paths.access(w, withValue(at, f, ""), "read", `${name} (its ${base})`);
        files.push(f);
        break;
      }
      if (d === "/") break;
    }
  }
  for (const file of files) {
    const r = resolvePhysical(file, it.fs);
    // (Outside the roots, or not there: the read access says so; nothing is known of what it sets.)
    if (!r.ok || !r.exists || !it.paths.opts.roots.some((root) => isInside(r.path, root))) continue;
    const text = configText(it, w, file);
    if (text === null) {
      it.issue("OPAQUE_CODE", `${name} loads the variables of ${file}, which the guard cannot read`, span);
      continue;
    }
    for (const [key, value] of dotenvLines(text)) judgeVariable(it, w, span, key, value, `$${key} in ${file}`);
  }
}

/**
 * A dotenv file's assignments: `KEY=VALUE`, `export KEY=VALUE`, `KEY: VALUE`; a value in single
 * quotes as it is, in double quotes or bare up to a ` #` comment; a value that may be
 * interpolated (`$`, `${…}`) or escaped, or a quote that is not closed on its line (a value
 * over several lines), is not known (null).
 */
function dotenvLines(text: string): [string, string | null][] {
  const out: [string, string | null][] = [];
  for (const raw of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*[=:]\s*(.*)$/.exec(raw);
    if (!m) continue;
    const v = m[2]!.trim();
    let value: string | null;
    if (/^'[^']*'(\s*#.*)?$/.test(v)) value = v.slice(1, v.indexOf("'", 1));
    else if (/^"[^"\\$]*"(\s*#.*)?$/.test(v)) value = v.slice(1, v.indexOf('"', 1));
    else if (/^["'`]/.test(v) || /[$\\]/.test(v)) value = null;
    else value = v.replace(/\s+#.*$/, "");
    out.push([m[1]!, value]);
  }
  return out;
}

/** A variable set for the programs the command starts, judged by its role (as src/interp/simple.ts does for the shell's). */
function judgeVariable(it: Shell, w: World, span: Span, name: string, value: string | null, command: string): void {
  const role = environmentRole(name);
  if (role === null) return;
  const at: Arg = { text: null, source: `${name}=…`, span, unknownWhy: null, segs: [] };
  const access = (text: string) => it.paths.access(w, withValue(at, text, ""), role.kind, command);
  if (value === null) {
    it.paths.access(w, withValue(at, null, `${command} is not known, and the program started uses it`), role.kind,
      command);
    return;
  }
  switch (role.value) {
    case "dirs":
      for (const e of dirEntries(value)) if (!role.absoluteOnly || e.startsWith("/")) access(e);
      return;
    case "zone":
    case "catalogues":
      // `TZ=UTC`, `LANGUAGE=en`: names under the system's directories; one that climbs or is absolute is a path.
      if (value.startsWith("/") || value.startsWith(":/")) access(value.replace(/^:/, ""));
      else if (climbs(value)) {
        it.paths.access(w, withValue(at, null, `${command} names a file under a directory the guard does not know`),
          role.kind, command);
      }
      return;
    case "goflags":
      for (const f of goFlagFiles(value)) it.paths.access(w, withValue(at, f.path, ""), f.kind, command);
      return;
    case "command": {
      if (value.trim() === "") return;
      if (SHELL_SYNTAX.test(value)) {
        it.issue("OPAQUE_CODE", `${command} holds shell code that a program started here may run`, span);
        return;
      }
      if (role.optionsOf) {
        it.issue("OPAQUE_CODE", `${command} holds options for ${role.optionsOf[0]}, which the program may start`, span);
        return;
      }
      const words = commandWords(value);
      if (words[0] !== undefined && isSystemProgram(words[0])) words.shift();
      for (const word of words) for (const cand of pathCandidates(word)) access(cand);
      return;
    }
    default: {
      const never: never = role.value;
      throw new Error(`unknown role ${String(never)}`);
    }
  }
}
