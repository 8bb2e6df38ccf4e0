// The build's manifest: every file of the package that a host or the bin may load, by its
// SHA-256 (scripts/build-manifest.ts writes dist/manifest.json as the last step of `npm run
// build`), and its check by `shellfence doctor`. It tells a package replaced or half installed
// from the build that made it; it proves nothing against someone with the user's rights, who
// can rewrite the manifest with the files (docs/integrations.md, "Checking the install").

import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isRecord } from "./fields.ts";

/** Relative to the package root. */
export const MANIFEST_FILE = "dist/manifest.json";

/**
 * What the manifest covers: the code Node.js runs (bin/, dist/), the sources Bun runs through
 * the package's `bun` export condition (src/), the pinned grammars, and package.json, whose
 * `bin`, `exports` and `pi` fields name the files the hosts load.
 */
const COVERED_DIRS = ["bin", "dist", "src", "grammar"];
const COVERED_FILES = ["package.json"];

/**
 * Not covered: what runs never load from the package as it was built — the manifest itself,
 * V8's code caches (written beside the bundle at run time), and the standalone binary
 * (`npm run build:binary`, not part of the package).
 */
function excluded(rel: string): boolean {
  return rel === MANIFEST_FILE || rel.startsWith("dist/bin/") || /^dist\/bundle\/[^/]*\.v8cache$/.test(rel);
}

interface Manifest {
  readonly build: string | null;
  /** Relative path → SHA-256 (hex). */
  readonly files: Readonly<Record<string, string>>;
}

export function sha256File(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

/**
 * The covered files under `root` as they are now, sorted. Symlinks are listed by name and not
 * followed: a link where the build made a file is a difference, and a link to a directory does
 * not pull another tree in.
 */
function coveredFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    let entries;
    try {
      entries = readdirSync(join(root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const r = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(r);
      else if (!excluded(r)) out.push(r);
    }
  };
  for (const d of COVERED_DIRS) walk(d);
  for (const f of COVERED_FILES) {
    try {
      lstatSync(join(root, f));
      out.push(f);
    } catch {
      // Not there: the check names it missing when the manifest lists it.
    }
  }
  return out.sort();
}

/** The manifest of the package at `root` as it is now (the build writes this). */
export function makeManifest(root: string, build: string | null): Manifest {
  const files: Record<string, string> = {};
  for (const rel of coveredFiles(root)) files[rel] = fileHash(join(root, rel));
  return { build, files };
}

/** A regular file's SHA-256; anything else gets a name no file's content hashes to. */
function fileHash(path: string): string {
  try {
    const st = lstatSync(path);
    return st.isFile() ? sha256File(path) : st.isSymbolicLink() ? "symlink" : "not a regular file";
  } catch {
    return "unreadable";
  }
}

type ManifestCheck = { readonly kind: "absent" } | { readonly kind: "unreadable"; readonly why: string } | {
  readonly kind: "checked";
  readonly build: string | null;
  readonly count: number;
  readonly changed: readonly string[];
  readonly missing: readonly string[];
  readonly added: readonly string[];
};

/** The package at `root` against the manifest its build wrote. */
export function checkManifest(root: string): ManifestCheck {
  let text: string;
  try {
    text = readFileSync(join(root, MANIFEST_FILE), "utf8");
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ENOENT"
      ? { kind: "absent" }
      : { kind: "unreadable", why: (e as Error).message };
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return { kind: "unreadable", why: (e as Error).message };
  }
  if (!isRecord(v) || !isRecord(v.files)) return { kind: "unreadable", why: "it has no `files` object" };
  const want = v.files;
  const now = new Set(coveredFiles(root));
  const changed: string[] = [];
  const missing: string[] = [];
  for (const [rel, hash] of Object.entries(want)) {
    if (!now.has(rel)) missing.push(rel);
    else if (fileHash(join(root, rel)) !== hash) changed.push(rel);
  }
  const added = [...now].filter((rel) => !(rel in want));
  return { kind: "checked", build: typeof v.build === "string" ? v.build : null, count: Object.keys(want).length,
    changed, missing, added };
}
