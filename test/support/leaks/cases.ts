// The adversarial tables as commands to run for real, each with the fixture's places written as
// placeholders ($P, $O, $B, $H, $T: test/support/fixture.ts): the red-team, soundness and
// self-protection tables as their golden files hold them (one line per case, every variant the
// test file generates), one probe mutant per seed of the probe campaigns (the marker made a
// canary, fixture.ts PROBE_NAME), and the families (families.ts). Which mutant of a seed is
// fixed by the seed's index: nothing is random.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createPositionFinder, FORMS, inject, MARK, type MutantSpec } from "../probe.ts";
import { programMutants, runsHere } from "../program-probe.ts";
import { FAMILY_CASES } from "./families.ts";
import { PROBE_NAME } from "./fixture.ts";

export interface LeakCase {
  readonly table: string;
  /** The case's place in its table, for the deterministic sample. */
  readonly index: number;
  /** With placeholders. */
  readonly command: string;
}

export const TABLES = ["families", "redteam", "soundness", "selfprotect", "probe-seeds", "program-seeds"] as const;
export type TableName = (typeof TABLES)[number];

const TEST_DIR = join(import.meta.dir, "..", "..");

function goldenCommands(file: string): string[] {
  const text = readFileSync(join(TEST_DIR, "golden", `${file}.jsonl`), "utf8");
  const lines = text.split("\n").filter((l) => l !== "").map((l) =>
    JSON.parse(l) as { command: string; cwd?: string; roots?: string[] }
  );
  // The leak route runs from the project root, which the host makes the root: a case checked
  // from elsewhere or with other roots would mean something else here.
  return lines.filter((l) => l.cwd === undefined && l.roots === undefined).map((l) => l.command);
}

function seedTexts(file: string): string[] {
  const text = readFileSync(join(TEST_DIR, "probe", file), "utf8");
  return text.split("\n").filter((l) => l !== "").map((l) => (JSON.parse(l) as { text: string }).text);
}

/** The one mutant of seed `i`: its candidates stepped through by the index, so neighbours differ. */
function pick(mutants: readonly MutantSpec[], i: number): string | null {
  if (mutants.length === 0) return null;
  return mutants[(i * 7) % mutants.length]!.template.split(MARK).join(PROBE_NAME);
}

export async function loadTable(name: TableName): Promise<LeakCase[]> {
  const numbered = (commands: readonly (string | null)[]): LeakCase[] =>
    commands.flatMap((command, index) => (command === null ? [] : [{ table: name, index, command }]));
  switch (name) {
    case "families":
      return numbered(FAMILY_CASES.map(([, c]) => c));
    case "redteam":
    case "soundness":
    case "selfprotect":
      return numbered(goldenCommands(name));
    case "probe-seeds": {
      const find = await createPositionFinder();
      return numbered(seedTexts("seeds.jsonl").map((text, i) => {
        const positions = find(text).positions;
        return pick(positions.flatMap((p) => FORMS.filter((f) => f.applies(p)).map((f) => inject(text, p, f))), i);
      }));
    }
    case "program-seeds": {
      const find = await createPositionFinder();
      return numbered(seedTexts("program-seeds.jsonl").map((text, i) => {
        const positions = find(text).positions;
        return runsHere(text, positions) ? pick(programMutants(text, positions), i) : null;
      }));
    }
    default: {
      const never: never = name;
      throw new Error(`unknown table ${String(never)}`);
    }
  }
}

/** The deterministic sample: every case whose index is `rest` modulo `every`, and the named ones. */
export function sample(cases: readonly LeakCase[], every: number, rest: number,
  always: ReadonlySet<string> = new Set()): LeakCase[]
{
  return cases.filter((c) => c.index % every === rest || always.has(`${c.table}\t${c.command}`));
}
