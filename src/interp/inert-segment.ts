// Pipeline segments that cannot change how any path resolves, whatever state they start in: a
// filter such as `tail -20`, `grep -E …`, `jq .` or `tee test.log`. They write at most regular
// files named by their words or redirections, which makes no link, moves no directory and
// creates no directory. What they write another segment may read is the file-text log's
// concern (file-texts.ts readThenWritten), not theirs.
//
// The pipeline's second judgement (control.ts besideEachOther) leaves them out of what "the
// others" did: `.venv/bin/python -m pytest | tail -20` is not judged again as if the python's
// own project code had made links before the python started.

import type { Stmt, Word } from "../shell/syntax.ts";
import type { World } from "../shell/state.ts";
import type { Shell } from "./context.ts";
import { pathPrograms } from "./path-lookup.ts";

/**
 * Programs that read and print, or write regular files they are named (`tee F`, `sort -o F`,
 * `uniq IN OUT`), and start no other program whatever their words. Not awk, sed, xargs, find,
 * rg (`--pre`), less and more (LESSOPEN), which can; not a program that can make a link or a
 * directory.
 */
const INERT = new Set(["cat", "tac", "head", "tail", "grep", "egrep", "fgrep", "wc", "cut", "tr", "sort", "uniq", "nl",
  "rev", "fold", "fmt", "column", "paste", "expand", "unexpand", "jq", "tee", "base64", "od", "hexdump", "strings",
  "md5sum", "sha1sum", "sha256sum", "sha512sum", "cksum", "true", "echo", "printf"]);

/** Whether `s` is one call of an INERT program, in `start`, with words and redirections that run nothing. */
export function inertSegment(it: Shell, s: Stmt, start: World): boolean {
  if (s.t !== "cmd" || s.assigns.length > 0 || s.words.length === 0) return false;
  const name = plain(s.words[0]!);
  if (name === null || !INERT.has(name) || start.funcs.has(name)) return false;
  // A program of the project's own by that name on a PATH the command set runs instead.
  if (pathPrograms(it, start, name).length > 0) return false;
  if (!s.words.every(runsNothing)) return false;
  // sort --compress-program=PROG (any unambiguous prefix, `--co`) starts PROG.
  if (name === "sort" && s.words.some((w) => plain(w)?.startsWith("--co") !== false)) return false;
  return s.redirs.every((r) => r.heredoc === null && (r.target === null || runsNothing(r.target)));
}

/** The word's text when it is written out plainly (no expansion at all), else null. */
function plain(w: Word): string | null {
  let text = "";
  for (const p of w.parts) {
    if (p.t !== "raw" && p.t !== "lit") return null;
    text += p.text;
  }
  return /[\\'"$`*?[{~]/.test(text) && w.parts.some((p) => p.t === "raw") ? null : text;
}

/**
 * Plain text and plain variables (`$x`, `${x}`, `"$@"`) only: no command or process
 * substitution, no arithmetic or subscript (which may hold one), no operator (`${x@P}` expands
 * a prompt, which may run code), nothing the lowering could not read.
 */
function runsNothing(w: Word): boolean {
  return w.parts.every((p) =>
    p.t === "raw" || p.t === "lit" || (p.t === "param" && p.param.op === "" && p.param.index === null)
  );
}
