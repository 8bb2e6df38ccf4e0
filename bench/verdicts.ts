// `bun run bench/verdicts.ts --before DIR`: does a change of speed change any verdict? Runs
// `check --jsonl` of this checkout and of DIR (another built checkout, main as it was) over the
// same commands — tldr and nl2bash by default — in the same working directories, and compares
// the answers line by line: the decision and the reason codes, then the whole verdict.
// Prints the count of each difference and the first few; exits 1 when any decision or reason
// code differs for good. Some commands are judged by what the disk holds at that moment
// (`/tmp/*/*`, `/proc/$$`): every command whose answers differ is checked again by both, and a
// difference that either side does not repeat is counted apart, as the disk's, not the change's.
//
//   bun run bench/verdicts.ts --before /path/to/main [--corpus FILE]... [--cwd DIR]... [--runtime node|bun]
//
// The working directories default to an empty scratch directory and DIR itself (a real tree:
// sources, node_modules, symlinks), so paths that exist are judged as well as paths that do not.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const args = process.argv.slice(2);
const opt = (name: string): string[] => args.flatMap((a, i) => (a === name && args[i + 1] ? [args[i + 1]!] : []));
const here = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const before = opt("--before")[0];
if (!before) {
  console.error("usage: bun run bench/verdicts.ts --before DIR [--corpus FILE]... [--cwd DIR]... [--runtime node|bun]");
  process.exit(2);
}
const corpora = opt("--corpus").length
  ? opt("--corpus")
  : ["tldr-alt1.txt", "nl2bash.txt"].map((f) => join(here, "..", "shared", "corpora", f)).filter((f) => existsSync(f));
const runtime = opt("--runtime")[0] ?? "node";
const exe = runtime === "bun" ? process.execPath : "node";
const scratch = mkdtempSync(join(tmpdir(), "shellfence-verdicts-"));
const home = join(scratch, "home");
const empty = join(scratch, "cwd");
mkdirSync(home);
mkdirSync(empty);
const cwds = opt("--cwd").length ? opt("--cwd") : [empty, before];

interface Answer {
  readonly decision?: string;
  readonly reasons?: readonly { readonly code: string }[];
  readonly error?: string;
}

function run(root: string, input: string): string[] {
  const r = spawnSync(exe, [join(root, "bin", "shellfence.js"), "check", "--jsonl", "--home", home], { input,
    encoding: "utf8", maxBuffer: 1 << 30, env: { ...process.env, SHELLFENCE_RESIDENT: "0" } });
  if (r.error) throw r.error;
  return r.stdout.split("\n").filter((l) => l !== "");
}

/** The decision and the reason codes, in order: what a change of speed may not change. */
function gist(line: string | undefined): string {
  if (line === undefined) return "(no answer)";
  const a = JSON.parse(line) as Answer;
  return a.error !== undefined ? `error ${a.error}` : `${a.decision} ${(a.reasons ?? []).map((r) => r.code).join(",")}`;
}

/** A gist short enough to print: each code once, with its count. */
function short(g: string): string {
  const [decision, codes = ""] = g.split(" ");
  const counts = new Map<string, number>();
  for (const c of codes.split(",").filter((c) => c !== "")) counts.set(c, (counts.get(c) ?? 0) + 1);
  return `${decision} ${[...counts].map(([c, n]) => (n > 1 ? `${c}×${n}` : c)).join(",")}`;
}

let commands = 0;
let gistDiffs = 0;
let fullDiffs = 0;
let unstable = 0;
const shown: string[] = [];
for (const corpus of corpora) {
  const lines = readFileSync(corpus, "utf8").split("\n").filter((l) => l.trim() !== "");
  for (const cwd of cwds) {
    const input = (ls: readonly string[]) => ls.map((command) => JSON.stringify({ command, cwd })).join("\n") + "\n";
    const mine = run(here, input(lines));
    const theirs = run(before, input(lines));
    const differing = lines.filter((_, i) => mine[i] !== theirs[i]);
    const at = new Map(lines.map((l, i) => [l, i]));
    // Asked again, in a second run each: a difference either side does not repeat is the disk's.
    const mine2 = differing.length ? run(here, input(differing)) : [];
    const theirs2 = differing.length ? run(before, input(differing)) : [];
    let g = 0;
    let f = 0;
    let u = 0;
    differing.forEach((command, j) => {
      const i = at.get(command)!;
      if (mine2[j] !== mine[i] || theirs2[j] !== theirs[i]) {
        u++;
        return;
      }
      f++;
      if (gist(mine[i]) !== gist(theirs[i])) {
        g++;
        if (shown.length < 20) {
          shown.push(
            `${corpus.split("/").pop()} in ${cwd}: ${JSON.stringify(command)}\n  before: ${
              short(gist(theirs[i]))
            }\n  now:    ${short(gist(mine[i]))}`,
          );
        }
      }
    });
    commands += lines.length;
    gistDiffs += g;
    fullDiffs += f;
    unstable += u;
    console.log(
      `${corpus.split("/").pop()!.padEnd(16)} cwd ${cwd.padEnd(40)} ${
        String(lines.length).padStart(6)
      } commands, ${mine.length}/${theirs.length} answers; ` +
        `decision or code differs: ${g}, verdict text differs: ${f}, not repeated (the disk changed): ${u}`,
    );
  }
}
for (const s of shown) console.log(s);
console.log(
  `${commands} checks under ${runtime}: ${gistDiffs} with another decision or reason codes, ${fullDiffs} with any other text, ${unstable} whose answer one side did not repeat`,
);
rmSync(scratch, { recursive: true, force: true });
process.exit(gistDiffs === 0 ? 0 : 1);
