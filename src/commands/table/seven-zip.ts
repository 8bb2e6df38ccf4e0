// 7-Zip (7z, 7za, 7zr, 7zz): its commands and switches, read as 7-Zip reads them.

import { syntheticArg } from "../apply.ts";
import { type Arg, type Effect, missingTop, withValue } from "../effects.ts";
import type { Call } from "../spec.ts";
import { sevenZipUnpacking } from "./unpack-entries.ts";

const SEVENZ_COMMANDS = new Set(["a", "b", "d", "e", "h", "i", "l", "rn", "t", "u", "x"]);

/**
 * 7-Zip's switches that name no file (7-Zip 16.02–23.01 "Command Line Syntax"), matched
 * case-insensitively as 7-Zip matches them: a switch not listed here is judged as a path.
 */
const SEVENZ_PLAIN =
  /^-(ao[asut]?|b[bsdt]|bb[0-3]|bs[oep][0-2]|bd|m.*|p.*|r[-0]?|sa[aes]|scc.*|scrc.*|scs.*|seml.*|slp-?|slt|sni|sns-?|snh|snld?|snr|snc|sse|ssp|ssw|ssc-?|stl|stm.*|stx.*|spd|spe|spm|t.*|v.*|y|an|so|si.*|sdel|spf2?|sfx)$/i;

/**
 * 7z COMMAND [switches] ARCHIVE [files…]: switches carry their values glued (`-oDIR`,
 * `-x!pattern`, `-i@list`) and may appear anywhere before `--`. 7-Zip reads switch names
 * case-insensitively (`-O`, `-SDEL`, `-I@list` are the same switches).
 */
export function sevenZip(call: Call): Effect[] {
  const effects: Effect[] = [];
  const positional: Arg[] = [];
  let outdir: Arg | null = null;
  let verbatim = false;
  const sw = new Set<string>();
  /** `-i`/`-x` wildcards and lists: files to add (or hash) when the command reads files. */
  const wildcards: { arg: Arg; recurse: boolean; list: boolean }[] = [];
  // Own rules, not leadingOptions: 7z's switches go anywhere and glue their values (-oDIR).
  for (const a of call.args) {
    const t = a.text;
    if (verbatim || t === null || !t.startsWith("-") || t === "-") {
      // A word the guard cannot read may be a switch (`-o$DIR`) as well as a name.
      if (t === null && !verbatim && positional.length > 0) effects.push({ t: "generic", arg: a, operand: false });
      positional.push(a);
      continue;
    }
    if (t === "--") {
      verbatim = true;
      continue;
    }
    const lower = t.toLowerCase();
    const dir = /^-(o|w)(.*)$/i.exec(t);
    if (dir) {
      if (dir[2]) {
        const d = withValue(a, dir[2], "");
        if (dir[1]!.toLowerCase() === "o") outdir = d;
        else effects.push({ t: "path", arg: d, kind: "write" });
      }
      continue;
    }
    // -i / -x (files) and -ai / -ax (archives): [r[-|0]]{@listfile|!wildcard}.
    const pick = /^-(a?)([ix])(r[-0]?)?([@!])(.*)$/i.exec(t);
    if (pick) {
      const value = withValue(a, pick[5]!, "");
      const list = pick[4] === "@";
      const recurse = pick[3] !== undefined && pick[3].length === 1;
      if (list) effects.push({ t: "path", arg: value, kind: "read" });
      if (pick[1]) {
        // Archives 7z opens (or skips): paths on disk whatever the command.
        if (list) {
          effects.push({ t: "issue", code: "UNRESOLVED_WORD", message: `7z opens the archives listed in ${pick[5]}`,
            span: a.span });
        } else effects.push({ t: "path", arg: value, kind: "read" });
      } else wildcards.push({ arg: value, recurse, list });
      continue;
    }
    // -u…!NEWARCHIVE writes a second archive.
    const update = /^-u[^!]*!(.+)$/i.exec(t);
    if (update) {
      const made = withValue(a, update[1]!, "");
      effects.push({ t: "path", arg: made, kind: "write" }, ...parentsMade(call, made));
      continue;
    }
    if (/^-u/i.test(t)) continue;
    const sfx = /^-sfx(.+)$/i.exec(t);
    if (sfx) {
      effects.push({ t: "path", arg: withValue(a, sfx[1]!, ""), kind: "read" });
      continue;
    }
    if (SEVENZ_PLAIN.test(t)) {
      for (const s of ["sdel", "spf", "snl", "so", "si", "an"]) {
        if (lower === "-" + s || (s === "si" && lower.startsWith("-si")) || (s === "spf" && lower === "-spf2")) {
          sw.add(s);
        }
      }
      continue;
    }
    effects.push({ t: "generic", arg: a, operand: false });
  }
  const command = positional[0];
  const archive = sw.has("an") ? undefined : positional[1];
  const files = positional.slice(sw.has("an") ? 1 : 2);
  const cmd = command?.text?.toLowerCase() ?? null;
  if (cmd === null || !SEVENZ_COMMANDS.has(cmd)) {
    effects.push({ t: "changes", fs: true, links: true });
    for (const a of positional) effects.push({ t: "generic", arg: a, operand: true });
    for (const w of wildcards) effects.push({ t: "generic", arg: w.arg, operand: true });
    return effects;
  }
  const writesArchive = cmd === "a" || cmd === "u" || cmd === "d" || cmd === "rn";
  if (archive && !(sw.has("si") && !writesArchive)) {
    effects.push({ t: "path", arg: archive, kind: writesArchive ? "write" : "read" });
  }
  if (archive && (cmd === "a" || cmd === "u")) effects.push(...parentsMade(call, archive));
  if (cmd === "a" || cmd === "u" || cmd === "h") {
    const kind = sw.has("sdel") ? "write" : "read";
    const sources = files.length ? files : cmd === "h" ? [] : [syntheticArg(".", call.span)];
    for (const f of sources) {
      if (f.text !== null && f.text.startsWith("@")) {
        effects.push({ t: "path", arg: withValue(f, f.text.slice(1), ""), kind: "read" });
        effects.push({ t: "issue", code: "UNRESOLVED_WORD", message: `7z adds the files listed in ${f.source.slice(1)}`,
          span: f.span });
        continue;
      }
      effects.push({ t: "path", arg: f, kind });
      if (cmd !== "h" && !sw.has("snl")) effects.push({ t: "scan", arg: f, kind });
    }
    // -i!/-x! wildcards name files on disk when adding: judged as read (written under -sdel).
    for (const w of wildcards) {
      if (w.list) {
        effects.push({ t: "issue", code: "UNRESOLVED_WORD", message: `7z adds the files listed in ${w.arg.source}`,
          span: w.arg.span });
        continue;
      }
      effects.push({ t: "path", arg: w.arg, kind });
      if (w.recurse && cmd !== "h" && !sw.has("snl")) effects.push({ t: "scan", arg: w.arg, kind });
    }
  }
  if ((cmd === "x" || cmd === "e") && !sw.has("so")) {
    const into = outdir ?? syntheticArg(".", call.span);
    effects.push({ t: "path", arg: into, kind: "write" }, ...parentsMade(call, into), { t: "scan", arg: into,
      kind: "write" }, { t: "links", arg: into, tree: true });
    effects.push({ t: "changes", fs: true, links: true });
    // The members, from the archive: -spf keeps absolute names, `e` drops every directory.
    effects.push(
      ...sevenZipUnpacking(call, sw.has("si") ? "stdin" : sw.has("an") ? null : archive ?? null, into, cmd === "e",
        sw.has("spf")),
    );
  } else if (writesArchive || sw.has("sdel")) effects.push({ t: "changes", fs: true, links: false });
  return effects;
}

/** 7-Zip makes the missing directories above an archive it creates and above its -o directory. */
function parentsMade(call: Call, arg: Arg): Effect[] {
  const top = arg.text === null ? null : missingTop(call.disk, arg.text);
  return top === null ? [] : [{ t: "path", arg: withValue(arg, top, ""), kind: "write" }];
}
