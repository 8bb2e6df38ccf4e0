// What a compressor writes beside each file it is given: gzip, bzip2, xz, zstd, lz4 and brotli
// replace NAME with NAME.gz (and the like) when compressing, and NAME.gz with NAME when
// decompressing (`.tgz` with `.tar`). The operand itself is judged as written by the entry;
// the name beside it is a write too: `gunzip -f .shellfence.json.gz` writes the guard's config,
// and a rule on `*.env` must see `gunzip secrets.env.gz`.

import { withValue } from "../effects.ts";
import type { SpecContext } from "../spec.ts";
import type { Custom } from "./common.ts";

interface Suffixes {
  /** What compressing appends. */
  readonly add: string;
  /** What decompressing takes off, and what it puts instead (`.tgz` → `.tar`). */
  readonly strip: readonly (readonly [string, string])[];
  /** What decompressing a name without a known suffix writes beside it (bzip2: NAME.out); others refuse. */
  readonly unknown?: string;
}

/** Modes in which the entry writes no file of its own (`-c`, `-l`, `-t`, `-o FILE`). */
const NO_OUTPUT = ["stdout", "list", "test", "output"];

const DECOMPRESS = new Set(["-d", "--decompress", "--uncompress"]);

/** Whether a compressor decompresses: by its name (gunzip, bunzip2, unxz, zcat, …) or by -d. */
export function decompressing(ctx: SpecContext): boolean {
  return ctx.name.includes("un") || ctx.name.endsWith("cat") ||
    ctx.items.some((it) => it.t === "option" && DECOMPRESS.has(it.name));
}

const GZIP: Suffixes = { add: ".gz",
  strip: [[".gz", ""], [".z", ""], ["-z", ""], ["_z", ""], ["-gz", ""], [".Z", ""], [".tgz", ".tar"], [".taz",
    ".tar"]] };
const COMPRESS: Suffixes = { add: ".Z", strip: [[".Z", ""]] };
const BZIP2: Suffixes = { add: ".bz2", strip: [[".bz2", ""], [".bz", ""], [".tbz2", ".tar"], [".tbz", ".tar"]],
  unknown: ".out" };
const XZ: Suffixes = { add: ".xz", strip: [[".xz", ""], [".lzma", ""], [".txz", ".tar"], [".tlz", ".tar"]] };
const LZMA: Suffixes = { add: ".lzma", strip: [[".lzma", ""], [".tlz", ".tar"], [".xz", ""]] };
const ZSTD: Suffixes = { add: ".zst", strip: [[".zst", ""], [".tzst", ".tar"]] };
const LZ4: Suffixes = { add: ".lz4", strip: [[".lz4", ""]] };
const BROTLI: Suffixes = { add: ".br", strip: [[".br", ""]] };

const BY_NAME: ReadonlyMap<string, Suffixes> = new Map([
  ...["gzip", "gunzip", "pigz", "unpigz"].map((n) => [n, GZIP] as const),
  ...["compress", "uncompress"].map((n) => [n, COMPRESS] as const),
  ...["bzip2", "bunzip2", "pbzip2", "lbzip2"].map((n) => [n, BZIP2] as const),
  ...["xz", "unxz"].map((n) => [n, XZ] as const),
  ...["lzma", "unlzma"].map((n) => [n, LZMA] as const),
  ...["zstd", "unzstd", "zstdmt", "pzstd"].map((n) => [n, ZSTD] as const),
  ...["lz4", "unlz4"].map((n) => [n, LZ4] as const),
  ...["brotli", "unbrotli"].map((n) => [n, BROTLI] as const),
]);

/** The names a compressor writes beside its operands (the entry's hook, for every name above). */
export const compressedNames: Custom = (ctx) => {
  if (NO_OUTPUT.some((m) => ctx.modes.has(m))) return;
  const suffixes = BY_NAME.get(ctx.name);
  // A name of the entry that is not listed here writes names the guard cannot know.
  if (suffixes === undefined) throw new Error(`compressed-names.ts: no suffixes for ${ctx.name}`);
  const un = decompressing(ctx);
  for (const a of ctx.operands) {
    const text = a.text;
    if (text === null || text === "-" || text === "") continue;
    if (!un) {
      ctx.role(withValue(a, text + suffixes.add, ""), "write");
      continue;
    }
    const match = suffixes.strip.find(([s]) => text.length > s.length && text.endsWith(s));
    if (match) ctx.role(withValue(a, text.slice(0, -match[0].length) + match[1], ""), "write");
    else if (suffixes.unknown !== undefined) ctx.role(withValue(a, text + suffixes.unknown, ""), "write");
  }
};
