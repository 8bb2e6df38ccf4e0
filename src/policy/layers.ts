// Which config layers exist and in what order: global (the user's), project (the
// repository's), any extra layers a host names, and the per-agent object. Locating is kept
// apart from validating (config.ts) so `config --explain` can say which files were absent.

import { createHash } from "node:crypto";
import { realpathSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { readRegularFile, readRegularText } from "../paths/fs.ts";
import { REASONS, type ReasonCode } from "../base/reasons.ts";
import { type Decision, stricter } from "../base/verdict.ts";
import { type ConfigLayer, findingText, loadConfigFile, loadOptionalConfigFile, overriddenAcrossLayers, parseConfigText,
  validateLayer } from "./config.ts";

export const PROJECT_CONFIG_NAME = ".shellfence.json";

interface LayerSources {
  /** A file path, or true for the default location (see globalConfigPath). */
  readonly global?: string | boolean;
  /** A config file, or a directory whose `.shellfence.json` is read when present. */
  readonly project?: string;
  /** Further layers after the project's: file paths or objects. */
  readonly extra?: readonly (string | object)[];
  /** The per-agent layer, an object the host passes (from an agent definition, say). */
  readonly agent?: object;
  /** Where `global: true` looks for $XDG_CONFIG_HOME (default: process.env). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The trust store (default: trusted.json beside the global config, see trustStorePath). */
  readonly trustStore?: string;
}

export type LayerKind = "global" | "project" | "config" | "agent";

/** One layer as located: loaded, or absent (only optional files may be absent). */
export interface LayerInfo {
  readonly kind: LayerKind;
  readonly origin: string;
  readonly loaded: boolean;
  /** A project file the user has not trusted by its hash: it may only tighten (config.ts). */
  readonly untrusted?: boolean;
}

/** `$XDG_CONFIG_HOME/shellfence/config.json`, else `~/.config/shellfence/config.json`. */
export function globalConfigPath(env: Readonly<Record<string, string | undefined>>, home: string | null): string
  | null
{
  const xdg = env.XDG_CONFIG_HOME;
  // The XDG spec says a relative value is to be ignored.
  if (xdg && xdg.startsWith("/")) return join(xdg, "shellfence", "config.json");
  return home ? join(home, ".config", "shellfence", "config.json") : null;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** `trusted.json` beside the global config: the project files the user trusts, by hash. */
export function trustStorePath(env: Readonly<Record<string, string | undefined>>, home: string | null): string | null {
  const g = globalConfigPath(env, home);
  return g === null ? null : join(dirname(g), "trusted.json");
}

/** The store's entries: a file's physical path → the SHA-256 of the contents the user trusted. */
export function readTrustStore(store: string | null): Record<string, string> {
  const text = store === null ? null : readRegularText(store, 4 << 20);
  if (text === null) return {};
  try {
    const v: unknown = JSON.parse(text);
    const t = typeof v === "object" && v !== null ? (v as { trusted?: unknown }).trusted : undefined;
    if (typeof t !== "object" || t === null) return {};
    return Object.fromEntries(Object.entries(t).filter((e): e is [string, string] => typeof e[1] === "string"));
  } catch {
    return {};
  }
}

/**
 * A file's identity for the store: its directory's physical path with its own name, and the
 * SHA-256 of what it holds now. The name itself is not followed: a project's `.shellfence.json`
 * that is a symlink to a file the user trusted elsewhere is not that file's trust (its relative
 * roots would mean other directories here).
 */
export function fileDigest(path: string, text: string): { readonly path: string; readonly sha256: string } {
  const named = resolve(path);
  let dir = dirname(named);
  try {
    dir = realpathSync.native(dir);
  } catch {
    // Gone since it was read: its name is all there is.
  }
  return { path: join(dir, basename(named)), sha256: createHash("sha256").update(text, "utf8").digest("hex") };
}

/**
 * An untrusted project layer as it may apply: its rules' allows, its roots and its reasons that
 * are not stricter than the built-in decision are dropped, each named in a warning. (mergeLayers
 * also drops a reason not stricter than the earlier layers' and keeps its rules apart.)
 */
function tightenOnly(layer: ConfigLayer, warnings: string[]): ConfigLayer {
  const dropped: string[] = [];
  const permission: Record<string, Record<string, Decision>> = {};
  for (const [surface, spec] of Object.entries(layer.permission)) {
    const entries = typeof spec === "string" ? [["*", spec] as const] : Object.entries(spec);
    const kept = entries.filter(([pattern, action]) =>
      action !== "allow" || (dropped.push(`${surface} ${JSON.stringify(pattern)}: allow`), false)
    );
    permission[surface] = Object.fromEntries(kept);
  }
  const reasons: Partial<Record<ReasonCode, Decision>> = {};
  for (const [code, action] of Object.entries(layer.reasons) as [ReasonCode, Decision][]) {
    if (stricter(REASONS[code].decision, action) === REASONS[code].decision) dropped.push(`reasons.${code}: ${action}`);
    else reasons[code] = action;
  }
  for (const r of layer.roots) dropped.push(`roots: ${JSON.stringify(r)}`);
  // Containing runs what would be asked about: turning it on loosens.
  if (layer.contain === true) dropped.push("contain: true");
  // What a scan leaves out, and the places a preset allows, loosen it: the base branch's file
  // (`scan --config-from-git`) or a --config file declares them.
  for (const e of layer.scan?.exclude ?? []) dropped.push(`scan.exclude: ${JSON.stringify(e)}`);
  for (const p of layer.scan?.presets ?? []) dropped.push(`scan.presets: ${JSON.stringify(p)}`);
  if (dropped.length) {
    warnings.push(
      `${layer.origin} is not trusted (run \`shellfence trust ${layer.origin}\` to trust it as it is now): ` +
        `it may only tighten the rules, so these are ignored: ${dropped.join("; ")}`,
    );
  }
  const { scan: _, contain, ...rest } = layer;
  return { ...rest, permission, reasons, roots: [], tightenOnly: true, ...(contain === false ? { contain } : {}) };
}

/** Loads the layers in merge order. Explicit files must exist; default locations may not. */
export function loadLayers(sources: LayerSources,
  home: string | null): { layers: ConfigLayer[]; info: LayerInfo[]; warnings: string[] }
{
  const layers: ConfigLayer[] = [];
  const info: LayerInfo[] = [];
  const warnings: string[] = [];
  // The project's own file is the repository's, which anyone who can push may write: it counts
  // in full only when the user has trusted these very contents (`shellfence trust`). The text
  // hashed is the text parsed, read once.
  const projectLayer = (path: string, optional: boolean): ConfigLayer | null => {
    const r = readRegularFile(path, 1 << 20);
    if (!("bytes" in r)) {
      if (optional && (r.code === "ENOENT" || r.code === "ENOTDIR")) return null;
      // The loader's own error for a file it cannot read.
      return optional ? loadOptionalConfigFile(path) : loadConfigFile(path);
    }
    const text = r.bytes.toString("utf8");
    const layer = parseConfigText(text, path);
    const store = sources.trustStore ?? trustStorePath(sources.env ?? process.env, home);
    const d = fileDigest(path, text);
    return readTrustStore(store)[d.path] === d.sha256 ? layer : tightenOnly(layer, warnings);
  };
  const optional = (kind: LayerKind, path: string) => {
    const layer = kind === "project" ? projectLayer(path, true) : loadOptionalConfigFile(path);
    info.push({ kind, origin: path, loaded: layer !== null, ...(layer?.tightenOnly ? { untrusted: true } : {}) });
    if (layer) layers.push(layer);
  };
  const required = (kind: LayerKind, path: string) => {
    const layer = kind === "project" ? projectLayer(path, false)! : loadConfigFile(path);
    layers.push(layer);
    info.push({ kind, origin: path, loaded: true, ...(layer.tightenOnly ? { untrusted: true } : {}) });
  };
  if (typeof sources.global === "string") required("global", resolve(sources.global));
  else if (sources.global === true) {
    const p = globalConfigPath(sources.env ?? process.env, home);
    if (p) optional("global", p);
  }
  if (sources.project !== undefined) {
    const p = resolve(sources.project);
    if (isDirectory(p)) optional("project", join(p, PROJECT_CONFIG_NAME));
    else required("project", p);
  }
  (sources.extra ?? []).forEach((c, i) => {
    if (typeof c === "string") required("config", c);
    else {
      layers.push(validateLayer(c, `config[${i}]`));
      info.push({ kind: "config", origin: `config[${i}]`, loaded: true });
    }
  });
  if (sources.agent !== undefined) {
    layers.push(validateLayer(sources.agent, "agent"));
    info.push({ kind: "agent", origin: "agent", loaded: true });
  }
  // What the linter found in each layer, then the rules a later layer overrides (config-lint.ts).
  const linted = [...layers.flatMap((l) => l.warnings ?? []), ...overriddenAcrossLayers(layers).map(findingText)];
  return { layers, info, warnings: [...linted, ...warnings] };
}
