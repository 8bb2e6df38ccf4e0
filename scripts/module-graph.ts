// The repository's own TypeScript modules and the imports between them, read from the source
// text: what test/layers.test.ts checks the layers with and scripts/dead-exports.ts finds unused
// exports with. The type checker is not asked (TypeScript 7 has no JS API, and Bun's
// transpiler drops type-only imports, which count here: a type import is a dependency too).
//
// It reads the statements this code base writes: `import … from "…"`, `import "…"`,
// `export … from "…"` at the start of a line, and `import("…")` anywhere. A statement at the
// start of a line that begins with `import` and is none of these is an error, so an import
// spelled some other way cannot go unseen.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, sep } from "node:path";

/** One import or re-export of another module of the repository. */
export interface ModuleImport {
  /** The importing file, relative to the repository root with `/` separators (`src/cli/main.ts`). */
  readonly from: string;
  /** The imported file, the same way. */
  readonly to: string;
  /** `import type { … }` or `export type { … }`: erased at run time, still a dependency. */
  readonly typeOnly: boolean;
  /** The names it takes (`{ a, b as c }` gives `a`, `b`; a default import gives `default`), or `*`. */
  readonly names: readonly string[];
  /** A re-export (`export … from`). */
  readonly reexport: boolean;
}

export interface ModuleGraph {
  /** Every file read, relative to the root. */
  readonly files: readonly string[];
  readonly imports: readonly ModuleImport[];
  /** Statements that could not be read, and relative imports that name no file read. */
  readonly errors: readonly string[];
}

/** The `.ts` files under each directory (relative to `root`), sorted, as `dir/sub/file.ts`. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory()) {
        if (e.name !== "node_modules") walk(path);
      } else if (e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".d.ts")) out.push(path);
    }
  };
  for (const d of dirs) walk(d);
  return out.sort();
}

// A statement from its keyword at the start of a line to its first `;` (the code base ends
// every statement with one; a stray `;` in a string only shortens what is read, and a statement
// cut short is reported, not skipped).
const STATEMENT = /^(import|export)\b[^;]*;?/gm;
const FROM = /^(import|export)\s+(type\s+)?([\s\S]*?)\s*\bfrom\s*["']([^"']+)["']/;
const SIDE_EFFECT = /^import\s*["']([^"']+)["']/;
// `const { a, b } = await import("…")` takes a and b; any other `import("…")` may take anything.
const DYNAMIC = /(?:\bconst\s*\{([^}]*)\}\s*=\s*await\s+)?\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** The modules of the repository under `dirs` and the imports between them. */
export function moduleGraph(root: string, dirs: readonly string[]): ModuleGraph {
  const files = sourceFiles(root, dirs);
  const known = new Set(files);
  const imports: ModuleImport[] = [];
  const errors: string[] = [];
  const add = (from: string, spec: string, typeOnly: boolean, names: readonly string[], reexport: boolean) => {
    if (!spec.startsWith(".")) return; // a package or node: built-in
    const to = normalize(join(dirname(from), spec)).split(sep).join("/");
    if (!to.endsWith(".ts") && existsSync(join(root, to))) return; // an asset (the grammar's WASM), not a module
    if (!known.has(to)) errors.push(`${from}: import "${spec}" names no module read (${to})`);
    else imports.push({ from, to, typeOnly, names, reexport });
  };
  for (const from of files) {
    const text = readFileSync(join(root, from), "utf8");
    for (const m of text.matchAll(STATEMENT)) {
      const statement = m[0];
      const keyword = m[1];
      const imported = FROM.exec(statement);
      if (imported) {
        add(from, imported[4]!, imported[2] !== undefined, clauseNames(imported[3]!), keyword === "export");
        continue;
      }
      const bare = SIDE_EFFECT.exec(statement);
      if (bare) add(from, bare[1]!, false, [], false);
      // `import(` and `import.meta` at the start of a line are expressions, read below; an
      // import from `${…}` is code in a template string, written for another process to run.
      else if (keyword === "import" && !/^import\s*[(.]/.test(statement) && !/\bfrom\s*\$\{/.test(statement)) {
        errors.push(`${from}: cannot read the statement ${JSON.stringify(statement.slice(0, 80))}`);
      }
    }
    for (const m of text.matchAll(DYNAMIC)) {
      add(from, m[2]!, false, m[1] !== undefined ? clauseNames(`{${m[1]}}`) : ["*"], false);
    }
  }
  return { files, imports, errors };
}

/** The names an import clause takes: `{ a, type b, c as d }` (or a destructuring `{ c: d }`) → a, b, c; `x` → default; `* as ns` → `*`. */
function clauseNames(clause: string): string[] {
  const names: string[] = [];
  const braces = /\{([^}]*)\}/.exec(clause);
  const outside = braces ? clause.replace(braces[0], "") : clause;
  if (/\*/.test(outside)) names.push("*");
  const bare = outside.replace(/\*\s*as\s+\w+/, "").replace(/,/g, " ").trim();
  if (bare !== "") names.push("default");
  if (braces) {
    for (const item of braces[1]!.split(",")) {
      const name = item.trim().replace(/^type\s+/, "").split(/\s+as\s+|\s*:\s*/)[0]!.trim();
      if (name !== "") names.push(name);
    }
  }
  return names;
}
