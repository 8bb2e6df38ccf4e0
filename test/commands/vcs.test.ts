// git: global options, configuration and variables that run programs or name files and
// repositories, revisions vs pathspecs, the working tree each subcommand rewrites, and the
// relative paths git resolves from the top of that tree.

import { beforeAll } from "bun:test";
import { mkdirSync } from "node:fs";
import { table, useSandbox } from "../support/table.ts";

const box = useSandbox();
// A project that is a git working tree: git resolves relative repositories and settings from its top.
const repo = useSandbox();
beforeAll(() => mkdirSync(`${repo.fx.project}/.git`));
// A project in a subdirectory of a larger working tree, whose top is above the project root.
const mono = useSandbox();
beforeAll(() => mkdirSync(`${mono.fx.top}/work/.git`));

table("git global options", box, [["git status", "allow"], ["git -C ~ clean -fdx", "ask", ["write $H", "cwd $H"]], [
  "git -C ~ status",
  "ask",
  ["cwd $H"],
], ["git -C src log", "allow", ["cwd $P/src"]], ["git -C src -C ../docs log -- ../../outside", "ask", ["cwd $P/docs",
  "read $O"]], ["git --work-tree=/ checkout -- .", "ask", ["write /"]], ["git --git-dir=../other/.git log", "ask", [
  "write $T/work/other/.git",
]], ["git --git-dir ~/.dotfiles --work-tree ~ status", "ask", ["write $H/.dotfiles", "write $H"]], [
  "git -c core.hooksPath=/tmp/h commit -m x",
  "ask",
  ["#OPAQUE_CODE"],
], ["git -c alias.x='!rm -rf ~' x", "ask", ["#OPAQUE_CODE"]], ["git -c core.sshCommand='ssh -i k' fetch", "ask", [
  "#OPAQUE_CODE",
]], ["git -c diff.foo.command=evil diff", "ask", ["#OPAQUE_CODE"]], ["git -c filter.lfs.smudge='rm x' checkout main",
  "ask", ["#OPAQUE_CODE"]], ["git -c credential.helper='!cat ~/x' push", "ask", ["#OPAQUE_CODE"]], [
  "git -c protocol.ext.allow=always fetch 'ext::sh -c id'",
  "ask",
  ["#OPAQUE_CODE"],
], ["git -c core.worktree=/ checkout -- .", "ask", ["write /"]], ["git -c core.excludesFile=~/.gitignore status", "ask",
  ["#UNRESOLVED_WORD"]], ["git -c core.excludesFile=../outside/ignore status", "ask", ["read $O/ignore"]], [
  "git -c user.name=x -c user.email=y commit -m 'fix ../'",
  "allow",
], ["git -c color.ui=always -c core.quotepath=off log", "allow"], ["git --exec-path=/tmp/x status", "ask", [
  "#OPAQUE_CODE",
]], ["git --exec-path", "allow"], ["git --no-pager log --oneline -5", "allow"], ["git -P diff --stat", "allow"], [
  "GIT_WORK_TREE=/ git checkout -- .",
  "ask",
  ["write /"],
], ["GIT_DIR=~/.dotfiles git status", "ask", ["write $H/.dotfiles"]], ["GIT_SSH_COMMAND='ssh -i k' git fetch", "ask", [
  "#OPAQUE_CODE",
]], ["git --config-env=core.pager=PAGER log", "ask", ["#OPAQUE_CODE"]], ["git --config-env=user.name=NAME log",
  "allow"], ["X=../outside/secret.txt git --config-env=core.excludesFile=X status", "ask", ["read $O/secret.txt"]], [
  "X=.gitignore git --config-env=core.excludesFile=X status",
  "allow",
  ["read $P/.gitignore"],
], ["git --config-env=core.excludesFile=X status", "ask", ["#UNRESOLVED_WORD"]], [
  "X=../outside git --config-env=remote.origin.url=X fetch origin",
  "ask",
  ["read $O"],
], ["X=$O/t git --config-env=trace2.eventTarget=X status", "ask", ["write $O/t"]], [
  "X=/x git --config-env=man.man.path=X help log",
  "ask",
  ["#OPAQUE_CODE"],
], ["X=Ann git --config-env=user.name=X log", "allow"]]);

table("git: trace output", box, [["GIT_TRACE=$O/t git status", "ask", ["write $O/t"]], ["GIT_TRACE2=$O/t3 git status",
  "ask", ["write $O/t3"]], ["GIT_TRACE2_EVENT=$O/dir git status", "ask", ["write $O/dir"]], [
  "GIT_TRACE2_PERF=af_unix:stream:$O/sock git status",
  "ask",
  ["write $O/sock"],
], ["GIT_TRACE_PACKET=$O/p git fetch", "ask", ["write $O/p"]], ["GIT_TRACE_CURL=~/curl.log git fetch", "ask", [
  "write $H/curl.log",
]], ["export GIT_TRACE_SETUP=/tmp/x; git status", "ask", ["write /tmp/x"]], ["GIT_TRACE=$X git status", "ask", [
  "#UNRESOLVED_WORD",
]], ["GIT_TRACE=$P/trace.log git status", "allow", ["write $P/trace.log"]], ["GIT_TRACE=1 git status", "allow"], [
  "GIT_TRACE=2 git status",
  "allow",
], ["GIT_TRACE=true GIT_TRACE2=0 GIT_TRACE_PACKET=5 GIT_TRACE2_EVENT_NESTING=3 git fetch", "allow"], [
  "GIT_TRACE_REDACT=false GIT_TRACE2_CONFIG_PARAMS='core.*' git status",
  "allow",
], ["git -c trace2.normalTarget=$O/n status", "ask", ["write $O/n"]], [
  "git config --local trace2.perfTarget ../outside/p",
  "allow",
], ["git -c trace2.eventTarget=1 status", "allow"]]);

table("git: settings that name a program", box, [["git -c man.man.path=../outside/evil help log", "ask", [
  "#OPAQUE_CODE",
]], ["git -c difftool.vimdiff.path=../outside/evil difftool -y -t vimdiff", "ask", ["#OPAQUE_CODE"]], [
  "git -c mergetool.meld.path=/x mergetool",
  "ask",
  ["#OPAQUE_CODE"],
], ["git -c browser.firefox.path=/x help -w log", "ask", ["#OPAQUE_CODE"]], ["git -c man.woman.cmd=evil help log",
  "ask", ["#OPAQUE_CODE"]], ["git -c web.browser=evil help -w log", "ask", ["#OPAQUE_CODE"]], [
  "git -c include.path=../outside/cfg status",
  "ask",
  ["#OPAQUE_CODE"],
], ["git -c imap.tunnel='sh -c id' imap-send", "ask", ["#OPAQUE_CODE"]], [
  "git -c lfs.customtransfer.x.path=/x lfs pull",
  "ask",
  ["#OPAQUE_CODE"],
], ["git -c gpg.ssh.defaultKeyCommand=evil commit -S -m x", "ask", ["#OPAQUE_CODE"]], [
  "git -c core.alternateRefsCommand=evil fetch",
  "ask",
  ["#OPAQUE_CODE"],
], ["git -c merge.x.driver=evil merge main", "ask", ["#OPAQUE_CODE"]], ["git -c diff.x.textconv=evil log -p", "ask", [
  "#OPAQUE_CODE",
]], ["git -c sequence.editor=../outside/evil rebase -i HEAD~2", "ask", ["exec $O/evil"]], [
  // The editor of this run is the code git hands to sh, judged as a command (git.ts programSetting).
  "git -c sequence.editor=evil rebase -i HEAD~2",
  "allow",
  ["!#OPAQUE_CODE"],
], ["git config mergetool.x.path ../outside/evil", "ask", ["#OPAQUE_CODE"]], ["GIT_MAN_VIEWER=evil git help log", "ask",
  ["#OPAQUE_CODE"]], ["GIT_ALLOW_PROTOCOL=ext git fetch 'ext::sh -c id'", "ask", ["#OPAQUE_CODE"]], [
  "GIT_ALLOW_PROTOCOL=https:ssh git fetch",
  "allow",
], ["git -c diff.tool=vimdiff -c mergetool.keepBackup=false difftool -y", "allow"], [
  "git -c credential.useHttpPath=true fetch",
  "allow",
], ["git config -f .gitmodules submodule.x.path vendor/x", "allow"]]);

table("git: settings and variables that name files", box, [["git -c http.sslCert=../outside/c fetch", "ask", [
  "read $O/c",
]], ["git -c http.https://h.sslKey=../outside/k fetch", "ask", ["read $O/k"]], [
  "git -c http.cookieFile=../outside/c fetch",
  "ask",
  ["write $O/c"],
], ["git -c http.pinnedPubkey=sha256//abc= fetch", "allow"], ["git -c diff.orderFile=../outside/o diff", "ask", [
  "read $O/o",
]], ["git -c fsck.skipList=../outside/s fsck", "ask", ["read $O/s"]], [
  "git -c format.outputDirectory=../outside format-patch -1",
  "ask",
  ["write $O"],
], ["git -c user.signingKey=../outside/k commit -S -m x", "ask", ["read $O/k"]], [
  "git -c user.signingKey=ABCD1234 commit -S -m x",
  "allow",
  ["!read $P/ABCD1234"],
], ["git -c user.signingKey='key::ssh-ed25519 AAAA/+x' commit -S -m x", "allow"], [
  "GIT_COMMON_DIR=../outside git status",
  "ask",
  ["write $O"],
], ["GIT_SSL_CAINFO=../outside/ca git fetch", "ask", ["read $O/ca"]], [
  "GIT_ALTERNATE_OBJECT_DIRECTORIES=objs:../outside git log",
  "ask",
  ["read $O", "read $P/objs"],
]]);

table("git: reading history", box, [
  ["git log origin/main..HEAD", "allow"],
  ["git log --oneline -n 5 -- src", "allow", ["read $P/src"]],
  ["git log -p ./../outside", "ask", ["read $O"]],
  ["git log --format='%H ../x' --author=a/../b --grep '/etc/passwd'", "allow"],
  ["git log --since=2.weeks --graph --all --decorate", "allow"],
  ["git diff HEAD~1", "allow"],
  ["git diff main...feature --stat", "allow"],
  ["git diff ../../x", "ask", ["read $T/x"]],
  ["git diff /etc/passwd", "ask", ["read /etc/passwd"]],
  ["git diff --no-index ../outside/secret.txt README.md", "ask", ["read $O/secret.txt"]],
  ["git diff --no-index a b", "allow", ["read $P/a", "read $P/b"]],
  ["git diff --output=../out.patch", "ask", ["write $T/work/out.patch"]],
  ["git diff --cached -- src/main.ts", "allow"],
  ["git show abc123:src/main.ts", "allow"],
  ["git show HEAD -- ../outside", "ask", ["read $O"]],
  ["git show HEAD:../x", "allow"],
  ["git blame src/main.ts", "allow"],
  ["git blame -- /etc/passwd", "ask", ["read /etc/passwd"]],
  ["git blame --contents ../outside/secret.txt src/main.ts", "ask", ["read $O/secret.txt"]],
  ["git shortlog -sn", "allow"],
  // shortlog's --committer is a flag: the word after it is a revision or a path (strace: lstat).
  ["git shortlog --committer ../outside/x", "ask", ["read $O/x"]],
  ["git grep -e foo -- ../outside", "ask", ["read $O"]],
  ["git grep 'a/b' HEAD -- src", "allow"],
  ["git grep foo ../outside", "ask", ["read $O"]],
  ["git grep -n '/etc/passwd' main", "allow"],
  ["git grep --no-index foo ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["git grep -O'sh -c id' foo", "ask", ["#OPAQUE_CODE"]],
  ["git ls-files -- ../outside", "ask", ["list $O"]],
  ["git ls-files -o --exclude-from=../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["git rev-parse --show-toplevel --abbrev-ref HEAD", "allow"],
  ["git describe --tags --abbrev=0", "allow"],
  ["git cat-file -p HEAD:../x", "allow"],
  ["git status --porcelain", "allow"],
  ["git status -- ../outside", "ask", ["read $O"]],
  ["git branch -D feature/x", "allow"],
  ["git branch --set-upstream-to=origin/main", "allow"],
  ["git tag -a v1 -m 'release ../'", "allow"],
  ["git tag -F ../outside/secret.txt v1", "ask", ["read $O/secret.txt"]],
  ["git remote add origin git@github.com:a/b.git", "allow"],
  ["git remote -v", "allow"],
  ["git reflog", "allow"],
  ["git stash list", "allow", ["!write $P"]],
  ["git stash show -p", "allow", ["!write $P"]],
  ["git hash-object -w ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["git bundle create ~/repo.bundle --all", "ask", ["write $H/repo.bundle"]],
]);

table("git: changing the tree", box, [
  ["git add .", "allow", ["read $P"]],
  ["git add ../outside/x", "ask", ["read $O/x"]],
  ["git add -A -- src", "allow"],
  ["git add --pathspec-from-file=../outside/list", "ask", ["read $O/list"]],
  ["git rm -r --cached ../outside", "ask", ["read $O"]],
  ["git rm ../outside/x", "ask", ["write $O/x"]],
  ["git rm src/main.ts", "allow", ["write $P/src/main.ts"]],
  ["git mv a ../b", "ask", ["write $T/work/b"]],
  ["git restore --staged src", "allow", ["read $P/src"]],
  ["git restore ../outside/x", "ask", ["write $O/x"]],
  ["git checkout -- ../outside/x", "ask", ["write $O/x"]],
  ["git checkout main", "allow", ["write $P"]],
  ["git checkout -b feat/x origin/feat/x", "allow"],
  ["git -C ~/other checkout main", "ask", ["cwd $H/other"]],
  ["git switch -c feat", "allow", ["write $P"]],
  ["git reset --hard", "allow", ["write $P"]],
  ["git -C ~ reset --hard HEAD", "ask", ["write $H"]],
  ["git reset HEAD~1 -- ../x", "ask", ["read $T/work/x"]],
  ["git reset --soft HEAD~1", "allow", ["!write $P"]],
  ["git clean -fdx", "allow", ["write $P"]],
  ["git clean -fd ../outside", "ask", ["write $O"]],
  ["git stash", "allow", ["write $P"]],
  ["git -C ~ stash", "ask", ["write $H"]],
  ["git stash push -m msg -- ../outside", "ask", ["write $O"]],
  ["git stash pop", "allow", ["write $P"]],
  ['git commit -m "fix ../"', "allow"],
  ["git commit -am 'x ~/y'", "allow"],
  ["git commit -F ../outside/msg", "ask", ["read $O/msg"]],
  ["git commit -t ~/tmpl", "ask", ["read $H/tmpl"]],
  ["git commit ../outside/x -m m", "ask", ["read $O/x"]],
  ["git commit --amend --no-edit", "allow"],
  ["git merge origin/main -m 'merge ../x'", "allow", ["write $P"]],
  ["git rebase -i HEAD~3", "allow"],
  ["git rebase --exec 'cat ~/.ssh/id_rsa' HEAD~2", "ask", ["read $H/.ssh/id_rsa"]],
  ["git rebase -x 'make test' main", "allow"],
  ["git cherry-pick abc", "allow", ["write $P"]],
  ["git revert HEAD --no-edit", "allow"],
  ["git am ../outside/x.patch", "ask", ["read $O/x.patch"]],
  ["git apply fix.patch", "allow", ["write $P", "read $P/fix.patch"]],
  ["git apply --check ../outside/x.patch", "ask", ["read $O/x.patch"]],
  ["git apply --stat fix.patch", "allow", ["!write $P"]],
  ["git apply --unsafe-paths x.patch", "ask", ["#UNRESOLVED_PATH"]],
  ["git checkout main && cat link/x", "ask", ["#UNRESOLVED_PATH"]],
  // What git writes may be a symlink (a tracked `x -> ../outside/secret.txt`): a path below the
  // working tree that is not there now is not known. What is there now is taken as it is.
  ["git checkout evil; cat x", "ask", ["#UNRESOLVED_PATH"]],
  ["git restore newdir; cat newdir/secret.txt", "ask", ["#UNRESOLVED_PATH"]],
  ["git checkout main && touch new.ts", "ask", ["#UNRESOLVED_PATH"]],
  ["git pull && cat src/new.ts", "ask", ["#UNRESOLVED_PATH"]],
  ["git reset --hard && cat *.md", "ask", ["#UNRESOLVED_WORD"]],
  ["ln -s ../../outside/secret.txt src/sub/x; git add src/sub/x; git mv src/sub/x build/x; cat build/x", "ask", [
    "#UNRESOLVED_PATH",
  ]],
  ["git checkout main && cat README.md", "allow", ["read $P/README.md"]],
  ["git checkout main && cd src && ls", "allow", ["list $P/src"]],
  ["git stash pop && cat src/main.ts", "allow", ["read $P/src/main.ts"]],
  // A new branch at the current commit leaves the files alone; so does restoring the index.
  ["git checkout -b feat && touch new.ts", "allow", ["write $P/new.ts"]],
  ["git switch -c feat && touch new.ts", "allow", ["write $P/new.ts"]],
  ["git restore --staged x && cat y", "allow", ["read $P/y"]],
  ["git mv docs/guide.md docs/g.md && cat docs/g.md", "allow", ["read $P/docs/g.md"]],
]);

table("git: repositories, configuration, tools", box, [
  // Plumbing whose options are mostly flags: an option the table does not list is judged.
  ["git repack -a -d --cruft --cruft-expiration=now --expire-to=../outside/exp", "ask", ["write $O/exp"]],
  ["git repack -a -d --filter=blob:none --filter-to ../outside/x", "ask", ["write $O/x"]],
  ["git rev-parse --resolve-git-dir ../outside/x", "ask", ["read $O/x"]],
  ["git gc --frobnicate=../outside/x", "ask", ["unknown $O/x"]],
  ["git repack -a -d --depth 50 --window 250", "allow"],
  ['git rev-parse -q --verify "$x"', "allow"],
  ["git rev-parse --abbrev-ref HEAD", "allow"],
  // Not a revision: looked up as a file (strace: newfstatat of it); --verify takes revisions only.
  ["git rev-parse ../outside/x HEAD", "ask", ["read $O/x"]],
  ["git rev-parse -q --verify ../outside/x", "allow"],
  ["git remote show ../outside", "ask", ["read $O"]],
  ["git remote show origin", "allow"],
  ["git for-each-ref --sort -committerdate --format '%(refname:short)' refs/heads/", "allow"],
  ["git symbolic-ref -m 'move to /etc' HEAD refs/heads/main", "allow"],
  ["git gc --aggressive --prune=now", "allow"],
  ["git clone https://github.com/a/b.git", "allow", ["write $P"]],
  ["git clone https://github.com/a/b.git ~/b", "ask", ["write $H/b"]],
  ["git clone ../outside repo2", "ask", ["read $O"]],
  ["git clone git@github.com:a/b.git vendor/b", "allow", ["write $P/vendor/b"]],
  ["git clone file:///etc repo3", "ask", ["read /etc"]],
  ["git clone -u 'sh -c id' x y", "ask", ["#OPAQUE_CODE"]],
  ["git clone -c core.hooksPath=/x https://h/r", "ask", ["#OPAQUE_CODE"]],
  ["git clone --depth 1 --branch v1.0 https://h/r.git", "allow"],
  ["git fetch origin", "allow"],
  ["git fetch ../outside", "ask", ["read $O"]],
  ["git fetch --upload-pack='rm x' origin", "ask", ["#OPAQUE_CODE"]],
  ["git pull origin main", "allow", ["write $P"]],
  ["git pull --rebase", "allow"],
  ["git push origin HEAD:main", "allow"],
  ["git push -u origin feat/../x", "allow"],
  ["git push ../outside main", "ask", ["write $O"]],
  ["git push --force-with-lease origin feat", "allow"],
  ["git init", "allow", ["write $P"]],
  ["git init ~/newrepo", "ask", ["write $H/newrepo"]],
  ["git init --bare ../x.git", "ask", ["write $T/work/x.git"]],
  ["git config user.name x", "allow"],
  ["git config --global user.name x", "ask", ["write $H/.gitconfig"]],
  ["git config --global user.name", "allow"],
  ["git config --global --get user.email", "allow"],
  ["git config --global -l", "ask", ["read $H/.gitconfig"]],
  ["git config set --global user.name x", "ask", ["write $H/.gitconfig"]],
  ["git config --system core.editor vim", "ask", ["write /etc/gitconfig", "#OPAQUE_CODE"]],
  ["git config core.hooksPath .githooks", "ask", ["#OPAQUE_CODE"]],
  ["git config alias.co checkout", "ask", ["#OPAQUE_CODE"]],
  ["git config --file ../outside/cfg a.b c", "ask", ["write $O/cfg"]],
  ["git config -f .gitmodules --get submodule.x.path", "allow", ["read $P/.gitmodules"]],
  ["git config -l", "ask", ["read $H/.gitconfig"]],
  ["git config --local -l", "allow"],
  ["git submodule update --init --recursive", "allow", ["write $P"]],
  ["git submodule add https://x/y.git ../vendor", "ask", ["write $T/work/vendor"]],
  ["git submodule foreach 'cat ~/.bashrc'", "ask", ["read $H/.bashrc"]],
  ["git submodule foreach --recursive git pull", "allow"],
  ["git worktree add ../wt feat", "ask", ["write $T/work/wt"]],
  ["git worktree add -b feat wt", "allow", ["write $P/wt"]],
  ["git worktree list", "allow"],
  ["git worktree remove ~/wt", "ask", ["write $H/wt"]],
  ["git archive -o ~/x.tgz HEAD", "ask", ["write $H/x.tgz"]],
  ["git archive --format=tar HEAD src | gzip > a.tgz", "allow"],
  ["git archive --exec='rm x' --remote=r HEAD", "ask", ["#OPAQUE_CODE"]],
  ["git format-patch -o ~/patches HEAD~3", "ask", ["write $H/patches"]],
  ["git format-patch -1 HEAD", "allow", ["write $P"]],
  ["git format-patch --stdout HEAD~1", "allow", ["!write $P"]],
  ["git bisect run make test", "allow"],
  ["git bisect run rm -rf ~/x", "ask", ["write $H/x"]],
  ["git bisect start HEAD v1.0", "allow", ["write $P"]],
  ["git bisect log", "allow", ["!write $P"]],
  ["git bisect replay ../outside/log", "ask", ["read $O/log"]],
  ["git lfs install", "ask", ["write $H/.gitconfig"]],
  ["git lfs install --local", "allow"],
  ["git lfs pull", "allow", ["write $P"]],
  ["git lfs track '*.psd'", "allow"],
  ["git sparse-checkout set src", "allow", ["write $P"]],
  ["git filter-branch --tree-filter 'rm x' HEAD", "ask", ["#OPAQUE_CODE"]],
  ["git difftool -x 'rm x' HEAD", "ask", ["#OPAQUE_CODE"]],
  ["git foo ../outside", "ask", ["* $O"]],
  ["git $SUB", "ask", ["#UNRESOLVED_WORD"]],
]);

table("git: remotes that are local paths", box, [["git remote add o ../outside", "ask", ["read $O"]], [
  "git remote set-url o file:///etc",
  "ask",
  ["read /etc"],
], ["git archive --remote=../outside HEAD", "ask", ["read $O"]], ["git remote add origin git@github.com:x/y.git",
  "allow"], ["git remote add up https://github.com/x/y", "allow"], ["git remote add mirror ../project/docs", "allow"], [
  "git remote -v",
  "allow",
], ["git remote remove o", "allow"], ["git archive --remote=git@example.com:x HEAD", "allow"], [
  "git -c remote.origin.url=../outside fetch origin",
  "ask",
  ["read $O"],
], ["git -c remote.origin.url=../outside push origin", "ask", ["write $O"]], [
  "git -c remote.origin.pushurl=../outside fetch origin",
  "ask",
  ["write $O"],
], ["git -c remote.origin.url=../outside my-alias", "ask", ["write $O"]], [
  "git -c url.../outside.insteadOf=zz fetch zz",
  "ask",
  ["read $O"],
], ["git -c url.../outside.pushInsteadOf=zz push zz", "ask", ["write $O"]], [
  "git -c remote.origin.url=file:///etc fetch origin",
  "ask",
  ["read /etc"],
], ["git -c remote.origin.url='ext::sh -c id' fetch origin", "ask", ["#OPAQUE_CODE"]], [
  "git -c submodule.x.url=../outside submodule update",
  "ask",
  ["read $O"],
], ["git -c lfs.url=../outside lfs push origin", "ask", ["write $O"]], ["git config remote.origin.url ../outside",
  "ask", ["read $O"]], ["git config url.$O/.insteadOf gh:", "ask", ["read $O"]], [
  "git -c remote.origin.url=https://x/y fetch origin",
  "allow",
], ["git -c remote.origin.url=git@github.com:x/y.git push origin", "allow"], [
  "git -c url.https://github.com/.insteadOf=gh: fetch gh:x/y",
  "allow",
], ["git -c url.git@github.com:.pushInsteadOf=https://github.com/ push", "allow"], [
  "git -c remote.origin.url=../project/docs fetch origin",
  "allow",
]]);

table("git: relative paths from the top of the working tree", repo, [["cd src && git fetch ../outside", "ask", [
  "read $O",
]], ["git -C src push ../outside main", "ask", ["write $O"]], ["cd src && git remote add o ../outside", "ask", [
  "read $O",
]], ["cd src && git -c core.excludesFile=../outside/secret.txt status", "ask", ["read $O/secret.txt"]], [
  "cd src && X=../outside/secret.txt git --config-env=core.excludesFile=X status",
  "ask",
  ["read $O/secret.txt"],
], ["cd src && git -c remote.origin.url=../outside fetch origin", "ask", ["read $O"]], [
  "cd src && GIT_SSL_CAINFO=../outside/ca git fetch",
  "ask",
  ["read $O/ca"],
], ["cd src && git clone ../outside x", "allow", ["read $P/outside"]], [
  "cd src && git -c core.excludesFile=.gitignore status",
  "allow",
  ["read $P/.gitignore", "read $P/src/.gitignore"],
], ["cd src && git fetch ../docs", "ask", ["read $T/work/docs"]], ["cd src && git fetch ./sub", "allow", ["read $P/sub",
  "read $P/src/sub"]]]);

table("git: a project below the top of its working tree", mono, [["git fetch origin", "allow"], [
  "cd src && git push origin main",
  "allow",
], ["git -c remote.origin.url=https://x/y fetch origin", "allow"], [
  "git -c user.signingKey=me@example.com commit -S -m x",
  "allow",
], ["git fetch ./project-backup", "ask", ["read $B"]], ["git -c core.excludesFile=.gitignore status", "ask", [
  "read $T/work/.gitignore",
]]]);

// Review 9: write forms of git config, remotes named by branch settings, tool names that are
// paths, GIT_TEST_FSMONITOR, clustered -F, pathspec magic.
table("git config: every form that stores a key judges it", box, [["git config --add core.hooksPath ../outside/hooks",
  "ask", ["#OPAQUE_CODE"]], ["git config --add core.fsmonitor /x/outside/fsm", "ask", ["#OPAQUE_CODE"]], [
  "git config --replace-all alias.z '!cat ../outside/secret.txt'",
  "ask",
  ["#OPAQUE_CODE"],
], ["git config --add include.path ../outside/c", "ask", ["#OPAQUE_CODE"]], [
  "git config --add remote.origin.url ../outside",
  "ask",
  ["read $O"],
], ["git config --replace-all core.worktree ../outside", "ask", ["write $O"]], [
  "git config set --append core.hooksPath ../outside/h",
  "ask",
  ["#OPAQUE_CODE"],
], ["git config --rename-section foo core", "ask", ["#OPAQUE_CODE"]], ["git config --add user.name Bob", "allow"], [
  "git config --replace-all user.email a@b.c",
  "allow",
], ["git config --unset-all core.hooksPath", "allow"], ["git config --remove-section foo", "allow"]]);

table("git: settings naming the remote, and the diff or merge tool", box, [
  ["git -c branch.main.remote=../outside/repo pull", "ask", ["read $O/repo"]],
  ["git -c remote.pushDefault=../outside/repo push --all", "ask", ["write $O/repo"]],
  ["git -c branch.main.pushRemote=../outside push", "ask", ["write $O"]],
  ["git -c branch.main.remote=origin pull", "allow"],
  ["git config branch.main.remote origin", "allow"],
  ["git config branch.main.merge refs/heads/main", "allow"],
  ["git difftool -y -t ../x/tool", "ask", ["#OPAQUE_CODE"]],
  ["git difftool --tool=../x/tool", "ask", ["#OPAQUE_CODE"]],
  ["git mergetool -t ../x/tool", "ask", ["#OPAQUE_CODE"]],
  // The files to merge are pathspecs, written with the result (strace: openat of the name).
  ["git mergetool ../outside/x", "ask", ["write $O/x"]],
  ["git -c diff.tool=../x difftool", "ask", ["#OPAQUE_CODE"]],
  ["git -c merge.guitool=../x mergetool -g", "ask", ["#OPAQUE_CODE"]],
  ["git config --add merge.tool ../x", "ask", ["#OPAQUE_CODE"]],
  ["GIT_DIFF_TOOL=../x git difftool", "ask", ["#OPAQUE_CODE"]],
  ["git difftool -t vimdiff", "allow"],
  ["git -c diff.tool=meld difftool", "allow"],
  ["GIT_TEST_FSMONITOR=../outside/fsm git status", "ask", ["#OPAQUE_CODE"]],
  ["git tag -aF ../outside/secret.txt v1", "ask", ["read $O/secret.txt"]],
  ["git tag -sF ../outside/secret.txt v1", "ask", ["read $O/secret.txt"]],
  ["git notes add -fF ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["git tag -a v1 -m 'release'", "allow"],
  ["git tag -n5 -l", "allow"],
  ["git notes --ref=x add -f -m hi", "allow"],
  ["git rm ':(glob)../outside/secret.txt'", "ask", ["write $O/secret.txt"]],
  ["git rm ':/x'", "ask", ["#UNRESOLVED_WORD"]],
]);

table("git: pathspec magic from the top of the working tree", repo, [["git add ':/'", "allow"], [
  "git rm ':/src/main.ts'",
  "allow",
], ["git add ':!vendor' .", "allow"], ["git show :/fix", "allow"]]);

table("git: pathspec magic above the project", mono, [["git rm ':/outside/secret.txt'", "ask", ["write $O/secret.txt"]],
  ["git restore ':(top)outside/s2.txt'", "ask", ["write $O/s2.txt"]], ["git add ':/'", "ask", ["read $T/work"]], [
  "git grep foo -- ':/'",
  "ask",
  ["read $T/work"],
], ["git rm --cached ':(top,glob)outside/x'", "ask", ["read $O/x"]]]);

table("git under wrappers and nested shells", box, [
  ["env git -C ~ clean -fdx", "ask", ["write $H"]],
  ["env GIT_WORK_TREE=/ git checkout -- .", "ask", ["write /"]],
  ["timeout 60 git pull --rebase", "allow"],
  ["sudo -D ~ git status", "ask", ["cwd $H"]],
  ["bash -c 'git -C ~ reset --hard'", "ask", ["write $H"]],
  ["cd ~ && git clean -fdx", "ask", ["write $H"]],
  ["cd src && git checkout -- . && cd ..", "allow", ["write $P/src"]],
  // (git is not known to make no link: find's tests do not keep the links out from it.)
  ["find . -name '*.orig' -exec git rm {} \\;", "ask", ["* $O"]],
]);
