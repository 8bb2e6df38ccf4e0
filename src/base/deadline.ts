// A check's time budget. The checker's work is synchronous: a timer cannot interrupt it, so the
// interpreter and the filesystem ask `overdue` as they go and throw CheckTimeout past the budget,
// which the guard turns into a CHECK_TIMEOUT verdict (ask). A slow disk or an input that costs
// more than its bounds foresaw then ends in an answer the host gets before its own deadline.

export class CheckTimeout extends Error {
  constructor(readonly budgetMs: number) {
    super(`the check took longer than its budget of ${budgetMs} ms`);
  }
}

export interface Deadline {
  /** Throws CheckTimeout once the budget is spent (and the deadline is armed). */
  check(): void;
  /** No more throws: what follows waits on the host (an async path policy), not on the guard. */
  disarm(): void;
}

/** A deadline `budgetMs` from now; Infinity (or no budget) never expires. */
export function deadlineIn(budgetMs: number): Deadline {
  const end = performance.now() + budgetMs;
  let armed = Number.isFinite(budgetMs);
  return { check() {
    if (armed && performance.now() > end) throw new CheckTimeout(budgetMs);
  },
    disarm() {
      armed = false;
    } };
}
