# Hostile archives for test/commands/archive-members.test.ts (test/support/archives.ts runs this):
# python3 craft-archives.py OUT_DIR OUTSIDE_DIR. tarfile and zipfile write whatever names, links and
# headers they are given; cpio's newc entries are written by hand.
import io, sys, stat, tarfile, zipfile
out, outside = sys.argv[1], sys.argv[2]
def tar(name, members, fmt=tarfile.GNU_FORMAT):
    with tarfile.open(f"{out}/{name}", "w", format=fmt) as t:
        for m in members:
            n, kind, target = m[0], m[1], m[2]
            ti = tarfile.TarInfo(n)
            ti.type = {"f": tarfile.REGTYPE, "d": tarfile.DIRTYPE, "s": tarfile.SYMTYPE, "h": tarfile.LNKTYPE}[kind]
            ti.linkname = target
            if len(m) > 3: ti.pax_headers = m[3]
            if kind == "f":
                ti.size = 6
                t.addfile(ti, io.BytesIO(b"PWNED\n"))
            else:
                t.addfile(ti)
def zip_(name, members):
    with zipfile.ZipFile(f"{out}/{name}", "w") as z:
        for n, kind, target in members:
            zi = zipfile.ZipInfo(n)
            zi.create_system = 3
            if kind == "s":
                zi.external_attr = (stat.S_IFLNK | 0o777) << 16
                z.writestr(zi, target)
            else:
                zi.external_attr = (stat.S_IFREG | 0o644) << 16
                z.writestr(zi, "PWNED\n")
tar("dotdot.tar", [("../evil", "f", "")])
tar("inner-dotdot.tar", [("a/../../evil", "f", "")])
tar("abs.tar", [(outside + "/absx", "f", "")])
tar("link-out.tar", [("s", "s", outside + "/secret.txt")])
tar("through-abs.tar", [("link", "s", outside), ("link/x", "f", "")])
tar("through-rel.tar", [("d/link", "s", "../../../outside"), ("d/link/x", "f", "")])
tar("through-chain.tar", [("a", "s", "b"), ("b", "s", "../../outside"), ("a/x", "f", "")])
tar("onto-link.tar", [("s", "s", outside + "/secret.txt"), ("s", "f", "")])
tar("dir-then-link.tar", [("d/", "d", ""), ("d", "s", "../../outside"), ("d/x", "f", "")])
tar("hard-abs.tar", [("h", "h", outside + "/secret.txt")])
tar("hard-climb.tar", [("top/h", "h", "top/../../../outside/secret.txt")])
tar("hard-to-link.tar", [("s", "s", "../../outside/secret.txt"), ("h", "h", "s"), ("h", "f", "")])
tar("hard-inside.tar", [("a", "f", ""), ("h", "h", "a")])
tar("strip-slash.tar", [("b/" + outside + "/f", "f", "")])
tar("pax-path.tar", [("benign", "f", "", {"path": "../evil"})], tarfile.PAX_FORMAT)
tar("long-name.tar", [("d" * 120 + "/../../../evil", "f", "")])
tar("abs-only.tar", [("/etc/passwd-copy", "f", "")])
# Members that land in places the guard protects (the next `git status` runs a hook; a host reads its settings).
tar("zone-git.tar", [(".git/", "d", ""), (".git/hooks/", "d", ""), (".git/hooks/pre-commit", "f", "")])
tar("zone-nested.tar", [("pkg/.git/config", "f", "")])
zip_("zone-claude.zip", [(".claude/settings.json", "f", "")])
tar("zone-guard.tar", [("./.shellfence.json", "f", "")])
zip_("dotdot.zip", [("../evil", "f", "")])
zip_("through.zip", [("link", "s", outside), ("link/x", "f", "")])
zip_("backslash.zip", [("..\\..\\evil", "f", "")])
zip_("link-out.zip", [("s", "s", outside + "/secret.txt")])
# A zip whose local header says another name than its central directory.
zip_("local-name.zip", [("aa/evil", "f", "")])
b = bytearray(open(f"{out}/local-name.zip", "rb").read())
b[30:37] = b"../evil"
open(f"{out}/local-name.zip", "wb").write(bytes(b))
# A tar with a block that is no header where one is due, and one whose second archive hides a climbing member.
ok = open(f"{out}/release.tar", "rb").read()
open(f"{out}/garbage.tar", "wb").write(ok[:512] + b"x" * 512 + ok[1024:])
open(f"{out}/concatenated.tar", "wb").write(ok + open(f"{out}/dotdot.tar", "rb").read())
def newc(name, entries):
    data = b""
    for i, (n, mode, body) in enumerate(entries + [("TRAILER!!!", 0, b"")]):
        nb = n.encode() + b"\0"
        h = ("070701" + "".join("%08X" % x for x in [i + 1, mode, 0, 0, 1, 0, len(body), 0, 0, 0, 0, len(nb), 0])).encode() + nb
        h += b"\0" * ((4 - len(h) % 4) % 4)
        data += h + body + b"\0" * ((4 - len(body) % 4) % 4)
    open(f"{out}/{name}", "wb").write(data)
newc("through.cpio", [("link", 0o120777, b"../../outside"), ("link/x", 0o100644, b"PWNED\n")])
newc("dotdot.cpio", [("../evil", 0o100644, b"PWNED\n")])
newc("abs.cpio", [(outside + "/absx", 0o100644, b"PWNED\n")])
