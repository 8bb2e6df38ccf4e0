// The places a CI runner gives every job, declared for a scan (`--preset github-actions`, or
// "scan": {"presets": [...]} in a trusted config; src/policy/scan-presets.ts): with the preset a
// workflow that writes the step-command files and works in $RUNNER_TEMP has no finding; without
// it, it has; and what lies next to those places still asks. An agent's check never sees a preset.

import { afterAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { presetDescriptions } from "../../src/policy/scan-presets.ts";
import { ScanRepo, where } from "./scan-repo.ts";

const WORKFLOW = [
  "on: [push]",
  "jobs:",
  "  build:",
  "    runs-on: ubuntu-latest",
  "    steps:",
  "      - run: |",
  '          echo "version=1" >> $GITHUB_ENV', // 7
  '          echo "x=1" >> "$GITHUB_OUTPUT"', // 8
  '          echo "$PWD" >> "$GITHUB_PATH"', // 9
  '          echo "## done" >> "$GITHUB_STEP_SUMMARY"', // 10
  "          cd $RUNNER_TEMP", // 11
  '          mkdir -p work && cp "$GITHUB_WORKSPACE/README.md" work/', // 12
  "      - run: cd ${{ runner.temp }} && touch marker", // 13
  "      - run: mkdir -p ~/.npm/_cacache && rm -rf ~/.cargo/registry/cache ~/.m2/repository/org", // 14
  '      - run: cp "${{ github.workspace }}/x" "$RUNNER_TEMP/x" && jq . "$GITHUB_EVENT_PATH"', // 15
  "",
].join("\n");

/** Next to each place, outside it: each must still be a finding with the preset. */
const TWINS = [
  "cat $RUNNER_TEMP/../secret", // 1: above $RUNNER_TEMP
  "cd $RUNNER_TEMP/..", // 2
  "cat ~/.npmrc", // 3: npm's credentials, not its cache
  "echo x > ~/.cargo/credentials.toml", // 4: cargo's credentials, beside its registry
  "rm -rf ~/.cargo", // 5: the directory that holds the cache
  'echo x >> "$GITHUB_ENV_FILE"', // 6: a variable the runner does not set
  "echo > /home/runner/work/other/x", // 7: the runner's work directory, not its temp
  "cat ~/.m2/settings.xml", // 8: Maven's passwords, beside its repository
  "",
].join("\n");

const r = new ScanRepo({ ".github/workflows/ci.yml": WORKFLOW, "ci/release.sh": 'echo "tag=v1" >> "$GITHUB_OUTPUT"\n',
  "twins.sh": TWINS });
afterAll(() => r.remove());
/** The runner's home: it exists, as on a runner (a `mkdir -p ~/.npm/x` would make it otherwise). */
const home = r.home;

describe("--preset github-actions", () => {
  test("a workflow writing $GITHUB_ENV and working in $RUNNER_TEMP: no finding with the preset", () => {
    const { findings, run } = r.json(["--preset", "github-actions", ".github", "ci"], home);
    expect(findings).toEqual([]);
    expect(run.status).toBe(0);
  });

  test("and one for each without it", () => {
    const lines = r.json([".github", "ci"], home).findings.map((f) => `${f.file}:${f.line}`);
    for (const line of [7, 8, 9, 10, 11, 12, 13, 14, 15]) expect(lines).toContain(`.github/workflows/ci.yml:${line}`);
    expect(lines).toContain("ci/release.sh:1");
  });

  test("what lies next to the places still asks with it", () => {
    const { findings } = r.json(["--preset", "github-actions", "twins.sh"], home);
    expect([...new Set(where(findings))]).toEqual(["twins.sh:1 EXTERNAL_PATH", "twins.sh:2 EXTERNAL_PATH",
      "twins.sh:3 EXTERNAL_PATH", "twins.sh:4 EXTERNAL_PATH", "twins.sh:5 EXTERNAL_PATH", "twins.sh:6 UNRESOLVED_WORD",
      "twins.sh:7 EXTERNAL_PATH", "twins.sh:8 EXTERNAL_PATH"]);
  });

  test("a user's rule for a place wins over the preset's", () => {
    const deny = r.aside("deny-npm.json",
      JSON.stringify({ permission: { external_directory: { "~/.npm/**": "deny" } } }));
    const { findings } = r.json(["--preset", "github-actions", "--config", deny, ".github"], home);
    // `mkdir -p` makes ~/.npm and ~/.npm/_cacache: both denied, one word (at one place, ordered by
    // message). The home holds nothing on the runner's disk, and a message names it `~`.
    expect(findings.map((f) => `${f.line} ${f.decision} ${f.code} ${f.written} ${/mkdir: (\S+)/.exec(f.message)?.[1]}`))
      .toEqual(["14 deny RULE_DENY ~/.npm/_cacache ~/.npm", "14 deny RULE_DENY ~/.npm/_cacache ~/.npm/_cacache"]);
  });

  test("an unknown preset is a usage error", () => {
    const run = r.scan(["--preset", "gitlab-ci"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--preset must be one of github-actions, not "gitlab-ci"');
  });
});

describe('"scan": {"presets": [...]} in a config', () => {
  const config = r.aside("preset.json", JSON.stringify({ scan: { presets: ["github-actions"] } }));

  test("a --config file's preset counts as the flag does", () => {
    expect(r.json(["--config", config, ".github", "ci"], home).findings).toEqual([]);
  });

  test("the repository's own untrusted file cannot declare one: ignored, and said", () => {
    const own = new ScanRepo({ ".shellfence.json": JSON.stringify({ scan: { presets: ["github-actions"] } }),
      "ci/release.sh": 'echo "tag=v1" >> "$GITHUB_OUTPUT"\n' }, "own");
    try {
      const { findings, run } = own.json([]);
      expect(where(findings)).toEqual(["ci/release.sh:1 UNRESOLVED_WORD"]);
      expect(run.stderr).toContain('these are ignored: scan.presets: "github-actions"');
    } finally {
      own.remove();
    }
  });

  test("an agent's check never sees it: the same config, `shellfence check`, still asks", () => {
    const run = spawnSync(process.execPath, [join(import.meta.dir, "..", "..", "src", "cli", "run.ts"), "check",
      "--config", config, "--json", "--", 'echo x >> "$GITHUB_ENV"'], { cwd: r.repo, encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: r.home } });
    expect(run.status).toBe(3);
    expect((JSON.parse(run.stdout) as { reasons: { code: string }[] }).reasons.map((x) => x.code)).toEqual([
      "UNRESOLVED_WORD",
    ]);
  });
});

test("docs/integrations.md names every place of every preset", () => {
  const docs = readFileSync(join(import.meta.dir, "..", "..", "docs", "integrations.md"), "utf8");
  for (const p of presetDescriptions()) {
    expect(docs).toContain(`\`${p.name}\``);
    for (const place of [...p.places, ...p.readable]) {
      expect([p.name, place.pattern, docs.includes(`\`${place.pattern}\``)]).toEqual([p.name, place.pattern, true]);
    }
  }
});

describe("the runner's directories are there, whatever the machine that scans holds", () => {
  // After a program the scan does not know (`make`), a path through a directory that is not
  // there may be through a symlink that program made. $RUNNER_TEMP and the step-command files'
  // directory are the runner's before any step runs: writing $GITHUB_OUTPUT after `make` is what
  // most workflows do (measured on public repositories, scripts/scan-repos.ts: 11 of 18).
  const steps = (...lines: string[]) =>
    ["on: [push]", "jobs:", "  j:", "    runs-on: ubuntu-latest", "    steps:", "      - run: |",
      ...lines.map((l) => `          ${l}`), ""].join("\n");
  const runner = new ScanRepo({
    ".github/workflows/inside.yml": steps("make", 'echo "a=b" >> "$GITHUB_OUTPUT"', 'echo "$PWD/bin" >> "$GITHUB_PATH"',
      'jq . "$GITHUB_EVENT_PATH"', 'echo "## ok" >> "$GITHUB_STEP_SUMMARY"'),
    ".github/workflows/outside.yml": steps(
      "make",
      "echo x > /home/runner/work/other/x", // 8
      "echo x > /home/runner/.profile", // 9
      'rm -rf "$RUNNER_TEMP/_runner_file_commands"', // 10
      'ln -s /etc "$RUNNER_TEMP/_runner_file_commands"', // 11
      'echo "a=b" >> "$GITHUB_OUTPUT"', // 12
      'echo x > "$RUNNER_TEMP/new/x"', // 13
    ),
  });
  afterAll(() => runner.remove());

  test("the step-command files after an unknown program: no finding with the preset", () => {
    expect(runner.json(["--preset", "github-actions", ".github/workflows/inside.yml"]).findings).toEqual([]);
  });

  test("and each a finding without it", () => {
    const lines = runner.json([".github/workflows/inside.yml"]).findings.map((f) => f.line);
    expect([...new Set(lines)]).toEqual([8, 9, 10, 11]);
  });

  test("beside them, through a symlink made there, or through a directory not made yet: still asks", () => {
    expect(where(runner.json(["--preset", "github-actions", ".github/workflows/outside.yml"]).findings)).toEqual([
      ".github/workflows/outside.yml:8 UNRESOLVED_PATH",
      ".github/workflows/outside.yml:9 EXTERNAL_PATH",
      // (A link to /etc: readable under the preset, but a link's target is of unknown kind, and
      // writing there asks: the write rule's RULE_ASK.)
      ".github/workflows/outside.yml:11 RULE_ASK",
      ".github/workflows/outside.yml:12 UNRESOLVED_PATH",
      ".github/workflows/outside.yml:13 UNRESOLVED_PATH",
    ]);
  });
});

describe("the runner machine's system files: read, not written", () => {
  const machine = new ScanRepo({
    "ci/probe.sh": ["#!/bin/sh", "grep -q ubuntu /etc/os-release && echo ubuntu",
      "[ -f /proc/sys/kernel/unprivileged_userns_clone ] && cat /proc/sys/kernel/unprivileged_userns_clone",
      "ls /usr/local/bin /opt/hostedtoolcache", "echo 'deb http://x y main' | sudo tee /etc/apt/sources.list.d/x.list",
      "cat /etc/shadow", ""].join("\n"),
  });
  afterAll(() => machine.remove());
  test("reads of /etc, /proc, /usr, /opt are no finding with the preset; a write and a secret are", () => {
    expect(where(machine.json(["--preset", "github-actions", "ci/probe.sh"]).findings)).toEqual([
      "ci/probe.sh:5 RULE_ASK",
      "ci/probe.sh:6 SECRET_PATH",
    ]);
  });
  test("without the preset, each is a path outside", () => {
    const codes = where(machine.json(["ci/probe.sh"]).findings);
    expect(codes).toContain("ci/probe.sh:3 EXTERNAL_PATH");
    expect(codes).toContain("ci/probe.sh:4 EXTERNAL_PATH");
  });
});
