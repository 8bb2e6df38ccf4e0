// A directory a command recurses into while following symlinks (`grep -R`, `find -L`, `cp -rL`):
// walked for the links under it that lead elsewhere, each an access of the command's kind.

import { UNDECODABLE_NAME } from "../paths/fs.ts";
import { isAbsolute, isInside, join, resolvePhysical } from "../paths/resolve.ts";
import type { AccessKind } from "../base/verdict.ts";
import { type Arg, withValue } from "../commands/analyse.ts";
import type { World } from "../shell/state.ts";
import { zoneInListing, zoneWatch } from "../shell/zones.ts";
import type { FileSystem } from "../paths/fs.ts";
import type { ReasonCode } from "../base/reasons.ts";
import type { Span } from "../base/span.ts";
import type { Findings } from "../shell/findings.ts";
import type { InterpreterLimits } from "./limits.ts";
import type { OutsideWalk, WalkAdvice } from "./walk-advice.ts";

/** What the walk needs of the accesses (access.ts Accesses): the disk, the roots, and where findings go. */
interface TreeScanner {
  readonly fs: FileSystem;
  readonly limits: InterpreterLimits;
  readonly opts: { readonly roots: readonly string[]; readonly advice?: WalkAdvice };
  readonly findings: Pick<Findings, "addPath">;
  readonly shell: { span(s: Span): Span; readonly via: readonly string[];
    issue(code: ReasonCode, message: string, span: Span | null): void };
}

/** Entries walked in an outside tree nothing can allow: enough for a project-sized tree. */
const OUTSIDE_COURTESY_SCAN = 2000;

/**
 * A directory a command recurses into while following symlinks: every symlink under it
 * that leads out of the tree is an access of the command's kind to where it leads — out of
 * the roots, or to another place inside them (`src/sl -> ../secrets`), which the rules and
 * the host's path policy must judge as if it had been named. A link that stays in the tree
 * is judged with the tree (the walk of the directory itself reaches it), and one into the
 * roots that nothing could judge other than allow (`insideLinkMatters`) is not reported.
 * Directories links lead to inside the roots are walked too. Past the bound, the command is
 * asked about, unless `quietPastBound` (a walk that only may be the program's: spellings.ts).
 * `links`: which links, by name, the command may meet (the scan effect's, in effects.ts).
 */
export function scanTree(a: TreeScanner, w: World, arg: Arg, kind: AccessKind, command: string, base?: string | null,
  surface?: string, quietPastBound = false, links?: (name: string, path: string) => boolean): void
{
  if (arg.text === null) return;
  const dir = isAbsolute(arg.text) ? arg.text : (base === undefined ? w.cwd : base);
  if (dir === null) {
    // From a stand-in working directory, a path without `..` is in its tree: that tree is walked (the access says when it is not).
    const tree = base === undefined ? w.standInCwd : null;
    if (tree !== null && !arg.text.split("/").includes("..") && !w.linksChanged &&
      !zoneInListing(w.linkZones, tree.under, true))
    {
      return scanTree(a, w, withValue(arg, tree.under, ""), kind, command, undefined, surface);
    }
    a.findings.addPath({ path: arg.text, resolved: null, kind, command, via: a.shell.via, span: a.shell.span(arg.span),
      problem: { code: "UNRESOLVED_CWD", why: `the working directory ${command} walks ${arg.text} from is not known` },
      ...(surface ? { surface } : {}) });
    return;
  }
  const start = resolvePhysical(isAbsolute(arg.text) ? arg.text : join(dir, arg.text), a.fs, zoneWatch(w.linkZones));
  const zoned = (at: string) =>
    a.findings.addPath({ path: arg.text!, resolved: null, kind, command, via: a.shell.via, span: a.shell.span(arg.span),
      problem: { code: "UNRESOLVED_PATH",
        why:
          `${command} follows symlinks under ${arg.text}, where an earlier command may have created, moved or unpacked some (${at})` },
      ...(surface ? { surface } : {}) });
  if (!start.ok && start.error === "changed") return zoned(start.at);
  if (!start.ok || !start.exists || a.fs.lstat(start.path) !== "dir") return;
  // A tree outside the roots is judged as a whole by the access to it; a link in it that
  // leads somewhere else still needs its own judgement when that tree may be allowed (the
  // place the link reaches may not be). When nothing can allow it, the walk only names
  // what it finds early, for the person asked, and stops quietly at a small bound; when
  // nothing it could find is stricter than the tree's own `ask`, there is no walk.
  const startOutside = !a.opts.roots.some((r) => isInside(start.path, r));
  const walk: OutsideWalk = startOutside ? (a.opts.advice?.outsideWalk(start.path) ?? "judge") : "judge";
  if (walk === "skip") return;
  const mustWalk = walk === "judge";
  const bound = mustWalk ? a.limits.maxScanEntries : Math.min(a.limits.maxScanEntries, OUTSIDE_COURTESY_SCAN);
  const covered = (p: string) =>
    a.opts.roots.some((root) => isInside(p, root)) || (startOutside && isInside(p, start.path));
  const span = a.shell.span(arg.span);
  const queue: [string, string][] = [[start.path, arg.text.replace(/\/+$/, "") || "/"]];
  const seen = new Set<string>([start.path]);
  let entries = 0;
  while (queue.length) {
    const [phys, shown] = queue.shift()!;
    if (w.linkZones.length && zoneInListing(w.linkZones, phys, true)) return zoned(phys);
    const names = a.fs.readdir(phys);
    if (!names) {
      // A directory on another machine's disk (FileSystem.unknownHere): the links in it are
      // not known here, so when they would be judged, that the command follows them is the finding.
      if (mustWalk && a.fs.unknownHere?.(phys)) {
        a.findings.addPath({ path: shown, resolved: null, kind, command, via: a.shell.via, span,
          problem: { code: "UNRESOLVED_PATH",
            why: `${command} follows symlinks under ${shown}, which on the machine that runs it are not known here` },
          ...(surface ? { surface } : {}) });
        return;
      }
      continue;
    }
    for (const name of names) {
      if (++entries > bound) {
        if (mustWalk && !quietPastBound) {
          a.shell.issue("EXPANSION_TOO_LARGE",
            `${command} follows symlinks under ${arg.text}, which holds more than ${bound} entries`, arg.span);
        }
        return;
      }
      const shownPath = shown === "/" ? "/" + name : shown + "/" + name;
      if (name === UNDECODABLE_NAME) {
        a.findings.addPath({ path: shown, resolved: null, kind, command, via: a.shell.via, span,
          problem: { code: "UNRESOLVED_PATH", why: `${shown} holds a name that is not UTF-8` },
          ...(surface ? { surface } : {}) });
        continue;
      }
      const p = phys + "/" + name;
      const t = a.fs.lstat(p);
      if (t === "dir") {
        if (!seen.has(p)) {
          seen.add(p);
          queue.push([p, shownPath]);
        }
        continue;
      }
      if (t !== "symlink") continue;
      // (A link the command never meets by its name: it is not given it, and does not go through it.)
      if (links !== undefined && !links(name, shownPath)) continue;
      const r = resolvePhysical(p, a.fs);
      if (!r.ok) {
        a.findings.addPath({ path: shownPath, resolved: null, kind, command, via: a.shell.via, span,
          problem: { code: "UNRESOLVED_PATH", why: `${shownPath} is a symlink that cannot be resolved` },
          ...(surface ? { surface } : {}) });
        continue;
      }
      if (!covered(r.path)) {
        a.findings.addPath({ path: shownPath, resolved: r.path, kind, command, via: a.shell.via, span, problem: null,
          ...(surface ? { surface } : {}) });
        continue;
      }
      if (!isInside(r.path, start.path) && (a.opts.advice?.insideLinkMatters(r.path, kind, surface) ?? true)) {
        a.findings.addPath({ path: shownPath, resolved: r.path, kind, command, via: a.shell.via, span, problem: null,
          ...(surface ? { surface } : {}) });
      }
      if (!seen.has(r.path) && a.fs.lstat(r.path) === "dir") {
        seen.add(r.path);
        queue.push([r.path, shownPath]);
      }
    }
  }
}
