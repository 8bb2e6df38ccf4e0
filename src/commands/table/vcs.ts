// git: global options (`-C DIR` moves everything after it; `--git-dir`/`--work-tree` name what
// git writes; `-c key=value` can make git run programs), then one subcommand. Revisions,
// branch names, remotes and messages are not paths; pathspecs are, and so is the working tree
// when a subcommand rewrites it (`checkout`, `reset --hard`, `clean`, `merge`, …).

import { applySpec, parseWords, roleOf, syntheticArg } from "../apply.ts";
import { type Arg, type Effect, withValue } from "../effects.ts";
import type { AccessKind } from "../../verdict.ts";
import { GIT_GLOBAL_OPTIONS } from "../git-global-options.ts";
import type { Analyser, Base, Call, CommandSpec, OptionSpec, RoleSpec, SpecContext } from "../spec.ts";
import { type Custom, each, flag, hooks, issue, linkNames, localRole, movedNames, locate, none, optionalNone, optionItems, optionValues, read, runsProgram, spanOf, write } from "./common.ts";
import type { TableSpec } from "./expand.ts";
import { GIT_LISTING } from "./pipe/listings.ts";

// ---------------------------------------------------------------------------------------
// Configuration that runs programs or names paths

/** Keys whose value git runs as a program or shell command (or that load more configuration). */
const CODE_KEY = new RegExp(
  [
    "^alias\\.", "^filter\\.", "^pager\\.", "^includeif\\.", "^core\\.(hookspath|sshcommand|editor|pager|fsmonitor|askpass|gitproxy)$",
    "^sequence\\.editor$", "^init\\.templatedir$", "^diff\\.external$", "^interactive\\.difffilter$", "^uploadpack\\.packobjectshook$",
    "^imap\\.tunnel$", "^instaweb\\.httpd$", "^lfs\\.extension\\.",
    // include.path loads configuration; man/difftool/mergetool/browser.<tool>.path and git-lfs's
    // lfs.customtransfer.<agent>.path are the program run for that tool. A submodule's path is
    // where it sits in the working tree, which git keeps inside it.
    "^(?!submodule\\.).*\\.path$",
    "(command|cmd|program|helper|editor|hook|driver|textconv|uploadpack|receivepack|sendmailcmd|smtpserver|viewer|browser)$",
  ].join("|"),
);
/** Keys whose value is a file or directory git reads (http.<url>.* and sendemail.<identity>.* too). */
const READ_KEY = new RegExp(
  [
    "^(core\\.(excludesfile|attributesfile)|commit\\.template|blame\\.ignorerevsfile|mailmap\\.file|diff\\.orderfile|format\\.signaturefile|help\\.htmlpath|instaweb\\.modulepath)$",
    "^gpg\\.ssh\\.(allowedsignersfile|revocationfile)$", "^((fetch|receive)\\.)?fsck\\.skiplist$",
    "^http\\.(.*\\.)?(sslcainfo|sslcapath|sslcert|sslkey|proxysslcainfo|proxysslcert|proxysslkey|pinnedpubkey)$", "^sendemail\\.(.*\\.)?(aliasesfile|smtpsslcertpath)$",
  ].join("|"),
);
/** Keys whose value is where git writes: the working tree, cookies saved back (http.saveCookies), patches, logs. */
const WRITE_KEY = /^(core\.worktree|http\.(.*\.)?cookiefile|format\.outputdirectory|gitcvs\.logfile|lfs\.storage|fsmonitor\.socketdir)$/;
/** Keys whose value is a repository (a URL, `host:path`, or a local path git reads or writes). */
const REPO_KEY = /^(remote\..+\.(url|pushurl|lfsurl|lfspushurl)|submodule\..+\.url|lfs\.(url|pushurl)|bundle\..+\.uri|fetch\.bundleuri)$/;
/** Keys whose value is a remote's name, or a URL or path git uses as an unnamed remote (git-config(1), "branch.<name>.remote"). */
const REMOTE_NAME_KEY = /^(branch\..+\.(remote|pushremote)|remote\.pushdefault)$/;
/** Keys naming the diff or merge tool: git-mergetool--lib sources `$MERGE_TOOLS_DIR/$tool`, so a name with a `/` is a script run from there. */
const TOOL_KEY = /^(diff|merge)\.(gui)?tool$/;
/** A tool name that is not one of git's own (a `/` in it leaves the mergetools directory): the script it names is run. */
function toolIsPath(name: string | null): boolean {
  return name === null || name.includes("/");
}
/** `url.<base>.insteadOf`: the base, inside the key, is the repository that rewritten URLs reach. */
const INSTEAD_OF = /^url\.(.+)\.(push)?insteadof$/i;

/**
 * Where a GIT_TRACE* variable or a trace2.*Target setting sends its output: an absolute path (a
 * file appended to, or a directory that gets a file per process) or an `af_unix:` socket. 0, 1,
 * 2, true, false and fd numbers are not files, and git ignores any other value.
 */
function traceFile(value: Arg): Arg | null {
  if (value.text === null) return value;
  const path = value.text.replace(/^af_unix:((stream|dgram):)?/, "");
  return path.startsWith("/") ? withValue(value, path, "") : null;
}

/**
 * Where git's own paths resolve: `base` (where the command starts), and `top`, the top of the
 * working tree, since git moves there before it uses a relative path from a setting or a
 * variable. `push`: the command may push, so a repository setting is written to.
 */
interface Where {
  readonly base: Base;
  readonly top: string | null;
  readonly push: boolean;
}

function pathsAt(arg: Arg, kind: AccessKind, where: Where): Effect[] {
  const out: Effect[] = [{ t: "path", arg, kind, ...(where.base === undefined ? {} : { base: where.base }) }];
  if (where.top !== null && arg.text !== null && !arg.text.startsWith("/")) out.push({ t: "path", arg, kind, base: where.top });
  return out;
}

/** What setting `key` to `value` (null: not known) means: code git will run, or a path. */
function configEffects(key: string | null, value: Arg | null, at: Arg, effects: Effect[], where: Where): void {
  if (key === null) {
    effects.push({ t: "issue", code: "OPAQUE_CODE", message: `git configuration ${at.source} may make git run a program`, span: at.span });
    return;
  }
  const k = key.toLowerCase();
  const v = value?.text ?? null;
  const code = (what: string): void => void effects.push({ t: "issue", code: "OPAQUE_CODE", message: `git ${key}=${JSON.stringify(what.slice(0, 60))} makes git run a program the guard does not see`, span: at.span });
  if (CODE_KEY.test(k) || (/^submodule\..*\.update$/.test(k) && (v === null || v.startsWith("!"))) || (/^protocol\.(ext\.)?allow$/.test(k) && v !== "never" && v !== "user")) {
    code(v ?? "…");
    return;
  }
  if (TOOL_KEY.test(k) && value !== null && toolIsPath(v)) {
    code(v ?? "…");
    return;
  }
  const path = (arg: Arg, kind: AccessKind) => {
    // git expands a leading ~ in path settings itself; the guard does not follow that here.
    effects.push(...pathsAt(arg.text !== null && arg.text.startsWith("~") ? withValue(arg, null, `git expands ${arg.text} itself`) : arg, kind, where));
  };
  const insteadOf = INSTEAD_OF.exec(key);
  // A remote's bare name (`origin`) is not a path.
  const named = REMOTE_NAME_KEY.test(k) && value !== null && (v === null || /[/~]|^\./.test(v));
  const repo = insteadOf ? withValue(at, insteadOf[1]!, "") : REPO_KEY.test(k) || named ? value : null;
  if (repo) {
    if (repo.text !== null && /^ext::/i.test(repo.text)) return code(repo.text);
    const loc = locate(repo.text);
    if (loc.t !== "remote") path(loc.t === "local" ? withValue(repo, loc.path, "") : repo, where.push || /push(url|insteadof)$/.test(k) ? "write" : "read");
    return;
  }
  if (!value) return;
  // git 2.39 reads trace2.* only from the system and global files; others may not, and the
  // value is judged wherever it is set.
  if (/^trace2\.(normal|perf|event)target$/.test(k)) {
    const file = traceFile(value);
    if (file) path(file, "write");
  } else if (k === "user.signingkey") {
    // With gpg.format=ssh the key may be a file; a GPG key id or a literal `key::…` never is.
    if (v === null || (!/^(key::|ssh-)/.test(v) && /^[~.]|\//.test(v))) path(value, "read");
  } else if (WRITE_KEY.test(k)) path(value, "write");
  // A pinned key given as its hashes is not a file.
  else if (READ_KEY.test(k) && !v?.startsWith("sha256//")) path(value, "read");
}

function splitAssignment(a: Arg): { key: string | null; value: Arg | null } {
  if (a.text === null) return { key: null, value: null };
  const eq = a.text.indexOf("=");
  if (eq < 0) return { key: a.text, value: null };
  return { key: a.text.slice(0, eq), value: withValue(a, a.text.slice(eq + 1), "") };
}

/** `git clone -c key=value`: checked like a configuration setting of the new repository. */
const cloneConfig: Custom = (ctx) => {
  const out: Effect[] = [];
  for (const it of optionItems(ctx, "-c", "--config")) {
    if (!it.value) continue;
    const { key, value } = splitAssignment(it.value);
    configEffects(key, value, it.value, out, { base: it.base, top: null, push: false });
  }
  for (const e of out) ctx.emit(e);
};

// ---------------------------------------------------------------------------------------
// Subcommand hooks

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
  return ctx.operands.length === 0 && optionItems(ctx, "-b", "-B", "-c", "-C", "--create", "--force-create").some((it) => it.value !== null);
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
  if (loc.t === "local" && /^\.|^[^/].*\//.test(loc.path) && top !== null) ctx.role(withValue(a, loc.path, ""), role, top);
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
  for (const v of optionValues(ctx, "-t", "--tool")) if (toolIsPath(v.text)) issue(ctx, "OPAQUE_CODE", `git ${ctx.name.slice(4)} --tool=${v.source} runs the script that name leads to`, v.span);
};

/** A subcommand: its options and operands, and the role of pathspecs after `--`. */
interface GitSub extends TableSpec {
  readonly pathspec?: RoleSpec;
}

// The file's pathspecs are judged by the git analyser (pathspecsFromFile), in the subcommand's pathspec role.
const pathspecFile: Record<string, OptionSpec> = { "--pathspec-from-file": none, "--pathspec-file-nul": flag };
const message: Record<string, OptionSpec> = { "-m": none, "--message": none, "-F": read, "--file": read };
const strategy: Record<string, OptionSpec> = { ...each(none, "-s", "--strategy", "-X", "--strategy-option"), ...each(optionalNone, "-S", "--gpg-sign") };

const DIFF_FLAGS = [
  "-p", "-u", "-s", "--raw", "--patch", "--no-patch", "--patch-with-raw", "--patch-with-stat", "-t", "--name-only", "--name-status", "--numstat", "--shortstat", "--summary",
  "-z", "--full-index", "--binary", "--find-copies-harder", "-D", "--irreversible-delete", "--pickaxe-all", "--pickaxe-regex", "-R", "-a", "--text", "--ignore-space-at-eol",
  "-b", "-w", "--ignore-all-space", "--ignore-space-change", "--ignore-blank-lines", "--ignore-cr-at-eol", "-W", "--function-context", "--exit-code", "--quiet", "--ext-diff",
  "--no-ext-diff", "--textconv", "--no-textconv", "--no-prefix", "--default-prefix", "--ita-invisible-in-index", "--no-color", "--no-renames", "--rename-empty", "--check",
  "--patience", "--histogram", "--minimal", "--indent-heuristic", "--no-indent-heuristic", "--compact-summary", "--merge-base", "--cached", "--staged", "--base", "--ours",
  "--theirs", "--no-color-moved", "--no-relative", "--color-words", "--no-stat",
];
const DIFF_OPTIONS: Record<string, OptionSpec> = {
  ...each(optionalNone, "--stat", "--dirstat", "--abbrev", "-B", "--break-rewrites", "-M", "--find-renames", "-C", "--find-copies", "--relative", "--ignore-submodules",
    "--color", "--color-moved", "--word-diff", "--submodule", "-X"),
  ...each(none, "-l", "--diff-filter", "-S", "-G", "--find-object", "-I", "--ignore-matching-lines", "--inter-hunk-context", "--src-prefix", "--dst-prefix", "--line-prefix",
    "-U", "--unified", "--output-indicator-new", "--output-indicator-old", "--output-indicator-context", "--color-moved-ws", "--word-diff-regex", "--ws-error-highlight",
    "--anchored", "--diff-algorithm", "--stat-width", "--stat-name-width", "--stat-count", "--stat-graph-width", "--diff-merges"),
  "-O": read, "--output": write,
  "--no-index": { modes: ["noindex"] },
};
const LOG_FLAGS = [
  "--all-match", "--invert-grep", "-i", "--regexp-ignore-case", "-E", "-F", "-P", "--basic-regexp", "--extended-regexp", "--fixed-strings", "--perl-regexp", "--remove-empty",
  "--merges", "--no-merges", "--first-parent", "--not", "--all", "--reflog", "--alternate-refs", "--single-worktree", "--ignore-missing", "--bisect", "--stdin", "--cherry-mark",
  "--cherry-pick", "--left-only", "--right-only", "--cherry", "-g", "--walk-reflogs", "--merge", "--boundary", "--simplify-by-decoration", "--full-history", "--dense",
  "--sparse", "--simplify-merges", "--date-order", "--author-date-order", "--topo-order", "--reverse", "--do-walk", "--oneline", "--no-expand-tabs", "--no-notes",
  "--show-signature", "--relative-date", "--parents", "--children", "--left-right", "--graph", "--no-decorate", "--clear-decorations", "--source", "--use-mailmap", "--mailmap",
  "--no-mailmap", "--full-diff", "--log-size", "--follow", "--abbrev-commit", "--no-abbrev-commit", "-m", "-c", "--cc", "--dd", "--no-diff-merges", "--remerge-diff",
  "--show-pulls", "--count", "--no-walk", "--no-graph", "--name-only",
];
const LOG_OPTIONS: Record<string, OptionSpec> = {
  ...DIFF_OPTIONS,
  ...each(none, "-n", "--max-count", "--skip", "--since", "--after", "--until", "--before", "--since-as-filter", "--author", "--committer", "--grep", "--grep-reflog",
    "--min-parents", "--max-parents", "--glob", "--exclude", "--format", "--encoding", "--date", "--decorate-refs", "--decorate-refs-exclude", "-L", "--max-age", "--min-age"),
  ...each(optionalNone, "--branches", "--tags", "--remotes", "--ancestry-path", "--pretty", "--expand-tabs", "--notes", "--show-notes", "--show-linear-break", "--decorate", "--no-walk"),
};
const logLike = (extra: Partial<GitSub> = {}): GitSub => ({
  names: [], numeric: true, flags: "", long: [...DIFF_FLAGS, ...LOG_FLAGS], options: LOG_OPTIONS, operands: { all: "none" },
  custom: revsOrPaths("read"), ...extra,
});

const BRANCH_LIKE: GitSub = { names: [], operands: { all: "none" }, unknownOptions: "none", options: { "-F": read, "--file": read } };
// Their options that take values and every short flag are listed, so a cluster such as
// `-aF FILE` is parsed letter by letter (git 2.39 tag(1), notes(1)): an unknown letter would
// hide the file read after it.
const TAG: GitSub = {
  ...BRANCH_LIKE, flags: "asfdvlie",
  options: {
    ...BRANCH_LIKE.options, "-m": none, "--message": none, ...each(none, "-u", "--local-user", "--sort", "--format", "--cleanup", "--trailer", "--points-at"),
    ...each(optionalNone, "-n", "--color", "--column", "--contains", "--no-contains", "--merged", "--no-merged"),
  },
};
const NOTES: GitSub = {
  ...BRANCH_LIKE, flags: "fvqne",
  options: {
    ...BRANCH_LIKE.options, ...each(none, "-m", "--message", "-C", "--reuse-message", "-c", "--reedit-message", "-s", "--strategy", "--ref", "--for-rewrite"),
    "--separator": optionalNone,
  },
};

const GIT_SUBS: Readonly<Record<string, GitSub>> = {
  // Reading history and the tree.
  log: logLike(), show: logLike(), whatchanged: logLike(), reflog: logLike(), shortlog: logLike(), "range-diff": logLike(), cherry: logLike(), "show-branch": logLike(),
  "rev-list": logLike(), "diff-tree": logLike(), "diff-index": logLike(), "diff-files": logLike(),
  diff: logLike({
    custom: (ctx) => (ctx.modes.has("noindex") ? ctx.operands.forEach((a) => ctx.role(a, "read")) : revsOrPaths("read")(ctx)),
  }),
  difftool: logLike({
    options: { ...LOG_OPTIONS, "-t": none, "--tool": none, "-x": { value: "none", modes: ["program"] }, "--extcmd": { value: "none", modes: ["program"] } },
    long: [...DIFF_FLAGS, "-y", "--no-prompt", "--prompt", "-d", "--dir-diff", "-g", "--gui", "--trust-exit-code", "--tool-help", "--symlinks", "--no-symlinks"],
    custom: hooks(revsOrPaths("read"), runsProgram(["-x", "--extcmd"]), toolOption),
  }),
  blame: logLike({ options: { ...LOG_OPTIONS, "--contents": read, "-S": read, "--ignore-rev": none, "--ignore-revs-file": read }, long: ["-b", "--root", "--show-stats", "--score-debug", "-f", "--show-name", "-n", "--show-number", "-p", "--porcelain", "--line-porcelain", "-c", "-t", "-l", "-s", "-e", "--show-email", "-w", "--incremental", "--progress", "--color-lines", "--color-by-age"] }),
  annotate: logLike(),
  "format-patch": logLike({
    options: {
      ...LOG_OPTIONS, "-o": { value: "write", modes: ["outdir"] }, "--output-directory": { value: "write", modes: ["outdir"] }, "--stdout": { modes: ["outdir"] },
      "--signature-file": read, "--description-file": read,
      ...each(none, "--subject-prefix", "-v", "--reroll-count", "--to", "--cc", "--in-reply-to", "--signature", "--base", "--suffix", "--start-number", "--add-header", "--interdiff", "--range-diff", "--creation-factor", "--cover-from-description"),
      ...each(optionalNone, "--from", "--attach", "--inline", "--thread", "--rfc"),
    },
    long: [...DIFF_FLAGS, ...LOG_FLAGS, "--cover-letter", "--no-cover-letter", "--numbered-files", "-k", "--keep-subject", "-s", "--signoff", "--no-binary", "--zero-commit", "--progress", "-q", "--quiet", "-n", "--numbered", "-N", "--no-numbered", "--no-thread", "--no-attach", "--no-signature", "--notes"],
    custom: hooks(revsOrPaths("read"), worktree({ default: "write", modes: { outdir: "none" } })),
  }),
  grep: {
    names: [], numeric: true,
    flags: "aiIvwcLlhHnpzEGFPWqr",
    long: ["--cached", "--untracked", "--no-exclude-standard", "--exclude-standard", "--recurse-submodules", "--text", "--textconv", "--no-textconv", "--ignore-case", "--invert-match", "--word-regexp", "--full-name", "--extended-regexp", "--basic-regexp", "--perl-regexp", "--fixed-strings", "--line-number", "--column", "--name-only", "--files-with-matches", "--files-without-match", "--null", "--count", "--break", "--heading", "--show-function", "--function-context", "--and", "--or", "--not", "--all-match", "--quiet", "--only-matching"],
    options: {
      "-e": { value: "none", modes: ["pattern"] }, "-f": { value: "read", modes: ["pattern"] },
      "--no-index": { modes: ["noindex"] },
      ...each(none, "-A", "--after-context", "-B", "--before-context", "-C", "--context", "-m", "--max-count", "--max-depth", "--threads"),
      ...each(optionalNone, "--color", "-O", "--open-files-in-pager"),
    },
    operands: { first: "none", unlessModes: ["pattern"], rest: "none" },
    custom: (ctx) => {
      const files = ctx.modes.has("pattern") ? ctx.operands : ctx.operands.slice(1);
      for (const a of files) if (ctx.modes.has("noindex") || a.text === null || looksLikePath(a.text)) ctx.role(a, "read");
      for (const it of optionItems(ctx, "-O", "--open-files-in-pager")) if (it.value?.text) issue(ctx, "OPAQUE_CODE", `git grep -O runs ${it.value.source}`, it.value.span);
    },
  },
  status: {
    names: [], flags: "sbvz", long: ["--short", "--branch", "--show-stash", "--long", "--verbose", "--no-column", "--ahead-behind", "--no-ahead-behind", "--renames", "--no-renames"],
    options: each(optionalNone, "--porcelain", "-u", "--untracked-files", "--ignored", "--ignore-submodules", "--column", "--find-renames", "-M"),
    operands: { all: "none" }, custom: revsOrPaths("read"),
  },
  "ls-files": {
    names: [], flags: "cdmoiskuzvtf",
    long: ["--cached", "--deleted", "--modified", "--others", "--ignored", "--stage", "--unmerged", "--killed", "--exclude-standard", "--full-name", "--recurse-submodules", "--error-unmatch", "--directory", "--no-empty-directory", "--eol", "--deduplicate", "--sparse", "--debug", "--resolve-undo"],
    options: { "-X": read, "--exclude-from": read, ...each(none, "-x", "--exclude", "--exclude-per-directory", "--format", "--with-tree"), "--abbrev": optionalNone },
    operands: { all: "none" }, pathspec: "list", custom: revsOrPaths("list"),
  },
  "ls-tree": { names: [], flags: "dtrlz", long: ["--long", "--name-only", "--name-status", "--object-only", "--full-name", "--full-tree"], options: { "--format": none, "--abbrev": optionalNone }, operands: { all: "none" } },
  "check-ignore": { names: [], operands: { all: "none" }, custom: revsOrPaths("read") },
  "check-attr": { names: [], operands: { all: "none" }, custom: revsOrPaths("read") },
  ...Object.fromEntries(
    ["describe", "name-rev", "merge-base", "cat-file", "show-ref", "count-objects", "verify-commit", "verify-tag", "fsck", "gc", "prune",
      "pack-refs", "var", "version", "help", "check-ref-format", "column", "mktree", "mktag",
      "write-tree", "rerere", "get-tar-commit-id", "stripspace", "credential", "replace"]
      .map((n) => [n, { names: [], operands: { all: "none" } } satisfies GitSub]),
  ),
  // Their options are mostly flags, but not all (git 2.43: repack --expire-to/--filter-to DIR,
  // rev-parse --resolve-git-dir PATH), so an option not listed is judged as any path.
  repack: { names: [], operands: { all: "none" }, options: { ...each(write, "--expire-to", "--filter-to"), ...each(none, "--cruft-expiration", "--max-cruft-size", "--filter", "--window", "--depth", "--threads", "--window-memory", "--max-pack-size", "--keep-pack", "--geometric", "--unpack-unreachable") } },
  "rev-parse": {
    names: [], operands: { all: "none" }, flags: "q",
    long: ["--verify", "--quiet", "--show-toplevel", "--git-dir", "--absolute-git-dir", "--git-common-dir", "--is-inside-work-tree", "--is-inside-git-dir", "--is-bare-repository", "--is-shallow-repository",
      "--show-cdup", "--show-prefix", "--show-superproject-working-tree", "--shared-index-path", "--show-object-format", "--show-ref-format", "--local-env-vars", "--symbolic", "--symbolic-full-name",
      "--all", "--branches", "--tags", "--remotes", "--sq", "--sq-quote", "--not", "--revs-only", "--no-revs", "--flags", "--no-flags", "--parseopt", "--keep-dashdash", "--stop-at-non-option", "--stuck-long"],
    options: { "--resolve-git-dir": read, ...each(none, "--git-path", "--prefix", "--default", "--since", "--after", "--until", "--before"), ...each(optionalNone, "--short", "--abbrev-ref", "--disambiguate") },
  },
  "for-each-ref": { names: [], operands: { all: "none" }, options: { ...each(none, "--format", "--sort", "--count", "--exclude"), ...each(optionalNone, "--points-at", "--merged", "--no-merged", "--contains", "--no-contains") } },
  ...Object.fromEntries(["update-ref", "symbolic-ref"].map((n) => [n, { names: [], operands: { all: "none" }, options: { "-m": none } } satisfies GitSub])),
  "commit-tree": { names: [], operands: { all: "none" }, options: { "-F": read, "-m": none, "-p": none, "-S": optionalNone, "--gpg-sign": optionalNone } },
  // register/start write the global ~/.gitconfig (and start installs scheduled jobs).
  maintenance: { names: [], operands: { all: "none" }, custom: (ctx) => {
    const verb = ctx.operands[0]?.text;
    if (verb === null || verb === "register" || verb === "unregister" || verb === "start" || verb === "stop") issue(ctx, "OPAQUE_CODE", `git maintenance ${ctx.operands[0]?.source ?? ""} changes the global configuration and scheduled jobs`);
  } },
  // Programs it runs to send mail or to find addresses; --smtp-server with a slash is a sendmail program.
  "send-email": { names: [], operands: { all: "read" }, options: { ...each(none, "--to", "--cc", "--bcc", "--from", "--subject", "--in-reply-to", "--smtp-server-port", "--smtp-user", "--smtp-pass", "--smtp-encryption", "--smtp-domain", "--identity", "--annotate", "--suppress-cc", "--confirm", "--transfer-encoding", "--8bit-encoding"), "--smtp-server": none, "--compose-encoding": none, ...each(none, "--sendmail-cmd", "--to-cmd", "--cc-cmd", "--header-cmd") }, custom: (ctx) => {
    runsProgram(["--sendmail-cmd", "--to-cmd", "--cc-cmd", "--header-cmd"])(ctx);
    for (const v of optionValues(ctx, "--smtp-server")) if (v.text === null || v.text.includes("/")) issue(ctx, "OPAQUE_CODE", `git send-email --smtp-server ${v.source} runs that program`, v.span);
  } },
  branch: BRANCH_LIKE, tag: TAG, notes: NOTES,
  // `git remote add NAME URL`, `set-url NAME URL`: a URL that is a local path is a repository
  // later fetches read, wherever the command that fetches is run from.
  remote: {
    ...BRANCH_LIKE,
    custom: (ctx) => {
      const [verb, ...rest] = ctx.operands;
      if (verb?.text === null) for (const a of rest) repoRole(ctx, a, "read");
      else if (verb?.text === "add" || verb?.text === "set-url") for (const a of rest.slice(1)) repoRole(ctx, a, "read");
    },
  },
  "ls-remote": { names: [], operands: { all: "none" }, options: { ...each(none, "--sort", "-o", "--server-option"), ...each({ value: "none", modes: ["program"] }, "--upload-pack", "--exec") }, custom: hooks(runsProgram(["--upload-pack", "--exec"]), repository("read")) },
  "fetch-pack": { names: [], operands: { all: "none" }, options: { "--depth": none, ...each({ value: "none", modes: ["program"] }, "--upload-pack", "--exec") }, custom: hooks(runsProgram(["--upload-pack", "--exec"]), repository("read")) },
  "hash-object": {
    names: [], flags: "w", long: ["--stdin", "--no-filters", "--literally"], options: { "-t": none, "--path": none, "--stdin-paths": { modes: ["names"] } },
    operands: { all: "read" },
    custom: (ctx) => {
      if (ctx.modes.has("names")) issue(ctx, "UNRESOLVED_WORD", "git hash-object --stdin-paths reads the files named on its standard input");
    },
  },
  "interpret-trailers": {
    names: [], long: ["--trim-empty", "--only-trailers", "--only-input", "--unfold", "--parse", "--no-divider"],
    options: { "--in-place": { modes: ["inplace"] }, ...each(none, "--trailer", "--where", "--if-exists", "--if-missing") },
    operands: { all: { default: "read", modes: { inplace: "write" } } },
  },
  bundle: {
    names: [], flags: "q", long: ["--quiet", "--progress", "--all"], options: { "--version": none },
    operands: { all: "none" },
    custom: (ctx) => {
      const [verb, file] = ctx.operands;
      if (file) ctx.role(file, verb?.text === "create" ? "write" : "read");
    },
  },
  // Changing the index and the working tree.
  add: {
    names: [], flags: "nvfipeuAN", long: ["--dry-run", "--verbose", "--force", "--interactive", "--patch", "--edit", "--update", "--all", "--no-all", "--ignore-removal", "--no-ignore-removal", "--intent-to-add", "--refresh", "--ignore-errors", "--ignore-missing", "--renormalize", "--sparse", "--no-warn-embedded-repo"],
    options: { ...pathspecFile, "--chmod": none },
    operands: { all: "read" },
  },
  stage: { names: [], options: pathspecFile, operands: { all: "read" } },
  rm: {
    names: [], flags: "frnq", long: ["--force", "--dry-run", "--quiet", "--ignore-unmatch", "--sparse"],
    options: { ...pathspecFile, "--cached": { modes: ["cached"] } },
    operands: { all: { default: "write", modes: { cached: "read" } } }, pathspec: { default: "write", modes: { cached: "read" } },
  },
  mv: {
    names: [], flags: "fkv", long: ["--force", "--verbose", "--sparse"], options: { "-n": { modes: ["dry"] }, "--dry-run": { modes: ["dry"] } },
    operands: { all: "write" }, pathspec: "write",
    // Like mv: a moved symlink (or a directory holding one) means something else where it lands.
    custom: (ctx) => {
      if (ctx.modes.has("dry")) return;
      linkNames(ctx, { sourced: true });
      movedNames(ctx, ctx.operands.slice(0, -1));
    },
  },
  restore: {
    names: [], flags: "pqm", long: ["--patch", "--quiet", "--progress", "--no-progress", "--ours", "--theirs", "--merge", "--ignore-unmerged", "--ignore-skip-worktree-bits", "--recurse-submodules", "--no-recurse-submodules", "--overlay", "--no-overlay"],
    options: { ...pathspecFile, "-s": none, "--source": none, "--conflict": none, "-W": { modes: ["worktree"] }, "--worktree": { modes: ["worktree"] }, "-S": { modes: ["staged"] }, "--staged": { modes: ["staged"] } },
    operands: { all: { default: "write", modes: { worktree: "write", staged: "read" } } }, pathspec: { default: "write", modes: { worktree: "write", staged: "read" } },
    // What it restores into the working tree may be a symlink (a tracked `newdir -> ../outside`).
    custom: (ctx) => {
      if (ctx.modes.has("staged") && !ctx.modes.has("worktree")) return;
      ctx.emit({ t: "changes", fs: true, links: true });
      checkedOut(ctx, syntheticArg(ctx.disk.findUp(".git", ctx.start ?? null) ?? ".", ctx.items[0]?.word.span ?? { start: 0, end: 0 }));
    },
  },
  checkout: {
    names: [], flags: "fqmpl", long: ["--quiet", "--force", "--merge", "--detach", "--patch", "--ours", "--theirs", "--no-track", "--progress", "--no-progress", "--recurse-submodules", "--no-recurse-submodules", "--overwrite-ignore", "--ignore-other-worktrees", "--guess", "--no-guess", "--ignore-skip-worktree-bits", "--overlay", "--no-overlay"],
    options: { ...pathspecFile, ...each(none, "-b", "-B", "--orphan", "--conflict"), ...each(optionalNone, "-t", "--track") },
    operands: { all: "none" }, pathspec: "write",
    custom: hooks(revsOrPaths("write"), worktree()),
  },
  switch: {
    names: [], flags: "dfmq", long: ["--detach", "--guess", "--no-guess", "--force", "--discard-changes", "--merge", "--quiet", "--progress", "--no-progress", "--no-track", "--recurse-submodules", "--ignore-other-worktrees"],
    options: { ...each(none, "-c", "--create", "-C", "--force-create", "--orphan", "--conflict"), ...each(optionalNone, "-t", "--track") },
    operands: { all: "none" }, custom: worktree(),
  },
  reset: {
    names: [], flags: "qpN", long: ["--quiet", "--soft", "--mixed", "--patch", "--recurse-submodules", "--no-refresh"],
    options: { ...pathspecFile, ...each({ modes: ["hard"] }, "--hard", "--merge", "--keep") },
    operands: { all: "none" },
    custom: hooks(revsOrPaths("read"), worktree({ default: "none", modes: { hard: "write" } })),
  },
  clean: {
    names: [], flags: "dfinqxX", long: ["--force", "--interactive", "--dry-run", "--quiet"],
    options: { "-e": none, "--exclude": none },
    operands: { all: "write" }, pathspec: "write", custom: worktree("write", false),
  },
  stash: {
    names: [], flags: "pkuaqS", long: ["--patch", "--keep-index", "--no-keep-index", "--include-untracked", "--all", "--quiet", "--staged", "--index", "--only-untracked"],
    options: { ...pathspecFile, "-m": none, "--message": none },
    operands: { all: "none" }, pathspec: "write",
    custom: (ctx) => {
      const sub = ctx.operands[0]?.text;
      if (sub !== "list" && sub !== "show") worktree()(ctx);
    },
  },
  commit: {
    names: [], flags: "apionqvseuz", long: ["--all", "--patch", "--include", "--only", "--no-verify", "--verify", "--quiet", "--verbose", "--signoff", "--edit", "--no-edit", "--amend", "--allow-empty", "--allow-empty-message", "--dry-run", "--short", "--branch", "--long", "--null", "--status", "--no-status", "--reset-author", "--no-post-rewrite", "--interactive"],
    options: {
      ...pathspecFile, ...message, "-t": read, "--template": read,
      ...each(none, "-C", "-c", "--reuse-message", "--reedit-message", "--fixup", "--squash", "--author", "--date", "--cleanup", "--trailer"),
      ...each(optionalNone, "-S", "--gpg-sign", "-u", "--untracked-files", "--porcelain"),
    },
    operands: { all: "read" },
  },
  merge: {
    names: [], flags: "neqv", long: ["--commit", "--no-commit", "--edit", "--no-edit", "--ff", "--no-ff", "--ff-only", "--squash", "--no-squash", "--stat", "--no-stat", "--no-log", "--signoff", "--verify", "--no-verify", "--allow-unrelated-histories", "--rerere-autoupdate", "--abort", "--continue", "--quit", "--autostash", "--quiet", "--verbose", "--progress", "--overwrite-ignore"],
    options: { ...message, ...strategy, "--into-name": none, "--cleanup": none, "--log": optionalNone },
    operands: { all: "none" }, custom: worktree(),
  },
  rebase: {
    names: [], flags: "imqvnfr", long: ["--interactive", "--root", "--autosquash", "--no-autosquash", "--autostash", "--no-autostash", "--continue", "--abort", "--skip", "--quit", "--edit-todo", "--show-current-patch", "--merge", "--apply", "--quiet", "--verbose", "--stat", "--no-stat", "--no-verify", "--verify", "--committer-date-is-author-date", "--ignore-date", "--ignore-whitespace", "--signoff", "--force-rebase", "--fork-point", "--no-fork-point", "--keep-empty", "--update-refs", "--reschedule-failed-exec", "--reapply-cherry-picks", "--allow-empty-message", "--keep-base", "--no-rebase-merges", "--no-update-refs"],
    options: { ...strategy, "--onto": none, "--whitespace": none, "--empty": none, "--trailer": none, "-C": none, "-x": none, "--exec": none, "--rebase-merges": optionalNone },
    operands: { all: "none" },
    custom: hooks(worktree(), (ctx) => {
      // --exec runs its command with the shell after each commit.
      for (const it of optionItems(ctx, "-x", "--exec")) {
        if (it.value) ctx.emit({ t: "code", text: it.value.text, span: it.value.span, label: "git rebase --exec", inProcess: false, ...(it.base !== undefined ? { base: it.base } : {}) });
      }
    }),
  },
  "cherry-pick": {
    names: [], flags: "nexs", long: ["--no-commit", "--edit", "--signoff", "--ff", "--allow-empty", "--allow-empty-message", "--keep-redundant-commits", "--continue", "--abort", "--quit", "--skip", "--rerere-autoupdate"],
    options: { ...strategy, "-m": none, "--mainline": none, "--cleanup": none, "--empty": none },
    operands: { all: "none" }, custom: worktree(),
  },
  revert: {
    names: [], flags: "nes", long: ["--no-commit", "--edit", "--no-edit", "--signoff", "--continue", "--abort", "--quit", "--skip", "--rerere-autoupdate", "--reference"],
    options: { ...strategy, "-m": none, "--mainline": none, "--cleanup": none },
    operands: { all: "none" }, custom: worktree(),
  },
  am: {
    names: [], flags: "3skcqunir", long: ["--3way", "--signoff", "--keep", "--keep-cr", "--no-keep-cr", "--quiet", "--utf8", "--no-utf8", "--scissors", "--no-scissors", "--interactive", "--committer-date-is-author-date", "--ignore-date", "--skip", "--continue", "--resolved", "--abort", "--quit", "--allow-empty", "--reject", "--ignore-whitespace", "--ignore-space-change", "--message-id", "--no-message-id"],
    options: { ...strategy, ...each(none, "-p", "-C", "--whitespace", "--exclude", "--include", "--patch-format", "--empty", "--quoted-cr"), "--directory": { value: "generic" }, "--show-current-patch": optionalNone },
    operands: { all: "read" }, custom: worktree(),
  },
  apply: {
    names: [], flags: "3vqzNR", long: ["--stat", "--numstat", "--summary", "--check", "--index", "--intent-to-add", "--3way", "--reverse", "--reject", "--recount", "--allow-empty", "--inaccurate-eof", "--ignore-space-change", "--ignore-whitespace", "--no-add", "--allow-binary-replacement", "--binary", "--apply", "--verbose", "--quiet", "--ours", "--theirs", "--union"],
    options: {
      ...each({ modes: ["check"] }, "--check", "--stat", "--numstat", "--summary"), "--cached": { modes: ["check"] }, "--apply": { clears: ["check"] },
      ...each(none, "-p", "-C", "--exclude", "--include", "--whitespace"), "--directory": { value: "generic" }, "--build-fake-ancestor": write,
      "--unsafe-paths": { modes: ["unsafe"] },
    },
    operands: { all: "read" },
    custom: (ctx) => {
      if (ctx.modes.has("check")) return;
      worktree()(ctx);
      if (ctx.modes.has("unsafe")) issue(ctx, "UNRESOLVED_PATH", "git apply --unsafe-paths writes the files named inside the patch, wherever they are");
    },
  },
  // Remotes and repositories.
  fetch: {
    names: [], flags: "apPtfkqvmn46", long: ["--all", "--prune", "--prune-tags", "--tags", "--no-tags", "--force", "--keep", "--quiet", "--verbose", "--progress", "--multiple", "--dry-run", "--unshallow", "--update-shallow", "--set-upstream", "--atomic", "--write-fetch-head", "--no-write-fetch-head", "--refetch", "--porcelain", "--append", "--update-head-ok", "--no-recurse-submodules", "--ipv4", "--ipv6", "--show-forced-updates", "--no-show-forced-updates", "--auto-maintenance", "--no-auto-maintenance", "--auto-gc", "--no-auto-gc"],
    options: { ...each(none, "--depth", "--deepen", "--shallow-since", "--shallow-exclude", "--refmap", "-j", "--jobs", "--filter", "--negotiation-tip", "-o", "--server-option", "--recurse-submodules-default"), "--recurse-submodules": optionalNone, ...each({ value: "none", modes: ["program"] }, "--upload-pack") },
    operands: { all: "none" },
    custom: hooks(runsProgram(["--upload-pack"]), (ctx) => {
      // With --multiple every operand is a repository; otherwise only the first.
      for (const [i, a] of ctx.operands.entries()) if (i === 0 || optionItems(ctx, "--multiple").length) repoRole(ctx, a, "read");
    }),
  },
  pull: {
    names: [], flags: "qvnf46", long: ["--quiet", "--verbose", "--commit", "--no-commit", "--edit", "--no-edit", "--ff", "--no-ff", "--ff-only", "--squash", "--no-squash", "--stat", "--no-stat", "--signoff", "--verify", "--no-verify", "--no-rebase", "--autostash", "--no-autostash", "--all", "--append", "--force", "--prune", "--tags", "--no-tags", "--unshallow", "--update-shallow", "--allow-unrelated-histories", "--progress", "--set-upstream", "--ipv4", "--ipv6", "--dry-run", "--no-recurse-submodules"],
    options: { ...strategy, ...each(none, "--depth", "--deepen", "--shallow-since", "--shallow-exclude", "-j", "--jobs", "-o", "--server-option", "--cleanup"), ...each(optionalNone, "-r", "--rebase", "--recurse-submodules", "--log"), ...each({ value: "none", modes: ["program"] }, "--upload-pack") },
    operands: { all: "none" },
    custom: hooks(runsProgram(["--upload-pack"]), repository("read"), worktree()),
  },
  push: {
    names: [], flags: "nfuqvd46", long: ["--all", "--branches", "--mirror", "--tags", "--follow-tags", "--no-follow-tags", "--delete", "--dry-run", "--force", "--force-if-includes", "--set-upstream", "--prune", "--atomic", "--no-atomic", "--no-verify", "--verify", "--quiet", "--verbose", "--progress", "--porcelain", "--thin", "--no-thin", "--ipv4", "--ipv6", "--no-signed"],
    options: { ...each(none, "-o", "--push-option", "--recurse-submodules"), ...each(optionalNone, "--force-with-lease", "--signed"), ...each({ value: "none", modes: ["program"] }, "--receive-pack", "--exec"), "--repo": none },
    operands: { all: "none" },
    custom: hooks(runsProgram(["--receive-pack", "--exec"]), repository("write"), (ctx) => {
      for (const v of optionValues(ctx, "--repo")) repoRole(ctx, v, "write");
    }),
  },
  clone: {
    names: [], flags: "nlsqv46", long: ["--no-checkout", "--bare", "--mirror", "--local", "--no-hardlinks", "--shared", "--dissociate", "--quiet", "--verbose", "--progress", "--single-branch", "--no-single-branch", "--no-tags", "--shallow-submodules", "--no-shallow-submodules", "--sparse", "--also-filter-submodules", "--remote-submodules", "--no-remote-submodules", "--reject-shallow", "--no-reject-shallow"],
    options: {
      ...each(none, "-b", "--branch", "--depth", "-o", "--origin", "--shallow-since", "--shallow-exclude", "--filter", "-j", "--jobs", "--server-option", "--ref-format", "--revision"),
      "--bundle-uri": { value: "generic" },
      "--reference": none, "--reference-if-able": none, "--separate-git-dir": write, "--template": read,
      "-c": none, "--config": none, "--recurse-submodules": optionalNone,
      ...each({ value: "none", modes: ["program"] }, "-u", "--upload-pack"),
    },
    operands: { positional: ["none", "write"] },
    custom: hooks(runsProgram(["-u", "--upload-pack"]), cloneConfig, (ctx) => {
      // clone opens its source from where it starts: there is no working tree yet.
      if (ctx.operands[0]) localRole(ctx, ctx.operands[0], "read");
      for (const v of optionValues(ctx, "--reference", "--reference-if-able")) localRole(ctx, v, "read");
      // Without a directory the clone lands in a new directory here.
      if (ctx.operands.length < 2) ctx.role(syntheticArg(".", ctx.items[0]?.word.span ?? { start: 0, end: 0 }), "write");
      ctx.emit({ t: "changes", fs: true, links: true });
      // The new working tree may hold symlinks: in the directory named, or the one git names
      // after the repository (`…/b.git` → `b`), or, when that is not clear, anywhere here.
      const [repo, dir] = ctx.operands;
      const named = repo?.text?.replace(/\/+$/, "").replace(/\/\.git$/, "").replace(/\.git$/, "").split(/[/:]/).pop() ?? "";
      checkedOut(ctx, dir ?? (repo && named !== "" && named !== "." && named !== ".." ? withValue(repo, named, "") : syntheticArg(".", spanOf(ctx))));
    }),
  },
  init: {
    names: [], flags: "q", long: ["--quiet", "--bare"],
    options: { "--template": read, "--separate-git-dir": write, ...each(none, "-b", "--initial-branch", "--object-format", "--ref-format"), "--shared": optionalNone },
    operands: { all: "write", defaultOperand: "." },
  },
  submodule: {
    names: [], flags: "qf", long: ["--quiet", "--force", "--init", "--remote", "--no-fetch", "--checkout", "--merge", "--rebase", "--recursive", "--cached", "--files", "--recommend-shallow", "--no-recommend-shallow", "--single-branch", "--no-single-branch", "--all", "--progress", "--dissociate", "--filter"],
    options: { ...each(none, "-b", "--branch", "--name", "--depth", "-j", "--jobs", "-n", "--summary-limit"), "--reference": { value: "generic" }, ...each({ value: "none", modes: ["program"] }, "--upload-pack") },
    operands: { all: "none" },
    custom: (ctx) => {
      const sub = ctx.operands[0]?.text;
      if (sub === "add") {
        const [, repo, path] = ctx.operands;
        if (repo) repoRole(ctx, repo, "read");
        if (path) ctx.role(path, "write");
        else worktree()(ctx);
      } else if (sub === "update" || sub === "init" || sub === "deinit" || sub === "absorbgitdirs" || sub === "sync") worktree()(ctx);
    },
  },
  worktree: {
    names: [], flags: "fqb", long: ["--force", "--detach", "--checkout", "--no-checkout", "--lock", "--orphan", "--track", "--no-track", "--guess-remote", "--no-guess-remote", "--quiet", "--porcelain", "--verbose", "-v", "-z", "-n", "--dry-run"],
    options: { ...each(none, "-b", "-B", "--reason", "--expire") },
    operands: { all: "none" },
    custom: (ctx) => {
      const [sub, ...rest] = ctx.operands;
      const writes = sub?.text === "add" || sub?.text === "remove" ? rest.slice(0, 1) : sub?.text === "move" ? rest.slice(0, 2) : sub?.text === "repair" ? rest : [];
      for (const p of writes) ctx.role(p, "write");
      if (writes.length) ctx.emit({ t: "changes", fs: true, links: true });
    },
  },
  "sparse-checkout": {
    names: [], long: ["--cone", "--no-cone", "--sparse-index", "--no-sparse-index", "--skip-checks", "--stdin", "--end-of-options"],
    operands: { all: "none" },
    custom: (ctx) => {
      if (ctx.operands[0]?.text !== "list" && ctx.operands[0]?.text !== "check-rules") worktree()(ctx);
    },
  },
  archive: {
    names: [], numeric: true, flags: "lv", long: ["--list", "--verbose", "--worktree-attributes"],
    options: { "-o": write, "--output": write, "--add-file": read, "--remote": none, ...each(none, "--prefix", "--format", "--add-virtual-file", "--mtime"), ...each({ value: "none", modes: ["program"] }, "--exec") },
    operands: { all: "none" },
    custom: hooks(runsProgram(["--exec"]), (ctx) => {
      for (const v of optionValues(ctx, "--remote")) repoRole(ctx, v, "read");
    }),
  },
  mergetool: { names: [], flags: "yg", long: ["--no-prompt", "--prompt", "--gui", "--no-gui", "--tool-help"], options: { "-t": none, "--tool": none, "-O": read }, operands: { all: "none" }, custom: hooks(worktree(), toolOption) },
  "filter-branch": { names: [], operands: { all: "none" }, unknownOptions: "none", custom: (ctx) => issue(ctx, "OPAQUE_CODE", "git filter-branch runs its filters as shell code") },
};

/** What a name means as a subcommand, with table shorthands expanded. */
const SUBS: ReadonlyMap<string, { readonly spec: CommandSpec; readonly pathspec: RoleSpec }> = new Map(
  Object.entries(GIT_SUBS).map(([name, sub]) => {
    const options: Record<string, OptionSpec> = {};
    for (const c of sub.flags ?? "") options["-" + c] = {};
    for (const l of sub.long ?? []) options[l] = {};
    if (sub.numeric) options["-N"] = {};
    Object.assign(options, sub.options ?? {});
    const { flags: _f, long: _l, numeric: _n, pathspec, ...rest } = sub;
    void _f;
    void _l;
    void _n;
    // git's own parser takes long options only in full here: an unknown one stays unknown.
    const spec: CommandSpec = { style: "gnu", abbreviations: false, ...rest, names: [name], options };
    return [name, { spec, pathspec: pathspec ?? "read" }];
  }),
);

// ---------------------------------------------------------------------------------------
// The command

const GIT_GLOBAL: CommandSpec = {
  names: ["git"],
  style: "posix",
  options: GIT_GLOBAL_OPTIONS,
  operands: { all: "none" },
  custom: (ctx) => {
    for (const it of optionItems(ctx, "--exec-path")) if (it.value) issue(ctx, "OPAQUE_CODE", `git --exec-path=${it.value.source} runs git's programs from there`, it.value.span);
  },
};

/** Environment variables that make git run a program or work elsewhere. */
const GIT_ENV_CODE = [
  "GIT_SSH_COMMAND", "GIT_SSH", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_PAGER", "GIT_EXTERNAL_DIFF", "GIT_ASKPASS", "GIT_PROXY_COMMAND", "GIT_EXEC_PATH", "GIT_CONFIG_PARAMETERS",
  "GIT_CONFIG_COUNT", "GIT_TEMPLATE_DIR", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_MAN_VIEWER", "GIT_DIFFTOOL_EXTCMD",
  // git 2.39 runs the fsmonitor hook this names in place of core.fsmonitor (fsmonitor.c).
  "GIT_TEST_FSMONITOR", "GIT_CONFIG",
];
const GIT_ENV_WRITE = ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR", "GIT_SHALLOW_FILE"];
/** Files git (and its https transport) reads; the alternates are a `:`-separated list. */
const GIT_ENV_READ = ["GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_GRAFT_FILE", "GIT_SSL_CAINFO", "GIT_SSL_CAPATH", "GIT_SSL_CERT", "GIT_SSL_KEY", "GIT_PROXY_SSL_CAINFO", "GIT_PROXY_SSL_CERT", "GIT_PROXY_SSL_KEY"];

function envEffects(call: Call, where: Where): Effect[] {
  const effects: Effect[] = [];
  const known = (name: string): Arg | null => {
    const v = call.world.getVar(name);
    if (v === undefined || v.k === "unset") return null;
    return withValue(call.nameArg, v.k === "str" ? v.v : null, `$${name} is not known`);
  };
  for (const name of GIT_ENV_CODE) {
    if (known(name)) effects.push({ t: "issue", code: "OPAQUE_CODE", message: `git with ${name} set runs a program or reads configuration the guard does not see`, span: call.span });
  }
  // git-difftool--helper takes the tool from GIT_DIFF_TOOL (as from diff.tool).
  const tool = known("GIT_DIFF_TOOL");
  if (tool && toolIsPath(tool.text)) effects.push({ t: "issue", code: "OPAQUE_CODE", message: "git with GIT_DIFF_TOOL naming a path runs the script there", span: call.span });
  // GIT_ALLOW_PROTOCOL naming ext lets a URL run a command.
  const allow = known("GIT_ALLOW_PROTOCOL");
  if (allow && (allow.text === null || allow.text.split(":").includes("ext"))) {
    effects.push({ t: "issue", code: "OPAQUE_CODE", message: "git with GIT_ALLOW_PROTOCOL set may run the command of an ext:: URL", span: call.span });
  }
  for (const name of GIT_ENV_WRITE) {
    const arg = known(name);
    if (arg) effects.push(...pathsAt(arg, "write", where));
  }
  for (const name of GIT_ENV_READ) {
    const arg = known(name);
    if (!arg) continue;
    // An alternate may be C-quoted; that form is not unquoted here.
    const list = name !== "GIT_ALTERNATE_OBJECT_DIRECTORIES" || arg.text === null
      ? [arg]
      : arg.text.split(":").filter((p) => p !== "").map((p) => withValue(arg, p.includes('"') ? null : p, `git unquotes ${p}`));
    for (const p of list) effects.push(...pathsAt(p, "read", where));
  }
  // Every GIT_TRACE* variable whose value is a file or socket: git writes its trace there.
  for (const name of [...call.world.varNames()].filter((n) => n.startsWith("GIT_TRACE"))) {
    const arg = known(name);
    const file = arg ? traceFile(arg) : null;
    if (file) effects.push({ t: "path", arg: file, kind: "write" });
  }
  return effects;
}

/** `--pathspec-from-file=F` (`-`: standard input), one pathspec a line or NUL-terminated: each judged in the pathspec role. */
function pathspecsFromFile(sub: { readonly spec: CommandSpec; readonly pathspec: RoleSpec }, words: readonly Arg[], call: Call, base: Base): Effect[] {
  const parsed = parseWords(sub.spec, words, call.world, base, false);
  const role = roleOf(sub.pathspec, parsed.modes);
  if (role === "none") return [];
  const kind: AccessKind = role === "read" || role === "write" || role === "list" ? role : "unknown";
  const nul = parsed.items.some((i) => i.t === "option" && i.name === "--pathspec-file-nul");
  return parsed.items.flatMap((i): Effect[] => {
    if (i.t !== "option" || i.name !== "--pathspec-from-file" || !i.value) return [];
    const v = i.value;
    const what = `git --pathspec-from-file reads its pathspecs from ${v.text === "-" ? "its standard input" : v.source}, which the guard cannot see`;
    return [{ t: "names", from: v.text === "-" ? null : v, kind, separator: nul ? "\0" : "\n", what, span: v.span, reserved: { prefix: ":", meaning: "pathspec magic" }, ...(base === undefined ? {} : { base }) }];
  });
}

function pathEffect(arg: Arg, role: RoleSpec, modes: ReadonlySet<string>, base: Base): Effect[] {
  const r = roleOf(role, modes);
  const baseField = base === undefined ? {} : { base };
  if (r === "none") return [];
  if (r === "generic") return [{ t: "generic", arg, operand: true }];
  if (r === "read" || r === "write" || r === "list" || r === "unknown") return [{ t: "path", arg, kind: r, ...baseField }];
  return [{ t: "generic", arg, operand: true }];
}

function homeOf(call: Call): string | null {
  const v = call.world.getVar("HOME");
  if (v === undefined) return call.home;
  return v.k === "str" ? v.v : null;
}

/** git config: a setting that runs programs is code; --global/--system/--file name the file written. */
function gitConfig(call: Call, args: readonly Arg[], base: Base): Effect[] {
  const spec: CommandSpec = {
    names: ["git config"], style: "gnu",
    options: {
      ...each({ modes: ["global"] }, "--global"), "--system": { modes: ["system"] }, "--local": flag, "--worktree": flag,
      "-f": { value: "none", modes: ["file"] }, "--file": { value: "none", modes: ["file"] }, "--blob": none,
      // --add and --replace-all (like `set`, with or without --append/--all) store KEY VALUE;
      // the others remove or rename what is there, or open the file in the editor.
      ...each({ modes: ["write", "store"] }, "--add", "--replace-all"),
      ...each({ modes: ["write"] }, "--unset", "--unset-all", "--remove-section", "-e", "--edit"),
      "--rename-section": { modes: ["write", "rename"] },
      ...each({ modes: ["read"] }, "--get", "--get-all", "--get-regexp", "--get-urlmatch", "-l", "--list", "--get-color", "--get-colorbool"),
      ...each(none, "--type", "--default", "--comment", "--value", "--url"),
      ...each(flag, "--bool", "--int", "--bool-or-int", "--path", "--expiry-date", "-z", "--null", "--name-only", "--show-origin", "--show-scope", "--includes", "--no-includes", "--fixed-value", "--all", "--regexp", "--append"),
    },
    operands: { all: "none" },
  };
  const parsed = parseWords(spec, args, call.world, base, false);
  const effects = applySpec("git config", spec, args, call.world, call.span, base, call.disk).effects.filter((e) => e.t !== "changes");
  let ops = parsed.items.filter((i) => i.t === "operand").map((i) => i.word);
  let writes: boolean;
  const verb = ops[0]?.text;
  if (verb && ["get", "list"].includes(verb)) {
    writes = false;
    ops = ops.slice(1);
  } else if (verb && ["set", "unset", "rename-section", "remove-section", "edit"].includes(verb)) {
    writes = true;
    ops = ops.slice(1);
  } else writes = parsed.modes.has("write") || (!parsed.modes.has("read") && ops.length >= 2);
  if (writes && ops[0] && !parsed.modes.has("read")) {
    const key = ops[0].text;
    if (verb === "set" || parsed.modes.has("store") || (!parsed.modes.has("write") && verb !== "unset")) configEffects(key, ops[1] ?? null, ops[0], effects, { base, top: call.disk.findUp(".git", base ?? null), push: false });
    // Renaming a section gives the values already in it new keys, which the guard cannot see
    // (`foo.hookspath` renamed into `core`): any of them may be one that runs a program.
    if ((verb === "rename-section" || parsed.modes.has("rename")) && ops[1]) configEffects(null, null, ops[1], effects, { base, top: null, push: false });
  }
  const baseField = base === undefined ? {} : { base };
  const file = parsed.items.find((i) => i.t === "option" && (i.name === "-f" || i.name === "--file"));
  if (file && file.t === "option" && file.value) effects.push({ t: "path", arg: file.value, kind: writes ? "write" : "read", ...baseField });
  else if (writes && parsed.modes.has("global")) {
    const home = homeOf(call);
    effects.push({ t: "path", arg: withValue(call.nameArg, home === null ? null : `${home}/.gitconfig`, "the home directory is not known"), kind: "write" });
  } else if (writes && parsed.modes.has("system")) effects.push({ t: "path", arg: withValue(call.nameArg, "/etc/gitconfig", ""), kind: "write" });
  return effects;
}

/** git lfs: install/uninstall change the user's configuration; pull/checkout rewrite the tree. */
function gitLfs(call: Call, args: readonly Arg[], base: Base): Effect[] {
  const words = args.map((a) => a.text);
  const sub = words.find((w) => w === null || !w.startsWith("-"));
  const baseField = base === undefined ? {} : { base };
  if (sub === null) return [{ t: "issue", code: "UNRESOLVED_WORD", message: "git lfs with a subcommand that is not known", span: call.span }];
  if ((sub === "install" || sub === "uninstall") && !words.some((w) => w === "--local" || w === "--worktree" || w === "--system")) {
    const home = homeOf(call);
    return [{ t: "path", arg: withValue(call.nameArg, home === null ? null : `${home}/.gitconfig`, "the home directory is not known"), kind: "write" }];
  }
  if (sub === "pull" || sub === "checkout" || sub === "migrate") return [{ t: "path", arg: syntheticArg(".", call.span), kind: "write", ...baseField }, { t: "links", arg: syntheticArg(".", call.span), tree: true, ...baseField }, { t: "changes", fs: true, links: true }];
  return [];
}

/**
 * A pathspec with magic (gitglossary(7), "pathspec"): `:(top,glob)x` or the short `:/x`, `:!x`.
 * `top` (`/`) resolves what follows from the top of the working tree, which may be above the
 * project; other magic leaves it relative to where git runs. A word that is not a pathspec
 * (a revision such as `:/message`, a value) is judged as this path at worst.
 */
function pathspecMagic(a: Arg, top: string | null): Arg {
  const t = a.text;
  if (t === null || !t.startsWith(":") || t === ":") return a;
  const m = /^:(?:\(([^)]*)\)|([/!^]*):?)([\s\S]*)$/.exec(t);
  if (!m) return a;
  const magic = m[1] !== undefined ? m[1].split(",").map((w) => w.trim()) : [...(m[2] ?? "")];
  const rest = m[3] ?? "";
  if (!magic.includes("top") && !magic.includes("/")) return withValue(a, rest === "" ? "." : rest, "");
  if (top === null) return withValue(a, null, `git resolves ${t} from the top of the working tree, which is not known`);
  return withValue(a, rest === "" ? top : `${top.replace(/\/+$/, "")}/${rest}`, "");
}

function git(call: Call): Effect[] {
  const parsed = parseWords(GIT_GLOBAL, call.args, call.world, undefined, true);
  const subItem = parsed.items.find((i) => i.t === "operand");
  const subIndex = subItem ? call.args.indexOf(subItem.word) : call.args.length;
  const name = subItem ? subItem.word.text : null;
  // A subcommand the table does not know (an alias, a git-NAME program) may push.
  const described = name !== null && (SUBS.has(name) || name === "config" || name === "bisect");
  const where = { top: call.disk.findUp(".git", subItem?.base ?? null), push: !described || name === "push" };
  const effects: Effect[] = envEffects(call, { ...where, base: subItem?.base });
  effects.push(...applySpec("git", GIT_GLOBAL, call.args.slice(0, subIndex), call.world, call.span, undefined, call.disk).effects);
  for (const it of parsed.items) {
    if (it.t !== "option" || !it.value) continue;
    if (it.name === "-c") {
      const { key, value } = splitAssignment(it.value);
      configEffects(key, value, it.value, effects, { ...where, base: it.base });
    } else if (it.name === "--config-env") {
      // `--config-env=KEY=VAR`: the value is $VAR's, known only when the command sets it.
      const t = it.value.text;
      const eq = t?.lastIndexOf("=") ?? -1;
      if (t !== null && eq <= 0) continue;
      const env = t === null ? "" : t.slice(eq + 1);
      const v = call.world.getVar(env);
      const value = withValue(it.value, v?.k === "str" ? v.v : null, `$${env} is not known`);
      configEffects(t === null ? null : t.slice(0, eq), value, it.value, effects, { ...where, base: it.base });
    }
  }
  if (!subItem) return effects;
  const base = subItem.base;
  const baseField = base === undefined ? {} : { base };
  const rest = call.args.slice(subIndex + 1);
  if (name === "config") return [...effects, ...gitConfig(call, rest, base)];
  if (name === "lfs") return [...effects, ...gitLfs(call, rest, base)];
  if (name === "bisect") {
    // git bisect run CMD ARGS…: the command runs at each step; the other verbs check out commits.
    const verb = rest[0]?.text ?? null;
    if (verb === "run" && rest.length > 1) return [...effects, { t: "run", argv: rest.slice(1), inProcess: false, bypassFunctions: true, label: "git bisect run", ...baseField }, { t: "changes", fs: true, links: true }];
    if (verb === "replay" && rest[1]) effects.push({ t: "path", arg: rest[1], kind: "read", ...baseField });
    if (verb !== null && ["log", "visualize", "view", "terms", "help"].includes(verb)) return effects;
    return [...effects, { t: "path", arg: syntheticArg(".", call.span), kind: "write", ...baseField }, { t: "links", arg: syntheticArg(".", call.span), tree: true, ...baseField }, { t: "changes", fs: true, links: true }];
  }
  if (name === "submodule" && rest.some((a) => a.text === "foreach")) {
    const at = rest.findIndex((a) => a.text === "foreach");
    const command = rest.slice(at + 1).filter((a, i, all) => !(a.text !== null && /^(--recursive|-q|--quiet)$/.test(a.text) && all.slice(0, i).every((b) => b.text !== null && b.text.startsWith("-"))));
    const text = command.every((a) => a.text !== null) ? command.map((a) => a.text).join(" ") : null;
    if (command.length) effects.push({ t: "code", text, span: command[0]!.span, label: "git submodule foreach", inProcess: false, ...baseField });
    return effects;
  }
  const sub = name === null ? undefined : SUBS.get(name);
  const words = rest.map((a) => pathspecMagic(a, where.top));
  if (!sub) {
    // An alias or an external git-NAME program: every word may be a path, `--opt=/abs` included.
    effects.push({ t: "changes", fs: true, links: true });
    for (const a of name === null ? [subItem.word, ...rest] : words) effects.push({ t: "generic", arg: a, operand: false });
    return effects;
  }
  const dash = words.findIndex((a) => a.text === "--");
  const before = dash < 0 ? words : words.slice(0, dash);
  const after = dash < 0 ? [] : words.slice(dash + 1);
  effects.push(...applySpec(`git ${name}`, sub.spec, before, call.world, call.span, base, call.disk).effects);
  effects.push(...pathspecsFromFile(sub, before, call, base));
  if (after.length) {
    const parsed = parseWords(sub.spec, before, call.world, base, false);
    for (const a of after) effects.push(...pathEffect(a, sub.pathspec, parsed.modes, base));
    // `git mv -- SRC… DEST`: what moves may be a symlink (as for `git mv SRC DEST`).
    const ops = [...parsed.items.flatMap((i) => (i.t === "operand" ? [i.word] : [])), ...after];
    if (name === "mv" && ops.length > 1 && !parsed.modes.has("dry")) {
      const dest = ops[ops.length - 1]!;
      for (const s of ops.slice(0, -1)) effects.push({ t: "links", arg: dest, entry: s.text, ...(ops.length > 2 ? { into: true } : {}), source: s, ...baseField }, { t: "moves", arg: s, ...baseField });
    }
  }
  return effects;
}

export const VCS_ANALYSERS: readonly Analyser[] = [{ names: ["git"], analyse: git, pipe: [GIT_LISTING] }];
