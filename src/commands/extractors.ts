// Archive extractors the table has no entry for (unrar, unar, jar, lha, cabextract, …), and
// downloads that save files under their remote names (`gh release download`). Their
// words are judged as any unknown program's (analyse.ts `generic`), which sees a destination
// outside the project but not what extracting does below one inside it: the archive's members
// land under names the guard never sees, through any symlink already there. So when one
// extracts, the working directory's tree, and the tree of each destination it is given, is
// written as tar's is (table/archives.ts `intoTree`): a protected file there, or a symlink
// there that leads out, is judged; and since the members are not read, the extraction is asked
// about (UNRESOLVED_PATH), as an archive tar cannot read is.

import { syntheticArg } from "./apply.ts";
import type { Arg, Effect } from "./effects.ts";

interface Extractor {
  /** Whether these words (after the program's name) extract. */
  readonly extracts: (words: readonly string[]) => boolean;
  /** Options whose value is where it extracts to (`-d DIR`, `-dDIR` is not split here). */
  readonly into?: readonly string[];
  /** The last operand is the destination when it ends in `/` (`unrar x a.rar out/`). */
  readonly slashOperand?: boolean;
  /** It saves files under their remote names, no archive's members. */
  readonly downloads?: boolean;
}

/** The first word that is not an option. */
const command = (words: readonly string[]): string | undefined => words.find((w) => !w.startsWith("-"));
/** A command word among these (`unrar x`, `arj e`). */
const commandIn = (...names: string[]) => (words: readonly string[]) => names.includes(command(words) ?? "");
/** Unless a word is one of these (`cabextract -l`). */
const unless = (...names: string[]) => (words: readonly string[]) => !words.some((w) => names.includes(w));
/** A first word whose letters hold x or e, with or without a dash (`jar xf`, `lha -xv`, `lha e`). */
const letters = (re: RegExp) => (words: readonly string[]) =>
  words.some((w) => w === "--extract") || re.test(words[0] ?? "");

const EXTRACTORS: ReadonlyMap<string, Extractor> = new Map<string, Extractor>([
  ["unrar", { extracts: commandIn("x", "e"), slashOperand: true }],
  ["rar", { extracts: commandIn("x", "e"), slashOperand: true }],
  ["unar", { extracts: () => true, into: ["-o", "-output-directory", "--output-directory"] }],
  ["jar", { extracts: letters(/^-?[a-zA-Z]*x/), into: ["-C", "--dir"] }],
  ["lha", { extracts: letters(/^-?[a-z]*[xe]/) }],
  ["lhasa", { extracts: letters(/^-?[a-z]*[xe]/) }],
  ["arj", { extracts: commandIn("x", "e"), slashOperand: true }],
  ["unarj", { extracts: commandIn("x", "e") }],
  ["unace", { extracts: commandIn("x", "e"), slashOperand: true }],
  ["cabextract", { extracts: unless("-l", "--list", "-t", "--test", "-p", "--pipe"), into: ["-d", "--directory"] }],
  ["bsdunzip", { extracts: unless("-l", "-t", "-v", "-p", "-Z"), into: ["-d"] }],
  ["aunpack", { extracts: () => true, into: ["-X", "--extract-to"] }],
  ["atool", { extracts: (w) => w.some((x) => ["-x", "--extract", "-X"].includes(x) || x.startsWith("--extract-to")),
    into: ["-X", "--extract-to"] }],
  ["dtrx", { extracts: unless("-l", "--list", "-t", "--table") }],
  ["unp", { extracts: () => true }],
  ["zpaq", { extracts: commandIn("x"), into: ["-to"] }],
  // gh 2.x: a release's assets and a run's artifacts land under their own names.
  ["gh", { extracts: (w) => ["release", "run"].includes(w[0] ?? "") && w[1] === "download", into: ["-D", "--dir"],
    downloads: true }],
]);

/** What extracting adds to an unknown program's effects: nothing when `name` is not an extractor or does not extract. */
export function extractionEffects(name: string, args: readonly Arg[], at: Arg): Effect[] {
  const x = EXTRACTORS.get(name);
  if (x === undefined) return [];
  // A word the guard cannot read may be the command or an option: it may extract.
  const words = args.map((a) => a.text ?? "");
  if (!x.extracts(words) && args.every((a) => a.text !== null)) return [];
  const dirs: Arg[] = [syntheticArg(".", at.span)];
  args.forEach((a, i) => {
    const next = args[i + 1];
    if (next !== undefined && a.text !== null && x.into?.includes(a.text)) dirs.push(next);
  });
  const last = args[args.length - 1];
  if (x.slashOperand && last !== undefined && last.text !== null && last.text.endsWith("/") && args.length > 1) {
    dirs.push(last);
  }
  const effects = dirs.flatMap((
    dir,
  ): Effect[] => [{ t: "path", arg: dir, kind: "write" }, { t: "scan", arg: dir, kind: "write" }, { t: "links",
    arg: dir, tree: true }]
  );
  // The members' names decide where they land, and these archives are not read (table/unpacking.ts
  // reads tar, zip and cpio for the programs the table describes); a download is a file under its own name.
  if (!x.downloads) {
    effects.push({ t: "issue", code: "UNRESOLVED_PATH",
      message:
        `${name} unpacks an archive whose members the guard does not read: one may climb out, be absolute, or be a link a later member is written through`,
      span: at.span });
  }
  return effects;
}
