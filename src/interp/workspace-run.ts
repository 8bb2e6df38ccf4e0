// A command run in the packages of a workspace (a `workspace` effect): the packages it selects
// (workspaces.ts), and in each what the entry said: its script, read and interpreted as a
// root script is (skipped where it has none), its lifecycle events, its node_modules written,
// or a command run there. A selection the guard cannot resolve is OPAQUE_CODE.

import type { Effect } from "../commands/analyse.ts";
import { syntheticArg } from "../commands/apply.ts";
import type { World } from "../shell/state.ts";
import type { DispatchInfo, Shell } from "./context.ts";
import { runPackageScript } from "./nested.ts";
import { selectedPackages } from "./workspaces.ts";
import { joinChild, withCwd } from "./worlds.ts";

/** Runs the effect; returns the `links` effects its installs add (the caller's zones take them). */
export function runWorkspace(it: Shell, e: Extract<Effect, { t: "workspace" }>, w: World,
  info: DispatchInfo): Extract<Effect, { t: "links" }>[]
{
  const picked = selectedPackages(it, w, e.select, e.base !== undefined ? e.base : w.cwd, e.span, e.label);
  if ("why" in picked) {
    it.issue("OPAQUE_CODE", `${e.label} runs in workspace packages the guard cannot find: ${picked.why}`, e.span);
    return [];
  }
  const links: Extract<Effect, { t: "links" }>[] = [];
  const action = e.action;
  // The packages may run at the same time (pnpm runs four at once, yarn's foreach with -p): each
  // is judged again once all have run, so that it sees what the others may have done to the disk.
  const runs = picked.length > 1 ? [...picked, ...picked] : picked;
  for (const p of runs) {
    switch (action.t) {
      case "script":
        // pnpm and yarn's foreach skip the package whose script of that name is the one running
        // them (npm_lifecycle_event and the script's directory: a root "build": "pnpm -r build").
        if (e.select.tool !== "npm" && it.frame.scripts?.at(-1) === `${p.dir}/package.json#${action.name}`) break;
        // pnpm reads every selected package.json before it runs any script (its workspace
        // graph); npm and yarn read each when its turn comes.
        runPackageScript(it, { t: "package-script", name: action.name, args: action.args, span: e.span, label: e.label,
          member: true, base: p.dir }, w, e.select.tool === "pnpm" ? p.manifest : undefined);
        break;
      case "events":
        for (const name of action.events) {
          runPackageScript(it, { t: "package-script", name, args: [], span: e.span, label: `${e.label} ${name}`,
            event: true, base: p.dir }, w);
        }
        if (action.installs) links.push({ t: "links", arg: syntheticArg(`${p.dir}/node_modules`, e.span), tree: true });
        break;
      case "run": {
        const saved = it.frame;
        it.frame = { ...saved, via: [...saved.via, `${action.label} (${p.dir})`] };
        try {
          const sub = it.dispatch(action.argv, withCwd(w.clone(), p.dir), { ...info, inProcess: false,
            bypassFunctions: true });
          for (const s of sub) joinChild(w, [s]);
        } finally {
          it.frame = saved;
        }
        break;
      }
      default: {
        const never: never = action;
        throw new Error(`unknown workspace action ${JSON.stringify(never)}`);
      }
    }
  }
  return links;
}
