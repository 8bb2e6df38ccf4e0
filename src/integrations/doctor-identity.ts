// The guard's identity, for `shellfence doctor`: the SHA-256 of the code that runs (the doctor's
// own code file, and each program or module a host's configuration names), its package checked
// against the manifest its build wrote (doctor-manifest.ts), and where it lives: inside the
// project, where the project (and the agent) can change it, or in a place the agent's sandbox
// can write. Same-user checks: they catch a package replaced or half installed, a hook pointing
// into the project, a program the sandbox leaves writable; not a user-rights attacker, who can
// rewrite the manifest as well (docs/integrations.md, "Checking the install").

import { lstatSync, realpathSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Finding } from "./doctor-hosts.ts";
import { checkManifest, MANIFEST_FILE, sha256File } from "./doctor-manifest.ts";
import type { SandboxModes } from "./doctor-sandbox.ts";
import { shellfencePackageOf } from "./doctor-hosts.ts";
import { isInside } from "../paths/resolve.ts";
import { nodeFileSystem } from "../paths/fs.ts";
import { protectedReach } from "../policy/protect.ts";

export interface ProgramIdentity {
  /** The host's config file that names it, or "doctor" for the code running now. */
  readonly where: string;
  /** As named (a link, perhaps). */
  readonly named: string;
  /** Physically resolved. */
  readonly file: string;
  readonly sha256: string | null;
  /** The shellfence package it belongs to, or null. */
  readonly package: string | null;
}

interface IdentityContext {
  readonly project: string;
  readonly home: string;
  readonly sandbox: SandboxModes;
}

function real(p: string): string | null {
  try {
    return realpathSync(p);
  } catch {
    return null;
  }
}

const MAX_LISTED = 5;
const listed = (xs: readonly string[]) =>
  xs.slice(0, MAX_LISTED).join(", ") + (xs.length > MAX_LISTED ? ` and ${xs.length - MAX_LISTED} more` : "");

/** The package at `root` against its build's manifest; once per package per run (`seen`). */
export function packageFindings(root: string, seen: Set<string>): Finding[] {
  if (seen.has(root)) return [];
  seen.add(root);
  const where = join(root, MANIFEST_FILE);
  const reinstall = "reinstall shellfence (or run `npm run build` in a checkout)";
  const r = checkManifest(root);
  switch (r.kind) {
    case "absent":
      return [{ level: "error", where,
        message:
          `the package ${root} has no build manifest: it was not made by \`npm run build\` or is half installed; ${reinstall}` }];
    case "unreadable":
      return [{ level: "error", where, message: `the build manifest cannot be read (${r.why}); ${reinstall}` }];
    case "checked": {
      const out: Finding[] = [];
      if (r.changed.length) {
        out.push({ level: "error", where,
          message: `${r.changed.length} file(s) differ from the build: ${listed(r.changed)}; ${reinstall}` });
      }
      if (r.missing.length) {
        out.push({ level: "error", where,
          message: `${r.missing.length} file(s) of the build are missing: ${listed(r.missing)}; ${reinstall}` });
      }
      if (r.added.length) {
        out.push({ level: "warn", where,
          message: `${r.added.length} file(s) are not the build's: ${listed(r.added)}` });
      }
      if (out.length === 0) {
        out.push({ level: "ok", where,
          message: `all ${r.count} files of build ${r.build ?? "(no id)"} match their recorded SHA-256` });
      }
      return out;
    }
  }
}

/**
 * The paths whose change would change what runs: each symlink on the way from the name to the
 * file (the link itself, not its target), and the file. A link in the project named
 * `node_modules/.bin/shellfence-hook` is one: replaced, the hook runs what it then points to.
 */
function chain(named: string): string[] {
  const out: string[] = [];
  let p = named;
  for (let hops = 0; hops < 40; hops++) {
    // Each component up to p, physically resolved but for its last name.
    const parent = real(dirname(p));
    const here = parent === null ? p : join(parent, basename(p));
    out.push(here);
    let st;
    try {
      st = lstatSync(here);
    } catch {
      break;
    }
    if (!st.isSymbolicLink()) break;
    const to = real(here);
    if (to === null) break;
    p = to;
  }
  const r = real(named);
  if (r !== null && !out.includes(r)) out.push(r);
  return out;
}

/** Inspects one program or module file a host runs as the guard. */
export function inspectProgram(where: string, named: string, ctx: IdentityContext,
  seen: Set<string>): { readonly identity: ProgramIdentity; readonly findings: Finding[] }
{
  const file = real(named) ?? named;
  let sha256: string | null = null;
  try {
    sha256 = sha256File(file);
  } catch {
    // Not readable: the probe has said what it did.
  }
  const pkg = shellfencePackageOf(file);
  const identity = { where, named, file, sha256, package: pkg };
  const f: Finding[] = [{ level: "ok", where,
    message: `runs ${named}${file !== named ? ` → ${file}` : ""} (sha256 ${sha256 ?? "unreadable"})` }];
  if (pkg === null) {
    f.push({ level: "warn", where,
      message: `${file} is not part of a shellfence package: what it runs is not checked against a build manifest` });
  } else f.push(...packageFindings(pkg, seen));
  const projectReal = real(ctx.project) ?? ctx.project;
  const paths = chain(named);
  if (pkg !== null) paths.push(pkg);
  for (const p of paths) {
    if (isInside(p, projectReal) || isInside(p, ctx.project)) {
      // The guard's own places in the project are asked about before a write (protect.ts).
      const guarded = protectedReach(p, ctx.home, [projectReal], nodeFileSystem) !== null;
      f.push(
        guarded
          ? { level: "warn", where,
            message:
              `${p} is inside the project: a write there is asked about, but the project is the agent's and a cloned repository's to change; a user-wide install (npm install -g, hook command \`shellfence-hook claude-code\`) is out of its reach` }
          : { level: "error", where,
            message:
              `${p} is inside the project, where the agent can rewrite it without being asked; run the guard from node_modules/shellfence or a user-wide install` },
      );
      break;
    }
  }
  if (!("error" in ctx.sandbox)) {
    for (const p of paths) {
      const m = ctx.sandbox.modeOf(p);
      if (m.mode !== "writable") continue;
      f.push({ level: "error", where,
        message:
          `${p} is writable inside the agent's sandbox (${ctx.sandbox.profile} profile: ${m.why}), so a command the guard allows can replace ${
            p === file ? "it" : "what the hook runs"
          }; point the hook at a file the sandbox keeps read-only (node_modules/shellfence/bin/… in the project, or a user-wide install)` });
      break;
    }
  }
  return { identity, findings: f };
}
