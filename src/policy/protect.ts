// The guard's own files: its configuration, the host files that register it, and the hook
// program itself. A command that rewrites one could allow itself everything on the next call,
// so a write to one is never silent (PROTECTED_PATH) — and neither is a write that reaches one
// from above: `rm -rf .claude`, `mv .claude x`, `tar xf x.tar` into a tree that holds
// `.shellfence.json`, `git stash` of the worktree.

import type { FileSystem } from "../paths/fs.ts";

/**
 * `$XDG_CONFIG_HOME`, else `~/.config` (null without a home). Read from the environment as it
 * is now (the resident server sets it for each request): a check reads it once and passes it on.
 */
export function configHomeOf(home: string | null): string | null {
  return process.env.XDG_CONFIG_HOME || (home === null ? null : `${home.replace(/\/$/, "")}/.config`);
}

/**
 * By name, at any depth: `.shellfence.json`, `opencode.json(c)`, the hook program
 * (`node_modules/shellfence/`, `node_modules/.bin/shellfence` and `shellfence-hook`, the
 * command Claude Code's hook runs), and the hosts' directories as
 * zones — `.claude/` (settings, hooks, and the agents and skills whose frontmatter may hold
 * hooks), `.opencode/` (plugins, and tools: a tool named `bash` replaces opencode's own and
 * runs in the host unchecked), `.pi/` (settings, extensions): whatever is written there, made,
 * renamed or unpacked, the host loads as its own code or configuration. Also Claude Code's
 * MCP servers, which it starts as programs: `.mcp.json`, and `~/.claude.json`.
 */
const PROTECTED_NAME = new RegExp(
  "/(\\.shellfence\\.json$|\\.claude(/|$)|\\.claude\\.json$|\\.mcp\\.json$|opencode\\.jsonc?$" +
    "|\\.opencode(/|$)|\\.pi(/|$)|node_modules/shellfence(/|$)|node_modules/\\.bin/shellfence(-hook)?$)",
);
/**
 * git's own directory, where a write is code the next `git status` or `git commit` runs (the
 * agent's or the user's): `core.fsmonitor` or an alias in `config`, a hook, `info/attributes`,
 * a submodule's config, `config.worktree`, `commondir` or a worktree's link to another git directory — and a
 * `.git` itself, a directory renamed or a file made that points git elsewhere. git doing its
 * ordinary work writes here (`git commit`, `git init`), and is not asked about for it: the
 * git entry judges the options and keys that make it run programs (table/vcs/git-config.ts).
 */
const GIT_ZONE = /\/\.git(\/(config|config\.worktree|hooks|info|modules|commondir|worktrees)(\/|$)|$)/;
/** In the config home: the guard's own directory and opencode's. */
const PROTECTED_CONFIG = /^\/(shellfence|opencode)(\/|$)/;

/**
 * The package manager's manifest and lockfiles: where one names the guard's package, rewriting
 * it and installing replaces or removes the hook program (`npm pkg set
 * devDependencies.shellfence=file:./x && npm install`).
 */
const MANIFEST = /\/(package\.json|package-lock\.json|npm-shrinkwrap\.json|pnpm-lock\.yaml|yarn\.lock|bun\.lockb?)$/;
/** The guard's package named in one (a key, a `node_modules/` path, a `shellfence@` spec); not `shellfence-x`. */
const NAMES_GUARD = /(^|[^\w.-])shellfence($|[^\w.-])/m;
/** Lockfiles of large projects run to megabytes; past this one is taken to name the guard. */
const MANIFEST_MAX = 16 * 1024 * 1024;

/** Who writes: git itself, a command that removes or renames what it names, or another. */
export type Writer = "git" | "remover" | "deleter" | "metadata" | "unknown" | "other";

/**
 * Is this (physically resolved, perhaps case-folded) path one of the guard's files, or inside
 * one of its directories? `onDisk`: the path as spelled, to look at.
 */
function isProtectedIn(resolved: string, configHome: string | null, by: Writer, fs: FileSystem,
  onDisk: string): boolean
{
  if (PROTECTED_NAME.test(resolved)) return true;
  // `.git` itself: made or replaced (a file that points git elsewhere), removed or renamed. A
  // write of the existing directory by another command reaches what it holds (protectedReach).
  if (by !== "git" && by !== "deleter" && GIT_ZONE.test(resolved)) {
    if (!/\/\.git$/.test(resolved) || by === "remover" || fs.lstat(onDisk) !== "dir") return true;
  }
  if (MANIFEST.test(resolved) && fs.lstat(onDisk) === "file") {
    const text = fs.readFile(onDisk, MANIFEST_MAX);
    return text === null || NAMES_GUARD.test(text);
  }
  return configHome !== null && resolved.startsWith(configHome) &&
    PROTECTED_CONFIG.test(resolved.slice(configHome.length));
}

/** Where the guard's files live in a project root. */
const ROOT_ANCHORS = [".shellfence.json", ".claude/settings.json", ".claude/settings.local.json", "opencode.json",
  "opencode.jsonc", ".opencode/opencode.json", ".opencode/opencode.jsonc", ".opencode/plugin", ".opencode/plugins",
  ".pi/settings.json", ".pi/extensions", "node_modules/shellfence", "node_modules/.bin/shellfence",
  "node_modules/.bin/shellfence-hook"];
/** …in the home directory. */
const HOME_ANCHORS = [".claude/settings.json", ".claude/settings.local.json", ".pi/agent/settings.json",
  ".pi/agent/extensions"];
/** …in the config home. */
const CONFIG_ANCHORS = ["shellfence", "opencode/opencode.json", "opencode/opencode.jsonc", "opencode/plugin",
  "opencode/plugins"];
/**
 * Zones a write from above reaches as well, but which the sandbox leaves writable (git's own
 * work writes `.git/`; the hosts write their directories): only the judgement uses them. Every
 * repository holds a `.git`, so a write into the directory that holds it (`tar xf a.tar`, an
 * unknown command's `.`) does not reach it — that would ask about every extraction in every
 * repository; a write of `.git` itself (a rename of it, a file made there, an extraction into
 * it), a rename of the directory that holds it, or a write of the directories above does.
 */
const ROOT_ZONES = [".claude", ".opencode", ".pi", ".mcp.json", ".git", ".git/config", ".git/hooks", ".git/info",
  ".git/modules", ".git/commondir", ".git/worktrees"];
const HOME_ZONES = [".claude", ".pi", ".claude.json"];
const CONFIG_ZONES = ["opencode"];

function under(dir: string, rel: string): string {
  return dir === "/" ? `/${rel}` : `${dir.replace(/\/$/, "")}/${rel}`;
}

/** Where the guard's files live for some roots and a home, whether they exist or not. */
interface Anchors {
  readonly paths: readonly string[];
  /** The zones (ROOT_ZONES…): judged as `paths` are, not kept read-only by the sandbox. */
  readonly zones: readonly string[];
  /** Every proper ancestor of a path in `paths` or `zones`: only a write of one of these can reach one. */
  readonly above: ReadonlySet<string>;
}

interface AnchorsKey {
  readonly roots: readonly string[];
  readonly home: string | null;
  readonly configHome: string | null;
  readonly loaded: readonly string[];
}

let last: (AnchorsKey & { anchors: Anchors }) | null = null;

/** The places the guard's files live for these roots and this home. */
export function protectedAnchors(roots: readonly string[], home: string | null): Anchors {
  return anchorsFor(roots, home, configHomeOf(home), []);
}

const ANCHOR_CACHE = new Map<string, Anchors>();

function anchorsFor(roots: readonly string[], home: string | null, configHome: string | null,
  loaded: readonly string[]): Anchors
{
  // One check asks with the same roots every time, and checks repeat them.
  const same = last !== null && last.roots === roots && last.home === home && last.configHome === configHome;
  if (same && last!.loaded === loaded) return last!.anchors;
  const key = `${home}\u0000${configHome}\u0000${roots.join("\u0000")}\u0001${loaded.join("\u0000")}`;
  const cached = ANCHOR_CACHE.get(key);
  if (cached) {
    last = { roots, home, configHome, loaded, anchors: cached };
    return cached;
  }
  const paths = new Set<string>(loaded);
  for (const r of roots) for (const rel of ROOT_ANCHORS) paths.add(under(r, rel));
  if (home !== null) { for (const rel of HOME_ANCHORS) paths.add(under(home, rel)); }
  if (configHome !== null) { for (const rel of CONFIG_ANCHORS) paths.add(under(configHome, rel)); }
  const zones = new Set<string>();
  for (const r of roots) for (const rel of ROOT_ZONES) zones.add(under(r, rel));
  if (home !== null) { for (const rel of HOME_ZONES) zones.add(under(home, rel)); }
  if (configHome !== null) { for (const rel of CONFIG_ZONES) zones.add(under(configHome, rel)); }
  const above = new Set<string>();
  for (const p of [...paths, ...zones]) {
    for (let i = p.lastIndexOf("/"); i > 0; i = p.lastIndexOf("/", i - 1)) above.add(p.slice(0, i));
    above.add("/");
  }
  const anchors = { paths: [...paths], zones: [...zones], above };
  if (ANCHOR_CACHE.size > 64) ANCHOR_CACHE.clear();
  ANCHOR_CACHE.set(key, anchors);
  last = { roots, home, configHome, loaded, anchors };
  return anchors;
}

/**
 * The guard's file that a write of `resolved` reaches: `resolved` itself when it is one, else
 * the first place below it where one lives and something exists (a recursive write, move or
 * removal of a directory writes what it holds). Null when there is none. `by`, for the `.git/`
 * zone: `git` when the write is git's own (a command run as `git …`); `deleter` when it only
 * removes (`rm`, `rmdir`: a repository's files gone run nothing); `metadata` when it changes
 * only modes, owners or times (`chmod`, `touch`); neither counts against the zone. `remover`
 * (`mv`) renames: `.git` itself counts as a write of the zone whatever it is. `unknown`: an
 * access of unknown kind, a word of a command the table does not know (`q "SELECT * …"` may
 * name every entry, `.git` among them), which reaches no file below git's directory.
 * `loaded`: the config files the guard loaded, as named and as resolved (a `--config` file
 * anywhere, the target of a `.shellfence.json` that is a symlink): guarded as its own.
 */
export function protectedReach(resolved: string, home: string | null, roots: readonly string[], fs: FileSystem,
  configHome = configHomeOf(home), by: Writer = "other", loaded: readonly string[] = [], fold = false): string | null
{
  // On a filesystem that ignores case (src/paths/case.ts) `.SHELLFENCE.JSON` is the file: match folded.
  const f = (p: string) => (fold ? p.toLowerCase() : p);
  const subject = f(resolved);
  if (loaded.some((l) => f(l) === subject)) return resolved;
  if (isProtectedIn(subject, configHome === null ? null : f(configHome), by, fs, resolved)) return resolved;
  const anchors = anchorsFor(roots, home, configHome, loaded);
  if (!anchors.above.has(resolved) && !(fold && [...anchors.above].some((a) => f(a) === subject))) return null;
  const prefix = subject === "/" ? "/" : `${subject}/`;
  for (const a of [...anchors.paths, ...anchors.zones]) {
    if (!f(a).startsWith(prefix)) continue;
    // git's zone: not for git's own work, a removal or a mode change; nor from the directory
    // that holds it, but by a rename.
    const intoHolder = by !== "remover" && /^\.git(\/|$)/.test(f(a).slice(prefix.length));
    const notCounted = by === "git" || by === "deleter" || by === "metadata" || by === "unknown";
    if (GIT_ZONE.test(a) && (notCounted || intoHolder)) continue;
    // Directory by directory, so a missing `.claude` costs one look for both of its files.
    let present = true;
    const at = resolved + a.slice(prefix.length - (subject === "/" ? 0 : 1));
    for (let i = at.indexOf("/", prefix.length); present && i > 0; i = at.indexOf("/", i + 1)) {
      present = fs.lstat(at.slice(0, i)) !== null;
    }
    if (present && fs.lstat(at) !== null) return at;
  }
  return null;
}
