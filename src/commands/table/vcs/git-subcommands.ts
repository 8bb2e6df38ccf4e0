// git's subcommands as table entries: each one's options and operands, the role of its
// pathspecs after `--`, and the hooks they share (revisions or paths, the working tree
// rewritten, a repository named). The git analyser (git.ts) picks one by name.

import { roleOf, syntheticArg } from "../../apply.ts";
import { type Arg, withValue } from "../../effects.ts";
import type { CommandSpec, EntryNaming, OptionSpec, RoleSpec, SpecContext } from "../../spec.ts";
import { type Custom, each, flag, hooks, issue, linkNames, localRole, movedNames, locate, none, optionalNone,
  optionItems, optionValues, read, runsProgram, spanOf, write } from "../common.ts";
import { expandSpec, type TableSpec } from "../expand.ts";
import { cloneConfig, toolIsPath } from "./git-config.ts";

/**
 * Operands git reads as a revision or, failing that, a path (`git log main`, `git diff
 * ../x`): judged as paths only when they look like one, so revisions such as
 * `origin/main..HEAD` are not.
 */
function looksLikePath(t: string): boolean {
  return t.startsWith("/") || t.startsWith("~") || t.startsWith("..") || t.startsWith("./") || t.includes("/..");
}

function revsOrPaths(role: RoleSpec, skip = 0): Custom {
  return (ctx) => {
    for (const a of ctx.operands.slice(skip)) if (a.text === null || looksLikePath(a.text)) ctx.role(a, role);
  };
}

/**
 * The working tree is rewritten: all of it, from the top of the repository the command runs in,
 * which may be above the project root (a project in a subdirectory of a larger repository).
 */
function worktree(role: RoleSpec = "write", links = true): Custom {
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
function checkedOut(ctx: SpecContext, dir: Arg): void {
  const base = dir.text !== null && dir.text.startsWith("/") ? undefined : ctx.start;
  ctx.emit({ t: "links", arg: dir, tree: true, ...(base !== undefined ? { base } : {}) });
}

/**
 * A repository named by a URL, `host:path`, or a local path. git opens a relative one from the
 * top of the working tree it moved to (`cd src && git fetch ../x` reads the top's sibling), so
 * that is judged too; a bare word is most likely a remote's name (`origin`), and is not.
 */
function repoRole(ctx: SpecContext, a: Arg, role: RoleSpec): void {
  localRole(ctx, a, role);
  const loc = locate(a.text);
  const top = ctx.disk.findUp(".git", ctx.start ?? null);
  if (loc.t === "local" && /^\.|^[^/].*\//.test(loc.path) && top !== null) {
    ctx.role(withValue(a, loc.path, ""), role, top);
  }
}

/** The first operand is a repository (`git clone ../x`). */
function repository(role: RoleSpec, index = 0): Custom {
  return (ctx) => {
    const a = ctx.operands[index];
    if (a) repoRole(ctx, a, role);
  };
}

/** `git difftool -t NAME`, `git mergetool --tool=NAME`: a name that is a path is a script git runs. */
const toolOption: Custom = (ctx) => {
  for (const v of optionValues(ctx, "-t", "--tool")) {
    if (toolIsPath(v.text)) {
      issue(ctx, "OPAQUE_CODE", `git ${ctx.name.slice(4)} --tool=${v.source} runs the script that name leads to`,
        v.span);
    }
  }
};

/** A subcommand: its options and operands, and the role of pathspecs after `--`. */
interface GitSub extends TableSpec {
  readonly pathspec?: RoleSpec;
}

// The file's pathspecs are judged by the git analyser (pathspecsFromFile), in the subcommand's pathspec role.
/**
 * `git init|clone --template DIR` copies DIR's hooks into the new (or existing) `.git/hooks`,
 * and git runs them at the next commit or checkout: code put there as git's own, which the
 * `.git/` zone does not ask about for git (src/policy/protect.ts). So it asks.
 */
const templateHooks: Custom = (ctx) => {
  for (const it of optionItems(ctx, "--template")) {
    issue(ctx, "PROTECTED_PATH", `${ctx.name} ${it.name}: copies the template's hooks into .git/hooks, which git runs`);
  }
};

const pathspecFile: Record<string, OptionSpec> = { "--pathspec-from-file": none, "--pathspec-file-nul": flag };
const message: Record<string, OptionSpec> = { "-m": none, "--message": none, "-F": read, "--file": read };
const strategy: Record<string, OptionSpec> = { ...each(none, "-s", "--strategy", "-X", "--strategy-option"),
  ...each(optionalNone, "-S", "--gpg-sign") };

const DIFF_FLAGS = ["-p", "-u", "-s", "--raw", "--patch", "--no-patch", "--patch-with-raw", "--patch-with-stat", "-t",
  "--name-only", "--name-status", "--numstat", "--shortstat", "--summary", "-z", "--full-index", "--binary",
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
const LOG_FLAGS = ["--all-match", "--invert-grep", "-i", "--regexp-ignore-case", "-E", "-F", "-P", "--basic-regexp",
  "--extended-regexp", "--fixed-strings", "--perl-regexp", "--remove-empty", "--merges", "--no-merges",
  "--first-parent", "--not", "--all", "--reflog", "--alternate-refs", "--single-worktree", "--ignore-missing",
  "--bisect", "--stdin", "--cherry-mark", "--cherry-pick", "--left-only", "--right-only", "--cherry", "-g",
  "--walk-reflogs", "--merge", "--boundary", "--simplify-by-decoration", "--full-history", "--dense", "--sparse",
  "--simplify-merges", "--date-order", "--author-date-order", "--topo-order", "--reverse", "--do-walk", "--oneline",
  "--no-expand-tabs", "--no-notes", "--show-signature", "--relative-date", "--parents", "--children", "--left-right",
  "--graph", "--no-decorate", "--clear-decorations", "--source", "--use-mailmap", "--mailmap", "--no-mailmap",
  "--full-diff", "--log-size", "--follow", "--abbrev-commit", "--no-abbrev-commit", "-m", "-c", "--cc", "--dd",
  "--no-diff-merges", "--remerge-diff", "--show-pulls", "--count", "--no-walk", "--no-graph", "--name-only"];
const LOG_OPTIONS: Record<string, OptionSpec> = { ...DIFF_OPTIONS,
  ...each(none, "-n", "--max-count", "--skip", "--since", "--after", "--until", "--before", "--since-as-filter",
    "--author", "--committer", "--grep", "--grep-reflog", "--min-parents", "--max-parents", "--glob", "--exclude",
    "--format", "--encoding", "--date", "--decorate-refs", "--decorate-refs-exclude", "-L", "--max-age", "--min-age"),
  ...each(optionalNone, "--branches", "--tags", "--remotes", "--ancestry-path", "--pretty", "--expand-tabs", "--notes",
    "--show-notes", "--show-linear-break", "--decorate", "--no-walk") };
const logLike = (extra: Partial<GitSub> = {}): GitSub => ({ names: [], numeric: true, flags: "",
  long: [...DIFF_FLAGS, ...LOG_FLAGS], options: LOG_OPTIONS, operands: { all: "none" }, custom: revsOrPaths("read"),
  ...extra });

/** What the subcommands that do not change the names in git's index say (git.ts reads it: src/shell/listing.ts). */
const KEEPS_INDEX: EntryNaming = { fact: "index" };

const BRANCH_LIKE: GitSub = { names: [], operands: { all: "none" }, unknownOptions: "none",
  options: { "-F": read, "--file": read } };
// Their options that take values and every short flag are listed, so a cluster such as
// `-aF FILE` is parsed letter by letter (git 2.39 tag(1), notes(1)): an unknown letter would
// hide the file read after it.
const TAG: GitSub = { ...BRANCH_LIKE, flags: "asfdvlie",
  options: { ...BRANCH_LIKE.options, "-m": none, "--message": none,
    ...each(none, "-u", "--local-user", "--sort", "--format", "--cleanup", "--trailer", "--points-at"),
    ...each(optionalNone, "-n", "--color", "--column", "--contains", "--no-contains", "--merged", "--no-merged") } };
const NOTES: GitSub = { ...BRANCH_LIKE, flags: "fvqne",
  options: { ...BRANCH_LIKE.options,
    ...each(none, "-m", "--message", "-C", "--reuse-message", "-c", "--reedit-message", "-s", "--strategy", "--ref",
      "--for-rewrite"), "--separator": optionalNone } };

const GIT_SUBS: Readonly<Record<string, GitSub>> = {
  // Reading history and the tree.
  log: logLike({ naming: KEEPS_INDEX }),
  show: logLike({ naming: KEEPS_INDEX }),
  whatchanged: logLike(),
  reflog: logLike(),
  // shortlog's -c/--committer groups by committer: a flag, where log's --committer takes a pattern.
  shortlog: logLike({ options: { ...LOG_OPTIONS, "--committer": optionalNone }, naming: KEEPS_INDEX }),
  "range-diff": logLike(),
  cherry: logLike(),
  "show-branch": logLike(),
  "rev-list": logLike(),
  "diff-tree": logLike(),
  "diff-index": logLike(),
  "diff-files": logLike(),
  diff: logLike({ naming: KEEPS_INDEX,
    custom: (
      ctx,
    ) => (ctx.modes.has("noindex") ? ctx.operands.forEach((a) => ctx.role(a, "read")) : revsOrPaths("read")(ctx)) }),
  difftool: logLike({
    options: { ...LOG_OPTIONS, "-t": none, "--tool": none, "-x": { value: "none", modes: ["program"] },
      "--extcmd": { value: "none", modes: ["program"] } },
    long: [...DIFF_FLAGS, "-y", "--no-prompt", "--prompt", "-d", "--dir-diff", "-g", "--gui", "--trust-exit-code",
      "--tool-help", "--symlinks", "--no-symlinks"],
    custom: hooks(revsOrPaths("read"), runsProgram(["-x", "--extcmd"]), toolOption),
  }),
  blame: logLike({ naming: KEEPS_INDEX,
    options: { ...LOG_OPTIONS, "--contents": read, "-S": read, "--ignore-rev": none, "--ignore-revs-file": read },
    long: ["-b", "--root", "--show-stats", "--score-debug", "-f", "--show-name", "-n", "--show-number", "-p",
      "--porcelain", "--line-porcelain", "-c", "-t", "-l", "-s", "-e", "--show-email", "-w", "--incremental",
      "--progress", "--color-lines", "--color-by-age"] }),
  annotate: logLike(),
  "format-patch": logLike({
    options: { ...LOG_OPTIONS, "-o": { value: "write", modes: ["outdir"] },
      "--output-directory": { value: "write", modes: ["outdir"] }, "--stdout": { modes: ["outdir"] },
      "--signature-file": read, "--description-file": read,
      ...each(none, "--subject-prefix", "-v", "--reroll-count", "--to", "--cc", "--in-reply-to", "--signature",
        "--base", "--suffix", "--start-number", "--add-header", "--interdiff", "--range-diff", "--creation-factor",
        "--cover-from-description"), ...each(optionalNone, "--from", "--attach", "--inline", "--thread", "--rfc") },
    long: [...DIFF_FLAGS, ...LOG_FLAGS, "--cover-letter", "--no-cover-letter", "--numbered-files", "-k",
      "--keep-subject", "-s", "--signoff", "--no-binary", "--zero-commit", "--progress", "-q", "--quiet", "-n",
      "--numbered", "-N", "--no-numbered", "--no-thread", "--no-attach", "--no-signature", "--notes"],
    custom: hooks(revsOrPaths("read"), worktree({ default: "write", modes: { outdir: "none" } })),
  }),
  grep: { names: [], numeric: true, naming: KEEPS_INDEX, flags: "aiIvwcLlhHnpzEGFPWqr",
    long: ["--cached", "--untracked", "--no-exclude-standard", "--exclude-standard", "--recurse-submodules", "--text",
      "--textconv", "--no-textconv", "--ignore-case", "--invert-match", "--word-regexp", "--full-name",
      "--extended-regexp", "--basic-regexp", "--perl-regexp", "--fixed-strings", "--line-number", "--column",
      "--name-only", "--files-with-matches", "--files-without-match", "--null", "--count", "--break", "--heading",
      "--show-function", "--function-context", "--and", "--or", "--not", "--all-match", "--quiet", "--only-matching"],
    options: { "-e": { value: "none", modes: ["pattern"] }, "-f": { value: "read", modes: ["pattern"] },
      "--no-index": { modes: ["noindex"] },
      ...each(none, "-A", "--after-context", "-B", "--before-context", "-C", "--context", "-m", "--max-count",
        "--max-depth", "--threads"), ...each(optionalNone, "--color", "-O", "--open-files-in-pager") },
    operands: { first: "none", unlessModes: ["pattern"], rest: "none" },
    custom: (ctx) => {
      const files = ctx.modes.has("pattern") ? ctx.operands : ctx.operands.slice(1);
      for (const a of files) {
        if (ctx.modes.has("noindex") || a.text === null || looksLikePath(a.text)) ctx.role(a, "read");
      }
      for (const it of optionItems(ctx, "-O", "--open-files-in-pager")) {
        if (it.value?.text) issue(ctx, "OPAQUE_CODE", `git grep -O runs ${it.value.source}`, it.value.span);
      }
    } },
  status: { names: [], naming: KEEPS_INDEX, flags: "sbvz",
    long: ["--short", "--branch", "--show-stash", "--long", "--verbose", "--no-column", "--ahead-behind",
      "--no-ahead-behind", "--renames", "--no-renames"],
    options: each(optionalNone, "--porcelain", "-u", "--untracked-files", "--ignored", "--ignore-submodules",
      "--column", "--find-renames", "-M"), operands: { all: "none" }, custom: revsOrPaths("read") },
  "ls-files": { names: [], naming: KEEPS_INDEX, flags: "cdmoiskuzvtf",
    long: ["--cached", "--deleted", "--modified", "--others", "--ignored", "--stage", "--unmerged", "--killed",
      "--exclude-standard", "--full-name", "--recurse-submodules", "--error-unmatch", "--directory",
      "--no-empty-directory", "--eol", "--deduplicate", "--sparse", "--debug", "--resolve-undo"],
    options: { "-X": read, "--exclude-from": read,
      ...each(none, "-x", "--exclude", "--exclude-per-directory", "--format", "--with-tree"),
      "--abbrev": optionalNone }, operands: { all: "none" }, pathspec: "list", custom: revsOrPaths("list") },
  "ls-tree": { names: [], naming: KEEPS_INDEX, flags: "dtrlz",
    long: ["--long", "--name-only", "--name-status", "--object-only", "--full-name", "--full-tree"],
    options: { "--format": none, "--abbrev": optionalNone }, operands: { all: "none" } },
  "check-ignore": { names: [], operands: { all: "none" }, custom: revsOrPaths("read") },
  "check-attr": { names: [], operands: { all: "none" }, custom: revsOrPaths("read") },
  ...Object.fromEntries(
    ["name-rev", "merge-base", "show-ref", "count-objects", "verify-commit", "verify-tag", "fsck", "gc", "prune",
      "pack-refs", "var", "version", "help", "check-ref-format", "column", "mktree", "mktag", "write-tree", "rerere",
      "get-tar-commit-id", "stripspace", "replace"].map((
        n,
      ) => [n, { names: [], operands: { all: "none" } } satisfies GitSub]),
  ),
  // git credential fill prints a stored password or token (approve and reject change the store),
  // and so do the helpers run by name: a read of the user's credential store, outside the project.
  ...Object.fromEntries(
    ["credential", "credential-store", "credential-cache", "credential-osxkeychain", "credential-libsecret",
      "credential-manager", "credential-manager-core", "credential-wincred"].map((
        n,
      ) => [n, { names: [], operands: { all: "none" }, custom: (ctx: SpecContext) => {
        const verb = ctx.operands[0]?.text;
        if (verb === "capability" || verb === undefined) return;
        issue(ctx, "UNRESOLVED_PATH", `git ${n} ${verb ?? "…"} reads or changes the user's stored credentials`);
      } } satisfies GitSub]),
  ),
  ...Object.fromEntries(
    ["describe", "cat-file"].map((
      n,
    ) => [n, { names: [], operands: { all: "none" }, naming: KEEPS_INDEX } satisfies GitSub]),
  ),
  // Their options are mostly flags, but not all (git 2.43: repack --expire-to/--filter-to DIR,
  // rev-parse --resolve-git-dir PATH), so an option not listed is judged as any path.
  repack: { names: [], operands: { all: "none" },
    options: { ...each(write, "--expire-to", "--filter-to"),
      ...each(none, "--cruft-expiration", "--max-cruft-size", "--filter", "--window", "--depth", "--threads",
        "--window-memory", "--max-pack-size", "--keep-pack", "--geometric", "--unpack-unreachable") } },
  // An operand that is not a revision is looked up as a file (strace: lstat of it); not with
  // --verify, whose operand is a revision only.
  "rev-parse": { names: [], naming: KEEPS_INDEX, operands: { all: { default: "read", modes: { verify: "none" } } },
    flags: "q",
    long: ["--quiet", "--show-toplevel", "--git-dir", "--absolute-git-dir", "--git-common-dir", "--is-inside-work-tree",
      "--is-inside-git-dir", "--is-bare-repository", "--is-shallow-repository", "--show-cdup", "--show-prefix",
      "--show-superproject-working-tree", "--shared-index-path", "--show-object-format", "--show-ref-format",
      "--local-env-vars", "--symbolic", "--symbolic-full-name", "--all", "--branches", "--tags", "--remotes", "--sq",
      "--sq-quote", "--not", "--revs-only", "--no-revs", "--flags", "--no-flags", "--parseopt", "--keep-dashdash",
      "--stop-at-non-option", "--stuck-long"],
    options: { "--verify": { modes: ["verify"] }, "--resolve-git-dir": read,
      ...each(none, "--git-path", "--prefix", "--default", "--since", "--after", "--until", "--before"),
      ...each(optionalNone, "--short", "--abbrev-ref", "--disambiguate") } },
  "for-each-ref": { names: [], operands: { all: "none" },
    options: { ...each(none, "--format", "--sort", "--count", "--exclude"),
      ...each(optionalNone, "--points-at", "--merged", "--no-merged", "--contains", "--no-contains") } },
  ...Object.fromEntries(
    ["update-ref", "symbolic-ref"].map((
      n,
    ) => [n, { names: [], operands: { all: "none" }, options: { "-m": none } } satisfies GitSub]),
  ),
  "commit-tree": { names: [], operands: { all: "none" },
    options: { "-F": read, "-m": none, "-p": none, "-S": optionalNone, "--gpg-sign": optionalNone } },
  // register/start write the global ~/.gitconfig (and start installs scheduled jobs).
  maintenance: { names: [], operands: { all: "none" }, custom: (ctx) => {
    const verb = ctx.operands[0]?.text;
    if (verb === null || verb === "register" || verb === "unregister" || verb === "start" || verb === "stop") {
      issue(ctx, "OPAQUE_CODE",
        `git maintenance ${ctx.operands[0]?.source ?? ""} changes the global configuration and scheduled jobs`);
    }
  } },
  // Programs it runs to send mail or to find addresses; --smtp-server with a slash is a sendmail program.
  "send-email": { names: [], operands: { all: "read" },
    options: {
      ...each(none, "--to", "--cc", "--bcc", "--from", "--subject", "--in-reply-to", "--smtp-server-port",
        "--smtp-user", "--smtp-pass", "--smtp-encryption", "--smtp-domain", "--identity", "--annotate", "--suppress-cc",
        "--confirm", "--transfer-encoding", "--8bit-encoding"),
      "--smtp-server": none,
      "--compose-encoding": none,
      ...each(none, "--sendmail-cmd", "--to-cmd", "--cc-cmd", "--header-cmd"),
    },
    custom: (ctx) => {
      runsProgram(["--sendmail-cmd", "--to-cmd", "--cc-cmd", "--header-cmd"])(ctx);
      for (const v of optionValues(ctx, "--smtp-server")) {
        if (v.text === null || v.text.includes("/")) {
          issue(ctx, "OPAQUE_CODE", `git send-email --smtp-server ${v.source} runs that program`, v.span);
        }
      }
    } },
  branch: { ...BRANCH_LIKE, naming: KEEPS_INDEX },
  tag: { ...TAG, naming: KEEPS_INDEX },
  notes: NOTES,
  // `git remote add NAME URL`, `set-url NAME URL`: a URL that is a local path is a repository
  // later fetches read, wherever the command that fetches is run from.
  remote: { ...BRANCH_LIKE, naming: KEEPS_INDEX,
    custom: (ctx) => {
      const [verb, ...rest] = ctx.operands;
      if (verb?.text === null) { for (const a of rest) repoRole(ctx, a, "read"); }
      else if (verb?.text === "add" || verb?.text === "set-url") {
        for (const a of rest.slice(1)) repoRole(ctx, a, "read");
      } // A name that is no configured remote is a URL or a path, which these contact (strace:
      // `git remote show ../x` opens ../x/.git).
      else if (verb?.text === "show" || verb?.text === "prune" || verb?.text === "update" ||
        verb?.text === "set-head")
      {
        for (const a of rest) repoRole(ctx, a, "read");
      }
    } },
  "ls-remote": { names: [], operands: { all: "none" },
    options: { ...each(none, "--sort", "-o", "--server-option"),
      ...each({ value: "none", modes: ["program"] }, "--upload-pack", "--exec") },
    custom: hooks(runsProgram(["--upload-pack", "--exec"]), repository("read")) },
  "fetch-pack": { names: [], operands: { all: "none" },
    options: { "--depth": none, ...each({ value: "none", modes: ["program"] }, "--upload-pack", "--exec") },
    custom: hooks(runsProgram(["--upload-pack", "--exec"]), repository("read")) },
  "hash-object": { names: [], flags: "w", long: ["--stdin", "--no-filters", "--literally"],
    options: { "-t": none, "--path": none, "--stdin-paths": { modes: ["names"] } }, operands: { all: "read" },
    custom: (ctx) => {
      if (ctx.modes.has("names")) {
        issue(ctx, "UNRESOLVED_WORD", "git hash-object --stdin-paths reads the files named on its standard input");
      }
    } },
  "interpret-trailers": { names: [],
    long: ["--trim-empty", "--only-trailers", "--only-input", "--unfold", "--parse", "--no-divider"],
    options: { "--in-place": { modes: ["inplace"] },
      ...each(none, "--trailer", "--where", "--if-exists", "--if-missing") },
    operands: { all: { default: "read", modes: { inplace: "write" } } } },
  bundle: { names: [], flags: "q", long: ["--quiet", "--progress", "--all"], options: { "--version": none },
    operands: { all: "none" },
    custom: (ctx) => {
      const [verb, file] = ctx.operands;
      if (file) ctx.role(file, verb?.text === "create" ? "write" : "read");
    } },
  // Changing the index and the working tree.
  add: { names: [], flags: "nvfipeuAN",
    long: ["--dry-run", "--verbose", "--force", "--interactive", "--patch", "--edit", "--update", "--all", "--no-all",
      "--ignore-removal", "--no-ignore-removal", "--intent-to-add", "--refresh", "--ignore-errors", "--ignore-missing",
      "--renormalize", "--sparse", "--no-warn-embedded-repo"], options: { ...pathspecFile, "--chmod": none },
    operands: { all: "read" } },
  stage: { names: [], options: pathspecFile, operands: { all: "read" } },
  rm: { names: [], flags: "frnq", long: ["--force", "--dry-run", "--quiet", "--ignore-unmatch", "--sparse"],
    options: { ...pathspecFile, "--cached": { modes: ["cached"] } },
    operands: { all: { default: "write", modes: { cached: "read" } } },
    pathspec: { default: "write", modes: { cached: "read" } } },
  mv: {
    names: [],
    flags: "fkv",
    long: ["--force", "--verbose", "--sparse"],
    options: { "-n": { modes: ["dry"] }, "--dry-run": { modes: ["dry"] } },
    operands: { all: "write" },
    pathspec: "write",
    // Like mv: a moved symlink (or a directory holding one) means something else where it lands.
    custom: (ctx) => {
      if (ctx.modes.has("dry")) return;
      linkNames(ctx, { sourced: true, sameFile: true });
      movedNames(ctx, ctx.operands.slice(0, -1));
    },
  },
  restore: {
    names: [],
    flags: "pqm",
    long: ["--patch", "--quiet", "--progress", "--no-progress", "--ours", "--theirs", "--merge", "--ignore-unmerged",
      "--ignore-skip-worktree-bits", "--recurse-submodules", "--no-recurse-submodules", "--overlay", "--no-overlay"],
    options: { ...pathspecFile, "-s": none, "--source": none, "--conflict": none, "-W": { modes: ["worktree"] },
      "--worktree": { modes: ["worktree"] }, "-S": { modes: ["staged"] }, "--staged": { modes: ["staged"] } },
    operands: { all: { default: "write", modes: { worktree: "write", staged: "read" } } },
    pathspec: { default: "write", modes: { worktree: "write", staged: "read" } },
    // What it restores into the working tree may be a symlink (a tracked `newdir -> ../outside`).
    custom: (ctx) => {
      if (ctx.modes.has("staged") && !ctx.modes.has("worktree")) return;
      ctx.emit({ t: "changes", fs: true, links: true });
      checkedOut(ctx,
        syntheticArg(ctx.disk.findUp(".git", ctx.start ?? null) ?? ".",
          ctx.items[0]?.word.span ?? { start: 0, end: 0 }));
    },
  },
  checkout: { names: [], flags: "fqmpl",
    long: ["--quiet", "--force", "--merge", "--detach", "--patch", "--ours", "--theirs", "--no-track", "--progress",
      "--no-progress", "--recurse-submodules", "--no-recurse-submodules", "--overwrite-ignore",
      "--ignore-other-worktrees", "--guess", "--no-guess", "--ignore-skip-worktree-bits", "--overlay", "--no-overlay"],
    options: { ...pathspecFile, ...each(none, "-b", "-B", "--orphan", "--conflict"),
      ...each(optionalNone, "-t", "--track") }, operands: { all: "none" }, pathspec: "write",
    custom: hooks(revsOrPaths("write"), worktree()) },
  switch: { names: [], flags: "dfmq",
    long: ["--detach", "--guess", "--no-guess", "--force", "--discard-changes", "--merge", "--quiet", "--progress",
      "--no-progress", "--no-track", "--recurse-submodules", "--ignore-other-worktrees"],
    options: { ...each(none, "-c", "--create", "-C", "--force-create", "--orphan", "--conflict"),
      ...each(optionalNone, "-t", "--track") }, operands: { all: "none" }, custom: worktree() },
  reset: { names: [], flags: "qpN",
    long: ["--quiet", "--soft", "--mixed", "--patch", "--recurse-submodules", "--no-refresh"],
    options: { ...pathspecFile, ...each({ modes: ["hard"] }, "--hard", "--merge", "--keep") },
    operands: { all: "none" },
    custom: hooks(revsOrPaths("read"), worktree({ default: "none", modes: { hard: "write" } })) },
  clean: { names: [], flags: "dfinqxX", long: ["--force", "--interactive", "--dry-run", "--quiet"],
    options: { "-e": none, "--exclude": none }, operands: { all: "write" }, pathspec: "write",
    custom: worktree("write", false) },
  stash: { names: [], flags: "pkuaqS",
    long: ["--patch", "--keep-index", "--no-keep-index", "--include-untracked", "--all", "--quiet", "--staged",
      "--index", "--only-untracked"], options: { ...pathspecFile, "-m": none, "--message": none },
    operands: { all: "none" }, pathspec: "write",
    custom: (ctx) => {
      const sub = ctx.operands[0]?.text;
      if (sub !== "list" && sub !== "show") worktree()(ctx);
    } },
  commit: { names: [], flags: "apionqvseuz",
    long: ["--all", "--patch", "--include", "--only", "--no-verify", "--verify", "--quiet", "--verbose", "--signoff",
      "--edit", "--no-edit", "--amend", "--allow-empty", "--allow-empty-message", "--dry-run", "--short", "--branch",
      "--long", "--null", "--status", "--no-status", "--reset-author", "--no-post-rewrite", "--interactive"],
    options: { ...pathspecFile, ...message, "-t": read, "--template": read,
      ...each(none, "-C", "-c", "--reuse-message", "--reedit-message", "--fixup", "--squash", "--author", "--date",
        "--cleanup", "--trailer"),
      ...each(optionalNone, "-S", "--gpg-sign", "-u", "--untracked-files", "--porcelain") },
    operands: { all: "read" } },
  merge: { names: [], flags: "neqv",
    long: ["--commit", "--no-commit", "--edit", "--no-edit", "--ff", "--no-ff", "--ff-only", "--squash", "--no-squash",
      "--stat", "--no-stat", "--no-log", "--signoff", "--verify", "--no-verify", "--allow-unrelated-histories",
      "--rerere-autoupdate", "--abort", "--continue", "--quit", "--autostash", "--quiet", "--verbose", "--progress",
      "--overwrite-ignore"],
    options: { ...message, ...strategy, "--into-name": none, "--cleanup": none, "--log": optionalNone },
    operands: { all: "none" }, custom: worktree() },
  rebase: { names: [], flags: "imqvnfr",
    long: ["--interactive", "--root", "--autosquash", "--no-autosquash", "--autostash", "--no-autostash", "--continue",
      "--abort", "--skip", "--quit", "--edit-todo", "--show-current-patch", "--merge", "--apply", "--quiet",
      "--verbose", "--stat", "--no-stat", "--no-verify", "--verify", "--committer-date-is-author-date", "--ignore-date",
      "--ignore-whitespace", "--signoff", "--force-rebase", "--fork-point", "--no-fork-point", "--keep-empty",
      "--update-refs", "--reschedule-failed-exec", "--reapply-cherry-picks", "--allow-empty-message", "--keep-base",
      "--no-rebase-merges", "--no-update-refs"],
    options: { ...strategy, "--onto": none, "--whitespace": none, "--empty": none, "--trailer": none, "-C": none,
      "-x": none, "--exec": none, "--rebase-merges": optionalNone }, operands: { all: "none" },
    custom: hooks(worktree(), (ctx) => {
      // --exec runs its command with the shell after each commit.
      for (const it of optionItems(ctx, "-x", "--exec")) {
        if (it.value) {
          ctx.emit({ t: "code", text: it.value.text, span: it.value.span, label: "git rebase --exec", inProcess: false,
            ...(it.base !== undefined ? { base: it.base } : {}) });
        }
      }
    }) },
  "cherry-pick": { names: [], flags: "nexs",
    long: ["--no-commit", "--edit", "--signoff", "--ff", "--allow-empty", "--allow-empty-message",
      "--keep-redundant-commits", "--continue", "--abort", "--quit", "--skip", "--rerere-autoupdate"],
    options: { ...strategy, "-m": none, "--mainline": none, "--cleanup": none, "--empty": none },
    operands: { all: "none" }, custom: worktree() },
  revert: { names: [], flags: "nes",
    long: ["--no-commit", "--edit", "--no-edit", "--signoff", "--continue", "--abort", "--quit", "--skip",
      "--rerere-autoupdate", "--reference"],
    options: { ...strategy, "-m": none, "--mainline": none, "--cleanup": none }, operands: { all: "none" },
    custom: worktree() },
  am: { names: [], flags: "3skcqunir",
    long: ["--3way", "--signoff", "--keep", "--keep-cr", "--no-keep-cr", "--quiet", "--utf8", "--no-utf8", "--scissors",
      "--no-scissors", "--interactive", "--committer-date-is-author-date", "--ignore-date", "--skip", "--continue",
      "--resolved", "--abort", "--quit", "--allow-empty", "--reject", "--ignore-whitespace", "--ignore-space-change",
      "--message-id", "--no-message-id"],
    options: { ...strategy,
      ...each(none, "-p", "-C", "--whitespace", "--exclude", "--include", "--patch-format", "--empty", "--quoted-cr"),
      "--directory": { value: "generic" }, "--show-current-patch": optionalNone }, operands: { all: "read" },
    custom: worktree() },
  apply: { names: [], flags: "3vqzNR",
    long: ["--stat", "--numstat", "--summary", "--check", "--index", "--intent-to-add", "--3way", "--reverse",
      "--reject", "--recount", "--allow-empty", "--inaccurate-eof", "--ignore-space-change", "--ignore-whitespace",
      "--no-add", "--allow-binary-replacement", "--binary", "--apply", "--verbose", "--quiet", "--ours", "--theirs",
      "--union"],
    options: { ...each({ modes: ["check"] }, "--check", "--stat", "--numstat", "--summary"),
      "--cached": { modes: ["check"] }, "--apply": { clears: ["check"] },
      ...each(none, "-p", "-C", "--exclude", "--include", "--whitespace"), "--directory": { value: "generic" },
      "--build-fake-ancestor": write, "--unsafe-paths": { modes: ["unsafe"] } }, operands: { all: "read" },
    custom: (ctx) => {
      if (ctx.modes.has("check")) return;
      worktree()(ctx);
      if (ctx.modes.has("unsafe")) {
        issue(ctx, "UNRESOLVED_PATH",
          "git apply --unsafe-paths writes the files named inside the patch, wherever they are");
      }
    } },
  // Remotes and repositories.
  fetch: { names: [], flags: "apPtfkqvmn46",
    long: ["--all", "--prune", "--prune-tags", "--tags", "--no-tags", "--force", "--keep", "--quiet", "--verbose",
      "--progress", "--multiple", "--dry-run", "--unshallow", "--update-shallow", "--set-upstream", "--atomic",
      "--write-fetch-head", "--no-write-fetch-head", "--refetch", "--porcelain", "--append", "--update-head-ok",
      "--no-recurse-submodules", "--ipv4", "--ipv6", "--show-forced-updates", "--no-show-forced-updates",
      "--auto-maintenance", "--no-auto-maintenance", "--auto-gc", "--no-auto-gc"],
    options: {
      ...each(none, "--depth", "--deepen", "--shallow-since", "--shallow-exclude", "--refmap", "-j", "--jobs",
        "--filter", "--negotiation-tip", "-o", "--server-option", "--recurse-submodules-default"),
      "--recurse-submodules": optionalNone,
      ...each({ value: "none", modes: ["program"] }, "--upload-pack"),
    }, operands: { all: "none" },
    custom: hooks(runsProgram(["--upload-pack"]), (ctx) => {
      // With --multiple every operand is a repository; otherwise only the first.
      for (const [i, a] of ctx.operands.entries()) {
        if (i === 0 || optionItems(ctx, "--multiple").length) repoRole(ctx, a, "read");
      }
    }) },
  pull: { names: [], flags: "qvnf46",
    long: ["--quiet", "--verbose", "--commit", "--no-commit", "--edit", "--no-edit", "--ff", "--no-ff", "--ff-only",
      "--squash", "--no-squash", "--stat", "--no-stat", "--signoff", "--verify", "--no-verify", "--no-rebase",
      "--autostash", "--no-autostash", "--all", "--append", "--force", "--prune", "--tags", "--no-tags", "--unshallow",
      "--update-shallow", "--allow-unrelated-histories", "--progress", "--set-upstream", "--ipv4", "--ipv6",
      "--dry-run", "--no-recurse-submodules"],
    options: { ...strategy,
      ...each(none, "--depth", "--deepen", "--shallow-since", "--shallow-exclude", "-j", "--jobs", "-o",
        "--server-option", "--cleanup"), ...each(optionalNone, "-r", "--rebase", "--recurse-submodules", "--log"),
      ...each({ value: "none", modes: ["program"] }, "--upload-pack") }, operands: { all: "none" },
    custom: hooks(runsProgram(["--upload-pack"]), repository("read"), worktree()) },
  push: { names: [], flags: "nfuqvd46",
    long: ["--all", "--branches", "--mirror", "--tags", "--follow-tags", "--no-follow-tags", "--delete", "--dry-run",
      "--force", "--force-if-includes", "--set-upstream", "--prune", "--atomic", "--no-atomic", "--no-verify",
      "--verify", "--quiet", "--verbose", "--progress", "--porcelain", "--thin", "--no-thin", "--ipv4", "--ipv6",
      "--no-signed"],
    options: { ...each(none, "-o", "--push-option", "--recurse-submodules"),
      ...each(optionalNone, "--force-with-lease", "--signed"),
      ...each({ value: "none", modes: ["program"] }, "--receive-pack", "--exec"), "--repo": none },
    operands: { all: "none" },
    custom: hooks(runsProgram(["--receive-pack", "--exec"]), repository("write"), (ctx) => {
      for (const v of optionValues(ctx, "--repo")) repoRole(ctx, v, "write");
    }) },
  clone: { names: [], flags: "nlsqv46",
    long: ["--no-checkout", "--bare", "--mirror", "--local", "--no-hardlinks", "--shared", "--dissociate", "--quiet",
      "--verbose", "--progress", "--single-branch", "--no-single-branch", "--no-tags", "--shallow-submodules",
      "--no-shallow-submodules", "--sparse", "--also-filter-submodules", "--remote-submodules",
      "--no-remote-submodules", "--reject-shallow", "--no-reject-shallow"],
    options: {
      ...each(none, "-b", "--branch", "--depth", "-o", "--origin", "--shallow-since", "--shallow-exclude", "--filter",
        "-j", "--jobs", "--server-option", "--ref-format", "--revision"),
      "--bundle-uri": { value: "generic" },
      "--reference": none,
      "--reference-if-able": none,
      "--separate-git-dir": write,
      "--template": read,
      "-c": none,
      "--config": none,
      "--recurse-submodules": optionalNone,
      ...each({ value: "none", modes: ["program"] }, "-u", "--upload-pack"),
    }, operands: { positional: ["none", "write"] },
    custom: hooks(runsProgram(["-u", "--upload-pack"]), cloneConfig, templateHooks, (ctx) => {
      // clone opens its source from where it starts: there is no working tree yet.
      if (ctx.operands[0]) localRole(ctx, ctx.operands[0], "read");
      for (const v of optionValues(ctx, "--reference", "--reference-if-able")) localRole(ctx, v, "read");
      // Without a directory the clone lands in a new directory here.
      if (ctx.operands.length < 2) {
        ctx.role(syntheticArg(".", ctx.items[0]?.word.span ?? { start: 0, end: 0 }), "write");
      }
      ctx.emit({ t: "changes", fs: true, links: true });
      // The new working tree may hold symlinks: in the directory named, or the one git names
      // after the repository (`…/b.git` → `b`), or, when that is not clear, anywhere here.
      const [repo, dir] = ctx.operands;
      const named = repo?.text?.replace(/\/+$/, "").replace(/\/\.git$/, "").replace(/\.git$/, "").split(/[/:]/).pop() ??
        "";
      checkedOut(ctx,
        dir ??
          (repo && named !== "" && named !== "." && named !== ".."
            ? withValue(repo, named, "")
            : syntheticArg(".", spanOf(ctx))));
    }) },
  init: { names: [], flags: "q", long: ["--quiet", "--bare"],
    options: { "--template": read, "--separate-git-dir": write,
      ...each(none, "-b", "--initial-branch", "--object-format", "--ref-format"), "--shared": optionalNone },
    operands: { all: "write", defaultOperand: "." }, custom: templateHooks },
  submodule: { names: [], flags: "qf",
    long: ["--quiet", "--force", "--init", "--remote", "--no-fetch", "--checkout", "--merge", "--rebase", "--recursive",
      "--cached", "--files", "--recommend-shallow", "--no-recommend-shallow", "--single-branch", "--no-single-branch",
      "--all", "--progress", "--dissociate", "--filter"],
    options: { ...each(none, "-b", "--branch", "--name", "--depth", "-j", "--jobs", "-n", "--summary-limit"),
      "--reference": { value: "generic" }, ...each({ value: "none", modes: ["program"] }, "--upload-pack") },
    operands: { all: "none" },
    custom: (ctx) => {
      const sub = ctx.operands[0]?.text;
      if (sub === "add") {
        const [, repo, path] = ctx.operands;
        if (repo) repoRole(ctx, repo, "read");
        if (path) ctx.role(path, "write");
        else worktree()(ctx);
      } else if (sub === "update" || sub === "init" || sub === "deinit" || sub === "absorbgitdirs" || sub === "sync") {
        worktree()(ctx);
      }
    } },
  worktree: { names: [], flags: "fqb",
    long: ["--force", "--detach", "--checkout", "--no-checkout", "--lock", "--orphan", "--track", "--no-track",
      "--guess-remote", "--no-guess-remote", "--quiet", "--porcelain", "--verbose", "-v", "-z", "-n", "--dry-run"],
    options: { ...each(none, "-b", "-B", "--reason", "--expire") }, operands: { all: "none" },
    custom: (ctx) => {
      const [sub, ...rest] = ctx.operands;
      const writes = sub?.text === "add" || sub?.text === "remove"
        ? rest.slice(0, 1)
        : sub?.text === "move"
        ? rest.slice(0, 2)
        : sub?.text === "repair"
        ? rest
        : [];
      for (const p of writes) ctx.role(p, "write");
      if (writes.length) ctx.emit({ t: "changes", fs: true, links: true });
    } },
  "sparse-checkout": { names: [],
    long: ["--cone", "--no-cone", "--sparse-index", "--no-sparse-index", "--skip-checks", "--stdin",
      "--end-of-options"], operands: { all: "none" },
    custom: (ctx) => {
      if (ctx.operands[0]?.text !== "list" && ctx.operands[0]?.text !== "check-rules") worktree()(ctx);
    } },
  archive: { names: [], numeric: true, flags: "lv", long: ["--list", "--verbose", "--worktree-attributes"],
    options: { "-o": write, "--output": write, "--add-file": read, "--remote": none,
      ...each(none, "--prefix", "--format", "--add-virtual-file", "--mtime"),
      ...each({ value: "none", modes: ["program"] }, "--exec") }, operands: { all: "none" },
    custom: hooks(runsProgram(["--exec"]), (ctx) => {
      for (const v of optionValues(ctx, "--remote")) repoRole(ctx, v, "read");
    }) },
  mergetool: { names: [], flags: "yg", long: ["--no-prompt", "--prompt", "--gui", "--no-gui", "--tool-help"],
    options: { "-t": none, "--tool": none, "-O": read }, operands: { all: "write" },
    custom: hooks(worktree(), toolOption) },
  "filter-branch": { names: [], operands: { all: "none" }, unknownOptions: "none",
    custom: (ctx) => issue(ctx, "OPAQUE_CODE", "git filter-branch runs its filters as shell code") },
};

/** What a name means as a subcommand, with table shorthands expanded. */
export const SUBS: ReadonlyMap<string, { readonly spec: CommandSpec; readonly pathspec: RoleSpec }> = new Map(
  Object.entries(GIT_SUBS).map(([name, sub]) => {
    const { pathspec, ...table } = sub;
    // git's own parser takes long options only in full here: an unknown one stays unknown.
    const spec = expandSpec({ abbreviations: false, ...table, names: [name] });
    return [name, { spec, pathspec: pathspec ?? "read" }];
  }),
);
