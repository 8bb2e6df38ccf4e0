// Rules that load but do not mean what their author meant: a rule a later broader rule hides,
// a surface name that is another host's tool name, a pattern written in opencode's, Claude
// Code's or gitignore's syntax, an unclosed brace, a root that is not there. A rule that can
// never take effect is an error (the loader refuses the file); one that takes effect with a
// meaning the author probably did not intend is a warning, shown wherever the config loads.

import { statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { pathMatches, textMatches } from "./rules.ts";
import type { Decision } from "../base/verdict.ts";

type Severity = "error" | "warning";

/** One finding; `path` is the key path in the file (object keys, array indices). */
export interface LintFinding {
  readonly severity: Severity;
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** A surface's rules as written, in the file's order: pattern as written, pattern as matched, action. */
export interface WrittenRule {
  readonly written: string;
  readonly pattern: string;
  readonly action: Decision;
}

/** What the linter needs of a layer: surfaces in order, each an action or its rules. */
export interface WrittenLayer {
  readonly surfaces: readonly { readonly name: string; readonly spec: Decision | readonly WrittenRule[] }[];
  readonly roots: readonly string[];
  /** Where relative roots resolve (a file's directory), or null (a host's object: each check's cwd). */
  readonly rootBase: string | null;
}

const PATH_GLOB = /[*?[\]{}]/;

/**
 * Does every path (or command text) `earlier` matches also match `later`? Only sure answers
 * count: a catch-all; `dir/**` over a pattern under `dir/`; a literal that `later` matches
 * (a pattern without `/` matches a basename, so it covers a literal only if it has none too or
 * the literal has a `/`); for commands, `prefix*` over a pattern starting with that prefix.
 */
export function covers(later: string, earlier: string, paths: boolean): boolean {
  if (later === "*" || (paths && later === "**")) return true;
  if (paths) {
    if (later.endsWith("/**")) {
      const base = later.slice(0, -3);
      if (!PATH_GLOB.test(base) && (earlier === base || earlier.startsWith(base + "/"))) return true;
    }
    if (PATH_GLOB.test(earlier)) return false;
    return (earlier.includes("/") || !later.includes("/")) && pathMatches(later, earlier, null);
  }
  if (!/[*?]/.test(earlier)) return textMatches(later, earlier);
  if (later.includes("?") || later.indexOf("*") !== later.length - 1) return false;
  return earlier.startsWith(later.slice(0, -1));
}

/** Tool names of the hosts, and the surface whose rules judge their calls. */
const HOST_TOOL_NAMES: Readonly<Record<string, string>> = { Read: "read", NotebookRead: "read", Write: "write",
  Edit: "edit", MultiEdit: "edit", NotebookEdit: "edit", Glob: "find", glob: "find", Grep: "grep", LS: "ls", list: "ls",
  Bash: "bash" };

function squash(name: string): string {
  return name.toLowerCase().replace(/[-_ ]/g, "");
}

function distance(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return d[b.length]!;
}

/** The surface a misspelt or foreign name most likely means, with why, or null. */
export function meantSurface(name: string, surfaces: readonly string[]): { surface: string; why: string } | null {
  const host = Object.hasOwn(HOST_TOOL_NAMES, name) ? HOST_TOOL_NAMES[name]! : null;
  if (host !== null) return { surface: host, why: `${JSON.stringify(name)} is a host's tool name` };
  const s = squash(name);
  for (const surface of surfaces) {
    const t = squash(surface);
    if (s === t || s === t + "s" || s === t + "es" || (s.length >= 4 && distance(s, t) <= 2)) {
      return { surface, why: `${JSON.stringify(name)} is not a surface name` };
    }
  }
  return null;
}

/** `Read(./secrets/**)`, `Bash(npm run test:*)`: a Claude Code permission rule. */
const CLAUDE_RULE = /^([A-Z][A-Za-z]*)\((.*)\)$/s;

/** A brace or bracket minimatch would take literally, making the pattern match only that character. */
function unclosed(pattern: string): string | null {
  let braces = 0;
  let bracket = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") i++;
    else if (bracket) {
      if (c === "]") bracket = false;
    } else if (c === "[") bracket = true;
    else if (c === "{") braces++;
    else if (c === "}") {
      if (braces === 0) return "}";
      braces--;
    }
  }
  return bracket ? "[" : braces > 0 ? "{" : null;
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** `secrets/*.key` → `secrets/**​/*.key`: the first single-star segment made any depth. */
function anyDepth(pattern: string): string {
  const segs = pattern.split("/");
  const i = segs.findIndex((s) => /(^|[^*])\*([^*]|$)/.test(s) && s !== "**");
  // After a `**` segment the star's segment is already at any depth.
  if (i < 0 || segs.slice(0, i).includes("**")) return pattern;
  if (segs[i] === "*" && i === segs.length - 1) return [...segs.slice(0, i), "**"].join("/");
  return [...segs.slice(0, i), "**", ...segs.slice(i)].join("/");
}

/** Findings about one pattern on its own. */
function lintPattern(surface: string, rule: WrittenRule, paths: boolean): { severity: Severity; message: string }[] {
  const out: { severity: Severity; message: string }[] = [];
  const w = rule.written;
  const q = JSON.stringify(w);
  const claude = CLAUDE_RULE.exec(w);
  if (claude) {
    out.push({ severity: "error",
      message:
        `${q} is Claude Code's rule syntax, which matches nothing here; write the pattern alone under the surface, e.g. "${(HOST_TOOL_NAMES[
          claude[1]!
        ] ?? claude[1]!.toLowerCase())}": {${JSON.stringify(claude[2]!.replace(/:\*$/, " *").replace(/^\.\//, ""))}: ${
          JSON.stringify(rule.action)
        }}` });
    return out;
  }
  if (!paths) {
    if (surface === "bash" && /:\*$/.test(w)) {
      out.push({ severity: "error",
        message:
          `${q} ends in Claude Code's prefix form ":*", which matches nothing here (no command has ":" there); write ${
            JSON.stringify(w.slice(0, -2) + " *")
          } (a trailing " *" also matches the command alone)` });
    }
    return out;
  }
  if (w.startsWith("!")) {
    out.push({ severity: "error",
      message:
        `${q}: a leading "!" is not a negation here (gitignore's is), so the rule matches only names starting with "!"; write the rule for the paths themselves with the action you want, after the broader rule` });
  }
  const open = unclosed(w);
  if (open !== null) {
    out.push({ severity: "error",
      message: `${q} has an unmatched ${
        JSON.stringify(open)
      }, which is then taken literally: the rule matches only names with ${JSON.stringify(open)} in them; close it (${
        JSON.stringify("*.{env,local}")
      }) or escape it with a backslash` });
  }
  if (w.startsWith("//")) {
    out.push({ severity: "error",
      message:
        `${q}: "//" starts an absolute path in Claude Code's rules; here an absolute pattern starts with one "/": ${
          JSON.stringify(w.replace(/^\/+/, "/"))
        }` });
  } else if (w.startsWith("/")) {
    const first = w.slice(1).split("/")[0]!;
    if (first !== "" && !PATH_GLOB.test(first) && !exists("/" + first)) {
      out.push({ severity: "warning",
        message:
          `${q} is an absolute path, and there is no /${first}; if it means "at the project root" as in gitignore, write ${
            JSON.stringify(w.slice(1))
          }${w.slice(1).includes("/") ? "" : ' (a name without "/" matches at any depth, the root included)'}` });
    }
  }
  if (rule.action !== "allow" && rule.pattern.includes("/") && /(^|[^*])\*([^*]|$)/.test(rule.pattern)) {
    const meant = anyDepth(rule.pattern);
    if (meant !== rule.pattern) {
      out.push({ severity: "warning",
        message:
          `${q}: here "*" stops at "/" (in opencode it does not), so this ${rule.action} covers only one level: ${
            JSON.stringify(meant)
          } covers everything below` });
    }
  }
  return out;
}

/** Findings about one layer: its surfaces, their rules in order, and its roots. */
export function lintLayer(layer: WrittenLayer, surfaces: readonly string[],
  isPathSurface: (name: string) => boolean): LintFinding[]
{
  const out: LintFinding[] = [];
  for (const { name, spec } of layer.surfaces) {
    if (name === "*") {
      out.push({ severity: "error", path: ["permission", name],
        message: `there is no catch-all surface (opencode's "*" for every tool); give each surface its own rule (${
          surfaces.join(", ")
        }) and each extension tool by name` });
      continue;
    }
    if (!surfaces.includes(name)) {
      const claude = CLAUDE_RULE.exec(name);
      const meant = claude ? null : meantSurface(name, surfaces);
      if (claude) {
        out.push({ severity: "error", path: ["permission", name],
          message: `${
            JSON.stringify(name)
          } is a Claude Code rule, not a surface: write it as a pattern under its surface, e.g. "${
            HOST_TOOL_NAMES[claude[1]!] ?? claude[1]!.toLowerCase()
          }": {${JSON.stringify(claude[2]!)}: …}` });
      } else if (meant) {
        out.push({ severity: "error", path: ["permission", name],
          message: `${meant.why}: did you mean ${
            JSON.stringify(meant.surface)
          }? Rules under another name are an extension tool's, and calls of that tool are judged by the ${
            JSON.stringify(meant.surface)
          } rules, so these never apply` });
      }
      continue;
    }
    if (typeof spec === "string") continue;
    const paths = isPathSurface(name);
    spec.forEach((rule, i) => {
      for (const f of lintPattern(name, rule, paths)) out.push({ ...f, path: ["permission", name, rule.written] });
      const later = spec.slice(i + 1).find((r) => r.action !== rule.action && covers(r.pattern, rule.pattern, paths));
      if (later) {
        out.push({ severity: "error", path: ["permission", name, rule.written],
          message: `this ${rule.action} never takes effect: the later rule ${JSON.stringify(later.written)}: ${
            JSON.stringify(later.action)
          } matches all it matches, and the last matching rule wins${
            rule.action === "deny" ? " (a deny does not win by itself, as in Claude Code)" : ""
          }; put ${JSON.stringify(rule.written)} after ${JSON.stringify(later.written)}` });
      }
    });
  }
  layer.roots.forEach((r, i) => {
    if (!isAbsolute(r) && layer.rootBase === null) return;
    const abs = isAbsolute(r) ? resolve(r) : resolve(layer.rootBase!, r);
    if (!exists(abs)) {
      out.push({ severity: "warning", path: ["roots", i],
        message: `${JSON.stringify(r)} (${abs}) does not exist: the root counts once it does` });
    }
  });
  return out;
}

/** A layer's rules for the check across layers. */
interface LayerRules {
  readonly origin: string;
  readonly surfaces: readonly { readonly name: string; readonly spec: Decision | readonly WrittenRule[] }[];
}

/**
 * Rules a later layer overrides: a shorthand action replaces every earlier rule of its
 * surface, and a later rule covering an earlier one with another action decides instead.
 * Layering is meant to do this, so these are warnings, not errors.
 */
export function lintAcross(layers: readonly LayerRules[],
  isPathSurface: (name: string) => boolean
): { readonly origin: string; readonly path: readonly (string | number)[]; readonly message: string }[] {
  const out: { origin: string; path: readonly (string | number)[]; message: string }[] = [];
  layers.forEach((a, i) => {
    for (const { name, spec } of a.surfaces) {
      const rules: readonly WrittenRule[] = typeof spec === "string"
        ? [{ written: "*", pattern: "*", action: spec }]
        : spec;
      for (const rule of rules) {
        for (const b of layers.slice(i + 1)) {
          const theirs = b.surfaces.find((s) => s.name === name)?.spec;
          if (theirs === undefined) continue;
          const paths = isPathSurface(name);
          const over = typeof theirs === "string"
            ? (theirs !== rule.action ? { written: "*", action: theirs, shorthand: true } : null)
            : theirs.find((r) => r.action !== rule.action && covers(r.pattern, rule.pattern, paths)) ?? null;
          if (!over) continue;
          out.push({ origin: a.origin, path: ["permission", name, ...(typeof spec === "string" ? [] : [rule.written])],
            message: `this ${rule.action} is overridden by ${b.origin}'s ${
              "shorthand" in over
                ? `${JSON.stringify(name)}: ${JSON.stringify(over.action)}, which replaces every earlier ${name} rule`
                : `${JSON.stringify(over.written)}: ${JSON.stringify(over.action)}`
            } (a later layer's matching rule wins)` });
          break;
        }
      }
    }
  });
  return out;
}
