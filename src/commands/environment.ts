// The role of a variable set in the shell for the programs it starts. Two places know: what
// any program honours (src/shell/environment.ts: LD_PRELOAD, PATH, PAGER, …) and what one tool
// reads as its options (TAR_OPTIONS, MAKEFLAGS: that tool's table entry, `environment`). The
// interpreter asks here for both, and the world keeps track of every name either one knows.

import { anyProgramRole, type EnvironmentRole } from "../shell/environment.ts";
import { optionVariableReaders } from "./table/index.ts";

interface VariableRole extends EnvironmentRole {
  /**
   * Programs that read the value as if written first on their command line: for them the
   * words join the command's own; any other program may start one of them, so what the
   * options do is not known there.
   */
  readonly optionsOf?: readonly string[];
}

/**
 * Option variables of programs the table has no entry for. valgrind is run as an unknown
 * command (its words judged generically), yet another program may start it with these
 * options, so dropping the variable would lose the ask; it moves into valgrind's entry when
 * one is written.
 */
const WITHOUT_ENTRY: ReadonlyMap<string, readonly string[]> = new Map([["VALGRIND_OPTS", ["valgrind"]]]);

/**
 * One role per option variable, made on first use: the interpreter asks for each command it
 * runs. Names without a role are not kept (a resident server sees any number of them).
 */
const OPTION_ROLES = new Map<string, VariableRole>();

/** The role of a variable a program is started with, or null when it has none. */
export function environmentRole(name: string): VariableRole | null {
  const role = anyProgramRole(name) ?? OPTION_ROLES.get(name);
  if (role !== undefined) return role;
  const readers = optionVariableReaders(name) ?? WITHOUT_ENTRY.get(name);
  if (readers === undefined) return null;
  const options: VariableRole = { value: "command", kind: "exec", optionsOf: readers };
  OPTION_ROLES.set(name, options);
  return options;
}

/** Whether setting the variable changes what a started program reaches: the world tracks these names. */
export function isEnvironmentVariable(name: string): boolean {
  return environmentRole(name) !== null;
}
