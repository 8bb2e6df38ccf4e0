// The configuration npm, pnpm and yarn read from the project before they run anything: a
// setting there can make `npm run t` run other code than the script the guard reads
// (`script-shell=/tmp/evil.sh` in the project's .npmrc: npm 11 ran `/tmp/evil.sh -c 'echo
// hi'`), put code into every node started (`node-options=--require /x.js`: npm exported it as
// NODE_OPTIONS to the script), read another configuration file (`userconfig=/tmp/u.npmrc`,
// whose own script-shell npm then used), run another package manager (`yarnPath`) or plugins,
// or write elsewhere (`prefix`, `store-dir`). Each such key found in a file inside the roots
// is judged as what it names (an `exec` or `write` access) or asks (OPAQUE_CODE, naming the
// key and the file); the other keys (registry, save-exact, engine-strict, auto-install-peers,
// auth tokens) change nothing the guard judges. A file outside the roots is the host's own
// configuration (`~/.npmrc`), taken on trust as the inherited environment is.

import type { Span } from "../base/span.ts";
import { type Arg, isSystemProgram, withValue } from "../commands/analyse.ts";
import { commandWords, SHELL_SYNTAX } from "../shell/environment.ts";
import type { World } from "../shell/state.ts";
import { isAbsolute, isInside, join } from "../paths/resolve.ts";
import { pathCandidates } from "./candidates.ts";
import { iniSettings, type Settings, yamlTopSettings, yarnrcSettings } from "./config-lines.ts";
import type { Shell } from "./context.ts";
import { configText } from "./written-config.ts";

/** What a key's value is, to the tool that reads it. */
type Role =
  /** The shell every script runs with: one the guard reads scripts as (sh, bash, dash), or asks. */
  | "shell"
  /** A program or module the tool runs or loads: a path is an `exec` access. */
  | "program"
  /** Node's options for every node started (`node-options`): each word and glued value is an `exec` path. */
  | "node-options"
  /** Another configuration file, whose own keys the guard does not read: asks. */
  | "config"
  /** A place the tool writes (global installs, stores, caches): a `write` access. */
  | "place";

/** The keys that matter, normalised (config-lines.ts normKey); every other key is ordinary. */
const ROLES: ReadonlyMap<string, Role> = new Map<string, Role>([["scriptshell", "shell"],
  ...(["shell", "git", "editor", "browser", "viewer", "nodegyp", "onloadscript", "initmodule", "yarnpath", "pnpmfile",
    "globalpnpmfile", "plugins"] as const).map((k) => [k, "program"] as const), ["nodeoptions", "node-options"],
  ...(["userconfig", "globalconfig", "npmrcauthfile", "injectenvironmentfiles"] as const).map((k) =>
    [k, "config"] as const
  ),
  ...(["prefix", "cache", "cachedir", "cachefolder", "globalfolder", "globaldir", "globalbindir", "storedir",
    "virtualstoredir", "modulesdir", "statedir", "pnpmhomedir", "tmp", "lockfiledir", "installstatepath",
    "pnpunpluggedfolder", "virtualfolder"] as const).map((k) => [k, "place"] as const)]);

type Format = "ini" | "yarnrc" | "yaml";

/** The files each tool reads in the directory it starts in and above (which of them, by how it reads). */
const NPMRC: readonly [string, Format] = [".npmrc", "ini"];
const FILES: ReadonlyMap<string, readonly (readonly [string, Format])[]> = new Map([["npm", [NPMRC]], ["npx", [NPMRC]],
  ["pnpm", [NPMRC, ["pnpm-workspace.yaml", "yaml"]]], ["pnpx", [NPMRC, ["pnpm-workspace.yaml", "yaml"]]], ["yarn", [
  NPMRC,
  [".yarnrc", "yarnrc"],
  [".yarnrc.yml", "yaml"],
]], ["yarnpkg", [NPMRC, [".yarnrc", "yarnrc"], [".yarnrc.yml", "yaml"]]]]);

/** The shells the guard reads a package.json script as (`sh` as dash and bash both: nested.ts). */
const SCRIPT_SHELLS = /^(sh|bash|dash)$/;

function settingsOf(text: string, format: Format): Settings {
  switch (format) {
    case "ini":
      return iniSettings(text);
    case "yarnrc":
      return yarnrcSettings(text);
    case "yaml":
      return yamlTopSettings(text);
    default: {
      const never: never = format;
      throw new Error(`unknown format ${String(never)}`);
    }
  }
}

/** The directories a tool starts in: the working directory, and `--prefix`, `-C`/`--dir`, `--cwd` when given. */
function startDirs(name: string, args: readonly (string | null)[], cwd: string): string[] {
  const out = [cwd];
  const opts = name.startsWith("npm") || name === "npx" ?
    ["--prefix"] :
    name.startsWith("pnp")
    ? ["-C", "--dir"]
    : ["--cwd"];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === null || a === undefined) continue;
    const eq = opts.find((o) => a.startsWith(`${o}=`));
    const v = opts.includes(a) ? args[i + 1] : eq ? a.slice(eq.length + 1) : undefined;
    if (typeof v === "string" && v !== "") out.push(isAbsolute(v) ? v : join(cwd, v));
  }
  return out;
}

/**
 * Judges the settings of the package manager's configuration files inside the roots that the
 * program `argv[0]` (npm, npx, pnpm, pnpx, yarn) reads from where it starts and each directory
 * above it (more than npm reads, which only adds).
 */
export function packageConfig(it: Shell, argv: readonly Arg[], w: World, span: Span): void {
  const first = argv[0]?.text;
  if (first === undefined || first === null || w.cwd === null) return;
  const name = first.slice(first.lastIndexOf("/") + 1);
  const files = FILES.get(name);
  if (files === undefined) return;
  const roots = it.paths.opts.roots;
  const seen = new Set<string>();
  for (const start of startDirs(name, argv.slice(1).map((a) => a.text), w.cwd)) {
    for (let dir = it.paths.physicalDir(start); dir !== null; dir = dir === "/" ? null : parent(dir)) {
      if (!roots.some((r) => isInside(dir!, r))) break;
      for (const [base, format] of files) {
        const file = `${dir === "/" ? "" : dir}/${base}`;
        if (seen.has(file) || it.fs.lstat(file) === null) continue;
        seen.add(file);
        const text = configText(it, w, file);
        if (text === null) {
          it.issue("OPAQUE_CODE", `${name} reads its settings from ${file}, which the guard cannot read`, span);
          continue;
        }
        judgeSettings(it, w, span, name, file, settingsOf(text, format), dir, start);
      }
    }
  }
}

function parent(dir: string): string {
  return dir.slice(0, dir.lastIndexOf("/")) || "/";
}

function judgeSettings(it: Shell, w: World, span: Span, name: string, file: string, s: Settings, dir: string,
  start: string): void
{
  const opaque = (why: string) => it.issue("OPAQUE_CODE", `${name} reads ${file}: ${why}`, span);
  if (s.unreadable) opaque("a form of YAML the guard does not read may hold any setting");
  for (const { key, norm, values } of s.settings) {
    const role = ROLES.get(norm);
    if (role === undefined) continue;
    for (const value of values) {
      // npm expands ${VAR} in values from the environment, which the guard does not know.
      const text = value === null ? null : expandHome(value, it.home);
      if (text === null) {
        opaque(`its ${key} names ${role === "place" ? "a place" : "code"} in a form the guard does not read`);
        continue;
      }
      const at: Arg = { text: null, source: `${key}=…`, span, unknownWhy: null, segs: [] };
      const command = `${key} in ${file}`;
      // Relative paths are taken from the file's directory and from where the tool starts.
      const judge = (path: string, kind: "exec" | "write") => {
        for (const base of new Set([dir, start])) {
          it.paths.access(w, withValue(at, isAbsolute(path) ? path : join(base, path), ""), kind, command);
        }
      };
      switch (role) {
        case "shell": {
          const words = commandWords(text);
          const shell = words[0] ?? "";
          const plain = words.length === 1 && SCRIPT_SHELLS.test(shell.slice(shell.lastIndexOf("/") + 1)) &&
            (!shell.includes("/") || isSystemProgram(shell));
          if (!plain) opaque(`its ${key} runs every script with ${JSON.stringify(text)}, not a shell the guard reads`);
          break;
        }
        case "program": {
          if (SHELL_SYNTAX.test(text)) {
            opaque(`its ${key} holds shell code`);
            break;
          }
          const words = commandWords(text);
          // `git=git`, `editor=vim`: a name looked up on the host's PATH; a system program is what its name says.
          for (const word of words) if (word.includes("/") && !isSystemProgram(word)) judge(word, "exec");
          break;
        }
        case "node-options": {
          if (SHELL_SYNTAX.test(text)) {
            opaque(`its ${key} holds shell code`);
            break;
          }
          for (const word of commandWords(text)) {
            // `--import=data:text/javascript,…`, `--import https://…`: code in the value itself.
            if (/(^|=)(data|https?):/i.test(word)) opaque(`its ${key} loads code given in the value itself`);
            else for (const cand of pathCandidates(word)) judge(cand, "exec");
          }
          break;
        }
        case "config":
          opaque(`its ${key} names another file of settings (${text}), which the guard does not read`);
          break;
        case "place":
          judge(text, "write");
          break;
        default: {
          const never: never = role;
          throw new Error(`unknown role ${String(never)}`);
        }
      }
    }
  }
}

/** A value with `~/` at its start made absolute (npm's path keys); null for one holding `${…}`. */
function expandHome(value: string, home: string | null): string | null {
  if (value.includes("${")) return null;
  if (value === "~" || value.startsWith("~/")) return home === null ? null : home + value.slice(1);
  return value;
}
