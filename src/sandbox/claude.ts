// Claude Code runs bash in its own sandbox (sandbox-runtime: bubblewrap on Linux, Seatbelt on
// macOS), configured by the `sandbox` key of its settings. This writes that key from the
// same profile `shellfence exec` uses, so Claude Code's sandbox holds what the rules say.
//
// Schema: Claude Code settings `sandbox.filesystem.{allowWrite,denyWrite,denyRead}` (arrays of
// paths, merged across settings files). `//path` is an absolute path in every version that
// reads these keys (a single leading `/` meant "relative to the settings file" in early ones).

import type { SandboxProfile } from "./profile.ts";

export interface ClaudeSandboxSettings {
  readonly sandbox: {
    readonly enabled: true;
    /** Refuse to run bash at all when the sandbox cannot start, rather than run it bare. */
    readonly failIfUnavailable: true;
    /** No retry outside the sandbox when a command fails inside it. */
    readonly allowUnsandboxedCommands: false;
    readonly filesystem: { readonly allowWrite: readonly string[]; readonly denyWrite: readonly string[];
      readonly denyRead: readonly string[] };
  };
}

/** Claude Code's sandbox settings for a `standard` profile (Claude Code reads the rest of the disk). */
export function claudeSandboxSettings(profile: SandboxProfile): ClaudeSandboxSettings {
  const abs = (p: string) => `/${p}`;
  const inCwd = (p: string) => p === profile.cwd || p.startsWith(profile.cwd + "/");
  const allowWrite: string[] = [];
  const denyWrite: string[] = [];
  const denyRead: string[] = [];
  for (const m of profile.mounts) {
    switch (m.mode) {
      case "writable":
        // Claude Code's sandbox writes its working directory already.
        if (!inCwd(m.path)) allowWrite.push(abs(m.path));
        break;
      case "read-only":
        denyWrite.push(abs(m.path));
        break;
      case "hidden":
        denyRead.push(abs(m.path));
        denyWrite.push(abs(m.path));
        break;
      default: {
        const never: never = m.mode;
        throw new Error(`unknown mount mode ${String(never)}`);
      }
    }
  }
  return {
    sandbox: { enabled: true, failIfUnavailable: true, allowUnsandboxedCommands: false,
      filesystem: { allowWrite, denyWrite, denyRead } },
  };
}
