// The command table: every entry by name. Entries are data (CommandSpec) or, where data
// cannot say it, a function (Analyser). Flag shorthands are expanded here, once per entry, when
// a command of that entry is first looked up.

import { anyProgramRole } from "../../shell/environment.ts";
import type { Analyser, CommandSpec, Entry } from "../spec.ts";
import { ARCHIVE_ANALYSERS, ARCHIVE_SPECS } from "./archives.ts";
import { CHECKSUMS } from "./checksums.ts";
import { CONVERTER_ANALYSERS, CONVERTER_SPECS } from "./converters.ts";
import { COREUTILS } from "./coreutils.ts";
import { CRONTAB_SPECS } from "./crontab.ts";
import { CRYPTO_ANALYSERS, CRYPTO_SPECS } from "./crypto.ts";
import { DATABASE_SPECS } from "./databases.ts";
import { expandSpec, type TableSpec } from "./expand.ts";
import { DEV_ANALYSERS, DEV_SPECS } from "./dev/index.ts";
import { EDITOR_ANALYSERS, EDITOR_SPECS } from "./editors.ts";
import { EXPRESSIONS } from "./find.ts";
import { LINTER_SPECS } from "./linters.ts";
import { NETWORK_ANALYSERS, NETWORK_SPECS } from "./network.ts";
import { PATCH_ANALYSERS } from "./patch.ts";
import { RENAME_ANALYSERS } from "./rename.ts";
import { SEARCH_ANALYSERS, SEARCH_SPECS } from "./search.ts";
import { DESKTOP_SPECS } from "./desktop.ts";
import { FILTER_SPECS } from "./filters.ts";
import { SERVICE_SPECS } from "./services.ts";
import { SHELLS } from "./shells.ts";
import { TEXT_ANALYSERS, TEXT_SPECS } from "./text.ts";
import { VCS_ANALYSERS } from "./vcs/git.ts";
import { WRAPPER_SPECS, WRAPPERS } from "./wrappers.ts";

const SPECS: readonly TableSpec[] = [
  ...COREUTILS, ...WRAPPER_SPECS, ...SEARCH_SPECS, ...TEXT_SPECS, ...ARCHIVE_SPECS, ...DEV_SPECS, ...NETWORK_SPECS,
  ...CRYPTO_SPECS, ...DATABASE_SPECS, ...CRONTAB_SPECS, ...EDITOR_SPECS, ...CONVERTER_SPECS, ...LINTER_SPECS,
  ...SERVICE_SPECS, ...FILTER_SPECS, ...DESKTOP_SPECS,
];
const ANALYSERS: readonly Analyser[] = [
  ...SHELLS, ...WRAPPERS, ...EXPRESSIONS, ...SEARCH_ANALYSERS, ...TEXT_ANALYSERS, ...ARCHIVE_ANALYSERS, ...VCS_ANALYSERS, ...DEV_ANALYSERS, ...NETWORK_ANALYSERS,
  ...CRYPTO_ANALYSERS, ...PATCH_ANALYSERS, ...RENAME_ANALYSERS, ...EDITOR_ANALYSERS, ...CONVERTER_ANALYSERS, CHECKSUMS,
];

/** Every name to its entry as written; a name listed twice is an error when the table loads. */
const WRITTEN = new Map<string, { readonly spec: TableSpec } | { readonly analyser: Analyser }>();
/** Option variables (TAR_OPTIONS) to the names that read them, from the entries' `environment`. */
const OPTION_VARIABLES = new Map<string, readonly string[]>();
for (const spec of SPECS) {
  for (const n of spec.names) add(n, { spec });
  if (spec.environment) addEnvironment(spec);
}
for (const analyser of ANALYSERS) {
  for (const n of analyser.names) add(n, { analyser });
  if (analyser.environment) addEnvironment(analyser);
}

function add(name: string, e: { readonly spec: TableSpec } | { readonly analyser: Analyser }): void {
  if (WRITTEN.has(name)) throw new Error(`the command table lists ${name} twice`);
  WRITTEN.set(name, e);
}

function addEnvironment(entry: TableSpec | Analyser): void {
  for (const [variable, readers] of Object.entries(entry.environment?.options ?? {})) {
    // A reader that is not a name of the entry would never match: the words would be lost.
    const stray = readers.find((r) => !entry.names.includes(r));
    if (stray !== undefined) throw new Error(`the command table says ${stray} reads ${variable}, but ${stray} is not a name of that entry`);
    if (OPTION_VARIABLES.has(variable)) throw new Error(`the command table lists ${variable} for two entries`);
    // What any program honours is judged for every program; a second role would be ignored.
    if (anyProgramRole(variable) !== null) throw new Error(`${variable} is in src/shell/environment.ts and in the command table`);
    OPTION_VARIABLES.set(variable, readers);
  }
}

/** The commands that read an environment variable as their options (TAR_OPTIONS: tar, gtar), or undefined. */
export function optionVariableReaders(variable: string): readonly string[] | undefined {
  return OPTION_VARIABLES.get(variable);
}

/**
 * Expanded specs, by the entry they came from: a check looks up a handful of the table's
 * names, and expanding all of them as the module loaded was a tenth of a one-shot run's start
 * (and much of its garbage collection). Names that share an entry share its expansion.
 */
const EXPANDED = new Map<TableSpec, CommandSpec>();

/** The table entry of a command name, or undefined. */
export function lookupCommand(name: string): Entry | undefined {
  const e = WRITTEN.get(name);
  if (e === undefined) return undefined;
  if ("analyser" in e) return e.analyser;
  let spec = EXPANDED.get(e.spec);
  if (spec === undefined) EXPANDED.set(e.spec, (spec = expandSpec(e.spec)));
  return spec;
}

/** How many command names the table holds (docs/commands.md states it; test/docs.test.ts checks). */
export function commandCount(): number {
  return WRITTEN.size;
}
