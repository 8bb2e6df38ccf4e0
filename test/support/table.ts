// Table-driven cases: [command, decision, expectations?, options?]. An expectation is
//   "KIND PATH"   an access of that kind (or * for any) resolving to PATH must be reported
//   "!KIND PATH"  no such access may be reported
//   "#CODE"       a reason with that code must be present ("!#CODE": must not be)
// Paths use $P (project), $O (outside), $B (project-backup), $H (fake home), $T (top).
// A case that asks or denies says why: one of its expectations must match a reason or an
// access with that same decision, so that a regression asking for another reason fails.
// Every case of table() also has a line in its file's golden verdicts (golden.ts).

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createGuard, type Decision, type Guard, type GuardOptions, type Verdict } from "../../src/index.ts";
import { buildFixture, type Fixture } from "./fixture.ts";
import { type GoldenCase, goldenCase, goldenFixture, startGoldenFile } from "./golden.ts";

export type Case = readonly [command: string, decision: Decision, expectations?: readonly string[],
  options?: { readonly cwd?: string; readonly roots?: readonly string[] }];

export interface Sandbox {
  fx: Fixture;
  guard: Guard;
  check(command: string, cwd?: string, roots?: readonly string[]): Verdict;
}

/** A fixture (at the bottom of its own chain of directories where the file has golden verdicts:
 * golden.ts) and a guard for a describe block; torn down after it. */
export function useSandbox(options: (fx: Fixture) => GuardOptions = () => ({})): Sandbox {
  const box = {} as Sandbox;
  const golden = startGoldenFile();
  beforeAll(async () => {
    // The chain only where verdicts are recorded: a file that records none (the hostile inputs and
    // their time bounds, the fuzz campaign) keeps the fixture it was written against.
    box.fx = golden.hasCases() ? goldenFixture() : buildFixture();
    box.guard = await createGuard({ home: box.fx.home, ...options(box.fx) });
    box.check = (command, cwd, roots) =>
      box.guard.check(command, { cwd: box.fx.sub(cwd ?? "$P"), ...(roots ? { roots: roots.map(box.fx.sub) } : {}) });
  });
  afterAll(() => box.fx?.remove());
  return box;
}

export function explain(v: Verdict): string {
  const lines = [`decision: ${v.decision}`];
  for (const r of v.reasons) lines.push(`  reason ${r.code} ${r.decision}: ${r.message}`);
  for (const a of v.accesses) {
    lines.push(
      `  access ${a.kind} ${a.path} -> ${a.resolved} ${a.decision} (${a.command}${
        a.via.length ? " via " + a.via.join(" > ") : ""
      })`,
    );
  }
  return lines.join("\n");
}

/** The reasons or accesses of `v` that a positive expectation (without `!`) names. */
function matching(v: Verdict, spec: string, fx: Fixture): readonly { readonly decision: Decision }[] {
  if (spec.startsWith("#")) return v.reasons.filter((r) => r.code === spec.slice(1));
  const sp = spec.indexOf(" ");
  const kind = spec.slice(0, sp);
  const path = fx.sub(spec.slice(sp + 1));
  return v.accesses.filter((a) =>
    (kind === "*" || a.kind === kind) && (path === "?" ? a.resolved === null : a.resolved === path)
  );
}

/** `path` with the fixture's directories written as placeholders, longest first. */
function placeholders(fx: Fixture, path: string): string {
  const dirs: [string, string][] = [["$B", fx.backup], ["$P", fx.project], ["$O", fx.outside], ["$H", fx.home], ["$T",
    fx.top]];
  for (const [name, dir] of dirs) if (path === dir || path.startsWith(dir + "/")) return name + path.slice(dir.length);
  return path;
}

/** Expectations that would justify `v`'s decision, for the message of a case that gives none. */
function justifications(v: Verdict, fx: Fixture): string[] {
  const out = new Set<string>();
  for (const a of v.accesses) {
    if (a.decision === v.decision) out.add(`${a.kind} ${a.resolved === null ? "?" : placeholders(fx, a.resolved)}`);
  }
  for (const r of v.reasons) if (r.decision === v.decision && r.code !== "EXTERNAL_PATH") out.add(`#${r.code}`);
  return [...out];
}

export function assertCase(box: Sandbox, c: Case, golden?: GoldenCase): void {
  const [command, decision, expectations = [], opts = {}] = c;
  const v = box.check(box.fx.sub(command), opts.cwd, opts.roots);
  // Recorded before the expectations are checked, so a rewrite of the golden files has every case;
  // a moved verdict is reported after them, as they say more precisely what went wrong.
  const moved = golden?.record(v, box.fx) ?? null;
  const info = `${command}\n${explain(v)}`;
  expect({ command, decision: v.decision, info }).toMatchObject({ command, decision });
  let justified = decision === "allow";
  for (const e of expectations) {
    const negate = e.startsWith("!");
    const spec = negate ? e.slice(1) : e;
    const found = matching(v, spec, box.fx);
    if ((found.length > 0) === negate) throw new Error(`expected ${negate ? "no " : ""}${spec} for:\n${info}`);
    if (!negate && found.some((x) => x.decision === decision)) justified = true;
  }
  if (!justified) {
    const offer = justifications(v, box.fx).map((j) => JSON.stringify(j)).join(", ");
    throw new Error(
      `a case that says ${decision} must say why: add an expectation naming a reason or an access that is ${decision} (${
        offer || "none reported"
      }) for:\n${info}`,
    );
  }
  if (moved !== null) throw new Error(moved);
}

export function table(name: string, box: Sandbox, cases: readonly Case[]): void {
  describe(name, () => {
    for (const c of cases) {
      const golden = goldenCase({ table: name, command: c[0], cwd: c[3]?.cwd, roots: c[3]?.roots });
      test(`${c[0].replace(/\n/g, "⏎")} → ${c[1]}`, () => assertCase(box, c, golden));
    }
  });
}

/** Writes files under `root` (text, or a JSON value), making their directories. */
export function writeTree(root: string, tree: Readonly<Record<string, string | object>>): void {
  for (const [rel, content] of Object.entries(tree)) {
    const path = join(root, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  }
}

/** Table cases checked without golden lines (their fixtures are made by the test file itself). */
export function casesWithoutGolden(name: string, box: Sandbox, list: readonly Case[]): void {
  describe(name, () => {
    for (const c of list) test(`${c[0].replace(/\n/g, "⏎")} → ${c[1]}`, () => assertCase(box, c));
  });
}
