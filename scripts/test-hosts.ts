// `npm run test:hosts`: the end-to-end tests in the real hosts (test/hosts/*.hosts.ts).
//
// 1. Installs the pinned hosts (test/hosts/support/pins.ts) into a cache directory, once per
//    version: $SHELLFENCE_HOSTS_CACHE, else ~/.cache/shellfence/hosts. They are not
//    devDependencies because together they weigh about 1 GB that every `npm ci` would pay.
// 2. Packs this checkout as a user would get it (`npm pack`) and installs the tarball into a
//    template project, which each test copies: the hosts load shellfence from a real install.
// 3. Runs the tests in a network namespace of their own (`unshare -n`, loopback only), so no
//    host can reach anything but the scripted model on 127.0.0.1; the hosts' own telemetry
//    and update checks are switched off by environment as well. Where no namespace can be
//    made it fails, unless SHELLFENCE_HOSTS_NETWORK=1 lets it run with those switches alone.
//
// A host that cannot be installed or cannot run fails the run; nothing is skipped.

import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PINS, type Pin, pinDir } from "../test/hosts/support/pins.ts";

const repo = resolve(import.meta.dir, "..");
const cache = process.env.SHELLFENCE_HOSTS_CACHE || join(homedir(), ".cache", "shellfence", "hosts");
const INSTALL_TIMEOUT_MS = 10 * 60 * 1000;
const TEST_TIMEOUT_MS = 20 * 60 * 1000;

function run(cmd: string, args: readonly string[], opts: SpawnSyncOptions & { what: string }): void {
  const r = spawnSync(cmd, args, { stdio: "inherit", timeout: INSTALL_TIMEOUT_MS, ...opts });
  if (r.status !== 0) {
    console.error(`test:hosts: ${opts.what} failed (${r.error?.message ?? `exit ${r.status ?? r.signal}`})`);
    process.exit(1);
  }
}

function installedVersion(dir: string, pkg: string): string | null {
  try {
    return (JSON.parse(readFileSync(join(dir, "node_modules", pkg, "package.json"), "utf8")) as { version?: string })
      .version ?? null;
  } catch {
    return null;
  }
}

function ensurePin(pin: Pin): void {
  const dir = pinDir(cache, pin);
  if (installedVersion(dir, pin.pkg) === pin.version &&
    (pin.bin === null || existsSync(join(dir, "node_modules", ".bin", pin.bin)))) return;
  console.log(`test:hosts: installing ${pin.pkg}@${pin.version} into ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true }));
  run("npm", ["install", "--no-audit", "--no-fund", "--save-exact", `${pin.pkg}@${pin.version}`], { cwd: dir,
    what: `installing ${pin.pkg}@${pin.version}` });
  const got = installedVersion(dir, pin.pkg);
  if (got !== pin.version) {
    console.error(`test:hosts: ${pin.pkg} installed as ${got ?? "nothing"}, not the pinned ${pin.version}`);
    process.exit(1);
  }
}

// `npm run test:hosts -- pi opencode` runs only those hosts' files; no argument runs them all.
const wanted = process.argv.slice(2);
const all = readdirSync(join(repo, "test", "hosts")).filter((f) => f.endsWith(".hosts.ts")).sort();
const unknown = wanted.filter((w) => !all.includes(`${w}.hosts.ts`));
if (unknown.length > 0 || all.length === 0) {
  console.error(
    `test:hosts: no host test ${unknown.length > 0 ? `for ${unknown.join(", ")}` : "at all"}; there are: ${
      all.map((f) => f.replace(/\.hosts\.ts$/, "")).join(", ") || "none"
    }`,
  );
  process.exit(1);
}
const files = all.filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.hosts\.ts$/, ""))).map((f) =>
  `./test/hosts/${f}`
);

/**
 * How to make a network namespace with loopback only: `unshare -n` as root, `unshare -rn`
 * (a user namespace) otherwise. None is a failure, before anything is installed: the hosts
 * must not run with a network unless SHELLFENCE_HOSTS_NETWORK=1 says so (null).
 */
function isolationArgs(): readonly string[] | null {
  const probe = (args: readonly string[]) =>
    spawnSync("unshare", [...args, "sh", "-c", "ip link set lo up"], { stdio: "ignore" }).status === 0;
  for (const args of [["-n"], ["-r", "-n"]]) if (probe(args)) return args;
  if (process.env.SHELLFENCE_HOSTS_NETWORK === "1") return null;
  console.error(
    "test:hosts: cannot make a network namespace (unshare -n needs root or user namespaces, and ip from iproute2),",
  );
  console.error(
    "test:hosts: and the hosts must not run with the network reachable. Install util-linux and iproute2, or set",
  );
  console.error(
    "test:hosts: SHELLFENCE_HOSTS_NETWORK=1 to run them kept off it only by their telemetry and update switches.",
  );
  process.exit(1);
}
const isolation = isolationArgs();

for (const pin of Object.values(PINS)) ensurePin(pin);

// The package as a user installs it. Packing does not rebuild dist/, and a dist/ left by an
// earlier `npm ci` would test yesterday's code: build it from this checkout every time.
run("npm", ["run", "build", "--silent"], { cwd: repo, what: "building dist/" });
const work = mkdtempSync(join(tmpdir(), "shellfence-hosts-"));
run("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", work], { cwd: repo, what: "npm pack",
  stdio: ["ignore", "ignore", "inherit"] });
const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"));
if (!tarball) {
  console.error("test:hosts: npm pack wrote no tarball");
  process.exit(1);
}
const template = join(work, "template");
mkdirSync(template);
writeFileSync(join(template, "package.json"), JSON.stringify({ name: "hosts-e2e-project", private: true }));
run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--save-dev", join(work, tarball)], {
  cwd: template,
  what: "installing the packed shellfence",
});

const bun = join(repo, "node_modules", ".bin", "bun");
const env = { ...process.env, SHELLFENCE_HOSTS_CACHE: cache, SHELLFENCE_HOSTS_TEMPLATE: template,
  SHELLFENCE_HOSTS_WORK: work };
const testArgs = ["test", "--timeout", "300000", ...files];

let status: number | null;
if (isolation === null) {
  console.error(
    "test:hosts: WARNING: SHELLFENCE_HOSTS_NETWORK=1: the hosts run with the network reachable, kept off it only by their telemetry and update switches.",
  );
  status = spawnSync(bun, testArgs, { cwd: repo, env, stdio: "inherit", timeout: TEST_TIMEOUT_MS }).status;
} else {
  console.log("test:hosts: running the hosts in a network namespace with loopback only");
  status =
    spawnSync("unshare", [...isolation, "sh", "-c", `ip link set lo up && exec "$0" "$@"`, bun, ...testArgs], {
      cwd: repo,
      env,
      stdio: "inherit",
      timeout: TEST_TIMEOUT_MS,
    }).status;
}
printTimings(join(work, "timings.jsonl"));
if (!process.env.SHELLFENCE_HOSTS_KEEP) rmSync(work, { recursive: true, force: true });
process.exit(status ?? 1);

/** The per-call times the tests recorded (test/hosts/support/harness.ts, recordTiming), as one table. */
function printTimings(file: string): void {
  if (!existsSync(file)) return;
  const rows = readFileSync(file, "utf8").trim().split("\n").map((l) =>
    JSON.parse(l) as { host: string; form: string; first: number; median: number; load: number }
  );
  console.log(
    "\ntest:hosts: per-call times inside the hosts (ms; first = the session's first call, median = of the later `ls sub` calls)",
  );
  for (const r of rows) {
    console.log(
      `  ${`${r.host} [${r.form}]`.padEnd(58)} first ${r.first.toFixed(0).padStart(6)}  median ${
        r.median.toFixed(0).padStart(6)
      }  load ${r.load.toFixed(1)}`,
    );
  }
}
