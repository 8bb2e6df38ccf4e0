// Parts judged for what they visibly reach only: the commands a project script hands to a shell
// or runs (script-reach.ts) and the recipe lines of a run of make (make-recipes.ts). Before
// they were read, such code was allowed as project code, its reach left to the sandbox; read
// now, what it visibly reaches is judged — a resolved access, by the rules like any other (a
// place outside, a secret, a protected file, a deny rule) — and what the guard cannot know of it
// is left to the sandbox as before, not asked about: a word, command, directory or path it
// cannot resolve, code it does not read, nesting or expansion past a bound. (A `cd` to a place
// nothing made, `pip install -r` of a file not there, a program the recipe built: everyday
// makefiles asked with these, kops's, cli/cli's.)

import type { ReasonCode } from "../base/reasons.ts";
import type { Shell } from "./context.ts";

/** The reasons that say the guard does not know, rather than that the code reaches a place. */
const NOT_KNOWN: ReadonlySet<ReasonCode> = new Set<ReasonCode>(["UNRESOLVED_WORD", "UNRESOLVED_COMMAND",
  "UNRESOLVED_CWD", "UNRESOLVED_PATH", "OPAQUE_CODE", "INLINE_CODE", "SHELL_STATE", "NESTING_TOO_DEEP",
  "EXPANSION_TOO_LARGE", "PARSE_ERROR", "UNMODELLED_SYNTAX"]);

/** Runs `run`, then drops what it found that only says the guard does not know. */
export function visibleOnly<T>(it: Shell, run: () => T): T {
  const at = it.findings.mark();
  try {
    return run();
  } finally {
    it.findings.dropSince(at, (code) => NOT_KNOWN.has(code));
  }
}
