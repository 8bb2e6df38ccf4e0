// The command table's entries, by the module that writes them. A one-shot check looks up a
// handful of names, and building every module's entries (data written with spreads of large
// option maps) was a third of a one-shot hook call, with much of its garbage collection; so in
// the bundle (scripts/build-bundle.ts) each loader below requires its modules when the index
// (src/commands/table/index.ts) first needs a name of its group, and the names are known
// without loading any. From the sources and dist/ the imports are plain imports, all loaded.
//
// The bundle's build rewrites this file, and fails rather than guess: nothing here but imports
// of named bindings and the GROUPS object, whose loaders use the bindings and nothing else.

import { ARCHIVE_ANALYSERS, ARCHIVE_SPECS } from "./archives.ts";
import { CPIO_ANALYSERS } from "./cpio.ts";
import { CHECKSUMS } from "./checksums.ts";
import { CONVERTER_ANALYSERS, CONVERTER_SPECS } from "./converters.ts";
import { COREUTILS } from "./coreutils.ts";
import { CRONTAB_SPECS } from "./crontab.ts";
import { CRYPTO_ANALYSERS, CRYPTO_SPECS } from "./crypto.ts";
import { DATABASE_SPECS } from "./databases.ts";
import { DESKTOP_SPECS } from "./desktop.ts";
import { cmake, MAKE, NINJA } from "./dev/build.ts";
import { CC, LD } from "./dev/c.ts";
import { COMPOSE, DOCKER } from "./dev/containers.ts";
import { GO, GOFMT } from "./dev/go.ts";
import { GRADLE, JAVA, JAVAC, MVN } from "./dev/java.ts";
import { KUBECTL_ALL_VERBS } from "./dev/kubernetes.ts";
import { BUN, BUNX, DENO } from "./dev/bun-deno.ts";
import { COREPACK } from "./dev/corepack.ts";
import { homeAware, NODE, NPM, NPX, PNPM, PNPX, TS_RUNNERS, TSC } from "./dev/node.ts";
import { YARN } from "./dev/yarn.ts";
import { PIP, PIPX, POETRY, PYTHON_ANALYSER, UV, UVX } from "./dev/python.ts";
import { RUNTIMES } from "./dev/runtimes.ts";
import { CARGO, RUSTC, RUSTUP } from "./dev/rust.ts";
import { LUA, PERL_ANALYSER, PHP, RUBY_ANALYSER } from "./dev/scripting.ts";
import { TERRAFORM } from "./dev/terraform.ts";
import { EDITOR_ANALYSERS, EDITOR_SPECS } from "./editors.ts";
import type { TableSpec } from "./expand.ts";
import { FILTER_SPECS } from "./filters.ts";
import { SHELLFENCE } from "./guard-cli.ts";
import { EXPRESSIONS } from "./find.ts";
import { LINTER_SPECS } from "./linters.ts";
import { NETWORK_ANALYSERS, NETWORK_SPECS } from "./network.ts";
import { PATCH_ANALYSERS } from "./patch.ts";
import { LOOKUP_SPECS } from "./lookups.ts";
import { PAX } from "./pax.ts";
import { RENAME_ANALYSERS } from "./rename.ts";
import { SEARCH_ANALYSERS, SEARCH_SPECS } from "./search.ts";
import { SERVICE_SPECS } from "./services.ts";
import { SHELLS } from "./shells.ts";
import { SYSTEM_PACKAGE_SPECS } from "./system-packages.ts";
import { TEXT_ANALYSERS, TEXT_SPECS } from "./text.ts";
import { VCS_ANALYSERS } from "./vcs/git.ts";
import { WRAPPER_SPECS, WRAPPERS } from "./wrappers.ts";
import type { Analyser } from "../spec.ts";

/** One group's entries: data, and functions where data cannot say it. */
interface Group {
  readonly specs: readonly TableSpec[];
  readonly analysers: readonly Analyser[];
}

/** Each group's entries, built when called (the index calls each loader at most once). */
export const GROUPS = { "archives": () => ({ specs: ARCHIVE_SPECS, analysers: ARCHIVE_ANALYSERS }),
  "checksums": () => ({ specs: [], analysers: [CHECKSUMS] }),
  "converters": () => ({ specs: CONVERTER_SPECS, analysers: CONVERTER_ANALYSERS }),
  "cpio": () => ({ specs: [], analysers: CPIO_ANALYSERS }), "coreutils": () => ({ specs: COREUTILS, analysers: [] }),
  "crontab": () => ({ specs: CRONTAB_SPECS, analysers: [] }),
  "crypto": () => ({ specs: CRYPTO_SPECS, analysers: CRYPTO_ANALYSERS }),
  "databases": () => ({ specs: DATABASE_SPECS, analysers: [] }),
  "desktop": () => ({ specs: DESKTOP_SPECS, analysers: [] }),
  "dev/build": () => ({ specs: [MAKE, NINJA], analysers: [{ names: ["cmake"], analyse: cmake }] }),
  "dev/c": () => ({ specs: [CC, LD], analysers: [] }),
  "dev/containers": () => ({ specs: [DOCKER, COMPOSE], analysers: [] }),
  "dev/go": () => ({ specs: [GO, GOFMT], analysers: [] }),
  "dev/java": () => ({ specs: [JAVAC, JAVA, MVN, GRADLE], analysers: [] }),
  "dev/kubernetes": () => ({ specs: [KUBECTL_ALL_VERBS], analysers: [] }),
  "dev/node": () => ({ specs: [NODE, TS_RUNNERS, BUNX, DENO, TSC, COREPACK],
    analysers: [homeAware(NPM), homeAware(PNPM), homeAware(YARN), homeAware(NPX), homeAware(PNPX), homeAware(BUN)] }),
  "dev/python": () => ({ specs: [PIP, UV, UVX, POETRY, PIPX], analysers: [PYTHON_ANALYSER] }),
  "dev/runtimes": () => ({ specs: RUNTIMES, analysers: [] }),
  "dev/rust": () => ({ specs: [CARGO, RUSTC, RUSTUP], analysers: [] }),
  "dev/scripting": () => ({ specs: [PHP, LUA], analysers: [PERL_ANALYSER, RUBY_ANALYSER] }),
  "dev/terraform": () => ({ specs: [TERRAFORM], analysers: [] }),
  "editors": () => ({ specs: EDITOR_SPECS, analysers: EDITOR_ANALYSERS }),
  "filters": () => ({ specs: FILTER_SPECS, analysers: [] }), "find": () => ({ specs: [], analysers: EXPRESSIONS }),
  "guard-cli": () => ({ specs: [SHELLFENCE], analysers: [] }),
  "linters": () => ({ specs: LINTER_SPECS, analysers: [] }), "lookups": () => ({ specs: LOOKUP_SPECS, analysers: [] }),
  "network": () => ({ specs: NETWORK_SPECS, analysers: NETWORK_ANALYSERS }),
  "patch": () => ({ specs: [], analysers: PATCH_ANALYSERS }), "pax": () => ({ specs: [PAX], analysers: [] }),
  "rename": () => ({ specs: [], analysers: RENAME_ANALYSERS }),
  "search": () => ({ specs: SEARCH_SPECS, analysers: SEARCH_ANALYSERS }),
  "services": () => ({ specs: SERVICE_SPECS, analysers: [] }), "shells": () => ({ specs: [], analysers: SHELLS }),
  "system-packages": () => ({ specs: SYSTEM_PACKAGE_SPECS, analysers: [] }),
  "text": () => ({ specs: TEXT_SPECS, analysers: TEXT_ANALYSERS }),
  "vcs/git": () => ({ specs: [], analysers: VCS_ANALYSERS }),
  "wrappers": () => ({ specs: WRAPPER_SPECS, analysers: WRAPPERS }) } satisfies Readonly<Record<string, () => Group>>;

export type GroupName = keyof typeof GROUPS;
