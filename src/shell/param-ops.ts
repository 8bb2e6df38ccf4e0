// The `${…}` operators, declared once with what each one is as data. The lowering, the word
// expansion, the listing's stand-ins and the words fuzz generator read their lists from this
// table, and the union type ParamOp is its keys: a new operator is a row here, and the compiler
// then names every switch that must say what it does (docs/architecture.md, "Adding a `${…}`
// operator").

/**
 * What an operator does, by kind: each kind is one case of expandOperator
 * (src/shell/words/operators.ts).
 */
type ParamFamily =
  | "value" // $x ${x}
  | "length" // ${#x}
  | "indirect" // ${!x}
  | "default" // ${x:-w} ${x-w}
  | "assign" // ${x:=w} ${x=w}
  | "error" // ${x:?w} ${x?w}
  | "alternative" // ${x:+w} ${x+w}
  | "remove" // ${x#p} ${x%p}
  | "replace" // ${x/p/r}
  | "case" // ${x^p} ${x,p}
  | "transform" // ${x@Q}
  | "substring" // ${x:1:2}
  | "other"; // not read by the lowering

/**
 * Whether an operator of the family gives the value as it is, or another word (a stand-in for a
 * listing's names then stays one, src/shell/words/parts.ts), rather than taking the value apart.
 * (A Record over the families: a new family must say.)
 */
export const GIVES_WHOLE_VALUE: Readonly<Record<ParamFamily, boolean>> = { value: true, length: true, indirect: false,
  default: true, assign: true, error: true, alternative: true, remove: false, replace: false, case: false,
  transform: false, substring: false, other: false };

/** How the words fuzz generator (scripts/words-fuzz/gen.ts) writes an operand for the operator. */
type FuzzShape = "word" | "pattern" | "replace" | "message" | "bare" | "prefix";

interface ParamOpFacts {
  readonly family: ParamFamily;
  /** The grammar's token between the name and the operand: the lowering reads `${x OP …}` with it. */
  readonly token: boolean;
  /**
   * The first operand: a word; a pattern, read as if unquoted even inside "…" (`"${v#*.}"`
   * removes through the first dot); the case operators' pattern, read as quoted as the
   * expansion is; a transformation letter (`${x@P}` expands the value as a prompt); an offset,
   * which with the second operand, a length, bash evaluates as arithmetic.
   */
  readonly operand: "none" | "word" | "pattern" | "case-pattern" | "letter" | "offset";
  /** A second operand after `/` or `:` (`${x/p/r}`, `${x:1:2}`). */
  readonly second: boolean;
  /** For the default, assign, error and alternative forms: whether they test for null (`:-`) or unset (`-`). */
  readonly empty: "null" | "unset" | null;
  /**
   * When bash expands the operand, checked against bash 5.2: `${x:+w}` expands w when x is not
   * null, `${x-w}` when x is unset, the pattern and case operators whenever x is set; `maybe`
   * when the guard does not say (the operand is then analysed as if it ran).
   */
  readonly reached: "if-null" | "if-not-null" | "if-unset" | "if-set" | "maybe";
  /** Where a pattern matches (`#` at the start, `/` anywhere), or null. */
  readonly at: "start" | "end" | "any" | null;
  /** The longest match (`##`), every match (`//`), every character (`^^`). */
  readonly all: boolean;
  /** For the case operators: to upper case (`^`) or lower (`,`). */
  readonly upper: boolean | null;
  /**
   * How the fuzz generator writes it (`prefix`: before the name, `${#x}`); null: generated apart
   * (`$x`, `${!r}`), or never spelled.
   */
  readonly fuzz: FuzzShape | null;
}

// The facts most rows share, spread into them.
const NONE = { token: false, operand: "none", second: false, empty: null, reached: "maybe", at: null, all: false,
  upper: null, fuzz: null } as const;
const WORD = { token: true, operand: "word", second: false, at: null, all: false, upper: null, fuzz: "word" } as const;
const PATTERN = { token: true, operand: "pattern", empty: null, reached: "if-set", upper: null } as const;
const REMOVE = { ...PATTERN, family: "remove", second: false, fuzz: "pattern" } as const;
const REPLACE = { ...PATTERN, family: "replace", second: true, fuzz: "replace" } as const;
const CASE = { family: "case", token: true, operand: "case-pattern", second: false, empty: null, reached: "if-set",
  at: null, fuzz: "bare" } as const;

export const PARAM_OPS = {
  "": { ...NONE, family: "value" },
  length: { ...NONE, family: "length", fuzz: "prefix" },
  indirect: { ...NONE, family: "indirect" },
  ":-": { ...WORD, family: "default", empty: "null", reached: "if-null" },
  "-": { ...WORD, family: "default", empty: "unset", reached: "if-unset" },
  ":=": { ...WORD, family: "assign", empty: "null", reached: "if-null" },
  "=": { ...WORD, family: "assign", empty: "unset", reached: "if-unset" },
  ":?": { ...WORD, family: "error", empty: "null", reached: "if-null", fuzz: "message" },
  "?": { ...WORD, family: "error", empty: "unset", reached: "if-unset", fuzz: "message" },
  ":+": { ...WORD, family: "alternative", empty: "null", reached: "if-not-null" },
  "+": { ...WORD, family: "alternative", empty: "unset", reached: "if-set" },
  "#": { ...REMOVE, at: "start", all: false },
  "##": { ...REMOVE, at: "start", all: true },
  "%": { ...REMOVE, at: "end", all: false },
  "%%": { ...REMOVE, at: "end", all: true },
  "/": { ...REPLACE, at: "any", all: false },
  "//": { ...REPLACE, at: "any", all: true },
  "/#": { ...REPLACE, at: "start", all: false },
  "/%": { ...REPLACE, at: "end", all: false },
  "^": { ...CASE, upper: true, all: false },
  "^^": { ...CASE, upper: true, all: true },
  ",": { ...CASE, upper: false, all: false },
  ",,": { ...CASE, upper: false, all: true },
  // (The fuzz generator writes these two with fixed operands: its samples say which.)
  "@": { ...NONE, family: "transform", token: true, operand: "letter", fuzz: "bare" },
  ":": { ...NONE, family: "substring", token: true, operand: "offset", second: true, fuzz: "bare" },
  other: { ...NONE, family: "other" },
} as const satisfies Readonly<Record<string, ParamOpFacts>>;

export type ParamOp = keyof typeof PARAM_OPS;

/** The operators whose `key` is `value`. */
type OpsWhere<K extends keyof ParamOpFacts, V> = {
  [O in ParamOp]: (typeof PARAM_OPS)[O][K] extends V ? O : never;
}[ParamOp];

/** The operators whose operand is a pattern: removal and replacement (the ones a listing's stand-in may follow). */
export type PatternOp = OpsWhere<"operand", "pattern">;
/** The operators the fuzz generator writes. */
export type FuzzedOp = OpsWhere<"fuzz", FuzzShape>;

// (Object.keys loses the key type; the keys are the table's own.)
const ALL_OPS = Object.keys(PARAM_OPS) as ParamOp[];

/** The grammar's operator tokens the lowering reads in `${x OP …}`. */
export const TOKEN_OPS: ReadonlySet<string> = new Set(ALL_OPS.filter((o) => PARAM_OPS[o].token));

export function isPatternOp(op: ParamOp): op is PatternOp {
  return PARAM_OPS[op].operand === "pattern";
}
