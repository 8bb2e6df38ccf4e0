// Table entries as written (with flag shorthands) and their expansion into CommandSpecs.

import type { CommandSpec, OptionSpec } from "../spec.ts";

export interface TableSpec extends Omit<CommandSpec, "options" | "subcommands"> {
  /** Short flags that take no value, one letter each. */
  readonly flags?: string;
  /** Long flags that take no value. */
  readonly long?: readonly string[];
  readonly options?: Readonly<Record<string, OptionSpec>>;
  /** `-N` (a bare number, as in `head -5`) is an option. */
  readonly numeric?: boolean;
  readonly subcommands?: Readonly<Record<string, TableSpec>>;
}

/** The CommandSpec a table entry stands for: flag shorthands become options, GNU parsing by default. */
export function expandSpec(t: TableSpec): CommandSpec {
  const options: Record<string, OptionSpec> = {};
  for (const c of t.flags ?? "") options["-" + c] = {};
  for (const l of t.long ?? []) options[l] = {};
  if (t.numeric) options["-N"] = {};
  Object.assign(options, t.options ?? {});
  const { flags: _f, long: _l, numeric: _n, subcommands, ...rest } = t;
  void _f;
  void _l;
  void _n;
  const subs: Record<string, CommandSpec> = {};
  for (const [k, v] of Object.entries(subcommands ?? {})) subs[k] = expandSpec(v);
  return { style: "gnu", abbreviations: true, ...rest, options, ...(subcommands ? { subcommands: subs } : {}) };
}
