// What a Perl script visibly reaches (reach.ts): `open` of a literal name (2- and 3-argument,
// a piped open as a command), `opendir`, `unlink`/`mkdir`/`rmdir`/`rename`, `system`/`exec`
// (one string: shell code; a list: argv), backticks and `qx` without interpolation. A string
// may start with `$ENV{HOME}` (the home); any other interpolation makes it unknown. Scalars
// are followed to every `$x = …` of them; anything else is skipped.

import type { Node } from "web-tree-sitter";
import { nodesOf, Bindings, combine, concat, cwdValue, expandUser, HOME, joinPath, type NodeBudget, type ReachKind,
  ReachSink, type ReachValue, type ScriptReach } from "./reach-values.ts";

const CALLS = new Set(["call_expression_with_args_with_brackets", "call_expression_with_spaced_args"]);
/** Functions whose every argument is a file of the kind given. */
const ALL_FILES: Readonly<Record<string, ReachKind>> = { unlink: "write", mkdir: "write", rmdir: "write",
  rename: "write" };

/** The nodes the scan looks at; the rest of the tree is only walked. */
const SCANNED = new Set(["binary_expression", "backtick_quoted", "command_qx_quoted",
  "call_expression_with_args_with_brackets", "call_expression_with_spaced_args"]);

export function reachPerl(root: Node, budget: NodeBudget): ScriptReach {
  const nodes = nodesOf(root, budget, SCANNED);
  const bindings = new Bindings();
  const sink = new ReachSink();
  for (const n of nodes) {
    if (n.type !== "binary_expression" || n.child(1)?.text !== "=") continue;
    const [left, right] = [n.namedChildren[0], n.namedChildren[1]];
    const name = left?.type === "variable_declaration" ? left.childForFieldName("variable_name") : left;
    if (name?.type !== "scalar_variable" || !right) continue;
    bindings.add(name.text, right);
  }
  const value = (n: Node | undefined): ReachValue[] | null => {
    if (!n) return null;
    if (n.type === "scalar_variable") return bindings.values(n.text, value);
    // `$ENV{HOME}`, and `.` of two strings.
    if (n.type === "hash_access_variable_simple") {
      const key = n.childForFieldName("key");
      const k = key?.type === "identifier" ? key.text : key ? perlString(key)?.text : undefined;
      return n.childForFieldName("hash_variable")?.text === "$ENV" && k === "HOME" ? [HOME] : null;
    }
    if (n.type === "binary_expression" && n.child(1)?.text === ".") {
      const [l, r] = [value(n.namedChildren[0]), value(n.namedChildren[1])];
      return l && r ? combine([l, r], ([a, b]) => concat(a!, b!)) : null;
    }
    // glob("~/x") expands the `~` (File::Glob, as csh does).
    if (CALLS.has(n.type) && n.namedChildren[0]?.childForFieldName("function_name")?.text === "glob") {
      const arg = n.childForFieldName("args");
      const inner = arg?.type === "array" || arg?.type === "arguments" ? arg.namedChildren[0] : arg;
      const v = inner ? perlString(inner) : null;
      return v === null ? null : [expandUser(v)];
    }
    const s = perlString(n);
    return s === null ? null : [s];
  };
  const one = (n: Node | undefined): ReachValue | null => {
    const v = value(n);
    return v?.length === 1 ? v[0]! : null;
  };
  for (const n of nodes) {
    if (n.type === "backtick_quoted" || n.type === "command_qx_quoted") {
      const text = quotedBody(n);
      if (text !== null && !/[$@\\]/.test(text)) sink.shell([cwdValue(text)]);
      continue;
    }
    if (!CALLS.has(n.type)) continue;
    const fn = n.namedChildren[0]?.childForFieldName("function_name")?.text ?? "";
    const list = n.childForFieldName("args");
    const args = (list?.type === "array" || list?.type === "arguments" ? list.namedChildren : list ? [list] : [])
      .filter((a) => a.type !== "normal_comma" && a.type !== "comment");
    if (fn === "system" || fn === "exec") {
      if (args.length === 1) sink.shell(value(args[0]));
      else argv(sink, args.map(one));
    } else if (fn === "open" && args.length >= 2) openCall(sink, args.slice(1).map(one));
    else if (fn === "opendir") sink.file(value(args[1]), "list");
    else if (ALL_FILES[fn] !== undefined) { for (const a of args) sink.file(value(a), ALL_FILES[fn]); }
  }
  return sink.done();
}

function argv(sink: ReachSink, vals: readonly (ReachValue | null)[]): void {
  if (vals.every((v) => v !== null)) sink.argv(vals as ReachValue[]);
}

/** `open(FH, MODE, NAME…)` or `open(FH, "MODE NAME")`, its arguments after the handle. */
function openCall(sink: ReachSink, args: readonly (ReachValue | null)[]): void {
  const [first, ...rest] = args;
  if (!first) return;
  if (rest.length > 0) {
    if (first.base !== "cwd") return;
    const mode = first.text.trim();
    if (mode === "-|" || mode === "|-") {
      if (rest.length === 1) sink.shell(rest[0] ? [rest[0]] : null);
      else argv(sink, rest);
      return;
    }
    const kind: ReachKind = /^<(:|$)/.test(mode) ? "read" : /^(\+?[<>]|>>)/.test(mode) ? "write" : "unknown";
    sink.file(rest[0] ? [rest[0]] : null, kind);
    return;
  }
  if (first.base === "cwd") {
    const t = first.text.trim();
    if (t.endsWith("|")) return sink.shell([cwdValue(t.slice(0, -1))]);
    if (t.startsWith("|")) return sink.shell([cwdValue(t.slice(1))]);
    const m = /^(\+?<|\+?>>?|)\s*(.*)$/.exec(t)!;
    sink.file([cwdValue(m[2]!)], m[1] === "" || m[1] === "<" ? "read" : "write");
    return;
  }
  sink.file([first], "read");
}

/** A literal's text: '…', q{…}, "…" without interpolation but a leading `$ENV{HOME}`. */
function perlString(n: Node): ReachValue | null {
  if (n.type === "string_single_quoted" || n.type === "string_q_quoted") {
    const body = quotedBody(n);
    return body === null || body.includes("\\") ? null : cwdValue(body);
  }
  if (n.type !== "string_double_quoted" && n.type !== "string_qq_quoted") return null;
  const body = quotedBody(n);
  if (body === null) return null;
  const home = /^\$ENV\{\s*(HOME|'HOME'|"HOME")\s*\}/.exec(body);
  const rest = home ? body.slice(home[0].length) : body;
  if (/[$@\\]/.test(rest)) return null;
  return home ? joinPath(HOME, cwdValue(rest.replace(/^\//, ""))) : cwdValue(rest);
}

/** The text between a quote-like's delimiters (`'x'`, `q{x}`, `qx(x)`, `` `x` ``). */
function quotedBody(n: Node): string | null {
  const m = /^(?:qq|qx|q)?\s*([^\w\s])([\s\S]*)([^\w\s])$/.exec(n.text);
  return m ? m[2]! : null;
}
