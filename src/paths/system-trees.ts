// The system's trees of installed software: programs, libraries, headers, documentation and
// locale data that the system's package managers install, owned by root and world-readable, and
// holding no user's secrets. The policy's harmless-reads layer (src/policy/system-reads.ts)
// allows reading, listing and entering them; the interpreter takes a module search path into one
// (`PYTHONPATH=/usr/lib/python3/dist-packages`) as the lookup of installed code it is, not as
// code from elsewhere (src/interp/simple.ts).
//
// Not /usr/etc or /usr/local/etc, nor Homebrew's etc and var: configuration (an npmrc there may
// hold a registry token) and data (databases, logs).

import { isInside } from "./resolve.ts";

/** Homebrew's prefixes (Apple silicon, Linux) and their trees of installed software. */
const BREW_TREES = ["/opt/homebrew", "/home/linuxbrew/.linuxbrew"].flatMap((prefix) =>
  ["bin", "sbin", "lib", "include", "share", "Cellar", "opt", "Frameworks"].map((t) => `${prefix}/${t}`)
);

export const SYSTEM_SOFTWARE_TREES: readonly string[] = [
  "/usr/share",
  "/usr/include",
  "/usr/lib",
  "/usr/lib32",
  "/usr/lib64",
  "/usr/libexec",
  "/usr/bin",
  "/usr/sbin",
  "/usr/src",
  "/usr/games",
  "/usr/local/share",
  "/usr/local/include",
  "/usr/local/lib",
  "/usr/local/bin",
  "/usr/local/sbin",
  "/usr/local/src",
  "/usr/local/games",
  "/usr/local/man",
  "/bin",
  "/sbin",
  "/lib",
  "/lib32",
  "/lib64",
  // Homebrew on Intel macs keeps its kegs here; its bin, lib, share are the /usr/local ones above.
  "/usr/local/Cellar",
  "/usr/local/opt",
  "/usr/local/Frameworks",
  ...BREW_TREES,
];

/** Whether a physical path is in (or is) one of the system's trees of installed software. */
export function inSystemSoftware(physical: string): boolean {
  return SYSTEM_SOFTWARE_TREES.some((t) => isInside(physical, t));
}
