// The guard's own command line (src/cli/main.ts, src/cli/exec.ts). From inside a guarded call
// it is a way around the guard: `shellfence exec --no-sandbox -- CMD` runs CMD unchecked and
// unconfined, `--approve-ask` approves what the verdict asks about, and `--config`, `--root` and
// `--home` give the inner check rules, roots or a home the agent chose. Each of these asks
// (PROTECTED_PATH: it turns the guard's protection off, as a write of its config would). What
// only reads and reports (`check`, `config`, `doctor`, `scan`, `hook`) is harmless; a
// subcommand the table does not know is asked about, since it could be any of these.

import { chdir, type Custom, each, flag, hooks, issue, none, optionItems, read } from "./common.ts";
import type { TableSpec } from "./expand.ts";
import { type Arg, withValue } from "../effects.ts";
import type { SpecContext } from "../spec.ts";

/** Options every reading subcommand takes: where it starts, and files it reads. */
const READING = { ...each(chdir, "--cwd"), ...each(read, "--config"),
  ...each(none, "--root", "--home", "--jobs", "--format", "--fail-on", "--idle", "--export"),
  ...each(flag, "--json", "--jsonl", "--explain", "-h", "--help") };

/** The options of `shellfence exec` that take the guard's protection away from its command. */
const DISARMS = ["--no-sandbox", "--approve-ask", "--config", "--root", "--home"];

/** `shellfence exec [options] [--] COMMAND`: COMMAND is bash code, run from --cwd. */
const execCustom: Custom = (ctx) => {
  for (const it of optionItems(ctx, ...DISARMS)) {
    const why = "runs a command with the guard's checks or sandbox turned off or replaced";
    issue(ctx, "PROTECTED_PATH", `shellfence exec ${it.name}: ${why}`);
  }
  const code = ctx.operands[0];
  if (!code) return;
  if (ctx.operands.length > 1) {
    const why = "more than one command word, which it refuses; judged as a command it could run";
    issue(ctx, "PROTECTED_PATH", `shellfence exec: ${why}`);
  }
  const base = ctx.items.find((i) => i.t === "operand")?.base;
  const at = base !== undefined ? { base } : {};
  ctx.emit({ t: "code", text: code.text, span: code.span, label: "shellfence exec", inProcess: false, ...at });
};

/** The guard's program as a path names it: its bin link, or the script in its package. */
export const GUARD_PROGRAM = /(^|\/)shellfence(\.[cm]?js)?$|(^|\/)node_modules\/shellfence\/bin\//;

/** The guard's package name as a word of a spec: `shellfence@1`, `x@npm:shellfence`, `me/shellfence#v1`; not `-x`. */
const GUARD_WORD = /(^|[^\w.-])shellfence($|[^\w-])/;

/**
 * A package spec that may install, remove, update or link the guard's package, replacing the
 * hook program: one that names it (`shellfence`, `shellfence@1`, an alias `x@npm:shellfence@1`,
 * a repository `me/shellfence`), one whose text is not known, and a local one whose name the
 * guard cannot read — a directory whose package.json is outside the roots or says
 * `"name": "shellfence"`, or a tarball (named as its maker chose).
 */
export function namesGuardPackage(ctx: SpecContext, a: Arg): boolean {
  const t = a.text;
  if (t === null || GUARD_WORD.test(t)) return true;
  const spec = /^(?:[^@/]+@|@[^/]+\/[^@]+@)?(?:file|link|portal):(?!\/\/)(.*)$/.exec(t)?.[1];
  const local = spec ?? (/^(\.{1,2}(\/|$)|\/|~)/.test(t) ? t : null);
  if (local === null) return /\.(tgz|tar\.gz|tar)$/.test(t);
  if (/\.(tgz|tar\.gz|tar)$/.test(local)) return true;
  if (!ctx.disk.isDirectory(local, ctx.start ?? null)) return false;
  const manifest = ctx.disk.readText(`${local.replace(/\/+$/, "")}/package.json`, ctx.start ?? null);
  if (manifest === null) return true;
  try {
    const name: unknown = (JSON.parse(manifest) as { name?: unknown }).name;
    return name === "shellfence";
  } catch {
    return true;
  }
}

/** `node node_modules/shellfence/bin/shellfence.js ARGS` is the guard's command line too. */
export const guardScript: Custom = (ctx) => {
  const [script, ...rest] = ctx.operands;
  if (script?.text && GUARD_PROGRAM.test(script.text) && !optionItems(ctx, "-e", "--eval", "-p", "--print").length) {
    const argv = [withValue(script, "shellfence", ""), ...rest];
    ctx.emit({ t: "run", argv, inProcess: false, bypassFunctions: true, label: `node ${script.text}` });
  }
};

const KNOWN = new Set(["check", "config", "doctor", "scan", "hook", "serve", "exec", "help", "-h", "--help"]);

export const SHELLFENCE: TableSpec = { names: ["shellfence"], abbreviations: false, options: {},
  operands: { all: "none" },
  subcommands: { check: { names: [], abbreviations: false, options: READING, operands: { all: "none" } },
    config: { names: [], abbreviations: false, options: READING, operands: { all: "none" } },
    doctor: { names: [], abbreviations: false, options: READING, operands: { all: "none" } },
    hook: { names: [], abbreviations: false, options: READING, operands: { all: "none" } },
    serve: { names: [], abbreviations: false, options: READING, operands: { all: "none" } },
    scan: { names: [], abbreviations: false, options: { ...READING, ...each(read, "--root") },
      operands: { all: "read" } },
    exec: { names: [], abbreviations: false,
      options: { "--cwd": chdir, "--profile": none, ...each(read, "--config"), ...each(none, "--root", "--home"),
        ...each(flag, "--no-sandbox", "--approve-ask", "-h", "--help") }, operands: { all: "none" },
      custom: execCustom } }, unknownSubcommand: "none",
  custom: hooks((ctx) => {
    const sub = ctx.operands[0];
    if (sub !== undefined && (sub.text === null || !KNOWN.has(sub.text))) {
      const why = "a subcommand of the guard's own program that is not known to only read";
      issue(ctx, "PROTECTED_PATH", `shellfence ${sub.text ?? sub.source}: ${why}`);
    }
  }) };
