// `npm run build:native` (run by `npm run build`, before the manifest): compiles the hook's native client,
// native/shellfence-hook.c, for this machine into dist/native/PLATFORM/shellfence-hook, where
// bin/shellfence-hook looks for it (PLATFORM is Node.js's `${platform}-${arch}`: linux-x64, …).
// The packed tarball carries it, so an install from the tarball needs no compiler and no install
// script (npm's ignore-scripts changes nothing); a git install or a clone builds it in the
// package's `prepare` step when a C compiler is there.
//
// It never fails the build: without a compiler, on a platform the client does not support, or
// when the program it made does not run, it says so and leaves no binary, and the launcher runs
// the Node.js client instead. The protocol's constants are passed from src/server/protocol.ts,
// so the C program cannot disagree with the server about them.
//
// Linux builds are static: the binary then runs on any Linux of its architecture whatever its
// C library (glibc or musl: a glibc-linked one would not start on Alpine, and a hook that cannot
// start lets the call through), and pays no dynamic loader at each start. macOS links libSystem,
// which every macOS has (it allows nothing else).

import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { CODE_ENV_NAMES, CODE_ENV_PREFIXES, DEFAULT_TIMEOUT_MS, MAX_MESSAGE, PROTOCOL, REQUEST_ENV,
  SERVE_OPTIONS } from "../src/server/protocol.ts";

const root = join(import.meta.dir, "..");
const source = join(root, "native", "shellfence-hook.c");
/** Where the launcher finds a client: what `uname -sm` maps to in bin/shellfence-hook. */
const SUPPORTED = new Set(["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64"]);
const platform = `${process.platform}-${process.arch}`;
const dir = join(root, "dist", "native", platform);
const out = join(dir, "shellfence-hook");

function skip(why: string): never {
  console.log(`build:native: no native hook client (${why}); the hook runs its Node.js client instead`);
  process.exit(0);
}

// A binary from an earlier build would speak that build's protocol: gone before anything else.
rmSync(dir, { recursive: true, force: true });
if (!SUPPORTED.has(platform)) skip(`${platform} is not a platform the launcher knows`);
if (!existsSync(source)) skip(`${source} is not there`);

/** A C initializer list of string literals (the names are plain ASCII words). */
function cList(names: readonly string[]): string {
  return names.map((k) => `"${k}"`).join(",");
}

const compiler = [process.env.CC, "cc", "gcc", "clang"].find((c) =>
  c !== undefined && c !== "" && spawnSync(c, ["--version"], { stdio: "ignore" }).status === 0
);
if (compiler === undefined) skip("no C compiler: set CC, or install cc, gcc or clang");

const defines = [`-DSF_PROTOCOL=${PROTOCOL}`, `-DSF_MAX_MESSAGE=${MAX_MESSAGE}L`,
  `-DSF_DEFAULT_TIMEOUT_MS=${DEFAULT_TIMEOUT_MS}L`, `-DSF_REQUEST_ENV=${cList(REQUEST_ENV)}`,
  `-DSF_CODE_ENV_NAMES=${cList(CODE_ENV_NAMES)}`, `-DSF_CODE_ENV_PREFIXES=${cList(CODE_ENV_PREFIXES)}`,
  `-DSF_SERVE_OPTIONS=${cList(SERVE_OPTIONS)}`];
const flags = ["-std=c11", "-O2", "-Wall", "-Wextra", "-fstack-protector-strong", "-D_FORTIFY_SOURCE=2",
  ...(process.platform === "linux" ? ["-static", "-s"] : [])];
mkdirSync(dir, { recursive: true });
// Made under another name and tried where it will live (it finds the package from its own
// path): only a binary that runs is put in place.
const staging = `${out}.new`;
const cc = spawnSync(compiler, [...flags, ...defines, "-o", staging, source], { encoding: "utf8" });
if (cc.status !== 0) {
  rmSync(dir, { recursive: true, force: true });
  skip(`${compiler} failed:\n${cc.stderr.trim()}`);
}
chmodSync(staging, 0o755);
// `claude-code --help` is no call: the client hands it to the Node.js bin, which prints the usage.
const tried = spawnSync(staging, ["claude-code", "--help"], { encoding: "utf8", input: "", timeout: 30_000 });
if (tried.status !== 0 || !tried.stdout.startsWith("usage: shellfence hook claude-code")) {
  rmSync(dir, { recursive: true, force: true });
  skip(`the compiled client does not run here: exit ${tried.status ?? tried.signal}: ${tried.stderr.trim()}`);
}
renameSync(staging, out);
console.log(`build:native: ${out.slice(root.length + 1)} (${compiler}${flags.includes("-static") ? ", static" : ""})`);
