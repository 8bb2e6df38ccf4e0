// The other language runtimes: R, Julia, PowerShell, the Lisps and Schemes, Haskell, OCaml,
// Erlang and Elixir, Scala, Kotlin, irb and gdb. Each runs a script file the way `python x.py`
// does (the file is read; what it does is project code), asks with INLINE_CODE for code given on
// its command line (no analyser reads these languages), and, when it has neither, reads its
// program from standard input or the terminal (a REPL), which the guard cannot see either.
//
// Unlike the tools whose unknown options are judged as paths, an option of these entries that
// the table does not list asks: for an interpreter an unknown option may be one that takes code
// (`julia -E CODE`), and judging CODE as a path would allow it.

import { type Custom, chdir, each, hooks, issue, none, optionalNone, optionItems, read } from "../common.ts";
import type { TableSpec } from "../expand.ts";
import { info, inlineCode, projectCode } from "./code-options.ts";

/** The ask for a program the interpreter reads from its standard input or terminal. */
function readsStdin(ctx: Parameters<Custom>[0], what = "its program"): void {
  issue(ctx, "INLINE_CODE",
    `${ctx.name} reads ${what} from standard input (or the terminal), which the guard cannot see`);
}

/** Unknown options ask: they may take code. */
const unknownOptionsAsk: Custom = (ctx) => {
  for (const it of ctx.items) {
    if (it.t === "unknown-option") {
      issue(ctx, "INLINE_CODE", `${ctx.name} ${it.word.source} is an option the guard does not know; it may run code`,
        it.word.span);
    }
  }
};

/** No script, no inline code, nothing to print: the program comes from standard input. */
function replUnless(programModes: readonly string[], what?: string): Custom {
  return (ctx) => {
    if (programModes.some((m) => ctx.modes.has(m))) return;
    const first = ctx.operands[0];
    if (!first || first.text === "-") readsStdin(ctx, what);
  };
}

/** A REPL whatever its operands (ghci, iex): only printing the version or help does not read one. */
function alwaysRepl(what?: string): Custom {
  return (ctx) => {
    if (!ctx.modes.has("info")) readsStdin(ctx, what);
  };
}

const script = { modes: ["script"] } as const;
const runsFile = { value: "exec", modes: ["script"] } as const;
const evalCode = { value: "none", modes: ["eval"] } as const;
const fileThenRepl = { modes: ["repl"] } as const;

/** The same option under its spelling and its lower-case one (PowerShell's names ignore case). */
function anyCase(spec: Parameters<typeof each>[0], ...names: readonly string[]): ReturnType<typeof each> {
  return each(spec, ...names.flatMap((n) => (n.toLowerCase() === n ? [n] : [n, n.toLowerCase()])));
}

/** R [options] [< infile], R CMD TOOL ARGS (R's front end, "An Introduction to R", appendix B). */
const R_TOOLS = new Set(["BATCH", "COMPILE", "SHLIB", "INSTALL", "REMOVE", "build", "check", "LINK", "Rprof", "Rdconv",
  "Rd2pdf", "Rd2txt", "Stangle", "Sweave", "Rdiff", "config", "javareconf", "rtags"]);
const R_STARTUP = ["--vanilla", "--no-save", "--save", "--no-environ", "--no-site-file", "--no-init-file", "--restore",
  "--no-restore", "--no-restore-data", "--no-restore-history", "-q", "--quiet", "--silent", "--no-echo", "--slave",
  "--verbose", "--interactive", "--no-readline"];

const R: TableSpec = { names: ["R"], style: "posix", abbreviations: false, long: R_STARTUP,
  options: {
    "-e": evalCode,
    "-f": runsFile,
    "--file": runsFile,
    // R under a debugger: the debugger reads its commands from the terminal.
    "-d": { value: "none", modes: ["debugger"] },
    "--debugger": { value: "none", modes: ["debugger"] },
    "--debugger-args": none,
    "--args": { ends: true, modes: ["args"] },
    "--encoding": none,
    "--max-ppsize": none,
    "--min-vsize": none,
    "--max-vsize": none,
    "--min-nsize": none,
    "--max-nsize": none,
    "--max-connections": none,
    ...each(info, "-h", "--help", "--version"),
  }, operands: { all: "generic" }, changes: projectCode,
  custom: hooks(unknownOptionsAsk, inlineCode(["-e"]), (ctx) => {
    if (ctx.modes.has("debugger")) return readsStdin(ctx, "the debugger's commands");
    const first = ctx.operands[0];
    if (first !== undefined && first.text === "CMD" && !ctx.modes.has("args")) {
      // R CMD also runs any other program by name, in R's environment.
      const tool = ctx.operands[1];
      if (!tool || tool.text === null || !R_TOOLS.has(tool.text)) {
        issue(ctx, "OPAQUE_CODE", `R CMD ${tool?.source ?? ""} runs a program the guard does not know`, tool?.span);
      }
      return;
    }
    if (!["eval", "script", "info"].some((m) => ctx.modes.has(m))) readsStdin(ctx);
  }) };

const RSCRIPT: TableSpec = { names: ["Rscript"], style: "posix", abbreviations: false, long: R_STARTUP,
  options: { "-e": evalCode, "--default-packages": none, ...each(info, "--help", "--version") },
  operands: { first: "exec", unlessModes: ["eval", "info"], rest: "generic" }, changes: projectCode,
  custom: hooks(unknownOptionsAsk, inlineCode(["-e"]), replUnless(["eval", "info"])) };

const JULIA: TableSpec = { names: ["julia"], style: "posix", abbreviations: false, flags: "qg", long: ["--quiet"],
  options: { ...each(evalCode, "-e", "--eval", "-E", "--print"), "-L": { value: "exec" }, "--load": { value: "exec" },
    "-i": fileThenRepl, "--interactive": fileThenRepl,
    ...each(none, "-t", "--threads", "-p", "--procs", "--banner", "--color", "--history-file", "--startup-file",
      "--compile", "--depwarn", "--check-bounds", "--inline", "--math-mode", "--heap-size-hint"), "-O": optionalNone,
    "--optimize": optionalNone, "--project": { value: "read", optional: true },
    ...each(info, "-v", "--version", "-h", "--help") },
  operands: { first: "exec", unlessModes: ["eval", "info"], rest: "none" }, changes: projectCode,
  custom: hooks(unknownOptionsAsk, inlineCode(["-e", "--eval", "-E", "--print"]), replUnless(["eval", "info"]),
    (ctx) => {
      if (ctx.modes.has("repl") && !ctx.modes.has("info")) readsStdin(ctx, "more code");
    }) };

/** pwsh: the first word that is not a parameter is the script file (-File), as `pwsh x.ps1`. */
const PWSH: TableSpec = { names: ["pwsh", "pwsh-preview"], style: "posix", abbreviations: false, singleDashLong: true,
  options: { ...anyCase({ value: "exec", ends: true, modes: ["script"] }, "-File", "-f"),
    ...anyCase({ value: "none", ends: true, modes: ["eval"] }, "-Command", "-c"),
    ...anyCase(evalCode, "-EncodedCommand", "-e", "-ec"),
    ...anyCase({}, "-NoProfile", "-nop", "-NoLogo", "-nol", "-NonInteractive", "-noni", "-Login", "-l", "-MTA", "-STA"),
    ...anyCase(fileThenRepl, "-NoExit", "-noe", "-Interactive", "-i"),
    ...anyCase(none, "-InputFormat", "-inp", "-if", "-OutputFormat", "-o", "-of", "-ExecutionPolicy", "-ex", "-ep",
      "-WindowStyle", "-w", "-ConfigurationName", "-config"), ...anyCase(chdir, "-WorkingDirectory", "-wd"),
    ...anyCase({ modes: ["info"] }, "-Version", "-v", "-Help", "-h", "-?") },
  operands: { first: "exec", unlessModes: ["script", "eval", "info"], rest: "none" }, changes: projectCode,
  custom: hooks(unknownOptionsAsk, (ctx) => {
    for (const it of optionItems(ctx, "-Command", "-command", "-c", "-EncodedCommand", "-encodedcommand", "-e",
      "-ec"))
    {
      issue(ctx, "INLINE_CODE", `${ctx.name} ${it.name} runs inline code the guard cannot see into`,
        it.value?.span ?? it.word.span);
    }
    if (ctx.modes.has("info")) return;
    if (ctx.modes.has("repl")) readsStdin(ctx, "more commands");
    else if (!ctx.modes.has("script") && !ctx.modes.has("eval") && ctx.operands.length === 0) {
      readsStdin(ctx, "its commands");
    }
  }) };

const RACKET: TableSpec = { names: ["racket"], style: "posix", abbreviations: false, flags: "nqm",
  long: ["--no-lib", "--no-init-file", "--main"],
  options: {
    ...each(evalCode, "-e", "--eval"),
    ...each({ value: "exec", modes: ["script"] }, "-f", "--load", "-t", "--require", "-r", "--script", "-u",
      "--require-script"),
    // A collection's library (`racket/base`): installed code, as `python -m` runs an installed module.
    ...each({ value: "none", modes: ["script"] }, "-l", "--lib", "-p"),
    "-I": none,
    ...each(fileThenRepl, "-i", "--repl"),
    ...each(info, "-h", "--help", "-v", "--version"),
  }, operands: { first: "exec", unlessModes: ["eval", "script", "info"], rest: "none" }, changes: projectCode,
  custom: hooks(unknownOptionsAsk, inlineCode(["-e", "--eval"]), (ctx) => {
    if (ctx.modes.has("info")) return;
    if (ctx.modes.has("repl") || (!ctx.modes.has("eval") && !ctx.modes.has("script") && ctx.operands.length === 0)) {
      readsStdin(ctx);
    }
  }) };

const GUILE: TableSpec = { names: ["guile", "guile2", "guile3.0"], style: "posix", abbreviations: false, flags: "q",
  long: ["--no-auto-compile", "--auto-compile", "--fresh-auto-compile", "--debug", "--no-debug", "--r6rs", "--r7rs",
    "-ds"],
  options: {
    "-c": { value: "none", ends: true, modes: ["eval"] },
    "-s": { value: "exec", ends: true, modes: ["script"] },
    "-l": { value: "exec" },
    "-e": none,
    "-x": none,
    "--use-srfi": none,
    "--language": none,
    "-L": read,
    "-C": read,
    // A REPL server takes code from whoever connects to the port or socket.
    "--listen": { value: "none", optional: true, modes: ["listen"] },
    ...each(info, "-h", "--help", "-v", "--version"),
  }, operands: { first: "exec", unlessModes: ["eval", "script", "info"], rest: "none" }, changes: projectCode,
  custom: hooks(unknownOptionsAsk, inlineCode(["-c"]), (ctx) => {
    if (ctx.modes.has("listen")) issue(ctx, "OPAQUE_CODE", "guile --listen runs the code its REPL server is sent");
    if (!["eval", "script", "info"].some((m) => ctx.modes.has(m)) && ctx.operands.length === 0) readsStdin(ctx);
  }) };

const SBCL: TableSpec = { names: ["sbcl"], style: "posix", abbreviations: false,
  long: ["--noinform", "--disable-ldb", "--lose-on-corruption", "--end-runtime-options", "--no-sysinit",
    "--no-userinit", "--disable-debugger", "--quit", "--non-interactive", "--end-toplevel-options",
    "--merge-core-pages", "--no-merge-core-pages"],
  options: { "--eval": evalCode, "--load": { value: "exec" },
    "--script": { value: "exec", ends: true, modes: ["script"] }, "--core": { value: "exec" },
    "--sysinit": { value: "exec" }, "--userinit": { value: "exec" },
    ...each(none, "--dynamic-space-size", "--control-stack-size", "--tls-limit"),
    ...each(info, "--help", "--version") }, operands: { all: "none" }, changes: projectCode,
  custom: hooks(unknownOptionsAsk, inlineCode(["--eval"]), (ctx) => {
    if (ctx.modes.has("info")) return;
    const batch = optionItems(ctx, "--non-interactive", "--quit").length > 0;
    if (!ctx.modes.has("script") && !batch) readsStdin(ctx);
  }) };

/** scala (the Scala 3 runner, Scala CLI): a source, script or jar; `-e` and the snippets are code. */
const SCALA_RUNS = new Set(["run", "compile", "test", "package", "doc", "fmt", "clean", "version", "help"]);
const SCALA: TableSpec = {
  names: ["scala", "scala-cli"],
  // Options anywhere, as the tool reads them (an `-e` after the file is still code).
  abbreviations: false,
  long: ["--quiet", "-q", "--verbose", "-v"],
  options: {
    ...each(evalCode, "-e", "--execute-script", "--execute-scala", "--execute-java", "--execute-markdown",
      "--script-snippet", "--scala-snippet", "--java-snippet", "--markdown-snippet"),
    ...each({ value: "exec" }, "--extra-jars", "--jar", "--jars", "--extra-jar"),
    ...each(read, "-cp", "--classpath", "--class-path"),
    ...each(none, "-S", "--scala", "--scala-version", "-M", "--main-class", "--jvm"),
    ...each(info, "-version", "--version", "-help", "--help", "-h"),
  },
  operands: { first: "exec", unlessModes: ["eval", "info"], rest: "generic" },
  changes: projectCode,
  custom: hooks(unknownOptionsAsk,
    inlineCode(["-e", "--execute-script", "--execute-scala", "--execute-java", "--execute-markdown", "--script-snippet",
      "--scala-snippet", "--java-snippet", "--markdown-snippet"]), (ctx) => {
    if (ctx.modes.has("info") || ctx.modes.has("eval")) return;
    const first = ctx.operands[0];
    if (!first) return readsStdin(ctx);
    // A subcommand word: `repl`, `console` and the ones that install or configure are not modelled.
    if (first.text !== null && /^[a-z][a-z-]*$/.test(first.text) && !SCALA_RUNS.has(first.text)) {
      if (first.text === "repl" || first.text === "console") readsStdin(ctx);
      else {
        issue(ctx, "OPAQUE_CODE", `${ctx.name} ${first.source} is a subcommand the guard does not model`, first.span);
      }
    }
  }),
};

const KOTLIN: TableSpec = { names: ["kotlin"], style: "posix", abbreviations: false, singleDashLong: true,
  long: ["-no-stdlib", "-no-reflect", "-nowarn"],
  options: { ...each(evalCode, "-e", "-expression"), ...each(read, "-cp", "-classpath"), "-howtorun": none,
    ...each(info, "-version", "-help", "-h") },
  operands: { first: "exec", unlessModes: ["eval", "info"], rest: "generic" }, changes: projectCode,
  custom: hooks(unknownOptionsAsk, inlineCode(["-e", "-expression"]), replUnless(["eval", "info"])) };

/** ghci and iex are REPLs whatever else they are given (files to load, `-S mix`). */
const GHCI: TableSpec = { names: ["ghci", "iex"], style: "posix", abbreviations: false,
  options: { "-e": evalCode, ...each(info, "--version", "--numeric-version", "--help", "-h", "-v", "--info") },
  operands: { all: "generic" }, changes: projectCode, custom: hooks(inlineCode(["-e"]), alwaysRepl()) };

const OCAML: TableSpec = { names: ["ocaml"], style: "posix", abbreviations: false, singleDashLong: true,
  long: ["-noinit", "-noprompt", "-nopromptcont", "-nostdlib", "-rectypes", "-safe-string", "-short-paths",
    "-strict-sequence", "-unsafe", "-no-version"],
  options: { "-I": read, "-init": { value: "exec" }, "-open": none, "-w": none, "-warn-error": none,
    ...each(info, "-version", "-vnum", "-help", "--help") },
  operands: { first: "exec", unlessModes: ["info"], rest: "none" }, changes: projectCode,
  custom: hooks(unknownOptionsAsk, replUnless(["info"])) };

/** irb evaluates a program line by line, from a file or from standard input. */
const IRB: TableSpec = { names: ["irb"], style: "posix", abbreviations: false, flags: "fdUwW",
  long: ["--noecho", "--echo", "--simple-prompt", "--noprompt", "--inf-ruby-mode", "--sample-book-mode", "--noinspect",
    "--inspect", "--readline", "--noreadline", "--single-irb", "--tracer", "--verbose", "--noverbose", "--colorize",
    "--nocolorize", "--multiline", "--nomultiline"],
  options: { "-r": none, "-I": read, "-E": none, "--prompt": none, "--prompt-mode": none, "--back-trace-limit": none,
    "--context-mode": none, ...each(info, "-v", "--version", "-h", "--help") },
  operands: { first: "exec", unlessModes: ["info"], rest: "none" }, changes: projectCode,
  custom: hooks(unknownOptionsAsk, replUnless(["info"])) };

/**
 * erl: a shell on the terminal unless -noshell or -detached; -eval, -s and -run run code from
 * the command line or the code path. Several of its options take a list of words (`-pa D1 D2`),
 * so every word is judged as a path.
 */
const ERL: TableSpec = { names: ["erl"], style: "posix", abbreviations: false, singleDashLong: true,
  options: { ...each(info, "-version", "--version", "-help") }, operands: { all: "generic" }, changes: projectCode,
  custom: (ctx) => {
    if (ctx.modes.has("info")) return;
    const words = ctx.items.map((i) => i.word.text);
    const code = ctx.items.find((i) =>
      ["-eval", "-s", "-run", "-args_file", "-env", "-extra", "-remsh"].includes(i.word.text ?? "")
    );
    if (code) {
      return issue(ctx, "INLINE_CODE", `erl ${code.word.source} runs code the guard cannot see into`, code.word.span);
    }
    if (!words.includes("-noshell") && !words.includes("-detached")) return readsStdin(ctx, "its shell's commands");
    issue(ctx, "INLINE_CODE", "erl runs what its other arguments and boot files say, which the guard does not follow");
  } };

const ELIXIR: TableSpec = { names: ["elixir"], style: "posix", abbreviations: false,
  long: ["--no-halt", "--werl", "--hidden", "--detached"],
  options: {
    ...each(evalCode, "-e", "--eval", "--rpc-eval"),
    "-r": { value: "exec" },
    "-pr": { value: "exec" },
    "-pa": read,
    "-pz": read,
    ...each(none, "--sname", "--name", "--cookie", "--logger-otp-reports", "--logger-sasl-reports", "--boot-var"),
    // Options passed to erl, which may run code.
    "--erl": { value: "none", modes: ["erl"] },
    "--boot": { value: "exec" },
    "--erl-config": read,
    "--vm-args": read,
    ...each(info, "-v", "--version", "-h", "--help"),
  }, operands: { first: "exec", unlessModes: ["eval", "info"], rest: "generic" }, changes: projectCode,
  custom: hooks(unknownOptionsAsk, inlineCode(["-e", "--eval", "--rpc-eval", "--erl"]), replUnless(["eval", "info"])) };

/**
 * gdb reads its commands from the terminal unless --batch; -ex and -x give it commands (which
 * can run the shell and write files). The program and a core file are read; with --args the
 * rest are the program's arguments.
 */
const gdbBoth = (...names: readonly string[]): readonly string[] => names.flatMap((n) => [`-${n}`, `--${n}`]);
const GDB: TableSpec = {
  names: ["gdb", "gdb-multiarch"],
  // Options anywhere, as the tool reads them (an `-e` after the file is still code).
  abbreviations: false,
  singleDashLong: true,
  long: [...gdbBoth("q", "quiet", "silent", "nx", "n", "nh", "readnow", "readnever", "tui", "f", "fullname")],
  options: { ...each({ modes: ["batch"] }, ...gdbBoth("batch", "batch-silent")),
    ...each({ ends: true, modes: ["args"] }, ...gdbBoth("args")),
    ...each(evalCode, ...gdbBoth("ex", "eval-command", "iex", "init-eval-command")),
    ...each({ value: "exec", modes: ["commands"] }, ...gdbBoth("x", "command", "ix", "init-command")),
    ...each(none, ...gdbBoth("p", "pid")),
    ...each(read, ...gdbBoth("c", "core", "s", "symbols", "e", "exec", "se", "d", "directory", "data-directory")),
    ...each(chdir, ...gdbBoth("cd")), ...each(info, ...gdbBoth("version", "help", "configuration")) },
  operands: { positional: ["read", "read"], rest: "none" },
  changes: projectCode,
  custom: hooks(unknownOptionsAsk, inlineCode(gdbBoth("ex", "eval-command", "iex", "init-eval-command")), (ctx) => {
    if (ctx.modes.has("info")) return;
    for (const it of optionItems(ctx, ...gdbBoth("x", "command", "ix", "init-command"))) {
      issue(ctx, "OPAQUE_CODE",
        `gdb runs the commands in ${it.value?.source ?? "a file"}, which the guard does not read`,
        it.value?.span ?? it.word.span);
    }
    if (!ctx.modes.has("batch")) readsStdin(ctx, "its commands");
  }),
};

/**
 * swift: the package manager's subcommands build and run the project's code; a file is
 * interpreted (`swift x.swift`); with nothing, or `repl`, a REPL reads standard input.
 */
const SWIFTPM_OPTIONS = {
  long: ["-v", "--verbose", "-q", "--quiet", "--disable-sandbox", "--static-swift-stdlib", "--build-tests",
    "--show-bin-path", "--enable-code-coverage", "--parallel", "--skip-build", "--skip-update",
    "--disable-automatic-resolution", "--force-resolved-versions"],
  options: { ...each(chdir, "--package-path"),
    ...each({ value: "write" }, "--scratch-path", "--build-path", "--cache-path", "--config-path", "--security-path"),
    ...each(none, "-c", "--configuration", "--product", "--target", "-j", "--jobs", "--triple", "--swift-sdk", "--arch",
      "--filter", "--skip", "--num-workers", "--type", "--name", "--experimental-xunit-message-failure"),
    ...each(read, "--sdk", "--toolchain", "--swift-sdks-path") },
  operands: { all: "generic" },
  changes: projectCode,
} as const;
const swiftpm: TableSpec = { names: [], ...SWIFTPM_OPTIONS };
const SWIFT_SUBCOMMANDS = new Set(["build", "test", "run", "package", "repl"]);
const SWIFT: TableSpec = { names: ["swift"], style: "posix",
  options: { ...each(info, "--version", "-version", "--help", "-help", "-h") },
  operands: { first: "exec", rest: "generic" }, changes: projectCode,
  subcommands: { build: swiftpm, test: swiftpm, run: swiftpm, package: swiftpm,
    repl: { names: [], operands: { all: "none" }, custom: (ctx) => readsStdin(ctx) } },
  custom: (ctx) => {
    const first = ctx.operands[0];
    if (first === undefined) {
      if (!ctx.modes.has("info")) readsStdin(ctx);
      return;
    }
    // Not a subcommand: the file swift interprets (or a `swift-NAME` tool of the toolchain).
    if (first.text === null || !SWIFT_SUBCOMMANDS.has(first.text)) ctx.role(first, "exec");
  } };

export const RUNTIMES: readonly TableSpec[] = [R, RSCRIPT, JULIA, PWSH, RACKET, GUILE, SBCL, SCALA, KOTLIN, GHCI, OCAML,
  IRB, ERL, ELIXIR, GDB, SWIFT];
