// Generated commands with a known intent: each one is built as a small syntax tree of the
// constructs the guard interprets (cd chains, pushd/popd, subshells, groups, pipelines,
// functions, here-documents, wrappers, `bash -c`/`sh -c`/`eval` nested up to four deep, quoting forms, braces,
// tildes, variables, redirections, the fixture's symlinks), rendered to text, and evaluated by a
// model of bash (and of dash, which is /bin/sh here) on the fixture to know whether running it
// touches anything outside the project.
//
// "Touches" means what the oracle can see: the syscalls test/support/strace.ts traces (open,
// chdir, unlink, mkdir, getdents…), not stat. `ls FILE` or `[ -e FILE ]` only look, so a
// command whose only outside access is such a look is "inside", and says so in `looksOutside`.
//
// The model is checked against bash itself: the oracle runs these commands and a run whose
// touches contradict the intent is a model bug, reported as such (not as a guard bug).

import fc from "fast-check";
import { readdirSync, readlinkSync } from "node:fs";
import { join, posix } from "node:path";
import { SAFE_PLAIN, singleQuote, spell as spellInStyle } from "./arbitraries.ts";
import { buildFixture } from "./fixture.ts";
import { isInside } from "./strace.ts";

export type Intent = "inside" | "outside";

export interface IntentCommand {
  readonly text: string;
  /** Whether running it from the fixture's project touches a path outside the project. */
  readonly intent: Intent;
  /** Some outside path is only looked at (stat), never touched: the guard rightly asks. */
  readonly looksOutside: boolean;
  /** The constructs it uses, for coverage counts. */
  readonly features: readonly string[];
}

// ---------------------------------------------------------------------------------------------
// The tree

type Dialect = "bash" | "dash";
type Style = "plain" | "single" | "double" | "backslash" | "ansi" | "ansiHex" | "ansiOctal" | "locale";

/** Literal text and how each of its chunks is spelled. */
interface Spelled {
  readonly text: string;
  readonly cuts: readonly number[];
  readonly styles: readonly Style[];
}

type Head = { readonly h: "rel" } | { readonly h: "dot" } | { readonly h: "tilde" } | { readonly h: "home";
  readonly form: number } | { readonly h: "pwd"; readonly form: number } | { readonly h: "var"; readonly name: string;
  readonly form: number };

interface PathWord {
  readonly head: Head;
  readonly rest: Spelled;
  /** A second alternative: the word is `{rest,alt}` (bash, relative heads only). */
  readonly alt: Spelled | null;
}

type Prog = "cat" | "head -n 1" | "tail -n 1" | "wc -c" | "ls" | "ls -a" | "touch" | "rm -f" | "mkdir" | "echo x >"
  | "echo x >>" | ": >" | "cat <" | "echo x &>";

type Node = { readonly t: "act"; readonly prog: Prog; readonly path: PathWord; readonly wrapper: string;
  readonly errTo: PathWord | null } | { readonly t: "echo" } | { readonly t: "stdin";
  readonly prog: "wc -l" | "cat" | "head -n 1" } | { readonly t: "cd"; readonly form: string;
  readonly dir: PathWord | null } | { readonly t: "popd" } | { readonly t: "cdMinus" } | { readonly t: "assign";
  readonly name: string; readonly kw: string; readonly value: PathWord } | { readonly t: "list";
  readonly items: readonly Node[]; readonly joins: readonly string[] } | { readonly t: "sub"; readonly body: Node;
  readonly time: boolean } | { readonly t: "group"; readonly body: Node; readonly time: boolean } | {
  readonly t: "pipe";
  readonly segs: readonly Node[];
} | { readonly t: "if"; readonly cond: Node; readonly body: Node } | { readonly t: "funcdef"; readonly name: string;
  readonly keyword: boolean; readonly body: Node } | { readonly t: "call"; readonly name: string } | {
  readonly t: "heredoc";
  readonly delim: string;
  readonly dash: boolean;
  readonly indent: string;
  readonly lead: string;
  readonly body: Node;
} | { readonly t: "nest"; readonly how: string; readonly quote: "single" | "double"; readonly body: Node };

// ---------------------------------------------------------------------------------------------
// Catalogues: paths as the command names them, relative to wherever the shell is by then

/** Files (and names that may not exist), for programs that open them. */
const FILES = ["README.md", "src/main.ts", "docs/guide.md", "../outside/secret.txt", "link-out/secret.txt",
  "rel-out/secret.txt", "dir-out/file.txt", "src/secret-link", "link-in/main.ts", "abs-in/main.ts", "home-link/.bashrc",
  "backup-link/x.txt", "../project-backup/x.txt", "../outside/back-in/README.md", "link-out/back-in/README.md",
  "dir-out/../secret.txt", "src/../README.md", "main.ts", "secret.txt", "../README.md", "space dir/file.txt",
  "src/sub/deep.ts", "file.txt", ".bashrc", "../../home/.bashrc", "link-in/../README.md", "x.txt",
  "missing.txt"] as const;

/** Targets of writes: new files and existing ones, both sides, through the links. */
const WRITES = ["new.txt", "build/new.txt", "../new.txt", "link-out/new.txt", "rel-out/new.txt", "dir-out/new.txt",
  "src/new.txt", "home-link/new.txt", "../outside/new.txt", "README.md", "src/secret-link", "build/d", "newdir",
  "back-in/new.txt", "link-in/new.txt", "../outside/back-in/build/new.txt"] as const;

/** Directories for cd, pushd, ls and variables. No spaces: a variable holding one would split. */
const DIRS = ["src", "docs", "src/sub", "..", "../outside", "link-out", "rel-out", "dir-out", "link-in", "abs-in",
  "home-link", "backup-link", "../outside/back-in", "link-out/back-in", "../project", "../..", "sub", "missing-dir",
  "link-out/..", "dir-out/..", "back-in", ".", "build", "link-in/..", "../project-backup"] as const;

/** What follows `~/` or `$HOME/`. */
const HOME_RESTS = ["", ".bashrc", ".ssh/id_rsa", "x", "bin", ".ssh", "../work/project/README.md",
  "../work/outside/secret.txt", "../work/project"] as const;

const VARS = ["D", "X", "d"] as const;

// ---------------------------------------------------------------------------------------------
// Spelling

/** One chunk in a style; every style has the same value in bash. dash knows neither `$'…'` nor
 * `$"…"`, so there they fall back to single quotes. */
function spellChunk(chunk: string, style: Style, d: Dialect): string {
  if (d === "dash" && (style === "ansi" || style === "ansiHex" || style === "ansiOctal" || style === "locale")) {
    style = "single";
  }
  return spellInStyle(chunk, style);
}

function spell(s: Spelled, d: Dialect): string {
  if (s.text === "") return "";
  const at = [0, ...[...s.cuts].filter((c) => c > 0 && c < s.text.length).sort((a, b) => a - b), s.text.length];
  const out: string[] = [];
  for (let i = 0; i + 1 < at.length; i++) {
    out.push(spellChunk(s.text.slice(at[i]!, at[i + 1]!), s.styles[i] ?? "plain", d));
  }
  return out.join("");
}

const STYLES: readonly Style[] = ["plain", "single", "double", "backslash", "ansi", "ansiHex", "ansiOctal", "locale"];
const styleArb: fc.Arbitrary<Style> = fc.oneof({ arbitrary: fc.constant<Style>("plain"), weight: 4 }, {
  arbitrary: fc.constantFrom(...STYLES),
  weight: 3,
});

function spelledArb(texts: readonly string[]): fc.Arbitrary<Spelled> {
  return fc.tuple(fc.constantFrom(...texts), fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 2 }),
    fc.array(styleArb, { minLength: 3, maxLength: 3 })).map(([text, cuts, styles]) => ({ text, cuts, styles }));
}

const plainSpelled = (text: string): Spelled => ({ text, cuts: [], styles: ["plain"] });

const HOME_FORMS = ["$HOME", "${HOME}", '"$HOME"'];
const PWD_FORMS = ["$PWD", '"$PWD"', "$(pwd)", '"$(pwd)"', "`pwd`", "~+"];
const VAR_FORMS = ["$", "${}", '"$"'];

function renderWord(w: PathWord, d: Dialect, f: Set<string>): string {
  const rest = spell(w.rest, d);
  const tail = w.rest.text === "" ? "" : `/${rest}`;
  for (const st of w.rest.styles.slice(0, w.rest.cuts.length + 1)) if (st !== "plain") f.add(`quote:${st}`);
  switch (w.head.h) {
    case "rel":
      if (w.alt) {
        f.add("brace");
        return `{${braceAlt(w.rest, d)},${braceAlt(w.alt, d)}}`;
      }
      return rest;
    case "dot":
      return `./${rest}`;
    case "tilde":
      f.add("tilde");
      return w.rest.text === "" ? "~" : `~${tail}`;
    case "home":
      f.add("$HOME");
      return HOME_FORMS[w.head.form % HOME_FORMS.length]! + tail;
    case "pwd": {
      const forms = d === "dash" ? PWD_FORMS.slice(0, 5) : PWD_FORMS;
      const form = forms[w.head.form % forms.length]!;
      f.add(form === "~+" ? "tilde" : "$PWD");
      return form + tail;
    }
    case "var": {
      f.add("variable");
      const form = VAR_FORMS[w.head.form % VAR_FORMS.length]!;
      return (form.includes("{}") ? form.replace("{}", `{${w.head.name}}`) : form.replace("$", `$${w.head.name}`)) +
        tail;
    }
  }
}

/** Inside braces an alternative may be quoted, but only with quotes that keep `,` and `}` out. */
function braceAlt(s: Spelled, d: Dialect): string {
  const styles = s.styles.map((st): Style => (st === "single" || st === "double" ? st : "plain"));
  return spell({ ...s, styles }, d);
}

// ---------------------------------------------------------------------------------------------
// Rendering

function terminate(text: string): string {
  return text.endsWith("\n") ? text : `${text};`;
}

function doubleQuote(s: string): string {
  return `"${s.replace(/["\\$`]/g, (c) => `\\${c}`)}"`;
}

function render(n: Node, d: Dialect, f: Set<string>, depth: number): string {
  switch (n.t) {
    case "act": {
      if (n.wrapper) f.add(`wrapper:${n.wrapper.trim().split(" ")[0]}`);
      const w = renderWord(n.path, d, f);
      const err = n.errTo ? ` 2>${renderWord(n.errTo, d, f)}` : "";
      if (n.errTo) f.add("redirect");
      switch (n.prog) {
        case "echo x >":
        case "echo x >>":
        case "echo x &>":
          f.add("redirect");
          return `${n.wrapper}echo x ${n.prog.slice(7)} ${w}${err}`;
        case ": >":
          f.add("redirect");
          return `: > ${w}${err}`;
        case "cat <":
          f.add("redirect");
          return `${n.wrapper}cat < ${w}${err}`;
        default:
          return `${n.wrapper}${n.prog} ${w}${err}`;
      }
    }
    case "echo":
      return "echo hi";
    case "stdin":
      return n.prog;
    case "cd": {
      f.add(n.form.includes("pushd") ? "pushd" : "cd");
      const dir = n.dir ? ` ${renderWord(n.dir, d, f)}` : "";
      return n.form === "pushd" ? `pushd${dir} >/dev/null` : `${n.form}${dir}`;
    }
    case "popd":
      f.add("pushd");
      return "popd >/dev/null";
    case "cdMinus":
      f.add("cd -");
      return "cd - >/dev/null";
    case "assign":
      return `${n.kw}${n.name}=${renderWord(n.value, d, f)}`;
    case "list": {
      let text = render(n.items[0]!, d, f, depth);
      for (let i = 1; i < n.items.length; i++) text += n.joins[i - 1]! + render(n.items[i]!, d, f, depth);
      return text;
    }
    case "sub":
      f.add("subshell");
      return `${n.time ? "time " : ""}( ${render(n.body, d, f, depth)} )`;
    case "group":
      f.add("group");
      return `${n.time ? "time " : ""}{ ${terminate(render(n.body, d, f, depth))} }`;
    case "pipe":
      f.add("pipeline");
      return n.segs.map((s) => render(s, d, f, depth)).join(" | ");
    case "if":
      f.add("if");
      return `if ${render(n.cond, d, f, depth)}; then ${terminate(render(n.body, d, f, depth))} fi`;
    case "funcdef": {
      f.add("function");
      const body = terminate(render(n.body, d, f, depth));
      return n.keyword ? `function ${n.name} { ${body} }` : `${n.name}(){ ${body} }`;
    }
    case "call":
      return n.name;
    case "heredoc": {
      f.add("heredoc");
      // In a group, so that what follows the terminator line can be joined with `&&` or `;`.
      const body = render(n.body, d, f, depth);
      return `{ cat ${n.dash ? "<<-" : "<<"}${n.delim}\n${n.indent}${n.lead}$(${body})\n${n.dash ? "\t" : ""}EOF\n}`;
    }
    case "nest": {
      const inner: Dialect = n.how === "sh -c" ? "dash" : n.how === "eval" ? d : "bash";
      f.add(`nest:${n.how.split(" ")[0]}`);
      f.add(`nest-depth:${depth + 1}`);
      const body = render(n.body, inner, f, depth + 1);
      return `${n.how} ${n.quote === "single" ? singleQuote(body) : doubleQuote(body)}`;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The model

type Kind = "file" | "dir" | "link" | null;

/**
 * The fixture the model looks at, as data: a real one is built once, read (kinds and link
 * targets) and removed at once, so that no process leaves one behind (`bun test` runs no exit
 * handlers). Paths live under a virtual top; absolute link targets are moved there too.
 */
interface Reference {
  readonly project: string;
  readonly home: string;
  readonly entries: ReadonlyMap<string, { readonly kind: Exclude<Kind, null>; readonly target: string | null }>;
}

const VIRTUAL_TOP = "/fixture";
let reference: Reference | null = null;

function ref(): Reference {
  if (reference !== null) return reference;
  const fx = buildFixture();
  try {
    const virtual = (
      p: string,
    ) => (p === fx.top ? VIRTUAL_TOP : p.startsWith(`${fx.top}/`) ? VIRTUAL_TOP + p.slice(fx.top.length) : p);
    const entries = new Map<string, { kind: Exclude<Kind, null>; target: string | null }>();
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isSymbolicLink()) entries.set(virtual(p), { kind: "link", target: virtual(readlinkSync(p)) });
        else if (e.isDirectory()) {
          entries.set(virtual(p), { kind: "dir", target: null });
          walk(p);
        } else entries.set(virtual(p), { kind: "file", target: null });
      }
    };
    walk(fx.top);
    reference = { project: virtual(fx.project), home: virtual(fx.home), entries };
    return reference;
  } finally {
    fx.remove();
  }
}

/** What the untouched fixture has at `p`: above the top, directories (the real top has
 * parents too); beside it, nothing. */
function diskKind(p: string): Kind {
  if (p === VIRTUAL_TOP || isInside(VIRTUAL_TOP, p)) return "dir";
  return ref().entries.get(p)?.kind ?? null;
}

function linkTarget(p: string): string {
  return ref().entries.get(p)?.target ?? "";
}

/** The fixture as the command has changed it so far. */
class World {
  private readonly made = new Map<string, "file" | "dir">();
  private readonly gone = new Set<string>();
  readonly touches: { path: string; traced: boolean }[] = [];

  kind(p: string): Kind {
    const m = this.made.get(p);
    if (m) return m;
    if (this.gone.has(p)) return null;
    return diskKind(p);
  }

  create(p: string, k: "file" | "dir"): void {
    this.gone.delete(p);
    this.made.set(p, k);
  }

  remove(p: string): void {
    this.made.delete(p);
    this.gone.add(p);
  }

  /**
   * As the kernel resolves (strace.ts resolveOnDisk, through this world): the path a syscall
   * names, and whether the lookup itself fails on the way (a missing or non-directory segment
   * before the last), in which case nothing exists there whatever the path looks like.
   */
  lookup(base: string, name: string, follow: boolean): { path: string; broken: boolean } {
    let budget = 40;
    let broken = false;
    const walk = (dir: string, rel: string, followLast: boolean): string => {
      let cur = rel.startsWith("/") ? "/" : dir;
      const segs = rel.split("/").filter((s) => s !== "" && s !== ".");
      for (let k = 0; k < segs.length; k++) {
        const seg = segs[k]!;
        if (seg === "..") {
          cur = posix.dirname(cur);
          continue;
        }
        const next = cur === "/" ? `/${seg}` : `${cur}/${seg}`;
        const last = k === segs.length - 1;
        const kind = this.kind(next);
        if (kind === null || (kind === "file" && !last)) {
          if (!last) broken = true;
          return posix.resolve(next, ...segs.slice(k + 1));
        }
        if (kind === "link" && (!last || followLast)) {
          if (--budget < 0) {
            broken = true;
            return posix.resolve(next, ...segs.slice(k + 1));
          }
          cur = walk(cur, linkTarget(next), true);
          if (!last && this.kind(cur) !== "dir") broken = true;
        } else {
          cur = next;
        }
      }
      return cur;
    };
    const path = walk(base, name, follow);
    return { path, broken };
  }

  /** What is at `name` from `base`, as a syscall there would find it. */
  kindAt(base: string, name: string, follow: boolean): Kind {
    const r = this.lookup(base, name, follow);
    return r.broken ? null : this.kind(r.path);
  }

  isDir(p: string): boolean {
    return this.kindAt("/", p, true) === "dir";
  }

  exists(p: string): boolean {
    return this.kindAt("/", p, true) !== null;
  }

  touch(path: string, traced: boolean): void {
    this.touches.push({ path, traced });
  }
}

interface Shell {
  pwd: string;
  cwd: string;
  oldpwd: string | null;
  stack: string[];
  vars: Map<string, string>;
  funcs: Map<string, Node>;
  readonly dialect: Dialect;
  readonly home: string;
}

const copyShell = (s: Shell, dialect: Dialect = s.dialect): Shell => ({ ...s, dialect, stack: [...s.stack],
  vars: new Map(s.vars), funcs: new Map(s.funcs) });

function values(w: PathWord, sh: Shell): string[] {
  const join = (base: string, rest: string) => (rest === "" ? base : `${base}/${rest}`);
  switch (w.head.h) {
    case "rel":
      return w.alt ? [w.rest.text, w.alt.text] : [w.rest.text];
    case "dot":
      return [`./${w.rest.text}`];
    case "tilde":
    case "home":
      return [join(sh.home, w.rest.text)];
    case "pwd":
      return [join(sh.pwd, w.rest.text)];
    case "var": {
      const value = join(sh.vars.get(w.head.name) ?? "", w.rest.text);
      // An unquoted expansion that is empty is no word at all (`cd $D` with D unset is `cd`);
      // a quoted one is an empty word (`cd "$D"` stays where it is).
      return value === "" && VAR_FORMS[w.head.form % VAR_FORMS.length] !== '"$"' ? [] : [value];
    }
  }
}

/** bash's canonical form for `cd -L`: `..` removes the segment before it, which must be a
 * directory, and the result must exist (PATH_CHECKDOTDOT | PATH_CHECKEXISTS); null otherwise. */
function bashCanon(world: World, abs: string): string | null {
  const out: string[] = [];
  for (const s of abs.split("/")) {
    if (s === "" || s === ".") continue;
    if (s === "..") {
      if (!world.isDir(`/${out.join("/")}`)) return null;
      out.pop();
    } else out.push(s);
  }
  const r = `/${out.join("/")}`;
  return world.exists(r) ? r : null;
}

/** dash's: lexical, no checks. */
function dashCanon(abs: string): string {
  const out: string[] = [];
  for (const s of abs.split("/")) {
    if (s === "" || s === ".") continue;
    if (s === "..") out.pop();
    else out.push(s);
  }
  return `/${out.join("/")}`;
}

/** `cd DIR` as bash 5.2 (builtins/cd.def) and dash do it, recording each chdir it attempts. */
function changeDir(world: World, sh: Shell, dir: string, physical: boolean): number {
  const enter = (phys: string, logical: string) => {
    sh.oldpwd = sh.pwd;
    sh.pwd = logical;
    sh.cwd = phys;
    return 0;
  };
  const chdir = (base: string, name: string): string | null => {
    const r = world.lookup(base, name, true);
    world.touch(r.path, true);
    return !r.broken && world.kind(r.path) === "dir" ? r.path : null;
  };
  if (physical) {
    const r = chdir(sh.cwd, dir);
    return r === null ? 1 : enter(r, r);
  }
  const abs = dir.startsWith("/") ? dir : sh.pwd === "/" ? `/${dir}` : `${sh.pwd}/${dir}`;
  if (sh.dialect === "dash") {
    const canon = dashCanon(abs);
    const r = chdir("/", canon);
    return r === null ? 1 : enter(r, canon);
  }
  const canon = bashCanon(world, abs);
  const r = chdir("/", canon ?? abs);
  // When the canonical form failed but the chdir worked, bash takes PWD from getcwd().
  if (r !== null) return enter(r, canon ?? r);
  // Outside POSIX mode bash then tries the operand as given.
  const r2 = chdir(sh.cwd, dir);
  return r2 === null ? 1 : enter(r2, r2);
}

function evaluate(n: Node, world: World, sh: Shell): number {
  switch (n.t) {
    case "act":
      return act(n, world, sh);
    case "echo":
    case "stdin":
      return 0;
    case "cd": {
      const dir = n.dir ? (values(n.dir, sh)[0] ?? sh.home) : sh.home;
      const before = sh.pwd;
      // `cd ""` succeeds without a chdir.
      const st = dir === "" ? 0 : changeDir(world, sh, dir, n.form.includes("-P"));
      if (n.form === "pushd" && st === 0) sh.stack.unshift(before);
      return st;
    }
    case "popd": {
      const top = sh.stack[0];
      if (top === undefined) return 1;
      const st = changeDir(world, sh, top, false);
      if (st === 0) sh.stack.shift();
      return st;
    }
    case "cdMinus":
      return sh.oldpwd === null ? 1 : changeDir(world, sh, sh.oldpwd, false);
    case "assign":
      sh.vars.set(n.name, values(n.value, sh)[0] ?? "");
      return 0;
    case "list": {
      let st = evaluate(n.items[0]!, world, sh);
      for (let i = 1; i < n.items.length; i++) {
        const j = n.joins[i - 1]!.trim();
        if ((j === "&&" && st !== 0) || (j === "||" && st === 0)) continue;
        st = evaluate(n.items[i]!, world, sh);
      }
      return st;
    }
    case "sub":
      return evaluate(n.body, world, copyShell(sh));
    case "group":
      return evaluate(n.body, world, sh);
    case "pipe": {
      let st = 0;
      for (const s of n.segs) st = evaluate(s, world, copyShell(sh));
      return st;
    }
    case "if":
      return evaluate(n.cond, world, sh) === 0 ? evaluate(n.body, world, sh) : 0;
    case "funcdef":
      sh.funcs.set(n.name, n.body);
      return 0;
    case "call": {
      const body = sh.funcs.get(n.name);
      // Not defined (its definition was skipped, or is in another shell): command not found.
      return body ? evaluate(body, world, sh) : 127;
    }
    case "heredoc":
      // Only an unquoted delimiter expands the body; a command substitution is a subshell.
      if (n.delim === "EOF") evaluate(n.body, world, copyShell(sh));
      return 0;
    case "nest": {
      if (n.how === "eval") return evaluate(n.body, world, sh);
      // A child shell: PWD and OLDPWD are exported; the directory stack, plain variables and
      // functions are not.
      const child: Shell = { ...copyShell(sh, n.how === "sh -c" ? "dash" : "bash"), stack: [], vars: new Map(),
        funcs: new Map() };
      return evaluate(n.body, world, child);
    }
  }
}

/** What one program (or redirection) does to the world, and its exit status. */
function act(n: Extract<Node, { t: "act" }>, world: World, sh: Shell): number {
  /** The path a syscall on `v` names, what is there, and whether it could be created there
   * (every directory on the way exists). */
  const at = (v: string, follow: boolean) => {
    const r = world.lookup(sh.cwd, v, follow);
    return { path: r.path, kind: r.broken ? null : world.kind(r.path), creatable: !r.broken };
  };
  // bash opens redirections before it runs the program; a failed one means no program.
  const openWrite = (v: string): boolean => {
    const r = at(v, true);
    world.touch(r.path, true);
    if (r.kind === "file") return true;
    if (r.kind !== null || !r.creatable) return false;
    world.create(r.path, "file");
    return true;
  };
  const redirectOnly = n.prog === "cat <" || n.prog.includes(">");
  // Redirections are made left to right: `cat < P 2>E` stops at a missing P before E.
  if (!redirectOnly && n.errTo && !openWrite(values(n.errTo, sh)[0]!)) return 1;
  let st = 0;
  const operands = values(n.path, sh);
  // `ls $D` with D empty lists the working directory.
  if (operands.length === 0 && (n.prog === "ls" || n.prog === "ls -a")) world.touch(sh.cwd, true);
  for (const v of operands) {
    // Only `ls "$D"` with D empty gets here: ls looks for "" and finds nothing.
    if (v === "") {
      st = 2;
      continue;
    }
    switch (n.prog) {
      case "cat":
      case "head -n 1":
      case "tail -n 1":
      case "wc -c":
      case "cat <": {
        const r = at(v, true);
        world.touch(r.path, true);
        if (r.kind !== "file") st = 1;
        break;
      }
      case "ls":
      case "ls -a": {
        const r = at(v, true);
        // ls opens a directory to list it; a file or a missing name it only stats.
        world.touch(r.path, r.kind === "dir");
        if (r.kind === null) st = 2;
        break;
      }
      case "touch": {
        const r = at(v, true);
        world.touch(r.path, true);
        if (r.kind === null) {
          if (r.creatable) world.create(r.path, "file");
          else st = 1;
        }
        break;
      }
      case "rm -f": {
        const r = at(v, false);
        // rm looks before it unlinks: a directory it refuses without a syscall strace sees.
        world.touch(r.path, r.kind !== "dir");
        if (r.kind === "file" || r.kind === "link") world.remove(r.path);
        else if (r.kind === "dir") st = 1;
        break;
      }
      case "mkdir": {
        const r = at(v, false);
        world.touch(r.path, true);
        if (r.kind !== null || !r.creatable) st = 1;
        else world.create(r.path, "dir");
        break;
      }
      case "echo x >":
      case "echo x >>":
      case "echo x &>":
      case ": >":
        if (!openWrite(v)) st = 1;
        break;
    }
  }
  if (redirectOnly && n.errTo && st === 0 && !openWrite(values(n.errTo, sh)[0]!)) return 1;
  return st;
}

function finish(n: Node): IntentCommand {
  const fx = ref();
  const features = new Set<string>();
  const text = render(n, "bash", features, 0);
  const world = new World();
  evaluate(n, world, { pwd: fx.project, cwd: fx.project, oldpwd: null, stack: [], vars: new Map(), funcs: new Map(),
    dialect: "bash", home: fx.home });
  const outside = world.touches.filter((t) => !isInside(t.path, fx.project));
  for (const name of ["link-out", "rel-out", "dir-out", "secret-link", "link-in", "abs-in", "back-in", "home-link",
    "backup-link"])
  {
    if (text.includes(name)) features.add(`link:${name}`);
  }
  return { text, intent: outside.some((t) => t.traced) ? "outside" : "inside",
    looksOutside: outside.some((t) => !t.traced), features: [...features].sort() };
}

// ---------------------------------------------------------------------------------------------
// Generators

const rel: fc.Arbitrary<Head> = fc.constant({ h: "rel" });

/** A path word naming one of `texts` relative to the cwd, or through $PWD, ~+ and friends. */
function pathWord(texts: readonly string[], d: Dialect, braces: boolean): fc.Arbitrary<PathWord> {
  const relative = fc.tuple(
    fc.oneof({ arbitrary: rel, weight: 5 }, { arbitrary: fc.constant<Head>({ h: "dot" }), weight: 1 }),
    spelledArb(texts),
  ).map(([head, rest]): PathWord => ({ head, rest, alt: null }));
  const viaPwd = fc.tuple(fc.nat(5), spelledArb(texts)).map(([form, rest]): PathWord => ({ head: { h: "pwd", form },
    rest, alt: null })
  );
  const viaHome = fc.tuple(fc.boolean(), fc.nat(2), spelledArb(HOME_RESTS)).map(([tilde, form, rest]): PathWord => ({
    head: tilde ? { h: "tilde" } : { h: "home", form },
    rest,
    alt: null,
  }));
  const choices: fc.WeightedArbitrary<PathWord>[] = [{ arbitrary: relative, weight: 8 }, { arbitrary: viaPwd,
    weight: 1 }, { arbitrary: viaHome, weight: 1 }];
  if (braces && d === "bash") {
    const plain = fc.constantFrom(...texts.filter((t) => SAFE_PLAIN.test(t)));
    choices.push({
      arbitrary: fc.tuple(plain, plain,
        fc.array(fc.constantFrom<Style>("plain", "single", "double"), { minLength: 1, maxLength: 1 })).map((
          [a, b, st],
        ): PathWord => ({ head: { h: "rel" }, rest: { text: a, cuts: [], styles: st }, alt: plainSpelled(b) })),
      weight: 1,
    });
  }
  return fc.oneof(...choices);
}

const WRAPPERS = ["", "", "", "env ", "nice ", "timeout 5 ", "nohup ", "stdbuf -o0 ", "command ", "time "] as const;

function actArb(d: Dialect): fc.Arbitrary<Node> {
  const wrapper = fc.constantFrom(...WRAPPERS.filter((w) => d === "bash" || w !== "time "));
  const errTo = fc.oneof({ arbitrary: fc.constant(null), weight: 6 }, { arbitrary: pathWord(WRITES, d, false),
    weight: 1 });
  const reads = fc.constantFrom<Prog>("cat", "head -n 1", "tail -n 1", "wc -c", "cat <").chain((prog) =>
    fc.tuple(pathWord(FILES, d, prog !== "cat <"), wrapper, errTo).map(([path, w, e]): Node => ({ t: "act", prog, path,
      wrapper: w, errTo: e })
    )
  );
  const lists = fc.tuple(fc.constantFrom<Prog>("ls", "ls -a"), pathWord(DIRS, d, true), wrapper).map((
    [prog, path, w],
  ): Node => ({ t: "act", prog, path, wrapper: w, errTo: null }));
  const writeProgs: Prog[] = ["touch", "rm -f", "mkdir", "echo x >", "echo x >>", ": >"];
  if (d === "bash") writeProgs.push("echo x &>");
  const writes = fc.tuple(fc.constantFrom(...writeProgs), pathWord(WRITES, d, true), wrapper).map((
    [prog, path, w],
  ): Node => ({
    t: "act",
    prog,
    path: prog.includes(">") ? { ...path, alt: null } : path,
    // `env :` finds no program `:`; the other wrappers work before every act here.
    wrapper: prog === ": >" ? "" : w,
    errTo: null,
  }));
  return fc.oneof({ arbitrary: reads, weight: 5 }, { arbitrary: lists, weight: 2 }, { arbitrary: writes, weight: 3 });
}

function cdArb(d: Dialect): fc.Arbitrary<Node> {
  const forms = d === "bash"
    ? ["cd", "cd", "cd", "cd -P", "cd -L", "cd --", "pushd", "builtin cd", "command cd", "time cd"]
    : ["cd", "cd", "cd -P", "cd -L", "command cd"];
  const step = fc.tuple(fc.constantFrom(...forms),
    fc.oneof({ arbitrary: pathWord(DIRS, d, false), weight: 9 }, { arbitrary: fc.constant(null), weight: 1 })).map((
      [form, dir],
    ): Node => ({ t: "cd", form,
      dir: form === "pushd" && dir === null ? { head: { h: "tilde" }, rest: plainSpelled(""), alt: null } : dir })
    );
  if (d === "dash") return step;
  return fc.oneof({ arbitrary: step, weight: 8 }, { arbitrary: fc.constant<Node>({ t: "popd" }), weight: 1 }, {
    arbitrary: fc.constant<Node>({ t: "cdMinus" }),
    weight: 1,
  });
}

/** `D=VALUE; use $D/…`: the assignment and its use side by side, so the variable is usually set
 * in the shell that reads it (a list around them may still skip the assignment: `a || D=x; cat
 * $D/y`, which the model follows). */
function varArb(d: Dialect): fc.Arbitrary<Node> {
  const value = fc.oneof({ arbitrary: pathWord(DIRS, d, false), weight: 3 }, {
    arbitrary: fc.tuple(fc.boolean(), spelledArb(["", "..", "../outside", "link-out", "src"])).map((
      [fromPwd, rest],
    ): PathWord => ({ head: fromPwd ? { h: "pwd", form: 0 } : { h: "tilde" }, rest, alt: null })),
    weight: 1,
  });
  return fc.tuple(fc.constantFrom(...VARS), fc.constantFrom(...(d === "bash" ? ["", "", "export ", "declare "] : [""])),
    value, fc.constantFrom("; ", " && ", "\n"), fc.nat(2), fc.nat(3), fc.constantFrom(...FILES),
    fc.constantFrom(...DIRS)).map(([name, kw, val, join, form, which, file, dir]): Node => {
      const head: Head = { h: "var", name, form };
      const use: Node = which === 0
        ? { t: "cd", form: "cd", dir: { head, rest: plainSpelled(""), alt: null } }
        : which === 1
        ? { t: "act", prog: "ls", path: { head, rest: plainSpelled(dir === "." ? "" : dir), alt: null }, wrapper: "",
          errTo: null }
        : { t: "act", prog: "cat", path: { head, rest: plainSpelled(file), alt: null }, wrapper: "", errTo: null };
      return { t: "list", items: [{ t: "assign", name, kw, value: { ...val, alt: null } }, use], joins: [join] };
    });
}

const pipeLeft = (d: Dialect): fc.Arbitrary<Node> =>
  fc.oneof(fc.constant<Node>({ t: "echo" }),
    fc.tuple(fc.constantFrom<Prog>("cat", "head -n 1", "ls"), pathWord(FILES, d, false)).map(([prog, path]): Node => ({
      t: "act",
      prog,
      path,
      wrapper: "",
      errTo: null,
    })));
const pipeRight = (d: Dialect): fc.Arbitrary<Node> =>
  fc.oneof(
    fc.constantFrom<Node>({ t: "stdin", prog: "wc -l" }, { t: "stdin", prog: "cat" }, { t: "stdin",
      prog: "head -n 1" }),
    fc.tuple(fc.constantFrom<Prog>("cat", "wc -c"), pathWord(FILES, d, false)).map(([prog, path]): Node => ({ t: "act",
      prog, path, wrapper: "", errTo: null })
    ),
  );

const JOINS = ["; ", " && ", " || ", "\n", "; "] as const;

const memo = new Map<string, fc.Arbitrary<Node>>();

/** A list of units; `depth` bounds compound nesting, `nest` the `bash -c`/`sh -c`/`eval` levels
 * still allowed (at most four in all). */
function listArb(depth: number, nest: number, d: Dialect, maxUnits = 3): fc.Arbitrary<Node> {
  const key = `${depth}:${nest}:${d}:${maxUnits}`;
  const known = memo.get(key);
  if (known) return known;
  const unit = unitArb(depth, nest, d);
  // A unit that is itself a list (an assignment and its use) is spliced in: the text has no
  // brackets around it, so bash reads its `&&` and `;` at the level of the whole list.
  const arb = fc.tuple(unit, fc.array(fc.tuple(fc.constantFrom(...JOINS), unit), { maxLength: maxUnits - 1 })).map(
    ([first, rest]): Node => {
      const items: Node[] = [];
      const joins: string[] = [];
      const add = (u: Node) => {
        if (u.t === "list") {
          items.push(...u.items);
          joins.push(...u.joins);
        } else items.push(u);
      };
      add(first);
      for (const [j, u] of rest) {
        joins.push(j);
        add(u);
      }
      return items.length === 1 ? items[0]! : { t: "list", items, joins };
    },
  );
  memo.set(key, arb);
  return arb;
}

function unitArb(depth: number, nest: number, d: Dialect): fc.Arbitrary<Node> {
  const choices: fc.WeightedArbitrary<Node>[] = [{ arbitrary: actArb(d), weight: 6 }, { arbitrary: cdArb(d),
    weight: 4 }, { arbitrary: varArb(d), weight: 1 }, {
    arbitrary: fc.tuple(pipeLeft(d), pipeRight(d)).map(([a, b]): Node => ({ t: "pipe", segs: [a, b] })),
    weight: 1,
  }, {
    arbitrary: fc.tuple(fc.constantFrom("EOF", "EOF", "EOF", "'EOF'", "\\EOF", '"EOF"'), fc.boolean(),
      fc.constantFrom("", " ", "\t", "  "), fc.constantFrom("", "", "x "), actArb(d)).map((
        [delim, dash, indent, lead, body],
      ): Node => ({ t: "heredoc", delim, dash, indent, lead, body })),
    weight: 1,
  }];
  if (depth > 0) {
    const inner = listArb(depth - 1, nest, d);
    const time = d === "bash"
      ? fc.oneof({ arbitrary: fc.constant(false), weight: 5 }, { arbitrary: fc.constant(true), weight: 1 })
      : fc.constant(false);
    choices.push({ arbitrary: fc.tuple(inner, time).map(([body, t]): Node => ({ t: "sub", body, time: t })),
      weight: 2 }, { arbitrary: fc.tuple(inner, time).map(([body, t]): Node => ({ t: "group", body, time: t })),
      weight: 1 }, { arbitrary: fc.tuple(cdArb(d), inner).map(([cond, body]): Node => ({ t: "if", cond, body })),
      weight: 1 }, {
      // The definition and the call side by side in the list (see listArb): a list around
      // them may skip the definition and still make the call.
      arbitrary: fc.tuple(fc.boolean(), inner).map(([kw, body]): Node => {
        const name = `sf_f${depth}`;
        return { t: "list", items: [{ t: "funcdef", name, keyword: kw && d === "bash", body }, { t: "call", name }],
          joins: ["; "] };
      }),
      weight: 1,
    });
  }
  if (nest > 0) choices.push({ arbitrary: nestArb(depth, nest, d), weight: 2 });
  return fc.oneof(...choices);
}

const NESTS = ["bash -c", "bash -c", "sh -c", "eval", "eval", "bash --norc -c", "bash -O extglob -c"] as const;

function nestArb(depth: number, nest: number, d: Dialect): fc.Arbitrary<Node> {
  return fc.constantFrom(...NESTS).chain((how) => {
    const inner: Dialect = how === "sh -c" ? "dash" : how === "eval" ? d : "bash";
    // Bodies stay small: each level of quoting roughly doubles the text.
    return fc.tuple(listArb(Math.min(depth, 1), nest - 1, inner, 2),
      fc.constantFrom<"single" | "double">("single", "double")).map(([body, quote]): Node => ({ t: "nest", how, quote,
        body })
      );
  });
}

/** A core command inside a chain of one to four nested shells or evals. */
const deepNest: fc.Arbitrary<Node> = fc.tuple(listArb(0, 0, "bash", 2),
  fc.array(
    fc.tuple(fc.constantFrom(...NESTS.filter((h) => h !== "sh -c")),
      fc.constantFrom<"single" | "double">("single", "double")),
    { minLength: 1, maxLength: 4 },
  )).map(([core, levels]) => levels.reduce<Node>((body, [how, quote]) => ({ t: "nest", how, quote, body }), core));

/** Generated commands with their intent (see the top of this file). */
export const intentCommand: fc.Arbitrary<IntentCommand> = fc.oneof({ arbitrary: listArb(2, 2, "bash"), weight: 5 }, {
  arbitrary: deepNest,
  weight: 1,
}).map(finish);
