// A repository to scan, built fresh in the system temp directory: shell scripts by extension
// and by #!, a workflow, and the things a walk must leave alone (node_modules, .git, other
// languages, a symlinked directory). Each finding it should produce is known.

import { accessSync, constants, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync,
  writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** /tmp where this user may write it, else the temp directory. */
function fixtureParent(): string {
  try {
    accessSync("/tmp", constants.W_OK);
    return "/tmp";
  } catch {
    return tmpdir();
  }
}

export interface ScanFixture {
  readonly top: string;
  readonly repo: string;
  readonly outside: string;
  readonly home: string;
  remove(): void;
}

export function buildScanFixture(): ScanFixture {
  // Under /tmp whatever TMPDIR says, as the golden fixture is: the scan judges a place there
  // as holding nothing (src/paths/confined.ts), and the expected findings say so.
  const top = realpathSync(mkdtempSync(join(fixtureParent(), "shellfence-scan-")));
  const repo = join(top, "repo");
  const outside = join(top, "outside");
  const home = join(top, "home");
  for (const d of [repo, outside, home, join(repo, "scripts"), join(repo, "tools"), join(repo, "app"),
    join(repo, ".github", "workflows"), join(repo, "node_modules", "pkg"), join(repo, ".git", "hooks"),
    join(home, ".ssh")])
  {
    mkdirSync(d, { recursive: true });
  }
  const files: Record<string, string> = {
    ".shellfence.json": JSON.stringify({ permission: { external_directory: { "~/.ssh/**": "deny" } } }),
    "scripts/deploy.sh": ["#!/bin/sh", "set -e", "cd app", "cp build.tar ../../outside/drop/",
      "cat ~/.ssh/id_rsa > key", ""].join("\n"),
    "scripts/clean.bash": "rm -rf ./dist\n",
    "tools/run": "#!/usr/bin/env bash\nls /opt\n",
    "tools/helper.py": "#!/usr/bin/env python3\nprint(open('/etc/passwd').read())\n",
    "tools/notes.txt": "cat /etc/passwd\n",
    "node_modules/pkg/evil.sh": "cat ~/.ssh/id_rsa\n",
    ".git/hooks/pre-commit.sh": "cat ~/.ssh/id_rsa\n",
    ".github/workflows/ci.yml": ["name: ci", "on: [push]", "jobs:", "  test:", "    runs-on: ubuntu-latest",
      "    defaults:", "      run:", "        working-directory: app", "    steps:",
      "      - uses: actions/checkout@v4", "      - name: build", "        run: |", "          make",
      "          cat ../../outside/token", '          echo "ok=1" >> "$GITHUB_OUTPUT"', "      - name: publish",
      "        working-directory: ../outside", "        run: ls", "      - name: secrets",
      "        run: cat ~/.ssh/known_hosts '${{ inputs.extra }}'", "      - name: pwsh", "        shell: pwsh",
      "        run: Get-Content /etc/passwd", ""].join("\n"),
    ".github/workflows/README.md": "run: cat /etc/passwd\n",
  };
  for (const [f, c] of Object.entries(files)) writeFileSync(join(repo, f), c);
  writeFileSync(join(home, ".ssh", "id_rsa"), "key\n");
  symlinkSync(repo, join(repo, "loop"));
  return { top, repo, outside, home, remove: () => rmSync(top, { recursive: true, force: true }) };
}
