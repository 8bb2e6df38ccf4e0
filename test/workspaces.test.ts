// Workspaces (issue #31, cause 2): the scripts of the packages a package manager's workspace
// options select are read and interpreted in each package's directory (`pnpm -F web build`,
// `pnpm -r test`, `npm test -w api`, `yarn workspace web build`), and a program the guard lets
// run as project code (a build, tests, a node_modules/.bin program) does not make the next
// package.json script unknown. Each inside case has outside twins that must still ask: a
// selected package whose script reads the home's key, a workspace pattern reaching out of the
// project, a selector of a syntax the guard does not read, a cycle across packages, and
// package.json visibly rewritten by a command the guard models.
//
// The fixtures are built inside the sandbox's project ($P); these cases record no golden
// verdicts (assertCase without a golden line).

import { describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { readWorkspaceYaml } from "../src/interp/workspace-yaml.ts";
import { assertCase, casesWithoutGolden, useSandbox, writeTree } from "./support/table.ts";

/** A program in node_modules/.bin, as npm makes it: a link to the package's file. */
function bin(root: string, name: string, text = "#!/usr/bin/env node\n// stand-in\n"): void {
  writeTree(root, { [`node_modules/${name}/bin/${name}.js`]: text });
  chmodSync(join(root, `node_modules/${name}/bin/${name}.js`), 0o755);
  mkdirSync(join(root, "node_modules/.bin"), { recursive: true });
  symlinkSync(`../${name}/bin/${name}.js`, join(root, `node_modules/.bin/${name}`));
}

const KEY = "read $H/.ssh/id_rsa";

const box = useSandbox((fx) => {
  const mono = join(fx.project, "mono");
  writeTree(mono, {
    "pnpm-workspace.yaml": "# the workspace\npackages:\n  - 'apps/*'\n  - \"packages/*\"\n  - '!**/test/**'\n" +
      "catalog:\n  react: ^18.3.1\n",
    "package.json": { name: "mono", private: true,
      scripts: { build: "pnpm -r build", test: "npm run test:unit && npm run test:e2e", "test:unit": "turbo run test",
        "test:e2e": "pnpm -F web e2e", "db:migrate": "pnpm -F @acme/api db:migrate", leakall: "pnpm -F @acme/leak leak",
        loop: "pnpm -F @acme/cyc-a x" } },
    "apps/web/package.json": { name: "web", dependencies: { "@acme/ui": "workspace:*" },
      scripts: { build: "tsc -p .", test: "vitest run", e2e: "playwright test", next: "next build" } },
    "packages/ui/package.json": { name: "@acme/ui", scripts: { build: "tsc", test: "vitest run" } },
    "packages/api/package.json": { name: "@acme/api",
      scripts: { build: "tsc -p tsconfig.build.json", test: "vitest run", "db:migrate": "node scripts/migrate.js" } },
    "packages/leak/package.json": { name: "@acme/leak", scripts: { build: "tsc", leak: "cat ~/.ssh/id_rsa" } },
    "packages/cyc-a/package.json": { name: "@acme/cyc-a", scripts: { x: "pnpm -F @acme/cyc-b x" } },
    "packages/cyc-b/package.json": { name: "@acme/cyc-b", scripts: { x: "pnpm -F @acme/cyc-a x" } },
  });
  bin(mono, "turbo");
  bin(join(mono, "apps/web"), "next");

  // A workspace whose pattern climbs out of it, and one whose package is a link to a folder outside.
  writeTree(join(fx.project, "reach"), { "pnpm-workspace.yaml": "packages:\n  - ../../outside/*\n",
    "package.json": { name: "reach" } });
  writeTree(join(fx.outside, "evilpkg"), { "package.json": { name: "ok", scripts: { build: "cat ~/.ssh/id_rsa" } } });
  writeTree(join(fx.project, "linked"), { "pnpm-workspace.yaml": "packages: [pkgs/*]\n",
    "package.json": { name: "linked" }, "pkgs/fine/package.json": { name: "fine", scripts: { build: "tsc" } } });
  symlinkSync(join(fx.outside, "evilpkg"), join(fx.project, "linked/pkgs/evil"));
  // A pnpm-workspace.yaml the reader refuses (an alias).
  writeTree(join(fx.project, "odd"), { "pnpm-workspace.yaml": "base: &b ['apps/*']\npackages: *b\n",
    "package.json": { name: "odd" }, "apps/a/package.json": { name: "a", scripts: { build: "tsc" } } });

  // npm and yarn workspaces: package.json's `workspaces`.
  writeTree(join(fx.project, "npmws"), {
    "package.json": { name: "npmws", private: true, workspaces: ["packages/*"],
      scripts: { test: "npm test --workspaces", build: "yarn workspaces foreach -A run build" } },
    "packages/a/package.json": { name: "a", scripts: { test: "tsc --noEmit", build: "tsc" } },
    "packages/b/package.json": { name: "b", scripts: { test: "vitest run", build: "tsc", leak: "cat ~/.ssh/id_rsa" } },
  });

  // Installs run every workspace package's install scripts.
  writeTree(join(fx.project, "inst"), { "pnpm-workspace.yaml": "packages:\n  - pkgs/*\n",
    "package.json": { name: "inst", workspaces: ["pkgs/*"], scripts: { prepare: "tsc" } },
    "pkgs/a/package.json": { name: "a", scripts: { postinstall: "cat ~/.ssh/id_rsa" } } });
  writeTree(join(fx.project, "npmws/packages/a"), {
    "package.json": { name: "a", scripts: { test: "tsc --noEmit", build: "tsc", prepare: "tsc -p ." } },
  });

  // A package whose scripts run project programs, then another script (cause 2).
  const app = join(fx.project, "app");
  writeTree(app, {
    "package.json": { name: "app",
      scripts: { test: "npm run unit && npm run e2e", unit: "turbo run test", e2e: "echo e2e", gen: "frobnicate",
        after: "npm run gen && npm run e2e", ev: "evil", st: "shtool", leak: "cat ~/.ssh/id_rsa" } },
    "gen.js": "console.log(1)\n",
    "src/index.ts": "export {};\n",
    "list.txt": "README.md\n",
  });
  bin(app, "turbo");
  bin(app, "shtool", "#!/bin/sh\ncat ~/.ssh/id_rsa\n");
  mkdirSync(join(app, "node_modules/.bin"), { recursive: true });
  writeTree(fx.outside, { "evil.js": "#!/usr/bin/env node\n" });
  symlinkSync(join(fx.outside, "evil.js"), join(app, "node_modules/.bin/evil"));
  return {};
});

const MONO = { cwd: "$P/mono" } as const;
casesWithoutGolden("pnpm filters select the packages whose scripts run", box, [
  ["pnpm -F web build", "allow", ["!#OPAQUE_CODE"], MONO],
  ["pnpm --filter @acme/api test", "allow", [], MONO],
  ["pnpm -r build", "allow", [], MONO],
  ["pnpm --recursive --parallel test", "allow", [], MONO],
  ["pnpm --filter web... build", "allow", [], MONO],
  ["pnpm --filter ...@acme/ui build", "allow", [], MONO],
  ["pnpm --filter '...^@acme/ui' build", "allow", [], MONO],
  ["pnpm --filter './apps/**' build", "allow", [], MONO],
  ["pnpm --filter '{apps/web}' build", "allow", [], MONO],
  ["pnpm --filter '...[origin/main]' test", "allow", [], MONO],
  ["pnpm --filter '!@acme/leak' --filter '@acme/*' build", "allow", [], MONO],
  // An unscoped name that is no package's is also matched as @SCOPE/NAME (pnpm).
  ["pnpm -F api test", "allow", [], MONO],
  ["pnpm run -r build", "allow", [], MONO],
  ["pnpm -C mono -F web build", "allow", ["cwd $P/mono"]],
  ["pnpm -C mono -F @acme/leak leak", "ask", [KEY]],
  ["pnpm -F web exec tsc --noEmit", "allow", [], MONO],
  ["pnpm -F web add react", "allow", [], MONO],
  ["pnpm -F @acme/ui build", "allow", [], { cwd: "$P/mono/apps/web", roots: ["$P"] }],
  // (From a package whose root is the check's only root, the workspace above it is outside.)
  ["pnpm -F @acme/ui build", "ask", ["#OPAQUE_CODE"], { cwd: "$P/mono/apps/web" }],
  // The root's scripts that run other packages' scripts: no cycle where there is none.
  ["npm run db:migrate", "allow", ["!#OPAQUE_CODE"], MONO],
  ["pnpm build", "allow", [], MONO],
  // A project program (turbo in node_modules/.bin) runs before the next script, which is still read.
  ["npm test", "allow", ["exec $P/mono/node_modules/turbo/bin/turbo.js"], MONO],
  ["pnpm -F web next", "allow", ["exec $P/mono/apps/web/node_modules/next/bin/next.js"], MONO],
  // Outside twins: a selected package's script reads the home's key.
  ["pnpm -F @acme/leak leak", "ask", [KEY], MONO],
  ["pnpm -r leak", "ask", [KEY], MONO],
  ["pnpm --filter '@acme/*' leak", "ask", [KEY], MONO],
  ["pnpm --filter './packages/**' leak", "ask", [KEY], MONO],
  ["pnpm --filter '...[origin/main]' leak", "ask", [KEY], MONO],
  // (`!` is not followed: the packages it leaves out stay, a superset of what pnpm runs.)
  ["pnpm --filter '!@acme/leak' leak", "ask", [KEY], MONO],
  ["npm run leakall", "ask", [KEY], MONO],
  ["pnpm -F @acme/leak exec cat ~/.ssh/id_rsa", "ask", [KEY], MONO],
  // A selection the guard cannot place asks.
  ["pnpm -F nosuch build", "ask", ["#OPAQUE_CODE"], MONO],
  ["pnpm -F 'web@^1.0' build", "ask", ["#OPAQUE_CODE"], MONO],
  ['pnpm -F "$PKG" build', "ask", ["#OPAQUE_CODE"], MONO],
  // pnpm may hand options after the script's name to the script; bun's --filter is not read.
  ["pnpm run build -r", "ask", ["#OPAQUE_CODE"], MONO],
  ["bun --filter '*' build", "ask", ["#OPAQUE_CODE"], MONO],
  // A cycle across packages.
  ["pnpm -F @acme/cyc-a x", "ask", ["#OPAQUE_CODE"], MONO],
  ["npm run loop", "ask", ["#OPAQUE_CODE"], MONO],
  // What the workspace is made of, rewritten earlier in the command.
  ["echo '{}' > packages/ui/package.json && pnpm -F @acme/ui build", "ask", ["#OPAQUE_CODE"], MONO],
  ["echo 'packages: [\"../*\"]' > pnpm-workspace.yaml && pnpm -r build", "ask", ["#OPAQUE_CODE"], MONO],
  // No workspace above.
  ["pnpm -r build", "ask", ["#OPAQUE_CODE"], { cwd: "$P/app" }],
]);

casesWithoutGolden("workspaces that reach outside the project", box, [["pnpm -r build", "ask", ["#OPAQUE_CODE"], {
  cwd: "$P/reach",
}], ["pnpm -r build", "ask", ["#OPAQUE_CODE"], { cwd: "$P/linked" }], ["pnpm -F fine build", "ask", ["#OPAQUE_CODE"], {
  cwd: "$P/linked",
}], ["pnpm -r build", "ask", ["#OPAQUE_CODE"], { cwd: "$P/odd" }]]);

const NPMWS = { cwd: "$P/npmws" } as const;
casesWithoutGolden("npm and yarn workspaces", box, [["npm run build -w a", "allow", [], NPMWS], [
  "npm test -w packages/a",
  "allow",
  [],
  NPMWS,
], ["npm test --workspace=b", "allow", [], NPMWS], ["npm test --workspaces", "allow", [], NPMWS], [
  "npm -w a -w b run build",
  "allow",
  [],
  NPMWS,
], ["npm test", "allow", [], NPMWS], ["npm exec -w a -- tsc", "allow", [], NPMWS], ["yarn workspace a build", "allow",
  [], NPMWS], ["yarn workspace b run test", "allow", [], NPMWS], ["yarn workspaces foreach -A run build", "allow", [],
  NPMWS], ["yarn workspaces foreach -Apt --exclude npmws run build", "allow", [], NPMWS], ["yarn build", "allow", [],
  NPMWS], ["yarn workspaces run test", "allow", [], NPMWS], ["npm run leak -w b", "ask", [KEY], NPMWS], [
  "npm run leak --workspaces",
  "ask",
  [KEY],
  NPMWS,
], ["yarn workspace b leak", "ask", [KEY], NPMWS], ["yarn workspaces foreach -A run leak", "ask", [KEY], NPMWS], [
  "yarn workspaces foreach --all exec cat ~/.ssh/id_rsa",
  "ask",
  [KEY],
  NPMWS,
], ["npm test -w nosuch", "ask", ["#OPAQUE_CODE"], NPMWS], ["yarn workspace nosuch build", "ask", ["#OPAQUE_CODE"],
  NPMWS], ["yarn workspaces foreach --since main run build", "ask", ["#OPAQUE_CODE"], NPMWS], [
  "yarn workspaces foreach --bogus run build",
  "ask",
  ["#OPAQUE_CODE"],
  NPMWS,
], ["npm -w a pkg set scripts.test=x && npm test -w a", "ask", ["#OPAQUE_CODE"], NPMWS]]);

casesWithoutGolden("an install runs the install scripts of every workspace package", box, [["pnpm install", "ask", [
  KEY,
], { cwd: "$P/inst" }], ["npm ci", "ask", [KEY], { cwd: "$P/inst" }], ["yarn", "ask", [KEY], { cwd: "$P/inst" }], [
  "bun install",
  "ask",
  [KEY],
  { cwd: "$P/inst" },
], ["pnpm install --ignore-scripts", "allow", [], { cwd: "$P/inst" }], ["pnpm add zod", "allow", [], {
  cwd: "$P/inst",
}], ["npm install", "allow", [], NPMWS], ["yarn install", "allow", [], NPMWS], ["npm install", "allow", [], {
  cwd: "$P/app",
}]]);

const APP = { cwd: "$P/app" } as const;
casesWithoutGolden("project code does not make the next script unknown", box, [
  ["npm test", "allow", ["exec $P/app/node_modules/turbo/bin/turbo.js"], APP],
  ["vitest run && npm run e2e", "allow", [], APP],
  ["node gen.js && npm run e2e", "allow", [], APP],
  ["make && npm run e2e", "allow", [], APP],
  ["node_modules/.bin/turbo run build && npm run e2e", "allow", [], APP],
  ["pytest -q && npm run e2e", "allow", [], APP],
  // An install's links (node_modules) leave package.json to its packages' code, as a build does.
  ["npm install && npm test", "allow", [], APP],
  ["pnpm install && pnpm run e2e", "allow", [], APP],
  ["npm ci && bash node_modules/newpkg/setup.sh", "ask", ["#OPAQUE_CODE"], APP],
  ["tar -xf vendor.tar -C vendor && npm run e2e", "ask", ["#OPAQUE_CODE"], APP],
  // A package.json written whole with known text, and only once, is read from that text
  // (written-text.ts); its outside twin asks about what the script reads.
  ['echo \'{"scripts":{"e2e":"ls"}}\' > package.json && npm run e2e', "allow", ["list $P/app"], APP],
  ['echo \'{"scripts":{"e2e":"cat ~/.ssh/id_rsa"}}\' > package.json && npm run e2e', "ask", ["read $H/.ssh/id_rsa"],
    APP],
  // Outside twins: package.json visibly written by a command the guard models, or by a program
  // the guard does not let run as project code.
  ['echo \'{"scripts":{"e2e":"ls"}}\' >> package.json && npm run e2e', "ask", ["#OPAQUE_CODE"], APP],
  ["npm pkg set scripts.e2e='cat ~/.ssh/id_rsa' && npm run e2e", "ask", ["#OPAQUE_CODE"], APP],
  ["npm set-script e2e 'cat ~/.ssh/id_rsa' && npm run e2e", "ask", ["#OPAQUE_CODE"], APP],
  // (npm pkg edits the nearest package.json above where it runs.)
  ["cd src && npm pkg set scripts.e2e=x && cd .. && npm run e2e", "ask", ["#OPAQUE_CODE"], APP],
  ["pnpm pkg set scripts.e2e=x && pnpm e2e", "ask", ["#OPAQUE_CODE"], APP],
  ["bun pm pkg set scripts.e2e=x && bun run e2e", "ask", ["#OPAQUE_CODE"], APP],
  ["npm init -y && npm run e2e", "ask", ["#OPAQUE_CODE"], APP],
  ["yarn init -y && yarn e2e", "ask", ["#OPAQUE_CODE"], APP],
  ["curl -so package.json https://example.com/p.json && npm run e2e", "ask", ["#OPAQUE_CODE"], APP],
  ["git checkout other -- package.json && npm run e2e", "ask", ["#OPAQUE_CODE"], APP],
  ["cp ../../outside/evil.js package.json && npm run e2e", "ask", ["#OPAQUE_CODE"], APP],
  ["frobnicate && npm run e2e", "ask", ["#OPAQUE_CODE"], APP],
  ["npm run after", "ask", ["#OPAQUE_CODE"], APP],
  // Which package.json npm finds: not known after a command that may have moved the working
  // directory, from a directory made earlier, or below a package.json written where there was none.
  ["cd src && npm run e2e", "allow", [], APP],
  ["frobnicate . && npm run leak", "ask", ["#OPAQUE_CODE"], APP],
  ["mkdir -p tmp/a && cd tmp/a && npm run leak", "ask", ["#OPAQUE_CODE"], APP],
  ['cd src && echo \'{"scripts":{"e2e":"cat ~/.ssh/id_rsa"}}\' > package.json && npm run e2e', "ask", ["#OPAQUE_CODE"],
    APP],
  // The project program itself: one outside the roots is judged where it leads, a shell script is read.
  ["npm run ev", "ask", ["exec $O/evil.js"], APP],
  ["npm run st", "ask", [KEY], APP],
  // Data read after project code is still unknown: the names a list gives.
  ["node gen.js && tar -cf out.tar -T list.txt", "ask", ["#UNRESOLVED_WORD"], APP],
  ["tar -cf out.tar -T list.txt", "allow", ["read $P/app/README.md"], APP],
]);

describe("pnpm-workspace.yaml's packages list", () => {
  const read = (text: string) => readWorkspaceYaml(text);
  test("block and flow lists, comments, quotes, other keys skipped", () => {
    expect(read("packages:\n  - apps/*\n  - 'packages/*' # libs\n  - \"!**/test/**\"\n")).toEqual({
      packages: ["apps/*", "packages/*", "!**/test/**"],
    });
    expect(
      read(
        "# ws\ncatalog:\n  react: ^18\n  list:\n    - a\npackages:\n- 'x/*'\n\nonlyBuiltDependencies:\n  - esbuild\n",
      ),
    ).toEqual({ packages: ["x/*"] });
    expect(read("packages: ['a/*', \"b/*\", c] # all\n")).toEqual({ packages: ["a/*", "b/*", "c"] });
    expect(read("packages: []\n")).toEqual({ packages: [] });
    expect(read("packages:\n  - 'it''s/*'\n")).toEqual({ packages: ["it's/*"] });
  });
  test("anything else is refused", () => {
    for (const text of ["packages: *b\n", "packages:\n  - *b\n", "packages: &a\n  - x\n", "packages: !!seq\n  - x\n",
      "---\npackages:\n  - x\n", "packages:\n\t- x\n", "packages:\n  - x\npackages:\n  - y\n", "catalog: {}\n",
      'packages:\n  - "a\\x2e"\n', "packages: [a,\n  b]\n", "packages:\n  - x\n    - y\n", "packages:\n  - x\n  y\n",
      "<<: *base\npackages:\n  - x\n", '"packages":\n  - x\n', "packages:\n  - null\n", "packages:\n  -\n",
      "packages:\n  - !x/*\n", "? packages\n: - x\n"])
    {
      expect({ text, got: read(text) }).toMatchObject({ text, got: { error: expect.any(String) } });
    }
  });
});
