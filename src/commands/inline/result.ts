// What an inline-code analyser answers: the code is confined, with the files it opens by a
// literal name (each judged as an access like any other path) and the files the interpreter
// may load for its imports; or it is not, with the reason.

export interface InlineFile {
  readonly path: string;
  /** `generic`: a string opaque code may be handed, judged every way it could name a place. */
  readonly kind: "read" | "write" | "list" | "generic";
}

/**
 * What a confined program does: the files it opens by a literal name, the modules the
 * interpreter may load for it, and (perl's `<>`, `-n`, `-p`) whether it reads the files named
 * by the command's operands.
 */
interface Confined {
  readonly files: readonly InlineFile[];
  readonly imports: readonly string[];
  /** Packages the code loads by name, found in node_modules as node finds them (upwards). */
  readonly packages?: readonly string[];
  readonly readsOperands?: true;
}

export type InlineAnalysis = ({ readonly ok: true } & Confined) | { readonly ok: false; readonly why: string };

/** Thrown inside an analyser at the first construct it cannot prove confined. */
export class InlineRefusal extends Error {
  override readonly name = "InlineRefusal";
}

/**
 * A literal's text as a path, or null when it holds what the analysers do not decode (escape
 * sequences, a NUL, line breaks): such a name is not judged, the code is refused.
 */
export function literalOrNull(text: string): string | null {
  return /[\\\u0000\n\r]/.test(text) || text === "" ? null : text;
}

/**
 * Runs an analyser over a parsed program: code that does not parse, or the first construct the
 * analyser refuses, is the answer `ok: false` with the reason; anything else it throws is a bug.
 */
export function analyseTree(root: { readonly hasError: boolean }, run: () => Confined): InlineAnalysis {
  try {
    if (root.hasError) throw new InlineRefusal("the code does not parse");
    return { ok: true, ...run() };
  } catch (e) {
    if (e instanceof InlineRefusal) return { ok: false, why: e.message };
    throw e;
  }
}
