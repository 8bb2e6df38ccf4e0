// The shellfence command line. It parses arguments, runs the guard, and maps the verdict to
// an exit status: 0 allow, 1 deny, 3 ask, 2 usage or configuration error.

import { createInterface } from "node:readline";
import { createGuard, type Guard, type GuardOptions } from "./guard.ts";
import { ConfigError } from "./policy/config.ts";
import { GrammarError } from "./parse/grammar.ts";
import { formatHuman } from "./report/human.ts";
import type { Decision, Verdict } from "./verdict.ts";

export const EXIT = { allow: 0, deny: 1, usage: 2, ask: 3 } as const;

export interface Io {
  readonly stdout: (s: string) => void;
  readonly stderr: (s: string) => void;
  readonly stdin: () => AsyncIterable<string>;
  readonly isTTY: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}

const USAGE = `usage: shellfence check [options] [--] COMMAND
       shellfence check --jsonl [options] < requests.jsonl
       shellfence hook claude-code [options] < hook-input.json   (see: shellfence hook --help)
       shellfence scan [options] [PATH...]                        (see: shellfence scan --help)

Decides whether a bash command may touch the paths it names.

options:
  --cwd DIR       where the command starts (default: the current directory); also a project root
  --root DIR      an additional project root (repeatable)
  --config FILE   a JSON config file (repeatable; later files override earlier ones)
  --json          print the verdict as JSON
  --jsonl         read {"command": …, "cwd"?: …} lines on stdin, write one verdict per line
  --home DIR      the home directory for ~ and cd (default: $HOME)
  -h, --help      show this help

exit status: 0 allow, 1 deny, 3 ask, 2 usage or configuration error`;

class UsageError extends Error {}

interface CheckArgs {
  cwd: string | undefined;
  roots: string[];
  configs: string[];
  json: boolean;
  jsonl: boolean;
  home: string | undefined;
  command: string | undefined;
}

function parseCheckArgs(argv: readonly string[]): CheckArgs {
  const out: CheckArgs = { cwd: undefined, roots: [], configs: [], json: false, jsonl: false, home: undefined, command: undefined };
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (name: string): string => {
      const eq = a.indexOf("=");
      if (eq > 0) return a.slice(eq + 1);
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${name} needs a value`);
      return v;
    };
    if (a === "--") {
      rest.push(...argv.slice(i + 1));
      break;
    }
    if (a === "--json") out.json = true;
    else if (a === "--jsonl") out.jsonl = true;
    else if (a === "--cwd" || a.startsWith("--cwd=")) out.cwd = value("--cwd");
    else if (a === "--root" || a.startsWith("--root=")) out.roots.push(value("--root"));
    else if (a === "--config" || a.startsWith("--config=")) out.configs.push(value("--config"));
    else if (a === "--home" || a.startsWith("--home=")) out.home = value("--home");
    else if (a.startsWith("-") && a !== "-") throw new UsageError(`unknown option ${a}`);
    else rest.push(a);
  }
  if (out.jsonl) {
    if (rest.length) throw new UsageError("--jsonl reads commands from stdin; do not pass one as an argument");
  } else {
    if (rest.length === 0) throw new UsageError("no command given");
    if (rest.length > 1) throw new UsageError("give the command as one argument (quote it)");
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
  if (sub === "hook") return runHook(rest, io);
  if (sub === "scan") return runScan(rest, io);
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
  let guard: Guard;
  try {
    const env: Record<string, string> = {};
    if (io.env.CDPATH !== undefined) env.CDPATH = io.env.CDPATH;
    const opts: GuardOptions = { roots: args.roots, config: args.configs, env, ...(args.home ? { home: args.home } : {}) };
    guard = await createGuard(opts);
  } catch (e) {
    if (e instanceof ConfigError || e instanceof GrammarError) {
      io.stderr(`shellfence: ${e.message}\n`);
      return EXIT.usage;
    }
    throw e;
  }
  if (args.jsonl) return runJsonl(guard, args, io);
  const verdict = guard.check(args.command!, args.cwd === undefined ? {} : { cwd: args.cwd });
  if (args.json) io.stdout(JSON.stringify(verdict) + "\n");
  else io.stdout(formatHuman(args.command!, verdict, { color: io.isTTY && !io.env.NO_COLOR }));
  return exitFor(verdict.decision);
}

export function exitFor(d: Decision): number {
  return EXIT[d];
}

/** One request per line; one verdict per line, in order. A bad line gets an error object. */
async function runJsonl(guard: Guard, args: CheckArgs, io: Io): Promise<number> {
  let worst: Decision = "allow";
  let lineNo = 0;
  let hadError = false;
  for await (const line of io.stdin()) {
    lineNo++;
    if (line.trim() === "") continue;
    let req: unknown;
    try {
      req = JSON.parse(line);
    } catch (e) {
      io.stdout(JSON.stringify({ error: `line ${lineNo}: invalid JSON: ${(e as Error).message}` }) + "\n");
      hadError = true;
      continue;
    }
    const r = req as { command?: unknown; cwd?: unknown };
    if (typeof req !== "object" || req === null || typeof r.command !== "string" || (r.cwd !== undefined && typeof r.cwd !== "string")) {
      io.stdout(JSON.stringify({ error: `line ${lineNo}: expected {"command": string, "cwd"?: string}` }) + "\n");
      hadError = true;
      continue;
    }
    const cwd = (r.cwd as string | undefined) ?? args.cwd;
    const v: Verdict = guard.check(r.command, cwd === undefined ? {} : { cwd });
    if (v.decision === "deny" || (v.decision === "ask" && worst === "allow")) worst = v.decision;
    io.stdout(JSON.stringify(v) + "\n");
  }
  if (hadError) return EXIT.usage;
  return exitFor(worst);
}

/** `shellfence hook HOST`: an agent host's hook protocol on stdin/stdout. */
async function runHook(argv: readonly string[], io: Io): Promise<number> {
  const [host, ...rest] = argv;
  if (host === "claude-code") {
    const { runClaudeCodeHook } = await import("./integrations/claude-code.ts");
    return runClaudeCodeHook(rest, io);
  }
  const usage = "usage: shellfence hook claude-code [options] < hook-input.json\n";
  if (host === "-h" || host === "--help") {
    io.stdout(usage);
    return 0;
  }
  io.stderr(`${host === undefined ? "shellfence: hook needs a host" : `shellfence: unknown hook host ${JSON.stringify(host)}`} (known: claude-code)\n${usage}`);
  return EXIT.usage;
}

async function runScan(argv: readonly string[], io: Io): Promise<number> {
  const { runScanCommand } = await import("./integrations/scan-cli.ts");
  return runScanCommand(argv, io);
}

export function processIo(): Io {
  return {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    stdin: () => createInterface({ input: process.stdin, crlfDelay: Infinity }),
    isTTY: process.stdout.isTTY === true,
    env: process.env,
  };
}
