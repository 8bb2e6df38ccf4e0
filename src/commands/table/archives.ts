// Archivers and compressors. Creating an archive reads its members (recursively, through
// symlinks where the tool follows them) and writes the archive; extracting reads the archive
// and writes into a directory, possibly creating symlinks there; compressing in place replaces
// each file.

import { applySpec, parseWords, syntheticArg } from "../apply.ts";
import { type Arg, type Effect, withValue } from "../effects.ts";
import type { Analyser, Call, OptionSpec, RoleSpec, SpecContext } from "../spec.ts";
import { chdir, each, flag, generic, hooks, issue, KEEPS, locate, namesFrom, none, optionalNone, optionItems,
  optionValues, read, runsProgram, spanOf, write } from "./common.ts";
import { compressedNames, decompressing } from "./compressed-names.ts";
import { expandSpec, type TableSpec } from "./expand.ts";
import { ar } from "./ar.ts";
import { tarAddedOperands } from "./link-operands.ts";
import { sevenZip } from "./seven-zip.ts";
import { tarUnpacking, unzipUnpacking } from "./unpack-entries.ts";
import { type Cut, cutProblem } from "../../shell/listing.ts";

// ---------------------------------------------------------------------------------------
// tar

const mode = (...modes: string[]): OptionSpec => ({ modes });

const TAR: TableSpec = {
  names: ["tar", "gtar", "bsdtar"],
  flags: "BGiklmMnopRsSvwWUjJzZa",
  long: ["--check-device", "--no-check-device", "--incremental", "--ignore-failed-read", "--no-seek", "--seek",
    "--sparse", "--exclude-backups", "--exclude-caches", "--exclude-caches-all", "--exclude-caches-under",
    "--exclude-vcs", "--exclude-vcs-ignores", "--no-null", "--no-recursion", "--no-unquote", "--no-verbatim-files-from",
    "--null", "--recursion", "--unquote", "--verbatim-files-from", "--anchored", "--ignore-case", "--no-anchored",
    "--no-ignore-case", "--no-wildcards", "--no-wildcards-match-slash", "--wildcards", "--wildcards-match-slash",
    "--keep-directory-symlink", "--keep-newer-files", "--keep-old-files", "--no-overwrite-dir", "--overwrite",
    "--overwrite-dir", "--recursive-unlink", "--skip-old-files", "--unlink-first", "--verify", "--ignore-command-error",
    "--no-ignore-command-error", "--clamp-mtime", "--delay-directory-restore", "--touch",
    "--no-delay-directory-restore", "--no-same-owner", "--no-same-permissions", "--numeric-owner",
    "--preserve-permissions", "--same-permissions", "--same-owner", "--preserve-order", "--same-order", "--acls",
    "--no-acls", "--no-selinux", "--no-xattrs", "--selinux", "--xattrs", "--force-local", "--multi-volume",
    "--read-full-records", "--ignore-zeros", "--old-archive", "--portability", "--posix", "--auto-compress", "--bzip2",
    "--xz", "--lzip", "--lzma", "--lzop", "--no-auto-compress", "--zstd", "--gzip", "--gunzip", "--ungzip",
    "--compress", "--uncompress", "--hard-dereference", "--one-file-system", "--full-time", "--check-links",
    "--block-number", "--show-defaults", "--show-omitted-dirs", "--show-snapshot-field-ranges",
    "--show-transformed-names", "--show-stored-names", "--utc", "--verbose", "--interactive", "--confirmation",
    "--help", "--usage", "--version", "--restrict", "--test-label", "--no-absolute-names"],
  options: {
    "-c": mode("create", "adding"),
    "--create": mode("create", "adding"),
    "-r": mode("append", "adding"),
    "--append": mode("append", "adding"),
    "-u": mode("update", "adding"),
    "--update": mode("update", "adding"),
    "-A": mode("catenate"),
    "--catenate": mode("catenate"),
    "--concatenate": mode("catenate"),
    "--delete": mode("delete"),
    "-x": mode("extract"),
    "--extract": mode("extract"),
    "--get": mode("extract"),
    "-t": mode("list"),
    "--list": mode("list"),
    "-d": mode("diff"),
    "--diff": mode("diff"),
    "--compare": mode("diff"),
    "-O": mode("stdout"),
    "--to-stdout": mode("stdout"),
    "-h": mode("follow"),
    "--dereference": mode("follow"),
    // bsdtar's spellings of -P too.
    ...each(mode("absolute"), "-P", "--absolute-names", "--absolute-paths", "--insecure"),
    "--remove-files": mode("removefiles"),
    // Resolved against the starting directory in the hook: -C does not move the archive.
    "-f": none,
    "--file": none,
    "-C": chdir,
    "--directory": chdir,
    "-T": none,
    "--files-from": none,
    "-X": none,
    "--exclude-from": none,
    "-g": write,
    "--listed-incremental": write,
    "--index-file": write,
    "--volno-file": write,
    "--add-file": read,
    "--owner-map": read,
    "--group-map": read,
    "-N": generic,
    "--newer": generic,
    "--after-date": generic,
    "--mtime": generic,
    "--newer-mtime": generic,
    ...each(none, "--exclude", "--exclude-tag", "--exclude-tag-all", "--exclude-tag-under", "--exclude-ignore",
      "--exclude-ignore-recursive", "--hole-detection", "--level", "--sparse-version", "--group", "--mode", "--owner",
      "--sort", "-L", "--tape-length", "-b", "--blocking-factor", "--record-size", "-H", "--format", "--pax-option",
      "-V", "--label", "-K", "--starting-file", "--suffix", "--strip-components", "--transform", "--xform",
      "--no-quote-chars", "--quote-chars", "--quoting-style", "--warning", "--xattrs-exclude", "--xattrs-include"),
    ...each(optionalNone, "--occurrence", "--atime-preserve", "--backup", "--checkpoint", "--totals"),
    "--one-top-level": { value: "generic", optional: true },
    ...each({ value: "none", modes: ["program"] }, "-I", "--use-compress-program", "--to-command", "--rmt-command",
      "--rsh-command", "-F", "--info-script", "--new-volume-script"),
    "--checkpoint-action": none,
  },
  // Members are read when they are added (relative to the -C before them); otherwise they are
  // names inside the archive.
  // With -A the operands are archives whose members are appended: read.
  // Added members are judged in tarAddedOperands (link-operands.ts: a symlink is stored as itself).
  operands: { all: { default: "none", modes: { removefiles: "write", catenate: "read", adding: "none" } } },
  recursion: { mode: "adding", follow: { mode: "follow" } },
  custom: hooks(
    runsProgram(["-I", "--use-compress-program", "--to-command", "--rmt-command", "--rsh-command", "-F",
      "--info-script", "--new-volume-script"]),
    tarHook,
    tarAddedOperands,
    tagFiles,
  ),
};

function tarHook(ctx: SpecContext): void {
  const writesArchive = ["adding", "catenate", "delete"].some((m) => ctx.modes.has(m));
  for (const it of optionItems(ctx, "-f", "--file")) {
    const v = it.value;
    if (!v || v.text === "-") continue;
    // `host:file` is a remote archive reached through rsh, unless --force-local.
    if (locate(v.text).t === "remote" && !optionItems(ctx, "--force-local").length) continue;
    ctx.role(v, writesArchive ? "write" : "read", undefined);
  }
  for (const it of optionItems(ctx, "-X", "--exclude-from",
    ...(ctx.modes.has("adding") ? [] : ["-T", "--files-from"])))
  {
    if (!it.value || it.value.text === "-") continue;
    ctx.role(it.value, "read", undefined);
  }
  // The members to add, one a line (NUL-terminated with --null); GNU tar reads a line starting
  // with `-` as an option (`-C DIR` among them) unless --verbatim-files-from or --null.
  const verbatim = optionItems(ctx, "--null", "--verbatim-files-from").length > 0;
  if (ctx.modes.has("adding")) {
    namesFrom(ctx, ["-T", "--files-from"], { kind: "read", separator: optionItems(ctx, "--null").length ? "\0" : "\n",
      scan: ctx.modes.has("follow"), ...(verbatim ? {} : { reserved: { prefix: "-", meaning: "an option" } }),
      listAtStart: true });
  }
  for (const it of optionItems(ctx, "--checkpoint-action")) {
    if (it.value && (it.value.text === null || /^(exec|sleep)?=|^exec/.test(it.value.text))) {
      issue(ctx, "OPAQUE_CODE", `tar --checkpoint-action runs ${it.value.source}`, it.value.span);
    }
  }
  const extracting = ctx.modes.has("extract") && !ctx.modes.has("stdout");
  if (!extracting && !ctx.modes.has("diff")) return;
  // Extraction writes where the members land: each -C directory, and the working directory
  // when no -C comes before the first member. (-d reads the files there to compare them.)
  const dirs = optionItems(ctx, "-C", "--directory");
  const firstDir = dirs[0] ? ctx.items.indexOf(dirs[0]) : Infinity;
  const firstMember = ctx.items.findIndex((i) => i.t === "operand");
  const kind = extracting ? "write" : "read";
  if (dirs.length === 0 || (firstMember >= 0 && firstMember < firstDir)) {
    intoTree(ctx, syntheticArg(".", spanOf(ctx)), kind, ctx.start);
  }
  for (const d of dirs) if (d.value) intoTree(ctx, d.value, kind, d.base);
  // Where the members land beyond this tree (absolute names under -P, a name that climbs, a
  // member written through a link the archive makes) is judged from the archive (tarWords).
  if (extracting) ctx.emit({ t: "changes", fs: true, links: true });
}

/**
 * A directory an archiver unpacks into. The member names are in the archive, which the guard
 * does not open, so any path under the directory may be written (`--transform` renames them
 * too, but the result still lands below it: GNU tar strips a leading `/` and `../` unless
 * -P). The kernel follows a symlink that is already there for each directory in a member's
 * name: GNU tar, unzip and ar write `link/file` through a `link` that leads out (tar and unzip
 * replace a link that is the member itself; ar writes through that too). So every symlink
 * below the directory that leads out is written.
 */
export function intoTree(ctx: SpecContext, dir: Arg, kind: "read" | "write", base: string | null | undefined): void {
  ctx.role(dir, kind, base);
  ctx.emit({ t: "scan", arg: dir, kind, ...(base !== undefined ? { base } : {}) });
  // Members may be symlinks, under names the guard does not see: later paths below the
  // directory that are not there now are not known (src/shell/zones.ts).
  if (kind === "write") ctx.emit({ t: "links", arg: dir, tree: true, ...(base !== undefined ? { base } : {}) });
}

const TAR_SPEC = expandSpec(TAR);
/** Option letters that take a value, for the old style `tar cvf ARCHIVE …`. */
const TAR_VALUE_LETTERS = new Set(
  Object.entries(TAR_SPEC.options ?? {}).filter(([k, o]) => k.length === 2 && o.value !== undefined && !o.optional).map(
    ([k]) => k[1]!
  ),
);

/**
 * tar: the first word may be a cluster of option letters without a dash (`tar xzf a.tgz`),
 * whose values follow it in the order of their letters.
 */
function tar(call: Call): Effect[] {
  return tarWords(call, call.args);
}

/** tar's analysis for words given elsewhere too (`cmake -E tar xzf a.tgz`). */
export function tarWords(call: Call, words: readonly Arg[]): Effect[] {
  let args = words;
  // GNU tar reads TAR_OPTIONS apart (its words come first here, spelt `TAR_OPTIONS=…`): the
  // cluster is the first word of the command line itself (`TAR_OPTIONS=-v tar xf a.tar`).
  const lead = args.findIndex((a) => !/^[A-Z_]+=…$/.test(a.source));
  const first = lead < 0 ? undefined : args[lead];
  if (first && first.text !== null && /^[A-Za-z]+$/.test(first.text)) {
    const rewritten: Arg[] = [];
    let next = lead + 1;
    for (const c of first.text) {
      rewritten.push(withValue(first, "-" + c, ""));
      if (TAR_VALUE_LETTERS.has(c) && next < args.length) rewritten.push(args[next++]!);
    }
    args = [...args.slice(0, lead), ...rewritten, ...args.slice(next)];
  }
  const effects = applySpec(call.name, TAR_SPEC, args, call.world, call.span, undefined, call.disk).effects;
  // `-T -`: the names of the files to add come from standard input.
  const parsed = parseWords(TAR_SPEC, args, call.world, undefined, false);
  const fromStdin = parsed.items.some((it) =>
    it.t === "option" && (it.name === "-T" || it.name === "--files-from") && it.value?.text === "-"
  );
  // GNU tar (1.34, names.c) ends a name at a newline, and at the first NUL it meets switches to
  // NUL-ended names (warning "file name read contains nul character"): `find -print0 | tar -T -`
  // gets every name whole. With --null only NUL ends one.
  const cut = args.some((a) => a.text === "--null") ? TAR_NUL_CUT : TAR_LINE_CUT;
  effects.push(...tarUnpacking(call, parsed.items, parsed.modes));
  if (fromStdin && parsed.modes.has("adding")) {
    effects.push(
      ...namesFromStdin(call, "read", false, cut,
        `${call.name} -T - adds the files named on its standard input, which the guard cannot see`),
    );
  }
  return effects;
}

/** One name a line; tar decodes backslash escapes and reads a leading `-` as an option (src/shell/listing.ts). */
const TAR_LINE_CUT: Cut = { ends: "\n\0", special: "\\-" };
const TAR_NUL_CUT: Cut = { ends: "\0", special: "-" };
/**
 * zip -@ reads one name a line, keeping blanks and a leading `-` (`-x` is a file; checked with
 * Info-ZIP zip 3.0); a NUL ends the C string, so NUL-ended names give it the first one only.
 */
const ZIP_CUT: Cut = { ends: "\n", special: "\\" };

/**
 * Files a command reads (or, zip -m, removes; cpio -pl, links) whose names come on its
 * standard input (`cpio -o`, `tar -T -`, `zip -@`).
 */
export function namesFromStdin(call: Call, kind: "read" | "write" | "unknown", follow: boolean, cut: Cut,
  unseen: string): Effect[]
{
  const stdin = call.stdin;
  const effects: Effect[] = [];
  if (stdin.t === "listing") {
    const why = cutProblem(stdin.listing, cut, false);
    if (why !== null) {
      effects.push({ t: "issue", code: "UNRESOLVED_WORD", message: `${unseen} whole (${why})`, span: call.span });
    } else {
      for (const d of [...stdin.listing.reach, ...stdin.listing.reps]) {
        effects.push({ t: "path", arg: d, kind });
        if (follow) effects.push({ t: "scan", arg: d, kind });
      }
    }
  } else if (stdin.t === "text") {
    // (A NUL that does not end a name ends the C string it is read into.)
    for (const line of stdin.text.split(new RegExp(`[${cut.ends}]`))) {
      const name = line.split("\0")[0]!;
      if (name) effects.push({ t: "path", arg: withValue(call.nameArg, name, ""), kind });
    }
  } else {
    effects.push({ t: "issue", code: "UNRESOLVED_WORD", message: unseen, span: call.span });
  }
  return effects;
}

// ---------------------------------------------------------------------------------------
// zip

/** zip's options with values, and what the value is. */
const ZIP_VALUES: Readonly<Record<string, "none" | "write" | "read" | "program" | "list">> = { "-b": "write",
  "--temp-path": "write", "-O": "write", "--out": "write", "--output-file": "write", "-lf": "write",
  "--logfile-path": "write", "-n": "none", "--suffixes": "none", "-P": "none", "--password": "none", "-s": "none",
  "--split-size": "none", "-t": "none", "--from-date": "none", "-tt": "none", "--before-date": "none", "-Z": "none",
  "--compression-method": "none", "-ds": "none", "--dot-size": "none", "-UN": "none", "--unicode": "none",
  "-TT": "program", "--unzip-command": "program", "-x": "list", "--exclude": "list", "-i": "list",
  "--include": "list" };
/** zip's options that are two letters or more, which must not be read as clusters. */
const ZIP_MULTI = new Set(["-FF", "-FS", "-MM", "-RE", "-db", "-dc", "-dd", "-dg", "-du", "-dv", "-h2", "-ic", "-la",
  "-li", "-ll", "-nw", "-sb", "-sc", "-sd", "-sf", "-so", "-sp", "-su", "-sU", "-sv", "-ws"]);
const ZIP_MODES: Readonly<Record<string, string>> = { "-r": "recursive", "--recurse-paths": "recursive",
  "-R": "patterns", "--recurse-patterns": "patterns", "-m": "move", "--move": "move", "-d": "delete",
  "--delete": "delete", "-U": "copy", "--copy-entries": "copy", "-@": "stdin-names", "--names-stdin": "stdin-names",
  "-y": "symlinks", "--symlinks": "symlinks", "-sf": "show", "--show-files": "show", "-su": "show", "-sU": "show" };

/**
 * zip [options] ARCHIVE [file…] [-x pattern…]: the archive is written and the files read, into
 * directories with -r, following symlinks unless -y.
 */
/**
 * --exclude-tag NAME (and -all, -under, --exclude-ignore[-recursive]) looks NAME up in every
 * directory tar walks (strace: openat(dirfd, NAME)): a NAME with a slash reaches past it, and
 * from the top directory past the working directory.
 */
function tagFiles(ctx: SpecContext): void {
  for (const v of optionValues(ctx, "--exclude-tag", "--exclude-tag-all", "--exclude-tag-under", "--exclude-ignore",
    "--exclude-ignore-recursive"))
  {
    if (v.text === null || v.text.includes("/")) ctx.role(v, "read");
  }
}

function zip(call: Call): Effect[] {
  const effects: Effect[] = [];
  const modes = new Set<string>();
  const positional: Arg[] = [];
  let verbatim = false;
  let inList = false;
  const value = (name: string, v: Arg | undefined) => {
    const kind = ZIP_VALUES[name];
    if (!v || kind === undefined) return;
    if (kind === "write" || kind === "read") effects.push({ t: "path", arg: v, kind });
    if (kind === "write" && (name === "-O" || name === "--out" || name === "--output-file")) modes.add("out");
    if (kind === "program") {
      effects.push({ t: "issue", code: "OPAQUE_CODE", message: `zip ${name} runs ${v.source} to test the archive`,
        span: v.span });
    }
    if (kind === "list") {
      if (v.text !== null && v.text.startsWith("@")) {
        effects.push({ t: "path", arg: withValue(v, v.text.slice(1), ""), kind: "read" });
      }
      inList = true;
    }
  };
  // Own rules, not leadingOptions: zip takes options anywhere and -@/-i/-x lists run on.
  for (let i = 0; i < call.args.length; i++) {
    const a = call.args[i]!;
    const t = a.text;
    if (verbatim || t === null || t === "-" || !t.startsWith("-")) {
      if (inList && t !== null && !t.startsWith("@")) continue;
      inList = false;
      if (t === "@") continue;
      positional.push(a);
      continue;
    }
    inList = false;
    if (t === "--") {
      verbatim = true;
      continue;
    }
    if (t.startsWith("--")) {
      const eq = t.indexOf("=");
      const name = eq > 0 ? t.slice(0, eq) : t;
      if (ZIP_MODES[name]) modes.add(ZIP_MODES[name]!);
      if (ZIP_VALUES[name] !== undefined) value(name, eq > 0 ? withValue(a, t.slice(eq + 1), "") : call.args[++i]);
      else if (!ZIP_MODES[name] && !ZIP_LONG_FLAGS.has(name)) effects.push({ t: "generic", arg: a, operand: false });
      continue;
    }
    if (ZIP_MULTI.has(t)) {
      if (ZIP_MODES[t]) modes.add(ZIP_MODES[t]!);
      continue;
    }
    const multi = /^-(TT|UN|lf|ds|tt)(=?)(.*)$/.exec(t);
    if (multi) {
      const name = "-" + multi[1]!;
      value(name, multi[3] ? withValue(a, multi[3], "") : multi[2] ? withValue(a, "", "") : call.args[++i]);
      continue;
    }
    for (let j = 1; j < t.length; j++) {
      const k = "-" + t[j]!;
      if (ZIP_MODES[k]) modes.add(ZIP_MODES[k]!);
      if (ZIP_VALUES[k] !== undefined) {
        const rest = t.slice(j + 1).replace(/^=/, "");
        value(k, rest ? withValue(a, rest, "") : call.args[++i]);
        break;
      }
      if (!ZIP_MODES[k] && !/[0-9AcCDeEfFgGhHjJkKlLoqSTuvVwXz$!]/.test(t[j]!)) {
        effects.push({ t: "generic", arg: withValue(a, "-" + t.slice(j), ""), operand: false });
        break;
      }
    }
  }
  const [archive, ...files] = positional;
  const readsOnly = modes.has("show") || modes.has("out");
  if (archive && archive.text !== "-") effects.push({ t: "path", arg: archive, kind: readsOnly ? "read" : "write" });
  const members = modes.has("delete") || modes.has("copy");
  const fileKind = modes.has("move") ? "write" : "read";
  const follow = !modes.has("symlinks");
  const recursive = modes.has("recursive") || modes.has("patterns");
  // zip -R matches its operands as patterns in the tree under the working directory.
  const sources = members
    ? []
    : modes.has("patterns")
    ? [syntheticArg(".", call.span)]
    : files.filter((f) => f.text !== "-");
  // -d and -U name members of the archive, but zip still looks each name up on disk (strace:
  // newfstatat of every operand).
  if (members) { for (const f of files) if (f.text !== "-") effects.push({ t: "path", arg: f, kind: "read" }); }
  for (const f of sources) {
    effects.push({ t: "path", arg: f, kind: fileKind });
    if (recursive && follow) effects.push({ t: "scan", arg: f, kind: fileKind });
  }
  // (Recursion into a listed directory, -r, reaches no more than the listing's reach, which a follow scans.)
  if (modes.has("stdin-names") && !members) {
    effects.push(
      ...namesFromStdin(call, fileKind, follow, ZIP_CUT,
        "zip -@ adds files whose names it reads from standard input, which the guard cannot see"),
    );
  }
  effects.push({ t: "changes", fs: true, links: false });
  return effects;
}

const ZIP_LONG_FLAGS = new Set(["--quiet", "--verbose", "--junk-paths", "--encrypt", "--fix", "--fixfix", "--filesync",
  "--freshen", "--update", "--grow", "--test", "--adjust-sfx", "--junk-sfx", "--no-extra", "--no-dir-entries",
  "--from-crlf", "--to-crlf", "--latest-time", "--help", "--version", "--license", "--no-wild", "--wild-stop-dirs",
  "--split-pause", "--split-bell", "--split-verbose", "--log-append", "--log-info", "--display-bytes",
  "--display-counts", "--display-dots", "--display-globaldots", "--display-usize", "--display-volume",
  "--entry-comments", "--archive-comment", "--system-hidden", "--ignore-case"]);

// ---------------------------------------------------------------------------------------
// unzip

const UNZIP: TableSpec = {
  names: ["unzip"],
  environment: { options: { UNZIP: ["unzip"], UNZIPOPT: ["unzip"] } },
  abbreviations: false,
  flags: "fnoqujCLMVXKDNUWa$bjs",
  options: { ...each({ modes: ["readonly"] }, "-l", "-t", "-v", "-z", "-Z", "-T", "-p", "-c"),
    "-d": { value: "write", modes: ["outdir"] }, "-x": none, "-P": none, "-O": none, "-I": none,
    "-:": { modes: ["anywhere"] }, "-^": flag },
  // The archive, then names of members (not paths).
  operands: { first: "read", rest: "none" },
  custom: (ctx) => {
    if (ctx.modes.has("readonly")) return;
    if (!ctx.modes.has("outdir")) intoTree(ctx, syntheticArg(".", spanOf(ctx)), "write", ctx.start);
    for (const it of optionItems(ctx, "-d")) {
      if (!it.value) continue;
      ctx.emit({ t: "scan", arg: it.value, kind: "write", ...(it.base !== undefined ? { base: it.base } : {}) });
      ctx.emit({ t: "links", arg: it.value, tree: true, ...(it.base !== undefined ? { base: it.base } : {}) });
    }
    ctx.emit({ t: "changes", fs: true, links: true });
    // The members, from the archive (-: lets a name that climbs out do so: such a name asks anyway).
    const archive = ctx.items.find((i) => i.t === "operand");
    const into = optionItems(ctx, "-d").flatMap((i) => (i.value ? [{ arg: i.value, base: i.base }] : []));
    if (archive) {
      for (const e of unzipUnpacking(ctx.name, ctx.disk, archive.word, archive.base, into,
        optionItems(ctx, "-j").length > 0, ctx.modes.has("anywhere"))) ctx.emit(e);
    }
  },
};

// ---------------------------------------------------------------------------------------
// Compressors

/** Operands are replaced by their compressed or decompressed form, unless output goes elsewhere. */
const inPlace: RoleSpec = { default: "write", modes: { stdout: "read", list: "read", test: "read", output: "read" } };
const stdoutMode = mode("stdout");

// gzip names what it makes after what it is given (`x` → `x.gz` and back), except that `-N`
// restores the name stored in the file when it decompresses (compress, below, is not asked).
const GZIP_NAMES = ["gzip", "gunzip", "pigz", "unpigz"];
const restoresName = (
  ws: readonly string[],
) => (ws.some((w) => /^-[a-zA-Z0-9]*N/.test(w) || w === "--name") ? "may restore a name stored in a file" : null);

const GZIP: TableSpec = {
  names: GZIP_NAMES,
  naming: { fact: "keeps", names: GZIP_NAMES, unless: restoresName },
  numeric: true,
  flags: "dknNqvVhLiIzKRTmMYB",
  long: ["--decompress", "--uncompress", "--keep", "--no-name", "--name", "--quiet", "--verbose", "--version", "--help",
    "--license", "--fast", "--best", "--rsyncable", "--synchronous", "--zlib", "--zip", "--independent", "--rle",
    "--huffman", "--rsyncable", "--no-time"],
  options: { "-c": stdoutMode, "--stdout": stdoutMode, "--to-stdout": stdoutMode, "-l": mode("list"),
    "--list": mode("list"), "-t": mode("test"), "--test": mode("test"), "-r": mode("recursive"),
    "--recursive": mode("recursive"), "-f": mode("force"), "--force": mode("force"),
    ...each(none, "-S", "--suffix", "-p", "--processes", "-b", "--blocksize", "-C", "--comment", "-A", "--alias") },
  operands: { all: inPlace },
  // With -f, gzip -r compresses what the symlinks it meets point to.
  recursion: { mode: "recursive", follow: { mode: "force" } },
  // Decompressing NAME that is not there, gzip tries NAME.gz, NAME.z, NAME-z and NAME.Z (and
  // NAME with the -S suffix): a rule on `*.gz` must see them.
  custom: hooks(compressedNames, (ctx) => {
    if (!decompressing(ctx)) return;
    const suffixes = [".gz", ".z", "-z", ".Z", ...optionValues(ctx, "-S", "--suffix").map((v) => v.text)];
    for (const a of ctx.operands) {
      if (a.text === null || a.text === "-" || /(\.(gz|z|Z|tgz|taz)|-gz|-z|_z)$/.test(a.text)) continue;
      for (const sfx of suffixes) {
        ctx.role(sfx === null ? withValue(a, null, "a suffix that is not known") : withValue(a, a.text + sfx, ""),
          inPlace);
      }
    }
  }),
};

const BZIP2: TableSpec = { names: ["bzip2", "bunzip2", "pbzip2", "lbzip2"],
  naming: { fact: "keeps", names: ["bzip2", "bunzip2"] }, numeric: true, flags: "dzkfqvsLVh",
  long: ["--decompress", "--compress", "--keep", "--force", "--quiet", "--verbose", "--small", "--license", "--version",
    "--help", "--fast", "--best"],
  options: { "-c": stdoutMode, "--stdout": stdoutMode, "-t": mode("test"), "--test": mode("test"), "-p": optionalNone,
    "-n": none }, operands: { all: inPlace }, custom: compressedNames };

const XZ: TableSpec = { names: ["xz", "unxz", "lzma", "unlzma"], naming: { fact: "keeps", names: ["xz", "unxz"] },
  numeric: true, flags: "zdkfeqvhHVQ",
  long: ["--compress", "--decompress", "--uncompress", "--keep", "--force", "--extreme", "--quiet", "--verbose",
    "--help", "--long-help", "--version", "--no-adjust", "--no-sparse", "--robot", "--ignore-check", "--single-stream",
    "--no-warn", "--info-memory", "--fast", "--best", "--x86", "--arm", "--arm64", "--armthumb", "--ia64", "--powerpc",
    "--sparc", "--riscv"],
  options: { "-c": stdoutMode, "--stdout": stdoutMode, "--to-stdout": stdoutMode, "-t": mode("test"),
    "--test": mode("test"), "-l": mode("list"), "--list": mode("list"),
    ...each(none, "-S", "--suffix", "-T", "--threads", "-F", "--format", "-C", "--check", "-M", "--memlimit",
      "--memory", "--block-size", "--block-list", "--flush-timeout", "--memlimit-compress", "--memlimit-decompress",
      "--memlimit-mt-decompress"), ...each(optionalNone, "--lzma1", "--lzma2", "--delta"),
    "--files": { value: "read", optional: true, modes: ["namelist"] },
    "--files0": { value: "read", optional: true, modes: ["namelist"] } }, operands: { all: inPlace },
  custom: hooks(compressedNames, (ctx) => {
    if (ctx.modes.has("namelist")) {
      issue(ctx, "UNRESOLVED_WORD", `${ctx.name} --files compresses files named in a list the guard does not read`);
    }
  }) };

const ZSTD: TableSpec = {
  names: ["zstd", "unzstd", "zstdmt", "pzstd"],
  naming: { fact: "keeps", names: ["zstd", "unzstd"] },
  numeric: true,
  flags: "zdkqvhHVCbe",
  long: ["--compress", "--decompress", "--uncompress", "--keep", "--rm", "--quiet", "--verbose", "--help", "--version",
    "--ultra", "--adapt", "--no-progress", "--progress", "--sparse", "--no-sparse", "--check", "--no-check",
    "--exclude-compressed", "--rsyncable", "--content-size", "--no-content-size", "--no-dictID", "--single-thread",
    "--auto-threads", "--mmap-dict", "--no-mmap-dict", "--show-default-cparams", "--pass-through", "--no-pass-through",
    "--asyncio", "--no-asyncio"],
  options: {
    "-c": stdoutMode,
    "--stdout": stdoutMode,
    "-t": mode("test"),
    "--test": mode("test"),
    "-l": mode("list"),
    "--list": mode("list"),
    "-o": { value: "write", modes: ["output"] },
    "-r": mode("recursive"),
    "-f": mode("force"),
    "--force": mode("force"),
    "-D": read,
    "--patch-from": read,
    "--output-dir-flat": { value: "write", modes: ["output"] },
    "--output-dir-mirror": { value: "write", modes: ["output"] },
    "--filelist": { value: "read", modes: ["namelist"] },
    ...each(none, "--threads", "--memory", "--block-size", "--format", "--target-compressed-block-size",
      "--stream-size", "--size-hint", "--zstd", "--priority"),
    // zstd reads -T#, -M#, -B#, -i#, -b#, -e# from the same word only (zstd 1.5 --help): a bare
    // `-T FILE` compresses FILE.
    ...each(optionalNone, "-T", "-M", "-B", "-i", "-b", "-e"),
    "--trace": write,
    ...each(optionalNone, "--long", "--fast", "--train", "--train-cover", "--train-fastcover", "--train-legacy",
      "--maxdict", "--dictID"),
  },
  operands: { all: inPlace },
  // -f makes zstd -r take the files symlinks point to (it skips links otherwise).
  recursion: { mode: "recursive", follow: { mode: "force" } },
  custom: hooks(compressedNames, (ctx) => {
    if (ctx.modes.has("namelist")) {
      issue(ctx, "UNRESOLVED_WORD", "zstd --filelist compresses files named in a list the guard does not read");
    }
  }),
};

const LZ4: TableSpec = {
  names: ["lz4", "unlz4"],
  numeric: true,
  flags: "zdfkmqvhHVrSB",
  long: ["--compress", "--decompress", "--uncompress", "--force", "--keep", "--rm", "--multiple", "--quiet",
    "--verbose", "--help", "--version", "--sparse", "--no-sparse", "--content-size", "--no-frame-crc",
    "--favor-decSpeed", "--best", "--fast"],
  options: { "-c": stdoutMode, "--stdout": stdoutMode, "-t": mode("test"), "--test": mode("test"), "-l": mode("list"),
    "--list": mode("list"), "-T": none },
  // lz4 IN [OUT]: both are files it reads or writes; OUT is written.
  operands: { all: inPlace },
  custom: compressedNames,
};

const BROTLI: TableSpec = { names: ["brotli", "unbrotli"], flags: "dfjknvZV",
  long: ["--decompress", "--force", "--rm", "--keep", "--no-copy-stat", "--verbose", "--best", "--large_window",
    "--help", "--version"],
  options: { "-c": stdoutMode, "--stdout": stdoutMode, "-t": mode("test"), "--test": mode("test"),
    "-o": { value: "write", modes: ["output"] }, "--output": { value: "write", modes: ["output"] }, "-D": read,
    "--dictionary": read, ...each(none, "-q", "--quality", "-w", "--lgwin", "-S", "--suffix") },
  operands: { all: inPlace }, custom: compressedNames };

export const ARCHIVE_SPECS: readonly TableSpec[] = [UNZIP, GZIP, { ...GZIP, names: ["zcat", "gzcat"],
  modes: ["stdout"] }, { ...GZIP, names: ["compress", "uncompress"], naming: KEEPS }, BZIP2, { ...BZIP2,
  names: ["bzcat"], modes: ["stdout"] }, XZ, { ...XZ, names: ["xzcat", "lzcat"], modes: ["stdout"] }, ZSTD, { ...ZSTD,
  names: ["zstdcat"], modes: ["stdout"] }, LZ4, { ...LZ4, names: ["lz4cat"], modes: ["stdout"] }, BROTLI];

export const ARCHIVE_ANALYSERS: readonly Analyser[] = [
  { names: ["ar", "gcc-ar", "llvm-ar"], analyse: ar },
  // GNU tar reads TAR_OPTIONS before its command line (tar 1.35 "Using tar Options"); bsdtar does not.
  { names: TAR.names, analyse: tar, environment: { options: { TAR_OPTIONS: ["tar", "gtar"] } },
    naming: { fact: "keeps", names: ["tar"] } },
  { names: ["zip"], analyse: zip, environment: { options: { ZIPOPT: ["zip"] } }, naming: KEEPS },
  { names: ["7z", "7za", "7zr", "7zz"], analyse: sevenZip },
];
