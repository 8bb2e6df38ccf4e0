// Messages given to a program the table does not describe: `gh pr create --title … --body …`.
// Every word of such a program is judged as a place (analyse.ts, `generic`), and a pull
// request's body names routes and files (`fix /api/users; see src/a.ts`) that the program sends
// to a server and never opens. The values of the options below are that text, for the verbs
// listed, as the program's own flag definitions say (gh: cli/cli pkg/cmd/*, cobra/pflag).
//
// The words are read as pflag reads them: options anywhere until `--`; a long option's value
// after `=` or in the next word, a short one's glued (`-tTitle`, `-t=Title`) or in the next
// word. Only a verb given right after the group (`gh pr create`, nothing before it) is read,
// and reading stops at the first word that is not an option of the verb that the data names
// (a flag, an option whose value is a message, or one whose value is a file, which stays
// judged): an option the data does not know may take the next word as its value, so from
// there on nothing is taken for a message. A cluster of short flags (`-dt x`) stops it too.

import type { Arg } from "./effects.ts";

interface VerbOptions {
  /** Options whose value is a message or a name on the server (a title, a label, a branch). */
  readonly text: readonly string[];
  /** Options that take a value that is judged as before (a file: `--body-file`, `--recover`, `--template`). */
  readonly valued: readonly string[];
  /** Options that take no value. */
  readonly flags: readonly string[];
}

/** gh's `-R/--repo OWNER/REPO`, on every verb below (cmdutil.EnableRepoOverride), and `--help`. */
const GH_ALL: VerbOptions = { text: ["-R", "--repo"], valued: [], flags: ["-h", "--help"] };

const PR_EDITABLE = ["--add-reviewer", "--remove-reviewer", "--add-assignee", "--remove-assignee", "--add-label",
  "--remove-label", "--add-project", "--remove-project", "-m", "--milestone"];

/** gh's verbs by `GROUP VERB`, from cli/cli's pkg/cmd (create.go, comment.go, edit.go, …). */
const GH: ReadonlyMap<string, VerbOptions> = new Map([
  ["pr create", {
    text: ["-t", "--title", "-b", "--body", "-B", "--base", "-H", "--head", "-r", "--reviewer", "-a", "--assignee",
      "-l", "--label", "-p", "--project", "-m", "--milestone"],
    valued: ["-F", "--body-file", "--recover", "-T", "--template"],
    flags: ["-d", "--draft", "-e", "--editor", "-w", "--web", "--fill-verbose", "-f", "--fill", "--fill-first",
      "--no-maintainer-edit", "--dry-run"],
  }],
  ["pr edit", { text: ["-t", "--title", "-b", "--body", "-B", "--base", ...PR_EDITABLE], valued: ["-F", "--body-file"],
    flags: ["--remove-milestone"] }],
  ["pr comment", { text: ["-b", "--body"], valued: ["-F", "--body-file"],
    flags: ["-e", "--editor", "-w", "--web", "--edit-last"] }],
  ["pr review", { text: ["-b", "--body"], valued: ["-F", "--body-file"],
    flags: ["-a", "--approve", "-r", "--request-changes", "-c", "--comment"] }],
  ["pr merge", { text: ["-b", "--body", "-t", "--subject", "--match-head-commit", "-A", "--author-email"],
    valued: ["-F", "--body-file"],
    flags: ["--admin", "-d", "--delete-branch", "-m", "--merge", "-r", "--rebase", "-s", "--squash", "--auto",
      "--disable-auto"] }],
  ["pr close", { text: ["-c", "--comment"], valued: [], flags: ["-d", "--delete-branch"] }],
  ["issue create", {
    text: ["-t", "--title", "-b", "--body", "-a", "--assignee", "-l", "--label", "-p", "--project", "-m",
      "--milestone"],
    valued: ["-F", "--body-file", "--recover", "-T", "--template"],
    flags: ["-e", "--editor", "-w", "--web"],
  }],
  ["issue edit", { text: ["-t", "--title", "-b", "--body", ...PR_EDITABLE.slice(2)], valued: ["-F", "--body-file"],
    flags: ["--remove-milestone"] }],
  ["issue comment", { text: ["-b", "--body"], valued: ["-F", "--body-file"],
    flags: ["-e", "--editor", "-w", "--web", "--edit-last"] }],
  ["issue close", { text: ["-c", "--comment", "-r", "--reason"], valued: [], flags: [] }],
  // The tag and the files to upload are operands, judged as before.
  ["release create", {
    text: ["-t", "--title", "-n", "--notes", "--target", "--notes-start-tag", "--discussion-category"],
    valued: ["-F", "--notes-file"],
    flags: ["-d", "--draft", "-p", "--prerelease", "--generate-notes", "--verify-tag", "--notes-from-tag", "--latest"],
  }],
]);

/** The words of `args` (after the program's name) that are messages, not places. */
export function messageValues(program: string, args: readonly Arg[]): ReadonlySet<Arg> {
  const out = new Set<Arg>();
  if (program !== "gh" || args.length < 2) return out;
  const verb = GH.get(`${args[0]!.text} ${args[1]!.text}`);
  if (verb === undefined) return out;
  const text = new Set([...verb.text, ...GH_ALL.text]);
  const valued = new Set([...verb.valued, ...GH_ALL.valued]);
  const flags = new Set([...verb.flags, ...GH_ALL.flags]);
  for (let i = 2; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === null || t === "--") break;
    if (!t.startsWith("-") || t === "-") continue;
    const long = t.startsWith("--");
    const name = long ? t.replace(/=.*$/s, "") : t.slice(0, 2);
    const glued = long ? t.includes("=") : t.length > 2;
    if (flags.has(name)) {
      // (`--draft=false` names its value; `-dX` is a cluster, not followed.)
      if (!long && glued) break;
      continue;
    }
    const message = text.has(name);
    if (!message && !valued.has(name)) break;
    if (glued) {
      if (message) out.add(args[i]!);
      continue;
    }
    if (i + 1 >= args.length) break;
    if (message) out.add(args[i + 1]!);
    i++;
  }
  return out;
}
