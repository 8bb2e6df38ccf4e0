// Code a program hands to the user's shell, `$SHELL` (`script -c CODE`, `sudo -s CODE`): bash
// or sh on most Linux machines, zsh on macOS, fish or another wherever the user chose. The guard
// reads the code as bash all the same, for what it visibly names; where $SHELL is not a shell it
// models (shells.ts MODELLED), or is not known, the code also asks (OPAQUE_CODE), as zsh's own
// `zsh -c` does. The hooks pass the host's SHELL in (src/guard/shell-env.ts).

import type { Span } from "../base/span.ts";
import type { World } from "../shell/state.ts";
import { lookup } from "../shell/words/variables.ts";
import type { Shell } from "./context.ts";

/** The shells whose code the guard reads exactly (as shells.ts MODELLED: bash, and sh as dash). */
const MODELLED = new Set(["bash", "sh", "dash", "rbash"]);

export function userShell(it: Shell, w: World, label: string, span: Span): void {
  const v = lookup(w, it, "SHELL");
  const shell = v.k === "str" && v.v !== "" ? v.v : null;
  if (shell !== null && MODELLED.has(shell.slice(shell.lastIndexOf("/") + 1))) return;
  it.issue("OPAQUE_CODE",
    shell === null
      ? `${label} runs its command in the user's shell ($SHELL), which is not known`
      : `${label} runs its command in ${shell}, a shell the guard does not model`, span);
}
