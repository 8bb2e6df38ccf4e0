// git's subcommands as table entries: each one's options and operands, the role of its
// pathspecs after `--`, and the hooks they share (revisions or paths, the working tree
// rewritten, a repository named). The git analyser (git.ts) picks one by name.

import { syntheticArg } from "../../apply.ts";
import { withValue } from "../../effects.ts";
import type { CommandSpec, RoleSpec, SpecContext } from "../../spec.ts";
import { each, flag, hooks, issue, linkNames, localRole, movedNames, none, optionalNone, optionItems, optionValues,
  read, runsProgram, spanOf, write } from "../common.ts";
import { expandSpec } from "../expand.ts";
import { cloneConfig } from "./git-config.ts";
import { branchDestroys, cleanDestroys, pushDestroys, resetDestroys, stashDestroys,
  switchDestroys } from "./git-destructive.ts";

import { looksLikePath, revsOrPaths, worktree, checkedOut, repoRole, repository, toolOption, type GitSub, templateHooks,
  pathspecFile, message, strategy, DIFF_FLAGS, LOG_FLAGS, LOG_OPTIONS, logLike, KEEPS_INDEX, BRANCH_LIKE, TAG,
  NOTES } from "./git-sub-parts.ts";

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
        issue(ctx, "OUTSIDE_EFFECT", `git ${n} ${verb ?? "…"} reads or changes the user's stored credentials`);
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
  branch: { ...BRANCH_LIKE, naming: KEEPS_INDEX, custom: branchDestroys },
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
    custom: hooks(revsOrPaths("write"), worktree(), switchDestroys("checkout")) },
  switch: { names: [], flags: "dfmq",
    long: ["--detach", "--guess", "--no-guess", "--force", "--discard-changes", "--merge", "--quiet", "--progress",
      "--no-progress", "--no-track", "--recurse-submodules", "--ignore-other-worktrees"],
    options: { ...each(none, "-c", "--create", "-C", "--force-create", "--orphan", "--conflict"),
      ...each(optionalNone, "-t", "--track") }, operands: { all: "none" },
    custom: hooks(worktree(), switchDestroys("switch")) },
  reset: { names: [], flags: "qpN",
    long: ["--quiet", "--soft", "--mixed", "--patch", "--recurse-submodules", "--no-refresh"],
    options: { ...pathspecFile, ...each({ modes: ["hard"] }, "--hard", "--merge", "--keep") },
    operands: { all: "none" },
    custom: hooks(revsOrPaths("read"), worktree({ default: "none", modes: { hard: "write" } }), resetDestroys) },
  clean: { names: [], flags: "dfinqxX", long: ["--force", "--interactive", "--dry-run", "--quiet"],
    options: { "-e": none, "--exclude": none }, operands: { all: "write" }, pathspec: "write",
    custom: hooks(worktree("write", false), cleanDestroys) },
  stash: { names: [], flags: "pkuaqS",
    long: ["--patch", "--keep-index", "--no-keep-index", "--include-untracked", "--all", "--quiet", "--staged",
      "--index", "--only-untracked"], options: { ...pathspecFile, "-m": none, "--message": none },
    operands: { all: "none" }, pathspec: "write",
    custom: (ctx) => {
      const sub = ctx.operands[0]?.text;
      if (sub !== "list" && sub !== "show") worktree()(ctx);
      stashDestroys(ctx);
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
    }, pushDestroys) },
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
      // `add` checks a commit out into the new tree: what it holds is not what is on disk now.
      if (sub?.text === "add" && rest[0] && !optionItems(ctx, "--no-checkout").length) checkedOut(ctx, rest[0]);
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
