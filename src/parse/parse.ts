// Parsing under bounds: an input over the size bound, or a parse over the time bound, is a
// refusal with a reason, never a hang and never an empty (allowed) tree.

import type { Parser, Tree } from "web-tree-sitter";
import type { ReasonCode } from "../base/reasons.ts";
import type { Span } from "../base/span.ts";

export interface ParseBounds {
  /** Largest input, in UTF-8 bytes. */
  readonly maxBytes: number;
  /** Longest parse, in milliseconds. */
  readonly maxParseMs: number;
}

// The time bound guards against a parser that hangs; it is far above what 64 KiB takes on a
// loaded machine (tens of milliseconds), so that it does not turn load into asks.
export const DEFAULT_BOUNDS: ParseBounds = { maxBytes: 64 * 1024, maxParseMs: 2000 };

type ParseOutcome = { readonly ok: true; readonly tree: Tree; readonly errors: readonly Span[] } | { readonly ok: false;
  readonly code: ReasonCode; readonly message: string };

function utf8Length(s: string): number {
  return Buffer.byteLength(s, "utf8");
}

/** True when the string holds a lone surrogate (it cannot be encoded as UTF-8). */
export function hasLoneSurrogate(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
      return true;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

/**
 * Monotonic milliseconds. Not `performance.now()`: under Node.js its first use loads perf_hooks
 * and a dozen modules behind it, a few milliseconds of every one-shot run.
 */
function monotonicMs(): number {
  const [s, ns] = process.hrtime();
  return s * 1e3 + ns / 1e6;
}

export function parseBounded(parser: Parser, text: string, bounds: ParseBounds): ParseOutcome {
  const bytes = utf8Length(text);
  if (bytes > bounds.maxBytes) {
    return { ok: false, code: "INPUT_TOO_LARGE",
      message: `the command is ${bytes} bytes; the bound is ${bounds.maxBytes}` };
  }
  const deadline = monotonicMs() + bounds.maxParseMs;
  let timedOut = false;
  const progressCallback = (() => {
    if (monotonicMs() > deadline) timedOut = true;
    return timedOut;
  }) as unknown as () => void;
  let tree: Tree | null;
  try {
    tree = parser.parse(text, null, { progressCallback });
  } catch (e) {
    parser.reset();
    return { ok: false, code: "PARSE_ERROR", message: `the parser failed: ${(e as Error).message}` };
  }
  if (!tree || timedOut) {
    tree?.delete();
    // A halted parse resumes on the next call unless the parser is reset: the next command
    // would be read with the state of this one (node offsets into a text that is not there).
    parser.reset();
    return { ok: false, code: "PARSE_TIMEOUT", message: `parsing took longer than ${bounds.maxParseMs} ms` };
  }
  const errors: Span[] = [];
  if (tree.rootNode.hasError) collectErrors(tree, errors);
  return { ok: true, tree, errors };
}

function collectErrors(tree: Tree, out: Span[]): void {
  const cursor = tree.walk();
  let more = true;
  while (more && out.length < 16) {
    const n = cursor.currentNode;
    if (n.isError || n.isMissing) {
      out.push({ start: n.startIndex, end: n.endIndex });
    } else if (n.hasError && cursor.gotoFirstChild()) {
      continue;
    }
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        more = false;
        break;
      }
    }
  }
  cursor.delete();
}
