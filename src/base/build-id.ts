// Which build this code is: `npm run build` (scripts/build-bundle.ts) writes one id, a hash of
// what the build read, into the bundle (in place of this null, and as the bundle's first line)
// and into dist/base/build-id.js. A bare `tsc` rebuild writes this file's null back into dist/,
// so compiled modules newer than the bundle never pass for its build. The sources say null.
// src/server/protocol.ts compares the two ids to choose the code that answers; `--version` says it.

/** The id of the build this module is part of; null in the sources and in a bare `tsc` build. */
export const BUILD_ID: string | null = null;
