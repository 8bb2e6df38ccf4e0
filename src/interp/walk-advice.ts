// The walk advice: what the interpreter may ask the policy while it runs, and nothing else.

import type { AccessKind } from "../base/verdict.ts";

/**
 * How to walk a tree outside the roots that a command recurses into following symlinks:
 * `judge` when the policy could allow something in it (every link out must be found);
 * `name` when nothing can allow it but a link could lead somewhere denied (the first links
 * are named, so a deny can show); `skip` when nothing the walk finds could change the
 * verdict, which the tree's own access already makes `ask`.
 */
export type OutsideWalk = "judge" | "name" | "skip";

/**
 * The walk advice: the one channel through which the interpreter hears from the policy
 * (docs/architecture.md, "Walk advice"). It never decides anything: it only says how much of a
 * tree a recursive access must walk, or which link found there need not be reported, because
 * no rule could judge what the walk would add other than the tree's own access already is.
 * Without it (the defaults) every tree is walked and every link reported.
 */
export interface WalkAdvice {
  /** The walk of a tree outside the roots (OutsideWalk). */
  outsideWalk(dir: string): OutsideWalk;
  /**
   * Could an access of `kind` (judged by `surface`, when named) to `target`, a place inside
   * the roots that a followed symlink leads to, be judged other than `allow` — by a rule, the
   * host's path policy or the guard's protection of its own files? When it cannot, the link
   * need not be reported.
   */
  insideLinkMatters(target: string, kind: AccessKind, surface?: string): boolean;
}
