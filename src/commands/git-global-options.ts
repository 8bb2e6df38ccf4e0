// git's global options, the ones before its subcommand (`git -C DIR -c k=v push`). Two readers
// need them: the command table parses git's words with them (GIT_GLOBAL in table/vcs/git.ts), and
// the policy matches a `bash` rule like `git push *` against the command with them removed
// (src/policy/command-text.ts). The data lives here, apart from the table's code, so the policy
// can read it without importing the command table.

import type { OptionSpec } from "./spec.ts";

const flag: OptionSpec = {};
const none: OptionSpec = { value: "none" };

export const GIT_GLOBAL_OPTIONS: Readonly<Record<string, OptionSpec>> = { "-C": { value: "chdir" }, "-c": none,
  "--config-env": none, "--git-dir": { value: "write" }, "--work-tree": { value: "write" },
  "--exec-path": { value: "none", optional: true, modes: ["program"] },
  ...Object.fromEntries(["--namespace", "--super-prefix", "--list-cmds", "--attr-source"].map((n) => [n, none])),
  ...Object.fromEntries(
    ["-p", "--paginate", "-P", "--no-pager", "--no-replace-objects", "--no-lazy-fetch", "--no-optional-locks",
      "--no-advice", "--bare", "--literal-pathspecs", "--glob-pathspecs", "--noglob-pathspecs", "--icase-pathspecs",
      "--html-path", "--man-path", "--info-path", "-v", "--version", "-h", "--help"].map((n) => [n, flag]),
  ) };
