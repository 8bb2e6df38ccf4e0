// What else the hosts run beside the guard, for `shellfence doctor`: other hooks, plugins, tools
// and extensions, each listed ("info") next to the guard's, and flagged where it can undo the
// guard's judgement: a tool that replaces one the guard judges (opencode's custom tool named
// `bash`, pi's registerTool of `bash`), a hook that can rewrite a call after the guard judged it
// (Claude Code's `updatedInput`, opencode's `output.args`, pi's mutable `event.input`), or one
// that answers the permission prompt an ask raises. Files are read, never run; what a program
// does is only seen in its text, so "can" is said where the text is not there to read.

import { existsSync } from "node:fs";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { programOf } from "./doctor-command.ts";
import { type DoctorContext, type Finding, isDir, listModules, matcherCovers, readConfigs } from "./doctor-hosts.ts";
import { isRecord } from "./fields.ts";
import { readRegularText } from "../paths/fs.ts";

const MAX_TEXT = 4 << 20;
const SHELLFENCE_HOOK = /shellfence\b[\s\S]*\bhook\s+claude-code\b/;
/** Claude Code's tools the guard judges (its hook's matcher). */
const CLAUDE_JUDGED = ["Bash", "Read", "Write", "Edit", "MultiEdit", "Glob", "Grep", "LS"];
/** opencode's built-in tools the plugin judges (docs/integrations.md, opencode). */
const OPENCODE_JUDGED = new Set(["bash", "read", "write", "edit", "multiedit", "glob", "grep", "list", "apply_patch",
  "batch"]);
/** pi's built-in tools (extensions can override each by name). */
const PI_BUILTIN = new Set(["bash", "read", "write", "edit", "grep", "find", "ls"]);

/** The text of the script a hook command runs, when it names one the doctor can read. */
function scriptText(command: string, ctx: DoctorContext): string | null {
  const p = programOf(command, ctx.project, { ...ctx.env, CLAUDE_PROJECT_DIR: ctx.project });
  return "program" in p ? readRegularText(p.program, MAX_TEXT) : null;
}

export function claudeForeign(ctx: DoctorContext): Finding[] {
  const f: Finding[] = [];
  const files = [join(ctx.project, ".claude", "settings.json"), join(ctx.project, ".claude", "settings.local.json"),
    join(ctx.home, ".claude", "settings.json"), "/etc/claude-code/managed-settings.json"];
  // Read errors are the host check's to report.
  for (const { file, value } of readConfigs(files, "Claude Code", [])) {
    const hooks = isRecord(value.hooks) ? value.hooks : {};
    for (const [event, groups] of Object.entries(hooks)) {
      if (!Array.isArray(groups)) continue;
      for (const g of groups) {
        if (!isRecord(g) || !Array.isArray(g.hooks)) continue;
        for (const h of g.hooks) {
          if (!isRecord(h)) continue;
          const type = typeof h.type === "string" ? h.type : "?";
          const what = typeof h.command === "string"
            ? h.command
            : typeof h.url === "string"
            ? h.url
            : typeof h.prompt === "string"
            ? "(a prompt)"
            : "?";
          if (type === "command" && SHELLFENCE_HOOK.test(what)) continue;
          const tools = CLAUDE_JUDGED.filter((t) => matcherCovers(g.matcher, t));
          const label = `${event} ${type} hook ${JSON.stringify(what)}${
            g.matcher !== undefined ? ` (matcher ${JSON.stringify(g.matcher)})` : ""
          }`;
          if (event === "PreToolUse" && tools.length > 0) {
            // Claude Code runs an event's hooks in parallel and applies an updatedInput one returns.
            const text = type === "command" ? scriptText(what, ctx) : null;
            f.push(
              text !== null && text.includes("updatedInput")
                ? { level: "error", where: file,
                  message: `${label}: its script returns updatedInput, which replaces the input of ${
                    tools.join(", ")
                  } after shellfence judged it; remove it or make it leave the input alone` }
                : { level: "warn", where: file,
                  message: `${label}: runs beside shellfence on ${
                    tools.join(", ")
                  }; an updatedInput it returns would replace the input shellfence judged (check that it returns none)` },
            );
          } else if (event === "PermissionRequest" && tools.length > 0) {
            f.push({ level: "warn", where: file,
              message: `${label}: can answer the permission prompt of an ask on ${
                tools.join(", ")
              } without the user (check that it never allows)` });
          } else f.push({ level: "info", where: file, message: `${label}: runs outside shellfence's judgement` });
        }
      }
    }
    if (isRecord(value.enabledPlugins)) {
      for (const [name, on] of Object.entries(value.enabledPlugins)) {
        if (on === true) {
          f.push({ level: "info", where: file,
            message: `plugin ${JSON.stringify(name)}: may bring hooks of its own, not read here` });
        }
      }
    }
  }
  return f;
}

/** A plugin's or extension's text, judged by what it registers. */
function moduleFindings(file: string, host: "opencode" | "pi", f: Finding[]): void {
  const text = readRegularText(file, MAX_TEXT);
  if (text === null) {
    f.push({ level: "warn", where: file,
      message: `a ${host} ${host === "pi" ? "extension" : "plugin"}, not readable` });
    return;
  }
  if (host === "opencode") {
    f.push(
      text.includes("tool.execute.before")
        ? { level: "warn", where: file,
          message:
            "a plugin with a tool.execute.before hook: opencode runs the hooks in turn on the same output.args, so it can change a call after shellfence judged it (check that it does not)" }
        : { level: "info", where: file,
          message: "a plugin: runs in opencode's process, outside shellfence's judgement" },
    );
    return;
  }
  const overrides = [...text.matchAll(/registerTool\s*\(\s*\{[^}]*?\bname\s*:\s*["'`]([a-z_]+)["'`]/g)].map((m) =>
    m[1]!
  ).filter((n) => PI_BUILTIN.has(n));
  for (const n of new Set(overrides)) {
    f.push({ level: "error", where: file,
      message:
        `registers a tool named "${n}", which replaces pi's built-in ${n}: its calls run this code, not the tool shellfence judges` });
  }
  if (/\.on\s*\(\s*["'`]tool_call["'`]/.test(text)) {
    f.push({ level: "warn", where: file,
      message:
        "an extension with a tool_call handler: event.input is mutable and a later handler's change is what runs, so it can change a call after shellfence judged it (check that it does not)" });
  } else if (overrides.length === 0) {
    f.push({ level: "info", where: file,
      message: "an extension: runs in pi's process, outside shellfence's judgement" });
  }
}

function importsGuard(file: string, specifier: string): boolean {
  return new RegExp(`from\\s*["']${specifier.replace("/", "\\/")}["']`).test(readRegularText(file, MAX_TEXT) ?? "");
}

/** opencode's custom tools: a file's default export is named after the file, `export const x` is `FILE_x`. */
function opencodeTools(dir: string, f: Finding[]): void {
  for (const file of listModules(dir)) {
    const text = readRegularText(file, MAX_TEXT) ?? "";
    const base = basename(file).replace(/\.(ts|js|mjs)$/, "") === "index"
      ? basename(dirname(file))
      : basename(file).replace(/\.(ts|js|mjs)$/, "");
    const names = [...(/\bexport\s+default\b/.test(text) ? [base] : []),
      ...[...text.matchAll(/\bexport\s+(?:const|let|var|function)\s+([A-Za-z_$][\w$]*)/g)].map((m) =>
        `${base}_${m[1]}`
      )];
    if (names.length === 0) names.push(base);
    for (const n of names) {
      f.push(
        OPENCODE_JUDGED.has(n)
          ? { level: "error", where: file,
            message:
              `a custom tool named "${n}" replaces opencode's built-in ${n}: its calls run this code, which shellfence's plugin judges as the built-in's arguments at best; rename or remove it` }
          : { level: "info", where: file,
            message:
              `a custom tool "${n}": runs its own code when the agent calls it, outside shellfence's judgement` },
      );
    }
  }
}

export function opencodeForeign(ctx: DoctorContext): Finding[] {
  const f: Finding[] = [];
  const globalDir = join(ctx.env.XDG_CONFIG_HOME || join(ctx.home, ".config"), "opencode");
  const localDir = join(ctx.project, ".opencode");
  const projectIgnored = Boolean(ctx.env.OPENCODE_DISABLE_PROJECT_CONFIG);
  const projectFiles = [join(ctx.project, "opencode.json"), join(ctx.project, "opencode.jsonc"),
    join(localDir, "opencode.json"), join(localDir, "opencode.jsonc")];
  const files = [join(globalDir, "config.json"), join(globalDir, "opencode.json"), join(globalDir, "opencode.jsonc"),
    ...(ctx.env.OPENCODE_CONFIG ? [ctx.env.OPENCODE_CONFIG] : []), ...(projectIgnored ? [] : projectFiles)];
  for (const { file, value } of readConfigs(files, "opencode", [])) {
    for (const entry of Array.isArray(value.plugin) ? (value.plugin as unknown[]) : []) {
      const spec = typeof entry === "string" ? entry : Array.isArray(entry) ? entry[0] : null;
      if (typeof spec !== "string" || spec.includes("shellfence")) continue;
      const path = /^(\.\.?\/|\/)/.test(spec) ? (isAbsolute(spec) ? spec : resolve(dirname(file), spec)) : null;
      if (path !== null && existsSync(path)) moduleFindings(path, "opencode", f);
      else {
        f.push({ level: "info", where: file,
          message: `plugin ${JSON.stringify(spec)}: ${
            path === null ? "an npm package opencode installs and loads" : "not found"
          }, runs in opencode's process, not read here` });
      }
    }
  }
  for (const d of [globalDir, ...(projectIgnored ? [] : [localDir])]) {
    for (const sub of ["plugin", "plugins"]) {
      for (const file of listModules(join(d, sub))) {
        if (!importsGuard(file, "shellfence/opencode")) moduleFindings(file, "opencode", f);
      }
    }
    for (const sub of ["tool", "tools"]) opencodeTools(join(d, sub), f);
  }
  return f;
}

export function piForeign(ctx: DoctorContext): Finding[] {
  const f: Finding[] = [];
  const agentDir = ctx.env.PI_CODING_AGENT_DIR || join(ctx.home, ".pi", "agent");
  const localDir = join(ctx.project, ".pi");
  const extensionFiles: string[] = [];
  for (const { file, value } of readConfigs([join(agentDir, "settings.json"), join(localDir, "settings.json")], "pi",
    []))
  {
    for (const entry of Array.isArray(value.packages) ? (value.packages as unknown[]) : []) {
      const source = typeof entry === "string" ? entry : isRecord(entry) ? entry.source : null;
      if (typeof source !== "string" || source.includes("shellfence")) continue;
      f.push({ level: "info", where: file,
        message: `package ${JSON.stringify(source)}: its extensions run in pi's process, not read here` });
    }
    for (const entry of Array.isArray(value.extensions) ? (value.extensions as unknown[]) : []) {
      if (typeof entry !== "string") continue;
      const p = isAbsolute(entry) ? entry : resolve(dirname(file), entry);
      if (isDir(p)) extensionFiles.push(...listModules(p));
      else if (existsSync(p)) extensionFiles.push(p);
    }
  }
  for (const d of [join(agentDir, "extensions"), join(localDir, "extensions")]) extensionFiles.push(...listModules(d));
  for (const file of new Set(extensionFiles)) if (!importsGuard(file, "shellfence/pi")) moduleFindings(file, "pi", f);
  return f;
}
