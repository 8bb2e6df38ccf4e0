// What a script file of the project visibly reaches when an interpreter runs it (`python3
// x.py`, `node x.js`, `perl x.pl`, a `#!` script): the files it opens by a name written in
// it, and the commands it hands to a shell or runs. This is best-effort visibility, not a
// proof: each language's scanner (reach-python.ts, reach-javascript.ts, reach-perl.ts) walks
// the whole tree leniently and skips every construct it does not know, where the proof-mode
// analysers of inline code (python.ts, javascript.ts, perl.ts here) refuse at the first one.
// A script whose reach is not visible stays project code, which the sandbox contains.

import { inlineParser, type InlineLanguage } from "../../parse/inline-grammars.ts";
import { reachJavaScript } from "./reach-javascript.ts";
import { reachPerl } from "./reach-perl.ts";
import { reachPython } from "./reach-python.ts";
import { NodeBudget, ReachBound, type ScriptReach } from "./reach-values.ts";

export type { ReachValue } from "./reach-values.ts";

/** Scripts past this size are not parsed (the interpreter's script reader caps it lower still). */
const MAX_SCRIPT_CHARS = 256 * 1024;

/**
 * The last scans, by language and text: an agent runs the same script again and again, and a
 * resident checker (src/server/) answers each call in this process. (A few, small: the texts
 * are at most the script reader's cap.)
 */
const scanned = new Map<string, ScriptReach | null>();
const MAX_SCANNED = 16;

/** What a script reaches, or null when it is not scanned (too large, no grammar). */
export function scriptReach(lang: InlineLanguage, text: string): ScriptReach | null {
  const key = `${lang}\u0000${text}`;
  const known = scanned.get(key);
  if (known !== undefined) return known;
  const got = scan(lang, text);
  if (scanned.size >= MAX_SCANNED) scanned.delete(scanned.keys().next().value!);
  scanned.set(key, got);
  return got;
}

function scan(lang: InlineLanguage, text: string): ScriptReach | null {
  if (text.length > MAX_SCRIPT_CHARS || text.includes("\u0000")) return null;
  const parser = inlineParser(lang);
  if (!parser) return null;
  const tree = parser.parse(text);
  if (!tree) return null;
  try {
    switch (lang) {
      case "python":
        return reachPython(tree.rootNode, new NodeBudget());
      case "javascript":
        return reachJavaScript(tree.rootNode, new NodeBudget());
      case "perl":
        return reachPerl(tree.rootNode, new NodeBudget());
      default: {
        const never: never = lang;
        throw new Error(`no reach scanner for ${String(never)}`);
      }
    }
  } catch (e) {
    if (e instanceof ReachBound) return null;
    throw e;
  } finally {
    tree.delete();
  }
}
