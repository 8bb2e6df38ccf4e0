// JavaScript and TypeScript: node and the TypeScript runners, the package managers and runtimes
// (npm, npx, pnpm, yarn, bun, deno) and tsc. Package managers run the project's own scripts:
// they may change anything inside, so later paths through directories that do not exist yet
// are not trusted.

import { applySpec, fileUrlPath, syntheticArg } from "../../apply.ts";
import { type Arg, withValue } from "../../effects.ts";
import type { Analyser, Item, OptionSpec, SpecContext } from "../../spec.ts";
import { againstCwd, chdir, type Custom, each, flag, generic, hooks, issue, localRole, none, optionalNone, optionItems,
  optionValues, read, roleAs, runsProgram, spanOf, write } from "../common.ts";
import { expandSpec, type TableSpec } from "../expand.ts";
import { guardScript, namesGuardPackage } from "../guard-cli.ts";
import { analysedInlineCode, info, inlineCode, modulePaths, programFromStdin, projectCode } from "./code-options.ts";
import { everyWorkspacePackage, inWorkspace, workspaceSelect } from "./workspace-options.ts";

export const NODE: TableSpec = { names: ["node", "nodejs"], style: "posix", abbreviations: false,
  long: ["--watch", "--no-warnings", "--enable-source-maps", "--experimental-strip-types", "--experimental-vm-modules",
    "--trace-warnings", "--expose-gc", "--preserve-symlinks", "--no-deprecation", "--throw-deprecation",
    "--trace-uncaught", "--abort-on-uncaught-exception", "--experimental-default-type", "--no-experimental-fetch",
    "--frozen-intrinsics", "--test-only", "--pending-deprecation"],
  options: {
    ...each({ value: "none", modes: ["eval"] }, "-e", "--eval", "-p", "--print"),
    ...each(none, "-r", "--require", "--import", "--loader", "--experimental-loader", "-C", "--conditions",
      "--input-type", "--title", "--test-reporter", "--test-name-pattern"),
    ...each(optionalNone, "--inspect", "--inspect-brk", "--inspect-port", "--inspect-wait", "--max-old-space-size",
      "--stack-size", "--stack-trace-limit", "--unhandled-rejections", "--dns-result-order", "--heapsnapshot-signal"),
    "--experimental-policy": read,
    ...each(write, "--diagnostic-dir", "--cpu-prof-dir", "--heap-prof-dir"),
    ...each(read, "--env-file", "--env-file-if-exists", "--watch-path"),
    "--test-reporter-destination": write,
    "--redirect-warnings": write,
    "-c": { modes: ["check"] },
    "--check": { modes: ["check"] },
    "-i": { modes: ["repl"] },
    "--interactive": { modes: ["repl"] },
    "--test": { modes: ["test"] },
    ...each(info, "-v", "--version", "-h", "--help", "--v8-options"),
    // node ≥ 22 --run NAME runs the package.json script NAME (no pre/post scripts) with the operands.
    "--run": { value: "none", modes: ["info"] },
  }, operands: { first: "exec", unlessModes: ["eval", "info"], rest: "generic" }, changes: projectCode,
  custom: hooks((ctx) => {
    const name = optionValues(ctx, "--run").at(-1);
    if (!name) return;
    if (name.text === null) {
      issue(ctx, "OPAQUE_CODE", "node --run runs a package script whose name is not known", name.span);
    } else {
      ctx.emit({ t: "package-script", name: name.text, args: ctx.operands.filter((a) => a.text !== "--"),
        span: spanOf(ctx), label: `node --run ${name.text}`, ...(ctx.start !== undefined ? { base: ctx.start } : {}) });
    }
  }, guardScript, analysedInlineCode("javascript", ["-e", "--eval", "-p", "--print"], ["-i", "--interactive"]),
    modulePaths(["-r", "--require", "--import", "--loader", "--experimental-loader", "--test-reporter"]),
    programFromStdin(["eval", "info", "test"], { lang: "javascript", refused: ["-i", "--interactive"] })) };

/** TypeScript runners: node's way of running a file, plus their own inline-code options. */
export const TS_RUNNERS: TableSpec = {
  names: ["ts-node", "ts-node-esm", "ts-node-script", "tsx", "esno", "esrun", "vite-node", "ts-node-dev", "tsnd"],
  style: "posix",
  abbreviations: false,
  long: ["--transpile-only", "--swc", "--esm", "--files", "--pretty", "--skip-project", "--watch", "--respawn",
    "--clear-screen", "--no-cache", "--cjs"],
  options: {
    ...each({ value: "none", modes: ["eval"] }, "-e", "--eval", "-p", "--print"),
    ...each(none, "-r", "--require", "--import", "--loader", "-O", "--compiler-options", "-C", "--compiler", "-I",
      "--ignore"),
    // (-C/--compiler is a module ts-node requires: judged below with the other module options.)
    ...each(read, "-P", "--project", "--dir", "--cwd", "--tsconfig", "--env-file"),
    "-i": { modes: ["repl"] },
    "--interactive": { modes: ["repl"] },
    ...each(info, "-v", "--version", "-h", "--help"),
  },
  operands: { first: "exec", unlessModes: ["eval", "info"], rest: "generic" },
  changes: projectCode,
  custom: hooks(inlineCode(["-e", "--eval", "-p", "--print"]),
    modulePaths(["-r", "--require", "--import", "--loader", "-C", "--compiler"]), programFromStdin(["eval", "info"])),
};

/** A package spec is a path when it is written as one (`./lib`, `../x.tgz`, `file:../x`). */
export const packageSpecs: Custom = (ctx) => {
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
export function packageOptions(names: readonly string[]): Custom {
  return (ctx) => {
    for (const v of optionValues(ctx, ...names)) localPackage(ctx, v, "exec");
  };
}

/**
 * The command a package runner starts: `npx eslint@8 .` runs eslint; a scoped package is not a
 * known command. A command written as a path runs that file (`npm exec -- ./x`, `uv run
 * ../tool`); a local package spec (`npx ../pkg`, `npx file:../pkg`) runs that package's bin.
 */
export function packageCommand(ctx: SpecContext, argv: readonly Arg[], at: Arg): Arg[] {
  const [first, ...rest] = argv;
  if (!first) return [];
  if (first.text === null || /^(\.{1,2}\/|\/|~)/.test(first.text)) return [first, ...rest];
  const name = localPackage(ctx, first, "exec") || first.text.startsWith("@") || first.text.includes("/")
    ? "package-binary"
    : first.text.replace(/@[^@]*$/, "");
  return [withValue(at, name, ""), ...rest];
}

/** Runs the operands as a command (`npm exec -- CMD`, `npx CMD`, `yarn dlx CMD`). */
export function runsOperands(label: string, skip = 0, asPackage = true): Custom {
  return (ctx) => {
    const argv = ctx.operands.slice(skip);
    if (!argv.length) return;
    const command = asPackage ? packageCommand(ctx, argv, argv[0]!) : [...argv];
    const base = ctx.items.find((i) => i.t === "operand")?.base;
    ctx.emit({ t: "run", argv: command, inProcess: false, bypassFunctions: true, label,
      ...(base !== undefined ? { base } : {}) });
  };
}

/** `-c CMD` / `--call CMD`: shell code. */
function shellCodeOptions(names: readonly string[], label: string): Custom {
  return (ctx) => {
    for (const it of optionItems(ctx, ...names)) {
      if (it.value) {
        ctx.emit({ t: "code", text: it.value.text, span: it.value.span, label, inProcess: false,
          ...(it.base !== undefined ? { base: it.base } : {}) });
      }
    }
  };
}

const NPM_GLOBAL: Record<string, OptionSpec> = { "--prefix": chdir, "-C": chdir,
  ...each(none, "-w", "--workspace", "--location", "--registry", "--loglevel", "--tag", "--access", "--otp", "--before",
    "--omit", "--include", "--install-strategy", "--save-prefix", "--auth-type", "--scope", "--preid", "--depth",
    "--audit-level", "--cpu", "--os", "--libc"), "--userconfig": read, "--globalconfig": read, "--cache": write,
  ...each(flag, "-g", "--global", "--workspaces", "-ws", "--include-workspace-root", "-s", "--silent", "-q", "--quiet",
    "-d", "--verbose", "--json", "--parseable", "-p", "--long", "-l", "-y", "--yes", "--no-yes", "-f", "--force",
    "--dry-run", "--ignore-scripts", "--foreground-scripts", "-S", "--save", "-D", "--save-dev", "-O",
    "--save-optional", "-E", "--save-exact", "-B", "--save-bundle", "--save-peer", "--no-save", "--legacy-peer-deps",
    "--strict-peer-deps", "--production", "--no-audit", "--audit", "--no-fund", "--package-lock", "--no-package-lock",
    "--package-lock-only", "--install-links", "--prefer-offline", "--offline", "--prefer-online", "--no-progress",
    "--progress", "--color", "--no-color", "--all", "-a", "--if-present", "--no-optional", "--global-style", "--link",
    "--no-bin-links", "--no-shrinkwrap", "--workspaces-update"),
  "--script-shell": { value: "none", modes: ["program"] }, "--node-options": { value: "none", modes: ["program"] } };

/**
 * npm runs every lifecycle script through --script-shell (with NODE_OPTIONS from
 * --node-options), and it reads its options after the subcommand as well as before it.
 */
const npmPrograms = runsProgram(["--script-shell", "--node-options"]);
const npmSub = (extra: Partial<TableSpec> = {}): TableSpec => ({ names: [], abbreviations: false, options: NPM_GLOBAL,
  operands: { all: "none" }, ...extra,
  custom: extra.custom ?
    hooks(npmPrograms, workspaceSelect("npm"), extra.custom) :
    hooks(npmPrograms, workspaceSelect("npm")) });

const HOME_UNKNOWN = "the home directory is not known";

/**
 * A file in the home directory. A hook sees the world's $HOME only; when the world does not
 * set it, the word stays unknown with this reason and `homeAware` fills in the guard's home.
 */
export function inHome(ctx: SpecContext, rel: string): Arg {
  const v = ctx.world.getVar("HOME");
  const at = syntheticArg(`~/${rel}`, spanOf(ctx));
  if (v === undefined) return withValue(at, null, HOME_UNKNOWN);
  return withValue(at, v.k === "str" && v.v.startsWith("/") ? `${v.v}/${rel}` : null, "$HOME is not known");
}

/**
 * A package manager's entry as an analyser: its hooks name files in the home directory
 * (`inHome`), which only the call knows, and its workspace options re-aim its effects at the
 * packages they select (`inWorkspace`).
 */
export function homeAware(spec: TableSpec): Analyser {
  const expanded = expandSpec(spec);
  return { names: spec.names,
    analyse: (call) =>
      inWorkspace(applySpec(call.name, expanded, call.args, call.world, call.span, undefined, call.disk).effects).map(
        (e) => {
          if (e.t !== "path" || e.arg.text !== null || e.arg.unknownWhy !== HOME_UNKNOWN || call.home === null) {
            return e;
          }
          return { ...e, arg: withValue(e.arg, `${call.home}/${e.arg.source.slice(2)}`, "") };
        },
      ) };
}

/**
 * `npm config set|delete|edit|fix`, `npm set`, `npm login`: they write an npmrc, whose
 * settings (script-shell, node-options, git, editor…) choose what later npm commands run.
 * The user's file (--userconfig, or ~/.npmrc) unless --location or -g says otherwise.
 */
function npmConfigWrites(fixedVerb: string | null): Custom {
  return (ctx) => {
    const verb = fixedVerb ?? ctx.operands[0]?.text;
    // `npm config get //registry…/:_authToken` prints the token the user's npmrc holds: a read of it.
    const key = ctx.operands[fixedVerb === null ? 1 : 0];
    if ((verb === "get" || verb === null) && key !== undefined &&
      (key.text === null || NPM_SECRET_KEY.test(key.text)))
    {
      ctx.role(optionValues(ctx, "--userconfig").at(-1) ?? inHome(ctx, ".npmrc"), "read");
    }
    if (verb === undefined || (verb !== null && !/^(set|delete|rm|del|edit|fix|login)$/.test(verb))) return;
    if (verb === "edit") issue(ctx, "OPAQUE_CODE", "npm config edit opens an editor on the config file");
    const global = optionItems(ctx, "-g", "--global").length > 0;
    const location = global
      ? "global"
      : (optionValues(ctx, "--location").at(-1)?.text ?? (optionItems(ctx, "--location").length ? null : "user"));
    if (location === "project") ctx.role(syntheticArg(".npmrc", spanOf(ctx)), "write", ctx.start);
    else if (location === "user") ctx.role(optionValues(ctx, "--userconfig").at(-1) ?? inHome(ctx, ".npmrc"), "write");
    else {
      ctx.role(
        optionValues(ctx, "--globalconfig").at(-1) ??
          withValue(syntheticArg("npmrc", spanOf(ctx)), null, "the global npmrc is not known"),
        "write",
      );
    }
  };
}
/** npmrc keys that hold a credential (npm's docs, "Auth related configuration"; yarn's npmAuthIdent). */
const NPM_SECRET_KEY = /(_auth|_authToken|_password|token|certfile|keyfile|username|authIdent)$/i;

/**
 * `pnpm config get KEY` and `yarn config get KEY` print the value the user's rc files hold,
 * unmasked where KEY is a credential (pnpm 9; yarn 1 — later yarns mask it unless
 * `--no-redacted`, but which yarn this is is not known), and `config list` prints them all:
 * a read of each of those files (`files`, under the home), as `npm config get` is.
 */
export function configDisclosures(files: readonly string[]): Custom {
  return (ctx) => {
    const verb = ctx.operands[0];
    const key = ctx.operands[1];
    const lists = verb !== undefined && (verb.text === null || verb.text === "list" || verb.text === "ls");
    const gets = verb?.text === "get" && key !== undefined && (key.text === null || NPM_SECRET_KEY.test(key.text));
    if (lists || gets) { for (const f of files) ctx.role(inHome(ctx, f), "read"); }
  };
}

/** Subcommands of npm, pnpm, yarn and bun that install or remove packages. */
const INSTALLS =
  /^(install|i|in|ins|inst|isntall|ci|clean-install|ic|install-clean|install-test|it|install-ci-test|cit|add|a|update|up|upgrade|upgrade-interactive|remove|rm|r|un|uninstall|unlink|link|ln|dedupe|ddp|prune|rebuild|rb|import|unplug)$/;

/**
 * Installing writes the package's node_modules, where links (workspace packages, `file:` and
 * `link:` dependencies, bins) may lead anywhere: later paths below it that are not there now
 * are not known (src/shell/zones.ts).
 */
export const nodeInstall: Custom = (ctx) => {
  const verb = ctx.name.slice(ctx.name.lastIndexOf(" ") + 1);
  // -g (and `yarn global add`) installs into the global prefix and puts the packages' programs
  // on PATH: outside the project, where the guard does not know (npm prefix -g).
  const global = optionItems(ctx, "-g", "--global").length > 0 ||
    (verb === "global" && (ctx.operands[0]?.text === null || INSTALLS.test(ctx.operands[0]?.text ?? "")));
  if (global && (verb === "global" || INSTALLS.test(verb))) {
    issue(ctx, "OUTSIDE_EFFECT", `${ctx.name} installs or removes packages in the global prefix, outside the project`);
  }
  if (!INSTALLS.test(verb)) return;
  const dir = ctx.disk.findUp("package.json", ctx.start ?? null);
  const modules = dir === null ? "node_modules" : dir === "/" ? "/node_modules" : `${dir}/node_modules`;
  const base = dir === null && ctx.start !== undefined ? { base: ctx.start } : {};
  ctx.emit({ t: "links", arg: syntheticArg(modules, spanOf(ctx)), tree: true, ...base });
  // Naming the guard's package replaces or removes the hook program: a write of it (PROTECTED_PATH).
  const guard = ctx.operands.find((a) => namesGuardPackage(ctx, a));
  if (guard) ctx.emit({ t: "path", arg: withValue(guard, `${modules}/shellfence`, ""), kind: "write", ...base });
};
const npmInstall = npmSub({ custom: hooks(packageSpecs, nodeInstall) });
/** `npm link DIR`: a local package, read. */
const linkOperands: Custom = (ctx) => ctx.operands.forEach((a) => localRole(ctx, a, "read"));
/**
 * The package manager's own edit of the package.json it works in (`npm pkg set`, `npm
 * set-script`, `npm init`, `pnpm init`, `yarn init`, `bun pm pkg set`): a write of the nearest
 * package.json at or above the directory it starts in, and of one there (where init makes it).
 * The edit may rewrite its scripts, and it is the tool's own, not the project's code: a later
 * script of that file is not read (docs/semantics.md). Run in other workspace packages, the
 * edit is in files the entry cannot name: what files hold may then change anywhere.
 */
export const manifestWrites: Custom = (ctx) => {
  const here = syntheticArg("package.json", spanOf(ctx));
  ctx.role(here, "write", ctx.start);
  const dir = ctx.disk.findUp("package.json", ctx.start ?? null);
  if (dir !== null && dir !== (ctx.start ?? ctx.world.cwd)) {
    ctx.role(withValue(here, dir === "/" ? "/package.json" : `${dir}/package.json`, ""), "write");
  }
  if (workspaceItems(ctx).length) ctx.emit({ t: "changes", fs: true, links: false });
};
/** npm pkg set|delete|fix rewrites the package.json it works in. */
const npmPkg: Custom = (ctx) => {
  if (ctx.operands[0]?.text !== "get") manifestWrites(ctx);
};
/**
 * `npm install` and `npm ci` without packages run the project's own install and prepare
 * scripts (with their pre and post scripts); dependencies' scripts are the packages' code.
 */
const npmInstallProject = npmSub({
  custom: hooks(packageSpecs, nodeInstall, projectEvents("npm install", ["install", "prepare"]),
    everyWorkspacePackage("npm")),
});

/**
 * Lifecycle events of the project's own package.json, run (with their pre and post scripts)
 * when no package is named and --ignore-scripts is not given: `npm install` (install,
 * prepare), `npm pack` (prepack, prepare, postpack), `npm publish` (prepublishOnly, prepack,
 * prepare, publish), `npm version X` (preversion, version, postversion), per npm 10's
 * "scripts" docs; pnpm, yarn and bun run the root project's the same way. `--dry-run` does
 * not stop them (npm pack --dry-run runs prepack).
 */
export function projectEvents(label: string, events: readonly string[], skipOperands = 0): Custom {
  return (ctx) => {
    const named = ctx.operands.slice(skipOperands).filter((a) => a.text !== ".");
    if (named.length || optionItems(ctx, "--ignore-scripts").length) return;
    for (const name of events) {
      ctx.emit({ t: "package-script", name, args: [], span: spanOf(ctx), label: `${label} ${name}`, event: true,
        ...(ctx.start !== undefined ? { base: ctx.start } : {}) });
    }
  };
}
export const PACK_EVENTS = ["prepack", "prepare", "postpack"];
export const PUBLISH_EVENTS = ["prepublishOnly", ...PACK_EVENTS, "publish"];
const npmRun = npmSub({ operands: { all: "none" } });
/** Verbs whose operands are package specs: a folder spec's package.json is read (strace: `npm
 * bugs ../x` opens ../x/package.json). */
const npmSpecs = npmSub({ operands: { all: "none" }, custom: packageSpecs });

/** Options that run a script in other packages of a workspace (npm -w/-ws, pnpm -r/--filter). */
function workspaceItems(ctx: SpecContext): readonly Item[] {
  return ctx.items.filter((it) =>
    it.t === "option" &&
    /^(-w|--workspace|--workspaces|-ws|--include-workspace-root|-r|--recursive|--filter|-F|--filter-prod)$/.test(
      it.name,
    )
  );
}

/**
 * Running a package.json script: `npm run NAME [-- ARGS]`, or the lifecycle subcommands
 * (`npm test`, `npm start`) that run the script of their name.
 */
export function packageScript(tool: string, lifecycle: string | null): Custom {
  return (ctx) => {
    const [first, ...rest] = ctx.operands;
    const name = lifecycle ?? first?.text ?? null;
    const args = lifecycle ? ctx.operands : rest;
    if (lifecycle === null && !first) return;
    if (name === null) {
      issue(ctx, "OPAQUE_CODE", `${tool} runs a package script whose name is not known`, first?.span);
      return;
    }
    // npm's workspace options are npm's wherever they are, and pnpm's before the script's name
    // (`pnpm run -r build`): workspace-options.ts re-aims the script at the packages they
    // select. pnpm may hand the options after the name (or after `pnpm test`) to the script,
    // and bun's --filter is not read.
    const selecting = workspaceItems(ctx);
    const firstOperand = ctx.items.findIndex((i) => i.t === "operand");
    const pnpmOwn = tool.startsWith("pnpm") && lifecycle === null &&
      selecting.every((i) => ctx.items.indexOf(i) < firstOperand);
    if (selecting.length && !tool.startsWith("npm") && !pnpmOwn) {
      issue(ctx, "OPAQUE_CODE",
        `${tool} ${name} runs the script in other workspace packages, which the guard does not read`);
      return;
    }
    // --prefix DIR / -C DIR: the package is there.
    const prefix = optionValues(ctx, "--prefix", "-C", "--dir", "--cwd").at(-1);
    if (prefix && prefix.text === null) {
      issue(ctx, "OPAQUE_CODE", `${tool} ${name} runs a script of a package whose directory is not known`, prefix.span);
      return;
    }
    const base = prefix?.text ? againstCwd(ctx.world.cwd, prefix.text) : ctx.start;
    ctx.emit({ t: "package-script", name, args: args.filter((a) => a.text !== "--"), span: spanOf(ctx),
      label: `${tool} ${name}`, ...(base !== undefined ? { base } : {}) });
  };
}
/**
 * `npm run NAME`, `npm test`: the script is read and interpreted (package-script), so what the
 * command changes is what the script's code changes; npm itself changes nothing.
 */
export const SCRIPT_RUN = { changes: {} } as const;
const npmScript = (lifecycle: string | null) =>
  npmSub({ operands: { all: "none" }, ...SCRIPT_RUN, custom: packageScript("npm run", lifecycle) });
const npmExec = npmSub({ style: "posix", options: { ...NPM_GLOBAL, "-c": none, "--call": none, "--package": none },
  custom: hooks(shellCodeOptions(["-c", "--call"], "npm exec -c"), packageOptions(["--package", "-p"]),
    runsOperands("npm exec")) });

export const NPM: TableSpec = { names: ["npm"], abbreviations: false, options: NPM_GLOBAL, operands: { all: "none" },
  subcommands: {
    ...Object.fromEntries(
      ["install", "i", "in", "ins", "inst", "isntall", "ci", "clean-install", "ic", "install-clean"].map((
        n,
      ) => [n, npmInstallProject]),
    ),
    // install-test / install-ci-test: npm install (or ci), then npm test.
    ...Object.fromEntries(
      ["install-test", "it", "install-ci-test", "cit"].map((
        n,
      ) => [n, npmSub({ custom: hooks(npmInstallProject.custom!, packageScript("npm run", "test")) })]),
    ),
    ...Object.fromEntries(
      ["add", "update", "up", "upgrade", "uninstall", "remove", "rm", "r", "un", "unlink", "dedupe", "ddp", "prune",
        "rebuild", "rb", "audit", "outdated", "ls", "list", "ll", "la", "view", "info", "show", "v", "explain", "why",
        "fund", "query", "sbom"].map((n) => [n, npmInstall]),
    ),
    ...Object.fromEntries(["run", "run-script", "rum", "urn"].map((n) => [n, npmScript(null)])),
    ...Object.fromEntries(["test", "t", "tst"].map((n) => [n, npmScript("test")])),
    start: npmScript("start"),
    stop: npmScript("stop"),
    restart: npmScript("restart"),
    ...Object.fromEntries(["config", "c"].map((n) => [n, npmSub({ custom: npmConfigWrites(null) })])),
    set: npmSub({ custom: npmConfigWrites("set") }),
    get: npmSub({ custom: npmConfigWrites("get") }),
    ...Object.fromEntries(
      ["login", "logout", "adduser", "add-user"].map((n) => [n, npmSub({ custom: npmConfigWrites("login") })]),
    ),
    // npm version X bumps the version and runs the version scripts; with no operand it prints.
    version: npmSub({ custom: (ctx) => {
      if (ctx.operands.length) projectEvents("npm version", ["version"], 1)(ctx);
    } }),
    // npm cache add SPEC fetches the package into the cache: a local tarball or directory is read.
    cache: npmSub({ custom: (ctx) => {
      if (ctx.operands[0]?.text !== "add" && ctx.operands[0]?.text !== null) return;
      for (const a of ctx.operands.slice(1)) localPackage(ctx, a, "read");
    } }),
    pkg: npmSub({ custom: npmPkg }),
    ...Object.fromEntries(
      ["whoami", "team", "org", "token", "profile", "ping", "root", "bin", "prefix", "help", "doctor", "search", "s",
        "find", "stars", "completion", "hook", "shrinkwrap", "diff", "help-search", "find-dupes"].map((
          n,
        ) => [n, npmRun]),
    ),
    // (npm init PKG runs create-PKG, the package's code; npm init alone writes package.json itself.)
    ...Object.fromEntries(
      ["init", "create", "innit", "set-script"].map((n) => [n, npmSub({ custom: manifestWrites })]),
    ),
    ...Object.fromEntries(
      ["owner", "author", "dist-tag", "dist-tags", "deprecate", "unpublish", "access", "star", "unstar", "bugs",
        "issues", "docs", "home", "repo"].map((n) => [n, npmSpecs]),
    ),
    exec: npmExec,
    x: npmExec,
    ...Object.fromEntries(["link", "ln"].map((n) => [n, npmSub({ custom: hooks(linkOperands, nodeInstall) })])),
    pack: npmSub({ options: { ...NPM_GLOBAL, "--pack-destination": write },
      custom: hooks(packageSpecs, projectEvents("npm pack", PACK_EVENTS)) }),
    publish: npmSub({ custom: hooks(packageSpecs, projectEvents("npm publish", PUBLISH_EVENTS)) }),
    edit: npmSub({ custom: (ctx) => issue(ctx, "OPAQUE_CODE", "npm edit opens an editor on an installed package") }),
    explore: npmSub({ style: "posix",
      custom: (ctx) => issue(ctx, "OPAQUE_CODE", "npm explore runs a shell in an installed package") }),
  }, unknownSubcommand: "none", changes: projectCode,
  custom: hooks(runsProgram(["--script-shell", "--node-options"]), workspaceSelect("npm")) };

export const NPX: TableSpec = { names: ["npx"], style: "posix", abbreviations: false,
  options: { ...NPM_GLOBAL, "-c": none, "--call": none, "-p": none, "--package": none, "--no": flag,
    "--no-install": flag, "--ignore-existing": flag, "--shell": none }, operands: { all: "none" }, changes: projectCode,
  custom: hooks(shellCodeOptions(["-c", "--call"], "npx -c"), packageOptions(["--package", "-p"]), runsOperands("npx"),
    runsProgram(["--script-shell", "--node-options"]), workspaceSelect("npm")) };

const PNPM_GLOBAL: Record<string, OptionSpec> = {
  "-C": chdir,
  "--dir": chdir,
  ...each(none, "--filter", "-F", "--reporter", "--loglevel", "--workspace-concurrency", "--resume-from",
    "--changed-files-ignore-pattern", "--test-pattern", "--filter-prod", "--network-concurrency", "--child-concurrency",
    "--registry", "--config"),
  ...each(write, "--global-dir", "--store-dir", "--virtual-store-dir", "--modules-dir", "--cache-dir", "--state-dir",
    "--lockfile-dir"),
  ...each(flag, "-w", "--workspace-root", "-r", "--recursive", "--stream", "-s", "--silent", "-g", "--global",
    "--prefer-offline", "--offline", "--frozen-lockfile", "--no-frozen-lockfile", "--shamefully-hoist",
    "--ignore-scripts", "--aggregate-output", "--parallel", "--if-present", "--no-bail", "--sort", "--reverse",
    "--report-summary", "--use-stderr", "--color", "--no-color", "-D", "--save-dev", "-P", "--save-prod", "-O",
    "--save-optional", "-E", "--save-exact", "--save-peer", "--prod", "--dev", "--no-optional", "--lockfile-only",
    "--fix-lockfile", "--force", "--strict-peer-dependencies", "--prefer-frozen-lockfile", "-i", "--interactive",
    "--latest", "-L", "--depth", "--json", "--long", "--parseable", "--workspace", "--dry-run", "--no-lockfile",
    "--ignore-workspace", "--include-workspace-root", "--shell-mode", "-c", "--shell-emulator"),
  "--location": none,
  // pnpm takes any setting as an option: these two choose what runs the scripts.
  "--script-shell": { value: "none", modes: ["program"] },
  "--node-options": { value: "none", modes: ["program"] },
};
const pnpmSub = (extra: Partial<TableSpec> = {}): TableSpec => ({ names: [], abbreviations: false, options: PNPM_GLOBAL,
  operands: { all: "none" }, ...extra,
  custom: extra.custom ?
    hooks(npmPrograms, workspaceSelect("pnpm"), extra.custom) :
    hooks(npmPrograms, workspaceSelect("pnpm")) });

/** The user's files pnpm reads its settings and credentials from (pnpm 9; ~/.npmrc before). */
const PNPM_RC_FILES = [".config/pnpm/rc", ".npmrc"];

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
  ctx.role(
    xdg !== undefined && xdg.k === "str" && xdg.v.startsWith("/")
      ? withValue(syntheticArg("rc", spanOf(ctx)), `${xdg.v}/pnpm/rc`, "")
      : inHome(ctx, ".config/pnpm/rc"),
    "write",
  );
  ctx.role(inHome(ctx, ".npmrc"), "write");
};
const pnpmExec = pnpmSub({ style: "posix", custom: runsOperands("pnpm exec", 0, false) });
const pnpmDlx = pnpmSub({ style: "posix", options: { ...PNPM_GLOBAL, "--package": none },
  custom: hooks(packageOptions(["--package"]), runsOperands("pnpm dlx")) });

export const PNPM: TableSpec = {
  names: ["pnpm"],
  abbreviations: false,
  options: PNPM_GLOBAL,
  operands: { all: "none" },
  // pnpm -r NAME and pnpm --filter PKG NAME run scripts in the packages they select (workspace-options.ts).
  custom: hooks(workspaceSelect("pnpm"), npmPrograms),
  subcommands: {
    ...Object.fromEntries(
      ["add", "remove", "rm", "uninstall", "un", "update", "up", "upgrade", "unlink", "import", "rebuild", "rb",
        "prune", "fetch", "audit", "list", "ls", "ll", "outdated", "why", "licenses"].map((
          n,
        ) => [n, pnpmSub({ custom: hooks(packageSpecs, nodeInstall) })]),
    ),
    ...Object.fromEntries(
      ["install", "i"].map((
        n,
      ) => [n,
        pnpmSub({
          custom: hooks(packageSpecs, nodeInstall, projectEvents("pnpm install", ["install", "prepare"]),
            everyWorkspacePackage("pnpm")),
        })]
      ),
    ),
    pack: pnpmSub({ custom: hooks(packageSpecs, projectEvents("pnpm pack", PACK_EVENTS)) }),
    publish: pnpmSub({ custom: hooks(packageSpecs, projectEvents("pnpm publish", PUBLISH_EVENTS)) }),
    ...Object.fromEntries(
      ["run", "run-script"].map((n) => [n, pnpmSub({ ...SCRIPT_RUN, custom: packageScript("pnpm run", null) })]),
    ),
    ...Object.fromEntries(
      ["test", "t", "tst"].map((n) => [n, pnpmSub({ ...SCRIPT_RUN, custom: packageScript("pnpm run", "test") })]),
    ),
    start: pnpmSub({ ...SCRIPT_RUN, custom: packageScript("pnpm run", "start") }),
    ...Object.fromEntries(
      ["config", "c"].map((n) => [n, pnpmSub({ custom: hooks(pnpmConfigWrites, configDisclosures(PNPM_RC_FILES)) })]),
    ),
    // pnpm init writes package.json; pnpm pkg and set-script are npm's, which pnpm runs.
    init: pnpmSub({ custom: manifestWrites }),
    "set-script": pnpmSub({ custom: manifestWrites }),
    pkg: pnpmSub({ custom: npmPkg }),
    ...Object.fromEntries(
      ["create", "store", "root", "bin", "env", "setup", "server", "doctor", "self-update", "approve-builds",
        "ignored-builds", "sbom", "patch", "patch-commit", "patch-remove", "cat-file", "cat-index", "find-hash"].map((
          n,
        ) => [n, pnpmSub()]),
    ),
    ...Object.fromEntries(["link", "ln"].map((n) => [n, pnpmSub({ custom: hooks(linkOperands, nodeInstall) })])),
    exec: pnpmExec,
    dlx: pnpmDlx,
    deploy: pnpmSub({ operands: { all: "write" } }),
  },
  // `pnpm NAME` runs the project's script NAME.
  unknownSubcommand: "script",
  changes: projectCode,
};

export const PNPX: TableSpec = { ...pnpmDlx, names: ["pnpx"], changes: projectCode };

export const TSC: TableSpec = { names: ["tsc", "vue-tsc"], abbreviations: false,
  long: ["--noEmit", "--watch", "-w", "--init", "--listFiles", "--showConfig", "--strict", "--declaration", "-d",
    "--sourceMap", "--incremental", "--composite", "--noEmitOnError", "--skipLibCheck", "--esModuleInterop",
    "--allowJs", "--checkJs", "--noImplicitAny", "--pretty", "--version", "-v", "--help", "-h", "--all",
    "--listEmittedFiles", "--extendedDiagnostics", "--diagnostics", "--force", "--verbose", "--clean", "--dry"],
  options: { ...each(read, "-p", "--project", "--rootDir", "--baseUrl"),
    ...each(write, "--outDir", "--outFile", "--out", "--declarationDir", "--tsBuildInfoFile", "--generateTrace",
      "--generateCpuProfile"), "-b": { modes: ["build"] }, "--build": { modes: ["build"] },
    ...each(none, "-t", "--target", "-m", "--module", "--lib", "--jsx", "--moduleResolution", "--types", "--locale",
      "--newLine", "--moduleDetection", "--jsxFactory", "--jsxImportSource", "--verbatimModuleSyntax"),
    "--typeRoots": generic, "--rootDirs": generic, "--paths": generic }, operands: { all: "read" } };
