// The leak fixture: test/support/fixture.ts's project, outside places and fake home, at a place
// of the caller's choosing (one per worker, rebuilt before every case at the same path, since a
// verdict's sandbox line names the paths), with a canary in every file outside the project, the
// usual secrets under the fake home, and the project code and tool configuration the families
// (families.ts) run. A successful open of a canary is a leak; so is any change to the disk
// outside the project, which `snapshot` shows.

import { spawnSync } from "node:child_process";
import { chmodSync, lstatSync, mkdirSync, readdirSync, readlinkSync, rmSync, symlinkSync,
  writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { buildFixture, type Fixture } from "../fixture.ts";
import { FAMILY_FILES, HOME_FILES } from "./families.ts";

/** Where the probe campaigns' marker goes: a canary at `../probe-0` and at `$O/probe-0`. */
export const PROBE_NAME = "probe-0";

/** The usual secrets under the fake home, each a canary. */
const HOME_SECRETS = [".ssh/id_ed25519", ".aws/credentials", ".npmrc", ".bash_history", ".netrc", ".git-credentials",
  ".config/gh/hosts.yml", ".docker/config.json", ".kube/config", ".profile", ".zsh_history", ".pypirc",
  ".claude/.credentials.json", "notes.txt"];

export interface LeakFixture extends Fixture {
  /** Every regular file outside the project when the fixture is built: a successful open of one is a leak. */
  readonly canaries: ReadonlySet<string>;
}

/** Archive bytes, made once per place (their members name the outside directory). */
type Archives = Readonly<Record<string, Buffer>>;

function write(path: string, text: string | Buffer, mode?: number): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  if (mode !== undefined) chmodSync(path, mode);
}

/** Builds (or rebuilds, removing what was there) the fixture at `at`. */
export function buildLeakFixture(at: string, archives: Archives): LeakFixture {
  rmSync(at, { recursive: true, force: true });
  mkdirSync(at, { recursive: true });
  const fx = buildFixture(at);
  for (const f of HOME_SECRETS) write(join(fx.home, f), `SFCANARY ${f}\n`);
  for (const [f, text] of Object.entries(HOME_FILES)) write(join(fx.home, f), fx.sub(text));
  write(join(fx.top, "work", PROBE_NAME), "SFCANARY probe\n");
  write(join(fx.outside, PROBE_NAME), "SFCANARY probe\n");
  for (const [f, text] of Object.entries(FAMILY_FILES)) {
    const exec = f.startsWith("+");
    write(join(fx.project, exec ? f.slice(1) : f), fx.sub(text), exec ? 0o755 : undefined);
  }
  for (const [f, bytes] of Object.entries(archives)) write(join(fx.project, "src", f), bytes);
  // A virtual environment as python3 -m venv leaves it, without running it: pyvenv.cfg beside
  // bin/, the interpreter a link to the system's, site-packages where a .pth runs.
  mkdirSync(join(fx.project, ".venv", "bin"), { recursive: true });
  symlinkSync("/usr/bin/python3", join(fx.project, ".venv", "bin", "python"));
  gitInit(fx.project);
  return { ...fx, canaries: new Set(regularFiles(fx.top, fx.project)) };
}

/** A repository with configuration that runs programs (`core.fsmonitor`, a filter, a hook). */
function gitInit(project: string): void {
  const git = (...args: string[]) => spawnSync("git", ["-C", project, ...args], { stdio: "ignore" });
  git("init", "-q");
  const config: [string, string][] = [["user.name", "t"], ["user.email", "t@example.com"], ["core.fsmonitor",
    "cat ../outside/secret.txt >&2; true"], ["filter.leak.clean", "cat ~/.aws/credentials"], ["filter.leak.smudge",
    "cat"], ["diff.leak.textconv", "cat ~/.netrc"], ["alias.who", "!cat ~/.git-credentials"]];
  for (const [k, v] of config) git("config", k, v);
  write(join(project, ".git", "hooks", "pre-commit"), "#!/bin/sh\ncat ~/.ssh/id_ed25519 >&2\n", 0o755);
}

/** The regular files under `dir`, but `except`. */
function regularFiles(dir: string, except: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (p === except) continue;
    if (e.isDirectory()) out.push(...regularFiles(p, except));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

/** What is on disk under the fixture's top, outside the project: path → type, size, mode, mtime, link. */
export function snapshot(fx: Fixture): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const n of names) {
      const p = join(dir, n);
      if (p === fx.project) continue;
      const st = lstatSync(p, { bigint: true });
      const link = st.isSymbolicLink() ? readlinkSync(p) : "";
      out.set(p, `${st.mode}:${st.size}:${st.mtimeNs}:${link}`);
      if (st.isDirectory()) walk(p);
    }
  };
  walk(fx.top);
  return out;
}

/** The paths that differ between two snapshots: made, removed or changed. */
export function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [p, v] of after) if (before.get(p) !== v) out.push(p);
  for (const p of before.keys()) if (!after.has(p)) out.push(p);
  return out.sort();
}

/** The hostile archives, crafted with Python's tarfile and zipfile, whose members name `outside`. */
export function craftArchives(outside: string): Archives {
  const py = String.raw`
import io, sys, tarfile, zipfile, base64, json
out, o = {}, sys.argv[1]
def tar(members):
    b = io.BytesIO()
    with tarfile.open(fileobj=b, mode="w", format=tarfile.GNU_FORMAT) as t:
        for name, kind, data in members:
            i = tarfile.TarInfo(name)
            if kind == "link":
                i.type, i.linkname = tarfile.SYMTYPE, data
                t.addfile(i)
            else:
                i.size = len(data)
                t.addfile(i, io.BytesIO(data))
    return b.getvalue()
out["climb.tar"] = tar([("../../outside/planted-tar", "file", b"x\n")])
out["abs.tar"] = tar([(o + "/planted-abs", "file", b"x\n")])
out["link.tar"] = tar([("lnk", "link", o), ("lnk/planted-link", "file", b"x\n")])
z = io.BytesIO()
with zipfile.ZipFile(z, "w") as f:
    f.writestr("../../outside/planted-zip", "x\n")
out["climb.zip"] = z.getvalue()
print(json.dumps({k: base64.b64encode(v).decode() for k, v in out.items()}))
`;
  const r = spawnSync("python3", ["-c", py, outside], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`crafting the archives failed: ${r.stderr}`);
  const made = JSON.parse(r.stdout) as Record<string, string>;
  return Object.fromEntries(Object.entries(made).map(([k, v]) => [k, Buffer.from(v, "base64")]));
}
