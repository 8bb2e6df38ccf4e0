// What the sandbox protects whatever the rules say: secrets no project command needs to read,
// and files that a command inside the sandbox could write to run code outside it later.

// Under the home directory, and system files only root reads: hidden, unless a rule that names
// one allows reading it. One list with the policy's, which asks about them wherever they are.
export { HOME_SECRETS, SYSTEM_SECRETS } from "../policy/secrets.ts";

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
