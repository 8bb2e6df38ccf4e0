// What the interpreter finds, before any policy: paths with their kind and resolution, and
// problems that keep it from knowing. The policy turns these into judgements.

import type { ReasonCode } from "../base/reasons.ts";
import type { AccessKind } from "../base/verdict.ts";
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
  readonly problem: { readonly code: ReasonCode; readonly why: string } | null;
  /** The per-tool surface that judges this access when its kind alone does not say (`grep`, `find`). */
  readonly surface?: string;
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

  addPath(f: PathFinding): void {
    const k = `${f.kind}\u0000${f.path}\u0000${f.resolved}\u0000${f.span.start}\u0000${f.span.end}\u0000${f.command}\u0000${f.problem?.code ?? ""}`;
    if (this.seenPaths.has(k)) return;
    this.seenPaths.add(k);
    this.paths.push(f);
  }

  addIssue(f: IssueFinding): void {
    const k = `${f.code}\u0000${f.message}\u0000${f.span?.start}\u0000${f.span?.end}`;
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
}
