// git's own configuration, read as git reads it: the project's repository and repositories in
// it (`git -C r/NAME`), each with a `.git/config` that makes git run code. What git runs for a
// setting is judged as the sh code git hands it to; a configuration the guard cannot read as
// git would asks. The project's own repository holds an everyday configuration (a remote, a
// user, git-lfs's filter as `git lfs install --local` writes it, a pager, an editor, a hooks
// directory of the project's, aliases), whose twins must allow.
//
// Oracle notes (git 2.39.5, each run under strace -f in a repository of /tmp):
// - `!` aliases run as `sh -c 'CODE "$@"' CODE ARGS…` from the top of the working tree (run from
//   a subdirectory, `pwd` printed the top); other aliases are split into words and replace the
//   name (`co = checkout` makes `git co -- f` the checkout); builtins win over aliases.
// - core.fsmonitor (not a boolean) ran twice for `git status`, without a terminal.
// - core.pager and pager.<cmd> ran only when standard output was a terminal (`script -qc`: strace
//   showed git execve the pager), never into a pipe, not even with `git -p` (strace: git alone):
//   judged whenever one may be, not with `--no-pager`.
// - core.editor ran for `git commit` without -m (no terminal needed); sequence.editor for
//   `git rebase -i`.
// - core.hooksPath=/tmp/…/hooks: its pre-commit ran for `git commit -m`.
// - diff.<d>.command ran for `git diff`, diff.<d>.textconv for `git diff` and `git log -p`,
//   through `* diff=d` in .gitattributes; filter.<d>.clean for `git add` and `git diff`,
//   filter.<d>.smudge for `git checkout -- FILE` and `git stash`.
// - include.path (absolute, and relative to the including file's directory) was followed;
//   includeIf with a condition that did not hold was not (the guard follows every one).
// - A `.git` file `gitdir: /tmp/…/evil` and a `.git/commondir` naming another git directory
//   made `git w` run that directory's alias.
// - core.worktree = ../../target in a/b/.git/config: git went to a/target (from the git
//   directory), not to target (from the working tree's top).
// - submodule.<name>.update = !CMD ran from .git/config (with the commit as its argument) for
//   `git submodule update`; from .gitmodules git 2.39 refused it ("invalid value").

import { beforeAll } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { table, useSandbox } from "../support/table.ts";

const box = useSandbox();

/** The project's own configuration: what an everyday repository holds. */
const EVERYDAY = `[core]
	repositoryformatversion = 0
	filemode = true
	bare = false
	logallrefupdates = true
	autocrlf = input
	pager = less -FRX
	editor = vim
	hooksPath = .husky
[remote "origin"]
	url = https://github.com/example/project.git
	fetch = +refs/heads/*:refs/remotes/origin/*
[branch "main"]
	remote = origin
	merge = refs/heads/main
[user]
	name = Ann
	email = ann@example.com
[filter "lfs"]
	process = git-lfs filter-process
	required = true
	clean = git-lfs clean -- %f
	smudge = git-lfs smudge -- %f
[alias]
	co = checkout
	st = status --short
	lg = log --oneline -n 5
	last = lg -1
	lp = -p log --oneline
	up = !git fetch origin && git status
	show-file = !cat
`;

/** Repositories inside the project, `r/NAME`: each file under it, by its path there. */
const REPOS: Record<string, Record<string, string>> = {
  alias: { ".git/config": `[alias]
	x = !cat ~/.ssh/id_rsa
	y = x
	show-file = !cat
	wipe = checkout -- ../../../outside
	loop = loop2
	loop2 = loop
` },
  fsmonitor: { ".git/config": "[core]\n\tfsmonitor = cat ~/.ssh/id_rsa\n" },
  "fsmonitor-off": { ".git/config": "[core]\n\tfsmonitor = false\n" },
  // Unquoted, `;` would start a comment: git's pager would be `less`.
  pager: { ".git/config": '[core]\n\tpager = "less; cat ~/.ssh/id_rsa"\n' },
  "pager-comment": { ".git/config": "[core]\n\tpager = less; cat ~/.ssh/id_rsa\n" },
  "pager-log": { ".git/config": "[pager]\n\tlog = cat ~/.ssh/id_rsa #\n\tbranch = false\n" },
  editor: { ".git/config": '[core]\n\teditor = "cp ~/.ssh/id_rsa"\n' },
  sequence: { ".git/config": "[sequence]\n\teditor = cat ~/.ssh/id_rsa >\n" },
  hooks: { ".git/config": "[core]\n\thooksPath = ../../../outside/hooks\n" },
  "hooks-home": { ".git/config": "[core]\n\thooksPath = ~/hooks\n" },
  textconv: { ".git/config": '[diff "x"]\n\ttextconv = cat ~/.ssh/id_rsa \\\n\t\t#\n', ".gitattributes": "* diff=x\n" },
  "diff-command": { ".git/config": "[diff \"x\"]\n\tcommand = sh -c 'cat ../../../outside/secret.txt'\n" },
  filter: { ".git/config": '[filter "x"]\n\tsmudge = cp ~/.ssh/id_rsa leak-%f\n\tclean = cat\n' },
  ssh: { ".git/config": "[core]\n\tsshCommand = ssh -i ~/.ssh/id_rsa -o ProxyCommand='cat ~/.bashrc'\n" },
  url: { ".git/config": '[url "../../../outside/repo.git"]\n\tinsteadOf = https://github.com/\n' },
  remote: { ".git/config": '[remote "origin"]\n\turl = ../../../outside/upstream.git\n' },
  include: { ".git/config": "[include]\n\tpath = ~/.gitconfig-work\n" },
  "include-in": { ".git/config": "[include]\n\tpath = ../shared.cfg\n\tpath = missing.cfg\n",
    "shared.cfg": "[alias]\n\tz = !cat ~/.ssh/id_rsa\n\tok = !echo fine\n" },
  "include-if": { ".git/config": '[includeIf "gitdir:/nowhere/"]\n\tpath = ../../../../outside/evil.cfg\n' },
  gitfile: { ".git": "gitdir: ../../../outside/evil.git\n" },
  "gitfile-in": { ".git": "gitdir: ../alias/.git\n" },
  "gitfile-worktree": { ".git": "gitdir: /srv/main/.git/worktrees/feature\n" },
  common: { ".git/commondir": "../../../../outside/evil.git\n" },
  "common-in": { ".git/commondir": "../../alias/.git\n" },
  submodule: { ".git/config": '[submodule "s"]\n\tupdate = !cat ~/.ssh/id_rsa\n\turl = https://example.com/s.git\n' },
  broken: { ".git/config": "[alias\n\tx = ls\n" },
  // Relative to the git directory: $P/r/worktree/.git/../../../../outside is $O.
  worktree: { ".git/config": "[core]\n\tworktree = ../../../../outside\n" },
  tool: { ".git/config": '[diff]\n\ttool = ./tools/d\n[difftool "x"]\n\tcmd = cat ~/.ssh/id_rsa\n' },
  credential: { ".git/config": "[credential]\n\thelper = !cat ~/.ssh/id_rsa\n\thelper = store\n" },
};

beforeAll(() => {
  const write = (path: string, text: string) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  write(join(box.fx.project, ".git", "config"), EVERYDAY);
  write(join(box.fx.project, ".git", "HEAD"), "ref: refs/heads/main\n");
  mkdirSync(join(box.fx.project, ".husky"));
  for (const [name, files] of Object.entries(REPOS)) {
    for (const [path, text] of Object.entries(files)) write(join(box.fx.project, "r", name, path), text);
    if (files[".git/config"] !== undefined) {
      write(join(box.fx.project, "r", name, ".git", "HEAD"), "ref: refs/heads/main\n");
    }
  }
});

table("git: the project's everyday configuration", box, [
  ["git status", "allow"],
  ["git diff", "allow"],
  ["git log --oneline -5", "allow"],
  ["git commit -m x", "allow"],
  // core.editor = vim, given a file of git's (the message file: the guard stands in HEAD).
  ["git commit", "allow", ["* $P/.git/HEAD"]],
  ["git push", "allow"],
  ["git fetch origin", "allow"],
  ["git checkout -- src/main.ts", "allow", ["write $P/src/main.ts"]],
  // Aliases without `!` are what they expand to.
  ["git co -- src/main.ts", "allow", ["write $P/src/main.ts"]],
  ["git co -- ../outside/secret.txt", "ask", ["write $O/secret.txt"]],
  ["git st", "allow"],
  ["git last", "allow"],
  ["git lp", "allow"],
  ["git up", "allow"],
  // `!` code runs from the top of the working tree, with the command's words after it.
  ["git show-file README.md", "allow", ["read $P/README.md"]],
  ["cd src && git show-file README.md", "allow", ["read $P/README.md"]],
  ["cd src && git show-file ../.env", "ask", ["read $T/work/.env"]],
  ["git show-file ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["git show-file $X", "ask", ["#UNRESOLVED_WORD"]],
  // A name that is neither a subcommand nor an alias is a git-NAME program, as before.
  ["git frobnicate ../outside/x", "ask", ["* $O/x"]],
]);

table("git: configuration that runs code", box, [
  ["git -C r/alias x", "ask", ["read $H/.ssh/id_rsa"]],
  ["cd r/alias && git x", "ask", ["read $H/.ssh/id_rsa"]],
  ["git -C r/alias y", "ask", ["read $H/.ssh/id_rsa"]],
  ["git -C r/alias status", "allow"],
  ["git -C r/alias show-file ../../README.md", "allow", ["read $P/README.md"]],
  ["git -C r/alias show-file ../../../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["git -C r/alias wipe", "ask", ["write $O"]],
  // A loop stops git before it runs anything.
  ["git -C r/alias loop", "allow"],
  ["git -C r/fsmonitor status", "ask", ["read $H/.ssh/id_rsa"]],
  ["git -C r/fsmonitor log", "ask", ["read $H/.ssh/id_rsa"]],
  ["git -C r/fsmonitor-off status", "allow"],
  // git config runs none of what the settings name but the editor; clone and init make a new repository.
  ["git -C r/fsmonitor config user.name", "allow"],
  ["git -C r/fsmonitor clone https://example.com/x.git y", "allow", ["write $P/r/fsmonitor/y"]],
  ["git -C r/editor config -e", "ask", ["read $H/.ssh/id_rsa"]],
  ["git -C r/pager log", "ask", ["read $H/.ssh/id_rsa"]],
  ["git -C r/pager --no-pager log", "allow"],
  ["git -C r/pager-comment log", "allow"],
  ["git -C r/pager -P diff", "allow"],
  ["git -C r/pager-log log", "ask", ["read $H/.ssh/id_rsa"]],
  ["git -C r/pager-log status", "allow"],
  ["git -C r/pager-log branch", "allow"],
  ["git -C r/editor commit", "ask", ["read $H/.ssh/id_rsa"]],
  ["git -C r/sequence rebase -i main", "ask", ["read $H/.ssh/id_rsa"]],
  ["git -C r/hooks commit -m x", "ask", ["exec $O/hooks"]],
  ["git -C r/hooks-home commit -m x", "ask", ["exec $H/hooks"]],
  ["git -C r/textconv diff", "ask", ["read $H/.ssh/id_rsa"]],
  ["git -C r/diff-command log -p", "ask", ["read $O/secret.txt"]],
  ["git -C r/filter checkout -- .", "ask", ["read $H/.ssh/id_rsa"]],
  ["git -C r/ssh push", "ask", ["read $H/.ssh/id_rsa", "read $H/.bashrc"]],
  ["git -C r/ssh status", "allow"],
  ["git -C r/url fetch", "ask", ["read $O/repo.git"]],
  ["git -C r/url status", "allow"],
  ["git -C r/remote push", "ask", ["write $O/upstream.git"]],
  ["git -C r/remote fetch", "ask", ["read $O/upstream.git"]],
  ["git -C r/remote log", "allow"],
  ["git -C r/submodule submodule update", "ask", ["read $H/.ssh/id_rsa"]],
  ["git -C r/submodule status", "allow"],
  ["git -C r/credential push", "ask", ["read $H/.ssh/id_rsa"]],
  // A diff tool that is a path runs the script there; a tool's command runs for difftool alone.
  ["git -C r/tool difftool", "ask", ["#OPAQUE_CODE", "read $H/.ssh/id_rsa"]],
  ["git -C r/tool diff", "allow"],
  // A working tree elsewhere: what git reads and writes there.
  ["git -C r/worktree status", "ask", ["write $O"]],
  ["git -C r/credential commit -m x", "allow"],
]);

table("git: where the configuration comes from", box, [
  // An include that leaves the roots asks, whatever the subcommand.
  ["git -C r/include status", "ask", ["#OPAQUE_CODE"]],
  ["git -C r/include-if status", "ask", ["#OPAQUE_CODE"]],
  // An include inside the roots is read; one that is not there is nothing, as for git.
  ["git -C r/include-in z", "ask", ["read $H/.ssh/id_rsa"]],
  ["git -C r/include-in ok", "allow"],
  ["git -C r/include-in status", "allow"],
  // One an earlier part of the command may have written is not what is on disk.
  ["echo '[alias] q = !ls' > r/include-in/shared.cfg && git -C r/include-in q", "ask", ["#OPAQUE_CODE"]],
  // git's files are read as they are on disk now: git's own work before never writes what
  // runs, and another command's write there asks where it is made.
  ["git checkout main && git status", "allow"],
  ["git pull && git log -1", "allow"],
  ["git checkout main && git commit", "allow"],
  ["git -C r/alias checkout main && git -C r/alias x", "ask", ["read $H/.ssh/id_rsa"]],
  ["cp ../outside/secret.txt .git/config && git status", "ask", ["#PROTECTED_PATH"]],
  ["echo '[alias] x = !ls' >> .git/config && git x", "ask", ["#PROTECTED_PATH"]],
  // A `.git` file or a commondir that leads outside the roots.
  ["git -C r/gitfile status", "ask", ["#OPAQUE_CODE"]],
  ["git -C r/common log", "ask", ["#OPAQUE_CODE"]],
  // …or to another repository inside them, whose configuration is read.
  ["git -C r/gitfile-in x", "ask", ["read $H/.ssh/id_rsa"]],
  ["git -C r/common-in x", "ask", ["read $H/.ssh/id_rsa"]],
  // A linked worktree's `.git` file, as `git worktree add` writes it: the user's repository.
  ["git -C r/gitfile-worktree status", "allow"],
  // A file git would refuse asks too: the guard does not read it as git would.
  ["git -C r/broken status", "ask", ["#OPAQUE_CODE"]],
  // `git -C` and GIT_DIR name the repository whose configuration counts.
  ["GIT_DIR=r/alias/.git git x", "ask", ["read $H/.ssh/id_rsa"]],
  ["git --git-dir=r/fsmonitor/.git status", "ask", ["read $H/.ssh/id_rsa"]],
]);

// However git is started, it reads the configuration of the repository it finds from where it runs.
table("git: the configuration counts however git is started", box, [["env git -C r/alias x", "ask", [
  "read $H/.ssh/id_rsa",
]], ["timeout 5 git -C r/fsmonitor status", "ask", ["read $H/.ssh/id_rsa"]], ["bash -c 'cd r/pager && git log'", "ask",
  ["read $H/.ssh/id_rsa"]], ["(cd r/textconv/sub 2>/dev/null || cd r/textconv; git diff)", "ask", [
  "read $H/.ssh/id_rsa",
]], ["eval 'git -C r/editor commit'", "ask", ["read $H/.ssh/id_rsa"]], ["echo r/alias | xargs -I{} git -C {} x", "ask",
  ["read $H/.ssh/id_rsa"]], ["/usr/bin/git -C r/alias x", "ask", ["read $H/.ssh/id_rsa"]], [
  "sudo git -C r/hooks commit -m x",
  "ask",
  ["exec $O/hooks"],
], ["git -C r/alias -c alias.x=status x", "ask", ["#OPAQUE_CODE"]], [
  "for d in r/alias r/fsmonitor-off; do git -C $d status; done",
  "allow",
]]);
