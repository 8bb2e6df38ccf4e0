// opencode, headless (`opencode run`) against the scripted model through a custom
// OpenAI-compatible provider, with and without the plugin. Each run plays: bash `cat
// ../outside-secret.txt`, bash `ls`, read of the secret, write outside, bash `cd sub`, bash
// `cat ../a.txt` with workdir sub/ (opencode starts every bash call in a fresh shell, from
// `workdir` or the project, so a `cd` never carries over; the plugin judges from `workdir`),
// then timed `ls` calls. opencode's own permissions allow everything, so the plugin is all
// that stands in the way.

import { afterEach, describe, expect, test } from "bun:test";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, expectDoctor, expectFreshShell, expectOpeningGuarded, expectOpeningUnguarded, expectPlayedThrough,
  hostBin, hostEnv, makeProject, pinnedModules, type Project, recordTiming, runHost,
  TIMED_CALLS } from "./support/harness.ts";
import { type ModelServer, type Step, startModelServer } from "./support/model-server.ts";

const servers: ModelServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

function steps(p: Project): Step[] {
  const timed = Array.from({ length: TIMED_CALLS },
    () => ({ tool: "bash", input: { command: "ls sub", description: "list sub" } }));
  return [{ tool: "bash", input: { command: "cat ../outside-secret.txt", description: "read outside" } }, {
    tool: "bash",
    input: { command: "ls", description: "list" },
  }, { tool: "read", input: { filePath: p.secretPath } }, { tool: "write",
    input: { filePath: p.outsideWrite, content: "written from inside\n" } }, { tool: "bash",
    input: { command: "cd sub", description: "enter sub" } }, { tool: "bash",
    input: { command: "pwd", description: "where am I" } }, { tool: "bash",
    input: { command: "cat ../a.txt", workdir: join(p.dir, "sub"), description: "read a.txt from sub" } }, ...timed];
}
const TIMED = Array.from({ length: TIMED_CALLS }, (_, i) => 7 + i);

type Form = "none" | "plugin path" | ".opencode/plugin file";

/**
 * opencode installs its plugin SDK into every config directory (~/.config/opencode, .opencode)
 * before it loads plugins, from the npm registry; without a network that waits about 70 s and
 * fails. Give each the copy installed for the tests, as a first run with a network leaves it.
 */
function seedPluginSdk(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const src = join(pinnedModules("opencodePlugin"), "..");
  for (const f of ["package.json", "package-lock.json"]) cpSync(join(src, f), join(dir, f));
  cpSync(join(src, "node_modules"), join(dir, "node_modules"), { recursive: true });
}

async function play(label: string, form: Form) {
  const p = makeProject(label);
  const server = await startModelServer(steps(p));
  servers.push(server);
  const config: Record<string, unknown> = { $schema: "https://opencode.ai/config.json", model: "scripted/m",
    small_model: "scripted/m", autoupdate: false, share: "disabled",
    permission: { "*": "allow", external_directory: "allow" },
    provider: {
      scripted: { npm: "@ai-sdk/openai-compatible", name: "Scripted",
        options: { baseURL: `${server.url}/v1`, apiKey: "scripted" }, models: { m: { name: "m", tool_call: true } } },
    } };
  if (form === "plugin path") config.plugin = ["./node_modules/shellfence/dist/integrations/opencode.js"];
  if (form === ".opencode/plugin file") {
    mkdirSync(join(p.dir, ".opencode", "plugin"), { recursive: true });
    writeFileSync(join(p.dir, ".opencode", "plugin", "shellfence.ts"),
      'export { default } from "shellfence/opencode";\n');
    seedPluginSdk(join(p.dir, ".opencode"));
  }
  writeFileSync(join(p.dir, "opencode.json"), JSON.stringify(config, null, 2));
  seedPluginSdk(join(p.home, ".config", "opencode"));
  const env = hostEnv(p, { OPENCODE_DISABLE_AUTOUPDATE: "1", OPENCODE_DISABLE_MODELS_FETCH: "1",
    OPENCODE_DISABLE_DEFAULT_PLUGINS: "1", OPENCODE_DISABLE_LSP_DOWNLOAD: "1", OPENCODE_DISABLE_SHARE: "1",
    OPENCODE_DISABLE_CLAUDE_CODE: "1", OPENCODE_DISABLE_EXTERNAL_SKILLS: "1" });
  const run = await runHost(hostBin("opencode"), ["run", "--print-logs", "--log-level", "INFO",
    "Follow the scripted steps."], p.dir, env);
  expectPlayedThrough("opencode", run);
  return { p, server, run };
}

describe(`opencode (${hostBin("opencode")})`, () => {
  test("control: without the plugin the outside read, read and write all happen", async () => {
    const { p, server, run } = await play("oc-control", "none");
    expect(run.stderr).not.toContain("shellfence: guarding");
    expectOpeningUnguarded(server, p);
    recordTiming("opencode", "control (no guard)", server, TIMED);
    await expectDoctor(p, "opencode", "unguarded");
  });

  for (const form of ["plugin path", ".opencode/plugin file"] as const) {
    test(`guarded (${form}): the secret never reaches the model, inside work goes on`, async () => {
      const { p, server, run } = await play(`oc-${form.replace(/\W+/g, "-")}`, form);
      expectOpeningGuarded(server, p, { read: "read", write: "write" });
      expectFreshShell(server, p, 4);
      // workdir sub/: ../a.txt is the project's own file, judged from there, so it runs.
      expect(after(server, 6).body).toContain(p.inside);
      // The plugin announced itself once, through client.app.log (printed with --print-logs).
      expect(run.stderr.split(`shellfence: guarding ${p.dir}`).length - 1, run.stderr.slice(-4000)).toBe(1);
      recordTiming("opencode", form, server, TIMED);
      await expectDoctor(p, "opencode", "guarded");
    });
  }
});
