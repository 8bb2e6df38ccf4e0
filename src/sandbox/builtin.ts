// What the sandbox protects whatever the rules say: secrets no project command needs to read,
// and files that a command inside the sandbox could write to run code outside it later.

// Under the home directory, and system files only root reads: hidden, unless a rule that names
// one allows reading it. One list with the policy's, which asks about them wherever they are.
export { HOME_SECRETS, SYSTEM_SECRETS } from "../policy/secrets.ts";

/**
 * In each root, read-only: a repository's hooks and config run code on the user's next `git`
 * outside the sandbox (`core.hooksPath`, `core.fsmonitor`; `config.worktree` too, read with
 * extensions.worktreeConfig, which `git sparse-checkout` turns on). One that is not there when
 * the command starts must stay absent: what is made there is moved aside after the run. They stay readable, so `git
 * commit` runs the project's hooks as it would without the sandbox.
 */
export const ROOT_WRITE_PROTECTED = [".git/hooks", ".git/config", ".git/config.worktree", ".git/modules",
  ".git/worktrees"] as const;

/**
 * In each root's repository, names that must not appear while a command runs: `commondir`
 * would make git read another directory's config (core.fsmonitor, hooks) on the next run
 * outside, and hooks or modules made where there were none would run there too. A mount
 * cannot stand in for them (bwrap would create a placeholder on the real disk, and git fails
 * on an empty commondir), so what appears is moved aside after the run (bwrap.ts).
 */
export const ROOT_MUST_STAY_ABSENT = [".git/commondir", ".git/hooks", ".git/modules", ".git/worktrees"] as const;

/**
 * What `strict` shows outside the roots, read-only: the system a command needs to run at all.
 * The directories on PATH are added where they are (see systemReadable).
 */
export const STRICT_SYSTEM = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc"] as const;

/**
 * `contained`: the home directory is a private, empty tmpfs, and these places of the real one
 * are shown in it. Toolchains, read-only: what a PATH entry in the home runs needs them (a
 * rustup proxy in ~/.cargo/bin runs ~/.rustup; a pyenv shim runs ~/.pyenv/versions).
 */
export const HOME_TOOLCHAINS = [
  ".cargo/bin",
  ".rustup",
  ".pyenv",
  ".nvm",
  ".volta",
  ".fnm",
  ".bun/bin",
  ".deno/bin",
  ".local/bin",
  ".local/lib",
  "go/bin",
  ".sdkman",
  ".asdf",
  ".local/share/mise",
  ".local/share/pnpm",
  // Python installations a venv's interpreter leads to (uv's, conda's): without them a venv
  // made by one cannot start inside the sandbox.
  ".local/share/uv/python",
  ".local/share/uv/tools",
  "miniconda3",
  "anaconda3",
  "miniforge3",
  "mambaforge",
] as const;

/**
 * …writable: package managers' caches, where they write, so that `npm install` and its kin
 * work from the cache (and offline). What is written there outlives the command and is read by
 * the same tools outside the sandbox (docs/sandbox.md, "Limits").
 */
export const HOME_CACHES = [".npm", ".cache/pip", ".cache/pypoetry", ".cache/uv", ".cache/yarn", ".yarn/berry/cache",
  ".cache/pnpm", ".local/share/pnpm/store", ".cache/go-build", "go/pkg/mod", ".cargo/registry", ".cargo/git",
  ".bun/install/cache", ".cache/node-gyp", ".cache/typescript", ".cache/ms-playwright"] as const;

/**
 * …read-only: tools' own configuration that holds no secrets: git's (user name and email for
 * `git commit`; a file each, since ~/.config/git/credentials is git's credential store).
 */
export const HOME_CONFIGS = [".gitconfig", ".config/git/config", ".config/git/ignore", ".config/git/attributes",
  ".gitignore_global", ".cargo/config.toml", ".editorconfig"] as const;
