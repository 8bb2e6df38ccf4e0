// The variables of the host's environment that the command's shell is taken to have, passed
// into the guard as known (GuardOptions.env): CDPATH, which `cd` searches; SHELL, the user's
// shell, which `script -c` and `sudo -s` hand their code to (src/interp/user-shell.ts); VIRTUAL_ENV and
// CONDA_PREFIX, the Python environment a shell the user activated before starting the host has
// (with its bin first on the same PATH), where `pip install` writes (src/interp/pip-environment.ts);
// PIP_REQUIRE_VIRTUALENV, under which pip refuses to install outside one. Every other variable
// stays unknown: the host's environment is not the shell's in general (Claude Code snapshots
// the user's shell start-up, and the agent's earlier `export`s are gone).

export const SHELL_ENV_NAMES = ["CDPATH", "SHELL", "VIRTUAL_ENV", "CONDA_PREFIX", "PIP_REQUIRE_VIRTUALENV"] as const;

/** The host environment's values of SHELL_ENV_NAMES that are set. */
export function shellEnvironment(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of SHELL_ENV_NAMES) {
    const v = env[name];
    if (v !== undefined) out[name] = v;
  }
  return out;
}
