// Every command of the shared corpora (../shared/corpora, outside the repository): the text
// files one command a line, the JSON Lines files the `source` field of each entry. Entries
// are kept once, in file order, so a sweep over them says which file a command came from.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const here = new URL(".", import.meta.url).pathname;
export const CORPORA_DIR = join(here, "..", "..", "..", "shared", "corpora");

/** The corpus files and how each holds its commands. */
const FILES: readonly (readonly [string, "lines" | "jsonl"])[] = [["tldr.txt", "lines"], ["tldr-alt1.txt", "lines"], [
  "tldr-raw.txt",
  "lines",
], ["nl2bash.txt", "lines"], ["intercode-gold.txt", "lines"], ["intercode-agent-actions.jsonl", "jsonl"], [
  "cheatsheets.jsonl",
  "jsonl",
], ["tree-sitter-bash-corpus.jsonl", "jsonl"]];

export interface CorpusCommand {
  readonly text: string;
  /** The corpus file and the line it is on (1-based). */
  readonly file: string;
  readonly line: number;
}

export interface Corpora {
  readonly commands: readonly CorpusCommand[];
  /** Corpus files that are not there. */
  readonly missing: readonly string[];
}

export function loadCorpora(dir: string = CORPORA_DIR): Corpora {
  const seen = new Set<string>();
  const commands: CorpusCommand[] = [];
  const missing: string[] = [];
  for (const [file, format] of FILES) {
    const path = join(dir, file);
    if (!existsSync(path)) {
      missing.push(file);
      continue;
    }
    const lines = readFileSync(path, "utf8").split("\n");
    lines.forEach((raw, i) => {
      if (raw.trim() === "") return;
      const text = format === "lines" ? raw : (JSON.parse(raw) as { source: string }).source;
      if (typeof text !== "string" || text.trim() === "" || seen.has(text)) return;
      seen.add(text);
      commands.push({ text, file, line: i + 1 });
    });
  }
  return { commands, missing };
}
