// git: global options (`-C DIR` moves everything after it; `--git-dir`/`--work-tree` name what
// git writes; `-c key=value` can make git run programs), then one subcommand. Revisions,
// branch names, remotes and messages are not paths; pathspecs are, and so is the working tree
// when a subcommand rewrites it (`checkout`, `reset --hard`, `clean`, `merge`, …).
// The subcommands' entries are in git-subcommands.ts, the configuration's keys in git-config.ts.

import { applySpec, parseWords, roleOf, syntheticArg } from "../../apply.ts";
import { type Arg, type Effect, withValue } from "../../effects.ts";
import type { AccessKind } from "../../../base/verdict.ts";
import { GIT_GLOBAL_OPTIONS } from "../../git-global-options.ts";
import type { Analyser, Base, Call, CommandSpec, RoleSpec } from "../../spec.ts";
import { issue, optionItems } from "../common.ts";
import { GIT_LISTING } from "../pipe/listings.ts";
import { GIT_COUNT_NUMBERS } from "../pipe/text.ts";
import { configEffects, gitConfig, homeOf, pathsAt, splitAssignment, toolIsPath, traceFile,
  type Where } from "./git-config.ts";
import { SUBS } from "./git-subcommands.ts";
import { splitCmdline } from "./git-config-text.ts";
import { type ConfiguredFor, configuredEffects, REMOTE_SUBS } from "./git-configured.ts";
import { type Item } from "../../spec.ts";
import { readRepoConfig, type RepoConfig, type Setting } from "./git-repository.ts";

const GIT_GLOBAL: CommandSpec = { names: ["git"], style: "posix", options: GIT_GLOBAL_OPTIONS,
  operands: { all: "none" },
  custom: (ctx) => {
    for (const it of optionItems(ctx, "--exec-path")) {
      if (it.value) {
        issue(ctx, "OPAQUE_CODE", `git --exec-path=${it.value.source} runs git's programs from there`, it.value.span);
      }
    }
  } };

/** Whether a setting names the pager or the editor git runs (for this run, with `-c`), or null. */
function programKey(k: string): "pager" | "editor" | null {
  return k === "core.pager" || /^pager\.[^.]+$/.test(k) ?
    "pager" :
    k === "core.editor" || k === "sequence.editor"
    ? "editor"
    : null;
}

/** Environment variables that make git run a program or work elsewhere. */
const GIT_ENV_CODE = [
  "GIT_SSH_COMMAND",
  "GIT_SSH",
  "GIT_EXTERNAL_DIFF",
  "GIT_ASKPASS",
  "GIT_PROXY_COMMAND",
  "GIT_EXEC_PATH",
  "GIT_CONFIG_PARAMETERS",
  "GIT_CONFIG_COUNT",
  "GIT_TEMPLATE_DIR",
  "GIT_CONFIG_GLOBAL",
  "GIT_CONFIG_SYSTEM",
  "GIT_MAN_VIEWER",
  "GIT_DIFFTOOL_EXTCMD",
  // git 2.39 runs the fsmonitor hook this names in place of core.fsmonitor (fsmonitor.c).
  "GIT_TEST_FSMONITOR",
  "GIT_CONFIG",
];
const GIT_ENV_WRITE = ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR",
  "GIT_SHALLOW_FILE"];
/** Files git (and its https transport) reads; the alternates are a `:`-separated list. */
const GIT_ENV_READ = ["GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_GRAFT_FILE", "GIT_SSL_CAINFO", "GIT_SSL_CAPATH",
  "GIT_SSL_CERT", "GIT_SSL_KEY", "GIT_PROXY_SSL_CAINFO", "GIT_PROXY_SSL_CERT", "GIT_PROXY_SSL_KEY"];

/**
 * Variables that name the pager or the editor git runs, in the order git reads them (after its
 * own settings): git-var(1). Their command is analysed as the shell code git runs it as.
 */
const GIT_ENV_PROGRAMS: Readonly<Record<string, "pager" | "editor">> = { GIT_PAGER: "pager", PAGER: "pager",
  GIT_EDITOR: "editor", GIT_SEQUENCE_EDITOR: "editor", VISUAL: "editor", EDITOR: "editor" };

/**
 * The pager or editor command `value` names, for this run of git only (`-c core.pager=cat`,
 * `GIT_EDITOR=true`): git runs it as `sh -c 'VALUE "$@"' VALUE ARGS` when it holds a shell
 * metacharacter, else executes it, which the same code covers (run-command.c
 * prepare_shell_cmd). A pager reads git's output; an editor gets the file it edits. A value
 * that is not known stays a program the guard does not see.
 */
function programSetting(label: string, role: "pager" | "editor", value: Arg, at: Arg, top: string | null): Effect {
  if (value.text === null) {
    return { t: "issue", code: "OPAQUE_CODE", message: `git ${label} runs a program the guard does not see`,
      span: at.span };
  }
  // From the top of the working tree, as git runs what its configuration names (git-configured.ts);
  // the editor's file stood in for by one every repository has.
  const file = role === "editor" && top !== null ? `${top}/.git/HEAD` : null;
  return { t: "code", text: file === null ? value.text : `${value.text} "$@"`, span: value.span, label: `git ${label}`,
    inProcess: false, positional: file === null ? [] : [file], dialect: "sh", ...(top === null ? {} : { base: top }) };
}

function envEffects(call: Call, where: Where): Effect[] {
  const effects: Effect[] = [];
  const known = (name: string): Arg | null => {
    const v = call.world.getVar(name);
    if (v === undefined || v.k === "unset") return null;
    return withValue(call.nameArg, v.k === "str" ? v.v : null, `$${name} is not known`);
  };
  for (const [name, role] of Object.entries(GIT_ENV_PROGRAMS)) {
    const v = known(name);
    if (v) effects.push(programSetting(`with ${name}=${v.text ?? "…"}`, role, v, call.nameArg, where.top));
  }
  for (const name of GIT_ENV_CODE) {
    if (known(name)) {
      effects.push({ t: "issue", code: "OPAQUE_CODE",
        message: `git with ${name} set runs a program or reads configuration the guard does not see`,
        span: call.span });
    }
  }
  // git-difftool--helper takes the tool from GIT_DIFF_TOOL (as from diff.tool).
  const tool = known("GIT_DIFF_TOOL");
  if (tool && toolIsPath(tool.text)) {
    effects.push({ t: "issue", code: "OPAQUE_CODE",
      message: "git with GIT_DIFF_TOOL naming a path runs the script there", span: call.span });
  }
  // GIT_ALLOW_PROTOCOL naming ext lets a URL run a command.
  const allow = known("GIT_ALLOW_PROTOCOL");
  if (allow && (allow.text === null || allow.text.split(":").includes("ext"))) {
    effects.push({ t: "issue", code: "OPAQUE_CODE",
      message: "git with GIT_ALLOW_PROTOCOL set may run the command of an ext:: URL", span: call.span });
  }
  for (const name of GIT_ENV_WRITE) {
    const arg = known(name);
    if (arg) effects.push(...pathsAt(arg, "write", where));
  }
  for (const name of GIT_ENV_READ) {
    const arg = known(name);
    if (!arg) continue;
    // An alternate may be C-quoted; that form is not unquoted here.
    const list = name !== "GIT_ALTERNATE_OBJECT_DIRECTORIES" || arg.text === null
      ? [arg]
      : arg.text.split(":").filter((p) => p !== "").map((p) =>
        withValue(arg, p.includes('"') ? null : p, `git unquotes ${p}`)
      );
    for (const p of list) effects.push(...pathsAt(p, "read", where));
  }
  // Every GIT_TRACE* variable whose value is a file or socket: git writes its trace there.
  for (const name of [...call.world.varNames()].filter((n) => n.startsWith("GIT_TRACE"))) {
    const arg = known(name);
    const file = arg ? traceFile(arg) : null;
    if (file) effects.push({ t: "path", arg: file, kind: "write" });
  }
  return effects;
}

/** `--pathspec-from-file=F` (`-`: standard input), one pathspec a line or NUL-terminated: each judged in the pathspec role. */
function pathspecsFromFile(sub: { readonly spec: CommandSpec; readonly pathspec: RoleSpec }, words: readonly Arg[],
  call: Call, base: Base): Effect[]
{
  const parsed = parseWords(sub.spec, words, call.world, base, false);
  const role = roleOf(sub.pathspec, parsed.modes);
  if (role === "none") return [];
  const kind: AccessKind = role === "read" || role === "write" || role === "list" ? role : "unknown";
  const nul = parsed.items.some((i) => i.t === "option" && i.name === "--pathspec-file-nul");
  return parsed.items.flatMap((i): Effect[] => {
    if (i.t !== "option" || i.name !== "--pathspec-from-file" || !i.value) return [];
    const v = i.value;
    const what = `git --pathspec-from-file reads its pathspecs from ${
      v.text === "-" ? "its standard input" : v.source
    }, which the guard cannot see`;
    return [{ t: "names", from: v.text === "-" ? null : v, kind, separator: nul ? "\0" : "\n", what, span: v.span,
      reserved: { prefix: ":", meaning: "pathspec magic" }, ...(base === undefined ? {} : { base }) }];
  });
}

function pathEffect(arg: Arg, role: RoleSpec, modes: ReadonlySet<string>, base: Base): Effect[] {
  const r = roleOf(role, modes);
  const baseField = base === undefined ? {} : { base };
  if (r === "none") return [];
  if (r === "generic") return [{ t: "generic", arg, operand: true }];
  if (r === "read" || r === "write" || r === "list" || r === "unknown") {
    return [{ t: "path", arg, kind: r, ...baseField }];
  }
  return [{ t: "generic", arg, operand: true }];
}

/** git lfs: install/uninstall change the user's configuration; pull/checkout rewrite the tree. */
function gitLfs(call: Call, args: readonly Arg[], base: Base): Effect[] {
  const words = args.map((a) => a.text);
  const sub = words.find((w) => w === null || !w.startsWith("-"));
  const baseField = base === undefined ? {} : { base };
  if (sub === null) {
    return [{ t: "issue", code: "UNRESOLVED_WORD", message: "git lfs with a subcommand that is not known",
      span: call.span }];
  }
  if ((sub === "install" || sub === "uninstall") &&
    !words.some((w) => w === "--local" || w === "--worktree" || w === "--system"))
  {
    const home = homeOf(call);
    return [{ t: "path",
      arg: withValue(call.nameArg, home === null ? null : `${home}/.gitconfig`, "the home directory is not known"),
      kind: "write" }];
  }
  if (sub === "pull" || sub === "checkout" || sub === "migrate") {
    return [{ t: "path", arg: syntheticArg(".", call.span), kind: "write", ...baseField }, { t: "links",
      arg: syntheticArg(".", call.span), tree: true, ...baseField }, { t: "changes", fs: true, links: true }];
  }
  return [];
}

/**
 * A pathspec with magic (gitglossary(7), "pathspec"): `:(top,glob)x` or the short `:/x`, `:!x`.
 * `top` (`/`) resolves what follows from the top of the working tree, which may be above the
 * project; other magic leaves it relative to where git runs. A word that is not a pathspec
 * (a revision such as `:/message`, a value) is judged as this path at worst.
 */
function pathspecMagic(a: Arg, top: string | null): Arg {
  const t = a.text;
  if (t === null || !t.startsWith(":") || t === ":") return a;
  const m = /^:(?:\(([^)]*)\)|([/!^]*):?)([\s\S]*)$/.exec(t);
  if (!m) return a;
  const magic = m[1] !== undefined ? m[1].split(",").map((w) => w.trim()) : [...(m[2] ?? "")];
  const rest = m[3] ?? "";
  if (!magic.includes("top") && !magic.includes("/")) return withValue(a, rest === "" ? "." : rest, "");
  if (top === null) return withValue(a, null, `git resolves ${t} from the top of the working tree, which is not known`);
  return withValue(a, rest === "" ? top : `${top.replace(/\/+$/, "")}/${rest}`, "");
}

/** How many aliases git may expand one into another before the guard stops following (git stops at a loop). */
const MAX_ALIASES = 16;

function git(call: Call): Effect[] {
  return gitWith(call, []);
}

/** `git …`, with the aliases expanded so far (`seen`). */
function gitWith(call: Call, seen: readonly string[]): Effect[] {
  const parsed = parseWords(GIT_GLOBAL, call.args, call.world, undefined, true);
  const subItem = parsed.items.find((i) => i.t === "operand");
  const subIndex = subItem ? call.args.indexOf(subItem.word) : call.args.length;
  const name = subItem ? subItem.word.text : null;
  // A subcommand the table does not know (an alias, a git-NAME program) may push.
  const described = name !== null && (SUBS.has(name) || name === "config" || name === "bisect");
  // The repository's own configuration, read as git reads it (git-repository.ts).
  // (clone and init make a repository: they do not use the one they are run in.)
  const repo = subItem && name !== "clone" && name !== "init"
    ? readRepoConfig(call.disk, subItem.base, gitDirGiven(call, parsed.items), homeOf(call))
    : null;
  const alias = repo?.t === "read" && name !== null && !described ? aliasOf(repo, name) : undefined;
  if (alias && subItem && alias.value !== null && !alias.value.startsWith("!")) {
    // git puts the alias's words in its place and starts again (alias.c split_cmdline); a loop stops git.
    const words = splitCmdline(alias.value);
    if (words === null || words.length === 0 || seen.includes(name!)) return [];
    if (seen.length >= MAX_ALIASES) {
      return [{ t: "issue", code: "OPAQUE_CODE",
        message: `git ${name}: aliases expand into one another more than ${MAX_ALIASES} deep`, span: call.span }];
    }
    const expanded = words.map((w) => syntheticArg(w, subItem.word.span));
    return gitWith({ ...call, args: [...call.args.slice(0, subIndex), ...expanded, ...call.args.slice(subIndex + 1)] },
      [...seen, name!]);
  }
  const where = { top: call.disk.findUp(".git", subItem?.base ?? null), push: !described || name === "push" };
  const effects: Effect[] = envEffects(call, { ...where, base: subItem?.base });
  effects.push(
    ...applySpec("git", GIT_GLOBAL, call.args.slice(0, subIndex), call.world, call.span, undefined, call.disk).effects,
  );
  for (const it of parsed.items) {
    if (it.t !== "option" || !it.value) continue;
    if (it.name === "-c") {
      const { key, value } = splitAssignment(it.value);
      const role = key === null || value === null ? null : programKey(key.toLowerCase());
      if (role !== null) effects.push(programSetting(`-c ${key}`, role, value!, it.value, where.top));
      else configEffects(key, value, it.value, effects, { ...where, base: it.base });
    } else if (it.name === "--config-env") {
      // `--config-env=KEY=VAR`: the value is $VAR's, known only when the command sets it.
      const t = it.value.text;
      const eq = t?.lastIndexOf("=") ?? -1;
      if (t !== null && eq <= 0) continue;
      const env = t === null ? "" : t.slice(eq + 1);
      const v = call.world.getVar(env);
      const value = withValue(it.value, v?.k === "str" ? v.v : null, `$${env} is not known`);
      configEffects(t === null ? null : t.slice(0, eq), value, it.value, effects, { ...where, base: it.base });
    }
  }
  if (!subItem) return effects;
  if (repo) {
    const own = repositoryEffects(call, repo, alias, subIndex, { sub: name, span: call.span, described,
      remote: !described || REMOTE_SUBS.has(name), push: where.push, home: homeOf(call),
      noPager: parsed.items.some((i) => i.t === "option" && (i.name === "--no-pager" || i.name === "-P")) });
    effects.push(...own.effects);
    if (own.ran) return effects;
  }
  const base = subItem.base;
  const baseField = base === undefined ? {} : { base };
  const rest = call.args.slice(subIndex + 1);
  if (name === "config") return [...effects, ...gitConfig(call, rest, base)];
  if (name === "lfs") return [...effects, ...gitLfs(call, rest, base)];
  if (name === "bisect") {
    // git bisect run CMD ARGS…: the command runs at each step; the other verbs check out commits.
    const verb = rest[0]?.text ?? null;
    if (verb === "run" && rest.length > 1) {
      return [...effects, { t: "run", argv: rest.slice(1), inProcess: false, bypassFunctions: true,
        label: "git bisect run", ...baseField }, { t: "changes", fs: true, links: true }];
    }
    if (verb === "replay" && rest[1]) effects.push({ t: "path", arg: rest[1], kind: "read", ...baseField });
    if (verb !== null && ["log", "visualize", "view", "terms", "help"].includes(verb)) return effects;
    return [...effects, { t: "path", arg: syntheticArg(".", call.span), kind: "write", ...baseField }, { t: "links",
      arg: syntheticArg(".", call.span), tree: true, ...baseField }, { t: "changes", fs: true, links: true }];
  }
  if (name === "submodule" && rest.some((a) => a.text === "foreach")) {
    const at = rest.findIndex((a) => a.text === "foreach");
    const command = rest.slice(at + 1).filter((a, i, all) =>
      !(a.text !== null && /^(--recursive|-q|--quiet)$/.test(a.text) &&
        all.slice(0, i).every((b) => b.text !== null && b.text.startsWith("-")))
    );
    const text = command.every((a) => a.text !== null) ? command.map((a) => a.text).join(" ") : null;
    if (command.length) {
      effects.push({ t: "code", text, span: command[0]!.span, label: "git submodule foreach", inProcess: false,
        ...baseField });
    }
    return effects;
  }
  const sub = name === null ? undefined : SUBS.get(name);
  // push's words are a repository and refspecs, never pathspecs: `:old` deletes old on the remote.
  const words = name === "push" ? rest : rest.map((a) => pathspecMagic(a, where.top));
  if (!sub) {
    // An alias or an external git-NAME program: every word may be a path, `--opt=/abs` included.
    effects.push({ t: "changes", fs: true, links: true });
    for (const a of name === null ? [subItem.word, ...rest] : words) {
      effects.push({ t: "generic", arg: a, operand: false });
    }
    return effects;
  }
  const dash = words.findIndex((a) => a.text === "--");
  const before = dash < 0 ? words : words.slice(0, dash);
  const after = dash < 0 ? [] : words.slice(dash + 1);
  effects.push(...applySpec(`git ${name}`, sub.spec, before, call.world, call.span, base, call.disk).effects);
  effects.push(...pathspecsFromFile(sub, before, call, base));
  if (after.length) {
    const parsed = parseWords(sub.spec, before, call.world, base, false);
    for (const a of after) effects.push(...pathEffect(a, sub.pathspec, parsed.modes, base));
    // `git mv -- SRC… DEST`: what moves may be a symlink (as for `git mv SRC DEST`).
    const ops = [...parsed.items.flatMap((i) => (i.t === "operand" ? [i.word] : [])), ...after];
    if (name === "mv" && ops.length > 1 && !parsed.modes.has("dry")) {
      const dest = ops[ops.length - 1]!;
      for (const s of ops.slice(0, -1)) {
        effects.push({ t: "links", arg: dest, entry: s.text, ...(ops.length > 2 ? { into: true } : {}), source: s,
          ...baseField }, { t: "moves", arg: s, ...baseField });
      }
    }
  }
  return effects;
}

/**
 * What the repository's configuration makes the command run (git-configured.ts), or why it cannot
 * be known; `ran`: a `!` alias ran instead of a subcommand (git runs `sh -c 'CODE "$@"' CODE
 * ARGS…` from the top of the working tree).
 */
function repositoryEffects(call: Call, repo: RepoConfig, alias: Setting | undefined, subIndex: number,
  c: ConfiguredFor): { readonly effects: Effect[]; readonly ran: boolean }
{
  if (repo.t === "opaque") {
    return {
      effects: [{ t: "issue", code: "OPAQUE_CODE",
        message: `git runs what its configuration names, which the guard cannot read: ${repo.why}`, span: call.span }],
      ran: false,
    };
  }
  if (repo.t === "none") return { effects: [], ran: false };
  if (alias && alias.value !== null) {
    const rest = call.args.slice(subIndex + 1);
    const texts = rest.map((a) => a.text);
    // (Without words after it, git hands sh the code alone: run-command.c prepare_shell_cmd.)
    return {
      effects: [{ t: "code", text: rest.length ? `${alias.value.slice(1)} "$@"` : alias.value.slice(1),
        positional: texts.includes(null) ? null : (texts as string[]), span: call.span,
        label: `git ${c.sub ?? ""}: ${alias.key} in ${alias.file}:${alias.line}`, inProcess: false, dialect: "sh",
        base: repo.top }],
      ran: true,
    };
  }
  return { effects: configuredEffects(repo, c), ran: false };
}

/** The git directory `--git-dir` or GIT_DIR names (null: not known), or undefined when neither does. */
function gitDirGiven(call: Call, items: readonly Item[]): string | null | undefined {
  const option = items.find((i) => i.t === "option" && i.name === "--git-dir");
  if (option && option.t === "option") return option.value?.text ?? null;
  const v = call.world.getVar("GIT_DIR");
  if (v === undefined || v.k === "unset") return undefined;
  return v.k === "str" ? v.v : null;
}

/** The alias git would run for `name` (the last setting wins; names are compared without case). */
function aliasOf(repo: Extract<RepoConfig, { t: "read" }>, name: string): Setting | undefined {
  const key = `alias.${name.toLowerCase()}`;
  return repo.settings.findLast((s) => s.key === key);
}

/**
 * git keeps the names in its index only when its first word is a subcommand whose entry says so
 * (git-subcommands.ts): `git -C dir …`, with an option first, is not looked into.
 */
const changesIndex = (
  ws: readonly string[],
) => (SUBS.get(ws[0] ?? "")?.spec.naming?.fact === "index" ? null : "may change git's index");

export const VCS_ANALYSERS: readonly Analyser[] = [{ names: ["git"], analyse: git,
  pipe: [GIT_LISTING, GIT_COUNT_NUMBERS], naming: { fact: "index", unless: changesIndex } }];
