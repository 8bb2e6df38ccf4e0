// What each reason code means for someone reading a code-scanning alert or an annotation: a
// paragraph per code (SARIF's `fullDescription` and `help`), shorter than docs/reasons.md, whose
// row for the code (its anchor is the code itself, `docs/reasons.md#EXTERNAL_PATH`) says all of
// it. The record is over every ReasonCode, so a new code without help does not compile.

import type { ReasonCode } from "../base/reasons.ts";

export const REASON_HELP: Readonly<Record<ReasonCode, string>> = {
  EXTERNAL_PATH:
    "The command reaches a path outside every project root. Outside paths are judged by `external_directory` in the config; keep the command inside the project, or allow that place there if the script really needs it.",
  RULE_DENY:
    "A rule of the project's or the user's config denies this access. The message names the rule; the command must not touch that path.",
  RULE_ASK:
    "A rule of the config asks about this access (or the tool is not one the guard models and no rule names it). The message names the rule.",
  UNRESOLVED_WORD:
    "A word in a path position has a value the guard cannot know before the command runs (a variable set elsewhere, a `${{ … }}` expression, command output), so it cannot tell where the path leads. Use a literal path, or set the variable in the same script.",
  UNRESOLVED_COMMAND:
    "The command's name is not a literal (`$cmd x`), so the guard cannot tell which program runs or what it touches.",
  UNRESOLVED_CWD:
    "The directory a relative path is resolved from is not known here (a `cd` to an unknown place, a working-directory only known when the workflow runs).",
  UNRESOLVED_PATH:
    "A path cannot be resolved on disk: a symlink loop, longer than PATH_MAX, an unreadable directory, or a name an earlier command may have turned into a symlink (`ln -s`, `mv`, `tar -x`, `git checkout`).",
  OUTSIDE_EFFECT:
    'The command changes or reads what lies outside the project without naming a path: it installs packages for the whole system or the user (`apt-get install`, `npm -g`, `pip install` with no virtual environment active), or changes or prints the user\'s configuration, keyring or credentials, or the machine\'s settings. On a CI runner, allow it with `"reasons": {"OUTSIDE_EFFECT": "allow"}` if installing there is intended.',
  OPAQUE_CODE:
    "The command runs shell code the guard does not interpret: text only known at run time given to `eval` or `sh -c`, a script it cannot read (outside the roots, too large, missing), or a workflow value that is not a plain script.",
  INLINE_CODE:
    "An interpreter runs inline code (`perl -e`, `ruby -e`; `python -c` and `node -e` code that does more than compute and use the files it names by literals) that the guard cannot prove stays in the project.",
  SHELL_STATE:
    "The command changes shell state the guard does not follow (`hash -p`, `enable`, an alias in use, a variable that changes how a new shell reads its commands).",
  NESTING_TOO_DEEP:
    "Nested shells, `eval`, `source` or function calls go deeper than the guard's limit, past which it does not follow the code.",
  EXPANSION_TOO_LARGE:
    "A brace expansion, a glob or the analysis itself went past its bound, so the guard stopped before it could see every path.",
  PARSE_ERROR:
    "The command, nested code or the file it is in (a workflow the YAML reader rejects) does not parse, so it was not judged.",
  INPUT_TOO_LARGE:
    "The script is larger than the bound the guard reads (`shellfence scan --max-bytes`, 1 MiB by default; 64 KiB for a hook's command), so it was not judged.",
  PARSE_TIMEOUT: "Parsing the script took longer than the parser's time bound, so it was not judged.",
  CHECK_TIMEOUT:
    "Judging the script took longer than its time budget (a slow disk, or an input whose cost the bounds did not foresee), so the check stopped before it ended.",
  INVALID_INPUT: "The script holds a NUL byte or invalid UTF-16, which bash and the guard read differently.",
  REMOTE_COMMAND: "The command runs on another host (`ssh host cmd`): not a local access, reported so it can be seen.",
  SCRIPT_INTERPRETED: "A script file inside the project was read and interpreted as part of the command.",
  BACKSLASH_PATH:
    "A path holds a backslash, which bash and other programs may read as two different names, so the guard cannot tell which one is touched.",
  FORBIDDEN: "The host's path policy refuses this path.",
  INTERNAL_ERROR: "The guard failed internally while judging this command; it asks rather than guess.",
  UNMODELLED_SYNTAX:
    "Code bash would evaluate that the guard's model does not account for: a syntax node it does not know, or a statement it neither ran nor proved unreached.",
  SECRET_PATH:
    "The command touches a built-in secret (SSH and GPG keys, cloud and registry credentials, tokens, shell startup files and histories), wherever it is, inside the project too.",
  PROTECTED_PATH:
    "The command writes the guard's own configuration, a coding agent's settings, git's configuration or hooks, or the program that enforces the guard: a change that could allow everything next time.",
  DESTRUCTIVE:
    "The command cannot be undone: it removes a repository or a project root, rewrites or deletes remote history, discards uncommitted work, or sends a local file to another host.",
  INVALID_SUPPRESSION:
    "A `# shellfence:` comment is not a working suppression: it gives no `-- reason`, names no reason code or one that does not exist, names a suppression code, or is no `ignore`. It suppresses nothing; write `# shellfence: ignore CODE[,CODE…] -- reason`.",
  UNUSED_SUPPRESSION:
    "A `# shellfence: ignore` comment names a code that no finding on its line (or the next line with code) has: the finding is gone, or the comment is not where it is. Remove the code from the comment, or the comment.",
};
