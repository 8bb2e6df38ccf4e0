// The modern agent workload (corpora/modern-agent/, issue #31): three projects described as
// data, and the commands coding agents run in them. This module reads both and materialises the
// projects in a scratch directory, beside a home directory and a sibling folder for the
// commands labelled "outside" to reach:
//
//   SCRATCH/acme        the pnpm + Turborepo monorepo     (projects/monorepo.json)
//   SCRATCH/tidewater   the Python package with a .venv   (projects/python.json)
//   SCRATCH/storefront  the Next.js app                   (projects/nextjs.json)
//   SCRATCH/home        $HOME: .ssh, .aws, .bashrc, .gitconfig, .npmrc
//   SCRATCH/other       a folder outside every project
//
// Each project is a git repository with the commits its description lists, node_modules trees
// with .bin links as npm and pnpm make them (the programs are stand-ins: nothing here is run),
// and the Python project a virtual environment made by `python3 -m venv --without-pip` (with
// /usr/bin/python3, so that its links lead where they lead on a usual machine), with the
// packages and console scripts pip would have installed written into it. Without
// /usr/bin/python3, a stand-in of the same layout is written instead (`venv: "stand-in"`).
// scripts/precision.ts measures the guard on it; test/modern-agent.test.ts checks it.

import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync,
  writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

export const WORKLOAD_DIR = new URL("../corpora/modern-agent/", import.meta.url).pathname;

interface NodePackage {
  readonly name: string;
  readonly version: string;
  readonly bin?: Readonly<Record<string, string>>;
}

interface PythonPackage {
  readonly name: string;
  readonly version: string;
  readonly scripts?: Readonly<Record<string, string>>;
}

export interface ProjectSpec {
  /** The key commands name it by. */
  readonly name: string;
  /** Its folder under the scratch directory. */
  readonly directory: string;
  readonly description: string;
  /** Keys of PROVENANCE.md's sources it is paraphrased from. */
  readonly sources: readonly string[];
  /** Path → text, or its lines (a newline is added after the last). */
  readonly files: Readonly<Record<string, string | readonly string[]>>;
  readonly executable?: readonly string[];
  readonly nodeModules?: readonly {
    readonly dir: string;
    readonly packages: readonly NodePackage[];
    /** Workspace links, as pnpm makes them: name → relative target. */
    readonly links?: Readonly<Record<string, string>>;
  }[];
  readonly venv?: {
    readonly dir: string;
    readonly packages: readonly PythonPackage[];
    /** The project itself, installed in editable mode from `path`. */
    readonly editable?: PythonPackage & { readonly path: string };
  };
  readonly git?: { readonly branch: string; readonly commits: readonly string[] };
}

export type Expectation = "inside" | "outside";

export interface WorkloadCommand {
  readonly project: string;
  /** The working directory, relative to the project's root. */
  readonly cwd: string;
  readonly command: string;
  /** What the command does: explore, read, search, git, gh, build, test, lint, pkg, run, http, docker, edit, env, process. */
  readonly family: string;
  /** The PROVENANCE.md key of where the command is paraphrased from. */
  readonly source: string;
  /** inside: stays in the project; outside: reaches a place outside it; absent: neither is claimed. */
  readonly expect?: Expectation;
}

export function readProjects(dir = WORKLOAD_DIR): ProjectSpec[] {
  const projects = join(dir, "projects");
  return readdirSync(projects).filter((f) => f.endsWith(".json")).sort().map((f) =>
    JSON.parse(readFileSync(join(projects, f), "utf8")) as ProjectSpec
  );
}

export function readCommands(dir = WORKLOAD_DIR): WorkloadCommand[] {
  const out: WorkloadCommand[] = [];
  const lines = readFileSync(join(dir, "commands.jsonl"), "utf8").split("\n");
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    const r = JSON.parse(line) as Partial<WorkloadCommand>;
    if (typeof r.project !== "string" || typeof r.cwd !== "string" || typeof r.command !== "string"
      || typeof r.family !== "string" || typeof r.source !== "string"
      || (r.expect !== undefined && r.expect !== "inside" && r.expect !== "outside"))
    {
      throw new Error(`commands.jsonl:${i + 1}: needs project, cwd, command, family, source and an optional expect`);
    }
    out.push(r as WorkloadCommand);
  });
  return out;
}

export interface Materialised {
  readonly scratch: string;
  readonly home: string;
  readonly outside: string;
  /** Project key → its root. */
  readonly roots: Readonly<Record<string, string>>;
  /** How the virtual environment was made. */
  readonly venv: "python3 -m venv" | "stand-in" | "none";
}

const GIT_ENV = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_SYSTEM: "/dev/null",
  GIT_AUTHOR_NAME: "Dev", GIT_AUTHOR_EMAIL: "dev@example.invalid", GIT_COMMITTER_NAME: "Dev",
  GIT_COMMITTER_EMAIL: "dev@example.invalid", GIT_AUTHOR_DATE: "2026-01-05T10:00:00Z",
  GIT_COMMITTER_DATE: "2026-01-05T10:00:00Z" };

function write(path: string, text: string, mode?: number): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  if (mode !== undefined) chmodSync(path, mode);
}

function link(target: string, path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(target, path);
}

const text = (t: string | readonly string[]) => (typeof t === "string" ? t : t.length ? t.join("\n") + "\n" : "");

/** The home directory and the outside folder: what the "outside" commands reach for. */
function buildOutside(home: string, outside: string): void {
  write(join(home, ".bashrc"), "export EDITOR=vi\n");
  write(join(home, ".gitconfig"), "[user]\n\tname = Dev\n\temail = dev@example.invalid\n");
  write(join(home, ".npmrc"), "//registry.npmjs.org/:_authToken=not-a-real-token\n");
  write(join(home, ".pypirc"), "[pypi]\nusername = __token__\npassword = not-a-real-token\n");
  write(join(home, ".ssh", "id_ed25519"),
    "-----BEGIN OPENSSH PRIVATE KEY-----\nnot-a-real-key\n-----END OPENSSH PRIVATE KEY-----\n", 0o600);
  write(join(home, ".ssh", "known_hosts"), "");
  write(join(home, ".aws", "credentials"), "[default]\naws_access_key_id = not-a-real-key\n");
  write(join(outside, "notes.txt"), "outside every project\n");
  write(join(outside, "hook.js"), "console.log('loaded from outside');\n");
}

function buildNodeModules(root: string, spec: NonNullable<ProjectSpec["nodeModules"]>[number]): void {
  const dir = join(root, spec.dir);
  for (const p of spec.packages) {
    const bin = p.bin ?? {};
    write(join(dir, p.name, "package.json"),
      JSON.stringify({ name: p.name, version: p.version, ...(p.bin ? { bin } : {}) }, null, 2) + "\n");
    if (!p.bin) write(join(dir, p.name, "index.js"), `module.exports = {}; // stand-in for ${p.name}\n`);
    for (const [cmd, file] of Object.entries(bin)) {
      write(join(dir, p.name, file),
        `#!/usr/bin/env node\n// stand-in for ${p.name}'s ${cmd}: the measurement runs nothing\n`, 0o755);
      link(join("..", p.name, file), join(dir, ".bin", cmd));
    }
  }
  for (const [name, target] of Object.entries(spec.links ?? {})) link(target, join(dir, name));
}

/** A console script as pip writes it: a #! line naming the environment's own interpreter. */
function consoleScript(python: string, entry: string): string {
  const [module, func] = entry.split(":") as [string, string];
  return `#!${python}\n# -*- coding: utf-8 -*-\nimport re\nimport sys\nfrom ${module} import ${func.split(".")[0]}\n`
    + `if __name__ == "__main__":\n    sys.argv[0] = re.sub(r"(-script\\.pyw|\\.exe)?$", "", sys.argv[0])\n`
    + `    sys.exit(${func}())\n`;
}

/** The activate script's work, for the stand-in: VIRTUAL_ENV, PATH and a deactivate function. */
function standInActivate(venv: string): string {
  return ["# stand-in for the activate script python3 -m venv writes: use with `source bin/activate` from bash",
    "deactivate () {",
    '    if [ -n "${_OLD_VIRTUAL_PATH:-}" ] ; then PATH="$_OLD_VIRTUAL_PATH"; export PATH; unset _OLD_VIRTUAL_PATH; fi',
    "    unset VIRTUAL_ENV VIRTUAL_ENV_PROMPT",
    '    if [ ! "${1:-}" = "nondestructive" ] ; then unset -f deactivate; fi', "}", "deactivate nondestructive",
    `VIRTUAL_ENV=${venv}`, "export VIRTUAL_ENV", '_OLD_VIRTUAL_PATH="$PATH"', 'PATH="$VIRTUAL_ENV/bin:$PATH"',
    "export PATH", ""].join("\n");
}

function buildVenv(root: string, spec: NonNullable<ProjectSpec["venv"]>): Materialised["venv"] {
  const venv = join(root, spec.dir);
  let how: Materialised["venv"] = "stand-in";
  let version = "3.12";
  try {
    execFileSync("/usr/bin/python3", ["-m", "venv", "--without-pip", venv], { stdio: "ignore", timeout: 60_000 });
    version = readdirSync(join(venv, "lib")).find((d) => /^python3\.\d+$/.test(d))!.slice("python".length);
    how = "python3 -m venv";
  } catch {
    rmSync(venv, { recursive: true, force: true }); // whatever a failed venv left
    write(join(venv, "pyvenv.cfg"),
      `home = /usr/bin\ninclude-system-site-packages = false\nversion = ${version}.0\nexecutable = /usr/bin/python${version}\n`
        + `command = /usr/bin/python3 -m venv --without-pip ${venv}\n`);
    link("/usr/bin/python3", join(venv, "bin", "python3"));
    link("python3", join(venv, "bin", "python"));
    link("python3", join(venv, "bin", `python${version}`));
    write(join(venv, "bin", "activate"), standInActivate(venv));
    mkdirSync(join(venv, "include", `python${version}`), { recursive: true });
  }
  const site = join(venv, "lib", `python${version}`, "site-packages");
  const python = join(venv, "bin", "python3");
  const install = (p: PythonPackage, editable: string | null) => {
    const info = join(site, `${p.name}-${p.version}.dist-info`);
    write(join(info, "METADATA"), `Metadata-Version: 2.1\nName: ${p.name}\nVersion: ${p.version}\n`);
    write(join(info, "INSTALLER"), "pip\n");
    const scripts = Object.entries(p.scripts ?? {});
    if (scripts.length) {
      write(join(info, "entry_points.txt"),
        `[console_scripts]\n${scripts.map(([s, e]) => `${s} = ${e}`).join("\n")}\n`);
    }
    for (const [s, e] of scripts) write(join(venv, "bin", s), consoleScript(python, e), 0o755);
    if (editable !== null) {
      write(join(info, "direct_url.json"),
        JSON.stringify({ url: `file://${root}`, dir_info: { editable: true } }) + "\n");
      write(join(site, `__editable__.${p.name}-${p.version}.pth`), `${editable}\n`);
    } else {
      write(join(site, p.name, "__init__.py"), `__version__ = "${p.version}"\n`);
    }
  };
  for (const p of spec.packages) install(p, null);
  if (spec.editable) install(spec.editable, join(root, spec.editable.path));
  return how;
}

function buildGit(root: string, spec: NonNullable<ProjectSpec["git"]>): void {
  const git = (...a: string[]) => execFileSync("git", a, { cwd: root, stdio: "ignore", env: GIT_ENV });
  try {
    git("init", "-q", "-b", spec.branch);
    spec.commits.forEach((message, i) => {
      // The first commit holds the project; each later one a line of its README, so that
      // `git diff HEAD~1` and `git log -p` have something to show.
      if (i > 0) {
        writeFileSync(join(root, "README.md"),
          readFileSync(join(root, "README.md"), "utf8") + `\n<!-- ${message} -->\n`);
      }
      git("add", "-A");
      git("commit", "-q", "-m", message);
    });
  } catch {
    mkdirSync(join(root, ".git"), { recursive: true }); // no git on this machine: a bare marker
  }
}

/** Writes every project, the home directory and the outside folder under `scratch`. */
export function materialise(scratch: string, projects = readProjects()): Materialised {
  const home = join(scratch, "home");
  const outside = join(scratch, "other");
  buildOutside(home, outside);
  const roots: Record<string, string> = {};
  let venv: Materialised["venv"] = "none";
  for (const p of projects) {
    const root = join(scratch, p.directory);
    roots[p.name] = root;
    for (const [rel, t] of Object.entries(p.files)) write(join(root, rel), text(t));
    for (const rel of p.executable ?? []) chmodSync(join(root, rel), 0o755);
    for (const nm of p.nodeModules ?? []) buildNodeModules(root, nm);
    if (p.venv) venv = buildVenv(root, p.venv);
    if (p.git) buildGit(root, p.git);
  }
  return { scratch, home, outside, roots, venv };
}

/** Whether a path of the description stays in its project (no absolute path, no `..`). */
export function staysInside(rel: string): boolean {
  return !rel.startsWith("/") && !relative(".", rel).startsWith("..");
}

if (import.meta.main) {
  const dest = process.argv[2];
  if (!dest || existsSync(dest)) {
    console.error("usage: bun run scripts/modern-agent.ts NEW_DIR   (materialises the workload's projects there)");
    process.exit(2);
  }
  const m = materialise(dest);
  console.log(JSON.stringify(m, null, 2));
}
