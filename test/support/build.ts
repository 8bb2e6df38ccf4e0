// dist/ is what Node.js runs (bin/shellfence.js, the package's `import` entries), so the tests that
// run it under node build it first (`npm run build`: tsc, the bundle the bin prefers, the native hook client). One
// build per source state, not one per test file: the build leaves a stamp in a temp directory
// keyed by this checkout's path, holding the hash of what went in (src/, native/, the tsconfigs,
// package.json, the compiler's, bundler's and grammar runtime's versions) and of what came out
// (dist/, without the compiled binary). A later call whose sources and dist/ hash the same
// returns at once; anything else rebuilds, so dist/ changed or deleted by hand is rebuilt too.
// A lock keeps two test processes from building at once.

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dir, "..", "..");
const state = join(tmpdir(), `shellfence-dist-${createHash("sha256").update(root).digest("hex").slice(0, 16)}`);
const stampPath = join(state, "stamp.json");
const lockPath = join(state, "lock");
/** A lock older than this was left by a process that died while building. */
const STALE_LOCK_MS = 5 * 60_000;

/** Builds dist/ from the current sources unless this helper already built it from them. */
export function buildDist(): void {
  mkdirSync(state, { recursive: true });
  withLock(() => {
    const sources = sourcesHash();
    if (existsSync(stampPath)) {
      const stamp = JSON.parse(readFileSync(stampPath, "utf8")) as { sources?: unknown; dist?: unknown };
      if (stamp.sources === sources && stamp.dist === treeHash("dist", (p) => !p.startsWith("dist/bin/"))) return;
    }
    rmSync(stampPath, { force: true });
    const b = spawnSync("npm", ["run", "build"], { cwd: root, encoding: "utf8" });
    if (b.status !== 0) throw new Error(`build failed: ${b.stdout}${b.stderr}`);
    writeFileSync(stampPath, JSON.stringify({ sources, dist: treeHash("dist", (p) => !p.startsWith("dist/bin/")) }));
  });
}

function sourcesHash(): string {
  const h = createHash("sha256");
  for (const f of ["package.json", "tsconfig.json", "tsconfig.build.json", "node_modules/typescript/package.json",
    "node_modules/bun/package.json", "node_modules/web-tree-sitter/package.json"])
  {
    h.update(`${f}\0`).update(readFileSync(join(root, f))).update("\0");
  }
  h.update(treeHash("src", () => true));
  // The native hook client and its build (scripts/build-native.ts), which `npm run build` runs last.
  h.update(treeHash("native", () => true));
  h.update(readFileSync(join(root, "scripts", "build-native.ts")));
  return h.digest("hex");
}

/** The hash of every file under `dir` (relative to the checkout) that `keep` keeps, by path and content. */
function treeHash(dir: string, keep: (path: string) => boolean): string {
  const h = createHash("sha256");
  const walk = (d: string) => {
    if (!existsSync(join(root, d))) return;
    for (const e of readdirSync(join(root, d), { withFileTypes: true }).sort((a,
      b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
    )) {
      const p = `${d}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && keep(p)) h.update(`${p}\0`).update(readFileSync(join(root, p))).update("\0");
    }
  };
  walk(dir);
  return h.digest("hex");
}

function withLock(body: () => void): void {
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(lockPath);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      let age = 0;
      try {
        age = Date.now() - statSync(lockPath).mtimeMs;
      } catch {
        continue; // released just now
      }
      if (age > STALE_LOCK_MS) rmSync(lockPath, { recursive: true, force: true });
      else Atomics.wait(sleeper, 0, 0, 200);
    }
  }
  try {
    body();
  } finally {
    rmSync(lockPath, { recursive: true, force: true });
  }
}
