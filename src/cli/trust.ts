// `shellfence trust [FILE]`: the user vouches for a project's `.shellfence.json` as it is now.
// Until then the file may only tighten the user's rules (src/policy/layers.ts): a cloned
// repository cannot allow itself `~/.ssh` or add `/` as a root. The store holds the SHA-256 of
// the trusted contents by the file's physical path, so any later change is untrusted again.

import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, resolve } from "node:path";
import type { Io } from "../base/io.ts";
import { readRegularFile } from "../paths/fs.ts";
import { ConfigError, parseConfigText } from "../policy/config.ts";
import { fileDigest, PROJECT_CONFIG_NAME, readTrustStore, trustStorePath } from "../policy/layers.ts";

const USAGE = `usage: shellfence trust [--revoke] FILE

Trusts a project's configuration (its ${PROJECT_CONFIG_NAME}) as it is now: its allows, roots
and reasons count in full. An untrusted project file may only make the rules stricter.
The SHA-256 of the contents is recorded in trusted.json beside the user's global config
($XDG_CONFIG_HOME/shellfence, else ~/.config/shellfence); a changed file is untrusted again.
--revoke removes the file's entry.`;

export function runTrust(argv: readonly string[], io: Io): number {
  if (argv.includes("-h") || argv.includes("--help")) {
    io.stdout(USAGE + "\n");
    return 0;
  }
  const revoke = argv.includes("--revoke");
  const files = argv.filter((a) => a !== "--revoke");
  // The file is named, never implied: a command that names it is one the guard judges as
  // touching the guard's configuration (PROTECTED_PATH), so an agent cannot trust a file quietly.
  if (files.length !== 1 || files[0]!.startsWith("-")) {
    io.stderr(`shellfence: trust takes one file, named\n${USAGE}\n`);
    return 2;
  }
  const file = resolve(files[0]!);
  const store = trustStorePath(io.env, io.env.HOME || homedir() || null);
  if (store === null) {
    io.stderr("shellfence: no home directory or XDG_CONFIG_HOME for the trust store\n");
    return 2;
  }
  const r = readRegularFile(file, 1 << 20);
  if (!("bytes" in r)) {
    io.stderr(`shellfence: ${file}: cannot read the file: ${r.problem} (${r.code})\n`);
    return 2;
  }
  const text = r.bytes.toString("utf8");
  try {
    // Only a file the guard can load is worth trusting: the error names what is wrong.
    parseConfigText(text, file);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    io.stderr(`shellfence: ${e.message}\n`);
    return 2;
  }
  const d = fileDigest(file, text);
  const trusted = readTrustStore(store);
  if (revoke) delete trusted[d.path];
  else trusted[d.path] = d.sha256;
  mkdirSync(dirname(store), { recursive: true, mode: 0o700 });
  // Written whole under another name, then renamed: a reader never sees half a store.
  const staging = `${store}.${process.pid}`;
  writeFileSync(staging, JSON.stringify({ trusted }, null, 2) + "\n", { mode: 0o600 });
  renameSync(staging, store);
  const said = revoke ? `${d.path} is no longer trusted` : `trusted ${d.path} (sha256 ${d.sha256})`;
  io.stdout(`shellfence: ${said}\n`);
  return 0;
}
