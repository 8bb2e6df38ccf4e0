// The coverage invariant (issue 11): every node kind the grammar can produce has a declared
// role, and every piece of code the lowering keeps is either run by the interpreter or proven
// unreached; what is neither asks with UNMODELLED_SYNTAX.

import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { NODE_KINDS } from "../src/parse/node-kinds.ts";
import { Coverage } from "../src/shell/coverage.ts";
import type { Stmt, Word } from "../src/shell/syntax.ts";
import { table, useSandbox } from "./support/table.ts";

const require = createRequire(import.meta.url);

describe("node kinds", () => {
  test("the roles list exactly the kinds in tree-sitter-bash's node-types.json", () => {
    const path = require.resolve("tree-sitter-bash/src/node-types.json");
    const kinds = (JSON.parse(readFileSync(path, "utf8")) as { type: string }[]).map((k) => k.type);
    expect([...NODE_KINDS.keys()].sort()).toEqual([...new Set(kinds)].sort());
  });
});

const word = (text: string): Word => ({ parts: [{ t: "raw", text }], span: { start: 0, end: text.length }, text });
const cmd = (text: string, words: Word[] = [word(text)]): Stmt => ({ t: "cmd", assigns: [], words, redirs: [],
  span: { start: 0, end: text.length } });

describe("the interpreter's obligations", () => {
  test("a statement neither run nor skipped is reported, with its span", () => {
    const inner = cmd("cat x");
    const sub: Word = { parts: [{ t: "cmdsub", body: inner, quoted: false, span: { start: 5, end: 13 } }],
      span: { start: 5, end: 13 }, text: "$(cat x)" };
    const outer = cmd("echo $(cat x)", [word("echo"), sub]);
    const c = new Coverage();
    c.register(outer, (s) => s);
    c.ran(outer);
    expect(c.unmet()).toEqual([{ span: { start: 0, end: 5 }, what: "a command" }]);
    c.skipWord(sub);
    expect(c.unmet()).toEqual([]);
  });

  test("skipping a statement accounts for everything inside it", () => {
    const body = cmd("rm x");
    const loop: Stmt = { t: "while", until: false, cond: cmd("false"), body };
    const c = new Coverage();
    c.register(loop, (s) => s);
    expect(c.unmet().length).toBe(3);
    c.skip(loop);
    expect(c.unmet()).toEqual([]);
  });

  test("backquoted code the grammar left as text is an obligation of its own", () => {
    const code = { t: "code", text: "cat x", quoted: false, span: { start: 5, end: 12 } } as const;
    const s = cmd("echo `cat x`", [word("echo"), { parts: [code], span: code.span, text: "`cat x`" }]);
    const c = new Coverage();
    c.register(s, (x) => x);
    c.ran(s);
    expect(c.unmet()).toEqual([{ span: code.span, what: "backquoted code" }]);
    c.ranCode(code);
    expect(c.unmet()).toEqual([]);
  });
});

const box = useSandbox();

// Code bash does not reach is accounted for by the proof that no world reaches it: no needless ask.
table("code no world reaches is accounted for", box, [
  ["if false; then cat ../outside/secret.txt; fi; cat README.md", "allow", ["* $P/README.md"]],
  ["true || cat ../outside/secret.txt", "allow"],
  ["false && echo $(cat ../outside/secret.txt)", "allow"],
  ["exit 0; cat ../outside/secret.txt", "allow"],
  ["case a in b) cat ../outside/secret.txt ;; esac", "allow"],
  ["case a in a) ;; $(cat ../outside/secret.txt)) ;; esac", "allow"],
  ["e=; for f in $e; do cat ../outside/secret.txt; done", "allow"],
  ["set --; for f; do cat ../outside/secret.txt; done", "allow"],
  ["while false; do cat ../outside/secret.txt; done", "allow"],
  ["x=1; echo ${x:-$(cat ../outside/secret.txt)}", "allow"],
  ["f() { return; cat ../outside/secret.txt; }; f", "allow"],
  // Reached in some world: analysed.
  ["if [ -e x ]; then cat ../outside/secret.txt; fi", "ask", ["* $O/secret.txt"]],
  ["case $1 in b) cat ../outside/secret.txt ;; esac", "ask", ["* $O/secret.txt"]],
  // `local` outside a function fails, but bash has expanded its words first.
  ["local -a z=($(cat ../outside/secret.txt))", "ask", ["* $O/secret.txt"]],
]);
