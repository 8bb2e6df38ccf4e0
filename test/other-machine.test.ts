// Commands judged for another machine (GuardOptions.otherMachine, what `shellfence scan` sets,
// src/paths/confined.ts): inside the roots the disk is read as always; outside them nothing is
// listed and nothing read, the home and the temp directories hold nothing, and a path there is
// judged by its name. The same commands checked for this machine (an agent's) list and read as
// before. Checked without golden verdicts (assertCase): the cases are new.

import { beforeAll, describe } from "bun:test";
import { test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { assertCase, type Case, useSandbox } from "./support/table.ts";

const scan = useSandbox(() => ({ otherMachine: true }));
const here = useSandbox();
/** A deny rule for secrets in the home, as a project's config would have it. */
const SECRETS = { permission: { external_directory: { "~/.ssh/**": "deny", "~/.gnupg/**": "deny" } } };
const scanDenying = useSandbox(() => ({ otherMachine: true, config: [SECRETS] }));
const hereDenying = useSandbox(() => ({ config: [SECRETS] }));

// This clone's git configuration, with an alias that reads a secret: the runner's clone has its own.
beforeAll(() => {
  for (const box of [scan, here]) {
    mkdirSync(join(box.fx.project, ".git"), { recursive: true });
    writeFileSync(join(box.fx.project, ".git", "config"), "[alias]\n\tx = !cat ~/.ssh/id_rsa\n");
  }
});

describe("git's configuration of this clone", () => {
  test("for another machine it is not read: git x is the command it names", () =>
    assertCase(scan, ["git x README.md", "allow", ["!read $H/.ssh/id_rsa"]]));
  test("for this machine it is: git x runs the alias", () =>
    assertCase(here, ["git x README.md", "ask", ["read $H/.ssh/id_rsa"]]));
});

describe("for another machine: outside the roots, by name", () => {
  const cases: readonly Case[] = [
    // A glob outside is one unknown word (its pattern), and the listing of its directory.
    ["cp ../outside/*.txt build/", "ask", ["#UNRESOLVED_WORD", "list $O", "!read $O/secret.txt"]],
    ['for f in ../outside/*; do echo "$f"; done', "ask", ["list $O"]],
    ["ls /proc/*/status", "ask", ["#UNRESOLVED_WORD"]],
    // Inside, the disk as always.
    ["cat src/*.ts", "allow", ["read $P/src/main.ts"]],
    ["cp src/*.ts build/", "allow", ["read $P/src/main.ts", "write $P/build"]],
    // The home holds nothing: judged by name.
    ["cat ~/.bashrc", "ask", ["read $H/.bashrc"]],
    ["cat ~/.config/*.json", "ask", ["#UNRESOLVED_WORD"]],
    // A script outside is not read.
    ["source ../outside/secret.txt", "ask", ["#OPAQUE_CODE"]],
    // Devices are devices.
    ["echo x > /dev/null", "allow", ["write /dev/null"]],
  ];
  for (const c of cases) test(`${c[0]} → ${c[1]}`, () => assertCase(scan, c));
});

describe("for this machine: the same commands list and read the disk", () => {
  const cases: readonly Case[] = [["cp ../outside/*.txt build/", "ask", ["read $O/secret.txt", "!#UNRESOLVED_WORD"]], [
    "cat src/*.ts",
    "allow",
    ["read $P/src/main.ts"],
  ]];
  for (const c of cases) test(`${c[0]} → ${c[1]}`, () => assertCase(here, c));
});

// After a program that may make symlinks, a path whose directory is not there is unresolved
// (UNRESOLVED_PATH): the directory may become a link to anywhere. On the runner's disk the home
// holds nothing, so every path in it is such a path after `make`; the name the command gives is
// judged by the rules too, and a denied one stays denied.
describe("a path under a directory an earlier command may make a link: a denied name stays denied", () => {
  const runner: readonly Case[] = [
    ["make; cat ~/.ssh/id_rsa", "deny", ["#RULE_DENY"]],
    ["make && echo k >> ~/.ssh/authorized_keys", "deny", ["#RULE_DENY"]],
    // Twins: a name no rule denies is still asked about for the link, not denied.
    ["make; cat ~/.cache/x", "ask", ["#UNRESOLVED_PATH", "!#RULE_DENY"]],
    ["make; cat build/new/x", "ask", ["#UNRESOLVED_PATH", "!#RULE_DENY"]],
    // Without the earlier program, the name alone: denied.
    ["cat ~/.ssh/id_rsa", "deny", ["#RULE_DENY"]],
  ];
  for (const c of runner) test(`for another machine: ${c[0]} → ${c[1]}`, () => assertCase(scanDenying, c));
  const local: readonly Case[] = [
    // This machine's home has no ~/.gnupg: the same rule.
    ["make; cat ~/.gnupg/secring.gpg", "deny", ["#RULE_DENY"]],
    ["make; cat ~/.cache/x", "ask", ["#UNRESOLVED_PATH", "!#RULE_DENY"]],
  ];
  for (const c of local) test(`for this machine: ${c[0]} → ${c[1]}`, () => assertCase(hereDenying, c));
});
