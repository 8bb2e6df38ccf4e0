// The command table: every entry by name. Entries are data (CommandSpec) or, where data
// cannot say it, a function (Analyser). They are written in groups (src/commands/table/groups.ts),
// loaded when a name of the group is first looked up; flag shorthands are expanded here, once per
// entry, when a command of that entry is first looked up.

import { anyProgramRole } from "../../shell/environment.ts";
import type { Analyser, CommandSpec, Entry } from "../spec.ts";
import { BUILT_INDEX, type BuiltIndex } from "./built-index.ts";
import { expandSpec, type TableSpec } from "./expand.ts";
import { GROUPS, type GroupName } from "./groups.ts";

type Written = { readonly spec: TableSpec } | { readonly analyser: Analyser };

/** Every name to its entry as written, for the groups loaded so far. */
const WRITTEN = new Map<string, Written>();
const LOADED = new Set<GroupName>();

/** Adds a group's entries to WRITTEN; `each` sees every entry and name (the index's checks). */
function load(group: GroupName, each?: (name: string, entry: TableSpec | Analyser) => void): void {
  if (LOADED.has(group)) return;
  LOADED.add(group);
  const { specs, analysers } = GROUPS[group]();
  const written: [TableSpec | Analyser, Written][] = [...specs.map((spec) => [spec, { spec }] as [TableSpec, Written]),
    ...analysers.map((analyser) => [analyser, { analyser }] as [Analyser, Written])];
  for (const [entry, w] of written) {
    for (const n of entry.names) {
      // A name listed twice is an error when the table loads (and so when the bundle is built).
      if (WRITTEN.has(n)) throw new Error(`the command table lists ${n} twice`);
      WRITTEN.set(n, w);
      each?.(n, entry);
    }
  }
}

/**
 * Every group loaded, the table checked, and its index computed: what the bundle's build
 * does once (builtIndex), and what the sources and dist/ do as the module loads.
 */
function computeIndex(): { names: Map<string, GroupName>; variables: Map<string, readonly string[]> } {
  const names = new Map<string, GroupName>();
  const variables = new Map<string, readonly string[]>();
  for (const group of Object.keys(GROUPS) as GroupName[]) {
    const seen = new Set<TableSpec | Analyser>();
    load(group, (name, entry) => {
      names.set(name, group);
      if (seen.has(entry)) return;
      seen.add(entry);
      addEnvironment(entry, variables);
    });
  }
  return { names, variables };
}

function addEnvironment(entry: TableSpec | Analyser, variables: Map<string, readonly string[]>): void {
  for (const [variable, readers] of Object.entries(entry.environment?.options ?? {})) {
    // A reader that is not a name of the entry would never match: the words would be lost.
    const stray = readers.find((r) => !entry.names.includes(r));
    if (stray !== undefined) {
      throw new Error(`the command table says ${stray} reads ${variable}, but ${stray} is not a name of that entry`);
    }
    if (variables.has(variable)) throw new Error(`the command table lists ${variable} for two entries`);
    // What any program honours is judged for every program; a second role would be ignored.
    if (anyProgramRole(variable) !== null) {
      throw new Error(`${variable} is in src/shell/environment.ts and in the command table`);
    }
    variables.set(variable, readers);
  }
}

/** Which group writes each name, and the option variables (TAR_OPTIONS) to the names that read them. */
const INDEX: { readonly names: ReadonlyMap<string, GroupName>;
  readonly variables: ReadonlyMap<string, readonly string[]> } = BUILT_INDEX === null
    ? computeIndex()
    : { names: new Map(BUILT_INDEX.names), variables: new Map(BUILT_INDEX.variables) };

/** The index as the bundle carries it (scripts/build-bundle.ts): computed from every group, checked. */
export function builtIndex(): BuiltIndex {
  return BUILT_INDEX ?? { names: [...INDEX.names], variables: [...INDEX.variables] };
}

/** The commands that read an environment variable as their options (TAR_OPTIONS: tar, gtar), or undefined. */
export function optionVariableReaders(variable: string): readonly string[] | undefined {
  return INDEX.variables.get(variable);
}

/**
 * Expanded specs, by the entry they came from: a check looks up a handful of the table's
 * names, and expanding all of them as the module loaded was a tenth of a one-shot run's start
 * (and much of its garbage collection). Names that share an entry share its expansion.
 */
const EXPANDED = new Map<TableSpec, CommandSpec>();

/** The table entry of a command name, or undefined. */
export function lookupCommand(name: string): Entry | undefined {
  const group = INDEX.names.get(name);
  if (group === undefined) return undefined;
  load(group);
  const e = WRITTEN.get(name);
  // The index and the groups come from the same sources; a name the group does not write is a
  // build that went wrong, not an unknown command.
  if (e === undefined) {
    throw new Error(`the command table's index puts ${name} in the group ${group}, which does not write it`);
  }
  if ("analyser" in e) return e.analyser;
  let spec = EXPANDED.get(e.spec);
  if (spec === undefined) EXPANDED.set(e.spec, spec = expandSpec(e.spec));
  return spec;
}

/** How many command names the table holds (docs/commands.md states it; test/docs.test.ts checks). */
export function commandCount(): number {
  return INDEX.names.size;
}
