// Applies a table entry to the words of one command: parses its options the way the tool
// does (clustered short flags, `-oVAL`, `--opt=VAL`, abbreviations, `--`), then turns
// operands and option values into effects according to their roles.

import { isAbsolute, join } from "../paths/resolve.ts";
import type { World } from "../shell/state.ts";
import { knownPrefix } from "../shell/words/env.ts";
import type { Span } from "../base/span.ts";
import type { AccessKind } from "../base/verdict.ts";
import type { Arg, Effect, Stdin } from "./effects.ts";
import { type Disk, NO_DISK, withValue } from "./effects.ts";
import type { Base, CommandSpec, Item, OptionSpec, Role, RoleSpec, SpecContext } from "./spec.ts";

const NUMERIC_OPTION = /^-[0-9]+$/;

interface ParseResult {
  readonly items: Item[];
  readonly modes: Set<string>;
}

/** A spec's long option names, for abbreviations: tables are constant, so once per spec. */
const longNamesOf = new WeakMap<CommandSpec, readonly string[]>();

function longOptionNames(spec: CommandSpec): readonly string[] {
  let names = longNamesOf.get(spec);
  if (!names) {
    names = Object.keys(spec.options ?? {}).filter((k) =>
      k.startsWith("--") || (spec.singleDashLong === true && k.length > 2 && k.startsWith("-"))
    );
    longNamesOf.set(spec, names);
  }
  return names;
}

/**
 * A word whose known text starts `--NAME=` for a long option of the spec that takes a value,
 * and whose value is not known: the option, and its value as an unknown word.
 */
function gluedLongOption(word: Arg, options: Readonly<Record<string, OptionSpec>>): { name: string; spec: OptionSpec;
  value: Arg } | null
{
  const m = /^(--[A-Za-z0-9][\w-]*)=/.exec(knownPrefix(word));
  const spec = m ? options[m[1]!] : undefined;
  if (!m || spec === undefined || spec.value === undefined || word.standIn) return null;
  // The value: what follows `=`, with the segments that make it.
  let drop = m[0].length;
  const segs = [];
  for (const seg of word.segs) {
    if (drop > 0 && "text" in seg) {
      if (seg.text.length <= drop) {
        drop -= seg.text.length;
        continue;
      }
      segs.push({ ...seg, text: seg.text.slice(drop) });
      drop = 0;
      continue;
    }
    segs.push(seg);
  }
  return { name: m[1]!, spec, value: { ...word, text: null, segs } };
}

/** Parses words against a spec's options. `stopAtFirstOperand` forces POSIX behaviour. */
export function parseWords(spec: CommandSpec, args: readonly Arg[], world: World, start: Base,
  stopAtFirstOperand: boolean): ParseResult
{
  const options = spec.options ?? {};
  const modes = new Set<string>(spec.modes ?? []);
  const items: Item[] = [];
  const posix = stopAtFirstOperand || spec.style === "posix";
  let base: Base = start;
  let endOfOptions = false;
  let longNames: readonly string[] | null = null;
  const setModes = (o: OptionSpec) => {
    for (const m of o.modes ?? []) modes.add(m);
    for (const m of o.clears ?? []) modes.delete(m);
  };
  const chdirTo = (value: Arg | null): Base => {
    if (!value || value.text === null) return null;
    if (isAbsolute(value.text)) return value.text;
    const from = base === undefined ? world.cwd : base;
    return from === null ? null : join(from, value.text);
  };
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const t = word.text;
    // `--date="$(date)"`: the option is written out, only its value is not known.
    const glued = t === null && !endOfOptions ? gluedLongOption(word, options) : null;
    if (glued) {
      setModes(glued.spec);
      items.push({ t: "option", name: glued.name, spec: glued.spec, word, value: glued.value, base });
      if (roleOf(glued.spec.value!, modes) === "chdir") base = null;
      if (glued.spec.ends) endOfOptions = true;
      continue;
    }
    if (endOfOptions || t === null || t === "-" || !t.startsWith("-")) {
      items.push({ t: "operand", word, base });
      if (posix && t !== null) endOfOptions = true;
      continue;
    }
    if (t === "--") {
      endOfOptions = true;
      continue;
    }
    if (spec.options && NUMERIC_OPTION.test(t) && options["-N"]) {
      items.push({ t: "option", name: "-N", spec: options["-N"]!, word, value: null, base });
      continue;
    }
    // Long options (and single-dash long options): exact, or a unique prefix.
    const eq = t.indexOf("=");
    let key = eq > 0 ? t.slice(0, eq) : t;
    if (spec.goFlags) {
      // `--name` is `-name`, and `-o=FILE` is `-o` with a value, never a cluster.
      if (key.startsWith("--")) key = key.slice(1);
      const o = options[key];
      if (!o) {
        items.push({ t: "unknown-option", word, next: eq > 0 ? null : args[i + 1] ?? null, base });
        continue;
      }
      setModes(o);
      let value: Arg | null = null;
      if (o.value !== undefined) {
        if (eq > 0) value = withValue(word, t.slice(eq + 1), "");
        else if (!o.optional && i + 1 < args.length) value = args[++i]!;
      }
      items.push({ t: "option", name: key, spec: o, word, value, base });
      if (value && roleOf(o.value!, modes) === "chdir") base = chdirTo(value);
      if (o.ends) endOfOptions = true;
      continue;
    }
    let name: string | null = options[key] && (key.startsWith("--") || (spec.singleDashLong && key.length > 2))
      ? key
      : null;
    if (!name && key.startsWith("--") && spec.abbreviations) {
      const matches = (longNames ??= longOptionNames(spec)).filter((n) => n.startsWith(key));
      if (matches.length === 1) name = matches[0]!;
    }
    if (name) {
      const o = options[name]!;
      setModes(o);
      let value: Arg | null = null;
      if (o.value !== undefined) {
        if (eq > 0) value = withValue(word, t.slice(eq + 1), "");
        else if (!o.optional && i + 1 < args.length) value = args[++i]!;
      }
      items.push({ t: "option", name, spec: o, word, value, base });
      if (value && roleOf(o.value!, modes) === "chdir") base = chdirTo(value);
      if (o.ends) endOfOptions = true;
      continue;
    }
    if (t.startsWith("--")) {
      items.push({ t: "unknown-option", word, next: eq > 0 ? null : args[i + 1] ?? null, base });
      continue;
    }
    // A cluster of short options: -abc, -ofile, -o file.
    for (let j = 1; j < t.length; j++) {
      const k = "-" + t[j]!;
      const o = options[k];
      if (!o) {
        items.push({ t: "unknown-option", word: withValue(word, "-" + t.slice(j), ""),
          next: j === t.length - 1 ? args[i + 1] ?? null : null, base });
        break;
      }
      setModes(o);
      if (o.value === undefined) {
        items.push({ t: "option", name: k, spec: o, word, value: null, base });
        if (o.ends) {
          endOfOptions = true;
          break;
        }
        continue;
      }
      let value: Arg | null = null;
      const rest = t.slice(j + 1);
      if (rest) value = withValue(word, rest, "");
      else if (!o.optional && i + 1 < args.length) value = args[++i]!;
      items.push({ t: "option", name: k, spec: o, word, value, base });
      if (value && roleOf(o.value, modes) === "chdir") base = chdirTo(value);
      if (o.ends) endOfOptions = true;
      break;
    }
  }
  return { items, modes };
}

export function roleOf(r: RoleSpec, modes: ReadonlySet<string>): Role {
  if (typeof r === "string") return r;
  for (const [m, role] of Object.entries(r.modes)) if (modes.has(m)) return role;
  return r.default;
}

/** A synthesized operand (`.` when grep -r or find get no path). */
export function syntheticArg(text: string, at: Span): Arg {
  return { text, source: text, span: at, unknownWhy: null, segs: [{ text, quoted: true }] };
}

interface Applied {
  readonly effects: Effect[];
  /** The words after a wrapper's own options: the command it runs. */
  readonly runs: readonly Arg[] | null;
  /** A custom hook, of the command or its subcommand, said it runs no code but its own (confineChanges). */
  readonly confined: boolean;
}

/** Applies a spec (and its subcommands) to the words after the command name. */
export function applySpec(name: string, spec: CommandSpec, args: readonly Arg[], world: World, at: Span,
  start: Base = undefined, disk: Disk = NO_DISK, stdin: () => Stdin = unknownStdin): Applied
{
  const effects: Effect[] = [];
  let writes = false;
  const isWrapper = "runs" in spec.operands;
  const parsed = parseWords(spec, args, world, start, isWrapper || spec.subcommands !== undefined);
  const operandItems = parsed.items.filter((i): i is Extract<Item, { t: "operand" }> => i.t === "operand");
  const operands = operandItems.map((i) => i.word);
  // A word that is not an operand (a synthetic `.`, a value a custom hook takes apart) resolves
  // where the command starts, which is not the shell's cwd under `git -C DIR sub`.
  const operandBase = new Map<Arg, Base>(operandItems.map((i) => [i.word, i.base]));
  const baseOf = (a: Arg): Base => (operandBase.has(a) ? operandBase.get(a) : start);
  let runs: readonly Arg[] | null = null;

  const role = (word: Arg, r: RoleSpec, base?: Base, surface?: string) => {
    const resolved = roleOf(r, parsed.modes);
    const b = base === undefined ? baseOf(word) : base;
    switch (resolved) {
      case "none":
        return;
      case "generic":
        // A path of unknown kind, or a word holding one (`KEY=PATH`, `-oPATH`): judged as a word
        // of a command nobody described is.
        effects.push({ t: "generic", arg: word, operand: false });
        return;
      case "code":
        effects.push({ t: "code", text: word.text, span: word.span, label: `${name} -c`, inProcess: false });
        return;
      case "url": {
        const fileUrl = word.text === null ? null : fileUrlPath(word.text);
        if (word.text === null) {
          effects.push({ t: "path", arg: word, kind: "read", ...(b !== undefined ? { base: b } : {}) });
        } else if (fileUrl !== null) effects.push({ t: "path", arg: withValue(word, fileUrl, ""), kind: "read" });
        return;
      }
      case "chdir":
        effects.push({ t: "path", arg: word, kind: "cwd", ...(b !== undefined ? { base: b } : {}) });
        return;
      case "target":
      case "outdir":
        writes = true;
        effects.push({ t: "path", arg: word, kind: "write", ...(b !== undefined ? { base: b } : {}),
          ...(surface ? { surface } : {}) });
        return;
      default: {
        const kind: AccessKind = resolved;
        if (kind === "write") writes = true;
        effects.push({ t: "path", arg: word, kind, ...(b !== undefined ? { base: b } : {}),
          ...(surface ? { surface } : {}) });
      }
    }
  };

  // Option values and unknown options.
  for (const it of parsed.items) {
    if (it.t === "option" && it.value && it.spec.value !== undefined) {
      role(it.value, it.spec.value, it.base, it.spec.surface);
    }
    if (it.t === "unknown-option" && spec.unknownOptions !== "none") {
      // The table does not know this option: whatever it could name is judged, and so is
      // the next word, in case the option takes it as its value.
      effects.push({ t: "generic", arg: it.word, operand: false });
      // (Split as any word is: the value may be `KEY=PATH`, as apt's -o Dir::…=../x is.)
      if (it.next) effects.push({ t: "generic", arg: it.next, operand: false });
    }
  }

  // A subcommand that says what it changes says it for the whole command (`npm run` runs a
  // script that is interpreted, and changes what that script changes, not what npm may).
  let subChanges: CommandSpec["changes"];
  let confined = false;
  if (spec.subcommands) {
    const [sub, ...rest] = operands;
    const subIndex = sub ? args.indexOf(sub) : -1;
    const after = subIndex >= 0 ? args.slice(subIndex + 1) : [];
    const subSpec = sub?.text ? spec.subcommands[sub.text] : undefined;
    if (sub && subSpec) {
      if (subSpec.changes !== undefined) subChanges = subSpec.changes;
      const inner = applySpec(`${name} ${sub.text}`, subSpec, after, world, at, sub ? baseOf(sub) : undefined, disk,
        stdin);
      effects.push(...inner.effects);
      runs = inner.runs;
      confined = inner.confined;
      if (inner.effects.some((e) => e.t === "path" && e.kind === "write")) writes = true;
    } else if (sub && sub.text !== null && spec.unknownSubcommand === "script") {
      effects.push({ t: "package-script", name: sub.text, args: after.filter((a) => a.text !== "--"), span: at,
        label: `${name} ${sub.text}`, ...(baseOf(sub) !== undefined ? { base: baseOf(sub) } : {}) });
    } else if (sub && (sub.text === null || spec.unknownSubcommand !== "none")) {
      // Split as any word is: `--opt=/abs` names /abs.
      for (const a of sub.text === null ? [sub, ...rest] : after) {
        effects.push({ t: "generic", arg: a, operand: false });
      }
      writes = true;
    }
  } else {
    const ops = spec.operands;
    if ("all" in ops) {
      for (const a of operands) role(a, ops.all, undefined, ops.surface);
      if (operands.length === 0 && ops.defaultOperand !== undefined) {
        role(syntheticArg(ops.defaultOperand, at), ops.defaultRole ?? ops.all, start, ops.surface);
      }
    } else if ("first" in ops) {
      const given = (ops.unlessModes ?? []).some((m) => parsed.modes.has(m));
      const files = given ? operands : operands.slice(1);
      // An interpreter's program `-` is its standard input (python3 -, node -, perl -): no file.
      if (!given && operands[0]) {
        role(operands[0], ops.first === "exec" && operands[0].text === "-" ? "none" : ops.first);
      }
      for (const a of files) role(a, ops.rest, undefined, ops.surface);
      if (files.length === 0 && ops.defaultOperand !== undefined) {
        role(syntheticArg(ops.defaultOperand, at), ops.defaultRole ?? ops.rest, start, ops.surface);
      }
    } else if ("sources" in ops) {
      if (parsed.modes.has("target")) { for (const a of operands) role(a, ops.sources); }
      else if (operands.length === 1 && ops.single !== undefined) role(operands[0]!, ops.single);
      else {
        operands.forEach((a, i) => role(a, i === operands.length - 1 ? ops.dest : ops.sources));
      }
    } else if ("positional" in ops) {
      operands.forEach((a, i) => {
        const r = ops.positional[i] ?? ops.rest;
        if (r !== undefined) role(a, r);
        else effects.push({ t: "generic", arg: a, operand: true });
      });
    } else if ("runs" in ops) {
      const skip = ops.skip ?? 0;
      runs = operands.length > skip ? args.slice(args.indexOf(operands[skip]!)) : null;
    }
  }

  // Recursion: a directory operand is judged by everything it can reach.
  if (spec.recursion) {
    const rec = spec.recursion;
    const on = rec.mode === undefined || parsed.modes.has(rec.mode);
    const follows = rec.follow === "always" || (typeof rec.follow === "object" && parsed.modes.has(rec.follow.mode));
    if (on && follows) {
      for (const e of [...effects]) {
        if (e.t === "path" && e.kind !== "cwd") {
          effects.push({ t: "scan", arg: e.arg, kind: e.kind, ...(e.base !== undefined ? { base: e.base } : {}),
            ...(e.surface ? { surface: e.surface } : {}) });
        }
      }
    }
    if (on && rec.removes) {
      // (A symlink is removed, not what it leads to, unless named with a trailing slash.)
      const link = (t: string, base: Base) =>
        base !== null && !t.endsWith("/") && disk.settled(t, base) && disk.isLink(t, base);
      effects.forEach((e, i) => {
        if (e.t !== "path" || e.kind !== "write") return;
        const t = e.arg.text;
        if (t !== null && (/(^|\/)\.\.?\/*$/.test(t) || link(t, e.base))) return;
        effects[i] = { ...e, removesTree: true };
      });
    }
  }

  if (spec.custom) {
    const call = new CustomCall(name, spec, world, parsed, operands, role, (e) => effects.push(e), () => writes, disk,
      start, args, stdin);
    spec.custom(call);
    confined ||= call.confined;
  }

  const changes = confined ? undefined : subChanges ?? spec.changes;
  const fs = changes?.fs ?? writes;
  const links = changes?.links ?? false;
  // Without changes of its own, what it changes is what its write accesses name (each judged,
  // and remembered as written: a script or package.json elsewhere still holds what it held).
  if (fs || links) {
    effects.push({ t: "changes", fs, links, ...(changes === undefined ? { confined: true } : {}),
      ...(changes?.project ? { project: true } : {}) });
  }
  return { effects, runs, confined };
}

/**
 * What a spec's custom hook is given. A class, for its getter (`writes` changes as the hook
 * emits): an object literal with a getter costs V8 a new hidden class per call, made in the
 * old generation, and what the getter reaches then outlives young collections.
 */
class CustomCall implements SpecContext {
  readonly items: readonly Item[];
  readonly modes: Set<string>;
  readonly #writes: () => boolean;

  constructor(readonly name: string, readonly spec: CommandSpec, readonly world: World, parsed: ParseResult,
    readonly operands: readonly Arg[], readonly role: SpecContext["role"], readonly emit: SpecContext["emit"],
    writes: () => boolean, readonly disk: Disk, readonly start: Base, readonly args: readonly Arg[],
    readonly stdin: () => Stdin)
  {
    this.items = parsed.items;
    this.modes = parsed.modes;
    this.#writes = writes;
  }

  get writes(): boolean {
    return this.#writes();
  }

  /** Set by confineChanges. */
  confined = false;

  confineChanges(): void {
    this.confined = true;
  }
}

/** Standard input for a spec applied where nobody said what it is. */
function unknownStdin(): Stdin {
  return { t: "unknown" };
}

/**
 * The path of a file:// URL, or null for other URLs. Package managers take a repository as
 * `git+file:///path[@ref][#egg=…]` (pip, npm): that is a local path too.
 */
export function fileUrlPath(text: string): string | null {
  // `file:///p`, `file://host/p`, and `file:/p` (one slash), which curl and most parsers accept.
  const m = /^((?:git|hg|svn|bzr)\+)?file:(?:\/\/([^/]*))?(\/[^?#]*)?/i.exec(text);
  if (!m) return null;
  // `file:../p`: pip and npm take it as a path from the working directory (pip stat'd ../p).
  if (m[2] === undefined && m[3] === undefined) return text.length > m[0].length ? text.slice(m[0].length) : null;
  let p = m[3] ?? "/";
  if (m[1]) p = p.replace(/@[^/@]*$/, "");
  try {
    p = decodeURIComponent(p);
  } catch {
    // A malformed escape stays as written.
  }
  return p;
}
