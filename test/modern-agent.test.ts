// The modern agent workload (corpora/modern-agent/): the corpus is what its README says it is —
// three projects that materialise whole, commands that name them, stay where they say, and cite
// a source PROVENANCE.md describes — and no command labelled outside is allowed, but the wrong
// allows listed below as known findings, each of which must still be one (so the list shrinks
// when the guard learns them, instead of hiding a fix or a new hole).

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, lstatSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Materialised, materialise, readCommands, readProjects, staysInside,
  WORKLOAD_DIR } from "../scripts/modern-agent.ts";
import { createGuard, type Guard } from "../src/index.ts";

/** Outside commands the guard allows today: findings of the measurement (docs/testing.md), not yet fixed. */
const KNOWN_WRONG_ALLOWS: readonly string[] = [
  // (none left: `uv pip install --system rich` and `crontab -l` ask since stop 28)
];

const FAMILIES = new Set(["explore", "read", "search", "git", "gh", "build", "test", "lint", "pkg", "run", "http",
  "docker", "edit", "env", "process"]);

const projects = readProjects();
const commands = readCommands();
const provenance = readFileSync(join(WORKLOAD_DIR, "PROVENANCE.md"), "utf8");
const sourceKeys = new Set([...provenance.matchAll(/^### `([a-z0-9-]+)`/gm)].map((m) => m[1]!));

describe("the modern agent corpus", () => {
  test("its commands name a project, a family and a documented source, once each", () => {
    const names = new Set(projects.map((p) => p.name));
    const bad = commands.filter((c) =>
      !names.has(c.project) || !FAMILIES.has(c.family) || !sourceKeys.has(c.source) || !staysInside(c.cwd)
    );
    expect(bad).toEqual([]);
    const keys = commands.map((c) => `${c.project}\u0000${c.cwd}\u0000${c.command}`);
    expect(keys.length - new Set(keys).size).toBe(0);
  });

  test("at least 400 inside commands and 60 outside twins, in every project", () => {
    const inside = commands.filter((c) => c.expect === "inside");
    const outside = commands.filter((c) => c.expect === "outside");
    expect(inside.length).toBeGreaterThanOrEqual(400);
    expect(outside.length).toBeGreaterThanOrEqual(60);
    for (const p of projects) {
      expect(inside.some((c) => c.project === p.name)).toBe(true);
      expect(outside.some((c) => c.project === p.name)).toBe(true);
    }
    expect(outside.every((c) => c.source === "outside-twin")).toBe(true);
  });

  test("the projects' files stay in them, and their sources are documented", () => {
    for (const p of projects) {
      expect(Object.keys(p.files).filter((f) => !staysInside(f))).toEqual([]);
      expect(p.sources.filter((s) => !sourceKeys.has(s))).toEqual([]);
    }
  });
});

describe("the materialised workload", () => {
  let scratch = "";
  let m: Materialised;
  let guard: Guard;
  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), "shellfence-workload-"));
    m = materialise(scratch);
    guard = await createGuard({ home: m.home });
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test("every command's working directory exists in its project", () => {
    const missing = commands.filter((c) =>
      !statSync(join(m.roots[c.project]!, c.cwd), { throwIfNoEntry: false })?.isDirectory()
    );
    expect(missing).toEqual([]);
  });

  test("git repositories, node_modules links that resolve, a virtual environment as venv makes it", () => {
    for (const root of Object.values(m.roots)) {
      expect(existsSync(join(root, ".git"))).toBe(true);
      expect(existsSync(join(root, "node_modules")) || existsSync(join(root, ".venv"))).toBe(true);
    }
    const acme = m.roots.monorepo!;
    expect(realpathSync(join(acme, "apps/web/node_modules/.bin/next"))).toBe(
      join(acme, "apps/web/node_modules/next/dist/bin/next"),
    );
    expect(realpathSync(join(acme, "apps/web/node_modules/@acme/ui"))).toBe(join(acme, "packages/ui"));
    const venv = join(m.roots.python!, ".venv");
    expect(readFileSync(join(venv, "pyvenv.cfg"), "utf8")).toMatch(/^home = /m);
    // (3.11 writes VIRTUAL_ENV=PATH, 3.12 and later export VIRTUAL_ENV="PATH")
    expect(readFileSync(join(venv, "bin/activate"), "utf8")).toMatch(new RegExp(`VIRTUAL_ENV="?${venv}"?$`, "m"));
    expect(lstatSync(join(venv, "bin/python3")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(venv, "bin/pytest"), "utf8").split("\n")[0]).toBe(`#!${venv}/bin/python3`);
  });

  test("no outside command is allowed but the known findings, and those still are", () => {
    const allowed: string[] = [];
    for (const c of commands.filter((x) => x.expect === "outside")) {
      const root = m.roots[c.project]!;
      const v = guard.check(c.command, { cwd: join(root, c.cwd), roots: [root] });
      if (v.decision === "allow") allowed.push(c.command);
    }
    expect(allowed.sort()).toEqual([...KNOWN_WRONG_ALLOWS].sort());
  });
});
