// Chooses the committed seed set of the program probe (test/probe/program-seeds.jsonl): every
// option with a value that the help of each table program installed here shows
// (helpSeeds in test/support/program-probe.ts), and the three shortest commands of the shared
// corpora and the case tables for each program that runs here. test/program-probe.test.ts
// hands outside paths to their words. Rerun when the table, the corpora or the machine's
// programs change:
//
//   bun run scripts/program-seeds.ts [--per-program 3] [--out test/probe/program-seeds.jsonl]

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { builtIndex } from "../src/commands/table/index.ts";
import { createPositionFinder, MARK } from "../test/support/probe.ts";
import { helpSeeds, programMutants, runsHere } from "../test/support/program-probe.ts";
import { allSeeds } from "./probe-fuzz.ts";

const here = new URL(".", import.meta.url).pathname;
export const PROGRAM_SEEDS = join(here, "..", "test", "probe", "program-seeds.jsonl");

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : (args[i + 1] ?? fallback);
};
const perProgram = Number(arg("--per-program", "3"));
const out = arg("--out", PROGRAM_SEEDS);

const find = await createPositionFinder();
const chosen = new Map<string, { text: string; source: string }>();
for (const s of helpSeeds(builtIndex().names.map(([name]) => name))) chosen.set(s.text, s);
const byProgram = new Map<string, { text: string; source: string }[]>();
for (const s of allSeeds()) {
  if (s.text.length > 160 || s.text.includes(MARK) || s.text.includes("\n")) continue;
  const p = find(s.text);
  if (!p.ok || !runsHere(s.text, p.positions) || programMutants(s.text, p.positions).length === 0) continue;
  const name = p.positions.find((x) => x.kind === "command-name");
  if (!name) continue;
  const program = s.text.slice(name.start, name.end);
  const list = byProgram.get(program) ?? [];
  list.push({ text: s.text, source: s.source });
  byProgram.set(program, list);
}
for (const list of byProgram.values()) {
  for (const s of [...list].sort((a, b) => a.text.length - b.text.length || (a.text < b.text ? -1 : 1)).slice(0,
    perProgram)) chosen.set(s.text, s);
}
const lines = [...chosen.values()].map((s) => JSON.stringify(s));
writeFileSync(out, lines.join("\n") + "\n");
console.log(`${lines.length} base commands (${byProgram.size} programs from the corpora and tables) -> ${out}`);
