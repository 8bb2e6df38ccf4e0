// A package manager's workspace, read from the disk: its root, the patterns that name its
// packages (pnpm-workspace.yaml's `packages:` for pnpm, the root package.json's `workspaces`
// for npm and yarn), and each package's name and dependencies, for workspace-filter.ts to
// select from. Every file is read as code is (Accesses.readScript: inside a root, not written
// earlier in the command), and anything that cannot be read makes the whole workspace unknown:
// a pattern that climbs out of the root (`../other/*`), a package whose directory leads outside
// the roots, a package.json that is not JSON, more packages or directories than the bounds.

import type { Span } from "../base/span.ts";
import type { WorkspaceSelection, WorkspaceTool } from "../commands/effects.ts";
import { minimatch } from "minimatch";
import { isAbsolute, isInside, join, resolvePhysical } from "../paths/resolve.ts";
import type { World } from "../shell/state.ts";
import type { Shell } from "./context.ts";
import { type Selected, selectNpm, selectPnpm, selectYarn, type WorkspacePackage } from "./workspace-filter.ts";
import { readWorkspaceYaml } from "./workspace-yaml.ts";

/** Directories looked at while expanding the patterns, and packages, before the workspace is too large to read. */
const MAX_DIRS = 4000;
const MAX_PACKAGES = 256;

interface Workspace {
  readonly root: string;
  readonly packages: readonly WorkspacePackage[];
}

/** The packages a selection names, from the workspace found above `from`, or why not. */
export function selectedPackages(it: Shell, w: World, select: WorkspaceSelection, from: string | null, span: Span,
  label: string): Selected
{
  const start = from === null || isAbsolute(from) ? from : w.cwd === null ? null : join(w.cwd, from);
  if (start === null) return { why: "the directory it starts in is not known" };
  const ws = readWorkspace(it, w, select.tool, start, span, label, select.optional === true);
  // (An install outside any workspace inside the roots installs its own package only.)
  if ("absent" in ws && select.optional) return [];
  if ("why" in ws) return ws;
  const texts = select.filters.map((f) => f.text);
  const cwd = w.cwd;
  const picked = select.tool === "pnpm"
    ? selectPnpm(ws.packages, texts, select.all, cwd, start)
    : select.tool === "npm"
    ? selectNpm(ws.packages, texts, select.all, cwd, ws.root)
    : selectYarn(ws.packages, texts, select.all);
  if ("why" in picked) return picked;
  const root = ws.packages.find((p) => p.root);
  switch (select.root) {
    case "yes":
      return root && !picked.includes(root) ? [root, ...picked] : picked;
    case "no":
      return picked.filter((p) => !p.root);
    case "if-selected":
      return picked;
    default: {
      const never: never = select.root;
      throw new Error(`unknown root choice ${String(never)}`);
    }
  }
}

/** Whether `dir` is a workspace's root: it holds pnpm-workspace.yaml, or a package.json with `workspaces`. */
export function isWorkspaceRoot(it: Shell, w: World, dir: string): boolean {
  const at = (name: string) => (dir === "/" ? `/${name}` : `${dir}/${name}`);
  const yaml = resolvePhysical(at("pnpm-workspace.yaml"), it.fs);
  if (yaml.ok && yaml.exists) return true;
  const manifest = packageJson(it, w, at("package.json"));
  return manifest !== null && typeof manifest === "object" && "workspaces" in manifest;
}

/**
 * The workspace above `from`, or why not (`absent`: there is none; with `inRoots`, none inside
 * the roots counts, and one above them is not looked for).
 */
function readWorkspace(it: Shell, w: World, tool: WorkspaceTool, from: string, span: Span, label: string,
  inRoots: boolean): Workspace | { readonly why: string; readonly absent?: true }
{
  const disk = it.paths.diskFor(w, span, label);
  const outside = (dir: string) => inRoots && !it.paths.opts.roots.some((r) => isInside(dir, r));
  let root: string | null;
  let patterns: readonly string[];
  if (tool === "pnpm") {
    root = disk.findUp("pnpm-workspace.yaml", from);
    if (root === null || outside(root)) return { why: "no pnpm-workspace.yaml is above where it starts", absent: true };
    const file = root === "/" ? "/pnpm-workspace.yaml" : `${root}/pnpm-workspace.yaml`;
    const text = it.paths.readScript(w, file, true);
    if (text === null) return { why: `${file} cannot be read here` };
    const yaml = readWorkspaceYaml(text);
    if ("error" in yaml) return { why: `${file} is not of the form the guard reads (${yaml.error})` };
    patterns = yaml.packages;
  } else {
    // npm and yarn: the nearest package.json above that declares workspaces.
    let dir = disk.findUp("package.json", from);
    let found: readonly string[] | null = null;
    while (dir !== null && !outside(dir)) {
      const file = dir === "/" ? "/package.json" : `${dir}/package.json`;
      const manifest = packageJson(it, w, file);
      if (manifest === null) return { why: `${file} cannot be read here` };
      const declared = workspacesField(manifest);
      if (declared === "invalid") return { why: `the workspaces of ${file} are not of the form the guard reads` };
      if (declared !== null) {
        found = declared;
        break;
      }
      dir = dir === "/" ? null : disk.findUp("package.json", dir.slice(0, dir.lastIndexOf("/")) || "/");
    }
    if (dir === null || found === null) {
      return { why: "no package.json above where it starts declares workspaces", absent: true };
    }
    root = dir;
    patterns = found;
  }
  const rels = memberDirs(it, root, patterns);
  if (typeof rels === "string") return { why: rels };
  const packages: WorkspacePackage[] = [];
  for (const rel of ["", ...rels]) {
    // (Physical, as the package.json a script is read from is named: memberDirs kept it inside the root.)
    const r = resolvePhysical(rel === "" ? root : join(root, rel), it.fs);
    if (!r.ok) return { why: `${join(root, rel)} cannot be resolved` };
    const dir = r.path;
    const file = `${dir === "/" ? "" : dir}/package.json`;
    const exists = resolvePhysical(file, it.fs);
    // (pnpm's root need not be a package; npm's and yarn's is the package.json read above.)
    if (rel === "" && exists.ok && !exists.exists) continue;
    const text = it.paths.readScript(w, file, true);
    const manifest = text === null ? null : parsedObject(text);
    if (manifest === null) return { why: `the package.json of ${dir} cannot be read here` };
    packages.push({ dir, rel, root: rel === "", name: stringField(manifest, "name"), deps: dependencyNames(manifest),
      manifest: text! });
  }
  return { root, packages };
}

/**
 * The directories (relative to the root) that the patterns name and that hold a package.json,
 * found as pnpm's and npm's globbing does: `*` and `**` match no name starting with `.`,
 * node_modules is never entered, `!` patterns leave packages out (not followed: they stay).
 */
function memberDirs(it: Shell, root: string, patterns: readonly string[]): string[] | string {
  const positive = patterns.filter((p) => !p.startsWith("!")).map((p) => p.replace(/^\.\//, "").replace(/\/+$/, ""));
  for (const p of positive) {
    if (p.startsWith("/") || p.split("/").includes("..")) return `the pattern ${p} reaches outside the workspace`;
  }
  const found = new Set<string>();
  let seen = 0;
  const queue: string[] = [""];
  while (queue.length) {
    const rel = queue.shift()!;
    if (++seen > MAX_DIRS) return `its patterns reach more than ${MAX_DIRS} directories`;
    const dir = rel === "" ? root : join(root, rel);
    const names = it.fs.readdir(dir);
    if (names === null) continue;
    for (const name of [...names].sort()) {
      if (name === "node_modules") continue;
      const child = rel === "" ? name : `${rel}/${name}`;
      const could = positive.filter((p) => minimatch(child, p, { dot: false, partial: true }));
      if (!could.length) continue;
      // Directories, and symlinks to them (the globbing follows them): one that leads out of
      // the workspace is packages the guard does not read.
      const r = resolvePhysical(join(root, child), it.fs);
      if (!r.ok) return `${join(root, child)} cannot be resolved`;
      if (!r.exists || it.fs.lstat(r.path) !== "dir") continue;
      if (!isInside(r.path, root)) return `${join(root, child)} leads outside the workspace`;
      if (could.some((p) => minimatch(child, p, { dot: false }))) {
        const manifest = resolvePhysical(join(root, `${child}/package.json`), it.fs);
        if (!manifest.ok || manifest.exists) found.add(child);
      }
      queue.push(child);
    }
    if (found.size > MAX_PACKAGES) return `it has more than ${MAX_PACKAGES} packages`;
  }
  return [...found].sort();
}

/** A package.json read as code is (parsed), or null when it cannot be read or is not a JSON object. */
function packageJson(it: Shell, w: World, file: string): Record<string, unknown> | null {
  const text = it.paths.readScript(w, file, true);
  return text === null ? null : parsedObject(text);
}

function parsedObject(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The `workspaces` of a package.json: its patterns (a list, or yarn's `{ packages: [...] }`), null when it has none. */
function workspacesField(manifest: Record<string, unknown>): readonly string[] | null | "invalid" {
  if (!("workspaces" in manifest)) return null;
  const ws = manifest["workspaces"];
  const list = Array.isArray(ws)
    ? ws
    : typeof ws === "object" && ws !== null && Array.isArray((ws as { packages?: unknown }).packages)
    ? (ws as { packages: unknown[] }).packages
    : null;
  if (list === null || !list.every((p): p is string => typeof p === "string")) return "invalid";
  return list;
}

function stringField(manifest: Record<string, unknown>, key: string): string | null {
  const v = manifest[key];
  return typeof v === "string" ? v : null;
}

const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"];

function dependencyNames(manifest: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const f of DEPENDENCY_FIELDS) {
    const v = manifest[f];
    if (typeof v === "object" && v !== null) out.push(...Object.keys(v));
  }
  return out;
}
