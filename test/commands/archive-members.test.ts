// Where extraction writes the members of an archive the guard reads (src/commands/table/
// unpacking.ts): tar (GNU tar, bsdtar, BusyBox's applet), unzip, 7z and cpio, on archives in
// the project made by the real programs (which must allow) and crafted ones (which must ask).
// What each program does with the crafted ones was checked by running it in a scratch
// directory (GNU tar 1.34, bsdtar 3.6.2, BusyBox 1.35, Info-ZIP unzip 6.0, 7-Zip, GNU cpio
// 2.13): noted beside each case. These cases are not in the golden files (their archives are
// made here, not by the shared fixture); they say why they ask as every case does.

import { beforeAll, describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { archiveMembers } from "../../src/paths/archive-members.ts";
import { MEMBER_BOUNDS } from "../../src/paths/members.ts";
import { have, makeArchives } from "../support/archives.ts";
import { assertCase, type Case, type Sandbox, useSandbox } from "../support/table.ts";

const box = useSandbox();
beforeAll(() => makeArchives(join(box.fx.project, "build"), box.fx.outside));

/** Cases run from the directory the archives are in, $P/build (no symlink there). */
function cases(name: string, list: readonly Case[]): void {
  describe(name, () => {
    for (const c of list) {
      test(`${c[0].replace(/\n/g, "⏎")} → ${c[1]}`, () =>
        assertCase(box, [c[0], c[1], c[2] ?? [], { cwd: "$P/build", ...c[3] }]));
    }
  });
}

cases("everyday archives unpack inside", [
  ["tar -xzf vendor.tgz -C vendor", "allow", ["read $P/build/vendor.tgz", "write $P/build/vendor"]],
  ["tar xf release.tar", "allow", ["write $P/build"]],
  ["tar xf release-pax.tar --strip-components=1", "allow", ["write $P/build"]],
  ["unzip -o assets.zip -d public/", "allow", ["write $P/build/public"]],
  ["bsdtar -xf assets.zip -C out", "allow", ["write $P/build/out"]],
  ["busybox tar -xzf vendor.tgz", "allow", ["write $P/build"]],
  ["busybox unzip -o assets.zip", "allow", ["write $P/build"]],
  ["7z x -y assets.zip -oout", "allow", ["write $P/build/out"]],
  ["cpio -idm --no-absolute-filenames < release.cpio", "allow", ["write $P/build"]],
  ["tar xf - < release.tar", "allow", ["write $P/build"]],
  // `cat FILE` hands its file on as `< FILE` does: the members are read from it.
  ["cat release.cpio | cpio -idm", "allow", ["write $P/build"]],
  ["cat release.tar | tar xf -", "allow", ["write $P/build"]],
  ["TAR_OPTIONS=--verbose tar xzf vendor.tgz", "allow", ["write $P/build"]],
  // A symlink that leads out, with nothing written through it: the link is a name in the tree,
  // judged wherever a later command uses it.
  ["tar xf link-out.tar", "allow", ["!write $O/secret.txt"]],
  ["unzip -o link-out.zip -d x", "allow"],
  // Every program strips a leading `/` unless -P: /etc/passwd-copy lands at ./etc/passwd-copy.
  ["tar xf abs-only.tar", "allow", ["!write /etc/passwd-copy"]],
  // A hard link to a member of its own archive.
  ["tar xf hard-inside.tar", "allow"],
  // An archive that is not there: tar fails and writes nothing.
  ["tar xzf missing.tgz -C vendor", "allow"],
]);

cases("members that climb, are absolute, or lead out through links", [
  // GNU tar and bsdtar refuse it, BusyBox and unzip strip it; tar -P, unzip -: and older versions write it.
  ["tar xf dotdot.tar", "ask", ["#UNRESOLVED_PATH"]],
  ["cat dotdot.tar | tar xf -", "ask", ["#UNRESOLVED_PATH"]],
  ["tar -xPf dotdot.tar", "ask", ["#UNRESOLVED_PATH"]],
  ["tar xf inner-dotdot.tar -C sub", "ask", ["#UNRESOLVED_PATH"]],
  ["unzip dotdot.zip", "ask", ["#UNRESOLVED_PATH"]],
  // unzip reads `\` as `/` in an archive made on Windows.
  ["unzip -o backslash.zip", "ask", ["#UNRESOLVED_PATH"]],
  ["busybox cpio -idm < dotdot.cpio", "ask", ["#UNRESOLVED_PATH"]],
  // -P keeps the absolute name: written where it says.
  ["tar -xPf abs.tar", "ask", ["write $O/absx"]],
  ["tar --absolute-names -xf abs.tar", "ask", ["write $O/absx"]],
  ["bsdtar --insecure -xf abs.tar", "ask", ["write $O/absx"]],
  // GNU tar reads TAR_OPTIONS apart from its command line, whose first word is still its cluster.
  ["TAR_OPTIONS=-P tar xf abs.tar", "ask", ["write $O/absx"]],
  ["TAR_OPTIONS=-v tar xf dotdot.tar", "ask", ["#UNRESOLVED_PATH"]],
  // GNU cpio writes absolute names as stored unless --no-absolute-filenames.
  ["cpio -idm < abs.cpio", "ask", ["write $O/absx"]],
  ["cpio -idm --no-absolute-filenames < abs.cpio", "allow", ["!write $O/absx"]],
  // GNU tar 1.34 and BusyBox 1.35 cut `b//$O/f` after its first slash and write /…/outside/f.
  ["tar xf strip-slash.tar --strip-components=1", "ask", ["write $O/f"]],
  ["tar xf strip-slash.tar", "allow"],
  // The two-step escape: a symlink, then a member through it (GNU cpio 2.13 writes $O/x).
  ["tar xf through-abs.tar", "ask", ["#UNRESOLVED_PATH"]],
  ["tar xf through-rel.tar", "ask", ["#UNRESOLVED_PATH"]],
  ["tar xf through-chain.tar", "ask", ["#UNRESOLVED_PATH"]],
  ["tar xf dir-then-link.tar", "ask", ["#UNRESOLVED_PATH"]],
  ["tar xf onto-link.tar", "ask", ["#UNRESOLVED_PATH"]],
  ["unzip -o through.zip -d public", "ask", ["#UNRESOLVED_PATH"]],
  ["7z x through.zip", "ask", ["#UNRESOLVED_PATH"]],
  ["bsdtar xf through.zip", "ask", ["#UNRESOLVED_PATH"]],
  ["cpio -idm --no-absolute-filenames < through.cpio", "ask", ["#UNRESOLVED_PATH"]],
  ["cpio -idm -F through.cpio", "ask", ["#UNRESOLVED_PATH"]],
  // Hard links: BusyBox 1.35 links to an absolute or climbing target as given.
  ["tar xf hard-abs.tar", "ask", ["unknown $O/secret.txt"]],
  ["busybox tar xf hard-climb.tar", "ask", ["#UNRESOLVED_PATH"]],
  ["tar --overwrite -xf hard-to-link.tar", "ask", ["#UNRESOLVED_PATH"]],
  // Names a reader may take from elsewhere than the header: a pax path, a GNU long name, a zip
  // local header, a second archive after the end blocks (GNU tar -i reads it).
  ["tar xf pax-path.tar", "ask", ["#UNRESOLVED_PATH"]],
  ["tar xf long-name.tar", "ask", ["#UNRESOLVED_PATH"]],
  ["unzip local-name.zip", "ask", ["#UNRESOLVED_PATH"]],
  ["tar -xif concatenated.tar", "ask", ["#UNRESOLVED_PATH"]],
]);

// A member is a write where it lands: one that lands in a place the guard protects (git's
// directory, whose hooks the next `git commit` runs; a host's settings; the guard's own
// configuration) asks as `cp` onto it does, while the tree the members land in is judged as a
// whole (a write of the directory does not count the zones it holds: src/policy/protect.ts).
// GNU tar 1.34 and unzip 6.0 write .git/hooks/pre-commit from zone-git.tar in $P (checked).
cases("members that land in protected places", [
  ["tar xf zone-git.tar", "ask", ["#PROTECTED_PATH", "write $P/build/.git/hooks/pre-commit"]],
  ["cd sub && tar xf ../zone-git.tar -C ..", "ask", ["#PROTECTED_PATH", "write $P/build/.git/hooks/pre-commit"]],
  ["bsdtar -xf zone-git.tar -C .", "ask", ["#PROTECTED_PATH"]],
  ["tar xf zone-nested.tar -C vendor", "ask", ["#PROTECTED_PATH", "write $P/build/vendor/pkg/.git/config"]],
  ["unzip -o zone-claude.zip", "ask", ["#PROTECTED_PATH", "write $P/build/.claude/settings.json"]],
  ["7z x -y zone-claude.zip", "ask", ["#PROTECTED_PATH"]],
  ["tar xf zone-guard.tar", "ask", ["#PROTECTED_PATH", "write $P/build/.shellfence.json"]],
  ["cpio -idm --no-absolute-filenames < zone-git.tar", "ask", ["#PROTECTED_PATH"]],
  // --strip-components moves the member out of the zone: pkg/config is an ordinary file.
  ["tar xf zone-nested.tar -C vendor --strip-components=2", "allow", ["write $P/build/vendor/config"]],
  // Members are judged as writes where they land, and the everyday ones are plain files.
  ["tar xf release.tar -C vendor", "allow", ["write $P/build/vendor/pkg/lib/index.js"]],
  ["unzip -o assets.zip -d public", "allow", ["write $P/build/public/pkg/README.md"]],
]);

cases("archives whose members the guard cannot read", [["curl -sLo a.tgz https://example.com/a.tgz && tar xzf a.tgz",
  "ask", ["#UNRESOLVED_PATH"]], ["curl -sL https://example.com/a.tgz | tar xz -C vendor", "ask", ["#UNRESOLVED_PATH"]],
  ["git archive HEAD | tar -x -C out", "ask", ["#UNRESOLVED_PATH"]], ["cp release.tar r.tar && tar xf r.tar", "ask", [
  "#UNRESOLVED_PATH",
]], ["tar xf ../../outside/secret.txt", "ask", ["read $O/secret.txt"]], ["tar xjf vendor.tar.bz2", "ask", [
  "#UNRESOLVED_PATH",
]], ["tar xf garbage.tar", "ask", ["#UNRESOLVED_PATH"]], ["tar xf release.tar --transform 's,^,x/,'", "ask", [
  "#UNRESOLVED_PATH",
]], ["tar xf release.tar --strip-components=$N", "ask", ["#UNRESOLVED_PATH"]],
  ...(have("7z") ? [["7z x bundle.7z", "ask", ["#UNRESOLVED_PATH"]] as const] : []), ["unrar x a.rar", "ask", [
  "#UNRESOLVED_PATH",
]]]);

// What `cat` hands on is read as `< FILE` is: not after a write of it, or project code, earlier.
cases("archives cat hands on that the guard cannot read", [["make && cat release.cpio | cpio -idm", "ask", [
  "#UNRESOLVED_PATH",
]], ["cp dotdot.tar release.tar && cat release.tar | tar xf -", "ask", ["#UNRESOLVED_PATH"]], [
  "cat garbage.tar | tar xf -",
  "ask",
  ["#UNRESOLVED_PATH"],
]]);

// An extractor running beside a part that writes its archive may open either archive.
cases("archives written beside the extractor", [["tar xf release.tar -C vendor & cp release.tar r.tar", "allow", [
  "write $P/build/vendor",
  "write $P/build/r.tar",
]], ["tar xf release.tar; cp dotdot.tar release.tar", "allow", ["write $P/build/release.tar"]], [
  "tar xf release.tar & cp dotdot.tar release.tar",
  "ask",
  ["#UNRESOLVED_PATH"],
], ["tar xf release.tar | cp dotdot.tar release.tar", "ask", ["#UNRESOLVED_PATH"]]]);

/** The names a program lists, one a line, without a trailing slash. */
function listed(program: string, ...args: string[]): string[] {
  const out = execFileSync(program, args, { cwd: join(box.fx.project, "build"), encoding: "utf8" });
  return out.split("\n").filter((l) => l !== "").map((l) => l.replace(/\/$/, ""));
}

function read(file: string): string[] {
  const r = archiveMembers(readFileSync(join(box.fx.project, "build", file)), { tar: true, gzipTar: true, zip: true,
    cpio: true }, MEMBER_BOUNDS);
  if ("why" in r) throw new Error(r.why);
  return r.members.map((m) => m.name.replace(/\/$/, ""));
}

describe("the reader lists what the programs list", () => {
  test("GNU tar, pax, gzip", () => {
    expect(read("release.tar")).toEqual(listed("tar", "-tf", "release.tar"));
    expect(read("release-pax.tar")).toEqual(listed("tar", "-tf", "release-pax.tar"));
    expect(read("vendor.tgz")).toEqual(listed("tar", "-tzf", "vendor.tgz"));
  });
  test("zip", () => expect(read("assets.zip")).toEqual(listed("unzip", "-Z1", "assets.zip")));
  test.skipIf(!have("bsdtar"))("newc cpio", () => {
    expect(read("release.cpio")).toEqual(listed("bsdtar", "-tf", "release.cpio"));
  });
  test("the links", () => {
    const r = archiveMembers(readFileSync(join(box.fx.project, "build", "assets.zip")), { tar: false, gzipTar: false,
      zip: true, cpio: false }, MEMBER_BOUNDS);
    expect("members" in r && r.members.find((m) => m.kind === "symlink")).toEqual({ name: "pkg/bin/tool",
      kind: "symlink", target: "../lib/index.js" });
  });
});

describe("the readers never throw", () => {
  // Each byte of the header region of every archive here, and random bytes anywhere, changed in
  // turn (a seeded generator): the answer is members or why, never an exception.
  test("on mutated archives", () => {
    let seed = 20261207;
    const next = () => (seed = (seed * 1103515245 + 12345) >>> 0);
    const dir = join(box.fx.project, "build");
    const files = ["release.tar", "release-pax.tar", "vendor.tgz", "assets.zip", "through.zip", "local-name.zip",
      "through.cpio", "long-name.tar", "pax-path.tar"];
    const all = { tar: true, gzipTar: true, zip: true, cpio: true };
    for (const f of files) {
      const bytes = readFileSync(join(dir, f));
      for (let i = 0; i < 200; i++) {
        const b = Uint8Array.from(bytes);
        const at = i < 100 ? i * 7 % Math.min(b.length, 1024) : next() % b.length;
        b[at] = next() & 0xff;
        if (i % 3 === 0) b[(at + 1) % b.length] = next() & 0xff;
        const cut = i % 10 === 0 ? b.subarray(0, next() % b.length) : b;
        expect(() => archiveMembers(cut, all, MEMBER_BOUNDS)).not.toThrow();
      }
    }
  }, 60000);
});
