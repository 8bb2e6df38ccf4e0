// TEMPORARY: file-tool calls judged as the shell command that touches the same path the same
// way (read → cat, write/edit → tee, find/ls → ls -d, grep → grep -r), with the path always
// one single-quoted word. It goes when the policy layer's guard.checkTool lands.

import { resolve as resolvePath } from "node:path";
import type { FileTool, ToolInput } from "./host.ts";

/**
 * The only place that knows how a file tool is judged. When the policy layer's
 * `guard.checkTool({ tool, input, cwd })` lands, Host.checkTool (host.ts) calls that instead of
 * guard.check(toolAsCommand(…)) and this module goes.
 */
export function toolAsCommand(tool: FileTool, input: ToolInput, cwd: string): string | { invalid: string } {
  const path = input.path;
  if (path !== undefined && typeof path !== "string") return { invalid: `${tool}: the path is not a string` };
  if ((tool === "read" || tool === "write" || tool === "edit") && !path) return { invalid: `${tool}: no file path given` };
  const target = path ? toolPath(path, cwd) : shellQuote(cwd);
  switch (tool) {
    case "read":
      return `cat -- ${target}`;
    case "write":
    case "edit":
      return `tee -- ${target}`;
    case "grep":
      return `grep -r -- x ${target}`;
    case "ls":
      return `ls -d -- ${target}`;
    case "find": {
      const pattern = input.pattern;
      if (pattern !== undefined && typeof pattern !== "string") return { invalid: "find: the pattern is not a string" };
      const dir = path ? resolvePath(cwd, path) : cwd;
      const base = pattern && !target.startsWith("~") ? globBase(dir, pattern) : null;
      const beyond = base !== null && base !== dir && !base.startsWith(dir.endsWith("/") ? dir : dir + "/");
      return `ls -d -- ${target}${beyond ? " " + shellQuote(base) : ""}`;
    }
  }
}

/** A tool's path as a shell word: absolute from the cwd, except that `~` stays for the guard's home. */
function toolPath(path: string, cwd: string): string {
  const tilde = /^~([A-Za-z0-9._-]*)(\/.*)?$/.exec(path);
  if (tilde) {
    // Hosts expand `~` themselves; the guard knows which home it means.
    const rest = tilde[2] ? tilde[2].slice(1) : "";
    return `~${tilde[1]}/${rest ? shellQuote(rest) : ""}`;
  }
  return shellQuote(resolvePath(cwd, path));
}

/**
 * Where a glob can reach: the directory above its first wildcard, after letting `..` climb
 * (`*` stands for one directory, `**` for any number, so `**` then `..` may climb past it).
 * Braces that could hold `..` make it unknowable, so the answer is `/`.
 */
export function globBase(dir: string, pattern: string): string {
  if (pattern.includes("{") && pattern.includes("..")) return "/";
  const joined = pattern.startsWith("/") ? pattern : `${dir}/${pattern}`;
  const out: string[] = [];
  const ONE = "\u0000*";
  const ANY = "\u0000**";
  for (const seg of joined.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      const last = out.pop();
      if (last === ANY) out.pop();
      continue;
    }
    out.push(seg === "**" ? ANY : /[*?[\]{}]/.test(seg) ? ONE : seg);
  }
  const first = out.findIndex((s) => s.startsWith("\u0000"));
  return "/" + (first < 0 ? out : out.slice(0, first)).join("/");
}

export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
