// What the sandbox protects whatever the rules say: secrets no project command needs to read,
// and files that a command inside the sandbox could write to run code outside it later.

/**
 * Under the home directory, hidden: keys and tokens, and the shell's startup files (people
 * export tokens there). A rule that reads one of them with `allow` shows it again.
 */
export const HOME_SECRETS = [
  ".ssh", ".gnupg", ".aws", ".azure", ".config/gcloud", ".kube", ".docker", ".netrc", ".git-credentials",
  ".password-store", ".npmrc", ".pypirc", ".config/gh", ".bashrc", ".bash_profile", ".bash_login", ".bash_logout",
  ".profile", ".zshrc", ".zshenv", ".zprofile", ".zlogin", ".config/fish",
] as const;

/** System files only root reads, hidden (the command runs as its caller, who may be root). */
export const SYSTEM_SECRETS = ["/etc/shadow", "/etc/gshadow", "/etc/shadow-", "/etc/gshadow-", "/etc/sudoers", "/etc/sudoers.d", "/etc/ssh"] as const;

/**
 * In each root, read-only: a repository's hooks and config run code on the user's next `git`
 * outside the sandbox (`core.hooksPath`, `core.fsmonitor`). They stay readable, so `git
 * commit` runs the project's hooks as it would without the sandbox.
 */
export const ROOT_WRITE_PROTECTED = [".git/hooks", ".git/config"] as const;

/**
 * What `strict` shows outside the roots, read-only: the system a command needs to run at all.
 * The directories on PATH are added where they are (see systemReadable).
 */
export const STRICT_SYSTEM = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc"] as const;
