// Files a command writes whole with text the guard knows: `cat > scripts/t.sh <<'EOF' … EOF &&
// bash scripts/t.sh` runs the text right there, which is read as the script (access.ts,
// readScript) instead of asking about a script written earlier in the command.
//
// Only on the `&&` side of the write: cat exits with a failure when it could not write all of
// it (a full disk, `ulimit -f`, which kills it with SIGXFSZ), so the command after `&&` runs only
// once the file holds the whole text; after `;` or a newline it may hold a prefix, which is other
// code (`rm -rf $P/../p/build` cut short is `rm -rf $P/..`). The world keeps the text
// (World.texts), so a part that runs beside the write (a pipeline, a background job) never sees
// it, and readScript takes it only when that write is the one write at or above the file in the
// whole command line, in any world or child.

import { isAbsolute, join, resolvePhysical } from "../paths/resolve.ts";
import type { World } from "../shell/state.ts";
import type { Redir, Stmt } from "../shell/syntax.ts";
import { expandWord } from "../shell/words/expand.ts";
import { fieldText } from "../shell/words/env.ts";
import type { Shell } from "./context.ts";
import { pipeOutput, substitutionDepth } from "./stdin.ts";

/** Redirections that feed the command's standard input, which leave its output alone. */
const INPUT_OPS: ReadonlySet<string> = new Set(["<", "<<", "<<-", "<<<"]);

/**
 * The file a simple command writes whole (`>` of its standard output, `>|` too) and the text it
 * prints there, when both are known before it runs in `w`: its words, target and input hold no
 * command substitution (expanding them again would analyse it again), its other redirections only
 * feed its input, and its table entry says what it prints (`cat` of a here-document, `echo`,
 * `printf`). Null otherwise.
 */
export function knownWrite(it: Shell, s: Stmt, w: World): { readonly path: string; readonly text: string } | null {
  if (s.t !== "cmd" || s.words.length === 0 || w.linksChanged || w.linkZones.length > 0 || w.cwd === null) {
    return null;
  }
  const outs = s.redirs.filter((r) => !(INPUT_OPS.has(r.op) && (r.fd === null || r.fd === "0")));
  const out: Redir | undefined = outs[0];
  if (outs.length !== 1 || out === undefined || (out.op !== ">" && out.op !== ">|") ||
    (out.fd !== null && out.fd !== "1") || out.target === null) return null;
  const words = [...s.words, out.target,
    ...s.redirs.flatMap((r) => [...(r.target ? [r.target] : []), ...(r.heredoc?.expands ? [r.heredoc.body] : [])])];
  if (substitutionDepth(words) !== 0 || s.assigns.length > 0) return null;
  const target = expandWord(out.target, w.clone(), it);
  const name = target.fields.length === 1 ? fieldText(target.fields[0]!) : null;
  if (name === null || name === "" || target.countUnknown) return null;
  const r = resolvePhysical(isAbsolute(name) ? name : join(w.cwd, name), it.paths.fs);
  // (A FIFO or a device there is no file that keeps what was written.)
  if (!r.ok || (r.exists && it.paths.fs.lstat(r.path) !== "file")) return null;
  const printed = pipeOutput([{ ...s, redirs: s.redirs.filter((x) => x !== out) }], 0, w.clone(), it);
  return printed.t === "text" ? { path: r.path, text: printed.text } : null;
}

/** `w` knowing that the file at `path` holds `text` and nothing else. */
export function withText(w: World, write: { readonly path: string; readonly text: string }): World {
  w.texts = new Map([...w.texts, [write.path, write.text]]);
  return w;
}

/**
 * Whether a simple command is one of the usual ways a file is written whole with text: `cat`
 * of its standard input (a here-document), `echo`, `printf`, with a redirection. Only these are
 * asked about outside `&&` (the interpreter's sawWrite): what the others print is worked out
 * by running their entries' `pipe`, which judges what they read (a listing's reliance).
 */
export function writesText(s: Extract<Stmt, { t: "cmd" }>): boolean {
  const first = s.words[0]?.text;
  return s.redirs.length > 0 && (first === "echo" || first === "printf" || (first === "cat" && s.words.length === 1));
}
