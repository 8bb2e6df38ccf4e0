// The decision: every access is judged by the host's path policy (inside the roots), the
// rules, and — for a directory reached recursively — what lies inside it; each simple
// command by the `bash` rules; session approvals lower what they may; the verdict is the
// strictest judgement of all (deny > ask > allow). A `bash` rule never loosens a path.

import type { FileSystem } from "../paths/fs.ts";
import type { CommandFinding, IssueFinding, PathFinding } from "../shell/findings.ts";
import { type Access, type AccessKind, type Decision, type Reason, stricter, type Verdict } from "../base/verdict.ts";
import type { PathAuthority } from "./authorize.ts";
import { containingRoot, type Judgement, Judging, type Policy, relativeTo, surfacesFor } from "./decide.ts";
import { protectedReach, type Writer } from "./protect.ts";
import { treeLoss } from "./destructive.ts";
import { commandTexts } from "./command-text.ts";
import { lastMatch, textMatches } from "./rules.ts";
import { reachesInside, type Scanner, type WalkMode } from "./reach.ts";
import type { SessionApprovals } from "./session.ts";

export interface JudgeContext {
  readonly policy: Policy;
  readonly roots: readonly string[];
  readonly fs: FileSystem;
  /** The host's path policy for this check, if it has one. */
  readonly authority: PathAuthority | null;
  readonly scanner: Scanner;
  readonly approvals: SessionApprovals;
  /** Where the user's config lives, read once for the check (src/policy/protect.ts configHomeOf); read at each use without it. */
  readonly configHome?: string | null;
  /** The config files the guard loaded, as named and resolved (protect.ts protectedReach). */
  readonly configFiles?: readonly string[];
}

/** Who writes, for the `.git/` zone (protect.ts): git's own work, a rename, a removal, a mode change, or another. */
function writerOf(command: string, written: string): Writer {
  const program = /^(?:\S*\/)?(\S+)/.exec(command)?.[1];
  if (program === "git") return "git";
  // (mv refuses to move `.`: `find . -exec mv {} …` names it, and renames only what is below.)
  if (program === "mv") return /(^|\/)\.\/*$/.test(written) ? "other" : "remover";
  if (program === "rm" || program === "rmdir" || program === "unlink") return "deleter";
  const metadata = program === "chmod" || program === "chown" || program === "chgrp" || program === "touch";
  return metadata ? "metadata" : "other";
}

/** An access still waiting for an answer from an async path policy. */
export const PENDING = "pending";
export type Judged = Judgement | typeof PENDING;

/** What an access is, for judging: where it resolves, how it is used, and how it was named. */
interface Subject {
  readonly resolved: string;
  readonly kind: AccessKind;
  readonly surfaces: readonly string[];
  /** The path as the command or tool named it (messages name this, not the resolution). */
  readonly written: string;
  readonly command: string;
}

/**
 * How to walk a directory whose access is otherwise judged `j`: for everything the rules
 * restrict when it is allowed; only for what could make it stricter — a refusal by the host's
 * path policy, a denied entry that an approval must not lower without `overrideDeny`, a reason
 * the host made `deny` — when it already asks or is denied; not at all when nothing could.
 * Without the host's path policy or such a reason, a denied entry changes only what an
 * approval may lower, so the walk waits until there is an approval that would lower it.
 */
function walkFor(j: Judgement, s: Subject, ctx: JudgeContext, exactApproval: boolean): WalkMode | null {
  if (j.decision === "allow") return "restrict";
  if (j.override === "never") return null;
  const { policy } = ctx;
  if (ctx.authority || policy.reasonDecision("UNRESOLVED_PATH") === "deny" ||
    policy.reasonDecision("EXPANSION_TOO_LARGE") === "deny") return "deny";
  if (j.override === "ask" && policy.mayDeny &&
    ctx.approvals.forPath(s.kind, s.resolved, "ask", policy.home, exactApproval)) return "deny";
  return null;
}

export function judgeSubject(s: Subject, ctx: JudgeContext): Judged {
  const { policy, roots, authority } = ctx;
  const j = new Judging();
  const root = containingRoot(s.resolved, roots);
  if (authority && root !== undefined) {
    const a = authority.admit(relativeTo(s.resolved, root), root, s.written);
    if (a.ok === "pending") return PENDING;
    if (!a.ok) j.consider(policy.reasonDecision(a.code), null, a.code, `${s.command}: ${s.written}: ${a.why}`, "never");
  }
  const rules = policy.judgePath(s.resolved, s.kind, roots, s.surfaces);
  j.consider(rules.decision, rules.rule, rules.reason ?? "RULE_ASK", `${s.command}: ${rules.message}`, rules.override);
  // A command that rewrites the rules (or the hook that runs the guard) could allow itself
  // everything on the next call: it is never allowed silently, and only an approval of this
  // very path lowers it. Writing a directory writes what it holds: `rm -rf .claude`.
  let guarded = false;
  if (s.kind === "write" || s.kind === "unknown") {
    const writer = writerOf(s.command, s.written);
    const by = s.kind === "unknown" && writer === "other" ? "unknown" : writer;
    const reached = protectedReach(s.resolved, policy.home, roots, ctx.fs, ctx.configHome, by, ctx.configFiles,
      policy.foldCase);
    if (reached !== null && policy.reasonDecision("PROTECTED_PATH") !== "allow") {
      guarded = true;
      const what = reached === s.resolved
        ? s.written
        : `${s.written}: what it writes includes ${
          reached.slice(s.resolved === "/" ? 1 : s.resolved.length + 1)
        }, which`;
      j.consider(policy.reasonDecision("PROTECTED_PATH"), null, "PROTECTED_PATH",
        `${s.command}: ${what} holds the guard's configuration`, "ask");
    }
  }
  const mode = !reachesInside(s.kind)
    ? null
    : j.decision === "allow"
    ? "restrict"
    : walkFor(j.result(), s, ctx, guarded);
  // (On another machine's disk a directory that cannot be listed here is the scan's "elsewhere";
  // a place that is not there is judged by its name, as on this machine: FileSystem.unknownHere.)
  if (mode !== null && ctx.fs.lstat(s.resolved) === "dir") {
    const inside = ctx.scanner.scan(s.resolved, s.kind, s.surfaces, mode);
    switch (inside.t) {
      case "pending":
        return PENDING;
      case "refused":
        j.consider(policy.reasonDecision(inside.code), null, inside.code,
          `${s.command}: ${s.written}: a recursive access would reach a path below it, and ${inside.why}`, "never");
        break;
      case "restricted": {
        const inner = inside.judgement;
        // Naming the directory is not the same as naming what it holds: ask, and let only an
        // approval that may override a deny lower it when what it holds is denied.
        j.consider("ask", inner.rule, "RULE_ASK",
          `${s.command}: ${s.written}: a recursive access would reach ${inside.entry}, and ${inner.message}`,
          inner.decision === "deny" ? "deny" : inner.override);
        break;
      }
      case "undecodable":
        j.consider(policy.reasonDecision("UNRESOLVED_PATH"), null, "UNRESOLVED_PATH",
          `${s.command}: ${s.written}: a name below it is not UTF-8`, "never");
        break;
      case "too-large":
        j.consider(policy.reasonDecision("EXPANSION_TOO_LARGE"), null, "EXPANSION_TOO_LARGE",
          `${s.command}: ${s.written}: more than ${inside.limit} entries below it to check against the rules`, "never");
        break;
      case "elsewhere":
        j.consider(policy.reasonDecision("UNRESOLVED_PATH"), null, "UNRESOLVED_PATH",
          `${s.command}: ${s.written}: a recursive access would reach what is below it on the machine that runs the command, which is not known here`,
          "never");
        break;
      case "clean":
        break;
    }
  }
  const result = j.result();
  if (result.decision !== "allow") {
    const a = ctx.approvals.forPath(s.kind, s.resolved, result.override, policy.home, guarded);
    if (a) return { decision: "allow", rule: `session:${a.pattern}`, reason: null, message: null, override: "ask" };
  }
  return result;
}

/** Judges a command's text against the `bash` rules (session approvals may lower it). */
function judgeCommandText(text: string, ctx: JudgeContext): Judgement {
  // `/bin/rm x` is `rm x` and `git -C . push` is `git push` to the rules: the strictest spelling wins.
  let worst: Judgement | null = null;
  for (const spelling of commandTexts(text)) {
    const j = judgeCommandSpelling(spelling, text, ctx);
    if (worst === null || stricter(worst.decision, j.decision) !== worst.decision) worst = j;
  }
  return worst!;
}

function judgeCommandSpelling(spelling: string, text: string, ctx: JudgeContext): Judgement {
  const m = lastMatch(ctx.policy.rules("bash"), (p) => textMatches(p, spelling));
  if (!m || m.action === "allow") {
    return { decision: "allow", rule: m ? `bash:${m.pattern}` : null, reason: null, message: null, override: "ask" };
  }
  const override = m.action === "deny" ? "deny" : "ask";
  const a = ctx.approvals.forText("bash", spelling, override) ??
    (spelling === text ? null : ctx.approvals.forText("bash", text, override));
  if (a) return { decision: "allow", rule: `session:${a.pattern}`, reason: null, message: null, override: "ask" };
  return { decision: m.action, rule: `bash:${m.pattern}`, reason: m.action === "deny" ? "RULE_DENY" : "RULE_ASK",
    message: `the bash rule ${JSON.stringify(m.pattern)} says ${m.action} for ${text}`, override };
}

interface FindingsInput {
  readonly paths: readonly PathFinding[];
  readonly issues: readonly IssueFinding[];
  readonly commands?: readonly CommandFinding[];
}

/** Turns the interpreter's findings into a verdict, or PENDING while answers are awaited. */
export function judgeFindings(input: FindingsInput, ctx: JudgeContext, extra: readonly Reason[] = []): Verdict
  | typeof PENDING
{
  const { policy } = ctx;
  const accesses: Access[] = [];
  const reasons: Reason[] = [...extra];
  let decision: Decision = "allow";
  let pending = false;
  for (const r of extra) decision = stricter(decision, r.decision);
  for (const p of input.paths) {
    let j: Judged;
    if (p.problem) {
      const d = policy.reasonDecision(p.problem.code);
      j = { decision: d, rule: null, reason: p.problem.code, message: `${p.command}: ${p.path}: ${p.problem.why}`,
        override: "never" };
      // Whether or not a symlink is made on its way, the command names that place: where the
      // rules say more than the unresolved path (a denied secret), that is the judgement.
      if (p.named !== undefined) {
        const byName = judgeSubject({ resolved: p.named, kind: p.kind, surfaces: surfacesFor(p.kind, p.surface),
          written: p.path, command: p.command }, ctx);
        if (byName === PENDING || stricter(d, byName.decision) !== d) j = byName;
      }
    } else {
      j = judgeSubject({ resolved: p.resolved!, kind: p.kind, surfaces: surfacesFor(p.kind, p.surface), written: p.path,
        command: p.command }, ctx);
    }
    if (j === PENDING) {
      pending = true;
      continue;
    }
    accesses.push({ path: p.path, resolved: p.resolved, kind: p.kind, command: p.command, via: p.via,
      start: p.span.start, end: p.span.end, decision: j.decision, rule: j.rule, reason: j.reason });
    decision = stricter(decision, j.decision);
    if (j.reason && j.decision !== "allow") {
      // (A judgement by the rules, not the problem, is about the place itself: no state.)
      const state = p.problem?.state !== undefined && j.reason === p.problem.code ? p.problem.state : undefined;
      reasons.push({ code: j.reason, message: j.message ?? p.command, decision: j.decision, start: p.span.start,
        end: p.span.end, ...(p.span.file ? { file: p.span.file } : {}), ...(state ? { state } : {}) });
    }
    // Whatever the access's own judgement: a removal inside the project is no less final for it.
    const loss = p.removesTree && p.resolved !== null ? treeLoss(p.resolved, ctx.roots, policy.foldCase) : null;
    if (loss !== null) {
      const d = policy.reasonDecision("DESTRUCTIVE");
      decision = stricter(decision, d);
      reasons.push({ code: "DESTRUCTIVE", message: `${p.command} removes ${p.path}, ${loss}`, decision: d,
        start: p.span.start, end: p.span.end, ...(p.span.file ? { file: p.span.file } : {}) });
    }
  }
  if (pending) return PENDING;
  if (policy.rules("bash").length) {
    for (const c of input.commands ?? []) {
      const j = judgeCommandText(c.text, ctx);
      if (j.decision === "allow") continue;
      decision = stricter(decision, j.decision);
      reasons.push({ code: j.reason!, message: j.message!, decision: j.decision, start: c.span.start, end: c.span.end,
        ...(c.span.file ? { file: c.span.file } : {}) });
    }
  }
  for (const i of input.issues) {
    const d = policy.reasonDecision(i.code);
    decision = stricter(decision, d);
    reasons.push({ code: i.code, message: i.message, decision: d,
      ...(i.span ? { start: i.span.start, end: i.span.end } : {}), ...(i.span?.file ? { file: i.span.file } : {}) });
  }
  return { decision, reasons: dedupeReasons(reasons), accesses };
}

export function dedupeReasons(rs: readonly Reason[]): Reason[] {
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
