// Simple commands: words expanded into argv (bash's order: words, then redirections, then
// assignments), prefix assignments, redirections as accesses, and dispatch — to a function, a
// builtin (builtins/), or the command table (src/commands/), whose effects effects.ts applies.
// `[[ … ]]` and a compound command's redirections are here too: words and redirections.

import { analyseCommand, type Arg, isSystemProgram, namingOf, withValue } from "../commands/analyse.ts";
import { fileUrlPath } from "../commands/apply.ts";
import { isAbsolute, join, resolvePhysical } from "../paths/resolve.ts";
import { inSystemSoftware } from "../paths/system-trees.ts";
import type { Span } from "../base/span.ts";
import type { AccessKind } from "../base/verdict.ts";
import { climbs, commandWords, dirEntries, goFlagFiles, OTHER_ZONE_DIRECTORIES, SHELL_SYNTAX,
  ZONE_DIRECTORY } from "../shell/environment.ts";
import { environmentRole } from "../commands/environment.ts";
import { lookupCommand } from "../commands/table/index.ts";
import type { Naming } from "../shell/findings.ts";
import { repChoices } from "../shell/listing.ts";
import { dedupe, STATUS_UNKNOWN, str, unknown, type Value, type World } from "../shell/state.ts";
import { INHERITED_STDIN, redirectedStdin } from "./stdin.ts";
import { REDIR_OPS, type Redir, type Stmt, type Word } from "../shell/syntax.ts";
import { expandToSegs, expandWord } from "../shell/words/expand.ts";
import { type Field, fieldText, firstUnknown, hasStandIn } from "../shell/words/env.ts";
import { pathCandidates } from "./candidates.ts";
import { assign, builtinEvaluation, promptRunsCode, setVariable } from "./assign.ts";
import { ANY_ALIAS } from "./builtins/flow.ts";
import { BUILTINS, runBuiltin } from "./builtins/index.ts";
import { writeGlobal } from "./builtins/variables.ts";
import type { DispatchInfo, Shell } from "./context.ts";
import { applyEffects } from "./effects.ts";
import { pathPrograms, systemProgramBehind, venvPip } from "./path-lookup.ts";
import { callFunction, unmarked } from "./nested.ts";
import { projectBin } from "./project-bins.ts";
import { replayTrapsIfChanged } from "./traps.ts";
import { taint, taintCwdOnly, withStatus } from "./worlds.ts";
import { urlPathNamingNothing } from "./url-values.ts";

/** Builtins that may assign a variable they are given by name (whether or not the guard runs them). */
const ASSIGNING_BUILTINS = new Set(["export", "readonly", "declare", "typeset", "local", "printf", "let", "getopts",
  "read", "mapfile", "readarray", "unset"]);
/** POSIX special builtins: in posix mode they are found before functions of the same name. */
const SPECIAL_BUILTINS = new Set(["break", ":", ".", "continue", "eval", "exec", "exit", "export", "readonly", "return",
  "set", "shift", "times", "trap", "unset"]);
const COMMAND_NOT_FOUND = "command_not_found_handle";
/** bash builtins the interpreter has no model of: always found, so never "not found". */
const BASH_BUILTINS: ReadonlySet<string> = new Set(["echo", "printf", "test", "[", "pwd", "type", "kill", "wait",
  "jobs", "fg", "bg", "disown", "suspend", "umask", "ulimit", "times", "help", "history", "fc", "bind", "caller",
  "compgen", "complete", "compopt", "logout", "times", "false", "true"]);
/** Builtins whose arguments may be assignments, arrays included. */
const DECLARATIONS = new Set(["declare", "typeset", "local", "export", "readonly"]);

/** A compound command with redirections (`{ …; } > f`, `while …; done < f`). */
export function execRedirected(it: Shell, s: Extract<Stmt, { t: "redir" }>, ws: World[]): World[] {
  const failed: World[] = [];
  for (const w of ws) if (redirections(it, s.redirs, w, "redirection")) failed.push(withStatus(w.clone(), 1));
  const w0 = ws[0];
  // Worked out only if something inside reads it.
  if (ws.length !== 1 || !w0 || !s.redirs.some((r) => r.fd === null || r.fd === "0")) {
    return dedupe([...it.exec(s.body, ws), ...failed]);
  }
  const outer = it.inheritedStdin;
  const ran = it.withStdin(
    () => unmarked(it, redirectedStdin(s.redirs, w0, it), [], s.redirs, w0) ?? outer?.() ?? INHERITED_STDIN,
    () => it.exec(s.body, ws),
  );
  return dedupe([...ran, ...failed]);
}

export function runSimple(it: Shell, cmd: Extract<Stmt, { t: "cmd" }>, w: World): World[] {
  // Aliases are replaced before parsing in bash; the guard does not re-parse them.
  if (cmd.words.length && w.aliases.size && w.options.expandAliases !== false) {
    const first = cmd.words[0]!;
    if (w.aliases.has(ANY_ALIAS) ||
      (first.parts.length === 1 && first.parts[0]!.t === "raw" && w.aliases.has(first.parts[0]!.text)))
    {
      it.issue("SHELL_STATE", `${first.text} is an alias; aliases are not followed`, first.span);
      return [taint(w, "an alias ran")];
    }
  }
  // 1. Words are expanded first (bash order), then redirections, then assignments.
  let argv: Arg[] = [];
  let countUnknown = false;
  const standIns: StandInWord[] = [];
  for (const word of cmd.words) {
    const e = expandWord(word, w, it);
    if (e.standIns) standIns.push({ at: argv.length, n: e.fields.length, kind: e.standIns });
    else if (e.countUnknown) countUnknown = true;
    for (const f of e.fields) argv.push(e.standIns ? { ...argOf(f, word), standIn: true } : argOf(f, word));
  }
  if (argv.length === 0) {
    // Assignments alone persist; redirections are still performed.
    // Bash assigns even when a redirection fails; only the status tells them apart.
    const mayFail = redirections(it, cmd.redirs, w, "redirection");
    assign(it, cmd.assigns, w, false);
    replayTrapsIfChanged(it, w);
    return [withStatus(w, cmd.words.length && !mayFail ? 0 : STATUS_UNKNOWN)];
  }
  const name = argv[0]!;
  const failed = redirections(it, cmd.redirs, w, name.text ?? "command") ? withStatus(w.clone(), 1) : null;
  // Prefix assignments last for this command only (functions and builtins see them).
  const saved = assign(it, cmd.assigns, w, true);
  const piped = it.pipedStdin.get(cmd);
  const inherited = it.inheritedStdin;
  const stdin = () =>
    it.readable(
      unmarked(it, redirectedStdin(cmd.redirs, w, it), [], cmd.redirs, w) ?? piped?.() ?? inherited?.() ??
        INHERITED_STDIN,
      w,
    );
  const info: DispatchInfo = { countUnknown, span: cmd.span, inProcess: true, bypassFunctions: false, stdin,
    ...(saved.length ? { prefix: saved.map(([n]) => n) } : {}) };
  // (cd follows each way its operands may come out: none goes home, two fail, one is a stand-in: builtins/directories.ts.)
  const inShell = name.text !== null && !name.standIn && (BUILTINS.has(name.text) || w.funcs.has(name.text)) &&
    !(name.text === "cd" && !w.funcs.has("cd"));
  if (saved.length && (inShell || name.text === "cd")) shellZone(it, w, cmd.span, saved.map(([n]) => n));
  const variants = standIns.length ? standInVariants(argv, standIns, inShell) : [argv];
  if (variants.length === 1) argv = variants[0]!;
  const out = variants.length === 1
    ? dispatch(it, argv, w, info)
    : dedupe(variants.flatMap((v, i) => dispatch(it, v, i === variants.length - 1 ? w : w.clone(), info)));
  // `declare a=(x y)`: the builtin saw only the name (and made it unknown); the elements are here.
  // (`local` outside a function fails, and assigns nothing; bash has expanded the elements all the same.)
  if (name.text === "local" && w.frames.length === 0) {
    for (const word of cmd.words) for (const e of word.assign?.array ?? []) expandWord(e, w.clone(), it);
  } else if (name.text !== null && DECLARATIONS.has(name.text)) {
    const global = argv.some((a) => a.text !== null && /^-[A-Za-z]*g/.test(a.text));
    for (const word of cmd.words) {
      const a = word.assign;
      if (!a?.array) continue;
      for (const o of out) {
        if (global && o.frames.length) writeGlobal(it, o, a.name, () => setVariable(it, a, o));
        else setVariable(it, a, o);
      }
    }
  }
  let after = out;
  if (saved.length) {
    // A prefix assignment lasts only for the command, but bash keeps it when a builtin
    // exports, marks or writes the name (`x=.. export x`, `x=a printf -v x ..`, `let`,
    // `getopts`), when a function sets it global, and before a special builtin in a POSIX
    // sh. Which builtin does what is irregular: when one may, both outcomes are followed.
    const mayKeep = name.text === null || mayKeepPrefix(it, name.text, argv, saved.map(([n]) => n), w);
    const kept = mayKeep ? out.map((o) => o.clone()) : [];
    for (const o of out) {
      for (const [n, v, attrs] of saved) {
        o.setVar(n, v);
        o.setAttr(n, attrs);
      }
    }
    if (kept.length) after = dedupe([...out, ...kept]);
  }
  for (const o of after) replayTrapsIfChanged(it, o);
  return failed ? dedupe([...after, failed]) : after;
}

/** Whether running `name` may keep a prefix assignment to one of `names` (see runSimple). */
function mayKeepPrefix(it: Shell, name: string, argv: readonly Arg[], names: readonly string[], w: World): boolean {
  if (w.funcs.has(name)) return true;
  if (it.frame.dialect === "sh" && SPECIAL_BUILTINS.has(name)) return true;
  if (!BUILTINS.has(name) && !ASSIGNING_BUILTINS.has(name)) return false;
  return argv.slice(1).some((a) => a.text === null || names.some((n) => a.text!.includes(n)));
}

/** A compound command's redirection (`{ …; } > f`). */
const REDIRECT = { redirect: true } as const;

/**
 * Performs redirections: each target is an access. Returns whether one of them may fail:
 * a file that cannot be opened stops the command before it runs, with status 1.
 */
function redirections(it: Shell, redirs: readonly Redir[], w: World, command: string): boolean {
  let mayFail = false;
  for (const r of redirs) {
    if (r.fdVar !== undefined) {
      w.setVar(r.fdVar, unknown(`$${r.fdVar} holds a descriptor number the shell picks`, true));
    }
    if (r.heredoc) {
      if (r.heredoc.expands) expandToSegs(r.heredoc.body, w, it, false);
      continue;
    }
    if (!r.target) continue;
    if (r.op === "<<<") {
      expandToSegs(r.target, w, it, false);
      continue;
    }
    const e = expandWord(r.target, w, it);
    if ((r.op === ">&" || r.op === "<&") && e.fields.length === 1) {
      const t = fieldText(e.fields[0]!);
      // Duplicating or closing a descriptor opens no file; only a descriptor the shell
      // may not have open (not 0, 1 or 2) can fail.
      if (t !== null && /^([0-9]+-?|-)$/.test(t)) {
        if (!/^([012]-?|-)$/.test(t)) mayFail = true;
        continue;
      }
      // `<&$fd` with a number the shell picked (`{fd}<file`): a descriptor, which may be closed.
      const segs = e.fields[0]!.segs;
      if (segs.length > 0 && segs.every((g) => ("unknown" in g ? g.unknown.numeric : /^[0-9]*-?$/.test(g.text)))) {
        mayFail = true;
        continue;
      }
    }
    // (A here-string or here-document opened no file above; were one here, a write is the stricter.)
    const kind: AccessKind = REDIR_OPS[r.op] === "read" ? "read" : "write";
    const label = `${r.fd ?? ""}${r.op}`;
    // The shell makes the file, whatever the command is (listing.ts).
    const origin = command === "redirection" ? REDIRECT : { program: command, redirect: true as const };
    if (e.fields.length === 0 || e.countUnknown) {
      mayFail = true;
      const word: Arg = { text: null, source: r.target.text, span: r.target.span, unknownWhy: null, segs: [] };
      const at = withValue(word, null, "the redirection target is not known");
      it.findings.attributed(origin, () => it.paths.access(w, at, kind, label));
      continue;
    }
    const target = r.target;
    for (const f of e.fields) {
      if (!opensSurely(it, w, fieldText(f), r.op)) mayFail = true;
      const by = command === "redirection" ? label : `${command} ${label}`;
      it.findings.attributed(origin, () => it.paths.access(w, argOf(f, target), kind, by));
    }
  }
  return mayFail;
}

/**
 * Whether a redirection to `target` cannot fail: /dev/null, or reading a regular file that
 * is there (and that nothing in the command may have removed). Writing can always fail.
 */
function opensSurely(it: Shell, w: World, target: string | null, op: string): boolean {
  if (target === "/dev/null") return true;
  if (target === null || op !== "<" || w.fsChanged || w.linksChanged) return false;
  const abs = isAbsolute(target) ? target : w.cwd === null ? null : join(w.cwd, target);
  if (abs === null) return false;
  const r = resolvePhysical(abs, it.fs);
  return r.ok && r.exists && it.fs.lstat(r.path) === "file";
}

export function dispatch(it: Shell, argv: readonly Arg[], w: World, info: DispatchInfo): World[] {
  const name = argv[0]!;
  const words = argv.map((a) => a.text ?? a.source);
  // (Whatever runs it, a function of that name too: as listing.ts reads every run of a program.)
  const naming = namingOf(name, argv.slice(1), it.opts.commandKnowledge !== false);
  it.findings.addCommand({ text: words.join(" "), words, ...(naming ? { naming } : {}),
    known: argv.every((a) => a.text !== null), via: it.frame.via, span: it.span(info.span) });
  if (name.text === null || name.standIn) {
    // A stand-in for a listing's names run as a command is any of them, looked up in PATH.
    it.issue("UNRESOLVED_COMMAND",
      `the command name ${name.source} is not known${name.standIn ? " (it is a name a listing prints)" : ""}`,
      name.span);
    for (const a of argv.slice(1)) it.paths.genericArg(a, w, "?");
    if (info.inProcess) it.issue("SHELL_STATE", "a command whose name is not known may change the shell", name.span);
    return [taintIfInProcess(w, info, "an unknown command ran")];
  }
  // In a POSIX sh (dash, or bash as sh), special builtins are found before functions.
  if (info.inProcess && !info.bypassFunctions && !(it.frame.dialect === "sh" && SPECIAL_BUILTINS.has(name.text))) {
    const f = w.funcs.get(name.text);
    if (f) return callFunction(it, name.text, f.body, argv.slice(1), w, info);
  }
  builtinEvaluation(it, name.text, argv, w, info.span);
  if (info.inProcess && BUILTINS.has(name.text)) {
    // `.` and `source` look a name without a slash up in $PATH.
    if (name.text === "." || name.text === "source") environment(it, w, info.span, info.prefix);
    return runBuiltin(it, name.text, argv, w, info);
  }
  // (Builtins are found before PATH is searched.)
  if (info.named !== true && !(info.inProcess && BASH_BUILTINS.has(name.text))) {
    const files = pathPrograms(it, w, name.text);
    if (files.length) return lookedUp(it, argv, w, info, files, naming);
  }
  return runProgram(it, argv, w, info, naming);
}

/**
 * A name PATH finds among the project's own files (path-lookup.ts): each file that may be what
 * runs is judged as that file, as `./bin/NAME` is; and the name as the tool it says, as without
 * the lookup: it may be found further on, a wrapper may search another PATH (sudo's
 * secure_path, `env -i`), and a venv's `pip` is pip whatever else it is (what pip reads from a
 * requirements file is judged too). Each is one of what may happen at that moment: none sees
 * what another would have written.
 */
function lookedUp(it: Shell, argv: readonly Arg[], w: World, info: DispatchInfo, files: readonly string[],
  naming: Naming | undefined): World[]
{
  const name = argv[0]!;
  const runs = [() => runProgram(it, argv, w.clone(), info, naming),
    ...files.map((f) => () => runProgram(it, [withValue(name, f, ""), ...argv.slice(1)], w.clone(), info, undefined))];
  return dedupe(it.paths.texts.alternatives(runs).flat());
}

/** A program started (not a function or builtin): its table entry's effects, or a program of the project's. */
function runProgram(it: Shell, given: readonly Arg[], w: World, called: DispatchInfo,
  naming: Naming | undefined): World[]
{
  // A symlink of the project's to a system program runs that program (path-lookup.ts); a
  // program in the bin of a venv made earlier in the command is the tool its name says, in that
  // venv (made-venvs.ts).
  // A venv's pip that is pip's own console script is pip, in that venv (path-lookup.ts venvPip).
  const made = it.paths.venvs.fileOf(w, given[0]!.text);
  const pipOf = made === null ? venvPip(it, w, given[0]!.text) : null;
  const venv = made?.dir ?? pipOf;
  const info = venv === null ? called : { ...called, venv };
  // (A pip there is a script in the venv, still the place judged; a python there is a link to
  // the Python outside, judged as the tool it leads to, not as an executable outside.)
  if (venv !== null && /(^|\/)pip[^/]*$/.test(given[0]!.text!)) it.paths.access(w, given[0]!, "exec", given[0]!.text!);
  const behind = made !== null
    ? made.name
    : pipOf !== null
    ? given[0]!.text!.slice(given[0]!.text!.lastIndexOf("/") + 1)
    : systemProgramBehind(it, w, given[0]!.text!);
  const argv = behind === null ? given : [withValue(given[0]!, behind, ""), ...given.slice(1)];
  const name = argv[0]! as Arg & { text: string };
  if (behind !== null) naming = namingOf(name, argv.slice(1), it.opts.commandKnowledge !== false);
  commandNotFound(it, name.text, argv, w, info);
  const options = environment(it, w, info.span, info.prefix, name.text);
  // (A program named by a path is the project's own, or one the table may know: a /usr/bin/x
  // the table describes keeps to its entry, as analyseCommand does.)
  // What the program is handed: the prefix assignments, and what the command exported.
  const handed = info.prefix === undefined ? w.exportedNames() : [...new Set([...info.prefix, ...w.exportedNames()])];
  const hands = handed.length > 0 && !BASH_BUILTINS.has(name.text);
  // (Judged once the program and what it runs have been: a value it is handed, taken for a place
  // it may write, is not a write made before its own script was read — `export
  // PREFIX=.venv/bin/; ${PREFIX}black` reads the black that is there.)
  const handedIn = hands ? w.clone() : null;
  // In a package.json script, a bare name may be the project's own program (project-bins.ts).
  const bin = projectBin(it, name.text, w);
  const effects = analyseCommand(bin === null ? name : withValue(name, bin, ""),
    options.length ? [...options, ...argv.slice(1)] : argv.slice(1), { countUnknown: info.countUnknown, world: w,
    span: info.span, stdin: info.stdin, useTable: it.opts.commandKnowledge !== false, home: it.home,
    disk: it.paths.diskFor(w, info.span, name.text) });
  const out = applyEffects(it, effects, argv, w, info, naming);
  if (handedIn !== null) {
    const described = it.opts.commandKnowledge !== false &&
      lookupCommand(name.text.slice(name.text.lastIndexOf("/") + 1)) !== undefined &&
      (!name.text.includes("/") || /^\/(usr\/)?(local\/)?s?bin\//.test(name.text));
    handedValues(it, handedIn, info, handed, described);
  }
  return out;
}

/**
 * A program looked up in PATH may not be there (the guard does not know PATH's contents):
 * bash then runs command_not_found_handle, in a child of the shell, with the command's words.
 */
function commandNotFound(it: Shell, name: string, argv: readonly Arg[], w: World, info: DispatchInfo): void {
  const handler = w.funcs.get(COMMAND_NOT_FOUND);
  if (!handler || it.inNotFound || name.includes("/") || BASH_BUILTINS.has(name)) return;
  // Inside the handler, a command not found would run it again: it is judged here already.
  it.inNotFound = true;
  try {
    it.paths.joinChild(w,
      callFunction(it, COMMAND_NOT_FOUND, handler.body, argv, w.clone(), { ...info, inProcess: true }));
  } finally {
    it.inNotFound = false;
  }
}

/**
 * A variable the guard knows no role for, set (or exported) for a program the table does not describe
 * either (`BOOT_ROOT=../x kernel-install …`, `FOO_DIR=../x tool`): the program was handed it
 * on purpose and may read it as a path, so its value is judged as that program's words are.
 * A program the table describes reads the variables its entry and environment.ts name, and
 * many more its manual names (DPKG_ROOT=../x dpkg-query read ../x/var/lib/dpkg/status,
 * GROFF_FONT_PATH=../x troff ../x/devascii/DESC: the program probe, under strace): a value
 * given to one that looks like a path, or a `:`-separated list of them, is judged as a path
 * of unknown kind (`FOO=bar ls`, `CFLAGS=-O2 make` name none). A variable named as a URL
 * holding a URL's path that names nothing on the disk (`NUXT_APP_BASE_URL=/x/`) is neither.
 */
function handedValues(it: Shell, w: World, info: DispatchInfo, names: readonly string[], described: boolean): void {
  for (const name of names) {
    if (environmentRole(name) !== null || (described && LOCALE_NAME.test(name))) continue;
    const v = w.getVar(name);
    if (v === undefined || v.k === "unset") continue;
    const at: Arg = { text: null, source: `${name}=…`, span: info.span,
      unknownWhy: `$${name} is not known, and the program started is given it`, segs: [] };
    // (What an unknown value names, a described program is not asked about: `V=$(git describe) make`.)
    if (v.k === "unknown") {
      // Exported earlier, not assigned here: shell state every later program is handed.
      if (!described) {
        it.paths.genericArg(info.prefix?.includes(name) ? at : { ...at, state: "environment" }, w, `$${name}`);
      }
    } else {
      for (const text of v.k === "str" ? [v.v] : v.v) {
        // A URL's path (NUXT_APP_BASE_URL=/x/) that names nothing on the disk (url-values.ts).
        if (urlPathNamingNothing(it.paths.fs, w, name, text)) continue;
        if (!described) it.paths.genericArg(withValue(at, text, ""), w, `$${name}`);
        else {
          for (const piece of URL_LIKE.test(text) ? [fileUrlPath(text)] : new Set([text, ...text.split(":")])) {
            // A URL (DATABASE_URL=postgres://u@h/db) names no place here, unless it is a file URL.
            if (piece !== null && PATH_LIKE.test(piece)) {
              it.paths.access(w, withValue(at, piece, ""), "unknown", `$${name}`);
            }
          }
        }
      }
    }
  }
}

/** The locale's names, which glibc never opens as paths (it refuses `..`; strace, test/environment.test.ts). */
const LOCALE_NAME = /^(LANG|LC_[A-Z_]+)$/;

/** A value that is a URL: `scheme://…`. */
const URL_LIKE = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/** A value that names a place: it holds a `/`, or is `.`, `..` or starts with `~`. */
const PATH_LIKE = /^(?!-)(?=.*\/|\.\.?$|~)/;

/**
 * A directory a program looks its code up in (`PYTHONPATH`, `NODE_PATH`, `LD_LIBRARY_PATH`,
 * `PATH`) that is, physically, in a tree of the system's installed software
 * (`PYTHONPATH=/usr/lib/python3/dist-packages`): what is found there is code the system
 * installed, which its programs load without being told (the system's python has that directory
 * on its path already), so the directory is judged as the read it is. Anywhere else, the code
 * found there is run.
 */
function searchedKind(it: Shell, kind: AccessKind, entry: string): AccessKind {
  if (kind !== "exec" || !entry.startsWith("/")) return kind;
  const r = resolvePhysical(entry, it.paths.fs);
  return r.ok && r.exists && inSystemSoftware(r.path) ? "read" : kind;
}

/** A variable as the command has it, else as the host's environment does (undefined: neither). */
function shellOrHost(it: Shell, w: World, name: string): Value | undefined {
  const host = it.env.get(name);
  return w.getVar(name) ?? (host !== undefined ? str(host) : undefined);
}

/** The zone file a TZ value names: absolute, or under $TZDIR (glibc's tzset, strace). */
function zoneFile(it: Shell, w: World, at: Arg, name: string, text: string, kind: AccessKind): void {
  const zone = text.replace(/^:/, "");
  const dir = shellOrHost(it, w, "TZDIR") ?? str(ZONE_DIRECTORY);
  if (zone === "") return;
  const command = `$${name}`;
  if (zone.startsWith("/")) return it.paths.access(w, withValue(at, zone, ""), kind, command);
  if (dir.k === "str") it.paths.access(w, withValue(at, `${dir.v}/${zone}`, ""), kind, command);
  else {
    it.paths.access(w, withValue(at, null, `$TZDIR is not known, and ${name} names a zone file under it`), kind,
      command);
  }
  if (!climbs(zone)) return;
  const zoneinfo = shellOrHost(it, w, "ZONEINFO");
  if (zoneinfo !== undefined && zoneinfo.k !== "unset") {
    if (zoneinfo.k === "str") it.paths.access(w, withValue(at, `${zoneinfo.v}/${zone}`, ""), kind, command);
    else {
      it.paths.access(w, withValue(at, null, `$ZONEINFO is not known, and ${name} names a zone file under it`), kind,
        command);
    }
  }
  for (const other of OTHER_ZONE_DIRECTORIES) it.paths.access(w, withValue(at, `${other}/${zone}`, ""), kind, command);
}

/**
 * bash itself loads the zone when TZ is set for a builtin or a function alone (`TZ=/x :`:
 * strace shows bash opening /x), not when it is assigned or exported.
 */
function shellZone(it: Shell, w: World, span: Span, names: readonly string[]): void {
  if (!names.includes("TZ")) return;
  const v = w.getVar("TZ");
  const at: Arg = { text: null, source: "TZ=…", span, unknownWhy: null, segs: [] };
  if (v === undefined || v.k === "unset") return;
  if (v.k === "unknown") {
    it.paths.access(w, withValue(at, null, "$TZ is not known, and bash loads the zone it names"), "read", "$TZ");
  } else zoneFile(it, w, at, "TZ", v.k === "str" ? v.v : (v.v[0] ?? ""), "read");
}

/**
 * Variables set in the command that change what the program it starts loads, runs or reads
 * (environment.ts): what their values name is judged as the program's own words would be.
 * Whether the variable is exported is not asked: one the shell inherited is exported anyway.
 */
function environment(it: Shell, w: World, span: Span, prefix: readonly string[] | undefined, program?: string): Arg[] {
  const options: Arg[] = [];
  const base = program === undefined ? "" : program.slice(program.lastIndexOf("/") + 1);
  for (const name of w.environmentNames) {
    const role = environmentRole(name);
    const v = w.getVar(name);
    if (!role || v === undefined || v.k === "unset") continue;
    const command = `$${name}`;
    const at: Arg = { text: null, source: `${name}=…`, span, unknownWhy: null, segs: [] };
    if (v.k === "unknown" && v.hostPath !== undefined && name === "PATH") {
      // The host's PATH after known entries (`V/bin:$PATH`): the entries are judged, the rest
      // is the host's, taken on trust as an inherited PATH is.
      for (const e of v.hostPath.head) it.paths.access(w, withValue(at, e, ""), role.kind, command);
      continue;
    }
    if (v.k === "unknown") {
      // Set before this command, not in its prefix: shell state every later program uses.
      const inherited: Arg = prefix?.includes(name) ? at : { ...at, state: "environment" };
      it.paths.access(w, withValue(inherited, null, `$${name} is not known, and the program started uses it`),
        role.kind, command);
      continue;
    }
    // An array is not exported; the shell's own lookups use its first element.
    const text = v.k === "str" ? v.v : (v.v[0] ?? "");
    if (role.value === "dirs") {
      // `af_unix:stream:/path` splits into entries like any list; its path is the absolute one.
      for (const e of dirEntries(text)) {
        if (!role.absoluteOnly || e.startsWith("/")) {
          it.paths.access(w, withValue(at, e, ""), searchedKind(it, role.kind, e), command);
        }
      }
    } else if (role.value === "zone") {
      zoneFile(it, w, at, name, text, role.kind);
    } else if (role.value === "goflags") {
      for (const f of goFlagFiles(text)) it.paths.access(w, withValue(at, f.path, ""), f.kind, command);
    } else if (role.value === "catalogues") {
      for (const e of text.split(":").filter(climbs)) {
        it.paths.access(w,
          withValue(at, null,
            `${name} names the message catalogue ${
              JSON.stringify(e)
            }, which climbs out of a directory the guard does not know`), role.kind, command);
      }
    } else if (name === "PS4" ? promptRunsCode(text) : SHELL_SYNTAX.test(text)) {
      // (PS4 is a prompt, expanded rather than run: only what its expansion may run counts.)
      it.issue("OPAQUE_CODE", `${name} holds shell code that a program started here may run`, span);
    } else if (role.optionsOf && text.trim() !== "") {
      if (role.optionsOf.includes(base)) options.push(...commandWords(text).map((word) => withValue(at, word, "")));
      else {
        it.issue("OPAQUE_CODE",
          `${name} holds options for ${role.optionsOf[0]}, which ${program ?? "this command"} may start`, span);
      }
    } else {
      // `SHELL=/bin/bash`, `EDITOR=/usr/bin/vim`: a system program is what its name says.
      const words = commandWords(text);
      if (words[0] !== undefined && isSystemProgram(words[0])) words.shift();
      // `PIP_INDEX_URL=file:///dir`, `UV_FIND_LINKS=file:…`: a file URL names its path.
      for (const word of words) {
        for (const cand of pathCandidates(word)) {
          it.paths.access(w, withValue(at, fileUrlPath(cand) ?? cand, ""), role.kind, command);
        }
      }
    }
  }
  return options;
}

function taintIfInProcess(w: World, info: DispatchInfo, why: string): World {
  return withStatus(info.inProcess ? taintCwdOnly(w, why) : w, STATUS_UNKNOWN);
}

/** Words of a command that are stand-ins for a listing's names: `n` fields from `at`. */
interface StandInWord {
  readonly at: number;
  readonly n: number;
  readonly kind: "fields" | "one";
}

/**
 * The commands a command with stand-ins for a listing's names may be (src/shell/listing.ts):
 * an unquoted `$(…)` that prints names is any number of words in any order, so each is
 * followed as none, one and two of them (where the count or the place changes what a word is:
 * `cp $(…)`, `grep -r x $(…)` with none searching `.`); a quoted one is one word, or empty. A builtin or function
 * (whose words change the shell) gets unknown words, but for `cd`, which follows each
 * (`cd $(find …)` with none goes home), as does a command with more than two such words.
 */
function standInVariants(argv: readonly Arg[], words: readonly StandInWord[], inShell: boolean): Arg[][] {
  if (inShell || words.length > 2 || words[0]!.at === 0) {
    const at = new Set(words.flatMap((sw) => Array.from({ length: sw.n }, (_, k) => sw.at + k)));
    return [
      argv.map((a, i) => (at.has(i) && i > 0
        ? withValue({ ...a, standIn: undefined }, null, "names a listing prints, whose number is not known")
        : a)
      ),
    ];
  }
  let variants: Arg[][] = [[]];
  let next = 0;
  for (const sw of words) {
    const head = argv.slice(next, sw.at);
    const group = argv.slice(sw.at, sw.at + sw.n);
    const choices: Arg[][] | null = sw.kind === "one"
      ? [[withValue({ ...group[0]!, standIn: undefined }, "", "")], group]
      : repChoices(group);
    if (choices === null || variants.length * choices.length > 64) return standInVariants(argv, words, true);
    variants = variants.flatMap((v) => choices.map((c) => [...v, ...head, ...c]));
    next = sw.at + sw.n;
  }
  return variants.map((v) => [...v, ...argv.slice(next)]);
}

export function argOf(f: Field, word: Word): Arg {
  const text = fieldText(f);
  const u = text === null ? firstUnknown(f) : null;
  const arg: Arg = { text, source: word.text, span: word.span, unknownWhy: u?.why ?? null, segs: f.segs };
  // A word made with a stand-in for a listing's names is one too (a variable read from it, `$1` of `sh -c … {}`).
  return hasStandIn(f) ? { ...arg, standIn: true } : arg;
}
