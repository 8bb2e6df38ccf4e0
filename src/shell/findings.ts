// What the interpreter finds, before any policy: paths with their kind and resolution, and
// problems that keep it from knowing. The policy turns these into judgements.

import type { ReasonCode } from "../base/reasons.ts";
import type { AccessKind, InheritedState } from "../base/verdict.ts";
import type { Span } from "../base/span.ts";

export interface PathFinding {
  /** The path as the command names it (expanded text, or the word's source when unknown). */
  readonly path: string;
  /** Absolute physical path; null when unresolved (see `problem`). */
  readonly resolved: string | null;
  readonly kind: AccessKind;
  readonly command: string;
  readonly via: readonly string[];
  readonly span: Span;
  /** Why the path could not be resolved, when it could not. */
  readonly problem: { readonly code: ReasonCode; readonly why: string; readonly state?: InheritedState } | null;
  /**
   * For a path unresolved only because a directory on its way is not there and an earlier
   * command may make it a symlink: where it leads if none is made (physical), which the rules
   * judge too, so that a name they deny stays denied.
   */
  readonly named?: string;
  /** The per-tool surface that judges this access when its kind alone does not say (`grep`, `find`). */
  readonly surface?: string;
  /** The name the command that made this access was run by (`rm`, `/bin/rm`, `./rm`): see Origin. */
  readonly program?: string;
  /** The access is a redirection of the command's (`rm x > f`): the shell, not the program, makes the file. */
  readonly redirect?: true;
  /** What the program's table entry says of the names its writes make, when it says anything. */
  readonly naming?: Naming;
  /** The command removes this entry with everything below it (`rm -r`, `find -delete`): see Origin. */
  readonly removesTree?: true;
}

/**
 * What a table entry says of the names a program's writes make (`naming` in src/commands/spec.ts;
 * src/shell/listing.ts reads it, since a listing's names stay what it printed only if nothing
 * makes a name that is not plain where they are):
 * - `removes`: it only removes names or changes what a name holds (rm, chmod): it makes no name;
 * - `keeps`: it makes no name but those its writes name and plain ones made from them (gzip's NAME.gz);
 * - `trees`: it makes the names it is given and copies or moves trees (cp, mv);
 * - `index`: it keeps the names in git's index (`git status`).
 */
export type NameFact = "removes" | "keeps" | "trees" | "index";

/** A NameFact as it holds for one run of the program. */
export interface Naming {
  readonly fact: NameFact;
  /** Why this run's words undo the fact after all (`gzip -N` may restore a name stored in a file). */
  readonly unless?: string;
}

/** Which run of a program a path finding comes from (`Findings.attributed`). */
export interface Origin {
  readonly program?: string;
  readonly redirect?: true;
  readonly naming?: Naming;
  readonly removesTree?: true;
}

export interface IssueFinding {
  readonly code: ReasonCode;
  readonly message: string;
  readonly span: Span | null;
}

/** A simple command as it would run: its words after expansion, for command-text rules. */
export interface CommandFinding {
  /** The words joined with spaces; a word whose value is not known appears as written. */
  readonly text: string;
  /** The words `text` joins, the first the name it was run by. */
  readonly words: readonly string[];
  /** What the program's table entry says of the names its writes make, for these words. */
  readonly naming?: Naming;
  /** False when a word's value is not known (its source text stands in for it). */
  readonly known: boolean;
  readonly via: readonly string[];
  readonly span: Span;
}

export class Findings {
  readonly paths: PathFinding[] = [];
  readonly issues: IssueFinding[] = [];
  readonly commands: CommandFinding[] = [];
  private readonly seenCommands = new Set<string>();
  private readonly seenPaths = new Set<string>();
  private readonly seenIssues = new Set<string>();
  /** The run the paths added now come from; null outside one (a word's glob, the end of a check). */
  private origin: Origin | null = null;

  /**
   * Runs `run` with every path it adds marked as coming from `origin`: the interpreter wraps a
   * command's own accesses and its redirections, so that the accesses made for a word's
   * expansion, or by another command it runs, are not marked as this one's.
   */
  attributed<T>(origin: Origin | null, run: () => T): T {
    const outer = this.origin;
    this.origin = origin;
    try {
      return run();
    } finally {
      this.origin = outer;
    }
  }

  addPath(f: PathFinding): void {
    const k = pathKey(f);
    if (this.seenPaths.has(k)) return;
    this.seenPaths.add(k);
    this.paths.push(this.origin === null ? f : { ...f, ...this.origin });
  }

  addIssue(f: IssueFinding): void {
    const k = issueKey(f);
    if (this.seenIssues.has(k)) return;
    this.seenIssues.add(k);
    this.issues.push(f);
  }

  addCommand(f: CommandFinding): void {
    const k = `${f.text}\u0000${f.span.start}\u0000${f.span.end}\u0000${f.via.join(" ")}`;
    if (this.seenCommands.has(k)) return;
    this.seenCommands.add(k);
    this.commands.push(f);
  }

  get size(): number {
    return this.paths.length + this.issues.length;
  }

  /** Where the lists of paths and issues end now (dropSince). */
  mark(): FindingsMark {
    return { paths: this.paths.length, issues: this.issues.length };
  }

  /**
   * Removes the paths and issues added since `at` whose reason `drop` selects (a path with no
   * problem has none), and forgets them, so that the same finding made again is kept: for the
   * parts judged for what they visibly reach only (src/interp/visible-only.ts).
   */
  dropSince(at: FindingsMark, drop: (code: ReasonCode) => boolean): void {
    const paths = this.paths.splice(at.paths);
    for (const f of paths) {
      if (f.problem && drop(f.problem.code)) this.seenPaths.delete(pathKey(f));
      else this.paths.push(f);
    }
    const issues = this.issues.splice(at.issues);
    for (const f of issues) {
      if (drop(f.code)) this.seenIssues.delete(issueKey(f));
      else this.issues.push(f);
    }
  }
}

interface FindingsMark {
  readonly paths: number;
  readonly issues: number;
}

function pathKey(f: PathFinding): string {
  return `${f.kind}\u0000${f.path}\u0000${f.resolved}\u0000${f.span.start}\u0000${f.span.end}\u0000${f.command}\u0000${
    f.problem?.code ?? ""
  }`;
}

function issueKey(f: IssueFinding): string {
  return `${f.code}\u0000${f.message}\u0000${f.span?.start}\u0000${f.span?.end}`;
}
