// The command table: every entry by name. Entries are data (CommandSpec) or, where data
// cannot say it, a function (Analyser). Flag shorthands are expanded here, once.

import type { Analyser, Entry } from "../spec.ts";
import { ARCHIVE_ANALYSERS, ARCHIVE_SPECS } from "./archives.ts";
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
import { RENAME_SPECS } from "./rename.ts";
import { SEARCH_ANALYSERS, SEARCH_SPECS } from "./search.ts";
import { SHELLS } from "./shells.ts";
import { TEXT_ANALYSERS, TEXT_SPECS } from "./text.ts";
import { VCS_ANALYSERS } from "./vcs.ts";
import { WRAPPER_SPECS, WRAPPERS } from "./wrappers.ts";

const SPECS: readonly TableSpec[] = [
  ...COREUTILS, ...WRAPPER_SPECS, ...SEARCH_SPECS, ...TEXT_SPECS, ...ARCHIVE_SPECS, ...DEV_SPECS, ...NETWORK_SPECS,
  ...RENAME_SPECS, ...CRYPTO_SPECS, ...DATABASE_SPECS, ...CRONTAB_SPECS, ...EDITOR_SPECS, ...CONVERTER_SPECS, ...LINTER_SPECS,
];
const ANALYSERS: readonly Analyser[] = [
  ...SHELLS, ...WRAPPERS, ...EXPRESSIONS, ...SEARCH_ANALYSERS, ...TEXT_ANALYSERS, ...ARCHIVE_ANALYSERS, ...VCS_ANALYSERS, ...DEV_ANALYSERS, ...NETWORK_ANALYSERS,
  ...CRYPTO_ANALYSERS, ...PATCH_ANALYSERS, ...EDITOR_ANALYSERS, ...CONVERTER_ANALYSERS,
];

function build(): Map<string, Entry> {
  const table = new Map<string, Entry>();
  const add = (name: string, e: Entry) => {
    if (table.has(name)) throw new Error(`the command table lists ${name} twice`);
    table.set(name, e);
  };
  for (const s of SPECS) {
    const spec = expandSpec(s);
    for (const n of s.names) add(n, spec);
  }
  for (const a of ANALYSERS) for (const n of a.names) add(n, a);
  return table;
}

export const TABLE: ReadonlyMap<string, Entry> = build();
