// The interpreter's state. A check follows a set of *worlds*: each world is one way the
// shell may be when it reaches a point of the script (after `cd a || cd b` there are two).
// A world holds what is known literally; everything else is unknown and fails closed.

import type { Stmt } from "./syntax.ts";
import type { CodePlace, Span } from "../base/span.ts";
import { type LinkZone, zonesKey } from "./zones.ts";

export interface Unknown {
  readonly k: "unknown";
  /** Why the value is not known, for the verdict's reason. */
  readonly why: string;
  /** A number: it cannot hold `/`, `.`, blanks or glob characters. */
  readonly numeric: boolean;
  /**
   * One plain path segment or nothing (`$(date +%Y%m%d)`): no `/`, blank or glob character,
   * never `.` or `..`, or empty when the command fails. The source of a regular expression
   * every such value matches. Only the whole value has it: text cut from it or joined to it
   * is an unknown without it.
   */
  readonly segment?: string;
  /**
   * PATH as the host's shell had it, after the known entries `head` (`V/bin` once a venv's
   * activate script ran: src/interp/venv.ts). The host's PATH is taken on trust, as when the
   * command does not set PATH at all; the entries are judged. Only the variable's own stored
   * value carries it: reading the variable (`lookup`) gives a plain unknown, so no text made
   * from it (`${PATH#*:}`, a field split from it, `$PATH/x`) is ever taken for it.
   */
  readonly hostPath?: { readonly head: readonly string[] };
}

export type Value = { readonly k: "str"; readonly v: string } | { readonly k: "arr"; readonly v: readonly string[] } | {
  readonly k: "unset";
} | Unknown;

export const UNSET: Value = { k: "unset" };

/**
 * Values that stand for any of the names a listing prints (src/shell/listing.ts): their text is
 * good as a path, but not as text to take apart (what `#`, `%` or `/` cut from a stand-in is not
 * what they cut from a name). Kept by identity, and told apart from equal text wherever worlds are compared.
 */
const STAND_INS = new WeakSet<Value>();

export function standInValue(text: string): Value {
  const v: Value = { k: "str", v: text };
  STAND_INS.add(v);
  return v;
}

export function isStandIn(v: Value): boolean {
  return STAND_INS.has(v);
}

/** `v`, told to be a stand-in (an array: one whose elements may be). */
export function markStandIn<V extends Value>(v: V): V {
  STAND_INS.add(v);
  return v;
}

/**
 * Positional parameters are kept as text (`World.positional`); one that stands for a listing's
 * names (`sh -c CODE _ {}` under find, `f "$name"`) starts with a NUL, which no bash string
 * holds, so that `shift` and `set --` carry the mark along and `$1` is a stand-in again.
 */
const STAND_IN_MARK = "\u0000";

export function positionalText(text: string, standIn: boolean): string {
  return standIn ? STAND_IN_MARK + text : text;
}

/** The value of a positional parameter kept by `positionalText`. */
export function positionalValue(p: string): Value {
  return p.startsWith(STAND_IN_MARK) ? standInValue(p.slice(1)) : str(p);
}

/** The positional parameters as an array value: a stand-in array when any of them is one. */
export function positionalArray(ps: readonly string[]): Value {
  if (!ps.some((p) => p.startsWith(STAND_IN_MARK))) return { k: "arr", v: ps };
  return markStandIn({ k: "arr", v: ps.map((p) => (p.startsWith(STAND_IN_MARK) ? p.slice(1) : p)) });
}

export function unknown(why: string, numeric = false, segment: string | null = null): Unknown {
  return segment === null ? { k: "unknown", why, numeric } : { k: "unknown", why, numeric, segment };
}

/** A value known to hold no blank and no glob character: a number or a segment. */
export function plainUnknown(u: Unknown): boolean {
  return u.numeric || u.segment !== undefined;
}

export function str(v: string): Value {
  return { k: "str", v };
}

/** Shell options that change how later words and directories are read. `null` = unknown. */
export interface Options {
  physical: boolean | null; // set -P
  lastpipe: boolean | null;
  expandAliases: boolean | null;
  extglob: boolean | null;
  globstar: boolean | null;
  dotglob: boolean | null;
  nullglob: boolean | null;
  failglob: boolean | null;
  nocaseglob: boolean | null;
  globskipdots: boolean | null;
  noglob: boolean | null; // set -f
  cdableVars: boolean | null;
  pipefail: boolean | null; // set -o pipefail
  allexport: boolean | null; // set -a: every variable assigned is exported
  xpgEcho: boolean | null; // shopt xpg_echo: echo decodes backslash escapes
  /** shopt localvar_unset: unset of a caller's local hides it rather than exposing the variable below. */
  localvarUnset: boolean | null;
  /** shopt localvar_inherit: `local x` keeps the value x had. */
  localvarInherit: boolean | null;
}

export const DEFAULT_OPTIONS: Readonly<Options> = {
  physical: false,
  lastpipe: false,
  expandAliases: false,
  extglob: false,
  globstar: false,
  dotglob: false,
  nullglob: false,
  failglob: false,
  nocaseglob: false,
  // On in bash 5.2, which the host may not run: bash 5.1 and before match `..` with `.*`.
  globskipdots: null,
  noglob: false,
  cdableVars: false,
  pipefail: false,
  allexport: false,
  xpgEcho: false,
  localvarUnset: false,
  localvarInherit: false,
};

/** `set -o NAME` and `shopt NAME` options the guard follows. */
export const SET_O: Readonly<Record<string, keyof Options>> = { physical: "physical", noglob: "noglob",
  pipefail: "pipefail", allexport: "allexport" };
export const SHOPT: Readonly<Record<string, keyof Options>> = { lastpipe: "lastpipe", expand_aliases: "expandAliases",
  extglob: "extglob", globstar: "globstar", dotglob: "dotglob", nullglob: "nullglob", failglob: "failglob",
  nocaseglob: "nocaseglob", globskipdots: "globskipdots", cdable_vars: "cdableVars", xpg_echo: "xpgEcho",
  localvar_unset: "localvarUnset", localvar_inherit: "localvarInherit" };

/** The options `set` changes, which `local -` restores when the function returns. */
type SetOptions = Pick<Options, "physical" | "noglob">;

/** A function call's scope: what its return restores. */
export interface Scope {
  /** The values the function's locals hid, by name. */
  readonly vars: ReadonlyMap<string, Value>;
  /** `local -`: the set options when it ran. */
  readonly options: SetOptions | null;
}

function cwdKey(c: Dir | StandInCwd): string {
  return c === null ? "null" : typeof c === "string" ? c : `?${c.under}`;
}

export const EMPTY_SCOPE: Scope = { vars: new Map(), options: null };

/**
 * Options that change how bash reads later commands in ways the guard does not follow: posix
 * mode (special builtins win over functions, assignments before them persist), keyword (`set
 * -k`: NAME=value anywhere is an assignment), nocasematch (case and ${x/p/r} ignore case),
 * execfail (a failed `exec` does not end the shell).
 */
export const UNFOLLOWED_SET_O: ReadonlySet<string> = new Set(["posix", "keyword"]);
/**
 * Bash's compatibility levels: each makes bash read and expand the commands after it as an older
 * bash did (at 4.2 and below a single quote in the replacement of "${x/p/r}" is text, so
 * `shopt -s compat42; echo "${HOME/r/'$(cmd)'}"` runs cmd). The guard models bash 5.2 only.
 */
const COMPAT_SHOPT: readonly string[] = ["compat31", "compat32", "compat40", "compat41", "compat42", "compat43",
  "compat44"];
// execfail: a failed `exec` no longer ends the shell, so what follows it runs.
export const UNFOLLOWED_SHOPT: ReadonlySet<string> = new Set(["nocasematch", "execfail", ...COMPAT_SHOPT]);

/** BASH_COMPAT sets the same levels as a variable (`BASH_COMPAT=4.2`, also from a new bash's
 * environment); only the empty value, the default, leaves bash as the guard models it. */
export const COMPAT_VARIABLE = "BASH_COMPAT";

/** A write of `value` to BASH_COMPAT (null: not known) changes bash's compatibility level. */
export function changesCompat(value: string | null): boolean {
  return value !== "";
}

/** Exit status of the last command: 0, non-zero, or either. */
export type Status = 0 | 1 | 2;
export const STATUS_UNKNOWN: Status = 2;

/** How control leaves the statement being run. */
type Flow = "normal" | "break" | "continue" | "return" | "exit";

interface FunctionDef {
  readonly body: Stmt;
  readonly source: string;
  /**
   * Where the body's spans count from: a body read from reparsed or nested code keeps that
   * (`place`: the file it was read from, as the interpreter's frame has it).
   */
  readonly at: { readonly offset: number; readonly span: Span | null; readonly place?: CodePlace };
  /** `export -f`: a child bash defines it too. */
  readonly exported?: boolean;
  /** The file it was defined in (BASH_SOURCE[0] there), or null when that is not known. */
  readonly file?: string | null;
}

/** A dirstack entry or directory: a logical absolute path, or null when unknown. */
export type Dir = string | null;

/**
 * A working directory known only as one of the directories under `under` (physical): where
 * `cd` took a name a listing prints (src/shell/listing.ts). Since every such name is a path
 * of plain components below the listing's directory, the shell is there or in a directory
 * below it, or where a symlink under it leads (which the judgement of `under` covers: it is
 * judged as a whole, and every symlink under it that leads out is scanned). A relative path
 * from it stays in that tree unless it has a `..`.
 */
export interface StandInCwd {
  readonly under: string;
  /** How the command named the tree, for messages. */
  readonly shown: string;
}

const NO_TEXTS: ReadonlyMap<string, string> = new Map();

export class World {
  /**
   * Where the shell is: a logical path, a stand-in, or null when unknown. Only `cwd` and
   * `standInCwd` read it, so that code which knows nothing of stand-ins sees an unknown
   * directory (and asks), and any assignment to `cwd` drops a stand-in.
   */
  private here: Dir | StandInCwd;
  /** $OLDPWD: a path, null when unknown, undefined when unset. */
  oldpwd: Dir | undefined;
  /** The directory stack below the current directory (dirs prints cwd first). */
  stack: readonly Dir[];
  /** True once the stack holds entries the guard could not follow. */
  stackUnknown: boolean;
  status: Status;
  flow: Flow;
  /** Levels still to leave for `break N` / `continue N`. */
  flowLevels: number;
  positional: readonly string[] | null;
  options: Options;
  private vars: Map<string, Value>;
  private varsShared: boolean;
  funcs: Map<string, FunctionDef>;
  private funcsShared: boolean;
  aliases: Map<string, string>;
  private aliasesShared: boolean;
  /** declare attributes by name: x exported, n nameref, i integer, l/u/c case, a/A arrays, r readonly. */
  private attrs: Map<string, string>;
  private attrsShared: boolean;
  /** Trap bodies in effect, replayed where their outcome could differ. */
  traps: readonly string[];
  /**
   * Those of `traps` set for something other than EXIT (DEBUG, ERR, RETURN, signals): they run
   * in the shell between commands, and what they change is seen by the commands after.
   */
  liveTraps: readonly string[];
  /** `local` frames: the outer values to restore when a function returns. */
  frames: readonly Scope[];
  /** Set when something changed the shell in a way the guard does not follow. */
  tainted: string | null;
  /** A command may have changed the filesystem: a directory that exists now may be gone. */
  fsChanged: boolean;
  /** A command may have created symlinks: a path that does not exist now may be one. */
  linksChanged: boolean;
  /** Names a modelled command may have turned into symlinks (zones.ts). */
  linkZones: readonly LinkZone[];
  /** Variables set here that change what started programs reach (environment.ts); never copied in place. */
  environmentNames: readonly string[];
  /**
   * Which names go into environmentNames. The table knows some of them (a tool's option
   * variables, src/commands/environment.ts), and this layer may not import it: the guard
   * hands the answer in.
   */
  private isEnvironmentName: (name: string) => boolean;
  /**
   * Physical directories a command here may have renamed ("/": any), so that a parent shell
   * whose working directory is at or below one of them knows it has moved too.
   */
  movedDirs: readonly string[];
  /**
   * Files whose whole text is known here because a command whose output is known wrote them
   * with `>`, and succeeded (`cat > t.sh <<'EOF' … EOF && bash t.sh`): physical path → text.
   * Set by the interpreter (src/interp/written-text.ts), which also asks that nothing else in
   * the command line wrote them.
   */
  texts: ReadonlyMap<string, string>;

  constructor(cwd: Dir, isEnvironmentName: (name: string) => boolean) {
    this.here = cwd;
    this.isEnvironmentName = isEnvironmentName;
    this.oldpwd = null;
    this.stack = [];
    this.stackUnknown = false;
    this.status = 0;
    this.flow = "normal";
    this.flowLevels = 0;
    this.positional = null;
    this.options = { ...DEFAULT_OPTIONS };
    this.vars = new Map();
    this.varsShared = false;
    this.funcs = new Map();
    this.funcsShared = false;
    this.aliases = new Map();
    this.aliasesShared = false;
    this.attrs = new Map();
    this.attrsShared = false;
    this.traps = [];
    this.liveTraps = [];
    this.frames = [];
    this.tainted = null;
    this.fsChanged = false;
    this.linksChanged = false;
    this.linkZones = [];
    this.environmentNames = [];
    this.movedDirs = [];
    this.texts = NO_TEXTS;
  }

  /** Logical working directory ($PWD as bash keeps it), or null when unknown or only a stand-in. */
  get cwd(): Dir {
    return typeof this.here === "string" ? this.here : null;
  }

  set cwd(dir: Dir) {
    this.here = dir;
  }

  /** The tree the working directory is in, when it is a stand-in (StandInCwd). */
  get standInCwd(): StandInCwd | null {
    return this.here !== null && typeof this.here === "object" ? this.here : null;
  }

  enterStandIn(s: StandInCwd): void {
    this.here = s;
  }

  /** Whether the working directories are the same value (stand-ins too). */
  sameCwd(other: World): boolean {
    return cwdKey(this.here) === cwdKey(other.here);
  }

  clone(): World {
    const w = Object.create(World.prototype) as World;
    w.here = this.here;
    w.oldpwd = this.oldpwd;
    w.stack = this.stack;
    w.stackUnknown = this.stackUnknown;
    w.status = this.status;
    w.flow = this.flow;
    w.flowLevels = this.flowLevels;
    w.positional = this.positional;
    w.options = { ...this.options };
    w.vars = this.vars;
    w.varsShared = true;
    this.varsShared = true;
    w.funcs = this.funcs;
    w.funcsShared = true;
    this.funcsShared = true;
    w.aliases = this.aliases;
    w.aliasesShared = true;
    this.aliasesShared = true;
    w.attrs = this.attrs;
    w.attrsShared = true;
    this.attrsShared = true;
    w.traps = this.traps;
    w.liveTraps = this.liveTraps;
    w.frames = this.frames;
    w.tainted = this.tainted;
    w.fsChanged = this.fsChanged;
    w.linksChanged = this.linksChanged;
    w.linkZones = this.linkZones;
    w.environmentNames = this.environmentNames;
    w.isEnvironmentName = this.isEnvironmentName;
    w.movedDirs = this.movedDirs;
    w.texts = this.texts;
    return w;
  }

  /**
   * Whether this world has the state of `other` because nothing was written since one was
   * copied from the other (a cheap check: false does not mean they differ).
   */
  sameAs(other: World): boolean {
    const scalars = this.sameCwd(other) && this.oldpwd === other.oldpwd && this.stack === other.stack &&
      this.stackUnknown === other.stackUnknown && this.flow === other.flow && this.flowLevels === other.flowLevels;
    const shared = this.positional === other.positional && this.vars === other.vars && this.funcs === other.funcs &&
      this.aliases === other.aliases && this.attrs === other.attrs && this.traps === other.traps &&
      this.liveTraps === other.liveTraps && this.frames === other.frames;
    const rest = this.tainted === other.tainted && this.fsChanged === other.fsChanged &&
      this.linksChanged === other.linksChanged && this.linkZones === other.linkZones &&
      this.environmentNames === other.environmentNames && this.movedDirs === other.movedDirs &&
      this.texts === other.texts;
    return scalars && shared && rest && optionsKey(this.options) === optionsKey(other.options);
  }

  /** A variable as the shell would see it; `fallback` answers for names never assigned here. */
  getVar(name: string): Value | undefined {
    return this.vars.get(name);
  }

  setVar(name: string, value: Value): void {
    // Writing the value a variable has keeps the map shared, so that sameAs sees no change.
    const prev = this.vars.get(name);
    if (prev !== undefined &&
      (prev === value ||
        (prev.k === "str" && value.k === "str" && prev.v === value.v && isStandIn(prev) === isStandIn(value)) ||
        (prev.k === "unset" && value.k === "unset"))) return;
    if (this.isEnvironmentName(name) && !this.environmentNames.includes(name)) {
      this.environmentNames = [...this.environmentNames, name];
    }
    if (this.varsShared) {
      this.vars = new Map(this.vars);
      this.varsShared = false;
    }
    this.vars.set(name, value);
  }

  varNames(): IterableIterator<string> {
    return this.vars.keys();
  }

  /**
   * A write to NAME, which may be a nameref: the variable it points to is written instead, and
   * which one that is is not followed, so every variable becomes unknown.
   */
  writeThroughNameref(name: string): void {
    if (!this.attr(name).includes("n")) return;
    for (const n of [...this.varNames()]) {
      if (n !== name) {
        this.setVar(n, { k: "unknown", why: `$${n} may have been written through the nameref $${name}`,
          numeric: false });
      }
    }
  }

  /** The names marked exported (`export`, `declare -x`) in this world. */
  exportedNames(): string[] {
    const out: string[] = [];
    for (const [n, flags] of this.attrs) if (flags.includes("x")) out.push(n);
    return out;
  }

  attr(name: string): string {
    return this.attrs.get(name) ?? "";
  }

  setAttr(name: string, flags: string): void {
    if (this.attrsShared) {
      this.attrs = new Map(this.attrs);
      this.attrsShared = false;
    }
    if (flags) this.attrs.set(name, flags);
    else this.attrs.delete(name);
  }

  /** Functions a new shell does not get: all but the exported ones. */
  keepExportedFuncs(): void {
    this.funcs = new Map([...this.funcs].filter(([, f]) => f.exported));
    this.funcsShared = false;
  }

  setFunc(name: string, def: FunctionDef | null): void {
    if (this.funcsShared) {
      this.funcs = new Map(this.funcs);
      this.funcsShared = false;
    }
    if (def) this.funcs.set(name, def);
    else this.funcs.delete(name);
  }

  setAlias(name: string, value: string | null): void {
    if (this.aliasesShared) {
      this.aliases = new Map(this.aliases);
      this.aliasesShared = false;
    }
    if (value === null) this.aliases.delete(name);
    else this.aliases.set(name, value);
  }

  clearAliases(): void {
    this.aliases = new Map();
    this.aliasesShared = false;
  }

  /** Identity of the state, ignoring the exit status: worlds with equal keys are merged. */
  key(): string {
    let k = `${cwdKey(this.here)}\u0000${this.oldpwd}\u0000${
      this.stack.join("\u0001")
    }\u0000${this.stackUnknown}\u0000${this.flow}${this.flowLevels}\u0000`;
    k += this.positional ? this.positional.join("\u0001") : "?";
    k += "\u0000" + optionsKey(this.options) + "\u0000" + this.traps.join("\u0001") + "\u0000" +
      this.liveTraps.join("\u0001") + "\u0000" + (this.tainted ?? "");
    k += "\u0000" + this.frames.length + (this.fsChanged ? "F" : "f") + (this.linksChanged ? "L" : "l");
    // What a return restores tells worlds apart as much as what is visible now.
    for (const f of this.frames) k += "\u0000r:" + framesKey(f);
    if (this.linkZones.length) k += "\u0000z:" + zonesKey(this.linkZones);
    if (this.movedDirs.length) k += "\u0000m:" + [...this.movedDirs].sort().join("\u0001");
    for (const [p, t] of this.texts) k += `\u0000w:${p}\u0001${t}`;
    for (const [n, v] of [...this.vars.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
      k += `\u0000${n}=${valueKey(v)}`;
    }
    for (const n of [...this.attrs.keys()].sort()) k += `\u0000t:${n}=${this.attrs.get(n)}`;
    for (const n of [...this.funcs.keys()].sort()) {
      const f = this.funcs.get(n)!;
      k += `\u0000f:${n}:${f.source}${f.exported ? "x" : ""}${f.file ? `@${f.file}` : ""}`;
    }
    for (const n of [...this.aliases.keys()].sort()) k += `\u0000a:${n}=${this.aliases.get(n)}`;
    return k;
  }
}

function framesKey(f: Scope): string {
  let k = f.options ? optionsKey(f.options) : "-";
  for (const n of [...f.vars.keys()].sort()) k += `\u0001${n}=${valueKey(f.vars.get(n)!)}`;
  return k;
}

function optionsKey(o: Partial<Options>): string {
  let s = "";
  for (const v of Object.values(o)) s += v === null ? "?" : v ? "1" : "0";
  return s;
}

function valueKey(v: Value): string {
  switch (v.k) {
    case "str":
      return (STAND_INS.has(v) ? "S" : "s") + v.v;
    case "arr":
      return "a" + v.v.join("\u0001");
    case "unset":
      return "u";
    case "unknown":
      return "?" + (v.numeric ? "n" : "") + (v.segment === undefined ? "" : "s" + v.segment) +
        (v.hostPath === undefined ? "" : "h" + v.hostPath.head.join("\u0001"));
  }
}

/** Merges worlds with the same state; their statuses join. */
export function dedupe(worlds: readonly World[]): World[] {
  if (worlds.length < 2) return worlds.slice();
  const seen = new Map<string, World>();
  for (const w of worlds) {
    const k = w.key();
    const prev = seen.get(k);
    if (!prev) seen.set(k, w);
    else if (prev.status !== w.status) prev.status = STATUS_UNKNOWN;
  }
  return [...seen.values()];
}
