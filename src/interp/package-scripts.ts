// `npm run NAME` and its kin: a package.json's scripts are shell code, run by sh in the package's
// directory as a child of the command (nested.ts runs them), after the `pre` script and before
// the `post` one, a chain of scripts that run one another bounded by its own stack.

import type { Effect } from "../commands/analyse.ts";
import type { World } from "../shell/state.ts";
import { isAbsolute, join } from "../paths/resolve.ts";
import type { Shell } from "./context.ts";
import { runCode } from "./nested.ts";
import { withCwd } from "./worlds.ts";

/**
 * `npm run NAME`: the nearest package.json's `preNAME`, `NAME` and `postNAME` scripts are
 * shell code (npm runs them with sh) in the package's directory, read like a script inside
 * the root: a package.json outside the roots, too large, or written earlier in the command
 * is OPAQUE_CODE. A script that is not there runs nothing for npm (it stops with an error);
 * pnpm, yarn and bun run the program of that name from the package's bins instead.
 */
export function runPackageScript(it: Shell, e: Extract<Effect, { t: "package-script" }>, w: World,
  manifest?: string): void
{
  const dir = packageDir(it, w, e);
  if (dir === null) return;
  // (`manifest`: the package.json as the tool read it before running anything, pnpm's workspace runs.)
  const text = manifest ?? it.paths.readScript(w, dir === "/" ? "/package.json" : `${dir}/package.json`, true);
  let scripts: Record<string, unknown> | null = null;
  if (text !== null) {
    try {
      const pkg: unknown = JSON.parse(text);
      const s = typeof pkg === "object" && pkg !== null ? (pkg as { scripts?: unknown }).scripts : undefined;
      scripts = typeof s === "object" && s !== null ? (s as Record<string, unknown>) : {};
    } catch {
      scripts = null;
    }
  }
  if (scripts === null) {
    it.issue("OPAQUE_CODE", `${e.label} runs a script of ${dir}/package.json, which the guard cannot read`, e.span);
    return;
  }
  const main = scripts[e.name];
  const extra = e.args.map((a) => (a.text === null ? null : shellQuote(a.text)));
  // pnpm, yarn and bun run the package's program of that name when there is no such script
  // (`yarn shellfence exec …`, `bun run tsc`): judged as that command.
  if (typeof main !== "string" && !e.event && !e.member && /^(pnpm|yarn|bun)\b/.test(e.label)) {
    const line = extra.includes(null) ? null : [shellQuote(e.name), ...extra].join(" ");
    runCode(it, line, e.span, `${e.label} (its program)`, withCwd(w.clone(), dir), false, [], "sh");
    return;
  }
  if (typeof main !== "string" && !e.event) return;
  const running = it.frame.scripts ?? [];
  for (const [key, code] of [[`pre${e.name}`, scripts[`pre${e.name}`]], [e.name, main], [`post${e.name}`,
    scripts[`post${e.name}`]]] as const)
  {
    if (typeof code !== "string") continue;
    const id = `${dir}/package.json#${key}`;
    if (running.includes(id)) {
      it.issue("OPAQUE_CODE",
        `${e.label} runs the script ${key} of ${dir}/package.json again from inside itself, a cycle`, e.span);
      continue;
    }
    if (running.length >= MAX_SCRIPT_CHAIN) {
      it.issue("NESTING_TOO_DEEP", `${e.label}: package.json scripts run each other more than ${MAX_SCRIPT_CHAIN} deep`,
        e.span);
      continue;
    }
    const withArgs = key === e.name && extra.length
      ? (extra.includes(null) ? null : `${code} ${extra.join(" ")}`)
      : code;
    // A script that runs another script (`"test": "npm run lint && npm run unit"`) is followed as
    // deep as the chain goes: it is not code nested in a word, so it adds no nesting level, and
    // the chain is bounded by its own stack (a cycle, or MAX_SCRIPT_CHAIN).
    const saved = it.frame;
    it.frame = { ...saved, depth: saved.depth - 1, scripts: [...running, id] };
    try {
      runCode(it, withArgs, e.span, `${e.label.split(" ").slice(0, -1).join(" ")} ${key}`, withCwd(w.clone(), dir),
        false, [], "sh");
    } finally {
      it.frame = saved;
    }
  }
}

/**
 * The directory of the package.json npm finds for a script: the nearest at or above where it
 * starts. Null when there is none (the script runs nothing), or, with OPAQUE_CODE, when which
 * one it is is not known: the directory is not known, is not there now but may have been made
 * earlier in the command (`mkdir -p t && cd t && npm run x`), or a package.json below the one
 * found may have been written earlier (`echo … > package.json` where there was none).
 */
function packageDir(it: Shell, w: World, e: Extract<Effect, { t: "package-script" }>): string | null {
  const opaque = (why: string) => {
    it.issue("OPAQUE_CODE", `${e.label} runs a script of a package.json ${why}`, e.span);
    return null;
  };
  // (The disk view tells when the directory is a listing's stand-in.)
  const disk = it.paths.diskFor(w, e.span, e.label);
  const from = e.base === undefined || e.base === null ? (e.base === null ? null : w.cwd) : e.base;
  const start = from === null ? null : isAbsolute(from) ? from : w.cwd === null ? null : join(w.cwd, from);
  if (start === null) {
    disk.findUp("package.json", e.base);
    return opaque("found from a directory that is not known");
  }
  let cur = it.paths.physicalDir(start);
  // A directory that is not there, and that nothing earlier may have made, fails the tool: nothing runs.
  if (cur === null) return w.fsChanged || w.linksChanged ? opaque(`found from ${start}, which is not there now`) : null;
  for (;;) {
    const file = cur === "/" ? "/package.json" : `${cur}/package.json`;
    if (it.fs.lstat(file) !== null) return cur;
    if (it.paths.texts.mayBeWritten(file)) return opaque(`at ${file}, which an earlier command may have written`);
    if (cur === "/") return null;
    cur = cur.slice(0, cur.lastIndexOf("/")) || "/";
  }
}

/** How many package.json scripts may run one another before the chain asks (NESTING_TOO_DEEP). */
const MAX_SCRIPT_CHAIN = 16;

/** A word as shell source that reads back as exactly that word. */
function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./=:,+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
