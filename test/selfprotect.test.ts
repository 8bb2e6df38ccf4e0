// The agent cannot disarm the guard with commands it is allowed (issue 29): the guard's own
// CLI and the package runners that start it, hard links of its files, the package manager
// that installs it, git's own directory, a deny that follows a renamed file, the hosts' plugin
// and tool directories, the config files actually loaded, and names on a case-insensitive disk.

import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { table, useSandbox } from "./support/table.ts";

const box = useSandbox((fx) => {
  const files: Record<string, string> = {
    ".shellfence.json": "{}\n",
    "node_modules/shellfence/bin/shellfence.js": "#!/usr/bin/env node\nrequire('../dist/bundle/start.cjs');\n",
    "node_modules/shellfence/package.json": "{}\n",
    "node_modules/left-pad/index.js": "\n",
    "package.json": '{"devDependencies":{"shellfence":"^1.0.0","left-pad":"1"}}\n',
    "package-lock.json": '{"packages":{"node_modules/shellfence":{}}}\n',
    ".git/config": "[core]\n",
    ".git/HEAD": "ref: refs/heads/main\n",
    ".git/hooks/pre-commit.sample": "\n",
    ".git/info/exclude": "\n",
    "x": "\n",
  };
  for (const [f, c] of Object.entries(files)) {
    mkdirSync(join(fx.project, f, ".."), { recursive: true });
    writeFileSync(join(fx.project, f), c);
  }
  mkdirSync(join(fx.project, "node_modules/.bin"));
  symlinkSync("../shellfence/bin/shellfence.js", join(fx.project, "node_modules/.bin/shellfence"));
  return { config: [{ permission: { read: { "*.env": "deny" }, write: "allow" } }] };
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
