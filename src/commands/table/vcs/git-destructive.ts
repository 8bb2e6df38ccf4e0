// The forms of git's subcommands that cannot be undone (DESTRUCTIVE, docs/reasons.md): a push
// that rewrites or deletes the remote's history, and the local commands that discard
// uncommitted work or branches. Each is a hook on its subcommand's entry (git-subcommands.ts).
// They report what the words say: a word whose value is not known is not taken for a force or
// a delete (docs/integrations.md, "What --approve asks about").

import type { Span } from "../../../base/span.ts";
import type { Item, SpecContext } from "../../spec.ts";
import { knownPrefix } from "../../../shell/words/env.ts";
import { type Custom, issue, optionItems } from "../common.ts";

function destroys(ctx: SpecContext, message: string, span: Span): void {
  issue(ctx, "DESTRUCTIVE", message, span);
}

/** The options of git push that force, mirror or delete on the remote, with what each does there. */
const PUSH_OPTIONS: Readonly<Record<string, string>> = {
  "--force": "overwrites the remote's branches, rewriting its history",
  "-f": "overwrites the remote's branches, rewriting its history",
  "--force-with-lease": "overwrites the remote's branches when they are where it expects, rewriting their history",
  "--force-if-includes": "overwrites the remote's branches, rewriting their history",
  "--mirror": "makes the remote match this repository, forcing its branches and deleting the others",
  "--delete": "deletes branches or tags on the remote",
  "-d": "deletes branches or tags on the remote",
  "--prune": "deletes the remote's branches that have no counterpart here",
};

/** The option an item stands for: its name, or for an unknown long option a prefix git would take for it. */
function optionName(it: Item, names: readonly string[]): string | null {
  if (it.t === "option") return names.includes(it.name) ? it.name : null;
  if (it.t !== "unknown-option" || it.word.text === null) return null;
  // git's option parser takes an unambiguous prefix of a long option (`--mirr`).
  const key = it.word.text.replace(/=.*$/s, "");
  if (!key.startsWith("--") || key.length < 4) return null;
  const matches = names.filter((n) => n.startsWith("--") && n.startsWith(key));
  return matches.length === 1 ? matches[0]! : null;
}

/** The option items among `names`, with the name each stands for. */
function found(ctx: SpecContext, names: readonly string[]): { name: string; span: Span }[] {
  return ctx.items.flatMap((it) => {
    const name = optionName(it, names);
    return name === null ? [] : [{ name, span: it.word.span }];
  });
}

const dryRun = (ctx: SpecContext) => optionItems(ctx, "-n", "--dry-run").length > 0;

/**
 * git push --force (-f, --force-with-lease, --force-if-includes), --mirror, --delete (-d),
 * --prune, or a refspec that forces (`+main`) or deletes (`:old`); not with --dry-run.
 */
export const pushDestroys: Custom = (ctx) => {
  if (dryRun(ctx)) return;
  for (const { name, span } of found(ctx, Object.keys(PUSH_OPTIONS))) {
    destroys(ctx, `git push ${name} ${PUSH_OPTIONS[name]}`, span);
  }
  // A refspec follows the repository; no repository is named `+x` or `:x`, so every operand is
  // looked at. Its known start is enough (`+$branch`). A lone `:` pushes the matching branches.
  for (const r of ctx.operands) {
    const text = r.text ?? knownPrefix(r);
    if (text.startsWith("+")) {
      destroys(ctx, `git push ${r.source} forces the update, rewriting the remote's history`, r.span);
    } else if (text.startsWith(":") && (r.text === null || text.length > 1)) {
      destroys(ctx, `git push ${r.source} deletes a branch or tag on the remote`, r.span);
    }
  }
};

/** git reset --hard: the working tree and the index are made the commit's, uncommitted changes lost. */
export const resetDestroys: Custom = (ctx) => {
  for (const { span } of found(ctx, ["--hard"])) {
    destroys(ctx, "git reset --hard discards the uncommitted changes in the working tree and the index", span);
  }
};

/** git clean -f (any cluster: -fdx): untracked files deleted, with -x or -X ignored ones too; not with -n. */
export const cleanDestroys: Custom = (ctx) => {
  const force = found(ctx, ["-f", "--force"])[0];
  if (!force || dryRun(ctx)) return;
  const ignored = optionItems(ctx, "-x", "-X").length ? " and ignored" : "";
  const dirs = optionItems(ctx, "-d").length ? ", directories included" : "";
  destroys(ctx, `git clean -f deletes untracked${ignored} files${dirs}`, force.span);
};

/** git stash drop and git stash clear: a stash is the only copy of the work it holds. */
export const stashDestroys: Custom = (ctx) => {
  const sub = ctx.operands[0];
  if (sub?.text === "drop" || sub?.text === "clear") {
    const what = sub.text === "drop" ? "a stash" : "every stash";
    destroys(ctx, `git stash ${sub.text} deletes ${what}, and the work it holds`, sub.span);
  }
};

/**
 * git branch -D (or --delete with --force, `-df`): the branch is deleted even when its commits
 * are on no other branch. Its entry lists no flags (BRANCH_LIKE), so the words are read here.
 */
export const branchDestroys: Custom = (ctx) => {
  let del: Span | null = null;
  let deleteForced = false;
  let force = false;
  for (const it of ctx.items) {
    const t = it.t === "operand" ? null : it.word.text;
    if (t === null || !t.startsWith("-")) continue;
    if (t === "--delete") del = it.word.span;
    else if (t === "--force") force = true;
    else if (!t.startsWith("--")) {
      const letters = t.slice(1);
      if (letters.includes("D")) {
        del = it.word.span;
        deleteForced = true;
      }
      if (letters.includes("d")) del = it.word.span;
      if (letters.includes("f")) force = true;
    }
  }
  if (del !== null && (deleteForced || force)) {
    destroys(ctx, "git branch -D deletes a branch even when its commits are on no other branch", del);
  }
};

/** git checkout -f, git switch -f or --discard-changes: uncommitted changes to tracked files are thrown away. */
export const switchDestroys = (sub: "checkout" | "switch"): Custom => (ctx) => {
  const names = sub === "checkout" ? ["-f", "--force"] : ["-f", "--force", "--discard-changes"];
  for (const { name, span } of found(ctx, names)) {
    destroys(ctx, `git ${sub} ${name} discards the uncommitted changes in the working tree`, span);
  }
};
