// pathlib and tomllib in inline Python (src/commands/inline/python-paths.ts, python-path-code.ts):
// a Path built from string literals (and other such Paths) is a place whose text is computed as
// pathlib computes it, and what the code does through it is an access of that text, as
// `open("…")` of a literal is. A Path built from anything else, one handed on (a list, a
// function, a class attribute), `Path.home()`, `expanduser`, `resolve`, and files a listing found
// read or written keep INLINE_CODE. Each allowed form has outside twins.

import { describe, expect, test } from "bun:test";
import { joinPaths, parentOf, pathText, withSuffix } from "../src/commands/inline/python-paths.ts";
import { table, useSandbox } from "./support/table.ts";

const box = useSandbox();

table("inline pathlib: Paths of literal text are places", box, [
  // The agents' patch idiom, from a here-document and from -c.
  [
    'python3 - <<\'EOF\'\nfrom pathlib import Path\np = Path("src/main.ts")\ns = p.read_text()\np.write_text(s.replace("a", "b"))\nEOF',
    "allow",
    ["read $P/src/main.ts", "write $P/src/main.ts", "exec $P/pathlib.py", "!#INLINE_CODE"],
  ],
  ["python - <<'EOF'\nimport pathlib\np = pathlib.Path(\"README.md\")\np.write_text(p.read_text().upper())\nEOF",
    "allow", ["write $P/README.md"]],
  ["python3 -c 'from pathlib import Path; print(Path(\"README.md\").read_text())'", "allow", ["read $P/README.md"]],
  ['python3 -c \'from pathlib import Path; print((Path("src") / "main.ts").exists())\'', "allow", [
    "read $P/src/main.ts",
  ]],
  ['python3 -c \'from pathlib import Path; print(Path("src").joinpath("main.ts").read_bytes())\'', "allow", [
    "read $P/src/main.ts",
  ]],
  ['python3 -c \'from pathlib import Path; Path("src/main.ts").with_suffix(".bak").write_text("x")\'', "allow", [
    "write $P/src/main.bak",
  ]],
  ["python3 -c 'from pathlib import Path as P; P(\"out/x.json\").parent.mkdir(parents=True, exist_ok=True)'", "allow", [
    "write $P/out",
  ]],
  ["python3 -c 'from pathlib import Path\nwith Path(\"README.md\").open() as f:\n    print(f.read())'", "allow", [
    "read $P/README.md",
  ]],
  // A name used above its one binding (in a function called later) holds the same Path.
  ["python3 -c 'from pathlib import Path\ndef f():\n    return p.read_text()\np = Path(\"README.md\")\nprint(f())'",
    "allow", ["read $P/README.md"]],
  // Listings: the directory is listed; what they find may be named and printed only.
  ['python3 -c \'from pathlib import Path; print(sorted(f.name for f in Path("src").glob("*.ts")))\'', "allow", [
    "list $P/src",
  ]],
  ['python3 -c \'from pathlib import Path\nfor f in sorted(Path("src").rglob("*")):\n    print(f)\'', "allow", [
    "list $P/src",
  ]],
  ['python3 -c \'from pathlib import Path; q = Path("src") / "x"; print(f"{q}", str(q))\'', "allow"],
  ["cd src && python3 -c 'from pathlib import Path; print(Path(\"main.ts\").read_text())'", "allow", [
    "read $P/src/main.ts",
  ]],
  // tomllib parses: it reads only the file the code opens.
  ["python3 -c \"import tomllib; print(tomllib.load(open('pyproject.toml', 'rb'))['project'])\"", "allow", [
    "read $P/pyproject.toml",
    "exec $P/tomllib.py",
  ]],
]);

table("inline pathlib: the outside twins", box, [
  ["python3 - <<'EOF'\nfrom pathlib import Path\np = Path(\"../outside/secret.txt\")\nprint(p.read_text())\nEOF", "ask",
    ["read $O/secret.txt"]],
  ['python3 -c \'from pathlib import Path; Path("/etc/x").write_text("x")\'', "ask", ["write /etc/x"]],
  ['python3 -c \'from pathlib import Path; Path("src", "/etc/x").write_text("x")\'', "ask", ["write /etc/x"]],
  ['python3 -c \'from pathlib import Path; (Path("src") / "../../outside/x").write_text("x")\'', "ask", ["write $O/x"]],
  ["python3 -c 'from pathlib import Path; Path(\"link-out/secret.txt\").read_text()'", "ask", ["read $O/secret.txt"]],
  ['python3 -c \'from pathlib import Path; Path("README.md").rename("../outside/r.md")\'', "ask", ["write $O/r.md"]],
  ['python3 -c \'from pathlib import Path\nwith Path("../outside/x").open("w") as f:\n    f.write("x")\'', "ask", [
    "write $O/x",
  ]],
  ['python3 -c \'from pathlib import Path\ndef f():\n    p.write_text("k")\np = Path("../outside/x")\nf()\'', "ask", [
    "write $O/x",
  ]],
  // Not literal, or reaching the home directory: not known.
  ['python3 -c \'from pathlib import Path; Path.home().joinpath(".ssh/config").write_text("x")\'', "ask", [
    "#INLINE_CODE",
  ]],
  ['python3 -c \'from pathlib import Path; Path("~/.ssh/config").expanduser().write_text("x")\'', "ask", [
    "#INLINE_CODE",
  ]],
  ["python3 -c 'from pathlib import Path; import sys; Path(sys.argv[1]).write_text(\"x\")' README.md", "ask", [
    "#INLINE_CODE",
  ]],
  ["python3 -c 'from pathlib import Path; import os; Path(os.getcwd()).write_text(\"x\")'", "ask", ["#INLINE_CODE"]],
  ['python3 -c \'from pathlib import Path; Path("src").resolve().write_text("x")\'', "ask", ["#INLINE_CODE"]],
  // A name bound twice, a Path in a container, a class attribute, a bound method, the class as a value.
  ['python3 -c \'from pathlib import Path; p = Path("README.md"); p = Path("/etc/x"); p.write_text("x")\'', "ask", [
    "#INLINE_CODE",
  ]],
  ['python3 -c \'from pathlib import Path; ps = [Path("/etc/x")]; ps[0].write_text("x")\'', "ask", ["#INLINE_CODE"]],
  ['python3 -c \'from pathlib import Path\nclass A:\n    p = Path("/etc/x")\nA.p.write_text("x")\'', "ask", [
    "#INLINE_CODE",
  ]],
  ['python3 -c \'from pathlib import Path; f = Path("/etc/x").write_text; f("x")\'', "ask", ["#INLINE_CODE"]],
  ['python3 -c \'from pathlib import Path; x = Path; x("/etc/x").write_text("x")\'', "ask", ["#INLINE_CODE"]],
  ['python3 -c \'from pathlib import Path\ndef f(p):\n    p.write_text("x")\nf(Path("/etc/x"))\'', "ask", [
    "#INLINE_CODE",
  ]],
  // What a listing found is not read or written; a pattern may not climb out.
  ['python3 -c \'from pathlib import Path\nfor f in Path("src").glob("*.ts"):\n    f.unlink()\'', "ask", [
    "#INLINE_CODE",
  ]],
  ['python3 -c \'from pathlib import Path; print(list(Path("src").glob("../../*")))\'', "ask", ["#INLINE_CODE"]],
  ["python3 -c 'from pathlib import Path; print([f.name for f in Path(\"../outside\").iterdir()])'", "ask", [
    "list $O",
  ]],
  // Opaque code handed a Path's text: the text is judged as a place.
  ['python3 -c \'from pathlib import Path; import mypkg; mypkg.f(str(Path("/etc") / "shadow"))\'', "ask", [
    "* /etc/shadow",
  ]],
  ["python3 -c \"import tomllib; print(tomllib.load(open('/etc/x.toml', 'rb')))\"", "ask", ["read /etc/x.toml"]],
]);

describe("pathlib's text, as Python 3.11's PurePosixPath makes it", () => {
  test("parts, joins and parents", () => {
    // python3 -c 'from pathlib import PurePosixPath as P; print(P("a//b/./c"), P("//x"), P("///x"), P("link/"))'
    expect(["a//b/./c", "//x", "///x", "link/", "", "..", "a/.."].map(pathText)).toEqual(["a/b/c", "//x", "/x", "link",
      ".", "..", "a/.."]);
    expect(joinPaths(["a", "/etc"])).toBe("/etc");
    expect(joinPaths(["a", "b", "/c", "d"])).toBe("/c/d");
    expect(["..", "/", "a", "/a", "//a", "a/b/"].map(parentOf)).toEqual([".", "/", ".", "/", "//", "a"]);
    expect(withSuffix("a/b.tar.gz", ".x")).toBe("a/b.tar.x");
    expect(withSuffix("a/.bashrc", ".x")).toBe("a/.bashrc.x");
    expect(withSuffix(".", ".x")).toBeNull();
  });
});
