// Per-tool path patterns (the my-pi design) applied to direct tool calls and to the paths in
// bash commands alike, command-text rules, recursive reads of directories, and session
// approvals. Each block has its own guard and config; paths use $P, $O, $H as in table.ts.

import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createGuard, type Guard } from "../src/index.ts";
import { mergeLayers, validateLayer } from "../src/policy/config.ts";
import { Policy, surfacesFor } from "../src/policy/decide.ts";
import { judgeFindings, type JudgeContext } from "../src/policy/judge.ts";
import { Scanner } from "../src/policy/reach.ts";
import { SessionApprovals } from "../src/policy/session.ts";
import { nodeFileSystem } from "../src/paths/fs.ts";
import type { PathFinding } from "../src/shell/findings.ts";
import { buildFixture } from "./support/fixture.ts";
import { assertCase, type Case, table, useSandbox } from "./support/table.ts";
import { agreeTable, assertVerdict, callTool, toolTable } from "./support/tools.ts";

// ---------------------------------------------------------------------------------------
// The seed's examples, through checkTool

const envRule = useSandbox(() => ({ config: [{ permission: { read: { "*": "allow", "*.env": "deny" } } }] }));

toolTable('seed: "read": { "*": "allow", "*.env": "deny" }', envRule, [
  ["read", "src/main.ts", "allow", ["read $P/src/main.ts", "rule read:*"]],
  ["read", ".env", "deny", ["read $P/.env", "rule read:*.env", "#RULE_DENY"]],
  ["read", "config/.env", "deny", ["rule read:*.env"]],
  ["read", "$P/.env", "deny", ["read $P/.env"]],
  ["read", "./src/../.env", "deny", ["read $P/.env"]],
  ["read", "prod.env", "deny"],
  ["read", ".envrc", "allow"],
  ["read", "$O/secret.txt", "ask", ["#EXTERNAL_PATH"]],
  ["read", "$O/.env", "deny", ["#RULE_DENY"]],
  // Missing and empty paths: the value is "*", which only the catch-all matches.
  ["read", null, "allow", ["* ?", "rule read:*"]],
  ["read", {}, "allow", ["rule read:*"]],
  ["read", { path: "" }, "allow", ["rule read:*"]],
  ["read", { path: 42 }, "allow", ["rule read:*"]],
  // Claude Code names the field file_path; a tool given both may use either.
  ["read", { file_path: ".env" }, "deny"],
  ["read", { path: "README.md", file_path: ".env" }, "deny", ["read $P/README.md", "read $P/.env"]],
  // A grep or find pattern is not a path.
  ["grep", { pattern: ".env" }, "allow"],
  // A search reads what it searches: grep answers to the read rules.
  ["grep", { pattern: "TOKEN", path: ".env" }, "deny", ["rule read:*.env"]],
  ["grep", { pattern: "x", path: "src" }, "allow"],
  ["grep", { pattern: "x", path: "." }, "ask", ["#RULE_ASK", "rule read:*.env"]],
  ["write", ".env", "allow"],
  ["edit", ".env", "allow"],
  ["ls", ".", "allow"],
  // Extension tools match on "*" only; with no rule naming them, the guard cannot tell what
  // they touch, so they are asked about (a configured one is in the shorthands below).
  ["mytool", { path: ".env" }, "ask", ["#RULE_ASK"]],
  ["mytool", null, "ask", ["#RULE_ASK"]],
  // Tool names are exact: Claude Code's "Read" is not the read tool, so it is not allowed blind.
  ["Read", { file_path: ".env" }, "ask"],
  // Other hosts' names for the path field are paths too (opencode's filePath, notebook_path).
  ["read", { filePath: ".env" }, "deny", ["read $P/.env"]],
  ["edit", { notebook_path: "config/.env" }, "allow"],
  ["read", { notebook_path: "config/.env" }, "deny", ["read $P/config/.env"]],
  ["read", { filePath: "README.md" }, "allow", ["read $P/README.md"]],
  ["read", { path: "README.md", filePath: ".env" }, "deny", ["read $P/README.md", "read $P/.env"]],
]);

const srcOnly = useSandbox(() => ({ config: [{ permission: { write: { "*": "deny", "src/*": "allow" } } }] }));

toolTable('seed: "write": { "*": "deny", "src/*": "allow" }', srcOnly, [
  ["write", "src/main.ts", "allow", ["write $P/src/main.ts", "rule write:src/*"]],
  ["write", "src/new.ts", "allow"],
  ["write", "README.md", "deny", ["rule write:*"]],
  // minimatch: `src/*` is one level; `src/**` is the whole tree.
  ["write", "src/sub/deep.ts", "deny"],
  ["write", "$P/src/main.ts", "allow"],
  ["write", "../project/src/main.ts", "allow"],
  ["write", "link-in/main.ts", "allow", ["write $P/src/main.ts"]],
  ["write", null, "deny", ["rule write:*"]],
  ["write", { path: "" }, "deny"],
  ["edit", "README.md", "allow"],
  ["read", "README.md", "allow"],
]);

const shorthands = useSandbox(() => ({
  config: [{ permission: { read: "allow", write: "deny", ls: "ask", mytool: "deny" } }],
}));

toolTable('seed: backward-compatible shorthands ("read": "allow" is {"*": "allow"})', shorthands, [
  ["read", "src/main.ts", "allow", ["rule read:*"]],
  ["read", ".env", "allow", ["rule read:*"]],
  ["read", null, "allow"],
  ["write", "src/main.ts", "deny", ["rule write:*"]],
  ["write", null, "deny"],
  ["ls", "src", "ask", ["#RULE_ASK"]],
  ["mytool", null, "deny", ["#RULE_DENY"]],
  ["mytool", { path: "src/main.ts" }, "deny"],
  // The shorthand does not change what lies outside the roots.
  ["read", "$O/secret.txt", "ask", ["#EXTERNAL_PATH"]],
]);

describe("toolPermission: the tool-level question for tool injection", () => {
  test("a path-restricted tool is still offered; a blanket deny is not", async () => {
    const g = await createGuard({
      config: [{
        permission: { read: { "*": "allow", "*.env": "deny" }, write: { "*": "deny", "src/**": "allow" }, edit: "deny",
          ls: { "*": "deny", "docs/**": "ask" }, find: { "node_modules/**": "deny" },
          bash: { "*": "ask", "git status": "allow" }, mytool: "deny", other: { "*": "ask" } },
      }],
    });
    expect(g.toolPermission("read")).toBe("allow");
    expect(g.toolPermission("write")).toBe("allow");
    expect(g.toolPermission("edit")).toBe("deny");
    expect(g.toolPermission("ls")).toBe("ask");
    expect(g.toolPermission("find")).toBe("allow");
    expect(g.toolPermission("grep")).toBe("allow");
    expect(g.toolPermission("bash")).toBe("ask");
    expect(g.toolPermission("mytool")).toBe("deny");
    expect(g.toolPermission("other")).toBe("ask");
    // A tool the guard does not model and no rule names: asked about, as checkTool does.
    expect(g.toolPermission("unconfigured")).toBe("ask");
  });

  test("grep is withheld when reads are denied outright; bash when every command is", async () => {
    const g = await createGuard({ config: [{ permission: { read: "deny", bash: "deny" } }] });
    expect(g.toolPermission("grep")).toBe("deny");
    expect(g.toolPermission("read")).toBe("deny");
    expect(g.toolPermission("bash")).toBe("deny");
    expect(g.toolPermission("find")).toBe("allow");
  });
});

// ---------------------------------------------------------------------------------------
// One rule for every surface: the same config through checkTool and through bash

const oneRule = useSandbox((fx) => {
  mkdirSync(join(fx.project, "config"));
  writeFileSync(join(fx.project, "config", ".env"), "KEY=1\n");
  writeFileSync(join(fx.project, "config", "app.json"), "{}\n");
  return { config: [{ permission: { read: { "*": "allow", "*.env": "deny" } } }] };
});

table("one .env rule covers cat, grep -r and cp", oneRule, [
  ["cat .env", "deny", ["* $P/.env", "#RULE_DENY"]],
  ["cat < .env", "deny", ["read $P/.env"]],
  ["cp .env /tmp", "deny", ["* $P/.env"]],
  ["cat config/.env", "deny", ["read $P/config/.env"]],
  ["cd config && cat .env", "deny", ["* $P/config/.env"]],
  ["cat ./config/../.env", "deny", ["read $P/.env"]],
  ["X=.env; cat $X", "deny", ["read $P/.env"]],
  ["sh -c 'cat .env'", "deny", ["read $P/.env"]],
  ["cat README.md", "allow"],
  // A recursive search names only the directory; what it would read is walked.
  ["grep -r key .", "ask", ["#RULE_ASK", "!#RULE_DENY"]],
  ["grep -r key config", "ask", ["#RULE_ASK"]],
  ["grep -r key src docs", "allow"],
  ["tar czf /tmp/x.tgz .", "ask", ["#RULE_ASK", "#EXTERNAL_PATH"]],
  ["cd src && grep -r key ..", "ask", ["#RULE_ASK"]],
  ["cd config && grep -r key .", "ask", ["#RULE_ASK"]],
]);

agreeTable("checkTool and bash agree (one .env rule)", oneRule, [["read", ".env", "cat .env", "deny"], ["read", ".env",
  "cat < .env", "deny"], ["read", "config/.env", "cat config/.env", "deny"], ["read", "README.md", "cat README.md",
  "allow"], ["read", "README.md", "cat < README.md", "allow"], ["grep", { pattern: "key", path: "." }, "grep -r key .",
  "ask"], ["grep", { pattern: "key", path: "config" }, "grep -r key config", "ask"], ["grep", { pattern: "key",
  path: "src" }, "grep -r key src", "allow"], ["read", "$O/secret.txt", "cat < ../outside/secret.txt", "ask"]]);

const layered = useSandbox(() => ({
  config: [{
    permission: { read: { "*": "allow", "*.env": "deny" }, write: { "*": "deny", "src/**": "allow" },
      edit: { "*": "deny", "src/**": "allow" },
      external_directory: { "*": "ask", "/tmp/**": "allow", "~/.ssh/**": "deny" } },
  }],
}));

agreeTable("checkTool and bash agree (reads, writes only in src/, outside)", layered, [["read", ".env", "cat < .env",
  "deny"], ["read", "README.md", "cat < README.md", "allow"], ["read", "src/main.ts", "cat < src/main.ts", "allow"], [
  "write",
  "src/x",
  "echo > src/x",
  "allow",
], ["write", "src/sub/new.ts", "echo > src/sub/new.ts", "allow"], ["edit", "src/main.ts", "echo >> src/main.ts",
  "allow"], ["write", "docs/x", "echo > docs/x", "deny"], ["write", "README.md", "echo > README.md", "deny"], ["write",
  "src/.env", "echo > src/.env", "allow"], ["read", "/tmp/x", "cat < /tmp/x", "allow"], ["read", "~/.ssh/id_rsa",
  "cat < ~/.ssh/id_rsa", "deny"], ["read", "/etc/hosts", "cat < /etc/hosts", "ask"], ["read", "/var/log/x",
  "cd /var && cat < log/x", "ask"], ["write", "/tmp/out", "echo > /tmp/out", "deny"], ["write", "link-in/main.ts",
  "echo > link-in/main.ts", "allow"], ["write", "link-out/x", "echo > link-out/x", "deny"]]);

table("the worked examples of docs/policy.md", layered, [["cd src && echo x > new.ts", "allow", [
  "write $P/src/new.ts",
]], ["echo > src/.env", "allow"], ["cat < src/main.ts > /tmp/copy", "deny", ["write /tmp/copy"]], ["cat < /tmp/notes",
  "allow"], ["cd /tmp", "allow", ["cwd /tmp"]], ["cat < ~/.ssh/id_rsa", "deny", ["#RULE_DENY"]], ["cd ~/.ssh", "deny", [
  "cwd $H/.ssh",
]], ["ls ~/.ssh", "deny", ["list $H/.ssh"]], ["cat < /etc/hosts", "ask", ["#EXTERNAL_PATH"]]]);

// ---------------------------------------------------------------------------------------
// Recursive reads: a directory is walked for what the rules restrict, up to a bound

const walked = useSandbox((fx) => {
  mkdirSync(join(fx.project, "keys", "deep"), { recursive: true });
  writeFileSync(join(fx.project, "keys", "deep", "id.pem"), "x\n");
  return {
    config: [{ permission: { read: { "*.pem": "deny", "docs/**": "ask" }, ls: { "scripts/escape.sh": "deny" } } }],
  };
});

table("a directory reached recursively is judged by what it holds", walked, [
  ["grep -r x keys", "ask", ["#RULE_ASK"]],
  ["grep -r x keys/deep", "ask", ["#RULE_ASK"]],
  // xargs gets every path under what find lists: the directory is reached recursively.
  ["find keys | xargs cat", "ask", ["#RULE_ASK"]],
  ["find keys -name '*.txt' -print0 | xargs -0 wc -l", "ask", ["#RULE_ASK"]],
  ["find build | xargs cat", "allow"],
  // What the command does to each path is not known to xargs: every kind's rules apply.
  ["find scripts | xargs cat", "ask", ["#RULE_ASK"]],
  ["cat keys/deep/id.pem", "deny", ["#RULE_DENY"]],
  ["grep -r x .", "ask", ["#RULE_ASK"]],
  // Symlinks inside are judged by name and not followed (src/secret-link leads outside).
  ["grep -r x src", "allow"],
  // An ask inside is an ask for the whole.
  ["grep -r x docs", "ask", ["#RULE_ASK"]],
  // A search reads: the ls rule on scripts/escape.sh does not apply to it, but listing does.
  ["grep -r x scripts", "allow"],
  ["ls scripts", "ask", ["#RULE_ASK"]],
  ["cat < scripts/build.sh", "allow"],
  // A read walks with the read rules only (the ls rule on scripts/escape.sh is not asked).
  ["cat < keys", "ask", ["#RULE_ASK"]],
  ["cat < scripts", "allow"],
]);

const bounded = useSandbox(() => ({ maxScanEntries: 3, config: [{ permission: { read: { "*.pem": "deny" } } }] }));

table("past the walk's bound, ask", bounded, [["grep -r x .", "ask", ["#EXPANSION_TOO_LARGE"]], ["grep -r x docs",
  "allow"]]);

test("a quoted ** is walked only as far as the bound, quietly past it, while a recursive command asks", async () => {
  // prettier --write '**/*.ts' over a large node_modules is no reason to ask (prettier does not
  // follow the links; a program that does, through one deeper than the bound, is a known limit).
  const fx = buildFixture();
  try {
    // Past the interpreter's bound on a walk (src/interp/limits.ts; 20,000 by default).
    mkdirSync(join(fx.project, "many"));
    for (let i = 0; i < 6; i++) writeFileSync(join(fx.project, "many", `f${i}.js`), "");
    const g = await createGuard({ home: fx.home, limits: { maxScanEntries: 3 } });
    const quoted = g.check("prettier --write 'many/**/*.js'", { cwd: fx.project });
    expect({ decision: quoted.decision, codes: quoted.reasons.map((r) => r.code) }).toEqual({ decision: "allow",
      codes: [] });
    const recursive = g.check("grep -R x many", { cwd: fx.project });
    expect(recursive.reasons.map((r) => r.code)).toContain("EXPANSION_TOO_LARGE");
  } finally {
    fx.remove();
  }
});

describe("the walk skips what no rule can reach", () => {
  test("a rule on one subtree does not walk the others", async () => {
    const fx = buildFixture();
    try {
      const g = await createGuard({ home: fx.home, maxScanEntries: 1,
        config: [{ permission: { read: { "*": "allow", "secrets/**": "deny" } } }] });
      // Walking src would pass the bound of 1; only `secrets/...` can be restricted, so src is not walked.
      expect(g.check("grep -r x src", { cwd: fx.project }).decision).toBe("allow");
      // Below the root, `secrets` might be anywhere the pattern reaches: the root is walked.
      expect(g.check("grep -r x .", { cwd: fx.project }).decision).toBe("ask");
    } finally {
      fx.remove();
    }
  });

  test("a link out of an allowed outside tree is judged where it leads", async () => {
    const fx = buildFixture();
    try {
      symlinkSync(fx.home, join(fx.outside, "to-home"));
      const allowOutside = { permission: { external_directory: { "*": "ask", [`${fx.outside}/**`]: "allow" } } };
      const g = await createGuard({ home: fx.home, config: [allowOutside] });
      for (const c of [`grep -R x ${fx.outside}`, `find ${fx.outside} -exec cat {} +`,
        `cd ${fx.outside} && find . | xargs cat`, `cat $(find ${fx.outside})`])
      {
        const v = g.check(c, { cwd: fx.project });
        expect({ c, decision: v.decision, home: v.accesses.some((a) => a.resolved === fx.home) }).toEqual({ c,
          decision: "ask", home: true });
      }
      // Not following links, grep -r reads only what is in the tree.
      expect(g.check(`grep -r x ${fx.outside}`, { cwd: fx.project }).decision).toBe("allow");
      // A session approval of the outside tree is the same: the link still asks.
      const plain = await createGuard({ home: fx.home });
      plain.approve({ kind: "read", path: fx.outside, resolved: fx.outside, decision: "ask", reason: "EXTERNAL_PATH",
        rule: null, command: "grep", via: [], start: 0, end: 1 }, "directory");
      expect(plain.check(`grep -R x ${fx.outside}`, { cwd: fx.project }).decision).toBe("ask");
    } finally {
      fx.remove();
    }
  });

  test("an outside tree nothing allows is walked only when a link in it could be denied", async () => {
    const fx = buildFixture();
    try {
      symlinkSync(fx.home, join(fx.outside, "to-home"));
      const command = `grep -R x ${fx.outside}`;
      // Nothing can be stricter than the tree's own ask: no walk, and the tree is what is asked about.
      const plain = (await createGuard({ home: fx.home })).check(command, { cwd: fx.project });
      expect({ decision: plain.decision, home: plain.accesses.some((a) => a.resolved === fx.home) }).toEqual({
        decision: "ask",
        home: false,
      });
      expect(plain.accesses.some((a) => a.resolved === fx.outside && a.reason === "EXTERNAL_PATH")).toBe(true);
      // A deny rule on where the link leads: the walk names the link, and the deny shows.
      const denyHome = {
        permission: { external_directory: { "*": "ask", [`${fx.home}/**`]: "deny", [fx.home]: "deny" } },
      };
      const strict = (await createGuard({ home: fx.home, config: [denyHome] })).check(command, { cwd: fx.project });
      expect({ decision: strict.decision,
        home: strict.accesses.some((a) => a.resolved === fx.home && a.decision === "deny") }).toEqual({
          decision: "deny",
          home: true,
        });
      // So does a reason the host made deny.
      const unresolved = await createGuard({ home: fx.home, config: [{ reasons: { UNRESOLVED_PATH: "deny" } }] });
      symlinkSync("loop", join(fx.outside, "loop"));
      expect(unresolved.check(command, { cwd: fx.project }).decision).toBe("deny");
    } finally {
      fx.remove();
    }
  });

  test("rules are evaluated in the order the user wrote them, across layers", async () => {
    const fx = buildFixture();
    try {
      const secret = `${fx.outside}/secret.txt`;
      const verdict = async (config: object[], command: string) => {
        const v = (await createGuard({ home: fx.home, config })).check(command, { cwd: fx.project });
        const a = v.accesses.find((x) => x.resolved === secret || x.resolved === "/dev/null");
        return [v.decision, a?.rule ?? null, a?.reason ?? null];
      };
      const ext = (rules: Record<string, string>) => ({ permission: { external_directory: rules } });
      // "*" written last would win over the exception before it, which could then never take
      // effect: such a layer is refused, naming the rule and where to put it (config-lint.ts).
      await expect(createGuard({ home: fx.home, config: [ext({ [`${fx.outside}/**`]: "allow", "*": "ask" })] })).rejects
        .toThrow(
          `config[0]: permission.external_directory["${fx.outside}/**"]: this allow never takes effect: the later rule "*": "ask" matches all it matches`,
        );
      expect(await verdict([ext({ "*": "ask", [`${fx.outside}/**`]: "allow" })], `cat ${secret}`)).toEqual(["allow",
        `external_directory:${fx.outside}/**`, null]);
      // A later layer's pattern goes after everything the earlier layers said.
      expect(await verdict([ext({ "*": "ask", [`${fx.outside}/**`]: "allow" }), ext({ "*": "deny" })], `cat ${secret}`))
        .toEqual(["deny", "external_directory:*", "RULE_DENY"]);
      expect(
        await verdict([ext({ [`${fx.outside}/**`]: "deny" }), ext({ "*": "ask", [`${fx.outside}/**`]: "allow" })],
          `cat ${secret}`),
      ).toEqual(["allow", `external_directory:${fx.outside}/**`, null]);
      // The built-in device exceptions survive a catch-all, and give way to a rule written after it.
      expect(await verdict([ext({ "*": "deny" })], "ls 2>/dev/null")).toEqual(["allow", "external_directory:/dev/null",
        null]);
      expect(await verdict([ext({ "*": "ask", "/dev/**": "deny" })], "ls 2>/dev/null")).toEqual(["deny",
        "external_directory:/dev/**", "RULE_DENY"]);
    } finally {
      fx.remove();
    }
  });

  test("an allow covering a whole outside directory needs no walk", async () => {
    const fx = buildFixture();
    try {
      const g = await createGuard({ home: fx.home, maxScanEntries: 1,
        config: [{ permission: { external_directory: { "*": "ask", [`${fx.outside}/**`]: "allow" } } }] });
      expect(g.check(`grep -r x ${fx.outside}`, { cwd: fx.project }).decision).toBe("allow");
      expect(g.check(`grep -r x ${fx.outside}/dir`, { cwd: fx.project }).decision).toBe("allow");
    } finally {
      fx.remove();
    }
  });
});

describe("surfaces named by the interpreter: grep answers to grep and read, find to find", () => {
  const fx = buildFixture();
  afterAll(() => fx.remove());
  const policy = new Policy(
    mergeLayers([
      validateLayer({
        permission: { read: { "*.env": "deny" }, grep: { "*.log": "deny" }, find: { "build/**": "deny" } },
      }, "test"),
    ]),
    fx.home,
  );
  const ctx: JudgeContext = { policy, roots: [fx.project], fs: nodeFileSystem, authority: null,
    approvals: new SessionApprovals(),
    scanner: new Scanner({ policy, fs: nodeFileSystem, roots: [fx.project], authority: null, limit: 100 }) };
  const finding = (path: string, kind: PathFinding["kind"], surface?: string): PathFinding => ({ path,
    resolved: path === "." ? fx.project : join(fx.project, path), kind, command: surface ?? "cmd", via: [],
    span: { start: 0, end: 1 }, problem: null, ...(surface ? { surface } : {}) });
  const decide = (...paths: PathFinding[]) => {
    const v = judgeFindings({ paths, issues: [] }, ctx);
    if (v === "pending") throw new Error("pending without a path policy");
    return v.decision;
  };
  test.each(
    [["grep on .env (read rule)", finding(".env", "read", "grep"), "deny"], ["grep on app.log (grep rule)",
      finding("app.log", "read", "grep"), "deny"], ["grep on the root (holds .env)", finding(".", "read", "grep"),
      "ask"], ["find on build (find rule)", finding("build", "list", "find"), "deny"], [
      "find on the root (holds build)",
      finding(".", "list", "find"),
      "ask",
    ], ["find on .env (no find rule)", finding(".env", "list", "find"), "allow"], [
      "read of app.log (grep rule not asked)",
      finding("app.log", "read"),
      "allow",
    ], ["unknown kind on .env", finding(".env", "unknown"), "deny"]] as const,
  )("%s", (_, f, d) => {
    expect(decide(f)).toBe(d);
  });
});

// ---------------------------------------------------------------------------------------
// bash rules: command text, strictest over the simple commands, never loosening a path

const bashRules = useSandbox(() => ({
  config: [{
    permission: { bash: { "git push *": "ask", "rm -rf *": "deny", "cat *": "allow", "npm publish": "deny" } },
  }],
}));

table("bash rules match each simple command's text", bashRules, [
  ["git push origin main", "ask", ["#RULE_ASK"]],
  ["git push", "ask", ["#RULE_ASK"]],
  ["git pushx", "allow"],
  ["git status", "allow", ["!#RULE_ASK"]],
  ["git status && git push", "ask", ["#RULE_ASK"]],
  ["git status; rm -rf build", "deny", ["#RULE_DENY"]],
  ["sh -c 'git push origin'", "ask", ["#RULE_ASK"]],
  ["eval 'rm -rf build'", "deny", ["#RULE_DENY"]],
  ["R=origin; git push $R", "ask", ["#RULE_ASK"]],
  ["npm publish", "deny", ["#RULE_DENY"]],
  ["npm publish --dry-run", "allow"],
  ["echo 'git push'", "allow"],
  // An allow for the command text never loosens a path judgement.
  ["cat ../outside/secret.txt", "ask", ["#EXTERNAL_PATH"]],
  ["cat README.md", "allow"],
]);

const bashSpellings = useSandbox(() => ({
  config: [{ permission: { bash: { "git *": "allow", "git push *": "ask", "rm *": "deny", "curl *": "deny" } } }],
}));

table("bash rules see the program's basename and git's subcommand past its global options", bashSpellings, [
  // A program named by its path is the program: `/bin/rm` is `rm`.
  ["/bin/rm build/x", "deny", ["#RULE_DENY"]],
  ["/usr/bin/rm build/x", "deny", ["#RULE_DENY"]],
  ["/usr/bin/curl https://example.com", "deny", ["#RULE_DENY"]],
  ["sudo /bin/rm build/x", "deny", ["#RULE_DENY"]],
  // git's global options stand before the subcommand.
  ["git -C . push", "ask", ["#RULE_ASK"]],
  ["git -C src push origin main", "ask", ["#RULE_ASK"]],
  ["git -c user.name=x push", "ask", ["#RULE_ASK"]],
  ["git --no-pager push", "ask", ["#RULE_ASK"]],
  ["git --git-dir .git --work-tree . push origin", "ask", ["#RULE_ASK"]],
  ["git --git-dir=.git push", "ask", ["#RULE_ASK"]],
  ["/usr/bin/git -C . push", "ask", ["#RULE_ASK"]],
  // Ordinary commands keep their verdict.
  ["rm", "deny", ["#RULE_DENY"]],
  ["rmdir build", "allow"],
  ["/bin/ls src", "allow"],
  ["git -C . status", "allow", ["!#RULE_ASK"]],
  ["git --no-pager log -p", "allow"],
  ["git commit -m push", "allow"],
  ["git -c color.ui=always diff", "allow"],
  ["scripts/build.sh", "allow"],
]);

// ---------------------------------------------------------------------------------------
// Session approvals

describe("session approvals", () => {
  const fx = buildFixture();
  afterAll(() => fx.remove());
  let g: Guard;
  const fresh = async (permission: object, extra: object = {}) => {
    g = await createGuard({ home: fx.home, config: [{ permission }], ...extra });
  };
  const tool = (t: string, path: string) => g.checkTool({ tool: t, input: { path: fx.sub(path) }, cwd: fx.project });
  const bash = (c: string) => g.check(fx.sub(c), { cwd: fx.project });

  test("the suggestion is path-scoped, never a blanket *", async () => {
    await fresh({});
    const read = tool("read", "$O/secret.txt").accesses[0]!;
    expect(g.suggestApproval(read)).toEqual({ scope: "directory", pattern: `${fx.outside}/*`,
      kinds: ["read", "exec"] });
    const write = tool("write", "$O/dir/file.txt").accesses[0]!;
    expect(g.suggestApproval(write)).toEqual({ scope: "file", pattern: `${fx.outside}/dir/file.txt`,
      kinds: ["write"] });
    expect(g.suggestApproval({ resolved: "/etc", kind: "read" })).toEqual({ scope: "file", pattern: "/etc",
      kinds: ["read", "exec"] });
    expect(g.suggestApproval({ resolved: null, kind: "read" })).toBeNull();
    expect(g.suggestApproval({ resolved: "/a/{x,y}/[b]*", kind: "write" })!.pattern).toBe("/a/\\{x,y\\}/\\[b\\]\\*");
    expect(() => g.approve({ surface: "read", pattern: "*" })).toThrow(
      "approve paths through an access (a path-scoped approval), not the read surface",
    );
  });

  test("an approval overrides ask for its path, and only for its path", async () => {
    await fresh({});
    const v = tool("read", "$O/secret.txt");
    assertVerdict({ fx, guard: g, check: bash }, "read outside", v, "ask", ["#EXTERNAL_PATH"]);
    expect(g.approve(v.accesses[0]!, "file")).toEqual({ surface: "path", kinds: ["read", "exec"],
      pattern: `${fx.outside}/secret.txt`, overrideDeny: false });
    assertVerdict({ fx, guard: g, check: bash }, "read approved", tool("read", "$O/secret.txt"), "allow", [
      `rule session:${fx.outside}/secret.txt`,
    ]);
    expect(tool("read", "$O/dir/file.txt").decision).toBe("ask");
    // The approval was for reading; writing the same file still asks.
    expect(tool("write", "$O/secret.txt").decision).toBe("ask");
    // A bash read of the same path is covered too; a write of it is not.
    expect(bash("cat < ../outside/secret.txt").decision).toBe("allow");
    expect(bash("cat ../outside/secret.txt").decision).toBe("allow");
    expect(bash("echo x > ../outside/secret.txt").decision).toBe("ask");
  });

  test("a directory approval covers the directory's entries, not deeper ones", async () => {
    await fresh({});
    g.approve(tool("read", "$O/secret.txt").accesses[0]!, "directory");
    expect(tool("read", "$O/other.txt").decision).toBe("allow");
    expect(tool("read", "$O/dir/file.txt").decision).toBe("ask");
  });

  test("an approval of an unknown-kind access covers every kind of that path", async () => {
    await fresh({});
    // A command the table does not know: its argument is a path of unknown kind.
    const v = bash("frobnicate ../outside/secret.txt");
    const access = v.accesses.find((a) => a.resolved === `${fx.outside}/secret.txt`)!;
    expect(access.kind).toBe("unknown");
    g.approve(access, "file");
    expect(bash("frobnicate ../outside/secret.txt").decision).toBe("allow");
    expect(tool("write", "$O/secret.txt").decision).toBe("allow");
  });

  test("a session approval never overrides a config deny unless the host says so", async () => {
    await fresh({ read: { "*": "allow", "*.env": "deny" } });
    const v = tool("read", ".env");
    g.approve(v.accesses[0]!, "file");
    expect(tool("read", ".env").decision).toBe("deny");
    g.approve(v.accesses[0]!, "file", { overrideDeny: true });
    assertVerdict({ fx, guard: g, check: bash }, "read .env", tool("read", ".env"), "allow", [
      `rule session:${fx.project}/.env`,
    ]);
    expect(tool("read", "config/.env").decision).toBe("deny");
  });

  test("a denied path inside an approved directory stays out of reach without overrideDeny", async () => {
    await fresh({ read: { "*": "allow", "*.env": "deny" } });
    const v = bash("grep -r key .");
    expect(v.decision).toBe("ask");
    g.approve(v.accesses.find((a) => a.resolved === fx.project)!, "file");
    expect(bash("grep -r key .").decision).toBe("ask");
    g.approve(v.accesses.find((a) => a.resolved === fx.project)!, "file", { overrideDeny: true });
    expect(bash("grep -r key .").decision).toBe("allow");
  });

  test("an ask inside a directory is lowered by approving the directory", async () => {
    await fresh({ read: { "docs/**": "ask" } });
    const v = bash("grep -r x docs");
    expect(v.decision).toBe("ask");
    g.approve(v.accesses.find((a) => a.resolved === `${fx.project}/docs`)!, "file");
    expect(bash("grep -r x docs").decision).toBe("allow");
  });

  test("the host's path policy is never overridden", async () => {
    await fresh({}, { authorizePath: ({ path }: { path: string }) => path !== "README.md" });
    const v = tool("read", "README.md");
    expect(v.decision).toBe("deny");
    g.approve(v.accesses[0]!, "file", { overrideDeny: true });
    assertVerdict({ fx, guard: g, check: bash }, "forbidden", tool("read", "README.md"), "deny", ["#FORBIDDEN"]);
  });

  test("command text approvals lower a bash rule's ask", async () => {
    await fresh({ bash: { "git push *": "ask", "rm *": "deny" } });
    expect(bash("git push origin main").decision).toBe("ask");
    g.approve({ surface: "bash", pattern: "git push origin main" });
    expect(bash("git push origin main").decision).toBe("allow");
    expect(bash("git push origin dev").decision).toBe("ask");
    g.approve({ surface: "bash", pattern: "rm x" });
    expect(bash("rm x").decision).toBe("deny");
    g.approve({ surface: "bash", pattern: "rm x" }, "file", { overrideDeny: true });
    expect(bash("rm x").decision).toBe("allow");
    // Approving a command does not approve the paths it names.
    g.approve({ surface: "bash", pattern: "git push *" });
    expect(bash("git push > ../log").decision).toBe("ask");
  });

  test("extension tools are approved on *", async () => {
    await fresh({ mytool: "ask" });
    expect(g.checkTool({ tool: "mytool", input: {} }).decision).toBe("ask");
    g.approve({ surface: "mytool", pattern: "*" });
    expect(g.checkTool({ tool: "mytool", input: {} }).decision).toBe("allow");
  });

  test("a tool no rule names is asked about until the config or an approval allows it", async () => {
    await fresh({});
    expect(g.checkTool({ tool: "othertool", input: { path: ".env" } }).decision).toBe("ask");
    g.approve({ surface: "othertool", pattern: "*" });
    expect(g.checkTool({ tool: "othertool", input: { path: ".env" } }).decision).toBe("allow");
    await fresh({ othertool: "allow", denied: { "*": "deny" } });
    expect(g.checkTool({ tool: "othertool", input: {} }).decision).toBe("allow");
    expect(g.checkTool({ tool: "denied", input: {} }).decision).toBe("deny");
  });

  test("approvals live on the guard and can be cleared", async () => {
    await fresh({});
    g.approve(tool("read", "$O/secret.txt").accesses[0]!);
    expect(g.approvals()).toHaveLength(1);
    const other = await createGuard({ home: fx.home });
    expect(other.checkTool({ tool: "read", input: { path: `${fx.outside}/secret.txt` }, cwd: fx.project }).decision)
      .toBe("ask");
    g.clearApprovals();
    expect(g.approvals()).toHaveLength(0);
    expect(tool("read", "$O/secret.txt").decision).toBe("ask");
  });

  test("an unresolved access has nothing to approve", async () => {
    await fresh({});
    const v = bash("cat $UNKNOWN");
    expect(g.approve(v.accesses[0]!)).toBeNull();
  });
});

describe("checkTool edge cases", () => {
  const box = envRule;
  test("bash through checkTool is check()", () => {
    expect(box.guard.checkTool({ tool: "bash", input: { command: "cat .env" }, cwd: box.fx.project }).decision).toBe(
      "deny",
    );
    expect(box.guard.checkTool({ tool: "bash", input: {}, cwd: box.fx.project }).reasons[0]!.code).toBe(
      "INVALID_INPUT",
    );
  });
  test("a tool path with a backslash is refused, with or without a path policy", () => {
    assertVerdict(box, "backslash", callTool(box, "read", "config\\.env"), "deny", ["#BACKSLASH_PATH"]);
  });
  test("~ in a tool path is the home directory", () => {
    assertVerdict(box, "tilde", callTool(box, "read", "~/.bashrc"), "ask", ["read $H/.bashrc"]);
  });
  test("a path the tool may normalise lexically is judged both ways", () => {
    // The kernel follows link-out first (→ outside/..); a tool that normalises first lands in the project.
    assertVerdict(box, "both", callTool(box, "read", "link-out/../README.md"), "ask", ["read $P/README.md",
      "read $T/work/README.md"]);
  });
  test("a tool path that climbs out of a missing directory names where it would be made", () => {
    // Node's mkdirSync(…, { recursive: true }) on the unnormalised name makes ../nd first.
    assertVerdict(box, "climbed", callTool(box, "write", "../nd/../project/new.txt"), "ask", ["write $T/work",
      "write $P/new.txt"]);
  });
  test("a symlink loop is unresolved", () => {
    assertVerdict(box, "loop", callTool(box, "read", "loop-a/x"), "ask", ["#UNRESOLVED_PATH"]);
  });
});

// The guard protects its own configuration: an agent that could rewrite .shellfence.json (or
// the host file that registers the hook) could allow itself anything on the next call.
const plain = useSandbox(() => ({ config: [{ permission: { write: "allow" } }] }));

table("writing the guard's configuration is never silent", plain, [
  ["echo '{}' > .shellfence.json", "ask", ["#PROTECTED_PATH"]],
  ["cp /dev/null src/.shellfence.json", "ask", ["#PROTECTED_PATH"]],
  ["sed -i s/ask/allow/ .shellfence.json", "ask", ["#PROTECTED_PATH"]],
  ["mkdir -p .claude && echo '{}' > .claude/settings.json", "ask", ["#PROTECTED_PATH"]],
  ["echo '{}' > .claude/settings.local.json", "ask", ["#PROTECTED_PATH"]],
  ["echo '{}' > opencode.json", "ask", ["#PROTECTED_PATH"]],
  // A compressor writes the name beside its operand (src/commands/table/compressed-names.ts).
  ["gunzip -f .shellfence.json.gz", "ask", ["#PROTECTED_PATH", "write $P/.shellfence.json"]],
  ["cd src && bunzip2 ../.shellfence.json.bz2", "ask", ["#PROTECTED_PATH", "write $P/.shellfence.json"]],
  ["xz -dk opencode.json.xz", "ask", ["#PROTECTED_PATH", "write $P/opencode.json"]],
  ["unzstd -f .shellfence.json.zst", "ask", ["#PROTECTED_PATH", "write $P/.shellfence.json"]],
  ["lz4 -d .shellfence.json.lz4", "ask", ["#PROTECTED_PATH"]],
  ["brotli -d .shellfence.json.br", "ask", ["#PROTECTED_PATH"]],
  ["unlzma .shellfence.json.lzma", "ask", ["#PROTECTED_PATH"]],
  ["uncompress .shellfence.json.Z", "ask", ["#PROTECTED_PATH"]],
  ["gzip -dc .shellfence.json.gz > x.json", "allow"],
  ["gunzip -f settings.json.gz", "allow", ["write $P/settings.json"]],
  ["cat .shellfence.json", "allow"],
  ["cat .claude/settings.json", "allow"],
  ["echo '{}' > settings.json", "allow"],
]);

// ---------------------------------------------------------------------------------------
// A surface named by the command adds to its kind's rules: find -delete is a write

describe("a named surface adds to the kind's surfaces, never replaces them", () => {
  test.each(
    [["write", "find", ["find", "write", "edit"]], ["unknown", "find", ["find", "read", "write", "edit", "ls"]], [
      "list",
      "find",
      ["find"],
    ], ["read", "grep", ["grep", "read"]], ["write", undefined, ["write", "edit"]], ["list", undefined, [
      "ls",
    ]]] as const,
  )("%s with %s", (kind, hint, surfaces) => {
    expect(surfacesFor(kind, hint)).toEqual([...surfaces]);
  });
});

table("find -delete answers to the write rules (writes only in src/)", layered, [
  ["find README.md -delete", "deny", ["write $P/README.md", "#RULE_DENY"]],
  ["find . -name README.md -delete", "deny", ["write $P"]],
  ["find . -delete", "deny", ["#RULE_DENY"]],
  ["find docs -type f -delete", "deny", ["write $P/docs"]],
  ["find src -name '*.o' -delete", "allow", ["write $P/src"]],
  ["rm README.md", "deny", ["write $P/README.md"]],
  // A listing is still find's alone: the write rules do not judge it.
  ["find . -name '*.ts'", "allow"],
  ["find docs -type f", "allow"],
]);

const writeSecrets = useSandbox((fx) => {
  mkdirSync(join(fx.project, "secrets"));
  writeFileSync(join(fx.project, "secrets", "key"), "K\n");
  return { config: [{ permission: { write: { "secrets/**": "deny" }, edit: { "secrets/**": "deny" } } }] };
});

table("find -delete under a write deny", writeSecrets, [["rm -rf secrets", "deny", ["#RULE_DENY"]], [
  "find secrets -delete",
  "deny",
  ["#RULE_DENY"],
], ["find secrets -name key -delete", "deny", ["write $P/secrets"]], ["find . -name key -delete", "ask", ["#RULE_ASK"]],
  ["find secrets -name key", "allow"], ["find src -delete", "allow"]]);

// ---------------------------------------------------------------------------------------
// Commands that follow symlinks are judged where the links lead, inside the roots too

const linkedIn = useSandbox((fx) => {
  for (const d of ["secrets", "lib", "plain"]) mkdirSync(join(fx.project, d));
  writeFileSync(join(fx.project, "secrets", "k"), "K\n");
  writeFileSync(join(fx.project, "lib", "a.txt"), "a\n");
  symlinkSync("../secrets", join(fx.project, "lib", "sl"));
  symlinkSync("../secrets/k", join(fx.project, "lib", "kl"));
  symlinkSync("../docs", join(fx.project, "plain", "to-docs"));
  return { config: [{ permission: { read: { "secrets/**": "deny" } } }] };
});

table("a followed link into a denied directory inside the project", linkedIn, [
  ["cat lib/sl/k", "deny", ["#RULE_DENY"]],
  ["grep -R K lib", "deny", ["read $P/secrets", "read $P/secrets/k", "#RULE_DENY"]],
  ["rg -L K lib", "deny", ["read $P/secrets"]],
  ["zip -r x.zip lib", "deny", ["read $P/secrets"]],
  ["tar -chf x.tar lib", "deny", ["read $P/secrets"]],
  ["cp -rL lib dst", "deny", ["read $P/secrets"]],
  ["rsync -aL lib/ dst", "deny", ["read $P/secrets"]],
  // Not following links, they read only what is in the tree.
  ["grep -r K lib", "allow", ["!read $P/secrets"]],
  ["cp -r lib dst", "allow"],
  ["tar -cf x.tar lib", "allow"],
  // A link to a place no rule restricts is not reported at all.
  ["grep -R K plain", "allow", ["!read $P/docs"]],
  // find -L lists names: the find rules judge that, and there are none.
  ["find -L lib -type f", "allow"],
]);

describe("a followed link inside the roots is skipped only when nothing could restrict where it leads", () => {
  test("without a rule on the target there is nothing to report; with one, there is", async () => {
    const fx = buildFixture();
    try {
      mkdirSync(join(fx.project, "lib"));
      symlinkSync("../docs", join(fx.project, "lib", "to-docs"));
      const plainGuard = await createGuard({ home: fx.home });
      expect(plainGuard.check("grep -R x lib", { cwd: fx.project }).accesses.map((a) => a.resolved)).toEqual([
        `${fx.project}/lib`,
      ]);
      const askDocs = await createGuard({ home: fx.home, config: [{ permission: { read: { "docs/**": "ask" } } }] });
      const v = askDocs.check("grep -R x lib", { cwd: fx.project });
      expect({ decision: v.decision,
        docs: v.accesses.some((a) => a.resolved === `${fx.project}/docs` && a.path === "lib/to-docs") }).toEqual({
          decision: "ask",
          docs: true,
        });
    } finally {
      fx.remove();
    }
  });
});

// ---------------------------------------------------------------------------------------
// A directory that already asks is still walked for what is denied below it

describe("an ask on a directory does not hide a deny below it from an approval", () => {
  test("outside: approving ~ for grep -r does not approve reading ~/.ssh", async () => {
    const fx = buildFixture();
    try {
      const g = await createGuard({ home: fx.home,
        config: [{ permission: { external_directory: { "*": "ask", "~/.ssh/**": "deny" } } }] });
      expect(g.check("cat ~/.ssh/id_rsa", { cwd: fx.project }).decision).toBe("deny");
      const v = g.check("grep -r key ~", { cwd: fx.project });
      expect(v.decision).toBe("ask");
      const home = v.accesses.find((a) => a.resolved === fx.home)!;
      g.approve(home, "file");
      expect(g.check("grep -r key ~", { cwd: fx.project }).decision).toBe("ask");
      expect(g.checkTool({ tool: "grep", input: { pattern: "key", path: "~" }, cwd: fx.project }).decision).toBe("ask");
      expect(g.check(`cp -r ~ ${fx.outside}/loot`, { cwd: fx.project }).decision).toBe("ask");
      // A directory the deny does not reach is approved as before.
      const bin = g.check("grep -r key ~/bin", { cwd: fx.project });
      expect(bin.decision).toBe("ask");
      g.approve(bin.accesses.find((a) => a.resolved === `${fx.home}/bin`)!, "file");
      expect(g.check("grep -r key ~/bin", { cwd: fx.project }).decision).toBe("allow");
      // Only an approval that may override a deny lowers it.
      g.approve(home, "file", { overrideDeny: true });
      expect(g.check("grep -r key ~", { cwd: fx.project }).decision).toBe("allow");
    } finally {
      fx.remove();
    }
  });

  test("inside: a directory a rule asks about, holding a denied file", async () => {
    const fx = buildFixture();
    try {
      writeFileSync(join(fx.project, "docs", "key.pem"), "x\n");
      const g = await createGuard({ home: fx.home,
        config: [{ permission: { read: { docs: "ask", "*.pem": "deny" } } }] });
      const v = g.check("grep -r x docs", { cwd: fx.project });
      expect(v.decision).toBe("ask");
      g.approve(v.accesses.find((a) => a.resolved === `${fx.project}/docs`)!, "file");
      expect(g.check("grep -r x docs", { cwd: fx.project }).decision).toBe("ask");
      expect(g.check("cat docs/guide.md", { cwd: fx.project }).decision).toBe("allow");
      g.approve(v.accesses.find((a) => a.resolved === `${fx.project}/docs`)!, "file", { overrideDeny: true });
      expect(g.check("grep -r x docs", { cwd: fx.project }).decision).toBe("allow");
    } finally {
      fx.remove();
    }
  });
});

// ---------------------------------------------------------------------------------------
// Approving a directory access approves that directory, not its siblings

describe("suggestApproval for an access that is a directory", () => {
  test("grep -r key . offers the project, not the entries of its parent", async () => {
    const fx = buildFixture();
    try {
      writeFileSync(join(fx.top, "work", "notes.txt"), "n\n");
      const g = await createGuard({ home: fx.home,
        config: [{ permission: { read: { "*": "allow", "*.env": "ask" } } }] });
      const v = g.check("grep -r key .", { cwd: fx.project });
      expect(v.decision).toBe("ask");
      const dot = v.accesses.find((a) => a.resolved === fx.project)!;
      const s = g.suggestApproval(dot)!;
      expect(s).toEqual({ scope: "file", pattern: fx.project, kinds: ["read", "exec"] });
      g.approve(dot, s.scope);
      expect(g.check("grep -r key .", { cwd: fx.project }).decision).toBe("allow");
      expect(g.check("cat ../notes.txt", { cwd: fx.project }).decision).toBe("ask");
      expect(g.checkTool({ tool: "read", input: { path: `${fx.top}/work/notes.txt` }, cwd: fx.project }).decision).toBe(
        "ask",
      );
      // Asked for the directory scope, the directory itself is approved as well.
      expect(g.approve(dot, "directory")!.pattern).toBe(fx.project);
      // A file's suggestion is still its directory's entries.
      expect(g.suggestApproval({ resolved: `${fx.outside}/secret.txt`, kind: "read" })).toEqual({ scope: "directory",
        pattern: `${fx.outside}/*`, kinds: ["read", "exec"] });
    } finally {
      fx.remove();
    }
  });
});

// ---------------------------------------------------------------------------------------
// Recursive writes reach the guard's own files

const guarded = useSandbox((fx) => {
  const files = [".shellfence.json", ".claude/settings.json", ".opencode/plugin/shellfence.ts",
    ".pi/extensions/shellfence.ts", "node_modules/shellfence/dist/cli/main.js", "node_modules/.bin/shellfence",
    "node_modules/left-pad/index.js"];
  for (const f of files) {
    mkdirSync(join(fx.project, f, ".."), { recursive: true });
    writeFileSync(join(fx.project, f), "{}\n");
  }
  mkdirSync(join(fx.home, ".config", "shellfence"), { recursive: true });
  writeFileSync(join(fx.home, ".config", "shellfence", "config.json"), "{}\n");
  return { config: [{ permission: { write: "allow", external_directory: { "*": "ask", "/tmp/**": "allow" } } }] };
});

/** npm's link to the hook command Claude Code runs (bin/shellfence-hook), and nothing else of the guard's. */
const hookLink = useSandbox((fx) => {
  mkdirSync(join(fx.project, "node_modules", ".bin"), { recursive: true });
  writeFileSync(join(fx.project, "node_modules", ".bin", "shellfence-hook"), "#!/bin/sh\n");
  writeFileSync(join(fx.project, "node_modules", ".bin", "other"), "#!/bin/sh\n");
  return { config: [{ permission: { write: "allow" } }] };
});

// Replaced, the hook command would run the agent's program in the guard's place on every call.
// (assertCase without a golden line: test/golden is regenerated on main, not on a branch.)
describe("the hook command's link is the guard's, as node_modules/.bin/shellfence is", () => {
  const cases: readonly Case[] = [["echo 'echo {}' > node_modules/.bin/shellfence-hook", "ask", ["#PROTECTED_PATH"]], [
    "rm node_modules/.bin/shellfence-hook",
    "ask",
    ["#PROTECTED_PATH"],
  ], ["ln -sf /tmp/evil node_modules/.bin/shellfence-hook", "ask", ["#PROTECTED_PATH"]], ["rm -rf node_modules/.bin",
    "ask", ["#PROTECTED_PATH"]], ["echo x > node_modules/.bin/other", "allow"], ["rm node_modules/.bin/other", "allow"],
    ["cat node_modules/.bin/shellfence-hook", "allow"]];
  for (const c of cases) test(`${c[0]} → ${c[1]}`, () => assertCase(hookLink, c));
});

table("a write that reaches the guard's files from above is never silent", guarded, [
  ["rm -rf .", "ask", ["#PROTECTED_PATH"]],
  ["rm -rf .claude", "ask", ["#PROTECTED_PATH"]],
  ["mv .claude x", "ask", ["#PROTECTED_PATH"]],
  ["rm -rf .opencode", "ask", ["#PROTECTED_PATH"]],
  ["rm -rf .opencode/plugin", "ask", ["#PROTECTED_PATH"]],
  ["rm -rf .pi/extensions", "ask", ["#PROTECTED_PATH"]],
  ["rm -rf $H/.config", "ask", ["#PROTECTED_PATH"]],
  ["tar xf evil.tar", "ask", ["#PROTECTED_PATH"]],
  ["unzip -o x.zip", "ask", ["#PROTECTED_PATH"]],
  // Downloads under remote names, and extractors without an entry (src/commands/extractors.ts).
  ["curl --remote-name-all https://h/.shellfence.json", "ask", ["#PROTECTED_PATH", "write $P"]],
  ["gh release download v1", "ask", ["#PROTECTED_PATH", "write $P"]],
  ["jar xf a.jar", "ask", ["#PROTECTED_PATH", "write $P"]],
  ["unrar x a.rar", "ask", ["#PROTECTED_PATH", "write $P"]],
  ["bsdcpio -id < a.cpio", "ask", ["#PROTECTED_PATH", "write $P"]],
  ["jar xf a.jar -C build", "ask", ["#PROTECTED_PATH", "write $P/build"]],
  ["jar tf a.jar", "allow"],
  ["cp -r /tmp/x/. .", "ask", ["#PROTECTED_PATH"]],
  ["git stash", "ask", ["#PROTECTED_PATH"]],
  ["git clean -fdx", "ask", ["#PROTECTED_PATH"]],
  ["find . -name .shellfence.json -delete", "ask", ["#PROTECTED_PATH"]],
  ["rm -rf node_modules", "ask", ["#PROTECTED_PATH"]],
  ["echo x > node_modules/.bin/shellfence", "ask", ["#PROTECTED_PATH"]],
  ["echo x > node_modules/shellfence/dist/cli/main.js", "ask", ["#PROTECTED_PATH"]],
  // What holds none of them keeps its verdict.
  ["rm -rf build", "allow"],
  ["rm -rf src/sub", "allow"],
  ["mv docs manual", "allow"],
  ["rm -rf node_modules/left-pad", "allow"],
  ["echo x > node_modules/.bin/other", "allow"],
  ["tar xf evil.tar -C build", "allow"],
  ["cp -r src /tmp/copy", "allow"],
  // Reading them is fine.
  ["tar cf x.tar .", "allow"],
  ["grep -r x .", "allow"],
]);

table("a project without the guard's files: recursive writes keep their verdict", plain, [["rm -rf build", "allow"], [
  "git stash",
  "allow",
], ["git clean -fdx", "allow"], ["find . -name '*.o' -delete", "allow"]]);

toolTable("tool writes that reach the guard's files", guarded, [["write", ".claude", "ask", ["#PROTECTED_PATH"]], [
  "write",
  ".",
  "ask",
  ["#PROTECTED_PATH"],
], ["write", "src", "allow"], ["read", ".claude", "allow"]]);

describe("an approval of another path does not lower PROTECTED_PATH", () => {
  test("a directory approval for notes.txt does not approve .shellfence.json beside it", async () => {
    const fx = buildFixture();
    try {
      const g = await createGuard({ home: fx.home, config: [{ permission: { write: { "*": "ask" } } }] });
      const notes = g.checkTool({ tool: "write", input: { path: "notes.txt" }, cwd: fx.project });
      expect(notes.decision).toBe("ask");
      expect(g.approve(notes.accesses[0]!, "directory")!.pattern).toBe(`${fx.project}/*`);
      expect(g.checkTool({ tool: "write", input: { path: "other.txt" }, cwd: fx.project }).decision).toBe("allow");
      expect(g.checkTool({ tool: "write", input: { path: ".shellfence.json" }, cwd: fx.project }).decision).toBe("ask");
      expect(g.check("echo '{}' > .shellfence.json", { cwd: fx.project }).decision).toBe("ask");
      // Approving that very file does.
      g.approve(g.checkTool({ tool: "write", input: { path: ".shellfence.json" }, cwd: fx.project }).accesses[0]!,
        "file");
      expect(g.check("echo '{}' > .shellfence.json", { cwd: fx.project }).decision).toBe("allow");
    } finally {
      fx.remove();
    }
  });
});
