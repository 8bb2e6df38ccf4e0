// GNU coreutils and their close relatives: what each does with its operands and options.
// Flags that take no value are listed as strings (`flags`: one letter each; `long`: names)
// and expanded by table/index.ts; options with values are written out with their role.

import { isAbsolute } from "../../paths/resolve.ts";
import { syntheticArg } from "../apply.ts";
import { type Arg, missingTop, withValue } from "../effects.ts";
import type { OptionSpec, SpecContext } from "../spec.ts";
import { againstCwd, baseOfArg, each, hooks, issue, KEEPS, linkedGitDir, linkNames, movedNames, namesFrom, optionItems,
  optionValues, REMOVES, roleAs, runsProgram, spanOf, TREES } from "./common.ts";
import { SYSTEM_TOOLS } from "./system-tools.ts";
import type { TableSpec } from "./expand.ts";
import { LS_LINK_OPTIONS, LS_OPERAND_ROLE, lsOperands, readlinkOperands } from "./link-operands.ts";
import { HEAD_TAIL_LINES, SORT_LINES, TAC_LINES, TEE_LINES, TR_LINES, UNIQ_LINES } from "./pipe/lines.ts";
import { LS_LISTING } from "./pipe/listings.ts";
import { CAT_FILE, CAT_INPUT, ECHO_TEXT, PRINTF_TEXT, SEQ_NUMBERS, WC_NUMBERS } from "./pipe/text.ts";
import { DATE } from "./date-zone.ts";
import { ECHO_NAME, PATH_PART_NAME, TR_NAMES } from "./pipe/names-text.ts";
import { BASENAME_TEXT, CUT_TEXT, DIRNAME_TEXT, HEAD_TEXT, REV_TEXT, TAIL_TEXT, TR_TEXT,
  UNIQ_TEXT } from "./pipe/compute.ts";
import { READLINK_TEXT, REALPATH_TEXT } from "./pipe/disk.ts";

const none: OptionSpec = { value: "none" };
const read: OptionSpec = { value: "read" };

/** A pager's `+command`: moving (`+G`, `+50`, `+/pattern`) is harmless; any other command may run one. */
function pagerCommands(ctx: SpecContext): void {
  for (const a of ctx.operands) {
    if (a.text === null || (a.text.startsWith("+") && !/^\+\+?([0-9]*[GgFp%]?|[/?&][^!|]*)$/.test(a.text))) {
      issue(ctx, "INLINE_CODE", `${ctx.name} ${a.source} may run a pager command`, a.span);
    }
  }
}

/** Files named by a prefix (split, csplit) are written in the prefix's directory. */
function prefixDirectory(ctx: SpecContext, prefix: Arg | undefined): void {
  if (!prefix) return;
  const t = prefix.text;
  ctx.role(t === null ? prefix : withValue(prefix, t.includes("/") ? t.slice(0, t.lastIndexOf("/")) || "/" : ".", ""),
    "write");
}
const write: OptionSpec = { value: "write" };
const optionalNone: OptionSpec = { value: "none", optional: true };

/** -t DIR / --target-directory=DIR and -T for cp, mv, ln, install. */
const targetOptions: Record<string, OptionSpec> = { "-t": { value: "target", modes: ["target"] },
  "--target-directory": { value: "target", modes: ["target"] }, "-T": {}, "--no-target-directory": {} };

const backupOptions: Record<string, OptionSpec> = { "-b": {}, "--backup": optionalNone, "-S": none, "--suffix": none };

export const COREUTILS: readonly TableSpec[] = [
  { names: ["cat"], flags: "AbeEnstTuv",
    long: ["--show-all", "--number-nonblank", "--show-ends", "--number", "--squeeze-blank", "--show-tabs",
      "--show-nonprinting"], operands: { all: "read" }, pipe: [CAT_INPUT, CAT_FILE] },
  { names: ["tac"], flags: "br", long: ["--before", "--regex"], options: { "-s": none, "--separator": none },
    operands: { all: "read" }, pipe: [TAC_LINES] },
  { names: ["head"], numeric: true, flags: "qvz", long: ["--quiet", "--silent", "--verbose", "--zero-terminated"],
    options: { "-c": none, "--bytes": none, "-n": none, "--lines": none }, operands: { all: "read" },
    pipe: [HEAD_TAIL_LINES, HEAD_TEXT] },
  { names: ["tail"], numeric: true, flags: "fFqvz",
    long: ["--quiet", "--silent", "--verbose", "--zero-terminated", "--retry"],
    options: { "-c": none, "--bytes": none, "-n": none, "--lines": none, "--follow": optionalNone, "-s": none,
      "--sleep-interval": none, "--pid": none, "--max-unchanged-stats": none }, operands: { all: "read" },
    pipe: [HEAD_TAIL_LINES, TAIL_TEXT] },
  { names: ["wc"], naming: KEEPS, flags: "cmlLw",
    long: ["--bytes", "--chars", "--lines", "--max-line-length", "--words", "--total"],
    options: { "--files0-from": none }, operands: { all: "read" }, pipe: [WC_NUMBERS],
    custom: (ctx) => namesFrom(ctx, ["--files0-from"], { kind: "read", separator: "\0", scan: true }) },
  { names: ["ls", "dir", "vdir"], flags: "aAbBcCdDfFgGhHiklLmnNopqQrsStuUvwxXZ1",
    long: ["--all", "--almost-all", "--author", "--escape", "--ignore-backups", "--directory", "--dired", "--classify",
      "--file-type", "--full-time", "--group-directories-first", "--no-group", "--human-readable", "--si",
      "--dereference-command-line", "--dereference-command-line-symlink-to-dir", "--inode", "--kibibytes", "--literal",
      "--numeric-uid-gid", "--hide-control-chars", "--show-control-chars", "--quote-name", "--reverse", "--size",
      "--context", "--zero"],
    options: {
      "-R": { modes: ["recursive"] },
      "--recursive": { modes: ["recursive"] },
      "-L": { modes: ["follow"] },
      "--dereference": { modes: ["follow"] },
      "-I": none,
      "--ignore": none,
      "--hide": none,
      "-w": none,
      "--width": none,
      "-T": none,
      "--tabsize": none,
      "--sort": none,
      "--time": none,
      "--time-style": none,
      "--block-size": none,
      "--quoting-style": none,
      // -l, -d and what decides whether a symlink operand is followed (link-operands.ts).
      ...LS_LINK_OPTIONS,
    }, operands: { all: LS_OPERAND_ROLE, defaultOperand: ".", defaultRole: "list" },
    recursion: { mode: "recursive", follow: { mode: "follow" } }, custom: lsOperands, pipe: [LS_LISTING] },
  {
    names: ["cp"],
    naming: TREES,
    flags: "adfHiLnprRsuvxZ",
    long: ["--attributes-only", "--copy-contents", "--debug", "--force", "--interactive", "--no-clobber",
      "--one-file-system", "--parents", "--remove-destination", "--strip-trailing-slashes", "--symbolic-link",
      "--update", "--verbose", "--keep-directory-symlink"],
    options: { ...targetOptions, ...backupOptions, "-r": { modes: ["recursive"] }, "-R": { modes: ["recursive"] },
      "--recursive": { modes: ["recursive"] }, "-a": { modes: ["recursive"] }, "--archive": { modes: ["recursive"] },
      "-L": { modes: ["follow"] }, "--dereference": { modes: ["follow"] }, "-P": { clears: ["follow"] },
      "--no-dereference": { clears: ["follow"] }, "--preserve": optionalNone, "--no-preserve": none, "--sparse": none,
      "--reflink": optionalNone, "--context": optionalNone, "--update=": none, "-l": { modes: ["link"] },
      "--link": { modes: ["link"] } },
    // -l hard-links the sources: a write through the new name is a write of them, as with `ln`.
    operands: { sources: { default: "read", modes: { link: "unknown" } }, dest: "write" },
    recursion: { mode: "recursive", follow: { mode: "follow" } },
    // Symlinks they may leave are `links` effects (linkNames), not a change anywhere.
    changes: { fs: true },
    // A copy is a symlink when cp makes one (-s), or copies one as it is: -d, -P, -a, and
    // recursive copies (-r without -L copies the links in the tree; the guard does not follow
    // -L there either).
    custom: (ctx) => {
      const symbolic = optionItems(ctx, "-s", "--symbolic-link").length > 0;
      const asIs = ctx.modes.has("recursive") || optionItems(ctx, "-d", "-P", "--no-dereference").length > 0;
      const link = ctx.modes.has("link") && !symbolic;
      if (link && ctx.modes.has("recursive")) {
        const target = optionItems(ctx, "-t", "--target-directory").length > 0;
        const sources = target ? ctx.operands : ctx.operands.slice(0, -1);
        for (const src of sources) linkedGitDir(ctx, src, baseOfArg(ctx, src));
      }
      if (!symbolic && !asIs && !link) return;
      const parents = optionItems(ctx, "--parents").length > 0;
      if (!parents) return linkNames(ctx, { sourced: !symbolic, sameFile: link });
      // --parents: each source lands at DIR/SOURCE, its whole name kept.
      const target = optionValues(ctx, "-t", "--target-directory").pop();
      const dir = target ?? (ctx.operands.length > 1 ? ctx.operands[ctx.operands.length - 1]! : null);
      if (!dir) return;
      for (const src of target ? ctx.operands : ctx.operands.slice(0, -1)) {
        const name = dir.text === null || src.text === null
          ? null
          : `${dir.text.replace(/\/+$/, "")}/${src.text.replace(/^\/+/, "")}`;
        ctx.emit({ t: "links", arg: withValue(dir, name, "a name cp --parents makes"),
          ...(symbolic ? {} : { source: src }) });
      }
    },
  },
  {
    names: ["mv"],
    naming: TREES,
    flags: "finuvZ",
    long: ["--force", "--interactive", "--no-clobber", "--strip-trailing-slashes", "--update", "--verbose",
      "--exchange", "--no-copy", "--context"],
    options: { ...targetOptions, ...backupOptions },
    // A moved file is gone from where it was: both ends are written.
    operands: { sources: "write", dest: "write" },
    // Symlinks they may leave are `links` effects (linkNames), not a change anywhere.
    changes: { fs: true },
    custom: (ctx) => {
      linkNames(ctx, { sourced: true, sameFile: true });
      // --exchange swaps the two: the source's name gets what the destination was.
      const ops = ctx.operands;
      const exchange = optionItems(ctx, "--exchange").length > 0;
      if (exchange && ops.length === 2) ctx.emit({ t: "links", arg: ops[0]!, source: ops[1]! });
      movedNames(ctx, exchange ? ops : optionItems(ctx, "-t", "--target-directory").length ? ops : ops.slice(0, -1));
    },
  },
  { names: ["rm"], naming: REMOVES, flags: "fiIdv",
    long: ["--force", "--dir", "--verbose", "--one-file-system", "--no-preserve-root", "--preserve-root"],
    options: { "-r": { modes: ["recursive"] }, "-R": { modes: ["recursive"] }, "--recursive": { modes: ["recursive"] },
      "--interactive": optionalNone, "--preserve-root=": none }, operands: { all: "write" },
    recursion: { mode: "recursive", follow: "never", removes: true } },
  { names: ["mkdir"], naming: KEEPS, flags: "vZ", long: ["--verbose"],
    options: { "-m": none, "--mode": none, "--context": optionalNone, "-p": { modes: ["parents"] },
      "--parents": { modes: ["parents"] } }, operands: { all: "write" }, custom: mkdirParents },
  { names: ["rmdir"], naming: REMOVES, flags: "pv", long: ["--parents", "--verbose", "--ignore-fail-on-non-empty"],
    operands: { all: "write" } },
  { names: ["touch"], naming: KEEPS, flags: "acfhm", long: ["--no-create", "--no-dereference"],
    options: { "-d": none, "--date": none, "-t": none, "-r": read, "--reference": read, "--time": none },
    operands: { all: "write" } },
  {
    names: ["ln"],
    flags: "finLPv",
    long: ["--force", "--interactive", "--logical", "--physical", "--no-dereference", "--verbose"],
    options: { ...targetOptions, ...backupOptions, "-s": { modes: ["symbolic"] }, "--symbolic": { modes: ["symbolic"] },
      "-r": { modes: ["relative"] }, "--relative": { modes: ["relative"] }, "-d": {}, "-F": {}, "--directory": {} },
    // A link makes its target reachable from inside: the target is judged like an access of
    // any kind, and the link itself is written. A symbolic link's target is text that is
    // resolved later from the directory the link is in, so it is judged from there.
    operands: { sources: { default: "unknown", modes: { symbolic: "none" } }, dest: "write",
      single: { default: "unknown", modes: { symbolic: "none" } } },
    // Symlinks they may leave are `links` effects (linkNames), not a change anywhere.
    changes: { fs: true },
    custom: (ctx) => {
      const symbolic = ctx.modes.has("symbolic");
      // -n: a LINK that is a symlink to a directory is replaced, not followed.
      const replaceLink = optionItems(ctx, "-n", "--no-dereference").length > 0;
      // The link (a hard link to a symlink is one too) is a name later paths cannot trust.
      linkNames(ctx, { sourced: !symbolic, replaceLink, single: true, sameFile: !symbolic });
      // `ln -s` with no operand only reports its usage (`ln -s <a> <b>` is two redirections).
      if (!symbolic || ctx.operands.length === 0) return;
      const ops = ctx.operands;
      const target = ctx.items.find((i) => i.t === "option" && (i.name === "-t" || i.name === "--target-directory"));
      const noTarget = optionItems(ctx, "-T", "--no-target-directory").length > 0;
      const cwd = ctx.world.cwd;
      const abs = (p: string | null): string | null => (p === null ? null : againstCwd(cwd, p));
      const linkDirs: (string | null)[] = [];
      let targets = ops;
      // No operand (`ln -s <a >b`: the redirections took the words): ln fails, naming nothing.
      if (ops.length === 0) return;
      if (ctx.modes.has("relative")) linkDirs.push(cwd);
      else if (target && target.t === "option") linkDirs.push(abs(target.value?.text ?? null));
      else if (ops.length === 1) linkDirs.push(cwd);
      else {
        const dest = ops[ops.length - 1]!;
        targets = ops.slice(0, -1);
        // LINK names a new link, or an existing directory to put the links in (with -T never;
        // with -n not when LINK is a symlink, which is replaced). When an earlier part of the
        // command may have changed what LINK is, the target is judged from both directories.
        const d = dest.text;
        const parent = d === null ? null : abs(d.includes("/") ? d.slice(0, d.lastIndexOf("/")) || "/" : ".");
        if (d === null) linkDirs.push(null);
        else if (ops.length > 2 || d.endsWith("/")) linkDirs.push(abs(d));
        else if (noTarget) linkDirs.push(parent);
        else {
          const intoDir = ctx.disk.isDirectory(d) && !(replaceLink && ctx.disk.isLink(d));
          linkDirs.push(intoDir ? abs(d) : parent);
          if (!ctx.disk.settled(d)) linkDirs.push(intoDir ? parent : abs(d));
        }
      }
      for (const t of targets) {
        for (const linkDir of linkDirs) {
          ctx.role(t, "unknown", t.text !== null && isAbsolute(t.text) ? undefined : linkDir);
        }
      }
    },
  },
  { names: ["chmod"], naming: REMOVES, flags: "cfvR",
    long: ["--changes", "--silent", "--quiet", "--verbose", "--no-preserve-root", "--preserve-root"],
    options: { "--reference": { value: "read", modes: ["reference"] }, "-R": { modes: ["recursive"] },
      "--recursive": { modes: ["recursive"] }, "-H": {}, "-L": { modes: ["follow"] }, "-P": { clears: ["follow"] } },
    operands: { first: "none", unlessModes: ["reference"], rest: "write" },
    recursion: { mode: "recursive", follow: { mode: "follow" } } },
  { names: ["chown", "chgrp"], naming: REMOVES, flags: "cfvh",
    long: ["--changes", "--silent", "--quiet", "--verbose", "--no-dereference", "--dereference", "--no-preserve-root",
      "--preserve-root"],
    options: { "--reference": { value: "read", modes: ["reference"] }, "--from": none, "-R": { modes: ["recursive"] },
      "--recursive": { modes: ["recursive"] }, "-H": {}, "-L": { modes: ["follow"] }, "-P": { clears: ["follow"] } },
    operands: { first: "none", unlessModes: ["reference"], rest: "write" },
    recursion: { mode: "recursive", follow: { mode: "follow" } } },
  { names: ["stat"], flags: "fLt", long: ["--dereference", "--file-system", "--terse"],
    options: { "-c": none, "--format": none, "--printf": none, "--cached": none }, operands: { all: "read" } },
  { names: ["du"], flags: "0abcDhHklmsSxP",
    long: ["--null", "--all", "--apparent-size", "--bytes", "--total", "--dereference-args", "--human-readable",
      "--inodes", "--count-links", "--separate-dirs", "--si", "--summarize", "--one-file-system", "--no-dereference"],
    options: { "-L": { modes: ["follow"] }, "--dereference": { modes: ["follow"] }, "-d": none, "--max-depth": none,
      "-B": none, "--block-size": none, "-t": none, "--threshold": none, "--time": optionalNone, "--time-style": none,
      "--exclude": none, "-X": read, "--exclude-from": read, "--files0-from": none }, operands: { all: "list" },
    recursion: { follow: { mode: "follow" } },
    custom: (ctx) => {
      const follow = ctx.modes.has("follow");
      namesFrom(ctx, ["--files0-from"], { kind: "list", separator: "\0", scan: follow });
      // With no operand and no list, du measures `.`.
      if (ctx.operands.length || optionItems(ctx, "--files0-from").length) return;
      const dot = syntheticArg(".", spanOf(ctx));
      ctx.role(dot, "list", ctx.start);
      if (follow) {
        ctx.emit({ t: "scan", arg: dot, kind: "list", ...(ctx.start !== undefined ? { base: ctx.start } : {}) });
      }
    } },
  { names: ["df"], flags: "ahHiklPTv",
    long: ["--all", "--human-readable", "--si", "--inodes", "--local", "--no-sync", "--portability", "--sync",
      "--total", "--print-type"],
    options: { "-B": none, "--block-size": none, "-t": none, "--type": none, "-x": none, "--exclude-type": none,
      "--output": optionalNone }, operands: { all: "read" } },
  {
    names: ["sort"],
    naming: KEEPS,
    flags: "bdfgiMhnRrVcCmsuz",
    long: ["--ignore-leading-blanks", "--dictionary-order", "--ignore-case", "--general-numeric-sort",
      "--ignore-nonprinting", "--month-sort", "--human-numeric-sort", "--numeric-sort", "--random-sort", "--reverse",
      "--version-sort", "--merge", "--stable", "--unique", "--zero-terminated", "--debug"],
    options: { "-o": write, "--output": write, "-T": write, "--temporary-directory": write, "--files0-from": none,
      "-k": none, "--key": none, "-t": none, "--field-separator": none, "-S": none, "--buffer-size": none,
      "--parallel": none, "--batch-size": none, "--random-source": read, "--sort": none, "--check": optionalNone,
      "--compress-program": none },
    operands: { all: "read" },
    pipe: [SORT_LINES],
    // The compressor gets sort's temporary data on its stdin: `sh` would run the file sorted.
    custom: hooks(runsProgram(["--compress-program"]),
      (ctx) => namesFrom(ctx, ["--files0-from"], { kind: "read", separator: "\0", scan: true })),
  },
  { names: ["uniq"], flags: "cdDiuz", long: ["--count", "--repeated", "--ignore-case", "--unique", "--zero-terminated"],
    options: { "-f": none, "--skip-fields": none, "-s": none, "--skip-chars": none, "-w": none, "--check-chars": none,
      "--all-repeated": optionalNone, "--group": optionalNone }, operands: { positional: ["read", "write"] },
    pipe: [UNIQ_LINES, UNIQ_TEXT] },
  { names: ["cut"], flags: "nsz", long: ["--complement", "--only-delimited", "--zero-terminated"],
    options: { "-b": none, "--bytes": none, "-c": none, "--characters": none, "-f": none, "--fields": none, "-d": none,
      "--delimiter": none, "--output-delimiter": none }, operands: { all: "read" }, pipe: [CUT_TEXT] },
  { names: ["paste"], flags: "sz", long: ["--serial", "--zero-terminated"],
    options: { "-d": none, "--delimiters": none }, operands: { all: "read" } },
  { names: ["tr"], flags: "cCdst", long: ["--complement", "--delete", "--squeeze-repeats", "--truncate-set1"],
    operands: { all: "none" }, pipe: [TR_LINES, TR_NAMES, TR_TEXT] },
  { names: ["tee"], naming: KEEPS, flags: "aip", long: ["--append", "--ignore-interrupts"],
    options: { "--output-error": optionalNone }, operands: { all: "write" }, pipe: [TEE_LINES] },
  { names: ["echo"], flags: "neE", style: "posix", unknownOptions: "none", operands: { all: "none" },
    pipe: [ECHO_NAME, ECHO_TEXT] },
  { names: ["printf"], style: "posix", unknownOptions: "none", options: { "-v": none }, operands: { all: "none" },
    pipe: [ECHO_NAME, PRINTF_TEXT] },
  { names: ["bc"], flags: "hilqsvw", long: ["--mathlib", "--quiet", "--standard", "--warn", "--interactive"],
    options: { "-e": none, "--expression": none, "-f": read, "--file": read }, operands: { all: "read" } },
  {
    // dc's `!` runs a shell command, from -e, a file or standard input alike; m4's syscmd,
    // esyscmd and include run commands and read files from whatever input it is given; ed
    // reads editing commands (`!cmd`, `r FILE`, `w FILE`) from standard input.
    names: ["m4", "ed", "red"],
    flags: "hVsGpPQEiIDUtF",
    long: ["--help", "--version"],
    options: { "-e": none, "--expression": none, "-f": read, "--file": read },
    operands: { all: "generic" },
    custom: (ctx) =>
      issue(ctx, "OPAQUE_CODE",
        `${ctx.name} runs commands from its input (a shell escape, a file read or written), which the guard does not read`),
  },
  {
    // dc reads its program from -e, -f files, operands or else standard input; only `!` runs
    // the shell, so expressions given literally without one are safe when nothing else is read.
    names: ["dc"],
    long: ["--help", "--version"],
    options: { "-e": none, "--expression": none, "-f": read, "--file": read },
    // Program files: read, and code.
    operands: { all: "generic" },
    custom: (ctx) => {
      const exprs = optionValues(ctx, "-e", "--expression");
      const onlyLiteral = exprs.length > 0 && exprs.every((e) => e.text !== null && !e.text.includes("!")) &&
        ctx.operands.length === 0 && optionValues(ctx, "-f", "--file").length === 0;
      if (!onlyLiteral) issue(ctx, "OPAQUE_CODE", "dc runs the program it reads, and `!` in it runs the shell");
    },
  },
  {
    names: ["dd"],
    long: ["--help", "--version"],
    operands: { all: "none" },
    // dd if=FILE of=FILE: the operands are key=value pairs.
    custom: (ctx) => {
      for (const a of ctx.operands) {
        const m = a.text === null ? null : /^(if|of)=([\s\S]*)$/.exec(a.text);
        if (a.text === null) ctx.role(a, "generic");
        else if (m) ctx.role(withValue(a, m[2]!, ""), m[1] === "if" ? "read" : "write");
      }
    },
  },
  { names: ["truncate"], naming: KEEPS, flags: "co", long: ["--no-create", "--io-blocks"],
    options: { "-s": none, "--size": none, "-r": read, "--reference": read }, operands: { all: "write" } },
  { names: ["shred"], naming: REMOVES, flags: "fuvxz", long: ["--force", "--verbose", "--exact", "--zero"],
    options: { "-n": none, "--iterations": none, "-s": none, "--size": none, "--random-source": read,
      "--remove": optionalNone }, operands: { all: "write" } },
  { names: ["unlink"], naming: REMOVES, operands: { all: "write" } },
  {
    names: ["install"],
    flags: "bcCDpsvZ",
    long: ["--compare", "--preserve-timestamps", "--strip", "--verbose", "--debug", "--preserve-context"],
    options: { ...targetOptions, ...backupOptions, "-d": { modes: ["dirs"] }, "--directory": { modes: ["dirs"] },
      "-m": none, "--mode": none, "-o": none, "--owner": none, "-g": none, "--group": none, "--strip-program": none,
      "--context": optionalNone },
    operands: { sources: { default: "read", modes: { dirs: "write" } }, dest: "write" },
    // The strip program runs on each installed file (`sh` would run it as a script).
    custom: runsProgram(["--strip-program"]),
  },
  { names: ["tldr"],
    options: { "--render": read, "-r": read, "-p": none, "--platform": none, "-L": none, "--language": none },
    operands: { all: "none" }, unknownOptions: "none", changes: {} },
  { names: ["mktemp"], flags: "dqc", long: ["--directory", "--quiet"],
    options: { "-t": { modes: ["t"] }, "-p": { value: "none", modes: ["dir"] },
      "--tmpdir": { value: "none", optional: true, modes: ["dir"] }, "--suffix": none, "-u": { modes: ["dry-run"] },
      "--dry-run": { modes: ["dry-run"] } }, operands: { all: "none" },
    custom: (ctx) => {
      // -u only prints a name it did not create.
      if (ctx.modes.has("dry-run")) return;
      // Where GNU mktemp (coreutils 9.1, mktemp.c) creates the file: with -t in $TMPDIR, else
      // -p DIR, else /tmp; with -p DIR/--tmpdir[=DIR] (or no template) in DIR, else $TMPDIR,
      // else /tmp, the template may hold slashes there; otherwise the template is the name.
      const template = ctx.operands[0];
      const at = template?.span ?? spanOf(ctx);
      const name = template?.text ?? "tmp.XXXXXXXXXX";
      if (template && template.text === null) ctx.role(template, "generic");
      const dirArg = optionValues(ctx, "-p", "--tmpdir").filter((v) => v.text !== "").pop();
      if (!template || ctx.modes.has("t") || ctx.modes.has("dir")) {
        const tmp = ctx.world.getVar("TMPDIR");
        const envDir = tmp && tmp.k === "str" && tmp.v ? tmp.v : null;
        if (dirArg && (!ctx.modes.has("t") || envDir === null)) {
          if (dirArg.text === null) ctx.role(dirArg, "generic");
          else roleAs(ctx, dirArg, `${dirArg.text}/${name}`, "write");
        } else ctx.role(syntheticArg(`${envDir ?? "/tmp"}/${name}`, at), "write");
      } else ctx.role(template, "write");
    } },
  { names: ["realpath"], flags: "eLmPqsz",
    long: ["--canonicalize-existing", "--logical", "--canonicalize-missing", "--physical", "--quiet", "--strip",
      "--no-symlinks", "--zero"], options: { "--relative-to": read, "--relative-base": read },
    operands: { all: "read" }, pipe: [REALPATH_TEXT] },
  {
    names: ["readlink"],
    flags: "nqsvz",
    long: ["--no-newline", "--quiet", "--silent", "--verbose", "--zero"],
    options: {
      ...each({ modes: ["canonicalize"] }, "-e", "-f", "-m", "--canonicalize", "--canonicalize-existing",
        "--canonicalize-missing"),
    },
    // Without a mode each operand is read as itself (readlinkOperands).
    operands: { all: { default: "none", modes: { canonicalize: "read" } } },
    custom: readlinkOperands,
    pipe: [READLINK_TEXT],
  },
  { names: ["basename"], flags: "az", long: ["--multiple", "--zero"], options: { "-s": none, "--suffix": none },
    operands: { all: "none" }, pipe: [PATH_PART_NAME, BASENAME_TEXT] },
  { names: ["dirname"], flags: "z", long: ["--zero"], operands: { all: "none" }, pipe: [PATH_PART_NAME, DIRNAME_TEXT] },
  { names: ["file"], flags: "bciklLhNnprsvzZ0",
    long: ["--brief", "--mime", "--mime-type", "--mime-encoding", "--keep-going", "--dereference", "--no-dereference",
      "--special-files", "--uncompress", "--print0", "--preserve-date", "--raw", "--no-buffer", "--separator"],
    options: { "-m": read, "--magic-file": read, "-F": none, "-e": none, "--exclude": none, "-P": none, "-f": none,
      "--files-from": none }, operands: { all: "read" },
    custom: (ctx) => namesFrom(ctx, ["-f", "--files-from"], { kind: "read", separator: "\n" }) },
  { names: ["diff"], flags: "aBbcdEeilNnpqrsTtuwyZ",
    long: ["--text", "--ignore-blank-lines", "--ignore-space-change", "--minimal", "--ignore-tab-expansion", "--ed",
      "--ignore-case", "--new-file", "--rcs", "--show-c-function", "--brief", "--recursive", "--report-identical-files",
      "--initial-tab", "--expand-tabs", "--ignore-all-space", "--side-by-side", "--strip-trailing-cr", "--normal",
      "--unidirectional-new-file", "--suppress-common-lines", "--left-column", "--speed-large-files",
      "--no-ignore-file-name-case", "--ignore-file-name-case", "--suppress-blank-empty", "--strip-trailing-cr"],
    options: { "-r": { modes: ["recursive"] }, "--recursive": { modes: ["recursive"] },
      "--no-dereference": { clears: ["follow"] }, "-U": none, "--unified": optionalNone, "-C": none,
      "--context": optionalNone, "-x": none, "--exclude": none, "-X": read, "--exclude-from": read, "-I": none,
      "--ignore-matching-lines": none, "-F": none, "--show-function-line": none, "-S": none, "--starting-file": none,
      "--label": none, "-L": none, "--from-file": read, "--to-file": read, "-W": none, "--width": none,
      "--color": optionalNone, "--palette": none, "--line-format": none, "--old-line-format": none,
      "--new-line-format": none, "--unchanged-line-format": none, "--old-group-format": none,
      "--new-group-format": none, "--changed-group-format": none, "--unchanged-group-format": none, "--tabsize": none,
      "--horizon-lines": none, "-D": none, "--ifdef": none }, modes: ["follow"], operands: { all: "read" },
    recursion: { mode: "recursive", follow: { mode: "follow" } } },
  { names: ["cmp"], flags: "blsz", long: ["--print-bytes", "--verbose", "--quiet", "--silent", "--zero"],
    options: { "-i": none, "--ignore-initial": none, "-n": none, "--bytes": none }, operands: { all: "read" } },
  { names: ["comm"], flags: "123iz", long: ["--check-order", "--nocheck-order", "--total", "--zero-terminated"],
    options: { "--output-delimiter": none }, operands: { all: "read" } },
  { names: ["nl"], flags: "p",
    options: { "-b": none, "-d": none, "-f": none, "-h": none, "-i": none, "-l": none, "-n": none, "-s": none,
      "-v": none, "-w": none, "--body-numbering": none, "--section-delimiter": none, "--footer-numbering": none,
      "--header-numbering": none, "--line-increment": none, "--join-blank-lines": none, "--number-format": none,
      "--number-separator": none, "--starting-line-number": none, "--number-width": none, "--no-renumber": {} },
    operands: { all: "read" } },
  { names: ["fold"], flags: "bs", long: ["--bytes", "--spaces"], options: { "-w": none, "--width": none },
    operands: { all: "read" } },
  { names: ["fmt"], flags: "cstu", long: ["--crown-margin", "--split-only", "--tagged-paragraph", "--uniform-spacing"],
    numeric: true, options: { "-p": none, "--prefix": none, "-w": none, "--width": none, "-g": none, "--goal": none },
    operands: { all: "read" } },
  { names: ["expand", "unexpand"], flags: "ia", long: ["--initial", "--all", "--first-only"],
    options: { "-t": none, "--tabs": none }, numeric: true, operands: { all: "read" } },
  { names: ["rev"], flags: "0", operands: { all: "read" }, pipe: [REV_TEXT] },
  { names: ["strings"], flags: "afwz", long: ["--all", "--print-file-name", "--include-all-whitespace", "--data"],
    numeric: true,
    options: { "-n": none, "--bytes": none, "-t": none, "--radix": none, "-e": none, "--encoding": none, "-s": none,
      "--output-separator": none, "-T": none, "--target": none }, operands: { all: "read" } },
  { names: ["od"], flags: "bcdfilosvx", long: ["--output-duplicates", "--traditional"],
    options: { "-A": none, "--address-radix": none, "-j": none, "--skip-bytes": none, "-N": none, "--read-bytes": none,
      "-S": none, "--strings": optionalNone, "-t": none, "--format": none, "-w": optionalNone, "--width": optionalNone,
      "--endian": none }, operands: { all: "read" } },
  { names: ["hexdump", "hd"], flags: "bcCdovx",
    options: { "-e": none, "-f": read, "-n": none, "-s": none, "-L": optionalNone }, operands: { all: "read" } },
  { names: ["xxd"], flags: "abCEeiprdu",
    long: ["-autoskip", "-bits", "-capitalize", "-EBCDIC", "-include", "-ps", "-postscript", "-plain", "-revert",
      "-uppercase", "-version"],
    options: { "-c": none, "-cols": none, "-g": none, "-groupsize": none, "-l": none, "-len": none, "-n": none,
      "-name": none, "-o": none, "-offset": none, "-s": none, "-seek": none }, singleDashLong: true,
    operands: { positional: ["read", "write"] } },
  { names: ["base64", "base32", "basenc"], flags: "diz",
    long: ["--decode", "--ignore-garbage", "--base64", "--base64url", "--base32", "--base32hex", "--base16",
      "--base2msbf", "--base2lsbf", "--z85"], options: { "-w": none, "--wrap": none }, operands: { all: "read" } },
  {
    names: ["split"],
    flags: "de",
    long: ["--numeric-suffixes", "--hex-suffixes", "--elide-empty-files", "--unbuffered", "--verbose", "--separator"],
    options: { "-a": none, "--suffix-length": none, "--additional-suffix": none, "-b": none, "--bytes": none,
      "-C": none, "--line-bytes": none, "-l": none, "--lines": none, "-n": none, "--number": none, "-t": none, "-x": {},
      "--filter": { value: "code" } },
    operands: { positional: ["read", "write"] },
    // The second operand is a prefix: the files written are PREFIXaa, PREFIXab, … beside it.
    custom: (ctx) => prefixDirectory(ctx, ctx.operands[1]),
  },
  { names: ["csplit"], flags: "ksz",
    long: ["--keep-files", "--quiet", "--silent", "--elide-empty-files", "--suppress-matched"],
    options: { "-f": write, "--prefix": write, "-b": none, "--suffix-format": none, "-n": none, "--digits": none },
    operands: { first: "read", rest: "none" },
    custom: (ctx) => prefixDirectory(ctx, optionValues(ctx, "-f", "--prefix")[0]) },
  { names: ["seq"], flags: "w", long: ["--equal-width"],
    options: { "-f": none, "--format": none, "-s": none, "--separator": none }, operands: { all: "none" },
    pipe: [SEQ_NUMBERS] },
  DATE,
  ...SYSTEM_TOOLS,
  // mkfifo makes a FIFO of every operand; mknod NAME TYPE [MAJOR MINOR] one node.
  { names: ["mkfifo"], flags: "Z", options: { "-m": none, "--mode": none, "--context": optionalNone },
    operands: { all: "write" } },
  { names: ["mknod"], flags: "Z", options: { "-m": none, "--mode": none, "--context": optionalNone },
    operands: { first: "write", rest: "none" } },
  { names: ["tree"], flags: "aAdfFgiJnNpqrsStuvxCDQSX",
    long: ["--noreport", "--inodes", "--device", "--dirsfirst", "--du", "--prune", "--si", "--fromfile"],
    options: { "-l": { modes: ["follow"] }, "-L": none, "-P": none, "-I": none, "-o": write, "-H": none, "-T": none,
      "--charset": none, "--filelimit": none, "--timefmt": none, "--sort": none },
    operands: { all: "list", defaultOperand: "." }, recursion: { follow: { mode: "follow" } } },
  // Pagers: `+G`, `+50`, `+/pattern` move; any other `+command` (`+!cmd`, `+|cmd`, `+v`) runs one.
  { names: ["less", "most"], flags: "aBcCdeEfFgGiIJKLmMnNqQrRsSuUVwWX",
    long: ["--quit-if-one-screen", "--no-init", "--RAW-CONTROL-CHARS", "--raw-control-chars", "--chop-long-lines",
      "--LINE-NUMBERS", "--quiet", "--ignore-case"],
    options: { "-x": none, "--tabs": none, "-p": none, "--pattern": none, "-t": none, "--tag": none, "-y": none,
      "-z": none, "-o": write, "-O": write, "--log-file": write, "--LOG-FILE": write, "-h": none, "-b": none,
      "-j": none, "-P": none, "-k": read, "--lesskey-file": read, "--lesskey-src": read, "-T": read,
      "--tag-file": read }, operands: { all: "read" }, custom: pagerCommands },
  { names: ["more"], flags: "dlfpcsu",
    long: ["--silent", "--logical", "--no-pause", "--print-over", "--clean-print", "--squeeze", "--plain"],
    options: { "-n": none, "--lines": none }, numeric: true, operands: { all: "read" }, custom: pagerCommands },
  { names: ["bat", "batcat"], flags: "pnAPuS",
    long: ["--plain", "--number", "--show-all", "--unbuffered", "--chop-long-lines", "--list-languages",
      "--list-themes", "--diff"],
    options: {
      ...Object.fromEntries(
        ["-l", "--language", "-r", "--line-range", "-H", "--highlight-line", "-m", "--map-syntax", "--style", "--theme",
          "--paging", "--color", "--wrap", "--tabs", "--italic-text", "--decorations", "--terminal-width",
          "--file-name", "--diff-context", "--nonprintable-notation"].map((o) => [o, none]),
      ),
      "--pager": none,
    }, operands: { all: "read" }, custom: runsProgram(["--pager"]) },
];

/** `mkdir -p a/b/c` also creates the directories above c that are missing. */
function mkdirParents(ctx: SpecContext): void {
  if (!ctx.modes.has("parents")) return;
  for (const a of ctx.operands) {
    if (a.text === null) continue;
    const top = missingTop(ctx.disk, a.text, baseOfArg(ctx, a));
    if (top !== null) roleAs(ctx, a, top, "write");
  }
}
