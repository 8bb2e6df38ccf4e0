// The spellings of one simple command that `bash` rules are matched against. A rule names a
// command as people write it (`rm *`, `git push *`), but the same program runs as `/bin/rm`,
// and git takes global options before its subcommand (`git -C . push`). So a command is also
// matched with its program's basename, and a git command with its global options removed as the
// command table parses them (src/commands/git-global-options.ts): the strictest match wins.

import { GIT_GLOBAL_OPTIONS } from "../commands/git-global-options.ts";

/** git's global options that take their value as the next word (`-C DIR`, `-c KEY=VALUE`). */
const GIT_VALUE_OPTIONS = new Set(
  Object.entries(GIT_GLOBAL_OPTIONS).filter(([, o]) => o.value !== undefined && o.optional !== true).map(([name]) =>
    name
  ),
);

/**
 * The texts a command is matched as: itself; with its program named by basename (`/usr/bin/curl
 * x` is `curl x`); for git, also without the global options before the subcommand (`git -c k=v
 * --no-pager push` is `git push`). The text's words are joined by single spaces, so a word
 * holding a space reads as two: a value with a space in it (`-c "k=a b"`) may leave the wrong
 * word as the subcommand; that spelling is matched as well as it can be, never less than as
 * written.
 */
export function commandTexts(text: string): string[] {
  const out = new Set<string>([text]);
  const words = text.split(" ");
  const name = words[0] ?? "";
  const slash = name.lastIndexOf("/");
  if (slash >= 0 && slash < name.length - 1) words[0] = name.slice(slash + 1);
  out.add(words.join(" "));
  if (words[0] === "git") {
    let i = 1;
    while (i < words.length) {
      const w = words[i]!;
      if (w === "--") {
        i++;
        break;
      }
      if (!w.startsWith("-") || w === "-") break;
      i += GIT_VALUE_OPTIONS.has(w) ? 2 : 1;
    }
    if (i > 1) out.add(["git", ...words.slice(i)].join(" "));
  }
  return [...out];
}
