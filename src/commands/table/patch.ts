// patch: the files a patch names are written (or the one named on the command line).

import { applySpec, parseWords, syntheticArg } from "../apply.ts";
import { type Effect, withValue } from "../effects.ts";
import { againstCwd, chdir, each, generic, none, optionalNone, optionItems, optionValues, write } from "./common.ts";
import { expandSpec } from "./expand.ts";
import type { Analyser, Call } from "../spec.ts";

const PATCH_SPEC = expandSpec({
  names: ["patch"],
  flags: "bcefElnNRsStuZT",
  long: ["--backup", "--context", "--ed", "--force", "--remove-empty-files", "--ignore-whitespace", "--normal",
    "--forward", "--reverse", "--silent", "--quiet", "--batch", "--unified", "--set-utc", "--set-time", "--binary",
    "--posix", "--verbose", "--follow-symlinks", "--backup-if-mismatch", "--no-backup-if-mismatch", "--version",
    "--help"],
  options: {
    "-p": none,
    "--strip": none,
    "-i": { value: "read", modes: ["input"] },
    "--input": { value: "read", modes: ["input"] },
    "-o": { value: "write", modes: ["output"] },
    "--output": { value: "write", modes: ["output"] },
    "-d": chdir,
    "--directory": chdir,
    "-r": write,
    "--reject-file": write,
    // Backup names: -B PREFIX is prepended to the file's name, -Y PREFIX to its basename (in
    // the file's directory), so either may lead elsewhere (`-Y ../x/`: GNU patch 2.7 manual);
    // -z SUFFIX is appended, which leaves only through a `/` in it.
    ...each(generic, "-B", "--prefix", "-Y", "--basename-prefix"),
    ...each(none, "-z", "--suffix", "-V", "--version-control", "-D", "--ifdef", "-F", "--fuzz", "-g", "--get", "-x",
      "--debug", "--read-only", "--quoting-style", "--reject-format"),
    "--dry-run": { modes: ["dry"] },
    "-C": { modes: ["dry"] },
    "--check": { modes: ["dry"] },
    "--merge": optionalNone,
  },
  // patch [ORIGINAL [PATCHFILE]]
  operands: { positional: [{ default: "write", modes: { output: "read", dry: "read" } }, "read"] },
  changes: { fs: true, links: true },
  // A git-style diff may create symlinks (`new file mode 120000`), under names the guard does
  // not read: later paths below the directory patch works in that are not there now are not known.
  custom: (ctx) => {
    for (const v of optionValues(ctx, "-z", "--suffix")) {
      if (v.text === null || v.text.includes("/")) ctx.role(v, "generic");
    }
    if (ctx.modes.has("dry")) return;
    const dir = optionItems(ctx, "-d", "--directory").pop();
    if (dir) {
      if (dir.value) {
        ctx.emit({ t: "links", arg: dir.value, tree: true, ...(dir.base !== undefined ? { base: dir.base } : {}) });
      }
    } else {
      ctx.emit({ t: "links", arg: syntheticArg(".", ctx.items[0]?.word.span ?? { start: 0, end: 0 }), tree: true,
        ...(ctx.start !== undefined ? { base: ctx.start } : {}) });
    }
  },
});

/** The files a unified or context diff names, each with every `-p` strip level applied. */
function patchTargets(text: string, strip: number | null): string[] {
  const out = new Set<string>();
  for (const line of text.split("\n")) {
    const m = /^(?:\+\+\+|---|\*\*\*) ([^\t\n]+)/.exec(line) ?? /^Index: (.+)$/.exec(line) ??
      /^diff --git (?:"?a\/)?(\S+) (?:"?b\/)?(\S+)/.exec(line);
    if (!m) continue;
    for (const raw of m.slice(1)) {
      const name = raw.trim().replace(/^"|"$/g, "");
      if (!name || name === "/dev/null") continue;
      const parts = name.split("/");
      const levels = strip === null ? parts.map((_, i) => i) : [Math.min(strip, parts.length - 1)];
      for (const k of levels) out.add(parts.slice(k).join("/") || name);
    }
  }
  return [...out];
}

/**
 * patch: the files written are named inside the patch (relative to -d or the working
 * directory). When the patch text is visible (a here-document) those names are judged;
 * otherwise it is an issue, unless the output goes to -o.
 */
function patch(call: Call): Effect[] {
  const effects = applySpec("patch", PATCH_SPEC, call.args, call.world, call.span).effects;
  const parsed = parseWords(PATCH_SPEC, call.args, call.world, undefined, false);
  if (parsed.modes.has("output") || parsed.modes.has("dry")) return effects;
  const operands = parsed.items.filter((i) => i.t === "operand");
  if (operands.length >= 1) return effects;
  const stripItem = parsed.items.find((i) => i.t === "option" && (i.name === "-p" || i.name === "--strip"));
  const stripText = stripItem && stripItem.t === "option" ? stripItem.value?.text ?? null : null;
  const strip = stripText !== null && /^[0-9]+$/.test(stripText) ? Number(stripText) : stripItem ? null : null;
  const dir = [...parsed.items].reverse().find((i) =>
    i.t === "option" && (i.name === "-d" || i.name === "--directory")
  );
  const base = dir && dir.t === "option" && dir.value
    ? (dir.value.text === null ? null : againstCwd(call.world.cwd, dir.value.text))
    : undefined;
  const stdin = parsed.modes.has("input") ? { t: "unknown" as const } : call.stdin;
  if (stdin.t === "text") {
    for (const f of patchTargets(stdin.text, strip)) {
      effects.push({ t: "path", arg: withValue(call.nameArg, f, ""), kind: "write",
        ...(base !== undefined ? { base } : {}) });
    }
    return effects;
  }
  effects.push({ t: "issue", code: "UNRESOLVED_WORD",
    message: "patch writes the files named inside the patch, which the guard cannot see here", span: call.span });
  return effects;
}

export const PATCH_ANALYSERS: readonly Analyser[] = [{ names: ["patch", "gpatch"], analyse: patch }];
