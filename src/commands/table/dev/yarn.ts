// Yarn (classic and berry): its subcommands, its scripts and its `dlx`, judged as npm's are
// (node.ts holds what they share).

import { syntheticArg } from "../../apply.ts";
import type { OptionSpec } from "../../spec.ts";
import { chdir, type Custom, each, flag, hooks, localRole, none, optionItems, optionValues, read, roleAs, spanOf,
  write } from "../common.ts";
import type { TableSpec } from "../expand.ts";
import { info, projectCode } from "./code-options.ts";
import { everyWorkspacePackage, yarnWorkspace, yarnWorkspaces } from "./workspace-options.ts";
import { configDisclosures, inHome, manifestWrites, nodeInstall, PACK_EVENTS, packageOptions, packageScript,
  packageSpecs, projectEvents, PUBLISH_EVENTS, runsOperands, SCRIPT_RUN } from "./node.ts";

const YARN_GLOBAL: Record<string, OptionSpec> = {
  "--cwd": chdir,
  ...each(write, "--modules-folder", "--cache-folder", "--global-folder", "--link-folder"),
  ...each(none, "--mutex", "--network-timeout", "--registry", "--network-concurrency", "--emoji"),
  // (--mutex file:PATH is a lock file: judged in packageSpecs' company, below.)
  "--use-yarnrc": read,
  ...each(flag, "--silent", "-s", "--verbose", "--offline", "--prefer-offline", "--frozen-lockfile", "--immutable",
    "--immutable-cache", "--check-cache", "--ignore-engines", "--ignore-scripts", "--production", "--prod",
    "--non-interactive", "-W", "--ignore-workspace-root-check", "-D", "--dev", "-P", "--peer", "-O", "--optional", "-E",
    "--exact", "-T", "--tilde", "--json", "--force", "--pure-lockfile", "--no-lockfile", "--flat", "--inline-builds",
    "-A", "--all", "-p", "--parallel", "-i", "--interlaced", "-t", "--topological", "--topological-dev", "-v",
    "--version", "-h", "--help", "--mode", "--refresh-lockfile", "--no-default-rc"),
};
/** --mutex file:PATH takes a lock at PATH. */
const yarnMutex: Custom = (ctx) => {
  for (const v of optionValues(ctx, "--mutex")) {
    if (v.text === null || v.text.startsWith("file:")) roleAs(ctx, v, v.text === null ? "" : v.text.slice(5), "write");
  }
};
const yarnSub = (extra: Partial<TableSpec> = {}): TableSpec => ({ names: [], abbreviations: false, options: YARN_GLOBAL,
  operands: { all: "none" }, ...extra, custom: extra.custom ? hooks(yarnMutex, extra.custom) : yarnMutex });

/**
 * `yarn config set|unset|delete`: yarn 1 writes ~/.yarnrc (whose script-shell runs every
 * script); later yarns write the project's .yarnrc.yml, or ~/.yarnrc.yml with -H. Which yarn
 * this is is not known, so both.
 */
const yarnConfigWrites: Custom = (ctx) => {
  const verb = ctx.operands[0];
  if (!verb || (verb.text !== null && !/^(set|unset|delete)$/.test(verb.text))) return;
  if (optionItems(ctx, "-H", "--home").length) {
    ctx.role(inHome(ctx, ".yarnrc.yml"), "write");
    return;
  }
  ctx.role(syntheticArg(".yarnrc.yml", spanOf(ctx)), "write", ctx.start);
  ctx.role(inHome(ctx, ".yarnrc"), "write");
};

export const YARN: TableSpec = {
  names: ["yarn", "yarnpkg"],
  abbreviations: false,
  options: YARN_GLOBAL,
  operands: { all: "none" },
  subcommands: {
    config: yarnSub({ options: { ...YARN_GLOBAL, "-H": flag, "--home": flag, "-g": flag, "--global": flag },
      custom: hooks(yarnConfigWrites, configDisclosures([".yarnrc.yml", ".yarnrc", ".npmrc"])) }),
    install: yarnSub({
      custom: hooks(packageSpecs, nodeInstall, projectEvents("yarn install", ["install", "prepare"]),
        everyWorkspacePackage("yarn")),
    }),
    publish: yarnSub({ custom: hooks(packageSpecs, projectEvents("yarn publish", PUBLISH_EVENTS)) }),
    // yarn 1 runs preversion/version/postversion; later yarns' version plugin does not, which is the smaller set.
    version: yarnSub({
      custom: hooks(packageSpecs, projectEvents("yarn version", ["version"], Number.MAX_SAFE_INTEGER)),
    }),
    ...Object.fromEntries(
      ["add", "remove", "upgrade", "up", "upgrade-interactive", "dedupe", "why", "info", "list", "outdated", "audit",
        "unlink", "cache", "set", "bin", "constraints", "plugin", "patch", "patch-commit", "npm", "rebuild", "search",
        "stage", "unplug", "explain", "licenses", "generate-lock-entry", "check", "autoclean", "import", "policies",
        "team", "owner", "tag", "login", "logout", "global", "create"].map((
          n,
        ) => [n, yarnSub({ custom: hooks(packageSpecs, nodeInstall) })]),
    ),
    // yarn init writes package.json (yarn's own edit: manifestWrites).
    init: yarnSub({ custom: hooks(packageSpecs, nodeInstall, manifestWrites) }),
    // (What follows the script's name is the script's: `yarn run NAME --flag`.)
    run: yarnSub({ ...SCRIPT_RUN, style: "posix", custom: packageScript("yarn run", null) }),
    // yarn workspace NAME CMD, yarn workspaces foreach … CMD: run in the packages they select
    // (workspace-options.ts; the words after the package or the options are the command's).
    workspace: yarnSub({ style: "posix", custom: yarnWorkspace }),
    workspaces: yarnSub({ style: "posix", custom: yarnWorkspaces }),
    test: yarnSub({ ...SCRIPT_RUN, custom: packageScript("yarn run", "test") }),
    start: yarnSub({ ...SCRIPT_RUN, custom: packageScript("yarn run", "start") }),
    link: yarnSub({ custom: (ctx) => ctx.operands.forEach((a) => localRole(ctx, a, "read")) }),
    pack: yarnSub({ options: { ...YARN_GLOBAL, "--filename": write, "-o": write, "--out": write },
      custom: projectEvents("yarn pack", PACK_EVENTS) }),
    exec: yarnSub({ style: "posix", custom: runsOperands("yarn exec", 0, false) }),
    dlx: yarnSub({ style: "posix", options: { ...YARN_GLOBAL, "-p": none, "--package": none },
      custom: hooks(packageOptions(["-p", "--package"]), runsOperands("yarn dlx")) }),
    node: yarnSub({ style: "posix",
      custom: (ctx) =>
        ctx.emit({ t: "run",
          argv: [syntheticArg("node", ctx.items[0]?.word.span ?? { start: 0, end: 0 }), ...ctx.operands],
          inProcess: false, bypassFunctions: true, label: "yarn node" }) }),
  },
  // `yarn NAME` runs the project's script NAME; `yarn` alone installs.
  custom: hooks(yarnMutex, (ctx) => {
    if (!ctx.operands.length) {
      hooks(projectEvents("yarn install", ["install", "prepare"]), everyWorkspacePackage("yarn"))(ctx);
    }
  }),
  unknownSubcommand: "script",
  changes: projectCode,
};
