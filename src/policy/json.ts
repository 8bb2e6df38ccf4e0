// JSON and JSONC texts read with jsonc-parser (the parser opencode and VS Code use), keeping
// where each value stands so that every config error names its line and column. JSON.parse's
// messages differ between engines and some carry no position; a hand-written reader drifted
// from the parsers the hosts use (it rewrote string contents and let duplicate keys through).

import { type Node, type ParseError, parseTree } from "jsonc-parser";

/** A place in the text, 1-based, columns in UTF-16 code units. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/** What went wrong, and where. */
interface JsonFault extends TextPosition {
  readonly message: string;
  /** For a key given twice: the keys of the object it is in (the text is JSON, but ambiguous). */
  readonly within?: readonly string[];
}

/** A parsed text: its value, and the tree that says where each key and value stands. */
export interface JsonDocument {
  readonly value: unknown;
  readonly tree: Node;
  readonly text: string;
}

/**
 * jsonc-parser's error codes (a `const enum` in its types, so not importable as values), in
 * words a person reads after "expected"/"found".
 */
const FAULTS: Readonly<Record<number, string>> = { 1: "found a character that starts no JSON value",
  2: "found a malformed number", 3: "expected a string in double quotes", 4: "expected a value", 5: 'expected ":"',
  6: 'expected ","', 7: 'expected "}" to close the object', 8: 'expected "]" to close the array',
  9: "expected the end of the text", 10: "found a comment (JSON has none)", 11: "found an unclosed comment",
  12: "expected a closing quote", 13: "found a number cut short", 14: "found an invalid \\u escape",
  15: "found an invalid escape", 16: "found a control character inside a string" };

/** The 1-based line and column of a text offset. */
function positionAt(text: string, offset: number): TextPosition {
  const before = text.slice(0, offset);
  const nl = before.lastIndexOf("\n");
  return { line: before.split("\n").length, column: offset - nl };
}

/**
 * Parses `text` as JSON (`comments: false`) or as JSONC with comments and trailing commas, the
 * way opencode reads its config. The first fault is returned with its position; a key given
 * twice in one object is a fault too, since JSON.parse keeps the last while a person reading
 * the file may stop at the first (`{"~/.ssh/**": "deny", …, "~/.ssh/**": "allow"}` must not
 * read as a deny).
 */
export function parseJsonDocument(text: string, comments: boolean): JsonDocument | JsonFault {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const errors: ParseError[] = [];
  const tree = parseTree(body, errors, { disallowComments: !comments, allowTrailingComma: comments,
    allowEmptyContent: false });
  const first = errors[0];
  if (first !== undefined || tree === undefined) {
    const at = first?.offset ?? 0;
    const what = FAULTS[(first?.error as number | undefined) ?? 4] ?? "found something JSON does not allow";
    return { ...positionAt(body, at), message: at >= body.length ? `${what} before the end of the text` : what };
  }
  const dup = firstDuplicateKey(tree);
  if (dup) {
    return { ...positionAt(body, dup.offset), within: dup.path,
      message: `the key ${
        JSON.stringify(dup.key)
      } is given twice (a reader may see the first, the parser keeps the last)` };
  }
  if (!comments) {
    // JSON.parse stays the judge of what JSON is: a text the two read differently is refused.
    try {
      JSON.parse(body);
    } catch (e) {
      return { line: 1, column: 1, message: (e as Error).message };
    }
  }
  return { value: nodeValue(tree), tree, text: body };
}

/** The value of a tree without prototype-bearing objects, so `__proto__` is a plain key. */
function nodeValue(n: Node): unknown {
  switch (n.type) {
    case "object": {
      // As JSON.parse builds it: `__proto__` is an own key like any other, not the prototype.
      const out: Record<string, unknown> = {};
      for (const p of n.children ?? []) {
        const [k, v] = p.children ?? [];
        if (k === undefined || v === undefined) continue;
        Object.defineProperty(out, k.value as string, { value: nodeValue(v), enumerable: true, writable: true,
          configurable: true });
      }
      return out;
    }
    case "array":
      return (n.children ?? []).map(nodeValue);
    case "property":
      return n.children?.[1] ? nodeValue(n.children[1]) : undefined;
    case "string":
    case "number":
    case "boolean":
    case "null":
      return n.value as unknown;
    default: {
      const never: never = n.type;
      throw new Error(`unknown JSON node ${String(never)}`);
    }
  }
}

function firstDuplicateKey(n: Node, path: readonly string[] = []): { readonly key: string; readonly offset: number;
  readonly path: readonly string[] } | null
{
  if (n.type === "array") {
    for (const c of n.children ?? []) {
      const d = firstDuplicateKey(c, path);
      if (d) return d;
    }
    return null;
  }
  if (n.type !== "object") return null;
  const seen = new Set<string>();
  for (const p of n.children ?? []) {
    const [k, v] = p.children ?? [];
    if (k === undefined) continue;
    const key = k.value as string;
    if (seen.has(key)) return { key, offset: k.offset, path };
    seen.add(key);
    if (v !== undefined) {
      const d = firstDuplicateKey(v, [...path, key]);
      if (d) return d;
    }
  }
  return null;
}

/**
 * Where the key at `path` stands (or, with `value`, the value under it): the nearest ancestor
 * present when the whole path is not. Keys in the path are object keys; numbers index arrays.
 */
export function positionOfPath(doc: JsonDocument, path: readonly (string | number)[], value = false): TextPosition {
  let n: Node = doc.tree;
  let keyAt = n.offset;
  for (const seg of path) {
    let next: Node | undefined;
    if (typeof seg === "number" && n.type === "array") {
      next = n.children?.[seg];
      if (next) keyAt = next.offset;
    } else if (n.type === "object") {
      const props = (n.children ?? []).filter((p) => p.children?.[0]?.value === seg);
      const p = props[props.length - 1];
      if (p) {
        keyAt = p.offset;
        next = p.children?.[1];
      }
    }
    if (next === undefined) return positionAt(doc.text, keyAt);
    n = next;
  }
  return positionAt(doc.text, value ? n.offset : keyAt);
}

/** The keys of an object at `path`, in the order the text gives them (JS objects put whole numbers first). */
export function keysInTextOrder(doc: JsonDocument, path: readonly string[]): string[] | null {
  let n: Node | undefined = doc.tree;
  for (const seg of path) {
    if (n?.type !== "object") return null;
    n = (n.children ?? []).find((p) => p.children?.[0]?.value === seg)?.children?.[1];
  }
  if (n?.type !== "object") return null;
  return (n.children ?? []).map((p) => p.children?.[0]?.value as string);
}
