// crontab: installing a crontab schedules commands the guard never sees.

import { flag, issue, none, optionItems } from "./common.ts";
import type { TableSpec } from "./expand.ts";

const CRONTAB: TableSpec = { names: ["crontab"], abbreviations: false, flags: "lrisT",
  options: { "-e": { modes: ["edit"] }, "-u": none, "-n": none, "-c": flag }, operands: { all: "read" },
  custom: (ctx) => {
    // Installing a crontab schedules commands the guard never sees, run later from $HOME.
    if (ctx.modes.has("edit") || ctx.operands.length || !optionItems(ctx, "-l", "-r", "-T", "-n", "-c").length) {
      issue(ctx, "OPAQUE_CODE", "crontab installs commands that run later, outside the guard's view");
    }
  } };

export const CRONTAB_SPECS: readonly TableSpec[] = [CRONTAB];
