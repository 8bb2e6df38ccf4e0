// The command line as a user meets it: exit statuses, --json, --jsonl, usage errors, and the
// library and CLI under Node.js 20 (the npm entry runs the compiled dist/).

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildFixture, type Fixture } from "./support/fixture.ts";
import { buildDist } from "./support/build.ts";

const root = new URL("..", import.meta.url).pathname;
const bun = process.execPath;

let fx: Fixture;
beforeAll(() => {
  fx = buildFixture();
});
afterAll(() => fx.remove());

function cli(args: readonly string[], input?: string, runtime: "bun" | "node" = "bun") {
  const cmd = runtime === "bun"
    ? [bun, join(root, "src", "cli", "run.ts")]
    : ["node", join(root, "bin", "shellfence.js")];
  const r = spawnSync(cmd[0]!, [...cmd.slice(1), ...args], { input, encoding: "utf8", cwd: fx.project,
    env: { ...process.env, HOME: fx.home, NO_COLOR: "1" } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("shellfence check", () => {
  test("exit 0 and a readable verdict for an allowed command", () => {
    const r = cli(["check", "--", "cat README.md"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("ALLOW");
  });
  test("exit 3 for ask, with the offending span marked and the reason", () => {
    const r = cli(["check", "--", "cd .. && cat ../secrets/.env"]);
    expect(r.status).toBe(3);
    expect(r.stdout).toContain("ASK");
    expect(r.stdout).toContain("^^");
    expect(r.stdout).toContain("EXTERNAL_PATH");
  });
  test("exit 1 for deny", () => {
    const cfg = join(fx.top, "deny.json");
    writeFileSync(cfg, JSON.stringify({ permission: { external_directory: { "*": "deny" } } }));
    const r = cli(["check", "--config", cfg, "--", "cat ../outside/secret.txt"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("DENY");
  });
  test("--json prints the verdict", () => {
    const r = cli(["check", "--json", "--", "cat ../outside/secret.txt"]);
    expect(r.status).toBe(3);
    const v = JSON.parse(r.stdout) as { decision: string; accesses: { resolved: string }[] };
    expect(v.decision).toBe("ask");
    expect(v.accesses.map((a) => a.resolved)).toContain(join(fx.outside, "secret.txt"));
  });
  test("--cwd and --root", () => {
    expect(cli(["check", "--cwd", fx.outside, "--", "cat secret.txt"]).status).toBe(0);
    expect(cli(["check", "--root", fx.backup, "--", "cat ../project-backup/x.txt"]).status).toBe(0);
    expect(cli(["check", "--", "cat ../project-backup/x.txt"]).status).toBe(3);
  });
  test("--jsonl answers one line per request, in order, and exits with the strictest", () => {
    const input = [JSON.stringify({ command: "cat README.md" }),
      JSON.stringify({ command: "cat secret.txt", cwd: fx.outside }),
      JSON.stringify({ command: "cat ../outside/secret.txt" }), ""].join("\n");
    const r = cli(["check", "--jsonl"], input);
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { decision: string });
    expect(lines.map((l) => l.decision)).toEqual(["allow", "allow", "ask"]);
    expect(r.status).toBe(3);
  });
  test("--jsonl reports a bad line in place and exits 2", () => {
    const r = cli(["check", "--jsonl"],
      `not json\n${JSON.stringify({ command: 1 })}\n${JSON.stringify({ command: "ls" })}\n`);
    const lines = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { error?: string; decision?: string });
    expect(lines[0]!.error).toContain("line 1");
    expect(lines[1]!.error).toContain("line 2");
    expect(lines[2]!.decision).toBe("allow");
    expect(r.status).toBe(2);
  });
  test.each(["bun", "node"] as const)(
    "--jsonl --jobs 2 under %s: the same lines as one thread, in order, and the same exit",
    (runtime) => {
      // Bad lines among good ones, the same command from two directories, and every decision.
      const requests = [
        ...["cat README.md", "cd .. && cat ../secrets/.env", "ls -la src", "tar xf ../a.tar",
          "cat ../outside/secret.txt", "echo hi | wc -l", "find . -name '*.ts' | xargs grep x"].flatMap((
            command,
          ) => [JSON.stringify({ command }), JSON.stringify({ command, cwd: fx.outside })]),
        "not json",
        JSON.stringify({ command: 7 }),
      ];
      const input = Array.from({ length: 12 }, () => requests).flat().join("\n") + "\n";
      const one = cli(["check", "--jsonl"], input, runtime);
      const two = cli(["check", "--jsonl", "--jobs", "2"], input, runtime);
      expect(two.stderr).toBe("");
      expect(one.stdout.split("\n").filter((l) => l !== "")).toHaveLength(12 * requests.length);
      expect(two.stdout).toBe(one.stdout);
      expect(two.status).toBe(2);
      expect(one.status).toBe(2);
    },
  );
  test("--jsonl --jobs: a batch without bad lines exits with its strictest decision", () => {
    const input =
      ["cat README.md", "cat ../outside/secret.txt", "ls"].map((command) => JSON.stringify({ command })).join("\n") +
      "\n";
    const r = cli(["check", "--jsonl", "--jobs", "auto"], input);
    expect(r.stdout.trim().split("\n").map((l) => (JSON.parse(l) as { decision: string }).decision)).toEqual(["allow",
      "ask", "allow"]);
    expect(r.status).toBe(3);
  });
  test.each([[["check"], "no command given"], [["check", "a", "b"], "one argument"], [["check", "--bogus", "--", "ls"],
    "unknown option --bogus"], [["check", "--cwd"], "--cwd needs a value"], [["frobnicate"], "unknown command"], [[],
    "usage"], [["check", "--jsonl", "--jobs", "0"], "--jobs takes a number from 1 to 64, or auto"], [["check",
    "--jsonl", "--jobs", "two"], "--jobs takes a number"], [["check", "--jsonl", "--jobs", "65"],
    "--jobs takes a number"], [["check", "--jobs", "2", "--", "ls"], "--jobs spreads a --jsonl batch"]])(
      "usage error %p exits 2",
      (args, message) => {
        const r = cli(args);
        expect(r.status).toBe(2);
        expect(r.stderr).toContain(message);
      },
    );
  test("a config that is not JSON exits 2 naming the file", () => {
    const cfg = join(fx.top, "broken.json");
    writeFileSync(cfg, "{ nope");
    const r = cli(["check", "--config", cfg, "--", "ls"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(cfg);
    expect(r.stderr).toContain("invalid JSON");
  });
  test("a config with an unknown action exits 2 naming the key", () => {
    const cfg = join(fx.top, "action.json");
    writeFileSync(cfg, JSON.stringify({ permission: { external_directory: { "/tmp/**": "alow" } } }));
    const r = cli(["check", "--config", cfg, "--", "ls"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('permission.external_directory["/tmp/**"]');
    expect(r.stderr).toContain('"alow"');
  });
  test("--help prints usage and exits 0", () => {
    const r = cli(["check", "--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("exit status");
  });
  test("--version and -V print the package's version; the sources name no build", () => {
    const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
    for (const flag of ["--version", "-V"]) {
      const r = cli([flag]);
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(`shellfence ${version} (no build id)\n`);
    }
    expect(cli(["--help"]).stdout).toContain("-V, --version");
  });
});

describe("Node.js 20", () => {
  beforeAll(() => {
    // dist/ is what Node.js runs; build it from the current sources.
    buildDist();
  }, 120_000);
  test("--version under node names the build", () => {
    const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
    const built = new RegExp(`^shellfence ${version.replace(/\./g, "\\.")} \\(build [0-9a-f]{16}\\)\\n$`);
    expect(cli(["--version"], undefined, "node").stdout).toMatch(built);
  });
  test("the npm entry runs the CLI under node", () => {
    const r = cli(["check", "--json", "--", "cat ../outside/secret.txt"], undefined, "node");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(3);
    expect((JSON.parse(r.stdout) as { decision: string }).decision).toBe("ask");
  });
  test("the library works under node", () => {
    const script = `
      const { createGuard } = await import(${JSON.stringify(join(root, "dist", "index.js"))});
      const g = await createGuard({ home: ${JSON.stringify(fx.home)} });
      const a = g.check("cat README.md", { cwd: ${JSON.stringify(fx.project)} });
      const b = g.check("cd link-out && cat secret.txt", { cwd: ${JSON.stringify(fx.project)} });
      console.log(JSON.stringify([process.versions.node.split(".")[0], a.decision, b.decision]));
    `;
    const r = spawnSync("node", ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    const [major, a, b] = JSON.parse(r.stdout) as [string, string, string];
    expect(Number(major)).toBeGreaterThanOrEqual(20);
    expect([a, b]).toEqual(["allow", "ask"]);
  });
  test("the bundle, whose table groups load on first lookup, answers as the sources do: a command of every group, and names of none", () => {
    // One name per group of src/commands/table/groups.ts (the bundle carries its index), several in one call.
    const commands = ["tar xf ../a.tar", "sha256sum -c ../sums", "pandoc ../a.md -o b.html", "cp ../a b",
      "crontab ../tab", "gpg -d ../x.gpg", "sqlite3 ../db .dump", "xdg-open ../a.pdf", "make -C ../x",
      "cmake -S ../src -B build", "gcc ../a.c -o a", "docker build ../ctx", "go build ../m", "javac ../A.java",
      "kubectl apply -f ../k.yaml", "npm install ../pkg", "node ../a.js", "uv pip install -r ../r.txt",
      "python3 ../a.py", "Rscript ../a.R", "cargo build --manifest-path ../Cargo.toml", "perl ../a.pl", "php ../a.php",
      "terraform -chdir=../t plan", "vim ../a", "jq . ../a.json", "find .. -delete", "shellcheck ../a.sh",
      "curl -o ../x http://h", "patch -p1 -i ../p.diff", "rename s/a/b/ ../a", "grep -r x ..",
      "systemctl --user start x", "ssh h cat ../x", "sed -i s/a/b/ ../a", "git -C .. status", "timeout 5 cat ../x",
      "nosuchcommand ../x", "TAR_OPTIONS=-C.. tar xf a.tar"];
    const input = commands.map((command) => JSON.stringify({ command })).join("\n") + "\n";
    const bundled = cli(["check", "--jsonl"], input, "node");
    expect(bundled.stderr).toBe("");
    // The decision and reason codes (the order of what a directory lists differs between runtimes).
    const codes = (out: string) =>
      out.split("\n").filter((l) => l !== "").map((l) => {
        const v = JSON.parse(l) as { decision: string; reasons: { code: string }[] };
        return `${v.decision} ${v.reasons.map((r) => r.code).sort().join(",")}`;
      });
    const got = codes(bundled.stdout);
    expect(got).toHaveLength(commands.length);
    expect(got).toEqual(codes(cli(["check", "--jsonl"], input).stdout));
  });
});
