// The rules' judgement of one resolved path: outside the roots by `external_directory`, and
// by the per-tool surfaces that an access of its kind (or named surface) is judged by. The
// strictest judgement wins (deny > ask > allow).

import { isInside } from "../paths/resolve.ts";
import { REASONS, type ReasonCode } from "../base/reasons.ts";
import { type AccessKind, type Decision, stricter } from "../base/verdict.ts";
import type { MergedConfig } from "./config.ts";
import { secretAt, secretsReach } from "./secrets.ts";
import { lastMatch, pathMatches, pathMayMatchBelow, type Rule, type RuleSet, rulesForKind } from "./rules.ts";

/**
 * What a session approval must be allowed to do to lower a judgement: any approval lowers
 * an `ask`, only one given `overrideDeny` lowers a rule's `deny`, and nothing lowers what the
 * host's path policy refused or what the guard could not look at.
 */
export type Override = "ask" | "deny" | "never";

export interface Judgement {
  readonly decision: Decision;
  /** The rule that decided, as `surface:pattern`. */
  readonly rule: string | null;
  readonly reason: ReasonCode | null;
  readonly message: string | null;
  readonly override: Override;
}

const ALLOWED: Judgement = { decision: "allow", rule: null, reason: null, message: null, override: "ask" };

const POWER: Record<Override, number> = { ask: 1, deny: 2, never: 3 };

/** Collects judgements; the strictest decides, and the hardest to override sets `override`. */
export class Judging {
  private current: Judgement = ALLOWED;
  private power = 0;

  consider(decision: Decision, rule: string | null, reason: ReasonCode, message: string, override: Override): void {
    if (decision === "allow") {
      // An allow names its rule too, unless something stricter decides.
      if (this.current.decision === "allow" && this.current.rule === null && rule !== null) {
        this.current = { ...ALLOWED, rule };
      }
      return;
    }
    this.power = Math.max(this.power, POWER[override]);
    const cur = this.current;
    if (stricter(cur.decision, decision) !== cur.decision ||
      (cur.decision === decision && cur.rule === null && rule !== null))
    {
      this.current = { decision, rule, reason, message, override };
    }
  }

  get decision(): Decision {
    return this.current.decision;
  }

  result(): Judgement {
    if (this.current.decision === "allow") return this.current;
    const override: Override = this.power >= 3 ? "never" : this.power === 2 ? "deny" : "ask";
    return { ...this.current, override };
  }
}

/** Which per-tool surfaces judge an access of each kind (unknown: the strictest of them). */
const KIND_SURFACES: Record<AccessKind, readonly string[]> = { read: ["read"], write: ["write", "edit"], list: ["ls"],
  cwd: [], exec: ["read"], unknown: ["read", "write", "edit", "ls"] };

/**
 * The surfaces for an access: its kind's, plus the surface the interpreter named. A named
 * surface adds to the kind's rules and never replaces them: `find -delete` is a write and
 * answers to `write` and `edit` as well as `find`; `grep` reads what it searches, so it
 * answers to `read` too. The one exception is the listing a `find`/`fd` does by itself,
 * which the docs give to `find` alone (it discloses names, as the find tool does).
 */
export function surfacesFor(kind: AccessKind, hint?: string): readonly string[] {
  if (!hint) return KIND_SURFACES[kind];
  const key = `${kind}:${hint}`;
  let s = HINTED.get(key);
  if (!s) {
    HINTED.set(key,
      s = hint === "find" && kind === "list" ? ["find"] : [hint, ...KIND_SURFACES[kind].filter((x) => x !== hint)]);
  }
  return s;
}

const HINTED = new Map<string, readonly string[]>();

/**
 * The root a path is judged relative to: the outermost containing root, so a check started
 * in `project/src` with `project` as a root matches `src/*` patterns as written.
 */
export function containingRoot(path: string, roots: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const r of roots) if (isInside(path, r) && (best === undefined || r.length < best.length)) best = r;
  return best;
}

/** Root-relative path ("." for the root itself). */
export function relativeTo(path: string, root: string): string {
  if (path === root) return ".";
  return root === "/" ? path.slice(1) : path.slice(root.length + 1);
}

/**
 * Does a path match a pattern — with `fold`, without regard to case, as a filesystem that
 * finds `.ENV` for `.env` does (src/paths/case.ts): `cat .ENV` is `cat .env` there.
 */
function matches(pattern: string, path: string, home: string | null, fold: boolean): boolean {
  if (!fold) return pathMatches(pattern, path, home);
  return pathMatches(pattern.toLowerCase(), path.toLowerCase(), home === null ? null : home.toLowerCase());
}

function mayMatchBelow(pattern: string, dir: string, home: string | null, fold: boolean): boolean {
  if (!fold) return pathMayMatchBelow(pattern, dir, home);
  return pathMayMatchBelow(pattern.toLowerCase(), dir.toLowerCase(), home === null ? null : home.toLowerCase());
}

/** Does a rule set's last word on everything below `dir` come from a rule covering all of it? */
function relevantBelow(rules: RuleSet, subjects: readonly string[], home: string | null, fold: boolean): Rule[] {
  let from = 0;
  for (let i = rules.length - 1; i >= 0; i--) {
    // An untrusted project's rule overrides nothing (rules.ts lastMatch): it hides no earlier rule.
    if (rules[i]!.tightenOnly) continue;
    const p = rules[i]!.pattern;
    const covers = p === "*" || p === "**" || (p.endsWith("/**") && subjects.some((s) => matches(p, s, home, fold)));
    if (covers) {
      from = i;
      break;
    }
  }
  // Below the root itself every root-relative pattern may match.
  return rules.filter((r, i) =>
    (i >= from || r.tightenOnly) && subjects.some((s) => s === "." || mayMatchBelow(r.pattern, s, home, fold))
  );
}

export class Policy {
  constructor(
    readonly config: MergedConfig,
    readonly home: string | null,
    /** Names are matched without regard to case (a case-insensitive filesystem: src/paths/case.ts). */
    readonly foldCase = false,
  ) {}

  /** Does a path match a pattern, folded where the filesystem ignores case? */
  private matches(pattern: string, path: string): boolean {
    return matches(pattern, path, this.home, this.foldCase);
  }

  rules(surface: string): RuleSet {
    return this.config.surfaces.get(surface) ?? [];
  }

  /** The rules of a surface that judge an access of this kind (system-reads.ts: some judge reads only). */
  rulesFor(surface: string, kind: AccessKind | undefined): RuleSet {
    const key = `${surface}\u0000${kind ?? ""}`;
    let r = this.byKind.get(key);
    if (!r) this.byKind.set(key, r = rulesForKind(this.rules(surface), kind));
    return r;
  }

  private readonly byKind = new Map<string, RuleSet>();

  /** The action for a reason code: the host's override, or the code's default. */
  reasonDecision(code: ReasonCode): Decision {
    return this.config.reasons.get(code)?.action ?? REASONS[code].decision;
  }

  /** Judges one resolved path against the roots and the rules of the given surfaces. */
  judgePath(resolved: string, kind: AccessKind, roots: readonly string[],
    surfaces: readonly string[] = surfacesFor(kind)): Judgement
  {
    const root = containingRoot(resolved, roots);
    const j = new Judging();
    if (root === undefined) {
      const m = lastMatch(this.rulesFor("external_directory", kind), (p) => this.matches(p, resolved));
      const d = m?.action ?? "ask";
      j.consider(d, m ? `external_directory:${m.pattern}` : null, d === "deny" ? "RULE_DENY" : "EXTERNAL_PATH",
        `${resolved} is outside the project roots`, d === "deny" ? "deny" : "ask");
    }
    const subject = root === undefined ? resolved : relativeTo(resolved, root);
    for (const s of surfaces) {
      const rules = this.rules(s);
      if (rules.length === 0) continue;
      const m = lastMatch(rules, (p) => this.matches(p, subject) || (root !== undefined && this.matches(p, resolved)));
      if (!m) continue;
      j.consider(m.action, `${s}:${m.pattern}`, m.action === "deny" ? "RULE_DENY" : "RULE_ASK",
        `the ${s} rule ${JSON.stringify(m.pattern)} says ${m.action} for ${subject}`,
        m.action === "deny" ? "deny" : "ask");
    }
    this.judgeSecret(resolved, kind, root, j);
    return j.result();
  }

  /**
   * A built-in secret (secrets.ts) asks wherever it is, roots or not, unless a rule that names
   * it allowed it. A rule names it when it would not also match the same path with the secret's
   * name changed: `~/.aws/**` names ~/.aws, while a catch-all, `~/**` or `/home/**` do not.
   * Changing directory into one reads nothing, and a listing shows names only (`ls ~` would
   * otherwise ask in every session rooted at home).
   */
  private judgeSecret(resolved: string, kind: AccessKind, root: string | undefined, j: Judging): void {
    if (kind === "cwd" || kind === "list") return;
    const secret = secretAt(resolved, this.home);
    if (secret === null) return;
    const cur = j.result();
    if (cur.decision === "allow" && cur.rule !== null && this.namesSecret(cur.rule, secret, resolved, root)) return;
    const d = this.reasonDecision("SECRET_PATH");
    j.consider(d, null, "SECRET_PATH",
      `${resolved} is a built-in secret (${secret}): keys, tokens and histories are asked about wherever they are`,
      "ask");
  }

  private namesSecret(rule: string, secret: string, resolved: string, root: string | undefined): boolean {
    const pattern = rule.slice(rule.indexOf(":") + 1);
    const cut = secret.lastIndexOf("/");
    const probe = `${secret.slice(0, cut)}/.shellfence-not-a-secret${resolved.slice(secret.length)}`;
    if (pathMatches(pattern, probe, this.home)) return false;
    return root === undefined || !isInside(probe, root) || !pathMatches(pattern, relativeTo(probe, root), this.home);
  }

  /**
   * Could any judgement be `deny`: a rule that denies, or a reason the host made `deny`.
   * Without one, nothing is stricter than `ask`.
   */
  get mayDeny(): boolean {
    this.mayDeny_ ??= [...this.config.surfaces.values()].some((rules) => rules.some((r) => r.action === "deny")) ||
      [...this.config.reasons.values()].some((r) => r.action === "deny");
    return this.mayDeny_;
  }

  private mayDeny_: boolean | undefined;

  /**
   * Could `external_directory` allow the outside directory `dir`, or an entry of it, as a whole?
   * When it cannot, an access to the tree under `dir` is not allowed whatever the tree holds.
   */
  mayAllowOutside(dir: string): boolean {
    const rules = this.rules("external_directory");
    return [dir, dir === "/" ? "/*" : `${dir}/*`].some((p) =>
      (lastMatch(rules, (r) => this.matches(r, p))?.action ?? "ask") === "allow"
    );
  }

  /**
   * Could `dir` or anything below it be judged `at` least this strict (`ask`: anything other
   * than `allow`; `deny`: a deny) by these surfaces (and by `external_directory` where it is
   * outside the roots)? Lets a scan skip what cannot matter: a rule is dropped when a later
   * `x/**` or catch-all rule covers all of `dir`. `kind`: the access's kind, which decides
   * which `external_directory` rules apply; without it, none made for some kinds only.
   */
  mayRestrictBelow(dir: string, roots: readonly string[], surfaces: readonly string[], at: "ask" | "deny" = "ask",
    kind?: AccessKind): boolean
  {
    // A built-in secret below (or around) `dir` asks, whatever the rules say.
    if (kind !== "cwd" && kind !== "list" &&
      stricter(this.reasonDecision("SECRET_PATH"), at) === this.reasonDecision("SECRET_PATH") &&
      secretsReach(dir, this.home)) return true;
    const root = containingRoot(dir, roots);
    if (root === undefined && roots.some((r) => isInside(r, dir))) return true;
    const subjects = root === undefined ? [dir] : [relativeTo(dir, root), dir];
    const sets = root === undefined ? ["external_directory", ...surfaces] : surfaces;
    const counts = (a: Decision) => (at === "deny" ? a === "deny" : a !== "allow");
    for (const s of sets) {
      const rules = this.rulesFor(s, kind);
      // With no rules at all, outside is `ask` (never `deny`).
      if (s === "external_directory" && rules.length === 0) {
        if (at === "ask") return true;
        continue;
      }
      if (relevantBelow(rules, subjects, this.home, this.foldCase).some((r) => counts(r.action))) return true;
    }
    return false;
  }
}
