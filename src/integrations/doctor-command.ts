// Which program a host's hook command runs, for `shellfence doctor`: the command's first words
// read as `sh -c` reads them (quotes, `$VAR` and `${VAR}` from the hook's environment, a leading
// `~`), past assignments, `exec`, `env` and `command`, through an interpreter (`node FILE`,
// `sh FILE`) or a package runner (`npx NAME`, found in node_modules/.bin as npx finds it), and
// then on PATH as sh finds it. Whatever the reader does not follow ($(…), globs, a `cd` first)
// is "not resolved": the doctor says so rather than guess.

import { accessSync, constants, existsSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

type ProgramOf = { readonly program: string } | { readonly unresolved: string };

const INTERPRETERS = new Set(["node", "nodejs", "bun", "deno", "sh", "bash", "dash", "python", "python3"]);
const RUNNERS = new Set(["npx", "bunx", "pnpx"]);
const PREFIXES = new Set(["exec", "command", "nohup", "time"]);

/** The words of the first simple command, or why they cannot be read without running the shell. */
function firstWords(command: string, env: Readonly<Record<string, string | undefined>>): string[] | string {
  const words: string[] = [];
  let word: string | null = null;
  let i = 0;
  const name = () => {
    const m = /^(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/.exec(command.slice(i + 1));
    if (m === null) return null;
    i += 1 + m[0].length;
    return env[m[1] ?? m[2]!] ?? "";
  };
  for (; i < command.length;) {
    const c = command[i]!;
    if (c === " " || c === "\t") {
      if (word !== null) words.push(word);
      word = null;
      i++;
    } else if (";&|<>()\n".includes(c) || (c === "#" && word === null)) break;
    else if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) return "an unterminated quote";
      word = (word ?? "") + command.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      word ??= "";
      for (i++; i < command.length && command[i] !== '"';) {
        const d = command[i]!;
        if (d === "\\" && '$`"\\\n'.includes(command[i + 1] ?? "")) {
          word += command[i + 1];
          i += 2;
        } else if (d === "$") {
          const v = name();
          if (v === null) return "a substitution in quotes";
          word += v;
        } else if (d === "`") return "a command substitution";
        else {
          word += d;
          i++;
        }
      }
      if (i >= command.length) return "an unterminated quote";
      i++;
    } else if (c === "\\") {
      word = (word ?? "") + (command[i + 1] ?? "");
      i += 2;
    } else if (c === "$") {
      const v = name();
      if (v === null) return "a substitution";
      // Unquoted, an expansion is split and globbed: only a value with neither reads as one word.
      if (/[\s*?[]/.test(v)) return "an unquoted variable whose value would be split";
      word = (word ?? "") + v;
    } else if (c === "`" || "*?[".includes(c)) return "a substitution or a glob";
    else if (c === "~" && word === null) {
      const m = /^~(?=\/|$|\s)/.exec(command.slice(i));
      if (m === null) return "a ~user";
      word = env.HOME ?? "~";
      i++;
    } else {
      word = (word ?? "") + c;
      i++;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

function executable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** A name without a slash, as sh finds it on PATH. */
function onPath(name: string, path: string | undefined, cwd: string): string | null {
  for (const d of (path ?? "").split(":")) {
    const p = resolve(cwd, d === "" ? "." : d, name);
    if (executable(p)) return p;
  }
  return null;
}

/** `npx NAME`: the project's own bin, found up the tree as npm does; else npx fetches or finds it elsewhere. */
function runnerBin(name: string, cwd: string): string | null {
  for (let d = cwd;; d = dirname(d)) {
    const p = join(d, "node_modules", ".bin", name);
    if (existsSync(p)) return p;
    if (dirname(d) === d) return null;
  }
}

/**
 * The program file a hook command runs, given the directory and environment the host runs it
 * with, as the command names it (a link, perhaps: not resolved physically).
 */
export function programOf(command: string, cwd: string, env: Readonly<Record<string, string | undefined>>): ProgramOf {
  const words = firstWords(command, env);
  if (typeof words === "string") return { unresolved: `the command holds ${words}` };
  let k = 0;
  for (; k < words.length; k++) {
    const w = words[k]!;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w) || PREFIXES.has(w)) continue;
    if (w === "env") {
      while (k + 1 < words.length && /^[A-Za-z_][A-Za-z0-9_]*=|^-/.test(words[k + 1]!)) k++;
      continue;
    }
    break;
  }
  const word = words[k];
  if (word === undefined) return { unresolved: "the command names no program" };
  const base = basename(word);
  if (RUNNERS.has(base)) {
    const pkg = words.slice(k + 1).find((w) => !w.startsWith("-"));
    if (pkg === undefined) return { unresolved: `${base} names no package` };
    const bin = runnerBin(pkg, cwd);
    return bin === null
      ? {
        unresolved: `${base} ${pkg} is not in the project's node_modules/.bin: ${base} finds or fetches it elsewhere`,
      }
      : { program: bin };
  }
  if (INTERPRETERS.has(base.replace(/\.exe$/, ""))) {
    const script = words.slice(k + 1).find((w) => !w.startsWith("-"));
    if (script === undefined || words.slice(k + 1).some((w) => /^-[ce]$|^--eval$|^--print$/.test(w))) {
      return { unresolved: `${base} runs no script file` };
    }
    const p = resolve(cwd, script);
    return existsSync(p) ? { program: p } : { unresolved: `${p} does not exist` };
  }
  if (word.includes("/")) {
    const p = resolve(cwd, word);
    return existsSync(p) ? { program: p } : { unresolved: `${p} does not exist` };
  }
  const found = onPath(word, env.PATH, cwd);
  return found === null ? { unresolved: `${word} is not on the hook's PATH` } : { program: found };
}
