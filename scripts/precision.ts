// Precision on real commands: how many verdicts are `ask` although every path the command
// names is inside the project? Run with the project root set to a scratch directory, once
// with the command table and once with the conservative baseline (every argument a path).
//
//   bun run scripts/precision.ts [--corpus PATH]... [--show N]

import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGuard, type Verdict } from "../src/index.ts";

const args = process.argv.slice(2);
const opt = (name: string): string[] => args.flatMap((a, i) => (a === name && args[i + 1] ? [args[i + 1]!] : []));
const here = new URL("..", import.meta.url).pathname;
const corpora = opt("--corpus").length
  ? opt("--corpus")
  : ["tldr.txt", "nl2bash.txt"].map((f) => join(here, "..", "shared", "corpora", f)).filter((f) => existsSync(f));
const show = Number(opt("--show")[0] ?? 40);

const scratch = mkdtempSync(join(tmpdir(), "shellfence-precision-"));
const home = join(scratch, "home");
const table = await createGuard({ home });
const baseline = await createGuard({ home, commandKnowledge: false });

/** Why a verdict is not allow, in one word: the codes of its non-allow reasons. */
function why(v: Verdict): string {
  return [...new Set(v.reasons.filter((r) => r.decision !== "allow").map((r) => r.code))].sort().join("+");
}

/** The ask comes only from words judged as paths of unknown kind (no table knowledge). */
function onlyGeneric(v: Verdict): boolean {
  const bad = v.accesses.filter((a) => a.decision !== "allow");
  const others = v.reasons.filter((r) => r.decision !== "allow" && !["EXTERNAL_PATH", "UNRESOLVED_WORD", "UNRESOLVED_PATH", "RULE_ASK", "RULE_DENY"].includes(r.code));
  return bad.length > 0 && others.length === 0 && bad.every((a) => a.kind === "unknown");
}

for (const file of corpora) {
  const lines = readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "");
  let base = 0;
  let now = 0;
  let fixed = 0;
  let generic = 0;
  const reasons = new Map<string, number>();
  const commands = new Map<string, number>();
  const genericExamples: string[] = [];
  for (const l of lines) {
    const b = baseline.check(l, { cwd: scratch });
    const t = table.check(l, { cwd: scratch });
    if (b.decision !== "allow") base++;
    if (t.decision !== "allow") {
      now++;
      const w = why(t);
      reasons.set(w, (reasons.get(w) ?? 0) + 1);
      if (onlyGeneric(t)) {
        generic++;
        const cmd = t.accesses.find((a) => a.decision !== "allow")?.command ?? "?";
        commands.set(cmd, (commands.get(cmd) ?? 0) + 1);
        if (genericExamples.length < show) genericExamples.push(l);
      }
    }
    if (b.decision !== "allow" && t.decision === "allow") fixed++;
  }
  const name = file.split("/").pop();
  console.log(`\n== ${name}: ${lines.length} commands`);
  console.log(`not allow, baseline (every argument a path): ${base}`);
  console.log(`not allow, with the command table:           ${now}`);
  console.log(`made allow by the table:                     ${fixed}`);
  console.log(`still not allow only because of words judged as paths of unknown kind: ${generic}`);
  console.log("reasons of the remaining non-allow verdicts:");
  for (const [r, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${String(n).padStart(6)}  ${r}`);
  console.log("commands behind the unknown-kind asks:");
  for (const [c, n] of [...commands].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${String(n).padStart(6)}  ${c}`);
  if (genericExamples.length) console.log("examples:\n  " + genericExamples.slice(0, show).join("\n  "));
}
rmSync(scratch, { recursive: true, force: true });
