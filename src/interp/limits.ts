// The bounds one check runs within: past them the interpreter fails closed (merges worlds into
// one where what differs is unknown, or reports EXPANSION_TOO_LARGE / NESTING_TOO_DEEP).

import type { Limits } from "../shell/words/env.ts";

export interface InterpreterLimits extends Limits {
  /** Worlds followed at once before they are merged (what differs becomes unknown). */
  readonly maxWorlds: number;
  /** Statements run in one check, loops and calls included. */
  readonly maxSteps: number;
  /** Nested shells, eval and source, counted together. */
  readonly maxNesting: number;
  readonly maxCallDepth: number;
  readonly maxLoopRounds: number;
  /** Script files read for `source` and `bash script.sh`. */
  readonly maxScriptBytes: number;
  /** Entries looked at when a command follows symlinks through a directory tree. */
  readonly maxScanEntries: number;
}

export const DEFAULT_LIMITS: InterpreterLimits = { maxBraceWords: 4096, maxValueBytes: 256 * 1024, maxArrayLength: 4096,
  maxGlobMatches: 2048, maxGlobDirs: 4096, maxWorlds: 64, maxSteps: 20000, maxNesting: 3, maxCallDepth: 16,
  maxLoopRounds: 6, maxScriptBytes: 64 * 1024, maxScanEntries: 20000 };
