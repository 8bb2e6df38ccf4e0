// `shellfence config --explain` for people: the explanation (src/policy/explain.ts) as aligned
// columns, layer by layer and surface by surface.

import { PATH_SURFACES } from "../policy/config.ts";
import type { Explanation } from "../policy/explain.ts";

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
    for (const r of rules) {
      out.push(
        `    ${JSON.stringify(r.pattern).padEnd(pw)}  ${r.action.padEnd(5)}  from ${r.origin}${
          r.kinds ? ` (${r.kinds.join(", ")} only)` : ""
        }`,
      );
    }
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
