// The leak count (issue 28, item 5): the adversarial tables run for real through the default
// host route (the pi extension with no options, which gives the `contained` sandbox and
// contains rather than asks what is only unknown), under strace, in a throwaway fixture with a
// canary in every file outside the project and the usual secrets in its fake home
// (test/support/leaks/). A case the host blocks is not run. A leak is a successful open of a
// canary, or a successful write, create, rename, unlink, mkdir or link outside the roots that
// reaches the disk; a failed open of a hidden file is not one. Must be 0 under `contained`.
// Without the sandbox (`"sandbox": false`) the same cases leak, which shows they can.
//
// `npm test` runs the families whole and a fixed sample of the other tables (the cases whose
// index is 0 modulo SAMPLE, and every case listed in bare-leakers.jsonl, which `npm run leaks
// -- --bare-leakers` writes); `npm run leaks` runs them all. Without bubblewrap or strace these
// tests fail, naming why, unless SHELLFENCE_SKIP_SANDBOX=1.

import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sandboxAvailability } from "../src/index.ts";
import { type LeakCase, loadTable, sample, type TableName, TABLES } from "./support/leaks/cases.ts";
import { runPool } from "./support/leaks/pool.ts";
import { countTables, formatCounts, leakLines } from "./support/leaks/report.ts";
import { leaksIn, mountsOf } from "./support/leaks/trace.ts";
import type { Outcome } from "./support/leaks/worker.ts";

setDefaultTimeout(600_000);
const available = sandboxAvailability();
const strace = spawnSync("strace", ["-V"]).status === 0;
const skip = (!available.ok || !strace) && process.env.SHELLFENCE_SKIP_SANDBOX === "1";
if (skip) console.warn("SKIPPED test/sandbox-leaks.test.ts: no bubblewrap or no strace here");

/** Every how many cases of a table `npm test` runs (1: all). */
const SAMPLE: Readonly<Record<TableName, number>> = { "families": 1, "redteam": 24, "soundness": 6, "selfprotect": 6,
  "probe-seeds": 10, "program-seeds": 80 };

/** The cases that leaked without the sandbox in the last full run: always run. */
function bareLeakers(): Set<string> {
  const text = readFileSync(join(import.meta.dir, "support", "leaks", "bare-leakers.jsonl"), "utf8");
  return new Set(text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as string));
}

describe("the leak harness judges a trace as the kernel answered", () => {
  const line = "/usr/bin/bwrap --unshare-user --ro-bind /usr /usr --tmpfs /tmp --tmpfs /h --bind /p /p " +
    "--bind /h/.npm /h/.npm --ro-bind /dev/null /h/.ssh/id_rsa --chdir /p -- /bin/bash -c 'x'";
  const mounts = mountsOf(line);
  const judging = { roots: ["/p"], canaries: new Set(["/h/.ssh/id_rsa", "/h/notes", "/o/secret"]) };
  const leaks = (trace: string) => leaksIn(trace, mounts, "/p", judging).map((l) => `${l.kind} ${l.syscall} ${l.path}`);
  test("the mounts of a sandbox line, in order", () => {
    expect(mounts?.map((m) => `${m.kind} ${m.path}`)).toEqual(["read-only /usr", "private /tmp", "private /h",
      "writable /p", "writable /h/.npm", "read-only /h/.ssh/id_rsa"]);
    expect(mountsOf("make leak")).toBeNull();
  });
  test("a write on a tmpfs (the private home, /tmp) vanishes; one through a bind outside the roots is a leak", () => {
    const trace = ['10 execve("/bin/bash", ["bash"], 0x0 /* 1 var */) = 0',
      '10 openat(AT_FDCWD</p>, "/h/.bashrc", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</h/.bashrc>',
      '10 openat(AT_FDCWD</p>, "/tmp/x", O_WRONLY|O_CREAT, 0666) = 3</tmp/x>',
      '10 openat(AT_FDCWD</p>, "out", O_WRONLY|O_CREAT, 0666) = 3</p/out>',
      '10 mkdir("/h/.npm/_logs", 0777)        = 0',
      '10 unlinkat(AT_FDCWD</p>, "/o/x", 0) = -1 EROFS (Read-only file system)'];
    expect(leaks(trace.join("\n"))).toEqual(["write mkdir /h/.npm/_logs"]);
  });
  test("a canary opened is a leak, unless it failed or the command made that file first", () => {
    const trace = ['10 execve("/bin/bash", ["bash"], 0x0 /* 1 var */) = 0',
      '10 openat(AT_FDCWD</p>, "/h/.ssh/id_rsa", O_RDONLY) = -1 EACCES (Permission denied)',
      '10 openat(AT_FDCWD</p>, "/o/secret", O_RDONLY) = 3</o/secret>',
      '10 openat(AT_FDCWD</p>, "/h/notes", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</h/notes>',
      '10 openat(AT_FDCWD</p>, "/h/notes", O_RDONLY) = 3</h/notes>'];
    expect(leaks(trace.join("\n"))).toEqual(["read openat /o/secret"]);
    // Without a sandbox nothing is private: the home's file is written on the disk.
    const bare = leaksIn(trace.join("\n"), null, "/p", { roots: ["/p"], canaries: new Set() });
    expect(bare.map((l) => `${l.kind} ${l.syscall} ${l.path}`)).toEqual(["write openat /h/notes"]);
  });
  test("bubblewrap's own calls before it starts the command are not the command's", () => {
    const trace = ['9 execve("/usr/bin/bwrap", ["bwrap"], 0x0 /* 1 var */) = 0', "9 clone(child_stack=NULL) = 11",
      '11 mkdir("/newroot/o", 0755) = 0', '11 openat(AT_FDCWD</>, "/o/secret", O_RDONLY|O_PATH) = 5</o/secret>',
      '11 execve("/bin/bash", ["bash"], 0x0 /* 1 var */) = 0', '11 mkdir("/o/made", 0755) = 0'];
    expect(leaksIn(trace.join("\n"), null, "/p", judging).map((l) => `${l.syscall} ${l.path}`)).toEqual([
      "mkdir /o/made",
    ]);
  });
});

describe.skipIf(skip)("leaks through the default host route", () => {
  let outcomes: Outcome[] = [];
  let families: Outcome[] = [];
  beforeAll(async () => {
    if (!available.ok || !strace) return;
    const always = bareLeakers();
    const cases: LeakCase[] = [];
    for (const t of TABLES) if (t !== "families") cases.push(...sample(await loadTable(t), SAMPLE[t], 0, always));
    const fam = await loadTable("families");
    // The families once more under `standard`, whose promise is narrower: the home's secrets.
    [outcomes, families] = [
      await runPool([...fam, ...cases], { workers: 3, modes: ["bare", "contained"], timeoutMs: 10_000 }),
      await runPool(fam, { workers: 3, modes: ["standard"], timeoutMs: 10_000 }),
    ];
    console.log(formatCounts(countTables([...outcomes, ...families]), ["bare", "contained", "standard"]));
    const bare = outcomes.filter((o) => o.mode === "bare" && o.leaks.length > 0 && o.table !== "families");
    console.log(bare.map((o) => `leaks without the sandbox: ${o.table}: ${o.command}: ${o.leaks.length}`).join("\n"));
  });

  test("bubblewrap and strace are here", () => {
    expect({ sandbox: available.ok ? "ok" : available.reason, strace }).toEqual({ sandbox: "ok", strace: true });
  });
  test("every table was run, and some of each let through", () => {
    const counts = countTables(outcomes);
    expect(counts.map((c) => c.table)).toEqual([...TABLES]);
    // But the probe seeds: each mutant names its canary where bash evaluates it, which the guard
    // sees and asks about; one let through would be a miss of the guard the sandbox must hold.
    const letThrough = counts.filter((c) => c.table !== "probe-seeds").map((c) => [c.table, c.letThrough > 0]);
    expect(letThrough).toEqual(TABLES.filter((t) => t !== "probe-seeds").map((t) => [t, true]));
  });
  test("without the sandbox the tables leak (they can: the static check allows them)", () => {
    const counts = countTables(outcomes);
    const fam = counts.find((c) => c.table === "families")!;
    // Of the families the static check lets through, most really leak without the sandbox: the
    // harness sees leaks. (Fewer are let through as the static check reads more of what runs:
    // 31 let through and 23 leaking at 7992d33; 26 and 18 once git's and the package managers'
    // configuration were read; fewer again once project code whose text reaches outside asks.
    // The families that read their places at run time, which it does not see, are the sandbox's.)
    expect(fam.bareLeaks).toBeGreaterThan(0);
    expect(fam.bareLeaks * 2).toBeGreaterThanOrEqual(fam.letThrough);
    expect(counts.reduce((n, c) => n + c.bareLeaks, 0)).toBeGreaterThan(fam.bareLeaks);
  });
  test("contained: nothing outside is opened, nor written", () => {
    expect(leakLines(outcomes, "contained")).toEqual([]);
  });
  test("standard: no secret of the home is opened, and nothing outside written", () => {
    // standard shows outside the roots read-only: reads leak there, but for the built-in secrets.
    const lines = leakLines(families, "standard");
    expect(lines.filter((l) => l.includes(" $H/") || l.endsWith("(write)"))).toEqual([]);
    expect(lines.length).toBeGreaterThan(0);
  });
});
