// Every kind of node tree-sitter-bash 0.25.1 can put in a tree, from the grammar's own
// node-types.json, each with what the lowering (src/shell/lower/) does with it. The lowering refuses a node of any
// other kind (UNMODELLED_SYNTAX), so a grammar upgrade that adds one asks until someone decides
// what it means; test/coverage.test.ts fails when this list and node-types.json disagree.

/**
 * - statement: lowered into a Stmt by lowerStatement;
 * - word: lowered into word parts by partsOf;
 * - part: read by the node that holds it (a case item by its case, a redirect by its command);
 * - token: keywords and punctuation, meaning only where they stand.
 */
type NodeRole = "statement" | "word" | "part" | "token";

const STATEMENT_KINDS = ["program", "c_style_for_statement", "case_statement", "command", "compound_statement",
  "declaration_command", "for_statement", "function_definition", "if_statement", "list", "negated_command", "pipeline",
  "redirected_statement", "subshell", "test_command", "unset_command", "variable_assignment", "variable_assignments",
  "while_statement"] as const;

const WORD_KINDS = ["word", "raw_string", "string", "ansi_c_string", "translated_string", "simple_expansion",
  "expansion", "command_substitution", "arithmetic_expansion", "process_substitution", "concatenation", "number",
  "brace_expression", "string_content", "extglob_pattern", "regex", "variable_name", "special_variable_name",
  "test_operator"] as const;

const PART_KINDS = ["command_name", "case_item", "do_group", "elif_clause", "else_clause", "file_redirect",
  "heredoc_redirect", "herestring_redirect", "heredoc_body", "heredoc_content", "heredoc_start", "heredoc_end",
  "file_descriptor", "array", "subscript", "binary_expression", "unary_expression", "ternary_expression",
  "parenthesized_expression", "postfix_expression", "comment", "_expression", "_primary_expression",
  "_statement"] as const;

const TOKEN_KINDS = ["!", "!=", '"', "#", "##", "$", "$(", "$((", "$[", "$`", "${", "%", "%%", "%=", "&", "&&", "&=",
  "&>", "&>>", "(", "((", ")", "))", "*", "**", "**=", "*=", "+", "++", "+=", ",", ",,", "-", "--", "-=", "-a", "-o",
  "..", "/", "/#", "/%", "//", "/=", ":", ":+", ":-", ":=", ":?", ";", ";&", ";;", ";;&", "<", "<&", "<&-", "<(", "<<",
  "<<-", "<<<", "<<=", "<=", "=", "==", "=~", ">", ">&", ">&-", ">(", ">=", ">>", ">>=", ">|", "?", "@", "A", "E", "K",
  "L", "P", "Q", "U", "[", "[[", "]", "]]", "^", "^=", "^^", "`", "``", "a", "case", "declare", "do", "done", "elif",
  "else", "esac", "export", "fi", "for", "function", "if", "in", "k", "local", "readonly", "select", "then", "typeset",
  "u", "unset", "unsetenv", "until", "while", "{", "|", "|&", "|=", "||", "}", "~"] as const;

export const NODE_KINDS: ReadonlyMap<string, NodeRole> = new Map<string, NodeRole>([
  ...STATEMENT_KINDS.map((k) => [k, "statement"] as const),
  ...WORD_KINDS.map((k) => [k, "word"] as const),
  ...PART_KINDS.map((k) => [k, "part"] as const),
  ...TOKEN_KINDS.map((k) => [k, "token"] as const),
]);

/**
 * Code bash finds in a token the grammar left whole: `${x%$(cmd)}`, `${x:-\`cmd\`}` and
 * `${x:-<(cmd)}` keep their operand as one `regex` or `word` token.
 */
export const HIDDEN_CODE = /`|\$\(|[<>]\(/;

/** Tokens that may hide code (HIDDEN_CODE) when they are the operand of an `expansion`. */
export const OPERAND_TOKEN_KINDS: ReadonlySet<string> = new Set(["regex", "word"]);

/** Nodes bash evaluates as code wherever they sit: each must become something the interpreter runs. */
export const CODE_KINDS: ReadonlySet<string> = new Set(["command_substitution", "process_substitution",
  "arithmetic_expansion"]);
