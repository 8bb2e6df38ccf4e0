// Inline code (src/commands/inline/): `python3 -c` and `node -e` are allowed when the code is
// provably confined, and each file it opens by a literal name is an access judged like any
// other; everything dynamic stays INLINE_CODE. Each confined case has a twin that is not.

import { beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { analyseInline } from "../src/commands/inline/index.ts";
import { table, useSandbox } from "./support/table.ts";

const box = useSandbox();

table("inline python: confined code is allowed, its files judged", box, [["python3 -c 'print(1 + 1)'", "allow", [
  "!#INLINE_CODE",
]], ['python3 -c \'import json; print(json.load(open("README.md"))["name"])\'', "allow", ["read $P/README.md",
  "exec $P/json.py"]], ["python3 -c 'import sys, json; print(json.load(sys.stdin)[\"a\"])' < README.md", "allow", [
  "read $P/README.md",
]], ["python3 -c 'import sys; print(sum(int(x) for x in sys.stdin))'", "allow"], [
  "python -c 'import sys; print sum([int(n) for n in sys.stdin.readlines()])'",
  "allow",
], ['python3 -c \'open("out.txt", "w").write("x")\'', "allow", ["write $P/out.txt"]], [
  "python3 -c 'with open(\"src/main.ts\") as f:\n    for line in f: print(line.strip())'",
  "allow",
  ["read $P/src/main.ts"],
], ["python3 -c 'import collections, sys; print(collections.Counter(sys.stdin.read().split()).most_common(3))'",
  "allow"], ['python3 -c \'from os import path; print(path.join("a", "b"))\'', "allow"], [
  'python3 -c \'import re; print(re.sub(r"a", "b", "aaa"))\'',
  "allow",
], ["python3 -c 'def f(x):\n    return [y * 2 for y in x if y]\nprint(f([1, 2]))'", "allow"], [
  "cd src && python3 -c 'print(open(\"main.ts\").read())'",
  "allow",
  ["read $P/src/main.ts"],
]]);

// ast, dataclasses and uuid, whose names were checked by hand (python-modules.ts).
table("inline python: ast, dataclasses, uuid", box, [[
  "python3 -c \"import ast; print(len(ast.parse(open('src/main.ts').read()).body))\"",
  "allow",
  ["read $P/src/main.ts"],
], ["python3 -c \"import ast; print(ast.dump(ast.parse(open('../outside/secret.txt').read())))\"", "ask", [
  "read $O/secret.txt",
]], ["python3 -c 'import ast; ast.main()'", "ask", ["#INLINE_CODE"]], ["python3 -c 'import uuid; print(uuid.uuid4())'",
  "allow"], ["python3 -c 'import uuid; print(uuid.getnode())'", "ask", ["#INLINE_CODE"]], [
  "python3 -c 'from dataclasses import dataclass, asdict\n@dataclass\nclass P:\n    x: int\nprint(asdict(P(1)))'",
  "allow",
], ['python3 -c \'import dataclasses; dataclasses.make_dataclass("P", ["x"])\'', "ask", ["#INLINE_CODE"]]]);

table("inline python: the outside twins", box, [
  ["python3 -c 'print(open(\"/etc/shadow\").read())'", "ask", ["read /etc/shadow", "#EXTERNAL_PATH"]],
  ['python3 -c \'open("../outside/x", "w").write("x")\'', "ask", ["write $O/x"]],
  ["python3 -c 'print(open(\"link-out/secret.txt\").read())'", "ask", ["read $O/secret.txt", "#EXTERNAL_PATH"]],
  ["cd .. && python3 -c 'print(open(\"outside/secret.txt\").read())'", "ask", ["read $O/secret.txt"]],
  // The interpreter looks for an imported module in the working directory first.
  ["cd ../outside && python3 -c 'import json'", "ask", ["exec $O/json.py"]],
  ["python3 -c 'import os; os.system(\"rm -rf ~\")'", "ask", ["#INLINE_CODE"]],
  ['python3 -c \'__import__("os").system("id")\'', "ask", ["#INLINE_CODE"]],
  ["python3 -c 'import subprocess; subprocess.run([\"id\"])'", "ask", ["#INLINE_CODE"]],
  ["python3 -c 'eval(input())'", "ask", ["#INLINE_CODE"]],
  ["python3 -c 'exec(\"import os\")'", "ask", ["#INLINE_CODE"]],
  ['python3 -c \'print(open("a" + "b").read())\'', "ask", ["#INLINE_CODE"]],
  ["python3 -c 'import sys; print(open(sys.argv[1]).read())' README.md", "ask", ["#INLINE_CODE"]],
  ['python3 -c \'import json; json.codecs.open("x", "w")\'', "ask", ["#INLINE_CODE"]],
  ['python3 -c \'import sys; sys.modules["os"].system("id")\'', "ask", ["#INLINE_CODE"]],
  ['python3 -c \'g = (x for x in []); g.gi_frame.f_builtins["eval"]("1")\'', "ask", ["#INLINE_CODE"]],
  ["python3 -c '().__class__.__base__.__subclasses__()'", "ask", ["#INLINE_CODE"]],
  ["python3 -c 'import json as j; x = j; x.codecs'", "ask", ["#INLINE_CODE"]],
  // A name bound in a function is still the builtin outside it.
  ["python3 -c 'def f():\n    eval = print\neval(\"1\")'", "ask", ["#INLINE_CODE"]],
  ["python3 -c 'from os import *'", "ask", ["#INLINE_CODE"]],
  // string.Formatter().get_field returns the object a string names: frames, then builtins.
  ["python3 -c 'import string; g = (x for x in []); string.Formatter().get_field(\"0.gi_frame\", [g], {})'", "ask", [
    "#INLINE_CODE",
  ]],
  ["python3 -c 'import urllib.request'", "ask", ["#INLINE_CODE"]],
  ["python3 -c 'open(\"x\", opener=print)'", "ask", ["#INLINE_CODE"]],
  // PYTHONINSPECT set while the program runs makes python read more code from standard input.
  ['python3 -c \'import os; os.environ["PYTHONINSPECT"] = "1"\'', "ask", ["#INLINE_CODE"]],
  ["python3 -c 'import os; print(os.getenv(\"HOME\"))'", "allow"],
  ["python3 -i -c 'print(1)'", "ask", ["#INLINE_CODE"]],
  ['python3 -c "$CODE"', "ask", ["#INLINE_CODE"]],
  ["python3 -c 'print(1'", "ask", ["#INLINE_CODE"]],
]);

table("inline javascript: confined code is allowed, its files judged", box, [["node -e 'console.log(1 + 1)'", "allow", [
  "!#INLINE_CODE",
]], ["node -p 'process.versions'", "allow"], [
  'node -e \'const fs = require("fs"); console.log(JSON.parse(fs.readFileSync("README.md", "utf8")).name)\'',
  "allow",
  ["read $P/README.md"],
], ['node -e \'const { writeFileSync } = require("node:fs"); writeFileSync("out.json", JSON.stringify({ a: 1 }))\'',
  "allow", ["write $P/out.json"]], ['node -e \'console.log(require("fs").readdirSync("src").join("\\n"))\'', "allow", [
  "list $P/src",
]], ["node -e 'process.stdin.on(\"data\", (d) => process.stdout.write(d.toString().toUpperCase()))'", "allow"], [
  'node -e \'const path = require("path"); for (const x of [1, 2]) { let y = x * 2; console.log(path.join("a", `${y}`)); }\'',
  "allow",
], ["node -e 'function f(a, ...b) { return a + b.length } console.log(f(1, 2, 3))'", "allow"]]);

table("inline javascript: the outside twins", box, [
  ['node -e \'console.log(require("fs").readFileSync("/etc/shadow", "utf8"))\'', "ask", ["read /etc/shadow",
    "#EXTERNAL_PATH"]],
  ['node -e \'require("fs").writeFileSync("../outside/x", "1")\'', "ask", ["write $O/x"]],
  ['node -e \'require("child_process").execSync("id")\'', "ask", ["#INLINE_CODE"]],
  ["node -e 'const m = \"fs\"; require(m)'", "ask", ["#INLINE_CODE"]],
  ["node -e 'require(\"fs\").readFileSync(process.argv[1])' README.md", "ask", ["#INLINE_CODE"]],
  ['node -e \'const fs = require("fs"); const f = fs.readFileSync; f("x")\'', "ask", ["#INLINE_CODE"]],
  ["node -e 'eval(\"1\")'", "ask", ["#INLINE_CODE"]],
  ["node -e 'new Function(\"return process\")()'", "ask", ["#INLINE_CODE"]],
  ["node -e '({}).constructor.constructor(\"return 1\")()'", "ask", ["#INLINE_CODE"]],
  ['node -e \'const o = {}; const k = "constructor"; o[k][k]("x")()\'', "ask", ["#INLINE_CODE"]],
  ["node -e 'globalThis.process.binding(\"fs\")'", "ask", ["#INLINE_CODE"]],
  ["node -e 'process.binding(\"spawn_sync\")'", "ask", ["#INLINE_CODE"]],
  ["node -e 'this.process'", "ask", ["#INLINE_CODE"]],
  ["node -e 'process.stdout._handle.writeUtf8String'", "ask", ["#INLINE_CODE"]],
  ["node -e 'import(\"fs\")'", "ask", ["#INLINE_CODE"]],
  ["node -e 'function f() { var eval = 1 } eval(\"x\")'", "ask", ["#INLINE_CODE"]],
  ["node -e 'x = 1'", "ask", ["#INLINE_CODE"]],
  // fetch reaches the network, not files (node rejects file: URLs); what the code does after still counts.
  ["node -e 'fetch(\"http://localhost:3000/api\").then((r) => r.json()).then(console.log)'", "allow", [
    "!#INLINE_CODE",
  ]],
  ['node -e \'fetch("http://x").then(() => require("fs").writeFileSync("../outside/x", "1"))\'', "ask", ["write $O/x"]],
  ["node -e 'fetch.call(null, \"http://x\")'", "ask", ["#INLINE_CODE"]],
  ["node -i -e 'console.log(1)'", "ask", ["#INLINE_CODE"]],
  // Options that could open the file for writing make a read a write too.
  ['node -e \'require("fs").readFileSync("README.md", { flag: "w" })\'', "allow", ["write $P/README.md"]],
  ['node -e \'require("fs").readFileSync("../outside/secret.txt", { flag: "w" })\'', "ask", ["write $O/secret.txt"]],
  ['node -e \'const o = {}; require("fs").createReadStream("README.md", o)\'', "allow", ["write $P/README.md"]],
  ['node -e \'require("fs").readFileSync("README.md", { encoding: "utf8" })\'', "allow", ["read $P/README.md",
    "!write $P/README.md"]],
]);

describe("inline analysers: the answer and its reason", () => {
  test("a refusal says why", () => {
    expect(analyseInline("python", "import os; os.system('x')")).toEqual({ ok: false,
      why: "os.system is not known to be pure" });
    expect(analyseInline("javascript", "require(x)")).toEqual({ ok: false,
      why: "require of a name built at run time" });
  });
  test("a confined program lists its files and imports", () => {
    expect(analyseInline("python", "import json; json.dump({}, open('o.json', 'w'))")).toEqual({ ok: true,
      files: [{ path: "o.json", kind: "write" }], imports: ["json.py"] });
    expect(analyseInline("python", "open('f', 'r+')")).toEqual({ ok: true,
      files: [{ path: "f", kind: "read" }, { path: "f", kind: "write" }], imports: [] });
  });
});

// `awk -f FILE`: the one program file, inside the root and not written earlier, is read as an
// inline program is.
const awk = useSandbox();
beforeAll(() => {
  const put = (name: string, text: string) => writeFileSync(join(awk.fx.project, name), text);
  put("count.awk", '{ n++ } END { print n > "count.txt" }\n');
  put("shell.awk", 'BEGIN { system("rm -rf ~") }\n');
  put("out.awk", '{ print > "../outside/x" }\n');
  put("getline.awk", 'BEGIN { while ((getline l < "/etc/shadow") > 0) print l }\n');
});
table("awk -f: a program file is read like an inline program", awk, [
  ["awk -f count.awk README.md", "allow", ["read $P/count.awk", "write $P/count.txt", "read $P/README.md",
    "!#OPAQUE_CODE"]],
  ["cd src && awk -f ../count.awk main.ts", "allow", ["write $P/src/count.txt"]],
  ["awk -f shell.awk README.md", "ask", ["#INLINE_CODE"]],
  ["awk -f out.awk README.md", "ask", ["write $O/x"]],
  ["awk -f getline.awk", "ask", ["read /etc/shadow"]],
  ["awk -f ../outside/secret.txt README.md", "ask", ["#OPAQUE_CODE", "read $O/secret.txt"]],
  ["echo 'BEGIN { system(\"x\") }' > count.awk; awk -f count.awk", "ask", ["#OPAQUE_CODE"]],
  // Several sources make one program text: not read piece by piece.
  ["awk -f count.awk -f shell.awk README.md", "ask", ["#OPAQUE_CODE"]],
  ["awk -e 'BEGIN { x = 1 }' -f count.awk README.md", "ask", ["#OPAQUE_CODE"]],
]);

// Importing a module that is not the standard library's runs project or installed code, as
// `python3 x.py` does: allowed, with the module judged where the interpreter looks first (the
// working directory: `mypkg.py`, `mypkg/`), and every plain string the code holds judged as a
// place, since that code may be handed it (issue 31, cause 1).
const withPackages = useSandbox((fx) => {
  mkdirSync(join(fx.project, "mypkg"), { recursive: true });
  writeFileSync(join(fx.project, "mypkg", "__init__.py"), "");
  symlinkSync(fx.outside, join(fx.project, "evilpkg"));
  return {};
});
table("inline python that imports project or installed code", withPackages, [
  ["python3 -c 'import numpy as np; print(np.__version__)'", "allow"],
  ["python -c 'import mypkg; print(mypkg.__file__)'", "allow", ["exec $P/mypkg"]],
  ["python3 -c 'from app import create_app; app = create_app(); print(app.name)'", "allow"],
  ['python3 -c \'import mypkg; mypkg.main(["--config", "conf/app.yaml"])\'', "allow"],
  // What the code hands the module is judged; so is where the module is.
  ["python3 -c 'import numpy as np; np.save(\"../outside/x.npy\", [1])'", "ask", ["* $O/x.npy"]],
  ["python3 -c 'from mypkg import ROOT; print((ROOT / \"/etc/shadow\").read_text())'", "ask", ["* /etc/shadow"]],
  ["python3 -c 'import mypkg; f = mypkg.opener; f(\"~/.ssh/id_rsa\")'", "ask", ["* $H/.ssh/id_rsa"]],
  ["python3 -c 'import evilpkg'", "ask", ["exec $O"]],
  // The standard library's modules that reach outside stay refused, and so does the machinery.
  ["python3 -c 'import subprocess; subprocess.run([\"id\"])'", "ask", ["#INLINE_CODE"]],
  ['python3 -c \'import mypkg; mypkg.__builtins__["open"]("x")\'', "ask", ["#INLINE_CODE"]],
  ["python3 -c 'import sys; sys.path.insert(0, \"../outside\"); import evil'", "ask", ["#INLINE_CODE"]],
  // Which environment runs: strings, which no call changes (sys.path, a list that moves
  // imports, is not among them).
  ["python3 -c 'import sys; print(sys.prefix, sys.base_prefix, sys.exec_prefix, sys.prefix != sys.base_prefix)'",
    "allow"],
  ["python3 -c 'import sys; print(sys.path)'", "ask", ["#INLINE_CODE"]],
  ['python3 -c \'import sys; open(sys.prefix + "/../x", "w")\'', "ask", ["#INLINE_CODE"]],
]);

// The same for node -e: a module that is not node's runs as `node x.js` runs; a package is the one
// node finds in node_modules, here or in a directory above (above the project it is outside).
const withNodeModules = useSandbox((fx) => {
  mkdirSync(join(fx.project, "lib"), { recursive: true });
  writeFileSync(join(fx.project, "lib", "x.js"), "module.exports = { f: 1 };\n");
  mkdirSync(join(fx.project, "node_modules", "dotenv"), { recursive: true });
  mkdirSync(join(fx.top, "work", "node_modules", "hoisted"), { recursive: true });
  return {};
});
table("inline node code that requires project or installed code", withNodeModules, [
  ["node -e \"const {f} = require('./lib/x.js'); console.log(f)\"", "allow", ["exec $P/lib/x.js"]],
  ["node -e \"require('dotenv').config(); console.log(process.env.PORT)\"", "allow", ["exec $P/node_modules/dotenv"]],
  ["node -e \"require('hoisted')\"", "ask", ["exec $T/work/node_modules/hoisted"]],
  ["node -e \"require('../outside/x.js')\"", "ask", ["exec $O/x.js"]],
  ["node -e \"require('./lib/x.js').save('../outside/out.txt')\"", "ask", ["* $O/out.txt"]],
  ["node -e \"require('child_process').execSync('id')\"", "ask", ["#INLINE_CODE"]],
  ["node -e \"const x = require('./lib/x.js'); x.constructor.constructor('return process')()\"", "ask", [
    "#INLINE_CODE",
  ]],
  // require.resolve finds the module as require would, and is judged where that module is.
  ["node -p \"require.resolve('dotenv/package.json')\"", "allow", ["exec $P/node_modules/dotenv", "!#INLINE_CODE"]],
  ["node -p \"require.resolve('./lib/x.js')\"", "allow", ["exec $P/lib/x.js"]],
  ["node -p \"require.resolve('fs')\"", "allow"],
  ["node -p \"require.resolve('hoisted')\"", "ask", ["exec $T/work/node_modules/hoisted"]],
  ["node -p \"require.resolve('../outside/x.js')\"", "ask", ["exec $O/x.js"]],
  ["node -p \"const m = 'dotenv'; require.resolve(m)\"", "ask", ["#INLINE_CODE"]],
  ["node -p \"require.resolve('dotenv', { paths: ['../outside'] })\"", "ask", ["#INLINE_CODE"]],
]);
