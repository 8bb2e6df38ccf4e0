// Linters, formatters and test runners: they read the project and its config files, formatters
// write their operands when told to (`--write`, `-i`, `--fix`), and test runners run the
// project's code.

import { syntheticArg } from "../apply.ts";
import { withValue } from "../effects.ts";
import type { OptionSpec } from "../spec.ts";
import { type Custom, each, flag, generic, issue, none, optionalNone, optionItems, optionValues, pathList, read, roleAs,
  spanOf, tomlValuePaths, write } from "./common.ts";
import type { TableSpec } from "./expand.ts";
import { projectCode } from "./dev/code-options.ts";

const SHELLCHECK: TableSpec = { names: ["shellcheck"], flags: "axVh",
  long: ["--check-sourced", "--external-sources", "--norc", "--list-optional", "--version", "--help"],
  options: { "-P": none, "--source-path": none, "--rcfile": read,
    ...each(none, "-e", "--exclude", "-i", "--include", "-o", "--enable", "-f", "--format", "-s", "--shell", "-S",
      "--severity", "-W", "--wiki-link-count"), "-C": optionalNone, "--color": optionalNone },
  operands: { all: "read" }, custom: pathList(["-P", "--source-path"], "read") };

const PRETTIER: TableSpec = { names: ["prettier"], abbreviations: false, flags: "uvh",
  long: ["--check", "--list-different", "--no-config", "--no-editorconfig", "--no-error-on-unmatched-pattern",
    "--with-node-modules", "--cache", "--use-tabs", "--no-semi", "--single-quote", "--jsx-single-quote",
    "--no-bracket-spacing", "--bracket-same-line", "--single-attribute-per-line", "--vue-indent-script-and-style",
    "--experimental-ternaries", "--insert-pragma", "--require-pragma", "--support-info", "--ignore-unknown",
    "--version", "--help", "--debug-check", "--no-color", "--color"],
  options: { "-w": { modes: ["write"] }, "--write": { modes: ["write"] }, "-c": flag, "-l": flag,
    ...each(read, "--config", "--ignore-path", "--find-config-path", "--file-info"), "--cache-location": write,
    "--plugin": none,
    ...each(none, "--stdin-filepath", "--log-level", "--config-precedence", "--cache-strategy", "--parser",
      "--print-width", "--tab-width", "--quote-props", "--trailing-comma", "--arrow-parens", "--prose-wrap",
      "--end-of-line", "--embedded-language-formatting", "--html-whitespace-sensitivity", "--object-wrap",
      "--range-start", "--range-end", "--cursor-offset", "--experimental-operator-position") },
  operands: { all: { default: "read", modes: { write: "write" } } },
  custom: (ctx) => {
    for (const v of optionValues(ctx, "--plugin")) {
      if (v.text === null || /^(\.{1,2}\/|\/)/.test(v.text)) ctx.role(v, "read");
    }
  } };

const ESLINT: TableSpec = {
  names: ["eslint", "biome", "oxlint", "standard", "xo", "stylelint", "markdownlint", "tslint"],
  abbreviations: false,
  long: ["--no-eslintrc", "--no-config-lookup", "--quiet", "--fix-dry-run", "--stdin", "--debug", "--init", "--cache",
    "--no-ignore", "--report-unused-disable-directives", "--no-inline-config", "--color", "--no-color",
    "--no-error-on-unmatched-pattern", "--exit-on-fatal-error", "--inspect-config", "--pass-on-no-patterns",
    "--version", "--help", "-h", "-v", "--apply", "--apply-unsafe", "--staged", "--changed", "--no-warn-ignored",
    "--pass-on-unpruned-suppressions", "--suppress-all", "--prune-suppressions"],
  options: { "--fix": { modes: ["fix"] }, "--write": { modes: ["fix"] },
    ...each(read, "-c", "--config", "--ignore-path", "--rulesdir", "--resolve-plugins-relative-to", "--print-config",
      "--config-path", "--suppressions-location"), ...each(write, "-o", "--output-file", "--cache-location"),
    "-f": none, "--format": none,
    ...each(none, "--ext", "--rule", "--global", "--parser", "--parser-options", "--plugin", "--env", "--max-warnings",
      "--fix-type", "--stdin-filename", "--ignore-pattern", "--cache-strategy", "--flag", "--concurrency",
      "--max-diagnostics", "--reporter", "--diagnostic-level", "--formatter") },
  operands: { all: { default: "read", modes: { fix: "write" } } },
  custom: (ctx) => {
    // biome check/format/lint: the first word is a verb.
    if (ctx.name === "biome" && ctx.operands[0]) ctx.role(ctx.operands[0], "none");
    // A parser, plugin, formatter or reporter named by path is a module the linter loads
    // (eslintrc mode resolves --parser ../p.js with require); a bare name is a package.
    for (const v of optionValues(ctx, "-f", "--format", "--parser", "--plugin", "--formatter", "--reporter")) {
      if (v.text === null) ctx.role(v, "read");
      else for (const piece of v.text.split(",")) if (/\/|^\.|^~/.test(piece)) roleAs(ctx, v, piece, "read");
    }
  },
};

// Each formatter parses its own options: a letter one takes a value another takes as a flag
// (yapf -p is --parallel, autopep8 -p N is --pep8-passes; black -c CODE, autoflake -c --check).
const BLACK: TableSpec = { names: ["black"], flags: "SCqvh",
  long: ["--skip-string-normalization", "--skip-magic-trailing-comma", "--preview", "--unstable", "--quiet",
    "--verbose", "--fast", "--safe", "--ipynb", "--pyi", "--color", "--no-color", "--version", "--help"],
  options: { ...each({ modes: ["check"] }, "--check", "--diff"), "--config": read,
    ...each(none, "-l", "--line-length", "-t", "--target-version", "--include", "--exclude", "--extend-exclude",
      "--force-exclude", "--required-version", "--stdin-filename", "-W", "--workers", "--python-cell-magics",
      "--line-ranges", "--enable-unstable-feature"), "-c": { value: "none", modes: ["check"] },
    "--code": { value: "none", modes: ["check"] } },
  operands: { all: { default: "write", modes: { check: "read" } } } };

/** autopep8, yapf, autoflake, docformatter: print the result unless -i rewrites the files. */
const inPlace = { "-i": { modes: ["inplace"] }, "--in-place": { modes: ["inplace"] } } as const;
const inPlaceOperands = { all: { default: "read", modes: { inplace: "write" } } } as const;

const AUTOPEP8: TableSpec = { names: ["autopep8"], flags: "drahv",
  long: ["--diff", "--recursive", "--aggressive", "--experimental", "--exit-code", "--list-fixes", "--hang-closing",
    "--ignore-local-config", "--verbose", "--version", "--help"],
  options: { ...inPlace, "--global-config": read,
    ...each(none, "-j", "--jobs", "-p", "--pep8-passes", "--select", "--ignore", "--exclude", "--max-line-length",
      "--indent-size", "--line-range", "--range") }, operands: inPlaceOperands };

const YAPF: TableSpec = {
  names: ["yapf"],
  flags: "drpqmvh",
  long: ["--diff", "--recursive", "--parallel", "--quiet", "--print-modified", "--no-local-style", "--style-help",
    "--version", "--help", "--verbose", "-vv"],
  // --style is a style name, a file, or an inline {key: value} dict.
  options: { ...inPlace, "--style": generic, ...each(none, "-l", "--lines", "-e", "--exclude") },
  operands: inPlaceOperands,
};

const AUTOFLAKE: TableSpec = { names: ["autoflake"], flags: "crsqvh",
  long: ["--check", "--check-diff", "-cd", "--recursive", "--stdout", "--quiet", "--verbose", "--expand-star-imports",
    "--remove-all-unused-imports", "--ignore-init-module-imports", "--remove-duplicate-keys",
    "--remove-unused-variables", "--remove-rhs-for-unused-variables", "--ignore-pass-statements",
    "--ignore-pass-after-docstring", "--version", "--help"],
  options: { ...inPlace, "--config": read,
    ...each(none, "-j", "--jobs", "--exclude", "--imports", "--stdin-display-name") }, operands: inPlaceOperands };

const DOCFORMATTER: TableSpec = {
  names: ["docformatter"],
  flags: "cdrnsh",
  long: ["--check", "--diff", "--recursive", "--non-cap", "--force-wrap", "--blank", "--pre-summary-newline",
    "--pre-summary-space", "--make-summary-multi-line", "--close-quotes-on-newline", "--non-strict", "--black",
    "--version", "--help"],
  options: { ...inPlace, "--config": read,
    ...each(none, "--style", "--rest-section-adorns", "--wrap-summaries", "--wrap-descriptions", "--tab-width") },
  operands: inPlaceOperands,
  // -e/--exclude, --range and --docstring-length take several words: not listed, so judged.
};

/** pyupgrade rewrites every file it is given. */
const PYUPGRADE: TableSpec = { names: ["pyupgrade"],
  long: ["--exit-zero-even-if-changed", "--keep-percent-format", "--keep-mock", "--keep-runtime-typing", "--py3-plus",
    "--py36-plus", "--py37-plus", "--py38-plus", "--py39-plus", "--py310-plus", "--py311-plus", "--py312-plus",
    "--py313-plus", "--py314-plus", "--help", "--version"], operands: { all: "write" } };

const ISORT: TableSpec = { names: ["isort"], flags: "qvhda",
  long: ["--atomic", "--float-to-top", "--filter-files", "--quiet", "--verbose", "--version", "--help",
    "--profile-black", "--show-config", "--show-files", "--stdout", "--only-modified", "--combine-as",
    "--force-single-line-imports", "--skip-gitignore", "--color", "--overwrite-in-place"],
  options: {
    ...each({ modes: ["check"] }, "-c", "--check-only", "--check", "--diff", "--df", "--show-files", "--stdout"),
    ...each(read, "--settings-path", "--sp", "--settings-file", "--settings", "--virtual-env", "--conda-env"),
    ...each(none, "-l", "--line-length", "--line-width", "--profile", "-p", "--project", "-o", "--thirdparty", "-a",
      "--add-import", "-s", "--skip", "--skip-glob", "--extend-skip", "--extend-skip-glob", "-j", "--jobs", "--src",
      "--src-path", "-m", "--multi-line", "--py", "--python-version", "--known-local-folder", "-b",
      "--known-standard-library", "--filter", "--ext", "--extension", "--supported-extension"),
  }, operands: { all: { default: "write", modes: { check: "read" } } } };

const RUFF_OPTIONS: Record<string, OptionSpec> = { ...each({ modes: ["fix"] }, "--fix", "--unsafe-fixes", "--add-noqa"),
  "--no-fix": { clears: ["fix"] }, ...each({ modes: ["check"] }, "--check", "--diff"), "--config": none, "-o": write,
  "--output-file": write, "--cache-dir": write,
  ...each(none, "--select", "--ignore", "--extend-select", "--extend-ignore", "--per-file-ignores",
    "--extend-per-file-ignores", "--fixable", "--unfixable", "--extend-fixable", "--exclude", "--extend-exclude",
    "--target-version", "--line-length", "--output-format", "--stdin-filename", "--format", "--range", "--preview",
    "--python"),
  ...each(flag, "-n", "--no-cache", "-e", "--exit-zero", "--exit-non-zero-on-fix", "--statistics", "--show-fixes",
    "--no-show-fixes", "-w", "--watch", "--no-preview", "--respect-gitignore", "--no-respect-gitignore",
    "--force-exclude", "--no-force-exclude", "--isolated", "-q", "--quiet", "-v", "--verbose", "-s", "--silent",
    "--show-files", "--show-settings", "--all", "--json", "-h", "--help", "-V", "--version") };
/**
 * ruff --config FILE, or an inline `KEY = VALUE` TOML setting (ruff's CLI docs): cache-dir,
 * extend, src and namespace-packages name paths, and any string that looks like a path is judged.
 */
const ruffConfig: Custom = (ctx) => {
  for (const v of optionValues(ctx, "--config")) {
    if (v.text === null || !v.text.includes("=")) ctx.role(v, "read");
    else {
      const key = v.text.slice(0, v.text.indexOf("=")).trim();
      tomlValuePaths(ctx, v, v.text.slice(v.text.indexOf("=") + 1),
        /(^|\.)(cache-dir|extend|src|namespace-packages)$/.test(key) || v.text.includes("{"));
    }
  }
};
const RUFF: TableSpec = {
  names: ["ruff"],
  abbreviations: false,
  options: RUFF_OPTIONS,
  operands: { all: "none" },
  subcommands: {
    check: { names: [], abbreviations: false, options: RUFF_OPTIONS,
      operands: { all: { default: "read", modes: { fix: "write" } }, defaultOperand: "." }, custom: ruffConfig },
    format: { names: [], abbreviations: false, options: RUFF_OPTIONS,
      operands: { all: { default: "write", modes: { check: "read" } }, defaultOperand: "." }, custom: ruffConfig },
    ...Object.fromEntries(
      ["rule", "config", "linter", "version", "help", "clean", "server", "analyze", "generate-shell-completion"].map((
        n,
      ) => [n,
        { names: [], abbreviations: false, options: RUFF_OPTIONS, operands: { all: "none" },
          custom: ruffConfig } satisfies TableSpec]
      ),
    ),
  },
  // Older ruff: `ruff PATH…` checks the paths.
  unknownSubcommand: "generic",
  custom: (ctx) => {
    ruffConfig(ctx);
    const first = ctx.operands[0];
    if (first && !(first.text !== null && RUFF.subcommands && first.text in RUFF.subcommands)) ctx.role(first, "read");
  },
};

/** ini keys whose value is a path or a list of paths (pytest 8 "Configuration Options"). */
const PYTEST_PATH_KEYS = new Set(["cache_dir", "log_file", "testpaths", "pythonpath", "confcutdir", "junit_xml",
  "rootdir", "basetemp"]);
const PYTEST: TableSpec = { names: ["pytest", "py.test"],
  environment: { options: { PYTEST_ADDOPTS: ["pytest", "py.test"] } }, abbreviations: true, flags: "xqvslh",
  long: ["--exitfirst", "--quiet", "--verbose", "--showlocals", "--full-trace", "--lf", "--last-failed", "--ff",
    "--failed-first", "--nf", "--new-first", "--sw", "--stepwise", "--cache-clear", "--pdb", "--co", "--collect-only",
    "--noconftest", "--doctest-modules", "--strict-markers", "--strict-config", "--runxfail", "--setup-show",
    "--setup-only", "--setup-plan", "--fixtures", "--markers", "--version", "--help", "--trace-config",
    "--disable-warnings", "--no-header", "--no-summary", "--cov-append", "--no-cov", "--lfnf", "--trace", "--pyargs"],
  options: { "--pyargs": { modes: ["modules"] }, "--split-level": none,
    ...each(none, "-k", "-m", "--tb", "-p", "-r", "-n", "--numprocesses", "--dist", "--maxfail", "--durations",
      "--durations-min", "-W", "--pythonwarnings", "-o", "--override-ini", "--deselect", "--ignore-glob",
      "--import-mode", "--capture", "--color", "--doctest-glob", "--log-level", "--log-cli-level", "--log-format",
      "--timeout", "--reruns", "--show-capture", "--junit-prefix", "--cov-fail-under", "--randomly-seed",
      "--benchmark-sort", "--asyncio-mode", "--rootdir-relative"),
    ...each(read, "-c", "--config-file", "--rootdir", "--confcutdir", "--ignore", "--cov-config"),
    ...each(write, "--basetemp", "--junitxml", "--junit-xml", "--html", "--log-file", "--result-log",
      "--json-report-file"), "--cov": { value: "none", optional: true }, "--cov-report": none,
    "--debug": { value: "write", optional: true } }, operands: { all: { default: "read", modes: { modules: "none" } } },
  changes: projectCode,
  custom: (ctx) => {
    // -o KEY=VALUE overrides an ini key (pytest 8 "Configuration"): addopts holds more options,
    // which pytest parses as if given here; PYTEST_PATH_KEYS hold paths (pythonpath puts code on
    // sys.path); any other value is judged when it is written as a path.
    for (const v of optionValues(ctx, "-o", "--override-ini")) {
      const m = v.text === null ? null : /^([\w.-]+)=(.*)$/s.exec(v.text);
      if (v.text === null) ctx.role(v, "generic");
      else if (!m) continue;
      else if (m[1] === "addopts") {
        // pytest splits the value with shlex; quotes, escapes and expansions are not modelled.
        if (/["'\\$`]/.test(m[2]!)) {
          issue(ctx, "UNRESOLVED_WORD", `pytest ${v.source}: options the guard cannot split`, v.span);
        } else {
          const words = m[2]!.split(/\s+/).filter(Boolean);
          if (words.length) {
            ctx.emit({ t: "run", argv: [syntheticArg(ctx.name, v.span), ...words.map((w) => withValue(v, w, ""))],
              inProcess: false, bypassFunctions: true, label: `${ctx.name} -o addopts`, named: true });
          }
        }
      } else if (PYTEST_PATH_KEYS.has(m[1]!)) {
        for (const p of m[2]!.split(/\s+/).filter(Boolean)) roleAs(ctx, v, p, "generic");
      } else if (/\/|^~|^\.\.?$/.test(m[2]!)) roleAs(ctx, v, m[2]!, "generic");
    }
    // Node ids name a file: tests/test_a.py::TestX::test_y.
    for (const a of ctx.operands) {
      if (a.text !== null && a.text.includes("::")) roleAs(ctx, a, a.text.slice(0, a.text.indexOf("::")), "read");
    }
    for (const it of optionItems(ctx, "--cov")) if (it.value) ctx.role(it.value, "read", it.base);
    // --cov-report TYPE:PATH writes PATH.
    for (const v of optionValues(ctx, "--cov-report")) {
      const m = v.text === null ? null : /^[a-z-]+:(.+)$/.exec(v.text);
      if (v.text === null) ctx.role(v, "generic");
      else if (m) roleAs(ctx, v, m[1]!, "write");
    }
  } };

const JEST: TableSpec = {
  names: ["jest", "vitest", "ava", "karma", "playwright", "cypress"],
  abbreviations: false,
  flags: "uioewh",
  long: ["--watch", "--watchAll", "--ci", "--coverage", "--runInBand", "--silent", "--verbose", "--json", "--listTests",
    "--detectOpenHandles", "--forceExit", "--passWithNoTests", "--onlyChanged", "--updateSnapshot", "--update", "--run",
    "--ui", "--open", "--globals", "--dom", "--clearCache", "--no-cache", "--noStackTrace", "--errorOnDeprecated",
    "--lastCommit", "--debug", "--showConfig", "--version", "--help", "--headed", "--headless", "--recursive", "--exit",
    "--parallel", "--allowOnly", "--no-watch", "--typecheck", "--no-file-parallelism"],
  options: {
    ...each(read, "-c", "--config", "--rootDir", "--root", "-r", "--dir", "--setupFiles", "--require", "--spec",
      "--project-dir"),
    ...each(write, "--outputFile", "--coverageDirectory", "--output", "--screenshots-folder"),
    "--findRelatedTests": { modes: ["files"] },
    "--related": { modes: ["files"] },
    ...each(none, "--testPathPattern", "--testPathPatterns", "-t", "--testNamePattern", "--maxWorkers", "--bail",
      "--changedSince", "--selectProjects", "--shard", "--testTimeout", "--env", "--environment", "--reporter",
      "--reporters", "--pool", "--project", "--retry", "--grep", "-g", "--timeout", "--browser", "--workers",
      "--repeat-each", "--trace", "--seed", "--sequence.shuffle", "--testMatch", "--testRegex"),
    // (A reporter, environment or project given by path is a module the runner loads: judged below.)
  },
  // Test name filters, not paths (except with --findRelatedTests).
  operands: { all: { default: "none", modes: { files: "read" } } },
  changes: projectCode,
  custom: (ctx) => {
    // --reporter=./r.js, --environment=../env.js, cypress --project DIR: code the runner loads
    // when it is named by path (a bare name is a package).
    for (const v of optionValues(ctx, "--reporter", "--reporters", "--env", "--environment", "--project",
      "--browser"))
    {
      if (v.text === null) ctx.role(v, "generic");
      else for (const piece of v.text.split(",")) if (/\/|^~|^\.\.?$/.test(piece)) roleAs(ctx, v, piece, "read");
    }
    // jest --config '{"rootDir":"../x"}': JSON config whose keys (rootDir, roots, setupFiles,
    // transform, …) name paths and modules (jest CLI docs).
    for (const v of optionValues(ctx, "-c", "--config")) {
      if (v.text !== null && /^\s*[{[]/.test(v.text)) {
        issue(ctx, "UNRESOLVED_WORD", `${ctx.name} --config is inline JSON whose paths the guard does not read`,
          v.span);
      }
    }
    // karma start CONFIG: the config file is code karma runs.
    if (ctx.name === "karma") { for (const a of ctx.operands.slice(1)) ctx.role(a, "read"); }
    // vitest related FILE…
    if (ctx.operands[0]?.text === "related") { for (const a of ctx.operands.slice(1)) ctx.role(a, "read"); }
    // playwright install-deps, and install --with-deps, run the system's package manager (apt-get
    // through sudo) for the browsers' libraries; `install` alone fills its own browser cache.
    const verb = ctx.operands[0]?.text;
    if (ctx.name === "playwright" &&
      (verb === "install-deps" || (verb === "install" && ctx.items.some((i) => i.word.text === "--with-deps"))))
    {
      issue(ctx, "OUTSIDE_EFFECT", `playwright ${verb} installs system packages for the browsers, outside the project`);
    }
  },
};

/**
 * mocha and jasmine load and run the spec files, directories and globs they are given (mocha
 * docs, "spec"; jasmine CLI docs): operands are read, unlike jest's filters.
 */
const MOCHA: TableSpec = {
  names: ["mocha", "_mocha"],
  abbreviations: false,
  flags: "bcCwSAh",
  long: ["--bail", "--color", "--colors", "--no-color", "--no-colors", "--watch", "--sort", "--recursive", "--exit",
    "--no-exit", "--parallel", "--forbid-only", "--forbid-pending", "--full-trace", "--inline-diffs", "--invert",
    "--list-interfaces", "--list-reporters", "--no-diff", "--diff", "--allow-uncaught", "--async-only", "--check-leaks",
    "--delay", "--dry-run", "--fail-zero", "--pass-on-failing-test-suite", "--no-timeouts", "--no-config",
    "--no-package", "--version", "--help", "-V"],
  options: { ...each(read, "--config", "--package", "--spec", "--file", "-r", "--require", "--watch-files"),
    ...each(none, "-g", "--grep", "-f", "--fgrep", "-R", "--reporter", "-O", "--reporter-option", "--reporter-options",
      "-u", "--ui", "-t", "--timeout", "-s", "--slow", "--retries", "-j", "--jobs", "--extension", "--ignore",
      "--exclude", "--watch-ignore") },
  operands: { all: "read" },
  changes: projectCode,
  // A reporter or interface named by path is a module mocha loads.
  custom: (ctx) => {
    for (const v of optionValues(ctx, "-R", "--reporter", "-u", "--ui")) {
      if (v.text === null || /\/|^\.|^~/.test(v.text)) ctx.role(v, "read");
    }
  },
};

const JASMINE: TableSpec = { names: ["jasmine"], abbreviations: false,
  long: ["--no-color", "--color", "--random", "--fail-fast", "--verbose", "--help", "-h", "--version", "-v"],
  options: {
    ...each({ value: "read", optional: true }, "--config", "--helper", "--require", "--reporter"),
    // jasmine takes values only as --name=VALUE.
    ...each(optionalNone, "--filter", "--seed", "--parallel", "--random"),
  }, operands: { all: "read" }, changes: projectCode,
  custom: (ctx) => {
    // jasmine init / examples: a verb, not a spec.
    if (ctx.operands[0]?.text === "init" || ctx.operands[0]?.text === "examples") ctx.role(ctx.operands[0], "none");
  } };

// Python's type checkers and linters: they read the files and modules they are given (and their
// config files), load plugins their config names (project code, as pytest's), and write only
// their caches and the reports their options name.
const exec: OptionSpec = { value: "exec" };

/**
 * mypy (1.0, strace): `.mypy_cache` in the working directory unless --cache-dir says where; the
 * report options write a file or a directory; --python-executable is run; --install-types runs
 * pip, installing stub packages into the Python environment it type-checks for.
 */
const MYPY: TableSpec = { names: ["mypy", "dmypy"], abbreviations: false, flags: "hVv",
  long: ["--strict", "--install-types", "--non-interactive", "--explicit-package-bases", "--namespace-packages",
    "--ignore-missing-imports", "--no-site-packages", "--no-silence-site-packages", "--pretty", "--show-error-codes",
    "--show-column-numbers", "--show-error-context", "--no-error-summary", "--warn-unused-ignores", "--warn-return-any",
    "--warn-redundant-casts", "--disallow-untyped-defs", "--check-untyped-defs", "--no-incremental", "--sqlite-cache",
    "--cache-fine-grained", "--skip-version-check", "--skip-cache-mtime-checks", "--follow-imports-for-stubs",
    "--no-implicit-reexport", "--strict-equality", "--allow-redefinition", "--warn-unreachable", "--no-color-output",
    "--version", "--help", "--verbose", "--scripts-are-modules", "--no-namespace-packages", "--local-partial-types"],
  options: { "--config-file": read, "--cache-dir": write, "--python-executable": exec, "--custom-typeshed-dir": read,
    "--shadow-file": read,
    ...each(write, "--junit-xml", "--html-report", "--txt-report", "--xml-report", "--linecount-report",
      "--linecoverage-report", "--lineprecision-report", "--any-exprs-report", "--cobertura-xml-report"),
    ...each(none, "-m", "--module", "-p", "--package", "-c", "--command", "--python-version", "--platform",
      "--always-true", "--always-false", "--exclude", "--follow-imports", "--enable-error-code", "--disable-error-code",
      "--package-root", "--custom-typing-module", "--enable-incomplete-feature", "--junit-format", "--soft-error-limit",
      "--force-uppercase-builtins", "--force-union-syntax") }, operands: { all: "read" }, changes: projectCode,
  custom: (ctx) => {
    if (!optionItems(ctx, "--cache-dir").length) ctx.role(syntheticArg(".mypy_cache", spanOf(ctx)), "write", ctx.start);
    if (optionItems(ctx, "--install-types").length) {
      issue(ctx, "OUTSIDE_EFFECT",
        `${ctx.name} --install-types installs stub packages with pip into the Python environment`);
    }
  } };

/** flake8 (5.0): its config files, --output-file; the plugins it loads are installed packages. */
const FLAKE8: TableSpec = { names: ["flake8"], abbreviations: false, flags: "qvh",
  long: ["--count", "--show-source", "--statistics", "--exit-zero", "--isolated", "--tee", "--benchmark",
    "--bug-report", "--quiet", "--verbose", "--version", "--help", "--disable-noqa"],
  options: { "--config": read, "--append-config": read, "--output-file": write,
    ...each(none, "--exclude", "--extend-exclude", "--filename", "--select", "--extend-select", "--ignore",
      "--extend-ignore", "--max-line-length", "--max-doc-length", "--max-complexity", "--format", "--per-file-ignores",
      "--stdin-display-name", "-j", "--jobs", "--color", "--indent-size", "--hang-closing", "--enable-extensions",
      "--builtins", "--require-plugins") }, operands: { all: "read" }, changes: projectCode };

/**
 * pylint (2.16): --rcfile is read, --output written, and --output-format's `FORMAT:FILE` writes
 * FILE; --load-plugins imports modules (project code); --init-hook runs the Python code it is given.
 */
const PYLINT: TableSpec = { names: ["pylint"], abbreviations: false, flags: "Eh",
  long: ["--errors-only", "--disable-all", "--exit-zero", "--verbose", "--version", "--help", "--long-help",
    "--list-msgs", "--list-msgs-enabled", "--list-groups", "--list-conf-levels", "--list-extensions",
    "--full-documentation", "--generate-rcfile", "--generate-toml-config"],
  options: { "--rcfile": read, "--output": write, "--source-roots": read,
    ...each(none, "-d", "--disable", "-e", "--enable", "-j", "--jobs", "--load-plugins", "--ignore",
      "--ignore-patterns", "--ignore-paths", "--py-version", "--fail-under", "--max-line-length", "--msg-template",
      "--extension-pkg-allow-list", "--ignored-modules", "--good-names", "--limit-inference-results", "--recursive",
      "--persistent", "--reports", "--score", "--fail-on", "--clear-cache-post-run", "--unsafe-load-any-extension"),
    "--output-format": none, "-f": none, "--init-hook": { value: "none", modes: ["code"] } }, operands: { all: "read" },
  changes: projectCode,
  custom: (ctx) => {
    for (const v of optionValues(ctx, "--output-format", "-f")) {
      // `json:report.json,text` (pylint 2.16 "--output-format"): each `FORMAT:FILE` writes FILE.
      if (v.text === null) ctx.role(v, "write");
      else {
        for (const piece of v.text.split(",")) {
          if (piece.includes(":")) roleAs(ctx, v, piece.slice(piece.indexOf(":") + 1), "write");
        }
      }
    }
    for (const it of optionItems(ctx, "--init-hook")) {
      issue(ctx, "INLINE_CODE", `${ctx.name} --init-hook runs Python code the guard cannot see into`,
        it.value?.span ?? it.word.span);
    }
  } };

export const LINTER_SPECS: readonly TableSpec[] = [SHELLCHECK, PRETTIER, ESLINT, BLACK, AUTOPEP8, YAPF, AUTOFLAKE,
  DOCFORMATTER, PYUPGRADE, ISORT, RUFF, PYTEST, JEST, MOCHA, JASMINE, MYPY, FLAKE8, PYLINT];
