// The built-in system-reads layer (src/policy/system-reads.ts): reads, listings and `cd` of
// world-readable system data are allowed; every other kind of access there, and every place
// the layer does not name, is judged as before. Each inside case has an outside twin.

import { beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { nodeFileSystem, type FileSystem } from "../src/paths/fs.ts";
import { BUILT_IN_LAYERS, mergeLayers, SYSTEM_READS_LAYER } from "../src/policy/config.ts";
import { table, useSandbox } from "./support/table.ts";

const box = useSandbox();

table("system reads: reads, listings and cd of system data are allowed", box, [
  ["cat /proc/loadavg", "allow", ["read /proc/loadavg"]],
  ["cat /proc/cpuinfo /proc/meminfo", "allow", ["read /proc/cpuinfo", "read /proc/meminfo"]],
  ["uptime; cat /proc/uptime", "allow", ["read /proc/uptime"]],
  ["grep -r stdio /usr/include", "allow", ["read /usr/include"]],
  ["find /usr/share/doc -name README", "allow", ["list /usr/share/doc"]],
  ["ls /usr/bin", "allow", ["list /usr/bin"]],
  ["ls -l /usr/local/bin", "allow", ["list /usr/local/bin"]],
  // /etc/os-release is a link to ../usr/lib/os-release on Debian: judged where it leads.
  ["cat /etc/os-release", "allow", ["read /usr/lib/os-release"]],
  ["cat /etc/hostname /etc/timezone", "allow", ["read /etc/hostname"]],
  ["cd /usr/share/doc && ls", "allow", ["cwd /usr/share/doc", "list /usr/share/doc"]],
  ["cp /usr/share/doc/adduser/copyright notes.txt", "allow", ["read /usr/share/doc/adduser/copyright",
    "write $P/notes.txt"]],
  ["tar -czf headers.tgz /usr/include/stdio.h", "allow", ["read /usr/include/stdio.h"]],
]);

table("system reads: the outside twins are still asked about", box, [
  // Processes' own files, and machine files the layer does not name.
  ["cat /proc/self/environ", "ask", ["#EXTERNAL_PATH"]],
  ["cat /proc/1/environ", "ask", ["read /proc/1/environ", "#EXTERNAL_PATH"]],
  ["cat /proc/1/cmdline", "ask", ["#EXTERNAL_PATH"]],
  ["cat /proc/cmdline", "ask", ["#EXTERNAL_PATH"]],
  ["ls /proc", "ask", ["list /proc"]],
  ["cat /etc/shadow", "ask", ["read /etc/shadow", "#EXTERNAL_PATH"]],
  ["cat /etc/passwd", "ask", ["#EXTERNAL_PATH"]],
  ["ls /etc", "ask", ["list /etc"]],
  ["cat ~/.bashrc", "ask", ["#EXTERNAL_PATH"]],
  ["ls /", "ask", ["list /"]],
  // A listing reaches what the directory holds, and /usr holds more than the layer names.
  ["ls /usr", "ask", ["list /usr"]],
  ["ls /usr/..", "ask", ["list /"]],
  // A path through a system directory is judged where it lands.
  ["cat /usr/share/../../etc/shadow", "ask", ["read /etc/shadow"]],
  ["cd /usr/lib && cat ../../etc/shadow", "ask", ["read /etc/shadow"]],
  // Writes, deletions and accesses of unknown kind are not reads.
  ["echo x > /usr/share/x", "ask", ["write /usr/share/x", "#EXTERNAL_PATH"]],
  ["rm -rf /usr/share/doc", "ask", ["#EXTERNAL_PATH"]],
  ["touch /usr/bin/evil", "ask", ["#EXTERNAL_PATH"]],
  ["cp README.md /usr/local/bin/", "ask", ["#EXTERNAL_PATH"]],
  ["sed -i s/a/b/ /usr/share/doc/adduser/copyright", "ask", ["#EXTERNAL_PATH"]],
  ["cd /usr/share && rm -rf doc", "ask", ["#EXTERNAL_PATH"]],
  ["tar -xf a.tar -C /usr/lib", "ask", ["#EXTERNAL_PATH"]],
  ["frobnicate /usr/share/x", "ask", ["unknown /usr/share/x", "#EXTERNAL_PATH"]],
]);

// A user layer that names the place wins; the catch-all alone keeps the layer (as it keeps
// /dev/null).
const strict = useSandbox(() => ({
  config: [{ permission: { external_directory: { "*": "deny", "/usr/**": "ask", "/proc/loadavg": "deny" } } }],
}));
table("system reads: a user's external_directory rule for the place wins", strict, [[
  "cat /usr/share/doc/adduser/copyright",
  "ask",
  ["#EXTERNAL_PATH"],
], ["ls /usr/bin", "ask", ["#EXTERNAL_PATH"]], ["cat /proc/loadavg", "deny", ["#RULE_DENY"]], ["cat /proc/cpuinfo",
  "allow", ["read /proc/cpuinfo"]], ["cat /etc/passwd", "deny", ["#RULE_DENY"]]]);

const readDeny = useSandbox(() => ({ config: [{ permission: { read: { "/usr/share/doc/**": "deny" } } }] }));
table("system reads: a surface rule still judges what the layer allows", readDeny, [[
  "cat /usr/share/doc/adduser/copyright",
  "deny",
  ["#RULE_DENY"],
], ["grep -r x /usr/share/doc", "deny", ["#RULE_DENY"]], ["cat /usr/share/common-licenses/MIT", "allow"]]);

// Links under a system directory that lead to a user's secrets: an in-memory overlay puts
// /usr/share/sf-test/key -> $H/.ssh/id_rsa and /usr/share/sf-test/dir -> $H/.ssh on the disk.
function withLinks(home: string): FileSystem {
  const base = "/usr/share/sf-test";
  const links: Record<string, string> = { [`${base}/key`]: join(home, ".ssh", "id_rsa"),
    [`${base}/dir`]: join(home, ".ssh") };
  return { ...nodeFileSystem, lstat: (p) => (p === base ? "dir" : links[p] ? "symlink" : nodeFileSystem.lstat(p)),
    readlink: (p) => links[p] ?? nodeFileSystem.readlink(p),
    readdir: (p) => (p === base ? ["dir", "key"] : nodeFileSystem.readdir(p)) };
}
const linked = useSandbox((fx) => ({ fs: withLinks(fx.home) }));
table("system reads: a link in a system directory is judged where it leads", linked, [
  ["cat /usr/share/sf-test/key", "ask", ["read $H/.ssh/id_rsa", "#EXTERNAL_PATH"]],
  ["cat /usr/share/sf-test/dir/id_rsa", "ask", ["read $H/.ssh/id_rsa"]],
  ["cd /usr/share/sf-test/dir", "ask", ["cwd $H/.ssh"]],
  // grep -R follows the links it meets; grep -r does not (it reads the directory's own files).
  ["grep -R key /usr/share/sf-test", "ask", ["#EXTERNAL_PATH"]],
  ["grep -r key /usr/share/sf-test", "allow", ["read /usr/share/sf-test"]],
  ["ls /usr/share/sf-test", "allow", ["list /usr/share/sf-test"]],
]);

describe("system reads: the layer as data", () => {
  test("comes after the defaults, allows only, and judges reads, listings and cd alone", () => {
    expect(BUILT_IN_LAYERS.map((l) => l.origin)).toEqual(["defaults", "system-reads"]);
    expect(SYSTEM_READS_LAYER.kinds).toEqual(["read", "list", "cwd"]);
    const rules = mergeLayers([]).surfaces.get("external_directory")!;
    const mine = rules.filter((r) => r.origin === "system-reads");
    expect(mine.length).toBeGreaterThan(20);
    expect(mine.every((r) => r.action === "allow" && r.kinds !== undefined)).toBe(true);
    expect(rules.findIndex((r) => r.origin === "system-reads")).toBeGreaterThan(
      rules.findIndex((r) => r.pattern === "/dev/null"),
    );
  });
  test("a layer for some kinds that does not only allow is refused", () => {
    expect(() => mergeLayers([], [{ ...SYSTEM_READS_LAYER, permission: { external_directory: { "/usr/**": "ask" } } }]))
      .toThrow(/may only allow/);
  });
});

table("system reads: configuration under /usr is not system data", box, [["cat /usr/local/etc/npmrc", "ask", [
  "#EXTERNAL_PATH",
]], ["cat /usr/etc/x", "ask", ["#EXTERNAL_PATH"]], ["find /usr -name '*.c'", "ask", ["list /usr"]], [
  "ls /usr/src /usr/local/man",
  "allow",
]]);

// Runtimes that version managers install in the home (~/.nvm/versions/node/VERSION is a prefix
// like /usr/local), Homebrew's trees of installed software, and the package databases. One of
// the node versions holds npm's global config (PREFIX/etc/npmrc), which may hold a token.
beforeAll(() => {
  const node = join(box.fx.home, ".nvm", "versions", "node");
  for (const d of ["v20.1.0/bin", "v20.1.0/lib/node_modules/npm", "v18.0.0/etc"]) {
    mkdirSync(join(node, d), { recursive: true });
  }
  writeFileSync(join(node, "v20.1.0", "bin", "node"), "");
  writeFileSync(join(node, "v20.1.0", "lib", "node_modules", "npm", "package.json"), "{}\n");
  writeFileSync(join(node, "v18.0.0", "etc", "npmrc"), "//registry.npmjs.org/:_authToken=x\n");
});

table("system reads: installed software and package databases", box, [
  ["ls ~/.nvm/versions/node/v20.1.0", "allow", ["list $H/.nvm/versions/node/v20.1.0"]],
  ["ls ~/.nvm/versions/node/v20.1.0/lib/node_modules", "allow"],
  ["cat ~/.nvm/versions/node/v20.1.0/lib/node_modules/npm/package.json", "allow"],
  ["ls /opt/homebrew/bin /opt/homebrew/Cellar", "allow", ["list /opt/homebrew/bin"]],
  ["ls /var/lib/dpkg/lock*", "allow", ["list /var/lib/dpkg"]],
  ["grep -c '^Package:' /var/lib/dpkg/status", "allow", ["read /var/lib/dpkg/status"]],
  ["ls /var/lib/apt/lists", "allow", ["list /var/lib/apt/lists"]],
  // A module search path into a tree of installed software is a lookup of installed code.
  ["PYTHONPATH=/usr/lib/python3/dist-packages python3 src/main.py", "allow", ["read /usr/lib/python3/dist-packages"]],
  ["PATH=/usr/bin:/bin make", "allow", ["read /usr/bin"]],
  // Twins: a version holding npm's global config, and a listing that reaches it; Homebrew's and
  // the system's configuration and data; services' data; secrets; a search path elsewhere, and
  // code loaded from a tree of installed software by name.
  ["cat ~/.nvm/versions/node/v18.0.0/etc/npmrc", "ask", ["read $H/.nvm/versions/node/v18.0.0/etc/npmrc"]],
  ["ls ~/.nvm/versions/node", "ask", ["#RULE_ASK"]],
  ["ls /opt/homebrew/etc /opt/homebrew/var", "ask", ["list /opt/homebrew/etc"]],
  ["ls /var/lib/private", "ask", ["list /var/lib/private"]],
  ["ls /var/lib", "ask", ["list /var/lib"]],
  ["cat ~/.npmrc", "ask", ["read $H/.npmrc"]],
  ["PYTHONPATH=/tmp python3 src/main.py", "ask", ["exec /tmp"]],
  ["PYTHONPATH=/usr python3 src/main.py", "ask", ["exec /usr"]],
  ["LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libc.so.6 ls", "ask", ["exec /usr/lib/x86_64-linux-gnu/libc.so.6"]],
  ["node /usr/lib/node_modules/npm/bin/npm-cli.js install -g x", "ask", ["#EXTERNAL_PATH"]],
]);
