// Hostile inputs: each must cost a bounded time and memory and end in a fail-closed verdict that
// says why. Most inputs end with (or hide at their deepest point) an access outside the project,
// the sentinel: a guard that stopped early without saying so would answer `allow`, so "the
// sentinel is reported, or a bound's reason is" is what "no limit truncates silently" means here.
//
// The time ceiling is a hang guard, not a benchmark: it is generous (10 s per input on a shared
// 2-core machine) and only catches costs that grow out of bounds. Checks run in a worker process
// so that a hang or a memory bomb fails its own test (the worker is killed past 10 s or 2 GiB)
// instead of stalling the suite. The table printed at the end (name, bytes, ms, MB of RSS growth
// across the check, decision, reasons) is there to be quoted.

import { chmodSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DECISIONS, REASONS, type ReasonCode, type Verdict } from "../src/index.ts";
import type { Fixture } from "./support/fixture.ts";
import { explain, useSandbox } from "./support/table.ts";

const box = useSandbox();

const CEILING_MS = 10_000;
/** A check whose worker grows past this is killed: a memory bomb must not take the machine down. */
const MEMORY_CAP_MB = 2_048;
const IS_ROOT = process.getuid?.() === 0;
const LONG_NAME = "a".repeat(200);
/** A directory name that is not UTF-8: bytes a JavaScript string cannot hold. */
const NOT_UTF8 = Buffer.from([0xff, 0xfe]);

beforeAll(async () => {
  const fx = box.fx;
  writeFileSync(join(fx.top, "worker.ts"), WORKER);
  const p = fx.project;
  // Chains of 100 links, one hop each, ending outside: past the kernel's 40 hops from the top,
  // within them from the 70th link on.
  mkdirSync(join(p, "chain"));
  symlinkSync(join(fx.outside, "secret.txt"), join(p, "chain", "c99"));
  for (let i = 98; i >= 0; i--) symlinkSync(`c${i + 1}`, join(p, "chain", `c${i}`));
  mkdirSync(join(p, "dchain"));
  symlinkSync(fx.outside, join(p, "dchain", "d99"));
  for (let i = 98; i >= 0; i--) symlinkSync(`d${i + 1}`, join(p, "dchain", `d${i}`));
  symlinkSync("self", join(p, "self"));
  symlinkSync(".", join(p, "up"));
  // Node accepts a Buffer path: the name on disk is the two raw bytes.
  symlinkSync(fx.home, Buffer.concat([Buffer.from(p + "/"), NOT_UTF8]));
  // A link out with a non-ASCII UTF-8 name, as a cloned repository may hold.
  symlinkSync(fx.home, join(p, "é"));
  // A long name of a's: the entry a backtracking glob matcher chokes on.
  mkdirSync(join(p, LONG_NAME));
  // An unreadable directory holding a way out.
  mkdirSync(join(p, "locked"));
  symlinkSync(fx.outside, join(p, "locked", "inner"));
  chmodSync(join(p, "locked"), 0o000);
  // FIFOs where the guard reads a file while checking: opening or reading one waits for a
  // writer that never comes. Each is read in a command that also reads the sentinel.
  mkdirSync(join(p, "fifo-pkg"));
  mkdirSync(join(p, "fifo-make"));
  for (const f of ["fifo.sh", "fifo-list", "fifo-pkg/package.json", "fifo-make/Makefile"]) {
    expect(Bun.spawnSync(["mkfifo", join(p, f)]).exitCode).toBe(0);
  }
});

afterAll(() => {
  worker?.stop();
  // The fixture is removed after this; a mode-000 directory would stop that for a non-root user.
  try {
    chmodSync(join(box.fx.project, "locked"), 0o755);
  } catch {
    // Already gone.
  }
});

// ---------------------------------------------------------------------------------------------

interface Hostile {
  readonly name: string;
  readonly input: () => string;
  /** `big` for inputs that are about structure, not size: the 64 KiB bound must not hide them. */
  readonly guard?: "default" | "big";
  /** The bound(s) this input may hit; any one of them, in the verdict, stands for the sentinel. */
  readonly bounds: readonly ReasonCode[];
  /** What makes `allow` wrong, as in table.ts ("* $H/.bashrc", "#CODE", "A|B"); default: reads ~/.bashrc. */
  readonly sentinel?: string;
  /** The guard cannot see this input at all: one of `bounds` is required. */
  readonly blind?: boolean;
  /** Only a well-formed verdict is required (what the input means depends on who runs it). */
  readonly wellFormedOnly?: boolean;
}

const S = "cat ~/.bashrc";
const SENTINEL = "* $H/.bashrc";
const rep = (s: string, n: number) => s.repeat(n);
const MB = 1 << 20;

/** `cmd` inside n levels of backquotes, each level escaping the one inside it. */
function backquotes(cmd: string, n: number): string {
  let s = cmd;
  for (let i = 0; i < n; i++) s = `echo \`${s.replace(/\\/g, "\\\\").replace(/`/g, "\\`")}\``;
  return s;
}

const HOSTILE: readonly Hostile[] = [
  // --- size -------------------------------------------------------------------------------
  { name: "1 MiB word, default bound", input: () => `echo ${rep("a", MB)}; ${S}`, bounds: ["INPUT_TOO_LARGE"],
    blind: true },
  { name: "1 MiB of words, default bound", input: () => `echo ${rep("a ", MB / 2)}; ${S}`, bounds: ["INPUT_TOO_LARGE"],
    blind: true },
  { name: "64 KiB + 1 byte", input: () => `${S} #${rep("x", 64 * 1024 - S.length - 1)}`, bounds: ["INPUT_TOO_LARGE"],
    blind: true },
  // The bound counts UTF-8 bytes: 40 000 characters of 2 bytes each are over it.
  { name: "80 000 bytes in 40 000 chars", input: () => `echo ${rep("é", 40_000)}`, bounds: ["INPUT_TOO_LARGE"],
    blind: true },
  // Within the default bound, and no bound to hit: this one is only slow (its cost is in the table).
  { name: "32 000 words, default bound", input: () => `echo ${rep("a ", 32_000)}; ${S}`, bounds: [] },
  { name: "1 MiB word, 2 MB bound", guard: "big", input: () => `echo ${rep("a", MB)}; ${S}`, bounds: [] },
  { name: "1 MiB of words, 2 MB bound", guard: "big", input: () => `echo ${rep("a ", MB / 2)}; ${S}`,
    bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "1 MiB quoted string, 2 MB bound", guard: "big", input: () => `echo '${rep("a b ", MB / 4)}'; ${S}`,
    bounds: [] },
  { name: "1 MiB here-doc, 2 MB bound", guard: "big",
    input: () => `cat <<EOF\n${rep("line $HOME\n", MB / 11)}EOF\n${S}`, bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "1 MiB of `: ;`, 2 MB bound", guard: "big", input: () => `${rep(": ;", MB / 3)} ${S}`,
    bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "1 MiB of paths, 2 MB bound", guard: "big", input: () => `cat ${rep("src/main.ts ", MB / 12)}~/.bashrc`,
    bounds: ["EXPANSION_TOO_LARGE"] },
  // Many variables, then many commands: past the step budget each statement used to re-taint
  // every variable (quadratic: 50 s for this input); with PATH set, each command looked at
  // every variable for those that reach the program.
  { name: "40 000 assignments then 40 000 commands", guard: "big",
    input: () =>
      `PATH=/usr/bin; ${Array.from({ length: 40_000 }, (_, i) => `a${i}=1; `).join("")}${rep("ls; ", 40_000)}${S}`,
    bounds: ["EXPANSION_TOO_LARGE"] },

  // --- nesting, 10 000 deep (sentinel at the bottom) -----------------------------------------
  { name: "( ) × 10 000", guard: "big", input: () => `${rep("( ", 10_000)}${S}${rep(" )", 10_000)}`,
    bounds: ["NESTING_TOO_DEEP", "PARSE_ERROR"] },
  { name: "$( ) × 10 000", guard: "big", input: () => `${rep("$(", 10_000)}${S}${rep(")", 10_000)}`,
    bounds: ["NESTING_TOO_DEEP", "PARSE_ERROR"] },
  { name: "{ ;} × 10 000", guard: "big", input: () => `${rep("{ ", 10_000)}${S}${rep("; }", 10_000)}`,
    bounds: ["NESTING_TOO_DEEP", "PARSE_ERROR"] },
  { name: "if × 10 000", guard: "big", input: () => `${rep("if :; then ", 10_000)}${S}${rep("; fi", 10_000)}`,
    bounds: ["NESTING_TOO_DEEP", "PARSE_ERROR"] },
  { name: '"$( )" × 10 000', guard: "big", input: () => `echo ${rep('"$(', 10_000)}${S}${rep(')"', 10_000)}`,
    bounds: ["NESTING_TOO_DEEP", "PARSE_ERROR"] },
  { name: "$(( )) × 10 000", guard: "big", input: () => `echo $((${rep("(", 10_000)}1${rep(")", 10_000)})); ${S}`,
    bounds: ["NESTING_TOO_DEEP", "PARSE_ERROR"] },
  { name: "` × 10 000 in a row", guard: "big", input: () => `echo ${rep("`", 10_000)} ${S}`,
    bounds: ["NESTING_TOO_DEEP", "PARSE_ERROR"] },
  // Each level doubles the backslashes: 15 levels are just over 64 KiB.
  { name: "nested backquotes × 15", guard: "big", input: () => backquotes(S, 15),
    bounds: ["NESTING_TOO_DEEP", "PARSE_ERROR"] },
  { name: "'…' \"…\" alternating × 10 000", guard: "big", input: () => `echo ${rep(`'a'"b"`, 10_000)}; ${S}`,
    bounds: [] },
  { name: "[[ ( ) ]] × 10 000", guard: "big",
    input: () => `[[ ${rep("( ", 10_000)}-f ~/.bashrc${rep(" )", 10_000)} ]]; ${S}`,
    bounds: ["NESTING_TOO_DEEP", "PARSE_ERROR"] },

  // --- brace expansion ------------------------------------------------------------------------
  { name: "{1..99999999}", input: () => `echo {1..99999999}; ${S}`, bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "rm ~/{1..99999999}", input: () => `rm -rf ~/{1..99999999}`, bounds: ["EXPANSION_TOO_LARGE"],
    sentinel: "#EXTERNAL_PATH|#EXPANSION_TOO_LARGE" },
  { name: "{a,b} × 30", input: () => `echo ${rep("{a,b}", 30)}; ${S}`, bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "{1..1000} × 3", input: () => `touch ${rep("{1..1000}", 3)}; ${S}`, bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "nested {…{a,b}×25…,x}", input: () => `echo {${rep("{a,b}", 25)},x}; ${S}`, bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "{a..z} × 10", input: () => `echo ${rep("{a..z}", 10)}; ${S}`, bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "{1..99999999999999999999}", input: () => `echo {1..99999999999999999999}; ${S}`,
    bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "{,} nested 10 000 deep", input: () => `echo ${rep("{a,", 10_000)}b${rep("}", 10_000)}; ${S}`,
    bounds: ["EXPANSION_TOO_LARGE", "NESTING_TOO_DEEP"] },

  // --- globs ----------------------------------------------------------------------------------
  { name: "/*/*/*/*/*/*", input: () => `ls -d /*/*/*/*/*/*; ${S}`, bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "globstar /**/**/**", input: () => `shopt -s globstar; ls -d /**/**/**; ${S}`,
    bounds: ["EXPANSION_TOO_LARGE"] },
  // The fixture holds directories whose names are not UTF-8: a glob that reaches them is unknown.
  { name: "globstar **/**/** in the project", input: () => `shopt -s globstar; cat **/**/**/secret.txt`,
    bounds: ["EXPANSION_TOO_LARGE", "UNRESOLVED_WORD"], sentinel: "* $O/secret.txt" },
  { name: "*a × 25 then b (backtracking)", input: () => `ls ${rep("*a", 25)}b; ${S}`, bounds: ["EXPANSION_TOO_LARGE"] },
  // The same pattern on a value the command sets itself: no disk needed.
  { name: "${x/*a × 4…b/y} on 200 a's", input: () => `x=${LONG_NAME}; echo \${x/${rep("*a", 4)}b/y}; ${S}`,
    bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "[ × 10 000", input: () => `ls ${rep("[", 10_000)}; ${S}`, bounds: ["EXPANSION_TOO_LARGE", "PARSE_ERROR"] },
  { name: "[a-z] × 2 000", input: () => `ls ${rep("[a-z]", 2_000)}; ${S}`, bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "[!]] heavy classes", input: () => `ls ${rep("[!]a-z[:alpha:]-]*", 500)}; ${S}`,
    bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "extglob +(a|aa) × 30", input: () => `shopt -s extglob; ls ${rep("+(a|aa)", 30)}b; ${S}`,
    bounds: ["EXPANSION_TOO_LARGE", "PARSE_ERROR"] },
  { name: "extglob !(…) nested 200", input: () => `shopt -s extglob; ls ${rep("!(", 200)}x${rep(")", 200)}; ${S}`,
    bounds: ["EXPANSION_TOO_LARGE", "PARSE_ERROR", "NESTING_TOO_DEEP"] },
  { name: "*/ × 1 000", input: () => `ls ${rep("*/", 1_000)}; ${S}`,
    bounds: ["EXPANSION_TOO_LARGE", "UNRESOLVED_PATH"] },

  // --- encoding -------------------------------------------------------------------------------
  { name: "$'\\xff\\xfe' (invalid UTF-8)", input: () => `cat $'\\xff\\xfe'; ${S}`,
    bounds: ["UNRESOLVED_PATH", "UNRESOLVED_WORD", "INVALID_INPUT"] },
  // bash opens the two raw bytes, a link to $H; a guard that turns them into characters looks elsewhere.
  { name: "$'\\xff\\xfe' names a link out", input: () => `cat $'\\xff\\xfe'/.bashrc`,
    bounds: ["UNRESOLVED_PATH", "UNRESOLVED_WORD"], sentinel: SENTINEL },
  { name: "?? reaches a non-UTF-8 link out", input: () => `cat ??/.ssh/id_rsa`,
    bounds: ["UNRESOLVED_PATH", "UNRESOLVED_WORD"], sentinel: "* $H/.ssh/id_rsa" },
  // bash turns \xc3\xa9 into the two bytes of é; read as two Latin-1 characters they name nothing.
  { name: "$'\\xc3\\xa9' names a UTF-8 link out", input: () => `cat $'\\xc3\\xa9'/.bashrc`,
    bounds: ["UNRESOLVED_PATH", "UNRESOLVED_WORD"], sentinel: SENTINEL },
  { name: "lone surrogate", input: () => `cat \ud800; ${S}`, bounds: ["INVALID_INPUT"], blind: true },
  { name: "lone low surrogate × 10 000", guard: "big", input: () => `echo ${rep("\udc00", 10_000)}`,
    bounds: ["INVALID_INPUT"], blind: true },
  { name: "NUL byte", input: () => `ls\0; ${S}`, bounds: ["INVALID_INPUT"], blind: true },
  // Within the default bound: the verdict is known before parsing.
  { name: "NUL × 60 000", input: () => rep("\0", 60_000), bounds: ["INVALID_INPUT"], blind: true },
  // bash cuts a $'…' string at its first NUL: what follows must not move the path back inside.
  { name: "$'…\\x00…' cut at NUL", input: () => `cat $'../outside/secret.txt\\x00/../../project/README.md'`,
    bounds: ["UNRESOLVED_WORD", "INVALID_INPUT"], sentinel: "* $O/secret.txt" },
  { name: "$'…\\0…' (octal NUL)", input: () => `cat $'../outside/secret.txt\\0/../../project/README.md'`,
    bounds: ["UNRESOLVED_WORD", "INVALID_INPUT"], sentinel: "* $O/secret.txt" },
  { name: "$'…\\c@…' (control-@)", input: () => `cat $'../outside/secret.txt\\c@/../../project/README.md'`,
    bounds: ["UNRESOLVED_WORD", "INVALID_INPUT"], sentinel: "* $O/secret.txt" },

  // --- symlinks -------------------------------------------------------------------------------
  { name: "chain of 100 links", input: () => `cat chain/c0`, bounds: ["UNRESOLVED_PATH"], blind: true },
  { name: "chain of 30 links", input: () => `cat chain/c70`, bounds: [], sentinel: "* $O/secret.txt" },
  { name: "chain of 100 directory links", input: () => `cat dchain/d0/secret.txt`, bounds: ["UNRESOLVED_PATH"],
    blind: true },
  { name: "self loop", input: () => `cat self; ${S}`, bounds: ["UNRESOLVED_PATH"] },
  { name: "loop-a ↔ loop-b", input: () => `cat loop-a/x`, bounds: ["UNRESOLVED_PATH"], blind: true },
  { name: "up/ × 1 000 (up → .)", input: () => `cat ${rep("up/", 1_000)}../outside/secret.txt`,
    bounds: ["UNRESOLVED_PATH"], sentinel: "* $O/secret.txt" },
  { name: "cd up × 1 000", input: () => `${rep("cd up; ", 1_000)}cat ../outside/secret.txt`,
    bounds: ["UNRESOLVED_PATH", "EXPANSION_TOO_LARGE"], sentinel: "* $O/secret.txt" },

  // --- unreadable directories ----------------------------------------------------------------
  // As root, permissions do not bite and the guard sees the link out (EXTERNAL_PATH); otherwise
  // it cannot look (UNRESOLVED_PATH). Either is an ask, so both runs assert the same.
  { name: "link out inside a mode-000 dir", input: () => `cat locked/inner/secret.txt`, bounds: ["UNRESOLVED_PATH"],
    sentinel: "* $O/secret.txt" },
  { name: "glob in a mode-000 dir", input: () => `cat locked/*/secret.txt`,
    bounds: ["UNRESOLVED_PATH", "EXPANSION_TOO_LARGE"], sentinel: "* $O/secret.txt" },
  // grep -r does not follow the links it meets, and with no rule inside the project there is
  // nothing to walk for: allow is right, as root or not. Only the cost and the shape are asked.
  { name: "grep -r through a mode-000 dir", input: () => `grep -r TOKEN .`, bounds: [], wellFormedOnly: true },
  { name: "cd into a mode-000 dir", input: () => `cd locked && cat inner/secret.txt`,
    bounds: ["UNRESOLVED_PATH", "UNRESOLVED_CWD"], sentinel: "* $O/secret.txt" },

  // --- PATH_MAX -------------------------------------------------------------------------------
  { name: "4 200-byte path inside", input: () => `cat ${rep("a/", 2_100)}x; ${S}`, bounds: ["UNRESOLVED_PATH"] },
  { name: "4 200-byte path outside", input: () => `cat /tmp/${rep("a/", 2_100)}x`,
    bounds: ["UNRESOLVED_PATH", "EXTERNAL_PATH"], blind: true },
  { name: "../ × 1 400 to /etc/passwd", input: () => `cat ${rep("../", 1_400)}etc/passwd`,
    bounds: ["UNRESOLVED_PATH", "EXTERNAL_PATH"], blind: true },
  { name: "4 096 bytes of 2-byte chars", input: () => `cat ${rep("é/", 1_400)}x; ${S}`, bounds: ["UNRESOLVED_PATH"] },
  { name: "300-byte name (NAME_MAX)", input: () => `cat ${rep("a", 300)}; ${S}`, bounds: ["UNRESOLVED_PATH"] },
  { name: "PWD grown past PATH_MAX", input: () => `${rep("cd up; ", 1_400)}cat x; ${S}`,
    bounds: ["UNRESOLVED_PATH", "UNRESOLVED_CWD", "EXPANSION_TOO_LARGE"] },

  // --- many things ----------------------------------------------------------------------------
  { name: "`ls;` × 20 000", input: () => `${rep("ls;", 20_000)}${S}`, bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "`cd src; cd ..;` × 3 000", input: () => `${rep("cd src; cd ..; ", 3_000)}${S}`,
    bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "`|` × 10 000", input: () => `${rep("ls | ", 10_000)}${S}`, bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "`&&`/`||` × 10 000", input: () => `${rep("ls && false || ", 4_000)}${S}`, bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "recursive function", input: () => `f() { f; }; f; ${S}`, bounds: ["NESTING_TOO_DEEP"] },
  { name: "function calling itself twice", input: () => `f() { f; f; ${S}; }; f`,
    bounds: ["NESTING_TOO_DEEP", "EXPANSION_TOO_LARGE"] },
  { name: "mutual recursion", input: () => `a() { b; }; b() { a; }; a; ${S}`, bounds: ["NESTING_TOO_DEEP"] },
  { name: "1 000 functions, each calling the next",
    input: () =>
      `${Array.from({ length: 1_000 }, (_, i) => `f${i}() { f${i + 1}; };`).join(" ")} f1000() { ${S}; }; f0`,
    bounds: ["NESTING_TOO_DEEP", "EXPANSION_TOO_LARGE"] },
  { name: "eval of itself", input: () => `x='eval "$x"'; eval "$x"; ${S}`, bounds: ["NESTING_TOO_DEEP"] },
  { name: "for loops nested 50 deep", input: () => `${rep("for i in 1 2 3; do ", 50)}${S}${rep("; done", 50)}`,
    bounds: ["EXPANSION_TOO_LARGE", "NESTING_TOO_DEEP"] },
  { name: "while loops nested 50 deep", input: () => `${rep("while :; do ", 50)}${S}${rep("; done", 50)}`,
    bounds: ["EXPANSION_TOO_LARGE", "NESTING_TOO_DEEP"] },
  { name: "for over 4 096 words × 3 nested",
    input: () => `for a in {1..4096}; do for b in {1..4096}; do for c in {1..4096}; do cd $a; done; done; done; ${S}`,
    bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "case with 5 000 branches", guard: "big",
    input: () =>
      `case "$1" in ${Array.from({ length: 5_000 }, (_, i) => `a${i}) cat README.md;;`).join(" ")} *) ${S};; esac`,
    bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "1 000 variables in a chain",
    input: () => `v0=~; ${Array.from({ length: 999 }, (_, i) => `v${i + 1}=$v${i};`).join(" ")} cat "$v999/.bashrc"`,
    bounds: ["EXPANSION_TOO_LARGE"], sentinel: SENTINEL },
  { name: "1 000 variables, all used",
    input: () =>
      `${Array.from({ length: 1_000 }, (_, i) => `v${i}=src/f${i};`).join(" ")} cat ${
        Array.from({ length: 1_000 }, (_, i) => `$v${i}`).join(" ")
      } ~/.bashrc`, bounds: ["EXPANSION_TOO_LARGE"] },
  // 268 bytes that double a value 30 times: a 1 GiB string; 40 times, a terabyte. Neither may be built.
  { name: "a=$a$a × 30", input: () => `a=x; ${rep("a=$a$a; ", 30)}cat "$a"; ${S}`, bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "a=$a$a × 40", input: () => `a=x; ${rep("a=$a$a; ", 40)}cat "$a"; ${S}`, bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "array doubled × 40", input: () => `a=(x); ${rep('a=("${a[@]}" "${a[@]}"); ', 40)}cat "\${a[@]}"; ${S}`,
    bounds: ["EXPANSION_TOO_LARGE"] },
  { name: "brace × glob", input: () => `ls ${rep("{a,b}", 12)}/*/*/*; ${S}`, bounds: ["EXPANSION_TOO_LARGE"] },
  // --- FIFOs the guard would read (never written to: a reader that waits, waits forever) ------
  { name: "source a FIFO, in a branch never taken",
    input: () => `if [ "$RANDOM" = 99999999 ]; then source fifo.sh; fi; ${S}`, bounds: ["OPAQUE_CODE"] },
  { name: "bash a FIFO", input: () => `bash fifo.sh; ${S}`, bounds: ["OPAQUE_CODE"] },
  { name: ". a FIFO", input: () => `. ./fifo.sh && ${S}`, bounds: ["OPAQUE_CODE"] },
  { name: "npm run with package.json a FIFO", input: () => `cd fifo-pkg && npm run build; ${S}`,
    bounds: ["OPAQUE_CODE"] },
  { name: "make with Makefile a FIFO", input: () => `make -C fifo-make; ${S}`, bounds: ["OPAQUE_CODE"] },
  { name: "xargs reading names from a FIFO", input: () => `xargs -a fifo-list cat; ${S}`,
    bounds: ["UNRESOLVED_PATH", "UNRESOLVED_WORD"] },
  { name: "alias of itself", input: () => `alias ls='ls ls'; ls; ${S}`, bounds: ["SHELL_STATE", "NESTING_TOO_DEEP"] },
];

// ---------------------------------------------------------------------------------------------

interface Row {
  readonly name: string;
  readonly bytes: number;
  readonly ms: number;
  readonly mb: number;
  readonly decision: string;
  readonly reasons: string;
}

const rows: Row[] = [];

function holds(v: Verdict, spec: string, fx: Fixture): boolean {
  if (spec.includes("|")) return spec.split("|").some((s) => holds(v, s, fx));
  if (spec.startsWith("#")) return v.reasons.some((r) => r.code === spec.slice(1));
  const sp = spec.indexOf(" ");
  const kind = spec.slice(0, sp);
  const path = fx.sub(spec.slice(sp + 1));
  return v.accesses.some((a) => (kind === "*" || a.kind === kind) && a.resolved === path);
}

function wellFormed(v: Verdict): string | null {
  if (!DECISIONS.includes(v.decision)) return `decision ${String(v.decision)}`;
  if (!Array.isArray(v.reasons) || !Array.isArray(v.accesses)) return "reasons/accesses not arrays";
  if (v.reasons.some((r) => !(r.code in REASONS))) return "unknown reason code";
  // A verdict that is not allow says why: a reason, or an access judged as strictly.
  if (v.decision !== "allow" && !v.reasons.some((r) => r.decision === v.decision) &&
    !v.accesses.some((a) => a.decision === v.decision))
  {
    return `${v.decision} without a reason`;
  }
  return null;
}

function short(v: Verdict, input: string): string {
  const shown = input.length > 200
    ? `${JSON.stringify(input.slice(0, 200))}… (${input.length} chars)`
    : JSON.stringify(input);
  const e = explain(v);
  return `${shown}\n${e.length > 3000 ? e.slice(0, 3000) + "…" : e}`;
}

// check() is synchronous: a hang inside it cannot be interrupted from the same process, and would
// hang the whole suite. So the checks run in a worker process, one at a time; a worker past the
// time ceiling or the memory cap is killed (and replaced for the next input) and the input fails.

const WORKER = `
import { createGuard } from ${JSON.stringify(join(import.meta.dir, "..", "src", "index.ts"))};
const home = process.argv[2];
const guards = {
  default: await createGuard({ home }),
  big: await createGuard({ home, bounds: { maxBytes: 2_000_000 } }),
};
process.stdout.write("ready\\n");
for await (const line of console) {
  const req = JSON.parse(line);
  Bun.gc(true);
  const rss0 = process.memoryUsage().rss;
  const t0 = performance.now();
  let verdict = null, error = null;
  try {
    verdict = guards[req.guard].check(req.input, { cwd: req.cwd });
  } catch (e) {
    error = e instanceof Error ? String(e.stack) : String(e);
  }
  const ms = performance.now() - t0;
  const mb = (process.memoryUsage().rss - rss0) / (1 << 20);
  process.stdout.write(JSON.stringify({ ms, mb, verdict, error }) + "\\n");
}
`;

interface Reply {
  readonly ms: number;
  readonly mb: number;
  readonly verdict: Verdict | null;
  readonly error: string | null;
}

class Worker {
  private readonly proc: Subprocess<"pipe", "pipe", "inherit">;
  private buffered = "";
  private readonly decoder = new TextDecoder();
  private readonly lines: string[] = [];
  private readonly waiting: ((line: string | null) => void)[] = [];
  private ended = false;

  constructor(script: string, home: string) {
    this.proc = Bun.spawn([process.execPath, script, home], { stdin: "pipe", stdout: "pipe", stderr: "inherit" });
    void this.pump();
  }

  private async pump(): Promise<void> {
    for await (const chunk of this.proc.stdout) {
      this.buffered += this.decoder.decode(chunk, { stream: true });
      for (let nl = this.buffered.indexOf("\n"); nl >= 0; nl = this.buffered.indexOf("\n")) {
        const l = this.buffered.slice(0, nl);
        this.buffered = this.buffered.slice(nl + 1);
        const w = this.waiting.shift();
        if (w) w(l);
        else this.lines.push(l);
      }
    }
    this.ended = true;
    for (const w of this.waiting.splice(0)) w(null);
  }

  /** The next line the worker writes; null once it has exited. */
  line(): Promise<string | null> {
    const l = this.lines.shift();
    if (l !== undefined) return Promise.resolve(l);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  send(req: object): void {
    this.proc.stdin.write(JSON.stringify(req) + "\n");
    void this.proc.stdin.flush();
  }

  get pid(): number {
    return this.proc.pid;
  }

  stop(): void {
    this.proc.kill(9);
  }
}

/** A process's resident memory in MiB, where /proc tells (Linux); null elsewhere. */
function rssOf(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

let worker: Worker | null = null;

type Outcome = { readonly reply: Reply } | { readonly killed: "time" | "memory"; readonly ms: number;
  readonly peakMb: number };

/** The worker's reply, or why it was killed (past the time ceiling or the memory cap). */
async function checkInWorker(h: Hostile, input: string): Promise<Outcome> {
  const fx = box.fx;
  if (!worker) {
    worker = new Worker(join(fx.top, "worker.ts"), fx.home);
    if ((await worker.line()) !== "ready") throw new Error("the worker did not start");
  }
  const w = worker;
  w.send({ guard: h.guard ?? "default", input, cwd: fx.project });
  const t0 = performance.now();
  let poll: ReturnType<typeof setInterval> | undefined;
  const outcome = await new Promise<Outcome | { readonly line: string | null }>((resolve) => {
    let peakMb = 0;
    poll = setInterval(() => {
      peakMb = Math.max(peakMb, rssOf(w.pid) ?? 0);
      const ms = performance.now() - t0;
      if (peakMb > MEMORY_CAP_MB) resolve({ killed: "memory", ms, peakMb });
      else if (ms > CEILING_MS) resolve({ killed: "time", ms, peakMb });
    }, 50);
    void w.line().then((line) => resolve({ line }));
  });
  clearInterval(poll);
  if ("line" in outcome) {
    if (outcome.line === null) {
      worker = null;
      throw new Error(`the worker died on ${h.name} (a crash outside check(), or killed by the system)`);
    }
    return { reply: JSON.parse(outcome.line) as Reply };
  }
  w.stop();
  worker = null;
  return outcome;
}

async function run(h: Hostile): Promise<void> {
  const fx = box.fx;
  const input = h.input();
  const bytes = Buffer.byteLength(input, "utf8");
  const outcome = await checkInWorker(h, input);
  if ("killed" in outcome) {
    const why = outcome.killed === "time" ? `no verdict within ${CEILING_MS} ms` : `worker past ${MEMORY_CAP_MB} MB`;
    rows.push({ name: h.name, bytes, ms: outcome.ms, mb: outcome.peakMb, decision: "KILLED", reasons: why });
    throw new Error(`${h.name}: ${why} (input ${bytes} bytes: ${JSON.stringify(input.slice(0, 120))}…)`);
  }
  const { reply } = outcome;
  if (reply.error !== null || reply.verdict === null) throw new Error(`check threw on ${h.name}: ${reply.error}`);
  const { ms, mb, verdict: v } = reply;
  const codes = [...new Set(v.reasons.map((r) => r.code))].join(" ");
  rows.push({ name: h.name, bytes, ms, mb, decision: v.decision, reasons: codes });

  const info = short(v, input);
  expect(ms, `${h.name} took ${ms.toFixed(0)} ms\n${info}`).toBeLessThan(CEILING_MS);
  const bad = wellFormed(v);
  if (bad) throw new Error(`ill-formed verdict (${bad}) for ${h.name}:\n${info}`);
  if (h.wellFormedOnly) return;
  if (v.decision === "allow") throw new Error(`${h.name}: allowed:\n${info}`);
  // A slow machine may reach the parse-time bound first: that refusal has its reason too.
  const bound = [...h.bounds, ...(h.blind ? [] : (["PARSE_TIMEOUT", "CHECK_TIMEOUT"] as const))].find((c) =>
    v.reasons.some((r) => r.code === c)
  );
  if (h.blind) {
    if (!bound) throw new Error(`expected one of ${h.bounds.join(", ")} for ${h.name}:\n${info}`);
    return;
  }
  const sentinel = h.sentinel ?? SENTINEL;
  if (bound || holds(v, sentinel, fx)) return;
  throw new Error(
    `${h.name}: neither the sentinel (${sentinel}) nor a bound's reason (${
      h.bounds.join(", ") || "none expected"
    }): truncated silently?\n${info}`,
  );
}

describe("hostile inputs: bounded cost, fail-closed verdict with a reason", () => {
  for (const h of HOSTILE) test(h.name, () => run(h), CEILING_MS + 5_000);
});

// A parse halted by the time bound resumes on the parser's next call unless it is reset: the
// next command was read with the halted command's state (`cat ~/.ssh/id_rsa` became `cat` with
// the words / s h i _ s). Under load, the hostile table's 1 MiB cases showed it.
describe("a parse halted by the time bound leaves nothing behind", () => {
  test("the commands checked after it get the verdicts a fresh guard gives", async () => {
    const { createGuard } = await import("../src/index.ts");
    const fresh = await createGuard({ home: box.fx.home });
    const halted = await createGuard({ home: box.fx.home, bounds: { maxBytes: 4_000_000, maxParseMs: 25 } });
    expect(halted.check(`echo ${rep("a ", 1_500_000)}; ${S}`, { cwd: box.fx.project }).reasons.map((r) => r.code))
      .toContain("PARSE_TIMEOUT");
    for (const c of ["cat ../outside/secret.txt", "cat ~/.ssh/id_rsa", "ls src", "cd .. && ls"]) {
      const want = fresh.check(c, { cwd: box.fx.project });
      const got = halted.check(c, { cwd: box.fx.project });
      expect({ c, decision: got.decision, paths: got.accesses.map((a) => a.resolved) }).toEqual({ c,
        decision: want.decision, paths: want.accesses.map((a) => a.resolved) });
    }
  });
});

// A disk that answers slowly (a network mount, a dying drive): each lookup costs 40 ms here, and
// the command names 400 paths, 16 s of lookups. The check's budget ends it with an ask.
describe("a check past its time budget answers CHECK_TIMEOUT", () => {
  test("a slow filesystem: ask within the budget, not a check that outlasts the host's hook", async () => {
    const { createGuard } = await import("../src/index.ts");
    const { nodeFileSystem } = await import("../src/paths/fs.ts");
    const nap = new Int32Array(new SharedArrayBuffer(4));
    const slow = { ...nodeFileSystem, lstat: (p: string) => (Atomics.wait(nap, 0, 0, 40), nodeFileSystem.lstat(p)) };
    const g = await createGuard({ home: box.fx.home, fs: slow, maxCheckMs: 500 });
    const paths = Array.from({ length: 400 }, (_, i) => `d${i}/f`).join(" ");
    const t0 = performance.now();
    const v = g.check(`cat ${paths}; ${S}`, { cwd: box.fx.project });
    expect(performance.now() - t0).toBeLessThan(CEILING_MS);
    expect(v.decision).toBe("ask");
    expect(v.reasons.map((r) => r.code)).toEqual(["CHECK_TIMEOUT"]);
    // A check within its budget is untouched.
    expect(g.check("cat README.md", { cwd: box.fx.project }).decision).toBe("allow");
  });
});

describe("afterwards", () => {
  // Here as well as in afterAll: the fixture's own afterAll may run first, and could not remove a
  // mode-000 directory as an unprivileged user.
  test(`the mode-000 directory is made readable again (${IS_ROOT ? "as root, where it never bit" : "unprivileged"})`, () => {
    chmodSync(join(box.fx.project, "locked"), 0o755);
    expect(readdirSync(join(box.fx.project, "locked"))).toEqual(["inner"]);
  });
});

afterAll(() => {
  const w = [Math.max(4, ...rows.map((r) => r.name.length)), 9, 8, 7, 8];
  const line = (c: readonly string[]) =>
    `${c[0]!.padEnd(w[0]!)}  ${c[1]!.padStart(w[1]!)}  ${c[2]!.padStart(w[2]!)}  ${c[3]!.padStart(w[3]!)}  ${
      c[4]!.padEnd(w[4]!)
    }  ${c[5]!}`;
  const out = [line(["name", "bytes", "ms", "MB", "decision", "reasons"])];
  for (const r of rows) {
    out.push(line([r.name, String(r.bytes), r.ms.toFixed(1), r.mb.toFixed(1), r.decision, r.reasons]));
  }
  console.log(
    `\nhostile inputs (${
      IS_ROOT ? "as root" : "as an unprivileged user"
    }; MB is RSS growth across the check, or the worker's peak RSS where it was KILLED)\n${out.join("\n")}`,
  );
});
