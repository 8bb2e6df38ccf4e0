// Both sides of the comparison. bash runs a batch of cases in one process, each in a subshell
// with `cat` redefined to print the arguments it got; the guard checks each case in-process.
// What is compared is the multiset of paths `cat` reads: bash's arguments against the guard's
// `read` accesses of `cat`.

import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createGuard, type Guard, type ReasonCode } from "../../src/index.ts";
import type { World } from "./fixture.ts";

export interface BashResult {
  /** The arguments `cat` got after its `--`, or null when it never ran (an expansion error). */
  readonly args: string[] | null;
  readonly stderr: string;
}

export interface GuardResult {
  /** The reason code that makes the guard's answer "I do not know" (the case is skipped). */
  readonly skip: ReasonCode | "CRASH" | null;
  readonly reads: string[];
  readonly reasons: ReasonCode[];
  readonly crash?: string;
}

export type Category = "missing" | "extra" | "both" | "bash-error" | "crash";

export type Comparison =
  | { readonly kind: "skip"; readonly reason: string }
  | { readonly kind: "agree" }
  /** The same paths, some a different number of times. */
  | { readonly kind: "dup" }
  | { readonly kind: "disagree"; readonly category: Category; readonly missing: string[]; readonly extra: string[] };

export interface Outcome {
  readonly src: string;
  readonly bash: BashResult;
  readonly guard: GuardResult;
  readonly comparison: Comparison;
}

export interface Oracle {
  /** `bash --version`'s first line: the reference the results are about. */
  readonly bashVersion: string;
  check(srcs: readonly string[]): Outcome[];
}

/** Reasons that say the guard does not know the word's value or could not look. */
const SKIP: ReadonlySet<ReasonCode> = new Set<ReasonCode>(["UNRESOLVED_WORD", "UNRESOLVED_CWD", "UNRESOLVED_PATH",
  "UNRESOLVED_COMMAND", "OPAQUE_CODE", "SHELL_STATE", "EXPANSION_TOO_LARGE", "PARSE_ERROR", "NESTING_TOO_DEEP",
  "INPUT_TOO_LARGE", "PARSE_TIMEOUT", "INVALID_INPUT", "INTERNAL_ERROR"]);

/** Words whose value holds a number the guard only samples (`$((…))`, `$#`, `$$`, `${#x}` …). */
export const isNumeric = (src: string): boolean => /\$\(\(|\$\[|\$\{#|\$#|\$\$|\$\?|\$!/.test(src);

const BATCH_TIMEOUT_MS = 300_000;

const shellQuote = (s: string) => "'" + s.replace(/'/g, `'\\''`) + "'";

export async function createOracle(world: World): Promise<Oracle> {
  const bash = Bun.which("bash");
  if (bash === null) throw new Error("words-fuzz needs bash on PATH");
  const version = spawnSync(bash, ["--version"], { encoding: "utf8" }).stdout.split("\n")[0] ?? "";
  const guard = await createGuard({ home: world.home });
  // One name for every batch, left in place while the guard checks: a glob that reaches the
  // top (`../*`) sees the same entries on both sides and in every run.
  const script = join(world.top, "batch.sh");
  return { bashVersion: version,
    check(srcs) {
      const bashResults = runBash(bash, world, script, srcs);
      return srcs.map((src, i) => {
        const g = runGuard(guard, world, src);
        return { src, bash: bashResults[i]!, guard: g, comparison: compare(src, bashResults[i]!, g) };
      });
    } };
}

// On stdout each case writes \1C<i>\0, then per `cat` call \2CALL\0 and its arguments each
// ended by \0, then \1R<status>\0; NUL is the one byte an argument cannot hold. On stderr each
// case starts with a \1C<i> line, so error messages land with their case.
const CAT_FUNCTION = "cat() { printf '\\2CALL\\0'; printf '%s\\0' \"$@\"; }";

function batchScript(srcs: readonly string[]): string {
  const lines = [CAT_FUNCTION];
  srcs.forEach((src, i) => {
    lines.push(`printf '\\1C${i}\\0'; printf '\\1C${i}\\n' >&2`);
    // A subshell per case: options, IFS and variables do not leak into the next one. The
    // newline before `)` ends a trailing comment or backslash the minimiser may leave.
    lines.push(`( eval ${shellQuote(src)}\n); printf '\\1R%d\\0' $?`);
  });
  return lines.join("\n") + "\n";
}

function runBash(bash: string, world: World, script: string, srcs: readonly string[]): BashResult[] {
  writeFileSync(script, batchScript(srcs));
  const r = spawnSync(bash, ["--norc", "--noprofile", script], {
    cwd: world.project,
    // Only what the cases need; an empty PATH keeps anything but builtins from running.
    env: { HOME: world.home, PATH: world.noBin, LC_ALL: "C.UTF-8" },
    maxBuffer: 1 << 30,
    timeout: BATCH_TIMEOUT_MS,
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (r.error) throw r.error;
  const args = parseStdout(r.stdout, srcs.length);
  const stderr = parseStderr(r.stderr.toString("utf8"), srcs.length, `${script}: `);
  return args.map((a, i) => ({ args: a, stderr: stderr[i]! }));
}

function splitNul(out: Buffer): string[] {
  const dec = new TextDecoder("utf-8");
  const tokens: string[] = [];
  let start = 0;
  for (let k = 0; k < out.length; k++) {
    if (out[k] !== 0) continue;
    tokens.push(dec.decode(out.subarray(start, k)));
    start = k + 1;
  }
  return tokens;
}

/** Per case, the arguments of its last `cat` call (without the leading `--`), or null. */
function parseStdout(out: Buffer, n: number): (string[] | null)[] {
  const args: (string[] | null)[] = new Array<string[] | null>(n).fill(null);
  let cur = -1;
  for (const t of splitNul(out)) {
    // a marker may follow output the case printed without a NUL (none expected, but be safe)
    if (t.includes("\x01C")) cur = Number(t.slice(t.indexOf("\x01C") + 2));
    else if (cur < 0 || t.includes("\x01R")) continue;
    else if (t.endsWith("\x02CALL")) args[cur] = [];
    else args[cur]?.push(t);
  }
  return args.map((a) => (a && a[0] === "--" ? a.slice(1) : a));
}

/** Per case, its error messages without the `SCRIPT: line N: ` prefix (it names a temp file). */
function parseStderr(err: string, n: number, prefix: string): string[] {
  const out = new Array<string>(n).fill("");
  let cur = -1;
  for (const line of err.split("\n")) {
    const m = /^\x01C(\d+)$/.exec(line);
    if (m) cur = Number(m[1]);
    else if (cur >= 0 && line) {
      out[cur] += (line.startsWith(prefix) ? line.slice(prefix.length).replace(/^line \d+: /, "") : line) + "\n";
    }
  }
  return out;
}

function runGuard(guard: Guard, world: World, src: string): GuardResult {
  try {
    const v = guard.check(src, { cwd: world.project });
    const reasons = [...new Set(v.reasons.map((r) => r.code))];
    const cat = v.accesses.filter((a) => a.command === "cat");
    const unknown = [...reasons, ...cat.flatMap((a) => (a.reason ? [a.reason] : []))].find((code) => SKIP.has(code));
    return { skip: unknown ?? null, reads: cat.filter((a) => a.kind === "read").map((a) => a.path), reasons };
  } catch (e) {
    return { skip: "CRASH", reads: [], reasons: [], crash: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
}

/** The elements of `a` left after taking out those of `b`, counting repeats. */
function multisetMinus(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const x of b) left.set(x, (left.get(x) ?? 0) + 1);
  const out: string[] = [];
  for (const x of a) {
    const n = left.get(x) ?? 0;
    if (n > 0) left.set(x, n - 1);
    else out.push(x);
  }
  return out;
}

const normaliseDigits = (s: string) => s.replace(/-?[0-9]+/g, "N");

export function compare(src: string, b: BashResult, g: GuardResult): Comparison {
  if (g.crash !== undefined) {
    return { kind: "disagree", category: "crash", missing: [], extra: [g.crash.slice(0, 200)] };
  }
  if (g.skip) return { kind: "skip", reason: g.skip };
  if (b.args === null) {
    return g.reads.length === 0
      ? { kind: "agree" }
      : { kind: "disagree", category: "bash-error", missing: [], extra: g.reads };
  }
  // The guard stands for an unknown number by a sample (0) plus every entry a number could
  // name: compare such cases with digit runs normalised, and count only what bash passed that
  // none of the guard's paths covers.
  const numeric = isNumeric(src);
  const ba = numeric ? b.args.map(normaliseDigits) : b.args;
  const ga = numeric ? g.reads.map(normaliseDigits) : g.reads;
  if (multisetMinus(ba, ga).length === 0 && multisetMinus(ga, ba).length === 0) return { kind: "agree" };
  const bs = new Set(ba);
  const gs = new Set(ga);
  const missing = [...bs].filter((x) => !gs.has(x));
  const extra = [...gs].filter((x) => !bs.has(x));
  if (numeric && missing.length === 0) return { kind: "agree" };
  if (missing.length === 0 && extra.length === 0) return { kind: "dup" };
  return { kind: "disagree", category: missing.length && extra.length ? "both" : missing.length ? "missing" : "extra",
    missing, extra };
}
