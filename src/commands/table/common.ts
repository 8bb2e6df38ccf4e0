// Shared vocabulary for the table modules: option shapes, small hooks that data composes, and
// the rules for telling a URL or a remote `host:path` from a local path.

import type { ReasonCode } from "../../base/reasons.ts";
import type { Span } from "../../base/span.ts";
import { fileUrlPath } from "../apply.ts";
import { type Arg, withValue } from "../effects.ts";
import type { EntryNaming, Item, OptionSpec, RoleSpec, SpecContext } from "../spec.ts";
import type { AccessKind } from "../../base/verdict.ts";

export const flag: OptionSpec = {};
export const none: OptionSpec = { value: "none" };
export const read: OptionSpec = { value: "read" };
export const write: OptionSpec = { value: "write" };
export const generic: OptionSpec = { value: "generic" };
export const chdir: OptionSpec = { value: "chdir" };
export const optionalNone: OptionSpec = { value: "none", optional: true };

/** The `naming` of most entries that have one (EntryNaming; what each means: src/shell/listing.ts). */
export const REMOVES: EntryNaming = { fact: "removes" };
export const KEEPS: EntryNaming = { fact: "keeps" };
export const TREES: EntryNaming = { fact: "trees" };

/** The same option shape under several names: `...each(none, "-A", "--after-context")`. */
export function each(spec: OptionSpec, ...names: readonly string[]): Record<string, OptionSpec> {
  const out: Record<string, OptionSpec> = {};
  for (const n of names) out[n] = spec;
  return out;
}

type OptionItem = Extract<Item, { t: "option" }>;
export type Custom = (ctx: SpecContext) => void;

export function optionItems(ctx: SpecContext, ...names: readonly string[]): OptionItem[] {
  return ctx.items.filter((i): i is OptionItem => i.t === "option" && names.includes(i.name));
}

/** The values of the options with these names, in order. */
export function optionValues(ctx: SpecContext, ...names: readonly string[]): Arg[] {
  return optionItems(ctx, ...names).flatMap((i) => (i.value ? [i.value] : []));
}

export function spanOf(ctx: SpecContext): Span {
  return ctx.items[0]?.word.span ?? { start: 0, end: 0 };
}

export function issue(ctx: SpecContext, code: ReasonCode, message: string, span?: Span): void {
  ctx.emit({ t: "issue", code, message, span: span ?? spanOf(ctx) });
}

/**
 * Paths inside an option's value made of `:`/`=`/`,`-separated pieces (`-Xloggc:/tmp/gc.log`,
 * `-fprofile-generate=DIR`, `-Wp,-MD,FILE`): each piece that looks like a path is judged.
 */
export function embeddedPaths(names: readonly string[], kind: "unknown" | "read" | "write" = "unknown"): Custom {
  return (ctx) => {
    for (const v of optionValues(ctx, ...names)) {
      if (v.text === null) {
        ctx.role(v, "generic");
        continue;
      }
      for (const piece of v.text.split(/[:=,]/)) if (/\/|^~|^\.\.?$/.test(piece)) roleAs(ctx, v, piece, kind);
    }
  };
}

/** Runs several hooks in order. */
export function hooks(...fns: readonly Custom[]): Custom {
  return (ctx) => {
    for (const f of fns) f(ctx);
  };
}

/**
 * Options that make the command run a program or code the guard does not see
 * (`rg --pre CMD`, `tar --to-command CMD`): each present one is an issue.
 */
export function runsProgram(names: readonly string[], code: ReasonCode = "OPAQUE_CODE"): Custom {
  return (ctx) => {
    for (const it of optionItems(ctx, ...names)) {
      issue(ctx, code,
        `${ctx.name} ${it.name} runs ${
          it.value ? JSON.stringify((it.value.text ?? it.value.source).slice(0, 60)) : "a program"
        }, which the guard does not interpret`, it.word.span);
    }
  };
}

/** Options whose value is a list of paths (`java -cp a:b`, `--resource-path`). */
export function pathList(names: readonly string[], role: RoleSpec, separator = ":"): Custom {
  return (ctx) => {
    for (const it of optionItems(ctx, ...names)) {
      const v = it.value;
      if (!v) continue;
      if (v.text === null) ctx.role(v, role, it.base);
      else for (const piece of v.text.split(separator)) if (piece) ctx.role(withValue(v, piece, ""), role, it.base);
    }
  };
}

type Location =
  /** A local path (a `file://` URL is one too). */
  | { readonly t: "local"; readonly path: string }
  /** A URL or a remote `[user@]host:path`: not a local access. */
  | { readonly t: "remote" }
  | { readonly t: "unknown" };

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//;

/**
 * Where a word that may be a URL, a remote `host:path` (scp, rsync, git) or a local path points.
 * A colon before the first slash makes it remote, as scp and git read it; `./a:b` and `/a:b` are
 * local.
 */
export function locate(text: string | null, opts: { readonly rsyncModules?: boolean } = {}): Location {
  if (text === null) return { t: "unknown" };
  const file = fileUrlPath(text);
  if (file !== null) return { t: "local", path: file };
  if (SCHEME.test(text)) return { t: "remote" };
  if (text.startsWith("/") || text.startsWith(".")) return { t: "local", path: text };
  const colon = text.indexOf(":");
  const slash = text.indexOf("/");
  if (colon > 0 && (slash < 0 || colon < slash)) return { t: "remote" };
  if (opts.rsyncModules && text.includes("::")) return { t: "remote" };
  return { t: "local", path: text };
}

/**
 * A directory a hook names (`-C DIR`, `--prefix DIR`, …) as the absolute path a later access
 * resolves against: left as it is when absolute, below the cwd otherwise, and null (unknown,
 * judged as outside) when the cwd is not known. Lexical on purpose: the path layer resolves it.
 */
export function againstCwd(cwd: string | null, text: string): string | null {
  if (text.startsWith("/")) return text;
  return cwd === null ? null : `${cwd}/${text}`;
}

/** What leadingOptions needs to know of the options a command takes before its first operand. */
export interface LeadingOptionRules {
  /** The words that are options here: the first that is not (or whose text is not known) ends them. */
  readonly isOption: (text: string) => boolean;
  /** Options whose value is the next word, skipped with them. */
  readonly takesValue?: (text: string) => boolean;
  /** `--` ends the options and is skipped (find has no such word: there it is an operand). */
  readonly doubleDash?: boolean;
}

/**
 * The options before a command's first operand, read the way `find -H -D tree DIR` and `flock
 * -w 3 LOCK CMD` read them: the index of that operand, and the option words (values left out).
 */
export function leadingOptions(texts: readonly (string | null)[],
  rules: LeadingOptionRules): { readonly end: number; readonly options: readonly string[] }
{
  const options: string[] = [];
  let i = 0;
  for (; i < texts.length; i++) {
    const t = texts[i];
    if (t === null || t === undefined) break;
    if (rules.doubleDash && t === "--") return { end: i + 1, options };
    if (!rules.isOption(t)) break;
    options.push(t);
    if (rules.takesValue?.(t)) i++;
  }
  // A value option last (`find -D`) takes a word that is not there.
  return { end: Math.min(i, texts.length), options };
}

/** The directory a word the parser read resolves against (after `-C DIR` options before it). */
/**
 * A hard link of a tree (`cp -al DIR`, `rsync --link-dest=DIR`) links the `.git` in it too, and
 * a write through the copy is a write of git's own files: a write of `.git` itself, which
 * src/policy/protect.ts reaches below (a write of the tree alone does not reach it).
 */
export function linkedGitDir(ctx: SpecContext, tree: Arg, base: string | null | undefined): void {
  if (tree.text === null) return;
  const at = `${tree.text.replace(/\/+$/, "")}/.git`;
  const from = base === undefined ? ctx.start ?? null : base;
  if (ctx.disk.isDirectory(at, from)) ctx.role(withValue(tree, at, ""), "write", base);
}

export function baseOfArg(ctx: SpecContext, arg: Arg): string | null | undefined {
  for (const it of ctx.items) {
    if (it.word === arg || (it.t === "option" && it.value === arg)) return it.base;
  }
  return undefined;
}

/** Judges a word in a role after rewriting its text, keeping where it resolves. */
export function roleAs(ctx: SpecContext, arg: Arg, text: string, role: RoleSpec): void {
  const base = baseOfArg(ctx, arg);
  const word = text === arg.text ? arg : withValue(arg, text, "");
  if (base === undefined) ctx.role(word, role);
  else ctx.role(word, role, base);
}

/** Judges a word that may be a URL or a remote location: only a local path is an access. */
export function localRole(ctx: SpecContext, arg: Arg, role: RoleSpec): void {
  const loc = locate(arg.text);
  if (loc.t === "remote") return;
  if (loc.t === "unknown") ctx.role(arg, role);
  else roleAs(ctx, arg, loc.path, role);
}

/**
 * Options whose value is `NAME=VALUE` (`cmake -D`, `mvn -D`, `php -d`): the value may be a path
 * of any kind, the name is not.
 */
export function assignmentOptions(names: readonly string[]): Custom {
  return (ctx) => {
    for (const it of optionItems(ctx, ...names)) {
      if (!it.value) continue;
      const v = assignmentValue(it.value);
      if (v === null) ctx.role(it.value, "generic", it.base);
      else if (v.text) ctx.role(v, "generic", it.base);
    }
  };
}

/** `NAME=VALUE` operands (`make DESTDIR=/`): the value is judged as a path of unknown kind. */
export function assignmentValue(arg: Arg): Arg | null {
  if (arg.text === null) return null;
  const m = /^[A-Za-z_][A-Za-z0-9_.-]*=([\s\S]*)$/.exec(arg.text);
  return m ? withValue(arg, m[1]!, "") : null;
}

/**
 * Names read from a list given to one of `options` (`--files0-from=F`, `-T F`; `-` is standard
 * input): each is judged as a path of `kind`, where the command starts (src/interp/effects.ts
 * namesFromList).
 */
export function namesFrom(ctx: SpecContext, options: readonly string[],
  how: { readonly kind: AccessKind; readonly separator: "\n" | "\0"; readonly scan?: boolean;
    readonly reserved?: { readonly prefix: string; readonly meaning: string }; readonly listAtStart?: boolean }): void
{
  const { listAtStart, ...rest } = how;
  for (const it of optionItems(ctx, ...options)) {
    const v = it.value;
    if (!v) continue;
    const what = `${ctx.name} ${it.name} reads the names of its files from ${
      v.text === "-" ? "its standard input" : v.source
    }, which the guard cannot see`;
    const listBase = listAtStart && ctx.start !== it.base
      ? { listBase: ctx.start === undefined ? ctx.world.cwd : ctx.start }
      : {};
    ctx.emit({ t: "names", from: v.text === "-" ? null : v, ...rest, what, span: v.span,
      ...(it.base !== undefined ? { base: it.base } : {}), ...listBase });
  }
}

/** Entries the command renames (`mv`, `git mv`, `rename`): the working directory may be one, or below one. */
export function movedNames(ctx: SpecContext, sources: readonly Arg[]): void {
  for (const s of sources) {
    const base = baseOfArg(ctx, s);
    ctx.emit({ t: "moves", arg: s, ...(base !== undefined ? { base } : {}) });
  }
}

/**
 * The names cp, mv, ln and git mv may leave as symlinks (`links` effects, src/shell/zones.ts):
 * with -t DIR each source lands in DIR; with -T the destination is the name; with one
 * destination it is the name, or DIR/basename(SOURCE) when it is a directory; with several it
 * is a directory. `sourced`: only when the source is or holds a symlink (`mv`, a hard `ln`).
 * `replaceLink`: a destination that is a symlink to a directory is replaced (`ln -n`).
 * `single`: what one operand alone means (`ln -s T` makes `./basename(T)`); without it, nothing.
 */
export function linkNames(ctx: SpecContext,
  opts: { readonly sourced: boolean; readonly replaceLink?: boolean; readonly single?: boolean;
    readonly sameFile?: boolean }): void
{
  const ops = ctx.operands;
  const emit = (dest: Arg, source: Arg, shape: { entry?: boolean; into?: boolean }) => {
    const base = baseOfArg(ctx, dest);
    ctx.emit({ t: "links", arg: dest, ...(shape.entry || shape.into ? { entry: source.text } : {}),
      ...(shape.into ? { into: true } : {}), ...(opts.replaceLink ? { replaceLink: true } : {}),
      ...(opts.sourced ? { source } : {}), ...(opts.sourced && opts.sameFile ? { sameFile: true as const } : {}),
      ...(base !== undefined ? { base } : {}) });
  };
  const target = optionItems(ctx, "-t", "--target-directory").pop();
  if (target) {
    if (!target.value) return;
    for (const s of ops) emit(target.value, s, { into: true });
    return;
  }
  if (ops.length === 0) return;
  if (ops.length === 1) {
    if (opts.single) emit(withValue(ops[0]!, ".", ""), ops[0]!, { into: true });
    return;
  }
  const dest = ops[ops.length - 1]!;
  const sources = ops.slice(0, -1);
  const noTarget = optionItems(ctx, "-T", "--no-target-directory").length > 0;
  for (const s of sources) emit(dest, s, noTarget ? {} : sources.length > 1 ? { into: true } : { entry: true });
}

/**
 * The command writes the user's configuration or credentials outside the project (a config file
 * later runs of the tool read, as `npm config set` writes ~/.npmrc and gpg its keyring): an
 * `UNRESOLVED_PATH` issue, unless an option names the file, which is then judged as written.
 */
export function writesUserConfig(ctx: SpecContext, what: string, fileOptions: readonly string[] = []): void {
  const named = optionValues(ctx, ...fileOptions);
  if (named.length) { for (const v of named) roleAs(ctx, v, v.text ?? "", "write"); }
  else issue(ctx, "OUTSIDE_EFFECT", `${ctx.name} ${what}`);
}

/** A TOML string (basic or literal): its text. */
const TOML_STRINGS = /"((?:[^"\\]|\\.)*)"|'([^']*)'/g;

/**
 * The strings of a TOML value given on the command line (`cargo --config KEY=VALUE`, `ruff
 * --config 'KEY = VALUE'`): each one is judged as a path when the key names a path, or when it
 * looks like one. A basic string with escapes (`\u002e`) could spell any path.
 */
export function tomlValuePaths(ctx: SpecContext, v: Arg, value: string, pathKey: boolean): void {
  for (const m of value.matchAll(TOML_STRINGS)) {
    const text = m[1] ?? m[2] ?? "";
    if (m[1]?.includes("\\")) {
      issue(ctx, "UNRESOLVED_WORD", `${ctx.name} ${v.source.slice(0, 60)}: a TOML escape the guard does not decode`,
        v.span);
    } else if (pathKey || /\/|^~|^\.\.?$/.test(text)) roleAs(ctx, v, text, "generic");
  }
}
