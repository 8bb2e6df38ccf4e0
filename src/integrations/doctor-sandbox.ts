// What the agent's sandbox lets a command write, for `shellfence doctor`: the profile the hosts
// run allowed bash calls in (the default, `contained`), built from the project's rules as a
// host's guard builds it, and asked path by path. A path is as the deepest mount over it says
// (mounts lie parents first, a later one on top), else as the profile leaves the rest.

import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { DEFAULT_SANDBOX_MODE, type MountMode, type SandboxProfile } from "../sandbox/profile.ts";
import { createGuard } from "../guard/guard.ts";
import { PROJECT_CONFIG_NAME } from "../policy/layers.ts";
import { isInside } from "../paths/resolve.ts";

export type SandboxModes = {
  readonly profile: string;
  /** How the sandbox treats a physically resolved path (a link by its own name, not its target's). */
  readonly modeOf: (path: string) => { readonly mode: MountMode; readonly why: string };
} | { readonly error: string };

function modeIn(profile: SandboxProfile, path: string): { readonly mode: MountMode; readonly why: string } {
  let best: SandboxProfile["mounts"][number] | null = null;
  for (const m of profile.mounts) {
    if (isInside(path, m.path) && (best === null || m.path.length >= best.path.length)) best = m;
  }
  if (best !== null) return { mode: best.mode, why: best.why };
  return profile.mode === "standard"
    ? { mode: "read-only", why: "outside the roots" }
    : { mode: "hidden", why: `${profile.mode}: outside the roots` };
}

export async function sandboxModes(project: string, home: string): Promise<SandboxModes> {
  try {
    const config = join(project, PROJECT_CONFIG_NAME);
    const guard = await createGuard({ home, roots: [project],
      ...(existsSync(config) ? { projectConfig: config } : {}) });
    const profile = guard.sandboxFor(null, { cwd: resolve(project) });
    return { profile: DEFAULT_SANDBOX_MODE, modeOf: (p) => modeIn(profile, p) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}
