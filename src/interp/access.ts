// Accesses: what a command touches, as findings. A path relative to a world's cwd is resolved
// physically (symlinks followed, as the kernel does) and recorded with its kind; what cannot be
// resolved is recorded with the reason. This is also where the interpreter keeps what earlier
// commands may have done to the disk that later paths depend on: files written (a script read
// from one may be stale), directories renamed under a working directory (cwd-move tracking),
// symlinks followed by recursive commands (scanTree), and listings that rely on plain names.

import { type FileSystem } from "../paths/fs.ts";
import { canonicalLogical, isAbsolute, isInside, join, type Physical, resolveFrom, resolvePhysical,
  unresolvedWhy } from "../paths/resolve.ts";
import type { ReasonCode } from "../base/reasons.ts";
import type { Span } from "../base/span.ts";
import type { AccessKind, InheritedState } from "../base/verdict.ts";
import { type Arg, withValue } from "../commands/analyse.ts";
import type { DataRead, Disk } from "../commands/effects.ts";
import type { Findings, PathFinding } from "../shell/findings.ts";
import { indexChanger, nameMaker, type NamesSeen, placesAfterText } from "../shell/listing.ts";
import type { IndexedNames } from "../shell/index-names.ts";
import { unplainIndexNames } from "../paths/git-index.ts";
import type { PatternChar } from "../shell/pattern.ts";
import { plainUnknown, type StandInCwd, type Status, type World } from "../shell/state.ts";
import type { WordEnv } from "../shell/words/env.ts";
import { isInheritedWhy } from "../shell/words/variables.ts";
import { pathCandidates } from "./candidates.ts";
import { type DiskSource, diskView } from "./disk-view.ts";
import { namesUnder, plainTree } from "./names-under.ts";
import { numericSamples } from "./numeric-samples.ts";
import { type Absence, absentAt, settleAbsences } from "./absent.ts";
import { globPattern } from "../shell/words/glob.ts";
import { linkZoneWhy, zoneInListing, zoneWatch } from "../shell/zones.ts";
import type { InterpreterLimits } from "./limits.ts";
import { FileTexts } from "./file-texts.ts";
import { CLIMBS, cleanedPlaces, MAY_SPELL_OTHERWISE, otherSpellings } from "./spellings.ts";
import { joinChild } from "./worlds.ts";
import { scanTree } from "./scan-tree.ts";
import { Moves } from "./moves.ts";
import { MadeVenvs } from "./made-venvs.ts";
import type { WalkAdvice } from "./walk-advice.ts";

/** What the accesses are judged against: the disk, the roots, and what the policy could say. */
export interface PathOptions {
  readonly fs: FileSystem;
  readonly home: string | null;
  readonly limits: InterpreterLimits;
  readonly roots: readonly string[];
  /** Default: walk every tree in full and report every link (`judge`, and every link matters). */
  readonly advice?: WalkAdvice;
  /**
   * The roots are a repository checkout the commands run in on another machine (the CI
   * scanner, GuardOptions.otherMachine): whether a file of it is a symlink is what git checked
   * out, there as here (linkInCheckout).
   */
  readonly checkout?: true;
}

/**
 * Where findings are attributed (nested code reports at the span of the word that holds it),
 * and the word environment globbing a numeric word needs: the interpreter.
 */
interface Attribution extends WordEnv {
  span(s: Span): Span;
  readonly via: readonly string[];
  issue(code: ReasonCode, message: string, span: Span | null): void;
}

/** Commands that change what a file is allowed to do, or when it was touched, never what it holds. */
export const METADATA_ONLY: ReadonlySet<string> = new Set(["chmod", "chown", "chgrp", "touch"]);

/**
 * Whether an access may change what a file holds for what runs later in the command. Not a
 * change of metadata, and not a value a program is handed in its environment that the guard
 * judges as a place of unknown kind (`export OUT=build; ./gen`, labelled `$OUT`): that a program
 * writes where a variable points is no likelier than that it writes anywhere else in the
 * project, which project code may (and the sandbox contains); its place is still judged.
 */
function writes(kind: AccessKind, command: string): boolean {
  if (kind !== "write" && kind !== "unknown") return false;
  if (kind === "unknown" && /^\$[A-Za-z_][A-Za-z0-9_]*$/.test(command)) return false;
  return !METADATA_ONLY.has(command.replace(/^.*\//, ""));
}

export class Accesses implements DiskSource {
  readonly fs: FileSystem;
  readonly home: string | null;
  readonly limits: InterpreterLimits;
  readonly opts: PathOptions;
  readonly findings: Findings;
  readonly shell: Attribution;
  private readonly physCache = new Map<string, string | null>();
  /** What the command does to the text of files, and what may have changed it (file-texts.ts). */
  readonly texts: FileTexts;
  /** Paths (span and text) that are stand-ins for names checked plain: `DIR/*` stands for a plain name under DIR. */
  private readonly standInPaths = new Set<string>();
  /**
   * Writes (command, via, span and text) that make no name but their own and plain ones beside
   * it, or (`"replaces"`) none at all (`keepsNames` on the effect).
   */
  private readonly keptNames = new Map<string, true | "replaces">();
  /** Start points of listings that are not there (absent.ts): nothing in the command may make them. */
  private readonly absences: Absence[] = [];
  /**
   * Listings that stand for names only if nothing in the command makes a name that is not plain
   * (`gitDir`: names from that repository's index, which the command must not change either;
   * `linksOnly`: a tree a stand-in working directory is in, which only symlinks made there change).
   */
  private readonly reliances: { readonly dir: string; readonly phys: string; readonly span: Span;
    readonly command: string; readonly via: readonly string[]; readonly gitDir?: string; readonly linksOnly?: true }[] =
      [];

  /**
   * For the CI scanner only (PathOptions.checkout): whether a file of the checkout is a symlink
   * (`[ -h "$SOURCE" ]` in a script's own-location loop). Null where that is not certain: not the
   * scanner, a path not there or not inside a root, or one an earlier part of the command may
   * have written or made a link on the way to.
   */
  linkInCheckout(w: World, path: string): boolean | null {
    if (this.opts.checkout !== true || w.linksChanged || w.linkZones.length || w.cwd === null) return null;
    const abs = isAbsolute(path) ? path : join(w.cwd, path);
    const loc = this.entryLocation(w, abs, null);
    if (typeof loc !== "string" || !this.opts.roots.some((root) => isInside(loc, root))) return null;
    if (this.mayHaveChanged(w, loc)) return null;
    const kind = this.fs.lstat(loc);
    return kind === null || kind === "unreadable" ? null : kind === "symlink";
  }

  constructor(opts: PathOptions, findings: Findings, shell: Attribution) {
    this.opts = opts;
    this.fs = opts.fs;
    this.home = opts.home;
    this.limits = opts.limits;
    this.findings = findings;
    this.shell = shell;
    this.texts = new FileTexts(opts.fs, opts.roots, opts.limits.maxScriptBytes);
    this.moves = new Moves(this.fs, (p) => this.physicalDir(p));
    this.venvs = new MadeVenvs(this.fs, opts.roots, this.texts, this);
  }

  /** Virtual environments the command makes before it uses them (made-venvs.ts). */
  readonly venvs: MadeVenvs;

  /** Where renamed entries are, and which working directories moved with them (moves.ts). */
  readonly moves: Moves;

  listed(dir: string, shown: string, span: Span): void {
    // `dir` was reached through the pattern's literal prefix, symlinks followed: judge where it is.
    const r = resolvePhysical(dir, this.fs);
    this.findings.addPath({ path: shown, resolved: r.ok ? r.path : dir, kind: "list", command: "glob",
      via: this.shell.via, span: this.shell.span(span), problem: null });
  }

  /** Marks the write of `arg` by `command` as one that makes no other name (nameMaker's `keeps`). */
  keepsNames(arg: Arg, command: string, how: true | "replaces"): void {
    if (arg.text !== null) {
      this.keptNames.set(keptKey(command, this.shell.via, this.shell.span(arg.span), arg.text), how);
    }
  }

  /** Records a path access relative to a world's cwd (or to `base`, a logical directory). */
  access(world: World, arg: Arg, kind: AccessKind, command: string, base?: string | null, surface?: string): void {
    const span = this.shell.span(arg.span);
    const via = this.shell.via;
    if (arg.text === null && this.accessNumeric(world, arg, kind, command, base)) return;
    const extra = surface ? { surface } : {};
    if (arg.standIn && !arg.exact && arg.text !== null) this.standInPaths.add(`${span.start}:${span.end}:${arg.text}`);
    // A stand-in after other text: the place it names is judged as a listing's reach is, with this access's kind (listing.ts).
    if (arg.standIn) {
      for (const at of placesAfterText(arg.segs)) {
        const { standIn: _s, exact: _e, ...plain } = arg;
        this.scanTree(world, withValue(plain, at, ""), kind, command, base);
        this.access(world, withValue(plain, at, ""), kind, command, base);
      }
    }
    if (arg.text === null) {
      this.findings.addPath({ path: arg.source, resolved: null, kind, command, via, span,
        problem: { code: "UNRESOLVED_WORD", why: arg.unknownWhy ?? "the word's value is not known",
          ...stateOf(world, arg) }, ...extra });
      return;
    }
    const text = arg.text;
    if (MAY_SPELL_OTHERWISE.test(text) && otherSpellings(this, world, arg, text, kind, command, base, surface)) return;
    let abs: string;
    if (isAbsolute(text)) abs = text;
    else {
      const dir = base === undefined ? world.cwd : base;
      const tree = base === undefined ? world.standInCwd : null;
      if (tree !== null) return this.underStandIn(world, tree, arg, kind, command, surface);
      if (dir === null) {
        this.findings.addPath({ path: text, resolved: null, kind, command, via, span,
          problem: { code: "UNRESOLVED_CWD", why: `the working directory for ${text} is not known`, state: "cwd" },
          ...extra });
        return;
      }
      abs = join(dir, text);
      // Most paths are relative to a directory that exists: start from its physical path
      // (unless a name on the way to it may have become a symlink: then the walk starts at /).
      const physDir = world.linkZones.length ? null : this.physicalDir(dir);
      if (physDir !== null && !/^\/dev\//.test(abs)) {
        const r = resolveFrom(physDir, text, this.fs);
        this.recordPhysical(r, text, kind, command, span, world.linksChanged, surface);
        if (CLIMBS.test(text)) {
          this.recordCleaned(world, [join(physDir, text), abs], r, text, kind, command, span, surface);
        }
        return;
      }
    }
    this.accessAbsolute(abs, text, kind, command, span, world, surface);
  }

  /**
   * A relative path from a working directory that is a stand-in (StandInCwd in state.ts): it
   * names a place in the tree under `tree.under`, unless a `..` climbs out of it. That tree is
   * judged as a whole with the access's kind (and, for a kind whose judgement does not reach
   * into a directory, `cwd` and `exec`, also as a listing or a read of it, so that rules on
   * what it holds apply), and every symlink under it that leads out is judged by the scan.
   * What is on disk now is that tree only if no earlier command may have made symlinks in it.
   */
  private underStandIn(world: World, tree: StandInCwd, arg: Arg, kind: AccessKind, command: string,
    surface?: string): void
  {
    const text = arg.text!;
    const span = this.shell.span(arg.span);
    const extra = surface ? { surface } : {};
    const unresolved = (why: string) =>
      this.findings.addPath({ path: text, resolved: null, kind, command, via: this.shell.via, span,
        problem: { code: "UNRESOLVED_CWD", why }, ...extra });
    const where = `the working directory is one of the directories under ${tree.shown} that a listing prints`;
    if (text.split("/").includes("..")) return unresolved(`${where}, and ${text} may climb out of it`);
    if (world.linksChanged || zoneInListing(world.linkZones, tree.under, true)) {
      return unresolved(`${where}, and an earlier command may have made symlinks there`);
    }
    if (writes(kind, command)) {
      this.wrote(tree.under);
    }
    const at = withValue({ ...arg, standIn: undefined, exact: undefined }, tree.under, "");
    this.scanTree(world, at, kind, command, undefined, surface);
    for (const k of kind === "cwd" ? ["cwd", "list"] as const : kind === "exec" ? ["exec", "read"] as const : [kind]) {
      this.findings.addPath({ path: text, resolved: tree.under, kind: k, command, via: this.shell.via, span,
        problem: null, ...extra });
    }
  }

  /**
   * A word whose only unknown parts are numbers ($i, $$, $((…))) or plain segments
   * (`$(date +%Y%m%d)`, Unknown.segment) cannot hold `/` or `..`: it names an entry of a known
   * directory, existing or not. Every entry it could name is checked (as a glob would be),
   * with 0 standing for each unknown part, and, where a segment may be empty (its command
   * failed), the word without it (`.$(date -d "$x" +%s).` may be `..`).
   */
  private accessNumeric(world: World, arg: Arg, kind: AccessKind, command: string, base?: string | null): boolean {
    if (!arg.segs.some((s) => "unknown" in s) || !arg.segs.every((s) => !("unknown" in s) || plainUnknown(s.unknown))) {
      return false;
    }
    const sampled = numericSamples(arg.segs);
    if (sampled === null) return false;
    const { pattern, samples, re } = sampled;
    const dirText = base === undefined ? world.cwd : base;
    // (The guard's own look at the directory: bash does not list it for this word.)
    const matches = this.globFrom(pattern, dirText ?? null, world, true);
    if (matches === null) return false;
    const numeric = new RegExp("^" + re + "$");
    for (const m of [...samples.filter((x) => x !== ""), ...matches.filter((x) => numeric.test(x))]) {
      this.access(world, withValue(arg, m, ""), kind, command, base);
    }
    return true;
  }

  /**
   * The names a pattern matches from `dir` (dot files too), or null when they cannot be listed.
   * `quiet`: the listing is the guard's own, not an access of the command.
   */
  globFrom(pattern: PatternChar[], dir: string | null, world: World, quiet = false): string[] | null {
    const probe = world.clone();
    if (dir !== null) probe.cwd = dir;
    probe.options = { ...probe.options, dotglob: true, extglob: false };
    return globPattern(pattern, probe, this.shell, { start: 0, end: 0 }, quiet);
  }

  /** A path the guard cannot judge, with why (UNRESOLVED_PATH). */
  unresolvedPath(arg: Arg, text: string, kind: AccessKind, command: string, why: string, surface?: string): void {
    this.findings.addPath({ path: text, resolved: null, kind, command, via: this.shell.via,
      span: this.shell.span(arg.span), problem: { code: "UNRESOLVED_PATH", why }, ...(surface ? { surface } : {}) });
  }

  /** `world`: the one the access happens in, when what earlier commands changed counts (zones.ts). */
  accessAbsolute(abs: string, text: string, kind: AccessKind, command: string, span: Span, world: World | null = null,
    surface?: string): void
  {
    const via = this.shell.via;
    const extra = surface ? { surface } : {};
    // Bash opens these itself for redirections, and the kernel's /proc/self/fd links name
    // descriptors that are already open: judge them by name.
    if (/^\/dev\/(null|stdin|stdout|stderr|tty|fd\/[0-9]+)$/.test(abs)) {
      this.findings.addPath({ path: text, resolved: abs, kind, command, via, span, problem: null, ...extra });
      return;
    }
    const r = resolvePhysical(abs, this.fs, world ? zoneWatch(world.linkZones) : undefined);
    this.recordPhysical(r, text, kind, command, span, world?.linksChanged ?? false, surface);
    if (world !== null && CLIMBS.test(abs)) this.recordCleaned(world, [abs], r, text, kind, command, span, surface);
  }

  /** Where a program that cleans `..` away first lands from each of `starts`, where the kernel (`r`) does not (spellings.ts). */
  private recordCleaned(world: World, starts: readonly string[], r: Physical, text: string, kind: AccessKind,
    command: string, span: Span, surface?: string): void
  {
    for (const c of cleanedPlaces(starts, r, this.fs, zoneWatch(world.linkZones))) {
      this.recordPhysical(c, text, kind, command, span, world.linksChanged, surface);
    }
  }

  private recordPhysical(r: Physical, text: string, kind: AccessKind, command: string, span: Span,
    linksChanged: boolean, surface?: string): void
  {
    const via = this.shell.via;
    const extra = surface ? { surface } : {};
    if (!r.ok) {
      const why = r.error === "changed" ? linkZoneWhy(r.at) : unresolvedWhy(r);
      this.findings.addPath({ path: text, resolved: null, kind, command, via, span,
        problem: { code: "UNRESOLVED_PATH", why }, ...extra });
      return;
    }
    if (linksChanged && r.missingParent && !this.venvs.holds(r.path)) {
      this.findings.addPath({ path: text, resolved: null, kind, command, via, span,
        problem: { code: "UNRESOLVED_PATH",
          why:
            `a directory on the way to ${r.path} does not exist yet and an earlier command may create it as a symlink` },
        named: r.path, ...extra });
      return;
    }
    if (writes(kind, command)) {
      this.wrote(r.path);
    }
    this.findings.addPath({ path: text, resolved: r.path, kind, command, via, span, problem: null, ...extra });
    // The path climbs out of directories that are not there: where they would be made is named too.
    for (const dir of r.climbed ?? []) {
      this.findings.addPath({ path: text, resolved: dir, kind, command, via, span, problem: null, ...extra });
    }
  }

  /** Disk questions asked by commands, answered from a world's working directory (disk-view.ts). */
  diskFor(w: World, span: Span, command: string): Disk {
    return diskView(this, w, span, command);
  }

  issue(code: ReasonCode, message: string, span: Span | null): void {
    this.shell.issue(code, message, span);
  }

  /**
   * Where the entry a path names is (its directory resolved physically, its last segment as
   * written), without following it: null when its directory is not known, "changed" when a name
   * on the way may have become a symlink, "self" when the path ends in `.`, `..` or `/` (it names
   * a directory, not an entry that can be replaced).
   */
  entryLocation(w: World, p: string, dir: string | null): string | null | "changed" | "self" {
    const abs = isAbsolute(p) ? p : dir === null ? null : join(dir, p);
    if (abs === null) return null;
    const cut = abs.lastIndexOf("/");
    const last = abs.slice(cut + 1);
    if (last === "" || last === "." || last === "..") return "self";
    const parent = resolvePhysical(abs.slice(0, cut) || "/", this.fs, zoneWatch(w.linkZones));
    if (!parent.ok) return parent.error === "changed" ? "changed" : null;
    return parent.path === "/" ? "/" + last : parent.path + "/" + last;
  }

  /** Whether resolving `abs` (logically as `cd` does, or physically) meets a name an earlier command may have made a symlink. */
  throughLinkZone(w: World, abs: string): boolean {
    const watch = zoneWatch(w.linkZones);
    if (watch === undefined) return false;
    for (const p of [abs, canonicalLogical(abs)]) {
      const r = resolvePhysical(p, this.fs, watch);
      if (!r.ok && r.error === "changed") return true;
    }
    return false;
  }

  /**
   * Whether what a glob sees at `path` may not be what is there when it runs: resolving it meets
   * a zone, or (`listing`: a directory it lists) symlinks may have been added to it.
   */
  linkZoneAt(path: string, world: World, listing: boolean): boolean {
    if (world.linkZones.length === 0) return false;
    const r = resolvePhysical(path, this.fs, zoneWatch(world.linkZones));
    if (!r.ok) return r.error === "changed";
    return listing && zoneInListing(world.linkZones, r.path, false);
  }

  /** Physical directory for a logical path, or null when it is not an existing directory. */
  physicalDir(logical: string): string | null {
    const cached = this.physCache.get(logical);
    if (cached !== undefined || this.physCache.has(logical)) return cached ?? null;
    const r = resolvePhysical(logical, this.fs);
    const out = r.ok && r.exists && this.fs.lstat(r.path) === "dir" ? r.path : null;
    this.physCache.set(logical, out);
    return out;
  }

  /** Issue 2's rule for commands the guard does not know: every argument may be a path. */
  genericArg(a: Arg, w: World, command: string, operand = false): void {
    if (a.text === null) {
      this.access(w, a, "unknown", command);
      return;
    }
    const cands = operand ? (a.text === "" ? [] : [a.text]) : pathCandidates(a.text);
    // (A `~` a shell the command line is handed to would expand: access() judges that spelling too.)
    for (const cand of cands) this.access(w, { ...a, text: cand }, "unknown", command);
  }

  /** The physical path of the file readScript reads for `path`, or null when it is not there. */
  scriptFile(w: World, path: string): string | null {
    const abs = isAbsolute(path) ? path : w.cwd === null ? null : join(w.cwd, path);
    if (abs === null) return null;
    const r = resolvePhysical(abs, this.fs);
    return r.ok && r.exists ? r.path : null;
  }

  private wrote(path: string): void {
    this.texts.wrote(path);
  }

  /**
   * Whether a physical path may not be now what it was before the command: an earlier part
   * may have written it or a directory above it, changed what files hold, or made a symlink
   * on the way to it (what readScript refuses to read).
   */
  mayHaveChanged(w: World, path: string): boolean {
    return this.texts.mayBeWritten(path) || this.throughLinkZone(w, path);
  }

  /** The text of a file inside a root, small enough to read; null otherwise (`code`: FileTexts.read). */
  readScript(w: World, path: string, code = false): string | null {
    return this.texts.read(w, path, code);
  }

  /** A file's bytes, for a command that reads its content to know what it does (FileTexts.readData). */
  readData(w: World, path: string, maxBytes: number): DataRead {
    return this.texts.readData(w, path, maxBytes);
  }

  /** A program's own configuration file as it is on disk now (FileTexts.readOwnConfig). */
  readOwnConfig(w: World, path: string, maxBytes: number): DataRead {
    return this.texts.readOwnConfig(w, path, maxBytes);
  }

  /** What a child leaves in its parent (joinChild), and a directory above the parent's it may have moved. */
  joinChild(parent: World, out: readonly World[]): Status {
    // Only what the child moved: what the parent had moved before is followed already.
    const moved = [...new Set(out.flatMap((o) => o.movedDirs))].filter((m) => !parent.movedDirs.includes(m));
    const status = joinChild(parent, out);
    if (moved.length) this.moves.followMoves(parent, moved, parent);
    return status;
  }

  /** A directory a command recurses into while following symlinks: scan-tree.ts. */
  scanTree(w: World, arg: Arg, kind: AccessKind, command: string, base?: string | null, surface?: string,
    quietPastBound = false, links?: (name: string, path: string) => boolean): void
  {
    scanTree(this, w, arg, kind, command, base, surface, quietPastBound, links);
  }

  /**
   * Why the names under `dir` (in it only, `deep` false) cannot be checked, or the characters
   * outside the plain set they hold (listing.ts); then the listing relies on the rest of the
   * command not making a name that is not plain there (settleListings).
   */
  unplainNames(dir: string, deep: boolean, w: World, span: Span, onlyPlain = false): string | NamesSeen {
    if (w.cwd === null && !isAbsolute(dir)) return "the working directory is not known";
    const start = resolvePhysical(isAbsolute(dir) ? dir : join(w.cwd!, dir), this.fs);
    if (!start.ok) return `${dir} cannot be resolved`;
    const made = nameMaker(start.path, [], [w], () => true);
    if (made !== null) return made.replace(/^a command/, "an earlier command");
    const got = namesUnder(this.fs, start.path, deep, dir, this.limits.maxScanEntries);
    // (`onlyPlain`: one that takes them only if all are plain relies on nothing otherwise.)
    if (typeof got !== "string" && (!onlyPlain || got.odd === "")) {
      this.reliances.push({ dir, phys: start.path, span: this.shell.span(span), command: "listing",
        via: this.shell.via });
    }
    return got;
  }

  /**
   * Why the names in the working directory's git index are not all plain relative paths
   * (src/paths/git-index.ts), or, when they are, the names under the working directory as git
   * prints them (relative to it): the only symlinks a consumer of them can be given.
   */
  unplainIndexNames(w: World, span: Span): string | IndexedNames {
    if (w.cwd === null) return "the working directory is not known";
    const moved = ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR"].find((n) =>
      w.getVar(n) !== undefined && w.getVar(n)!.k !== "unset"
    );
    if (moved) return `git with ${moved} set reads another index`;
    const start = resolvePhysical(w.cwd, this.fs);
    if (!start.ok) return `${w.cwd} cannot be resolved`;
    const made = nameMaker(start.path, [], [w], () => true);
    if (made !== null) return made.replace(/^a command/, "an earlier command");
    const got = unplainIndexNames(this.fs, start.path, this.limits.maxScanEntries);
    if ("why" in got) return got.why;
    this.reliances.push({ dir: ".", phys: start.path, span: this.shell.span(span), command: "listing",
      via: this.shell.via, gitDir: got.gitDir });
    // (Relative to the working directory, and as `--full-name` prints them: from the top.)
    const under = start.path === got.top ? "" : `${start.path.slice(got.top === "/" ? 1 : got.top.length + 1)}/`;
    const names = got.names ?? [];
    return { names: new Set([...names, ...names.filter((n) => n.startsWith(under)).map((n) => n.slice(under.length))]),
      odd: got.odd ?? "" };
  }

  /**
   * A stand-in working directory relies on its tree as the disk has it (StandInCwd in
   * state.ts): a command anywhere in the command line that may make a symlink there (one
   * running beside it in a pipeline, or in the background) undoes it at the end (settleListings).
   */
  reliesOnTree(phys: string, shown: string, span: Span, command: string): void {
    this.reliances.push({ dir: shown, phys, span: this.shell.span(span), command, via: this.shell.via,
      linksOnly: true });
  }

  /** Whether no entry is at a listing's start point `path`, which then prints nothing: nothing in the command line may make one (settleListings). */
  absentStart(path: string, w: World, span: Span): boolean {
    const at = absentAt(this.fs, w, path);
    return at !== null &&
      this.absences.push({ dir: path, phys: at, span: this.shell.span(span), via: this.shell.via }) > 0;
  }

  /** At the end: a command that may have made a name that is not plain undoes every listing that relied on none. */
  settleListings(worlds: readonly World[]): void {
    const standIn = (p: PathFinding) => this.standInPaths.has(`${p.span.start}:${p.span.end}:${p.path}`);
    for (const f of settleAbsences(this.absences, this.findings.paths, worlds, standIn)) this.findings.addPath(f);
    for (const r of this.reliances) {
      if (r.linksOnly) {
        if (worlds.some((w) => zoneInListing(w.linkZones, r.phys, true))) {
          this.findings.addPath({ path: r.dir, resolved: null, kind: "unknown", command: r.command, via: r.via,
            span: r.span,
            problem: { code: "UNRESOLVED_CWD",
              why:
                `the working directory is one of the directories under ${r.dir} that a listing prints, and a command may make symlinks or unpack files there` } });
        }
        continue;
      }
      const commands = this.findings.commands;
      const why =
        nameMaker(r.phys, this.findings.paths, worlds, (p) => plainTree(this.fs, p, this.limits.maxScanEntries),
          commands, standIn, (p) => this.keptNames.get(keptKey(p.command, p.via, p.span, p.path)) ?? false,
          (p) => this.fs.lstat(p) === null) ??
          (r.gitDir ? indexChanger(r.gitDir, this.findings.paths, commands) : null);
      // The names it stood for are then any paths: an access that cannot be resolved.
      if (why !== null) {
        this.findings.addPath({ path: r.dir, resolved: null, kind: "unknown", command: r.command, via: r.via,
          span: r.span,
          problem: { code: "UNRESOLVED_WORD",
            why:
              `the names printed under ${r.dir} stand for what the listing prints only if nothing makes a name that is not plain there, and ${why}` } });
      }
    }
  }
}

/** (A write of the same text by another command, or by the same from elsewhere, is not the marked one.) */
function keptKey(command: string, via: readonly string[], span: Span, text: string): string {
  return JSON.stringify([command, via, span.start, span.end, text]);
}

/** The shell state an unknown word stands for, when it is that and not the word's own (Reason.state). */
function stateOf(world: World, arg: Arg): { state?: InheritedState } {
  if (arg.state) return { state: arg.state };
  if (taintedOnly(world, arg)) return { state: "tainted" };
  return arg.unknownWhy !== null && isInheritedWhy(arg.unknownWhy) ? { state: "environment" } : {};
}

/**
 * Whether a word is unknown only for the reason the whole shell is: code the guard did not
 * follow ran in it (an unread `. lib.sh`, an `eval` of unknown code), which made every variable
 * unknown with that reason (worlds.ts taint), and which is its own finding at its place.
 */
function taintedOnly(world: World, arg: Arg): boolean {
  return world.tainted !== null && arg.unknownWhy === world.tainted;
}
