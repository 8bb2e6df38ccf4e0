// The `scan` section of a config layer: what `shellfence scan` leaves out (`exclude`) and which
// CI presets it lays under the rules (`presets`, scan-presets.ts). Checked here with errors that
// name the key, as config.ts checks the rest; only the scanner reads it, never an agent's check.
// Both loosen a scan (fewer files, more places allowed), so an untrusted project file's section
// is dropped (layers.ts) like its allows.

import { describe, normalizePathPattern } from "./config-values.ts";
import { isPresetName, PRESET_NAMES, type PresetName } from "./scan-presets.ts";

export interface ScanSection {
  /** Root-relative path patterns, as normalised (config-values.ts normalizePathPattern). */
  readonly exclude: readonly string[];
  readonly presets: readonly PresetName[];
}

const SCAN_KEYS = ["exclude", "presets"] as const;

/** A problem with the section: the key under `scan` it concerns, and what is wrong. */
interface ScanProblem {
  readonly key: string;
  readonly message: string;
}

/** Validates `"scan": {…}`; the section, or the first problem. */
export function validateScanSection(raw: unknown): { section: ScanSection } | { problem: ScanProblem } {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return {
      problem: { key: "scan", message: `expected an object with ${SCAN_KEYS.join(", ")}, not ${describe(raw)}` },
    };
  }
  const obj = raw as Record<string, unknown>;
  for (const k of Object.keys(obj)) {
    if (!(SCAN_KEYS as readonly string[]).includes(k)) {
      return { problem: { key: `scan.${k}`, message: `unknown key (expected one of: ${SCAN_KEYS.join(", ")})` } };
    }
  }
  const exclude: string[] = [];
  const excludeRaw = Object.hasOwn(obj, "exclude") ? obj.exclude : undefined;
  if (excludeRaw !== undefined) {
    if (!Array.isArray(excludeRaw)) {
      return {
        problem: { key: "scan.exclude",
          message: `expected an array of path patterns relative to the root, not ${describe(excludeRaw)}` },
      };
    }
    for (const [i, p] of excludeRaw.entries()) {
      const n = excludePattern(p);
      if ("problem" in n) return { problem: { key: `scan.exclude[${i}]`, message: n.problem } };
      exclude.push(n.pattern);
    }
  }
  const presets: PresetName[] = [];
  const presetsRaw = Object.hasOwn(obj, "presets") ? obj.presets : undefined;
  if (presetsRaw !== undefined) {
    if (!Array.isArray(presetsRaw)) {
      return {
        problem: { key: "scan.presets",
          message: `expected an array of preset names (${PRESET_NAMES.join(", ")}), not ${describe(presetsRaw)}` },
      };
    }
    for (const [i, p] of presetsRaw.entries()) {
      if (typeof p !== "string" || !isPresetName(p)) {
        return {
          problem: { key: `scan.presets[${i}]`,
            message: `unknown preset ${describe(p)} (expected one of: ${PRESET_NAMES.join(", ")})` },
        };
      }
      presets.push(p);
    }
  }
  return { section: { exclude, presets } };
}

/**
 * An exclude as it is matched against root-relative paths: a path pattern (normalised as the
 * rules' are: `vendor/` is `vendor/**`, `./x/**` is `x/**`) that names a place inside the root,
 * so not absolute, not from `~`, and not a negation (gitignore's `!` would match only names
 * starting with `!`). Also what `scan --exclude` takes.
 */
export function excludePattern(raw: unknown): { pattern: string } | { problem: string } {
  if (typeof raw !== "string" || raw === "") {
    return { problem: `expected a path pattern relative to the root, not ${describe(raw)}` };
  }
  if (raw.startsWith("/") || raw.startsWith("~")) {
    return { problem: `an exclude is relative to the root (the files scanned are), so ${describe(raw)} never matches` };
  }
  if (raw.startsWith("!")) {
    return { problem: `a leading "!" is not a negation here: the pattern would match only names starting with "!"` };
  }
  return normalizePathPattern(raw);
}

/** The layers' sections merged, in order: excludes and presets add up, each once. */
export function mergeScanSections(layers: readonly { readonly scan?: ScanSection }[]): ScanSection {
  const exclude = new Set<string>();
  const presets = new Set<PresetName>();
  for (const l of layers) {
    for (const e of l.scan?.exclude ?? []) exclude.add(e);
    for (const p of l.scan?.presets ?? []) presets.add(p);
  }
  return { exclude: [...exclude], presets: [...presets] };
}
