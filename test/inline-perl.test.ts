// Inline perl (src/commands/inline/perl.ts, src/commands/table/dev/perl-code.ts): `perl -e`,
// `-ne`, `-pe`, `-pi -e`, `-lane` are allowed when the code is provably confined; the operands
// `<>` reads are read (written with -i). Each confined case has a twin that is not. What perl
// itself does where it matters is checked against the real perl at the end.

import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { analyseInline } from "../src/commands/inline/index.ts";
import { table, useSandbox } from "./support/table.ts";

const box = useSandbox();

table("inline perl: confined code is allowed, the operands it reads judged", box, [
  ["perl -e 'print \"a\" x 10'", "allow", ["!#INLINE_CODE"]],
  ["perl -ne 'print if /x/' README.md", "allow", ["read $P/README.md"]],
  ["perl -pi -e 's/foo/bar/g' README.md src/main.ts", "allow", ["write $P/README.md", "write $P/src/main.ts"]],
  ["perl -pi.bak -e 's/a/b/' README.md", "allow", ["write $P/README.md", "write $P/README.md.bak"]],
  ["perl -i -pe 's/something/another/g' README.md", "allow", ["write $P/README.md"]],
  ["perl -e 's/a/b/' -pi README.md", "allow", ["write $P/README.md"]],
  ["find . | perl -lne 'print quotemeta'", "allow"],
  ["seq 1 10 | perl -e '@x=<>;print@x[0..$#x-3]'", "allow"],
  ["seq 1 10 | perl -ne 'print if ( !eof  )'", "allow"],
  ["tac README.md | perl -lane 'print join(\" \", reverse(@F))'", "allow"],
  ["ls | perl -F'\\n' -0777 -anE 'say join \",\", @F'", "allow"],
  ["perl -ne 'print $1 if m/\\.([^.\\/]+)$/' README.md", "allow", ["read $P/README.md"]],
  ["perl -pe 's/((:\\S*){3}):\\S*/$1/g' README.md", "allow", ["read $P/README.md"]],
  ['perl -ne \'chomp; print "$_ "; END { print "\\n" }\' README.md', "allow"],
  ["perl -nle 'BEGIN { $n = 0 } $n++; END { print $n }' README.md", "allow"],
  ["perl -ane '$sum += $F[1]; END { print \"$sum\\n\" }' README.md", "allow"],
  ["perl -e '@d=localtime(time-86400);printf(\"%02d/%02d/%04d\",$d[3],$d[4]+1,$d[5]+1900)'", "allow"],
  ["whoami | perl -e 'print uc <>'", "allow"],
  ["perl -le 'print for sort keys %ENV'", "allow"],
  // Without <>, the operands are strings in @ARGV that confined code cannot open.
  ["perl -le 'print for @ARGV' ../outside/secret.txt", "allow", ["!read $O/secret.txt"]],
  ["perl -e 'printf qq[%s => %s\\n], scalar @ARGV, length join q[ ], @ARGV' a b", "allow"],
  ["perl -ne print -- -", "allow"],
  ["perl -ge 'print length <>' README.md", "allow", ["read $P/README.md"]],
  // perl takes only digits after -0 and -l, then reads more switches: -0777ne is -0777 -ne.
  ["perl -0777ne 'print' README.md", "allow", ["read $P/README.md"]],
  ["perl -0777l0ne 'print' README.md", "allow", ["read $P/README.md"]],
  ["ls | perl -l40pe0", "allow"],
]);

table("inline perl: the outside twins", box, [
  ["perl -ne 'print if /x/' ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["perl -ne print link-out/secret.txt", "ask", ["read $O/secret.txt"]],
  ["perl -pi -e 's/a/b/' ../outside/secret.txt", "ask", ["write $O/secret.txt"]],
  // -a and -F imply -n (perl 5.20+): the program loops over <>.
  ["perl -ae 'print' ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["perl -F: -e 'print' ../outside/secret.txt", "ask", ["read $O/secret.txt"]],
  ["perl -F: -e 'print' 'id |'", "ask", ["#INLINE_CODE"]],
  ["cd .. && perl -pi -e 's/a/b/' outside/secret.txt", "ask", ["write $O/secret.txt"]],
  ["perl -i'../outside/*' -pe 's/a/b/' README.md", "ask", ["write $O/README.md"]],
  // The backup NAME+SUFFIX is beside NAME (perl links it there: strace).
  ["perl -pi.bak -e 's/a/b/' ../outside/secret.txt", "ask", ["write $O/secret.txt.bak"]],
  ["perl -pi.bak -e 'system 1' ../outside/secret.txt", "ask", ["#INLINE_CODE", "write $O/secret.txt.bak"]],
  // <> opens each operand with a two-argument open: `id |` runs id.
  ["perl -ne print 'id |'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'print while <>' '<../outside/secret.txt'", "ask", ["#INLINE_CODE"]],
  ["find . | xargs perl -ne 'print if /x/'", "ask", ["#INLINE_CODE"]],
  ["perl -ne 'push @ARGV, \"id |\"; print' README.md", "ask", ["#INLINE_CODE"]],
  ['perl -e \'$x = "ARGV"; push @$x, "id|"; print <>\' README.md', "ask", ["#INLINE_CODE"]],
  ['perl -ne \'$h{a} = "AR" . "GV"; $h{a}[0] = "id|"; print\' README.md', "ask", ["#INLINE_CODE"]],
  ['perl -e \'$^I = ""; @ARGV = ("/etc/x"); print while <>\'', "ask", ["#INLINE_CODE"]],
  // perl reads switches from a #! first line of -e code (-i here: perlrun).
  ["perl -e '#!perl -i\nprint while <>' README.md", "ask", ["#INLINE_CODE"]],
  // What the code itself may do.
  ["perl -e 'system \"cat ../x\"'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'exec \"id\"'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'open F, \"../x\"'", "ask", ["#INLINE_CODE"]],
  ['perl -e \'open(my $f, "<", "README.md")\'', "ask", ["#INLINE_CODE"]],
  ["perl -e 'unlink \"/etc/x\"'", "ask", ["#INLINE_CODE"]],
  ['perl -e \'rename "a", "../b"\'', "ask", ["#INLINE_CODE"]],
  ["perl -e 'print qx(id)'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'print `id`'", "ask", ["#INLINE_CODE"]],
  ["perl -pe 's/x/1/e' README.md", "ask", ["#INLINE_CODE"]],
  ["perl -pe 's{x}{1}ee' README.md", "ask", ["#INLINE_CODE"]],
  // The grammar may not see a substitution with other delimiters: /ee is refused in the text.
  ["perl -pe 's#x#\"\\x73ystem(q(id))\"#ee' README.md", "ask", ["#INLINE_CODE"]],
  ["perl -pe 's.x.\"\\x73ystem(q(id))\".ee' README.md", "ask", ["#INLINE_CODE"]],
  ["perl -pe 's(x) /\"\\x73ystem(q(id))\"/ee' README.md", "ask", ["#INLINE_CODE"]],
  // A word of flag letters after a dot is not a substitution.
  ["perl -pi -e 's/subdomainA\\.example\\.com/subdomainB.example.com/g' README.md", "allow", ["write $P/README.md"]],
  ["perl -e 'print -e \"/etc/shadow\"'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'print -T \"/etc/shadow\"'", "ask", ["#INLINE_CODE"]],
  ["perl -ne '$h{a}{b} = 1' README.md", "ask", ["#INLINE_CODE"]],
  ["perl -e 'do \"x\"'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'require $x'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'require \"x.pl\"'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'use POSIX; print 1'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'eval \"1\"'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'print <~/.ssh/*>'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'print glob \"~/*\"'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'print \"x\" =~ /(?{ 1 })/'", "ask", ["#INLINE_CODE"]],
  ['perl -e \'&{"sys" . "tem"}("id")\'', "ask", ["#INLINE_CODE"]],
  ["perl -e '$f = \"x\"; &$f'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'STDOUT->autoflush(1)'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'CORE::system(\"id\")'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'sub f { 1 } f()'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'print sort $x 1, 2'", "ask", ["#INLINE_CODE"]],
  ["perl -e '$SIG{__WARN__} = \"f\"; warn 1'", "ask", ["#INLINE_CODE"]],
  // tzset reads the file TZ names when localtime runs (strace: openat of that path).
  ["perl -e '$ENV{TZ} = \"/etc/shadow\"; print scalar localtime'", "ask", ["#INLINE_CODE"]],
  // Interpolation runs the code in a subscript or a block.
  ["perl -e 'print \"@{[ 1 ]}\"'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'print \"${\\ 1}\"'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'print \"$h{1 + 1}\"'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'print \"$x[1 + 1]\"'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'print \"$ x[1 + 1]\"'", "ask", ["#INLINE_CODE"]],
  ["perl -e 'print <<EOF\n`id`\nEOF'", "ask", ["#INLINE_CODE"]],
  // Options that load code, read the program elsewhere, or that the guard does not follow.
  ["perl -MPOSIX -e 'print 1'", "ask", ["#INLINE_CODE"]],
  ["perl -Mstrict -e 'print 1'", "ask", ["#INLINE_CODE"]],
  ["perl -mPOSIX -e 'print 1'", "ask", ["#INLINE_CODE"]],
  ["perl -I. -e 'print 1'", "ask", ["#INLINE_CODE"]],
  ["perl -d -e 1", "ask", ["#INLINE_CODE"]],
  ["perl -x -e 1", "ask", ["#INLINE_CODE"]],
  ["perl -s -e 'print $x' -- -x=1", "ask", ["#INLINE_CODE"]],
  ["perl -u -e 1", "ask", ["#INLINE_CODE"]],
  ["perl -Z -e 1", "ask", ["#INLINE_CODE"]],
  ["perl -F'/x/;system\"id\";/' -ane 1", "ask", ["#INLINE_CODE"]],
  // The table's bundles would take the rest of the word as -0's or -d's value, and CODE for a
  // script: perl runs it.
  ["perl -0e 'system \"id\"'", "ask", ["#INLINE_CODE"]],
  ["perl -l0e 'system \"id\"'", "ask", ["#INLINE_CODE"]],
  ["perl -0777ne 'system \"id\"' README.md", "ask", ["#INLINE_CODE"]],
  ["perl -de 'system \"id\"'", "ask", ["#INLINE_CODE"]],
  ['perl -e "$CODE"', "ask", ["#INLINE_CODE"]],
  ["perl -e 'print 1' -e \"$MORE\"", "ask", ["#INLINE_CODE"]],
  ["perl -e 'print (1'", "ask", ["#INLINE_CODE"]],
]);

// ruby's -e is not read, but its switch words are split as ruby reads them (ruby 3.1.2, run by
// hand: -0 takes octal digits, -W a level, -K one letter, and more switches follow), so that
// `ruby -0e CODE` is not taken for a script named CODE.
table("ruby: switches read as ruby reads them", box, [["ruby -0e 'system \"id\"'", "ask", ["#INLINE_CODE"]], [
  "ruby -We 'system \"id\"'",
  "ask",
  ["#INLINE_CODE"],
], ["ruby -W0e 'system \"id\"'", "ask", ["#INLINE_CODE"]], ["ruby -Kue 'system \"id\"'", "ask", ["#INLINE_CODE"]], [
  "ruby --disable-gems -0e 'system \"id\"'",
  "ask",
  ["#INLINE_CODE"],
], ["ruby -ne 'puts $_' README.md", "ask", ["#INLINE_CODE"]]]);

describe("inline perl: the answer and its reason", () => {
  test("a refusal says why", () => {
    expect(analyseInline("perl", "system 'id'")).toEqual({ ok: false, why: "the code names system" });
    expect(analyseInline("perl", "s/a/b/e")).toEqual({ ok: false, why: "s///e runs the replacement as code" });
    expect(analyseInline("perl", 'print "$h{x}"')).toEqual({ ok: false,
      why: '"$h{" in an interpolating string runs the subscript as code' });
  });
  test("the loop of -n/-p reads the operands; code without <> does not", () => {
    expect(analyseInline("perl", "print", { loop: true })).toEqual({ ok: true, files: [], imports: [],
      readsOperands: true });
    expect(analyseInline("perl", "print <STDIN>")).toEqual({ ok: true, files: [], imports: [] });
    expect(analyseInline("perl", "print while <>")).toEqual({ ok: true, files: [], imports: [], readsOperands: true });
  });
  // Refused names are refused inside strings too: the grammar may end a string where perl does not.
  test("refused names are refused wherever they appear", () => {
    expect(analyseInline("perl", "print 'unlink'").ok).toBe(false);
  });
});

// The real perl, for what the analysis relies on (perlop "I/O Operators", perlrun).
describe("inline perl: what perl does", () => {
  const run = (args: readonly string[], cwd: string) => spawnSync("perl", args, { cwd, encoding: "utf8", input: "" });
  test("<> runs an operand that ends in |, -i does not", () => {
    const dir = mkdtempSync(join(tmpdir(), "sf-perl-"));
    try {
      writeFileSync(join(dir, "echo ran |"), "");
      expect(run(["-ne", "print", "echo ran |"], dir).stdout).toBe("ran\n");
      expect(run(["-pi", "-e", "1", "echo ran |"], dir).stdout).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test("-a and -F loop over <> without -n", () => {
    const dir = mkdtempSync(join(tmpdir(), "sf-perl-"));
    try {
      writeFileSync(join(dir, "f"), "a:b\n");
      expect(run(["-ae", "print", "f"], dir).stdout).toBe("a:b\n");
      expect(run(["-F:", "-e", "print $F[1]", "f"], dir).stdout).toBe("b\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test("-0 and -l take digits only, and switches follow", () => {
    const dir = mkdtempSync(join(tmpdir(), "sf-perl-"));
    try {
      expect(run(["-0e", "print 1"], dir).stdout).toBe("1");
      expect(run(["-l0e", "print 1"], dir).stdout).toBe("1\0");
      expect(run(["-0x1Fe", "print 1"], dir).stderr).toContain("Can't open perl script");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test("a #! first line of -e code sets switches", () => {
    const dir = mkdtempSync(join(tmpdir(), "sf-perl-"));
    try {
      writeFileSync(join(dir, "f"), "a\n");
      run(["-e", "#!perl -pi\ns/a/b/", "f"], dir);
      expect(readFileSync(join(dir, "f"), "utf8")).toBe("b\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
