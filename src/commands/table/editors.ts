// Editors: every file operand may be written; commands run at startup are code.

import { applySpec, parseWords } from "../apply.ts";
import type { Effect } from "../effects.ts";
import type { Analyser, Call, EntryNaming, RoleSpec, SpecContext } from "../spec.ts";
import { chdir, type Custom, each, hooks, issue, localRole, none, optionalNone, optionItems, optionValues, read, roleAs,
  runsProgram, write } from "./common.ts";
import { expandSpec, type TableSpec } from "./expand.ts";

/** `+NUM` and `+/pattern` only move the cursor; any other `+command` runs an editor command. */
function plusCommands(ctx: SpecContext): void {
  for (const a of ctx.operands) {
    if (a.text !== null && a.text.startsWith("+") && !/^\+([0-9]*(:[0-9]+)?|\/[^|]*)$/.test(a.text)) {
      issue(ctx, "INLINE_CODE", `${ctx.name} ${a.source} runs an editor command`, a.span);
    }
  }
}

const editorFiles: RoleSpec = { default: "write", modes: { readonly: "read" } };

/** Editor operands: files, except `+LINE` cursor positions. */
const editorOperands: Custom = (ctx) => {
  for (const a of ctx.operands) {
    if (!(a.text !== null && a.text.startsWith("+")) && a.text !== "-") ctx.role(a, editorFiles);
  }
};

const VIM: TableSpec = { names: ["vim", "vi", "view", "nvim", "gvim", "vimdiff", "nvi", "ex", "rvim", "evim", "mvim"],
  abbreviations: false, singleDashLong: true, flags: "bdghLmMnNrxXyZAHFfD",
  long: ["--clean", "--noplugin", "--not-a-term", "--ttyfail", "--nofork", "--literal", "--help", "--version",
    "--headless", "--embed", "--api-info", "-h", "-v", "--remote", "--remote-silent", "--remote-wait",
    "--remote-wait-silent", "--remote-tab", "--serverlist"],
  options: { "-R": { modes: ["readonly"] },
    ...each({ value: "none", modes: ["code"] }, "-c", "--cmd", "-S", "-l", "--remote-send", "--remote-expr"),
    ...each({ modes: ["code", "ex"] }, "-es", "-Es"), "-s": { modes: ["code"] }, "-e": { modes: ["ex"] },
    "-E": { modes: ["ex"] }, "-u": none, "-U": none, "-i": write, "-w": none, "-W": write, "--startuptime": write,
    "--log": write, "-T": none, "-t": none, "-q": read, "--servername": none, "--listen": none, "-V": optionalNone,
    ...each(optionalNone, "-o", "-O", "-p") }, operands: { all: "none" },
  custom: hooks(editorOperands, plusCommands, (ctx) => {
    for (const it of optionItems(ctx, "-c", "--cmd", "-S", "-l", "--remote-send", "--remote-expr", "-es", "-Es",
      "-s"))
    {
      // Vim's -l is lisp mode, a flag: the word after it is a file to edit. Nvim's runs a Lua script.
      if (it.name === "-l" && ctx.name !== "nvim") {
        if (it.value) ctx.role(it.value, editorFiles);
        continue;
      }
      if ((it.name === "-S" || it.name === "-l") && it.value) ctx.role(it.value, "read");
      issue(ctx, "INLINE_CODE", `${ctx.name} ${it.name} runs editor commands the guard cannot see into`,
        it.value?.span ?? it.word.span);
    }
    // -V[N]FILE writes verbose messages to FILE.
    for (const v of optionValues(ctx, "-V")) {
      const file = v.text === null ? null : v.text.replace(/^[0-9]*/, "");
      if (v.text === null) ctx.role(v, "generic");
      else if (file) roleAs(ctx, v, file, "write");
    }
    // A vimrc other than NONE/NORC/DEFAULTS is code run at startup.
    for (const v of optionValues(ctx, "-u", "-U")) {
      if (v.text !== null && /^(NONE|NORC|DEFAULTS)$/.test(v.text)) continue;
      ctx.role(v, "read");
      issue(ctx, "INLINE_CODE", `${ctx.name} runs the startup commands in ${v.source}`, v.span);
    }
    // nvim --listen ADDRESS: a socket path it creates, unless host:port.
    for (const v of optionValues(ctx, "--listen")) localRole(ctx, v, "write");
    // -w {scriptout} appends typed keys to a file; -wNUMBER sets the window height.
    for (const v of optionValues(ctx, "-w")) if (v.text === null || !/^[0-9]+$/.test(v.text)) ctx.role(v, "write");
  }) };

const VIM_SPEC = expandSpec(VIM);

/**
 * Vim reads editor commands on standard input in Ex mode (`ex`, `-e`, `-E`, `-es`) and, when it
 * is not a terminal, reads it as typed keys in Normal mode too (`:!cmd` runs one; vim(1) "Input
 * is not from a terminal"): unless it is the shell's own input, that input is code. Outside Ex
 * mode, Nvim and `vim -` read it as the text to edit instead.
 */
function vim(call: Call): Effect[] {
  const effects = applySpec(call.name, VIM_SPEC, call.args, call.world, call.span, undefined, call.disk).effects;
  const parsed = parseWords(VIM_SPEC, call.args, call.world, undefined, false);
  const ex = parsed.modes.has("ex") || call.name === "ex";
  const textIn = parsed.items.some((i) => i.t === "operand" && i.word.text === "-");
  if (!ex && (call.name === "nvim" || textIn)) return effects;
  const stdin = call.stdin;
  if ((stdin.t === "unknown" && stdin.inherited) || (stdin.t === "text" && stdin.text.trim() === "")) return effects;
  const what = ex ? "Ex commands" : "keys typed in Normal mode";
  effects.push(
    stdin.t === "text"
      ? { t: "issue", code: "INLINE_CODE", message: `${call.name} runs the ${what} on its standard input`,
        span: call.span }
      : { t: "issue", code: "OPAQUE_CODE",
        message: `${call.name} runs ${what} from standard input, which the guard cannot see`, span: call.span },
  );
  return effects;
}

const NANO: TableSpec = { names: ["nano", "pico", "rnano"], abbreviations: true,
  flags: "ABDEFGHIJKLMNOPRSUWZabcdeghijklmnpqtuwxyz$%_!0",
  long: ["--backup", "--boldtext", "--multibuffer", "--locking", "--historylog", "--ignorercfiles", "--nohelp",
    "--nowrap", "--view", "--smooth", "--autoindent", "--cutfromcursor", "--linenumbers", "--mouse", "--noconvert",
    "--positionlog", "--quickblank", "--restricted", "--softwrap", "--tabstospaces", "--unix", "--wordbounds", "--zap",
    "--help", "--version", "--modernbindings", "--minibar", "--stateflags", "--indicator", "--saveonexit",
    "--breaklonglines", "--trimblanks", "--constantshow", "--atblanks", "--emptyline", "--jumpyscrolling",
    "--showcursor", "--bookstyle", "--colonparsing", "--magic", "--listsyntaxes"],
  options: {
    "-v": { modes: ["readonly"] },
    "--view": { modes: ["readonly"] },
    "-C": write,
    "--backupdir": write,
    "-f": read,
    "--rcfile": read,
    // -E is --tabstospaces, a flag; -J is --guidestripe (nano(1), nano 7).
    ...each(none, "-o", "--operatingdir", "-Y", "--syntax", "-T", "--tabsize", "-r", "--fill", "-Q", "--quotestr", "-X",
      "--wordchars", "--guidestripe", "-J"),
    "-s": { value: "none", modes: ["program"] },
    "--speller": { value: "none", modes: ["program"] },
  }, operands: { all: "none" }, custom: hooks(editorOperands, runsProgram(["-s", "--speller"])) };

const EMACS: TableSpec = { names: ["emacs", "emacs-nox", "xemacs"], abbreviations: true, singleDashLong: true,
  long: ["-nw", "--no-window-system", "-Q", "--quick", "-q", "--no-init-file", "--no-site-file", "--no-splash",
    "--debug-init", "--batch", "-batch", "--kill", "-kill", "--version", "--help", "--fg-daemon", "--no-site-lisp",
    "--no-x-resources", "--no-loadup", "--no-desktop", "--no-build-details", "--no-blinking-cursor", "--fullscreen",
    "--maximized", "--fullheight", "--fullwidth", "-nbc", "-iconic", "--iconic", "-mm", "-fs", "-rv",
    "--reverse-video"],
  options: {
    ...each({ value: "none", modes: ["code"] }, "--eval", "-eval", "--execute", "-execute", "-f", "--funcall",
      "-funcall", "-l", "--load", "-load", "--script", "-script", "-x"),
    "--chdir": chdir,
    "-chdir": chdir,
    ...each(read, "-L", "--directory", "-directory", "--insert", "-insert"),
    ...each(none, "-u", "--user", "-user", "-t", "--terminal", "-d", "--display", "--name", "-T", "--title", "-g",
      "--geometry", "-fn", "--font", "-bg", "--background-color", "-fg", "--foreground-color", "-bd", "-bw", "-lsp",
      "-ib", "--border-width", "--cursor-color", "--color"),
    "--daemon": optionalNone,
    "--bg-daemon": optionalNone,
  }, operands: { all: "none" },
  custom: hooks(editorOperands, plusCommands, (ctx) => {
    for (const it of optionItems(ctx, "--eval", "-eval", "--execute", "-execute", "-f", "--funcall", "-funcall", "-l",
      "--load", "-load", "--script", "-script", "-x"))
    {
      if (it.value && /^-(l|-?load|-?script)$/.test(it.name)) ctx.role(it.value, "read");
      issue(ctx, "INLINE_CODE", `${ctx.name} ${it.name} runs Lisp code the guard cannot see into`,
        it.value?.span ?? it.word.span);
    }
  }) };

const EMACSCLIENT: TableSpec = { names: ["emacsclient"], abbreviations: true, flags: "cntqurwV",
  long: ["--create-frame", "--no-wait", "--tty", "--nw", "--quiet", "--suppress-output", "--reuse-frame", "--version",
    "--help"],
  options: { "-e": { modes: ["code"] }, "--eval": { modes: ["code"] }, "-s": none, "--socket-name": none, "-f": read,
    "--server-file": read, "-d": none, "--display": none, "-T": none, "--tramp": none, "-F": none,
    "--frame-parameters": none, "-w": none, "--timeout": none, "-a": { value: "none", modes: ["program"] },
    "--alternate-editor": { value: "none", modes: ["program"] } }, operands: { all: "none" },
  custom: hooks(runsProgram(["-a", "--alternate-editor"]), (ctx) => {
    if (ctx.modes.has("code")) issue(ctx, "INLINE_CODE", "emacsclient --eval runs Lisp code the guard cannot see into");
    else editorOperands(ctx);
  }) };

const VSCODE: TableSpec = { names: ["code", "code-insiders", "codium", "vscodium", "cursor", "windsurf", "code-oss"],
  abbreviations: false, flags: "nrwvh",
  long: ["--new-window", "--reuse-window", "--wait", "--list-extensions", "--show-versions", "--pre-release",
    "--disable-extensions", "--inspect-extensions", "--verbose", "--status", "--prof-startup", "--disable-gpu",
    "--version", "--help", "--disable-workspace-trust", "--disable-chromium-sandbox", "--telemetry",
    "--update-extensions", "--force", "--transient"],
  options: { "-d": { modes: ["diff"] }, "--diff": { modes: ["diff"] }, "-m": { modes: ["merge"] },
    "--merge": { modes: ["merge"] }, "-g": none, "--goto": none, "-a": read, "--add": read, "--remove": read,
    "--user-data-dir": write, "--extensions-dir": write, "--install-extension": none,
    ...each(none, "--locale", "--profile", "--uninstall-extension", "--category", "--disable-extension", "--sync",
      "--log", "--enable-proposed-api", "--inspect-brk-extensions", "--inspect", "--inspect-brk") },
  operands: { all: "none" },
  custom: (ctx) => {
    const ops = ctx.operands;
    if (ops[0]?.text === "tunnel" || ops[0]?.text === "serve-web") return;
    ops.forEach((a, i) => {
      if (a.text === "-") return;
      // --diff A B reads; --merge A B BASE RESULT writes RESULT.
      const role = ctx.modes.has("diff")
        ? "read"
        : ctx.modes.has("merge")
        ? (i === ops.length - 1 ? "write" : "read")
        : "write";
      ctx.role(a, role);
    });
    for (const v of optionValues(ctx, "-g", "--goto")) {
      roleAs(ctx, v, v.text === null ? "" : v.text.replace(/(:[0-9]+){1,2}$/, ""), "write");
    }
    for (const v of optionValues(ctx, "--install-extension")) {
      if (v.text === null || /\.vsix$/i.test(v.text)) localRole(ctx, v, "read");
    }
  } };

const SUBL: TableSpec = {
  names: ["subl", "sublime_text", "smerge", "gedit", "kate", "kwrite", "mousepad", "xed", "pluma", "leafpad", "geany",
    "micro", "hx", "helix", "kak", "joe", "jed", "mcedit", "ne", "zed", "atom", "mate", "bbedit"],
  abbreviations: false,
  flags: "nawbsh",
  long: ["--new-window", "--add", "--wait", "--background", "--stay", "--safe-mode", "--launch-or-new-window",
    "--standalone", "--version", "--help", "--new-document"],
  options: { "--project": read, "--command": { value: "none", modes: ["program"] }, "-c": read, "--config": read,
    "--encoding": none, "-e": none, "-E": none },
  operands: { all: "none" },
  // kak -e/-E runs editor commands (and %sh{…} the shell).
  custom: hooks(editorOperands, runsProgram(["--command"]), (ctx) => {
    if (ctx.name === "kak") {
      for (const it of optionItems(ctx, "-e", "-E")) {
        issue(ctx, "INLINE_CODE", `kak ${it.name} runs editor commands`, it.word.span);
      }
    }
  }),
};

export const EDITOR_SPECS: readonly TableSpec[] = [NANO, EMACS, EMACSCLIENT, VSCODE, SUBL];

// (vim's `.NAME.swp`, `.NAME.swx`, `4913` and `NAME~` beside NAME: src/shell/listing.ts.)
const VIM_NAMING: EntryNaming = { fact: "keeps",
  names: ["vim", "vi", "view", "nvim", "gvim", "vimdiff", "rvim", "ex"] };

export const EDITOR_ANALYSERS: readonly Analyser[] = [{ names: VIM.names, analyse: vim, naming: VIM_NAMING }];
