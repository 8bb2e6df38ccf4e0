// The program probe: the probe-injection test (probe.ts) one step later, in the program. An
// argument of a real command is replaced by, or given, an outside path the program may open:
// the whole word, the value of `--name=VALUE`, `-xVALUE` and `key=VALUE`, the last item of a
// list, a URL, or a new word after it (an option's argument). The mutant runs under the
// system's PATH inside the namespaces (any program but SYSTEM_FORBIDDEN), and a probe the
// program touched while the guard said allow is a finding: the guard's model of that program
// missed a path it was handed. Truth is the program, not the command table.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join } from "node:path";
import { findProgram, isProgram, SANDBOX_PATH, SYSTEM_FORBIDDEN } from "./oracle.ts";
import type { Position } from "./probe.ts";
import { MARK, type MutantSpec } from "./probe.ts";

const OUT = `../${MARK}`;

interface ArgForm {
  readonly name: string;
  /** The word's replacement, or null where the form does not apply to it. */
  readonly make: (word: string) => string | null;
}

const LIST = /^([^=]*[,:])[^,:]*$/;

export const ARG_FORMS: readonly ArgForm[] = [{ name: "operand", make: () => OUT }, { name: "absolute",
  make: () => `$O/${MARK}` }, { name: "after", make: (w) => `${w} ${OUT}` }, { name: "long-value",
  make: (w) => (/^--[A-Za-z0-9][\w-]*=/.test(w) ? `${w.slice(0, w.indexOf("=") + 1)}${OUT}` : null) }, {
  name: "short-glued",
  make: (w) => (/^-[A-Za-z0-9]./.test(w) && !w.startsWith("--") ? `${w.slice(0, 2)}${OUT}` : null),
}, { name: "key-value",
  make: (w) => (/^[A-Za-z_][\w.-]*=./.test(w) ? `${w.slice(0, w.indexOf("=") + 1)}${OUT}` : null) }, {
  name: "list-item",
  make: (w) => (!/:\/\//.test(w) && LIST.test(w) ? w.replace(LIST, `$1${OUT}`) : null),
}, { name: "url", make: (w) => (/^[a-z][a-z0-9+.-]*:\/\//.test(w) ? `file://$O/${MARK}` : null) }];

const BUILTINS = new Set(["cd", "pushd", "popd", "dirs", "echo", "printf", "test", "[", "true", "false", "source", ".",
  "eval", "exec", "export", "declare", "typeset", "local", "readonly", "set", "unset", "shopt", "read", "let", "trap",
  "type", "hash", "builtin", "command", "return", "exit", "shift", "getopts", "wait", "umask", "pwd", "mapfile",
  "readarray", ":"]);

/** Every command the base names is a builtin or a program of the sandbox's PATH: a mutant of
 * a command that is not found here touches nothing and says nothing. */
export function runsHere(base: string, positions: readonly Position[]): boolean {
  return positions.every((p) => {
    if (p.kind !== "command-name") return true;
    const name = base.slice(p.start, p.end);
    if (BUILTINS.has(name)) return true;
    if (!/^[\w.+-]+$/.test(name)) return false;
    return isProgram(name);
  });
}

/** Variables many programs read as paths, through libc or by convention. */
const COMMON_VARIABLES = ["TMPDIR", "HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
  "XDG_RUNTIME_DIR", "XDG_CONFIG_DIRS", "XDG_DATA_DIRS", "LOCPATH", "GCONV_PATH", "NLSPATH", "TZDIR", "TZ", "TERMINFO",
  "TERMINFO_DIRS", "MAGIC", "INPUTRC", "HISTFILE", "MANPATH", "SSL_CERT_FILE", "SSL_CERT_DIR"];
const manVariables = new Map<string, readonly string[]>();

/** The variables the ENVIRONMENT section of a program's manual page names (sections 1 and 8). */
export function documentedVariables(program: string): readonly string[] {
  let found = manVariables.get(program);
  if (found !== undefined) return found;
  const names = new Set<string>();
  for (const section of ["1", "8"]) {
    let text: string;
    try {
      text = gunzipSync(readFileSync(`/usr/share/man/man${section}/${program}.${section}.gz`)).toString("utf8");
    } catch {
      continue;
    }
    const lines = text.split("\n");
    let inside = false;
    for (const line of lines) {
      if (/^\.S[Hh]\s/.test(line)) inside = /ENVIRONMENT/i.test(line);
      else if (inside) {
        for (const m of line.matchAll(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b[A-Z]{4,}\b/g)) names.add(m[0]);
      }
    }
  }
  found = [...names].filter((n) =>
    !/^(NOTE|SEE|ALSO|BUGS|FILES|ENVIRONMENT|EXAMPLES?|DESCRIPTION|OPTIONS|WARNING|POSIX|GNU|NULL|TRUE|FALSE|UTF|ASCII|HTTP|HTTPS|URL)$/
      .test(n)
  );
  manVariables.set(program, found);
  return found;
}

/** Every (argument, form) mutant of a base command: plain unquoted words only, so that the
 * replacement is all the word holds. */
export function programMutants(base: string, positions: readonly Position[]): MutantSpec[] {
  const out: MutantSpec[] = [];
  let program = "";
  for (const p of positions) {
    // The findings are grouped by program: the name of the command the argument belongs to.
    if (p.kind === "command-name") {
      program = base.slice(p.start, p.end).replace(/^.*\//, "");
      // A variable the program may read as a path, set for it alone.
      if (p.quoting === "none") {
        for (const v of new Set([...COMMON_VARIABLES, ...documentedVariables(program)])) {
          out.push({ base, template: `${base.slice(0, p.start)}${v}=${OUT} ${base.slice(p.start)}`,
            kind: "command-name", quoting: "none", form: `env ${v} of ${program}`, node: p.node, at: p.start });
        }
      }
    }
    if (p.kind !== "argument" || p.node !== "word" || p.quoting !== "none") continue;
    const word = base.slice(p.start, p.end);
    if (word.includes(MARK) || /^[<>&|;]/.test(word)) continue;
    for (const f of ARG_FORMS) {
      const made = f.make(word);
      if (made === null || made === word) continue;
      out.push({ base, template: base.slice(0, p.start) + made + base.slice(p.end), kind: "argument", quoting: "none",
        form: `${f.name} of ${program}`, node: p.node, at: p.start });
    }
  }
  return out;
}

/** Tools with verbs: each verb's own `-h` lists its options. */
const VERBS: Readonly<Record<string, readonly string[]>> = {
  git: ["add", "am", "apply", "archive", "bisect", "blame", "branch", "bundle", "checkout", "cherry-pick", "clean",
    "clone", "commit", "config", "describe", "diff", "fetch", "format-patch", "gc", "grep", "init", "log", "merge",
    "mv", "notes", "pull", "push", "rebase", "reset", "restore", "rm", "shortlog", "show", "stash", "status",
    "submodule", "switch", "tag", "worktree", "fast-export", "fast-import", "hash-object", "ls-files", "ls-tree",
    "read-tree", "update-index", "cat-file", "rev-parse", "merge-file", "diff-files", "diff-index", "diff-tree",
    "range-diff", "revert", "send-email", "sparse-checkout", "maintenance", "credential-store"],
};

/**
 * Base commands made from the programs' own help: for each name the command table holds that
 * is a program here, every option `--help` shows taking a value, once with a value and once
 * more before an operand that exists (README.md). The corpora name few of most programs'
 * options; the help names them all. `--help` itself runs inside bubblewrap (read-only, no
 * network), and a program without bwrap gives no seeds.
 */
export function helpSeeds(names: Iterable<string>): { text: string; source: string }[] {
  const bwrap = findProgram("bwrap");
  if (bwrap === null) return [];
  const out: { text: string; source: string }[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    if (SYSTEM_FORBIDDEN.has(name) || !/^[\w.+-]+$/.test(name)) continue;
    const dir = SANDBOX_PATH.find((d) => isProgram(name, [d]));
    if (dir === undefined) continue;
    const path = join(dir, name);
    for (const verb of ["", ...(VERBS[name] ?? [])]) {
      const command = verb === "" ? name : `${name} ${verb}`;
      const r = spawnSync(bwrap, ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp",
        "--tmpfs", "/run", "--unshare-all", "--die-with-parent", "--new-session", path,
        ...(verb === "" ? ["--help"] : [verb, "-h"])], { encoding: "utf8", timeout: 3000,
        stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 22 });
      const help = `${r.stdout ?? ""}\n${r.stderr ?? ""}`;
      const add = (option: string) => {
        for (const text of [`${command} ${option}`, `${command} ${option} README.md`]) {
          if (seen.has(text)) continue;
          seen.add(text);
          out.push({ text, source: "help" });
        }
      };
      for (const m of help.matchAll(/(--[A-Za-z0-9][\w-]*)\[?=([A-Za-z<{][\w<>{}|.,:-]*)/g)) add(`${m[1]}=x`);
      for (const m of help.matchAll(/(?:^|[\s,[])(--?[A-Za-z0-9][\w-]*)[ \t]+(?:[A-Z][A-Z0-9_]+|<[\w-]+>)\b/gm)) {
        add(`${m[1]} x`);
      }
    }
  }
  return out;
}
