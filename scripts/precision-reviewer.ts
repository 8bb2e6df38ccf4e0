// The heuristic reviewer of scripts/precision.ts: given a command line, the verdict and the
// project it ran in, says whether a careful reviewer would have asked too (and why), or whether
// the ask is the guard's imprecision ("needless"). See that script's header for the classes.
// Its rules are tested in test/precision-reviewer.test.ts: the figure it prints is only as good
// as they are.

import { closeSync, existsSync, openSync, readFileSync, readSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import type { Verdict } from "../src/index.ts";

/** World-readable system data without user secrets, as a reviewer would wave it through. */
const HARMLESS_PREFIXES = ["/usr/share/", "/usr/include/", "/usr/lib/", "/usr/lib64/", "/usr/libexec/",
  "/usr/local/share/", "/usr/local/include/", "/usr/local/lib/", "/usr/bin/", "/usr/sbin/", "/usr/local/bin/", "/bin/",
  "/sbin/", "/lib/", "/lib64/"];
const HARMLESS_EXACT = new Set(["/usr/share", "/usr/include", "/usr/lib", "/usr/bin", "/usr/sbin", "/usr/local/bin",
  "/bin", "/sbin", "/lib", "/proc/cpuinfo", "/proc/meminfo", "/proc/loadavg", "/proc/version", "/proc/uptime",
  "/proc/stat", "/proc/partitions", "/proc/filesystems", "/proc/swaps", "/proc/diskstats", "/proc/vmstat",
  "/proc/devices", "/proc/interrupts", "/etc/os-release", "/etc/lsb-release", "/etc/debian_version",
  "/etc/redhat-release", "/etc/issue", "/etc/hostname", "/etc/timezone", "/etc/shells", "/dev/null", "/dev/zero",
  "/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/random", "/dev/urandom"]);

function harmlessSystem(path: string): boolean {
  return HARMLESS_EXACT.has(path) || HARMLESS_PREFIXES.some((p) => path.startsWith(p)) || /^\/dev\/fd\/\d+$/.test(path);
}

/** A command whose output names places outside the project, piped or substituted. */
const OUTSIDE_OUTPUT = /(^|[;&|(`]\s*|\$\(\s*)(which|whereis|type|command\s+-[vV]|mount)\b[^|;&()`]*(\||\)|`)/;

/** Programs that print where something is installed: the package manager's prefix, the running interpreter. */
const INSTALL_PLACE =
  /\bbrew\s+--(prefix|cellar|repository)\b|\bnpm\s+(config\s+get\s+prefix|root\s+-g|prefix\s+-g|bin\s+-g)\b|\bjava_home\b|\bsys\.(executable|prefix|base_prefix)\b|\bgo\s+env\s+GO(ROOT|PATH)\b|\brustc\s+--print\s+sysroot\b|\bgem\s+env\s+(home|gemdir)\b/;

/** Reasons for an unresolved path that say where it is: the user's own files outside the project. */
const OUTSIDE_REASON =
  /\buser's\b|\buser configuration\b|~\/|\bhome directory\b|\bkubeconfig\b|\boutside (the|every) project\b|\$HISTFILE\b/;

/** Becoming another user: what runs then is that user's, outside the project whatever it names. */
const OTHER_USER = /(^|[;&|(]\s*)(sudo\s+)?su(\s|$)/;

/**
 * Archives unpacked where names stored in them decide what is written, which nobody can see
 * from the text: cpio -i and pax -r keep absolute and `../` members, and several archives
 * unpacked into one tree by a listing (`xargs -n1 unzip`, `find -exec unzip {} \;`) can each
 * write through a link an earlier one made (unzip 6.0 does).
 */
const UNSEEN_ARCHIVE =
  /\bcpio\s+(-\w*\s+)*-\w*i|\bcpio\s+(\S+\s+)*--extract\b|\bpax\s+(-\w+\s+)*-\w*r|(\bxargs\b[^|;&]*?\s|-exec(dir)?\s+)(\S*\/)?(unzip|7za?\s+[xe]|unrar\s+[xe]|(bsd)?tar\s+(-?[A-Za-wyz]*x[A-Za-z]*|--extract)(\s|$))/;

const OUTSIDE_WORD = /(^|[\s=:'"(<>|;&`])(~|\$HOME\b|\$\{HOME\}|\.\.(\/|$|[\s'"]))/;

/** Words of the text that name an absolute path (a rough tokenizer: quotes and operators split). */
function absoluteWords(text: string): string[] {
  // `@` and `#` too: they delimit sed programs that write a path into names (`s@^@/usr/x/@`).
  return [...withoutWebText(text).matchAll(/(?:^|[\s=:'"(<>|;&`,@#])(\/[^\s'"`;|&<>()@#]*)/g)].map((m) =>
    m[1]!.replace(/[,.]+$/, "")
  );
}

/** HTTP header names, for header strings written without `-H` before them. */
const HEADER_NAME = String
  .raw`(?:Content-[\w-]+|Accept(?:-[\w-]+)?|Authorization|Referer|Origin|Location|Cookie|Set-Cookie|User-Agent|Host|Link|Cache-Control|If-[\w-]+|Access-Control-[\w-]+|X-[\w-]+)`;

/**
 * What names a place on the web, not on the disk, and what to leave of it: URLs (`http://…`,
 * `ws://…`; a `file:` URL stays, as the path it is), `host:port/…` (`localhost:3000/api`,
 * `127.0.0.1:8000/x`, httpie's `:3000/api`), header strings (`-H 'Referer: /login'`,
 * `'Content-Type: application/json'`), JSON bodies (`-d '{"path": "/api/chat"}'`), and the route
 * after an HTTP method (`POST /api/chat`). A route is a place of a server; a file option of the
 * client (`-o`, `-T`, `-d @FILE`) is still a path, and the guard reports it as an access, which
 * the accesses check judges before any word of the text is read.
 */
const WEB_TEXT: readonly (readonly [RegExp, string])[] = [[/\bfile:\/\/(?=\/)/gi, " "], [
  /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"`<>|;&()]*/gi,
  " ",
], [
  /(^|[\s'"=@(])(localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]+\]|[a-z0-9-]+(?:\.[a-z0-9-]+)+)?:\d{1,5}(\/[^\s'"`<>|;&()]*)?/gi,
  "$1 ",
], [/((?:^|\s)(?:-H|--header)(?:=|\s+))(['"])[^'"\n]*\2/g, "$1''"], [
  new RegExp(String.raw`(['"])\s*${HEADER_NAME}:[ \t][^'"\n]*\1`, "g"),
  "$1$1",
], [/(['"])\s*[{[][^'"]*?[}\]]\s*\1|'\s*[{[][^']*[}\]]\s*'/g, "''"], [
  /\b(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\s+\/[^\s'"`<>|;&()]*/g,
  "$1 ",
]];

/** The text without what names a place on the web (WEB_TEXT). */
function withoutWebText(text: string): string {
  return WEB_TEXT.reduce((t, [re, by]) => t.replace(re, by), text);
}

function unknownVariable(text: string): boolean {
  const used = [...text.matchAll(/\$\{?!?([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  const known = new Set(["HOME", "PWD", "OLDPWD", "IFS", "RANDOM", "LINENO", "SECONDS", "BASHPID", "PPID", "UID",
    "EUID"]);
  return used.some((v) =>
    !known.has(v) &&
    !new RegExp(
      `(^|[\\s;&|(])(${v}=|for\\s+${v}\\b|read\\b[^;|&<>]*\\b${v}\\b|local\\s+${v}\\b|declare\\s+[^;]*\\b${v}\\b|mapfile\\b[^;]*\\b${v}\\b|getopts\\s+\\S+\\s+${v}\\b)`,
    ).test(text)
  );
}

/**
 * A positional parameter of the command line's own shell that nothing in the text binds: an
 * argument of a script or function the reviewer cannot see. Single-quoted text is another
 * program's (awk's `$1` is a field), and `\$1` is not an expansion.
 */
function unboundPositional(text: string): boolean {
  const shell = text.replace(/'[^']*'/g, "''");
  // (`${1:-.}`, `${1#x}`, `${@:2}` use it as much as `$1` does.)
  if (!/(^|[^\\])\$([1-9@*]|\{([1-9][0-9]*|[@*])[}:#%/^,@-])/.test(shell)) return false;
  return !/(^|[\s;&|(])set\s+(--|[^-\s])|(^|[\s;&|(])(function\s+)?[A-Za-z_][\w-]*\s*\(\s*\)|(^|[\s;&|(])function\s+[A-Za-z_]|(^|[\s;&|(/])(ba|da|k|z)?sh\s+(-\w+\s+)*-\w*c\b/
    .test(text);
}

export type Class = "needless" | "justified:parse" | "justified:outside" | "justified:names" | "justified:env"
  | "justified:data" | "justified:opaque";
export const CLASSES: readonly Class[] = ["needless", "justified:parse", "justified:outside", "justified:names",
  "justified:env", "justified:data", "justified:opaque"];
const OPAQUE = new Set(["OPAQUE_CODE", "UNRESOLVED_COMMAND", "SHELL_STATE"]);
/** Reasons that say a name (a path, a word, the working directory) is not known. */
const NAME_CODES = new Set(["UNRESOLVED_WORD", "UNRESOLVED_PATH", "UNRESOLVED_CWD"]);

export function classify(text: string, v: Verdict, project: string, cwd = project): Class {
  if (v.reasons.some((r) => ["PARSE_ERROR", "PARSE_TIMEOUT", "INPUT_TOO_LARGE", "INVALID_INPUT"].includes(r.code))) {
    return "justified:parse";
  }
  const inside = (p: string) => p === project || p.startsWith(project + "/");
  const harmlessKind = (k: string) => k === "read" || k === "list" || k === "cwd" || k === "exec";
  for (const a of v.accesses) {
    if (a.decision === "allow") continue;
    // A word the guard could not resolve that starts at an absolute place outside: harmless
    // system data is harmless to read, not to write (`cp x /lib/modules/$(uname -r)/`).
    const at = a.resolved ?? (a.path.startsWith("/") ? a.path.slice(0, a.path.search(/[$`*?[{]|$/)) : null);
    if (at === null || at === "") continue;
    if (!inside(at) && !(harmlessKind(a.kind) && harmlessSystem(at))) return "justified:outside";
  }
  // (OUTSIDE_EFFECT says it reaches outside: an install for the system, the user's configuration.)
  const unresolvedOutside = (r: Verdict["reasons"][number]) =>
    r.decision !== "allow" &&
    (r.code === "OUTSIDE_EFFECT" || (r.code.startsWith("UNRESOLVED_") && OUTSIDE_REASON.test(r.message)));
  if (v.reasons.some(unresolvedOutside)) return "justified:outside";
  if (OTHER_USER.test(text)) return "justified:outside";
  if (OUTSIDE_OUTPUT.test(text) || INSTALL_PLACE.test(text)) return "justified:names";
  if (absoluteWords(text).some((w) => !harmlessSystem(w) && !w.startsWith(project))) return "justified:names";
  if (OUTSIDE_WORD.test(text) || /(^|[;&|(]\s*)cd\s*($|[;&|)]|-\s*($|[;&|)]))/.test(text)) return "justified:names";
  // An unquoted substitution as cd's only word may give it no word at all: `cd $(find … | head -1)`
  // that finds nothing is a bare `cd`, which goes home (bash; a quoted empty word stays put).
  if (/(^|[;&|(`]\s*)cd\s+(\$\([^()]*\)|`[^`]*`)\s*($|[;&|)`])/.test(text)) return "justified:names";
  if (unknownVariable(text) || unboundPositional(text)) return "justified:env";
  // Code the guard could not read but a reviewer can: a script or package.json in the project,
  // a program in a here-document. Such an ask is not opaque to the reviewer.
  const readable = (r: Verdict["reasons"][number]) => readableCode(r, text, project, cwd);
  const opaqueCode = (r: Verdict["reasons"][number]) => OPAQUE.has(r.code) && !readable(r);
  // `$0` and unseen data say where names lead, so they justify only asks about names.
  const aboutNames = v.reasons.filter((r) => r.decision !== "allow").every((r) =>
    NAME_CODES.has(r.code) || opaqueCode(r)
  );
  if (aboutNames && shellName(text)) return "justified:env";
  if (aboutNames && (unseenData(text, cwd) || UNSEEN_ARCHIVE.test(text))) return "justified:data";
  // Inline code whose text is downloaded (`ruby -e "$(curl -fsSL URL)"`) is as unseen as code from the terminal.
  const downloaded = DOWNLOADED_CODE.test(text);
  const opaque = (r: Verdict["reasons"][number]) =>
    opaqueCode(r)
    || (r.code === "INLINE_CODE" && (downloaded || (/from standard input/.test(r.message) && !readable(r))));
  if (v.reasons.filter((r) => r.decision !== "allow").every(opaque)) return "justified:opaque";
  return "needless";
}

/** A command substitution whose text is downloaded: what it yields is not in the command line. */
const DOWNLOADED_CODE = /(\$\(|`)\s*(curl|wget|http|https|xh|aria2c|fetch)\b/;

/** Files a reviewer reads in full: text, and not large. */
const READABLE_BYTES = 1 << 20;

/** A regular text file inside the project, found without leaving it (a link out of it is not one). */
function readableProjectFile(path: string, project: string): boolean {
  const inside = (p: string) => p === project || p.startsWith(project + "/");
  try {
    const real = realpathSync(path);
    if (!inside(path) || !inside(real)) return false;
    const st = statSync(real);
    if (!st.isFile() || st.size > READABLE_BYTES) return false;
    const fd = openSync(real, "r");
    try {
      const head = Buffer.alloc(Math.min(st.size, 8192));
      readSync(fd, head, 0, head.length, 0);
      return !head.includes(0);
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

/**
 * Whether the command line itself writes the file before it runs (`curl -o package.json … && npm
 * test`, `cat > run.sh <<EOF`, `cp x build.sh`): what it runs then is not what the reviewer reads
 * on disk.
 */
function writesFile(text: string, file: string, project: string, cwd: string): boolean {
  const names = new Set([file, file.slice(project.length + 1), file.slice(cwd.length + 1), file.split("/").pop()!]);
  const targets = [
    ...text.matchAll(
      /(?:\d?>>?\|?|\btee\b(?:\s+-\w+)*|\s(?:-[A-Za-z]*[oO]|--output(?:=|\s))|\b(?:cp|mv|ln|install|rsync)\b[^|;&\n]*\s)\s*['"]?([^\s'"|;&<>()]+)/g,
    ),
  ].map((m) => m[1]!.replace(/^\.\//, ""));
  return targets.some((t) => names.has(t) || names.has(t.split("/").pop()!));
}

/**
 * A reason about code the guard could not read that a reviewer reads: OPAQUE_CODE naming a
 * script or a package.json inside the project that is on disk as text and that the command line
 * does not write first (`npm run x runs a script of ROOT/package.json, which the guard cannot
 * read`, `.venv/bin/black runs a script the guard cannot read here`), the scripts of the other
 * packages of a workspace whose packages all lie inside the project, or a program given to an
 * interpreter in a here-document of the text (`python3 - <<'EOF' … EOF`).
 */
function readableCode(r: Verdict["reasons"][number], text: string, project: string, cwd: string): boolean {
  if (r.code === "INLINE_CODE") {
    return /from standard input/.test(r.message)
      && /(^|[\s;&|(])(python[0-9.]*|pypy[0-9]*|node|nodejs|perl[0-9.]*|ruby|php|bash|sh)\b[^|;&\n]*<<-?\s*['"\\]?[A-Za-z_]\w*/
        .test(text);
  }
  if (r.code !== "OPAQUE_CODE") return false;
  if (/runs scripts in other workspace packages/.test(r.message)) return workspaceInside(cwd, project);
  const head = r.message.split(/ runs /)[0]!;
  const words = [...head.matchAll(/[^\s'"]+/g)].map((m) => m[0]).filter((w) => w.includes("/"));
  const about = r.message.match(/ of (\/\S+\/package\.json)\b/)?.[1];
  const files = about ? [about] : words.map((w) => (isAbsolute(w) ? w : resolve(cwd, w)));
  return files.length > 0 && files.every((f) => readableProjectFile(f, project) && !writesFile(text, f, project, cwd));
}

/** Whether the workspace around `cwd` (pnpm-workspace.yaml, or package.json `workspaces`) keeps its packages inside the project. */
function workspaceInside(cwd: string, project: string): boolean {
  for (let dir = cwd; dir === project || dir.startsWith(project + "/"); dir = dirname(dir)) {
    let globs: string | null = null;
    try {
      globs = readFileSync(join(dir, "pnpm-workspace.yaml"), "utf8");
    } catch {
      try {
        const ws = (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { workspaces?: unknown }).workspaces;
        if (ws !== undefined) globs = JSON.stringify(ws);
      } catch {
        // no package.json here, or not JSON
      }
    }
    if (globs !== null) return !/(^|["'\s/-])\.\.(\/|["'\s]|$)|["'\s-]\s*\//m.test(globs);
    if (dir === project) break;
  }
  return false;
}

/** Causes of a verdict: each non-allow reason as `CODE command`. */
export function causes(v: Verdict): string[] {
  const out = new Set<string>();
  for (const a of v.accesses) if (a.decision !== "allow" && a.reason) out.add(`${a.reason} ${a.command}`);
  for (const r of v.reasons) {
    if (r.decision === "allow") continue;
    const covered = v.accesses.some((a) => a.decision !== "allow" && a.reason === r.code && a.start === r.start);
    if (!covered) out.add(`${r.code} ${r.message.split(/[\s:]/)[0] || "?"}`);
  }
  return [...out];
}

/**
 * `$0` of the command line's own shell, outside single quotes: the host's shell as it was
 * started (`bash`, `/bin/bash`, `-bash`, `zsh`, `sh`), which the reviewer cannot see —
 * `readlink -f "$0"` is `$PWD/bash` under one host and `/usr/bin/bash` under another. Inside
 * `sh -c CODE ARG0` it is bound (the text names the binding; `unboundPositional` does the same).
 */
function shellName(text: string): boolean {
  const shell = text.replace(/'[^']*'/g, "''");
  if (!/(^|[^\\])\$(0|\{0\})/.test(shell)) return false;
  return !/(^|[\s;&|(/'"])(ba|da|k|z)?sh\s+(-\w+\s+)*-\w*c\b/.test(text);
}

/** Programs whose output the user picks or types: a clipboard, a picker, the terminal's history. */
const PICKED =
  /(^|[\s;&|(`$])(xsel|xclip|pbpaste|wl-paste|fzf|sk|iselect|zenity|kdialog|dialog|whiptail|gum|tty)\b|\bhistory\s+-p\b/;

/** Interpreters that run the file they are given. */
const RUNS_A_FILE = new Set(["node", "nodejs", "ruby", "python", "python2", "python3", "perl", "bash", "sh", "zsh",
  "php", "lua"]);

/**
 * Whether a command (the text of a substitution or the head of a pipe) prints what nobody can
 * see from the text: a script, or a program run from a file. (A program this machine does not
 * have is not counted: `tree` is not installed here, yet a reviewer knows what it prints.)
 */
function unseenProgram(command: string): boolean {
  const words = command.trim().split(/\s+/).filter((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w));
  while (words[0] === "sudo" || words[0] === "env" || words[0] === "command") words.shift();
  const program = words[0];
  if (program === undefined || program === "" || /[$`'"\\{}[\]*?]/.test(program)) return false;
  if (/\.(sh|bash|rb|py|pl|js)$/.test(program) || program.startsWith("./")) return true;
  if (RUNS_A_FILE.has(program) && words[1] !== undefined && !words[1].startsWith("-")) return true;
  return false;
}

/** A file a command reads names from, as written: `cat F |`, `$(cat F)`, `$(<F)`, `< F`, `xargs -a F`. */
function namesFiles(text: string): string[] {
  const out: string[] = [];
  // (A file the command line writes itself is not data from elsewhere: `find … > tmp && mv $(cat tmp) d`.)
  const written = new Set([...text.matchAll(/\d?>>?\|?\s*([^\s|;&<>()`$'"]+)/g)].map((m) => m[1]!));
  for (const m of text.matchAll(
    /(?:^|[\s;&|(`])(?:cat|zcat|tac)\s+([^\s|;&<>()`$'"-][^\s|;&<>()`$'"]*)(?=\s*[|)`])/g,
  )) out.push(m[1]!);
  for (const m of text.matchAll(/(?:^|[^<])<(?![<(&])\s*([^\s|;&<>()`$'"]+)/g)) out.push(m[1]!);
  for (const m of text.matchAll(/\bxargs\s+(?:-\S+\s+)*?(?:-a\s*|--arg-file=)([^\s|;&<>()`$'"]+)/g)) out.push(m[1]!);
  // patch writes the files its patch names.
  for (const m of text.matchAll(/\bpatch\s+(?:-\S+\s+)*?(?:-i\s*|--input[=\s]\s*)([^\s|;&<>()`$'"]+)/g)) {
    out.push(m[1]!);
  }
  return out.filter((f) => !written.has(f));
}

/**
 * Names that come from data the reviewer cannot see: a file the project does not hold, the
 * terminal (`xargs rm` with nothing piped in), a clipboard or a picker, or the output of a
 * program nobody can see into. Where they lead is not in the text, so a reviewer asks too.
 */
function unseenData(raw: string, cwd: string): boolean {
  // Quoted text is another program's (a grep pattern's `<`, awk's `;`), and `\;` ends -exec.
  const text = raw.replace(/'[^']*'/g, "''").replace(/"[^"]*"/g, '""').replace(/\\;/g, " ");
  if (PICKED.test(raw)) return true;
  if (namesFiles(text).some((f) => !isAbsolute(f) && !existsSync(join(cwd, f)))) return true;
  for (const pipeline of text.split(/;|&&|\|\||&(?!>)|[()]|\bdo\b|\bthen\b/)) {
    const head = pipeline.split("|")[0]!.trim();
    const fed = pipeline.includes("|");
    // The head of a pipeline that reads the terminal: xargs itself, or a filter given no file.
    if (/^xargs\b/.test(head) && !/(^|\s)(-a|--arg-file)/.test(head) && !/</.test(pipeline)) return true;
    if (fed && /^(sort|uniq|nl|tac)(\s+-\S+)*$/.test(head)) return true;
    if (fed && /^grep(\s+-\S+)*\s+('[^']*'|"[^"]*"|[^\s'"-]\S*)$/.test(head)) return true;
    if (fed && /\bxargs\b/.test(pipeline) && unseenProgram(head)) return true;
  }
  for (const m of raw.matchAll(/\$\(([^()]*)\)|`([^`]*)`/g)) {
    const body = (m[1] ?? m[2])!;
    if (unseenProgram(body.split("|")[0]!)) return true;
  }
  return false;
}
