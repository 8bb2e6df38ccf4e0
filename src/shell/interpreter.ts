// The abstract interpreter: runs the lowered syntax tree over a set of worlds, the way bash
// would run it, without running anything. Simple commands become findings (paths with
// kinds, and problems); builtins that change the shell change the worlds.

import { type FileSystem, UNDECODABLE_NAME } from "../paths/fs.ts";
import { canonicalLogical, isAbsolute, isInside, join, type Physical, resolveFrom, resolvePhysical, unresolvedWhy } from "../paths/resolve.ts";
import type { ReasonCode } from "../reasons.ts";
import type { AccessKind } from "../verdict.ts";
import { Coverage } from "./coverage.ts";
import { Findings } from "./findings.ts";
import { compileMatcher, type PatternChar } from "./pattern.ts";
import { dedupe, DEFAULT_OPTIONS, EMPTY_SCOPE, type Scope, type Options, SET_O, SHOPT, STATUS_UNKNOWN, standInValue, type Status, UNFOLLOWED_SET_O, UNFOLLOWED_SHOPT, str, unknown, UNSET, type Value, World } from "./state.ts";
import type { Assign, Dialect, Redir, Stmt, Word, WordPart } from "./syntax.ts";
import type { Span } from "../span.ts";
import {
  DEFAULT_IFS, evaluationLookup, expandToSegs, expandWord, type Field, reportRisk, fieldText, firstUnknown, globPattern, type Limits, lookup, type Seg, type WordEnv,
} from "./words.ts";
import { ANY_ALIAS, runBuiltin, BUILTINS, writeGlobal } from "./builtins.ts";
import { nameRisk, textRisk, variablesRisk } from "./arithmetic.ts";
import { commandWords, dirEntries, environmentRole, SHELL_SYNTAX } from "./environment.ts";
import { hasSubstitution, INHERITED_STDIN, pipeOutput, redirectedStdin, UNKNOWN_STDIN } from "./stdin.ts";
import { analyseCommand, type Arg, type Effect, isSystemProgram, withValue } from "../commands/analyse.ts";
import type { Disk, Stdin } from "../commands/effects.ts";
import { fileUrlPath, syntheticArg } from "../commands/apply.ts";
import { ANYWHERE, type LinkZone, unionZones, zoneInListing, zoneWatch } from "./zones.ts";
import { isPlainName, type Listing, nameMaker, oddChars, repChoices } from "./listing.ts";

export interface InterpreterLimits extends Limits {
  /** Worlds followed at once before they are merged (what differs becomes unknown). */
  readonly maxWorlds: number;
  /** Statements run in one check, loops and calls included. */
  readonly maxSteps: number;
  /** Nested shells, eval and source, counted together. */
  readonly maxNesting: number;
  readonly maxCallDepth: number;
  readonly maxLoopRounds: number;
  /** Script files read for `source` and `bash script.sh`. */
  readonly maxScriptBytes: number;
  /** Entries looked at when a command follows symlinks through a directory tree. */
  readonly maxScanEntries: number;
}

export const DEFAULT_LIMITS: InterpreterLimits = {
  maxBraceWords: 4096,
  maxValueBytes: 256 * 1024,
  maxArrayLength: 4096,
  maxGlobMatches: 2048,
  maxGlobDirs: 4096,
  maxWorlds: 64,
  maxSteps: 20000,
  maxNesting: 3,
  maxCallDepth: 16,
  maxLoopRounds: 6,
  maxScriptBytes: 64 * 1024,
  maxScanEntries: 20000,
};

export interface ParsedCode {
  readonly stmt: Stmt;
  /** Set when the code has syntax errors, or constructs the lowering refused. */
  readonly error: string | null;
  /** The reason for `error`: PARSE_ERROR unless the lowering said otherwise. */
  readonly errorCode?: ReasonCode;
}

interface InterpreterOptions {
  readonly fs: FileSystem;
  readonly home: string | null;
  readonly env: ReadonlyMap<string, string>;
  readonly limits: InterpreterLimits;
  readonly roots: readonly string[];
  /** Judge commands by the command table (default) or all as unknown commands (a baseline for measurement). */
  readonly commandKnowledge?: boolean;
  /**
   * How to walk a tree outside the roots that a command recurses into following symlinks:
   * `judge` when the policy could allow something in it (every link out must be found);
   * `name` when nothing can allow it but a link could lead somewhere denied (the first links
   * are named, so a deny can show); `skip` when nothing the walk finds could change the
   * verdict, which the tree's own access already makes `ask`. Default: `judge`.
   */
  readonly outsideWalk?: (dir: string) => OutsideWalk;
  /**
   * Could an access of `kind` (judged by `surface`, when named) to `target`, a place inside
   * the roots that a followed symlink leads to, be judged other than `allow` — by a rule, the
   * host's path policy or the guard's protection of its own files? When it cannot, the link
   * need not be reported. Default: it could.
   */
  readonly insideLinkMatters?: (target: string, kind: AccessKind, surface?: string) => boolean;
  /** Parses nested code (eval, sh -c, source); null when it cannot (too large, …). */
  readonly parse: (text: string, dialect: Dialect) => ParsedCode | { readonly refused: ReasonCode; readonly why: string };
}

type OutsideWalk = "judge" | "name" | "skip";

/** POSIX special builtins: in posix mode they are found before functions of the same name. */
/** Builtins that may assign a variable they are given by name (whether or not the guard runs them). */
const ASSIGNING_BUILTINS = new Set(["export", "readonly", "declare", "typeset", "local", "printf", "let", "getopts", "read", "mapfile", "readarray", "unset"]);
const SPECIAL_BUILTINS = new Set(["break", ":", ".", "continue", "eval", "exec", "exit", "export", "readonly", "return", "set", "shift", "times", "trap", "unset"]);

/** Builtins whose arguments may be assignments, arrays included. */
const COMMAND_NOT_FOUND = "command_not_found_handle";
/** bash builtins the interpreter has no model of: always found, so never "not found". */
const BASH_BUILTINS: ReadonlySet<string> = new Set(["echo", "printf", "test", "[", "pwd", "type", "kill", "wait", "jobs", "fg", "bg", "disown", "suspend", "umask", "ulimit", "times", "help", "history", "fc", "bind", "caller", "compgen", "complete", "compopt", "logout", "times", "false", "true"]);
/** Rounds of running live traps again before what still changes is made unknown. */
const MAX_TRAP_ROUNDS = 4;
/** Worlds that left the same way, kept apart before they are merged. */
const MAX_LEFT_WORLDS = 8;
const DECLARATIONS = new Set(["declare", "typeset", "local", "export", "readonly"]);

/** Names judged from one list a command reads (`--files0-from`, `tar -T`); more is EXPANSION_TOO_LARGE. */
const MAX_LISTED_NAMES = 4096;
/** Entries walked in an outside tree nothing can allow: enough for a project-sized tree. */
const OUTSIDE_COURTESY_SCAN = 2000;

/** Where findings are attributed: nested code reports at the span of the word that holds it. */
interface Frame {
  /** Added to spans of reparsed source, which count from where the reparsed text starts. */
  readonly offset: number;
  readonly depth: number;
  readonly via: readonly string[];
  readonly span: Span | null;
  readonly callDepth: number;
  /** The shell reading the code: eval and source inside it read alike. */
  readonly dialect?: Dialect;
}

export class Interpreter implements WordEnv {
  readonly findings = new Findings();
  /** What of the lowered programs has been run or proven unreached (src/shell/coverage.ts). */
  private readonly coverage = new Coverage();
  readonly fs: FileSystem;
  readonly limits: InterpreterLimits;
  readonly home: string | null;
  readonly env: ReadonlyMap<string, string>;
  private readonly opts: InterpreterOptions;
  private frame: Frame = { offset: 0, depth: 0, via: [], span: null, callDepth: 0 };

  get dialect(): Dialect {
    return this.frame.dialect ?? "bash";
  }
  private steps = 0;
  private budgetReported = false;
  private readonly funcIds = new WeakMap<Stmt, number>();
  private nextFuncId = 1;
  private readonly physCache = new Map<string, string | null>();
  private readonly physUnlinked = new Map<string, string | null>();
  /** Loops the running statement is inside (break and continue need one). */
  loopDepth = 0;
  /** command_not_found_handle is running. */
  private inNotFound = false;
  /** A trap body is running: traps do not fire inside it. */
  private trapping = false;
  /** loopDepth when the running function was called: loops below it are the caller's. */
  loopBase = 0;
  /** Physical paths an earlier part of the command may write: a script read from one may be stale. */
  private readonly written = new Set<string>();
  /**
   * Some command may have changed what files hold, not only their modes: a script read from
   * disk is then not what runs. (fsChanged says more: after `chmod 000 dir`, `cd dir` fails.)
   */
  private contentsMayChange = false;
  /** Standard input of a pipeline segment, from the segment before it. */
  private readonly pipedStdin = new WeakMap<Stmt, () => Stdin>();
  /** Standard input of the compound command being run (`… | while read f; do …; done`, `done < f`). */
  private inheritedStdin: (() => Stdin) | null = null;
  /** Function definitions (by id) whose bodies have been analysed through a call. */
  private readonly called = new Set<string>();
  private readonly parsed = new Map<string, ReturnType<InterpreterOptions["parse"]>>();
  /** Functions and sourced files the running statement is inside (return needs one). */
  returnable = 0;

  constructor(opts: InterpreterOptions) {
    this.opts = opts;
    this.fs = opts.fs;
    this.limits = opts.limits;
    this.home = opts.home;
    this.env = opts.env;
  }

  get roots(): readonly string[] {
    return this.opts.roots;
  }

  // -------------------------------------------------------------------------------------
  // Reporting

  span(s: Span): Span {
    if (this.frame.span) return this.frame.span;
    const o = this.frame.offset;
    return o === 0 ? s : { start: s.start + o, end: s.end + o };
  }

  issue(code: ReasonCode, message: string, span: Span | null): void {
    this.findings.addIssue({ code, message, span: span ? this.span(span) : this.frame.span });
  }

  problem(code: "EXPANSION_TOO_LARGE" | "PARSE_ERROR" | "OPAQUE_CODE" | "UNRESOLVED_WORD", why: string, span: Span): void {
    this.issue(code, why, span);
  }

  listed(dir: string, shown: string, span: Span): void {
    // `dir` was reached through the pattern's literal prefix, symlinks followed: judge where it is.
    const r = resolvePhysical(dir, this.fs);
    this.findings.addPath({ path: shown, resolved: r.ok ? r.path : dir, kind: "list", command: "glob", via: this.frame.via, span: this.span(span), problem: null });
  }

  get via(): readonly string[] {
    return this.frame.via;
  }

  /** Records a path access relative to a world's cwd (or to `base`, a logical directory). */
  access(world: World, arg: Arg, kind: AccessKind, command: string, base?: string | null, surface?: string): void {
    const span = this.span(arg.span);
    const via = this.frame.via;
    if (arg.text === null && this.accessNumeric(world, arg, kind, command, base)) return;
    const extra = surface ? { surface } : {};
    if (arg.text === null) {
      this.findings.addPath({
        path: arg.source, resolved: null, kind, command, via, span,
        problem: { code: "UNRESOLVED_WORD", why: arg.unknownWhy ?? "the word's value is not known" }, ...extra,
      });
      return;
    }
    const text = arg.text;
    let abs: string;
    if (isAbsolute(text)) abs = text;
    else {
      const dir = base === undefined ? world.cwd : base;
      if (dir === null) {
        this.findings.addPath({
          path: text, resolved: null, kind, command, via, span,
          problem: { code: "UNRESOLVED_CWD", why: `the working directory for ${text} is not known` }, ...extra,
        });
        return;
      }
      abs = join(dir, text);
      // Most paths are relative to a directory that exists: start from its physical path
      // (unless a name on the way to it may have become a symlink: then the walk starts at /).
      const physDir = world.linkZones.length ? null : this.physicalDir(dir);
      if (physDir !== null && !/^\/dev\//.test(abs)) {
        this.recordPhysical(resolveFrom(physDir, text, this.fs), text, kind, command, span, world.linksChanged, surface);
        return;
      }
    }
    this.accessAbsolute(abs, text, kind, command, span, world, surface);
  }

  /**
   * A word whose only unknown parts are numbers ($i, $$, $((…))) cannot hold `/` or `..`:
   * it names an entry of a known directory. Every entry it could name is checked (as a
   * glob would be), with 0 standing for the number when nothing matches.
   */
  private accessNumeric(world: World, arg: Arg, kind: AccessKind, command: string, base?: string | null): boolean {
    if (!arg.segs.some((s) => "unknown" in s) || !arg.segs.every((s) => !("unknown" in s) || s.unknown.numeric)) return false;
    const pattern: PatternChar[] = [];
    let sample = "";
    let re = "";
    for (const s of arg.segs) {
      if ("unknown" in s) {
        pattern.push({ c: "*", quoted: false });
        sample += "0";
        re += "-?[0-9]+";
      } else {
        for (const c of s.text) pattern.push({ c, quoted: true });
        sample += s.text;
        re += s.text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
      }
    }
    const dirText = base === undefined ? world.cwd : base;
    const matches = this.globFrom(pattern, dirText ?? null, world);
    if (matches === null) return false;
    const numeric = new RegExp("^" + re + "$");
    for (const m of [sample, ...matches.filter((x) => numeric.test(x))]) this.access(world, withValue(arg, m, ""), kind, command, base);
    return true;
  }

  private globFrom(pattern: PatternChar[], dir: string | null, world: World): string[] | null {
    const probe = world.clone();
    if (dir !== null) probe.cwd = dir;
    probe.options = { ...probe.options, dotglob: true, extglob: false };
    return globPattern(pattern, probe, this, { start: 0, end: 0 });
  }

  /** `world`: the one the access happens in, when what earlier commands changed counts (zones.ts). */
  accessAbsolute(abs: string, text: string, kind: AccessKind, command: string, span: Span, world: World | null = null, surface?: string): void {
    const via = this.frame.via;
    const extra = surface ? { surface } : {};
    // Bash opens these itself for redirections, and the kernel's /proc/self/fd links name
    // descriptors that are already open: judge them by name.
    if (/^\/dev\/(null|stdin|stdout|stderr|tty|fd\/[0-9]+)$/.test(abs)) {
      this.findings.addPath({ path: text, resolved: abs, kind, command, via, span, problem: null, ...extra });
      return;
    }
    this.recordPhysical(resolvePhysical(abs, this.fs, world ? zoneWatch(world.linkZones) : undefined), text, kind, command, span, world?.linksChanged ?? false, surface);
  }

  private recordPhysical(r: Physical, text: string, kind: AccessKind, command: string, span: Span, linksChanged: boolean, surface?: string): void {
    const via = this.frame.via;
    const extra = surface ? { surface } : {};
    if (!r.ok) {
      const why = r.error === "changed" ? linkZoneWhy(r.at) : unresolvedWhy(r);
      this.findings.addPath({ path: text, resolved: null, kind, command, via, span, problem: { code: "UNRESOLVED_PATH", why }, ...extra });
      return;
    }
    if (linksChanged && r.missingParent) {
      this.findings.addPath({
        path: text, resolved: null, kind, command, via, span,
        problem: { code: "UNRESOLVED_PATH", why: `a directory on the way to ${r.path} does not exist yet and an earlier command may create it as a symlink` }, ...extra,
      });
      return;
    }
    if ((kind === "write" || kind === "unknown") && !METADATA_ONLY.has(command.replace(/^.*\//, ""))) this.written.add(r.path);
    this.findings.addPath({ path: text, resolved: r.path, kind, command, via, span, problem: null, ...extra });
  }

  /** Disk questions asked by commands, answered from a world's working directory. */
  diskFor(w: World): Disk {
    const dirOf = (from: string | null | undefined): string | null => (from === undefined || from === null ? w.cwd : isAbsolute(from) ? from : w.cwd === null ? null : join(w.cwd, from));
    return {
      isDirectory: (p, from) => {
        const dir = dirOf(from);
        const abs = isAbsolute(p) ? p : dir === null ? null : join(dir, p);
        return abs !== null && this.physicalDir(abs) !== null;
      },
      findUp: (name, from) => {
        const dir = dirOf(from);
        let cur = dir === null ? null : this.physicalDir(dir);
        while (cur !== null) {
          if (this.fs.lstat(cur === "/" ? `/${name}` : `${cur}/${name}`) !== null) return cur;
          if (cur === "/") return null;
          cur = cur.slice(0, cur.lastIndexOf("/")) || "/";
        }
        return null;
      },
      isLink: (p, from) => {
        const loc = this.entryLocation(w, p, dirOf(from));
        return typeof loc === "string" && this.fs.lstat(loc) === "symlink";
      },
      settled: (p, from) => {
        const dir = dirOf(from);
        const abs = isAbsolute(p) ? p : dir === null ? null : join(dir, p);
        if (abs === null || this.throughLinkZone(w, abs)) return false;
        // A name that is not there now is read as the name of the new link, as it was before
        // the command; one that is there may have been removed or replaced since.
        if (!w.fsChanged) return true;
        const r = resolvePhysical(abs, this.fs);
        return r.ok && !r.exists;
      },
      readText: (p, from) => {
        const dir = dirOf(from);
        const abs = isAbsolute(p) ? p : dir === null ? null : join(dir, p);
        return abs === null ? null : this.readScript(w, abs);
      },
    };
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

  // -------------------------------------------------------------------------------------
  // Statements

  /** Runs the top-level program and replays traps at its end. */
  runProgram(stmt: Stmt, start: World): World[] {
    this.coverage.register(stmt, (s) => this.span(s));
    let worlds = this.exec(stmt, [start]);
    worlds = worlds.map((w) => (w.flow === "exit" || w.flow === "return" ? this.resume(w) : w));
    this.replayTraps(worlds, null);
    this.analyseUncalled(worlds);
    this.settleListings(worlds);
    this.coverage.functionsDone();
    // Code that nothing ran and nothing proved unreached: a construct the model missed.
    for (const u of this.coverage.unmet()) {
      this.findings.addIssue({ code: "UNMODELLED_SYNTAX", message: `${u.what} here is neither analysed nor known not to run`, span: u.span });
    }
    return worlds;
  }

  account(x: Word | Extract<WordPart, { t: "code" }>): void {
    if ("parts" in x) this.coverage.skipWord(x);
    else this.coverage.ranCode(x);
  }

  private resume(w: World): World {
    const c = w.clone();
    c.flow = "normal";
    c.flowLevels = 0;
    return c;
  }

  exec(s: Stmt, worlds: readonly World[]): World[] {
    const active: World[] = [];
    const passive: World[] = [];
    for (const w of worlds) (w.flow === "normal" ? active : passive).push(w);
    if (active.length === 0) {
      // No world reaches the statement: bash cannot run it either.
      this.coverage.skip(s);
      return passive;
    }
    this.coverage.ran(s);
    // Work is counted per world: the same statement run in many worlds costs as much.
    this.steps += active.length;
    if (this.steps > this.limits.maxSteps) {
      // Reported once, and every statement from here on fails closed with it.
      this.coverage.skip(s);
      if (!this.budgetReported) {
        this.budgetReported = true;
        this.issue("EXPANSION_TOO_LARGE", `the analysis passed its budget of ${this.limits.maxSteps} steps`, null);
      }
      // Once per world: tainting again every statement after would cost as much as each variable.
      const spent = "the analysis budget ran out";
      return [...passive, ...active.map((w) => (w.tainted === spent ? w : this.taint(w, spent)))];
    }
    const fired = this.fireTraps(active);
    let ready = active;
    let left = passive;
    if (fired !== active) {
      ready = fired.filter((w) => w.flow === "normal");
      // A trap that exits may do so before any statement: one world per statement would pile up.
      left = this.widenLeft([...passive, ...fired.filter((w) => w.flow !== "normal")]);
    }
    let out = ready.length ? this.execActive(s, ready) : [];
    if (out.length > this.limits.maxWorlds) out = this.widen(out);
    return left.length ? [...left, ...out] : out;
  }

  /** Worlds that have left (exit, return, break), merged per way of leaving past a few of each. */
  private widenLeft(ws: World[]): World[] {
    if (ws.length <= MAX_LEFT_WORLDS) return ws;
    const byFlow = new Map<string, World[]>();
    for (const w of ws) {
      const k = `${w.flow}${w.flowLevels}`;
      byFlow.set(k, [...(byFlow.get(k) ?? []), w]);
    }
    return [...byFlow.values()].flatMap((g) => (g.length > MAX_LEFT_WORLDS ? this.widen(g) : g));
  }

  /**
   * Traps other than EXIT may run in the shell before any statement: DEBUG before each command,
   * ERR after one fails, RETURN after a function returns, a signal's at any time, any number of
   * times. The worlds after are those where they did not run and those where they ran, until
   * running them again makes no new world (then everything that still changes is unknown).
   */
  private fireTraps(ws: World[]): World[] {
    if (this.trapping || !ws.some((w) => w.liveTraps.length)) return ws;
    this.trapping = true;
    try {
      const seen = new Set<string>();
      for (const w of ws) if (w.liveTraps.length) seen.add(w.key());
      let all = ws;
      let frontier = ws;
      for (let round = 0; frontier.length && round < MAX_TRAP_ROUNDS; round++) {
        const next: World[] = [];
        for (const w of frontier) {
          for (const o of this.runTrapBodies(w)) {
            if (o.sameAs(w)) continue;
            const k = o.key();
            if (seen.has(k)) continue;
            seen.add(k);
            next.push(o);
          }
        }
        all = [...all, ...next];
        frontier = next.filter((w) => w.flow === "normal");
      }
      if (frontier.length === 0) return all;
      const normal = all.filter((w) => w.flow === "normal");
      return [...all.filter((w) => w.flow !== "normal"), ...this.widen(normal, true)];
    } finally {
      this.trapping = false;
    }
  }

  /** The worlds after one of `w`'s live traps ran once; the trap stays set in them. */
  private runTrapBodies(w: World): World[] {
    const out: World[] = [];
    const none: readonly string[] = [];
    for (const body of w.liveTraps) {
      const copy = w.clone();
      // Traps do not run inside a trap body: it runs with none, and they are set again after.
      copy.traps = none;
      copy.liveTraps = none;
      for (const o of this.runCode(body, { start: 0, end: 0 }, "trap", copy, true)) {
        // A body that sets traps adds to those already set (it cannot be seen to reset them).
        o.traps = o.traps === none ? w.traps : [...new Set([...w.traps, ...o.traps])];
        o.liveTraps = o.liveTraps === none ? w.liveTraps : [...new Set([...w.liveTraps, ...o.liveTraps])];
        o.status = w.status;
        out.push(o);
      }
    }
    return out;
  }

  private execActive(s: Stmt, ws: World[]): World[] {
    const piped = s.t !== "cmd" ? this.pipedStdin.get(s) : undefined;
    if (piped) return this.withStdin(piped, () => this.execStatement(s, ws));
    return this.execStatement(s, ws);
  }

  /** Runs `run` with `stdin` as the standard input its commands inherit. */
  withStdin<T>(stdin: () => Stdin, run: () => T): T {
    const saved = this.inheritedStdin;
    this.inheritedStdin = stdin;
    try {
      return run();
    } finally {
      this.inheritedStdin = saved;
    }
  }

  /**
   * Standard input as a reader sees it: a file named by `<` is read when it is inside a root,
   * small, and not written earlier in the command; otherwise what it holds is unknown.
   */
  readable(s: Stdin, w: World): Stdin {
    if (s.t !== "file") return s;
    // `</dev/null` holds nothing; `</dev/tty` is the user at the terminal, as the shell's own input is.
    if (s.arg.text === "/dev/null") return { t: "text", text: "" };
    if (s.arg.text === "/dev/tty") return { t: "unknown", inherited: true };
    const text = s.arg.text === null ? null : this.readScript(w, s.arg.text);
    return text === null ? UNKNOWN_STDIN : { t: "text", text };
  }

  private execStatement(s: Stmt, ws: World[]): World[] {
    switch (s.t) {
      case "empty":
        return ws;
      case "bad":
        this.issue("PARSE_ERROR", `cannot read ${s.why}`, s.span);
        return ws.map((w) => withStatus(w, STATUS_UNKNOWN));
      case "seq": {
        let cur = ws;
        for (const item of s.items) cur = this.exec(item, cur);
        return cur;
      }
      case "and":
      case "or": {
        const left = this.exec(s.left, ws);
        const go: World[] = [];
        const stay: World[] = [];
        for (const w of left) {
          if (w.flow !== "normal") {
            stay.push(w);
            continue;
          }
          const runs = s.t === "and" ? w.status !== 1 : w.status !== 0;
          const skips = s.t === "and" ? w.status !== 0 : w.status !== 1;
          if (runs && skips) {
            go.push(withStatus(w.clone(), s.t === "and" ? 0 : 1));
            stay.push(withStatus(w, s.t === "and" ? 1 : 0));
          } else if (runs) go.push(w);
          else stay.push(w);
        }
        return dedupe([...stay, ...this.exec(s.right, go)]);
      }
      case "pipe":
        return this.execPipe(s.items, ws);
      case "bg":
        for (const w of ws) this.subshell(s.body, w);
        return ws.map((w) => withStatus(w, 0));
      case "not":
        return this.exec(s.body, ws).map((w) => withStatus(w, w.status === 2 ? 2 : w.status === 0 ? 1 : 0));
      case "group":
        return this.exec(s.body, ws);
      case "subshell":
        return ws.map((w) => withStatus(w, this.subshell(s.body, w)));
      case "redir": {
        const failed: World[] = [];
        for (const w of ws) if (this.redirections(s.redirs, w, "redirection")) failed.push(withStatus(w.clone(), 1));
        const w0 = ws[0];
        // Worked out only if something inside reads it.
        if (ws.length !== 1 || !w0 || !s.redirs.some((r) => r.fd === null || r.fd === "0")) return dedupe([...this.exec(s.body, ws), ...failed]);
        const outer = this.inheritedStdin;
        const ran = this.withStdin(() => redirectedStdin(s.redirs, w0, this) ?? outer?.() ?? INHERITED_STDIN, () => this.exec(s.body, ws));
        return dedupe([...ran, ...failed]);
      }
      case "if":
        return this.execIf(s.branches, s.orelse, ws);
      case "while":
        return this.execLoop(ws, (cur) => this.exec(s.cond, cur), s.until, s.body);
      case "for":
        return this.execFor(s, ws);
      case "cfor": {
        for (const w of ws) {
          for (const i of s.inner) this.subshell(i, w);
          for (const v of s.assigned) w.setVar(v, unknown(`$${v} is set by arithmetic`, true));
        }
        // The condition and update are evaluated again after each pass of the body.
        return this.execLoop(ws, (cur) => cur.map((w) => withStatus(this.evaluated(s.names, w, s.span), STATUS_UNKNOWN)), false, s.body);
      }
      case "case":
        return this.execCase(s, ws);
      case "func":
        return ws.map((w) => {
          let id = this.funcIds.get(s.body);
          if (id === undefined) {
            id = this.nextFuncId++;
            this.funcIds.set(s.body, id);
          }
          // A function redefined keeps being exported (export -f).
          const exported = w.funcs.get(s.name)?.exported === true;
          w.setFunc(s.name, { body: s.body, source: String(id), at: { offset: this.frame.offset, span: this.frame.span }, ...(exported ? { exported } : {}) });
          return withStatus(w, 0);
        });
      case "test":
        return ws.map((w) => {
          for (const i of s.inner) this.subshell(i, w);
          this.evaluated(s.names, w, s.span);
          for (const word of s.exprs) {
            const texts = expandWord(word, w, this, { noGlob: true, noSplit: true }).fields.map((f) => fieldText(f) ?? (onlyNumbers(f) ? "0" : null));
            this.evaluatedText(texts, w, word.span, textRisk);
          }
          for (const word of s.varNames) this.evaluatedText(expandWord(word, w, this, { noGlob: true, noSplit: true }).fields.map(fieldText), w, word.span, nameRisk);
          for (const v of s.assigned) w.setVar(v, unknown(`$${v} is set by arithmetic`, true));
          for (const word of s.words) {
            for (const f of expandWord(word, w, this, { noGlob: true, noSplit: true }).fields) {
              this.access(w, argOf(f, word), "read", "[[");
            }
          }
          return withStatus(w, STATUS_UNKNOWN);
        });
      case "cmd":
        return dedupe(ws.flatMap((w) => this.runSimple(s, w)));
      case "reparse":
        return this.execReparse(s, ws);
    }
  }

  /** Source the grammar misread, parsed again on its own and run in place (not a nesting level). */
  private execReparse(s: Extract<Stmt, { t: "reparse" }>, ws: World[]): World[] {
    const readBy = this.frame.dialect ?? "bash";
    const key = readBy === "bash" ? s.text : `${readBy}\u0000${s.text}`;
    let parsed = this.parsed.get(key);
    if (!parsed) {
      parsed = this.opts.parse(s.text, readBy);
      this.parsed.set(key, parsed);
    }
    if ("refused" in parsed) {
      this.issue(parsed.refused, parsed.why, s.span);
      return ws.map((w) => this.taint(w, parsed.why));
    }
    if (parsed.error) this.issue(parsed.errorCode ?? "PARSE_ERROR", parsed.error, s.span);
    const stmt = s.negate ? negateFirst(parsed.stmt) : parsed.stmt;
    const saved = this.frame;
    this.frame = { ...saved, offset: saved.offset + s.offset };
    try {
      this.coverage.register(parsed.stmt, (x) => this.span(x));
      return this.exec(stmt, ws);
    } finally {
      this.frame = saved;
    }
  }

  /** Runs a statement in a copy of the world (a subshell) and returns its exit status. */
  subshell(s: Stmt, w: World): Status {
    const out = this.inChild(() => this.exec(s, [w.clone()]));
    return this.joinChild(w, out);
  }

  /** Runs code in a new shell: no loops, and no function or sourced file to return from. */
  private inNewShell<T>(run: () => T): T {
    const saved = this.returnable;
    this.returnable = 0;
    try {
      return this.inChild(run);
    } finally {
      this.returnable = saved;
    }
  }

  /**
   * Runs code in a child process: the loops around it are the parent's, which a break in the
   * child does not leave (bash 5.2 reports an error and goes on; older bash leaves the child).
   */
  private inChild<T>(run: () => T): T {
    const saved = this.loopBase;
    this.loopBase = this.loopDepth;
    try {
      return run();
    } finally {
      this.loopBase = saved;
    }
  }

  private execPipe(items: readonly Stmt[], ws: World[]): World[] {
    for (let i = 1; i < items.length; i++) {
      // Worked out in the world the pipeline starts in, only if the consumer reads it.
      const w0 = ws[0];
      if (ws.length === 1 && w0) this.pipedStdin.set(items[i]!, () => pipeOutput(items, i - 1, w0.clone(), this));
    }
    // Every segment but the last runs in a subshell; the last too, unless lastpipe is set.
    const last = items[items.length - 1]!;
    const out: World[] = [];
    for (const w of ws) {
      const earlier = items.slice(0, -1).map((item) => this.subshell(item, w));
      const pipefail = w.options.pipefail;
      const lp = w.options.lastpipe;
      const ends: World[] = [];
      if (lp === true) ends.push(...this.exec(last, [w]));
      else if (lp === null) {
        ends.push(withStatus(w.clone(), this.subshell(last, w)));
        ends.push(...this.exec(last, [w]));
      } else ends.push(withStatus(w, this.subshell(last, w)));
      for (const e of ends) out.push(pipefail === false || e.flow !== "normal" ? e : withStatus(e, pipefailStatus(earlier, e.status, pipefail)));
    }
    return dedupe(out);
  }

  private execIf(branches: readonly { cond: Stmt; body: Stmt }[], orelse: Stmt | null, ws: World[]): World[] {
    const done: World[] = [];
    let pending = ws;
    for (const b of branches) {
      const afterCond = this.exec(b.cond, pending);
      const taken: World[] = [];
      const notTaken: World[] = [];
      for (const w of afterCond) {
        if (w.flow !== "normal") {
          done.push(w);
          continue;
        }
        if (w.status === 0) taken.push(w);
        else if (w.status === 1) notTaken.push(w);
        else {
          taken.push(withStatus(w.clone(), 0));
          notTaken.push(withStatus(w, 1));
        }
      }
      done.push(...this.exec(b.body, taken));
      pending = notTaken;
    }
    if (orelse) done.push(...this.exec(orelse, pending));
    else done.push(...pending.map((w) => withStatus(w, 0)));
    return dedupe(done);
  }

  /**
   * A loop, followed to a fixpoint: each round runs the condition and the body on the worlds
   * not seen before. Past the round limit, what still changes is widened to unknown.
   */
  private execLoop(ws: World[], cond: (cur: World[]) => World[], until: boolean, body: Stmt, bind?: (w: World) => World): World[] {
    const exits: World[] = [];
    const seen = new Set<string>();
    let frontier = ws;
    for (const w of frontier) seen.add(w.key());
    for (let round = 0; frontier.length; round++) {
      if (round >= this.limits.maxLoopRounds) {
        // Not converged: run once more on the widened state, then leave with it.
        const wide = this.widen([...frontier, ...ws], true);
        const r = this.loopRound(wide, cond, until, body, bind);
        exits.push(...r.exits, ...r.again.map((w) => withStatus(w, STATUS_UNKNOWN)));
        break;
      }
      const r = this.loopRound(frontier, cond, until, body, bind);
      exits.push(...r.exits);
      frontier = [];
      for (const w of dedupe(r.again)) {
        const k = w.key();
        if (seen.has(k)) continue;
        seen.add(k);
        frontier.push(w);
      }
    }
    return dedupe(exits);
  }

  private loopRound(ws: World[], cond: (cur: World[]) => World[], until: boolean, body: Stmt, bind?: (w: World) => World) {
    const exits: World[] = [];
    const enter: World[] = [];
    for (const w of cond(ws)) {
      if (w.flow !== "normal") {
        exits.push(w);
        continue;
      }
      const goes = until ? w.status !== 0 : w.status !== 1;
      const leaves = until ? w.status !== 1 : w.status !== 0;
      if (goes && leaves) {
        enter.push(w.clone());
        exits.push(withStatus(w, 0));
      } else if (goes) enter.push(w);
      else exits.push(withStatus(w, 0));
    }
    const again: World[] = [];
    const bodyIn = bind ? enter.map(bind) : enter;
    this.loopDepth++;
    let bodyOut: World[];
    try {
      bodyOut = this.exec(body, bodyIn);
    } finally {
      this.loopDepth--;
    }
    for (const w of bodyOut) {
      const f = leaveLoop(w);
      if (f === "exit-loop") exits.push(w);
      else if (f === "propagate") exits.push(w);
      else again.push(w);
    }
    return { exits, again };
  }

  private execFor(s: Extract<Stmt, { t: "for" }>, ws: World[]): World[] {
    const out: World[] = [];
    for (const w of ws) {
      let values: (string | null)[] | null = [];
      let standIn: string | null = null;
      // Values made only of numbers (`$(seq 10)`) cannot hold a path or a subscript.
      let numeric = s.values !== null;
      if (s.values === null) {
        values = w.positional === null ? null : [...w.positional];
      } else {
        for (const word of s.values) {
          const e = expandWord(word, w, this);
          // `for f in $(find DIR)`: any number of passes, each with a stand-in for a name.
          const rep = e.standIns === "fields" && s.values.length === 1 && e.fields.length === 1 ? fieldText(e.fields[0]!) : null;
          if (rep !== null) {
            standIn = rep;
            break;
          }
          if (e.countUnknown) values = null;
          if (!e.fields.every(onlyNumbers)) numeric = false;
          if (values) for (const f of e.fields) values.push(fieldText(f));
        }
      }
      if (standIn !== null) {
        const rep = standIn;
        out.push(...this.execLoop([w], (cur) => cur.map((x) => withStatus(x, STATUS_UNKNOWN)), false, s.body, (x) => {
          x.setVar(s.name, standInValue(rep));
          return x;
        }));
        continue;
      }
      if (values === null || values.length > 256) {
        const why = values === null ? "the loop's values are not known" : "a loop over many values";
        out.push(...this.execLoop([w], (cur) => cur.map((x) => withStatus(x, STATUS_UNKNOWN)), false, s.body, (x) => {
          x.setVar(s.name, unknown(why, numeric));
          return x;
        }));
        continue;
      }
      let cur: World[] = [w];
      const exits: World[] = [];
      // No values: the body never runs.
      if (values.length === 0) this.coverage.skip(s.body);
      for (const v of values) {
        const entered = cur.map((x) => {
          x.writeThroughNameref(s.name);
          x.setVar(s.name, v === null ? unknown("a loop value that is not known", numeric) : { k: "str", v });
          return x;
        });
        const next: World[] = [];
        this.loopDepth++;
        let bodyOut: World[];
        try {
          bodyOut = this.exec(s.body, entered);
        } finally {
          this.loopDepth--;
        }
        for (const x of bodyOut) {
          const f = leaveLoop(x);
          if (f === "again") next.push(x);
          else exits.push(x);
        }
        cur = dedupe(next);
        if (cur.length === 0) break;
      }
      out.push(...exits, ...cur);
    }
    return dedupe(out);
  }

  private execCase(s: Extract<Stmt, { t: "case" }>, ws: World[]): World[] {
    const done: World[] = [];
    for (const w0 of ws) {
      const subject = expandToSegs(s.word, w0, this, false);
      const subjectText = segsText(subject);
      let testing: World[] = [w0];
      let falling: World[] = [];
      for (const item of s.items) {
        const run: World[] = [...falling];
        const rest: World[] = [];
        // Once every world has matched, bash expands no later pattern.
        if (testing.length === 0) for (const p of item.patterns) this.account(p);
        for (const w of testing) {
          const m = this.caseMatches(item.patterns, subjectText, w);
          if (m === true) run.push(w);
          else if (m === false) rest.push(w);
          else {
            run.push(w.clone());
            rest.push(w);
          }
        }
        const after = this.exec(item.body, run);
        falling = [];
        const nextTesting = [...rest];
        for (const a of after) {
          if (a.flow !== "normal") done.push(a);
          else if (item.fallthrough === "next") falling.push(a);
          else if (item.fallthrough === "test") nextTesting.push(a);
          else done.push(a);
        }
        testing = nextTesting;
      }
      done.push(...falling, ...testing.map((w) => withStatus(w, 0)));
    }
    return dedupe(done);
  }

  private caseMatches(patterns: readonly Word[], subject: string | null, w: World): boolean | null {
    let unknownMatch = false;
    for (const [i, p] of patterns.entries()) {
      const segs = expandToSegsForPattern(p, w, this);
      if (segs === null || subject === null) {
        unknownMatch = true;
        continue;
      }
      const m = compileMatcher(segs, { pathname: false, extglob: w.options.extglob !== false, nocase: false, dotglob: true })?.(subject);
      if (m === null || m === undefined) {
        unknownMatch = true;
        continue;
      }
      if (m) {
        // The patterns after a match are not expanded.
        for (const rest of patterns.slice(i + 1)) this.account(rest);
        return true;
      }
    }
    return unknownMatch ? null : false;
  }

  /** Merges worlds into one where everything they disagree on is unknown. */
  widen(ws: readonly World[], always = false): World[] {
    if (ws.length <= 1 && !always) return ws.slice();
    const base = ws[0]!.clone();
    for (const w of ws.slice(1)) {
      if (w.cwd !== base.cwd) base.cwd = null;
      if (w.oldpwd !== base.oldpwd) base.oldpwd = null;
      if (w.stack.join("\u0000") !== base.stack.join("\u0000") || w.stackUnknown) base.stackUnknown = true;
      if (w.status !== base.status) base.status = STATUS_UNKNOWN;
      if (w.positional?.join("\u0000") !== base.positional?.join("\u0000")) base.positional = null;
      for (const k of Object.keys(base.options) as (keyof typeof base.options)[]) {
        if (w.options[k] !== base.options[k]) base.options[k] = null;
      }
      const names = new Set([...base.varNames(), ...w.varNames()]);
      for (const n of names) {
        const a = base.getVar(n);
        const b = w.getVar(n);
        if (!sameValue(a, b)) base.setVar(n, unknown(`$${n} differs between the paths the script may take`));
      }
      for (const [n, f] of w.funcs) {
        const b = base.funcs.get(n);
        if (b?.source !== f.source) base.tainted = "functions differ between paths";
        // Exported on one path: a child shell may get it.
        else if (f.exported && !b.exported) base.setFunc(n, f);
      }
      for (const [n, a] of w.aliases) if (base.aliases.get(n) !== a) base.setAlias(n, a);
      if (w.traps.join() !== base.traps.join()) base.traps = [...new Set([...base.traps, ...w.traps])];
      if (w.liveTraps.join() !== base.liveTraps.join()) base.liveTraps = [...new Set([...base.liveTraps, ...w.liveTraps])];
      if (w.tainted) base.tainted = w.tainted;
      base.fsChanged ||= w.fsChanged;
      base.linksChanged ||= w.linksChanged;
      base.linkZones = unionZones(base.linkZones, w.linkZones);
      if (w.movedDirs.length) base.movedDirs = [...new Set([...base.movedDirs, ...w.movedDirs])];
      base.frames = mergeFrames(base.frames, w.frames);
    }
    if (always && ws.length > 1) {
      // Still changing after several rounds: the directory may go on changing.
      if (ws.some((w) => w.cwd !== ws[0]!.cwd)) base.cwd = null;
    }
    return [base];
  }

  taint(w: World, why: string): World {
    const c = w.clone();
    c.cwd = null;
    c.oldpwd = null;
    c.stackUnknown = true;
    c.positional = null;
    c.tainted = why;
    c.status = STATUS_UNKNOWN;
    for (const n of [...c.varNames()]) c.setVar(n, unknown(why));
    return c;
  }

  // -------------------------------------------------------------------------------------
  // Simple commands

  private runSimple(cmd: Extract<Stmt, { t: "cmd" }>, w: World): World[] {
    // Aliases are replaced before parsing in bash; the guard does not re-parse them.
    if (cmd.words.length && w.aliases.size && w.options.expandAliases !== false) {
      const first = cmd.words[0]!;
      if (w.aliases.has(ANY_ALIAS) || (first.parts.length === 1 && first.parts[0]!.t === "raw" && w.aliases.has(first.parts[0]!.text))) {
        this.issue("SHELL_STATE", `${first.text} is an alias; aliases are not followed`, first.span);
        return [this.taint(w, "an alias ran")];
      }
    }
    // 1. Words are expanded first (bash order), then redirections, then assignments.
    let argv: Arg[] = [];
    let countUnknown = false;
    const standIns: StandInWord[] = [];
    for (const word of cmd.words) {
      const e = expandWord(word, w, this);
      if (e.standIns) standIns.push({ at: argv.length, n: e.fields.length, kind: e.standIns });
      else if (e.countUnknown) countUnknown = true;
      for (const f of e.fields) argv.push(e.standIns ? { ...argOf(f, word), standIn: true } : argOf(f, word));
    }
    if (argv.length === 0) {
      // Assignments alone persist; redirections are still performed.
      // Bash assigns even when a redirection fails; only the status tells them apart.
      const mayFail = this.redirections(cmd.redirs, w, "redirection");
      this.assign(cmd.assigns, w, false);
      this.replayTrapsIfChanged(w);
      return [withStatus(w, cmd.words.length && !mayFail ? 0 : STATUS_UNKNOWN)];
    }
    const name = argv[0]!;
    const failed = this.redirections(cmd.redirs, w, name.text ?? "command") ? withStatus(w.clone(), 1) : null;
    // Prefix assignments last for this command only (functions and builtins see them).
    const saved = this.assign(cmd.assigns, w, true);
    const piped = this.pipedStdin.get(cmd);
    const inherited = this.inheritedStdin;
    const stdin = () => this.readable(redirectedStdin(cmd.redirs, w, this) ?? piped?.() ?? inherited?.() ?? INHERITED_STDIN, w);
    const info: DispatchInfo = { countUnknown, span: cmd.span, inProcess: true, bypassFunctions: false, stdin };
    const variants = standIns.length ? standInVariants(argv, standIns, name.text !== null && !name.standIn && (BUILTINS.has(name.text) || w.funcs.has(name.text))) : [argv];
    if (variants.length === 1) argv = variants[0]!;
    const out = variants.length === 1 ? this.dispatch(argv, w, info) : dedupe(variants.flatMap((v, i) => this.dispatch(v, i === variants.length - 1 ? w : w.clone(), info)));
    // `declare a=(x y)`: the builtin saw only the name (and made it unknown); the elements are here.
    // (`local` outside a function fails, and assigns nothing; bash has expanded the elements all the same.)
    if (name.text === "local" && w.frames.length === 0) {
      for (const word of cmd.words) for (const e of word.assign?.array ?? []) expandWord(e, w.clone(), this);
    } else if (name.text !== null && DECLARATIONS.has(name.text)) {
      const global = argv.some((a) => a.text !== null && /^-[A-Za-z]*g/.test(a.text));
      for (const word of cmd.words) {
        const a = word.assign;
        if (!a?.array) continue;
        for (const o of out) {
          if (global && o.frames.length) writeGlobal(this, o, a.name, () => this.setVariable(a, o));
          else this.setVariable(a, o);
        }
      }
    }
    let after = out;
    if (saved.length) {
      // A prefix assignment lasts only for the command, but bash keeps it when a builtin
      // exports, marks or writes the name (`x=.. export x`, `x=a printf -v x ..`, `let`,
      // `getopts`), when a function sets it global, and before a special builtin in a POSIX
      // sh. Which builtin does what is irregular: when one may, both outcomes are followed.
      const mayKeep = name.text === null || this.mayKeepPrefix(name.text, argv, saved.map(([n]) => n), w);
      const kept = mayKeep ? out.map((o) => o.clone()) : [];
      for (const o of out) {
        for (const [n, v, attrs] of saved) {
          o.setVar(n, v);
          o.setAttr(n, attrs);
        }
      }
      if (kept.length) after = dedupe([...out, ...kept]);
    }
    for (const o of after) this.replayTrapsIfChanged(o);
    return failed ? dedupe([...after, failed]) : after;
  }

  /** Whether running `name` may keep a prefix assignment to one of `names` (see runSimple). */
  private mayKeepPrefix(name: string, argv: readonly Arg[], names: readonly string[], w: World): boolean {
    if (w.funcs.has(name)) return true;
    if (this.frame.dialect === "sh" && SPECIAL_BUILTINS.has(name)) return true;
    if (!BUILTINS.has(name) && !ASSIGNING_BUILTINS.has(name)) return false;
    return argv.slice(1).some((a) => a.text === null || names.some((n) => a.text!.includes(n)));
  }

  /**
   * Variables whose assignment changes what later commands run: BASH_CMDS (like hash -p),
   * BASH_ALIASES (like alias), PS4 (expanded, command substitutions included, under set -x),
   * POSIXLY_CORRECT (posix mode), GLOBIGNORE (dotglob).
   */
  private specialVariable(a: Assign, w: World): void {
    if (a.name === "BASH_CMDS" || a.name === "BASH_ALIASES") this.issue("SHELL_STATE", `assigning ${a.name} changes which program or alias a name runs`, a.span);
    // Assigning DIRSTACK edits the stack: what popd and ~N reach is no longer known.
    else if (a.name === "DIRSTACK") w.stackUnknown = true;
    else if (a.name === "POSIXLY_CORRECT") this.issue("SHELL_STATE", "POSIXLY_CORRECT puts bash in posix mode, which the guard does not follow", a.span);
    // A GLOBIGNORE that is not empty turns dotglob on: `*` matches dotfiles (`.env`).
    else if (a.name === "GLOBIGNORE") {
      const v = w.getVar("GLOBIGNORE");
      if (v === undefined || v.k !== "str") w.options.dotglob = null;
      else if (v.v !== "") w.options.dotglob = true;
    }
    else if (a.name === "PS4" && a.value) {
      const text = a.value.text;
      if (/\$\(|`|\$\{/.test(text)) reportRisk({ code: "OPAQUE_CODE", why: "PS4 is expanded before each command under set -x, command substitutions included", runs: text.replace(/^'(.*)'$/s, "$1") }, w, this, a.span);
    }
  }

  /** Applies assignments; returns the previous values when they are temporary. */
  assign(assigns: readonly Assign[], w: World, temporary: boolean): [string, Value, string][] {
    const saved: [string, Value, string][] = [];
    for (const a of assigns) {
      const prev = w.getVar(a.name);
      if (temporary) {
        saved.push([a.name, prev ?? lookup(w, this, a.name), w.attr(a.name)]);
        // A prefix assignment is in the environment of the command it precedes.
        if (!w.attr(a.name).includes("x")) w.setAttr(a.name, w.attr(a.name) + "x");
      }
      // Bash refuses a subscripted name before a command ("not a valid identifier") without
      // expanding the subscript; the command still runs.
      if (temporary && a.index) this.account(a.index);
      else if (a.index) this.subscript(a, w);
      this.setVariable(a, w);
    }
    return saved;
  }

  /**
   * `a[i]=v`: the subscript is expanded, and for an array that is not associative the result
   * is evaluated as arithmetic, whose variables are evaluated in turn.
   */
  private subscript(a: Assign, w: World): void {
    const index = a.index!;
    const fields = expandWord(index, w, this, { noGlob: true, noSplit: true }).fields;
    if (w.attr(a.name).includes("A")) return;
    this.evaluatedText(fields.map((f) => fieldText(f) ?? (onlyNumbers(f) ? "0" : null)), w, index.span, textRisk);
  }

  setVariable(a: Assign, w: World): void {
    // A nameref's target may be any variable, special ones (PS4, BASH_CMDS, PATH) included.
    if (w.attr(a.name).includes("n")) this.issue("SHELL_STATE", `$${a.name} is a nameref: what a write through it changes is not followed`, a.span);
    w.writeThroughNameref(a.name);
    this.specialVariable(a, w);
    const prev = lookup(w, this, a.name);
    if (a.array) {
      const elems: string[] = [];
      let known = true;
      for (const word of a.array) {
        const e = expandWord(word, w, this);
        if (e.countUnknown) known = false;
        for (const f of e.fields) {
          const t = fieldText(f);
          if (t === null) known = false;
          else elems.push(t);
        }
      }
      // `a=([2]=x [0]=y)` places elements by subscript: not followed.
      if (a.array.some((word) => word.parts[0]?.t === "raw" && /^\[[^\]]*\]\+?=/.test(word.text))) known = false;
      let v: Value = known ? { k: "arr", v: elems } : unknown(`the array ${a.name} is not known`);
      if (a.append && known) v = prev.k === "arr" ? { k: "arr", v: prev.v.concat(elems) } : prev.k === "str" ? { k: "arr", v: [prev.v].concat(elems) } : prev.k === "unset" ? v : prev;
      if (v.k === "arr" && (v.v.length > this.limits.maxArrayLength || v.v.reduce((n, e) => n + e.length, 0) > this.limits.maxValueBytes)) {
        this.issue("EXPANSION_TOO_LARGE", `the array ${a.name} grows past ${this.limits.maxArrayLength} elements or ${this.limits.maxValueBytes} bytes`, a.span);
        v = unknown(`the array ${a.name} is past the size bound`);
      }
      w.setVar(a.name, v);
      return;
    }
    const segs = a.value ? expandToSegs(a.value, w, this, true) : [];
    let v: Value = segsValue(segs);
    if (a.index) {
      // a[i]=v: only literal indices into known arrays are followed.
      const idx = /^[0-9]+$/.test(a.index.text) ? Number(a.index.text) : null;
      if (idx === null || v.k !== "str" || prev.k === "unknown") v = unknown(`the array ${a.name} is not known`);
      else {
        const arr = prev.k === "arr" ? [...prev.v] : prev.k === "str" ? [prev.v] : [];
        while (arr.length < idx) arr.push("");
        arr[idx] = v.v;
        v = { k: "arr", v: arr };
      }
    } else if (a.append) {
      if (prev.k === "str" && v.k === "str") v = { k: "str", v: prev.v + v.v };
      else if (prev.k === "unset") { /* v as is */ }
      else if (prev.k === "arr" && v.k === "str") v = { k: "arr", v: [prev.v[0] + v.v, ...prev.v.slice(1)] };
      else v = unknown(`$${a.name} is appended to an unknown value`);
    }
    const attrs = w.attr(a.name);
    if (attrs.includes("n")) v = unknown(`$${a.name} is a nameref`);
    else if (attrs.includes("i")) {
      // An integer variable's value is evaluated as arithmetic when assigned.
      this.evaluatedText([v.k === "str" ? v.v : v.k === "unset" ? "" : null], w, a.span, textRisk);
      v = unknown(`$${a.name} is an integer`, true);
    }
    else if (/[luc]/.test(attrs)) v = unknown(`$${a.name} changes case on assignment`);
    w.setVar(a.name, v);
  }

  /**
   * Performs redirections: each target is an access. Returns whether one of them may fail:
   * a file that cannot be opened stops the command before it runs, with status 1.
   */
  redirections(redirs: readonly Redir[], w: World, command: string): boolean {
    let mayFail = false;
    for (const r of redirs) {
      if (r.fdVar !== undefined) w.setVar(r.fdVar, unknown(`$${r.fdVar} holds a descriptor number the shell picks`, true));
      if (r.heredoc) {
        if (r.heredoc.expands) expandToSegs(r.heredoc.body, w, this, false);
        continue;
      }
      if (!r.target) continue;
      if (r.op === "<<<") {
        expandToSegs(r.target, w, this, false);
        continue;
      }
      const e = expandWord(r.target, w, this);
      if ((r.op === ">&" || r.op === "<&") && e.fields.length === 1) {
        const t = fieldText(e.fields[0]!);
        // Duplicating or closing a descriptor opens no file; only a descriptor the shell
        // may not have open (not 0, 1 or 2) can fail.
        if (t !== null && /^([0-9]+-?|-)$/.test(t)) {
          if (!/^([012]-?|-)$/.test(t)) mayFail = true;
          continue;
        }
        // `<&$fd` with a number the shell picked (`{fd}<file`): a descriptor, which may be closed.
        const segs = e.fields[0]!.segs;
        if (segs.length > 0 && segs.every((g) => ("unknown" in g ? g.unknown.numeric : /^[0-9]*-?$/.test(g.text)))) {
          mayFail = true;
          continue;
        }
      }
      const kind: AccessKind = r.op === "<" ? "read" : r.op === "<&" ? "read" : "write";
      const label = `${r.fd ?? ""}${r.op}`;
      if (e.fields.length === 0 || e.countUnknown) {
        mayFail = true;
        this.access(w, withValue({ text: null, source: r.target.text, span: r.target.span, unknownWhy: null, segs: [] }, null, "the redirection target is not known"), kind, label);
        continue;
      }
      for (const f of e.fields) {
        if (!this.opensSurely(w, fieldText(f), r.op)) mayFail = true;
        this.access(w, argOf(f, r.target), kind, command === "redirection" ? label : `${command} ${label}`);
      }
    }
    return mayFail;
  }

  /**
   * Whether a redirection to `target` cannot fail: /dev/null, or reading a regular file that
   * is there (and that nothing in the command may have removed). Writing can always fail.
   */
  private opensSurely(w: World, target: string | null, op: string): boolean {
    if (target === "/dev/null") return true;
    if (target === null || op !== "<" || w.fsChanged || w.linksChanged) return false;
    const abs = isAbsolute(target) ? target : w.cwd === null ? null : join(w.cwd, target);
    if (abs === null) return false;
    const r = resolvePhysical(abs, this.fs);
    return r.ok && r.exists && this.fs.lstat(r.path) === "file";
  }

  // -------------------------------------------------------------------------------------
  // Dispatch: functions, builtins, commands

  dispatch(argv: readonly Arg[], w: World, info: DispatchInfo): World[] {
    const name = argv[0]!;
    this.findings.addCommand({
      text: argv.map((a) => a.text ?? a.source).join(" "),
      known: argv.every((a) => a.text !== null),
      via: this.frame.via,
      span: this.span(info.span),
    });
    if (name.text === null || name.standIn) {
      // A stand-in for a listing's names run as a command is any of them, looked up in PATH.
      this.issue("UNRESOLVED_COMMAND", `the command name ${name.source} is not known${name.standIn ? " (it is a name a listing prints)" : ""}`, name.span);
      for (const a of argv.slice(1)) this.genericArg(a, w, "?");
      if (info.inProcess) this.issue("SHELL_STATE", "a command whose name is not known may change the shell", name.span);
      return [this.taintIfInProcess(w, info, "an unknown command ran")];
    }
    // In a POSIX sh (dash, or bash as sh), special builtins are found before functions.
    if (info.inProcess && !info.bypassFunctions && !(this.frame.dialect === "sh" && SPECIAL_BUILTINS.has(name.text))) {
      const f = w.funcs.get(name.text);
      if (f) return this.callFunction(name.text, f.body, argv.slice(1), w, info);
    }
    this.builtinEvaluation(name.text, argv, w, info.span);
    if (info.inProcess && BUILTINS.has(name.text)) {
      // `.` and `source` look a name without a slash up in $PATH.
      if (name.text === "." || name.text === "source") this.environment(w, info.span);
      return runBuiltin(this, name.text, argv, w, info);
    }
    this.commandNotFound(name.text, argv, w, info);
    const options = this.environment(w, info.span, name.text);
    const effects = analyseCommand(name, [...options, ...argv.slice(1)], { countUnknown: info.countUnknown, world: w, span: info.span, stdin: info.stdin, useTable: this.opts.commandKnowledge !== false, home: this.home, disk: this.diskFor(w) });
    return this.applyEffects(effects, argv, w, info);
  }

  /**
   * A program looked up in PATH may not be there (the guard does not know PATH's contents):
   * bash then runs command_not_found_handle, in a child of the shell, with the command's words.
   */
  private commandNotFound(name: string, argv: readonly Arg[], w: World, info: DispatchInfo): void {
    const handler = w.funcs.get(COMMAND_NOT_FOUND);
    if (!handler || this.inNotFound || name.includes("/") || BASH_BUILTINS.has(name)) return;
    // Inside the handler, a command not found would run it again: it is judged here already.
    this.inNotFound = true;
    try {
      this.joinChild(w, this.callFunction(COMMAND_NOT_FOUND, handler.body, argv, w.clone(), { ...info, inProcess: true }));
    } finally {
      this.inNotFound = false;
    }
  }

  /**
   * Variables set in the command that change what the program it starts loads, runs or reads
   * (environment.ts): what their values name is judged as the program's own words would be.
   * Whether the variable is exported is not asked: one the shell inherited is exported anyway.
   */
  private environment(w: World, span: Span, program?: string): Arg[] {
    const options: Arg[] = [];
    const base = program === undefined ? "" : program.slice(program.lastIndexOf("/") + 1);
    for (const name of w.environmentNames) {
      const role = environmentRole(name);
      const v = w.getVar(name);
      if (!role || v === undefined || v.k === "unset") continue;
      const command = `$${name}`;
      const at: Arg = { text: null, source: `${name}=…`, span, unknownWhy: null, segs: [] };
      if (v.k === "unknown") {
        this.access(w, withValue(at, null, `$${name} is not known, and the program started uses it`), role.kind, command);
        continue;
      }
      // An array is not exported; the shell's own lookups use its first element.
      const text = v.k === "str" ? v.v : (v.v[0] ?? "");
      if (role.value === "dirs") {
        // `af_unix:stream:/path` splits into entries like any list; its path is the absolute one.
        for (const e of dirEntries(text)) if (!role.absoluteOnly || e.startsWith("/")) this.access(w, withValue(at, e, ""), role.kind, command);
      } else if (SHELL_SYNTAX.test(text)) {
        this.issue("OPAQUE_CODE", `${name} holds shell code that a program started here may run`, span);
      } else if (role.optionsOf && text.trim() !== "") {
        if (role.optionsOf.includes(base)) options.push(...commandWords(text).map((word) => withValue(at, word, "")));
        else this.issue("OPAQUE_CODE", `${name} holds options for ${role.optionsOf[0]}, which ${program ?? "this command"} may start`, span);
      } else {
        // `SHELL=/bin/bash`, `EDITOR=/usr/bin/vim`: a system program is what its name says.
        const words = commandWords(text);
        if (words[0] !== undefined && isSystemProgram(words[0])) words.shift();
        // `PIP_INDEX_URL=file:///dir`, `UV_FIND_LINKS=file:…`: a file URL names its path.
        for (const word of words) for (const cand of pathCandidates(word)) this.access(w, withValue(at, fileUrlPath(cand) ?? cand, ""), role.kind, command);
      }
    }
    return options;
  }

  /**
   * Words bash's builtins evaluate: `let`'s expressions, and the names given to `read`,
   * `printf -v`, `test -v`, `unset` and the declaration builtins, whose subscripts are
   * arithmetic (`read 'a[$(cmd)]'` runs cmd). `declare -n` targets and `declare -i` values
   * are evaluated when used or assigned.
   */
  private builtinEvaluation(name: string, argv: readonly Arg[], w: World, span: Span): void {
    const args = argv.slice(1);
    const names: (string | null)[] = [];
    const exprs: (string | null)[] = [];
    switch (name) {
      case "let":
        exprs.push(...args.map((a) => a.text));
        break;
      case "read":
      case "printf":
      case "test":
      case "[":
      case "unset": {
        // Options that name a variable, and those whose value is something else.
        const nameOpt = name === "read" ? "a" : name === "printf" ? "v" : name === "unset" ? "" : "v";
        const valued = name === "read" ? "adinNptu" : name === "printf" ? "v" : "";
        let operands = name === "read" || name === "unset";
        for (let i = 0; i < args.length; i++) {
          const t = args[i]!.text;
          if (t === null) {
            if (operands) names.push(null);
            continue;
          }
          if (t === "--" && name !== "test" && name !== "[") {
            operands = name === "read" || name === "unset";
            continue;
          }
          if (t.startsWith("-") && t.length > 1 && !/^-[0-9]/.test(t)) {
            for (let j = 1; j < t.length; j++) {
              if (!valued.includes(t[j]!) && !(name === "test" || name === "[")) continue;
              const value = j + 1 < t.length ? t.slice(j + 1) : (args[++i]?.text ?? "");
              if (t[j] === nameOpt) names.push(j + 1 < t.length ? value : (args[i]?.text ?? null));
              break;
            }
            continue;
          }
          if (operands) names.push(t);
        }
        break;
      }
      case "declare":
      case "typeset":
      case "local":
      case "export":
      case "readonly": {
        const flags = args.filter((a) => a.text !== null && /^[-+][A-Za-z]+$/.test(a.text)).map((a) => a.text!).join("");
        for (const a of args) {
          if (a.text === null) {
            // `NAME=$(…)`: the value is not known, but the name is written out.
            const written = /^([A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?)\+?=/.exec(a.source);
            names.push(written && !/[$`]/.test(written[2] ?? "") ? written[1]! : null);
            if (written && /-[A-Za-z]*[ni]/.test(flags)) names.push(null);
            continue;
          }
          if (/^[-+][A-Za-z]+$/.test(a.text)) continue;
          const eq = a.text.indexOf("=");
          names.push(eq < 0 ? a.text : a.text.slice(0, eq));
          if (eq >= 0 && /-[A-Za-z]*n/.test(flags)) names.push(a.text.slice(eq + 1));
          if (eq >= 0 && /-[A-Za-z]*i/.test(flags)) exprs.push(a.text.slice(eq + 1));
        }
        break;
      }
      default:
        return;
    }
    if (names.length) this.evaluatedText(names, w, span, nameRisk);
    if (exprs.length) this.evaluatedText(exprs, w, span, textRisk);
  }

  /** Variables an arithmetic expression names are evaluated: reports what that could run. */
  evaluated(names: readonly string[], w: World, span: Span): World {
    if (names.length) reportRisk(variablesRisk(names, evaluationLookup(w, this)), w, this, span);
    return w;
  }

  /** Texts bash evaluates (as arithmetic, or as a name with a subscript); null is not known. */
  evaluatedText(texts: readonly (string | null)[], w: World, span: Span, risk: typeof textRisk | typeof nameRisk): void {
    for (const t of texts) {
      const r = t === null ? { code: "UNRESOLVED_WORD" as const, why: "a word that is evaluated as arithmetic or as a variable name is not known" } : risk(t, evaluationLookup(w, this));
      if (r) {
        reportRisk(r, w, this, span);
        return;
      }
    }
  }

  private taintIfInProcess(w: World, info: DispatchInfo, why: string): World {
    return withStatus(info.inProcess ? this.taintCwdOnly(w, why) : w, STATUS_UNKNOWN);
  }

  /** An unknown command name might be cd or a function: the directory is no longer known. */
  taintCwdOnly(w: World, why: string): World {
    const c = w.clone();
    c.cwd = null;
    c.oldpwd = null;
    c.stackUnknown = true;
    c.tainted = why;
    return c;
  }

  private callFunction(name: string, body: Stmt, args: readonly Arg[], w: World, info: DispatchInfo, unknownArgs = false): World[] {
    const def = w.funcs.get(name);
    if (def) this.called.add(def.source);
    if (this.frame.callDepth >= this.limits.maxCallDepth) {
      this.issue("NESTING_TOO_DEEP", `calls to ${name} nest deeper than ${this.limits.maxCallDepth}`, this.frame.span ?? args[0]?.span ?? null);
      return [this.taint(w, "a recursive function")];
    }
    const outerPositional = w.positional;
    const outerFrames = w.frames;
    const entered = w.clone();
    entered.positional = unknownArgs || args.some((a) => a.text === null) || info.countUnknown ? null : args.map((a) => a.text!);
    entered.frames = [...outerFrames, EMPTY_SCOPE];
    const saved = this.frame;
    this.frame = { ...saved, ...(def ? { offset: def.at.offset, span: def.at.span } : {}), callDepth: saved.callDepth + 1 };
    this.returnable++;
    const savedLoopBase = this.loopBase;
    this.loopBase = this.loopDepth;
    let out: World[];
    try {
      out = this.exec(body, [entered]);
    } finally {
      this.frame = saved;
      this.returnable--;
      this.loopBase = savedLoopBase;
    }
    return out.map((o) => {
      const r = o.flow === "return" ? this.resume(o) : o;
      const top = r.frames[r.frames.length - 1];
      if (top) for (const [n, v] of top.vars) r.setVar(n, v);
      if (top?.options) Object.assign(r.options, top.options);
      // The callers' frames as the body left them: it may have written a global they hide.
      r.frames = r.frames.slice(0, outerFrames.length);
      r.positional = outerPositional;
      return r;
    });
  }

  /** Issue 2's rule for commands the guard does not know: every argument may be a path. */
  genericArg(a: Arg, w: World, command: string, operand = false): void {
    if (a.text === null) {
      this.access(w, a, "unknown", command);
      return;
    }
    const cands = operand ? (a.text === "" ? [] : [a.text]) : pathCandidates(a.text);
    const shellText = /\s/.test(a.text);
    for (const cand of cands) {
      // In a command line the program hands to a shell, that shell expands a leading `~`.
      // (`~x` for a user x that does not exist stays as it is, as in bash.)
      const m = shellText && cand !== a.text ? /^~([A-Za-z0-9._-]*)(\/.*)?$/.exec(cand) : null;
      if (m) {
        const home = m[1] === "" ? this.home : this.fs.homeOf(m[1]!);
        if (home !== null || m[1] === "") this.access(w, home === null ? withValue(a, null, `${cand} names a home directory that is not known`) : { ...a, text: home + (m[2] ?? "") }, "unknown", command);
      }
      this.access(w, { ...a, text: cand }, "unknown", command);
    }
  }

  /** The text of a script file inside a root, small enough to read; null otherwise. */
  readScript(w: World, path: string): string | null {
    const abs = isAbsolute(path) ? path : w.cwd === null ? null : join(w.cwd, path);
    if (abs === null) return null;
    const r = resolvePhysical(abs, this.fs);
    if (!r.ok || !r.exists) return null;
    // What is on disk now is not what will run if the command writes the file (or a directory
    // above it) first; a change of mode (`chmod +x x.sh && ./x.sh`) leaves the text as it is.
    if (this.contentsMayChange || [...this.written].some((p) => isInside(r.path, p))) return null;
    if (!this.opts.roots.some((root) => r.path === root || r.path.startsWith(root === "/" ? "/" : root + "/"))) return null;
    return this.fs.readFile(r.path, this.limits.maxScriptBytes);
  }

  applyEffects(effects: readonly Effect[], argv: readonly Arg[], w: World, info: DispatchInfo): World[] {
    const command = argv[0]!.text ?? "?";
    let out: World[] = [withStatus(w, STATUS_UNKNOWN)];
    // The command's own paths are resolved in the filesystem as it was before it ran (links,
    // moves, then changes last). A list of names is read as the command starts, before its own
    // writes (`git checkout --pathspec-from-file=l` writes the tree l is in only after reading l).
    // (One pass, each kind in its order: four filters and a spread per command were a percent of a batch.)
    const ordered: Effect[] = [];
    const links: Effect[] = [];
    const changes: Effect[] = [];
    let names = 0;
    for (const e of effects) {
      if (e.t === "names") ordered.splice(names++, 0, e);
      else if (e.t === "links" || e.t === "moves") links.push(e);
      else if (e.t === "changes") changes.push(e);
      else ordered.push(e);
    }
    for (const e of links) ordered.push(e);
    for (const e of changes) ordered.push(e);
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
          this.access(w, e.arg, e.kind, e.command ?? command, e.base, e.surface);
          break;
        case "scan":
          this.scanTree(w, e.arg, e.kind, command, e.base, e.surface);
          break;
        case "generic":
          this.genericArg(e.arg, w, command, e.operand);
          // A command nobody described may rename what it is given.
          // (A word that is only numbers cannot name `.`, `..` or a directory above.)
          if (e.arg.text === null && e.arg.segs.every((g) => !("unknown" in g) || g.unknown.numeric)) break;
          for (const cand of e.arg.text === null ? [null] : e.operand ? [e.arg.text] : pathCandidates(e.arg.text)) {
            if (cand === "") continue;
            // Only a directory can hold a working directory; with the disk as it is (nothing
            // earlier may have made one), a word that names no directory moves none.
            for (const m of this.movedEntries(w, withValue(e.arg, cand, e.arg.unknownWhy ?? ""), undefined)) {
              if (m === "/" || w.fsChanged || w.linksChanged || this.fs.lstat(m) === "dir") moved.push(m);
            }
          }
          break;
        case "issue":
          this.issue(e.code, e.message, e.span);
          break;
        case "exec":
          // An executable named by a path runs from that path.
          if (e.arg.text !== null && e.arg.text.includes("/")) this.access(w, e.arg, "exec", command);
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
          const saved = this.frame;
          this.frame = { ...saved, via: [...saved.via, e.label] };
          let sub: World[];
          try {
            const stdin = e.stdin;
            sub = this.dispatch(e.argv, target, { ...info, inProcess, bypassFunctions: e.bypassFunctions, stdin: stdin ? () => stdin : info.stdin });
          } finally {
            this.frame = saved;
          }
          if (inProcess) out = sub;
          else for (const s of sub) joinChild(w, [s]);
          break;
        }
        case "code": {
          // Code or a script made of a listing's stand-in is any of its names: not code to read.
          if (argv.some((a) => a.standIn && a.span.start === e.span.start && a.span.end === e.span.end)) {
            this.issue("OPAQUE_CODE", `${e.label} runs names a listing prints as code`, e.span);
            break;
          }
          const inProcess = e.inProcess && info.inProcess;
          let start = e.base !== undefined ? withCwd(w.clone(), e.base) : w;
          if (e.script !== undefined) {
            const explicitShell = e.label !== e.script;
            // The script's commands read the command's standard input (what is left of it).
            const sub = this.withStdin(info.stdin, () => this.runScript(e.script!, e.span, e.label, start, e.positional ?? null, explicitShell, e.dialect, e.options));
            if (sub === "program") {
              for (const a of argv.slice(1)) this.genericArg(a, w, command);
              this.contentsMayChange = true;
              for (const o of [w, ...out]) {
                o.fsChanged = true;
                o.linksChanged = true;
              }
            } else if (sub) for (const s of sub) joinChild(w, [s]);
            break;
          }
          const sub = this.withStdin(info.stdin, () => this.runCode(e.text, e.span, e.label, start, inProcess, e.positional, e.dialect, e.options, e.arg0));
          if (inProcess) out = sub;
          else if (start !== w) joinChild(w, sub);
          break;
        }
        case "package-script":
          this.runPackageScript(e, w);
          break;
        case "links":
          zones = unionZones(zones, this.linkZonesOf(w, e));
          break;
        case "moves":
          moved = [...moved, ...this.movedEntries(w, e.arg, e.base)];
          break;
        case "names":
          this.namesFromList(w, e, info.stdin, command);
          break;
        case "changes":
          if (e.fs && !METADATA_ONLY.has(command.replace(/^.*\//, ""))) this.contentsMayChange = true;
          for (const o of [w, ...out]) {
            if (e.fs) o.fsChanged = true;
            if (e.links) o.linksChanged = true;
          }
          break;
        case "exit":
          out = out.map((o) => {
            const c = o.clone();
            c.flow = "exit";
            return c;
          });
          break;
      }
    }
    if (zones.length) {
      this.contentsMayChange = true;
      for (const o of [w, ...out]) {
        o.linkZones = unionZones(o.linkZones, zones);
        o.fsChanged = true;
        o.linksChanged = true;
      }
    }
    // (Most commands move nothing: the lists are then the ones the world had.)
    if (moved.length || w.movedDirs !== movedBefore || out.some((o) => o.movedDirs !== movedBefore)) {
      const fresh = [...new Set([...moved, ...w.movedDirs, ...out.flatMap((o) => o.movedDirs)])].filter((m) => !movedBefore.includes(m));
      if (fresh.length) for (const o of new Set([w, ...out])) this.followMoves(o, fresh, w);
    }
    return out;
  }

  /** The names a command reads from a list (a `names` effect): each is judged, or the list is unknown. */
  private namesFromList(w: World, e: Extract<Effect, { t: "names" }>, stdin: () => Stdin, command: string): void {
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
          if (s.listing.unplain !== null) break;
          for (const d of s.listing.reach) {
            this.access(w, d, e.kind, command, e.base);
            if (e.scan) this.scanTree(w, d, e.kind, command, e.base);
          }
          return;
        case "file": {
          at = s.arg;
          const r = this.readable(s, w);
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
      this.access(w, e.from, "read", command, listBase);
      const dir = listBase === undefined ? w.cwd : listBase;
      const path = e.from.text === null ? null : isAbsolute(e.from.text) ? e.from.text : dir === null ? null : join(dir, e.from.text);
      text = path === null ? null : this.readScript(w, path);
    }
    const word = at ?? syntheticArg("-", e.span);
    // Names the guard cannot see are accesses to paths it does not know.
    if (text === null) return this.access(w, withValue(word, null, e.what), e.kind, command, e.base);
    const names = text.split(e.separator).filter((n) => n !== "");
    if (names.length > MAX_LISTED_NAMES) {
      this.issue("EXPANSION_TOO_LARGE", `${command} reads ${names.length} names from a list, more than the ${MAX_LISTED_NAMES} the guard judges`, e.span);
      return;
    }
    for (const name of names) {
      if (e.reserved && name.startsWith(e.reserved.prefix)) {
        this.issue("UNRESOLVED_WORD", `${command} reads ${JSON.stringify(name)} from its list as ${e.reserved.meaning}, which the guard does not follow`, e.span);
        continue;
      }
      const arg = withValue(word, name, "");
      this.access(w, arg, e.kind, command, e.base);
      if (e.scan) this.scanTree(w, arg, e.kind, command, e.base);
    }
  }

  /**
   * Where the entry a `moves` effect names is, physically: the name in its parent's physical
   * directory, since rename(2) does not follow a last symlink — or, for `.`, `..` and a name
   * with a trailing slash, the directory it leads to; "/" (anything) when that is not known.
   */
  private movedEntries(w: World, arg: Arg, base: string | null | undefined): string[] {
    const dir = base === undefined ? w.cwd : base;
    const text = arg.text;
    if (text === null || (dir === null && !isAbsolute(text))) return ["/"];
    const joined = isAbsolute(text) ? text : join(dir!, text);
    const abs = joined.replace(/(.)\/+$/, "$1");
    const watch = zoneWatch(w.linkZones);
    const cut = abs.lastIndexOf("/");
    const name = abs.slice(cut + 1);
    if (name === "" || name === "." || name === ".." || abs !== joined) {
      const full = resolvePhysical(abs, this.fs, watch);
      return full.ok ? [full.path] : ["/"];
    }
    const parent = this.physicalUnlessLinked(abs.slice(0, cut) || "/", w);
    if (parent === null) return ["/"];
    return [parent === "/" ? "/" + name : `${parent}/${name}`];
  }

  /**
   * A physical path as the disk shows it before the command, or null; remembered for the check
   * when no earlier command may have made links (the answer cannot change then), since every
   * word of a command nobody described is asked about (movedEntries) and the answer is nearly
   * always the working directory.
   */
  private physicalUnlessLinked(abs: string, w: World): string | null {
    if (w.linkZones.length) {
      const r = resolvePhysical(abs, this.fs, zoneWatch(w.linkZones));
      return r.ok ? r.path : null;
    }
    let p = this.physUnlinked.get(abs);
    if (p === undefined) {
      const r = resolvePhysical(abs, this.fs);
      this.physUnlinked.set(abs, (p = r.ok ? r.path : null));
    }
    return p;
  }

  /**
   * After a command that may have renamed the physical directories `moved` (in the state
   * `before`): a world whose working directory is one of them or below one has moved with it.
   * Bash keeps $PWD, but the kernel resolves relative paths (and `cd ..` falls back to the
   * physical parent) from where the directory now is: the working directory is not known.
   */
  private followMoves(o: World, moved: readonly string[], before: World): void {
    const all = [...new Set([...o.movedDirs, ...moved])];
    o.movedDirs = all.length > 64 ? ["/"] : all;
    if (o.cwd === null) return;
    const here = this.physicalUnlessLinked(o.cwd, before);
    if (here !== null && !moved.some((m) => isInside(here, m))) return;
    o.cwd = null;
    o.stackUnknown = true;
  }

  /** What a child leaves in its parent (joinChild), and a directory above the parent's it may have moved. */
  private joinChild(parent: World, out: readonly World[]): Status {
    // Only what the child moved: what the parent had moved before is followed already.
    const moved = [...new Set(out.flatMap((o) => o.movedDirs))].filter((m) => !parent.movedDirs.includes(m));
    const status = joinChild(parent, out);
    if (moved.length) this.followMoves(parent, moved, parent);
    return status;
  }

  /**
   * The zones a `links` effect adds (src/shell/zones.ts), against the state before the command:
   * nothing when the name cannot become a symlink, ANYWHERE when where it is is not known.
   */
  private linkZonesOf(w: World, e: Extract<Effect, { t: "links" }>): readonly LinkZone[] {
    const dir = e.base === undefined ? w.cwd : e.base;
    const text = e.arg.text;
    if (text === null || (dir === null && !isAbsolute(text))) return [ANYWHERE];
    const abs = isAbsolute(text) ? text : join(dir!, text);
    const watch = zoneWatch(w.linkZones);
    if (e.tree) {
      const r = resolvePhysical(abs, this.fs, watch);
      return r.ok ? [{ path: r.path, tree: true }] : [ANYWHERE];
    }
    if (e.source && this.plainSource(w, e.source, dir)) return [];
    const zones: LinkZone[] = [];
    // `DEST/` names what DEST is or leads to; without the slash, DEST is the name replaced.
    const slash = /[^/]\/+$/.test(abs);
    const named = slash ? abs.replace(/\/+$/, "") : abs;
    const name = (): boolean => {
      const loc = this.entryLocation(w, named, null);
      if (loc === "self") return true;
      if (loc === null || loc === "changed") return false;
      zones.push({ path: loc, tree: false });
      return true;
    };
    if (e.entry === undefined) return name() ? zones : [ANYWHERE];
    if (e.entry === null) return [ANYWHERE];
    // The name inside the directory `arg` (following a link to it, unless ln -n replaces the link).
    const inside = (): boolean => {
      const r = resolvePhysical(abs, this.fs, watch);
      if (!r.ok) return false;
      const entry = e.entry!.replace(/\/+$/, "");
      const base = entry.slice(entry.lastIndexOf("/") + 1);
      zones.push({ path: base === "" || base === "." || base === ".." ? r.path : r.path === "/" ? "/" + base : `${r.path}/${base}`, tree: false });
      return true;
    };
    if (e.into) return inside() ? zones : [ANYWHERE];
    let isDir: boolean | null = null;
    if (!w.fsChanged) {
      const loc = this.entryLocation(w, named, null);
      const t = typeof loc === "string" && loc !== "self" && loc !== "changed" ? this.fs.lstat(loc) : null;
      if (loc === "self") isDir = true;
      else if (t === "symlink") isDir = e.replaceLink && !slash ? false : this.physicalDir(named) !== null && !this.throughLinkZone(w, named);
      else if (typeof loc === "string" && loc !== "changed") isDir = t === "dir";
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
  private plainSource(w: World, source: Arg, dir: string | null): boolean {
    if (w.linksChanged || source.text === null) return false;
    const loc = this.entryLocation(w, source.text, dir);
    if (loc === null || loc === "changed") return false;
    const at = loc === "self" ? this.physicalDir(isAbsolute(source.text) ? source.text : join(dir!, source.text)) : loc;
    if (at === null) return false;
    const t = this.fs.lstat(at);
    if (t === null || t === "file" || t === "other") return true;
    if (t !== "dir") return false;
    // A directory: plain when no symlink is in it (within a bound).
    const queue = [at];
    let seen = 0;
    while (queue.length) {
      const d = queue.shift()!;
      const names = this.fs.readdir(d);
      if (names === null) return false;
      for (const n of names) {
        if (++seen > this.limits.maxScanEntries || n === UNDECODABLE_NAME) return false;
        const p = d === "/" ? "/" + n : `${d}/${n}`;
        const k = this.fs.lstat(p);
        if (k === "dir") queue.push(p);
        else if (k !== "file" && k !== "other") return false;
      }
    }
    return true;
  }

  /**
   * `npm run NAME`: the nearest package.json's `preNAME`, `NAME` and `postNAME` scripts are
   * shell code (npm runs them with sh) in the package's directory, read like a script inside
   * the root: a package.json outside the roots, too large, or written earlier in the command
   * is OPAQUE_CODE. A script that is not there runs nothing (npm stops with an error).
   */
  private runPackageScript(e: Extract<Effect, { t: "package-script" }>, w: World): void {
    const dir = this.diskFor(w).findUp("package.json", e.base);
    if (dir === null) return;
    const text = this.readScript(w, dir === "/" ? "/package.json" : `${dir}/package.json`);
    let scripts: Record<string, unknown> | null = null;
    if (text !== null) {
      try {
        const pkg: unknown = JSON.parse(text);
        const s = typeof pkg === "object" && pkg !== null ? (pkg as { scripts?: unknown }).scripts : undefined;
        scripts = typeof s === "object" && s !== null ? (s as Record<string, unknown>) : {};
      } catch {
        scripts = null;
      }
    }
    if (scripts === null) {
      this.issue("OPAQUE_CODE", `${e.label} runs a script of ${dir}/package.json, which the guard cannot read`, e.span);
      return;
    }
    const main = scripts[e.name];
    if (typeof main !== "string" && !e.event) return;
    const extra = e.args.map((a) => (a.text === null ? null : shellQuote(a.text)));
    for (const [key, code] of [[`pre${e.name}`, scripts[`pre${e.name}`]], [e.name, main], [`post${e.name}`, scripts[`post${e.name}`]]] as const) {
      if (typeof code !== "string") continue;
      const withArgs = key === e.name && extra.length ? (extra.includes(null) ? null : `${code} ${extra.join(" ")}`) : code;
      this.runCode(withArgs, e.span, `${e.label.split(" ").slice(0, -1).join(" ")} ${key}`, withCwd(w.clone(), dir), false, [], "sh");
    }
  }

  /**
   * A script file run as a program (`./build.sh`, `bash build.sh`): read and interpreted in a
   * child shell when it is a shell script inside a root and small enough; otherwise the
   * program is opaque (a non-shell program inside the root is project code: its arguments
   * are judged as paths).
   */
  private runScript(path: string, span: Span, label: string, w: World, positional: readonly string[] | null, explicitShell: boolean, dialect?: Dialect, startOptions?: StartOptions): World[] | "program" | null {
    const text = path === "" ? null : this.readScript(w, path);
    if (text === null) {
      this.issue("OPAQUE_CODE", `${label} runs a script the guard cannot read here (outside the roots, too large, missing, or written earlier in the command)`, span);
      return null;
    }
    const firstLine = text.slice(0, text.indexOf("\n") < 0 ? text.length : text.indexOf("\n"));
    // A program of the project's own that is not a shell script: its arguments are judged.
    if (!explicitShell && firstLine.startsWith("#!") && !/\b(ba|da|k|z|mk|a)?sh\b/.test(firstLine)) return "program";
    if (text.includes("\u0000")) {
      if (!explicitShell) return "program";
      this.issue("OPAQUE_CODE", `${label} is not a text script`, span);
      return null;
    }
    this.issue("SCRIPT_INTERPRETED", `${label}: read and interpreted ${path}`, span);
    // A script run as a program is read by the shell its #! line names.
    const readBy = dialect ?? (/\bzsh\b/.test(firstLine) ? "zsh" : /^#!.*\b(sh|dash|ash)\b/.test(firstLine) && !/\bbash\b/.test(firstLine) ? "sh" : "bash");
    return this.runCode(text, span, label, w, false, positional, readBy, startOptions);
  }

  /**
   * A directory a command recurses into while following symlinks: every symlink under it
   * that leads out of the tree is an access of the command's kind to where it leads — out of
   * the roots, or to another place inside them (`src/sl -> ../secrets`), which the rules and
   * the host's path policy must judge as if it had been named. A link that stays in the tree
   * is judged with the tree (the walk of the directory itself reaches it), and one into the
   * roots that nothing could judge other than allow (`insideLinkMatters`) is not reported.
   * Directories links lead to inside the roots are walked too. Past the bound, the command is
   * asked about.
   */
  scanTree(w: World, arg: Arg, kind: AccessKind, command: string, base?: string | null, surface?: string): void {
    if (arg.text === null) return;
    const dir = isAbsolute(arg.text) ? arg.text : (base === undefined ? w.cwd : base);
    if (dir === null) {
      this.findings.addPath({
        path: arg.text, resolved: null, kind, command, via: this.frame.via, span: this.span(arg.span),
        problem: { code: "UNRESOLVED_CWD", why: `the working directory ${command} walks ${arg.text} from is not known` }, ...(surface ? { surface } : {}),
      });
      return;
    }
    const start = resolvePhysical(isAbsolute(arg.text) ? arg.text : join(dir, arg.text), this.fs, zoneWatch(w.linkZones));
    const zoned = (at: string) => this.findings.addPath({
      path: arg.text!, resolved: null, kind, command, via: this.frame.via, span: this.span(arg.span),
      problem: { code: "UNRESOLVED_PATH", why: `${command} follows symlinks under ${arg.text}, where an earlier command may have created, moved or unpacked some (${at})` }, ...(surface ? { surface } : {}),
    });
    if (!start.ok && start.error === "changed") return zoned(start.at);
    if (!start.ok || !start.exists || this.fs.lstat(start.path) !== "dir") return;
    // A tree outside the roots is judged as a whole by the access to it; a link in it that
    // leads somewhere else still needs its own judgement when that tree may be allowed (the
    // place the link reaches may not be). When nothing can allow it, the walk only names
    // what it finds early, for the person asked, and stops quietly at a small bound; when
    // nothing it could find is stricter than the tree's own `ask`, there is no walk.
    const startOutside = !this.opts.roots.some((r) => isInsideRoot(start.path, r));
    const walk: OutsideWalk = startOutside ? (this.opts.outsideWalk?.(start.path) ?? "judge") : "judge";
    if (walk === "skip") return;
    const mustWalk = walk === "judge";
    const bound = mustWalk ? this.limits.maxScanEntries : Math.min(this.limits.maxScanEntries, OUTSIDE_COURTESY_SCAN);
    const covered = (p: string) => this.opts.roots.some((root) => isInsideRoot(p, root)) || (startOutside && isInsideRoot(p, start.path));
    const span = this.span(arg.span);
    const queue: [string, string][] = [[start.path, arg.text.replace(/\/+$/, "") || "/"]];
    const seen = new Set<string>([start.path]);
    let entries = 0;
    while (queue.length) {
      const [phys, shown] = queue.shift()!;
      if (w.linkZones.length && zoneInListing(w.linkZones, phys, true)) return zoned(phys);
      const names = this.fs.readdir(phys);
      if (!names) continue;
      for (const name of names) {
        if (++entries > bound) {
          if (mustWalk) this.issue("EXPANSION_TOO_LARGE", `${command} follows symlinks under ${arg.text}, which holds more than ${bound} entries`, arg.span);
          return;
        }
        const shownPath = shown === "/" ? "/" + name : shown + "/" + name;
        if (name === UNDECODABLE_NAME) {
          this.findings.addPath({ path: shown, resolved: null, kind, command, via: this.frame.via, span, problem: { code: "UNRESOLVED_PATH", why: `${shown} holds a name that is not UTF-8` }, ...(surface ? { surface } : {}) });
          continue;
        }
        const p = phys + "/" + name;
        const t = this.fs.lstat(p);
        if (t === "dir") {
          if (!seen.has(p)) {
            seen.add(p);
            queue.push([p, shownPath]);
          }
          continue;
        }
        if (t !== "symlink") continue;
        const r = resolvePhysical(p, this.fs);
        if (!r.ok) {
          this.findings.addPath({ path: shownPath, resolved: null, kind, command, via: this.frame.via, span, problem: { code: "UNRESOLVED_PATH", why: `${shownPath} is a symlink that cannot be resolved` }, ...(surface ? { surface } : {}) });
          continue;
        }
        if (!covered(r.path)) {
          this.findings.addPath({ path: shownPath, resolved: r.path, kind, command, via: this.frame.via, span, problem: null, ...(surface ? { surface } : {}) });
          continue;
        }
        if (!isInsideRoot(r.path, start.path) && (this.opts.insideLinkMatters?.(r.path, kind, surface) ?? true)) {
          this.findings.addPath({ path: shownPath, resolved: r.path, kind, command, via: this.frame.via, span, problem: null, ...(surface ? { surface } : {}) });
        }
        if (!seen.has(r.path) && this.fs.lstat(r.path) === "dir") {
          seen.add(r.path);
          queue.push([r.path, shownPath]);
        }
      }
    }
  }

  // -------------------------------------------------------------------------------------
  // Nested code: eval, sh -c, source

  /**
   * Interprets shell code found inside a word. In-process code (eval, source) changes the
   * worlds; a child shell (sh -c) runs on a copy.
   */
  runCode(text: string | null, span: Span, label: string, w: World, inProcess: boolean, positional?: readonly string[] | null, dialect?: Dialect, startOptions?: StartOptions, arg0?: string | null): World[] {
    const readBy = dialect ?? this.frame.dialect ?? "bash";
    if (text === null) {
      this.issue("OPAQUE_CODE", `${label} runs code that is not known statically`, span);
      return [inProcess ? this.taint(w, `${label} ran unknown code`) : withStatus(w, STATUS_UNKNOWN)];
    }
    if (this.frame.depth >= this.limits.maxNesting) {
      this.issue("NESTING_TOO_DEEP", `${label} nests code deeper than ${this.limits.maxNesting} levels`, span);
      return [inProcess ? this.taint(w, "nesting too deep") : withStatus(w, STATUS_UNKNOWN)];
    }
    const key = readBy === "bash" ? text : `${readBy}\u0000${text}`;
    let parsed = this.parsed.get(key);
    if (!parsed) {
      parsed = this.opts.parse(text, readBy);
      this.parsed.set(key, parsed);
    }
    if ("refused" in parsed) {
      this.issue(parsed.refused, `${label}: ${parsed.why}`, span);
      return [inProcess ? this.taint(w, parsed.why) : withStatus(w, STATUS_UNKNOWN)];
    }
    if (parsed.error) this.issue(parsed.errorCode ?? "PARSE_ERROR", `${label}: ${parsed.error}`, span);
    const saved = this.frame;
    this.frame = { offset: 0, depth: saved.depth + 1, via: [...saved.via, label], span: saved.span ?? this.span(span), callDepth: saved.callDepth, dialect: readBy };
    try {
      this.coverage.register(parsed.stmt, (x) => this.span(x));
      let start = inProcess ? w : w.clone();
      if (!inProcess) {
        // A child shell starts with exported state only; what it was not given is unknown.
        start = childShellWorld(start, positional, startOptions);
        // `sh -c CODE NAME` makes NAME its $0; without one, $0 is the shell's name, not known here.
        if (arg0 !== undefined) start.setVar("0", arg0 === null ? unknown("$0 is not known") : str(arg0));
        const unfollowed = unfollowedInherited(w);
        if (unfollowed !== null) {
          this.issue("SHELL_STATE", `${unfollowed} reaches the new shell from its environment and changes how it reads its commands, which the guard does not follow`, span);
          start = this.taint(start, unfollowed);
        }
      } else if (positional !== undefined) {
        start.positional = positional;
      }
      const out = inProcess ? this.exec(parsed.stmt, [start]) : this.inNewShell(() => this.exec(parsed.stmt, [start]));
      // (What it may have moved reaches the caller's cwd when the caller's command is done.)
      if (!inProcess) return [withStatus(w, joinChild(w, out))];
      return out;
    } finally {
      this.frame = saved;
    }
  }

  // -------------------------------------------------------------------------------------
  // Command substitution (WordEnv)

  substitute(body: Stmt, world: World, span: Span): string | { readonly listing: Listing } | null {
    this.subshell(body, world);
    // $(pwd) and $(find DIR …) are common enough in agents' commands to be worth knowing.
    if (body.t === "cmd" && !body.redirs.length && !body.assigns.length) {
      const words = body.words.map((w) => w.text);
      if (words[0] === "pwd" && words.length <= 2) {
        if (words[1] === "-P") return world.cwd === null ? null : this.physicalDir(world.cwd);
        if (words.length === 1 || words[1] === "-L") return world.cwd;
        return null;
      }
    }
    const items = body.t === "pipe" ? body.items : [body];
    const last = items[items.length - 1]!;
    // Expanding the words again is only cheap when no substitution is nested in them (each
    // level would be analysed twice, and 2^depth times in all). A redirection of the output
    // of the last command leaves it empty; of standard error, unchanged.
    if (items.some((i) => i.t !== "cmd" || hasSubstitution(i.words)) || last.t !== "cmd" || last.assigns.length) return null;
    const quiet = last.redirs.length > 0 && last.redirs.every((r) => r.fd === "2");
    if (last.redirs.length && !quiet) return null;
    // $(echo …) and $(printf …) print what they are given; $(find DIR) names under DIR.
    const out = pipeOutput(items, items.length - 1, world.clone(), this);
    // (Bash drops the NUL bytes a substitution's output holds: `$(printf 'a\0b')` is `ab`.)
    if (out.t === "text") return items.length === 1 && !quiet ? out.text.replaceAll("\0", "") : null;
    if (out.t !== "listing") return null;
    // Stand-ins for the names (src/shell/listing.ts): each directory is reached as a whole, and
    // every symlink under it that leads out is judged by the scan.
    if (out.listing.unplain === null) {
      for (const d of out.listing.reach) {
        this.scanTree(world, d, "unknown", "$(…)");
        this.access(world, d, "unknown", "$(…)");
      }
    }
    void span;
    return { listing: out.listing };
  }

  /**
   * Why the names under `dir` (in it only, `deep` false) cannot be checked, or the characters
   * outside the plain set they hold (listing.ts); then the listing relies on the rest of the
   * command not making a name that is not plain there (settleListings).
   */
  unplainNames(dir: string, deep: boolean, w: World, span: Span): string | { readonly odd: string } {
    if (w.cwd === null && !isAbsolute(dir)) return "the working directory is not known";
    const start = resolvePhysical(isAbsolute(dir) ? dir : join(w.cwd!, dir), this.fs);
    if (!start.ok) return `${dir} cannot be resolved`;
    const made = nameMaker(start.path, [], [w], () => true);
    if (made !== null) return made.replace(/^a command/, "an earlier command");
    const got = this.namesUnder(start.path, deep, dir);
    if (typeof got !== "string") this.reliances.push({ dir, phys: start.path, span: this.span(span), command: "listing", via: this.frame.via });
    return got;
  }

  /** Whether every name under a physical path (nothing, for a file or a path not there) is plain, within the bound. */
  private plainTree(phys: string): boolean {
    const got = this.namesUnder(phys, true, phys);
    return typeof got !== "string" && got.odd === "";
  }

  /**
   * The characters outside the plain set that the names under a physical directory hold, or
   * why they cannot be told (past the bound, unreadable, not UTF-8). Links are not followed.
   */
  private namesUnder(start: string, deep: boolean, shown: string): string | { readonly odd: string } {
    if (this.fs.lstat(start) !== "dir") return { odd: "" };
    const queue = [start];
    let odd = "";
    let entries = 0;
    while (queue.length) {
      const phys = queue.shift()!;
      const names = this.fs.readdir(phys);
      if (names === null) return `${phys} cannot be listed`;
      for (const name of names) {
        if (++entries > this.limits.maxScanEntries) return `${shown} holds more than ${this.limits.maxScanEntries} entries`;
        if (name === UNDECODABLE_NAME) return `${shown} holds a name that is not UTF-8`;
        if (!isPlainName(name)) odd = [...new Set(odd + oddChars(name))].join("");
        const p = phys + "/" + name;
        if (deep && this.fs.lstat(p) === "dir") queue.push(p);
      }
    }
    return { odd };
  }

  /** Listings that stand for names only if nothing in the command makes a name that is not plain. */
  private readonly reliances: { readonly dir: string; readonly phys: string; readonly span: Span; readonly command: string; readonly via: readonly string[] }[] = [];

  /** At the end: a command that may have made a name that is not plain undoes every listing that relied on none. */
  private settleListings(worlds: readonly World[]): void {
    for (const r of this.reliances) {
      const why = nameMaker(r.phys, this.findings.paths, worlds, (p) => this.plainTree(p), this.findings.commands.map((c) => c.text));
      // The names it stood for are then any paths: an access that cannot be resolved.
      if (why !== null) this.findings.addPath({ path: r.dir, resolved: null, kind: "unknown", command: r.command, via: r.via, span: r.span, problem: { code: "UNRESOLVED_WORD", why: `the names printed under ${r.dir} stand for what the listing prints only if nothing makes a name that is not plain there, and ${why}` } });
    }
  }

  substituteCode(text: string, world: World, span: Span): string | null {
    this.inChild(() => this.runCode(text, span, "`…`", world.clone(), true));
    return null;
  }

  // -------------------------------------------------------------------------------------
  // Traps

  private replayTrapsIfChanged(w: World): void {
    // Live traps run before the next statement (fireTraps), which judges them in this state.
    if (w.traps.length > w.liveTraps.length) this.replayTraps([w], null, true);
  }

  /** A trap body runs in the shell itself, in whatever state the shell is in when it fires. */
  replayTraps(ws: readonly World[], span: Span | null, exitOnly = false): void {
    for (const w of ws) {
      for (const t of w.traps) {
        if (exitOnly && w.liveTraps.includes(t)) continue;
        const copy = w.clone();
        copy.traps = [];
        copy.liveTraps = [];
        this.analyseUncalled(this.runCode(t, span ?? { start: 0, end: 0 }, "trap", copy, true));
      }
    }
  }

  /**
   * Functions defined but never called here may be called by a later command in the same
   * shell: their bodies are analysed with unknown arguments.
   */
  analyseUncalled(ws: readonly World[]): void {
    // A body analysed here may define more functions: go on until none is left uncalled.
    let pending: readonly World[] = ws;
    for (let round = 0; pending.length && round < 64; round++) {
      const next: World[] = [];
      for (const w of pending) {
        for (const [name, f] of w.funcs) {
          if (this.called.has(f.source)) continue;
          this.called.add(f.source);
          const copy = w.clone();
          copy.traps = [];
          copy.positional = null;
          next.push(...this.callFunction(name, f.body, [], copy, { countUnknown: true, span: { start: 0, end: 0 }, inProcess: true, bypassFunctions: false, stdin: () => UNKNOWN_STDIN }, true));
        }
      }
      pending = next.length > this.limits.maxWorlds ? this.widen(next) : next;
    }
  }
}

export interface DispatchInfo {
  readonly countUnknown: boolean;
  /** What the command reads on standard input, when the guard can see it (worked out on demand). */
  readonly stdin: () => Stdin;
  readonly span: Span;
  /** The command runs in the shell itself (builtins and functions can change it). */
  readonly inProcess: boolean;
  readonly bypassFunctions: boolean;
}


/** Commands that change what a file is allowed to do, or when it was touched, never what it holds. */
const METADATA_ONLY: ReadonlySet<string> = new Set(["chmod", "chown", "chgrp", "touch"]);

/** Words of a command that are stand-ins for a listing's names: `n` fields from `at`. */
interface StandInWord {
  readonly at: number;
  readonly n: number;
  readonly kind: "fields" | "one";
}

/**
 * The commands a command with stand-ins for a listing's names may be (src/shell/listing.ts):
 * an unquoted `$(…)` that prints names is any number of words in any order, so each is
 * followed as none, one and two of them (where the count or the place changes what a word is:
 * `cp $(…)`, `grep -r x $(…)` with none searching `.`); a quoted one is one word, or empty. A builtin or function
 * (whose words change the shell: `cd $(find …)` with none goes home) gets unknown words, as
 * does a command with more than two such words.
 */
function standInVariants(argv: readonly Arg[], words: readonly StandInWord[], inShell: boolean): Arg[][] {
  if (inShell || words.length > 2 || words[0]!.at === 0) {
    const at = new Set(words.flatMap((sw) => Array.from({ length: sw.n }, (_, k) => sw.at + k)));
    return [argv.map((a, i) => (at.has(i) && i > 0 ? withValue({ ...a, standIn: undefined }, null, "names a listing prints, whose number is not known") : a))];
  }
  let variants: Arg[][] = [[]];
  let next = 0;
  for (const sw of words) {
    const head = argv.slice(next, sw.at);
    const group = argv.slice(sw.at, sw.at + sw.n);
    const choices: Arg[][] | null = sw.kind === "one" ? [[withValue({ ...group[0]!, standIn: undefined }, "", "")], group] : repChoices(group);
    if (choices === null || variants.length * choices.length > 64) return standInVariants(argv, words, true);
    variants = variants.flatMap((v) => choices.map((c) => [...v, ...head, ...c]));
    next = sw.at + sw.n;
  }
  return variants.map((v) => [...v, ...argv.slice(next)]);
}

/** What a child process leaves behind in its parent: an exit status and filesystem changes. */
function joinChild(parent: World, out: readonly World[]): Status {
  let status: Status | null = null;
  for (const o of out) {
    status = status === null || status === o.status ? o.status : STATUS_UNKNOWN;
    if (o.fsChanged) parent.fsChanged = true;
    if (o.linksChanged) parent.linksChanged = true;
    parent.linkZones = unionZones(parent.linkZones, o.linkZones);
    if (o.movedDirs.length) parent.movedDirs = [...new Set([...parent.movedDirs, ...o.movedDirs])];
  }
  return status ?? STATUS_UNKNOWN;
}

/** Why a path is not known when its walk meets a link zone. */
function linkZoneWhy(at: string): string {
  return `${at} may be a symlink an earlier command created, moved or unpacked: where it leads is not known`;
}

/** `! a && b` negates `a`: the first pipeline of what was reparsed. */
function negateFirst(s: Stmt): Stmt {
  switch (s.t) {
    case "seq":
      return s.items.length ? { t: "seq", items: [negateFirst(s.items[0]!), ...s.items.slice(1)] } : s;
    case "and":
    case "or":
      return { t: s.t, left: negateFirst(s.left), right: s.right };
    case "bg":
      return { t: "bg", body: negateFirst(s.body) };
    default:
      return { t: "not", body: s };
  }
}

function withCwd(w: World, dir: string | null): World {
  const c = w.clone();
  c.cwd = dir === null ? null : isAbsolute(dir) ? dir : w.cwd === null ? null : canonicalLogical(join(w.cwd, dir));
  return c;
}

function isInsideRoot(path: string, root: string): boolean {
  return root === "/" ? path.startsWith("/") : path === root || path.startsWith(root + "/");
}

/**
 * A pipeline's status under `set -o pipefail` (on, or not known: null): the last segment's
 * unless an earlier one failed, then non-zero.
 */
function pipefailStatus(earlier: readonly Status[], last: Status, pipefail: boolean | null): Status {
  let s: Status = last;
  if (last !== 1) {
    if (earlier.includes(1)) s = 1;
    else if (earlier.includes(STATUS_UNKNOWN)) s = STATUS_UNKNOWN;
  }
  return pipefail === null && s !== last ? STATUS_UNKNOWN : s;
}

function withStatus(w: World, s: Status): World {
  w.status = s;
  return w;
}

function leaveLoop(w: World): "again" | "exit-loop" | "propagate" {
  if (w.flow === "break") {
    if (w.flowLevels > 1) {
      w.flowLevels--;
      return "propagate";
    }
    w.flow = "normal";
    w.flowLevels = 0;
    return "exit-loop";
  }
  if (w.flow === "continue") {
    if (w.flowLevels > 1) {
      w.flowLevels--;
      w.flow = "continue";
      return "propagate";
    }
    w.flow = "normal";
    w.flowLevels = 0;
    return "again";
  }
  if (w.flow !== "normal") return "propagate";
  return "again";
}

/**
 * Frames of merged worlds: what either would restore on return, unknown where they differ.
 * (Worlds inside the same call have as many frames.)
 */
function mergeFrames(a: readonly Scope[], b: readonly Scope[]): readonly Scope[] {
  if (a === b) return a;
  return a.map((f, i) => {
    const g = b[i];
    if (!g || f === g) return f;
    const vars = new Map(f.vars);
    for (const n of new Set([...f.vars.keys(), ...g.vars.keys()])) {
      if (!sameValue(f.vars.get(n), g.vars.get(n))) vars.set(n, unknown(`$${n} differs between the paths the script may take`));
    }
    let options = f.options ?? g.options;
    if (f.options && g.options && (f.options.physical !== g.options.physical || f.options.noglob !== g.options.noglob)) {
      options = { physical: f.options.physical === g.options.physical ? f.options.physical : null, noglob: f.options.noglob === g.options.noglob ? f.options.noglob : null };
    } else if (options && (!f.options || !g.options)) options = { physical: null, noglob: null };
    return { vars, options };
  });
}

function sameValue(a: Value | undefined, b: Value | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  if (a.k !== b.k) return false;
  if (a.k === "str" && b.k === "str") return a.v === b.v;
  if (a.k === "arr" && b.k === "arr") return a.v.join("\u0000") === b.v.join("\u0000");
  return a.k === "unset";
}

function argOf(f: Field, word: Word): Arg {
  const text = fieldText(f);
  const u = text === null ? firstUnknown(f) : null;
  return { text, source: word.text, span: word.span, unknownWhy: u?.why ?? null, segs: f.segs };
}

function segsText(segs: readonly Seg[]): string | null {
  let s = "";
  for (const seg of segs) {
    if ("unknown" in seg) return null;
    s += seg.text;
  }
  return s;
}

function segsValue(segs: readonly Seg[]): Value {
  let s = "";
  for (const seg of segs) {
    // Only a value that is nothing but a number is a number (`/$#/../x` is not).
    if ("unknown" in seg) return segs.length === 1 || !seg.unknown.numeric ? seg.unknown : unknown(seg.unknown.why);
    s += seg.text;
  }
  return { k: "str", v: s };
}

function expandToSegsForPattern(word: Word, w: World, env: WordEnv): PatternChar[] | null {
  // A case pattern: quoted parts match literally, unquoted ones are pattern characters.
  const out: PatternChar[] = [];
  for (const p of word.parts) {
    if (p.t === "raw") {
      for (let i = 0; i < p.text.length; i++) {
        const c = p.text[i]!;
        if (c === "\\" && i + 1 < p.text.length) out.push({ c: p.text[++i]!, quoted: true });
        else out.push({ c, quoted: false });
      }
      continue;
    }
    if (p.t === "lit") {
      for (const c of p.text) out.push({ c, quoted: true });
      continue;
    }
    const segs = expandToSegs({ parts: [p], span: word.span, text: word.text }, w, env, false);
    for (const s of segs) {
      if ("unknown" in s) return null;
      for (const c of s.text) out.push({ c, quoted: p.t === "param" ? p.quoted : true });
    }
  }
  return out;
}

/**
 * The ways a program could read an argument as a path: the word itself; for an option word,
 * a value glued on (`-o../x`, `--out=../x`); and after `=` (`dd of=~/x`, `DESTDIR=/x`),
 * each `:`-separated piece of the value (`a=b:/x`).
 */
/** A word as shell source that reads back as exactly that word. */
function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./=:,+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A field of digits and numbers only (`$(seq 5)`, `$((i+1))0`). */
function onlyNumbers(f: Field): boolean {
  return f.segs.every((seg) => ("unknown" in seg ? seg.unknown.numeric : /^[0-9]*$/.test(seg.text)));
}

function pathCandidates(text: string): string[] {
  if (text === "-" || text === "--" || text === "") return [];
  // A word with blanks may be a command line the program hands to a shell (`fzf --preview
  // 'cat /etc/passwd'`, `watch 'ls ..'`): each of its words is a candidate too.
  if (/\s/.test(text)) {
    const out = new Set<string>([text]);
    for (const piece of text.split(/\s+/)) for (const c of pathCandidates(piece)) out.add(c);
    return [...out];
  }
  const eq = text.indexOf("=");
  // Most words: no option, no value — the word alone (without a Set and a closure for it).
  if (eq < 0 && !text.startsWith("-")) return [text];
  const out = new Set<string>();
  const addValue = (v: string) => {
    if (!v) return;
    out.add(v);
    if (v.includes(":")) for (const piece of v.split(":")) if (piece) out.add(piece);
  };
  if (!text.startsWith("-")) {
    out.add(text);
    if (eq > 0) addValue(text.slice(eq + 1));
    return [...out];
  }
  if (text.startsWith("--")) {
    if (eq > 0) addValue(text.slice(eq + 1));
    return [...out];
  }
  // Short options: the value may start after any option letter.
  for (let i = 2; i <= text.length - 1 && i <= 16; i++) out.add(text.slice(i));
  for (let i = 1; i < text.length; i++) if (text[i] === "/") out.add(text.slice(i));
  if (eq > 0) addValue(text.slice(eq + 1));
  return [...out];
}


/**
 * The options an exported SHELLOPTS or BASHOPTS passes to a new bash: the parent's own (bash
 * keeps the variable in step with them), or those a value set in the command names (`env
 * SHELLOPTS=physical bash`); unknown when the value is.
 */
function inheritedOptions(w: World, name: "SHELLOPTS" | "BASHOPTS", names: Readonly<Record<string, keyof Options>>): Partial<Options> {
  if (!w.attr(name).includes("x")) return {};
  const keys = [...new Set(Object.values(names))];
  const v = w.getVar(name);
  if (v === undefined) return Object.fromEntries(keys.map((k) => [k, w.options[k]]));
  if (v.k !== "str") return Object.fromEntries(keys.map((k) => [k, null]));
  const on = new Set(v.v.split(":"));
  return Object.fromEntries(Object.entries(names).map(([n, k]) => [k, on.has(n)]));
}

/** An exported SHELLOPTS or BASHOPTS that turns on an option the guard does not follow (`env SHELLOPTS=posix bash`). */
function unfollowedInherited(w: World): string | null {
  for (const [name, unfollowed] of [["SHELLOPTS", UNFOLLOWED_SET_O], ["BASHOPTS", UNFOLLOWED_SHOPT]] as const) {
    const v = w.getVar(name);
    if (!w.attr(name).includes("x") || v === undefined || v.k === "unset") continue;
    if (v.k !== "str") return `an exported ${name} that is not known`;
    const on = v.v.split(":").find((o) => unfollowed.has(o));
    if (on !== undefined) return `${name}=${on}`;
  }
  return null;
}

/** Options a new shell is started with (`bash -P -O nullglob`). */
type StartOptions = Partial<Record<keyof Options, boolean>>;

function childShellWorld(w: World, positional: readonly string[] | null | undefined, startOptions?: StartOptions): World {
  const c = w.clone();
  c.keepExportedFuncs();
  c.clearAliases();
  c.traps = [];
  c.liveTraps = [];
  c.frames = [];
  c.positional = positional === undefined ? null : positional;
  // A new shell process has no directory stack and its own options: `bash -c popd` fails
  // whatever the parent pushed. set and shopt options reach it only through an exported
  // SHELLOPTS or BASHOPTS, and from its command line.
  c.stack = [];
  c.stackUnknown = false;
  c.options = { ...DEFAULT_OPTIONS, ...inheritedOptions(w, "SHELLOPTS", SET_O), ...inheritedOptions(w, "BASHOPTS", SHOPT), ...startOptions };
  for (const n of [...c.varNames()]) {
    // A variable the script set without exporting reaches the child only if it came from
    // the environment in the first place: the guard cannot tell, so it is unknown there.
    if (!c.attr(n).includes("x")) c.setVar(n, unknown(`$${n} may not be exported to the child shell`));
  }
  // A new shell sets IFS itself and ignores the one it inherits.
  if (c.getVar("IFS") !== undefined) {
    c.setVar("IFS", str(DEFAULT_IFS));
    c.setAttr("IFS", "");
  }
  return c;
}
