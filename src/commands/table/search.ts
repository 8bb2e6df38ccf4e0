// Searching: grep and its relatives, ripgrep, ag, ack, fd, locate. Patterns are not paths;
// the files searched are read, recursively where the tool recurses, following symlinks where
// it follows them.

import { applySpec } from "../apply.ts";
import { type Arg, type Effect, withValue } from "../effects.ts";
import type { Analyser, Call, CommandSpec, OptionSpec } from "../spec.ts";
import { expandSpec, type TableSpec } from "./expand.ts";
import { each, flag, hooks, none, optionalNone, read, runsProgram } from "./common.ts";
import { GREP_FILES_LISTING, GREP_LINES, GREP_NUMBERS, GREP_QUIET, GREP_EMPTY_INPUT, GREP_TEXT } from "./pipe/grep.ts";
import { FD_LISTING } from "./pipe/listings.ts";
import { RG_FILES_LISTING } from "./pipe/rg.ts";

const pattern: OptionSpec = { value: "none", modes: ["pattern"] };
const patternFile: OptionSpec = { value: "read", modes: ["pattern"] };

const GREP: TableSpec = {
  names: ["grep", "egrep", "fgrep", "zgrep", "zegrep", "zfgrep"],
  flags: "EFGPiyvwxcLloqsbHhnTZzUaI",
  long: ["--extended-regexp", "--fixed-strings", "--basic-regexp", "--perl-regexp", "--ignore-case", "--no-ignore-case",
    "--invert-match", "--word-regexp", "--line-regexp", "--count", "--files-with-matches", "--files-without-match",
    "--only-matching", "--quiet", "--silent", "--no-messages", "--byte-offset", "--with-filename", "--no-filename",
    "--line-number", "--initial-tab", "--null", "--null-data", "--binary", "--text", "--line-buffered",
    "--no-group-separator", "--unix-byte-offsets", "--help", "--version"],
  numeric: true,
  options: {
    "-e": pattern,
    "--regexp": pattern,
    "-f": patternFile,
    "--file": patternFile,
    "-r": { modes: ["recursive"] },
    "--recursive": { modes: ["recursive"] },
    // -R follows every symlink it meets; -r only those named on the command line.
    "-R": { modes: ["recursive", "follow"] },
    "--dereference-recursive": { modes: ["recursive", "follow"] },
    ...each(none, "-A", "--after-context", "-B", "--before-context", "-C", "--context", "-m", "--max-count", "--label",
      "--include", "--exclude", "--exclude-dir", "-d", "--directories", "-D", "--devices", "--binary-files",
      "--group-separator"),
    ...each(optionalNone, "--color", "--colour"),
    "--exclude-from": read,
    "-V": flag,
  },
  // With -r and no file, grep searches the working directory; without -r it reads stdin.
  operands: { first: "none", unlessModes: ["pattern"], rest: "read", surface: "grep", defaultOperand: ".",
    defaultRole: { default: "none", modes: { recursive: "read" } } },
  recursion: { mode: "recursive", follow: { mode: "follow" } },
  pipe: [GREP_LINES, GREP_FILES_LISTING, GREP_NUMBERS, GREP_QUIET, GREP_EMPTY_INPUT, GREP_TEXT],
};

/** ripgrep: recursive by default, from `.` when no path is given; -L follows symlinks. */
const RG: TableSpec = { names: ["rg"], abbreviations: false, flags: "aBcFhHiIlLnNopqsSuUvVwxz0",
  long: ["--text", "--count", "--count-matches", "--fixed-strings", "--no-fixed-strings", "--ignore-case",
    "--smart-case", "--case-sensitive", "--no-filename", "--with-filename", "--files-with-matches",
    "--files-without-match", "--line-number", "--no-line-number", "--only-matching", "--pretty", "--quiet", "--hidden",
    "--no-hidden", "--unrestricted", "--invert-match", "--word-regexp", "--line-regexp", "--search-zip", "--null",
    "--null-data", "--multiline", "--multiline-dotall", "--no-ignore", "--no-ignore-vcs", "--no-ignore-dot",
    "--no-ignore-global", "--no-ignore-parent", "--no-ignore-exclude", "--no-ignore-files", "--no-messages",
    "--no-require-git", "--json", "--no-json", "--vimgrep", "--heading", "--no-heading", "--byte-offset", "--column",
    "--no-column", "--trim", "--stats", "--debug", "--trace", "--crlf", "--no-config", "--one-file-system",
    "--passthru", "--pcre2", "--no-pcre2", "--auto-hybrid-regex", "--binary", "--no-binary", "--block-buffered",
    "--line-buffered", "--sort-files", "--include-zero", "--no-unicode", "--type-list", "--files", "--help",
    "--version", "--max-columns-preview", "--glob-case-insensitive", "--ignore-file-case-insensitive", "--no-follow",
    "--pcre2-version", "--no-mmap", "--mmap", "--no-encoding", "--no-search-zip", "--no-pre", "--no-context-separator",
    "--no-max-columns-preview"],
  options: { "-e": pattern, "--regexp": pattern, "-f": patternFile, "--file": patternFile,
    "--files": { modes: ["pattern"] }, "--type-list": { modes: ["pattern"] }, "-L": { modes: ["follow"] },
    "--follow": { modes: ["follow"] }, "--no-follow": { clears: ["follow"] },
    ...each(none, "-g", "--glob", "--iglob", "-t", "--type", "-T", "--type-not", "--type-add", "--type-clear", "-r",
      "--replace", "-A", "--after-context", "-B", "--before-context", "-C", "--context", "-m", "--max-count", "-d",
      "--max-depth", "--maxdepth", "--max-filesize", "-j", "--threads", "-E", "--encoding", "--color", "--colors", "-M",
      "--max-columns", "--path-separator", "--pre-glob", "--sort", "--sortr", "--context-separator",
      "--field-match-separator", "--field-context-separator", "--engine", "--dfa-size-limit", "--regex-size-limit",
      "--hyperlink-format", "--generate"), "--ignore-file": read, "--pre": { value: "none", modes: ["pre"] } },
  operands: { first: "none", unlessModes: ["pattern"], rest: "read", surface: "grep", defaultOperand: "." },
  recursion: { follow: { mode: "follow" } }, custom: runsProgram(["--pre"]), pipe: [RG_FILES_LISTING] };

/** The silver searcher: recursive; -f follows symlinks; --pager runs a program. */
const AG: TableSpec = { names: ["ag"], flags: "aCDHiLlQrsStUuvVwz0cnoF",
  long: ["--ackmate", "--all-text", "--all-types", "--case-sensitive", "--count", "--column", "--nocolor",
    "--noheading", "--heading", "--hidden", "--ignore-case", "--literal", "--files-with-matches",
    "--files-without-matches", "--nobreak", "--break", "--numbers", "--nonumbers", "--only-matching",
    "--print-long-lines", "--passthrough", "--print0", "--recurse", "--norecurse", "--search-binary", "--search-zip",
    "--silent", "--smart-case", "--stats", "--unrestricted", "--skip-vcs-ignores", "--vimgrep", "--word-regexp",
    "--null", "--nopager", "--noaffinity", "--affinity", "--filename", "--nofilename", "--nomultiline", "--multiline",
    "--one-device", "--list-file-types", "--help", "--version", "--fixed-strings"],
  options: { "-f": { modes: ["follow"] }, "--follow": { modes: ["follow"] },
    "-g": { value: "none", modes: ["pattern"] },
    ...each(none, "-G", "--file-search-regex", "--ignore", "--ignore-dir", "--depth", "-m", "--max-count", "--workers",
      "--color-line-number", "--color-match", "--color-path", "-W", "--width"),
    ...each(optionalNone, "-A", "--after", "-B", "--before", "--context"), "-p": read, "--path-to-ignore": read,
    "--pager": { value: "none", modes: ["pager"] } },
  operands: { first: "none", unlessModes: ["pattern"], rest: "read", surface: "grep", defaultOperand: "." },
  recursion: { follow: { mode: "follow" } }, custom: runsProgram(["--pager"]) };

/** ack: recursive; --follow follows symlinks; -f lists files (no pattern); -x reads names from stdin. */
const ACK: TableSpec = { names: ["ack", "ack-grep"], flags: "iIsvwQclLoHhnrRk1",
  long: ["--ignore-case", "--smart-case", "--no-smart-case", "--invert-match", "--word-regexp", "--literal", "--count",
    "--files-with-matches", "--files-without-matches", "--with-filename", "--no-filename", "--break", "--nobreak",
    "--heading", "--noheading", "--column", "--nocolumn", "--color", "--nocolor", "--nofollow", "--recurse",
    "--no-recurse", "--noenv", "--nopager", "--print0", "--sort-files", "--show-types", "--help", "--version", "--man",
    "--flush", "--match", "--passthru", "--filter", "--nofilter", "--known-types", "--noignore-dir",
    "--ignore-ack-defaults", "--dump", "--create-ackrc"],
  options: {
    "--follow": { modes: ["follow"] },
    "-f": { modes: ["pattern"] },
    "-g": { value: "none", modes: ["pattern"] },
    "--match": { value: "none", modes: ["pattern"] },
    "-n": { clears: ["recursive"] },
    // ack -C takes its number only glued (`-C3`, `--context=3`).
    "-C": optionalNone,
    "--context": optionalNone,
    ...each(none, "-A", "--after-context", "-B", "--before-context", "-m", "--max-count", "--output", "--type", "-t",
      "--ignore-dir", "--ignore-directory", "--ignore-file", "--type-set", "--type-add", "--type-del", "--range-start",
      "--range-end", "--color-filename", "--color-match", "--color-lineno", "--color-colno"),
    "--ackrc": read,
    "--files-from": { value: "read", modes: ["names"] },
    "-x": { modes: ["names"] },
    "--pager": { value: "none", optional: true, modes: ["pager"] },
  }, modes: ["recursive"],
  operands: { first: "none", unlessModes: ["pattern"], rest: "read", surface: "grep", defaultOperand: ".",
    defaultRole: { default: "none", modes: { recursive: "read" } } },
  recursion: { mode: "recursive", follow: { mode: "follow" } },
  custom: hooks(runsProgram(["--pager"]), (ctx) => {
    if (ctx.modes.has("names")) {
      ctx.emit({ t: "issue", code: "UNRESOLVED_WORD",
        message: "ack searches files whose names it reads from a list the guard cannot see",
        span: ctx.items[0]?.word.span ?? { start: 0, end: 0 } });
    }
  }) };

const LOCATE: TableSpec = { names: ["locate", "plocate", "mlocate", "slocate"], flags: "AbceilPLqrSw0",
  long: ["--all", "--basename", "--count", "--existing", "--follow", "--ignore-case", "--null", "--nofollow", "--quiet",
    "--statistics", "--wholename", "--help", "--version", "--regex"],
  options: { "-d": read, "--database": read, "-l": none, "-n": none, "--limit": none, "-r": none, "--regexp": none },
  operands: { all: "none" }, changes: {} };

/** fd's own options; -x/--exec and -X/--exec-batch are taken apart before these apply. */
const FD_SPEC: TableSpec = { names: ["fd", "fdfind"], abbreviations: false, flags: "HIusipFalqg01",
  long: ["--hidden", "--no-hidden", "--no-ignore", "--ignore", "--no-ignore-vcs", "--ignore-vcs", "--no-require-git",
    "--no-ignore-parent", "--unrestricted", "--case-sensitive", "--ignore-case", "--glob", "--regex", "--fixed-strings",
    "--full-path", "--absolute-path", "--relative-path", "--list-details", "--print0", "--quiet", "--show-errors",
    "--one-file-system", "--prune", "--help", "--version", "--no-follow"],
  options: {
    "-L": { modes: ["follow"] },
    "--follow": { modes: ["follow"] },
    "--no-follow": { clears: ["follow"] },
    ...each(none, "-e", "--extension", "-t", "--type", "-E", "--exclude", "-d", "--max-depth", "--min-depth",
      "--exact-depth", "-S", "--size", "--changed-within", "--changed-before", "--newer", "--older", "-o", "--owner",
      "-c", "--color", "-j", "--threads", "--max-results", "--format", "--path-separator", "--batch-size",
      "--max-buffer-time", "--and"),
    ...each(optionalNone, "--strip-cwd-prefix", "--hyperlink"),
    "--ignore-file": read,
    // The directory fd searches from: later relative paths resolve against it.
    "--base-directory": { value: "chdir" },
    "--search-path": { value: "list", surface: "find", modes: ["searchpath"] },
  },
  operands: { first: "none", rest: "list", surface: "find", defaultOperand: ".",
    defaultRole: { default: "list", modes: { searchpath: "none" } } }, recursion: { follow: { mode: "follow" } } };

const FD_EXEC = new Set(["-x", "--exec", "-X", "--exec-batch"]);
const FD_PLACEHOLDER = /\{(\/\/|\/\.|\/|\.)?\}/g;
const HAS_FD_PLACEHOLDER = /\{(\/\/|\/\.|\/|\.)?\}/;

let fdOptions: CommandSpec["options"] | undefined;

/** Where `-x` or `-X` sits in a cluster of fd's short flags (`-Hx`), or -1. */
function clusteredExec(t: string): number {
  if (!/^-[A-Za-z0-9]{2,}$/.test(t)) return -1;
  const options = (fdOptions ??= expandSpec(FD_SPEC).options ?? {});
  for (let j = 1; j < t.length; j++) {
    const c = t[j]!;
    if (c === "x" || c === "X") return j;
    const o = options[`-${c}`];
    // An unknown letter, or one that takes a value: the rest of the word is not flags.
    if (!o || o.value !== undefined) return -1;
  }
  return -1;
}

/**
 * fd [options] [pattern] [path…] [-x|-X command… [;]]: like find, the paths are listed, and a
 * command runs with `{}` (and `{/}`, `{//}`, `{.}`, `{/.}`) standing for a path under each.
 */
function fd(call: Call): Effect[] {
  const rest: Arg[] = [];
  const execs: { words: Arg[]; label: string }[] = [];
  // Own rules, not leadingOptions: it cuts fd's -x/-X commands out, wherever they stand.
  for (let i = 0; i < call.args.length; i++) {
    const a = call.args[i]!;
    const eq = a.text?.startsWith("--exec=") ? 7 : a.text?.startsWith("--exec-batch=") ? 13 : 0;
    // Short flags cluster: `-Hx cmd`, `-HXrm` (the rest of the cluster is the command's first word).
    const inCluster = a.text === null || eq ? -1 : clusteredExec(a.text);
    if (a.text !== null && (FD_EXEC.has(a.text) || eq || inCluster > 0)) {
      const glued = eq ? a.text.slice(eq) : inCluster > 0 ? a.text.slice(inCluster + 1) : "";
      const words: Arg[] = glued !== "" ? [withValue(a, glued, "")] : [];
      for (i++; i < call.args.length && call.args[i]!.text !== ";"; i++) words.push(call.args[i]!);
      execs.push({ words,
        label: `${call.name} ${eq ? a.text.slice(0, eq - 1) : inCluster > 0 ? `-${a.text[inCluster]}` : a.text}` });
      continue;
    }
    rest.push(a);
  }
  const spec: CommandSpec = expandSpec({ ...FD_SPEC, abbreviations: FD_SPEC.abbreviations ?? true });
  const applied = applySpec(call.name, spec, rest, call.world, call.span);
  const effects: Effect[] = applied.effects;
  if (execs.length === 0) return effects;
  const starts = effects.filter((e): e is Extract<Effect, { t: "path" }> =>
    e.t === "path" && e.kind === "list" && e.surface === "find"
  ).map((e) => ({ arg: e.arg, base: e.base }));
  for (const e of execs) {
    if (e.words.length === 0) continue;
    const hasPlaceholder = e.words.some((w) => w.text !== null && HAS_FD_PLACEHOLDER.test(w.text));
    for (const s of starts) {
      const under = s.arg.text === null
        ? withValue(s.arg, null, "a path fd yields")
        : withValue(s.arg, `${s.arg.text.replace(/\/+$/, "") || "/"}/*`, "");
      for (const representative of [s.arg, under]) {
        const fill = (w: Arg): Arg => {
          if (w.text === null || !w.text.includes("{")) return w;
          if (representative.text === null) return withValue(w, null, "a path fd yields");
          return withValue(w, w.text.replace(FD_PLACEHOLDER, representative.text), "");
        };
        // Without a placeholder, fd appends the path as the last argument.
        const argv = hasPlaceholder ? e.words.map(fill) : [...e.words, representative];
        effects.push({ t: "run", argv, inProcess: false, bypassFunctions: true, label: e.label,
          ...(s.base !== undefined ? { base: s.base } : {}) });
      }
      effects.push({ t: "scan", arg: s.arg, kind: "unknown", surface: "find",
        ...(s.base !== undefined ? { base: s.base } : {}) });
    }
  }
  effects.push({ t: "changes", fs: true, links: true });
  return effects;
}

export const SEARCH_SPECS: readonly TableSpec[] = [GREP, { ...GREP, names: ["rgrep"], modes: ["recursive"] }, RG, AG,
  ACK, LOCATE];

export const SEARCH_ANALYSERS: readonly Analyser[] = [{ names: FD_SPEC.names, analyse: fd, pipe: [FD_LISTING] }];
