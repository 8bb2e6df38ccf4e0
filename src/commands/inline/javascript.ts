// Inline JavaScript (`node -e CODE`, `node -p CODE`): allowed only when the code is provably
// confined to pure computation, standard input and output, and files named by a literal string
// to a known `fs` function. Everything is an allowlist: node types, globals and the names each
// global or required module may be asked for. Whatever is not on it — `eval`, `Function`,
// `require(variable)`, `child_process`, `globalThis`, `this`, `import()`, a property named
// `constructor` or `__proto__`, a property computed at run time — leaves the code opaque.
//
// Why a computed property is refused even on plain data: `o[k][k]` with k = "constructor" is
// `Function`, which runs a string as code; no check of the code's text can rule that out.
// Names are resolved through the code's own scopes (var and function to the function, let and
// const to the block), so a name the code binds in one function does not vouch for the same
// name elsewhere, where it is the global.

import type { Node } from "web-tree-sitter";
import { analyseTree, type InlineAnalysis, InlineRefusal, type InlineFile, literalOrNull } from "./result.ts";

/** Globals and what may be taken from each; `call`: it may be called or constructed. */
interface GlobalSpec {
  readonly call: boolean;
  readonly props: ReadonlySet<string> | "any";
}
const g = (call: boolean, ...props: string[]): GlobalSpec => ({ call, props: new Set(props) });
const GLOBALS = new Map<string, GlobalSpec>([["console",
  g(false, "log", "error", "warn", "info", "debug", "dir", "table")], ["JSON", g(false, "parse", "stringify")], ["Math",
  { call: false, props: "any" }], ["Object",
  g(true, "keys", "values", "entries", "assign", "freeze", "fromEntries", "isFrozen")], ["Array",
  g(true, "isArray", "from", "of")], ["String", g(true, "fromCharCode", "fromCodePoint", "raw")], ["Number",
  g(true, "isInteger", "isFinite", "isNaN", "isSafeInteger", "parseInt", "parseFloat", "MAX_SAFE_INTEGER",
    "MIN_SAFE_INTEGER", "EPSILON", "MAX_VALUE", "MIN_VALUE")], ["Date", g(true, "now", "parse", "UTC")], ["Promise",
  g(true, "all", "allSettled", "race", "resolve", "reject", "any")], ["Buffer",
  g(false, "from", "alloc", "concat", "isBuffer", "byteLength", "compare")], ["Symbol",
  g(true, "iterator", "asyncIterator")], ["process",
  g(false, "argv", "env", "exit", "exitCode", "version", "versions", "platform", "arch", "stdin", "stdout", "stderr",
    "cwd", "pid", "uptime", "hrtime", "memoryUsage")],
  ...[
    "Boolean",
    "RegExp",
    "Map",
    "Set",
    "WeakMap",
    "WeakSet",
    "BigInt",
    "Error",
    "TypeError",
    "RangeError",
    "SyntaxError",
    "parseInt",
    "parseFloat",
    "isNaN",
    "isFinite",
    "encodeURIComponent",
    "decodeURIComponent",
    "encodeURI",
    "decodeURI",
    "TextEncoder",
    "TextDecoder",
    "structuredClone",
    "URL",
    "URLSearchParams",
    // (fetch reaches the network, never a file: node's fetch rejects file: URLs, "not implemented".)
    "fetch",
  ].map((n) => [n, g(true)] as const), ...["undefined", "NaN", "Infinity"].map((n) => [n, g(false)] as const)]);

/** What a required module's names are: pure, or an fs function that touches its first argument. */
type ModuleName = "pure" | InlineFile["kind"];
const mod = (entries: Record<string, ModuleName>): ReadonlyMap<string, ModuleName> => new Map(Object.entries(entries));
const pure = (...names: string[]) => Object.fromEntries(names.map((n) => [n, "pure" as const]));
const FS = mod({ readFileSync: "read", readFile: "read", existsSync: "read", statSync: "read", lstatSync: "read",
  createReadStream: "read", readdirSync: "list", readdir: "list", writeFileSync: "write", writeFile: "write",
  appendFileSync: "write", appendFile: "write", mkdirSync: "write", createWriteStream: "write", unlinkSync: "write",
  rmSync: "write" });
const MODULES = new Map<string, ReadonlyMap<string, ModuleName>>([["fs", FS], ["path",
  mod(
    pure("join", "resolve", "basename", "dirname", "extname", "relative", "normalize", "sep", "delimiter", "parse",
      "format", "isAbsolute"),
  )], ["os",
  mod(
    pure("EOL", "platform", "type", "arch", "cpus", "totalmem", "freemem", "hostname", "uptime", "release", "homedir",
      "tmpdir", "endianness", "loadavg"),
  )], ["util", mod(pure("format", "inspect", "isDeepStrictEqual"))], ["crypto",
  mod(pure("createHash", "createHmac", "randomUUID", "randomBytes", "randomInt"))], ["readline",
  mod(pure("createInterface"))]]);

/** Property names that reach code or the engine's machinery from any value. */
const MACHINERY = new Set(["constructor", "prototype", "caller", "callee", "arguments", "mainModule", "binding",
  "_linkedBinding", "dlopen", "prepareStackTrace", "getFunction", "getThis", "require"]);
function machinery(name: string): boolean {
  // `_` too: node's internals hang off objects under such names (`process.stdout._handle`).
  return MACHINERY.has(name) || name.startsWith("_");
}

type Kind =
  | { readonly t: "value" }
  | { readonly t: "global"; readonly name: string }
  | { readonly t: "module"; readonly name: string }
  /** A module function that must be called where it is named. */
  | { readonly t: "fn"; readonly module: string; readonly name: string; readonly access: InlineFile["kind"] }
  /** Something of a module that is not node's: project or installed code, which may be anything. */
  | { readonly t: "opaque" };
const VALUE: Kind = { t: "value" };
const OPAQUE: Kind = { t: "opaque" };
/** What requireCall answers for a module that is not node's own: project or installed code. */
const OPAQUE_MODULE = "\u0000opaque";

/** node's own modules (node 20's builtinModules): one that is not known confined stays refused. */
const NODE_BUILTINS = new Set(["assert", "async_hooks", "buffer", "child_process", "cluster", "console", "constants",
  "crypto", "dgram", "diagnostics_channel", "dns", "domain", "events", "fs", "http", "http2", "https", "inspector",
  "module", "net", "os", "path", "perf_hooks", "process", "punycode", "querystring", "readline", "repl", "stream",
  "string_decoder", "sys", "timers", "tls", "trace_events", "tty", "url", "util", "v8", "vm", "wasi", "worker_threads",
  "zlib", "test", "sea", "sqlite"]);

const FUNCTIONS = new Set(["function_declaration", "function_expression", "function", "arrow_function",
  "generator_function_declaration", "generator_function"]);
const BLOCKS = new Set(["statement_block", "for_statement", "for_in_statement", "switch_body", "class_body"]);

const PLAIN = new Set(["expression_statement", "if_statement", "else_clause", "while_statement", "do_statement",
  "return_statement", "throw_statement", "break_statement", "continue_statement", "empty_statement", "try_statement",
  "finally_clause", "binary_expression", "unary_expression", "update_expression", "ternary_expression",
  "parenthesized_expression", "sequence_expression", "array", "spread_element", "arguments", "template_string",
  "template_substitution", "string_fragment", "escape_sequence", "number", "true", "false", "null", "undefined",
  "regex", "regex_pattern", "regex_flags", "comment", "switch_statement", "switch_case", "switch_default",
  "await_expression", "optional_chain", "hash_bang_line", "object", "statement_block", "program", "for_statement",
  "switch_body", "string"]);

class Scope {
  readonly names = new Map<string, Kind>();
  constructor(readonly parent: Scope | null) {}
  lookup(name: string): Kind | null {
    return this.names.get(name) ?? this.parent?.lookup(name) ?? null;
  }
}

class Analysis {
  readonly files: InlineFile[] = [];
  /** What the code requires that is not node's: relative specifiers and package names. */
  readonly opaque = new Set<string>();
  /** What `require.resolve` is given: found as require finds it, not run. */
  readonly resolved = new Set<string>();
  /** Every plain string literal, judged as a place when opaque code may be handed it. */
  readonly literals: string[] = [];

  run(root: Node): void {
    const top = new Scope(null);
    this.hoist(root, top);
    this.lexical(root, top);
    for (const c of root.namedChildren) if (c) this.node(c, top);
  }

  // ---- declarations

  private declare(scope: Scope, name: string, kind: Kind): void {
    if (GLOBALS.has(name) || name === "require") throw new InlineRefusal(`the code binds ${name}, a global it may use`);
    const had = scope.names.get(name);
    if (had && had.t !== kind.t) throw new InlineRefusal(`${name} is bound twice`);
    scope.names.set(name, kind);
  }

  /** Names a pattern binds (`x`, `{a, b: c}`, `[x, ...y]`, `x = 1`). */
  private patternNames(n: Node | null, out: string[]): void {
    if (!n) return;
    switch (n.type) {
      case "identifier":
      case "shorthand_property_identifier_pattern":
        out.push(n.text);
        return;
      case "object_pattern":
      case "array_pattern":
      case "rest_pattern":
        for (const c of n.namedChildren) this.patternNames(c, out);
        return;
      case "pair_pattern":
        this.patternNames(n.childForFieldName("value"), out);
        return;
      case "assignment_pattern":
        this.patternNames(n.childForFieldName("left"), out);
        return;
      case "object_assignment_pattern":
        this.patternNames(n.childForFieldName("left"), out);
        return;
      default:
        throw new InlineRefusal(`a binding pattern of type ${n.type}`);
    }
  }

  /** `var` and function declarations of a function body (or the program), not of nested functions. */
  private hoist(body: Node, scope: Scope): void {
    const walk = (n: Node) => {
      for (const c of n.namedChildren) {
        if (!c) continue;
        if (c.type === "variable_declaration") {
          for (const d of c.namedChildren) if (d?.type === "variable_declarator") this.declarator(d, scope);
        }
        if (c.type === "function_declaration" || c.type === "generator_function_declaration") {
          const name = c.childForFieldName("name");
          if (name) this.declare(scope, name.text, VALUE);
        }
        if (!FUNCTIONS.has(c.type)) walk(c);
      }
    };
    walk(body);
  }

  /** let, const and function declarations directly in a block. */
  private lexical(block: Node, scope: Scope): void {
    for (const c of block.namedChildren) {
      if (!c) continue;
      if (c.type === "lexical_declaration") {
        for (const d of c.namedChildren) if (d?.type === "variable_declarator") this.declarator(d, scope);
      }
      if (c.type === "function_declaration") this.declare(scope, c.childForFieldName("name")!.text, VALUE);
      if (c.type === "class_declaration") throw new InlineRefusal("a class");
    }
  }

  /** `const fs = require("fs")` binds a module; `const {readFileSync} = require("fs")` its functions. */
  private declarator(d: Node, scope: Scope): void {
    const name = d.childForFieldName("name")!;
    const value = d.childForFieldName("value");
    const required = value ? this.requireCall(value) : null;
    if (required === OPAQUE_MODULE) {
      const names: string[] = [];
      this.patternNames(name, names);
      for (const n of names) this.declare(scope, n, OPAQUE);
      return;
    }
    if (required !== null && name.type === "identifier") {
      this.declare(scope, name.text, { t: "module", name: required });
      return;
    }
    if (required !== null && name.type === "object_pattern") {
      for (const p of name.namedChildren) {
        if (!p) continue;
        const key = p.type === "shorthand_property_identifier_pattern"
          ? p
          : p.type === "pair_pattern"
          ? p.childForFieldName("key")
          : null;
        const local = p.type === "pair_pattern" ? p.childForFieldName("value") : p;
        if (!key || !local ||
          local.type.replace("shorthand_property_identifier_pattern", "identifier") !== "identifier" ||
          key.type === "computed_property_name") throw new InlineRefusal(`a destructured require of ${p.type}`);
        this.declare(scope, local.text, this.moduleMember(required, key.text));
      }
      return;
    }
    const names: string[] = [];
    this.patternNames(name, names);
    for (const n of names) this.declare(scope, n, VALUE);
  }

  /** The module `require("literal")` loads, or null when the node is not such a call. */
  private requireCall(n: Node): string | null {
    if (n.type !== "call_expression") return null;
    const fn = n.childForFieldName("function")!;
    if (fn.type !== "identifier" || fn.text !== "require") return null;
    const args = n.childForFieldName("arguments")!.namedChildren.filter((c) => c?.type !== "comment");
    const name = args.length === 1 ? jsString(args[0]!) : null;
    if (name === null) throw new InlineRefusal("require of a name built at run time");
    const bare = name.replace(/^node:/, "");
    if (!MODULES.has(bare)) {
      // node's own modules that reach outside (child_process, net, vm) stay refused; anything else
      // is project or installed code, which runs as `node x.js` does.
      if (name.startsWith("node:") || NODE_BUILTINS.has(bare.split("/")[0]!)) {
        throw new InlineRefusal(`it requires ${name}, which is not a module known to be confined`);
      }
      this.opaque.add(name);
      return OPAQUE_MODULE;
    }
    return bare;
  }

  /**
   * `require.resolve("literal")`: the file node would load for `require`, found without running
   * it; judged where require's module is (the package found upwards, a relative file), as if
   * it ran. Node's own modules resolve to their names.
   */
  private resolveCall(n: Node, scope: Scope): boolean {
    const fn = n.childForFieldName("function")!;
    const obj = fn.type === "member_expression" ? fn.childForFieldName("object") : null;
    if (obj?.type !== "identifier" || obj.text !== "require" || scope.lookup("require")) return false;
    if (fn.childForFieldName("property")?.text !== "resolve") return false;
    const args = n.childForFieldName("arguments")!.namedChildren.filter((c) => c?.type !== "comment");
    const name = args.length === 1 ? jsString(args[0]!) : null;
    if (name === null) throw new InlineRefusal("require.resolve of a name built at run time, or with options");
    if (!name.startsWith("node:") && !NODE_BUILTINS.has(name.split("/")[0]!)) this.resolved.add(name);
    return true;
  }

  private moduleMember(module: string, name: string): Kind {
    const m = MODULES.get(module)!.get(name);
    if (m === undefined) throw new InlineRefusal(`${module}.${name} is not known to be confined`);
    return m === "pure" ? VALUE : { t: "fn", module, name, access: m };
  }

  // ---- checking

  private node(n: Node, scope: Scope): void {
    const k = this.expr(n, scope).t;
    if (k !== "value" && k !== "opaque") throw new InlineRefusal(`${n.text.slice(0, 40)} used as a value`);
  }

  private scopeFor(n: Node, parent: Scope): Scope {
    const s = new Scope(parent);
    this.lexical(n, s);
    return s;
  }

  private expr(n: Node, scope: Scope): Kind {
    if (n.isMissing || n.type === "ERROR") throw new InlineRefusal("the code does not parse");
    switch (n.type) {
      case "identifier": {
        const bound = scope.lookup(n.text);
        if (bound) return bound;
        if (n.text === "require") throw new InlineRefusal('require used other than as require("module")');
        if (GLOBALS.has(n.text)) return { t: "global", name: n.text };
        throw new InlineRefusal(`it uses ${n.text}, which it does not define`);
      }
      case "member_expression": {
        const obj = this.expr(n.childForFieldName("object")!, scope);
        const prop = n.childForFieldName("property")!;
        if (prop.type !== "property_identifier") throw new InlineRefusal(`a property of type ${prop.type}`);
        return this.member(obj, prop.text);
      }
      case "subscript_expression": {
        const obj = this.expr(n.childForFieldName("object")!, scope);
        const index = n.childForFieldName("index")!;
        const key = index.type === "number" ? index.text : jsString(index);
        if (key === null) throw new InlineRefusal("a property computed at run time");
        return this.member(obj, key);
      }
      case "call_expression":
        return this.call(n, scope);
      case "new_expression": {
        const ctor = this.expr(n.childForFieldName("constructor")!, scope);
        if (ctor.t === "global" && !GLOBALS.get(ctor.name)!.call) throw new InlineRefusal(`new ${ctor.name}`);
        if (ctor.t === "module" || ctor.t === "fn") throw new InlineRefusal(`new of a module's name`);
        const args = n.childForFieldName("arguments");
        if (args) this.node(args, scope);
        return VALUE;
      }
      case "lexical_declaration":
      case "variable_declaration":
        for (const d of n.namedChildren) {
          if (d?.type !== "variable_declarator") continue;
          const v = d.childForFieldName("value");
          // `require("fs")` itself was judged when it was declared.
          if (v && this.requireCall(v) === null) this.node(v, scope);
          this.defaults(d.childForFieldName("name")!, scope);
        }
        return VALUE;
      case "assignment_expression":
      case "augmented_assignment_expression": {
        this.assignTarget(n.childForFieldName("left")!, scope);
        this.node(n.childForFieldName("right")!, scope);
        return VALUE;
      }
      case "function_declaration":
      case "function_expression":
      case "function":
      case "arrow_function": {
        const fscope = new Scope(scope);
        const params = n.childForFieldName("parameters") ?? n.childForFieldName("parameter");
        const names: string[] = [];
        if (params) {
          for (const p of params.type === "formal_parameters" ? params.namedChildren : [params]) {
            this.patternNames(p, names);
          }
        }
        for (const p of names) this.declare(fscope, p, VALUE);
        const body = n.childForFieldName("body")!;
        if (body.type === "statement_block") {
          this.hoist(body, fscope);
          this.lexical(body, fscope);
          for (const c of body.namedChildren) if (c) this.node(c, fscope);
        } else this.node(body, fscope);
        if (params) {
          for (const p of params.type === "formal_parameters" ? params.namedChildren : [params]) {
            if (p) this.defaults(p, fscope);
          }
        }
        return VALUE;
      }
      case "statement_block":
      case "switch_body": {
        const s = this.scopeFor(n, scope);
        for (const c of n.namedChildren) if (c) this.node(c, s);
        return VALUE;
      }
      case "for_statement": {
        const s = this.scopeFor(n, scope);
        const init = n.childForFieldName("initializer");
        if (init?.type === "lexical_declaration") this.lexical({ namedChildren: [init] } as unknown as Node, s);
        for (const c of n.namedChildren) if (c) this.node(c, s);
        return VALUE;
      }
      case "for_in_statement": {
        const s = new Scope(scope);
        const left = n.childForFieldName("left")!;
        const kind = n.childForFieldName("kind");
        if (kind) {
          const names: string[] = [];
          this.patternNames(left, names);
          for (const x of names) this.declare(s, x, VALUE);
        } else this.assignTarget(left, scope);
        this.node(n.childForFieldName("right")!, scope);
        this.node(n.childForFieldName("body")!, s);
        return VALUE;
      }
      case "catch_clause": {
        const s = new Scope(scope);
        const names: string[] = [];
        this.patternNames(n.childForFieldName("parameter"), names);
        for (const x of names) this.declare(s, x, VALUE);
        this.node(n.childForFieldName("body")!, s);
        return VALUE;
      }
      case "pair": {
        const key = n.childForFieldName("key")!;
        if (key.type === "computed_property_name") throw new InlineRefusal("a computed property name");
        if (machinery(key.type === "property_identifier" ? key.text : (jsString(key) ?? "__"))) {
          throw new InlineRefusal(`a property named ${key.text}`);
        }
        this.node(n.childForFieldName("value")!, scope);
        return VALUE;
      }
      case "shorthand_property_identifier":
        if (!scope.lookup(n.text)) throw new InlineRefusal(`it uses ${n.text}, which it does not define`);
        if (scope.lookup(n.text)!.t !== "value") throw new InlineRefusal(`${n.text} used as a value`);
        return VALUE;
      default: {
        if (!PLAIN.has(n.type)) throw new InlineRefusal(`it uses ${n.type.replace(/_/g, " ")}`);
        const text = n.type === "string" || n.type === "template_string" ? jsString(n) : null;
        if (text !== null) this.literals.push(text);
        for (const c of n.namedChildren) if (c) this.node(c, scope);
        return VALUE;
      }
    }
  }

  /** Default values inside a binding pattern are expressions. */
  private defaults(p: Node, scope: Scope): void {
    if (p.type === "assignment_pattern" || p.type === "object_assignment_pattern") {
      this.node(p.childForFieldName("right")!, scope);
    }
    if (p.type === "pair_pattern" && p.childForFieldName("key")?.type === "computed_property_name") {
      throw new InlineRefusal("a computed property name");
    }
    for (const c of p.namedChildren) if (c && /pattern/.test(c.type)) this.defaults(c, scope);
  }

  private assignTarget(n: Node, scope: Scope): void {
    if (n.type === "identifier") {
      const k = scope.lookup(n.text);
      if (!k) throw new InlineRefusal(`an assignment to ${n.text}, which the code does not declare`);
      if (k.t !== "value") throw new InlineRefusal(`an assignment to the module name ${n.text}`);
      return;
    }
    if (n.type === "member_expression" || n.type === "subscript_expression") {
      const obj = this.expr(n.childForFieldName("object")!, scope);
      if (obj.t !== "value") {
        throw new InlineRefusal(`an assignment to a property of ${n.childForFieldName("object")!.text}`);
      }
      const key = n.type === "member_expression"
        ? n.childForFieldName("property")!.text
        : n.childForFieldName("index")!.type === "number"
        ? "0"
        : jsString(n.childForFieldName("index")!);
      if (key === null || machinery(key)) {
        throw new InlineRefusal("an assignment to a property computed at run time or named for the engine");
      }
      return;
    }
    if (n.type === "object_pattern" || n.type === "array_pattern") {
      const names: string[] = [];
      this.patternNames(n, names);
      for (const x of names) this.assignTarget({ type: "identifier", text: x } as unknown as Node, scope);
      return;
    }
    throw new InlineRefusal(`an assignment to ${n.type}`);
  }

  private member(obj: Kind, prop: string): Kind {
    if (machinery(prop)) throw new InlineRefusal(`it reaches the property ${prop}`);
    switch (obj.t) {
      case "value":
        return VALUE;
      case "global": {
        const spec = GLOBALS.get(obj.name)!;
        if (spec.props !== "any" && !spec.props.has(prop)) {
          throw new InlineRefusal(`${obj.name}.${prop} is not known to be confined`);
        }
        return VALUE;
      }
      case "module":
        return this.moduleMember(obj.name, prop);
      case "fn":
        throw new InlineRefusal(`${obj.module}.${obj.name}.${prop}`);
      case "opaque":
        return OPAQUE;
      default: {
        const never: never = obj;
        throw new InlineRefusal(`an unknown kind ${String(never)}`);
      }
    }
  }

  private call(n: Node, scope: Scope): Kind {
    const fnNode = n.childForFieldName("function")!;
    const required = this.requireCall(n);
    if (required === OPAQUE_MODULE) return OPAQUE;
    if (required !== null) return { t: "module", name: required };
    if (fnNode.type === "import") throw new InlineRefusal("import()");
    if (this.resolveCall(n, scope)) return VALUE;
    const fn = this.expr(fnNode, scope);
    const argsNode = n.childForFieldName("arguments")!;
    if (argsNode.type !== "arguments") {
      // A tagged template: the tag is called with the template's parts.
      if (fn.t !== "value" && !(fn.t === "global" && GLOBALS.get(fn.name)!.call)) {
        throw new InlineRefusal(`${fnNode.text} as a template tag`);
      }
      this.node(argsNode, scope);
      return VALUE;
    }
    const args = argsNode.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
    switch (fn.t) {
      case "value":
        break;
      case "global":
        if (!GLOBALS.get(fn.name)!.call) throw new InlineRefusal(`${fn.name} called`);
        break;
      case "module":
        throw new InlineRefusal(`the module ${fnNode.text} called`);
      case "opaque":
        // Project or installed code runs with what it is handed (each literal is judged at the end).
        for (const a of args) this.node(a, scope);
        return OPAQUE;
      case "fn": {
        const path = args[0] ? jsString(args[0]) : null;
        if (path === null) throw new InlineRefusal(`${fn.module}.${fn.name} of a name built at run time`);
        this.files.push({ path, kind: fn.access });
        // Options can open a file for writing from a reading function (`readFileSync(f, {flag: "w"})`):
        // unless they are plainly read options, the file is judged as written too.
        if (fn.access !== "write" && args.slice(1).some((a) => !readOptions(a))) {
          this.files.push({ path, kind: "write" });
        }
        for (const a of args.slice(1)) this.node(a, scope);
        return VALUE;
      }
      default: {
        const never: never = fn;
        throw new InlineRefusal(`an unknown kind ${String(never)}`);
      }
    }
    for (const a of args) this.node(a, scope);
    return VALUE;
  }
}

/** Option keys of fs's reading functions that cannot make them write. */
const READ_OPTION_KEYS = new Set(["encoding", "withFileTypes", "recursive", "bigint", "throwIfNoEntry", "highWaterMark",
  "start", "end"]);

/** An argument after the path of a reading fs function that cannot make it write: an encoding, read options, a callback. */
function readOptions(a: Node): boolean {
  if (jsString(a) !== null || a.type === "arrow_function" || a.type === "function_expression" ||
    a.type === "function") return true;
  if (a.type !== "object") return false;
  return a.namedChildren.every((p) =>
    p?.type === "pair" && p.childForFieldName("key")?.type === "property_identifier" &&
    READ_OPTION_KEYS.has(p.childForFieldName("key")!.text)
  );
}

/** The value of a plain string literal (`"x"`, `'x'`, a template without substitutions), or null. */
function jsString(n: Node): string | null {
  if (n.type !== "string" && n.type !== "template_string") return null;
  const parts = n.namedChildren;
  if (parts.length !== 1 || parts[0]!.type !== "string_fragment") return null;
  return literalOrNull(parts[0]!.text);
}

export function analyseJavaScript(root: Node): InlineAnalysis {
  const a = new Analysis();
  return analyseTree(root, () => {
    a.run(root);
    // What it requires runs as `node x.js` runs: a relative specifier is the file node loads
    // from the working directory, a package the one node finds in node_modules (code-options.ts
    // looks for it upwards as node does); every plain literal may be handed to that code.
    const files: InlineFile[] = [...a.files];
    if (a.opaque.size > 0) { for (const t of a.literals) files.push({ path: t, kind: "generic" }); }
    const loaded = [...a.opaque, ...a.resolved];
    const relative = loaded.filter((m) => /^(\.{1,2}\/|\/)/.test(m));
    const packages = loaded.filter((m) => !/^(\.{1,2}\/|\/)/.test(m)).map((m) =>
      m.split("/").slice(0, m.startsWith("@") ? 2 : 1).join("/")
    );
    return { files, imports: relative, packages };
  });
}
