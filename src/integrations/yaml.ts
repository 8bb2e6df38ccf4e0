// A YAML file as the workflow reader walks it: parsed whole by the `yaml` package (block and
// flow style, quoted and block scalars, anchors and aliases, tags, comments), with every node's
// position, every alias resolved to the node it names, and every scalar's value mapped back to
// its characters in the file (yaml-scalar.ts). What cannot be read is a problem with a position,
// never a silent guess: a file the package rejects, an alias with no anchor before it, a merge
// key (`<<`, which GitHub Actions rejects and YAML 1.2 does not define).

import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Scalar, type YAMLMap,
  type YAMLSeq } from "yaml";
import { MappedBuilder, type MappedText } from "./mapped.ts";
import { mapScalarToken } from "./yaml-scalar.ts";

/** A node with its aliases resolved. */
export type YamlNode = YAMLMap<unknown, unknown> | YAMLSeq<unknown> | Scalar<unknown>;

interface YamlProblem {
  readonly line: number;
  readonly col: number;
  readonly message: string;
}

export interface Located {
  readonly text: string;
  readonly line: number;
  readonly col: number;
}

interface YamlEntry {
  readonly key: string;
  readonly line: number;
  readonly col: number;
  readonly value: YamlNode | null;
}

export class YamlFile {
  readonly problems: YamlProblem[] = [];
  readonly root: YamlNode | null;
  private readonly lines = new LineCounter();
  private readonly seen = new Set<string>();
  private readonly doc;

  constructor(readonly source: string) {
    // YAML 1.2's core schema (`on:` is a string, not a boolean); no merge keys; a key twice and a
    // second document are errors, as GitHub has them.
    this.doc = parseDocument(source, { keepSourceTokens: true, lineCounter: this.lines, uniqueKeys: true, merge: false,
      prettyErrors: false, version: "1.2" });
    for (const e of this.doc.errors) this.problem(e.pos[0], e.message.split("\n")[0]!);
    this.root = this.doc.errors.length > 0 ? null : this.resolve(this.doc.contents);
  }

  position(offset: number): { line: number; col: number } {
    const p = this.lines.linePos(offset);
    return { line: p.line, col: p.col };
  }

  /** Where a node starts (an alias's target: where the text that runs is written). */
  at(node: YamlNode): { line: number; col: number } {
    return this.position(node.range?.[0] ?? 0);
  }

  /** The node an alias names, or the node itself; null for nothing or an alias with no anchor. */
  resolve(node: unknown): YamlNode | null {
    if (isAlias(node)) {
      const target = node.resolve(this.doc);
      if (target === undefined) {
        this.problem(node.range?.[0] ?? 0, `the alias *${node.source} names no anchor before it`);
        return null;
      }
      return target;
    }
    return isMap(node) || isSeq(node) || isScalar(node) ? node : null;
  }

  /** A mapping's entries, in order, with string keys; other keys are problems. */
  entries(node: YamlNode | null): YamlEntry[] {
    if (!node || !isMap(node)) return [];
    const out: YamlEntry[] = [];
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const key = this.resolve(pair.key);
      const offset = key?.range?.[0] ?? node.range?.[0] ?? 0;
      if (!key || !isScalar(key) || (typeof key.value !== "string" && typeof key.value !== "number")) {
        this.problem(offset, "a key that is not a string");
        continue;
      }
      const name = String(key.value);
      if (name === "<<" && key.type === "PLAIN") {
        this.problem(offset, "GitHub Actions does not accept the merge key <<, so what it would merge in is not read");
        continue;
      }
      const { line, col } = this.position(offset);
      out.push({ key: name, line, col, value: this.resolve(pair.value) });
    }
    return out;
  }

  get(node: YamlNode | null, key: string): YamlNode | null {
    const found = this.entries(node).filter((e) => e.key === key);
    return found.length > 0 ? found[found.length - 1]!.value : null;
  }

  items(node: YamlNode | null): (YamlNode | null)[] {
    return node && isSeq(node) ? node.items.map((i) => this.resolve(i)) : [];
  }

  /** A scalar's text as written (a plain `1.0` stays `1.0`), or null for a collection. */
  text(node: YamlNode | null): string | null {
    if (!node || !isScalar(node)) return null;
    if (typeof node.value === "string") return node.value;
    const token = node.srcToken;
    return token && token.type === "scalar" ? token.source : node.value === null ? "" : String(node.value);
  }

  located(node: YamlNode | null): Located | null {
    const text = this.text(node);
    return text === null || !node ? null : { text, ...this.at(node) };
  }

  /**
   * A scalar's value with each character's line and column. When the map cannot be made to
   * agree with the parser's value (a construct yaml-scalar.ts does not read), the value is still
   * what runs, with every character at the scalar's start.
   */
  mapped(node: Scalar<unknown>): MappedText {
    const text = this.text(node) ?? "";
    const token = node.srcToken;
    if (token &&
      (token.type === "block-scalar" || token.type === "scalar" || token.type === "single-quoted-scalar" ||
        token.type === "double-quoted-scalar"))
    {
      const m = mapScalarToken(token, (o) => this.position(o));
      if (m !== null && m.text === text) return m;
    }
    const { line, col } = this.at(node);
    const b = new MappedBuilder();
    for (const ch of text) b.push(ch, line, col);
    return b.build();
  }

  /** Records a problem once per position (an alias walks the same nodes again). */
  problem(offset: number, message: string): void {
    const id = `${offset}\0${message}`;
    if (this.seen.has(id)) return;
    this.seen.add(id);
    this.problems.push({ ...this.position(offset), message });
  }
}

export function isScalarNode(node: YamlNode | null): node is Scalar<unknown> {
  return node !== null && isScalar(node);
}

export function isMapNode(node: YamlNode | null): node is YAMLMap<unknown, unknown> {
  return node !== null && isMap(node);
}

export function isSeqNode(node: YamlNode | null): node is YAMLSeq<unknown> {
  return node !== null && isSeq(node);
}
