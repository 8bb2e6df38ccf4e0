// `shellfence config --check`: every error and warning of each config layer a run would load,
// with the file, line and column, so a rule that could never take effect (or means something
// else here than in opencode, Claude Code or gitignore) is found before it matters.

import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { broadRoots } from "../guard/guard.ts";
import type { Io } from "../base/io.ts";
import { type ConfigFinding, findingText, inspectConfigText } from "../policy/config.ts";
import { loadLayers, PROJECT_CONFIG_NAME } from "../policy/layers.ts";
import { readRegularFile } from "../paths/fs.ts";

interface CheckSources {
  /** The global file when it exists. */
  readonly global: string | undefined;
  /** The directory whose `.shellfence.json` is the project layer. */
  readonly project: string;
  readonly configs: readonly string[];
  readonly trustStore?: string;
}

/** The findings of one file as read; a file that cannot be read is one error. */
function inspectFile(path: string): readonly ConfigFinding[] {
  const r = readRegularFile(path, 1 << 20);
  if (!("bytes" in r)) {
    return [{ severity: "error", origin: path, key: "", position: null,
      message: `cannot read the file: ${r.problem === "absent" || r.problem === "unreadable" ? r.code : r.problem}` }];
  }
  return inspectConfigText(r.bytes.toString("utf8"), path).findings;
}

/** Runs the check; 0 when no layer has an error (warnings allowed), 2 when one has. */
export function runConfigCheck(sources: CheckSources, json: boolean, io: Io): number {
  const files: string[] = [];
  if (sources.global !== undefined) files.push(sources.global);
  const project = join(resolve(sources.project), PROJECT_CONFIG_NAME);
  if (existsSync(project)) files.push(project);
  files.push(...sources.configs);
  const findings: ConfigFinding[] = files.flatMap(inspectFile);
  if (!findings.some((f) => f.severity === "error")) {
    // What only the layers together show: a later layer overriding an earlier one's rule, a
    // project file that is not trusted. Each layer's own warnings are already above.
    const { layers, warnings } = loadLayers({ ...(sources.global !== undefined ? { global: sources.global } : {}),
      project: sources.project, extra: sources.configs,
      ...(sources.trustStore !== undefined ? { trustStore: sources.trustStore } : {}) }, null);
    const said = new Set(findings.map(findingText));
    // A root of / or the home directory, as the guard itself warns when it loads (guard.ts).
    const home = io.env.HOME || homedir() || null;
    for (const l of layers) {
      const base = l.origin.startsWith("/") ? dirname(l.origin) : resolve(sources.project);
      for (const w of broadRoots(l.roots.map((r) => resolve(base, r)), home)) warnings.push(`${l.origin}: ${w}`);
    }
    for (const w of warnings) {
      if (said.has(w)) continue;
      // These sentences name their files themselves.
      findings.push({ severity: "warning", origin: "", key: "", position: null, message: w });
    }
  }
  const errors = findings.filter((f) => f.severity === "error").length;
  const warnings = findings.length - errors;
  if (json) io.stdout(JSON.stringify({ files, errors, warnings, findings }) + "\n");
  else {
    for (const f of findings) {
      const where = `${f.origin}${f.position ? `:${f.position.line}:${f.position.column}` : ""}`;
      io.stdout(`${where ? where + ": " : ""}${f.severity}: ${f.key ? f.key + ": " : ""}${f.message}\n`);
    }
    const checked = files.length === 0
      ? "no config file found"
      : `${files.length} file${files.length > 1 ? "s" : ""} checked`;
    io.stdout(
      `${checked}: ${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}\n`,
    );
  }
  return errors > 0 ? 2 : 0;
}
