// Reason codes: stable, never reused, each with the decision it leads to by default.
// Hosts and scripts match on the code; the message is for people.

export const REASONS = {
  EXTERNAL_PATH: { decision: "ask", summary: "a path outside every project root" },
  RULE_DENY: { decision: "deny", summary: "a rule denies this access" },
  RULE_ASK: { decision: "ask", summary: "a rule asks about this access" },
  UNRESOLVED_WORD: { decision: "ask", summary: "a word whose value is not known statically" },
  UNRESOLVED_COMMAND: { decision: "ask", summary: "a command name that is not a literal" },
  UNRESOLVED_CWD: { decision: "ask", summary: "the working directory is not known here" },
  UNRESOLVED_PATH: { decision: "ask", summary: "a path that cannot be resolved on disk (loop, too long, unreadable)" },
  OUTSIDE_EFFECT: { decision: "ask",
    summary: "reaches outside the project without naming a path: installs for the system or the user, the user's " +
      "configuration, keyring or credentials, the machine's settings" },
  OPAQUE_CODE: { decision: "ask", summary: "runs code the guard does not interpret" },
  INLINE_CODE: { decision: "ask", summary: "an interpreter runs inline code (python -c, node -e, …)" },
  SHELL_STATE: { decision: "ask", summary: "changes shell state the guard does not follow" },
  NESTING_TOO_DEEP: { decision: "ask", summary: "nested shells, eval or functions deeper than the limit" },
  EXPANSION_TOO_LARGE: { decision: "ask", summary: "an expansion or analysis past its bound" },
  PARSE_ERROR: { decision: "ask", summary: "the command does not parse" },
  INPUT_TOO_LARGE: { decision: "ask", summary: "the command is larger than the input bound" },
  PARSE_TIMEOUT: { decision: "ask", summary: "parsing took longer than the time bound" },
  CHECK_TIMEOUT: { decision: "ask", summary: "the check took longer than its time budget" },
  INVALID_INPUT: { decision: "ask", summary: "the command holds NUL bytes or invalid UTF-16" },
  REMOTE_COMMAND: { decision: "allow", summary: "runs a command on another host (not a local access)" },
  SCRIPT_INTERPRETED: { decision: "allow", summary: "a script file inside the root was read and interpreted" },
  BACKSLASH_PATH: { decision: "deny", summary: "a path with a backslash has two spellings" },
  FORBIDDEN: { decision: "deny", summary: "the host's path policy refuses this path" },
  INTERNAL_ERROR: { decision: "ask", summary: "the guard failed internally" },
  SECRET_PATH: { decision: "ask",
    summary: "a built-in secret (keys, tokens, credentials, shell startup files and histories), wherever it is" },
  PROTECTED_PATH: { decision: "ask", summary: "writes the guard's own configuration or the host file that enables it" },
  UNMODELLED_SYNTAX: { decision: "ask",
    summary: "code bash would evaluate that the guard's model does not account for" },
  DESTRUCTIVE: { decision: "allow",
    summary: "cannot be undone: deletes a repository or a project root, rewrites or deletes remote history, " +
      "discards uncommitted work, or sends a local file to another host" },
  // The CI scanner's own: a `# shellfence: ignore` comment (src/integrations/scan-suppress.ts).
  INVALID_SUPPRESSION: { decision: "deny",
    summary: "a scan suppression comment without a reason, with an unknown code, or that cannot be read" },
  UNUSED_SUPPRESSION: { decision: "ask", summary: "a scan suppression comment that suppresses nothing" },
} as const;

export type ReasonCode = keyof typeof REASONS;

/** The codes of the scanner's suppression comments: never themselves suppressed, never allowed. */
export const SUPPRESSION_REASONS: ReadonlySet<ReasonCode> = new Set<ReasonCode>(["INVALID_SUPPRESSION",
  "UNUSED_SUPPRESSION"]);
