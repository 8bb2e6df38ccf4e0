// Shells and programs that run shell code: `sh -c STRING`, `bash script.sh`, `bash <<EOF`,
// `su -c`, `ssh host CMD`. Code is handed back to the interpreter, which re-enters itself in
// the current state (a child shell starts from a copy).

import { type Arg, type Effect, withValue } from "../effects.ts";
import type { Dialect } from "../../shell/syntax.ts";
import { type Options, positionalText, SET_O, SHOPT, UNFOLLOWED_SET_O, UNFOLLOWED_SHOPT } from "../../shell/state.ts";
import type { Analyser, Call } from "../spec.ts";

/** Shells the guard models: bash, and sh as dash reads it (the `sh` dialect). */
const MODELLED = ["sh", "bash", "dash", "rbash"];
/**
 * Shells whose syntax is close to bash's but whose meaning is not: zsh arrays start at 1, `cd OLD
 * NEW` substitutes in $PWD (ksh, mksh, zsh), zsh's glob qualifiers and `=cmd` run or name
 * programs, zsh reads ~/.zshenv and $ZDOTDIR even for -c. Their code is read as bash for what it
 * visibly names, and asks (otherShell), under every name they go by.
 */
const OTHER_SHELLS = ["zsh", "zsh5", "ksh", "ksh93", "ksh88", "mksh", "mksh-static", "lksh", "pdksh", "oksh", "loksh",
  "yash", "ash", "posh", "hush"];
/** Shells whose syntax is bash's closely enough to be read as bash (`find -exec sh -c CODE`). */
export const BASH_LIKE = [...MODELLED, ...OTHER_SHELLS];
/**
 * Shells with a syntax of their own: their code is opaque. (Plan 9's rc and es, and the Oils
 * shells osh/oil/ysh, which differ from bash in what they expand where.)
 */
const FOREIGN = ["fish", "csh", "tcsh", "nu", "elvish", "xonsh", "rc", "es", "osh", "oil", "ysh", "ion", "murex"];

/** Options of sh/bash/zsh that take the next word. */
const SHELL_VALUE_OPTIONS = new Set(["-o", "+o", "-O", "+O", "--rcfile", "--init-file"]);

/** How a shell reads what bash reads differently: sh may be dash. */
function dialectOf(name: string): Dialect {
  return name === "zsh"
    ? "zsh"
    : name === "sh" || name === "dash" || name === "ash" || name === "busybox"
    ? "sh"
    : "bash";
}

/**
 * Options a new shell is started with (`bash -P`, `-o physical`, `-O nullglob`): the code it
 * runs is read with them on. Those the guard does not follow (`-o posix`, `-k`) are SHELL_STATE.
 */
class StartupOptions {
  readonly options: Partial<Record<keyof Options, boolean>> = {};
  constructor(private readonly shell: string, private readonly effects: Effect[]) {}

  letters(cluster: string, at: Arg): void {
    const on = cluster.startsWith("-");
    for (const c of cluster.slice(1)) {
      if (c === "P") this.options.physical = on;
      if (c === "f") this.options.noglob = on;
      if (c === "a") this.options.allexport = on;
      if (c === "k" && on) this.unfollowed(`${this.shell} -k`, at);
    }
  }

  /** `-o NAME`, `+o NAME` (set's options) or `-O NAME`, `+O NAME` (shopt's). */
  named(flag: string, v: Arg): void {
    const on = flag.startsWith("-");
    const shopt = flag.endsWith("O");
    if (v.text === null) {
      this.unfollowed(`${this.shell} ${flag} ${v.source}`, v);
      return;
    }
    const key = (shopt ? SHOPT : SET_O)[v.text];
    if (key) this.options[key] = on;
    else if (on && (shopt ? UNFOLLOWED_SHOPT : UNFOLLOWED_SET_O).has(v.text)) {
      this.unfollowed(`${this.shell} ${flag} ${v.text}`, v);
    }
  }

  unfollowed(what: string, at: Arg): void {
    this.effects.push({ t: "issue", code: "SHELL_STATE",
      message: `${what} starts a shell that reads its commands in a way the guard does not follow`, span: at.span });
  }
}

/** A shell the guard does not model: asks, and its code is read as bash for what it names. */
function otherShell(call: Call): Effect[] {
  // (Printing its version or usage runs no code and reads no start-up file.)
  if (call.args.length === 1 && (call.args[0]!.text === "--version" || call.args[0]!.text === "--help")) return [];
  const message =
    `${call.name} is not bash: the guard reads its code as bash for what it names, but it may read it otherwise`;
  return [{ t: "issue", code: "OPAQUE_CODE", message, span: call.span }, ...shell(call)];
}

/** The quoted text of `.` that sources FILE as bash sources $BASH_ENV: never searched for in PATH. */
function sourceLine(file: string): string {
  const path = file.startsWith("/") || file.startsWith("./") || file.startsWith("../") ? file : `./${file}`;
  return `. '${path.replace(/'/g, "'\\''")}'\n`;
}

/**
 * What bash runs from $BASH_ENV before a script or -c code (a non-interactive bash; not sh, which
 * is dash or bash in posix mode): the text to put before the code, null when nothing, or an
 * issue when it cannot be followed. Only a variable the command exported counts; the host's
 * environment is taken on trust.
 */
function bashEnv(call: Call): string | null | Effect {
  if (call.name !== "bash" && call.name !== "rbash") return null;
  const v = call.world.getVar("BASH_ENV");
  if (v === undefined || !call.world.attr("BASH_ENV").includes("x") || v.k === "unset") return null;
  if (v.k === "str" && v.v === "") return null;
  // bash expands the value (parameters, command and arithmetic substitution) before sourcing it.
  if (v.k !== "str" || /[$`]/.test(v.v)) {
    const why = v.k === "unknown" ? v.why : "its value is expanded again";
    return { t: "issue", code: v.k === "unknown" ? "UNRESOLVED_WORD" : "OPAQUE_CODE",
      message: `${call.name} runs $BASH_ENV first, and ${why}`, span: call.span };
  }
  return sourceLine(v.v);
}

function shell(call: Call): Effect[] {
  const { args, name } = call;
  const dialect = dialectOf(name);
  const effects: Effect[] = [];
  const startFile = bashEnv(call);
  let cFlag = false;
  let stdinFlag = false;
  const startup = new StartupOptions(name, effects);
  let i = 0;
  // Own rules, not leadingOptions: a shell's options change how it reads the rest (-c, -s, +o, startup files).
  for (; i < args.length; i++) {
    const a = args[i]!;
    const t = a.text;
    if (t === null) {
      effects.push({ t: "issue", code: "OPAQUE_CODE", message: `${name} with a word that is not known (${a.source})`,
        span: a.span });
      for (const rest of args.slice(i)) effects.push({ t: "generic", arg: rest, operand: true });
      return effects;
    }
    if (t === "--" || t === "-") {
      i++;
      break;
    }
    if (SHELL_VALUE_OPTIONS.has(t)) {
      const v = args[i + 1];
      if ((t === "--rcfile" || t === "--init-file") && v) {
        effects.push({ t: "path", arg: v, kind: "read" });
        effects.push({ t: "issue", code: "OPAQUE_CODE", message: `${name} ${t} runs the code in ${v.source}`,
          span: v.span });
      } else if (v) startup.named(t, v);
      i++;
      continue;
    }
    if (t === "--posix") startup.unfollowed("--posix", a);
    if (t === "--login" || (/^-[a-zA-Z]+$/.test(t) && /[il]/.test(t))) interactive(name, a, effects);
    if (t.startsWith("--")) continue;
    if (/^[-+][a-zA-Z]+$/.test(t)) {
      if (t.startsWith("-") && t.includes("c")) cFlag = true;
      if (t.startsWith("-") && t.includes("s")) stdinFlag = true;
      startup.letters(t, a);
      // -o / -O glued in a cluster take the next word too (`-eo pipefail`).
      if (/[oO]$/.test(t)) {
        const v = args[i + 1];
        if (v) startup.named(t.slice(0, 1) + t.slice(-1), v);
        i++;
      }
      continue;
    }
    break;
  }
  const options = startup.options;
  const rest = args.slice(i);
  if (startFile !== null && typeof startFile !== "string") effects.push(startFile);
  if (typeof startFile === "string" && !cFlag) {
    effects.push({ t: "issue", code: "OPAQUE_CODE",
      message: `${name} runs $BASH_ENV before what it reads, which the guard does not follow there`, span: call.span });
  }
  if (cFlag) {
    const code = rest[0];
    if (!code) return effects;
    // sh -c CODE [$0 [$1 …]]. A stand-in for a listing's names (`find … -exec sh -c CODE _ {} \;`)
    // stays one there: good as a path, no text to take apart (src/shell/listing.ts, state.ts).
    const given = rest.slice(1);
    const positional = rest.length > 2 ? texts(rest.slice(2)) : [];
    const arg0 = given.length === 0
      ? {}
      : {
        arg0: given[0]!.text === null || given[0]!.exact
          ? null
          : positionalText(given[0]!.text, given[0]!.standIn === true),
      };
    // $BASH_ENV is sourced in the same shell first: its `cd`s and variables count for the code.
    const text = typeof startFile === "string" && code.text !== null ? startFile + code.text : code.text;
    effects.push({ t: "code", text, span: code.span, label: `${name} -c`, inProcess: false, positional, ...arg0,
      dialect, options });
    return effects;
  }
  if (rest.length && !stdinFlag) {
    const script = rest[0]!;
    effects.push({ t: "path", arg: script, kind: "read" });
    effects.push({ t: "code", text: null, span: script.span, label: `${name} ${script.source}`, inProcess: false,
      script: script.text ?? "", positional: texts(rest.slice(1)), dialect, options });
    return effects;
  }
  // No -c and no script: the shell reads its code from standard input.
  effects.push(
    ...stdinCode(call, `${name} <stdin>`, texts(rest)).map((e) => (e.t === "code" ? { ...e, dialect, options } : e)),
  );
  return effects;
}

/** Code a command reads on standard input, when the guard can see it. */
function stdinCode(call: Call, label: string, positional: readonly string[] | null): Effect[] {
  const s = call.stdin;
  if (s.t === "text") return [{ t: "code", text: s.text, span: call.span, label, inProcess: false, positional }];
  if (s.t === "file") {
    return [{ t: "path", arg: s.arg, kind: "read" }, { t: "code", text: null, span: s.arg.span, label, inProcess: false,
      script: s.arg.text ?? "", positional }];
  }
  return [{ t: "issue", code: "OPAQUE_CODE",
    message: `${label} reads code from standard input, which the guard cannot see`, span: call.span }];
}

/**
 * `-i`, `-l`, `--login`: an interactive or login shell runs the user's start-up files (~/.bashrc,
 * ~/.profile, $ENV; the project's own with HOME=$PWD), PROMPT_COMMAND and PS1 before each command
 * it reads, and writes its history file: none of which the guard follows.
 */
function interactive(name: string, a: Arg, effects: Effect[]): void {
  const message =
    `${name} ${a.text} starts an interactive or login shell, which runs start-up files and writes its history`;
  effects.push({ t: "issue", code: "OPAQUE_CODE", message, span: a.span });
}

function texts(args: readonly Arg[]): readonly string[] | null {
  // (A name nobody checked is no value for a shell that may split it, glob it or run it.)
  return args.every((a) => a.text !== null && !a.exact)
    ? args.map((a) => positionalText(a.text!, a.standIn === true))
    : null;
}

function foreign(call: Call): Effect[] {
  return [{ t: "issue", code: "OPAQUE_CODE",
    message: `${call.name} runs code in a language the guard does not interpret`, span: call.span },
    ...call.args.map((a): Effect => ({ t: "generic", arg: a, operand: true }))];
}

/** busybox APPLET args: the applet is the command; its shells (ash, hush) are not bash. */
function busybox(call: Call): Effect[] {
  const [applet, ...rest] = call.args;
  if (!applet) return [];
  if (applet.text !== null && ["sh", "ash", "hush", "bash"].includes(applet.text)) {
    return otherShell({ ...call, name: `busybox ${applet.text}`, nameArg: applet, args: rest });
  }
  return [{ t: "run", argv: [applet, ...rest], inProcess: false, bypassFunctions: true, label: "busybox",
    named: true }];
}

/** su [options] [-] [user [args]]: `-c CMD` runs CMD in the user's shell. */
function su(call: Call): Effect[] {
  const effects: Effect[] = [];
  let command: Arg | null = null;
  let interactive = true;
  let login = false;
  let user: Arg | null = null;
  // Own rules, not leadingOptions: su takes options anywhere and `-` is one of them.
  for (let i = 0; i < call.args.length; i++) {
    const a = call.args[i]!;
    const t = a.text;
    if (t === null) {
      effects.push({ t: "issue", code: "OPAQUE_CODE", message: "su with a word that is not known", span: a.span });
      return effects;
    }
    if (t === "-c" || t === "--command" || t === "--session-command") {
      command = call.args[++i] ?? null;
      interactive = false;
    } else if (t.startsWith("--command=")) {
      command = withValue(a, t.slice(10), "");
      interactive = false;
    } else if (t === "-" || t === "-l" || t === "--login") login = true;
    else if (t === "-s" || t === "--shell") {
      // The shell su starts instead of the user's own.
      const v = call.args[++i];
      if (v) effects.push({ t: "path", arg: v, kind: "exec" });
    } else if (t.startsWith("--shell=")) effects.push({ t: "path", arg: withValue(a, t.slice(8), ""), kind: "exec" });
    else if (t === "-g" || t === "--group" || t === "-G" || t === "--supp-group" || t === "-w" ||
      t === "--whitelist-environment") i++;
    else if (!t.startsWith("-") && user === null) user = a;
  }
  // A login shell starts in the target user's home, whatever the working directory was.
  let base: string | null | undefined = undefined;
  if (login) {
    const root = user === null || user.text === "root";
    const home = withValue(call.nameArg, root ? "/root" : null, `the home directory of ${user?.source ?? "root"}`);
    effects.push({ t: "path", arg: home, kind: "cwd" });
    base = home.text;
  }
  if (command) {
    effects.push({ t: "code", text: command.text, span: command.span, label: "su -c", inProcess: false,
      ...(base !== undefined ? { base } : {}) });
  } else if (interactive) {
    effects.push({ t: "issue", code: "OPAQUE_CODE", message: "su starts a shell whose commands the guard cannot see",
      span: call.span });
  }
  return effects;
}

const SSH_VALUE = new Set("BbcDEeFIiJLlmOoPpQRSWw".split("").map((c) => "-" + c));
export const LOCAL_HOSTS = /^(localhost|127\.[0-9.]+|::1|\[::1\]|0\.0\.0\.0|localhost\.localdomain)$/i;

/**
 * ssh's options (`-F FILE`, `-E LOG`, `-o ProxyCommand=…`, clustered and glued as ssh's getopt
 * takes them), for ssh itself and for the ssh command other tools run (`rsync -e 'ssh …'`).
 * Returns the index of the first word that is not an option: the host.
 */
export function sshOptionWords(args: readonly Arg[], effects: Effect[], home: string | null): number {
  let i = 0;
  // Own rules, not leadingOptions: ssh's getopt clusters letters and glues values, and each option may name a file.
  for (; i < args.length; i++) {
    const a = args[i]!;
    const t = a.text;
    if (t === null) {
      effects.push({ t: "generic", arg: a, operand: true });
      continue;
    }
    if (t === "--") return i + 1;
    if (!t.startsWith("-")) break;
    for (let j = 1; j < t.length; j++) {
      const k = "-" + t[j]!;
      if (!SSH_VALUE.has(k)) continue;
      const glued = t.slice(j + 1);
      const v = glued ? withValue(a, glued, "") : args[++i];
      if (v) sshOption(k, v, effects, home);
      break;
    }
  }
  return i;
}

/** ssh [options] host [command]: the command runs remotely, unless the host is this machine. */
function ssh(call: Call): Effect[] {
  const effects: Effect[] = [];
  const i = sshOptionWords(call.args, effects, call.home);
  const host = call.args[i];
  const command = call.args.slice(i + 1);
  if (!host) return effects;
  const hostName = host.text === null ? null : host.text.replace(/^.*@/, "").replace(/:.*$/, "");
  if (command.length === 0) {
    effects.push({ t: "issue", code: "REMOTE_COMMAND", message: `ssh opens a session on ${host.source}`,
      span: host.span });
    return effects;
  }
  const text = command.every((c) => c.text !== null) ? command.map((c) => c.text).join(" ") : null;
  if (hostName === null || LOCAL_HOSTS.test(hostName)) {
    // A command sent to this machine touches this machine.
    effects.push({ t: "code", text, span: command[0]!.span, label: `ssh ${host.source}`, inProcess: false });
  } else {
    effects.push({ t: "issue", code: "REMOTE_COMMAND",
      message: `ssh runs ${JSON.stringify((text ?? "…").slice(0, 60))} on ${hostName}, not here`,
      span: command[0]!.span });
  }
  return effects;
}

/** ssh_config keys whose value is a library ssh loads or a program it runs. */
export const SSH_CODE_KEYS =
  /^\s*(PKCS11Provider|SecurityKeyProvider|XAuthLocation|ProxyCommand|LocalCommand|KnownHostsCommand|PermitLocalCommand|SshAgentCommand)\b/i;

/**
 * A forwarding's local end named by a path is a Unix socket here: `-L` listens on it (creates
 * it), `-R` connects to it (`-R 9000:/var/run/docker.sock` hands this machine's socket out).
 */
function forwardSockets(k: "-L" | "-R" | "-D", spec: Arg, effects: Effect[]): void {
  if (spec.text === null) {
    effects.push({ t: "generic", arg: spec, operand: true });
    return;
  }
  const fields = spec.text.split(":");
  const local = k === "-R" ? fields[fields.length - 1]! : fields[0]!;
  if (local.includes("/")) effects.push({ t: "path", arg: withValue(spec, local, ""), kind: "write" });
}

/** ssh_config keys whose value is a file ssh reads, or writes (known hosts, the control socket). */
const SSH_FILE_KEYS: Readonly<Record<string, "read" | "write">> = { identityfile: "read", certificatefile: "read",
  globalknownhostsfile: "read", revokedhostkeys: "read", identityagent: "write", userknownhostsfile: "write",
  controlpath: "write" };

/**
 * A file name as ssh reads it (ssh_config(5), TOKENS and ENVIRONMENT VARIABLES): a leading `~`
 * and the `%d` token are the user's home, `%%` is `%`, and `${NAME}` is a variable of ssh's
 * environment, which is not known here (null, as for `~user` and an unknown home). The other
 * tokens (`%h`, `%r`, `%p`, …) are names without a slash and stay as they are.
 */
function sshFileName(x: string, home: string | null): string | null {
  if (x.startsWith("~")) {
    if (home === null || !/^~(\/|$)/.test(x)) return null;
    x = home + x.slice(1);
  }
  if (x.includes("${")) return null;
  if (!x.includes("%")) return x;
  if (x.includes("%d") && home === null) return null;
  return x.replace(/%(.)/g, (m, c: string) => (c === "d" ? home! : c === "%" ? "%" : m));
}

/**
 * The files an ssh `-o Key=Value` option makes ssh read or write here, as ssh expands their
 * names (sshFileName; null: not known).
 */
export function sshOptionFiles(option: string, home: string | null): [string | null, "read" | "write"][] {
  const f = /^\s*([A-Za-z]+)\s*[= ]\s*([\s\S]*)$/.exec(option);
  if (!f) return [];
  const key = f[1]!.toLowerCase();
  const words = f[2]!.split(/\s+/).filter((x) => x !== "").map((x) => sshFileName(x, home));
  const kind = SSH_FILE_KEYS[key];
  // Known-hosts keys take several files; the value `none` turns the feature off.
  if (kind) return words.filter((x) => x?.toLowerCase() !== "none").map((x) => [x, kind]);
  if (key === "localforward" || key === "remoteforward") {
    const local = key === "localforward" ? words[0] : words[words.length - 1];
    if (local === null || local?.includes("/")) return [[local ?? null, "write"]];
  }
  return [];
}

function sshOption(k: string, v: Arg, effects: Effect[], home: string | null): void {
  if (k === "-L" || k === "-R" || k === "-D") forwardSockets(k, v, effects);
  else if (k === "-I") {
    effects.push({ t: "issue", code: "OPAQUE_CODE", message: `ssh -I ${v.source} loads a PKCS#11 library`,
      span: v.span }, { t: "path", arg: v, kind: "exec" });
  } else if (k === "-i" || k === "-F") effects.push({ t: "path", arg: v, kind: "read" });
  else if (k === "-E" || k === "-S") effects.push({ t: "path", arg: v, kind: "write" });
  // The identity file and the control socket are expanded as their ssh_config keys are.
  if ((k === "-i" || k === "-S") && v.text !== null && /[%$]/.test(v.text)) {
    effects.push({ t: "path",
      arg: withValue(v, sshFileName(v.text, home), `ssh expands the tokens or variables in ${v.source}`),
      kind: k === "-i" ? "read" : "write" });
  } else if (k === "-o" && v.text !== null) {
    const m = /^\s*(ProxyCommand|LocalCommand|KnownHostsCommand|RemoteCommand)\s*[= ]\s*([\s\S]*)$/i.exec(v.text);
    if (m && m[1]!.toLowerCase() !== "remotecommand") {
      effects.push({ t: "code", text: m[2]!, span: v.span, label: `ssh -o ${m[1]}`, inProcess: false });
    } else if (SSH_CODE_KEYS.test(v.text)) {
      effects.push({ t: "issue", code: "OPAQUE_CODE", message: `ssh -o ${v.source} makes ssh load or run a program`,
        span: v.span });
    }
    for (const [file, kind] of sshOptionFiles(v.text, home)) {
      effects.push({ t: "path", arg: withValue(v, file, "a home directory, a token or a variable that ssh expands"),
        kind });
    }
  } else if (k === "-o") effects.push({ t: "generic", arg: v, operand: true });
}

export const SHELLS: readonly Analyser[] = [{ names: MODELLED, analyse: shell }, { names: OTHER_SHELLS,
  analyse: otherShell }, { names: FOREIGN, analyse: foreign }, { names: ["busybox"], analyse: busybox }, {
  names: ["su"],
  analyse: su,
}, { names: ["ssh"], analyse: ssh }];
