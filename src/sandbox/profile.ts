// The sandbox a command runs in, derived from the same policy the static check judges by.
// Each existing path whose treatment differs from its parent's becomes one mount: writable,
// read-only or hidden. The policy is asked about every such path exactly as the guard asks
// about an access (Policy.judgePath), so one rule set decides both.

import { delimiter } from "node:path";
import { containingRoot, type Policy, relativeTo } from "../policy/decide.ts";
import { protectedAnchors } from "../policy/protect.ts";
import { expandPatternHome, lastMatch, pathMatches, pathMayMatchBelow } from "../policy/rules.ts";
import { cachingFileSystem, type FileSystem, nodeFileSystem } from "../paths/fs.ts";
import { isInside, resolvePhysical } from "../paths/resolve.ts";
import { type Access, stricter } from "../base/verdict.ts";
import { HOME_CACHES, HOME_CONFIGS, HOME_SECRETS, HOME_TOOLCHAINS, ROOT_MUST_STAY_ABSENT, ROOT_WRITE_PROTECTED,
  STRICT_SYSTEM, SYSTEM_SECRETS } from "./builtin.ts";

/**
 * `contained` (the default): outside the roots is hidden but for the system, the toolchains,
 * the package managers' caches (writable) and what the policy lets be read. `standard`: outside
 * the roots is read-only (reads are not enforced). `strict`: as `contained`, with an empty home.
 */
export const SANDBOX_MODES = ["contained", "standard", "strict"] as const;
export const DEFAULT_SANDBOX_MODE: SandboxMode = "contained";
export type SandboxMode = (typeof SANDBOX_MODES)[number];

export type MountMode = "writable" | "read-only" | "hidden";

export interface Mount {
  /** Absolute, physically resolved. */
  readonly path: string;
  readonly mode: MountMode;
  readonly dir: boolean;
  /** Why it is mounted so: a rule (`surface:pattern`), `root`, or a built-in reason. */
  readonly why: string;
  /**
   * Mounted even where it changes nothing: a directory holding a protected place is bound onto
   * itself so that it cannot be renamed away (EBUSY) and replaced by one the command made.
   */
  readonly pinned?: true;
}

export interface SandboxProfile {
  readonly mode: SandboxMode;
  readonly cwd: string;
  readonly roots: readonly string[];
  readonly home: string | null;
  /** `/tmp` is a private, empty tmpfs (it is not writable by the rules). */
  readonly privateTmp: boolean;
  /** `strict`: the home directory is a private, empty tmpfs, for what programs keep there. */
  readonly privateHome: string | null;
  /** Parents before children: a later mount lies on top of an earlier one. */
  readonly mounts: readonly Mount[];
  /**
   * Protected places that do not exist when the profile is made, in writable parents: what
   * appears there during the run is moved aside after it (`NAME.shellfence-quarantine`).
   */
  readonly mustStayAbsent: readonly string[];
  /** `shared` (default): the host's network; `none`: a network namespace of its own (`--no-network`). */
  readonly network: "shared" | "none";
}

export class SandboxError extends Error {
  override readonly name = "SandboxError";
}

interface ProfileInput {
  readonly policy: Policy;
  /** Physically resolved project roots. */
  readonly roots: readonly string[];
  readonly cwd: string;
  readonly mode: SandboxMode;
  /** Accesses the user approved (an `ask` let through): they work inside the sandbox too. */
  readonly approved?: readonly Access[];
  /** PATH, whose directories `strict` shows. */
  readonly path?: string;
  /** Entries looked at while finding what the rules restrict, before giving up (default 50000). */
  readonly maxEntries?: number;
  readonly network?: "shared" | "none";
  /**
   * The disk as one build sees it (default: the real one). Every lookup is kept for the build:
   * the candidates share their parents (the home's dozens of places), so asking each segment
   * once cut a build's `lstat` calls from about 950 to the 180 distinct paths.
   */
  readonly fs?: FileSystem;
}

const DEFAULT_MAX_ENTRIES = 50_000;
const STRICTNESS: Record<MountMode, number> = { writable: 0, "read-only": 1, hidden: 2 };
const PATH_SURFACES = ["read", "ls", "write", "edit"] as const;
/** The sandbox makes its own /dev and /proc. */
const OWN_MOUNTS = ["/dev", "/proc"];

/** Where a path leads and whether that is a directory, or null when it is not there. */
function exists(fs: FileSystem, p: string): { real: string; dir: boolean } | null {
  const r = resolvePhysical(p, fs);
  if (!r.ok || !r.exists) return null;
  const t = fs.lstat(r.path);
  return t === null || t === "unreadable" ? null : { real: r.path, dir: t === "dir" };
}

function entryType(fs: FileSystem, p: string): "dir" | "other" | "symlink" | null {
  const t = fs.lstat(p);
  return t === null || t === "unreadable" ? null : t === "symlink" ? "symlink" : t === "dir" ? "dir" : "other";
}

/** The part of a path pattern before its first wildcard, as a directory path, or null when it has none. */
function literalPrefix(pattern: string): string | null {
  const segments = pattern.split("/");
  const out: string[] = [];
  for (const s of segments) {
    if (/[*?[\]{}!+@()]/.test(s)) break;
    out.push(s);
  }
  const p = out.join("/");
  return p === "" ? (pattern.startsWith("/") ? "/" : null) : p;
}

export function buildProfile(input: ProfileInput): SandboxProfile {
  const { policy, roots, mode } = input;
  const fs = cachingFileSystem(input.fs ?? nodeFileSystem);
  const home = policy.home;
  const approved = (input.approved ?? []).filter((a) => a.resolved !== null);
  const hides = mode !== "standard";
  const systemVisible = hides ? systemReadable(fs, input.path ?? "", home) : [];
  // `contained` shows these places of the home inside its private tmpfs (builtin.ts).
  const homeShown = new Map<string, MountMode>();
  if (mode === "contained" && home !== null) {
    const lists = [[HOME_TOOLCHAINS, "read-only"], [HOME_CONFIGS, "read-only"], [HOME_CACHES, "writable"]] as const;
    for (const [list, m] of lists) {
      for (const rel of list) homeShown.set(exists(fs, `${home}/${rel}`)?.real ?? `${home}/${rel}`, m);
    }
  }
  const shownAs = (p: string): MountMode | null => {
    let best: string | null = null;
    for (const k of homeShown.keys()) if (isInside(p, k) && (best === null || k.length > best.length)) best = k;
    return best === null ? null : homeShown.get(best)!;
  };
  // An approval never opens the home directory, or a place above it or above a root, for
  // writing: one vague ask (`cp -r x ~`) must not make every dotfile writable.
  const tooWide = (p: string) =>
    p === "/" || (home !== null && isInside(home, p)) || roots.some((r) => r !== p && isInside(r, p));
  const secrets = [...(home ? HOME_SECRETS.map((s) => `${home}/${s}`) : []), ...SYSTEM_SECRETS].map((p) =>
    exists(fs, p)?.real ?? p
  );
  const writeProtected = new Set<string>([...roots.flatMap((r) => ROOT_WRITE_PROTECTED.map((s) => `${r}/${s}`)),
    ...protectedAnchors(roots, home).paths]);

  const modeOf = (p: string, dir: boolean): { mode: MountMode; why: string } => {
    const read = policy.judgePath(p, "read", roots);
    const list = dir ? policy.judgePath(p, "list", roots) : read;
    const write = policy.judgePath(p, "write", roots);
    const r = stricter(read.decision, list.decision);
    const readRule = read.decision === "deny" ? read.rule : list.rule;
    if (secrets.includes(p) && !(read.decision === "allow" && read.rule !== null)) {
      return { mode: "hidden", why: "a built-in secret" };
    }
    if (r === "deny") return { mode: "hidden", why: readRule ?? "a deny" };
    const approvedAs = (kinds: readonly string[]) =>
      approved.some((a) => kinds.includes(a.kind) && isInside(p, a.resolved!));
    const shown = r === "ask" ? shownAs(p) : null;
    const visible = shown !== null || systemVisible.some((s) => isInside(p, s));
    if (hides && r === "ask" && !visible && !approvedAs(["read", "list", "exec", "unknown", "write"])) {
      return { mode: "hidden", why: `${mode}: outside the roots` };
    }
    // Everything below them too: a walk below .git/hooks must not find an existing hook writable.
    if (writeProtected.has(p) || [...writeProtected].some((w) => isInside(p, w))) {
      return { mode: "read-only", why: "the guard's own file or a repository's hooks/config" };
    }
    if (write.decision === "allow") {
      return { mode: "writable", why: write.rule ?? (containingRoot(p, roots) ? "root" : "allowed") };
    }
    if (approvedAs(["write", "unknown"]) && !tooWide(p)) return { mode: "writable", why: "approved" };
    if (shown === "writable" && write.decision !== "deny") return { mode: "writable", why: "a package cache" };
    if (shown !== null) return { mode: "read-only", why: "a toolchain or a tool's configuration" };
    return { mode: "read-only", why: write.rule ?? "outside the roots" };
  };

  const candidates = new Set<string>(roots);
  for (const s of [...PATH_SURFACES, "external_directory"]) {
    for (const rule of policy.rules(s)) {
      if (!rule.pattern.includes("/")) continue; // A basename anywhere: the walks below find it.
      // The built-in allowances to read system data (/usr/share/**, …) change no mount: the
      // sandbox shows what is outside the roots read-only, or hides it under strict.
      if (rule.kinds) continue;
      const expanded = expandPatternHome(rule.pattern, home);
      const prefix = literalPrefix(expanded);
      if (prefix === null) continue;
      if (prefix.startsWith("/")) candidates.add(prefix);
      else for (const r of roots) candidates.add(`${r}/${prefix}`);
    }
  }
  for (const a of approved) candidates.add(a.resolved!);
  // Walked below: the roots and what the rules name. The built-in places are mounted whole.
  const walkFrom = new Set(candidates);
  for (const p of [...secrets, ...writeProtected, ...systemVisible, ...homeShown.keys()]) candidates.add(p);

  const tmp = exists(fs, "/tmp");
  const privateTmp = tmp === null || modeOf(tmp.real, true).mode !== "writable";
  const base: MountMode = hides ? "hidden" : "read-only";
  const found = new Map<string, Mount>();
  const add = (m: Mount) => {
    const prev = found.get(m.path);
    if (!prev || STRICTNESS[m.mode] > STRICTNESS[prev.mode]) found.set(m.path, m);
  };
  const resolvedCandidates: { path: string; dir: boolean; walk: boolean }[] = [];
  for (const c of candidates) {
    const e = exists(fs, c);
    if (e === null || e.real === "/" || OWN_MOUNTS.some((o) => isInside(e.real, o))) continue;
    if (privateTmp && e.real === "/tmp") continue;
    resolvedCandidates.push({ path: e.real, dir: e.dir, walk: walkFrom.has(c) });
    add({ path: e.real, dir: e.dir, ...modeOf(e.real, e.dir) });
  }

  // Below each candidate, the entries the rules treat differently from their parent.
  const budget = { left: input.maxEntries ?? DEFAULT_MAX_ENTRIES };
  const walked = new Set<string>();
  for (const c of resolvedCandidates) {
    const m = found.get(c.path)!;
    if (!c.walk || !c.dir || m.mode === "hidden") continue;
    walk(c.path, m.mode, { fs, policy, roots, budget, walked, modeOf, add });
  }

  // The zones: each directory between a root and a protected place in it is pinned (the
  // mount of `.git` makes `mv .git x` fail, and with it a fresh `.git` with its own hooks).
  // A `.git` that is a file (a worktree's or submodule's link to its repository) is read-only.
  const absent: string[] = [];
  for (const r of roots) {
    const inRoot = [...writeProtected].filter((p) => p.startsWith(`${r}/`));
    for (const rel of ROOT_MUST_STAY_ABSENT) inRoot.push(`${r}/${rel}`);
    for (const p of inRoot) {
      const e = exists(fs, p);
      if (e === null) {
        if (exists(fs, p.slice(0, p.lastIndexOf("/")))?.dir) absent.push(p);
        continue;
      }
      for (let i = p.indexOf("/", r.length + 1); i > 0; i = p.indexOf("/", i + 1)) {
        const dir = p.slice(0, i);
        const m = found.get(dir);
        if (m === undefined && entryType(fs, dir) === "dir") {
          found.set(dir, { path: dir, dir: true, ...modeOf(dir, true), pinned: true });
        } else if (m !== undefined && m.mode === "writable") found.set(dir, { ...m, pinned: true });
      }
    }
    const link = `${r}/.git`;
    if (entryType(fs, link) === "other") {
      add({ path: link, dir: false, mode: "read-only", why: "a link to a repository" });
    }
  }

  const mounts = [...found.values()] // A mount that changes nothing (a nested root, a secret outside a hidden home) is left out.
    .filter((m) => m.pinned === true || m.mode !== parentMode(m.path, found, base)).sort((a, b) =>
      depth(a.path) - depth(b.path) || a.path.localeCompare(b.path)
    );
  const homeDir = home === null ? null : exists(fs, home);
  const privateHome = hides && homeDir !== null && !found.has(homeDir.real) ? homeDir.real : null;
  const mustStayAbsent = [...new Set(absent)].sort();
  const network = input.network ?? "shared";
  return { mode, cwd: input.cwd, roots, home, privateTmp, privateHome, mounts, mustStayAbsent, network };
}

function depth(p: string): number {
  return p.split("/").length;
}

function parentMode(p: string, found: ReadonlyMap<string, Mount>, base: MountMode): MountMode {
  for (let i = p.lastIndexOf("/"); i > 0; i = p.lastIndexOf("/", i - 1)) {
    const m = found.get(p.slice(0, i));
    if (m) return m.mode;
  }
  return base;
}

interface WalkContext {
  readonly fs: FileSystem;
  readonly policy: Policy;
  readonly roots: readonly string[];
  readonly budget: { left: number };
  readonly walked: Set<string>;
  readonly modeOf: (p: string, dir: boolean) => { mode: MountMode; why: string };
  readonly add: (m: Mount) => void;
}

function walk(start: string, startMode: MountMode, ctx: WalkContext): void {
  const queue: { dir: string; mode: MountMode }[] = [{ dir: start, mode: startMode }];
  while (queue.length) {
    const { dir, mode } = queue.shift()!;
    if (ctx.walked.has(dir) || !mayDifferBelow(dir, ctx.policy, ctx.roots)) continue;
    ctx.walked.add(dir);
    const names = ctx.fs.readdir(dir)?.sort();
    if (names === undefined) continue; // The command cannot list it either.
    for (const name of names) {
      if (--ctx.budget.left < 0) {
        throw new SandboxError(
          `the rules name paths at any depth below ${dir}, and finding them looked at more entries than the bound; narrow the patterns (a directory instead of a basename), or raise maxEntries`,
        );
      }
      const p = dir === "/" ? `/${name}` : `${dir}/${name}`;
      // A symlink is judged where it leads, which is mounted (or not) in its own right.
      const t = entryType(ctx.fs, p);
      if (t === null || t === "symlink") continue;
      const m = ctx.modeOf(p, t === "dir");
      if (m.mode !== mode) ctx.add({ path: p, dir: t === "dir", ...m });
      if (t === "dir" && m.mode !== "hidden") queue.push({ dir: p, mode: m.mode });
    }
  }
}

/**
 * Could an entry below `dir` be judged otherwise than `dir` is? Only when a rule after the
 * last one covering all of `dir` could match something below it (or matches `dir` itself,
 * so that its children answer to another rule).
 */
function mayDifferBelow(dir: string, policy: Policy, roots: readonly string[]): boolean {
  const root = containingRoot(dir, roots);
  if (root === undefined && roots.some((r) => isInside(r, dir))) return true;
  const subjects = root === undefined ? [dir] : [relativeTo(dir, root), dir];
  const home = policy.home;
  const surfaces = root === undefined ? [...PATH_SURFACES, "external_directory"] : PATH_SURFACES;
  for (const s of surfaces) {
    const rules = policy.rules(s);
    const cover = lastMatch(rules,
      (p) => p === "*" || p === "**" || (p.endsWith("/**") && subjects.some((x) => pathMatches(p, x, home))));
    const from = cover ? rules.lastIndexOf(cover) + 1 : 0;
    for (const r of rules.slice(from)) {
      if (subjects.some((x) =>
        (x === "." && !r.pattern.startsWith("/") && !r.pattern.startsWith("~")) ||
        pathMayMatchBelow(r.pattern, x, home) || pathMatches(r.pattern, x, home)
      )) return true;
    }
  }
  return false;
}

/**
 * What `contained` and `strict` show of the system: the usual directories, the file the
 * resolver reads (/etc/resolv.conf often leads into /run), and each PATH directory's install prefix.
 */
function systemReadable(fs: FileSystem, pathVar: string, home: string | null): string[] {
  const out = new Set<string>(STRICT_SYSTEM);
  const resolv = exists(fs, "/etc/resolv.conf");
  if (resolv !== null) out.add(resolv.real);
  for (const d of pathVar.split(delimiter)) {
    if (!d.startsWith("/")) continue;
    // A tool installed under one prefix (~/.pyenv/shims, /opt/go/bin) runs from all of it;
    // but ~/bin, ~/.local/bin or ~/.cargo/bin would show the home, ~/.local or ~/.cargo whole.
    const prefix = /\/(bin|sbin|shims)$/.test(d) ? d.replace(/\/[^/]+$/, "") || "/" : d;
    const shared = home !== null && [home, `${home}/.local`, `${home}/.cargo`, `${home}/go`].includes(prefix);
    out.add(shared ? d : prefix);
  }
  out.delete("/");
  if (home !== null) out.delete(home);
  return [...out];
}
