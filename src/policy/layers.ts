// Which config layers exist and in what order: global (the user's), project (the
// repository's), any extra layers a host names, and the per-agent object. Locating is kept
// apart from validating (config.ts) so `config --explain` can say which files were absent.

import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import { type ConfigLayer, loadConfigFile, loadOptionalConfigFile, validateLayer } from "./config.ts";

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
}

export type LayerKind = "global" | "project" | "config" | "agent";

/** One layer as located: loaded, or absent (only optional files may be absent). */
export interface LayerInfo {
  readonly kind: LayerKind;
  readonly origin: string;
  readonly loaded: boolean;
}

/** `$XDG_CONFIG_HOME/shellfence/config.json`, else `~/.config/shellfence/config.json`. */
export function globalConfigPath(env: Readonly<Record<string, string | undefined>>, home: string | null): string | null {
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

/** Loads the layers in merge order. Explicit files must exist; default locations may not. */
export function loadLayers(sources: LayerSources, home: string | null): { layers: ConfigLayer[]; info: LayerInfo[] } {
  const layers: ConfigLayer[] = [];
  const info: LayerInfo[] = [];
  const optional = (kind: LayerKind, path: string) => {
    const layer = loadOptionalConfigFile(path);
    info.push({ kind, origin: path, loaded: layer !== null });
    if (layer) layers.push(layer);
  };
  const required = (kind: LayerKind, path: string) => {
    layers.push(loadConfigFile(path));
    info.push({ kind, origin: path, loaded: true });
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
  return { layers, info };
}
