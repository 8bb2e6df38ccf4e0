// The agent cannot disarm the guard with commands it is allowed (issue 29): the guard's own
// CLI and the package runners that start it, hard links of its files, the package manager
// that installs it, git's own directory, a deny that follows a renamed file, the hosts' plugin
// and tool directories, the config files actually loaded, and names on a case-insensitive disk.

import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "bun:test";
import { ignoresCase } from "../src/paths/case.ts";
import { type FileSystem, nodeFileSystem } from "../src/paths/fs.ts";
import { table, useSandbox } from "./support/table.ts";

const box = useSandbox((fx) => {
  const files: Record<string, string> = { ".shellfence.json": "{}\n",
    "node_modules/shellfence/bin/shellfence.js": "#!/usr/bin/env node\nrequire('../dist/bundle/start.cjs');\n",
    "node_modules/shellfence/package.json": "{}\n", "node_modules/left-pad/index.js": "\n",
    "package.json": '{"devDependencies":{"shellfence":"^1.0.0","left-pad":"1"}}\n',
    "package-lock.json": '{"packages":{"node_modules/shellfence":{}}}\n', ".git/config": "[core]\n",
    ".git/HEAD": "ref: refs/heads/main\n", ".git/hooks/pre-commit.sample": "\n", ".git/info/exclude": "\n", "x": "\n",
    "vendor/sf/package.json": '{"name":"shellfence"}\n', "packages/foo/package.json": '{"name":"foo"}\n' };
  for (const [f, c] of Object.entries(files)) {
    mkdirSync(join(fx.project, f, ".."), { recursive: true });
    writeFileSync(join(fx.project, f), c);
  }
  mkdirSync(join(fx.project, "node_modules/.bin"));
  symlinkSync("../shellfence/bin/shellfence.js", join(fx.project, "node_modules/.bin/shellfence"));
  // The user's host directories are outside the roots: allowed there, so that only the guard's protection asks.
  const home = Object.fromEntries(
    [".claude/**", ".claude.json", ".config/**", ".pi/**"].map((d) => [`${fx.home}/${d}`, "allow"]),
  );
  return {
    config: [{
      permission: { read: { "*.env": "deny" }, write: "allow", external_directory: { "*": "ask", ...home } },
    }],
  };
});

/** A repository with none of the guard's files in it: what git does to its whole tree is git's work. */
const repo = useSandbox((fx) => {
  for (const [f, c] of Object.entries({ ".git/config": "[core]\n", ".git/HEAD": "ref: refs/heads/main\n",
    ".git/hooks/x.sample": "\n", x: "\n" }))
  {
    mkdirSync(join(fx.project, f, ".."), { recursive: true });
    writeFileSync(join(fx.project, f), c);
  }
  return { config: [{ permission: { write: "allow" } }] };
});

table("the guard's own command line, however it is started, asks when it turns the guard off", box, [
  ["npx shellfence exec --approve-ask --no-sandbox -- 'cat ~/.ssh/id_rsa'", "ask", ["#PROTECTED_PATH"]],
  ["npm exec shellfence -- exec --no-sandbox -- 'cat x'", "ask", ["#PROTECTED_PATH"]],
  ["shellfence exec --no-sandbox -- 'cat x'", "ask", ["#PROTECTED_PATH"]],
  ["shellfence check 'cat x'", "allow"],
  ["npx shellfence check 'cat x'", "allow"],
  ["npx -y shellfence@latest exec --no-sandbox -- 'cat x'", "ask", ["#PROTECTED_PATH"]],
  ["npm x shellfence -- exec --approve-ask -- 'cat x'", "ask", ["#PROTECTED_PATH"]],
  ["pnpm dlx shellfence exec --no-sandbox -- 'cat x'", "ask", ["#PROTECTED_PATH"]],
  ["pnpm exec shellfence exec --no-sandbox -- 'cat x'", "ask", ["#PROTECTED_PATH"]],
  ["yarn dlx shellfence exec --no-sandbox -- 'cat x'", "ask", ["#PROTECTED_PATH"]],
  ["yarn exec shellfence exec --no-sandbox -- 'cat x'", "ask", ["#PROTECTED_PATH"]],
  ["bunx shellfence exec --no-sandbox -- 'cat x'", "ask", ["#PROTECTED_PATH"]],
  ["bun x shellfence exec --no-sandbox -- 'cat x'", "ask", ["#PROTECTED_PATH"]],
  ["./node_modules/.bin/shellfence exec --no-sandbox -- 'cat x'", "ask", ["#PROTECTED_PATH"]],
  // pnpm, yarn and bun run a package's program when no script has that name.
  ["pnpm shellfence exec --no-sandbox -- 'cat x'", "ask", ["#PROTECTED_PATH"]],
  ["yarn shellfence exec --no-sandbox -- 'cat x'", "ask", ["#PROTECTED_PATH"]],
  ["yarn run shellfence exec --approve-ask -- 'cat x'", "ask", ["#PROTECTED_PATH"]],
  ["bun run shellfence exec --no-sandbox -- 'cat x'", "ask", ["#PROTECTED_PATH"]],
  ["yarn tsc --noEmit", "allow"],
  ["node node_modules/shellfence/bin/shellfence.js exec --no-sandbox -- 'cat x'", "ask", ["#PROTECTED_PATH"]],
  ["node_modules/.bin/shellfence check 'cat x'", "allow"],
  ["shellfence exec --config /tmp/loose.json -- 'cat x'", "ask", ["#PROTECTED_PATH"]],
  ["shellfence exec --root / -- 'cat x'", "ask", ["#PROTECTED_PATH"]],
  ["shellfence frobnicate", "ask", ["#PROTECTED_PATH"]],
  // The command exec runs is judged as code too: sandboxed, it is still the agent's command.
  ["shellfence exec -- 'cat ~/.ssh/id_rsa'", "ask", ["read $H/.ssh/id_rsa"]],
  ["shellfence exec --profile strict -- 'cat src/main.ts'", "allow", ["read $P/src/main.ts"]],
  ["npx shellfence exec -- 'cat src/main.ts'", "allow", ["read $P/src/main.ts"]],
  ["npx shellfence doctor --json", "allow"],
  ["shellfence config --explain", "allow"],
]);

// git's directory holds code the next `git status` runs (core.fsmonitor, hooks): a zone that
// only git itself, doing its ordinary work, writes without asking.
table("git's own directory is written by git alone", box, [
  ["printf '[core]\\n\\tfsmonitor = x' >> .git/config", "ask", ["#PROTECTED_PATH", "write $P/.git/config"]],
  ["cp x .git/hooks/pre-commit", "ask", ["#PROTECTED_PATH", "write $P/.git/hooks/pre-commit"]],
  ["tee .git/info/attributes < x", "ask", ["#PROTECTED_PATH"]],
  ["echo 'gitdir: /tmp/evil' > .git/commondir", "ask", ["#PROTECTED_PATH"]],
  // Read with extensions.worktreeConfig: a worktree's own settings (git-config(1)).
  ["printf '[core]\\n\\tpager = x' > .git/config.worktree", "ask", ["#PROTECTED_PATH",
    "write $P/.git/config.worktree"]],
  ["mkdir -p .git/modules/m && cp x .git/modules/m/config", "ask", ["#PROTECTED_PATH"]],
  ["echo 'gitdir: /tmp/evil' > src/.git", "ask", ["#PROTECTED_PATH", "write $P/src/.git"]],
  ["mv .git /tmp/g", "ask", ["#PROTECTED_PATH"]],
  ["mv x .git", "ask", ["#PROTECTED_PATH"]],
  // Removing git's files runs nothing: not asked about for the zone.
  ["rm -rf .git/hooks", "allow"],
  ["tar xf a.tar -C .git", "ask", ["#PROTECTED_PATH"]],
  // git's own work that puts the agent's hooks in place.
  ["git init --template=./tpl", "ask", ["#PROTECTED_PATH"]],
  ["git clone --template ./tpl https://h/r.git", "ask", ["#PROTECTED_PATH"]],
]);

table("git doing its own work in a repository is not asked about", repo, [
  ["printf '[core]\\n\\tfsmonitor = x' >> .git/config", "ask", ["#PROTECTED_PATH", "write $P/.git/config"]],
  ["cp x .git/hooks/pre-commit", "ask", ["#PROTECTED_PATH"]],
  ["rm -rf .", "allow"],
  ["mv $P $T/elsewhere", "ask", ["#PROTECTED_PATH"]],
  ["mv src/.git /tmp/g", "ask", ["#PROTECTED_PATH"]],
  ["find . -name core -exec rm {} +", "allow", ["!#PROTECTED_PATH"]],
  // A write into the directory that holds .git does not reach it (every repository has one).
  ["cp -r docs/. .", "allow", ["write $P"]],
  // A hard link of the tree links .git/config too: written through the copy, it is git's.
  ["cp -al . ../copy", "ask", ["#PROTECTED_PATH", "write $P/.git"]],
  // A word of a command the table does not know may name .git among every entry: not below it.
  ["frobnicate '*'", "ask", ["!#PROTECTED_PATH", "unknown $P/.git", "#EXTERNAL_PATH"]],
  ["rsync -a --link-dest=$P src/ /tmp/b/", "ask", ["#PROTECTED_PATH"]],
  ["cp -al docs build/docs", "allow"],
  // (This fixture's links out are of type `l`, which `-type f` leaves out; .git is no reason either.)
  ["find . -type f -exec chmod g+w {} +", "allow", ["!#PROTECTED_PATH"]],
  ["find . -exec chmod g+w {} +", "ask", ["!#PROTECTED_PATH", "#EXTERNAL_PATH"]],
  // find descends into .git, and its predicate is not evaluated: a write there is git's zone.
  ["find . -path ./.git/config -exec cp x {} \\;", "ask", ["#PROTECTED_PATH"]],
  ["git commit -m x", "allow"],
  ["git stash", "allow"],
  ["git clean -fdx", "allow"],
  ["git init sub", "allow"],
  ["git config user.name me", "allow"],
  ["git checkout -b topic", "allow"],
  ["cat .git/config", "allow"],
  ["echo x > .gitignore", "allow"],
  ["echo x > .github/workflows/ci.yml", "allow"],
  ["rm -rf build && cp -r src build", "allow"],
  ["rm -rf build", "allow"],
  // No package.json names the guard here.
  ["npm pkg set scripts.x=y", "allow", ["write $P/package.json"]],
  ["echo '{}' > package.json", "allow"],
]);

// The hosts load what is in their directories as code or configuration, with no check.
table("the hosts' directories are zones: writing, making, renaming or unpacking into them asks", box, [[
  "mkdir -p .opencode/tools && echo x > .opencode/tools/bash.ts",
  "ask",
  ["#PROTECTED_PATH", "write $P/.opencode"],
], ["mkdir .opencode && tar xf a.tar -C .opencode", "ask", ["#PROTECTED_PATH"]], ["echo x > .opencode/tool/bash.ts",
  "ask", ["#PROTECTED_PATH"]], ["echo '{}' > .opencode/opencode.jsonc", "ask", ["#PROTECTED_PATH"]], [
  "mkdir -p .claude/hooks && cp x .claude/hooks/pre.sh",
  "ask",
  ["#PROTECTED_PATH"],
], ["cp x .claude/agents/a.md", "ask", ["#PROTECTED_PATH"]], ["mkdir -p .pi/extensions && cp x .pi/extensions/e.ts",
  "ask", ["#PROTECTED_PATH"]], ["mv docs .pi", "ask", ["#PROTECTED_PATH"]], ["cp x $H/.claude/settings.json", "ask", [
  "#PROTECTED_PATH",
]], ["mkdir -p $H/.config/opencode/tools && cp x $H/.config/opencode/tools/bash.ts", "ask", ["#PROTECTED_PATH"]], [
  "cp x $H/.pi/agent/extensions/e.ts",
  "ask",
  ["#PROTECTED_PATH"],
], ["echo '{}' > .mcp.json", "ask", ["#PROTECTED_PATH"]], ["cp x $H/.claude.json", "ask", ["#PROTECTED_PATH"]], [
  "cat .opencode/tools/bash.ts",
  "allow",
], ["echo x > opencode-notes.md", "allow"], ["mkdir -p docs/pi && echo x > docs/pi/notes.md", "allow"]]);

// A hard link is the same file under a name the guard does not protect: making one is a write
// of it (as `ln` without -s is), and of a tree that holds one.
table("a hard link of the guard's files is a write of them", box, [
  ["cp -l .shellfence.json y && echo '{}' > y", "ask", ["#PROTECTED_PATH", "unknown $P/.shellfence.json"]],
  ["cp --link .shellfence.json y", "ask", ["#PROTECTED_PATH"]],
  ["cp -al node_modules/shellfence/bin hb", "ask", ["#PROTECTED_PATH", "unknown $P/node_modules/shellfence/bin"]],
  ["cp -lr . ../copy", "ask", ["#PROTECTED_PATH"]],
  ["cp -l -t /tmp .git/config", "ask", ["#PROTECTED_PATH"]],
  ["rsync -a --link-dest=$P/node_modules/shellfence src/ /tmp/b/", "ask", ["#PROTECTED_PATH"]],
  ["echo .shellfence.json | cpio -pl /tmp/c", "ask", ["#PROTECTED_PATH"]],
  ["echo .shellfence.json | cpio -p --link /tmp/c", "ask", ["#PROTECTED_PATH"]],
  ["echo .shellfence.json | bsdcpio -pl /tmp/c", "ask", ["#PROTECTED_PATH"]],
  ["pax -rwl .shellfence.json build", "ask", ["#PROTECTED_PATH", "unknown $P/.shellfence.json"]],
  ["pax -rw src build", "allow"],
  ["ln .shellfence.json y", "ask", ["#PROTECTED_PATH"]],
  ["link .shellfence.json y", "ask", ["#PROTECTED_PATH"]],
  // Copies are not links, and a hard link of the project's own files is as before.
  ["cp .shellfence.json y && echo '{}' > y", "allow"],
  ["cp -r node_modules/shellfence/bin hb", "allow"],
  ["cp -al src build/src", "allow", ["unknown $P/src"]],
  ["cp -a src build/src", "allow"],
  ["echo src/main.ts | cpio -p build", "allow"],
]);

// Removing or replacing the guard's package leaves the hook missing (Claude Code runs on after
// a hook that exits 127) or running the agent's program.
table("the package manager does not remove or replace the guard's package without asking", box, [
  ["npm uninstall shellfence", "ask", ["#PROTECTED_PATH", "write $P/node_modules/shellfence"]],
  ["npm rm shellfence left-pad", "ask", ["#PROTECTED_PATH"]],
  ["npm i -D shellfence@file:./x", "ask", ["#PROTECTED_PATH"]],
  ["npm install sf@npm:shellfence@0.0.1", "ask", ["#PROTECTED_PATH"]],
  ["npm link shellfence", "ask", ["#PROTECTED_PATH"]],
  ["npm uninstall $PKG", "ask", ["#PROTECTED_PATH"]],
  ["pnpm remove shellfence", "ask", ["#PROTECTED_PATH"]],
  ["yarn remove shellfence", "ask", ["#PROTECTED_PATH"]],
  ["bun remove shellfence", "ask", ["#PROTECTED_PATH"]],
  ["npm install me/shellfence#main", "ask", ["#PROTECTED_PATH"]],
  ["npm install ./vendor/sf", "ask", ["#PROTECTED_PATH"]],
  ["pnpm add file:vendor/sf", "ask", ["#PROTECTED_PATH"]],
  ["npm install ./x.tgz", "ask", ["#PROTECTED_PATH"]],
  ["npm install ./packages/foo", "allow"],
  ["npm pkg set devDependencies.shellfence=file:./x && npm install", "ask", ["#PROTECTED_PATH",
    "write $P/package.json"]],
  ["npm pkg delete devDependencies.shellfence", "ask", ["#PROTECTED_PATH"]],
  ["sed -i s/shellfence/x/ package.json", "ask", ["#PROTECTED_PATH"]],
  ["echo '{}' > package-lock.json", "ask", ["#PROTECTED_PATH"]],
  ["echo '{}' > package.json", "ask", ["#PROTECTED_PATH"]],
  // Everyday package work is not asked about.
  ["npm install", "allow"],
  ["npm ci", "allow"],
  ["npm install left-pad", "allow"],
  ["npm uninstall left-pad", "allow"],
  ["npm update", "allow"],
  ["pnpm add -D shellfence-plugin", "allow"],
  ["npm pkg get name", "allow"],
  ["npm run build", "allow"],
  ["echo '{}' > src/package.json", "allow"],
]);

// A rule judges a file where it is; a rename or a hard link in the same command moves it out
// from under the rule's pattern, so the rule follows it to the new name.
table("a deny follows the file through a rename or a link made earlier in the command", box, [["mv .env z && cat z",
  "deny", ["#RULE_DENY", "read $P/.env"]], ["mv .env build/ && cat build/.env.txt build/.env", "deny", [
  "read $P/.env",
]], ["mv -t build .env; grep x build/.env", "deny", ["read $P/.env"]], ["mv .env a && mv a b && cat b", "deny", [
  "read $P/.env",
]], ["cd src && mv ../.env z && cd .. && cat src/z", "deny", ["read $P/.env"]], ["git mv .env z && cat z", "deny", [
  "read $P/.env",
]], ["mv src/main.ts m.ts && cat m.ts", "allow"], ["cat z; mv .env z", "allow"], ["mv .env z", "allow", [
  "write $P/.env",
]]]);

// The config files the guard loaded are its own wherever they are: a --config file, and the
// file a `.shellfence.json` that is a symlink leads to.
const configured = useSandbox((fx) => {
  mkdirSync(join(fx.project, "conf"));
  writeFileSync(join(fx.project, "conf", "real.json"), "{}\n");
  symlinkSync("conf/real.json", join(fx.project, ".shellfence.json"));
  writeFileSync(join(fx.outside, "extra.json"),
    JSON.stringify({ permission: { write: "allow", external_directory: { [`${fx.outside}/**`]: "allow" } } }));
  return { projectConfig: fx.project, config: [join(fx.outside, "extra.json")] };
});

table("every config file loaded is protected, as named and where it leads", configured, [["echo '{}' > conf/real.json",
  "ask", ["#PROTECTED_PATH", "write $P/conf/real.json"]], ["sed -i s/a/b/ conf/real.json", "ask", ["#PROTECTED_PATH"]],
  ["rm -rf conf", "ask", ["#PROTECTED_PATH"]], ["echo '{}' > $O/extra.json", "ask", ["#PROTECTED_PATH",
  "write $O/extra.json"]], ["mv $O/extra.json $O/x.json", "ask", ["#PROTECTED_PATH"]], ["echo '{}' > conf/other.json",
  "allow"], ["echo x > $O/notes.txt", "allow"], ["cat conf/real.json", "allow"]]);

// On a filesystem that ignores case (macOS by default) `.ENV` is `.env`: names are matched folded.
const folding = useSandbox((fx) => {
  for (const f of [".shellfence.json", ".git/config", ".claude/settings.json"]) {
    mkdirSync(join(fx.project, f, ".."), { recursive: true });
    writeFileSync(join(fx.project, f), "{}\n");
  }
  return { caseInsensitive: true,
    config: [{ permission: { read: { "*.env": "deny", "Secrets/**": "deny" }, write: "allow" } }] };
});

table("on a case-insensitive filesystem, names are matched without regard to case", folding, [["cat .ENV", "deny", [
  "#RULE_DENY",
  "read $P/.ENV",
]], ["cat config/PROD.Env", "deny", ["#RULE_DENY"]], ["cat secrets/key", "deny", ["#RULE_DENY"]], [
  "echo '{}' > .SHELLFENCE.JSON",
  "ask",
  ["#PROTECTED_PATH"],
], ["printf '[core]' >> .GIT/CONFIG", "ask", ["#PROTECTED_PATH"]], ["rm -rf .Claude", "ask", ["#PROTECTED_PATH"]], [
  "cat README.md",
  "allow",
], ["echo x > notes.txt", "allow"]]);

const exact = useSandbox(() => ({ caseInsensitive: false,
  config: [{ permission: { read: { "*.env": "deny" }, write: "allow" } }] })
);

table("on a case-sensitive filesystem, another spelling is another file", exact, [["cat .ENV", "allow"], [
  "echo '{}' > .SHELLFENCE.JSON",
  "allow",
], ["cat .env", "deny", ["#RULE_DENY"]]]);

describe("whether a filesystem ignores case is probed", () => {
  /** A filesystem whose lookups ignore case, as APFS's do: only the listing keeps the spelling. */
  const folded = (names: Record<string, string[]>): FileSystem => ({ ...nodeFileSystem,
    lstat: (p) => {
      const cut = p.lastIndexOf("/");
      const parent = p.slice(0, cut) || "/";
      return p === "/" || (names[parent] ?? []).some((n) => n.toLowerCase() === p.slice(cut + 1).toLowerCase())
        ? "dir"
        : null;
    }, readdir: (p) => names[p] ?? null });
  test("a folding filesystem is found so, and a sensitive one not", () => {
    const tree = { "/": ["Users"], "/Users": ["alice"], "/Users/alice": ["proj"] };
    expect(ignoresCase(folded(tree), "/Users/alice/proj")).toBe(true);
    expect(ignoresCase({ ...nodeFileSystem, lstat: () => null, readdir: () => ["proj"] }, "/Users/alice/proj")).toBe(
      false,
    );
  });
  test("a guard without the switch probes its roots, its project and its home", () => {
    // (ext4 and tmpfs keep case: on this machine's fixture the default probe finds no folding.)
    expect(box.guard.policy.foldCase).toBe(ignoresCase(nodeFileSystem, box.fx.project));
    expect(exact.guard.policy.foldCase).toBe(false);
  });
});
