// git's configuration: the keys whose value git runs as a program or reads or writes as a path,
// what setting one means (`git -c`, `git clone -c`, `--config-env`, `git config KEY VALUE`), and
// `git config` itself (--global/--system/--file name the file it writes).

import { applySpec, parseWords } from "../../apply.ts";
import { type Arg, type Effect, withValue } from "../../effects.ts";
import type { AccessKind } from "../../../base/verdict.ts";
import type { Base, Call, CommandSpec, Item } from "../../spec.ts";
import { type Custom, each, flag, locate, none, optionItems } from "../common.ts";

/** Keys whose value git runs as a program or shell command (or that load more configuration). */
const CODE_KEY = new RegExp([
  "^alias\\.",
  "^filter\\.",
  "^pager\\.",
  "^includeif\\.",
  "^core\\.(hookspath|sshcommand|editor|pager|fsmonitor|askpass|gitproxy)$",
  "^sequence\\.editor$",
  "^init\\.templatedir$",
  "^diff\\.external$",
  "^interactive\\.difffilter$",
  "^uploadpack\\.packobjectshook$",
  "^imap\\.tunnel$",
  "^instaweb\\.httpd$",
  "^lfs\\.extension\\.",
  // include.path loads configuration; man/difftool/mergetool/browser.<tool>.path and git-lfs's
  // lfs.customtransfer.<agent>.path are the program run for that tool. A submodule's path is
  // where it sits in the working tree, which git keeps inside it.
  "^(?!submodule\\.).*\\.path$",
  "(command|cmd|program|helper|editor|hook|driver|textconv|uploadpack|receivepack|sendmailcmd|smtpserver|viewer|browser)$",
].join("|"));
/** Keys whose value is a file or directory git reads (http.<url>.* and sendemail.<identity>.* too). */
const READ_KEY = new RegExp(
  [
    "^(core\\.(excludesfile|attributesfile)|commit\\.template|blame\\.ignorerevsfile|mailmap\\.file|diff\\.orderfile|format\\.signaturefile|help\\.htmlpath|instaweb\\.modulepath)$",
    "^gpg\\.ssh\\.(allowedsignersfile|revocationfile)$",
    "^((fetch|receive)\\.)?fsck\\.skiplist$",
    "^http\\.(.*\\.)?(sslcainfo|sslcapath|sslcert|sslkey|proxysslcainfo|proxysslcert|proxysslkey|pinnedpubkey)$",
    "^sendemail\\.(.*\\.)?(aliasesfile|smtpsslcertpath)$",
  ].join("|"),
);
/** Keys whose value is where git writes: the working tree, cookies saved back (http.saveCookies), patches, logs. */
const WRITE_KEY =
  /^(core\.worktree|http\.(.*\.)?cookiefile|format\.outputdirectory|gitcvs\.logfile|lfs\.storage|fsmonitor\.socketdir)$/;
/** Keys whose value is a repository (a URL, `host:path`, or a local path git reads or writes). */
const REPO_KEY =
  /^(remote\..+\.(url|pushurl|lfsurl|lfspushurl)|submodule\..+\.url|lfs\.(url|pushurl)|bundle\..+\.uri|fetch\.bundleuri)$/;
/** Keys whose value is a remote's name, or a URL or path git uses as an unnamed remote (git-config(1), "branch.<name>.remote"). */
const REMOTE_NAME_KEY = /^(branch\..+\.(remote|pushremote)|remote\.pushdefault)$/;
/** Keys naming the diff or merge tool: git-mergetool--lib sources `$MERGE_TOOLS_DIR/$tool`, so a name with a `/` is a script run from there. */
const TOOL_KEY = /^(diff|merge)\.(gui)?tool$/;
/** A tool name that is not one of git's own (a `/` in it leaves the mergetools directory): the script it names is run. */
export function toolIsPath(name: string | null): boolean {
  return name === null || name.includes("/");
}
/** `url.<base>.insteadOf`: the base, inside the key, is the repository that rewritten URLs reach. */
const INSTEAD_OF = /^url\.(.+)\.(push)?insteadof$/i;

/**
 * Where a GIT_TRACE* variable or a trace2.*Target setting sends its output: an absolute path (a
 * file appended to, or a directory that gets a file per process) or an `af_unix:` socket. 0, 1,
 * 2, true, false and fd numbers are not files, and git ignores any other value.
 */
export function traceFile(value: Arg): Arg | null {
  if (value.text === null) return value;
  const path = value.text.replace(/^af_unix:((stream|dgram):)?/, "");
  return path.startsWith("/") ? withValue(value, path, "") : null;
}

/**
 * Where git's own paths resolve: `base` (where the command starts), and `top`, the top of the
 * working tree, since git moves there before it uses a relative path from a setting or a
 * variable. `push`: the command may push, so a repository setting is written to.
 */
export interface Where {
  readonly base: Base;
  readonly top: string | null;
  readonly push: boolean;
}

export function pathsAt(arg: Arg, kind: AccessKind, where: Where): Effect[] {
  const out: Effect[] = [{ t: "path", arg, kind, ...(where.base === undefined ? {} : { base: where.base }) }];
  if (where.top !== null && arg.text !== null && !arg.text.startsWith("/")) {
    out.push({ t: "path", arg, kind, base: where.top });
  }
  return out;
}

/**
 * Whether setting `key` (lowercased) to `value` (null: not known, or not given when `given` is
 * false) makes git run a program or shell code, or load more configuration.
 */
export function runsCode(k: string, v: string | null, given: boolean): boolean {
  return CODE_KEY.test(k) || (/^submodule\..*\.update$/.test(k) && (v === null || v.startsWith("!"))) ||
    (/^protocol\.(ext\.)?allow$/.test(k) && v !== "never" && v !== "user") ||
    (TOOL_KEY.test(k) && given && toolIsPath(v));
}

/** What setting `key` to `value` (null: not known) means: code git will run, or a path. */
export function configEffects(key: string | null, value: Arg | null, at: Arg, effects: Effect[], where: Where): void {
  if (key === null) {
    effects.push({ t: "issue", code: "OPAQUE_CODE",
      message: `git configuration ${at.source} may make git run a program`, span: at.span });
    return;
  }
  const k = key.toLowerCase();
  const v = value?.text ?? null;
  const code = (what: string): void =>
    void effects.push({ t: "issue", code: "OPAQUE_CODE",
      message: `git ${key}=${JSON.stringify(what.slice(0, 60))} makes git run a program the guard does not see`,
      span: at.span });
  if (runsCode(k, v, value !== null)) {
    code(v ?? "…");
    return;
  }
  const path = (arg: Arg, kind: AccessKind) => {
    // git expands a leading ~ in path settings itself; the guard does not follow that here.
    effects.push(
      ...pathsAt(
        arg.text !== null && arg.text.startsWith("~") ? withValue(arg, null, `git expands ${arg.text} itself`) : arg,
        kind,
        where,
      ),
    );
  };
  const insteadOf = INSTEAD_OF.exec(key);
  // A remote's bare name (`origin`) is not a path.
  const named = REMOTE_NAME_KEY.test(k) && value !== null && (v === null || /[/~]|^\./.test(v));
  const repo = insteadOf ? withValue(at, insteadOf[1]!, "") : REPO_KEY.test(k) || named ? value : null;
  if (repo) {
    if (repo.text !== null && /^ext::/i.test(repo.text)) return code(repo.text);
    const loc = locate(repo.text);
    if (loc.t !== "remote") {
      path(loc.t === "local" ? withValue(repo, loc.path, "") : repo,
        where.push || /push(url|insteadof)$/.test(k) ? "write" : "read");
    }
    return;
  }
  if (!value) return;
  // git 2.39 reads trace2.* only from the system and global files; others may not, and the
  // value is judged wherever it is set.
  if (/^trace2\.(normal|perf|event)target$/.test(k)) {
    const file = traceFile(value);
    if (file) path(file, "write");
  } else if (k === "user.signingkey") {
    // With gpg.format=ssh the key may be a file; a GPG key id or a literal `key::…` never is.
    if (v === null || (!/^(key::|ssh-)/.test(v) && /^[~.]|\//.test(v))) path(value, "read");
  } else if (WRITE_KEY.test(k)) path(value, "write");
  // A pinned key given as its hashes is not a file.
  else if (READ_KEY.test(k) && !v?.startsWith("sha256//")) path(value, "read");
}

export function splitAssignment(a: Arg): { key: string | null; value: Arg | null } {
  if (a.text === null) return { key: null, value: null };
  const eq = a.text.indexOf("=");
  if (eq < 0) return { key: a.text, value: null };
  return { key: a.text.slice(0, eq), value: withValue(a, a.text.slice(eq + 1), "") };
}

/** `git clone -c key=value`: checked like a configuration setting of the new repository. */
export const cloneConfig: Custom = (ctx) => {
  const out: Effect[] = [];
  for (const it of optionItems(ctx, "-c", "--config")) {
    if (!it.value) continue;
    const { key, value } = splitAssignment(it.value);
    configEffects(key, value, it.value, out, { base: it.base, top: null, push: false });
  }
  for (const e of out) ctx.emit(e);
};

export function homeOf(call: Call): string | null {
  const v = call.world.getVar("HOME");
  if (v === undefined) return call.home;
  return v.k === "str" ? v.v : null;
}

/** git config: a setting that runs programs is code; --global/--system/--file name the file written. */
export function gitConfig(call: Call, args: readonly Arg[], base: Base): Effect[] {
  const spec: CommandSpec = { names: ["git config"], style: "gnu",
    options: {
      ...each({ modes: ["global"] }, "--global"),
      "--system": { modes: ["system"] },
      "--local": flag,
      "--worktree": flag,
      "-f": { value: "none", modes: ["file"] },
      "--file": { value: "none", modes: ["file"] },
      "--blob": none,
      // --add and --replace-all (like `set`, with or without --append/--all) store KEY VALUE;
      // the others remove or rename what is there, or open the file in the editor.
      ...each({ modes: ["write", "store"] }, "--add", "--replace-all"),
      ...each({ modes: ["write"] }, "--unset", "--unset-all", "--remove-section", "-e", "--edit"),
      "--rename-section": { modes: ["write", "rename"] },
      ...each({ modes: ["read"] }, "--get", "--get-all", "--get-regexp", "--get-urlmatch", "-l", "--list",
        "--get-color", "--get-colorbool"),
      ...each(none, "--type", "--default", "--comment", "--value", "--url"),
      ...each(flag, "--bool", "--int", "--bool-or-int", "--path", "--expiry-date", "-z", "--null", "--name-only",
        "--show-origin", "--show-scope", "--includes", "--no-includes", "--fixed-value", "--all", "--regexp",
        "--append"),
    }, operands: { all: "none" } };
  const parsed = parseWords(spec, args, call.world, base, false);
  const effects = applySpec("git config", spec, args, call.world, call.span, base, call.disk).effects.filter((e) =>
    e.t !== "changes"
  );
  let ops = parsed.items.filter((i) => i.t === "operand").map((i) => i.word);
  let writes: boolean;
  const verb = ops[0]?.text;
  if (verb && ["get", "list"].includes(verb)) {
    writes = false;
    ops = ops.slice(1);
  } else if (verb && ["set", "unset", "rename-section", "remove-section", "edit"].includes(verb)) {
    writes = true;
    ops = ops.slice(1);
  } else writes = parsed.modes.has("write") || (!parsed.modes.has("read") && ops.length >= 2);
  if (writes && ops[0] && !parsed.modes.has("read")) {
    const key = ops[0].text;
    if (verb === "set" || parsed.modes.has("store") || (!parsed.modes.has("write") && verb !== "unset")) {
      configEffects(key, ops[1] ?? null, ops[0], effects, { base, top: call.disk.findUp(".git", base ?? null),
        push: false });
    }
    // Renaming a section gives the values already in it new keys, which the guard cannot see
    // (`foo.hookspath` renamed into `core`): any of them may be one that runs a program.
    if ((verb === "rename-section" || parsed.modes.has("rename")) && ops[1]) {
      configEffects(null, null, ops[1], effects, { base, top: null, push: false });
    }
  }
  const baseField = base === undefined ? {} : { base };
  const file = parsed.items.find((i) => i.t === "option" && (i.name === "-f" || i.name === "--file"));
  if (file && file.t === "option" && file.value) {
    effects.push({ t: "path", arg: file.value, kind: writes ? "write" : "read", ...baseField });
  } else if (writes && parsed.modes.has("global")) {
    const home = homeOf(call);
    effects.push({ t: "path",
      arg: withValue(call.nameArg, home === null ? null : `${home}/.gitconfig`, "the home directory is not known"),
      kind: "write" });
  } else if (writes && parsed.modes.has("system")) {
    effects.push({ t: "path", arg: withValue(call.nameArg, "/etc/gitconfig", ""), kind: "write" });
  } else if (!writes && !file && disclosesGlobal(parsed.items, verb, ops)) {
    // What it prints of the user's configuration may be a credential (a token in a URL, an
    // http.extraHeader): a read of ~/.gitconfig, as `cat` of it would be.
    const home = homeOf(call);
    effects.push({ t: "path",
      arg: withValue(call.nameArg, home === null ? null : `${home}/.gitconfig`, "the home directory is not known"),
      kind: "read" });
  }
  return effects;
}

/** Keys whose value may be a credential: URLs with a token in them, headers, passwords, helpers' data. */
const SECRET_KEY =
  /^(url\.|credential\.)|(^|\.)(extraheader|password|token|pass|insteadof|pushinsteadof|proxyauthmethod|proxy)$/i;

/**
 * Whether `git config` prints values of the user's configuration that may be credentials: a
 * list or a pattern (`--list`, `--get-regexp`, `--get-urlmatch`) of anything but the repository's
 * own file, or the value of a key that may hold one. (`--get user.email` prints only that.)
 */
function disclosesGlobal(items: readonly Item[], verb: string | null | undefined, ops: readonly Arg[]): boolean {
  const names = new Set(items.flatMap((i) => (i.t === "option" ? [i.name] : [])));
  if (names.has("--local") || names.has("--worktree") || names.has("--blob")) return false;
  if (verb === "list" || ["-l", "--list", "--get-regexp", "--get-urlmatch"].some((n) => names.has(n))) return true;
  // (`git config KEY` alone gets it too.)
  const getting = verb === "get" || names.has("--get") || names.has("--get-all") || ops.length === 1;
  const key = ops[0]?.text ?? null;
  return getting && (key === null || SECRET_KEY.test(key));
}
