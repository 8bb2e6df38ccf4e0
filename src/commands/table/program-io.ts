// What a scanned text program (a sed script, an awk program) names: the files it reads and
// writes literally, and why it may do what the guard cannot see. Shared by sed.ts and text.ts.

import type { Arg } from "../effects.ts";
import { issue, roleAs } from "./common.ts";
import type { SpecContext } from "../spec.ts";

export interface ProgramIO {
  readonly reads: string[];
  readonly writes: string[];
  /** Why the program may do something the guard cannot see, such as run a command (null: nothing). */
  opaque: string | null;
  /**
   * The program cannot compile, so it runs nothing and opens nothing: set only where every
   * implementation refuses it and nothing before the refusal opened a file (GNU sed opens `w`
   * files while it compiles).
   */
  refused?: boolean;
}

export function newIO(): ProgramIO {
  return { reads: [], writes: [], opaque: null };
}

/** Effects of a scanned program: the files it names literally are accesses. */
export function applyIO(ctx: SpecContext, io: ProgramIO, at: Arg): void {
  for (const f of io.reads) roleAs(ctx, at, f, "read");
  for (const f of io.writes) roleAs(ctx, at, f, "write");
  if (io.opaque !== null) issue(ctx, "INLINE_CODE", `${ctx.name}: ${io.opaque}`, at.span);
}
