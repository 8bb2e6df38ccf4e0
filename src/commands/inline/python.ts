// Inline Python (`python3 -c CODE`): allowed only when the code is provably confined to pure
// computation, standard input and output, and files named by a literal string to `open`.
// Everything is an allowlist: node types, builtins, modules and each module's names
// (python-modules.ts). Whatever is not on it — `__import__`, `eval`, `getattr`, `os.system`,
// `subprocess`, a module used as a value, an attribute starting with `_` or reaching a frame
// (`gi_frame`, `f_globals`), a path built at run time — leaves the code opaque, with the reason.
//
// Why names can be judged by syntax: no value the allowed code can reach is a module, a frame
// or a function that opens files or runs code, so a rebound name (`open = print`) cannot hold
// one either. Names of builtins that could reach one are refused wherever they appear, even
// where the code also binds them, because Python falls back to the builtin before the binding
// runs (`eval(x); eval = print`).

import type { Node } from "web-tree-sitter";
import { analyseTree, type InlineAnalysis, InlineRefusal, type InlineFile } from "./result.ts";
import { MACHINERY, OPAQUE_DATA, OPEN_KEYWORDS, REFUSED_BUILTINS, SAFE_BUILTINS } from "./python-builtins.ts";
import { PYTHON_MODULES, PYTHON_STDLIB } from "./python-modules.ts";
import { KnownPaths, LISTS, pathMethod, pythonString, SHOWN } from "./python-path-code.ts";
import { parentOf, PURE_PATH_ATTRS } from "./python-paths.ts";

/** Node types whose named children are all expressions or statements checked the same way. */
const PLAIN = new Set(["module", "block", "expression_statement", "if_statement", "elif_clause", "else_clause",
  "while_statement", "try_statement", "finally_clause", "return_statement", "raise_statement", "assert_statement",
  "pass_statement", "break_statement", "continue_statement", "delete_statement", "print_statement", "chevron",
  "binary_operator", "unary_operator", "boolean_operator", "not_operator", "comparison_operator",
  "conditional_expression", "parenthesized_expression", "list", "tuple", "set", "dictionary", "pair", "expression_list",
  "subscript", "slice", "list_splat", "dictionary_splat", "if_clause", "yield", "comment", "decorator", "argument_list",
  "interpolation", "format_specifier", "format_expression", "type_conversion", "concatenated_string", "type", "integer",
  "float", "true", "false", "none", "ellipsis", "escape_sequence", "string_start", "string_content", "string_end",
  "line_continuation", "else"]);

/**
 * What an expression is: a pure module (its names are checked one by one), a value the allowed
 * code made, or something of a module that is not known to be pure (`opaque`): project or
 * installed code, which runs as `python3 x.py` runs, and whose values may be anything.
 */
type Kind =
  { readonly t: "module"; readonly name: string } |
  { readonly t: "value" } |
  { readonly t: "opaque" }
  /** A Path of known text (python-paths.ts); `listing`: the Paths a listing finds; `found`: one of them. */
  | { readonly t: "path"; readonly path: string } |
  { readonly t: "listing" } |
  { readonly t: "found" };
const VALUE: Kind = { t: "value" };
const LISTING: Kind = { t: "listing" };
const FOUND: Kind = { t: "found" };
const OPAQUE: Kind = { t: "opaque" };
/** What `modules` maps a name bound to something of an opaque module to. */
const OPAQUE_MODULE = "\u0000opaque";

class Analysis {
  readonly files: InlineFile[] = [];
  readonly imports = new Set<string>();
  /** Top-level modules imported that are not known to be pure: the code they run is the project's or an installed package's. */
  readonly opaque = new Set<string>();
  /** Every plain string literal, judged as a place when opaque code may be handed it (run's end). */
  readonly literals: string[] = [];
  /** Names bound anywhere in the code (assignment, def, parameter, loop, `as`). */
  private readonly bound = new Set<string>();
  /** Names bound to a module by an import: name → module. */
  private readonly modules = new Map<string, string>();
  /** How many times each name is bound: a name bound once holds what its one binding gave it. */
  private readonly bindings = new Map<string, number>();
  /** `name = VALUE` and `for name in VALUE`, by name, for the names that hold Paths. */
  private readonly assigned: [string, Node][] = [];
  private readonly iterated: [string, Node][] = [];
  /** The Paths the code builds and the names that hold them. */
  private readonly paths = new KnownPaths((name) => this.modules.get(name));
  /** How many class bodies pass 1 is in. */
  private classes = 0;

  run(root: Node): void {
    this.collect(root);
    for (const name of this.modules.keys()) {
      if (this.bound.has(name)) throw new InlineRefusal(`${name} is both a module and a variable`);
    }
    this.paths.settle(this.assigned, this.iterated, (name) => this.bindings.get(name) === 1);
    this.stmt(root);
  }

  // ---- pass 1: what the code binds

  private collect(n: Node): void {
    switch (n.type) {
      case "import_statement":
        for (const c of n.childrenForFieldName("name")) this.importName(c);
        return;
      case "import_from_statement":
        this.importFrom(n);
        return;
      case "assignment":
      case "augmented_assignment":
      case "for_statement":
      case "for_in_clause": {
        const left = n.childForFieldName("left");
        this.bindPattern(left);
        const right = n.childForFieldName("right");
        // (Not in a class body: `A.p` and `self.p` reach such a name as an attribute.)
        if (left?.type === "identifier" && right && this.classes === 0) {
          if (n.type === "assignment") this.assigned.push([left.text, right]);
          else if (n.type !== "augmented_assignment") this.iterated.push([left.text, right]);
        }
        break;
      }
      case "function_definition":
        this.bindPattern(n.childForFieldName("name"));
        break;
      case "class_definition":
        this.bindPattern(n.childForFieldName("name"));
        this.classes++;
        for (const c of n.namedChildren) if (c) this.collect(c);
        this.classes--;
        return;
      case "parameters":
      case "lambda_parameters":
        for (const p of n.namedChildren) this.bindParameter(p);
        break;
      case "as_pattern_target":
      case "global_statement":
      case "nonlocal_statement":
        for (const c of n.namedChildren) this.bindPattern(c);
        break;
      case "named_expression":
        this.bindPattern(n.childForFieldName("name"));
        break;
    }
    for (const c of n.namedChildren) if (c) this.collect(c);
  }

  private bindName(name: string): void {
    if (REFUSED_BUILTINS.has(name) || MACHINERY.test(name)) throw new InlineRefusal(`the code binds ${name}`);
    this.bound.add(name);
    this.bindings.set(name, (this.bindings.get(name) ?? 0) + 1);
  }

  private bindPattern(n: Node | null): void {
    if (!n) return;
    switch (n.type) {
      case "identifier":
        this.bindName(n.text);
        return;
      case "pattern_list":
      case "tuple_pattern":
      case "list_pattern":
      case "list_splat_pattern":
      case "parenthesized_expression":
      case "tuple":
      case "list":
        for (const c of n.namedChildren) this.bindPattern(c);
        return;
      // `a.b = …` and `a[i] = …` bind nothing; they are checked as expressions.
      case "attribute":
      case "subscript":
        return;
      default:
        throw new InlineRefusal(`an assignment to ${n.type}`);
    }
  }

  private bindParameter(p: Node | null): void {
    if (!p) return;
    switch (p.type) {
      case "identifier":
        this.bindName(p.text);
        return;
      case "default_parameter":
      case "typed_default_parameter":
        this.bindPattern(p.childForFieldName("name"));
        return;
      case "typed_parameter":
      case "list_splat_pattern":
      case "dictionary_splat_pattern":
        for (const c of p.namedChildren) if (c?.type === "identifier") this.bindName(c.text);
        return;
      case "keyword_separator":
      case "positional_separator":
        return;
      default:
        throw new InlineRefusal(`a parameter of type ${p.type}`);
    }
  }

  private module(name: string): string {
    if (!PYTHON_MODULES.has(name)) {
      // Project or installed code: it runs, as `python3 x.py` does; what it is handed is judged.
      // A standard module that is not known to be pure (subprocess, socket) is not such code.
      const top = name.split(".")[0]!;
      if (PYTHON_STDLIB.has(top) || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(top)) {
        throw new InlineRefusal(`it imports ${name}, which is not a module known to be pure`);
      }
      this.opaque.add(top);
      return OPAQUE_MODULE;
    }
    // `import json` may load ./json.py: the interpreter looks in the working directory first.
    const top = name.split(".")[0]!;
    if (top !== "sys") this.imports.add(top);
    return name;
  }

  private importName(c: Node): void {
    if (c.type === "dotted_name") {
      this.module(c.text);
      // `import os.path` binds `os`.
      const top = c.text.split(".")[0]!;
      this.modules.set(top, PYTHON_MODULES.has(c.text) ? this.module(top) : OPAQUE_MODULE);
      return;
    }
    if (c.type === "aliased_import") {
      const name = c.childForFieldName("name")!;
      const alias = c.childForFieldName("alias")!;
      this.modules.set(alias.text, this.module(name.text));
      return;
    }
    throw new InlineRefusal(`an import of ${c.type}`);
  }

  private importFrom(n: Node): void {
    const from = n.childForFieldName("module_name");
    if (!from || from.type !== "dotted_name") throw new InlineRefusal("a relative import");
    const mod = this.module(from.text);
    const names = n.childrenForFieldName("name");
    if (names.length === 0) throw new InlineRefusal(`from ${from.text} import *`);
    if (mod === OPAQUE_MODULE) {
      // Every name taken from it may be anything it made: a function, a class, a path.
      for (const c of names) {
        const alias = c.type === "aliased_import" ? c.childForFieldName("alias")! : c;
        if (alias.type !== "dotted_name" && alias.type !== "identifier") {
          throw new InlineRefusal(`from ${from.text} import ${alias.text}`);
        }
        if (alias.text.includes(".")) throw new InlineRefusal(`from ${from.text} import ${alias.text}`);
        if (REFUSED_BUILTINS.has(alias.text) || MACHINERY.test(alias.text)) {
          throw new InlineRefusal(`the code binds ${alias.text}`);
        }
        this.modules.set(alias.text, OPAQUE_MODULE);
      }
      return;
    }
    for (const c of names) {
      const name = c.type === "aliased_import" ? c.childForFieldName("name")! : c;
      const alias = c.type === "aliased_import" ? c.childForFieldName("alias")! : c;
      if (name.type !== "dotted_name" || name.text.includes(".")) {
        throw new InlineRefusal(`from ${mod} import ${name.text}`);
      }
      if (!PYTHON_MODULES.get(mod)!.has(name.text)) {
        throw new InlineRefusal(`${mod}.${name.text} is not known to be pure`);
      }
      const sub = `${mod}.${name.text}`;
      if (PYTHON_MODULES.has(sub)) this.modules.set(alias.text, sub);
      else this.bindName(alias.text);
    }
  }

  // ---- pass 2: every statement and expression

  private stmt(n: Node): void {
    switch (n.type) {
      case "import_statement":
      case "import_from_statement":
        return; // judged in pass 1
      case "assignment":
      case "augmented_assignment": {
        const left = n.childForFieldName("left");
        this.target(left);
        const t = n.childForFieldName("type");
        if (t) this.value(t);
        const r = n.childForFieldName("right");
        // (The one binding of a name that holds a Path: pathNames.)
        if (r && n.type === "assignment" && left?.type === "identifier" && this.paths.names.has(left.text)) {
          this.expr(r);
        } else if (r) this.value(r);
        return;
      }
      case "for_statement":
        this.target(n.childForFieldName("left"));
        this.iterable(n.childForFieldName("left"), [n.childForFieldName("right")!]);
        for (const f of ["body", "alternative"]) {
          const b = n.childForFieldName(f);
          if (b) this.stmt(b);
        }
        return;
      case "function_definition": {
        const params = n.childForFieldName("parameters");
        if (params) this.parameters(params);
        for (const f of ["return_type", "body"]) {
          const b = n.childForFieldName(f);
          if (b) f === "body" ? this.stmt(b) : this.value(b);
        }
        return;
      }
      case "class_definition": {
        const sup = n.childForFieldName("superclasses");
        if (sup) this.value(sup);
        this.stmt(n.childForFieldName("body")!);
        return;
      }
      case "decorated_definition":
        for (const c of n.namedChildren) if (c) this.stmt(c);
        return;
      case "with_statement":
      case "with_clause":
        for (const c of n.namedChildren) if (c) this.stmt(c);
        return;
      case "with_item": {
        const v = n.childForFieldName("value")!;
        if (v.type === "as_pattern") {
          this.value(v.namedChildren[0]!);
          this.target(v.childForFieldName("alias"));
        } else this.value(v);
        return;
      }
      case "except_clause":
        for (const c of n.namedChildren) {
          if (!c) continue;
          if (c.type === "as_pattern") {
            this.value(c.namedChildren[0]!);
            this.target(c.childForFieldName("alias"));
          } else if (c.type === "block") this.stmt(c);
          else this.value(c);
        }
        return;
      case "global_statement":
      case "nonlocal_statement":
        return; // names checked when bound
      case "expression_statement":
        // A value dropped: a Path's is nothing (`p.rename("b")` returns one), a module's still refused.
        for (const c of n.namedChildren) if (c && this.expr(c).t === "module") this.value(c);
        return;
      default:
        this.value(n);
    }
  }

  private parameters(p: Node): void {
    for (const c of p.namedChildren) {
      if (!c) continue;
      const d = c.childForFieldName("value");
      if (d) this.value(d);
      const t = c.childForFieldName("type");
      if (t) this.value(t);
    }
  }

  /** An assignment target: names were bound in pass 1; attributes and subscripts are expressions. */
  private target(n: Node | null): void {
    if (!n) return;
    switch (n.type) {
      case "identifier":
        if (this.modules.has(n.text)) throw new InlineRefusal(`an assignment to the module name ${n.text}`);
        return;
      case "as_pattern_target":
      case "pattern_list":
      case "tuple_pattern":
      case "list_pattern":
      case "list_splat_pattern":
      case "parenthesized_expression":
      case "tuple":
      case "list":
        for (const c of n.namedChildren) this.target(c);
        return;
      case "attribute":
      case "subscript":
        this.value(n);
        return;
      default:
        throw new InlineRefusal(`an assignment to ${n.type}`);
    }
  }

  /**
   * An expression whose value is used: it must not be a module, nor a Path (handed on, a Path's
   * methods would no longer be seen: python-paths.ts).
   */
  value(n: Node): void {
    const k = this.expr(n).t;
    if (k === "module") throw new InlineRefusal(`the module ${n.text} used as a value`);
    if (k === "path" || k === "listing" || k === "found") throw new InlineRefusal(`the Path ${n.text} used as a value`);
  }

  /** An expression whose value is printed or made a string: a Path may be one too. */
  private shown(n: Node): void {
    const k = this.expr(n).t;
    if (k === "module" || k === "listing") throw new InlineRefusal(`${n.text} used as a value`);
  }

  /** What a loop iterates: a Path listing only when the loop binds the one name that holds what it finds. */
  private iterable(left: Node | null, rights: readonly Node[]): void {
    const one = rights.length === 1 && left?.type === "identifier" && this.paths.found.has(left.text);
    for (const r of rights) one ? this.expr(r) : this.value(r);
  }

  private expr(n: Node): Kind {
    if (n.isMissing || n.type === "ERROR") throw new InlineRefusal("the code does not parse");
    switch (n.type) {
      case "identifier": {
        const name = n.text;
        const mod = this.modules.get(name);
        if (mod === OPAQUE_MODULE) return OPAQUE;
        if (mod) return { t: "module", name: mod };
        if (REFUSED_BUILTINS.has(name) || MACHINERY.test(name)) throw new InlineRefusal(`it uses ${name}`);
        const path = this.paths.names.get(name);
        if (path !== undefined) return { t: "path", path };
        if (this.paths.found.has(name)) return FOUND;
        if (!SAFE_BUILTINS.has(name) && !this.bound.has(name)) {
          throw new InlineRefusal(`it uses ${name}, which it does not define`);
        }
        return VALUE;
      }
      case "attribute": {
        const obj = this.expr(n.childForFieldName("object")!);
        const attr = n.childForFieldName("attribute")!.text;
        if (obj.t === "path" || obj.t === "found" || obj.t === "listing") return this.pathAttribute(n, obj, attr);
        // (A package's version, name, file and docs are data, not the interpreter's machinery.)
        if (obj.t === "opaque" && OPAQUE_DATA.has(attr)) return OPAQUE;
        if (MACHINERY.test(attr)) throw new InlineRefusal(`it reaches the attribute ${attr}`);
        if (obj.t === "opaque") return OPAQUE;
        if (obj.t === "value") return VALUE;
        if (!PYTHON_MODULES.get(obj.name)!.has(attr)) {
          throw new InlineRefusal(`${obj.name}.${attr} is not known to be pure`);
        }
        const sub = `${obj.name}.${attr}`;
        return PYTHON_MODULES.has(sub) ? { t: "module", name: sub } : VALUE;
      }
      case "call":
        return this.call(n);
      case "string": {
        const text = pythonString(n);
        if (text !== null) this.literals.push(text);
        for (const c of n.namedChildren) if (c) this.expr(c);
        return VALUE;
      }
      case "keyword_argument":
        this.value(n.childForFieldName("value")!);
        return VALUE;
      case "lambda": {
        const params = n.childForFieldName("parameters");
        if (params) this.parameters(params);
        this.value(n.childForFieldName("body")!);
        return VALUE;
      }
      case "list_comprehension":
      case "set_comprehension":
      case "dictionary_comprehension":
      case "generator_expression":
        for (const c of n.namedChildren) {
          if (!c) continue;
          if (c.type === "for_in_clause") {
            this.target(c.childForFieldName("left"));
            this.iterable(c.childForFieldName("left"), c.childrenForFieldName("right"));
          } else this.value(c);
        }
        return VALUE;
      case "named_expression":
        this.value(n.childForFieldName("value")!);
        return VALUE;
      case "parenthesized_expression":
        // (`(Path("src") / "x.py").exists()`: what is in the parentheses, a Path too.)
        if (n.namedChildren.length === 1 && n.namedChildren[0]!.type !== "comment") {
          return this.expr(n.namedChildren[0]!);
        }
        for (const c of n.namedChildren) if (c) this.stmt(c);
        return VALUE;
      case "binary_operator": {
        // `Path("src") / "x.py"`: a Path of known text, or (not known) refused as a Path used as a value.
        const path = this.paths.text(n);
        if (path !== null) return this.made(path);
        for (const c of n.namedChildren) if (c) this.value(c);
        return VALUE;
      }
      case "interpolation":
        // f"{p}" prints a Path's text.
        n.namedChildren.forEach((c, i) => c && (i === 0 ? this.shown(c) : this.stmt(c)));
        return VALUE;
      case "assignment":
      case "augmented_assignment":
        this.stmt(n);
        return VALUE;
      default:
        if (!PLAIN.has(n.type)) throw new InlineRefusal(`it uses ${n.type.replace(/_/g, " ")}`);
        // A block's children are statements; every other child is an expression, which stmt checks as a value.
        for (const c of n.namedChildren) if (c) this.stmt(c);
        return VALUE;
    }
  }

  private call(n: Node): Kind {
    const fn = n.childForFieldName("function")!;
    const args = n.childForFieldName("arguments")!;
    if (fn.type === "identifier" && fn.text === "open" && !this.modules.has("open")) {
      this.open(args);
      return VALUE;
    }
    const path = this.paths.text(n);
    if (path !== null) return this.made(path);
    if (this.paths.isClass(fn)) throw new InlineRefusal(`${fn.text} is given what is not a string literal or a Path`);
    if (fn.type === "attribute") {
      const obj = this.expr(fn.childForFieldName("object")!);
      const method = fn.childForFieldName("attribute")!.text;
      if (obj.t === "path") {
        const r = pathMethod(this.paths, this, obj.path, method, args);
        return r.t === "path" ? this.made(r.path) : r.t === "listing" ? LISTING : VALUE;
      }
      if (obj.t === "found" || obj.t === "listing") {
        throw new InlineRefusal(`${method} of a Path a listing found, whose name is not known`);
      }
    }
    if (fn.type === "identifier" && SHOWN.has(fn.text) && !this.bound.has(fn.text) && args.type === "argument_list") {
      for (const a of args.namedChildren) if (a) a.type === "keyword_argument" ? this.expr(a) : this.shown(a);
      return VALUE;
    }
    if (fn.type === "identifier" && LISTS.has(fn.text) && !this.bound.has(fn.text) && args.type === "argument_list" &&
      args.namedChildren.length === 1 && this.expr(args.namedChildren[0]!).t === "listing") return LISTING;
    const callee = this.expr(fn);
    if (callee.t === "module") throw new InlineRefusal(`the module ${fn.text} used as a value`);
    this.value(args);
    // What opaque code returns may be anything; so may what any call returns once opaque code
    // is in the program (a name may hold one of its functions).
    return callee.t === "opaque" || this.opaque.size > 0 ? OPAQUE : VALUE;
  }

  /**
   * `open("name", "mode", encoding=…)`: the one way to a file, with its name a literal or a Path
   * of known text; `Path.open(mode, …)` (`given`: the Path's text) takes the same after the name.
   */
  open(args: Node, given?: string): void {
    if (args.type !== "argument_list") throw new InlineRefusal("open with a generator argument");
    let path: string | null = given ?? null;
    let mode: string | null = "r";
    let positional = given === undefined ? 0 : 1;
    for (const a of args.namedChildren) {
      if (!a) continue;
      if (a.type === "keyword_argument") {
        const key = a.childForFieldName("name")!.text;
        const v = a.childForFieldName("value")!;
        if (!OPEN_KEYWORDS.has(key)) throw new InlineRefusal(`open(…, ${key}=…)`);
        if (key === "file" && given === undefined) path = this.literal(v, "the file open is given");
        else if (key === "file") throw new InlineRefusal("Path.open(file=…)");
        else if (key === "mode") mode = this.literal(v, "open's mode");
        else this.value(v);
        continue;
      }
      if (a.type === "comment") continue;
      if (a.type === "list_splat" || a.type === "dictionary_splat") {
        throw new InlineRefusal("open with unpacked arguments");
      }
      if (positional === 0) path = this.paths.text(a) ?? this.literal(a, "the file open is given");
      else if (positional === 1) mode = this.literal(a, "open's mode");
      else this.value(a);
      positional++;
    }
    if (path === null) throw new InlineRefusal("open without a file name");
    const m = mode ?? "r";
    if (!/^[rwaxbtU+]*$/.test(m)) throw new InlineRefusal(`open with mode ${JSON.stringify(m)}`);
    const writes = /[wax+]/.test(m);
    const reads = !/[wax]/.test(m) || m.includes("+");
    if (reads) this.files.push({ path, kind: "read" });
    if (writes) this.files.push({ path, kind: "write" });
  }

  // ---- pathlib (python-paths.ts, python-path-code.ts)

  /** A file the code opens by a known name (PathSink). */
  file(f: InlineFile): void {
    this.files.push(f);
  }

  /** A Path the code makes: its text is a string opaque code may be handed too (`str(p)`). */
  private made(path: string): Kind {
    this.literals.push(path);
    return { t: "path", path };
  }

  private pathAttribute(n: Node, obj: Kind, attr: string): Kind {
    if (obj.t === "path" && attr === "parent") return this.made(parentOf(obj.path));
    if (obj.t !== "listing" && PURE_PATH_ATTRS.has(attr)) return VALUE;
    throw new InlineRefusal(`${n.text} is not a Path's name or text`);
  }

  private literal(n: Node, what: string): string {
    const s = pythonString(n);
    if (s === null) throw new InlineRefusal(`${what} is not a plain string literal`);
    return s;
  }
}

/** The value of a plain string literal (`"x"`, `'x'`, `r"x"`, `u"x"`), or null. */
export function analysePython(root: Node): InlineAnalysis {
  const a = new Analysis();
  return analyseTree(root, () => {
    a.run(root);
    // An opaque module is loaded from the working directory first (`mypkg/`, `mypkg.py`): code
    // there runs, judged as running a project's program is. Its functions may be handed any
    // string the code holds: each plain literal is judged as a place, as an unknown program's
    // words are (a message that names no place outside stays allowed).
    const files: InlineFile[] = [...a.files];
    if (a.opaque.size > 0) { for (const t of a.literals) files.push({ path: t, kind: "generic" }); }
    const imports = [...[...a.imports].map((m) => `${m}.py`), ...[...a.opaque].flatMap((m) => [`${m}.py`, m])];
    return { files, imports };
  });
}
