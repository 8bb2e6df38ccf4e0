// Which packages of a workspace a package manager's selection names, from the packages'
// names, directories and dependencies (src/interp/workspaces.ts reads them). The answer is the
// packages the tool runs in, or more of them, never fewer: where the tool's choice depends on
// something the guard does not see (the files changed since a git revision, a package left out
// by `!`), every package it could choose is taken. A selection the guard cannot place (a
// selector of a syntax it does not know, one that selects no package, a word not known) is
// refused with the reason, and the guard asks.

import { isInside } from "../paths/resolve.ts";

export interface WorkspacePackage {
  /** The package's directory (the workspace's root directory joined with `rel`). */
  readonly dir: string;
  /** Its directory relative to the workspace root; "" for the root. */
  readonly rel: string;
  readonly name: string | null;
  /** The names it depends on (dependencies, devDependencies, optionalDependencies, peerDependencies). */
  readonly deps: readonly string[];
  readonly root: boolean;
  /** Its package.json as read when the workspace was (the scripts pnpm runs are those). */
  readonly manifest: string;
}

/** The packages selected, or why the selection is not known. */
export type Selected = readonly WorkspacePackage[] | { readonly why: string };

/**
 * pnpm's `--filter` selectors (pnpm's "Filtering" page; parsePackageSelector in
 * @pnpm/filter-workspace-packages): `NAME` (with `*` globs; an unscoped name that matches no
 * package also matches `@SCOPE/NAME`), `./DIR`, `{DIR}` (the packages in that directory; a glob
 * in it is taken as its fixed part: every package under that), `[REV]` (changed since a git
 * revision: any package), `NAME...` and `...NAME` (with its dependencies, its dependents; `^`
 * leaves the package itself out, which is not followed: it stays), `!SELECTOR` (left out: not
 * followed, the others stay; only `!` selectors select every package). Relative directories are
 * taken from both `cwd` (pnpm's) and `start` (its `-C` directory).
 */
export function selectPnpm(pkgs: readonly WorkspacePackage[], filters: readonly (string | null)[], all: boolean,
  cwd: string | null, start: string | null): Selected
{
  const chosen = new Set<WorkspacePackage>();
  let positive = 0;
  for (const raw of filters) {
    if (raw === null) return { why: "a --filter selector is not known" };
    const sel = parseSelector(raw);
    if (typeof sel === "string") return { why: `the --filter selector ${JSON.stringify(raw)} ${sel}` };
    if (sel.exclude) continue;
    positive++;
    let entry: readonly WorkspacePackage[] = pkgs;
    if (sel.name !== null) entry = byName(entry, sel.name);
    if (sel.dir !== null) {
      const dirs = [cwd, start].filter((d): d is string => d !== null).map((d) => joinDir(d, sel.dir!));
      if (!dirs.length) return { why: `the --filter directory ${sel.dir} is relative to a directory not known` };
      entry = entry.filter((p) => dirs.some((d) => isInside(p.dir, d)));
    }
    if (!entry.length) {
      return { why: `the --filter selector ${JSON.stringify(raw)} selects no package of the workspace` };
    }
    for (const p of entry) chosen.add(p);
    if (sel.dependencies) { for (const p of closure(pkgs, entry, "dependencies")) chosen.add(p); }
    if (sel.dependents) { for (const p of closure(pkgs, entry, "dependents")) chosen.add(p); }
  }
  if (positive === 0 && (all || filters.length > 0)) return pkgs;
  return pkgs.filter((p) => chosen.has(p));
}

interface Selector {
  readonly exclude: boolean;
  readonly name: string | null;
  readonly dir: string | null;
  readonly dependencies: boolean;
  readonly dependents: boolean;
}

/** A selector's parts, or why it is not read. */
function parseSelector(raw: string): Selector | string {
  let s = raw;
  const exclude = s.startsWith("!");
  if (exclude) s = s.slice(1);
  const dependencies = s.endsWith("...");
  if (dependencies) s = s.slice(0, -3).replace(/\^$/, "");
  const dependents = s.startsWith("...");
  if (dependents) s = s.slice(3).replace(/^\^/, "");
  // A directory: `.`, `..`, `./DIR`, `../DIR` (pnpm's isSelectorByLocation).
  if (/^\.\.?(\/|$)/.test(s)) return { exclude, name: null, dir: s, dependencies, dependents };
  const m = /^([^.{[][^{}[\]]*)?(\{[^}]+\})?(\[[^\]]+\])?$/.exec(s);
  if (!m || (m[1] === undefined && m[2] === undefined && m[3] === undefined)) {
    return "is of a form the guard does not read";
  }
  const name = m[1] ?? null;
  if (name !== null && !/^[A-Za-z0-9@/._~*-]+$/.test(name)) return "is of a form the guard does not read";
  return { exclude, name, dir: m[2] ? m[2].slice(1, -1) : null, dependencies, dependents };
}

/** Packages whose name matches a pattern (`*`: any text); an unscoped one also as `@SCOPE/NAME`. */
function byName(pkgs: readonly WorkspacePackage[], pattern: string): readonly WorkspacePackage[] {
  const re = (p: string) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
  const exact = re(pattern);
  const found = pkgs.filter((p) => p.name !== null && exact.test(p.name));
  if (found.length || pattern.startsWith("@")) return found;
  const scoped = re(`@*/${pattern}`);
  return pkgs.filter((p) => p.name !== null && scoped.test(p.name));
}

/** A selector's directory from where pnpm starts; a glob in it is taken as the directory before it. */
function joinDir(from: string, dir: string): string {
  const fixed = dir.split("/").filter((s, i, all) => !all.slice(0, i + 1).some((x) => /[*?[\]{}!]/.test(x)));
  const segs = [...from.split("/"), ...fixed].filter((s) => s !== "" && s !== ".");
  const out: string[] = [];
  for (const s of segs) {
    if (s === "..") out.pop();
    else out.push(s);
  }
  return "/" + out.join("/");
}

/** The packages `entry` depends on (or that depend on it), at any depth. */
function closure(pkgs: readonly WorkspacePackage[], entry: readonly WorkspacePackage[],
  way: "dependencies" | "dependents"): Set<WorkspacePackage>
{
  const byNameMap = new Map(pkgs.filter((p) => p.name !== null).map((p) => [p.name!, p]));
  const out = new Set<WorkspacePackage>(entry);
  const queue = [...entry];
  while (queue.length) {
    const p = queue.pop()!;
    const next = way === "dependencies"
      ? p.deps.map((d) => byNameMap.get(d)).filter((x): x is WorkspacePackage => x !== undefined)
      : pkgs.filter((q) => p.name !== null && q.deps.includes(p.name));
    for (const q of next) {
      if (!out.has(q)) {
        out.add(q);
        queue.push(q);
      }
    }
  }
  return out;
}

/**
 * npm's `-w` values (npm's "workspaces" docs; lib/utils/get-workspaces.js): a package's name,
 * or a directory, which selects the packages in it; relative to the working directory or to the
 * workspace root (npm takes one of them: both are followed). `all`: `--workspaces`.
 */
export function selectNpm(pkgs: readonly WorkspacePackage[], filters: readonly (string | null)[], all: boolean,
  cwd: string | null, root: string): Selected
{
  const members = pkgs.filter((p) => !p.root);
  if (all && !filters.length) return members;
  const chosen = new Set<WorkspacePackage>();
  for (const f of filters) {
    if (f === null) return { why: "a -w value is not known" };
    const named = members.filter((p) => p.name === f);
    const dirs = [cwd, root].filter((d): d is string => d !== null).map((d) => joinDir(d, f));
    const inDir = f.includes("*") ? [] : members.filter((p) => dirs.some((d) => isInside(p.dir, d)));
    if (!named.length && !inDir.length) return { why: `-w ${f} names no package of the workspace` };
    for (const p of [...named, ...inDir]) chosen.add(p);
  }
  return pkgs.filter((p) => chosen.has(p));
}

/** yarn's `workspace NAME`: the package of that name. */
export function selectYarn(pkgs: readonly WorkspacePackage[], filters: readonly (string | null)[],
  all: boolean): Selected
{
  if (all) return pkgs;
  const chosen: WorkspacePackage[] = [];
  for (const f of filters) {
    if (f === null) return { why: "the workspace name is not known" };
    const named = pkgs.filter((p) => p.name === f);
    if (!named.length) return { why: `${f} names no package of the workspace` };
    chosen.push(...named);
  }
  return pkgs.filter((p) => chosen.includes(p));
}
