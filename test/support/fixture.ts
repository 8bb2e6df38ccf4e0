// The fixture sandbox, built fresh under the system temp directory: a project, an outside
// directory, a sibling whose name shares a prefix with the project, symlinks out of and into
// the project (relative and absolute), a symlink loop, and a fake HOME.

import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Fixture {
  /** The sandbox's top directory (physical). */
  readonly top: string;
  /** The project root: the default cwd and root of every check. */
  readonly project: string;
  readonly outside: string;
  readonly backup: string;
  readonly home: string;
  /** Replaces $P, $O, $B, $H and $T in a string with the fixture's paths. */
  sub(s: string): string;
  remove(): void;
}

export function buildFixture(at?: string): Fixture {
  const top = realpathSync(at ?? mkdtempSync(join(tmpdir(), "shellfence-")));
  const work = join(top, "work");
  const project = join(work, "project");
  const outside = join(work, "outside");
  const backup = join(work, "project-backup");
  const home = join(top, "home");
  const dirs = [project, join(project, "src", "sub"), join(project, "docs"), join(project, "scripts"),
    join(project, "build"), join(project, "space dir"), outside, join(outside, "dir"), backup, home, join(home, ".ssh"),
    join(home, "bin")];
  for (const d of dirs) mkdirSync(d, { recursive: true });
  const files: Record<string, string> = { [join(project, "README.md")]: "# project\n",
    [join(project, ".env")]: "TOKEN=project-secret\n", [join(project, "src", "main.ts")]: "export {};\n",
    [join(project, "src", "sub", "deep.ts")]: "export {};\n", [join(project, "docs", "guide.md")]: "guide\n",
    [join(project, "space dir", "file.txt")]: "x\n",
    [join(project, "scripts", "build.sh")]: "#!/bin/sh\ncd src && ls\n",
    [join(project, "scripts", "escape.sh")]: "#!/bin/sh\ncat ../outside/secret.txt\n",
    [join(project, "list.txt")]: "src/main.ts\n",
    [join(project, "scripts", "tool.py")]: "#!/usr/bin/env python3\nimport sys\nprint(open(sys.argv[1]).read())\n",
    [join(outside, "secret.txt")]: "outside-secret\n", [join(outside, "dir", "file.txt")]: "x\n",
    [join(backup, "x.txt")]: "backup\n", [join(home, ".bashrc")]: "# bashrc\n",
    [join(home, ".ssh", "id_rsa")]: "key\n" };
  for (const [f, c] of Object.entries(files)) writeFileSync(f, c);
  chmodSync(join(project, "scripts", "build.sh"), 0o755);
  chmodSync(join(project, "scripts", "tool.py"), 0o755);
  const links: [string, string][] = [
    [join(outside), join(project, "link-out")], // absolute, out
    ["../outside", join(project, "rel-out")], // relative, out
    ["src", join(project, "link-in")], // relative, in
    [join(project, "src"), join(project, "abs-in")], // absolute, in
    ["src/sub", join(project, "deep-in")], // relative, in, one level deeper than itself
    ["../../outside/secret.txt", join(project, "src", "secret-link")], // file link out
    ["../outside/dir", join(project, "dir-out")],
    ["loop-b", join(project, "loop-a")],
    ["loop-a", join(project, "loop-b")],
    ["../project", join(outside, "back-in")], // from outside, into the project
    [home, join(project, "home-link")],
    ["../project-backup", join(project, "backup-link")],
  ];
  for (const [target, path] of links) symlinkSync(target, path);
  const paths: Record<string, string> = { P: project, O: outside, B: backup, H: home, T: top };
  // $P, $O, $B, $H, $T, but not $PWD or $HOME: a placeholder is never followed by a name character.
  const sub = (s: string) => s.replace(/\$([POBHT])(?![A-Za-z0-9_])/g, (_, k: string) => paths[k]!);
  return { top, project, outside, backup, home, sub, remove: () => rmSync(top, { recursive: true, force: true }) };
}
