// Name-service lookups: getent and whois print records of a database or a registry; their
// operands are keys, not files. getent's `shadow` and `gshadow` databases hold password hashes
// (read as root from /etc/shadow and /etc/gshadow), so those are reads of the files; a
// database that is not known may be one of them. `-s SERVICE` makes glibc load
// libnss_SERVICE.so.2, which dlopen reads as a path when the name holds a `/`.

import type { SpecContext } from "../spec.ts";
import { issue, none, optionValues, roleAs } from "./common.ts";
import type { TableSpec } from "./expand.ts";

const SECRET_DATABASES = new Set(["shadow", "gshadow"]);

function getentDatabase(ctx: SpecContext): void {
  for (const s of optionValues(ctx, "-s", "--service")) {
    if (s.text === null || s.text.includes("/")) {
      issue(ctx, "UNRESOLVED_PATH",
        `getent -s ${s.source}: glibc loads libnss_SERVICE.so.2, a path when the service holds a /`, s.span);
    }
  }
  const db = ctx.operands[0];
  if (db === undefined) return;
  if (db.text === null) {
    issue(ctx, "UNRESOLVED_WORD",
      `getent: the database ${db.source} is not known (shadow and gshadow hold password hashes)`, db.span);
  } else if (SECRET_DATABASES.has(db.text)) roleAs(ctx, db, `/etc/${db.text}`, "read");
}

export const LOOKUP_SPECS: readonly TableSpec[] = [
  { names: ["getent"], flags: "iA", long: ["--no-idn", "--no-addrconfig"], options: { "-s": none, "--service": none },
    operands: { all: "none" }, custom: getentDatabase },
  // whois asks a registry over the network; -h and -p name the server, the rest are its query.
  { names: ["whois"], flags: "HlLmMrRBGxa",
    options: { "-h": none, "--host": none, "-p": none, "--port": none, "-i": none, "-T": none, "-s": none, "-t": none,
      "-v": none, "-q": none, "-g": none }, operands: { all: "none" }, unknownOptions: "none" },
];
