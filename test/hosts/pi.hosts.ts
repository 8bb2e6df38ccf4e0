// pi, headless (`pi -p`) against the scripted model through a custom OpenAI-compatible
// provider in ~/.pi/agent/models.json (a home of its own), with and without the extension.
// Each run plays: bash `cat ../outside-secret.txt`, bash `ls`, read of the secret, write
// outside, bash `cd sub`, bash `pwd` (pi starts every bash call in a fresh shell from the
// session's cwd, so a `cd` never carries over), then timed `ls` calls. pi has no permission
// system of its own: the extension is all that stands in the way.

import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expectDoctor, expectFreshShell, expectOpeningGuarded, expectOpeningUnguarded, expectPlayedThrough, hostBin,
  hostEnv, makeProject, type Project, recordTiming, runHost, TIMED_CALLS } from "./support/harness.ts";
import { type ModelServer, type Step, startModelServer } from "./support/model-server.ts";

const servers: ModelServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

function steps(p: Project): Step[] {
  const timed = Array.from({ length: TIMED_CALLS }, () => ({ tool: "bash", input: { command: "ls sub" } }));
  return [{ tool: "bash", input: { command: "cat ../outside-secret.txt" } }, { tool: "bash", input: { command: "ls" } },
    { tool: "read", input: { path: p.secretPath } }, { tool: "write",
    input: { path: p.outsideWrite, content: "written from inside\n" } }, { tool: "bash", input: { command: "cd sub" } },
    { tool: "bash", input: { command: "pwd" } }, ...timed];
}
const TIMED = Array.from({ length: TIMED_CALLS }, (_, i) => 6 + i);

type Form = "none" | "pi install -l ./node_modules/shellfence" | ".pi/extensions file";

async function play(label: string, form: Form) {
  const p = makeProject(label);
  const server = await startModelServer(steps(p));
  servers.push(server);
  const agent = join(p.home, ".pi", "agent");
  mkdirSync(agent, { recursive: true });
  const models = {
    providers: {
      scripted: { baseUrl: `${server.url}/v1`, api: "openai-completions", apiKey: "scripted",
        compat: { supportsDeveloperRole: false, supportsReasoningEffort: false }, models: [{ id: "m" }] },
    },
  };
  writeFileSync(join(agent, "models.json"), JSON.stringify(models, null, 2));
  const env = hostEnv(p, { PI_OFFLINE: "1", PI_SKIP_VERSION_CHECK: "1", PI_TELEMETRY: "0" });
  // The control is a pi project too, with settings but no extension.
  if (form === "none") {
    mkdirSync(join(p.dir, ".pi"));
    writeFileSync(join(p.dir, ".pi", "settings.json"), "{}\n");
  }
  if (form === "pi install -l ./node_modules/shellfence") {
    const install = await runHost(hostBin("pi"), ["install", "-l", "./node_modules/shellfence"], p.dir, env, 60_000);
    expect(install.code, `pi install: ${install.stdout}\n${install.stderr}`).toBe(0);
  }
  if (form === ".pi/extensions file") {
    mkdirSync(join(p.dir, ".pi", "extensions"), { recursive: true });
    writeFileSync(join(p.dir, ".pi", "extensions", "shellfence.ts"), 'export { default } from "shellfence/pi";\n');
  }
  const run = await runHost(hostBin("pi"), ["-p", "--provider", "scripted", "--model", "m",
    "Follow the scripted steps."], p.dir, env);
  expectPlayedThrough("pi", run);
  return { p, server, run };
}

describe(`pi (${hostBin("pi")})`, () => {
  test("control: without the extension the outside read, read and write all happen", async () => {
    const { p, server } = await play("pi-control", "none");
    expectOpeningUnguarded(server, p);
    recordTiming("pi", "control (no guard)", server, TIMED);
    // The doctor sees a pi project with no guard in it.
    await expectDoctor(p, "pi", "unguarded");
  });

  for (const form of ["pi install -l ./node_modules/shellfence", ".pi/extensions file"] as const) {
    test(`guarded (${form}): the secret never reaches the model, inside work goes on`, async () => {
      const { p, server } = await play(`pi-${form.replace(/\W+/g, "-")}`, form);
      expectOpeningGuarded(server, p, { read: "read", write: "write" });
      expectFreshShell(server, p, 4);
      recordTiming("pi", form, server, TIMED);
      await expectDoctor(p, "pi", "guarded");
    });
  }
});
