// Python: the interpreters and the packaging tools (pip, uv, uvx, poetry, pipx).

import { dirname } from "node:path";
import { applySpec, syntheticArg } from "../../apply.ts";
import { type Arg, type Effect, withValue } from "../../effects.ts";
import type { Analyser, OptionSpec } from "../../spec.ts";
import { chdir, writesUserConfig, type Custom, each, embeddedPaths, flag, hooks, issue, localRole, locate, none,
  optionItems, optionValues, read, roleAs, spanOf, write } from "../common.ts";
import { expandSpec, type TableSpec } from "../expand.ts";
import { analysedInlineCode, info, inlineCode, programFromStdin, projectCode } from "./code-options.ts";
import { packageCommand, packageSpecs } from "./node.ts";
import { pythonModules } from "./python-run-module.ts";

const PYTHON_NAMES = ["python", "python2", "python3", "pypy", "pypy3", "python2.7",
  ...Array.from({ length: 16 }, (_, i) => `python3.${i}`)];

/** Modules `python -m` runs that are the tools of the same name in this table. */
const PYTHON_MODULE_COMMANDS = new Set(["pip", "pip3", "pytest", "uv", "pipx", "black", "isort"]);
const PYTHON: TableSpec = { names: PYTHON_NAMES, style: "posix", abbreviations: false, flags: "bBdEiIOPqsSuvx",
  options: {
    // -c and -m end python's own options: what follows is the program's argv.
    "-c": { value: "none", modes: ["eval"], ends: true },
    "-m": { value: "none", modes: ["module"], ends: true },
    "-W": none,
    "-X": none,
    "--check-hash-based-pycs": none,
    // (-X pycache_prefix=DIR names a directory: judged below.)
    ...each(info, "-V", "--version", "-h", "--help", "--help-env", "--help-xoptions", "--help-all"),
  }, operands: { first: "exec", unlessModes: ["eval", "module", "info"], rest: "generic" }, changes: projectCode,
  custom: hooks(analysedInlineCode("python", ["-c"], ["-i"]), programFromStdin(
    ["eval", "module", "info"],
    // (-x skips the program's first line: what runs is not the text as read.)
    { lang: "python", refused: ["-i", "-x"] },
  ), embeddedPaths(["-X"], "write"), pythonModules, (ctx) => {
    const mod = optionValues(ctx, "-m")[0];
    if (mod?.text && PYTHON_MODULE_COMMANDS.has(mod.text)) {
      ctx.emit({ t: "run", argv: [withValue(mod, mod.text, ""), ...ctx.operands], inProcess: false,
        bypassFunctions: true, label: `${ctx.name} -m ${mod.text}`, named: true });
    }
    if (mod?.text === "venv") {
      const pip = !ctx.operands.some((a) => a.text === "--without-pip");
      for (const dir of venvDirs(ctx.operands)) ctx.emit({ t: "venv", arg: dir, pip });
    }
  }) };

/**
 * Where `python -m venv DIR` writes: the directory, judged as the place it makes (a `list`, so
 * that it does not count as a write of everything in it), and its pyvenv.cfg, judged as the
 * write. The other names it writes in DIR are logged as written by the venv effect
 * (src/interp/made-venvs.ts), not judged each.
 */
function venvWrites(dir: Arg): Effect[] {
  return [{ t: "path", arg: dir, kind: "list" }, { t: "path",
    arg: withValue(dir, `${dir.text!.replace(/\/+$/, "")}/pyvenv.cfg`, ""), kind: "write" }];
}

/** `python -m venv`'s options (3.13 `--help`): without a value, and the one with (`--prompt`). */
const VENV_FLAGS = new Set(["--system-site-packages", "--symlinks", "--copies", "--clear", "--upgrade", "--without-pip",
  "--upgrade-deps", "--without-scm-ignore-files"]);

/**
 * The directories `python -m venv WORDS` makes: its operands, when every word is known and
 * none asks for help or is an option it does not know (then what it makes is not said).
 */
function venvDirs(words: readonly Arg[]): Arg[] {
  const dirs: Arg[] = [];
  for (let i = 0; i < words.length; i++) {
    const t = words[i]!.text;
    if (t === null) return [];
    if (t === "--prompt") i++;
    else if (t.startsWith("--prompt=") || VENV_FLAGS.has(t)) continue;
    else if (t.startsWith("-")) return [];
    else dirs.push(words[i]!);
  }
  return dirs;
}

/**
 * `python -m pip …` is pip, judged by pip's entry (requirement files it reads, direct
 * references, options), and so for the other tools in PYTHON_MODULE_COMMANDS. Their words are
 * then not judged as unknown paths too: an unknown access counts as a write, and a requirement
 * file "written" earlier in the command cannot be read.
 */
export const PYTHON_ANALYSER: Analyser = (() => {
  const expanded = expandSpec(PYTHON);
  return { names: PYTHON.names,
    analyse: (call) => {
      let effects =
        applySpec(call.name, expanded, call.args, call.world, call.span, undefined, call.disk, () => call.stdin)
          .effects;
      // `python -m venv DIR` runs the standard library's venv (and ensurepip), which write DIR and
      // nothing else: not project code (src/interp/made-venvs.ts).
      const made = new Set(effects.flatMap((e) => e.t === "venv" ? [e.arg] : []));
      if (made.size > 0) {
        effects = effects.flatMap((e) =>
          e.t === "changes"
            ? [{ t: "changes", fs: true, links: true, confined: true }]
            : e.t === "generic" && made.has(e.arg)
            ? venvWrites(e.arg)
            : [e]
        );
      }
      const run = effects.find((e) => e.t === "run");
      if (!run || run.t !== "run") return effects;
      const tool = new Set(run.argv.slice(1));
      // (What the module changes is what its tool's entry says: `python -m pip install -U pip`
      // changes what pip's does. Python itself runs only the module.)
      return effects.filter((e) => !((e.t === "generic" || e.t === "path") && tool.has(e.arg)) && e.t !== "changes");
    } };
})();

const PIP_GLOBAL: Record<string, OptionSpec> = { "--python": { value: "exec" }, "--log": write, "--log-file": write,
  "--cache-dir": write, "--cert": read, "--client-cert": read,
  ...each(none, "--proxy", "--retries", "--timeout", "--exists-action", "--trusted-host", "--root-user-action",
    "--use-feature", "--use-deprecated", "--keyring-provider", "--resume-retries"),
  ...each(flag, "--isolated", "-v", "--verbose", "-q", "--quiet", "-V", "--version", "--no-input", "--no-cache-dir",
    "--disable-pip-version-check", "--no-color", "--no-python-version-warning", "--require-virtualenv", "--debug", "-h",
    "--help") };
const PIP_INSTALL: Record<string, OptionSpec> = { ...PIP_GLOBAL,
  ...each(read, "-r", "--requirement", "-c", "--constraint", "--build-constraint"),
  ...each({ value: "none", modes: ["editable"] }, "-e", "--editable"), ...each(none, "-f", "--find-links"),
  ...each(write, "-t", "--target", "--prefix", "--root", "--src", "--report", "-d", "--dest", "-w", "--wheel-dir"),
  ...each(none, "-i", "--index-url", "--extra-index-url", "--upgrade-strategy", "--no-binary", "--only-binary",
    "--platform", "--python-version", "--implementation", "--abi", "-C", "--config-settings", "--global-option",
    "--progress-bar", "--group"),
  ...each(flag, "-U", "--upgrade", "--force-reinstall", "-I", "--ignore-installed", "--ignore-requires-python",
    "--no-deps", "--pre", "--prefer-binary", "--user", "--no-build-isolation", "--use-pep517", "--no-use-pep517",
    "--check-build-dependencies", "--no-compile", "--compile", "--no-warn-script-location", "--no-warn-conflicts",
    "--break-system-packages", "--require-hashes", "--dry-run", "--no-clean", "--no-index", "-y", "--yes", "--all",
    "-a") };
/**
 * Package indexes and link pages may be local (pip 24 and uv docs: "a local directory laid out
 * in the same format", `file://…`): -i/--index-url/--extra-index-url/-f/--find-links, and uv's
 * --index/--default-index, whose value may be `NAME=URL`.
 */
const packageIndexes: Custom = (ctx) => {
  for (const v of optionValues(ctx, "-i", "--index-url", "--extra-index-url", "-f", "--find-links",
    "--default-index")) localRole(ctx, v, "read");
  for (const v of optionValues(ctx, "--index")) {
    const named = v.text === null ? null : /^[A-Za-z0-9_.-]+=(.+)$/.exec(v.text);
    const loc = named ? locate(named[1]!) : locate(v.text);
    if (loc.t === "unknown") ctx.role(v, "read");
    else if (loc.t === "local") roleAs(ctx, v, loc.path, "read");
  }
};
/** A requirement line that names only a package from an index: `name[extra]>=1,<2 ; marker`. */
const PLAIN_REQUIREMENT =
  /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?\s*(?:\[[\w\s,.-]*\])?\s*\(?(?:\s*(?:===|[<>=!~]=?)\s*[\w.*+!-]+\s*,?)*\)?\s*(?:;[^@$]*)?$/;
/** Requirement-file options that name no file and run nothing (pip 24 "Requirements File Format"). */
const REQUIREMENT_FLAGS =
  /^(--no-index|--pre|--prefer-binary|--require-hashes|--only-binary|--no-binary|--trusted-host|--use-feature|--hash)(?=[\s=]|$)/;
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
        // A file in a directory that does not exist, in a command that changed nothing before,
        // cannot be opened: pip stops there, having read nothing it names.
        if (name !== null && base !== null && !ctx.world.fsChanged && !ctx.world.linksChanged &&
          !ctx.disk.isDirectory(dirname(name), base)) return;
        issue(ctx, "UNRESOLVED_WORD",
          `pip follows the files and packages named inside ${file.source}, which the guard cannot read here`,
          file.span);
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
        if (dir && loc.t === "local" && !loc.path.startsWith("/")) {
          ctx.role(withValue(at, dir + loc.path, ""), "read", base);
        }
      };
      const unresolved = (line: string) =>
        issue(ctx, "UNRESOLVED_WORD",
          `${file.source} names ${JSON.stringify(line.slice(0, 80))}, which the guard does not follow`, file.span);
      for (const raw of text.replace(/\\\r?\n/g, " ").split(/\r?\n/)) {
        const line = raw.replace(/(^|\s)#.*$/, "").replace(/\s--hash[=\s]\S+/g, "").trim();
        if (!line || PLAIN_REQUIREMENT.test(line)) continue;
        // pip expands ${VAR} in requirement files.
        if (line.includes("$")) {
          unresolved(line);
          continue;
        }
        const opt = REQUIREMENT_OPTION.exec(line);
        if (line.startsWith("-")) {
          if (REQUIREMENT_FLAGS.test(line)) continue;
          const o = opt?.[1];
          const value = opt?.[2]?.trim();
          if (!value || /\s/.test(value)) unresolved(line);
          else if (o === "-r" || o === "--requirement" || o === "-c" || o === "--constraint") judge(value, true);
          else if (o && /^(-e|--editable|-i|--index-url|--extra-index-url|-f|--find-links)$/.test(o)) {
            judge(value, false);
          } else unresolved(line);
          continue;
        }
        // PEP 508 direct reference, `name @ URL`, or a path or archive to build.
        const direct = /^[A-Za-z0-9][\w.-]*\s*(?:\[[^\]]*\])?\s*@\s*(\S+)\s*(?:;.*)?$/.exec(line);
        if (direct) judge(direct[1]!, false);
        else if (/^(\.|\/|~|file:|[a-z][\w+.-]*:\/\/)/i.test(line) || /\.(whl|tar\.gz|tgz|zip|tar\.bz2)$/.test(line)) {
          judge(line.split(/\s+/)[0]!, false);
        } else unresolved(line);
      }
    };
    for (const it of optionItems(ctx, ...names)) if (it.value) visit(it.value, it.base, 0);
    if (operands) { for (const it of ctx.items) if (it.t === "operand") visit(it.word, it.base, 0); }
  };
}

/** PEP 508 direct references among package operands: `name @ file:///p`, `name@./dir`. */
const pythonSpecs: Custom = (ctx) => {
  packageSpecs(ctx);
  for (const a of ctx.operands) {
    const direct = a.text === null
      ? null
      : /^[A-Za-z0-9][\w.-]*\s*(?:\[[^\]]*\])?\s*@\s*(\S+?)\s*(?:;.*)?$/.exec(a.text);
    if (!direct) continue;
    const loc = locate(direct[1]!);
    if (loc.t === "unknown") ctx.role(a, "read");
    else if (loc.t === "local") roleAs(ctx, a, loc.path, "read");
  }
};

// pip's names and uv's (uv pip, add, run, tool: --requirements, --overrides, --with-requirements…).
const PIP_REQUIREMENT_OPTIONS = ["-r", "--requirement", "--requirements", "-c", "--constraint", "--constraints",
  "--build-constraint", "--build-constraints", "--overrides", "--with-requirements"];
/** pip ≥ 25.1 `--group [PATH:]GROUP` reads the dependency groups of PATH (default ./pyproject.toml). */
const pipGroups: Custom = (ctx) => {
  for (const v of optionValues(ctx, "--group")) {
    if (v.text === null) ctx.role(v, "read");
    else if (v.text.includes(":")) roleAs(ctx, v, v.text.slice(0, v.text.lastIndexOf(":")), "read");
  }
};

/** pip's own packages, each a wheel on the index (py3-none-any): installing them builds nothing. */
const PIP_OWN = /^(pip|setuptools|wheel)((===?|~=|>=|<=|>|<|!=)[\w.*+!-]+)?$/i;
/** Options that change nothing of where pip looks or what it runs. */
const PLAIN_INSTALL_FLAGS = new Set(["-U", "--upgrade", "-q", "--quiet", "-v", "--verbose", "--no-cache-dir",
  "--disable-pip-version-check", "--no-warn-script-location", "--force-reinstall", "-I", "--ignore-installed",
  "--break-system-packages", "--no-input", "--no-color", "--progress-bar", "--root-user-action"]);
/** Variables that move pip's index, options or config. */
const PIP_SETTINGS = /^PIP_/;

/**
 * `pip install -U pip` (or setuptools, wheel): pip replaces itself with the wheels of the index,
 * whose install runs no package's code (no build, no setup.py), so it is not project code for
 * what is read after it (a requirements file). Not with another package, an index or source it
 * is given, or a PIP_ variable the command sets (an index with other files may build them).
 */
const upgradesItself: Custom = (ctx) => {
  if (ctx.operands.length === 0 || !ctx.operands.every((o) => o.text !== null && PIP_OWN.test(o.text))) return;
  if (!ctx.items.every((i) => i.t !== "unknown-option" && (i.t !== "option" || PLAIN_INSTALL_FLAGS.has(i.name)))) {
    return;
  }
  if ([...ctx.world.varNames()].some((n) => PIP_SETTINGS.test(n))) return;
  ctx.confineChanges();
};
const pipInstall: TableSpec = { names: [], abbreviations: false, options: PIP_INSTALL, operands: { all: "none" },
  custom: hooks(upgradesItself, pythonSpecs, packageIndexes, requirementFiles(PIP_REQUIREMENT_OPTIONS), pipGroups,
    (ctx) => {
      for (const v of optionValues(ctx, "-e", "--editable")) localRole(ctx, v, "read");
      // --user installs into the user's site-packages and ~/.local/bin ($PYTHONUSERBASE).
      if (optionItems(ctx, "--user").length > 0) {
        issue(ctx, "OUTSIDE_EFFECT", `${ctx.name} --user installs into ~/.local, outside the project`);
      }
      systemPython(ctx);
    }) };
/** `uv pip … --system` (uv 0.5): into the first Python on PATH, the system's, outside the project. */
const systemPython: Custom = (ctx) => {
  if (optionItems(ctx, "--system").length > 0) {
    issue(ctx, "OUTSIDE_EFFECT", `${ctx.name} --system changes the system's Python, outside the project`);
  }
};
const pipOther: TableSpec = { names: [], abbreviations: false,
  options: { ...PIP_INSTALL, "--path": read, ...each(none, "--format", "--exclude") }, operands: { all: "none" },
  custom: packageIndexes };
const PIP_SUBS: Record<string, TableSpec> = {
  // uninstall parses its operands as requirements: one that looks like a path is looked up
  // (strace: newfstatat of the operand) and a directory's metadata read.
  install: pipInstall,
  download: pipInstall,
  wheel: pipInstall,
  uninstall: { ...pipOther, custom: hooks(packageIndexes, pythonSpecs, systemPython) },
  freeze: pipOther,
  list: pipOther,
  show: pipOther,
  check: pipOther,
  // pip 24: config set/unset/edit write the user's pip.conf ($PIP_CONFIG_FILE, ~/.config/pip),
  // whose index-url and options every later pip run uses; cache purge/remove delete ~/.cache/pip.
  config: { ...pipOther, custom: (ctx) => {
    const verb = ctx.operands[0];
    if (verb && (verb.text === null || /^(set|unset|edit)$/.test(verb.text))) {
      writesUserConfig(ctx, `${verb.source} writes the user's pip configuration`);
    }
    if (verb?.text === "edit") issue(ctx, "OPAQUE_CODE", "pip config edit opens an editor on the config file");
    // list, get and debug print the user's settings, an index URL with its password among them.
    if (verb && (verb.text === null || /^(list|get|debug)$/.test(verb.text))) {
      issue(ctx, "OUTSIDE_EFFECT",
        `${ctx.name} config ${verb.source} prints the user's pip configuration, which may hold an index's credentials`);
    }
  } },
  cache: { ...pipOther, custom: (ctx) => {
    const verb = ctx.operands[0];
    if (verb && (verb.text === null || /^(purge|remove)$/.test(verb.text))) {
      writesUserConfig(ctx, `${verb.source} removes files from the user's pip cache`, ["--cache-dir"]);
    }
  } },
  index: pipOther,
  inspect: pipOther,
  debug: pipOther,
  completion: pipOther,
  search: pipOther,
  help: pipOther,
  lock: pipInstall,
  hash: { ...pipOther, operands: { all: "read" } },
  // uv pip: the same verbs, and compile/sync of requirement files.
  compile: { ...pipInstall, options: { ...PIP_INSTALL, "-o": write, "--output-file": write }, operands: { all: "read" },
    custom: hooks(pipInstall.custom!, requirementFiles([], true)) },
  sync: { ...pipInstall, operands: { all: "read" }, custom: hooks(pipInstall.custom!, requirementFiles([], true)) },
  tree: pipOther,
};

export const PIP: TableSpec = { names: ["pip", "pip2", "pip3", ...Array.from({ length: 16 }, (_, i) => `pip3.${i}`)],
  abbreviations: false, options: PIP_GLOBAL, operands: { all: "none" }, subcommands: PIP_SUBS, changes: projectCode };

/** uv run / uv tool run / uvx: a command, or a Python script. */
function runsPython(label: string): Custom {
  return (ctx) => {
    const [first, ...rest] = ctx.operands;
    if (!first) return;
    const at = ctx.items[0]?.word.span ?? first.span;
    const argv = first.text !== null && /\.py$/.test(first.text)
      ? [syntheticArg("python", at), first, ...rest]
      : packageCommand(ctx, ctx.operands, first);
    ctx.emit({ t: "run", argv, inProcess: false, bypassFunctions: true, label });
  };
}

const UV_GLOBAL: Record<string, OptionSpec> = {
  "--directory": chdir,
  "--project": read,
  "--cache-dir": write,
  "--config-file": read,
  // A Python given by path is a program uv runs; a package given by path is read and built.
  ...each({ value: "generic" }, "-p", "--python", "--from", "-w", "--with", "--with-editable"),
  ...each(none, "--color", "--allow-insecure-host", "--index", "--default-index", "--index-url", "--extra-index-url",
    "--index-strategy", "--keyring-provider", "--resolution", "--prerelease", "--exclude-newer", "--link-mode",
    "--group", "--extra", "--only-group", "--no-group", "--package", "--refresh-package", "--reinstall-package",
    "--upgrade-package", "-P", "-C", "--config-setting", "--python-platform", "--python-version"),
  ...each(read, "--with-requirements", "--env-file", "-r", "--requirements", "-c", "--constraints", "--overrides"),
  ...each(flag, "-n", "--no-cache", "--offline", "-q", "--quiet", "-v", "--verbose", "--native-tls", "--preview",
    "--no-config", "--no-progress", "--managed-python", "--no-managed-python", "--no-python-downloads", "--locked",
    "--frozen", "--no-sync", "--isolated", "--active", "--no-project", "--all-extras", "--no-dev", "--dev",
    "--only-dev", "--all-groups", "--no-default-groups", "--upgrade", "-U", "--reinstall", "--refresh",
    "--no-build-isolation", "--compile-bytecode", "--seed", "--script", "-s", "--gui-script", "--no-editable",
    "--inexact", "--exact", "--all-packages", "--dry-run", "--system", "--break-system-packages", "--no-deps", "--lib",
    "--app", "--bare", "--no-readme", "--no-workspace", "--vcs", "--editable", "--force", "--raw", "--frozen"),
};
const uvCommon = hooks(packageIndexes, requirementFiles(PIP_REQUIREMENT_OPTIONS));
const uvSub = (extra: Partial<TableSpec> = {}): TableSpec => ({ names: [], abbreviations: false, options: UV_GLOBAL,
  operands: { all: "none" }, ...extra, custom: extra.custom ? hooks(uvCommon, extra.custom) : uvCommon });
/**
 * Project commands whose `--script PATH` (uv 0.5+) works on a PEP 723 script instead of the
 * project: add/remove rewrite its inline metadata, lock writes PATH.lock beside it, the others
 * read it. (`uv run --script` is a flag: the operand is the script.)
 */
const uvScript = (role: "read" | "write", extra: Partial<TableSpec> = {}): TableSpec =>
  uvSub({ ...extra, options: { ...UV_GLOBAL, ...extra.options, "--script": { value: role } } });
const uvRun = uvSub({ style: "posix",
  options: { ...UV_GLOBAL, "-m": { value: "none", modes: ["module"] },
    "--module": { value: "none", modes: ["module"] } }, custom: runsPython("uv run") });

export const UV: TableSpec = { names: ["uv"], abbreviations: false, options: UV_GLOBAL, operands: { all: "none" },
  subcommands: { run: uvRun,
    pip: { names: [], abbreviations: false, options: { ...UV_GLOBAL, ...PIP_GLOBAL }, operands: { all: "none" },
      subcommands: Object.fromEntries(
        Object.entries(PIP_SUBS).map(([k, v]) => [k, { ...v, options: { ...UV_GLOBAL, ...v.options } }]),
      ) },
    tool: uvSub({
      subcommands: { run: uvRun, install: uvSub({ custom: hooks(pythonSpecs, pipxHome("uv tool install")) }),
        uninstall: uvSub({ custom: pipxHome("uv tool uninstall") }), list: uvSub(),
        upgrade: uvSub({ custom: pipxHome("uv tool upgrade") }), dir: uvSub(),
        "update-shell": uvSub({ custom: pipxHome("uv tool update-shell") }) },
    }), venv: uvSub({ operands: { all: "write", defaultOperand: ".venv" } }),
    init: uvSub({ operands: { all: "write" } }),
    export: uvScript("read", { options: { ...UV_GLOBAL, "-o": write, "--output-file": write } }),
    build: uvSub({ options: { ...UV_GLOBAL, "-o": write, "--out-dir": write }, operands: { all: "read" } }),
    publish: uvSub({ operands: { all: "read" } }), add: uvScript("write", { custom: pythonSpecs }),
    remove: uvScript("write"), lock: uvScript("write"), sync: uvScript("read"), tree: uvScript("read"),
    ...Object.fromEntries(
      ["python", "cache", "self", "version", "help", "generate-shell-completion", "format"].map((n) => [n, uvSub()]),
    ) }, changes: projectCode };

export const UVX: TableSpec = { ...uvRun, names: ["uvx"], changes: projectCode,
  custom: hooks(uvCommon, runsPython("uvx")) };

const POETRY_GLOBAL: Record<string, OptionSpec> = { "-C": chdir, "--directory": chdir, "-P": chdir, "--project": chdir,
  ...each(flag, "-q", "--quiet", "-v", "-vv", "-vvv", "--verbose", "-n", "--no-interaction", "--no-ansi", "--ansi",
    "--no-plugins", "--no-cache", "-V", "--version", "-h", "--help", "--no-root", "--sync", "--dry-run", "--all-extras",
    "--only-root", "--compile", "--lock", "--no-update", "-D", "--dev", "--allow-prereleases", "--editable", "-e",
    "--optional", "--without-hashes", "--with-credentials", "--all-groups", "--build", "--src"),
  ...each(none, "--with", "--without", "--only", "-E", "--extras", "-G", "--group", "--source", "-f", "--format",
    "--name", "--readme", "--description", "--author", "--license", "--dependency", "--dev-dependency", "-r",
    "--repository", "-u", "--username", "-p", "--password"),
  ...each({ value: "generic" }, "--python", "--cert", "--client-cert"), "-o": write, "--output": write };
const poetrySub = (extra: Partial<TableSpec> = {}): TableSpec => ({ names: [], abbreviations: false,
  options: POETRY_GLOBAL, operands: { all: "none" }, ...extra });
export const POETRY: TableSpec = { names: ["poetry"], abbreviations: false, options: POETRY_GLOBAL,
  operands: { all: "none" },
  subcommands: {
    run: poetrySub({ style: "posix", custom: runsPython("poetry run") }),
    add: poetrySub({ custom: pythonSpecs }),
    new: poetrySub({ operands: { all: "write" } }),
    // poetry config KEY VALUE / --unset KEY writes config.toml in poetry's config directory
    // (~/.config/pypoetry, $POETRY_CONFIG_DIR), or ./poetry.toml with --local (poetry 1.8 docs).
    config: poetrySub({
      options: { ...POETRY_GLOBAL, "--unset": flag, "--local": flag, "--list": flag, "--migrate": flag },
      custom: (ctx) => {
        if (ctx.operands.length < 2 && !optionItems(ctx, "--unset", "--migrate").length) return;
        if (optionItems(ctx, "--local").length) ctx.role(syntheticArg("poetry.toml", spanOf(ctx)), "write", ctx.start);
        else writesUserConfig(ctx, "writes poetry's user configuration");
      },
    }),
    shell: poetrySub({
      custom: (ctx) => issue(ctx, "OPAQUE_CODE", "poetry shell starts a shell whose commands the guard cannot see"),
    }),
    ...Object.fromEntries(
      ["install", "remove", "update", "lock", "build", "publish", "show", "init", "env", "check", "version", "export",
        "search", "source", "cache", "self", "about", "list", "sync", "debug", "python", "help"].map((
          n,
        ) => [n, poetrySub()]),
    ),
  }, changes: projectCode };

/** pipx's and uv's tools live in ~/.local (share/pipx, share/uv/tools, bin), and update-shell edits the shell's rc files. */
function pipxHome(what: string): Custom {
  return (ctx) => issue(ctx, "OUTSIDE_EFFECT", `${what} changes the user's tools in ~/.local, outside the project`);
}

export const PIPX: TableSpec = { names: ["pipx"], abbreviations: false,
  options: { ...each(flag, "-q", "--quiet", "-v", "--verbose", "--version", "-h", "--help", "--global"),
    ...each(none, "--pip-args", "--suffix", "--index-url"), ...each({ value: "generic" }, "--python", "--spec") },
  operands: { all: "none" },
  subcommands: {
    run: { names: [], style: "posix", abbreviations: false,
      options: { ...each(none, "--pip-args", "--index-url"), ...each({ value: "generic" }, "--spec", "--python"),
        ...each(flag, "--no-cache", "--path", "--pypackages", "-v", "--verbose", "-q", "--quiet") },
      operands: { all: "none" }, custom: hooks(packageIndexes, runsPython("pipx run")) },
    install: { names: [], abbreviations: false,
      options: { ...each(none, "--pip-args", "--suffix", "--index-url", "--preinstall"),
        "--python": { value: "generic" },
        ...each(flag, "--force", "-f", "--include-deps", "--system-site-packages", "-v", "-q", "--global") },
      operands: { all: "none" }, custom: hooks(pythonSpecs, packageIndexes, pipxHome("pipx install")) },
    runpip: { names: [], style: "posix", operands: { first: "none", rest: "generic" } },
    ...Object.fromEntries(
      ["inject", "uninstall", "upgrade", "upgrade-all", "uninstall-all", "reinstall", "reinstall-all", "ensurepath",
        "upgrade-shared"].map((
          n,
        ) => [n,
          { names: [], abbreviations: false, operands: { all: "none" },
            custom: pipxHome(`pipx ${n}`) } satisfies TableSpec]
        ),
    ),
    ...Object.fromEntries(
      ["list", "environment", "completions", "interpreter", "pin", "unpin"].map((
        n,
      ) => [n, { names: [], abbreviations: false, operands: { all: "none" } } satisfies TableSpec]),
    ),
  }, changes: projectCode };
