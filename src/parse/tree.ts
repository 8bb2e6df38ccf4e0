// A plain copy of the tree-sitter tree, made in one cursor walk. Asking web-tree-sitter for a
// node's children or fields crosses into WebAssembly and allocates on every call; the lowering
// asks many times per node, so it reads this copy instead. It offers the few members of the
// web-tree-sitter Node interface that the lowering uses.

import type { Tree } from "web-tree-sitter";
import { CODE_KINDS, HIDDEN_CODE, NODE_KINDS, OPERAND_TOKEN_KINDS } from "./node-kinds.ts";

/**
 * What the copy saw of the whole tree, for the lowering's census: the nodes of code kinds
 * (CODE_KINDS) and operand tokens that hide code (HIDDEN_CODE), and the nodes of kinds the
 * grammar's node-types.json does not list.
 */
interface Census {
  readonly code: SyntaxNode[];
  readonly unknownKinds: SyntaxNode[];
}

export class SyntaxNode {
  readonly children: SyntaxNode[] = [];
  private named_: SyntaxNode[] | null = null;

  constructor(
    /** The whole text the tree was parsed from (node indices count from its start). */
    readonly source: string,
    readonly id: number,
    readonly type: string,
    readonly isNamed: boolean,
    readonly isMissing: boolean,
    readonly startIndex: number,
    readonly endIndex: number,
    /** The field this node fills in its parent, if any. */
    readonly field: string | null,
  ) {}

  get text(): string {
    return this.source.slice(this.startIndex, this.endIndex);
  }

  get namedChildren(): SyntaxNode[] {
    return (this.named_ ??= this.children.filter((c) => c.isNamed));
  }

  get namedChildCount(): number {
    return this.namedChildren.length;
  }

  childForFieldName(name: string): SyntaxNode | null {
    for (const c of this.children) if (c.field === name) return c;
    return null;
  }

  childrenForFieldName(name: string): SyntaxNode[] {
    return this.children.filter((c) => c.field === name);
  }

  /** Set on the root of a copy. */
  census?: Census;
}

/** A backquote no backslash escapes. */
const UNESCAPED_BACKQUOTE = /(^|[^\\])(\\\\)*`/;

/** How each node type counts in the census: 0 nothing, 1 code, 2 unknown. */
const typeCensus = new WeakMap<object, Map<number, 0 | 1 | 2>>();

/**
 * Whether each node type is named: a property of the type alone, so it is asked of the
 * language once per type rather than of the tree once per node.
 */
const namedTypes = new WeakMap<object, Map<number, boolean>>();

/** Copies a parsed tree. `source` must be the text the tree was parsed from. */
export function copyTree(tree: Tree, source: string): SyntaxNode {
  const language = tree.language;
  let named = namedTypes.get(language);
  if (!named) namedTypes.set(language, named = new Map());
  const isNamed = (typeId: number): boolean => {
    let n = named.get(typeId);
    if (n === undefined) named.set(typeId, n = language.nodeTypeIsNamed(typeId));
    return n;
  };
  // Only a tree with errors has missing nodes.
  const mayMiss = tree.rootNode.hasError;
  let kinds = typeCensus.get(language);
  if (!kinds) typeCensus.set(language, kinds = new Map());
  const code: SyntaxNode[] = [];
  // A backquote bash would read as the start of a substitution, in a word or as the "``" token
  // inside `…`, is code the grammar took for text (`` `a``b` `` is two substitutions to bash,
  // one holding "``" to the grammar).
  const backquoted = source.includes("`");
  // Inside `…`, a "``" token is where bash ends one substitution and starts the next.
  const inBackquotes = (): boolean =>
    stack.some((n) => n.type === "command_substitution" && source[n.startIndex] === "`");
  const unknownKinds: SyntaxNode[] = [];
  const c = tree.walk();
  let id = 0;
  const make = () => {
    const typeId = c.nodeTypeId;
    // ERROR (and anything the language does not name) reads as "ERROR", as Node.type does.
    const type = language.types[typeId] || "ERROR";
    const node = new SyntaxNode(source, id++, type, type === "ERROR" ? c.nodeIsNamed : isNamed(typeId),
      mayMiss && c.nodeIsMissing, c.startIndex, c.endIndex, c.currentFieldName);
    let k = kinds.get(typeId);
    if (k === undefined) {
      kinds.set(typeId, k = CODE_KINDS.has(type) ? 1 : type === "ERROR" || NODE_KINDS.has(type) ? 0 : 2);
    }
    if (k === 1) code.push(node);
    else if (k === 2) unknownKinds.push(node);
    else if (OPERAND_TOKEN_KINDS.has(type) && inExpansionOperand() && HIDDEN_CODE.test(node.text)) code.push(node);
    else if (backquoted &&
      ((type === "word" && UNESCAPED_BACKQUOTE.test(node.text)) || (type === "``" && inBackquotes()))) code.push(node);
    else if (type === "raw_string" && HIDDEN_CODE.test(node.text) && inArithmetic()) code.push(node);
    return node;
  };
  // Bash expands an arithmetic expression as if it were in double quotes: single quotes in it
  // are text, and the code between them runs (`(( '$(cmd)' ))` runs cmd, then fails).
  const inArithmetic = (): boolean => {
    for (let i = stack.length - 1; i >= 0; i--) {
      const n = stack[i]!;
      if (n.type === "command_substitution" || n.type === "process_substitution") return false;
      if (n.type === "arithmetic_expansion" || n.type === "c_style_for_statement" ||
        (n.type === "compound_statement" && n.children[0]?.type === "((")) return true;
    }
    return false;
  };
  // An operand token's parent is the expansion, or a concatenation in it: in a quoted operand
  // the grammar reads `a \`cmd\`` and `a]\`cmd\`` as a concatenation of words, code and all.
  const inExpansionOperand = (): boolean => {
    const parent = stack[stack.length - 1];
    return parent?.type === "expansion" ||
      (parent?.type === "concatenation" && stack[stack.length - 2]?.type === "expansion");
  };
  const root = make();
  root.census = { code, unknownKinds };
  const stack: SyntaxNode[] = [root];
  try {
    if (!c.gotoFirstChild()) return root;
    for (;;) {
      const n = make();
      stack[stack.length - 1]!.children.push(n);
      if (c.gotoFirstChild()) {
        stack.push(n);
        continue;
      }
      while (!c.gotoNextSibling()) {
        if (!c.gotoParent() || stack.length <= 1) return root;
        stack.pop();
      }
    }
  } finally {
    c.delete();
  }
}
