// Developer tools, one file per tool family: interpreters, package managers, build systems,
// compilers, containers.

import type { TableSpec } from "../expand.ts";
import { cmake, MAKE, NINJA } from "./build.ts";
import { CC, LD } from "./c.ts";
import { COMPOSE, DOCKER } from "./containers.ts";
import { GO, GOFMT } from "./go.ts";
import { GRADLE, JAVA, JAVAC, MVN } from "./java.ts";
import { KUBECTL_ALL_VERBS } from "./kubernetes.ts";
import { BUN, BUNX, DENO, homeAware, NODE, NPM, NPX, PNPM, PNPX, TS_RUNNERS, TSC, YARN } from "./node.ts";
import { PIP, PIPX, POETRY, PYTHON_ANALYSER, UV, UVX } from "./python.ts";
import { CARGO, RUSTC, RUSTUP } from "./rust.ts";
import { LUA, PERL_ANALYSER, PHP, RUBY_ANALYSER } from "./scripting.ts";
import { TERRAFORM } from "./terraform.ts";
import type { Analyser } from "../../spec.ts";

export const DEV_SPECS: readonly TableSpec[] = [
  NODE, TS_RUNNERS, PHP, LUA,
  NPX, PNPX, BUN, BUNX, DENO,
  PIP, UV, UVX, POETRY, PIPX,
  CARGO, RUSTC, RUSTUP, GO, GOFMT,
  MAKE, NINJA, CC, LD, JAVAC, JAVA, MVN, GRADLE, TSC,
  KUBECTL_ALL_VERBS,
  DOCKER, COMPOSE, TERRAFORM,
];

export const DEV_ANALYSERS: readonly Analyser[] = [{ names: ["cmake"], analyse: cmake }, PYTHON_ANALYSER, PERL_ANALYSER, RUBY_ANALYSER, homeAware(NPM), homeAware(PNPM), homeAware(YARN)];
