// The other script interpreters: ruby, perl, php, lua.

import { applySpec, syntheticArg } from "../../apply.ts";
import type { Analyser } from "../../spec.ts";
import { assignmentOptions, chdir, type Custom, each, hooks, issue, none, optionalNone, optionItems, optionValues, read,
  roleAs } from "../common.ts";
import { expandSpec, type TableSpec } from "../expand.ts";
import { info, inlineCode, modulePaths, programFromStdin, projectCode } from "./code-options.ts";
import { inPlaceKept, perlInlineCode, perlStdinProgram } from "./perl-code.ts";
import { PERL_SWITCHES, RUBY_SWITCHES, splitSwitchWords } from "./switch-words.ts";

const RUBY: TableSpec = { names: ["ruby", "jruby", "truffleruby"], style: "posix", abbreviations: false,
  flags: "acdlnpsSvwyU",
  long: ["--jit", "--yjit", "--verbose", "--backtrace-limit", "--disable-gems", "--enable-frozen-string-literal"],
  options: {
    "-e": { value: "none", modes: ["eval"] },
    "-r": none,
    "-I": read,
    "-C": chdir,
    // -x[DIR] changes to DIR before running the script (ruby(1)), as -C does.
    "-x": { value: "chdir", optional: true },
    ...each(optionalNone, "-W", "-0", "-i", "-K", "-T", "--enable", "--disable", "--dump", "--encoding",
      "--external-encoding", "--internal-encoding"),
    "-F": none,
    "-E": none,
    ...each(info, "-h", "--help", "--version"),
  }, operands: { first: "exec", unlessModes: ["eval", "info"], rest: "generic" }, changes: projectCode,
  custom: hooks(inlineCode(["-e"]), modulePaths(["-r"]), programFromStdin(["eval", "info"]), inPlaceBackup(null)) };

/**
 * `-i[EXT]` edits the files in place and keeps the original under a backup name: with a `/` in
 * EXT (or perl's `*`, replaced by the file's name as given: perlrun) the backup is written
 * elsewhere, `perl -i'../bak/*'`; without, it is NAME+EXT beside the file (perl links it there:
 * strace), a name it makes. ruby only appends EXT (ruby(1)). (perl's confined inline code has
 * its writes and backups recorded already, marked: inPlaceKept.)
 */
function inPlaceBackup(placeholder: "*" | null): Custom {
  return (ctx) => {
    if (inPlaceKept(ctx)) return;
    const files = ctx.modes.has("eval") ? ctx.operands : ctx.operands.slice(1);
    for (const ext of optionValues(ctx, "-i")) {
      if (ext.text === null) {
        ctx.role(ext, "generic");
        continue;
      }
      if (ext.text === "") continue;
      for (const f of files) {
        if (f.text === null) ctx.role(f, "generic");
        else {
          roleAs(ctx, f, placeholder !== null && ext.text.includes(placeholder)
            ? ext.text.split(placeholder).join(f.text)
            : f.text + ext.text, "write");
        }
      }
    }
  };
}

const PERL: TableSpec = {
  names: ["perl", "perl5"],
  style: "posix",
  abbreviations: false,
  // -g (5.36) is -0777. -l takes octal digits of its own (split off by PERL_SWITCHES).
  flags: "acgnpsStTuUwWX",
  options: {
    ...each({ value: "none", modes: ["eval"] }, "-e", "-E"),
    "-I": read,
    // -x[DIR] changes to DIR before running the script (perlrun).
    "-x": { value: "chdir", optional: true },
    ...each(optionalNone, "-M", "-m", "-0", "-l", "-i", "-d", "-D", "-C", "-F"),
    ...each(info, "-v", "-h", "--help", "--version"),
    "-V": { value: "none", optional: true, modes: ["info"] },
  },
  // With -e, perlInlineCode gives each operand its role: what the code does with it.
  operands: { first: "exec", unlessModes: ["eval", "info"], rest: { default: "generic", modes: { eval: "none" } } },
  changes: projectCode,
  custom: hooks(perlInlineCode, perlStdinProgram, (ctx) => {
    // -MMod=a,b is `use Mod split(/,/, q{a,b})`; anything else in it is spliced in as code.
    for (const v of optionValues(ctx, "-M", "-m")) {
      if (v.text === null || !/^-?[\w:]*(=[\w:.,/-]*)?$/.test(v.text)) {
        issue(ctx, "INLINE_CODE", `perl -M${v.source} runs code`, v.span);
      }
    }
  }, inPlaceBackup("*")),
};

/**
 * An interpreter's entry with its switch words first split where it reads them otherwise than
 * the table's bundles (switch-words.ts: `perl -0777ne` is `-0777 -ne`, `ruby -We` is `-W -e`).
 */
function switchesFirst(spec: TableSpec, rules: Parameters<typeof splitSwitchWords>[1]): Analyser {
  // Expanded on first use, as the table's own entries are (table/index.ts).
  let expanded: ReturnType<typeof expandSpec> | null = null;
  return { names: spec.names,
    analyse: (call) =>
      applySpec(call.name, expanded ??= expandSpec(spec), splitSwitchWords(call.args, rules), call.world, call.span,
        undefined, call.disk, () => call.stdin).effects };
}

export const PERL_ANALYSER: Analyser = switchesFirst(PERL, PERL_SWITCHES);
export const RUBY_ANALYSER: Analyser = switchesFirst(RUBY, RUBY_SWITCHES);

export const PHP: TableSpec = { names: ["php", "php-cli", "php7", "php8"], style: "posix", abbreviations: false,
  flags: "nqsHweil",
  options: { ...each({ value: "none", modes: ["eval"] }, "-r", "-B", "-R", "-E"),
    "-F": { value: "exec", modes: ["eval"] }, "-f": { value: "exec", modes: ["script"] }, "-a": { modes: ["eval"] },
    "--interactive": { modes: ["eval"] }, "-d": none, "-c": read, "-t": read,
    "-S": { value: "none", modes: ["server"] }, "-z": read, ...each(none, "--rf", "--rc", "--re", "--rz", "--ri"),
    ...each(info, "-v", "--version", "-h", "--help", "-m", "--ini", "-i") },
  operands: { first: "exec", unlessModes: ["eval", "script", "info", "server"], rest: "generic" }, changes: projectCode,
  custom: hooks(inlineCode(["-r", "-B", "-R", "-E", "-a", "--interactive"]),
    programFromStdin(["eval", "script", "info", "server"]), assignmentOptions(["-d"]), (ctx) => {
    if (ctx.modes.has("server") && !optionItems(ctx, "-t").length) {
      ctx.role(syntheticArg(".", ctx.items[0]?.word.span ?? { start: 0, end: 0 }), "read");
    }
  }) };

export const LUA: TableSpec = { names: ["lua", "luajit", "lua5.1", "lua5.2", "lua5.3", "lua5.4"], style: "posix",
  abbreviations: false, flags: "EWO",
  options: { "-e": { value: "none", modes: ["eval"] }, "-i": { modes: ["eval"] }, "-l": none, "-j": none,
    "-b": { modes: ["eval"] }, ...each(info, "-v") },
  operands: { first: "exec", unlessModes: ["eval", "info"], rest: "generic" }, changes: projectCode,
  custom: hooks(inlineCode(["-e", "-i", "-b"]), programFromStdin(["eval", "info"])) };
