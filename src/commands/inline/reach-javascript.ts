// What a JavaScript program run by node visibly reaches (reach.ts): files opened through `fs`
// (and `fs.promises`, `fs/promises`) by a name computed from literals, `path.join`/`resolve`,
// `os.homedir()`, `process.env.HOME`, `__dirname` and template strings; commands handed to a
// shell (`child_process.exec`/`execSync`, `shell: true`) or run (`execFile`, `spawn` and their
// Sync forms). Bindings of `require(…)` and `import` are followed by name, as are the values
// assigned to a name anywhere in the file; anything else is skipped.

import { builtinModules } from "node:module";
import type { Node } from "web-tree-sitter";
import { nodesOf, Bindings, combine, concat, cwdValue, dirnameOf, HOME, joinPath, modeKind, type NodeBudget, type Param,
  type ReachKind, ReachSink, type ReachValue, SCRIPT, type ScriptReach } from "./reach-values.ts";

/** fs functions whose first argument is a file of the kind given (their Sync and promise forms alike). */
const FS_FIRST: Readonly<Record<string, ReachKind>> = { readFile: "read", createReadStream: "read", readdir: "list",
  opendir: "list", writeFile: "write", appendFile: "write", createWriteStream: "write", mkdir: "write", rm: "write",
  rmdir: "write", unlink: "write", truncate: "write", chmod: "write", chown: "write", utimes: "write", mkdtemp: "write",
  watch: "read" };
const FS_TWO: Readonly<Record<string, readonly [ReachKind, ReachKind]>> = { copyFile: ["read", "write"],
  cp: ["read", "write"], rename: ["write", "write"], symlink: ["unknown", "write"], link: ["unknown", "write"] };
/** child_process functions that run a shell's code. */
const SHELL = new Set(["exec", "execSync"]);
/** child_process functions that run a program with an argv (a shell's code with `shell: true`). */
const PROGRAM = new Set(["execFile", "execFileSync", "spawn", "spawnSync", "fork"]);

/** The nodes the scan looks at; the rest of the tree is only walked. */
const SCANNED = new Set(["import_statement", "export_statement", "variable_declarator", "assignment_expression",
  "call_expression", "function_declaration", "generator_function_declaration", "method_definition",
  "for_in_statement"]);
/** Array methods whose callback is given each item first. */
const ITEM_CALLBACKS = new Set(["forEach", "map", "flatMap", "filter", "some", "every", "find", "findIndex"]);
/** Functions a name may be bound to. */
const FUNCTION_VALUES = new Set(["arrow_function", "function_expression", "function", "generator_function"]);

/** The last names (without `Sync`) of the functions the scan judges calls of. */
const CALLEES = new Set(
  ["open", ...Object.keys(FS_FIRST), ...Object.keys(FS_TWO), ...SHELL, ...PROGRAM].map((n) => n.replace(/Sync$/, "")),
);

export function reachJavaScript(root: Node, budget: NodeBudget): ScriptReach {
  return new JavaScriptReach(root, budget).run();
}

/** The module a specifier names, as this scanner knows them. */
function moduleOf(spec: string): string | null {
  const m = spec.replace(/^node:/, "");
  if (m === "fs/promises") return "fs";
  if (m === "path/posix") return "path";
  return ["fs", "path", "os", "child_process", "process"].includes(m) ? m : null;
}

class JavaScriptReach {
  /** Local names of modules and their members: `cp` → `child_process`, `readFileSync` → `fs.readFileSync`. */
  private readonly aliases = new Map<string, string>();
  private readonly bindings = new Bindings();
  /** The functions (and methods) the file defines, by name. */
  private readonly functions = new Map<string, readonly Param[]>();
  private readonly nodes: Node[];
  private readonly sink = new ReachSink();

  constructor(root: Node, budget: NodeBudget) {
    this.nodes = nodesOf(root, budget, SCANNED);
  }

  run(): ScriptReach {
    for (const n of this.nodes) {
      this.loads(n);
      if (n.type === "import_statement") this.importStatement(n);
      else if (n.type === "export_statement") continue;
      else if (n.type === "variable_declarator") {
        const name = n.childForFieldName("name");
        const value = n.childForFieldName("value");
        if (name && value) this.declare(name, value);
      } else if (n.type === "assignment_expression") {
        const left = n.childForFieldName("left");
        const right = n.childForFieldName("right");
        if (left?.type === "identifier" && right) this.bindings.add(left.text, right);
        if (left?.type === "identifier" && right && FUNCTION_VALUES.has(right.type)) this.define(left.text, right);
      } else if (n.type !== "call_expression") {
        const name = n.childForFieldName("name")?.text;
        if (name) this.define(name, n);
      }
    }
    // The arguments of calls of the file's own functions, and the items a `for … of` or an
    // array's forEach/map takes, before any value is worked out.
    for (const n of this.nodes) {
      if (n.type === "for_in_statement") {
        const left = n.childForFieldName("left");
        const right = n.childForFieldName("right");
        const items = right && n.children.some((c) => c.type === "of") ? this.arrayOf(right) : null;
        if (left?.type === "identifier") { for (const i of items ?? []) this.bindings.add(left.text, i); }
        continue;
      }
      this.itemCallback(n);
      const fn = n.type === "call_expression" ? n.childForFieldName("function") : null;
      const name = fn?.type === "identifier" ?
        fn.text :
        fn?.type === "member_expression"
        ? fn.childForFieldName("property")?.text
        : undefined;
      const def = name === undefined ? undefined : this.functions.get(name);
      const args = def
        ? (n.childForFieldName("arguments")?.namedChildren ?? []).filter((a) => a.type !== "comment")
        : [];
      if (def) this.bindings.call(def, args, new Map(), 0);
    }
    for (const n of this.nodes) if (n.type === "call_expression") this.call(n);
    return this.sink.done();
  }

  /**
   * A package the node loads by a bare name: `import … from "x"`, `export … from "x"`,
   * `require("x")`, `import("x")` with a plain string (a name node does not resolve by
   * node_modules — a builtin, `node:…`, a relative or absolute file, `#imports` — is none).
   */
  private loads(n: Node): void {
    let spec: Node | null | undefined = null;
    if (n.type === "import_statement" || n.type === "export_statement") spec = n.childForFieldName("source");
    else if (n.type === "call_expression") {
      const fn = n.childForFieldName("function");
      if (fn?.type === "import" || (fn?.type === "identifier" && fn.text === "require")) {
        spec = n.childForFieldName("arguments")?.namedChildren.find((a) => a.type !== "comment");
      }
    }
    const text = spec ? jsPlain(spec) : null;
    if (text === null || text === "" || /^(\.{1,2}(\/|$)|\/|#|node:|[a-z]+:)/.test(text)) return;
    const name = text.split("/").slice(0, text.startsWith("@") ? 2 : 1).join("/");
    if (!builtinModules.includes(name)) this.sink.package(name);
  }

  /** `function f(a, b = "x")`, `const f = (a) => …`, a method: its parameters, their defaults bound. */
  private define(name: string, n: Node): void {
    const params: Param[] = [];
    const list = n.childForFieldName("parameters") ?? n.childForFieldName("parameter");
    for (const p of list?.type === "identifier" ? [list] : list?.namedChildren ?? []) {
      const id = p.type === "assignment_pattern" ? p.childForFieldName("left") : p;
      if (id?.type !== "identifier") {
        // (A pattern takes the place of a parameter: the ones after it keep their positions.)
        params.push({ name: "" });
        continue;
      }
      params.push({ name: id.text });
      const dflt = p.type === "assignment_pattern" ? p.childForFieldName("right") : null;
      if (dflt) this.bindings.add(id.text, dflt);
    }
    const known = this.functions.get(name);
    this.functions.set(name, known && known.length >= params.length ? known : params);
  }

  /** `const fs = require("fs")`, `const { execSync: run } = require("child_process")`, `const p = …`. */
  private declare(name: Node, value: Node): void {
    const mod = this.moduleValue(value);
    if (name.type === "identifier") {
      if (mod !== null) this.aliases.set(name.text, mod);
      else this.bindings.add(name.text, value);
      if (FUNCTION_VALUES.has(value.type)) this.define(name.text, value);
      return;
    }
    if (name.type !== "object_pattern" || mod === null) return;
    for (const p of name.namedChildren) {
      if (p.type === "shorthand_property_identifier_pattern") this.aliases.set(p.text, `${mod}.${p.text}`);
      else if (p.type === "pair_pattern") {
        const key = p.childForFieldName("key")?.text;
        const local = p.childForFieldName("value");
        if (key && local?.type === "identifier") {
          this.aliases.set(local.text, key === "promises" ? mod : `${mod}.${key}`);
        }
      }
    }
  }

  /** The module an expression is: `require("fs")`, `require("fs").promises`, an alias of one. */
  private moduleValue(n: Node): string | null {
    if (n.type === "call_expression" && n.childForFieldName("function")?.text === "require") {
      const spec = n.childForFieldName("arguments")?.namedChildren[0];
      return spec ? moduleOf(jsPlain(spec) ?? "") : null;
    }
    if (n.type === "member_expression") {
      const obj = this.moduleValue(n.childForFieldName("object")!);
      const prop = n.childForFieldName("property")?.text;
      if (obj === "fs" && prop === "promises") return "fs";
      if (obj === "path" && prop === "posix") return "path";
      return null;
    }
    if (n.type === "identifier") {
      const a = this.aliases.get(n.text);
      return a !== undefined && !a.includes(".") ? a : null;
    }
    return null;
  }

  private importStatement(n: Node): void {
    const src = n.childForFieldName("source");
    const mod = src ? moduleOf(jsPlain(src) ?? "") : null;
    if (mod === null) return;
    for (const clause of n.namedChildren.filter((c) => c.type === "import_clause")) {
      for (const c of clause.namedChildren) {
        if (c.type === "identifier") this.aliases.set(c.text, mod);
        else if (c.type === "namespace_import") {
          const id = c.namedChildren.find((x) => x.type === "identifier");
          if (id) this.aliases.set(id.text, mod);
        } else if (c.type === "named_imports") {
          for (const s of c.namedChildren.filter((x) => x.type === "import_specifier")) {
            const name = s.childForFieldName("name")?.text;
            const alias = s.childForFieldName("alias")?.text ?? name;
            if (name && alias) this.aliases.set(alias, name === "promises" ? mod : `${mod}.${name}`);
          }
        }
      }
    }
  }

  /** `fs.readFileSync` → `fs.readFileSync`, `require("fs").promises.readFile` → `fs.readFile`. */
  private qname(n: Node): string | null {
    if (n.type === "identifier") return this.aliases.get(n.text) ?? null;
    if (n.type === "member_expression") {
      const obj = n.childForFieldName("object")!;
      const prop = n.childForFieldName("property")?.text;
      if (!prop) return null;
      const mod = this.moduleValue(obj);
      if (mod !== null) return `${mod}.${prop}`;
      const head = obj.type === "identifier" && obj.text === "process" ? "process" : this.qname(obj);
      return head ? `${head}.${prop}` : null;
    }
    return null;
  }

  private call(n: Node): void {
    const fn = n.childForFieldName("function");
    // (Most calls are none of the functions below: their last name says so, cheaply.)
    const last = fn?.text.slice(fn.text.lastIndexOf(".") + 1).replace(/Sync$/, "") ?? "";
    if (!CALLEES.has(last)) return;
    const q = fn ? this.qname(fn) : null;
    if (q === null) return;
    const args = (n.childForFieldName("arguments")?.namedChildren ?? []).filter((a) => a.type !== "comment");
    const [mod, name] = [q.slice(0, q.indexOf(".")), q.slice(q.indexOf(".") + 1).replace(/Sync$/, "")];
    if (mod === "fs") {
      if (name === "open") {
        const flags = args[1] ? this.value(args[1]) : [cwdValue("r")];
        const kind = flags?.length === 1 && flags[0]!.base === "cwd" ? modeKind(flags[0]!.text) : "unknown";
        this.sink.file(this.value(args[0]), kind);
      } else if (FS_FIRST[name] !== undefined) this.sink.file(this.value(args[0]), FS_FIRST[name]);
      else if (FS_TWO[name] !== undefined) {
        this.sink.file(this.value(args[0]), FS_TWO[name][0]);
        this.sink.file(this.value(args[1]), FS_TWO[name][1]);
      }
    } else if (mod === "child_process") {
      const fnName = q.slice(q.indexOf(".") + 1);
      if (SHELL.has(fnName)) this.sink.shell(this.value(args[0]));
      else if (PROGRAM.has(fnName)) {
        const list = args[1] === undefined ? [] : this.arrayOf(args[1]);
        const options = args[1]?.type === "object" ? args[1] : args[2];
        if (options?.type === "object" && /\bshell\s*:\s*(true|["'`])/.test(options.text)) {
          this.sink.shell(this.value(args[0]));
        } else if (fnName === "fork") this.sink.file(this.value(args[0]), "unknown");
        else if (list !== null) this.argv([args[0]!, ...list]);
      }
    }
  }

  /** `[a, b].forEach((f) => …)`: the callback's first parameter is each item. */
  private itemCallback(n: Node): void {
    const fn = n.childForFieldName("function");
    if (fn?.type !== "member_expression" || !ITEM_CALLBACKS.has(fn.childForFieldName("property")?.text ?? "")) return;
    const items = this.arrayOf(fn.childForFieldName("object")!);
    const callback = n.childForFieldName("arguments")?.namedChildren[0];
    const params = callback && FUNCTION_VALUES.has(callback.type)
      ? callback.childForFieldName("parameters") ?? callback.childForFieldName("parameter")
      : null;
    const first = params?.type === "identifier" ? params : params?.namedChildren[0];
    if (first?.type === "identifier") { for (const i of items ?? []) this.bindings.add(first.text, i); }
  }

  /** The items of an array, written there or assigned once to the name given (`const args = [...]`). */
  private arrayOf(n: Node): readonly Node[] | null {
    if (n.type === "array") return n.namedChildren;
    const bound = n.type === "identifier" ? this.bindings.nodesOf(n.text) : [];
    return bound.length === 1 && bound[0]!.type === "array" ? bound[0]!.namedChildren : null;
  }

  private argv(items: readonly Node[]): void {
    const vals: ReachValue[] = [];
    for (const it of items) {
      const v = it ? this.value(it) : null;
      if (v === null || v.length !== 1) return;
      vals.push(v[0]!);
    }
    this.sink.argv(vals);
  }

  private value(n: Node | undefined): ReachValue[] | null {
    if (!n) return null;
    switch (n.type) {
      case "string": {
        const t = jsPlain(n);
        return t === null ? null : [cwdValue(t)];
      }
      case "template_string": {
        const parts: ReachValue[][] = [];
        for (const c of n.namedChildren) {
          if (c.type === "string_fragment") parts.push([cwdValue(c.text)]);
          else if (c.type === "template_substitution") {
            const v = this.value(c.namedChildren[0]);
            if (!v) return null;
            parts.push(v);
          } else return null;
        }
        return combine(parts, (vs) => vs.reduce<ReachValue | null>((a, b) => a && concat(a, b), cwdValue(""))) ??
          [cwdValue("")];
      }
      case "parenthesized_expression":
        return this.value(n.namedChildren[0]);
      case "identifier": {
        if (n.text === "__filename") return [SCRIPT];
        if (n.text === "__dirname") return [dirnameOf(SCRIPT)];
        return this.bindings.values(n.text, (b) => this.value(b));
      }
      case "binary_expression": {
        if (n.childForFieldName("operator")?.text !== "+") return null;
        const l = this.value(n.childForFieldName("left") ?? undefined);
        const r = this.value(n.childForFieldName("right") ?? undefined);
        return l && r ? combine([l, r], ([a, b]) => concat(a!, b!)) : null;
      }
      case "member_expression": {
        const obj = n.childForFieldName("object");
        const prop = n.childForFieldName("property")?.text;
        if (obj?.type === "meta_property" && prop === "dirname") return [dirnameOf(SCRIPT)];
        if (obj?.type === "meta_property" && prop === "filename") return [SCRIPT];
        return obj?.text === "process.env" && prop === "HOME" ? [HOME] : null;
      }
      case "subscript_expression": {
        const index = n.childForFieldName("index");
        return n.childForFieldName("object")?.text === "process.env" && index && jsPlain(index) === "HOME"
          ? [HOME]
          : null;
      }
      case "call_expression":
        return this.callValue(n);
      default:
        return null;
    }
  }

  /**
   * `p.replace(/^~/, os.homedir())`, `p.replace("~", home)`: the usual spelling of expanding a
   * leading `~` in node, which does not. Any other replacement is not followed.
   */
  private tildeReplaced(fn: Node, args: readonly Node[]): ReachValue[] | null {
    const pattern = args[0];
    const tilde = pattern?.type === "regex"
      ? /^\^~(\\?\/)?$/.test(pattern.childForFieldName("pattern")?.text ?? "")
      : pattern !== undefined && jsPlain(pattern) === "~";
    const subject = this.value(fn.childForFieldName("object") ?? undefined);
    const by = this.value(args[1]);
    if (!tilde || !subject || !by) return null;
    return combine([subject, by], ([v, b]) => {
      if (v!.base !== "cwd" || !v!.text.includes("~")) return v!;
      const at = v!.text.indexOf("~");
      return at === 0 ? concat(b!, cwdValue(v!.text.slice(1))) : null;
    });
  }

  private callValue(n: Node): ReachValue[] | null {
    const fn = n.childForFieldName("function");
    const q = fn ? this.qname(fn) : null;
    const args = (n.childForFieldName("arguments")?.namedChildren ?? []).filter((a) => a.type !== "comment");
    if (q === "os.homedir") return [HOME];
    const method = fn?.type === "member_expression" ? fn.childForFieldName("property")?.text : undefined;
    if (method === "replace" || method === "replaceAll") return this.tildeReplaced(fn!, args);
    if (q === "process.cwd") return [cwdValue(".")];
    if (q === "path.join" || q === "path.resolve" || q === "path.normalize") {
      const vs = args.map((a) => this.value(a));
      if (vs.some((v) => v === null) || vs.length === 0) return null;
      return combine(vs as ReachValue[][], (parts) => parts.reduce(joinPath));
    }
    if (q === "path.dirname") return this.value(args[0])?.map(dirnameOf) ?? null;
    return null;
  }
}

/** A plain string literal's text (no escapes), or null. */
function jsPlain(n: Node): string | null {
  if (n.type !== "string") return null;
  const parts = n.namedChildren;
  if (parts.length === 0) return "";
  return parts.length === 1 && parts[0]!.type === "string_fragment" ? parts[0]!.text : null;
}
