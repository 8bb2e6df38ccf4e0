// Chooses the committed seed set of the probe fuzzer (test/probe/seeds.jsonl): base commands
// from the case tables and the shared corpora that, together, hold every node type and every
// position kind the corpora show, each several times, short ones first. CI's clone does not
// always have ../shared beside it; these few hundred commands are what test/probe.test.ts
// injects into there. Rerun when the corpora or the position finder change:
//
//   bun run scripts/probe-seeds.ts [--size 300] [--out test/probe/seeds.jsonl]

import { writeFileSync } from "node:fs";
import { runCheck } from "../test/support/oracle.ts";
import { createPositionFinder, FORMS } from "../test/support/probe.ts";
import { allSeeds, COMMITTED_SEEDS } from "./probe-fuzz.ts";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : (args[i + 1] ?? fallback);
};
const size = Number(arg("--size", "300"));
const out = arg("--out", COMMITTED_SEEDS);
/** How often each feature should be present in the set. */
const WANT = 4;

const find = await createPositionFinder();
const pool: { text: string; source: string; features: string[] }[] = [];
for (const s of allSeeds()) {
  // The committed set is rebuilt from the other sources, not from itself.
  if (s.source.startsWith("committed") || s.text.length > 240) continue;
  const p = find(s.text);
  if (!p.ok || p.positions.length === 0) continue;
  if (!runCheck(s.text, { path: [], strictPath: true }).safe) continue;
  const features = new Set<string>([...p.types].map((t) => `node:${t}`));
  for (const pos of p.positions) {
    features.add(`kind:${pos.kind}/${pos.quoting}`);
    for (const f of FORMS) if (f.applies(pos)) features.add(`form:${pos.kind}/${f.name}`);
  }
  pool.push({ text: s.text, source: s.source, features: [...features] });
}
const have = new Map<string, number>();
const chosen: { text: string; source: string }[] = [];
const taken = new Set<number>();
while (chosen.length < size) {
  let best = -1;
  let bestScore = 0;
  for (let i = 0; i < pool.length; i++) {
    if (taken.has(i)) continue;
    const gain = pool[i]!.features.reduce((n, f) => n + Math.max(0, WANT - (have.get(f) ?? 0)), 0);
    const score = gain / (20 + pool[i]!.text.length);
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  }
  if (best < 0) break;
  taken.add(best);
  const c = pool[best]!;
  for (const f of c.features) have.set(f, (have.get(f) ?? 0) + 1);
  chosen.push({ text: c.text, source: c.source });
}
// Then the shortest commands of the case tables, up to the size: plain commands are most of
// what the guard sees.
const byLength = pool.map((_, i) => i).sort((a, b) => pool[a]!.text.length - pool[b]!.text.length || a - b);
for (const i of byLength) {
  if (chosen.length >= size) break;
  if (!taken.has(i) && pool[i]!.source.endsWith(".test.ts")) {
    taken.add(i);
    chosen.push({ text: pool[i]!.text, source: pool[i]!.source });
  }
}
writeFileSync(out,
  chosen.map((c) => JSON.stringify({ text: c.text, source: `committed:${c.source}` })).join("\n") + "\n");
console.log(`${chosen.length} seeds from ${pool.length} candidates, ${have.size} features → ${out}`);
