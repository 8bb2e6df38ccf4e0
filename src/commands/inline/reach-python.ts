// What a Python script visibly reaches (reach.ts): files opened by a name it computes from
// literals (`open`, `pathlib.Path` and its methods, `os`/`shutil` file functions), the home
// where Python expands it (`os.path.expanduser`, `Path.home()`, `os.environ["HOME"]`; never a
// plain `open("~/x")`, which opens `./~/x`), and the commands it hands to a shell
// (`os.system`, `os.popen`, `subprocess.*(…, shell=True)`) or runs (`subprocess.run([…])`).
// Names are followed to every assignment of them anywhere in the file; anything else is
// skipped.

import type { Node } from "web-tree-sitter";
import { nodesOf, Bindings, combine, concat, cwdValue, dirnameOf, expandUser, HOME, joinPath, modeKind, type NodeBudget,
  type Param, type ReachKind, ReachSink, type ReachValue, SCRIPT, type ScriptReach } from "./reach-values.ts";

/** Functions whose first argument is a file of the kind given. */
const FILE_FUNCTIONS: Readonly<Record<string, ReachKind>> = { "os.listdir": "list", "os.scandir": "list",
  "os.walk": "list", "glob.glob": "list", "glob.iglob": "list", "os.remove": "write", "os.unlink": "write",
  "os.rmdir": "write", "os.removedirs": "write", "os.mkdir": "write", "os.makedirs": "write", "os.chmod": "write",
  "os.chown": "write", "os.truncate": "write", "shutil.rmtree": "write", "shutil.chown": "write", "os.open": "unknown",
  "shutil.make_archive": "write", "shutil.unpack_archive": "read", "tarfile.open": "read", "zipfile.ZipFile": "read",
  "sqlite3.connect": "write" };
/** Functions of two files: what each is to them. */
const TWO_FILES: Readonly<Record<string, readonly [ReachKind, ReachKind]>> = { "shutil.copy": ["read", "write"],
  "shutil.copy2": ["read", "write"], "shutil.copyfile": ["read", "write"], "shutil.copytree": ["read", "write"],
  "shutil.copymode": ["read", "write"], "shutil.copystat": ["read", "write"], "shutil.move": ["write", "write"],
  "os.rename": ["write", "write"], "os.replace": ["write", "write"], "os.renames": ["write", "write"],
  "os.symlink": ["unknown", "write"], "os.link": ["unknown", "write"] };
/** Functions that hand their first argument to `/bin/sh -c`. */
const SHELL_FUNCTIONS = new Set(["os.system", "os.popen", "commands.getoutput", "commands.getstatusoutput",
  "subprocess.getoutput", "subprocess.getstatusoutput", "asyncio.create_subprocess_shell"]);
/** subprocess's functions: a list is argv, a string is a program (a shell's code with shell=True). */
const SUBPROCESS = new Set(["subprocess.run", "subprocess.call", "subprocess.check_call", "subprocess.check_output",
  "subprocess.Popen", "pty.spawn"]);
/** pathlib's methods and what they do to the path. */
const PATH_METHODS: Readonly<Record<string, ReachKind>> = { read_text: "read", read_bytes: "read", write_text: "write",
  write_bytes: "write", touch: "write", mkdir: "write", unlink: "write", rmdir: "write", chmod: "write",
  iterdir: "list", glob: "list", rglob: "list", walk: "list", rename: "write", replace: "write", symlink_to: "write",
  hardlink_to: "write" };
const PATH_CLASSES = new Set(["pathlib.Path", "pathlib.PosixPath", "pathlib.PurePath", "pathlib.PurePosixPath"]);
/** Functions that give their argument's path back (as far as where it leads is concerned). */
const SAME_PATH = new Set(["os.path.abspath", "os.path.normpath", "os.path.realpath", "os.fspath", "str",
  "os.path.expandvars"]);

/** The nodes the scan looks at; the rest of the tree is only walked. */
const SCANNED = new Set(["import_statement", "import_from_statement", "assignment", "named_expression", "call",
  "function_definition", "for_statement", "for_in_clause", "as_pattern"]);

/** The last names of the functions and methods the scan judges calls of. */
const CALLEES = new Set(["open", "exec", "run_path", "extractall", ...Object.keys(PATH_METHODS),
  ...[...Object.keys(FILE_FUNCTIONS), ...Object.keys(TWO_FILES), ...SHELL_FUNCTIONS, ...SUBPROCESS].map((q) =>
    q.slice(q.lastIndexOf(".") + 1)
  ), "execl", "execlp", "execle", "execlpe", "execv", "execvp", "execve", "execvpe", "spawnl", "spawnlp", "spawnle",
  "spawnlpe", "spawnv", "spawnvp", "spawnve", "spawnvpe"]);

/** Whether a dotted name is one the scan judges calls of or values from. */
function judged(q: string): boolean {
  return q in FILE_FUNCTIONS || q in TWO_FILES || SHELL_FUNCTIONS.has(q) || SUBPROCESS.has(q) || SAME_PATH.has(q) ||
    /^os\.(path\.(join|expanduser|dirname)|getenv|getcwd|exec[lv]p?e?|spawn[lv]p?e?)$/.test(q) || PATH_CLASSES.has(q);
}

export function reachPython(root: Node, budget: NodeBudget): ScriptReach {
  return new PythonReach(root, budget).run();
}

class PythonReach {
  /** Local names of modules and their members: `sp` → `subprocess`, `Path` → `pathlib.Path`. */
  private readonly aliases = new Map<string, string>();
  /** Every expression assigned to a name, anywhere. */
  private readonly bindings = new Bindings();
  /** The functions (and methods) the file defines, by name. */
  private readonly functions = new Map<string, readonly Param[]>();
  /** Modules imported with `*`, whose names are bare. */
  private readonly starModules: string[] = [];
  /** Names bound to a pathlib path, as isPathObject found them. */
  private readonly pathNames = new Map<string, boolean>();
  private readonly nodes: Node[];
  private readonly sink = new ReachSink();

  constructor(root: Node, budget: NodeBudget) {
    this.nodes = nodesOf(root, budget, SCANNED);
  }

  run(): ScriptReach {
    for (const n of this.nodes) {
      if (n.type === "import_statement") this.imports(n, null);
      else if (n.type === "import_from_statement") {
        const mod = n.childForFieldName("module_name");
        if (mod?.type === "dotted_name") this.imports(n, mod.text);
        // `from os import *`: a bare name may be that module's.
        if (mod?.type === "dotted_name" && n.namedChildren.some((c) => c.type === "wildcard_import")) {
          this.starModules.push(mod.text);
        }
      } else if (n.type === "assignment" || n.type === "named_expression") {
        const left = n.childForFieldName(n.type === "assignment" ? "left" : "name");
        const right = n.childForFieldName(n.type === "assignment" ? "right" : "value");
        if (left?.type === "identifier" && right) this.bindings.add(left.text, right);
      } else if (n.type === "function_definition") this.define(n);
      else if (n.type === "as_pattern") {
        // `with tarfile.open(p) as t`: t is what the call gives.
        const value = n.namedChildren[0];
        const alias = n.childForFieldName("alias")?.namedChildren[0];
        if (value?.type === "call" && alias?.type === "identifier") this.bindings.add(alias.text, value);
      }
    }
    // The arguments of calls of the file's own functions, and the items a `for` over a list
    // takes, before any value is worked out.
    for (const n of this.nodes) {
      if (n.type === "for_statement" || n.type === "for_in_clause") {
        const left = n.childForFieldName("left");
        const right = n.childForFieldName("right");
        const items = right ? this.listOf(right) : null;
        if (left?.type === "identifier") { for (const i of items ?? []) this.bindings.add(left.text, i); }
        continue;
      }
      const fn = n.type === "call" ? n.childForFieldName("function") : null;
      const name = fn?.type === "identifier" ?
        fn.text :
        fn?.type === "attribute"
        ? fn.childForFieldName("attribute")?.text
        : undefined;
      const def = name === undefined ? undefined : this.functions.get(name);
      if (!def) continue;
      const { positional, keywords } = this.args(n);
      // (A method called on an object is given its first parameter, self or cls, by Python.)
      const skip = fn!.type === "attribute" && /^(self|cls)$/.test(def[0]?.name ?? "") ? 1 : 0;
      this.bindings.call(def, positional, keywords, skip);
    }
    for (const n of this.nodes) if (n.type === "call") this.call(n);
    return this.sink.done();
  }

  /** `def f(a, b="x", *, c: str = "y")`: its parameters, their defaults bound. */
  private define(n: Node): void {
    const name = n.childForFieldName("name")?.text;
    if (!name) return;
    const params: Param[] = [];
    for (const p of n.childForFieldName("parameters")?.namedChildren ?? []) {
      const id = p.type === "identifier" ?
        p :
        p.type === "typed_parameter"
        ? p.namedChildren.find((c) => c.type === "identifier")
        : p.childForFieldName("name");
      if (!id || id.type !== "identifier") continue;
      params.push({ name: id.text });
      const dflt = p.type === "default_parameter" || p.type === "typed_default_parameter"
        ? p.childForFieldName("value")
        : null;
      if (dflt) this.bindings.add(id.text, dflt);
    }
    // (Two functions of one name, as in two classes: the parameters of each are bound.)
    const known = this.functions.get(name);
    this.functions.set(name, known && known.length >= params.length ? known : params);
  }

  private imports(n: Node, from: string | null): void {
    for (const c of n.namedChildren) {
      if (from !== null && c === n.childForFieldName("module_name")) continue;
      if (c.type === "dotted_name") {
        // `import os.path` binds `os`; `from os import path` binds `path` as os.path.
        if (from === null) this.aliases.set(c.text.split(".")[0]!, c.text.split(".")[0]!);
        else this.aliases.set(c.text, `${from}.${c.text}`);
      } else if (c.type === "aliased_import") {
        const name = c.childForFieldName("name")?.text;
        const alias = c.childForFieldName("alias")?.text;
        if (name && alias) this.aliases.set(alias, from === null ? name : `${from}.${name}`);
      }
    }
  }

  /** The dotted name an expression stands for (`sp.run` → `subprocess.run`), or null. */
  private qname(n: Node): string | null {
    if (n.type === "identifier") {
      return this.aliases.get(n.text) ?? this.starModules.map((m) => `${m}.${n.text}`).find(judged) ?? n.text;
    }
    if (n.type === "attribute") {
      const obj = n.childForFieldName("object");
      const attr = n.childForFieldName("attribute")?.text;
      const head = obj ? this.qname(obj) : null;
      return head && attr ? `${head}.${attr}` : null;
    }
    return null;
  }

  private args(call: Node): { positional: Node[]; keywords: Map<string, Node> } {
    const positional: Node[] = [];
    const keywords = new Map<string, Node>();
    for (const a of call.childForFieldName("arguments")?.namedChildren ?? []) {
      if (a.type === "keyword_argument") {
        const k = a.childForFieldName("name")?.text;
        const v = a.childForFieldName("value");
        if (k && v) keywords.set(k, v);
      } else if (a.type !== "comment") positional.push(a);
    }
    return { positional, keywords };
  }

  private call(n: Node): void {
    const fn = n.childForFieldName("function");
    // (Most calls are none of the functions below: their last name says so, cheaply.)
    if (!fn || !CALLEES.has(fn.text.slice(fn.text.lastIndexOf(".") + 1))) return;
    const { positional, keywords } = this.args(n);
    const arg = (i: number, key?: string): Node | undefined => positional[i] ?? (key ? keywords.get(key) : undefined);
    // A method of a path value: `Path(p).read_text()`, `(Path.home() / ".ssh").iterdir()`.
    if (fn.type === "attribute") {
      const method = fn.childForFieldName("attribute")?.text ?? "";
      const obj = fn.childForFieldName("object")!;
      const kind = method === "open" ? this.modeOf(arg(0, "mode")) : PATH_METHODS[method];
      if (kind !== undefined && this.isPathObject(obj)) {
        this.sink.file(this.value(obj), kind);
        if (method === "rename" || method === "replace") this.sink.file(this.value(arg(0, "target")), "write");
        return;
      }
    }
    if (fn.type === "attribute" && fn.childForFieldName("attribute")?.text === "extractall") {
      const archive = this.archiveOf(fn.childForFieldName("object")!);
      if (archive) this.unpack(archive.tool, archive.at, arg(0, "path"));
      return;
    }
    const q = this.qname(fn);
    if (q === null) return;
    if (q === "shutil.unpack_archive") {
      const at = this.value(arg(0, "filename"));
      const zip = at?.length === 1 && /\.zip$/i.test(at[0]!.text);
      if (at) this.unpack(zip ? "unzip" : "tar", at, arg(1, "extract_dir"));
      return;
    }
    if (q === "exec" || q === "runpy.run_path") {
      this.sink.script(q === "exec" ? this.sourceRead(arg(0)) : this.value(arg(0, "path_name")));
      return;
    }
    if (q === "open" || q === "io.open" || q === "codecs.open") {
      this.sink.file(this.value(arg(0, "file")), this.modeOf(arg(1, "mode")));
    } else if (FILE_FUNCTIONS[q] !== undefined) {
      this.sink.file(this.value(arg(0)), FILE_FUNCTIONS[q]);
    } else if (TWO_FILES[q] !== undefined) {
      this.sink.file(this.value(arg(0, "src")), TWO_FILES[q][0]);
      this.sink.file(this.value(arg(1, "dst")), TWO_FILES[q][1]);
    } else if (SHELL_FUNCTIONS.has(q)) {
      this.sink.shell(this.value(arg(0, "cmd")));
    } else if (SUBPROCESS.has(q)) {
      const first = arg(0, "args");
      const shell = keywords.get("shell");
      if (!first) return;
      const split = this.splitWords(first);
      if (split !== null && shell?.type !== "true") return this.sink.argv(split.map(cwdValue));
      const list = this.listOf(first);
      if (shell?.type === "true") this.sink.shell(this.value(list ? list[0] : first));
      else if (list) this.argv(list);
      else this.argv([first]);
    } else if (/^os\.exec[lv]p?e?$/.test(q) || /^os\.spawn[lv]p?e?$/.test(q)) {
      // os.execvp(file, args), os.execlp(file, arg0, arg1, …); spawn* take a mode first.
      const rest = q.startsWith("os.spawn") ? positional.slice(1) : positional;
      const list = (rest[1] ? this.listOf(rest[1]) : null) ?? rest.slice(1);
      if (q.includes("v")) this.argv(list);
      else this.argv(q.endsWith("e") ? list.slice(0, -1) : list);
    }
  }

  /**
   * The file whose text an expression is, read whole: `open(p).read()`, `Path(p).read_text()`,
   * `compile(…, p, "exec")`'s first argument; null otherwise.
   */
  private sourceRead(n: Node | undefined): ReachValue[] | null {
    if (n?.type !== "call") return null;
    const fn = n.childForFieldName("function");
    if (fn?.type === "identifier" && this.qname(fn) === "compile") return this.sourceRead(this.args(n).positional[0]);
    if (fn?.type !== "attribute") return null;
    const method = fn.childForFieldName("attribute")?.text;
    const obj = fn.childForFieldName("object")!;
    if (method === "read_text" && this.isPathObject(obj)) return this.value(obj);
    if (method !== "read" || obj.type !== "call") return null;
    const opener = obj.childForFieldName("function");
    const q = opener ? this.qname(opener) : null;
    return q === "open" || q === "io.open" ? this.value(this.args(obj).positional[0]) : null;
  }

  /** The archive an object is: `tarfile.open(p)`, `zipfile.ZipFile(p)`, or a name bound to one. */
  private archiveOf(n: Node): { readonly tool: "tar" | "unzip"; readonly at: ReachValue[] } | null {
    const calls = n.type === "identifier" ? this.bindings.nodesOf(n.text) : [n];
    if (calls.length !== 1 || calls[0]!.type !== "call") return null;
    const fn = calls[0]!.childForFieldName("function");
    const q = fn ? this.qname(fn) : null;
    const tool = q === "tarfile.open" || q === "tarfile.TarFile" ? "tar" : q === "zipfile.ZipFile" ? "unzip" : null;
    const { positional, keywords } = this.args(calls[0]!);
    const at = this.value(positional[0] ?? keywords.get("name") ?? keywords.get("file"));
    return tool !== null && at !== null ? { tool, at } : null;
  }

  /**
   * An archive unpacked (`extractall`, `shutil.unpack_archive`): judged as tar or unzip unpacking
   * it there, whose members the table reads (a member `../x` writes outside). A destination not
   * known is not followed.
   */
  private unpack(tool: "tar" | "unzip", at: readonly ReachValue[], dest: Node | undefined): void {
    const to = dest ? this.value(dest) : [cwdValue(".")];
    if (!to || to.length !== 1) return;
    for (const a of at) {
      this.sink.argv(
        tool === "tar"
          ? [cwdValue("tar"), cwdValue("-xf"), a, cwdValue("-C"), to[0]!]
          : [cwdValue("unzip"), cwdValue("-o"), cwdValue("-q"), a, cwdValue("-d"), to[0]!],
      );
    }
  }

  /** `"cat x".split()`, `shlex.split("cat x")`: an argv of the words of a literal, as values. */
  private splitWords(n: Node): string[] | null {
    if (n.type !== "call") return null;
    const fn = n.childForFieldName("function");
    const { positional } = this.args(n);
    const source =
      fn?.type === "attribute" && fn.childForFieldName("attribute")?.text === "split" && positional.length === 0
        ? fn.childForFieldName("object")
        : fn && this.qname(fn) === "shlex.split"
        ? positional[0]
        : null;
    const v = source ? this.value(source) : null;
    if (!v || v.length !== 1 || v[0]!.base !== "cwd" || /["'\\]/.test(v[0]!.text)) return null;
    return v[0]!.text.split(/\s+/).filter((w) => w !== "");
  }

  /** The items of a list or tuple, written there or assigned once to the name given (`cmd = [...]`). */
  private listOf(n: Node): readonly Node[] | null {
    if (n.type === "list" || n.type === "tuple") return n.namedChildren;
    const bound = n.type === "identifier" ? this.bindings.nodesOf(n.text) : [];
    return bound.length === 1 && (bound[0]!.type === "list" || bound[0]!.type === "tuple")
      ? bound[0]!.namedChildren
      : null;
  }

  private argv(items: readonly Node[]): void {
    const vals: ReachValue[] = [];
    for (const it of items) {
      const v = this.value(it);
      if (v === null || v.length !== 1) return;
      vals.push(v[0]!);
    }
    this.sink.argv(vals);
  }

  private modeOf(n: Node | undefined): ReachKind {
    if (!n) return "read";
    const v = this.value(n);
    return v?.length === 1 && v[0]!.base === "cwd" ? modeKind(v[0]!.text) : "unknown";
  }

  /** Whether an expression is a pathlib path (so that its methods are file operations). */
  private isPathObject(n: Node): boolean {
    if (n.type === "parenthesized_expression") {
      return n.namedChildren[0] ? this.isPathObject(n.namedChildren[0]) : false;
    }
    if (n.type === "binary_operator") {
      const left = n.childForFieldName("left");
      return left !== null && this.isPathObject(left);
    }
    if (n.type === "call") {
      const fn = n.childForFieldName("function");
      const q = fn ? this.qname(fn) : null;
      if (q !== null && (PATH_CLASSES.has(q) || /^pathlib\.(Pure)?(Posix)?Path\.(home|cwd)$/.test(q))) return true;
      if (fn?.type === "attribute") {
        const m = fn.childForFieldName("attribute")?.text ?? "";
        return ["expanduser", "resolve", "absolute", "joinpath", "with_name", "with_suffix"].includes(m) &&
          this.isPathObject(fn.childForFieldName("object")!);
      }
      return false;
    }
    if (n.type === "attribute") {
      return n.childForFieldName("attribute")?.text === "parent" && this.isPathObject(n.childForFieldName("object")!);
    }
    if (n.type === "identifier") {
      // (Set false first: a name in its own definition is not a path by that.)
      const known = this.pathNames.get(n.text);
      if (known !== undefined) return known;
      this.pathNames.set(n.text, false);
      const is = this.bindings.nodesOf(n.text).some((b) => this.isPathObject(b));
      this.pathNames.set(n.text, is);
      return is;
    }
    return false;
  }

  /** The values an expression may have, or null when it is not computed from literals alone. */
  private value(n: Node | undefined): ReachValue[] | null {
    if (!n) return null;
    switch (n.type) {
      case "string":
        return this.stringValue(n);
      case "concatenated_string":
        return combine(n.namedChildren.map((c) => this.value(c) ?? []), (vs) => this.concatAll(vs));
      case "parenthesized_expression":
        return this.value(n.namedChildren[0]);
      case "identifier": {
        if (n.text === "__file__") return [SCRIPT];
        return this.bindings.values(n.text, (b) => this.value(b));
      }
      case "binary_operator": {
        const op = n.childForFieldName("operator")?.text;
        const l = this.value(n.childForFieldName("left") ?? undefined);
        const r = this.value(n.childForFieldName("right") ?? undefined);
        if (!l || !r) return null;
        if (op === "/") return combine([l, r], ([a, b]) => joinPath(a!, b!));
        if (op === "+") return combine([l, r], ([a, b]) => concat(a!, b!));
        return null;
      }
      case "subscript": {
        const q = this.qname(n.childForFieldName("value")!);
        const key = this.value(n.childForFieldName("subscript") ?? undefined);
        return q === "os.environ" && key?.length === 1 && key[0]!.text === "HOME" ? [HOME] : null;
      }
      case "attribute": {
        // pwd.getpwuid(…).pw_dir: the home as the password database has it (expanduser's
        // fallback; $HOME is what the guard knows).
        if (n.childForFieldName("attribute")?.text === "pw_dir") {
          const call = n.childForFieldName("object");
          const fn = call?.type === "call" ? call.childForFieldName("function") : null;
          if (fn && /^pwd\.getpw(uid|nam)$/.test(this.qname(fn) ?? "")) return [HOME];
        }
        // `Path(x).parent`
        if (n.childForFieldName("attribute")?.text !== "parent") return null;
        const v = this.value(n.childForFieldName("object") ?? undefined);
        return v ? v.map(dirnameOf) : null;
      }
      case "call":
        return this.callValue(n);
      default:
        return null;
    }
  }

  private concatAll(vs: readonly ReachValue[]): ReachValue | null {
    let acc: ReachValue | null = cwdValue("");
    for (const v of vs) acc = acc === null ? null : concat(acc, v);
    return acc;
  }

  private callValue(n: Node): ReachValue[] | null {
    const fn = n.childForFieldName("function");
    if (!fn) return null;
    const { positional } = this.args(n);
    const all = (): ReachValue[][] | null => {
      const vs = positional.map((p) => this.value(p));
      return vs.every((v) => v !== null) ? vs as ReachValue[][] : null;
    };
    if (fn.type === "attribute") {
      const m = fn.childForFieldName("attribute")?.text ?? "";
      const obj = fn.childForFieldName("object")!;
      if (["expanduser", "resolve", "absolute", "joinpath"].includes(m) && this.isPathObject(obj)) {
        const base = this.value(obj);
        if (!base) return null;
        if (m === "expanduser") return base.map(expandUser);
        if (m !== "joinpath") return base;
        const rest = all();
        return rest ? combine([base, ...rest], (vs) => vs.reduce(joinPath)) : null;
      }
    }
    const q = this.qname(fn);
    if (q === null) return null;
    if (q === "os.path.expanduser") return this.value(positional[0])?.map(expandUser) ?? null;
    if (SAME_PATH.has(q)) return this.value(positional[0]);
    if (q === "os.path.dirname") return this.value(positional[0])?.map(dirnameOf) ?? null;
    if (q === "os.getcwd") return [cwdValue(".")];
    if (/^pathlib\.(Pure)?(Posix)?Path\.home$/.test(q)) return [HOME];
    if (/^pathlib\.(Pure)?(Posix)?Path\.cwd$/.test(q)) return [cwdValue(".")];
    if (q === "os.getenv" || q === "os.environ.get") {
      const key = this.value(positional[0]);
      return key?.length === 1 && key[0]!.text === "HOME" ? [HOME] : null;
    }
    if (q === "os.path.join" || PATH_CLASSES.has(q)) {
      if (positional.length === 0) return PATH_CLASSES.has(q) ? [cwdValue(".")] : null;
      const vs = all();
      return vs ? combine(vs, (parts) => parts.reduce(joinPath)) : null;
    }
    return null;
  }

  /** A string literal's text, with its f-string parts computed; null when any is not. */
  private stringValue(n: Node): ReachValue[] | null {
    const start = n.namedChildren[0]?.text ?? "";
    if (/[bB]/.test(start.replace(/["']/g, ""))) return null;
    const raw = /[rR]/.test(start);
    const parts: ReachValue[][] = [];
    for (const c of n.namedChildren) {
      if (c.type === "string_start" || c.type === "string_end") continue;
      if (c.type === "string_content") parts.push([cwdValue(c.text)]);
      else if (c.type === "escape_sequence") {
        const e = raw ? c.text : unescapePython(c.text);
        if (e === null) return null;
        parts.push([cwdValue(e)]);
      } else if (c.type === "interpolation") {
        const v = this.value(c.childForFieldName("expression") ?? undefined);
        if (!v || c.childForFieldName("format_specifier") || c.childForFieldName("type_conversion")) return null;
        parts.push(v);
      } else return null;
    }
    return combine(parts, (vs) => this.concatAll(vs)) ?? [cwdValue("")];
  }
}

/** The simple escapes of a Python string; null for the others (`\x…`, `\N{…}`, octal). */
function unescapePython(e: string): string | null {
  const map: Record<string, string> = { "\\\\": "\\", "\\'": "'", '\\"': '"', "\\n": "\n", "\\t": "\t", "\\\n": "" };
  return map[e] ?? null;
}
