// What the project could change, for `shellfence doctor`: the files inside the project root that
// a host or the guard reads as configuration or code when it starts — what a cloned repository
// brings with it. Each is listed with what reads it; the project's `.shellfence.json` says
// whether the user trusts it as it is now (src/cli/trust.ts), since untrusted it may only
// tighten the rules.

import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { isDir, listModules } from "./doctor-hosts.ts";
import { readRegularText } from "../paths/fs.ts";
import { fileDigest, PROJECT_CONFIG_NAME, readTrustStore, trustStorePath } from "../policy/layers.ts";

export interface ProjectFile {
  /** Relative to the project root. */
  readonly path: string;
  readonly readBy: string;
  readonly what: string;
}

/** [path relative to the root, who reads it, what it can do]; a directory stands for the modules in it. */
const PLACES: ReadonlyArray<readonly [string, string, string]> = [[".claude/settings.json", "Claude Code",
  "settings: hooks it runs as commands, permissions"], [".claude/settings.local.json", "Claude Code",
  "settings: hooks it runs as commands, permissions"], [".mcp.json", "Claude Code",
  "MCP servers it starts as programs (once the user approves them)"], ["opencode.json", "opencode",
  "config: plugins it loads, permissions, MCP servers"], ["opencode.jsonc", "opencode",
  "config: plugins it loads, permissions, MCP servers"], [".opencode/opencode.json", "opencode",
  "config: plugins it loads, permissions, MCP servers"], [".opencode/opencode.jsonc", "opencode",
  "config: plugins it loads, permissions, MCP servers"], [".opencode/package.json", "opencode",
  "dependencies it installs for the plugins"], [".opencode/plugin", "opencode", "a plugin it loads into its process"], [
  ".opencode/plugins",
  "opencode",
  "a plugin it loads into its process",
], [".opencode/tool", "opencode", "a custom tool the agent can call"], [".opencode/tools", "opencode",
  "a custom tool the agent can call"], [".pi/settings.json", "pi", "settings: packages and extensions it loads"], [
  ".pi/extensions",
  "pi",
  "an extension it loads into its process",
], ["node_modules/shellfence", "the hosts", "the guard itself, when a host loads it from the project"]];

function trustOf(file: string, env: Readonly<Record<string, string | undefined>>, home: string): string {
  const text = readRegularText(file, 1 << 20);
  if (text === null) return "the guard's project config: not a readable file";
  const d = fileDigest(file, text);
  const trusted = readTrustStore(trustStorePath(env, home))[d.path];
  return trusted === d.sha256
    ? "the guard's project config: trusted as it is now (its allows and roots count)"
    : trusted !== undefined
    ? `the guard's project config: changed since it was trusted, so it may only tighten the rules (\`shellfence trust ${file}\` after reading it)`
    : `the guard's project config: not trusted, so it may only tighten the rules (\`shellfence trust ${file}\` after reading it)`;
}

export function projectFiles(project: string, env: Readonly<Record<string, string | undefined>>,
  home: string): ProjectFile[]
{
  const out: ProjectFile[] = [];
  const config = join(project, PROJECT_CONFIG_NAME);
  if (existsSync(config)) {
    out.push({ path: PROJECT_CONFIG_NAME, readBy: "shellfence", what: trustOf(config, env, home) });
  }
  for (const [rel, readBy, what] of PLACES) {
    const p = join(project, rel);
    if (rel === "node_modules/shellfence" || !isDir(p)) {
      if (existsSync(p)) out.push({ path: rel, readBy, what });
      continue;
    }
    for (const file of listModules(p)) out.push({ path: relative(project, file), readBy, what });
  }
  return out;
}
