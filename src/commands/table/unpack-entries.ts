// How each extractor's words say what unpacking.ts judges: which archive (a file, standard
// input, or one the guard cannot place), into which directories, and how it treats names
// (absolute ones kept, components stripped, paths junked, names rewritten).

import type { Span } from "../../base/span.ts";
import { type Arg, type Disk, type Effect, type Stdin, withValue } from "../effects.ts";
import type { Base, Call, Item } from "../spec.ts";
import { type Unpacking, unpackingEffects } from "./unpacking.ts";

type Archive = Unpacking["archive"];

/** The archive read from standard input: the file `<` named, or one the guard cannot see. */
export function stdinArchive(stdin: Stdin): Archive {
  const file = stdin.t === "text" || stdin.t === "unknown" ? stdin.file : undefined;
  return file ? { arg: file, base: undefined } : "stdin";
}

/** The option items with these names. */
const named = (items: readonly Item[], ...names: string[]) =>
  items.filter((i): i is Extract<Item, { t: "option" }> => i.t === "option" && names.includes(i.name));

/**
 * tar -x (GNU tar, bsdtar, BusyBox's applet): the archive of -f (standard input by default, as
 * GNU tar's `--show-defaults` says `-f-`), into each -C directory or the working directory.
 */
export function tarUnpacking(call: Call, items: readonly Item[], modes: ReadonlySet<string>): Effect[] {
  if (!modes.has("extract") || modes.has("stdout")) return [];
  const files = named(items, "-f", "--file");
  const strips = named(items, "--strip-components");
  const last = strips[strips.length - 1]?.value?.text;
  const strip = strips.length === 0 ?
    0 :
    last !== undefined && last !== null && /^[0-9]{1,4}$/.test(last)
    ? Number(last)
    : null;
  const renames = named(items, "--transform", "--xform");
  const into = named(items, "-C", "--directory").flatMap((i) => (i.value ? [{ arg: i.value, base: i.base }] : []));
  const span = files[0]?.value?.span ?? call.span;
  const common = { program: call.name, into, formats: { tar: true, gzipTar: true, zip: true, cpio: true },
    keepsAbsolute: modes.has("absolute"), strip, flat: false,
    renamed: renames.length ? `${renames[0]!.name} renames the members` : null, span,
    ...(modes.has("absolute")
      ? { unsafeNames: "tar -P extracts members to wherever their names say, which the guard cannot see" }
      : {}) };
  if (files.length > 1) {
    return unseen(common, "several archives", "tar reads several -f archives as the volumes of one", span);
  }
  const f = files[0]?.value;
  let archive: Archive;
  if (!f || f.text === "-") archive = stdinArchive(call.stdin);
  else if (f.text !== null && /^[^/]*:/.test(f.text) && named(items, "--force-local").length === 0) {
    return unseen(common, f.source, "it is on another host, reached through rsh", span);
  } else archive = { arg: f, base: undefined };
  return unpackingEffects({ ...common, archive }, call.disk);
}

/** An archive the guard cannot read for a reason of the entry's own. */
function unseen(common: Omit<Unpacking, "archive">, what: string, why: string, span: Span): Effect[] {
  return [{ t: "issue", code: "UNRESOLVED_PATH",
    message:
      `${common.program} unpacks ${what}, and the guard cannot read its members (${why}): one may climb out, be absolute, or be a link a later member is written through`,
    span }];
}

/** unzip ARCHIVE [-d DIR] (Info-ZIP, BusyBox): ARCHIVE, or ARCHIVE.zip and ARCHIVE.ZIP when there is no ARCHIVE. */
export function unzipUnpacking(program: string, disk: Disk, archive: Arg, base: Base,
  into: readonly { arg: Arg; base: Base }[], flat: boolean, anywhere: boolean): Effect[]
{
  const common = { program, into, formats: { tar: false, gzipTar: false, zip: true, cpio: false }, keepsAbsolute: false,
    strip: 0, flat, renamed: null, span: archive.span,
    ...(anywhere ? { unsafeNames: "unzip -: extracts members with ../ in their names outside the directory" } : {}) };
  const t = archive.text;
  // unzip matches an archive name holding wildcards against the disk itself, and unpacks each.
  if (t !== null && !archive.standIn && /[*?[]/.test(t)) {
    return unseen(common, archive.source, "unzip matches the name as a pattern", archive.span);
  }
  // (A read of no bytes asks only whether the name is there, and whether it may be written.)
  const there = (name: string) => !("absent" in disk.readData(name, 0, base));
  const name = t === null || archive.standIn || there(t)
    ? archive
    : [".zip", ".ZIP"].map((ext) => withValue(archive, t + ext, "")).find((a) => there(a.text!)) ?? archive;
  return unpackingEffects({ ...common, archive: { arg: name, base } }, disk);
}

/**
 * 7z x / e: the archive operand (zip and tar are read; 7z's own format, gzip and the rest are
 * not), or standard input under -si; null under -an, where the archives come from -ai lists.
 */
export function sevenZipUnpacking(call: Call, archive: Arg | "stdin" | null, into: Arg, flat: boolean,
  keepsAbsolute: boolean): Effect[]
{
  const common = { program: call.name, into: [{ arg: into, base: undefined }],
    formats: { tar: true, gzipTar: false, zip: true, cpio: true }, keepsAbsolute, strip: 0, flat, renamed: null,
    span: archive !== null && archive !== "stdin" ? archive.span : call.span,
    ...(keepsAbsolute ? { unsafeNames: "7z -spf extracts members to the absolute paths stored in the archive" } : {}) };
  if (archive === null) return unseen(common, "the archives -ai names", "they are not named here", call.span);
  if (archive !== "stdin" && archive.text !== null && !archive.standIn && /[*?]/.test(archive.text)) {
    return unseen(common, archive.source, "7z matches the name as a pattern", archive.span);
  }
  return unpackingEffects({ ...common,
    archive: archive === "stdin" ? stdinArchive(call.stdin) : { arg: archive, base: undefined } }, call.disk);
}

/** cpio -i (GNU cpio, bsdcpio, BusyBox): the archive, or null for one on another host. */
export function archiveUnpacking(call: Call, archive: Archive | null, into: readonly { arg: Arg; base: Base }[],
  keepsAbsolute: boolean, unsafeNames: string | null): Effect[]
{
  const common = { program: call.name, into, formats: { tar: true, gzipTar: true, zip: true, cpio: true },
    keepsAbsolute, strip: 0, flat: false, renamed: null,
    span: archive !== null && archive !== "stdin" ? archive.arg.span : call.span,
    ...(unsafeNames !== null ? { unsafeNames } : {}) };
  if (archive === null) return unseen(common, "an archive", "it is on another host, reached through rsh", call.span);
  return unpackingEffects({ ...common, archive }, call.disk);
}
