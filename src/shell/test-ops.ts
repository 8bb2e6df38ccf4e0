// The operators of `test`, `[` and `[[` whose operands the guard reads for what they are,
// declared once: the lowering of `[[` (src/shell/lower/conditionals.ts) and the `test` and `[`
// entry (src/commands/table/find.ts) read their lists from here.

/**
 * What an operator makes of its operands: files it looks at (a read of metadata), numbers `[[`
 * evaluates as arithmetic (`test` and `[` take integers only), or a variable's name (`-v`,
 * whose subscript is evaluated). `arity` is 1 for a unary operator, 2 for a binary one.
 */
const TEST_OPS = { "-a": { arity: 1, operand: "file" }, "-b": { arity: 1, operand: "file" },
  "-c": { arity: 1, operand: "file" }, "-d": { arity: 1, operand: "file" }, "-e": { arity: 1, operand: "file" },
  "-f": { arity: 1, operand: "file" }, "-g": { arity: 1, operand: "file" }, "-h": { arity: 1, operand: "file" },
  "-k": { arity: 1, operand: "file" }, "-p": { arity: 1, operand: "file" }, "-r": { arity: 1, operand: "file" },
  "-s": { arity: 1, operand: "file" }, "-u": { arity: 1, operand: "file" }, "-w": { arity: 1, operand: "file" },
  "-x": { arity: 1, operand: "file" }, "-G": { arity: 1, operand: "file" }, "-L": { arity: 1, operand: "file" },
  "-N": { arity: 1, operand: "file" }, "-O": { arity: 1, operand: "file" }, "-S": { arity: 1, operand: "file" },
  "-nt": { arity: 2, operand: "file" }, "-ot": { arity: 2, operand: "file" }, "-ef": { arity: 2, operand: "file" },
  "-eq": { arity: 2, operand: "arith" }, "-ne": { arity: 2, operand: "arith" }, "-lt": { arity: 2, operand: "arith" },
  "-le": { arity: 2, operand: "arith" }, "-gt": { arity: 2, operand: "arith" }, "-ge": { arity: 2, operand: "arith" },
  "-v": { arity: 1, operand: "name" } } as const satisfies Readonly<
    Record<string, { readonly arity: 1 | 2; readonly operand: "file" | "arith" | "name" }>
  >;

type TestOp = keyof typeof TEST_OPS;

function opsWhere(arity: 1 | 2, operand: "file" | "arith" | "name"): ReadonlySet<string> {
  // (Object.keys loses the key type; the keys are the table's own.)
  const ops = Object.keys(TEST_OPS) as TestOp[];
  return new Set(ops.filter((o) => TEST_OPS[o].arity === arity && TEST_OPS[o].operand === operand));
}

/** `-f FILE`, `-d FILE`, …: the operand is a file looked at. */
export const FILE_TESTS = opsWhere(1, "file");
/** `A -nt B`, `-ot`, `-ef`: both operands are files looked at. */
export const FILE_COMPARISONS = opsWhere(2, "file");
/** `[[ A -eq B ]]`: both operands are evaluated as arithmetic. */
export const ARITH_COMPARISONS = opsWhere(2, "arith");
/** `-v NAME`: the operand is a variable's name. */
export const NAME_TESTS = opsWhere(1, "name");
