// The abstract interpreter: runs the lowered syntax tree over a set of worlds, the way bash
// would run it, without running anything. Simple commands become findings (paths with
// kinds, and problems); builtins that change the shell change the worlds.
//
// This file holds the state of one check and the dispatcher over statements; the parts are
// functions of it (context.ts, Shell): control.ts (&&, ||, pipelines, if, loops, case),
// simple.ts (argv, redirections, dispatch) and assign.ts (assignments, evaluation), effects.ts
// (what the command table says a command does), nested.ts (subshells, functions, eval, source,
// sh -c, scripts, command substitution), traps.ts (traps, uncalled functions), access.ts (paths
// as findings, and what earlier commands did to the disk), builtins/ (cd, declare, set, read, …).

import type { ReasonCode } from "../base/reasons.ts";
import type { Span } from "../base/span.ts";
import type { Arg } from "../commands/analyse.ts";
import type { Stdin } from "../commands/effects.ts";
import type { FileSystem } from "../paths/fs.ts";
import { Coverage } from "../shell/coverage.ts";
import { Findings } from "../shell/findings.ts";
import type { Listing, NamesSeen, StandInPart } from "../shell/listing.ts";
import type { IndexedNames } from "../shell/index-names.ts";
import { dedupe, STATUS_UNKNOWN, type World } from "../shell/state.ts";
import { printsOnlyNumbers, printsSegment } from "./stdin.ts";
import type { Assign, Dialect, Stmt, Word, WordPart } from "../shell/syntax.ts";
import type { WordEnv } from "../shell/words/env.ts";
import { Accesses } from "./access.ts";
import type { LogMark } from "./file-texts.ts";
import { Carried } from "./carried.ts";
import { setVariable } from "./assign.ts";
import type { CodeFile, DispatchInfo, Frame, InterpreterOptions, Shell, StartOptions } from "./context.ts";
import { execAndOr, execCase, execCFor, execFor, execIf, execLoop, execPipe } from "./control.ts";
import { knownWrite, writesText } from "./written-text.ts";
import type { InterpreterLimits } from "./limits.ts";
import { execReparse, runCode, subshell, substitute, substituteCode } from "./nested.ts";
import { dispatch, execRedirected, runSimple } from "./simple.ts";
import { execTest } from "./test-command.ts";
import { analyseUncalled, fireTraps, replayTraps } from "./traps.ts";
import { diskKey, resume, taint, widen, withStatus } from "./worlds.ts";

/** Worlds that left the same way, kept apart before they are merged. */
const MAX_LEFT_WORLDS = 8;

export class Interpreter implements Shell, WordEnv {
  readonly findings = new Findings();
  readonly carried = new Carried(this.findings);
  /** What of the lowered programs has been run or proven unreached (src/shell/coverage.ts). */
  readonly coverage = new Coverage();
  readonly fs: FileSystem;
  readonly limits: InterpreterLimits;
  readonly home: string | null;
  readonly env: ReadonlyMap<string, string>;
  readonly opts: InterpreterOptions;
  /** Paths as findings, and what earlier commands did to the disk (access.ts). */
  readonly paths: Accesses;
  frame: Frame = { offset: 0, depth: 0, via: [], span: null, callDepth: 0 };

  get dialect(): Dialect {
    return this.frame.dialect ?? "bash";
  }
  private steps = 0;
  private budgetReported = false;
  private readonly funcIds = new WeakMap<Stmt, number>();
  private nextFuncId = 1;
  /** Loops the running statement is inside (break and continue need one). */
  loopDepth = 0;
  /** command_not_found_handle is running. */
  inNotFound = false;
  /** A trap body is running: traps do not fire inside it. */
  trapping = false;
  /** loopDepth when the running function was called: loops below it are the caller's. */
  loopBase = 0;
  /** Standard input of a pipeline segment, from the segment before it. */
  readonly pipedStdin = new WeakMap<Stmt, () => Stdin>();
  /** Standard input of the compound command being run (`… | while read f; do …; done`, `done < f`). */
  inheritedStdin: (() => Stdin) | null = null;
  /** Function definitions (by id) whose bodies have been analysed through a call. */
  readonly called = new Set<string>();
  /**
   * Background jobs, each with the world it started in and the one it left: a job runs beside
   * everything after it, until the command ends (rejudgeJobs).
   */
  private readonly jobs: {
    readonly body: Stmt;
    readonly start: World;
    readonly left: World;
    readonly frame: Frame;
    /** The logs of reads and writes when the job started and when its analysis ended (Accesses.logMark). */
    readonly from: LogMark;
    readonly to: LogMark;
  }[] = [];
  private rejudging = false;
  besideMoves: readonly string[] = [];
  readonly parsed = new Map<string, ReturnType<InterpreterOptions["parse"]>>();
  /** Functions and sourced files the running statement is inside (return needs one). */
  returnable = 0;

  constructor(opts: InterpreterOptions) {
    this.opts = opts;
    this.fs = opts.fs;
    this.limits = opts.limits;
    this.home = opts.home;
    this.env = opts.env;
    this.paths = new Accesses(opts, this.findings, this);
    if (opts.sources) this.frame = { ...this.frame, sources: opts.sources };
  }

  /** BASH_SOURCE as the running code sees it (Frame.sources), or null when it is not known. */
  get bashSource(): readonly string[] | null {
    return this.frame.sources ?? null;
  }

  get roots(): readonly string[] {
    return this.opts.roots;
  }

  // -------------------------------------------------------------------------------------
  // Reporting

  span(s: Span): Span {
    const f = this.frame;
    const o = f.offset;
    const at = f.span ?? (o === 0 ? s : { start: s.start + o, end: s.end + o });
    // Code read from a file: where in that file, too (Span.file).
    const place = f.place;
    if (place === undefined) return at;
    const inFile = place.fixed ?? { start: s.start + place.offset, end: s.end + place.offset };
    return { start: at.start, end: at.end, file: { path: place.file, start: inFile.start, end: inFile.end } };
  }

  issue(code: ReasonCode, message: string, span: Span | null): void {
    this.findings.addIssue({ code, message, span: span ? this.span(span) : this.frame.span });
  }

  problem(code: "EXPANSION_TOO_LARGE" | "PARSE_ERROR" | "OPAQUE_CODE" | "UNRESOLVED_WORD", why: string,
    span: Span): void
  {
    this.issue(code, why, span);
  }

  get via(): readonly string[] {
    return this.frame.via;
  }

  // The word environment's questions about the disk (words/env.ts), answered by the accesses.

  listed(dir: string, shown: string, span: Span): void {
    this.paths.listed(dir, shown, span);
  }

  physicalDir(logical: string): string | null {
    return this.paths.physicalDir(logical);
  }

  linkZoneAt(path: string, world: World, listing: boolean): boolean {
    return this.paths.linkZoneAt(path, world, listing);
  }

  unplainNames(dir: string, deep: boolean, w: World, span: Span): string | NamesSeen {
    return this.paths.unplainNames(dir, deep, w, span);
  }

  absentStart(path: string, w: World, span: Span): boolean {
    return this.paths.absentStart(path, w, span);
  }

  unplainIndexNames(w: World, span: Span): string | IndexedNames {
    return this.paths.unplainIndexNames(w, span);
  }

  // -------------------------------------------------------------------------------------
  // Statements

  /** Runs the top-level program and replays traps at its end. */
  runProgram(stmt: Stmt, start: World): World[] {
    this.coverage.register(stmt, (s) => this.span(s));
    let worlds = this.exec(stmt, [start]);
    worlds = worlds.map((w) => (w.flow === "exit" || w.flow === "return" ? resume(w) : w));
    this.rejudgeJobs(worlds);
    replayTraps(this, worlds, null);
    analyseUncalled(this, worlds);
    this.paths.settleListings(worlds);
    this.carried.settle();
    this.coverage.functionsDone();
    // Code that nothing ran and nothing proved unreached: a construct the model missed.
    for (const u of this.coverage.unmet()) {
      this.findings.addIssue({ code: "UNMODELLED_SYNTAX",
        message: `${u.what} here is neither analysed nor known not to run`, span: u.span });
    }
    return worlds;
  }

  /**
   * A background job may open its paths after anything that follows it (`cat lnk/x & ln -s ../o
   * lnk`): when what followed changed how a path resolves (a link made, a directory moved), the
   * job is judged again in the world it started in with everything done by the end. (`wait` is
   * not followed: a job is taken to run until the command ends.)
   */
  private rejudgeJobs(end: readonly World[]): void {
    const live = end.filter((w) => w.flow === "normal");
    const frame = this.frame;
    this.rejudging = true;
    try {
      for (const job of this.jobs) {
        const all = job.start.clone();
        this.paths.joinChild(all, [job.left, ...live]);
        const left = job.left.clone();
        this.paths.joinChild(left, [job.left]);
        // (A file whose text the job read, written by what followed, may be read either way.)
        if (diskKey(all) === diskKey(left) &&
          !this.paths.texts.readThenWritten({ reads: job.from.reads, writes: job.to.writes }, job.to)) continue;
        // (Found where the job was started: nested code reports at the word that holds it.)
        this.frame = job.frame;
        // A directory renamed by what followed may be renamed after the job's `cd` into it.
        const before = this.besideMoves;
        this.besideMoves = [...new Set([...before, ...all.movedDirs.filter((m) => !job.start.movedDirs.includes(m))])];
        try {
          subshell(this, job.body, all);
        } finally {
          this.besideMoves = before;
        }
      }
    } finally {
      this.frame = frame;
      this.rejudging = false;
    }
  }

  account(x: Word | Extract<WordPart, { t: "code" }>): void {
    if ("parts" in x) this.coverage.skipWord(x);
    else this.coverage.ranCode(x);
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
    // Past the check's time budget nothing more is worth working out: the host is waiting.
    this.opts.deadline?.check();
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
      return [...passive, ...active.map((w) => (w.tainted === spent ? w : taint(w, spent)))];
    }
    const fired = fireTraps(this, active);
    let ready = active;
    let left = passive;
    if (fired !== active) {
      ready = fired.filter((w) => w.flow === "normal");
      // A trap that exits may do so before any statement: one world per statement would pile up.
      left = this.widenLeft([...passive, ...fired.filter((w) => w.flow !== "normal")]);
    }
    let out = ready.length ? this.execActive(s, ready) : [];
    if (out.length > this.limits.maxWorlds) out = widen(out);
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
    return [...byFlow.values()].flatMap((g) => (g.length > MAX_LEFT_WORLDS ? widen(g) : g));
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
    // `</dev/tty` is the user at the terminal, as the shell's own input is.
    if (s.arg.text === "/dev/tty") return { t: "unknown", inherited: true };
    const text = s.arg.text === null ? null : this.fileText(s.arg.text, w);
    return text === null ? { t: "unknown", file: s.arg } : { t: "text", text, file: s.arg };
  }

  fileText(path: string, w: World): string | null {
    // `</dev/null` holds nothing.
    if (path === "/dev/null") return "";
    return path === "/dev/tty" ? null : this.paths.readScript(w, path);
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
      case "or":
        return execAndOr(this, s, ws);
      case "pipe":
        return execPipe(this, s.items, ws);
      case "bg":
        for (const w of ws) {
          const start = w.clone();
          const from = this.paths.texts.logMark();
          subshell(this, s.body, w);
          if (!this.rejudging) {
            this.jobs.push({ body: s.body, start, left: w.clone(), frame: this.frame, from,
              to: this.paths.texts.logMark() });
          }
        }
        return ws.map((w) => withStatus(w, 0));
      case "not":
        return this.exec(s.body, ws).map((w) => withStatus(w, w.status === 2 ? 2 : w.status === 0 ? 1 : 0));
      case "group":
        return this.exec(s.body, ws);
      case "subshell":
        return ws.map((w) => withStatus(w, subshell(this, s.body, w)));
      case "redir":
        return execRedirected(this, s, ws);
      case "if":
        return execIf(this, s.branches, s.orelse, ws);
      case "while":
        return execLoop(this, ws, (cur) => this.exec(s.cond, cur), s.until, s.body);
      case "for":
        return execFor(this, s, ws);
      case "cfor":
        return execCFor(this, s, ws);
      case "case":
        return execCase(this, s, ws);
      case "func":
        return ws.map((w) => {
          let id = this.funcIds.get(s.body);
          if (id === undefined) {
            id = this.nextFuncId++;
            this.funcIds.set(s.body, id);
          }
          // A function redefined keeps being exported (export -f).
          const exported = w.funcs.get(s.name)?.exported === true;
          // (BASH_SOURCE in its body starts with the file it is defined in.)
          w.setFunc(s.name, { body: s.body, source: String(id),
            at: { offset: this.frame.offset, span: this.frame.span, place: this.frame.place },
            file: this.frame.sources?.[0] ?? null, ...(exported ? { exported } : {}) });
          return withStatus(w, 0);
        });
      case "test":
        return execTest(this, s, ws);
      case "cmd":
        // A file written whole with known text, after `;` too: what a script run later in the
        // command most likely holds, for the scan of what it reaches (script-reach.ts).
        if (writesText(s)) { for (const w of ws) this.paths.texts.sawWrite(knownWrite(this, s, w)); }
        // Each world is one way the shell may be: the command runs in one of them, so what it
        // would write in one is not what it reads in another (FileTexts.alternatives).
        return dedupe(
          ws.length === 1
            ? runSimple(this, s, ws[0]!)
            : this.paths.texts.alternatives(ws.map((w) => () => runSimple(this, s, w))).flat(),
        );
      case "reparse":
        return execReparse(this, s, ws);
      default: {
        // A statement this switch does not run would be code nobody analysed: the check fails,
        // and the guard answers ask (INTERNAL_ERROR).
        const never: never = s;
        throw new Error(`unknown statement ${JSON.stringify(never)}`);
      }
    }
  }

  // -------------------------------------------------------------------------------------
  // The entry points the parts call each other through (context.ts, Shell)

  dispatch(argv: readonly Arg[], w: World, info: DispatchInfo): World[] {
    return dispatch(this, argv, w, info);
  }

  runCode(text: string | null, span: Span, label: string, w: World, inProcess: boolean,
    positional?: readonly string[] | null, dialect?: Dialect, startOptions?: StartOptions, arg0?: string | null,
    from?: CodeFile): World[]
  {
    return runCode(this, text, span, label, w, inProcess, positional, dialect, startOptions, arg0, from);
  }

  setVariable(a: Assign, w: World): void {
    setVariable(this, a, w);
  }

  analyseUncalled(ws: readonly World[]): void {
    analyseUncalled(this, ws);
  }

  // Command substitution (WordEnv)

  substitute(body: Stmt, world: World, span: Span): string | { readonly listing: Listing } | StandInPart | null {
    return substitute(this, body, world, span);
  }

  substituteCode(text: string, world: World, span: Span): string | { readonly listing: Listing } | StandInPart | null {
    return substituteCode(this, text, world, span);
  }

  printsOnlyNumbers(body: Stmt, world: World): boolean {
    return printsOnlyNumbers(body, world);
  }

  printsSegment(body: Stmt, world: World): string | null {
    return printsSegment(body, world, this);
  }
}
