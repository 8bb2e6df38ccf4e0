// What every host test needs: the installed hosts and the packed shellfence (from
// scripts/test-hosts.ts), a project with a secret outside it, a clean environment that keeps
// each host off the network, and a bounded way to run a host.

import { expect } from "bun:test";
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { PINS, type PinKey, pinDir } from "./pins.ts";
import { type HostStatus, runDoctor } from "../../../src/integrations/doctor.ts";
import type { HostId } from "../../../src/integrations/doctor-hosts.ts";
import { FINAL_TEXT, type ModelServer, type Recorded } from "./model-server.ts";

function need(name: string): string {
  const v = process.env[name];
  if (!v) {
    throw new Error(
      `${name} is not set: run the host tests through \`npm run test:hosts\`, which installs the hosts and packs shellfence`,
    );
  }
  return v;
}

export const CACHE = need("SHELLFENCE_HOSTS_CACHE");
export const TEMPLATE = need("SHELLFENCE_HOSTS_TEMPLATE");
const WORK = need("SHELLFENCE_HOSTS_WORK");

export function hostBin(key: PinKey): string {
  const pin = PINS[key];
  if (pin.bin === null) throw new Error(`${pin.pkg} has no executable`);
  return join(pinDir(CACHE, pin), "node_modules", ".bin", pin.bin);
}

export function pinnedModules(key: PinKey): string {
  return join(pinDir(CACHE, PINS[key]), "node_modules");
}

export interface Project {
  /** The directory holding the project, the secret and the home. */
  readonly top: string;
  readonly dir: string;
  readonly home: string;
  readonly secretPath: string;
  /** The secret file's content: it must never reach the model in a guarded run. */
  readonly secret: string;
  /** Where the outside write would land. */
  readonly outsideWrite: string;
  /** A file only `ls` shows, so its name in a request proves `ls` ran. */
  readonly listed: string;
  /** The content of a.txt at the project's top, read as ../a.txt from sub/. */
  readonly inside: string;
}

/** A project with shellfence installed (as `npm install --save-dev shellfence` leaves it) and a secret beside it. */
export function makeProject(label: string): Project {
  const top = mkdtempSync(join(WORK, `${label}-`));
  const dir = join(top, "proj");
  const home = join(top, "home");
  mkdirSync(join(dir, "sub"), { recursive: true });
  mkdirSync(home);
  const tag = randomBytes(6).toString("hex");
  const secret = `OUTSIDE-SECRET-${tag}`;
  const inside = `INSIDE-CONTENT-${tag}`;
  const listed = `listed-${tag}.txt`;
  writeFileSync(join(top, "outside-secret.txt"), secret + "\n");
  writeFileSync(join(dir, "a.txt"), inside + "\n");
  writeFileSync(join(dir, listed), "\n");
  // Hard links where the file system allows: the same files an install leaves, at no copy cost.
  const cp = spawnSync("cp", ["-al", join(TEMPLATE, "node_modules"), join(TEMPLATE, "package.json"), dir]);
  if (cp.status !== 0) {
    const again = spawnSync("cp", ["-a", join(TEMPLATE, "node_modules"), join(TEMPLATE, "package.json"), dir]);
    if (again.status !== 0) throw new Error(`copying the installed shellfence failed: ${again.stderr.toString()}`);
  }
  return { top, dir, home, secretPath: join(top, "outside-secret.txt"), secret,
    outsideWrite: join(top, "written-outside.txt"), listed, inside };
}

/**
 * The environment a host runs in: nothing inherited but PATH and the locale, a home of its
 * own, and every switch the hosts document for telemetry, update checks and other traffic.
 */
export function hostEnv(p: Project, extra: Record<string, string>): Record<string, string> {
  const h = p.home;
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    LANG: "C.UTF-8",
    HOME: h,
    TMPDIR: p.top,
    XDG_CONFIG_HOME: join(h, ".config"),
    XDG_DATA_HOME: join(h, ".local", "share"),
    XDG_CACHE_HOME: join(h, ".cache"),
    XDG_STATE_HOME: join(h, ".local", "state"),
    NO_COLOR: "1",
    // npm (npx) must not look anything up either.
    npm_config_offline: "true",
    npm_config_update_notifier: "false",
    ...extra,
  };
}

export interface HostRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
  readonly ms: number;
}

export const HOST_TIMEOUT_MS = 180_000;

/** Runs a host to its end, killed (with its process group) past the timeout. */
export async function runHost(bin: string, args: readonly string[], cwd: string, env: Record<string, string>,
  timeoutMs = HOST_TIMEOUT_MS): Promise<HostRun>
{
  const t0 = performance.now();
  const child = spawn(bin, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  let timedOut = false;
  const killer = setTimeout(() => {
    timedOut = true;
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      child.kill("SIGKILL");
    }
  }, timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
  clearTimeout(killer);
  // Whatever the host left in its group (a shell, a language server) goes too.
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // already gone
  }
  return { code, stdout, stderr, timedOut, ms: performance.now() - t0 };
}

/** The host ran to its end in time, exited 0 and printed the model's closing text: every step was played. */
export function expectPlayedThrough(name: string, run: HostRun): void {
  const context = `${name} exited ${run.code}${run.timedOut ? " (timed out)" : ""}\nstdout: ${
    run.stdout.slice(0, 2000)
  }\nstderr (end): ${run.stderr.slice(-4000)}`;
  expect(run.timedOut, context).toBe(false);
  expect(run.code, context).toBe(0);
  expect(run.stdout, context).toContain(FINAL_TEXT);
}

/** The request the host sent after playing step `i` (it carries that step's tool result). */
export function after(server: ModelServer, i: number): Recorded {
  const steps = server.requests.filter((r) => typeof r.kind === "number" || r.kind === "text");
  const r = steps[i + 1];
  if (!r) {
    throw new Error(
      `the host sent no request after step ${i}; requests: ${
        server.requests.map((q) => `${q.path}:${String(q.kind)}`).join(", ")
      }`,
    );
  }
  return r;
}

/**
 * The time the host took for each of the given steps: from the model's answer carrying the
 * tool call to the host's next request carrying its result. It holds the tool run and, with
 * the guard, the guard's cost.
 */
export function stepTimes(server: ModelServer, indices: readonly number[]): number[] {
  const main = server.requests.filter((r) => typeof r.kind === "number" || r.kind === "text");
  return indices.map((i) => {
    const call = main[i];
    const next = main[i + 1];
    if (!call || !next || call.answeredAt === null) throw new Error(`step ${i} has no complete round trip`);
    return next.at - call.answeredAt;
  });
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Records the host's per-call times: the session's first call (step 0: the outside `cat`, denied
 * when guarded, run in the control, so both pay the host's own first-call costs) and the median
 * of the `timed` steps, with the 1-minute load average beside them, since on a shared machine
 * the load moves these more than the guard does. Written to timings.jsonl, which
 * scripts/test-hosts.ts prints as a table at the end.
 */
export function recordTiming(host: string, form: string, server: ModelServer, timed: readonly number[]): void {
  const first = stepTimes(server, [0])[0]!;
  const med = median(stepTimes(server, timed));
  const load = loadavg()[0]!;
  writeFileSync(join(WORK, "timings.jsonl"), JSON.stringify({ host, form, first, median: med, load }) + "\n", {
    flag: "a",
  });
  console.log(
    `timing ${host} [${form}]: first call ${first.toFixed(0)} ms, median of the later ones ${
      med.toFixed(0)
    } ms (load average ${load.toFixed(1)})`,
  );
}

/**
 * How many `ls` calls close every script, to measure the per-call time: 5, or
 * $SHELLFENCE_HOSTS_TIMED_CALLS for a measurement whose medians must stand out of the load's noise.
 */
export const TIMED_CALLS = Math.max(1, Math.floor(Number(process.env.SHELLFENCE_HOSTS_TIMED_CALLS) || 5));

// Every host's script opens with the same four steps: bash `cat ../outside-secret.txt`, bash
// `ls`, the file tool's read of the secret, and its write outside the project.

/** Without a guard, the opening steps all did what they asked. */
export function expectOpeningUnguarded(server: ModelServer, p: Project): void {
  expect(after(server, 0).body).toContain(p.secret);
  expect(after(server, 2).body).toContain(p.secret);
  expect(existsSync(p.outsideWrite)).toBe(true);
}

/**
 * With the guard, the secret never reached the model and the reasons did in its place, `ls`
 * ran (its output is in the next request and was not before), and the file tools (named
 * `read`/`write` as the host names them) were judged too.
 */
export function expectOpeningGuarded(server: ModelServer, p: Project,
  tools: { readonly read: string; readonly write: string }): void
{
  expect(server.seen()).not.toContain(p.secret);
  expect(after(server, 0).body).toContain("shellfence: cat reads");
  expect(after(server, 0).body).not.toContain(p.listed);
  expect(after(server, 1).body).toContain(p.listed);
  expect(after(server, 2).body).toContain(`shellfence: ${tools.read} reads`);
  expect(after(server, 3).body).toContain(`shellfence: ${tools.write} writes`);
  expect(existsSync(p.outsideWrite)).toBe(false);
}

/** The `pwd` at step `cd + 1` printed the project, not sub/: the `cd sub` at step `cd` did not carry over. */
export function expectFreshShell(server: ModelServer, p: Project, cd: number): void {
  expect(after(server, cd + 1).body).not.toContain(`${p.dir}/sub`);
  expect(after(server, cd + 1).body.split(p.dir).length).toBeGreaterThan(after(server, cd).body.split(p.dir).length);
}

/** `shellfence doctor` on the project, run with the host's home and a user's PATH, calls `host` `status`. */
export async function expectDoctor(p: Project, host: HostId, status: HostStatus): Promise<void> {
  const report = await runDoctor({ cwd: p.dir, home: p.home, env: { HOME: p.home, PATH: process.env.PATH } });
  expect(report.hosts.find((h) => h.host === host)?.status, JSON.stringify(report, null, 2)).toBe(status);
}
