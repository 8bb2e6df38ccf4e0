// The `packages:` list of a pnpm-workspace.yaml, read by a small reader of the one shape pnpm
// documents ("pnpm-workspace.yaml"): a top-level key `packages` holding a block sequence
// (`- "apps/*"`, at any indentation, the same for every item) or a flow sequence on its line
// (`packages: ["apps/*", 'packages/*']`), whose items are plain, single-quoted or double-quoted
// scalars without escapes. Other top-level keys (`catalog:`, `onlyBuiltDependencies:`) are
// skipped with everything indented under them. No YAML parser is a dependency of the guard, and
// a general one is not needed to read this list; anything outside the shape above is refused
// with the reason, and the guard asks: a second document, anchors, aliases, tags, merge keys,
// quoted or complex keys, tabs, escapes, a value YAML would read as null, a boolean or a number,
// a `packages` key given twice or not at all.

/** The patterns of the `packages:` list, in order, or why the file is not read. */
type WorkspaceYaml = { readonly packages: readonly string[] } | { readonly error: string };

const KEY = /^([A-Za-z0-9_][A-Za-z0-9_-]*):(?:[ ]+(.*))?$/;
const ITEM = /^([ ]*)-(?:[ ]+(.*))?$/;
/** Plain scalars YAML reads as something other than a string. */
const NOT_A_STRING =
  /^(~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?(\.?[0-9].*|\.inf|\.Inf|\.INF)|\.nan|\.NaN|\.NAN)$/;

export function readWorkspaceYaml(source: string): WorkspaceYaml {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
  if (text.includes("\r")) return { error: "it holds a carriage return that ends no line" };
  if (text.includes("\t")) return { error: "it holds a tab" };
  let packages: string[] | null = null;
  /** The key whose block the lines belong to, and (for packages) the items' indentation. */
  let key: string | null = null;
  let itemIndent: number | null = null;
  const lines = text.split("\n");
  for (const [n, raw] of lines.entries()) {
    const line = raw.replace(/[ ]+$/, "");
    const at = `line ${n + 1}`;
    if (line === "" || /^[ ]*#/.test(line)) continue;
    const item = ITEM.exec(line);
    if (key === "packages" && item && (itemIndent === null || item[1]!.length === itemIndent)) {
      itemIndent = item[1]!.length;
      const value = scalar(item[2] ?? "");
      if (typeof value !== "string") return { error: `${at}: ${value.error}` };
      packages!.push(value);
      continue;
    }
    if (line.startsWith(" ") || (item && key !== "packages")) {
      // Indented under another key (or a sequence at its key's indentation): skipped. Under
      // packages, only items at the first item's indentation are read.
      if (key === "packages") return { error: `${at}: a line inside packages: that is not one of its items` };
      if (key === null) return { error: `${at}: an indented line before any key` };
      continue;
    }
    const m = KEY.exec(line);
    if (!m) return { error: `${at}: a line that is not \`key:\` (a document marker, a quoted or complex key, …)` };
    key = m[1]!;
    const value = m[2] ?? "";
    if (key !== "packages") {
      // A flow collection left open would continue on lines this reader does not follow.
      if (/^[[{]/.test(value) && !closedFlow(value)) return { error: `${at}: a flow collection over several lines` };
      continue;
    }
    if (packages !== null) return { error: `${at}: packages: a second time` };
    packages = [];
    itemIndent = null;
    const rest = value.replace(/^#.*$/, "");
    if (rest === "") continue;
    const flow = flowItems(rest);
    if (typeof flow !== "object" || !Array.isArray(flow)) {
      return { error: `${at}: packages: holds ${typeof flow === "string" ? flow : "something but a list"}` };
    }
    packages.push(...flow);
    key = "packages-done";
  }
  if (packages === null) return { error: "it has no packages: list" };
  return { packages };
}

/** One scalar item, with an optional comment after it. */
function scalar(value: string): string | { readonly error: string } {
  if (value === "" || value.startsWith("#")) return { error: "an item with no value" };
  const q = value[0];
  if (q === "'" || q === '"') {
    let out = "";
    let i = 1;
    for (; i < value.length; i++) {
      const c = value[i]!;
      if (q === '"' && c === "\\") return { error: "an escape in a double-quoted item" };
      if (c === q) {
        if (q === "'" && value[i + 1] === "'") {
          out += "'";
          i++;
          continue;
        }
        break;
      }
      out += c;
    }
    if (i >= value.length) return { error: "a quoted item that does not end on its line" };
    const after = value.slice(i + 1);
    if (after !== "" && !/^[ ]+(#.*)?$/.test(after)) return { error: "text after a quoted item" };
    return out;
  }
  // A plain scalar may not start with an indicator (YAML 1.2, 7.3.3); it ends at ` #`.
  if (/^[-?:,[\]{}#&*!|>%@`]/.test(value)) return { error: `an item starting with ${JSON.stringify(value[0])}` };
  const plain = value.replace(/[ ]+#.*$/, "").replace(/[ ]+$/, "");
  if (/: |:$| #/.test(plain)) return { error: "an item holding a mapping" };
  if (NOT_A_STRING.test(plain)) return { error: `an item YAML reads as no string (${plain})` };
  return plain;
}

/** The items of a flow sequence written on one line (`["a", 'b', c]`). */
function flowItems(value: string): readonly string[] | string {
  const m = /^\[(.*)\][ ]*(#.*)?$/.exec(value);
  if (!m) return "something but a list on its line";
  const body = m[1]!.trim();
  if (body === "") return [];
  const out: string[] = [];
  // Split at commas outside quotes; the items are then read as the block items are.
  let cur = "";
  let quote: string | null = null;
  for (const c of body) {
    if (quote) {
      if (c === quote) quote = null;
      cur += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      cur += c;
    } else if (c === ",") {
      out.push(cur.trim());
      cur = "";
    } else cur += c;
  }
  if (quote) return "a quoted item that does not end";
  if (cur.trim() !== "") out.push(cur.trim());
  const items: string[] = [];
  for (const it of out) {
    if (/^[[\]{}]/.test(it) || /[[\]{}]/.test(it.replace(/^(['"]).*\1$/, ""))) return "a nested collection";
    const v = scalar(it);
    if (typeof v !== "string") return v.error;
    items.push(v);
  }
  return items;
}

/** Whether a flow collection opened on a line is closed on it (brackets counted outside quotes). */
function closedFlow(value: string): boolean {
  let depth = 0;
  let quote: string | null = null;
  for (const c of value) {
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "#" && depth === 0) break;
    else if (c === "[" || c === "{") depth++;
    else if (c === "]" || c === "}") depth--;
  }
  return depth === 0 && quote === null;
}
