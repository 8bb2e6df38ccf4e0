// `shellfence config --explain`: the merged rule set, surface by surface in evaluation order,
// each rule with the layer it came from, so a user can see why a path is judged as it is.

import { BUILT_IN_LAYERS, type MergedConfig, PATH_SURFACES, SURFACES } from "./config.ts";
import type { LayerInfo } from "./layers.ts";

interface Explanation {
  readonly layers: readonly { readonly kind: string; readonly origin: string; readonly loaded: boolean }[];
  /** `kinds`: the kinds of access a built-in rule judges, when not all. */
  readonly permission: Readonly<Record<string, readonly { readonly pattern: string; readonly action: string; readonly origin: string; readonly kinds?: readonly string[] }[]>>;
  readonly reasons: Readonly<Record<string, { readonly action: string; readonly origin: string }>>;
  readonly roots: readonly { readonly path: string; readonly origin: string }[];
}

function surfaceOrder(names: Iterable<string>): string[] {
  const known = SURFACES as readonly string[];
  const rank = (s: string) => (known.includes(s) ? known.indexOf(s) : known.length);
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export function explainConfig(merged: MergedConfig, layers: readonly LayerInfo[]): Explanation {
  const permission: Record<string, { pattern: string; action: string; origin: string; kinds?: readonly string[] }[]> = {};
  for (const s of surfaceOrder(merged.surfaces.keys())) {
    permission[s] = (merged.surfaces.get(s) ?? []).map((r) => ({ pattern: r.pattern, action: r.action, origin: r.origin, ...(r.kinds ? { kinds: r.kinds } : {}) }));
  }
  const reasons: Record<string, { action: string; origin: string }> = {};
  for (const [code, r] of merged.reasons) reasons[code] = { action: r.action, origin: r.origin };
  return {
    layers: [...BUILT_IN_LAYERS.map((l) => ({ kind: l.origin, origin: l.kinds ? `built into shellfence (judges ${l.kinds.join(", ")} accesses only)` : "built into shellfence", loaded: true })), ...layers],
    permission,
    reasons,
    roots: merged.roots.map((r) => ({ path: r.path, origin: r.origin })),
  };
}

function what(surface: string): string {
  if (surface === "bash") return "command text of each simple command";
  if (surface === "external_directory") return "paths outside the project roots";
  if ((PATH_SURFACES as readonly string[]).includes(surface)) return "paths";
  return "extension tool, judged on * only";
}

export function formatExplanation(e: Explanation): string {
  const out: string[] = ["layers, in merge order (later layers override earlier ones):"];
  const kindWidth = Math.max(...e.layers.map((l) => l.kind.length));
  for (const l of e.layers) out.push(`  ${l.kind.padEnd(kindWidth)}  ${l.origin}${l.loaded ? "" : "  (not present)"}`);
  out.push("", "permission (per surface, the last matching pattern wins):");
  for (const [surface, rules] of Object.entries(e.permission)) {
    out.push(`  ${surface}  (${what(surface)})`);
    const pw = Math.max(...rules.map((r) => JSON.stringify(r.pattern).length));
    for (const r of rules) out.push(`    ${JSON.stringify(r.pattern).padEnd(pw)}  ${r.action.padEnd(5)}  from ${r.origin}${r.kinds ? ` (${r.kinds.join(", ")} only)` : ""}`);
  }
  const reasons = Object.entries(e.reasons);
  if (reasons.length) {
    out.push("", "reasons (decision for a reason code):");
    const cw = Math.max(...reasons.map(([c]) => c.length));
    for (const [code, r] of reasons) out.push(`  ${code.padEnd(cw)}  ${r.action.padEnd(5)}  from ${r.origin}`);
  }
  if (e.roots.length) {
    out.push("", "roots (added to the directory each check starts in):");
    for (const r of e.roots) out.push(`  ${r.path}  from ${r.origin}`);
  }
  return out.join("\n") + "\n";
}
