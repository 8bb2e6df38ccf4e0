// The one-paragraph reason a host shows when shellfence objects: what touches which path, the
// rule that decided, and how to fix it. Agents read it (deny) and people read it (ask), so it
// names things concretely and stays short.

import type { ReasonCode } from "../base/reasons.ts";
import type { Access, AccessKind, Reason, Verdict } from "../base/verdict.ts";
import { PROJECT_CONFIG_NAME } from "../policy/layers.ts";
import { escapeForPerson } from "./escape.ts";

interface ExplainOptions {
  /** Who acts, when it is a host tool rather than a command in the text (`Read`, `write`). */
  readonly actor?: string;
}

const VERB: Record<AccessKind, string> = { read: "reads", write: "writes", list: "lists", cwd: "changes directory to",
  exec: "runs", unknown: "uses" };

/** Reasons that judge a resolved path (the rest say why a path could not be judged). */
const PATH_JUDGEMENTS = new Set<ReasonCode>(["EXTERNAL_PATH", "RULE_DENY", "RULE_ASK"]);

const MAX_ITEMS = 3;
const MAX_ITEM = 300;
const MAX_TEXT = 2000;

export function explainVerdict(v: Verdict, options: ExplainOptions = {}): string {
  const objections = v.reasons.filter((r) => r.decision !== "allow");
  const items: string[] = [];
  const fixes = new Set<string>();
  for (const r of objections) {
    const access = PATH_JUDGEMENTS.has(r.code)
      ? v.accesses.find((a) => a.start === r.start && a.end === r.end && a.reason === r.code)
      : undefined;
    items.push(clip(access ? describeAccess(access, options.actor) : describeReason(r)));
    fixes.add(fixFor(r.code, access));
  }
  if (items.length === 0) return "shellfence: every path is inside the project.";
  const more = items.length > MAX_ITEMS ? `; and ${items.length - MAX_ITEMS} more` : "";
  const text = `shellfence: ${items.slice(0, MAX_ITEMS).join("; ")}${more}. ${[...fixes].join(" ")}`;
  return text.length > MAX_TEXT ? text.slice(0, MAX_TEXT - 1) + "…" : text;
}

function describeAccess(a: Access, actor: string | undefined): string {
  const who = actor ?? a.command;
  const what = a.resolved ?? a.path;
  const rule = a.rule ?? "built-in";
  if (a.rule === null || a.rule.startsWith("external_directory:") || a.reason === "EXTERNAL_PATH") {
    return `${who} ${VERB[a.kind]} ${what}, outside the project (rule ${rule})`;
  }
  return `${who} ${VERB[a.kind]} ${what} (rule ${rule})`;
}

function describeReason(r: Reason): string {
  return `${r.message} (${r.code})`;
}

function fixFor(code: ReasonCode, access: Access | undefined): string {
  switch (code) {
    case "EXTERNAL_PATH":
    case "RULE_DENY":
    case "RULE_ASK":
      return access?.rule && !access.rule.startsWith("external_directory:")
        ? `Change the rule in ${PROJECT_CONFIG_NAME} if this access is intended.`
        : `Allow it with a rule in ${PROJECT_CONFIG_NAME}, or work inside the project.`;
    case "UNRESOLVED_WORD":
    case "UNRESOLVED_COMMAND":
    case "UNRESOLVED_CWD":
    case "UNRESOLVED_PATH":
      return "Spell the path out literally so it can be checked.";
    case "SECRET_PATH":
      return "It is a key, token or history file: approve it only if this command needs it.";
    case "PROTECTED_PATH":
      return `Edit ${PROJECT_CONFIG_NAME} (or the host's settings) yourself if the change is intended.`;
    case "INLINE_CODE":
    case "OPAQUE_CODE":
    case "SHELL_STATE":
      return `Run the code from a file inside the project, or allow it with "reasons": {"${code}": "allow"} in ${PROJECT_CONFIG_NAME}.`;
    case "PARSE_ERROR":
    case "PARSE_TIMEOUT":
    case "CHECK_TIMEOUT":
    case "INPUT_TOO_LARGE":
    case "INVALID_INPUT":
    case "NESTING_TOO_DEEP":
    case "EXPANSION_TOO_LARGE":
      return "Split or simplify the command so it can be checked.";
    case "BACKSLASH_PATH":
      return "Write the path with forward slashes only.";
    case "INTERNAL_ERROR":
      return "Approve it only if you know it is safe.";
    case "DESTRUCTIVE":
      return "It cannot be undone: approve it only if that is what you want.";
    case "OUTSIDE_EFFECT":
      return "It installs or changes something outside the project (for the system or the user): approve it only if that is intended.";
    default:
      return `Allow it with "reasons": {"${code}": "allow"} in ${PROJECT_CONFIG_NAME} if it is intended.`;
  }
}

/** One line, agent text escaped (escape.ts), at most MAX_ITEM. */
function clip(s: string): string {
  const one = escapeForPerson(s.replace(/[ \t\n\r]+/g, " "));
  return one.length > MAX_ITEM ? one.slice(0, MAX_ITEM - 1) + "…" : one;
}
