// fast-check arbitraries for the property tests.
//
// `shellish` is hostile noise: shell-significant fragments glued to arbitrary text, so the parser
// and the interpreter see half-open quotes, stray operators, NUL bytes and broken UTF-16.
//
// `command` is the opposite: a small grammar of bash that the guard interprets, whose output
// `bash -n` accepts. Paths are drawn from the fixture sandbox (test/support/fixture.ts) and
// run from its project directory, so a command mixes paths inside the project with paths that
// leave it, each spelled in one of the ways bash gives it the same value.

import fc from "fast-check";

// ---------------------------------------------------------------------------------------------
// Noise

const FRAGMENTS: readonly string[] = ["'", '"', "$'", "$'\\x2f'", "$'\\057'", '$"', "${", "}", "$(", ")", "`", "{a,b}",
  "{", "}", "{1..3}", ",", "~", "~/", "~+", "~-", "..", "/", "./", "../", ";", ";;", "&&", "||", "|", "&", "\n", "\r\n",
  "\t", " ", "  ", "<<EOF\n", "\nEOF\n", "<<'EOF'\n", "<<-EOF\n", "<<<", ">", ">>", "<", "2>&1", "&>", ">|", "<(", ">(",
  "cd ", "cd ..", "cd -", "pushd ", "popd", "eval ", "source ", ". ", "bash -c ", "sh -c ", "sudo ", "time ", "(", "))",
  "((", "$((", "[[", "]]", "[", "]", "*", "?", "!", "#", "=", "\\", "\\\n", "$", "$HOME", "$1", "$@", "cat ", "rm -rf ",
  "ls ", "echo ", "if ", "then ", "else ", "fi", "case ", " in ", "esac", "for x in ", "do ", "done", "while ", "f(){ ",
  "; }", "function ", "alias ", "trap ", "exit", "../outside/secret.txt", "/etc/passwd", "\u0000", "\ud800", "\udfff",
  "\udc00\ud800", "😀", "👨‍👩‍👧", "é", "\u200b", "\u{10ffff}", "\ufeff"];

/** A UTF-16 code unit that is half of a surrogate pair, standing alone. */
export const loneSurrogate: fc.Arbitrary<string> = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) =>
  String.fromCharCode(c)
);

/** Any code point (fast-check 4 dropped fc.fullUnicodeString; this is its replacement). */
export const fullUnicodeString = (maxLength = 40): fc.Arbitrary<string> => fc.string({ unit: "binary", maxLength });

export const shellish: fc.Arbitrary<string> = fc.array(
  fc.oneof({ arbitrary: fc.constantFrom(...FRAGMENTS), weight: 8 }, { arbitrary: fc.string({ maxLength: 4 }),
    weight: 2 }, { arbitrary: fullUnicodeString(3), weight: 1 }, { arbitrary: loneSurrogate, weight: 1 }),
  { maxLength: 40 },
).map((parts) => parts.join(""));

/** A string with at least one NUL byte somewhere in it. */
export const withNul: fc.Arbitrary<string> = fc.tuple(shellish, shellish).map(([a, b]) => `${a}\u0000${b}`);

/** False when some surrogate in `s` has no partner. */
export function isWellFormedUtf16(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) return false;
      i++;
    }
  }
  return true;
}

/**
 * A string with at least one lone surrogate (not encodable as UTF-8). The inserted half can
 * pair with a neighbour and stop being lone, hence the filter.
 */
export const withLoneSurrogate: fc.Arbitrary<string> = fc.tuple(shellish, loneSurrogate, shellish).map(([a, s, b]) =>
  a + s + b
).filter((s) => !isWellFormedUtf16(s));

// ---------------------------------------------------------------------------------------------
// Words that name paths

/**
 * How a path begins. Only `lit` is free to be quoted: a tilde is expanded only when unquoted,
 * and a parameter's `$` must stay outside single quotes.
 */
type Head = "lit" | "tilde" | "tildePlus" | "home" | "var" | "pwdSubst";

interface PathSpec {
  readonly head: Head;
  /** The literal text after the head (for a tilde head, what follows `~/`). */
  readonly rest: string;
}

const lit = (rest: string): PathSpec => ({ head: "lit", rest });

/** Paths that stay in the fixture's project when run from it. */
const INSIDE_PATHS: readonly PathSpec[] = [lit("README.md"), lit("src/main.ts"), lit("docs"), lit("link-in/main.ts"),
  lit("src"), lit("docs/guide.md"), lit("./src/../README.md"), lit("abs-in/main.ts"), lit("new.txt"),
  lit("src/sub/deep.ts"), lit("space dir/file.txt"), { head: "tildePlus", rest: "README.md" }, { head: "pwdSubst",
  rest: "src/main.ts" }];

/** Paths that leave it. */
const OUTSIDE_PATHS: readonly PathSpec[] = [lit("../outside/secret.txt"), { head: "tilde", rest: ".bashrc" },
  lit("/etc/passwd"), lit("link-out/secret.txt"), lit("dir-out/file.txt"), { head: "home", rest: "/x" },
  lit("src/secret-link"), lit(".."), lit("/tmp/x"), lit("../x"), lit("src/../../outside/secret.txt"), { head: "tilde",
  rest: ".ssh/id_rsa" }, lit("home-link/.bashrc"), lit("../project-backup/x.txt")];

/** Directories for cd and pushd, both sides. */
const DIRS: readonly PathSpec[] = [lit("src"), lit("docs"), lit("src/sub"), lit("link-in"), lit(".."),
  lit("../outside"), lit("/tmp"), lit("link-out"), lit("dir-out"), lit("/"), { head: "tilde", rest: "" }, {
  head: "home",
  rest: "",
}, lit("missing-dir")];

/** Variables the generator assigns and reads (`D=..; cat $D/x`). */
const VARS = ["D", "X", "d"] as const;

export type Style = "plain" | "single" | "double" | "backslash" | "ansi" | "ansiHex" | "ansiOctal" | "ansiSlash"
  | "locale";
const STYLES: readonly Style[] = ["plain", "single", "double", "backslash", "ansi", "ansiHex", "ansiOctal", "ansiSlash",
  "locale"];

// Plain spelling is the common case in real commands and where shrinking lands.
const style: fc.Arbitrary<Style> = fc.oneof({ arbitrary: fc.constant<Style>("plain"), weight: 3 }, {
  arbitrary: fc.constantFrom(...STYLES),
  weight: 4,
});

export const SAFE_PLAIN = /^[A-Za-z0-9._/+@%-]+$/;

const hex = (c: string) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`;
const octal = (c: string) => `\\${c.charCodeAt(0).toString(8).padStart(3, "0")}`;
const ansiChar = (c: string) => (c === "'" || c === "\\" ? hex(c) : c);

/** One chunk of literal text spelled in a style; every style has the same value in bash. */
export function spell(chunk: string, style: Style): string {
  switch (style) {
    case "plain":
      return SAFE_PLAIN.test(chunk) ? chunk : spell(chunk, "single");
    case "single":
      return chunk.includes("'") ? spell(chunk, "double") : `'${chunk}'`;
    case "double":
    case "locale": {
      // $"…" is looked up in a message catalogue; with none installed it is the text itself.
      const body = chunk.replace(/["\\$`]/g, (c) => `\\${c}`);
      return style === "locale" ? `$"${body}"` : `"${body}"`;
    }
    case "backslash":
      // A newline after a backslash would be a line continuation, not the character.
      return [...chunk].map((c) => (c === "\n" ? "'\n'" : `\\${c}`)).join("");
    case "ansi":
      return `$'${[...chunk].map(ansiChar).join("")}'`;
    case "ansiHex":
      return `$'${[...chunk].map(hex).join("")}'`;
    case "ansiOctal":
      return `$'${[...chunk].map(octal).join("")}'`;
    case "ansiSlash":
      return `$'${[...chunk].map((c) => (c === "/" || c === "." ? hex(c) : ansiChar(c))).join("")}'`;
  }
}

/**
 * Literal text as one shell word: cut into up to three chunks (`..'/'outside`), each spelled
 * its own way. Shrinks towards one plain chunk.
 */
export function literalWord(text: string): fc.Arbitrary<string> {
  if (text === "") return fc.constantFrom("''", '""', "$''");
  const cuts = text.length > 1
    ? fc.uniqueArray(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 2 })
    : fc.constant([]);
  return fc.tuple(cuts, fc.array(style, { minLength: 3, maxLength: 3 })).map(([cs, styles]) => {
    const at = [0, ...[...cs].sort((a, b) => a - b), text.length];
    const out: string[] = [];
    for (let i = 0; i + 1 < at.length; i++) out.push(spell(text.slice(at[i]!, at[i + 1]!), styles[i] ?? "plain"));
    return out.join("");
  });
}

/**
 * What follows a head. Every `rest` after `$HOME` or `$D` begins with `/` (or is empty), so a
 * plain spelling cannot run into the parameter's name (`$Dx`).
 */
function tail(text: string): fc.Arbitrary<string> {
  return text === "" ? fc.constant("") : literalWord(text);
}

function pathWord(p: PathSpec, vars: readonly string[]): fc.Arbitrary<string> {
  switch (p.head) {
    case "lit":
      return literalWord(p.rest);
    case "tilde":
      // The slash ends the tilde prefix only when unquoted (`~'/x'` is not expanded).
      return p.rest === "" ? fc.constantFrom("~", "~/") : tail(p.rest).map((t) => `~/${t}`);
    case "tildePlus":
      return tail(p.rest).map((t) => `~+/${t}`);
    case "home":
      return fc.tuple(fc.constantFrom("$HOME", "${HOME}", '"$HOME"', '"${HOME}"'), tail(p.rest)).map(([h, t]) => h + t);
    case "var":
      return fc.tuple(fc.constantFrom(...vars), fc.constantFrom("$", "${}", '"$"', '"${}"'), tail(p.rest)).map(
        ([v, form, t]) => {
          const ref = form.includes("{}") ? form.replace("{}", `{${v}}`) : form.replace("$", `$${v}`);
          return ref + t;
        },
      );
    case "pwdSubst":
      return fc.tuple(fc.constantFrom('"$(pwd)"/', "$(pwd)/", "`pwd`/", "$PWD/", '"$PWD"/'), tail(p.rest)).map((
        [h, t],
      ) => h + t);
  }
}

const BRACES: readonly string[] = ["{src,../outside}/secret.txt", "{.,..}/x", "{README.md,docs}", "/{etc,tmp}/x",
  "{~/.bashrc,README.md}", "src/{main.ts,sub}", "f{1..3}", "{..,.}{/outside,}/secret.txt", "{a,b}", "'{../x,y}'",
  "\\{..,x}", "{a}", "{src,docs}/../../outside/secret.txt", "x{a..c..2}"];

const GLOBS: readonly string[] = ["*.md", "*/secret.txt", "src/*", "docs/*", "../*/secret.txt", "link-o[u]t/secret.txt",
  "'src/*'"];

/** Paths spelled plainly, for the alternatives of a generated brace expansion. */
const PLAIN_ALTERNATIVES: readonly string[] = ["README.md", "src", "docs", "..", "../outside/secret.txt", "/etc/passwd",
  "link-out/secret.txt", "~/.bashrc", "~", "$HOME/x", "$D"];

interface WordOptions {
  /** Inside a function body, where `$1` and `$@` are the call's arguments. */
  readonly positional: boolean;
}

const DEFAULT_WORDS: WordOptions = { positional: false };

/**
 * Any word that may name a path: a spelled path, a variable read, a brace expansion, a glob.
 * Positional parameters only inside functions: at top level their value is the caller's
 * shell's, which would make `f(){ c; }; f` a different command than `c`.
 */
function argWord(opts: WordOptions, forRedirect: boolean): fc.Arbitrary<string> {
  // Mostly inside, so that a command is often refused for one access, not for many.
  const spelled = fc.oneof({ arbitrary: fc.constantFrom(...INSIDE_PATHS), weight: 3 }, {
    arbitrary: fc.constantFrom(...OUTSIDE_PATHS),
    weight: 2,
  }).chain((p) => pathWord(p, VARS));
  const varPath = fc.constantFrom("", "/x", "/secret.txt", "/outside/secret.txt", "/main.ts").chain((rest) =>
    pathWord({ head: "var", rest }, VARS)
  );
  const choices: fc.WeightedArbitrary<string>[] = [{ arbitrary: spelled, weight: 10 }, { arbitrary: varPath,
    weight: 2 }];
  // A brace or glob that yields several words is an "ambiguous redirect" in a redirection.
  if (!forRedirect) {
    choices.push({ arbitrary: fc.constantFrom(...BRACES), weight: 2 });
    choices.push({
      arbitrary: fc.tuple(fc.constantFrom(...PLAIN_ALTERNATIVES), fc.constantFrom(...PLAIN_ALTERNATIVES)).map((
        [a, b],
      ) => `{${a},${b}}`),
      weight: 2,
    });
    choices.push({ arbitrary: fc.constantFrom(...GLOBS), weight: 1 });
  }
  if (opts.positional) {
    choices.push({ arbitrary: fc.constantFrom('"$1"', "$1", '"$@"', '"$1"/x', "${1}/main.ts"), weight: 2 });
  }
  return fc.oneof(...choices);
}

const dirWord: fc.Arbitrary<string> = fc.constantFrom(...DIRS).chain((p) => pathWord(p, VARS));

// ---------------------------------------------------------------------------------------------
// Commands

/**
 * A generated command and its shape. `head` is set when the command is one simple command
 * that starts with its name (no assignment or redirection before it): only such a command
 * can follow `command`, and only an external one can follow `sudo`.
 */
export interface GeneratedCommand {
  readonly text: string;
  readonly head: { readonly name: string; readonly builtin: boolean } | null;
  /**
   * Defines a function it does not call. The guard analyses such a function at the end, since a
   * later command in the same shell could call it; in a shell that ends (`( c )`, `bash -c`)
   * none can, so there the guard rightly allows what it asked about at top level.
   */
  readonly leavesFunction: boolean;
}

/** `arb` in `weight` of `outOf` cases, null otherwise (shrinks to null). */
function sometimes<T>(arb: fc.Arbitrary<T>, weight: number, outOf: number): fc.Arbitrary<T | null> {
  return fc.oneof({ arbitrary: fc.constant(null), weight: outOf - weight }, { arbitrary: arb, weight });
}

/** A command that is not one simple command, made of `parts`. */
const other = (text: string, ...parts: readonly (GeneratedCommand | null)[]): GeneratedCommand => ({ text, head: null,
  leavesFunction: parts.some((p) => p?.leavesFunction === true) });

const redirection = (opts: WordOptions): fc.Arbitrary<string> =>
  fc.oneof({ arbitrary: fc.constantFrom("2>/dev/null", "2>&1", ">/dev/null", "</dev/null"), weight: 2 }, {
    arbitrary: fc.tuple(fc.constantFrom(">", ">>", "<", "2>", "&>", "> ", ">> ", "< "), argWord(opts, true)).map((
      [op, w],
    ) => op + w),
    weight: 3,
  });

const FLAGS: Readonly<Record<string, readonly string[]>> = { cat: [""], rm: ["", "-f ", "-rf ", "-rf -- "],
  ls: ["", "-la ", "-d "], touch: [""], echo: ["", "-n "] };

function simpleCommand(opts: WordOptions): fc.Arbitrary<GeneratedCommand> {
  const assignPrefix = sometimes(fc.tuple(fc.constantFrom(...VARS), argWord(opts, true)).map(([v, w]) => `${v}=${w} `),
    1, 6);
  return fc.tuple(fc.constantFrom("cat", "rm", "ls", "touch", "echo"),
    fc.array(argWord(opts, false), { minLength: 0, maxLength: 3 }), fc.array(redirection(opts), { maxLength: 2 }),
    assignPrefix, fc.nat()).map(([name, args, redirs, prefix, n]) => {
      const flags = FLAGS[name]!;
      const flag = flags[n % flags.length]!;
      const text = [`${prefix ?? ""}${name} ${flag}${args.join(" ")}`.trimEnd(), ...redirs].join(" ");
      return { text, head: prefix === null ? { name, builtin: false } : null, leavesFunction: false };
    });
}

/** cd, pushd and popd. Not `cd -` or `~-`: they read OLDPWD, which the wrappers change. */
const dirStep: fc.Arbitrary<GeneratedCommand> = fc.oneof(
  fc.tuple(fc.constantFrom("cd ", "cd -P ", "cd -L ", "cd -- ", "pushd ", "pushd -n "), dirWord,
    fc.constantFrom("", " >/dev/null")).map(([c, w, r]) => ({ text: c + w + r,
      head: { name: c.trim().split(" ")[0]!, builtin: true }, leavesFunction: false })
    ),
  fc.constantFrom("cd", "popd", "popd >/dev/null", "dirs -c").map((text) => ({ text,
    head: { name: text.split(" ")[0]!, builtin: true }, leavesFunction: false })
  ),
);

/** Values that word splitting cuts into several paths when read unquoted (`cat $X`). */
const SPLIT_VALUES = ["README.md ../outside/secret.txt", "src docs", "docs /etc/passwd", "a\t..", "*.md */secret.txt"];

const assignment = (opts: WordOptions): fc.Arbitrary<GeneratedCommand> =>
  fc.tuple(fc.constantFrom("", "export ", "declare "), fc.constantFrom(...VARS),
    fc.oneof({ arbitrary: argWord(opts, true), weight: 4 }, { arbitrary: dirWord, weight: 2 }, {
      arbitrary: fc.constantFrom(...SPLIT_VALUES).chain(literalWord),
      weight: 1,
    })).map(([kw, v, w]) => other(`${kw}${v}=${w}`));

/** Options that change how later words and cd behave. */
const optionStep: fc.Arbitrary<GeneratedCommand> = fc.constantFrom("set -P", "set +P", "set -f", "set +f",
  "shopt -s dotglob", "shopt -s nullglob", "shopt -s globstar", "shopt -s failglob", "IFS=:", "IFS=/", "unset D").map((
    t,
  ) => other(t));

/**
 * Whole commands from the guard's documented semantics (docs/semantics.md), for the constructs
 * the word-level generator does not build: arrays, parameter operators, indirection, arithmetic,
 * `set --`, traps, sourced scripts, process substitution.
 */
const IDIOMS: readonly string[] = ["X=..; Y=$X/outside; cat $Y/secret.txt", "a=(src /tmp); cat ${a[1]}/x",
  'a=(src docs); cat "${a[@]}"', "IFS=:; X=a:/etc; cat $X", "for f in ~/.ssh/*; do cat $f; done",
  "X=/tmp/a.txt; cat ${X%/*}/b", "X=/etc/passwd; cat ${X##*/}", "X=HOME; cat ${!X}/x", "cat $((1+2))",
  "cat dir$((i+1))/x", "set -- /etc; cat $1", 'set -- a b; cat "$@"', "trap 'cat ../outside/secret.txt' EXIT",
  "trap 'cat $F' EXIT; F=README.md", "source scripts/build.sh", ". scripts/escape.sh",
  "cat <(cat ../outside/secret.txt)", "tee >(cat > ../x) < README.md", "echo $(cd /; pwd)",
  "X=$(cat ~/.bashrc); echo ok", "Y=; cat ${Y:-~/x}", "X=src/main.ts; cat ${X/src/..\\/outside}",
  'cat <<< "$(cat ~/.bashrc)"', "[[ -f ~/.ssh/id_rsa ]] && echo yes", "cd src; cat ~+/main.ts",
  "pushd src >/dev/null; cat ~1/README.md", "d=/tmp; shopt -s cdable_vars; cd d", "CDPATH=..; cd outside",
  "HOME=/tmp; cd; ls", "X=a; X+=b; cat $X", "cat ${UNSET:-../x}", "let n=1; cat $n", "read -r L < README.md; cat $L",
  "X='*'; cat $X/secret.txt", "cat src/*", "shopt -s globstar; ls **/secret.txt"];

/**
 * Grouped, so a join cannot split one: in `x | set -- /etc; cat $1` the `set` runs in the pipe's
 * subshell and `$1` is the caller's, unknown at top level but empty in a function body.
 */
const idiom: fc.Arbitrary<GeneratedCommand> = fc.constantFrom(...IDIOMS).map((t) =>
  other(t.includes(";") ? `{ ${t}; }` : t)
);

const JOINS = ["; ", " && ", " || ", " | ", "\n", " & "] as const;

/**
 * `text` followed by what ends a command before `}`, `fi`, `done`: `;`, except after a
 * here-document, whose terminator line already ended it (`EOF\n;` would not parse).
 */
export function terminated(text: string): string {
  return text.endsWith("\n") ? text : `${text};`;
}

const HEREDOC_BODIES = ["hello", "../not/a/path ~/x", "$(cat ../outside/secret.txt)", "`cat ~/.bashrc`", "$HOME/x",
  "$(cd /tmp; pwd)", "${D}/x"];

/**
 * A here-document, alone or with the rest of its line after the operator (`cat <<EOF | rm x`).
 * Its text ends with the terminator's newline, so it is the last thing on its line: joins after
 * it are empty and `terminated` adds no `;`.
 */
const heredoc = (opts: WordOptions): fc.Arbitrary<GeneratedCommand> =>
  fc.tuple(fc.constantFrom("cat", "tee", "cat -", "read -r L"),
    fc.constantFrom("<<EOF", "<<'EOF'", '<<"EOF"', "<<\\EOF", "<<-EOF", "<< EOF"), fc.constantFrom(...HEREDOC_BODIES),
    sometimes(redirection(opts).map((r) => ` ${r}`), 1, 3),
    sometimes(fc.tuple(fc.constantFrom(" | ", " && ", " || ", "; "), simpleCommand(opts)).map(([j, c]) => j + c.text),
      1, 3)).map(([cmd, op, body, redir, rest]) => {
      const tab = op === "<<-EOF" ? "\t" : "";
      const text = `${cmd} ${op}${redir ?? ""}${rest ?? ""}\n${tab}${body}\n${tab}EOF\n`;
      const simple = rest === null && (cmd === "cat" || cmd === "tee");
      return { text, head: simple ? { name: cmd, builtin: false } : null, leavesFunction: false };
    });

const condition = (opts: WordOptions): fc.Arbitrary<string> =>
  fc.oneof(fc.constantFrom("true", "false", "[[ -n x ]]"), argWord(opts, true).map((w) => `test -e ${w}`),
    argWord(opts, true).map((w) => `[ -d ${w} ]`), dirWord.map((w) => `cd ${w}`));

interface Grammar {
  readonly list: fc.Arbitrary<GeneratedCommand>;
}

/**
 * Lists of commands up to `depth` levels of compound commands. Built bottom-up so each level's
 * arbitraries are made once; the word options differ inside function bodies.
 */
function grammar(depth: number, opts: WordOptions): Grammar {
  const leaf = fc.oneof({ arbitrary: simpleCommand(opts), weight: 6 }, { arbitrary: dirStep, weight: 3 }, {
    arbitrary: assignment(opts),
    weight: 2,
  }, { arbitrary: optionStep, weight: 1 }, { arbitrary: idiom, weight: 1 }, { arbitrary: heredoc(opts), weight: 1 });
  const plain: fc.Arbitrary<GeneratedCommand> = depth <= 0
    ? leaf
    : fc.oneof({ arbitrary: leaf, weight: 4 }, { arbitrary: compound(depth, opts), weight: 2 });
  const unit = fc.tuple(plain,
    fc.oneof({ arbitrary: fc.constant(false), weight: 7 }, { arbitrary: fc.constant(true), weight: 1 }));
  const list = fc.tuple(unit, fc.array(fc.tuple(fc.constantFrom(...JOINS), unit), { maxLength: 2 })).map(
    ([[first, negated], rest]) => {
      // `!` may only begin a pipeline: `a | ! b` does not parse.
      const bang = (u: GeneratedCommand, neg: boolean,
        after: string) => (neg && after !== " | " ? other(`! ${u.text}`, u) : u);
      const head = bang(first, negated, "");
      if (rest.length === 0) return head;
      let text = head.text;
      for (const [j, [u, neg]] of rest) {
        const join = text.endsWith("\n") ? "" : j;
        text += join + bang(u, neg, join).text;
      }
      return other(text, first, ...rest.map(([, [u]]) => u));
    },
  );
  return { list };
}

function compound(depth: number, opts: WordOptions): fc.Arbitrary<GeneratedCommand> {
  const inner = grammar(depth - 1, opts).list;
  const body = grammar(depth - 1, { positional: true }).list;
  const redirect = sometimes(redirection(opts).map((r) => ` ${r}`), 1, 4).map((r) => r ?? "");
  const word = argWord(opts, false);
  const fname = fc.constantFrom("g", "h");
  return fc.oneof(
    fc.tuple(inner, redirect).map(([l, r]) => other(`( ${l.text} )${r}`, l)),
    fc.tuple(inner, redirect).map(([l, r]) => other(`{ ${terminated(l.text)} }${r}`, l)),
    fc.tuple(condition(opts), inner, sometimes(inner, 1, 2)).map(([c, t, e]) =>
      other(`if ${c}; then ${terminated(t.text)}${e ? ` else ${terminated(e.text)}` : ""} fi`, t, e)
    ),
    fc.tuple(fc.constantFrom(...VARS), fc.array(word, { minLength: 1, maxLength: 3 }), inner).map(([v, ws, l]) =>
      other(`for ${v} in ${ws.join(" ")}; do ${terminated(l.text)} done`, l)
    ),
    fc.tuple(word, fc.constantFrom("src", "*", "a|b", "..", "'x'", "src|docs"), inner, inner).map(([w, p, a, b]) =>
      other(`case ${w} in ${p}) ${a.text};; *) ${b.text};; esac`, a, b)
    ),
    fc.tuple(fc.constantFrom("false", "test -e missing", "true"), inner).map(([c, l]) =>
      other(`while ${c}; do ${terminated(l.text)} break; done`, l)
    ),
    // A function: called with arguments, called bare, or never called (the guard then analyses
    // it at the end, since a later command could call it).
    fc.tuple(fname, fc.constantFrom("()", " ()", "function "), body, sometimes(fc.array(word, { maxLength: 2 }), 3, 4))
      .map(([name, form, b, call]) => {
        const def = form === "function "
          ? `function ${name} { ${terminated(b.text)} }`
          : `${name}${form}{ ${terminated(b.text)} }`;
        // A called function's body may itself define functions it leaves behind.
        return call === null
          ? { text: def, head: null, leavesFunction: true }
          : other(`${def}; ${[name, ...call].join(" ")}`, b);
      }),
  );
}

export const generatedCommand: fc.Arbitrary<GeneratedCommand> = grammar(2, DEFAULT_WORDS).list;

/** The generated command's text, for properties that need only the string. */
export const command: fc.Arbitrary<string> = generatedCommand.map((c) => c.text);

/** A path-free command as a tree, so that rendering can give each function its own name. */
type Free = { readonly t: "leaf"; readonly s: string } | { readonly t: "join"; readonly a: Free; readonly j: string;
  readonly b: Free } | { readonly t: "wrap"; readonly open: string; readonly c: Free; readonly close: string } | {
  readonly t: "if";
  readonly a: Free;
  readonly b: Free;
} | { readonly t: "fn"; readonly c: Free };

/**
 * Every function gets a fresh name. With one name, `f(){ x=1 && f(){ :; }; f; }; f` recurses
 * for ever in a shell where `x` is readonly, and the guard rightly asks about that.
 */
function renderFree(tree: Free, next: { n: number } = { n: 0 }): string {
  switch (tree.t) {
    case "leaf":
      return tree.s;
    case "join":
      return renderFree(tree.a, next) + tree.j + renderFree(tree.b, next);
    case "wrap":
      return tree.open + renderFree(tree.c, next) + tree.close;
    case "if":
      return `if ${renderFree(tree.a, next)}; then ${renderFree(tree.b, next)}; fi`;
    case "fn": {
      const name = `fn${++next.n}`;
      return `${name}(){ ${renderFree(tree.c, next)}; }; ${name}`;
    }
  }
}

const WRAPS: readonly (readonly [string, string])[] = [["( ", " )"], ["{ ", "; }"], ["for i in 1 2; do ", "; done"], [
  "while false; do ",
  "; done",
], ["case x in x) ", ";; esac"]];

/** Commands that name no path at all: builtins without operands, structure around them. */
export const pathFree: fc.Arbitrary<string> = fc.letrec<{ cmd: Free }>((tie) => ({
  cmd: fc.oneof({ depthSize: "small", withCrossShrink: true },
    fc.constantFrom("true", ":", "false", "echo", "x=1", "((1))", "return", "break", "pwd", "dirs", "set -e",
      "shopt -s nullglob").map((s): Free => ({ t: "leaf", s })),
    fc.tuple(tie("cmd"), fc.constantFrom(...JOINS), tie("cmd")).map(([a, j, b]): Free => ({ t: "join", a, j, b })),
    fc.tuple(fc.constantFrom(...WRAPS), tie("cmd")).map(([[open, close], c]): Free => ({ t: "wrap", open, c, close })),
    fc.tuple(tie("cmd"), tie("cmd")).map(([a, b]): Free => ({ t: "if", a, b })),
    tie("cmd").map((c): Free => ({ t: "fn", c }))),
})).cmd.map((tree) => renderFree(tree));

// ---------------------------------------------------------------------------------------------
// Helpers for relations

/** `s` as one single-quoted shell word: `'` becomes `'\''` (close, escaped quote, reopen). */
export function singleQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
