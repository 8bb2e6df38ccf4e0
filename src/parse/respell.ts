// Valid bash the grammar does not parse, respelled so that it does, at the same offsets (so
// every span still points into the text as written). Asked of a tree with errors, or one the
// lowering refused (src/guard/read-code.ts); each respelling is one bash reads the same, or
// says what it changed:
//
// - `${x//'"'/\&quot;}`, `${o//</\&lt;}`: a `;`, `<`, `>` or `&` in the operand of a pattern
//   operator ends the expansion to the grammar. The grammar reads the operand as placeholder
//   letters (`parse`); the lowering reads the operand from the text as written (`read`, and
//   src/shell/lower/operand.ts), where bash's end of the expansion is.
// - `${f:+${f}(): }`, `${x:-a;b}`: the same characters in a word operand. Only they become
//   letters for the grammar, which still reads the expansions around them; the nodes' texts
//   are the text as written. An operand holding code (`$(`, a backquote, `<(`) is not respelled.
// - `{ …; } 0<in`, `( … ) 0<in`, `fi 0<in`: the grammar cannot read a `0` before `<` after a
//   compound command; `<` reads descriptor 0 without it, so the `0` is a blank.
// - `if ! case …`, `while ! { …; }`: a `!` before a compound command that the grammar reads
//   as a command name. The `!` is a blank to the grammar, and `negated` says where the
//   compound command it negates starts.
// - `$(grep -c x$)`: a `$` before `)` is text; the grammar ends the substitution in an error.
//   It becomes a letter for the grammar, the word keeps it as written.
// - A `\` at the very end of the text: in a file bash removes it (as a line continuation into
//   the end), a blank; given as a string (`bash -c`, `eval`) it is a literal backslash, so a
//   second one is added after it. With a newline after it, it continues into the end: a blank.

import type { Node, Tree } from "web-tree-sitter";
import { paramEnd } from "./expansion-end.ts";

export interface Respelling {
  /** The text the grammar parses. */
  readonly parse: string;
  /** The text the lowering reads the tree against: as written, but for the blanks above. */
  readonly read: string;
  /** Where a compound command starts that a `!` (now a blank) negates. */
  readonly negated: readonly number[];
}

/** Tokens of the pattern operators: their operand is read from the text (operand.ts). */
const PATTERN_OPS = new Set(["#", "##", "%", "%%", "/", "//", "/#", "/%"]);
/** Tokens of the operators whose operand is a word: default, assign, error, alternative. */
const WORD_OPS = new Set([":-", "-", ":=", "=", ":?", "?", ":+", "+"]);
/** Characters that end a word to the grammar but are text in a `${…}` operand to bash. */
const OPERATOR_CHARS = "();&|<>";

/** Words that start a compound command, which the grammar reads as a command name after `!`. */
const COMPOUND = new Set(["case", "if", "while", "until", "for", "select", "{", "(", "[[", "function", "coproc"]);

/**
 * The respelling of `text`, which the grammar or the lowering could not read, or null when
 * nothing here applies. `fromFile`:
 * the text is a file's (a script, a sourced file), not a string given to a shell.
 */
export function respell(tree: Tree, text: string, fromFile: boolean): Respelling | null {
  // Code units, not code points: offsets are string indices.
  const parse = text.split("");
  const read = text.split("");
  const negated: number[] = [];
  let changed = false;
  const blank = (at: number) => {
    parse[at] = " ";
    read[at] = " ";
    changed = true;
  };
  const stack: Node[] = [tree.rootNode];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.isError || (n.type === "expansion" && (n.hasError || missingClose(n)))) {
      // `${ name OP`: in an expansion the grammar ended early, or in an ERROR node where it gave up.
      const kids = n.children;
      for (let k = 0; k + 2 < kids.length; k++) {
        const open = kids[k]!;
        const op = kids[k + 2]!;
        if (open.isNamed || open.type !== "${" || !kids[k + 1]!.isNamed || op.isNamed) continue;
        const pattern = PATTERN_OPS.has(op.type);
        if (!pattern && !WORD_OPS.has(op.type)) continue;
        const end = paramEnd(text, open.startIndex);
        if (end <= op.endIndex) continue;
        if (pattern) {
          for (let i = op.endIndex; i < end - 1; i++) if (text[i] !== "\n") parse[i] = "x";
          changed = true;
          continue;
        }
        // A word operand keeps its expansions for the grammar to read; only the operator
        // characters in it, which bash reads as text there (`${f:+${f}(): }`), become letters.
        // One holding code (`$(`, a backquote, `<(`) is left as it is.
        const operand = text.slice(op.endIndex, end - 1);
        if (/\$\(|`|[<>]\(/.test(operand)) continue;
        for (let i = op.endIndex; i < end - 1; i++) {
          if (OPERATOR_CHARS.includes(text[i]!)) {
            parse[i] = "x";
            changed = true;
          }
        }
      }
    } else if (n.type === "negated_command") {
      const bang = n.children[0];
      const inner = n.namedChildren[0];
      const name = inner?.type === "command" ? inner.childForFieldName("name") : null;
      if (bang?.type === "!" && name && COMPOUND.has(name.text)) {
        blank(bang.startIndex);
        negated.push(name.startIndex);
      }
    }
    if (n.isError && /^\s+0$/.test(n.text)) {
      const next = n.nextSibling;
      if (next?.type === "file_redirect" && text[n.endIndex] === "<" && next.startIndex === n.endIndex) {
        blank(n.endIndex - 1);
      }
    }
    for (const c of n.children) if (c !== null) stack.push(c);
  }
  // A `$` right before a `)` is text to bash (`$(grep -c x$)`: the pattern `x$`); the grammar
  // ends the substitution with an error there. It becomes a letter for the grammar.
  for (let i = text.indexOf("$)"); i >= 0; i = text.indexOf("$)", i + 2)) {
    if (insideError(tree, i)) {
      parse[i] = "x";
      changed = true;
    }
  }
  let tail = "";
  const back = trailingBackslash(text);
  if (back >= 0 && insideError(tree, back)) {
    if (fromFile || text.endsWith("\n")) blank(back);
    else {
      tail = "\\";
      changed = true;
    }
  }
  if (!changed) return null;
  return { parse: parse.join("") + tail, read: read.join("") + tail, negated };
}

function missingClose(n: Node): boolean {
  const close = n.children[n.children.length - 1];
  return close !== null && close !== undefined && close.type === "}" && close.isMissing;
}

/** Where an unescaped `\` ends the text (or is followed only by a newline), or -1. */
function trailingBackslash(text: string): number {
  const at = text.endsWith("\\\n") ? text.length - 2 : text.endsWith("\\") ? text.length - 1 : -1;
  if (at < 0) return -1;
  let k = at;
  while (k > 0 && text[k - 1] === "\\") k--;
  return (at - k) % 2 === 0 ? at : -1;
}

/** Whether the grammar found an error at `at`. */
function insideError(tree: Tree, at: number): boolean {
  for (let n: Node | null = tree.rootNode.descendantForIndex(at); n !== null; n = n.parent) {
    if (n.isError || n.isMissing) return true;
  }
  return false;
}
