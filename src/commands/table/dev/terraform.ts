// terraform and its wrappers.

import type { OptionSpec, RoleSpec } from "../../spec.ts";
import { assignmentOptions, chdir, each, flag, hooks, issue, localRole, none, optionValues, read,
  write } from "../common.ts";
import type { TableSpec } from "../expand.ts";
import { projectCode } from "./code-options.ts";

const TERRAFORM_OPTIONS: Record<string, OptionSpec> = {
  ...each(read, "-var-file", "-plugin-dir", "-test-directory", "-config"),
  ...each(write, "-out", "-state", "-state-out", "-backup", "-generate-config-out"),
  ...each(none, "-var", "-target", "-replace", "-parallelism", "-lock-timeout", "-lockfile", "-filter", "-platform"),
  "-backend-config": none,
  "-from-module": none,
  ...each(flag, "-lock", "-input", "-auto-approve", "-refresh", "-refresh-only", "-json", "-no-color",
    "-compact-warnings", "-destroy", "-detailed-exitcode", "-upgrade", "-reconfigure", "-migrate-state", "-force-copy",
    "-get", "-check", "-diff", "-write", "-recursive", "-list", "-raw", "-allow-missing", "-ignore-remote-version",
    "-backend", "-force", "-verbose", "-no-tests", "-light"),
};
const tfSub = (operands: RoleSpec, extra: Partial<TableSpec> = {}): TableSpec => ({ names: [], goFlags: true,
  abbreviations: false, options: TERRAFORM_OPTIONS, operands: { all: operands },
  custom: assignmentOptions(["-backend-config"]), ...extra });

export const TERRAFORM: TableSpec = { names: ["terraform", "tofu", "terragrunt"], style: "posix", goFlags: true,
  abbreviations: false, options: { "-chdir": chdir, ...each(flag, "-help", "-version", "-v", "-h") },
  operands: { all: "none" },
  subcommands: {
    apply: tfSub("read"),
    show: tfSub("read"),
    fmt: tfSub({ default: "write", modes: { check: "read" } }, {
      options: { ...TERRAFORM_OPTIONS, "-check": { modes: ["check"] } },
    }),
    init: tfSub("none", { custom: hooks(assignmentOptions(["-backend-config"]), (ctx) => {
      for (const v of optionValues(ctx, "-from-module")) localRole(ctx, v, "read");
    }) }),
    providers: tfSub("none", { custom: (ctx) => {
      if (ctx.operands[0]?.text === "mirror") { for (const a of ctx.operands.slice(1)) ctx.role(a, "write"); }
    } }),
    // Expressions read from standard input may call file(), templatefile(), fileset() and the
    // like, which read any path: the guard does not evaluate them.
    console: tfSub("none", {
      custom: (ctx) =>
        issue(ctx, "OPAQUE_CODE", `${ctx.name} evaluates expressions from standard input, which may read any file`),
    }),
    state: tfSub("none", { custom: (ctx) => {
      if (ctx.operands[0]?.text === "push" && ctx.operands[1]) ctx.role(ctx.operands[1], "read");
    } }),
    ...Object.fromEntries(
      ["plan", "destroy", "validate", "output", "import", "workspace", "graph", "taint", "untaint", "refresh", "login",
        "logout", "force-unlock", "get", "test", "version", "metadata", "modules", "run-all"].map((
          n,
        ) => [n, tfSub("none")]),
    ),
  }, changes: projectCode };
