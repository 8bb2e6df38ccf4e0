// The host's path policy, as stitchkit ADR 0172 and its 0.84.0 amendment decide: asked about
// each ancestor of the root-relative path, outermost first, segment by segment, stopping at
// the first refusal, never about the root; a backslash is refused without asking; a refusal
// is FORBIDDEN. Each case lists the questions asked, in order.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type AuthorizePathRequest, createGuard, type Decision, type Guard, type Verdict } from "../src/index.ts";
import { buildFixture, type Fixture } from "./support/fixture.ts";
import { explain } from "./support/table.ts";

/** [command, decision, questions asked (root-relative), expectations?] */
type AuthCase = readonly [command: string, decision: Decision, questions: readonly string[],
  expectations?: readonly string[]];

interface AuthBox {
  fx: Fixture;
  sync: Guard;
  async: Guard;
  asked: AuthorizePathRequest[];
}

/** A fixture with credentials/ beside credentials-backup/, and guards whose policy is `allow`. */
function useAuthSandbox(allow: (path: string) => boolean): AuthBox {
  const box = { asked: [] } as unknown as AuthBox;
  beforeAll(async () => {
    box.fx = buildFixture();
    for (const d of ["credentials", "credentials-backup"]) {
      mkdirSync(join(box.fx.project, d));
      writeFileSync(join(box.fx.project, d, "token.txt"), "t\n");
    }
    box.sync = await createGuard({ home: box.fx.home, authorizePath: (r) => (box.asked.push(r), allow(r.path)) });
    box.async = await createGuard({ home: box.fx.home,
      authorizePath: async (r) => {
        box.asked.push(r);
        await new Promise((res) => setTimeout(res, 0));
        return allow(r.path);
      } });
  });
  afterAll(() => box.fx?.remove());
  return box;
}

function expectCase(box: AuthBox, v: Verdict, c: AuthCase): void {
  const [command, decision, questions, expectations = []] = c;
  const asked = box.asked.map((q) => q.path);
  const info = `${command}\n${explain(v)}\n  asked: ${asked.join(", ")}`;
  expect({ command, decision: v.decision, asked, info }).toMatchObject({ command, decision,
    asked: questions.map(box.fx.sub) });
  for (const e of expectations) {
    const negate = e.startsWith("!");
    const code = (negate ? e.slice(1) : e).slice(1);
    if (v.reasons.some((r) => r.code === code) === negate) {
      throw new Error(`expected ${negate ? "no " : ""}${code} for:\n${info}`);
    }
  }
}

/** Every case runs through check() with a sync policy and checkAsync() with an async one. */
function authTable(name: string, box: AuthBox, cases: readonly AuthCase[]): void {
  describe(name, () => {
    for (const c of cases) {
      test(`${c[0]} → ${c[1]} (sync)`, () => {
        box.asked.length = 0;
        expectCase(box, box.sync.check(box.fx.sub(c[0]), { cwd: box.fx.project }), c);
      });
      test(`${c[0]} → ${c[1]} (async)`, async () => {
        box.asked.length = 0;
        expectCase(box, await box.async.checkAsync(box.fx.sub(c[0]), { cwd: box.fx.project }), c);
      });
    }
  });
}

// The ADR's own example: a host rule that names only the directory.
const credentials = useAuthSandbox((path) => path !== "credentials");

authTable('authorizePath: path !== "credentials"', credentials, [
  ["cat README.md", "allow", ["README.md"]],
  ["cat src/sub/deep.ts", "allow", ["src", "src/sub", "src/sub/deep.ts"]],
  // Recursive denial: the leaf is never asked about once an ancestor has refused.
  ["cat credentials/token.txt", "deny", ["credentials"], ["#FORBIDDEN"]],
  ["cat credentials", "deny", ["credentials"], ["#FORBIDDEN"]],
  ["> credentials/new.txt", "deny", ["credentials"]],
  ["cat < credentials/missing/deeper.txt", "deny", ["credentials"]],
  // Segment-wise, not by string prefix.
  ["cat credentials-backup/token.txt", "allow", ["credentials-backup", "credentials-backup/token.txt"]],
  ["cat credentialsX", "allow", ["credentialsX"]],
  // cd and pushd targets go through it too.
  ["cd credentials", "deny", ["credentials"], ["#FORBIDDEN"]],
  ["pushd credentials", "deny", ["credentials"]],
  ["cd src && cat ../credentials/token.txt", "deny", ["src", "credentials"]],
  ["cd credentials-backup && cat token.txt", "allow", ["credentials-backup", "credentials-backup/token.txt"]],
  // Resolved physically: a relative path, a symlink and .. land where the kernel would.
  ["cd src; cat ../credentials/token.txt", "deny", ["src", "credentials"]],
  ["cat src/../credentials/token.txt", "deny", ["credentials"]],
  // The root is never asked about.
  ["cd .", "allow", []],
  ["cd $P", "allow", []],
  ["cd src/..", "allow", []],
  // Outside the roots the policy is not asked; external_directory judges.
  ["cat ../outside/secret.txt", "ask", [], ["#EXTERNAL_PATH", "!#FORBIDDEN"]],
  ["cat /etc/passwd", "ask", []],
  // A backslash after quote removal has two spellings: refused without asking.
  ["cat 'credentials\\token.txt'", "deny", [], ["#BACKSLASH_PATH"]],
  ["cat credentials\\\\token.txt", "deny", [], ["#BACKSLASH_PATH"]],
  ["cd $'a\\x5cb'", "deny", [], ["#BACKSLASH_PATH"]],
  // Escapes that quote removal takes away leave no backslash.
  ["cat credentials-backup\\/token.txt", "allow", ["credentials-backup", "credentials-backup/token.txt"]],
  // One check asks each question once.
  ["cat src/main.ts src/sub/deep.ts src/main.ts", "allow", ["src", "src/main.ts", "src/sub", "src/sub/deep.ts"]],
  // Unresolved paths are asked about by nobody: they ask already.
  ["cat $UNKNOWN/x", "ask", [], ["#UNRESOLVED_WORD"]],
]);

describe("a recursive access walks the directory asking as it goes", () => {
  const box = credentials;
  const walk = async (command: string) => {
    box.asked.length = 0;
    const s = box.sync.check(box.fx.sub(command), { cwd: box.fx.project });
    const sAsked = box.asked.map((q) => q.path);
    box.asked.length = 0;
    const a = await box.async.checkAsync(box.fx.sub(command), { cwd: box.fx.project });
    const aAsked = box.asked.map((q) => q.path);
    return { s, a, sAsked, aAsked };
  };

  test("grep -r under the root reaches credentials: deny", async () => {
    const { s, a, sAsked, aAsked } = await walk("grep -r key .");
    expect([s.decision, a.decision]).toEqual(["deny", "deny"]);
    expect(s.reasons[0]!.code).toBe("FORBIDDEN");
    // The message names the directory the command named, not the refused entry.
    expect(s.reasons[0]!.message).toBe(
      "grep: .: a recursive access would reach a path below it, and the host's path policy refuses it",
    );
    for (const asked of [sAsked, aAsked]) {
      expect(asked).toContain("credentials");
      expect(asked).not.toContain("credentials/token.txt");
      expect(asked).not.toContain(".");
    }
  });

  test("grep -r of a sibling directory: allow, each entry asked before it is read", async () => {
    const { s, a, sAsked, aAsked } = await walk("grep -r key credentials-backup");
    expect([s.decision, a.decision]).toEqual(["allow", "allow"]);
    // `key` is grep's pattern, not a path: only the directory and what it holds are asked about.
    expect(sAsked).toEqual(["credentials-backup", "credentials-backup/token.txt"]);
    expect(aAsked).toEqual(sAsked);
  });

  test("a subtree is not listed before its directory is admitted", async () => {
    const { sAsked, aAsked } = await walk("grep -r key src");
    for (const asked of [sAsked, aAsked]) {
      expect(asked.indexOf("src/sub")).toBeLessThan(asked.indexOf("src/sub/deep.ts"));
      expect(asked.indexOf("src")).toBe(0);
    }
  });
});

const denyAll = useAuthSandbox(() => false);

authTable("an allow-list must name the directories it leads through; the root is never asked", denyAll, [["cd .",
  "allow", []], ["cd src/..", "allow", []], ["cat README.md", "deny", ["README.md"], ["#FORBIDDEN"]], [
  "cat src/main.ts",
  "deny",
  ["src"],
], ["cat ../outside/secret.txt", "ask", []]]);

const srcOnly = useAuthSandbox((path) => path === "src" || path.startsWith("src/"));

authTable("an allow-list of src", srcOnly, [["cat src/main.ts", "allow", ["src", "src/main.ts"]], [
  "cat link-in/main.ts",
  "allow",
  ["src", "src/main.ts"],
], ["cat README.md", "deny", ["README.md"]], ["cd src && cat sub/deep.ts", "allow", ["src", "src/sub",
  "src/sub/deep.ts"]]]);

describe("refusals disclose nothing about the disk", () => {
  test("a refusal through a symlink names the path as written, not where it leads", () => {
    const box = srcOnly;
    const v = box.sync.check("cat abs-in/../README.md", { cwd: box.fx.project });
    expect(v.decision).toBe("deny");
    expect(v.reasons[0]!.message).toBe("cat: abs-in/../README.md: the host's path policy refuses it");
  });

  test("an absent path is refused the same way as a present one", () => {
    const box = credentials;
    const present = box.sync.check("cat credentials/token.txt", { cwd: box.fx.project });
    const absent = box.sync.check("cat credentials/no-such-file", { cwd: box.fx.project });
    expect(absent.reasons.map((r) => [r.code, r.decision])).toEqual(present.reasons.map((r) => [r.code, r.decision]));
    expect(absent.reasons[0]!.message).toBe("cat: credentials/no-such-file: the host's path policy refuses it");
  });
});

describe("direct tool calls go through the same policy", () => {
  const box = credentials;
  const cases: readonly [tool: string, input: object, decision: Decision, questions: readonly string[]][] = [["read", {
    path: "credentials/token.txt",
  }, "deny", ["credentials"]], ["read", { file_path: "credentials-backup/token.txt" }, "allow", ["credentials-backup",
    "credentials-backup/token.txt"]], ["write", { path: "credentials/new" }, "deny", ["credentials"]], ["ls", {
    path: "credentials",
  }, "deny", ["credentials"]], ["ls", { path: "." }, "deny", []], ["read", { path: "." }, "deny", []], ["read", {},
    "allow", []], ["read", { path: "credentials\\token.txt" }, "deny", []], ["grep", { pattern: "x",
    path: "credentials-backup" }, "allow", ["credentials-backup", "credentials-backup/token.txt"]]];
  for (const [tool, input, decision, questions] of cases) {
    test(`${tool} ${JSON.stringify(input)} → ${decision}`, async () => {
      box.asked.length = 0;
      const s = box.sync.checkTool({ tool, input, cwd: box.fx.project });
      const sAsked = box.asked.map((q) => q.path);
      box.asked.length = 0;
      const a = await box.async.checkToolAsync({ tool, input, cwd: box.fx.project });
      const aAsked = box.asked.map((q) => q.path);
      expect([s.decision, a.decision]).toEqual([decision, decision]);
      // A walk of "." asks about every entry; elsewhere the questions are exactly these.
      if (input.hasOwnProperty("path") && (input as { path: string }).path === ".") {
        expect(sAsked).toContain("credentials");
      } else expect({ sAsked, aAsked }).toEqual({ sAsked: [...questions], aAsked: [...questions] });
    });
  }
});

describe("callbacks that fail, or answer the wrong way, deny", () => {
  const fx = buildFixture();
  afterAll(() => fx.remove());
  const run = async (authorizePath: (r: AuthorizePathRequest) => unknown, command = "cat README.md") => {
    const g = await createGuard({ home: fx.home,
      authorizePath: authorizePath as (r: AuthorizePathRequest) => boolean });
    return { sync: g.check(command, { cwd: fx.project }), async: await g.checkAsync(command, { cwd: fx.project }) };
  };

  test("a throwing callback is a deny, not a crash", async () => {
    const { sync, async } = await run(() => {
      throw new Error("policy store offline");
    });
    for (const v of [sync, async]) {
      expect(v.decision).toBe("deny");
      expect(v.reasons[0]).toMatchObject({ code: "FORBIDDEN",
        message: "cat: README.md: the host's path policy failed: policy store offline" });
    }
  });

  test("a rejected promise is a deny", async () => {
    const { async } = await run(async () => {
      throw new Error("timeout");
    });
    expect(async.reasons[0]).toMatchObject({ code: "FORBIDDEN", decision: "deny",
      message: "cat: README.md: the host's path policy failed: timeout" });
  });

  test("check() with a callback that returns a Promise fails closed and says to use checkAsync", async () => {
    const { sync, async } = await run(async () => true);
    expect(sync.decision).toBe("deny");
    expect(sync.reasons[0]).toMatchObject({ code: "FORBIDDEN",
      message:
        "cat: README.md: the host's path policy answered asynchronously; call checkAsync (or checkToolAsync) when authorizePath returns a Promise" });
    expect(async.decision).toBe("allow");
  });

  test("check() with a rejecting Promise leaves no unhandled rejection behind", async () => {
    const { sync } = await run(() => Promise.reject(new Error("late")));
    expect(sync.decision).toBe("deny");
    await new Promise((res) => setTimeout(res, 5));
  });

  test("an answer that is not a boolean is a refusal", async () => {
    for (const answer of [undefined, null, 1, "yes", {}]) {
      const { sync, async } = await run(() => answer);
      expect([sync.decision, async.decision]).toEqual(["deny", "deny"]);
    }
    const { sync } = await run(() => undefined);
    expect(sync.reasons[0]!.message).toBe(
      "cat: README.md: the host's path policy answered undefined, not true or false",
    );
  });

  test("the request names the root the path is relative to (the outermost root holding it)", async () => {
    const asked: AuthorizePathRequest[] = [];
    const g = await createGuard({ home: fx.home, roots: [fx.project, fx.backup],
      authorizePath: (r) => (asked.push(r), true) });
    g.check("cat main.ts ../../project-backup/x.txt", { cwd: join(fx.project, "src") });
    expect(asked).toEqual([{ path: "src", root: fx.project }, { path: "src/main.ts", root: fx.project }, {
      path: "x.txt",
      root: fx.backup,
    }]);
  });

  test("answers are not kept from one check to the next", async () => {
    let n = 0;
    const g = await createGuard({ home: fx.home, authorizePath: () => (n++, true) });
    g.check("cat src/main.ts", { cwd: fx.project });
    g.check("cat src/main.ts", { cwd: fx.project });
    expect(n).toBe(4);
  });
});

describe("a followed symlink into a refused directory is refused", () => {
  const fx = buildFixture();
  afterAll(() => fx.remove());
  let g: Guard;
  beforeAll(async () => {
    mkdirSync(join(fx.project, "credentials"));
    writeFileSync(join(fx.project, "credentials", "token.txt"), "t\n");
    mkdirSync(join(fx.project, "lib"));
    writeFileSync(join(fx.project, "lib", "a.txt"), "a\n");
    symlinkSync("../credentials", join(fx.project, "lib", "cl"));
    g = await createGuard({ home: fx.home, authorizePath: ({ path }) => path !== "credentials" });
  });
  test.each([
    ["cat lib/cl/token.txt", "deny"],
    ["grep -R K lib", "deny"],
    ["zip -r x.zip lib", "deny"],
    ["tar -chf x.tar lib", "deny"],
    ["cp -rL lib dst", "deny"],
    ["rsync -aL lib/ dst", "deny"],
    // Not following the link, nothing refused is reached.
    ["grep -r K lib", "allow"],
    ["tar -cf x.tar lib", "allow"],
  ] as const)("%s → %s", async (command, decision) => {
    const s = g.check(command, { cwd: fx.project });
    const a = await g.checkAsync(command, { cwd: fx.project });
    expect([s.decision, a.decision]).toEqual([decision, decision]);
    if (decision === "deny") expect(s.reasons[0]!.code).toBe("FORBIDDEN");
  });
});

describe("a directory that asks is still walked for what the host refuses below it", () => {
  const fx = buildFixture();
  afterAll(() => fx.remove());
  let g: Guard;
  beforeAll(async () => {
    mkdirSync(join(fx.project, "data", "credentials"), { recursive: true });
    writeFileSync(join(fx.project, "data", "credentials", "token"), "T\n");
    writeFileSync(join(fx.project, "data", "x"), "x\n");
    g = await createGuard({ home: fx.home, authorizePath: ({ path }) => path !== "data/credentials",
      config: [{ permission: { read: { data: "ask" } } }] });
  });

  test("grep -r over a directory a rule asks about: FORBIDDEN, and no approval lowers it", async () => {
    expect(g.check("cat data/credentials/token", { cwd: fx.project }).decision).toBe("deny");
    const v = g.check("grep -r T data", { cwd: fx.project });
    expect(v.decision).toBe("deny");
    expect(v.reasons[0]!.code).toBe("FORBIDDEN");
    g.approve(v.accesses.find((a) => a.resolved === `${fx.project}/data`)!, "file", { overrideDeny: true });
    expect(g.check("grep -r T data", { cwd: fx.project }).decision).toBe("deny");
    expect((await g.checkAsync("grep -r T data", { cwd: fx.project })).decision).toBe("deny");
    expect(g.checkTool({ tool: "grep", input: { pattern: "T", path: "data" }, cwd: fx.project }).decision).toBe("deny");
    expect(g.check("tar cf - data", { cwd: fx.project }).decision).toBe("deny");
    // What is not below the refused directory is approved as before.
    expect(g.check("cat data/x", { cwd: fx.project }).decision).toBe("allow");
  });
});
