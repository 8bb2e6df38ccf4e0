// Build systems: make, cmake, ninja. They run the project's recipes, which may change anything
// inside it.

import { applySpec, syntheticArg } from "../../apply.ts";
import { type Arg, type Effect, withValue } from "../../effects.ts";
import type { Call, CommandSpec, SpecContext } from "../../spec.ts";
import { againstCwd, assignmentOptions, chdir, each, flag, issue, none, optionalNone, optionItems, optionValues, read,
  roleAs, write } from "../common.ts";
import { tarWords } from "../archives.ts";
import type { TableSpec } from "../expand.ts";
import { commandWords, SHELL_SYNTAX } from "../../../shell/environment.ts";
import { projectCode } from "./code-options.ts";

/** GNU make's option variables: read from the environment, and again when set on its command line. */
const MAKEFLAGS_NAMES: readonly string[] = ["MAKEFLAGS", "MFLAGS", "GNUMAKEFLAGS"];

export const MAKE: TableSpec = {
  names: ["make", "gmake", "bmake", "remake"],
  // GNU make's option variables; bmake and remake are not judged as reading them (what they
  // hold is OPAQUE_CODE there, as for any program that may start make).
  environment: { options: Object.fromEntries(MAKEFLAGS_NAMES.map((n) => [n, ["make", "gmake"]])) },
  flags: "bBeiknpqrRsStvwL",
  long: ["--always-make", "--environment-overrides", "--ignore-errors", "--keep-going", "--just-print", "--dry-run",
    "--recon", "--print-data-base", "--question", "--no-builtin-rules", "--no-builtin-variables", "--silent", "--quiet",
    "--no-silent", "--no-keep-going", "--stop", "--touch", "--trace", "--version", "--print-directory",
    "--no-print-directory", "--warn-undefined-variables", "--check-symlink-times", "--help"],
  options: {
    "-C": chdir,
    "--directory": chdir,
    ...each(read, "-f", "--file", "--makefile", "-I", "--include-dir"),
    ...each(none, "-o", "--old-file", "--assume-old", "-W", "--what-if", "--new-file", "--assume-new",
      "--jobserver-auth", "--jobserver-style"),
    // --shuffle[=MODE] (make 4.4): a separate word is a target, not the mode.
    ...each(optionalNone, "--shuffle", "-j", "--jobs", "-l", "--load-average", "--max-load", "-d", "--debug", "-O",
      "--output-sync"),
    "-E": { value: "none", modes: ["eval"] },
    "--eval": { value: "none", modes: ["eval"] },
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
    for (const it of optionItems(ctx, "-E", "--eval")) {
      issue(ctx, "OPAQUE_CODE", "make --eval runs makefile code the guard does not read", it.word.span);
    }
    // --jobserver-auth=fifo:PATH: make opens the named pipe to take and give back job tokens.
    for (const v of optionValues(ctx, "--jobserver-auth")) {
      if (v.text === null || v.text.startsWith("fifo:")) {
        roleAs(ctx, v, v.text === null ? "" : v.text.slice(5), "write");
      }
    }
    for (const v of optionValues(ctx, "-f", "--file", "--makefile")) {
      if (v.text === "-" || (v.text !== null && /^\/(dev\/(stdin|fd\/[0-9]+)|proc\/self\/fd\/[0-9]+)$/.test(v.text))) {
        issue(ctx, "OPAQUE_CODE", "make reads its makefile from standard input, code the guard does not read", v.span);
      }
    }
  },
};

/**
 * A variable make's command line defines: `NAME=V`, and the `:=`, `::=`, `:::=`, `+=`, `?=`
 * and `!=` forms. Any word holding `=` is one, whatever the name (`.SHELLFLAGS=…` too); other
 * words are targets.
 */
const MAKE_DEFINITION = /^([^=]*?)(:::=|::=|:=|\+=|\?=|!=|=)([\s\S]*)$/;

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
  if (name === ".SHELLFLAGS" && !plainShellOptions(words)) {
    issue(ctx, "OPAQUE_CODE", `${what} gives the shell that runs each recipe more than plain options`, a.span);
  }
  // MAKEFLAGS set on the command line is read again as options and definitions.
  if (MAKEFLAGS_NAMES.includes(name) && !inMakeflags) {
    for (const word of words) {
      if (/^-(E|-eval)/.test(word)) {
        issue(ctx, "OPAQUE_CODE", `${what} holds --eval, makefile code the guard does not read`, a.span);
      } else if (!makeDefinition(ctx, a, word, true)) ctx.role(withValue(a, word, ""), "generic");
    }
    return true;
  }
  for (const word of words) ctx.role(withValue(a, word, ""), "generic");
  return true;
}

/** Shell options that change only how a recipe runs (`-ec`, `-eu -o pipefail -c`); -c takes the recipe. */
function plainShellOptions(words: readonly string[]): boolean {
  // Own rules, not leadingOptions: it checks every word is a harmless shell option, not where they end.
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

const CMAKE: CommandSpec = { names: ["cmake"], style: "gnu", abbreviations: false, singleDashLong: true,
  options: { "-S": read, "-B": write, "--build": { value: "write", modes: ["build"] },
    "--install": { value: "read", modes: ["build"] }, "--prefix": write, "--install-prefix": write, "-C": read,
    "--toolchain": read, "-P": { value: "read", modes: ["script"] }, "-D": none, "-U": none, "-G": none, "-T": none,
    "-A": none, "-W": optionalNone,
    ...each(none, "--config", "--component", "--target", "-t", "--preset", "--workflow", "--log-level", "--loglevel",
      "--trace-source", "--trace-format", "--profiling-format", "--default-directory-permissions", "--find-package",
      "--debug-find-pkg", "--debug-find-var"),
    ...each(optionalNone, "-j", "--parallel", "--list-presets", "--help", "--help-command", "--help-module",
      "--help-policy", "--help-variable", "--help-property", "--help-manual"),
    ...each(write, "--trace-redirect", "--profiling-output", "--graphviz"),
    "--system-information": { value: "write", optional: true }, "--open": read,
    ...each(flag, "--clean-first", "-v", "--verbose", "--strip", "--fresh", "--log-context", "--debug-trycompile",
      "--debug-output", "--trace", "--trace-expand", "--warn-uninitialized", "--warn-unused-vars",
      "--no-warn-unused-cli", "--check-system-vars", "--compile-no-warning-as-error", "--version", "-N", "-L", "-LA",
      "-LH", "-LAH", "-h", "--resolve-package-references") }, operands: { all: "read" }, changes: projectCode,
  custom: (ctx) => {
    assignmentOptions(["-D"])(ctx);
    if (ctx.modes.has("script")) issue(ctx, "OPAQUE_CODE", "cmake -P runs a CMake script the guard does not read");
    // Configuring writes the build system into -B, or the working directory.
    if (!ctx.modes.has("build") && !ctx.modes.has("script") && !optionItems(ctx, "-B").length) {
      ctx.role(syntheticArg(".", ctx.items[0]?.word.span ?? { start: 0, end: 0 }), "write");
    }
  } };

/** cmake -E TOOL ARGS: the portable file tools. */
function cmakeTool(call: Call, args: readonly Arg[]): Effect[] {
  const [tool, ...rest] = args;
  const name = tool?.text ?? null;
  const path = (arg: Arg, kind: "read" | "write" | "unknown"): Effect => ({ t: "path", arg, kind });
  const operands = rest.filter((a) => !(a.text !== null && /^-[frR]$/.test(a.text)));
  switch (name) {
    case "remove":
    case "rm":
    case "remove_directory":
    case "make_directory":
    case "touch":
    case "touch_nocreate":
    case "rename":
      return [...operands.map((a) => path(a, "write")), { t: "changes", fs: true, links: false }];
    case "copy":
    case "copy_if_different":
    case "copy_if_newer":
    case "copy_directory":
    case "copy_directory_if_different":
    case "copy_directory_if_newer": {
      const t = rest.findIndex((a) => a.text === "-t");
      if (t >= 0) {
        return [...rest.filter((_, i) => i !== t && i !== t + 1).map((a) => path(a, "read")),
          ...(rest[t + 1] ? [path(rest[t + 1]!, "write")] : []), { t: "changes", fs: true, links: false }];
      }
      return [...rest.map((a, i) => path(a, i === rest.length - 1 ? "write" : "read")), { t: "changes", fs: true,
        links: false }];
    }
    case "create_symlink":
    case "create_hardlink": {
      // The new name is a symlink (a hard link to one is too): later paths through it are not known.
      const name = rest[rest.length - 1];
      const links: Effect[] = name && rest.length > 1
        ? [
          name.text === null || tool?.text === "create_symlink"
            ? { t: "links", arg: name }
            : { t: "links", arg: name, source: rest[0]! },
        ]
        : [];
      return [...rest.map((a, i) => path(a, i === rest.length - 1 ? "write" : "unknown")), ...links, { t: "changes",
        fs: true, links: true }];
    }
    case "cat":
    case "md5sum":
    case "sha1sum":
    case "sha224sum":
    case "sha256sum":
    case "sha384sum":
    case "sha512sum":
    case "compare_files":
      return operands.filter((a) => !(a.text ?? "").startsWith("--")).map((a) => path(a, "read"));
    case "echo":
    case "echo_append":
    case "sleep":
    case "true":
    case "false":
    case "capabilities":
    case "environment":
      return [];
    case "chdir":
      return rest[0]
        ? [{ t: "path", arg: rest[0], kind: "cwd" }, { t: "run", argv: rest.slice(1), inProcess: false,
          bypassFunctions: true, label: "cmake -E chdir",
          base: rest[0].text === null ? null : againstCwd(call.world.cwd, rest[0].text) }]
        : [];
    case "time":
      return rest.length
        ? [{ t: "run", argv: rest, inProcess: false, bypassFunctions: true, label: "cmake -E time" }]
        : [];
    case "env": {
      let i = 0;
      while (i < rest.length && rest[i]!.text !== null &&
        (rest[i]!.text!.startsWith("--") || /^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[i]!.text!))) i++;
      return rest.length > i
        ? [{ t: "run", argv: rest.slice(i), inProcess: false, bypassFunctions: true, label: "cmake -E env" }]
        : [];
    }
    case "tar": {
      // cmake's own libarchive extraction keeps absolute and `../` member names (cmake 3.25:
      // `cmake -E tar xf` wrote both where they said), which GNU tar would strip or refuse.
      const op = rest[0]?.text;
      const extracts = op === null || op === undefined || op.replace(/^-/, "").includes("x");
      const effects = tarWords(call, rest);
      return extracts
        ? [...effects, { t: "issue", code: "UNRESOLVED_PATH",
          message: "cmake -E tar x writes members to the names the archive stores, absolute and ../ ones included",
          span: call.span }]
        : effects;
    }
    default:
      return [{ t: "changes", fs: true, links: true },
        ...rest.map((a): Effect => ({ t: "generic", arg: a, operand: true }))];
  }
}

export function cmake(call: Call): Effect[] {
  const e = call.args.findIndex((a) => a.text === "-E");
  if (e >= 0) return cmakeTool(call, call.args.slice(e + 1));
  return applySpec("cmake", CMAKE, call.args, call.world, call.span).effects;
}

export const NINJA: TableSpec = { names: ["ninja", "samu"], flags: "nvh", long: ["--verbose", "--quiet", "--version"],
  options: { "-C": chdir, "-f": read, ...each(none, "-j", "-k", "-l", "-d", "-w"),
    "-t": { value: "none", modes: ["tool"] } }, operands: { all: "none" }, changes: projectCode };
