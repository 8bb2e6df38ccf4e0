// A throwaway repository for the scan's gate tests, and `shellfence scan` run on it through the
// real CLI entry (src/cli/run.ts) in a subprocess, with a home directory of its own: no trust
// store there, so the repository's own .shellfence.json counts as untrusted, as on a CI runner.

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const entry = join(import.meta.dir, "..", "..", "src", "cli", "run.ts");

export interface ScanRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A finding as `--format json` prints it. */
export interface JsonFinding {
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly decision: string;
  readonly code: string;
  readonly message: string;
  readonly statement: string;
  readonly written: string;
  readonly fingerprint: string;
}

export class ScanRepo {
  /** The directory that holds the repository, its home and anything else a test makes. */
  readonly top = realpathSync(mkdtempSync(join(tmpdir(), "shellfence-gate-")));
  readonly repo: string;
  readonly home: string;

  constructor(files: Readonly<Record<string, string>> = {}, name = "repo") {
    this.repo = join(this.top, name);
    this.home = join(this.top, "home");
    mkdirSync(this.repo, { recursive: true });
    mkdirSync(this.home, { recursive: true });
    this.write(files);
  }

  /** Writes files relative to the repository (directories made as needed). */
  write(files: Readonly<Record<string, string>>): void {
    for (const [f, text] of Object.entries(files)) {
      mkdirSync(dirname(join(this.repo, f)), { recursive: true });
      writeFileSync(join(this.repo, f), text);
    }
  }

  /** A file outside the repository (a config, a baseline), its absolute path. */
  aside(name: string, text: string): string {
    const path = join(this.top, name);
    writeFileSync(path, text);
    return path;
  }

  /**
   * `shellfence scan ARGS`. With `--unknowns` unless `asShipped`: most tests read every finding,
   * the places not resolved too (report/scan-shown.ts).
   */
  scan(args: readonly string[], home = this.home, asShipped = false): ScanRun {
    const r = spawnSync(process.execPath, [entry, "scan", ...(asShipped ? [] : ["--unknowns"]), "--home", home,
      ...args], { encoding: "utf8", cwd: this.repo, env: { PATH: process.env.PATH ?? "", HOME: this.home },
      maxBuffer: 64 << 20 });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  /** The findings of `scan --format json ARGS`, and the run. */
  json(args: readonly string[], home?: string): { findings: JsonFinding[]; run: ScanRun } {
    const run = this.scan(["--format", "json", ...args], home);
    if (run.status === 2) throw new Error(`scan failed: ${run.stderr}`);
    return { findings: JSON.parse(run.stdout) as JsonFinding[], run };
  }

  remove(): void {
    rmSync(this.top, { recursive: true, force: true });
  }
}

/** `file:line CODE` for each finding: what most assertions compare. */
export function where(findings: readonly JsonFinding[]): string[] {
  return findings.map((f) => `${f.file}:${f.line} ${f.code}`);
}
