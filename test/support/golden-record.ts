// Golden verdicts: the record of one verdict as one line of JSON, and the comparison of a golden
// file with the lines of this run. Pure functions of their inputs (no files, no bun:test), so
// test/golden.test.ts can feed them a moved verdict and the corpus sample can share them.
//
// A record is the case's key (every field but the verdict's three) then the verdict. Its text is
// machine-independent: the fixture's directories are written as $P $O $B $H $T wherever they
// appear, and a long run of one character is written as its length, as the red-team table's
// test names are.

import { createHash } from "node:crypto";
import type { Verdict } from "../../src/index.ts";

/** The fixture's directories a record names by placeholder; every one is `top` or under it. */
export interface Dirs {
  readonly project: string;
  readonly outside: string;
  readonly backup: string;
  readonly home: string;
  readonly top: string;
}

/** The fields of a record that are the verdict; the others are the case's key. */
const VERDICT_FIELDS = new Set(["decision", "reasons", "accesses"]);

/** How the golden files are regenerated, for every message that asks for it. */
export const REGENERATE = "npm run golden";

const LONG = 1000;

/**
 * The name of each directory of the chain a golden fixture is built at the bottom of
 * (golden.ts, goldenFixture): a case that climbs above $T meets only this chain, the same on
 * every machine, instead of the temp directory's other entries and its depth.
 */
export const CHAIN_NAME = "up";

const chains = new Map<string, string[]>();

/** The directories above `top` that belong to its chain, the nearest first. */
function chainAbove(top: string): string[] {
  const known = chains.get(top);
  if (known) return known;
  const out: string[] = [];
  chains.set(top, out);
  for (let p = top; p.endsWith("/" + CHAIN_NAME);) {
    p = p.slice(0, -CHAIN_NAME.length - 1);
    out.push(p);
  }
  return out;
}

/**
 * `s` with the fixture's directories as placeholders (the sibling before the project it extends,
 * the top last, then the chain above the top as `$T/..`, `$T/../..`, …), the pid of a process
 * under /proc as `$PID` (and where a walk met it, only that), and a huge text shortened: a
 * record is the same on every machine, in every temp directory and every run, and small.
 */
export function normalise(s: string, dirs: Dirs): string {
  let out = s;
  const chain = chainAbove(dirs.top);
  // Most texts name no fixture path: one search for the directory every other is under.
  if (out.includes(chain.at(-1) ?? dirs.top)) out = placeholders(out, dirs, chain);
  if (out.includes("/proc/")) {
    const pid = (_: string, task?: string) => (task ? "/proc/$PID/task/$PID" : "/proc/$PID");
    out = out.replace(/\/proc\/\d+(\/task\/\d+)?(?![\d])/g, pid);
    // Which directory of a live process a walk of / fails on first is a matter of timing.
    out = out.replace(/(\/proc\/\$PID)\/[^\s)]*(?= cannot be listed)/g, "$1");
  }
  return shorten(out);
}

function placeholders(s: string, dirs: Dirs, chain: readonly string[]): string {
  let out = s;
  const order: [string, string][] = [["$B", dirs.backup], ["$P", dirs.project], ["$O", dirs.outside], ["$H", dirs.home],
    ["$T", dirs.top]];
  chain.forEach((dir, i) => order.push(["$T" + "/..".repeat(i + 1), dir]));
  // Each directory before the ones it is under: what is left of a shorter one is outside the longer.
  for (const [name, dir] of order) out = out.split(dir).join(name);
  return out;
}

/** `s` with a run of 100 or more of one character written as its length, and a text still longer
 * than LONG as its ends and a hash. */
export function shorten(s: string): string {
  if (s.length < 100) return s;
  const out = s.replace(/(.)\1{99,}/gsu, (m, ch: string) => `‹${[...m].length} × ${ch}›`);
  if (out.length <= LONG) return out;
  // What a reviewer needs is that it moved: the ends and a hash of the whole stand for the text.
  const sha = createHash("sha256").update(out).digest("hex").slice(0, 16);
  return `${out.slice(0, 400)}‹… ${out.length} chars, sha256 ${sha} …›${out.slice(-100)}`;
}

/**
 * The verdict's part of a record: the decision, each reason as [code, decision, message], and each
 * access as [kind, path, resolved, decision, command], followed by an object of what else it
 * has (via, rule, reason) when it has any. Tuples rather than objects: a third of the size, and a
 * line a reviewer reads in one glance.
 */
export function verdictFields(v: Verdict, dirs: Dirs): Record<string, unknown> {
  const n = (s: string) => normalise(s, dirs);
  const reasons = v.reasons.map((r) => [r.code, r.decision, n(r.message)]);
  const accesses = v.accesses.map((a) => {
    const extra = { ...(a.via.length ? { via: a.via.map(n) } : {}), ...(a.rule !== null ? { rule: n(a.rule) } : {}),
      ...(a.reason !== null ? { reason: a.reason } : {}) };
    const fields = [a.kind, n(a.path), a.resolved === null ? null : n(a.resolved), a.decision, n(a.command)];
    return Object.keys(extra).length ? [...fields, extra] : fields;
  });
  return { decision: v.decision, reasons, accesses };
}

/** One line of a golden file: the key fields as given (already normalised), then the verdict. */
export function recordLine(key: Record<string, unknown>, v: Verdict, dirs: Dirs): string {
  return JSON.stringify({ ...key, ...verdictFields(v, dirs) });
}

export type Rec = Record<string, unknown>;

function parse(line: string): Rec {
  return JSON.parse(line) as Rec;
}

/** The key of a record: its fields but the verdict's, as text. */
export function keyOf(rec: Rec): string {
  return JSON.stringify(Object.entries(rec).filter(([k]) => !VERDICT_FIELDS.has(k)));
}

/** A case as people read it: `table › command (cwd …)`, or `corpus:line command`. */
export function labelOf(rec: Rec): string {
  const text = (x: unknown) => (typeof x === "string" ? x.replace(/\n/g, "⏎") : JSON.stringify(x));
  if ("corpus" in rec) {
    return `${text(rec.corpus)}:${text(rec.line)} ${"command" in rec ? text(rec.command) : `sha ${text(rec.sha)}`}`;
  }
  const extra = Object.entries(rec).filter(([k]) => !VERDICT_FIELDS.has(k) && k !== "table" && k !== "command");
  return `${text(rec.table)} › ${text(rec.command)}${extra.map(([k, x]) => ` (${k} ${text(x)})`).join("")}`;
}

/** A reason or an access as one line, so two verdicts can be compared item by item. */
function items(rec: Rec): string[] {
  const reasons = (rec.reasons as unknown[][] | undefined) ?? [];
  const accesses = (rec.accesses as unknown[][] | undefined) ?? [];
  const reason = ([code, decision, message]: unknown[]) =>
    `reason ${String(code)} ${String(decision)}: ${String(message)}`;
  const access = ([kind, path, resolved, decision, command, extra]: unknown[]) => {
    const rest = Object.entries((extra ?? {}) as Rec).map(([k, x]) => ` ${k}=${JSON.stringify(x)}`).join("");
    const what = `${String(kind)} ${String(path)} -> ${String(resolved)}`;
    return `access ${what} ${String(decision)} (${String(command)})${rest}`;
  };
  return [...reasons.map(reason), ...accesses.map(access)];
}

/** How one case's verdict moved, before → after: the decision, and the reasons and accesses that
 * went (-) or came (+). Empty when the two lines are the same. */
export function describeMove(before: string, after: string, label: (rec: Rec) => string = labelOf): string {
  if (before === after) return "";
  const b = parse(before);
  const a = parse(after);
  const lines = [`moved: ${label(a)}`];
  if (b.decision !== a.decision) lines.push(`  decision: ${String(b.decision)} → ${String(a.decision)}`);
  const was = items(b);
  const now = items(a);
  for (const x of was) if (!now.includes(x)) lines.push(`  - ${x}`);
  for (const x of now) if (!was.includes(x)) lines.push(`  + ${x}`);
  if (lines.length === 1) lines.push("  (the same reasons and accesses, in another order)");
  return lines.join("\n");
}

/** How many cases a message lists of each kind before it says "and N more". */
const SHOWN = 40;

/**
 * The golden file `name` (its lines `before`) against this run's lines `after`, in case order:
 * null when they are the same text, else a message listing the cases that moved (before →
 * after), the cases the file has that no longer exist, the cases it lacks, and how to regenerate.
 */
export function compareGolden(name: string, before: readonly string[], after: readonly string[],
  label: (rec: Rec) => string = labelOf): string | null
{
  if (before.length === after.length && before.every((l, i) => l === after[i])) return null;
  const was = new Map(before.map((l) => [keyOf(parse(l)), l]));
  const now = new Map(after.map((l) => [keyOf(parse(l)), l]));
  const moved: string[] = [];
  for (const [k, l] of now) {
    const old = was.get(k);
    if (old !== undefined && old !== l) moved.push(describeMove(old, l, label));
  }
  const gone = [...was].filter(([k]) => !now.has(k)).map(([, l]) => `  - ${label(parse(l))}`);
  const added = [...now].filter(([k]) => !was.has(k)).map(([, l]) => `  + ${label(parse(l))}`);
  const out = [`${name}: the verdicts differ from the golden file`];
  const list = (title: string, xs: string[]) => {
    if (!xs.length) return;
    out.push(`${title} (${xs.length}):`, ...xs.slice(0, SHOWN));
    if (xs.length > SHOWN) out.push(`  … and ${xs.length - SHOWN} more`);
  };
  list("verdicts that moved, before → after", moved);
  list("cases in the golden file that no longer exist", gone);
  list("cases the golden file does not have", added);
  if (!moved.length && !gone.length && !added.length) out.push("the same cases and verdicts, in another order");
  out.push(`regenerate with \`${REGENERATE}\`, then review and commit the diff of test/golden/`);
  return out.join("\n");
}
