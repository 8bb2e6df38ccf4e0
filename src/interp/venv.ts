// `. venv/bin/activate` (`source .venv/bin/activate`): the script a venv was made with, taken for
// what it is known to do rather than interpreted. Interpreted, it leaves PATH and PYTHONHOME
// unknown: it first runs its own `deactivate nondestructive`, which restores PATH and
// PYTHONHOME from `_OLD_VIRTUAL_PATH` and `_OLD_VIRTUAL_PYTHONHOME` when the shell has them
// (variables the guard cannot see), then sets `PATH="$VIRTUAL_ENV/bin:$PATH"` (text joined to
// the inherited PATH, which the guard does not know) and unsets PYTHONHOME under a test of the
// value it may just have restored; 3.12 and 3.13 also ask `$OSTYPE` and `$(uname)` whether to
// convert the directory with cygpath. Every later command then asked. Once the file is
// recognised (venv-templates.ts: CPython's scripts, line for line but for comments), its effect
// is known:
//
// - `deactivate` is defined, as the file defines it (its body is interpreted where it is called);
// - VIRTUAL_ENV is the directory the script names, exported (so every program started is judged
//   as running from it: src/shell/environment.ts);
// - PATH is that directory's bin followed by the PATH the shell had (or the one an earlier
//   activation in the host's shell saved in `_OLD_VIRTUAL_PATH`): the host's, taken on trust as
//   an inherited PATH always is, with the bin judged as a place programs run from and searched
//   for the programs it holds (path-lookup.ts);
// - PYTHONHOME is unset, or left as the host's (which it then is only if it was empty);
// - the prompt variables: PS1 is not known, VIRTUAL_ENV_PROMPT as the template says.
//
// On a host that is not Windows, where `$(uname)` is not CYGWIN/MSYS and bash's OSTYPE is not
// cygwin or msys (the environment the guard runs in, taken on trust as the rest of it is).

import type { Arg } from "../commands/analyse.ts";
import { isAbsolute, join, resolvePhysical } from "../paths/resolve.ts";
import { str, unknown, UNSET, type Value, type World } from "../shell/state.ts";
import type { BuiltinContext } from "./context.ts";
import { ACTIVATE_TEMPLATES, type ActivateTemplate } from "./venv-templates.ts";

/** The venv an activate script names, as venv wrote it in. */
interface Activation {
  readonly template: ActivateTemplate;
  /** The venv's directory: VIRTUAL_ENV. */
  readonly dir: string;
  readonly prompt: string;
}

/**
 * Sources `text`, read from `file`, as a venv's activate script when it is one: the worlds
 * after it, or null when it is not (then it is interpreted like any script).
 */
export function activateVenv(it: BuiltinContext, w: World, file: Arg, text: string, label: string): World[] | null {
  if (file.text === null || !file.text.includes("/") || process.platform === "win32") return null;
  const abs = isAbsolute(file.text) ? file.text : w.cwd === null ? null : join(w.cwd, file.text);
  if (abs === null) return null;
  // DIR/bin/activate beside DIR/pyvenv.cfg, read as a script is (inside a root, not written
  // earlier in the command).
  const r = resolvePhysical(abs, it.fs);
  if (!r.ok || !r.exists || !r.path.endsWith("/bin/activate")) return null;
  const venv = r.path.slice(0, -"/bin/activate".length) || "/";
  if (it.paths.readScript(w, join(venv, "pyvenv.cfg")) === null) return null;
  const found = recognise(text);
  // (A read-only variable the script writes is left as it was, with an error: not followed.)
  if (found === null || WRITTEN.some((n) => w.attr(n).includes("r"))) return null;
  // The function, as the file defines it: called later, its body is interpreted.
  const lines = text.split("\n");
  const start = lines.indexOf("deactivate () {");
  const end = lines.indexOf("}", start);
  if (start < 0 || end < 0) return null;
  const defined = it.runCode(lines.slice(start, end + 1).join("\n"), file.span, `${label} ${file.text}`, w, true);
  it.issue("SCRIPT_INTERPRETED",
    `${label} ${file.text}: the activate script of the venv ${found.dir}: VIRTUAL_ENV=${found.dir}, PATH=${found.dir}/bin:$PATH, PYTHONHOME unset`,
    file.span);
  return defined.flatMap((d) => activated(d, found));
}

/**
 * Sources the activate script of the venv `dir` made earlier in the command (made-venvs.ts):
 * what the templates do, with `deactivate` as the newest one defines it (every release's
 * restores PATH and PYTHONHOME alike); which release wrote it is not known, so neither is
 * VIRTUAL_ENV_PROMPT. Null where the templates' effect is not followed (a read-only variable, a
 * directory with `:` in it), for the caller to treat it as any script.
 */
export function activateMade(it: BuiltinContext, w: World, file: Arg, dir: string, label: string): World[] | null {
  if (process.platform === "win32" || dir.includes(":") || WRITTEN.some((n) => w.attr(n).includes("r"))) return null;
  const template = ACTIVATE_TEMPLATES[ACTIVATE_TEMPLATES.length - 1]!;
  const start = template.lines.indexOf("deactivate () {");
  const end = template.lines.indexOf("}", start);
  if (start < 0 || end < 0) return null;
  const defined = it.runCode(template.lines.slice(start, end + 1).join("\n"), file.span, `${label} ${file.text}`, w,
    true);
  it.issue("SCRIPT_INTERPRETED",
    `${label} ${file.text}: the activate script of the venv ${dir} made earlier in the command: VIRTUAL_ENV=${dir}, PATH=${dir}/bin:$PATH, PYTHONHOME unset`,
    file.span);
  // Which release wrote it is not known, nor then whether VIRTUAL_ENV_PROMPT is set or what to:
  // unknown, and not exported (a prompt's text is no place a program is handed).
  const kept: ActivateTemplate = { ...template, promptVariable: "kept" };
  return defined.flatMap((d) => activated(d, { template: kept, dir, prompt: "" })).map((a) => {
    if (!a.attr("VIRTUAL_ENV_PROMPT").includes("x")) {
      a.setVar("VIRTUAL_ENV_PROMPT", unknown("the prompt of a venv made by a Python whose release is not known"));
    }
    return a;
  });
}

/** The variables the scripts write. */
const WRITTEN = ["PATH", "VIRTUAL_ENV", "PYTHONHOME", "PS1", "VIRTUAL_ENV_PROMPT", "_OLD_VIRTUAL_PATH",
  "_OLD_VIRTUAL_PYTHONHOME", "_OLD_VIRTUAL_PS1"];

/**
 * The template `text` is, line for line once comment lines and blank lines are left out, with
 * what venv put in it. (A line that starts with `#` after blanks is a comment wherever it stands
 * between the templates' lines: none of them ends inside quotes, a here-document or after a
 * backslash; and a non-interactive shell always reads comments.)
 */
function recognise(text: string): Activation | null {
  const code = text.replace(/\n$/, "").split("\n").filter((l) => !/^[ \t]*(#.*)?$/.test(l));
  for (const template of ACTIVATE_TEMPLATES) {
    if (template.lines.length !== code.length) continue;
    const slots = new Map<string, string>();
    let ok = true;
    for (let i = 0; ok && i < code.length; i++) ok = sameLine(template.lines[i]!, code[i]!, slots);
    const dir = slots.get("D");
    const prompt = slots.get("P") ?? "";
    // (A directory with `:` would be two entries of PATH.)
    if (!ok || dir === undefined || !isAbsolute(dir) || dir.includes(":")) continue;
    return { template, dir, prompt };
  }
  return null;
}

/** What each placeholder may hold, in the quoting around it, and its value from the text. */
const SLOTS: Readonly<
  Record<string, { readonly re: string; readonly slot: string; readonly value: (s: string) => string }>
> = {
  "«D»": { re: '[^"$`\\\\]*', slot: "D", value: (s) => s },
  "«P»": { re: '[^"$`\\\\]*', slot: "P", value: (s) => s },
  "«P'»": { re: "[^']*", slot: "P", value: (s) => s },
  // shlex.quote: a word of safe characters as it is, anything else in single quotes.
  "«D=»": { re: "[A-Za-z0-9_@%+=:,./-]+|'[^']*'", slot: "D", value: (s) => s.replace(/^'(.*)'$/, "$1") },
};

const PLACEHOLDER = /«D»|«D=»|«P»|«P'»/g;

/** Whether `line` is the template's line, each placeholder holding the same value wherever it is. */
function sameLine(template: string, line: string, slots: Map<string, string>): boolean {
  if (!template.includes("«")) return template === line;
  const names: string[] = [];
  const source = template.split(PLACEHOLDER).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const holes = template.match(PLACEHOLDER) ?? [];
  let re = source[0]!;
  for (const [i, h] of holes.entries()) {
    names.push(h);
    re += `(${SLOTS[h]!.re})${source[i + 1]!}`;
  }
  const m = new RegExp(`^${re}$`).exec(line);
  if (!m) return false;
  for (const [i, h] of names.entries()) {
    const s = SLOTS[h]!;
    const v = s.value(m[i + 1]!);
    const had = slots.get(s.slot);
    if (had !== undefined && had !== v) return false;
    slots.set(s.slot, v);
  }
  return true;
}

/** The worlds after the script ran in `w`: one, or two where whether the prompt is changed is not known. */
function activated(w: World, a: Activation): World[] {
  const path = pathBefore(w);
  const bin = `${a.dir}/bin`;
  setExported(w, "VIRTUAL_ENV", str(a.dir));
  w.setVar("_OLD_VIRTUAL_PATH", path);
  setExported(w, "PATH",
    path.k === "str"
      ? str(`${bin}:${path.v}`)
      : path.k === "unset"
      ? str(`${bin}:`)
      : path.k === "arr"
      ? str(`${bin}:${path.v[0] ?? ""}`)
      : path.hostPath !== undefined
      ? { ...unknown("the host's PATH after a venv's bin"), hostPath: { head: [bin, ...path.hostPath.head] } }
      : unknown(`a venv's bin before a PATH that is not known (${path.why})`));
  // `deactivate nondestructive` may set PYTHONHOME from _OLD_VIRTUAL_PYTHONHOME, and the script
  // then unsets it when it is not empty. Left alone, the host's stays (unset, or empty).
  const home = w.getVar("PYTHONHOME");
  const old = w.getVar("_OLD_VIRTUAL_PYTHONHOME");
  if (home !== undefined) {
    const oldEmpty = old !== undefined && (old.k === "unset" || (old.k === "str" && old.v === ""));
    if (home.k === "unset" || (home.k === "str" && home.v !== "")) w.setVar("PYTHONHOME", UNSET);
    else if (!(home.k === "str" && oldEmpty)) {
      w.setVar("PYTHONHOME", unknown("PYTHONHOME after a venv's activate script, from values that are not known"));
    }
  }
  w.setVar("_OLD_VIRTUAL_PYTHONHOME", unknown("the PYTHONHOME a venv's activate script saved"));
  // The prompt: PS1 is the host's with the venv's name before it (or the one an earlier
  // activation saved), which is not known and not judged, as the host's own is not.
  w.setVar("PS1", unknown("the prompt a venv's activate script made"));
  w.setVar("_OLD_VIRTUAL_PS1", unknown("the prompt a venv's activate script saved"));
  const disable = w.getVar("VIRTUAL_ENV_DISABLE_PROMPT");
  const changes = disable === undefined || disable.k === "unknown"
    ? null
    : disable.k === "unset" || (disable.k === "str" && disable.v === "");
  switch (a.template.promptVariable) {
    case "kept":
      return [w];
    case "always":
      setExported(w, "VIRTUAL_ENV_PROMPT", str(a.prompt));
      return [w];
    case "with-prompt": {
      const without = changes === null ? w.clone() : null;
      if (changes !== false) setExported(w, "VIRTUAL_ENV_PROMPT", str(`(${a.prompt}) `));
      const off = changes === false ? w : without;
      if (off !== null) {
        off.setVar("VIRTUAL_ENV_PROMPT", UNSET);
        off.setAttr("VIRTUAL_ENV_PROMPT", off.attr("VIRTUAL_ENV_PROMPT").replace("x", ""));
      }
      return changes === null ? [w, without!] : [w];
    }
  }
}

/**
 * PATH as `deactivate nondestructive` leaves it: `_OLD_VIRTUAL_PATH` when that is not empty,
 * else PATH. The host's (either) is an unknown that carries `hostPath`; where the host's
 * `_OLD_VIRTUAL_PATH` may stand before a PATH the command set, not known.
 */
function pathBefore(w: World): Value {
  const old = w.getVar("_OLD_VIRTUAL_PATH");
  const path = w.getVar("PATH");
  const host: Value = { ...unknown("the PATH the shell had"), hostPath: { head: [] } };
  if (old === undefined) return path === undefined ? host : unknown("PATH, or the _OLD_VIRTUAL_PATH the shell had");
  if ((old.k === "str" && old.v !== "") || (old.k === "unknown" && old.hostPath !== undefined)) return old;
  if (old.k === "unset" || (old.k === "str" && old.v === "")) return path ?? host;
  return unknown(`PATH, or ${old.k === "unknown" ? old.why : "_OLD_VIRTUAL_PATH"}`);
}

function setExported(w: World, name: string, v: Value): void {
  w.setVar(name, v);
  if (!w.attr(name).includes("x")) w.setAttr(name, w.attr(name) + "x");
}
