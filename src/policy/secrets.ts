// Built-in secrets: keys, tokens and credentials no project command needs, and the shell's
// startup files and histories (people export tokens there, and type them). Any access to one
// asks (SECRET_PATH) wherever it is — inside the roots too: a session started in the home
// directory, or with `/` as a root, has all of them inside. The sandbox hides the same list
// (src/sandbox/builtin.ts). Only a rule that names the path (not a catch-all) allows it.

import { realpathSync } from "node:fs";
import { isInside } from "../paths/resolve.ts";

function physical(dir: string): string {
  try {
    return realpathSync.native(dir);
  } catch {
    return dir.replace(/\/+$/, "") || "/";
  }
}

/** Under the home directory. */
export const HOME_SECRETS = [
  ".ssh",
  ".gnupg",
  ".aws",
  ".azure",
  ".config/gcloud",
  ".kube",
  ".docker",
  ".netrc",
  ".git-credentials",
  ".password-store",
  ".npmrc",
  ".pypirc",
  ".config/gh",
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".bash_logout",
  ".profile",
  ".zshrc",
  ".zshenv",
  ".zprofile",
  ".zlogin",
  // The other shells' start-up files: ksh93 and mksh read them in every interactive shell.
  ".kshrc",
  ".mkshrc",
  ".config/fish",
  // Registries' and tools' tokens.
  ".cargo/credentials",
  ".cargo/credentials.toml",
  ".gem/credentials",
  ".config/hub",
  ".terraform.d/credentials.tfrc.json",
  ".config/op",
  ".vault-token",
  ".config/github-copilot",
  // The agents' own credentials.
  ".claude/.credentials.json",
  ".local/share/opencode/auth.json",
  ".pi/agent/auth.json",
  ".codex/auth.json",
  // Histories: what was typed, passwords included.
  ".bash_history",
  ".zsh_history",
  ".history",
  ".local/share/fish/fish_history",
  ".python_history",
  ".node_repl_history",
  ".psql_history",
  ".mysql_history",
  ".sqlite_history",
  ".lesshst",
  ".viminfo",
  // The desktop's keyrings and the certificate store, and Claude Code's own state (its account).
  ".local/share/keyrings",
  ".pki",
  ".claude.json",
] as const;

/** System files only root reads. */
export const SYSTEM_SECRETS = ["/etc/shadow", "/etc/gshadow", "/etc/shadow-", "/etc/gshadow-", "/etc/sudoers",
  "/etc/sudoers.d", "/etc/ssh"] as const;

const cache = new Map<string | null, readonly string[]>();

/** Every built-in secret path for this home. */
function builtInSecrets(home: string | null): readonly string[] {
  let s = cache.get(home);
  if (!s) {
    // Paths are judged where they resolve physically: a home reached through a symlink
    // (/home -> /usr/home) holds its secrets under both spellings.
    const homes = home === null ? [] : [...new Set([home.replace(/\/+$/, "") || "/", physical(home)])];
    s = [...homes.flatMap((h) => HOME_SECRETS.map((x) => (h === "/" ? `/${x}` : `${h}/${x}`))), ...SYSTEM_SECRETS];
    if (cache.size > 16) cache.clear();
    cache.set(home, s);
  }
  return s;
}

/** The built-in secret that holds `path` (or is it), or null. */
export function secretAt(path: string, home: string | null): string | null {
  for (const s of builtInSecrets(home)) if (isInside(path, s)) return s;
  return null;
}

/** Is a built-in secret at or below `dir` (or `dir` inside one)? A walk of `dir` must look. */
export function secretsReach(dir: string, home: string | null): boolean {
  for (const s of builtInSecrets(home)) if (isInside(s, dir) || isInside(dir, s)) return true;
  return false;
}
