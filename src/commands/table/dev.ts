// Developer tools: interpreters, package managers, build systems, compilers, containers.
// Interpreters reading a script file read it (the script is project code the guard does not
// follow); inline code (`python -c`, `node -e`) is INLINE_CODE. Package managers and build
// systems run the project's own scripts and recipes: they may change anything inside, so
// later paths through directories that do not exist yet are not trusted.

import type { Analyser, Call } from "../analyse.ts";
import { applySpec, fileUrlPath, type SpecContext, syntheticArg } from "../apply.ts";
import { type Arg, type Effect, withValue } from "../effects.ts";
import type { CommandSpec, OptionSpec, RoleSpec } from "../spec.ts";
import { assignmentOptions, chdir, writesUserConfig, type Custom, each, embeddedPaths, flag, generic, hooks, issue, localRole, locate, none, optionalNone, optionItems, optionValues, pathList, read, roleAs, runsProgram, spanOf, tomlValuePaths, write } from "./common.ts";
import { tarWords } from "./archives.ts";
import { expandSpec, type TableSpec } from "./expand.ts";
import { commandWords, SHELL_SYNTAX } from "../../shell/environment.ts";
import { analyseInline, type InlineLanguage } from "../inline/index.ts";

const projectCode = { fs: true, links: true } as const;
const info = { modes: ["info"] } as const;

/** Options that run code given on the command line (`-e CODE`): an INLINE_CODE issue each. */
function inlineCode(names: readonly string[]): Custom {
  return (ctx) => {
    for (const it of optionItems(ctx, ...names)) issue(ctx, "INLINE_CODE", `${ctx.name} ${it.name} runs inline code the guard cannot see into`, it.value?.span ?? it.word.span);
  };
}

/**
 * Inline code the guard can read (`python3 -c`, `node -e`): parsed with the language's grammar
 * and allowed when src/commands/inline/ proves it confined; each file it opens by a literal
 * name is judged as an access from the working directory, and each module it imports as the
 * file the interpreter may load from there. Anything else is INLINE_CODE, with the reason.
 * `interactive`: options after which the interpreter reads more code from its terminal.
 */
function analysedInlineCode(lang: InlineLanguage, names: readonly string[], interactive: readonly string[]): Custom {
  return (ctx) => {
    const repl = ctx.modes.has("repl") || optionItems(ctx, ...interactive).length > 0;
    for (const it of optionItems(ctx, ...names)) {
      const code = it.value;
      if (!code || code.text === null || repl) {
        issue(ctx, "INLINE_CODE", `${ctx.name} ${it.name} runs inline code the guard cannot see into${repl ? " (and then reads more from the terminal)" : ""}`, code?.span ?? it.word.span);
        continue;
      }
      const a = analyseInline(lang, code.text);
      if (!a.ok) {
        issue(ctx, "INLINE_CODE", `${ctx.name} ${it.name} runs inline code the guard cannot prove confined: ${a.why}`, code.span);
        continue;
      }
      for (const f of a.files) roleAs(ctx, code, f.path, f.kind);
      for (const m of a.imports) roleAs(ctx, code, m, "exec");
    }
  };
}

/**
 * An interpreter with no script, no inline code and nothing to print reads its program from
 * standard input (or starts a REPL): that program is not visible either.
 */
function programFromStdin(programModes: readonly string[]): Custom {
  return (ctx) => {
    if (programModes.some((m) => ctx.modes.has(m))) return;
    const first = ctx.operands[0];
    if (!first || first.text === "-") issue(ctx, "INLINE_CODE", `${ctx.name} runs a program from standard input, which the guard cannot see`);
  };
}

/**
 * `-r MOD`, `--import MOD`, `--loader MOD`: a module name, or code at a path. node takes ESM
 * specifiers as URLs (node 20 docs, "ESM specifiers"): `file:` is a file, resolved from `/`
 * when it is relative (`file:x.mjs` is /x.mjs, as WHATWG URL parsing has it); `data:` is the
 * module's code itself; `http:`/`https:` load code from the network.
 */
function modulePaths(names: readonly string[]): Custom {
  return (ctx) => {
    for (const v of optionValues(ctx, ...names)) {
      const t = v.text;
      if (t === null || /^(\.{1,2}\/|\/|~)/.test(t)) ctx.role(v, "exec");
      else if (/^file:/i.test(t)) roleAs(ctx, v, fileModulePath(t), "exec");
      else if (/^data:/i.test(t)) issue(ctx, "INLINE_CODE", `${ctx.name} loads a data: URL module, code the guard cannot see into`, v.span);
      else if (/^[a-z][a-z0-9+.-]*:/i.test(t) && !/^node:/i.test(t)) issue(ctx, "OPAQUE_CODE", `${ctx.name} loads a module from ${t}, which the guard does not read`, v.span);
    }
  };
}

/** The file a `file:` URL module names; one that does not parse stays unresolved as the empty path. */
function fileModulePath(text: string): string {
  try {
    const url = new URL(text);
    return decodeURIComponent(url.hostname === "" || url.hostname === "localhost" ? url.pathname : `//${url.hostname}${url.pathname}`);
  } catch {
    return fileUrlPath(text) ?? "/";
  }
}

// ---------------------------------------------------------------------------------------
// Interpreters

const NODE: TableSpec = {
  names: ["node", "nodejs"],
  style: "posix",
  abbreviations: false,
  long: ["--watch", "--no-warnings", "--enable-source-maps", "--experimental-strip-types", "--experimental-vm-modules", "--trace-warnings", "--expose-gc", "--preserve-symlinks", "--no-deprecation", "--throw-deprecation", "--trace-uncaught", "--abort-on-uncaught-exception", "--experimental-default-type", "--no-experimental-fetch", "--frozen-intrinsics", "--test-only", "--pending-deprecation"],
  options: {
    ...each({ value: "none", modes: ["eval"] }, "-e", "--eval", "-p", "--print"),
    ...each(none, "-r", "--require", "--import", "--loader", "--experimental-loader", "-C", "--conditions", "--input-type", "--title", "--test-reporter", "--test-name-pattern"),
    ...each(optionalNone, "--inspect", "--inspect-brk", "--inspect-port", "--inspect-wait", "--max-old-space-size", "--stack-size", "--stack-trace-limit", "--unhandled-rejections", "--dns-result-order", "--heapsnapshot-signal"),
    "--experimental-policy": read,
    ...each(write, "--diagnostic-dir", "--cpu-prof-dir", "--heap-prof-dir"),
    ...each(read, "--env-file", "--env-file-if-exists", "--watch-path"),
    "--test-reporter-destination": write, "--redirect-warnings": write,
    "-c": { modes: ["check"] }, "--check": { modes: ["check"] },
    "-i": { modes: ["repl"] }, "--interactive": { modes: ["repl"] },
    "--test": { modes: ["test"] },
    ...each(info, "-v", "--version", "-h", "--help", "--v8-options"),
    // node ≥ 22 --run NAME runs the package.json script NAME (no pre/post scripts) with the operands.
    "--run": { value: "none", modes: ["info"] },
  },
  operands: { first: "exec", unlessModes: ["eval", "info"], rest: "generic" },
  changes: projectCode,
  custom: hooks((ctx) => {
    const name = optionValues(ctx, "--run").at(-1);
    if (!name) return;
    if (name.text === null) issue(ctx, "OPAQUE_CODE", "node --run runs a package script whose name is not known", name.span);
    else ctx.emit({ t: "package-script", name: name.text, args: ctx.operands.filter((a) => a.text !== "--"), span: spanOf(ctx), label: `node --run ${name.text}`, ...(ctx.start !== undefined ? { base: ctx.start } : {}) });
  }, analysedInlineCode("javascript", ["-e", "--eval", "-p", "--print"], ["-i", "--interactive"]), modulePaths(["-r", "--require", "--import", "--loader", "--experimental-loader", "--test-reporter"]), programFromStdin(["eval", "info", "test"])),
};

/** TypeScript runners: node's way of running a file, plus their own inline-code options. */
const TS_RUNNERS: TableSpec = {
  names: ["ts-node", "ts-node-esm", "ts-node-script", "tsx", "esno", "esrun", "vite-node", "ts-node-dev", "tsnd"],
  style: "posix",
  abbreviations: false,
  long: ["--transpile-only", "--swc", "--esm", "--files", "--pretty", "--skip-project", "--watch", "--respawn", "--clear-screen", "--no-cache", "--cjs"],
  options: {
    ...each({ value: "none", modes: ["eval"] }, "-e", "--eval", "-p", "--print"),
    ...each(none, "-r", "--require", "--import", "--loader", "-O", "--compiler-options", "-C", "--compiler", "-I", "--ignore"),
    // (-C/--compiler is a module ts-node requires: judged below with the other module options.)
    ...each(read, "-P", "--project", "--dir", "--cwd", "--tsconfig", "--env-file"),
    "-i": { modes: ["repl"] }, "--interactive": { modes: ["repl"] },
    ...each(info, "-v", "--version", "-h", "--help"),
  },
  operands: { first: "exec", unlessModes: ["eval", "info"], rest: "generic" },
  changes: projectCode,
  custom: hooks(inlineCode(["-e", "--eval", "-p", "--print"]), modulePaths(["-r", "--require", "--import", "--loader", "-C", "--compiler"]), programFromStdin(["eval", "info"])),
};

const PYTHON_NAMES = ["python", "python2", "python3", "pypy", "pypy3", "python2.7", ...Array.from({ length: 16 }, (_, i) => `python3.${i}`)];

/** Modules `python -m` runs that are the tools of the same name in this table. */
const PYTHON_MODULE_COMMANDS = new Set(["pip", "pip3", "pytest", "uv", "pipx", "black", "isort"]);
const PYTHON: TableSpec = {
  names: PYTHON_NAMES,
  style: "posix",
  abbreviations: false,
  flags: "bBdEiIOPqsSuvx",
  options: {
    // -c and -m end python's own options: what follows is the program's argv.
    "-c": { value: "none", modes: ["eval"], ends: true },
    "-m": { value: "none", modes: ["module"], ends: true },
    "-W": none, "-X": none, "--check-hash-based-pycs": none,
    // (-X pycache_prefix=DIR names a directory: judged below.)
    ...each(info, "-V", "--version", "-h", "--help", "--help-env", "--help-xoptions", "--help-all"),
  },
  operands: { first: "exec", unlessModes: ["eval", "module", "info"], rest: "generic" },
  changes: projectCode,
  custom: hooks(analysedInlineCode("python", ["-c"], ["-i"]), programFromStdin(["eval", "module", "info"]), embeddedPaths(["-X"], "write"), (ctx) => {
    const mod = optionValues(ctx, "-m")[0];
    if (mod?.text && PYTHON_MODULE_COMMANDS.has(mod.text)) ctx.emit({ t: "run", argv: [withValue(mod, mod.text, ""), ...ctx.operands], inProcess: false, bypassFunctions: true, label: `${ctx.name} -m ${mod.text}` });
  }),
};

/**
 * `python -m pip …` is pip, judged by pip's entry (requirement files it reads, direct
 * references, options), and so for the other tools in PYTHON_MODULE_COMMANDS. Their words are
 * then not judged as unknown paths too: an unknown access counts as a write, and a requirement
 * file "written" earlier in the command cannot be read.
 */
const PYTHON_ANALYSER: Analyser = (() => {
  const expanded = expandSpec(PYTHON);
  return {
    names: PYTHON.names,
    analyse: (call) => {
      const effects = applySpec(call.name, expanded, call.args, call.world, call.span, undefined, call.disk).effects;
      const run = effects.find((e) => e.t === "run");
      if (!run || run.t !== "run") return effects;
      const tool = new Set(run.argv.slice(1));
      return effects.filter((e) => !((e.t === "generic" || e.t === "path") && tool.has(e.arg)));
    },
  };
})();

const RUBY: TableSpec = {
  names: ["ruby", "jruby", "truffleruby"],
  style: "posix",
  abbreviations: false,
  flags: "acdlnpsSvwyU",
  long: ["--jit", "--yjit", "--verbose", "--backtrace-limit", "--disable-gems", "--enable-frozen-string-literal"],
  options: {
    "-e": { value: "none", modes: ["eval"] },
    "-r": none, "-I": read, "-C": chdir,
    // -x[DIR] changes to DIR before running the script (ruby(1)), as -C does.
    "-x": { value: "chdir", optional: true },
    ...each(optionalNone, "-W", "-0", "-i", "-K", "-T", "--enable", "--disable", "--dump", "--encoding", "--external-encoding", "--internal-encoding"),
    "-F": none, "-E": none,
    ...each(info, "-h", "--help", "--version"),
  },
  operands: { first: "exec", unlessModes: ["eval", "info"], rest: "generic" },
  changes: projectCode,
  custom: hooks(inlineCode(["-e"]), modulePaths(["-r"]), programFromStdin(["eval", "info"]), inPlaceBackup(null)),
};

/**
 * `-i[EXT]` edits the files in place and keeps the original under a backup name: with a `/` in
 * EXT (or perl's `*`, replaced by the file's name as given: perlrun) the backup is written
 * elsewhere, `perl -i'../bak/*'`. ruby only appends EXT (ruby(1)).
 */
function inPlaceBackup(placeholder: "*" | null): Custom {
  return (ctx) => {
    const files = ctx.modes.has("eval") ? ctx.operands : ctx.operands.slice(1);
    for (const ext of optionValues(ctx, "-i")) {
      if (ext.text === null) {
        ctx.role(ext, "generic");
        continue;
      }
      const elsewhere = ext.text.includes("/") || (placeholder !== null && ext.text.includes(placeholder));
      if (!elsewhere) continue;
      for (const f of files) {
        if (f.text === null) ctx.role(f, "generic");
        else roleAs(ctx, f, placeholder !== null && ext.text.includes(placeholder) ? ext.text.split(placeholder).join(f.text) : f.text + ext.text, "write");
      }
    }
  };
}

const PERL: TableSpec = {
  names: ["perl", "perl5"],
  style: "posix",
  abbreviations: false,
  flags: "acnpsStTuUwWXl",
  options: {
    ...each({ value: "none", modes: ["eval"] }, "-e", "-E"),
    "-I": read,
    // -x[DIR] changes to DIR before running the script (perlrun).
    "-x": { value: "chdir", optional: true },
    ...each(optionalNone, "-M", "-m", "-0", "-i", "-d", "-D", "-C", "-F"),
    ...each(info, "-v", "-h", "--help", "--version"),
    "-V": { value: "none", optional: true, modes: ["info"] },
  },
  operands: { first: "exec", unlessModes: ["eval", "info"], rest: "generic" },
  changes: projectCode,
  custom: hooks(inlineCode(["-e", "-E"]), programFromStdin(["eval", "info"]), (ctx) => {
    // -MMod=a,b is `use Mod split(/,/, q{a,b})`; anything else in it is spliced in as code.
    for (const v of optionValues(ctx, "-M", "-m")) if (v.text === null || !/^-?[\w:]*(=[\w:.,/-]*)?$/.test(v.text)) issue(ctx, "INLINE_CODE", `perl -M${v.source} runs code`, v.span);
  }, inPlaceBackup("*")),
};

const PHP: TableSpec = {
  names: ["php", "php-cli", "php7", "php8"],
  style: "posix",
  abbreviations: false,
  flags: "nqsHweil",
  options: {
    ...each({ value: "none", modes: ["eval"] }, "-r", "-B", "-R", "-E"),
    "-F": { value: "exec", modes: ["eval"] },
    "-f": { value: "exec", modes: ["script"] },
    "-a": { modes: ["eval"] }, "--interactive": { modes: ["eval"] },
    "-d": none, "-c": read, "-t": read, "-S": { value: "none", modes: ["server"] }, "-z": read,
    ...each(none, "--rf", "--rc", "--re", "--rz", "--ri"),
    ...each(info, "-v", "--version", "-h", "--help", "-m", "--ini", "-i"),
  },
  operands: { first: "exec", unlessModes: ["eval", "script", "info", "server"], rest: "generic" },
  changes: projectCode,
  custom: hooks(inlineCode(["-r", "-B", "-R", "-E", "-a", "--interactive"]), programFromStdin(["eval", "script", "info", "server"]), assignmentOptions(["-d"]), (ctx) => {
    if (ctx.modes.has("server") && !optionItems(ctx, "-t").length) ctx.role(syntheticArg(".", ctx.items[0]?.word.span ?? { start: 0, end: 0 }), "read");
  }),
};

const LUA: TableSpec = {
  names: ["lua", "luajit", "lua5.1", "lua5.2", "lua5.3", "lua5.4"],
  style: "posix",
  abbreviations: false,
  flags: "EWO",
  options: {
    "-e": { value: "none", modes: ["eval"] }, "-i": { modes: ["eval"] },
    "-l": none, "-j": none, "-b": { modes: ["eval"] },
    ...each(info, "-v"),
  },
  operands: { first: "exec", unlessModes: ["eval", "info"], rest: "generic" },
  changes: projectCode,
  custom: hooks(inlineCode(["-e", "-i", "-b"]), programFromStdin(["eval", "info"])),
};

// ---------------------------------------------------------------------------------------
// JavaScript package managers and runtimes

/** A package spec is a path when it is written as one (`./lib`, `../x.tgz`, `file:../x`). */
const packageSpecs: Custom = (ctx) => {
  for (const a of ctx.operands) localPackage(ctx, a, "read");
};

/**
 * Judges a package spec that names a local package (its build, install scripts or bins run):
 * a path, `file:`/`link:`/`portal:` PATH, `name@file:PATH`, a file URL (`git+file:///repo`
 * included) or an archive. Returns whether it was one.
 */
function localPackage(ctx: SpecContext, a: Arg, kind: "read" | "exec"): boolean {
  const t = a.text;
  const local = t === null ? null : /^(?:[^@/]+@|@[^/]+\/[^@]+@)?(?:file|link|portal):(?!\/\/)(.*)$/.exec(t);
  if (t === null) ctx.role(a, kind);
  else if (local) roleAs(ctx, a, local[1]!, kind);
  else if (fileUrlPath(t) !== null) roleAs(ctx, a, fileUrlPath(t)!, kind);
  else if (/^(\.{1,2}(\/|$)|\/|~)/.test(t) || /\.(tgz|tar\.gz|tar|whl|zip)$/.test(t)) localRole(ctx, a, kind);
  else return false;
  return true;
}

/** `npx --package SPEC`, `yarn dlx -p SPEC`: a local package's bins run. */
function packageOptions(names: readonly string[]): Custom {
  return (ctx) => {
    for (const v of optionValues(ctx, ...names)) localPackage(ctx, v, "exec");
  };
}

/**
 * The command a package runner starts: `npx eslint@8 .` runs eslint; a scoped package is not a
 * known command. A command written as a path runs that file (`npm exec -- ./x`, `uv run
 * ../tool`); a local package spec (`npx ../pkg`, `npx file:../pkg`) runs that package's bin.
 */
function packageCommand(ctx: SpecContext, argv: readonly Arg[], at: Arg): Arg[] {
  const [first, ...rest] = argv;
  if (!first) return [];
  if (first.text === null || /^(\.{1,2}\/|\/|~)/.test(first.text)) return [first, ...rest];
  const name = localPackage(ctx, first, "exec") || first.text.startsWith("@") || first.text.includes("/") ? "package-binary" : first.text.replace(/@[^@]*$/, "");
  return [withValue(at, name, ""), ...rest];
}

/** Runs the operands as a command (`npm exec -- CMD`, `npx CMD`, `yarn dlx CMD`). */
function runsOperands(label: string, skip = 0, asPackage = true): Custom {
  return (ctx) => {
    const argv = ctx.operands.slice(skip);
    if (!argv.length) return;
    const command = asPackage ? packageCommand(ctx, argv, argv[0]!) : [...argv];
    const base = ctx.items.find((i) => i.t === "operand")?.base;
    ctx.emit({ t: "run", argv: command, inProcess: false, bypassFunctions: true, label, ...(base !== undefined ? { base } : {}) });
  };
}

/** `-c CMD` / `--call CMD`: shell code. */
function shellCodeOptions(names: readonly string[], label: string): Custom {
  return (ctx) => {
    for (const it of optionItems(ctx, ...names)) {
      if (it.value) ctx.emit({ t: "code", text: it.value.text, span: it.value.span, label, inProcess: false, ...(it.base !== undefined ? { base: it.base } : {}) });
    }
  };
}

const NPM_GLOBAL: Record<string, OptionSpec> = {
  "--prefix": chdir, "-C": chdir,
  ...each(none, "-w", "--workspace", "--location", "--registry", "--loglevel", "--tag", "--access", "--otp", "--before", "--omit", "--include", "--install-strategy", "--save-prefix", "--auth-type", "--scope", "--preid", "--depth", "--audit-level", "--cpu", "--os", "--libc"),
  "--userconfig": read, "--globalconfig": read, "--cache": write,
  ...each(flag, "-g", "--global", "--workspaces", "-ws", "--include-workspace-root", "-s", "--silent", "-q", "--quiet", "-d", "--verbose", "--json", "--parseable", "-p", "--long", "-l",
    "-y", "--yes", "--no-yes", "-f", "--force", "--dry-run", "--ignore-scripts", "--foreground-scripts", "-S", "--save", "-D", "--save-dev", "-O", "--save-optional", "-E",
    "--save-exact", "-B", "--save-bundle", "--save-peer", "--no-save", "--legacy-peer-deps", "--strict-peer-deps", "--production", "--no-audit", "--audit", "--no-fund",
    "--package-lock", "--no-package-lock", "--package-lock-only", "--install-links", "--prefer-offline", "--offline", "--prefer-online", "--no-progress", "--progress",
    "--color", "--no-color", "--all", "-a", "--if-present", "--no-optional", "--global-style", "--link", "--no-bin-links", "--no-shrinkwrap", "--workspaces-update"),
  "--script-shell": { value: "none", modes: ["program"] },
  "--node-options": { value: "none", modes: ["program"] },
};

/**
 * npm runs every lifecycle script through --script-shell (with NODE_OPTIONS from
 * --node-options), and it reads its options after the subcommand as well as before it.
 */
const npmPrograms = runsProgram(["--script-shell", "--node-options"]);
const npmSub = (extra: Partial<TableSpec> = {}): TableSpec => ({
  names: [], abbreviations: false, options: NPM_GLOBAL, operands: { all: "none" }, ...extra, custom: extra.custom ? hooks(npmPrograms, extra.custom) : npmPrograms,
});

const HOME_UNKNOWN = "the home directory is not known";

/**
 * A file in the home directory. A hook sees the world's $HOME only; when the world does not
 * set it, the word stays unknown with this reason and `homeAware` fills in the guard's home.
 */
function inHome(ctx: SpecContext, rel: string): Arg {
  const v = ctx.world.getVar("HOME");
  const at = syntheticArg(`~/${rel}`, spanOf(ctx));
  if (v === undefined) return withValue(at, null, HOME_UNKNOWN);
  return withValue(at, v.k === "str" && v.v.startsWith("/") ? `${v.v}/${rel}` : null, "$HOME is not known");
}

/** A table entry whose hooks name files in the home directory (`inHome`), which only the call knows. */
function homeAware(spec: TableSpec): Analyser {
  const expanded = expandSpec(spec);
  return {
    names: spec.names,
    analyse: (call) => applySpec(call.name, expanded, call.args, call.world, call.span, undefined, call.disk).effects.map((e) => {
      if (e.t !== "path" || e.arg.text !== null || e.arg.unknownWhy !== HOME_UNKNOWN || call.home === null) return e;
      return { ...e, arg: withValue(e.arg, `${call.home}/${e.arg.source.slice(2)}`, "") };
    }),
  };
}

/**
 * `npm config set|delete|edit|fix`, `npm set`, `npm login`: they write an npmrc, whose
 * settings (script-shell, node-options, git, editor…) choose what later npm commands run.
 * The user's file (--userconfig, or ~/.npmrc) unless --location or -g says otherwise.
 */
function npmConfigWrites(fixedVerb: string | null): Custom {
  return (ctx) => {
    const verb = fixedVerb ?? ctx.operands[0]?.text;
    if (verb === undefined || (verb !== null && !/^(set|delete|rm|del|edit|fix|login)$/.test(verb))) return;
    if (verb === "edit") issue(ctx, "OPAQUE_CODE", "npm config edit opens an editor on the config file");
    const global = optionItems(ctx, "-g", "--global").length > 0;
    const location = global ? "global" : (optionValues(ctx, "--location").at(-1)?.text ?? (optionItems(ctx, "--location").length ? null : "user"));
    if (location === "project") ctx.role(syntheticArg(".npmrc", spanOf(ctx)), "write", ctx.start);
    else if (location === "user") ctx.role(optionValues(ctx, "--userconfig").at(-1) ?? inHome(ctx, ".npmrc"), "write");
    else ctx.role(optionValues(ctx, "--globalconfig").at(-1) ?? withValue(syntheticArg("npmrc", spanOf(ctx)), null, "the global npmrc is not known"), "write");
  };
}
/** Subcommands of npm, pnpm, yarn and bun that install or remove packages. */
const INSTALLS = /^(install|i|in|ins|inst|isntall|ci|clean-install|ic|install-clean|install-test|it|install-ci-test|cit|add|a|update|up|upgrade|upgrade-interactive|remove|rm|r|un|uninstall|unlink|link|dedupe|ddp|prune|rebuild|rb|import|unplug)$/;

/**
 * Installing writes the package's node_modules, where links (workspace packages, `file:` and
 * `link:` dependencies, bins) may lead anywhere: later paths below it that are not there now
 * are not known (src/shell/zones.ts).
 */
const nodeInstall: Custom = (ctx) => {
  if (!INSTALLS.test(ctx.name.slice(ctx.name.lastIndexOf(" ") + 1))) return;
  const dir = ctx.disk.findUp("package.json", ctx.start ?? null);
  const modules = dir === null ? "node_modules" : dir === "/" ? "/node_modules" : `${dir}/node_modules`;
  ctx.emit({ t: "links", arg: syntheticArg(modules, spanOf(ctx)), tree: true, ...(dir === null && ctx.start !== undefined ? { base: ctx.start } : {}) });
};
const npmInstall = npmSub({ custom: hooks(packageSpecs, nodeInstall) });
/**
 * `npm install` and `npm ci` without packages run the project's own install and prepare
 * scripts (with their pre and post scripts); dependencies' scripts are the packages' code.
 */
const npmInstallProject = npmSub({ custom: hooks(packageSpecs, nodeInstall, projectEvents("npm install", ["install", "prepare"])) });

/**
 * Lifecycle events of the project's own package.json, run (with their pre and post scripts)
 * when no package is named and --ignore-scripts is not given: `npm install` (install,
 * prepare), `npm pack` (prepack, prepare, postpack), `npm publish` (prepublishOnly, prepack,
 * prepare, publish), `npm version X` (preversion, version, postversion), per npm 10's
 * "scripts" docs; pnpm, yarn and bun run the root project's the same way. `--dry-run` does
 * not stop them (npm pack --dry-run runs prepack).
 */
function projectEvents(label: string, events: readonly string[], skipOperands = 0): Custom {
  return (ctx) => {
    const named = ctx.operands.slice(skipOperands).filter((a) => a.text !== ".");
    if (named.length || optionItems(ctx, "--ignore-scripts").length) return;
    for (const name of events) ctx.emit({ t: "package-script", name, args: [], span: spanOf(ctx), label: `${label} ${name}`, event: true, ...(ctx.start !== undefined ? { base: ctx.start } : {}) });
  };
}
const PACK_EVENTS = ["prepack", "prepare", "postpack"];
const PUBLISH_EVENTS = ["prepublishOnly", ...PACK_EVENTS, "publish"];
const npmRun = npmSub({ operands: { all: "none" } });

/** Options that run a script in other packages of a workspace (npm -w/-ws, pnpm -r/--filter). */
function workspaceItems(ctx: SpecContext): readonly unknown[] {
  return ctx.items.filter((it) => it.t === "option" && /^(-w|--workspace|--workspaces|-ws|--include-workspace-root|-r|--recursive|--filter|-F|--filter-prod)$/.test(it.name));
}

/**
 * The same options before the subcommand (`npm -w pkg run build`, `pnpm -r build`): the
 * scripts of other packages run, which the guard does not read.
 */
function workspaceScripts(tool: string, subcommands: RegExp | null): Custom {
  return (ctx) => {
    const sub = ctx.operands[0];
    if (!sub || !workspaceItems(ctx).length) return;
    if (sub.text === null || subcommands === null || subcommands.test(sub.text)) issue(ctx, "OPAQUE_CODE", `${tool} ${sub.source} runs scripts in other workspace packages, which the guard does not read`, sub.span);
  };
}

/**
 * Running a package.json script: `npm run NAME [-- ARGS]`, or the lifecycle subcommands
 * (`npm test`, `npm start`) that run the script of their name.
 */
function packageScript(tool: string, lifecycle: string | null): Custom {
  return (ctx) => {
    const [first, ...rest] = ctx.operands;
    const name = lifecycle ?? first?.text ?? null;
    const args = lifecycle ? ctx.operands : rest;
    if (lifecycle === null && !first) return;
    if (name === null) {
      issue(ctx, "OPAQUE_CODE", `${tool} runs a package script whose name is not known`, first?.span);
      return;
    }
    if (workspaceItems(ctx).length) {
      issue(ctx, "OPAQUE_CODE", `${tool} ${name} runs the script in other workspace packages, which the guard does not read`);
      return;
    }
    // --prefix DIR / -C DIR: the package is there.
    const prefix = optionValues(ctx, "--prefix", "-C", "--dir", "--cwd").at(-1);
    if (prefix && prefix.text === null) {
      issue(ctx, "OPAQUE_CODE", `${tool} ${name} runs a script of a package whose directory is not known`, prefix.span);
      return;
    }
    const base = prefix?.text ? (prefix.text.startsWith("/") ? prefix.text : ctx.world.cwd === null ? null : `${ctx.world.cwd}/${prefix.text}`) : ctx.start;
    ctx.emit({ t: "package-script", name, args: args.filter((a) => a.text !== "--"), span: spanOf(ctx), label: `${tool} ${name}`, ...(base !== undefined ? { base } : {}) });
  };
}
const npmScript = (lifecycle: string | null) => npmSub({ operands: { all: "none" }, custom: packageScript("npm run", lifecycle) });
const npmExec = npmSub({
  style: "posix",
  options: { ...NPM_GLOBAL, "-c": none, "--call": none, "--package": none },
  custom: hooks(shellCodeOptions(["-c", "--call"], "npm exec -c"), packageOptions(["--package", "-p"]), runsOperands("npm exec")),
});

const NPM: TableSpec = {
  names: ["npm"],
  abbreviations: false,
  options: NPM_GLOBAL,
  operands: { all: "none" },
  subcommands: {
    ...Object.fromEntries(["install", "i", "in", "ins", "inst", "isntall", "ci", "clean-install", "ic", "install-clean"].map((n) => [n, npmInstallProject])),
    // install-test / install-ci-test: npm install (or ci), then npm test.
    ...Object.fromEntries(["install-test", "it", "install-ci-test", "cit"].map((n) => [n, npmSub({ custom: hooks(npmInstallProject.custom!, packageScript("npm run", "test")) })])),
    ...Object.fromEntries(["add", "update", "up", "upgrade", "uninstall", "remove", "rm", "r", "un", "unlink", "dedupe", "ddp", "prune", "rebuild", "rb", "audit", "outdated", "ls", "list", "ll", "la", "view", "info", "show", "v", "explain", "why", "fund", "query", "sbom"].map((n) => [n, npmInstall])),
    ...Object.fromEntries(["run", "run-script", "rum", "urn"].map((n) => [n, npmScript(null)])),
    ...Object.fromEntries(["test", "t", "tst"].map((n) => [n, npmScript("test")])),
    start: npmScript("start"), stop: npmScript("stop"), restart: npmScript("restart"),
    ...Object.fromEntries(["config", "c"].map((n) => [n, npmSub({ custom: npmConfigWrites(null) })])),
    set: npmSub({ custom: npmConfigWrites("set") }),
    ...Object.fromEntries(["login", "logout", "adduser", "add-user"].map((n) => [n, npmSub({ custom: npmConfigWrites("login") })])),
    // npm version X bumps the version and runs the version scripts; with no operand it prints.
    version: npmSub({ custom: (ctx) => { if (ctx.operands.length) projectEvents("npm version", ["version"], 1)(ctx); } }),
    // npm cache add SPEC fetches the package into the cache: a local tarball or directory is read.
    cache: npmSub({ custom: (ctx) => { if (ctx.operands[0]?.text !== "add" && ctx.operands[0]?.text !== null) return; for (const a of ctx.operands.slice(1)) localPackage(ctx, a, "read"); } }),
    ...Object.fromEntries(["init", "create", "innit", "pkg", "get", "whoami", "owner", "dist-tag", "deprecate", "unpublish", "access", "team", "org", "token", "profile", "ping", "root", "bin", "prefix", "help", "doctor", "search", "s", "find", "star", "stars", "unstar", "bugs", "docs", "home", "repo", "completion", "hook", "shrinkwrap", "diff", "help-search", "find-dupes", "set-script"].map((n) => [n, npmRun])),
    exec: npmExec, x: npmExec,
    link: npmSub({ custom: (ctx) => ctx.operands.forEach((a) => localRole(ctx, a, "read")) }), ln: npmSub({ custom: (ctx) => ctx.operands.forEach((a) => localRole(ctx, a, "read")) }),
    pack: npmSub({ options: { ...NPM_GLOBAL, "--pack-destination": write }, custom: hooks(packageSpecs, projectEvents("npm pack", PACK_EVENTS)) }),
    publish: npmSub({ custom: hooks(packageSpecs, projectEvents("npm publish", PUBLISH_EVENTS)) }),
    edit: npmSub({ custom: (ctx) => issue(ctx, "OPAQUE_CODE", "npm edit opens an editor on an installed package") }),
    explore: npmSub({ style: "posix", custom: (ctx) => issue(ctx, "OPAQUE_CODE", "npm explore runs a shell in an installed package") }),
  },
  unknownSubcommand: "none",
  changes: projectCode,
  custom: hooks(runsProgram(["--script-shell", "--node-options"]), workspaceScripts("npm", /^(run|run-script|rum|urn|test|t|tst|start|stop|restart|exec|x|install|i|ci)$/)),
};

const NPX: TableSpec = {
  names: ["npx"],
  style: "posix",
  abbreviations: false,
  options: { ...NPM_GLOBAL, "-c": none, "--call": none, "-p": none, "--package": none, "--no": flag, "--no-install": flag, "--ignore-existing": flag, "--shell": none },
  operands: { all: "none" },
  changes: projectCode,
  custom: hooks(shellCodeOptions(["-c", "--call"], "npx -c"), packageOptions(["--package", "-p"]), runsOperands("npx"), runsProgram(["--script-shell", "--node-options"])),
};

const PNPM_GLOBAL: Record<string, OptionSpec> = {
  "-C": chdir, "--dir": chdir,
  ...each(none, "--filter", "-F", "--reporter", "--loglevel", "--workspace-concurrency", "--resume-from", "--changed-files-ignore-pattern", "--test-pattern", "--filter-prod", "--network-concurrency", "--child-concurrency", "--registry", "--config"),
  ...each(write, "--global-dir", "--store-dir", "--virtual-store-dir", "--modules-dir", "--cache-dir", "--state-dir", "--lockfile-dir"),
  ...each(flag, "-w", "--workspace-root", "-r", "--recursive", "--stream", "-s", "--silent", "-g", "--global", "--prefer-offline", "--offline", "--frozen-lockfile", "--no-frozen-lockfile",
    "--shamefully-hoist", "--ignore-scripts", "--aggregate-output", "--parallel", "--if-present", "--no-bail", "--sort", "--reverse", "--report-summary", "--use-stderr", "--color",
    "--no-color", "-D", "--save-dev", "-P", "--save-prod", "-O", "--save-optional", "-E", "--save-exact", "--save-peer", "--prod", "--dev", "--no-optional", "--lockfile-only",
    "--fix-lockfile", "--force", "--strict-peer-dependencies", "--prefer-frozen-lockfile", "-i", "--interactive", "--latest", "-L", "--depth", "--json", "--long", "--parseable",
    "--workspace", "--dry-run", "--no-lockfile", "--ignore-workspace", "--include-workspace-root", "--shell-mode", "-c", "--shell-emulator"),
  "--location": none,
  // pnpm takes any setting as an option: these two choose what runs the scripts.
  "--script-shell": { value: "none", modes: ["program"] },
  "--node-options": { value: "none", modes: ["program"] },
};
const pnpmSub = (extra: Partial<TableSpec> = {}): TableSpec => ({
  names: [], abbreviations: false, options: PNPM_GLOBAL, operands: { all: "none" }, ...extra, custom: extra.custom ? hooks(npmPrograms, extra.custom) : npmPrograms,
});

/**
 * `pnpm config set|delete`: the global rc file by default (~/.config/pnpm/rc; ~/.npmrc before
 * pnpm 9), the project's .npmrc with --location project.
 */
const pnpmConfigWrites: Custom = (ctx) => {
  const verb = ctx.operands[0];
  if (!verb || (verb.text !== null && !/^(set|delete)$/.test(verb.text))) return;
  const location = optionValues(ctx, "--location").at(-1);
  if (location?.text === "project" && !optionItems(ctx, "-g", "--global").length) {
    ctx.role(syntheticArg(".npmrc", spanOf(ctx)), "write", ctx.start);
    return;
  }
  const xdg = ctx.world.getVar("XDG_CONFIG_HOME");
  ctx.role(xdg !== undefined && xdg.k === "str" && xdg.v.startsWith("/") ? withValue(syntheticArg("rc", spanOf(ctx)), `${xdg.v}/pnpm/rc`, "") : inHome(ctx, ".config/pnpm/rc"), "write");
  ctx.role(inHome(ctx, ".npmrc"), "write");
};
const pnpmExec = pnpmSub({ style: "posix", custom: runsOperands("pnpm exec", 0, false) });
const pnpmDlx = pnpmSub({ style: "posix", options: { ...PNPM_GLOBAL, "--package": none }, custom: hooks(packageOptions(["--package"]), runsOperands("pnpm dlx")) });

const PNPM: TableSpec = {
  names: ["pnpm"],
  abbreviations: false,
  options: PNPM_GLOBAL,
  operands: { all: "none" },
  // pnpm -r NAME and pnpm --filter PKG NAME run scripts anywhere in the workspace.
  custom: hooks(workspaceScripts("pnpm", null), npmPrograms),
  subcommands: {
    ...Object.fromEntries(["add", "remove", "rm", "uninstall", "un", "update", "up", "upgrade", "unlink", "import", "rebuild", "rb", "prune", "fetch", "audit", "list", "ls", "ll", "outdated", "why", "licenses"].map((n) => [n, pnpmSub({ custom: hooks(packageSpecs, nodeInstall) })])),
    ...Object.fromEntries(["install", "i"].map((n) => [n, pnpmSub({ custom: hooks(packageSpecs, nodeInstall, projectEvents("pnpm install", ["install", "prepare"])) })])),
    pack: pnpmSub({ custom: hooks(packageSpecs, projectEvents("pnpm pack", PACK_EVENTS)) }),
    publish: pnpmSub({ custom: hooks(packageSpecs, projectEvents("pnpm publish", PUBLISH_EVENTS)) }),
    ...Object.fromEntries(["run", "run-script"].map((n) => [n, pnpmSub({ custom: packageScript("pnpm run", null) })])),
    ...Object.fromEntries(["test", "t", "tst"].map((n) => [n, pnpmSub({ custom: packageScript("pnpm run", "test") })])),
    start: pnpmSub({ custom: packageScript("pnpm run", "start") }),
    ...Object.fromEntries(["config", "c"].map((n) => [n, pnpmSub({ custom: pnpmConfigWrites })])),
    ...Object.fromEntries(["create", "init", "store", "root", "bin", "env", "setup", "server", "doctor", "self-update", "approve-builds", "ignored-builds", "sbom", "patch", "patch-commit", "patch-remove", "cat-file", "cat-index", "find-hash"].map((n) => [n, pnpmSub()])),
    link: pnpmSub({ custom: (ctx) => ctx.operands.forEach((a) => localRole(ctx, a, "read")) }), ln: pnpmSub({ custom: (ctx) => ctx.operands.forEach((a) => localRole(ctx, a, "read")) }),
    exec: pnpmExec, dlx: pnpmDlx,
    deploy: pnpmSub({ operands: { all: "write" } }),
  },
  // `pnpm NAME` runs the project's script NAME.
  unknownSubcommand: "script",
  changes: projectCode,
};

const PNPX: TableSpec = { ...pnpmDlx, names: ["pnpx"], changes: projectCode };

const YARN_GLOBAL: Record<string, OptionSpec> = {
  "--cwd": chdir,
  ...each(write, "--modules-folder", "--cache-folder", "--global-folder", "--link-folder"),
  ...each(none, "--mutex", "--network-timeout", "--registry", "--network-concurrency", "--emoji"),
  // (--mutex file:PATH is a lock file: judged in packageSpecs' company, below.)
  "--use-yarnrc": read,
  ...each(flag, "--silent", "-s", "--verbose", "--offline", "--prefer-offline", "--frozen-lockfile", "--immutable", "--immutable-cache", "--check-cache", "--ignore-engines",
    "--ignore-scripts", "--production", "--prod", "--non-interactive", "-W", "--ignore-workspace-root-check", "-D", "--dev", "-P", "--peer", "-O", "--optional", "-E",
    "--exact", "-T", "--tilde", "--json", "--force", "--pure-lockfile", "--no-lockfile", "--flat", "--inline-builds", "-A", "--all", "-p", "--parallel", "-i", "--interlaced",
    "-t", "--topological", "--topological-dev", "-v", "--version", "-h", "--help", "--mode", "--refresh-lockfile", "--no-default-rc"),
};
/** --mutex file:PATH takes a lock at PATH. */
const yarnMutex: Custom = (ctx) => {
  for (const v of optionValues(ctx, "--mutex")) if (v.text === null || v.text.startsWith("file:")) roleAs(ctx, v, v.text === null ? "" : v.text.slice(5), "write");
};
const yarnSub = (extra: Partial<TableSpec> = {}): TableSpec => ({ names: [], abbreviations: false, options: YARN_GLOBAL, operands: { all: "none" }, ...extra, custom: extra.custom ? hooks(yarnMutex, extra.custom) : yarnMutex });

/**
 * `yarn config set|unset|delete`: yarn 1 writes ~/.yarnrc (whose script-shell runs every
 * script); later yarns write the project's .yarnrc.yml, or ~/.yarnrc.yml with -H. Which yarn
 * this is is not known, so both.
 */
const yarnConfigWrites: Custom = (ctx) => {
  const verb = ctx.operands[0];
  if (!verb || (verb.text !== null && !/^(set|unset|delete)$/.test(verb.text))) return;
  if (optionItems(ctx, "-H", "--home").length) {
    ctx.role(inHome(ctx, ".yarnrc.yml"), "write");
    return;
  }
  ctx.role(syntheticArg(".yarnrc.yml", spanOf(ctx)), "write", ctx.start);
  ctx.role(inHome(ctx, ".yarnrc"), "write");
};

const YARN: TableSpec = {
  names: ["yarn", "yarnpkg"],
  abbreviations: false,
  options: YARN_GLOBAL,
  operands: { all: "none" },
  subcommands: {
    config: yarnSub({ options: { ...YARN_GLOBAL, "-H": flag, "--home": flag, "-g": flag, "--global": flag }, custom: yarnConfigWrites }),
    install: yarnSub({ custom: hooks(packageSpecs, nodeInstall, projectEvents("yarn install", ["install", "prepare"])) }),
    publish: yarnSub({ custom: hooks(packageSpecs, projectEvents("yarn publish", PUBLISH_EVENTS)) }),
    // yarn 1 runs preversion/version/postversion; later yarns' version plugin does not, which is the smaller set.
    version: yarnSub({ custom: hooks(packageSpecs, projectEvents("yarn version", ["version"], Number.MAX_SAFE_INTEGER)) }),
    ...Object.fromEntries(["add", "remove", "upgrade", "up", "upgrade-interactive", "dedupe", "why", "info", "list", "outdated", "audit", "unlink", "cache", "set", "bin", "constraints", "plugin", "patch", "patch-commit", "npm", "rebuild", "search", "stage", "unplug", "explain", "licenses", "generate-lock-entry", "check", "autoclean", "import", "policies", "team", "owner", "tag", "login", "logout", "global", "init", "create"].map((n) => [n, yarnSub({ custom: hooks(packageSpecs, nodeInstall) })])),
    run: yarnSub({ custom: packageScript("yarn run", null) }),
    // yarn workspace PKG run NAME, yarn workspaces foreach …: another package's scripts.
    workspace: yarnSub({ custom: (ctx) => issue(ctx, "OPAQUE_CODE", "yarn workspace runs a command in another workspace package, which the guard does not read") }),
    workspaces: yarnSub({ custom: (ctx) => { if (ctx.operands[0]?.text !== "info" && ctx.operands[0]?.text !== "list") issue(ctx, "OPAQUE_CODE", "yarn workspaces runs commands in the workspace packages, which the guard does not read"); } }),
    test: yarnSub({ custom: packageScript("yarn run", "test") }),
    start: yarnSub({ custom: packageScript("yarn run", "start") }),
    link: yarnSub({ custom: (ctx) => ctx.operands.forEach((a) => localRole(ctx, a, "read")) }),
    pack: yarnSub({ options: { ...YARN_GLOBAL, "--filename": write, "-o": write, "--out": write }, custom: projectEvents("yarn pack", PACK_EVENTS) }),
    exec: yarnSub({ style: "posix", custom: runsOperands("yarn exec", 0, false) }),
    dlx: yarnSub({ style: "posix", options: { ...YARN_GLOBAL, "-p": none, "--package": none }, custom: hooks(packageOptions(["-p", "--package"]), runsOperands("yarn dlx")) }),
    node: yarnSub({ style: "posix", custom: (ctx) => ctx.emit({ t: "run", argv: [syntheticArg("node", ctx.items[0]?.word.span ?? { start: 0, end: 0 }), ...ctx.operands], inProcess: false, bypassFunctions: true, label: "yarn node" }) }),
  },
  // `yarn NAME` runs the project's script NAME; `yarn` alone installs.
  custom: hooks(yarnMutex, (ctx) => { if (!ctx.operands.length) projectEvents("yarn install", ["install", "prepare"])(ctx); }),
  unknownSubcommand: "script",
  changes: projectCode,
};

const BUN_GLOBAL: Record<string, OptionSpec> = {
  "--cwd": chdir,
  ...each({ value: "none", modes: ["eval"] }, "-e", "--eval", "-p", "--print"),
  ...each(read, "--env-file", "-c", "--config", "--tsconfig-override"),
  // A script bun runs before the entry point: a read of the project's code, judged where it is.
  ...each(read, "-r", "--preload"),
  ...each(none, "--filter", "-F", "--elide-lines", "-d", "--define", "-l", "--loader", "--port", "--main-fields", "--conditions", "--jsx-factory", "--jsx-fragment", "--jsx-import-source", "--jsx-runtime", "--extension-order", "--registry", "--backend", "--concurrent-scripts", "--network-concurrency", "--timeout", "--rerun-each", "-t", "--test-name-pattern", "--coverage-reporter", "--reporter", "--max-http-header-size", "--title"),
  ...each(flag, "--bun", "-b", "--silent", "--watch", "--hot", "--no-clear-screen", "--smol", "--install", "-i", "--no-install", "--if-present", "--prefer-offline", "--prefer-latest",
    "-y", "--yarn", "--production", "--frozen-lockfile", "--dry-run", "--force", "-f", "--no-save", "--save", "-g", "--global", "-D", "--dev", "-d", "--optional", "--peer", "--exact",
    "-E", "--verbose", "--no-progress", "--no-summary", "--ignore-scripts", "--trust", "--only", "--todo", "--coverage", "--bail", "--update-snapshots", "-u", "--revision", "--version",
    "-v", "--help", "-h", "--inspect", "--inspect-wait", "--inspect-brk", "--shell", "--no-env-file", "--no-deprecation", "--throw-deprecation", "--latest", "--minify", "--sourcemap",
    "--splitting", "--compile", "--bytecode", "--linker", "--lockfile-only"),
};
const bunSub = (extra: Partial<TableSpec> = {}): TableSpec => ({ names: [], abbreviations: false, options: BUN_GLOBAL, operands: { all: "none" }, ...extra });

/** A word that bun runs as a file rather than as a package.json script. */
function looksLikeScript(t: string | null): boolean {
  return t === null || t.includes("/") || /\.(m?[jt]sx?|cjs|cts|sh|json|toml)$/.test(t);
}

const BUN: TableSpec = {
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
    x: bunSub({ style: "posix", options: { ...BUN_GLOBAL, "-p": none, "--package": none }, custom: hooks(packageOptions(["-p", "--package"]), runsOperands("bun x")) }),
    exec: bunSub({ style: "posix", custom: (ctx) => {
      const [code] = ctx.operands;
      if (code) ctx.emit({ t: "code", text: code.text, span: code.span, label: "bun exec", inProcess: false });
    } }),
    build: bunSub({ options: { ...BUN_GLOBAL, "--outdir": write, "--outfile": write, "--root": read, "--target": none, "--format": none, "-e": none, "--external": none, "--entry-naming": none, "--chunk-naming": none, "--asset-naming": none, "--public-path": none, "--packages": none }, operands: { all: "read" } }),
    repl: bunSub({ custom: (ctx) => issue(ctx, "INLINE_CODE", "bun repl runs code the guard cannot see") }),
    init: bunSub({ operands: { all: "write" } }), create: bunSub({ operands: { all: "generic" } }),
    ...Object.fromEntries(["install", "i"].map((n) => [n, bunSub({ custom: hooks(packageSpecs, nodeInstall, projectEvents("bun install", ["install", "prepare"])) })])),
    publish: bunSub({ custom: hooks(packageSpecs, projectEvents("bun publish", PUBLISH_EVENTS)) }),
    ...Object.fromEntries(["add", "a", "remove", "rm", "update", "link", "unlink", "pm", "outdated", "audit", "info", "patch", "patch-commit", "why", "upgrade", "completions", "discord", "help"].map((n) => [n, bunSub({ custom: hooks(packageSpecs, nodeInstall) })])),
  },
  // `bun FILE` runs a file; `bun NAME` a package.json script.
  unknownSubcommand: "generic",
  changes: projectCode,
  custom: hooks(inlineCode(["-e", "--eval", "-p", "--print"]), (ctx) => {
    const first = ctx.operands[0];
    if (first && !(first.text !== null && BUN.subcommands && first.text in BUN.subcommands) && looksLikeScript(first.text)) ctx.role(first, "exec");
  }),
};

const BUNX: TableSpec = { names: ["bunx"], style: "posix", abbreviations: false, options: { ...BUN_GLOBAL, "-p": none, "--package": none }, operands: { all: "none" }, changes: projectCode, custom: hooks(packageOptions(["-p", "--package"]), runsOperands("bunx")) };

const DENO_OPTIONS: Record<string, OptionSpec> = {
  ...each(optionalNone, "--allow-read", "-R", "--allow-write", "-W", "--allow-net", "-N", "--allow-env", "-E", "--allow-run", "--allow-ffi", "--allow-sys", "-S", "--allow-import", "-I",
    "--deny-read", "--deny-write", "--deny-net", "--deny-env", "--deny-run", "--deny-ffi", "--deny-sys", "--deny-import", "--no-check", "--check", "--reload", "-r", "--v8-flags",
    "--inspect", "--inspect-brk", "--inspect-wait", "--node-modules-dir", "--unsafely-ignore-certificate-errors", "--strace-ops",
    "--vendor", "--allow-scripts", "--exclude", "--ignore"),
  // Files and directories: the env file and watched paths are read, the lockfile and coverage
  // directory written (each value is optional, so only `--opt=VALUE` names one).
  ...each({ value: "read", optional: true }, "--env", "--env-file", "--watch"),
  ...each({ value: "write", optional: true }, "--lock", "--coverage"),
  "--include": read,
  ...each(flag, "-A", "--allow-all", "--allow-hrtime", "-q", "--quiet", "--unstable", "--cached-only", "--no-remote", "--no-npm", "--no-config", "--frozen", "--no-prompt", "--no-lock",
    "--no-clear-screen", "--watch-hmr", "--parallel", "--doc", "--fail-fast", "--trace-leaks", "--json", "--frozen-lockfile", "--permit-no-files"),
  ...each(read, "-c", "--config", "--import-map", "--cert", "--preload", "--require"),
  ...each(none, "-L", "--log-level", "--location", "--seed", "--ext", "--filter", "--reporter", "--target", "--host", "--port", "--entrypoint", "--name"),
  "--icon": read, "--root": write,
  "-o": write, "--output": write,
};
const denoSub = (extra: Partial<TableSpec> = {}): TableSpec => ({ names: [], abbreviations: false, options: DENO_OPTIONS, operands: { all: "none" }, ...extra });
const denoScript: Custom = (ctx) => {
  const first = ctx.operands[0];
  if (first) localRole(ctx, first, "exec");
};
const denoRun = denoSub({ style: "posix", operands: { first: "none", rest: "generic" }, custom: denoScript });

const DENO: TableSpec = {
  names: ["deno"],
  abbreviations: false,
  options: DENO_OPTIONS,
  operands: { all: "none" },
  subcommands: {
    run: denoRun, serve: denoRun,
    eval: denoSub({ custom: (ctx) => issue(ctx, "INLINE_CODE", "deno eval runs inline code the guard cannot see into") }),
    repl: denoSub({ custom: (ctx) => issue(ctx, "INLINE_CODE", "deno repl runs code the guard cannot see") }),
    ...Object.fromEntries(["test", "bench", "check", "lint", "doc", "info", "cache", "coverage", "publish"].map((n) => [n, denoSub({ operands: { all: "read" } })])),
    fmt: denoSub({ options: { ...DENO_OPTIONS, "--check": { modes: ["check"] } }, operands: { all: { default: "write", modes: { check: "read" } } } }),
    compile: denoSub({ style: "posix", operands: { first: "none", rest: "generic" }, custom: denoScript }),
    install: denoSub({ options: { ...DENO_OPTIONS, "--root": write }, custom: (ctx) => ctx.operands.forEach((a) => localRole(ctx, a, "read")) }),
    init: denoSub({ operands: { all: "write" } }),
    ...Object.fromEntries(["task", "uninstall", "upgrade", "vendor", "jupyter", "lsp", "types", "completions", "add", "remove", "outdated", "clean", "help", "x"].map((n) => [n, denoSub()])),
  },
  // `deno FILE` runs the file.
  unknownSubcommand: "generic",
  changes: projectCode,
  custom: (ctx) => {
    const first = ctx.operands[0];
    if (first && !(first.text !== null && DENO.subcommands && first.text in DENO.subcommands)) localRole(ctx, first, "exec");
  },
};

// ---------------------------------------------------------------------------------------
// Python packaging

const PIP_GLOBAL: Record<string, OptionSpec> = {
  "--python": { value: "exec" },
  "--log": write, "--log-file": write, "--cache-dir": write, "--cert": read, "--client-cert": read,
  ...each(none, "--proxy", "--retries", "--timeout", "--exists-action", "--trusted-host", "--root-user-action", "--use-feature", "--use-deprecated", "--keyring-provider", "--resume-retries"),
  ...each(flag, "--isolated", "-v", "--verbose", "-q", "--quiet", "-V", "--version", "--no-input", "--no-cache-dir", "--disable-pip-version-check", "--no-color", "--no-python-version-warning", "--require-virtualenv", "--debug", "-h", "--help"),
};
const PIP_INSTALL: Record<string, OptionSpec> = {
  ...PIP_GLOBAL,
  ...each(read, "-r", "--requirement", "-c", "--constraint", "--build-constraint"),
  ...each({ value: "none", modes: ["editable"] }, "-e", "--editable"),
  ...each(none, "-f", "--find-links"),
  ...each(write, "-t", "--target", "--prefix", "--root", "--src", "--report", "-d", "--dest", "-w", "--wheel-dir"),
  ...each(none, "-i", "--index-url", "--extra-index-url", "--upgrade-strategy", "--no-binary", "--only-binary", "--platform", "--python-version", "--implementation", "--abi", "-C", "--config-settings", "--global-option", "--progress-bar", "--group"),
  ...each(flag, "-U", "--upgrade", "--force-reinstall", "-I", "--ignore-installed", "--ignore-requires-python", "--no-deps", "--pre", "--prefer-binary", "--user", "--no-build-isolation",
    "--use-pep517", "--no-use-pep517", "--check-build-dependencies", "--no-compile", "--compile", "--no-warn-script-location", "--no-warn-conflicts", "--break-system-packages",
    "--require-hashes", "--dry-run", "--no-clean", "--no-index", "-y", "--yes", "--all", "-a"),
};
/**
 * Package indexes and link pages may be local (pip 24 and uv docs: "a local directory laid out
 * in the same format", `file://…`): -i/--index-url/--extra-index-url/-f/--find-links, and uv's
 * --index/--default-index, whose value may be `NAME=URL`.
 */
const packageIndexes: Custom = (ctx) => {
  for (const v of optionValues(ctx, "-i", "--index-url", "--extra-index-url", "-f", "--find-links", "--default-index")) localRole(ctx, v, "read");
  for (const v of optionValues(ctx, "--index")) {
    const named = v.text === null ? null : /^[A-Za-z0-9_.-]+=(.+)$/.exec(v.text);
    const loc = named ? locate(named[1]!) : locate(v.text);
    if (loc.t === "unknown") ctx.role(v, "read");
    else if (loc.t === "local") roleAs(ctx, v, loc.path, "read");
  }
};
/** A requirement line that names only a package from an index: `name[extra]>=1,<2 ; marker`. */
const PLAIN_REQUIREMENT = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?\s*(?:\[[\w\s,.-]*\])?\s*\(?(?:\s*(?:===|[<>=!~]=?)\s*[\w.*+!-]+\s*,?)*\)?\s*(?:;[^@$]*)?$/;
/** Requirement-file options that name no file and run nothing (pip 24 "Requirements File Format"). */
const REQUIREMENT_FLAGS = /^(--no-index|--pre|--prefer-binary|--require-hashes|--only-binary|--no-binary|--trusted-host|--use-feature|--hash)(?=[\s=]|$)/;
const REQUIREMENT_OPTION = /^(-[a-zA-Z]|--[a-z-]+)(?:\s*=\s*|\s+|(?<=^-[a-zA-Z]))(\S.*)$/;

/**
 * Requirement and constraint files (`-r`, `-c`, uv's `--overrides`, `--with-requirements`) name
 * other files: nested `-r`/`-c` files, `-e PATH`, local paths, `name @ file:…` and indexes,
 * which pip follows (relative to the file for nested files, to the cwd for packages). A file
 * inside a root is read and each line judged; a line the guard cannot place, or a file it
 * cannot read, is UNRESOLVED_WORD. pyproject.toml and setup.py/cfg are the project's own
 * metadata, read as `pip install .` reads them.
 */
function requirementFiles(names: readonly string[], operands = false): Custom {
  return (ctx) => {
    const seen = new Set<string>();
    const visit = (file: Arg, base: string | null | undefined, depth: number): void => {
      const name = file.text;
      if (name !== null && /(^|\/)(pyproject\.toml|setup\.py|setup\.cfg)$/.test(name)) return;
      const text = name === null || base === null || depth > 4 || seen.has(name) ? null : ctx.disk.readText(name, base);
      if (name !== null) seen.add(name);
      if (text === null) {
        issue(ctx, "UNRESOLVED_WORD", `pip follows the files and packages named inside ${file.source}, which the guard cannot read here`, file.span);
        return;
      }
      const dir = name!.includes("/") ? name!.slice(0, name!.lastIndexOf("/") + 1) : "";
      const judge = (path: string, nested: boolean): void => {
        const at = withValue(file, path, "");
        if (nested) {
          const rel = path.startsWith("/") ? path : dir + path;
          const arg = withValue(file, rel, "");
          ctx.role(arg, "read", base);
          visit(arg, base, depth + 1);
          return;
        }
        const loc = locate(path);
        if (loc.t === "remote") return;
        ctx.role(withValue(at, loc.t === "local" ? loc.path : path, ""), "read", base);
        if (dir && loc.t === "local" && !loc.path.startsWith("/")) ctx.role(withValue(at, dir + loc.path, ""), "read", base);
      };
      const unresolved = (line: string) => issue(ctx, "UNRESOLVED_WORD", `${file.source} names ${JSON.stringify(line.slice(0, 80))}, which the guard does not follow`, file.span);
      for (const raw of text.replace(/\\\r?\n/g, " ").split(/\r?\n/)) {
        const line = raw.replace(/(^|\s)#.*$/, "").replace(/\s--hash[=\s]\S+/g, "").trim();
        if (!line || PLAIN_REQUIREMENT.test(line)) continue;
        // pip expands ${VAR} in requirement files.
        if (line.includes("$")) { unresolved(line); continue; }
        const opt = REQUIREMENT_OPTION.exec(line);
        if (line.startsWith("-")) {
          if (REQUIREMENT_FLAGS.test(line)) continue;
          const o = opt?.[1];
          const value = opt?.[2]?.trim();
          if (!value || /\s/.test(value)) unresolved(line);
          else if (o === "-r" || o === "--requirement" || o === "-c" || o === "--constraint") judge(value, true);
          else if (o && /^(-e|--editable|-i|--index-url|--extra-index-url|-f|--find-links)$/.test(o)) judge(value, false);
          else unresolved(line);
          continue;
        }
        // PEP 508 direct reference, `name @ URL`, or a path or archive to build.
        const direct = /^[A-Za-z0-9][\w.-]*\s*(?:\[[^\]]*\])?\s*@\s*(\S+)\s*(?:;.*)?$/.exec(line);
        if (direct) judge(direct[1]!, false);
        else if (/^(\.|\/|~|file:|[a-z][\w+.-]*:\/\/)/i.test(line) || /\.(whl|tar\.gz|tgz|zip|tar\.bz2)$/.test(line)) judge(line.split(/\s+/)[0]!, false);
        else unresolved(line);
      }
    };
    for (const it of optionItems(ctx, ...names)) if (it.value) visit(it.value, it.base, 0);
    if (operands) for (const it of ctx.items) if (it.t === "operand") visit(it.word, it.base, 0);
  };
}

/** PEP 508 direct references among package operands: `name @ file:///p`, `name@./dir`. */
const pythonSpecs: Custom = (ctx) => {
  packageSpecs(ctx);
  for (const a of ctx.operands) {
    const direct = a.text === null ? null : /^[A-Za-z0-9][\w.-]*\s*(?:\[[^\]]*\])?\s*@\s*(\S+?)\s*(?:;.*)?$/.exec(a.text);
    if (!direct) continue;
    const loc = locate(direct[1]!);
    if (loc.t === "unknown") ctx.role(a, "read");
    else if (loc.t === "local") roleAs(ctx, a, loc.path, "read");
  }
};

// pip's names and uv's (uv pip, add, run, tool: --requirements, --overrides, --with-requirements…).
const PIP_REQUIREMENT_OPTIONS = ["-r", "--requirement", "--requirements", "-c", "--constraint", "--constraints", "--build-constraint", "--build-constraints", "--overrides", "--with-requirements"];
/** pip ≥ 25.1 `--group [PATH:]GROUP` reads the dependency groups of PATH (default ./pyproject.toml). */
const pipGroups: Custom = (ctx) => {
  for (const v of optionValues(ctx, "--group")) {
    if (v.text === null) ctx.role(v, "read");
    else if (v.text.includes(":")) roleAs(ctx, v, v.text.slice(0, v.text.lastIndexOf(":")), "read");
  }
};

const pipInstall: TableSpec = {
  names: [], abbreviations: false, options: PIP_INSTALL, operands: { all: "none" },
  custom: hooks(pythonSpecs, packageIndexes, requirementFiles(PIP_REQUIREMENT_OPTIONS), pipGroups, (ctx) => {
    for (const v of optionValues(ctx, "-e", "--editable")) localRole(ctx, v, "read");
  }),
};
const pipOther: TableSpec = { names: [], abbreviations: false, options: { ...PIP_INSTALL, "--path": read, ...each(none, "--format", "--exclude") }, operands: { all: "none" }, custom: packageIndexes };
const PIP_SUBS: Record<string, TableSpec> = {
  install: pipInstall, download: pipInstall, wheel: pipInstall, uninstall: pipOther, freeze: pipOther, list: pipOther, show: pipOther, check: pipOther,
  // pip 24: config set/unset/edit write the user's pip.conf ($PIP_CONFIG_FILE, ~/.config/pip),
  // whose index-url and options every later pip run uses; cache purge/remove delete ~/.cache/pip.
  config: { ...pipOther, custom: (ctx) => {
    const verb = ctx.operands[0];
    if (verb && (verb.text === null || /^(set|unset|edit)$/.test(verb.text))) writesUserConfig(ctx, `${verb.source} writes the user's pip configuration`);
    if (verb?.text === "edit") issue(ctx, "OPAQUE_CODE", "pip config edit opens an editor on the config file");
  } },
  cache: { ...pipOther, custom: (ctx) => {
    const verb = ctx.operands[0];
    if (verb && (verb.text === null || /^(purge|remove)$/.test(verb.text))) writesUserConfig(ctx, `${verb.source} removes files from the user's pip cache`, ["--cache-dir"]);
  } }, index: pipOther, inspect: pipOther, debug: pipOther, completion: pipOther, search: pipOther, help: pipOther, lock: pipInstall,
  hash: { ...pipOther, operands: { all: "read" } },
  // uv pip: the same verbs, and compile/sync of requirement files.
  compile: { ...pipInstall, options: { ...PIP_INSTALL, "-o": write, "--output-file": write }, operands: { all: "read" }, custom: hooks(pipInstall.custom!, requirementFiles([], true)) },
  sync: { ...pipInstall, operands: { all: "read" }, custom: hooks(pipInstall.custom!, requirementFiles([], true)) },
  tree: pipOther,
};

const PIP: TableSpec = {
  names: ["pip", "pip2", "pip3", ...Array.from({ length: 16 }, (_, i) => `pip3.${i}`)],
  abbreviations: false, options: PIP_GLOBAL, operands: { all: "none" }, subcommands: PIP_SUBS, changes: projectCode,
};

/** uv run / uv tool run / uvx: a command, or a Python script. */
function runsPython(label: string): Custom {
  return (ctx) => {
    const [first, ...rest] = ctx.operands;
    if (!first) return;
    const at = ctx.items[0]?.word.span ?? first.span;
    const argv = first.text !== null && /\.py$/.test(first.text) ? [syntheticArg("python", at), first, ...rest] : packageCommand(ctx, ctx.operands, first);
    ctx.emit({ t: "run", argv, inProcess: false, bypassFunctions: true, label });
  };
}

const UV_GLOBAL: Record<string, OptionSpec> = {
  "--directory": chdir, "--project": read, "--cache-dir": write, "--config-file": read,
  // A Python given by path is a program uv runs; a package given by path is read and built.
  ...each({ value: "generic" }, "-p", "--python", "--from", "-w", "--with", "--with-editable"),
  ...each(none, "--color", "--allow-insecure-host", "--index", "--default-index", "--index-url", "--extra-index-url", "--index-strategy", "--keyring-provider", "--resolution", "--prerelease", "--exclude-newer", "--link-mode", "--group", "--extra", "--only-group", "--no-group", "--package", "--refresh-package", "--reinstall-package", "--upgrade-package", "-P", "-C", "--config-setting", "--python-platform", "--python-version"),
  ...each(read, "--with-requirements", "--env-file", "-r", "--requirements", "-c", "--constraints", "--overrides"),
  ...each(flag, "-n", "--no-cache", "--offline", "-q", "--quiet", "-v", "--verbose", "--native-tls", "--preview", "--no-config", "--no-progress", "--managed-python", "--no-managed-python", "--no-python-downloads",
    "--locked", "--frozen", "--no-sync", "--isolated", "--active", "--no-project", "--all-extras", "--no-dev", "--dev", "--only-dev", "--all-groups", "--no-default-groups", "--upgrade", "-U",
    "--reinstall", "--refresh", "--no-build-isolation", "--compile-bytecode", "--seed", "--script", "-s", "--gui-script", "--no-editable", "--inexact", "--exact", "--all-packages",
    "--dry-run", "--system", "--break-system-packages", "--no-deps", "--lib", "--app", "--bare", "--no-readme", "--no-workspace", "--vcs", "--editable", "--force", "--raw", "--frozen"),
};
const uvCommon = hooks(packageIndexes, requirementFiles(PIP_REQUIREMENT_OPTIONS));
const uvSub = (extra: Partial<TableSpec> = {}): TableSpec => ({ names: [], abbreviations: false, options: UV_GLOBAL, operands: { all: "none" }, ...extra, custom: extra.custom ? hooks(uvCommon, extra.custom) : uvCommon });
/**
 * Project commands whose `--script PATH` (uv 0.5+) works on a PEP 723 script instead of the
 * project: add/remove rewrite its inline metadata, lock writes PATH.lock beside it, the others
 * read it. (`uv run --script` is a flag: the operand is the script.)
 */
const uvScript = (role: "read" | "write", extra: Partial<TableSpec> = {}): TableSpec => uvSub({ ...extra, options: { ...UV_GLOBAL, ...extra.options, "--script": { value: role } } });
const uvRun = uvSub({ style: "posix", options: { ...UV_GLOBAL, "-m": { value: "none", modes: ["module"] }, "--module": { value: "none", modes: ["module"] } }, custom: runsPython("uv run") });

const UV: TableSpec = {
  names: ["uv"],
  abbreviations: false,
  options: UV_GLOBAL,
  operands: { all: "none" },
  subcommands: {
    run: uvRun,
    pip: { names: [], abbreviations: false, options: { ...UV_GLOBAL, ...PIP_GLOBAL }, operands: { all: "none" }, subcommands: Object.fromEntries(Object.entries(PIP_SUBS).map(([k, v]) => [k, { ...v, options: { ...UV_GLOBAL, ...v.options } }])) },
    tool: uvSub({ subcommands: { run: uvRun, install: uvSub({ custom: pythonSpecs }), uninstall: uvSub(), list: uvSub(), upgrade: uvSub(), dir: uvSub(), "update-shell": uvSub() } }),
    venv: uvSub({ operands: { all: "write", defaultOperand: ".venv" } }),
    init: uvSub({ operands: { all: "write" } }),
    export: uvScript("read", { options: { ...UV_GLOBAL, "-o": write, "--output-file": write } }),
    build: uvSub({ options: { ...UV_GLOBAL, "-o": write, "--out-dir": write }, operands: { all: "read" } }),
    publish: uvSub({ operands: { all: "read" } }),
    add: uvScript("write", { custom: pythonSpecs }),
    remove: uvScript("write"), lock: uvScript("write"), sync: uvScript("read"), tree: uvScript("read"),
    ...Object.fromEntries(["python", "cache", "self", "version", "help", "generate-shell-completion", "format"].map((n) => [n, uvSub()])),
  },
  changes: projectCode,
};

const UVX: TableSpec = { ...uvRun, names: ["uvx"], changes: projectCode, custom: hooks(uvCommon, runsPython("uvx")) };

const POETRY_GLOBAL: Record<string, OptionSpec> = {
  "-C": chdir, "--directory": chdir, "-P": chdir, "--project": chdir,
  ...each(flag, "-q", "--quiet", "-v", "-vv", "-vvv", "--verbose", "-n", "--no-interaction", "--no-ansi", "--ansi", "--no-plugins", "--no-cache", "-V", "--version", "-h", "--help",
    "--no-root", "--sync", "--dry-run", "--all-extras", "--only-root", "--compile", "--lock", "--no-update", "-D", "--dev", "--allow-prereleases", "--editable", "-e", "--optional", "--without-hashes", "--with-credentials", "--all-groups", "--build", "--src"),
  ...each(none, "--with", "--without", "--only", "-E", "--extras", "-G", "--group", "--source", "-f", "--format", "--name", "--readme", "--description", "--author", "--license", "--dependency", "--dev-dependency", "-r", "--repository", "-u", "--username", "-p", "--password"),
  ...each({ value: "generic" }, "--python", "--cert", "--client-cert"),
  "-o": write, "--output": write,
};
const poetrySub = (extra: Partial<TableSpec> = {}): TableSpec => ({ names: [], abbreviations: false, options: POETRY_GLOBAL, operands: { all: "none" }, ...extra });
const POETRY: TableSpec = {
  names: ["poetry"],
  abbreviations: false,
  options: POETRY_GLOBAL,
  operands: { all: "none" },
  subcommands: {
    run: poetrySub({ style: "posix", custom: runsPython("poetry run") }),
    add: poetrySub({ custom: pythonSpecs }),
    new: poetrySub({ operands: { all: "write" } }),
    // poetry config KEY VALUE / --unset KEY writes config.toml in poetry's config directory
    // (~/.config/pypoetry, $POETRY_CONFIG_DIR), or ./poetry.toml with --local (poetry 1.8 docs).
    config: poetrySub({ options: { ...POETRY_GLOBAL, "--unset": flag, "--local": flag, "--list": flag, "--migrate": flag }, custom: (ctx) => {
      if (ctx.operands.length < 2 && !optionItems(ctx, "--unset", "--migrate").length) return;
      if (optionItems(ctx, "--local").length) ctx.role(syntheticArg("poetry.toml", spanOf(ctx)), "write", ctx.start);
      else writesUserConfig(ctx, "writes poetry's user configuration");
    } }),
    shell: poetrySub({ custom: (ctx) => issue(ctx, "OPAQUE_CODE", "poetry shell starts a shell whose commands the guard cannot see") }),
    ...Object.fromEntries(["install", "remove", "update", "lock", "build", "publish", "show", "init", "env", "check", "version", "export", "search", "source", "cache", "self", "about", "list", "sync", "debug", "python", "help"].map((n) => [n, poetrySub()])),
  },
  changes: projectCode,
};

const PIPX: TableSpec = {
  names: ["pipx"],
  abbreviations: false,
  options: { ...each(flag, "-q", "--quiet", "-v", "--verbose", "--version", "-h", "--help", "--global"), ...each(none, "--pip-args", "--suffix", "--index-url"), ...each({ value: "generic" }, "--python", "--spec") },
  operands: { all: "none" },
  subcommands: {
    run: { names: [], style: "posix", abbreviations: false, options: { ...each(none, "--pip-args", "--index-url"), ...each({ value: "generic" }, "--spec", "--python"), ...each(flag, "--no-cache", "--path", "--pypackages", "-v", "--verbose", "-q", "--quiet") }, operands: { all: "none" }, custom: hooks(packageIndexes, runsPython("pipx run")) },
    install: { names: [], abbreviations: false, options: { ...each(none, "--pip-args", "--suffix", "--index-url", "--preinstall"), "--python": { value: "generic" }, ...each(flag, "--force", "-f", "--include-deps", "--system-site-packages", "-v", "-q", "--global") }, operands: { all: "none" }, custom: hooks(pythonSpecs, packageIndexes) },
    runpip: { names: [], style: "posix", operands: { first: "none", rest: "generic" } },
    ...Object.fromEntries(["inject", "uninstall", "upgrade", "upgrade-all", "uninstall-all", "reinstall", "reinstall-all", "list", "ensurepath", "environment", "completions", "interpreter", "pin", "unpin", "upgrade-shared"].map((n) => [n, { names: [], abbreviations: false, operands: { all: "none" } } satisfies TableSpec])),
  },
  changes: projectCode,
};

// ---------------------------------------------------------------------------------------
// Rust and Go

/** Config keys whose value names a program cargo runs (cargo book, "Configuration"). */
const CARGO_PROGRAM_KEYS = /(runner|wrapper|linker|rustc|rustdoc|credential-provider|global-credential-providers|browser|^alias\b|^env\b)/i;
/**
 * Config keys whose value is a path (cargo book, "Configuration": build.target-dir,
 * build.build-dir, build.dep-info-basedir, build.target (a target spec file), install.root,
 * paths, patch.*.path, source.*.directory/local-registry, http.cainfo, include, …).
 */
const CARGO_PATH_KEYS = /(dir|directory|root|path|paths|target|registry|cainfo|include|index|file)$/i;
/**
 * cargo --config KEY=VALUE (a TOML key and value, or an inline table that may hold more keys):
 * a key that names a program runs one the guard does not see; a value that names a path
 * (target-dir, install.root, patch paths, …) is judged. A value without `=` is a file.
 */
const cargoConfig: Custom = (ctx) => {
  for (const v of optionValues(ctx, "--config")) {
    if (v.text === null) ctx.role(v, "generic");
    else if (!v.text.includes("=")) ctx.role(v, "read");
    else {
      const key = v.text.slice(0, v.text.indexOf("=")).trim();
      const value = v.text.slice(v.text.indexOf("=") + 1);
      // Inline tables name their own keys: `target={x={runner="…"}}`.
      const keys = [key, ...[...value.matchAll(/([\w.-]+)\s*=/g)].map((m) => m[1]!)];
      if (keys.some((k) => CARGO_PROGRAM_KEYS.test(k))) {
        issue(ctx, "OPAQUE_CODE", `cargo --config ${v.source} makes cargo run a program the guard does not see`, v.span);
        continue;
      }
      tomlValuePaths(ctx, v, value, keys.some((k) => CARGO_PATH_KEYS.test(k)));
    }
  }
};

/** --manifest-path FILE: the manifest is read, and cargo works in its directory. */
const manifestDir: Custom = (ctx) => {
  for (const v of optionValues(ctx, "--manifest-path")) {
    if (v.text === null || !v.text.includes("/")) continue;
    roleAs(ctx, v, v.text.slice(0, v.text.lastIndexOf("/")) || "/", "chdir");
  }
};

const CARGO_COMMON: Record<string, OptionSpec> = {
  "--manifest-path": read, "--target-dir": write, "--artifact-dir": write, "--out-dir": write, "--lockfile-path": write, "--config": none,
  ...each(none, "-Z", "--color", "--message-format", "-j", "--jobs", "-p", "--package", "--exclude", "-F", "--features", "--profile", "--bin", "--example", "--test", "--bench", "--explain", "--registry", "--index", "--git", "--branch", "--tag", "--rev", "--rename", "--vers", "--version", "--name", "--vcs", "--edition", "--depth", "--prefix", "-e", "--edges", "-i", "--invert", "--format", "--charset", "--limit", "--crate-type", "--print", "--token", "--host"),
  ...each(optionalNone, "--timings", "--fix"),
  "--path": read, "--root": write, "--sync": read,
  // A target triple, or a target spec file given by path.
  "--target": { value: "generic" },
  ...each(flag, "--locked", "--frozen", "--offline", "-q", "--quiet", "-v", "-vv", "--verbose", "-h", "--help", "-V", "--list", "--workspace", "--all", "--lib", "--bins", "--examples", "--tests",
    "--benches", "--all-targets", "--all-features", "--no-default-features", "-r", "--release", "--ignore-rust-version", "--unit-graph", "--future-incompat-report", "--build-plan",
    "--no-run", "--no-fail-fast", "--doc", "--open", "--no-deps", "--document-private-items", "--allow-dirty", "--allow-staged", "--allow-no-vcs", "--broken-code", "--edition-idioms",
    "--keep-going", "--dev", "--build", "--optional", "--no-optional", "--dry-run", "-n", "--force", "-f", "--debug", "--no-track", "--all-targets", "--check", "--offline", "--no-verify",
    "--duplicates", "-d", "--no-dedupe", "--no-default-registry", "--respect-source-config", "--versioned-dirs", "--no-delete", "--aggressive", "--precise", "--recursive", "--breaking", "--message-format-json"),
};
const cargoSub = (extra: Partial<TableSpec> = {}): TableSpec => ({ names: [], abbreviations: false, options: CARGO_COMMON, operands: { all: "none" }, custom: hooks(cargoConfig, manifestDir), ...extra });
const cargoRun = cargoSub({ operands: { all: "generic" } });

const CARGO: TableSpec = {
  names: ["cargo"],
  abbreviations: false,
  options: { ...CARGO_COMMON, "-C": chdir },
  operands: { all: "none" },
  subcommands: {
    ...Object.fromEntries(["build", "b", "check", "c", "doc", "d", "clippy", "fix", "clean", "update", "tree", "metadata", "add", "remove", "rm", "install", "uninstall", "publish", "package", "search", "generate-lockfile", "fetch", "locate-project", "pkgid", "verify-project", "version", "yank", "owner", "report", "help", "info", "fmt", "rustdoc"].map((n) => [n, cargoSub()])),
    ...Object.fromEntries(["run", "r", "test", "t", "bench", "rustc", "miri", "nextest", "llvm-cov"].map((n) => [n, cargoRun])),
    // login/logout write the token to $CARGO_HOME/credentials.toml (~/.cargo: cargo book, "cargo login").
    ...Object.fromEntries(["login", "logout"].map((n) => [n, cargoSub({ custom: hooks(cargoConfig, manifestDir, (ctx) => writesUserConfig(ctx, "writes the registry token in ~/.cargo/credentials.toml")) })])),
    new: cargoSub({ operands: { all: "write" } }),
    init: cargoSub({ operands: { all: "write", defaultOperand: "." } }),
    vendor: cargoSub({ operands: { all: "write", defaultOperand: "vendor" } }),
  },
  changes: projectCode,
  custom: hooks(cargoConfig, manifestDir),
};

const RUSTC: TableSpec = {
  names: ["rustc"],
  abbreviations: false,
  options: {
    "-o": write, "--out-dir": write, "--sysroot": read,
    "-L": { value: "none" },
    "-C": { value: "none" }, "--codegen": { value: "none" },
    ...each(none, "-l", "--crate-type", "--crate-name", "--edition", "--cfg", "--check-cfg", "-W", "--warn", "-A", "--allow", "-D", "--deny", "-F", "--forbid", "--cap-lints", "--explain", "--error-format", "--json", "--color", "--remap-path-prefix", "--diagnostic-width", "-Z", "--force-warn"),
    "--emit": generic, "--extern": generic, "--target": generic,
    // --print KIND[=PATH] (rustc 1.79+) writes the information to PATH.
    "--print": none,
    ...each(flag, "-g", "-O", "--test", "-V", "--version", "-v", "--verbose", "-h", "--help"),
  },
  operands: { all: "read" },
  custom: (ctx) => {
    // -L [KIND=]DIR: a directory searched for libraries.
    for (const v of optionValues(ctx, "-L")) roleAs(ctx, v, v.text === null ? "" : v.text.replace(/^(dependency|crate|native|framework|all)=/, ""), "read");
    for (const v of optionValues(ctx, "-C", "--codegen")) if (v.text === null || /^(linker|link-arg|link-args|llvm-args|passes|profile-generate|profile-use|incremental|split-debuginfo)=/.test(v.text)) ctx.role(v, "generic");
    for (const v of optionValues(ctx, "-C", "--codegen")) if (v.text !== null && /^linker=/.test(v.text)) issue(ctx, "OPAQUE_CODE", `rustc ${v.source} runs a linker the guard does not see`, v.span);
    for (const a of ctx.operands) if (a.text?.startsWith("@")) issue(ctx, "UNRESOLVED_WORD", `rustc reads more options from ${a.source.slice(1)}`, a.span);
    for (const v of optionValues(ctx, "--print")) {
      if (v.text === null) ctx.role(v, "generic");
      else if (v.text.includes("=")) roleAs(ctx, v, v.text.slice(v.text.indexOf("=") + 1), "write");
    }
  },
};

const RUSTUP: TableSpec = {
  names: ["rustup"],
  style: "posix",
  abbreviations: false,
  options: { ...each(flag, "-v", "--verbose", "-q", "--quiet", "-h", "--help", "-V", "--version") },
  operands: { all: "none" },
  custom: (ctx) => {
    // rustup run TOOLCHAIN COMMAND…
    if (ctx.operands[0]?.text === "run" && ctx.operands.length > 2) ctx.emit({ t: "run", argv: ctx.operands.slice(2), inProcess: false, bypassFunctions: true, label: "rustup run" });
    else if (ctx.operands[0]?.text === "run" || ctx.operands.some((a) => a.text === null)) for (const a of ctx.operands.slice(1)) ctx.role(a, "generic");
  },
};

const GO_BUILD: Record<string, OptionSpec> = {
  "-C": chdir, "-o": write, "-modfile": write, "-overlay": read, "-pkgdir": write, "-pgo": generic,
  "-buildvcs": optionalNone,
  ...each(none, "-p", "-covermode", "-coverpkg", "-asmflags", "-buildmode", "-compiler", "-gccgoflags", "-gcflags", "-installsuffix", "-ldflags", "-mod", "-tags", "-run", "-bench", "-benchtime", "-count", "-cpu", "-parallel", "-timeout", "-shuffle", "-list", "-skip", "-fuzz", "-fuzztime", "-fuzzminimizetime", "-vet", "-memprofilerate", "-blockprofilerate", "-mutexprofilefraction", "-f", "-go", "-compat", "-require", "-droprequire", "-exclude", "-dropexclude", "-retract", "-dropretract", "-module", "-godebug", "-dropgodebug", "-toolchain", "-droptoolchain", "-use", "-dropuse"),
  ...each(write, "-coverprofile", "-cpuprofile", "-memprofile", "-blockprofile", "-mutexprofile", "-trace", "-outputdir"),
  ...each({ value: "none", modes: ["program"] }, "-toolexec", "-exec", "-vettool"),
  "-replace": none, "-dropreplace": none,
  ...each(flag, "-a", "-n", "-race", "-msan", "-asan", "-cover", "-v", "-work", "-x", "-linkshared", "-modcacherw", "-trimpath", "-json", "-short", "-failfast", "-benchmem", "-c", "-i", "-m", "-u", "-e", "-deps", "-test", "-export", "-find", "-compiled", "-fmt", "-print", "-r", "-cache", "-testcache", "-modcache", "-fuzzcache", "-w", "-d", "-s", "-l", "-t", "-insecure", "-fix", "-all"),
  "-args": { modes: ["args"], ends: true },
};
/** go mod edit -replace=OLD=NEW: NEW may be a directory. */
const goReplace: Custom = (ctx) => {
  for (const v of optionValues(ctx, "-replace")) {
    const eq = v.text === null ? -1 : v.text.indexOf("=");
    if (v.text === null) ctx.role(v, "generic");
    else if (eq >= 0) roleAs(ctx, v, v.text.slice(eq + 1), "generic");
  }
};
/** -ldflags/-gcflags/-asmflags values name tools and files (-extld=PROG, -o, -extldflags). */
const goFlags: Custom = (ctx) => {
  for (const v of optionValues(ctx, "-ldflags", "-gcflags", "-asmflags", "-gccgoflags")) {
    if (v.text === null) ctx.role(v, "generic");
    else if (/-(extld|linker)(=|\s)|-extar/.test(v.text)) issue(ctx, "OPAQUE_CODE", `go ${v.source} runs an external linker the guard does not see`, v.span);
    else for (const w of v.text.split(/\s+/)) if (/\//.test(w)) ctx.role(withValue(v, w, ""), "generic");
  }
};
/**
 * go test … -args WORDS: the words go to the test binary, whose -test.* flags (Go's testing
 * package, flag syntax) write profiles, logs and coverage data; flags the test itself defines
 * may name any path, so every `-name=VALUE` value is judged.
 */
const TEST_BINARY_FILES = /^-{1,2}test\.(coverprofile|cpuprofile|memprofile|blockprofile|mutexprofile|trace|outputdir|testlogfile|gocoverdir|fuzzcachedir)$/;
const goTestArgs: Custom = (ctx) => {
  const at = ctx.items.findIndex((it) => it.t === "option" && it.name === "-args");
  if (at < 0) return;
  const rest = ctx.items.slice(at + 1);
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i]!.word.text;
    if (t === null || !t.startsWith("-")) continue;
    const eq = t.indexOf("=");
    const name = eq > 0 ? t.slice(0, eq) : t;
    const next = rest[i + 1]?.word;
    if (eq > 0) roleAs(ctx, rest[i]!.word, t.slice(eq + 1), TEST_BINARY_FILES.test(name) ? "write" : "generic");
    else if (TEST_BINARY_FILES.test(name) && next) ctx.role(next, "write");
  }
};
const goSub = (operands: RoleSpec, extra: Partial<TableSpec> = {}): TableSpec => ({ names: [], goFlags: true, abbreviations: false, options: GO_BUILD, operands: { all: operands }, custom: hooks(runsProgram(["-toolexec", "-exec", "-vettool"]), goReplace, goFlags, goTestArgs), ...extra });

const GO: TableSpec = {
  names: ["go"],
  abbreviations: false,
  goFlags: true,
  options: { "-C": chdir },
  operands: { all: "none" },
  subcommands: {
    build: goSub("read"), install: goSub("read"), vet: goSub("read"), list: goSub("read"), test: goSub("read"),
    run: goSub("generic"), tool: goSub("generic"), generate: goSub("read"), fix: goSub("write"), fmt: goSub("write"),
    get: goSub("none"), doc: goSub("none"),
    // go env -w writes $GOENV in the user's configuration; go clean -cache/-modcache remove the
    // caches under the home directory: both change state outside the project.
    env: goSub("none", { custom: (ctx) => {
      if (ctx.items.some((it) => it.t === "option" && (it.name === "-w" || it.name === "-u"))) issue(ctx, "OPAQUE_CODE", "go env -w changes go's configuration for every later build");
    } }),
    clean: goSub("none", { custom: (ctx) => {
      for (const it of ctx.items) if (it.t === "option" && /^-(cache|modcache|testcache|fuzzcache)$/.test(it.name)) issue(ctx, "UNRESOLVED_PATH", `go clean ${it.name} removes a cache outside the project`, it.word.span);
    } }), bug: goSub("none"), version: goSub("read"), help: goSub("none"), telemetry: goSub("none"),
    mod: goSub("none", { custom: (ctx) => {
      goReplace(ctx);
      // go mod edit [FILE]: the go.mod file is rewritten; vendor -o DIR writes.
      if (ctx.operands[0]?.text === "edit") for (const a of ctx.operands.slice(1)) ctx.role(a, "write");
    } }),
    work: goSub("none", { custom: (ctx) => {
      if (ctx.operands[0]?.text === "init" || ctx.operands[0]?.text === "use") for (const a of ctx.operands.slice(1)) ctx.role(a, "read");
    } }),
  },
  changes: projectCode,
};

const GOFMT: TableSpec = {
  names: ["gofmt"],
  goFlags: true,
  abbreviations: false,
  options: { "-w": { modes: ["write"] }, ...each(flag, "-l", "-d", "-e", "-s"), "-r": none, "-cpuprofile": write },
  operands: { all: { default: "read", modes: { write: "write" } } },
};

// ---------------------------------------------------------------------------------------
// Build systems

const MAKE: TableSpec = {
  names: ["make", "gmake", "bmake", "remake"],
  flags: "bBeiknpqrRsStvwL",
  long: ["--always-make", "--environment-overrides", "--ignore-errors", "--keep-going", "--just-print", "--dry-run", "--recon", "--print-data-base", "--question", "--no-builtin-rules", "--no-builtin-variables", "--silent", "--quiet", "--no-silent", "--no-keep-going", "--stop", "--touch", "--trace", "--version", "--print-directory", "--no-print-directory", "--warn-undefined-variables", "--check-symlink-times", "--help"],
  options: {
    "-C": chdir, "--directory": chdir,
    ...each(read, "-f", "--file", "--makefile", "-I", "--include-dir"),
    ...each(none, "-o", "--old-file", "--assume-old", "-W", "--what-if", "--new-file", "--assume-new", "--jobserver-auth", "--jobserver-style"),
    // --shuffle[=MODE] (make 4.4): a separate word is a target, not the mode.
    ...each(optionalNone, "--shuffle", "-j", "--jobs", "-l", "--load-average", "--max-load", "-d", "--debug", "-O", "--output-sync"),
    "-E": { value: "none", modes: ["eval"] }, "--eval": { value: "none", modes: ["eval"] },
  },
  // A target names a file the built-in rules may make from another beside it (`make
  // ../x/evil` compiles ../x/evil.c into ../x/evil); VAR=value sets a variable whose value may
  // be a path (DESTDIR=/) or a command recipes run (CC=…, SHELL=…), so it is judged like a
  // command-line environment value.
  operands: { all: "none" },
  changes: projectCode,
  custom: (ctx) => {
    for (const a of ctx.operands) {
      if (a.text === null || !makeDefinition(ctx, a, a.text, false)) ctx.role(a, "unknown");
    }
    for (const it of optionItems(ctx, "-E", "--eval")) issue(ctx, "OPAQUE_CODE", "make --eval runs makefile code the guard does not read", it.word.span);
    // --jobserver-auth=fifo:PATH: make opens the named pipe to take and give back job tokens.
    for (const v of optionValues(ctx, "--jobserver-auth")) if (v.text === null || v.text.startsWith("fifo:")) roleAs(ctx, v, v.text === null ? "" : v.text.slice(5), "write");
    for (const v of optionValues(ctx, "-f", "--file", "--makefile")) {
      if (v.text === "-" || (v.text !== null && /^\/(dev\/(stdin|fd\/[0-9]+)|proc\/self\/fd\/[0-9]+)$/.test(v.text))) issue(ctx, "OPAQUE_CODE", "make reads its makefile from standard input, code the guard does not read", v.span);
    }
  },
};

/**
 * A variable make's command line defines: `NAME=V`, and the `:=`, `::=`, `:::=`, `+=`, `?=`
 * and `!=` forms. Any word holding `=` is one, whatever the name (`.SHELLFLAGS=…` too); other
 * words are targets.
 */
const MAKE_DEFINITION = /^([^=]*?)(:::=|::=|:=|\+=|\?=|!=|=)([\s\S]*)$/;
const MAKEFLAGS_NAMES = /^(MAKEFLAGS|MFLAGS|GNUMAKEFLAGS)$/;

/** Judges a command-line variable definition; false when the word is a target. */
function makeDefinition(ctx: SpecContext, a: Arg, text: string, inMakeflags: boolean): boolean {
  const m = MAKE_DEFINITION.exec(text);
  if (!m) return false;
  const name = m[1]!.trim();
  const op = m[2]!;
  const value = m[3]!;
  const what = `make ${(inMakeflags ? text : a.source).slice(0, 60)}`;
  // NAME != CMD runs CMD through the shell to get the value.
  if (op === "!=") {
    issue(ctx, "OPAQUE_CODE", `${what} runs its value as a shell command`, a.span);
    return true;
  }
  // make expands the name as well as the value: $(shell …) in either runs.
  if (SHELL_SYNTAX.test(name) || SHELL_SYNTAX.test(value)) {
    issue(ctx, "OPAQUE_CODE", `${what} sets a variable that recipes may run as shell code`, a.span);
    return true;
  }
  const words = commandWords(value);
  // A recipe runs as $(SHELL) $(.SHELLFLAGS) "recipe": a word there that is not an option is
  // the script the shell runs (or, after -c, the command). Options that change where the
  // shell reads code (-i and -l read rc files, -s standard input) are not plain either.
  if (name === ".SHELLFLAGS" && !plainShellOptions(words)) issue(ctx, "OPAQUE_CODE", `${what} gives the shell that runs each recipe more than plain options`, a.span);
  // MAKEFLAGS set on the command line is read again as options and definitions.
  if (MAKEFLAGS_NAMES.test(name) && !inMakeflags) {
    for (const word of words) {
      if (/^-(E|-eval)/.test(word)) issue(ctx, "OPAQUE_CODE", `${what} holds --eval, makefile code the guard does not read`, a.span);
      else if (!makeDefinition(ctx, a, word, true)) ctx.role(withValue(a, word, ""), "generic");
    }
    return true;
  }
  for (const word of words) ctx.role(withValue(a, word, ""), "generic");
  return true;
}

/** Shell options that change only how a recipe runs (`-ec`, `-eu -o pipefail -c`); -c takes the recipe. */
function plainShellOptions(words: readonly string[]): boolean {
  for (let i = 0; i < words.length; i++) {
    const m = /^[-+][abefhknptuvxBCEHPTc]*([oO]?)$/.exec(words[i]!);
    if (!m) {
      if (/^--(posix|norc|noprofile)$/.test(words[i]!)) continue;
      return false;
    }
    // -o NAME, -O NAME: a `set -o` or `shopt` option name.
    if (m[1] && !/^[a-z_]+$/.test(words[++i] ?? "")) return false;
  }
  return true;
}

const CMAKE: CommandSpec = {
  names: ["cmake"],
  style: "gnu",
  abbreviations: false,
  singleDashLong: true,
  options: {
    "-S": read, "-B": write, "--build": { value: "write", modes: ["build"] }, "--install": { value: "read", modes: ["build"] },
    "--prefix": write, "--install-prefix": write, "-C": read, "--toolchain": read,
    "-P": { value: "read", modes: ["script"] },
    "-D": none, "-U": none, "-G": none, "-T": none, "-A": none, "-W": optionalNone,
    ...each(none, "--config", "--component", "--target", "-t", "--preset", "--workflow", "--log-level", "--loglevel", "--trace-source", "--trace-format", "--profiling-format", "--default-directory-permissions", "--find-package", "--debug-find-pkg", "--debug-find-var"),
    ...each(optionalNone, "-j", "--parallel", "--list-presets", "--help", "--help-command", "--help-module", "--help-policy", "--help-variable", "--help-property", "--help-manual"),
    ...each(write, "--trace-redirect", "--profiling-output", "--graphviz"),
    "--system-information": { value: "write", optional: true }, "--open": read,
    ...each(flag, "--clean-first", "-v", "--verbose", "--strip", "--fresh", "--log-context", "--debug-trycompile", "--debug-output", "--trace", "--trace-expand", "--warn-uninitialized", "--warn-unused-vars", "--no-warn-unused-cli", "--check-system-vars", "--compile-no-warning-as-error", "--version", "-N", "-L", "-LA", "-LH", "-LAH", "-h", "--resolve-package-references"),
  },
  operands: { all: "read" },
  changes: projectCode,
  custom: (ctx) => {
    assignmentOptions(["-D"])(ctx);
    if (ctx.modes.has("script")) issue(ctx, "OPAQUE_CODE", "cmake -P runs a CMake script the guard does not read");
    // Configuring writes the build system into -B, or the working directory.
    if (!ctx.modes.has("build") && !ctx.modes.has("script") && !optionItems(ctx, "-B").length) ctx.role(syntheticArg(".", ctx.items[0]?.word.span ?? { start: 0, end: 0 }), "write");
  },
};

/** cmake -E TOOL ARGS: the portable file tools. */
function cmakeTool(call: Call, args: readonly Arg[]): Effect[] {
  const [tool, ...rest] = args;
  const name = tool?.text ?? null;
  const path = (arg: Arg, kind: "read" | "write" | "unknown"): Effect => ({ t: "path", arg, kind });
  const operands = rest.filter((a) => !(a.text !== null && /^-[frR]$/.test(a.text)));
  switch (name) {
    case "remove": case "rm": case "remove_directory": case "make_directory": case "touch": case "touch_nocreate": case "rename":
      return [...operands.map((a) => path(a, "write")), { t: "changes", fs: true, links: false }];
    case "copy": case "copy_if_different": case "copy_if_newer": case "copy_directory": case "copy_directory_if_different": case "copy_directory_if_newer": {
      const t = rest.findIndex((a) => a.text === "-t");
      if (t >= 0) return [...rest.filter((_, i) => i !== t && i !== t + 1).map((a) => path(a, "read")), ...(rest[t + 1] ? [path(rest[t + 1]!, "write")] : []), { t: "changes", fs: true, links: false }];
      return [...rest.map((a, i) => path(a, i === rest.length - 1 ? "write" : "read")), { t: "changes", fs: true, links: false }];
    }
    case "create_symlink": case "create_hardlink": {
      // The new name is a symlink (a hard link to one is too): later paths through it are not known.
      const name = rest[rest.length - 1];
      const links: Effect[] = name && rest.length > 1 ? [name.text === null || tool?.text === "create_symlink" ? { t: "links", arg: name } : { t: "links", arg: name, source: rest[0]! }] : [];
      return [...rest.map((a, i) => path(a, i === rest.length - 1 ? "write" : "unknown")), ...links, { t: "changes", fs: true, links: true }];
    }
    case "cat": case "md5sum": case "sha1sum": case "sha224sum": case "sha256sum": case "sha384sum": case "sha512sum": case "compare_files":
      return operands.filter((a) => !(a.text ?? "").startsWith("--")).map((a) => path(a, "read"));
    case "echo": case "echo_append": case "sleep": case "true": case "false": case "capabilities": case "environment":
      return [];
    case "chdir":
      return rest[0] ? [{ t: "path", arg: rest[0], kind: "cwd" }, { t: "run", argv: rest.slice(1), inProcess: false, bypassFunctions: true, label: "cmake -E chdir", ...(rest[0].text !== null ? { base: rest[0].text.startsWith("/") ? rest[0].text : call.world.cwd === null ? null : `${call.world.cwd}/${rest[0].text}` } : { base: null }) }] : [];
    case "time":
      return rest.length ? [{ t: "run", argv: rest, inProcess: false, bypassFunctions: true, label: "cmake -E time" }] : [];
    case "env": {
      let i = 0;
      while (i < rest.length && rest[i]!.text !== null && (rest[i]!.text!.startsWith("--") || /^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[i]!.text!))) i++;
      return rest.length > i ? [{ t: "run", argv: rest.slice(i), inProcess: false, bypassFunctions: true, label: "cmake -E env" }] : [];
    }
    case "tar":
      return tarWords(call, rest);
    default:
      return [{ t: "changes", fs: true, links: true }, ...rest.map((a): Effect => ({ t: "generic", arg: a, operand: true }))];
  }
}

function cmake(call: Call): Effect[] {
  const e = call.args.findIndex((a) => a.text === "-E");
  if (e >= 0) return cmakeTool(call, call.args.slice(e + 1));
  return applySpec("cmake", CMAKE, call.args, call.world, call.span).effects;
}

const NINJA: TableSpec = {
  names: ["ninja", "samu"],
  flags: "nvh",
  long: ["--verbose", "--quiet", "--version"],
  options: { "-C": chdir, "-f": read, ...each(none, "-j", "-k", "-l", "-d", "-w"), "-t": { value: "none", modes: ["tool"] } },
  operands: { all: "none" },
  changes: projectCode,
};

const CC_NAMES = ["gcc", "g++", "cc", "c++", "clang", "clang++", "c99", "c89", "tcc", "icc", "icx", "zig-cc", "emcc", "em++", ...["9", "10", "11", "12", "13", "14", "15"].flatMap((v) => [`gcc-${v}`, `g++-${v}`]), ...["14", "15", "16", "17", "18", "19", "20"].flatMap((v) => [`clang-${v}`, `clang++-${v}`])];

const CC: TableSpec = {
  names: CC_NAMES,
  singleDashLong: true,
  abbreviations: false,
  flags: "cSEvwsHPCM",
  long: ["-shared", "-static", "-static-libgcc", "-static-libstdc++", "-pthread", "-pedantic", "-pedantic-errors", "-ansi", "-pipe", "-rdynamic", "-nostdlib", "-nostdinc", "-nostdinc++", "-nodefaultlibs", "-nostartfiles", "-pie", "-no-pie", "-MM", "-MD", "-MMD", "-MP", "-MG", "-dumpversion", "-dumpmachine", "-dumpspecs", "-print-search-dirs", "-print-libgcc-file-name", "-print-multiarch", "--version", "-undef", "-traditional", "-trigraphs", "-save-temps", "-time", "-Qunused-arguments"],
  options: {
    "-o": write, "-MF": write, "-MJ": write,
    ...each(read, "-I", "-L", "-isystem", "-iquote", "-idirafter", "-isysroot", "-include", "-imacros", "--sysroot", "-specs", "-T", "-fplugin", "-iwithprefix", "-iwithprefixbefore", "-cxx-isystem"),
    ...each(none, "-l", "-D", "-U", "-x", "-MT", "-MQ", "-std", "-u", "-z", "-e", "--target", "-target", "-arch", "-iprefix", "-print-file-name", "-print-prog-name", "--param", "-Xarch_host", "-Xarch_device"),
    // -fprofile-generate=DIR, -fmodules-cache-path=DIR, -Wp,-MD,FILE, -Wa,-adhln=FILE: a path may
    // be anywhere in them, so they are judged as any word is.
    ...each(optionalNone, "-f", "-W", "-O", "-g", "-m", "-d", "--help"),
    ...each(generic, "-Xlinker", "-Xassembler", "-Xpreprocessor", "-Xclang"),
    ...each({ value: "none", modes: ["program"] }, "-B", "-wrapper", "--ld-path"),
    "-fuse-ld": none,
  },
  operands: { all: "read" },
  custom: hooks(runsProgram(["-B", "-wrapper", "--ld-path"]), embeddedPaths(["-f", "-W"]), (ctx) => {
    for (const a of ctx.operands) if (a.text?.startsWith("@")) issue(ctx, "UNRESOLVED_WORD", `${ctx.name} reads more options from ${a.source.slice(1)}`, a.span);
    // -fuse-ld=lld names a linker; a path is a program of its own.
    for (const v of optionValues(ctx, "-fuse-ld")) if (v.text === null || v.text.includes("/")) issue(ctx, "OPAQUE_CODE", `${ctx.name} -fuse-ld=${v.source} runs that linker`, v.span);
    // -Wl,a,b passes options to the linker, which may name files (-Wl,-Map,../x).
    for (const v of optionValues(ctx, "-W")) if (v.text !== null && v.text.startsWith("l,")) for (const p of v.text.slice(2).split(",")) if (p.includes("/")) roleAs(ctx, v, p, "unknown");
  }),
};

const LD: TableSpec = {
  names: ["ld", "ld.bfd", "ld.gold", "ld.lld", "lld", "mold"],
  singleDashLong: true,
  abbreviations: false,
  long: ["--as-needed", "--no-as-needed", "--gc-sections", "--no-undefined", "-shared", "-static", "-pie", "--whole-archive", "--no-whole-archive", "--start-group", "--end-group", "--version", "-s", "--strip-all", "--export-dynamic", "-E", "-r", "--relocatable"],
  options: {
    "-R": generic, "--just-symbols": read, "-o": write, "--output": write, "-Map": write, "--out-implib": write,
    ...each(read, "-L", "--library-path", "-T", "--script", "--version-script", "--dynamic-list", "-rpath-link", "--sysroot", "-plugin"),
    ...each(none, "-l", "--library", "-rpath", "-soname", "-h", "-e", "--entry", "-z", "-m", "-u", "--undefined", "--defsym", "--wrap", "--hash-style", "-O", "--dynamic-linker", "-dynamic-linker"),
    // --build-id[=STYLE] and the others `ld --help` lists with `[=…]`: a separate word is an input file.
    ...each(optionalNone, "--build-id", "--package-metadata", "--unique", "--demangle", "--sort-common", "--split-by-file", "--split-by-reloc", "--verbose", "--enable-auto-image-base"),
  },
  operands: { all: "read" },
};

const JAVA_PATHS = ["-cp", "-classpath", "--class-path", "-p", "--module-path", "-sourcepath", "--source-path", "-processorpath", "--processor-path", "--processor-module-path", "-bootclasspath", "-extdirs", "-endorseddirs", "--upgrade-module-path"];

const JAVAC: TableSpec = {
  names: ["javac"],
  singleDashLong: true,
  abbreviations: false,
  long: ["-nowarn", "-verbose", "-deprecation", "-Werror", "-parameters", "-proc:none", "-proc:only", "-proc:full", "--enable-preview", "-version", "--version", "-help", "--help", "-g"],
  options: {
    ...each(write, "-d", "-s", "-h", "--output-directory"),
    ...each(none, ...JAVA_PATHS),
    "--system": { value: "generic" },
    ...each(none, "-encoding", "-source", "--source", "-target", "--target", "--release", "-implicit", "--add-modules", "--limit-modules", "-m", "--module", "--add-exports", "--add-reads", "-J", "--default-module-for-created-files"),
    ...each(optionalNone, "-X", "-A", "-g:"),
    "--patch-module": generic, "--module-source-path": generic,
  },
  operands: { all: "read" },
  // -J passes an option to the JVM javac runs in: `-J-javaagent:agent.jar` loads code.
  custom: hooks(pathList(JAVA_PATHS, "read"), embeddedPaths(["-J"]), (ctx) => {
    for (const a of ctx.operands) if (a.text?.startsWith("@")) issue(ctx, "UNRESOLVED_WORD", `javac reads more options from ${a.source.slice(1)}`, a.span);
  }),
};

const JAVA: TableSpec = {
  names: ["java"],
  style: "posix",
  singleDashLong: true,
  abbreviations: false,
  long: ["-server", "-client", "-version", "--version", "-showversion", "--show-version", "-h", "-help", "--help", "-?", "--enable-preview", "-ea", "-da", "-esa", "-dsa", "-enableassertions", "-disableassertions", "--dry-run", "--validate-modules"],
  options: {
    ...each(none, ...JAVA_PATHS),
    "-jar": { value: "read", modes: ["jar"], ends: true },
    "-m": { value: "none", modes: ["jar"], ends: true }, "--module": { value: "none", modes: ["jar"], ends: true },
    ...each(none, "--add-modules", "--add-opens", "--add-exports", "--add-reads", "--limit-modules", "--source", "--enable-native-access", "--illegal-access"),
    "-D": { value: "none", optional: true },
    ...each(optionalNone, "-verbose", "-agentlib"),
    "-X": optionalNone,
  },
  // java MAINCLASS ARGS…, or java FILE.java ARGS… (source-file mode).
  operands: { first: "none", unlessModes: ["jar"], rest: "generic" },
  changes: projectCode,
  custom: hooks(pathList(JAVA_PATHS, "read"), assignmentOptions(["-D"]), (ctx) => {
    const first = ctx.operands[0];
    if (!ctx.modes.has("jar") && first && (first.text === null || first.text.endsWith(".java"))) ctx.role(first, "exec");
    for (const it of ctx.items) {
      const t = it.word.text;
      if (it.t !== "operand" && t !== null && /^-XX:(OnError|OnOutOfMemoryError)=/.test(t)) issue(ctx, "OPAQUE_CODE", `java ${t.slice(0, 40)} runs a shell command`, it.word.span);
    }
    // -Xloggc:FILE, -Xlog:gc:file=F, -XX:HeapDumpPath=F, -Xbootclasspath/a:JAR.
    embeddedPaths(["-X"])(ctx);
    // java @argfile: more options, read from the file.
    const argfile = ctx.operands[0];
    if (argfile?.text?.startsWith("@")) {
      roleAs(ctx, argfile, argfile.text.slice(1), "read");
      issue(ctx, "UNRESOLVED_WORD", `java reads more options from ${argfile.text.slice(1)}`, argfile.span);
    }
    // -javaagent:JAR, -agentpath:LIB, -splash:IMG: loaded from a file.
    for (const it of ctx.items) {
      const t = it.word.text;
      const m = t === null || it.t === "operand" ? null : /^-(javaagent|agentpath|splash):([^=]*)/.exec(t);
      if (m) roleAs(ctx, it.word, m[2]!, "read");
    }
  }),
};

const MVN: TableSpec = {
  names: ["mvn", "mvnw", "maven"],
  singleDashLong: true,
  abbreviations: false,
  flags: "oqXeBUNcCV",
  long: ["-am", "-amd", "-ff", "-fae", "-fn", "-llr", "-npu", "-cpu", "-up", "-ntp", "--no-transfer-progress", "--offline", "--quiet", "--debug", "--errors", "--batch-mode", "--update-snapshots", "--non-recursive", "--strict-checksums", "--lax-checksums", "--show-version", "--version", "--help", "-h", "-v", "--also-make", "--also-make-dependents", "--fail-fast", "--fail-at-end", "--fail-never"],
  options: {
    ...each(read, "-f", "--file", "-s", "--settings", "-gs", "--global-settings", "-t", "--toolchains", "-gt", "--global-toolchains"),
    "-l": write, "--log-file": write,
    "-D": none, "--define": none,
    ...each(none, "-P", "--activate-profiles", "-pl", "--projects", "-rf", "--resume-from", "-T", "--threads", "-b", "--builder", "--color", "-emp", "--encrypt-master-password", "-ep", "--encrypt-password"),
  },
  operands: { all: "none" },
  changes: projectCode,
  custom: assignmentOptions(["-D", "--define"]),
};

const GRADLE: TableSpec = {
  names: ["gradle", "gradlew"],
  abbreviations: false,
  flags: "qidwsSmtaVhv",
  long: ["--offline", "--daemon", "--no-daemon", "--stop", "--status", "--quiet", "--info", "--debug", "--warn", "--stacktrace", "--full-stacktrace", "--scan", "--no-scan", "--parallel", "--no-parallel", "--continue", "--dry-run", "--refresh-dependencies", "--build-cache", "--no-build-cache", "--configure-on-demand", "--rerun-tasks", "--profile", "--write-locks", "--configuration-cache", "--no-configuration-cache", "--continuous", "--foreground", "--version", "--help", "--no-rebuild", "--export-keys", "--rerun", "--no-watch-fs", "--watch-fs"],
  options: {
    "-p": chdir, "--project-dir": chdir,
    ...each(read, "-b", "--build-file", "-c", "--settings-file", "-I", "--init-script", "--include-build"),
    ...each(write, "-g", "--gradle-user-home", "--project-cache-dir"),
    ...each(none, "-D", "--system-prop", "-P", "--project-prop"),
    ...each(none, "-x", "--exclude-task", "--max-workers", "--console", "--warning-mode", "--update-locks", "--priority", "--dependency-verification", "-M", "--write-verification-metadata", "--task", "--tests"),
  },
  operands: { all: "none" },
  changes: projectCode,
  custom: assignmentOptions(["-D", "--system-prop", "-P", "--project-prop"]),
};

const TSC: TableSpec = {
  names: ["tsc", "vue-tsc"],
  abbreviations: false,
  long: ["--noEmit", "--watch", "-w", "--init", "--listFiles", "--showConfig", "--strict", "--declaration", "-d", "--sourceMap", "--incremental", "--composite", "--noEmitOnError", "--skipLibCheck", "--esModuleInterop", "--allowJs", "--checkJs", "--noImplicitAny", "--pretty", "--version", "-v", "--help", "-h", "--all", "--listEmittedFiles", "--extendedDiagnostics", "--diagnostics", "--force", "--verbose", "--clean", "--dry"],
  options: {
    ...each(read, "-p", "--project", "--rootDir", "--baseUrl"),
    ...each(write, "--outDir", "--outFile", "--out", "--declarationDir", "--tsBuildInfoFile", "--generateTrace", "--generateCpuProfile"),
    "-b": { modes: ["build"] }, "--build": { modes: ["build"] },
    ...each(none, "-t", "--target", "-m", "--module", "--lib", "--jsx", "--moduleResolution", "--types", "--locale", "--newLine", "--moduleDetection", "--jsxFactory", "--jsxImportSource", "--verbatimModuleSyntax"),
    "--typeRoots": generic, "--rootDirs": generic, "--paths": generic,
  },
  operands: { all: "read" },
};

// ---------------------------------------------------------------------------------------
// Containers

/** The host side of a bind mount, and whether it is read-only. */
function bindSource(text: string): { readonly path: string; readonly readOnly: boolean } | null {
  const parts = text.split(":");
  if (parts.length < 2) return null;
  const src = parts[0]!;
  // A name without a slash is a named volume, not a host path.
  if (!(src.startsWith("/") || src.startsWith(".") || src.startsWith("~"))) return null;
  const opts = parts.slice(2).join(":");
  return { path: src, readOnly: /(^|,)(ro|readonly)(,|$)/.test(opts) };
}

/** --mount type=bind,source=/x,target=/y[,readonly]: the source of a bind is a host path. */
function mountSource(text: string): { readonly path: string; readonly readOnly: boolean } | null {
  const fields = new Map<string, string>();
  for (const f of text.split(",")) {
    const eq = f.indexOf("=");
    fields.set((eq < 0 ? f : f.slice(0, eq)).toLowerCase(), eq < 0 ? "true" : f.slice(eq + 1));
  }
  const ro = ["readonly", "ro"].some((k) => fields.has(k) && !/^(false|0)$/.test(fields.get(k)!));
  const device = [...fields.entries()].find(([k, v]) => k === "volume-opt" && v.startsWith("device="));
  if (device) return { path: device[1].slice(7), readOnly: ro };
  const type = fields.get("type") ?? "volume";
  const src = fields.get("source") ?? fields.get("src");
  if (!src) return null;
  // A volume's or image's source is a name; every other type with a source mounts a host path
  // (bind, and podman's glob, which binds every match of a pattern: podman-run(1)).
  if (/^(volume|tmpfs|image|artifact|npipe)$/i.test(type) && !/^[./~]/.test(src)) return null;
  return { path: src, readOnly: ro };
}

/** Capabilities that reach past the container's files (capabilities(7); "shocker" for DAC_READ_SEARCH). */
const HOST_CAPS = /^(CAP_)?(ALL|SYS_ADMIN|SYS_MODULE|SYS_PTRACE|SYS_RAWIO|DAC_READ_SEARCH)$/i;
/** Devices that give nothing of the host away. */
const HARMLESS_DEVICES = /^\/dev\/(null|zero|full|random|urandom)(:|$)/;
/** A bind of the container runtime's socket lets the container start others with the host's `/` mounted. */
const RUNTIME_SOCKET = /(^|\/)(docker|podman|containerd)\.sock$/;

/**
 * Options that give the container the host (docker run reference, "Runtime privilege and Linux
 * capabilities"; podman-run(1)): --privileged, --pid=host, --cap-add of a capability that
 * escapes, a device, the runtime's socket. What runs inside can then reach any host file, so
 * the guard judges an access of `/` of unknown kind.
 */
function hostAccess(ctx: SpecContext, sockets: readonly string[]): void {
  const hands = optionItems(ctx, "--privileged").length > 0
    || optionValues(ctx, "--pid").some((v) => v.text === null || v.text === "host")
    || optionValues(ctx, "--cap-add").some((v) => v.text === null || v.text.split(",").some((c) => HOST_CAPS.test(c.trim())))
    || optionValues(ctx, "--device").some((v) => v.text === null || !HARMLESS_DEVICES.test(v.text))
    || sockets.some((p) => RUNTIME_SOCKET.test(p.replace(/\/+$/, "")));
  if (hands) ctx.role(syntheticArg("/", spanOf(ctx)), "unknown");
}
const hostOptions: Custom = (ctx) => hostAccess(ctx, []);

const containerMounts: Custom = (ctx) => {
  const sources: string[] = [];
  for (const v of optionValues(ctx, "-v", "--volume")) {
    if (v.text === null) ctx.role(v, "generic");
    else {
      const b = bindSource(v.text);
      if (b) roleAs(ctx, v, b.path, b.readOnly ? "read" : "write");
      if (b) sources.push(b.path);
    }
  }
  for (const v of optionValues(ctx, "--mount")) {
    if (v.text === null) ctx.role(v, "generic");
    else {
      const m = mountSource(v.text);
      if (m) roleAs(ctx, v, m.path, m.readOnly ? "read" : "write");
      if (m) sources.push(m.path);
    }
  }
  for (const v of optionValues(ctx, "--device", "--blkio-weight-device", "--device-read-bps", "--device-write-bps", "--device-read-iops", "--device-write-iops")) {
    if (v.text === null) ctx.role(v, "generic");
    else roleAs(ctx, v, v.text.split(":")[0]!, "write");
  }
  for (const v of optionValues(ctx, "--security-opt")) {
    const m = v.text === null ? null : /^seccomp[=:](.+)$/.exec(v.text);
    if (m && m[1] !== "unconfined") roleAs(ctx, v, m[1]!, "read");
  }
  hostAccess(ctx, sources);
  // An option the table does not know may have taken a word as its value: the image and
  // command are then not where the parser thinks, so every word is judged.
  if (ctx.items.some((i) => i.t === "unknown-option")) for (const a of ctx.operands) ctx.role(a, "generic");
};

const RUN_OPTIONS: Record<string, OptionSpec> = {
  ...each(none, "-v", "--volume", "--mount", "--device", "--security-opt", "--blkio-weight-device", "--device-read-bps", "--device-write-bps", "--device-read-iops", "--device-write-iops"),
  ...each(read, "--env-file", "--label-file", "--authfile", "--cert-dir", "--decryption-key", "--seccomp-profile"),
  ...each(write, "--cidfile", "--pidfile", "--conmon-pidfile", "--chrootdirs"),
  "--rootfs": { modes: ["rootfs"] },
  ...each(none, "-e", "--env", "-w", "--workdir", "--name", "-p", "--publish", "--network", "--net", "-u", "--user", "--entrypoint", "-l", "--label", "-h", "--hostname", "--add-host",
    "--restart", "-m", "--memory", "--memory-swap", "--memory-reservation", "--memory-swappiness", "--cpus", "-c", "--cpu-shares", "--cpuset-cpus", "--cpuset-mems", "--cpu-period",
    "--cpu-quota", "--ulimit", "--cap-add", "--cap-drop", "--pid", "--ipc", "--uts", "--userns", "--cgroupns", "--log-driver", "--log-opt", "--platform", "--pull", "--stop-signal",
    "--stop-timeout", "--health-cmd", "--health-interval", "--health-retries", "--health-timeout", "--health-start-period", "--dns", "--dns-search", "--dns-option", "--volumes-from",
    "--link", "--mac-address", "--ip", "--ip6", "--shm-size", "--runtime", "--isolation", "-a", "--attach", "--group-add", "--domainname", "--expose", "--sysctl", "--storage-opt",
    "--blkio-weight", "--cgroup-parent", "--detach-keys", "--oom-score-adj", "--annotation", "--pids-limit", "--gpus", "--tmpfs", "--device-cgroup-rule", "--network-alias",
    "--link-local-ip", "--kernel-memory", "--pod", "--secret", "--creds", "--arch", "--os", "--variant", "--timezone", "--tz", "--umask", "--uidmap", "--gidmap", "--subuidname",
    "--subgidname", "--sdnotify", "--systemd", "--requires", "--hostuser", "--personality", "--passwd-entry", "--preserve-fds", "--image-volume", "--seccomp-policy", "--cgroups",
    "--cgroup-conf", "--infra-name", "--userns-uid-map", "--health-on-failure", "--log-level", "--cpu-rt-period", "--cpu-rt-runtime", "--chroot-dirs", "--retry", "--retry-delay"),
  ...each(flag, "-i", "--interactive", "-t", "--tty", "-d", "--detach", "--rm", "-P", "--publish-all", "--privileged", "--init", "--read-only", "--sig-proxy", "--oom-kill-disable",
    "--no-healthcheck", "-q", "--quiet", "--use-api-socket", "--env-host", "--http-proxy", "--replace", "--read-only-tmpfs", "--no-hosts", "--no-hostname", "--rmi"),
};

const EXEC_OPTIONS: Record<string, OptionSpec> = {
  ...each(none, "-u", "--user", "-w", "--workdir", "-e", "--env", "--detach-keys", "--preserve-fds"),
  "--env-file": read,
  ...each(flag, "-d", "--detach", "-i", "--interactive", "-t", "--tty", "--privileged", "-l", "--latest"),
};

/** cp between the host and a container: `CONTAINER:PATH` is inside the container. */
function containerCopy(remote: RegExp): Custom {
  return (ctx) => {
    const ops = ctx.operands;
    ops.forEach((a, i) => {
      if (a.text === "-") return;
      if (a.text !== null && !a.text.startsWith("/") && !a.text.startsWith(".") && remote.test(a.text)) return;
      ctx.role(a, i === ops.length - 1 && ops.length > 1 ? "write" : "read");
    });
    ctx.emit({ t: "changes", fs: true, links: true });
    // What is copied out of a container may be (or hold) symlinks: DEST, or DEST/NAME.
    const dest = ops.length > 1 ? ops[ops.length - 1]! : null;
    const source = ops[0];
    if (dest && source && !(dest.text !== null && !dest.text.startsWith("/") && !dest.text.startsWith(".") && remote.test(dest.text))) {
      const entry = source.text === null ? null : source.text.replace(remote, "").replace(/\/\.?$/, "/.") || null;
      ctx.emit({ t: "links", arg: dest, entry });
    }
  };
}

/** `key=value,dest=DIR` forms of docker build --output, --cache-to, --secret. */
function fieldPath(text: string, keys: readonly string[]): string | null {
  for (const f of text.split(",")) {
    const eq = f.indexOf("=");
    if (eq > 0 && keys.includes(f.slice(0, eq))) return f.slice(eq + 1);
  }
  return null;
}

const BUILD: TableSpec = {
  names: [],
  abbreviations: false,
  options: {
    ...each(read, "-f", "--file"),
    ...each(none, "-o", "--output", "--cache-to", "--cache-from", "--secret", "--ssh", "--build-context"),
    ...each(write, "--iidfile", "--metadata-file"),
    ...each(none, "--build-arg", "-t", "--tag", "--target", "--platform", "--label", "--network", "--progress", "--add-host", "--shm-size", "--ulimit", "--cgroup-parent", "--isolation", "-m", "--memory", "--memory-swap", "--cpu-shares", "--cpu-period", "--cpu-quota", "--cpuset-cpus", "--cpuset-mems", "--security-opt", "--annotation", "--attest", "--sbom", "--provenance", "--call", "--allow", "--builder", "--policy", "--layers", "--format", "--build-contexts"),
    ...each(flag, "--no-cache", "--pull", "-q", "--quiet", "--load", "--push", "--squash", "--rm", "--force-rm", "--check", "--compress"),
  },
  operands: { all: "none" },
  custom: (ctx) => {
    for (const a of ctx.operands) if (a.text !== "-") localRole(ctx, a, "read");
    for (const v of optionValues(ctx, "-o", "--output", "--cache-to")) {
      if (v.text === null) ctx.role(v, "generic");
      else if (v.text !== "-") {
        const p = v.text.includes("=") ? fieldPath(v.text, ["dest"]) : v.text;
        if (p) roleAs(ctx, v, p, "write");
      }
    }
    for (const v of optionValues(ctx, "--cache-from", "--secret", "--ssh")) {
      if (v.text === null) ctx.role(v, "generic");
      else {
        // --ssh ID=KEY[,KEY] forwards key files (default= or any id); --secret id=x,src=PATH.
        const p = fieldPath(v.text, ["src", "source"]) ?? (/^[\w.-]+=/.test(v.text) ? v.text.slice(v.text.indexOf("=") + 1) : null);
        if (p) for (const key of p.split(",")) roleAs(ctx, v, key, "read");
      }
    }
    for (const v of optionValues(ctx, "--build-context")) {
      if (v.text === null) ctx.role(v, "generic");
      else {
        const p = v.text.slice(v.text.indexOf("=") + 1);
        if (locate(p).t === "local" && !p.startsWith("docker-image:") && !p.startsWith("target:") && !p.startsWith("oci-layout:")) roleAs(ctx, v, p, "read");
      }
    }
  },
};

const COMPOSE_GLOBAL: Record<string, OptionSpec> = {
  ...each(read, "-f", "--file", "--env-file"), "--project-directory": chdir,
  ...each(none, "-p", "--project-name", "--profile", "--ansi", "--parallel", "--progress"),
  ...each(flag, "--compatibility", "--dry-run", "--all-resources", "-v", "--version"),
};
const COMPOSE: TableSpec = {
  names: ["docker-compose", "podman-compose"],
  abbreviations: false,
  options: COMPOSE_GLOBAL,
  operands: { all: "none" },
  subcommands: {
    cp: { names: [], options: { ...COMPOSE_GLOBAL, ...each(flag, "-a", "--archive", "-L", "--follow-link", "--all"), "--index": none }, operands: { all: "none" }, custom: containerCopy(/^[^/]*:/) },
    config: { names: [], options: { ...COMPOSE_GLOBAL, "-o": write, "--output": write }, operands: { all: "none" }, unknownOptions: "none" },
    // A bind given on the command line is not the project's configuration: judged as docker run's.
    ...Object.fromEntries(["run", "create"].map((n) => [n, {
      names: [], style: "posix", options: { ...COMPOSE_GLOBAL, ...each(none, "-v", "--volume", "--mount", "-e", "--env", "-w", "--workdir", "-u", "--user", "-p", "--publish", "--name", "--entrypoint", "-l", "--label"), "--env-file": read },
      operands: { all: "none" }, unknownOptions: "none", custom: containerMounts,
    } satisfies TableSpec])),
  },
  // Compose runs what the project's compose file says: its binds are project configuration.
  unknownSubcommand: "none",
  changes: { fs: true, links: true },
};

function containerSubs(): Record<string, TableSpec> {
  const run: TableSpec = { names: [], style: "posix", abbreviations: false, options: RUN_OPTIONS, operands: { all: "none" }, custom: hooks(containerMounts, (ctx) => {
    // podman run --rootfs DIR: the "image" is a host directory the container writes.
    if (ctx.modes.has("rootfs") && ctx.operands[0]) ctx.role(ctx.operands[0], "write");
  }), changes: { fs: true, links: true } };
  const exec: TableSpec = { names: [], style: "posix", abbreviations: false, options: EXEC_OPTIONS, operands: { all: "none" }, custom: hostOptions };
  const cp: TableSpec = { names: [], abbreviations: false, options: each(flag, "-a", "--archive", "-L", "--follow-link", "-q", "--quiet", "--overwrite"), operands: { all: "none" }, custom: containerCopy(/^[^/]*:/) };
  const save: TableSpec = { names: [], abbreviations: false, options: { "-o": write, "--output": write, ...each(none, "--format", "--platform"), ...each(flag, "-q", "--quiet", "-m", "--multi-image-archive", "--compress", "--uncompressed") }, operands: { all: "none" } };
  const load: TableSpec = { names: [], abbreviations: false, options: { "-i": read, "--input": read, ...each(none, "--platform"), ...each(flag, "-q", "--quiet") }, operands: { all: "none" } };
  const importSub: TableSpec = { names: [], abbreviations: false, options: { ...each(none, "-c", "--change", "-m", "--message", "--platform", "--arch", "--os", "--variant"), ...each(flag, "-q", "--quiet") }, operands: { all: "none" }, custom: (ctx) => {
    const src = ctx.operands[0];
    if (src && src.text !== "-") localRole(ctx, src, "read");
  } };
  const fileArg = (index: number, role: RoleSpec): TableSpec => ({ names: [], abbreviations: false, options: { "-c": read, "--compose-file": read, "-f": read, "--file": read }, operands: { all: "none" }, custom: (ctx) => {
    const a = ctx.operands[index];
    if (a && a.text !== "-") ctx.role(a, role);
  } });
  const inert: TableSpec = { names: [], abbreviations: false, operands: { all: "none" }, unknownOptions: "none" };
  const volume: TableSpec = { names: [], abbreviations: false, options: { "-o": { value: "none" }, "--opt": { value: "none" }, "-d": { value: "none" }, "--driver": { value: "none" }, "--label": { value: "none" } }, operands: { all: "none" }, custom: (ctx) => {
    // A local volume with device=/host/path is a bind mount of that path.
    for (const v of optionValues(ctx, "-o", "--opt")) if (v.text !== null && v.text.startsWith("device=")) roleAs(ctx, v, v.text.slice(7), "write");
  } };
  // login/logout store credentials in ~/.docker/config.json (podman: $XDG_RUNTIME_DIR/containers/auth.json, or --authfile).
  const login: TableSpec = { ...inert, options: { "--authfile": none }, custom: (ctx) => writesUserConfig(ctx, "stores registry credentials in the user's configuration", ["--authfile"]) };
  // docker context create/update/rm/use write ~/.docker/contexts and config.json: a context's
  // endpoint decides which daemon every later docker command talks to.
  const contextWrite: TableSpec = { ...inert, custom: (ctx) => writesUserConfig(ctx, "changes the user's docker contexts") };
  const container: Record<string, TableSpec> = { run, create: run, exec, cp, export: save, commit: inert };
  const image: Record<string, TableSpec> = { build: BUILD, save, load, import: importSub };
  return {
    ...container, ...image,
    container: { names: [], operands: { all: "none" }, subcommands: container, unknownSubcommand: "none" },
    image: { names: [], operands: { all: "none" }, subcommands: image, unknownSubcommand: "none" },
    buildx: { names: [], operands: { all: "none" }, subcommands: { build: BUILD, b: BUILD, bake: fileArg(99, "none") }, unknownSubcommand: "none" },
    builder: { names: [], operands: { all: "none" }, subcommands: { build: BUILD }, unknownSubcommand: "none" },
    compose: { ...COMPOSE, names: [] },
    volume: { names: [], operands: { all: "none" }, subcommands: { create: volume }, unknownSubcommand: "none" },
    secret: { names: [], operands: { all: "none" }, subcommands: { create: fileArg(1, "read") }, unknownSubcommand: "none" },
    config: { names: [], operands: { all: "none" }, subcommands: { create: fileArg(1, "read") }, unknownSubcommand: "none" },
    stack: { names: [], operands: { all: "none" }, subcommands: { deploy: fileArg(99, "none"), up: fileArg(99, "none") }, unknownSubcommand: "none" },
    context: { names: [], operands: { all: "none" }, subcommands: { import: { ...fileArg(1, "read"), custom: hooks(fileArg(1, "read").custom!, (ctx) => writesUserConfig(ctx, "changes the user's docker contexts")) }, export: fileArg(1, "write"), ...Object.fromEntries(["create", "update", "rm", "remove", "use"].map((n) => [n, contextWrite])) }, unknownSubcommand: "none" },
    login: login, logout: login,
    kube: { names: [], operands: { all: "none" }, subcommands: { play: fileArg(0, "read"), down: fileArg(0, "read"), generate: { names: [], options: { "-f": write, "--filename": write }, operands: { all: "none" }, unknownOptions: "none" } }, unknownSubcommand: "none" },
    play: { names: [], operands: { all: "none" }, subcommands: { kube: fileArg(0, "read") }, unknownSubcommand: "none" },
    generate: { names: [], operands: { all: "none" }, subcommands: { kube: { names: [], options: { "-f": write, "--filename": write }, operands: { all: "none" }, unknownOptions: "none" } }, unknownSubcommand: "none" },
    unshare: { names: [], style: "posix", operands: { all: "none" }, custom: runsOperands("podman unshare", 0, false) },
    ...Object.fromEntries(["logs", "ps", "images", "pull", "push", "rm", "rmi", "stop", "start", "restart", "kill", "inspect", "tag", "network", "system", "info", "version", "top", "stats", "port", "pause", "unpause", "rename", "wait", "events", "history", "search", "attach", "diff", "update", "manifest", "plugin", "swarm", "node", "service", "trust", "machine", "pod", "healthcheck", "mount", "umount", "unmount", "init", "scout", "sbom", "debug", "farm", "artifact", "quadlet", "auto-update"].map((n) => [n, inert])),
  };
}

const DOCKER_GLOBAL: Record<string, OptionSpec> = {
  "--config": read, ...each(read, "--tlscacert", "--tlscert", "--tlskey", "--identity", "--hooks-dir", "--module"),
  ...each(write, "--root", "--runroot", "--tmpdir"),
  ...each(none, "-H", "--host", "-c", "--context", "-l", "--log-level", "--storage-driver", "--cgroup-manager", "--connection", "--url", "--ssh", "--events-backend", "--namespace", "--cdi-spec-dir", "--db-backend"),
  // (--storage-opt overlay.mount_program=PROG names a program: judged below.)
  "--storage-opt": none,
  ...each(write, "--imagestore", "--volumepath", "--root", "--runroot", "--tmpdir"),
  ...each({ value: "none", modes: ["program"] }, "--runtime", "--conmon", "--network-cmd-path"),
  ...each(flag, "-D", "--debug", "--tls", "--tlsverify", "-v", "--version", "-h", "--help", "-r", "--remote", "--syslog", "--no-trunc"),
};

const DOCKER: TableSpec = {
  names: ["docker", "podman", "nerdctl"],
  abbreviations: false,
  options: DOCKER_GLOBAL,
  operands: { all: "none" },
  subcommands: containerSubs(),
  unknownSubcommand: "generic",
  custom: hooks(runsProgram(["--runtime", "--conmon", "--network-cmd-path"]), (ctx) => {
    for (const v of optionValues(ctx, "--storage-opt")) if (v.text === null || /mount_program=/.test(v.text)) issue(ctx, "OPAQUE_CODE", `podman --storage-opt ${v.source} runs a program`, v.span);
  }),
};

const KUBECTL_GLOBAL: Record<string, OptionSpec> = {
  "--kubeconfig": read, ...each(read, "--certificate-authority", "--client-certificate", "--client-key"), "--cache-dir": write, "--profile-output": write, "--log-file": write,
  ...each(none, "--context", "--cluster", "--user", "-n", "--namespace", "-s", "--server", "--token", "--as", "--as-group", "--as-uid", "--request-timeout", "-v", "--profile", "--tls-server-name", "--password", "--username", "--log-dir"),
  ...each(flag, "--insecure-skip-tls-verify", "--match-server-version", "--warnings-as-errors", "--disable-compression", "-A", "--all-namespaces", "-w", "--watch", "-i", "--stdin", "-t", "--tty", "-R", "--recursive", "--dry-run", "--force", "--all", "--wait", "--server-side", "--overwrite", "--show-labels", "--no-headers", "-q", "--quiet", "--rm", "--prune", "--validate", "--record", "--grace-period", "--cascade", "--now", "--previous", "--follow"),
  ...each(none, "-l", "--selector", "--field-selector", "-c", "--container", "--timeout", "--for", "--image", "--port", "--target-port", "--type", "--replicas", "--tail", "--since", "--since-time", "--limit-bytes", "--sort-by", "--field-manager", "--type", "-p", "--patch", "--subresource", "--chunk-size", "--output-watch-events", "--show-kind", "--label-columns", "-L", "--restart", "--env", "--labels", "--overrides", "--pod-running-timeout", "--address", "--accept-hosts", "--reject-paths", "--api-prefix"),
  "--template": { value: "generic" },
  "-o": none, "--output": none,
  ...each(none, "-f", "--filename", "-k", "--kustomize", "--patch-file", "--from-file", "--from-env-file", "--www"),
  "--unix-socket": write,
};

/** kubectl options whose values are files, URLs or `-`. */
const kubectlFiles: Custom = (ctx) => {
  for (const v of optionValues(ctx, "-f", "--filename", "-k", "--kustomize", "--patch-file", "--from-env-file", "--www")) if (v.text !== "-") localRole(ctx, v, "read");
  // --from-file=[key=]source
  for (const v of optionValues(ctx, "--from-file")) localRole(ctx, v.text !== null && /^[^/=]+=/.test(v.text) ? withValue(v, v.text.slice(v.text.indexOf("=") + 1), "") : v, "read");
  for (const v of optionValues(ctx, "-o", "--output")) {
    const m = v.text === null ? null : /^(jsonpath-file|go-template-file|template-file)=(.*)$/.exec(v.text);
    if (m) roleAs(ctx, v, m[2]!, "read");
  }
};

const KUBECTL: TableSpec = {
  names: ["kubectl", "oc", "microk8s.kubectl", "k3s-kubectl"],
  abbreviations: false,
  options: KUBECTL_GLOBAL,
  operands: { all: "none" },
  subcommands: {
    cp: { names: [], abbreviations: false, options: { ...KUBECTL_GLOBAL, "--retries": none, "--no-preserve": flag }, operands: { all: "none" }, custom: hooks(kubectlFiles, containerCopy(/^[^/]*(\/[^/:]*)?:/)) },
    kustomize: { names: [], abbreviations: false, options: { ...KUBECTL_GLOBAL, "-o": write, "--output": write }, operands: { all: "read" }, custom: kubectlFiles },
    // kubectl config set-*/unset/use-context/delete-*/rename-context write the kubeconfig
    // (--kubeconfig, else $KUBECONFIG, else ~/.kube/config); a user's exec command it sets runs
    // on every later kubectl call.
    config: { names: [], abbreviations: false, options: KUBECTL_GLOBAL, operands: { all: "none" }, custom: hooks(kubectlFiles, (ctx) => {
      const verb = ctx.operands[0];
      if (verb && (verb.text === null || /^(set|set-.*|unset|use-context|use|delete-.*|rename-context)$/.test(verb.text))) writesUserConfig(ctx, `${verb.source} writes the kubeconfig`, ["--kubeconfig"]);
    }) },
    edit: { names: [], abbreviations: false, options: KUBECTL_GLOBAL, operands: { all: "none" }, custom: kubectlFiles },
    exec: { names: [], style: "posix", abbreviations: false, options: KUBECTL_GLOBAL, operands: { all: "none" }, custom: kubectlFiles },
    debug: { names: [], style: "posix", abbreviations: false, options: KUBECTL_GLOBAL, operands: { all: "none" }, custom: kubectlFiles },
    run: { names: [], style: "posix", abbreviations: false, options: KUBECTL_GLOBAL, operands: { all: "none" }, custom: kubectlFiles },
  },
  unknownSubcommand: "none",
  custom: kubectlFiles,
};
// Every other verb reads only the files its options name (`-f`, `-k`, `--from-file`).
const KUBECTL_VERBS = ["apply", "create", "delete", "replace", "diff", "patch", "get", "describe", "logs", "port-forward", "proxy", "expose", "scale", "rollout", "label", "annotate", "set", "auth", "config", "top", "cordon", "uncordon", "drain", "taint", "certificate", "cluster-info", "api-resources", "api-versions", "explain", "wait", "attach", "autoscale", "version", "completion", "events", "alpha", "plugin"];

const TERRAFORM_OPTIONS: Record<string, OptionSpec> = {
  ...each(read, "-var-file", "-plugin-dir", "-test-directory", "-config"),
  ...each(write, "-out", "-state", "-state-out", "-backup", "-generate-config-out"),
  ...each(none, "-var", "-target", "-replace", "-parallelism", "-lock-timeout", "-lockfile", "-filter", "-platform"),
  "-backend-config": none, "-from-module": none,
  ...each(flag, "-lock", "-input", "-auto-approve", "-refresh", "-refresh-only", "-json", "-no-color", "-compact-warnings", "-destroy", "-detailed-exitcode", "-upgrade", "-reconfigure", "-migrate-state", "-force-copy", "-get", "-check", "-diff", "-write", "-recursive", "-list", "-raw", "-allow-missing", "-ignore-remote-version", "-backend", "-force", "-verbose", "-no-tests", "-light"),
};
const tfSub = (operands: RoleSpec, extra: Partial<TableSpec> = {}): TableSpec => ({ names: [], goFlags: true, abbreviations: false, options: TERRAFORM_OPTIONS, operands: { all: operands }, custom: assignmentOptions(["-backend-config"]), ...extra });

const TERRAFORM: TableSpec = {
  names: ["terraform", "tofu", "terragrunt"],
  style: "posix",
  goFlags: true,
  abbreviations: false,
  options: { "-chdir": chdir, ...each(flag, "-help", "-version", "-v", "-h") },
  operands: { all: "none" },
  subcommands: {
    apply: tfSub("read"), show: tfSub("read"), fmt: tfSub({ default: "write", modes: { check: "read" } }, { options: { ...TERRAFORM_OPTIONS, "-check": { modes: ["check"] } } }),
    init: tfSub("none", { custom: hooks(assignmentOptions(["-backend-config"]), (ctx) => { for (const v of optionValues(ctx, "-from-module")) localRole(ctx, v, "read"); }) }),
    providers: tfSub("none", { custom: (ctx) => { if (ctx.operands[0]?.text === "mirror") for (const a of ctx.operands.slice(1)) ctx.role(a, "write"); } }),
    // Expressions read from standard input may call file(), templatefile(), fileset() and the
    // like, which read any path: the guard does not evaluate them.
    console: tfSub("none", { custom: (ctx) => issue(ctx, "OPAQUE_CODE", `${ctx.name} evaluates expressions from standard input, which may read any file`) }),
    state: tfSub("none", { custom: (ctx) => { if (ctx.operands[0]?.text === "push" && ctx.operands[1]) ctx.role(ctx.operands[1], "read"); } }),
    ...Object.fromEntries(["plan", "destroy", "validate", "output", "import", "workspace", "graph", "taint", "untaint", "refresh", "login", "logout", "force-unlock", "get", "test", "version", "metadata", "modules", "run-all"].map((n) => [n, tfSub("none")])),
  },
  changes: projectCode,
};

export const DEV_SPECS: readonly TableSpec[] = [
  NODE, TS_RUNNERS, RUBY, PERL, PHP, LUA,
  NPX, PNPX, BUN, BUNX, DENO,
  PIP, UV, UVX, POETRY, PIPX,
  CARGO, RUSTC, RUSTUP, GO, GOFMT,
  MAKE, NINJA, CC, LD, JAVAC, JAVA, MVN, GRADLE, TSC,
  { ...KUBECTL, subcommands: { ...Object.fromEntries(KUBECTL_VERBS.map((v) => [v, { names: [], abbreviations: false, options: KUBECTL_GLOBAL, operands: { all: "none" }, custom: kubectlFiles } satisfies TableSpec])), ...KUBECTL.subcommands } },
  DOCKER, COMPOSE, TERRAFORM,
];

export const DEV_ANALYSERS: readonly Analyser[] = [{ names: ["cmake"], analyse: cmake }, PYTHON_ANALYSER, homeAware(NPM), homeAware(PNPM), homeAware(YARN)];
