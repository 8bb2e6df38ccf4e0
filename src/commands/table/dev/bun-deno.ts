// Bun and Deno: runtimes that are also package managers and script runners, judged as node and
// npm are (node.ts holds what they share: package specs, scripts, lifecycle events).

import type { OptionSpec } from "../../spec.ts";
import { chdir, type Custom, each, flag, generic, hooks, issue, localRole, none, optionalNone, optionItems, read,
  write } from "../common.ts";
import type { TableSpec } from "../expand.ts";
import { info, inlineCode, projectCode } from "./code-options.ts";
import { everyWorkspacePackage } from "./workspace-options.ts";
import { manifestWrites, nodeInstall, packageOptions, packageScript, packageSpecs, projectEvents, PUBLISH_EVENTS,
  runsOperands } from "./node.ts";

const BUN_GLOBAL: Record<string, OptionSpec> = {
  "--cwd": chdir,
  ...each({ value: "none", modes: ["eval"] }, "-e", "--eval", "-p", "--print"),
  ...each(read, "--env-file", "-c", "--config", "--tsconfig-override"),
  // A script bun runs before the entry point: a read of the project's code, judged where it is.
  ...each(read, "-r", "--preload"),
  ...each(none, "--filter", "-F", "--elide-lines", "-d", "--define", "-l", "--loader", "--port", "--main-fields",
    "--conditions", "--jsx-factory", "--jsx-fragment", "--jsx-import-source", "--jsx-runtime", "--extension-order",
    "--registry", "--backend", "--concurrent-scripts", "--network-concurrency", "--timeout", "--rerun-each", "-t",
    "--test-name-pattern", "--coverage-reporter", "--reporter", "--max-http-header-size", "--title"),
  ...each(flag, "--bun", "-b", "--silent", "--watch", "--hot", "--no-clear-screen", "--smol", "--install", "-i",
    "--no-install", "--if-present", "--prefer-offline", "--prefer-latest", "-y", "--yarn", "--production",
    "--frozen-lockfile", "--dry-run", "--force", "-f", "--no-save", "--save", "-g", "--global", "-D", "--dev", "-d",
    "--optional", "--peer", "--exact", "-E", "--verbose", "--no-progress", "--no-summary", "--ignore-scripts",
    "--trust", "--only", "--todo", "--coverage", "--bail", "--update-snapshots", "-u", "--revision", "--version", "-v",
    "--help", "-h", "--inspect", "--inspect-wait", "--inspect-brk", "--shell", "--no-env-file", "--no-deprecation",
    "--throw-deprecation", "--latest", "--minify", "--sourcemap", "--splitting", "--compile", "--bytecode", "--linker",
    "--lockfile-only"),
};
const bunSub = (extra: Partial<TableSpec> = {}): TableSpec => ({ names: [], abbreviations: false, options: BUN_GLOBAL,
  operands: { all: "none" }, ...extra });

/** A word that bun runs as a file rather than as a package.json script. */
function looksLikeScript(t: string | null): boolean {
  return t === null || t.includes("/") || /\.(m?[jt]sx?|cjs|cts|sh|json|toml)$/.test(t);
}

export const BUN: TableSpec = {
  names: ["bun"],
  abbreviations: false,
  options: BUN_GLOBAL,
  operands: { all: "none" },
  subcommands: {
    run: bunSub({ style: "posix", operands: { first: "none", rest: "generic" }, custom: (ctx) => {
      const first = ctx.operands[0];
      if (first && looksLikeScript(first.text)) ctx.role(first, "exec");
      // bun run NAME runs the package.json script NAME when there is one.
      else if (first) packageScript("bun run", null)(ctx);
    } }),
    test: bunSub(),
    x: bunSub({ style: "posix", options: { ...BUN_GLOBAL, "-p": none, "--package": none },
      custom: hooks(packageOptions(["-p", "--package"]), runsOperands("bun x")) }),
    exec: bunSub({ style: "posix", custom: (ctx) => {
      const [code] = ctx.operands;
      if (code) ctx.emit({ t: "code", text: code.text, span: code.span, label: "bun exec", inProcess: false });
    } }),
    build: bunSub({
      options: { ...BUN_GLOBAL, "--outdir": write, "--outfile": write, "--root": read, "--target": none,
        "--format": none, "-e": none, "--external": none, "--entry-naming": none, "--chunk-naming": none,
        "--asset-naming": none, "--public-path": none, "--packages": none },
      operands: { all: "read" },
    }),
    repl: bunSub({
      custom: (ctx) =>
        issue(ctx, "INLINE_CODE", "bun repl reads code from standard input (a REPL), which the guard cannot see"),
    }),
    // bun init [DIR] writes the package there; bun pm pkg set|delete|fix edits package.json (manifestWrites).
    init: bunSub({ operands: { all: "write" }, custom: (ctx) => {
      if (!ctx.operands.length) manifestWrites(ctx);
    } }),
    pm: bunSub({ custom: hooks(packageSpecs, nodeInstall, (ctx) => {
      if (ctx.operands[0]?.text !== "pkg" && ctx.operands[0]?.text !== null) return;
      if (ctx.operands[1]?.text !== "get") manifestWrites(ctx);
    }) }),
    create: bunSub({ operands: { all: "generic" } }),
    ...Object.fromEntries(
      ["install", "i"].map((
        n,
      ) => [n,
        bunSub({
          custom: hooks(packageSpecs, nodeInstall, projectEvents("bun install", ["install", "prepare"]),
            everyWorkspacePackage("npm")),
        })]
      ),
    ),
    publish: bunSub({ custom: hooks(packageSpecs, projectEvents("bun publish", PUBLISH_EVENTS)) }),
    ...Object.fromEntries(
      ["add", "a", "remove", "rm", "update", "link", "unlink", "outdated", "audit", "info", "patch", "patch-commit",
        "why", "upgrade", "completions", "discord", "help"].map((
          n,
        ) => [n, bunSub({ custom: hooks(packageSpecs, nodeInstall) })]),
    ),
  },
  // `bun FILE` runs a file; `bun NAME` a package.json script.
  unknownSubcommand: "generic",
  changes: projectCode,
  custom: hooks(inlineCode(["-e", "--eval", "-p", "--print"]), (ctx) => {
    // bun --filter PATTERN NAME runs NAME in the workspace packages the pattern matches, whose
    // selection is not read (pnpm's, npm's and yarn's are: workspace-options.ts).
    const filter = optionItems(ctx, "--filter", "-F")[0];
    if (filter && ctx.operands.length) {
      issue(ctx, "OPAQUE_CODE", "bun --filter runs scripts in workspace packages, which the guard does not read",
        filter.word.span);
    }
    const first = ctx.operands[0];
    if (first && !(first.text !== null && BUN.subcommands && first.text in BUN.subcommands) &&
      looksLikeScript(first.text)) ctx.role(first, "exec");
  }),
};

export const BUNX: TableSpec = { names: ["bunx"], style: "posix", abbreviations: false,
  options: { ...BUN_GLOBAL, "-p": none, "--package": none }, operands: { all: "none" }, changes: projectCode,
  custom: hooks(packageOptions(["-p", "--package"]), runsOperands("bunx")) };

const DENO_OPTIONS: Record<string, OptionSpec> = {
  ...each(optionalNone, "--allow-read", "-R", "--allow-write", "-W", "--allow-net", "-N", "--allow-env", "-E",
    "--allow-run", "--allow-ffi", "--allow-sys", "-S", "--allow-import", "-I", "--deny-read", "--deny-write",
    "--deny-net", "--deny-env", "--deny-run", "--deny-ffi", "--deny-sys", "--deny-import", "--no-check", "--check",
    "--reload", "-r", "--v8-flags", "--inspect", "--inspect-brk", "--inspect-wait", "--node-modules-dir",
    "--unsafely-ignore-certificate-errors", "--strace-ops", "--vendor", "--allow-scripts", "--exclude", "--ignore"),
  // Files and directories: the env file and watched paths are read, the lockfile and coverage
  // directory written (each value is optional, so only `--opt=VALUE` names one).
  ...each({ value: "read", optional: true }, "--env", "--env-file", "--watch"),
  ...each({ value: "write", optional: true }, "--lock", "--coverage"),
  "--include": read,
  ...each(flag, "-A", "--allow-all", "--allow-hrtime", "-q", "--quiet", "--unstable", "--cached-only", "--no-remote",
    "--no-npm", "--no-config", "--frozen", "--no-prompt", "--no-lock", "--no-clear-screen", "--watch-hmr", "--parallel",
    "--doc", "--fail-fast", "--trace-leaks", "--json", "--frozen-lockfile", "--permit-no-files"),
  ...each(read, "-c", "--config", "--import-map", "--cert", "--preload", "--require"),
  ...each(none, "-L", "--log-level", "--location", "--seed", "--ext", "--filter", "--reporter", "--target", "--host",
    "--port", "--entrypoint", "--name"),
  "--icon": read,
  "--root": write,
  "-o": write,
  "--output": write,
};
const denoSub = (extra: Partial<TableSpec> = {}): TableSpec => ({ names: [], abbreviations: false,
  options: DENO_OPTIONS, operands: { all: "none" }, ...extra });
const denoScript: Custom = (ctx) => {
  const first = ctx.operands[0];
  if (first) localRole(ctx, first, "exec");
};
const denoRun = denoSub({ style: "posix", operands: { first: "none", rest: "generic" }, custom: denoScript });

export const DENO: TableSpec = {
  names: ["deno"],
  abbreviations: false,
  options: DENO_OPTIONS,
  operands: { all: "none" },
  subcommands: { run: denoRun, serve: denoRun,
    eval: denoSub({
      custom: (ctx) => issue(ctx, "INLINE_CODE", "deno eval runs inline code the guard cannot see into"),
    }),
    repl: denoSub({
      custom: (ctx) =>
        issue(ctx, "INLINE_CODE", "deno repl reads code from standard input (a REPL), which the guard cannot see"),
    }),
    ...Object.fromEntries(
      ["test", "bench", "check", "lint", "doc", "info", "cache", "coverage", "publish"].map((
        n,
      ) => [n, denoSub({ operands: { all: "read" } })]),
    ),
    fmt: denoSub({ options: { ...DENO_OPTIONS, "--check": { modes: ["check"] } },
      operands: { all: { default: "write", modes: { check: "read" } } } }),
    compile: denoSub({ style: "posix", operands: { first: "none", rest: "generic" }, custom: denoScript }),
    install: denoSub({ options: { ...DENO_OPTIONS, "--root": write },
      custom: (ctx) => ctx.operands.forEach((a) => localRole(ctx, a, "read")) }),
    init: denoSub({ operands: { all: "write" } }),
    ...Object.fromEntries(
      ["task", "uninstall", "upgrade", "vendor", "jupyter", "lsp", "types", "completions", "add", "remove", "outdated",
        "clean", "help", "x"].map((n) => [n, denoSub()]),
    ) },
  // `deno FILE` runs the file.
  unknownSubcommand: "generic",
  changes: projectCode,
  custom: (ctx) => {
    const first = ctx.operands[0];
    if (first && !(first.text !== null && DENO.subcommands && first.text in DENO.subcommands)) {
      localRole(ctx, first, "exec");
    }
  },
};
