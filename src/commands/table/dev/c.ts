// C and C++ compilers and the linker.

import type { SpecContext } from "../../spec.ts";
import { each, embeddedPaths, generic, hooks, issue, none, optionalNone, optionValues, read, roleAs, runsProgram,
  write } from "../common.ts";
import type { TableSpec } from "../expand.ts";

/**
 * -l NAME is libNAME.so or .a in each library directory, -l:NAME the file NAME there: a NAME with
 * a slash is a path under each of them (strace: `ld -l ../x` opens
 * /usr/local/lib/…/lib../x.so), one under a -L directory of the project as much as the
 * system's; gold opens an absolute NAME as it is.
 */
function libraryNames(ctx: SpecContext): void {
  for (const v of optionValues(ctx, "-l", "--library")) {
    const name = v.text?.replace(/^:/, "") ?? null;
    if (name === null) ctx.role(v, "read");
    else if (name.startsWith("/")) roleAs(ctx, v, name, "read");
    else if (name.includes("/")) {
      issue(ctx, "UNRESOLVED_PATH", `${ctx.name} looks ${v.source} up under each library directory`, v.span);
    }
  }
}

const CC_NAMES = ["gcc", "g++", "cc", "c++", "clang", "clang++", "c99", "c89", "tcc", "icc", "icx", "zig-cc", "emcc",
  "em++", ...["9", "10", "11", "12", "13", "14", "15"].flatMap((v) => [`gcc-${v}`, `g++-${v}`]),
  ...["14", "15", "16", "17", "18", "19", "20"].flatMap((v) => [`clang-${v}`, `clang++-${v}`])];

export const CC: TableSpec = { names: CC_NAMES, singleDashLong: true, abbreviations: false, flags: "cSEvwsHPCM",
  long: ["-shared", "-static", "-static-libgcc", "-static-libstdc++", "-pthread", "-pedantic", "-pedantic-errors",
    "-ansi", "-pipe", "-rdynamic", "-nostdlib", "-nostdinc", "-nostdinc++", "-nodefaultlibs", "-nostartfiles", "-pie",
    "-no-pie", "-MM", "-MD", "-MMD", "-MP", "-MG", "-dumpversion", "-dumpmachine", "-dumpspecs", "-print-search-dirs",
    "-print-libgcc-file-name", "-print-multiarch", "--version", "-undef", "-traditional", "-trigraphs", "-save-temps",
    "-time", "-Qunused-arguments"],
  options: {
    "-o": write,
    "-MF": write,
    "-MJ": write,
    ...each(read, "-I", "-L", "-isystem", "-iquote", "-idirafter", "-isysroot", "-include", "-imacros", "--sysroot",
      "-specs", "-T", "-fplugin", "-iwithprefix", "-iwithprefixbefore", "-cxx-isystem"),
    ...each(none, "-l", "-D", "-U", "-x", "-MT", "-MQ", "-std", "-u", "-z", "-e", "--target", "-target", "-arch",
      "-iprefix", "-print-file-name", "-print-prog-name", "--param", "-Xarch_host", "-Xarch_device"),
    // -fprofile-generate=DIR, -fmodules-cache-path=DIR, -Wp,-MD,FILE, -Wa,-adhln=FILE: a path may
    // be anywhere in them, so they are judged as any word is.
    ...each(optionalNone, "-f", "-W", "-O", "-g", "-m", "-d", "--help"),
    ...each(generic, "-Xlinker", "-Xassembler", "-Xpreprocessor", "-Xclang"),
    ...each({ value: "none", modes: ["program"] }, "-B", "-wrapper", "--ld-path"),
    "-fuse-ld": none,
  }, operands: { all: "read" },
  custom: hooks(runsProgram(["-B", "-wrapper", "--ld-path"]), embeddedPaths(["-f", "-W"]), libraryNames, (ctx) => {
    for (const a of ctx.operands) {
      if (a.text?.startsWith("@")) {
        issue(ctx, "UNRESOLVED_WORD", `${ctx.name} reads more options from ${a.source.slice(1)}`, a.span);
      }
    }
    // -fuse-ld=lld names a linker; a path is a program of its own.
    for (const v of optionValues(ctx, "-fuse-ld")) {
      if (v.text === null || v.text.includes("/")) {
        issue(ctx, "OPAQUE_CODE", `${ctx.name} -fuse-ld=${v.source} runs that linker`, v.span);
      }
    }
    // -Wl,a,b passes options to the linker, which may name files (-Wl,-Map,../x).
    for (const v of optionValues(ctx, "-W")) {
      if (v.text !== null && v.text.startsWith("l,")) {
        for (const p of v.text.slice(2).split(",")) if (p.includes("/")) roleAs(ctx, v, p, "unknown");
      }
    }
  }) };

export const LD: TableSpec = { names: ["ld", "ld.bfd", "ld.gold", "ld.lld", "lld", "mold"], singleDashLong: true,
  abbreviations: false,
  long: ["--as-needed", "--no-as-needed", "--gc-sections", "--no-undefined", "-shared", "-static", "-pie",
    "--whole-archive", "--no-whole-archive", "--start-group", "--end-group", "--version", "-s", "--strip-all",
    "--export-dynamic", "-E", "-r", "--relocatable"],
  options: {
    "-R": generic,
    "--just-symbols": read,
    "-o": write,
    "--output": write,
    "-Map": write,
    "--out-implib": write,
    ...each(read, "-L", "--library-path", "-T", "--script", "--version-script", "--dynamic-list", "-rpath-link",
      "--sysroot", "-plugin"),
    ...each(none, "-l", "--library", "-rpath", "-soname", "-h", "-e", "--entry", "-z", "-m", "-u", "--undefined",
      "--defsym", "--wrap", "--hash-style", "-O", "--dynamic-linker", "-dynamic-linker"),
    // --build-id[=STYLE] and the others `ld --help` lists with `[=…]`: a separate word is an input file.
    ...each(optionalNone, "--build-id", "--package-metadata", "--unique", "--demangle", "--sort-common",
      "--split-by-file", "--split-by-reloc", "--verbose", "--enable-auto-image-base"),
  }, operands: { all: "read" }, custom: libraryNames };
