// The Paths of one inline Python program (python-paths.ts says what pathlib makes of a text):
// which expressions build a Path of known text, which names hold one, and what a method called
// on one does there. python.ts asks this module; everything it does not answer stays refused.

import type { Node } from "web-tree-sitter";
import { InlineRefusal, type InlineFile, literalOrNull } from "./result.ts";
import { joinPaths, parentOf, PATH_CLASSES, PATH_METHODS, pathText, plainPattern, withName, withStem,
  withSuffix } from "./python-paths.ts";

/** Builtins that make a list of a listing's Paths, still only to be looped over. */
export const LISTS: ReadonlySet<string> = new Set(["sorted", "list"]);
/** Builtins that only print or make a string of their arguments: a Path's text is data there. */
export const SHOWN: ReadonlySet<string> = new Set(["print", "str", "repr"]);

/** The value of a plain string literal (`"x"`, `'x'`, `r"x"`, `u"x"`), or null. */
export function pythonString(n: Node): string | null {
  if (n.type !== "string") return null;
  const parts = n.namedChildren;
  const start = parts[0]?.text ?? "";
  if (!/^[rRuU]?("|'|"""|''')$/.test(start)) return null;
  if (parts.length === 2) return null;
  if (parts.length !== 3 || parts[1]!.type !== "string_content") return null;
  return literalOrNull(parts[1]!.text);
}

function given(args: Node): Node[] {
  return args.namedChildren.filter((a): a is Node => a !== null && a.type !== "comment");
}

export class KnownPaths {
  /** Names bound once, to a Path of known text. */
  readonly names = new Map<string, string>();
  /** Names bound once, by a loop over what a Path listing found. */
  readonly found = new Set<string>();

  /** `moduleOf`: the module (or module value, `pathlib.Path`) an imported name is bound to. */
  constructor(private readonly moduleOf: (name: string) => string | undefined) {}

  /**
   * Which names hold a Path of known text (bound once, `name = PATH`), and which hold what a
   * Path listing found (bound once, `for name in LISTING`): known before the code is walked,
   * since code may use a name above its binding (in a function called later).
   */
  settle(assigned: readonly (readonly [string, Node])[], iterated: readonly (readonly [string, Node])[],
    once: (name: string) => boolean): void
  {
    for (let changed = true, round = 0; changed && round < 16; round++) {
      changed = false;
      for (const [name, value] of assigned) {
        if (!once(name) || this.names.has(name)) continue;
        const path = this.text(value);
        if (path !== null) {
          this.names.set(name, path);
          changed = true;
        }
      }
    }
    for (const [name, over] of iterated) if (once(name) && this.listing(over)) this.found.add(name);
  }

  /** Whether `fn` names one of pathlib's Path classes (`Path`, `pathlib.PurePath`, an alias). */
  isClass(fn: Node): boolean {
    if (fn.type === "identifier") return PATH_CLASSES.has(this.moduleOf(fn.text) ?? "");
    const obj = fn.type === "attribute" ? fn.childForFieldName("object") : null;
    if (obj?.type !== "identifier") return false;
    return PATH_CLASSES.has(`${this.moduleOf(obj.text) ?? ""}.${fn.childForFieldName("attribute")!.text}`);
  }

  /** The text of a Path built from string literals and known Paths, as pathlib makes it; else null. */
  text(n: Node): string | null {
    const part = (c: Node | null) => (c ? this.text(c) ?? pythonString(c) : null);
    switch (n.type) {
      case "identifier":
        return this.names.get(n.text) ?? null;
      case "parenthesized_expression":
        return n.namedChildren.length === 1 ? this.text(n.namedChildren[0]!) : null;
      case "binary_operator": {
        if (n.childForFieldName("operator")?.type !== "/") return null;
        const [l, r] = [n.childForFieldName("left")!, n.childForFieldName("right")!];
        const [left, right] = [part(l), part(r)];
        // (`"a" / "b"` is no Path: one side must be one.)
        if (left === null || right === null || (this.text(l) === null && this.text(r) === null)) return null;
        return joinPaths([left, right]);
      }
      case "attribute": {
        if (n.childForFieldName("attribute")!.text !== "parent") return null;
        const of = this.text(n.childForFieldName("object")!);
        return of === null ? null : parentOf(of);
      }
      case "call":
        return this.built(n);
      default:
        return null;
    }
  }

  /** `Path(…)`, `p.joinpath(…)`, `p.with_name(…)`, `p.with_suffix(…)`, `p.with_stem(…)`. */
  private built(n: Node): string | null {
    const fn = n.childForFieldName("function")!;
    const args = n.childForFieldName("arguments")!;
    if (args.type !== "argument_list") return null;
    const items = given(args);
    const texts = items.map((a) => (a.type === "keyword_argument" ? null : this.text(a) ?? pythonString(a)));
    if (texts.some((t) => t === null)) return null;
    const parts = texts as string[];
    if (this.isClass(fn)) return parts.length ? joinPaths(parts) : ".";
    if (fn.type !== "attribute") return null;
    const base = this.text(fn.childForFieldName("object")!);
    if (base === null) return null;
    const method = fn.childForFieldName("attribute")!.text;
    if (method === "joinpath") return joinPaths([base, ...parts]);
    // (with_name and its kin take a string, not a Path.)
    if (parts.length !== 1 || pythonString(items[0]!) === null) return null;
    if (method === "with_name") return withName(base, parts[0]!);
    if (method === "with_suffix") return withSuffix(base, parts[0]!);
    if (method === "with_stem") return withStem(base, parts[0]!);
    return null;
  }

  /** Whether a loop goes over what a listing of a known Path finds (`sorted(p.glob("*.py"))`). */
  listing(n: Node): boolean {
    if (n.type !== "call") return false;
    const fn = n.childForFieldName("function")!;
    const args = n.childForFieldName("arguments")!.namedChildren;
    if (fn.type === "identifier" && LISTS.has(fn.text) && args.length === 1) return this.listing(args[0]!);
    if (fn.type !== "attribute") return false;
    const method = PATH_METHODS.get(fn.childForFieldName("attribute")!.text);
    return method?.t === "listing" && this.text(fn.childForFieldName("object")!) !== null;
  }
}

/** What python.ts does for a method called on a Path: check a value, open a file, record an access. */
interface PathSink {
  value(n: Node): void;
  open(args: Node, path: string): void;
  file(f: InlineFile): void;
}

/** What a Path method returns: data or a file object, the Paths a listing found, or another known Path. */
type PathResult = { readonly t: "value" } | { readonly t: "listing" } | { readonly t: "path"; readonly path: string };

/**
 * A method called on a Path of known text: the access it makes there, and what it returns.
 */
export function pathMethod(paths: KnownPaths, sink: PathSink, path: string, name: string, args: Node): PathResult {
  const method = PATH_METHODS.get(name);
  if (!method) throw new InlineRefusal(`Path.${name} is not known to stay at the Path's place`);
  switch (method.t) {
    case "access":
      sink.value(args);
      sink.file({ path, kind: method.kind });
      return { t: "value" };
    case "open":
      sink.open(args, path);
      return { t: "value" };
    case "listing": {
      const items = given(args);
      const pattern = items[0] ? pythonString(items[0]) : null;
      if (items.length !== (method.pattern ? 1 : 0) ||
        (method.pattern && (pattern === null || !plainPattern(pattern))))
      {
        throw new InlineRefusal(`Path.${name} given ${args.text}, not one plain pattern under the Path`);
      }
      sink.file({ path, kind: "list" });
      return { t: "listing" };
    }
    case "moves": {
      // (A relative target is from the working directory, not the Path's: pathlib's docs.)
      const items = given(args);
      const target = items.length === 1 ? paths.text(items[0]!) ?? pythonString(items[0]!) : null;
      if (target === null) throw new InlineRefusal(`Path.${name} to what is not a string literal or a Path`);
      sink.file({ path, kind: "write" });
      sink.file({ path: target, kind: "write" });
      return { t: "path", path: pathText(target) };
    }
    default: {
      const never: never = method;
      throw new InlineRefusal(`Path.${String(never)}`);
    }
  }
}
