// The shellfence command line. It parses arguments, runs the guard, and maps the verdict to
// an exit status: 0 allow, 1 deny, 3 ask, 2 usage or configuration error.

import { existsSync, readFileSync, statSync } from "node:fs";
import { availableParallelism, homedir } from "node:os";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { ArgError, Args } from "../base/args.ts";
import type { Guard, GuardOptions } from "../guard/guard.ts";
import type { Io } from "../base/io.ts";
import { ConfigError, mergeLayers } from "../policy/config.ts";
import { explainConfig } from "../policy/explain.ts";
import { runConfigCheck } from "./config-check.ts";
import { formatExplanation } from "../report/config-explanation.ts";
import { globalConfigPath, loadLayers, trustStorePath } from "../policy/layers.ts";
import { GrammarError, prefetchGrammar } from "../parse/grammar.ts";
import { formatHuman } from "../report/verdict-text.ts";
import type { CheckAnswer } from "../server/check-pool.ts";
import type { Decision, Verdict } from "../base/verdict.ts";
import { BUILD_ID } from "../base/build-id.ts";
import { codeFile, packageRoot } from "../server/protocol.ts";
import { shellEnvironment } from "../guard/shell-env.ts";

const EXIT = { allow: 0, deny: 1, usage: 2, ask: 3 } as const;

const USAGE = `usage: shellfence check [options] [--] COMMAND
       shellfence check --jsonl [--jobs N|auto] [options] < requests.jsonl
       shellfence config --check [--cwd DIR] [--config FILE]... [--json]
       shellfence config --explain [--cwd DIR] [--config FILE]... [--json]
       shellfence config --export claude-sandbox [--cwd DIR] [--config FILE]...
       shellfence exec [options] [--] COMMAND                     (see: shellfence exec --help)
       shellfence hook claude-code [options] < hook-input.json   (see: shellfence hook --help)
       shellfence scan [options] [PATH...]                        (see: shellfence scan --help)
       shellfence serve [--idle SECONDS]                          (the resident checker hooks use)
       shellfence doctor [--cwd DIR] [--json]                     (see: shellfence doctor --help)
       shellfence trust [--revoke] FILE                           (trust a project's .shellfence.json: see --help)
       shellfence --version

Decides whether a bash command may touch the paths it names.

options:
  --cwd DIR       where the command starts (default: the current directory); also a project root
  --root DIR      an additional project root (repeatable)
  --config FILE   a JSON config file (repeatable; later files override earlier ones)
  --json          print the verdict as JSON
  --jsonl         read {"command": …, "cwd"?: …} lines on stdin, write one verdict per line
  --jobs N|auto   with --jsonl: check on N threads (auto: one per core but one), answers in order
  --home DIR      the home directory for ~ and cd (default: $HOME)
  -h, --help      show this help
  -V, --version   print the package's version and build id

config layers, merged in this order: $XDG_CONFIG_HOME/shellfence/config.json (or
~/.config/shellfence/config.json), .shellfence.json in the --cwd directory, then each --config;
\`config --explain\` prints the merged rules and the layer each came from; \`config --check\`
lists every error (a rule that can never take effect: the file is refused) and warning (a rule
that probably means something else than intended), with file, line and column, and exits 2 on an error

exit status: 0 allow, 1 deny, 3 ask, 2 usage or configuration error`;

interface CheckArgs {
  cwd: string | undefined;
  roots: string[];
  configs: string[];
  json: boolean;
  jsonl: boolean;
  home: string | undefined;
  command: string | undefined;
  /** Worker threads for --jsonl; 1 checks in this thread. */
  jobs: number;
}

/** Past this many threads a batch gains nothing and each costs a guard's memory. */
const MAX_JOBS = 64;

function parseJobs(value: string): number {
  // One core is left to V8's own threads (its optimising compiler and collector): one checking
  // thread keeps about 1.3 cores busy, and on 2 cores two checking threads ran 0.89× as fast.
  if (value === "auto") return Math.min(MAX_JOBS, Math.max(1, availableParallelism() - 1));
  const n = /^[0-9]+$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= MAX_JOBS)) {
    throw new ArgError(`--jobs takes a number from 1 to ${MAX_JOBS}, or auto, not ${JSON.stringify(value)}`);
  }
  return n;
}

function parseCheckArgs(argv: readonly string[]): CheckArgs {
  const out: CheckArgs = { cwd: undefined, roots: [], configs: [], json: false, jsonl: false, home: undefined,
    command: undefined, jobs: 1 };
  let jobsGiven = false;
  const rest: string[] = [];
  const args = new Args(argv);
  for (let a = args.next(); a !== undefined; a = args.next()) {
    if (a === "--") {
      rest.push(...args.rest());
      break;
    }
    if (a === "--json") out.json = true;
    else if (a === "--jsonl") out.jsonl = true;
    else if (Args.is(a, "--cwd")) out.cwd = args.value(a, "--cwd");
    else if (Args.is(a, "--root")) out.roots.push(args.value(a, "--root"));
    else if (Args.is(a, "--config")) out.configs.push(args.value(a, "--config"));
    else if (Args.is(a, "--home")) out.home = args.value(a, "--home");
    else if (Args.is(a, "--jobs")) {
      out.jobs = parseJobs(args.value(a, "--jobs"));
      jobsGiven = true;
    } else if (a.startsWith("-") && a !== "-") throw new ArgError(`unknown option ${a}`);
    else rest.push(a);
  }
  if (out.jsonl) {
    if (rest.length) throw new ArgError("--jsonl reads commands from stdin; do not pass one as an argument");
  } else {
    if (jobsGiven) throw new ArgError("--jobs spreads a --jsonl batch; one command is checked in this thread");
    if (rest.length === 0) throw new ArgError("no command given");
    if (rest.length > 1) throw new ArgError("give the command as one argument (quote it)");
    out.command = rest[0];
  }
  return out;
}

export async function main(argv: readonly string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === "-h" || sub === "--help" || sub === "help") {
    (sub === undefined ? io.stderr : io.stdout)(USAGE + "\n");
    return sub === undefined ? EXIT.usage : 0;
  }
  if (sub === "--version" || sub === "-V") {
    // The manifest of the package this code runs from; the build id says which build of it. The
    // compiled binary has no package directory to read.
    let version = "(version unknown)";
    try {
      const manifest = JSON.parse(readFileSync(resolve(packageRoot(), "package.json"), "utf8")) as { version: string };
      version = manifest.version;
    } catch {
      // As said in the answer.
    }
    // No id: the sources, a bare tsc build, or the compiled binary (scripts/binary-entry.ts).
    const build = BUILD_ID === null ? "no build id" : `build ${BUILD_ID}`;
    io.stdout(`shellfence ${version} (${build})\n`);
    return 0;
  }
  // The grammar compiles in the background while the checker's modules load (they are imported
  // when first needed, below: most of a one-shot run's start is loading them).
  if (sub === "check" || sub === "hook") prefetchGrammar();
  if (sub === "config") return runConfig(rest, io);
  if (sub === "hook") return runHook(rest, io);
  if (sub === "scan") return runScan(rest, io);
  if (sub === "exec") return runExecCommand(rest, io);
  if (sub === "serve") return (await import("../server/server.ts")).runServe(rest, io, main);
  if (sub === "trust") return (await import("./trust.ts")).runTrust(rest, io);
  if (sub === "doctor") return (await import("../integrations/doctor.ts")).runDoctorCommand(rest, io, codeFile());
  if (sub !== "check") {
    io.stderr(`shellfence: unknown command ${JSON.stringify(sub)}\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (rest.includes("-h") || rest.includes("--help")) {
    io.stdout(USAGE + "\n");
    return 0;
  }
  let args: CheckArgs;
  try {
    args = parseCheckArgs(rest);
  } catch (e) {
    io.stderr(`shellfence: ${(e as Error).message}\n${USAGE}\n`);
    return EXIT.usage;
  }
  const badCwd = missingDirectory(args.cwd);
  if (badCwd !== null) {
    io.stderr(`shellfence: ${badCwd}\n`);
    return EXIT.usage;
  }
  let guard: Guard;
  let opts: GuardOptions;
  try {
    const env = shellEnvironment(io.env);
    // A batch only reads the disk: its answers hold for the whole run (paths/memo-fs.ts).
    opts = { roots: args.roots, ...layerOptions(args.cwd, args.configs, io), env,
      ...(args.home ? { home: args.home } : {}), ...(args.jsonl ? { unchangingDisk: true } : {}) };
    guard = await (await import("../guard/guard.ts")).createGuard(opts);
  } catch (e) {
    if (e instanceof ConfigError || e instanceof GrammarError) {
      io.stderr(`shellfence: ${e.message}\n`);
      return EXIT.usage;
    }
    throw e;
  }
  for (const w of guard.warnings) io.stderr(`shellfence: warning: ${w}\n`);
  if (args.jsonl) return runJsonl(guard, args, io, args.jobs > 1 ? opts : null);
  const verdict = guard.check(args.command!, args.cwd === undefined ? {} : { cwd: args.cwd });
  if (args.json) io.stdout(JSON.stringify(verdict) + "\n");
  else io.stdout(formatHuman(args.command!, verdict, { color: io.isTTY && !io.env.NO_COLOR }));
  return exitFor(verdict.decision);
}

/** Where the CLI looks for the user's global config: $XDG_CONFIG_HOME, else ~/.config. */
function globalPathFor(io: Io): string | null {
  return globalConfigPath(io.env, io.env.HOME || homedir() || null);
}

/**
 * The config layers of a CLI run: the user's global file when it exists, the project's
 * `.shellfence.json` in the starting directory when it exists, then each --config file.
 */
function layerOptions(cwd: string | undefined, configs: readonly string[],
  io: Io): { globalConfig?: string; projectConfig: string; config: readonly string[]; trustStore?: string }
{
  const global = globalPathFor(io);
  const store = trustStorePath(io.env, io.env.HOME || homedir() || null);
  return { ...(store ? { trustStore: store } : {}), ...(global && existsSync(global) ? { globalConfig: global } : {}),
    projectConfig: resolve(cwd ?? process.cwd()), config: configs };
}

/** Why a --cwd cannot be used (it is not there, or not a directory), or null when it can. */
function missingDirectory(cwd: string | undefined): string | null {
  if (cwd === undefined) return null;
  try {
    return statSync(cwd).isDirectory() ? null : `--cwd ${cwd}: not a directory`;
  } catch {
    return `--cwd ${cwd}: the directory does not exist`;
  }
}

/** `shellfence config --explain`: the merged rule set and where each rule came from. */
async function runConfig(argv: readonly string[], io: Io): Promise<number> {
  let explain = false;
  let check = false;
  let exportAs: string | undefined;
  let json = false;
  let cwd: string | undefined;
  const configs: string[] = [];
  try {
    const args = new Args(argv);
    for (let a = args.next(); a !== undefined; a = args.next()) {
      if (a === "--explain") explain = true;
      else if (a === "--check") check = true;
      else if (Args.is(a, "--export")) exportAs = args.value(a, "--export");
      else if (a === "--json") json = true;
      else if (a === "-h" || a === "--help") {
        io.stdout(USAGE + "\n");
        return 0;
      } else if (Args.is(a, "--cwd")) cwd = args.value(a, "--cwd");
      else if (Args.is(a, "--config")) configs.push(args.value(a, "--config"));
      else throw new ArgError(`config: unknown argument ${JSON.stringify(a)}`);
    }
    if (exportAs !== undefined && exportAs !== "claude-sandbox") {
      throw new ArgError(`config: --export knows claude-sandbox, not ${JSON.stringify(exportAs)}`);
    }
    if ([explain, check, exportAs !== undefined].filter(Boolean).length !== 1) {
      throw new ArgError("config: say what to do: one of --check, --explain, or --export claude-sandbox");
    }
  } catch (e) {
    if (!(e instanceof ArgError)) throw e;
    io.stderr(`shellfence: ${e.message}\n${USAGE}\n`);
    return EXIT.usage;
  }
  const badCwd = missingDirectory(cwd);
  if (badCwd !== null) {
    io.stderr(`shellfence: ${badCwd}\n`);
    return EXIT.usage;
  }
  if (exportAs !== undefined) return exportClaudeSandbox(cwd, configs, io);
  const sources = layerOptions(cwd, configs, io);
  if (check) {
    return runConfigCheck({ global: sources.globalConfig, project: sources.projectConfig, configs,
      ...(sources.trustStore ? { trustStore: sources.trustStore } : {}) }, json, io);
  }
  let text: string;
  try {
    const { globalConfig, projectConfig, trustStore } = sources;
    const { layers, info, warnings } = loadLayers({ global: globalConfig, project: projectConfig, extra: configs,
      ...(trustStore ? { trustStore } : {}) }, null);
    for (const w of warnings) io.stderr(`shellfence: warning: ${w}\n`);
    // An absent global file is still worth naming: it is where the user's rules would go.
    const global = globalPathFor(io);
    const listed = globalConfig === undefined && global
      ? [{ kind: "global" as const, origin: global, loaded: false }, ...info]
      : info;
    const explanation = explainConfig(mergeLayers(layers), listed);
    text = json ? JSON.stringify(explanation) + "\n" : formatExplanation(explanation);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    io.stderr(`shellfence: ${e.message}\n`);
    return EXIT.usage;
  }
  io.stdout(text);
  return 0;
}

function exitFor(d: Decision): number {
  return EXIT[d];
}

/**
 * One request per line; one verdict per line, in order. A bad line gets an error object.
 * Answers are written once per batch of input lines that arrived together, not once per line
 * (a write per line was a twentieth of the batch): the batch is flushed before the loop next
 * waits for input, so a caller that sends one line and waits for its answer gets it.
 */
/**
 * `check --jsonl`: one verdict line per request line, in order. With `workers` (--jobs N), the
 * checks run on a pool of worker threads (server/check-pool.ts) and each answer is written as
 * soon as every answer before it is; without, each request is checked here as it is read.
 */
async function runJsonl(guard: Guard, args: CheckArgs, io: Io, workers: GuardOptions | null): Promise<number> {
  let worst: Decision = "allow";
  let lineNo = 0;
  let hadError = false;
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.join("");
    pending = [];
    io.stdout(text);
  };
  const answer = (s: string) => {
    pending.push(s + "\n");
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  const local = (command: string, cwd: string | undefined): CheckAnswer => {
    const v: Verdict = guard.check(command, cwd === undefined ? {} : { cwd });
    return { decision: v.decision, line: JSON.stringify(v) };
  };
  // The main thread is one of the --jobs threads.
  const pool = workers === null
    ? null
    : new (await import("../server/check-pool.ts")).CheckPool(args.jobs - 1, workers, local);
  // Answers that came before one ahead of them wait here, by request number.
  const early = new Map<number, string>();
  let numbered = 0;
  let written = 0;
  let advanced: (() => void) | null = null;
  const put = (n: number, line: string) => {
    early.set(n, line);
    for (let next = early.get(written); next !== undefined; next = early.get(written)) {
      early.delete(written++);
      answer(next);
    }
    advanced?.();
    advanced = null;
  };
  const settle = (n: number, a: CheckAnswer) => {
    if (a.decision === "deny" || (a.decision === "ask" && worst === "allow")) worst = a.decision;
    put(n, a.line);
  };
  const writtenUpTo = async (behind: number) => {
    while (numbered - written > behind) await new Promise<void>((r) => (advanced = r));
  };
  try {
    for await (const line of io.stdin()) {
      lineNo++;
      if (line.trim() === "") continue;
      const n = numbered++;
      let req: unknown;
      try {
        req = JSON.parse(line);
      } catch (e) {
        put(n, JSON.stringify({ error: `line ${lineNo}: invalid JSON: ${(e as Error).message}` }));
        hadError = true;
        continue;
      }
      const r = req as { command?: unknown; cwd?: unknown };
      if (typeof req !== "object" || req === null || typeof r.command !== "string" ||
        (r.cwd !== undefined && typeof r.cwd !== "string"))
      {
        put(n, JSON.stringify({ error: `line ${lineNo}: expected {"command": string, "cwd"?: string}` }));
        hadError = true;
        continue;
      }
      const cwd = (r.cwd as string | undefined) ?? args.cwd;
      if (pool === null) settle(n, local(r.command, cwd));
      else {
        const sent = pool.check(r.command, cwd);
        void sent.answer.then((a) => settle(n, a));
        // A batch read faster than it is checked waits here rather than in memory; after a
        // check of its own the main thread lets in what the workers answered meanwhile.
        await writtenUpTo(QUEUED_PER_JOB * args.jobs);
        if (sent.local) await new Promise<void>((r) => setImmediate(r));
      }
    }
    await writtenUpTo(0);
  } finally {
    await pool?.close();
    flush();
  }
  if (hadError) return EXIT.usage;
  return exitFor(worst);
}

/** Requests a --jobs batch keeps in flight per thread: enough that no thread waits for work. */
const QUEUED_PER_JOB = 32;

/** `shellfence hook HOST`: an agent host's hook protocol on stdin/stdout. */
async function runHook(argv: readonly string[], io: Io): Promise<number> {
  const [host, ...rest] = argv;
  if (host === "claude-code") {
    const { runClaudeCodeHook } = await import("../integrations/claude-code.ts");
    return runClaudeCodeHook(rest, io);
  }
  const usage = "usage: shellfence hook claude-code [options] < hook-input.json\n";
  if (host === "-h" || host === "--help") {
    io.stdout(usage);
    return 0;
  }
  io.stderr(
    `${
      host === undefined ? "shellfence: hook needs a host" : `shellfence: unknown hook host ${JSON.stringify(host)}`
    } (known: claude-code)\n${usage}`,
  );
  return EXIT.usage;
}

/** A guard for the CLI's other subcommands: the config layers of `check`, errors as exit 2. */
async function cliGuard(
  a: { cwd: string | undefined; roots: readonly string[]; configs: readonly string[]; home?: string | undefined },
  io: Io,
): Promise<Guard | number> {
  const badCwd = missingDirectory(a.cwd);
  if (badCwd !== null) {
    io.stderr(`shellfence: ${badCwd}\n`);
    return EXIT.usage;
  }
  try {
    return await (await import("../guard/guard.ts")).createGuard({ roots: a.roots,
      ...layerOptions(a.cwd, a.configs, io), ...(a.home ? { home: a.home } : {}) });
  } catch (e) {
    if (!(e instanceof ConfigError || e instanceof GrammarError)) throw e;
    io.stderr(`shellfence: ${e.message}\n`);
    return EXIT.usage;
  }
}

async function runExecCommand(argv: readonly string[], io: Io): Promise<number> {
  const { runExec } = await import("./exec.ts");
  return runExec(argv, io, (a) => cliGuard(a, io));
}

async function exportClaudeSandbox(cwd: string | undefined, configs: readonly string[], io: Io): Promise<number> {
  const guard = await cliGuard({ cwd, roots: [], configs }, io);
  if (typeof guard === "number") return guard;
  const { claudeSandboxSettings } = await import("../sandbox/claude.ts");
  // Claude Code's sandbox shows the rest of the disk: the export is of the `standard` profile.
  const profile = guard.sandboxFor(null, { ...(cwd === undefined ? {} : { cwd }), profile: "standard" });
  io.stdout(JSON.stringify(claudeSandboxSettings(profile), null, 2) + "\n");
  return 0;
}

async function runScan(argv: readonly string[], io: Io): Promise<number> {
  const { runScanCommand } = await import("./scan.ts");
  return runScanCommand(argv, io);
}

/** The entry of a `check --jsonl --jobs N` worker thread, which loads this module (check-pool.ts). */
export async function runCheckWorker(): Promise<void> {
  return (await import("../server/check-worker.ts")).runCheckWorker();
}

export function processIo(): Io {
  return { stdout: (s) => process.stdout.write(s), stderr: (s) => process.stderr.write(s),
    stdin: () => createInterface({ input: process.stdin, crlfDelay: Infinity }), isTTY: process.stdout.isTTY === true,
    env: process.env, exit: (code) => process.exit(code) };
}
