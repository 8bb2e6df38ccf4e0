// The host's path policy (stitchkit ADR 0172 and its 0.84.0 amendment): an optional callback
// asked whether a root-relative path may be disclosed or touched at all. It is asked about
// each ancestor of the path, outermost first, segment by segment, and the first refusal ends
// the questions; the root itself is never asked about. A path holding a backslash has two
// spellings (a separator to some tools, a name character to the kernel) and is refused
// without asking. A refusal is FORBIDDEN: it tells the host's own rule, not what is on disk.

import type { ReasonCode } from "../base/reasons.ts";

export interface AuthorizePathRequest {
  /** Root-relative, `/`-separated, never "." (the root is not asked about). */
  readonly path: string;
  /** The absolute physical root the path is relative to, for hosts with several roots. */
  readonly root: string;
}

export type AuthorizePath = (request: AuthorizePathRequest) => boolean | Promise<boolean>;

type Admission =
  | { readonly ok: true }
  | { readonly ok: false; readonly code: Extract<ReasonCode, "FORBIDDEN" | "BACKSLASH_PATH">; readonly why: string }
  /** Async mode: an answer is still to be awaited (see answerPending). */
  | { readonly ok: "pending" };

type Answer = { readonly ok: true } | { readonly ok: false; readonly why: string };

const ADMITTED: Admission = { ok: true };
const PENDING: Admission = { ok: "pending" };

/** Each ancestor of a root-relative path, outermost first, the path itself last. */
function ancestors(rel: string): string[] {
  const segs = rel.split("/");
  const out: string[] = [];
  for (let i = 1; i <= segs.length; i++) out.push(segs.slice(0, i).join("/"));
  return out;
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return (typeof v === "object" || typeof v === "function") && v !== null &&
    typeof (v as { then?: unknown }).then === "function";
}

function describeError(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Answers for one check. In sync mode the callback is called on the spot, and a Promise is
 * a refusal (the caller should have used checkAsync). In async mode a question without an
 * answer makes the path pending; the guard awaits the pending questions and judges again.
 */
export class PathAuthority {
  private readonly answers = new Map<string, Answer>();
  private pending: { root: string; rel: string }[] = [];
  /** How many times the callback was called in this check. */
  questions = 0;

  constructor(private readonly callback: AuthorizePath, private readonly mode: "sync" | "async") {}

  /** May the root-relative path `rel` (below `root`) be touched? */
  admit(rel: string, root: string, written?: string): Admission {
    if (rel === ".") return ADMITTED;
    if (rel.includes("\\") || (written !== undefined && written.includes("\\"))) {
      return { ok: false, code: "BACKSLASH_PATH",
        why: "a backslash is a separator to some tools and a name character to others, so the path has two spellings" };
    }
    for (const a of ancestors(rel)) {
      const answer = this.answers.get(key(root, a)) ?? (this.mode === "sync" ? this.askSync(root, a) : null);
      if (answer === null) {
        this.pending.push({ root, rel });
        return PENDING;
      }
      if (!answer.ok) return { ok: false, code: "FORBIDDEN", why: answer.why };
    }
    return ADMITTED;
  }

  get hasPending(): boolean {
    return this.pending.length > 0;
  }

  /**
   * Asks the pending questions, each path's ancestors outermost first, awaiting each answer.
   * Returns how many new answers it got (none means judging again would not progress).
   */
  async answerPending(): Promise<number> {
    const work = this.pending;
    this.pending = [];
    let got = 0;
    for (const { root, rel } of work) {
      for (const a of ancestors(rel)) {
        let answer = this.answers.get(key(root, a));
        if (answer === undefined) {
          answer = await this.askAsync(root, a);
          this.answers.set(key(root, a), answer);
          got++;
        }
        if (!answer.ok) break;
      }
    }
    return got;
  }

  private askSync(root: string, path: string): Answer {
    this.questions++;
    let answer: Answer;
    try {
      const r: unknown = this.callback({ path, root });
      if (isThenable(r)) {
        // Nobody will await it: keep a rejection from surfacing as an unhandled one.
        Promise.resolve(r).catch(() => {});
        answer = { ok: false,
          why:
            "the host's path policy answered asynchronously; call checkAsync (or checkToolAsync) when authorizePath returns a Promise" };
      } else answer = verdictOf(r);
    } catch (e) {
      answer = { ok: false, why: `the host's path policy failed: ${describeError(e)}` };
    }
    this.answers.set(key(root, path), answer);
    return answer;
  }

  private async askAsync(root: string, path: string): Promise<Answer> {
    this.questions++;
    try {
      return verdictOf(await this.callback({ path, root }));
    } catch (e) {
      return { ok: false, why: `the host's path policy failed: ${describeError(e)}` };
    }
  }
}

// The message names no ancestor: which one refused follows from where symlinks lead, and
// that is disk state.
function verdictOf(r: unknown): Answer {
  if (r === true) return { ok: true };
  if (r === false) return { ok: false, why: "the host's path policy refuses it" };
  return { ok: false, why: `the host's path policy answered ${r === null ? "null" : typeof r}, not true or false` };
}

function key(root: string, rel: string): string {
  return root + "\u0000" + rel;
}
