// The interface every integration shares: bash judged from its cwd against the project root,
// file tools through the temporary adapter (a path is only ever a quoted word), and the reason
// text a host shows.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createGuard } from "../../src/guard/guard.ts";
import { explainVerdict } from "../../src/report/host-reason.ts";
import { guardHost, type Host } from "../../src/integrations/host.ts";
import { globBase, shellQuote } from "../../src/integrations/glob-base.ts";
import { buildFixture, type Fixture } from "../support/fixture.ts";

let fx: Fixture;
let host: Host;
beforeAll(async () => {
  fx = buildFixture();
  host = guardHost(await createGuard({ home: fx.home }), fx.project);
});
afterAll(() => fx.remove());

describe("file tools go through guard.checkTool", () => {
  test("each tool is judged on its path", () => {
    expect(host.checkTool("read", { path: "README.md" }, fx.project).decision).toBe("allow");
    expect(host.checkTool("read", { path: join(fx.outside, "secret.txt") }, fx.project).decision).toBe("ask");
    expect(host.checkTool("write", { path: "../outside/new.txt" }, fx.project).decision).toBe("ask");
    expect(host.checkTool("edit", { path: "src/main.ts" }, fx.project).decision).toBe("allow");
    expect(host.checkTool("ls", { path: "src" }, fx.project).decision).toBe("allow");
    expect(host.checkTool("grep", {}, fx.project).decision).toBe("allow");
    expect(host.checkTool("read", {}, fx.project).decision).toBe("ask");
  });
  test("a glob that climbs out is judged where it reaches", () => {
    expect(host.checkTool("find", { pattern: "**/*.ts" }, fx.project).decision).toBe("allow");
    expect(host.checkTool("find", { pattern: "../../etc/*" }, join(fx.project, "src")).decision).toBe("ask");
  });
  test("a path is one word, whatever it holds", () => {
    expect(host.checkTool("read", { path: join(fx.project, "it's $(cat ~/.ssh/id_rsa)") }, fx.project).decision).toBe(
      "allow",
    );
  });
  test("~ is the guard's home", () => {
    const v = host.checkTool("read", { path: "~/.bashrc" }, fx.project);
    expect(v.accesses.map((a) => a.resolved)).toEqual([join(fx.home, ".bashrc")]);
  });
  test("how far a glob reaches", () => {
    expect(globBase("/p", "src/**/*.ts")).toBe("/p/src");
    expect(globBase("/p/q", "../*.md")).toBe("/p");
    expect(globBase("/p/q", "*/../../x")).toBe("/p/x");
    expect(globBase("/p/q", "**/../x")).toBe("/p/x");
    expect(globBase("/p", "/etc/**/passwd")).toBe("/etc");
    expect(globBase("/p", "{a,../..}/x")).toBe("/");
    // Braces and extglobs whose alternatives may be paths of their own could reach anywhere.
    expect(globBase("/p", "{/etc,src}/*")).toBe("/");
    expect(globBase("/p", "src/{a,/etc}/x")).toBe("/");
    expect(globBase("/p", "{~/.ssh,src}/*")).toBe("/");
    expect(globBase("/p", "@(/etc)/*")).toBe("/");
    expect(globBase("/p", "+(..)/x")).toBe("/");
    expect(globBase("/p", "\\/etc/*")).toBe("/");
    // A leading ~ is the home directory when it is known, and anywhere when it is not.
    expect(globBase("/p", "~/.ssh/*", "/h")).toBe("/h/.ssh");
    expect(globBase("/p", "~/.ssh/*")).toBe("/");
    expect(globBase("/p", "~root/*", "/h")).toBe("/");
    // Ordinary patterns keep their reach.
    expect(globBase("/p", "src/**/*.{ts,tsx}")).toBe("/p/src");
    expect(globBase("/p", "app/(group)/*.tsx")).toBe("/p/app/(group)");
    expect(globBase("/p", "a/~b/*")).toBe("/p/a/~b");
  });
  test("a glob's reach is judged from a ~ path and through braces", () => {
    // `~/../work/project` is the project itself, so only the pattern can reach out.
    const inProject = `~/${join("..", fx.project.slice(fx.top.length + 1))}`;
    expect(host.checkTool("find", { pattern: "*.md", path: inProject }, fx.project).decision).toBe("allow");
    expect(host.checkTool("find", { pattern: "/etc/*", path: inProject }, fx.project).decision).toBe("ask");
    expect(host.checkTool("find", { pattern: "../outside/*", path: inProject }, fx.project).decision).toBe("ask");
    expect(host.checkTool("find", { pattern: "{/etc,src}/*" }, fx.project).decision).toBe("ask");
    expect(host.checkTool("find", { pattern: "src/**/*.{ts,tsx}" }, fx.project).decision).toBe("allow");
  });
  test("shell quoting", () => {
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
  });
});

describe("file tools from a cwd", () => {
  let fenced: Host;
  beforeAll(async () => {
    const config = [{ permission: { external_directory: { "*": "ask", "~/.ssh/**": "deny" } } }];
    fenced = guardHost(await createGuard({ home: fx.home, config }), fx.project);
  });
  test("a cwd outside the project never becomes a root: what lies below it is judged as outside", () => {
    const key = join(fx.home, ".ssh", "id_rsa");
    expect(fenced.checkTool("read", { path: key }, fx.project).decision).toBe("deny");
    expect(fenced.checkTool("read", { path: key }, fx.home).decision).toBe("deny");
    expect(fenced.checkTool("read", { path: ".ssh/id_rsa" }, fx.home).decision).toBe("deny");
    expect(fenced.checkTool("read", { path: "~/.ssh/id_rsa" }, "/").decision).toBe("deny");
    expect(fenced.checkTool("ls", { path: ".ssh" }, fx.home).decision).toBe("deny");
    expect(fenced.checkTool("write", { path: join(fx.home, ".bashrc") }, fx.home).decision).toBe("ask");
    expect(fenced.checkTool("grep", {}, "/").decision).toBe("ask");
    expect(fenced.checkTool("find", { pattern: "*" }, fx.outside).decision).toBe("ask");
  });
  test("a relative path resolves from the cwd, inside or out", () => {
    const v = fenced.checkTool("read", { path: "secret.txt" }, fx.outside);
    expect([v.decision, v.accesses.map((a) => a.resolved)]).toEqual(["ask", [join(fx.outside, "secret.txt")]]);
    const w = fenced.checkTool("read", { path: "deep.ts" }, join(fx.project, "src", "sub"));
    expect([w.decision, w.accesses.map((a) => a.resolved)]).toEqual(["allow", [
      join(fx.project, "src", "sub", "deep.ts"),
    ]]);
    expect(fenced.checkTool("read", { path: "../../README.md" }, join(fx.project, "src", "sub")).decision).toBe(
      "allow",
    );
    expect(fenced.checkTool("grep", {}, join(fx.project, "src")).decision).toBe("allow");
    // A cwd that looks inside but leads out (a symlink) is outside.
    expect(fenced.checkTool("read", { path: "secret.txt" }, join(fx.project, "link-out")).decision).toBe("ask");
  });
});

describe("bash from a cwd", () => {
  test("inside the project: judged from there, against the whole project", () => {
    expect(host.checkBash("cat deep.ts ../../README.md", join(fx.project, "src", "sub")).decision).toBe("allow");
    expect(host.checkBash("cat ../../../outside/secret.txt", join(fx.project, "src", "sub")).decision).toBe("ask");
  });
  test("a cwd that only looks inside (a symlink out) is judged where it leads", () => {
    const v = host.checkBash("cat secret.txt", join(fx.project, "link-out"));
    expect(v.decision).toBe("ask");
    expect(v.accesses.map((a) => a.resolved)).toContain(join(fx.outside, "secret.txt"));
  });
  test("outside: the move there is judged, and it never becomes a root", () => {
    const v = host.checkBash("cat secret.txt", fx.outside);
    expect(v.accesses.map((a) => [a.kind, a.resolved, a.decision])).toEqual([["cwd", fx.outside, "ask"], ["read",
      join(fx.outside, "secret.txt"), "ask"]]);
  });
  test("a command starting with a heredoc or a comment keeps its meaning", () => {
    expect(host.checkBash("# note\ncat <<EOF > out.txt\nx\nEOF", fx.outside).accesses.map((a) => a.resolved)).toEqual([
      fx.outside,
      join(fx.outside, "out.txt"),
    ]);
  });
});

describe("the project's own rules", () => {
  test("writing .shellfence.json is asked about, by any route; reading it is not", () => {
    const rules = join(fx.project, ".shellfence.json");
    for (const c of ["echo '{}' > .shellfence.json", "sed -i s/ask/allow/ .shellfence.json",
      "cd src && rm ../.shellfence.json"])
    {
      const v = host.checkBash(c, fx.project);
      expect({ c, decision: v.decision }).toEqual({ c, decision: "ask" });
      expect(explainVerdict(v)).toContain(
        "holds the guard's configuration (PROTECTED_PATH). Edit .shellfence.json (or the host's settings) yourself if the change is intended.",
      );
    }
    expect(host.checkTool("edit", { path: rules }, fx.project).decision).toBe("ask");
    expect(host.checkTool("write", { path: "./link-in/../.shellfence.json" }, fx.project).decision).toBe("ask");
    expect(host.checkBash("cat .shellfence.json", fx.project).decision).toBe("allow");
    expect(host.checkTool("read", { path: rules }, fx.project).decision).toBe("allow");
  });
});

describe("reason text", () => {
  test("names the actor, the path, the rule and the fix", () => {
    const v = host.checkTool("write", { path: join(fx.outside, "x") }, fx.project);
    expect(explainVerdict(v, { actor: "Write" })).toBe(
      `shellfence: Write writes ${fx.outside}/x, outside the project (rule external_directory:*). Allow it with a rule in .shellfence.json, or work inside the project.`,
    );
  });
  test("what could not be judged says why, with its code and fix", () => {
    expect(explainVerdict(host.checkBash("cat $FOO/x", fx.project))).toBe(
      "shellfence: cat: $FOO/x: $FOO is not known (UNRESOLVED_WORD). Spell the path out literally so it can be checked.",
    );
    expect(explainVerdict(host.checkBash("python -c 'eval(input())'", fx.project))).toContain(
      'allow it with "reasons": {"INLINE_CODE": "allow"} in .shellfence.json',
    );
  });
  test("at most three items, then a count", () => {
    const v = host.checkBash("cat /a /b /c /d /e", fx.project);
    const text = explainVerdict(v);
    expect(text).toContain("; and 2 more.");
    expect(text.match(/outside the project/g)?.length).toBe(3);
  });
  test("a path too long for a prompt is shortened", () => {
    const long = "/x".repeat(1000);
    const text = explainVerdict(host.checkTool("read", { path: long }, fx.project));
    expect(text.length).toBeLessThan(500);
    expect(text).toContain("…");
  });
});
