// Direct tool calls judged like bash accesses: the same rules, the same host path policy,
// the same walk of a directory a search would reach, the same session approvals — so one
// `.env` rule means the same thing to `read` as to `cat`.

import { canonicalLogical, resolvePhysical, unresolvedWhy } from "../paths/resolve.ts";
import { type Access, type Decision, type Reason, stricter, type Verdict } from "../base/verdict.ts";
import { Judging } from "./decide.ts";
import { dedupeReasons, type JudgeContext, type Judged, judgeSubject, PENDING } from "./judge.ts";
import { catchAll } from "./rules.ts";
import { pathTool, toolSubjects } from "./tool.ts";

/** Device names bash and file tools open by name (the defaults allow them by name too). */
const DEVICE = /^\/dev\/(null|stdin|stdout|stderr|tty|fd\/[0-9]+)$/;

export function judgeToolCall(tool: string, input: unknown, cwd: string, ctx: JudgeContext): Verdict | typeof PENDING {
  const { policy } = ctx;
  const spec = pathTool(tool);
  if (spec === null) {
    // An extension tool: judged on "*" alone. The guard cannot tell what a tool it does not
    // model touches, so one no rule decides is asked about, not allowed.
    const m = catchAll(policy.rules(tool), policy.home);
    if (m?.action === "allow") return { decision: "allow", reasons: [], accesses: [] };
    const override = m?.action === "deny" ? "deny" : "ask";
    if (ctx.approvals.forText(tool, "*", override)) return { decision: "allow", reasons: [], accesses: [] };
    if (!m) {
      return { decision: "ask",
        reasons: [{ code: "RULE_ASK",
          message: `${tool}: no rule says what the ${tool} tool may do, and the guard does not know what it touches`,
          decision: "ask" }], accesses: [] };
    }
    const code = m.action === "deny" ? "RULE_DENY" : "RULE_ASK";
    return { decision: m.action,
      reasons: [{ code, message: `${tool}: the ${tool} rule ${JSON.stringify(m.pattern)} says ${m.action}`,
        decision: m.action }], accesses: [] };
  }
  const accesses: Access[] = [];
  const reasons: Reason[] = [];
  let decision: Decision = "allow";
  let pending = false;
  const record = (written: string, resolved: string | null, j: Judged) => {
    if (j === PENDING) {
      pending = true;
      return;
    }
    accesses.push({ path: written, resolved, kind: spec.kind, command: tool, via: [], start: 0, end: written.length,
      decision: j.decision, rule: j.rule, reason: j.reason });
    decision = stricter(decision, j.decision);
    if (j.reason && j.decision !== "allow") {
      reasons.push({ code: j.reason, message: j.message ?? tool, decision: j.decision, start: 0, end: written.length });
    }
  };
  for (const subject of toolSubjects(input, cwd, policy.home)) {
    const { written, absolute } = subject;
    if (absolute === null) {
      // No path: the surface-level catch-all decides, as for tool injection.
      const j = new Judging();
      for (const s of spec.surfaces) {
        const m = catchAll(policy.rules(s), policy.home);
        if (m) {
          j.consider(m.action, `${s}:${m.pattern}`, m.action === "deny" ? "RULE_DENY" : "RULE_ASK",
            `${tool}: the ${s} rule ${JSON.stringify(m.pattern)} says ${m.action} for any path`,
            m.action === "deny" ? "deny" : "ask");
        }
      }
      record(written, null, j.result());
      continue;
    }
    const problem = (code: "BACKSLASH_PATH" | "INVALID_INPUT" | "UNRESOLVED_PATH", why: string): Judged => ({
      decision: policy.reasonDecision(code),
      rule: null,
      reason: code,
      message: `${tool}: ${written}: ${why}`,
      override: "never",
    });
    // The file tool may split on a backslash where the rules and the kernel see a name.
    if (written.includes("\\")) {
      record(written, null,
        problem("BACKSLASH_PATH",
          "a backslash is a separator to some tools and a name character to others, so the path has two spellings"));
      continue;
    }
    if (written.includes("\u0000")) {
      record(written, null, problem("INVALID_INPUT", "the path holds a NUL byte"));
      continue;
    }
    const candidates = DEVICE.test(absolute) ? [absolute] : [...new Set([absolute, canonicalLogical(absolute)])];
    const judged = new Set<string>();
    for (const c of candidates) {
      let resolved = c;
      if (!DEVICE.test(c)) {
        const r = resolvePhysical(c, ctx.fs);
        if (!r.ok) {
          record(written, null, problem("UNRESOLVED_PATH", unresolvedWhy(r)));
          continue;
        }
        resolved = r.path;
        // A tool that makes the file's directories one by one goes where the missing ones climbed out of (src/paths/resolve.ts).
        for (const dir of r.climbed ?? []) {
          if (judged.has(dir)) continue;
          judged.add(dir);
          record(written, dir,
            judgeSubject({ resolved: dir, kind: spec.kind, surfaces: spec.surfaces, written, command: tool }, ctx));
        }
      }
      if (judged.has(resolved)) continue;
      judged.add(resolved);
      record(written, resolved,
        judgeSubject({ resolved, kind: spec.kind, surfaces: spec.surfaces, written, command: tool }, ctx));
    }
  }
  if (pending) return PENDING;
  return { decision, reasons: dedupeReasons(reasons), accesses };
}
