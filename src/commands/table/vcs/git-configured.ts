// What the repository's configuration makes a git command run (git-repository.ts reads it):
// each setting whose value git runs as shell code or as a program, for the subcommands that
// may run it, is judged as the sh code git hands it to (`sh -c 'VALUE "$@"' VALUE ARGS…`,
// run_command's use_shell, from the top of the working tree); the hooks directory is a place
// programs run from; the settings that name files and repositories are judged as `git -c`
// judges them (git-config.ts). Aliases are the git analyser's (git.ts): `!` code is judged
// there with the words the command gives it, and any other alias is expanded as git expands it.

import type { Span } from "../../../base/span.ts";
import { syntheticArg } from "../../apply.ts";
import type { Effect } from "../../effects.ts";
import { configEffects, runsCode } from "./git-config.ts";
import type { RepoConfig, Setting } from "./git-repository.ts";

type ReadConfig = Extract<RepoConfig, { t: "read" }>;

/** The command git runs the configuration for. */
export interface ConfiguredFor {
  /** The subcommand, after aliases (null: not known). */
  readonly sub: string | null;
  /** `--no-pager`/`-P`: no pager runs. */
  readonly noPager: boolean;
  /** The subcommand is one of git's own (not an alias or a `git-NAME` program, which may do anything). */
  readonly described: boolean;
  /** The subcommand may reach a remote (REMOTE_SUBS, an alias, a `git-NAME` program), and may push to it. */
  readonly remote: boolean;
  readonly push: boolean;
  /** The home directory, for the `~/` git expands in a path setting (null: not known). */
  readonly home: string | null;
  readonly span: Span;
}

/**
 * Subcommands that may reach a remote (and so run the ssh command, the credential helper, the
 * rewritten URLs, a submodule's update command): the others never contact one.
 */
export const REMOTE_SUBS: ReadonlySet<string> = new Set(["fetch", "pull", "push", "ls-remote", "remote", "submodule",
  "fetch-pack", "send-pack", "archive", "lfs", "clone"]);
/**
 * Subcommands that may open the editor for a message or a list (git-var(1), GIT_EDITOR): the
 * others never run it.
 */
const EDITING_SUBS: ReadonlySet<string> = new Set(["commit", "merge", "rebase", "tag", "notes", "config", "add", "am",
  "revert", "cherry-pick", "pull", "stash", "branch", "send-email", "worktree", "bisect", "submodule", "filter-branch",
  "commit-tree", "mergetool", "difftool"]);
const editing = (c: ConfiguredFor): boolean => c.sub === null || !c.described || EDITING_SUBS.has(c.sub);

/** Values that turn a setting on or off rather than name a command (git's booleans). */
const BOOLEAN = /^(true|false|yes|no|on|off|1|0|)$/i;
/** git-lfs's filter, as `git lfs install` (with `--skip-smudge` too) writes it. */
const GIT_LFS_FILTER = /^git-lfs (filter-process( --skip)?|clean -- %f|smudge( --skip)? -- %f)$/;
/** A stand-in for a commit git hands a command (a submodule's update command gets the commit's name). */
const ZERO_ID = "0".repeat(40);

/**
 * What a setting that runs code is run with, besides its text: the arguments git appends (its
 * own files and values; the guard stands in a file of the git directory for a temporary file,
 * git's own, and the file a filter or merge driver is given), and whether it matters for the
 * subcommand at all. Null: not code (a boolean, an empty value) or not run by this subcommand.
 */
function codeOf(s: Setting, repo: ReadConfig, c: ConfiguredFor): { text: string; args: readonly string[] } | null {
  const k = s.key.toLowerCase();
  const v = s.value;
  if (v === null) return null;
  const remote = c.remote;
  // (A file every repository has, not one of the protected zone's: a temporary file, a message
  // file or the file a driver is given stand in for it, as git's own.)
  const file = `${repo.gitDir}/HEAD`;
  const quoted = `'${file}'`;
  const filePlaces = (t: string) => t.replace(/%[fOABLPSXY]/g, quoted);
  if (k === "core.pager" || k.startsWith("pager.")) {
    // git runs a pager only when its output is a terminal: judged whenever it may be one.
    if (c.noPager || BOOLEAN.test(v) || (k !== "core.pager" && k !== `pager.${c.sub}`)) return null;
    return { text: v, args: [] };
  }
  if (k === "core.fsmonitor") return BOOLEAN.test(v) ? null : { text: v, args: ["2", "0"] };
  if (k === "core.editor") return editing(c) ? { text: v, args: [file] } : null;
  if (k === "sequence.editor") return c.sub === "rebase" || !c.described ? { text: v, args: [file] } : null;
  if (/^diff\..+\.textconv$/.test(k)) return { text: v, args: [file] };
  if (/^diff\..+\.command$/.test(k) || k === "diff.external") {
    return { text: v, args: [file, file, ZERO_ID, "100644", file, ZERO_ID, "100644"] };
  }
  // What `git lfs install` writes is git-lfs's own filter, which moves a file's content between
  // the working tree and .git/lfs: everyday, and not judged.
  if (/^filter\..+\.(clean|smudge|process)$/.test(k) && GIT_LFS_FILTER.test(v)) return null;
  if (/^(filter|lfs\.extension)\..+\.(clean|smudge)$/.test(k) || /^merge\..+\.driver$/.test(k)) {
    return { text: filePlaces(v), args: [] };
  }
  if (/^submodule\..+\.update$/.test(k)) {
    return v.startsWith("!") && (c.sub === "submodule" || remote) ? { text: v.slice(1), args: [ZERO_ID] } : null;
  }
  if (k === "core.sshcommand" || k === "core.gitproxy") {
    return remote ? { text: v, args: ["example.invalid", "git-upload-pack 'repo'"] } : null;
  }
  if (/^credential\.(.+\.)?helper$/.test(k)) {
    // A bare name is one of git's helpers, `git credential-NAME`: the user's store, as `git push` uses it.
    if (!remote || v === "") return null;
    if (v.startsWith("!")) return { text: v.slice(1), args: ["get"] };
    return /^\s*[^\s/]+(\s|$)/.test(v) && !v.trimStart().startsWith("~") ? null : { text: v, args: ["get"] };
  }
  // Any other program or command git runs for a setting: its text, with what it names.
  return BOOLEAN.test(v) ? null : { text: v, args: [] };
}

/** A path setting's value with the leading `~/` git expands (interpolate_path); `~user` and an unknown home stay as they are. */
function homePath(value: string, home: string | null): string {
  return home !== null && (value === "~" || value.startsWith("~/"))
    ? `${home.replace(/\/+$/, "")}${value.slice(1)}`
    : value;
}

/** The effects of the repository's configuration on a run of `c.sub`. */
export function configuredEffects(repo: ReadConfig, c: ConfiguredFor): Effect[] {
  const effects: Effect[] = [];
  const remote = c.remote;
  for (const s of repo.settings) {
    const k = s.key.toLowerCase();
    // Aliases are expanded by the git analyser; includes were followed when the files were read.
    if (k.startsWith("alias.") || k === "include.path" || /^includeif\..*\.path$/.test(k)) continue;
    // `git config` reads and writes settings; of what they name it runs only the editor (`-e`).
    if (c.sub === "config" && k !== "core.editor") continue;
    const where = `${s.key} in ${s.file}:${s.line}`;
    if (k === "core.hookspath") {
      // The hooks git runs (commit, merge, checkout, push, …) are the programs in that directory.
      if (s.value !== null && s.value !== "") {
        effects.push({ t: "path", arg: syntheticArg(homePath(s.value, c.home), c.span), kind: "exec", base: repo.top });
      }
      continue;
    }
    if (runsCode(k, s.value, true)) {
      // The diff and merge tools run for difftool and mergetool (and what an alias may be) only.
      const tools = c.sub === "difftool" || c.sub === "mergetool" || !c.described;
      if (/^(difftool|mergetool)\./.test(k) && !tools) continue;
      if (/^protocol\.(ext\.)?allow$/.test(k) || /^(diff|merge)\.(gui)?tool$/.test(k)) {
        if (/tool$/.test(k) ? tools : remote) {
          effects.push({ t: "issue", code: "OPAQUE_CODE",
            message: `git runs a program the guard does not read: ${where} is ${JSON.stringify(s.value)}`,
            span: c.span });
        }
        continue;
      }
      const code = codeOf(s, repo, c);
      if (code === null) continue;
      effects.push({ t: "code", text: code.args.length ? `${code.text} "$@"` : code.text, positional: code.args,
        span: c.span, label: `git ${c.sub ?? ""}: ${where}`.replace("git : ", "git: "), inProcess: false, dialect: "sh",
        base: repo.top });
      continue;
    }
    // Settings that name files and repositories, judged as `git -c` judges them; a repository
    // only where the command may reach one.
    if (/^(remote\.|url\.|branch\.|submodule\.|lfs\.(push)?url$|bundle\.|fetch\.bundleuri$)/.test(k) && !remote) {
      continue;
    }
    const value = s.value === null ? null : syntheticArg(homePath(s.value, c.home), c.span);
    // (core.worktree is relative to the git directory, every other path to the top of the working tree.)
    const at = k === "core.worktree" ? repo.gitDir : repo.top;
    configEffects(s.key, value, syntheticArg(`${s.key}=${s.value ?? ""}`, c.span), effects, { base: at, top: at,
      push: c.push });
  }
  return effects;
}
