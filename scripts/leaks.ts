// `npm run leaks`: the adversarial tables (test/support/leaks/cases.ts) run for real through the
// default host route and under strace, in every mode: without the sandbox, `contained` and
// `standard`; prints per table how many cases were let through and how many leaked in each mode,
// then every leak under the sandbox with its command, path and system call. Exit 1 on a leak
// under `contained`. test/sandbox-leaks.test.ts runs a fixed sample of the same in `npm test`.
//
//   bun run scripts/leaks.ts [--tables families,redteam,…] [--every K] [--workers N]
//                            [--modes bare,contained,standard] [--timeout MS] [--bare-leakers FILE]
//
// --every K keeps the cases whose index is 0 modulo K; --bare-leakers writes the cases that leak
// without the sandbox (table, tab, command; the test always runs them).

import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadTable, sample, type TableName, TABLES } from "../test/support/leaks/cases.ts";
import { runPool } from "../test/support/leaks/pool.ts";
import { countTables, formatCounts, leakLines } from "../test/support/leaks/report.ts";
import { type Mode, MODES } from "../test/support/leaks/worker.ts";

const { values } = parseArgs({
  options: { tables: { type: "string" }, every: { type: "string" }, workers: { type: "string" },
    modes: { type: "string" }, timeout: { type: "string" }, "bare-leakers": { type: "string" } },
});

const tables = (values.tables?.split(",") ?? [...TABLES]) as TableName[];
for (const t of tables) if (!TABLES.includes(t)) throw new Error(`unknown table ${t} (${TABLES.join(", ")})`);
const modes = (values.modes?.split(",") ?? [...MODES]) as Mode[];
for (const m of modes) if (!MODES.includes(m)) throw new Error(`unknown mode ${m} (${MODES.join(", ")})`);
const every = Number(values.every ?? 1);
const cases = (await Promise.all(tables.map(loadTable))).flatMap((c) => sample(c, every, 0));
const started = Date.now();
let done = 0;
const outcomes = await runPool(cases, { workers: Number(values.workers ?? 3), modes,
  timeoutMs: Number(values.timeout ?? 5000), onOutcome: () => {
    if (++done % 100 === 0) process.stderr.write(`${done} of ${cases.length * modes.length}\n`);
  } });
console.log(formatCounts(countTables(outcomes), modes));
console.log(`\n${cases.length} cases, ${modes.join(" + ")}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const m of ["contained", "standard"] as const) {
  const lines = leakLines(outcomes, m);
  if (lines.length) console.log(`\n${lines.join("\n")}`);
}
if (values["bare-leakers"] !== undefined) {
  const leakers = outcomes.filter((o) => o.mode === "bare" && o.leaks.length > 0).map((o) =>
    `${o.table}\t${o.command}`
  );
  writeFileSync(values["bare-leakers"], [...new Set(leakers)].map((l) => JSON.stringify(l)).join("\n") + "\n");
}
process.exitCode = leakLines(outcomes, "contained").length > 0 ? 1 : 0;
