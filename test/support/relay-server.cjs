// A stand-in for the resident checker, for the tests of the hook clients: it takes the server's
// place as a server does (binds its staging name, 0600, writes the pid file, renames the socket
// to the public name SHELLFENCE_TEST_RELAY_SOCKET) and relays every connection, both ways, to
// the test's own fake at SHELLFENCE_TEST_RELAY_TO, which says what it answers.
//
// Run as a script (`node relay-server.cjs`: an impostor of its own), preloaded into the real bin
// (`node --require relay-server.cjs bin/shellfence.js serve`, or through NODE_OPTIONS: then it
// turns that `serve` into `serve --help`, which prints and returns, and answers in its place),
// or required by a copy of the package's bin (test/native-hook.test.ts: a server of that
// package's own, which its clients trust, to put their reply checks to the test).
"use strict";
const { chmodSync, renameSync, writeFileSync } = require("node:fs");
const { connect, createServer } = require("node:net");
const { dirname, join } = require("node:path");

const pub = process.env.SHELLFENCE_TEST_RELAY_SOCKET;
const to = process.env.SHELLFENCE_TEST_RELAY_TO;
if (!pub || !to) throw new Error("relay-server.cjs: set SHELLFENCE_TEST_RELAY_SOCKET and SHELLFENCE_TEST_RELAY_TO");
if (process.argv[2] === "serve" || process.argv[3] === "serve") process.argv.push("--help");
const staging = join(dirname(pub), `staging-${process.pid}.sock`);
const server = createServer((s) => {
  const up = connect(to);
  s.pipe(up);
  up.pipe(s);
  s.on("error", () => up.destroy());
  up.on("error", () => s.destroy());
});
process.umask(0o177);
server.listen(staging, () => {
  chmodSync(staging, 0o600);
  writeFileSync(pub.replace(/\.sock$/, ".pid"), `${process.pid}\n`);
  renameSync(staging, pub);
});
process.on("SIGTERM", () => process.exit(0));
