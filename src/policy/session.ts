// Session approvals: what the person at the host approved "for this session", kept in memory
// on the guard. A path approval is scoped to a path (the file, or the entries of its
// directory), never to a whole tool; it lowers `ask`, and lowers a rule's `deny` only when
// the host says so. It never lowers a refusal by the host's path policy or anything the
// guard could not look at.

import { ACCESS_KINDS, type Access, type AccessKind } from "../base/verdict.ts";
import type { Override } from "./decide.ts";
import { literalPattern, pathMatches, textMatches } from "./rules.ts";

export type ApprovalScope = "file" | "directory";

/** An approval of command text (`bash`) or of an extension tool (pattern `*`). */
export interface RuleTarget {
  readonly surface: string;
  readonly pattern: string;
}

export interface ApproveOptions {
  /** Let the approval lower a config rule's `deny` too (never a FORBIDDEN). */
  readonly overrideDeny?: boolean;
}

export interface Approval {
  /** "path" for a path approval; otherwise the surface whose text it approves (`bash`, a tool). */
  readonly surface: string;
  /** Access kinds a path approval covers (null for text approvals). */
  readonly kinds: readonly AccessKind[] | null;
  /** For paths, an absolute minimatch pattern with the path's special characters escaped. */
  readonly pattern: string;
  readonly overrideDeny: boolean;
}

export interface ApprovalSuggestion {
  readonly scope: ApprovalScope;
  readonly pattern: string;
  readonly kinds: readonly AccessKind[];
}

/**
 * Kinds an approval of an access covers. An access of unknown kind could be anything, so
 * approving it covers every kind; approving a read does not approve an unknown access.
 */
export function kindsCovered(kind: AccessKind): AccessKind[] {
  if (kind === "unknown") return [...ACCESS_KINDS];
  if (kind === "read") return ["read", "exec"];
  return [kind];
}

function dirname(p: string): string {
  const i = p.lastIndexOf("/");
  return i <= 0 ? "/" : p.slice(0, i);
}

/**
 * The pattern for an approval of `resolved` in a scope. An access that is itself a directory
 * (`isDirectory`) is approved as that directory in either scope: the entries of its parent
 * would approve its siblings (`grep -r key .` in ~/project would approve reading `~/.netrc`).
 */
export function approvalPattern(resolved: string, scope: ApprovalScope, isDirectory = false): string {
  if (scope === "file" || isDirectory) return literalPattern(resolved);
  const dir = dirname(resolved);
  // "/*" would approve every top-level directory: as good as a blanket approval.
  if (dir === "/") return literalPattern(resolved);
  return literalPattern(dir) + "/*";
}

/**
 * The approval to offer for an access: the entries of its directory for reads and listings,
 * the file alone for writes and unknown kinds (a write approval should not spread), the
 * directory itself for an access that is a directory (`isDirectory`), and nothing for an
 * access whose path is not known.
 */
export function suggestApproval(access: Pick<Access, "resolved" | "kind">, isDirectory = false): ApprovalSuggestion
  | null
{
  if (access.resolved === null) return null;
  const scope: ApprovalScope = access.kind === "read" || access.kind === "list" || access.kind === "exec"
    ? "directory"
    : "file";
  const pattern = approvalPattern(access.resolved, scope, isDirectory);
  return { scope: pattern === literalPattern(access.resolved) ? "file" : scope, pattern,
    kinds: kindsCovered(access.kind) };
}

const BLANKET = new Set(["*", "**", "/*", "/**", "~", "~/*", "~/**"]);

export class SessionApprovals {
  private readonly list: Approval[] = [];

  add(a: Approval): Approval {
    if (a.surface === "path" && BLANKET.has(a.pattern)) {
      throw new Error(
        `a session approval of ${JSON.stringify(a.pattern)} would approve every path; approve a file or a directory`,
      );
    }
    this.list.push(a);
    return a;
  }

  all(): readonly Approval[] {
    return this.list;
  }

  clear(): void {
    this.list.length = 0;
  }

  private strongEnough(a: Approval, needed: Override): boolean {
    return needed === "ask" || (needed === "deny" && a.overrideDeny);
  }

  /**
   * The approval that lowers a path judgement needing `needed`, or null. With `exactly`, only
   * an approval of this very path counts (a write of the guard's own files is not lowered by
   * an approval of its directory's entries).
   */
  forPath(kind: AccessKind, resolved: string, needed: Override, home: string | null, exactly = false): Approval | null {
    if (needed === "never") return null;
    const literal = exactly ? literalPattern(resolved) : null;
    for (const a of this.list) {
      if (a.surface !== "path" || !a.kinds?.includes(kind) || !this.strongEnough(a, needed)) continue;
      if (literal !== null ? a.pattern === literal : pathMatches(a.pattern, resolved, home)) return a;
    }
    return null;
  }

  /** The approval of command text or an extension tool that lowers a rule's judgement. */
  forText(surface: string, text: string, needed: Override): Approval | null {
    if (needed === "never") return null;
    for (const a of this.list) {
      if (a.surface !== surface || !this.strongEnough(a, needed)) continue;
      if (textMatches(a.pattern, text)) return a;
    }
    return null;
  }
}
