// Built-in secrets ask wherever they are (SECRET_PATH): a session whose project root is the home
// directory, or that has `/` as a root, had every key and token inside its roots, and `cat
// ~/.ssh/id_rsa ~/.aws/credentials` was allowed. Only a rule that names the secret allows it.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGuard, type Verdict } from "../src/index.ts";
import { HOME_SECRETS as SANDBOX_HOME_SECRETS } from "../src/sandbox/builtin.ts";
import { HOME_SECRETS } from "../src/policy/secrets.ts";

let home: string;
beforeAll(() => {
  home = realpathSync(mkdtempSync(join(tmpdir(), "shellfence-secrets-")));
  for (const d of [".ssh", ".aws", ".claude", "src"]) mkdirSync(join(home, d));
  for (const f of [".ssh/id_rsa", ".aws/credentials", ".npmrc", ".bash_history", ".claude/.credentials.json",
    "src/a.ts", "notes"]) writeFileSync(join(home, f), "x");
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

const codes = (v: Verdict) => [...new Set(v.reasons.map((r) => r.code))];

describe("the home directory as the project root", () => {
  test.each([["cat ~/.ssh/id_rsa ~/.aws/credentials"], ["cat .npmrc"], ["grep -i password .bash_history"], [
    "cp ~/.claude/.credentials.json /tmp/x",
  ], ["echo export X=1 >> ~/.bashrc"], ["tar czf /tmp/k.tgz .ssh"], ["cat ~/.mkshrc"], ["cat .kshrc"]])(
    "%s asks with SECRET_PATH",
    async (command) => {
      const g = await createGuard({ home });
      const v = g.check(command, { cwd: home, roots: ["/tmp"] });
      expect({ command, decision: v.decision, codes: codes(v) }).toEqual({ command, decision: "ask",
        codes: expect.arrayContaining(["SECRET_PATH"]) });
    },
  );

  test("a recursive read of the home directory reaches them and asks", async () => {
    const g = await createGuard({ home });
    expect(g.check("grep -r TOKEN .", { cwd: home }).decision).toBe("ask");
  });

  test("the rest of home, a listing of it and a cd into a secret directory stay allowed", async () => {
    const g = await createGuard({ home });
    for (const c of ["cat notes src/a.ts", "ls -la", "ls", "cd .ssh", "grep -r x src", "cat .kshrc.d/notes"]) {
      expect({ c, d: g.check(c, { cwd: home }).decision }).toEqual({ c, d: "allow" });
    }
  });
});

describe("a home directory reached through a symlink", () => {
  test("its secrets ask under the physical path too", async () => {
    const link = `${home}-link`;
    symlinkSync(home, link);
    try {
      const g = await createGuard({ home: link });
      const v = g.check("cat ~/.ssh/id_rsa", { cwd: home });
      expect(v.decision).toBe("ask");
      expect(codes(v)).toEqual(["SECRET_PATH"]);
    } finally {
      rmSync(link);
    }
  });
});

describe("`/` as a root", () => {
  test("keys and /etc/shadow ask", async () => {
    const g = await createGuard({ home, roots: ["/"] });
    const v = g.check("cat ~/.ssh/id_rsa /etc/shadow", { cwd: join(home, "src") });
    expect(v.decision).toBe("ask");
    expect(v.accesses.filter((a) => a.reason === "SECRET_PATH").map((a) => a.resolved)).toEqual([
      join(home, ".ssh/id_rsa"),
      "/etc/shadow",
    ]);
  });
});

describe("only a rule that names the secret allows it", () => {
  test("~/.aws/** allows ~/.aws; a catch-all, ~/** or the home directory do not", async () => {
    const named = await createGuard({ home, agentConfig: { permission: { read: { "~/.aws/**": "allow" } } } });
    expect(named.check("cat ~/.aws/credentials", { cwd: home }).decision).toBe("allow");
    expect(named.check("cat ~/.ssh/id_rsa", { cwd: home }).decision).toBe("ask");
    for (const pattern of ["*", "**", "~/**", `${home}/**`]) {
      const broad = await createGuard({ home,
        agentConfig: { permission: { read: { [pattern]: "allow" }, external_directory: { [pattern]: "allow" } } } });
      expect({ pattern, d: broad.check("cat ~/.aws/credentials", { cwd: home }).decision }).toEqual({ pattern,
        d: "ask" });
    }
  });

  test("the user may turn the reason off in their own config", async () => {
    const g = await createGuard({ home, agentConfig: { reasons: { SECRET_PATH: "allow" } } });
    expect(g.check("cat ~/.ssh/id_rsa", { cwd: home }).decision).toBe("allow");
  });

  test("outside the roots the reason stays EXTERNAL_PATH", async () => {
    const g = await createGuard({ home });
    expect(codes(g.check("cat ~/.ssh/id_rsa", { cwd: join(home, "src") }))).toEqual(["EXTERNAL_PATH"]);
  });
});

test("the sandbox hides the same list", () => {
  expect(SANDBOX_HOME_SECRETS).toBe(HOME_SECRETS);
});
