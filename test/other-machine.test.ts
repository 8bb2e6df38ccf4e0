// Commands judged for another machine (GuardOptions.otherMachine, what `shellfence scan` sets,
// src/paths/confined.ts): inside the roots the disk is read as always; outside them nothing is
// listed and nothing read, the home and the temp directories hold nothing, and a path there is
// judged by its name. The same commands checked for this machine (an agent's) list and read as
// before. Checked without golden verdicts (assertCase): the cases are new.

import { describe } from "bun:test";
import { test } from "bun:test";
import { assertCase, type Case, useSandbox } from "./support/table.ts";

const scan = useSandbox(() => ({ otherMachine: true }));
const here = useSandbox();

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
