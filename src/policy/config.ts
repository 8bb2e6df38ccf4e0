// Configuration: JSON files and host-provided objects, validated with errors that name the
// file, the key and the expected shape, then merged global → project → agent.

import { REASONS, type ReasonCode, SUPPRESSION_REASONS } from "../base/reasons.ts";
import { type Decision, stricter } from "../base/verdict.ts";
import { type ReadProblem, readRegularFile } from "../paths/fs.ts";
import { type LintFinding, lintAcross, lintLayer, meantSurface, type WrittenLayer,
  type WrittenRule } from "./config-lint.ts";
import { type JsonDocument, keysInTextOrder, parseJsonDocument, positionOfPath, type TextPosition } from "./json.ts";
import { describe, keyPath, normalizePathPattern } from "./config-values.ts";
import { type ScanSection, validateScanSection } from "./scan-config.ts";
import { isDecision, type Rule, type RuleSet } from "./rules.ts";
import { SYSTEM_READ_KINDS, SYSTEM_READ_PATTERNS, SYSTEM_READS_ORIGIN } from "./system-reads.ts";
import type { AccessKind } from "../base/verdict.ts";
import { dirname } from "node:path";

export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(readonly source: string, readonly key: string, readonly detail: string,
    readonly position: TextPosition | null = null)
  {
    super(`${source}${position ? `:${position.line}:${position.column}` : ""}: ${key ? key + ": " : ""}${detail}`);
  }
}

/** A finding of `config --check`: an error (the file is refused) or a warning, with where it stands. */
export interface ConfigFinding {
  readonly severity: "error" | "warning";
  readonly origin: string;
  readonly key: string;
  readonly position: TextPosition | null;
  readonly message: string;
}

/** A finding as one line: `file:line:column: key: message`, as compilers print them. */
export function findingText(f: ConfigFinding): string {
  return `${f.origin}${f.position ? `:${f.position.line}:${f.position.column}` : ""}: ${
    f.key ? f.key + ": " : ""
  }${f.message}`;
}

/** `permission.read["*.env"]` → ["permission", "read", "*.env"]: the key paths errors name, read back. */
function keySegments(key: string): (string | number)[] {
  const out: (string | number)[] = [];
  const re = /^(?:\.?([A-Za-z_$][A-Za-z0-9_$]*)|\[("(?:[^"\\]|\\.)*")\]|\[([0-9]+)\])/;
  let rest = key;
  while (rest !== "") {
    const m = re.exec(rest);
    if (!m) break;
    out.push(m[1] ?? (m[2] !== undefined ? JSON.parse(m[2]) as string : Number(m[3])));
    rest = rest.slice(m[0].length);
  }
  return out;
}

function keyString(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (acc, seg, i) => typeof seg === "number" ? `${acc}[${seg}]` : i === 0 ? seg : keyPath(acc, seg),
    "",
  );
}

/** Surfaces with path patterns; any other key under `permission` is an extension tool. */
export const PATH_SURFACES = ["read", "write", "edit", "find", "grep", "ls"] as const;
type PathSurface = (typeof PATH_SURFACES)[number];
export const SURFACES = ["bash", ...PATH_SURFACES, "external_directory"] as const;
type Surface = (typeof SURFACES)[number];

function isSurface(name: string): name is Surface {
  return (SURFACES as readonly string[]).includes(name);
}

/** Whether a surface's patterns are path patterns (every surface but `bash` and extension tools). */
function hasPathPatterns(name: string): boolean {
  return isSurface(name) && name !== "bash";
}

export function isPathSurface(name: string): name is PathSurface {
  return (PATH_SURFACES as readonly string[]).includes(name);
}

/** A rule set as written: an action, or pattern → action in order. */
type RuleSpec = Decision | Readonly<Record<string, Decision>>;

export interface ConfigLayer {
  /** Where it came from, for messages and `config --explain`. */
  readonly origin: string;
  readonly permission: Readonly<Record<string, RuleSpec>>;
  readonly reasons: Readonly<Partial<Record<ReasonCode, Decision>>>;
  readonly roots: readonly string[];
  /**
   * The kinds of access this layer's rules judge; absent, all. Only a built-in layer has it
   * (system-reads.ts): a config file cannot write a rule that applies to reads alone.
   */
  readonly kinds?: readonly AccessKind[];
  /**
   * A project file the user has not trusted (layers.ts): its rules may only make a judgement
   * stricter (rules.ts lastMatch), its reasons only stricter than the earlier layers', and it
   * has no allows and no roots (layers.ts drops them, with a warning).
   */
  readonly tightenOnly?: boolean;
  /** What the linter found that does not stop the layer from loading (config-lint.ts), as sentences. */
  readonly warnings?: readonly string[];
  /** What `shellfence scan` leaves out and which CI presets it declares (scan-config.ts); no check reads it. */
  readonly scan?: ScanSection;
  /**
   * Contain rather than ask (docs/sandbox.md): false makes an ask whose only reasons are that
   * something is not known statically ask in the hosts too, sandbox or not. Absent: the earlier
   * layers' value (true by default).
   */
  readonly contain?: boolean;
}

const TOP_KEYS = new Set(["$schema", "contain", "permission", "reasons", "roots", "scan"]);

/**
 * Reason codes the rules decide: the action of the rule that matched (`external_directory`'s
 * for a path outside the roots). A `reasons` entry for one would do nothing, so it is an error.
 */
export const RULE_REASONS: ReadonlySet<ReasonCode> = new Set<ReasonCode>(["EXTERNAL_PATH", "RULE_DENY", "RULE_ASK"]);

/**
 * Reason codes that can never be lowered to `allow`: they mean the guard could not look, or (the
 * scanner's suppression codes) that a suppression is broken or stale, which must not go unseen.
 */
const NEVER_ALLOW = new Set<ReasonCode>(["PARSE_ERROR", "PARSE_TIMEOUT", "CHECK_TIMEOUT", "INPUT_TOO_LARGE",
  "INVALID_INPUT", "INTERNAL_ERROR", "UNMODELLED_SYNTAX", "NESTING_TOO_DEEP", "EXPANSION_TOO_LARGE", "BACKSLASH_PATH",
  "FORBIDDEN", ...SUPPRESSION_REASONS]);

/** Validates a parsed JSON value (or a host's object) as a config layer; see inspectLayer. */
export function validateLayer(raw: unknown, origin: string): ConfigLayer {
  return settle(inspectLayer(raw, origin, null, null));
}

/** A layer and what `config --check` says of it; the layer is null when it is refused. */
interface Inspected {
  readonly layer: ConfigLayer | null;
  readonly findings: readonly ConfigFinding[];
}

/** The layer, carrying its warnings; the first error thrown. */
function settle({ layer, findings }: Inspected): ConfigLayer {
  const error = findings.find((f) => f.severity === "error");
  if (error || layer === null) {
    const f = error ?? findings[0]!;
    throw new ConfigError(f.origin, f.key, f.message, f.position);
  }
  const warnings = findings.map(findingText);
  return warnings.length ? { ...layer, warnings } : layer;
}

/**
 * Validates a layer (errors that name the file, the key and, from a file, the line and column)
 * and lints it (config-lint.ts). `doc` is the parsed file, for positions and the keys' written
 * order; `rootBase` the directory relative roots resolve against, null for a host's object.
 */
function inspectLayer(raw: unknown, origin: string, doc: JsonDocument | null, rootBase: string | null): Inspected {
  const at = (path: readonly (string | number)[]) => (doc ? positionOfPath(doc, path) : null);
  let shaped: { layer: ConfigLayer; written: WrittenLayer };
  try {
    shaped = validateShape(raw, origin, doc, rootBase);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return { layer: null,
      findings: [{ severity: "error", origin, key: e.key, position: e.position ?? at(keySegments(e.key)),
        message: e.detail }] };
  }
  const finding = (f: LintFinding): ConfigFinding => ({ severity: f.severity, origin, key: keyString(f.path),
    position: at(f.path), message: f.message });
  return { layer: shaped.layer, findings: lintLayer(shaped.written, SURFACES, hasPathPatterns).map(finding) };
}

function validateShape(raw: unknown, origin: string, doc: JsonDocument | null,
  rootBase: string | null): { layer: ConfigLayer; written: WrittenLayer }
{
  const inOrder = (o: object, path: readonly string[]): [string, unknown][] => {
    const entries = Object.entries(o as Record<string, unknown>);
    const order = doc ? keysInTextOrder(doc, path) : null;
    if (order === null) return entries;
    const byKey = new Map(entries);
    return order.filter((k) => byKey.has(k)).map((k) => [k, byKey.get(k)]);
  };
  const writtenSurfaces: { name: string; spec: Decision | WrittenRule[] }[] = [];
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new ConfigError(origin, "", `a config must be a JSON object, not ${describe(raw)}`);
  }
  const obj = raw as Record<string, unknown>;
  for (const k of Object.keys(obj)) {
    if (TOP_KEYS.has(k)) continue;
    // Rules written at the top level, as a host's own config file might have them, belong under "permission".
    const meant = k === "*" || isSurface(k) || meantSurface(k, SURFACES)
      ? ` (rules go under "permission": {${JSON.stringify(k)}: …})`
      : /^perm/i.test(k)
      ? ' (did you mean "permission"?)'
      : "";
    throw new ConfigError(origin, k,
      `unknown key${meant} (expected one of: contain, permission, reasons, roots, scan)`);
  }
  // Only the object's own keys count (a host's object may have a prototype), and the maps
  // built here have none, so `__proto__` or `toString` can never be looked up by accident.
  const own = (k: string): unknown => (Object.hasOwn(obj, k) ? obj[k] : undefined);
  const permission: Record<string, RuleSpec> = Object.create(null) as Record<string, RuleSpec>;
  const permissionRaw = own("permission");
  if (permissionRaw !== undefined) {
    const p = permissionRaw;
    if (typeof p !== "object" || p === null || Array.isArray(p)) {
      throw new ConfigError(origin, "permission",
        `expected an object mapping surfaces to rules, not ${describe(p)}${
          typeof p === "string"
            ? " (opencode's one action for every tool has no equivalent: give each surface its own)"
            : ""
        }`);
    }
    for (const [surface, spec] of inOrder(p, ["permission"])) {
      if (surface === "") throw new ConfigError(origin, "permission", "a surface name cannot be empty");
      const where = keyPath("permission", surface);
      if (surface === "__proto__") throw new ConfigError(origin, where, `"__proto__" is not a surface name`);
      const order = typeof spec === "object" && spec !== null && !Array.isArray(spec)
        ? inOrder(spec, ["permission", surface]).map(([k]) => k)
        : [];
      const { rules, written } = validateRuleSpec(spec, origin, where, isSurface(surface) && surface !== "bash", order);
      writtenSurfaces.push({ name: surface, spec: written });
      if (!isSurface(surface) && typeof rules !== "string") {
        // Extension tools are judged on "*" alone; any other pattern would never match, and a
        // deny that never matches is most likely a misspelt surface name.
        for (const pattern of Object.keys(rules)) {
          if (pattern !== "*") {
            const meant = meantSurface(surface, SURFACES);
            throw new ConfigError(origin, keyPath(where, pattern),
              `${JSON.stringify(surface)} is not one of ${SURFACES.join(", ")}${
                meant ? ` (did you mean ${JSON.stringify(meant.surface)}?)` : ""
              }; other surfaces are extension tools, which match on "*" only`);
          }
        }
      }
      permission[surface] = rules;
    }
  }
  const reasons: Partial<Record<ReasonCode, Decision>> = Object.create(null) as Partial<Record<ReasonCode, Decision>>;
  if (own("reasons") !== undefined) {
    const r = own("reasons");
    if (typeof r !== "object" || r === null || Array.isArray(r)) {
      throw new ConfigError(origin, "reasons",
        `expected an object mapping reason codes to actions, not ${describe(r)}`);
    }
    for (const [code, action] of Object.entries(r as Record<string, unknown>)) {
      const where = keyPath("reasons", code);
      if (!Object.hasOwn(REASONS, code)) {
        throw new ConfigError(origin, where,
          `unknown reason code (expected one of: ${
            Object.keys(REASONS).filter((c) => !RULE_REASONS.has(c as ReasonCode)).join(", ")
          })`);
      }
      if (RULE_REASONS.has(code as ReasonCode)) {
        const instead = code === "EXTERNAL_PATH"
          ? `the external_directory rules, e.g. "external_directory": {"*": "deny"}`
          : "the action of the rule itself";
        throw new ConfigError(origin, where, `${code} is decided by the rules, not by "reasons"; change ${instead}`);
      }
      if (!isDecision(action)) {
        throw new ConfigError(origin, where, `expected "allow", "ask" or "deny", not ${describe(action)}`);
      }
      if (action === "allow" && NEVER_ALLOW.has(code as ReasonCode)) {
        throw new ConfigError(origin, where,
          `${code} means ${
            SUPPRESSION_REASONS.has(code as ReasonCode)
              ? "a scan suppression is broken or stale"
              : "the guard could not look at the command"
          }; it can be "ask" or "deny", never "allow"`);
      }
      reasons[code as ReasonCode] = action;
    }
  }
  const roots: string[] = [];
  const rootsRaw = own("roots");
  if (rootsRaw !== undefined) {
    if (!Array.isArray(rootsRaw)) {
      throw new ConfigError(origin, "roots", `expected an array of directory paths, not ${describe(rootsRaw)}`);
    }
    rootsRaw.forEach((r: unknown, i) => {
      if (typeof r !== "string" || r === "") {
        throw new ConfigError(origin, `roots[${i}]`, `expected a directory path, not ${describe(r)}`);
      }
      roots.push(r);
    });
  }
  let scan: ScanSection | undefined;
  if (own("scan") !== undefined) {
    const checked = validateScanSection(own("scan"));
    if ("problem" in checked) throw new ConfigError(origin, checked.problem.key, checked.problem.message);
    scan = checked.section;
  }
  const contain = own("contain");
  if (contain !== undefined && typeof contain !== "boolean") {
    throw new ConfigError(origin, "contain", `expected true or false, not ${describe(contain)}`);
  }
  return {
    layer: { origin, permission, reasons, roots, ...(scan ? { scan } : {}),
      ...(contain !== undefined ? { contain } : {}) },
    written: { surfaces: writtenSurfaces, roots, rootBase },
  };
}

function actionProblem(v: unknown): string {
  return typeof v === "string"
    ? `unknown action ${describe(v)} (expected "allow", "ask" or "deny")`
    : `expected an action ("allow", "ask" or "deny"), not ${describe(v)}`;
}

/**
 * `paths`: the surface's patterns are path patterns (normalised by normalizePathPattern);
 * otherwise they are command text (`bash`) or an extension tool's `*`.
 */
function validateRuleSpec(spec: unknown, origin: string, where: string, paths: boolean,
  order: readonly string[]): { rules: RuleSpec; written: Decision | WrittenRule[] }
{
  if (typeof spec === "string") {
    if (!isDecision(spec)) throw new ConfigError(origin, where, actionProblem(spec));
    return { rules: spec, written: spec };
  }
  if (typeof spec !== "object" || spec === null || Array.isArray(spec)) {
    throw new ConfigError(origin, where,
      `expected an action ("allow", "ask", "deny") or an object of pattern → action, not ${describe(spec)}`);
  }
  const out: Record<string, Decision> = Object.create(null) as Record<string, Decision>;
  const writtenRules: WrittenRule[] = [];
  const given = spec as Record<string, unknown>;
  for (const written of order) {
    const action = given[written];
    const at = keyPath(where, written);
    if (written === "") throw new ConfigError(origin, at, "a pattern cannot be empty");
    if (written === "__proto__") throw new ConfigError(origin, at, `"__proto__" cannot be used as a pattern`);
    if (!isDecision(action)) throw new ConfigError(origin, at, actionProblem(action));
    let pattern = written;
    if (paths) {
      const n = normalizePathPattern(written);
      if ("problem" in n) throw new ConfigError(origin, at, n.problem);
      pattern = n.pattern;
    }
    // A pattern mended into one already given takes the later place: the last match wins.
    if (Object.hasOwn(out, pattern)) delete out[pattern];
    out[pattern] = action;
    writtenRules.push({ written, pattern, action });
  }
  // An object puts keys that are whole numbers first, whatever the text's order: a rule for a
  // file named "2" would be judged before the rules written above it.
  const meant = writtenRules.map((r) => r.pattern).filter((p, i, all) => all.lastIndexOf(p) === i);
  const reordered = Object.keys(out).find((k, i) => /^(0|[1-9][0-9]*)$/.test(k) && meant[i] !== k);
  if (reordered !== undefined) {
    throw new ConfigError(origin, keyPath(where, reordered),
      `a pattern that is a whole number is moved before the others when the file is read, so it would not stand where it is written; ${
        paths
          ? `write ${JSON.stringify(`[${reordered[0]}]${reordered.slice(1)}`)} (the same name as a pattern), or `
          : ""
      }make it the first rule`);
  }
  return { rules: out, written: writtenRules };
}

/** A config file past this is refused: no policy needs a megabyte, and reading one costs every call. */
const MAX_CONFIG_BYTES = 1 << 20;

/** The errno where it says it all, else what the file is (a FIFO: "not a regular file"). */
function readProblem(r: { readonly problem: ReadProblem; readonly code: string }): string {
  return r.problem === "absent" || r.problem === "unreadable" ? r.code : `${r.problem} (${r.code})`;
}

/** Reads and validates a JSON config file. */
export function loadConfigFile(path: string): ConfigLayer {
  const r = readRegularFile(path, MAX_CONFIG_BYTES);
  if (!("bytes" in r)) throw new ConfigError(path, "", `cannot read the file: ${readProblem(r)}`);
  return parseConfigText(r.bytes.toString("utf8"), path);
}

/** Parses and validates config text; `origin` names it in errors. */
export function parseConfigText(text: string, origin: string): ConfigLayer {
  return settle(inspectConfigText(text, origin));
}

/** Every error and warning `config --check` reports for a config text, and the layer unless refused. */
export function inspectConfigText(text: string, origin: string): Inspected {
  const doc = parseJsonDocument(text, false);
  if (!("tree" in doc)) {
    return { layer: null,
      findings: [{ severity: "error", origin, key: doc.within ? keyString(doc.within) : "",
        position: { line: doc.line, column: doc.column },
        message: doc.within ? doc.message : `invalid JSON: ${doc.message}` }] };
  }
  return inspectLayer(doc.value, origin, doc, dirname(origin));
}

/** Rules a later layer overrides (config-lint.ts lintAcross), as warnings; untrusted layers cannot loosen. */
export function overriddenAcrossLayers(layers: readonly ConfigLayer[]): ConfigFinding[] {
  const rules = layers.filter((l) => !l.tightenOnly).map((l) => ({ origin: l.origin,
    surfaces: Object.entries(l.permission).map(([name, spec]) => ({ name,
      spec: typeof spec === "string"
        ? spec
        : Object.entries(spec).map(([pattern, action]) => ({ written: pattern, pattern, action })) })
    ) })
  );
  return lintAcross(rules, hasPathPatterns).map((f) => ({ severity: "warning", origin: f.origin, key: keyString(f.path),
    position: null, message: f.message })
  );
}

/** Like loadConfigFile, but a file that does not exist is no layer at all. */
export function loadOptionalConfigFile(path: string): ConfigLayer | null {
  const r = readRegularFile(path, MAX_CONFIG_BYTES);
  if ("bytes" in r) return parseConfigText(r.bytes.toString("utf8"), path);
  if (r.code === "ENOENT" || r.code === "ENOTDIR") return null;
  // A FIFO or device in a config file's place is an error, not an absence: the layer it would
  // have been may tighten the rules, and a check that cannot read it must not pass for allowed.
  throw new ConfigError(path, "", `cannot read the file: ${readProblem(r)}`);
}

/** The merged policy: each surface's rules in order, with the origin of every rule. */
export interface MergedConfig {
  readonly surfaces: ReadonlyMap<string, RuleSet>;
  readonly reasons: ReadonlyMap<ReasonCode, { readonly action: Decision; readonly origin: string }>;
  readonly roots: readonly { readonly path: string; readonly origin: string }[];
  /** Contain rather than ask (ConfigLayer.contain): the last layer that says, and where it says it. */
  readonly contain: { readonly value: boolean; readonly origin: string };
}

function ruleEntries(spec: RuleSpec): [string, Decision][] {
  return typeof spec === "string" ? [["*", spec]] : Object.entries(spec);
}

/** A pattern that matches every path: what a shorthand action stands for. */
function isCatchAll(pattern: string): boolean {
  return pattern === "*" || pattern === "**";
}

/**
 * Merges layers in order (global, project, extra layers, agent) over the built-in defaults.
 *
 * The last matching pattern wins, in the order the user wrote the rules: surfaces merge key by
 * key; a layer that gives a surface a pattern map places each of its patterns where that layer
 * has it, after everything the earlier layers said (a pattern an earlier layer gave too moves
 * to its new place, with the new action); a shorthand action replaces the surface's earlier
 * rules. The built-in rules lie under the user's: their catch-all first, and their exceptions
 * (the standard devices) right after the user's last catch-all, so a blanket rule
 * (`"external_directory": "deny"`) does not take `2>/dev/null` away while any rule written after
 * that catch-all still overrides them. A built-in rule whose pattern a layer gives is dropped:
 * the user's rule takes its place, in the user's order.
 */
export function mergeLayers(layers: readonly ConfigLayer[],
  defaults: readonly ConfigLayer[] = BUILT_IN_LAYERS): MergedConfig
{
  const user = new Map<string, Map<string, Rule>>();
  const reasons = new Map<ReasonCode, { action: Decision; origin: string }>();
  const roots: { path: string; origin: string }[] = [];
  let contain = { value: true, origin: "defaults" };
  // An untrusted layer's rules are kept apart: they neither replace nor reorder the others.
  const tight = new Map<string, Rule[]>();
  for (const layer of layers) {
    for (const [surface, spec] of Object.entries(layer.permission)) {
      if (layer.tightenOnly) {
        const list = tight.get(surface) ?? [];
        for (const [pattern, action] of ruleEntries(spec)) {
          if (action !== "allow") list.push({ pattern, action, origin: layer.origin, tightenOnly: true });
        }
        tight.set(surface, list);
        continue;
      }
      const prev = user.get(surface);
      const rules = prev && typeof spec !== "string" ? prev : new Map<string, Rule>();
      for (const [pattern, action] of ruleEntries(spec)) {
        // Deleting first puts the pattern at the end: Map.set on a present key keeps its place.
        rules.delete(pattern);
        rules.set(pattern, { pattern, action, origin: layer.origin });
      }
      user.set(surface, rules);
    }
  }
  const builtIn = new Map<string, Map<string, Rule>>();
  for (const layer of defaults) {
    for (const [surface, spec] of Object.entries(layer.permission)) {
      // A rule for some kinds only is left out where another kind is judged: safe only if it allows.
      if (layer.kinds && ruleEntries(spec).some(([, a]) => a !== "allow")) {
        throw new Error(`${layer.origin}: a layer for some kinds of access may only allow`);
      }
      let m = builtIn.get(surface);
      if (!m) builtIn.set(surface, m = new Map());
      for (const [pattern, action] of ruleEntries(spec)) {
        m.delete(pattern);
        m.set(pattern, { pattern, action, origin: layer.origin, ...(layer.kinds ? { kinds: layer.kinds } : {}) });
      }
    }
  }
  const out = new Map<string, RuleSet>();
  for (const surface of new Set([...builtIn.keys(), ...user.keys(), ...tight.keys()])) {
    const mine = [...(user.get(surface)?.values() ?? [])];
    const named = new Set(mine.map((r) => r.pattern));
    const base = [...(builtIn.get(surface)?.values() ?? [])].filter((r) => !named.has(r.pattern));
    const lastCatchAll = mine.map((r) => isCatchAll(r.pattern)).lastIndexOf(true);
    const exceptions = base.filter((r) => !isCatchAll(r.pattern));
    out.set(surface, [...base.filter((r) => isCatchAll(r.pattern)), ...mine.slice(0, lastCatchAll + 1), ...exceptions,
      ...mine.slice(lastCatchAll + 1), ...(tight.get(surface) ?? [])]);
  }
  for (const layer of [...defaults, ...layers]) {
    for (const [code, action] of Object.entries(layer.reasons) as [ReasonCode, Decision][]) {
      const now = reasons.get(code)?.action ?? REASONS[code].decision;
      if (layer.tightenOnly && stricter(now, action) === now) continue;
      reasons.set(code, { action, origin: layer.origin });
    }
    // An untrusted layer may turn containing off (more asks), never on.
    if (layer.contain !== undefined && !(layer.tightenOnly && layer.contain)) {
      contain = { value: layer.contain, origin: layer.origin };
    }
    if (layer.tightenOnly) continue;
    for (const r of layer.roots) roots.push({ path: r, origin: layer.origin });
  }
  return { surfaces: out, reasons, roots, contain };
}

/** Built-in rules: outside the roots asks, except the standard descriptors and /dev/null. */
const DEFAULT_LAYER: ConfigLayer = { origin: "defaults",
  permission: {
    external_directory: { "*": "ask", "/dev/null": "allow", "/dev/stdin": "allow", "/dev/stdout": "allow",
      "/dev/stderr": "allow", "/dev/tty": "allow", "/dev/fd/*": "allow", "/dev/zero": "allow", "/dev/random": "allow",
      "/dev/urandom": "allow" },
  }, reasons: {}, roots: [] };

/**
 * Reads, listings and `cd` of world-readable system data that holds no user secrets
 * (/usr/share, /proc/loadavg, /etc/os-release, …): see system-reads.ts. After the defaults and
 * before every user layer, and for those kinds of access only.
 */
export const SYSTEM_READS_LAYER: ConfigLayer = { origin: SYSTEM_READS_ORIGIN,
  permission: { external_directory: Object.fromEntries(SYSTEM_READ_PATTERNS.map((p) => [p, "allow" as const])) },
  reasons: {}, roots: [], kinds: SYSTEM_READ_KINDS };

/** The built-in layers, in merge order, under every user layer. */
export const BUILT_IN_LAYERS: readonly ConfigLayer[] = [DEFAULT_LAYER, SYSTEM_READS_LAYER];
