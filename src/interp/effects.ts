// Effects: what the command table says a command does (src/commands/effects.ts), applied to the
// worlds — paths accessed, trees walked, code and scripts run, names read from a list, and what
// it may change on disk for the commands after it (contents, symlinks, renamed directories).

import { type Arg, type Effect, withValue } from "../commands/analyse.ts";
import { syntheticArg } from "../commands/apply.ts";
import type { Stdin } from "../commands/effects.ts";
import type { Naming, Origin } from "../shell/findings.ts";
import { UNDECODABLE_NAME } from "../paths/fs.ts";
import { isAbsolute, join, resolvePhysical } from "../paths/resolve.ts";
import { STATUS_UNKNOWN, UNSET, type World } from "../shell/state.ts";
import { ANYWHERE, type LinkZone, unionZones, zoneWatch } from "../shell/zones.ts";
import { linksMet } from "../shell/index-names.ts";
import { type Accesses, METADATA_ONLY } from "./access.ts";
import { pathCandidates } from "./candidates.ts";
import type { DispatchInfo, Shell } from "./context.ts";
import { runCode, runScript } from "./nested.ts";
import { runPackageScript } from "./package-scripts.ts";
import { runWorkspace } from "./workspace-run.ts";
import { joinChild, withCwd, withStatus } from "./worlds.ts";
import { writtenThenRun } from "./written-config.ts";
import { pipEnvironment } from "./pip-environment.ts";
import { packageConfig } from "./package-config.ts";
import { makeIncludes } from "./make-includes.ts";
import { makeRecipes } from "./make-recipes.ts";
import { dotenvFiles } from "./dotenv.ts";
import { interpreterScripts, shebangScript, writtenModules } from "./script-reach.ts";
import { userShell } from "./user-shell.ts";
import { venvOfPythons } from "./path-lookup.ts";

/** Names judged from one list a command reads (`--files0-from`, `tar -T`); more is EXPANSION_TOO_LARGE. */
const MAX_LISTED_NAMES = 4096;

export function applyEffects(it: Shell, effects: readonly Effect[], argv: readonly Arg[], w: World, info: DispatchInfo,
  naming?: Naming): World[]
{
  const command = argv[0]!.text ?? "?";
  // What it reads as its configuration may be what an earlier part of the command wrote.
  writtenThenRun(it, argv, w, info.span);
  // What it reads as its configuration in the project may name code or places (npm's script-shell).
  packageConfig(it, argv, w, info.span);
  makeIncludes(it, argv, w, info.span);
  makeRecipes(it, argv, w, info.span);
  dotenvFiles(it, argv, w, info.span);
  // pip installs into the environment of its Python: outside the project without a venv.
  pipEnvironment(it, argv, w, info);
  // The script an interpreter runs may visibly reach outside (open("../x"), os.system(…)).
  interpreterScripts(it, argv, effects, w);
  // A module written earlier in the command, which it may load without naming it (conftest.py).
  writtenModules(it, argv, w);
  // The command's own accesses carry what its entry says of the names it makes (listing.ts);
  // not those of a command it runs, nor those of reading its input.
  const origin: Origin = naming ? { program: command, naming } : { program: command };
  const own = <T>(f: () => T): T => it.findings.attributed(origin, f);
  let out: World[] = [withStatus(w, STATUS_UNKNOWN)];
  // The command's own paths are resolved in the filesystem as it was before it ran (links,
  // moves, then changes last). A list of names is read as the command starts, before its own
  // writes (`git checkout --pathspec-from-file=l` writes the tree l is in only after reading l).
  // (One pass, each kind in its order: four filters and a spread per command were a percent of a batch.)
  const ordered: Effect[] = [];
  const links: Effect[] = [];
  const changes: Effect[] = [];
  // (A venv made is recorded after every write the command makes: made-venvs.ts.)
  const venvs: Effect[] = [];
  let names = 0;
  for (const e of effects) {
    if (e.t === "names") ordered.splice(names++, 0, e);
    else if (e.t === "links" || e.t === "moves") links.push(e);
    else if (e.t === "changes") changes.push(e);
    else if (e.t === "venv") venvs.push(e);
    else ordered.push(e);
  }
  for (const e of links) ordered.push(e);
  for (const e of changes) ordered.push(e);
  for (const e of venvs) ordered.push(e);
  // Where each venv is made, asked of the disk as it is before the command's own writes.
  const venvPlaces = new Map(
    venvs.map((e) => [e, e.t === "venv"
      ? it.paths.venvs.placeOf(e.base !== undefined ? withCwd(w, e.base) : w, e.arg, (abs) => venvOfPythons(it, w, abs))
      : null]
    ),
  );
  // Zones are worked out against the state before the command, then added together.
  let zones: readonly LinkZone[] = [];
  // So are the directories it may rename (the working directory may be one of them), and
  // those its children did (joinChild adds them to w): they move w's directory only once
  // the command is done, as its other words resolve from where it started.
  let moved: string[] = [];
  const movedBefore = w.movedDirs;
  for (const e of ordered) {
    switch (e.t) {
      case "path":
        if (e.keepsNames) it.paths.keepsNames(e.arg, e.command ?? command, e.keepsNames);
        // (A removal of a whole tree is said of the paths it names; not of a listing's stand-in, which stands for many.)
        it.findings.attributed(e.removesTree && !e.arg.standIn ? { ...origin, removesTree: true } : origin,
          () => it.paths.access(w, e.arg, e.kind, e.command ?? command, e.base, e.surface));
        break;
      case "scan":
        own(() => it.paths.scanTree(w, e.arg, e.kind, command, e.base, e.surface, false, e.links));
        break;
      case "generic":
        own(() => it.paths.genericArg(e.arg, w, command, e.operand));
        // A command nobody described may rename what it is given.
        // (A word that is only numbers cannot name `.`, `..` or a directory above.)
        if (e.arg.text === null && e.arg.segs.every((g) => !("unknown" in g) || g.unknown.numeric)) break;
        for (const cand of e.arg.text === null ? [null] : e.operand ? [e.arg.text] : pathCandidates(e.arg.text)) {
          if (cand === "") continue;
          // Only a directory can hold a working directory; with the disk as it is (nothing
          // earlier may have made one), a word that names no directory moves none.
          for (const m of it.paths.moves.movedEntries(w, withValue(e.arg, cand, e.arg.unknownWhy ?? ""), undefined)) {
            if (m === "/" || w.fsChanged || w.linksChanged || it.fs.lstat(m) === "dir") moved.push(m);
          }
        }
        break;
      case "issue":
        it.issue(e.code, e.message, e.span);
        break;
      case "exec":
        // An executable named by a path runs from that path.
        if (e.arg.text !== null && e.arg.text.includes("/")) it.paths.access(w, e.arg, "exec", command);
        break;
      case "run": {
        const inProcess = info.inProcess && e.inProcess;
        let target = inProcess ? w : w.clone();
        if (e.base !== undefined) target = withCwd(target, e.base);
        if (e.clearEnv) {
          target.setVar("HOME", UNSET);
          target.setVar("CDPATH", UNSET);
        }
        for (const [n, v] of e.assigns ?? []) {
          target.setVar(n, v === null ? UNSET : { k: "str", v });
          target.setAttr(n, target.attr(n).includes("x") ? target.attr(n) : target.attr(n) + "x");
        }
        const saved = it.frame;
        it.frame = { ...saved, via: [...saved.via, e.label] };
        let sub: World[];
        try {
          const stdin = e.stdin;
          sub = it.dispatch(e.argv, target, { ...info, inProcess, bypassFunctions: e.bypassFunctions,
            stdin: stdin ? () => stdin : info.stdin, named: e.named === true });
        } finally {
          it.frame = saved;
        }
        if (inProcess) out = sub;
        else for (const s of sub) joinChild(w, [s]);
        break;
      }
      case "code": {
        // Code or a script made of a listing's stand-in is any of its names: not code to read.
        if (argv.some((a) => a.standIn && a.span.start === e.span.start && a.span.end === e.span.end)) {
          it.issue("OPAQUE_CODE", `${e.label} runs names a listing prints as code`, e.span);
          break;
        }
        const inProcess = e.inProcess && info.inProcess;
        if (e.userShell) userShell(it, w, e.label, e.span);
        let start = e.base !== undefined ? withCwd(w.clone(), e.base) : w;
        if (e.script !== undefined) {
          const explicitShell = e.label !== e.script;
          // The script's commands read the command's standard input (what is left of it).
          const sub = it.withStdin(info.stdin,
            () =>
              runScript(it, e.script!, e.span, e.label, start, e.positional ?? null, explicitShell, e.dialect,
                e.options));
          if (sub === "program") {
            shebangScript(it, e.script, e.span, start);
            for (const a of argv.slice(1)) it.paths.genericArg(a, w, command);
            // A program of the project's own, inside a root: project code (projectMayChange).
            it.paths.texts.projectMayChange = true;
            for (const o of [w, ...out]) {
              o.fsChanged = true;
              o.linksChanged = true;
            }
          } else if (sub) { for (const s of sub) joinChild(w, [s]); }
          break;
        }
        const sub = it.withStdin(info.stdin,
          () => runCode(it, e.text, e.span, e.label, start, inProcess, e.positional, e.dialect, e.options, e.arg0));
        if (inProcess) out = sub;
        else if (start !== w) joinChild(w, sub);
        break;
      }
      case "package-script":
        runPackageScript(it, e, w);
        break;
      case "workspace":
        for (const l of runWorkspace(it, e, w, info)) zones = unionZones(zones, linkZonesOf(it.paths, w, l));
        break;
      case "workspace-select":
        // An entry's analyser turns these into `workspace` effects (inWorkspace); one that
        // reaches here selected packages nothing re-aimed the command at.
        it.issue("OPAQUE_CODE", `${command} runs in workspace packages the guard does not follow`, e.span);
        break;
      case "links":
        zones = unionZones(zones, linkZonesOf(it.paths, w, e));
        if (e.sameFile && e.source) it.carried.record(it.paths, w, e.source, e.arg, e.entry, e.into === true, e.base);
        break;
      case "moves":
        moved = [...moved, ...it.paths.moves.movedEntries(w, e.arg, e.base)];
        break;
      case "names":
        namesFromList(it, w, e, info.stdin, command, own);
        break;
      case "changes":
        if (e.fs && !e.confined && !METADATA_ONLY.has(command.replace(/^.*\//, ""))) {
          if (e.project) it.paths.texts.projectMayChange = true;
          else it.paths.texts.contentsMayChange = true;
        }
        for (const o of [w, ...out]) {
          if (e.fs) o.fsChanged = true;
          if (e.links) o.linksChanged = true;
        }
        break;
      case "venv": {
        const place = venvPlaces.get(e);
        it.paths.venvs.logWrites(e.base !== undefined ? withCwd(w, e.base) : w, e.arg);
        if (place) it.paths.venvs.record(place, e.pip);
        break;
      }
      case "exit":
        out = out.map((o) => {
          const c = o.clone();
          c.flow = "exit";
          return c;
        });
        break;
      default: {
        // An effect this switch does not apply would be an access nobody judged: the check
        // fails, and the guard answers ask (INTERNAL_ERROR).
        const never: never = e;
        throw new Error(`unknown effect ${JSON.stringify(never)}`);
      }
    }
  }
  if (zones.length) {
    // Links an install makes (a package manager's, whose other changes are its packages' code:
    // projectCode) leave code elsewhere to project code; code read through a zone is unknown
    // (Accesses.readScript). Any other command's may have come with any contents.
    const project = effects.some((e) => e.t === "changes" && e.project === true);
    if (project) it.paths.texts.projectMayChange = true;
    else it.paths.texts.contentsMayChange = true;
    for (const o of [w, ...out]) {
      o.linkZones = unionZones(o.linkZones, zones);
      o.fsChanged = true;
      o.linksChanged = true;
    }
  }
  // (Most commands move nothing: the lists are then the ones the world had.)
  if (moved.length || w.movedDirs !== movedBefore || out.some((o) => o.movedDirs !== movedBefore)) {
    const fresh = [...new Set([...moved, ...w.movedDirs, ...out.flatMap((o) => o.movedDirs)])].filter((m) =>
      !movedBefore.includes(m)
    );
    if (fresh.length) { for (const o of new Set([w, ...out])) it.paths.moves.followMoves(o, fresh, w); }
  }
  return out;
}

/** The names a command reads from a list (a `names` effect): each is judged, or the list is unknown. */
function namesFromList(it: Shell, w: World, e: Extract<Effect, { t: "names" }>, stdin: () => Stdin, command: string,
  own: (f: () => void) => void): void
{
  let text: string | null = null;
  let at: Arg | null = e.from;
  if (e.from === null) {
    const s = stdin();
    switch (s.t) {
      case "text":
        text = s.text;
        break;
      case "listing":
        // `find DIR | tar -T -`: every name under DIR (and the links there that lead out, when
        // the command follows them) — when every name was checked on disk to be plain, so
        // that no line of the list can be anything else; otherwise the list is not known.
        // (Names printed in quotes, `find -printf '"%p"\n'`, are lines with quotes to it.)
        if (s.listing.unplain !== null || s.listing.quote) break;
        for (const d of s.listing.reach) {
          own(() => it.paths.access(w, d, e.kind, command, e.base));
          if (e.scan) {
            own(() => it.paths.scanTree(w, d, e.kind, command, e.base, undefined, false, linksMet(s.listing)));
          }
        }
        return;
      case "file": {
        at = s.arg;
        const r = it.readable(s, w);
        text = r.t === "text" ? r.text : null;
        break;
      }
      case "unknown":
        break;
      default: {
        const never: never = s;
        throw new Error(`unknown stdin ${JSON.stringify(never)}`);
      }
    }
  } else {
    const listBase = e.listBase === undefined ? e.base : e.listBase;
    const from = e.from;
    own(() => it.paths.access(w, from, "read", command, listBase));
    const dir = listBase === undefined ? w.cwd : listBase;
    const path = e.from.text === null
      ? null
      : isAbsolute(e.from.text)
      ? e.from.text
      : dir === null
      ? null
      : join(dir, e.from.text);
    text = path === null ? null : it.paths.readScript(w, path);
  }
  const word = at ?? syntheticArg("-", e.span);
  // Names the guard cannot see are accesses to paths it does not know.
  if (text === null) return own(() => it.paths.access(w, withValue(word, null, e.what), e.kind, command, e.base));
  const names = text.split(e.separator).filter((n) => n !== "");
  if (names.length > MAX_LISTED_NAMES) {
    it.issue("EXPANSION_TOO_LARGE",
      `${command} reads ${names.length} names from a list, more than the ${MAX_LISTED_NAMES} the guard judges`, e.span);
    return;
  }
  for (const name of names) {
    if (e.reserved && name.startsWith(e.reserved.prefix)) {
      it.issue("UNRESOLVED_WORD",
        `${command} reads ${
          JSON.stringify(name)
        } from its list as ${e.reserved.meaning}, which the guard does not follow`, e.span);
      continue;
    }
    const arg = withValue(word, name, "");
    own(() => it.paths.access(w, arg, e.kind, command, e.base));
    if (e.scan) own(() => it.paths.scanTree(w, arg, e.kind, command, e.base));
  }
}

/**
 * The zones a `links` effect adds (src/shell/zones.ts), against the state before the command:
 * nothing when the name cannot become a symlink, ANYWHERE when where it is is not known.
 */
function linkZonesOf(paths: Accesses, w: World, e: Extract<Effect, { t: "links" }>): readonly LinkZone[] {
  const dir = e.base === undefined ? w.cwd : e.base;
  const text = e.arg.text;
  // A source that cannot leave a symlink leaves none, wherever it goes (`mv x.txt "$unknown"`).
  if (!e.tree && e.source && plainSource(paths, w, e.source, dir)) return [];
  if (text === null || (dir === null && !isAbsolute(text))) return [ANYWHERE];
  const abs = isAbsolute(text) ? text : join(dir!, text);
  const watch = zoneWatch(w.linkZones);
  if (e.tree) {
    const r = resolvePhysical(abs, paths.fs, watch);
    return r.ok ? [{ path: r.path, tree: true }] : [ANYWHERE];
  }
  const zones: LinkZone[] = [];
  // `DEST/` names what DEST is or leads to; without the slash, DEST is the name replaced.
  const slash = /[^/]\/+$/.test(abs);
  const named = slash ? abs.replace(/\/+$/, "") : abs;
  const name = (): boolean => {
    const loc = paths.entryLocation(w, named, null);
    if (loc === "self") return true;
    if (loc === null || loc === "changed") return false;
    zones.push({ path: loc, tree: false });
    return true;
  };
  if (e.entry === undefined) return name() ? zones : [ANYWHERE];
  if (e.entry === null) return [ANYWHERE];
  // The name inside the directory `arg` (following a link to it, unless ln -n replaces the link).
  const inside = (): boolean => {
    const r = resolvePhysical(abs, paths.fs, watch);
    if (!r.ok) return false;
    const entry = e.entry!.replace(/\/+$/, "");
    const base = entry.slice(entry.lastIndexOf("/") + 1);
    zones.push({
      path: base === "" || base === "." || base === ".." ? r.path : r.path === "/" ? "/" + base : `${r.path}/${base}`,
      tree: false,
    });
    return true;
  };
  if (e.into) return inside() ? zones : [ANYWHERE];
  let isDir: boolean | null = null;
  if (!w.fsChanged) {
    const loc = paths.entryLocation(w, named, null);
    const t = typeof loc === "string" && loc !== "self" && loc !== "changed" ? paths.fs.lstat(loc) : null;
    if (loc === "self") isDir = true;
    else if (t === "symlink") {
      isDir = e.replaceLink && !slash ? false : paths.physicalDir(named) !== null && !paths.throughLinkZone(w, named);
    } else if (typeof loc === "string" && loc !== "changed") isDir = t === "dir";
  }
  if (isDir !== false && !inside()) return [ANYWHERE];
  if (isDir !== true && !name()) return [ANYWHERE];
  return zones;
}

/**
 * Whether moving, copying or hard-linking `source` cannot leave a symlink: no earlier part of
 * the command may have made symlinks, and it is a regular file now, or a directory with no
 * symlink in it, or nothing (then an earlier command made it, not as a symlink).
 */
function plainSource(paths: Accesses, w: World, source: Arg, dir: string | null): boolean {
  if (w.linksChanged || source.text === null) return false;
  const loc = paths.entryLocation(w, source.text, dir);
  if (loc === null || loc === "changed") return false;
  const at = loc === "self" ? paths.physicalDir(isAbsolute(source.text) ? source.text : join(dir!, source.text)) : loc;
  if (at === null) return false;
  const t = paths.fs.lstat(at);
  if (t === null || t === "file" || t === "other") return true;
  if (t !== "dir") return false;
  // A directory: plain when no symlink is in it (within a bound).
  const queue = [at];
  let seen = 0;
  while (queue.length) {
    const d = queue.shift()!;
    const names = paths.fs.readdir(d);
    if (names === null) return false;
    for (const n of names) {
      if (++seen > paths.limits.maxScanEntries || n === UNDECODABLE_NAME) return false;
      const p = d === "/" ? "/" + n : `${d}/${n}`;
      const k = paths.fs.lstat(p);
      if (k === "dir") queue.push(p);
      else if (k !== "file" && k !== "other") return false;
    }
  }
  return true;
}
