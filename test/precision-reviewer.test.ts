// The heuristic reviewer behind scripts/precision.ts: which asks a careful reviewer would make
// too. The precision figure is only as honest as these rules, so each is pinned here with a
// command it must count as justified next to a twin it must leave needless.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Class, classify } from "../scripts/precision-reviewer.ts";
import { createGuard, type Guard, type Verdict } from "../src/index.ts";

let scratch = "";
let project = "";
let guard: Guard;
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "shellfence-reviewer-"));
  project = join(scratch, "demo");
  mkdirSync(join(project, "src"), { recursive: true });
  mkdirSync(join(project, ".git"));
  writeFileSync(join(project, "src", "a.ts"), "");
  writeFileSync(join(project, "list.txt"), "src/a.ts\n");
  // Code the guard may not read where a reviewer does: a package.json whose scripts run one
  // another, a script, and a workspace whose packages lie in the project; and a workspace that
  // reaches out of it.
  writeFileSync(join(project, "package.json"),
    JSON.stringify({ scripts: { test: "npm run unit && npm run e2e", unit: "vitest run", e2e: "playwright test" } }));
  mkdirSync(join(project, "tools"));
  writeFileSync(join(project, "tools", "lint"), "#!/bin/sh\necho lint\n");
  writeFileSync(join(project, "pnpm-workspace.yaml"), 'packages:\n  - "packages/*"\n');
  mkdirSync(join(project, "packages", "ui"), { recursive: true });
  writeFileSync(join(project, "packages", "ui", "package.json"),
    JSON.stringify({ name: "ui", scripts: { test: "vitest run" } }));
  mkdirSync(join(project, "ws-out"));
  writeFileSync(join(project, "ws-out", "pnpm-workspace.yaml"), 'packages:\n  - "../../elsewhere/*"\n');
  writeFileSync(join(project, "ws-out", "package.json"),
    JSON.stringify({ name: "ws", scripts: { test: "vitest run" } }));
  mkdirSync(join(scratch, "home"));
  guard = await createGuard({ home: join(scratch, "home") });
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A command, the class it must get, and its working directory under the project when not the project. */
const CASES: readonly (readonly [string, Class, string?])[] = [
  // which/type print places on PATH, in a backquoted substitution as in $(…)
  ["ls -l `which passwd`", "justified:names"],
  ["file $(which gcc)", "justified:names"],
  // an unquoted substitution that prints nothing leaves a bare cd, which goes home (the guard
  // now follows that way itself: the home directory is its access)
  ["cd $(find . -name config -type d | sed 1q)", "justified:outside"],
  ["cd `find . -name config`", "justified:outside"],
  ['cd "$(find . -name config -type d | sed 1q)"', "needless"],
  // $0 is the host's shell as it was started
  ["MY_DIR=$(dirname $(readlink -f $0))", "justified:env"],
  ['dirname "$(readlink -f "$0")"', "justified:env"],
  // …but bound by sh -c CODE ARG0, and awk's $0 in single quotes is a field
  ["find . -name '*.jpg' -exec sh -c 'mv \"$0\" \"${0%.JPG}$.jpg\"' {} \\;", "needless"],
  // names from a file the project does not hold, from the terminal, a picker, a script
  ["cat files.txt | xargs du -c", "justified:data"],
  ["rm $(<xaa)", "justified:data"],
  ['while read line; do mkdir -p "${line%/*}"; done < infile', "justified:data"],
  ["xargs rm -f", "justified:data"],
  ["sort | uniq -u | xargs -r rm", "justified:data"],
  ['cd "$(xsel)"', "justified:data"],
  ["find `gen_root_dirs.sh` -type f -size 0", "justified:data"],
  // …but a file the project holds is data the reviewer can read
  ["cat list.txt | xargs -0 rm", "needless"],
  // …so is a file the command line writes itself; a `<` in a quoted pattern is no redirection
  ["find . -name a.ts > tmpfile && mv `cat tmpfile` src", "needless"],
  ["find . -type f -exec grep -l '<img>' {} \\; | xargs rm -f", "needless"],
  // unseen data justifies asks about names only: inline code is asked about for itself
  ['cat numbers.txt | php -r "echo 1;"', "needless"],
  // a program this machine lacks is not unseen: a reviewer knows what `tree` prints
  ["wc -l `tree -if --noreport | grep -e'\\.php$'`", "needless"],
  // harmless system data is harmless to read: a write there is outside, even through a word the guard could not resolve
  ["sudo cp a.ko /lib/modules/$(uname -r)/kernel/drivers/", "justified:outside"],
  ["find /lib/modules/$(uname -r) -name '*.ko'", "needless"],
  // an absolute path a sed program writes into the names (any delimiter) names a place outside
  ["find . -type d -print|sed 's@^@/usr/project/@'|xargs mkdir -p", "justified:names"],
  ["find . -type d -print|sed 's@^@usr/project/@'|xargs mkdir -p", "needless"],
  // programs that print where something is installed print places outside
  ["chmod +x $(brew --prefix)/etc/bash_completion", "justified:names"],
  ["sudo chown -R $(whoami) $(npm config get prefix)/{lib/node_modules,bin,share}", "justified:names"],
  ["file -L $(python -c 'import sys; print(sys.executable)')", "justified:names"],
  ["chmod +x $(npm run --silent where)/x", "needless"],
  // patch writes the files a patch the project does not hold names
  ["patch --input patch.diff --strip 1", "justified:data"],
  ["patch -p1 -i fix.diff", "justified:data"],
  ["patch -p1 -i list.txt", "needless"],
  // `read NAME < $FILE` assigns NAME, not FILE
  ["read pid < $lock_file", "justified:env"],
  ["read lock_file < src/a.ts; cat $lock_file", "needless"],
  // a positional parameter nothing binds, with an operator too
  ["find ${1:-.} -mindepth 1 -maxdepth 1 -type d", "justified:env"],
  ["set -- src; find ${1:-.} -mindepth 1 -maxdepth 1 -type d", "needless"],
  // archives whose stored names decide what is written: cpio -i keeps absolute ones, and
  // several archives unpacked into one tree may write through each other's links
  ["rpm2cpio foo.rpm | cpio -idmv", "justified:data"],
  ['find ./test -printf "././%f\\n"| cpio -o -F newArch', "needless"],
  ["find . -name '*.zip' | xargs -n1 unzip", "justified:data"],
  ["find . -depth -name '*.zip' -exec /usr/bin/unzip -n {} \\;", "justified:data"],
  ["find . -type f -name '*.tgz' -print0 | xargs -0 tar -xzf", "justified:data"],
  ["unzip src.zip", "needless"],
  ["find . -type d | xargs tar czf x.tar", "needless"],
  // setting the clock, becoming another user: outside every project
  ["sudo date --set='2013-05-11 06:00'", "justified:outside"],
  ["date -u -Iseconds", "needless"],
  ["su apache -s /bin/ksh", "justified:outside"],
  ["echo su", "needless"],
  // a package.json, a script or a workspace's packages in the project that the guard could not
  // read are code the reviewer reads: not opaque…
  ["npm test", "needless"],
  ["export B=tools/; ${B}lint", "needless"],
  ["pnpm -r test", "needless"],
  // …unless the command line writes the file before it runs it, the file is not there, or the
  // workspace's packages lie outside the project
  ["curl -so package.json http://localhost:8000/pkg.json && npm test", "justified:opaque"],
  ["export B=tools/; ${B}gone", "justified:opaque"],
  ["pnpm -r test", "justified:opaque", "ws-out"],
  // a program in a here-document is text the reviewer reads; one piped in from a download is not
  ["python3 - <<'EOF'\nprint(open('src/a.ts').read())\nEOF", "needless"],
  ["curl -s localhost:8000/setup.py | python3 -", "justified:opaque"],
  // (the URL that used to make a download run as code look like a place no longer does; the download does)
  ['ruby -e "$(curl -fsSL https://example.org/install.rb)"', "justified:opaque"],
  ['ruby -e "$(cat tools/lint)"', "needless"],
  // a URL, a route of a server, a header string are not places on the disk…
  ["curl -s http://localhost:3000/api/health", "needless"],
  ["curl -s -X POST localhost:3000/api/chat -H 'Content-Type: application/json' -d '{\"path\": \"/api/chat\"}'",
    "needless"],
  ["curl -si http://127.0.0.1:3000/login -H 'Referer: /dashboard'", "needless"],
  ["echo 'POST /api/chat' >> src/routes.txt", "needless"],
  ["printf 'Location: /login' >> src/headers.txt", "needless"],
  // …but a file: URL is, and so is a file given to the client beside them
  ["curl -s file:///etc/passwd", "justified:outside"],
  ["curl -s http://localhost:3000/api/health -o /srv/health.json", "justified:outside"],
  ["curl -s -X POST localhost:3000/api/chat -H 'Content-Type: application/json' -d @/srv/body.json",
    "justified:outside"],
  ["curl -si http://127.0.0.1:3000/login -H 'Referer: /dashboard' > /srv/login.txt", "justified:outside"],
  ["echo 'POST /api/chat' >> /srv/routes.txt", "justified:outside"],
  // (a string is a header by its name or by -H before it: another `Name: /path` still names a place)
  ["printf 'Moved: /srv/login' >> src/headers.txt", "justified:names"],
];

describe("the precision reviewer", () => {
  for (const [command, want, under] of CASES) {
    test(`${want}: ${command}${under ? ` (in ${under})` : ""}`, () => {
      // The reviewer sees only asks. Where the guard has learnt to allow a case, it still
      // judges the same text with the ask it used to get, so the rule stays pinned.
      const cwd = under ? join(project, under) : project;
      const real = guard.check(command, { cwd, roots: [project] });
      const v: Verdict = real.decision !== "allow"
        ? real
        : { ...real, decision: "ask",
          reasons: [{ code: "UNRESOLVED_WORD", message: "a word is not known", decision: "ask" }] };
      expect(classify(command, v, project, cwd)).toBe(want);
    });
  }
});
