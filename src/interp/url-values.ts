// Values of variables whose name says they hold a URL (`NUXT_APP_BASE_URL=/x/`, `PUBLIC_URL=/app`,
// `API_URI=/v1`): a web framework reads such a value as the path part of a URL on a server — the
// base its pages are served under, the prefix of its routes — never as a place on this disk.
// simple.ts judges a value handed to a program that looks like a path (it holds a `/`), since the
// program may read variables the table does not know (DPKG_ROOT=../x dpkg-query read ../x/…);
// a URL path is no such value, on one condition: it names nothing here. A program that opened it
// anyway (a library that takes a URL or a file name) would find nothing to read at a name whose
// first segment is not on the disk, where `/etc/passwd`, `/tmp/evil-index` or `/home/u/.ssh/x`
// are: those keep being judged as places, as does anything relative (`../x`), `~`, a value the
// command may have made there first, and every variable whose role is known (UV_INDEX_URL,
// PIP_INDEX_URL, npm_config_registry: environment.ts, judged before this is asked).

import type { FileSystem } from "../paths/fs.ts";
import type { World } from "../shell/state.ts";
import { absentAt } from "./absent.ts";

/** A name whose last word is URL or URI: `BASE_URL`, `NEXT_PUBLIC_API_URL`, `PUBLIC_URL`, `URL`. */
const URL_NAME = /(^|_)UR[LI]$/i;

/**
 * Whether the value of variable `name` is the path of a URL that names no place on this disk: the
 * name says URL, the value is path-absolute (`/x/`, not `//host/x`), has no `..` segment, and
 * its first segment is not there at check time, with nothing earlier in the command that may
 * have made it (absentAt: the world has changed nothing on the disk).
 */
export function urlPathNamingNothing(fs: FileSystem, w: World, name: string, value: string): boolean {
  if (!URL_NAME.test(name) || !/^\/[^/]/.test(value)) return false;
  const path = value.replace(/[?#].*$/, "");
  const segments = path.split("/").slice(1);
  if (segments.includes("..") || segments.includes(".")) return false;
  const first = `/${segments[0]!}`;
  return absentAt(fs, w, first) === first;
}
