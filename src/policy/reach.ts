// What a recursive access would reach. `grep -r key .` names only `.`, but reads `.env`
// beneath it; a rule denying `.env` must not be sidestepped by naming its directory. So a
// directory access is walked the way a search tool walks it — every entry judged by the same
// surfaces, the host's path policy asked about each entry before anything below it is
// listed, symlinks judged by name and not followed — up to a bound. An access the rules allow
// is walked for anything they restrict; one that already asks, only for what is denied.

import { type FileSystem, UNDECODABLE_NAME } from "../paths/fs.ts";
import { isInside } from "../paths/resolve.ts";
import type { AccessKind } from "../base/verdict.ts";
import type { PathAuthority } from "./authorize.ts";
import { containingRoot, type Judgement, type Policy, relativeTo } from "./decide.ts";

/** Entries a scan looks at before it gives up and asks. */
export const DEFAULT_SCAN_LIMIT = 5000;

type ScanOutcome =
  | { readonly t: "clean" }
  /** An answer from an async path policy is still to come. */
  | { readonly t: "pending" }
  | { readonly t: "refused"; readonly code: "FORBIDDEN" | "BACKSLASH_PATH"; readonly why: string }
  /** The strictest rule judgement of an entry inside, and the entry (root-relative or absolute). */
  | { readonly t: "restricted"; readonly entry: string; readonly judgement: Judgement }
  | { readonly t: "too-large"; readonly limit: number }
  /** A name below is not UTF-8: it cannot be matched against the rules faithfully. */
  | { readonly t: "undecodable"; readonly dir: string }
  /**
   * A directory that must be looked into is another machine's (FileSystem.unknownHere): what
   * is below it where the command runs is not known here.
   */
  | { readonly t: "elsewhere"; readonly dir: string };

interface ScanContext {
  readonly policy: Policy;
  readonly fs: FileSystem;
  readonly roots: readonly string[];
  readonly authority: PathAuthority | null;
  readonly limit: number;
}

/**
 * What a walk looks for: `restrict`, every entry judged other than allow (the access is
 * otherwise allowed); `deny`, only what could make an access that already asks stricter —
 * entries the rules deny, refusals by the host's path policy, names it cannot judge.
 */
export type WalkMode = "restrict" | "deny";

/** Kinds whose access to a directory reaches what is inside it. */
export function reachesInside(kind: AccessKind): boolean {
  return kind === "read" || kind === "write" || kind === "list" || kind === "unknown";
}

export class Scanner {
  private readonly listings = new Map<string, string[] | null>();

  constructor(private readonly ctx: ScanContext) {}

  private list(dir: string): string[] | null {
    if (!this.listings.has(dir)) {
      const names = this.ctx.fs.readdir(dir);
      this.listings.set(dir, names ? [...names].sort() : null);
    }
    return this.listings.get(dir)!;
  }

  /** Could an entry below `dir` be judged other than allow? (Then the walk must look.) */
  private matters(dir: string, kind: AccessKind, surfaces: readonly string[], mode: WalkMode): boolean {
    const { authority, roots, policy } = this.ctx;
    if (authority && (containingRoot(dir, roots) !== undefined || roots.some((r) => isInside(r, dir)))) return true;
    return policy.mayRestrictBelow(dir, roots, surfaces, mode === "deny" ? "deny" : "ask", kind);
  }

  /** Walks `dir` (an existing directory, physically resolved). */
  scan(dir: string, kind: AccessKind, surfaces: readonly string[], mode: WalkMode = "restrict"): ScanOutcome {
    const { policy, fs, roots, authority, limit } = this.ctx;
    let worst: { entry: string; judgement: Judgement } | null = null;
    let pending = false;
    let seen = 0;
    const queue = [dir];
    while (queue.length) {
      const d = queue.shift()!;
      if (!this.matters(d, kind, surfaces, mode)) continue;
      const names = this.list(d);
      if (names === null) {
        if (fs.unknownHere?.(d)) return { t: "elsewhere", dir: d };
        continue; // The command cannot list it either.
      }
      for (const name of names) {
        if (++seen > limit) return { t: "too-large", limit };
        // A name that is not UTF-8 cannot be matched against the rules faithfully.
        if (name === UNDECODABLE_NAME) return { t: "undecodable", dir: d };
        const abs = d === "/" ? "/" + name : `${d}/${name}`;
        const root = containingRoot(abs, roots);
        if (authority && root !== undefined) {
          const a = authority.admit(relativeTo(abs, root), root);
          if (a.ok === "pending") {
            pending = true;
            continue;
          }
          if (!a.ok) return { t: "refused", code: a.code, why: a.why };
        }
        const j = policy.judgePath(abs, kind, roots, surfaces);
        if ((mode === "deny" ? j.decision === "deny" : j.decision !== "allow") &&
          (worst === null || (j.decision === "deny" && worst.judgement.decision !== "deny")))
        {
          worst = { entry: root === undefined ? abs : relativeTo(abs, root), judgement: j };
          // Without a path policy there is nothing stricter left to find.
          if (j.decision === "deny" && !authority) return { t: "restricted", ...worst };
        }
        if (fs.lstat(abs) === "dir") queue.push(abs);
      }
    }
    if (pending) return { t: "pending" };
    return worst ? { t: "restricted", ...worst } : { t: "clean" };
  }
}
