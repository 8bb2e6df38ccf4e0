// Where a scan finding is, and how its message reads, so that the same checkout gives the same
// findings whoever scans it and wherever: paths in the root are shown relative to it, paths in
// the home directory (the scanning machine's, not the runner's) as `~/…`, and what the guard
// found in a file a script sources or runs is reported in that file, at its own line.

import { realpathSync } from "node:fs";
import { relative, sep } from "node:path";
import { readRegularFile } from "../paths/fs.ts";
import { type MappedText, mapFile } from "./mapped.ts";

/** A file past this is not read whole: far past the guard's own 64 KiB bound on a command. */
export const MAX_SCAN_BYTES = 16 << 20;

export class ScanPlaces {
  private readonly roots: readonly string[];
  private readonly rewrites: readonly [RegExp, string][];
  private readonly files = new Map<string, { readonly file: string; readonly text: MappedText } | null>();

  constructor(root: string, home: string | null) {
    const physical = realRoot(root);
    this.roots = physical === root ? [root] : [physical, root];
    const rewrites: [RegExp, string][] = [];
    // The root as the guard resolved it and as it was given; a path below it loses it and the
    // slash after it (`/w/repo/src/x` is `src/x`), the root itself is `.`.
    for (const r of this.roots.filter((x) => x !== "/")) {
      rewrites.push([pathAt(`${r}/`), ""], [pathAt(r), "."]);
    }
    const h = home?.replace(/\/+$/, "");
    if (h) rewrites.push([pathAt(h), "~"]);
    this.rewrites = rewrites;
  }

  /** The message with the root and the home directory written as on every machine. */
  message(text: string): string {
    let out = text;
    for (const [re, by] of this.rewrites) out = out.replace(re, by);
    return out;
  }

  /**
   * A file the guard read code from (a physical path): its path relative to the root and its
   * text, or null when it is not a file in the root (then the finding stays where the command
   * reaches it).
   */
  fileOf(path: string): { readonly file: string; readonly text: MappedText } | null {
    let got = this.files.get(path);
    if (got !== undefined) return got;
    got = null;
    for (const r of this.roots) {
      const rel = relative(r, path);
      if (rel === "" || rel.startsWith("..") || rel.startsWith(sep)) continue;
      const read = readRegularFile(path, MAX_SCAN_BYTES);
      if ("bytes" in read) got = { file: rel.split(sep).join("/"), text: mapFile(read.bytes.toString("utf8")) };
      break;
    }
    this.files.set(path, got);
    return got;
  }
}

function realRoot(root: string): string {
  try {
    return realpathSync.native(root);
  } catch {
    return root;
  }
}

/**
 * A path in a message: not the end of a longer one before it, and (unless it ends in `/`)
 * not the start of a longer name after it.
 */
function pathAt(p: string): RegExp {
  const escaped = p.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
  return new RegExp(`(?<![\\w./~-])${escaped}${p.endsWith("/") ? "" : "(?![\\w.-])"}`, "g");
}
