// Inline perl (`perl -e CODE`, `-ne`, `-pe`, `-pi -e`): allowed only when the code is provably
// confined to computation, standard input and output, and the files named by the command's own
// operands, which `<>` (and -n/-p) reads. It opens nothing by name: `open`, `system`, backticks,
// `glob`, `unlink`, modules, `eval`, `do FILE`, `sub`, … are refused (perl-names.ts).
//
// Perl's own parse depends on run time (prototypes, barewords), and the pinned grammar lexes
// quotes differently from perl in places (here-documents, `'a\\'`). So two checks run, and both
// must pass: one over the raw text, blind to where strings begin and end, that refuses every
// refused name and every construct that reaches code or a symbol by a run-time name (derefs,
// `->`, `::`, `$^X`, `&name`, regex code blocks, here-documents, globs) wherever it appears, even
// inside a string; and one over the parse tree, an allowlist of node types in which every
// interpolating string is scanned for subscripts (`"$h{CODE}"` runs CODE) and `s///e` is refused.

import type { Node } from "web-tree-sitter";
import { analyseTree, type InlineAnalysis, InlineRefusal } from "./result.ts";
import { REFUSED_WORDS } from "./perl-names.ts";

/**
 * Constructs refused wherever they appear in the text, with why. Each reaches code, a file or a
 * symbol table entry named at run time; inside a string they are refused too, since the grammar
 * may end a string where perl does not.
 */
const RAW_REFUSALS: readonly (readonly [RegExp, string])[] = [
  [/`/, "a backtick runs a command"],
  [/->/, "`->` calls a method or dereferences a value that may name a symbol"],
  [/::|\bmain'/, "a package-qualified name reaches the symbol table"],
  [/[$@%&*]\s*\{/, "a block dereference (`${…}`, `@{…}`) runs code or names a symbol"],
  [/[$@%&*]\s*\$(?=[\s\w{$:])/, "a dereference (`$$x`, `@$x`) may name a symbol by a string"],
  [/\$#\s*[{$]/, "a dereference (`$#{…}`, `$#$x`) may name a symbol by a string"],
  [/\$\^|\$\{\^/, "`$^X` variables change how perl runs (`$^I` edits files in place)"],
  [/(^|[^&])&(?![&=])\s*[\w$:{]/, "`&name` calls a subroutine by its name"],
  [/\(\s*\?\??\s*\{|\(\s*\*\s*\{|\(\s*\?\s*\?/, "a regular expression that runs code (`(?{…})`)"],
  [/<<\s*["'~\w]/, "a here-document, which the grammar does not read as perl does"],
  [/<(?!(?:STDIN|ARGV)>)[$~*/.{\w][^\s<>]*>/, "`<PATTERN>` lists files (glob) or reads a handle named at run time"],
  [/\\N\{/, "`\\N{NAME}` loads the character-name tables"],
  [/\bARGVOUT\b/, "ARGVOUT is the in-place output handle"],
  // `$h{a}[0]` is `${$h{a}}[0]`: with a string in `$h{a}`, the element of the array it names
  // (`"ARGV"`, `"SIG"`). Refused in the text too, at the cost of `[0-9][a-z]` and `s{a}{b}`.
  [/[\]}]\s*[[{]/, "a chained subscript may name a symbol by a string"],
  // `s//…/ee` evaluates the replacement's value, a string the text need not spell: any `s`
  // followed by three of one delimiter, or a closing bracket (and maybe a part in another
  // delimiter: `s(x) /y/ee`), then flags with two `e`.
  [/\bs\s*([^\w\s])(?:\\.|(?!\1).)*\1(?:\\.|(?!\1).)*\1[a-z]*e[a-z]*e/s, "`/ee` evaluates a string as code"],
  [/[)\]}>]\s*(?:([^\w\s])(?:\\.|(?!\1).)*\1)?[a-z]*e[a-z]*e[a-z]*(?!\w)/s, "`/ee` evaluates a string as code"],
  // File tests stat the path, and -T/-B read it.
  [/(?<![\w$@%&*>.-])-[rwxoRWXOezsfdlpSbcugktTBAMC]\s*(?=[$"'(\w])/, "a file test reads a path"],
  // `sort NAME LIST` and `sort $name LIST` call a subroutine by its name.
  [/\bsort\s*(?:\$|(?!(?:keys|values|map|grep|reverse|split)\b)[A-Za-z_])/,
    "`sort NAME` calls a subroutine by its name"],
];

/** Node types whose children are checked the same way and that do nothing themselves. */
const PLAIN = new Set(["source_file", "block", "binary_expression", "unary_expression", "ternary_expression", "array",
  "arguments", "parenthesized_argument", "call_expression_with_spaced_args", "call_expression_with_args_with_brackets",
  "call_expression_with_bareword", "single_line_statement", "if_simple_statement", "unless_simple_statement",
  "while_simple_statement", "until_simple_statement", "for_simple_statement", "if_statement", "unless_statement",
  "elsif_clause", "else_clause", "while_statement", "until_statement", "for_statement_1", "for_statement_2",
  "foreach_statement", "label", "loop_control_statement", "loop_control_keyword", "variable_declaration",
  "multi_var_declaration", "scope", "normal_comma", "fat_comma", "integer", "floating_point", "hexadecimal", "octal",
  "binary", "comments", "escape_sequence", "interpolation", "regex_pattern_content", "start_delimiter",
  "separator_delimiter", "end_delimiter", "regex_option", "regex_option_for_substitution",
  "regex_option_for_transliteration", "regex_option_for_match", "scalar_variable", "array_variable", "hash_variable",
  "special_scalar_variable", "special_array_variable", "special_hash_variable", "length_expression",
  "string_single_quoted", "string_q_quoted", "transliteration_tr_or_y", "word_list_qw", "return_expression",
  "anonymous_array_expression", "anonymous_hash_expression", "empty_parenthesized_argument", "identifier",
  "standard_input", "string_double_quoted", "string_qq_quoted", "pattern_matcher", "pattern_matcher_m",
  "substitution_pattern_s", "regex_pattern_qr", "array_access_variable", "hash_access_variable",
  "hash_access_variable_simple", "special_block", "semi_colon", "ellipsis_statement", "bareword", "hash_key"]);

/** Node types whose text interpolates: each is scanned for code in subscripts. */
const INTERPOLATING = new Set(["string_double_quoted", "string_qq_quoted", "pattern_matcher", "pattern_matcher_m",
  "substitution_pattern_s", "regex_pattern_qr"]);

/** Quote-like nodes: the character after one must not be a letter (a flag the grammar left out). */
const QUOTE_LIKE = new Set([...INTERPOLATING, "string_single_quoted", "string_q_quoted", "transliteration_tr_or_y",
  "word_list_qw"]);

/** Variables that are a subscript's base when it is a plain name: anything else is a chained (symbolic) access. */
const PLAIN_VARIABLES = new Set(["scalar_variable", "array_variable", "hash_variable", "special_scalar_variable",
  "special_array_variable", "special_hash_variable"]);

/** `<…>` readers: standard input, or the files named by the operands. */
const READERS: Readonly<Record<string, "stdin" | "operands">> = { "<STDIN>": "stdin", "<>": "operands",
  "<<>>": "operands", "<ARGV>": "operands" };

/** A subscript or a block after a sigil inside an interpolating string: perl evaluates it as code. */
function interpolationRefusal(text: string): string | null {
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\") {
      i++;
      continue;
    }
    if (c !== "$" && c !== "@") continue;
    let j = i + 1;
    if (text[j] === "#") j++;
    // perl takes `"$ x[1]"` as `$x[1]`: space may follow the sigil.
    while (/\s/.test(text[j] ?? "")) j++;
    if (/\w/.test(text[j] ?? "")) { while (/\w/.test(text[j] ?? "")) j++; }
    else if (c === "$" && j < text.length && j === i + 1) j++;
    else continue;
    const next = text[j];
    if (next === "[" || next === "{") {
      return `${JSON.stringify(text.slice(i, j + 1))} in an interpolating string runs the subscript as code`;
    }
    i = j - 1;
  }
  return null;
}

class Analysis {
  readsOperands = false;

  constructor(private readonly code: string) {}

  run(root: Node): void {
    this.raw();
    this.node(root);
  }

  /** The checks over the raw text, independent of the parse. */
  private raw(): void {
    for (const [re, why] of RAW_REFUSALS) if (re.test(this.code)) throw new InlineRefusal(why);
    for (const word of this.code.match(/[A-Za-z_]\w*/g) ?? []) {
      if (REFUSED_WORDS.has(word)) throw new InlineRefusal(`the code names ${word}`);
    }
    // localtime reads the zone file that $ENV{TZ} names (tzset), which the code may set.
    if (/\bENV\b/.test(this.code) && /\blocaltime\b/.test(this.code)) {
      throw new InlineRefusal("localtime reads the zone file $ENV{TZ} names");
    }
    // `<>` opens each operand with a two-argument open (a name ending in `|` runs a command),
    // so the program may not change @ARGV: any mention of it but the current file's name $ARGV.
    if (/\bARGV\b/.test(this.code.replace(/\$ARGV(?![\w[{])/g, "")) && /<(ARGV|<?)>|\beof\b/.test(this.code)) {
      throw new InlineRefusal("the code reads its operands and names @ARGV");
    }
  }

  private node(n: Node): void {
    if (!n.isNamed) {
      this.token(n);
      return;
    }
    if (!PLAIN.has(n.type)) throw new InlineRefusal(`${n.type} is not known to be confined`);
    switch (n.type) {
      case "identifier":
      case "bareword":
        if (REFUSED_WORDS.has(n.text)) throw new InlineRefusal(`the code names ${n.text}`);
        if (n.text === "eof" || n.text === "ARGV") this.readsOperands = true;
        break;
      case "standard_input": {
        const r = READERS[n.text.replace(/\s+/g, "")];
        if (!r) throw new InlineRefusal(`${n.text} reads a handle the guard does not know`);
        if (r === "operands") this.readsOperands = true;
        break;
      }
      case "special_block":
        if (!/^(BEGIN|END)\b/.test(n.text)) {
          throw new InlineRefusal(`${n.text.split(/\s/)[0]} blocks are not known to be confined`);
        }
        break;
      case "array_access_variable":
      case "hash_access_variable":
      case "hash_access_variable_simple": {
        const base = n.namedChildren[0];
        // `(LIST)[i]` is a slice of a list, never a symbol.
        const slice = n.type === "array_access_variable" && base?.type === "array";
        if (!base || !(PLAIN_VARIABLES.has(base.type) || slice)) {
          throw new InlineRefusal(`${n.text} is a chained subscript, which may name a symbol by a string`);
        }
        break;
      }
      case "substitution_pattern_s": {
        const flags = n.childForFieldName("regex_option")?.text ?? "";
        const trailing = /[a-z]*$/.exec(n.text)?.[0] ?? "";
        if (flags.includes("e") || trailing.includes("e")) {
          throw new InlineRefusal("s///e runs the replacement as code");
        }
        break;
      }
    }
    if (INTERPOLATING.has(n.type)) {
      const why = interpolationRefusal(n.text);
      if (why) throw new InlineRefusal(why);
    }
    if (QUOTE_LIKE.has(n.type) && /[A-Za-z]/.test(this.code[n.endIndex] ?? "")) {
      throw new InlineRefusal(`${n.text} is followed by letters the grammar did not read as its flags`);
    }
    for (const c of n.children) if (c) this.node(c);
  }

  /** Keywords the grammar keeps as anonymous tokens: the refused ones are refused here too. */
  private token(n: Node): void {
    if (/^[A-Za-z_]\w*$/.test(n.type) && REFUSED_WORDS.has(n.type)) throw new InlineRefusal(`the code names ${n.type}`);
    if (n.type === "sub" || n.type === "qx" || n.type === "`") throw new InlineRefusal(`${n.type} is not confined`);
  }
}

/**
 * `code` is what was parsed (with -n/-p, the program inside perl's `while (<>) { … }`),
 * `given` the program as written, whose first line perl reads for switches.
 */
export function analysePerl(root: Node, code: string, given: string): InlineAnalysis {
  return analyseTree(root, () => {
    if (/^\s*#!/.test(given)) throw new InlineRefusal("a `#!` first line sets perl's switches (perlrun)");
    const a = new Analysis(code);
    a.run(root);
    return { files: [], imports: [], ...(a.readsOperands ? { readsOperands: true as const } : {}) };
  });
}
