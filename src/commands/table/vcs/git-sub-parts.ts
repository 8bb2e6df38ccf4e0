// What git's subcommand entries share (git-subcommands.ts): the hooks for revisions or paths,
// a working tree rewritten and a repository named, the option sets of the diff and log family,
// and the branch-like entries.

import { roleOf, syntheticArg } from "../../apply.ts";
import { type Arg, withValue } from "../../effects.ts";
import type { EntryNaming, OptionSpec, RoleSpec, SpecContext } from "../../spec.ts";
import { type Custom, each, flag, hooks, issue, localRole, locate, none, optionalNone, optionItems, optionValues, read,
  write } from "../common.ts";
import { type TableSpec } from "../expand.ts";
import { toolIsPath } from "./git-config.ts";

/**
 * Operands git reads as a revision or, failing that, a path (`git log main`, `git diff
 * ../x`): judged as paths only when they look like one, so revisions such as
 * `origin/main..HEAD` are not.
 */
export function looksLikePath(t: string): boolean {
  return t.startsWith("/") || t.startsWith("~") || t.startsWith("..") || t.startsWith("./") || t.includes("/..");
}

export function revsOrPaths(role: RoleSpec, skip = 0): Custom {
  return (ctx) => {
    for (const a of ctx.operands.slice(skip)) if (a.text === null || looksLikePath(a.text)) ctx.role(a, role);
  };
}

/**
 * The working tree is rewritten: all of it, from the top of the repository the command runs in,
 * which may be above the project root (a project in a subdirectory of a larger repository).
 */
export function worktree(role: RoleSpec = "write", links = true): Custom {
  return (ctx) => {
    const r = roleOf(role, ctx.modes);
    const at = ctx.items[0]?.word.span ?? { start: 0, end: 0 };
    const top = ctx.disk.findUp(".git", ctx.start ?? null);
    if (r !== "none") ctx.role(syntheticArg(top ?? ".", at), r);
    ctx.emit({ t: "changes", fs: true, links: true });
    if (r !== "none" && links && !newBranchHere(ctx)) checkedOut(ctx, syntheticArg(top ?? ".", at));
  };
}

/** `git checkout -b NAME`, `git switch -c NAME`: a branch at the current commit; the files stay as they are. */
function newBranchHere(ctx: SpecContext): boolean {
  if (ctx.name !== "git checkout" && ctx.name !== "git switch") return false;
  return ctx.operands.length === 0 &&
    optionItems(ctx, "-b", "-B", "-c", "-C", "--create", "--force-create").some((it) => it.value !== null);
}

/**
 * Files git writes from a commit, a patch or a stash may be symlinks (a tracked `x ->
 * ../outside`): later paths below `dir` that are not there now are not known (src/shell/zones.ts).
 */
export function checkedOut(ctx: SpecContext, dir: Arg): void {
  const base = dir.text !== null && dir.text.startsWith("/") ? undefined : ctx.start;
  ctx.emit({ t: "links", arg: dir, tree: true, ...(base !== undefined ? { base } : {}) });
}

/**
 * A repository named by a URL, `host:path`, or a local path. git opens a relative one from the
 * top of the working tree it moved to (`cd src && git fetch ../x` reads the top's sibling), so
 * that is judged too; a bare word is most likely a remote's name (`origin`), and is not.
 */
export function repoRole(ctx: SpecContext, a: Arg, role: RoleSpec): void {
  localRole(ctx, a, role);
  const loc = locate(a.text);
  const top = ctx.disk.findUp(".git", ctx.start ?? null);
  if (loc.t === "local" && /^\.|^[^/].*\//.test(loc.path) && top !== null) {
    ctx.role(withValue(a, loc.path, ""), role, top);
  }
}

/** The first operand is a repository (`git clone ../x`). */
export function repository(role: RoleSpec, index = 0): Custom {
  return (ctx) => {
    const a = ctx.operands[index];
    if (a) repoRole(ctx, a, role);
  };
}

/** `git difftool -t NAME`, `git mergetool --tool=NAME`: a name that is a path is a script git runs. */
export const toolOption: Custom = (ctx) => {
  for (const v of optionValues(ctx, "-t", "--tool")) {
    if (toolIsPath(v.text)) {
      issue(ctx, "OPAQUE_CODE", `git ${ctx.name.slice(4)} --tool=${v.source} runs the script that name leads to`,
        v.span);
    }
  }
};

/** A subcommand: its options and operands, and the role of pathspecs after `--`. */
export interface GitSub extends TableSpec {
  readonly pathspec?: RoleSpec;
}

// The file's pathspecs are judged by the git analyser (pathspecsFromFile), in the subcommand's pathspec role.
/**
 * `git init|clone --template DIR` copies DIR's hooks into the new (or existing) `.git/hooks`,
 * and git runs them at the next commit or checkout: code put there as git's own, which the
 * `.git/` zone does not ask about for git (src/policy/protect.ts). So it asks.
 */
export const templateHooks: Custom = (ctx) => {
  for (const it of optionItems(ctx, "--template")) {
    issue(ctx, "PROTECTED_PATH", `${ctx.name} ${it.name}: copies the template's hooks into .git/hooks, which git runs`);
  }
};

export const pathspecFile: Record<string, OptionSpec> = { "--pathspec-from-file": none, "--pathspec-file-nul": flag };
export const message: Record<string, OptionSpec> = { "-m": none, "--message": none, "-F": read, "--file": read };
export const strategy: Record<string, OptionSpec> = { ...each(none, "-s", "--strategy", "-X", "--strategy-option"),
  ...each(optionalNone, "-S", "--gpg-sign") };

export const DIFF_FLAGS = ["-p", "-u", "-s", "--raw", "--patch", "--no-patch", "--patch-with-raw", "--patch-with-stat",
  "-t", "--name-only", "--name-status", "--numstat", "--shortstat", "--summary", "-z", "--full-index", "--binary",
  "--find-copies-harder", "-D", "--irreversible-delete", "--pickaxe-all", "--pickaxe-regex", "-R", "-a", "--text",
  "--ignore-space-at-eol", "-b", "-w", "--ignore-all-space", "--ignore-space-change", "--ignore-blank-lines",
  "--ignore-cr-at-eol", "-W", "--function-context", "--exit-code", "--quiet", "--ext-diff", "--no-ext-diff",
  "--textconv", "--no-textconv", "--no-prefix", "--default-prefix", "--ita-invisible-in-index", "--no-color",
  "--no-renames", "--rename-empty", "--check", "--patience", "--histogram", "--minimal", "--indent-heuristic",
  "--no-indent-heuristic", "--compact-summary", "--merge-base", "--cached", "--staged", "--base", "--ours", "--theirs",
  "--no-color-moved", "--no-relative", "--color-words", "--no-stat"];
const DIFF_OPTIONS: Record<string, OptionSpec> = {
  ...each(optionalNone, "--stat", "--dirstat", "--abbrev", "-B", "--break-rewrites", "-M", "--find-renames", "-C",
    "--find-copies", "--relative", "--ignore-submodules", "--color", "--color-moved", "--word-diff", "--submodule",
    "-X"),
  ...each(none, "-l", "--diff-filter", "-S", "-G", "--find-object", "-I", "--ignore-matching-lines",
    "--inter-hunk-context", "--src-prefix", "--dst-prefix", "--line-prefix", "-U", "--unified",
    "--output-indicator-new", "--output-indicator-old", "--output-indicator-context", "--color-moved-ws",
    "--word-diff-regex", "--ws-error-highlight", "--anchored", "--diff-algorithm", "--stat-width", "--stat-name-width",
    "--stat-count", "--stat-graph-width", "--diff-merges"),
  "-O": read,
  "--output": write,
  "--no-index": { modes: ["noindex"] },
};
export const LOG_FLAGS = ["--all-match", "--invert-grep", "-i", "--regexp-ignore-case", "-E", "-F", "-P",
  "--basic-regexp", "--extended-regexp", "--fixed-strings", "--perl-regexp", "--remove-empty", "--merges",
  "--no-merges", "--first-parent", "--not", "--all", "--reflog", "--alternate-refs", "--single-worktree",
  "--ignore-missing", "--bisect", "--stdin", "--cherry-mark", "--cherry-pick", "--left-only", "--right-only",
  "--cherry", "-g", "--walk-reflogs", "--merge", "--boundary", "--simplify-by-decoration", "--full-history", "--dense",
  "--sparse", "--simplify-merges", "--date-order", "--author-date-order", "--topo-order", "--reverse", "--do-walk",
  "--oneline", "--no-expand-tabs", "--no-notes", "--show-signature", "--relative-date", "--parents", "--children",
  "--left-right", "--graph", "--no-decorate", "--clear-decorations", "--source", "--use-mailmap", "--mailmap",
  "--no-mailmap", "--full-diff", "--log-size", "--follow", "--abbrev-commit", "--no-abbrev-commit", "-m", "-c", "--cc",
  "--dd", "--no-diff-merges", "--remerge-diff", "--show-pulls", "--count", "--no-walk", "--no-graph", "--name-only"];
export const LOG_OPTIONS: Record<string, OptionSpec> = { ...DIFF_OPTIONS,
  ...each(none, "-n", "--max-count", "--skip", "--since", "--after", "--until", "--before", "--since-as-filter",
    "--author", "--committer", "--grep", "--grep-reflog", "--min-parents", "--max-parents", "--glob", "--exclude",
    "--format", "--encoding", "--date", "--decorate-refs", "--decorate-refs-exclude", "-L", "--max-age", "--min-age"),
  ...each(optionalNone, "--branches", "--tags", "--remotes", "--ancestry-path", "--pretty", "--expand-tabs", "--notes",
    "--show-notes", "--show-linear-break", "--decorate", "--no-walk") };
export const logLike = (extra: Partial<GitSub> = {}): GitSub => ({ names: [], numeric: true, flags: "",
  long: [...DIFF_FLAGS, ...LOG_FLAGS], options: LOG_OPTIONS, operands: { all: "none" }, custom: revsOrPaths("read"),
  ...extra });

/** What the subcommands that do not change the names in git's index say (git.ts reads it: src/shell/listing.ts). */
export const KEEPS_INDEX: EntryNaming = { fact: "index" };

export const BRANCH_LIKE: GitSub = { names: [], operands: { all: "none" }, unknownOptions: "none",
  options: { "-F": read, "--file": read } };
// Their options that take values and every short flag are listed, so a cluster such as
// `-aF FILE` is parsed letter by letter (git 2.39 tag(1), notes(1)): an unknown letter would
// hide the file read after it.
export const TAG: GitSub = { ...BRANCH_LIKE, flags: "asfdvlie",
  options: { ...BRANCH_LIKE.options, "-m": none, "--message": none,
    ...each(none, "-u", "--local-user", "--sort", "--format", "--cleanup", "--trailer", "--points-at"),
    ...each(optionalNone, "-n", "--color", "--column", "--contains", "--no-contains", "--merged", "--no-merged") } };
export const NOTES: GitSub = { ...BRANCH_LIKE, flags: "fvqne",
  options: { ...BRANCH_LIKE.options,
    ...each(none, "-m", "--message", "-C", "--reuse-message", "-c", "--reedit-message", "-s", "--strategy", "--ref",
      "--for-rewrite"), "--separator": optionalNone } };
