// The probe-injection differential test. A base command is parsed with the guard's own parser;
// at every place in its tree where bash evaluates something (a word of a command, an assignment
// value or subscript, a redirection target, a here-string, an unquoted here-document body, a
// case subject or pattern, a for list, a [[ ]] or (( )) operand, an operand or subscript of a
// parameter expansion, code nested in quotes…) an outside probe is injected: code that reads a
// marker path outside the project, `../probe-<n>`, which no other mutant names. The mutant runs
// under real bash and strace; the marker's number tells which mutant touched it. A mutant whose
// probe was touched outside the project and that the guard allowed is a finding: the guard did
// not judge something bash evaluated.
//
// Truth does not depend on what the command's programs do: the probes run while bash expands
// the words, before the program starts. So a base command may name any program; it is run with
// a PATH that holds only the oracle's allowlisted programs (test/support/oracle.ts), under the
// oracle's namespaces, and a name outside it is simply not found (after its words were
// expanded). Without those namespaces only mutants the oracle itself would run are run.

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGuard, type Guard, type Verdict } from "../../src/index.ts";
import { SYSTEM_READ_PATTERNS } from "../../src/policy/system-reads.ts";
import { loadParser } from "../../src/parse/grammar.ts";
import { copyTree, type SyntaxNode } from "../../src/parse/tree.ts";
import { buildFixture, type Fixture } from "./fixture.ts";
import { acquireHarness, detectIsolation, explainVerdict, findProgram, type Isolation, mapper, readTrace,
  releaseHarness, removeTree, RUNNABLE_PROGRAMS, runCheck, SANDBOX_PATH } from "./oracle.ts";
import { isInside, parseStrace, runKilling, TRACED_SYSCALLS, type Touch } from "./strace.ts";

// ---------------------------------------------------------------------------------------------
// Positions

/** Where in the tree a probe goes: what bash does with the text there. */
export type PositionKind = "command-name" | "argument" | "assignment-value" | "assignment-name" | "assignment-subscript"
  | "redirect-target" | "here-string" | "heredoc-body" | "case-subject" | "case-pattern" | "for-list" | "test-operand"
  | "arithmetic" | "expansion-operand" | "expansion-subscript" | "statement";

/** The quoting the inserted text lands in. */
export type Quoting = "none" | "double" | "single" | "heredoc";

export interface Position {
  readonly kind: PositionKind;
  /** Where the probe text is inserted. */
  readonly at: number;
  /** The node the position belongs to (its type and span, for the report). */
  readonly node: string;
  readonly start: number;
  readonly end: number;
  readonly quoting: Quoting;
  /** An unquoted word that bash splits into fields (arguments, a command's name, a for list). */
  readonly splits: boolean;
}

/** Node types that make up one shell word. */
const WORD_TYPES = new Set(["word", "string", "raw_string", "ansi_c_string", "translated_string", "concatenation",
  "simple_expansion", "expansion", "command_substitution", "process_substitution", "arithmetic_expansion", "number",
  "extglob_pattern", "regex"]);

/** Nodes whose operands bash evaluates arithmetically. */
const ARITHMETIC_PARENTS = new Set(["binary_expression", "unary_expression", "ternary_expression", "postfix_expression",
  "parenthesized_expression"]);

function insideArithmetic(parents: readonly SyntaxNode[]): boolean {
  for (let i = parents.length - 1; i >= 0; i--) {
    const p = parents[i]!;
    if (p.type === "arithmetic_expansion") return true;
    if (p.type === "compound_statement" && p.children[0]?.type === "((") return true;
    if (p.type === "c_style_for_statement") return true;
    if (p.type === "test_command" || p.type === "command" || p.type === "program") return false;
  }
  return false;
}

function quotingOf(parents: readonly SyntaxNode[]): Quoting {
  for (let i = parents.length - 1; i >= 0; i--) {
    const t = parents[i]!.type;
    if (t === "string") return "double";
    if (t === "heredoc_body") return "heredoc";
    // A substitution starts a new quoting context.
    if (t === "command_substitution" || t === "process_substitution") return "none";
  }
  return "none";
}

/** The here-document's delimiter is unquoted, so its body is expanded. */
function heredocExpands(body: SyntaxNode, redirect: SyntaxNode | undefined): boolean {
  const start = redirect?.children.find((c) => c.type === "heredoc_start");
  return start !== undefined && !/['"\\]/.test(start.text) && body.type === "heredoc_body";
}

/** Every position of the tree, in source order. */
export function positionsOf(root: SyntaxNode): Position[] {
  const out: Position[] = [];
  const parents: SyntaxNode[] = [];
  const add = (kind: PositionKind, n: SyntaxNode, at: number, quoting: Quoting, splits = false) =>
    out.push({ kind, at, node: n.type, start: n.startIndex, end: n.endIndex, quoting, splits });
  const visit = (n: SyntaxNode) => {
    if (n.isMissing || n.type === "ERROR") return;
    const p = parents[parents.length - 1];
    const q = quotingOf(parents);
    const word = WORD_TYPES.has(n.type);
    // Inside a double-quoted string the probe goes before the closing quote.
    const end = n.type === "string" && n.text.endsWith('"') && n.text.length >= 2 ? n.endIndex - 1 : n.endIndex;
    const wordQuoting: Quoting = n.type === "string" ? "double" : n.type === "raw_string" ? "single" : q;
    const unsplit = (k: PositionKind) => add(k, n, end, wordQuoting);
    if (p !== undefined) {
      if (n.type === "command_name") add("command-name", n, n.endIndex, q, q === "none");
      else if (p.type === "command" && n.field === "argument" && word) {
        add("argument", n, end, wordQuoting, q === "none" && wordQuoting === "none");
      } else if (p.type === "variable_assignment" && n.field === "value" && word) unsplit("assignment-value");
      else if (p.type === "variable_assignment" && n.field === "name" && n.type === "variable_name") {
        add("assignment-name", n, n.endIndex, q);
      } else if (p.type === "subscript" && n.field === "index") {
        const grand = parents[parents.length - 2];
        add(grand?.type === "variable_assignment" ? "assignment-subscript" : "expansion-subscript", n, n.endIndex, q);
      } else if (p.type === "file_redirect" && n.field === "destination" && word) {
        // The grammar hangs the words after a redirection's target on the redirection; bash
        // reads them as the command's arguments.
        if (p.childrenForFieldName("destination")[0] === n) unsplit("redirect-target");
        else add("argument", n, end, wordQuoting, q === "none" && wordQuoting === "none");
      } else if (p.type === "herestring_redirect" && word) unsplit("here-string");
      else if (p.type === "case_statement" && n.field === "value" && word) unsplit("case-subject");
      else if (p.type === "case_item" && n.field === "value" && word) unsplit("case-pattern");
      else if (p.type === "for_statement" && n.field === "value" && word) {
        add("for-list", n, end, wordQuoting, wordQuoting === "none" && q === "none");
      } else if (ARITHMETIC_PARENTS.has(p.type) && (n.type === "number" || n.type === "variable_name") &&
        insideArithmetic(parents)) add("arithmetic", n, n.endIndex, q);
      else if (ARITHMETIC_PARENTS.has(p.type) && word && parents.some((x) => x.type === "test_command")) {
        // `[ … ]` is a command and splits its words; `[[ … ]]` does not.
        const single = parents.findLast((x) => x.type === "test_command")?.children[0]?.type === "[";
        add("test-operand", n, end, wordQuoting, single && q === "none" && wordQuoting === "none");
      } else if (p.type === "expansion" && word && n.type !== "variable_name") unsplit("expansion-operand");
      else if (n.type === "heredoc_body" && heredocExpands(n, p)) add("heredoc-body", n, n.startIndex, "heredoc");
    }
    // A statement of a list (the program, a block, a loop's or branch's body).
    if (p !== undefined && STATEMENT_PARENTS.has(p.type) && n.isNamed && STATEMENT_TYPES.has(n.type) && q === "none") {
      add("statement", n, n.startIndex, "none");
    }
    parents.push(n);
    for (const c of n.children) visit(c);
    parents.pop();
  };
  visit(root);
  return out;
}

const STATEMENT_PARENTS = new Set(["program", "compound_statement", "do_group", "subshell", "if_statement",
  "elif_clause", "else_clause", "case_item", "function_definition"]);
const STATEMENT_TYPES = new Set(["command", "redirected_statement", "pipeline", "list", "subshell",
  "compound_statement", "if_statement", "for_statement", "c_style_for_statement", "while_statement", "case_statement",
  "function_definition", "variable_assignment", "variable_assignments", "declaration_command", "test_command",
  "negated_command", "unset_command"]);

// ---------------------------------------------------------------------------------------------
// Injection forms

/** Written into a mutant where its probe's marker goes; the batch gives each its number. */
export const MARK = "@PROBE@";
const P = `../${MARK}`;

export interface Form {
  readonly name: string;
  /** The text inserted at a position. */
  readonly text: string;
  /** Whether the form means anything at a position (where bash would not even parse it, or
   * could never evaluate it, it is not tried). */
  readonly applies: (p: Position) => boolean;
}

/** Positions that take any word-level expansion. */
const expands = (p: Position) => p.kind !== "statement" && p.kind !== "assignment-name" && p.quoting !== "single";
/** Single quotes are code only to whatever runs the string (bash -c, eval, find -exec sh -c). */
const codeText = (p: Position) => p.kind !== "statement" && p.kind !== "assignment-name";

export const FORMS: readonly Form[] = [
  { name: "cmdsub", text: `$(cat ${P})`, applies: codeText },
  { name: "backquote", text: `\`cat ${P}\``, applies: (p) => codeText(p) && p.quoting !== "heredoc" },
  // Backquoted text is unescaped before it is parsed (`\\` `\$` `\``, and `\"` inside "…"),
  // and two backquoted commands side by side are two substitutions.
  { name: "backquote-escaped-quotes", text: `\`cat \\"${P}\\"\``,
    applies: (p) => codeText(p) && p.quoting !== "heredoc" },
  { name: "backquote-escaped-subst", text: `\`cat \\$(echo ${P})\``,
    applies: (p) => codeText(p) && p.quoting !== "heredoc" },
  { name: "backquote-nested", text: `\`echo \\\`cat ${P}\\\`\``,
    applies: (p) => codeText(p) && p.quoting !== "heredoc" },
  { name: "backquote-backslash", text: `\`cat \\\\${P}\``, applies: (p) => codeText(p) && p.quoting !== "heredoc" },
  { name: "backquote-pair", text: `\`:\`\`cat ${P}\``, applies: (p) => codeText(p) && p.quoting !== "heredoc" },
  { name: "backquote-side-by-side", text: `\`:\` \`cat ${P}\``,
    applies: (p) => codeText(p) && p.quoting !== "heredoc" },
  { name: "backquote-continued", text: `\`cat \\\n${P}\``, applies: (p) => codeText(p) && p.quoting !== "heredoc" },
  { name: "heredoc-backquote", text: `\`cat ${P}\``, applies: (p) => p.quoting === "heredoc" },
  { name: "cmdsub-ansi-c", text: `$(cat $'\\x2e\\x2e'/${MARK})`, applies: codeText },
  { name: "procsub", text: ` <(cat ${P})`,
    applies: (p) => (p.kind === "argument" || p.kind === "for-list") && p.quoting === "none" && p.splits },
  { name: "pe-default", text: `\${SHELLFENCE_UNSET:-$(cat ${P})}`, applies: expands },
  { name: "pe-assign", text: `\${SHELLFENCE_UNSET:=$(cat ${P})}`, applies: expands },
  { name: "pe-alternative", text: `\${HOME:+$(cat ${P})}`, applies: expands },
  { name: "pe-error", text: `\${SHELLFENCE_UNSET:?$(cat ${P})}`, applies: expands },
  { name: "pe-trim", text: `\${HOME##*$(cat ${P})}`, applies: expands },
  { name: "pe-replace", text: `\${HOME//*$(cat ${P})/}`, applies: expands },
  { name: "pe-case", text: `\${HOME,,$(cat ${P})}`, applies: expands },
  { name: "pe-substring", text: `\${HOME:0:$(cat ${P})0}`, applies: expands },
  { name: "pe-subscript", text: `\${SHELLFENCE_ARRAY[$(cat ${P})]}`, applies: expands },
  { name: "pe-nested", text: `\${SHELLFENCE_UNSET:-\${HOME##*$(cat ${P})}}`, applies: expands },
  { name: "ifs-glue", text: `$IFS${P}`, applies: (p) => p.splits },
  { name: "ifs-slice-glue", text: `\${IFS:0:1}${P}`, applies: (p) => p.splits },
  { name: "subscript", text: `[$(cat ${P})]`, applies: (p) => p.kind === "assignment-name" },
  { name: "stmt-assign-subscript", text: `a[$(cat ${P})]=1; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-append-subscript", text: `a[$(cat ${P})]+=x; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-declare-subscript", text: `declare "a[$(cat ${P})]=1"; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-printf-subscript", text: `printf -v 'a[$(cat ${P})]' %s x; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-arith-indirect", text: `i='a[$(cat ${P})]'; : $((i)); `, applies: (p) => p.kind === "statement" },
  // Line continuations, which bash removes before it reads anything else (outside single
  // quotes): inside a substitution, and between the `$` and what it opens.
  { name: "cmdsub-continued", text: `$(cat \\\n${P})`, applies: codeText },
  { name: "cmdsub-dollar-continued", text: `$\\\n(cat ${P})`, applies: codeText },
  { name: "pe-dollar-continued", text: `$\\\n{SHELLFENCE_UNSET:-$(cat ${P})}`, applies: codeText },
  // Comments in substitutions (a `)` in one does not close it), and a `#` that is no comment.
  { name: "cmdsub-comment", text: `$(# c )\ncat ${P})`, applies: codeText },
  { name: "backquote-comment", text: `\`# c\ncat ${P}\``, applies: (p) => codeText(p) && p.quoting !== "heredoc" },
  { name: "cmdsub-hash", text: `$(echo a#b; cat ${P})`, applies: codeText },
  // Code in more ${…} operands.
  { name: "pe-default-backquote", text: `\${SHELLFENCE_UNSET:-\`cat ${P}\`}`, applies: expands },
  { name: "pe-replacement", text: `\${HOME/?/$(cat ${P})}`, applies: expands },
  { name: "pe-trim-front", text: `\${HOME#$(cat ${P})}`, applies: expands },
  { name: "pe-length-subscript", text: `\${#HOME[$(cat ${P})]}`, applies: expands },
  { name: "pe-subscript-backquote", text: `\${SHELLFENCE_ARRAY[\`cat ${P}\`]}`, applies: expands },
  { name: "pe-default-quoted-in-arith", text: `$(( \${SHELLFENCE_UNSET:-'$(cat ${P})'} ))`, applies: expands },
  // Arithmetic: substitutions in it, and single quotes, which are text there (bash expands an
  // arithmetic expression as if in double quotes).
  { name: "arith-cmdsub", text: `$(( $(cat ${P})0 ))`, applies: expands },
  { name: "arith-backquote", text: `$(( \`cat ${P}\`0 + 1 ))`, applies: expands },
  { name: "arith-single-quoted", text: `$(( '$(cat ${P})'0 ))`, applies: expands },
  { name: "arith-bracket-single-quoted", text: `$[ '$(cat ${P})'0 ]`, applies: expands },
  // $"…" (a locale string) where a word may start one.
  { name: "translated", text: `$"$(cat ${P})"`, applies: (p) => codeText(p) && p.quoting === "none" },
  // The same code behind more quoting: a continuation and a comment inside `$(…)` in double
  // quotes (the comment's code on the next line), backquotes in `${…}` operands (quoted and not)
  // and in arithmetic, `$"…"` holding code, and here-strings whose word mixes quotings.
  { name: "dq-cmdsub-continued", text: `"$(cat \\\n${P})"`, applies: codeText },
  { name: "dq-cmdsub-continued-word", text: `"a$(cat \\\n\\\n${P})b"`, applies: codeText },
  { name: "dq-cmdsub-comment", text: `"$(# c )\ncat ${P})"`, applies: codeText },
  { name: "dq-cmdsub-comment-quote", text: `"$(: # c " \ncat ${P})"`, applies: codeText },
  { name: "pe-default-backquote-quoted", text: `"\${SHELLFENCE_UNSET:-\`cat ${P}\`}"`, applies: codeText },
  { name: "pe-default-backquote-inner-quoted", text: `\${SHELLFENCE_UNSET:-"\`cat ${P}\`"}`, applies: expands },
  { name: "pe-assign-backquote", text: `\${SHELLFENCE_UNSET:=\`cat ${P}\`}`, applies: expands },
  { name: "pe-alternative-backquote", text: `\${HOME:+\`cat ${P}\`}`, applies: expands },
  { name: "pe-alternative-backquote-quoted", text: `"\${HOME:+\`cat ${P}\`}"`, applies: codeText },
  { name: "pe-error-backquote", text: `\${SHELLFENCE_UNSET:?\`cat ${P}\`}`, applies: expands },
  { name: "pe-trim-backquote", text: `\${HOME##*\`cat ${P}\`}`, applies: expands },
  { name: "pe-replace-backquote", text: `\${HOME//\`cat ${P}\`/x}`, applies: expands },
  { name: "pe-replacement-backquote", text: `\${HOME/?/\`cat ${P}\`}`, applies: expands },
  { name: "pe-substring-backquote", text: `\${HOME:0:\`cat ${P}\`0}`, applies: expands },
  { name: "pe-nested-backquote", text: `\${SHELLFENCE_UNSET:-\${HOME#\`cat ${P}\`}}`, applies: expands },
  { name: "arith-backquote-alone", text: `$(( \`cat ${P}\` ))`, applies: expands },
  { name: "arith-backquote-quoted", text: `"$(( \`cat ${P}\`0 ))"`, applies: codeText },
  { name: "arith-bracket-backquote", text: `$[ \`cat ${P}\`0 ]`, applies: expands },
  { name: "arith-backquote-subscript", text: `$(( SHELLFENCE_ARRAY[\`cat ${P}\`] ))`, applies: expands },
  { name: "stmt-arith-backquote", text: `(( \`cat ${P}\`0 )); `, applies: (p) => p.kind === "statement" },
  { name: "stmt-subscript-backquote", text: `a[\`cat ${P}\`]=1; `, applies: (p) => p.kind === "statement" },
  { name: "translated-word", text: `$"a$(cat ${P})b"`, applies: (p) => codeText(p) && p.quoting === "none" },
  { name: "translated-backquote", text: `$"\`cat ${P}\`"`, applies: (p) => codeText(p) && p.quoting === "none" },
  { name: "translated-pe", text: `$"\${SHELLFENCE_UNSET:-$(cat ${P})}"`,
    applies: (p) => codeText(p) && p.quoting === "none" },
  { name: "translated-continued", text: `$"$(cat \\\n${P})"`, applies: (p) => codeText(p) && p.quoting === "none" },
  { name: "translated-glued", text: `x$"$(cat ${P})"'y'`, applies: (p) => codeText(p) && p.quoting === "none" },
  { name: "stmt-translated", text: `: $"$(cat ${P})"; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-herestring-mixed", text: `: <<< "a"$(cat ${P})'b'; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-herestring-mixed-quoted", text: `: <<< 'a'"$(cat ${P})"b; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-herestring-mixed-backquote", text: `: <<< a\`cat ${P}\`"b"'c'; `,
    applies: (p) => p.kind === "statement" },
  { name: "stmt-herestring-ansi-c", text: `: <<< $'a'$(cat ${P}); `, applies: (p) => p.kind === "statement" },
  { name: "stmt-herestring-translated", text: `: <<< "a"$"$(cat ${P})"; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-herestring-pe", text: `: <<< 'a'\${SHELLFENCE_UNSET:-\`cat ${P}\`}"b"; `,
    applies: (p) => p.kind === "statement" },
  // Bash's compatibility level: at 4.2 and below a single quote in "${x/p/r}"'s replacement is text.
  { name: "stmt-compat-shopt", text: `shopt -s compat42; : "\${HOME/?/'$(cat ${P})'}"; `,
    applies: (p) => p.kind === "statement" },
  { name: "stmt-compat-variable", text: `BASH_COMPAT=4.1; : "\${HOME/?/'\`cat ${P}\`'}"; `,
    applies: (p) => p.kind === "statement" },
  { name: "stmt-herestring-continued", text: `: <<< "a$(cat \\\n${P})"'b'; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-arith-subscript", text: `(( a[$(cat ${P})] )); `, applies: (p) => p.kind === "statement" },
  { name: "stmt-arith-single-quoted", text: `(( 'a[$(cat ${P})]' )); `, applies: (p) => p.kind === "statement" },
  { name: "stmt-cfor", text: `for ((i=$(cat ${P})0;0;)); do :; done; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-declare-integer", text: `declare -i n; n='a[$(cat ${P})]'; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-test-subscript", text: `[[ a[$(cat ${P})] -eq 1 ]]; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-test-quoted-subscript", text: `[[ 'a[$(cat ${P})]' -eq 1 ]]; `,
    applies: (p) => p.kind === "statement" },
  // Issue #30's classes. A value bash evaluates as arithmetic because the variable it lands in
  // has the integer attribute (or is RANDOM, OPTIND…): quoted, the text is code there only.
  { name: "int-subscript-text", text: `'a[$(cat ${P})]'`,
    applies: (p) =>
      p.quoting === "none" && ["assignment-value", "argument", "here-string", "for-list"].includes(p.kind) },
  { name: "stmt-int-declare", text: `declare -i n='a[$(cat ${P})]'; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-int-read", text: `declare -i n; read -r n <<< 'a[$(cat ${P})]'; `,
    applies: (p) => p.kind === "statement" },
  { name: "stmt-int-random", text: `RANDOM='a[$(cat ${P})]'; `, applies: (p) => p.kind === "statement" },
  // Start-up files: a script bash reads before the command it is given.
  { name: "stmt-bash-env", text: `BASH_ENV=${P} bash -c :; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-bash-env-exported", text: `export BASH_ENV=${P}; bash -c :; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-sh-env-interactive", text: `ENV=${P} sh -i </dev/null >/dev/null 2>&1; `,
    applies: (p) => p.kind === "statement" },
  // Parts running beside each other: a directory the job `cd`s into is moved by what follows
  // it, after the cd and before the read (the sleep orders them), so the job's relative name
  // leads one level higher than where it was judged from.
  { name: "stmt-beside-move", text: `(cd src/sub && sleep 0.2 && cat ../${P}) & mv src/sub sfmoved; wait; `,
    applies: (p) => p.kind === "statement" },
  { name: "stmt-beside-move-pipe", text: `(cd src/sub && sleep 0.2 && cat ../${P}) | (sleep 0.1; mv src/sub sfmoved); `,
    applies: (p) => p.kind === "statement" },
  // Other shells, which the guard does not model: their code is opaque and asks.
  { name: "stmt-zsh", text: `zsh -fc 'cat ${P}' 2>/dev/null; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-busybox-sh", text: `busybox sh -c 'cat ${P}' 2>/dev/null; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-env-mksh", text: `env mksh -c 'cat ${P}' 2>/dev/null; `, applies: (p) => p.kind === "statement" },
  // Tool configuration given on the command line that makes a tool run code.
  { name: "stmt-git-ssh-command", text: `git -c core.sshCommand='cat ${P}; :' ls-remote ssh://h/r >/dev/null 2>&1; `,
    applies: (p) => p.kind === "statement" },
  { name: "stmt-git-alias", text: `git -c alias.sfx='!cat ${P}' sfx >/dev/null 2>&1; `,
    applies: (p) => p.kind === "statement" },
  { name: "stmt-make-eval", text: `make -s -f /dev/null --eval='x:; @cat ${P}' x 2>/dev/null; `,
    applies: (p) => p.kind === "statement" },
  // Here-strings and here-documents (an unquoted delimiter: the body is expanded).
  { name: "stmt-herestring", text: `: <<<$(cat ${P}); `, applies: (p) => p.kind === "statement" },
  { name: "stmt-herestring-quoted", text: `: <<< "$(cat ${P})"; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-herestring-backquote", text: `: <<< \`cat ${P}\`; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-heredoc", text: `: <<SHELLFENCE_E\n$(cat ${P})\nSHELLFENCE_E\n`,
    applies: (p) => p.kind === "statement" },
  { name: "stmt-heredoc-continued", text: `: <<SHELLFENCE_E\n$\\\n(cat ${P})\nSHELLFENCE_E\n`,
    applies: (p) => p.kind === "statement" },
  // Compound commands, functions and what may hang on them.
  { name: "stmt-case-subject", text: `case $(cat ${P}) in *) ;; esac; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-case-pattern", text: `case x in $(cat ${P})) ;; esac; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-select", text: `select i in $(cat ${P}); do break; done </dev/null; `,
    applies: (p) => p.kind === "statement" },
  { name: "stmt-coproc", text: `coproc { cat ${P}; }; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-function", text: `function shellfence_f { cat ${P}; }; shellfence_f; `,
    applies: (p) => p.kind === "statement" },
  { name: "stmt-function-subshell", text: `shellfence_g() ( cat ${P} ); shellfence_g; `,
    applies: (p) => p.kind === "statement" },
  { name: "stmt-group-redirect", text: `{ :; } > $(cat ${P}); `, applies: (p) => p.kind === "statement" },
  { name: "stmt-exec-fd", text: `exec {shellfence_fd}<${P}; `, applies: (p) => p.kind === "statement" },
  { name: "stmt-dup-target", text: `: >&$(cat ${P}); `, applies: (p) => p.kind === "statement" },
  { name: "stmt-procsub-assign", text: `shellfence_p=<(cat ${P}); `, applies: (p) => p.kind === "statement" },
  { name: "stmt-procsub-redirect", text: `: < <(cat ${P}); `, applies: (p) => p.kind === "statement" },
];

export interface MutantSpec {
  readonly base: string;
  /** The base with the form inserted, MARK where the probe's number goes. */
  readonly template: string;
  readonly kind: PositionKind;
  readonly quoting: Quoting;
  readonly form: string;
  readonly node: string;
  readonly at: number;
}

export function inject(base: string, p: Position, f: Form): MutantSpec {
  return { base, template: base.slice(0, p.at) + f.text + base.slice(p.at), kind: p.kind, quoting: p.quoting,
    form: f.name, node: p.node, at: p.at };
}

/** The class a finding belongs to: where the probe went and how. */
export function classOf(m: Pick<MutantSpec, "kind" | "quoting" | "form">): string {
  return `${m.kind}${m.quoting === "none" ? "" : `(${m.quoting})`} × ${m.form}`;
}

export interface Parsed {
  readonly ok: boolean;
  readonly positions: readonly Position[];
  /** Node types seen (for choosing seeds that cover many). */
  readonly types: ReadonlySet<string>;
}

export async function createPositionFinder(): Promise<(text: string) => Parsed> {
  const parser = await loadParser();
  return (text: string) => {
    const tree = parser.parse(text);
    if (!tree) return { ok: false, positions: [], types: new Set() };
    try {
      if (tree.rootNode.hasError) return { ok: false, positions: [], types: new Set() };
      const root = copyTree(tree, text);
      const types = new Set<string>();
      const walk = (n: SyntaxNode) => {
        if (n.isNamed) types.add(n.type);
        for (const c of n.children) walk(c);
      };
      walk(root);
      return { ok: true, positions: positionsOf(root), types };
    } finally {
      tree.delete();
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Running batches

/** Stat-like calls: a probe that is only looked at (`ls a$IFS../probe`, `[ -e … ]`) was reached
 * too. Their path arguments sit where open's and openat's do, so they are read as those. */
const LOOKS_AT = ["newfstatat", "statx", "stat", "lstat", "access", "faccessat", "?faccessat2", "readlink",
  "readlinkat"] as const;
const TRACE_SET = [...TRACED_SYSCALLS, ...LOOKS_AT].join(",");
const AT_LOOKS = /^((?:\[pid\s+\d+\]\s*|\d+\s+)?)(?:newfstatat|statx|faccessat2?|readlinkat)\(/;
const PLAIN_LOOKS = /^((?:\[pid\s+\d+\]\s*|\d+\s+)?)(?:stat|lstat|access|readlink)\(/;

/** What locating the probes needs of a trace: the calls that name one, and the process
 * creations and directory changes that say which directory a relative name was in (with the
 * other halves of split calls). Parsing the whole trace costs more than running it. */
const RELEVANT = /probe-\d|clone|fork|chdir|resumed>/;

function asOpens(raw: string): string {
  return raw.split("\n").filter((l) => RELEVANT.test(l)).map((l) =>
    l.replace(AT_LOOKS, "$1openat(").replace(PLAIN_LOOKS, "$1open(")
  ).join("\n");
}

const MARKER = /(?:^|\/)probe-(\d+)$/;
const SYSTEM_TREES = SYSTEM_READ_PATTERNS.filter((p) => p.endsWith("/**")).map((p) => p.slice(0, -3));

function systemRead(path: string): boolean {
  return SYSTEM_TREES.some((t) => isInside(path, t)) || SYSTEM_READ_PATTERNS.includes(path);
}

/** A program given the probe may open a name made from it: `probe-3.gz`, `probe-3/x`, `probe-3~`. */
const PROGRAM_MARKER = /(?:^|\/)probe-(\d+)(?![0-9])/;

/** Mutants that may wait without using CPU: a sleep, a loop, a read, a FIFO, a background job. */
const MAY_WAIT =
  /\b(?:sleep|tail|wait|while|until|select|read|mkfifo|timeout|nohup|xargs|yes|watch|coproc)\b|(?<![&>|])&(?![&>])|\|&/;

export interface ProbeTouch {
  readonly syscall: string;
  /** Sandbox-relative ($T, $P…). */
  readonly path: string;
  readonly named: string;
  readonly error: string | null;
}

export interface RunOutcome {
  readonly id: number;
  /** The mutant was run (see Runner.batch's runIf). */
  readonly ran: boolean;
  /** The run reached this mutant (a batch that timed out may not reach its last ones). */
  readonly reached: boolean;
  readonly touches: readonly ProbeTouch[];
  readonly evidence: readonly string[];
  readonly stderr?: string;
}

export interface RunnerOptions {
  readonly isolation: Isolation;
  /** Seconds one mutant may take before its process group is killed. */
  readonly mutantSeconds?: number;
  /** Run the mutants with the system's PATH, any program but SYSTEM_FORBIDDEN (the program
   * probe: a probe handed to a program as a word, reached when the program opens it). Only
   * inside namespaces. */
  readonly anyProgram?: boolean;
}

export interface Runner {
  readonly fence: "namespaces" | "plain";
  /** Why a mutant is not run here, or null. */
  refusal(text: string): string | null;
  /** Judges each mutant (its text with placeholders) on a pristine fixture, then runs them all
   * in one traced bash, each in its own bash under `timeout`. */
  batch(
    items: readonly { id: number; text: string }[],
    keepStderr?: boolean,
    /** Which judged mutants to run (default: all). */
    runIf?: (v: Verdict | Error, id: number) => boolean,
  ): Promise<{ verdicts: (Verdict | Error)[]; outcomes: RunOutcome[] }>;
  /** A verdict in a few lines, the sandbox's paths as placeholders. */
  explain(v: Verdict): string;
  close(): void;
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The mutant's text with its probe numbered and the sandbox's placeholders filled in. */
export function materialize(template: string, id: number, fx: Fixture): string {
  return fx.sub(template.split(MARK).join(`probe-${id}`));
}

/** Why the probes cannot run here (strace and namespaces are needed), or null. */
export function probesUnavailable(): string | null {
  if (findProgram("strace") === null) return "strace is not installed";
  const iso = detectIsolation();
  if (iso.mode !== "namespaces") return `no user, mount and pid namespaces (${iso.description})`;
  return null;
}

export async function createRunner(options: RunnerOptions): Promise<Runner> {
  const { isolation } = options;
  const mutantSeconds = options.mutantSeconds ?? 2;
  const strace = findProgram("strace");
  if (!strace) throw new Error("strace is required for the probe fuzzer and is not on PATH");
  const timeout = findProgram("timeout");
  if (!timeout) throw new Error("timeout (coreutils) is required for the probe fuzzer");
  const fenced = isolation.mode !== "none";
  const anyProgram = options.anyProgram === true;
  if (anyProgram && isolation.mode !== "namespaces") {
    throw new Error(`the program probe runs any program and needs namespaces; here: ${isolation.description}`);
  }
  // strace stops only at the traced calls with a seccomp filter: three times faster here.
  const seccomp =
    spawnSync(strace, ["-qq", "--seccomp-bpf", "-f", "-e", "trace=openat", "-o", "/dev/null", "true"], {
      stdio: "ignore",
      timeout: 5000,
    }).status === 0;
  const unshare = fenced ? findProgram("unshare") : null;
  const harness = acquireHarness();
  const own = realpathSync(mkdtempSync(join(tmpdir(), "shellfence-probe-")));
  // The PATH the mutants get inside the fence: the oracle's allowlist and nothing else.
  const bin = join(own, "bin");
  mkdirSync(bin);
  for (const name of RUNNABLE_PROGRAMS) {
    const found = SANDBOX_PATH.map((d) => join(d, name)).find((p) => exists(p));
    if (found) symlinkSync(found, join(bin, name));
  }
  const run = join(own, "run");
  mkdirSync(run);
  const fxAt = join(run, "fx");
  const git = anyProgram ? findProgram("git") : null;
  const resetFixture = () => {
    removeTree(fxAt);
    mkdirSync(fxAt);
    const made = buildFixture(fxAt);
    // Programs get a project that is a repository with one commit, so that git's verbs go
    // past "not a git repository" to the words they were given.
    if (git) {
      const env = { HOME: made.home, PATH: SANDBOX_PATH.join(":"), GIT_CONFIG_NOSYSTEM: "1", GIT_AUTHOR_NAME: "p",
        GIT_AUTHOR_EMAIL: "p@p", GIT_COMMITTER_NAME: "p", GIT_COMMITTER_EMAIL: "p@p" };
      for (const args of [["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "fixture"]]) {
        spawnSync(git, args, { cwd: made.project, env, stdio: "ignore", timeout: 10_000 });
      }
    }
    return made;
  };
  let fx = resetFixture();
  const guard: Guard = await createGuard({ home: fx.home });
  const path = fenced && !anyProgram ? [bin] : SANDBOX_PATH;
  const refusal = (text: string): string | null => {
    const c = runCheck(text, anyProgram ? { anyProgram } : { path, strictPath: fenced });
    if (!c.safe) return c.reason;
    if (!fenced && !c.writeFree) return "writes, and no namespace fences the run";
    return null;
  };
  return { fence: fenced ? "namespaces" : "plain", refusal,
    async batch(all, keepStderr = false, runIf) {
      fx = resetFixture();
      const verdicts = all.map((it) => {
        try {
          return guard.check(materialize(it.text, it.id, fx), { cwd: fx.project });
        } catch (e) {
          return e instanceof Error ? e : new Error(String(e));
        }
      });
      const items = all.filter((_, i) => runIf === undefined || runIf(verdicts[i]!, all[i]!.id));
      const none = (id: number): RunOutcome => ({ id, ran: false, reached: false, touches: [], evidence: [] });
      if (items.length === 0) return { verdicts, outcomes: all.map((it) => none(it.id)) };
      const status = join(run, "status");
      const stderrDir = join(run, "stderr");
      removeTree(stderrDir);
      mkdirSync(stderrDir);
      const map = mapper(fx, run);
      const traceOnce = async (chunk: readonly { id: number; text: string }[]) => {
        rmSync(status, { force: true });
        // The fence is built with the system's PATH; the mutants get the allowlist's. Each
        // mutant runs in a subshell of its own (a fork, not a new bash: a third of the cost
        // under strace), with a CPU limit; one that may wait (sleep, a loop, a FIFO, a job in
        // the background) also under a wall-clock deadline.
        const lines = ["exec </dev/null", `export PATH=${shellQuote(path.join(":"))}`];
        let waiting = 0;
        for (const it of chunk) {
          const err = keepStderr ? shellQuote(join(stderrDir, String(it.id))) : "/dev/null";
          const text = materialize(it.text, it.id, fx);
          const body = MAY_WAIT.test(text)
            ? (waiting++, `exec ${timeout} -s KILL ${mutantSeconds} /bin/bash -c ${shellQuote(text)}`)
            : `eval ${shellQuote(text)}`;
          lines.push(
            `cd -- ${
              shellQuote(fx.project)
            } && ( ulimit -t ${mutantSeconds}; ${body} ) >/dev/null 2>${err}; echo ${it.id} >>${shellQuote(status)}`,
          );
        }
        // In a pid namespace of its own, what the mutants left running goes with the batch
        // (strace waits for every process it traces). Elsewhere -1 would be every process of
        // the user, so there the batch's deadline ends them.
        if (isolation.mode === "namespaces") lines.push("kill -KILL -1 2>/dev/null; exit 0");
        const driver = join(run, "driver.sh");
        writeFileSync(driver, lines.join("\n") + "\n");
        const traceFile = join(run, "trace");
        rmSync(traceFile, { force: true });
        const straceArgs = ["-f", "-y", "-qq", ...(seccomp ? ["--seccomp-bpf"] : []), "-e", "signal=none", "-e",
          `trace=${TRACE_SET}`, "-o", traceFile, "/bin/bash", driver];
        const env = { HOME: fx.home, PATH: SANDBOX_PATH.join(":"), LC_ALL: "C" };
        const budget = 20_000 + chunk.length * 300 + waiting * (mutantSeconds * 1000 + 500);
        const r = unshare
          ? await runKilling(unshare, [...isolation.unshareArgs, "bash", join(harness, "setup.sh"), run, fx.project,
            isolation.ownProc ? "1" : "0", "--", strace, ...straceArgs], { cwd: fx.project, env }, budget)
          : await runKilling(strace, straceArgs, { cwd: fx.project, env }, budget);
        if (r.spawnError) throw new Error(`${unshare ?? strace} could not be run: ${r.spawnError}`);
        if (r.exitCode === 97 && r.stderr.includes("shellfence-oracle: cannot fence")) throw new Error(r.stderr.trim());
        const raw = readTrace(traceFile);
        if (raw === "") {
          throw new Error(
            `strace wrote no trace for a batch of ${chunk.length} (exit ${r.exitCode}): ${r.stderr.slice(0, 500)}`,
          );
        }
        return { raw, reached: new Set(readLines(status)), timedOut: r.timedOut };
      };
      // A batch cut off by its deadline is run again from the mutant after the one it was
      // stuck in (that one counts as not reached).
      const reached = new Set<string>();
      const traces: string[] = [];
      let pending: readonly { id: number; text: string }[] = items;
      for (let attempt = 0; attempt < 4 && pending.length > 0; attempt++) {
        const t = await traceOnce(pending);
        traces.push(t.raw);
        for (const id of t.reached) reached.add(id);
        if (!t.timedOut) break;
        const stuck = pending.findIndex((it) => !t.reached.has(String(it.id)));
        pending = stuck < 0 ? [] : pending.slice(stuck + 1);
      }
      const byId = new Map<number, Touch[]>();
      for (const raw of traces) {
        for (const t of parseStrace(asOpens(raw), fx.project)) {
          const marker = anyProgram ? PROGRAM_MARKER : MARKER;
          const m = marker.exec(t.named) ?? marker.exec(t.path);
          if (!m || isInside(t.path, fx.project)) continue;
          // A program that looks a name up under the system's trees (TZ=../x opens
          // /usr/share/x, ld -l ../x a library directory's lib../x.so) reads where the policy
          // lets every command read (src/policy/system-reads.ts); the fence keeps them read-only.
          if (anyProgram && /^(open|openat)$/.test(t.syscall) && systemRead(t.path)) continue;
          const id = Number(m[1]);
          byId.set(id, [...(byId.get(id) ?? []), t]);
        }
      }
      const raw = traces.join("\n");
      const rawLines = raw.split("\n");
      const chosen = new Set(items.map((it) => it.id));
      const outcomes = all.map((it): RunOutcome => {
        if (!chosen.has(it.id)) return none(it.id);
        const touches = byId.get(it.id) ?? [];
        const marker = new RegExp(`probe-${it.id}(?![0-9])`);
        return { id: it.id, ran: true, reached: reached.has(String(it.id)) || touches.length > 0,
          touches: touches.map((t) => ({ syscall: t.syscall, path: map(t.path), named: map(t.named), error: t.error })),
          evidence: touches.length > 0
            ? rawLines.filter((l) => marker.test(l) && !/execve\(/.test(l)).slice(0, 4).map(map)
            : [], ...(keepStderr ? { stderr: map(readFirst(join(stderrDir, String(it.id)))) } : {}) };
      });
      return { verdicts, outcomes };
    },
    explain(v) {
      return mapper(fx, run)(explainVerdict(v));
    },
    close() {
      removeTree(own);
      releaseHarness();
    } };
}

function exists(p: string): boolean {
  try {
    return realpathSync(p) !== "";
  } catch {
    return false;
  }
}

function readLines(file: string): string[] {
  return readTrace(file).split("\n").filter((l) => l !== "");
}

function readFirst(file: string): string {
  return readTrace(file).slice(0, 1000);
}
