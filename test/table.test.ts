// The case-table helper itself: a case that asks or denies must name the reason or the access
// that makes it so, with that decision; one that names only what is allowed, or nothing, fails.

import { describe, expect, test } from "bun:test";
import { assertCase, useSandbox } from "./support/table.ts";

const box = useSandbox();
const denyEnv = useSandbox(() => ({ config: [{ permission: { read: { "*.env": "deny" } } }] }));

describe("a non-allow case must say why", () => {
  test("an ask with no expectation fails, and the message offers what would justify it", () => {
    expect(() => assertCase(box, ["cat ../outside/secret.txt", "ask"])).toThrow(
      /must say why.*"read \$O\/secret\.txt"/,
    );
  });

  test("an ask whose expectations name only allowed accesses or absences fails", () => {
    expect(() => assertCase(box, ["cat README.md ../outside/secret.txt", "ask", ["read $P/README.md"]])).toThrow(
      /must say why/,
    );
    expect(() => assertCase(box, ["cat ../outside/secret.txt", "ask", ["!read $P/x"]])).toThrow(/must say why/);
  });

  test("an ask that names the outside access or the reason passes", () => {
    assertCase(box, ["cat README.md ../outside/secret.txt", "ask", ["read $P/README.md", "read $O/secret.txt"]]);
    assertCase(box, ["cat $UNKNOWN", "ask", ["#UNRESOLVED_WORD"]]);
  });

  test("a deny is justified only by what denies, not by what asks", () => {
    expect(() => assertCase(denyEnv, ["cat .env ../outside/secret.txt", "deny", ["read $O/secret.txt"]])).toThrow(
      /must say why/,
    );
    assertCase(denyEnv, ["cat .env ../outside/secret.txt", "deny", ["read $P/.env"]]);
  });

  test("an allow needs no justification", () => {
    assertCase(box, ["cat README.md", "allow"]);
  });
});
