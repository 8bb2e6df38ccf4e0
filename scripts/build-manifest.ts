// `npm run build:manifest` (the last step of `npm run build`): dist/manifest.json, the SHA-256 of
// every file of the package a host or the bin may load (src/integrations/doctor-manifest.ts says
// which), with the build's id, for `shellfence doctor` to check the installed package against.
// It runs after the native client is built, so the client is in it; the code caches Node.js
// writes beside the bundle later are not (they are not the build's).

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeManifest, MANIFEST_FILE } from "../src/integrations/doctor-manifest.ts";

const root = join(import.meta.dir, "..");
/** The id build-bundle.ts wrote into the compiled modules; null after a bare `tsc`. */
const id =
  /^export const BUILD_ID = "([0-9a-f]{16})";$/m.exec(readFileSync(join(root, "dist", "base", "build-id.js"), "utf8"))
    ?.[1] ?? null;
const manifest = makeManifest(root, id);
writeFileSync(join(root, MANIFEST_FILE), JSON.stringify(manifest, null, 1) + "\n");
console.log(`${MANIFEST_FILE}: ${Object.keys(manifest.files).length} files, build ${id}`);
