// Filters that read files (or standard input) and write standard output or a named file: the
// groff family, Graphviz, netpbm, aha, LLVM's assembler, the ALSA recorder, lame, bwa, pv. As
// unknown commands they counted as having changed the filesystem, so a later redirection
// through a directory that does not exist yet asked (`eqn x | groff > out/x.pdf`).
//
// A document may name other files inside it (groff's `.so`, Graphviz's image attributes): as for
// pandoc, those are not followed. What would run commands is: groff's unsafe mode (`-U`).

import { withValue } from "../effects.ts";
import type { SpecContext } from "../spec.ts";
import { each, issue, none, optionItems, optionValues, read, roleAs, write } from "./common.ts";
import type { TableSpec } from "./expand.ts";
import { PV_INPUT } from "./pipe/text.ts";

/** groff -U lets the document run shell commands (`.sy`, `.pso`, `.pi`). */
function unsafeMode(ctx: SpecContext): void {
  for (const it of optionItems(ctx, "-U")) {
    issue(ctx, "OPAQUE_CODE", `${ctx.name} -U lets the document run commands`, it.word.span);
  }
}

/**
 * groff -m NAME reads NAME.tmac from the macro path, HOME first; a NAME with a slash is a path
 * there (strace: `-m ../x` opens ~/../x.tmac, then each system directory's), an absolute one
 * is opened as it is (/x.tmac). A plain NAME is a macro package of the system's or the user's.
 */
function macroFiles(ctx: SpecContext): void {
  // -T NAME reads devNAME/DESC under each font directory (strace: -T../x opens
  // /usr/share/groff/…/font/dev../x/DESC): a NAME with a slash reaches past them, into a -F
  // directory of the project as much as the system's.
  for (const v of optionValues(ctx, "-T")) {
    if (v.text === null || v.text.includes("/")) {
      issue(ctx, "UNRESOLVED_PATH", `${ctx.name} -T ${v.source} looks a device up under each font directory`, v.span);
    }
  }
  for (const v of optionValues(ctx, "-m")) {
    if (v.text === null) ctx.role(v, "read");
    else if (v.text.startsWith("/")) roleAs(ctx, v, `${v.text}.tmac`, "read");
    else if (v.text.includes("/")) {
      const home = ctx.world.getVar("HOME");
      ctx.role(withValue(v, home?.k === "str" ? `${home.v}/${v.text}.tmac` : null, "the home directory is not known"),
        "read");
    }
  }
}

const ROFF_VALUES = each(none, "-m", "-T", "-P", "-f", "-d", "-r", "-w", "-W", "-n", "-o", "-K", "-D", "-L");
const ROFF_DIRS = each(read, "-M", "-I", "-F");

const GROFF: TableSpec = { names: ["groff", "troff", "nroff"], flags: "abcCEegGhijJkNpRsStvzZ",
  options: { ...ROFF_VALUES, ...ROFF_DIRS, "-U": {} }, operands: { all: "read" },
  custom: (ctx) => {
    unsafeMode(ctx);
    macroFiles(ctx);
  } };

/** The preprocessors and output drivers: files in, text out. */
const ROFF_FILTERS: TableSpec = {
  names: ["eqn", "neqn", "tbl", "pic", "grap", "gropdf", "grops", "grotty", "grodvi", "grolj4", "grolbp"],
  flags: "CNrRvVnSlu",
  // pic -U, like groff's, lets the picture run commands (`sh`).
  options: { ...each(none, "-T", "-d", "-f", "-s", "-m", "-w", "-e", "-y", "-p", "-c", "-b"), ...ROFF_DIRS, "-P": read,
    "-U": {} },
  operands: { all: "read" },
  custom: unsafeMode,
};

const GRAPHVIZ: TableSpec = { names: ["dot", "neato", "twopi", "circo", "fdp", "sfdp", "patchwork", "osage"],
  flags: "vVqy",
  options: {
    "-o": write,
    "-l": read,
    ...each(none, "-T", "-K", "-G", "-N", "-E", "-s", "-n", "-L"),
    // -O writes each output next to its input.
    "-O": { modes: ["beside"] },
    "-c": {},
  }, operands: { all: { default: "read", modes: { beside: "write" } } },
  custom: (ctx) => {
    for (const it of optionItems(ctx, "-c")) {
      issue(ctx, "OUTSIDE_EFFECT", `${ctx.name} -c writes Graphviz's plugin configuration in its library directory`,
        it.word.span);
    }
  } };

/** The other Graphviz tools: their options differ from tool to tool, -o is the output. */
const GRAPHVIZ_FILTERS: TableSpec = {
  names: ["edgepaint", "gvcolor", "mingle", "unflatten", "ccomps", "tred", "acyclic", "nop", "gc", "sccmap"],
  options: { "-o": write },
  operands: { all: "read" },
};

const NETPBM: TableSpec = {
  names: ["rawtoppm", "pamflip", "pnmtopng", "pngtopnm", "pnmscale", "pamscale", "pnmcut", "pamcut", "ppmtojpeg",
    "jpegtopnm", "pnmtojpeg", "pamtopng"],
  singleDashLong: true,
  options: {
    ...each(none, "-width", "-height", "-rotate90", "-rotate180", "-rotate270", "-lr", "-tb", "-topbottom",
      "-leftright", "-xform", "-scale", "-xsize", "-ysize", "-quality", "-headerskip", "-rowskip", "-left", "-right",
      "-top", "-bottom"),
  },
  operands: { all: "read" },
};

const AHA: TableSpec = { names: ["aha"], flags: "bpnswlxry",
  long: ["--black", "--pink", "--no-header", "--stylesheet", "--word-wrap", "--line-fix", "--no-xml", "--ignore-cr",
    "--help", "--version"],
  options: { "-f": read, "--file": read, "-c": read, "--css": read, "-t": none, "--title": none },
  operands: { all: "none" } };

/** llvm-as x.ll writes x.bc beside it unless -o names the output (llvm-as(1)). */
const LLVM_AS: TableSpec = { names: ["llvm-as", "llvm-dis"], flags: "fdv",
  long: ["--disable-output", "--help", "--version"], options: { "-o": { value: "write", modes: ["output"] } },
  operands: { all: { default: "write", modes: { output: "read" } } } };

const ALSA_OPTIONS = { flags: "lLhqvNM",
  long: ["--list-devices", "--list-pcms", "--help", "--quiet", "--verbose", "--nonblock", "--mmap", "--version",
    "--separate-channels", "--dump-hw-params", "--disable-resample", "--disable-channels", "--disable-format",
    "--disable-softvol"],
  options: {
    ...each(none, "-D", "--device", "-t", "--file-type", "-c", "--channels", "-f", "--format", "-r", "--rate", "-d",
      "--duration", "-s", "--samples", "-B", "--buffer-time", "-F", "--period-time", "-A", "--avail-min", "-R",
      "--start-delay", "-T", "--stop-delay", "-V", "--vumeter", "-I", "--max-file-time"),
    "--use-strftime": {},
    "--process-id-file": write,
  } } as const;
const ARECORD: TableSpec = { names: ["arecord"], ...ALSA_OPTIONS, operands: { all: "write" } };
const APLAY: TableSpec = { names: ["aplay"], ...ALSA_OPTIONS, operands: { all: "read" } };

const LAME: TableSpec = { names: ["lame"], flags: "rxahfS",
  long: ["--preset", "--silent", "--quiet", "--verbose", "--help", "--version", "--decode", "--mp3input", "--nohist",
    "--disptime"],
  options: {
    ...each(none, "-b", "-B", "-V", "-q", "-s", "-m", "--resample", "--preset", "--abr", "--cbr", "--vbr-new", "--tt",
      "--ta", "--tl", "--ty", "--tc", "--tn", "--tg"),
    "--ti": read,
  }, operands: { positional: ["read", "write"] } };

/** bwa: `index` writes its files beside the reference (or at -p PREFIX); the aligners read. */
const bwaAlign: TableSpec = { names: [], flags: "aCHMpPSY",
  options: {
    ...each(none, "-t", "-k", "-w", "-d", "-r", "-c", "-D", "-m", "-W", "-A", "-B", "-O", "-E", "-L", "-U", "-x", "-R",
      "-T", "-h", "-I", "-v", "-n", "-o", "-e", "-i", "-l", "-q", "-s", "-j", "-N", "-z", "-G"),
    "-f": write,
  }, operands: { all: "read" } };
const BWA: TableSpec = { names: ["bwa"], operands: { all: "generic" },
  subcommands: { mem: bwaAlign, aln: bwaAlign, samse: bwaAlign, sampe: bwaAlign, bwasw: bwaAlign,
    index: { names: [], options: { "-p": write, "-a": none, "-b": none }, operands: { all: "write" } } } };

/** pv: files in, standard output out; -d and -R reach into other processes. */
const PV: TableSpec = { names: ["pv"], flags: "pterIabTAFnqcWlS0KEk",
  long: ["--progress", "--timer", "--eta", "--fineta", "--rate", "--average-rate", "--bytes", "--buffer-percent",
    "--numeric", "--quiet", "--cursor", "--wait", "--line-mode", "--null", "--force", "--skip-errors", "--stop-at-size",
    "--no-splice", "--help", "--version"],
  options: {
    ...each(none, "-d", "--watchfd", "-R", "--remote", "-N", "--name", "-L", "--rate-limit", "-s", "--size", "-i",
      "--interval", "-w", "--width", "-H", "--height", "-B", "--buffer-size", "-D", "--delay-start", "-m",
      "--average-rate-window", "-F", "--format", "-x", "--last-written"),
    "-P": write,
    "--pidfile": write,
  }, operands: { all: "read" }, pipe: [PV_INPUT],
  custom: (ctx) => {
    // -d PID[:FD] watches another process's descriptors through /proc; -R PID sends it options.
    for (const it of optionItems(ctx, "-d", "--watchfd")) {
      const pid = it.value?.text?.match(/^(\d+)(:\d+)?$/)?.[1];
      if (it.value && pid !== undefined) roleAs(ctx, it.value, `/proc/${pid}/fd`, "list");
      else issue(ctx, "UNRESOLVED_PATH", `pv ${it.name} watches the files another process has open`, it.word.span);
    }
    for (const it of optionItems(ctx, "-R", "--remote")) {
      issue(ctx, "UNRESOLVED_PATH", `pv ${it.name} changes another pv process`, it.word.span);
    }
  } };

export const FILTER_SPECS: readonly TableSpec[] = [GROFF, ROFF_FILTERS, GRAPHVIZ, GRAPHVIZ_FILTERS, NETPBM, AHA,
  LLVM_AS, ARECORD, APLAY, LAME, BWA, PV];
