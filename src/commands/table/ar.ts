// ar, the archiver of object files (GNU binutils' ar, gcc-ar, llvm-ar).

import { syntheticArg } from "../apply.ts";
import { type Arg, type Effect, withValue } from "../effects.ts";
import type { Call } from "../spec.ts";

/** ar's operations, and the modifiers it knows (a, b and i take a member name; N a count). */
const AR_OPS = "dmpqrstx";
const AR_MODIFIERS = "abcDfiNoOPsSTuUvV";

/**
 * ar [-]KEY[MODS] [--output DIR] [--plugin SO] [RELPOS] [COUNT] ARCHIVE [MEMBER…]: the key's
 * letters may also come as separate `-x` words. x writes each member into the working
 * directory (or --output), by its name, through whatever symlink is already there.
 */
export function ar(call: Call): Effect[] {
  const effects: Effect[] = [];
  const positional: Arg[] = [];
  let letters = "";
  let output: Arg | null = null;
  let opaque = false;
  const fallBack =
    (): Effect[] => [{ t: "changes", fs: true, links: true },
      ...call.args.map((a): Effect => ({ t: "generic", arg: a, operand: true }))];
  // Own rules, not leadingOptions: ar's first operand is a cluster of key letters.
  for (let i = 0; i < call.args.length; i++) {
    const a = call.args[i]!;
    const t = a.text;
    if (t === null) return fallBack();
    const long = /^--(output|plugin|target|record-libdeps)(?:=([\s\S]*))?$/.exec(t);
    if (long) {
      const v = long[2] !== undefined ? withValue(a, long[2], "") : call.args[++i];
      if (!v) continue;
      if (long[1] === "output") output = v;
      // A plugin is a shared object ar loads: code.
      else if (long[1] === "plugin") effects.push({ t: "path", arg: v, kind: "exec" });
      continue;
    }
    if (/^--(thin|help|version)$/.test(t) || /^-X(32|64|32_64|any)$/.test(t)) continue;
    if (t.startsWith("--")) return fallBack();
    // @FILE: more arguments, read from a file the guard does not open.
    if (t.startsWith("@")) {
      effects.push({ t: "path", arg: withValue(a, t.slice(1), ""), kind: "read" });
      opaque = true;
      continue;
    }
    if (t.startsWith("-") && t.length > 1 && positional.length === 0) letters += t.slice(1);
    else if (positional.length === 0 && ![...letters].some((c) => AR_OPS.includes(c))) letters += t;
    else positional.push(a);
  }
  const ops = [...letters].filter((c) =>
    AR_OPS.includes(c) && !(c === "s" && [...letters].some((o) => o !== "s" && AR_OPS.includes(o)))
  );
  if (letters.includes("M")) {
    effects.push({ t: "issue", code: "UNRESOLVED_WORD",
      message: "ar -M runs an MRI script from its standard input, which names files the guard cannot see",
      span: call.span });
    return [...effects, ...fallBack()];
  }
  if (opaque) {
    effects.push({ t: "issue", code: "UNRESOLVED_WORD",
      message: "ar reads more arguments from an @file, which the guard does not read", span: call.span });
  }
  if (ops.length !== 1 || [...letters].some((c) => !AR_OPS.includes(c) && !AR_MODIFIERS.includes(c))) {
    return [...effects, ...fallBack()];
  }
  const op = ops[0]!;
  const skip = (/[abi]/.test(letters) ? 1 : 0) + (letters.includes("N") ? 1 : 0);
  const [archive, ...members] = positional.slice(skip);
  if (!archive) return effects;
  const changes = "dmqrs".includes(op);
  effects.push({ t: "path", arg: archive, kind: changes ? "write" : "read" });
  // q and r add files; the other operations take the names of members.
  if (op === "q" || op === "r") { for (const m of members) effects.push({ t: "path", arg: m, kind: "read" }); }
  // p prints members; a thin archive's members are files it names by path, anywhere.
  if (op === "p") {
    effects.push({ t: "issue", code: "UNRESOLVED_PATH",
      message: `${call.name} p prints members, which a thin archive reads from the paths it stores`, span: call.span });
  }
  if (op === "x") {
    const into = output ?? syntheticArg(".", call.span);
    effects.push({ t: "path", arg: into, kind: "write" }, { t: "scan", arg: into, kind: "write" }, { t: "changes",
      fs: true, links: false });
    if (letters.includes("P")) {
      effects.push({ t: "issue", code: "UNRESOLVED_PATH",
        message: `${call.name} xP extracts members to the paths stored in the archive, which the guard cannot see`,
        span: call.span });
    }
  } else if (changes) effects.push({ t: "changes", fs: true, links: false });
  return effects;
}
