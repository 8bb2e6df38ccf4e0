// The decision: each finding is judged by the rules, and the verdict is the strictest
// judgement (deny > ask > allow).

import { isInside } from "../paths/resolve.ts";
import { REASONS, type ReasonCode } from "../reasons.ts";
import type { IssueFinding, PathFinding } from "../shell/findings.ts";
import { type Access, type AccessKind, type Decision, type Reason, stricter, type Verdict } from "../verdict.ts";
import type { MergedConfig } from "./config.ts";
import { lastMatch, pathMatches, type RuleSet } from "./rules.ts";

export interface Judgement {
  readonly decision: Decision;
  readonly rule: string | null;
  readonly reason: ReasonCode | null;
  readonly message: string | null;
}

/** Which per-tool surfaces judge an access of each kind (unknown: the strictest of them). */
const KIND_SURFACES: Record<AccessKind, readonly string[]> = {
  read: ["read"],
  write: ["write", "edit"],
  list: ["ls"],
  cwd: [],
  exec: ["read"],
  unknown: ["read", "write", "edit", "ls"],
};

export class Policy {
  constructor(
    readonly config: MergedConfig,
    readonly home: string | null,
  ) {}

  rules(surface: string): RuleSet {
    return this.config.surfaces.get(surface) ?? [];
  }

  /** The action for a reason code: the host's override, or the code's default. */
  reasonDecision(code: ReasonCode): Decision {
    return this.config.reasons.get(code)?.action ?? REASONS[code].decision;
  }

  /** Judges one resolved path against the roots and the rules. */
  judgePath(resolved: string, kind: AccessKind, roots: readonly string[], surfaceHint?: string): Judgement {
    const root = roots.find((r) => isInside(resolved, r));
    let decision: Decision = "allow";
    let rule: string | null = null;
    let reason: ReasonCode | null = null;
    let message: string | null = null;
    const consider = (d: Decision, r: string | null, code: ReasonCode, msg: string) => {
      if (stricter(decision, d) !== decision || (rule === null && d === decision && d !== "allow")) {
        decision = d;
        rule = r;
        reason = d === "allow" ? null : code;
        message = d === "allow" ? null : msg;
      }
    };
    if (root === undefined) {
      const m = lastMatch(this.rules("external_directory"), (p) => pathMatches(p, resolved, this.home));
      const d = m?.action ?? "ask";
      consider(d, m ? `external_directory:${m.pattern}` : null, d === "deny" ? "RULE_DENY" : "EXTERNAL_PATH", `${resolved} is outside the project roots`);
    }
    const subject = root === undefined ? resolved : relativeTo(resolved, root);
    const surfaces = surfaceHint ? [surfaceHint] : KIND_SURFACES[kind];
    for (const s of surfaces) {
      const rules = this.rules(s);
      if (rules.length === 0) continue;
      const m = lastMatch(rules, (p) => pathMatches(p, subject, this.home) || (root !== undefined && pathMatches(p, resolved, this.home)));
      if (!m) continue;
      consider(m.action, `${s}:${m.pattern}`, m.action === "deny" ? "RULE_DENY" : "RULE_ASK", `the ${s} rule ${JSON.stringify(m.pattern)} says ${m.action} for ${subject}`);
    }
    return { decision, rule, reason, message };
  }
}

/** Root-relative path ("." for the root itself). */
export function relativeTo(path: string, root: string): string {
  if (path === root) return ".";
  return root === "/" ? path.slice(1) : path.slice(root.length + 1);
}

export interface JudgeInput {
  readonly paths: readonly PathFinding[];
  readonly issues: readonly IssueFinding[];
  readonly roots: readonly string[];
}

/** Turns the interpreter's findings into a verdict. */
export function judge(input: JudgeInput, policy: Policy, extra: readonly Reason[] = []): Verdict {
  const accesses: Access[] = [];
  const reasons: Reason[] = [...extra];
  let decision: Decision = "allow";
  for (const r of extra) decision = stricter(decision, r.decision);
  for (const p of input.paths) {
    let j: Judgement;
    if (p.problem) {
      const d = policy.reasonDecision(p.problem.code);
      j = { decision: d, rule: null, reason: p.problem.code, message: `${p.path}: ${p.problem.why}` };
    } else {
      j = policy.judgePath(p.resolved!, p.kind, input.roots);
    }
    accesses.push({
      path: p.path, resolved: p.resolved, kind: p.kind, command: p.command, via: p.via,
      start: p.span.start, end: p.span.end, decision: j.decision, rule: j.rule, reason: j.reason,
    });
    decision = stricter(decision, j.decision);
    if (j.reason && j.decision !== "allow") {
      reasons.push({ code: j.reason, message: `${p.command}: ${j.message}`, decision: j.decision, start: p.span.start, end: p.span.end });
    }
  }
  for (const i of input.issues) {
    const d = policy.reasonDecision(i.code);
    decision = stricter(decision, d);
    reasons.push({ code: i.code, message: i.message, decision: d, ...(i.span ? { start: i.span.start, end: i.span.end } : {}) });
  }
  return { decision, reasons: dedupeReasons(reasons), accesses };
}

function dedupeReasons(rs: readonly Reason[]): Reason[] {
  const seen = new Set<string>();
  const out: Reason[] = [];
  for (const r of rs) {
    const k = `${r.code}\u0000${r.message}\u0000${r.start}\u0000${r.end}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(r);
  }
  // Strictest first, so the first reason explains the decision.
  const rank = (d: Decision) => (d === "deny" ? 0 : d === "ask" ? 1 : 2);
  return out.sort((a, b) => rank(a.decision) - rank(b.decision));
}
