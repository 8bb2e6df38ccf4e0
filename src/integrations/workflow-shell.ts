// Which program runs a workflow step's script: the `shell:` a step (or its job's or workflow's
// `defaults.run`) names, else the runner's default (bash, but pwsh on Windows). A custom shell is
// a command line with `{0}` where the script file goes; the step is judged as bash when the
// program that reads `{0}` is bash or sh, reached through wrappers that run their command as it
// is (`script -q -e -c "bash {0}"`, `unbuffer bash {0}`). Anything else (pwsh, python, cmd, a
// program this table does not know) is not judged, and says so.

/** What runs the script: bash (judged), or another program (skipped, with what it is). */
type StepShell = { readonly kind: "bash"; readonly via: readonly string[] } | { readonly kind: "other";
  readonly what: string };

const SHELLS = new Set(["bash", "sh"]);

/**
 * Programs that run the command they are given with the same files, directory and user: the
 * options that take a value (which are not the command), and how the command is given.
 * `command`: the words after the options (a positional count to skip first); `dash-c`: one
 * word after `-c`, itself a command line.
 */
interface Wrapper {
  readonly valued: readonly string[];
  readonly skip?: number;
  readonly dashC?: boolean;
}

const WRAPPERS: Readonly<Record<string, Wrapper>> = {
  // util-linux: script [-q] [-e] -c COMMAND [FILE]; BSD and macOS: script [-q] FILE COMMAND….
  script: {
    valued: ["-t", "-T", "-I", "-O", "-B", "-E", "-m", "--log-in", "--log-out", "--log-io", "--logging-format",
      "--echo", "--output-limit"],
    dashC: true,
  },
  unbuffer: { valued: [] },
  stdbuf: { valued: ["-i", "-o", "-e"] },
  nice: { valued: ["-n"] },
  ionice: { valued: ["-c", "-n"] },
  nohup: { valued: [] },
  setsid: { valued: [] },
  time: { valued: ["-f", "-o"] },
  timeout: { valued: ["-s", "-k"], skip: 1 },
  "xvfb-run": { valued: ["-n", "-s", "-f", "-e", "-p", "-w"] },
  eatmydata: { valued: [] },
  catchsegv: { valued: [] },
  chronic: { valued: [] },
};

/** The shell a `shell:` value names. `{0}` in a custom one is the script file. */
export function classifyShell(spec: string): StepShell {
  const text = spec.trim();
  if (text === "") return { kind: "other", what: "an empty shell" };
  // GitHub's own names: bash and sh are `bash … {0}` and `sh -e {0}`.
  if (/^(bash|sh)$/.test(text)) return { kind: "bash", via: [] };
  if (!text.includes("{0}")) return { kind: "other", what: `shell: ${text}` };
  const words = splitWords(text);
  if (words === null) return { kind: "other", what: `shell: ${text} (its quoting is not read)` };
  return reader(words, [], 0) ?? { kind: "other", what: `shell: ${text}` };
}

/** Follows wrappers to the program whose operand is `{0}`; null when that is not bash or sh. */
function reader(words: readonly string[], via: readonly string[], depth: number): StepShell | null {
  if (depth > 4 || words.length === 0) return null;
  const program = words[0]!.split("/").pop()!;
  if (SHELLS.has(program)) {
    // `bash [options] {0}`: the script is the first operand; `-c` makes it a command string.
    for (let i = 1; i < words.length; i++) {
      const w = words[i]!;
      if (w === "{0}") return { kind: "bash", via };
      if (!/^[-+]/.test(w) || /^-[a-zA-Z]*c/.test(w)) return null;
      // `-o pipefail`, `-eo pipefail`, `+O extglob`, `--rcfile FILE`: the option's value follows.
      if (/^[-+][a-zA-Z]*[oO]$/.test(w) || w === "--rcfile" || w === "--init-file") i++;
    }
    return null;
  }
  const wrapper = WRAPPERS[program];
  if (wrapper === undefined) return null;
  let i = 1;
  while (i < words.length && words[i]!.startsWith("-") && words[i] !== "-" && words[i] !== "--") {
    const w = words[i]!;
    // `-c CMD`, `--command CMD`, or a cluster of flags ending in c (`script -qec CMD`).
    if (wrapper.dashC && (/^-[a-zA-Z]*c$/.test(w) || w === "--command")) {
      const inner = splitWords(words[i + 1] ?? "");
      return inner === null ? null : reader(inner, [...via, program], depth + 1);
    }
    i += wrapper.valued.includes(w) ? 2 : 1;
  }
  if (words[i] === "--") i++;
  if (program === "script") {
    // BSD syntax: the first operand is the typescript file, the command follows it.
    i++;
  }
  i += wrapper.skip ?? 0;
  return reader(words.slice(i), [...via, program], depth + 1);
}

/**
 * Splits a command line the way the runner hands it to the program (quotes group, a backslash
 * escapes a quote); null for an unterminated quote.
 */
export function splitWords(s: string): string[] | null {
  const out: string[] = [];
  let cur: string | null = null;
  let quote: string | null = null;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quote !== null) {
      if (c === quote) quote = null;
      else if (c === "\\" && quote === '"' && (s[i + 1] === '"' || s[i + 1] === "\\")) cur += s[++i]!;
      else cur += c;
      continue;
    }
    if (c === " " || c === "\t") {
      if (cur !== null) out.push(cur);
      cur = null;
    } else if (c === '"' || c === "'") {
      quote = c;
      cur ??= "";
    } else cur = (cur ?? "") + c;
  }
  if (quote !== null) return null;
  if (cur !== null) out.push(cur);
  return out;
}

/** The operating systems a job's legs may run on, from `runs-on` and the matrix it names. */
export interface Legs {
  readonly windows: boolean;
  readonly other: boolean;
  /** A `runs-on` whose value is only known when the workflow runs. */
  readonly unknown: string | null;
}

/**
 * The legs of a job from its `runs-on` labels, all of which a runner must have (so one Windows
 * label makes a Windows runner), each label's values being the matrix's for `${{ matrix.X }}`.
 */
export function legsOf(labels: readonly string[], matrixValues: (name: string) => readonly string[] | null): Legs {
  let windows = false;
  let other = true;
  let unknown: string | null = null;
  const isWindows = (v: string) => /windows/i.test(v);
  for (const label of labels) {
    const m = /^\$\{\{\s*matrix\.([A-Za-z0-9_-]+)\s*\}\}$/.exec(label.trim());
    const values = m ? matrixValues(m[1]!) : label.includes("${{") ? null : [label];
    if (values === null || values.length === 0 || values.some((v) => v.includes("${{"))) {
      unknown = label;
      continue;
    }
    if (values.some(isWindows)) windows = true;
    if (values.every(isWindows)) other = false;
  }
  return { windows, other, unknown };
}
