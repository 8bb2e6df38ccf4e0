// The bin's code cache (src/start/code-cache.ts), under Node.js, whose V8 makes and checks it:
// a cache is used only for the very bytes it was made from (V8 itself compares the length), a
// cache V8 refuses or a header that does not match means the script is compiled from source,
// each flag set has its own file, and a directory that cannot be written is no error.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
let dir: string;
let loader: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "shellfence-code-cache-"));
  loader = join(dir, "code-cache.mjs");
  const b = spawnSync(process.execPath, ["build", "--target=node", "--format=esm",
    join(root, "src", "start", "code-cache.ts"), "--outfile", loader], { encoding: "utf8" });
  if (b.status !== 0) throw new Error(`bundling the loader failed: ${b.stderr}`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Loads `file` in a fresh Node.js process, as the bin does, and says what it got. */
function load(file: string, variant = "test",
  nodeArgs: readonly string[] = []): { fromCache: boolean; value: unknown; url: string; requires: boolean }
{
  // A driver file, not `node -e`: node's own options (which -e is) name a cache file of their own.
  const driver = join(dir, "driver.mjs");
  writeFileSync(driver,
    `const { loadScript } = await import(${JSON.stringify(loader)});
    const l = loadScript(process.argv[2], process.argv[3]);
    l.save();
    console.log(JSON.stringify({ fromCache: l.fromCache, ...l.exports }));`);
  const r = spawnSync("node", [...nodeArgs, driver, file, variant], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`node failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as { fromCache: boolean; value: unknown; url: string; requires: boolean };
}

/** A script as the bundle's build writes them: CommonJS, with the loader's two parameters. */
const script = (value: string) =>
  `module.exports = { value: ${
    JSON.stringify(value)
  }, url: __shellfenceUrl, requires: typeof __shellfenceRequire("node:path").join === "function" };\n`;

describe("the code cache", () => {
  test("a first run compiles and writes the cache; the next takes its code from it", () => {
    const file = join(dir, "a", "s.cjs");
    mkdirSync(join(dir, "a"));
    writeFileSync(file, script("one"));
    expect(load(file)).toEqual({ fromCache: false, value: "one", url: `file://${file}`, requires: true });
    expect(existsSync(join(dir, "a", "s.cjs.test.v8cache"))).toBe(true);
    expect(load(file)).toEqual({ fromCache: true, value: "one", url: `file://${file}`, requires: true });
  });

  test("a script changed to other bytes of the same length runs its own code, not the cache's", () => {
    const file = join(dir, "b.cjs");
    writeFileSync(file, script("one"));
    load(file);
    expect(load(file).fromCache).toBe(true);
    writeFileSync(file, script("two"));
    expect(load(file)).toMatchObject({ fromCache: false, value: "two" });
    expect(load(file)).toMatchObject({ fromCache: true, value: "two" });
  });

  test("a cache V8 refuses is not used, and is replaced", () => {
    const file = join(dir, "c.cjs");
    writeFileSync(file, script("one"));
    load(file);
    const cache = join(dir, "c.cjs.test.v8cache");
    const bytes = readFileSync(cache);
    // The header (the SHA-256 of the script and the runtime) kept, V8's data garbled.
    writeFileSync(cache, Buffer.concat([bytes.subarray(0, 32), Buffer.alloc(bytes.length - 32, 0x5a)]));
    expect(load(file)).toMatchObject({ fromCache: false, value: "one" });
    expect(load(file)).toMatchObject({ fromCache: true, value: "one" });
  });

  test("node's own options get a cache file of their own", () => {
    const file = join(dir, "d", "s.cjs");
    mkdirSync(join(dir, "d"));
    writeFileSync(file, script("one"));
    load(file);
    expect(load(file, "test", ["--stack-size=2000"]).fromCache).toBe(false);
    expect(load(file, "test", ["--stack-size=2000"]).fromCache).toBe(true);
    expect(load(file).fromCache).toBe(true);
    expect(readdirSync(join(dir, "d")).filter((f) => f.endsWith(".v8cache"))).toHaveLength(2);
  });

  test("a cache that cannot be written or read: no cache, no error, nothing left behind", () => {
    // A directory where the cache file would go fails its read and its rename, even for root.
    const sub = join(dir, "blocked");
    mkdirSync(join(sub, "s.cjs.test.v8cache"), { recursive: true });
    writeFileSync(join(sub, "s.cjs.test.v8cache", "x"), "");
    const file = join(sub, "s.cjs");
    writeFileSync(file, script("one"));
    expect(load(file)).toMatchObject({ fromCache: false, value: "one" });
    expect(load(file)).toMatchObject({ fromCache: false, value: "one" });
    expect(readdirSync(sub).sort()).toEqual(["s.cjs", "s.cjs.test.v8cache"]);
  });
});
