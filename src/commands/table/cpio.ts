// cpio: GNU cpio and libarchive's bsdcpio. -o archives the files named on standard input, -i
// extracts an archive read from standard input into the working directory, -p copies the
// files named on standard input below a directory. The two differ in their options and in what
// -i does with a member named `/x` or `../x`: GNU cpio writes it there unless told not to,
// bsdcpio refuses it unless told --insecure (libarchive 3.6.2: "Path contains '..'",
// "Path is absolute").

import { applySpec, parseWords, syntheticArg } from "../apply.ts";
import { type Arg, type Effect, withValue } from "../effects.ts";
import type { Analyser, Call, CommandSpec, Item, OptionSpec, SpecContext } from "../spec.ts";
import { type Cut, cutProblem, isPlainPath } from "../../shell/listing.ts";
import { intoTree, namesFromStdin } from "./archives.ts";
import { chdir, each, hooks, KEEPS, locate, none, optionItems, read, runsProgram, spanOf, write } from "./common.ts";
import { expandSpec } from "./expand.ts";
import { archiveUnpacking, stdinArchive } from "./unpack-entries.ts";

const mode = (...modes: string[]): OptionSpec => ({ modes });

/** cpio reads one name a line (with -0 one a NUL): a NUL inside a line ends the C string it is read into. */
const cpioCut = (nul: boolean): Cut => ({ ends: nul ? "\0" : "\n", special: nul ? "-" : "\\-" });

const CPIO_SPEC = expandSpec({ names: ["cpio"], flags: "0abBcdfmnrsStuvV",
  long: ["--null", "--reset-access-time", "--dot", "--make-directories", "--nonmatching", "--dereference",
    "--preserve-modification-time", "--numeric-uid-gid", "--rename", "--swap-bytes", "--swap-halfwords",
    "--unconditional", "--verbose", "--version", "--help", "--quiet", "--sparse", "--only-verify-crc",
    "--no-preserve-owner", "--device-independent", "--reproducible", "--ignore-devno", "--renumber-inodes",
    "--to-stdout", "--append", "--no-absolute-filenames", "--force-local"],
  options: {
    "-o": mode("out"),
    "--create": mode("out"),
    "-i": mode("in"),
    "--extract": mode("in"),
    "-t": mode("list"),
    "--list": mode("list"),
    // cpio -p[dmuv…] DIR: the destination is the operand, not the value of -p.
    "-p": mode("pass"),
    "--pass-through": mode("pass"),
    "-D": chdir,
    "--directory": chdir,
    "-F": none,
    "--file": none,
    "-O": write,
    "-I": read,
    "-E": read,
    "--pattern-file": read,
    "-A": mode("appending"),
    "-L": mode("follow"),
    "--dereference": mode("follow"),
    "--absolute-filenames": mode("absolute"),
    ...each(none, "-H", "--format", "-M", "--message", "-R", "--owner", "-C", "--io-size", "--block-size"),
    "--rsh-command": { value: "none", modes: ["program"] },
    "--rmt-command": { value: "none", modes: ["program"] },
    "-l": mode("link"),
    "--link": mode("link"),
  }, operands: { all: "none" }, custom: hooks(runsProgram(["--rsh-command", "--rmt-command"]), cpioRoles) });

/**
 * What both cpios write and read by mode: -F's archive, -p's destination tree, -i's working
 * directory (or -D's); where -i writes the members beyond it is judged from the archive (cpio).
 */
function cpioRoles(ctx: SpecContext): void {
  for (const it of optionItems(ctx, "-F", "--file")) {
    if (!it.value || locate(it.value.text).t === "remote") continue;
    // Whether -D moves the archive too is not settled here: judge it both ways.
    const kind = ctx.modes.has("out") ? "write" : "read";
    ctx.role(it.value, kind, it.base);
    if (it.base !== undefined) ctx.role(it.value, kind, undefined);
  }
  // -p DIR copies the files named on standard input to the same names below DIR.
  if (ctx.modes.has("pass")) {
    for (const it of ctx.items) if (it.t === "operand") intoTree(ctx, it.word, "write", it.base);
  }
  if (ctx.modes.has("in") && !ctx.modes.has("list")) {
    const dirs = optionItems(ctx, "-D", "--directory");
    if (dirs.length === 0) intoTree(ctx, syntheticArg(".", spanOf(ctx)), "write", ctx.start);
    for (const d of dirs) if (d.value) intoTree(ctx, d.value, "write", d.base);
    ctx.emit({ t: "changes", fs: true, links: true });
  }
}

/** libarchive 3.6.2's bsdcpio(1). */
const BSDCPIO_SPEC = expandSpec({ names: ["bsdcpio"], flags: "067aBcdhjJmnrtuvVyzZ",
  long: ["--null", "--pwb", "--binary", "--make-directories", "--xz", "--lrzip", "--lz4", "--zstd", "--lzma", "--lzop",
    "--preserve-modification-time", "--numeric-uid-gid", "--no-preserve-owner", "--preserve-owner", "--quiet", "--list",
    "--unconditional", "--dot", "--verbose", "--version", "--help"],
  options: { "-o": mode("out"), "--create": mode("out"), "-i": mode("in"), "--extract": mode("in"), "-t": mode("list"),
    "--list": mode("list"), "-p": mode("pass"), "--pass-through": mode("pass"), "-F": none, "--file": none, "-O": write,
    "-I": read, "-E": read, "-A": mode("appending"), "-L": mode("follow"), "--insecure": mode("insecure"),
    "-l": mode("link"), "--link": mode("link"),
    ...each(none, "-H", "--format", "-C", "-f", "-R", "--owner", "--passphrase") }, operands: { all: "none" },
  custom: cpioRoles });

/**
 * cpio -i: the archive of -F (or GNU cpio's -I), else standard input. GNU cpio writes absolute
 * names as stored unless --no-absolute-filenames, bsdcpio only with --insecure; both write a
 * member through a symlink the archive made before it (GNU cpio 2.13 wrote `link/x` to where
 * `link -> ../out` leads): unpacking.ts.
 */
function cpioUnpacking(call: Call,
  parsed: { readonly items: readonly Item[]; readonly modes: ReadonlySet<string> }): Effect[]
{
  const options = (...names: string[]) =>
    parsed.items.filter((i): i is Extract<Item, { t: "option" }> => i.t === "option" && names.includes(i.name));
  const files = options("-F", "--file", "-I").flatMap((i) => (i.value ? [i] : []));
  const keepsAbsolute = call.name === "bsdcpio"
    ? parsed.modes.has("insecure")
    : options("--no-absolute-filenames").length === 0;
  const into = options("-D", "--directory").flatMap((i) => (i.value ? [{ arg: i.value, base: i.base }] : []));
  const file = files[files.length - 1];
  const archive = file === undefined
    ? stdinArchive(call.stdin)
    : locate(file.value!.text).t === "remote"
    ? null
    : { arg: file.value!, base: undefined };
  return archiveUnpacking(call, archive, into, keepsAbsolute,
    !keepsAbsolute
      ? null
      : call.name === "bsdcpio"
      ? "bsdcpio --insecure -i writes members to the paths stored in the archive, absolute and `..` ones included"
      : "cpio -i writes members to the paths stored in the archive, absolute ones included");
}

/** cpio -o and -p take the names of the files to copy from standard input. */
function cpioWith(spec: CommandSpec): (call: Call) => Effect[] {
  return (call) => cpio(call, spec);
}

function cpio(call: Call, spec: CommandSpec): Effect[] {
  let effects = applySpec(call.name, spec, call.args, call.world, call.span).effects;
  const parsed = parseWords(spec, call.args, call.world, undefined, false);
  if (parsed.modes.has("in") && !parsed.modes.has("list")) effects.push(...cpioUnpacking(call, parsed));
  if (!parsed.modes.has("out") && !parsed.modes.has("pass")) return effects;
  const follow = parsed.modes.has("follow");
  const cut = cpioCut(
    call.args.some((a) => a.text !== null && (a.text === "--null" || /^-[a-zA-Z0-9]*0/.test(a.text))),
  );
  const reps = parsed.modes.has("pass") && !parsed.modes.has("in") ? passedAsMade(call, follow, cut) : null;
  if (reps !== null) {
    // The copies are DEST/NAME for the names the listing stands for: plain, and no symlink among them.
    const dests = parsed.items.flatMap((it) => (it.t === "operand" ? [it] : []));
    const isDest = (a: Arg) => dests.some((d) => d.word.span.start === a.span.start && d.word.span.end === a.span.end);
    effects = effects.filter((e) => !(e.t === "links" && isDest(e.arg)));
    for (const d of dests) {
      if (d.word.text === null) continue;
      const base = d.base !== undefined ? { base: d.base } : {};
      for (const r of reps) {
        const copy = withValue(d.word, `${d.word.text}/${r}`, "");
        effects.push({ t: "path", arg: copy, kind: "write", ...base }, { t: "scan", arg: copy, kind: "write",
          ...base });
      }
    }
  }
  // -p -l hard-links the files it is given instead of copying them: written through the new names, as with `ln`.
  const kind = parsed.modes.has("pass") && parsed.modes.has("link") ? "unknown" : "read";
  const unseen = `${call.name} copies the files named on its standard input, which the guard cannot see`;
  return [...effects, ...namesFromStdin(call, kind, follow, cut, unseen)];
}

/**
 * The texts of the names `cpio -p DEST` copies when it makes no symlink and no name that is not
 * plain, or null. GNU cpio 2.13 copies NAME to DEST/NAME as it is (`../x` to DEST/../x, `/a/x`
 * to DEST/a/x, DEST made with -d), a symlink as a symlink with the same text, which resolves
 * from elsewhere there (`a/l -> ../../p/x` from `out/a`), and with -L what a link leads to as a
 * file or a directory. So the names it gets are a listing's plain ones, none of them a symlink
 * (each start point not one, as written; nothing under it one, on disk), or any with -L: then
 * the tree below DEST holds after the copy only plain names and no new symlink, and nothing
 * else in the command may add one there (the listing relies on that).
 */
function passedAsMade(call: Call, follow: boolean, cut: Cut): string[] | null {
  if (call.stdin.t !== "listing") return null;
  const l = call.stdin.listing;
  if (cutProblem(l, cut, false) !== null || (!follow && l.links)) return null;
  const reps: string[] = [];
  for (const r of l.reps) {
    if (r.text === null || !isPlainPath(r.text) || (!follow && call.disk.isLink(r.text))) return null;
    reps.push(r.text);
  }
  return reps;
}

export const CPIO_ANALYSERS: readonly Analyser[] = [{ names: ["cpio"], analyse: cpioWith(CPIO_SPEC), naming: KEEPS }, {
  names: ["bsdcpio"],
  analyse: cpioWith(BSDCPIO_SPEC),
}];
