// Where an extractor (tar, bsdtar, BusyBox tar, unzip, 7z, jar) writes the members of the
// archive it unpacks. The member list is on disk when the command is judged, so it is read
// (src/paths/archive-members.ts: tar, gzip-compressed tar, zip) and each member judged; an
// archive the guard cannot read — written earlier in the command, on standard input, outside
// the roots, past the bounds, compressed otherwise — is asked about, since any member could be
// one of these:
//
// - a name that climbs with `..`: GNU tar and bsdtar refuse it, unzip and BusyBox strip it,
//   `tar -P` and `unzip -:` write it where it leads, and older versions did: asked about;
// - an absolute name: stripped to a relative one (every tool, unless `tar -P`), so judged as a
//   write where it lands; GNU tar 1.34 and BusyBox 1.35 also make one of `b//c/f` with
//   `--strip-components=1` (the text after the first slash is `/c/f`, written to /c/f);
// - a member written through a symlink the archive made before it (`link -> /tmp`, then
//   `link/x`), or onto the name of one: GNU tar, bsdtar and unzip defer such links, BusyBox
//   before 1.32 and other programs did not; an archive made from a real tree never holds one,
//   so it is asked about, wherever the link leads;
// - a hard link to a name outside: BusyBox 1.35 links to an absolute or climbing target as
//   given (GNU tar strips it), so an absolute target is judged as `ln`'s is, and one that
//   climbs or passes through one of the archive's symlinks is asked about.
//
// A plain relative name lands inside the directory, which the entry already judges as a tree
// written, with every symlink already in it that leads out (intoTree in archives.ts).

import type { ReasonCode } from "../../base/reasons.ts";
import type { Span } from "../../base/span.ts";
import { type ArchiveFormats, archiveMembers } from "../../paths/archive-members.ts";
import { type Member, MEMBER_BOUNDS } from "../../paths/members.ts";
import { type Arg, type Disk, type Effect, withValue } from "../effects.ts";
import type { Base } from "../spec.ts";

/** One extraction, as the entry parsed it. */
export interface Unpacking {
  /** The program, for messages. */
  readonly program: string;
  /** The archive: a word naming it (found from `base`), or standard input. */
  readonly archive: { readonly arg: Arg; readonly base: Base } | "stdin";
  /** The directories the members land in (a name for each may be tried). */
  readonly into: readonly { readonly arg: Arg; readonly base: Base }[];
  readonly formats: ArchiveFormats;
  /** `tar -P`, `7z -spf`: absolute names stay absolute. */
  readonly keepsAbsolute: boolean;
  /** `--strip-components N`; null when N is not known. */
  readonly strip: number | null;
  /** Only each member's last name is used (`unzip -j`, `7z e`). */
  readonly flat: boolean;
  /**
   * What the program does with absolute and climbing names in this mode, when it writes them as
   * stored (`tar -P`, `unzip -:`, `7z -spf`, GNU cpio without --no-absolute-filenames, bsdcpio
   * --insecure): asked about when there is no archive to read.
   */
  readonly unsafeNames?: string;
  /** Why the names are changed in a way the guard does not follow (`--transform`), or null. */
  readonly renamed: string | null;
  readonly span: Span;
}

/** A member's name as written under the directory: absolute, or segments below it. */
interface Place {
  readonly abs: boolean;
  readonly segs: readonly string[];
}

const split = (t: string): string[] => t.split("/").filter((s) => s !== "" && s !== ".");

/** GNU tar's stripped_prefix_len: the text after the Nth slash, runs of slashes before the cut read as one. */
function cutText(name: string, n: number): string | null {
  let p = 0;
  while (name[p] === "/") p++;
  let left = n;
  while (p < name.length) {
    const slash = name[p] === "/";
    p++;
    if (slash) {
      if (--left === 0) return name.slice(p);
      while (name[p] === "/") p++;
    }
  }
  return null;
}

/** Where a stored name lands, for every way the extractors read it (several under --strip-components). */
function placesOf(name: string, u: Unpacking, strip: number): Place[] {
  if (u.flat) {
    const last = split(name).pop();
    return last === undefined ? [] : [{ abs: false, segs: [last] }];
  }
  if (strip === 0) return [{ abs: u.keepsAbsolute && name.startsWith("/"), segs: split(name) }];
  const texts = new Set<string>();
  // GNU tar and BusyBox cut the text, and what is left may start with `/`; BusyBox first drops
  // a leading `/` and `../`s.
  for (const from of [name, name.replace(/^(\/|\.\.\/)+/, "")]) {
    const t = cutText(from, strip);
    if (t !== null) texts.add(t);
  }
  const places: Place[] = [...texts].map((t) => ({ abs: t.startsWith("/"), segs: split(t) }));
  // bsdtar counts a leading `/` as a component and runs of slashes as one separator.
  const comps = name.split(/\/+/);
  if (comps.length > strip) places.push({ abs: false, segs: split(comps.slice(strip).join("/")) });
  return places;
}

/** Names compared as a filesystem that ignores case (or Unicode normalisation) would. */
const key = (segs: readonly string[]): string => segs.join("/").normalize("NFC").toLowerCase();

/** What extracting this archive writes beyond the directory's tree, or why it cannot be told. */
export function unpackingEffects(u: Unpacking, disk: Disk): Effect[] {
  const effects: Effect[] = [];
  const ask = (code: ReasonCode, message: string) => effects.push({ t: "issue", code, message, span: u.span });
  const where = u.into.map((d) => d.arg.source).join(", ") || "the working directory";
  const unseen = (what: string, why: string) =>
    ask("UNRESOLVED_PATH",
      `${u.program} unpacks ${what} into ${where}, and the guard cannot read its members (${why}): one may climb out, be absolute, or be a link a later member is written through`);
  if (u.archive === "stdin") {
    unseen("an archive from its standard input", "standard input is not a file the guard reads");
    return effects;
  }
  const { arg, base } = u.archive;
  // One of the names a listing prints (`find … | xargs unzip`): any of them.
  if (arg.standIn) {
    unseen("the archives a listing names", "they are not one file");
    return effects;
  }
  // A name that is not known is judged as a path already, and asked about there.
  if (arg.text === null) {
    if (u.unsafeNames) ask("UNRESOLVED_PATH", u.unsafeNames);
    return effects;
  }
  const read = disk.readData(arg.text, MEMBER_BOUNDS.maxArchiveBytes, base);
  if ("absent" in read) {
    // Nothing to unpack now; in a mode that writes unsafe names as stored, an archive another
    // process puts there before the program runs is still asked about, as it was before the
    // members were read.
    if (u.unsafeNames) ask("UNRESOLVED_PATH", u.unsafeNames);
    return effects;
  }
  if ("why" in read) {
    unseen(arg.source, read.why);
    return effects;
  }
  const list = archiveMembers(read.bytes, u.formats, MEMBER_BOUNDS);
  if ("why" in list) {
    unseen(arg.source, list.why);
    return effects;
  }
  if (u.renamed !== null) {
    unseen(arg.source, u.renamed);
    return effects;
  }
  if (u.strip === null) {
    unseen(arg.source, "the number of components --strip-components removes is not known");
    return effects;
  }
  const problem = judgeMembers(list.members, u, u.strip);
  if (problem !== null) ask("UNRESOLVED_PATH", `${u.program}: ${arg.text} ${problem}`);
  for (const p of absolutePlaces(list.members, u, u.strip)) {
    effects.push({ t: "path", arg: withValue(arg, "/" + p.place.segs.join("/"), ""), kind: p.kind });
  }
  // Each member is also a write where it lands below the directory, so that one landing in a
  // place the policy singles out (git's hooks, a host's settings, a rule's pattern) is judged
  // as `cp` onto it would be; the directory's tree write does not count the zones it holds.
  const landings = relativePlaces(list.members, u, u.strip);
  const dirs = u.into.length ? u.into : [{ arg: withValue(arg, ".", ""), base: undefined }];
  for (const d of dirs) {
    const dir = d.arg.text;
    if (dir === null || dir === "") continue;
    const prefix = dir === "." ? "" : dir.endsWith("/") ? dir : `${dir}/`;
    for (const rel of landings) {
      effects.push({ t: "path", arg: withValue(d.arg, prefix + rel, ""), kind: "write",
        ...(d.base !== undefined ? { base: d.base } : {}) });
    }
  }
  return effects;
}

/** The names members land under, below the directory (each once), for every way they are read. */
function relativePlaces(members: readonly Member[], u: Unpacking, strip: number): string[] {
  const out = new Set<string>();
  for (const m of members) {
    for (const name of [m.name, ...(m.aliases ?? [])]) {
      for (const place of placesOf(name, u, strip)) {
        if (!place.abs && place.segs.length) out.add(place.segs.join("/"));
      }
    }
  }
  return [...out];
}

/** The first member that climbs, or is written through (or onto) a symlink the archive made before it. */
function judgeMembers(members: readonly Member[], u: Unpacking, strip: number): string | null {
  const links = new Map<string, string>();
  const through = (segs: readonly string[], whole: boolean): string | undefined => {
    for (let i = 1; i < segs.length + (whole ? 1 : 0); i++) {
      const link = links.get(key(segs.slice(0, i)));
      if (link !== undefined) return link;
    }
    return undefined;
  };
  for (const m of members) {
    for (const name of [m.name, ...(m.aliases ?? [])]) {
      for (const place of placesOf(name, u, strip)) {
        if (place.segs.includes("..")) return `holds the member ${JSON.stringify(name)}, whose name climbs with ..`;
        if (place.abs) continue;
        const link = through(place.segs, m.kind !== "dir" && m.kind !== "symlink");
        if (link !== undefined) {
          return `holds the member ${JSON.stringify(name)}, written through the symlink ${
            JSON.stringify(link)
          } the archive makes before it`;
        }
        if (m.kind === "symlink" && place.segs.length) links.set(key(place.segs), place.segs.join("/"));
      }
    }
    if (m.kind === "hardlink") {
      for (const target of hardLinkTargets(m.target ?? "", u, strip)) {
        if (target.segs.includes("..")) {
          return `holds the hard link ${JSON.stringify(m.name)} to ${JSON.stringify(m.target)}, which climbs with ..`;
        }
        const link = target.abs ? undefined : through(target.segs, true);
        if (link !== undefined) {
          return `holds the hard link ${JSON.stringify(m.name)} to ${JSON.stringify(m.target)}, through the symlink ${
            JSON.stringify(link)
          } the archive makes`;
        }
      }
    }
  }
  return null;
}

/**
 * A hard link's target as the extractors read it: stripped as a name is (GNU tar applies
 * --strip-components to it and drops a leading `/`), and as stored (BusyBox links to it so).
 */
function hardLinkTargets(target: string, u: Unpacking, strip: number): Place[] {
  return [...placesOf(target, u, strip), { abs: target.startsWith("/"), segs: split(target) }];
}

/** The absolute places members are written to, and those hard links share (judged as ln's target). */
function absolutePlaces(members: readonly Member[], u: Unpacking,
  strip: number): { readonly place: Place; readonly kind: "write" | "unknown" }[]
{
  const out = new Map<string, { readonly place: Place; readonly kind: "write" | "unknown" }>();
  for (const m of members) {
    for (const name of [m.name, ...(m.aliases ?? [])]) {
      for (const place of placesOf(name, u, strip)) {
        if (place.abs) out.set(`write ${place.segs.join("/")}`, { place, kind: "write" });
      }
    }
    if (m.kind === "hardlink") {
      for (const place of hardLinkTargets(m.target ?? "", u, strip)) {
        if (place.abs) out.set(`unknown ${place.segs.join("/")}`, { place, kind: "unknown" });
      }
    }
  }
  return [...out.values()];
}
