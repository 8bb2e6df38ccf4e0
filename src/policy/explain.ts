// `shellfence config --explain`: the merged rule set, surface by surface in evaluation order,
// each rule with the layer it came from, so a user can see why a path is judged as it is.
// This is the data (printed as JSON with --json); src/report/config-explanation.ts prints it for people.

import { BUILT_IN_LAYERS, type MergedConfig, SURFACES } from "./config.ts";
import type { LayerInfo } from "./layers.ts";

export interface Explanation {
  readonly layers: readonly { readonly kind: string; readonly origin: string; readonly loaded: boolean }[];
  /** `kinds`: the kinds of access a built-in rule judges, when not all. */
  readonly permission: Readonly<
    Record<string,
      readonly { readonly pattern: string; readonly action: string; readonly origin: string;
        readonly kinds?: readonly string[] }[]>
  >;
  readonly reasons: Readonly<Record<string, { readonly action: string; readonly origin: string }>>;
  readonly roots: readonly { readonly path: string; readonly origin: string }[];
}

function surfaceOrder(names: Iterable<string>): string[] {
  const known = SURFACES as readonly string[];
  const rank = (s: string) => (known.includes(s) ? known.indexOf(s) : known.length);
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export function explainConfig(merged: MergedConfig, layers: readonly LayerInfo[]): Explanation {
  const permission: Record<string, { pattern: string; action: string; origin: string; kinds?: readonly string[] }[]> =
    {};
  for (const s of surfaceOrder(merged.surfaces.keys())) {
    permission[s] = (merged.surfaces.get(s) ?? []).map((r) => ({ pattern: r.pattern, action: r.action, origin: r.origin,
      ...(r.kinds ? { kinds: r.kinds } : {}) })
    );
  }
  const reasons: Record<string, { action: string; origin: string }> = {};
  for (const [code, r] of merged.reasons) reasons[code] = { action: r.action, origin: r.origin };
  return {
    layers: [
      ...BUILT_IN_LAYERS.map((l) => ({ kind: l.origin,
        origin: l.kinds
          ? `built into shellfence (judges ${l.kinds.join(", ")} accesses only)`
          : "built into shellfence", loaded: true })
      ),
      ...layers,
    ],
    permission,
    reasons,
    roots: merged.roots.map((r) => ({ path: r.path, origin: r.origin })),
  };
}
