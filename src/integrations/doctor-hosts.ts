// Where each host looks for its guard, read the way the host reads it, for `shellfence doctor`.
// Each reader finds the entries that would load shellfence and the entries that look as if
// they would but do not (opencode's "shellfence/opencode", pi's npm:shellfence), and probes
// the ones that load (doctor-probe.ts). Only shellfence's own modules are ever imported: a
// plugin or extension file that is not shellfence's is read, never run.
//
// Claude Code: https://code.claude.com/docs/en/settings (settings files) and /hooks (matchers).
// opencode 1.18: config in ~/.config/opencode and the project (opencode.json[c], .opencode/),
// plugins from the "plugin" list (paths and npm specs) and .opencode/plugin(s)/*.{ts,js}.
// pi 0.73: packages in ~/.pi/agent/settings.json and .pi/settings.json, extensions in
// ~/.pi/agent/extensions and .pi/extensions (docs/packages.md, docs/extensions.md).

import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { isRecord } from "./fields.ts";
import { readRegularFile, readRegularText } from "../paths/fs.ts";

/** A host's settings file or a wrapper past this is not read: none is near it. */
const MAX_HOST_FILE_BYTES = 4 << 20;
import { programOf } from "./doctor-command.ts";
import { probeClaudeHook, probeOpencodePlugin, probePiExtension, type ProbeResult } from "./doctor-probe.ts";
import { parseJsonDocument } from "../policy/json.ts";

export type HostId = "claude-code" | "opencode" | "pi";

export interface Finding {
  /** `info`: listed for the user to see (another host's plugin, a file the project brings), not a judgement. */
  readonly level: "ok" | "info" | "warn" | "error";
  readonly where: string;
  readonly message: string;
}

export interface HostFindings {
  /** Whether the project sets this host up at all (its config directory or file is there). */
  readonly configured: boolean;
  /** Entries that load shellfence and answered the probe. */
  readonly running: number;
  readonly findings: Finding[];
  /** The program or module each entry that loads shellfence runs, for the identity check (doctor-identity.ts). */
  readonly guards: GuardEntry[];
}

/** Where a shellfence entry is configured, and the file it runs (or why that was not found). */
type GuardEntry = { readonly where: string; readonly file: string } | { readonly where: string;
  readonly unresolved: string };

export interface DoctorContext {
  readonly project: string;
  readonly home: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

type Read = { readonly value: unknown } | { readonly error: string } | null;

function readConfig(file: string): Read {
  if (!existsSync(file)) return null;
  try {
    const r = readRegularFile(file, MAX_HOST_FILE_BYTES);
    if (!("bytes" in r)) return { error: `${r.problem} (${r.code})` };
    // JSON with comments and trailing commas, read by the parser opencode itself uses; a key
    // given twice is a problem here too, since a person reading the file may see the other one.
    const doc = parseJsonDocument(r.bytes.toString("utf8"), true);
    if (!("tree" in doc)) return { error: `line ${doc.line}, column ${doc.column}: ${doc.message}` };
    return { value: doc.value };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/**
 * The config files among `files` that exist, parsed; one the host could not read either is an
 * error finding (`host` names it), and a value that is not an object holds no settings.
 */
export function readConfigs(files: readonly string[], host: string,
  f: Finding[]): Array<{ readonly file: string; readonly value: Record<string, unknown> }>
{
  const out: Array<{ readonly file: string; readonly value: Record<string, unknown> }> = [];
  for (const file of files) {
    const r = readConfig(file);
    if (r === null) continue;
    if ("error" in r) f.push({ level: "error", where: file, message: `${host} cannot read it either: ${r.error}` });
    else if (isRecord(r.value)) out.push({ file, value: r.value });
  }
  return out;
}

export function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** The package directory a file belongs to, when that package is shellfence. */
export function shellfencePackageOf(file: string): string | null {
  for (let dir = dirname(file);; dir = dirname(dir)) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg)) {
      try {
        const v: unknown = JSON.parse(readRegularText(pkg, MAX_HOST_FILE_BYTES) ?? "null");
        // A package.json without a name only sets a folder's module type (bin/package.json).
        if (!(isRecord(v) && v.name === undefined)) return isRecord(v) && v.name === "shellfence" ? dir : null;
      } catch {
        return null;
      }
    }
    if (dirname(dir) === dir) return null;
  }
}

function record(f: Finding[], where: string, r: ProbeResult, what: string): number {
  f.push({ level: r.ok ? "ok" : "error", where, message: `${what}: ${r.detail}` });
  return r.ok ? 1 : 0;
}

/** Resolves `shellfence/<sub>` from a wrapper file as the host's module loader would. */
function resolveFrom(file: string, specifier: string): string | null {
  try {
    return createRequire(file).resolve(specifier);
  } catch {
    return null;
  }
}

/** A wrapper file (.opencode/plugin/x.ts, .pi/extensions/x.ts) that re-exports shellfence: probe the module it names. */
async function probeWrapper(file: string, specifier: string, f: Finding[], guards: GuardEntry[],
  probe: (module: string) => Promise<ProbeResult>): Promise<number>
{
  const text = readRegularText(file, MAX_HOST_FILE_BYTES) ?? "";
  const quoted = new RegExp(`from\\s*["']${specifier.replace("/", "\\/")}["']`);
  if (!quoted.test(text)) {
    if (text.includes("shellfence")) {
      f.push({ level: "warn", where: file,
        message: `mentions shellfence but does not import "${specifier}"; it was not run` });
    }
    return 0;
  }
  const target = resolveFrom(file, specifier);
  if (target === null) {
    f.push({ level: "error", where: file,
      message: `imports "${specifier}", which cannot be found from here (is shellfence installed in the project?)` });
    return 0;
  }
  guards.push({ where: file, file: target });
  return record(f, file, await probe(target), `imports ${target}`);
}

export function listModules(dir: string): string[] {
  if (!isDir(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (/\.(ts|js|mjs)$/.test(name)) out.push(p);
    else if (isDir(p)) {
      for (const idx of ["index.ts", "index.js"]) if (existsSync(join(p, idx))) out.push(join(p, idx));
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Claude Code

const CLAUDE_TOOLS_NEEDED = ["Bash"];
const CLAUDE_TOOLS_WANTED = ["Read", "Write", "Edit", "MultiEdit", "Glob", "Grep", "LS"];

/** Whether a Claude Code hook matcher (a regular expression over the tool's name, or empty for all) covers the tool. */
export function matcherCovers(matcher: unknown, tool: string): boolean {
  if (matcher === undefined || matcher === "" || matcher === "*") return true;
  if (typeof matcher !== "string") return false;
  try {
    return new RegExp(`^(?:${matcher})$`).test(tool);
  } catch {
    return matcher === tool;
  }
}

export async function checkClaudeCode(ctx: DoctorContext): Promise<HostFindings> {
  const f: Finding[] = [];
  const guards: GuardEntry[] = [];
  const files = [join(ctx.project, ".claude", "settings.json"), join(ctx.project, ".claude", "settings.local.json"),
    join(ctx.home, ".claude", "settings.json")];
  const configured = isDir(join(ctx.project, ".claude")) || existsSync(join(ctx.project, "CLAUDE.md"));
  let running = 0;
  let disabled = false;
  for (const { file, value } of readConfigs(files, "Claude Code", f)) {
    if (value.disableAllHooks === true) {
      disabled = true;
      f.push({ level: "error", where: file, message: "disableAllHooks is true: no hook runs" });
    }
    const groups = isRecord(value.hooks) ? value.hooks.PreToolUse : undefined;
    if (!Array.isArray(groups)) continue;
    for (const g of groups) {
      if (!isRecord(g) || !Array.isArray(g.hooks)) continue;
      for (const h of g.hooks) {
        if (!isRecord(h) || h.type !== "command" || typeof h.command !== "string" ||
          !/shellfence\b[\s\S]*\bhook\s+claude-code\b/.test(h.command)) continue;
        const missing = CLAUDE_TOOLS_NEEDED.filter((t) => !matcherCovers(g.matcher, t));
        if (missing.length) {
          f.push({ level: "error", where: file,
            message: `the shellfence hook's matcher ${JSON.stringify(g.matcher)} does not cover ${
              missing.join(", ")
            }` });
          continue;
        }
        const unwatched = CLAUDE_TOOLS_WANTED.filter((t) => !matcherCovers(g.matcher, t));
        if (unwatched.length) {
          f.push({ level: "warn", where: file, message: `the matcher leaves ${unwatched.join(", ")} unjudged` });
        }
        if (h.onFailure !== "block") {
          f.push({ level: "warn", where: file,
            message:
              'the hook has no "onFailure": "block": where it cannot run (no node, a crash, past its timeout) Claude Code runs the tool unchecked; add it (Claude Code 2.1.295 and later)' });
        }
        if (/^\s*npx\b/.test(h.command)) {
          f.push({ level: "warn", where: file,
            message:
              'npx costs about 1 s on every tool call; make the command "$CLAUDE_PROJECT_DIR"/node_modules/shellfence/bin/shellfence-hook claude-code instead' });
        }
        const prog = programOf(h.command, ctx.project, { ...ctx.env, CLAUDE_PROJECT_DIR: ctx.project });
        guards.push("program" in prog ? { where: file, file: prog.program } : { where: file, ...prog });
        running += record(f, file, await probeClaudeHook(h.command, ctx.project, ctx.env),
          `hook ${JSON.stringify(h.command)}`);
      }
    }
  }
  if (disabled) running = 0;
  return { configured: configured || running > 0, running, findings: f, guards };
}

// ---------------------------------------------------------------------------------------------
// opencode

/** opencode reads a plugin entry that is not a path as an npm package spec. */
function isPathSpec(spec: string): boolean {
  return spec.startsWith("./") || spec.startsWith("../") || spec.startsWith("/") || spec.startsWith("file://");
}

export async function checkOpencode(ctx: DoctorContext): Promise<HostFindings> {
  const f: Finding[] = [];
  const guards: GuardEntry[] = [];
  const globalDir = join(ctx.env.XDG_CONFIG_HOME || join(ctx.home, ".config"), "opencode");
  const localDir = join(ctx.project, ".opencode");
  const projectIgnored = Boolean(ctx.env.OPENCODE_DISABLE_PROJECT_CONFIG);
  const projectFiles = [join(ctx.project, "opencode.json"), join(ctx.project, "opencode.jsonc"),
    join(localDir, "opencode.json"), join(localDir, "opencode.jsonc")];
  const configured = projectFiles.some((p) => existsSync(p)) || isDir(localDir);
  const files = [join(globalDir, "config.json"), join(globalDir, "opencode.json"), join(globalDir, "opencode.jsonc"),
    ...(ctx.env.OPENCODE_CONFIG ? [ctx.env.OPENCODE_CONFIG] : []), ...(projectIgnored ? [] : projectFiles)];
  if (projectIgnored && configured) {
    f.push({ level: "warn", where: "OPENCODE_DISABLE_PROJECT_CONFIG",
      message: "is set: opencode ignores this project's opencode.json and .opencode/" });
  }
  let running = 0;
  for (const { file, value } of readConfigs(files, "opencode", f)) {
    const plugins = Array.isArray(value.plugin) ? (value.plugin as unknown[]) : [];
    for (const entry of plugins) {
      const spec = typeof entry === "string"
        ? entry
        : Array.isArray(entry) && typeof entry[0] === "string"
        ? entry[0]
        : null;
      const options: unknown = Array.isArray(entry) ? entry[1] : undefined;
      if (spec === null || !spec.includes("shellfence")) continue;
      if (!isPathSpec(spec)) {
        f.push({ level: "error", where: file,
          message: `plugin ${
            JSON.stringify(spec)
          } is not loaded: opencode hands it to npm as a package spec, and npm reads "owner/name" as a GitHub repository (github.com/${
            spec.split("/").slice(0, 2).join("/")
          }). Use "./node_modules/shellfence/dist/integrations/opencode.js"` });
        continue;
      }
      const path = spec.startsWith("file://")
        ? fileURLToPath(spec)
        : isAbsolute(spec)
        ? spec
        : resolve(dirname(file), spec);
      if (!existsSync(path)) {
        f.push({ level: "error", where: file,
          message: `plugin ${
            JSON.stringify(spec)
          }: ${path} does not exist (is shellfence installed in the project?)` });
        continue;
      }
      if (shellfencePackageOf(path) === null) {
        f.push({ level: "error", where: file,
          message: `plugin ${JSON.stringify(spec)}: ${path} is not part of the shellfence package; it was not run` });
        continue;
      }
      guards.push({ where: file, file: path });
      running += record(f, file, await probeOpencodePlugin(path, ctx.project, options),
        `plugin ${JSON.stringify(spec)}`);
    }
  }
  const dirs = [globalDir, ...(projectIgnored ? [] : [localDir])];
  for (const d of dirs) {
    for (const sub of ["plugin", "plugins"]) {
      for (const file of listModules(join(d, sub))) {
        running += await probeWrapper(file, "shellfence/opencode", f, guards,
          (m) => probeOpencodePlugin(m, ctx.project, undefined));
      }
    }
  }
  return { configured: configured || running > 0, running, findings: f, guards };
}

// ---------------------------------------------------------------------------------------------
// pi

async function probePiPackage(dir: string, where: string, f: Finding[], guards: GuardEntry[],
  project: string): Promise<number>
{
  const pkgFile = join(dir, "package.json");
  const r = readConfig(pkgFile);
  if (r === null || "error" in r || !isRecord(r.value)) {
    f.push({ level: "error", where, message: `package ${dir} has no readable package.json` });
    return 0;
  }
  if (r.value.name !== "shellfence") return 0;
  const manifest = isRecord(r.value.pi) && Array.isArray(r.value.pi.extensions)
    ? (r.value.pi.extensions as unknown[])
    : [];
  let running = 0;
  for (const ext of manifest) {
    if (typeof ext !== "string") continue;
    guards.push({ where, file: resolve(dir, ext) });
    running += record(f, where, await probePiExtension(resolve(dir, ext), project), `package ${dir} extension ${ext}`);
  }
  if (manifest.length === 0) f.push({ level: "error", where, message: `package ${dir} lists no pi extensions` });
  return running;
}

export async function checkPi(ctx: DoctorContext): Promise<HostFindings> {
  const f: Finding[] = [];
  const guards: GuardEntry[] = [];
  const agentDir = ctx.env.PI_CODING_AGENT_DIR || join(ctx.home, ".pi", "agent");
  const localDir = join(ctx.project, ".pi");
  const configured = isDir(localDir);
  let running = 0;
  for (const { file, value } of readConfigs([join(agentDir, "settings.json"), join(localDir, "settings.json")], "pi",
    f))
  {
    // pi resolves a package's local path from the directory holding the settings file.
    const base = dirname(file);
    const packages = Array.isArray(value.packages) ? (value.packages as unknown[]) : [];
    for (const entry of packages) {
      const source = typeof entry === "string"
        ? entry
        : isRecord(entry) && typeof entry.source === "string"
        ? entry.source
        : null;
      if (source === null) continue;
      if (/^(npm|git):|^[a-z]+:\/\//.test(source)) {
        if (source.includes("shellfence")) {
          f.push({ level: "error", where: file,
            message: `package ${
              JSON.stringify(source)
            } is fetched by pi from a registry or repository, where shellfence is not published; install it in the project and use \`pi install -l ./node_modules/shellfence\`` });
        }
        continue;
      }
      const dir = isAbsolute(source) ? source : resolve(base, source);
      if (!isDir(dir)) {
        if (source.includes("shellfence")) {
          f.push({ level: "error", where: file, message: `package ${JSON.stringify(source)}: ${dir} does not exist` });
        }
        continue;
      }
      running += await probePiPackage(dir, file, f, guards, ctx.project);
    }
  }
  for (const d of [join(agentDir, "extensions"), join(localDir, "extensions")]) {
    for (const file of listModules(d)) {
      running += await probeWrapper(file, "shellfence/pi", f, guards, (m) => probePiExtension(m, ctx.project));
    }
  }
  return { configured: configured || running > 0, running, findings: f, guards };
}
