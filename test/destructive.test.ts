// DESTRUCTIVE (issue 34, item 5): what cannot be undone, though the project allows it: a
// repository's history or a project removed, a remote's history rewritten or deleted,
// uncommitted work discarded, a local file sent to another host. Each form has a case that
// names what is lost, and everyday twins that must say nothing. The reason is allowed by
// default (it only tells), `"reasons": {"DESTRUCTIVE": "ask"}` asks, and it never lowers a
// decision: what asked or denied without it still does.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "bun:test";
import type { Decision } from "../src/index.ts";
import { explain, type Sandbox, useSandbox } from "./support/table.ts";

/** A git repository with the everyday build output beside it, and one outside the project. */
function repository(fx: Sandbox["fx"]): void {
  const files = [".git/HEAD", ".git/config", ".git/objects/pack/.keep", ".git/refs/heads/main", "node_modules/x/i.js",
    "dist/a.js", ".next/b.js", "src/generated/c.ts", "payload.json", "body.txt"];
  for (const f of files) {
    mkdirSync(join(fx.project, f, ".."), { recursive: true });
    writeFileSync(join(fx.project, f), "x\n");
  }
  mkdirSync(join(fx.outside, "repo", ".git"), { recursive: true });
}

const repo = useSandbox((fx) => {
  repository(fx);
  return {};
});

/**
 * [command, decision, what the DESTRUCTIVE message says (null: there is none), cwd]. Checked
 * with the project as the one root, from `cwd` (default $P); `$P`, `$O`, … are the fixture's.
 */
type Case = readonly [command: string, decision: Decision, lost: string | null, cwd?: string];

function cases(name: string, box: Sandbox, reason: Decision, list: readonly Case[]): void {
  describe(name, () => {
    for (const [command, decision, lost, cwd] of list) {
      test(`${command} → ${decision}${lost === null ? ", nothing lost" : ""}`, () => {
        const v = box.check(box.fx.sub(command), cwd, ["$P"]);
        const info = `${command}\n${explain(v)}`;
        expect({ decision: v.decision, info }).toMatchObject({ decision });
        const said = v.reasons.filter((r) => r.code === "DESTRUCTIVE");
        if (lost === null) {
          expect({ said, info }).toEqual({ said: [], info });
          return;
        }
        expect({ found: said.some((r) => r.message.includes(box.fx.sub(lost))), info }).toEqual({ found: true, info });
        for (const r of said) expect({ decision: r.decision, info }).toEqual({ decision: reason, info });
      });
    }
  });
}

cases("git: a push that forces or deletes on the remote", repo, "allow", [
  // The options, in any spelling git takes.
  ["git push --force", "allow", "git push --force overwrites the remote's branches"],
  ["git push -f origin main", "allow", "git push -f overwrites"],
  ["git push -uf origin main", "allow", "git push -f overwrites"],
  ["git push --force-with-lease", "allow", "git push --force-with-lease overwrites"],
  ["git push --force-with-lease=main:abc123 origin main", "allow", "git push --force-with-lease overwrites"],
  ["git push --force-with-lease --force-if-includes", "allow", "git push --force-if-includes overwrites"],
  ["git push --mirror", "allow", "git push --mirror makes the remote match this repository"],
  ["git push --mirr", "allow", "git push --mirror"],
  ["git push --delete origin old", "allow", "git push --delete deletes branches or tags on the remote"],
  ["git push -d origin old", "allow", "git push -d deletes"],
  ["git push --prune origin", "allow", "git push --prune deletes the remote's branches"],
  // Refspecs that force or delete.
  ["git push origin +main", "allow", "git push +main forces the update"],
  ["git push origin +HEAD:refs/heads/main", "allow", "forces the update"],
  ['git push origin "+$B"', "allow", "forces the update"],
  ["git push origin :old", "allow", "git push :old deletes a branch or tag on the remote"],
  ["F=--force; git push $F", "allow", "git push --force"],
  ["git -C src push --force", "allow", "git push --force"],
]);

cases("git: everyday pushes", repo, "allow", [
  // A lone `:` pushes the matching branches; a dry run pushes nothing.
  ["git push", "allow", null],
  ["git push origin main", "allow", null],
  ["git push -u origin feature", "allow", null],
  ["git push --set-upstream origin feature/x", "allow", null],
  ["git push origin HEAD", "allow", null],
  ["git push origin HEAD:refs/heads/review", "allow", null],
  ["git push --tags", "allow", null],
  ["git push origin :", "allow", null],
  ["git push --force --dry-run", "allow", null],
  ["git push -fn origin main", "allow", null],
  ['git push origin "$(git branch --show-current)"', "allow", null],
  ["git fetch --prune", "allow", null],
]);

cases("git: discarding uncommitted work or branches", repo, "allow", [
  // What is lost is in no commit, or only in the branch or stash deleted.
  ["git reset --hard", "allow", "git reset --hard discards the uncommitted changes"],
  ["git reset --hard HEAD~1", "allow", "git reset --hard"],
  ["git clean -f", "allow", "git clean -f deletes untracked files"],
  ["git clean -fdx", "allow", "git clean -f deletes untracked and ignored files, directories included"],
  ["git clean -d -f -X", "allow", "untracked and ignored files"],
  ["git clean --force", "allow", "git clean -f deletes untracked files"],
  ["git branch -D feature", "allow", "git branch -D deletes a branch"],
  ["git branch -df feature", "allow", "git branch -D"],
  ["git branch --delete --force feature", "allow", "git branch -D"],
  ["git stash drop", "allow", "git stash drop deletes a stash"],
  ["git stash drop stash@{1}", "allow", "git stash drop"],
  ["git stash clear", "allow", "git stash clear deletes every stash"],
  ["git checkout -f main", "allow", "git checkout -f discards the uncommitted changes"],
  ["git switch --discard-changes main", "allow", "git switch --discard-changes discards"],
  ["git switch -f main", "allow", "git switch -f discards"],
]);

cases("git: everyday work", repo, "allow", [
  // --keep and --soft keep the working tree; -n only lists; -d refuses an unmerged branch.
  ["git reset", "allow", null],
  ["git reset --soft HEAD~1", "allow", null],
  ["git reset --keep HEAD~1", "allow", null],
  ["git reset HEAD src/main.ts", "allow", null],
  ["git clean -n", "allow", null],
  ["git clean -ndx", "allow", null],
  ["git clean -fdn", "allow", null],
  ["git branch -d feature", "allow", null],
  ["git branch -f feature HEAD", "allow", null],
  ["git branch -M main", "allow", null],
  ["git branch feature", "allow", null],
  ["git stash", "allow", null],
  ["git stash pop", "allow", null],
  ["git stash list", "allow", null],
  ["git checkout main", "allow", null],
  ["git checkout -b feature", "allow", null],
  ["git switch -c feature", "allow", null],
  ["git status && git diff && git log --oneline -5", "allow", null],
  ["git commit -am wip", "allow", null],
]);
