// The values and findings the script scanners share (reach.ts): strings as the languages' path
// functions compute them (string operations, no disk), and the bounds of a scan.

import type { Node } from "web-tree-sitter";

/**
 * A string the script computes: `text` relative to `base` — the process's working directory
 * (or absolute), the user's home where the language expands it (`os.path.expanduser`,
 * `os.homedir()`, `$ENV{HOME}`), or the script file itself (`__file__`, `__dirname` is its
 * `..`), resolved by the caller.
 */
export interface ReachValue {
  readonly base: "cwd" | "home" | "script";
  readonly text: string;
}

export type ReachKind = "read" | "write" | "list" | "unknown";

interface ReachFile {
  readonly at: ReachValue;
  readonly kind: ReachKind;
}

/** Shell code handed to `/bin/sh -c`, or a program run with its argv (no shell). */
type ReachCommand = { readonly t: "shell"; readonly text: ReachValue } | { readonly t: "argv";
  readonly argv: readonly ReachValue[] };

/** A file of code the script runs in its own interpreter (`exec(open(p).read())`, `runpy.run_path(p)`). */
interface ReachScript {
  readonly at: ReachValue;
}

export interface ScriptReach {
  readonly files: readonly ReachFile[];
  readonly commands: readonly ReachCommand[];
  readonly scripts: readonly ReachScript[];
  /**
   * Packages the script loads by a bare name (`require("x")`, `import … from "@s/x"`): the
   * interpreter looks for them from the script's own directory upwards (script-reach.ts).
   */
  readonly packages: readonly string[];
}

/** Nodes walked per script; past it, nothing is reported (as for a script not read at all). */
const MAX_REACH_NODES = 100_000;
/** Values one expression may stand for (a name assigned in several places). */
const MAX_VALUES = 8;

/** Thrown by a scanner past MAX_REACH_NODES: the script is then not reported on at all. */
export class ReachBound extends Error {
  override readonly name = "ReachBound";
}

/** Counts walked nodes against MAX_REACH_NODES. */
export class NodeBudget {
  private left = MAX_REACH_NODES;
  spend(): void {
    if (--this.left < 0) throw new ReachBound("the script is too large to scan");
  }
}

/** The nodes under `root` of the given types, in order (depth-first), within the budget. */
export function nodesOf(root: Node, budget: NodeBudget, types: ReadonlySet<string>): Node[] {
  const out: Node[] = [];
  const cursor = root.walk();
  try {
    for (;;) {
      budget.spend();
      // (Only the nodes asked for are made into objects: most of a file is not.)
      if (types.has(cursor.nodeType)) out.push(cursor.currentNode);
      if (cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return out;
      }
    }
  } finally {
    cursor.delete();
  }
}

// Values, as the languages' path functions compute them (string operations, no disk).

export const cwdValue = (text: string): ReachValue => ({ base: "cwd", text });
export const HOME: ReachValue = { base: "home", text: "" };
export const SCRIPT: ReachValue = { base: "script", text: "" };

/** `a + b` on strings: null when `b` is not plain text (a home in the middle is no path we know). */
export function concat(a: ReachValue, b: ReachValue): ReachValue | null {
  if (b.base !== "cwd") return a.base === "cwd" && a.text === "" ? b : null;
  if (a.base === "script") return null;
  return { base: a.base, text: a.text + b.text };
}

/** `os.path.join(a, b)`, `path.join`, `Path(a) / b`: an absolute or home-based `b` starts over. */
export function joinPath(a: ReachValue, b: ReachValue): ReachValue {
  if (b.base !== "cwd" || b.text.startsWith("/")) return b;
  if (b.text === "") return a.text === "" || a.text.endsWith("/") ? a : { base: a.base, text: `${a.text}/` };
  if (a.text === "") return a.base === "cwd" ? b : { base: a.base, text: `/${b.text}` };
  return { base: a.base, text: a.text.endsWith("/") ? a.text + b.text : `${a.text}/${b.text}` };
}

/** `os.path.dirname`, `path.dirname`, `Path.parent`: the text without its last segment (`..` past its start). */
export function dirnameOf(v: ReachValue): ReachValue {
  const t = v.text.replace(/\/+$/, "");
  const cut = t.lastIndexOf("/");
  const last = cut < 0 ? t : t.slice(cut + 1);
  if (t === "" || last === ".." || last === "." || (v.base !== "cwd" && cut <= 0)) {
    if (v.base === "cwd" && t === "") return cwdValue("..");
    return { base: v.base, text: `${t}/..` };
  }
  return { base: v.base, text: cut === 0 ? "/" : cut < 0 ? "" : t.slice(0, cut) };
}

/** `os.path.expanduser`, `Path.expanduser()`: a leading `~` (alone or before `/`) is the home. */
export function expandUser(v: ReachValue): ReachValue {
  if (v.base !== "cwd" || !/^~(\/|$)/.test(v.text)) return v;
  return { base: "home", text: v.text.slice(1) };
}

/** The values of `f` over each combination of `parts`' values, at most MAX_VALUES. */
export function combine(parts: readonly (readonly ReachValue[])[], f: (vs: readonly ReachValue[]) => ReachValue | null):
  | ReachValue[]
  | null
{
  let acc: ReachValue[][] = [[]];
  for (const p of parts) {
    const next: ReachValue[][] = [];
    for (const a of acc) for (const v of p) next.push([...a, v]);
    if (next.length > MAX_VALUES) return null;
    acc = next;
  }
  const out: ReachValue[] = [];
  for (const vs of acc) {
    const r = f(vs);
    if (r !== null) out.push(r);
  }
  return out.length ? out : null;
}

/** A shell command's text, read as `open`'s mode strings are, for Python's and node's flags. */
export function modeKind(mode: string): ReachKind {
  return /[wax+]/.test(mode) ? "write" : /^[rbtU]*$/.test(mode) ? "read" : "unknown";
}

/** Collects what a scanner finds, with nothing reported twice. */
export class ReachSink {
  private readonly seen = new Set<string>();
  readonly files: ReachFile[] = [];
  readonly commands: ReachCommand[] = [];
  readonly scripts: ReachScript[] = [];
  readonly packages: string[] = [];

  file(values: readonly ReachValue[] | null, kind: ReachKind): void {
    for (const at of values ?? []) {
      if (at.base === "cwd" && at.text === "") continue;
      const key = `f:${kind}:${at.base}:${at.text}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.files.push({ at, kind });
    }
  }

  shell(values: readonly ReachValue[] | null): void {
    for (const text of values ?? []) {
      const key = `s:${text.base}:${text.text}`;
      if (this.seen.has(key) || (text.base === "cwd" && text.text.trim() === "")) continue;
      this.seen.add(key);
      this.commands.push({ t: "shell", text });
    }
  }

  argv(argv: readonly ReachValue[]): void {
    if (argv.length === 0) return;
    const key = `a:${JSON.stringify(argv)}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.commands.push({ t: "argv", argv });
  }

  script(values: readonly ReachValue[] | null): void {
    for (const at of values ?? []) {
      const key = `c:${at.base}:${at.text}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.scripts.push({ at });
    }
  }

  /** A package loaded by its bare name (the first one or two segments of the specifier). */
  package(name: string): void {
    if (this.seen.has(`p:${name}`)) return;
    this.seen.add(`p:${name}`);
    this.packages.push(name);
  }

  done(): ScriptReach {
    return { files: this.files, commands: this.commands, scripts: this.scripts, packages: this.packages };
  }
}

/** A parameter of a function the file defines (its default is bound as an assignment is). */
export interface Param {
  readonly name: string;
}

/**
 * The expressions assigned to each name anywhere in a file, and the values they may give a
 * name, each worked out once (a name that is part of its own definition is not followed).
 */
export class Bindings {
  private readonly nodes = new Map<string, Node[]>();
  private readonly memo = new Map<string, ReachValue[] | null>();
  private readonly busy = new Set<string>();

  add(name: string, value: Node): void {
    const list = this.nodes.get(name) ?? [];
    if (list.length < MAX_VALUES) list.push(value);
    this.nodes.set(name, list);
  }

  /**
   * A call of a function the file defines binds its parameters to the arguments, as an
   * assignment would (`def read(p): open(p)` … `read("../x")`): `params` are the names in
   * order, each with its default; `skip` parameters are not given by the call (`self`).
   */
  call(params: readonly Param[], positional: readonly Node[], keywords: ReadonlyMap<string, Node>, skip: number): void {
    params.slice(skip).forEach((p, i) => {
      const given = positional[i] ?? keywords.get(p.name);
      if (given && p.name !== "") this.add(p.name, given);
    });
  }

  nodesOf(name: string): readonly Node[] {
    return this.nodes.get(name) ?? [];
  }

  values(name: string, evaluate: (n: Node) => ReachValue[] | null): ReachValue[] | null {
    const known = this.memo.get(name);
    if (known !== undefined) return known;
    const bound = this.nodes.get(name);
    if (!bound || this.busy.has(name)) return null;
    this.busy.add(name);
    let out: ReachValue[];
    try {
      out = bound.flatMap((b) => evaluate(b) ?? []);
    } finally {
      this.busy.delete(name);
    }
    const got = out.length && out.length <= MAX_VALUES ? out : null;
    this.memo.set(name, got);
    return got;
  }
}
